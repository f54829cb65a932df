/* coop_groups_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/coop_groups.cu, shared by tests/drivers/check_coop_groups.c
 * and tests/exec/coop_groups.cu: cooperative-groups tiles of 16, 8 and 64
 * threads (reduce, xor butterflies, shuffles, ballot, any/all,
 * inclusive_scan).  Threads past N contribute 0 and write nothing; tile
 * results of tiles wholly past N stay as the 0x11 fill.  Exact. */
#ifndef PTXSIM_TESTS_REF_COOP_GROUPS_REF_H
#define PTXSIM_TESTS_REF_COOP_GROUPS_REF_H

#include "ref_util.h"

#define N 500

static inline void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    uint32_t k = ref_rand32(&r);
    in[i] = (k & 7) == 0 ? 7 : (k & 7) == 1 ? 3 : ref_rand_range(&r, -100000, 100000);
  }
  for (int i = 64; i < 72; i++) /* one 8-tile all non-negative */
    in[i] = i - 60;
}

static inline int32_t val(const int32_t *in, int g) { return g < N ? in[g] : 0; }

/* cg_tile_reduce over nt launched threads: the sum of each 16-tile, the max
 * of each 8-tile and each 8-tile's xor for each of its threads. */
static inline void cg_tile_reduce_inputs(int nt, int32_t *in, int32_t *esum, int32_t *emax,
                                         int32_t *exor)
{
  make_input(in, 51);
  for (int t = 0; t < nt / 16; t++) {
    uint32_t s = 0;
    for (int k = 0; k < 16; k++)
      s += (uint32_t)val(in, t * 16 + k);
    esum[t] = t * 16 < N ? (int32_t)s : 0x11111111;
  }
  for (int t = 0; t < nt / 8; t++) {
    int32_t m = val(in, t * 8), x = 0;
    for (int k = 0; k < 8; k++) {
      m = val(in, t * 8 + k) > m ? val(in, t * 8 + k) : m;
      x ^= val(in, t * 8 + k);
    }
    emax[t] = t * 8 < N ? m : 0x11111111;
    for (int k = 0; k < 8; k++)
      if (t * 8 + k < N)
        exor[t * 8 + k] = x;
  }
}

/* cg_tile_shuffle: exp[6 * g + k], output k of thread g (8-tiles). */
static inline void cg_tile_shuffle_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 52);
  for (int g = 0; g < N; g++) {
    int base = g & ~7, rr = g & 7;
    int32_t w[8], v = val(in, g);
    uint32_t bal = 0, scan = 0;
    int any7 = 0, allnn = 1;
    for (int q = 0; q < 8; q++) {
      w[q] = val(in, base + q);
      bal |= (uint32_t)(w[q] < 0) << q;
      any7 |= w[q] == 7;
      allnn &= w[q] >= 0;
      if (q <= rr)
        scan += (uint32_t)w[q];
    }
    exp[6 * g + 0] = w[(rr + 3) % 8];
    exp[6 * g + 1] = rr + 2 < 8 ? w[rr + 2] : v;
    exp[6 * g + 2] = w[rr ^ 5];
    exp[6 * g + 3] = (int32_t)bal;
    exp[6 * g + 4] = any7 + 2 * allnn;
    exp[6 * g + 5] = (int32_t)scan;
  }
}

/* cg_tile64: exp[3 * g + k], output k of thread g (64-tiles). */
static inline void cg_tile64_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 53);
  for (int g = 0; g < N; g++) {
    int base = g & ~63, any3 = 0;
    uint32_t s = 0;
    for (int q = 0; q < 64; q++) {
      any3 |= val(in, base + q) == 3;
      s += (uint32_t)val(in, base + q);
    }
    exp[3 * g + 0] = val(in, base + 5);
    exp[3 * g + 1] = any3;
    exp[3 * g + 2] = (int32_t)s;
  }
}

#endif /* PTXSIM_TESTS_REF_COOP_GROUPS_REF_H */
