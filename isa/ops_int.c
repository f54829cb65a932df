/* ops_int.c -- integer arithmetic and logic: add, sub, mul, mad, neg,
 * abs, min, max, div, rem, and, or, xor, not, cnot, shl, shr, and the
 * carry chains (PTX ISA 9.7.1, 9.7.8).
 *
 * Arithmetic is done in unsigned types of the instruction's width, so
 * wrap-around is defined; results are written extended by the type's
 * signedness.  Division by zero gives all ones and INT_MIN / -1 gives
 * INT_MIN (the ISA leaves both machine-specific; these are what current
 * GPUs return, see /work/notes/semantics/int_arith.md).  The carry flag of
 * .cc forms is one bit per lane in simt_warp.carry.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

typedef unsigned __int128 u128;
typedef __int128 s128;

/* ---- add / sub -------------------------------------------------------- */

#define ADD_SUB(W)                                                                \
  ISA_LANE_OP(add_u##W, uint##W##_t, ISA_WR_U##W, 2, (uint##W##_t)(a + b))         \
  ISA_LANE_OP(add_s##W, uint##W##_t, ISA_WR_S##W, 2, (uint##W##_t)(a + b))         \
  ISA_LANE_OP(sub_u##W, uint##W##_t, ISA_WR_U##W, 2, (uint##W##_t)(a - b))         \
  ISA_LANE_OP(sub_s##W, uint##W##_t, ISA_WR_S##W, 2, (uint##W##_t)(a - b))
ADD_SUB(16)
ADD_SUB(32)
ADD_SUB(64)

static inline uint32_t sat_s32(int64_t v)
{
  return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}
ISA_LANE_OP(add_sat_s32, int32_t, ISA_WR_S32, 2, sat_s32((int64_t)a + b))
ISA_LANE_OP(sub_sat_s32, int32_t, ISA_WR_S32, 2, sat_s32((int64_t)a - b))

/* add.cc / addc(.cc) / sub.cc / subc(.cc): in->aux bit 0 = use carry in,
 * bit 1 = write carry out, bit 2 = subtract. */
static void carry_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const bool is64 = ptx_type_bits((ptx_type)in->type) == 64;
  const bool sgn = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  const bool cin = in->aux & 1, cout = in->aux & 2, sub = in->aux & 4;
  uint32_t carry = w->carry, out = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    u128 a = is64 ? r[in->o[1] + l] : (uint32_t)r[in->o[1] + l];
    u128 b = is64 ? r[in->o[2] + l] : (uint32_t)r[in->o[2] + l];
    u128 ci = cin ? (carry >> l) & 1 : 0;
    u128 res;
    bool co;
    if (!sub) {
      res = a + b + ci;
      co = is64 ? (res >> 64) != 0 : (res >> 32) != 0;
    } else {
      /* CC.CF holds the borrow (PTX ISA, sub.cc: "carry-out written to
       * CC.CF" is the borrow of a - b - CF). */
      co = a < b + ci;
      res = a - b - ci;
    }
    uint64_t v = (uint64_t)res;
    r[in->o[0] + l] = is64 ? v : sgn ? ISA_WR_S32(v) : ISA_WR_U32(v);
    out |= (uint32_t)co << l;
  }
  if (cout)
    w->carry = (w->carry & ~mask) | out;
}

/* mad.lo.cc / madc: d = a * b + c (+ CF), low half, carry out. */
static void madc_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const bool is64 = ptx_type_bits((ptx_type)in->type) == 64;
  const bool sgn = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  const bool cin = in->aux & 1, cout = in->aux & 2, hi = in->aux & 8;
  uint32_t carry = w->carry, out = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t a = r[in->o[1] + l], b = r[in->o[2] + l], c = r[in->o[3] + l];
    u128 prod;
    if (is64)
      prod = sgn ? (u128)((s128)(int64_t)a * (int64_t)b) : (u128)a * b;
    else
      prod = sgn ? (u128)(s128)((int64_t)(int32_t)a * (int32_t)b) : (u128)((uint64_t)(uint32_t)a * (uint32_t)b);
    uint64_t part = is64 ? (uint64_t)(hi ? prod >> 64 : prod) : (uint32_t)(hi ? (uint64_t)prod >> 32 : (uint64_t)prod);
    u128 ci = cin ? (carry >> l) & 1 : 0;
    u128 cc = is64 ? c : (uint32_t)c;
    u128 res = (u128)part + cc + ci;
    bool co = is64 ? (res >> 64) != 0 : (res >> 32) != 0;
    r[in->o[0] + l] = is64 ? (uint64_t)res : sgn ? ISA_WR_S32(res) : ISA_WR_U32(res);
    out |= (uint32_t)co << l;
  }
  if (cout)
    w->carry = (w->carry & ~mask) | out;
}

/* ---- mul / mad ------------------------------------------------------- */

#define MUL_LO(W)                                                                   \
  ISA_LANE_OP(mul_lo_u##W, uint##W##_t, ISA_WR_U##W, 2, (uint##W##_t)(a * b))       \
  ISA_LANE_OP(mul_lo_s##W, uint##W##_t, ISA_WR_S##W, 2, (uint##W##_t)(a * b))       \
  ISA_LANE_OP(mad_lo_u##W, uint##W##_t, ISA_WR_U##W, 3, (uint##W##_t)(a * b + c))   \
  ISA_LANE_OP(mad_lo_s##W, uint##W##_t, ISA_WR_S##W, 3, (uint##W##_t)(a * b + c))
MUL_LO(32)
MUL_LO(64)
ISA_LANE_OP(mul_lo_u16, uint32_t, ISA_WR_U16, 2, (uint16_t)(a * b))
ISA_LANE_OP(mul_lo_s16, uint32_t, ISA_WR_S16, 2, (uint16_t)(a * b))
ISA_LANE_OP(mad_lo_u16, uint32_t, ISA_WR_U16, 3, (uint16_t)(a * b + c))
ISA_LANE_OP(mad_lo_s16, uint32_t, ISA_WR_S16, 3, (uint16_t)(a * b + c))

/* .wide: the full product, written at twice the width. */
ISA_LANE_OP(mul_wide_u16, uint16_t, ISA_WR_U32, 2, (uint32_t)a * b)
ISA_LANE_OP(mul_wide_s16, int16_t, ISA_WR_S32, 2, (int32_t)a * b)
ISA_LANE_OP(mul_wide_u32, uint32_t, ISA_WR_U64, 2, (uint64_t)a * b)
ISA_LANE_OP(mul_wide_s32, int32_t, ISA_WR_S64, 2, (uint64_t)((int64_t)a * b))
static void mad_wide_u32(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = (uint64_t)(uint32_t)r[in->o[1] + l] * (uint32_t)r[in->o[2] + l] + r[in->o[3] + l];
}
static void mad_wide_s32(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = (uint64_t)((int64_t)(int32_t)r[in->o[1] + l] * (int32_t)r[in->o[2] + l]) +
                    r[in->o[3] + l];
}
static void mad_wide_u16(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = (uint32_t)((uint32_t)(uint16_t)r[in->o[1] + l] * (uint16_t)r[in->o[2] + l] +
                               (uint32_t)r[in->o[3] + l]);
}
static void mad_wide_s16(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = ISA_WR_S32((uint32_t)((int32_t)(int16_t)r[in->o[1] + l] *
                                              (int16_t)r[in->o[2] + l]) +
                                 (uint32_t)r[in->o[3] + l]);
}

/* .hi: the upper half of the full product. */
ISA_LANE_OP(mul_hi_u16, uint16_t, ISA_WR_U16, 2, ((uint32_t)a * b) >> 16)
ISA_LANE_OP(mul_hi_s16, int16_t, ISA_WR_S16, 2, (uint32_t)((int32_t)a * b) >> 16)
ISA_LANE_OP(mul_hi_u32, uint32_t, ISA_WR_U32, 2, ((uint64_t)a * b) >> 32)
ISA_LANE_OP(mul_hi_s32, int32_t, ISA_WR_S32, 2, (uint64_t)((int64_t)a * b) >> 32)
ISA_LANE_OP(mul_hi_u64, uint64_t, ISA_WR_U64, 2, (uint64_t)(((u128)a * b) >> 64))
ISA_LANE_OP(mul_hi_s64, int64_t, ISA_WR_S64, 2, (uint64_t)((u128)((s128)a * b) >> 64))
ISA_LANE_OP(mad_hi_u16, uint16_t, ISA_WR_U16, 3, (((uint32_t)a * b) >> 16) + c)
ISA_LANE_OP(mad_hi_s16, int16_t, ISA_WR_S16, 3, ((uint32_t)((int32_t)a * b) >> 16) + (uint32_t)c)
ISA_LANE_OP(mad_hi_u32, uint32_t, ISA_WR_U32, 3, (((uint64_t)a * b) >> 32) + c)
ISA_LANE_OP(mad_hi_s32, int32_t, ISA_WR_S32, 3, ((uint64_t)((int64_t)a * b) >> 32) + (uint32_t)c)
ISA_LANE_OP(mad_hi_u64, uint64_t, ISA_WR_U64, 3, (uint64_t)(((u128)a * b) >> 64) + c)
ISA_LANE_OP(mad_hi_s64, int64_t, ISA_WR_S64, 3, (uint64_t)((u128)((s128)a * b) >> 64) + (uint64_t)c)
/* mad.hi.sat.s32: saturate the exact (a*b >> 32) + c. */
ISA_LANE_OP(mad_hi_sat_s32, int32_t, ISA_WR_S32, 3, sat_s32(((int64_t)a * b >> 32) + c))

/* ---- neg, abs, min, max ------------------------------------------------ */

#define UNARY_SIGNED(W)                                                              \
  ISA_LANE_OP(neg_s##W, uint##W##_t, ISA_WR_S##W, 1, (uint##W##_t)(0u - a))          \
  ISA_LANE_OP(abs_s##W, int##W##_t, ISA_WR_S##W, 1,                                 \
              a < 0 ? (uint##W##_t)(0u - (uint##W##_t)a) : (uint##W##_t)a)           \
  ISA_LANE_OP(min_s##W, int##W##_t, ISA_WR_S##W, 2, a < b ? a : b)                   \
  ISA_LANE_OP(max_s##W, int##W##_t, ISA_WR_S##W, 2, a > b ? a : b)                   \
  ISA_LANE_OP(min_u##W, uint##W##_t, ISA_WR_U##W, 2, a < b ? a : b)                  \
  ISA_LANE_OP(max_u##W, uint##W##_t, ISA_WR_U##W, 2, a > b ? a : b)
UNARY_SIGNED(16)
UNARY_SIGNED(32)
UNARY_SIGNED(64)
ISA_LANE_OP(max_relu_s32, int32_t, ISA_WR_S32, 2, (a > b ? a : b) < 0 ? 0 : (a > b ? a : b))
ISA_LANE_OP(min_relu_s32, int32_t, ISA_WR_S32, 2, (a < b ? a : b) < 0 ? 0 : (a < b ? a : b))

/* ---- div, rem --------------------------------------------------------- */

#define DIV_REM(W)                                                                         \
  ISA_LANE_OP(div_u##W, uint##W##_t, ISA_WR_U##W, 2, b ? a / b : (uint##W##_t)~(uint##W##_t)0) \
  ISA_LANE_OP(rem_u##W, uint##W##_t, ISA_WR_U##W, 2, b ? a % b : (uint##W##_t)~(uint##W##_t)0) \
  ISA_LANE_OP(div_s##W, int##W##_t, ISA_WR_S##W, 2,                                         \
              b == 0 ? -1 : (b == -1 ? (int##W##_t)(0u - (uint##W##_t)a) : a / b))          \
  ISA_LANE_OP(rem_s##W, int##W##_t, ISA_WR_S##W, 2, b == 0 ? -1 : (b == -1 ? 0 : a % b))
DIV_REM(16)
DIV_REM(32)
DIV_REM(64)

/* ---- logic and shifts -------------------------------------------------- */

ISA_LANE_OP(and_b, uint64_t, ISA_WR_U64, 2, a & b)
ISA_LANE_OP(or_b, uint64_t, ISA_WR_U64, 2, a | b)
ISA_LANE_OP(xor_b, uint64_t, ISA_WR_U64, 2, a ^ b)
ISA_LANE_OP(not_b, uint64_t, ISA_WR_U64, 1, ~a)
ISA_LANE_OP(cnot_b16, uint16_t, ISA_WR_U16, 1, a == 0)
ISA_LANE_OP(cnot_b32, uint32_t, ISA_WR_U32, 1, a == 0)
ISA_LANE_OP(cnot_b64, uint64_t, ISA_WR_U64, 1, a == 0)

static void pred_logic(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t a = simt_pred(w, in, 1);
  uint32_t b = in->n_o > 2 ? simt_pred(w, in, 2) : 0;
  uint32_t v;
  switch (in->op) {
  case PTX_OP_AND: v = a & b; break;
  case PTX_OP_OR: v = a | b; break;
  case PTX_OP_XOR: v = a ^ b; break;
  default: v = ~a; break; /* not */
  }
  simt_set_pred(w, in->o[0], mask, v);
}

/* Shift amounts are unsigned and clamp at the width (PTX ISA, shl/shr:
 * "shift amounts greater than the register width N are clamped to N"). */
/* The amount b is always a .u32 operand (PTX ISA shl/shr), whatever the
 * width of a: read the slot as 64 bits and take its low 32, so that a
 * 16-bit shift by 0x10000 shifts everything out. */
#define SHIFTS(W)                                                                     \
  ISA_LANE_OP(shl_b##W, uint64_t, ISA_WR_U##W, 2,                                     \
              (uint32_t)b >= W ? 0 : (uint##W##_t)((uint##W##_t)a << (uint32_t)b))    \
  ISA_LANE_OP(shr_u##W, uint64_t, ISA_WR_U##W, 2,                                     \
              (uint32_t)b >= W ? 0 : (uint##W##_t)((uint##W##_t)a >> (uint32_t)b))    \
  ISA_LANE_OP(shr_s##W, uint64_t, ISA_WR_S##W, 2,                                     \
              (int##W##_t)((int##W##_t)a >> ((uint32_t)b >= W ? W - 1 : (uint32_t)b)))
SHIFTS(16)
SHIFTS(32)
SHIFTS(64)

/* ---- binders ----------------------------------------------------------- */

typedef enum width_ix { W16, W32, W64, W_BAD } width_ix;

static width_ix width_of(uint8_t type)
{
  switch (ptx_type_bits((ptx_type)type)) {
  case 16: return W16;
  case 32: return W32;
  case 64: return W64;
  default: return W_BAD;
  }
}

static bool is_signed(uint8_t type)
{
  return ptx_type_kind_of((ptx_type)type) == PTX_TK_SINT;
}

#define PICK(arr) (wi == W_BAD ? NULL : arr[wi][is_signed(in->type)])

isa_exec_fn isa_bind_int_add(isa_insn *in)
{
  bool sub = in->op == PTX_OP_SUB || in->op == PTX_OP_SUBC;
  bool cc = isa_has(in, PTX_MOD_CC) || in->op == PTX_OP_ADDC || in->op == PTX_OP_SUBC;
  width_ix wi = width_of(in->type);
  if (cc) {
    if (wi != W32 && wi != W64)
      return NULL;
    in->aux = (in->op == PTX_OP_ADDC || in->op == PTX_OP_SUBC ? 1u : 0u) |
              (isa_has(in, PTX_MOD_CC) ? 2u : 0u) | (sub ? 4u : 0u);
    return carry_exec;
  }
  if (in->sat)
    return in->type == PTX_TYPE_S32 ? (sub ? sub_sat_s32 : add_sat_s32) : NULL;
  static const isa_exec_fn adds[3][2] = {{add_u16, add_s16}, {add_u32, add_s32}, {add_u64, add_s64}};
  static const isa_exec_fn subs[3][2] = {{sub_u16, sub_s16}, {sub_u32, sub_s32}, {sub_u64, sub_s64}};
  return sub ? PICK(subs) : PICK(adds);
}

isa_exec_fn isa_bind_int_mul(isa_insn *in)
{
  width_ix wi = width_of(in->type);
  bool mad = in->op == PTX_OP_MAD || in->op == PTX_OP_MADC;
  if (mad && (isa_has(in, PTX_MOD_CC) || in->op == PTX_OP_MADC)) {
    if (wi != W32 && wi != W64)
      return NULL;
    in->aux = (in->op == PTX_OP_MADC ? 1u : 0u) | (isa_has(in, PTX_MOD_CC) ? 2u : 0u) |
              (isa_has(in, PTX_MOD_HI) ? 8u : 0u);
    return madc_exec;
  }
  if (isa_has(in, PTX_MOD_WIDE)) {
    static const isa_exec_fn mw[3][2] = {{mul_wide_u16, mul_wide_s16}, {mul_wide_u32, mul_wide_s32}, {NULL, NULL}};
    static const isa_exec_fn aw[3][2] = {{mad_wide_u16, mad_wide_s16}, {mad_wide_u32, mad_wide_s32}, {NULL, NULL}};
    return mad ? PICK(aw) : PICK(mw);
  }
  if (isa_has(in, PTX_MOD_HI)) {
    if (mad && in->sat)
      return in->type == PTX_TYPE_S32 ? mad_hi_sat_s32 : NULL;
    static const isa_exec_fn mh[3][2] = {{mul_hi_u16, mul_hi_s16}, {mul_hi_u32, mul_hi_s32}, {mul_hi_u64, mul_hi_s64}};
    static const isa_exec_fn ah[3][2] = {{mad_hi_u16, mad_hi_s16}, {mad_hi_u32, mad_hi_s32}, {mad_hi_u64, mad_hi_s64}};
    return mad ? PICK(ah) : PICK(mh);
  }
  static const isa_exec_fn ml[3][2] = {{mul_lo_u16, mul_lo_s16}, {mul_lo_u32, mul_lo_s32}, {mul_lo_u64, mul_lo_s64}};
  static const isa_exec_fn al[3][2] = {{mad_lo_u16, mad_lo_s16}, {mad_lo_u32, mad_lo_s32}, {mad_lo_u64, mad_lo_s64}};
  return mad ? PICK(al) : PICK(ml);
}

isa_exec_fn isa_bind_int_misc(isa_insn *in)
{
  width_ix wi = width_of(in->type);
  bool sgn = is_signed(in->type);
  if (wi == W_BAD)
    return NULL;
  switch (in->op) {
  case PTX_OP_NEG: {
    static const isa_exec_fn f[3] = {neg_s16, neg_s32, neg_s64};
    return f[wi];
  }
  case PTX_OP_ABS: {
    static const isa_exec_fn f[3] = {abs_s16, abs_s32, abs_s64};
    return f[wi];
  }
  case PTX_OP_MIN:
  case PTX_OP_MAX: {
    bool mx = in->op == PTX_OP_MAX;
    if (isa_has(in, PTX_MOD_RELU))
      return in->type == PTX_TYPE_S32 ? (mx ? max_relu_s32 : min_relu_s32) : NULL;
    if (in->n_o != 3)
      return NULL;
    static const isa_exec_fn mn[3][2] = {{min_u16, min_s16}, {min_u32, min_s32}, {min_u64, min_s64}};
    static const isa_exec_fn mxf[3][2] = {{max_u16, max_s16}, {max_u32, max_s32}, {max_u64, max_s64}};
    return mx ? mxf[wi][sgn] : mn[wi][sgn];
  }
  case PTX_OP_DIV: {
    static const isa_exec_fn f[3][2] = {{div_u16, div_s16}, {div_u32, div_s32}, {div_u64, div_s64}};
    return f[wi][sgn];
  }
  case PTX_OP_REM: {
    static const isa_exec_fn f[3][2] = {{rem_u16, rem_s16}, {rem_u32, rem_s32}, {rem_u64, rem_s64}};
    return f[wi][sgn];
  }
  default:
    return NULL;
  }
}

isa_exec_fn isa_bind_logic(isa_insn *in)
{
  if (in->type == PTX_TYPE_PRED)
    return in->op == PTX_OP_CNOT ? NULL : pred_logic;
  width_ix wi = width_of(in->type);
  if (wi == W_BAD)
    return NULL;
  switch (in->op) {
  case PTX_OP_AND: return and_b;
  case PTX_OP_OR: return or_b;
  case PTX_OP_XOR: return xor_b;
  case PTX_OP_NOT: return not_b;
  case PTX_OP_CNOT: {
    static const isa_exec_fn f[3] = {cnot_b16, cnot_b32, cnot_b64};
    return f[wi];
  }
  case PTX_OP_SHL: {
    static const isa_exec_fn f[3] = {shl_b16, shl_b32, shl_b64};
    return f[wi];
  }
  case PTX_OP_SHR: {
    static const isa_exec_fn f[3][2] = {{shr_u16, shr_s16}, {shr_u32, shr_s32}, {shr_u64, shr_s64}};
    return f[wi][is_signed(in->type)];
  }
  default:
    return NULL;
  }
}

/* The opcodes with integer and floating-point forms (add, sub, mul, mad,
 * neg, abs, min, max, div) bind by the type's kind; the floating-point
 * bodies are in ops_fp.c. */
static bool is_float(const isa_insn *in)
{
  return ptx_type_kind_of((ptx_type)in->type) == PTX_TK_FLOAT;
}

isa_exec_fn isa_bind_add(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_add(in);
}

isa_exec_fn isa_bind_mul(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_mul(in);
}

isa_exec_fn isa_bind_misc(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_misc(in);
}
