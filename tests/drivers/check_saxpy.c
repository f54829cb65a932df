/* check_saxpy.c -- host driver for benchmarks/cuda/saxpy.cu: saxpy and
 * daxpy in place, y[i] = fma(a, x[i], y[i]) (one rounding: the PTX has
 * fma.rn.f32 / fma.rn.f64), bit-exact, elements past n untouched (inputs
 * and reference: tests/ref/saxpy_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/saxpy_ref.h"

START_TEST(test_saxpy)
{
  drv_ctx c;
  float x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  float a = -1.7f;
  int n = N;

  drv_open(&c, "saxpy");
  saxpy_inputs(a, x, y, exp);
  ptxsim_devptr dx = drv_upload(&c, x, sizeof x), dy = drv_upload(&c, y, sizeof y);
  drv_launch(&c, "saxpy", drv_dim(drv_cdiv(N, 256), 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&n, &a, &dx, &dy));
  drv_download(&c, got, dy, sizeof got);
  drv_expect_f32("saxpy", "y", exp, got, N + GUARD, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_daxpy)
{
  drv_ctx c;
  double x[N], y[N + GUARD], exp[N + GUARD], got[N + GUARD];
  double a = 0.3;
  int n = N;

  drv_open(&c, "saxpy");
  daxpy_inputs(a, x, y, exp);
  ptxsim_devptr dx = drv_upload(&c, x, sizeof x), dy = drv_upload(&c, y, sizeof y);
  drv_launch(&c, "daxpy", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&n, &a, &dx, &dy));
  drv_download(&c, got, dy, sizeof got);
  drv_expect_f64("daxpy", "y", exp, got, N + GUARD, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("saxpy");
  DRV_ADD(s, test_saxpy);
  DRV_ADD(s, test_daxpy);
  return drv_run(s);
}
