/* calls_recursion_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/calls_recursion.cu, shared by
 * tests/drivers/check_calls_recursion.c and tests/exec/calls_recursion.cu:
 * bounded recursion (factorial, Fibonacci, recursive halving sum over a
 * local array), the indirect calls' operations and the mixed-argument
 * calls.  The ref_* helpers are plain C copies of the .cu's __host__
 * __device__ functions (the CUDA program has those in its translation unit
 * too, hence the names); the PTX contracts pair_of's c*2+s and dmix's
 * products by 2 and 4 into fma (exact: power-of-two scales), so the
 * reference uses fmaf / fma there too.  Exact. */
#ifndef PTXSIM_TESTS_REF_CALLS_RECURSION_REF_H
#define PTXSIM_TESTS_REF_CALLS_RECURSION_REF_H

#include "ref_util.h"

#define N 100

static inline int64_t ref_fact_rec(int k)
{
  return (k <= 1) ? 1 : (int64_t)k * ref_fact_rec(k - 1);
}

static inline int64_t ref_fib_rec(int k)
{
  return k < 2 ? k : ref_fib_rec(k - 1) + ref_fib_rec(k - 2);
}

static inline int ref_sum_range(const int *a, int lo, int hi)
{
  if (hi - lo == 1)
    return a[lo];
  int mid = (lo + hi) / 2;
  return ref_sum_range(a, lo, mid) + ref_sum_range(a, mid, hi);
}

static inline int64_t ref_sum_rec(int m)
{
  int buf[32];
  for (int k = 0; k < 32; ++k)
    buf[k] = k * k - m;
  return (int64_t)ref_sum_range(buf, 0, (m & 31) + 1);
}

static inline int32_t ref_op(int k, int32_t x, int32_t i)
{
  switch (k) {
  case 0: return (int32_t)((uint32_t)x + 3u + (uint32_t)i);
  case 1: return (int32_t)((uint32_t)x * 7u) ^ i;
  case 2: return (int32_t)((((uint32_t)x << 5) | ((uint32_t)x >> 27)) + (uint32_t)(i & 1));
  default: return (int32_t)(0u - (uint32_t)x + (uint32_t)i);
  }
}

static inline void calls_recursion_inputs(int32_t *in, int64_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 48);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  in[0] = 15; /* deepest: fact(15), fib(15), sum over 16 */
  in[1] = 0;
  in[2] = -1;
  for (int i = 0; i < N; i++) {
    int x = in[i];
    exp[i] = ref_fact_rec(x & 15) + ref_fib_rec(x & 15) * 1000 + ref_sum_rec(x & 31);
  }
}

/* calls_indirect: op_table[in & 3] of m elements. */
static inline void calls_indirect_inputs(int m, int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 49);
  for (int i = 0; i < m; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < m; i++)
    exp[i] = ref_op(in[i] & 3, in[i], i);
}

/* calls_mixed_args: pair_of (ef, 2 per element), bytes_of (eu), dmix (ed). */
static inline void calls_mixed_args_inputs(int m, int32_t *in, float *ef, uint32_t *eu,
                                           double *ed)
{
  ref_rng r;
  ref_rng_seed(&r, 50);
  for (int i = 0; i < m; i++)
    in[i] = (i % 3 == 0) ? ref_rand_range(&r, -40000, 40000)
                         : ref_rand_range(&r, -(1 << 22), 1 << 22);
  for (int i = 0; i < m; i++) {
    int x = in[i];
    int8_t ch = (int8_t)x;
    int16_t s = (int16_t)(x >> 8);
    uint16_t u = (uint16_t)x;
    float fx = (float)x * 0.5f;
    ef[2 * i] = fmaf((float)ch, 2.0f, (float)s);
    ef[2 * i + 1] = (float)(ch - s);
    uint8_t bx = (uint8_t)u, by = (uint8_t)(u >> 8), bz = (uint8_t)ch,
            bw = (uint8_t)(u ^ (uint16_t)ch);
    eu[i] = (uint32_t)bx | ((uint32_t)by << 8) | ((uint32_t)bz << 16) | ((uint32_t)bw << 24);
    double t = fma((double)s, 2.0, (double)ch) + (double)((int64_t)x * 3);
    ed[i] = fma((double)fx, 4.0, t) + (double)x * 0.25;
  }
}

#endif /* PTXSIM_TESTS_REF_CALLS_RECURSION_REF_H */
