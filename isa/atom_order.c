/* atom_order.c -- the atomics whose effect on memory does not depend on
 * the order in which CTAs perform them.
 *
 * Integer add (modulo 2^n), and, or, xor, min and max are commutative and
 * associative: whatever order the CTAs of a grid perform them in, memory
 * ends with the same bits.  What such an atomic returns does depend on
 * the order, so it counts only with no returned value (red) or a returned
 * value no path reads (dead after the instruction).  A kernel whose only
 * global atomics are these can run its CTAs side by side
 * (cta_order.c), the atomics performed as host atomics (ops_atom.c):
 * histograms and counters, the usual use of global atomics.  Floating-
 * point adds round differently in another order; inc, dec, exch and cas
 * are not commutative.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/analysis.h"
#include "isa/isa_bind.h"
#include "isa/isa_prog.h"

/* Whether no register in's pc writes is live after it. */
static bool is_result_dead(const an_func *a, uint32_t pc)
{
  const an_insn *ai = &a->insns[pc];
  const uint64_t *live = an_set(a->live_out, a, pc);
  for (uint32_t k = 0; k < ai->n_defs; k++)
    if (an_set_has(live, ai->defs[k]))
      return false;
  return true;
}

void isa_func_mark_order_free(isa_func *f, const an_func *a)
{
  for (uint32_t pc = 0; pc < f->n_insns; pc++) {
    isa_insn *in = &f->insns[pc];
    in->is_order_free = false;
    if ((in->op != PTX_OP_ATOM && in->op != PTX_OP_RED) || !in->exec ||
        (in->space != ISA_SPACE_GLOBAL && in->space != ISA_SPACE_GENERIC))
      continue;
    in->is_order_free =
        isa_atom_is_commutative(in) && (in->op == PTX_OP_RED || is_result_dead(a, pc));
  }
}
