/* int_ops.c -- the rarer integer and bit-manipulation semantics declared
 * in int_ops.h: 24-bit multiplies, sad, packed 16x2 min/max, bfind, fns,
 * szext, prmt's modes and the byte dot products.
 *
 * Like the inline ones, these are pure: bits in, bits out, no allocation,
 * every input defined.  Unsigned arithmetic throughout; signed values are
 * carried as sign-extended bits so that wrap-around is never undefined.
 * References are to the PTX ISA 9.0 pages summarised in
 * /work/notes/semantics/int_arith.md and data_movement.md.
 */
#include "isa/int_ops.h"

/* PTX ISA, mul24: "the product of two 24-bit integer values held in 32-bit
 * source registers".  The high 8 bits are ignored (libdevice __mul24); for
 * .s32 the 24-bit value is signed [emu].  The 48-bit product fits a
 * uint64_t as two's-complement bits. */
static uint64_t mul24_product(uint32_t a, uint32_t b, bool is_signed)
{
  uint64_t x = is_signed ? isa_sext_bits(a, 24) : (a & 0xffffffu);
  uint64_t y = is_signed ? isa_sext_bits(b, 24) : (b & 0xffffffu);
  return x * y;
}

uint32_t isa_mul24(uint32_t a, uint32_t b, bool is_signed, bool is_hi)
{
  uint64_t p = mul24_product(a, b, is_signed);
  return (uint32_t)(is_hi ? p >> 16 : p); /* .hi is t<47..16>, not t<63..32> */
}

uint32_t isa_mad24(uint32_t a, uint32_t b, uint32_t c, bool is_signed, bool is_hi, bool is_sat)
{
  uint32_t t = isa_mul24(a, b, is_signed, is_hi);
  /* PTX ISA, mad24: .sat exists only for .hi.s32 and limits the 32-bit
   * signed addition; t<47..16> of a signed product is a signed 32-bit value. */
  if (is_sat && is_signed && is_hi)
    return isa_clamp_s32(isa_sext(t, 32) + isa_sext(c, 32));
  return t + c;
}

uint64_t isa_sad(uint64_t a, uint64_t b, uint64_t c, unsigned w, bool is_signed)
{
  uint64_t diff = isa_lt(a, b, w, is_signed) ? b - a : a - b;
  return isa_trunc(c + diff, w);
}

/* One 16-bit lane of min/max.{u16x2,s16x2}{.relu}. */
static uint32_t minmax_lane(uint32_t x, uint32_t y, bool is_signed, bool is_relu, bool is_max)
{
  uint32_t r = (isa_lt(x, y, 16, is_signed) != is_max) ? x : y;
  if (is_relu && is_signed && (r & 0x8000u))
    r = 0;
  return r & 0xffffu;
}

uint32_t isa_min_x2(uint32_t a, uint32_t b, bool is_signed, bool is_relu)
{
  return minmax_lane(a & 0xffffu, b & 0xffffu, is_signed, is_relu, false) |
         minmax_lane(a >> 16, b >> 16, is_signed, is_relu, false) << 16;
}

uint32_t isa_max_x2(uint32_t a, uint32_t b, bool is_signed, bool is_relu)
{
  return minmax_lane(a & 0xffffu, b & 0xffffu, is_signed, is_relu, true) |
         minmax_lane(a >> 16, b >> 16, is_signed, is_relu, true) << 16;
}

uint32_t isa_bfind(uint64_t a, unsigned w, bool is_signed, bool is_shiftamt)
{
  uint32_t d;
  a = isa_trunc(a, w);
  if (is_signed && isa_is_neg(a, w))
    a = isa_trunc(~a, w); /* PTX ISA, bfind: find the top 0 of a negative number */
  if (a == 0)
    return UINT32_MAX; /* also for .shiftamt */
  d = (w - 1) - isa_clz(a, w);
  return is_shiftamt ? (w - 1) - d : d;
}

uint32_t isa_fns(uint32_t mask, uint32_t base, uint32_t offset)
{
  /* Offsets are .s32; |offset| and the step count stay unsigned so that
   * offset = INT32_MIN needs no special case. */
  bool is_down = offset >> 31;
  uint32_t count = is_down ? 0u - offset : offset;
  if (base > 31) /* negative or too large as .s32: the spec's loop never runs */
    return UINT32_MAX;
  if (count == 0)
    return ((mask >> base) & 1) ? base : UINT32_MAX;
  if (is_down) {
    /* Keep bits base..0 and take the count-th highest set bit. */
    uint32_t m = base == 31 ? mask : mask & ((UINT32_C(2) << base) - 1);
    for (; m; m &= ~(UINT32_C(1) << (31 - __builtin_clz(m))))
      if (--count == 0)
        return 31 - (uint32_t)__builtin_clz(m);
  } else {
    /* Keep bits 31..base and take the count-th lowest set bit. */
    uint32_t m = mask & (UINT32_MAX << base);
    for (; m; m &= m - 1)
      if (--count == 0)
        return (uint32_t)__builtin_ctz(m);
  }
  return UINT32_MAX;
}

uint32_t isa_szext(uint32_t a, uint32_t b, bool is_signed, bool is_clamp)
{
  /* PTX ISA, szext pseudo-code (reading its "(sign_bit ? mask | 0)" as
   * "(sign_bit ? mask : 0)"). */
  unsigned b1 = b & 0x1f;
  bool too_large = b >= 32 && is_clamp;
  uint32_t mask = too_large ? 0 : UINT32_MAX << b1;
  bool sign_bit = !(b1 == 0 || too_large || !is_signed) && ((a >> ((b1 - 1) & 0x1f)) & 1);
  return (a & ~mask) | (sign_bit ? mask : 0);
}

/* Source byte (0..7 of {b,a}) for destination byte i under a prmt mode
 * with s = c[1:0]; closed forms of the table in data_movement.md. */
static unsigned prmt_mode_source(isa_prmt_mode mode, unsigned s, unsigned i)
{
  switch (mode) {
  case ISA_PRMT_F4E:
    return (s + i) & 7;
  case ISA_PRMT_B4E:
    return (s - i) & 7;
  case ISA_PRMT_RC8:
    return s;
  case ISA_PRMT_ECL:
    return i > s ? i : s;
  case ISA_PRMT_ECR:
    return i < s ? i : s;
  case ISA_PRMT_RC16:
    return (s & 1) * 2 + (i & 1);
  default:
    return i;
  }
}

uint32_t isa_prmt_mode_exec(uint32_t a, uint32_t b, uint32_t c, isa_prmt_mode mode)
{
  uint64_t src = (uint64_t)b << 32 | a;
  uint32_t d = 0;
  if (mode == ISA_PRMT_DEFAULT)
    return isa_prmt(a, b, c);
  for (unsigned i = 0; i < 4; i++) {
    unsigned s = prmt_mode_source(mode, c & 3, i);
    d |= (uint32_t)((src >> (8 * s)) & 0xff) << (8 * i);
  }
  return d;
}

/* Element k of width bits (8 or 16) of v, sign- or zero-extended, as bits. */
static uint32_t elem(uint32_t v, unsigned k, unsigned bits, bool is_signed)
{
  uint32_t e = (v >> (k * bits)) & ((UINT32_C(1) << bits) - 1);
  return is_signed ? (uint32_t)isa_sext_bits(e, bits) : e;
}

uint32_t isa_dp4a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed)
{
  uint32_t d = c; /* PTX ISA, dp4a: 32-bit wrap-around, no saturation */
  for (unsigned i = 0; i < 4; i++)
    d += elem(a, i, 8, a_signed) * elem(b, i, 8, b_signed);
  return d;
}

uint32_t isa_dp2a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed, bool is_hi)
{
  uint32_t d = c;
  unsigned k = is_hi ? 2 : 0;
  for (unsigned i = 0; i < 2; i++)
    d += elem(a, i, 16, a_signed) * elem(b, k + i, 8, b_signed);
  return d;
}
