/* ops_cmp.c -- setp, set, selp, slct (PTX ISA 9.7.4, 9.7.6).
 *
 * setp.CmpOp[.BoolOp].type p[|q], a, b[, {!}c]: the comparison, combined
 * with c by BoolOp when given; q receives the negated comparison combined
 * the same way.  Integer comparisons are specialised per width and
 * signedness; floating-point ones go through fp_cmp.h.
 */
#include "config.h"

#include <math.h>

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

/* Floating-point comparisons (PTX ISA, setp: "ordered" forms are false
 * and "unordered" forms true when either operand is NaN). */
typedef enum isa_fcmp {
  ISA_FCMP_EQ, ISA_FCMP_NE, ISA_FCMP_LT, ISA_FCMP_LE, ISA_FCMP_GT, ISA_FCMP_GE,
  ISA_FCMP_EQU, ISA_FCMP_NEU, ISA_FCMP_LTU, ISA_FCMP_LEU, ISA_FCMP_GTU, ISA_FCMP_GEU,
  ISA_FCMP_NUM, ISA_FCMP_NAN
} isa_fcmp;

static bool fcmp_double(double a, double b, isa_fcmp op)
{
  bool un = a != a || b != b;
  switch (op) {
  case ISA_FCMP_EQ: return !un && a == b;
  case ISA_FCMP_NE: return !un && a != b;
  case ISA_FCMP_LT: return !un && a < b;
  case ISA_FCMP_LE: return !un && a <= b;
  case ISA_FCMP_GT: return !un && a > b;
  case ISA_FCMP_GE: return !un && a >= b;
  case ISA_FCMP_EQU: return un || a == b;
  case ISA_FCMP_NEU: return un || a != b;
  case ISA_FCMP_LTU: return un || a < b;
  case ISA_FCMP_LEU: return un || a <= b;
  case ISA_FCMP_GTU: return un || a > b;
  case ISA_FCMP_GEU: return un || a >= b;
  case ISA_FCMP_NUM: return !un;
  default: return un;
  }
}

static double half_to_double(uint16_t h, bool bf16, bool ftz)
{
  if (bf16)
    return isa_f32_from_bits((uint32_t)h << 16);
  uint32_t sign = h >> 15, exp = (h >> 10) & 31, man = h & 1023;
  double v;
  if (exp == 31)
    v = man ? (double)NAN : (double)INFINITY;
  else if (exp == 0)
    v = ftz ? 0.0 : ldexp((double)man, -24);
  else
    v = ldexp((double)(man | 1024), (int)exp - 25);
  return sign ? -v : v;
}

static bool isa_fcmp_f32(uint32_t a, uint32_t b, isa_fcmp op, bool ftz)
{
  if (ftz)
    a = isa_f32_ftz(a), b = isa_f32_ftz(b);
  return fcmp_double(isa_f32_from_bits(a), isa_f32_from_bits(b), op);
}

static bool isa_fcmp_f64(uint64_t a, uint64_t b, isa_fcmp op)
{
  return fcmp_double(isa_f64_from_bits(a), isa_f64_from_bits(b), op);
}

static bool isa_fcmp_f16(uint16_t a, uint16_t b, isa_fcmp op, bool ftz)
{
  return fcmp_double(half_to_double(a, false, ftz), half_to_double(b, false, ftz), op);
}

static bool isa_fcmp_bf16(uint16_t a, uint16_t b, isa_fcmp op)
{
  return fcmp_double(half_to_double(a, true, false), half_to_double(b, true, false), op);
}

typedef enum cmp_op { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_FLOAT } cmp_op;

static int cmp_of(const isa_insn *in, bool *is_unsigned_alias)
{
  static const struct {
    ptx_mod m;
    int op;
    bool u;
  } tab[] = {{PTX_MOD_EQ, C_EQ, false}, {PTX_MOD_NE, C_NE, false}, {PTX_MOD_LT, C_LT, false},
             {PTX_MOD_LE, C_LE, false}, {PTX_MOD_GT, C_GT, false}, {PTX_MOD_GE, C_GE, false},
             {PTX_MOD_LO, C_LT, true},  {PTX_MOD_LS, C_LE, true},  {PTX_MOD_HI, C_GT, true},
             {PTX_MOD_HS, C_GE, true}};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(tab); i++)
    if (isa_has(in, tab[i].m)) {
      *is_unsigned_alias = tab[i].u;
      return tab[i].op;
    }
  return -1;
}

/* Lane bits of a comparison of a and b (each read as T). */
#define INT_CMP(NAME, T)                                                         \
  static uint32_t NAME(const simt_warp *w, const isa_insn *in, uint32_t mask)   \
  {                                                                             \
    const uint64_t *r = w->r;                                                   \
    const uint32_t a_ = in->o[1], b_ = in->o[2];                                \
    uint32_t bits = 0;                                                          \
    switch (in->aux) {                                                          \
    case C_EQ: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] == (T)r[b_ + l]) << l; break; \
    case C_NE: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] != (T)r[b_ + l]) << l; break; \
    case C_LT: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] < (T)r[b_ + l]) << l; break;  \
    case C_LE: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] <= (T)r[b_ + l]) << l; break; \
    case C_GT: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] > (T)r[b_ + l]) << l; break;  \
    default: SIMT_FOR_EACH_LANE(mask, l) bits |= (uint32_t)((T)r[a_ + l] >= (T)r[b_ + l]) << l; break;  \
    }                                                                           \
    return bits;                                                                \
  }
INT_CMP(cmp_u16, uint16_t)
INT_CMP(cmp_s16, int16_t)
INT_CMP(cmp_u32, uint32_t)
INT_CMP(cmp_s32, int32_t)
INT_CMP(cmp_u64, uint64_t)
INT_CMP(cmp_s64, int64_t)

static uint32_t cmp_float(const simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const uint64_t *r = w->r;
  uint32_t bits = 0;
  const isa_fcmp op = (isa_fcmp)in->aux2;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t a = r[in->o[1] + l], b = r[in->o[2] + l];
    bool v;
    switch (in->type) {
    case PTX_TYPE_F32: v = isa_fcmp_f32((uint32_t)a, (uint32_t)b, op, in->ftz); break;
    case PTX_TYPE_F64: v = isa_fcmp_f64(a, b, op); break;
    case PTX_TYPE_F16: v = isa_fcmp_f16((uint16_t)a, (uint16_t)b, op, in->ftz); break;
    default: v = isa_fcmp_bf16((uint16_t)a, (uint16_t)b, op); break;
    }
    bits |= (uint32_t)v << l;
  }
  return bits;
}

typedef uint32_t (*cmp_fn)(const simt_warp *, const isa_insn *, uint32_t);

static cmp_fn bind_cmp(isa_insn *in, uint8_t type)
{
  if (ptx_type_kind_of((ptx_type)type) == PTX_TK_FLOAT) {
    static const struct {
      ptx_mod m;
      isa_fcmp op;
    } ft[] = {{PTX_MOD_EQ, ISA_FCMP_EQ},   {PTX_MOD_NE, ISA_FCMP_NE},   {PTX_MOD_LT, ISA_FCMP_LT},
              {PTX_MOD_LE, ISA_FCMP_LE},   {PTX_MOD_GT, ISA_FCMP_GT},   {PTX_MOD_GE, ISA_FCMP_GE},
              {PTX_MOD_EQU, ISA_FCMP_EQU}, {PTX_MOD_NEU, ISA_FCMP_NEU}, {PTX_MOD_LTU, ISA_FCMP_LTU},
              {PTX_MOD_LEU, ISA_FCMP_LEU}, {PTX_MOD_GTU, ISA_FCMP_GTU}, {PTX_MOD_GEU, ISA_FCMP_GEU},
              {PTX_MOD_NUM, ISA_FCMP_NUM}, {PTX_MOD_NAN, ISA_FCMP_NAN}};
    if (type != PTX_TYPE_F32 && type != PTX_TYPE_F64 && type != PTX_TYPE_F16 &&
        type != PTX_TYPE_BF16)
      return NULL;
    for (size_t i = 0; i < PTX_ARRAY_SIZE(ft); i++)
      if (isa_has(in, ft[i].m)) {
        in->aux2 = ft[i].op;
        in->aux = C_FLOAT;
        return cmp_float;
      }
    return NULL;
  }
  bool u_alias = false;
  int op = cmp_of(in, &u_alias);
  if (op < 0)
    return NULL;
  in->aux = (uint32_t)op;
  bool sgn = ptx_type_kind_of((ptx_type)type) == PTX_TK_SINT && !u_alias;
  switch (ptx_type_bits((ptx_type)type)) {
  case 16: return sgn ? cmp_s16 : cmp_u16;
  case 32: return sgn ? cmp_s32 : cmp_u32;
  case 64: return sgn ? cmp_s64 : cmp_u64;
  default: return NULL;
  }
}

/* The comparison function is kept in a small table indexed by aux so the
 * exec function stays generic over types. */
static uint32_t boolop(uint32_t x, uint32_t c, uint32_t op)
{
  switch (op) {
  case 1: return x & c;
  case 2: return x | c;
  case 3: return x ^ c;
  default: return x;
  }
}

static uint32_t bool_op_of(const isa_insn *in)
{
  if (in->op == PTX_OP_SETP || in->op == PTX_OP_SET) {
    if (isa_has(in, PTX_MOD_AND))
      return 1;
    if (isa_has(in, PTX_MOD_OR))
      return 2;
    if (isa_has(in, PTX_MOD_XOR))
      return 3;
  }
  return 0;
}

typedef struct cmp_binding {
  cmp_fn fn;
} cmp_binding;

/* setp: o[0] = p (pd = q), o[1] = a, o[2] = b, o[3] = c */
#define SETP_EXEC(NAME, CMP)                                                            \
  static void NAME(simt_warp *w, const isa_insn *in, uint32_t mask)                    \
  {                                                                                    \
    uint32_t x = CMP(w, in, mask);                                                     \
    uint32_t bop = in->neg_mask >> 7; /* unused bit space: see bind */                \
    (void)bop;                                                                         \
    if (PTX_LIKELY(in->n_o < 4)) {                                                     \
      simt_set_pred(w, in->o[0], mask, x);                                             \
      if (in->pd != ISA_NONE)                                                          \
        simt_set_pred(w, in->pd, mask, ~x);                                            \
      return;                                                                          \
    }                                                                                  \
    uint32_t c = simt_pred(w, in, 3);                                                  \
    uint32_t op = in->target;                                                          \
    simt_set_pred(w, in->o[0], mask, boolop(x, c, op));                                \
    if (in->pd != ISA_NONE)                                                            \
      simt_set_pred(w, in->pd, mask, boolop(~x, c, op));                               \
  }
SETP_EXEC(setp_u16, cmp_u16)
SETP_EXEC(setp_s16, cmp_s16)
SETP_EXEC(setp_u32, cmp_u32)
SETP_EXEC(setp_s32, cmp_s32)
SETP_EXEC(setp_u64, cmp_u64)
SETP_EXEC(setp_s64, cmp_s64)
SETP_EXEC(setp_float, cmp_float)

isa_exec_fn isa_bind_setp(isa_insn *in)
{
  cmp_fn f = bind_cmp(in, in->type);
  if (!f)
    return NULL;
  /* setp has no branch target; its BoolOp rides in the target field. */
  in->target = bool_op_of(in);
  if (f == cmp_u16) return setp_u16;
  if (f == cmp_s16) return setp_s16;
  if (f == cmp_u32) return setp_u32;
  if (f == cmp_s32) return setp_s32;
  if (f == cmp_u64) return setp_u64;
  if (f == cmp_s64) return setp_s64;
  return setp_float;
}

/* set.CmpOp[.BoolOp].dtype.stype d, a, b[, {!}c]: d = all ones (or 1.0f
 * for an f32 destination) when true, else 0.  in->ext holds the compare. */
static void set_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  cmp_fn f = (cmp_fn)(uintptr_t)in->ext;
  uint32_t x = f(w, in, mask);
  if (in->n_o > 3)
    x = boolop(x, simt_pred(w, in, 3), in->target);
  const bool f32 = in->type == PTX_TYPE_F32;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    bool t = (x >> l) & 1;
    w->r[in->o[0] + l] = f32 ? (t ? 0x3f800000u : 0) : (t ? 0xffffffffu : 0);
  }
}

isa_exec_fn isa_bind_set(isa_insn *in)
{
  cmp_fn f = bind_cmp(in, in->type2);
  if (!f || (in->type != PTX_TYPE_U32 && in->type != PTX_TYPE_S32 && in->type != PTX_TYPE_F32))
    return NULL;
  in->ext = (const void *)(uintptr_t)f;
  in->target = bool_op_of(in);
  return set_exec;
}

/* selp.type d, a, b, c: d = c ? a : b */
static void selp_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  uint32_t c = simt_pred(w, in, 3);
  const uint32_t d = in->o[0], a = in->o[1], b = in->o[2];
  SIMT_FOR_EACH_LANE(mask, l)
  r[d + l] = (c >> l) & 1 ? r[a + l] : r[b + l];
}

isa_exec_fn isa_bind_selp(isa_insn *in)
{
  (void)in;
  return selp_exec;
}

/* slct.dtype.s32 d, a, b, c: d = c >= 0 ? a : b;  slct.dtype.f32: c >= 0.0
 * (-0.0 counts as >= 0; NaN selects b), .ftz flushes c. */
static void slct_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const bool fc = in->type2 == PTX_TYPE_F32;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t c = (uint32_t)r[in->o[3] + l];
    bool ge;
    if (fc) {
      if (in->ftz)
        c = isa_f32_ftz(c);
      ge = isa_f32_is_nan(c) ? false : (!(c >> 31) || (c & 0x7fffffffu) == 0);
    } else
      ge = (int32_t)c >= 0;
    r[in->o[0] + l] = ge ? r[in->o[1] + l] : r[in->o[2] + l];
  }
}

isa_exec_fn isa_bind_slct(isa_insn *in)
{
  (void)in;
  return slct_exec;
}
