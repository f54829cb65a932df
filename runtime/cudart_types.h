/* cudart_types.h -- the CUDA runtime's types, as ptxsim's libcudart.so.13
 * sees them.
 *
 * Programs built by nvcc 13 pass these values and structs across the
 * libcudart.so.13 interface, so their numbers, sizes and field offsets are
 * facts of the CUDA 13.0 ABI (checked against the toolkit's
 * driver_types.h, vector_types.h and cuda_runtime_api.h, on x86-64 Linux).
 * This is our own declaration of them: the build needs no CUDA headers.
 * Only what the runtime replacement reads or writes is here; the
 * _Static_asserts at the end pin the layouts that programs depend on.
 *
 * Error codes and device attributes come from cudart_errors.def and
 * cudart_attrs.def, the single lists of them.
 */
#ifndef PTXSIM_RUNTIME_CUDART_TYPES_H
#define PTXSIM_RUNTIME_CUDART_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef enum cudaError {
#define RT_ERROR(name, value, text) name = value,
#include "runtime/cudart_errors.def"
#undef RT_ERROR
} cudaError_t;

typedef enum cudaDeviceAttr {
#define RT_ATTR(name, value, source) cudaDevAttr##name = value,
#include "runtime/cudart_attrs.def"
#undef RT_ATTR
} cudaDeviceAttr;

/* vector_types.h: passed by value (two integer registers on x86-64). */
typedef struct dim3 {
  unsigned x, y, z;
} dim3;
typedef struct uint3 {
  unsigned x, y, z;
} uint3;

/* Opaque handles.  The runtime defines the structs behind streams,
 * events and kernels; cudaFunction_t is the same record as cudaKernel_t. */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUkern_st *cudaKernel_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;

/* The built-in stream handles (driver_types.h). */
#define RT_STREAM_LEGACY ((cudaStream_t)0x1)
#define RT_STREAM_PER_THREAD ((cudaStream_t)0x2)

typedef void (*cudaHostFn_t)(void *user_data);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *user_data);

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4 /* inferred from the pointers (unified addressing) */
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};

enum cudaDeviceP2PAttr {
  cudaDevP2PAttrPerformanceRank = 1,
  cudaDevP2PAttrAccessSupported = 2,
  cudaDevP2PAttrNativeAtomicSupported = 3,
  cudaDevP2PAttrCudaArrayAccessSupported = 4,
  cudaDevP2PAttrOnlyPartialNativeAtomicSupported = 5
};

enum cudaLimit {
  cudaLimitStackSize = 0,
  cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2,
  cudaLimitDevRuntimeSyncDepth = 3,
  cudaLimitDevRuntimePendingLaunchCount = 4,
  cudaLimitMaxL2FetchGranularity = 5,
  cudaLimitPersistingL2CacheSize = 6
};

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15
};

enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};

enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};

/* Flags (driver_types.h). */
#define RT_HOST_ALLOC_PORTABLE 0x01u
#define RT_HOST_ALLOC_MAPPED 0x02u
#define RT_HOST_ALLOC_WRITE_COMBINED 0x04u
#define RT_HOST_REGISTER_FLAGS 0x0fu  /* portable, mapped, I/O, read-only */
#define RT_STREAM_NON_BLOCKING 0x01u
#define RT_EVENT_BLOCKING_SYNC 0x01u
#define RT_EVENT_DISABLE_TIMING 0x02u
#define RT_EVENT_INTERPROCESS 0x04u
#define RT_DEVICE_SCHEDULE_MASK 0x07u
#define RT_DEVICE_MAP_HOST 0x08u
#define RT_DEVICE_LMEM_RESIZE_TO_MAX 0x10u
#define RT_DEVICE_SYNC_MEMOPS 0x80u
#define RT_DEVICE_FLAGS_MASK 0xffu
#define RT_MEM_ATTACH_GLOBAL 0x01u
#define RT_MEM_ATTACH_HOST 0x02u
#define RT_MEM_ATTACH_SINGLE 0x04u
#define RT_OCCUPANCY_DISABLE_CACHING_OVERRIDE 0x01u

struct cudaChannelFormatDesc {
  int x, y, z, w; /* bits per channel */
  enum cudaChannelFormatKind f;
};

struct cudaPitchedPtr {
  void *ptr;
  size_t pitch;        /* bytes per row */
  size_t xsize, ysize; /* logical width (bytes) and height */
};

struct cudaExtent {
  size_t width, height, depth; /* width in bytes for linear memory */
};

struct cudaPos {
  size_t x, y, z;
};

/* cudaMemcpy3D's parameters; ptxsim copies between linear memory only
 * (the array fields must be NULL). */
struct cudaMemcpy3DParms {
  void *srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  void *dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};

/* Where memory should live (cudaMemPrefetchAsync, cudaMemAdvise, pools). */
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0,
  cudaMemLocationTypeNone = 0,
  cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4
};

struct cudaMemLocation {
  int type; /* enum cudaMemLocationType */
  int id;
};

/* Stream-ordered memory pools (cudart_mempool.c). */
enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 1,   /* int */
  cudaMemPoolReuseAllowOpportunistic = 2,        /* int */
  cudaMemPoolReuseAllowInternalDependencies = 3, /* int */
  cudaMemPoolAttrReleaseThreshold = 4,           /* uint64_t, and the rest */
  cudaMemPoolAttrReservedMemCurrent = 5,
  cudaMemPoolAttrReservedMemHigh = 6,
  cudaMemPoolAttrUsedMemCurrent = 7,
  cudaMemPoolAttrUsedMemHigh = 8
};

enum cudaMemAccessFlags {
  cudaMemAccessFlagsProtNone = 0,
  cudaMemAccessFlagsProtRead = 1,
  cudaMemAccessFlagsProtReadWrite = 3
};

struct cudaMemAccessDesc {
  struct cudaMemLocation location;
  enum cudaMemAccessFlags flags;
};

enum cudaMemAllocationType {
  cudaMemAllocationTypeInvalid = 0,
  cudaMemAllocationTypePinned = 1,
  cudaMemAllocationTypeManaged = 2,
  cudaMemAllocationTypeMax = 0x7fffffff
};

enum cudaMemAllocationHandleType {
  cudaMemHandleTypeNone = 0,
  cudaMemHandleTypePosixFileDescriptor = 1,
  cudaMemHandleTypeWin32 = 2,
  cudaMemHandleTypeWin32Kmt = 4,
  cudaMemHandleTypeFabric = 8
};

struct cudaMemPoolProps {
  enum cudaMemAllocationType allocType;
  enum cudaMemAllocationHandleType handleTypes;
  struct cudaMemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize; /* 0: no limit of the pool's own */
  unsigned short usage;
  unsigned char reserved[54];
};

struct cudaMemPoolPtrExportData {
  unsigned char reserved[64];
};

/* Persisting-L2 access policy (stream and launch attributes). */
enum cudaAccessProperty {
  cudaAccessPropertyNormal = 0,
  cudaAccessPropertyStreaming = 1,
  cudaAccessPropertyPersisting = 2
};

struct cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp; /* Normal or Streaming */
};

struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer; /* NULL when the device cannot use it */
  void *hostPointer;   /* NULL when the host cannot use it */
  long reserved[8];
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes; /* static shared memory per block */
  size_t constSizeBytes;
  size_t localSizeBytes; /* per thread */
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;    /* 10 * major + minor */
  int binaryVersion; /* 10 * major + minor of the target */
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
  int clusterDimMustBeSet;
  int requiredClusterWidth, requiredClusterHeight, requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
};

/* cudaLaunchKernelExC's configuration and its attributes. */
enum {
  RT_LAUNCH_ATTR_IGNORE = 0,
  RT_LAUNCH_ATTR_ACCESS_POLICY_WINDOW = 1,
  RT_LAUNCH_ATTR_COOPERATIVE = 2,
  RT_LAUNCH_ATTR_SYNCHRONIZATION_POLICY = 3,
  RT_LAUNCH_ATTR_CLUSTER_DIMENSION = 4,
  RT_LAUNCH_ATTR_PRIORITY = 8,
  RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN_MAP = 9,
  RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN = 10
};

typedef union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  int syncPolicy; /* enum cudaSynchronizationPolicy */
  int priority;
  struct {
    unsigned char default_, remote;
  } memSyncDomainMap;
  int memSyncDomain; /* enum cudaLaunchMemSyncDomain */
  struct {
    unsigned x, y, z;
  } clusterDim;
} cudaLaunchAttributeValue;

typedef struct cudaLaunchAttribute_st {
  int id; /* enum cudaLaunchAttributeID */
  char pad[8 - sizeof(int)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;

typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs; /* may be NULL when numAttrs is 0 */
  unsigned numAttrs;
} cudaLaunchConfig_t;

/* cudaGetDeviceProperties' struct, CUDA 13 layout (clock rates, compute
 * mode and other fields of earlier releases are gone; they remain
 * device attributes). */
struct cudaDeviceProp {
  char name[256];
  unsigned char uuid[16];
  char luid[8];
  unsigned luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID, pciDeviceID, pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int deviceNumaConfig;
  int deviceNumaId;
  int mpsEnabled;
  int hostNumaId;
  unsigned gpuPciDeviceID;
  unsigned gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
};

/* The CUDA 13.0 layouts, as measured with the toolkit's headers. */
_Static_assert(sizeof(dim3) == 12, "dim3");
_Static_assert(sizeof(struct cudaDeviceProp) == 1008, "cudaDeviceProp size");
_Static_assert(offsetof(struct cudaDeviceProp, totalGlobalMem) == 288, "totalGlobalMem");
_Static_assert(offsetof(struct cudaDeviceProp, maxThreadsDim) == 324, "maxThreadsDim");
_Static_assert(offsetof(struct cudaDeviceProp, major) == 360, "major");
_Static_assert(offsetof(struct cudaDeviceProp, multiProcessorCount) == 384, "SM count");
_Static_assert(offsetof(struct cudaDeviceProp, maxTexture1D) == 396, "maxTexture1D");
_Static_assert(offsetof(struct cudaDeviceProp, surfaceAlignment) == 552, "surfaceAlignment");
_Static_assert(offsetof(struct cudaDeviceProp, memoryBusWidth) == 592, "memoryBusWidth");
_Static_assert(offsetof(struct cudaDeviceProp, maxThreadsPerMultiProcessor) == 604,
               "maxThreadsPerMultiProcessor");
_Static_assert(offsetof(struct cudaDeviceProp, sharedMemPerMultiprocessor) == 624,
               "sharedMemPerMultiprocessor");
_Static_assert(offsetof(struct cudaDeviceProp, cooperativeLaunch) == 668, "cooperativeLaunch");
_Static_assert(offsetof(struct cudaDeviceProp, sharedMemPerBlockOptin) == 672,
               "sharedMemPerBlockOptin");
_Static_assert(offsetof(struct cudaDeviceProp, maxBlocksPerMultiProcessor) == 688,
               "maxBlocksPerMultiProcessor");
_Static_assert(offsetof(struct cudaDeviceProp, reservedSharedMemPerBlock) == 696,
               "reservedSharedMemPerBlock");
_Static_assert(offsetof(struct cudaDeviceProp, hostNumaMultinodeIpcSupported) == 780,
               "last field");
_Static_assert(sizeof(struct cudaFuncAttributes) == 144, "cudaFuncAttributes size");
_Static_assert(offsetof(struct cudaFuncAttributes, maxDynamicSharedSizeBytes) == 44,
               "maxDynamicSharedSizeBytes");
_Static_assert(offsetof(struct cudaFuncAttributes, clusterSchedulingPolicyPreference) == 68,
               "clusterSchedulingPolicyPreference");
_Static_assert(sizeof(struct cudaPointerAttributes) == 88, "cudaPointerAttributes");
_Static_assert(offsetof(struct cudaPointerAttributes, hostPointer) == 16, "hostPointer");
_Static_assert(sizeof(cudaLaunchAttribute) == 72, "cudaLaunchAttribute");
_Static_assert(sizeof(cudaLaunchConfig_t) == 56, "cudaLaunchConfig_t");
_Static_assert(offsetof(cudaLaunchConfig_t, numAttrs) == 48, "numAttrs");
_Static_assert(sizeof(struct cudaMemcpy3DParms) == 160, "cudaMemcpy3DParms");
_Static_assert(sizeof(struct cudaChannelFormatDesc) == 20, "cudaChannelFormatDesc");
_Static_assert(sizeof(struct cudaMemPoolProps) == 88, "cudaMemPoolProps");
_Static_assert(offsetof(struct cudaMemPoolProps, maxSize) == 24, "cudaMemPoolProps.maxSize");
_Static_assert(offsetof(struct cudaMemPoolProps, usage) == 32, "cudaMemPoolProps.usage");
_Static_assert(sizeof(struct cudaMemAccessDesc) == 12, "cudaMemAccessDesc");
_Static_assert(sizeof(struct cudaMemPoolPtrExportData) == 64, "cudaMemPoolPtrExportData");
_Static_assert(sizeof(struct cudaAccessPolicyWindow) == 32, "cudaAccessPolicyWindow");
_Static_assert(offsetof(struct cudaAccessPolicyWindow, hitRatio) == 16, "hitRatio");
_Static_assert(sizeof(cudaLaunchAttributeValue) == 64, "cudaLaunchAttributeValue");

#endif /* PTXSIM_RUNTIME_CUDART_TYPES_H */
