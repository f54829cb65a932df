/* check_matmul_tiled.c -- host driver for benchmarks/cuda/matmul_tiled.cu:
 * C = A * B with 16x16 tiles and naively, bit-exact against the reference
 * of tests/ref/matmul_tiled_ref.h. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/matmul_tiled_ref.h"

static void run(const char *kernel, ptxsim_dim3 block)
{
  drv_ctx c;
  static float a[M * K], b[K * N], exp[M * N], got[M * N];
  int m = M, n = N, k = K;

  drv_open(&c, "matmul_tiled");
  matmul_inputs(a, b, exp);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_alloc(&c, sizeof got);
  drv_launch(&c, kernel, drv_dim(drv_cdiv(N, block.x), drv_cdiv(M, block.y), 1), block, 0,
             DRV_ARGS(&da, &db, &dc, &m, &n, &k));
  drv_download(&c, got, dc, sizeof got);
  drv_expect_f32(kernel, "C", exp, got, M * N, 0);
  drv_close(&c);
}

START_TEST(test_matmul_tiled) { run("matmul_tiled", drv_dim(16, 16, 1)); }
END_TEST

START_TEST(test_matmul_naive) { run("matmul_naive", drv_dim(8, 4, 1)); }
END_TEST

int main(void)
{
  Suite *s = suite_create("matmul_tiled");
  DRV_ADD(s, test_matmul_tiled);
  DRV_ADD(s, test_matmul_naive);
  return drv_run(s);
}
