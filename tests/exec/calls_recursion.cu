/* calls_recursion.cu -- CUDA host program for
 * benchmarks/cuda/calls_recursion.cu; the scenarios of
 * tests/drivers/check_calls_recursion.c: real calls and bounded recursion
 * (factorial, Fibonacci, recursive halving sum over a caller's local array),
 * indirect calls through a __device__ function-pointer table (op_table, a
 * __device__ variable initialised with function addresses), and calls with
 * char/short/long long/float/double arguments and float2/uchar4 returns.  The
 * reference helpers are the driver's plain C copies (ref_*: the corpus's own
 * __host__ __device__ functions are in this translation unit too, and are not
 * used as the reference); as in the driver, pair_of's c*2+s and dmix's
 * products by 2 and 4 are fmas (exact: power-of-two scales).  Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/calls_recursion_ref.h. */
#include "../../benchmarks/cuda/calls_recursion.cu"
#include "exec_util.h"
#include "../ref/calls_recursion_ref.h"

static void test_calls_recursion(void)
{
  int32_t in[N];
  int64_t exp[N], got[N];

  ex_begin("calls_recursion");
  calls_recursion_inputs(in, exp);
  int *din = ex_upload(in, sizeof in);
  long long *dout = ex_alloc<long long>(sizeof got);
  calls_recursion<<<ex_cdiv(N, 32), 32>>>(din, dout, N);
  EX_LAUNCHED("calls_recursion");
  ex_download(got, dout, sizeof got);
  ex_expect_i64("calls_recursion", "out", exp, got, N);
  ex_end();
}

static void test_calls_indirect(void)
{
  enum { M = 500 };
  int32_t in[M], exp[M], got[M];

  ex_begin("calls_indirect");
  calls_indirect_inputs(M, in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  calls_indirect<<<ex_cdiv(M, 128), 128>>>(din, dout, M);
  EX_LAUNCHED("calls_indirect");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("calls_indirect", "out", exp, got, M);
  ex_end();
}

static void test_calls_mixed_args(void)
{
  enum { M = 300 };
  int32_t in[M];
  float ef[2 * M], gf[2 * M];
  uint32_t eu[M], gu[M];
  double ed[M], gd[M];

  ex_begin("calls_mixed_args");
  calls_mixed_args_inputs(M, in, ef, eu, ed);
  int *din = ex_upload(in, sizeof in);
  float *df = ex_alloc<float>(sizeof gf);
  unsigned *du = ex_alloc<unsigned>(sizeof gu);
  double *dd = ex_alloc<double>(sizeof gd);
  calls_mixed_args<<<ex_cdiv(M, 64), 64>>>(din, df, du, dd, M);
  EX_LAUNCHED("calls_mixed_args");
  ex_download(gf, df, sizeof gf);
  ex_download(gu, du, sizeof gu);
  ex_download(gd, dd, sizeof gd);
  ex_expect_f32("calls_mixed_args", "outf (pair_of)", ef, gf, 2 * M, 0);
  ex_expect_u32("calls_mixed_args", "outu (bytes_of)", eu, gu, M);
  ex_expect_f64("calls_mixed_args", "outd (dmix)", ed, gd, M, 0);
  ex_end();
}

int main(void)
{
  ex_init("calls_recursion");
  test_calls_recursion();
  test_calls_indirect();
  test_calls_mixed_args();
  return ex_finish();
}
