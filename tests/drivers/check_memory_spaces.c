/* check_memory_spaces.c -- host driver for benchmarks/cuda/memory_spaces.cu:
 * generic pointers into shared and global scratch, generic atomics on a
 * shared counter and on the __device__ variable g_generic_counter (read
 * back by symbol), volatile global accesses, __ldg vector loads, plain
 * vector loads/stores of 8- to 128-bit elements, narrow and vector shared
 * arrays, local vector arrays, and by-value narrow and vector kernel
 * parameters.  Float sums follow the PTX's order (checked: only
 * narrow_vector_params contracts, f2.x * g + f2.y into fma.rn.f32); exact.
 *
 * Inputs, CPU reference and checks: tests/ref/memory_spaces_ref.h, shared with
 * tests/exec/memory_spaces.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/memory_spaces_ref.h"

static void run_generic_pointers(int use_shared)
{
  enum { B = 128, NB = (N + B - 1) / B };
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  float ef[N], gf[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  generic_pointers_inputs(use_shared, in, exp, ef);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr dof = drv_alloc(&c, sizeof gf);
  ptxsim_devptr gi = drv_alloc(&c, NB * B * 4), gfl = drv_alloc(&c, NB * B * 4);
  ptxsim_devptr gd = drv_alloc(&c, NB * B * 8), gl = drv_alloc(&c, NB * B * 8);
  drv_launch(&c, "generic_pointers", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dof, &gi, &gfl, &gd, &gl, &use_shared, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, gf, dof, sizeof gf);
  const char *k = use_shared ? "generic_pointers (shared)" : "generic_pointers (global)";
  drv_expect_i32(k, "out", exp, got, N);
  drv_expect_f32(k, "outf", ef, gf, N, 0);
  drv_close(&c);
}

START_TEST(test_generic_pointers_shared) { run_generic_pointers(1); }
END_TEST

START_TEST(test_generic_pointers_global) { run_generic_pointers(0); }
END_TEST

START_TEST(test_generic_atomic)
{
  enum { B = 160, NB = (N + B - 1) / B };
  drv_ctx c;
  uint32_t out[NB], exp[NB], cnt = 0, ecnt = N;
  int n = N, use_shared = 1;

  drv_open(&c, "memory_spaces");
  drv_symbol_read(&c, "g_generic_counter", &cnt, sizeof cnt);
  ck_assert_msg(cnt == 0, "generic_atomic: g_generic_counter starts at %u, expected 0", cnt);
  for (int b = 0; b < NB; b++)
    exp[b] = (uint32_t)((b + 1) * B < N ? B : N - b * B);
  ptxsim_devptr dout = drv_alloc(&c, sizeof out);
  drv_launch(&c, "generic_atomic", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&dout, &use_shared, &n));
  drv_download(&c, out, dout, sizeof out);
  drv_expect_u32("generic_atomic (shared)", "out", exp, out, NB);
  use_shared = 0;
  for (int b = 0; b < NB; b++)
    exp[b] = 0;
  drv_launch(&c, "generic_atomic", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&dout, &use_shared, &n));
  drv_download(&c, out, dout, sizeof out);
  drv_symbol_read(&c, "g_generic_counter", &cnt, sizeof cnt);
  drv_expect_u32("generic_atomic (global)", "out", exp, out, NB);
  drv_expect_u32("generic_atomic (global)", "g_generic_counter", &ecnt, &cnt, 1);
  drv_close(&c);
}
END_TEST

START_TEST(test_volatile_global)
{
  drv_ctx c;
  uint32_t flags[N + 8], ef[N + 8], gfl[N + 8], out[N], eo[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  volatile_global_inputs(flags, ef, eo);
  ptxsim_devptr df = drv_upload(&c, flags, sizeof flags), dout = drv_alloc(&c, sizeof out);
  drv_launch(&c, "volatile_global", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&df, &dout, &n));
  drv_download(&c, out, dout, sizeof out);
  drv_download(&c, gfl, df, sizeof gfl);
  drv_expect_u32("volatile_global", "out", eo, out, N);
  drv_expect_u32("volatile_global", "flags", ef, gfl, N + 8);
  drv_close(&c);
}
END_TEST

START_TEST(test_readonly_vectors)
{
  drv_ctx c;
  float f[N], f2[2 * N], f4[4 * N], ef[N], gf[N];
  double d[N];
  uint32_t u[N], u2[2 * N], u4[4 * N], eu[N], gu[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  readonly_vectors_inputs(f, d, u, f2, u2, f4, u4, ef, eu);
  ptxsim_devptr pf = drv_upload(&c, f, sizeof f), pd = drv_upload(&c, d, sizeof d);
  ptxsim_devptr pu = drv_upload(&c, u, sizeof u), pf2 = drv_upload(&c, f2, sizeof f2);
  ptxsim_devptr pu2 = drv_upload(&c, u2, sizeof u2), pf4 = drv_upload(&c, f4, sizeof f4);
  ptxsim_devptr pu4 = drv_upload(&c, u4, sizeof u4);
  ptxsim_devptr of = drv_alloc(&c, sizeof gf), ou = drv_alloc(&c, sizeof gu);
  drv_launch(&c, "readonly_vectors", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&pf, &pd, &pu, &pf2, &pu2, &pf4, &pu4, &of, &ou, &n));
  drv_download(&c, gf, of, sizeof gf);
  drv_download(&c, gu, ou, sizeof gu);
  drv_expect_f32("readonly_vectors", "outf", ef, gf, N, 0);
  drv_expect_u32("readonly_vectors", "outu", eu, gu, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_plain_vectors)
{
  drv_ctx c;
  float f2[2 * N], ef2[2 * N], gf2[2 * N];
  double d2[2 * N], ed2[2 * N], gd2[2 * N];
  uint32_t u2[2 * N], eu2[2 * N], gu2[2 * N], u4[4 * N], eu4[4 * N], gu4[4 * N];
  uint64_t l2[2 * N], el2[2 * N], gl2[2 * N];
  uint8_t c4[4 * N], ec4[4 * N], gc4[4 * N], ec2[2 * N], gc2[2 * N], ec1[N], gc1[N];
  int8_t sc[N];
  int32_t si[N];
  int64_t ell[N], gll[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  plain_vectors_inputs(f2, d2, u2, u4, l2, c4, sc, si, ef2, ed2, eu2, eu4, el2, ec4, ec2,
                       ec1, ell);
  ptxsim_devptr pf2 = drv_upload(&c, f2, sizeof f2), pd2 = drv_upload(&c, d2, sizeof d2);
  ptxsim_devptr pu2 = drv_upload(&c, u2, sizeof u2), pu4 = drv_upload(&c, u4, sizeof u4);
  ptxsim_devptr pl2 = drv_upload(&c, l2, sizeof l2), pc4 = drv_upload(&c, c4, sizeof c4);
  ptxsim_devptr psc = drv_upload(&c, sc, sizeof sc), psi = drv_upload(&c, si, sizeof si);
  ptxsim_devptr of2 = drv_alloc(&c, sizeof gf2), od2 = drv_alloc(&c, sizeof gd2);
  ptxsim_devptr ou2 = drv_alloc(&c, sizeof gu2), ou4 = drv_alloc(&c, sizeof gu4);
  ptxsim_devptr ol2 = drv_alloc(&c, sizeof gl2), oc4 = drv_alloc(&c, sizeof gc4);
  ptxsim_devptr oc2 = drv_alloc(&c, sizeof gc2), oc1 = drv_alloc(&c, sizeof gc1);
  ptxsim_devptr oll = drv_alloc(&c, sizeof gll);
  drv_launch(&c, "plain_vectors", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&pf2, &pd2, &pu2, &pu4, &pl2, &pc4, &psc, &psi, &of2, &od2, &ou2, &ou4,
                      &ol2, &oc4, &oc2, &oc1, &oll, &n));
  drv_download(&c, gf2, of2, sizeof gf2);
  drv_download(&c, gd2, od2, sizeof gd2);
  drv_download(&c, gu2, ou2, sizeof gu2);
  drv_download(&c, gu4, ou4, sizeof gu4);
  drv_download(&c, gl2, ol2, sizeof gl2);
  drv_download(&c, gc4, oc4, sizeof gc4);
  drv_download(&c, gc2, oc2, sizeof gc2);
  drv_download(&c, gc1, oc1, sizeof gc1);
  drv_download(&c, gll, oll, sizeof gll);
  drv_expect_f32("plain_vectors", "of2", ef2, gf2, 2 * N, 0);
  drv_expect_f64("plain_vectors", "od2", ed2, gd2, 2 * N, 0);
  drv_expect_u32("plain_vectors", "ou2", eu2, gu2, 2 * N);
  drv_expect_u32("plain_vectors", "ou4", eu4, gu4, 4 * N);
  drv_expect_u64("plain_vectors", "ol2", el2, gl2, 2 * N);
  drv_expect_u8("plain_vectors", "oc4", ec4, gc4, 4 * N);
  drv_expect_u8("plain_vectors", "oc2", ec2, gc2, 2 * N);
  drv_expect_u8("plain_vectors", "oc1", ec1, gc1, N);
  drv_expect_i64("plain_vectors", "oll", ell, gll, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_shared_narrow)
{
  enum { B = 96 };
  drv_ctx c;
  uint8_t cc[N];
  int16_t s[N];
  uint32_t u4[4 * N], eo[4 * N], go[4 * N];
  double d2[2 * N], ed[2 * N], gd[2 * N];
  int n = N;

  drv_open(&c, "memory_spaces");
  shared_narrow_inputs(B, cc, s, u4, d2, eo, ed);
  ptxsim_devptr pc = drv_upload(&c, cc, sizeof cc), ps = drv_upload(&c, s, sizeof s);
  ptxsim_devptr pu = drv_upload(&c, u4, sizeof u4), pd = drv_upload(&c, d2, sizeof d2);
  ptxsim_devptr po = drv_alloc(&c, sizeof go), pod = drv_alloc(&c, sizeof gd);
  drv_launch(&c, "shared_narrow", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&pc, &ps, &pu, &pd, &po, &pod, &n));
  drv_download(&c, go, po, sizeof go);
  drv_download(&c, gd, pod, sizeof gd);
  drv_expect_u32("shared_narrow", "out", eo, go, 4 * N);
  drv_expect_f64("shared_narrow", "outd", ed, gd, 2 * N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_local_vectors)
{
  drv_ctx c;
  int32_t idx[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  local_vectors_inputs(idx, ef, eu);
  ptxsim_devptr pi = drv_upload(&c, idx, sizeof idx);
  ptxsim_devptr pf = drv_alloc(&c, sizeof gf), pu = drv_alloc(&c, sizeof gu);
  drv_launch(&c, "local_vectors", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&pi, &pf, &pu, &n));
  drv_download(&c, gf, pf, sizeof gf);
  drv_download(&c, gu, pu, sizeof gu);
  drv_expect_f32("local_vectors", "outf", ef, gf, N, 0);
  drv_expect_u32("local_vectors", "outu", eu, gu, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_narrow_vector_params)
{
  drv_ctx c;
  int8_t sc = -100;
  uint8_t uc = 250;
  int16_t ss = -30000;
  uint16_t us = 65000;
  float f2[2] = { -1.25f, 3.0e-3f };
  uint32_t u2[2] = { 0x9e3779b9u, 0xdeadbeefu };
  uint8_t c2[2] = { 0xfe, 0x11 };
  uint8_t c4[4] = { 1, 0x80, 0xff, 0x42 };
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  for (int g = 0; g < N; g++) {
    ef[g] = fmaf(f2[0], (float)g, f2[1]);
    eu[g] = (uint32_t)(sc + uc + ss + us) + u2[0] * (uint32_t)g + u2[1] + c2[0] + c2[1] + c4[0] +
            c4[1] + c4[2] + c4[3];
  }
  ptxsim_devptr pf = drv_alloc(&c, sizeof gf), pu = drv_alloc(&c, sizeof gu);
  drv_launch(&c, "narrow_vector_params", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&sc, &uc, &ss, &us, f2, u2, c2, c4, &pf, &pu, &n));
  drv_download(&c, gf, pf, sizeof gf);
  drv_download(&c, gu, pu, sizeof gu);
  drv_expect_f32("narrow_vector_params", "outf", ef, gf, N, 0);
  drv_expect_u32("narrow_vector_params", "outu", eu, gu, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("memory_spaces");
  DRV_ADD(s, test_generic_pointers_shared);
  DRV_ADD(s, test_generic_pointers_global);
  DRV_ADD(s, test_generic_atomic);
  DRV_ADD(s, test_volatile_global);
  DRV_ADD(s, test_readonly_vectors);
  DRV_ADD(s, test_plain_vectors);
  DRV_ADD(s, test_shared_narrow);
  DRV_ADD(s, test_local_vectors);
  DRV_ADD(s, test_narrow_vector_params);
  return drv_run(s);
}
