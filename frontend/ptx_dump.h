/* ptx_dump.h -- printing a module as canonical PTX, and comparing two
 * modules.
 *
 * ptx_dump() writes the module in one fixed layout: one statement per
 * line, literals in exact hexadecimal form, .loc only where the source
 * position changes.  Parsing that text gives back a module that
 * ptx_module_equal() finds identical to the original (locations aside),
 * which `ptxsim dump` and the round-trip tests rely on.
 */
#ifndef PTXSIM_FRONTEND_PTX_DUMP_H
#define PTXSIM_FRONTEND_PTX_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "frontend/ptx_ir.h"

/* Returns 0, or -1 on a write error. */
int ptx_dump(const ptx_module *m, FILE *out);
/* Prints one operand / one instruction (no newline). */
void ptx_dump_operand(const ptx_operand *o, FILE *out);
void ptx_dump_insn(const ptx_insn *in, FILE *out);

/* Are a and b the same program?  Source locations do not count.  On a
 * difference, describes the first one found in why (may be NULL). */
bool ptx_module_equal(const ptx_module *a, const ptx_module *b, char *why, size_t why_size);

#endif /* PTXSIM_FRONTEND_PTX_DUMP_H */
