/* narrow_int_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/narrow_int.cu, shared by tests/drivers/check_narrow_int.c
 * and tests/exec/narrow_int.cu: 8/16-bit integer arithmetic in 16-bit
 * registers, narrow loads/stores in global and shared memory,
 * sign-extending .param reads in callees.  The reference is C on uint16_t /
 * int16_t / int8_t with the kernel's truncations; exact. */
#ifndef PTXSIM_TESTS_REF_NARROW_INT_REF_H
#define PTXSIM_TESTS_REF_NARROW_INT_REF_H

#include "ref_util.h"

#define N 300

static inline void fill16(ref_rng *r, uint16_t *a, int n)
{
  static const uint16_t special[] = { 0, 1, 0x7fff, 0x8000, 0xffff, 7 };
  for (int i = 0; i < n; i++) {
    uint32_t k = ref_rand32(r);
    a[i] = (k & 7) == 0 ? special[(k >> 8) % 6] : (uint16_t)(k >> 16);
  }
}

#define NB ((N + 127) / 128) /* narrow_shared_hist's blocks of 128 */

/* narrow16: out16, outs16 (4 per element), out64 (3) and out32. */
static inline void narrow16_inputs(uint16_t *a, int16_t *b, int8_t *cc, int32_t *w,
                                   uint16_t *eo16, int16_t *eos, int64_t *eo64, int32_t *eo32)
{
  ref_rng r;
  ref_rng_seed(&r, 38);
  fill16(&r, a, N);
  fill16(&r, (uint16_t *)b, N);
  for (int i = 0; i < N; i++) {
    cc[i] = (int8_t)ref_rand32(&r);
    w[i] = (int32_t)ref_rand32(&r);
  }
  cc[3] = -128;
  b[4] = (int16_t)a[4]; /* B == (short)A */
  for (int i = 0; i < N; i++) {
    uint16_t A = a[i], A1 = a[(i + 1) % N];
    int16_t B = b[i];
    int8_t C = cc[i];
    int32_t W = w[i];
    eo16[4 * i + 0] = A < A1 ? A : A1;
    eo16[4 * i + 1] = A > A1 ? A : A1;
    eo16[4 * i + 2] = A1 ? (uint16_t)(A / A1) : 0xffff;
    eo16[4 * i + 3] = (uint16_t)((uint16_t)(A << (A1 & 7)) | (uint16_t)~A);
    eos[4 * i + 0] = B < C ? (int16_t)(B - C) : (int16_t)(B >> 2);
    eos[4 * i + 1] = (int16_t)(B * C);
    eos[4 * i + 2] = (B == (int16_t)A) ? 1 : (B <= (int16_t)A1 ? 2 : 3);
    eos[4 * i + 3] = (int16_t)(A % 7 + (A & 0x0f0f));
    eo64[3 * i + 0] = (int64_t)B * C + (int64_t)W;
    eo64[3 * i + 1] =
      (int64_t)((uint64_t)(uint16_t)((uint32_t)W * 3u) ^ ((uint64_t)(int64_t)C << 40));
    eo64[3 * i + 2] = (int64_t)B * C + ((int64_t)W + (int64_t)W);
    eo32[i] = C * 3;
  }
}

/* narrow_shared_hist: per block the minimum and two counts. */
static inline void narrow_shared_hist_inputs(uint8_t *bytes, int16_t *vals, int16_t *emin,
                                             uint16_t *ecnt)
{
  ref_rng r;
  ref_rng_seed(&r, 39);
  for (int i = 0; i < N; i++) {
    bytes[i] = (uint8_t)((ref_rand32(&r) & 1) ? 200 : ref_rand32(&r));
    vals[i] = (int16_t)ref_rand32(&r);
  }
  for (int b = 0; b < NB; b++) {
    int16_t m = 32767;
    uint16_t hi = 0, eq = 0;
    for (int i = b * 128; i < (b + 1) * 128 && i < N; i++) {
      m = vals[i] < m ? vals[i] : m;
      hi += bytes[i] >= 128;
      eq += bytes[i] == bytes[b * 128];
    }
    emin[b] = m;
    ecnt[2 * b] = hi;
    ecnt[2 * b + 1] = eq;
  }
}

/* narrow_misc with blocks of B: out (4 per element) and o16 (2). */
static inline void narrow_misc_inputs(int B, int16_t *s, int32_t *w, uint64_t *q, uint16_t *u,
                                      int64_t *eo, uint16_t *e16)
{
  ref_rng r;
  ref_rng_seed(&r, 40);
  for (int i = 0; i < N; i++) {
    s[i] = (int16_t)ref_rand32(&r);
    w[i] = (int32_t)ref_rand32(&r);
    q[i] = ref_rand64(&r) >> (i & 63);
  }
  fill16(&r, u, N);
  for (int i = 0; i < N; i++) {
    int i1 = (i + 1) % N, base = i / B * B, t = i % B, rr = base + B - 1 - t;
    eo[4 * i + 0] = rr < N ? s[rr] : 0;
    eo[4 * i + 1] = w[i];
    eo[4 * i + 2] = (int64_t)(q[i] < q[i1] ? q[i] : q[i1]);
    eo[4 * i + 3] = (int64_t)(uint16_t)(q[i] >> 5);
    uint16_t a = u[i], b = u[i1];
    e16[2 * i] = a < b ? a : b;
    e16[2 * i + 1] = a <= b ? (uint16_t)(a + b) : (uint16_t)(a - b);
  }
}

/* narrow_misc2: o16 (3 per element) and o. */
static inline void narrow_misc2_inputs(uint64_t *q, uint16_t *u, uint16_t *e16, int32_t *eo)
{
  ref_rng r;
  ref_rng_seed(&r, 41);
  for (int i = 0; i < N; i++)
    q[i] = ref_rand64(&r);
  fill16(&r, u, N);
  for (int i = 0; i < N; i++) {
    uint16_t a = u[i], b = u[(i + 1) % N];
    e16[3 * i] = a > b ? a : b;
    e16[3 * i + 1] = (uint16_t)(q[i] * 3);
    e16[3 * i + 2] = (uint16_t)((uint16_t)(q[i] >> 7) + a);
    eo[i] = ((a & 1) == (b & 1)) ? 5 : 9;
  }
}

#endif /* PTXSIM_TESTS_REF_NARROW_INT_REF_H */
