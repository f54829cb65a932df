/* histogram_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/histogram.cu, shared by tests/drivers/check_histogram.c
 * and tests/exec/histogram.cu: 256 bins added onto a non-zero starting
 * histogram; exact. */
#ifndef PTXSIM_TESTS_REF_HISTOGRAM_REF_H
#define PTXSIM_TESTS_REF_HISTOGRAM_REF_H

#include "ref_util.h"

#define N 5000

/* N skewed bytes (many zeros and 0xff, some bins stay empty), the starting
 * histogram and the expected one. */
static inline void histogram_inputs(uint64_t seed, uint8_t *data, uint32_t *hist, uint32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    uint32_t k = ref_rand32(&r);
    data[i] = (k & 3) == 0 ? 0 : (k & 3) == 1 ? 0xff : (uint8_t)((k >> 8) & 0xbf);
  }
  for (int v = 0; v < 256; v++)
    hist[v] = exp[v] = (uint32_t)v * 1000u;
  for (int i = 0; i < N; i++)
    exp[data[i]]++;
}

#endif /* PTXSIM_TESTS_REF_HISTOGRAM_REF_H */
