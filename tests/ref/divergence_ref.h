/* divergence_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/divergence.cu, shared by tests/drivers/check_divergence.c
 * and tests/exec/divergence.cu: divergent_walk (early returns, loops with
 * break/continue, elements with in[i] == 0 left as the 0x77 fill) and
 * divergent_block_sum (switch, nested ifs).  ref_walk() and ref_classify()
 * are copies of the .cu's walk() and classify() (plain C there; the CUDA
 * program has those in its translation unit too, hence the names); exact. */
#ifndef PTXSIM_TESTS_REF_DIVERGENCE_REF_H
#define PTXSIM_TESTS_REF_DIVERGENCE_REF_H

#include "ref_util.h"

#define N 700
#define NB ((N + 127) / 128) /* divergent_block_sum's blocks of 128 */

static inline int ref_walk(int x)
{
  unsigned v = (unsigned)x;
  int steps = 0, acc = 0;
  for (int it = 0; it < 200; ++it) {
    if (v == 1u)
      break;
    if ((v & 1u) == 0u) {
      v >>= 1;
      ++steps;
      if ((v & 7u) == 3u)
        continue;
      acc += (int)(v & 0xffu);
      continue;
    }
    if (v > 100000u) {
      acc ^= (int)v;
      break;
    }
    v = 3u * v + 1u;
    ++steps;
    if (steps % 7 == 0) {
      if (acc & 1)
        acc += 11;
      else
        acc -= 5;
    }
  }
  return steps * 1000 + (acc & 0x3ff);
}

static inline int ref_classify(int x)
{
  int r;
  switch (x & 7) {
  case 0: r = x / 3; break;
  case 1: r = -x; break;
  case 2:
  case 3: r = x * 5 + 1; break;
  case 5: r = x ^ 0x55; break;
  default: r = 7; break;
  }
  if (x > 1000) {
    if (x % 3 == 0)
      r += 2;
    else if (x % 3 == 1) {
      for (int k = 0; k < (x & 15); ++k) {
        if (k == 9)
          break;
        r += k;
      }
    } else
      r -= 1;
  }
  return r;
}

static inline void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    uint32_t k = ref_rand32(&r) & 7;
    in[i] = k == 0 ? 0 : k == 1 ? ref_rand_range(&r, -(1 << 26), -1)
          : k == 2 ? ref_rand_range(&r, 100001, 1 << 26) /* leave early */
          : k == 3 ? 1 : ref_rand_range(&r, 2, 5000);
  }
}

static inline void divergent_walk_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 27);
  for (int i = 0; i < N; i++)
    exp[i] = in[i] < 0 ? -1 : in[i] == 0 ? 0x77777777 : ref_walk(in[i]);
}

/* One sum per block of 128. */
static inline void divergent_block_sum_inputs(int32_t *in, int32_t *exp)
{
  make_input(in, 28);
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 128; i < (b + 1) * 128 && i < N; i++)
      s += (uint32_t)(in[i] != 0 ? ref_classify(in[i]) : 0);
    exp[b] = (int32_t)s;
  }
}

#endif /* PTXSIM_TESTS_REF_DIVERGENCE_REF_H */
