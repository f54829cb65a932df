/* cp_async_ref.h -- inputs and CPU reference of benchmarks/cuda/cp_async.cu,
 * shared by tests/drivers/check_cp_async.c and tests/exec/cp_async.cu:
 * out = fmaf(in, 2, 1) (fma.rn.f32 in the PTX) and a reversal of each
 * 1024-element block plus the index; exact. */
#ifndef PTXSIM_TESTS_REF_CP_ASYNC_REF_H
#define PTXSIM_TESTS_REF_CP_ASYNC_REF_H

#include "ref_util.h"

/* cp_async_pipeline: n finite inputs (the kernel wants |in| < 1e38). */
static inline void cp_async_pipeline_inputs(int n, float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 54);
  for (int i = 0; i < n; i++) {
    in[i] = ref_interesting_f32(&r, -1e6f, 1e6f);
    if (isinf(in[i]) || isnan(in[i]) || fabsf(in[i]) > 1e37f)
      in[i] = 0.25f * (float)(i % 97);
    exp[i] = fmaf(in[i], 2.0f, 1.0f);
  }
}

/* cp_async_barrier: out[base + j] = in[base + 1023 - j] + j, 0 past n. */
static inline void cp_async_barrier_inputs(int n, int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 55);
  for (int i = 0; i < n; i++)
    in[i] = ref_rand_range(&r, -1000000, 1000000);
  for (int i = 0; i < n; i++) {
    int base = i / 1024 * 1024, j = i - base, src = base + 1023 - j;
    exp[i] = (src < n ? in[src] : 0) + j;
  }
}

#endif /* PTXSIM_TESTS_REF_CP_ASYNC_REF_H */
