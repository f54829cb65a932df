/* runtime_api.cu -- the CUDA runtime API itself, as programs use it: device
 * queries, function attributes and occupancy, memory of every kind and
 * its bookkeeping, symbols, streams, events and host callbacks, errors
 * (which ones are sticky), and a call ptxsim does not implement.
 *
 * Unlike the other tests/exec programs it has no library-API driver twin:
 * its kernels are its own, and every expectation is what CUDA documents
 * for an sm_75 GPU, so that it passes on one as it does under ptxsim exec.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

/* Two kernels with 40000-byte tiles: one module, each charged for its own. */
__global__ void tile_reverse(const float *in, float *out, int n)
{
  __shared__ float tile[10000];
  extern __shared__ float extra[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    tile[i] = in[i];
  extra[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = tile[n - 1 - i] + extra[threadIdx.x] - (float)threadIdx.x;
}

__global__ void tile_scale(float *x, int n, float k)
{
  __shared__ float tile[10000];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    tile[i] = x[i] * k;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    x[i] = tile[i];
}

__global__ void tiny(int *out)
{
  __shared__ int s[100];
  s[threadIdx.x] = (int)threadIdx.x * 3;
  __syncthreads();
  out[threadIdx.x] = s[99 - threadIdx.x];
}

__device__ int d_table[64];
__constant__ int c_factor;
__managed__ int m_counter;

__global__ void table_scale(int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d_table[i] *= c_factor;
}

__global__ void count(int *p)
{
  atomicAdd(&m_counter, 1);
  atomicAdd(p + threadIdx.x % 4, (int)threadIdx.x);
}

__global__ void add_one(int *x, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1;
}

__global__ void write_at(int *x, long long i)
{
  x[i] = 7;
}

static void device_queries(void)
{
  ex_begin("device_queries");
  int n = 0, dev = -1, v = 0, rt = 0, drv = 0;
  EX_CHECK(cudaGetDeviceCount(&n));
  ex_expect(n >= 1, "cudaGetDeviceCount: %d", n);
  EX_CHECK(cudaSetDevice(0));
  EX_CHECK(cudaGetDevice(&dev));
  ex_expect(dev == 0, "cudaGetDevice: %d", dev);
  ex_expect(cudaSetDevice(n) == cudaErrorInvalidDevice, "cudaSetDevice(count) is not refused");
  ex_expect(cudaGetLastError() == cudaErrorInvalidDevice, "the refusal is the last error");
  ex_expect(cudaGetLastError() == cudaSuccess, "cudaGetLastError clears it");
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, 0));
  ex_expect(p.warpSize == 32, "warpSize %d", p.warpSize);
  ex_expect(p.major * 10 + p.minor >= 75, "compute capability %d.%d", p.major, p.minor);
  ex_expect(p.maxThreadsPerBlock == 1024, "maxThreadsPerBlock %d", p.maxThreadsPerBlock);
  ex_expect(p.sharedMemPerBlock == 48 * 1024, "sharedMemPerBlock %zu", p.sharedMemPerBlock);
  ex_expect(p.multiProcessorCount > 0 && p.totalGlobalMem > 0 && p.name[0] != '\0',
            "SMs %d, memory %zu", p.multiProcessorCount, p.totalGlobalMem);
  EX_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, 0));
  ex_expect(v == p.maxThreadsPerBlock, "attribute MaxThreadsPerBlock %d", v);
  EX_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
  ex_expect(v == p.multiProcessorCount, "attribute MultiProcessorCount %d", v);
  EX_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0));
  ex_expect(v == p.major, "attribute ComputeCapabilityMajor %d", v);
  EX_CHECK(cudaRuntimeGetVersion(&rt));
  EX_CHECK(cudaDriverGetVersion(&drv));
  ex_expect(rt >= 13000 && drv >= rt, "runtime %d, driver %d", rt, drv);
  ex_end();
}

static void function_attributes(void)
{
  ex_begin("function_attributes");
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, 0));
  cudaFuncAttributes a, b, t;
  EX_CHECK(cudaFuncGetAttributes(&a, tile_reverse));
  EX_CHECK(cudaFuncGetAttributes(&b, tile_scale));
  EX_CHECK(cudaFuncGetAttributes(&t, tiny));
  ex_expect(a.sharedSizeBytes == 40000 && b.sharedSizeBytes == 40000,
            "sharedSizeBytes %zu and %zu, expected 40000 each", a.sharedSizeBytes,
            b.sharedSizeBytes);
  ex_expect(t.sharedSizeBytes == 400, "tiny: sharedSizeBytes %zu", t.sharedSizeBytes);
  /* compute_75 PTX: ptxVersion is the virtual architecture (CUB relies on it). */
  ex_expect(a.ptxVersion == 75, "ptxVersion %d, expected 75", a.ptxVersion);
  ex_expect(a.binaryVersion == p.major * 10 + p.minor, "binaryVersion %d", a.binaryVersion);
  ex_expect(a.maxThreadsPerBlock == 1024, "maxThreadsPerBlock %d", a.maxThreadsPerBlock);
  ex_expect(a.maxDynamicSharedSizeBytes == 48 * 1024 - 40000, "maxDynamicSharedSizeBytes %d",
            a.maxDynamicSharedSizeBytes);
  int blocks = 0;
  EX_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, tile_reverse, 256, 0));
  /* Shared memory limits them (each takes the system's reserved part too):
   * 1 on a T4's 64 KiB, 5 on an H200's 228 KiB. */
  int want = (int)(p.sharedMemPerMultiprocessor / (40000 + p.reservedSharedMemPerBlock));
  if (want > p.maxThreadsPerMultiProcessor / 256)
    want = p.maxThreadsPerMultiProcessor / 256;
  if (want > p.maxBlocksPerMultiProcessor)
    want = p.maxBlocksPerMultiProcessor;
  ex_expect(blocks == want, "resident 40000-byte blocks per SM: %d, expected %d", blocks, want);
  EX_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, tiny, 128, 0));
  ex_expect(blocks >= 8, "resident 128-thread blocks of tiny per SM: %d", blocks);
  int grid = 0, block = 0;
  EX_CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, tiny, 0, 0));
  ex_expect(block > 0 && block <= 1024 && block % 32 == 0 && grid > 0, "potential %d x %d", grid,
            block);

  /* Both tile kernels run, one with dynamic shared memory besides. */
  const int n = 10000;
  float *h = (float *)malloc(n * sizeof *h), *got = (float *)malloc(n * sizeof *got);
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 977) - 300.0f;
  float *din = ex_alloc<float>(n * sizeof *h), *dout = ex_alloc<float>(n * sizeof *h);
  EX_CHECK(cudaMemcpy(din, h, n * sizeof *h, cudaMemcpyHostToDevice));
  tile_reverse<<<1, 256, 256 * sizeof(float)>>>(din, dout, n);
  EX_LAUNCHED("tile_reverse");
  tile_scale<<<1, 512>>>(dout, n, 0.5f);
  EX_LAUNCHED("tile_scale");
  EX_CHECK(cudaMemcpy(got, dout, n * sizeof *got, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (!ex_expect(got[i] == h[n - 1 - i] * 0.5f, "tiles: out[%d] = %g, expected %g", i,
                   (double)got[i], (double)(h[n - 1 - i] * 0.5f)))
      break;
  /* More dynamic shared memory than is left without opting in. */
  tile_reverse<<<1, 256, 16 * 1024>>>(din, dout, n);
  ex_expect(cudaGetLastError() != cudaSuccess, "40000 + 16384 bytes of shared memory launched");
  ex_expect(cudaGetLastError() == cudaSuccess, "a refused launch is not sticky");
  int *dt = ex_alloc<int>(100 * sizeof(int)), ht[100];
  tiny<<<1, 100>>>(dt);
  EX_LAUNCHED("tiny");
  EX_CHECK(cudaMemcpy(ht, dt, sizeof ht, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 100; i++)
    if (!ex_expect(ht[i] == (99 - i) * 3, "tiny: out[%d] = %d", i, ht[i]))
      break;
  free(h);
  free(got);
  ex_end();
}

static void memory_kinds(void)
{
  ex_begin("memory_kinds");
  size_t free0 = 0, total = 0, free1 = 0;
  EX_CHECK(cudaMemGetInfo(&free0, &total));
  ex_expect(free0 > 0 && free0 <= total, "cudaMemGetInfo: free %zu of %zu", free0, total);
  int *big = ex_alloc<int>(64 << 20);
  EX_CHECK(cudaMemGetInfo(&free1, &total));
  ex_expect(free1 + (64 << 20) <= free0, "64 MiB allocated: free %zu -> %zu", free0, free1);
  cudaPointerAttributes pa;
  EX_CHECK(cudaPointerGetAttributes(&pa, big + 1000));
  ex_expect(pa.type == cudaMemoryTypeDevice && pa.devicePointer == (void *)(big + 1000),
            "device pointer attributes: type %d", (int)pa.type);

  /* Pitched 2-D memory, copied in and out with cudaMemcpy2D. */
  const int w = 37, hgt = 5;
  size_t pitch = 0;
  unsigned char *pm = NULL, src[hgt][w], back[hgt][w];
  EX_CHECK(cudaMallocPitch((void **)&pm, &pitch, w, hgt));
  ex_expect(pitch >= (size_t)w, "pitch %zu for width %d", pitch, w);
  for (int y = 0; y < hgt; y++)
    for (int x = 0; x < w; x++)
      src[y][x] = (unsigned char)(y * 40 + x);
  EX_CHECK(cudaMemset2D(pm, pitch, 0xee, pitch, hgt));
  EX_CHECK(cudaMemcpy2D(pm, pitch, src, w, w, hgt, cudaMemcpyHostToDevice));
  memset(back, 0, sizeof back);
  EX_CHECK(cudaMemcpy2D(back, w, pm, pitch, w, hgt, cudaMemcpyDeviceToHost));
  ex_expect(memcmp(src, back, sizeof src) == 0, "cudaMemcpy2D round trip differs");
  unsigned char pad = 0;
  if (pitch > (size_t)w) {
    EX_CHECK(cudaMemcpy(&pad, pm + w, 1, cudaMemcpyDeviceToHost));
    ex_expect(pad == 0xee, "padding after a row: 0x%02x", pad);
  }
  EX_CHECK(cudaFree(pm));

  /* Page-locked host memory: the kernel uses it through its device pointer. */
  int *hp = NULL, *hp_dev = NULL;
  EX_CHECK(cudaHostAlloc((void **)&hp, 256 * sizeof *hp, cudaHostAllocMapped));
  for (int i = 0; i < 256; i++)
    hp[i] = i * i;
  EX_CHECK(cudaHostGetDevicePointer((void **)&hp_dev, hp, 0));
  add_one<<<2, 128>>>(hp_dev, 256);
  EX_LAUNCHED("add_one (pinned)");
  for (int i = 0; i < 256; i++)
    if (!ex_expect(hp[i] == i * i + 1, "pinned: [%d] = %d", i, hp[i]))
      break;
  EX_CHECK(cudaFreeHost(hp));

  /* Managed memory and a __managed__ variable: the host uses them directly. */
  int *mm = NULL;
  EX_CHECK(cudaMallocManaged((void **)&mm, 4 * sizeof *mm));
  memset(mm, 0, 4 * sizeof *mm);
  m_counter = 1000;
  count<<<3, 64>>>(mm);
  EX_LAUNCHED("count");
  ex_expect(m_counter == 1000 + 3 * 64, "__managed__ counter %d", m_counter);
  for (int r = 0; r < 4; r++) {
    int want = 0;
    for (int t = r; t < 64; t += 4)
      want += 3 * t;
    ex_expect(mm[r] == want, "managed [%d] = %d, expected %d", r, mm[r], want);
  }
  EX_CHECK(cudaPointerGetAttributes(&pa, mm));
  ex_expect(pa.type == cudaMemoryTypeManaged, "managed pointer attributes: type %d", (int)pa.type);
  EX_CHECK(cudaFree(mm));

  /* Symbols. */
  int table[64], factor = -3;
  for (int i = 0; i < 64; i++)
    table[i] = i + 1;
  EX_SYMBOL_WRITE(d_table, table, sizeof table);
  EX_SYMBOL_WRITE(c_factor, &factor, sizeof factor);
  table_scale<<<2, 32>>>(64);
  EX_LAUNCHED("table_scale");
  int *addr = NULL;
  size_t size = 0;
  EX_CHECK(cudaGetSymbolAddress((void **)&addr, d_table));
  EX_CHECK(cudaGetSymbolSize(&size, d_table));
  ex_expect(size == sizeof table, "cudaGetSymbolSize %zu", size);
  memset(table, 0, sizeof table);
  EX_CHECK(cudaMemcpy(table, addr + 10, 4 * sizeof(int), cudaMemcpyDeviceToHost));
  ex_expect(table[0] == -33 && table[3] == -42, "d_table[10..13]: %d .. %d", table[0], table[3]);
  ex_expect(cudaMemcpyToSymbol(d_table, table, sizeof table + 4) == cudaErrorInvalidValue,
            "a copy past the end of d_table is not refused");
  cudaGetLastError();
  ex_end();
}

static int callback_order[4], n_callbacks;

static void CUDART_CB record_callback(void *arg)
{
  callback_order[n_callbacks++] = (int)(intptr_t)arg;
}

static void streams_and_events(void)
{
  ex_begin("streams_and_events");
  const int n = 4096;
  cudaStream_t s1, s2;
  cudaEvent_t start, done1, done2;
  EX_CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  EX_CHECK(cudaStreamCreate(&s2));
  EX_CHECK(cudaEventCreate(&start));
  EX_CHECK(cudaEventCreate(&done1));
  EX_CHECK(cudaEventCreateWithFlags(&done2, cudaEventDisableTiming));
  int *h = NULL, *d = ex_alloc<int>(n * sizeof(int));
  EX_CHECK(cudaMallocHost((void **)&h, n * sizeof *h));
  for (int i = 0; i < n; i++)
    h[i] = 3 * i;
  EX_CHECK(cudaEventRecord(start, s1));
  EX_CHECK(cudaMemcpyAsync(d, h, n * sizeof *h, cudaMemcpyHostToDevice, s1));
  add_one<<<n / 256, 256, 0, s1>>>(d, n);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaLaunchHostFunc(s1, record_callback, (void *)1));
  EX_CHECK(cudaEventRecord(done1, s1));
  /* s2 waits for s1's work, then adds one more. */
  EX_CHECK(cudaStreamWaitEvent(s2, done1, 0));
  add_one<<<n / 256, 256, 0, s2>>>(d, n);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaLaunchHostFunc(s2, record_callback, (void *)2));
  EX_CHECK(cudaMemcpyAsync(h, d, n * sizeof *h, cudaMemcpyDeviceToHost, s2));
  EX_CHECK(cudaEventRecord(done2, s2));
  EX_CHECK(cudaEventSynchronize(done2));
  EX_CHECK(cudaStreamSynchronize(s1));
  ex_expect(cudaStreamQuery(s1) == cudaSuccess && cudaStreamQuery(s2) == cudaSuccess,
            "streams not idle after synchronising");
  ex_expect(cudaEventQuery(done1) == cudaSuccess, "event not complete");
  float ms = -1;
  EX_CHECK(cudaEventElapsedTime(&ms, start, done1));
  ex_expect(ms >= 0, "elapsed time %g ms", (double)ms);
  ex_expect(cudaEventElapsedTime(&ms, start, done2) == cudaErrorInvalidResourceHandle,
            "elapsed time of a cudaEventDisableTiming event");
  cudaGetLastError();
  for (int i = 0; i < n; i++)
    if (!ex_expect(h[i] == 3 * i + 2, "streams: [%d] = %d", i, h[i]))
      break;
  ex_expect(n_callbacks == 2 && callback_order[0] == 1 && callback_order[1] == 2,
            "host callbacks: %d, order %d %d", n_callbacks, callback_order[0], callback_order[1]);
  EX_CHECK(cudaFreeHost(h));
  EX_CHECK(cudaEventDestroy(start));
  EX_CHECK(cudaEventDestroy(done1));
  EX_CHECK(cudaEventDestroy(done2));
  EX_CHECK(cudaStreamDestroy(s1));
  EX_CHECK(cudaStreamDestroy(s2));
  ex_end();
}

static void errors(void)
{
  ex_begin("errors");
  int *d = ex_alloc<int>(64);
  add_one<<<1, 2048>>>(d, 16);
  cudaError_t e = cudaGetLastError();
  ex_expect(e == cudaErrorInvalidConfiguration, "2048-thread block: %s", cudaGetErrorName(e));
  ex_expect(strcmp(cudaGetErrorName(e), "cudaErrorInvalidConfiguration") == 0 &&
              strcmp(cudaGetErrorString(e), "invalid configuration argument") == 0,
            "error texts: %s / %s", cudaGetErrorName(e), cudaGetErrorString(e));
  ex_expect(cudaPeekAtLastError() == cudaSuccess, "the error was not cleared");
  int host = 0;
  e = cudaMemcpy(&host, (void *)16, sizeof host, cudaMemcpyDeviceToHost);
  ex_expect(e == cudaErrorInvalidValue, "copy from address 16: %s", cudaGetErrorName(e));
  ex_expect(cudaPeekAtLastError() == e, "cudaPeekAtLastError does not report it");
  ex_expect(cudaGetLastError() == e && cudaGetLastError() == cudaSuccess,
            "cudaGetLastError does not report it once");
  ex_expect(cudaFree((void *)(d + 1)) == cudaErrorInvalidValue, "freeing an inner pointer");
  cudaGetLastError();
  ex_expect(strcmp(cudaGetErrorString((cudaError_t)12345), "unrecognized error code") == 0,
            "unknown error code: %s", cudaGetErrorString((cudaError_t)12345));
  /* A call ptxsim does not implement fails politely, and not stickily;
   * on a GPU it works. */
  cudaGraph_t g;
  EX_CHECK(cudaGraphCreate(&g, 0));
  e = cudaGraphDebugDotPrint(g, "/dev/null", 0);
  if (e != cudaSuccess)
    ex_expect(e == cudaErrorNotSupported && cudaGetLastError() == cudaErrorNotSupported,
              "cudaGraphDebugDotPrint: %s", cudaGetErrorName(e));
  EX_CHECK(cudaGraphDestroy(g));
  add_one<<<1, 64>>>(d, 16);
  EX_LAUNCHED("add_one after the errors");
  ex_end();
}

/* An out-of-bounds store: the fault is sticky for the rest of the process. */
static void kernel_fault(void)
{
  ex_begin("kernel_fault");
  int *d = NULL;
  EX_CHECK(cudaMalloc((void **)&d, 64 * sizeof *d));
  write_at<<<1, 1>>>(d, 1LL << 38);
  ex_expect_kernel_fault("write_at");
  ex_expect(cudaDeviceSynchronize() != cudaSuccess, "the fault is not sticky");
  ex_end();
}

int main(void)
{
  ex_init("runtime_api");
  ex_isolated("kernel_fault", kernel_fault);
  device_queries();
  function_attributes();
  memory_kinds();
  streams_and_events();
  errors();
  return ex_finish();
}
