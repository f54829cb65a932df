/* fp_pack.c -- the soft-float core of fp_cvt.h: format descriptors, decoding
 * a value into sign / significand / exponent, and rounding such a triple
 * back into any format with any PTX rounding mode.
 *
 * Everything else that rounds in software (directed-rounding arithmetic,
 * every narrowing cvt, the 8/6/4-bit formats) funnels through
 * isa_fp_pack, so its rounding rules are written once, here.  It works on
 * integers only and never touches the host's floating-point environment.
 * Not here: the per-instruction wrappers (.sat, .relu, .ftz, packing of
 * x2 results), which live in fp_cvt.c.
 */
#include "isa/fp_cvt.h"

/* Exponent bias is 1 - emin in every format here (IEEE and the OCP
 * 8/6/4-bit formats alike), so the descriptors store emin and emax only. */
const isa_fmt isa_fmt_f16 = { 10, 5, ISA_NAN_IEEE, -14, 15, 0x7bff, 0x7fff };
const isa_fmt isa_fmt_bf16 = { 7, 8, ISA_NAN_IEEE, -126, 127, 0x7f7f, 0x7fff };
const isa_fmt isa_fmt_f32 = { 23, 8, ISA_NAN_IEEE, -126, 127, 0x7f7fffff, 0x7fffffff };
const isa_fmt isa_fmt_f64 = { 52,
                              11,
                              ISA_NAN_IEEE,
                              -1022,
                              1023,
                              UINT64_C(0x7fefffffffffffff),
                              UINT64_C(0x7fffffffffffffff) };
const isa_fmt isa_fmt_tf32 = { 10, 8, ISA_NAN_IEEE, -126, 127, 0x3fbff, 0x3ffff };
/* e4m3: exponent field 15 holds finite values except mantissa 7 (NaN). */
const isa_fmt isa_fmt_e4m3 = { 3, 4, ISA_NAN_ONLY, -6, 8, 0x7e, 0x7f };
const isa_fmt isa_fmt_e5m2 = { 2, 5, ISA_NAN_IEEE, -14, 15, 0x7b, 0x7f };
/* Formats without NaN: nan_bits is +max, which is what cvt gives for NaN. */
const isa_fmt isa_fmt_e2m3 = { 3, 2, ISA_NAN_NONE, 0, 2, 0x1f, 0x1f };
const isa_fmt isa_fmt_e3m2 = { 2, 3, ISA_NAN_NONE, -2, 4, 0x1f, 0x1f };
const isa_fmt isa_fmt_e2m1 = { 1, 2, ISA_NAN_NONE, 0, 2, 0x7, 0x7 };

static inline uint64_t low_mask(unsigned n)
{
  return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

/* Decode.  For ISA_FPC_NAN, sig holds the fraction field (the payload,
 * quiet bit included) so that widenings can keep it; exp is 0.  Finite
 * values come back unnormalised: sig is the significand with the hidden
 * bit (fraction only for subnormals), exp the weight of its last bit. */
isa_fpval isa_fp_unpack(const isa_fmt *f, uint64_t bits)
{
  unsigned m = f->mant_bits, width = f->mant_bits + f->exp_bits;
  uint64_t mag = bits & low_mask(width);
  uint64_t frac = mag & low_mask(m);
  uint64_t efield = mag >> m;
  isa_fpval v = { ISA_FPC_FINITE, ((bits >> width) & 1) != 0, 0, 0 };

  if (f->nan_kind == ISA_NAN_IEEE && efield == low_mask(f->exp_bits)) {
    v.cls = frac ? ISA_FPC_NAN : ISA_FPC_INF;
    v.sig = frac;
    return v;
  }
  if (f->nan_kind == ISA_NAN_ONLY && mag == f->max_bits + 1) {
    v.cls = ISA_FPC_NAN;
    v.sig = frac;
    return v;
  }
  if (efield == 0) {
    if (frac == 0) {
      v.cls = ISA_FPC_ZERO;
      return v;
    }
    v.sig = frac;
    v.exp = f->emin - (int32_t)m;
    return v;
  }
  v.sig = frac | (UINT64_C(1) << m);
  v.exp = (int32_t)efield - (1 - f->emin) - (int32_t)m;
  return v;
}

/* Magnitude pattern of +Inf in an IEEE-style format. */
static inline uint64_t inf_bits(const isa_fmt *f)
{
  return low_mask(f->exp_bits) << f->mant_bits;
}

/* What an overflow gives: Inf when the rounding direction points away from
 * zero (IEEE 754 §7.4), else the largest finite.  .rs points away here:
 * even the truncated value is beyond max, so there is nothing to pick. */
static uint64_t overflow_mag(const isa_fmt *f, bool neg, isa_round rnd, unsigned flags)
{
  bool to_inf;
  if (f->nan_kind != ISA_NAN_IEEE || (flags & ISA_PACK_SATFINITE))
    return f->max_bits;
  switch (rnd) {
  case ISA_RZ:
    to_inf = false;
    break;
  case ISA_RM:
    to_inf = neg;
    break;
  case ISA_RP:
    to_inf = !neg;
    break;
  default: /* RN, RNA, RS */
    to_inf = true;
    break;
  }
  return to_inf ? inf_bits(f) : f->max_bits;
}

/* Top w bits (w <= 32) of the fraction sig / 2^shift, shift > 0: what .rs
 * adds its random bits to. */
static uint64_t discarded_top(uint64_t sig, uint64_t shift, unsigned w)
{
  if (shift >= w) {
    uint64_t s = shift - w;
    return s >= 64 ? 0 : (sig >> s) & low_mask(w);
  }
  return (sig & low_mask((unsigned)shift)) << (w - shift);
}

/* Whether to add one unit in the last place, given the kept bits q, the
 * round bit and the sticky bit (everything below the round bit). */
static inline bool round_up(isa_round rnd, bool neg, uint64_t q, bool rbit, bool sbit)
{
  switch (rnd) {
  case ISA_RN:
    return rbit && (sbit || (q & 1));
  case ISA_RNA:
    return rbit;
  case ISA_RM:
    return neg && (rbit || sbit);
  case ISA_RP:
    return !neg && (rbit || sbit);
  default: /* RZ; RS is decided by the caller */
    return false;
  }
}

/* Contract in fp_cvt.h.  When sticky is set, sig should carry at least
 * mant_bits+2 significant bits (as every caller's exact intermediate
 * does); with fewer, the sticky amount is taken to lie below the round bit
 * of the result.  With sig == 0, the value is taken to be a positive
 * amount below 2^(exp-1), so exp should sit below the result's round bit. */
uint64_t isa_fp_pack(const isa_fmt *f, bool neg, int32_t exp, uint64_t sig, bool sticky,
                     isa_round rnd, unsigned flags, uint32_t rs_bits, unsigned rs_width)
{
  unsigned m = f->mant_bits;
  uint64_t sign = (uint64_t)neg << (m + f->exp_bits);
  if (sig == 0) {
    sig = 1;
    exp -= 2;
    sticky = true;
  }
  int msb = 63 - __builtin_clzll(sig);
  int64_t e = (int64_t)exp + msb; /* value in [2^e, 2^(e+1)) */
  if (e > f->emax)
    return sign | overflow_mag(f, neg, rnd, flags);

  int64_t e_used = e < f->emin ? f->emin : e;
  int64_t shift = e_used - (int64_t)m - exp; /* bits of sig below the result's last bit */
  uint64_t q;
  bool inc;
  if (shift <= 0) {
    q = sig << -shift;
    /* Sticky lies below the round bit: only directed modes see it. */
    inc = rnd != ISA_RS && round_up(rnd, neg, q, false, sticky);
  } else {
    q = shift >= 64 ? 0 : sig >> shift;
    if (rnd == ISA_RS) {
      uint64_t top = discarded_top(sig, (uint64_t)shift, rs_width);
      inc = ((top + (rs_bits & low_mask(rs_width))) >> rs_width) != 0;
    } else {
      bool rbit = shift <= 64 && ((sig >> (shift - 1)) & 1);
      bool sbit = sticky || (shift > 64 ? true : (sig & low_mask((unsigned)shift - 1)) != 0);
      inc = round_up(rnd, neg, q, rbit, sbit);
    }
  }
  /* For a normal result q carries the hidden bit 2^m, so adding it to
   * (e - emin) << m gives the biased exponent field (bias = 1 - emin); a
   * carry out of the fraction on rounding lands in the exponent. */
  uint64_t mag = ((uint64_t)(e_used - f->emin) << m) + q + (inc ? 1 : 0);
  if (mag > f->max_bits)
    return sign | overflow_mag(f, neg, rnd, flags);
  return sign | mag;
}

uint64_t isa_fp_convert(const isa_fmt *to, const isa_fmt *from, uint64_t bits, isa_round rnd,
                        unsigned flags)
{
  isa_fpval v = isa_fp_unpack(from, bits);
  uint64_t sign = (uint64_t)v.neg << (to->mant_bits + to->exp_bits);
  switch (v.cls) {
  case ISA_FPC_NAN:
    return to->nan_bits;
  case ISA_FPC_INF:
    if (to->nan_kind != ISA_NAN_IEEE || (flags & ISA_PACK_SATFINITE))
      return sign | to->max_bits;
    return sign | inf_bits(to);
  case ISA_FPC_ZERO:
    return sign;
  default:
    return isa_fp_pack(to, v.neg, v.exp, v.sig, false, rnd, flags, 0, 0);
  }
}
