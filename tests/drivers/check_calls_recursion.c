/* check_calls_recursion.c -- host driver for benchmarks/cuda/calls_recursion.cu:
 * real calls and bounded recursion (factorial, Fibonacci, recursive halving
 * sum over a caller's local array), indirect calls through a __device__
 * function-pointer table (op_table, a .global initialised with function
 * addresses), and calls with char/short/long long/float/double arguments
 * and float2/uchar4 returns.  The helpers are plain C copies of the .cu's
 * __host__ __device__ functions; the PTX contracts pair_of's c*2+s and
 * dmix's products by 2 and 4 into fma (exact: power-of-two scales), so the
 * reference uses fmaf / fma there too.  Exact. */
#include "tests/drivers/drv_util.h"

#include <math.h>

#define N 100

static int64_t fact_rec(int k) { return (k <= 1) ? 1 : (int64_t)k * fact_rec(k - 1); }
static int64_t fib_rec(int k) { return k < 2 ? k : fib_rec(k - 1) + fib_rec(k - 2); }

static int sum_range(const int *a, int lo, int hi)
{
  if (hi - lo == 1)
    return a[lo];
  int mid = (lo + hi) / 2;
  return sum_range(a, lo, mid) + sum_range(a, mid, hi);
}

static int64_t sum_rec(int m)
{
  int buf[32];
  for (int k = 0; k < 32; ++k)
    buf[k] = k * k - m;
  return (int64_t)sum_range(buf, 0, (m & 31) + 1);
}

static int32_t op(int k, int32_t x, int32_t i)
{
  switch (k) {
  case 0: return (int32_t)((uint32_t)x + 3u + (uint32_t)i);
  case 1: return (int32_t)((uint32_t)x * 7u) ^ i;
  case 2: return (int32_t)((((uint32_t)x << 5) | ((uint32_t)x >> 27)) + (uint32_t)(i & 1));
  default: return (int32_t)(0u - (uint32_t)x + (uint32_t)i);
  }
}

START_TEST(test_calls_recursion)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N];
  int64_t exp[N], got[N];
  int n = N;

  drv_open(&c, "calls_recursion");
  ref_rng_seed(&r, 48);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  in[0] = 15;    /* deepest: fact(15), fib(15), sum over 16 */
  in[1] = 0;
  in[2] = -1;
  for (int i = 0; i < N; i++) {
    int x = in[i];
    exp[i] = fact_rec(x & 15) + fib_rec(x & 15) * 1000 + sum_rec(x & 31);
  }
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
  ref_rng r;
  int32_t in[M], exp[M], got[M];
  int n = M;

  drv_open(&c, "calls_recursion");
  ref_rng_seed(&r, 49);
  for (int i = 0; i < M; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < M; i++)
    exp[i] = op(in[i] & 3, in[i], i);
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
  ref_rng r;
  int32_t in[M];
  float ef[2 * M], gf[2 * M];
  uint32_t eu[M], gu[M];
  double ed[M], gd[M];
  int n = M;

  drv_open(&c, "calls_recursion");
  ref_rng_seed(&r, 50);
  for (int i = 0; i < M; i++)
    in[i] = (i % 3 == 0) ? ref_rand_range(&r, -40000, 40000) : ref_rand_range(&r, -(1 << 22), 1 << 22);
  for (int i = 0; i < M; i++) {
    int x = in[i];
    int8_t ch = (int8_t)x;
    int16_t s = (int16_t)(x >> 8);
    uint16_t u = (uint16_t)x;
    float fx = (float)x * 0.5f;
    ef[2 * i] = fmaf((float)ch, 2.0f, (float)s);
    ef[2 * i + 1] = (float)(ch - s);
    uint8_t bx = (uint8_t)u, by = (uint8_t)(u >> 8), bz = (uint8_t)ch,
            bw = (uint8_t)(u ^ (uint16_t)ch);
    eu[i] = (uint32_t)bx | ((uint32_t)by << 8) | ((uint32_t)bz << 16) | ((uint32_t)bw << 24);
    double t = fma((double)s, 2.0, (double)ch) + (double)((int64_t)x * 3);
    ed[i] = fma((double)fx, 4.0, t) + (double)x * 0.25;
  }
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
