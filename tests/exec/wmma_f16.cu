/* wmma_f16.cu -- CUDA host program for benchmarks/cuda/wmma_f16.cu; the
 * corpus scenarios of tests/drivers/check_wmma_f16.c:
 * D = C + A * B with f16 A (M x K row-major) and B (K x N column-major),
 * f32 C and D (row-major), 16x16x16 tiles, one warp per tile, fragments
 * loaded from global memory (wmma_f16_global) or staged in shared memory
 * (wmma_f16_shared).
 *
 * References, as the driver's:
 *  - small integers (|a|, |b| <= 16, |c| <= 1024): every partial sum is
 *    exact in f32, so the result is the exact one whatever the summation
 *    order; compared bit-exactly;
 *  - random values: the hardware order is unspecified; ptxsim documents
 *    its own (isa/ops_wmma.c: c, then + a(i,k)*b(k,j) for k = 0, 1, ...,
 *    one f32 fma each), which is compared bit-exactly (so on a real GPU
 *    this comparison may fail), and the result must also be within the
 *    bound K * 2^-24 * (|c| + sum |a*b|) / (1 - K * 2^-24) of the exact sum
 *    that any summation order meets (Higham, Accuracy and Stability, 3.1).
 *  - faults: a launch with a 16-thread block (wmma needs the whole warp)
 *    and one with A misaligned by one element must fail with a kernel
 *    fault.  A fault breaks the CUDA context, so each runs in a child
 *    process (ex_isolated), first, before this process touches CUDA.
 *    (On a GPU the half-warp launch is undefined behaviour rather than a
 *    guaranteed fault.)
 * The driver's other tests (wmma forms outside the corpus, generated as PTX
 * text and loaded through the library API, and forms refused at load) have
 * no CUDA-program counterpart.
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_f16_ref.h. */
#include "../../benchmarks/cuda/wmma_f16.cu"
#include "exec_util.h"
#include "../ref/wmma_f16_ref.h"

static wmma_case tc; /* large: keep it off the stack */

typedef void (*wmma_kernel)(const __half *, const __half *, const float *, float *, int, int, int);

/* Runs kernel on t with block threads per block; returns D. */
static void run_case(const wmma_case *t, wmma_kernel kernel, unsigned block, float *d_out)
{
  unsigned tiles = (M / 16) * (N / 16), warps = block / 32;
  const __half *da = ex_upload((const __half *)t->a, sizeof t->a);
  const __half *db = ex_upload((const __half *)t->b, sizeof t->b);
  const float *dc = ex_upload(t->c, sizeof t->c);
  float *dd = ex_alloc_fill<float>(sizeof(float) * M * N, 0xff);
  kernel<<<ex_cdiv(tiles, warps), block>>>(da, db, dc, dd, M, N, K);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(d_out, dd, sizeof(float) * M * N);
}

static void test_global_small_ints(void)
{
  static float got[M * N];
  ex_begin("wmma_f16_global small integers");
  fill_case(&tc, 1, 1);
  /* 2 warps per block: 6 tiles in 3 blocks. */
  run_case(&tc, wmma_f16_global, 64, got);
  ex_expect_f32("wmma_f16_global", "D", tc.exact, got, M * N, 0);
  wmma_check_exact(&ex_ref_check, "wmma_f16_global", &tc, got);
  ex_end();
}

static void test_global_random(void)
{
  static float got[M * N];
  ex_begin("wmma_f16_global random");
  fill_case(&tc, 2, 0);
  /* 4 warps per block: the second block has 2 idle warps. */
  run_case(&tc, wmma_f16_global, 128, got);
  ex_expect_f32("wmma_f16_global", "D (k-order fma reference)", tc.exact, got, M * N, 0);
  wmma_check_bound(&ex_ref_check, "wmma_f16_global", &tc, got);
  ex_end();
}

static void test_shared_small_ints(void)
{
  static float got[M * N];
  ex_begin("wmma_f16_shared small integers");
  fill_case(&tc, 3, 1);
  run_case(&tc, wmma_f16_shared, 128, got);
  ex_expect_f32("wmma_f16_shared", "D", tc.exact, got, M * N, 0);
  ex_end();
}

static void test_shared_random(void)
{
  static float got[M * N];
  ex_begin("wmma_f16_shared random");
  fill_case(&tc, 4, 0);
  run_case(&tc, wmma_f16_shared, 128, got);
  ex_expect_f32("wmma_f16_shared", "D (k-order fma reference)", tc.exact, got, M * N, 0);
  wmma_check_bound(&ex_ref_check, "wmma_f16_shared", &tc, got);
  ex_end();
}

/* Launches wmma_f16_global on one 16x16x16 tile expecting a kernel fault. */
static void expect_fault(unsigned block, size_t a_offset)
{
  fill_case(&tc, 5, 1);
  char *da = ex_alloc<char>(sizeof tc.a + 64);
  const __half *db = ex_upload((const __half *)tc.b, sizeof tc.b);
  const float *dc = ex_upload(tc.c, sizeof tc.c);
  float *dd = ex_alloc<float>(sizeof tc.c);
  wmma_f16_global<<<1, block>>>((const __half *)(da + a_offset), db, dc, dd, 16, 16, 16);
  ex_expect_kernel_fault("wmma_f16_global");
}

static void test_partial_warp_faults(void)
{
  ex_begin("wmma_f16_global on a 16-thread block faults");
  /* blockDim.x = 16: warps = 0, so the one half-warp computes tile 0. */
  expect_fault(16, 0);
  ex_end();
}

static void test_misaligned_faults(void)
{
  ex_begin("wmma_f16_global with A misaligned faults");
  expect_fault(32, 2);
  ex_end();
}

int main(void)
{
  ex_init("wmma_f16");
  ex_isolated("wmma_f16_global on a 16-thread block faults", test_partial_warp_faults);
  ex_isolated("wmma_f16_global with A misaligned faults", test_misaligned_faults);
  test_global_small_ints();
  test_global_random();
  test_shared_small_ints();
  test_shared_random();
  return ex_finish();
}
