/* narrow_int.cu -- CUDA host program for benchmarks/cuda/narrow_int.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_narrow_int.c:
 * 8/16-bit integer arithmetic in 16-bit registers, narrow loads/stores in
 * global and shared memory, sign-extending .param reads in callees.  The
 * reference is C on uint16_t / int16_t / int8_t with the kernel's
 * truncations; exact.  (int64_t is long on LP64 Linux, the kernels take
 * long long: same layout, so device pointers are cast.) */
#include "../../benchmarks/cuda/narrow_int.cu"
#include "exec_util.h"

#define N 300

static void fill16(ref_rng *r, uint16_t *a, int n)
{
  static const uint16_t special[] = { 0, 1, 0x7fff, 0x8000, 0xffff, 7 };
  for (int i = 0; i < n; i++) {
    uint32_t k = ref_rand32(r);
    a[i] = (k & 7) == 0 ? special[(k >> 8) % 6] : (uint16_t)(k >> 16);
  }
}

static void test_narrow16(void)
{
  ref_rng r;
  uint16_t a[N], eo16[4 * N], go16[4 * N];
  int16_t b[N], eos[4 * N], gos[4 * N];
  int8_t cc[N];
  int32_t w[N], eo32[N], go32[N];
  int64_t eo64[3 * N], go64[3 * N];

  ex_begin("narrow16");
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
  unsigned short *da = ex_upload(a, sizeof a);
  short *db = ex_upload(b, sizeof b);
  signed char *dc = ex_upload(cc, sizeof cc);
  int *dw = ex_upload(w, sizeof w);
  unsigned short *o16 = ex_alloc<unsigned short>(sizeof go16);
  short *os = ex_alloc<short>(sizeof gos);
  long long *o64 = ex_alloc<long long>(sizeof go64);
  int *o32 = ex_alloc<int>(sizeof go32);
  narrow16<<<ex_cdiv(N, 128), 128>>>(da, db, dc, dw, o16, os, o64, o32, N);
  EX_LAUNCHED("narrow16");
  ex_download(go16, o16, sizeof go16);
  ex_download(gos, os, sizeof gos);
  ex_download(go64, o64, sizeof go64);
  ex_download(go32, o32, sizeof go32);
  ex_expect_u16("narrow16", "out16", eo16, go16, 4 * N);
  ex_expect_i16("narrow16", "outs16", eos, gos, 4 * N);
  ex_expect_i64("narrow16", "out64", eo64, go64, 3 * N);
  ex_expect_i32("narrow16", "out32", eo32, go32, N);
  ex_end();
}

static void test_narrow_shared_hist(void)
{
  enum { NB = (N + 127) / 128 };
  ref_rng r;
  uint8_t bytes[N];
  int16_t vals[N], emin[NB], gmin[NB];
  uint16_t ecnt[2 * NB], gcnt[2 * NB];

  ex_begin("narrow_shared_hist");
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
  unsigned char *db = ex_upload(bytes, sizeof bytes);
  short *dv = ex_upload(vals, sizeof vals);
  short *dm = ex_alloc<short>(sizeof gmin);
  unsigned short *dc = ex_alloc<unsigned short>(sizeof gcnt);
  narrow_shared_hist<<<NB, 128>>>(db, dv, dm, dc, N);
  EX_LAUNCHED("narrow_shared_hist");
  ex_download(gmin, dm, sizeof gmin);
  ex_download(gcnt, dc, sizeof gcnt);
  ex_expect_i16("narrow_shared_hist", "block_min", emin, gmin, NB);
  ex_expect_u16("narrow_shared_hist", "block_cnt", ecnt, gcnt, 2 * NB);
  ex_end();
}

static void test_narrow_misc(void)
{
  enum { B = 100 };
  ref_rng r;
  int16_t s[N];
  int32_t w[N];
  uint64_t q[N];
  uint16_t u[N], e16[2 * N], g16[2 * N];
  int64_t eo[4 * N], go[4 * N];

  ex_begin("narrow_misc");
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
  short *ds = ex_upload(s, sizeof s);
  int *dw = ex_upload(w, sizeof w);
  unsigned long long *dq = ex_upload((const unsigned long long *)q, sizeof q);
  unsigned short *du = ex_upload(u, sizeof u);
  long long *dout = ex_alloc<long long>(sizeof go);
  unsigned short *do16 = ex_alloc<unsigned short>(sizeof g16);
  narrow_misc<<<ex_cdiv(N, B), B>>>(ds, dw, dq, du, dout, do16, N);
  EX_LAUNCHED("narrow_misc");
  ex_download(go, dout, sizeof go);
  ex_download(g16, do16, sizeof g16);
  ex_expect_i64("narrow_misc", "out", eo, go, 4 * N);
  ex_expect_u16("narrow_misc", "o16", e16, g16, 2 * N);
  ex_end();
}

static void test_narrow_misc2(void)
{
  ref_rng r;
  uint64_t q[N];
  uint16_t u[N], e16[3 * N], g16[3 * N];
  int32_t eo[N], go[N];

  ex_begin("narrow_misc2");
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
  unsigned long long *dq = ex_upload((const unsigned long long *)q, sizeof q);
  unsigned short *du = ex_upload(u, sizeof u);
  unsigned short *do16 = ex_alloc<unsigned short>(sizeof g16);
  int *dout = ex_alloc<int>(sizeof go);
  narrow_misc2<<<ex_cdiv(N, 64), 64>>>(dq, du, do16, dout, N);
  EX_LAUNCHED("narrow_misc2");
  ex_download(g16, do16, sizeof g16);
  ex_download(go, dout, sizeof go);
  ex_expect_u16("narrow_misc2", "o16", e16, g16, 3 * N);
  ex_expect_i32("narrow_misc2", "o", eo, go, N);
  ex_end();
}

int main(void)
{
  ex_init("narrow_int");
  test_narrow16();
  test_narrow_shared_hist();
  test_narrow_misc();
  test_narrow_misc2();
  return ex_finish();
}
