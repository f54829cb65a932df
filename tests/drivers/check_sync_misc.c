/* check_sync_misc.c -- host driver for benchmarks/cuda/sync_misc.cu:
 * bar.red.{or,and,popc} (__syncthreads_or/and/count), named barriers
 * (bar.arrive / bar.sync 1, 128), __syncwarp with partial masks, fences,
 * nanosleep and a trap behind a flag the host keeps 0.  Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/sync_misc_ref.h, shared with
 * tests/exec/sync_misc.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/sync_misc_ref.h"

START_TEST(test_sync_votes)
{
  enum { B = 160, NB = (N + B - 1) / B };
  drv_ctx c;
  int32_t in[N], exp[4 * NB], got[4 * NB];
  int n = N;

  drv_open(&c, "sync_misc");
  sync_votes_inputs(B, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "sync_votes", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0, DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("sync_votes", "out", exp, got, 4 * NB);
  drv_close(&c);
}
END_TEST

START_TEST(test_named_barriers)
{
  enum { NB = (N + 127) / 128 };
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "sync_misc");
  named_barriers_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "named_barriers", drv_dim(NB, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("named_barriers", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_warp_partial_sync)
{
  enum { B = 96, NB = (N + B - 1) / B };
  drv_ctx c;
  int32_t in[N], exp[N], got[N], flag = 0;
  int n = N;

  drv_open(&c, "sync_misc");
  warp_partial_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr dflag = drv_upload(&c, &flag, sizeof flag);
  drv_launch(&c, "warp_partial_sync", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dflag, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("warp_partial_sync", "out", exp, got, N);

  /* with the flag set every thread traps: the launch must report it */
  flag = 1;
  ptxsim_devptr dflag1 = drv_upload(&c, &flag, sizeof flag);
  int rc = ptxsim_launch(c.dev, "warp_partial_sync", drv_dim(1, 1, 1), drv_dim(32, 1, 1), 0,
                         DRV_ARGS(&din, &dout, &dflag1, &n));
  ck_assert_msg(rc == PTXSIM_E_TRAP, "warp_partial_sync with *trap_flag = 1: expected %s, got %s (%d): %s",
                ptxsim_status_string(PTXSIM_E_TRAP), ptxsim_status_string(rc), rc,
                ptxsim_device_error(c.dev));
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("sync_misc");
  DRV_ADD(s, test_sync_votes);
  DRV_ADD(s, test_named_barriers);
  DRV_ADD(s, test_warp_partial_sync);
  return drv_run(s);
}
