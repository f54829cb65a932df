/* cub_primitives_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/cub_primitives.cu, shared by
 * tests/drivers/check_cub_primitives.c and tests/exec/cub_primitives.cu:
 * CUB BlockReduce / BlockScan / WarpReduce / WarpScan / MatchAny, cache
 * modifier loads and stores, the decoupled look-back single-pass scan (32-
 * and 64-bit) and ThreadExit.  Integer sums wrap; exact. */
#ifndef PTXSIM_TESTS_REF_CUB_PRIMITIVES_REF_H
#define PTXSIM_TESTS_REF_CUB_PRIMITIVES_REF_H

#include "ref_util.h"

#define N 677 /* 6 tiles of 128, the last one partial */

static inline void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = (i % 9 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -5000, 5000);
}

/* cub_block_ops with blocks of 128: exp[8 * g + k], output k of thread g. */
static inline void cub_block_ops_inputs(int32_t *in, int32_t *exp)
{
  enum { B = 128, NB = (N + B - 1) / B };
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
}

static inline void cub_block_ops_check(const ref_check *ck, const int32_t *exp, const int32_t *got)
{
  for (int k = 0; k < 8; k++) {
    static const char *what[8] = { "block sum", "block exclusive sum", "warp inclusive scan",
                                   "warp sum (lane 0)", "block max", "MatchAny<4>",
                                   "LogicShiftRight", "4 cache-modifier loads" };
    int32_t e[N], g[N];
    for (int i = 0; i < N; i++) {
      e[i] = exp[8 * i + k];
      g[i] = got[8 * i + k];
    }
    ref_expect_i32(ck, "cub_block_ops", what[k], e, g, N);
  }
}

/* cub_thread_store: exp[4 * i + k] = in[i] + k, e64[i] = 2 * in[i]. */
static inline void cub_thread_store_inputs(uint32_t *in, uint32_t *exp, uint64_t *e64)
{
  ref_rng r;
  ref_rng_seed(&r, 57);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand32(&r);
  in[0] = 0xfffffffeu; /* v + 3 wraps */
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++)
      exp[4 * i + k] = in[i] + (uint32_t)k;
    e64[i] = 2ull * in[i];
  }
}

/* cub_lookback_scan: the inclusive scan of the whole array. */
static inline void cub_lookback_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 58);
  uint32_t s = 0;
  for (int i = 0; i < N; i++) {
    s += (uint32_t)in[i];
    exp[i] = (int32_t)s;
  }
}

static inline void cub_lookback64_inputs(int64_t *in, int64_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 59);
  for (int i = 0; i < N; i++)
    in[i] = (int64_t)ref_rand64(&r) >> (i % 40); /* sums wrap around */
  uint64_t s = 0;
  for (int i = 0; i < N; i++) {
    s += (uint64_t)in[i];
    exp[i] = (int64_t)s;
  }
}

/* cub_exit_early: doubled non-negative elements; the others and the 40
 * elements past N stay as the 0x5b fill. */
static inline void cub_exit_early_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 60);
  for (int i = 0; i < N + 40; i++)
    exp[i] = i < N && in[i] >= 0 ? (int32_t)((uint32_t)in[i] * 2u) : 0x5b5b5b5b;
}

#endif /* PTXSIM_TESTS_REF_CUB_PRIMITIVES_REF_H */
