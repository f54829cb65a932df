/* check_narrow_int.c -- host driver for benchmarks/cuda/narrow_int.cu:
 * 8/16-bit integer arithmetic in 16-bit registers, narrow loads/stores in
 * global and shared memory, sign-extending .param reads in callees.  The
 * reference is C on uint16_t / int16_t / int8_t with the kernel's
 * truncations; exact. */
#include "tests/drivers/drv_util.h"

#define N 300

static void fill16(ref_rng *r, uint16_t *a, int n)
{
  static const uint16_t special[] = { 0, 1, 0x7fff, 0x8000, 0xffff, 7 };
  for (int i = 0; i < n; i++) {
    uint32_t k = ref_rand32(r);
    a[i] = (k & 7) == 0 ? special[(k >> 8) % 6] : (uint16_t)(k >> 16);
  }
}

START_TEST(test_narrow16)
{
  drv_ctx c;
  ref_rng r;
  uint16_t a[N], eo16[4 * N], go16[4 * N];
  int16_t b[N], eos[4 * N], gos[4 * N];
  int8_t cc[N];
  int32_t w[N], eo32[N], go32[N];
  int64_t eo64[3 * N], go64[3 * N];
  int n = N;

  drv_open(&c, "narrow_int");
  ref_rng_seed(&r, 38);
  fill16(&r, a, N);
  fill16(&r, (uint16_t *)b, N);
  for (int i = 0; i < N; i++) {
    cc[i] = (int8_t)ref_rand32(&r);
    w[i] = (int32_t)ref_rand32(&r);
  }
  cc[3] = -128;
  b[4] = (int16_t)a[4];        /* B == (short)A */
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
    eo64[3 * i + 1] = (int64_t)((uint64_t)(uint16_t)((uint32_t)W * 3u) ^ ((uint64_t)(int64_t)C << 40));
    eo64[3 * i + 2] = (int64_t)B * C + ((int64_t)W + (int64_t)W);
    eo32[i] = C * 3;
  }
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_upload(&c, cc, sizeof cc), dw = drv_upload(&c, w, sizeof w);
  ptxsim_devptr o16 = drv_alloc(&c, sizeof go16), os = drv_alloc(&c, sizeof gos);
  ptxsim_devptr o64 = drv_alloc(&c, sizeof go64), o32 = drv_alloc(&c, sizeof go32);
  drv_launch(&c, "narrow16", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dw, &o16, &os, &o64, &o32, &n));
  drv_download(&c, go16, o16, sizeof go16);
  drv_download(&c, gos, os, sizeof gos);
  drv_download(&c, go64, o64, sizeof go64);
  drv_download(&c, go32, o32, sizeof go32);
  drv_expect_u16("narrow16", "out16", eo16, go16, 4 * N);
  drv_expect_i16("narrow16", "outs16", eos, gos, 4 * N);
  drv_expect_i64("narrow16", "out64", eo64, go64, 3 * N);
  drv_expect_i32("narrow16", "out32", eo32, go32, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_narrow_shared_hist)
{
  enum { NB = (N + 127) / 128 };
  drv_ctx c;
  ref_rng r;
  uint8_t bytes[N];
  int16_t vals[N], emin[NB], gmin[NB];
  uint16_t ecnt[2 * NB], gcnt[2 * NB];
  int n = N;

  drv_open(&c, "narrow_int");
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
  ptxsim_devptr db = drv_upload(&c, bytes, sizeof bytes), dv = drv_upload(&c, vals, sizeof vals);
  ptxsim_devptr dm = drv_alloc(&c, sizeof gmin), dc = drv_alloc(&c, sizeof gcnt);
  drv_launch(&c, "narrow_shared_hist", drv_dim(NB, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&db, &dv, &dm, &dc, &n));
  drv_download(&c, gmin, dm, sizeof gmin);
  drv_download(&c, gcnt, dc, sizeof gcnt);
  drv_expect_i16("narrow_shared_hist", "block_min", emin, gmin, NB);
  drv_expect_u16("narrow_shared_hist", "block_cnt", ecnt, gcnt, 2 * NB);
  drv_close(&c);
}
END_TEST

START_TEST(test_narrow_misc)
{
  enum { B = 100 };
  drv_ctx c;
  ref_rng r;
  int16_t s[N];
  int32_t w[N];
  uint64_t q[N];
  uint16_t u[N], e16[2 * N], g16[2 * N];
  int64_t eo[4 * N], go[4 * N];
  int n = N;

  drv_open(&c, "narrow_int");
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
  ptxsim_devptr ds = drv_upload(&c, s, sizeof s), dw = drv_upload(&c, w, sizeof w);
  ptxsim_devptr dq = drv_upload(&c, q, sizeof q), du = drv_upload(&c, u, sizeof u);
  ptxsim_devptr dout = drv_alloc(&c, sizeof go), do16 = drv_alloc(&c, sizeof g16);
  drv_launch(&c, "narrow_misc", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&ds, &dw, &dq, &du, &dout, &do16, &n));
  drv_download(&c, go, dout, sizeof go);
  drv_download(&c, g16, do16, sizeof g16);
  drv_expect_i64("narrow_misc", "out", eo, go, 4 * N);
  drv_expect_u16("narrow_misc", "o16", e16, g16, 2 * N);
  drv_close(&c);
}
END_TEST

START_TEST(test_narrow_misc2)
{
  drv_ctx c;
  ref_rng r;
  uint64_t q[N];
  uint16_t u[N], e16[3 * N], g16[3 * N];
  int32_t eo[N], go[N];
  int n = N;

  drv_open(&c, "narrow_int");
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
  ptxsim_devptr dq = drv_upload(&c, q, sizeof q), du = drv_upload(&c, u, sizeof u);
  ptxsim_devptr do16 = drv_alloc(&c, sizeof g16), dout = drv_alloc(&c, sizeof go);
  drv_launch(&c, "narrow_misc2", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&dq, &du, &do16, &dout, &n));
  drv_download(&c, g16, do16, sizeof g16);
  drv_download(&c, go, dout, sizeof go);
  drv_expect_u16("narrow_misc2", "o16", e16, g16, 3 * N);
  drv_expect_i32("narrow_misc2", "o", eo, go, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("narrow_int");
  DRV_ADD(s, test_narrow16);
  DRV_ADD(s, test_narrow_shared_hist);
  DRV_ADD(s, test_narrow_misc);
  DRV_ADD(s, test_narrow_misc2);
  return drv_run(s);
}
