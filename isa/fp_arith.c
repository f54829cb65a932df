/* fp_arith.c -- the rounded f32/f64 arithmetic of fp_arith.h (add, sub,
 * mul, fma/mad, div, rcp, sqrt), the sm_1x mad, and the sign, min/max and
 * testp operations.
 *
 * .rn goes to the host's native operation (the inline fast paths of
 * fp_arith.h); .rz/.rm/.rp go to the exact integer core in fp_soft.c.
 * The f32 wrappers add what PTX puts around the operation, in this order:
 * flush subnormal inputs (.ftz), operate, flush a subnormal result (.ftz,
 * after rounding), make any NaN canonical, clamp (.sat).  The f64 wrappers
 * apply the payload-propagation rule of fp_arith.h.  The .approx family
 * lives in fp_approx.c.
 */
#include <math.h>

#include "isa/fp_arith.h"
#include "isa/fp_arith_int.h"

#define F32_SIGN 0x80000000u
#define F32_ONE 0x3f800000u
#define F64_SIGN UINT64_C(0x8000000000000000)
#define F64_ONE UINT64_C(0x3ff0000000000000)

/* ---- f32 modifiers ------------------------------------------------------ */

static uint32_t f32_in(uint32_t a, unsigned flags)
{
  return (flags & ISA_FP_FTZ) ? isa_f32_ftz(a) : a;
}

/* .sat: clamp to [+0, 1]; NaN and -0 (and every negative) give +0. */
static uint32_t f32_sat(uint32_t r)
{
  if (isa_f32_is_nan(r) || (r & F32_SIGN))
    return 0;
  return r > F32_ONE ? F32_ONE : r;
}

static uint32_t f32_out(uint32_t r, unsigned flags)
{
  if (flags & ISA_FP_FTZ)
    r = isa_f32_ftz(r);
  if (isa_f32_is_nan(r))
    r = ISA_F32_CANON_NAN;
  return (flags & ISA_FP_SAT) ? f32_sat(r) : r;
}

/* ---- f32 rounded arithmetic ----------------------------------------------- */

uint32_t isa_f32_add(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  a = f32_in(a, flags);
  b = f32_in(b, flags);
  uint32_t r = rnd == ISA_RN ? isa_f32_add_rn(a, b) : (uint32_t)isa_sf_add(&isa_fmt_f32, a, b, rnd);
  return f32_out(r, flags);
}

uint32_t isa_f32_sub(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  return isa_f32_add(a, b ^ F32_SIGN, rnd, flags); /* NaN payloads do not matter in f32 */
}

uint32_t isa_f32_mul(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  a = f32_in(a, flags);
  b = f32_in(b, flags);
  uint32_t r = rnd == ISA_RN ? isa_f32_mul_rn(a, b) : (uint32_t)isa_sf_mul(&isa_fmt_f32, a, b, rnd);
  return f32_out(r, flags);
}

uint32_t isa_f32_fma(uint32_t a, uint32_t b, uint32_t c, isa_round rnd, unsigned flags)
{
  a = f32_in(a, flags);
  b = f32_in(b, flags);
  c = f32_in(c, flags);
  uint32_t r = rnd == ISA_RN ? isa_f32_fma_rn(a, b, c)
                             : (uint32_t)isa_sf_fma(&isa_fmt_f32, a, b, c, rnd);
  return f32_out(r, flags);
}

uint32_t isa_f32_div(uint32_t a, uint32_t b, isa_round rnd, unsigned flags)
{
  a = f32_in(a, flags);
  b = f32_in(b, flags);
  uint32_t r = rnd == ISA_RN ? isa_f32_canon(isa_f32_from_bits(a) / isa_f32_from_bits(b))
                             : (uint32_t)isa_sf_div(&isa_fmt_f32, a, b, rnd);
  return f32_out(r, flags & ISA_FP_FTZ);
}

uint32_t isa_f32_rcp(uint32_t a, isa_round rnd, unsigned flags)
{
  return isa_f32_div(F32_ONE, a, rnd, flags);
}

uint32_t isa_f32_sqrt(uint32_t a, isa_round rnd, unsigned flags)
{
  a = f32_in(a, flags);
  uint32_t r = rnd == ISA_RN ? isa_f32_canon(sqrtf(isa_f32_from_bits(a)))
                             : (uint32_t)isa_sf_sqrt(&isa_fmt_f32, a, rnd);
  return f32_out(r, flags & ISA_FP_FTZ);
}

/* PTX ISA, mad: on sm_1x the product is formed exactly, its significand
 * truncated to 24 bits with the exponent left unclamped, and then added
 * with .rn; with c = +-0 it is a separate mul and add.  Subnormals are
 * always flushed there. */
uint32_t isa_f32_mad_sm1x(uint32_t a, uint32_t b, uint32_t c, unsigned flags)
{
  const unsigned ftz = ISA_FP_FTZ | (flags & ISA_FP_SAT);
  a = isa_f32_ftz(a);
  b = isa_f32_ftz(b);
  c = isa_f32_ftz(c);
  if ((c & ~F32_SIGN) == 0)
    return isa_f32_add(isa_f32_mul(a, b, ISA_RN, ISA_FP_FTZ), c, ISA_RN, ftz);
  isa_fpval x = isa_fp_unpack(&isa_fmt_f32, a), y = isa_fp_unpack(&isa_fmt_f32, b),
            z = isa_fp_unpack(&isa_fmt_f32, c);
  if (x.cls != ISA_FPC_FINITE || y.cls != ISA_FPC_FINITE || z.cls != ISA_FPC_FINITE)
    return f32_out(isa_f32_fma_rn(a, b, c), ftz); /* NaN, Inf, or a zero product: exact */
  isa_wide p = { x.neg != y.neg, x.exp + y.exp, (isa_u128)x.sig * y.sig };
  if (p.sig >> 24) {
    unsigned len = 64u - (unsigned)__builtin_clzll((uint64_t)p.sig);
    p.sig >>= len - 24;
    p.exp += (int32_t)(len - 24);
  }
  isa_wide w = { z.neg, z.exp, z.sig };
  return f32_out((uint32_t)isa_sf_add_wide(&isa_fmt_f32, p, w, ISA_RN), ftz);
}

/* ---- f64 rounded arithmetic ------------------------------------------------ */

uint64_t isa_f64_add(uint64_t a, uint64_t b, isa_round rnd)
{
  if (rnd == ISA_RN)
    return isa_f64_add_rn(a, b);
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b))
    return isa_f64_nan2(a, b);
  return isa_sf_add(&isa_fmt_f64, a, b, rnd);
}

uint64_t isa_f64_sub(uint64_t a, uint64_t b, isa_round rnd)
{
  if (rnd == ISA_RN)
    return isa_f64_sub_rn(a, b);
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b))
    return isa_f64_nan2(a, b); /* b's payload as given, sign not flipped */
  return isa_sf_add(&isa_fmt_f64, a, b ^ F64_SIGN, rnd);
}

uint64_t isa_f64_mul(uint64_t a, uint64_t b, isa_round rnd)
{
  if (rnd == ISA_RN)
    return isa_f64_mul_rn(a, b);
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b))
    return isa_f64_nan2(a, b);
  return isa_sf_mul(&isa_fmt_f64, a, b, rnd);
}

uint64_t isa_f64_fma(uint64_t a, uint64_t b, uint64_t c, isa_round rnd)
{
  if (rnd == ISA_RN)
    return isa_f64_fma_rn(a, b, c);
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b) || isa_f64_is_nan(c))
    return isa_f64_nan3(a, b, c);
  return isa_sf_fma(&isa_fmt_f64, a, b, c, rnd);
}

uint64_t isa_f64_div(uint64_t a, uint64_t b, isa_round rnd)
{
  if (rnd == ISA_RN) {
    double r = isa_f64_from_bits(a) / isa_f64_from_bits(b);
    return r != r ? isa_f64_nan2(a, b) : isa_f64_bits(r);
  }
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b))
    return isa_f64_nan2(a, b);
  return isa_sf_div(&isa_fmt_f64, a, b, rnd);
}

uint64_t isa_f64_rcp(uint64_t a, isa_round rnd)
{
  return isa_f64_div(F64_ONE, a, rnd);
}

uint64_t isa_f64_sqrt(uint64_t a, isa_round rnd)
{
  if (rnd == ISA_RN) {
    double r = sqrt(isa_f64_from_bits(a));
    return r != r ? isa_f64_nan2(a, a) : isa_f64_bits(r);
  }
  if (isa_f64_is_nan(a))
    return isa_f64_nan2(a, a);
  return isa_sf_sqrt(&isa_fmt_f64, a, rnd);
}

/* ---- sign operations, min/max, testp ---------------------------------- */

uint32_t isa_f32_abs(uint32_t a, unsigned flags)
{
  return f32_in(a, flags) & ~F32_SIGN;
}

uint32_t isa_f32_neg(uint32_t a, unsigned flags)
{
  return f32_in(a, flags) ^ F32_SIGN;
}

uint32_t isa_f32_copysign(uint32_t a, uint32_t b)
{
  return (b & ~F32_SIGN) | (a & F32_SIGN);
}

uint64_t isa_f64_abs(uint64_t a)
{
  return isa_f64_is_nan(a) ? a : a & ~F64_SIGN; /* PTX ISA, abs: f64 NaN passes unchanged */
}

uint64_t isa_f64_neg(uint64_t a)
{
  return a ^ F64_SIGN;
}

uint64_t isa_f64_copysign(uint64_t a, uint64_t b)
{
  return (b & ~F64_SIGN) | (a & F64_SIGN);
}

/* Order-preserving maps of non-NaN values onto unsigned integers, with
 * -0 just below +0 as min/max want. */
static uint32_t f32_key(uint32_t x)
{
  return (x & F32_SIGN) ? ~x : x | F32_SIGN;
}

static uint64_t f64_key(uint64_t x)
{
  return (x & F64_SIGN) ? ~x : x | F64_SIGN;
}

/* The PTX min_num/min_nan (max_*) pseudo-code for one pair. */
static uint32_t f32_pick(uint32_t x, uint32_t y, bool is_max, bool is_nan_mode)
{
  bool x_nan = isa_f32_is_nan(x), y_nan = isa_f32_is_nan(y);
  if (x_nan || y_nan) {
    if (is_nan_mode || (x_nan && y_nan))
      return ISA_F32_CANON_NAN;
    return x_nan ? y : x;
  }
  bool x_first = is_max ? f32_key(x) > f32_key(y) : f32_key(x) < f32_key(y);
  return x_first ? x : y;
}

/* min/max with two or three inputs (n_in), after PTX ISA min's
 * pseudo-code: .xorsign takes the signs before .abs clears them. */
static uint32_t f32_min_max(const uint32_t *in, unsigned n_in, bool is_max, unsigned flags)
{
  const unsigned xorsign = ISA_FP_XORSIGN_ABS & ~ISA_FP_ABS;
  bool is_nan_mode = (flags & ISA_FP_NAN) != 0;
  uint32_t v[3], d;
  for (unsigned i = 0; i < n_in; i++) {
    v[i] = f32_in(in[i], flags);
    if (flags & ISA_FP_ABS)
      v[i] &= ~F32_SIGN;
  }
  d = f32_pick(v[0], v[1], is_max, is_nan_mode);
  if (n_in == 3)
    d = f32_pick(d, v[2], is_max, is_nan_mode);
  if (n_in == 2 && (flags & xorsign) && !isa_f32_is_nan(d))
    d = (d & ~F32_SIGN) | ((in[0] ^ in[1]) & F32_SIGN);
  return d;
}

uint32_t isa_f32_min(uint32_t a, uint32_t b, unsigned flags)
{
  const uint32_t in[2] = { a, b };
  return f32_min_max(in, 2, false, flags);
}

uint32_t isa_f32_max(uint32_t a, uint32_t b, unsigned flags)
{
  const uint32_t in[2] = { a, b };
  return f32_min_max(in, 2, true, flags);
}

uint32_t isa_f32_min3(uint32_t a, uint32_t b, uint32_t c, unsigned flags)
{
  const uint32_t in[3] = { a, b, c };
  return f32_min_max(in, 3, false, flags);
}

uint32_t isa_f32_max3(uint32_t a, uint32_t b, uint32_t c, unsigned flags)
{
  const uint32_t in[3] = { a, b, c };
  return f32_min_max(in, 3, true, flags);
}

static uint64_t f64_pick(uint64_t a, uint64_t b, bool is_max)
{
  bool a_nan = isa_f64_is_nan(a), b_nan = isa_f64_is_nan(b);
  if (a_nan && b_nan)
    return a | ISA_F64_QUIET_BIT;
  if (a_nan || b_nan)
    return a_nan ? b : a;
  bool a_first = is_max ? f64_key(a) > f64_key(b) : f64_key(a) < f64_key(b);
  return a_first ? a : b;
}

uint64_t isa_f64_min(uint64_t a, uint64_t b)
{
  return f64_pick(a, b, false);
}

uint64_t isa_f64_max(uint64_t a, uint64_t b)
{
  return f64_pick(a, b, true);
}

/* testp on a magnitude split into exponent field and fraction. */
static bool testp_fields(uint64_t efield, uint64_t emax_field, uint64_t frac, isa_testp op)
{
  bool is_special = efield == emax_field;
  switch (op) {
  case ISA_TESTP_FINITE:
    return !is_special;
  case ISA_TESTP_INFINITE:
    return is_special && frac == 0;
  case ISA_TESTP_NUMBER:
    return !is_special || frac == 0;
  case ISA_TESTP_NOTANUMBER:
    return is_special && frac != 0;
  case ISA_TESTP_NORMAL:
    return !is_special && (efield != 0 || frac == 0); /* +-0 counts as normal */
  case ISA_TESTP_SUBNORMAL:
    return efield == 0 && frac != 0;
  }
  return false;
}

bool isa_f32_testp(uint32_t a, isa_testp op)
{
  return testp_fields((a >> 23) & 0xff, 0xff, a & 0x7fffff, op);
}

bool isa_f64_testp(uint64_t a, isa_testp op)
{
  return testp_fields((a >> 52) & 0x7ff, 0x7ff, a & ((UINT64_C(1) << 52) - 1), op);
}
