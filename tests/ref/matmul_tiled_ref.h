/* matmul_tiled_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/matmul_tiled.cu, shared by
 * tests/drivers/check_matmul_tiled.c and tests/exec/matmul_tiled.cu:
 * C = A * B (A: M x K, B: K x N, row-major), M, N, K not multiples of 16.
 * Both kernels accumulate acc = fmaf(A[i][k], B[k][j], acc) in k order (the
 * PTX is a chain of fma.rn.f32), so the reference does exactly that and the
 * comparison is bit-exact. */
#ifndef PTXSIM_TESTS_REF_MATMUL_TILED_REF_H
#define PTXSIM_TESTS_REF_MATMUL_TILED_REF_H

#include "ref_util.h"

#define M 37
#define N 29
#define K 21

static inline void matmul_inputs(float *a, float *b, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 10);
  for (int i = 0; i < M * K; i++)
    a[i] = (i % 11 == 0) ? 0.0f : ref_randf(&r, -2.0f, 2.0f);
  for (int i = 0; i < K * N; i++)
    b[i] = (i % 9 == 0) ? -0.0f : ref_randf(&r, -2.0f, 2.0f);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int q = 0; q < K; q++)
        acc = fmaf(a[i * K + q], b[q * N + j], acc);
      exp[i * N + j] = acc;
    }
}

#endif /* PTXSIM_TESTS_REF_MATMUL_TILED_REF_H */
