/* const_mem.cu -- CUDA host program for benchmarks/cuda/const_mem.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_const_mem.c:
 * __constant__ tables initialised in the PTX (read back with
 * cudaMemcpyFromSymbol and compared with the .cu's formulas), lookups with
 * divergent, uniform and data-dependent indices, then again after the host
 * rewrote c_coef and c_uniform with cudaMemcpyToSymbol.  As in the driver, the
 * reference uses fmaf / fma where the PTX has fma.rn (contracted); exact. */
#include "../../benchmarks/cuda/const_mem.cu"
#include "exec_util.h"

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

static void init_tables(tables *t)
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

static void check_symbols(const tables *t)
{
  tables g;
  EX_SYMBOL_READ(g.coef, c_coef, sizeof g.coef);
  EX_SYMBOL_READ(g.lut, c_lut, sizeof g.lut);
  EX_SYMBOL_READ(g.dcoef, c_dcoef, sizeof g.dcoef);
  EX_SYMBOL_READ(g.mask, c_mask, sizeof g.mask);
  EX_SYMBOL_READ(g.small, c_small, sizeof g.small);
  EX_SYMBOL_READ(g.vec4, c_vec4, sizeof g.vec4);
  EX_SYMBOL_READ(g.pair, c_pair, sizeof g.pair);
  EX_SYMBOL_READ(&g.uniform, c_uniform, sizeof g.uniform);
  ex_expect_f32("const_mem (initialisers)", "c_coef", t->coef, g.coef, 16, 0);
  ex_expect_i32("const_mem (initialisers)", "c_lut", t->lut, g.lut, 256);
  ex_expect_f64("const_mem (initialisers)", "c_dcoef", t->dcoef, g.dcoef, 4, 0);
  ex_expect_u64("const_mem (initialisers)", "c_mask", t->mask, g.mask, 4);
  ex_expect_u16("const_mem (initialisers)", "c_small", t->small, g.small, 8);
  ex_expect_f32("const_mem (initialisers)", "c_vec4", &t->vec4[0][0], &g.vec4[0][0], 16, 0);
  ex_expect_u32("const_mem (initialisers)", "c_pair", &t->pair[0][0], &g.pair[0][0], 8);
  ex_expect_f32("const_mem (initialisers)", "c_uniform", &t->uniform, &g.uniform, 1, 0);
}

static void lookup(const tables *t, const char *label, uint64_t seed)
{
  enum { B = 96 };
  ref_rng r;
  float in[N], exp[N], got[N];
  int32_t idx[N], expi[N], goti[N];

  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    in[i] = ref_interesting_f32(&r, -20.0f, 20.0f);
    idx[i] = (int32_t)ref_rand32(&r);
  }
  for (int i = 0; i < N; i++) {
    int tt = i % B;
    exp[i] = fmaf(in[i], t->coef[tt & 15], t->uniform) + t->coef[0];
    expi[i] = t->lut[idx[i] & 255] + t->lut[tt & 255];
  }
  float *din = ex_upload(in, sizeof in);
  int *di = ex_upload(idx, sizeof idx);
  float *dout = ex_alloc<float>(sizeof got);
  int *douti = ex_alloc<int>(sizeof goti);
  const_lookup<<<ex_cdiv(N, B), B>>>(din, di, dout, douti, N);
  EX_LAUNCHED("const_lookup");
  ex_download(got, dout, sizeof got);
  ex_download(goti, douti, sizeof goti);
  ex_expect_f32(label, "out", exp, got, N, 0);
  ex_expect_i32(label, "outi", expi, goti, N);
}

static void test_const_lookup(void)
{
  tables t;

  ex_begin("const_lookup");
  init_tables(&t);
  check_symbols(&t);
  lookup(&t, "const_lookup (PTX initialisers)", 42);
  /* the host overwrites two tables by name */
  for (int k = 0; k < 16; k++)
    t.coef[k] = -0.75f * (float)(k * k) + 0.125f;
  t.uniform = -1.5f;
  EX_SYMBOL_WRITE(c_coef, t.coef, sizeof t.coef);
  EX_SYMBOL_WRITE(c_uniform, &t.uniform, sizeof t.uniform);
  lookup(&t, "const_lookup (after cudaMemcpyToSymbol)", 43);
  ex_end();
}

static void test_const_wide(void)
{
  enum { B = 64 };
  ref_rng r;
  tables t;
  int32_t idx[N];
  double ed[N], gd[N];
  uint64_t el[N], gl[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];

  ex_begin("const_wide");
  init_tables(&t);
  ref_rng_seed(&r, 44);
  for (int i = 0; i < N; i++)
    idx[i] = (i % 7 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -5000, 5000);
  for (int i = 0; i < N; i++) {
    int j = idx[i], tt = i % B;
    const float *v = t.vec4[j & 3];
    ed[i] = fma(t.dcoef[j & 3], (double)j, t.dcoef[0]);
    el[i] = t.mask[(j >> 2) & 3] ^ (uint64_t)t.small[j & 7];
    ef[i] = ((v[0] + v[1]) + v[2]) + v[3];
    eu[i] = t.pair[tt & 3][0] * 7u + t.pair[tt & 3][1];
  }
  int *di = ex_upload(idx, sizeof idx);
  double *dd = ex_alloc<double>(sizeof gd);
  unsigned long long *dl = ex_alloc<unsigned long long>(sizeof gl);
  float *df = ex_alloc<float>(sizeof gf);
  unsigned *du = ex_alloc<unsigned>(sizeof gu);
  const_wide<<<ex_cdiv(N, B), B>>>(di, dd, dl, df, du, N);
  EX_LAUNCHED("const_wide");
  ex_download(gd, dd, sizeof gd);
  ex_download(gl, dl, sizeof gl);
  ex_download(gf, df, sizeof gf);
  ex_download(gu, du, sizeof gu);
  ex_expect_f64("const_wide", "outd", ed, gd, N, 0);
  ex_expect_u64("const_wide", "outl", el, gl, N);
  ex_expect_f32("const_wide", "outf", ef, gf, N, 0);
  ex_expect_u32("const_wide", "outu", eu, gu, N);
  ex_end();
}

int main(void)
{
  ex_init("const_mem");
  test_const_lookup();
  test_const_wide();
  return ex_finish();
}
