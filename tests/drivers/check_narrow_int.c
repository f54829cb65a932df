/* check_narrow_int.c -- host driver for benchmarks/cuda/narrow_int.cu:
 * 8/16-bit integer arithmetic in 16-bit registers, narrow loads/stores in
 * global and shared memory, sign-extending .param reads in callees.  The
 * reference is C on uint16_t / int16_t / int8_t with the kernel's
 * truncations; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/narrow_int_ref.h, shared with
 * tests/exec/narrow_int.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/narrow_int_ref.h"

START_TEST(test_narrow16)
{
  drv_ctx c;
  uint16_t a[N], eo16[4 * N], go16[4 * N];
  int16_t b[N], eos[4 * N], gos[4 * N];
  int8_t cc[N];
  int32_t w[N], eo32[N], go32[N];
  int64_t eo64[3 * N], go64[3 * N];
  int n = N;

  drv_open(&c, "narrow_int");
  narrow16_inputs(a, b, cc, w, eo16, eos, eo64, eo32);
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
  drv_ctx c;
  uint8_t bytes[N];
  int16_t vals[N], emin[NB], gmin[NB];
  uint16_t ecnt[2 * NB], gcnt[2 * NB];
  int n = N;

  drv_open(&c, "narrow_int");
  narrow_shared_hist_inputs(bytes, vals, emin, ecnt);
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
  int16_t s[N];
  int32_t w[N];
  uint64_t q[N];
  uint16_t u[N], e16[2 * N], g16[2 * N];
  int64_t eo[4 * N], go[4 * N];
  int n = N;

  drv_open(&c, "narrow_int");
  narrow_misc_inputs(B, s, w, q, u, eo, e16);
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
  uint64_t q[N];
  uint16_t u[N], e16[3 * N], g16[3 * N];
  int32_t eo[N], go[N];
  int n = N;

  drv_open(&c, "narrow_int");
  narrow_misc2_inputs(q, u, e16, eo);
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
