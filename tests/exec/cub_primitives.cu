/* cub_primitives.cu -- CUDA host program for benchmarks/cuda/cub_primitives.cu;
 * the scenarios of tests/drivers/check_cub_primitives.c:
 * CUB BlockReduce / BlockScan / WarpReduce / WarpScan / MatchAny, cache
 * modifier loads and stores, strong (acquire/relaxed/release) accesses, the
 * decoupled look-back single-pass scan (32- and 64-bit; block t spins on the
 * results of blocks < t) and ThreadExit.  Integer sums wrap; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/cub_primitives_ref.h. */
#include "../../benchmarks/cuda/cub_primitives.cu"
#include "exec_util.h"
#include "../ref/cub_primitives_ref.h"

static void test_cub_block_ops(void)
{
  enum { B = 128, NB = (N + B - 1) / B };
  int32_t in[N];
  static int32_t exp[8 * N], got[8 * N];

  ex_begin("cub_block_ops");
  cub_block_ops_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cub_block_ops<<<NB, B>>>(din, dout, N);
  EX_LAUNCHED("cub_block_ops");
  ex_download(got, dout, sizeof got);
  cub_block_ops_check(&ex_ref_check, exp, got);
  ex_end();
}

static void test_cub_thread_store(void)
{
  uint32_t in[N];
  static uint32_t exp[4 * N], got[4 * N];
  uint64_t e64[N], g64[N];

  ex_begin("cub_thread_store");
  cub_thread_store_inputs(in, exp, e64);
  unsigned *din = ex_upload(in, sizeof in), *dout = ex_alloc<unsigned>(sizeof got);
  unsigned long long *d64 = ex_alloc<unsigned long long>(sizeof g64);
  cub_thread_store<<<ex_cdiv(N, 200), 200>>>(din, dout, d64, N);
  EX_LAUNCHED("cub_thread_store");
  ex_download(got, dout, sizeof got);
  ex_download(g64, d64, sizeof g64);
  ex_expect_u32("cub_thread_store", "out", exp, got, 4 * N);
  ex_expect_u64("cub_thread_store", "out64", e64, g64, N);
  ex_end();
}

static size_t round256(size_t x) { return (x + 255) / 256 * 256; }

static void test_cub_lookback_scan(void)
{
  enum { NT = (N + 127) / 128 };
  int32_t in[N], exp[N], got[N];

  ex_begin("cub_lookback_scan");
  cub_lookback_inputs(in, exp);
  void *dstate = ex_alloc_fill<char>(round256((NT + 32) * 8), 0xcd);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cub_lookback_init<<<2, 32>>>(dstate, NT);
  EX_LAUNCHED("cub_lookback_init");
  cub_lookback_scan<<<NT, 128>>>(din, dout, dstate, N);
  EX_LAUNCHED("cub_lookback_scan");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cub_lookback_scan", "out", exp, got, N);
  ex_end();
}

static void test_cub_lookback_scan64(void)
{
  enum { NT = (N + 127) / 128 };
  int64_t in[N], exp[N], got[N];

  ex_begin("cub_lookback_scan64");
  cub_lookback64_inputs(in, exp);
  void *dstate = ex_alloc_fill<char>(round256((NT + 32) * 16), 0xcd);
  long long *din = ex_upload((const long long *)in, sizeof in);
  long long *dout = ex_alloc<long long>(sizeof got);
  cub_lookback_init64<<<1, 64>>>(dstate, NT);
  EX_LAUNCHED("cub_lookback_init64");
  cub_lookback_scan64<<<NT, 128>>>(din, dout, dstate, N);
  EX_LAUNCHED("cub_lookback_scan64");
  ex_download(got, dout, sizeof got);
  ex_expect_i64("cub_lookback_scan64", "out", exp, got, N);
  ex_end();
}

static void test_cub_exit_early(void)
{
  int32_t in[N], exp[N + 40], got[N + 40];

  ex_begin("cub_exit_early");
  cub_exit_early_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc_fill<int>(sizeof got, 0x5b);
  cub_exit_early<<<ex_cdiv(N + 40, 64), 64>>>(din, dout, N);
  EX_LAUNCHED("cub_exit_early");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cub_exit_early", "out", exp, got, N + 40);
  ex_end();
}

int main(void)
{
  ex_init("cub_primitives");
  test_cub_block_ops();
  test_cub_thread_store();
  test_cub_lookback_scan();
  test_cub_lookback_scan64();
  test_cub_exit_early();
  return ex_finish();
}
