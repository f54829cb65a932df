/* ops_bits.c -- bit manipulation and the rarer integer instructions:
 * popc, clz, bfind, brev, bfe, bfi, bmsk, prmt, fns, lop3, shf, szext,
 * dp4a, dp2a, mul24, mad24, sad (PTX ISA 9.7.1-2, 9.7.8).  The lane
 * bodies are the exact functions of int_ops.h.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/int_ops.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

/* in->aux: width in bits; in->aux2: opcode-specific flags. */
#define W (in->aux)
#define SGN (in->aux2 & 1)

ISA_LANE_OP(popc_exec, uint64_t, ISA_WR_U32, 1, isa_popc(a, W))
ISA_LANE_OP(clz_exec, uint64_t, ISA_WR_U32, 1, isa_clz(a, W))
ISA_LANE_OP(bfind_exec, uint64_t, ISA_WR_U32, 1, isa_bfind(a, W, SGN, in->aux2 & 2))
ISA_LANE_OP(brev_exec, uint64_t, ISA_WR_U64, 1, isa_brev(a, W))
ISA_LANE_OP(bmsk_exec, uint64_t, ISA_WR_U32, 2, isa_bmsk((uint32_t)a, (uint32_t)b, in->aux2 & 2))
ISA_LANE_OP(szext_exec, uint64_t, ISA_WR_U32, 2,
            isa_szext((uint32_t)a, (uint32_t)b, SGN, in->aux2 & 2))
ISA_LANE_OP(fns_exec, uint64_t, ISA_WR_U32, 3, isa_fns((uint32_t)a, (uint32_t)b, (uint32_t)c))
ISA_LANE_OP(prmt_exec, uint64_t, ISA_WR_U32, 3, isa_prmt((uint32_t)a, (uint32_t)b, (uint32_t)c))
ISA_LANE_OP(prmt_mode_exec, uint64_t, ISA_WR_U32, 3,
            isa_prmt_mode_exec((uint32_t)a, (uint32_t)b, (uint32_t)c, (isa_prmt_mode)in->aux2))
ISA_LANE_OP(lop3_exec, uint64_t, ISA_WR_U32, 3,
            isa_lop3((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint8_t)in->aux2))
ISA_LANE_OP(shf_exec, uint64_t, ISA_WR_U32, 3,
            isa_shf((uint32_t)a, (uint32_t)b, (uint32_t)c, in->aux2 & 1, in->aux2 & 2))
ISA_LANE_OP(dp4a_exec, uint64_t, ISA_WR_U32, 3,
            isa_dp4a((uint32_t)a, (uint32_t)b, (uint32_t)c, in->aux2 & 1, in->aux2 & 2))
ISA_LANE_OP(dp2a_exec, uint64_t, ISA_WR_U32, 3,
            isa_dp2a((uint32_t)a, (uint32_t)b, (uint32_t)c, in->aux2 & 1, in->aux2 & 2,
                     in->aux2 & 4))
ISA_LANE_OP(mul24_exec, uint64_t, ISA_WR_U32, 2,
            isa_mul24((uint32_t)a, (uint32_t)b, SGN, in->aux2 & 2))
ISA_LANE_OP(mad24_exec, uint64_t, ISA_WR_U32, 3,
            isa_mad24((uint32_t)a, (uint32_t)b, (uint32_t)c, SGN, in->aux2 & 2, in->aux2 & 4))

/* Results at the instruction width, sign-extended for signed types. */
static inline uint64_t wr_width(uint64_t v, unsigned w, bool sgn)
{
  return sgn ? isa_sext_bits(v, w) : isa_trunc(v, w);
}

ISA_LANE_OP(sad_exec, uint64_t, ISA_WR_U64, 3, wr_width(isa_sad(a, b, c, W, SGN), W, SGN))
ISA_LANE_OP(bfe_exec, uint64_t, ISA_WR_U64, 3,
            wr_width(isa_bfe(a, (uint32_t)b, (uint32_t)c, W, SGN), W, SGN))

/* bfi.bN d, f, b, c, d */
static void bfi_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = isa_bfi(r[in->o[1] + l], r[in->o[2] + l], (uint32_t)r[in->o[3] + l],
                            (uint32_t)r[in->o[4] + l], W);
}

/* lop3.BoolOp.b32 d|p, a, b, c, immLut, q */
static void lop3_bool_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  uint32_t q = simt_pred(w, in, 5), bits = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t d = isa_lop3((uint32_t)r[in->o[1] + l], (uint32_t)r[in->o[2] + l],
                          (uint32_t)r[in->o[3] + l], (uint8_t)in->aux2);
    r[in->o[0] + l] = d;
    bits |= (uint32_t)isa_lop3_boolop(d, in->aux & 1, (q >> l) & 1) << l;
  }
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, mask, bits);
}

static bool imm_operand(const isa_insn *in, unsigned k, uint64_t *v)
{
  if (k >= in->ir->n_opnds || in->ir->opnds[k].kind != PTX_OPND_IMM)
    return false;
  *v = in->ir->opnds[k].u.imm;
  return true;
}

isa_exec_fn isa_bind_int_bits(isa_insn *in)
{
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  bool sgn = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  bool clamp = isa_has(in, PTX_MOD_CLAMP);
  W = bits;
  in->aux2 = sgn;
  switch (in->op) {
  case PTX_OP_POPC: return bits == 32 || bits == 64 ? popc_exec : NULL;
  case PTX_OP_CLZ: return bits == 32 || bits == 64 ? clz_exec : NULL;
  case PTX_OP_BREV: return bits == 32 || bits == 64 ? brev_exec : NULL;
  case PTX_OP_BFIND:
    in->aux2 = sgn | (isa_has(in, PTX_MOD_SHIFTAMT) ? 2u : 0u);
    return bfind_exec;
  case PTX_OP_BFE: return bfe_exec;
  case PTX_OP_BFI: return bfi_exec;
  case PTX_OP_BMSK: in->aux2 = clamp ? 2 : 0; return bmsk_exec;
  case PTX_OP_SZEXT: in->aux2 = sgn | (clamp ? 2u : 0u); return szext_exec;
  case PTX_OP_FNS: return fns_exec;
  case PTX_OP_PRMT: {
    static const struct {
      ptx_mod m;
      isa_prmt_mode mode;
    } modes[] = {{PTX_MOD_F4E, ISA_PRMT_F4E}, {PTX_MOD_B4E, ISA_PRMT_B4E},
                 {PTX_MOD_RC8, ISA_PRMT_RC8}, {PTX_MOD_ECL, ISA_PRMT_ECL},
                 {PTX_MOD_ECR, ISA_PRMT_ECR}, {PTX_MOD_RC16, ISA_PRMT_RC16}};
    for (size_t i = 0; i < PTX_ARRAY_SIZE(modes); i++)
      if (isa_has(in, modes[i].m)) {
        in->aux2 = modes[i].mode;
        return prmt_mode_exec;
      }
    return prmt_exec;
  }
  case PTX_OP_LOP3: {
    uint64_t lut;
    bool has_bool = isa_has(in, PTX_MOD_AND) || isa_has(in, PTX_MOD_OR);
    if (!imm_operand(in, 4, &lut))
      return NULL;
    in->aux2 = (uint32_t)(lut & 0xff);
    if (has_bool) {
      in->aux = isa_has(in, PTX_MOD_AND);
      return lop3_bool_exec;
    }
    return lop3_exec;
  }
  case PTX_OP_SHF:
    in->aux2 = (isa_has(in, PTX_MOD_L) ? 1u : 0u) | (clamp ? 2u : 0u);
    return shf_exec;
  case PTX_OP_DP4A:
  case PTX_OP_DP2A:
    in->aux2 = (ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT ? 1u : 0u) |
               (ptx_type_kind_of((ptx_type)in->type2) == PTX_TK_SINT ? 2u : 0u) |
               (isa_has(in, PTX_MOD_HI) ? 4u : 0u);
    return in->op == PTX_OP_DP4A ? dp4a_exec : dp2a_exec;
  case PTX_OP_MUL24:
    in->aux2 = sgn | (isa_has(in, PTX_MOD_HI) ? 2u : 0u);
    return mul24_exec;
  case PTX_OP_MAD24:
    in->aux2 = sgn | (isa_has(in, PTX_MOD_HI) ? 2u : 0u) | (in->sat ? 4u : 0u);
    return mad24_exec;
  case PTX_OP_SAD: return sad_exec;
  default: return NULL;
  }
}
