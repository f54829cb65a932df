/* int_ops.h -- bit-exact PTX semantics of the integer, extended-precision
 * and bit-manipulation instructions (PTX ISA 9.0 §9.7.1, §9.7.2, §9.7.8,
 * prmt from §9.7.9.7), as pure functions on raw bits.
 *
 * Conventions, shared by every function here:
 * - Values travel as uint64_t (or uint32_t where PTX allows only 32 bits).
 *   The width w (16, 32 or 64) and the signedness are parameters; only the
 *   low w bits of each input are read, and results come back zero-extended
 *   from w bits (the executor sign-extends only where ld/st/cvt ask for it).
 *   16-bit operations wrap at 16 bits exactly (int_arith.md, §9.6.1 [emu]).
 * - All arithmetic is done in unsigned types, so no input can reach signed
 *   overflow or an over-wide shift.  Converting an out-of-range unsigned to
 *   a signed type is implementation-defined in C11, not undefined; we rely
 *   on GCC/Clang's modular conversion in isa_sext() only.
 * - Nothing allocates, nothing fails: every input has a defined result.
 *   Where the PTX ISA leaves a result unspecified (division by zero,
 *   INT_MIN / -1, fns with base > 31) the choice is documented at the
 *   function and follows /work/notes/semantics/int_arith.md.
 *
 * The executor's per-lane loops call the hot ones, so those are static
 * inline here; the rarer ones live in int_ops.c.  Video instructions are in
 * video_ops.h.  Predicate logic (and.pred, lop3's .BoolOp combine) is left
 * to the caller except for the tiny isa_lop3_boolop().
 */
#ifndef PTXSIM_ISA_INT_OPS_H
#define PTXSIM_ISA_INT_OPS_H

#include <stdbool.h>
#include <stdint.h>

/* ---- width helpers ------------------------------------------------------ */

/* All-ones in the low w bits (1 <= w <= 64). */
static inline uint64_t isa_wmask(unsigned w)
{
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* Keep the low w bits. */
static inline uint64_t isa_trunc(uint64_t v, unsigned w)
{
  return v & isa_wmask(w);
}

/* The low w bits of v, sign-extended to 64 bits, still as bits. */
static inline uint64_t isa_sext_bits(uint64_t v, unsigned w)
{
  uint64_t s = UINT64_C(1) << (w - 1);
  return ((v & isa_wmask(w)) ^ s) - s;
}

/* The low w bits of v read as a w-bit two's-complement number. */
static inline int64_t isa_sext(uint64_t v, unsigned w)
{
  return (int64_t)isa_sext_bits(v, w);
}

/* Is the w-bit value v negative when read as signed? */
static inline bool isa_is_neg(uint64_t v, unsigned w)
{
  return (v >> (w - 1)) & 1;
}

/* ---- add / sub ---------------------------------------------------------- */

static inline uint64_t isa_add(uint64_t a, uint64_t b, unsigned w)
{
  return isa_trunc(a + b, w);
}

static inline uint64_t isa_sub(uint64_t a, uint64_t b, unsigned w)
{
  return isa_trunc(a - b, w);
}

static inline uint32_t isa_clamp_s32(int64_t v)
{
  if (v > INT32_MAX)
    return UINT32_C(0x7fffffff);
  if (v < INT32_MIN)
    return UINT32_C(0x80000000);
  return (uint32_t)v;
}

/* add.sat.s32: the exact sum clamped to [INT32_MIN, INT32_MAX]. */
static inline uint32_t isa_add_sat_s32(uint32_t a, uint32_t b)
{
  return isa_clamp_s32(isa_sext(a, 32) + isa_sext(b, 32));
}

/* sub.sat.s32: the exact difference clamped likewise. */
static inline uint32_t isa_sub_sat_s32(uint32_t a, uint32_t b)
{
  return isa_clamp_s32(isa_sext(a, 32) - isa_sext(b, 32));
}

/* add.u16x2 / add.s16x2: two independent 16-bit lanes, no carry between
 * them; signed and unsigned are the same bits. */
static inline uint32_t isa_add_x2(uint32_t a, uint32_t b)
{
  uint32_t lo = (a + b) & 0xffffu;
  uint32_t hi = ((a >> 16) + (b >> 16)) & 0xffffu;
  return lo | hi << 16;
}

/* ---- extended precision: add.cc addc sub.cc subc (§9.7.2) --------------
 * w is 32 or 64; signed and unsigned behave the same ("Behavior is the
 * same for unsigned and signed integers").  cf_in is CC.CF (only bit 0 is
 * read); *cf_out receives the carry (add) or borrow (sub) out of bit w-1.
 * add.cc is isa_addc with cf_in 0, sub.cc is isa_subc with cf_in 0.  CF is
 * a borrow at the PTX level: subc computes a - (b + CF) and sets CF when
 * that is negative as an exact unsigned difference. */
static inline uint64_t isa_addc(uint64_t a, uint64_t b, unsigned cf_in, unsigned *cf_out,
                                unsigned w)
{
  uint64_t m = isa_wmask(w), s;
  unsigned c;
  a &= m;
  b &= m;
  s = (a + b) & m;
  c = s < a;
  s = (s + (cf_in & 1)) & m;
  c |= (cf_in & 1) && s == 0; /* only a carry-in can wrap a w-bit all-ones sum to 0 */
  *cf_out = c;
  return s;
}

static inline uint64_t isa_subc(uint64_t a, uint64_t b, unsigned cf_in, unsigned *cf_out,
                                unsigned w)
{
  uint64_t m = isa_wmask(w), d;
  unsigned bw;
  a &= m;
  b &= m;
  d = (a - b) & m;
  bw = a < b;
  bw |= (cf_in & 1) && d == 0; /* d - 1 borrows only from 0 */
  *cf_out = bw;
  return (d - (cf_in & 1)) & m;
}

/* ---- mul / mad ---------------------------------------------------------- */

typedef enum isa_mul_mode {
  ISA_MUL_LO = 0, /* .lo: t<n-1..0> */
  ISA_MUL_HI,     /* .hi: t<2n-1..n> */
  ISA_MUL_WIDE    /* .wide: all 2n bits (16- and 32-bit types only) */
} isa_mul_mode;

/* High 64 bits of the unsigned 128-bit product, from 32-bit partial
 * products (no __int128: C11 has none). */
static inline uint64_t isa_mul_hi_u64(uint64_t a, uint64_t b)
{
  uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* High 64 bits of the signed 128-bit product: the unsigned high part,
 * corrected by b for a negative a and by a for a negative b (two's-
 * complement identity; all mod 2^64). */
static inline uint64_t isa_mul_hi_s64(uint64_t a, uint64_t b)
{
  uint64_t h = isa_mul_hi_u64(a, b);
  if (a >> 63)
    h -= b;
  if (b >> 63)
    h -= a;
  return h;
}

/* mul.{lo,hi,wide}.{u,s}{16,32,64}.  .wide gives 2w bits and exists only
 * for w <= 32 (the parser rejects mul.wide.*64; here it would give .lo). */
static inline uint64_t isa_mul(uint64_t a, uint64_t b, unsigned w, bool is_signed,
                               isa_mul_mode mode)
{
  uint64_t p;
  if (w == 64) {
    if (mode == ISA_MUL_HI)
      return is_signed ? isa_mul_hi_s64(a, b) : isa_mul_hi_u64(a, b);
    return a * b;
  }
  /* w <= 32: the exact 2w-bit product fits in 64 bits; the product of the
   * extended operands mod 2^64 has the right low 2w bits either way. */
  if (is_signed)
    p = isa_sext_bits(a, w) * isa_sext_bits(b, w);
  else
    p = isa_trunc(a, w) * isa_trunc(b, w);
  switch (mode) {
  case ISA_MUL_HI:
    return isa_trunc(p >> w, w);
  case ISA_MUL_WIDE:
    return isa_trunc(p, 2 * w);
  default:
    return isa_trunc(p, w);
  }
}

/* mad.{lo,hi,wide}: the selected product bits plus c, wrapping at w bits
 * (2w bits for .wide, where c is 2w bits too). */
static inline uint64_t isa_mad(uint64_t a, uint64_t b, uint64_t c, unsigned w, bool is_signed,
                               isa_mul_mode mode)
{
  unsigned dw = mode == ISA_MUL_WIDE ? 2 * w : w;
  return isa_trunc(isa_mul(a, b, w, is_signed, mode) + c, dw);
}

/* mad.hi.sat.s32: hi32(a*b) + c computed exactly, clamped to s32. */
static inline uint32_t isa_mad_hi_sat_s32(uint32_t a, uint32_t b, uint32_t c)
{
  int64_t hi = isa_sext(isa_mul(a, b, 32, true, ISA_MUL_HI), 32);
  return isa_clamp_s32(hi + isa_sext(c, 32));
}

/* mad{.lo,.hi}.cc / madc{.lo,.hi}{.cc}, w = 32 or 64: d = t<hi|lo> + c + CF,
 * carry out of the addition into *cf_out.  Signedness only changes which
 * half .hi takes.  mad.cc is isa_madc with cf_in 0. */
static inline uint64_t isa_madc(uint64_t a, uint64_t b, uint64_t c, unsigned cf_in,
                                unsigned *cf_out, unsigned w, bool is_signed, bool is_hi)
{
  uint64_t t = isa_mul(a, b, w, is_signed, is_hi ? ISA_MUL_HI : ISA_MUL_LO);
  return isa_addc(t, c, cf_in, cf_out, w);
}

/* mul24.{lo,hi}.{u,s}32: the product of a[23:0] and b[23:0] (sign-extended
 * from bit 23 for .s32, [emu] per libdevice's __mul24), 48 bits; .lo is
 * t<31..0>, .hi is t<47..16>. */
uint32_t isa_mul24(uint32_t a, uint32_t b, bool is_signed, bool is_hi);

/* mad24.{lo,hi}{.sat}.{u,s}32: mul24 plus c, wrapping; .sat (only .hi.s32)
 * clamps the exact signed sum to s32. */
uint32_t isa_mad24(uint32_t a, uint32_t b, uint32_t c, bool is_signed, bool is_hi, bool is_sat);

/* sad: c + |a - b| with the comparison in the type's signedness. */
uint64_t isa_sad(uint64_t a, uint64_t b, uint64_t c, unsigned w, bool is_signed);

/* ---- div / rem ---------------------------------------------------------
 * Truncating division (C99).  Unspecified by PTX, chosen as the notes
 * recommend (int_arith.md [emu]; reported GPU behaviour, not verified):
 *   x / 0 and x % 0 give all ones, signed or unsigned;
 *   INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 is 0. */
static inline uint64_t isa_div(uint64_t a, uint64_t b, unsigned w, bool is_signed)
{
  uint64_t m = isa_wmask(w), ua, ub, q;
  bool neg;
  a &= m;
  b &= m;
  if (b == 0)
    return m;
  if (!is_signed)
    return a / b;
  neg = isa_is_neg(a, w) != isa_is_neg(b, w);
  ua = isa_is_neg(a, w) ? (0 - a) & m : a; /* |INT_MIN| = 2^(w-1), still fits unsigned */
  ub = isa_is_neg(b, w) ? (0 - b) & m : b;
  q = ua / ub;
  return (neg ? 0 - q : q) & m;
}

static inline uint64_t isa_rem(uint64_t a, uint64_t b, unsigned w, bool is_signed)
{
  uint64_t m = isa_wmask(w), ua, ub, r;
  a &= m;
  b &= m;
  if (b == 0)
    return m;
  if (!is_signed)
    return a % b;
  ua = isa_is_neg(a, w) ? (0 - a) & m : a;
  ub = isa_is_neg(b, w) ? (0 - b) & m : b;
  r = ua % ub;
  return (isa_is_neg(a, w) ? 0 - r : r) & m; /* sign of the dividend */
}

/* ---- abs / neg / min / max --------------------------------------------- */

/* abs.s{16,32,64}; abs(INT_MIN) = INT_MIN (two's-complement wrap, [emu]). */
static inline uint64_t isa_abs(uint64_t a, unsigned w)
{
  return isa_is_neg(a, w) ? isa_trunc(0 - a, w) : isa_trunc(a, w);
}

/* neg.s{16,32,64}; neg(INT_MIN) = INT_MIN. */
static inline uint64_t isa_neg(uint64_t a, unsigned w)
{
  return isa_trunc(0 - a, w);
}

static inline bool isa_lt(uint64_t a, uint64_t b, unsigned w, bool is_signed)
{
  return is_signed ? isa_sext(a, w) < isa_sext(b, w) : isa_trunc(a, w) < isa_trunc(b, w);
}

static inline uint64_t isa_min(uint64_t a, uint64_t b, unsigned w, bool is_signed)
{
  return isa_trunc(isa_lt(a, b, w, is_signed) ? a : b, w);
}

static inline uint64_t isa_max(uint64_t a, uint64_t b, unsigned w, bool is_signed)
{
  return isa_trunc(isa_lt(b, a, w, is_signed) ? a : b, w);
}

/* .relu (s32, s16x2): a negative result becomes 0. */
static inline uint32_t isa_relu_s32(uint32_t v)
{
  return (v >> 31) ? 0 : v;
}

/* min/max.{u16x2,s16x2}{.relu}: per 16-bit lane; .relu only with signed. */
uint32_t isa_min_x2(uint32_t a, uint32_t b, bool is_signed, bool is_relu);
uint32_t isa_max_x2(uint32_t a, uint32_t b, bool is_signed, bool is_relu);

/* cnot.b{16,32,64}: 1 if a is 0, else 0. */
static inline uint64_t isa_cnot(uint64_t a, unsigned w)
{
  return isa_trunc(a, w) == 0;
}

/* ---- bit counting ------------------------------------------------------- */

/* popc.b{32,64}: number of set bits. */
static inline uint32_t isa_popc(uint64_t a, unsigned w)
{
  return (uint32_t)__builtin_popcountll(isa_trunc(a, w));
}

/* clz.b{32,64}: leading zeros; clz(0) = w. */
static inline uint32_t isa_clz(uint64_t a, unsigned w)
{
  a = isa_trunc(a, w);
  if (a == 0)
    return w;
  return (uint32_t)__builtin_clzll(a) - (64 - w);
}

/* bfind{.shiftamt}.{u,s}{32,64}: index of the most significant non-sign
 * bit (0xffffffff when there is none; .shiftamt gives w-1 minus it). */
uint32_t isa_bfind(uint64_t a, unsigned w, bool is_signed, bool is_shiftamt);

/* brev.b{32,64}: bit reversal. */
static inline uint64_t isa_brev(uint64_t a, unsigned w)
{
  a = ((a >> 1) & UINT64_C(0x5555555555555555)) | ((a & UINT64_C(0x5555555555555555)) << 1);
  a = ((a >> 2) & UINT64_C(0x3333333333333333)) | ((a & UINT64_C(0x3333333333333333)) << 2);
  a = ((a >> 4) & UINT64_C(0x0f0f0f0f0f0f0f0f)) | ((a & UINT64_C(0x0f0f0f0f0f0f0f0f)) << 4);
  a = __builtin_bswap64(a);
  return a >> (64 - w); /* the w low bits reversed land in the top w bits */
}

/* fns.b32: position of the |offset|-th set bit of mask counting from base
 * (inclusive), upward for offset > 0 and downward for offset < 0; offset 0
 * tests mask[base] only.  0xffffffff when not found.  PTX leaves base > 31
 * undefined; we read base as .s32 and return 0xffffffff for any base
 * outside 0..31 (what the spec's loop does for a start outside the word). */
uint32_t isa_fns(uint32_t mask, uint32_t base, uint32_t offset);

/* ---- bit fields --------------------------------------------------------- */

/* bfe.{u,s}{32,64}: extract len bits at pos (both taken mod 256 from .u32
 * operands); bits past the field or past msb are the sign bit
 * a[min(pos+len-1, msb)] for signed types and 0 for unsigned; len 0 gives 0. */
static inline uint64_t isa_bfe(uint64_t a, uint32_t pos, uint32_t len, unsigned w,
                               bool is_signed)
{
  uint64_t field = 0;
  unsigned n = 0, sbit = 0;
  pos &= 0xff;
  len &= 0xff;
  if (len == 0)
    return 0;
  if (pos < w) {
    n = len < w - pos ? len : w - pos;
    field = (a >> pos) & isa_wmask(n);
    sbit = (a >> (pos + n - 1)) & 1;
  } else {
    sbit = (a >> (w - 1)) & 1;
  }
  if (!is_signed)
    sbit = 0;
  if (sbit)
    field |= n >= 64 ? 0 : ~UINT64_C(0) << n;
  return isa_trunc(field, w);
}

/* bfi.b{32,64}: b with len bits of a inserted at pos (mod 256 each); bits
 * past msb are dropped; len 0 or pos > msb give b. */
static inline uint64_t isa_bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, unsigned w)
{
  uint64_t m;
  unsigned n;
  pos &= 0xff;
  len &= 0xff;
  if (len == 0 || pos >= w)
    return isa_trunc(b, w);
  n = len < w - pos ? len : w - pos;
  m = isa_wmask(n) << pos;
  return isa_trunc((b & ~m) | ((a << pos) & m), w);
}

/* bmsk.{clamp,wrap}.b32: a mask of b ones starting at bit a.  .clamp: a >=
 * 32 gives 0 and b >= 32 means "to the top"; .wrap reads both mod 32.  The
 * spec's (~0) << sum with sum up to 62 is done on 64 bits. */
static inline uint32_t isa_bmsk(uint32_t a, uint32_t b, bool is_clamp)
{
  unsigned a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
  uint32_t mask0 = UINT32_MAX << a1, mask1;
  bool ovf = sum >= 32;
  if (is_clamp) {
    if (a >= 32) {
      ovf = true;
      mask0 = 0;
    }
    if (b >= 32)
      ovf = true;
  }
  if (ovf)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = UINT32_MAX;
  else
    mask1 = UINT32_MAX << sum;
  return mask0 & ~mask1;
}

/* szext.{clamp,wrap}.{u,s}32: keep the low b bits of a, sign- (s32) or
 * zero- (u32) extended.  b 0 gives 0; b >= 32 gives a with .clamp and
 * uses b mod 32 with .wrap (so .wrap with b = 32 gives 0). */
uint32_t isa_szext(uint32_t a, uint32_t b, bool is_signed, bool is_clamp);

/* ---- permute ------------------------------------------------------------ */

typedef enum isa_prmt_mode {
  ISA_PRMT_DEFAULT = 0, /* four 4-bit selectors in c[15:0], bit 3 = sign replicate */
  ISA_PRMT_F4E,         /* forward 4 extract */
  ISA_PRMT_B4E,         /* backward 4 extract */
  ISA_PRMT_RC8,         /* replicate 8 */
  ISA_PRMT_ECL,         /* edge clamp left */
  ISA_PRMT_ECR,         /* edge clamp right */
  ISA_PRMT_RC16         /* replicate 16 */
} isa_prmt_mode;

/* prmt.b32 without a mode: byte i of d is byte c[4i+2:4i] of {b,a} (a is
 * bytes 0..3), or that byte's msb replicated when c[4i+3] is set. */
static inline uint32_t isa_prmt(uint32_t a, uint32_t b, uint32_t c)
{
  uint64_t src = (uint64_t)b << 32 | a;
  uint32_t d = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned s = (c >> (4 * i)) & 0xf;
    uint32_t byte = (uint32_t)(src >> (8 * (s & 7))) & 0xff;
    if (s & 8)
      byte = (byte & 0x80) ? 0xff : 0;
    d |= byte << (8 * i);
  }
  return d;
}

/* prmt.b32.mode: any mode, ISA_PRMT_DEFAULT included.  Modes read c[1:0]
 * only and never sign-replicate. */
uint32_t isa_prmt_mode_exec(uint32_t a, uint32_t b, uint32_t c, isa_prmt_mode mode);

/* ---- logic and shifts --------------------------------------------------- */

/* lop3.b32: bit i of d is bit (a[i]<<2 | b[i]<<1 | c[i]) of lut, written
 * as a sum of the minterms lut selects. */
static inline uint32_t isa_lop3(uint32_t a, uint32_t b, uint32_t c, uint8_t lut)
{
  uint32_t d = 0;
  for (unsigned k = 0; k < 8; k++)
    if ((lut >> k) & 1)
      d |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
  return d;
}

/* lop3.{or,and}.b32's predicate: p = (d != 0) BoolOp q. */
static inline bool isa_lop3_boolop(uint32_t d, bool is_and, bool q)
{
  return is_and ? (d != 0 && q) : (d != 0 || q);
}

/* shf.{l,r}.{clamp,wrap}.b32: funnel shift of the 64-bit [b:a] by c (.clamp:
 * min(c, 32); .wrap: c mod 32); .l keeps the upper 32 bits, .r the lower. */
static inline uint32_t isa_shf(uint32_t a, uint32_t b, uint32_t c, bool is_left, bool is_clamp)
{
  uint64_t v = (uint64_t)b << 32 | a;
  unsigned n = is_clamp ? (c > 32 ? 32 : c) : (c & 0x1f);
  return is_left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}

/* shl.b{16,32,64}: amounts >= w give 0. */
static inline uint64_t isa_shl(uint64_t a, uint32_t n, unsigned w)
{
  return n >= w ? 0 : isa_trunc(a << n, w);
}

/* shr.{b,u,s}{16,32,64}: logical for .b/.u, arithmetic for .s; amounts >= w
 * give 0 (logical) or all sign bits (arithmetic). */
static inline uint64_t isa_shr(uint64_t a, uint32_t n, unsigned w, bool is_signed)
{
  uint64_t v = is_signed ? isa_sext_bits(a, w) : isa_trunc(a, w);
  if (n >= w)
    n = w - 1 + !is_signed; /* w-1 keeps only sign copies; w (logical) -> 0 below */
  if (n >= 64)
    return 0;
  if (is_signed && (v >> 63))
    v = ~(~v >> n); /* arithmetic shift without relying on >> of a negative */
  else
    v >>= n;
  return isa_trunc(v, w);
}

/* ---- dot products ------------------------------------------------------- */

/* dp4a.{u,s}32.{u,s}32: c + sum of the four byte products (bytes sign- or
 * zero-extended per operand type), 32-bit wrap. */
uint32_t isa_dp4a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed);

/* dp2a.{lo,hi}: c + a.h0*b.byte(k) + a.h1*b.byte(k+1), k = 0 (.lo) or 2 (.hi). */
uint32_t isa_dp2a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed, bool is_hi);

#endif /* PTXSIM_ISA_INT_OPS_H */
