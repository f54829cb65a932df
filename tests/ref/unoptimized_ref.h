/* unoptimized_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/unoptimized.cu, shared by
 * tests/drivers/check_unoptimized.c and tests/exec/unoptimized.cu:
 * unopt_vectors (swapped and mixed vector components) and unopt_loop_sum
 * (window sums, wrapping); exact. */
#ifndef PTXSIM_TESTS_REF_UNOPTIMIZED_REF_H
#define PTXSIM_TESTS_REF_UNOPTIMIZED_REF_H

#include "ref_util.h"

#define N 150

/* a: float2, b: uint2, cc: uchar4, d: uchar2, s: short; e*: the outputs. */
static inline void unopt_vectors_inputs(float *a, uint32_t *b, uint8_t *cc, uint8_t *d,
                                        int16_t *s, float *ea, uint32_t *eb, uint8_t *ec,
                                        uint8_t *ed, int64_t *es)
{
  ref_rng r;
  ref_rng_seed(&r, 31);
  for (int i = 0; i < N; i++) {
    a[2 * i] = ref_interesting_f32(&r, -5.0f, 5.0f);
    a[2 * i + 1] = ref_interesting_f32(&r, -5.0f, 5.0f);
    b[2 * i] = ref_rand32(&r);
    b[2 * i + 1] = ref_rand32(&r);
    for (int k = 0; k < 4; k++)
      cc[4 * i + k] = (uint8_t)ref_rand32(&r);
    d[2 * i] = (uint8_t)ref_rand32(&r);
    d[2 * i + 1] = (uint8_t)ref_rand32(&r);
    s[i] = (int16_t)ref_rand32(&r);
  }
  for (int i = 0; i < N; i++) {
    ea[2 * i] = a[2 * i + 1];
    ea[2 * i + 1] = a[2 * i];
    eb[2 * i] = b[2 * i] + (uint32_t)i;
    eb[2 * i + 1] = b[2 * i + 1] ^ (uint32_t)i;
    for (int k = 0; k < 4; k++)
      ec[4 * i + k] = cc[4 * i + 3 - k];
    ed[2 * i] = d[2 * i + 1];
    ed[2 * i + 1] = d[2 * i];
    es[i] = (int64_t)s[i] * (i & 7) + s[i];
  }
}

/* out[i]: the wrapping sum of in[i .. i + window), cut at N. */
static inline void unopt_loop_sum_inputs(int window, uint64_t seed, int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < N; i++) {
    uint32_t acc = 0;
    for (int j = i; j < N && j < i + window; j++)
      acc += (uint32_t)in[j];
    exp[i] = (int32_t)acc;
  }
}

#endif /* PTXSIM_TESTS_REF_UNOPTIMIZED_REF_H */
