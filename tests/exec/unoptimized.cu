/* unoptimized.cu -- CUDA host program for benchmarks/cuda/unoptimized.cu
 * (device code built with -Xcicc -O0: locals on the stack, vector .param
 * traffic for calls); the scenarios of
 * tests/drivers/check_unoptimized.c: unopt_vectors and unopt_loop_sum with
 * windows 21 (wider than the 16-entry ring) and 0; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/unoptimized_ref.h. */
#include "../../benchmarks/cuda/unoptimized.cu"
#include "exec_util.h"
#include "../ref/unoptimized_ref.h"

static void test_unopt_vectors(void)
{
  float a[2 * N], ea[2 * N], ga[2 * N];
  uint32_t b[2 * N], eb[2 * N], gb[2 * N];
  uint8_t cc[4 * N], ec[4 * N], gc[4 * N], d[2 * N], ed[2 * N], gd[2 * N];
  int16_t s[N];
  int64_t es[N], gs[N];

  ex_begin("unopt_vectors");
  unopt_vectors_inputs(a, b, cc, d, s, ea, eb, ec, ed, es);
  const float2 *da = ex_upload((const float2 *)a, sizeof a);
  const uint2 *db = ex_upload((const uint2 *)b, sizeof b);
  const uchar4 *dc = ex_upload((const uchar4 *)cc, sizeof cc);
  const uchar2 *dd = ex_upload((const uchar2 *)d, sizeof d);
  const short *ds = ex_upload(s, sizeof s);
  float2 *oa = ex_alloc<float2>(sizeof ga);
  uint2 *ob = ex_alloc<uint2>(sizeof gb);
  uchar4 *oc = ex_alloc<uchar4>(sizeof gc);
  uchar2 *od = ex_alloc<uchar2>(sizeof gd);
  long long *os = ex_alloc<long long>(sizeof gs);
  unopt_vectors<<<ex_cdiv(N, 64), 64>>>(da, db, dc, dd, ds, oa, ob, oc, od, os, N);
  EX_LAUNCHED("unopt_vectors");
  ex_download(ga, oa, sizeof ga);
  ex_download(gb, ob, sizeof gb);
  ex_download(gc, oc, sizeof gc);
  ex_download(gd, od, sizeof gd);
  ex_download(gs, os, sizeof gs);
  ex_expect_f32("unopt_vectors", "oa (float2 components)", ea, ga, 2 * N, 0);
  ex_expect_u32("unopt_vectors", "ob (uint2 components)", eb, gb, 2 * N);
  ex_expect_u8("unopt_vectors", "oc (uchar4 bytes)", ec, gc, 4 * N);
  ex_expect_u8("unopt_vectors", "od (uchar2 bytes)", ed, gd, 2 * N);
  ex_expect_i64("unopt_vectors", "os", es, gs, N);
  ex_end();
}

static void loop_sum(int window, uint64_t seed)
{
  int32_t in[N], exp[N], got[N];
  char name[64];

  snprintf(name, sizeof name, "unopt_loop_sum (window %d)", window);
  ex_begin(name);
  unopt_loop_sum_inputs(window, seed, in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  unopt_loop_sum<<<ex_cdiv(N, 64), 64>>>(din, dout, N, window);
  EX_LAUNCHED("unopt_loop_sum");
  ex_download(got, dout, sizeof got);
  ex_expect_i32(name, "out", exp, got, N);
  ex_end();
}

int main(void)
{
  ex_init("unoptimized");
  test_unopt_vectors();
  loop_sum(21, 32); /* wider than the 16-entry ring */
  loop_sum(0, 33);
  return ex_finish();
}
