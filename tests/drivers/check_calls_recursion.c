/* check_calls_recursion.c -- host driver for
 * benchmarks/cuda/calls_recursion.cu: real calls and bounded recursion
 * (factorial, Fibonacci, recursive halving sum over a caller's local array),
 * indirect calls through a __device__ function-pointer table (op_table, a
 * .global initialised with function addresses), and calls with
 * char/short/long long/float/double arguments and float2/uchar4 returns.  The
 * helpers are plain C copies of the .cu's __host__ __device__ functions; the
 * PTX contracts pair_of's c*2+s and dmix's products by 2 and 4 into fma
 * (exact: power-of-two scales), so the reference uses fmaf / fma there too.
 * Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/calls_recursion_ref.h, shared with
 * tests/exec/calls_recursion.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/calls_recursion_ref.h"

START_TEST(test_calls_recursion)
{
  drv_ctx c;
  int32_t in[N];
  int64_t exp[N], got[N];
  int n = N;

  drv_open(&c, "calls_recursion");
  calls_recursion_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "calls_recursion", drv_dim(drv_cdiv(N, 32), 1, 1), drv_dim(32, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i64("calls_recursion", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_calls_indirect)
{
  enum { M = 500 };
  drv_ctx c;
  int32_t in[M], exp[M], got[M];
  int n = M;

  drv_open(&c, "calls_recursion");
  calls_indirect_inputs(M, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "calls_indirect", drv_dim(drv_cdiv(M, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("calls_indirect", "out", exp, got, M);
  drv_close(&c);
}
END_TEST

START_TEST(test_calls_mixed_args)
{
  enum { M = 300 };
  drv_ctx c;
  int32_t in[M];
  float ef[2 * M], gf[2 * M];
  uint32_t eu[M], gu[M];
  double ed[M], gd[M];
  int n = M;

  drv_open(&c, "calls_recursion");
  calls_mixed_args_inputs(M, in, ef, eu, ed);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), df = drv_alloc(&c, sizeof gf);
  ptxsim_devptr du = drv_alloc(&c, sizeof gu), dd = drv_alloc(&c, sizeof gd);
  drv_launch(&c, "calls_mixed_args", drv_dim(drv_cdiv(M, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&din, &df, &du, &dd, &n));
  drv_download(&c, gf, df, sizeof gf);
  drv_download(&c, gu, du, sizeof gu);
  drv_download(&c, gd, dd, sizeof gd);
  drv_expect_f32("calls_mixed_args", "outf (pair_of)", ef, gf, 2 * M, 0);
  drv_expect_u32("calls_mixed_args", "outu (bytes_of)", eu, gu, M);
  drv_expect_f64("calls_mixed_args", "outd (dmix)", ed, gd, M, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("calls_recursion");
  DRV_ADD(s, test_calls_recursion);
  DRV_ADD(s, test_calls_indirect);
  DRV_ADD(s, test_calls_mixed_args);
  return drv_run(s);
}
