/* fuzz_fatbin.c -- libFuzzer target for the fatbinary reader and the ELF
 * inspector of `ptxsim exec`.
 *
 * The input is a file's bytes: a .nv_fatbin section, a registered
 * container, or an executable.  Any input must be read or refused with a
 * message, never a crash, a hang or a leak (ASan and UBSan watch), and
 * what is read must hold together:
 *   - every entry and its payload lie inside the input;
 *   - the PTX chosen for a GPU is a PTX entry, and "no PTX" is said only
 *     when there is none;
 *   - extracted text has the length reported and no NUL inside;
 *   - the one-call ptx_fatbin_ptx_for_arch gives what the three steps give;
 *   - a container read through a registration wrapper (size unknown, the
 *     header trusted) lists the same entries as the same bytes with their
 *     size known.
 * An input that starts with the wrapper magic is a wrapper whose data
 * pointer the harness sets to the bytes after the magic and version (a
 * wrapper's pointer comes from the program, not from a file).
 * Build with `make fuzz` (needs clang); run as in tests/fuzz/README.
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_fatbin.h"
#include "src/exec_elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Extraction decompresses; a few entries are enough to reach every path.
 * A header may claim up to 1 GiB of PTX, which the reader allocates; under
 * ASan that costs a shadow memset of 128 MiB per input, so larger claims
 * are only parsed, not extracted (the size checks are in the parse and
 * the first lines of extraction, which small claims reach too). */
enum { MAX_EXTRACT = 8 };
#define MAX_EXTRACT_BYTES ((size_t)1 << 22)

#define CHECK(cond)                                                                \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "fuzz_fatbin: %s:%d: invariant failed: %s\n", __FILE__,     \
              __LINE__, #cond);                                                    \
      abort();                                                                     \
    }                                                                              \
  } while (0)

static uint64_t le(const uint8_t *p, int n)
{
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Bytes of the container at data when its header's sizes fit in size;
 * 0 otherwise.  Only then may it be read with its size unknown. */
static size_t container_size(const uint8_t *data, size_t size)
{
  if (size < 16 || le(data, 4) != PTX_FATBIN_CONTAINER_MAGIC)
    return 0;
  uint64_t header = le(data + 6, 2), entries = le(data + 8, 8);
  if (header > size || entries > size - header)
    return 0;
  return (size_t)(header + entries);
}

static bool is_err_set(const char *err)
{
  return err[0] != '\0';
}

static void check_text(const ptx_fatbin_entry *e, const char *text, size_t len)
{
  CHECK(text != NULL);
  CHECK(strlen(text) == len);
  CHECK(len <= e->uncompressed_size);
}

/* Checks the entries of a successful parse of [data, data + size). */
static void check_entries(const uint8_t *data, size_t size, const ptx_fatbin_entry *v, size_t n)
{
  CHECK((v == NULL) == (n == 0));
  size_t n_ptx = 0;
  for (size_t i = 0; i < n; i++) {
    const ptx_fatbin_entry *e = &v[i];
    CHECK(e->offset < size);
    CHECK(e->payload >= data && e->payload <= data + size);
    CHECK(e->payload_size <= (size_t)(data + size - e->payload));
    CHECK(e->codec == PTX_FATBIN_CODEC_NONE ? e->uncompressed_size == e->payload_size
                                            : e->payload_size > 0);
    if (e->kind == PTX_FATBIN_KIND_PTX)
      n_ptx++;
  }
  static const unsigned archs[] = {0, 75, 90, UINT_MAX};
  for (size_t a = 0; a < sizeof archs / sizeof archs[0]; a++) {
    char err[256] = "";
    int i = ptx_fatbin_select_ptx(v, n, archs[a], err, sizeof err);
    if (n_ptx == 0) {
      CHECK(i == PTX_ENOTFOUND && is_err_set(err));
      continue;
    }
    CHECK(i >= 0 && (size_t)i < n && v[i].kind == PTX_FATBIN_KIND_PTX);
    for (size_t k = 0; k < n; k++) /* no PTX entry suits the GPU better */
      if (v[k].kind == PTX_FATBIN_KIND_PTX && v[k].arch <= archs[a])
        CHECK(v[i].arch <= archs[a] && v[i].arch >= v[k].arch);
  }
  size_t n_done = 0;
  for (size_t i = 0; i < n && n_done < MAX_EXTRACT; i++) {
    char err[256] = "";
    char *text = NULL;
    size_t len = 123;
    if (v[i].kind == PTX_FATBIN_KIND_PTX && v[i].uncompressed_size > MAX_EXTRACT_BYTES)
      continue;
    int rc = ptx_fatbin_extract_ptx(&v[i], &text, &len, err, sizeof err);
    if (v[i].kind != PTX_FATBIN_KIND_PTX) {
      CHECK(rc == PTX_EINVAL && text == NULL && is_err_set(err));
      continue;
    }
    n_done++;
    if (rc == 0)
      check_text(&v[i], text, len);
    else
      CHECK((rc == PTX_EPARSE || rc == PTX_ENOMEM) && text == NULL && len == 0 &&
            is_err_set(err));
    free(text);
  }
}

/* The three steps against the one call, for a GPU of arch. */
static void check_one_call(const void *data, size_t avail, const ptx_fatbin_entry *v, size_t n,
                           unsigned arch)
{
  char err[256] = "", err2[256] = "";
  char *text = NULL, *text2 = NULL;
  size_t len = 0, len2 = 0;
  int i = ptx_fatbin_select_ptx(v, n, arch, err2, sizeof err2);
  if (i >= 0 && v[i].uncompressed_size > MAX_EXTRACT_BYTES)
    return;
  int rc = ptx_fatbin_ptx_for_arch(data, avail, arch, &text, &len, err, sizeof err);
  int rc2 = i < 0 ? i : ptx_fatbin_extract_ptx(&v[i], &text2, &len2, err2, sizeof err2);
  CHECK(rc == rc2);
  CHECK(strcmp(err, err2) == 0);
  CHECK(len == len2);
  CHECK((text == NULL) == (text2 == NULL));
  if (text)
    CHECK(memcmp(text, text2, len) == 0);
  free(text);
  free(text2);
}

/* The container at data (csize bytes, checked to fit) through a wrapper. */
static void check_wrapper(const uint8_t *data, size_t csize, uint32_t version)
{
  ptx_fatbin_wrapper w = {PTX_FATBIN_WRAPPER_MAGIC, version, data, NULL};
  ptx_fatbin_entry *v = NULL, *v2 = NULL;
  size_t n = 0, n2 = 0;
  char err[256] = "", err2[256] = "";
  int rc = ptx_fatbin_parse(&w, SIZE_MAX, &v, &n, err, sizeof err);
  if (version != 1 && version != 2) {
    CHECK(rc == PTX_EPARSE && v == NULL && is_err_set(err));
    return;
  }
  int rc2 = ptx_fatbin_parse(data, csize, &v2, &n2, err2, sizeof err2);
  CHECK(rc == rc2);
  CHECK(n == n2);
  if (rc == 0) {
    for (size_t i = 0; i < n; i++)
      CHECK(v[i].offset == v2[i].offset && v[i].payload == v2[i].payload &&
            v[i].payload_size == v2[i].payload_size && v[i].kind == v2[i].kind);
    check_one_call(&w, SIZE_MAX, v, n, 75);
  } else {
    CHECK(v == NULL && is_err_set(err));
  }
  free(v);
  free(v2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size >= 8 && le(data, 4) == PTX_FATBIN_WRAPPER_MAGIC) {
    size_t csize = container_size(data + 8, size - 8);
    if (csize)
      check_wrapper(data + 8, csize, (uint32_t)le(data + 4, 4));
    return 0;
  }
  ptx_fatbin_entry *v = NULL;
  size_t n = 7;
  char err[256] = "";
  int rc = ptx_fatbin_parse(data, size, &v, &n, err, sizeof err);
  if (rc == 0) {
    check_entries(data, size, v, n);
    check_one_call(data, size, v, n, 75);
  } else {
    CHECK((rc == PTX_EPARSE || rc == PTX_ENOMEM) && v == NULL && n == 0 && is_err_set(err));
  }
  free(v);
  size_t csize = container_size(data, size);
  if (csize)
    check_wrapper(data, csize, 1);

  exec_elf_info info;
  exec_elf_inspect_bytes(data, size, &info);
  CHECK(info.is_elf64_le || (!info.has_fatbin && !info.has_rpath && info.cudart_major == 0));
  CHECK(memchr(info.asan_runtime, '\0', sizeof info.asan_runtime) != NULL);
  return 0;
}
