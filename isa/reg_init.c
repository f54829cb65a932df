/* reg_init.c -- the registers a function may read before it writes them.
 *
 * PTX leaves such a read undefined.  ptxsim makes it 0: frame_push
 * (simt_run.c) zeroes these registers in every new frame.  Without that a
 * read would see what the warp state last held there -- the previous CTA
 * the same state ran, which with several host threads depends on the
 * thread (simt_par.c).  They are the registers live at the function's
 * entry (isa/liveness.c), less its .reg parameters, which the call
 * writes; most functions have none, and then nothing is zeroed.
 */
#include "config.h"

#include <stdlib.h>

#include "isa/analysis.h"
#include "isa/isa_prog.h"

int isa_func_uninit_slots(isa_func *f, const an_func *a)
{
  const ptx_func *fn = f->ir;
  f->n_uninit = 0;
  f->uninit_slots = NULL;
  if (!fn->n_insns)
    return 0;
  const uint64_t *live = an_set(a->live_in, a, 0);
  uint32_t n = 0;
  for (uint32_t r = 0; r < a->n_regs; r++)
    if (an_set_has(live, r) && !a->regs[r].is_pred)
      n++;
  if (n) {
    f->uninit_slots = malloc(n * 8 * sizeof *f->uninit_slots);
    if (!f->uninit_slots)
      return PTX_ENOMEM;
  }
  for (uint32_t r = 0; r < a->n_regs; r++) {
    const an_reg *reg = &a->regs[r];
    if (!an_set_has(live, r) || reg->is_pred)
      continue;
    /* The body's variables map to slots; a .reg formal is not among them
     * (its value comes from the call). */
    uint32_t vi = 0;
    while (vi < fn->n_vars && fn->vars[vi] != reg->var)
      vi++;
    if (vi == fn->n_vars || f->var_reg[vi] == ISA_NONE)
      continue;
    uint32_t width = reg->var->vec > 1 ? reg->var->vec : 1;
    for (uint32_t e = 0; e < width; e++)
      f->uninit_slots[f->n_uninit++] = f->var_reg[vi] + (reg->index * width + e) * 32;
  }
  return 0;
}
