/* compare_select_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/compare_select.cu, shared by
 * tests/drivers/check_compare_select.c and tests/exec/compare_select.cu:
 * ordered and unordered float compares (NaN, inf, signed zeros, equal
 * pairs) as condition masks, 64- and 32-bit integer compares, selp, the f64
 * rounding helpers (rint/ceil/floor/trunc) and fmax/fmin.  All bit-exact
 * with C semantics. */
#ifndef PTXSIM_TESTS_REF_COMPARE_SELECT_REF_H
#define PTXSIM_TESTS_REF_COMPARE_SELECT_REF_H

#include "ref_util.h"

#define N 400

static inline void pairs_f64(double *a, double *b, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    a[i] = ref_interesting_f64(&r, -10.0, 10.0);
    switch (ref_rand32(&r) % 6) {
    case 0: b[i] = a[i]; break;                         /* equal (or both NaN) */
    case 1: b[i] = -a[i]; break;                        /* +0 / -0 */
    case 2: b[i] = nearbyint(a[i] * 2.0) / 2.0; break;  /* halves: rint ties */
    default: b[i] = ref_interesting_f64(&r, -10.0, 10.0); break;
    }
    if (i % 11 == 0)
      a[i] = nearbyint(a[i] * 2.0) / 2.0 + 0.5;         /* x.5 for rint */
  }
}

static inline uint32_t fmask(double x, double y, int with16, double x2, double y1)
{
  uint32_t m = 0;
  m |= (uint32_t)(x == y) << 0;
  m |= (uint32_t)(x != y) << 1;
  m |= (uint32_t)(x < y) << 2;
  m |= (uint32_t)(x <= y) << 3;
  m |= (uint32_t)(x > y) << 4;
  m |= (uint32_t)(x >= y) << 5;
  m |= (uint32_t)!(x == y) << 6;
  m |= (uint32_t)!(x < y) << 7;
  m |= (uint32_t)!(x <= y) << 8;
  m |= (uint32_t)!(x > y) << 9;
  m |= (uint32_t)!(x >= y) << 10;
  m |= (uint32_t)(isnan(x) ? 1 : 0) << 11;
  m |= (uint32_t)(isinf(y) ? 1 : 0) << 12;
  m |= (uint32_t)((x < y) != (y < 0.0)) << 13;
  m |= (uint32_t)((x < 1.0 && y > -1.0) || x == 0.0) << 14;
  if (with16)
    m |= (uint32_t)(x2 <= y1) << 16;
  return m;
}

static inline void compare_f32_inputs(float *a, float *b, uint32_t *exp)
{
  double da[N], db[N];
  pairs_f64(da, db, 45);
  for (int i = 0; i < N; i++) {
    a[i] = (float)da[i];
    b[i] = (float)db[i];
  }
  a[3] = 1e38f; /* x * 2 overflows to inf */
  b[3] = 3e38f;
  for (int i = 0; i < N; i++) {
    float x = a[i], y = b[i];
    exp[i] = fmask(x, y, 1, (double)(x * 2.0f), (double)(y + 1.0f)) |
             (uint32_t)(ref_f2u(x) == ref_f2u(y)) << 15;
  }
}

/* exp: the condition masks; expd[4 * i + k]: rounding result k. */
static inline void compare_f64_inputs(double *a, double *b, uint32_t *exp, double *expd)
{
  pairs_f64(a, b, 46);
  for (int i = 0; i < N; i++) {
    double x = a[i], y = b[i];
    exp[i] = fmask(x, y, 0, 0, 0) | (uint32_t)(ref_d2u(x) == ref_d2u(y)) << 15;
    expd[4 * i + 0] = rint(x);
    expd[4 * i + 1] = ceil(x);
    expd[4 * i + 2] = floor(x) + trunc(y);
    expd[4 * i + 3] = fmax(x, y) - fmin(x, y);
  }
}

/* exp: the condition masks; e64[2 * i + k]: min/max and mul.wide results. */
static inline void compare_int_inputs(int64_t *a, int64_t *b, uint32_t *exp, uint64_t *e64)
{
  ref_rng r;
  ref_rng_seed(&r, 47);
  for (int i = 0; i < N; i++) {
    a[i] = (int64_t)ref_rand64(&r) >> (ref_rand32(&r) & 63);
    switch (i % 5) {
    case 0: b[i] = a[i]; break;
    case 1: b[i] = -1; break;
    case 2: b[i] = (int64_t)(((uint64_t)ref_rand32(&r) << 32) | (uint32_t)a[i]); break; /* same low word */
    default: b[i] = (int64_t)ref_rand64(&r) >> (ref_rand32(&r) & 63); break;
    }
    if (i % 13 == 0)
      a[i] = 0;
  }
  for (int i = 0; i < N; i++) {
    int64_t A = a[i], B = b[i];
    uint64_t UA = (uint64_t)A, UB = (uint64_t)B;
    uint32_t m = 0;
    m |= (uint32_t)(A == B) << 0;
    m |= (uint32_t)(A != B) << 1;
    m |= (uint32_t)(A < B) << 2;
    m |= (uint32_t)(A <= B) << 3;
    m |= (uint32_t)(A > B) << 4;
    m |= (uint32_t)(A >= B) << 5;
    m |= (uint32_t)(UA < UB) << 6;
    m |= (uint32_t)(UA <= UB) << 7;
    m |= (uint32_t)(UA > UB) << 8;
    m |= (uint32_t)(UA >= UB) << 9;
    m |= (uint32_t)((int32_t)A < (int32_t)B) << 10;
    m |= (uint32_t)((uint32_t)A <= (uint32_t)B) << 11;
    m |= (uint32_t)((uint32_t)A > (uint32_t)B) << 12;
    m |= (uint32_t)((int32_t)A >= (int32_t)B) << 13;
    m |= (uint32_t)(A == 0 || B == -1) << 14;
    exp[i] = m;
    e64[2 * i] = (UA < UB ? UA : UB) + (UA > UB ? UA : UB) * 3ull;
    e64[2 * i + 1] = (uint64_t)(uint32_t)A * (uint32_t)B + UB;
  }
}

#endif /* PTXSIM_TESTS_REF_COMPARE_SELECT_REF_H */
