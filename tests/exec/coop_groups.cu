/* coop_groups.cu -- CUDA host program for benchmarks/cuda/coop_groups.cu; the
 * scenarios of tests/drivers/check_coop_groups.c:
 * cooperative-groups tiles of 16, 8 and 64 threads: reduce (plus, greater), xor
 * butterflies, shfl / shfl_down / shfl_xor with segment masks, ballot, any/all,
 * inclusive_scan, and the 64-thread tile that spans two warps and synchronises
 * through shared memory.  The last block is partly past n (those threads
 * contribute 0 and write nothing).  Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/coop_groups_ref.h. */
#include "../../benchmarks/cuda/coop_groups.cu"
#include "exec_util.h"
#include "../ref/coop_groups_ref.h"

static void test_cg_tile_reduce(void)
{
  enum { B = 128, NT = (N + B - 1) / B * B };
  int32_t in[N], esum[NT / 16], gsum[NT / 16], emax[NT / 8], gmax[NT / 8], exor[N], gxor[N];

  ex_begin("cg_tile_reduce");
  cg_tile_reduce_inputs(NT, in, esum, emax, exor);
  int *din = ex_upload(in, sizeof in);
  int *ds = ex_alloc_fill<int>(sizeof gsum, 0x11), *dm = ex_alloc_fill<int>(sizeof gmax, 0x11);
  int *dx = ex_alloc<int>(sizeof gxor);
  cg_tile_reduce<<<NT / B, B>>>(din, ds, dm, dx, N);
  EX_LAUNCHED("cg_tile_reduce");
  ex_download(gsum, ds, sizeof gsum);
  ex_download(gmax, dm, sizeof gmax);
  ex_download(gxor, dx, sizeof gxor);
  ex_expect_i32("cg_tile_reduce", "tile_sum16", esum, gsum, NT / 16);
  ex_expect_i32("cg_tile_reduce", "tile_max8", emax, gmax, NT / 8);
  ex_expect_i32("cg_tile_reduce", "out_xor", exor, gxor, N);
  ex_end();
}

static void test_cg_tile_shuffle(void)
{
  enum { B = 96, NT = (N + B - 1) / B * B };
  int32_t in[N];
  static int32_t exp[6 * N], got[6 * N];

  ex_begin("cg_tile_shuffle");
  cg_tile_shuffle_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cg_tile_shuffle<<<NT / B, B>>>(din, dout, N);
  EX_LAUNCHED("cg_tile_shuffle");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cg_tile_shuffle", "out", exp, got, 6 * N);
  ex_end();
}

static void test_cg_tile64(void)
{
  enum { B = 256, NT = (N + B - 1) / B * B };
  int32_t in[N];
  static int32_t exp[3 * N], got[3 * N];

  ex_begin("cg_tile64");
  cg_tile64_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cg_tile64<<<NT / B, B>>>(din, dout, N);
  EX_LAUNCHED("cg_tile64");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cg_tile64", "out", exp, got, 3 * N);
  ex_end();
}

int main(void)
{
  ex_init("coop_groups");
  test_cg_tile_reduce();
  test_cg_tile_shuffle();
  test_cg_tile64();
  return ex_finish();
}
