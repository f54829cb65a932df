/* check_exec_fp.c -- the floating-point arithmetic, approximate-function,
 * min/max, sign and comparison forms of the corpus census (.f32, .f64,
 * .f16x2), run end to end through the public API by the generic harness
 * (exec_harness.h).
 *
 * Exact forms (add sub mul fma div rcp sqrt with a rounding modifier) are
 * compared bit for bit with GMP references rounded once in the named
 * direction; edge values cover +-0, subnormals with and without .ftz,
 * +-Inf, quiet and signalling NaNs with payloads, overflow, exact ties and
 * the largest finite values.  NaN results follow isa/fp_arith.h: f32 always
 * 0x7fffffff; f64 the first NaN operand with its quiet bit set, else
 * 0x7fffffffffffffff; f16 0x7fff (isa/fp_half.h).  .ftz flushes inputs and
 * rounded results; .sat maps NaN and -0 to +0.
 *
 * The .approx forms are checked against long-double libm with the error
 * bounds of the PTX ISA (sin/cos absolute 2^-20.5 over [-2pi, 2pi] and
 * 2^-14.7 over [-100pi, 100pi]; lg2 2^-22 absolute in (0.5, 2), relative
 * elsewhere; ex2 and div.approx 2 ulp; rcp.approx 1 ulp; rsqrt.approx.f32
 * relative 2^-22.9), and their special-case tables exactly.  Where the ISA
 * gives no bound (rcp.approx.ftz.f64, rsqrt.approx.f64) the header's
 * contract is used: a 20-bit quotient with a zero low word, and 2 ulp.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "tests/isa/exec_harness.h"

/* Formats by case.w. */
enum { FM_F16, FM_F32, FM_F64, FM_BF16 };
static const ex_fmt *const fmts[] = {&EX_F16, &EX_F32, &EX_F64, &EX_BF16};

/* case.p2 bits: rounding direction, .ftz, .sat. */
#define FTZ 0x10
#define SAT 0x20
#define RM_OF(p2) ((p2) & 0xf)

enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_DIV, OP_SQRT, OP_RCP };

/* The NaN a format's arithmetic returns for operands ops[0..n). */
static uint64_t nan_of(int fm, const uint64_t *ops, int n)
{
  if (fm == FM_F64)
    return ex_f64_nan(ops, n);
  return ex_cnan(*fmts[fm]);
}

/* One rounded operation on one element. */
static uint64_t fp_op(int fm, int op, int p2, uint64_t a, uint64_t b, uint64_t c)
{
  ex_fmt f = *fmts[fm];
  int rm = RM_OF(p2);
  uint64_t ops[3] = {a, b, c}, r = 0;
  int n = op == OP_FMA ? 3 : (op == OP_SQRT || op == OP_RCP) ? 1 : 2;
  bool is_nan = false;
  if (p2 & FTZ)
    a = ex_ftz(f, a), b = ex_ftz(f, b), c = ex_ftz(f, c);
  switch (op) {
  case OP_ADD: r = ex_add(f, a, b, rm, &is_nan); break;
  case OP_SUB: r = ex_add(f, a, b ^ ex_fmt_sign(f), rm, &is_nan); break;
  case OP_MUL: r = ex_mul(f, a, b, rm, &is_nan); break;
  case OP_FMA: r = ex_fma(f, a, b, c, rm, &is_nan); break;
  case OP_DIV: r = ex_div(f, a, b, rm, &is_nan); break;
  case OP_SQRT: r = ex_sqrt(f, a, rm, &is_nan); break;
  default: r = ex_div(f, ex_fmt_one(f), a, rm, &is_nan); break;
  }
  if (is_nan)
    r = nan_of(fm, ops, n);
  else if (p2 & FTZ)
    r = ex_ftz(f, r);
  if (p2 & SAT)
    r = ex_sat(f, r);
  return r;
}

/* case.sg: the .f16x2 forms, one operation per 16-bit half. */
static void r_arith(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  if (!c->sg) {
    d[0] = fp_op(c->w, c->p1, c->p2, a[0], a[1], a[2]);
    return;
  }
  uint64_t r = 0;
  for (int h = 0; h < 2; h++)
    r |= fp_op(c->w, c->p1, c->p2, (a[0] >> (16 * h)) & 0xffff, (a[1] >> (16 * h)) & 0xffff,
               (a[2] >> (16 * h)) & 0xffff)
         << (16 * h);
  d[0] = r;
}

/* abs / neg: sign-bit operations after the .ftz input flush; NaN payloads
 * kept.  abs.f64 passes a NaN through unchanged, sign included (PTX ISA
 * abs; fp_arith.h). */
static void r_abs(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  uint64_t x = (c->p2 & FTZ) ? ex_ftz(f, a[0]) : a[0];
  if (c->w == FM_F64 && ex_isnan(f, x))
    d[0] = x;
  else
    d[0] = x & ~ex_fmt_sign(f);
}

static void r_neg(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  uint64_t x = (c->p2 & FTZ) ? ex_ftz(f, a[0]) : a[0];
  d[0] = x ^ ex_fmt_sign(f);
}

/* copysign d, a, b: the magnitude of b with the sign of a. */
static void r_copysign(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  d[0] = (a[1] & ~ex_fmt_sign(f)) | (a[0] & ex_fmt_sign(f));
}

/* min/max (p1: 0 min, 1 max; p2: FTZ, and 0x40 for .NaN): IEEE
 * minNum/maxNum with -0 < +0; both NaN (or any NaN under .NaN) give
 * 0x7fffffff for f32 and a quieted for f64 (fp_arith.h). */
static void r_minmax(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  uint64_t x = a[0], y = a[1];
  if (c->p2 & FTZ)
    x = ex_ftz(f, x), y = ex_ftz(f, y);
  bool nx = ex_isnan(f, x), ny = ex_isnan(f, y);
  if ((nx && ny) || ((c->p2 & 0x40) && (nx || ny))) {
    d[0] = c->w == FM_F64 ? (nx ? x : y) | ex_fmt_quiet(f) : ex_cnan(f);
    return;
  }
  if (nx || ny) {
    d[0] = nx ? y : x;
    return;
  }
  double vx = ex_to_double(f, x), vy = ex_to_double(f, y);
  bool x_less = vx < vy || (vx == vy && (x & ex_fmt_sign(f)) && !(y & ex_fmt_sign(f)));
  d[0] = (c->p1 ? !x_less : x_less) ? x : y;
}

/* setp (p1: 0 eq 1 ne 2 lt 3 le 4 gt 5 ge 6 num 7 nan; p2: FTZ, 0x40
 * unordered forms). */
static void r_setp(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  ex_fmt f = *fmts[c->w];
  uint64_t x = a[0], y = a[1];
  if (c->p2 & FTZ)
    x = ex_ftz(f, x), y = ex_ftz(f, y);
  int k = ex_cmp(f, x, y);
  bool t;
  if (c->p1 == 6)
    t = k != 2;
  else if (c->p1 == 7)
    t = k == 2;
  else if (k == 2)
    t = (c->p2 & 0x40) != 0;
  else
    switch (c->p1) {
    case 0: t = k == 0; break;
    case 1: t = k != 0; break;
    case 2: t = k < 0; break;
    case 3: t = k <= 0; break;
    case 4: t = k > 0; break;
    default: t = k >= 0; break;
    }
  d[0] = t;
  d[1] = !t;
}

/* ---- approximate functions ---------------------------------------------------- */

static const uint64_t F32_NAN = 0x7fffffff;

/* f32 value helpers. */
static long double lf(uint64_t b)
{
  return (long double)ex_u2f((uint32_t)b);
}

static bool f32_is(uint64_t got, uint64_t want)
{
  return (got & 0xffffffff) == want;
}

/* Within n ulp of the f32 rounding of v (ordered distance); under .ftz a
 * zero is also accepted where v is below the smallest normal. */
static bool f32_near(uint64_t got, long double v, unsigned n, bool ftz, uint64_t *want)
{
  uint32_t r = ex_f2u((float)v); /* the host rounds to nearest */
  if (ftz)
    r = (uint32_t)ex_ftz(EX_F32, r);
  *want = r;
  if (ex_isnan(EX_F32, got))
    return false;
  if (ex_ulp_dist(EX_F32, got, r) <= n)
    return true;
  return ftz && ex_iszero(EX_F32, got) && fabsl(v) < 0x1.000004p-126L;
}

/* div.approx{.ftz}.f32: 2 ulp for |b| in [2^-126, 2^126]; a zero of sign
 * a^b (NaN for an infinite a) for larger |b|; nothing promised for
 * subnormal b; NaN, zero and infinite operands as IEEE division. */
static bool c_div_approx(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0], y = ftz ? ex_ftz(EX_F32, a[1]) : a[1];
  long double ay = fabsl(lf(y));
  if (ex_isnan(EX_F32, x) || ex_isnan(EX_F32, y)) {
    *want = F32_NAN;
    return f32_is(got[0], F32_NAN);
  }
  if (ay > 0x1p126L) {
    *want = ex_isinf(EX_F32, x) ? F32_NAN : ((x ^ y) & 0x80000000);
    return f32_is(got[0], *want);
  }
  if (ex_issub(EX_F32, y))
    return true;
  bool is_nan;
  uint64_t r = ex_div(EX_F32, x, y, EX_RN, &is_nan);
  if (is_nan || ex_iszero(EX_F32, y) || ex_isinf(EX_F32, x) || ex_iszero(EX_F32, x)) {
    *want = is_nan ? F32_NAN : r;
    return f32_is(got[0], *want);
  }
  return f32_near(got[0], lf(x) / lf(y), 2, ftz, want);
}

/* rcp.approx{.ftz}.f32: 1 ulp; -Inf -> -0, -0 -> -Inf, +0 -> +Inf,
 * +Inf -> +0, NaN -> NaN. */
static bool c_rcp_approx(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0], s = x & 0x80000000;
  if (ex_isnan(EX_F32, x))
    *want = F32_NAN;
  else if (ex_isinf(EX_F32, x))
    *want = s;
  else if (ex_iszero(EX_F32, x))
    *want = s | 0x7f800000;
  else
    return f32_near(got[0], 1.0L / lf(x), 1, ftz, want);
  return f32_is(got[0], *want);
}

/* rsqrt.approx{.ftz}.f32: relative 2^-22.9; -Inf and negatives -> NaN,
 * -0 -> -Inf, +0 -> +Inf, +Inf -> +0. */
static bool c_rsqrt_approx(const ex_case *c, const uint64_t *a, const uint64_t *got,
                           uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0], s = x & 0x80000000;
  if (ex_isnan(EX_F32, x) || (s && !ex_iszero(EX_F32, x)))
    *want = F32_NAN;
  else if (ex_iszero(EX_F32, x))
    *want = s | 0x7f800000;
  else if (ex_isinf(EX_F32, x))
    *want = 0;
  else {
    long double v = 1.0L / sqrtl(lf(x));
    *want = ex_f2u((float)v);
    return !ex_isnan(EX_F32, got[0]) && fabsl(lf(got[0]) - v) <= v * exp2l(-22.9L);
  }
  return f32_is(got[0], *want);
}

/* sin/cos.approx{.ftz}.f32 (p1: 0 sin, 1 cos). */
static bool c_sincos(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0];
  if (ex_isnan(EX_F32, x) || ex_isinf(EX_F32, x)) {
    *want = F32_NAN;
    return f32_is(got[0], F32_NAN);
  }
  if (ex_iszero(EX_F32, x)) {
    *want = c->p1 ? 0x3f800000 : x;
    return f32_is(got[0], *want);
  }
  long double v = c->p1 ? cosl(lf(x)) : sinl(lf(x)), ax = fabsl(lf(x));
  long double err = fabsl(lf(got[0]) - v);
  *want = ex_f2u((float)v);
  if (ex_isnan(EX_F32, got[0]))
    return false;
  if (ax <= 2 * 3.14159265358979323846L)
    return err <= exp2l(-20.5L);
  if (ax <= 100 * 3.14159265358979323846L)
    return err <= exp2l(-14.7L);
  return fabsl(lf(got[0])) <= 1.0L; /* "best effort" */
}

/* lg2.approx{.ftz}.f32: 2^-22 absolute in (0.5, 2), relative elsewhere;
 * -Inf and negatives -> NaN, +-0 -> -Inf, +Inf -> +Inf. */
static bool c_lg2(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0];
  if (ex_iszero(EX_F32, x))
    *want = 0xff800000;
  else if (ex_isnan(EX_F32, x) || (x & 0x80000000))
    *want = F32_NAN;
  else if (ex_isinf(EX_F32, x))
    *want = 0x7f800000;
  else {
    long double v = log2l(lf(x)), e = fabsl(lf(got[0]) - v);
    *want = ex_f2u((float)v);
    if (ex_isnan(EX_F32, got[0]))
      return false;
    if (lf(x) > 0.5L && lf(x) < 2.0L)
      return e <= 0x1p-22L;
    return e <= fabsl(v) * 0x1p-22L;
  }
  return f32_is(got[0], *want);
}

/* ex2.approx{.ftz}.f32: 2 ulp; -Inf -> +0, +-0 -> 1, +Inf -> +Inf. */
static bool c_ex2(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  bool ftz = (c->p2 & FTZ) != 0;
  uint64_t x = ftz ? ex_ftz(EX_F32, a[0]) : a[0];
  if (ex_isnan(EX_F32, x))
    *want = F32_NAN;
  else if (x == 0xff800000)
    *want = 0;
  else if (x == 0x7f800000)
    *want = 0x7f800000;
  else if (ex_iszero(EX_F32, x))
    *want = 0x3f800000;
  else
    return f32_near(got[0], exp2l(lf(x)), 2, ftz, want);
  return f32_is(got[0], *want);
}

/* rcp.approx.ftz.f64: 1 / a[63:32] (read as 1.11.20) with 20 fraction
 * bits in d[63:32] and d[31:0] = 0; subnormal inputs and results flush;
 * every NaN gives 0x7fffffff00000000. */
static bool c_rcp_f64(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  uint64_t t = ex_ftz(EX_F64, a[0] & UINT64_C(0xffffffff00000000)), s = t & (UINT64_C(1) << 63);
  if (ex_isnan(EX_F64, t))
    *want = UINT64_C(0x7fffffff00000000);
  else if (ex_isinf(EX_F64, t))
    *want = s;
  else if (ex_iszero(EX_F64, t))
    *want = s | UINT64_C(0x7ff0000000000000);
  else {
    long double v = 1.0L / (long double)ex_u2d(t);
    *want = ex_d2u((double)v) & UINT64_C(0xffffffff00000000);
    if ((got[0] & 0xffffffff) != 0 || ex_isnan(EX_F64, got[0]))
      return false;
    if (fabsl(v) < 0x1.00001p-1022L && ex_iszero(EX_F64, got[0]) && (got[0] >> 63) == s >> 63)
      return true;
    return fabsl((long double)ex_u2d(got[0]) - v) <= fabsl(v) * 0x1p-20L;
  }
  return got[0] == *want;
}

/* rsqrt.approx.f64: 2 ulp (fp_arith.h); the rsqrt table for specials; an
 * input NaN propagates quieted. */
static bool c_rsqrt_f64(const ex_case *c, const uint64_t *a, const uint64_t *got, uint64_t *want)
{
  uint64_t x = a[0], s = x & (UINT64_C(1) << 63);
  if (ex_isnan(EX_F64, x))
    *want = x | ex_fmt_quiet(EX_F64);
  else if (s && !ex_iszero(EX_F64, x))
    *want = ex_cnan(EX_F64);
  else if (ex_iszero(EX_F64, x))
    *want = s | UINT64_C(0x7ff0000000000000);
  else if (ex_isinf(EX_F64, x))
    *want = 0;
  else {
    *want = ex_d2u((double)(1.0L / sqrtl((long double)ex_u2d(x))));
    return !ex_isnan(EX_F64, got[0]) && ex_ulp_dist(EX_F64, got[0], *want) <= 2;
  }
  return got[0] == *want;
}

/* ---- the cases --------------------------------------------------------------- */

#define CASE(f, n, b, i0, i1, i2, g0, g1, g2, o0, o1, r, k, W, S, P1, P2)                        \
  {.fam = f, .name = n, .body = b, .in = {i0, i1, i2}, .gen = {g0, g1, g2}, .out = {o0, o1},    \
   .ref = r, .chk = k, .w = W, .sg = S, .p1 = P1, .p2 = P2}
#define F32_2(f, n, op, p2) CASE(f, n, NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_arith, NULL, FM_F32, 0, op, p2)
#define F32_3(f, n, op, p2)                                                                       \
  CASE(f, n, NULL, K_F, K_F, K_F, G_F32, G_F32, G_F32, K_F, 0, r_arith, NULL, FM_F32, 0, op, p2)
#define F32_1(f, n, op, p2) CASE(f, n, NULL, K_F, 0, 0, G_F32, 0, 0, K_F, 0, r_arith, NULL, FM_F32, 0, op, p2)
#define F64_2(f, n, op, p2) CASE(f, n, NULL, K_D, K_D, 0, G_F64, G_F64, 0, K_D, 0, r_arith, NULL, FM_F64, 0, op, p2)
#define F64_3(f, n, op, p2)                                                                       \
  CASE(f, n, NULL, K_D, K_D, K_D, G_F64, G_F64, G_F64, K_D, 0, r_arith, NULL, FM_F64, 0, op, p2)
#define F64_1(f, n, op, p2) CASE(f, n, NULL, K_D, 0, 0, G_F64, 0, 0, K_D, 0, r_arith, NULL, FM_F64, 0, op, p2)
#define H2_2(n, op) CASE("f16x2", n, NULL, K_R, K_R, 0, G_F16X2, G_F16X2, 0, K_R, 0, r_arith, NULL, FM_F16, 1, op, EX_RN)
#define H2_3(n, op)                                                                               \
  CASE("f16x2", n, NULL, K_R, K_R, K_R, G_F16X2, G_F16X2, G_F16X2, K_R, 0, r_arith, NULL, FM_F16, 1, op, EX_RN)
#define APX(n, k, K, G, W, P1, P2) CASE("approx", n, NULL, K, 0, 0, G, 0, 0, K, 0, NULL, k, W, 0, P1, P2)
#define SETP(n, K, G, W, cmp, p2) CASE("setp", "setp" n, "setp" n " %od|%oe, %ia, %ib;", K, K, 0, G, G, 0, K_P, K_P, r_setp, NULL, W, 0, cmp, p2)
#define UNF (0x40)

static const ex_case cases[] = {
  /* f32 add / sub / mul: the census forms, then each direction, .ftz, .sat */
  F32_2("f32", "add.f32", OP_ADD, EX_RN),
  F32_2("f32", "add.rn.f32", OP_ADD, EX_RN),
  F32_2("f32", "add.rz.f32", OP_ADD, EX_RZ),
  F32_2("f32", "add.rm.f32", OP_ADD, EX_RM),
  F32_2("f32", "add.rp.f32", OP_ADD, EX_RP),
  F32_2("f32", "add.ftz.f32", OP_ADD, EX_RN | FTZ),
  F32_2("f32", "add.sat.f32", OP_ADD, EX_RN | SAT),
  F32_2("f32", "add.rm.ftz.sat.f32", OP_ADD, EX_RM | FTZ | SAT),
  F32_2("f32", "sub.f32", OP_SUB, EX_RN),
  F32_2("f32", "sub.ftz.f32", OP_SUB, EX_RN | FTZ),
  F32_2("f32", "sub.rp.f32", OP_SUB, EX_RP),
  F32_2("f32", "mul.f32", OP_MUL, EX_RN),
  F32_2("f32", "mul.rn.f32", OP_MUL, EX_RN),
  F32_2("f32", "mul.ftz.f32", OP_MUL, EX_RN | FTZ),
  F32_2("f32", "mul.rz.f32", OP_MUL, EX_RZ),
  F32_2("f32", "mul.rm.sat.f32", OP_MUL, EX_RM | SAT),
  F32_3("f32", "fma.rn.f32", OP_FMA, EX_RN),
  F32_3("f32", "fma.rz.f32", OP_FMA, EX_RZ),
  F32_3("f32", "fma.rm.f32", OP_FMA, EX_RM),
  F32_3("f32", "fma.rp.f32", OP_FMA, EX_RP),
  F32_3("f32", "fma.rn.ftz.f32", OP_FMA, EX_RN | FTZ),
  F32_3("f32", "fma.rn.sat.f32", OP_FMA, EX_RN | SAT),
  F32_3("f32", "mad.rn.f32", OP_FMA, EX_RN),
  F32_2("f32", "div.rn.f32", OP_DIV, EX_RN),
  F32_2("f32", "div.rz.f32", OP_DIV, EX_RZ),
  F32_2("f32", "div.rn.ftz.f32", OP_DIV, EX_RN | FTZ),
  F32_1("f32", "rcp.rn.f32", OP_RCP, EX_RN),
  F32_1("f32", "rcp.rm.ftz.f32", OP_RCP, EX_RM | FTZ),
  F32_1("f32", "sqrt.rn.f32", OP_SQRT, EX_RN),
  F32_1("f32", "sqrt.rp.f32", OP_SQRT, EX_RP),
  F32_1("f32", "sqrt.rn.ftz.f32", OP_SQRT, EX_RN | FTZ),

  /* f64 */
  F64_2("f64", "add.f64", OP_ADD, EX_RN),
  F64_2("f64", "add.rn.f64", OP_ADD, EX_RN),
  F64_2("f64", "add.rz.f64", OP_ADD, EX_RZ),
  F64_2("f64", "add.rm.f64", OP_ADD, EX_RM),
  F64_2("f64", "sub.f64", OP_SUB, EX_RN),
  F64_2("f64", "sub.rp.f64", OP_SUB, EX_RP),
  F64_2("f64", "mul.f64", OP_MUL, EX_RN),
  F64_2("f64", "mul.rn.f64", OP_MUL, EX_RN),
  F64_2("f64", "mul.rm.f64", OP_MUL, EX_RM),
  F64_3("f64", "fma.rn.f64", OP_FMA, EX_RN),
  F64_3("f64", "fma.rp.f64", OP_FMA, EX_RP),
  F64_3("f64", "mad.rn.f64", OP_FMA, EX_RN),
  F64_2("f64", "div.rn.f64", OP_DIV, EX_RN),
  F64_2("f64", "div.rm.f64", OP_DIV, EX_RM),
  F64_1("f64", "rcp.rn.f64", OP_RCP, EX_RN),
  F64_1("f64", "rcp.rz.f64", OP_RCP, EX_RZ),
  F64_1("f64", "sqrt.rn.f64", OP_SQRT, EX_RN),
  F64_1("f64", "sqrt.rm.f64", OP_SQRT, EX_RM),

  /* f16x2 */
  H2_2("add.f16x2", OP_ADD),
  H2_2("add.rn.f16x2", OP_ADD),
  H2_2("sub.f16x2", OP_SUB),
  H2_2("mul.f16x2", OP_MUL),
  H2_3("fma.rn.f16x2", OP_FMA),

  /* sign operations, min/max */
  CASE("sign", "abs.f32", NULL, K_F, 0, 0, G_F32, 0, 0, K_F, 0, r_abs, NULL, FM_F32, 0, 0, 0),
  CASE("sign", "abs.ftz.f32", NULL, K_F, 0, 0, G_F32, 0, 0, K_F, 0, r_abs, NULL, FM_F32, 0, 0, FTZ),
  CASE("sign", "abs.f64", NULL, K_D, 0, 0, G_F64, 0, 0, K_D, 0, r_abs, NULL, FM_F64, 0, 0, 0),
  CASE("sign", "neg.f32", NULL, K_F, 0, 0, G_F32, 0, 0, K_F, 0, r_neg, NULL, FM_F32, 0, 0, 0),
  CASE("sign", "neg.ftz.f32", NULL, K_F, 0, 0, G_F32, 0, 0, K_F, 0, r_neg, NULL, FM_F32, 0, 0, FTZ),
  CASE("sign", "neg.f64", NULL, K_D, 0, 0, G_F64, 0, 0, K_D, 0, r_neg, NULL, FM_F64, 0, 0, 0),
  CASE("sign", "copysign.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_copysign, NULL, FM_F32, 0, 0, 0),
  CASE("sign", "copysign.f64", NULL, K_D, K_D, 0, G_F64, G_F64, 0, K_D, 0, r_copysign, NULL, FM_F64, 0, 0, 0),
  CASE("minmax", "min.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_minmax, NULL, FM_F32, 0, 0, 0),
  CASE("minmax", "max.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_minmax, NULL, FM_F32, 0, 1, 0),
  CASE("minmax", "min.ftz.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_minmax, NULL, FM_F32, 0, 0, FTZ),
  CASE("minmax", "max.NaN.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, r_minmax, NULL, FM_F32, 0, 1, 0x40),
  CASE("minmax", "min.f64", NULL, K_D, K_D, 0, G_F64, G_F64, 0, K_D, 0, r_minmax, NULL, FM_F64, 0, 0, 0),
  CASE("minmax", "max.f64", NULL, K_D, K_D, 0, G_F64, G_F64, 0, K_D, 0, r_minmax, NULL, FM_F64, 0, 1, 0),

  /* approximate functions */
  CASE("approx", "div.approx.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, NULL, c_div_approx, FM_F32, 0, 0, 0),
  CASE("approx", "div.approx.ftz.f32", NULL, K_F, K_F, 0, G_F32, G_F32, 0, K_F, 0, NULL, c_div_approx, FM_F32, 0, 0, FTZ),
  APX("rcp.approx.ftz.f32", c_rcp_approx, K_F, G_F32, FM_F32, 0, FTZ),
  APX("rcp.approx.f32", c_rcp_approx, K_F, G_F32, FM_F32, 0, 0),
  APX("rsqrt.approx.f32", c_rsqrt_approx, K_F, G_F32POS, FM_F32, 0, 0),
  APX("rsqrt.approx.ftz.f32", c_rsqrt_approx, K_F, G_F32POS, FM_F32, 0, FTZ),
  APX("sin.approx.f32", c_sincos, K_F, G_SIN, FM_F32, 0, 0),
  APX("sin.approx.ftz.f32", c_sincos, K_F, G_SIN, FM_F32, 0, FTZ),
  APX("cos.approx.f32", c_sincos, K_F, G_SIN, FM_F32, 1, 0),
  APX("cos.approx.ftz.f32", c_sincos, K_F, G_SIN, FM_F32, 1, FTZ),
  APX("lg2.approx.f32", c_lg2, K_F, G_F32POS, FM_F32, 0, 0),
  APX("lg2.approx.ftz.f32", c_lg2, K_F, G_F32POS, FM_F32, 0, FTZ),
  APX("ex2.approx.f32", c_ex2, K_F, G_F32, FM_F32, 0, 0),
  APX("ex2.approx.ftz.f32", c_ex2, K_F, G_F32, FM_F32, 0, FTZ),
  APX("rcp.approx.ftz.f64", c_rcp_f64, K_D, G_F64, FM_F64, 0, 0),
  APX("rsqrt.approx.f64", c_rsqrt_f64, K_D, G_F64, FM_F64, 0, 0),

  /* setp: ordered, unordered, .ftz, num/nan; p|q */
  SETP(".eq.f32", K_F, G_F32, FM_F32, 0, 0),
  SETP(".eq.ftz.f32", K_F, G_F32, FM_F32, 0, FTZ),
  SETP(".ge.f32", K_F, G_F32, FM_F32, 5, 0),
  SETP(".geu.f32", K_F, G_F32, FM_F32, 5, UNF),
  SETP(".geu.ftz.f32", K_F, G_F32, FM_F32, 5, UNF | FTZ),
  SETP(".gt.f32", K_F, G_F32, FM_F32, 4, 0),
  SETP(".gtu.f32", K_F, G_F32, FM_F32, 4, UNF),
  SETP(".le.f32", K_F, G_F32, FM_F32, 3, 0),
  SETP(".leu.f32", K_F, G_F32, FM_F32, 3, UNF),
  SETP(".lt.f32", K_F, G_F32, FM_F32, 2, 0),
  SETP(".lt.ftz.f32", K_F, G_F32, FM_F32, 2, FTZ),
  SETP(".ltu.f32", K_F, G_F32, FM_F32, 2, UNF),
  SETP(".ne.f32", K_F, G_F32, FM_F32, 1, 0),
  SETP(".neu.f32", K_F, G_F32, FM_F32, 1, UNF),
  SETP(".equ.f32", K_F, G_F32, FM_F32, 0, UNF),
  SETP(".num.f32", K_F, G_F32, FM_F32, 6, 0),
  SETP(".nan.f32", K_F, G_F32, FM_F32, 7, 0),
  SETP(".eq.f64", K_D, G_F64, FM_F64, 0, 0),
  SETP(".ge.f64", K_D, G_F64, FM_F64, 5, 0),
  SETP(".gt.f64", K_D, G_F64, FM_F64, 4, 0),
  SETP(".gtu.f64", K_D, G_F64, FM_F64, 4, UNF),
  SETP(".le.f64", K_D, G_F64, FM_F64, 3, 0),
  SETP(".leu.f64", K_D, G_F64, FM_F64, 3, UNF),
  SETP(".lt.f64", K_D, G_F64, FM_F64, 2, 0),
  SETP(".ltu.f64", K_D, G_F64, FM_F64, 2, UNF),
  SETP(".ne.f64", K_D, G_F64, FM_F64, 1, 0),
  SETP(".neu.f64", K_D, G_F64, FM_F64, 1, UNF),
  SETP(".nan.f64", K_D, G_F64, FM_F64, 7, 0),
};

int main(void)
{
  return ex_run(ex_suite("exec_fp", cases, sizeof cases / sizeof cases[0]));
}
