/* isa_bind.c -- which binder handles each opcode (see isa_bind.h).
 *
 * The binder column of frontend/ptx_ops.def, expanded: a row naming a
 * binder that no isa/ops_*.c file defines does not link.  Rows whose
 * binder is none cannot execute; modules using them are refused at load
 * time with the instruction's location.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"

static const isa_binder binders[PTX_OP_COUNT] = {
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) \
  [PTX_OP_##id] = isa_bind_##binder,
#include "frontend/ptx_ops.def"
#undef PTX_OP
};

isa_exec_fn isa_bind_none(isa_insn *in)
{
  (void)in;
  return NULL;
}

isa_binder isa_binder_of(ptx_op op)
{
  return op < PTX_OP_COUNT && binders[op] != isa_bind_none ? binders[op] : NULL;
}
