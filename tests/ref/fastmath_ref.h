/* fastmath_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/fastmath.cu (built with --use_fast_math: .ftz,
 * div/rcp/sqrt/rsqrt/ex2/lg2/sin/cos.approx; the flag changes device code
 * only, not this host reference), shared by tests/drivers/check_fastmath.c
 * and tests/exec/fastmath.cu.
 *
 * fastmath_ops: the reference follows the PTX instruction by instruction
 * (nvcc turns expf into ex2.approx(|x| * -log2(e)), logf into
 * lg2.approx(t) * ln(2), powf(t, 0.5) into ex2.approx(lg2.approx(t) * 0.5)).
 * The exact ones (fma.rn.ftz + sub.ftz, abs(sub.ftz), the setp.ftz
 * compare sum, the select) are bit-exact, flushing subnormal inputs and
 * results to sign-preserving zero; the first elements are subnormal edge
 * cases whose results change when .ftz is ignored.  The approximate ones
 * are held to the PTX ISA bounds, widened by the reference's own rounding:
 * div.approx 2 ulp, rcp.approx 1 ulp, sqrt.approx relative 2^-23,
 * rsqrt.approx relative 2^-22.9, ex2.approx 2 ulp, lg2.approx absolute
 * 2^-22 on (0.5, 2) and relative 2^-22 elsewhere (times ln 2 here),
 * sin/cos.approx absolute 2^-20.5 on [-2pi, 2pi] and 2^-14.7 on
 * [-100pi, 100pi]; powf(t, 0.5) composes lg2 and ex2: relative 2^-20 for
 * t <= 51.  The edge elements are only checked where those bounds apply.
 * Every libm call takes an explicit double (C and C++ alike).
 *
 * fastmath_softmax_row: against a double reference; the kernel adds
 * ex2.approx (2 ulp) per term, rcp.approx (1 ulp), and an f32 sum of 300
 * terms (3 per thread, then a 7-level tree): about 2e-6 relative at worst;
 * the tests allow 2e-5. */
#ifndef PTXSIM_TESTS_REF_FASTMATH_REF_H
#define PTXSIM_TESTS_REF_FASTMATH_REF_H

#include <float.h>

#include "ref_util.h"

#define N 300

static const double PI = 3.14159265358979323846;

/* .ftz: a subnormal becomes a zero of the same sign */
static inline float ftz(float v) { return fpclassify(v) == FP_SUBNORMAL ? copysignf(0.0f, v) : v; }

/* Copies got over want where skip is set and returns how many are kept. */
static inline int keep_only(float *want, const float *got, const int *skip, int n)
{
  int kept = 0;
  for (int i = 0; i < n; i++) {
    if (skip[i])
      want[i] = got[i];
    else
      kept++;
  }
  return kept;
}

/* want[k * N + i]: result k of element i. */
static inline void fastmath_ops_inputs(float *a, float *b, float *want)
{
  /* (x, y) pairs whose exact results depend on .ftz */
  static const float edge[][2] = {
    { 0x1p-126f, 0x1.8p-126f },   /* |x - y| = 2^-127 -> +0 */
    { 0x1p-127f, 0x1p-125f },     /* x flushed: fma(0, y, -0) - y = -y */
    { 0x1p-140f, 0.0f },          /* x == y after flushing */
    { -0x1p-130f, 0.0f },         /* !(x < y) after flushing: select 3 */
    { 0.0f, 0x1p-149f },          /* y flushed */
    { 3.0f, -0x1p-128f },         /* y flushed to -0: x / y = -inf, 1 / y = -inf */
    { -0x1.8p-127f, 0x1.8p-127f },
  };
  enum { NE = sizeof edge / sizeof edge[0] };
  ref_rng r;
  ref_rng_seed(&r, 81);
  for (int i = 0; i < N; i++) {
    if (i < NE) {
      a[i] = edge[i][0], b[i] = edge[i][1];
      continue;
    }
    a[i] = i % 3 ? ref_randf(&r, -50.0f, 50.0f) : ref_randf(&r, -6.0f, 6.0f);
    b[i] = (i % 7 == 0) ? a[i] : (i % 11 == 0) ? a[i] - 0.5f : ref_randf(&r, -50.0f, 50.0f);
    if (fabsf(b[i]) < 1e-3f)
      b[i] = 0.75f;
    if (fabsf(a[i]) < 1e-3f)
      a[i] = -0.5f;
  }
  for (int i = 0; i < N; i++) {
    float x = ftz(a[i]), y = ftz(b[i]);
    float ax = fabsf(x), ty = fabsf(y) + 1.0f;
    want[0 * N + i] = (float)((double)x / (double)y);
    want[1 * N + i] = 1.0f / y;
    want[2 * N + i] = (float)sqrt((double)ax);
    want[3 * N + i] = (float)(1.0 / sqrt((double)ty));
    want[4 * N + i] = (float)exp2((double)(ax * -1.44269502162933349609375f));
    want[5 * N + i] = (float)(log2((double)ty) * (double)0.693147182464599609375f);
    want[6 * N + i] = (float)sin((double)x);
    want[7 * N + i] = (float)cos((double)x);
    want[8 * N + i] = ftz(ftz(fmaf(x, y, -x)) - y);
    want[9 * N + i] = fabsf(ftz(x - y));
    want[10 * N + i] = (x == y ? 1.0f : 0.0f) + (x < y ? 2.0f : 0.0f) + (!(x >= y) ? 4.0f : 0.0f) +
                       (!(x < ftz(y + 1.0f)) ? 8.0f : 0.0f);
    want[11 * N + i] = (float)sqrt((double)(ax + 1.0f));
    want[12 * N + i] = !(x < y) ? 3.0f : a[i]; /* selp passes the unflushed x */
  }
}

/* want is adjusted where an approximation is not covered. */
static inline void fastmath_ops_check(const ref_check *ck, const float *a, const float *b,
                                      float *want, const float *got)
{
  int skip[N];
  static const char *what[13] = { "x / y", "1 / y", "sqrtf(|x|)", "rsqrt(|y|+1)", "expf(-|x|)",
                                  "logf(|y|+1)", "sinf", "cosf", "fmaf(x,y,-x) - y", "|x - y|",
                                  "compare sum", "powf(|x|+1, 0.5)", "select" };
  for (int k = 0; k < 13; k++) {
    float *e = want + k * N;
    const float *g = got + k * N;
    switch (k) {
    case 0: { /* div.approx: 2 ulp for |y| in [2^-126, 2^126]; x / +-0 = +-inf */
      for (int i = 0; i < N; i++) {
        float y = ftz(b[i]);
        skip[i] = !(y == 0 || (fabsf(y) >= 0x1p-126f && fabsf(y) <= 0x1p126f)) ||
                  fabsf(e[i]) < 0x1p-126f;
      }
      int kept = keep_only(e, g, skip, N);
      ref_expect(ck, kept >= N / 2, "fastmath_ops: x / y: only %d of %d elements checked", kept, N);
      ref_expect_f32(ck, "fastmath_ops", what[k], e, g, N, 2);
      break;
    }
    case 1:
      ref_expect_f32(ck, "fastmath_ops", what[k], e, g, N, 1);
      break;
    case 2:
      ref_expect_f32_tol(ck, "fastmath_ops", what[k], e, g, N, 0x1p-23 + 0x1p-24, 0);
      break;
    case 3:
      ref_expect_f32_tol(ck, "fastmath_ops", what[k], e, g, N, exp2(-22.9) + 0x1p-24, 0);
      break;
    case 4:
      ref_expect_f32(ck, "fastmath_ops", what[k], e, g, N, 2);
      break;
    case 5: /* t = |y| + 1 >= 1: absolute below 2, relative above */
      ref_expect_f32_tol(ck, "fastmath_ops", what[k], e, g, N, 0x1p-22 + 0x1p-23, 0x1p-22);
      break;
    case 6:
    case 7:
      for (int pass = 0; pass < 2; pass++) {
        float wt[N];
        memcpy(wt, e, sizeof wt);
        for (int i = 0; i < N; i++) {
          double ax = fabs((double)ftz(a[i]));
          skip[i] = pass == 0 ? ax > 2 * PI : (ax <= 2 * PI || ax > 100 * PI);
        }
        keep_only(wt, g, skip, N);
        ref_expect_f32_tol(ck, "fastmath_ops", what[k], wt, g, N, 0,
                               (pass == 0 ? exp2(-20.5) : exp2(-14.7)) + 0x1p-25);
      }
      break;
    case 11:
      ref_expect_f32_tol(ck, "fastmath_ops", what[k], e, g, N, 0x1p-20, 0);
      break;
    default:
      ref_expect_f32(ck, "fastmath_ops", what[k], e, g, N, 0);
      break;
    }
  }
}

#define ROWS 3
#define COLS 300

/* fastmath_softmax_row: ROWS rows of COLS, in double. */
static inline void fastmath_softmax_inputs(float *in, float *want)
{
  ref_rng r;
  ref_rng_seed(&r, 82);
  for (int i = 0; i < ROWS * COLS; i++)
    in[i] = ref_randf(&r, -8.0f, 8.0f) * (float)(1 + i / COLS);
  for (int rr = 0; rr < ROWS; rr++) {
    const float *row = in + rr * COLS;
    double m = -3.0e38, s = 0.0;
    for (int j = 0; j < COLS; j++)
      m = row[j] > m ? row[j] : m;
    for (int j = 0; j < COLS; j++)
      s += exp((double)row[j] - m);
    for (int j = 0; j < COLS; j++)
      want[rr * COLS + j] = (float)(exp((double)row[j] - m) / s);
  }
}

#endif /* PTXSIM_TESTS_REF_FASTMATH_REF_H */
