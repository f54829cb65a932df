/* check_int64_math.c -- host driver for benchmarks/cuda/int64_math.cu:
 * 16 64-bit integer results per element against the inputs and reference
 * of tests/ref/int64_math_ref.h. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/int64_math_ref.h"

START_TEST(test_int64_math)
{
  drv_ctx c;
  static uint64_t a[N], b[N], exp[16 * N], got[16 * N];
  int n = N;

  drv_open(&c, "int64_math");
  int64_math_inputs(a, b, exp);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "int64_math", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  int64_math_check(&drv_check, exp, got);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("int64_math");
  DRV_ADD(s, test_int64_math);
  return drv_run(s);
}
