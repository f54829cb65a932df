/* saxpy_ref.h -- inputs and CPU reference of benchmarks/cuda/saxpy.cu,
 * shared by tests/drivers/check_saxpy.c and tests/exec/saxpy.cu: saxpy and
 * daxpy in place, y[i] = fma(a, x[i], y[i]) (one rounding: the PTX has
 * fma.rn.f32 / fma.rn.f64), bit-exact, the GUARD elements past n untouched. */
#ifndef PTXSIM_TESTS_REF_SAXPY_REF_H
#define PTXSIM_TESTS_REF_SAXPY_REF_H

#include "ref_util.h"

#define N 777 /* 4 CTAs of 256, the last one partial */
#define GUARD 9

static inline void saxpy_inputs(float a, float *x, float *y, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 3);
  for (int i = 0; i < N + GUARD; i++) {
    if (i < N)
      x[i] = ref_interesting_f32(&r, -1e3f, 1e3f);
    y[i] = ref_interesting_f32(&r, -1e3f, 1e3f);
    exp[i] = i < N ? fmaf(a, x[i], y[i]) : y[i];
  }
}

static inline void daxpy_inputs(double a, double *x, double *y, double *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 4);
  for (int i = 0; i < N + GUARD; i++) {
    if (i < N)
      x[i] = ref_interesting_f64(&r, -1e6, 1e6);
    y[i] = ref_interesting_f64(&r, -1e6, 1e6);
    exp[i] = i < N ? fma(a, x[i], y[i]) : y[i];
  }
}

#endif /* PTXSIM_TESTS_REF_SAXPY_REF_H */
