/* stencil2d_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/stencil2d.cu, shared by tests/drivers/check_stencil2d.c
 * and tests/exec/stencil2d.cu: the 5-point stencil on a W x H grid (partial
 * tiles).  out = fmaf(c0, c, c1 * s) with s summed in source order (the PTX
 * has mul.f32 then fma.rn.f32); boundary cells are copied.  Bit-exact. */
#ifndef PTXSIM_TESTS_REF_STENCIL2D_REF_H
#define PTXSIM_TESTS_REF_STENCIL2D_REF_H

#include "ref_util.h"

#define W 45
#define H 38

static inline void stencil2d_inputs(float c0, float c1, float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 12);
  for (int i = 0; i < W * H; i++)
    in[i] = (i % 17 == 0) ? 0.0f : ref_randf(&r, -50.0f, 50.0f);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int i = y * W + x;
      if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        exp[i] = in[i];
        continue;
      }
      float s = ((in[i - W] + in[i + W]) + in[i - 1]) + in[i + 1];
      exp[i] = fmaf(c0, in[i], c1 * s);
    }
}

#endif /* PTXSIM_TESTS_REF_STENCIL2D_REF_H */
