/* dyn_shared_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/dyn_shared.cu, shared by tests/drivers/check_dyn_shared.c
 * and tests/exec/dyn_shared.cu: dyn_reverse and dyn_two_arrays per block
 * of B, a partial last block whose missing elements read as 0.  Exact. */
#ifndef PTXSIM_TESTS_REF_DYN_SHARED_REF_H
#define PTXSIM_TESTS_REF_DYN_SHARED_REF_H

#include "ref_util.h"

#define N 600
#define B 96 /* 7 blocks, the last holding 24 elements */

static inline int32_t xi(const int32_t *in, int base, int j)
{
  return base + j < N ? in[base + j] : 0;
}

/* dyn_reverse: each block's elements reversed. */
static inline void dyn_reverse_inputs(float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 5);
  for (int i = 0; i < N; i++)
    in[i] = ref_interesting_f32(&r, -10.0f, 10.0f);
  for (int i = 0; i < N; i++) {
    int base = i / B * B, t = i % B, j = B - 1 - t;
    exp[i] = base + j < N ? in[base + j] : 0.0f;
  }
}

/* dyn_two_arrays: neighbour sums (wrapping) and halved reversed elements. */
static inline void dyn_two_arrays_inputs(int32_t *in, int32_t *exp, float *expf_)
{
  ref_rng r;
  ref_rng_seed(&r, 6);
  for (int i = 0; i < N; i++)
    in[i] = (i % 13 == 0) ? (int32_t)0x7fffffff : (int32_t)ref_rand32(&r) >> (i & 15);
  for (int i = 0; i < N; i++) {
    int base = i / B * B, t = i % B;
    exp[i] = (int32_t)((uint32_t)xi(in, base, t) + (uint32_t)xi(in, base, (t + 1) % B));
    expf_[i] = (float)xi(in, base, B - 1 - t) * 0.5f;
  }
}

#endif /* PTXSIM_TESTS_REF_DYN_SHARED_REF_H */
