/* check_histogram.c -- host driver for benchmarks/cuda/histogram.cu:
 * histogram256 (shared bins, shared and global atomics) and
 * histogram256_global, added onto a non-zero starting histogram; exact. */
#include "tests/drivers/drv_util.h"

#define N 5000

static void run(const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block, uint64_t seed)
{
  drv_ctx c;
  ref_rng r;
  static uint8_t data[N];
  uint32_t hist[256], exp[256], got[256];
  int n = N;

  drv_open(&c, "histogram");
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    /* skewed: many zeros and 0xff, some bins stay empty */
    uint32_t k = ref_rand32(&r);
    data[i] = (k & 3) == 0 ? 0 : (k & 3) == 1 ? 0xff : (uint8_t)((k >> 8) & 0xbf);
  }
  for (int v = 0; v < 256; v++)
    hist[v] = exp[v] = (uint32_t)v * 1000u;
  for (int i = 0; i < N; i++)
    exp[data[i]]++;
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
