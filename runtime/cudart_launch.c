/* cudart_launch.c -- running a kernel for the CUDA runtime, and turning
 * ptxsim's status codes into cudaError_t.
 *
 * A launch runs to completion before the call returns, so the errors a GPU
 * reports at the next synchronisation are known at once; they are returned
 * by the launch itself too (CUDA allows a call to return errors of earlier
 * asynchronous work).  Mapping of a failed ptxsim_launch:
 *   PTXSIM_E_LAUNCH     cudaErrorInvalidConfiguration   (not sticky)
 *   PTXSIM_E_FAULT      cudaErrorIllegalAddress, or cudaErrorMisalignedAddress
 *                       for a misaligned access         (sticky)
 *   PTXSIM_E_TRAP       cudaErrorAssert after __assertfail (device assert()),
 *                       else cudaErrorLaunchFailure     (sticky)
 *   PTXSIM_E_DEADLOCK   cudaErrorLaunchFailure          (sticky; a CTA barrier, or
 *                       a grid-wide barrier that can never complete)
 *   PTXSIM_E_TIMEOUT    cudaErrorLaunchTimeout          (sticky)
 * A sticky error is printed on stderr with ptxsim's report (what, PTX
 * file:line, kernel, block, thread): the emulator's compute-sanitizer.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "runtime/cudart_graph.h"
#include "runtime/cudart_state.h"

cudaError_t rt_error_of_status(int status)
{
  switch (status) {
  case PTXSIM_OK: return cudaSuccess;
  case PTXSIM_E_INVALID: return cudaErrorInvalidValue;
  case PTXSIM_E_NOMEM: return cudaErrorMemoryAllocation;
  case PTXSIM_E_NOTFOUND: return cudaErrorInvalidSymbol;
  case PTXSIM_E_UNSUPPORTED: return cudaErrorNotSupported;
  case PTXSIM_E_PARSE: return cudaErrorInvalidPtx;
  case PTXSIM_E_LAUNCH: return cudaErrorInvalidConfiguration;
  case PTXSIM_E_FAULT: return cudaErrorIllegalAddress;
  case PTXSIM_E_TRAP:
  case PTXSIM_E_DEADLOCK: return cudaErrorLaunchFailure;
  case PTXSIM_E_TIMEOUT: return cudaErrorLaunchTimeout;
  default: return cudaErrorUnknown;
  }
}

/* The error of a failed launch; *is_sticky says whether the context is
 * lost (a fault during execution) or only this launch was refused. */
static cudaError_t launch_error(int status, const char *message, bool *is_sticky)
{
  *is_sticky = true;
  switch (status) {
  case PTXSIM_E_FAULT:
    return strstr(message, "(misaligned address)") ? cudaErrorMisalignedAddress
                                                   : cudaErrorIllegalAddress;
  case PTXSIM_E_TRAP:
    /* isa/ops_ctrl.c words __assertfail's report "assertion '...' failed". */
    return strstr(message, "assertion '") ? cudaErrorAssert : cudaErrorLaunchFailure;
  case PTXSIM_E_DEADLOCK: return cudaErrorLaunchFailure;
  case PTXSIM_E_TIMEOUT: return cudaErrorLaunchTimeout;
  default: *is_sticky = false; return rt_error_of_status(status);
  }
}

/* The dynamic shared memory a kernel may ask for: what
 * cudaFuncSetAttribute allowed, else the default per-block limit less the
 * kernel's static shared memory. */
static size_t max_dynamic_shared(rt_state *st, const rt_kernel *k, size_t static_shared)
{
  if (k->max_dyn_shared >= 0)
    return (size_t)k->max_dyn_shared;
  size_t limit = st->props.shared_per_block;
  return static_shared < limit ? limit - static_shared : 0;
}

cudaError_t rt_launch(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                      cudaStream_t stream, void **args)
{
  return rt_launch_flags(st, k, grid, block, shmem, stream, args, 0);
}

cudaError_t rt_launch_flags(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                            cudaStream_t stream, void **args, unsigned flags)
{
  /* The program is exiting (or unloaded the library with the module):
   * CUDA refuses launches during teardown. */
  if (k->mod->is_unregistered)
    return cudaErrorCudartUnloading;
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  e = rt_module_load(st, k->mod);
  if (e != cudaSuccess)
    return e;
  if (!k->is_found) {
    rt_message("error: kernel %s is not in the PTX of %s", k->name, k->mod->name);
    return cudaErrorInvalidDeviceFunction;
  }
  if (!rt_stream_is_valid(st, stream))
    return cudaErrorInvalidResourceHandle;
  if (k->n_params && !args)
    return cudaErrorInvalidValue;
  /* A capturing stream records the launch (cudart_capture.c). */
  if (rt_capture_is_capturing(st, stream))
    return rt_capture_kernel(st, k, grid, block, shmem, stream, args);
  e = rt_capture_check_legacy(st, stream);
  if (e != cudaSuccess)
    return e;
  ptxsim_kernel_attrs attrs;
  if (ptxsim_kernel_get_attrs_in(st->dev, k->mod->module, k->name, &attrs) == PTXSIM_OK &&
      shmem > max_dynamic_shared(st, k, attrs.static_shared_bytes)) {
    rt_message("error: launch of %s: %zu bytes of dynamic shared memory exceed the %zu "
               "allowed (raise the limit with cudaFuncSetAttribute("
               "cudaFuncAttributeMaxDynamicSharedMemorySize))",
               k->name, shmem, max_dynamic_shared(st, k, attrs.static_shared_bytes));
    return cudaErrorInvalidValue;
  }
  ptxsim_dim3 g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z};
  int rc = ptxsim_launch_ex_in(st->dev, k->mod->module, k->name, g, b, shmem,
                               (const void *const *)args, k->n_params, flags);
  ptxsim_stats s;
  bool has_stats = ptxsim_last_stats(st->dev, &s) == PTXSIM_OK && s.kernel &&
                   strcmp(s.kernel, k->name) == 0;
  if (rc == PTXSIM_OK) {
    if (has_stats)
      rt_stats_add(st, k->name, grid, block, shmem, &s, cudaSuccess);
    return cudaSuccess;
  }
  const char *message = ptxsim_device_error(st->dev);
  bool is_sticky;
  e = launch_error(rc, message, &is_sticky);
  if (is_sticky) {
    fflush(stdout);
    fputs(message, stderr);
    if (!*message || message[strlen(message) - 1] != '\n')
      fputc('\n', stderr);
    fflush(stderr);
    rt_set_sticky(st, e);
  } else {
    if (!*message)
      message = ptxsim_status_string(rc);
    size_t len = strlen(message);
    while (len && message[len - 1] == '\n')
      len--;
    rt_message("error: %.*s", (int)len, message);
  }
  /* Refused launches ran nothing; faulting ones count. */
  if (has_stats && is_sticky)
    rt_stats_add(st, k->name, grid, block, shmem, &s, e);
  return e;
}
