/* half_bf16.cu -- CUDA host program for benchmarks/cuda/half_bf16.cu (sm_80);
 * the scenarios of tests/drivers/check_half_bf16.c: add/mul/fma.rn/min/max on
 * .f16, .f16x2, .bf16 and .bf16x2 (nvcc writes bf16 add as fma.rn.bf16 a,
 * 1.0, b and bf16x2 mul as fma.rn.bf16x2 a, b, -0.0), cvt.f32.f16,
 * cvt.rn.f16.f32, cvt.rn.bf16.f32 and bf16 widening by mov.b32 {0, h}.
 *
 * The reference rounds once, to nearest even, from the exact result: products
 * of two 16-bit floats are exact in double, and sums go through ref_add_ro
 * (round to odd), so a*b + c is correctly rounded even when its terms are
 * 2^200 apart.  Results are bit-exact; a NaN result may be any NaN.  Inputs:
 * hand-picked edge cases first (ties, overflow to infinity, subnormals, signed
 * zeros, NaN, infinities, fused-vs-unfused roundings), then random bit
 * patterns and random multiples of 1/16 in [-8, 8].  The halves travel as raw
 * 16-bit patterns (uint16_t on the host, __half / __nv_bfloat16 in the
 * kernels' signatures).
 *
 * Inputs, CPU reference and checks: tests/ref/half_bf16_ref.h.
 */
#include "../../benchmarks/cuda/half_bf16.cu"
#include "exec_util.h"
#include "../ref/half_bf16_ref.h"

static void test_half_ops(void)
{
  uint16_t a[N], b[N], cc[N];
  float want[4 * N], got[4 * N];

  ex_begin("half_ops");
  half_ops_inputs(a, b, cc, want);
  __half *da = ex_upload((const __half *)a, sizeof a), *db = ex_upload((const __half *)b, sizeof b);
  __half *dc = ex_upload((const __half *)cc, sizeof cc);
  float *dout = ex_alloc_fill<float>(sizeof got, 0x5a);
  half_ops<<<ex_cdiv(N, B), B>>>(da, db, dc, dout, N);
  EX_LAUNCHED("half_ops");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("half_ops", "out (add, mul, fma, max interleaved)", want, got, 4 * N, 0);
  ex_end();
}

static void test_half2_ops(void)
{
  uint32_t pa[NP], pb[NP], pc[NP];
  uint16_t want[6 * NP], got[6 * NP]; /* word k: halves 2k (low), 2k+1 (high) */

  ex_begin("half2_ops");
  half2_ops_inputs(pa, pb, pc, want);
  __half2 *da = ex_upload((const __half2 *)pa, sizeof pa);
  __half2 *db = ex_upload((const __half2 *)pb, sizeof pb);
  __half2 *dc = ex_upload((const __half2 *)pc, sizeof pc);
  __half2 *dout = ex_alloc_fill<__half2>(sizeof got, 0x5a);
  half2_ops<<<ex_cdiv(NP, 64), 64>>>(da, db, dc, dout, NP);
  EX_LAUNCHED("half2_ops");
  ex_download(got, dout, sizeof got);
  ex_expect_f16("half2_ops", "out (add2, fma2, min2(mul2, c) interleaved, as halves)", want, got,
                6 * NP);
  ex_end();
}

static void test_bf16_ops(void)
{
  uint16_t a[N], b[N], cc[N], want[3 * N], got[3 * N];
  float wantf[N], gotf[N];

  ex_begin("bf16_ops");
  bf16_ops_inputs(a, b, cc, want, wantf);
  __nv_bfloat16 *da = ex_upload((const __nv_bfloat16 *)a, sizeof a);
  __nv_bfloat16 *db = ex_upload((const __nv_bfloat16 *)b, sizeof b);
  __nv_bfloat16 *dc = ex_upload((const __nv_bfloat16 *)cc, sizeof cc);
  __nv_bfloat16 *dout = ex_alloc_fill<__nv_bfloat16>(sizeof got, 0x5a);
  float *doutf = ex_alloc_fill<float>(sizeof gotf, 0x5a);
  bf16_ops<<<ex_cdiv(N, B), B>>>(da, db, dc, dout, doutf, N);
  EX_LAUNCHED("bf16_ops");
  ex_download(got, dout, sizeof got);
  ex_download(gotf, doutf, sizeof gotf);
  ex_expect_bf16("bf16_ops", "out (add, fma, max interleaved)", want, got, 3 * N);
  ex_expect_f32("bf16_ops", "outf", wantf, gotf, N, 0);
  ex_end();
}

static void test_bf16x2_ops(void)
{
  uint32_t pa[NP], pb[NP];
  uint16_t want[4 * NP], got[4 * NP]; /* word k: halves 2k (low), 2k+1 (high) */

  ex_begin("bf16x2_ops");
  bf16x2_ops_inputs(pa, pb, want);
  __nv_bfloat162 *da = ex_upload((const __nv_bfloat162 *)pa, sizeof pa);
  __nv_bfloat162 *db = ex_upload((const __nv_bfloat162 *)pb, sizeof pb);
  __nv_bfloat162 *dout = ex_alloc_fill<__nv_bfloat162>(sizeof got, 0x5a);
  bf16x2_ops<<<ex_cdiv(NP, 64), 64>>>(da, db, dout, NP);
  EX_LAUNCHED("bf16x2_ops");
  ex_download(got, dout, sizeof got);
  ex_expect_bf16("bf16x2_ops", "out (mul2, min2 interleaved, as halves)", want, got, 4 * NP);
  ex_end();
}

static void test_convert_f16_bf16(void)
{
  float in[N], back_want[2 * N], back_got[2 * N];
  uint16_t hw[N], hg[N], bw[N], bg[N];

  ex_begin("convert_f16_bf16");
  convert_inputs(in, hw, bw, back_want);
  float *din = ex_upload(in, sizeof in);
  __half *dh = ex_alloc_fill<__half>(sizeof hg, 0x5a);
  __nv_bfloat16 *db = ex_alloc_fill<__nv_bfloat16>(sizeof bg, 0x5a);
  float *dback = ex_alloc_fill<float>(sizeof back_got, 0x5a);
  convert_f16_bf16<<<ex_cdiv(N, B), B>>>(din, dh, db, dback, N);
  EX_LAUNCHED("convert_f16_bf16");
  ex_download(hg, dh, sizeof hg);
  ex_download(bg, db, sizeof bg);
  ex_download(back_got, dback, sizeof back_got);
  ex_expect_f16("convert_f16_bf16", "h", hw, hg, N);
  ex_expect_bf16("convert_f16_bf16", "bf", bw, bg, N);
  ex_expect_f32("convert_f16_bf16", "back (f16, bf16 interleaved)", back_want, back_got, 2 * N, 0);
  ex_end();
}

/* The reference's own rounding, against values worked out by hand (host only). */
static void test_reference_rounding(void)
{
  ex_begin("reference_rounding");
  half_bf16_reference_check(&ex_ref_check);
  ex_end();
}

int main(void)
{
  ex_init("half_bf16");
  test_reference_rounding();
  test_half_ops();
  test_half2_ops();
  test_bf16_ops();
  test_bf16x2_ops();
  test_convert_f16_bf16();
  return ex_finish();
}
