/* check_cp_async.c -- host driver for benchmarks/cuda/cp_async.cu:
 * cp.async (16-, 8- and 4-byte copies) with commit/wait groups in a
 * double-buffered pipeline, and cuda::memcpy_async on an mbarrier with
 * arrive_and_wait / wait_parity / inval.  The last block of each launch is
 * partial (4-byte tail copies, the non-async fill path).  out =
 * fmaf(in, 2, 1) (fma.rn.f32 in the PTX) and integer reversal; exact
 * (inputs and reference: tests/ref/cp_async_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/cp_async_ref.h"

START_TEST(test_cp_async_pipeline)
{
  enum { N = 2 * 4096 + 203 };   /* third block: 50 vectors + 3 scalars, no side copy */
  drv_ctx c;
  static float in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "cp_async");
  cp_async_pipeline_inputs(N, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cp_async_pipeline", drv_dim(drv_cdiv(N, 4096), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("cp_async_pipeline", "out", exp, got, N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_cp_async_barrier)
{
  enum { N = 2 * 1024 + 500 };
  drv_ctx c;
  static int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "cp_async");
  cp_async_barrier_inputs(N, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cp_async_barrier", drv_dim(drv_cdiv(N, 1024), 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("cp_async_barrier", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("cp_async");
  DRV_ADD(s, test_cp_async_pipeline);
  DRV_ADD(s, test_cp_async_barrier);
  return drv_run(s);
}
