/* fp_cvt.c -- cvt semantics (PTX ISA 9.0 §9.7.9.21, notes/semantics/cvt.md)
 * on raw bits: float <-> integer, float <-> float between f64, f32, f16,
 * bf16, tf32 and the 8/6/4-bit formats, and same-size rounding to an
 * integral value.
 *
 * Rounding itself is isa_fp_pack's (fp_pack.c); this file adds what the
 * instruction modifiers do around it (.ftz on f32 inputs and results,
 * .sat, .relu, .satfinite, NaN rules, x2 packing) and takes native C
 * conversions where C is exact or correctly rounded in the default
 * round-to-nearest environment: int -> f32/f64 under .rn or when the value
 * fits the significand, f64 -> f32 under .rn, f32 -> f64.  A float is never
 * converted to a C integer type: that is undefined out of range, and the
 * clamping rules are PTX's, so float -> int works on the bits.
 */
#include "isa/fp_cvt.h"

static inline uint64_t low_mask(unsigned n)
{
  return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

static inline unsigned fmt_width(const isa_fmt *f)
{
  return (unsigned)f->mant_bits + f->exp_bits; /* bits below the sign */
}

static inline uint64_t fmt_sign(const isa_fmt *f)
{
  return UINT64_C(1) << fmt_width(f);
}

static inline uint64_t fmt_one(const isa_fmt *f)
{
  return (uint64_t)(1 - f->emin) << f->mant_bits; /* biased exponent of 1.0 is the bias */
}

static inline uint64_t fmt_inf(const isa_fmt *f)
{
  return low_mask(f->exp_bits) << f->mant_bits;
}

static bool fmt_is_nan(const isa_fmt *f, uint64_t bits)
{
  uint64_t mag = bits & low_mask(fmt_width(f));
  switch (f->nan_kind) {
  case ISA_NAN_IEEE:
    return mag > fmt_inf(f);
  case ISA_NAN_ONLY:
    return mag == f->max_bits + 1;
  default:
    return false;
  }
}

static inline unsigned pack_flags(unsigned cvt_flags)
{
  return (cvt_flags & ISA_CVT_SATFINITE) ? ISA_PACK_SATFINITE : 0;
}

static inline uint32_t f32_ftz_if(uint32_t a, unsigned flags)
{
  return (flags & ISA_CVT_FTZ) ? isa_f32_ftz(a) : a;
}

/* The modifiers that act on a rounded float result r of format f: .ftz
 * (f32 results only), .sat (clamp to [0, 1], NaN -> +0) and .relu
 * (negative and -0 -> +0, NaN -> canonical). */
static uint64_t finish(const isa_fmt *f, uint64_t r, unsigned flags)
{
  uint64_t sign = fmt_sign(f);
  if ((flags & ISA_CVT_FTZ) && f == &isa_fmt_f32)
    r = isa_f32_ftz((uint32_t)r);
  if (flags & ISA_CVT_SAT) {
    if (fmt_is_nan(f, r) || (r & sign))
      return 0;
    if (r > fmt_one(f))
      return fmt_one(f);
  }
  if (flags & ISA_CVT_RELU) {
    if (fmt_is_nan(f, r))
      return f->nan_bits;
    if (r & sign)
      return 0;
  }
  return r;
}

/* isa_fp_convert with .rs random bits as well. */
static uint64_t convert_rs(const isa_fmt *to, const isa_fmt *from, uint64_t a, isa_round rnd,
                           unsigned pflags, uint32_t rs_bits, unsigned rs_width)
{
  isa_fpval v = isa_fp_unpack(from, a);
  if (v.cls != ISA_FPC_FINITE)
    return isa_fp_convert(to, from, a, rnd, pflags);
  return isa_fp_pack(to, v.neg, v.exp, v.sig, false, rnd, pflags, rs_bits, rs_width);
}

/* Narrowing float -> float: round, then the result modifiers. */
static uint64_t narrow(const isa_fmt *to, const isa_fmt *from, uint64_t a, isa_round rnd,
                       unsigned flags)
{
  return finish(to, isa_fp_convert(to, from, a, rnd, pack_flags(flags)), flags);
}

/* Exact widening: a NaN keeps its sign and payload and gets the quiet
 * bit; everything else is representable. */
static uint64_t widen(const isa_fmt *to, const isa_fmt *from, uint64_t a)
{
  isa_fpval v = isa_fp_unpack(from, a);
  if (v.cls != ISA_FPC_NAN)
    return isa_fp_convert(to, from, a, ISA_RN, 0);
  unsigned dm = (unsigned)to->mant_bits - from->mant_bits;
  return ((uint64_t)v.neg << fmt_width(to)) | fmt_inf(to) | (v.sig << dm) |
         (UINT64_C(1) << (to->mant_bits - 1));
}

/* ---- float -> integer ---------------------------------------------------- */

/* Round (-1)^neg * sig * 2^exp to an integer magnitude with rnd; *big is
 * set when the magnitude does not fit 64 bits. */
static uint64_t round_to_integer(bool neg, int32_t exp, uint64_t sig, isa_round rnd, bool *big)
{
  *big = false;
  if (exp >= 0) {
    if (exp >= 64 || (sig >> (63 - exp)) >> 1) {
      *big = true;
      return 0;
    }
    return sig << exp;
  }
  uint32_t shift = (uint32_t)-(int64_t)exp;
  uint64_t q = shift >= 64 ? 0 : sig >> shift;
  bool rbit = shift <= 64 && ((sig >> (shift - 1)) & 1);
  bool sbit = shift > 64 || (sig & low_mask(shift - 1)) != 0;
  bool up;
  switch (rnd) {
  case ISA_RN:
    up = rbit && (sbit || (q & 1));
    break;
  case ISA_RNA:
    up = rbit;
    break;
  case ISA_RM:
    up = neg && (rbit || sbit);
    break;
  case ISA_RP:
    up = !neg && (rbit || sbit);
    break;
  default:
    up = false;
    break;
  }
  return q + up; /* q < 2^63 here: shift >= 1 */
}

/* PTX ISA 9.0, cvt: "For float-to-integer conversions, the result is
 * clamped to the destination range by default"; NaN gives 0, or
 * 1 << (w-1) when nan_top (f64 source or 64-bit destination). */
static uint64_t fp_to_int(const isa_fmt *f, uint64_t a, unsigned w, bool sgn, isa_round rnd,
                          bool nan_top)
{
  isa_fpval v = isa_fp_unpack(f, a);
  uint64_t top = UINT64_C(1) << (w - 1);
  uint64_t mag = 0;
  bool big = false;
  switch (v.cls) {
  case ISA_FPC_NAN:
    if (!nan_top)
      return 0;
    return sgn ? 0 - top : top; /* MININT, extended; or (MAXINT >> 1) + 1 */
  case ISA_FPC_INF:
    big = true;
    break;
  case ISA_FPC_ZERO:
    return 0;
  default:
    mag = round_to_integer(v.neg, v.exp, v.sig, rnd, &big);
    break;
  }
  if (sgn) {
    if (v.neg)
      return (big || mag > top) ? 0 - top : 0 - mag;
    return (big || mag > top - 1) ? top - 1 : mag;
  }
  if (v.neg)
    return 0;
  return (big || mag > low_mask(w)) ? low_mask(w) : mag;
}

uint64_t isa_cvt_f32_to_int(uint32_t a, unsigned dst_bits, bool dst_signed, isa_round rnd,
                            bool ftz)
{
  if (ftz)
    a = isa_f32_ftz(a);
  return fp_to_int(&isa_fmt_f32, a, dst_bits, dst_signed, rnd, dst_bits == 64);
}

uint64_t isa_cvt_f64_to_int(uint64_t a, unsigned dst_bits, bool dst_signed, isa_round rnd)
{
  return fp_to_int(&isa_fmt_f64, a, dst_bits, dst_signed, rnd, true);
}

uint64_t isa_cvt_f16_to_int(uint16_t a, unsigned dst_bits, bool dst_signed, isa_round rnd)
{
  return fp_to_int(&isa_fmt_f16, a, dst_bits, dst_signed, rnd, dst_bits == 64);
}

uint64_t isa_cvt_bf16_to_int(uint16_t a, unsigned dst_bits, bool dst_signed, isa_round rnd)
{
  return fp_to_int(&isa_fmt_bf16, a, dst_bits, dst_signed, rnd, dst_bits == 64);
}

/* ---- integer -> float ---------------------------------------------------- */

static inline bool int_is_neg(uint64_t v, bool is_signed)
{
  return is_signed && (v >> 63);
}

static uint64_t int_to_fp(const isa_fmt *f, uint64_t v, bool is_signed, isa_round rnd)
{
  bool neg = int_is_neg(v, is_signed);
  uint64_t mag = neg ? 0 - v : v; /* also right for INT64_MIN */
  if (mag == 0)
    return 0;
  return isa_fp_pack(f, neg, 0, mag, false, rnd, 0, 0, 0);
}

/* .sat: integers are <= 0 (-> +0) or >= 1 (-> 1.0). */
static inline uint64_t int_sat(const isa_fmt *f, uint64_t v, bool is_signed)
{
  return (v == 0 || int_is_neg(v, is_signed)) ? 0 : fmt_one(f);
}

/* Whether C's int -> float conversion gives the cvt result: always under
 * .rn (C rounds to nearest in the default environment), and in every mode
 * when the value fits the significand exactly. */
static inline bool native_int_ok(uint64_t v, bool is_signed, isa_round rnd, unsigned prec)
{
  uint64_t mag = int_is_neg(v, is_signed) ? 0 - v : v;
  return rnd == ISA_RN || (mag >> prec) == 0;
}

uint16_t isa_cvt_int_to_f16(uint64_t v, bool is_signed, isa_round rnd, bool sat)
{
  if (sat)
    return (uint16_t)int_sat(&isa_fmt_f16, v, is_signed);
  return (uint16_t)int_to_fp(&isa_fmt_f16, v, is_signed, rnd);
}

uint16_t isa_cvt_int_to_bf16(uint64_t v, bool is_signed, isa_round rnd)
{
  return (uint16_t)int_to_fp(&isa_fmt_bf16, v, is_signed, rnd);
}

uint32_t isa_cvt_int_to_f32(uint64_t v, bool is_signed, isa_round rnd, bool sat)
{
  if (sat)
    return (uint32_t)int_sat(&isa_fmt_f32, v, is_signed);
  if (native_int_ok(v, is_signed, rnd, 24))
    return isa_f32_bits(is_signed ? (float)(int64_t)v : (float)v);
  return (uint32_t)int_to_fp(&isa_fmt_f32, v, is_signed, rnd);
}

uint64_t isa_cvt_int_to_f64(uint64_t v, bool is_signed, isa_round rnd, bool sat)
{
  if (sat)
    return int_sat(&isa_fmt_f64, v, is_signed);
  if (native_int_ok(v, is_signed, rnd, 53))
    return isa_f64_bits(is_signed ? (double)(int64_t)v : (double)v);
  return int_to_fp(&isa_fmt_f64, v, is_signed, rnd);
}

/* ---- float -> float: narrowing ------------------------------------------- */

uint16_t isa_cvt_f32_to_f16(uint32_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)narrow(&isa_fmt_f16, &isa_fmt_f32, f32_ftz_if(a, flags), rnd, flags);
}

uint16_t isa_cvt_f32_to_bf16(uint32_t a, isa_round rnd, unsigned flags)
{
  a = f32_ftz_if(a, flags);
  if (rnd == ISA_RN && !(flags & ISA_CVT_SATFINITE) && !isa_f32_is_nan(a)) {
    /* bf16 is the top half of f32: round the low half to nearest even;
     * a carry runs into the exponent and up to Inf as it should. */
    uint32_t r = (a + 0x7fffu + ((a >> 16) & 1)) >> 16;
    return (uint16_t)finish(&isa_fmt_bf16, r, flags);
  }
  return (uint16_t)narrow(&isa_fmt_bf16, &isa_fmt_f32, a, rnd, flags);
}

uint16_t isa_cvt_f64_to_f16(uint64_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)narrow(&isa_fmt_f16, &isa_fmt_f64, a, rnd, flags);
}

uint16_t isa_cvt_f64_to_bf16(uint64_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)narrow(&isa_fmt_bf16, &isa_fmt_f64, a, rnd, flags);
}

uint32_t isa_cvt_f64_to_f32(uint64_t a, isa_round rnd, unsigned flags)
{
  if (rnd == ISA_RN && !(flags & ISA_CVT_SATFINITE) && !isa_f64_is_nan(a))
    return (uint32_t)finish(&isa_fmt_f32, isa_f32_bits((float)isa_f64_from_bits(a)), flags);
  return (uint32_t)narrow(&isa_fmt_f32, &isa_fmt_f64, a, rnd, flags);
}

uint16_t isa_cvt_f16_to_bf16(uint16_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)narrow(&isa_fmt_bf16, &isa_fmt_f16, a, rnd, flags);
}

uint16_t isa_cvt_bf16_to_f16(uint16_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)narrow(&isa_fmt_f16, &isa_fmt_bf16, a, rnd, flags);
}

/* .rs: the random bits are added to the top rs_width discarded bits
 * (13 for f16, 16 for bf16: what f32 -> f16/bf16 drops from a normal). */
static uint64_t f32_to_rs(const isa_fmt *to, uint32_t a, uint32_t rbits, unsigned rs_width,
                          unsigned flags)
{
  uint64_t r = convert_rs(to, &isa_fmt_f32, a, ISA_RS, pack_flags(flags), rbits, rs_width);
  return finish(to, r, flags);
}

uint32_t isa_cvt_f32x2_to_f16x2_rs(uint32_t a, uint32_t b, uint32_t rbits, unsigned flags)
{
  uint32_t hi = (uint32_t)f32_to_rs(&isa_fmt_f16, a, (rbits >> 16) & 0x1fffu, 13, flags);
  uint32_t lo = (uint32_t)f32_to_rs(&isa_fmt_f16, b, rbits & 0x1fffu, 13, flags);
  return hi << 16 | lo;
}

uint32_t isa_cvt_f32x2_to_bf16x2_rs(uint32_t a, uint32_t b, uint32_t rbits, unsigned flags)
{
  uint32_t hi = (uint32_t)f32_to_rs(&isa_fmt_bf16, a, rbits >> 16, 16, flags);
  uint32_t lo = (uint32_t)f32_to_rs(&isa_fmt_bf16, b, rbits & 0xffffu, 16, flags);
  return hi << 16 | lo;
}

uint32_t isa_cvt_f32x2_to_f16x2(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  return (uint32_t)isa_cvt_f32_to_f16(a, rnd, flags) << 16 | isa_cvt_f32_to_f16(b, rnd, flags);
}

uint32_t isa_cvt_f32x2_to_bf16x2(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  return (uint32_t)isa_cvt_f32_to_bf16(a, rnd, flags) << 16 | isa_cvt_f32_to_bf16(b, rnd, flags);
}

/* ---- float -> float: exact widening -------------------------------------- */

uint32_t isa_cvt_f16_to_f32(uint16_t a, unsigned flags)
{
  return (uint32_t)finish(&isa_fmt_f32, widen(&isa_fmt_f32, &isa_fmt_f16, a), flags);
}

uint32_t isa_cvt_bf16_to_f32(uint16_t a, unsigned flags)
{
  uint32_t r = (uint32_t)a << 16;
  if (isa_f32_is_nan(r))
    r |= 0x00400000u; /* quiet */
  return (uint32_t)finish(&isa_fmt_f32, r, flags);
}

uint64_t isa_cvt_f16_to_f64(uint16_t a, unsigned flags)
{
  return finish(&isa_fmt_f64, widen(&isa_fmt_f64, &isa_fmt_f16, a), flags);
}

uint64_t isa_cvt_bf16_to_f64(uint16_t a, unsigned flags)
{
  return finish(&isa_fmt_f64, widen(&isa_fmt_f64, &isa_fmt_bf16, a), flags);
}

uint64_t isa_cvt_f32_to_f64(uint32_t a, unsigned flags)
{
  a = f32_ftz_if(a, flags);
  uint64_t r = isa_f32_is_nan(a) ? widen(&isa_fmt_f64, &isa_fmt_f32, a)
                                 : isa_f64_bits((double)isa_f32_from_bits(a));
  return finish(&isa_fmt_f64, r, flags & ~ISA_CVT_FTZ);
}

/* ---- same-size rounding to an integral value ----------------------------- */

/* On the bits: clear the fraction bits below the binary point and add one
 * unit there when rounding up; a carry runs into the exponent. */
static uint64_t round_integral(const isa_fmt *f, uint64_t a, isa_round rnd)
{
  unsigned m = f->mant_bits;
  uint64_t sign = a & fmt_sign(f), mag = a & low_mask(fmt_width(f));
  int64_t e = (int64_t)(mag >> m) - (1 - f->emin); /* unbiased; subnormals are < 0 */
  bool neg = sign != 0, up;
  if (mag == 0 || e >= m)
    return a; /* zero, already integral, Inf (NaN is the caller's) */
  if (e < 0) { /* 0 < |a| < 1: the result is 0 or 1 */
    uint64_t half = fmt_one(f) - (UINT64_C(1) << m);
    switch (rnd) {
    case ISA_RN:
      up = mag > half;
      break;
    case ISA_RNA:
      up = mag >= half;
      break;
    case ISA_RM:
      up = neg;
      break;
    case ISA_RP:
      up = !neg;
      break;
    default:
      up = false;
      break;
    }
    return sign | (up ? fmt_one(f) : 0);
  }
  unsigned nfrac = m - (unsigned)e; /* 1..m fraction bits */
  uint64_t fmask = low_mask(nfrac), rem = mag & fmask, half = UINT64_C(1) << (nfrac - 1);
  if (rem == 0)
    return a;
  switch (rnd) {
  case ISA_RN:
    up = rem > half || (rem == half && ((mag >> nfrac) & 1));
    break;
  case ISA_RNA:
    up = rem >= half;
    break;
  case ISA_RM:
    up = neg;
    break;
  case ISA_RP:
    up = !neg;
    break;
  default:
    up = false;
    break;
  }
  return sign | ((mag & ~fmask) + (up ? fmask + 1 : 0));
}

static uint64_t to_integral(const isa_fmt *f, uint64_t a, isa_round rnd, unsigned flags)
{
  uint64_t r = fmt_is_nan(f, a) ? f->nan_bits : round_integral(f, a, rnd);
  return finish(f, r, flags);
}

uint32_t isa_cvt_f32_to_f32_int(uint32_t a, isa_round rnd, unsigned flags)
{
  return (uint32_t)to_integral(&isa_fmt_f32, f32_ftz_if(a, flags), rnd, flags);
}

uint64_t isa_cvt_f64_to_f64_int(uint64_t a, isa_round rnd, unsigned flags)
{
  return to_integral(&isa_fmt_f64, a, rnd, flags & ~ISA_CVT_FTZ);
}

uint16_t isa_cvt_f16_to_f16_int(uint16_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)to_integral(&isa_fmt_f16, a, rnd, flags);
}

uint16_t isa_cvt_bf16_to_bf16_int(uint16_t a, isa_round rnd, unsigned flags)
{
  return (uint16_t)to_integral(&isa_fmt_bf16, a, rnd, flags);
}

/* ---- tf32 ---------------------------------------------------------------- */

uint32_t isa_cvt_f32_to_tf32(uint32_t a, isa_round rnd, unsigned flags)
{
  if (isa_f32_is_nan(a))
    return ISA_F32_CANON_NAN;
  uint32_t r = (uint32_t)isa_fp_convert(&isa_fmt_tf32, &isa_fmt_f32, a, rnd, pack_flags(flags));
  r <<= 13;
  if ((flags & ISA_CVT_RELU) && (r & 0x80000000u))
    return 0;
  return r;
}

/* ---- 8-bit floats -------------------------------------------------------- */

/* Every narrowing to e4m3/e5m2/e2m3/e3m2/e2m1 is .rn; .relu and
 * .satfinite come in flags (the formats without NaN saturate anyway). */
static inline uint8_t to_small(const isa_fmt *to, const isa_fmt *from, uint64_t a, unsigned flags)
{
  return (uint8_t)narrow(to, from, a, ISA_RN, flags & (ISA_CVT_RELU | ISA_CVT_SATFINITE));
}

/* Exact widening of a small format to f16; NaN (e4m3 only) -> 0x7fff. */
static inline uint16_t small_to_f16(const isa_fmt *from, uint8_t a, unsigned flags)
{
  uint64_t r = isa_fp_convert(&isa_fmt_f16, from, a, ISA_RN, 0);
  return (uint16_t)finish(&isa_fmt_f16, r, flags & ISA_CVT_RELU);
}

uint8_t isa_cvt_f32_to_e4m3(uint32_t a, unsigned flags)
{
  return to_small(&isa_fmt_e4m3, &isa_fmt_f32, a, flags);
}

uint8_t isa_cvt_f32_to_e5m2(uint32_t a, unsigned flags)
{
  return to_small(&isa_fmt_e5m2, &isa_fmt_f32, a, flags);
}

uint8_t isa_cvt_f16_to_e4m3(uint16_t a, unsigned flags)
{
  return to_small(&isa_fmt_e4m3, &isa_fmt_f16, a, flags);
}

uint8_t isa_cvt_f16_to_e5m2(uint16_t a, unsigned flags)
{
  return to_small(&isa_fmt_e5m2, &isa_fmt_f16, a, flags);
}

uint16_t isa_cvt_e4m3_to_f16(uint8_t a, unsigned flags)
{
  return small_to_f16(&isa_fmt_e4m3, a, flags);
}

/* e5m2 is the top byte of an f16, NaN payload and all. */
uint16_t isa_cvt_e5m2_to_f16(uint8_t a, unsigned flags)
{
  return (uint16_t)finish(&isa_fmt_f16, (uint16_t)(a << 8), flags & ISA_CVT_RELU);
}

uint16_t isa_cvt_f32x2_to_e4m3x2(uint32_t a, uint32_t b, unsigned flags)
{
  return (uint16_t)(isa_cvt_f32_to_e4m3(a, flags) << 8 | isa_cvt_f32_to_e4m3(b, flags));
}

uint16_t isa_cvt_f32x2_to_e5m2x2(uint32_t a, uint32_t b, unsigned flags)
{
  return (uint16_t)(isa_cvt_f32_to_e5m2(a, flags) << 8 | isa_cvt_f32_to_e5m2(b, flags));
}

uint16_t isa_cvt_f16x2_to_e4m3x2(uint32_t a, unsigned flags)
{
  return (uint16_t)(isa_cvt_f16_to_e4m3((uint16_t)(a >> 16), flags) << 8 |
                    isa_cvt_f16_to_e4m3((uint16_t)a, flags));
}

uint16_t isa_cvt_f16x2_to_e5m2x2(uint32_t a, unsigned flags)
{
  return (uint16_t)(isa_cvt_f16_to_e5m2((uint16_t)(a >> 16), flags) << 8 |
                    isa_cvt_f16_to_e5m2((uint16_t)a, flags));
}

uint32_t isa_cvt_e4m3x2_to_f16x2(uint16_t a, unsigned flags)
{
  return (uint32_t)isa_cvt_e4m3_to_f16((uint8_t)(a >> 8), flags) << 16 |
         isa_cvt_e4m3_to_f16((uint8_t)a, flags);
}

uint32_t isa_cvt_e5m2x2_to_f16x2(uint16_t a, unsigned flags)
{
  return (uint32_t)isa_cvt_e5m2_to_f16((uint8_t)(a >> 8), flags) << 16 |
         isa_cvt_e5m2_to_f16((uint8_t)a, flags);
}

/* ---- 6- and 4-bit floats ------------------------------------------------- */

uint8_t isa_cvt_f32x2_to_e2m1x2(uint32_t a, uint32_t b, unsigned flags)
{
  return (uint8_t)(to_small(&isa_fmt_e2m1, &isa_fmt_f32, a, flags) << 4 |
                   to_small(&isa_fmt_e2m1, &isa_fmt_f32, b, flags));
}

uint16_t isa_cvt_f32x2_to_e2m3x2(uint32_t a, uint32_t b, unsigned flags)
{
  return (uint16_t)(to_small(&isa_fmt_e2m3, &isa_fmt_f32, a, flags) << 8 |
                    to_small(&isa_fmt_e2m3, &isa_fmt_f32, b, flags));
}

uint16_t isa_cvt_f32x2_to_e3m2x2(uint32_t a, uint32_t b, unsigned flags)
{
  return (uint16_t)(to_small(&isa_fmt_e3m2, &isa_fmt_f32, a, flags) << 8 |
                    to_small(&isa_fmt_e3m2, &isa_fmt_f32, b, flags));
}

/* The 2 MSBs of each 6-bit byte are ignored (PTX requires them zero). */
uint32_t isa_cvt_e2m1x2_to_f16x2(uint8_t a, unsigned flags)
{
  return (uint32_t)small_to_f16(&isa_fmt_e2m1, (uint8_t)(a >> 4), flags) << 16 |
         small_to_f16(&isa_fmt_e2m1, a & 0xfu, flags);
}

uint32_t isa_cvt_e2m3x2_to_f16x2(uint16_t a, unsigned flags)
{
  return (uint32_t)small_to_f16(&isa_fmt_e2m3, (uint8_t)((a >> 8) & 0x3fu), flags) << 16 |
         small_to_f16(&isa_fmt_e2m3, a & 0x3fu, flags);
}

uint32_t isa_cvt_e3m2x2_to_f16x2(uint16_t a, unsigned flags)
{
  return (uint32_t)small_to_f16(&isa_fmt_e3m2, (uint8_t)((a >> 8) & 0x3fu), flags) << 16 |
         small_to_f16(&isa_fmt_e3m2, a & 0x3fu, flags);
}
