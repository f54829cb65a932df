/* check_reduce_shfl.c -- host driver for benchmarks/cuda/reduce_shfl.cu:
 * shfl.sync down / bfly / idx reductions and broadcast.  Integer results
 * are exact; the float butterfly sum is reproduced in its exact order
 * (x[l] = x[l] + x[l ^ m], m = 16 .. 1), so it is bit-exact too.
 *
 * Inputs, CPU reference and checks: tests/ref/reduce_shfl_ref.h, shared with
 * tests/exec/reduce_shfl.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/reduce_shfl_ref.h"

START_TEST(test_reduce_shfl_down_i32)
{
  drv_ctx c;
  int32_t in[N], exp[NBLK], got[NBLK], total = 12345, exp_total;
  int n = N;

  drv_open(&c, "reduce_shfl");
  reduce_shfl_down_inputs(total, in, exp, &exp_total);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dbs = drv_alloc(&c, sizeof got);
  ptxsim_devptr dt = drv_upload(&c, &total, sizeof total);
  drv_launch(&c, "reduce_shfl_down_i32", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dbs, &dt, &n));
  drv_download(&c, got, dbs, sizeof got);
  drv_download(&c, &total, dt, sizeof total);
  drv_expect_i32("reduce_shfl_down_i32", "block_sums", exp, got, NBLK);
  drv_expect_i32("reduce_shfl_down_i32", "total", &exp_total, &total, 1);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shfl_xor_f32)
{
  drv_ctx c;
  float in[N], exp[NW], got[NW];
  int n = N;

  drv_open(&c, "reduce_shfl");
  reduce_shfl_xor_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shfl_xor_f32", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("reduce_shfl_xor_f32", "warp_sums", exp, got, NW, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shfl_max_u64)
{
  drv_ctx c;
  uint64_t in[N], exp[NW], got[NW];
  int n = N;

  drv_open(&c, "reduce_shfl");
  reduce_shfl_max_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shfl_max_u64", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_u64("reduce_shfl_max_u64", "warp_max", exp, got, NW);
  drv_close(&c);
}
END_TEST

START_TEST(test_shfl_broadcast)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "reduce_shfl");
  shfl_broadcast_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "shfl_broadcast", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("shfl_broadcast", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_ballot_tail)
{
  drv_ctx c;
  static int32_t in[TAIL_N];
  int32_t exp[TAIL_GRID], got[TAIL_GRID], exp_total, got_total;
  unsigned n = TAIL_N, parts = TAIL_GRID;

  drv_open(&c, "reduce_shfl");
  ballot_tail_inputs(in, exp, &exp_total);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dpart = drv_alloc(&c, sizeof got);
  ptxsim_devptr dtot = drv_alloc(&c, sizeof got_total);
  drv_launch(&c, "reduce_ballot_tail_256", drv_dim(TAIL_GRID, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dpart, &n));
  drv_launch(&c, "reduce_ballot_tail_32", drv_dim(1, 1, 1), drv_dim(32, 1, 1), 0,
             DRV_ARGS(&dpart, &dtot, &parts));
  drv_download(&c, got, dpart, sizeof got);
  drv_download(&c, &got_total, dtot, sizeof got_total);
  drv_expect_i32("reduce_ballot_tail_256", "block_sums", exp, got, TAIL_GRID);
  drv_expect_i32("reduce_ballot_tail_32", "total", &exp_total, &got_total, 1);
  drv_close(&c);
}
END_TEST

START_TEST(test_shfl_down_partial_warp)
{
  static const unsigned sizes[] = {20, 16, 1, 32};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    drv_ctx c;
    unsigned t = sizes[k];
    int32_t in[32], exp[32], got[32];
    drv_open(&c, "reduce_shfl");
    shfl_down_partial_inputs(t, in, exp);
    ptxsim_devptr din = drv_upload(&c, in, t * sizeof in[0]), dout = drv_alloc(&c, t * sizeof got[0]);
    drv_launch(&c, "shfl_down_partial_warp", drv_dim(1, 1, 1), drv_dim(t, 1, 1), 0,
               DRV_ARGS(&din, &dout));
    drv_download(&c, got, dout, t * sizeof got[0]);
    drv_expect_i32("shfl_down_partial_warp", "out", exp, got, t);
    drv_close(&c);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("reduce_shfl");
  DRV_ADD(s, test_reduce_shfl_down_i32);
  DRV_ADD(s, test_reduce_shfl_xor_f32);
  DRV_ADD(s, test_reduce_shfl_max_u64);
  DRV_ADD(s, test_shfl_broadcast);
  DRV_ADD(s, test_reduce_ballot_tail);
  DRV_ADD(s, test_shfl_down_partial_warp);
  return drv_run(s);
}
