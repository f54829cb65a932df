/* check_transpose.c -- host driver for benchmarks/cuda/transpose.cu:
 * transpose_tiled (32x8 blocks, 32x32 tiles) and transpose_naive on a
 * 70 x 45 matrix (partial tiles in both directions); a bit-exact copy
 * (inputs and reference: tests/ref/transpose_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/transpose_ref.h"

static void run(const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block)
{
  drv_ctx c;
  static float in[ROWS * COLS], exp[ROWS * COLS], got[ROWS * COLS];
  int rows = ROWS, cols = COLS;

  drv_open(&c, "transpose");
  transpose_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, kernel, grid, block, 0, DRV_ARGS(&din, &dout, &rows, &cols));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32(kernel, "out", exp, got, ROWS * COLS, 0);
  drv_close(&c);
}

START_TEST(test_transpose_tiled)
{
  run("transpose_tiled", drv_dim(drv_cdiv(COLS, 32), drv_cdiv(ROWS, 32), 1), drv_dim(32, 8, 1));
}
END_TEST

START_TEST(test_transpose_naive)
{
  run("transpose_naive", drv_dim(drv_cdiv(COLS, 16), drv_cdiv(ROWS, 8), 1), drv_dim(16, 8, 1));
}
END_TEST

int main(void)
{
  Suite *s = suite_create("transpose");
  DRV_ADD(s, test_transpose_tiled);
  DRV_ADD(s, test_transpose_naive);
  return drv_run(s);
}
