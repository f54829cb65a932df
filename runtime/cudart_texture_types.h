/* cudart_texture_types.h -- the CUDA runtime's texture, surface and array
 * types, as ptxsim's libcudart.so.13 sees them, and the entry points and
 * runtime hooks of cudart_texture.c.
 *
 * Like cudart_types.h (which declares cudaChannelFormatDesc, cudaExtent,
 * cudaPitchedPtr, cudaPos and cudaMemcpy3DParms, used here), these are
 * facts of the CUDA 13.0 ABI read from the toolkit's driver_types.h,
 * texture_types.h and surface_types.h on x86-64 Linux, declared anew so
 * that the build needs no CUDA headers; the _Static_asserts pin the
 * sizes and offsets measured with those headers.
 *
 * cudaArray_t and cudaMipmappedArray_t are pointers to structs the
 * runtime defines (cudart_texture.c); programs only pass them around.
 */
#ifndef PTXSIM_RUNTIME_CUDART_TEXTURE_TYPES_H
#define PTXSIM_RUNTIME_CUDART_TEXTURE_TYPES_H

#include <stddef.h>

#include "runtime/cudart_types.h"

typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

/* Channel format kinds beyond cudart_types.h's first four: normalised
 * integer formats (always read as floats). */
enum {
  RT_CHANNEL_UNORM8X1 = 5, RT_CHANNEL_UNORM8X2 = 6, RT_CHANNEL_UNORM8X4 = 7,
  RT_CHANNEL_UNORM16X1 = 8, RT_CHANNEL_UNORM16X2 = 9, RT_CHANNEL_UNORM16X4 = 10,
  RT_CHANNEL_SNORM8X1 = 11, RT_CHANNEL_SNORM8X2 = 12, RT_CHANNEL_SNORM8X4 = 13,
  RT_CHANNEL_SNORM16X1 = 14, RT_CHANNEL_SNORM16X2 = 15, RT_CHANNEL_SNORM16X4 = 16
};

/* cudaMallocArray / cudaMalloc3DArray flags (driver_types.h). */
#define RT_ARRAY_DEFAULT 0x00u
#define RT_ARRAY_LAYERED 0x01u
#define RT_ARRAY_SURFACE_LOAD_STORE 0x02u
#define RT_ARRAY_CUBEMAP 0x04u
#define RT_ARRAY_TEXTURE_GATHER 0x08u

enum cudaResourceType {
  cudaResourceTypeArray = 0x00,
  cudaResourceTypeMipmappedArray = 0x01,
  cudaResourceTypeLinear = 0x02,
  cudaResourceTypePitch2D = 0x03
};

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };

enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };

struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height;  /* elements */
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned flags; /* must be zero */
};

struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

/* A view of part of a resource (cudaCreateTextureObject's optional last
 * argument); format 0 is cudaResViewFormatNone. */
struct cudaResourceViewDesc {
  int format; /* enum cudaResourceViewFormat */
  size_t width, height, depth;
  unsigned firstMipmapLevel, lastMipmapLevel;
  unsigned firstLayer, lastLayer;
  unsigned reserved[16];
};

_Static_assert(sizeof(struct cudaResourceDesc) == 144, "cudaResourceDesc size");
_Static_assert(offsetof(struct cudaResourceDesc, res) == 8, "cudaResourceDesc.res");
_Static_assert(offsetof(struct cudaResourceDesc, res.linear.desc) == 16, "res.linear.desc");
_Static_assert(offsetof(struct cudaResourceDesc, res.linear.sizeInBytes) == 40,
               "res.linear.sizeInBytes");
_Static_assert(offsetof(struct cudaResourceDesc, res.pitch2D.width) == 40, "res.pitch2D.width");
_Static_assert(offsetof(struct cudaResourceDesc, res.pitch2D.pitchInBytes) == 56,
               "res.pitch2D.pitchInBytes");
_Static_assert(offsetof(struct cudaResourceDesc, flags) == 136, "cudaResourceDesc.flags");
_Static_assert(sizeof(struct cudaTextureDesc) == 72, "cudaTextureDesc size");
_Static_assert(offsetof(struct cudaTextureDesc, filterMode) == 12, "filterMode");
_Static_assert(offsetof(struct cudaTextureDesc, borderColor) == 24, "borderColor");
_Static_assert(offsetof(struct cudaTextureDesc, normalizedCoords) == 40, "normalizedCoords");
_Static_assert(offsetof(struct cudaTextureDesc, mipmapFilterMode) == 48, "mipmapFilterMode");
_Static_assert(offsetof(struct cudaTextureDesc, maxMipmapLevelClamp) == 60,
               "maxMipmapLevelClamp");
_Static_assert(offsetof(struct cudaTextureDesc, seamlessCubemap) == 68, "seamlessCubemap");
_Static_assert(sizeof(struct cudaResourceViewDesc) == 112, "cudaResourceViewDesc size");
_Static_assert(offsetof(struct cudaResourceViewDesc, firstMipmapLevel) == 32,
               "firstMipmapLevel");
_Static_assert(offsetof(struct cudaResourceViewDesc, reserved) == 48, "reserved");
_Static_assert(sizeof(struct cudaExtent) == 24 && sizeof(struct cudaPos) == 24 &&
                   sizeof(struct cudaPitchedPtr) == 32,
               "cudaExtent, cudaPos, cudaPitchedPtr");
_Static_assert(offsetof(struct cudaMemcpy3DParms, srcPtr) == 32 &&
                   offsetof(struct cudaMemcpy3DParms, dstArray) == 64 &&
                   offsetof(struct cudaMemcpy3DParms, dstPtr) == 96 &&
                   offsetof(struct cudaMemcpy3DParms, extent) == 128 &&
                   offsetof(struct cudaMemcpy3DParms, kind) == 152,
               "cudaMemcpy3DParms offsets");

/* ---- entry points (cudart_texture.c), as cuda_runtime_api.h declares them */
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned flags);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned flags);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmap,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned num_levels,
                                     unsigned flags);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *level, cudaMipmappedArray_const_t mipmap,
                                       unsigned k);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmap);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned *flags, cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t w_offset, size_t h_offset,
                                const void *src, size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                                  size_t w_offset, size_t h_offset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t w_offset_dst, size_t h_offset_dst,
                                     cudaArray_const_t src, size_t w_offset_src,
                                     size_t h_offset_src, size_t width, size_t height,
                                     enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t w_offset, size_t h_offset, const void *src,
                              size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t w_offset,
                                size_t h_offset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex_object,
                                    const struct cudaResourceDesc *res,
                                    const struct cudaTextureDesc *tex,
                                    const struct cudaResourceViewDesc *view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex_object);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf_object,
                                    const struct cudaResourceDesc *res);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf_object);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res,
                                             cudaTextureObject_t tex_object);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *tex,
                                            cudaTextureObject_t tex_object);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *view,
                                                 cudaTextureObject_t tex_object);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res,
                                             cudaSurfaceObject_t surf_object);

/* ---- hooks for the rest of the runtime --------------------------------- */
typedef struct rt_state rt_state;
/* cudaMemcpy3D of every kind (arrays and pitched memory in any pairing),
 * under the lock; cudart_memcpy.c's cudaMemcpy3D(Async) calls it. */
cudaError_t rt_memcpy3d(rt_state *st, const struct cudaMemcpy3DParms *p);
/* Forgets the arrays' device and every object (rt_reset_device calls
 * it): their memory and handles went with the device. */
void rt_textures_forget(rt_state *st);

#endif /* PTXSIM_RUNTIME_CUDART_TEXTURE_TYPES_H */
