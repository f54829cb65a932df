/* ops_stubs.c -- binders of families not wired yet (temporary). */
#include "config.h"

#include "isa/isa_bind.h"


isa_exec_fn isa_bind_cvt(isa_insn *in) { (void)in; return NULL; }
isa_exec_fn isa_bind_cvt_pack(isa_insn *in) { (void)in; return NULL; }
isa_exec_fn isa_bind_alloca(isa_insn *in) { (void)in; return NULL; }
isa_exec_fn isa_bind_stack(isa_insn *in) { (void)in; return NULL; }
