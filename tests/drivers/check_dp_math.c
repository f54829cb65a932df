/* check_dp_math.c -- host driver for benchmarks/cuda/dp_math.cu: libdevice
 * double-precision math against the inputs, reference and bounds of
 * tests/ref/dp_math_ref.h. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/dp_math_ref.h"

START_TEST(test_dp_math)
{
  drv_ctx c;
  double x[N], y[N];
  static double want[10 * N], got[10 * N];
  int n = N;

  drv_open(&c, "dp_math");
  dp_math_inputs(x, y, want);
  ptxsim_devptr dx = drv_upload(&c, x, sizeof x), dy = drv_upload(&c, y, sizeof y);
  ptxsim_devptr dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "dp_math", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&dx, &dy, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  dp_math_check(&drv_check, want, got);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("dp_math");
  DRV_ADD(s, test_dp_math);
  return drv_run(s);
}
