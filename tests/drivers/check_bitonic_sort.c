/* check_bitonic_sort.c -- host driver for benchmarks/cuda/bitonic_sort.cu:
 * bitonic_sort_block sorts 512-key segments (the last one short: padded
 * with 0xffffffff in shared memory, not written back); bitonic_step_global
 * is checked as one pass on a non-power-of-two array against the CPU pass,
 * then as the full 55-launch sort of 1024 keys against qsort.
 *
 * Inputs, CPU reference and checks: tests/ref/bitonic_sort_ref.h, shared with
 * tests/exec/bitonic_sort.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/bitonic_sort_ref.h"

START_TEST(test_bitonic_sort_block)
{
  enum { N = 1300 };
  drv_ctx c;
  uint32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "bitonic_sort");
  bitonic_block_inputs(N, in, exp);
  ptxsim_devptr d = drv_upload(&c, in, sizeof in);
  drv_launch(&c, "bitonic_sort_block", drv_dim(drv_cdiv(N, 512), 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&d, &n));
  drv_download(&c, got, d, sizeof got);
  drv_expect_u32("bitonic_sort_block", "data", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_bitonic_step_global)
{
  enum { N = 1024, M = 1000 };
  drv_ctx c;
  uint32_t in[N], exp[N], got[N];
  int n = N, m = M, j = 8, k = 32;

  drv_open(&c, "bitonic_sort");
  /* one pass on a non-power-of-two length: partners p >= n are skipped */
  bitonic_step_inputs(M, j, k, in, exp);
  ptxsim_devptr d = drv_upload(&c, in, M * sizeof in[0]);
  drv_launch(&c, "bitonic_step_global", drv_dim(drv_cdiv(M, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&d, &j, &k, &m));
  drv_download(&c, got, d, M * sizeof got[0]);
  drv_expect_u32("bitonic_step_global (j=8, k=32, n=1000)", "data", exp, got, M);

  /* the full sort of 1024 keys: 55 launches */
  bitonic_sorted_inputs(N, in, exp);
  ptxsim_devptr d2 = drv_upload(&c, in, sizeof in);
  for (k = 2; k <= N; k <<= 1)
    for (j = k >> 1; j > 0; j >>= 1)
      drv_launch(&c, "bitonic_step_global", drv_dim(N / 256, 1, 1), drv_dim(256, 1, 1), 0,
                 DRV_ARGS(&d2, &j, &k, &n));
  drv_download(&c, got, d2, sizeof got);
  drv_expect_u32("bitonic_step_global (full sort)", "data", exp, got, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("bitonic_sort");
  DRV_ADD(s, test_bitonic_sort_block);
  DRV_ADD(s, test_bitonic_step_global);
  return drv_run(s);
}
