/* wmma_tf32_bf16_f64_ref.h -- inputs, CPU references and checks of
 * benchmarks/cuda/wmma_tf32_bf16_f64.cu, shared by
 * tests/drivers/check_wmma_tf32_bf16_f64.c and
 * tests/exec/wmma_tf32_bf16_f64.cu: D = C + A * B with A M x K row-major,
 * B K x N column-major, C and D row-major, for tf32 (f32 A and B rounded
 * by cvt.rna), bf16 and f64.
 *
 *  - small integers: every partial sum is exact, so the result is the
 *    exact one in any summation order; compared bit-exactly;
 *  - random values: the hardware order is unspecified; ptxsim documents
 *    its own (isa/ops_wmma.c: c, then + a(i,k)*b(k,j) for k = 0, 1, ...,
 *    one fma each, in f32 for tf32/bf16 and in f64 for f64), which the
 *    reference replicates for a bit-exact comparison (a GPU's order may
 *    differ); the result is also checked against the exact sum within the
 *    bound of any order, K * u * (|c| + sum |a*b|) / (1 - K * u), u = 2^-24
 *    or 2^-53 (Higham, Accuracy and Stability, 3.1), computing that sum in
 *    double for f32 (exact here) and with error-free transformations for
 *    f64. */
#ifndef PTXSIM_TESTS_REF_WMMA_TF32_BF16_F64_REF_H
#define PTXSIM_TESTS_REF_WMMA_TF32_BF16_F64_REF_H

#include "ref_util.h"

#define MAX_ELEMS (48 * 48)

typedef enum elem_kind { K_TF32, K_BF16, K_F64 } elem_kind;

typedef struct wmma_case {
  elem_kind kind;
  int m, n, k; /* problem size */
  int tm, tn;  /* tile: 16x16 or 8x8 */
  /* What goes to the device. */
  float af[MAX_ELEMS], bf[MAX_ELEMS], cf[MAX_ELEMS];
  uint16_t ah[MAX_ELEMS], bh[MAX_ELEMS];
  double ad[MAX_ELEMS], bd[MAX_ELEMS], cd[MAX_ELEMS];
  /* References. */
  float df[MAX_ELEMS];  /* ordered, f32 */
  double dd[MAX_ELEMS]; /* ordered, f64 */
  double sum[MAX_ELEMS]; /* exact (or nearly: see the TwoSum below) */
  double bound[MAX_ELEMS];
} wmma_case;

/* cvt.rna.tf32.f32 for finite inputs: round the magnitude to 10 mantissa
 * bits, ties away from zero. */
static inline float tf32_rna(float x) { return ref_u2f((ref_f2u(x) + 0x1000u) & 0xffffe000u); }

/* Multiplicand value (i-th element of a or b), as the tensor core sees it. */
static inline double mval(const wmma_case *t, int is_b, int i)
{
  switch (t->kind) {
  case K_TF32: return tf32_rna(is_b ? t->bf[i] : t->af[i]);
  case K_BF16: return ref_bf2d(is_b ? t->bh[i] : t->ah[i]);
  default: return is_b ? t->bd[i] : t->ad[i];
  }
}

static inline void fill_case(wmma_case *t, elem_kind kind, int m, int n, int k, uint64_t seed,
                             int small_ints)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  t->kind = kind, t->m = m, t->n = n, t->k = k;
  t->tm = t->tn = kind == K_F64 ? 8 : 16;
  for (int i = 0; i < m * k + k * n; i++) {
    int is_b = i >= m * k, j = is_b ? i - m * k : i;
    double v = small_ints ? ref_rand_range(&r, -16, 16) : ref_randd(&r, -2.0, 2.0);
    if (is_b)
      t->bf[j] = (float)v, t->bh[j] = ref_d2bf(v), t->bd[j] = v;
    else
      t->af[j] = (float)v, t->ah[j] = ref_d2bf(v), t->ad[j] = v;
  }
  for (int i = 0; i < m * n; i++) {
    double v = small_ints ? ref_rand_range(&r, -1024, 1024) : ref_randd(&r, -4.0, 4.0);
    t->cf[i] = (float)v, t->cd[i] = kind == K_F64 ? v : (double)(float)v;
  }
  const double u = ldexp(1.0, kind == K_F64 ? -53 : -24), gamma = k * u / (1 - k * u);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float accf = t->cf[i * n + j];
      double accd = t->cd[i * n + j], s = t->cd[i * n + j], e = 0, mag = fabs(s);
      for (int q = 0; q < k; q++) {
        double a = mval(t, 0, i * k + q), b = mval(t, 1, j * k + q);
        accf = fmaf((float)a, (float)b, accf);
        accd = fma(a, b, accd);
        /* s + e tracks the sum: p + pe = a*b exactly (fma), then TwoSum. */
        double p = a * b, pe = fma(a, b, -p), ns = s + p, bp = ns - s;
        e += (s - (ns - bp)) + (p - bp) + pe;
        s = ns;
        mag += fabs(p);
      }
      t->df[i * n + j] = accf;
      t->dd[i * n + j] = accd;
      t->sum[i * n + j] = s + e;
      t->bound[i * n + j] = gamma * mag + (kind == K_F64 ? ldexp(mag, -100) : 0);
    }
}

static inline const char *kernel_of(elem_kind kind)
{
  return kind == K_TF32 ? "wmma_tf32" : kind == K_BF16 ? "wmma_bf16" : "wmma_f64";
}

/* D (got_f for f32, got_d for f64) against the ordered reference, then
 * every element against the exact sum: equal for small integers, else
 * within the bound. */
static inline void wmma_case_check(const ref_check *ck, const wmma_case *t, int use_shared,
                                   int small_ints, const float *got_f, const double *got_d)
{
  const char *kernel = kernel_of(t->kind);
  size_t n = (size_t)t->m * t->n;
  char what[64];
  snprintf(what, sizeof what, "D (use_shared=%d, k-order fma reference)", use_shared);
  if (t->kind == K_F64)
    ref_expect_f64(ck, kernel, what, t->dd, got_d, n, 0);
  else
    ref_expect_f32(ck, kernel, what, t->df, got_f, n, 0);
  for (size_t i = 0; i < n; i++) {
    double g = t->kind == K_F64 ? got_d[i] : (double)got_f[i];
    int bad = small_ints ? ref_expect(ck, g == t->sum[i], "%s: D[%d] = %.17g, exact %.17g", kernel,
                                      (int)i, g, t->sum[i])
                         : ref_expect(ck, fabs(g - t->sum[i]) <= t->bound[i],
                                      "%s: D[%d] = %.17g is %.3g from the exact %.17g (bound %.3g)",
                                      kernel, (int)i, g, fabs(g - t->sum[i]), t->sum[i],
                                      t->bound[i]);
    if (bad)
      break;
  }
}

#endif /* PTXSIM_TESTS_REF_WMMA_TF32_BF16_F64_REF_H */
