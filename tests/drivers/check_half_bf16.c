/* check_half_bf16.c -- host driver for benchmarks/cuda/half_bf16.cu:
 * add/mul/fma.rn/min/max on .f16, .f16x2, .bf16 and .bf16x2 (nvcc writes
 * bf16 add as fma.rn.bf16 a, 1.0, b and bf16x2 mul as fma.rn.bf16x2 a, b,
 * -0.0), cvt.f32.f16, cvt.rn.f16.f32, cvt.rn.bf16.f32 and bf16 widening by
 * mov.b32 {0, h}.
 *
 * The reference rounds once, to nearest even, from the exact result:
 * products of two 16-bit floats are exact in double, and sums go through
 * ref_add_ro (round to odd), so a*b + c is correctly rounded even when its
 * terms are 2^200 apart.  Results are bit-exact; a NaN result may be any
 * NaN (the PTX ISA leaves the NaN of half arithmetic unspecified).
 * Inputs: hand-picked edge cases first (ties, overflow to infinity,
 * subnormals, signed zeros, NaN, infinities, fused-vs-unfused roundings),
 * then random bit patterns and random multiples of 1/16 in [-8, 8].
 *
 * Inputs, CPU reference and checks: tests/ref/half_bf16_ref.h, shared with
 * tests/exec/half_bf16.cu.
 */
#include "tests/drivers/drv_util.h"
#include "tests/ref/half_bf16_ref.h"

START_TEST(test_half_ops)
{
  drv_ctx c;
  uint16_t a[N], b[N], cc[N];
  float want[4 * N], got[4 * N];
  int n = N;

  drv_open(&c, "half_bf16");
  half_ops_inputs(a, b, cc, want);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_upload(&c, cc, sizeof cc), dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "half_ops", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("half_ops", "out (add, mul, fma, max interleaved)", want, got, 4 * N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_half2_ops)
{
  drv_ctx c;
  uint32_t pa[NP], pb[NP], pc[NP];
  uint16_t want[6 * NP], got[6 * NP]; /* word k: halves 2k (low), 2k+1 (high) */
  int n = NP;

  drv_open(&c, "half_bf16");
  half2_ops_inputs(pa, pb, pc, want);
  ptxsim_devptr da = drv_upload(&c, pa, sizeof pa), db = drv_upload(&c, pb, sizeof pb);
  ptxsim_devptr dc = drv_upload(&c, pc, sizeof pc), dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "half2_ops", drv_dim(drv_cdiv(NP, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f16("half2_ops", "out (add2, fma2, min2(mul2, c) interleaved, as halves)", want,
                 got, 6 * NP);
  drv_close(&c);
}
END_TEST

START_TEST(test_bf16_ops)
{
  drv_ctx c;
  uint16_t a[N], b[N], cc[N], want[3 * N], got[3 * N];
  float wantf[N], gotf[N];
  int n = N;

  drv_open(&c, "half_bf16");
  bf16_ops_inputs(a, b, cc, want, wantf);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_upload(&c, cc, sizeof cc), dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  ptxsim_devptr doutf = drv_alloc_fill(&c, sizeof gotf, 0x5a);
  drv_launch(&c, "bf16_ops", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dout, &doutf, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, gotf, doutf, sizeof gotf);
  drv_expect_bf16("bf16_ops", "out (add, fma, max interleaved)", want, got, 3 * N);
  drv_expect_f32("bf16_ops", "outf", wantf, gotf, N, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_bf16x2_ops)
{
  drv_ctx c;
  uint32_t pa[NP], pb[NP];
  uint16_t want[4 * NP], got[4 * NP]; /* word k: halves 2k (low), 2k+1 (high) */
  int n = NP;

  drv_open(&c, "half_bf16");
  bf16x2_ops_inputs(pa, pb, want);
  ptxsim_devptr da = drv_upload(&c, pa, sizeof pa), db = drv_upload(&c, pb, sizeof pb);
  ptxsim_devptr dout = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "bf16x2_ops", drv_dim(drv_cdiv(NP, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_bf16("bf16x2_ops", "out (mul2, min2 interleaved, as halves)", want, got, 4 * NP);
  drv_close(&c);
}
END_TEST

START_TEST(test_convert_f16_bf16)
{
  drv_ctx c;
  float in[N], back_want[2 * N], back_got[2 * N];
  uint16_t hw[N], hg[N], bw[N], bg[N];
  int n = N;

  drv_open(&c, "half_bf16");
  convert_inputs(in, hw, bw, back_want);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in);
  ptxsim_devptr dh = drv_alloc_fill(&c, sizeof hg, 0x5a), db = drv_alloc_fill(&c, sizeof bg, 0x5a);
  ptxsim_devptr dback = drv_alloc_fill(&c, sizeof back_got, 0x5a);
  drv_launch(&c, "convert_f16_bf16", drv_dim(drv_cdiv(N, B), 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dh, &db, &dback, &n));
  drv_download(&c, hg, dh, sizeof hg);
  drv_download(&c, bg, db, sizeof bg);
  drv_download(&c, back_got, dback, sizeof back_got);
  drv_expect_f16("convert_f16_bf16", "h", hw, hg, N);
  drv_expect_bf16("convert_f16_bf16", "bf", bw, bg, N);
  drv_expect_f32("convert_f16_bf16", "back (f16, bf16 interleaved)", back_want, back_got, 2 * N, 0);
  drv_close(&c);
}
END_TEST

/* The reference's own rounding, against values worked out by hand. */
START_TEST(test_reference_rounding)
{
  half_bf16_reference_check(&drv_check);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("half_bf16");
  DRV_ADD(s, test_reference_rounding);
  DRV_ADD(s, test_half_ops);
  DRV_ADD(s, test_half2_ops);
  DRV_ADD(s, test_bf16_ops);
  DRV_ADD(s, test_bf16x2_ops);
  DRV_ADD(s, test_convert_f16_bf16);
  return drv_run(s);
}
