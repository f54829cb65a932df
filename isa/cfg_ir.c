/* cfg_ir.c -- the control-flow graph of a function of the module IR: the
 * one description of how each PTX instruction passes control, used by the
 * decoder (reconvergence points) and by the static analyses. */
#include "config.h"

#include <stdlib.h>

#include "frontend/ptx_ir.h"
#include "isa/cfg.h"

int cfg_build_ir(const ptx_func *fn, cfg *out)
{
  uint32_t n = fn->n_insns;
  cfg_insn *flow = calloc(n ? n : 1, sizeof *flow);
  uint32_t *target = calloc(n ? n : 1, sizeof *target);
  uint32_t **lists = calloc(n ? n : 1, sizeof *lists);
  int rc = flow && target && lists ? 0 : PTX_ENOMEM;
  for (uint32_t i = 0; !rc && i < n; i++) {
    const ptx_insn *ir = &fn->insns[i];
    uint32_t flags = ptx_op_table[ir->form->op].flags;
    const ptx_operand *t = ir->n_opnds > 1 ? &ir->opnds[1] : NULL;
    if (ir->form->op == PTX_OP_BRX_IDX && t && t->kind == PTX_OPND_SYM &&
        t->u.sym.sym->kind == PTX_SYM_BRANCHTARGETS) {
      const ptx_targets *tl = (const ptx_targets *)t->u.sym.sym;
      lists[i] = calloc(tl->n ? tl->n : 1, sizeof **lists);
      if (!lists[i]) {
        rc = PTX_ENOMEM;
        break;
      }
      for (uint32_t j = 0; j < tl->n; j++)
        lists[i][j] = tl->items[j].u.label->insn;
      flow[i] = (cfg_insn){.flow = CFG_MULTI, .n_targets = tl->n, .targets = lists[i]};
    } else if ((flags & PTX_OPF_BRANCH) && ir->n_opnds > 0 &&
               ir->opnds[0].kind == PTX_OPND_LABEL) {
      target[i] = ir->opnds[0].u.label->insn;
      flow[i] = (cfg_insn){.flow = ir->guard ? CFG_COND : CFG_JUMP, .n_targets = 1,
                           .targets = &target[i]};
    } else if ((flags & (PTX_OPF_RET | PTX_OPF_EXIT | PTX_OPF_TRAP)) && !ir->guard) {
      flow[i] = (cfg_insn){.flow = CFG_END};
    } else {
      flow[i] = (cfg_insn){.flow = CFG_FALL};
    }
  }
  if (!rc)
    rc = cfg_build(flow, n, out);
  if (lists)
    for (uint32_t i = 0; i < n; i++)
      free(lists[i]);
  free(lists);
  free(target);
  free(flow);
  return rc;
}
