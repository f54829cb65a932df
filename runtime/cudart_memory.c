/* cudart_memory.c -- allocation calls of the CUDA runtime: device,
 * managed and page-locked host memory, pitched allocations, pointer
 * queries, and the hints (prefetch, advice) that have nothing to do on an
 * emulator.
 *
 * Device memory comes from ptxsim_malloc.  Managed memory (cudaMallocManaged)
 * and page-locked host memory (cudaMallocHost, cudaHostAlloc) both come
 * from ptxsim_malloc_unified: the same address works on host and device,
 * which is what programs expect of both on a GPU with unified addressing.
 * The runtime keeps a table of those (rt_state.unified) to tell them apart.
 * cudaHostRegister only records the range: ptxsim cannot map existing host
 * memory into the device, so pinning (for faster copies) works and
 * zero-copy access to registered memory (cudaHostGetDevicePointer) is
 * refused with cudaErrorNotSupported.
 */
#include "config.h"

#include <stdlib.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_devices.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_memory.h"

/* cudaMallocPitch and cudaMalloc3D align rows like GPUs do. */
#define RT_PITCH_ALIGN 512

rt_ptr_info rt_classify(rt_state *st, const void *p)
{
  rt_ptr_info info = {RT_PTR_HOST, 0, 0, NULL, st->dev};
  ptxsim_devptr base;
  size_t size;
  if (!p || !st->dev)
    return info;
  if (ptxsim_pointer_info(st->dev, (ptxsim_devptr)(uintptr_t)p, &base, &size) != PTXSIM_OK &&
      (st->n_devices < 2 || !(info.dev = rt_device_owning(st, p, &base, &size)))) {
    info.dev = st->dev;
    return info;
  }
  info.base = (uintptr_t)base;
  info.size = size;
  info.unified = rt_map_get(&st->unified, (uintptr_t)base);
  info.kind = info.unified ? RT_PTR_UNIFIED : RT_PTR_DEVICE;
  return info;
}

void rt_memory_forget(rt_state *st)
{
  for (size_t i = 0; i < st->unified.cap; i++)
    free(st->unified.slots[i].value);
  for (size_t i = 0; i < st->registered.cap; i++)
    free(st->registered.slots[i].value);
  rt_map_clear(&st->unified);
  rt_map_clear(&st->registered);
  rt_mempool_forget(st);
}

cudaError_t cudaMalloc(void **ptr, size_t size)
{
  rt_state *st = rt_lock();
  if (!ptr)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess)
    e = rt_capture_check_unsafe(st); /* cudart_capture.c */
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  *ptr = NULL;
  if (size == 0) /* CUDA hands out NULL for nothing */
    return rt_unlock(st, cudaSuccess);
  ptxsim_devptr p;
  if (ptxsim_malloc(st->dev, size, &p) != PTXSIM_OK)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  *ptr = (void *)(uintptr_t)p;
  return rt_unlock(st, cudaSuccess);
}

/* Allocates unified memory and records what it is for. */
static cudaError_t alloc_unified(rt_state *st, void **ptr, size_t size, rt_unified_kind kind,
                                 unsigned flags)
{
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  rt_unified *u = malloc(sizeof *u);
  void *p;
  if (!u || ptxsim_malloc_unified(st->dev, size, &p) != PTXSIM_OK) {
    free(u);
    *ptr = NULL;
    return cudaErrorMemoryAllocation;
  }
  *u = (rt_unified){(uintptr_t)p, size, kind, flags};
  if (!rt_map_put(&st->unified, (uintptr_t)p, u)) {
    (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)(uintptr_t)p);
    free(u);
    *ptr = NULL;
    return cudaErrorMemoryAllocation;
  }
  *ptr = p;
  return cudaSuccess;
}

/* Frees device or unified memory whose kind is allowed. */
static cudaError_t free_memory(rt_state *st, void *ptr, bool allow_device, bool allow_managed,
                               bool allow_host)
{
  if (!ptr)
    return cudaSuccess;
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  rt_ptr_info info = rt_classify(st, ptr);
  bool is_allowed = info.kind == RT_PTR_DEVICE ? allow_device
                    : info.kind == RT_PTR_UNIFIED
                        ? (info.unified->kind == RT_UNIFIED_MANAGED ? allow_managed : allow_host)
                        : false;
  /* A module variable (a __managed__ one looks like device memory) is not
   * the program's to free. */
  if (!is_allowed || info.base != (uintptr_t)ptr || rt_var_find(st, ptr))
    return cudaErrorInvalidValue;
  if (ptxsim_mem_free(st->dev, (ptxsim_devptr)(uintptr_t)ptr) != PTXSIM_OK)
    return cudaErrorInvalidValue;
  if (info.kind == RT_PTR_UNIFIED)
    free(rt_map_remove(&st->unified, info.base));
  return cudaSuccess;
}

/* cudaFree synchronises the device, so the memory pools give back what
 * they hold above their release thresholds; it also frees memory from a
 * pool (cudaMallocAsync). */
cudaError_t cudaFree(void *ptr)
{
  rt_state *st = rt_lock();
  rt_device_select_owner(st, ptr); /* another device's memory may be freed too */
  rt_graph_mem *gm = rt_graph_mem_find(ptr); /* from a graph's allocation node */
  cudaError_t e = gm                       ? rt_graph_mem_free(st, gm)
                  : rt_mempool_owns(st, ptr) ? rt_mempool_free(st, ptr, NULL)
                                           : free_memory(st, ptr, true, true, false);
  if (e == cudaSuccess)
    rt_mempool_sync(st);
  return rt_unlock(st, e);
}

/* Memory from a pool goes back to it in stream order (cudart_mempool.c,
 * where cudaMallocAsync is); cudaMalloc's is freed at once, which is
 * stream order too since every operation completes when issued. */
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (rt_capture_is_capturing(st, stream)) /* a memory-free node (cudart_capture.c) */
    return rt_unlock(st, rt_capture_free(st, ptr, stream));
  rt_graph_mem *gm = rt_graph_mem_find(ptr);
  if (gm)
    return rt_unlock(st, rt_graph_mem_free(st, gm));
  if (rt_mempool_owns(st, ptr))
    return rt_unlock(st, rt_mempool_free(st, ptr, stream));
  return rt_unlock(st, free_memory(st, ptr, true, true, false));
}
RT_ALIAS(cudaFreeAsync_ptsz, cudaFreeAsync);

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
  rt_state *st = rt_lock();
  if (!ptr)
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, alloc_unified(st, ptr, size, RT_UNIFIED_HOST, 0));
}

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!ptr || (flags & ~(RT_HOST_ALLOC_PORTABLE | RT_HOST_ALLOC_MAPPED |
                         RT_HOST_ALLOC_WRITE_COMBINED)))
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, alloc_unified(st, ptr, size, RT_UNIFIED_HOST, flags));
}

cudaError_t cudaFreeHost(void *ptr)
{
  rt_state *st = rt_lock();
  rt_device_select_owner(st, ptr);
  return rt_unlock(st, free_memory(st, ptr, false, false, true));
}

cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!ptr || size == 0 || (flags != RT_MEM_ATTACH_GLOBAL && flags != RT_MEM_ATTACH_HOST))
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, alloc_unified(st, ptr, size, RT_UNIFIED_MANAGED, flags));
}

cudaError_t cudaHostGetDevicePointer(void **device_ptr, void *host_ptr, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!device_ptr || flags != 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_ptr_info info = rt_classify(st, host_ptr);
  if (info.kind == RT_PTR_UNIFIED) {
    *device_ptr = host_ptr; /* the same address on both sides */
    return rt_unlock(st, cudaSuccess);
  }
  for (size_t i = 0; i < st->registered.cap; i++) {
    const rt_registered *r = st->registered.slots[i].value;
    if (r && (uintptr_t)host_ptr >= r->base && (uintptr_t)host_ptr - r->base < r->size) {
      rt_message_once("cudaHostGetDevicePointer",
                      "error: cudaHostGetDevicePointer: ptxsim cannot map memory registered "
                      "with cudaHostRegister into the device; allocate it with cudaHostAlloc "
                      "or cudaMallocManaged instead");
      return rt_unlock(st, cudaErrorNotSupported);
    }
  }
  return rt_unlock(st, cudaErrorInvalidValue);
}

cudaError_t cudaHostGetFlags(unsigned *flags, void *host_ptr)
{
  rt_state *st = rt_lock();
  if (!flags)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_ptr_info info = rt_classify(st, host_ptr);
  if (info.kind != RT_PTR_UNIFIED || info.unified->kind != RT_UNIFIED_HOST)
    return rt_unlock(st, cudaErrorInvalidValue);
  *flags = info.unified->flags;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!ptr || size == 0 || (flags & ~RT_HOST_REGISTER_FLAGS))
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  uintptr_t base = (uintptr_t)ptr;
  for (size_t i = 0; i < st->registered.cap; i++) {
    const rt_registered *r = st->registered.slots[i].value;
    if (r && base < r->base + r->size && r->base < base + size)
      return rt_unlock(st, cudaErrorHostMemoryAlreadyRegistered);
  }
  rt_registered *r = malloc(sizeof *r);
  if (!r || !rt_map_put(&st->registered, base, r)) {
    free(r);
    return rt_unlock(st, cudaErrorMemoryAllocation);
  }
  *r = (rt_registered){base, size, flags};
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaHostUnregister(void *ptr)
{
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_registered *r = rt_map_remove(&st->registered, (uintptr_t)ptr);
  free(r);
  return rt_unlock(st, r ? cudaSuccess : cudaErrorHostMemoryNotRegistered);
}

static size_t pitch_of(size_t width)
{
  return (width + RT_PITCH_ALIGN - 1) / RT_PITCH_ALIGN * RT_PITCH_ALIGN;
}

cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
  if (!ptr || !pitch)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  size_t p = pitch_of(width);
  if (height && p > SIZE_MAX / height)
    return rt_unlock(rt_lock(), cudaErrorMemoryAllocation);
  cudaError_t e = cudaMalloc(ptr, p * height);
  if (e == cudaSuccess)
    *pitch = p;
  return e;
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *ptr, struct cudaExtent extent)
{
  if (!ptr)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  size_t p = pitch_of(extent.width);
  size_t rows = extent.height * extent.depth;
  if ((extent.depth && rows / extent.depth != extent.height) || (rows && p > SIZE_MAX / rows))
    return rt_unlock(rt_lock(), cudaErrorMemoryAllocation);
  void *mem;
  cudaError_t e = cudaMalloc(&mem, p * rows);
  if (e == cudaSuccess)
    *ptr = (struct cudaPitchedPtr){mem, p, extent.width, extent.height};
  return e;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  size_t f, t;
  (void)ptxsim_mem_get_info(st->dev, &f, &t);
  if (free_bytes)
    *free_bytes = f;
  if (total_bytes)
    *total_bytes = t;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr)
{
  rt_state *st = rt_lock();
  if (!attr)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_ptr_info info = rt_classify(st, ptr);
  *attr = (struct cudaPointerAttributes){.type = cudaMemoryTypeUnregistered, .device = -2};
  switch (info.kind) {
  case RT_PTR_DEVICE:
    attr->type = cudaMemoryTypeDevice;
    attr->device = 0;
    attr->devicePointer = (void *)ptr;
    break;
  case RT_PTR_UNIFIED:
    attr->type = info.unified->kind == RT_UNIFIED_MANAGED ? cudaMemoryTypeManaged
                                                          : cudaMemoryTypeHost;
    attr->device = 0;
    attr->devicePointer = attr->hostPointer = (void *)ptr;
    break;
  case RT_PTR_HOST:
    attr->hostPointer = (void *)ptr;
    for (size_t i = 0; i < st->registered.cap; i++) {
      const rt_registered *r = st->registered.slots[i].value;
      if (r && (uintptr_t)ptr >= r->base && (uintptr_t)ptr - r->base < r->size) {
        attr->type = cudaMemoryTypeHost;
        attr->device = 0;
      }
    }
    break;
  }
  return rt_unlock(st, cudaSuccess);
}

/* Where memory lives does not matter to the emulator: the hints are
 * checked and accepted. */
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, struct cudaMemLocation location,
                                 unsigned flags, cudaStream_t stream)
{
  (void)ptr, (void)count, (void)location, (void)flags;
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemPrefetchAsync_ptsz, cudaMemPrefetchAsync);

cudaError_t cudaMemAdvise(const void *ptr, size_t count, int advice,
                          struct cudaMemLocation location)
{
  (void)location;
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && (!ptr || !count || advice < 1 || advice > 6))
    e = cudaErrorInvalidValue;
  return rt_unlock(st, e);
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr, size_t length,
                                     unsigned flags)
{
  (void)ptr, (void)length, (void)flags;
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaStreamAttachMemAsync_ptsz, cudaStreamAttachMemAsync);
