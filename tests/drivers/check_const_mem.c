/* check_const_mem.c -- host driver for benchmarks/cuda/const_mem.cu:
 * __constant__ tables initialised in the PTX (read back by symbol and
 * compared with the .cu's formulas), lookups with divergent, uniform and
 * data-dependent indices, then again after the host rewrote c_coef and
 * c_uniform with ptxsim_symbol_write.  The PTX computes const_lookup with
 * fma.rn.f32 + add.f32 and const_wide's c_dcoef[j&3] * j + c_dcoef[0] as
 * fma.rn.f64 (contracted), so the reference uses fmaf / fma; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/const_mem_ref.h, shared with
 * tests/exec/const_mem.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/const_mem_ref.h"

static void check_symbols(drv_ctx *c, const tables *t)
{
  tables g;
  drv_symbol_read(c, "c_coef", g.coef, sizeof g.coef);
  drv_symbol_read(c, "c_lut", g.lut, sizeof g.lut);
  drv_symbol_read(c, "c_dcoef", g.dcoef, sizeof g.dcoef);
  drv_symbol_read(c, "c_mask", g.mask, sizeof g.mask);
  drv_symbol_read(c, "c_small", g.small, sizeof g.small);
  drv_symbol_read(c, "c_vec4", g.vec4, sizeof g.vec4);
  drv_symbol_read(c, "c_pair", g.pair, sizeof g.pair);
  drv_symbol_read(c, "c_uniform", &g.uniform, sizeof g.uniform);
  const_mem_symbols_check(&drv_check, t, &g);
}

static void lookup(drv_ctx *c, const tables *t, const char *label, uint64_t seed)
{
  enum { B = 96 };
  float in[N], exp[N], got[N];
  int32_t idx[N], expi[N], goti[N];
  int n = N;

  const_lookup_inputs(t, B, seed, in, idx, exp, expi);
  ptxsim_devptr din = drv_upload(c, in, sizeof in), di = drv_upload(c, idx, sizeof idx);
  ptxsim_devptr dout = drv_alloc(c, sizeof got), douti = drv_alloc(c, sizeof goti);
  drv_launch(c, "const_lookup", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &di, &dout, &douti, &n));
  drv_download(c, got, dout, sizeof got);
  drv_download(c, goti, douti, sizeof goti);
  drv_expect_f32(label, "out", exp, got, N, 0);
  drv_expect_i32(label, "outi", expi, goti, N);
}

START_TEST(test_const_lookup)
{
  drv_ctx c;
  tables t;

  drv_open(&c, "const_mem");
  init_tables(&t);
  check_symbols(&c, &t);
  lookup(&c, &t, "const_lookup (PTX initialisers)", 42);
  /* the host overwrites two tables by name */
  for (int k = 0; k < 16; k++)
    t.coef[k] = -0.75f * (float)(k * k) + 0.125f;
  t.uniform = -1.5f;
  drv_symbol_write(&c, "c_coef", t.coef, sizeof t.coef);
  drv_symbol_write(&c, "c_uniform", &t.uniform, sizeof t.uniform);
  lookup(&c, &t, "const_lookup (after ptxsim_symbol_write)", 43);
  drv_close(&c);
}
END_TEST

START_TEST(test_const_wide)
{
  enum { B = 64 };
  drv_ctx c;
  tables t;
  int32_t idx[N];
  double ed[N], gd[N];
  uint64_t el[N], gl[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];
  int n = N;

  drv_open(&c, "const_mem");
  init_tables(&t);
  const_wide_inputs(&t, B, idx, ed, el, ef, eu);
  ptxsim_devptr di = drv_upload(&c, idx, sizeof idx);
  ptxsim_devptr dd = drv_alloc(&c, sizeof gd), dl = drv_alloc(&c, sizeof gl);
  ptxsim_devptr df = drv_alloc(&c, sizeof gf), du = drv_alloc(&c, sizeof gu);
  drv_launch(&c, "const_wide", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&di, &dd, &dl, &df, &du, &n));
  drv_download(&c, gd, dd, sizeof gd);
  drv_download(&c, gl, dl, sizeof gl);
  drv_download(&c, gf, df, sizeof gf);
  drv_download(&c, gu, du, sizeof gu);
  drv_expect_f64("const_wide", "outd", ed, gd, N, 0);
  drv_expect_u64("const_wide", "outl", el, gl, N);
  drv_expect_f32("const_wide", "outf", ef, gf, N, 0);
  drv_expect_u32("const_wide", "outu", eu, gu, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("const_mem");
  DRV_ADD(s, test_const_lookup);
  DRV_ADD(s, test_const_wide);
  return drv_run(s);
}
