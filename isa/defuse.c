/* defuse.c -- the registers of a function and what each instruction reads
 * and writes, from the operand roles of the opcode table (ptx_ops.def:
 * "d" slots are written, the rest read; call has its own syntax: results
 * written, target and arguments read). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/analysis.h"

/* var -> first register number, sorted by address for bsearch. */
typedef struct reg_base {
  const ptx_var *var;
  uint32_t first;
} reg_base;

typedef struct defuse_builder {
  an_func *a;
  reg_base *bases;
  uint32_t n_bases;
  uint32_t defs[256], uses[256];
  uint32_t n_defs, n_uses, kills;
} defuse_builder;

static int cmp_base(const void *x, const void *y)
{
  const ptx_var *a = ((const reg_base *)x)->var, *b = ((const reg_base *)y)->var;
  return a < b ? -1 : a > b;
}

static uint8_t reg_slots(const ptx_var *v)
{
  unsigned bits = ptx_type_bits((ptx_type)v->type);
  unsigned per = bits <= 32 ? 1 : (bits + 31) / 32;
  return (uint8_t)(per * (v->vec ? v->vec : 1));
}

static int add_var(an_func *a, reg_base *bases, uint32_t *n_bases, const ptx_var *v)
{
  if (v->space != PTX_SPACE_REG)
    return 0;
  uint32_t n = v->range ? v->range : 1;
  an_reg *r = realloc(a->regs, sizeof *r * (a->n_regs + n));
  if (!r)
    return PTX_ENOMEM;
  a->regs = r;
  bases[(*n_bases)++] = (reg_base){v, a->n_regs};
  bool is_pred = v->type == PTX_TYPE_PRED;
  for (uint32_t i = 0; i < n; i++)
    r[a->n_regs++] = (an_reg){.var = v, .index = i, .slots = is_pred ? 0 : reg_slots(v),
                              .is_pred = is_pred};
  return 0;
}

static uint32_t reg_of(const defuse_builder *b, const ptx_operand *o)
{
  reg_base key = {o->u.reg.var, 0};
  const reg_base *hit = bsearch(&key, b->bases, b->n_bases, sizeof key, cmp_base);
  if (!hit)
    return AN_NONE;
  uint32_t n = hit->var->range ? hit->var->range : 1;
  return o->u.reg.index < n ? hit->first + o->u.reg.index : AN_NONE;
}

static void note(defuse_builder *b, uint32_t reg, bool is_def, bool kills)
{
  if (reg == AN_NONE)
    return;
  uint32_t *list = is_def ? b->defs : b->uses;
  uint32_t *n = is_def ? &b->n_defs : &b->n_uses;
  for (uint32_t i = 0; i < *n; i++)
    if (list[i] == reg) {
      if (is_def && !kills)
        b->kills &= ~(1u << i); /* written twice, once partially: no kill */
      return;
    }
  if (*n >= 256)
    return;
  if (is_def && kills && *n < 32)
    b->kills |= 1u << *n;
  list[(*n)++] = reg;
}

/* Records the registers of an operand: written ones when is_def (a full
 * write when kills), read ones otherwise; address bases, texture
 * coordinates and indices are always read. */
static void scan(defuse_builder *b, const ptx_operand *o, bool is_def, bool kills, int depth)
{
  if (depth > 4)
    return;
  switch (o->kind) {
  case PTX_OPND_REG:
    /* A component (%v.x) or byte/half selector writes part of it. */
    note(b, reg_of(b, o), is_def, kills && o->comp == PTX_COMP_NONE);
    break;
  case PTX_OPND_ADDR:
    if (o->u.addr.base)
      scan(b, o->u.addr.base, false, false, depth + 1);
    break;
  case PTX_OPND_VEC:
  case PTX_OPND_LIST:
  case PTX_OPND_PAIR:
    for (uint32_t i = 0; i < o->n; i++)
      scan(b, &o->u.list[i], is_def, kills, depth + 1);
    break;
  case PTX_OPND_TEX:
  case PTX_OPND_INDEX:
    for (uint32_t i = 0; i < o->n; i++)
      scan(b, &o->u.list[i], false, false, depth + 1);
    break;
  default:
    break;
  }
}

static void scan_insn(defuse_builder *b, const ptx_insn *ir)
{
  bool full = ir->guard == NULL;
  if (ir->form->op == PTX_OP_CALL) {
    /* call [.uni] (rets), target, (args) [, prototype or targets] */
    uint32_t k = 0;
    if (k < ir->n_opnds && ir->opnds[k].kind == PTX_OPND_LIST)
      scan(b, &ir->opnds[k++], true, full, 0);
    for (; k < ir->n_opnds; k++)
      scan(b, &ir->opnds[k], false, false, 0);
  } else {
    ptx_sig_slot sig[PTX_SIG_MAX_SLOTS];
    int n_sig = ptx_op_has_free_syntax((ptx_op)ir->form->op)
                    ? 0
                    : ptx_sig_parse(ptx_op_table[ir->form->op].signature, sig,
                                    PTX_SIG_MAX_SLOTS);
    for (uint32_t k = 0; k < ir->n_opnds; k++) {
      bool is_def = (int)k < n_sig && sig[k].role == 'd';
      scan(b, &ir->opnds[k], is_def, full, 0);
    }
  }
  if (ir->guard)
    scan(b, ir->guard, false, false, 0);
}

int an_defuse(an_func *a)
{
  const ptx_func *fn = a->fn;
  uint32_t n_vars = fn->n_vars + fn->n_params + fn->n_rets;
  defuse_builder b = {.a = a};
  b.bases = malloc(sizeof *b.bases * (n_vars ? n_vars : 1));
  if (!b.bases)
    return PTX_ENOMEM;
  int rc = 0;
  for (uint32_t i = 0; !rc && i < fn->n_params; i++)
    rc = add_var(a, b.bases, &b.n_bases, fn->params[i]);
  for (uint32_t i = 0; !rc && i < fn->n_rets; i++)
    rc = add_var(a, b.bases, &b.n_bases, fn->rets[i]);
  for (uint32_t i = 0; !rc && i < fn->n_vars; i++)
    rc = add_var(a, b.bases, &b.n_bases, fn->vars[i]);
  if (!rc)
    qsort(b.bases, b.n_bases, sizeof *b.bases, cmp_base);
  for (uint32_t i = 0; !rc && i < a->n_insns; i++) {
    an_insn *in = &a->insns[i];
    b.n_defs = b.n_uses = b.kills = 0;
    scan_insn(&b, &fn->insns[i]);
    /* ret hands a .func's register results to the caller. */
    if (fn->insns[i].form->op == PTX_OP_RET)
      for (uint32_t k = 0; k < fn->n_rets; k++)
        if (fn->rets[k]->space == PTX_SPACE_REG)
          for (uint32_t e = 0; e < (fn->rets[k]->range ? fn->rets[k]->range : 1); e++) {
            reg_base key = {fn->rets[k], 0};
            const reg_base *hit = bsearch(&key, b.bases, b.n_bases, sizeof key, cmp_base);
            if (hit)
              note(&b, hit->first + e, false, false);
          }
    in->n_defs = (uint16_t)b.n_defs;
    in->n_uses = (uint16_t)b.n_uses;
    in->kill_mask = b.kills;
    in->defs = malloc(sizeof *in->defs * (b.n_defs + b.n_uses + 1));
    if (!in->defs) {
      rc = PTX_ENOMEM;
      break;
    }
    in->uses = in->defs + b.n_defs;
    memcpy(in->defs, b.defs, sizeof *b.defs * b.n_defs);
    memcpy(in->uses, b.uses, sizeof *b.uses * b.n_uses);
  }
  free(b.bases);
  a->words = (a->n_regs + 63) / 64;
  if (!a->words)
    a->words = 1;
  return rc;
}

void an_reg_name(const an_func *a, uint32_t reg, char *buf, size_t size)
{
  if (reg >= a->n_regs) {
    snprintf(buf, size, "?");
    return;
  }
  const an_reg *r = &a->regs[reg];
  if (r->var->range)
    snprintf(buf, size, "%s%u", r->var->sym.name->str, r->index);
  else
    snprintf(buf, size, "%s", r->var->sym.name->str);
}
