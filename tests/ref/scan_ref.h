/* scan_ref.h -- inputs and CPU reference of benchmarks/cuda/scan.cu, shared
 * by tests/drivers/check_scan.c and tests/exec/scan.cu: segmented inclusive
 * and exclusive scans, block sums and the offsets that chain the blocks.
 * Integer sums wrap around; exact. */
#ifndef PTXSIM_TESTS_REF_SCAN_REF_H
#define PTXSIM_TESTS_REF_SCAN_REF_H

#include "ref_util.h"

#define N 1300
#define NB ((N + 511) / 512) /* scan_blelloch's blocks of 512 */

static inline void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = (i % 10 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -1000, 1000);
}

/* inclusive (incl = 1) or exclusive scan restarting every seg elements */
static inline void seg_scan(const int32_t *in, int32_t *out, int seg, int incl)
{
  uint32_t s = 0;
  for (int i = 0; i < N; i++) {
    if (i % seg == 0)
      s = 0;
    if (incl)
      s += (uint32_t)in[i];
    out[i] = (int32_t)s;
    if (!incl)
      s += (uint32_t)in[i];
  }
}

/* scan_blelloch: the exclusive scan of each 512-element block and the
 * block sums. */
static inline void scan_blelloch_inputs(int32_t *in, int32_t *exp, int32_t *exp_sums)
{
  make_input(in, 19);
  seg_scan(in, exp, 512, 0);
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 512; i < (b + 1) * 512 && i < N; i++)
      s += (uint32_t)in[i];
    exp_sums[b] = (int32_t)s;
  }
}

/* The exclusive scan of the block sums: what scan_add_offsets adds. */
static inline void scan_offsets(const int32_t *exp_sums, int32_t *offs)
{
  uint32_t s = 0;
  for (int b = 0; b < NB; b++) {
    offs[b] = (int32_t)s;
    s += (uint32_t)exp_sums[b];
  }
}

#endif /* PTXSIM_TESTS_REF_SCAN_REF_H */
