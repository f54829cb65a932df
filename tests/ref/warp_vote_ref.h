/* warp_vote_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/warp_vote.cu, shared by tests/drivers/check_warp_vote.c
 * and tests/exec/warp_vote.cu: vote all/any/ballot, match.any (b32, b64),
 * match.all with its predicate, redux.sync add/min/or, activemask (full and
 * inside a divergent branch) and a ballot over the even lanes only.  The
 * last warp is partly past n (those lanes vote with 0 and write nothing);
 * one warp has equal high halves so match.all succeeds there.  Exact. */
#ifndef PTXSIM_TESTS_REF_WARP_VOTE_REF_H
#define PTXSIM_TESTS_REF_WARP_VOTE_REF_H

#include "ref_util.h"

#define N 300 /* 10 warps launched (3 blocks of 128, one idle warp + a partial one) */
#define NT 384

/* exp[12 * g + k]: output k of thread g. */
static inline void warp_vote_inputs(int32_t *in, uint32_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 34);
  for (int i = 0; i < N; i++) {
    int w = i / 32;
    if (w == 1)
      in[i] = 0x30000 | (int32_t)(ref_rand32(&r) & 0xffff); /* match.all holds */
    else if (w == 2)
      in[i] = ref_rand_range(&r, 1, 50); /* all != 0, none > 100 */
    else if (w == 3)
      in[i] = 0x7fffffff - (i & 3); /* wrap-around redux.add */
    else
      in[i] = (ref_rand32(&r) & 3) == 0 ? 0 : ref_rand_range(&r, -300000, 300000);
  }
  for (int w = 0; w < NT / 32; w++) {
    int32_t v[32];
    for (int l = 0; l < 32; l++)
      v[l] = w * 32 + l < N ? in[w * 32 + l] : 0;
    uint32_t all = 1, any = 0, ballot = 0, sum = 0, mn = 0xffffffffu, orr = 0, even = 0;
    int agree = 1;
    for (int l = 0; l < 32; l++) {
      all &= v[l] != 0;
      any |= v[l] > 100;
      ballot |= (uint32_t)(v[l] & 1) << l;
      sum += (uint32_t)v[l];
      mn = (uint32_t)v[l] < mn ? (uint32_t)v[l] : mn;
      orr |= (uint32_t)v[l];
      agree &= (v[l] >> 16) == (v[0] >> 16);
      if (!(l & 1) && v[l] > 0)
        even |= 1u << l;
    }
    for (int l = 0; l < 32; l++) {
      int g = w * 32 + l;
      if (g >= N)
        continue;
      uint32_t m3 = 0, m4 = 0;
      for (int q = 0; q < 32; q++) {
        m3 |= (uint32_t)((v[q] & 7) == (v[l] & 7)) << q;
        m4 |= (uint32_t)((v[q] & 3) == (v[l] & 3)) << q;
      }
      uint32_t *o = exp + 12 * g;
      o[0] = all;
      o[1] = any;
      o[2] = ballot;
      o[3] = m3;
      o[4] = m4;
      o[5] = agree ? 0xffffffffu : 0;
      o[6] = (uint32_t)agree;
      o[7] = sum;
      o[8] = mn;
      o[9] = orr;
      o[10] = 0xffffffffu;
      o[11] = (l & 1) ? 0xaaaaaaaau : even;
    }
  }
}

static inline void warp_vote_check(const ref_check *ck, const uint32_t *exp, const uint32_t *got)
{
  for (int k = 0; k < 12; k++) {
    uint32_t e[N], g[N];
    char what[32];
    for (int i = 0; i < N; i++) {
      e[i] = exp[12 * i + k];
      g[i] = got[12 * i + k];
    }
    snprintf(what, sizeof what, "out[12*g+%d]", k);
    ref_expect_u32(ck, "warp_vote", what, e, g, N);
  }
}

#endif /* PTXSIM_TESTS_REF_WARP_VOTE_REF_H */
