/* check_memory_spaces.c -- host driver for benchmarks/cuda/memory_spaces.cu:
 * generic pointers into shared and global scratch, generic atomics on a
 * shared counter and on the __device__ variable g_generic_counter (read
 * back by symbol), volatile global accesses, __ldg vector loads, plain
 * vector loads/stores of 8- to 128-bit elements, narrow and vector shared
 * arrays, local vector arrays, and by-value narrow and vector kernel
 * parameters.  Float sums follow the PTX's order (checked: only
 * narrow_vector_params contracts, f2.x * g + f2.y into fma.rn.f32); exact. */
#include "tests/drivers/drv_util.h"

#include <math.h>
#include <string.h>

#define N 300

static void run_generic_pointers(int use_shared)
{
  enum { B = 128, NB = (N + B - 1) / B };
  drv_ctx c;
  ref_rng r;
  int32_t in[N], exp[N], got[N];
  float ef[N], gf[N];
  int n = N;

  drv_open(&c, "memory_spaces");
  ref_rng_seed(&r, 70 + (uint64_t)use_shared);
  for (int i = 0; i < N; i++)
    in[i] = (i % 8 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++) {
    int b = g / B, t = g % B, rr = B - 1 - t, r1 = (t + 1) % B;
    int32_t xr = b * B + rr < N ? in[b * B + rr] : 0, x1 = b * B + r1 < N ? in[b * B + r1] : 0;
    exp[g] = (int32_t)((uint32_t)xr + 3u * (uint32_t)xr + (uint32_t)x1);
    ef[g] = (float)xr * 0.5f + (float)((double)xr * 0.25);
  }
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
  ref_rng r;
  uint32_t flags[N + 8], ef[N + 8], gfl[N + 8], out[N], eo[N];
  int n = N;

  drv_open(&c, "memory_spaces");
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
  ref_rng r;
  float f[N], f2[2 * N], f4[4 * N], ef[N], gf[N];
  double d[N];
  uint32_t u[N], u2[2 * N], u4[4 * N], eu[N], gu[N];
  int n = N;

  drv_open(&c, "memory_spaces");
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
  ref_rng r;
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
  ref_rng r;
  uint8_t cc[N];
  int16_t s[N];
  uint32_t u4[4 * N], eo[4 * N], go[4 * N];
  double d2[2 * N], ed[2 * N], gd[2 * N];
  int n = N;

  drv_open(&c, "memory_spaces");
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
  ref_rng r;
  int32_t idx[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];
  int n = N;

  drv_open(&c, "memory_spaces");
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
