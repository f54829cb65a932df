/* cudart_mempool.c -- the stream-ordered allocator: memory pools,
 * cudaMallocAsync, cudaMallocFromPoolAsync and the pool calls.
 *
 * A pool (struct CUmemPoolHandle_st, the cudaMemPool_t handle) hands out
 * blocks of device memory (ptxsim_malloc, sizes rounded up to
 * RT_POOL_ALIGN) and keeps the blocks programs free in a cache, for
 * later allocations to reuse, until a synchronisation gives back what it
 * holds above its release threshold (cudaMemPoolAttrReleaseThreshold) or
 * cudaMemPoolTrimTo trims it.  Every block is one ptxsim allocation, so a
 * pointer from a pool is device memory like cudaMalloc's (copies, kernels,
 * cudaPointerGetAttributes), and memory the pool holds counts as used in
 * cudaMemGetInfo, as on a GPU.  The attributes report this bookkeeping:
 * reserved = every block the pool holds, used = the blocks programs hold,
 * and the high watermarks of both since they were last reset.
 *
 * Stream order.  Every operation runs to completion when it is issued
 * (cudart_stream.c), so a block freed by cudaFreeAsync is free for every
 * later allocation: reusing it is always safe.  The reuse attributes only
 * restrict it: a block freed in another stream is reused when
 * opportunistic reuse or internal dependencies are allowed (the
 * defaults); with both off it is left for allocations in the stream that
 * freed it (the emulator does not track event dependencies between
 * streams, so cudaMemPoolReuseFollowEventDependencies alone reuses
 * nothing across streams: legal, if less thrifty).
 *
 * What cannot be: the simulated GPU is one device of one process, so no
 * pool supports an IPC handle type (cudaDevAttrMemoryPoolSupportedHandleTypes
 * is 0): creating one with handle types answers cudaErrorNotSupported, as
 * a device without them does, exporting a pool or a pointer
 * cudaErrorInvalidValue (no pool is IPC capable), and importing
 * cudaErrorNotSupported.  Pools of host or managed memory
 * (cudaDevAttrHostMemoryPoolsSupported 0) are refused with
 * cudaErrorNotSupported.
 *
 * Timing mode: pool calls take no simulated time, like cudaMalloc and
 * cudaFree (host work between kernels).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_devices.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_state.h"

/* Block sizes are multiples of this (GPUs round pool allocations too). */
#define RT_POOL_ALIGN 512
/* A cached block serves a request of at least 1/RT_POOL_MAX_WASTE of its
 * size: a small allocation does not pin a big block. */
#define RT_POOL_MAX_WASTE 2

typedef struct rt_pool_block {
  uintptr_t base;
  size_t size;
  cudaStream_t freed_in; /* the stream of the cudaFreeAsync */
} rt_pool_block;

struct CUmemPoolHandle_st {
  struct cudaMemPoolProps props;
  bool is_default;
  bool is_destroyed;       /* by cudaMemPoolDestroy while allocations lived */
  int reuse_follow_events; /* the reuse attributes, 0 or 1 */
  int reuse_opportunistic;
  int reuse_internal_deps;
  uint64_t release_threshold;
  uint64_t reserved, reserved_high; /* bytes of every block the pool holds */
  uint64_t used, used_high;         /* bytes of blocks programs hold */
  size_t n_live;                    /* blocks programs hold */
  rt_pool_block *cached;            /* free blocks, in the order they were freed */
  size_t n_cached, cap_cached;
};

/* A block a program holds. */
typedef struct rt_pool_alloc {
  cudaMemPool_t pool;
  size_t size;
} rt_pool_alloc;

struct rt_mempools {
  rt_map pools;          /* handle -> itself, for handle checks (live pools) */
  rt_map live;           /* block base -> rt_pool_alloc */
  rt_map cached;         /* base of a block in a pool's cache -> its pool */
  cudaMemPool_t default_pool;
  cudaMemPool_t current; /* cudaDeviceSetMemPool's, or the default pool */
};

static cudaMemPool_t pool_new(const struct cudaMemPoolProps *props)
{
  cudaMemPool_t p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->props = *props;
  p->reuse_follow_events = p->reuse_opportunistic = p->reuse_internal_deps = 1;
  return p;
}

static void pool_free_record(cudaMemPool_t p)
{
  free(p->cached);
  free(p);
}

/* The pools of the device (created with its default pool on first use);
 * NULL when out of memory. */
static rt_mempools *pools_of(rt_state *st)
{
  if (st->mempools)
    return st->mempools;
  rt_mempools *m = calloc(1, sizeof *m);
  struct cudaMemPoolProps props = {.allocType = cudaMemAllocationTypePinned,
                                   .location = {cudaMemLocationTypeDevice, 0}};
  cudaMemPool_t def = m ? pool_new(&props) : NULL;
  if (!def || !rt_map_put(&m->pools, (uintptr_t)def, def)) {
    free(def);
    free(m);
    return NULL;
  }
  def->is_default = true;
  m->default_pool = m->current = def;
  st->mempools = m;
  return m;
}

/* The live pool behind a handle, or NULL. */
static cudaMemPool_t find_pool_here(rt_state *st, cudaMemPool_t handle)
{
  return st->mempools && handle ? rt_map_get(&st->mempools->pools, (uintptr_t)handle) : NULL;
}

/* A pool of another simulated GPU (ptxsim exec --devices) makes that
 * device the active one for the rest of the call (cudart_devices.c). */
static cudaMemPool_t find_pool(rt_state *st, cudaMemPool_t handle)
{
  cudaMemPool_t p = find_pool_here(st, handle);
  unsigned keep = st->active_device;
  for (unsigned j = 0; !p && handle && j < st->n_devices; j++)
    if (j != keep && rt_device_select(st, (int)j) == cudaSuccess)
      p = find_pool_here(st, handle);
  if (!p)
    (void)rt_device_select(st, (int)keep);
  return p;
}

/* Gives cached block i back to the device. */
static void release_block(rt_state *st, cudaMemPool_t p, size_t i)
{
  rt_map_remove(&st->mempools->cached, p->cached[i].base);
  (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)p->cached[i].base);
  p->reserved -= p->cached[i].size;
  p->cached[i] = p->cached[--p->n_cached];
}

/* Gives cached blocks back, largest first, while the pool holds more than
 * keep bytes, never going below keep (cudaMemPoolTrimTo's promise). */
static void trim(rt_state *st, cudaMemPool_t p, uint64_t keep)
{
  while (p->reserved > keep) {
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < p->n_cached; i++)
      if (p->reserved - p->cached[i].size >= keep &&
          (best == SIZE_MAX || p->cached[i].size > p->cached[best].size))
        best = i;
    if (best == SIZE_MAX)
      return;
    release_block(st, p, best);
  }
}

static void note_used(cudaMemPool_t p, size_t size)
{
  p->used += size;
  p->n_live++;
  if (p->used > p->used_high)
    p->used_high = p->used;
}

/* The cached block that best fits size for an allocation in stream, or
 * SIZE_MAX. */
static size_t find_cached(const cudaMemPool_t p, size_t size, cudaStream_t stream)
{
  bool is_any_stream = p->reuse_opportunistic || p->reuse_internal_deps;
  size_t best = SIZE_MAX;
  for (size_t i = 0; i < p->n_cached; i++) {
    const rt_pool_block *b = &p->cached[i];
    if (b->size < size || b->size / RT_POOL_MAX_WASTE > size)
      continue;
    if (!is_any_stream && b->freed_in != stream)
      continue;
    if (best == SIZE_MAX || b->size < p->cached[best].size)
      best = i;
  }
  return best;
}

/* A new block of size bytes (a multiple of RT_POOL_ALIGN) for p. */
static cudaError_t reserve(rt_state *st, cudaMemPool_t p, size_t size, uintptr_t *base)
{
  for (int attempt = 0; attempt < 2; attempt++) {
    /* Out of room: what the pool caches goes back first, as GPUs do. */
    if (attempt == 1)
      trim(st, p, 0);
    if (p->props.maxSize && p->reserved + size > p->props.maxSize)
      continue;
    ptxsim_devptr d;
    if (ptxsim_malloc(st->dev, size, &d) == PTXSIM_OK) {
      *base = (uintptr_t)d;
      p->reserved += size;
      if (p->reserved > p->reserved_high)
        p->reserved_high = p->reserved;
      return cudaSuccess;
    }
  }
  return cudaErrorMemoryAllocation;
}

/* cudaMallocAsync and cudaMallocFromPoolAsync once the arguments are
 * checked (the device exists). */
static cudaError_t pool_alloc(rt_state *st, cudaMemPool_t p, void **ptr, size_t size,
                              cudaStream_t stream)
{
  *ptr = NULL;
  if (size == 0) /* as cudaMalloc: nothing, at NULL */
    return cudaSuccess;
  if (size > SIZE_MAX - RT_POOL_ALIGN)
    return cudaErrorMemoryAllocation;
  size = (size + RT_POOL_ALIGN - 1) / RT_POOL_ALIGN * RT_POOL_ALIGN;
  rt_pool_alloc *a = malloc(sizeof *a);
  if (!a)
    return cudaErrorMemoryAllocation;
  uintptr_t base;
  size_t i = find_cached(p, size, stream);
  if (i != SIZE_MAX) {
    base = p->cached[i].base;
    size = p->cached[i].size;
    p->cached[i] = p->cached[--p->n_cached];
    rt_map_remove(&st->mempools->cached, base);
  } else {
    cudaError_t e = reserve(st, p, size, &base);
    if (e != cudaSuccess) {
      free(a);
      return e;
    }
  }
  *a = (rt_pool_alloc){p, size};
  if (!rt_map_put(&st->mempools->live, base, a)) {
    (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)base);
    p->reserved -= size;
    free(a);
    return cudaErrorMemoryAllocation;
  }
  note_used(p, size);
  *ptr = (void *)base;
  return cudaSuccess;
}

/* A block in a pool's cache is the pool's too: freeing it again is an
 * error, not a cudaFree of device memory. */
bool rt_mempool_owns(rt_state *st, const void *ptr)
{
  return st->mempools && ptr &&
         (rt_map_get(&st->mempools->live, (uintptr_t)ptr) ||
          rt_map_get(&st->mempools->cached, (uintptr_t)ptr));
}

cudaError_t rt_mempool_free(rt_state *st, void *ptr, cudaStream_t stream)
{
  rt_pool_alloc *a = st->mempools ? rt_map_remove(&st->mempools->live, (uintptr_t)ptr) : NULL;
  if (!a) /* not from a pool, or freed already */
    return cudaErrorInvalidValue;
  cudaMemPool_t p = a->pool;
  size_t size = a->size;
  free(a);
  p->used -= size;
  p->n_live--;
  if (p->is_destroyed) {
    /* Its pool went away while the block lived: the last block frees it. */
    (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)(uintptr_t)ptr);
    p->reserved -= size;
    if (p->n_live == 0)
      pool_free_record(p);
    return cudaSuccess;
  }
  if (p->n_cached == p->cap_cached) {
    size_t cap = p->cap_cached ? 2 * p->cap_cached : 8;
    rt_pool_block *c = realloc(p->cached, cap * sizeof *c);
    if (c) {
      p->cached = c;
      p->cap_cached = cap;
    }
  }
  if (p->n_cached == p->cap_cached || !rt_map_put(&st->mempools->cached, (uintptr_t)ptr, p)) {
    /* Cannot cache it: give it back now. */
    (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)(uintptr_t)ptr);
    p->reserved -= size;
    return cudaSuccess;
  }
  p->cached[p->n_cached++] = (rt_pool_block){(uintptr_t)ptr, size, stream};
  return cudaSuccess;
}

void rt_mempool_sync(rt_state *st)
{
  if (!st->mempools || !st->dev)
    return;
  rt_map *m = &st->mempools->pools;
  for (size_t i = 0; i < m->cap; i++) {
    cudaMemPool_t p = m->slots[i].value;
    if (p)
      trim(st, p, p->release_threshold);
  }
}

void rt_mempool_forget(rt_state *st)
{
  rt_mempools *m = st->mempools;
  if (!m)
    return;
  for (size_t i = 0; i < m->live.cap; i++) {
    rt_pool_alloc *a = m->live.slots[i].value;
    if (a && a->pool->is_destroyed && --a->pool->n_live == 0)
      pool_free_record(a->pool);
    free(a);
  }
  for (size_t i = 0; i < m->pools.cap; i++)
    if (m->pools.slots[i].value)
      pool_free_record(m->pools.slots[i].value);
  rt_map_clear(&m->live);
  rt_map_clear(&m->cached);
  rt_map_clear(&m->pools);
  free(m);
  st->mempools = NULL;
}

/* ---- allocation ---------------------------------------------------------- */

cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!ptr)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  if (rt_capture_is_capturing(st, stream)) /* a memory-allocation node (cudart_capture.c) */
    return rt_unlock(st, rt_capture_malloc(st, ptr, size, stream));
  rt_mempools *m = pools_of(st);
  if (!m)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  return rt_unlock(st, pool_alloc(st, m->current, ptr, size, stream));
}
RT_ALIAS(cudaMallocAsync_ptsz, cudaMallocAsync);

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t pool,
                                    cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!ptr)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaMemPool_t p = find_pool(st, pool);
  if (!p)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (rt_capture_is_capturing(st, stream)) /* graph memory (cudart_capture.c) */
    return rt_unlock(st, rt_capture_malloc(st, ptr, size, stream));
  return rt_unlock(st, pool_alloc(st, p, ptr, size, stream));
}
RT_ALIAS(cudaMallocFromPoolAsync_ptsz, cudaMallocFromPoolAsync);

/* ---- pools ---------------------------------------------------------------- */

/* Where a pool may live: a device's memory.  Host and managed pools are
 * refused as on a device without them. */
static cudaError_t check_location(rt_state *st, const struct cudaMemLocation *loc, int alloc_type)
{
  if (alloc_type == cudaMemAllocationTypeManaged)
    return cudaErrorNotSupported;
  if (alloc_type != cudaMemAllocationTypePinned)
    return cudaErrorInvalidValue;
  switch (loc->type) {
  case cudaMemLocationTypeDevice:
    return rt_device_is_valid(st, loc->id) ? cudaSuccess : cudaErrorInvalidDevice;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma: return cudaErrorNotSupported;
  default: return cudaErrorInvalidValue;
  }
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const struct cudaMemPoolProps *props)
{
  rt_state *st = rt_lock();
  if (!pool || !props)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = check_location(st, &props->location, props->allocType);
  if (e == cudaSuccess && (props->handleTypes & ~(cudaMemHandleTypePosixFileDescriptor |
                                                  cudaMemHandleTypeWin32 |
                                                  cudaMemHandleTypeWin32Kmt |
                                                  cudaMemHandleTypeFabric)))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess && props->handleTypes != cudaMemHandleTypeNone) {
    rt_message_once("cudaMemPoolCreate",
                    "error: cudaMemPoolCreate: the simulated GPU supports no IPC handle type "
                    "for memory pools (cudaDevAttrMemoryPoolSupportedHandleTypes is 0)");
    e = cudaErrorNotSupported;
  }
  if (e == cudaSuccess) /* the pool lives with its device */
    e = rt_device_select(st, props->location.id);
  if (e == cudaSuccess)
    e = rt_context(st);
  rt_mempools *m = e == cudaSuccess ? pools_of(st) : NULL;
  if (e == cudaSuccess && !m)
    e = cudaErrorMemoryAllocation;
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaMemPool_t p = pool_new(props);
  if (!p || !rt_map_put(&m->pools, (uintptr_t)p, p)) {
    free(p);
    return rt_unlock(st, cudaErrorMemoryAllocation);
  }
  *pool = p;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p || p->is_default) /* a device's default pool cannot be destroyed */
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_mempools *m = st->mempools;
  rt_map_remove(&m->pools, (uintptr_t)p);
  if (m->current == p)
    m->current = m->default_pool;
  trim(st, p, 0);
  /* Blocks programs still hold keep the record until they are freed. */
  if (p->n_live)
    p->is_destroyed = true;
  else
    pool_free_record(p);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t min_bytes_to_keep)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p)
    return rt_unlock(st, cudaErrorInvalidValue);
  trim(st, p, min_bytes_to_keep);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void *value)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p || !value)
    return rt_unlock(st, cudaErrorInvalidValue);
  uint64_t v64;
  int v;
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies:
  case cudaMemPoolReuseAllowOpportunistic:
  case cudaMemPoolReuseAllowInternalDependencies:
    memcpy(&v, value, sizeof v);
    *(attr == cudaMemPoolReuseFollowEventDependencies ? &p->reuse_follow_events
      : attr == cudaMemPoolReuseAllowOpportunistic    ? &p->reuse_opportunistic
                                                      : &p->reuse_internal_deps) = v != 0;
    break;
  case cudaMemPoolAttrReleaseThreshold:
    memcpy(&p->release_threshold, value, sizeof p->release_threshold);
    break;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    /* A watermark can only be reset (to the current value), with 0. */
    memcpy(&v64, value, sizeof v64);
    if (v64 != 0)
      return rt_unlock(st, cudaErrorInvalidValue);
    if (attr == cudaMemPoolAttrReservedMemHigh)
      p->reserved_high = p->reserved;
    else
      p->used_high = p->used;
    break;
  default: return rt_unlock(st, cudaErrorInvalidValue); /* the current amounts, unknown ones */
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void *value)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p || !value)
    return rt_unlock(st, cudaErrorInvalidValue);
  int v;
  uint64_t v64;
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies: v = p->reuse_follow_events; break;
  case cudaMemPoolReuseAllowOpportunistic: v = p->reuse_opportunistic; break;
  case cudaMemPoolReuseAllowInternalDependencies: v = p->reuse_internal_deps; break;
  case cudaMemPoolAttrReleaseThreshold: v64 = p->release_threshold; break;
  case cudaMemPoolAttrReservedMemCurrent: v64 = p->reserved; break;
  case cudaMemPoolAttrReservedMemHigh: v64 = p->reserved_high; break;
  case cudaMemPoolAttrUsedMemCurrent: v64 = p->used; break;
  case cudaMemPoolAttrUsedMemHigh: v64 = p->used_high; break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  if (attr <= cudaMemPoolReuseAllowInternalDependencies)
    memcpy(value, &v, sizeof v);
  else
    memcpy(value, &v64, sizeof v64);
  return rt_unlock(st, cudaSuccess);
}

/* Device 0 is the only device, and a pool's own device always has
 * read-write access, which cannot be taken away. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const struct cudaMemAccessDesc *descs,
                                 size_t count)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p || (count && !descs))
    return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < count; i++) {
    if (descs[i].location.type != cudaMemLocationTypeDevice)
      return rt_unlock(st, cudaErrorInvalidValue);
    if (!rt_device_is_valid(st, descs[i].location.id))
      return rt_unlock(st, cudaErrorInvalidDevice);
    if (descs[i].flags != cudaMemAccessFlagsProtReadWrite)
      return rt_unlock(st, cudaErrorInvalidValue);
  }
  /* Another device's kernels may then reach the pool's memory (all of
   * its device's memory, as with peer access). */
  for (size_t i = 0; i < count; i++)
    rt_device_grant(st, descs[i].location.id);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t pool,
                                 struct cudaMemLocation *location)
{
  rt_state *st = rt_lock();
  cudaMemPool_t p = find_pool(st, pool);
  if (!p || !flags || !location)
    return rt_unlock(st, cudaErrorInvalidValue);
  switch (location->type) {
  case cudaMemLocationTypeDevice:
    if (!rt_device_is_valid(st, location->id))
      return rt_unlock(st, cudaErrorInvalidDevice);
    *flags = cudaMemAccessFlagsProtReadWrite;
    break;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
    *flags = cudaMemAccessFlagsProtNone; /* device memory */
    break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  return rt_unlock(st, cudaSuccess);
}

/* ---- a device's pools ---------------------------------------------------- */

/* The pools of device (which exists once this succeeds, and is the
 * active one for the rest of the call), for the cudaDevice*MemPool
 * calls. */
static cudaError_t device_pools(rt_state *st, int device, rt_mempools **m)
{
  cudaError_t e = rt_device_select(st, device);
  if (e == cudaSuccess)
    e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  *m = pools_of(st);
  return *m ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device)
{
  rt_state *st = rt_lock();
  if (!pool)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_mempools *m;
  cudaError_t e = device_pools(st, device, &m);
  if (e == cudaSuccess)
    *pool = m->default_pool;
  return rt_unlock(st, e);
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device)
{
  rt_state *st = rt_lock();
  if (!pool)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_mempools *m;
  cudaError_t e = device_pools(st, device, &m);
  if (e == cudaSuccess)
    *pool = m->current;
  return rt_unlock(st, e);
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool)
{
  rt_state *st = rt_lock();
  rt_mempools *m;
  cudaError_t e = device_pools(st, device, &m);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaMemPool_t p = find_pool(st, pool);
  if (!p)
    return rt_unlock(st, cudaErrorInvalidValue);
  m->current = p;
  return rt_unlock(st, cudaSuccess);
}

/* The CUDA 13 calls by location: device 0's pinned memory is the device's
 * pools; the other locations and managed memory have none. */
static cudaError_t location_pools(rt_state *st, const struct cudaMemLocation *loc, int type,
                                  rt_mempools **m)
{
  if (!loc)
    return cudaErrorInvalidValue;
  cudaError_t e = check_location(st, loc, type);
  return e == cudaSuccess ? device_pools(st, loc->id, m) : e;
}

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *pool, struct cudaMemLocation *location,
                                     enum cudaMemAllocationType type)
{
  rt_state *st = rt_lock();
  if (!pool)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_mempools *m;
  cudaError_t e = location_pools(st, location, type, &m);
  if (e == cudaSuccess)
    *pool = m->default_pool;
  return rt_unlock(st, e);
}

cudaError_t cudaMemGetMemPool(cudaMemPool_t *pool, struct cudaMemLocation *location,
                              enum cudaMemAllocationType type)
{
  rt_state *st = rt_lock();
  if (!pool)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_mempools *m;
  cudaError_t e = location_pools(st, location, type, &m);
  if (e == cudaSuccess)
    *pool = m->current;
  return rt_unlock(st, e);
}

cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                              cudaMemPool_t pool)
{
  rt_state *st = rt_lock();
  rt_mempools *m;
  cudaError_t e = location_pools(st, location, type, &m);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaMemPool_t p = find_pool(st, pool);
  if (!p)
    return rt_unlock(st, cudaErrorInvalidValue);
  m->current = p;
  return rt_unlock(st, cudaSuccess);
}

/* ---- sharing between processes (IPC): no pool can be shared --------------- */

static bool is_known_handle_type(int type)
{
  return type == cudaMemHandleTypePosixFileDescriptor || type == cudaMemHandleTypeWin32 ||
         type == cudaMemHandleTypeWin32Kmt || type == cudaMemHandleTypeFabric;
}

cudaError_t cudaMemPoolExportToShareableHandle(void *handle, cudaMemPool_t pool,
                                               enum cudaMemAllocationHandleType type,
                                               unsigned flags)
{
  /* No pool was created with a handle type: none is IPC capable. */
  (void)handle, (void)pool, (void)type, (void)flags;
  return rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *pool, void *handle,
                                                 enum cudaMemAllocationHandleType type,
                                                 unsigned flags)
{
  (void)handle, (void)flags;
  rt_state *st = rt_lock();
  if (!pool || !is_known_handle_type(type))
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_message_once("cudaMemPoolImportFromShareableHandle",
                  "error: cudaMemPoolImportFromShareableHandle: the simulated GPU cannot share "
                  "memory pools between processes");
  return rt_unlock(st, cudaErrorNotSupported);
}

cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *data, void *ptr)
{
  /* A pointer from a pool that is not IPC capable, or from no pool. */
  (void)data, (void)ptr;
  return rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t pool,
                                     struct cudaMemPoolPtrExportData *data)
{
  /* No pool was imported, so none can import pointers. */
  (void)ptr, (void)pool, (void)data;
  return rt_unlock(rt_lock(), cudaErrorInvalidValue);
}
