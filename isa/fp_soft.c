/* fp_soft.c -- exact integer arithmetic for the rounded f32/f64 operations
 * that the host cannot do natively: .rz/.rm/.rp (we never change the host
 * rounding mode) and the 1.11.20 word of the .approx.ftz.f64 forms.
 *
 * Every operation builds its exact result, or an integer truncation of it
 * plus a sticky bit for "and a little more", in an unsigned 128-bit
 * significand, and hands it to isa_fp_pack, which owns all rounding rules.
 * 53-bit significands make a 106-bit product, so one 128-bit word holds
 * every intermediate; an addend too far below the other collapses into the
 * sticky bit.  Contracts in fp_arith_int.h.
 */
#include <assert.h>

#include "isa/fp_arith_int.h"

/* Significand positions: an addend's top bit goes to ADD_TOP, leaving
 * room for the carry of a sum; a dividend's top bit goes to DIV_TOP. */
enum { ADD_TOP = 125, DIV_TOP = 126 };

static unsigned msb128(isa_u128 x)
{
  uint64_t hi = (uint64_t)(x >> 64);
  assert(x != 0);
  return hi ? 127u - (unsigned)__builtin_clzll(hi) : 63u - (unsigned)__builtin_clzll((uint64_t)x);
}

static isa_u128 low_bits128(unsigned n)
{
  return n >= 128 ? ~(isa_u128)0 : ((isa_u128)1 << n) - 1;
}

static uint64_t sign_bit(const isa_fmt *f)
{
  return UINT64_C(1) << (f->mant_bits + f->exp_bits);
}

static uint64_t zero_of(const isa_fmt *f, bool neg)
{
  return neg ? sign_bit(f) : 0;
}

static uint64_t inf_of(const isa_fmt *f, bool neg)
{
  uint64_t exp_ones = (UINT64_C(1) << f->exp_bits) - 1;
  return zero_of(f, neg) | (exp_ones << f->mant_bits);
}

/* IEEE 754 §6.3: an exact zero sum is -0 only if both terms are -0, or if
 * the terms have opposite signs and we round toward -Inf. */
static bool zero_sum_is_neg(bool x_neg, bool y_neg, isa_round rnd)
{
  return x_neg == y_neg ? x_neg : rnd == ISA_RM;
}

static isa_wide wide_of(isa_fpval v)
{
  isa_wide w = { v.neg, v.exp, v.sig };
  return w;
}

/* Shift w left until its top bit is at bit `top` (it must be at or below). */
static isa_wide wide_top(isa_wide w, unsigned top)
{
  unsigned s = top - msb128(w.sig);
  w.sig <<= s;
  w.exp -= (int32_t)s;
  return w;
}

/* Round w (plus sticky) to f.  isa_fp_pack takes 64 bits: shifting the
 * rest into the sticky bit is exact because every caller that sets sticky
 * keeps far more than mant_bits+2 significant bits. */
static uint64_t pack_wide(const isa_fmt *f, isa_wide w, bool sticky, isa_round rnd)
{
  unsigned top = msb128(w.sig);
  if (top > 63) {
    unsigned s = top - 63;
    sticky = sticky || (w.sig & low_bits128(s)) != 0;
    w.sig >>= s;
    w.exp += (int32_t)s;
  }
  return isa_fp_pack(f, w.neg, w.exp, (uint64_t)w.sig, sticky, rnd, 0, 0, 0);
}

/* floor(sqrt(n)) by the digit-by-digit method; *rem = n - root^2. */
static isa_u128 isqrt128(isa_u128 n, isa_u128 *rem)
{
  isa_u128 root = 0, bit = (isa_u128)1 << 126;
  while (bit > n)
    bit >>= 2;
  while (bit != 0) {
    if (n >= root + bit) {
      n -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  *rem = n;
  return root;
}

uint64_t isa_sf_add_wide(const isa_fmt *f, isa_wide x, isa_wide y, isa_round rnd)
{
  x = wide_top(x, ADD_TOP);
  y = wide_top(y, ADD_TOP);
  if (y.exp > x.exp || (y.exp == x.exp && y.sig > x.sig)) {
    isa_wide t = x;
    x = y;
    y = t;
  }
  /* |x| >= |y|.  Align y to x, keeping the lost bits as "jam".  A true
   * difference x - (yt + frac) is (x - yt - 1) + (1 - frac): subtract the
   * jam bit and keep it as sticky, so the sticky amount is always
   * positive.  Bits are lost only when the shift is >= 2 (both values
   * have at most 107 significant bits), so the result keeps >= 124 bits. */
  int64_t d = (int64_t)x.exp - y.exp;
  bool is_far = d > ADD_TOP; /* all of y is below x's last bit */
  isa_u128 yt = is_far ? 0 : y.sig >> d;
  bool jam = is_far || (y.sig & low_bits128((unsigned)d)) != 0;
  isa_wide r = { x.neg, x.exp, 0 };
  r.sig = x.neg == y.neg ? x.sig + yt : x.sig - yt - (jam ? 1 : 0);
  if (r.sig == 0 && !jam)
    return zero_of(f, rnd == ISA_RM);
  return pack_wide(f, r, jam, rnd);
}

uint64_t isa_sf_add(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a), y = isa_fp_unpack(f, b);
  if (x.cls == ISA_FPC_NAN || y.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF)
    return y.cls == ISA_FPC_INF && y.neg != x.neg ? f->nan_bits : a;
  if (y.cls == ISA_FPC_INF)
    return b;
  if (x.cls == ISA_FPC_ZERO)
    return y.cls == ISA_FPC_ZERO ? zero_of(f, zero_sum_is_neg(x.neg, y.neg, rnd)) : b;
  if (y.cls == ISA_FPC_ZERO)
    return a;
  return isa_sf_add_wide(f, wide_of(x), wide_of(y), rnd);
}

uint64_t isa_sf_mul(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a), y = isa_fp_unpack(f, b);
  bool neg = x.neg != y.neg;
  if (x.cls == ISA_FPC_NAN || y.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF || y.cls == ISA_FPC_INF)
    return x.cls == ISA_FPC_ZERO || y.cls == ISA_FPC_ZERO ? f->nan_bits : inf_of(f, neg);
  if (x.cls == ISA_FPC_ZERO || y.cls == ISA_FPC_ZERO)
    return zero_of(f, neg);
  isa_wide p = { neg, x.exp + y.exp, (isa_u128)x.sig * y.sig };
  return pack_wide(f, p, false, rnd);
}

uint64_t isa_sf_fma(const isa_fmt *f, uint64_t a, uint64_t b, uint64_t c, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a), y = isa_fp_unpack(f, b), z = isa_fp_unpack(f, c);
  bool p_neg = x.neg != y.neg;
  if (x.cls == ISA_FPC_NAN || y.cls == ISA_FPC_NAN || z.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF || y.cls == ISA_FPC_INF) {
    if (x.cls == ISA_FPC_ZERO || y.cls == ISA_FPC_ZERO)
      return f->nan_bits; /* 0 * Inf, whatever c is */
    if (z.cls == ISA_FPC_INF && z.neg != p_neg)
      return f->nan_bits;
    return inf_of(f, p_neg);
  }
  if (z.cls == ISA_FPC_INF)
    return c;
  if (x.cls == ISA_FPC_ZERO || y.cls == ISA_FPC_ZERO)
    return z.cls == ISA_FPC_ZERO ? zero_of(f, zero_sum_is_neg(p_neg, z.neg, rnd)) : c;
  isa_wide p = { p_neg, x.exp + y.exp, (isa_u128)x.sig * y.sig };
  if (z.cls == ISA_FPC_ZERO)
    return pack_wide(f, p, false, rnd); /* the product is nonzero: its sign wins */
  return isa_sf_add_wide(f, p, wide_of(z), rnd);
}

uint64_t isa_sf_div(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a), y = isa_fp_unpack(f, b);
  bool neg = x.neg != y.neg;
  if (x.cls == ISA_FPC_NAN || y.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF)
    return y.cls == ISA_FPC_INF ? f->nan_bits : inf_of(f, neg);
  if (y.cls == ISA_FPC_INF)
    return zero_of(f, neg);
  if (y.cls == ISA_FPC_ZERO)
    return x.cls == ISA_FPC_ZERO ? f->nan_bits : inf_of(f, neg);
  if (x.cls == ISA_FPC_ZERO)
    return zero_of(f, neg);
  /* A 127-bit dividend over a divisor of <= 53 bits: >= 74 quotient bits. */
  isa_wide n = wide_top(wide_of(x), DIV_TOP);
  isa_wide q = { neg, n.exp - y.exp, n.sig / y.sig };
  return pack_wide(f, q, n.sig % y.sig != 0, rnd);
}

uint64_t isa_sf_sqrt(const isa_fmt *f, uint64_t a, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a);
  if (x.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_ZERO)
    return a; /* sqrt(-0) = -0 */
  if (x.neg)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF)
    return a;
  /* Scale to a 125- or 126-bit radicand with an even exponent: the root
   * then has 63 bits. */
  unsigned s = 124 - msb128(x.sig);
  if ((x.exp - (int32_t)s) % 2 != 0)
    s++;
  isa_u128 rem, root = isqrt128((isa_u128)x.sig << s, &rem);
  isa_wide r = { false, (x.exp - (int32_t)s) / 2, root };
  return pack_wide(f, r, rem != 0, rnd);
}

uint64_t isa_sf_rsqrt(const isa_fmt *f, uint64_t a, isa_round rnd)
{
  isa_fpval x = isa_fp_unpack(f, a);
  if (x.cls == ISA_FPC_NAN)
    return f->nan_bits;
  if (x.cls == ISA_FPC_ZERO)
    return inf_of(f, x.neg);
  if (x.neg)
    return f->nan_bits;
  if (x.cls == ISA_FPC_INF)
    return 0;
  /* 1/sqrt(t * 2^e) with e even is sqrt(2^124 / t) * 2^(-62 - e/2), and
   * floor(sqrt(2^124 / t)) = isqrt(floor(2^124 / t)).  t < 2^34 keeps
   * that root above 2^45: plenty of bits for 24-bit results. */
  assert(f->mant_bits < 32);
  isa_u128 t = x.sig;
  int32_t e = x.exp;
  if (e % 2 != 0) {
    t <<= 1;
    e -= 1;
  }
  const isa_u128 n = (isa_u128)1 << 124;
  isa_u128 rem, root = isqrt128(n / t, &rem);
  isa_wide r = { false, -62 - e / 2, root };
  return pack_wide(f, r, root * root * t != n, rnd);
}
