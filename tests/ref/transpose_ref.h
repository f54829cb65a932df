/* transpose_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/transpose.cu, shared by tests/drivers/check_transpose.c
 * and tests/exec/transpose.cu: a ROWS x COLS matrix (partial tiles in both
 * directions) and its transpose, a bit-exact copy. */
#ifndef PTXSIM_TESTS_REF_TRANSPOSE_REF_H
#define PTXSIM_TESTS_REF_TRANSPOSE_REF_H

#include "ref_util.h"

#define ROWS 70
#define COLS 45

static inline void transpose_inputs(float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 9);
  for (int i = 0; i < ROWS * COLS; i++)
    in[i] = ref_interesting_f32(&r, -1e4f, 1e4f);
  for (int y = 0; y < ROWS; y++)
    for (int x = 0; x < COLS; x++)
      exp[x * ROWS + y] = in[y * COLS + x];
}

#endif /* PTXSIM_TESTS_REF_TRANSPOSE_REF_H */
