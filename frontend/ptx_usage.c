/* ptx_usage.c -- which functions and module variables a function needs,
 * following direct calls, .calltargets lists and function addresses taken
 * (which an indirect call may use). */
#include "config.h"

#include <stdlib.h>

#include "frontend/ptx_ir.h"

typedef struct usage_builder {
  const ptx_module *m;
  uint8_t *func_seen, *var_seen;
  ptx_usage *u;
  bool oom;
} usage_builder;

static void add_func(usage_builder *b, const ptx_func *f)
{
  /* A declaration stands for its definition when the module has one. */
  while (f && !f->has_body && f->definition)
    f = f->definition;
  if (!f || f->is_prototype || f->module_index >= b->m->n_funcs || b->m->funcs[f->module_index] != f)
    return;
  if (b->func_seen[f->module_index])
    return;
  b->func_seen[f->module_index] = 1;
  b->u->funcs[b->u->n_funcs++] = f;
}

static void add_sym(usage_builder *b, const ptx_sym *s)
{
  if (!s)
    return;
  if (s->kind == PTX_SYM_FUNC) {
    add_func(b, (const ptx_func *)s);
  } else if (s->kind == PTX_SYM_VAR && s->scope == 0) {
    const ptx_var *v = (const ptx_var *)s;
    if (v->module_index < b->m->n_vars && b->m->vars[v->module_index] == v &&
        !b->var_seen[v->module_index]) {
      b->var_seen[v->module_index] = 1;
      b->u->vars[b->u->n_vars++] = v;
    }
  } else if (s->kind == PTX_SYM_CALLTARGETS) {
    const ptx_targets *t = (const ptx_targets *)s;
    for (uint32_t i = 0; i < t->n; i++)
      add_sym(b, t->items[i].u.sym.sym);
  }
}

static void scan_operand(usage_builder *b, const ptx_operand *o, int depth)
{
  if (depth > 8)
    return;
  switch (o->kind) {
  case PTX_OPND_SYM:
    add_sym(b, o->u.sym.sym);
    break;
  case PTX_OPND_ADDR:
    if (o->u.addr.base)
      scan_operand(b, o->u.addr.base, depth + 1);
    break;
  case PTX_OPND_VEC:
  case PTX_OPND_LIST:
  case PTX_OPND_TEX:
  case PTX_OPND_PAIR:
  case PTX_OPND_INDEX:
    for (uint32_t i = 0; i < o->n; i++)
      scan_operand(b, &o->u.list[i], depth + 1);
    break;
  default:
    break;
  }
}

static void scan_init(usage_builder *b, const ptx_init *in, int depth)
{
  if (!in || depth > 64)
    return;
  if (in->kind == PTX_INIT_SYM)
    add_sym(b, in->u.sym.sym);
  else if (in->kind == PTX_INIT_MASK)
    scan_init(b, in->u.mask.inner, depth + 1);
  else if (in->kind == PTX_INIT_LIST)
    for (uint32_t i = 0; i < in->n; i++)
      scan_init(b, &in->u.elems[i], depth + 1);
}

int ptx_func_usage(const ptx_module *m, const ptx_func *f, ptx_usage *u)
{
  usage_builder b = {m, NULL, NULL, u, false};
  u->n_funcs = u->n_vars = 0;
  u->has_indirect_calls = false;
  u->funcs = calloc(m->n_funcs + 1, sizeof *u->funcs);
  u->vars = calloc(m->n_vars + 1, sizeof *u->vars);
  b.func_seen = calloc(m->n_funcs + 1, 1);
  b.var_seen = calloc(m->n_vars + 1, 1);
  if (!u->funcs || !u->vars || !b.func_seen || !b.var_seen) {
    free(b.func_seen);
    free(b.var_seen);
    ptx_usage_free(u);
    return PTX_ENOMEM;
  }
  add_func(&b, f);
  /* Breadth-first over the functions found so far; variables reached
   * through initialisers (function-pointer tables) count too. */
  uint32_t vars_done = 0;
  for (uint32_t i = 0; i < u->n_funcs || vars_done < u->n_vars;) {
    if (i < u->n_funcs) {
      const ptx_func *g = u->funcs[i++];
      for (uint32_t k = 0; k < g->n_insns; k++) {
        const ptx_insn *in = &g->insns[k];
        if (in->form->op == PTX_OP_CALL && in->n_opnds) {
          const ptx_operand *t = &in->opnds[in->opnds[0].kind == PTX_OPND_LIST ? 1 : 0];
          if (t->kind == PTX_OPND_REG)
            u->has_indirect_calls = true;
        }
        for (uint32_t j = 0; j < in->n_opnds; j++)
          scan_operand(&b, &in->opnds[j], 0);
      }
    } else {
      scan_init(&b, u->vars[vars_done++]->init, 0);
    }
  }
  free(b.func_seen);
  free(b.var_seen);
  return 0;
}

void ptx_usage_free(ptx_usage *u)
{
  free(u->funcs);
  free(u->vars);
  u->funcs = NULL;
  u->vars = NULL;
  u->n_funcs = u->n_vars = 0;
}

/* Saturating: sizes past 2^64 stay UINT64_MAX rather than wrap. */
static uint64_t place_sat(uint64_t at, const ptx_var *v)
{
  uint64_t a = ptx_var_alignment(v) ? ptx_var_alignment(v) : 1, size = ptx_var_size_bytes(v);
  at = at > UINT64_MAX - (a - 1) ? UINT64_MAX : (at + a - 1) / a * a;
  return size > UINT64_MAX - at ? UINT64_MAX : at + size;
}

/* The variables of space among vars, laid out in order from 0. */
static uint64_t vars_space_bytes(const ptx_var *const *vars, uint32_t n, ptx_space space,
                                 bool *has_dynamic)
{
  uint64_t bytes = 0;
  for (uint32_t i = 0; i < n; i++) {
    const ptx_var *v = vars[i];
    if (v->space != space)
      continue;
    if (v->flags & PTX_VARF_UNSIZED) {
      if (has_dynamic)
        *has_dynamic = true;
      continue;
    }
    bytes = place_sat(bytes, v);
  }
  return bytes;
}

uint64_t ptx_usage_space_bytes(const ptx_usage *u, ptx_space space, bool *has_dynamic)
{
  uint64_t bytes = vars_space_bytes(u->vars, u->n_vars, space, has_dynamic);
  for (uint32_t i = 0; i < u->n_funcs; i++) {
    const ptx_func *f = u->funcs[i];
    uint64_t own = vars_space_bytes((const ptx_var *const *)f->vars, f->n_vars, space, has_dynamic);
    bytes = own > UINT64_MAX - bytes ? UINT64_MAX : bytes + own;
  }
  return bytes;
}

uint64_t ptx_func_space_bytes(const ptx_func *f, ptx_space space)
{
  return vars_space_bytes((const ptx_var *const *)f->vars, f->n_vars, space, NULL);
}
