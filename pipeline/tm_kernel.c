/* tm_kernel.c -- the timing view of a kernel's instructions (tm_kernel.h).
 *
 * Units, latency classes and the drain flag come from the opcode table
 * (frontend/ptx_ops.def) and the instruction's type: the table charges
 * arithmetic to INT, and its floating-point forms move to SP (f32, f16,
 * bf16) or DP (f64) here, as GPGPU-Sim's latency lists are per data kind.
 * Register numbers are the static analyses' (one numbering per function),
 * which is what the scoreboard compares.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "frontend/ptx_types.h"
#include "memsys/mem_timing.h"
#include "pipeline/tm_kernel.h"

const char *const sm_unit_names[SM_UNIT_COUNT] = {
#define X(u) #u,
    SM_UNITS(X)
#undef X
};

#define X(id, name) \
  _Static_assert((int)SM_UNIT_##id == (int)TM_UNIT_##id, "sm_unit extends tm_unit");
TM_UNITS(X)
#undef X

static bool is_float_type(uint8_t t)
{
  ptx_type_kind k = ptx_type_kind_of((ptx_type)t);
  return k == PTX_TK_FLOAT;
}

void tm_classify(const isa_insn *in, sm_unit *unit, tm_lat_table *table, tm_op_class *cls,
                 tm_kind *kind)
{
  const ptx_op_info *oi = &ptx_op_table[in->op];
  bool f64 = in->type == PTX_TYPE_F64;
  bool fp = is_float_type(in->type);
  *cls = (tm_op_class)oi->tclass;
  *kind = TM_KIND_ALU;
  switch ((ptx_unit)oi->unit) {
  case PTX_UNIT_INT:
  case PTX_UNIT_SP:
    *unit = f64 ? SM_UNIT_DP : fp ? SM_UNIT_SP : SM_UNIT_INT;
    /* cvt computes on the kind of the wider side. */
    if (in->op == PTX_OP_CVT)
      *unit = in->type == PTX_TYPE_F64 || in->type2 == PTX_TYPE_F64 ? SM_UNIT_DP
              : fp || is_float_type(in->type2)                       ? SM_UNIT_SP
                                                                     : SM_UNIT_INT;
    break;
  case PTX_UNIT_DP: *unit = SM_UNIT_DP; break;
  case PTX_UNIT_SFU:
    /* f64 transcendentals are long arithmetic on the DP unit.  The SFU
     * row of the DIV class (div) is a division on its data kind's unit:
     * integer division on INT, f32 on SP. */
    if (f64)
      *unit = SM_UNIT_DP, *cls = TM_OPC_DIV;
    else if (*cls == TM_OPC_DIV)
      *unit = fp ? SM_UNIT_SP : SM_UNIT_INT;
    else
      *unit = SM_UNIT_SFU;
    break;
  case PTX_UNIT_TENSOR: *unit = SM_UNIT_TENSOR; break;
  case PTX_UNIT_LDST:
    *unit = SM_UNIT_LDST;
    if (in->addr_opnd != ISA_NO_ADDR && (oi->flags & (PTX_OPF_MEM_RD | PTX_OPF_MEM_WR)))
      *kind = TM_KIND_MEM;
    break;
  case PTX_UNIT_TEX:
    *unit = SM_UNIT_TEX;
    if (oi->flags & (PTX_OPF_MEM_RD | PTX_OPF_MEM_WR)) /* not txq, suq */
      *kind = TM_KIND_TEX;
    break;
  case PTX_UNIT_BRU:
    *unit = SM_UNIT_BRU;
    *kind = (oi->flags & (PTX_OPF_CALL | PTX_OPF_RET)) ? TM_KIND_CALL
            : (oi->flags & PTX_OPF_BRANCH)            ? TM_KIND_CTRL
                                                       : TM_KIND_EXIT;
    break;
  case PTX_UNIT_SYNC:
    *unit = SM_UNIT_SYNC;
    if (oi->flags & PTX_OPF_BARRIER)
      *kind = TM_KIND_BARRIER;
    break;
  default: *unit = SM_UNIT_INT; break;
  }
  /* The latency list of the data kind; units without a list of their own
   * (LD/ST address arithmetic, branches, barriers) use the integer one. */
  switch (*unit) {
  case SM_UNIT_SP: *table = TM_LAT_FP; break;
  case SM_UNIT_DP: *table = TM_LAT_DP; break;
  case SM_UNIT_SFU: *table = TM_LAT_SFU; break;
  case SM_UNIT_TENSOR: *table = TM_LAT_TENSOR; break;
  default: *table = TM_LAT_INT; break;
  }
}

sm_unit sm_unit_of(const tm_config *conf, sm_unit u)
{
  switch (u) {
  case SM_UNIT_DP: return conf->n_units[TM_UNIT_DP] ? u : SM_UNIT_SFU;
  case SM_UNIT_INT: return conf->n_units[TM_UNIT_INT] ? u : SM_UNIT_SP;
  case SM_UNIT_TENSOR: return conf->n_units[TM_UNIT_TENSOR] ? u : SM_UNIT_SP;
  default: return u;
  }
}

static uint8_t mem_kind_of(const isa_insn *in)
{
  uint32_t fl = ptx_op_table[in->op].flags;
  if (fl & PTX_OPF_ATOMIC)
    return in->op == PTX_OP_RED ? MEM_REDUCTION : MEM_ATOMIC;
  return (fl & PTX_OPF_MEM_WR) && !(fl & PTX_OPF_MEM_RD) ? MEM_STORE : MEM_LOAD;
}

static uint16_t access_bytes(const isa_insn *in)
{
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  unsigned bytes = bits ? (bits + 7) / 8 : 4;
  return (uint16_t)(bytes * (in->vec > 1 ? in->vec : 1));
}

/* Whether the memory instruction skips L1D: GPGPU-Sim's ldst_unit sends
 * the cache operator .cg (CACHE_GLOBAL) of ld and st past it, and times
 * .ca, .cs, .lu and .cv alike (cp.async.cg is not GPGPU-Sim's). */
static bool l1_bypass_of(const isa_insn *in)
{
  return (in->op == PTX_OP_LD || in->op == PTX_OP_ST) && ptx_form_has(in->ir->form, PTX_MOD_CG);
}

static int build_func(tm_kernel *k, const isa_func *f, const tm_config *conf)
{
  tm_func *tf = &k->funcs[f->index];
  if (tf->insns)
    return 0;
  tf->func = f;
  tf->n_insns = f->n_insns;
  an_options ao = {.pp_interval = conf->pp_interval}; /* the points preemption uses */
  int rc = an_func_analyse(k->prog->ir, f->ir, &ao, &tf->an);
  if (rc)
    return rc;
  tf->insns = calloc(f->n_insns ? f->n_insns : 1, sizeof *tf->insns);
  if (!tf->insns)
    return PTX_ENOMEM;
  const an_func *a = tf->an;
  if (a->est_regs > k->regs_per_thread)
    k->regs_per_thread = a->est_regs;
  if (a->n_regs > k->max_regs)
    k->max_regs = a->n_regs;
  for (uint32_t i = 0; i < f->n_insns; i++) {
    const isa_insn *in = &f->insns[i];
    tm_insn *t = &tf->insns[i];
    sm_unit unit;
    tm_lat_table table;
    tm_op_class cls;
    tm_kind kind;
    tm_classify(in, &unit, &table, &cls, &kind);
    t->unit = (uint8_t)sm_unit_of(conf, unit);
    t->kind = (uint8_t)kind;
    uint32_t lat = conf->lat[table][cls], ii = conf->init[table][cls];
    if (kind == TM_KIND_CTRL || kind == TM_KIND_CALL || kind == TM_KIND_EXIT)
      lat = 1, ii = 1;
    else if (kind == TM_KIND_BARRIER)
      lat = conf->barrier_latency, ii = 1;
    /* 16 bits hold them: the configuration refuses latencies above
     * TM_LATENCY_MAX when it is read (tm_options.def). */
    _Static_assert(TM_LATENCY_MAX <= UINT16_MAX, "tm_insn's latencies are 16 bits");
    t->latency = (uint16_t)(lat ? lat : 1);
    t->interval = (uint16_t)(ii ? ii : 1);
    t->is_long_latency = kind == TM_KIND_MEM || kind == TM_KIND_TEX;
    t->is_drain = (ptx_op_table[in->op].flags & PTX_OPF_DRAIN) != 0;
    if (kind == TM_KIND_MEM) {
      t->mem_kind = mem_kind_of(in);
      t->access_bytes = access_bytes(in);
      t->is_l1_bypass = l1_bypass_of(in);
    }
    const an_insn *ai = &a->insns[i];
    if (conf->preempt_inject || conf->preempt_second) {
      bool is_live = conf->preempt_mode == TM_PREEMPT_LIVE ||
                     conf->preempt_mode == TM_PREEMPT_LIVE_CP;
      if (conf->preempt_mode == TM_PREEMPT_OCCUPANCY)
        t->preempt = TM_PREEMPT_STOP;
      else if (is_live && ai->is_preemption_point)
        t->preempt = TM_PREEMPT_STOP | TM_PREEMPT_PP;
    }
    t->n_defs = (uint8_t)(ai->n_defs < 255 ? ai->n_defs : 255);
    t->n_uses = (uint8_t)(ai->n_uses < 255 ? ai->n_uses : 255);
    uint32_t *regs = malloc(sizeof *regs * ((size_t)t->n_defs + t->n_uses + 1));
    if (!regs)
      return PTX_ENOMEM;
    memcpy(regs, ai->defs, sizeof *regs * t->n_defs);
    memcpy(regs + t->n_defs, ai->uses, sizeof *regs * t->n_uses);
    t->regs = regs;
    /* Reach the callees. */
    if (in->op == PTX_OP_CALL && in->ext) {
      const isa_call_site *cs = in->ext;
      if (cs->callee) {
        rc = build_func(k, cs->callee, conf);
        if (rc)
          return rc;
      }
    }
  }
  return 0;
}

int tm_kernel_build(const isa_program *p, const isa_kernel *kern, const tm_config *conf,
                    tm_kernel **out)
{
  *out = NULL;
  tm_kernel *k = calloc(1, sizeof *k);
  if (!k)
    return PTX_ENOMEM;
  k->prog = p;
  k->kernel = kern;
  k->n_funcs = p->n_funcs;
  k->funcs = calloc(p->n_funcs ? p->n_funcs : 1, sizeof *k->funcs);
  int rc = k->funcs ? build_func(k, kern->func, conf) : PTX_ENOMEM;
  /* Indirect calls can reach any function with a body. */
  for (uint32_t i = 0; !rc && i < p->n_funcs; i++)
    for (uint32_t j = 0; !rc && k->funcs[i].insns && j < p->funcs[i].n_insns; j++) {
      const isa_insn *in = &p->funcs[i].insns[j];
      if (in->op == PTX_OP_CALL && in->ext && !((const isa_call_site *)in->ext)->callee)
        for (uint32_t f = 0; !rc && f < p->n_funcs; f++)
          rc = build_func(k, &p->funcs[f], conf);
    }
  if (rc) {
    tm_kernel_free(k);
    return rc;
  }
  *out = k;
  return 0;
}

void tm_kernel_free(tm_kernel *k)
{
  if (!k)
    return;
  for (uint32_t i = 0; i < k->n_funcs; i++) {
    tm_func *tf = &k->funcs[i];
    if (tf->insns)
      for (uint32_t j = 0; j < tf->n_insns; j++)
        free((void *)tf->insns[j].regs);
    free(tf->insns);
    an_func_free(tf->an);
  }
  free(k->funcs);
  free(k);
}
