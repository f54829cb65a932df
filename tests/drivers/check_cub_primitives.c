/* check_cub_primitives.c -- host driver for benchmarks/cuda/cub_primitives.cu:
 * CUB BlockReduce / BlockScan / WarpReduce / WarpScan / MatchAny, cache
 * modifier loads and stores, strong (acquire/relaxed/release) accesses, the
 * decoupled look-back single-pass scan (32- and 64-bit; block t spins on
 * the results of blocks < t) and ThreadExit.  Integer sums wrap; exact. */
#include "tests/drivers/drv_util.h"

#define N 677     /* 6 tiles of 128, the last one partial */

static void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = (i % 9 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -5000, 5000);
}

START_TEST(test_cub_block_ops)
{
  enum { B = 128, NB = (N + B - 1) / B };
  drv_ctx c;
  int32_t in[N];
  static int32_t exp[8 * N], got[8 * N];
  int n = N;

  drv_open(&c, "cub_primitives");
  make_input(in, 56);
  for (int b = 0; b < NB; b++) {
    int32_t v[B];
    uint32_t sum = 0;
    int32_t mx = INT32_MIN;
    for (int t = 0; t < B; t++) {
      v[t] = b * B + t < N ? in[b * B + t] : 0;
      sum += (uint32_t)v[t];
      mx = v[t] > mx ? v[t] : mx;
    }
    uint32_t excl = 0;
    for (int t = 0; t < B; t++) {
      int g = b * B + t, w0 = t & ~31, lane = t & 31;
      uint32_t winc = 0, wsum = 0, match = 0;
      for (int l = 0; l < 32; l++) {
        wsum += (uint32_t)v[w0 + l];
        if (l <= lane)
          winc += (uint32_t)v[w0 + l];
        match |= (uint32_t)((v[w0 + l] & 15) == (v[t] & 15)) << l;
      }
      if (g < N) {
        int32_t *o = exp + 8 * g;
        o[0] = (int32_t)sum;
        o[1] = (int32_t)excl;
        o[2] = (int32_t)winc;
        o[3] = lane == 0 ? (int32_t)wsum : 0;
        o[4] = mx;
        o[5] = (int32_t)match;
        o[6] = (int32_t)((uint32_t)v[t] >> ((uint32_t)v[t] & 7));
        o[7] = (int32_t)((uint32_t)v[t] * 4u);
      }
      excl += (uint32_t)v[t];
    }
  }
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "cub_block_ops", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  for (int k = 0; k < 8; k++) {
    static const char *what[8] = { "block sum", "block exclusive sum", "warp inclusive scan",
                                   "warp sum (lane 0)", "block max", "MatchAny<4>",
                                   "LogicShiftRight", "4 cache-modifier loads" };
    int32_t e[N], g[N];
    for (int i = 0; i < N; i++) {
      e[i] = exp[8 * i + k];
      g[i] = got[8 * i + k];
    }
    drv_expect_i32("cub_block_ops", what[k], e, g, N);
  }
  drv_close(&c);
}
END_TEST

START_TEST(test_cub_thread_store)
{
  drv_ctx c;
  ref_rng r;
  uint32_t in[N];
  static uint32_t exp[4 * N], got[4 * N];
  uint64_t e64[N], g64[N];
  int n = N;

  drv_open(&c, "cub_primitives");
  ref_rng_seed(&r, 57);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand32(&r);
  in[0] = 0xfffffffeu;    /* v + 3 wraps */
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++)
      exp[4 * i + k] = in[i] + (uint32_t)k;
    e64[i] = 2ull * in[i];
  }
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
  make_input(in, 58);
  uint32_t s = 0;
  for (int i = 0; i < N; i++) {
    s += (uint32_t)in[i];
    exp[i] = (int32_t)s;
  }
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
  ref_rng r;
  int64_t in[N], exp[N], got[N];
  int n = N, num_tiles = NT;

  drv_open(&c, "cub_primitives");
  ref_rng_seed(&r, 59);
  for (int i = 0; i < N; i++)
    in[i] = (int64_t)ref_rand64(&r) >> (i % 40);   /* sums wrap around */
  uint64_t s = 0;
  for (int i = 0; i < N; i++) {
    s += (uint64_t)in[i];
    exp[i] = (int64_t)s;
  }
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
  make_input(in, 60);
  for (int i = 0; i < N + 40; i++)
    exp[i] = i < N && in[i] >= 0 ? (int32_t)((uint32_t)in[i] * 2u) : 0x5b5b5b5b;
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
