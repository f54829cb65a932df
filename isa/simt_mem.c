/* simt_mem.c -- device memory allocations (see simt_mem.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "frontend/ptx_diag.h"
#include "isa/isa_prog.h"
#include "isa/simt_mem.h"

/* Between two allocations lies at least this much unmapped space, so that
 * running off the end of one never lands in the next. */
#define SIMT_GUARD_BYTES UINT64_C(0x10000)
#define SIMT_ALLOC_ALIGN UINT64_C(256)
/* Unified allocations start on a boundary that is a multiple of any page
 * size Linux uses on the host (4 KiB, 16 KiB, 64 KiB). */
#define SIMT_UNIFIED_ALIGN UINT64_C(0x10000)

static uint64_t unified_length(uint64_t size)
{
  return (size + SIMT_UNIFIED_ALIGN - 1) & ~(SIMT_UNIFIED_ALIGN - 1);
}

void simt_mem_init(simt_mem *m)
{
  memset(m, 0, sizeof *m);
  m->next = ISA_GLOBAL_BASE;
  m->limit = ISA_SHARED_WINDOW;
}

int simt_mem_set_range(simt_mem *m, uint64_t base, uint64_t limit)
{
  if (m->n_allocs || base < ISA_GLOBAL_BASE || limit > ISA_SHARED_WINDOW || base >= limit)
    return PTX_EINVAL;
  m->next = base;
  m->limit = limit;
  return 0;
}

int simt_mem_set_peer(simt_mem *m, simt_mem *peer, bool is_linked, bool is_enabled)
{
  for (unsigned i = 0; i < m->n_peers; i++)
    if (m->peers[i].mem == peer) {
      if (is_linked)
        m->peers[i].is_enabled = is_enabled;
      else
        m->peers[i] = m->peers[--m->n_peers];
      return 0;
    }
  if (!is_linked)
    return 0;
  if (m->n_peers == SIMT_MEM_MAX_PEERS)
    return PTX_ENOMEM;
  m->peers[m->n_peers++] = (simt_mem_peer){peer, is_enabled};
  return 0;
}

simt_alloc *simt_mem_find_peer(simt_mem *m, uint64_t addr)
{
  for (unsigned i = 0; i < m->n_peers; i++) {
    simt_mem *p = m->peers[i].mem;
    if (addr < ISA_GLOBAL_BASE || addr >= p->limit)
      continue;
    simt_alloc *a = simt_mem_find(p, addr);
    if (a && !a->is_freed && (m->peers[i].is_enabled || a->kind == SIMT_ALLOC_UNIFIED))
      return a;
  }
  return NULL;
}

static void release_backing(simt_alloc *a)
{
  if (a->kind == SIMT_ALLOC_UNIFIED)
    munmap(a->host, unified_length(a->size));
  else
    free(a->host);
}

void simt_mem_release(simt_mem *m)
{
  for (size_t i = 0; i < m->n_allocs; i++)
    if (m->allocs[i].host)
      release_backing(&m->allocs[i]);
  free(m->allocs);
  memset(m, 0, sizeof *m);
}

static bool reserve_entry(simt_mem *m)
{
  if (m->n_allocs < m->cap_allocs)
    return true;
  size_t cap = m->cap_allocs ? 2 * m->cap_allocs : 64;
  simt_alloc *a = realloc(m->allocs, cap * sizeof *a);
  if (!a)
    return false;
  m->allocs = a;
  m->cap_allocs = cap;
  return true;
}

/* Appends an allocation at base (the highest so far) and moves next past
 * it and its guard gap. */
static void append(simt_mem *m, uint64_t base, uint64_t size, uint8_t *host, simt_alloc_kind kind,
                   const char *name)
{
  /* Every field: the array grows by realloc, so a field left out would
   * be whatever was there (is_watched was, sending every access of a
   * plain allocation down the slow path). */
  m->allocs[m->n_allocs++] = (simt_alloc){
      .base = base, .size = size, .host = host, .kind = (uint8_t)kind, .name = name};
  m->next = (base + size + SIMT_GUARD_BYTES + SIMT_ALLOC_ALIGN - 1) & ~(SIMT_ALLOC_ALIGN - 1);
  m->bytes_live += size;
}

int simt_mem_alloc(simt_mem *m, uint64_t size, simt_alloc_kind kind, const char *name,
                   uint64_t *addr)
{
  if (m->next >= m->limit || size > (m->limit - m->next) / 2 || !reserve_entry(m))
    return PTX_ENOMEM;
  /* A zero-byte allocation still gets a distinct address (as cudaMalloc's
   * does), backed by one byte nobody may touch. */
  uint8_t *host = calloc(1, size ? size : 1);
  if (!host)
    return PTX_ENOMEM;
  *addr = m->next;
  append(m, m->next, size, host, kind, name);
  return 0;
}

int simt_mem_alloc_unified(simt_mem *m, uint64_t size, uint64_t *addr)
{
  uint64_t len = unified_length(size ? size : 1);
  if (!reserve_entry(m))
    return PTX_ENOMEM;
  /* The device range is also claimed in the process: map at the next
   * aligned address, and where something of the process already lies
   * there, try further up. */
  uint64_t base = (m->next + SIMT_UNIFIED_ALIGN - 1) & ~(SIMT_UNIFIED_ALIGN - 1);
  for (int tries = 0; tries < 64; tries++) {
    if (base >= m->limit || len > (m->limit - base) / 2)
      return PTX_ENOMEM;
    void *want = (void *)(uintptr_t)base;
    void *got = mmap(want, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (got == MAP_FAILED)
      return PTX_ENOMEM;
    if (got == want) {
      *addr = base;
      append(m, base, size, got, SIMT_ALLOC_UNIFIED, NULL);
      return 0;
    }
    munmap(got, len);
    base += len + (UINT64_C(1) << 30);
  }
  return PTX_ENOMEM;
}

simt_alloc *simt_mem_find(simt_mem *m, uint64_t addr)
{
  size_t lo = 0, hi = m->n_allocs;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->allocs[mid].base <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return NULL;
  simt_alloc *a = &m->allocs[lo - 1];
  /* Addresses in the guard gap after an allocation belong to none. */
  return addr - a->base < (a->size ? a->size : 1) ? a : NULL;
}

int simt_mem_free(simt_mem *m, uint64_t addr)
{
  simt_alloc *a = simt_mem_find(m, addr);
  if (!a || a->base != addr || a->is_freed)
    return PTX_EINVAL;
  release_backing(a);
  a->host = NULL;
  a->is_freed = true;
  m->bytes_live -= a->size;
  return 0;
}

uint8_t *simt_mem_host(simt_mem *m, uint64_t addr, uint64_t n)
{
  simt_alloc *a = simt_mem_find(m, addr);
  if (!a || a->is_freed || n > a->size - (addr - a->base))
    return NULL;
  return a->host + (addr - a->base);
}

void simt_mem_cache_fill(simt_mem_cache *c, const simt_alloc *a)
{
  c->base = a->base;
  c->read_len = a->is_watched ? 0 : a->size;
  c->write_len = a->kind == SIMT_ALLOC_CONST || a->is_watched ? 0 : a->size;
  c->host = a->host;
}

void simt_mem_cache_forget(simt_mem_cache *c, uint64_t base)
{
  if (c->base == base)
    *c = (simt_mem_cache){.base = UINT64_MAX};
}

uint8_t *simt_mem_read_span(simt_mem *m, simt_mem_cache *c, uint64_t lo, uint64_t hi,
                            uint32_t size)
{
  uint8_t *h = simt_mem_cache_hit(c, lo, size, false);
  if (h && simt_mem_cache_hit(c, hi, size, false))
    return h;
  simt_alloc *a = simt_mem_find(m, lo);
  if (!a || a->is_freed || a->is_watched || size > a->size || hi - a->base > a->size - size)
    return NULL;
  simt_mem_cache_fill(c, a);
  return a->host + (lo - a->base);
}
