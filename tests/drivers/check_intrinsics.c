/* check_intrinsics.c -- host driver for benchmarks/cuda/intrinsics.cu:
 * int_intrinsics, float_intrinsics, float_conversions and bitfields with
 * the inputs, CPU reference and checks of tests/ref/intrinsics_ref.h, and
 * the reference's own helpers against hand-worked values. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/intrinsics_ref.h"

START_TEST(test_int_intrinsics)
{
  drv_ctx c;
  uint32_t a[N], b[N], want[32 * N], got[32 * N];
  int n = N;

  drv_open(&c, "intrinsics");
  intrinsics_int_inputs(a, b, want);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "int_intrinsics", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  intrinsics_int_check(&drv_check, want, got);
  drv_close(&c);
}
END_TEST

START_TEST(test_float_intrinsics)
{
  drv_ctx c;
  float a[N], b[N], want[32 * N], got[32 * N];
  int n = N;

  drv_open(&c, "intrinsics");
  intrinsics_float_inputs(a, b, want);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "float_intrinsics", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  intrinsics_float_check(&drv_check, a, b, want, got);
  drv_close(&c);
}
END_TEST

START_TEST(test_float_conversions)
{
  drv_ctx c;
  float a[N], wf[16 * N], gf[16 * N];
  double d[N];
  int32_t wi[16 * N], gi[16 * N];
  int n = N;

  drv_open(&c, "intrinsics");
  intrinsics_conv_inputs(a, d, wi, wf);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), dd = drv_upload(&c, d, sizeof d);
  ptxsim_devptr doi = drv_alloc_fill(&c, sizeof gi, 0x5a), dof = drv_alloc_fill(&c, sizeof gf, 0x5a);
  drv_launch(&c, "float_conversions", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &dd, &doi, &dof, &n));
  drv_download(&c, gi, doi, sizeof gi);
  drv_download(&c, gf, dof, sizeof gf);
  intrinsics_conv_check(&drv_check, wi, gi, wf, gf);
  drv_close(&c);
}
END_TEST

START_TEST(test_bitfields)
{
  drv_ctx c;
  uint32_t a[N], want[2 * N], got[2 * N];
  uint64_t b[N], want64[N], got64[N];
  int n = N;

  drv_open(&c, "intrinsics");
  intrinsics_bitfields_inputs(a, b, want, want64);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dout = drv_alloc_fill(&c, sizeof got, 0x5a), do64 = drv_alloc_fill(&c, sizeof got64, 0x5a);
  drv_launch(&c, "bitfields", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &do64, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, got64, do64, sizeof got64);
  drv_expect_u32("bitfields", "out", want, got, 2 * N);
  drv_expect_u64("bitfields", "out64", want64, got64, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_reference)
{
  intrinsics_reference_check(&drv_check);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("intrinsics");
  DRV_ADD(s, test_reference);
  DRV_ADD(s, test_int_intrinsics);
  DRV_ADD(s, test_float_intrinsics);
  DRV_ADD(s, test_float_conversions);
  DRV_ADD(s, test_bitfields);
  return drv_run(s);
}
