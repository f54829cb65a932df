/* memory_spaces_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/memory_spaces.cu, shared by
 * tests/drivers/check_memory_spaces.c and tests/exec/memory_spaces.cu:
 * generic pointers, volatile global accesses, __ldg and plain vector loads
 * and stores, narrow and vector shared arrays, local vector arrays.  Float
 * sums follow the PTX's order (only narrow_vector_params contracts,
 * f2.x * g + f2.y into fma.rn.f32); exact. */
#ifndef PTXSIM_TESTS_REF_MEMORY_SPACES_REF_H
#define PTXSIM_TESTS_REF_MEMORY_SPACES_REF_H

#include "ref_util.h"

#define N 300

/* generic_pointers (blocks of 128): reversed and neighbouring elements
 * of each block, through shared or global scratch. */
static inline void generic_pointers_inputs(int use_shared, int32_t *in, int32_t *exp, float *ef)
{
  enum { B = 128 };
  ref_rng r;
  ref_rng_seed(&r, 70 + (uint64_t)use_shared);
  for (int i = 0; i < N; i++)
    in[i] = (i % 8 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++) {
    int b = g / B, t = g % B, rr = B - 1 - t, r1 = (t + 1) % B;
    int32_t xr = b * B + rr < N ? in[b * B + rr] : 0, x1 = b * B + r1 < N ? in[b * B + r1] : 0;
    exp[g] = (int32_t)((uint32_t)xr + 3u * (uint32_t)xr + (uint32_t)x1);
    ef[g] = (float)xr * 0.5f + (float)((double)xr * 0.25);
  }
}

/* volatile_global: N + 8 flags, the kernel increments the first N. */
static inline void volatile_global_inputs(uint32_t *flags, uint32_t *ef, uint32_t *eo)
{
  ref_rng r;
  ref_rng_seed(&r, 72);
  for (int i = 0; i < N + 8; i++) {
    flags[i] = ref_rand32(&r);
    ef[i] = i < N ? flags[i] + 1u : flags[i];
    if (i < N)
      eo[i] = flags[i];
  }
  flags[3] = 0xffffffffu;
  ef[3] = 0;
  eo[3] = 0xffffffffu;
}

/* readonly_vectors: sums of scalar, 2- and 4-vector loads. */
static inline void readonly_vectors_inputs(float *f, double *d, uint32_t *u, float *f2,
                                           uint32_t *u2, float *f4, uint32_t *u4, float *ef,
                                           uint32_t *eu)
{
  ref_rng r;
  ref_rng_seed(&r, 73);
  for (int i = 0; i < N; i++) {
    f[i] = ref_interesting_f32(&r, -100.0f, 100.0f);
    d[i] = ref_randd(&r, -1e3, 1e3);
    u[i] = ref_rand32(&r);
    for (int k = 0; k < 2; k++) {
      f2[2 * i + k] = ref_randf(&r, -100.0f, 100.0f);
      u2[2 * i + k] = ref_rand32(&r);
    }
    for (int k = 0; k < 4; k++) {
      f4[4 * i + k] = ref_randf(&r, -100.0f, 100.0f);
      u4[4 * i + k] = ref_rand32(&r);
    }
  }
  for (int g = 0; g < N; g++) {
    float s = f[g] + (float)d[g];
    s = s + f2[2 * g];
    s = s + f2[2 * g + 1];
    s = s + ((f4[4 * g] + f4[4 * g + 1]) + (f4[4 * g + 2] + f4[4 * g + 3]));
    ef[g] = s;
    eu[g] = u[g] + u2[2 * g] * 3u + u2[2 * g + 1] +
            (u4[4 * g] ^ u4[4 * g + 1] ^ u4[4 * g + 2] ^ u4[4 * g + 3]);
  }
}

/* plain_vectors: vector loads and stores of 8- to 128-bit elements. */
static inline void plain_vectors_inputs(float *f2, double *d2, uint32_t *u2, uint32_t *u4,
                                        uint64_t *l2, uint8_t *c4, int8_t *sc, int32_t *si,
                                        float *ef2, double *ed2, uint32_t *eu2, uint32_t *eu4,
                                        uint64_t *el2, uint8_t *ec4, uint8_t *ec2, uint8_t *ec1,
                                        int64_t *ell)
{
  ref_rng r;
  ref_rng_seed(&r, 74);
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 2; k++) {
      f2[2 * i + k] = ref_interesting_f32(&r, -10.0f, 10.0f);
      d2[2 * i + k] = ref_interesting_f64(&r, -10.0, 10.0);
      u2[2 * i + k] = ref_rand32(&r);
      l2[2 * i + k] = ref_rand64(&r);
    }
    for (int k = 0; k < 4; k++) {
      u4[4 * i + k] = ref_rand32(&r);
      c4[4 * i + k] = (uint8_t)ref_rand32(&r);
    }
    sc[i] = (int8_t)ref_rand32(&r);
    si[i] = (int32_t)ref_rand32(&r);
  }
  for (int g = 0; g < N; g++) {
    ef2[2 * g] = f2[2 * g + 1];
    ef2[2 * g + 1] = f2[2 * g];
    ed2[2 * g] = d2[2 * g] + d2[2 * g + 1];
    ed2[2 * g + 1] = d2[2 * g] - d2[2 * g + 1];
    eu2[2 * g] = u2[2 * g + 1];
    eu2[2 * g + 1] = u2[2 * g];
    for (int k = 0; k < 4; k++) {
      eu4[4 * g + k] = u4[4 * g + 3 - k];
      ec4[4 * g + k] = c4[4 * g + 3 - k];
    }
    el2[2 * g] = l2[2 * g] + l2[2 * g + 1];
    el2[2 * g + 1] = l2[2 * g] ^ l2[2 * g + 1];
    ec2[2 * g] = (uint8_t)(c4[4 * g] + c4[4 * g + 1]);
    ec2[2 * g + 1] = (uint8_t)(c4[4 * g + 2] + c4[4 * g + 3]);
    ec1[g] = (uint8_t)(sc[g] * 3);
    ell[g] = (int64_t)si[g] * 5 + sc[g];
  }
}

/* shared_narrow with blocks of B: narrow and vector shared arrays,
 * reversed per block. */
static inline void shared_narrow_inputs(int B, uint8_t *cc, int16_t *s, uint32_t *u4, double *d2,
                                        uint32_t *eo, double *ed)
{
  ref_rng r;
  ref_rng_seed(&r, 75);
  for (int i = 0; i < N; i++) {
    cc[i] = (uint8_t)ref_rand32(&r);
    s[i] = (int16_t)ref_rand32(&r);
    for (int k = 0; k < 4; k++)
      u4[4 * i + k] = ref_rand32(&r);
    d2[2 * i] = ref_interesting_f64(&r, -1e6, 1e6);
    d2[2 * i + 1] = ref_randd(&r, -1e20, 1e20);
  }
  for (int g = 0; g < N; g++) {
    int b = g / B, t = g % B, rr = b * B + B - 1 - t;
    int ok = rr < N;
    uint8_t C = ok ? cc[rr] : 0;
    int16_t S = ok ? s[rr] : 0;
    uint32_t U[4] = { 0, 0, 0, 0 };
    double D[2] = { 0.0, 0.0 };
    if (ok) {
      memcpy(U, u4 + 4 * rr, sizeof U);
      memcpy(D, d2 + 2 * rr, sizeof D);
    }
    uint16_t hs = (uint16_t)S;
    eo[4 * g + 0] = (uint32_t)C + (uint32_t)(int32_t)(int8_t)C;
    eo[4 * g + 1] = (uint32_t)(int32_t)S * 3u;
    eo[4 * g + 2] = U[0] + U[1] + U[2] + U[3] + (uint32_t)C * (uint32_t)C + (uint32_t)C +
                    (uint32_t)hs + ((uint32_t)hs << 16);
    eo[4 * g + 3] = (U[0] ^ U[3]) + (U[1] << 1) + U[0] * 5u;
    ed[2 * g] = D[0] + (double)((float)S * 0.5f);
    ed[2 * g + 1] = D[1] + (double)(((uint64_t)U[2] << 32) | U[1]);
  }
}

/* local_vectors: local vector arrays indexed by data. */
static inline void local_vectors_inputs(int32_t *idx, float *ef, uint32_t *eu)
{
  ref_rng r;
  ref_rng_seed(&r, 76);
  for (int i = 0; i < N; i++)
    idx[i] = (int32_t)ref_rand32(&r);
  for (int g = 0; g < N; g++) {
    float a[8][4], p[8][2];
    uint32_t q[8][2];
    uint8_t cv[8][4];
    int x = idx[g], j = x & 7;
    for (int k = 0; k < 8; k++) {
      a[k][0] = (float)k;
      a[k][1] = (float)k + 0.5f;
      a[k][2] = (float)-k;
      a[k][3] = 2.0f * (float)k;
      p[k][0] = (float)k;
      p[k][1] = (float)-k;
      q[k][0] = (uint32_t)k;
      q[k][1] = (uint32_t)(k * k);
      for (int e = 0; e < 4; e++)
        cv[k][e] = (uint8_t)((e + 1) * k);
    }
    a[j][0] += 1.0f;
    p[(j + 1) & 7][0] = 1.5f;
    p[(j + 1) & 7][1] = 2.5f;
    q[(j + 2) & 7][0] = (uint32_t)x ^ 1u;
    q[(j + 2) & 7][1] = (uint32_t)x + 7u;
    cv[(j + 3) & 7][0] = (uint8_t)x;
    cv[(j + 3) & 7][1] = (uint8_t)(x + 1);
    cv[(j + 3) & 7][2] = (uint8_t)(x + 2);
    cv[(j + 3) & 7][3] = 200;
    ef[g] = ((((a[j][0] + a[j][1]) + a[j][2]) + a[j][3]) + p[j][0]) + p[j][1];
    eu[g] = q[j][0] + q[j][1] + cv[j][0] + cv[j][1] + cv[j][2] + cv[j][3];
  }
}

#endif /* PTXSIM_TESTS_REF_MEMORY_SPACES_REF_H */
