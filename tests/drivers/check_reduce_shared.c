/* check_reduce_shared.c -- host driver for benchmarks/cuda/reduce_shared.cu:
 * per-block tree sums of 512 elements (256 threads); the float version is
 * reproduced in the kernel's exact pairing order, so it is bit-exact (inputs
 * and reference: tests/ref/reduce_shared_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/reduce_shared_ref.h"

START_TEST(test_reduce_shared_i32)
{
  drv_ctx c;
  int32_t in[N], exp[NB], got[NB];
  int n = N;

  drv_open(&c, "reduce_shared");
  reduce_shared_i32_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shared_i32", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("reduce_shared_i32", "partial", exp, got, NB);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shared_f32)
{
  drv_ctx c;
  float in[N], exp[NB], got[NB];
  int n = N;

  drv_open(&c, "reduce_shared");
  reduce_shared_f32_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shared_f32", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("reduce_shared_f32", "partial", exp, got, NB, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("reduce_shared");
  DRV_ADD(s, test_reduce_shared_i32);
  DRV_ADD(s, test_reduce_shared_f32);
  return drv_run(s);
}
