/* check_histogram.c -- host driver for benchmarks/cuda/histogram.cu:
 * histogram256 (shared bins, shared and global atomics) and
 * histogram256_global, added onto a non-zero starting histogram; exact
 * (inputs and reference: tests/ref/histogram_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/histogram_ref.h"

static void run(const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block, uint64_t seed)
{
  drv_ctx c;
  static uint8_t data[N];
  uint32_t hist[256], exp[256], got[256];
  int n = N;

  drv_open(&c, "histogram");
  histogram_inputs(seed, data, hist, exp);
  ptxsim_devptr dd = drv_upload(&c, data, sizeof data), dh = drv_upload(&c, hist, sizeof hist);
  drv_launch(&c, kernel, grid, block, 0, DRV_ARGS(&dd, &dh, &n));
  drv_download(&c, got, dh, sizeof got);
  drv_expect_u32(kernel, "hist", exp, got, 256);
  drv_close(&c);
}

START_TEST(test_histogram256)
{
  /* 5 blocks of 192: grid-stride loop, bins loop strides by 192 */
  run("histogram256", drv_dim(5, 1, 1), drv_dim(192, 1, 1), 7);
}
END_TEST

START_TEST(test_histogram256_global)
{
  run("histogram256_global", drv_dim(7, 1, 1), drv_dim(128, 1, 1), 8);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("histogram");
  DRV_ADD(s, test_histogram256);
  DRV_ADD(s, test_histogram256_global);
  return drv_run(s);
}
