/* multi_gpu.cu -- two GPUs in one program: device selection, memory and
 * kernels on each, peer copies both ways, and a kernel reading and
 * writing the other device's memory once peer access is on.
 *
 * Scenarios (with at least two devices: ptxsim exec --devices 2):
 *   select        cudaGetDeviceCount, cudaSetDevice/cudaGetDevice, the
 *                 current device kept per host thread, each device's
 *                 properties and PCI bus id, an invalid device refused.
 *   per_device    an allocation and a kernel on each device; the two
 *                 pointers differ (unified addressing) and each device's
 *                 data is its own.
 *   peer_copy     cudaMemcpyPeer 0 -> 1 and cudaMemcpyPeerAsync 1 -> 0,
 *                 cudaMemcpy with cudaMemcpyDefault between the devices'
 *                 pointers, a kernel on the copied data.
 *   peer_access   cudaDeviceCanAccessPeer, cudaDeviceGetP2PAttribute, the
 *                 errors of enabling and disabling peer access (self, twice,
 *                 not enabled), and kernels on device 0 reading device 1's
 *                 buffer, writing into it and adding to a counter there
 *                 atomically.
 *   peer_pool     each device's default memory pool; memory from device 1's
 *                 pool made accessible to device 0 (cudaMemPoolSetAccess)
 *                 and read by a kernel there.
 *   no_peer_access  (last: the fault is sticky) a kernel on device 1
 *                 reading device 0's memory without peer access faults.
 * With one device it says it needs two ("SKIP") and checks what one device
 * answers (scenario one_device), so the corpus passes without --devices.
 * Results are checked against CPU references.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#include <pthread.h>

#define N 3000

/* x[i] = i * k + c */
__global__ void fill(int *x, int n, int k, int c)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = i * k + c;
}

/* y[i] = 2 * x[i] + 1, and x[i] += 7 (x may be another device's). */
__global__ void read_peer(int *x, int *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = 2 * x[i] + 1;
    x[i] += 7;
  }
}

/* One atomicAdd per thread on *counter (another device's, with peer
 * access). */
__global__ void count_peer(int *counter, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(counter, 1);
}

#define EXPECT_ERROR(call, want) \
  do { \
    cudaError_t got_ = (call); \
    ex_expect(got_ == (want), "%s: expected %s, got %s", #call, cudaGetErrorName(want), \
              cudaGetErrorName(got_)); \
    (void)cudaGetLastError(); \
  } while (0)

static const unsigned BLOCK = 128;

/* Downloads n ints of x (on any device) and checks x[i] == i * k + c. */
static void expect_linear(const char *what, const int *x, int n, int k, int c)
{
  int *h = (int *)malloc(n * sizeof *h);
  EX_CHECK(cudaMemcpy(h, x, n * sizeof *h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (h[i] != i * k + c) {
      ex_fail("%s[%d]: expected %d, got %d", what, i, i * k + c, h[i]);
      break;
    }
  free(h);
}

static int *alloc_on(int device, size_t bytes)
{
  void *p = NULL;
  EX_CHECK(cudaSetDevice(device));
  EX_CHECK(cudaMalloc(&p, bytes));
  return (int *)p;
}

static void *thread_device(void *arg)
{
  int *out = (int *)arg;
  /* A new host thread starts on device 0 whatever others selected. */
  if (cudaGetDevice(&out[0]) != cudaSuccess)
    out[0] = -1;
  if (cudaSetDevice(1) != cudaSuccess || cudaGetDevice(&out[1]) != cudaSuccess)
    out[1] = -1;
  return NULL;
}

static void scenario_select(int count)
{
  ex_begin("select");
  ex_expect(count >= 2, "cudaGetDeviceCount: %d", count);
  int d = -1;
  EX_CHECK(cudaSetDevice(1));
  EX_CHECK(cudaGetDevice(&d));
  ex_expect(d == 1, "cudaGetDevice after cudaSetDevice(1): %d", d);
  int seen[2] = {-2, -2};
  pthread_t t;
  ex_expect(pthread_create(&t, NULL, thread_device, seen) == 0, "pthread_create");
  pthread_join(t, NULL);
  ex_expect(seen[0] == 0 && seen[1] == 1, "another thread's devices: %d then %d", seen[0],
            seen[1]);
  EX_CHECK(cudaGetDevice(&d));
  ex_expect(d == 1, "this thread's device after the other's cudaSetDevice: %d", d);
  EXPECT_ERROR(cudaSetDevice(count), cudaErrorInvalidDevice);
  EX_CHECK(cudaGetDevice(&d));
  ex_expect(d == 1, "current device after a refused cudaSetDevice: %d", d);
  struct cudaDeviceProp p0, p1;
  EX_CHECK(cudaGetDeviceProperties(&p0, 0));
  EX_CHECK(cudaGetDeviceProperties(&p1, 1));
  ex_expect(p0.multiProcessorCount == p1.multiProcessorCount && p0.major == p1.major,
            "devices 0 and 1 are not the same kind of GPU");
  ex_expect(p0.unifiedAddressing == 1, "unifiedAddressing %d", p0.unifiedAddressing);
  char bus0[32], bus1[32];
  EX_CHECK(cudaDeviceGetPCIBusId(bus0, sizeof bus0, 0));
  EX_CHECK(cudaDeviceGetPCIBusId(bus1, sizeof bus1, 1));
  ex_expect(strcmp(bus0, bus1) != 0, "both devices on PCI bus %s", bus0);
  int back = -1;
  EX_CHECK(cudaDeviceGetByPCIBusId(&back, bus1));
  ex_expect(back == 1, "cudaDeviceGetByPCIBusId(%s): %d", bus1, back);
  int sms = 0;
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  ex_expect(sms == p0.multiProcessorCount, "attribute of device 0: %d SMs", sms);
  EXPECT_ERROR(cudaGetDeviceProperties(&p0, count), cudaErrorInvalidDevice);
  EX_CHECK(cudaSetDevice(0));
  ex_end();
}

static void scenario_per_device(void)
{
  ex_begin("per_device");
  int *a0 = alloc_on(0, N * sizeof(int));
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(a0, N, 3, 1);
  EX_LAUNCHED("fill on device 0");
  int *a1 = alloc_on(1, N * sizeof(int));
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(a1, N, 5, -2);
  EX_LAUNCHED("fill on device 1");
  ex_expect(a0 != a1, "both devices returned the same pointer");
  struct cudaPointerAttributes at;
  EX_CHECK(cudaPointerGetAttributes(&at, a1));
  ex_expect(at.type == cudaMemoryTypeDevice, "device 1's buffer: type %d", (int)at.type);
  /* Each reads back on its own device, and from the other (unified
   * addressing: the pointer says whose it is). */
  expect_linear("device 1 read on device 1", a1, N, 5, -2);
  EX_CHECK(cudaSetDevice(0));
  expect_linear("device 0 read on device 0", a0, N, 3, 1);
  expect_linear("device 1 read on device 0", a1, N, 5, -2);
  EX_CHECK(cudaFree(a0));
  /* Another device's memory is freed from here too, and only once. */
  EX_CHECK(cudaFree(a1));
  EXPECT_ERROR(cudaFree(a1), cudaErrorInvalidValue);
  int d = -1;
  EX_CHECK(cudaGetDevice(&d));
  ex_expect(d == 0, "current device after freeing device 1's memory: %d", d);
  ex_end();
}

static void scenario_peer_copy(int count)
{
  ex_begin("peer_copy");
  size_t bytes = N * sizeof(int);
  int *a0 = alloc_on(0, bytes), *b0 = alloc_on(0, bytes);
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(a0, N, 2, 9);
  EX_LAUNCHED("fill on device 0");
  int *a1 = alloc_on(1, bytes), *b1 = alloc_on(1, bytes);
  EX_CHECK(cudaMemcpyPeer(a1, 1, a0, 0, bytes));
  expect_linear("device 1 after cudaMemcpyPeer from 0", a1, N, 2, 9);
  /* On device 1: b1 = 2 * a1 + 1 (a1 += 7 too), then back to device 0. */
  read_peer<<<ex_cdiv(N, BLOCK), BLOCK>>>(a1, b1, N);
  EX_LAUNCHED("read_peer on device 1");
  cudaStream_t s;
  EX_CHECK(cudaStreamCreate(&s));
  EX_CHECK(cudaMemcpyPeerAsync(b0, 0, b1, 1, bytes, s));
  EX_CHECK(cudaStreamSynchronize(s));
  EX_CHECK(cudaStreamDestroy(s));
  expect_linear("device 0 after cudaMemcpyPeerAsync from 1", b0, N, 4, 19);
  /* cudaMemcpyDefault between two devices' pointers, from either. */
  EX_CHECK(cudaSetDevice(0));
  EX_CHECK(cudaMemcpy(a0, a1, bytes, cudaMemcpyDefault));
  expect_linear("device 0 after cudaMemcpyDefault from 1", a0, N, 2, 16);
  EX_CHECK(cudaMemcpy(b1, b0, bytes / 2, cudaMemcpyDeviceToDevice));
  expect_linear("device 1 after cudaMemcpy DeviceToDevice from 0", b1, N / 2, 4, 19);
  /* A copy running off the end of the peer's allocation changes nothing. */
  EXPECT_ERROR(cudaMemcpyPeer(a1, 1, a0, 0, bytes + 4), cudaErrorInvalidValue);
  EXPECT_ERROR(cudaMemcpyPeer(a1, count, a0, 0, bytes), cudaErrorInvalidDevice);
  EX_CHECK(cudaFree(a0));
  EX_CHECK(cudaFree(b0));
  EX_CHECK(cudaSetDevice(1));
  EX_CHECK(cudaFree(a1));
  EX_CHECK(cudaFree(b1));
  EX_CHECK(cudaSetDevice(0));
  ex_end();
}

static void scenario_peer_access(void)
{
  ex_begin("peer_access");
  int can = -1;
  EX_CHECK(cudaDeviceCanAccessPeer(&can, 0, 1));
  ex_expect(can == 1, "cudaDeviceCanAccessPeer(0, 1): %d", can);
  EX_CHECK(cudaDeviceCanAccessPeer(&can, 1, 1));
  ex_expect(can == 0, "cudaDeviceCanAccessPeer(1, 1): %d", can);
  int v = -1;
  EX_CHECK(cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 1));
  ex_expect(v == 1, "cudaDevP2PAttrAccessSupported: %d", v);
  EXPECT_ERROR(cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 0),
               cudaErrorInvalidDevice);
  size_t bytes = N * sizeof(int);
  int *x1 = alloc_on(1, bytes);
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(x1, N, 6, 4);
  EX_LAUNCHED("fill on device 1");
  int *y0 = alloc_on(0, bytes);
  EXPECT_ERROR(cudaDeviceDisablePeerAccess(1), cudaErrorPeerAccessNotEnabled);
  EXPECT_ERROR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorInvalidDevice);
  EXPECT_ERROR(cudaDeviceEnablePeerAccess(1, 1), cudaErrorInvalidValue);
  EX_CHECK(cudaDeviceEnablePeerAccess(1, 0));
  EXPECT_ERROR(cudaDeviceEnablePeerAccess(1, 0), cudaErrorPeerAccessAlreadyEnabled);
  /* On device 0: y0 = 2 * x1 + 1 and x1 += 7, x1 being device 1's. */
  read_peer<<<ex_cdiv(N, BLOCK), BLOCK>>>(x1, y0, N);
  EX_LAUNCHED("read_peer on device 0 of device 1's buffer");
  expect_linear("y0 from device 1's x1", y0, N, 12, 9);
  EX_CHECK(cudaSetDevice(1));
  expect_linear("x1 written by device 0", x1, N, 6, 11);
  int *counter1 = NULL;
  EX_CHECK(cudaMalloc((void **)&counter1, sizeof(int)));
  EX_CHECK(cudaMemset(counter1, 0, sizeof(int)));
  EX_CHECK(cudaSetDevice(0));
  count_peer<<<ex_cdiv(N, BLOCK), BLOCK>>>(counter1, N);
  EX_LAUNCHED("count_peer on device 0 of device 1's counter");
  int count = 0;
  EX_CHECK(cudaMemcpy(&count, counter1, sizeof count, cudaMemcpyDefault));
  ex_expect(count == N, "atomics on device 1's counter from device 0: %d, expected %d", count, N);
  EX_CHECK(cudaFree(counter1));
  EX_CHECK(cudaDeviceDisablePeerAccess(1));
  EXPECT_ERROR(cudaDeviceDisablePeerAccess(1), cudaErrorPeerAccessNotEnabled);
  EX_CHECK(cudaFree(y0));
  EX_CHECK(cudaSetDevice(1));
  EX_CHECK(cudaFree(x1));
  EX_CHECK(cudaSetDevice(0));
  ex_end();
}

static void scenario_peer_pool(void)
{
  ex_begin("peer_pool");
  cudaMemPool_t pool0, pool1;
  EX_CHECK(cudaDeviceGetDefaultMemPool(&pool0, 0));
  EX_CHECK(cudaDeviceGetDefaultMemPool(&pool1, 1));
  ex_expect(pool0 != pool1, "both devices have the same default pool");
  size_t bytes = N * sizeof(int);
  EX_CHECK(cudaSetDevice(1));
  int *p1 = NULL;
  EX_CHECK(cudaMallocAsync((void **)&p1, bytes, 0));
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(p1, N, 1, 100);
  EX_LAUNCHED("fill of pool memory on device 1");
  struct cudaMemAccessDesc desc = {};
  desc.location.type = cudaMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = cudaMemAccessFlagsProtReadWrite;
  EX_CHECK(cudaMemPoolSetAccess(pool1, &desc, 1));
  enum cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
  EX_CHECK(cudaMemPoolGetAccess(&flags, pool1, &desc.location));
  ex_expect(flags == cudaMemAccessFlagsProtReadWrite, "device 0's access to pool 1: %d",
            (int)flags);
  EX_CHECK(cudaSetDevice(0));
  int *y0 = alloc_on(0, bytes);
  read_peer<<<ex_cdiv(N, BLOCK), BLOCK>>>(p1, y0, N);
  EX_LAUNCHED("read_peer on device 0 of device 1's pool memory");
  expect_linear("y0 from device 1's pool", y0, N, 2, 201);
  EX_CHECK(cudaFree(y0));
  EX_CHECK(cudaSetDevice(1));
  EX_CHECK(cudaFreeAsync(p1, 0));
  EX_CHECK(cudaDeviceSynchronize());
  EX_CHECK(cudaSetDevice(0));
  ex_end();
}

/* Last (the fault is sticky): without peer access, a kernel on device 1
 * touching device 0's memory faults as on hardware.  (Device 0 may reach
 * device 1's memory since peer_pool: the emulator grants a pool's peer
 * access for all of its device's memory.) */
static void scenario_no_peer_access(void)
{
  ex_begin("no_peer_access");
  int *x0 = alloc_on(0, N * sizeof(int));
  int *y1 = alloc_on(1, N * sizeof(int));
  read_peer<<<ex_cdiv(N, BLOCK), BLOCK>>>(x0, y1, N);
  ex_expect_kernel_fault("read_peer on device 1 of device 0's buffer, no peer access");
  ex_end();
}

/* One device: what a multi-GPU program sees before giving up. */
static void scenario_one_device(void)
{
  ex_begin("one_device");
  EXPECT_ERROR(cudaSetDevice(1), cudaErrorInvalidDevice);
  int can = -1;
  EX_CHECK(cudaDeviceCanAccessPeer(&can, 0, 0));
  ex_expect(can == 0, "cudaDeviceCanAccessPeer(0, 0): %d", can);
  EXPECT_ERROR(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
  EXPECT_ERROR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorInvalidDevice);
  int *a = ex_alloc<int>(N * sizeof(int)), *b = ex_alloc<int>(N * sizeof(int));
  fill<<<ex_cdiv(N, BLOCK), BLOCK>>>(a, N, 3, 3);
  EX_LAUNCHED("fill");
  EX_CHECK(cudaMemcpyPeer(b, 0, a, 0, N * sizeof(int)));
  expect_linear("cudaMemcpyPeer on one device", b, N, 3, 3);
  ex_end();
}

int main(void)
{
  ex_init("multi_gpu");
  int count = 0;
  EX_CHECK(cudaGetDeviceCount(&count));
  if (count < 2) {
    printf("multi_gpu: SKIP: needs 2 devices, found %d (ptxsim exec --devices 2)\n", count);
    scenario_one_device();
    return ex_finish();
  }
  scenario_select(count);
  scenario_per_device();
  scenario_peer_copy(count);
  scenario_peer_access();
  scenario_peer_pool();
  scenario_no_peer_access();
  return ex_finish();
}
