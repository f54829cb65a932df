/* check_unoptimized.c -- host driver for benchmarks/cuda/unoptimized.cu
 * (built with -O0 device code: locals on the stack, vector .param traffic
 * for calls): unopt_vectors and unopt_loop_sum; exact.
 *
 * Inputs, CPU reference and checks: tests/ref/unoptimized_ref.h, shared with
 * tests/exec/unoptimized.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/unoptimized_ref.h"

START_TEST(test_unopt_vectors)
{
  drv_ctx c;
  float a[2 * N], ea[2 * N], ga[2 * N];
  uint32_t b[2 * N], eb[2 * N], gb[2 * N];
  uint8_t cc[4 * N], ec[4 * N], gc[4 * N], d[2 * N], ed[2 * N], gd[2 * N];
  int16_t s[N];
  int64_t es[N], gs[N];
  int n = N;

  drv_open(&c, "unoptimized");
  unopt_vectors_inputs(a, b, cc, d, s, ea, eb, ec, ed, es);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_upload(&c, cc, sizeof cc), dd = drv_upload(&c, d, sizeof d);
  ptxsim_devptr ds = drv_upload(&c, s, sizeof s);
  ptxsim_devptr oa = drv_alloc(&c, sizeof ga), ob = drv_alloc(&c, sizeof gb);
  ptxsim_devptr oc = drv_alloc(&c, sizeof gc), od = drv_alloc(&c, sizeof gd);
  ptxsim_devptr os = drv_alloc(&c, sizeof gs);
  drv_launch(&c, "unopt_vectors", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dd, &ds, &oa, &ob, &oc, &od, &os, &n));
  drv_download(&c, ga, oa, sizeof ga);
  drv_download(&c, gb, ob, sizeof gb);
  drv_download(&c, gc, oc, sizeof gc);
  drv_download(&c, gd, od, sizeof gd);
  drv_download(&c, gs, os, sizeof gs);
  drv_expect_f32("unopt_vectors", "oa (float2 components)", ea, ga, 2 * N, 0);
  drv_expect_u32("unopt_vectors", "ob (uint2 components)", eb, gb, 2 * N);
  drv_expect_u8("unopt_vectors", "oc (uchar4 bytes)", ec, gc, 4 * N);
  drv_expect_u8("unopt_vectors", "od (uchar2 bytes)", ed, gd, 2 * N);
  drv_expect_i64("unopt_vectors", "os", es, gs, N);
  drv_close(&c);
}
END_TEST

static void loop_sum(int window, uint64_t seed)
{
  drv_ctx c;
  int32_t in[N], exp[N], got[N];
  int n = N;
  char name[64];

  drv_open(&c, "unoptimized");
  unopt_loop_sum_inputs(window, seed, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "unopt_loop_sum", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n, &window));
  drv_download(&c, got, dout, sizeof got);
  snprintf(name, sizeof name, "unopt_loop_sum (window %d)", window);
  drv_expect_i32(name, "out", exp, got, N);
  drv_close(&c);
}

START_TEST(test_unopt_loop_sum)
{
  loop_sum(21, 32);   /* wider than the 16-entry ring */
  loop_sum(0, 33);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("unoptimized");
  DRV_ADD(s, test_unopt_vectors);
  DRV_ADD(s, test_unopt_loop_sum);
  return drv_run(s);
}
