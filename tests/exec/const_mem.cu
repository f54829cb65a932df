/* const_mem.cu -- CUDA host program for benchmarks/cuda/const_mem.cu; the
 * scenarios of tests/drivers/check_const_mem.c:
 * __constant__ tables initialised in the PTX (read back with
 * cudaMemcpyFromSymbol and compared with the .cu's formulas), lookups with
 * divergent, uniform and data-dependent indices, then again after the host
 * rewrote c_coef and c_uniform with cudaMemcpyToSymbol.  As in the driver, the
 * reference uses fmaf / fma where the PTX has fma.rn (contracted); exact.
 *
 * Inputs, CPU reference and checks: tests/ref/const_mem_ref.h. */
#include "../../benchmarks/cuda/const_mem.cu"
#include "exec_util.h"
#include "../ref/const_mem_ref.h"

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
  const_mem_symbols_check(&ex_ref_check, t, &g);
}

static void lookup(const tables *t, const char *label, uint64_t seed)
{
  enum { B = 96 };
  float in[N], exp[N], got[N];
  int32_t idx[N], expi[N], goti[N];

  const_lookup_inputs(t, B, seed, in, idx, exp, expi);
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
  tables t;
  int32_t idx[N];
  double ed[N], gd[N];
  uint64_t el[N], gl[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];

  ex_begin("const_wide");
  init_tables(&t);
  const_wide_inputs(&t, B, idx, ed, el, ef, eu);
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
