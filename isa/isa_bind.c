/* isa_bind.c -- which binder handles each opcode (see isa_bind.h).
 *
 * Opcodes with integer and floating-point forms dispatch on the type.
 * An opcode missing here cannot execute; modules using it are refused at
 * load time with the instruction's location.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"

isa_exec_fn isa_bind_int_add(isa_insn *in);
isa_exec_fn isa_bind_int_mul(isa_insn *in);
isa_exec_fn isa_bind_int_misc(isa_insn *in);

static bool is_float(const isa_insn *in)
{
  return ptx_type_kind_of((ptx_type)in->type) == PTX_TK_FLOAT;
}

static isa_exec_fn bind_add(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_add(in);
}

static isa_exec_fn bind_mul(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_mul(in);
}

static isa_exec_fn bind_misc(isa_insn *in)
{
  return is_float(in) ? isa_bind_fp(in) : isa_bind_int_misc(in);
}

static const isa_binder binders[PTX_OP_COUNT] = {
  [PTX_OP_ADD] = bind_add, [PTX_OP_SUB] = bind_add, [PTX_OP_ADDC] = isa_bind_int_add,
  [PTX_OP_SUBC] = isa_bind_int_add, [PTX_OP_MUL] = bind_mul, [PTX_OP_MAD] = bind_mul,
  [PTX_OP_MADC] = isa_bind_int_mul, [PTX_OP_NEG] = bind_misc, [PTX_OP_ABS] = bind_misc,
  [PTX_OP_MIN] = bind_misc, [PTX_OP_MAX] = bind_misc, [PTX_OP_DIV] = bind_misc,
  [PTX_OP_REM] = isa_bind_int_misc,
  [PTX_OP_FMA] = isa_bind_fp, [PTX_OP_RCP] = isa_bind_fp, [PTX_OP_SQRT] = isa_bind_fp,
  [PTX_OP_RSQRT] = isa_bind_fp, [PTX_OP_SIN] = isa_bind_fp, [PTX_OP_COS] = isa_bind_fp,
  [PTX_OP_LG2] = isa_bind_fp, [PTX_OP_EX2] = isa_bind_fp, [PTX_OP_TANH] = isa_bind_fp,
  [PTX_OP_TESTP] = isa_bind_testp, [PTX_OP_COPYSIGN] = isa_bind_copysign,
  [PTX_OP_AND] = isa_bind_logic, [PTX_OP_OR] = isa_bind_logic, [PTX_OP_XOR] = isa_bind_logic,
  [PTX_OP_NOT] = isa_bind_logic, [PTX_OP_CNOT] = isa_bind_logic, [PTX_OP_SHL] = isa_bind_logic,
  [PTX_OP_SHR] = isa_bind_logic,
  [PTX_OP_POPC] = isa_bind_int_bits, [PTX_OP_CLZ] = isa_bind_int_bits,
  [PTX_OP_BFIND] = isa_bind_int_bits, [PTX_OP_BREV] = isa_bind_int_bits,
  [PTX_OP_BFE] = isa_bind_int_bits, [PTX_OP_BFI] = isa_bind_int_bits,
  [PTX_OP_BMSK] = isa_bind_int_bits, [PTX_OP_PRMT] = isa_bind_int_bits,
  [PTX_OP_FNS] = isa_bind_int_bits, [PTX_OP_DP4A] = isa_bind_int_bits,
  [PTX_OP_DP2A] = isa_bind_int_bits, [PTX_OP_SZEXT] = isa_bind_int_bits,
  [PTX_OP_LOP3] = isa_bind_int_bits, [PTX_OP_SHF] = isa_bind_int_bits,
  [PTX_OP_MUL24] = isa_bind_int_bits, [PTX_OP_MAD24] = isa_bind_int_bits,
  [PTX_OP_SAD] = isa_bind_int_bits,
  [PTX_OP_VADD] = isa_bind_video, [PTX_OP_VSUB] = isa_bind_video,
  [PTX_OP_VABSDIFF] = isa_bind_video, [PTX_OP_VMIN] = isa_bind_video,
  [PTX_OP_VMAX] = isa_bind_video, [PTX_OP_VSHL] = isa_bind_video,
  [PTX_OP_VSHR] = isa_bind_video, [PTX_OP_VMAD] = isa_bind_video,
  [PTX_OP_VSET] = isa_bind_video, [PTX_OP_VADD2] = isa_bind_video,
  [PTX_OP_VSUB2] = isa_bind_video, [PTX_OP_VAVRG2] = isa_bind_video,
  [PTX_OP_VABSDIFF2] = isa_bind_video, [PTX_OP_VMIN2] = isa_bind_video,
  [PTX_OP_VMAX2] = isa_bind_video, [PTX_OP_VSET2] = isa_bind_video,
  [PTX_OP_VADD4] = isa_bind_video, [PTX_OP_VSUB4] = isa_bind_video,
  [PTX_OP_VAVRG4] = isa_bind_video, [PTX_OP_VABSDIFF4] = isa_bind_video,
  [PTX_OP_VMIN4] = isa_bind_video, [PTX_OP_VMAX4] = isa_bind_video,
  [PTX_OP_VSET4] = isa_bind_video,
  [PTX_OP_SETP] = isa_bind_setp, [PTX_OP_SET] = isa_bind_set, [PTX_OP_SELP] = isa_bind_selp,
  [PTX_OP_SLCT] = isa_bind_slct,
  [PTX_OP_CVT] = isa_bind_cvt, [PTX_OP_CVT_PACK] = isa_bind_cvt_pack,
  [PTX_OP_MOV] = isa_bind_mov,
  [PTX_OP_LD] = isa_bind_ld, [PTX_OP_LDU] = isa_bind_ld, [PTX_OP_ST] = isa_bind_st,
  [PTX_OP_CVTA] = isa_bind_cvta, [PTX_OP_ISSPACEP] = isa_bind_isspacep,
  [PTX_OP_PREFETCH] = isa_bind_prefetch, [PTX_OP_PREFETCHU] = isa_bind_prefetch,
  [PTX_OP_APPLYPRIORITY] = isa_bind_prefetch, [PTX_OP_DISCARD] = isa_bind_prefetch,
  [PTX_OP_ATOM] = isa_bind_atom, [PTX_OP_RED] = isa_bind_red,
  [PTX_OP_BRA] = isa_bind_bra, [PTX_OP_BRX_IDX] = isa_bind_brx, [PTX_OP_CALL] = isa_bind_call,
  [PTX_OP_RET] = isa_bind_ret, [PTX_OP_EXIT] = isa_bind_exit, [PTX_OP_TRAP] = isa_bind_trap,
  [PTX_OP_BRKPT] = isa_bind_brkpt, [PTX_OP_NANOSLEEP] = isa_bind_nanosleep,
  [PTX_OP_BAR] = isa_bind_bar, [PTX_OP_BARRIER] = isa_bind_bar, [PTX_OP_BAR_RED] = isa_bind_bar_red,
  [PTX_OP_BARRIER_RED] = isa_bind_bar_red, [PTX_OP_MEMBAR] = isa_bind_membar,
  [PTX_OP_FENCE] = isa_bind_membar, [PTX_OP_BAR_WARP_SYNC] = isa_bind_bar_warp,
  [PTX_OP_PMEVENT] = isa_bind_noop, [PTX_OP_GRIDDEPCONTROL] = isa_bind_noop,
  [PTX_OP_SHFL] = isa_bind_shfl, [PTX_OP_VOTE] = isa_bind_vote, [PTX_OP_MATCH] = isa_bind_match,
  [PTX_OP_REDUX] = isa_bind_redux, [PTX_OP_ACTIVEMASK] = isa_bind_activemask,
  [PTX_OP_ELECT] = isa_bind_elect,
  [PTX_OP_CP_ASYNC] = isa_bind_cp_async, [PTX_OP_CP_ASYNC_COMMIT_GROUP] = isa_bind_noop,
  [PTX_OP_CP_ASYNC_WAIT_GROUP] = isa_bind_noop,
  [PTX_OP_CP_ASYNC_MBARRIER_ARRIVE] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_INIT] = isa_bind_mbarrier, [PTX_OP_MBARRIER_INVAL] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_ARRIVE] = isa_bind_mbarrier, [PTX_OP_MBARRIER_ARRIVE_DROP] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_EXPECT_TX] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_COMPLETE_TX] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_TEST_WAIT] = isa_bind_mbarrier, [PTX_OP_MBARRIER_TRY_WAIT] = isa_bind_mbarrier,
  [PTX_OP_MBARRIER_PENDING_COUNT] = isa_bind_mbarrier, [PTX_OP_CP_ASYNC_WAIT_ALL] = isa_bind_noop,
  [PTX_OP_WMMA_LOAD] = isa_bind_wmma, [PTX_OP_WMMA_MMA] = isa_bind_wmma,
  [PTX_OP_WMMA_STORE] = isa_bind_wmma,
  [PTX_OP_TEX] = isa_bind_tex, [PTX_OP_TLD4] = isa_bind_tld4, [PTX_OP_SULD] = isa_bind_surf,
  [PTX_OP_SUST] = isa_bind_surf, [PTX_OP_TXQ] = isa_bind_query, [PTX_OP_SUQ] = isa_bind_query,
  [PTX_OP_ISTYPEP] = isa_bind_istypep,
};

isa_binder isa_binder_of(ptx_op op)
{
  return op < PTX_OP_COUNT ? binders[op] : NULL;
}
