/* ptx_module.c -- parse entry points and module queries. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "frontend/ptx_parse_int.h"
#include "frontend/ptx_parser.h"

const char *const ptx_linkage_names[] = {"", "visible", "extern", "weak", "common"};

static void ctx_free(ptx_parse_ctx *pc)
{
  ptx_vec *vecs[] = {&pc->items, &pc->vars, &pc->funcs, &pc->files, &pc->sections, &pc->dbg_locs,
                     &pc->targets, &pc->target_dirs, &pc->dbg_refs, &pc->scope_syms, &pc->scope_marks, &pc->insns,
                     &pc->stmts, &pc->labels, &pc->fvars, &pc->label_refs, &pc->func_pragmas,
                     &pc->sec_items, &pc->sec_values};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(vecs); i++)
    ptx_vec_free(vecs[i]);
  ptx_arena_free(&pc->scratch);
}

void ptx_module_free(ptx_module *m)
{
  if (!m)
    return;
  ptx_names_free(&m->names);
  ptx_arena_free(&m->arena);
  free(m);
}

int ptx_parse_string(const char *text, size_t len, const char *path, ptx_diag *d, ptx_module **out)
{
  *out = NULL;
  ptx_loc none = {0, 0};
  ptx_module *m = calloc(1, sizeof *m);
  /* flex scans in place and needs two trailing NULs. */
  char *buf = len <= SIZE_MAX - 2 ? malloc(len + 2) : NULL;
  if (m)
    ptx_arena_init(&m->arena);
  if (!m || !buf || ptx_names_init(&m->names, &m->arena) != 0) {
    ptx_diag_report(d, PTX_SEV_ERROR, path, none, "out of memory");
    free(buf);
    ptx_module_free(m);
    return PTX_ENOMEM;
  }
  memcpy(buf, text, len);
  buf[len] = buf[len + 1] = '\0';

  ptx_parse_ctx pc;
  memset(&pc, 0, sizeof pc);
  pc.m = m;
  pc.diag = d;
  pc.line = 1;
  pc.col = 1;
  ptx_arena_init(&pc.scratch);
  m->path = path ? ptx_arena_strndup(&m->arena, path, strlen(path)) : NULL;
  pc.path = m->path;
  unsigned errors_before = d->n_errors;
  int rc = PTX_EPARSE;
  if (ptx_lex_yylex_init_extra(&pc, &pc.scanner) != 0) {
    pc.out_of_memory = true;
    ptx_diag_report(d, PTX_SEV_ERROR, path, none, "out of memory");
  } else {
    if (!ptx_lex_yy_scan_buffer(buf, len + 2, pc.scanner)) {
      pc.out_of_memory = true;
      ptx_diag_report(d, PTX_SEV_ERROR, path, none, "out of memory");
    } else {
      int yrc = ptx_yyparse(&pc);
      if (yrc == 2)
        ptx_oom(&pc);
      ptx_b_module_end(&pc);
    }
    ptx_lex_yylex_destroy(pc.scanner);
  }
  if (pc.out_of_memory)
    rc = PTX_ENOMEM;
  else if (d->n_errors == errors_before)
    rc = 0;
  else
    rc = PTX_EPARSE;
  ctx_free(&pc);
  free(buf);
  if (rc != 0) {
    ptx_module_free(m);
    return rc;
  }
  *out = m;
  return 0;
}

int ptx_parse_file(const char *path, ptx_diag *d, ptx_module **out)
{
  *out = NULL;
  ptx_loc none = {0, 0};
  FILE *f = fopen(path, "rb");
  if (!f) {
    ptx_diag_report(d, PTX_SEV_ERROR, path, none, "cannot open: %s", strerror(errno));
    return PTX_EIO;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (len < cap) {
      if (ferror(f)) {
        ptx_diag_report(d, PTX_SEV_ERROR, path, none, "read error: %s", strerror(errno));
        free(buf);
        fclose(f);
        return PTX_EIO;
      }
      break;
    }
    char *nb = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
    if (!nb) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = nb;
    cap *= 2;
  }
  fclose(f);
  if (!buf) {
    ptx_diag_report(d, PTX_SEV_ERROR, path, none, "out of memory reading the file");
    return PTX_ENOMEM;
  }
  int rc = ptx_parse_string(buf, len, path, d, out);
  free(buf);
  return rc;
}

ptx_func *ptx_module_find_func(const ptx_module *m, const char *name)
{
  ptx_func *decl = NULL;
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    ptx_func *f = m->funcs[i];
    if (strcmp(f->sym.name->str, name) == 0) {
      if (f->has_body)
        return f;
      decl = f;
    }
  }
  return decl;
}

ptx_var *ptx_module_find_var(const ptx_module *m, const char *name)
{
  for (uint32_t i = 0; i < m->n_vars; i++)
    if (strcmp(m->vars[i]->sym.name->str, name) == 0)
      return m->vars[i];
  return NULL;
}

const ptx_file_entry *ptx_module_file(const ptx_module *m, uint32_t index)
{
  for (uint32_t i = 0; i < m->n_files; i++)
    if (m->files[i]->index == index)
      return m->files[i];
  return NULL;
}
