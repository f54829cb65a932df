/* ptx_fatbin.c -- CUDA fatbinary containers: entries, PTX choice,
 * decompression (see ptx_fatbin.h).
 *
 * Fields are read byte by byte as little-endian, so neither the host's byte
 * order nor the alignment of the caller's bytes matters.  All bounds checks
 * are done on offsets from the start of the parsed bytes, never by forming
 * pointers past them, which also works when the size is unknown (SIZE_MAX).
 */
#include "frontend/ptx_fatbin.h"

#include <limits.h>
#include <lz4.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "frontend/ptx_diag.h"

/* Container header: u32 magic, u16 version, u16 header size, u64 size of
 * the entries that follow the header. */
enum { FB_CONTAINER_MIN_HEADER = 16, FB_CONTAINER_VERSION = 1 };

/* Entry header field offsets.  The header is at least 64 bytes; PTX entries
 * have 72 (older toolkits) or 80, the extra bytes locating ptxas options. */
enum {
  FB_E_KIND = 0,               /* u16 */
  FB_E_HEADER_SIZE = 4,        /* u32: where the payload starts */
  FB_E_PAYLOAD_SIZE = 8,       /* u64: payload bytes, padded to 8 */
  FB_E_COMPRESSED_SIZE = 16,   /* u32: 0 unless compressed */
  FB_E_MINOR = 24,             /* u16 */
  FB_E_MAJOR = 26,             /* u16 */
  FB_E_ARCH = 28,              /* u32 */
  FB_E_FLAGS = 40,             /* u64 */
  FB_E_UNCOMPRESSED_SIZE = 56, /* u64: 0 unless compressed */
  FB_E_MIN_HEADER = 64
};

/* Real PTX is megabytes at most; a larger claim is corrupt data, and
 * refusing it keeps a lying header from asking for a huge allocation. */
#define FB_MAX_TEXT ((size_t)1 << 30)

static uint16_t rd16(const uint8_t *p)
{
  return (uint16_t)(p[0] | (unsigned)p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
  return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void PTX_PRINTF(3, 4) fb_error(char *err, size_t errlen, const char *fmt, ...)
{
  if (!err || errlen == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

typedef struct fb_list {
  ptx_fatbin_entry *v;
  size_t n, cap;
} fb_list;

static int fb_push(fb_list *l, const ptx_fatbin_entry *e)
{
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 8;
    if (cap > SIZE_MAX / sizeof *l->v)
      return PTX_ENOMEM;
    ptx_fatbin_entry *v = realloc(l->v, cap * sizeof *v);
    if (!v)
      return PTX_ENOMEM;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = *e;
  return 0;
}

/* Reads the entry whose header is at base + pos and must end by end. */
static int parse_entry(const uint8_t *base, size_t pos, size_t end, ptx_fatbin_entry *e,
                       size_t *next, char *err, size_t errlen)
{
  if (end - pos < FB_E_MIN_HEADER) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: its header runs past the end of its container",
             pos);
    return PTX_EPARSE;
  }
  const uint8_t *h = base + pos;
  uint32_t header_size = rd32(h + FB_E_HEADER_SIZE);
  uint64_t payload_size = rd64(h + FB_E_PAYLOAD_SIZE);
  if (header_size < FB_E_MIN_HEADER || header_size > end - pos) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: bad header size %u", pos, header_size);
    return PTX_EPARSE;
  }
  if (payload_size > end - pos - header_size) {
    fb_error(err, errlen,
             "fatbinary entry at offset 0x%zx: its %llu-byte payload runs past the end of its "
             "container",
             pos, (unsigned long long)payload_size);
    return PTX_EPARSE;
  }
  memset(e, 0, sizeof *e);
  e->kind = rd16(h + FB_E_KIND);
  e->arch = rd32(h + FB_E_ARCH);
  e->version_major = rd16(h + FB_E_MAJOR);
  e->version_minor = rd16(h + FB_E_MINOR);
  e->flags = rd64(h + FB_E_FLAGS);
  e->payload = h + header_size;
  e->payload_size = (size_t)payload_size;
  e->uncompressed_size = (size_t)payload_size;
  e->offset = pos;
  bool is_lz4 = (e->flags & PTX_FATBIN_FLAG_LZ4) != 0;
  bool is_zstd = (e->flags & PTX_FATBIN_FLAG_ZSTD) != 0;
  if (is_lz4 && is_zstd) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: flags 0x%llx ask for both LZ4 and zstd",
             pos, (unsigned long long)e->flags);
    return PTX_EPARSE;
  }
  if (is_lz4 || is_zstd) {
    uint32_t compressed = rd32(h + FB_E_COMPRESSED_SIZE);
    uint64_t uncompressed = rd64(h + FB_E_UNCOMPRESSED_SIZE);
    if (compressed == 0 || compressed > payload_size) {
      fb_error(err, errlen,
               "fatbinary entry at offset 0x%zx: compressed size %u does not fit its %llu-byte "
               "payload",
               pos, compressed, (unsigned long long)payload_size);
      return PTX_EPARSE;
    }
    e->codec = is_lz4 ? PTX_FATBIN_CODEC_LZ4 : PTX_FATBIN_CODEC_ZSTD;
    e->payload_size = compressed;
    /* Larger than size_t can hold only on 32-bit hosts; saturate so that
     * extraction refuses it as too large. */
    e->uncompressed_size = uncompressed > SIZE_MAX ? SIZE_MAX : (size_t)uncompressed;
  }
  *next = pos + header_size + (size_t)payload_size;
  return 0;
}

/* Reads the container at base + off; avail bytes from base may be read.
 * *next is the offset just past it. */
static int parse_container(const uint8_t *base, size_t off, size_t avail, fb_list *list,
                           size_t *next, char *err, size_t errlen)
{
  if (avail - off < FB_CONTAINER_MIN_HEADER) {
    fb_error(err, errlen,
             "fatbinary container at offset 0x%zx: truncated header (%zu bytes, need %d)", off,
             avail - off, FB_CONTAINER_MIN_HEADER);
    return PTX_EPARSE;
  }
  const uint8_t *h = base + off;
  uint32_t magic = rd32(h);
  if (magic != PTX_FATBIN_CONTAINER_MAGIC) {
    fb_error(err, errlen,
             "no fatbinary container at offset 0x%zx (magic 0x%08x, expected 0x%08x)", off,
             magic, PTX_FATBIN_CONTAINER_MAGIC);
    return PTX_EPARSE;
  }
  unsigned version = rd16(h + 4), header_size = rd16(h + 6);
  uint64_t size = rd64(h + 8);
  if (version != FB_CONTAINER_VERSION) {
    fb_error(err, errlen, "fatbinary container at offset 0x%zx: unsupported version %u", off,
             version);
    return PTX_EPARSE;
  }
  if (header_size < FB_CONTAINER_MIN_HEADER || header_size > avail - off ||
      size > avail - off - header_size) {
    fb_error(err, errlen,
             "fatbinary container at offset 0x%zx: header size %u and entries size %llu run "
             "past the %zu bytes there are",
             off, header_size, (unsigned long long)size, avail - off);
    return PTX_EPARSE;
  }
  size_t pos = off + header_size, end = pos + (size_t)size;
  while (pos < end) {
    ptx_fatbin_entry e;
    int rc = parse_entry(base, pos, end, &e, &pos, err, errlen);
    if (rc == 0 && (rc = fb_push(list, &e)) != 0)
      fb_error(err, errlen, "out of memory listing fatbinary entries");
    if (rc)
      return rc;
  }
  *next = end;
  return 0;
}

int ptx_fatbin_parse(const void *data, size_t avail, ptx_fatbin_entry **entries, size_t *n,
                     char *err, size_t errlen)
{
  if (entries)
    *entries = NULL;
  if (n)
    *n = 0;
  if (!data || !entries || !n) {
    fb_error(err, errlen, "ptx_fatbin_parse: NULL argument");
    return PTX_EINVAL;
  }
  const uint8_t *base = data;
  uint32_t magic = 0;
  if (avail >= sizeof magic)
    memcpy(&magic, base, sizeof magic); /* the wrapper is a host struct: host order */
  if (magic == PTX_FATBIN_WRAPPER_MAGIC) {
    ptx_fatbin_wrapper w;
    if (avail < sizeof w) {
      fb_error(err, errlen, "truncated fatbinary wrapper (%zu bytes, need %zu)", avail, sizeof w);
      return PTX_EPARSE;
    }
    memcpy(&w, base, sizeof w);
    if (w.version != 1 && w.version != 2) {
      fb_error(err, errlen, "unsupported fatbinary wrapper version %u", (unsigned)w.version);
      return PTX_EPARSE;
    }
    if (!w.data) {
      fb_error(err, errlen, "the fatbinary wrapper has no data");
      return PTX_EPARSE;
    }
    base = w.data;
    avail = SIZE_MAX;
  }
  fb_list list = {0};
  int rc = 0;
  size_t n_containers = 0;
  if (avail == SIZE_MAX) {
    size_t next;
    rc = parse_container(base, 0, avail, &list, &next, err, errlen);
    n_containers = 1;
  } else {
    for (size_t off = 0; off < avail && rc == 0;) {
      if (base[off] == 0) { /* padding between containers */
        off++;
        continue;
      }
      rc = parse_container(base, off, avail, &list, &off, err, errlen);
      n_containers++;
    }
    if (rc == 0 && n_containers == 0) {
      fb_error(err, errlen, "no fatbinary container in %zu bytes", avail);
      rc = PTX_EPARSE;
    }
  }
  if (rc) {
    free(list.v);
    return rc;
  }
  *entries = list.v;
  *n = list.n;
  return 0;
}

/* The entry of kind with the best arch for target_arch: the highest not
 * above it, else the lowest; the first of equals.  -1 when none. */
static long best_of_kind(const ptx_fatbin_entry *entries, size_t n, unsigned kind,
                         unsigned target_arch)
{
  long best = -1;
  for (size_t i = 0; i < n; i++) {
    if (entries[i].kind != kind)
      continue;
    unsigned a = entries[i].arch;
    if (best < 0) {
      best = (long)i;
      continue;
    }
    unsigned b = entries[best].arch;
    bool a_fits = a <= target_arch, b_fits = b <= target_arch;
    if (a_fits ? (!b_fits || a > b) : (!b_fits && a < b))
      best = (long)i;
  }
  return best;
}

/* Explains that there is no PTX, naming the SASS archs (ascending). */
static void no_ptx_message(const ptx_fatbin_entry *entries, size_t n, unsigned target_arch,
                           char *err, size_t errlen)
{
  char archs[160] = "";
  size_t used = 0;
  unsigned last = 0;
  for (;;) { /* the distinct ELF archs in ascending order, without sorting */
    unsigned next = 0;
    bool found = false;
    for (size_t i = 0; i < n; i++)
      if (entries[i].kind == PTX_FATBIN_KIND_ELF && entries[i].arch > last &&
          (!found || entries[i].arch < next)) {
        next = entries[i].arch;
        found = true;
      }
    if (!found)
      break;
    int w = snprintf(archs + used, sizeof archs - used, "%ssm_%u", used ? ", " : "", next);
    if (w < 0 || (size_t)w >= sizeof archs - used)
      break; /* a truncated list is still a useful message */
    used += (size_t)w;
    last = next;
  }
  long elf = best_of_kind(entries, n, PTX_FATBIN_KIND_ELF, target_arch);
  unsigned arch = elf >= 0 ? entries[elf].arch : target_arch;
  if (used)
    fb_error(err, errlen,
             "the executable has no PTX for its kernels (only SASS for %s); rebuild with "
             "-gencode arch=compute_%u,code=compute_%u",
             archs, arch, arch);
  else
    fb_error(err, errlen,
             "the executable has no PTX for its kernels (its fatbinary has neither PTX nor "
             "SASS); rebuild with -gencode arch=compute_%u,code=compute_%u",
             arch, arch);
}

int ptx_fatbin_select_ptx(const ptx_fatbin_entry *entries, size_t n, unsigned target_arch,
                          char *err, size_t errlen)
{
  if ((!entries && n) || n > (size_t)INT_MAX) {
    fb_error(err, errlen, "ptx_fatbin_select_ptx: bad entry list");
    return PTX_EINVAL;
  }
  long best = best_of_kind(entries, n, PTX_FATBIN_KIND_PTX, target_arch);
  if (best < 0) {
    no_ptx_message(entries, n, target_arch, err, errlen);
    return PTX_ENOTFOUND;
  }
  return (int)best;
}

/* Decompresses e's payload into buf (e->uncompressed_size bytes). */
static int decompress(const ptx_fatbin_entry *e, char *buf, char *err, size_t errlen)
{
  size_t want = e->uncompressed_size;
  if (e->codec == PTX_FATBIN_CODEC_LZ4) {
    /* LZ4 block API sizes are ints; want <= FB_MAX_TEXT fits. */
    if (e->payload_size > FB_MAX_TEXT) {
      fb_error(err, errlen, "fatbinary entry at offset 0x%zx: LZ4 payload too large", e->offset);
      return PTX_EPARSE;
    }
    int got = LZ4_decompress_safe((const char *)e->payload, buf, (int)e->payload_size, (int)want);
    if (got < 0) {
      fb_error(err, errlen,
               "fatbinary entry at offset 0x%zx: corrupt LZ4 data (or larger than the %zu "
               "bytes its header claims)",
               e->offset, want);
      return PTX_EPARSE;
    }
    if ((size_t)got != want) {
      fb_error(err, errlen,
               "fatbinary entry at offset 0x%zx: LZ4 data holds %d bytes, not the %zu its "
               "header claims",
               e->offset, got, want);
      return PTX_EPARSE;
    }
    return 0;
  }
  unsigned long long frame = ZSTD_getFrameContentSize(e->payload, e->payload_size);
  if (frame == ZSTD_CONTENTSIZE_ERROR) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: corrupt zstd data (no frame header)",
             e->offset);
    return PTX_EPARSE;
  }
  if (frame != ZSTD_CONTENTSIZE_UNKNOWN && frame != want) {
    fb_error(err, errlen,
             "fatbinary entry at offset 0x%zx: zstd frame holds %llu bytes, not the %zu its "
             "header claims",
             e->offset, frame, want);
    return PTX_EPARSE;
  }
  size_t got = ZSTD_decompress(buf, want, e->payload, e->payload_size);
  if (ZSTD_isError(got)) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: corrupt zstd data (%s)", e->offset,
             ZSTD_getErrorName(got));
    return PTX_EPARSE;
  }
  if (got != want) {
    fb_error(err, errlen,
             "fatbinary entry at offset 0x%zx: zstd data holds %zu bytes, not the %zu its header "
             "claims",
             e->offset, got, want);
    return PTX_EPARSE;
  }
  return 0;
}

int ptx_fatbin_extract_ptx(const ptx_fatbin_entry *e, char **text, size_t *len, char *err,
                           size_t errlen)
{
  if (text)
    *text = NULL;
  if (len)
    *len = 0;
  if (!e || !text || !len) {
    fb_error(err, errlen, "ptx_fatbin_extract_ptx: NULL argument");
    return PTX_EINVAL;
  }
  if (e->kind != PTX_FATBIN_KIND_PTX) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx holds kind %u, not PTX", e->offset,
             e->kind);
    return PTX_EINVAL;
  }
  size_t size = e->uncompressed_size;
  if (size > FB_MAX_TEXT) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx claims %zu bytes of PTX, more than %zu",
             e->offset, size, FB_MAX_TEXT);
    return PTX_EPARSE;
  }
  /* LZ4 cannot expand data more than 255 times; a bigger claim is a lie. */
  if (e->codec == PTX_FATBIN_CODEC_LZ4 && size / 256 > e->payload_size) {
    fb_error(err, errlen,
             "fatbinary entry at offset 0x%zx claims %zu bytes from %zu of LZ4 data, more than "
             "LZ4 can hold",
             e->offset, size, e->payload_size);
    return PTX_EPARSE;
  }
  char *buf = malloc(size + 1);
  if (!buf) {
    fb_error(err, errlen, "out of memory for %zu bytes of PTX", size);
    return PTX_ENOMEM;
  }
  int rc = 0;
  if (e->codec == PTX_FATBIN_CODEC_NONE)
    memcpy(buf, e->payload, size);
  else
    rc = decompress(e, buf, err, errlen);
  if (rc) {
    free(buf);
    return rc;
  }
  /* The text is NUL-terminated and padded with NULs to 8 bytes. */
  while (size > 0 && buf[size - 1] == '\0')
    size--;
  const char *nul = memchr(buf, '\0', size);
  if (nul) {
    fb_error(err, errlen, "fatbinary entry at offset 0x%zx: the PTX text holds a NUL at byte %zu",
             e->offset, (size_t)(nul - buf));
    free(buf);
    return PTX_EPARSE;
  }
  buf[size] = '\0';
  *text = buf;
  *len = size;
  return 0;
}

int ptx_fatbin_ptx_for_arch(const void *data, size_t avail, unsigned target_arch, char **text,
                            size_t *len, char *err, size_t errlen)
{
  if (text)
    *text = NULL;
  if (len)
    *len = 0;
  ptx_fatbin_entry *entries;
  size_t n;
  int rc = ptx_fatbin_parse(data, avail, &entries, &n, err, errlen);
  if (rc)
    return rc;
  int i = ptx_fatbin_select_ptx(entries, n, target_arch, err, errlen);
  rc = i < 0 ? i : ptx_fatbin_extract_ptx(&entries[i], text, len, err, errlen);
  free(entries);
  return rc;
}
