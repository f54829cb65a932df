/* reduce_shared_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/reduce_shared.cu, shared by
 * tests/drivers/check_reduce_shared.c and tests/exec/reduce_shared.cu:
 * per-block tree sums of 512 elements (256 threads, the last block
 * partial); the float version is reproduced in the kernel's exact pairing
 * order, so both are bit-exact. */
#ifndef PTXSIM_TESTS_REF_REDUCE_SHARED_REF_H
#define PTXSIM_TESTS_REF_REDUCE_SHARED_REF_H

#include "ref_util.h"

#define N 1800 /* 4 blocks, the last one partial */
#define NB ((N + 511) / 512)

static inline void reduce_shared_i32_inputs(int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 13);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r); /* sums wrap around */
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 512; i < b * 512 + 512 && i < N; i++)
      s += (uint32_t)in[i];
    exp[b] = (int32_t)s;
  }
}

static inline void reduce_shared_f32_inputs(float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 14);
  for (int i = 0; i < N; i++)
    in[i] = ref_randf(&r, -1000.0f, 1000.0f) * ((i % 3) ? 1.0f : 1e-3f);
  for (int b = 0; b < NB; b++) {
    float t[256];
    int base = b * 512;
    for (int j = 0; j < 256; j++) {
      float v = base + j < N ? in[base + j] : 0.0f;
      t[j] = v + (base + j + 256 < N ? in[base + j + 256] : 0.0f);
    }
    for (int s = 128; s > 0; s >>= 1)
      for (int j = 0; j < s; j++)
        t[j] = t[j] + t[j + s];
    exp[b] = t[0];
  }
}

#endif /* PTXSIM_TESTS_REF_REDUCE_SHARED_REF_H */
