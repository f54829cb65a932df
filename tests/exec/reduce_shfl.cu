/* reduce_shfl.cu -- CUDA host program for benchmarks/cuda/reduce_shfl.cu;
 * the scenarios of
 * tests/drivers/check_reduce_shfl.c: shfl.sync down / bfly / idx
 * reductions and broadcast, 6 blocks of 192 threads over 1000 elements.
 * Integer results are exact; the float butterfly sum is reproduced in its
 * exact order (x[l] = x[l] + x[l ^ m], m = 16 .. 1), so it is bit-exact.
 *
 * Inputs, CPU reference and checks: tests/ref/reduce_shfl_ref.h. */
#include "../../benchmarks/cuda/reduce_shfl.cu"
#include "exec_util.h"
#include "../ref/reduce_shfl_ref.h"

static void test_reduce_shfl_down_i32(void)
{
  int32_t in[N], exp[NBLK], got[NBLK], total = 12345, exp_total;

  ex_begin("reduce_shfl_down_i32");
  reduce_shfl_down_inputs(total, in, exp, &exp_total);
  int *din = ex_upload(in, sizeof in), *dbs = ex_alloc<int>(sizeof got);
  int *dt = ex_upload(&total, sizeof total);
  reduce_shfl_down_i32<<<NBLK, BLK>>>(din, dbs, dt, N);
  EX_LAUNCHED("reduce_shfl_down_i32");
  ex_download(got, dbs, sizeof got);
  ex_download(&total, dt, sizeof total);
  ex_expect_i32("reduce_shfl_down_i32", "block_sums", exp, got, NBLK);
  ex_expect_i32("reduce_shfl_down_i32", "total", &exp_total, &total, 1);
  ex_end();
}

static void test_reduce_shfl_xor_f32(void)
{
  float in[N], exp[NW], got[NW];

  ex_begin("reduce_shfl_xor_f32");
  reduce_shfl_xor_inputs(in, exp);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  reduce_shfl_xor_f32<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("reduce_shfl_xor_f32");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("reduce_shfl_xor_f32", "warp_sums", exp, got, NW, 0);
  ex_end();
}

static void test_reduce_shfl_max_u64(void)
{
  uint64_t in[N], exp[NW], got[NW];

  ex_begin("reduce_shfl_max_u64");
  reduce_shfl_max_inputs(in, exp);
  unsigned long long *din = ex_upload((const unsigned long long *)in, sizeof in);
  unsigned long long *dout = ex_alloc<unsigned long long>(sizeof got);
  reduce_shfl_max_u64<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("reduce_shfl_max_u64");
  ex_download(got, dout, sizeof got);
  ex_expect_u64("reduce_shfl_max_u64", "warp_max", exp, got, NW);
  ex_end();
}

static void test_shfl_broadcast(void)
{
  int32_t in[N], exp[N], got[N];

  ex_begin("shfl_broadcast");
  shfl_broadcast_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  shfl_broadcast<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("shfl_broadcast");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("shfl_broadcast", "out", exp, got, N);
  ex_end();
}

static void test_reduce_ballot_tail(void)
{
  static int32_t in[TAIL_N];
  int32_t exp[TAIL_GRID], got[TAIL_GRID], exp_total, got_total;

  ex_begin("reduce_ballot_tail");
  ballot_tail_inputs(in, exp, &exp_total);
  int *din = ex_upload(in, sizeof in), *dpart = ex_alloc<int>(sizeof got);
  int *dtot = ex_alloc<int>(sizeof got_total);
  reduce_ballot_tail_256<<<TAIL_GRID, 256>>>(din, dpart, TAIL_N);
  EX_LAUNCHED("reduce_ballot_tail_256");
  reduce_ballot_tail_32<<<1, 32>>>(dpart, dtot, TAIL_GRID);
  EX_LAUNCHED("reduce_ballot_tail_32");
  ex_download(got, dpart, sizeof got);
  ex_download(&got_total, dtot, sizeof got_total);
  ex_expect_i32("reduce_ballot_tail_256", "block_sums", exp, got, TAIL_GRID);
  ex_expect_i32("reduce_ballot_tail_32", "total", &exp_total, &got_total, 1);
  ex_end();
}

static void test_shfl_down_partial_warp(void)
{
  static const unsigned sizes[] = {20, 16, 1, 32};
  ex_begin("shfl_down_partial_warp");
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    unsigned t = sizes[k];
    int32_t in[32], exp[32], got[32];
    shfl_down_partial_inputs(t, in, exp);
    int *din = ex_upload(in, t * sizeof in[0]), *dout = ex_alloc<int>(t * sizeof got[0]);
    shfl_down_partial_warp<<<1, t>>>(din, dout);
    EX_LAUNCHED("shfl_down_partial_warp");
    ex_download(got, dout, t * sizeof got[0]);
    ex_expect_i32("shfl_down_partial_warp", "out", exp, got, t);
  }
  ex_end();
}

int main(void)
{
  ex_init("reduce_shfl");
  test_reduce_shfl_down_i32();
  test_reduce_shfl_xor_f32();
  test_reduce_shfl_max_u64();
  test_shfl_broadcast();
  test_reduce_ballot_tail();
  test_shfl_down_partial_warp();
  return ex_finish();
}
