/* saxpy.cu -- CUDA host program for benchmarks/cuda/saxpy.cu; the scenarios,
 * inputs and CPU reference (tests/ref/saxpy_ref.h) of
 * tests/drivers/check_saxpy.c: saxpy and daxpy
 * in place, y[i] = fma(a, x[i], y[i]) (one rounding), bit-exact, elements
 * past n untouched. */
#include "../../benchmarks/cuda/saxpy.cu"
#include "exec_util.h"
#include "../ref/saxpy_ref.h"

static void test_saxpy(void)
{
  float x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  float a = -1.7f;

  ex_begin("saxpy");
  saxpy_inputs(a, x, y, exp);
  float *dx = ex_upload(x, sizeof x), *dy = ex_upload(y, sizeof y);
  saxpy<<<ex_cdiv(N, 256), 256>>>(N, a, dx, dy);
  EX_LAUNCHED("saxpy");
  ex_download(got, dy, sizeof got);
  ex_expect_f32("saxpy", "y", exp, got, N + GUARD, 0);
  ex_end();
}

static void test_daxpy(void)
{
  double x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  double a = 0.3;

  ex_begin("daxpy");
  daxpy_inputs(a, x, y, exp);
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
