/* wmma_int8.cu -- CUDA host program for benchmarks/cuda/wmma_int8.cu; the
 * scenarios of tests/drivers/check_wmma_int8.c:
 * D = C + A * B with u8 A (M x K row-major) and B (K x N column-major), s32
 * C and D (row-major), 16x16x16 tiles, one warp per tile, fragments from
 * global memory (wmma_u8_global) or staged in shared memory
 * (wmma_u8_shared).  The reference is exact: integer wmma.mma without
 * .satfinite wraps, so the sums are taken mod 2^32; C takes values all
 * over the s32 range, so many results wrap.
 *
 * Last (a fault breaks the context): a launch whose D buffer is one row
 * short must fail with a kernel fault on the wmma.store.  (ptxsim checks
 * every access against its allocation; a GPU only faults outside its
 * mapped pages, so there this scenario may not fault.)
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_int8_ref.h. */
#include "../../benchmarks/cuda/wmma_int8.cu"
#include "exec_util.h"
#include "../ref/wmma_int8_ref.h"

static wmma_case tc;

typedef void (*wmma_kernel)(const unsigned char *, const unsigned char *, const int *, int *, int,
                            int, int);

static void run(const char *scenario, const char *name, wmma_kernel kernel, unsigned block,
                uint64_t seed, int small)
{
  static int32_t got[M * N];
  unsigned tiles = (M / 16) * (N / 16), warps = block / 32;

  ex_begin(scenario);
  fill_case(&tc, seed, small);
  unsigned char *da = ex_upload(tc.a, sizeof tc.a), *db = ex_upload(tc.b, sizeof tc.b);
  int *dc = ex_upload(tc.c, sizeof tc.c);
  int *dd = ex_alloc_fill<int>(sizeof tc.d, 0xa5);
  kernel<<<ex_cdiv(tiles, warps), block>>>(da, db, dc, dd, M, N, K);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dd, sizeof got);
  ex_expect_i32(name, "D", tc.d, got, M * N);
  ex_end();
}

static void test_store_out_of_bounds(void)
{
  ex_begin("wmma_u8_global store out of bounds faults");
  fill_case(&tc, 15, 1);
  unsigned char *da = ex_upload(tc.a, sizeof tc.a), *db = ex_upload(tc.b, sizeof tc.b);
  int *dc = ex_upload(tc.c, sizeof tc.c);
  int *dd = ex_alloc<int>(sizeof tc.d - N * sizeof(int32_t));
  wmma_u8_global<<<M / 16 * (N / 16), 32>>>(da, db, dc, dd, M, N, K);
  ex_expect_kernel_fault("wmma_u8_global");
  ex_end();
}

int main(void)
{
  ex_init("wmma_int8");
  run("wmma_u8_global small", "wmma_u8_global", wmma_u8_global, 64, 11, 1);
  /* 8 tiles, 3 warps per block: the last block has one idle warp. */
  run("wmma_u8_global wrap", "wmma_u8_global", wmma_u8_global, 96, 12, 0);
  run("wmma_u8_shared small", "wmma_u8_shared", wmma_u8_shared, 128, 13, 1);
  run("wmma_u8_shared wrap", "wmma_u8_shared", wmma_u8_shared, 128, 14, 0);
  test_store_out_of_bounds();
  return ex_finish();
}
