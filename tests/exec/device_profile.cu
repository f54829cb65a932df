/* device_profile.cu -- the device as a program sees it: every
 * cudaDeviceGetAttribute answer equals the cudaDeviceProp field CUDA
 * documents for it, and an sm_80 program refuses a device older than 8.0
 * the way the CUDA samples do.
 *
 * Scenarios: "attributes" (every attribute that has a cudaDeviceProp
 * field), then, as the samples built for sm_80 (bf16TensorCoreGemm,
 * globalToShmemAsyncCopy, ...) do, a device of compute capability below
 * 8.0 ends the program with "device_profile requires SM 8.0 or higher.
 * Exiting..." and exit status 2 (the samples' EXIT_WAIVED); otherwise
 * "redux" runs a kernel using redux.sync (sm_80).
 *
 * With --print it first prints the device in the format of the H200
 * measurements (NAME<TAB>VALUE<TAB>UNIT; tests/data/h200-device.tsv, from
 * micro.cu's group_props), read through the same calls.
 * Build: nvcc -cudart shared -arch=sm_80 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

/* Each warp sums its lanes' values with redux.sync (sm_80). */
__global__ void warp_sums(const unsigned *in, unsigned *out)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned sum = __reduce_add_sync(0xffffffffu, in[i]);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = sum;
}

static void put(const char *name, double v, const char *unit)
{
  if (v == (double)(long long)v && v < 1e15 && v > -1e15)
    printf("%s\t%lld\t%s\n", name, (long long)v, unit);
  else
    printf("%s\t%.5g\t%s\n", name, v, unit);
}

/* What micro.cu's group_props prints, in its order. */
static void print_device(void)
{
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, 0));
  printf("dev.name\t%s\t-\n", p.name);
  printf("dev.compute_capability\t%d.%d\t-\n", p.major, p.minor);
  static const struct {
    cudaDeviceAttr attr;
    const char *name, *unit;
    double scale;
  } rows[] = {
    {cudaDevAttrMultiProcessorCount, "dev.sm_count", "SMs", 1},
    {cudaDevAttrClockRate, "dev.sm_clock_max", "MHz", 1e-3},
    {cudaDevAttrMemoryClockRate, "dev.mem_clock_max", "MHz", 1e-3},
    {cudaDevAttrGlobalMemoryBusWidth, "dev.mem_bus_width", "bits", 1},
    {cudaDevAttrL2CacheSize, "dev.l2_size", "bytes", 1},
    {cudaDevAttrMaxPersistingL2CacheSize, "dev.l2_persisting_max", "bytes", 1},
    {cudaDevAttrMaxSharedMemoryPerMultiprocessor, "dev.smem_per_sm", "bytes", 1},
    {cudaDevAttrMaxSharedMemoryPerBlock, "dev.smem_per_block", "bytes", 1},
    {cudaDevAttrMaxSharedMemoryPerBlockOptin, "dev.smem_per_block_optin", "bytes", 1},
    {cudaDevAttrMaxRegistersPerMultiprocessor, "dev.regs_per_sm", "32-bit regs", 1},
    {cudaDevAttrMaxRegistersPerBlock, "dev.regs_per_block", "32-bit regs", 1},
    {cudaDevAttrMaxThreadsPerMultiProcessor, "dev.max_threads_per_sm", "threads", 1},
    {cudaDevAttrMaxBlocksPerMultiprocessor, "dev.max_blocks_per_sm", "blocks", 1},
    {cudaDevAttrMaxThreadsPerBlock, "dev.max_threads_per_block", "threads", 1},
    {cudaDevAttrWarpSize, "dev.warp_size", "threads", 1},
    {cudaDevAttrEccEnabled, "dev.ecc_enabled", "bool", 1},
    {cudaDevAttrSingleToDoublePrecisionPerfRatio, "dev.fp32_to_fp64_ratio", "ratio", 1},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    int v = 0;
    EX_CHECK(cudaDeviceGetAttribute(&v, rows[i].attr, 0));
    put(rows[i].name, v * rows[i].scale, rows[i].unit);
  }
  put("dev.global_mem", (double)p.totalGlobalMem, "bytes");
  int v = 0;
  EX_CHECK(cudaDriverGetVersion(&v));
  put("dev.driver_api_version", v, "-");
  EX_CHECK(cudaRuntimeGetVersion(&v));
  put("dev.runtime_version", v, "-");
  /* Not in the measurements: the rest of what a profile sets. */
  put("dev.reserved_smem_per_block", (double)p.reservedSharedMemPerBlock, "bytes");
  put("dev.access_policy_max_window", p.accessPolicyMaxWindowSize, "bytes");
  put("dev.total_const_mem", (double)p.totalConstMem, "bytes");
}

/* The attribute must equal the property (size_t ones as CUDA clamps them). */
static void expect_attr(cudaDeviceAttr attr, const char *name, long long prop)
{
  int v = 0;
  EX_CHECK(cudaDeviceGetAttribute(&v, attr, 0));
  long long want = prop > 2147483647LL ? 2147483647LL : prop;
  ex_expect(v == want, "cudaDevAttr%s is %d, cudaDeviceProp says %lld", name, v, prop);
}

#define ATTR(name, field) expect_attr(cudaDevAttr##name, #name, (long long)(p.field))

static void attributes(void)
{
  ex_begin("attributes");
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, 0));
  ATTR(MaxThreadsPerBlock, maxThreadsPerBlock);
  ATTR(MaxBlockDimX, maxThreadsDim[0]);
  ATTR(MaxBlockDimY, maxThreadsDim[1]);
  ATTR(MaxBlockDimZ, maxThreadsDim[2]);
  ATTR(MaxGridDimX, maxGridSize[0]);
  ATTR(MaxGridDimY, maxGridSize[1]);
  ATTR(MaxGridDimZ, maxGridSize[2]);
  ATTR(MaxSharedMemoryPerBlock, sharedMemPerBlock);
  ATTR(TotalConstantMemory, totalConstMem);
  ATTR(WarpSize, warpSize);
  ATTR(MaxPitch, memPitch);
  ATTR(MaxRegistersPerBlock, regsPerBlock);
  ATTR(TextureAlignment, textureAlignment);
  ATTR(MultiProcessorCount, multiProcessorCount);
  ATTR(Integrated, integrated);
  ATTR(CanMapHostMemory, canMapHostMemory);
  ATTR(MaxTexture1DWidth, maxTexture1D);
  ATTR(MaxTexture2DWidth, maxTexture2D[0]);
  ATTR(MaxTexture2DHeight, maxTexture2D[1]);
  ATTR(MaxTexture3DWidth, maxTexture3D[0]);
  ATTR(MaxTexture3DHeight, maxTexture3D[1]);
  ATTR(MaxTexture3DDepth, maxTexture3D[2]);
  ATTR(MaxTexture2DLayeredWidth, maxTexture2DLayered[0]);
  ATTR(MaxTexture2DLayeredHeight, maxTexture2DLayered[1]);
  ATTR(MaxTexture2DLayeredLayers, maxTexture2DLayered[2]);
  ATTR(SurfaceAlignment, surfaceAlignment);
  ATTR(ConcurrentKernels, concurrentKernels);
  ATTR(EccEnabled, ECCEnabled);
  ATTR(PciBusId, pciBusID);
  ATTR(PciDeviceId, pciDeviceID);
  ATTR(TccDriver, tccDriver);
  ATTR(GlobalMemoryBusWidth, memoryBusWidth);
  ATTR(L2CacheSize, l2CacheSize);
  ATTR(MaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor);
  ATTR(AsyncEngineCount, asyncEngineCount);
  ATTR(UnifiedAddressing, unifiedAddressing);
  ATTR(MaxTexture1DLayeredWidth, maxTexture1DLayered[0]);
  ATTR(MaxTexture1DLayeredLayers, maxTexture1DLayered[1]);
  ATTR(MaxTexture2DGatherWidth, maxTexture2DGather[0]);
  ATTR(MaxTexture2DGatherHeight, maxTexture2DGather[1]);
  ATTR(MaxTexture3DWidthAlt, maxTexture3DAlt[0]);
  ATTR(MaxTexture3DHeightAlt, maxTexture3DAlt[1]);
  ATTR(MaxTexture3DDepthAlt, maxTexture3DAlt[2]);
  ATTR(PciDomainId, pciDomainID);
  ATTR(TexturePitchAlignment, texturePitchAlignment);
  ATTR(MaxTextureCubemapWidth, maxTextureCubemap);
  ATTR(MaxTextureCubemapLayeredWidth, maxTextureCubemapLayered[0]);
  ATTR(MaxTextureCubemapLayeredLayers, maxTextureCubemapLayered[1]);
  ATTR(MaxSurface1DWidth, maxSurface1D);
  ATTR(MaxSurface2DWidth, maxSurface2D[0]);
  ATTR(MaxSurface2DHeight, maxSurface2D[1]);
  ATTR(MaxSurface3DWidth, maxSurface3D[0]);
  ATTR(MaxSurface3DHeight, maxSurface3D[1]);
  ATTR(MaxSurface3DDepth, maxSurface3D[2]);
  ATTR(MaxSurface1DLayeredWidth, maxSurface1DLayered[0]);
  ATTR(MaxSurface1DLayeredLayers, maxSurface1DLayered[1]);
  ATTR(MaxSurface2DLayeredWidth, maxSurface2DLayered[0]);
  ATTR(MaxSurface2DLayeredHeight, maxSurface2DLayered[1]);
  ATTR(MaxSurface2DLayeredLayers, maxSurface2DLayered[2]);
  ATTR(MaxSurfaceCubemapWidth, maxSurfaceCubemap);
  ATTR(MaxSurfaceCubemapLayeredWidth, maxSurfaceCubemapLayered[0]);
  ATTR(MaxSurfaceCubemapLayeredLayers, maxSurfaceCubemapLayered[1]);
  ATTR(MaxTexture2DLinearWidth, maxTexture2DLinear[0]);
  ATTR(MaxTexture2DLinearHeight, maxTexture2DLinear[1]);
  ATTR(MaxTexture2DLinearPitch, maxTexture2DLinear[2]);
  ATTR(MaxTexture2DMipmappedWidth, maxTexture2DMipmap[0]);
  ATTR(MaxTexture2DMipmappedHeight, maxTexture2DMipmap[1]);
  ATTR(ComputeCapabilityMajor, major);
  ATTR(ComputeCapabilityMinor, minor);
  ATTR(MaxTexture1DMipmappedWidth, maxTexture1DMipmap);
  ATTR(StreamPrioritiesSupported, streamPrioritiesSupported);
  ATTR(GlobalL1CacheSupported, globalL1CacheSupported);
  ATTR(LocalL1CacheSupported, localL1CacheSupported);
  ATTR(MaxSharedMemoryPerMultiprocessor, sharedMemPerMultiprocessor);
  ATTR(MaxRegistersPerMultiprocessor, regsPerMultiprocessor);
  ATTR(ManagedMemory, managedMemory);
  ATTR(IsMultiGpuBoard, isMultiGpuBoard);
  ATTR(MultiGpuBoardGroupID, multiGpuBoardGroupID);
  ATTR(HostNativeAtomicSupported, hostNativeAtomicSupported);
  ATTR(PageableMemoryAccess, pageableMemoryAccess);
  ATTR(ConcurrentManagedAccess, concurrentManagedAccess);
  ATTR(ComputePreemptionSupported, computePreemptionSupported);
  ATTR(CanUseHostPointerForRegisteredMem, canUseHostPointerForRegisteredMem);
  ATTR(CooperativeLaunch, cooperativeLaunch);
  ATTR(MaxSharedMemoryPerBlockOptin, sharedMemPerBlockOptin);
  ATTR(PageableMemoryAccessUsesHostPageTables, pageableMemoryAccessUsesHostPageTables);
  ATTR(DirectManagedMemAccessFromHost, directManagedMemAccessFromHost);
  ATTR(MaxBlocksPerMultiprocessor, maxBlocksPerMultiProcessor);
  ATTR(MaxPersistingL2CacheSize, persistingL2CacheMaxSize);
  ATTR(MaxAccessPolicyWindowSize, accessPolicyMaxWindowSize);
  ATTR(ReservedSharedMemoryPerBlock, reservedSharedMemPerBlock);
  ATTR(SparseCudaArraySupported, sparseCudaArraySupported);
  ATTR(HostRegisterSupported, hostRegisterSupported);
  ATTR(HostRegisterReadOnlySupported, hostRegisterReadOnlySupported);
  ATTR(TimelineSemaphoreInteropSupported, timelineSemaphoreInteropSupported);
  ATTR(MemoryPoolsSupported, memoryPoolsSupported);
  ATTR(GPUDirectRDMASupported, gpuDirectRDMASupported);
  ATTR(GPUDirectRDMAFlushWritesOptions, gpuDirectRDMAFlushWritesOptions);
  ATTR(GPUDirectRDMAWritesOrdering, gpuDirectRDMAWritesOrdering);
  ATTR(MemoryPoolSupportedHandleTypes, memoryPoolSupportedHandleTypes);
  ATTR(ClusterLaunch, clusterLaunch);
  ATTR(DeferredMappingCudaArraySupported, deferredMappingCudaArraySupported);
  ATTR(IpcEventSupport, ipcEventSupported);
  ATTR(NumaConfig, deviceNumaConfig);
  ATTR(NumaId, deviceNumaId);
  ATTR(MpsEnabled, mpsEnabled);
  ATTR(HostNumaId, hostNumaId);
  ATTR(GpuPciDeviceId, gpuPciDeviceID);
  ATTR(GpuPciSubsystemId, gpuPciSubsystemID);
  ATTR(HostNumaMultinodeIpcSupported, hostNumaMultinodeIpcSupported);
  /* What a sensible device has, whichever profile. */
  ex_expect(p.major * 10 + p.minor >= 75 && p.multiProcessorCount > 0 && p.l2CacheSize > 0 &&
                p.sharedMemPerBlock <= p.sharedMemPerBlockOptin &&
                p.sharedMemPerBlockOptin <= p.sharedMemPerMultiprocessor,
            "an implausible device: %d.%d, %d SMs, L2 %d, shared %zu/%zu/%zu", p.major, p.minor,
            p.multiProcessorCount, p.l2CacheSize, p.sharedMemPerBlock, p.sharedMemPerBlockOptin,
            p.sharedMemPerMultiprocessor);
  ex_end();
}

static void redux(void)
{
  ex_begin("redux");
  const unsigned n = 256;
  unsigned h[256], got[8], want[8] = {0};
  for (unsigned i = 0; i < n; i++) {
    h[i] = i * 2654435761u;
    want[i / 32] += h[i];
  }
  unsigned *din = ex_alloc<unsigned>(n * sizeof *h), *dout = ex_alloc<unsigned>(sizeof got);
  EX_CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
  warp_sums<<<2, 128>>>(din, dout);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
  for (unsigned w = 0; w < 8; w++)
    ex_expect(got[w] == want[w], "warp %u: sum %u, expected %u", w, got[w], want[w]);
  ex_end();
}

int main(int argc, char **argv)
{
  ex_init("device_profile");
  if (argc > 1 && strcmp(argv[1], "--print") == 0)
    print_device();
  attributes();
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, 0));
  if (p.major < 8) {
    printf("device_profile requires SM 8.0 or higher.  Exiting...\n");
    return 2; /* the samples' EXIT_WAIVED */
  }
  redux();
  return ex_finish();
}
