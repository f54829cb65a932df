/* check_dyn_shared.c -- host driver for benchmarks/cuda/dyn_shared.cu:
 * dyn_reverse and dyn_two_arrays with the dynamic shared size passed at
 * launch (blockDim.x * 4 and * 8 bytes), a partial last block whose missing
 * elements read as 0 (inputs and reference: tests/ref/dyn_shared_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/dyn_shared_ref.h"

START_TEST(test_dyn_reverse)
{
  drv_ctx c;
  float in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "dyn_shared");
  dyn_reverse_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "dyn_reverse", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), B * 4,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("dyn_reverse", "out", exp, got, N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_dyn_two_arrays)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  float expf_[N], gotf[N];
  int n = N;

  drv_open(&c, "dyn_shared");
  dyn_two_arrays_inputs(in, exp, expf_);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr doutf = drv_alloc(&c, sizeof gotf);
  drv_launch(&c, "dyn_two_arrays", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), B * 8,
             DRV_ARGS(&din, &dout, &doutf, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, gotf, doutf, sizeof gotf);
  drv_expect_i32("dyn_two_arrays", "out", exp, got, N);
  drv_expect_f32("dyn_two_arrays", "outf", expf_, gotf, N, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("dyn_shared");
  DRV_ADD(s, test_dyn_reverse);
  DRV_ADD(s, test_dyn_two_arrays);
  return drv_run(s);
}
