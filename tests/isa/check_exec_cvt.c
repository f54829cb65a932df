/* check_exec_cvt.c -- the cvt forms of the corpus census (integer to
 * integer, float to integer, integer to float, float to float, rounding
 * to an integral value, tf32), plus the neighbours that exercise the
 * other rounding directions, .sat, .ftz and wider destination registers;
 * run end to end through the public API by the generic harness
 * (exec_harness.h).
 *
 * References are exact (GMP) and follow PTX ISA cvt and isa/fp_cvt.h:
 * integer narrowing chops, then extends to the register by the
 * destination's signedness; .sat clamps the source's value; float to
 * integer rounds, clamps to the destination range and gives 0 for NaN,
 * except from .f64 or into a 64-bit type, where NaN gives 1 << (n-1);
 * narrowing float conversions round per IEEE (overflow to Inf or the
 * largest finite value) and give the destination's canonical NaN; exact
 * widenings keep a NaN's sign and payload and set its quiet bit.
 */
#include "config.h"

#include <check.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "tests/isa/exec_harness.h"

enum { FM_F16, FM_F32, FM_F64, FM_BF16, FM_TF32 };
static const ex_fmt *const fmts[] = {&EX_F16, &EX_F32, &EX_F64, &EX_BF16, &EX_TF32};

#define FTZ 0x10
#define SAT 0x20
#define RM_OF(p2) ((p2) & 0xf)
/* Destination integer type in p1: bits | signed << 8. */
#define DT(bits, sg) ((bits) | (sg) << 8)

/* The w-bit destination value v (an integer within range) extended to 64
 * bits by the destination's signedness. */
static uint64_t extend_dst(int p1, uint64_t v)
{
  unsigned dw = (unsigned)p1 & 0xff;
  return (p1 >> 8) ? (uint64_t)ex_sx(v, dw) : v & ex_ones(dw);
}

/* ---- integer to integer ------------------------------------------------------- */

/* case.w / sg: source bits and signedness; p1: destination; p2: SAT. */
static void r_i2i(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned sw = (unsigned)c->w, dw = (unsigned)c->p1 & 0xff;
  bool ds = (c->p1 >> 8) != 0;
  mpz_t v, lo, hi;
  mpz_inits(v, lo, hi, NULL);
  if (c->sg)
    mpz_set_si(v, (long)ex_sx(a[0], sw));
  else
    mpz_set_ui(v, (unsigned long)(a[0] & ex_ones(sw)));
  uint64_t r;
  if (c->p2 & SAT) {
    if (ds) {
      mpz_set_si(lo, dw == 64 ? INT64_MIN : -(INT64_C(1) << (dw - 1)));
      mpz_set_si(hi, dw == 64 ? INT64_MAX : (INT64_C(1) << (dw - 1)) - 1);
    } else {
      mpz_set_ui(lo, 0);
      mpz_set_ui(hi, (unsigned long)ex_ones(dw));
    }
    if (mpz_cmp(v, lo) < 0)
      mpz_set(v, lo);
    if (mpz_cmp(v, hi) > 0)
      mpz_set(v, hi);
  }
  /* chop: v mod 2^64, then the destination width */
  mpz_fdiv_r_2exp(v, v, 64);
  r = (uint64_t)mpz_get_ui(v);
  mpz_clears(v, lo, hi, NULL);
  d[0] = extend_dst(c->p1, r);
}

/* ---- float to integer -------------------------------------------------------- */

/* case.w: source format; p1: destination; p2: direction | FTZ. */
static void r_f2i(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  unsigned dw = (unsigned)c->p1 & 0xff;
  bool ds = (c->p1 >> 8) != 0;
  uint64_t x = a[0] & ex_ones(ex_fmt_bits(f));
  if ((c->p2 & FTZ) && c->w == FM_F32)
    x = ex_ftz(f, x);
  if (ex_isnan(f, x)) {
    d[0] = (c->w == FM_F64 || dw == 64) ? extend_dst(c->p1, UINT64_C(1) << (dw - 1)) : 0;
    return;
  }
  mpz_t v, lo, hi;
  mpz_inits(v, lo, hi, NULL);
  if (ds) {
    mpz_set_si(lo, dw == 64 ? INT64_MIN : -(INT64_C(1) << (dw - 1)));
    mpz_set_si(hi, dw == 64 ? INT64_MAX : (INT64_C(1) << (dw - 1)) - 1);
  } else {
    mpz_set_ui(lo, 0);
    mpz_set_ui(hi, (unsigned long)ex_ones(dw));
  }
  if (ex_isinf(f, x))
    mpz_set(v, (x & ex_fmt_sign(f)) ? lo : hi);
  else
    ex_to_integer(f, x, RM_OF(c->p2), v);
  if (mpz_cmp(v, lo) < 0)
    mpz_set(v, lo);
  if (mpz_cmp(v, hi) > 0)
    mpz_set(v, hi);
  mpz_fdiv_r_2exp(v, v, 64);
  uint64_t r = (uint64_t)mpz_get_ui(v);
  mpz_clears(v, lo, hi, NULL);
  d[0] = extend_dst(c->p1, r);
}

/* ---- integer to float -------------------------------------------------------- */

/* case.w / sg: source; p1: destination format; p2: direction | SAT. */
static void r_i2f(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->p1];
  uint64_t v = c->sg ? (uint64_t)ex_sx(a[0], (unsigned)c->w) : a[0] & ex_ones((unsigned)c->w);
  uint64_t r = ex_from_int(f, v, c->sg != 0, RM_OF(c->p2));
  if (c->p2 & SAT)
    r = ex_sat(f, r);
  d[0] = r;
}

/* ---- float to float ---------------------------------------------------------- */

/* A NaN widened exactly: sign and payload kept, quiet bit set. */
static uint64_t widen_nan(ex_fmt to, ex_fmt from, uint64_t b)
{
  uint64_t sign = (b & ex_fmt_sign(from)) ? ex_fmt_sign(to) : 0;
  uint64_t frac = (b & ex_ones(from.mbits)) << (to.mbits - from.mbits);
  return sign | ex_fmt_inf(to) | frac | ex_fmt_quiet(to);
}

/* case.w: source format; p1: destination format; p2: direction | FTZ |
 * SAT.  FTZ flushes f32 inputs and f32 results only. */
static void r_f2f(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt from = *fmts[c->w], to = *fmts[c->p1];
  uint64_t x = a[0] & ex_ones(ex_fmt_bits(from)), r;
  if ((c->p2 & FTZ) && c->w == FM_F32)
    x = ex_ftz(from, x);
  if (ex_isnan(from, x) && to.mbits > from.mbits && c->p1 != FM_TF32)
    r = widen_nan(to, from, x);
  else
    r = ex_convert(to, from, x, RM_OF(c->p2));
  if ((c->p2 & FTZ) && c->p1 == FM_F32)
    r = ex_ftz(to, r);
  if (c->p2 & SAT)
    r = ex_sat(to, r);
  if (c->p1 == FM_TF32) /* the f32 container: 10 fraction bits, 13 zeros */
    r = ex_isnan(from, x) ? 0x7fffffff : r << 13;
  d[0] = r;
}

/* cvt.rXi.fN.fN: an integral value of the same format; NaN canonical; p2:
 * direction | FTZ | SAT. */
static void r_f2f_int(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  uint64_t x = a[0];
  if ((c->p2 & FTZ) && c->w == FM_F32)
    x = ex_ftz(f, x);
  uint64_t r = ex_round_integral(f, x, RM_OF(c->p2));
  if (c->p2 & SAT)
    r = ex_sat(f, r);
  d[0] = r;
}

/* cvt.sat.f32.f32 and cvt.ftz.f32.f32: the identity with .sat / .ftz. */
static void r_f32_same(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t x = a[0];
  if (c->p2 & FTZ)
    x = ex_ftz(EX_F32, x);
  if (c->p2 & SAT)
    x = ex_sat(EX_F32, x);
  d[0] = x;
}

/* cvt.rn.{f16x2,bf16x2}.f32 d, a, b: a to the high half, b to the low. */
static void r_pack2(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt to = *fmts[c->p1];
  d[0] = ex_convert(to, EX_F32, a[0], RM_OF(c->p2)) << 16 |
         ex_convert(to, EX_F32, a[1], RM_OF(c->p2));
}

/* ---- the cases --------------------------------------------------------------- */

#define CASE(f, n, b, i0, i1, g0, g1, o0, r, W, S, P1, P2)                                       \
  {.fam = f, .name = n, .body = b, .in = {i0, i1, 0}, .gen = {g0, g1, 0}, .out = {o0, 0},       \
   .ref = r, .w = W, .sg = S, .p1 = P1, .p2 = P2}
/* integer -> integer: source kind and bits, destination register kind. */
#define I2I(n, ki, gi, sw, ss, ko, dw, ds, p2) CASE("i2i", n, NULL, ki, 0, gi, 0, ko, r_i2i, sw, ss, DT(dw, ds), p2)
#define F2I(n, ki, gi, fm, ko, dw, ds, p2) CASE("f2i", n, NULL, ki, 0, gi, 0, ko, r_f2i, fm, 0, DT(dw, ds), p2)
#define I2F(n, ki, gi, sw, ss, ko, fm, p2) CASE("i2f", n, NULL, ki, 0, gi, 0, ko, r_i2f, sw, ss, fm, p2)
#define F2F(n, ki, gi, from, ko, to, p2) CASE("f2f", n, NULL, ki, 0, gi, 0, ko, r_f2f, from, 0, to, p2)
#define RINT(n, ki, gi, fm, p2) CASE("rint", n, NULL, ki, 0, gi, 0, ki, r_f2f_int, fm, 0, 0, p2)

static const ex_case cases[] = {
  /* integer -> integer: the census forms */
  I2I("cvt.s32.s16", K_H, G_I16, 16, 1, K_R, 32, 1, 0),
  I2I("cvt.s32.s8", K_R, G_I32, 8, 1, K_R, 32, 1, 0),
  I2I("cvt.s64.s32", K_R, G_I32, 32, 1, K_L, 64, 1, 0),
  I2I("cvt.u16.u32", K_R, G_I32, 32, 0, K_H, 16, 0, 0),
  I2I("cvt.u16.u64", K_L, G_I64, 64, 0, K_H, 16, 0, 0),
  I2I("cvt.u32.u16", K_H, G_I16, 16, 0, K_R, 32, 0, 0),
  I2I("cvt.u32.u64", K_L, G_I64, 64, 0, K_R, 32, 0, 0),
  I2I("cvt.u64.u16", K_H, G_I16, 16, 0, K_L, 64, 0, 0),
  I2I("cvt.u64.u32", K_R, G_I32, 32, 0, K_L, 64, 0, 0),
  /* s8 source in a 16-bit register; narrowing into wider registers
   * (extension by the destination type); sign/zero extension by source */
  I2I("cvt.s32.s8", K_H, G_I16, 8, 1, K_R, 32, 1, 0),
  I2I("cvt.s16.s32", K_R, G_I32, 32, 1, K_R, 16, 1, 0),
  I2I("cvt.u8.s32", K_R, G_I32, 32, 1, K_R, 8, 0, 0),
  I2I("cvt.s8.u64", K_L, G_I64, 64, 0, K_L, 8, 1, 0),
  I2I("cvt.u64.s32", K_R, G_I32, 32, 1, K_L, 64, 0, 0),
  I2I("cvt.s64.u32", K_R, G_I32, 32, 0, K_L, 64, 1, 0),
  I2I("cvt.s64.s8", K_H, G_I16, 8, 1, K_L, 64, 1, 0),
  /* .sat */
  I2I("cvt.sat.u8.s32", K_R, G_I32, 32, 1, K_R, 8, 0, SAT),
  I2I("cvt.sat.s8.s32", K_R, G_I32, 32, 1, K_R, 8, 1, SAT),
  I2I("cvt.sat.s32.u32", K_R, G_I32, 32, 0, K_R, 32, 1, SAT),
  I2I("cvt.sat.u32.s32", K_R, G_I32, 32, 1, K_R, 32, 0, SAT),
  I2I("cvt.sat.s32.s64", K_L, G_I64, 64, 1, K_R, 32, 1, SAT),
  I2I("cvt.sat.u16.s64", K_L, G_I64, 64, 1, K_H, 16, 0, SAT),
  I2I("cvt.sat.s64.u64", K_L, G_I64, 64, 0, K_L, 64, 1, SAT),

  /* float -> integer: NaN, +-Inf, out of range, ties, -0.5 */
  F2I("cvt.rni.s32.f32", K_F, G_F32, FM_F32, K_R, 32, 1, EX_RN),
  F2I("cvt.rzi.s32.f32", K_F, G_F32, FM_F32, K_R, 32, 1, EX_RZ),
  F2I("cvt.rzi.u32.f32", K_F, G_F32, FM_F32, K_R, 32, 0, EX_RZ),
  F2I("cvt.rni.s32.f64", K_D, G_F64, FM_F64, K_R, 32, 1, EX_RN),
  F2I("cvt.rzi.s32.f64", K_D, G_F64, FM_F64, K_R, 32, 1, EX_RZ),
  F2I("cvt.rzi.s64.f64", K_D, G_F64, FM_F64, K_L, 64, 1, EX_RZ),
  F2I("cvt.rzi.u32.f64", K_D, G_F64, FM_F64, K_R, 32, 0, EX_RZ),
  F2I("cvt.rmi.s32.f32", K_F, G_F32, FM_F32, K_R, 32, 1, EX_RM),
  F2I("cvt.rpi.s32.f32", K_F, G_F32, FM_F32, K_R, 32, 1, EX_RP),
  F2I("cvt.rmi.ftz.s32.f32", K_F, G_F32, FM_F32, K_R, 32, 1, EX_RM | FTZ),
  F2I("cvt.rni.s64.f32", K_F, G_F32, FM_F32, K_L, 64, 1, EX_RN),
  F2I("cvt.rpi.u64.f32", K_F, G_F32, FM_F32, K_L, 64, 0, EX_RP),
  F2I("cvt.rzi.u64.f64", K_D, G_F64, FM_F64, K_L, 64, 0, EX_RZ),
  F2I("cvt.rzi.s16.f32", K_F, G_F32, FM_F32, K_H, 16, 1, EX_RZ),
  F2I("cvt.rni.u8.f32", K_F, G_F32, FM_F32, K_R, 8, 0, EX_RN),
  F2I("cvt.rmi.s16.f64", K_D, G_F64, FM_F64, K_R, 16, 1, EX_RM),
  F2I("cvt.rni.s32.f16", K_H, G_F16, FM_F16, K_R, 32, 1, EX_RN),

  /* integer -> float */
  I2F("cvt.rn.f32.s16", K_H, G_I16, 16, 1, K_F, FM_F32, EX_RN),
  I2F("cvt.rn.f32.s32", K_R, G_I32, 32, 1, K_F, FM_F32, EX_RN),
  I2F("cvt.rn.f32.u16", K_H, G_I16, 16, 0, K_F, FM_F32, EX_RN),
  I2F("cvt.rn.f32.u32", K_R, G_I32, 32, 0, K_F, FM_F32, EX_RN),
  I2F("cvt.rn.f32.u64", K_L, G_I64, 64, 0, K_F, FM_F32, EX_RN),
  I2F("cvt.rn.f64.s32", K_R, G_I32, 32, 1, K_D, FM_F64, EX_RN),
  I2F("cvt.rn.f64.s64", K_L, G_I64, 64, 1, K_D, FM_F64, EX_RN),
  I2F("cvt.rn.f64.u32", K_R, G_I32, 32, 0, K_D, FM_F64, EX_RN),
  I2F("cvt.rn.f64.u64", K_L, G_I64, 64, 0, K_D, FM_F64, EX_RN),
  I2F("cvt.rz.f32.s32", K_R, G_I32, 32, 1, K_F, FM_F32, EX_RZ),
  I2F("cvt.rm.f32.s64", K_L, G_I64, 64, 1, K_F, FM_F32, EX_RM),
  I2F("cvt.rp.f32.u64", K_L, G_I64, 64, 0, K_F, FM_F32, EX_RP),
  I2F("cvt.rz.f64.s64", K_L, G_I64, 64, 1, K_D, FM_F64, EX_RZ),
  I2F("cvt.rn.f16.s32", K_R, G_I32, 32, 1, K_H, FM_F16, EX_RN),
  I2F("cvt.rz.f16.u32", K_R, G_I32, 32, 0, K_H, FM_F16, EX_RZ),
  I2F("cvt.rn.sat.f32.s32", K_R, G_I32, 32, 1, K_F, FM_F32, EX_RN | SAT),

  /* float -> float */
  F2F("cvt.f32.f16", K_H, G_F16, FM_F16, K_F, FM_F32, 0),
  F2F("cvt.f64.f32", K_F, G_F32, FM_F32, K_D, FM_F64, 0),
  F2F("cvt.rn.f16.f32", K_F, G_F32, FM_F32, K_H, FM_F16, EX_RN),
  F2F("cvt.rn.f32.f64", K_D, G_F64, FM_F64, K_F, FM_F32, EX_RN),
  F2F("cvt.rna.tf32.f32", K_F, G_F32, FM_F32, K_R, FM_TF32, EX_RNA),
  F2F("cvt.rz.f16.f32", K_F, G_F32, FM_F32, K_H, FM_F16, EX_RZ),
  F2F("cvt.rm.f16.f32", K_F, G_F32, FM_F32, K_H, FM_F16, EX_RM),
  F2F("cvt.rz.f32.f64", K_D, G_F64, FM_F64, K_F, FM_F32, EX_RZ),
  F2F("cvt.rp.f32.f64", K_D, G_F64, FM_F64, K_F, FM_F32, EX_RP),
  F2F("cvt.rn.ftz.f32.f64", K_D, G_F64, FM_F64, K_F, FM_F32, EX_RN | FTZ),
  F2F("cvt.ftz.f64.f32", K_F, G_F32, FM_F32, K_D, FM_F64, FTZ),
  F2F("cvt.f64.f16", K_H, G_F16, FM_F16, K_D, FM_F64, 0),
  F2F("cvt.rn.f16.f64", K_D, G_F64, FM_F64, K_H, FM_F16, EX_RN),
  F2F("cvt.rn.bf16.f32", K_F, G_F32, FM_F32, K_H, FM_BF16, EX_RN),
  F2F("cvt.f32.bf16", K_H, G_BF16, FM_BF16, K_F, FM_F32, 0),
  F2F("cvt.rn.tf32.f32", K_F, G_F32, FM_F32, K_R, FM_TF32, EX_RN),
  F2F("cvt.rz.tf32.f32", K_F, G_F32, FM_F32, K_R, FM_TF32, EX_RZ),
  CASE("f2f", "cvt.rn.f16x2.f32", NULL, K_F, K_F, G_F32, G_F32, K_R, r_pack2, FM_F32, 0, FM_F16,
       EX_RN),
  CASE("f2f", "cvt.rn.bf16x2.f32", NULL, K_F, K_F, G_F32, G_F32, K_R, r_pack2, FM_F32, 0, FM_BF16,
       EX_RN),

  /* rounding to an integral value, .sat and .ftz on the identity */
  RINT("cvt.rni.f32.f32", K_F, G_F32, FM_F32, EX_RN),
  RINT("cvt.rzi.f32.f32", K_F, G_F32, FM_F32, EX_RZ),
  RINT("cvt.rmi.f32.f32", K_F, G_F32, FM_F32, EX_RM),
  RINT("cvt.rpi.f32.f32", K_F, G_F32, FM_F32, EX_RP),
  RINT("cvt.rni.f64.f64", K_D, G_F64, FM_F64, EX_RN),
  RINT("cvt.rzi.f64.f64", K_D, G_F64, FM_F64, EX_RZ),
  RINT("cvt.rmi.f64.f64", K_D, G_F64, FM_F64, EX_RM),
  RINT("cvt.rpi.f64.f64", K_D, G_F64, FM_F64, EX_RP),
  RINT("cvt.rpi.ftz.f32.f32", K_F, G_F32, FM_F32, EX_RP | FTZ),
  RINT("cvt.rni.sat.f32.f32", K_F, G_F32, FM_F32, EX_RN | SAT),
  CASE("rint", "cvt.sat.f32.f32", NULL, K_F, 0, G_F32, 0, K_F, r_f32_same, FM_F32, 0, 0, SAT),
  CASE("rint", "cvt.ftz.f32.f32", NULL, K_F, 0, G_F32, 0, K_F, r_f32_same, FM_F32, 0, 0, FTZ),
};

int main(void)
{
  return ex_run(ex_suite("exec_cvt", cases, sizeof cases / sizeof cases[0]));
}
