/* dp_math_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/dp_math.cu, shared by tests/drivers/check_dp_math.c and
 * tests/exec/dp_math.cu: libdevice double-precision sin/cos/exp/log/pow
 * (including Payne-Hanek reduction of huge arguments), sqrt, fma, division,
 * reciprocal and rsqrt, with special inputs (signed zeros, infinities, NaN,
 * overflow and underflow of exp, pow(1, NaN) = 1).
 *
 * The emulator runs libdevice's own instruction sequences, so it should
 * reproduce the GPU's result, which the CUDA Programming Guide (Appendix
 * "Mathematical Functions", double precision) bounds by sin/cos 2 ulp,
 * exp 1, log 1, pow 2, rsqrt 1 from the exact value; glibc's functions are
 * within 1 ulp of it, so the bound here is the CUDA bound + 1 ulp.  sqrt,
 * fma, division and reciprocal are correctly rounded in PTX (sqrt.rn,
 * fma.rn, div.rn, rcp.rn): bit-exact.  All arguments are doubles, so C++'s
 * overloads pick the same functions as C. */
#ifndef PTXSIM_TESTS_REF_DP_MATH_REF_H
#define PTXSIM_TESTS_REF_DP_MATH_REF_H

#include "ref_util.h"

#define N 200

/* want[k * N + i]: result k of element i. */
static inline void dp_math_inputs(double *x, double *y, double *want)
{
  ref_rng r;
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
}

static inline void dp_math_check(const ref_check *ck, const double *want, const double *got)
{
  static const char *what[10] = { "sin", "cos", "exp", "log(|x|+1)", "pow(|x|+0.5, y)",
                                  "sqrt(|x|)", "fma(x, y, 1)", "x / (y + 3)", "1 / x",
                                  "rsqrt(|y| + 1)" };
  /* ulp bounds: CUDA's documented bound + 1 for the host libm; 0 = exact */
  static const uint64_t max_ulp[10] = { 3, 3, 2, 2, 3, 0, 0, 0, 0, 2 };
  for (int k = 0; k < 10; k++)
    ref_expect_f64(ck, "dp_math", what[k], want + k * N, got + k * N, N, max_ulp[k]);
}

#endif /* PTXSIM_TESTS_REF_DP_MATH_REF_H */
