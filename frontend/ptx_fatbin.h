/* ptx_fatbin.h -- reading the PTX out of a CUDA fatbinary.
 *
 * A CUDA executable keeps its device code in the .nv_fatbin section as one
 * or more fatbinary containers; its start-up code registers each with
 * __cudaRegisterFatBinary, passing a small wrapper that points at one.  A
 * container is a 16-byte header followed by entries, each a header and a
 * payload: PTX text (kind 1) or a cubin ELF with SASS (kind 2), possibly
 * compressed with LZ4 (older toolkits, and nvcc 13's --compress-mode=speed)
 * or zstd (nvcc 13's default).  ptxsim runs PTX, so this module lists the
 * entries, picks the PTX for the simulated GPU and decompresses it.
 *
 * It only parses and decompresses: no global state, no I/O, and no
 * knowledge of the runtime.  Every size is checked against the bytes the
 * caller says may be read, so corrupt input gives an error text, never a
 * crash.  The layout is undocumented by NVIDIA; the field offsets below were
 * checked against nvcc 13.0 output and public descriptions (see
 * tests/data/fatbin/README).  All multi-byte fields are little-endian.
 */
#ifndef PTXSIM_FRONTEND_PTX_FATBIN_H
#define PTXSIM_FRONTEND_PTX_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

#define PTX_FATBIN_WRAPPER_MAGIC 0x466243B1u   /* the registration wrapper */
#define PTX_FATBIN_CONTAINER_MAGIC 0xBA55ED50u /* a container header */

/* Entry kinds. */
enum { PTX_FATBIN_KIND_PTX = 1, PTX_FATBIN_KIND_ELF = 2 };

/* Entry flag bits that select the payload's compression. */
#define PTX_FATBIN_FLAG_LZ4 0x2000u
#define PTX_FATBIN_FLAG_ZSTD 0x8000u

typedef enum ptx_fatbin_codec {
  PTX_FATBIN_CODEC_NONE,
  PTX_FATBIN_CODEC_LZ4, /* one raw LZ4 block */
  PTX_FATBIN_CODEC_ZSTD /* zstd frame(s) */
} ptx_fatbin_codec;

/* The struct nvcc's registration code passes to __cudaRegisterFatBinary. */
typedef struct ptx_fatbin_wrapper {
  uint32_t magic;            /* PTX_FATBIN_WRAPPER_MAGIC */
  uint32_t version;          /* 1; 2 for relocatable device code */
  const void *data;          /* the container */
  void *filename_or_fatbins; /* unused here */
} ptx_fatbin_wrapper;

/* One entry of a container, as read; payload points into the caller's
 * bytes, so entries live as long as those bytes. */
typedef struct ptx_fatbin_entry {
  unsigned kind;                /* PTX_FATBIN_KIND_*; other values kept as read */
  unsigned arch;                /* 75 for sm_75 / compute_75 */
  unsigned version_major;       /* PTX ISA version of a PTX entry (9.0), */
  unsigned version_minor;       /* the cubin code version of an ELF one */
  uint64_t flags;               /* as read; see PTX_FATBIN_FLAG_* */
  ptx_fatbin_codec codec;       /* from flags */
  const uint8_t *payload;       /* compressed bytes when codec is not NONE */
  size_t payload_size;          /* bytes at payload (may end in NUL padding) */
  size_t uncompressed_size;     /* as the header claims; payload_size if NONE */
  size_t offset;                /* of the entry header: from data, or from the
                                 * container when data is a wrapper */
} ptx_fatbin_entry;

/* Lists the entries of the fatbinary at data.  data is either a wrapper
 * (PTX_FATBIN_WRAPPER_MAGIC, whose data pointer is followed) or containers.
 * avail is how many bytes at data may be read: SIZE_MAX when unknown, as
 * for a pointer from __cudaRegisterFatBinary, in which case exactly one
 * container is read and its header's size is trusted (entries are still
 * checked to lie inside it).  With a known avail (a file of .nv_fatbin
 * bytes), containers are read back to back until avail is used up; NUL
 * padding between them is skipped.  A wrapper's container is always read
 * with an unknown size, since the wrapper does not give one.
 * On success returns 0 and a malloc'd array in *entries (free() it; NULL
 * when *n is 0).  Otherwise returns PTX_EINVAL (a NULL argument),
 * PTX_EPARSE (not a fatbinary, or corrupt) or PTX_ENOMEM, with a message in
 * err (errlen bytes, may be 0), and *entries NULL, *n 0. */
int ptx_fatbin_parse(const void *data, size_t avail, ptx_fatbin_entry **entries, size_t *n,
                     char *err, size_t errlen) PTX_MUST_CHECK;

/* Picks the PTX entry for a GPU of compute capability target_arch (75 for
 * sm_75).  ptxsim executes any PTX, but a newer .target may use what the
 * simulated GPU lacks, so the rule is that of the CUDA driver's JIT: the
 * highest PTX arch not above target_arch; failing that (all are newer) the
 * lowest, which ptxsim still runs.  Among equal archs the first wins.
 * Returns the index, or PTX_ENOTFOUND with a message in err that says how
 * to rebuild (naming the SASS archs there are, from the ELF entries). */
int ptx_fatbin_select_ptx(const ptx_fatbin_entry *entries, size_t n, unsigned target_arch,
                          char *err, size_t errlen) PTX_MUST_CHECK;

/* Decompresses (if needed) the PTX of entry e into a malloc'd
 * NUL-terminated string in *text, its length without trailing NULs in
 * *len.  Returns 0; PTX_EINVAL when e is not a PTX entry; PTX_EPARSE when
 * the payload is corrupt (does not decompress to exactly the size the
 * header claims, or holds a NUL inside the text); PTX_ENOMEM.  On failure
 * *text is NULL and err says why. */
int ptx_fatbin_extract_ptx(const ptx_fatbin_entry *e, char **text, size_t *len, char *err,
                           size_t errlen) PTX_MUST_CHECK;

/* The three steps above in one call: the PTX for target_arch from the
 * fatbinary at data.  Same results and ownership as the three. */
int ptx_fatbin_ptx_for_arch(const void *data, size_t avail, unsigned target_arch, char **text,
                            size_t *len, char *err, size_t errlen) PTX_MUST_CHECK;

#endif /* PTXSIM_FRONTEND_PTX_FATBIN_H */
