/* ptx_build_int.h -- helpers shared by the builder's files (ptx_build.c,
 * ptx_build_decl.c, ptx_build_insn.c, ptx_validate.c). */
#ifndef PTXSIM_FRONTEND_PTX_BUILD_INT_H
#define PTXSIM_FRONTEND_PTX_BUILD_INT_H

#include "frontend/ptx_parse_int.h"

void ptx_note(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...) PTX_PRINTF(3, 4);
/* Copies a vector into the module arena (NULL when empty). */
void *ptx_copy_vec(ptx_parse_ctx *pc, const ptx_vec *v, size_t elem);
void ptx_push_ptr(ptx_parse_ctx *pc, ptx_vec *v, void *p);
void ptx_add_item(ptx_parse_ctx *pc, ptx_item_kind kind, void *p);
/* Reports a module that does not begin with .version and .target. */
bool ptx_require_header(ptx_parse_ctx *pc, ptx_loc loc);
/* Appends a statement to the function body being built. */
ptx_stmt *ptx_add_stmt(ptx_parse_ctx *pc, ptx_stmt_kind kind);

/* Scopes (ptx_build_decl.c).  Module scope is 0, a function's parameters
 * and outermost declarations are in scope 1, each { } block opens one
 * more. */
void ptx_bind(ptx_parse_ctx *pc, ptx_sym *s);
void ptx_scope_open(ptx_parse_ctx *pc);
void ptx_scope_close(ptx_parse_ctx *pc);
/* Resolves an identifier to its innermost visible declaration; for a
 * register of a %r<N> range also gives the index.  NULL when undeclared. */
ptx_sym *ptx_lookup(ptx_parse_ctx *pc, const char *s, size_t len, uint32_t *index);
/* The function a name refers to; reports and returns NULL otherwise. */
ptx_func *ptx_lookup_func(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc);

/* off + v or off - v (op is '+' or '-') for `sym+N` and `sym-N`: wraps
 * modulo 2^64 like the address arithmetic it stands for. */
static inline int64_t ptx_offset_apply(int64_t off, int op, uint64_t v)
{
  uint64_t u = (uint64_t)off;
  return (int64_t)(op == '-' ? u - v : u + v);
}

/* Do two functions take and return parameters of the same sizes? */
bool ptx_same_prototype(const ptx_func *a, const ptx_func *b);

/* Instructions (ptx_build_insn.c, ptx_validate.c). */
const ptx_form *ptx_form_get(ptx_parse_ctx *pc, ptx_tok word, ptx_loc loc);
void ptx_validate_insn(ptx_parse_ctx *pc, const ptx_insn *in);
/* Checks an instruction word's opcode and modifiers against the module's
 * .version and .target (warnings). */
void ptx_check_versions(ptx_parse_ctx *pc, const ptx_form *f, ptx_loc loc);

#endif /* PTXSIM_FRONTEND_PTX_BUILD_INT_H */
