/* check_cub_primitives.c -- host driver for benchmarks/cuda/cub_primitives.cu:
 * CUB BlockReduce / BlockScan / WarpReduce / WarpScan / MatchAny, cache
 * modifier loads and stores, strong (acquire/relaxed/release) accesses, the
 * decoupled look-back single-pass scan (32- and 64-bit; block t spins on
 * the results of blocks < t) and ThreadExit.  Integer sums wrap; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/cub_primitives_ref.h, shared with
 * tests/exec/cub_primitives.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/cub_primitives_ref.h"

START_TEST(test_cub_block_ops)
{
  enum { B = 128, NB = (N + B - 1) / B };
  drv_ctx c;
  int32_t in[N];
  static int32_t exp[8 * N], got[8 * N];
  int n = N;

  drv_open(&c, "cub_primitives");
  cub_block_ops_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cub_block_ops", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  cub_block_ops_check(&drv_check, exp, got);
  drv_close(&c);
}
END_TEST

START_TEST(test_cub_thread_store)
{
  drv_ctx c;
  uint32_t in[N];
  static uint32_t exp[4 * N], got[4 * N];
  uint64_t e64[N], g64[N];
  int n = N;

  drv_open(&c, "cub_primitives");
  cub_thread_store_inputs(in, exp, e64);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr d64 = drv_alloc(&c, sizeof g64);
  drv_launch(&c, "cub_thread_store", drv_dim(drv_cdiv(N, 200), 1, 1), drv_dim(200, 1, 1), 0,
             DRV_ARGS(&din, &dout, &d64, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, g64, d64, sizeof g64);
  drv_expect_u32("cub_thread_store", "out", exp, got, 4 * N);
  drv_expect_u64("cub_thread_store", "out64", e64, g64, N);
  drv_close(&c);
}
END_TEST

static size_t round256(size_t x) { return (x + 255) / 256 * 256; }

START_TEST(test_cub_lookback_scan)
{
  enum { NT = (N + 127) / 128 };
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N, num_tiles = NT;

  drv_open(&c, "cub_primitives");
  cub_lookback_inputs(in, exp);
  ptxsim_devptr dstate = drv_alloc_fill(&c, round256((NT + 32) * 8), 0xcd);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cub_lookback_init", drv_dim(2, 1, 1), drv_dim(32, 1, 1), 0,
             DRV_ARGS(&dstate, &num_tiles));
  drv_launch(&c, "cub_lookback_scan", drv_dim(NT, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dstate, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("cub_lookback_scan", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_cub_lookback_scan64)
{
  enum { NT = (N + 127) / 128 };
  drv_ctx c;
  int64_t in[N], exp[N], got[N];
  int n = N, num_tiles = NT;

  drv_open(&c, "cub_primitives");
  cub_lookback64_inputs(in, exp);
  ptxsim_devptr dstate = drv_alloc_fill(&c, round256((NT + 32) * 16), 0xcd);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cub_lookback_init64", drv_dim(1, 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&dstate, &num_tiles));
  drv_launch(&c, "cub_lookback_scan64", drv_dim(NT, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dstate, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i64("cub_lookback_scan64", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_cub_exit_early)
{
  drv_ctx c;
  int32_t in[N], exp[N + 40], got[N + 40];
  int n = N;

  drv_open(&c, "cub_primitives");
  cub_exit_early_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc_fill(&c, sizeof got, 0x5b);
  drv_launch(&c, "cub_exit_early", drv_dim(drv_cdiv(N + 40, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("cub_exit_early", "out", exp, got, N + 40);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("cub_primitives");
  DRV_ADD(s, test_cub_block_ops);
  DRV_ADD(s, test_cub_thread_store);
  DRV_ADD(s, test_cub_lookback_scan);
  DRV_ADD(s, test_cub_lookback_scan64);
  DRV_ADD(s, test_cub_exit_early);
  return drv_run(s);
}
