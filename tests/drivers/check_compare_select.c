/* check_compare_select.c -- host driver for benchmarks/cuda/compare_select.cu:
 * ordered and unordered float compares (NaN, inf, signed zeros, equal
 * pairs), 64- and 32-bit integer compares, selp, the f64 rounding helpers
 * (rint/ceil/floor/trunc) and fmax/fmin.  All bit-exact with C semantics.
 *
 * Inputs, CPU reference and checks: tests/ref/compare_select_ref.h, shared with
 * tests/exec/compare_select.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/compare_select_ref.h"

START_TEST(test_compare_f32)
{
  drv_ctx c;
  float a[N], b[N];
  uint32_t exp[N], got[N];
  int n = N;

  drv_open(&c, "compare_select");
  compare_f32_inputs(a, b, exp);
  ptxsim_devptr pa = drv_upload(&c, a, sizeof a), pb = drv_upload(&c, b, sizeof b);
  ptxsim_devptr po = drv_alloc(&c, sizeof got);
  drv_launch(&c, "compare_f32", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&pa, &pb, &po, &n));
  drv_download(&c, got, po, sizeof got);
  drv_expect_u32("compare_f32", "out (condition mask)", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_compare_f64)
{
  drv_ctx c;
  double a[N], b[N], expd[4 * N], gotd[4 * N];
  uint32_t exp[N], got[N];
  int n = N;

  drv_open(&c, "compare_select");
  compare_f64_inputs(a, b, exp, expd);
  ptxsim_devptr pa = drv_upload(&c, a, sizeof a), pb = drv_upload(&c, b, sizeof b);
  ptxsim_devptr po = drv_alloc(&c, sizeof got), pd = drv_alloc(&c, sizeof gotd);
  drv_launch(&c, "compare_f64", drv_dim(drv_cdiv(N, 96), 1, 1), drv_dim(96, 1, 1), 0,
             DRV_ARGS(&pa, &pb, &po, &pd, &n));
  drv_download(&c, got, po, sizeof got);
  drv_download(&c, gotd, pd, sizeof gotd);
  drv_expect_u32("compare_f64", "out (condition mask)", exp, got, N);
  drv_expect_f64("compare_f64", "outd", expd, gotd, 4 * N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_compare_int)
{
  drv_ctx c;
  int64_t a[N], b[N];
  uint32_t exp[N], got[N];
  uint64_t e64[2 * N], g64[2 * N];
  int n = N;

  drv_open(&c, "compare_select");
  compare_int_inputs(a, b, exp, e64);
  ptxsim_devptr pa = drv_upload(&c, a, sizeof a), pb = drv_upload(&c, b, sizeof b);
  ptxsim_devptr po = drv_alloc(&c, sizeof got), p64 = drv_alloc(&c, sizeof g64);
  drv_launch(&c, "compare_int", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&pa, &pb, &po, &p64, &n));
  drv_download(&c, got, po, sizeof got);
  drv_download(&c, g64, p64, sizeof g64);
  drv_expect_u32("compare_int", "out (condition mask)", exp, got, N);
  drv_expect_u64("compare_int", "out64", e64, g64, 2 * N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("compare_select");
  DRV_ADD(s, test_compare_f32);
  DRV_ADD(s, test_compare_f64);
  DRV_ADD(s, test_compare_int);
  return drv_run(s);
}
