/* cudart_func.c -- kernels as the runtime describes them: attributes,
 * per-kernel settings and occupancy.
 *
 * Attributes come from ptxsim_kernel_get_attrs.  Occupancy is computed as
 * the CUDA occupancy calculator does from the per-SM limits on threads,
 * blocks and shared memory, but without the register limit: the emulator
 * does not allocate registers, and its register count is a loose upper
 * bound that would make occupancy-sized grids far smaller than a GPU's
 * (or zero).  In timing mode the timing model's CTA accounting, which
 * counts its register estimate, may hold fewer: then its count is the
 * answer, so that a cooperative grid sized by it is resident at once.
 * Cache, carveout and bank settings are recorded and have no effect.
 */
#include "config.h"

#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

/* The kernel behind func with its module loaded, or an error. */
static cudaError_t find_loaded(rt_state *st, const void *func, rt_kernel **out)
{
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  rt_kernel *k = rt_kernel_find(st, func);
  if (!k)
    return cudaErrorInvalidDeviceFunction;
  e = rt_module_load(st, k->mod);
  if (e != cudaSuccess)
    return e;
  if (!k->is_found)
    return cudaErrorInvalidDeviceFunction;
  *out = k;
  return cudaSuccess;
}

static cudaError_t kernel_attrs(rt_state *st, const void *func, rt_kernel **k,
                                ptxsim_kernel_attrs *a)
{
  cudaError_t e = find_loaded(st, func, k);
  if (e != cudaSuccess)
    return e;
  return ptxsim_kernel_get_attrs_in(st->dev, (*k)->mod->module, (*k)->name, a) == PTXSIM_OK
             ? cudaSuccess
             : cudaErrorInvalidDeviceFunction;
}

/* The dynamic shared memory a launch may use (see cudart_launch.c). */
static int max_dynamic_shared(const rt_state *st, const rt_kernel *k, size_t static_shared)
{
  if (k->max_dyn_shared >= 0)
    return k->max_dyn_shared;
  size_t limit = st->props.shared_per_block;
  return static_shared < limit ? (int)(limit - static_shared) : 0;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
  rt_state *st = rt_lock();
  if (!attr)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k;
  ptxsim_kernel_attrs a;
  cudaError_t e = kernel_attrs(st, func, &k, &a);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  *attr = (struct cudaFuncAttributes){
    .sharedSizeBytes = a.static_shared_bytes,
    .constSizeBytes = 0,
    .localSizeBytes = a.local_bytes,
    .maxThreadsPerBlock = a.max_threads_per_block,
    .numRegs = a.num_regs,
    /* What CUDA reports, whatever its manual says: ptxVersion is the
     * virtual architecture the PTX was compiled for (compute_75: 75), not
     * the PTX ISA version; CUB picks its tuning policies by it.  The
     * binary is what the driver would JIT: the device's own. */
    .ptxVersion = a.target_sm,
    .binaryVersion = st->props.cc_major * 10 + st->props.cc_minor,
    .maxDynamicSharedSizeBytes = max_dynamic_shared(st, k, a.static_shared_bytes),
    .preferredShmemCarveout = k->carveout,
  };
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
  rt_state *st = rt_lock();
  rt_kernel *k;
  ptxsim_kernel_attrs a;
  cudaError_t e = kernel_attrs(st, func, &k, &a);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  switch (attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    if (value < 0 || a.static_shared_bytes + (size_t)value > st->props.shared_per_block_optin)
      return rt_unlock(st, cudaErrorInvalidValue);
    k->max_dyn_shared = value;
    break;
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    if (value < -1 || value > 100)
      return rt_unlock(st, cudaErrorInvalidValue);
    k->carveout = value;
    break;
  case cudaFuncAttributeRequiredClusterWidth:
  case cudaFuncAttributeRequiredClusterHeight:
  case cudaFuncAttributeRequiredClusterDepth:
  case cudaFuncAttributeClusterDimMustBeSet:
  case cudaFuncAttributeNonPortableClusterSizeAllowed:
    /* Clusters need sm_90; the simulated GPU has none. */
    return rt_unlock(st, value ? cudaErrorNotSupported : cudaSuccess);
  case cudaFuncAttributeClusterSchedulingPolicyPreference: break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config)
{
  rt_state *st = rt_lock();
  rt_kernel *k;
  cudaError_t e = find_loaded(st, func, &k);
  if (e == cudaSuccess && (unsigned)config > cudaFuncCachePreferEqual)
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess)
    k->cache_config = config;
  return rt_unlock(st, e);
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
  rt_state *st = rt_lock();
  rt_kernel *k;
  cudaError_t e = find_loaded(st, func, &k);
  if (e == cudaSuccess && (unsigned)config > cudaSharedMemBankSizeEightByte)
    e = cudaErrorInvalidValue;
  return rt_unlock(st, e);
}

cudaError_t cudaFuncGetName(const char **name, const void *func)
{
  rt_state *st = rt_lock();
  if (!name)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k = rt_kernel_find(st, func);
  if (!k)
    return rt_unlock(st, cudaErrorInvalidDeviceFunction);
  *name = k->name;
  return rt_unlock(st, cudaSuccess);
}

/* Resident blocks of block_size threads and dyn_shared bytes per SM. */
static int blocks_per_sm(const rt_state *st, const ptxsim_kernel_attrs *a, int block_size,
                         size_t dyn_shared)
{
  const ptxsim_device_props *p = &st->props;
  if (block_size <= 0 || block_size > a->max_threads_per_block)
    return 0;
  int warps = (block_size + p->warp_size - 1) / p->warp_size;
  int n = p->max_threads_per_sm / (warps * p->warp_size);
  if (n > p->max_blocks_per_sm)
    n = p->max_blocks_per_sm;
  size_t shared = a->static_shared_bytes + dyn_shared;
  if (shared > p->shared_per_block_optin)
    return 0;
  /* From compute capability 8.0 the system takes reserved_shared_per_block
   * of each resident block's shared memory. */
  size_t per_block = shared + p->reserved_shared_per_block;
  if (per_block && (size_t)n > p->shared_per_sm / per_block)
    n = (int)(p->shared_per_sm / per_block);
  return n;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n_blocks,
                                                                   const void *func,
                                                                   int block_size,
                                                                   size_t dyn_shared,
                                                                   unsigned flags)
{
  rt_state *st = rt_lock();
  if (!n_blocks || (flags & ~RT_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k;
  ptxsim_kernel_attrs a;
  cudaError_t e = kernel_attrs(st, func, &k, &a);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  *n_blocks = blocks_per_sm(st, &a, block_size, dyn_shared);
  /* Timing mode: what its CTA accounting holds, registers included, so
   * that a cooperative grid of this size is resident at once there. */
  int tm_blocks;
  if (*n_blocks > 0 && ptxsim_device_get_mode(st->dev) == PTXSIM_MODE_TIMING &&
      ptxsim_timing_occupancy_in(st->dev, k->mod->module, k->name, (unsigned)block_size,
                                 dyn_shared, &tm_blocks) == PTXSIM_OK &&
      tm_blocks < *n_blocks)
    *n_blocks = tm_blocks;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n_blocks, const void *func,
                                                          int block_size, size_t dyn_shared)
{
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n_blocks, func, block_size,
                                                                dyn_shared, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dyn_shared, const void *func,
                                                      int n_blocks, int block_size)
{
  rt_state *st = rt_lock();
  if (!dyn_shared || n_blocks <= 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k;
  ptxsim_kernel_attrs a;
  cudaError_t e = kernel_attrs(st, func, &k, &a);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  if (blocks_per_sm(st, &a, block_size, 0) < n_blocks) {
    *dyn_shared = 0;
    return rt_unlock(st, cudaSuccess);
  }
  size_t per_block = st->props.shared_per_sm / (size_t)n_blocks;
  per_block = per_block > st->props.reserved_shared_per_block
                  ? per_block - st->props.reserved_shared_per_block
                  : 0;
  if (per_block > st->props.shared_per_block_optin)
    per_block = st->props.shared_per_block_optin;
  *dyn_shared = per_block > a.static_shared_bytes ? per_block - a.static_shared_bytes : 0;
  return rt_unlock(st, cudaSuccess);
}
