/* cudart_texture.c -- CUDA arrays, mipmapped arrays, copies into and out
 * of them, and texture and surface objects, over ptxsim's texture API
 * (ptxsim_texture_create, ptxsim_surface_create in ptxsim.h).
 *
 * A cudaArray_t is a struct of ours: the format, the extent and flags the
 * program gave, and the layout ptxsim chose, which is plain: packed rows
 * (pitch = width x texel bytes) and packed slices, where a slice is a z
 * plane of a 3-D array, a layer, or a cube face (layer 6 L + face), all in
 * one device allocation.  A mipmapped array holds one such array per
 * level (level k is max(1, size >> k) in each dimension but the layers),
 * each its own allocation; cudaGetMipmappedArrayLevel hands out a pointer
 * to that level.  Texture objects are the handles ptxsim_texture_create
 * returns, surface objects those of ptxsim_surface_create, so a kernel's
 * tex/suld/sust names them directly.
 *
 * The runtime's state (cudart_state.h) has no room for arrays and
 * objects, so this file keeps two maps of its own, guarded by the
 * runtime's lock like everything else: live arrays (to tell a cudaArray_t
 * from a stray pointer) and object handles (for the cudaGet*ObjectDesc
 * calls).  Arrays remember the device they live on: after cudaDeviceReset
 * they are invalid handles.
 *
 * Semantics follow the CUDA Runtime API reference: extents of arrays are
 * in elements, of linear memory in bytes; cudaMemcpyDefault infers the
 * side of each pointer; surfaces need cudaArraySurfaceLoadStore; linear
 * filtering needs float texels or normalised reads
 * (cudaErrorInvalidFilterSetting).  Not supported: sRGB conversion,
 * resource views other than the whole resource, sparse and
 * deferred-mapping arrays, and arrays of 3-channel formats (CUDA has none).
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "runtime/cudart_api.h"
#include "runtime/cudart_memory.h"
#include "runtime/cudart_state.h"
#include "runtime/cudart_texture_types.h"
#include "runtime/cudart_types.h"

#define RT_ARRAY_MAGIC 0x41525259u  /* "ARRY" */
#define RT_MIPMAP_MAGIC 0x4d495053u /* "MIPS" */

struct cudaArray {
  uint32_t magic;
  ptxsim_device *dev;                 /* the device it lives on */
  struct cudaChannelFormatDesc desc;
  struct cudaExtent extent;           /* as given (levels: their own) */
  unsigned flags;
  ptxsim_tex_kind kind;
  unsigned channels, bits;
  ptxsim_channel_kind chan;
  bool is_norm_format;                /* cudaChannelFormatKind*Normalized*: read as floats */
  size_t w, h, slices;                /* texels; h 1 for 1-D; slices: depth, layers, faces */
  size_t texel_bytes, pitch, slice;   /* bytes */
  ptxsim_devptr data;
  struct cudaMipmappedArray *parent;  /* a level of it, or NULL */
};

struct cudaMipmappedArray {
  uint32_t magic;
  unsigned n_levels;
  struct cudaArray level[PTXSIM_TEX_MAX_LEVELS];
};

/* A texture or surface object, for cudaGet*ObjectResourceDesc. */
typedef struct rt_object {
  bool is_surface;
  struct cudaResourceDesc res;
  struct cudaTextureDesc tex;
  struct cudaResourceViewDesc view;
  bool has_view;
} rt_object;

/* Live arrays and mipmapped arrays (address -> itself) and objects
 * (handle -> rt_object); under rt_lock. */
static rt_map rt_arrays;
static rt_map rt_objects;

/* ---- formats ---------------------------------------------------------------- */

/* The texel format of a channel descriptor. */
static cudaError_t format_of(const struct cudaChannelFormatDesc *d, unsigned *channels,
                             unsigned *bits, ptxsim_channel_kind *chan, bool *is_norm)
{
  *is_norm = false;
  int f = (int)d->f;
  if (f >= RT_CHANNEL_UNORM8X1 && f <= RT_CHANNEL_SNORM16X4) {
    static const unsigned n[3] = {1, 2, 4};
    int k = f - RT_CHANNEL_UNORM8X1; /* unorm8 x1 x2 x4, unorm16 ..., snorm8, snorm16 */
    *channels = n[k % 3];
    *bits = (k / 3) % 2 ? 16 : 8;
    *chan = k >= 6 ? PTXSIM_CHANNEL_SIGNED : PTXSIM_CHANNEL_UNSIGNED;
    *is_norm = true;
    return cudaSuccess;
  }
  if (f != cudaChannelFormatKindSigned && f != cudaChannelFormatKindUnsigned &&
      f != cudaChannelFormatKindFloat)
    return cudaErrorInvalidChannelDescriptor;
  int b[4] = {d->x, d->y, d->z, d->w};
  unsigned n = 0;
  while (n < 4 && b[n] != 0)
    n++;
  for (unsigned i = n; i < 4; i++)
    if (b[i] != 0)
      return cudaErrorInvalidChannelDescriptor; /* a gap */
  if (n == 0 || n == 3)
    return cudaErrorInvalidChannelDescriptor;
  for (unsigned i = 1; i < n; i++)
    if (b[i] != b[0])
      return cudaErrorInvalidChannelDescriptor;
  if (b[0] != 8 && b[0] != 16 && b[0] != 32)
    return cudaErrorInvalidChannelDescriptor;
  if (f == cudaChannelFormatKindFloat && b[0] == 8)
    return cudaErrorInvalidChannelDescriptor;
  *channels = n;
  *bits = (unsigned)b[0];
  *chan = f == cudaChannelFormatKindSigned     ? PTXSIM_CHANNEL_SIGNED
          : f == cudaChannelFormatKindUnsigned ? PTXSIM_CHANNEL_UNSIGNED
                                               : PTXSIM_CHANNEL_FLOAT;
  return cudaSuccess;
}

/* ---- arrays ------------------------------------------------------------------ */

/* The array a handle names on the current device, or NULL. */
static struct cudaArray *array_of(rt_state *st, const struct cudaArray *a)
{
  struct cudaArray *r = NULL;
  if (!a)
    return NULL;
  if (rt_map_get(&rt_arrays, (uintptr_t)a) == a)
    r = (struct cudaArray *)a;
  else {
    /* A level of a live mipmapped array. */
    const struct cudaMipmappedArray *m;
    for (size_t i = 0; i < rt_arrays.cap && !r; i++) {
      m = rt_arrays.slots[i].value;
      if (m && ((const uint32_t *)m)[0] == RT_MIPMAP_MAGIC && a >= &m->level[0] &&
          a < &m->level[m->n_levels])
        r = (struct cudaArray *)a;
    }
  }
  return r && r->magic == RT_ARRAY_MAGIC && r->dev && r->dev == st->dev ? r : NULL;
}

static struct cudaMipmappedArray *mipmap_of(rt_state *st, const struct cudaMipmappedArray *m)
{
  if (!m || rt_map_get(&rt_arrays, (uintptr_t)m) != m || m->magic != RT_MIPMAP_MAGIC ||
      !m->level[0].dev || m->level[0].dev != st->dev)
    return NULL;
  return (struct cudaMipmappedArray *)m;
}

/* Fills a's format, kind and layout from the descriptor, the extent and
 * the flags (cudaMalloc3DArray's rules); allocates nothing. */
static cudaError_t shape(struct cudaArray *a, const struct cudaChannelFormatDesc *desc,
                         struct cudaExtent e, unsigned flags)
{
  memset(a, 0, sizeof *a);
  if (!desc)
    return cudaErrorInvalidValue;
  cudaError_t err = format_of(desc, &a->channels, &a->bits, &a->chan, &a->is_norm_format);
  if (err)
    return err;
  if (flags & ~(RT_ARRAY_LAYERED | RT_ARRAY_SURFACE_LOAD_STORE | RT_ARRAY_CUBEMAP |
                RT_ARRAY_TEXTURE_GATHER))
    return cudaErrorInvalidValue;
  if (e.width == 0)
    return cudaErrorInvalidValue;
  a->magic = RT_ARRAY_MAGIC;
  a->desc = *desc;
  a->extent = e;
  a->flags = flags;
  a->w = e.width;
  a->h = e.height ? e.height : 1;
  a->slices = 1;
  if (flags & RT_ARRAY_CUBEMAP) {
    bool layered = flags & RT_ARRAY_LAYERED;
    if (e.width != e.height || e.depth == 0 || e.depth % 6 || (!layered && e.depth != 6))
      return cudaErrorInvalidValue;
    a->kind = layered ? PTXSIM_TEX_CUBEMAP_LAYERED : PTXSIM_TEX_CUBEMAP;
    a->slices = e.depth;
  } else if (flags & RT_ARRAY_LAYERED) {
    if (e.depth == 0)
      return cudaErrorInvalidValue;
    a->kind = e.height ? PTXSIM_TEX_2D_LAYERED : PTXSIM_TEX_1D_LAYERED;
    a->slices = e.depth;
  } else if (e.depth) {
    if (!e.height)
      return cudaErrorInvalidValue;
    a->kind = PTXSIM_TEX_3D;
    a->slices = e.depth;
  } else
    a->kind = e.height ? PTXSIM_TEX_2D : PTXSIM_TEX_1D;
  const size_t lim = (size_t)1 << 30;
  if (a->w > lim || a->h > lim || a->slices > lim)
    return cudaErrorInvalidValue;
  a->texel_bytes = (size_t)a->channels * a->bits / 8;
  a->pitch = a->w * a->texel_bytes;
  a->slice = a->pitch * a->h;
  return cudaSuccess;
}

static cudaError_t allocate(rt_state *st, struct cudaArray *a)
{
  a->dev = st->dev;
  size_t bytes = a->slice * a->slices;
  int rc = ptxsim_malloc(st->dev, bytes, &a->data);
  return rc ? cudaErrorMemoryAllocation : cudaSuccess;
}

static cudaError_t new_array(cudaArray_t *out, const struct cudaChannelFormatDesc *desc,
                             struct cudaExtent e, unsigned flags)
{
  rt_state *st = rt_lock();
  cudaError_t err = rt_context(st);
  if (err)
    return rt_unlock(st, err);
  if (!out)
    return rt_unlock(st, cudaErrorInvalidValue);
  *out = NULL;
  struct cudaArray *a = malloc(sizeof *a);
  if (!a)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  err = shape(a, desc, e, flags);
  if (!err)
    err = allocate(st, a);
  if (!err && !rt_map_put(&rt_arrays, (uintptr_t)a, a)) {
    ptxsim_mem_free(st->dev, a->data);
    err = cudaErrorMemoryAllocation;
  }
  if (err) {
    free(a);
    return rt_unlock(st, err);
  }
  *out = a;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned flags)
{
  /* 1-D or 2-D only: cudaMallocArray takes no layered or cube flags. */
  if (flags & (RT_ARRAY_LAYERED | RT_ARRAY_CUBEMAP)) {
    rt_state *st = rt_lock();
    return rt_unlock(st, cudaErrorInvalidValue);
  }
  return new_array(array, desc, (struct cudaExtent){width, height, 0}, flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned flags)
{
  return new_array(array, desc, extent, flags);
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmap,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned num_levels,
                                     unsigned flags)
{
  rt_state *st = rt_lock();
  cudaError_t err = rt_context(st);
  if (err)
    return rt_unlock(st, err);
  if (!mipmap)
    return rt_unlock(st, cudaErrorInvalidValue);
  *mipmap = NULL;
  struct cudaMipmappedArray *m = calloc(1, sizeof *m);
  if (!m)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  m->magic = RT_MIPMAP_MAGIC;
  /* At most 1 + floor(log2(the largest mipmapped size)) levels. */
  bool layers = flags & (RT_ARRAY_LAYERED | RT_ARRAY_CUBEMAP);
  size_t big = extent.width > extent.height ? extent.width : extent.height;
  if (!layers && extent.depth > big)
    big = extent.depth;
  unsigned most = 1;
  while (most < PTXSIM_TEX_MAX_LEVELS && (big >> most) > 0)
    most++;
  m->n_levels = num_levels == 0 ? 1 : num_levels < most ? num_levels : most;
  for (unsigned k = 0; !err && k < m->n_levels; k++) {
    struct cudaExtent e = extent;
    size_t w = extent.width >> k, h = extent.height >> k, d = extent.depth >> k;
    e.width = w ? w : 1;
    if (extent.height)
      e.height = h ? h : 1;
    if (extent.depth && !layers)
      e.depth = d ? d : 1;
    err = shape(&m->level[k], desc, e, flags);
    if (!err)
      err = allocate(st, &m->level[k]);
    m->level[k].parent = m;
  }
  if (!err && !rt_map_put(&rt_arrays, (uintptr_t)m, m))
    err = cudaErrorMemoryAllocation;
  if (err) {
    for (unsigned k = 0; k < m->n_levels; k++)
      if (m->level[k].data)
        ptxsim_mem_free(st->dev, m->level[k].data);
    free(m);
    return rt_unlock(st, err);
  }
  *mipmap = m;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *level, cudaMipmappedArray_const_t mipmap,
                                       unsigned k)
{
  rt_state *st = rt_lock();
  struct cudaMipmappedArray *m = mipmap_of(st, mipmap);
  if (!level || !m)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (k >= m->n_levels)
    return rt_unlock(st, cudaErrorInvalidValue);
  *level = &m->level[k];
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
  rt_state *st = rt_lock();
  if (!array)
    return rt_unlock(st, cudaSuccess);
  struct cudaArray *a = rt_map_get(&rt_arrays, (uintptr_t)array);
  if (!a || a->magic != RT_ARRAY_MAGIC)
    return rt_unlock(st, cudaErrorInvalidValue); /* not ours, or a mipmap level */
  rt_map_remove(&rt_arrays, (uintptr_t)a);
  if (a->dev == st->dev && st->dev)
    ptxsim_mem_free(st->dev, a->data);
  a->magic = 0;
  free(a);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmap)
{
  rt_state *st = rt_lock();
  if (!mipmap)
    return rt_unlock(st, cudaSuccess);
  struct cudaMipmappedArray *m = rt_map_get(&rt_arrays, (uintptr_t)mipmap);
  if (!m || m->magic != RT_MIPMAP_MAGIC)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_map_remove(&rt_arrays, (uintptr_t)m);
  for (unsigned k = 0; k < m->n_levels; k++) {
    if (m->level[k].dev == st->dev && st->dev)
      ptxsim_mem_free(st->dev, m->level[k].data);
    m->level[k].magic = 0;
  }
  m->magic = 0;
  free(m);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a = array_of(st, array);
  if (!a)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (!desc)
    return rt_unlock(st, cudaErrorInvalidValue);
  *desc = a->desc;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned *flags, cudaArray_t array)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a = array_of(st, array);
  if (!a)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (desc)
    *desc = a->desc;
  if (extent)
    *extent = a->extent;
  if (flags)
    *flags = a->flags;
  return rt_unlock(st, cudaSuccess);
}

/* ---- copies ------------------------------------------------------------------- */

/* One end of a copy: an array at (byte x, row y, slice z), or memory at
 * ptr (host, device or unified) with a row pitch and a slice pitch. */
typedef struct rt_end {
  const struct cudaArray *a;
  size_t xb, y, z;
  uintptr_t ptr;
  size_t pitch, slice;
} rt_end;

static uintptr_t end_row(const rt_end *e, size_t row, size_t slice)
{
  if (e->a)
    return (uintptr_t)(e->a->data + (e->z + slice) * e->a->slice + (e->y + row) * e->a->pitch +
                       e->xb);
  return e->ptr + slice * e->slice + row * e->pitch;
}

static bool end_fits(const rt_end *e, size_t row_bytes, size_t rows, size_t slices)
{
  if (!e->a)
    return true; /* ptxsim checks device ranges; host ones are the program's */
  return e->xb <= e->a->pitch && row_bytes <= e->a->pitch - e->xb && e->y <= e->a->h &&
         rows <= e->a->h - e->y && e->z <= e->a->slices && slices <= e->a->slices - e->z;
}

/* Copies slices x rows x row_bytes from src to dst, row by row through
 * rt_copy (cudart_memory.h), which tells host, device and unified memory
 * apart and checks them against the kind.  An array is device memory;
 * the kind must not place it on the host. */
static cudaError_t copy_box(rt_state *st, const rt_end *dst, const rt_end *src, size_t row_bytes,
                            size_t rows, size_t slices, enum cudaMemcpyKind kind)
{
  if ((unsigned)kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if ((dst->a && (kind == cudaMemcpyHostToHost || kind == cudaMemcpyDeviceToHost)) ||
      (src->a && (kind == cudaMemcpyHostToHost || kind == cudaMemcpyHostToDevice)))
    return cudaErrorInvalidMemcpyDirection;
  if (!end_fits(dst, row_bytes, rows, slices) || !end_fits(src, row_bytes, rows, slices))
    return cudaErrorInvalidValue;
  for (size_t s = 0; s < slices; s++)
    for (size_t r = 0; r < rows; r++) {
      cudaError_t err = rt_copy(st, (void *)end_row(dst, r, s), (const void *)end_row(src, r, s),
                                row_bytes, kind);
      if (err)
        return err;
    }
  return cudaSuccess;
}

/* Starts an entry point that copies: the lock, the context, the arrays. */
static cudaError_t copy_begin(rt_state *st, const struct cudaArray *in,
                              const struct cudaArray **out)
{
  cudaError_t err = rt_context(st);
  if (err)
    return err;
  *out = array_of(st, in);
  return *out ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t w_offset, size_t h_offset,
                                const void *src, size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a;
  cudaError_t err = copy_begin(st, dst, &a);
  if (err)
    return rt_unlock(st, err);
  if (width == 0 || height == 0)
    return rt_unlock(st, cudaSuccess);
  if (!src || spitch < width)
    return rt_unlock(st, !src ? cudaErrorInvalidValue : cudaErrorInvalidPitchValue);
  rt_end d = {.a = a, .xb = w_offset, .y = h_offset};
  rt_end s = {.ptr = (uintptr_t)src, .pitch = spitch};
  return rt_unlock(st, copy_box(st, &d, &s, width, height, 1, kind));
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                                  size_t w_offset, size_t h_offset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a;
  cudaError_t err = copy_begin(st, src, &a);
  if (err)
    return rt_unlock(st, err);
  if (width == 0 || height == 0)
    return rt_unlock(st, cudaSuccess);
  if (!dst || dpitch < width)
    return rt_unlock(st, !dst ? cudaErrorInvalidValue : cudaErrorInvalidPitchValue);
  rt_end s = {.a = a, .xb = w_offset, .y = h_offset};
  rt_end d = {.ptr = (uintptr_t)dst, .pitch = dpitch};
  return rt_unlock(st, copy_box(st, &d, &s, width, height, 1, kind));
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t w_offset_dst, size_t h_offset_dst,
                                     cudaArray_const_t src, size_t w_offset_src,
                                     size_t h_offset_src, size_t width, size_t height,
                                     enum cudaMemcpyKind kind)
{
  rt_state *st = rt_lock();
  const struct cudaArray *da, *sa;
  cudaError_t err = copy_begin(st, dst, &da);
  if (!err)
    err = copy_begin(st, src, &sa);
  if (!err && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    err = cudaErrorInvalidMemcpyDirection;
  if (err || width == 0 || height == 0)
    return rt_unlock(st, err);
  rt_end d = {.a = da, .xb = w_offset_dst, .y = h_offset_dst};
  rt_end s = {.a = sa, .xb = w_offset_src, .y = h_offset_src};
  return rt_unlock(st, copy_box(st, &d, &s, width, height, 1, kind));
}

/* The deprecated 1-D copies: count bytes from (w_offset, h_offset) on,
 * continuing on the following rows (the layout is packed). */
static cudaError_t copy_linear(rt_state *st, const struct cudaArray *a, size_t w_offset,
                               size_t h_offset, const void *mem, bool to_array, size_t count,
                               enum cudaMemcpyKind kind)
{
  if (count == 0)
    return cudaSuccess;
  size_t start = h_offset * a->pitch + w_offset, total = a->slice * a->slices;
  if (!mem || w_offset > a->pitch || h_offset > a->h * a->slices || start > total ||
      count > total - start)
    return cudaErrorInvalidValue;
  if (kind == cudaMemcpyHostToHost ||
      kind == (to_array ? cudaMemcpyDeviceToHost : cudaMemcpyHostToDevice))
    return cudaErrorInvalidMemcpyDirection;
  void *ap = (void *)(uintptr_t)(a->data + start);
  return to_array ? rt_copy(st, ap, mem, count, kind) : rt_copy(st, (void *)mem, ap, count, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t w_offset, size_t h_offset, const void *src,
                              size_t count, enum cudaMemcpyKind kind)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a;
  cudaError_t err = copy_begin(st, dst, &a);
  if (!err)
    err = copy_linear(st, a, w_offset, h_offset, src, true, count, kind);
  return rt_unlock(st, err);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t w_offset,
                                size_t h_offset, size_t count, enum cudaMemcpyKind kind)
{
  rt_state *st = rt_lock();
  const struct cudaArray *a;
  cudaError_t err = copy_begin(st, src, &a);
  if (!err)
    err = copy_linear(st, a, w_offset, h_offset, dst, false, count, kind);
  return rt_unlock(st, err);
}

/* One end of cudaMemcpy3D. */
static cudaError_t end_3d(rt_state *st, const void *array, struct cudaPos pos,
                          struct cudaPitchedPtr ptr, rt_end *e)
{
  memset(e, 0, sizeof *e);
  if (array) {
    if (ptr.ptr)
      return cudaErrorInvalidValue; /* both an array and a pointer */
    e->a = array_of(st, array);
    if (!e->a)
      return cudaErrorInvalidResourceHandle;
    e->xb = pos.x * e->a->texel_bytes;
    e->y = pos.y;
    e->z = pos.z;
    return cudaSuccess;
  }
  if (!ptr.ptr)
    return cudaErrorInvalidValue;
  e->pitch = ptr.pitch;
  e->slice = ptr.pitch * ptr.ysize;
  e->ptr = (uintptr_t)ptr.ptr + pos.z * e->slice + pos.y * e->pitch + pos.x;
  return cudaSuccess;
}

/* Every cudaMemcpy3D: array to array, array to and from pitched memory,
 * pitched memory to pitched memory.  The extent is in elements of the
 * array when one takes part, else in bytes.  Called under the lock. */
cudaError_t rt_memcpy3d(rt_state *st, const struct cudaMemcpy3DParms *p)
{
  if (!p)
    return cudaErrorInvalidValue;
  cudaError_t err = rt_context(st);
  if (err)
    return err;
  rt_end s, d;
  err = end_3d(st, p->srcArray, p->srcPos, p->srcPtr, &s);
  if (!err)
    err = end_3d(st, p->dstArray, p->dstPos, p->dstPtr, &d);
  if (err)
    return err;
  struct cudaExtent e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  const struct cudaArray *a = s.a ? s.a : d.a;
  if (s.a && d.a && s.a->texel_bytes != d.a->texel_bytes)
    return cudaErrorInvalidValue;
  size_t row = a ? e.width * a->texel_bytes : e.width;
  for (int k = 0; k < 2; k++) {
    const rt_end *x = k ? &d : &s;
    if (!x->a && (x->pitch < row || (e.depth > 1 && x->slice == 0)))
      return cudaErrorInvalidPitchValue;
  }
  return copy_box(st, &d, &s, row, e.height, e.depth, p->kind);
}

/* ---- texture and surface objects ------------------------------------------------ */

/* The resource of a texture or surface as ptxsim describes it. */
static cudaError_t resource_of(rt_state *st, const struct cudaResourceDesc *r,
                               ptxsim_texture_desc *d, bool *is_norm_format)
{
  memset(d, 0, sizeof *d);
  *is_norm_format = false;
  if (r->flags)
    return cudaErrorInvalidValue;
  const struct cudaArray *levels[PTXSIM_TEX_MAX_LEVELS] = {NULL};
  unsigned n = 0;
  switch (r->resType) {
  case cudaResourceTypeArray:
    levels[n] = array_of(st, r->res.array.array);
    if (!levels[n++])
      return cudaErrorInvalidResourceHandle;
    break;
  case cudaResourceTypeMipmappedArray: {
    const struct cudaMipmappedArray *m = mipmap_of(st, r->res.mipmap.mipmap);
    if (!m)
      return cudaErrorInvalidResourceHandle;
    for (; n < m->n_levels; n++)
      levels[n] = &m->level[n];
    break;
  }
  case cudaResourceTypeLinear:
  case cudaResourceTypePitch2D: {
    bool lin = r->resType == cudaResourceTypeLinear;
    const struct cudaChannelFormatDesc *fd = lin ? &r->res.linear.desc : &r->res.pitch2D.desc;
    cudaError_t err = format_of(fd, &d->channels, &d->channel_bits, &d->channel_kind,
                                is_norm_format);
    if (err)
      return err;
    size_t tb = (size_t)d->channels * d->channel_bits / 8;
    d->n_levels = 1;
    if (lin) {
      if (!r->res.linear.devPtr || r->res.linear.sizeInBytes < tb)
        return cudaErrorInvalidValue;
      d->kind = PTXSIM_TEX_LINEAR;
      d->levels[0] = (ptxsim_tex_level){(ptxsim_devptr)(uintptr_t)r->res.linear.devPtr,
                                        r->res.linear.sizeInBytes / tb, 0, 0, 0, 0};
    } else {
      if (!r->res.pitch2D.devPtr || !r->res.pitch2D.width || !r->res.pitch2D.height ||
          r->res.pitch2D.pitchInBytes < r->res.pitch2D.width * tb)
        return cudaErrorInvalidValue;
      d->kind = PTXSIM_TEX_2D;
      d->levels[0] = (ptxsim_tex_level){(ptxsim_devptr)(uintptr_t)r->res.pitch2D.devPtr,
                                        r->res.pitch2D.width, r->res.pitch2D.height, 0,
                                        r->res.pitch2D.pitchInBytes, 0};
    }
    return cudaSuccess;
  }
  default: return cudaErrorInvalidValue;
  }
  const struct cudaArray *a = levels[0];
  d->kind = a->kind;
  d->channels = a->channels;
  d->channel_bits = a->bits;
  d->channel_kind = a->chan;
  *is_norm_format = a->is_norm_format;
  bool layered = a->kind == PTXSIM_TEX_1D_LAYERED || a->kind == PTXSIM_TEX_2D_LAYERED ||
                 a->kind == PTXSIM_TEX_CUBEMAP || a->kind == PTXSIM_TEX_CUBEMAP_LAYERED;
  d->layers = layered ? (unsigned)a->slices : 0;
  d->n_levels = n;
  for (unsigned k = 0; k < n; k++) {
    const struct cudaArray *l = levels[k];
    d->levels[k] = (ptxsim_tex_level){l->data, l->w, l->extent.height ? l->h : 0,
                                      l->kind == PTXSIM_TEX_3D ? l->slices : 0, l->pitch,
                                      l->slice};
  }
  return cudaSuccess;
}

static cudaError_t remember(cudaTextureObject_t h, bool is_surface,
                            const struct cudaResourceDesc *r, const struct cudaTextureDesc *t,
                            const struct cudaResourceViewDesc *v)
{
  rt_object *o = calloc(1, sizeof *o);
  if (!o)
    return cudaErrorMemoryAllocation;
  o->is_surface = is_surface;
  o->res = *r;
  if (t)
    o->tex = *t;
  if (v) {
    o->view = *v;
    o->has_view = true;
  }
  free(rt_map_remove(&rt_objects, (uintptr_t)h)); /* a handle of a reset device */
  if (!rt_map_put(&rt_objects, (uintptr_t)h, o)) {
    free(o);
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

/* Whether a resource view asks for nothing but the whole resource. */
static bool view_is_whole(const struct cudaResourceViewDesc *v, const ptxsim_texture_desc *d)
{
  if (!v)
    return true;
  unsigned last_layer = d->layers ? d->layers - 1 : 0;
  return v->format == 0 && v->firstMipmapLevel == 0 &&
         (v->lastMipmapLevel == 0 || v->lastMipmapLevel + 1 == d->n_levels) &&
         v->firstLayer == 0 && (v->lastLayer == 0 || v->lastLayer == last_layer) &&
         (v->width == 0 || v->width == d->levels[0].width) &&
         (v->height == 0 || v->height == d->levels[0].height || d->levels[0].height == 0) &&
         (v->depth == 0 || v->depth == d->levels[0].depth || d->levels[0].depth == 0);
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex_object,
                                    const struct cudaResourceDesc *res,
                                    const struct cudaTextureDesc *tex,
                                    const struct cudaResourceViewDesc *view)
{
  rt_state *st = rt_lock();
  cudaError_t err = rt_context(st);
  if (err)
    return rt_unlock(st, err);
  if (!tex_object || !res || !tex)
    return rt_unlock(st, cudaErrorInvalidValue);
  ptxsim_texture_desc d;
  bool norm_format;
  err = resource_of(st, res, &d, &norm_format);
  if (err)
    return rt_unlock(st, err);
  if (!view_is_whole(view, &d)) {
    rt_message_once("cudaResourceViewDesc",
                    "cudaCreateTextureObject: resource views other than the whole resource are "
                    "not supported");
    return rt_unlock(st, cudaErrorNotSupported);
  }
  if (tex->sRGB)
    rt_message_once("sRGB", "cudaCreateTextureObject: sRGB conversion is not supported; "
                    "texels are read as stored");
  for (int i = 0; i < 3; i++) {
    if ((unsigned)tex->addressMode[i] > cudaAddressModeBorder)
      return rt_unlock(st, cudaErrorInvalidValue);
    d.address_mode[i] = (ptxsim_address_mode)tex->addressMode[i];
  }
  if ((unsigned)tex->filterMode > cudaFilterModeLinear ||
      (unsigned)tex->mipmapFilterMode > cudaFilterModeLinear ||
      (unsigned)tex->readMode > cudaReadModeNormalizedFloat)
    return rt_unlock(st, cudaErrorInvalidValue);
  bool is_float = d.channel_kind == PTXSIM_CHANNEL_FLOAT;
  bool norm_read = norm_format || (tex->readMode == cudaReadModeNormalizedFloat && !is_float);
  if (norm_read && d.channel_bits == 32)
    return rt_unlock(st, cudaErrorInvalidNormSetting);
  if (tex->filterMode == cudaFilterModeLinear && !is_float && !norm_read &&
      d.kind != PTXSIM_TEX_LINEAR)
    return rt_unlock(st, cudaErrorInvalidFilterSetting);
  d.filter_mode = (ptxsim_filter_mode)tex->filterMode;
  d.mip_filter_mode = (ptxsim_filter_mode)tex->mipmapFilterMode;
  d.read_mode = norm_read ? PTXSIM_READ_NORMALIZED_FLOAT : PTXSIM_READ_ELEMENT_TYPE;
  d.normalized_coords = tex->normalizedCoords != 0;
  memcpy(d.border_color, tex->borderColor, sizeof d.border_color);
  d.lod_bias = tex->mipmapLevelBias;
  d.min_lod = tex->minMipmapLevelClamp;
  d.max_lod = tex->maxMipmapLevelClamp;
  if (d.n_levels > 1 && d.min_lod > d.max_lod)
    return rt_unlock(st, cudaErrorInvalidValue);
  uint64_t h = 0;
  int rc = ptxsim_texture_create(st->dev, &d, &h);
  if (rc) {
    rt_message("cudaCreateTextureObject: %s", ptxsim_device_error(st->dev));
    return rt_unlock(st, rt_error_of_status(rc));
  }
  err = remember(h, false, res, tex, view);
  if (err) {
    ptxsim_texture_destroy(st->dev, h);
    return rt_unlock(st, err);
  }
  *tex_object = h;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf_object,
                                    const struct cudaResourceDesc *res)
{
  rt_state *st = rt_lock();
  cudaError_t err = rt_context(st);
  if (err)
    return rt_unlock(st, err);
  if (!surf_object || !res || res->resType != cudaResourceTypeArray)
    return rt_unlock(st, cudaErrorInvalidValue);
  const struct cudaArray *a = array_of(st, res->res.array.array);
  if (!a)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (!(a->flags & RT_ARRAY_SURFACE_LOAD_STORE))
    return rt_unlock(st, cudaErrorInvalidValue); /* CUDA wants cudaArraySurfaceLoadStore */
  ptxsim_texture_desc d;
  bool norm_format;
  err = resource_of(st, res, &d, &norm_format);
  if (err)
    return rt_unlock(st, err);
  uint64_t h = 0;
  int rc = ptxsim_surface_create(st->dev, &d, &h);
  if (rc) {
    rt_message("cudaCreateSurfaceObject: %s", ptxsim_device_error(st->dev));
    return rt_unlock(st, rt_error_of_status(rc));
  }
  err = remember(h, true, res, NULL, NULL);
  if (err) {
    ptxsim_surface_destroy(st->dev, h);
    return rt_unlock(st, err);
  }
  *surf_object = h;
  return rt_unlock(st, cudaSuccess);
}

static cudaError_t destroy_object(unsigned long long h, bool is_surface)
{
  rt_state *st = rt_lock();
  if (h == 0)
    return rt_unlock(st, cudaSuccess);
  rt_object *o = rt_map_get(&rt_objects, (uintptr_t)h);
  if (!o || o->is_surface != is_surface || !st->dev)
    return rt_unlock(st, cudaErrorInvalidValue);
  int rc = is_surface ? ptxsim_surface_destroy(st->dev, h) : ptxsim_texture_destroy(st->dev, h);
  free(rt_map_remove(&rt_objects, (uintptr_t)h));
  return rt_unlock(st, rc ? cudaErrorInvalidValue : cudaSuccess);
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex_object)
{
  return destroy_object(tex_object, false);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf_object)
{
  return destroy_object(surf_object, true);
}

static cudaError_t object_desc(unsigned long long h, bool is_surface, struct cudaResourceDesc *r,
                               struct cudaTextureDesc *t, struct cudaResourceViewDesc *v)
{
  rt_state *st = rt_lock();
  const rt_object *o = rt_map_get(&rt_objects, (uintptr_t)h);
  if (!o || o->is_surface != is_surface)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (r)
    *r = o->res;
  if (t)
    *t = o->tex;
  if (v) {
    if (!o->has_view)
      return rt_unlock(st, cudaErrorInvalidValue);
    *v = o->view;
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res,
                                             cudaTextureObject_t tex_object)
{
  return res ? object_desc(tex_object, false, res, NULL, NULL)
             : rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *tex,
                                            cudaTextureObject_t tex_object)
{
  return tex ? object_desc(tex_object, false, NULL, tex, NULL)
             : rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *view,
                                                 cudaTextureObject_t tex_object)
{
  return view ? object_desc(tex_object, false, NULL, NULL, view)
              : rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res,
                                             cudaSurfaceObject_t surf_object)
{
  return res ? object_desc(surf_object, true, res, NULL, NULL)
             : rt_unlock(rt_lock(), cudaErrorInvalidValue);
}

/* Forgets every array and object (cudaDeviceReset: their memory and
 * handles went with the device).  Arrays the program still holds become
 * invalid handles, not dangling pointers. */
void rt_textures_forget(rt_state *st)
{
  (void)st;
  for (size_t i = 0; i < rt_objects.cap; i++)
    free(rt_objects.slots[i].value);
  rt_map_clear(&rt_objects);
  /* Arrays stay allocated (the program may still pass their addresses)
   * but lose their device, so that array_of rejects them even if the next
   * device is created at the same host address. */
  for (size_t i = 0; i < rt_arrays.cap; i++) {
    void *v = rt_arrays.slots[i].value;
    if (!v)
      continue;
    if (((const uint32_t *)v)[0] == RT_MIPMAP_MAGIC) {
      struct cudaMipmappedArray *m = v;
      for (unsigned k = 0; k < m->n_levels; k++)
        m->level[k].dev = NULL;
    } else
      ((struct cudaArray *)v)->dev = NULL;
  }
}
