/* check_divergence.c -- host driver for benchmarks/cuda/divergence.cu:
 * divergent_walk (early returns, loops with break/continue, elements with
 * in[i] == 0 left unwritten) and divergent_block_sum (switch, nested ifs,
 * barrier after divergent work), against the inputs and reference of
 * tests/ref/divergence_ref.h; exact. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/divergence_ref.h"

START_TEST(test_divergent_walk)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "divergence");
  divergent_walk_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc_fill(&c, sizeof got, 0x77);
  drv_launch(&c, "divergent_walk", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("divergent_walk", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_divergent_block_sum)
{
  drv_ctx c;
  int32_t in[N], exp[NB], got[NB];
  int n = N;

  drv_open(&c, "divergence");
  divergent_block_sum_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "divergent_block_sum", drv_dim(NB, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("divergent_block_sum", "out", exp, got, NB);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("divergence");
  DRV_ADD(s, test_divergent_walk);
  DRV_ADD(s, test_divergent_block_sum);
  return drv_run(s);
}
