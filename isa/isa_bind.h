/* isa_bind.h -- binding semantic functions to decoded instructions.
 *
 * The decoder fills an isa_insn's operands (isa_prog.h) and then asks the
 * binder of its opcode for the semantic function of its exact types and
 * modifiers.  A binder returns NULL when the form cannot execute; the
 * decoder then refuses the module, naming the instruction.  Binders live
 * beside their semantic functions in isa/ops_*.c; the binder column of
 * frontend/ptx_ops.def names each opcode's, and isa_bind.c expands it.
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

/* Whether a bound atom/red is an integer add, and, or, xor, min or max
 * of 32 or 64 bits: commutative and associative (ops_atom.c). */
bool isa_atom_is_commutative(const isa_insn *in);

/* The binders, declared from the rows of frontend/ptx_ops.def that name
 * them (a binder several rows share is declared once per row, which C
 * allows).  isa_bind_none, the binder of the rows ptxsim does not execute,
 * binds no form. */
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) \
  isa_exec_fn isa_bind_##binder(isa_insn *in);
#include "frontend/ptx_ops.def"
#undef PTX_OP

#endif /* PTXSIM_ISA_ISA_BIND_H */
