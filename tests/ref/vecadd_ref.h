/* vecadd_ref.h -- inputs and CPU reference of benchmarks/cuda/vecadd.cu,
 * shared by tests/drivers/check_vecadd.c and tests/exec/vecadd.cu: c[i] =
 * a[i] + b[i] for n = N, with a guard region of GUARD elements past n that
 * the kernels must leave as the 0x5a fill. */
#ifndef PTXSIM_TESTS_REF_VECADD_REF_H
#define PTXSIM_TESTS_REF_VECADD_REF_H

#include <limits.h>

#include "ref_util.h"

#define N 1000   /* 8 CTAs of 128, the last one partial */
#define GUARD 24 /* elements past n that the kernel must not write */

/* vecadd, vecadd_gridstride: interesting floats, the sum rounded once. */
static inline void vecadd_f32_inputs(float *a, float *b, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 1);
  for (int i = 0; i < N; i++) {
    a[i] = ref_interesting_f32(&r, -100.0f, 100.0f);
    b[i] = ref_interesting_f32(&r, -100.0f, 100.0f);
    exp[i] = a[i] + b[i];
  }
  for (int i = N; i < N + GUARD; i++)
    exp[i] = ref_u2f(0x5a5a5a5au);
}

/* vecadd_i32: wrapping sums, with INT_MAX and INT_MIN operands. */
static inline void vecadd_i32_inputs(int32_t *a, int32_t *b, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 2);
  for (int i = 0; i < N; i++) {
    a[i] = (int32_t)ref_rand32(&r);
    b[i] = (i % 5 == 0) ? INT_MAX : (i % 7 == 0) ? INT_MIN : ref_rand_range(&r, -1000, 1000);
    exp[i] = (int32_t)((uint32_t)a[i] + (uint32_t)b[i]);
  }
  for (int i = N; i < N + GUARD; i++)
    exp[i] = 0x5a5a5a5a;
}

#endif /* PTXSIM_TESTS_REF_VECADD_REF_H */
