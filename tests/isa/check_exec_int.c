/* check_exec_int.c -- the integer, logic, bit-manipulation, comparison,
 * selection and move forms of the corpus census
 * (/work/shared/design/ptx-forms-nvcc13.txt), each executed end to end
 * through the public API by the generic harness (exec_harness.h) and
 * compared with references written here in plain C (__int128 for the
 * 64-bit high halves).
 *
 * Edge cases: every pair of the edge lists (0, 1, -1, INT_MIN, INT_MAX,
 * neighbours, alternating bits), shift amounts at and past the width
 * (32, 33, 64, 255, 2^31, 2^32-1), INT_MIN / -1 and division by zero.
 * Choices the PTX ISA leaves open follow isa/int_ops.h: x / 0 and x % 0
 * are all ones, INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 is 0,
 * abs and neg of INT_MIN are INT_MIN, 16-bit arithmetic wraps at 16 bits.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "tests/isa/exec_harness.h"

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

/* ---- references ------------------------------------------------------------ */

static uint64_t msk(const ex_case *c, uint64_t v)
{
  return v & ex_ones((unsigned)c->w);
}

static void r_add(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = msk(c, a[0] + a[1]);
}

static void r_sub(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = msk(c, a[0] - a[1]);
}

/* The exact 2w-bit product of the w-bit inputs, read as signed when sg. */
static u128 product(const ex_case *c, uint64_t x, uint64_t y)
{
  unsigned w = (unsigned)c->w;
  if (c->sg)
    return (u128)((s128)ex_sx(x, w) * (s128)ex_sx(y, w));
  return (u128)(x & ex_ones(w)) * (u128)(y & ex_ones(w));
}

/* p1: 0 .lo, 1 .hi, 2 .wide. */
static uint64_t mul_sel(const ex_case *c, u128 p)
{
  unsigned w = (unsigned)c->w;
  switch (c->p1) {
  case 1: return (uint64_t)(p >> w) & ex_ones(w);
  case 2: return (uint64_t)p & ex_ones(2 * w);
  default: return (uint64_t)p & ex_ones(w);
  }
}

static void r_mul(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = mul_sel(c, product(c, a[0], a[1]));
}

static void r_mad(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w, dw = c->p1 == 2 ? 2 * w : w;
  d[0] = (mul_sel(c, product(c, a[0], a[1])) + a[2]) & ex_ones(dw);
}

/* int_ops.h: x / 0 is all ones; INT_MIN / -1 wraps. */
static void r_div(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w;
  if (msk(c, a[1]) == 0) {
    d[0] = ex_ones(w);
  } else if (c->sg) {
    s128 q = (s128)ex_sx(a[0], w) / (s128)ex_sx(a[1], w);
    d[0] = msk(c, (uint64_t)q);
  } else {
    d[0] = msk(c, a[0]) / msk(c, a[1]);
  }
}

/* int_ops.h: x % 0 is all ones; INT_MIN % -1 is 0; the sign of the
 * remainder is the dividend's. */
static void r_rem(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w;
  if (msk(c, a[1]) == 0) {
    d[0] = ex_ones(w);
  } else if (c->sg) {
    s128 r = (s128)ex_sx(a[0], w) % (s128)ex_sx(a[1], w);
    d[0] = msk(c, (uint64_t)r);
  } else {
    d[0] = msk(c, a[0]) % msk(c, a[1]);
  }
}

static void r_abs(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  int64_t v = ex_sx(a[0], (unsigned)c->w);
  d[0] = msk(c, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
}

static void r_neg(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = msk(c, 0 - a[0]);
}

static bool less(const ex_case *c, uint64_t x, uint64_t y)
{
  unsigned w = (unsigned)c->w;
  return c->sg ? ex_sx(x, w) < ex_sx(y, w) : msk(c, x) < msk(c, y);
}

static void r_min(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = less(c, a[1], a[0]) ? a[1] : a[0];
}

static void r_max(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = less(c, a[0], a[1]) ? a[1] : a[0];
}

enum { OP_AND, OP_OR, OP_XOR, OP_NOT, OP_CNOT };

static void r_logic(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  switch (c->p1) {
  case OP_AND: d[0] = a[0] & a[1]; break;
  case OP_OR: d[0] = a[0] | a[1]; break;
  case OP_XOR: d[0] = a[0] ^ a[1]; break;
  case OP_NOT: d[0] = ~a[0]; break;
  default: d[0] = msk(c, a[0]) == 0; break;
  }
}

/* Shift amounts are .u32 and read whole: >= w shifts everything out. */
static void r_shl(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t n = a[1] & 0xffffffff;
  d[0] = n >= (uint64_t)c->w ? 0 : msk(c, a[0] << n);
}

static void r_shr(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w;
  uint64_t n = a[1] & 0xffffffff;
  if (c->sg) {
    int64_t v = ex_sx(a[0], w);
    d[0] = msk(c, (uint64_t)(n >= w ? (v < 0 ? -1 : 0) : v >> n));
  } else {
    d[0] = n >= w ? 0 : msk(c, a[0]) >> n;
  }
}

enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };

static bool int_cmp(const ex_case *c, uint64_t x, uint64_t y)
{
  bool lt = less(c, x, y), eq = msk(c, x) == msk(c, y);
  switch (c->p1) {
  case CMP_EQ: return eq;
  case CMP_NE: return !eq;
  case CMP_LT: return lt;
  case CMP_LE: return lt || eq;
  case CMP_GT: return !lt && !eq;
  default: return !lt;
  }
}

/* setp p|q: p = t, q = !t; with a BoolOp (p2: 1 and, 2 or, 3 xor, negated
 * c when p2 >= 4) p = t op c, q = !t op c. */
static void r_setp(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  bool t = int_cmp(c, a[0], a[1]);
  bool q = !t;
  if (c->p2) {
    bool pc = (a[2] & 1) != (c->p2 >= 4);
    switch (c->p2 & 3) {
    case 1: t = t && pc, q = q && pc; break;
    case 2: t = t || pc, q = q || pc; break;
    default: t = t != pc, q = q != pc; break;
    }
  }
  d[0] = t;
  d[1] = q;
}

static void r_selp(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = (a[2] & 1) ? a[0] : a[1];
}

static void r_mov(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = a[0];
}

/* Constant results (bodies with immediates): p1/p2 low/high words. */
static void r_const(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = (uint32_t)c->p1 | (uint64_t)(uint32_t)c->p2 << 32;
}

/* mov.b64 {lo, hi} swap: the halves exchanged. */
static void r_swap64(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  d[0] = a[0] >> 32 | a[0] << 32;
  d[1] = a[0] & 0xffffffff;
}

/* ---- bit manipulation -------------------------------------------------------- */

/* bfi: c packs pos (bits 15..0) and len (31..16); the ISA reads 8 bits of
 * each. */
static void r_bfi(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w, pos = a[2] & 0xff, len = (a[2] >> 16) & 0xff;
  uint64_t f = a[1];
  for (unsigned i = 0; i < len && pos + i < w; i++)
    f = (f & ~(UINT64_C(1) << (pos + i))) | (((a[0] >> i) & 1) << (pos + i));
  d[0] = f;
}

static void r_bfind(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w;
  uint64_t v = msk(c, a[0]);
  if (c->sg && ((v >> (w - 1)) & 1))
    v = msk(c, ~v);
  uint64_t r = 0xffffffff;
  for (int i = (int)w - 1; i >= 0; i--)
    if ((v >> i) & 1) {
      r = (uint64_t)i;
      break;
    }
  if (c->p1 && r != 0xffffffff)
    r = w - 1 - r;
  d[0] = r;
}

/* bmsk.clamp: ones from bit a for b bits, cut at bit 31; a >= 32 gives 0;
 * bmsk.wrap (p1 = 1) reads a and b mod 32. */
static void r_bmsk(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t pos = a[0] & 0xffffffff, len = a[1] & 0xffffffff;
  if (c->p1) {
    pos &= 31;
    len &= 31;
  }
  uint64_t r = 0;
  for (uint64_t i = pos; i < 32 && i < pos + len; i++)
    r |= UINT64_C(1) << i;
  d[0] = r;
}

static void r_brev(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w;
  uint64_t r = 0;
  for (unsigned i = 0; i < w; i++)
    r |= ((a[0] >> i) & 1) << (w - 1 - i);
  d[0] = r;
}

static void r_clz(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned w = (unsigned)c->w, n = 0;
  while (n < w && !((a[0] >> (w - 1 - n)) & 1))
    n++;
  d[0] = n;
}

static void r_popc(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  unsigned n = 0;
  for (unsigned i = 0; i < (unsigned)c->w; i++)
    n += (a[0] >> i) & 1;
  d[0] = n;
}

/* prmt.b32 without a mode: selector nibble i picks byte s&7 of {b, a}; s&8
 * replicates that byte's sign bit. */
static void r_prmt(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint8_t src[8];
  for (int i = 0; i < 4; i++) {
    src[i] = (uint8_t)(a[0] >> (8 * i));
    src[i + 4] = (uint8_t)(a[1] >> (8 * i));
  }
  uint64_t r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned s = (a[2] >> (4 * i)) & 0xf;
    uint64_t byte = src[s & 7];
    if (s & 8)
      byte = (byte & 0x80) ? 0xff : 0;
    r |= byte << (8 * i);
  }
  d[0] = r;
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: p1 left, p2 clamp. */
static void r_shf(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t n = a[2] & 0xffffffff, v = (a[1] & 0xffffffff) << 32 | (a[0] & 0xffffffff);
  n = c->p2 ? (n > 32 ? 32 : n) : n & 31;
  d[0] = c->p1 ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}

/* vabsdiff4.u32.u32.u32.add d, a, b, c: c + sum |a.byte[i] - b.byte[i]|. */
static void r_vabsdiff4(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t s = a[2];
  for (int i = 0; i < 4; i++) {
    int x = (int)((a[0] >> (8 * i)) & 0xff), y = (int)((a[1] >> (8 * i)) & 0xff);
    s += (uint64_t)(x > y ? x - y : y - x);
  }
  d[0] = s & 0xffffffff;
}

/* ---- carry chains ------------------------------------------------------------ */

/* The carry-in of the chains is bit 63 of the 64-bit third input, whose
 * low word is the addend of mad/madc. */
enum { CC_ADD, CC_ADDC, CC_ADDC_CC, CC_SUB, CC_SUBC, CC_SUBC_CC, CC_MAD_LO, CC_MADC_LO,
       CC_MADC_HI, CC_MADC_HI_NOCC };

static void r_cc(const ex_case *c, const uint64_t *a, uint64_t *d)
{
  uint64_t x = a[0] & 0xffffffff, y = a[1] & 0xffffffff, z = a[2] & 0xffffffff, cin = a[2] >> 63;
  uint64_t s;
  switch (c->p1) {
  case CC_ADD: s = x + y; d[0] = s; d[1] = s >> 32; break;
  case CC_ADDC: d[0] = x + y + cin; break;
  case CC_ADDC_CC: s = x + y + cin; d[0] = s; d[1] = s >> 32; break;
  case CC_SUB: d[0] = x - y; d[1] = x < y ? 0xffffffff : 0; break;
  case CC_SUBC: d[0] = x - y - cin; break;
  case CC_SUBC_CC: d[0] = x - y - cin; d[1] = x < y + cin ? 0xffffffff : 0; break;
  case CC_MAD_LO: s = ((x * y) & 0xffffffff) + z; d[0] = s; d[1] = s >> 32; break;
  case CC_MADC_LO: s = ((x * y) & 0xffffffff) + z + cin; d[0] = s; d[1] = s >> 32; break;
  case CC_MADC_HI: s = ((x * y) >> 32) + z + cin; d[0] = s; d[1] = s >> 32; break;
  default: d[0] = ((x * y) >> 32) + z + cin; break;
  }
}

/* References of bodies with immediate operands: the base reference with
 * the immediate in place of an input. */
#define IMM_REF(fn, base, x0, x1, x2)                                                            \
  static void fn(const ex_case *c, const uint64_t *a, uint64_t *d)                              \
  {                                                                                             \
    uint64_t b[3] = {x0, x1, x2};                                                               \
    base(c, b, d);                                                                              \
  }
IMM_REF(r_add_m5, r_add, a[0], (uint64_t)-5, 0)
IMM_REF(r_1_sub, r_sub, 1, a[0], 0)
IMM_REF(r_and_255, r_logic, a[0], 255, 0)
IMM_REF(r_shl_3, r_shl, a[0], 3, 0)
IMM_REF(r_shr_63, r_shr, a[0], 63, 0)
IMM_REF(r_prmt_5140, r_prmt, a[0], a[1], 0x5140)
IMM_REF(r_selp_imm, r_selp, 7, (uint64_t)-1, a[2])
IMM_REF(r_setp_0, r_setp, a[0], 0, 0)

/* ---- the cases --------------------------------------------------------------- */

#define CASE(f, n, b, i0, i1, i2, g0, g1, g2, o0, o1, r, W, S, P1, P2)                           \
  {.fam = f, .name = n, .body = b, .in = {i0, i1, i2}, .gen = {g0, g1, g2}, .out = {o0, o1},    \
   .ref = r, .w = W, .sg = S, .p1 = P1, .p2 = P2}
/* Two inputs of one kind, one output of that kind. */
#define BIN(f, n, r, K, G, W, S, P) CASE(f, n, NULL, K, K, 0, G, G, 0, K, 0, r, W, S, P, 0)
#define UN(f, n, r, K, G, W, S, P) CASE(f, n, NULL, K, 0, 0, G, 0, 0, K, 0, r, W, S, P, 0)
#define SHIFT(n, r, K, G, W, S) CASE("shift", n, NULL, K, K_R, 0, G, G_SH, 0, K, 0, r, W, S, 0, 0)
#define SETP(n, cmp, K, G, W, S)                                                                  \
  CASE("setp", n, NULL, K, K, 0, G, G, 0, K_P, 0, r_setp, W, S, cmp, 0)
#define SELP(n, K, G) CASE("selp", n, NULL, K, K, K_P, G, G, G_P, K, 0, r_selp, 64, 0, 0, 0)
#define MOV(n, K, G) CASE("mov", n, NULL, K, 0, 0, G, 0, 0, K, 0, r_mov, 64, 0, 0, 0)
#define CC(n, b, v, two)                                                                          \
  CASE("carry", n, b, K_R, K_R, K_L, G_I32, G_I32, G_I64, K_R, (two) ? K_R : 0, r_cc, 32, 0, v, 0)

static const ex_case cases[] = {
  /* add / sub */
  BIN("add", "add.s16", r_add, K_H, G_I16, 16, 1, 0),
  BIN("add", "add.s32", r_add, K_R, G_I32, 32, 1, 0),
  BIN("add", "add.s64", r_add, K_L, G_I64, 64, 1, 0),
  BIN("add", "add.u32", r_add, K_R, G_I32, 32, 0, 0),
  BIN("add", "add.u64", r_add, K_L, G_I64, 64, 0, 0),
  BIN("add", "sub.s16", r_sub, K_H, G_I16, 16, 1, 0),
  BIN("add", "sub.s32", r_sub, K_R, G_I32, 32, 1, 0),
  BIN("add", "sub.s64", r_sub, K_L, G_I64, 64, 1, 0),
  CASE("add", "add.s32", "add.s32 %od, %ia, -5;", K_R, 0, 0, G_I32, 0, 0, K_R, 0, r_add_m5, 32, 1,
       0, 0),
  CASE("add", "sub.s64", "sub.s64 %od, 1, %ia;", K_L, 0, 0, G_I64, 0, 0, K_L, 0, r_1_sub, 64, 1,
       0, 0),

  /* carry chains: CF from add.cc / sub.cc of bit 63 of %ic */
  CC("add.cc.u32", "add.cc.u32 %od, %ia, %ib; addc.u32 %oe, 0, 0;", CC_ADD, 1),
  CC("addc.u32",
     "mov.b64 {%s0, %s1}, %ic; add.cc.u32 %s2, %s1, %s1; addc.u32 %od, %ia, %ib;", CC_ADDC, 0),
  CC("addc.cc.u32",
     "mov.b64 {%s0, %s1}, %ic; add.cc.u32 %s2, %s1, %s1; addc.cc.u32 %od, %ia, %ib;"
     " addc.u32 %oe, 0, 0;",
     CC_ADDC_CC, 1),
  CC("sub.cc.u32", "sub.cc.u32 %od, %ia, %ib; subc.u32 %oe, 0, 0;", CC_SUB, 1),
  CC("subc.u32",
     "mov.b64 {%s0, %s1}, %ic; shr.u32 %s3, %s1, 31; sub.cc.u32 %s2, 0, %s3;"
     " subc.u32 %od, %ia, %ib;",
     CC_SUBC, 0),
  CC("subc.cc.u32",
     "mov.b64 {%s0, %s1}, %ic; shr.u32 %s3, %s1, 31; sub.cc.u32 %s2, 0, %s3;"
     " subc.cc.u32 %od, %ia, %ib; subc.u32 %oe, 0, 0;",
     CC_SUBC_CC, 1),
  CC("mad.lo.cc.u32",
     "mov.b64 {%s0, %s1}, %ic; mad.lo.cc.u32 %od, %ia, %ib, %s0; addc.u32 %oe, 0, 0;",
     CC_MAD_LO, 1),
  CC("madc.lo.cc.u32",
     "mov.b64 {%s0, %s1}, %ic; add.cc.u32 %s2, %s1, %s1; madc.lo.cc.u32 %od, %ia, %ib, %s0;"
     " addc.u32 %oe, 0, 0;",
     CC_MADC_LO, 1),
  CC("madc.hi.cc.u32",
     "mov.b64 {%s0, %s1}, %ic; add.cc.u32 %s2, %s1, %s1; madc.hi.cc.u32 %od, %ia, %ib, %s0;"
     " addc.u32 %oe, 0, 0;",
     CC_MADC_HI, 1),
  CC("madc.hi.u32",
     "mov.b64 {%s0, %s1}, %ic; add.cc.u32 %s2, %s1, %s1; madc.hi.u32 %od, %ia, %ib, %s0;",
     CC_MADC_HI_NOCC, 0),

  /* mul / mad */
  BIN("mul", "mul.lo.s16", r_mul, K_H, G_I16, 16, 1, 0),
  BIN("mul", "mul.lo.s32", r_mul, K_R, G_I32, 32, 1, 0),
  BIN("mul", "mul.lo.u32", r_mul, K_R, G_I32, 32, 0, 0),
  BIN("mul", "mul.lo.s64", r_mul, K_L, G_I64, 64, 1, 0),
  BIN("mul", "mul.hi.s32", r_mul, K_R, G_I32, 32, 1, 1),
  BIN("mul", "mul.hi.u32", r_mul, K_R, G_I32, 32, 0, 1),
  BIN("mul", "mul.hi.s64", r_mul, K_L, G_I64, 64, 1, 1),
  BIN("mul", "mul.hi.u64", r_mul, K_L, G_I64, 64, 0, 1),
  CASE("mul", "mul.wide.s16", NULL, K_H, K_H, 0, G_I16, G_I16, 0, K_R, 0, r_mul, 16, 1, 2, 0),
  CASE("mul", "mul.wide.u16", NULL, K_H, K_H, 0, G_I16, G_I16, 0, K_R, 0, r_mul, 16, 0, 2, 0),
  CASE("mul", "mul.wide.s32", NULL, K_R, K_R, 0, G_I32, G_I32, 0, K_L, 0, r_mul, 32, 1, 2, 0),
  CASE("mul", "mul.wide.u32", NULL, K_R, K_R, 0, G_I32, G_I32, 0, K_L, 0, r_mul, 32, 0, 2, 0),
  CASE("mul", "mad.lo.s32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_I32, K_R, 0, r_mad, 32, 1, 0, 0),
  CASE("mul", "mad.hi.s32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_I32, K_R, 0, r_mad, 32, 1, 1, 0),
  CASE("mul", "mad.lo.s64", NULL, K_L, K_L, K_L, G_I64, G_I64, G_I64, K_L, 0, r_mad, 64, 1, 0, 0),
  CASE("mul", "mad.wide.u32", NULL, K_R, K_R, K_L, G_I32, G_I32, G_I64, K_L, 0, r_mad, 32, 0, 2,
       0),
  CASE("mul", "mad.wide.s32", NULL, K_R, K_R, K_L, G_I32, G_I32, G_I64, K_L, 0, r_mad, 32, 1, 2,
       0),

  /* div / rem: by zero, INT_MIN / -1 */
  BIN("div", "div.s32", r_div, K_R, G_I32, 32, 1, 0),
  BIN("div", "div.u32", r_div, K_R, G_I32, 32, 0, 0),
  BIN("div", "div.u16", r_div, K_H, G_I16, 16, 0, 0),
  BIN("div", "div.s16", r_div, K_H, G_I16, 16, 1, 0),
  BIN("div", "div.s64", r_div, K_L, G_I64, 64, 1, 0),
  BIN("div", "div.u64", r_div, K_L, G_I64, 64, 0, 0),
  BIN("div", "rem.s32", r_rem, K_R, G_I32, 32, 1, 0),
  BIN("div", "rem.u32", r_rem, K_R, G_I32, 32, 0, 0),
  BIN("div", "rem.s64", r_rem, K_L, G_I64, 64, 1, 0),
  BIN("div", "rem.u64", r_rem, K_L, G_I64, 64, 0, 0),

  /* abs / neg / min / max */
  UN("minmax", "abs.s32", r_abs, K_R, G_I32, 32, 1, 0),
  UN("minmax", "abs.s16", r_abs, K_H, G_I16, 16, 1, 0),
  UN("minmax", "abs.s64", r_abs, K_L, G_I64, 64, 1, 0),
  UN("minmax", "neg.s32", r_neg, K_R, G_I32, 32, 1, 0),
  UN("minmax", "neg.s64", r_neg, K_L, G_I64, 64, 1, 0),
  UN("minmax", "neg.s16", r_neg, K_H, G_I16, 16, 1, 0),
  BIN("minmax", "min.s32", r_min, K_R, G_I32, 32, 1, 0),
  BIN("minmax", "min.s64", r_min, K_L, G_I64, 64, 1, 0),
  BIN("minmax", "min.u16", r_min, K_H, G_I16, 16, 0, 0),
  BIN("minmax", "min.s16", r_min, K_H, G_I16, 16, 1, 0),
  BIN("minmax", "min.u32", r_min, K_R, G_I32, 32, 0, 0),
  BIN("minmax", "min.u64", r_min, K_L, G_I64, 64, 0, 0),
  BIN("minmax", "max.s32", r_max, K_R, G_I32, 32, 1, 0),
  BIN("minmax", "max.s64", r_max, K_L, G_I64, 64, 1, 0),
  BIN("minmax", "max.u16", r_max, K_H, G_I16, 16, 0, 0),
  BIN("minmax", "max.u32", r_max, K_R, G_I32, 32, 0, 0),
  BIN("minmax", "max.u64", r_max, K_L, G_I64, 64, 0, 0),

  /* logic */
  BIN("logic", "and.b16", r_logic, K_H, G_I16, 16, 0, OP_AND),
  BIN("logic", "and.b32", r_logic, K_R, G_I32, 32, 0, OP_AND),
  BIN("logic", "and.b64", r_logic, K_L, G_I64, 64, 0, OP_AND),
  BIN("logic", "and.pred", r_logic, K_P, G_P, 1, 0, OP_AND),
  BIN("logic", "or.b16", r_logic, K_H, G_I16, 16, 0, OP_OR),
  BIN("logic", "or.b32", r_logic, K_R, G_I32, 32, 0, OP_OR),
  BIN("logic", "or.b64", r_logic, K_L, G_I64, 64, 0, OP_OR),
  BIN("logic", "or.pred", r_logic, K_P, G_P, 1, 0, OP_OR),
  BIN("logic", "xor.b16", r_logic, K_H, G_I16, 16, 0, OP_XOR),
  BIN("logic", "xor.b32", r_logic, K_R, G_I32, 32, 0, OP_XOR),
  BIN("logic", "xor.b64", r_logic, K_L, G_I64, 64, 0, OP_XOR),
  BIN("logic", "xor.pred", r_logic, K_P, G_P, 1, 0, OP_XOR),
  UN("logic", "not.b16", r_logic, K_H, G_I16, 16, 0, OP_NOT),
  UN("logic", "not.b32", r_logic, K_R, G_I32, 32, 0, OP_NOT),
  UN("logic", "not.b64", r_logic, K_L, G_I64, 64, 0, OP_NOT),
  UN("logic", "not.pred", r_logic, K_P, G_P, 1, 0, OP_NOT),
  UN("logic", "cnot.b32", r_logic, K_R, G_I32, 32, 0, OP_CNOT),
  CASE("logic", "and.b32", "and.b32 %od, %ia, 255;", K_R, 0, 0, G_I32, 0, 0, K_R, 0, r_and_255, 32,
       0, 0, 0),

  /* shifts: amounts at and past the width */
  SHIFT("shl.b16", r_shl, K_H, G_I16, 16, 0),
  SHIFT("shl.b32", r_shl, K_R, G_I32, 32, 0),
  SHIFT("shl.b64", r_shl, K_L, G_I64, 64, 0),
  SHIFT("shr.b32", r_shr, K_R, G_I32, 32, 0),
  SHIFT("shr.b64", r_shr, K_L, G_I64, 64, 0),
  SHIFT("shr.s16", r_shr, K_H, G_I16, 16, 1),
  SHIFT("shr.s32", r_shr, K_R, G_I32, 32, 1),
  SHIFT("shr.s64", r_shr, K_L, G_I64, 64, 1),
  SHIFT("shr.u16", r_shr, K_H, G_I16, 16, 0),
  SHIFT("shr.u32", r_shr, K_R, G_I32, 32, 0),
  SHIFT("shr.u64", r_shr, K_L, G_I64, 64, 0),
  CASE("shift", "shl.b32", "shl.b32 %od, %ia, 3;", K_R, 0, 0, G_I32, 0, 0, K_R, 0, r_shl_3, 32, 0,
       0, 0),
  CASE("shift", "shr.s64", "shr.s64 %od, %ia, 63;", K_L, 0, 0, G_I64, 0, 0, K_L, 0, r_shr_63, 64, 1,
       0, 0),
  CASE("shift", "shf.l.wrap.b32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_SH, K_R, 0, r_shf, 32, 0,
       1, 0),
  CASE("shift", "shf.r.wrap.b32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_SH, K_R, 0, r_shf, 32, 0,
       0, 0),
  CASE("shift", "shf.l.clamp.b32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_SH, K_R, 0, r_shf, 32, 0,
       1, 1),
  CASE("shift", "shf.r.clamp.b32", NULL, K_R, K_R, K_R, G_I32, G_I32, G_SH, K_R, 0, r_shf, 32, 0,
       0, 1),

  /* bit manipulation */
  CASE("bits", "bfi.b32", "and.b32 %s0, %ic, 0xffff; shr.u32 %s1, %ic, 16;"
       " bfi.b32 %od, %ia, %ib, %s0, %s1;", K_R, K_R, K_R, G_BITS32, G_BITS32, G_U5, K_R, 0,
       r_bfi, 32, 0, 0, 0),
  CASE("bits", "bfi.b64", "and.b32 %s0, %ic, 0xffff; shr.u32 %s1, %ic, 16;"
       " bfi.b64 %od, %ia, %ib, %s0, %s1;", K_L, K_L, K_R, G_BITS64, G_BITS64, G_U5, K_L, 0,
       r_bfi, 64, 0, 0, 0),
  UN("bits", "bfind.u32", r_bfind, K_R, G_I32, 32, 0, 0),
  UN("bits", "bfind.s32", r_bfind, K_R, G_I32, 32, 1, 0),
  UN("bits", "bfind.shiftamt.u32", r_bfind, K_R, G_I32, 32, 0, 1),
  CASE("bits", "bfind.u64", NULL, K_L, 0, 0, G_I64, 0, 0, K_R, 0, r_bfind, 64, 0, 0, 0),
  CASE("bits", "bfind.shiftamt.s64", NULL, K_L, 0, 0, G_I64, 0, 0, K_R, 0, r_bfind, 64, 1, 1, 0),
  CASE("bits", "bmsk.clamp.b32", NULL, K_R, K_R, 0, G_POS8, G_POS8, 0, K_R, 0, r_bmsk, 32, 0, 0,
       0),
  CASE("bits", "bmsk.wrap.b32", NULL, K_R, K_R, 0, G_POS8, G_POS8, 0, K_R, 0, r_bmsk, 32, 0, 1,
       0),
  UN("bits", "brev.b32", r_brev, K_R, G_I32, 32, 0, 0),
  UN("bits", "brev.b64", r_brev, K_L, G_I64, 64, 0, 0),
  UN("bits", "clz.b32", r_clz, K_R, G_I32, 32, 0, 0),
  CASE("bits", "clz.b64", NULL, K_L, 0, 0, G_I64, 0, 0, K_R, 0, r_clz, 64, 0, 0, 0),
  UN("bits", "popc.b32", r_popc, K_R, G_I32, 32, 0, 0),
  CASE("bits", "popc.b64", NULL, K_L, 0, 0, G_I64, 0, 0, K_R, 0, r_popc, 64, 0, 0, 0),
  CASE("bits", "prmt.b32", NULL, K_R, K_R, K_R, G_BITS32, G_BITS32, G_PRMT, K_R, 0, r_prmt, 32, 0,
       0, 0),
  CASE("bits", "prmt.b32", "prmt.b32 %od, %ia, %ib, 0x5140;", K_R, K_R, 0, G_BITS32, G_BITS32, 0,
       K_R, 0, r_prmt_5140, 32, 0, 0x5140, 0),

  /* video */
  CASE("video", "vabsdiff4.u32.u32.u32.add", NULL, K_R, K_R, K_R, G_BITS32, G_BITS32, G_I32, K_R,
       0, r_vabsdiff4, 32, 0, 0, 0),

  /* setp: every census comparison, then p|q and the BoolOps */
  SETP("setp.eq.b16", CMP_EQ, K_H, G_I16, 16, 0),
  SETP("setp.eq.b32", CMP_EQ, K_R, G_I32, 32, 0),
  SETP("setp.eq.b64", CMP_EQ, K_L, G_I64, 64, 0),
  SETP("setp.eq.s16", CMP_EQ, K_H, G_I16, 16, 1),
  SETP("setp.eq.s32", CMP_EQ, K_R, G_I32, 32, 1),
  SETP("setp.eq.s64", CMP_EQ, K_L, G_I64, 64, 1),
  SETP("setp.ne.s16", CMP_NE, K_H, G_I16, 16, 1),
  SETP("setp.ne.s32", CMP_NE, K_R, G_I32, 32, 1),
  SETP("setp.ne.s64", CMP_NE, K_L, G_I64, 64, 1),
  SETP("setp.ne.u32", CMP_NE, K_R, G_I32, 32, 0),
  SETP("setp.ge.s32", CMP_GE, K_R, G_I32, 32, 1),
  SETP("setp.ge.s64", CMP_GE, K_L, G_I64, 64, 1),
  SETP("setp.ge.u32", CMP_GE, K_R, G_I32, 32, 0),
  SETP("setp.ge.u64", CMP_GE, K_L, G_I64, 64, 0),
  SETP("setp.gt.s16", CMP_GT, K_H, G_I16, 16, 1),
  SETP("setp.gt.s32", CMP_GT, K_R, G_I32, 32, 1),
  SETP("setp.gt.s64", CMP_GT, K_L, G_I64, 64, 1),
  SETP("setp.gt.u32", CMP_GT, K_R, G_I32, 32, 0),
  SETP("setp.gt.u64", CMP_GT, K_L, G_I64, 64, 0),
  SETP("setp.le.s32", CMP_LE, K_R, G_I32, 32, 1),
  SETP("setp.le.s64", CMP_LE, K_L, G_I64, 64, 1),
  SETP("setp.le.u16", CMP_LE, K_H, G_I16, 16, 0),
  SETP("setp.le.u32", CMP_LE, K_R, G_I32, 32, 0),
  SETP("setp.le.u64", CMP_LE, K_L, G_I64, 64, 0),
  SETP("setp.lt.s16", CMP_LT, K_H, G_I16, 16, 1),
  SETP("setp.lt.s32", CMP_LT, K_R, G_I32, 32, 1),
  SETP("setp.lt.s64", CMP_LT, K_L, G_I64, 64, 1),
  SETP("setp.lt.u16", CMP_LT, K_H, G_I16, 16, 0),
  SETP("setp.lt.u32", CMP_LT, K_R, G_I32, 32, 0),
  SETP("setp.lt.u64", CMP_LT, K_L, G_I64, 64, 0),
  SETP("setp.lo.u32", CMP_LT, K_R, G_I32, 32, 0),
  SETP("setp.ls.u32", CMP_LE, K_R, G_I32, 32, 0),
  SETP("setp.hi.u32", CMP_GT, K_R, G_I32, 32, 0),
  SETP("setp.hs.u32", CMP_GE, K_R, G_I32, 32, 0),
  CASE("setp", "setp.lt.s32", "setp.lt.s32 %od|%oe, %ia, %ib;", K_R, K_R, 0, G_I32, G_I32, 0,
       K_P, K_P, r_setp, 32, 1, CMP_LT, 0),
  CASE("setp", "setp.lt.s32", "setp.lt.s32 %od, %ia, 0;", K_R, 0, 0, G_I32, 0, 0, K_P, 0, r_setp_0,
       32, 1, CMP_LT, 0),
  CASE("setp", "setp.ge.u32.and", "setp.ge.and.u32 %od|%oe, %ia, %ib, %ic;", K_R, K_R, K_P, G_I32,
       G_I32, G_P, K_P, K_P, r_setp, 32, 0, CMP_GE, 1),
  CASE("setp", "setp.eq.s32.or", "setp.eq.or.s32 %od|%oe, %ia, %ib, !%ic;", K_R, K_R, K_P, G_I32,
       G_I32, G_P, K_P, K_P, r_setp, 32, 1, CMP_EQ, 6),
  CASE("setp", "setp.gt.s64.xor", "setp.gt.xor.s64 %od|%oe, %ia, %ib, %ic;", K_L, K_L, K_P, G_I64,
       G_I64, G_P, K_P, K_P, r_setp, 64, 1, CMP_GT, 3),

  /* selp */
  SELP("selp.b16", K_H, G_I16),
  SELP("selp.u16", K_H, G_I16),
  SELP("selp.b32", K_R, G_I32),
  SELP("selp.u32", K_R, G_I32),
  SELP("selp.b64", K_L, G_I64),
  SELP("selp.u64", K_L, G_I64),
  SELP("selp.f32", K_F, G_F32),
  SELP("selp.f64", K_D, G_F64),
  CASE("selp", "selp.b32", "selp.b32 %od, 7, -1, %ic;", 0, 0, K_P, 0, 0, G_P, K_R, 0, r_selp_imm, 32,
       0, 0, 0),

  /* mov: bit copies, NaN payloads included */
  MOV("mov.b32", K_R, G_I32),
  MOV("mov.u32", K_R, G_I32),
  MOV("mov.s32", K_R, G_I32),
  MOV("mov.u16", K_H, G_I16),
  MOV("mov.b64", K_L, G_I64),
  MOV("mov.u64", K_L, G_I64),
  MOV("mov.f32", K_F, G_F32),
  MOV("mov.f64", K_D, G_F64),
  MOV("mov.pred", K_P, G_P),
  CASE("mov", "mov.b64", "mov.b64 {%s0, %s1}, %ia; mov.b64 %od, {%s1, %s0}; mov.b32 %oe, %s0;",
       K_L, 0, 0, G_I64, 0, 0, K_L, K_R, r_swap64, 64, 0, 0, 0),
  CASE("mov", "mov.f32", "mov.f32 %od, 0f7FC00001;", 0, 0, 0, 0, 0, 0, K_F, 0, r_const, 32, 0,
       0x7fc00001, 0),
  CASE("mov", "mov.f64", "mov.f64 %od, 0dFFF4000000000123;", 0, 0, 0, 0, 0, 0, K_D, 0, r_const,
       64, 0, 0x00000123, (int)0xfff40000),
  CASE("mov", "mov.u32", "mov.u32 %od, 0xdeadbeef;", 0, 0, 0, 0, 0, 0, K_R, 0, r_const, 32, 0,
       (int)0xdeadbeef, 0),
};

int main(void)
{
  return ex_run(ex_suite("exec_int", cases, sizeof cases / sizeof cases[0]));
}
