/* ops_fp.h -- what ops_fp.c and ops_fp_half.c share: the decoded
 * floating-point modifier flags and the half-precision binder.
 */
#ifndef PTXSIM_ISA_OPS_FP_H
#define PTXSIM_ISA_OPS_FP_H

#include "isa/isa_prog.h"

/* The ISA_FP_* flag set (fp_arith.h, fp_half.h) of in's modifiers. */
unsigned isa_fp_flags(const isa_insn *in);

/* Binder for .f16, .bf16, .f16x2 and .bf16x2 arithmetic; fl is
 * isa_fp_flags(in), already stored in in->aux. */
isa_exec_fn isa_bind_fp_half(isa_insn *in, unsigned fl);

#endif /* PTXSIM_ISA_OPS_FP_H */
