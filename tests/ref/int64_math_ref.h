/* int64_math_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/int64_math.cu, shared by tests/drivers/check_int64_math.c
 * and tests/exec/int64_math.cu: 16 64-bit integer results per element
 * (mul.lo/hi, div/rem signed and unsigned incl. the INT64_MIN / -1 guard,
 * shifts, clz, popc, ffs, brev, min/max, neg/xor/cvt), checked bit-exactly
 * against C with __int128. */
#ifndef PTXSIM_TESTS_REF_INT64_MATH_REF_H
#define PTXSIM_TESTS_REF_INT64_MATH_REF_H

#include "ref_util.h"

#define N 300 /* 3 CTAs of 128, the last partial */

static inline uint64_t brev64(uint64_t x)
{
  uint64_t y = 0;
  for (int k = 0; k < 64; k++)
    y |= ((x >> k) & 1) << (63 - k);
  return y;
}

static inline uint64_t clz64(uint64_t x) { return x ? (uint64_t)__builtin_clzll(x) : 64; }
static inline uint64_t ffs64(uint64_t x) { return x ? (uint64_t)__builtin_ctzll(x) + 1 : 0; }

static inline uint64_t pick(ref_rng *r, int i)
{
  static const uint64_t special[] = {
    0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0xffffffff, 0x100000000ull, 3, 63,
  };
  uint32_t k = ref_rand32(r);
  switch (k & 7) {
  case 0: return special[(k >> 8) % 9];
  case 1: return ref_rand32(r); /* fits 32 bits: the fast division path */
  case 2: return (uint64_t)(int64_t)(int32_t)ref_rand32(r);
  default: return ref_rand64(r) >> (i & 31);
  }
}

/* exp[k * N + i]: result k of element i. */
static inline void int64_math_inputs(uint64_t *a, uint64_t *b, uint64_t *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 11);
  for (int i = 0; i < N; i++) {
    a[i] = pick(&r, i);
    b[i] = pick(&r, i + 7);
  }
  a[5] = 0x8000000000000000ull;
  b[5] = ~0ull; /* INT64_MIN / -1: the guarded case */
  for (int i = 0; i < N; i++) {
    uint64_t A = a[i], B = b[i];
    int64_t SA = (int64_t)A, SB = (int64_t)B;
    unsigned sh = (unsigned)(B & 63);
    int sok = SB != 0 && !(SA == INT64_MIN && SB == -1);
    exp[0 * N + i] = A * B;
    exp[1 * N + i] = (uint64_t)(((unsigned __int128)A * B) >> 64);
    exp[2 * N + i] = (uint64_t)(((__int128)SA * SB) >> 64);
    exp[3 * N + i] = B ? A / B : ~0ull;
    exp[4 * N + i] = B ? A % B : 0;
    exp[5 * N + i] = sok ? (uint64_t)(SA / SB) : 0;
    exp[6 * N + i] = sok ? (uint64_t)(SA % SB) : 0;
    exp[7 * N + i] = A << sh;
    exp[8 * N + i] = A >> sh;
    exp[9 * N + i] = (uint64_t)(SA >> sh);
    exp[10 * N + i] = clz64(A);
    exp[11 * N + i] = (uint64_t)__builtin_popcountll(A) | (ffs64(B) << 8);
    exp[12 * N + i] = brev64(A);
    exp[13 * N + i] = (uint64_t)(SA < SB ? SA : SB);
    exp[14 * N + i] = A > B ? A : B;
    exp[15 * N + i] = (0 - A) ^ ~B ^ (uint64_t)(int64_t)(int32_t)(uint32_t)A;
  }
}

static inline void int64_math_check(const ref_check *ck, const uint64_t *exp, const uint64_t *got)
{
  for (int k = 0; k < 16; k++) {
    char what[32];
    snprintf(what, sizeof what, "out[k=%d]", k);
    ref_expect_u64(ck, "int64_math", what, exp + k * N, got + k * N, N);
  }
}

#endif /* PTXSIM_TESTS_REF_INT64_MATH_REF_H */
