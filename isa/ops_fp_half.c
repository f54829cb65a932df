/* ops_fp_half.c -- .f16, .bf16, .f16x2 and .bf16x2 arithmetic (PTX ISA
 * 9.7.4): lane loops over fp_half.h.  The packed x2 forms apply the scalar
 * function to the low and the high half independently.  The format
 * (isa_half_kind) is kept in in->aux2, the flags in in->aux and the
 * rounding mode in in->rnd.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/fp_half.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"
#include "isa/ops_fp.h"

#define KIND ((isa_half_kind)in->aux2)
#define RND ((isa_round)in->rnd)
#define FL (in->aux)
#define LO(x) ((uint16_t)(x))
#define HI(x) ((uint16_t)((x) >> 16))
#define PAIR(lo, hi) ((uint32_t)(lo) | (uint32_t)(hi) << 16)

/* One scalar (H1) and one packed (H2) exec function per operation. */
#define HALF_OP2(NAME, CALL)                                                        \
  ISA_LANE_OP(NAME##_h, uint64_t, ISA_WR_U16, 2, CALL(LO(a), LO(b)))              \
  ISA_LANE_OP(NAME##_h2, uint64_t, ISA_WR_U32, 2, PAIR(CALL(LO(a), LO(b)), CALL(HI(a), HI(b))))
#define HALF_OP1(NAME, CALL)                                                        \
  ISA_LANE_OP(NAME##_h, uint64_t, ISA_WR_U16, 1, CALL(LO(a)))                     \
  ISA_LANE_OP(NAME##_h2, uint64_t, ISA_WR_U32, 1, PAIR(CALL(LO(a)), CALL(HI(a))))

#define ADD(x, y) isa_half_add(KIND, x, y, RND, FL)
#define SUB(x, y) isa_half_sub(KIND, x, y, RND, FL)
#define MUL(x, y) isa_half_mul(KIND, x, y, RND, FL)
#define MIN(x, y) isa_half_min(KIND, x, y, FL)
#define MAX(x, y) isa_half_max(KIND, x, y, FL)
#define NEG(x) isa_half_neg(KIND, x, FL)
#define ABS(x) isa_half_abs(KIND, x, FL)
#define EX2(x) isa_half_ex2_approx(KIND, x, FL)
#define TANH(x) isa_half_tanh_approx(KIND, x)
#define FMA(x, y, z) isa_half_fma(KIND, x, y, z, RND, FL)

HALF_OP2(add, ADD)
HALF_OP2(sub, SUB)
HALF_OP2(mul, MUL)
HALF_OP2(min, MIN)
HALF_OP2(max, MAX)
HALF_OP1(neg, NEG)
HALF_OP1(abs, ABS)
HALF_OP1(ex2, EX2)
HALF_OP1(tanh, TANH)
ISA_LANE_OP(fma_h, uint64_t, ISA_WR_U16, 3, FMA(LO(a), LO(b), LO(c)))
ISA_LANE_OP(fma_h2, uint64_t, ISA_WR_U32, 3,
            PAIR(FMA(LO(a), LO(b), LO(c)), FMA(HI(a), HI(b), HI(c))))

typedef struct half_binding {
  isa_exec_fn scalar, packed;
  unsigned allowed; /* ISA_FP_* flags the opcode takes */
} half_binding;

static const half_binding *half_binding_of(ptx_op op)
{
  enum { ARITH = ISA_FP_FTZ | ISA_FP_SAT, MINMAX = ISA_FP_FTZ | ISA_FP_NAN | ISA_FP_XORSIGN_ABS };
  static const half_binding add = {add_h, add_h2, ARITH}, sub = {sub_h, sub_h2, ARITH},
                            mul = {mul_h, mul_h2, ARITH},
                            fma = {fma_h, fma_h2, ARITH | ISA_FP_RELU},
                            min = {min_h, min_h2, MINMAX | ISA_FP_RELU},
                            max = {max_h, max_h2, MINMAX | ISA_FP_RELU},
                            neg = {neg_h, neg_h2, ISA_FP_FTZ}, abs = {abs_h, abs_h2, ISA_FP_FTZ},
                            ex2 = {ex2_h, ex2_h2, ISA_FP_FTZ}, tanh = {tanh_h, tanh_h2, 0};
  switch (op) {
  case PTX_OP_ADD: return &add;
  case PTX_OP_SUB: return &sub;
  case PTX_OP_MUL: return &mul;
  case PTX_OP_FMA: return &fma;
  case PTX_OP_MIN: return &min;
  case PTX_OP_MAX: return &max;
  case PTX_OP_NEG: return &neg;
  case PTX_OP_ABS: return &abs;
  case PTX_OP_EX2: return &ex2;
  case PTX_OP_TANH: return &tanh;
  default: return NULL;
  }
}

isa_exec_fn isa_bind_fp_half(isa_insn *in, unsigned fl)
{
  bool packed;
  switch (in->type) {
  case PTX_TYPE_F16: in->aux2 = ISA_HALF_F16, packed = false; break;
  case PTX_TYPE_F16X2: in->aux2 = ISA_HALF_F16, packed = true; break;
  case PTX_TYPE_BF16: in->aux2 = ISA_HALF_BF16, packed = false; break;
  case PTX_TYPE_BF16X2: in->aux2 = ISA_HALF_BF16, packed = true; break;
  default: return NULL;
  }
  const half_binding *b = half_binding_of((ptx_op)in->op);
  /* Three-input min/max exist only for f32. */
  if (!b || (fl & ~b->allowed) || (in->n_o == 4 && in->op != PTX_OP_FMA))
    return NULL;
  return packed ? b->packed : b->scalar;
}
