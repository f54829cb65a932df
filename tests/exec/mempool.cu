/* mempool.cu -- the stream-ordered allocator and the persisting-L2 hints,
 * as programs use them.
 *
 * Scenarios:
 *   default_pool   cudaMallocAsync/cudaFreeAsync from the device's default
 *                  pool: a kernel on pool memory, the release threshold
 *                  (memory kept across a synchronisation, reused by the
 *                  next allocation, given back by cudaMemPoolTrimTo or by
 *                  a synchronisation once the threshold is 0), and the
 *                  reserved/used amounts and watermarks read back.
 *   two_streams    an allocation made and filled in one stream, read in a
 *                  second stream that waits on an event, freed there, and
 *                  its memory allocated again in the first stream after an
 *                  event: stream order across streams.
 *   explicit_pool  cudaMemPoolCreate, cudaMallocFromPoolAsync, the reuse
 *                  attributes, access, cudaDeviceSetMemPool, a maximum
 *                  size, destroying a pool whose memory is still held, and
 *                  the errors of what a pool does not allow (IPC handle
 *                  types the device does not support, exporting pointers,
 *                  destroying the default pool).
 *   access_policy  the persisting-L2 set-aside (cudaDeviceSetLimit), an
 *                  access-policy window set on a stream and read back,
 *                  copied to another stream, given to a launch
 *                  (cudaLaunchKernelEx), cudaCtxResetPersistingL2Cache,
 *                  and a window the device refuses.
 * Amounts are checked against what the allocations must take (at least
 * their sizes; reserved at least used), not against one allocator's
 * rounding, so the program passes on a GPU as well as under ptxsim.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#define N 4096

/* x[i] = i * k + c */
__global__ void fill(int *x, int n, int k, int c)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = i * k + c;
}

/* y[i] = 2 * x[i] + 1 */
__global__ void twice_plus_one(const int *x, int *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2 * x[i] + 1;
}

static uint64_t pool_u64(cudaMemPool_t pool, cudaMemPoolAttr attr)
{
  uint64_t v = 0;
  EX_CHECK(cudaMemPoolGetAttribute(pool, attr, &v));
  return v;
}

static int pool_int(cudaMemPool_t pool, cudaMemPoolAttr attr)
{
  int v = -1;
  EX_CHECK(cudaMemPoolGetAttribute(pool, attr, &v));
  return v;
}

static void set_u64(cudaMemPool_t pool, cudaMemPoolAttr attr, uint64_t v)
{
  EX_CHECK(cudaMemPoolSetAttribute(pool, attr, &v));
}

/* Expects call to fail with want (and clears the last error). */
#define EXPECT_ERROR(call, want) \
  do { \
    cudaError_t got_ = (call); \
    ex_expect(got_ == (want), "%s: expected %s, got %s", #call, cudaGetErrorName(want), \
              cudaGetErrorName(got_)); \
    (void)cudaGetLastError(); \
  } while (0)

/* Downloads n ints of x and checks x[i] == i * k + c. */
static void expect_fill(const char *what, const int *x, int n, int k, int c)
{
  static int got[N], want[N];
  EX_CHECK(cudaMemcpy(got, x, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    want[i] = i * k + c;
  ex_expect_i32(what, "x", want, got, (size_t)n);
}

static void default_pool(void)
{
  ex_begin("default_pool");
  int supported = 0;
  EX_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
  ex_expect(supported == 1, "cudaDevAttrMemoryPoolsSupported is %d", supported);
  cudaMemPool_t def, cur;
  EX_CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
  EX_CHECK(cudaDeviceGetMemPool(&cur, 0));
  ex_expect(def == cur, "the current pool is not the default pool");
  ex_expect(pool_u64(def, cudaMemPoolAttrReleaseThreshold) == 0, "default release threshold");
  cudaStream_t s;
  EX_CHECK(cudaStreamCreate(&s));

  /* Keep everything across synchronisations. */
  set_u64(def, cudaMemPoolAttrReleaseThreshold, UINT64_MAX);
  ex_expect(pool_u64(def, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX, "threshold read back");
  uint64_t used0 = pool_u64(def, cudaMemPoolAttrUsedMemCurrent);
  int *a, *b;
  EX_CHECK(cudaMallocAsync((void **)&a, N * sizeof(int), s));
  EX_CHECK(cudaMallocAsync((void **)&b, N * sizeof(int), s));
  fill<<<N / 256, 256, 0, s>>>(a, N, 3, 7);
  twice_plus_one<<<N / 256, 256, 0, s>>>(a, b, N);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaStreamSynchronize(s));
  expect_fill("fill (default pool)", a, N, 3, 7);
  expect_fill("twice_plus_one (default pool)", b, N, 6, 15);
  uint64_t used = pool_u64(def, cudaMemPoolAttrUsedMemCurrent);
  uint64_t reserved = pool_u64(def, cudaMemPoolAttrReservedMemCurrent);
  ex_expect(used >= used0 + 2 * N * sizeof(int), "used %llu after two allocations",
            (unsigned long long)used);
  ex_expect(reserved >= used, "reserved %llu < used %llu", (unsigned long long)reserved,
            (unsigned long long)used);
  ex_expect(pool_u64(def, cudaMemPoolAttrUsedMemHigh) >= used, "used high watermark");
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemHigh) >= reserved, "reserved watermark");
  cudaPointerAttributes pa;
  EX_CHECK(cudaPointerGetAttributes(&pa, a));
  ex_expect(pa.type == cudaMemoryTypeDevice, "pool memory is not device memory");

  /* Freed in stream order: the pool keeps it (threshold) and reuses it. */
  EX_CHECK(cudaFreeAsync(a, s));
  EX_CHECK(cudaFreeAsync(b, s));
  /* Freed twice: the pool still holds the block, which stays its own. */
  EXPECT_ERROR(cudaFreeAsync(a, s), cudaErrorInvalidValue);
  EXPECT_ERROR(cudaFree(b), cudaErrorInvalidValue);
  EX_CHECK(cudaStreamSynchronize(s));
  ex_expect(pool_u64(def, cudaMemPoolAttrUsedMemCurrent) == used0, "used after the frees");
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemCurrent) == reserved,
            "the pool gave memory back above its threshold");
  int *c;
  EX_CHECK(cudaMallocAsync((void **)&c, N * sizeof(int), s));
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemCurrent) == reserved,
            "an allocation after a free did not reuse the pool's memory");
  fill<<<N / 256, 256, 0, s>>>(c, N, -1, 5);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaFreeAsync(c, s));
  EX_CHECK(cudaStreamSynchronize(s));

  /* Watermarks reset to the current amounts. */
  set_u64(def, cudaMemPoolAttrUsedMemHigh, 0);
  set_u64(def, cudaMemPoolAttrReservedMemHigh, 0);
  ex_expect(pool_u64(def, cudaMemPoolAttrUsedMemHigh) ==
                pool_u64(def, cudaMemPoolAttrUsedMemCurrent),
            "used watermark not reset");
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemHigh) ==
                pool_u64(def, cudaMemPoolAttrReservedMemCurrent),
            "reserved watermark not reset");
  uint64_t one = 1;
  EXPECT_ERROR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &one),
               cudaErrorInvalidValue);
  EXPECT_ERROR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReservedMemCurrent, &one),
               cudaErrorInvalidValue);

  /* Trimmed: everything unused goes back. */
  EX_CHECK(cudaMemPoolTrimTo(def, 0));
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemCurrent) <= used0,
            "reserved %llu after cudaMemPoolTrimTo(0)",
            (unsigned long long)pool_u64(def, cudaMemPoolAttrReservedMemCurrent));

  /* Threshold 0: a synchronisation gives freed memory back. */
  set_u64(def, cudaMemPoolAttrReleaseThreshold, 0);
  EX_CHECK(cudaMallocAsync((void **)&a, N * sizeof(int), s));
  EX_CHECK(cudaFreeAsync(a, s));
  EX_CHECK(cudaStreamSynchronize(s));
  ex_expect(pool_u64(def, cudaMemPoolAttrReservedMemCurrent) <= used0,
            "reserved %llu after a synchronisation with threshold 0",
            (unsigned long long)pool_u64(def, cudaMemPoolAttrReservedMemCurrent));
  /* cudaFree also takes pool memory. */
  EX_CHECK(cudaMallocAsync((void **)&a, N * sizeof(int), s));
  EX_CHECK(cudaStreamSynchronize(s));
  EX_CHECK(cudaFree(a));
  EX_CHECK(cudaStreamDestroy(s));
  ex_end();
}

static void two_streams(void)
{
  ex_begin("two_streams");
  cudaStream_t s1, s2;
  cudaEvent_t filled, freed;
  EX_CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  EX_CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  EX_CHECK(cudaEventCreateWithFlags(&filled, cudaEventDisableTiming));
  EX_CHECK(cudaEventCreateWithFlags(&freed, cudaEventDisableTiming));
  cudaMemPool_t def;
  EX_CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
  set_u64(def, cudaMemPoolAttrReleaseThreshold, UINT64_MAX);

  int *x, *y, *out;
  EX_CHECK(cudaMalloc((void **)&out, N * sizeof(int)));
  EX_CHECK(cudaMallocAsync((void **)&x, N * sizeof(int), s1));
  fill<<<N / 256, 256, 0, s1>>>(x, N, 2, -3);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaEventRecord(filled, s1));
  /* s2 reads s1's allocation after the event, then frees it in s2. */
  EX_CHECK(cudaStreamWaitEvent(s2, filled, 0));
  EX_CHECK(cudaMallocAsync((void **)&y, N * sizeof(int), s2));
  twice_plus_one<<<N / 256, 256, 0, s2>>>(x, y, N);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaMemcpyAsync(out, y, N * sizeof(int), cudaMemcpyDeviceToDevice, s2));
  EX_CHECK(cudaFreeAsync(x, s2));
  EX_CHECK(cudaFreeAsync(y, s2));
  EX_CHECK(cudaEventRecord(freed, s2));
  /* s1 allocates again after the free (stream order through the event):
   * the memory may be the freed block, and must hold new contents. */
  EX_CHECK(cudaStreamWaitEvent(s1, freed, 0));
  int *z;
  EX_CHECK(cudaMallocAsync((void **)&z, N * sizeof(int), s1));
  fill<<<N / 256, 256, 0, s1>>>(z, N, 1, 100);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaStreamSynchronize(s1));
  EX_CHECK(cudaStreamSynchronize(s2));
  expect_fill("twice_plus_one (second stream)", out, N, 4, -5);
  expect_fill("fill (reallocated in the first stream)", z, N, 1, 100);
  EX_CHECK(cudaFreeAsync(z, s1));
  EX_CHECK(cudaStreamSynchronize(s1));
  ex_expect(pool_u64(def, cudaMemPoolAttrUsedMemCurrent) == 0, "pool memory still in use");
  set_u64(def, cudaMemPoolAttrReleaseThreshold, 0);
  EX_CHECK(cudaMemPoolTrimTo(def, 0));
  EX_CHECK(cudaFree(out));
  EX_CHECK(cudaEventDestroy(filled));
  EX_CHECK(cudaEventDestroy(freed));
  EX_CHECK(cudaStreamDestroy(s1));
  EX_CHECK(cudaStreamDestroy(s2));
  ex_end();
}

static void explicit_pool(void)
{
  ex_begin("explicit_pool");
  cudaMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t pool;
  EX_CHECK(cudaMemPoolCreate(&pool, &props));
  cudaStream_t s;
  EX_CHECK(cudaStreamCreate(&s));

  /* Attributes: the reuse policies default to on and read back. */
  ex_expect(pool_int(pool, cudaMemPoolReuseFollowEventDependencies) == 1, "follow events");
  ex_expect(pool_int(pool, cudaMemPoolReuseAllowOpportunistic) == 1, "opportunistic");
  ex_expect(pool_int(pool, cudaMemPoolReuseAllowInternalDependencies) == 1, "internal deps");
  int off = 0;
  EX_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &off));
  ex_expect(pool_int(pool, cudaMemPoolReuseAllowOpportunistic) == 0, "opportunistic off");
  set_u64(pool, cudaMemPoolAttrReleaseThreshold, 1 << 20);
  ex_expect(pool_u64(pool, cudaMemPoolAttrReleaseThreshold) == 1 << 20, "threshold");
  ex_expect(pool_u64(pool, cudaMemPoolAttrReservedMemCurrent) == 0, "a new pool holds memory");

  /* An allocation from it, used by a kernel. */
  int *a;
  EX_CHECK(cudaMallocFromPoolAsync((void **)&a, N * sizeof(int), pool, s));
  fill<<<N / 256, 256, 0, s>>>(a, N, 5, -11);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaStreamSynchronize(s));
  expect_fill("fill (explicit pool)", a, N, 5, -11);
  ex_expect(pool_u64(pool, cudaMemPoolAttrUsedMemCurrent) >= N * sizeof(int), "used");
  ex_expect(pool_u64(pool, cudaMemPoolAttrReservedMemCurrent) >=
                pool_u64(pool, cudaMemPoolAttrUsedMemCurrent),
            "reserved < used");

  /* Access: the pool's own device reads and writes it. */
  cudaMemAccessDesc desc;
  desc.location.type = cudaMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = cudaMemAccessFlagsProtReadWrite;
  EX_CHECK(cudaMemPoolSetAccess(pool, &desc, 1));
  cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
  cudaMemLocation loc = desc.location;
  EX_CHECK(cudaMemPoolGetAccess(&flags, pool, &loc));
  ex_expect(flags == cudaMemAccessFlagsProtReadWrite, "access flags %d", (int)flags);

  /* The device's current pool serves cudaMallocAsync. */
  EX_CHECK(cudaDeviceSetMemPool(0, pool));
  cudaMemPool_t cur;
  EX_CHECK(cudaDeviceGetMemPool(&cur, 0));
  ex_expect(cur == pool, "cudaDeviceGetMemPool after cudaDeviceSetMemPool");
  uint64_t used = pool_u64(pool, cudaMemPoolAttrUsedMemCurrent);
  int *b;
  EX_CHECK(cudaMallocAsync((void **)&b, N * sizeof(int), s));
  ex_expect(pool_u64(pool, cudaMemPoolAttrUsedMemCurrent) >= used + N * sizeof(int),
            "cudaMallocAsync did not use the current pool");
  EX_CHECK(cudaFreeAsync(b, s));

  /* What the pool does not allow. */
  int handle_types = -1;
  EX_CHECK(cudaDeviceGetAttribute(&handle_types, cudaDevAttrMemoryPoolSupportedHandleTypes, 0));
  if (!(handle_types & cudaMemHandleTypePosixFileDescriptor)) {
    cudaMemPoolProps ipc = props;
    ipc.handleTypes = cudaMemHandleTypePosixFileDescriptor;
    cudaMemPool_t p2;
    EXPECT_ERROR(cudaMemPoolCreate(&p2, &ipc), cudaErrorNotSupported);
  }
  cudaMemPoolPtrExportData data;
  EXPECT_ERROR(cudaMemPoolExportPointer(&data, a), cudaErrorInvalidValue);
  int fd = -1;
  EXPECT_ERROR(cudaMemPoolExportToShareableHandle(&fd, pool,
                                                  cudaMemHandleTypePosixFileDescriptor, 0),
               cudaErrorInvalidValue);
  cudaMemPool_t def;
  EX_CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
  EXPECT_ERROR(cudaMemPoolDestroy(def), cudaErrorInvalidValue);

  /* Destroyed while a is held: a stays usable until freed, and the
   * default pool becomes current again. */
  EX_CHECK(cudaStreamSynchronize(s));
  EX_CHECK(cudaMemPoolDestroy(pool));
  EX_CHECK(cudaDeviceGetMemPool(&cur, 0));
  ex_expect(cur == def, "the default pool is not current after destroying the current pool");
  fill<<<N / 256, 256, 0, s>>>(a, N, 1, 1);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaStreamSynchronize(s));
  expect_fill("fill (destroyed pool)", a, N, 1, 1);
  EX_CHECK(cudaFreeAsync(a, s));
  EX_CHECK(cudaStreamSynchronize(s));

  /* A pool with a maximum size refuses to grow past it. */
  props.maxSize = 4 << 20;
  EX_CHECK(cudaMemPoolCreate(&pool, &props));
  void *big;
  EXPECT_ERROR(cudaMallocFromPoolAsync(&big, 8 << 20, pool, s), cudaErrorMemoryAllocation);
  EX_CHECK(cudaMallocFromPoolAsync(&big, 1 << 20, pool, s));
  EX_CHECK(cudaFreeAsync(big, s));
  EX_CHECK(cudaStreamSynchronize(s));
  EX_CHECK(cudaMemPoolDestroy(pool));
  EX_CHECK(cudaStreamDestroy(s));
  ex_end();
}

static void access_policy(void)
{
  ex_begin("access_policy");
  int max_persist = 0, max_window = 0;
  EX_CHECK(cudaDeviceGetAttribute(&max_persist, cudaDevAttrMaxPersistingL2CacheSize, 0));
  EX_CHECK(cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0));
  /* From compute capability 8.0; a T4 refuses a set-aside and takes only
   * empty windows (the output is the same either way). */
  bool has_persisting = max_persist > 0 && max_window > 0;
  size_t set_aside = max_persist < (1 << 20) ? (size_t)max_persist : (size_t)1 << 20;
  size_t got = 0;
  if (has_persisting) {
    EX_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, set_aside));
    EX_CHECK(cudaDeviceGetLimit(&got, cudaLimitPersistingL2CacheSize));
    ex_expect(got == set_aside, "persisting L2 limit %zu, set %zu", got, set_aside);
  } else {
    ex_expect(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20) != cudaSuccess,
              "a set-aside accepted without persisting L2");
    (void)cudaGetLastError();
  }
  size_t window = has_persisting ? N * sizeof(int) : 0;

  cudaStream_t s1, s2;
  EX_CHECK(cudaStreamCreate(&s1));
  EX_CHECK(cudaStreamCreate(&s2));
  int *x, *y;
  EX_CHECK(cudaMallocAsync((void **)&x, N * sizeof(int), s1));
  EX_CHECK(cudaMallocAsync((void **)&y, N * sizeof(int), s1));
  cudaStreamAttrValue v;
  memset(&v, 0, sizeof v);
  v.accessPolicyWindow.base_ptr = x;
  v.accessPolicyWindow.num_bytes = window;
  v.accessPolicyWindow.hitRatio = 0.75f;
  v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  EX_CHECK(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &v));
  cudaStreamAttrValue r;
  memset(&r, 0, sizeof r);
  EX_CHECK(cudaStreamGetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &r));
  ex_expect(r.accessPolicyWindow.base_ptr == x &&
                r.accessPolicyWindow.num_bytes == window &&
                r.accessPolicyWindow.hitRatio == 0.75f &&
                r.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting &&
                r.accessPolicyWindow.missProp == cudaAccessPropertyStreaming,
            "the window read back differs");
  EX_CHECK(cudaStreamCopyAttributes(s2, s1));
  memset(&r, 0, sizeof r);
  EX_CHECK(cudaStreamGetAttribute(s2, cudaStreamAttributeAccessPolicyWindow, &r));
  ex_expect(r.accessPolicyWindow.base_ptr == x && r.accessPolicyWindow.hitRatio == 0.75f,
            "the copied window differs");

  /* Kernels in the stream, and a launch with its own window. */
  fill<<<N / 256, 256, 0, s1>>>(x, N, 7, 2);
  EX_CHECK(cudaGetLastError());
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeAccessPolicyWindow;
  attr.val.accessPolicyWindow = v.accessPolicyWindow;
  cudaLaunchConfig_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDim = dim3(N / 256);
  cfg.blockDim = dim3(256);
  cfg.stream = s1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  EX_CHECK(cudaLaunchKernelEx(&cfg, twice_plus_one, (const int *)x, y, (int)N));
  EX_CHECK(cudaStreamSynchronize(s1));
  expect_fill("twice_plus_one (window)", y, N, 14, 5);

  /* A window whose misses would persist is refused. */
  cudaStreamAttrValue bad = v;
  bad.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  EXPECT_ERROR(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &bad),
               cudaErrorInvalidValue);
  /* Done with it: no window, the persisting lines reset, no set-aside. */
  v.accessPolicyWindow.num_bytes = 0;
  EX_CHECK(cudaStreamSetAttribute(s1, cudaStreamAttributeAccessPolicyWindow, &v));
  EX_CHECK(cudaCtxResetPersistingL2Cache());
  EX_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
  EX_CHECK(cudaFreeAsync(x, s1));
  EX_CHECK(cudaFreeAsync(y, s1));
  EX_CHECK(cudaStreamSynchronize(s1));
  EX_CHECK(cudaStreamDestroy(s1));
  EX_CHECK(cudaStreamDestroy(s2));
  ex_end();
}

int main(void)
{
  ex_init("mempool");
  default_pool();
  two_streams();
  explicit_pool();
  access_policy();
  return ex_finish();
}
