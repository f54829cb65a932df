/* cudart_register.c -- the calls nvcc generates: registration of
 * fatbinaries, kernels and variables at start-up, and the <<<...>>>
 * launch sequence; plus the public launch functions.
 *
 * Start-up, per translation unit (crt/host_runtime.h):
 *     h = __cudaRegisterFatBinary(&wrapper);
 *     __cudaRegisterFunction(h, stub, "name", ...);   for each kernel
 *     __cudaRegisterVar(h, &shadow, "name", ...);      for each variable
 *     __cudaRegisterFatBinaryEnd(h);                   -> module loaded
 *     atexit(... __cudaUnregisterFatBinary(h) ...);
 * A launch kernel<<<g, b, s, t>>>(args) is
 *     __cudaPushCallConfiguration(g, b, s, t) == 0 ? stub(args) : (void)0;
 * and the stub pops the configuration and calls __cudaLaunchKernel with
 * the handle __cudaGetKernel gave it.  The handle returned for a
 * fatbinary is its rt_module; for a kernel, its rt_kernel.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

void **__cudaRegisterFatBinary(void *fat_cubin)
{
  rt_state *st = rt_lock();
  rt_module *m = rt_module_add(st, fat_cubin);
  if (!m)
    rt_message("error: out of memory registering a fatbinary");
  rt_unlock(st, cudaSuccess);
  return (void **)m;
}

void __cudaRegisterFatBinaryEnd(void **handle)
{
  rt_state *st = rt_lock();
  rt_module *m = rt_module_of_handle(st, handle);
  /* The module is loaded now, as the CUDA runtime does when eager module
   * loading is on: a program with no usable PTX hears so at start-up. */
  if (m && rt_ensure_device(st) == cudaSuccess)
    (void)rt_module_load(st, m);
  rt_unlock(st, cudaSuccess);
}

void __cudaUnregisterFatBinary(void **handle)
{
  /* Called from atexit handlers; the module stays (C++ static destructors
   * run later may still use the device) and goes with the library, but its
   * kernels no longer launch (cudaErrorCudartUnloading, rt_launch).  Other
   * threads may still be calling: exit goes ahead of them. */
  rt_state *st = rt_lock_first();
  rt_module *m = rt_module_of_handle(st, handle);
  if (m)
    m->is_unregistered = true;
  rt_unlock(st, cudaSuccess);
}

void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                            const char *device_name, int thread_limit, uint3 *tid, uint3 *bid,
                            dim3 *block_dim, dim3 *grid_dim, int *warp_size)
{
  (void)device_name, (void)thread_limit, (void)tid, (void)bid, (void)block_dim, (void)grid_dim;
  (void)warp_size;
  rt_state *st = rt_lock();
  rt_module *m = rt_module_of_handle(st, handle);
  if (m && device_fun && !rt_kernel_add(st, m, host_fun, device_fun))
    rt_message("error: out of memory registering kernel %s", device_fun);
  rt_unlock(st, cudaSuccess);
}

void __cudaRegisterVar(void **handle, char *host_var, char *device_address,
                       const char *device_name, int ext, size_t size, int constant, int global)
{
  (void)device_name, (void)ext, (void)global;
  rt_state *st = rt_lock();
  rt_module *m = rt_module_of_handle(st, handle);
  if (m && device_address &&
      !rt_var_add(st, m, host_var, device_address, size, constant != 0, NULL))
    rt_message("error: out of memory registering variable %s", device_address);
  rt_unlock(st, cudaSuccess);
}

void __cudaRegisterManagedVar(void **handle, void **host_var_ptr_address, char *device_address,
                              const char *device_name, int ext, size_t size, int constant,
                              int global)
{
  (void)device_name, (void)ext, (void)global;
  rt_state *st = rt_lock();
  rt_module *m = rt_module_of_handle(st, handle);
  /* The host reaches a __managed__ variable through a pointer nvcc keeps
   * (*host_var_ptr_address); it is set when the module is loaded.  The
   * pointer's address also serves as the symbol for cudaMemcpyToSymbol. */
  if (m && device_address && host_var_ptr_address &&
      !rt_var_add(st, m, host_var_ptr_address, device_address, size, constant != 0,
                  host_var_ptr_address))
    rt_message("error: out of memory registering variable %s", device_address);
  rt_unlock(st, cudaSuccess);
}

void __cudaRegisterHostVar(void **handle, const char *device_name, char *host_var, size_t size)
{
  (void)handle, (void)host_var, (void)size;
  rt_message_once("__cudaRegisterHostVar",
                  "warning: device code refers to host variable %s, which ptxsim does not "
                  "map into device memory",
                  device_name ? device_name : "?");
}

void __cudaRegisterUnifiedTable(void *table)
{
  (void)table;
  rt_message_once("__cudaRegisterUnifiedTable",
                  "warning: __cudaRegisterUnifiedTable (unified function pointers) is not "
                  "supported by the emulator; ignored");
}

char __cudaInitModule(void **handle)
{
  /* Called before the host first touches a __managed__ variable: the
   * module must be loaded so that its pointer is set. */
  rt_state *st = rt_lock();
  rt_module *m = rt_module_of_handle(st, handle);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && m)
    e = rt_module_load(st, m);
  rt_unlock(st, cudaSuccess);
  return e == cudaSuccess && m;
}

/* ---- the <<<...>>> configuration, per host thread ---------------------- */

/* Pushes nest when a kernel argument itself launches a kernel. */
#define RT_CONFIG_DEPTH 16

typedef struct rt_config {
  dim3 grid, block;
  size_t shmem;
  cudaStream_t stream;
} rt_config;

static _Thread_local rt_config rt_configs[RT_CONFIG_DEPTH];
static _Thread_local int rt_n_configs;

unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
  if (rt_n_configs == RT_CONFIG_DEPTH)
    return 1; /* the launch is skipped */
  rt_configs[rt_n_configs++] = (rt_config){grid, block, shmem, stream};
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem,
                                       cudaStream_t *stream)
{
  if (rt_n_configs == 0) {
    rt_last_error_set(cudaErrorMissingConfiguration);
    return cudaErrorMissingConfiguration;
  }
  const rt_config *c = &rt_configs[--rt_n_configs];
  if (grid)
    *grid = c->grid;
  if (block)
    *block = c->block;
  if (shmem)
    *shmem = c->shmem;
  if (stream)
    *stream = c->stream;
  return cudaSuccess;
}

cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *host_fun)
{
  return cudaGetKernel(kernel, host_fun);
}

cudaError_t cudaGetKernel(cudaKernel_t *kernel, const void *entry)
{
  rt_state *st = rt_lock();
  if (!kernel)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k = rt_kernel_find(st, entry);
  *kernel = (cudaKernel_t)k;
  return rt_unlock(st, k ? cudaSuccess : cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaGetFuncBySymbol(cudaFunction_t *func, const void *symbol)
{
  rt_state *st = rt_lock();
  if (!func)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k = rt_kernel_find(st, symbol);
  *func = (cudaFunction_t)k;
  return rt_unlock(st, k ? cudaSuccess : cudaErrorInvalidDeviceFunction);
}

/* ---- launches ----------------------------------------------------------- */

static cudaError_t launch(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
                          cudaStream_t stream)
{
  rt_state *st = rt_lock();
  rt_kernel *k = rt_kernel_find(st, func);
  if (!k)
    return rt_unlock(st, rt_is_unloaded() ? cudaErrorCudartUnloading
                                          : cudaErrorInvalidDeviceFunction);
  return rt_unlock(st, rt_launch(st, k, grid, block, shmem, stream, args));
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void **args,
                               size_t shmem, cudaStream_t stream)
{
  return launch(kernel, grid, block, args, shmem, stream);
}
RT_ALIAS(__cudaLaunchKernel_ptsz, __cudaLaunchKernel);

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
                             cudaStream_t stream)
{
  return launch(func, grid, block, args, shmem, stream);
}
RT_ALIAS(cudaLaunchKernel_ptsz, cudaLaunchKernel);

/* A cooperative launch: after the grid-size check a GPU makes (every
 * block resident at once: at most cudaOccupancyMaxActiveBlocksPerMultiprocessor
 * blocks per SM on every SM, else cudaErrorCooperativeLaunchTooLarge), the
 * device runs it with a grid workspace, which grid.sync() needs
 * (isa/simt_grid.c). */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t shmem, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  rt_kernel *k = rt_kernel_find(st, func);
  if (!k)
    return rt_unlock(st, cudaErrorInvalidDeviceFunction);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  int per_sm = 0;
  int threads = (int)(block.x * block.y * block.z);
  e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, threads, shmem);
  if (e == cudaSuccess && per_sm > 0 &&
      (uint64_t)grid.x * grid.y * grid.z > (uint64_t)per_sm * (uint64_t)st->props.sm_count)
    return rt_unlock(st, cudaErrorCooperativeLaunchTooLarge);
  return rt_unlock(st, rt_launch_flags(st, k, grid, block, shmem, stream, args,
                                       PTXSIM_LAUNCH_COOPERATIVE));
}
RT_ALIAS(cudaLaunchCooperativeKernel_ptsz, cudaLaunchCooperativeKernel);

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
  if (!config)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  if (config->numAttrs && !config->attrs)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  bool is_cooperative = false;
  for (unsigned i = 0; i < config->numAttrs; i++) {
    const cudaLaunchAttribute *a = &config->attrs[i];
    switch (a->id) {
    case RT_LAUNCH_ATTR_COOPERATIVE: is_cooperative = a->val.cooperative != 0; break;
    case RT_LAUNCH_ATTR_CLUSTER_DIMENSION:
      /* Thread block clusters need sm_90; the simulated GPU is older. */
      if (a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z > 1)
        return rt_unlock(rt_lock(), cudaErrorInvalidClusterSize);
      break;
    default: break; /* hints about caching, priorities, scheduling */
    }
  }
  if (is_cooperative)
    return cudaLaunchCooperativeKernel(func, config->gridDim, config->blockDim, args,
                                       config->dynamicSmemBytes, config->stream);
  return launch(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
                config->stream);
}
RT_ALIAS(cudaLaunchKernelExC_ptsz, cudaLaunchKernelExC);
