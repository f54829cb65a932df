/* cudart_memory.h -- what the runtime's memory calls share: where a
 * pointer lies, and one copy routine for every direction.
 *
 * With unified addressing a pointer is one of three things: device memory
 * that only kernels can touch (cudaMalloc), memory both sides use at the
 * same address (cudaMallocManaged, cudaMallocHost, cudaHostAlloc: ptxsim's
 * unified allocations), or ordinary host memory.  Copies look at what
 * the pointers are rather than trusting the cudaMemcpyKind, so a wrong
 * kind gives an error, never a crash.
 */
#ifndef PTXSIM_RUNTIME_CUDART_MEMORY_H
#define PTXSIM_RUNTIME_CUDART_MEMORY_H

#include <stddef.h>

#include "runtime/cudart_state.h"

typedef enum rt_ptr_kind {
  RT_PTR_HOST,    /* not device memory */
  RT_PTR_DEVICE,  /* device memory, not usable by the host */
  RT_PTR_UNIFIED  /* device memory mapped at the same host address */
} rt_ptr_kind;

typedef struct rt_ptr_info {
  rt_ptr_kind kind;
  uintptr_t base;   /* of its allocation (device and unified) */
  size_t size;
  const rt_unified *unified; /* RT_PTR_UNIFIED: the record */
  ptxsim_device *dev;        /* the device whose memory it is (not host) */
} rt_ptr_info;

/* Classifies p (the device must exist); memory of another simulated
 * GPU (ptxsim exec --devices) is that device's. */
rt_ptr_info rt_classify(rt_state *st, const void *p);

/* Copies n bytes; kind as cudaMemcpy takes it.  The device must exist.
 * cudaErrorInvalidMemcpyDirection for a kind out of range;
 * cudaErrorInvalidValue when a side the kind says is device memory is not,
 * or a device range leaves its allocation. */
cudaError_t rt_copy(rt_state *st, void *dst, const void *src, size_t n, enum cudaMemcpyKind kind);

/* Sets n bytes of device (or unified) memory to value. */
cudaError_t rt_fill(rt_state *st, void *dst, int value, size_t n);

#endif /* PTXSIM_RUNTIME_CUDART_MEMORY_H */
