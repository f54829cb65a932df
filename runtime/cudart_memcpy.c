/* cudart_memcpy.c -- cudaMemcpy and cudaMemset in one, two and three
 * dimensions, synchronous and "asynchronous" (which complete before they
 * return, a legal order for any stream program).
 *
 * Every copy goes through rt_copy, which decides the direction from what
 * the pointers are (cudart_memory.h), checks it against the kind the
 * program gave, and never touches memory the host cannot reach.  2-D and
 * 3-D copies between linear memory are rows of 1-D copies; copies that
 * involve CUDA arrays are cudart_texture.c's.
 */
#include "config.h"

#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_devices.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_memory.h"
#include "runtime/cudart_texture_types.h"

/* Whether [p, p + n) lies inside the allocation info describes. */
static bool inside(const rt_ptr_info *info, const void *p, size_t n)
{
  uintptr_t a = (uintptr_t)p;
  return a >= info->base && n <= info->size && a - info->base <= info->size - n;
}

cudaError_t rt_copy(rt_state *st, void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
  if ((unsigned)kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (n == 0)
    return cudaSuccess;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  rt_ptr_info d = rt_classify(st, dst), s = rt_classify(st, src);
  bool dst_on_device = d.kind != RT_PTR_HOST, src_on_device = s.kind != RT_PTR_HOST;
  /* A side the kind places on the device must be device memory. */
  if (((kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice) && !dst_on_device) ||
      ((kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice) && !src_on_device))
    return cudaErrorInvalidValue;
  /* Unified memory is host memory too, but only within its allocation. */
  if ((d.kind == RT_PTR_UNIFIED && !inside(&d, dst, n)) ||
      (s.kind == RT_PTR_UNIFIED && !inside(&s, src, n)))
    return cudaErrorInvalidValue;
  ptxsim_devptr dp = (ptxsim_devptr)(uintptr_t)dst, sp = (ptxsim_devptr)(uintptr_t)src;
  int rc;
  /* Each side on its own device (unified addressing: several devices'
   * pointers tell their device apart). */
  if (d.kind == RT_PTR_DEVICE && s.kind == RT_PTR_DEVICE)
    rc = rt_copy_between(d.dev, dp, s.dev, sp, n);
  else if (d.kind == RT_PTR_DEVICE)
    rc = ptxsim_memcpy_htod(d.dev, dp, src, n);
  else if (s.kind == RT_PTR_DEVICE)
    rc = ptxsim_memcpy_dtoh(s.dev, dst, sp, n);
  else {
    memmove(dst, src, n);
    rc = PTXSIM_OK;
  }
  return rc == PTXSIM_OK ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t rt_fill(rt_state *st, void *dst, int value, size_t n)
{
  if (n == 0)
    return cudaSuccess;
  rt_ptr_info d = rt_classify(st, dst);
  if (d.kind == RT_PTR_HOST)
    return cudaErrorInvalidValue;
  int rc = ptxsim_memset(d.dev, (ptxsim_devptr)(uintptr_t)dst, value, n);
  return rc == PTXSIM_OK ? cudaSuccess : cudaErrorInvalidValue;
}

/* The preamble of every call here: the context, and the stream.  Stream
 * capture records 1-D copies and memsets (cudart_capture.c); the other
 * forms are refused in a capturing stream. */
static cudaError_t begin(rt_state *st, cudaStream_t stream)
{
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_capture_is_capturing(st, stream))
    e = cudaErrorStreamCaptureUnsupported;
  if (e == cudaSuccess)
    e = rt_capture_check_legacy(st, stream);
  return e;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
  return cudaMemcpyAsync(dst, src, count, kind, NULL);
}
RT_ALIAS(cudaMemcpy_ptds, cudaMemcpy);

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (rt_capture_is_capturing(st, stream))
    return rt_unlock(st, rt_capture_memcpy(st, dst, src, count, kind, stream));
  cudaError_t e = begin(st, stream);
  if (e == cudaSuccess)
    e = rt_copy(st, dst, src, count, kind);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemcpyAsync_ptsz, cudaMemcpyAsync);

/* cudaMemcpyPeer and cudaMemcpyPeerAsync: cudart_devices.c. */

/* height rows of width bytes, rows dpitch and spitch bytes apart. */
static cudaError_t copy_2d(rt_state *st, char *dst, size_t dpitch, const char *src, size_t spitch,
                           size_t width, size_t height, enum cudaMemcpyKind kind)
{
  if ((unsigned)kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (width > dpitch || width > spitch)
    return cudaErrorInvalidPitchValue;
  if (width == dpitch && width == spitch && height)
    return rt_copy(st, dst, src, width * height, kind);
  for (size_t y = 0; y < height; y++) {
    cudaError_t e = rt_copy(st, dst + y * dpitch, src + y * spitch, width, kind);
    if (e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
  rt_state *st = rt_lock();
  cudaError_t e = begin(st, stream);
  if (e == cudaSuccess)
    e = copy_2d(st, dst, dpitch, src, spitch, width, height, kind);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemcpy2DAsync_ptsz, cudaMemcpy2DAsync);

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
  return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, NULL);
}
RT_ALIAS(cudaMemcpy2D_ptds, cudaMemcpy2D);

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!p)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = begin(st, stream);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  if (p->srcArray || p->dstArray) /* CUDA arrays: cudart_texture.c */
    return rt_unlock(st, rt_memcpy3d(st, p));
  /* Linear memory: positions and the extent's width are in bytes. */
  const struct cudaPitchedPtr *sp = &p->srcPtr, *dp = &p->dstPtr;
  size_t s_slice = sp->pitch * sp->ysize, d_slice = dp->pitch * dp->ysize;
  for (size_t z = 0; z < p->extent.depth && e == cudaSuccess; z++) {
    const char *s = (const char *)sp->ptr + (p->srcPos.z + z) * s_slice +
                    p->srcPos.y * sp->pitch + p->srcPos.x;
    char *d = (char *)dp->ptr + (p->dstPos.z + z) * d_slice + p->dstPos.y * dp->pitch +
              p->dstPos.x;
    e = copy_2d(st, d, dp->pitch, s, sp->pitch, p->extent.width, p->extent.height, p->kind);
  }
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemcpy3DAsync_ptsz, cudaMemcpy3DAsync);

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
  return cudaMemcpy3DAsync(p, NULL);
}
RT_ALIAS(cudaMemcpy3D_ptds, cudaMemcpy3D);

cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (rt_capture_is_capturing(st, stream))
    return rt_unlock(st, rt_capture_memset(st, ptr, value, count, stream));
  cudaError_t e = begin(st, stream);
  if (e == cudaSuccess)
    e = rt_fill(st, ptr, value, count);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemsetAsync_ptsz, cudaMemsetAsync);

cudaError_t cudaMemset(void *ptr, int value, size_t count)
{
  return cudaMemsetAsync(ptr, value, count, NULL);
}
RT_ALIAS(cudaMemset_ptds, cudaMemset);

static cudaError_t fill_2d(rt_state *st, char *ptr, size_t pitch, int value, size_t width,
                           size_t height)
{
  if (width > pitch)
    return cudaErrorInvalidPitchValue;
  for (size_t y = 0; y < height; y++) {
    cudaError_t e = rt_fill(st, ptr + y * pitch, value, width);
    if (e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream)
{
  rt_state *st = rt_lock();
  cudaError_t e = begin(st, stream);
  if (e == cudaSuccess)
    e = fill_2d(st, ptr, pitch, value, width, height);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemset2DAsync_ptsz, cudaMemset2DAsync);

cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height)
{
  return cudaMemset2DAsync(ptr, pitch, value, width, height, NULL);
}
RT_ALIAS(cudaMemset2D_ptds, cudaMemset2D);

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr ptr, int value, struct cudaExtent extent,
                              cudaStream_t stream)
{
  rt_state *st = rt_lock();
  cudaError_t e = begin(st, stream);
  size_t slice = ptr.pitch * ptr.ysize;
  for (size_t z = 0; z < extent.depth && e == cudaSuccess; z++)
    e = fill_2d(st, (char *)ptr.ptr + z * slice, ptr.pitch, value, extent.width, extent.height);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaMemset3DAsync_ptsz, cudaMemset3DAsync);

cudaError_t cudaMemset3D(struct cudaPitchedPtr ptr, int value, struct cudaExtent extent)
{
  return cudaMemset3DAsync(ptr, value, extent, NULL);
}
RT_ALIAS(cudaMemset3D_ptds, cudaMemset3D);
