/* fp_half.c -- .f16 and .bf16 arithmetic (contract in fp_half.h).
 *
 * Two paths compute add, sub, mul and fma, each rounding the exact result
 * once:
 * - .rn, the only mode PTX has for them and the one half-precision
 *   kernels run in their inner loops, goes through double: the operands
 *   convert exactly, products and f16 sums are exact, and the few inexact
 *   cases (far-apart bf16 sums, fma) are shown or made harmless below.  A
 *   branch-free round-to-nearest-even on the double's bits then gives the
 *   16-bit result; only results outside the normal range take a slower
 *   call.
 * - The directed modes and .rna work in integers: each operand becomes
 *   sig * 2^exp, sums align in 64 bits (operands more than LIM_SHIFT
 *   binades apart keep a sticky bit, see h_sum), products of 11- or 8-bit
 *   significands are exact, and fp_cvt.h's isa_fp_pack rounds.
 * The .approx functions evaluate libm's exp2 and tanh in double and round
 * that once to nearest.
 *
 * Both formats share the code: helpers take the fraction width (mant) and
 * exponent width (expb), and the public functions call them with
 * constants for f16 (10, 5) and bf16 (7, 8).  The .rn helpers are forced
 * inline so that those constants fold.
 *
 * Not here: comparisons (ops_cmp.c), conversions (fp_cvt.h), the packed x2
 * split (the executor), fma.oob.
 */
#include "isa/fp_half.h"

#include <math.h>

#include "frontend/ptx_compiler.h"
#include "isa/fp_cvt.h"

/* For helpers that must be inlined into each public function for the
 * format constants to fold (gcc does not clone them on its own). */
#if defined(__GNUC__) || defined(__clang__)
#define H_INLINE static inline __attribute__((always_inline))
#else
#define H_INLINE static inline
#endif

#define F16_FMT 10u, 5u
#define BF16_FMT 7u, 8u

#define H_SIGN 0x8000u
#define H_MAG 0x7fffu

/* Exponents further apart than this are aligned with a sticky bit. */
#define LIM_SHIFT 40

H_INLINE uint32_t h_inf(unsigned mant, unsigned expb)
{
  return ((1u << expb) - 1) << mant;
}

H_INLINE uint32_t h_one(unsigned mant, unsigned expb)
{
  return ((1u << (expb - 1)) - 1) << mant;
}

H_INLINE bool h_is_nan(unsigned mant, unsigned expb, uint32_t a)
{
  return (a & H_MAG) > h_inf(mant, expb);
}

/* .ftz on an input or result: a subnormal becomes a zero of its sign. */
H_INLINE uint32_t h_ftz(unsigned mant, unsigned expb, uint32_t a)
{
  return (a & h_inf(mant, expb)) == 0 ? (a & H_SIGN) : a;
}

/* A finite nonzero |a| as sig * 2^exp. */
H_INLINE void h_unpack(unsigned mant, unsigned expb, uint32_t a, int32_t *exp, uint64_t *sig)
{
  uint32_t field = (a & H_MAG) >> mant;
  uint32_t frac = a & ((1u << mant) - 1);
  int32_t bias = (int32_t)(1u << (expb - 1)) - 1;
  if (field != 0) {
    *sig = frac | (1u << mant);
    *exp = (int32_t)field - bias - (int32_t)mant;
  } else {
    *sig = frac;
    *exp = 1 - bias - (int32_t)mant;
  }
}

/* Round (-1)^neg * (sig + sticky*eps) * 2^exp (sig != 0, 0 < eps < one unit
 * of sig's last bit) to the format with fp_cvt.h's soft-float core.  Only
 * the directed modes and the slow cases of .rn come here. */
static uint32_t h_round(unsigned mant, unsigned expb, bool neg, int32_t exp, uint64_t sig,
                        bool sticky, isa_round rnd)
{
  (void)mant;
  return (uint32_t)isa_fp_pack(expb == 5 ? &isa_fmt_f16 : &isa_fmt_bf16, neg, exp, sig, sticky,
                               rnd, 0, 0, 0);
}

/* The sum of two nonzero finite values (-1)^nx * sx * 2^ex and
 * (-1)^ny * sy * 2^ey (sx, sy < 2^22), rounded once.  When the exponents
 * differ by more than LIM_SHIFT, the operand with the larger one becomes
 * X = sx << LIM_SHIFT >= 2^40 and the other keeps only its bits at or
 * above X's last bit, plus a sticky bit: the result then exceeds 2^39, so
 * the format's last kept bit is far above X's and a missing fraction of
 * one unit can only decide the sticky bit.  A difference whose discarded
 * tail is nonzero is X - Y - 1 plus a fraction, hence the "- sticky". */
static uint32_t h_sum(unsigned mant, unsigned expb, bool nx, int32_t ex, uint64_t sx, bool ny,
                      int32_t ey, uint64_t sy, isa_round rnd)
{
  if (ex < ey) {
    bool nt = nx;
    int32_t et = ex;
    uint64_t st = sx;
    nx = ny, ex = ey, sx = sy;
    ny = nt, ey = et, sy = st;
  }
  int32_t d = ex - ey;
  uint64_t x, y;
  int32_t e;
  bool sticky = false;
  if (PTX_LIKELY(d <= LIM_SHIFT)) {
    x = sx << d;
    y = sy;
    e = ey;
  } else {
    int32_t sh = d - LIM_SHIFT; /* >= 1; sy < 2^22 */
    x = sx << LIM_SHIFT;
    e = ex - LIM_SHIFT;
    y = sh < 64 ? sy >> sh : 0;
    sticky = sh < 64 ? (sy & ((UINT64_C(1) << sh) - 1)) != 0 : true;
  }
  if (nx == ny)
    return h_round(mant, expb, nx, e, x + y, sticky, rnd);
  if (x > y)
    return h_round(mant, expb, nx, e, x - y - sticky, sticky, rnd);
  if (y > x) /* then the alignment was exact */
    return h_round(mant, expb, ny, e, y - x, false, rnd);
  return rnd == ISA_RM ? H_SIGN : 0; /* exact cancellation */
}

/* The sum of two signed zeros (also x + -x rules for fma's zero product). */
static uint32_t h_zero_sum(uint32_t a, uint32_t b, isa_round rnd)
{
  if (((a ^ b) & H_SIGN) == 0)
    return a & H_SIGN;
  return rnd == ISA_RM ? H_SIGN : 0;
}

/* .ftz / .sat / .relu on a result. */
static uint32_t h_post(unsigned mant, unsigned expb, uint32_t r, unsigned flags)
{
  if (flags & ISA_FP_FTZ)
    r = h_ftz(mant, expb, r);
  if (flags & ISA_FP_SAT) {
    if (h_is_nan(mant, expb, r) || (r & H_SIGN))
      r = 0;
    else if (r > h_one(mant, expb))
      r = h_one(mant, expb);
  }
  if (flags & ISA_FP_RELU) {
    if (h_is_nan(mant, expb, r))
      r = ISA_F16_CANON_NAN;
    else if (r & H_SIGN)
      r = 0; /* -0 too: the result is max(x, +0) */
  }
  return r;
}

/* ---- conversions between the formats and double ---------------------------- */

/* Exact value of a non-NaN a. */
static double h_to_double(unsigned mant, unsigned expb, uint32_t a)
{
  uint32_t ma = a & H_MAG;
  double v;
  if (ma == h_inf(mant, expb)) {
    v = HUGE_VAL;
  } else if (ma == 0) {
    v = 0.0;
  } else {
    int32_t e;
    uint64_t s;
    h_unpack(mant, expb, a, &e, &s);
    v = ldexp((double)s, e);
  }
  return (a & H_SIGN) ? -v : v;
}

/* A non-NaN double rounded to nearest even in the format. */
static uint32_t h_from_double(unsigned mant, unsigned expb, double v)
{
  uint64_t bits = isa_f64_bits(v);
  bool neg = (bits >> 63) != 0;
  uint32_t field = (uint32_t)(bits >> 52) & 0x7ff;
  uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
  if (field == 0x7ff)
    return (neg ? H_SIGN : 0) | h_inf(mant, expb);
  if (field == 0 && frac == 0)
    return neg ? H_SIGN : 0;
  if (field == 0)
    return h_round(mant, expb, neg, -1074, frac, false, ISA_RN);
  return h_round(mant, expb, neg, (int32_t)field - 1075, frac | (UINT64_C(1) << 52), false, ISA_RN);
}

/* ---- add / sub / mul / fma: .rn through double ------------------------------ */

/* The exact value of a (any pattern; NaN stays NaN).  bf16 is the top half
 * of an f32.  An f16 magnitude shifted into an f32's exponent and fraction
 * fields reads as the value times 2^-112 (subnormals too), so one exact
 * multiplication rescales it; Inf and NaN get the all-ones exponent. */
H_INLINE double h_f64(unsigned mant, unsigned expb, uint32_t a)
{
  if (expb == 8)
    return isa_f32_from_bits(a << 16);
  (void)mant;
  uint32_t mag = a & H_MAG;
  uint32_t w = (mag << 13) | (mag >= 0x7c00u ? 0x7f800000u : 0) | ((a & H_SIGN) << 16);
  return (double)(isa_f32_from_bits(w) * 0x1p112f);
}

/* The double v rounded to nearest even in the format: results outside the
 * normal range, Inf and NaN (made canonical) go the slow way. */
static PTX_NOINLINE uint32_t h_rn_f64_slow(unsigned mant, unsigned expb, double v)
{
  return v != v ? ISA_F16_CANON_NAN : h_from_double(mant, expb, v);
}

H_INLINE uint32_t h_rn_f64(unsigned mant, unsigned expb, double v)
{
  const uint64_t bias = (UINT64_C(1) << (expb - 1)) - 1;
  const uint64_t lo = (1023 - bias + 1) << 52; /* the smallest normal, 2^(1-bias) */
  const uint64_t hi = (1023 + bias + 1) << 52; /* 2^(bias+1): past the largest binade */
  const unsigned sh = 52 - mant;
  uint64_t bits = isa_f64_bits(v);
  uint64_t mag = bits & ~(UINT64_C(1) << 63);
  if (PTX_LIKELY(mag - lo < hi - lo)) {
    mag += (UINT64_C(1) << (sh - 1)) - 1 + ((mag >> sh) & 1); /* ties to even */
    /* A carry out of the largest binade gives exactly the Inf pattern,
     * which is .rn's overflow result. */
    uint64_t r = (mag >> sh) - ((1023 - bias) << mant);
    return ((uint32_t)(bits >> 48) & H_SIGN) | (uint32_t)r;
  }
  return h_rn_f64_slow(mant, expb, v);
}

/* The .rn forms.  Products of two f16 or bf16 values are exact in double,
 * and so are f16 sums.  A bf16 sum is inexact in double only when the
 * operands are over 45 binades apart; the exact sum then lies within
 * 2^-45 of the larger operand, far from any bf16 rounding boundary, and
 * so does the double sum.  IEEE double arithmetic also gives the right
 * signed zeros and Inf/NaN cases. */
H_INLINE uint32_t h_add_rn(unsigned mant, unsigned expb, uint32_t a, uint32_t b, unsigned flags)
{
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
  }
  uint32_t r = h_rn_f64(mant, expb, h_f64(mant, expb, a) + h_f64(mant, expb, b));
  return flags ? h_post(mant, expb, r, flags) : r;
}

H_INLINE uint32_t h_mul_rn(unsigned mant, unsigned expb, uint32_t a, uint32_t b, unsigned flags)
{
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
  }
  uint32_t r = h_rn_f64(mant, expb, h_f64(mant, expb, a) * h_f64(mant, expb, b));
  return flags ? h_post(mant, expb, r, flags) : r;
}

/* a*b is exact in double, but p + c is not when they are far apart.  Knuth's
 * TwoSum gives the rounding error e of s = p + c exactly; when e != 0, s is
 * replaced by its neighbour on e's side if its last bit is even, which
 * makes s the sum rounded to odd.  Rounding to odd at 53 bits and then to
 * nearest at 11 or fewer gives the exact sum rounded to nearest. */
H_INLINE uint32_t h_fma_rn(unsigned mant, unsigned expb, uint32_t a, uint32_t b, uint32_t c,
                           unsigned flags)
{
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
    c = h_ftz(mant, expb, c);
  }
  double p = h_f64(mant, expb, a) * h_f64(mant, expb, b), z = h_f64(mant, expb, c);
  double s = p + z, bz = s - p;
  double e = (p - (s - bz)) + (z - bz);
  if (PTX_UNLIKELY(e != 0) && isfinite(s)) { /* Inf - Inf in e is NaN */
    uint64_t bits = isa_f64_bits(s);
    if ((bits & 1) == 0)
      bits += ((e > 0) == (s > 0)) ? 1 : (uint64_t)-1; /* away from or toward 0 */
    s = isa_f64_from_bits(bits);
  }
  uint32_t r = h_rn_f64(mant, expb, s);
  return flags ? h_post(mant, expb, r, flags) : r;
}

/* ---- add / sub / mul / fma: other modes, in integers ------------------------ */

/* PTX has only .rn for half arithmetic; the directed modes (and .rna) of
 * the contract take this exact integer path. */
static uint32_t h_add_exact(unsigned mant, unsigned expb, uint32_t a, uint32_t b, isa_round rnd,
                            unsigned flags)
{
  const uint32_t inf = h_inf(mant, expb);
  uint32_t r;
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
  }
  uint32_t ma = a & H_MAG, mb = b & H_MAG;
  if (PTX_UNLIKELY(ma >= inf || mb >= inf)) {
    if (ma > inf || mb > inf || (ma == inf && mb == inf && ((a ^ b) & H_SIGN)))
      r = ISA_F16_CANON_NAN;
    else
      r = ma == inf ? a : b;
  } else if (PTX_UNLIKELY(ma == 0 || mb == 0)) {
    r = ma != 0 ? a : mb != 0 ? b : h_zero_sum(a, b, rnd);
  } else {
    int32_t ea, eb;
    uint64_t sa, sb;
    h_unpack(mant, expb, a, &ea, &sa);
    h_unpack(mant, expb, b, &eb, &sb);
    r = h_sum(mant, expb, (a & H_SIGN) != 0, ea, sa, (b & H_SIGN) != 0, eb, sb, rnd);
  }
  return flags ? h_post(mant, expb, r, flags) : r;
}

static uint32_t h_mul_exact(unsigned mant, unsigned expb, uint32_t a, uint32_t b, isa_round rnd,
                            unsigned flags)
{
  const uint32_t inf = h_inf(mant, expb);
  uint32_t r, sign = (a ^ b) & H_SIGN;
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
  }
  uint32_t ma = a & H_MAG, mb = b & H_MAG;
  if (PTX_UNLIKELY(ma >= inf || mb >= inf || ma == 0 || mb == 0)) {
    if (ma > inf || mb > inf || (ma == inf && mb == 0) || (ma == 0 && mb == inf))
      r = ISA_F16_CANON_NAN;
    else
      r = sign | (ma == inf || mb == inf ? inf : 0);
  } else {
    int32_t ea, eb;
    uint64_t sa, sb;
    h_unpack(mant, expb, a, &ea, &sa);
    h_unpack(mant, expb, b, &eb, &sb);
    r = h_round(mant, expb, sign != 0, ea + eb, sa * sb, false, rnd);
  }
  return flags ? h_post(mant, expb, r, flags) : r;
}

static uint32_t h_fma_exact(unsigned mant, unsigned expb, uint32_t a, uint32_t b, uint32_t c,
                            isa_round rnd, unsigned flags)
{
  const uint32_t inf = h_inf(mant, expb);
  uint32_t r, ps = (a ^ b) & H_SIGN;
  if (flags & ISA_FP_FTZ) {
    a = h_ftz(mant, expb, a);
    b = h_ftz(mant, expb, b);
    c = h_ftz(mant, expb, c);
  }
  uint32_t ma = a & H_MAG, mb = b & H_MAG, mc = c & H_MAG;
  if (PTX_UNLIKELY(ma > inf || mb > inf || mc > inf)) {
    r = ISA_F16_CANON_NAN;
  } else if (PTX_UNLIKELY(ma == inf || mb == inf)) { /* product Inf, or 0*Inf */
    if (ma == 0 || mb == 0 || (mc == inf && ((c & H_SIGN) != ps)))
      r = ISA_F16_CANON_NAN;
    else
      r = ps | inf;
  } else if (PTX_UNLIKELY(mc == inf)) {
    r = c;
  } else if (PTX_UNLIKELY(ma == 0 || mb == 0)) { /* exact zero product */
    r = mc != 0 ? c : h_zero_sum(ps, c, rnd);
  } else {
    int32_t ea, eb;
    uint64_t sa, sb;
    h_unpack(mant, expb, a, &ea, &sa);
    h_unpack(mant, expb, b, &eb, &sb);
    if (mc == 0) {
      r = h_round(mant, expb, ps != 0, ea + eb, sa * sb, false, rnd);
    } else {
      int32_t ec;
      uint64_t sc;
      h_unpack(mant, expb, c, &ec, &sc);
      r = h_sum(mant, expb, ps != 0, ea + eb, sa * sb, (c & H_SIGN) != 0, ec, sc, rnd);
    }
  }
  return flags ? h_post(mant, expb, r, flags) : r;
}

uint16_t isa_half_add(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  if (PTX_LIKELY(rnd == ISA_RN || rnd == ISA_RS))
    return (uint16_t)(k == ISA_HALF_F16 ? h_add_rn(F16_FMT, a, b, flags)
                                        : h_add_rn(BF16_FMT, a, b, flags));
  return (uint16_t)(k == ISA_HALF_F16 ? h_add_exact(F16_FMT, a, b, rnd, flags)
                                      : h_add_exact(BF16_FMT, a, b, rnd, flags));
}

/* a - b is a + (-b) for every input: a NaN b gives the canonical NaN
 * whatever its sign. */
uint16_t isa_half_sub(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  return isa_half_add(k, a, (uint16_t)(b ^ H_SIGN), rnd, flags);
}

uint16_t isa_half_mul(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  if (PTX_LIKELY(rnd == ISA_RN || rnd == ISA_RS))
    return (uint16_t)(k == ISA_HALF_F16 ? h_mul_rn(F16_FMT, a, b, flags)
                                        : h_mul_rn(BF16_FMT, a, b, flags));
  return (uint16_t)(k == ISA_HALF_F16 ? h_mul_exact(F16_FMT, a, b, rnd, flags)
                                      : h_mul_exact(BF16_FMT, a, b, rnd, flags));
}

uint16_t isa_half_fma(isa_half_kind k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd,
                      unsigned flags)
{
  if (PTX_LIKELY(rnd == ISA_RN || rnd == ISA_RS))
    return (uint16_t)(k == ISA_HALF_F16 ? h_fma_rn(F16_FMT, a, b, c, flags)
                                        : h_fma_rn(BF16_FMT, a, b, c, flags));
  return (uint16_t)(k == ISA_HALF_F16 ? h_fma_exact(F16_FMT, a, b, c, rnd, flags)
                                      : h_fma_exact(BF16_FMT, a, b, c, rnd, flags));
}

/* ---- sign operations, min, max -------------------------------------------- */

uint16_t isa_half_neg(isa_half_kind k, uint16_t a, unsigned flags)
{
  uint32_t r = a;
  if (flags & ISA_FP_FTZ)
    r = k == ISA_HALF_F16 ? h_ftz(F16_FMT, r) : h_ftz(BF16_FMT, r);
  return (uint16_t)(r ^ H_SIGN);
}

uint16_t isa_half_abs(isa_half_kind k, uint16_t a, unsigned flags)
{
  uint32_t r = a;
  if (flags & ISA_FP_FTZ)
    r = k == ISA_HALF_F16 ? h_ftz(F16_FMT, r) : h_ftz(BF16_FMT, r);
  return (uint16_t)(r & H_MAG);
}

/* Non-NaN bits mapped to integers in the order of their values, with
 * -0 < +0. */
H_INLINE int32_t h_order_key(uint32_t a)
{
  return (a & H_SIGN) ? -(int32_t)(a & H_MAG) - 1 : (int32_t)a;
}

/* PTX ISA, min / max pseudo-code for .f16 and .bf16: .xorsign takes the
 * signs before .abs; one NaN input yields the other operand unless .NaN;
 * a NaN result ignores .xorsign. */
static uint32_t h_minmax(isa_half_kind k, uint32_t a, uint32_t b, unsigned flags, bool is_max)
{
  bool nan_a, nan_b;
  if (flags & ISA_FP_FTZ) {
    a = k == ISA_HALF_F16 ? h_ftz(F16_FMT, a) : h_ftz(BF16_FMT, a);
    b = k == ISA_HALF_F16 ? h_ftz(F16_FMT, b) : h_ftz(BF16_FMT, b);
  }
  uint32_t xorsign = (a ^ b) & H_SIGN;
  if (flags & ISA_FP_ABS) {
    a &= H_MAG;
    b &= H_MAG;
  }
  nan_a = k == ISA_HALF_F16 ? h_is_nan(F16_FMT, a) : h_is_nan(BF16_FMT, a);
  nan_b = k == ISA_HALF_F16 ? h_is_nan(F16_FMT, b) : h_is_nan(BF16_FMT, b);
  uint32_t d;
  if ((nan_a && nan_b) || ((flags & ISA_FP_NAN) && (nan_a || nan_b)))
    return ISA_F16_CANON_NAN;
  if (nan_a)
    d = b;
  else if (nan_b)
    d = a;
  else if (is_max)
    d = h_order_key(a) > h_order_key(b) ? a : b;
  else
    d = h_order_key(a) < h_order_key(b) ? a : b;
  if ((flags & ISA_FP_XORSIGN_ABS) == ISA_FP_XORSIGN_ABS)
    d = (d & H_MAG) | xorsign;
  return d;
}

uint16_t isa_half_min(isa_half_kind k, uint16_t a, uint16_t b, unsigned flags)
{
  return (uint16_t)h_minmax(k, a, b, flags, false);
}

uint16_t isa_half_max(isa_half_kind k, uint16_t a, uint16_t b, unsigned flags)
{
  return (uint16_t)h_minmax(k, a, b, flags, true);
}

/* ---- .approx functions ----------------------------------------------------- */

/* ex2.approx.f16 and ex2.approx.ftz.bf16 (PTX ISA, ex2): -Inf -> +0,
 * +-0 -> +1, +Inf -> +Inf, NaN -> NaN; .ftz flushes subnormal inputs (so
 * they give +1) and results (+0). */
static uint32_t h_ex2(unsigned mant, unsigned expb, uint32_t a, unsigned flags)
{
  if (flags & ISA_FP_FTZ)
    a = h_ftz(mant, expb, a);
  if (h_is_nan(mant, expb, a))
    return ISA_F16_CANON_NAN;
  uint32_t r = h_from_double(mant, expb, exp2(h_to_double(mant, expb, a)));
  return (flags & ISA_FP_FTZ) ? h_ftz(mant, expb, r) : r;
}

uint16_t isa_half_ex2_approx(isa_half_kind k, uint16_t a, unsigned flags)
{
  return (uint16_t)(k == ISA_HALF_F16 ? h_ex2(F16_FMT, a, flags) : h_ex2(BF16_FMT, a, flags));
}

/* tanh.approx.f16 / .bf16 (PTX ISA, tanh): +-Inf -> +-1, +-0 -> +-0,
 * NaN -> NaN; subnormals are ordinary inputs (tanh x rounds to x). */
static uint32_t h_tanh(unsigned mant, unsigned expb, uint32_t a)
{
  if (h_is_nan(mant, expb, a))
    return ISA_F16_CANON_NAN;
  return h_from_double(mant, expb, tanh(h_to_double(mant, expb, a)));
}

uint16_t isa_half_tanh_approx(isa_half_kind k, uint16_t a)
{
  return (uint16_t)(k == ISA_HALF_F16 ? h_tanh(F16_FMT, a) : h_tanh(BF16_FMT, a));
}
