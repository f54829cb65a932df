/* cmd_check.c -- `ptxsim check`: parse and validate PTX files and
 * summarise each kernel: parameters, registers, and the shared, local and
 * constant memory it uses (its own and that of the functions it calls). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "src/cli.h"

/* Sizes saturate at UINT64_MAX instead of wrapping: two variables that
 * together pass 2^64 bytes must not print as a small total. */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t align_up(uint64_t x, uint64_t a)
{
  return a ? add_sat(x, a - 1) / a * a : x;
}

static void print_bytes(FILE *out, uint64_t n)
{
  if (n == UINT64_MAX)
    fputs("more than 2^64 - 2", out);
  else
    fprintf(out, "%" PRIu64, n);
}

static void print_var_type(const ptx_var *v, FILE *out)
{
  if (v->flags & PTX_VARF_PTR) {
    fputs(".ptr", out);
    if (v->ptr_space)
      fprintf(out, ".%s", ptx_space_names[v->ptr_space]);
    fputc(' ', out);
  }
  if (v->vec > 1)
    fprintf(out, ".v%u", v->vec);
  fprintf(out, ".%s", ptx_type_table[v->type].name);
  for (uint8_t i = 0; i < v->n_dims; i++) {
    if (i == 0 && (v->flags & PTX_VARF_UNSIZED))
      fputs("[]", out);
    else
      fprintf(out, "[%" PRIu64 "]", v->dims[i]);
  }
}

static void print_params(const ptx_func *f, FILE *out)
{
  uint64_t offset = 0;
  for (uint32_t i = 0; i < f->n_params; i++) {
    const ptx_var *p = f->params[i];
    offset = align_up(offset, ptx_var_alignment(p));
    offset += ptx_var_size_bytes(p);
  }
  fprintf(out, "  parameters: %u (%" PRIu64 " bytes)\n", f->n_params, offset);
  offset = 0;
  for (uint32_t i = 0; i < f->n_params; i++) {
    const ptx_var *p = f->params[i];
    offset = align_up(offset, ptx_var_alignment(p));
    fprintf(out, "    %-4u %-32s ", i, p->sym.name->str);
    print_var_type(p, out);
    fprintf(out, "  offset %" PRIu64 ", %" PRIu64 " bytes\n", offset, ptx_var_size_bytes(p));
    offset += ptx_var_size_bytes(p);
  }
}

/* Register declarations of one function, by type. */
static void print_registers(const ptx_func *f, FILE *out)
{
  uint64_t count[PTX_TYPE_COUNT] = {0};
  uint64_t slots = 0, preds = 0;
  for (uint32_t i = 0; i < f->n_vars; i++) {
    const ptx_var *v = f->vars[i];
    if (v->space != PTX_SPACE_REG)
      continue;
    uint64_t n = (v->range ? v->range : 1) * (uint64_t)v->vec;
    count[v->type] += n;
    if (v->type == PTX_TYPE_PRED)
      preds += n;
    else
      slots += n * ((ptx_type_bits(v->type) + 31) / 32);
  }
  fputs("  registers:", out);
  bool any = false;
  for (int t = 1; t < PTX_TYPE_COUNT; t++)
    if (count[t]) {
      fprintf(out, "%s %" PRIu64 " .%s", any ? "," : "", count[t], ptx_type_table[t].name);
      any = true;
    }
  if (!any)
    fputs(" none", out);
  fprintf(out, " (%" PRIu64 " 32-bit slots, %" PRIu64 " predicates declared)\n", slots, preds);
}

static int print_kernel(const ptx_module *m, const ptx_func *f, FILE *out)
{
  fprintf(out, "kernel %s\n", f->sym.name->str);
  print_params(f, out);
  print_registers(f, out);
  ptx_usage u;
  if (ptx_func_usage(m, f, &u) != 0) {
    fprintf(stderr, "ptxsim: error: out of memory\n");
    return -1;
  }
  bool dynamic_shared = false;
  uint64_t shared = ptx_usage_space_bytes(&u, PTX_SPACE_SHARED, &dynamic_shared);
  uint64_t cnst = ptx_usage_space_bytes(&u, PTX_SPACE_CONST, NULL);
  uint64_t local_own = ptx_func_space_bytes(f, PTX_SPACE_LOCAL), local_callees = 0;
  for (uint32_t i = 1; i < u.n_funcs; i++)
    local_callees = add_sat(local_callees, ptx_func_space_bytes(u.funcs[i], PTX_SPACE_LOCAL));
  fputs("  shared: ", out);
  print_bytes(out, shared);
  fprintf(out, " bytes static%s\n", dynamic_shared ? ", plus dynamic (extern) shared memory" : "");
  fputs("  local: ", out);
  print_bytes(out, local_own);
  fputs(" bytes", out);
  if (local_callees) {
    fputs(" (+", out);
    print_bytes(out, local_callees);
    fputs(" bytes in called functions)", out);
  }
  fputs("\n  const: ", out);
  print_bytes(out, cnst);
  fputs(" bytes\n", out);
  fprintf(out, "  instructions: %u", f->n_insns);
  if (u.n_funcs > 1) {
    fputs(", calls:", out);
    for (uint32_t i = 1; i < u.n_funcs; i++)
      fprintf(out, " %s", u.funcs[i]->sym.name->str);
  }
  if (u.has_indirect_calls)
    fputs(" (and indirect calls)", out);
  fputc('\n', out);
  ptx_usage_free(&u);
  return 0;
}

static int check_one(const char *path)
{
  ptx_diag d;
  ptx_diag_init(&d, stderr);
  ptx_module *m = NULL;
  int rc = ptx_parse_file(path, &d, &m);
  unsigned warnings = d.n_warnings;
  ptx_diag_free(&d);
  if (rc != 0)
    return CLI_FAIL;
  unsigned n_kernels = 0, n_funcs = 0;
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->has_body) {
      if (m->funcs[i]->is_entry)
        n_kernels++;
      else
        n_funcs++;
    }
  printf("%s: PTX ISA %u.%u", path, m->version_major, m->version_minor);
  if (m->sm)
    printf(", sm_%u%s", m->sm, m->sm_suffix == 'a' ? "a" : m->sm_suffix == 'f' ? "f" : "");
  printf(", %u-bit addresses; %u kernel%s, %u function%s, %u module variable%s%s\n",
         m->address_size ? m->address_size : 32, n_kernels, n_kernels == 1 ? "" : "s", n_funcs,
         n_funcs == 1 ? "" : "s", m->n_vars, m->n_vars == 1 ? "" : "s",
         warnings ? " (with warnings)" : "");
  int status = CLI_OK;
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    const ptx_func *f = m->funcs[i];
    if (f->is_entry && f->has_body && print_kernel(m, f, stdout) != 0)
      status = CLI_FAIL;
  }
  ptx_module_free(m);
  return status;
}

int cmd_check(int argc, char **argv)
{
  int n_files = 0, status = CLI_OK;
  for (int i = 0; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1])
      return cli_usage_error("check", "unknown option '%s'", argv[i]);
    n_files++;
  }
  if (n_files == 0)
    return cli_usage_error("check", "no input file");
  for (int i = 0; i < argc; i++)
    if (check_one(argv[i]) != CLI_OK)
      status = CLI_FAIL;
  if (cli_close_output(stdout, NULL, NULL, 0) != CLI_OK)
    status = CLI_FAIL;
  return status;
}
