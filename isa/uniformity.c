/* uniformity.c -- which registers hold the same value in every active lane
 * of a warp, and so which conditional branches can diverge (analysis.h
 * states the rules).  Every register starts uniform; an instruction makes
 * its destinations varying when it reads a lane-dependent source or a
 * varying register or guard; a register written inside the region of a
 * divergent branch becomes varying when it is live at the branch's
 * reconvergence point (the liveness pass runs first).  The divergent
 * branches depend on the registers and the registers on the regions, so
 * the two are iterated to a fixed point; each round can only turn uniform
 * into varying. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/analysis.h"

bool an_sreg_is_uniform(uint16_t id)
{
  switch (id) {
  case PTX_SREG_CTAID: case PTX_SREG_NTID: case PTX_SREG_NCTAID: case PTX_SREG_GRIDID:
  case PTX_SREG_NSMID: case PTX_SREG_NWARPID: case PTX_SREG_ENVREG:
  case PTX_SREG_TOTAL_SMEM_SIZE: case PTX_SREG_DYNAMIC_SMEM_SIZE:
  case PTX_SREG_AGGR_SMEM_SIZE: case PTX_SREG_CLUSTERID: case PTX_SREG_NCLUSTERID:
  case PTX_SREG_CLUSTER_CTAID: case PTX_SREG_CLUSTER_NCTAID: case PTX_SREG_CLUSTER_CTARANK:
  case PTX_SREG_CLUSTER_NCTARANK: case PTX_SREG_IS_EXPLICIT_CLUSTER:
    return true;
  default:
    return false;
  }
}

static bool reads_varying_sreg(const ptx_operand *o, int depth)
{
  if (depth > 4)
    return false;
  if (o->kind == PTX_OPND_SREG)
    return !an_sreg_is_uniform(o->u.sreg.id);
  if (o->kind == PTX_OPND_VEC || o->kind == PTX_OPND_LIST || o->kind == PTX_OPND_PAIR) {
    for (uint32_t i = 0; i < o->n; i++)
      if (reads_varying_sreg(&o->u.list[i], depth + 1))
        return true;
  }
  return false;
}

static bool is_kernel_param(const ptx_func *fn, const ptx_sym *s)
{
  if (!fn->is_entry || s->kind != PTX_SYM_VAR)
    return false;
  for (uint32_t i = 0; i < fn->n_params; i++)
    if (&fn->params[i]->sym == s)
      return true;
  return false;
}

/* Loads that give every lane the same value when the address is uniform:
 * .const (read-only), and kernel parameters named directly.  The address
 * register's own uniformity is checked as an ordinary use. */
static bool is_uniform_load(const ptx_func *fn, const ptx_insn *ir)
{
  const ptx_form *f = ir->form;
  if (f->op != PTX_OP_LD && f->op != PTX_OP_LDU)
    return false;
  const ptx_operand *addr = ir->n_opnds > 1 ? &ir->opnds[1] : NULL;
  if (!addr || addr->kind != PTX_OPND_ADDR)
    return false;
  if (ptx_form_has(f, PTX_MOD_CONST))
    return true;
  if (ptx_form_has(f, PTX_MOD_PARAM) || ptx_form_has(f, PTX_MOD_PARAM_ENTRY)) {
    const ptx_operand *base = addr->u.addr.base;
    return base && base->kind == PTX_OPND_SYM && is_kernel_param(fn, base->u.sym.sym);
  }
  return false;
}

/* Does the instruction produce lane-dependent values whatever its register
 * operands hold? */
static bool is_varying_source(const ptx_func *fn, const ptx_insn *ir)
{
  const ptx_op_info *info = &ptx_op_table[ir->form->op];
  for (uint32_t k = 0; k < ir->n_opnds; k++)
    if (reads_varying_sreg(&ir->opnds[k], 0))
      return true;
  if (info->flags & (PTX_OPF_MEM_RD | PTX_OPF_ATOMIC))
    return !is_uniform_load(fn, ir);
  switch (info->fclass) {
  case PTX_FC_INT: case PTX_FC_FLOAT: case PTX_FC_CMP: case PTX_FC_LOGIC:
  case PTX_FC_MOV: case PTX_FC_CVT: case PTX_FC_VIDEO: case PTX_FC_CTRL:
    return ir->form->op == PTX_OP_CALL;
  default:
    return true; /* atomics, textures, warp collectives, mma, ... */
  }
}

uint32_t an_region_blocks(const an_func *a, uint32_t b, uint8_t *mark, uint32_t *out)
{
  const cfg *g = &a->g;
  uint32_t stop = g->blocks[b].ipdom, n = 0, done = 0;
  for (uint32_t k = 0; k < g->blocks[b].n_succs; k++) {
    uint32_t s = g->blocks[b].succs[k];
    if (s != stop && !mark[s]) {
      mark[s] = 1;
      out[n++] = s;
    }
  }
  while (done < n) {
    uint32_t x = out[done++];
    for (uint32_t k = 0; k < g->blocks[x].n_succs; k++) {
      uint32_t s = g->blocks[x].succs[k];
      if (s != stop && !mark[s]) {
        mark[s] = 1;
        out[n++] = s;
      }
    }
  }
  for (uint32_t i = 0; i < n; i++)
    mark[out[i]] = 0;
  return n;
}

/* The register a conditional branch decides on: the guard of bra, the
 * index of brx.idx; AN_NONE when it is a constant. */
static bool branch_is_varying(const an_func *a, uint32_t i)
{
  const ptx_insn *ir = &a->fn->insns[i];
  const an_insn *in = &a->insns[i];
  if (ir->form->op == PTX_OP_BRX_IDX) {
    for (uint32_t k = 0; k < in->n_uses; k++)
      if (!a->reg_uniform[in->uses[k]])
        return true;
    return reads_varying_sreg(&ir->opnds[0], 0);
  }
  /* bra reads nothing but its guard. */
  for (uint32_t k = 0; k < in->n_uses; k++)
    if (!a->reg_uniform[in->uses[k]])
      return true;
  return false;
}

int an_uniformity(an_func *a)
{
  const ptx_func *fn = a->fn;
  uint32_t nb = a->g.n_blocks;
  a->reg_uniform = malloc(a->n_regs ? a->n_regs : 1);
  uint8_t *region = calloc(nb ? nb : 1, 1);
  uint32_t *blocks = malloc(sizeof *blocks * (nb ? nb : 1));
  uint8_t *is_source = calloc(a->n_insns ? a->n_insns : 1, 1);
  if (!a->reg_uniform || !region || !is_source || !blocks) {
    free(region);
    free(blocks);
    free(is_source);
    return PTX_ENOMEM;
  }
  for (uint32_t r = 0; r < a->n_regs; r++) {
    /* A .func's register formals come from lanes of the caller. */
    const ptx_var *v = a->regs[r].var;
    a->reg_uniform[r] = !(v->flags & PTX_VARF_PARAM) && !(v->flags & PTX_VARF_RETVAL);
    for (uint32_t k = 0; k < fn->n_params; k++)
      a->reg_uniform[r] &= fn->params[k] != v;
    for (uint32_t k = 0; k < fn->n_rets; k++)
      a->reg_uniform[r] &= fn->rets[k] != v;
  }
  for (uint32_t i = 0; i < a->n_insns; i++)
    is_source[i] = is_varying_source(fn, &fn->insns[i]);
  uint8_t *in_region = calloc(a->n_insns ? a->n_insns : 1, 1);
  if (!in_region) {
    free(region);
    free(blocks);
    free(is_source);
    return PTX_ENOMEM;
  }
  bool changed = true;
  while (changed) {
    changed = false;
    memset(in_region, 0, a->n_insns ? a->n_insns : 1);
    for (uint32_t b = 0; b < a->n_insns; b++) {
      an_insn *br = &a->insns[b];
      br->can_diverge = br->is_cond_branch && branch_is_varying(a, b);
      if (!br->can_diverge)
        continue;
      uint32_t n_blocks = an_region_blocks(a, br->block, region, blocks);
      /* Lanes that skipped a write in the region keep the old value: after
       * the reconvergence point the register differs between lanes.  A
       * value that dies before it stays consistent among the lanes that
       * run together (they took the same side); without a reconvergence
       * point the sides never run together again. */
      const uint64_t *joined = br->reconv != AN_NONE ? an_set(a->live_in, a, br->reconv) : NULL;
      for (uint32_t j = 0; j < n_blocks; j++)
        for (uint32_t i = a->g.blocks[blocks[j]].first; i <= a->g.blocks[blocks[j]].last; i++) {
          in_region[i] = 1;
          for (uint32_t k = 0; joined && k < a->insns[i].n_defs; k++) {
            uint32_t d = a->insns[i].defs[k];
            if (an_set_has(joined, d) && a->reg_uniform[d]) {
              a->reg_uniform[d] = false;
              changed = true;
            }
          }
        }
    }
    for (uint32_t i = 0; i < a->n_insns; i++) {
      an_insn *in = &a->insns[i];
      in->in_divergent_region = in_region[i] != 0;
      bool varying = is_source[i];
      for (uint32_t k = 0; !varying && k < in->n_uses; k++)
        varying = !a->reg_uniform[in->uses[k]];
      if (!varying)
        continue;
      for (uint32_t k = 0; k < in->n_defs; k++)
        if (a->reg_uniform[in->defs[k]]) {
          a->reg_uniform[in->defs[k]] = false;
          changed = true;
        }
    }
  }
  free(in_region);
  a->n_branches = a->n_divergent_branches = 0;
  for (uint32_t i = 0; i < a->n_insns; i++) {
    a->n_branches += a->insns[i].is_cond_branch;
    a->n_divergent_branches += a->insns[i].can_diverge;
  }
  free(region);
  free(blocks);
  free(is_source);
  return 0;
}
