/* scan.cu -- CUDA host program for benchmarks/cuda/scan.cu; the scenarios of
 * tests/drivers/check_scan.c: Blelloch and Hillis-Steele block scans, the
 * shfl.up warp scan, and the whole-array exclusive scan chained from
 * scan_blelloch + host scan of the block sums + scan_add_offsets.  Integer
 * sums wrap around; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/scan_ref.h. */
#include "../../benchmarks/cuda/scan.cu"
#include "exec_util.h"
#include "../ref/scan_ref.h"

static void test_scan_blelloch_chain(void)
{
  int32_t in[N], exp[N], got[N], sums[NB], exp_sums[NB], offs[NB];

  ex_begin("scan_blelloch_chain");
  scan_blelloch_inputs(in, exp, exp_sums);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  int *dsums = ex_alloc<int>(sizeof sums);
  scan_blelloch<<<NB, 256>>>(din, dout, dsums, N);
  EX_LAUNCHED("scan_blelloch");
  ex_download(got, dout, sizeof got);
  ex_download(sums, dsums, sizeof sums);
  ex_expect_i32("scan_blelloch", "out", exp, got, N);
  ex_expect_i32("scan_blelloch", "block_sums", exp_sums, sums, NB);

  /* complete the multi-block scan: exclusive scan of the block sums, then add */
  scan_offsets(exp_sums, offs);
  int *doffs = ex_upload(offs, sizeof offs);
  scan_add_offsets<<<NB, 256>>>(dout, doffs, N);
  EX_LAUNCHED("scan_add_offsets");
  ex_download(got, dout, sizeof got);
  seg_scan(in, exp, N, 0);
  ex_expect_i32("scan_add_offsets", "data", exp, got, N);
  ex_end();
}

static void test_scan_hillis_steele(void)
{
  int32_t in[N], exp[N], got[N];

  ex_begin("scan_hillis_steele");
  make_input(in, 20);
  seg_scan(in, exp, 256, 1);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  scan_hillis_steele<<<ex_cdiv(N, 256), 256>>>(din, dout, N);
  EX_LAUNCHED("scan_hillis_steele");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("scan_hillis_steele", "out", exp, got, N);
  ex_end();
}

static void test_scan_warp_shfl(void)
{
  int32_t in[N], exp[N], got[N];

  ex_begin("scan_warp_shfl");
  make_input(in, 21);
  seg_scan(in, exp, 32, 1);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  scan_warp_shfl<<<ex_cdiv(N, 96), 96>>>(din, dout, N);
  EX_LAUNCHED("scan_warp_shfl");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("scan_warp_shfl", "out", exp, got, N);
  ex_end();
}

int main(void)
{
  ex_init("scan");
  test_scan_blelloch_chain();
  test_scan_hillis_steele();
  test_scan_warp_shfl();
  return ex_finish();
}
