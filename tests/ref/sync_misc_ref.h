/* sync_misc_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/sync_misc.cu, shared by tests/drivers/check_sync_misc.c
 * and tests/exec/sync_misc.cu: bar.red.{or,and,popc} per block, the named
 * barriers' exchange and the __syncwarp lane exchange.  Exact. */
#ifndef PTXSIM_TESTS_REF_SYNC_MISC_REF_H
#define PTXSIM_TESTS_REF_SYNC_MISC_REF_H

#include "ref_util.h"

#define N 450

/* sync_votes with blocks of bs threads: per block or (> 100), and (>= 0),
 * the count of odd values and 7. */
static inline void sync_votes_inputs(int bs, int32_t *in, int32_t *exp)
{
  int nb = (N + bs - 1) / bs;
  ref_rng r;
  ref_rng_seed(&r, 35);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, 0, 100);
  in[7] = 101;  /* block 0: or true */
  in[200] = -4; /* block 1: and false */
  for (int b = 0; b < nb; b++) {
    int any = 0, all = 1, odd = 0;
    for (int t = 0; t < bs; t++) {
      int g = b * bs + t, v = g < N ? in[g] : 0;
      any |= v > 100;
      all &= v >= 0;
      odd += v & 1;
    }
    exp[4 * b] = any;
    exp[4 * b + 1] = all;
    exp[4 * b + 2] = odd;
    exp[4 * b + 3] = 7;
  }
}

/* named_barriers (blocks of 128): the upper half adds the lower half's
 * doubled value plus one. */
static inline void named_barriers_inputs(int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 36);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000000, 1000000);
  for (int g = 0; g < N; g++) {
    int t = g % 128;
    exp[g] = t < 64 ? in[g] : 2 * in[g - 64] + 1 + in[g];
  }
}

/* warp_partial_sync: lane l reads lane l ^ 2 and adds l (0 past N); exp may
 * be NULL when only the inputs are wanted. */
static inline void warp_partial_inputs(int32_t *in, int32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 37);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000000, 1000000);
  for (int g = 0; exp != NULL && g < N; g++) {
    int lane = g & 31, p = (g & ~31) | (lane ^ 2);
    exp[g] = (p < N ? in[p] : 0) + lane;
  }
}

#endif /* PTXSIM_TESTS_REF_SYNC_MISC_REF_H */
