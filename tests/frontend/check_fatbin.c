/* check_fatbin.c -- frontend/ptx_fatbin.c on real nvcc 13 fatbinaries.
 *
 * The blobs in tests/data/fatbin come from builds of vadd.cu (see the
 * README there, which also says where the expected sizes and offsets below
 * come from).  The expected PTX text is vadd.ptx, nvcc's -ptx output,
 * minified the way fatbinary minifies it (comments dropped, blanks
 * squeezed), so it does not depend on the code under test.  Corrupt inputs
 * are made by editing copies of the blobs; each copy ends right before an
 * inaccessible page, so that a read past it crashes the test even without
 * a sanitizer.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "frontend/ptx_fatbin.h"
#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

typedef struct blob {
  uint8_t *data;
  size_t size;
} blob;

static blob load(const char *name)
{
  char rel[256];
  snprintf(rel, sizeof rel, "tests/data/fatbin/%s", name);
  FILE *f = fopen(test_path(rel), "rb");
  ck_assert_msg(f != NULL, "cannot open %s", rel);
  blob b = {NULL, 0};
  size_t cap = 0;
  for (;;) {
    if (b.size == cap) {
      cap = cap ? cap * 2 : 4096;
      b.data = realloc(b.data, cap);
      ck_assert_ptr_nonnull(b.data);
    }
    size_t got = fread(b.data + b.size, 1, cap - b.size, f);
    if (got == 0)
      break;
    b.size += got;
  }
  fclose(f);
  return b;
}

/* Bytes of inaccessible address space after a guarded copy: enough that
 * an offset read from a corrupted 16- or 20-bit field lands in it. */
#define GUARD_BYTES ((size_t)1 << 20)

static size_t guarded_span(size_t size)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return (size + page - 1) / page * page;
}

/* A copy of the first size bytes that ends where GUARD_BYTES of
 * inaccessible memory begin; free it with guarded_free(p, size). */
static uint8_t *guarded_copy(const blob *b, size_t size)
{
  size_t span = guarded_span(size);
  uint8_t *map = mmap(NULL, span + GUARD_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ck_assert(map != MAP_FAILED);
  ck_assert_int_eq(mprotect(map, span, PROT_READ | PROT_WRITE), 0);
  uint8_t *p = map + span - size;
  memcpy(p, b->data, size);
  return p;
}

static void guarded_free(uint8_t *p, size_t size)
{
  size_t span = guarded_span(size);
  ck_assert_int_eq(munmap(p + size - span, span + GUARD_BYTES), 0);
}

static void put32(uint8_t *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

/* vadd.ptx with // comments dropped, runs of blanks made one space and
 * blanks at line ends removed: what fatbinary embeds. */
static char *expected_ptx(void)
{
  blob b = load("vadd.ptx");
  char *out = malloc(b.size + 1), *o = out;
  ck_assert_ptr_nonnull(out);
  size_t i = 0;
  while (i < b.size) {
    size_t eol = i;
    while (eol < b.size && b.data[eol] != '\n')
      eol++;
    size_t keep = eol;
    for (size_t k = i; k + 1 < eol; k++)
      if (b.data[k] == '/' && b.data[k + 1] == '/') {
        keep = k;
        break;
      }
    char *line = o;
    bool is_space_pending = false;
    for (size_t k = i; k < keep; k++) {
      char c = (char)b.data[k];
      if (c == ' ' || c == '\t') {
        is_space_pending = o > line;
        continue;
      }
      if (is_space_pending)
        *o++ = ' ';
      is_space_pending = false;
      *o++ = c;
    }
    if (eol < b.size)
      *o++ = '\n';
    i = eol + 1;
  }
  *o = '\0';
  free(b.data);
  return out;
}

/* Parses a whole blob file, expecting success. */
static ptx_fatbin_entry *parse_ok(const blob *b, size_t *n)
{
  char err[256] = "";
  ptx_fatbin_entry *e = NULL;
  int rc = ptx_fatbin_parse(b->data, b->size, &e, n, err, sizeof err);
  ck_assert_msg(rc == 0, "parse failed (%d): %s", rc, err);
  return e;
}

static void check_entry(const ptx_fatbin_entry *e, unsigned kind, unsigned major, unsigned minor,
                        uint64_t flags, ptx_fatbin_codec codec, size_t payload_size,
                        size_t uncompressed_size, size_t offset)
{
  ck_assert_uint_eq(e->kind, kind);
  ck_assert_uint_eq(e->arch, 75);
  ck_assert_uint_eq(e->version_major, major);
  ck_assert_uint_eq(e->version_minor, minor);
  ck_assert_uint_eq(e->flags, flags);
  ck_assert_int_eq(e->codec, codec);
  ck_assert_uint_eq(e->payload_size, payload_size);
  ck_assert_uint_eq(e->uncompressed_size, uncompressed_size);
  ck_assert_uint_eq(e->offset, offset);
}

/* The registered container of an -arch=sm_75 build: the cubin, then the
 * PTX; sizes and offsets as read with od from the blobs (README). */
typedef struct container_vector {
  const char *file;
  uint64_t ptx_flags;
  ptx_fatbin_codec codec;
  size_t ptx_payload_size, ptx_uncompressed_size;
} container_vector;

static const container_vector containers[] = {
  {"zstd.fatbin", 0x8011, PTX_FATBIN_CODEC_ZSTD, 0x18d, 0x3cf},
  {"lz4.fatbin", 0x2011, PTX_FATBIN_CODEC_LZ4, 0x209, 0x3cf},
  {"plain.fatbin", 0x11, PTX_FATBIN_CODEC_NONE, 0x3d0, 0x3d0},
};

START_TEST(lists_entries)
{
  const container_vector *v = &containers[_i];
  blob b = load(v->file);
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  ck_assert_uint_eq(n, 2);
  check_entry(&e[0], PTX_FATBIN_KIND_ELF, 1, 8, 0x11, PTX_FATBIN_CODEC_NONE, 0xca8, 0xca8, 0x10);
  ck_assert_mem_eq(e[0].payload, "\x7f" "ELF", 4);
  ck_assert_ptr_eq(e[0].payload, b.data + 0x10 + 64);
  check_entry(&e[1], PTX_FATBIN_KIND_PTX, 9, 0, v->ptx_flags, v->codec, v->ptx_payload_size,
              v->ptx_uncompressed_size, 0xcf8);
  ck_assert_ptr_eq(e[1].payload, b.data + 0xcf8 + 80);
  free(e);
  free(b.data);
}
END_TEST

START_TEST(lists_compressed_cubin)
{
  /* --compress-mode=size compresses the cubin with zstd as well. */
  blob b = load("zstd_elf.fatbin");
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  ck_assert_uint_eq(n, 2);
  check_entry(&e[0], PTX_FATBIN_KIND_ELF, 1, 8, 0x8011, PTX_FATBIN_CODEC_ZSTD, 0x364, 0xca8, 0x10);
  check_entry(&e[1], PTX_FATBIN_KIND_PTX, 9, 0, 0x8011, PTX_FATBIN_CODEC_ZSTD, 0x183, 0x3cf, 0x3b8);
  free(e);
  free(b.data);
}
END_TEST

static const char *const ptx_blobs[] = {"zstd.fatbin", "lz4.fatbin", "plain.fatbin",
                                        "zstd_elf.fatbin"};

START_TEST(extracts_known_ptx)
{
  blob b = load(ptx_blobs[_i]);
  char *want = expected_ptx();
  char err[256] = "", *text = NULL;
  size_t len = 0;
  int rc = ptx_fatbin_ptx_for_arch(b.data, b.size, 75, &text, &len, err, sizeof err);
  ck_assert_msg(rc == 0, "%s: %s", ptx_blobs[_i], err);
  ck_assert_uint_eq(len, strlen(want));
  ck_assert_uint_eq(len, 974); /* the uncompressed size less its NUL */
  ck_assert_str_eq(text, want);
  ck_assert_ptr_nonnull(strstr(text, ".version 9.0\n"));
  ck_assert_ptr_nonnull(strstr(text, ".target sm_75\n"));
  ck_assert_ptr_nonnull(strstr(text, ".visible .entry _Z4vaddPKfS0_Pfi("));

  /* The text is usable: the front end parses it. */
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *m = NULL;
  rc = ptx_parse_string(text, len, ptx_blobs[_i], &d, &m);
  ck_assert_msg(rc == 0, "%s", ptx_diag_text(&d));
  ck_assert_uint_eq(m->n_funcs, 1);
  ck_assert(m->funcs[0]->is_entry);
  ck_assert_str_eq(m->funcs[0]->sym.name->str, "_Z4vaddPKfS0_Pfi");
  ck_assert_uint_eq(m->sm, 75);
  ptx_module_free(m);
  ptx_diag_free(&d);
  free(text);
  free(want);
  free(b.data);
}
END_TEST

START_TEST(reads_several_containers)
{
  /* A whole .nv_fatbin section: a cubin-only container (version-2
   * wrapper), then the registered one. */
  blob b = load("zstd.nv_fatbin");
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  ck_assert_uint_eq(n, 3);
  check_entry(&e[0], PTX_FATBIN_KIND_ELF, 1, 8, 0x11, PTX_FATBIN_CODEC_NONE, 0x5a8, 0x5a8, 0x10);
  check_entry(&e[1], PTX_FATBIN_KIND_ELF, 1, 8, 0x11, PTX_FATBIN_CODEC_NONE, 0xca8, 0xca8, 0x608);
  check_entry(&e[2], PTX_FATBIN_KIND_PTX, 9, 0, 0x8011, PTX_FATBIN_CODEC_ZSTD, 0x18d, 0x3cf, 0x12f0);
  free(e);
  free(b.data);

  /* An empty container, then one with PTX for three archs. */
  b = load("multi_ptx.nv_fatbin");
  e = parse_ok(&b, &n);
  ck_assert_uint_eq(n, 3);
  static const unsigned archs[] = {75, 80, 90};
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_eq(e[i].kind, PTX_FATBIN_KIND_PTX);
    ck_assert_uint_eq(e[i].arch, archs[i]);
    ck_assert_int_eq(e[i].codec, PTX_FATBIN_CODEC_ZSTD);
  }
  free(e);
  free(b.data);
}
END_TEST

START_TEST(skips_padding_between_containers)
{
  blob b = load("zstd.fatbin");
  size_t size = 8 + b.size + 5 + b.size + 3;
  uint8_t *p = calloc(1, size);
  ck_assert_ptr_nonnull(p);
  memcpy(p + 8, b.data, b.size);
  memcpy(p + 8 + b.size + 5, b.data, b.size);
  char err[256] = "";
  ptx_fatbin_entry *e;
  size_t n;
  ck_assert_int_eq(ptx_fatbin_parse(p, size, &e, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n, 4);
  ck_assert_uint_eq(e[3].offset, 8 + b.size + 5 + 0xcf8);
  free(e);
  /* Only padding: no container. */
  ck_assert_int_eq(ptx_fatbin_parse(p, 8, &e, &n, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "no fatbinary container"));
  free(p);
  free(b.data);
}
END_TEST

START_TEST(follows_the_wrapper)
{
  blob b = load("zstd.fatbin");
  ptx_fatbin_wrapper w = {PTX_FATBIN_WRAPPER_MAGIC, 1, b.data, NULL};
  char err[256] = "";
  ptx_fatbin_entry *e;
  size_t n;
  /* As from __cudaRegisterFatBinary: no size known. */
  ck_assert_int_eq(ptx_fatbin_parse(&w, SIZE_MAX, &e, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n, 2);
  ck_assert_ptr_eq(e[1].payload, b.data + 0xcf8 + 80);
  ck_assert_uint_eq(e[1].offset, 0xcf8); /* from the container */
  free(e);
  ck_assert_int_eq(ptx_fatbin_parse(&w, sizeof w, &e, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n, 2);
  free(e);
  /* A bare container with an unknown size: only that container is read. */
  ck_assert_int_eq(ptx_fatbin_parse(b.data, SIZE_MAX, &e, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n, 2);
  free(e);
  char *text;
  size_t len;
  ck_assert_int_eq(ptx_fatbin_ptx_for_arch(&w, SIZE_MAX, 75, &text, &len, err, sizeof err), 0);
  ck_assert_uint_eq(len, 974);
  free(text);

  ck_assert_int_eq(ptx_fatbin_parse(&w, sizeof w - 1, &e, &n, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "truncated fatbinary wrapper"));
  w.version = 3;
  ck_assert_int_eq(ptx_fatbin_parse(&w, SIZE_MAX, &e, &n, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "wrapper version 3"));
  w.version = 2;
  w.data = NULL;
  ck_assert_int_eq(ptx_fatbin_parse(&w, SIZE_MAX, &e, &n, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_null(e);
  ck_assert_uint_eq(n, 0);
  free(b.data);
}
END_TEST

/* target_arch -> the arch of the PTX chosen from multi_ptx.nv_fatbin
 * (PTX for 75, 80 and 90): the highest not above, else the lowest. */
static const unsigned select_vectors[][2] = {
  {75, 75}, {80, 80}, {86, 80}, {89, 80}, {90, 90}, {100, 90}, {120, 90}, {70, 75}, {52, 75},
};

START_TEST(selects_by_arch)
{
  blob b = load("multi_ptx.nv_fatbin");
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  unsigned target = select_vectors[_i][0], want = select_vectors[_i][1];
  char err[256] = "";
  int i = ptx_fatbin_select_ptx(e, n, target, err, sizeof err);
  ck_assert_msg(i >= 0, "%s", err);
  ck_assert_uint_eq(e[i].arch, want);
  /* The header's arch agrees with the text's .target. */
  char *text;
  size_t len;
  ck_assert_int_eq(ptx_fatbin_extract_ptx(&e[i], &text, &len, err, sizeof err), 0);
  char target_line[32];
  snprintf(target_line, sizeof target_line, "\n.target sm_%u\n", want);
  ck_assert_msg(strstr(text, target_line) != NULL, "no '%s'", target_line + 1);
  free(text);
  free(e);
  free(b.data);
}
END_TEST

START_TEST(selection_ties_and_kinds)
{
  ptx_fatbin_entry e[4] = {{.kind = PTX_FATBIN_KIND_ELF, .arch = 75},
                           {.kind = PTX_FATBIN_KIND_PTX, .arch = 70},
                           {.kind = PTX_FATBIN_KIND_PTX, .arch = 70},
                           {.kind = 0x40, .arch = 75}};
  char err[256];
  ck_assert_int_eq(ptx_fatbin_select_ptx(e, 4, 75, err, sizeof err), 1); /* first of equals */
  ck_assert_int_eq(ptx_fatbin_select_ptx(e, 4, 60, err, sizeof err), 1);
  ck_assert_int_eq(ptx_fatbin_select_ptx(e, 1, 75, err, sizeof err), PTX_ENOTFOUND);
  ck_assert_int_eq(ptx_fatbin_select_ptx(NULL, 1, 75, err, sizeof err), PTX_EINVAL);
}
END_TEST

START_TEST(explains_missing_ptx)
{
  blob b = load("sass_only.fatbin");
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  ck_assert_uint_eq(n, 1);
  ck_assert_uint_eq(e[0].kind, PTX_FATBIN_KIND_ELF);
  char err[256] = "";
  ck_assert_int_eq(ptx_fatbin_select_ptx(e, n, 80, err, sizeof err), PTX_ENOTFOUND);
  ck_assert_str_eq(err, "the executable has no PTX for its kernels (only SASS for sm_75); "
                        "rebuild with -gencode arch=compute_75,code=compute_75");
  char *text = (char *)"x";
  size_t len = 1;
  err[0] = '\0';
  ck_assert_int_eq(ptx_fatbin_ptx_for_arch(b.data, b.size, 75, &text, &len, err, sizeof err),
                   PTX_ENOTFOUND);
  ck_assert_ptr_null(text);
  ck_assert_ptr_nonnull(strstr(err, "only SASS for sm_75"));
  free(e);
  free(b.data);

  /* Several SASS archs: all named, the one nearest the target suggested. */
  ptx_fatbin_entry elf[3] = {{.kind = PTX_FATBIN_KIND_ELF, .arch = 86},
                             {.kind = PTX_FATBIN_KIND_ELF, .arch = 75},
                             {.kind = PTX_FATBIN_KIND_ELF, .arch = 86}};
  ck_assert_int_eq(ptx_fatbin_select_ptx(elf, 3, 80, err, sizeof err), PTX_ENOTFOUND);
  ck_assert_str_eq(err, "the executable has no PTX for its kernels (only SASS for sm_75, sm_86); "
                        "rebuild with -gencode arch=compute_75,code=compute_75");
  ck_assert_int_eq(ptx_fatbin_select_ptx(elf, 0, 80, err, sizeof err), PTX_ENOTFOUND);
  ck_assert_ptr_nonnull(strstr(err, "neither PTX nor SASS"));
  ck_assert_ptr_nonnull(strstr(err, "arch=compute_80,code=compute_80"));
}
END_TEST

/* Offsets in zstd.fatbin / lz4.fatbin / plain.fatbin. */
enum { PTX_ENTRY = 0xcf8 };

/* Parses an edited copy; returns rc and leaves the message in err. */
static int parse_edit(const uint8_t *p, size_t size, char *err, size_t errlen)
{
  ptx_fatbin_entry *e = NULL;
  size_t n = 99;
  int rc = ptx_fatbin_parse(p, size, &e, &n, err, errlen);
  if (rc) {
    ck_assert_ptr_null(e);
    ck_assert_uint_eq(n, 0);
  }
  free(e);
  return rc;
}

START_TEST(rejects_bad_containers)
{
  blob b = load("zstd.fatbin");
  char err[256];
  uint8_t *p = guarded_copy(&b, b.size);

  p[0] ^= 0xff;
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "magic"));
  p[0] ^= 0xff;

  p[4] = 2; /* container version */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "version 2"));
  p[4] = 1;

  put64(p + 8, b.size); /* the container claims 16 bytes more than there are */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "run past"));
  put64(p + 8, b.size - 16);

  put64(p + PTX_ENTRY + 8, 0x1000); /* the PTX payload runs past the container */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "runs past the end of its container"));
  put64(p + PTX_ENTRY + 8, 0x190);

  put32(p + PTX_ENTRY + 4, 0); /* header size 0 would loop for ever */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "bad header size 0"));
  put32(p + PTX_ENTRY + 4, 0x10000);
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  put32(p + PTX_ENTRY + 4, 80);

  put32(p + PTX_ENTRY + 16, 0x191); /* compressed size above the payload's */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "compressed size 401"));
  put32(p + PTX_ENTRY + 16, 0);
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  put32(p + PTX_ENTRY + 16, 0x18d);

  put64(p + PTX_ENTRY + 40, 0xa011); /* both codecs */
  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(err, "both LZ4 and zstd"));
  put64(p + PTX_ENTRY + 40, 0x8011);

  ck_assert_int_eq(parse_edit(p, b.size, err, sizeof err), 0); /* all undone */
  guarded_free(p, b.size);

  /* Every truncation of a container fails cleanly. */
  for (size_t size = 0; size < b.size; size++) {
    p = guarded_copy(&b, size);
    ck_assert_int_eq(parse_edit(p, size, err, sizeof err), PTX_EPARSE);
    guarded_free(p, size);
  }

  /* Bad arguments. */
  ptx_fatbin_entry *e;
  size_t n;
  ck_assert_int_eq(ptx_fatbin_parse(NULL, 16, &e, &n, err, sizeof err), PTX_EINVAL);
  ck_assert_int_eq(ptx_fatbin_parse(b.data, b.size, NULL, &n, NULL, 0), PTX_EINVAL);
  free(b.data);
}
END_TEST

/* Extracts the PTX (entry 1) of an edited copy of file; returns rc and
 * leaves the message in err. */
typedef void edit_fn(uint8_t *p);
static int extract_edit(const char *file, edit_fn *edit, char *err, size_t errlen)
{
  blob b = load(file);
  uint8_t *p = guarded_copy(&b, b.size);
  edit(p);
  ptx_fatbin_entry *e;
  size_t n;
  int rc = ptx_fatbin_parse(p, b.size, &e, &n, err, errlen);
  if (rc == 0) {
    ck_assert_uint_eq(n, 2);
    char *text = (char *)"x";
    size_t len = 1;
    rc = ptx_fatbin_extract_ptx(&e[1], &text, &len, err, errlen);
    if (rc)
      ck_assert_ptr_null(text);
    free(text);
    free(e);
  }
  guarded_free(p, b.size);
  free(b.data);
  return rc;
}

static uint8_t *payload(uint8_t *p)
{
  return p + PTX_ENTRY + 80;
}
static void zstd_bad_magic(uint8_t *p)
{
  payload(p)[0] ^= 0xff;
}
static void zstd_truncated(uint8_t *p)
{
  put32(p + PTX_ENTRY + 16, 0x18d - 40);
}
static void zstd_bad_block(uint8_t *p)
{
  /* After magic, descriptor and a 2-byte content size: the first block
   * header, made a reserved block type. */
  memset(payload(p) + 7, 0xff, 8);
}
static void zstd_size_plus(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, 0x3cf + 1);
}
static void zstd_size_minus(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, 0x3cf - 1);
}
static void zstd_size_huge(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, UINT64_C(1) << 40);
}
static void lz4_garbage(uint8_t *p)
{
  memset(payload(p), 0xff, 0x209);
}
static void lz4_truncated(uint8_t *p)
{
  put32(p + PTX_ENTRY + 16, 0x209 - 16);
}
static void lz4_bad_offset(uint8_t *p)
{
  /* The first sequence: token 0x13, one literal, then a match offset; an
   * offset reaching before the output start is corrupt. */
  payload(p)[2] = 0xff;
  payload(p)[3] = 0x7f;
}
static void lz4_size_plus(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, 0x3cf + 1);
}
static void lz4_size_minus(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, 0x3cf - 1);
}
static void lz4_size_huge(uint8_t *p)
{
  put64(p + PTX_ENTRY + 56, 0x209 * 300);
}
static void plain_inner_nul(uint8_t *p)
{
  payload(p)[100] = 0;
}
static void no_edit(uint8_t *p)
{
  (void)p;
}

typedef struct corrupt_vector {
  const char *file;
  edit_fn *edit;
  int rc;
  const char *message; /* a part of the error text */
} corrupt_vector;

static const corrupt_vector corrupt[] = {
  {"zstd.fatbin", zstd_bad_magic, PTX_EPARSE, "corrupt zstd data"},
  {"zstd.fatbin", zstd_truncated, PTX_EPARSE, "corrupt zstd data"},
  {"zstd.fatbin", zstd_bad_block, PTX_EPARSE, "corrupt zstd data"},
  {"zstd.fatbin", zstd_size_plus, PTX_EPARSE, "zstd frame holds 975 bytes, not the 976"},
  {"zstd.fatbin", zstd_size_minus, PTX_EPARSE, "zstd frame holds 975 bytes, not the 974"},
  {"zstd.fatbin", zstd_size_huge, PTX_EPARSE, "more than"},
  {"lz4.fatbin", lz4_garbage, PTX_EPARSE, "corrupt LZ4 data"},
  {"lz4.fatbin", lz4_truncated, PTX_EPARSE, "LZ4"},
  {"lz4.fatbin", lz4_bad_offset, PTX_EPARSE, "corrupt LZ4 data"},
  {"lz4.fatbin", lz4_size_plus, PTX_EPARSE, "LZ4 data holds 975 bytes, not the 976"},
  {"lz4.fatbin", lz4_size_minus, PTX_EPARSE, "corrupt LZ4 data"},
  {"lz4.fatbin", lz4_size_huge, PTX_EPARSE, "more than LZ4 can hold"},
  {"plain.fatbin", plain_inner_nul, PTX_EPARSE, "holds a NUL at byte 100"},
  {"plain.fatbin", no_edit, 0, ""},
};

START_TEST(rejects_corrupt_payloads)
{
  const corrupt_vector *v = &corrupt[_i];
  char err[256] = "";
  int rc = extract_edit(v->file, v->edit, err, sizeof err);
  ck_assert_msg(rc == v->rc, "vector %d: rc %d (%s)", _i, rc, err);
  ck_assert_msg(strstr(err, v->message) != NULL, "vector %d: '%s' lacks '%s'", _i, err,
                v->message);
}
END_TEST

START_TEST(extract_wants_ptx)
{
  blob b = load("zstd.fatbin");
  size_t n;
  ptx_fatbin_entry *e = parse_ok(&b, &n);
  char err[256], *text = (char *)"x";
  size_t len = 1;
  ck_assert_int_eq(ptx_fatbin_extract_ptx(&e[0], &text, &len, err, sizeof err), PTX_EINVAL);
  ck_assert_ptr_null(text);
  ck_assert_ptr_nonnull(strstr(err, "not PTX"));
  ck_assert_int_eq(ptx_fatbin_extract_ptx(NULL, &text, &len, err, sizeof err), PTX_EINVAL);
  ck_assert_int_eq(ptx_fatbin_extract_ptx(&e[1], NULL, &len, NULL, 0), PTX_EINVAL);
  free(e);
  free(b.data);
}
END_TEST

/* Every single-byte change to a container, parsed and extracted with its
 * exact size: any result but a crash (or a leak, under a sanitizer). */
static const char *const sweep_blobs[] = {"zstd.fatbin", "lz4.fatbin", "plain.fatbin"};

START_TEST(survives_every_byte_flip)
{
  blob b = load(sweep_blobs[_i]);
  char err[256];
  unsigned n_ok = 0;
  for (size_t at = 0; at < b.size; at++) {
    uint8_t *p = guarded_copy(&b, b.size);
    p[at] ^= 0xa5;
    ptx_fatbin_entry *e;
    size_t n;
    if (ptx_fatbin_parse(p, b.size, &e, &n, err, sizeof err) == 0) {
      for (size_t i = 0; i < n; i++) {
        char *text;
        size_t len;
        int rc = ptx_fatbin_extract_ptx(&e[i], &text, &len, err, sizeof err);
        ck_assert(rc == 0 || rc == PTX_EPARSE || rc == PTX_EINVAL);
        ck_assert(rc == 0 ? text != NULL && strlen(text) == len : text == NULL);
        n_ok += rc == 0;
        free(text);
      }
      free(e);
    }
    guarded_free(p, b.size);
  }
  ck_assert_uint_gt(n_ok, 0); /* flips in the text itself still extract */
  free(b.data);
}
END_TEST

static Suite *fatbin_suite(void)
{
  Suite *s = suite_create("fatbin");
  TCase *tc = tcase_create("entries");
  tcase_add_loop_test(tc, lists_entries, 0, (int)PTX_ARRAY_SIZE(containers));
  tcase_add_test(tc, lists_compressed_cubin);
  tcase_add_test(tc, reads_several_containers);
  tcase_add_test(tc, skips_padding_between_containers);
  tcase_add_test(tc, follows_the_wrapper);
  suite_add_tcase(s, tc);

  tc = tcase_create("text");
  tcase_add_loop_test(tc, extracts_known_ptx, 0, (int)PTX_ARRAY_SIZE(ptx_blobs));
  tcase_add_test(tc, extract_wants_ptx);
  suite_add_tcase(s, tc);

  tc = tcase_create("selection");
  tcase_add_loop_test(tc, selects_by_arch, 0, (int)PTX_ARRAY_SIZE(select_vectors));
  tcase_add_test(tc, selection_ties_and_kinds);
  tcase_add_test(tc, explains_missing_ptx);
  suite_add_tcase(s, tc);

  tc = tcase_create("corrupt");
  tcase_add_test(tc, rejects_bad_containers);
  tcase_add_loop_test(tc, rejects_corrupt_payloads, 0, (int)PTX_ARRAY_SIZE(corrupt));
  tcase_add_loop_test(tc, survives_every_byte_flip, 0, (int)PTX_ARRAY_SIZE(sweep_blobs));
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(fatbin_suite());
}
