/* memory_spaces.cu -- CUDA host program for benchmarks/cuda/memory_spaces.cu;
 * the scenarios, inputs and CPU reference of
 * tests/drivers/check_memory_spaces.c: generic pointers into shared and
 * global scratch, generic atomics on a shared counter and on the __device__
 * variable g_generic_counter (read back with cudaMemcpyFromSymbol),
 * volatile global accesses, __ldg vector loads, plain vector loads/stores of
 * 8- to 128-bit elements, narrow and vector shared arrays, local vector
 * arrays, and by-value narrow and vector kernel parameters.  Float sums
 * follow the PTX's order (only narrow_vector_params contracts
 * f2.x * g + f2.y into fma.rn.f32); exact.  (uint64_t is unsigned long on
 * LP64 Linux where the kernels take unsigned long long: same layout, so
 * pointers are cast.) */
#include "../../benchmarks/cuda/memory_spaces.cu"
#include "exec_util.h"

#define N 300

#define EX_SYNC() \
  do { \
    ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__); \
    ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__); \
  } while (0)

static void run_generic_pointers(int use_shared)
{
  enum { B = 128, NB = (N + B - 1) / B };
  ref_rng r;
  int32_t in[N], exp[N], got[N];
  float ef[N], gf[N];
  const char *k = use_shared ? "generic_pointers (shared)" : "generic_pointers (global)";

  ex_begin(k);
  ref_rng_seed(&r, 70 + (uint64_t)use_shared);
  for (int i = 0; i < N; i++)
    in[i] = (i % 8 == 0) ? (int32_t)ref_rand32(&r) : ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++) {
    int b = g / B, t = g % B, rr = B - 1 - t, r1 = (t + 1) % B;
    int32_t xr = b * B + rr < N ? in[b * B + rr] : 0, x1 = b * B + r1 < N ? in[b * B + r1] : 0;
    exp[g] = (int32_t)((uint32_t)xr + 3u * (uint32_t)xr + (uint32_t)x1);
    ef[g] = (float)xr * 0.5f + (float)((double)xr * 0.25);
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  float *dof = ex_alloc<float>(sizeof gf);
  int *gi = ex_alloc<int>(NB * B * 4);
  float *gfl = ex_alloc<float>(NB * B * 4);
  double *gd = ex_alloc<double>(NB * B * 8);
  unsigned long long *gl = ex_alloc<unsigned long long>(NB * B * 8);
  generic_pointers<<<NB, B>>>(din, dout, dof, gi, gfl, gd, gl, use_shared, N);
  EX_SYNC();
  ex_download(got, dout, sizeof got);
  ex_download(gf, dof, sizeof gf);
  ex_expect_i32(k, "out", exp, got, N);
  ex_expect_f32(k, "outf", ef, gf, N, 0);
  ex_end();
}

static void test_generic_atomic(void)
{
  enum { B = 160, NB = (N + B - 1) / B };
  uint32_t out[NB], exp[NB], cnt = 0, ecnt = N;

  ex_begin("generic_atomic");
  EX_SYMBOL_READ(&cnt, g_generic_counter, sizeof cnt);
  ex_expect(cnt == 0, "generic_atomic: g_generic_counter starts at %u, expected 0", cnt);
  for (int b = 0; b < NB; b++)
    exp[b] = (uint32_t)((b + 1) * B < N ? B : N - b * B);
  unsigned *dout = ex_alloc<unsigned>(sizeof out);
  generic_atomic<<<NB, B>>>(dout, 1, N);
  EX_SYNC();
  ex_download(out, dout, sizeof out);
  ex_expect_u32("generic_atomic (shared)", "out", exp, out, NB);
  for (int b = 0; b < NB; b++)
    exp[b] = 0;
  generic_atomic<<<NB, B>>>(dout, 0, N);
  EX_SYNC();
  ex_download(out, dout, sizeof out);
  EX_SYMBOL_READ(&cnt, g_generic_counter, sizeof cnt);
  ex_expect_u32("generic_atomic (global)", "out", exp, out, NB);
  ex_expect_u32("generic_atomic (global)", "g_generic_counter", &ecnt, &cnt, 1);
  ex_end();
}

static void test_volatile_global(void)
{
  ref_rng r;
  uint32_t flags[N + 8], ef[N + 8], gfl[N + 8], out[N], eo[N];

  ex_begin("volatile_global");
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
  unsigned *df = ex_upload(flags, sizeof flags), *dout = ex_alloc<unsigned>(sizeof out);
  volatile_global<<<ex_cdiv(N, 128), 128>>>(df, dout, N);
  EX_SYNC();
  ex_download(out, dout, sizeof out);
  ex_download(gfl, df, sizeof gfl);
  ex_expect_u32("volatile_global", "out", eo, out, N);
  ex_expect_u32("volatile_global", "flags", ef, gfl, N + 8);
  ex_end();
}

static void test_readonly_vectors(void)
{
  ref_rng r;
  float f[N], f2[2 * N], f4[4 * N], ef[N], gf[N];
  double d[N];
  uint32_t u[N], u2[2 * N], u4[4 * N], eu[N], gu[N];

  ex_begin("readonly_vectors");
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
  float *pf = ex_upload(f, sizeof f);
  double *pd = ex_upload(d, sizeof d);
  unsigned *pu = ex_upload(u, sizeof u);
  float2 *pf2 = ex_upload((const float2 *)f2, sizeof f2);
  uint2 *pu2 = ex_upload((const uint2 *)u2, sizeof u2);
  float4 *pf4 = ex_upload((const float4 *)f4, sizeof f4);
  uint4 *pu4 = ex_upload((const uint4 *)u4, sizeof u4);
  float *of = ex_alloc<float>(sizeof gf);
  unsigned *ou = ex_alloc<unsigned>(sizeof gu);
  readonly_vectors<<<ex_cdiv(N, 64), 64>>>(pf, pd, pu, pf2, pu2, pf4, pu4, of, ou, N);
  EX_SYNC();
  ex_download(gf, of, sizeof gf);
  ex_download(gu, ou, sizeof gu);
  ex_expect_f32("readonly_vectors", "outf", ef, gf, N, 0);
  ex_expect_u32("readonly_vectors", "outu", eu, gu, N);
  ex_end();
}

static void test_plain_vectors(void)
{
  ref_rng r;
  static float f2[2 * N], ef2[2 * N], gf2[2 * N];
  static double d2[2 * N], ed2[2 * N], gd2[2 * N];
  static uint32_t u2[2 * N], eu2[2 * N], gu2[2 * N], u4[4 * N], eu4[4 * N], gu4[4 * N];
  static uint64_t l2[2 * N], el2[2 * N], gl2[2 * N];
  static uint8_t c4[4 * N], ec4[4 * N], gc4[4 * N], ec2[2 * N], gc2[2 * N], ec1[N], gc1[N];
  static int8_t sc[N];
  static int32_t si[N];
  static int64_t ell[N], gll[N];

  ex_begin("plain_vectors");
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
  float2 *pf2 = ex_upload((const float2 *)f2, sizeof f2);
  double2 *pd2 = ex_upload((const double2 *)d2, sizeof d2);
  uint2 *pu2 = ex_upload((const uint2 *)u2, sizeof u2);
  uint4 *pu4 = ex_upload((const uint4 *)u4, sizeof u4);
  ulonglong2 *pl2 = ex_upload((const ulonglong2 *)l2, sizeof l2);
  uchar4 *pc4 = ex_upload((const uchar4 *)c4, sizeof c4);
  signed char *psc = ex_upload(sc, sizeof sc);
  int *psi = ex_upload(si, sizeof si);
  float2 *of2 = ex_alloc<float2>(sizeof gf2);
  double2 *od2 = ex_alloc<double2>(sizeof gd2);
  uint2 *ou2 = ex_alloc<uint2>(sizeof gu2);
  uint4 *ou4 = ex_alloc<uint4>(sizeof gu4);
  ulonglong2 *ol2 = ex_alloc<ulonglong2>(sizeof gl2);
  uchar4 *oc4 = ex_alloc<uchar4>(sizeof gc4);
  uchar2 *oc2 = ex_alloc<uchar2>(sizeof gc2);
  unsigned char *oc1 = ex_alloc<unsigned char>(sizeof gc1);
  long long *oll = ex_alloc<long long>(sizeof gll);
  plain_vectors<<<ex_cdiv(N, 128), 128>>>(pf2, pd2, pu2, pu4, pl2, pc4, psc, psi, of2, od2, ou2,
                                          ou4, ol2, oc4, oc2, oc1, oll, N);
  EX_SYNC();
  ex_download(gf2, of2, sizeof gf2);
  ex_download(gd2, od2, sizeof gd2);
  ex_download(gu2, ou2, sizeof gu2);
  ex_download(gu4, ou4, sizeof gu4);
  ex_download(gl2, ol2, sizeof gl2);
  ex_download(gc4, oc4, sizeof gc4);
  ex_download(gc2, oc2, sizeof gc2);
  ex_download(gc1, oc1, sizeof gc1);
  ex_download(gll, oll, sizeof gll);
  ex_expect_f32("plain_vectors", "of2", ef2, gf2, 2 * N, 0);
  ex_expect_f64("plain_vectors", "od2", ed2, gd2, 2 * N, 0);
  ex_expect_u32("plain_vectors", "ou2", eu2, gu2, 2 * N);
  ex_expect_u32("plain_vectors", "ou4", eu4, gu4, 4 * N);
  ex_expect_u64("plain_vectors", "ol2", el2, gl2, 2 * N);
  ex_expect_u8("plain_vectors", "oc4", ec4, gc4, 4 * N);
  ex_expect_u8("plain_vectors", "oc2", ec2, gc2, 2 * N);
  ex_expect_u8("plain_vectors", "oc1", ec1, gc1, N);
  ex_expect_i64("plain_vectors", "oll", ell, gll, N);
  ex_end();
}

static void test_shared_narrow(void)
{
  enum { B = 96 };
  ref_rng r;
  uint8_t cc[N];
  int16_t s[N];
  uint32_t u4[4 * N], eo[4 * N], go[4 * N];
  double d2[2 * N], ed[2 * N], gd[2 * N];

  ex_begin("shared_narrow");
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
  unsigned char *pc = ex_upload(cc, sizeof cc);
  short *ps = ex_upload(s, sizeof s);
  uint4 *pu = ex_upload((const uint4 *)u4, sizeof u4);
  double2 *pd = ex_upload((const double2 *)d2, sizeof d2);
  unsigned *po = ex_alloc<unsigned>(sizeof go);
  double *pod = ex_alloc<double>(sizeof gd);
  shared_narrow<<<ex_cdiv(N, B), B>>>(pc, ps, pu, pd, po, pod, N);
  EX_SYNC();
  ex_download(go, po, sizeof go);
  ex_download(gd, pod, sizeof gd);
  ex_expect_u32("shared_narrow", "out", eo, go, 4 * N);
  ex_expect_f64("shared_narrow", "outd", ed, gd, 2 * N, 0);
  ex_end();
}

static void test_local_vectors(void)
{
  ref_rng r;
  int32_t idx[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];

  ex_begin("local_vectors");
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
  int *pi = ex_upload(idx, sizeof idx);
  float *pf = ex_alloc<float>(sizeof gf);
  unsigned *pu = ex_alloc<unsigned>(sizeof gu);
  local_vectors<<<ex_cdiv(N, 128), 128>>>(pi, pf, pu, N);
  EX_SYNC();
  ex_download(gf, pf, sizeof gf);
  ex_download(gu, pu, sizeof gu);
  ex_expect_f32("local_vectors", "outf", ef, gf, N, 0);
  ex_expect_u32("local_vectors", "outu", eu, gu, N);
  ex_end();
}

static void test_narrow_vector_params(void)
{
  signed char sc = -100;
  unsigned char uc = 250;
  short ss = -30000;
  unsigned short us = 65000;
  float2 f2 = make_float2(-1.25f, 3.0e-3f);
  uint2 u2 = make_uint2(0x9e3779b9u, 0xdeadbeefu);
  uchar2 c2 = make_uchar2(0xfe, 0x11);
  uchar4 c4 = make_uchar4(1, 0x80, 0xff, 0x42);
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];

  ex_begin("narrow_vector_params");
  for (int g = 0; g < N; g++) {
    ef[g] = fmaf(f2.x, (float)g, f2.y);
    eu[g] = (uint32_t)(sc + uc + ss + us) + u2.x * (uint32_t)g + u2.y + c2.x + c2.y + c4.x + c4.y +
            c4.z + c4.w;
  }
  float *pf = ex_alloc<float>(sizeof gf);
  unsigned *pu = ex_alloc<unsigned>(sizeof gu);
  narrow_vector_params<<<ex_cdiv(N, 128), 128>>>(sc, uc, ss, us, f2, u2, c2, c4, pf, pu, N);
  EX_SYNC();
  ex_download(gf, pf, sizeof gf);
  ex_download(gu, pu, sizeof gu);
  ex_expect_f32("narrow_vector_params", "outf", ef, gf, N, 0);
  ex_expect_u32("narrow_vector_params", "outu", eu, gu, N);
  ex_end();
}

int main(void)
{
  ex_init("memory_spaces");
  run_generic_pointers(1);
  run_generic_pointers(0);
  test_generic_atomic();
  test_volatile_global();
  test_readonly_vectors();
  test_plain_vectors();
  test_shared_narrow();
  test_local_vectors();
  test_narrow_vector_params();
  return ex_finish();
}
