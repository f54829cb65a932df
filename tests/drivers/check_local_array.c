/* check_local_array.c -- host driver for benchmarks/cuda/local_array.cu:
 * per-thread .local arrays indexed with data-dependent indices, against the
 * inputs and reference of tests/ref/local_array_ref.h; exact. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/local_array_ref.h"

START_TEST(test_local_array_i32)
{
  drv_ctx c;
  int32_t idx[N], vals[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "local_array");
  local_array_i32_inputs(idx, vals, exp);
  ptxsim_devptr di = drv_upload(&c, idx, sizeof idx), dv = drv_upload(&c, vals, sizeof vals);
  ptxsim_devptr dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "local_array_i32", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&di, &dv, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("local_array_i32", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_local_array_mixed)
{
  drv_ctx c;
  int32_t idx[N];
  float expf_[N], gotf[N];
  uint64_t expl[N], gotl[N];
  int n = N;

  drv_open(&c, "local_array");
  local_array_mixed_inputs(idx, expf_, expl);
  ptxsim_devptr di = drv_upload(&c, idx, sizeof idx), df = drv_alloc(&c, sizeof gotf);
  ptxsim_devptr dl = drv_alloc(&c, sizeof gotl);
  drv_launch(&c, "local_array_mixed", drv_dim(drv_cdiv(N, 96), 1, 1), drv_dim(96, 1, 1), 0,
             DRV_ARGS(&di, &df, &dl, &n));
  drv_download(&c, gotf, df, sizeof gotf);
  drv_download(&c, gotl, dl, sizeof gotl);
  drv_expect_f32("local_array_mixed", "outf", expf_, gotf, N, 0);
  drv_expect_u64("local_array_mixed", "outl", expl, gotl, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("local_array");
  DRV_ADD(s, test_local_array_i32);
  DRV_ADD(s, test_local_array_mixed);
  return drv_run(s);
}
