/* local_array_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/local_array.cu, shared by tests/drivers/check_local_array.c
 * and tests/exec/local_array.cu: per-thread .local arrays indexed with
 * data-dependent indices (i32, and mixed f32 / u8 / u64); the reference runs
 * the same loops; exact (the float sums are of multiples of 0.5 below
 * 2^24). */
#ifndef PTXSIM_TESTS_REF_LOCAL_ARRAY_REF_H
#define PTXSIM_TESTS_REF_LOCAL_ARRAY_REF_H

#include "ref_util.h"

#define N 333

static inline void local_array_i32_inputs(int32_t *idx, int32_t *vals, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 29);
  for (int i = 0; i < N; i++) {
    idx[i] = (int32_t)ref_rand32(&r);
    vals[i] = (int32_t)ref_rand32(&r);
  }
  for (int i = 0; i < N; i++) {
    int32_t a[64];
    uint32_t v = (uint32_t)vals[i];
    int x = idx[i];
    for (int k = 0; k < 64; k++)
      a[k] = (int32_t)(v * (uint32_t)k + (uint32_t)(k ^ 5));
    for (int q = 0; q < 16; q++) {
      int j = (x + 7 * q) & 63;
      a[j] = (int32_t)((uint32_t)a[j] + (uint32_t)a[(j * 3 + q) & 63]);
    }
    exp[i] = (int32_t)((uint32_t)a[x & 63] + (uint32_t)a[(x >> 6) & 63]);
  }
}

static inline void local_array_mixed_inputs(int32_t *idx, float *expf_, uint64_t *expl)
{
  ref_rng r;
  ref_rng_seed(&r, 30);
  for (int i = 0; i < N; i++)
    idx[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < N; i++) {
    float f[16];
    uint8_t b[16];
    uint64_t q[16];
    int x = idx[i];
    for (int k = 0; k < 16; k++) {
      f[k] = (float)k * 0.5f;
      b[k] = (uint8_t)(k * 37);
      q[k] = (uint64_t)k << 40;
    }
    for (int s = 0; s < 8; s++) {
      int j = (x + s) & 15;
      f[j] = f[j] + f[(j + 1) & 15];
      b[j] = (uint8_t)(b[j] ^ b[(j + 5) & 15]);
      q[j] = q[j] + q[(j + 3) & 15] + b[j];
    }
    expf_[i] = f[x & 15];
    expl[i] = q[(x >> 4) & 15] + b[x & 15];
  }
}

#endif /* PTXSIM_TESTS_REF_LOCAL_ARRAY_REF_H */
