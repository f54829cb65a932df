/* wmma_int8_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/wmma_int8.cu, shared by tests/drivers/check_wmma_int8.c and
 * tests/exec/wmma_int8.cu: D = C + A * B with u8 A (M x K row-major) and B
 * (K x N column-major), s32 C and D (row-major).
 *
 * The reference is exact: PTX defines the integer wmma.mma without
 * .satfinite as wrapping s32 arithmetic, so the reference sums in uint32_t
 * (mod 2^32).  C takes values all over the s32 range, so many results
 * wrap. */
#ifndef PTXSIM_TESTS_REF_WMMA_INT8_REF_H
#define PTXSIM_TESTS_REF_WMMA_INT8_REF_H

#include "ref_util.h"

#define M 32
#define N 64
#define K 48

typedef struct wmma_case {
  uint8_t a[M * K]; /* row-major */
  uint8_t b[K * N]; /* column-major: (k, j) at b[j * K + k] */
  int32_t c[M * N];
  int32_t d[M * N]; /* reference */
} wmma_case;

/* Random A, B and C (small: tiny values, else full range with C next to
 * the s32 limits), and the reference D. */
static inline void fill_case(wmma_case *t, uint64_t seed, int small)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < M * K; i++)
    t->a[i] = (uint8_t)(small ? ref_rand_range(&r, 0, 3) : ref_rand_range(&r, 0, 255));
  for (int i = 0; i < K * N; i++)
    t->b[i] = (uint8_t)(small ? ref_rand_range(&r, 0, 3) : ref_rand_range(&r, 0, 255));
  for (int i = 0; i < M * N; i++)
    t->c[i] = small ? ref_rand_range(&r, -100, 100) : (int32_t)ref_rand32(&r);
  /* Every few entries sit next to the s32 limits so that the sum wraps. */
  if (!small)
    for (int i = 0; i < M * N; i += 7)
      t->c[i] = i % 2 ? INT32_MAX - (int32_t)(i % 1000) : INT32_MIN + (int32_t)(i % 1000);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      uint32_t acc = (uint32_t)t->c[i * N + j];
      for (int k = 0; k < K; k++)
        acc += (uint32_t)t->a[i * K + k] * t->b[j * K + k];
      t->d[i * N + j] = (int32_t)acc;
    }
}

#endif /* PTXSIM_TESTS_REF_WMMA_INT8_REF_H */
