/* dp_math.cu -- CUDA host program for benchmarks/cuda/dp_math.cu; the scenario,
 * inputs and CPU reference of tests/drivers/check_dp_math.c: libdevice
 * double-precision sin/cos/exp/log/pow (including Payne-Hanek reduction of huge
 * arguments), sqrt, fma, division, reciprocal and rsqrt, with special inputs
 * (signed zeros, infinities, NaN, overflow and underflow of exp, pow(1, NaN) =
 * 1).  Bounds as in the driver: CUDA's documented ulp bound + 1 for the host
 * libm (sin/cos 3, exp/log 2, pow 3, rsqrt 2); sqrt, fma, division and
 * reciprocal bit-exact.  All arguments are doubles, so C++'s overloads pick
 * the same functions as C. */
#include "../../benchmarks/cuda/dp_math.cu"
#include "exec_util.h"

#define N 200

static void test_dp_math(void)
{
  ref_rng r;
  double x[N], y[N];
  static double want[10 * N], got[10 * N];

  ex_begin("dp_math");
  ref_rng_seed(&r, 80);
  for (int i = 0; i < N; i++) {
    switch (i % 10) {
    case 0: x[i] = ref_randd(&r, -1e22, 1e22); break; /* Payne-Hanek path */
    case 1: x[i] = ref_randd(&r, -1e6, 1e6); break;
    case 2: x[i] = ref_randd(&r, -1e-8, 1e-8); break;
    default: x[i] = ref_randd(&r, -30.0, 30.0); break;
    }
    y[i] = ref_randd(&r, -4.0, 4.0);
  }
  x[3] = -0.0;
  x[4] = 0.0;        /* 1/x = +-inf */
  x[5] = 710.0;      /* exp overflows */
  x[6] = -746.0;     /* exp underflows to 0 */
  y[7] = -3.0;       /* a / (y + 3) divides by zero */
  x[8] = NAN;
  x[9] = INFINITY;   /* sin, cos NaN; exp inf */
  x[10] = -INFINITY; /* exp 0; 1/x -0 */
  x[11] = 0.5;
  y[11] = NAN;       /* pow(1, NaN) = 1 */
  x[12] = 1e308;
  y[12] = 2.0;       /* pow overflows */
  x[13] = 0x1p-1074; /* 1/x overflows; sqrt of a subnormal */
  for (int i = 0; i < N; i++) {
    double a = x[i], b = y[i];
    want[0 * N + i] = sin(a);
    want[1 * N + i] = cos(a);
    want[2 * N + i] = exp(a);
    want[3 * N + i] = log(fabs(a) + 1.0);
    want[4 * N + i] = pow(fabs(a) + 0.5, b);
    want[5 * N + i] = sqrt(fabs(a));
    want[6 * N + i] = fma(a, b, 1.0);
    want[7 * N + i] = a / (b + 3.0);
    want[8 * N + i] = 1.0 / a;
    want[9 * N + i] = 1.0 / sqrt(fabs(b) + 1.0);
  }
  double *dx = ex_upload(x, sizeof x), *dy = ex_upload(y, sizeof y);
  double *dout = ex_alloc<double>(sizeof got);
  dp_math<<<ex_cdiv(N, 64), 64>>>(dx, dy, dout, N);
  EX_LAUNCHED("dp_math");
  ex_download(got, dout, sizeof got);
  static const char *what[10] = { "sin", "cos", "exp", "log(|x|+1)", "pow(|x|+0.5, y)",
                                  "sqrt(|x|)", "fma(x, y, 1)", "x / (y + 3)", "1 / x",
                                  "rsqrt(|y| + 1)" };
  static const uint64_t max_ulp[10] = { 3, 3, 2, 2, 3, 0, 0, 0, 0, 2 };
  for (int k = 0; k < 10; k++)
    ex_expect_f64("dp_math", what[k], want + k * N, got + k * N, N, max_ulp[k]);
  ex_end();
}

int main(void)
{
  ex_init("dp_math");
  test_dp_math();
  return ex_finish();
}
