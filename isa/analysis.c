/* analysis.c -- runs the static analyses of one function in order (see
 * analysis.h) and owns their results. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/analysis.h"

/* Reverse post-order of the blocks reachable from the entry, then the
 * unreachable blocks in index order. */
static int order_blocks(an_func *a)
{
  const cfg *g = &a->g;
  uint32_t nb = g->n_blocks;
  a->block_order = malloc(sizeof *a->block_order * (nb ? nb : 1));
  uint32_t *post = malloc(sizeof *post * (nb ? nb : 1));
  uint32_t *stack = malloc(sizeof *stack * (nb ? nb : 1));
  uint32_t *next = calloc(nb ? nb : 1, sizeof *next);
  uint8_t *seen = calloc(nb ? nb : 1, 1);
  int rc = a->block_order && post && stack && next && seen ? 0 : PTX_ENOMEM;
  uint32_t n_post = 0, sp = 0;
  if (!rc && nb) {
    stack[sp++] = 0;
    seen[0] = 1;
    while (sp) {
      uint32_t b = stack[sp - 1];
      if (next[b] < g->blocks[b].n_succs) {
        uint32_t s = g->blocks[b].succs[next[b]++];
        if (!seen[s]) {
          seen[s] = 1;
          stack[sp++] = s;
        }
      } else {
        post[n_post++] = b;
        sp--;
      }
    }
    uint32_t k = 0;
    for (uint32_t i = n_post; i-- > 0;)
      a->block_order[k++] = post[i];
    for (uint32_t b = 0; b < nb; b++)
      if (!seen[b])
        a->block_order[k++] = b;
  }
  free(post), free(stack), free(next), free(seen);
  return rc;
}

static bool is_waiting_barrier(const ptx_insn *ir)
{
  return (ptx_op_table[ir->form->op].flags & PTX_OPF_BARRIER) &&
         !ptx_form_has(ir->form, PTX_MOD_ARRIVE);
}

int an_func_analyse(const ptx_module *m, const ptx_func *fn, const an_options *o,
                    an_func **out)
{
  *out = NULL;
  an_func *a = calloc(1, sizeof *a);
  if (!a)
    return PTX_ENOMEM;
  a->module = m;
  a->fn = fn;
  a->n_insns = fn->n_insns;
  a->max_live_insn = AN_NONE;
  a->insns = calloc(fn->n_insns ? fn->n_insns : 1, sizeof *a->insns);
  int rc = a->insns ? cfg_build_ir(fn, &a->g) : PTX_ENOMEM;
  if (!rc)
    rc = order_blocks(a);
  if (!rc) {
    for (uint32_t i = 0; i < a->n_insns; i++) {
      an_insn *in = &a->insns[i];
      const ptx_insn *ir = &fn->insns[i];
      in->block = a->g.block_of[i];
      in->loop = AN_NONE;
      in->reconv = AN_NONE;
      in->is_barrier = is_waiting_barrier(ir);
      in->is_cond_branch = ir->form->op == PTX_OP_BRX_IDX ||
                           (ir->form->op == PTX_OP_BRA && ir->guard);
      if (in->is_cond_branch && a->g.blocks[in->block].last == i) {
        uint32_t r = cfg_reconv_insn(&a->g, in->block);
        in->reconv = r == CFG_EXIT ? AN_NONE : r;
      }
    }
    rc = an_defuse(a);
  }
  if (!rc)
    rc = an_loops(a);
  if (!rc)
    rc = an_liveness(a);
  if (!rc && o && o->liveness_only) {
    *out = a;
    return 0;
  }
  if (!rc)
    rc = an_uniformity(a);
  if (!rc)
    rc = an_union_sets(a);
  if (!rc)
    rc = an_preemption_points(a, o ? o->pp_interval : 0);
  if (!rc)
    rc = an_register_estimate(a);
  if (rc) {
    an_func_free(a);
    return rc;
  }
  *out = a;
  return 0;
}

void an_func_free(an_func *a)
{
  if (!a)
    return;
  if (a->insns)
    for (uint32_t i = 0; i < a->n_insns; i++)
      free(a->insns[i].defs);
  for (uint32_t l = 0; l < a->n_loops; l++)
    free(a->loops[l].blocks);
  free(a->loops);
  free(a->insns);
  free(a->regs);
  free(a->block_order);
  free(a->reg_uniform);
  free(a->live_in);
  free(a->live_out);
  free(a->union_live);
  free(a->pps);
  free(a->reg_phys);
  cfg_free(&a->g);
  free(a);
}
