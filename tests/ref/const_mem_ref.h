/* const_mem_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/const_mem.cu, shared by tests/drivers/check_const_mem.c
 * and tests/exec/const_mem.cu: the __constant__ tables as the .cu's
 * initialisers define them, and the lookups into them.  The PTX computes
 * const_lookup with fma.rn.f32 + add.f32 and const_wide's c_dcoef[j&3] * j
 * + c_dcoef[0] as fma.rn.f64 (contracted), so the reference uses fmaf /
 * fma; exact. */
#ifndef PTXSIM_TESTS_REF_CONST_MEM_REF_H
#define PTXSIM_TESTS_REF_CONST_MEM_REF_H

#include "ref_util.h"

#define N 300

typedef struct tables {
  float coef[16];
  int32_t lut[256];
  double dcoef[4];
  uint64_t mask[4];
  uint16_t small[8];
  float vec4[4][4];
  uint32_t pair[4][2];
  float uniform;
} tables;

static inline void init_tables(tables *t)
{
  static const double dc[4] = { 1.0, -0.5, 0.25, 2.0 };
  static const uint64_t mk[4] = { 0xffull, 0xff00ff00ff00ff00ull, 0x0123456789abcdefull,
                                  0xffffffff00000000ull };
  for (int k = 0; k < 16; k++)
    t->coef[k] = 0.5f * (float)(k + 1);
  for (int k = 0; k < 256; k++)
    t->lut[k] = (k * 37) ^ 0x5a;
  for (int k = 0; k < 4; k++) {
    t->dcoef[k] = dc[k];
    t->mask[k] = mk[k];
    for (int e = 0; e < 4; e++)
      t->vec4[k][e] = (float)k + 0.25f * (float)e;
    t->pair[k][0] = (uint32_t)k;
    t->pair[k][1] = 100u + (uint32_t)k;
  }
  for (int k = 0; k < 8; k++)
    t->small[k] = (uint16_t)(1000 + 111 * k);
  t->uniform = 3.0f;
}

/* The tables g read back from the device against t. */
static inline void const_mem_symbols_check(const ref_check *ck, const tables *t, const tables *g)
{
  ref_expect_f32(ck, "const_mem (initialisers)", "c_coef", t->coef, g->coef, 16, 0);
  ref_expect_i32(ck, "const_mem (initialisers)", "c_lut", t->lut, g->lut, 256);
  ref_expect_f64(ck, "const_mem (initialisers)", "c_dcoef", t->dcoef, g->dcoef, 4, 0);
  ref_expect_u64(ck, "const_mem (initialisers)", "c_mask", t->mask, g->mask, 4);
  ref_expect_u16(ck, "const_mem (initialisers)", "c_small", t->small, g->small, 8);
  ref_expect_f32(ck, "const_mem (initialisers)", "c_vec4", &t->vec4[0][0], &g->vec4[0][0], 16, 0);
  ref_expect_u32(ck, "const_mem (initialisers)", "c_pair", &t->pair[0][0], &g->pair[0][0], 8);
  ref_expect_f32(ck, "const_mem (initialisers)", "c_uniform", &t->uniform, &g->uniform, 1, 0);
}

/* const_lookup with blocks of bs threads. */
static inline void const_lookup_inputs(const tables *t, int bs, uint64_t seed, float *in,
                                       int32_t *idx, float *exp, int32_t *expi)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    in[i] = ref_interesting_f32(&r, -20.0f, 20.0f);
    idx[i] = (int32_t)ref_rand32(&r);
  }
  for (int i = 0; i < N; i++) {
    int tt = i % bs;
    exp[i] = fmaf(in[i], t->coef[tt & 15], t->uniform) + t->coef[0];
    expi[i] = t->lut[idx[i] & 255] + t->lut[tt & 255];
  }
}

/* const_wide with blocks of bs threads. */
static inline void const_wide_inputs(const tables *t, int bs, int32_t *idx, double *ed,
                                     uint64_t *el, float *ef, uint32_t *eu)
{
  ref_rng r;
  ref_rng_seed(&r, 44);
  for (int i = 0; i < N; i++)
    idx[i] = (i % 7 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -5000, 5000);
  for (int i = 0; i < N; i++) {
    int j = idx[i], tt = i % bs;
    const float *v = t->vec4[j & 3];
    ed[i] = fma(t->dcoef[j & 3], (double)j, t->dcoef[0]);
    el[i] = t->mask[(j >> 2) & 3] ^ (uint64_t)t->small[j & 7];
    ef[i] = ((v[0] + v[1]) + v[2]) + v[3];
    eu[i] = t->pair[tt & 3][0] * 7u + t->pair[tt & 3][1];
  }
}

#endif /* PTXSIM_TESTS_REF_CONST_MEM_REF_H */
