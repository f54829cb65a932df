/* atomics_scoped_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/atomics_scoped.cu, shared by
 * tests/drivers/check_atomics_scoped.c and tests/exec/atomics_scoped.cu:
 * every integer atomic on global memory (plain and _system), float/double
 * atomic adds, a float max by CAS loop, atomicExch old values, a CAS chain
 * whose success count depends on scheduling (checked as a range), shared
 * memory atomics per block, and cuda::atomic_ref with memory orders and
 * scopes.  Inputs are small integers (|x| <= 1000, 300 threads), so the
 * float and double sums are exact in any order and compared bit-exactly. */
#ifndef PTXSIM_TESTS_REF_ATOMICS_SCOPED_REF_H
#define PTXSIM_TESTS_REF_ATOMICS_SCOPED_REF_H

#include <limits.h>

#include "ref_util.h"

#define N 300
#define B 128
#define NB ((N + B - 1) / B)

static inline void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000, 1000);
  in[17] = 0;
}

static const int32_t A_INIT[13] = { 100, -1, 0, 0x12345678, INT_MIN + 5, INT_MAX - 3, 0, 10,
                                    1000000, 0 /* set below: bits of -1e9f */, 7, 0, 50 };

/* expected acc[0..10]; acc[9] only when with_fmax */
static inline void expect_acc(const int32_t *in, const int32_t *slots0, int32_t *e, int with_fmax)
{
  uint32_t sum = (uint32_t)A_INIT[0], andv = (uint32_t)A_INIT[1], orv = (uint32_t)A_INIT[2];
  uint32_t xorv = (uint32_t)A_INIT[3], umax = (uint32_t)A_INIT[6], olds = (uint32_t)A_INIT[10];
  int32_t mx = A_INIT[4], mn = A_INIT[5];
  float fm = -1e9f;
  for (int g = 0; g < N; g++) {
    int32_t x = in[g];
    sum += (uint32_t)x;
    andv &= (uint32_t)x;
    orv |= (uint32_t)x;
    xorv ^= (uint32_t)x;
    mx = x > mx ? x : mx;
    mn = x < mn ? x : mn;
    umax = (uint32_t)x > umax ? (uint32_t)x : umax;
    fm = (float)x > fm ? (float)x : fm;
    olds += (uint32_t)slots0[g];
  }
  e[0] = (int32_t)sum;
  e[1] = (int32_t)andv;
  e[2] = (int32_t)orv;
  e[3] = (int32_t)xorv;
  e[4] = mx;
  e[5] = mn;
  e[6] = (int32_t)umax;
  e[7] = A_INIT[7] + N;
  e[8] = A_INIT[8] - N;
  e[9] = with_fmax ? (int32_t)ref_f2u(fm) : 0;
  e[10] = (int32_t)olds;
}

/* The CAS chain: acc[12] advanced by 1..N, and acc[11] counted as many
 * successes. */
static inline void check_cas_chain(const ref_check *ck, const char *kernel, const int32_t *got)
{
  int32_t succ = got[11] - A_INIT[11], adv = got[12] - A_INIT[12];
  ref_expect(ck, adv >= 1 && adv <= N, "%s: acc[12] advanced by %d, expected 1..%d (CAS chain)",
             kernel, adv, N);
  ref_expect(ck, succ == adv, "%s: acc[11] counts %d CAS successes but acc[12] advanced by %d",
             kernel, succ, adv);
}

/* atomics_global: inputs, slots, the initial acc[13] and its expected
 * acc[0..10]; the 64-bit, float and double sums onto acc64, accf, accd. */
static inline void atomics_global_inputs(int32_t *in, int32_t *slots, int32_t *acc, int32_t *e,
                                         uint64_t acc64, float accf, double accd, uint64_t *e64,
                                         float *ef, double *ed)
{
  ref_rng r;
  make_input(in, 61);
  ref_rng_seed(&r, 62);
  for (int g = 0; g < N; g++)
    slots[g] = (int32_t)ref_rand32(&r);
  for (int k = 0; k < 13; k++)
    acc[k] = A_INIT[k];
  acc[9] = (int32_t)ref_f2u(-1e9f);
  expect_acc(in, slots, e, 1);
  *e64 = acc64;
  *ef = accf;
  *ed = accd;
  for (int g = 0; g < N; g++) {
    *e64 += (uint64_t)(uint32_t)in[g];
    *ef += (float)in[g]; /* exact: every partial sum is a small multiple of 0.5 */
    *ed += (double)in[g];
  }
}

/* atomics_system: as atomics_global without the float max. */
static inline void atomics_system_inputs(int32_t *in, int32_t *slots, int32_t *acc, int32_t *e)
{
  ref_rng r;
  make_input(in, 63);
  ref_rng_seed(&r, 64);
  for (int g = 0; g < N; g++)
    slots[g] = (int32_t)ref_rand32(&r);
  for (int k = 0; k < 13; k++)
    acc[k] = A_INIT[k];
  acc[9] = 0x0badf00d; /* not touched by atomics_system */
  expect_acc(in, slots, e, 0);
  e[9] = 0x0badf00d;
}

/* atomics_shared (input seed 65): per block the sum, or and max, a thread
 * index for the last exchange, and the double sum. */
static inline void atomics_shared_check(const ref_check *ck, const int32_t *in,
                                        const int32_t *got, const double *gd)
{
  double ed[NB];
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0, o = 0;
    int32_t m = INT_MIN;
    double sd = 0.0;
    int lo = b * B, hi = (b + 1) * B < N ? (b + 1) * B : N;
    for (int g = b * B; g < (b + 1) * B; g++) {
      int32_t x = g < N ? in[g] : 0;
      s += (uint32_t)x;
      o |= (uint32_t)x;
      m = x > m ? x : m;
      sd += (double)x;
    }
    int32_t e3[3] = { (int32_t)s, (int32_t)o, m };
    char what[48];
    snprintf(what, sizeof what, "block_out[4*%d + 0..2]", b);
    ref_expect_i32(ck, "atomics_shared", what, e3, got + 4 * b, 3);
    /* the last exchange wins: which thread is last is up to the schedule */
    ref_expect(ck, got[4 * b + 3] >= lo && got[4 * b + 3] < hi,
               "atomics_shared: block_out[4*%d + 3]: expected a thread index in [%d, %d), got %d",
               b, lo, hi, got[4 * b + 3]);
    ed[b] = sd;
  }
  ref_expect_f64(ck, "atomics_shared", "block_outd", ed, gd, NB, 0);
}

/* atomics_scoped: the initial acc[4] (acc64 starts as ATOMICS_SCOPED_ACC64_*)
 * and the expected acc, acc64, flags and out. */
#define ATOMICS_SCOPED_ACC64_0 1
#define ATOMICS_SCOPED_ACC64_1 2
static inline void atomics_scoped_inputs(int32_t *in, uint32_t *acc, uint32_t *e, uint64_t *e64,
                                         uint32_t *ef, uint32_t *eo)
{
  static const uint32_t acc0[4] = { 5, 1000, 0x80000000u, 0xffffffffu };
  make_input(in, 66);
  memcpy(acc, acc0, sizeof acc0);
  e[0] = acc[0] + N;
  e[1] = acc[1] + N;
  e[2] = acc[2];
  e[3] = acc[3];
  e64[0] = ATOMICS_SCOPED_ACC64_0;
  e64[1] = ATOMICS_SCOPED_ACC64_1 + N;
  for (int g = 0; g < N; g++) {
    e[2] |= 1u << (in[g] & 31);
    e[3] &= ~(1u << (in[g] & 31));
    e64[0] += (uint64_t)(uint32_t)in[g];
    eo[g] = 1u + (uint32_t)(in[g] & 1);
  }
  for (int b = 0; b < NB; b++)
    ef[b] = 1;
}

#endif /* PTXSIM_TESTS_REF_ATOMICS_SCOPED_REF_H */
