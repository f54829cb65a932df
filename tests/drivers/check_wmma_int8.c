/* check_wmma_int8.c -- host driver for benchmarks/cuda/wmma_int8.cu:
 * D = C + A * B with u8 A (M x K row-major) and B (K x N column-major),
 * s32 C and D (row-major), 16x16x16 tiles, one warp per tile, fragments
 * from global memory (wmma_u8_global) or staged in shared memory
 * (wmma_u8_shared).
 *
 * The reference is exact: PTX defines the integer wmma.mma without
 * .satfinite as wrapping s32 arithmetic, so the driver sums in uint32_t
 * (mod 2^32).  C takes values all over the s32 range, so many results wrap.
 * A launch whose D buffer is one row short must fail with an out-of-bounds
 * fault on the wmma.store.
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_int8_ref.h, shared with
 * tests/exec/wmma_int8.cu.
 */
#include "tests/drivers/drv_util.h"
#include "tests/ref/wmma_int8_ref.h"

static void run_case(const wmma_case *t, const char *kernel, unsigned block, int32_t *got)
{
  drv_ctx c;
  int m = M, n = N, k = K;
  unsigned tiles = (M / 16) * (N / 16), warps = block / 32;
  drv_open(&c, "wmma_int8");
  ptxsim_devptr da = drv_upload(&c, t->a, sizeof t->a), db = drv_upload(&c, t->b, sizeof t->b);
  ptxsim_devptr dc = drv_upload(&c, t->c, sizeof t->c);
  ptxsim_devptr dd = drv_alloc_fill(&c, sizeof t->d, 0xa5);
  drv_launch(&c, kernel, drv_dim(drv_cdiv(tiles, warps), 1, 1), drv_dim(block, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dd, &m, &n, &k));
  drv_download(&c, got, dd, sizeof t->d);
  drv_close(&c);
}

static wmma_case tc;

START_TEST(test_global_small)
{
  int32_t got[M * N];
  fill_case(&tc, 11, 1);
  run_case(&tc, "wmma_u8_global", 64, got);
  drv_expect_i32("wmma_u8_global", "D", tc.d, got, M * N);
}
END_TEST

START_TEST(test_global_wrap)
{
  int32_t got[M * N];
  fill_case(&tc, 12, 0);
  /* 8 tiles, 3 warps per block: the last block has one idle warp. */
  run_case(&tc, "wmma_u8_global", 96, got);
  drv_expect_i32("wmma_u8_global", "D", tc.d, got, M * N);
}
END_TEST

START_TEST(test_shared_small)
{
  int32_t got[M * N];
  fill_case(&tc, 13, 1);
  run_case(&tc, "wmma_u8_shared", 128, got);
  drv_expect_i32("wmma_u8_shared", "D", tc.d, got, M * N);
}
END_TEST

START_TEST(test_shared_wrap)
{
  int32_t got[M * N];
  fill_case(&tc, 14, 0);
  run_case(&tc, "wmma_u8_shared", 128, got);
  drv_expect_i32("wmma_u8_shared", "D", tc.d, got, M * N);
}
END_TEST

START_TEST(test_store_out_of_bounds)
{
  drv_ctx c;
  int m = M, n = N, k = K;
  fill_case(&tc, 15, 1);
  drv_open(&c, "wmma_int8");
  ptxsim_devptr da = drv_upload(&c, tc.a, sizeof tc.a), db = drv_upload(&c, tc.b, sizeof tc.b);
  ptxsim_devptr dc = drv_upload(&c, tc.c, sizeof tc.c);
  ptxsim_devptr dd = drv_alloc(&c, sizeof tc.d - N * sizeof(int32_t));
  int rc = ptxsim_launch(c.dev, "wmma_u8_global", drv_dim(M / 16 * (N / 16), 1, 1),
                         drv_dim(32, 1, 1), 0, DRV_ARGS(&da, &db, &dc, &dd, &m, &n, &k));
  const char *msg = ptxsim_device_error(c.dev);
  ck_assert_msg(rc == PTXSIM_E_FAULT, "expected a fault, got %s (%d): %s",
                ptxsim_status_string(rc), rc, msg ? msg : "");
  ck_assert_msg(msg && strstr(msg, "wmma.store") && strstr(msg, "out of bounds"),
                "the message should name wmma.store and say out of bounds: %s",
                msg ? msg : "(none)");
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("wmma_int8");
  DRV_ADD(s, test_global_small);
  DRV_ADD(s, test_global_wrap);
  DRV_ADD(s, test_shared_small);
  DRV_ADD(s, test_shared_wrap);
  DRV_ADD(s, test_store_out_of_bounds);
  return drv_run(s);
}
