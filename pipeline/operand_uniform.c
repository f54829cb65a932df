/* operand_uniform.c -- intra-warp uniform detection for the scalarizing
 * register files (operand_uniform.h states the rules). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/operand_uniform.h"

/* Per instruction, decided once (ou_init). */
enum {
  OU_F_ELIGIBLE = 1u << 0,  /* may be uniform: a scalarizable opcode whose
                               operands other than registers are uniform */
  OU_F_LOAD = 1u << 1,      /* a plain load: may take the broadcast path */
  OU_F_CALL = 1u << 2       /* call or ret */
};

/* Does operand o (or an element of it) read a lane-dependent special
 * register, or name a component of a register (a partial write when it is
 * a destination; such instructions are left to the regular path)? */
static bool is_irregular_opnd(const ptx_operand *o, int depth)
{
  if (depth > 4)
    return true;
  if (o->comp != PTX_COMP_NONE)
    return true;
  switch (o->kind) {
  case PTX_OPND_SREG:
    return !an_sreg_is_uniform(o->u.sreg.id);
  case PTX_OPND_VEC: case PTX_OPND_LIST: case PTX_OPND_PAIR: case PTX_OPND_INDEX:
    for (uint32_t i = 0; i < o->n; i++)
      if (is_irregular_opnd(&o->u.list[i], depth + 1))
        return true;
    return false;
  case PTX_OPND_ADDR:
    return o->u.addr.base && is_irregular_opnd(o->u.addr.base, depth + 1);
  default:
    return false;
  }
}

static uint8_t flags_of(const isa_insn *in, const an_insn *ai)
{
  const ptx_insn *ir = in->ir;
  const ptx_op_info *info = &ptx_op_table[ir->form->op];
  if (info->flags & (PTX_OPF_CALL | PTX_OPF_RET))
    return OU_F_CALL;
  if (in->has_hidden_opnds)
    return 0;
  for (uint32_t k = 0; k < ir->n_opnds; k++)
    if (is_irregular_opnd(&ir->opnds[k], 0))
      return 0;
  /* An unguarded instruction that does not kill a destination writes part
   * of it (with a guard, kill_mask is 0: a full mask writes every lane). */
  if (!ir->guard && ai->n_defs && ai->kill_mask != (ai->n_defs >= 32 ? UINT32_MAX
                                                    : (1u << ai->n_defs) - 1))
    return 0;
  if (ai->n_defs > 32)
    return 0;
  const uint32_t side = PTX_OPF_BRANCH | PTX_OPF_EXIT | PTX_OPF_TRAP | PTX_OPF_BARRIER |
                        PTX_OPF_MEM_WR | PTX_OPF_ATOMIC | PTX_OPF_WARP;
  if (info->flags & side)
    return 0;
  if (info->flags & PTX_OPF_MEM_RD)
    return info->fclass == PTX_FC_MEM &&
                   (ir->form->op == PTX_OP_LD || ir->form->op == PTX_OP_LDU)
               ? OU_F_LOAD
               : 0;
  switch (ir->form->op) {
  case PTX_OP_ADDC: case PTX_OP_SUBC: case PTX_OP_MADC: /* carry-in: per-lane state */
  case PTX_OP_ALLOCA:
    return 0;
  default:
    break;
  }
  switch (info->fclass) {
  case PTX_FC_INT: case PTX_FC_FLOAT: case PTX_FC_CMP: case PTX_FC_LOGIC: case PTX_FC_MOV:
  case PTX_FC_CVT:
    return OU_F_ELIGIBLE;
  default:
    return 0;
  }
}

int ou_init(ou_state *s, const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id)
{
  memset(s, 0, sizeof *s);
  s->k = k;
  s->st = st;
  s->check = (uint8_t)p->scalar_check;
  s->redundancy = (uint8_t)p->redundancy;
  s->n_regs = k->max_regs ? k->max_regs : 1;
  if (rel_init(&s->rel, p, s->n_regs, st, sm_id))
    return PTX_ENOMEM;
  if (p->irb_entries) {
    if (irb_init(&s->irb, p->irb_entries)) {
      rel_free(&s->rel);
      return PTX_ENOMEM;
    }
    s->has_irb = true;
  }
  size_t n = 0;
  s->func_base = malloc(sizeof *s->func_base * (k->n_funcs ? k->n_funcs : 1));
  if (!s->func_base)
    return PTX_ENOMEM;
  for (uint32_t f = 0; f < k->n_funcs; f++) {
    s->func_base[f] = (uint32_t)n;
    if (k->funcs[f].insns)
      n += k->funcs[f].n_insns;
  }
  s->flags = calloc(n ? n : 1, 1);
  s->mark = calloc((size_t)p->n_warp_slots * s->n_regs, 1);
  if (!s->flags || !s->mark) {
    ou_free(s);
    return PTX_ENOMEM;
  }
  for (uint32_t f = 0; f < k->n_funcs; f++) {
    const tm_func *tf = &k->funcs[f];
    if (!tf->insns)
      continue;
    for (uint32_t i = 0; i < tf->n_insns; i++)
      s->flags[s->func_base[f] + i] = flags_of(&tf->func->insns[i], &tf->an->insns[i]);
  }
  return 0;
}

void ou_free(ou_state *s)
{
  irb_free(&s->irb);
  rel_free(&s->rel);
  s->has_irb = false;
  free(s->func_base);
  free(s->flags);
  free(s->mark);
  s->func_base = NULL;
  s->flags = s->mark = NULL;
}

void ou_warp_reset(ou_state *s, uint32_t slot, uint32_t lanes)
{
  s->lanes[slot] = lanes;
  memset(ou_marks(s, slot), 0, s->n_regs);
}

/* Do the executing lanes all read one address of one space that every
 * lane shares? */
static bool is_broadcast(const simt_record *rec)
{
  if (rec->space_mask & (1u << ISA_SPACE_LOCAL) || (rec->space_mask & (rec->space_mask - 1)))
    return false;
  uint32_t m = rec->exec;
  uint64_t a = rec->addr[__builtin_ctz(m)];
  for (; m; m &= m - 1)
    if (rec->addr[__builtin_ctz(m)] != a)
      return false;
  return true;
}

ou_kind ou_classify(ou_state *s, uint32_t slot, const tm_insn *t, const simt_record *rec,
                    uint32_t *marked_uses)
{
  const isa_insn *in = rec->insn;
  uint8_t f = s->flags[s->func_base[in->func->index] + (uint32_t)(in - in->func->insns)];
  const uint8_t *mark = ou_marks(s, slot);
  const uint32_t *uses = t->regs + t->n_defs;
  uint32_t n = 0;
  for (uint32_t u = 0; u < t->n_uses; u++)
    n += mark[uses[u]];
  *marked_uses = n;
  if (PTX_UNLIKELY(f & OU_F_CALL))
    return OU_CALL;
  if (!rec->exec || !t->n_defs)
    return OU_NO_WRITE;
  bool is_full = rec->exec == s->lanes[slot];
  if (f & OU_F_ELIGIBLE && n == t->n_uses) {
    if (is_full)
      return OU_UNIFORM;
    s->st->scalar.diverged++;
  }
  if (f & OU_F_LOAD && is_full && rec->space_mask && is_broadcast(rec))
    return OU_BROADCAST;
  return OU_REGULAR;
}

void ou_count_uniform(ou_state *s, const simt_record *rec)
{
  s->st->scalar.uniform_insn++;
  /* 002a §1.9: the lanes beyond the first repeat its work (31 of a full
   * warp). */
  s->st->scalar.redundant_ops += (uint64_t)ptx_popcount32(rec->exec) - 1;
}

int ou_check_mark(const ou_state *s, const simt_record *rec)
{
  if (!s->check || !(rec->values & SIMT_VAL_MEASURED))
    return 0;
  return rec->values & SIMT_VAL_DST_UNIFORM ? 0 : SM_OPERAND_E_NOT_UNIFORM;
}

uint32_t ou_copy_on_write(ou_state *s, uint32_t slot, const tm_insn *t, const simt_record *rec)
{
  if (rec->exec == s->lanes[slot])
    return 0;
  const uint8_t *mark = ou_marks(s, slot);
  uint32_t copies = 0;
  for (uint32_t d = 0; d < t->n_defs; d++) {
    uint32_t r = t->regs[d];
    if (!mark[r])
      continue;
    copies++;
    for (uint32_t u = 0; u < t->n_uses; u++)
      if (t->regs[t->n_defs + u] == r) {
        s->st->scalar.cow_paper++;
        break;
      }
  }
  s->st->scalar.cow += copies;
  return copies;
}

bool ou_reuse(ou_state *s, const simt_record *rec, bool can_apply, sm_issue_cost *c, int *rc)
{
  if (!s->has_irb)
    return false;
  const isa_insn *in = rec->insn;
  uint32_t pc = s->func_base[in->func->index] + (uint32_t)(in - in->func->insns);
  irb_entry *e = NULL;
  irb_outcome o = irb_access(&s->irb, pc, rec, &s->st->scalar, &e);
  if (o == IRB_SKIPPED)
    return false;
  bool is_counted = s->redundancy != TM_REDUNDANCY_INTRA;
  if (is_counted) /* the lookup, and the write of a miss or mismatch */
    s->st->rf.irb_accesses += o == IRB_REUSE ? 1 : 2;
  if (o != IRB_REUSE) {
    if (PTX_UNLIKELY(rel_is_active(&s->rel)) && is_counted)
      rel_irb_written(&s->rel, e); /* an observing buffer is not upset */
    return false;
  }
  s->st->scalar.inter_ops += (uint64_t)ptx_popcount32(rec->exec);
  if (PTX_UNLIKELY(s->check) && !e->is_upset && e->dst != rec->dst_val)
    *rc = SM_OPERAND_E_REUSE;
  if (!is_counted || !can_apply)
    return false;
  if (PTX_UNLIKELY(rel_is_active(&s->rel)) && !rel_irb_reuse(&s->rel, e, rec))
    return false;
  s->st->scalar.irb_reused_issues++;
  ou_charge_reuse(c);
  return true;
}
