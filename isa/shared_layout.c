/* shared_layout.c -- per-kernel layout of .shared variables (see
 * shared_layout.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/shared_layout.h"

/* Sizes saturate at UINT64_MAX instead of wrapping, so that variables
 * too large for any device fail the launch's shared-memory check. */
static uint64_t align_up(uint64_t v, uint64_t a)
{
  if (a > 1 && v > UINT64_MAX - (a - 1))
    return UINT64_MAX;
  return a > 1 ? (v + a - 1) / a * a : v;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
  return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

static bool is_dynamic(const ptx_var *v)
{
  return v->linkage == PTX_LINK_EXTERN || (v->flags & PTX_VARF_UNSIZED) ||
         ptx_var_size_bytes(v) == 0;
}

void isa_shared_layout_free(isa_shared_layout *l)
{
  free(l->vars);
  free(l->offset);
  free(l->is_dynamic);
  free(l->kernel_bytes);
  memset(l, 0, sizeof *l);
}

/* Marks in reach[] (one byte per variable) the .shared variables kernel f
 * can name: those of every function it may call and the module-scope ones
 * they reference.  A kernel with indirect calls may reach any function
 * whose address is taken anywhere, so it is charged for every variable. */
static int mark_reach(const ptx_module *m, const ptx_func *f, const uint32_t *module_index,
                      const uint32_t *func_first, uint8_t *reach, uint32_t n_vars)
{
  ptx_usage u;
  if (ptx_func_usage(m, f, &u))
    return PTX_ENOMEM;
  if (u.has_indirect_calls) {
    memset(reach, 1, n_vars);
  } else {
    for (uint32_t i = 0; i < u.n_vars; i++)
      if (u.vars[i]->space == PTX_SPACE_SHARED)
        reach[module_index[u.vars[i]->module_index]] = 1;
    for (uint32_t i = 0; i < u.n_funcs; i++) {
      uint32_t fi = u.funcs[i]->module_index;
      for (uint32_t v = func_first[fi]; v < func_first[fi + 1]; v++)
        reach[v] = 1;
    }
  }
  ptx_usage_free(&u);
  return 0;
}

int isa_shared_layout_build(const ptx_module *m, isa_shared_layout *l)
{
  memset(l, 0, sizeof *l);
  l->dyn_align = 16;
  uint32_t n = 0, n_kernels = 0;
  for (uint32_t i = 0; i < m->n_vars; i++)
    n += m->vars[i]->space == PTX_SPACE_SHARED;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++) {
    for (uint32_t i = 0; i < m->funcs[fi]->n_vars; i++)
      n += m->funcs[fi]->vars[i]->space == PTX_SPACE_SHARED;
    n_kernels += m->funcs[fi]->is_entry && m->funcs[fi]->has_body;
  }
  l->vars = calloc(n + 1, sizeof *l->vars);
  l->offset = calloc(n + 1, sizeof *l->offset);
  l->is_dynamic = calloc(n + 1, sizeof *l->is_dynamic);
  l->kernel_bytes = calloc(m->n_funcs + 1, sizeof *l->kernel_bytes);
  uint32_t *module_index = calloc(m->n_vars + 1, sizeof *module_index);
  uint32_t *func_first = calloc(m->n_funcs + 1, sizeof *func_first);
  uint32_t *kernels = calloc(n_kernels + 1, sizeof *kernels);
  /* reach[k * n + v]: kernel k can name variable v. */
  uint8_t *reach = calloc((size_t)n_kernels * n + 1, 1);
  int rc = 0;
  if (!l->vars || !l->offset || !l->is_dynamic || !l->kernel_bytes || !module_index ||
      !func_first || !kernels || !reach) {
    rc = PTX_ENOMEM;
    goto out;
  }
  for (uint32_t i = 0; i < m->n_vars; i++)
    if (m->vars[i]->space == PTX_SPACE_SHARED) {
      module_index[i] = l->n_vars;
      l->vars[l->n_vars++] = m->vars[i];
    }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++) {
    func_first[fi] = l->n_vars;
    for (uint32_t i = 0; i < m->funcs[fi]->n_vars; i++)
      if (m->funcs[fi]->vars[i]->space == PTX_SPACE_SHARED)
        l->vars[l->n_vars++] = m->funcs[fi]->vars[i];
  }
  func_first[m->n_funcs] = l->n_vars;

  n_kernels = 0;
  for (uint32_t fi = 0; !rc && fi < m->n_funcs; fi++)
    if (m->funcs[fi]->is_entry && m->funcs[fi]->has_body) {
      kernels[n_kernels] = fi;
      rc = mark_reach(m, m->funcs[fi], module_index, func_first, reach + (size_t)n_kernels * n, n);
      n_kernels++;
    }
  if (rc)
    goto out;

  /* First fit per kernel: a variable goes above everything already placed
   * that a kernel reaching it also reaches.  Variables no kernel reaches
   * sit at 0, as nothing can run them. */
  for (uint32_t v = 0; v < n; v++) {
    const ptx_var *var = l->vars[v];
    if (is_dynamic(var)) {
      l->is_dynamic[v] = true;
      if (ptx_var_alignment(var) > l->dyn_align)
        l->dyn_align = ptx_var_alignment(var);
      continue;
    }
    uint64_t off = 0;
    for (uint32_t k = 0; k < n_kernels; k++)
      if (reach[(size_t)k * n + v] && l->kernel_bytes[kernels[k]] > off)
        off = l->kernel_bytes[kernels[k]];
    off = align_up(off, ptx_var_alignment(var));
    l->offset[v] = off;
    for (uint32_t k = 0; k < n_kernels; k++)
      if (reach[(size_t)k * n + v])
        l->kernel_bytes[kernels[k]] = add_sat(off, ptx_var_size_bytes(var));
  }
  for (uint32_t k = 0; k < n_kernels; k++)
    l->kernel_bytes[kernels[k]] = align_up(l->kernel_bytes[kernels[k]], l->dyn_align);
out:
  free(module_index);
  free(func_first);
  free(kernels);
  free(reach);
  if (rc)
    isa_shared_layout_free(l);
  return rc;
}
