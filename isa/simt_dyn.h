/* simt_dyn.h -- device-side kernel launches (CUDA dynamic parallelism).
 *
 * With nvcc -rdc=true a kernel<<<g, b, s, t>>>(args) in device code
 * compiles to two calls of the device runtime (PTX .extern .func,
 * CUDA 12+ "CDP2" ABI):
 *     buf = __cudaCDP2GetParameterBufferV2(&kernel, g, b, s);  (dim3 by value)
 *     if (buf) { store the arguments at their offsets in buf;
 *                err = __cudaCDP2LaunchDeviceV2(buf, t); }
 * The executor treats both as built-ins (isa/ops_ctrl.c): the first
 * allocates the buffer in device memory and records the launch, the
 * second marks it launched.  The launches wait in a queue that the grid's
 * owner (src/ptxsim_api.c) runs, in order, after the grid ends and before
 * the host sees it complete: a schedule CUDA allows, since without
 * device-side cudaDeviceSynchronize (removed in CUDA 12) a parent cannot
 * wait for its children, and a child launched into a tail stream runs
 * after its parent anyway.  Children's own launches join the same queue.
 */
#ifndef PTXSIM_ISA_SIMT_DYN_H
#define PTXSIM_ISA_SIMT_DYN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa_prog.h"

/* CUDA's limit on nested launch depth (a host launch is depth 0 here);
 * a deeper launch returns cudaErrorLaunchMaxDepthExceeded. */
#define SIMT_DYN_MAX_DEPTH 24
#define SIMT_DYN_ERR_MAX_DEPTH 65   /* cudaErrorLaunchMaxDepthExceeded */
#define SIMT_DYN_ERR_INVALID 1      /* cudaErrorInvalidValue */

typedef struct simt_child {
  const isa_kernel *kernel;
  uint32_t grid[3], block[3];
  uint64_t shmem;
  uint64_t params;   /* device address of the parameter buffer */
  uint32_t depth;    /* the child grid's depth (its parent's + 1) */
  bool is_launched;  /* LaunchDevice was called; else only a buffer */
} simt_child;

/* The launches of a host launch's grid tree, in the order they were made. */
typedef struct simt_children {
  simt_child *q;
  size_t n, cap, head; /* q[head..n) are still to run */
  uint32_t last_error;  /* device-side cudaGetLastError: the latest failed
                           launch's error, of any thread (not per thread) */
  uint64_t n_handles;   /* streams and events made in device code */
} simt_children;

/* Appends c; PTX_ENOMEM on failure. */
int simt_children_add(simt_children *cs, const simt_child *c);
/* The pending entry whose buffer is params, or NULL. */
simt_child *simt_children_find(simt_children *cs, uint64_t params);
void simt_children_release(simt_children *cs);

#endif /* PTXSIM_ISA_SIMT_DYN_H */
