/* reduce_shfl_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/reduce_shfl.cu, shared by tests/drivers/check_reduce_shfl.c
 * and tests/exec/reduce_shfl.cu: shfl.sync down / bfly / idx reductions and
 * broadcast, NBLK blocks of BLK threads over N elements.  Integer results
 * are exact; the float butterfly sum is reproduced in its exact order
 * (x[l] = x[l] + x[l ^ m], m = 16 .. 1), so it is bit-exact too. */
#ifndef PTXSIM_TESTS_REF_REDUCE_SHFL_REF_H
#define PTXSIM_TESTS_REF_REDUCE_SHFL_REF_H

#include "ref_util.h"

#define N 1000
#define BLK 192 /* 6 warps per block */
#define NBLK ((N + BLK - 1) / BLK)
#define NW (NBLK * BLK / 32)

/* reduce_shfl_down_i32: block sums, and their total added onto total0. */
static inline void reduce_shfl_down_inputs(int32_t total0, int32_t *in, int32_t *exp,
                                           int32_t *exp_total)
{
  uint32_t t = (uint32_t)total0;
  ref_rng r;
  ref_rng_seed(&r, 15);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int b = 0; b < NBLK; b++) {
    uint32_t s = 0;
    for (int i = b * BLK; i < (b + 1) * BLK && i < N; i++)
      s += (uint32_t)in[i];
    exp[b] = (int32_t)s;
    t += s;
  }
  *exp_total = (int32_t)t;
}

/* reduce_shfl_xor_f32: one butterfly sum per warp. */
static inline void reduce_shfl_xor_inputs(float *in, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 16);
  for (int i = 0; i < N; i++)
    in[i] = ref_randf(&r, -100.0f, 100.0f) * ((i & 1) ? 1.0f : 1e-4f);
  for (int w = 0; w < NW; w++) {
    float x[32], y[32];
    for (int l = 0; l < 32; l++)
      x[l] = w * 32 + l < N ? in[w * 32 + l] : 0.0f;
    for (int m = 16; m > 0; m >>= 1) {
      for (int l = 0; l < 32; l++)
        y[l] = x[l] + x[l ^ m];
      for (int l = 0; l < 32; l++)
        x[l] = y[l];
    }
    exp[w] = x[0];
  }
}

/* reduce_shfl_max_u64: one maximum per warp. */
static inline void reduce_shfl_max_inputs(uint64_t *in, uint64_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 17);
  for (int i = 0; i < N; i++) {
    /* high and low words both matter: maxima that differ only in the low word */
    in[i] = (ref_rand64(&r) & 0xff000000ffffffffull) | ((uint64_t)(i % 3) << 40);
  }
  for (int w = 0; w < NW; w++) {
    uint64_t m = 0;
    for (int l = 0; l < 32; l++)
      if (w * 32 + l < N && in[w * 32 + l] > m)
        m = in[w * 32 + l];
    exp[w] = m;
  }
}

/* shfl_broadcast: lane 0's value plus the lane. */
static inline void shfl_broadcast_inputs(int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 18);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++)
    exp[g] = in[g & ~31] + (g & 31);
}

/* The shape of the CUDA samples' reduce7 (64 blocks of 256 over 65536 ints, then one block of
 * 32 over the 64 partial sums): the last step is shfl.sync.down under the ballot of the lanes
 * that hold a warp sum, and the lanes outside it must contribute 0, as on the GPU. */
#define TAIL_N 65536
#define TAIL_GRID 64

static inline void ballot_tail_expect(const int32_t *in, unsigned n, unsigned bs, unsigned grid,
                                      int32_t *exp)
{
  for (unsigned b = 0; b < grid; b++)
    exp[b] = 0;
  for (unsigned i = 0; i < n; i++) /* chunk i / (2 bs) belongs to block chunk % grid */
    exp[(i / (2 * bs)) % grid] = (int32_t)((uint32_t)exp[(i / (2 * bs)) % grid] + (uint32_t)in[i]);
}

/* reduce_ballot_tail_256 then _32: the partial sums and the total. */
static inline void ballot_tail_inputs(int32_t *in, int32_t *exp, int32_t *exp_total)
{
  ref_rng r;
  ref_rng_seed(&r, 19);
  for (int i = 0; i < TAIL_N; i++)
    in[i] = ref_rand_range(&r, 0, 255);
  ballot_tail_expect(in, TAIL_N, 256, TAIL_GRID, exp);
  ballot_tail_expect(exp, TAIL_GRID, 32, 1, exp_total);
}

/* shfl.sync.down by 16 in a CTA of t threads: lanes t..31 do not exist, and
 * reading them gives 0; a source past lane 31 is out of range and gives the
 * lane's own value. */
static inline void shfl_down_partial_inputs(unsigned t, int32_t *in, int32_t *exp)
{
  for (unsigned l = 0; l < t; l++)
    in[l] = (int32_t)(1000 + 7 * l);
  for (unsigned l = 0; l < t; l++)
    exp[l] = in[l] + (l + 16 < t ? in[l + 16] : l + 16 <= 31 ? 0 : in[l]);
}

#endif /* PTXSIM_TESTS_REF_REDUCE_SHFL_REF_H */
