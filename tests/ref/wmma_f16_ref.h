/* wmma_f16_ref.h -- inputs and CPU references of the corpus scenarios of
 * benchmarks/cuda/wmma_f16.cu, shared by tests/drivers/check_wmma_f16.c and
 * tests/exec/wmma_f16.cu: D = C + A * B with f16 A (M x K row-major) and B
 * (K x N column-major), f32 C and D (row-major).
 *
 *  - small integers (|a|, |b| <= 16, |c| <= 1024): every partial sum is
 *    exact in f32, so the result is the exact one whatever the summation
 *    order (what real tensor cores give too); compared bit-exactly;
 *  - random values: the hardware order is unspecified; ptxsim documents
 *    its own (isa/ops_wmma.c: c, then + a(i,k)*b(k,j) for k = 0, 1, ...,
 *    each step one f32 fma), which `exact` replicates for a bit-exact
 *    comparison (so on a real GPU that comparison may fail), and the
 *    result is also checked against the exact sum (in double) within the
 *    classical bound |err| <= K * 2^-24 * (|c| + sum |a*b|) / (1 - K * 2^-24)
 *    (Higham, Accuracy and Stability, 3.1), which any summation order
 *    meets. */
#ifndef PTXSIM_TESTS_REF_WMMA_F16_REF_H
#define PTXSIM_TESTS_REF_WMMA_F16_REF_H

#include "ref_util.h"

#define M 48
#define N 32
#define K 64

typedef struct wmma_case {
  uint16_t a[M * K];   /* row-major */
  uint16_t b[K * N];   /* column-major: (k, j) at b[j * K + k] */
  float c[M * N];
  float exact[M * N];  /* ordered reference (fmaf in k order) */
  double sum[M * N];   /* exact value */
  double bound[M * N]; /* error bound of any summation order */
} wmma_case;

static inline void fill_case(wmma_case *t, uint64_t seed, int small_ints)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < M * K; i++)
    t->a[i] = ref_d2h(small_ints ? ref_rand_range(&r, -16, 16) : ref_randd(&r, -2.0, 2.0));
  for (int i = 0; i < K * N; i++)
    t->b[i] = ref_d2h(small_ints ? ref_rand_range(&r, -16, 16) : ref_randd(&r, -2.0, 2.0));
  for (int i = 0; i < M * N; i++)
    t->c[i] = small_ints ? (float)ref_rand_range(&r, -1024, 1024) : ref_randf(&r, -4.0f, 4.0f);
  const double u = ldexp(1.0, -24), gamma = K * u / (1 - K * u);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = t->c[i * N + j];
      double s = acc, mag = fabs((double)acc);
      for (int k = 0; k < K; k++) {
        double p = ref_h2d(t->a[i * K + k]) * ref_h2d(t->b[j * K + k]); /* exact */
        acc = fmaf((float)ref_h2d(t->a[i * K + k]), (float)ref_h2d(t->b[j * K + k]), acc);
        s += p; /* exact for these magnitudes */
        mag += fabs(p);
      }
      t->exact[i * N + j] = acc;
      t->sum[i * N + j] = s;
      t->bound[i * N + j] = gamma * mag;
    }
}

/* Every element of got equal to the exact sum (small integers). */
static inline void wmma_check_exact(const ref_check *ck, const char *kernel, const wmma_case *t,
                                    const float *got)
{
  for (int i = 0; i < M * N; i++)
    if (ref_expect(ck, got[i] == t->sum[i], "%s: D[%d]: %.9g, exact %.17g", kernel, i,
                   (double)got[i], t->sum[i]))
      return;
}

/* Every element of got within the bound of any summation order. */
static inline void wmma_check_bound(const ref_check *ck, const char *kernel, const wmma_case *t,
                                    const float *got)
{
  for (int i = 0; i < M * N; i++)
    if (ref_expect(ck, fabs((double)got[i] - t->sum[i]) <= t->bound[i],
                   "%s: D[%d]: %.9g is %.3g from the exact %.17g (bound %.3g)", kernel, i,
                   (double)got[i], fabs((double)got[i] - t->sum[i]), t->sum[i], t->bound[i]))
      return;
}

#endif /* PTXSIM_TESTS_REF_WMMA_F16_REF_H */
