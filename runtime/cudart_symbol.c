/* cudart_symbol.c -- module variables by their host shadow:
 * cudaMemcpyToSymbol, cudaMemcpyFromSymbol, cudaGetSymbolAddress,
 * cudaGetSymbolSize.
 *
 * A program names a __device__ or __constant__ variable by the address of
 * the host shadow nvcc gave it; __cudaRegisterVar told the runtime the PTX
 * name behind each shadow (cudart_module.c), and ptxsim knows the
 * variable's device address by that name.  A variable of a module that
 * failed to load reports the module's error.
 */
#include "config.h"

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_memory.h"

/* The device address and size of the variable behind symbol. */
static cudaError_t resolve(rt_state *st, const void *symbol, char **addr, size_t *size)
{
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  rt_var *v = rt_var_find(st, symbol);
  if (!v)
    return cudaErrorInvalidSymbol;
  e = rt_module_load(st, v->mod);
  if (e != cudaSuccess)
    return e;
  ptxsim_devptr a;
  if (ptxsim_symbol_address_in(st->dev, v->mod->module, v->name, &a, size) != PTXSIM_OK)
    return cudaErrorInvalidSymbol;
  *addr = (char *)(uintptr_t)a;
  return cudaSuccess;
}

/* The checks a copy to or from a symbol makes, in CUDA's order; *at is
 * where the copy starts in the host's view of the symbol.  kind must be
 * `direction' (to or from the host), device to device, or default. */
static cudaError_t symbol_copy_at(rt_state *st, const void *symbol, size_t count, size_t offset,
                                  enum cudaMemcpyKind kind, enum cudaMemcpyKind direction,
                                  cudaStream_t stream, char **at)
{
  size_t size;
  cudaError_t e = resolve(st, symbol, at, &size);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && kind != direction && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    e = cudaErrorInvalidMemcpyDirection;
  if (e == cudaSuccess && (offset > size || count > size - offset))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *at += offset;
  /* Capture records the copy (the callers); legacy-stream work during a
   * capture is refused. */
  if (e == cudaSuccess && !rt_capture_is_capturing(st, stream))
    e = rt_capture_check_legacy(st, stream);
  return e;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream)
{
  rt_state *st = rt_lock();
  char *at;
  cudaError_t e =
    symbol_copy_at(st, symbol, count, offset, kind, cudaMemcpyHostToDevice, stream, &at);
  if (e == cudaSuccess)
    e = rt_capture_is_capturing(st, stream)
          ? rt_capture_memcpy(st, at, src, count, kind, stream)
          : rt_copy(st, at, src, count, kind);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemcpyToSymbolAsync_ptsz, cudaMemcpyToSymbolAsync);

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
  return cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, NULL);
}
RT_ALIAS(cudaMemcpyToSymbol_ptds, cudaMemcpyToSymbol);

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  char *at;
  cudaError_t e =
    symbol_copy_at(st, symbol, count, offset, kind, cudaMemcpyDeviceToHost, stream, &at);
  if (e == cudaSuccess)
    e = rt_capture_is_capturing(st, stream)
          ? rt_capture_memcpy(st, dst, at, count, kind, stream)
          : rt_copy(st, dst, at, count, kind);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemcpyFromSymbolAsync_ptsz, cudaMemcpyFromSymbolAsync);

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
  return cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, NULL);
}
RT_ALIAS(cudaMemcpyFromSymbol_ptds, cudaMemcpyFromSymbol);

cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol)
{
  rt_state *st = rt_lock();
  if (!ptr)
    return rt_unlock(st, cudaErrorInvalidValue);
  char *addr;
  size_t size;
  cudaError_t e = resolve(st, symbol, &addr, &size);
  if (e == cudaSuccess)
    *ptr = addr;
  return rt_unlock(st, e);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
  rt_state *st = rt_lock();
  if (!size)
    return rt_unlock(st, cudaErrorInvalidValue);
  char *addr;
  return rt_unlock(st, resolve(st, symbol, &addr, size));
}
