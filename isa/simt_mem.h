/* simt_mem.h -- device memory: a sparse 64-bit address space made of
 * tracked allocations.
 *
 * Each allocation (cudaMalloc-style buffer, module .global/.const variable,
 * device-side malloc block) gets a fresh, 256-byte aligned range followed by
 * an unmapped guard gap; ranges are never reused, so an access after free
 * is told apart from one that was never valid.  Backing store is calloc'd
 * per allocation (the C library maps large ones lazily, page by page).
 * Lookups bisect the allocations (their bases increase) behind a one-entry
 * cache of the last allocation hit, which almost every access reuses.
 * The cache belongs to the launch (simt_launch.cache), not to the memory,
 * so that the host threads that run a launch's CTAs each have their own
 * (simt_par.c); only device free() frees memory while a launch runs, and
 * it empties its launch's cache.
 */
#ifndef PTXSIM_ISA_SIMT_MEM_H
#define PTXSIM_ISA_SIMT_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

typedef enum simt_alloc_kind {
  SIMT_ALLOC_HEAP,    /* host-side malloc (ptxsim_malloc) */
  SIMT_ALLOC_GLOBAL,  /* module .global variable */
  SIMT_ALLOC_CONST,   /* module .const variable */
  SIMT_ALLOC_DEVHEAP, /* device-side malloc */
  SIMT_ALLOC_UNIFIED  /* host-side, mapped into the process at its base */
} simt_alloc_kind;

typedef struct simt_alloc {
  uint64_t base, size;
  uint8_t *host;       /* NULL once freed */
  uint8_t kind;        /* simt_alloc_kind */
  bool is_freed;
  bool is_watched;     /* never cached: every access takes simt_mem_slow
                          (a grid barrier's workspace, simt_grid.c) */
  const char *name;    /* variable name, or NULL */
} simt_alloc;

/* The last allocation hit: [base, base + read_len) maps to host.  It
 * carries the allocation's permission, since every kind of allocation
 * goes in: reads may hit up to read_len, writes up to write_len, which is
 * 0 for a .const allocation (a write there must reach the slow path and
 * its read-only fault, whichever access filled the cache). */
typedef struct simt_mem_cache {
  uint64_t base, read_len, write_len;
  uint8_t *host;
} simt_mem_cache;

/* Another device's memory that kernels of this one may reach (several
 * simulated GPUs in one process, ptxsim_device_set_peer): its unified
 * allocations always (host memory every GPU maps), the rest only while
 * peer access is on. */
#define SIMT_MEM_MAX_PEERS 16
typedef struct simt_mem_peer {
  struct simt_mem *mem;
  bool is_enabled;
} simt_mem_peer;

typedef struct simt_mem {
  simt_alloc *allocs;
  size_t n_allocs, cap_allocs;
  uint64_t next;       /* next free address */
  uint64_t limit;      /* allocations end below it (ISA_SHARED_WINDOW, or
                          the next device's range) */
  simt_mem_peer peers[SIMT_MEM_MAX_PEERS];
  unsigned n_peers;
  uint64_t bytes_live; /* allocated and not freed */
  uint64_t heap_used, heap_limit; /* device-side malloc */
} simt_mem;

void simt_mem_init(simt_mem *m);
void simt_mem_release(simt_mem *m);

/* Allocates size bytes (zero-filled); PTX_ENOMEM on failure. */
int simt_mem_alloc(simt_mem *m, uint64_t size, simt_alloc_kind kind, const char *name,
                   uint64_t *addr) PTX_MUST_CHECK;
/* Allocates size zero-filled bytes whose backing store is mapped into
 * this process at the allocation's own address, so that the host can use
 * the device address as a pointer (unified addressing).  PTX_ENOMEM when
 * no free range of the address space can be mapped. */
int simt_mem_alloc_unified(simt_mem *m, uint64_t size, uint64_t *addr) PTX_MUST_CHECK;

/* Frees the allocation starting at addr; PTX_EINVAL if there is none (or
 * it was freed already). */
int simt_mem_free(simt_mem *m, uint64_t addr) PTX_MUST_CHECK;

/* Moves the range allocations come from to [base, limit): only before
 * the first allocation (PTX_EINVAL after). */
int simt_mem_set_range(simt_mem *m, uint64_t base, uint64_t limit) PTX_MUST_CHECK;
/* Lets kernels reach peer's memory (see simt_mem_peer); peer NULL-safe
 * removal with is_linked false.  PTX_ENOMEM past SIMT_MEM_MAX_PEERS. */
int simt_mem_set_peer(simt_mem *m, simt_mem *peer, bool is_linked, bool is_enabled) PTX_MUST_CHECK;
/* The live allocation of a peer's that holds addr and that this memory
 * may reach, or NULL (the slow path's fallback: never cached, so a peer
 * freeing it is seen at once). */
simt_alloc *simt_mem_find_peer(simt_mem *m, uint64_t addr);

/* The allocation containing addr (freed ones included), or NULL. */
simt_alloc *simt_mem_find(simt_mem *m, uint64_t addr);

/* The host address of [addr, addr + n) when it lies in one live
 * allocation, else NULL. */
uint8_t *simt_mem_host(simt_mem *m, uint64_t addr, uint64_t n);

/* Makes a (live) the cache's allocation, with its permission. */
void simt_mem_cache_fill(simt_mem_cache *c, const simt_alloc *a);
/* Empties the cache when it holds the allocation at base (being freed). */
void simt_mem_cache_forget(simt_mem_cache *c, uint64_t base);

/* The host address of an n-byte access at addr when the cache's
 * allocation holds it and allows it, else NULL. */
static inline uint8_t *simt_mem_cache_hit(const simt_mem_cache *c, uint64_t addr, uint64_t n,
                                          bool is_write)
{
  uint64_t len = is_write ? c->write_len : c->read_len;
  return len >= n && addr - c->base <= len - n ? c->host + (addr - c->base) : NULL;
}

/* The host address of lo when every size-byte read at an address in
 * [lo, hi] lies in one live allocation (the cache's, or the one found
 * for lo, which then fills the cache), else NULL. */
uint8_t *simt_mem_read_span(simt_mem *m, simt_mem_cache *c, uint64_t lo, uint64_t hi,
                            uint32_t size);

#endif /* PTXSIM_ISA_SIMT_MEM_H */
