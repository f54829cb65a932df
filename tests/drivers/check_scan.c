/* check_scan.c -- host driver for benchmarks/cuda/scan.cu: Blelloch and
 * Hillis-Steele block scans, the shfl.up warp scan, and the whole-array
 * exclusive scan chained from scan_blelloch + host scan + scan_add_offsets.
 * Integer sums wrap around; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/scan_ref.h, shared with
 * tests/exec/scan.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/scan_ref.h"

START_TEST(test_scan_blelloch_chain)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N], sums[NB], exp_sums[NB], offs[NB];
  int n = N;

  drv_open(&c, "scan");
  scan_blelloch_inputs(in, exp, exp_sums);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr dsums = drv_alloc(&c, sizeof sums);
  drv_launch(&c, "scan_blelloch", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dsums, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, sums, dsums, sizeof sums);
  drv_expect_i32("scan_blelloch", "out", exp, got, N);
  drv_expect_i32("scan_blelloch", "block_sums", exp_sums, sums, NB);

  /* complete the multi-block scan: exclusive scan of the block sums, then add */
  scan_offsets(exp_sums, offs);
  ptxsim_devptr doffs = drv_upload(&c, offs, sizeof offs);
  drv_launch(&c, "scan_add_offsets", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&dout, &doffs, &n));
  drv_download(&c, got, dout, sizeof got);
  seg_scan(in, exp, N, 0);
  drv_expect_i32("scan_add_offsets", "data", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_scan_hillis_steele)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "scan");
  make_input(in, 20);
  seg_scan(in, exp, 256, 1);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "scan_hillis_steele", drv_dim(drv_cdiv(N, 256), 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("scan_hillis_steele", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_scan_warp_shfl)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "scan");
  make_input(in, 21);
  seg_scan(in, exp, 32, 1);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "scan_warp_shfl", drv_dim(drv_cdiv(N, 96), 1, 1), drv_dim(96, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("scan_warp_shfl", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("scan");
  DRV_ADD(s, test_scan_blelloch_chain);
  DRV_ADD(s, test_scan_hillis_steele);
  DRV_ADD(s, test_scan_warp_shfl);
  return drv_run(s);
}
