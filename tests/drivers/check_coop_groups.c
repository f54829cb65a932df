/* check_coop_groups.c -- host driver for benchmarks/cuda/coop_groups.cu:
 * cooperative-groups tiles of 16, 8 and 64 threads: reduce (plus, greater),
 * xor butterflies, shfl / shfl_down / shfl_xor with segment masks, ballot,
 * any/all, inclusive_scan, and the 64-thread tile that spans two warps and
 * synchronises through shared memory.  The last block is partly past n
 * (those threads contribute 0 and write nothing).  Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/coop_groups_ref.h, shared with
 * tests/exec/coop_groups.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/coop_groups_ref.h"

START_TEST(test_cg_tile_reduce)
{
  enum { B = 128, NT = (N + B - 1) / B * B };
  drv_ctx c;
  int32_t in[N], esum[NT / 16], gsum[NT / 16], emax[NT / 8], gmax[NT / 8], exor[N], gxor[N];
  int n = N;

  drv_open(&c, "coop_groups");
  cg_tile_reduce_inputs(NT, in, esum, emax, exor);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in);
  ptxsim_devptr ds = drv_alloc_fill(&c, sizeof gsum, 0x11), dm = drv_alloc_fill(&c, sizeof gmax, 0x11);
  ptxsim_devptr dx = drv_alloc(&c, sizeof gxor);
  drv_launch(&c, "cg_tile_reduce", drv_dim(NT / B, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &ds, &dm, &dx, &n));
  drv_download(&c, gsum, ds, sizeof gsum);
  drv_download(&c, gmax, dm, sizeof gmax);
  drv_download(&c, gxor, dx, sizeof gxor);
  drv_expect_i32("cg_tile_reduce", "tile_sum16", esum, gsum, NT / 16);
  drv_expect_i32("cg_tile_reduce", "tile_max8", emax, gmax, NT / 8);
  drv_expect_i32("cg_tile_reduce", "out_xor", exor, gxor, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_cg_tile_shuffle)
{
  enum { B = 96, NT = (N + B - 1) / B * B };
  drv_ctx c;
  int32_t in[N];
  static int32_t exp[6 * N], got[6 * N];
  int n = N;

  drv_open(&c, "coop_groups");
  cg_tile_shuffle_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cg_tile_shuffle", drv_dim(NT / B, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("cg_tile_shuffle", "out", exp, got, 6 * N);
  drv_close(&c);
}
END_TEST

START_TEST(test_cg_tile64)
{
  enum { B = 256, NT = (N + B - 1) / B * B };
  drv_ctx c;
  int32_t in[N];
  static int32_t exp[3 * N], got[3 * N];
  int n = N;

  drv_open(&c, "coop_groups");
  cg_tile64_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cg_tile64", drv_dim(NT / B, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("cg_tile64", "out", exp, got, 3 * N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("coop_groups");
  DRV_ADD(s, test_cg_tile_reduce);
  DRV_ADD(s, test_cg_tile_shuffle);
  DRV_ADD(s, test_cg_tile64);
  return drv_run(s);
}
