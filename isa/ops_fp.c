/* ops_fp.c -- f32 and f64 arithmetic (PTX ISA 9.7.3): lane loops over the
 * exact semantic functions of fp_arith.h.
 *
 * The binder picks, per instruction, either a fast path (.rn, no .ftz, no
 * .sat: the inline native operations of fp_arith.h, which the compiler
 * keeps in the loop) or a general path that passes the decoded rounding
 * mode (in->rnd) and modifier flags (in->aux, ISA_FP_* bits) to the exact
 * function.  The half-precision types are bound in ops_fp_half.c.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/fp_arith.h"
#include "isa/fp_half.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"
#include "isa/ops_fp.h"

#define A32 ((uint32_t)a)
#define B32 ((uint32_t)b)
#define C32 ((uint32_t)c)
#define RND ((isa_round)in->rnd)
#define FL (in->aux)

/* ---- f32 ---------------------------------------------------------------- */

ISA_LANE_OP(add_f32_rn, uint64_t, ISA_WR_U32, 2, isa_f32_add_rn(A32, B32))
ISA_LANE_OP(sub_f32_rn, uint64_t, ISA_WR_U32, 2, isa_f32_sub_rn(A32, B32))
ISA_LANE_OP(mul_f32_rn, uint64_t, ISA_WR_U32, 2, isa_f32_mul_rn(A32, B32))
ISA_LANE_OP(fma_f32_rn, uint64_t, ISA_WR_U32, 3, isa_f32_fma_rn(A32, B32, C32))
ISA_LANE_OP(add_f32, uint64_t, ISA_WR_U32, 2, isa_f32_add(A32, B32, RND, FL))
ISA_LANE_OP(sub_f32, uint64_t, ISA_WR_U32, 2, isa_f32_sub(A32, B32, RND, FL))
ISA_LANE_OP(mul_f32, uint64_t, ISA_WR_U32, 2, isa_f32_mul(A32, B32, RND, FL))
ISA_LANE_OP(fma_f32, uint64_t, ISA_WR_U32, 3, isa_f32_fma(A32, B32, C32, RND, FL))
ISA_LANE_OP(div_f32, uint64_t, ISA_WR_U32, 2, isa_f32_div(A32, B32, RND, FL))
ISA_LANE_OP(div_approx_f32, uint64_t, ISA_WR_U32, 2, isa_f32_div_approx(A32, B32, FL))
ISA_LANE_OP(div_full_f32, uint64_t, ISA_WR_U32, 2, isa_f32_div_full(A32, B32, FL))
ISA_LANE_OP(rcp_f32, uint64_t, ISA_WR_U32, 1, isa_f32_rcp(A32, RND, FL))
ISA_LANE_OP(rcp_approx_f32, uint64_t, ISA_WR_U32, 1, isa_f32_rcp_approx(A32, FL))
ISA_LANE_OP(sqrt_f32, uint64_t, ISA_WR_U32, 1, isa_f32_sqrt(A32, RND, FL))
ISA_LANE_OP(sqrt_approx_f32, uint64_t, ISA_WR_U32, 1, isa_f32_sqrt_approx(A32, FL))
ISA_LANE_OP(rsqrt_approx_f32, uint64_t, ISA_WR_U32, 1, isa_f32_rsqrt_approx(A32, FL))
ISA_LANE_OP(sin_f32, uint64_t, ISA_WR_U32, 1, isa_f32_sin_approx(A32, FL))
ISA_LANE_OP(cos_f32, uint64_t, ISA_WR_U32, 1, isa_f32_cos_approx(A32, FL))
ISA_LANE_OP(lg2_f32, uint64_t, ISA_WR_U32, 1, isa_f32_lg2_approx(A32, FL))
ISA_LANE_OP(ex2_f32, uint64_t, ISA_WR_U32, 1, isa_f32_ex2_approx(A32, FL))
ISA_LANE_OP(tanh_f32, uint64_t, ISA_WR_U32, 1, isa_f32_tanh_approx(A32))
ISA_LANE_OP(abs_f32, uint64_t, ISA_WR_U32, 1, isa_f32_abs(A32, FL))
ISA_LANE_OP(neg_f32, uint64_t, ISA_WR_U32, 1, isa_f32_neg(A32, FL))
ISA_LANE_OP(min_f32, uint64_t, ISA_WR_U32, 2, isa_f32_min(A32, B32, FL))
ISA_LANE_OP(max_f32, uint64_t, ISA_WR_U32, 2, isa_f32_max(A32, B32, FL))
ISA_LANE_OP(min3_f32, uint64_t, ISA_WR_U32, 3, isa_f32_min3(A32, B32, C32, FL))
ISA_LANE_OP(max3_f32, uint64_t, ISA_WR_U32, 3, isa_f32_max3(A32, B32, C32, FL))
ISA_LANE_OP(copysign_f32, uint64_t, ISA_WR_U32, 2, isa_f32_copysign(A32, B32))

/* ---- f64 ---------------------------------------------------------------- */

ISA_LANE_OP(add_f64_rn, uint64_t, ISA_WR_U64, 2, isa_f64_add_rn(a, b))
ISA_LANE_OP(sub_f64_rn, uint64_t, ISA_WR_U64, 2, isa_f64_sub_rn(a, b))
ISA_LANE_OP(mul_f64_rn, uint64_t, ISA_WR_U64, 2, isa_f64_mul_rn(a, b))
ISA_LANE_OP(fma_f64_rn, uint64_t, ISA_WR_U64, 3, isa_f64_fma_rn(a, b, c))
ISA_LANE_OP(add_f64, uint64_t, ISA_WR_U64, 2, isa_f64_add(a, b, RND))
ISA_LANE_OP(sub_f64, uint64_t, ISA_WR_U64, 2, isa_f64_sub(a, b, RND))
ISA_LANE_OP(mul_f64, uint64_t, ISA_WR_U64, 2, isa_f64_mul(a, b, RND))
ISA_LANE_OP(fma_f64, uint64_t, ISA_WR_U64, 3, isa_f64_fma(a, b, c, RND))
ISA_LANE_OP(div_f64, uint64_t, ISA_WR_U64, 2, isa_f64_div(a, b, RND))
ISA_LANE_OP(rcp_f64, uint64_t, ISA_WR_U64, 1, isa_f64_rcp(a, RND))
ISA_LANE_OP(sqrt_f64, uint64_t, ISA_WR_U64, 1, isa_f64_sqrt(a, RND))
ISA_LANE_OP(rcp_approx_ftz_f64, uint64_t, ISA_WR_U64, 1, isa_f64_rcp_approx_ftz(a))
ISA_LANE_OP(rsqrt_approx_ftz_f64, uint64_t, ISA_WR_U64, 1, isa_f64_rsqrt_approx_ftz(a))
ISA_LANE_OP(rsqrt_approx_f64, uint64_t, ISA_WR_U64, 1, isa_f64_rsqrt_approx(a))
ISA_LANE_OP(abs_f64, uint64_t, ISA_WR_U64, 1, isa_f64_abs(a))
ISA_LANE_OP(neg_f64, uint64_t, ISA_WR_U64, 1, isa_f64_neg(a))
ISA_LANE_OP(min_f64, uint64_t, ISA_WR_U64, 2, isa_f64_min(a, b))
ISA_LANE_OP(max_f64, uint64_t, ISA_WR_U64, 2, isa_f64_max(a, b))
ISA_LANE_OP(copysign_f64, uint64_t, ISA_WR_U64, 2, isa_f64_copysign(a, b))

/* ---- binding ------------------------------------------------------------ */

unsigned isa_fp_flags(const isa_insn *in)
{
  unsigned f = 0;
  if (in->ftz)
    f |= ISA_FP_FTZ;
  if (in->sat)
    f |= ISA_FP_SAT;
  if (isa_has(in, PTX_MOD_NAN_ANY))
    f |= ISA_FP_NAN;
  if (isa_has(in, PTX_MOD_XORSIGN))
    f |= ISA_FP_XORSIGN_ABS;
  else if (isa_has(in, PTX_MOD_ABS))
    f |= ISA_FP_ABS;
  if (isa_has(in, PTX_MOD_RELU))
    f |= ISA_FP_RELU;
  return f;
}

/* Flags each f32 opcode accepts; anything else is refused rather than
 * silently ignored. */
static unsigned f32_allowed(ptx_op op)
{
  switch (op) {
  case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_FMA: case PTX_OP_MAD:
    return ISA_FP_FTZ | ISA_FP_SAT;
  case PTX_OP_MIN: case PTX_OP_MAX:
    return ISA_FP_FTZ | ISA_FP_NAN | ISA_FP_XORSIGN_ABS;
  case PTX_OP_TANH: case PTX_OP_COPYSIGN:
    return 0;
  default:
    return ISA_FP_FTZ;
  }
}

static isa_exec_fn bind_f32(isa_insn *in, unsigned fl)
{
  const ptx_op op = (ptx_op)in->op;
  if (fl & ~f32_allowed(op))
    return NULL;
  const bool plain = fl == 0 && in->rnd == ISA_RN;
  const bool approx = isa_has(in, PTX_MOD_APPROX);
  const bool three = in->n_o == 4;
  switch (op) {
  case PTX_OP_ADD: return plain ? add_f32_rn : add_f32;
  case PTX_OP_SUB: return plain ? sub_f32_rn : sub_f32;
  case PTX_OP_MUL: return plain ? mul_f32_rn : mul_f32;
  case PTX_OP_FMA:
  case PTX_OP_MAD: return plain ? fma_f32_rn : fma_f32;
  case PTX_OP_DIV:
    return approx ? div_approx_f32 : isa_has(in, PTX_MOD_FULL) ? div_full_f32 : div_f32;
  case PTX_OP_RCP: return approx ? rcp_approx_f32 : rcp_f32;
  case PTX_OP_SQRT: return approx ? sqrt_approx_f32 : sqrt_f32;
  case PTX_OP_RSQRT: return rsqrt_approx_f32;
  case PTX_OP_SIN: return sin_f32;
  case PTX_OP_COS: return cos_f32;
  case PTX_OP_LG2: return lg2_f32;
  case PTX_OP_EX2: return ex2_f32;
  case PTX_OP_TANH: return tanh_f32;
  case PTX_OP_ABS: return abs_f32;
  case PTX_OP_NEG: return neg_f32;
  case PTX_OP_MIN: return three ? min3_f32 : min_f32;
  case PTX_OP_MAX: return three ? max3_f32 : max_f32;
  case PTX_OP_COPYSIGN: return copysign_f32;
  default: return NULL;
  }
}

static isa_exec_fn bind_f64(isa_insn *in, unsigned fl)
{
  const ptx_op op = (ptx_op)in->op;
  const bool approx = isa_has(in, PTX_MOD_APPROX);
  /* f64 has .ftz only on the .approx reciprocals. */
  if (fl & ~ISA_FP_FTZ || (fl && !approx) || (in->n_o == 4 && op != PTX_OP_FMA && op != PTX_OP_MAD))
    return NULL;
  const bool plain = in->rnd == ISA_RN;
  switch (op) {
  case PTX_OP_ADD: return plain ? add_f64_rn : add_f64;
  case PTX_OP_SUB: return plain ? sub_f64_rn : sub_f64;
  case PTX_OP_MUL: return plain ? mul_f64_rn : mul_f64;
  case PTX_OP_FMA:
  case PTX_OP_MAD: return plain ? fma_f64_rn : fma_f64;
  case PTX_OP_DIV: return approx ? NULL : div_f64;
  case PTX_OP_RCP: return !approx ? rcp_f64 : fl ? rcp_approx_ftz_f64 : NULL;
  case PTX_OP_SQRT: return approx ? NULL : sqrt_f64;
  case PTX_OP_RSQRT: return fl ? rsqrt_approx_ftz_f64 : rsqrt_approx_f64;
  case PTX_OP_ABS: return abs_f64;
  case PTX_OP_NEG: return neg_f64;
  case PTX_OP_MIN: return min_f64;
  case PTX_OP_MAX: return max_f64;
  case PTX_OP_COPYSIGN: return copysign_f64;
  default: return NULL;
  }
}

isa_exec_fn isa_bind_fp(isa_insn *in)
{
  const unsigned fl = isa_fp_flags(in);
  in->aux = fl;
  switch (in->type) {
  case PTX_TYPE_F32: return bind_f32(in, fl);
  case PTX_TYPE_F64: return bind_f64(in, fl);
  default: return isa_bind_fp_half(in, fl);
  }
}

isa_exec_fn isa_bind_copysign(isa_insn *in)
{
  return isa_bind_fp(in);
}

/* ---- testp -------------------------------------------------------------- */

static void testp_f32(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const uint32_t a = in->o[1];
  uint32_t set = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (isa_f32_testp((uint32_t)w->r[a + l], (isa_testp)in->aux))
      set |= 1u << l;
  }
  simt_set_pred(w, in->o[0], mask, set);
}

static void testp_f64(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const uint32_t a = in->o[1];
  uint32_t set = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (isa_f64_testp(w->r[a + l], (isa_testp)in->aux))
      set |= 1u << l;
  }
  simt_set_pred(w, in->o[0], mask, set);
}

isa_exec_fn isa_bind_testp(isa_insn *in)
{
  static const struct {
    ptx_mod mod;
    isa_testp op;
  } ops[] = {
    {PTX_MOD_FINITE, ISA_TESTP_FINITE},     {PTX_MOD_INFINITE, ISA_TESTP_INFINITE},
    {PTX_MOD_NUMBER, ISA_TESTP_NUMBER},     {PTX_MOD_NOTANUMBER, ISA_TESTP_NOTANUMBER},
    {PTX_MOD_NORMAL, ISA_TESTP_NORMAL},     {PTX_MOD_SUBNORMAL, ISA_TESTP_SUBNORMAL},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (isa_has(in, ops[i].mod)) {
      in->aux = ops[i].op;
      return in->type == PTX_TYPE_F32 ? testp_f32 : in->type == PTX_TYPE_F64 ? testp_f64 : NULL;
    }
  return NULL;
}
