/* ops_fp.c -- f32 and f64 arithmetic (PTX ISA 9.7.3): lane loops over the
 * exact semantic functions of fp_arith.h, with the common .rn forms
 * specialised so the compiler can keep them tight.
 */
#include "config.h"

#include <math.h>

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

static inline uint32_t f32_canon(float r)
{
  return r != r ? ISA_F32_CANON_NAN : isa_f32_bits(r);
}

static inline uint64_t f64_canon(double r)
{
  return r != r ? ISA_F64_CANON_NAN : isa_f64_bits(r);
}

#define F(x) isa_f32_from_bits((uint32_t)(x))
#define D(x) isa_f64_from_bits(x)

ISA_LANE_OP(add_f32_rn, uint64_t, ISA_WR_U32, 2, f32_canon(F(a) + F(b)))
ISA_LANE_OP(sub_f32_rn, uint64_t, ISA_WR_U32, 2, f32_canon(F(a) - F(b)))
ISA_LANE_OP(mul_f32_rn, uint64_t, ISA_WR_U32, 2, f32_canon(F(a) * F(b)))
ISA_LANE_OP(fma_f32_rn, uint64_t, ISA_WR_U32, 3, f32_canon(fmaf(F(a), F(b), F(c))))
ISA_LANE_OP(div_f32_rn, uint64_t, ISA_WR_U32, 2, f32_canon(F(a) / F(b)))
ISA_LANE_OP(add_f64_rn, uint64_t, ISA_WR_U64, 2, f64_canon(D(a) + D(b)))
ISA_LANE_OP(sub_f64_rn, uint64_t, ISA_WR_U64, 2, f64_canon(D(a) - D(b)))
ISA_LANE_OP(mul_f64_rn, uint64_t, ISA_WR_U64, 2, f64_canon(D(a) * D(b)))
ISA_LANE_OP(fma_f64_rn, uint64_t, ISA_WR_U64, 3, f64_canon(fma(D(a), D(b), D(c))))
ISA_LANE_OP(div_f64_rn, uint64_t, ISA_WR_U64, 2, f64_canon(D(a) / D(b)))
ISA_LANE_OP(neg_f32, uint64_t, ISA_WR_U32, 1, (uint32_t)a ^ 0x80000000u)
ISA_LANE_OP(abs_f32, uint64_t, ISA_WR_U32, 1, (uint32_t)a & 0x7fffffffu)
ISA_LANE_OP(neg_f64, uint64_t, ISA_WR_U64, 1, a ^ UINT64_C(0x8000000000000000))
ISA_LANE_OP(abs_f64, uint64_t, ISA_WR_U64, 1, a & UINT64_C(0x7fffffffffffffff))

isa_exec_fn isa_bind_fp(isa_insn *in)
{
  bool f32 = in->type == PTX_TYPE_F32, f64 = in->type == PTX_TYPE_F64;
  if (!f32 && !f64)
    return NULL;
  bool plain = !in->ftz && !in->sat && in->rnd == ISA_RN;
  switch (in->op) {
  case PTX_OP_ADD: return plain ? (f32 ? add_f32_rn : add_f64_rn) : NULL;
  case PTX_OP_SUB: return plain ? (f32 ? sub_f32_rn : sub_f64_rn) : NULL;
  case PTX_OP_MUL: return plain ? (f32 ? mul_f32_rn : mul_f64_rn) : NULL;
  case PTX_OP_FMA:
  case PTX_OP_MAD: return plain ? (f32 ? fma_f32_rn : fma_f64_rn) : NULL;
  case PTX_OP_DIV: return plain && !isa_has(in, PTX_MOD_APPROX) && !isa_has(in, PTX_MOD_FULL)
                            ? (f32 ? div_f32_rn : div_f64_rn) : NULL;
  case PTX_OP_NEG: return in->ftz ? NULL : f32 ? neg_f32 : neg_f64;
  case PTX_OP_ABS: return in->ftz ? NULL : f32 ? abs_f32 : abs_f64;
  default: return NULL;
  }
}

isa_exec_fn isa_bind_testp(isa_insn *in)
{
  (void)in;
  return NULL;
}

isa_exec_fn isa_bind_copysign(isa_insn *in)
{
  (void)in;
  return NULL;
}
