/* memory_spaces.cu -- CUDA host program for benchmarks/cuda/memory_spaces.cu;
 * the scenarios of
 * tests/drivers/check_memory_spaces.c: generic pointers into shared and
 * global scratch, generic atomics on a shared counter and on the __device__
 * variable g_generic_counter (read back with cudaMemcpyFromSymbol),
 * volatile global accesses, __ldg vector loads, plain vector loads/stores of
 * 8- to 128-bit elements, narrow and vector shared arrays, local vector
 * arrays, and by-value narrow and vector kernel parameters.  Float sums
 * follow the PTX's order (only narrow_vector_params contracts
 * f2.x * g + f2.y into fma.rn.f32); exact.  (uint64_t is unsigned long on
 * LP64 Linux where the kernels take unsigned long long: same layout, so
 * pointers are cast.)
 *
 * Inputs, CPU reference and checks: tests/ref/memory_spaces_ref.h. */
#include "../../benchmarks/cuda/memory_spaces.cu"
#include "exec_util.h"
#include "../ref/memory_spaces_ref.h"

#define EX_SYNC() \
  do { \
    ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__); \
    ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__); \
  } while (0)

static void run_generic_pointers(int use_shared)
{
  enum { B = 128, NB = (N + B - 1) / B };
  int32_t in[N], exp[N], got[N];
  float ef[N], gf[N];
  const char *k = use_shared ? "generic_pointers (shared)" : "generic_pointers (global)";

  ex_begin(k);
  generic_pointers_inputs(use_shared, in, exp, ef);
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
  uint32_t flags[N + 8], ef[N + 8], gfl[N + 8], out[N], eo[N];

  ex_begin("volatile_global");
  volatile_global_inputs(flags, ef, eo);
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
  float f[N], f2[2 * N], f4[4 * N], ef[N], gf[N];
  double d[N];
  uint32_t u[N], u2[2 * N], u4[4 * N], eu[N], gu[N];

  ex_begin("readonly_vectors");
  readonly_vectors_inputs(f, d, u, f2, u2, f4, u4, ef, eu);
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
  static float f2[2 * N], ef2[2 * N], gf2[2 * N];
  static double d2[2 * N], ed2[2 * N], gd2[2 * N];
  static uint32_t u2[2 * N], eu2[2 * N], gu2[2 * N], u4[4 * N], eu4[4 * N], gu4[4 * N];
  static uint64_t l2[2 * N], el2[2 * N], gl2[2 * N];
  static uint8_t c4[4 * N], ec4[4 * N], gc4[4 * N], ec2[2 * N], gc2[2 * N], ec1[N], gc1[N];
  static int8_t sc[N];
  static int32_t si[N];
  static int64_t ell[N], gll[N];

  ex_begin("plain_vectors");
  plain_vectors_inputs(f2, d2, u2, u4, l2, c4, sc, si, ef2, ed2, eu2, eu4, el2, ec4, ec2,
                       ec1, ell);
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
  uint8_t cc[N];
  int16_t s[N];
  uint32_t u4[4 * N], eo[4 * N], go[4 * N];
  double d2[2 * N], ed[2 * N], gd[2 * N];

  ex_begin("shared_narrow");
  shared_narrow_inputs(B, cc, s, u4, d2, eo, ed);
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
  int32_t idx[N];
  float ef[N], gf[N];
  uint32_t eu[N], gu[N];

  ex_begin("local_vectors");
  local_vectors_inputs(idx, ef, eu);
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
