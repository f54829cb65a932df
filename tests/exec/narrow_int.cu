/* narrow_int.cu -- CUDA host program for benchmarks/cuda/narrow_int.cu; the
 * scenarios of tests/drivers/check_narrow_int.c:
 * 8/16-bit integer arithmetic in 16-bit registers, narrow loads/stores in
 * global and shared memory, sign-extending .param reads in callees.  The
 * reference is C on uint16_t / int16_t / int8_t with the kernel's
 * truncations; exact.  (int64_t is long on LP64 Linux, the kernels take
 * long long: same layout, so device pointers are cast.)
 *
 * Inputs, CPU reference and checks: tests/ref/narrow_int_ref.h. */
#include "../../benchmarks/cuda/narrow_int.cu"
#include "exec_util.h"
#include "../ref/narrow_int_ref.h"

static void test_narrow16(void)
{
  uint16_t a[N], eo16[4 * N], go16[4 * N];
  int16_t b[N], eos[4 * N], gos[4 * N];
  int8_t cc[N];
  int32_t w[N], eo32[N], go32[N];
  int64_t eo64[3 * N], go64[3 * N];

  ex_begin("narrow16");
  narrow16_inputs(a, b, cc, w, eo16, eos, eo64, eo32);
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
  uint8_t bytes[N];
  int16_t vals[N], emin[NB], gmin[NB];
  uint16_t ecnt[2 * NB], gcnt[2 * NB];

  ex_begin("narrow_shared_hist");
  narrow_shared_hist_inputs(bytes, vals, emin, ecnt);
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
  int16_t s[N];
  int32_t w[N];
  uint64_t q[N];
  uint16_t u[N], e16[2 * N], g16[2 * N];
  int64_t eo[4 * N], go[4 * N];

  ex_begin("narrow_misc");
  narrow_misc_inputs(B, s, w, q, u, eo, e16);
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
  uint64_t q[N];
  uint16_t u[N], e16[3 * N], g16[3 * N];
  int32_t eo[N], go[N];

  ex_begin("narrow_misc2");
  narrow_misc2_inputs(q, u, e16, eo);
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
