/* coop_grid_sync.cu -- cooperative launches and grid-wide barriers
 * (cooperative_groups::this_grid().sync()), checked against a CPU
 * reference:
 * - the device says it can (cudaDevAttrCooperativeLaunch, cooperativeLaunch);
 * - a multi-phase computation on a grid of every co-resident block
 *   (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SMs): ITERS steps of
 *   a 1-D stencil where each step reads what neighbouring blocks wrote in
 *   the step before, then a grid-wide sum (each block's partial sum, a
 *   barrier, block 0 adds them up), all separated by grid.sync();
 * - the same through cudaLaunchKernelEx with cudaLaunchAttributeCooperative,
 *   on a smaller grid (grid-stride loops: the results do not depend on it);
 * - one block more than fit at once: cudaErrorCooperativeLaunchTooLarge,
 *   which is not sticky;
 * - grid.sync() in an ordinary launch: the grid is not valid and the
 *   kernel traps, a sticky kernel fault (last).
 * Exact (integers); prints no sizes, so the output is the same on every
 * device and in both modes of ptxsim exec. */
#include <cooperative_groups.h>

#include "exec_util.h"

namespace cg = cooperative_groups;

enum { N = 5000, ITERS = 6, BLOCK = 128 };

/* One step of the stencil, wrapping at the ends (mod N). */
__host__ __device__ static inline uint32_t stencil(const uint32_t *a, int i)
{
  uint32_t l = a[(i + N - 1) % N], c = a[i], r = a[(i + 1) % N];
  return (l ^ (c * 3u)) + r * 7u + (uint32_t)i;
}

__global__ void phases(uint32_t *a, uint32_t *b, uint32_t *partial, uint32_t *total)
{
  cg::grid_group grid = cg::this_grid();
  __shared__ uint32_t sum[BLOCK];
  const int stride = (int)(gridDim.x * blockDim.x);
  const int first = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  for (int it = 0; it < ITERS; it++) {
    const uint32_t *src = it % 2 ? b : a;
    uint32_t *dst = it % 2 ? a : b;
    for (int i = first; i < N; i += stride)
      dst[i] = stencil(src, i);
    grid.sync();
  }
  /* ITERS is even: the result is in a. */
  uint32_t s = 0;
  for (int i = first; i < N; i += stride)
    s += a[i];
  sum[threadIdx.x] = s;
  __syncthreads();
  for (int k = BLOCK / 2; k > 0; k /= 2) {
    if ((int)threadIdx.x < k)
      sum[threadIdx.x] += sum[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = sum[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    uint32_t t = 0;
    for (unsigned k = 0; k < gridDim.x; k++)
      t += partial[k];
    *total = t;
  }
}

static uint32_t in[N], want[N], got[N];
static uint32_t want_total;

static void reference(void)
{
  static uint32_t a[N], b[N];
  for (int i = 0; i < N; i++)
    in[i] = a[i] = (uint32_t)i * 2654435761u;
  for (int it = 0; it < ITERS; it++) {
    uint32_t *src = it % 2 ? b : a, *dst = it % 2 ? a : b;
    for (int i = 0; i < N; i++)
      dst[i] = stencil(src, i);
  }
  want_total = 0;
  for (int i = 0; i < N; i++)
    want[i] = a[i], want_total += a[i];
}

/* Blocks of BLOCK threads that fit on the device at once. */
static int max_blocks(void)
{
  int dev = 0, sms = 0, per_sm = 0;
  EX_CHECK(cudaGetDevice(&dev));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  EX_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, BLOCK, 0));
  ex_expect(per_sm > 0, "no block of %d threads fits on an SM", BLOCK);
  return per_sm * sms;
}

static void test_attributes(void)
{
  ex_begin("attributes");
  int dev = 0, coop = 0;
  EX_CHECK(cudaGetDevice(&dev));
  EX_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  ex_expect(coop == 1, "cudaDevAttrCooperativeLaunch %d", coop);
  cudaDeviceProp p;
  EX_CHECK(cudaGetDeviceProperties(&p, dev));
  ex_expect(p.cooperativeLaunch == 1, "cooperativeLaunch %d", p.cooperativeLaunch);
  ex_end();
}

/* Runs phases on grid blocks, through cudaLaunchKernelEx when is_ex. */
static void run_phases(const char *scen, int grid, bool is_ex)
{
  ex_begin(scen);
  uint32_t *a = ex_upload(in, sizeof in), *b = ex_alloc<uint32_t>(sizeof in);
  uint32_t *partial = ex_alloc<uint32_t>(grid * sizeof(uint32_t));
  uint32_t *total = ex_alloc_fill<uint32_t>(sizeof(uint32_t), 0);
  void *args[] = {&a, &b, &partial, &total};
  if (is_ex) {
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeCooperative;
    attr.val.cooperative = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(BLOCK);
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    EX_CHECK(cudaLaunchKernelEx(&cfg, phases, a, b, partial, total));
  } else {
    EX_CHECK(cudaLaunchCooperativeKernel((void *)phases, dim3(grid), dim3(BLOCK), args, 0, 0));
  }
  EX_LAUNCHED("phases");
  uint32_t t = 0;
  ex_download(got, a, sizeof got);
  ex_download(&t, total, sizeof t);
  ex_expect_u32("phases", "a", want, got, N);
  ex_expect(t == want_total, "total %u, expected %u", t, want_total);
  ex_end();
}

static void test_too_large(int grid)
{
  ex_begin("too_large");
  uint32_t *a = ex_upload(in, sizeof in), *b = ex_alloc<uint32_t>(sizeof in);
  uint32_t *partial = ex_alloc<uint32_t>((grid + 1) * sizeof(uint32_t));
  uint32_t *total = ex_alloc<uint32_t>(sizeof(uint32_t));
  void *args[] = {&a, &b, &partial, &total};
  cudaError_t e =
      cudaLaunchCooperativeKernel((void *)phases, dim3(grid + 1), dim3(BLOCK), args, 0, 0);
  ex_expect(e == cudaErrorCooperativeLaunchTooLarge, "one block too many: %s",
            cudaGetErrorName(e));
  e = cudaGetLastError();
  ex_expect(e == cudaErrorCooperativeLaunchTooLarge, "cudaGetLastError: %s", cudaGetErrorName(e));
  /* Not sticky: the device goes on. */
  EX_CHECK(cudaDeviceSynchronize());
  EX_CHECK(cudaMemcpy(b, a, sizeof in, cudaMemcpyDeviceToDevice));
  ex_end();
}

static void test_ordinary_launch_traps(void)
{
  ex_begin("ordinary_launch_traps");
  uint32_t *a = ex_upload(in, sizeof in), *b = ex_alloc<uint32_t>(sizeof in);
  uint32_t *partial = ex_alloc<uint32_t>(sizeof(uint32_t));
  uint32_t *total = ex_alloc<uint32_t>(sizeof(uint32_t));
  phases<<<1, BLOCK>>>(a, b, partial, total);
  ex_expect_kernel_fault("phases");
  ex_end();
}

int main(void)
{
  ex_init("coop_grid_sync");
  reference();
  test_attributes();
  int grid = max_blocks();
  run_phases("grid_sync", grid, false);
  run_phases("launch_kernel_ex", grid / 2 > 0 ? grid / 2 : 1, true);
  test_too_large(grid);
  test_ordinary_launch_traps();
  return ex_finish();
}
