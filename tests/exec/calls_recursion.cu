/* calls_recursion.cu -- CUDA host program for benchmarks/cuda/calls_recursion.cu;
 * the scenarios, inputs and CPU reference of tests/drivers/check_calls_recursion.c:
 * real calls and bounded recursion (factorial, Fibonacci, recursive halving sum
 * over a caller's local array), indirect calls through a __device__
 * function-pointer table (op_table, a __device__ variable initialised with
 * function addresses), and calls with char/short/long long/float/double
 * arguments and float2/uchar4 returns.  The reference helpers are the driver's
 * plain C copies (ref_*: the corpus's own __host__ __device__ functions are in
 * this translation unit too, and are not used as the reference); as in the
 * driver, pair_of's c*2+s and dmix's products by 2 and 4 are fmas (exact:
 * power-of-two scales).  Exact. */
#include "../../benchmarks/cuda/calls_recursion.cu"
#include "exec_util.h"

#define N 100

static int64_t ref_fact_rec(int k) { return (k <= 1) ? 1 : (int64_t)k * ref_fact_rec(k - 1); }
static int64_t ref_fib_rec(int k) { return k < 2 ? k : ref_fib_rec(k - 1) + ref_fib_rec(k - 2); }

static int ref_sum_range(const int *a, int lo, int hi)
{
  if (hi - lo == 1)
    return a[lo];
  int mid = (lo + hi) / 2;
  return ref_sum_range(a, lo, mid) + ref_sum_range(a, mid, hi);
}

static int64_t ref_sum_rec(int m)
{
  int buf[32];
  for (int k = 0; k < 32; ++k)
    buf[k] = k * k - m;
  return (int64_t)ref_sum_range(buf, 0, (m & 31) + 1);
}

static int32_t ref_op(int k, int32_t x, int32_t i)
{
  switch (k) {
  case 0: return (int32_t)((uint32_t)x + 3u + (uint32_t)i);
  case 1: return (int32_t)((uint32_t)x * 7u) ^ i;
  case 2: return (int32_t)((((uint32_t)x << 5) | ((uint32_t)x >> 27)) + (uint32_t)(i & 1));
  default: return (int32_t)(0u - (uint32_t)x + (uint32_t)i);
  }
}

static void test_calls_recursion(void)
{
  ref_rng r;
  int32_t in[N];
  int64_t exp[N], got[N];

  ex_begin("calls_recursion");
  ref_rng_seed(&r, 48);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  in[0] = 15; /* deepest: fact(15), fib(15), sum over 16 */
  in[1] = 0;
  in[2] = -1;
  for (int i = 0; i < N; i++) {
    int x = in[i];
    exp[i] = ref_fact_rec(x & 15) + ref_fib_rec(x & 15) * 1000 + ref_sum_rec(x & 31);
  }
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
  ref_rng r;
  int32_t in[M], exp[M], got[M];

  ex_begin("calls_indirect");
  ref_rng_seed(&r, 49);
  for (int i = 0; i < M; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < M; i++)
    exp[i] = ref_op(in[i] & 3, in[i], i);
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
  ref_rng r;
  int32_t in[M];
  float ef[2 * M], gf[2 * M];
  uint32_t eu[M], gu[M];
  double ed[M], gd[M];

  ex_begin("calls_mixed_args");
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
