/* saxpy.cu -- CUDA host program for benchmarks/cuda/saxpy.cu; the scenarios,
 * inputs and CPU reference of tests/drivers/check_saxpy.c: saxpy and daxpy
 * in place, y[i] = fma(a, x[i], y[i]) (one rounding), bit-exact, elements
 * past n untouched. */
#include "../../benchmarks/cuda/saxpy.cu"
#include "exec_util.h"

#define N 777 /* 4 blocks of 256, the last one partial */
#define GUARD 9

static void test_saxpy(void)
{
  ref_rng r;
  float x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  float a = -1.7f;

  ex_begin("saxpy");
  ref_rng_seed(&r, 3);
  for (int i = 0; i < N + GUARD; i++) {
    if (i < N)
      x[i] = ref_interesting_f32(&r, -1e3f, 1e3f);
    y[i] = ref_interesting_f32(&r, -1e3f, 1e3f);
    exp[i] = i < N ? fmaf(a, x[i], y[i]) : y[i];
  }
  float *dx = ex_upload(x, sizeof x), *dy = ex_upload(y, sizeof y);
  saxpy<<<ex_cdiv(N, 256), 256>>>(N, a, dx, dy);
  EX_LAUNCHED("saxpy");
  ex_download(got, dy, sizeof got);
  ex_expect_f32("saxpy", "y", exp, got, N + GUARD, 0);
  ex_end();
}

static void test_daxpy(void)
{
  ref_rng r;
  double x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  double a = 0.3;

  ex_begin("daxpy");
  ref_rng_seed(&r, 4);
  for (int i = 0; i < N + GUARD; i++) {
    if (i < N)
      x[i] = ref_interesting_f64(&r, -1e6, 1e6);
    y[i] = ref_interesting_f64(&r, -1e6, 1e6);
    exp[i] = i < N ? fma(a, x[i], y[i]) : y[i];
  }
  double *dx = ex_upload(x, sizeof x), *dy = ex_upload(y, sizeof y);
  daxpy<<<ex_cdiv(N, 128), 128>>>(N, a, dx, dy);
  EX_LAUNCHED("daxpy");
  ex_download(got, dy, sizeof got);
  ex_expect_f64("daxpy", "y", exp, got, N + GUARD, 0);
  ex_end();
}

int main(void)
{
  ex_init("saxpy");
  test_saxpy();
  test_daxpy();
  return ex_finish();
}
