/* isa_bind.h -- binding semantic functions to decoded instructions.
 *
 * The decoder fills an isa_insn's operands (isa_prog.h) and then asks the
 * binder of its opcode for the semantic function of its exact types and
 * modifiers.  A binder returns NULL when the form cannot execute; the
 * decoder then refuses the module, naming the instruction.  Binders live
 * beside their semantic functions in isa/ops_*.c; isa_bind.c maps opcodes
 * to binders.
 */
#ifndef PTXSIM_ISA_ISA_BIND_H
#define PTXSIM_ISA_ISA_BIND_H

#include <stdbool.h>

#include "frontend/ptx_ir.h"
#include "isa/isa_prog.h"

typedef isa_exec_fn (*isa_binder)(isa_insn *in);

/* The binder of an opcode, or NULL when ptxsim does not execute it. */
isa_binder isa_binder_of(ptx_op op);

/* Helpers binders use. */
static inline bool isa_has(const isa_insn *in, ptx_mod m)
{
  return ptx_form_has(in->ir->form, m);
}

/* The PTX rounding modifier of in (ISA_RN when none). */
unsigned isa_rounding(const isa_insn *in);

/* Binders, one per opcode family file. */
#define ISA_BINDERS(X)                                                                 \
  X(mov) X(ld) X(st) X(cvta) X(isspacep) X(prefetch) X(atom) X(red)                    \
  X(bra) X(brx) X(ret) X(exit) X(trap) X(brkpt) X(nanosleep) X(call)                   \
  X(bar) X(bar_red) X(membar) X(bar_warp) X(noop)                                      \
  X(shfl) X(vote) X(match) X(redux) X(activemask) X(elect)                             \
  X(int_bits) X(logic) X(setp) X(set) X(selp) X(slct) X(video)            \
  X(fp) X(cvt) X(cvt_pack) X(testp) X(copysign) X(cp_async) X(mbarrier)   \
  X(wmma) X(tex) X(tld4) X(surf) X(query) X(istypep)

#define X(name) isa_exec_fn isa_bind_##name(isa_insn *in);
ISA_BINDERS(X)
#undef X

#endif /* PTXSIM_ISA_ISA_BIND_H */
