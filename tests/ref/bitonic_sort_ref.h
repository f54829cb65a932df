/* bitonic_sort_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/bitonic_sort.cu, shared by
 * tests/drivers/check_bitonic_sort.c and tests/exec/bitonic_sort.cu: keys
 * with many duplicates and extremes, sorted per 512-key segment, one
 * bitonic pass, or sorted whole (qsort). */
#ifndef PTXSIM_TESTS_REF_BITONIC_SORT_REF_H
#define PTXSIM_TESTS_REF_BITONIC_SORT_REF_H

#include <stdlib.h>

#include "ref_util.h"

static inline int cmp_u32(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static inline void fill(uint32_t *v, int n, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    uint32_t k = ref_rand32(&r);
    v[i] = (i % 9 == 0) ? 0xffffffffu : (i % 7 == 0) ? 0u : (i % 5 == 0) ? (k & 15) : k;
  }
}

static inline void cpu_step(uint32_t *v, int n, int j, int k)
{
  for (int i = 0; i < n; i++) {
    int p = i ^ j;
    if (p <= i || p >= n)
      continue;
    uint32_t a = v[i], b = v[p], lo = a < b ? a : b, hi = a < b ? b : a;
    v[i] = (i & k) == 0 ? lo : hi;
    v[p] = (i & k) == 0 ? hi : lo;
  }
}

/* bitonic_sort_block: each 512-key segment sorted (the last one short). */
static inline void bitonic_block_inputs(int n, uint32_t *in, uint32_t *exp)
{
  fill(in, n, 22);
  memcpy(exp, in, (size_t)n * sizeof in[0]);
  for (int b = 0; b < n; b += 512)
    qsort(exp + b, (size_t)(n - b < 512 ? n - b : 512), sizeof exp[0], cmp_u32);
}

/* bitonic_step_global: one pass (j, k) on a length n that need not be a
 * power of two (partners p >= n are skipped). */
static inline void bitonic_step_inputs(int n, int j, int k, uint32_t *in, uint32_t *exp)
{
  fill(in, n, 23);
  memcpy(exp, in, (size_t)n * sizeof in[0]);
  cpu_step(exp, n, j, k);
}

/* The full sort of n keys. */
static inline void bitonic_sorted_inputs(int n, uint32_t *in, uint32_t *exp)
{
  fill(in, n, 24);
  memcpy(exp, in, (size_t)n * sizeof in[0]);
  qsort(exp, (size_t)n, sizeof exp[0], cmp_u32);
}

#endif /* PTXSIM_TESTS_REF_BITONIC_SORT_REF_H */
