/* ptx_dump.c -- canonical PTX printer (see ptx_dump.h). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_dump.h"

static void put_string(const char *s, FILE *out)
{
  fputc('"', out);
  for (; *s; s++) {
    switch (*s) {
    case '"': fputs("\\\"", out); break;
    case '\\': fputs("\\\\", out); break;
    case '\n': fputs("\\n", out); break;
    case '\t': fputs("\\t", out); break;
    case '\r': fputs("\\r", out); break;
    default: fputc(*s, out); break;
    }
  }
  fputc('"', out);
}

/* An integer constant that re-parses with the same value and signedness. */
static void put_int(uint64_t bits, bool is_unsigned, FILE *out)
{
  if (is_unsigned)
    fprintf(out, "%" PRIu64 "U", bits);
  else if ((int64_t)bits == INT64_MIN)
    fputs("(-9223372036854775807-1)", out);
  else
    fprintf(out, "%" PRId64, (int64_t)bits);
}

static void put_offset(int64_t off, FILE *out)
{
  if (off > 0)
    fprintf(out, "+%" PRId64, off);
  else if (off < 0)
    fprintf(out, "-%" PRIu64, (uint64_t)0 - (uint64_t)off);
}

static void put_reg(const ptx_operand *o, FILE *out)
{
  const ptx_var *v = o->u.reg.var;
  fputs(v->sym.name->str, out);
  if (v->range)
    fprintf(out, "%u", o->u.reg.index);
}

void ptx_dump_operand(const ptx_operand *o, FILE *out)
{
  if (o->flags & PTX_OPNDF_NEG)
    fputc(o->kind == PTX_OPND_REG && o->u.reg.var->type == PTX_TYPE_PRED ? '!' : '-', out);
  switch (o->kind) {
  case PTX_OPND_REG:
    put_reg(o, out);
    break;
  case PTX_OPND_SREG: {
    const ptx_sreg_info *si = &ptx_sreg_table[o->u.sreg.id];
    fputs(si->name, out);
    if (si->count)
      fprintf(out, "%u", o->u.sreg.index);
    break;
  }
  case PTX_OPND_IMM:
    put_int(o->u.imm, (o->flags & PTX_OPNDF_UNSIGNED) != 0, out);
    break;
  case PTX_OPND_F32:
    fprintf(out, "0f%08" PRIX32, (uint32_t)o->u.imm);
    break;
  case PTX_OPND_F64:
    fprintf(out, "0d%016" PRIX64, o->u.imm);
    break;
  case PTX_OPND_SYM:
    fputs(o->u.sym.sym ? o->u.sym.sym->name->str : "?", out);
    put_offset(o->u.sym.offset, out);
    break;
  case PTX_OPND_LABEL:
    fputs(o->u.label ? o->u.label->name->str : "?", out);
    break;
  case PTX_OPND_ADDR: {
    const ptx_operand *b = o->u.addr.base;
    fputc('[', out);
    if (b) {
      ptx_dump_operand(b, out);
      if (o->u.addr.offset)
        fprintf(out, "+%" PRId64, o->u.addr.offset);
    } else {
      put_int((uint64_t)o->u.addr.offset, false, out);
    }
    fputc(']', out);
    if (o->flags & PTX_OPNDF_UNIFIED)
      fputs(".unified", out);
    break;
  }
  case PTX_OPND_VEC:
  case PTX_OPND_LIST:
  case PTX_OPND_TEX: {
    static const char open[] = {[PTX_OPND_VEC] = '{', [PTX_OPND_LIST] = '(', [PTX_OPND_TEX] = '['};
    static const char close[] = {[PTX_OPND_VEC] = '}', [PTX_OPND_LIST] = ')', [PTX_OPND_TEX] = ']'};
    fputc(open[o->kind], out);
    for (uint32_t i = 0; i < o->n; i++) {
      if (i)
        fputs(", ", out);
      ptx_dump_operand(&o->u.list[i], out);
    }
    fputc(close[o->kind], out);
    break;
  }
  case PTX_OPND_PAIR:
    ptx_dump_operand(&o->u.list[0], out);
    fputc('|', out);
    ptx_dump_operand(&o->u.list[1], out);
    break;
  case PTX_OPND_SINK:
    fputc('_', out);
    break;
  case PTX_OPND_INDEX:
    ptx_dump_operand(&o->u.list[0], out);
    fputc('[', out);
    ptx_dump_operand(&o->u.list[1], out);
    if (o->n == 3)
      put_offset((int64_t)o->u.list[2].u.imm, out);
    fputc(']', out);
    break;
  }
  if (o->comp)
    fprintf(out, ".%s", ptx_mod_name(o->comp));
}

void ptx_dump_insn(const ptx_insn *in, FILE *out)
{
  if (in->guard) {
    fputs(in->guard_neg ? "@!" : "@", out);
    ptx_dump_operand(in->guard, out);
    fputc(' ', out);
  }
  fputs(in->form->word->str, out);
  for (uint32_t i = 0; i < in->n_opnds; i++) {
    fputs(i ? ", " : " ", out);
    ptx_dump_operand(&in->opnds[i], out);
  }
  fputc(';', out);
}

/* ------------------------------------------------------------------ */
/* Declarations.                                                       */

static void put_init(const ptx_init *in, FILE *out)
{
  switch (in->kind) {
  case PTX_INIT_INT:
    put_int(in->u.bits, in->is_unsigned, out);
    break;
  case PTX_INIT_F32:
    fprintf(out, "0f%08" PRIX32, (uint32_t)in->u.bits);
    break;
  case PTX_INIT_F64:
    fprintf(out, "0d%016" PRIX64, in->u.bits);
    break;
  case PTX_INIT_SYM:
    if (in->is_generic)
      fprintf(out, "generic(%s)", in->u.sym.sym->name->str);
    else
      fputs(in->u.sym.sym->name->str, out);
    put_offset(in->u.sym.offset, out);
    break;
  case PTX_INIT_MASK:
    fprintf(out, "0x%" PRIX64 "(", in->u.mask.mask);
    put_init(in->u.mask.inner, out);
    fputc(')', out);
    break;
  case PTX_INIT_FIELD:
    fprintf(out, "%s = ", in->u.field.member->str);
    if (in->u.field.word)
      fputs(in->u.field.word->str, out);
    else
      fprintf(out, "%" PRIu64, in->u.field.value);
    break;
  case PTX_INIT_LIST:
    fputc('{', out);
    for (uint32_t i = 0; i < in->n; i++) {
      if (i)
        fputs(", ", out);
      put_init(&in->u.elems[i], out);
    }
    fputc('}', out);
    break;
  }
}

/* Everything before the name: linkage, space, attributes, type. */
static void put_var_spec(const ptx_var *v, FILE *out)
{
  if (v->linkage)
    fprintf(out, ".%s ", ptx_linkage_names[v->linkage]);
  fprintf(out, ".%s", ptx_space_names[v->space]);
  if (v->flags & PTX_VARF_MANAGED)
    fputs(" .attribute(.managed)", out);
  if (v->flags & PTX_VARF_UNIFIED)
    fprintf(out, " .attribute(.unified(0x%" PRIX64 ", 0x%" PRIX64 "))", v->unified_hi, v->unified_lo);
  if (v->align)
    fprintf(out, " .align %u", v->align);
  if (v->vec > 1)
    fprintf(out, " .v%u", v->vec);
  fprintf(out, " .%s", ptx_type_table[v->type].name);
  if (v->flags & PTX_VARF_PTR) {
    fputs(" .ptr", out);
    if (v->ptr_space)
      fprintf(out, " .%s", ptx_space_names[v->ptr_space]);
    if (v->ptr_align)
      fprintf(out, " .align %u", v->ptr_align);
  }
}

/* The name, range, dimensions and initializer. */
static void put_declarator(const ptx_var *v, FILE *out)
{
  fputs(v->sym.name->str, out);
  if (v->range)
    fprintf(out, "<%u>", v->range);
  for (uint8_t i = 0; i < v->n_dims; i++) {
    if (i == 0 && (v->flags & PTX_VARF_UNSIZED))
      fputs("[]", out);
    else
      fprintf(out, "[%" PRIu64 "]", v->dims[i]);
  }
  if (v->init) {
    fputs(" = ", out);
    put_init(v->init, out);
  }
}

static void put_var(const ptx_var *v, FILE *out)
{
  put_var_spec(v, out);
  fputc(' ', out);
  put_declarator(v, out);
}

static void put_params(ptx_var *const *vars, uint32_t n, bool one_line, FILE *out)
{
  fputc('(', out);
  for (uint32_t i = 0; i < n; i++) {
    fputs(one_line ? (i ? ", " : "") : (i ? ",\n\t" : "\n\t"), out);
    put_var(vars[i], out);
  }
  fputs(n && !one_line ? "\n)" : ")", out);
}

static void put_perf(const ptx_perf *p, FILE *out)
{
  if (p->noreturn)
    fputs(" .noreturn", out);
  if (p->maxntid[0])
    fprintf(out, "\n.maxntid %u, %u, %u", p->maxntid[0], p->maxntid[1], p->maxntid[2]);
  if (p->reqntid[0])
    fprintf(out, "\n.reqntid %u, %u, %u", p->reqntid[0], p->reqntid[1], p->reqntid[2]);
  if (p->reqnctapercluster[0])
    fprintf(out, "\n.reqnctapercluster %u, %u, %u", p->reqnctapercluster[0],
            p->reqnctapercluster[1], p->reqnctapercluster[2]);
  if (p->minnctapersm)
    fprintf(out, "\n.minnctapersm %u", p->minnctapersm);
  if (p->maxnctapersm)
    fprintf(out, "\n.maxnctapersm %u", p->maxnctapersm);
  if (p->maxnreg)
    fprintf(out, "\n.maxnreg %u", p->maxnreg);
  if (p->maxclusterrank)
    fprintf(out, "\n.maxclusterrank %u", p->maxclusterrank);
  if (p->explicitcluster)
    fputs("\n.explicitcluster", out);
  if (p->blocksareclusters)
    fputs("\n.blocksareclusters", out);
  if (p->has_abi_preserve)
    fprintf(out, "\n.abi_preserve %u", p->abi_preserve);
  if (p->has_abi_preserve_control)
    fprintf(out, "\n.abi_preserve_control %u", p->abi_preserve_control);
}

static void put_proto(const ptx_func *f, FILE *out)
{
  fprintf(out, "%s: .callprototype ", f->sym.name->str);
  if (f->n_rets) {
    put_params(f->rets, f->n_rets, true, out);
    fputc(' ', out);
  }
  fputs("_ ", out);
  put_params(f->params, f->n_params, true, out);
  if (f->perf.noreturn)
    fputs(" .noreturn", out);
  if (f->perf.has_abi_preserve)
    fprintf(out, " .abi_preserve %u", f->perf.abi_preserve);
  if (f->perf.has_abi_preserve_control)
    fprintf(out, " .abi_preserve_control %u", f->perf.abi_preserve_control);
  fputc(';', out);
}

/* Tracks the .loc last printed so that it is printed only on changes. */
typedef struct dump_state {
  const ptx_module *m;
  const ptx_dbg_loc *last;
} dump_state;

static bool dbg_same(const ptx_module *m, uint32_t a, uint32_t b);

static void put_one_loc(const ptx_module *m, const ptx_dbg_loc *d, FILE *out)
{
  fprintf(out, "\t.loc %u %u %u", d->file, d->line, d->col);
  if (d->function) {
    fprintf(out, ", function_name %s", d->function->str);
    if (d->function_offset)
      fprintf(out, "+%" PRId64, d->function_offset);
    const ptx_dbg_loc *at = &m->dbg_locs[d->inlined_at];
    fprintf(out, ", inlined_at %u %u %u", at->file, at->line, at->col);
  }
  fputc('\n', out);
}

/* Prints the .loc of an instruction when it differs from the last one.
 * An inlined_at position must appear in an earlier .loc (PTX ISA 11.5.4),
 * so the chain of callers is printed first, outermost first. */
static void put_loc(dump_state *st, uint32_t dbg, FILE *out)
{
  const ptx_module *m = st->m;
  enum { MAX_CHAIN = 1024 };
  uint32_t chain[MAX_CHAIN];
  int n = 0;
  for (uint32_t k = dbg; k && k < m->n_dbg_locs && n < MAX_CHAIN;) {
    if (st->last && dbg_same(m, (uint32_t)(st->last - m->dbg_locs), k))
      break; /* this part of the chain is the current position */
    chain[n++] = k;
    const ptx_dbg_loc *d = &m->dbg_locs[k];
    if (!d->function || d->inlined_at >= k)
      break;
    k = d->inlined_at;
  }
  while (n > 0) {
    const ptx_dbg_loc *d = &m->dbg_locs[chain[--n]];
    put_one_loc(m, d, out);
    st->last = d;
  }
}

static void indent(int depth, FILE *out)
{
  for (int i = 0; i < depth; i++)
    fputc('\t', out);
}

/* Is statement i+1 a variable declared in the same statement as i's? */
static bool next_grouped(const ptx_func *f, uint32_t i)
{
  return i + 1 < f->n_stmts && f->stmts[i + 1].kind == PTX_STMT_DECL &&
         (f->stmts[i + 1].u.var->flags & PTX_VARF_GROUPED);
}

static void put_body(dump_state *st, const ptx_func *f, FILE *out)
{
  fputs("\n{\n", out);
  int depth = 1;
  for (uint32_t i = 0; i < f->n_stmts; i++) {
    const ptx_stmt *s = &f->stmts[i];
    switch (s->kind) {
    case PTX_STMT_INSN: {
      const ptx_insn *in = &f->insns[s->u.insn];
      put_loc(st, in->dbg, out);
      indent(depth, out);
      ptx_dump_insn(in, out);
      fputc('\n', out);
      break;
    }
    case PTX_STMT_LABEL:
      fprintf(out, "%s:\n", s->u.label->name->str);
      break;
    case PTX_STMT_DECL:
      if (s->u.var->flags & PTX_VARF_GROUPED) {
        fputs(", ", out);
        put_declarator(s->u.var, out);
      } else {
        indent(depth, out);
        put_var(s->u.var, out);
      }
      if (!next_grouped(f, i))
        fputs(";\n", out);
      break;
    case PTX_STMT_BLOCK_BEGIN:
      indent(depth, out);
      fputs("{\n", out);
      depth++;
      break;
    case PTX_STMT_BLOCK_END:
      depth--;
      indent(depth, out);
      fputs("}\n", out);
      break;
    case PTX_STMT_PRAGMA:
      indent(depth, out);
      fputs(".pragma ", out);
      put_string(s->u.pragma, out);
      fputs(";\n", out);
      break;
    case PTX_STMT_PROTO:
      indent(depth, out);
      put_proto(s->u.proto, out);
      fputc('\n', out);
      break;
    case PTX_STMT_TARGETS: {
      const ptx_targets *t = s->u.targets;
      indent(depth, out);
      fprintf(out, "%s: .%s ", t->sym.name->str,
              t->sym.kind == PTX_SYM_CALLTARGETS ? "calltargets" : "branchtargets");
      for (uint32_t j = 0; j < t->n; j++) {
        if (j)
          fputs(", ", out);
        ptx_dump_operand(&t->items[j], out);
      }
      fputs(";\n", out);
      break;
    }
    }
  }
  fputs("}\n", out);
}

static void put_func(dump_state *st, const ptx_func *f, FILE *out)
{
  if (f->linkage)
    fprintf(out, ".%s ", ptx_linkage_names[f->linkage]);
  fputs(f->is_entry ? ".entry " : ".func ", out);
  if (f->has_unified)
    fprintf(out, ".attribute(.unified(0x%" PRIX64 ", 0x%" PRIX64 ")) ", f->unified_hi, f->unified_lo);
  if (f->n_rets) {
    put_params(f->rets, f->n_rets, false, out);
    fputc(' ', out);
  }
  fputs(f->sym.name->str, out);
  put_params(f->params, f->n_params, false, out);
  put_perf(&f->perf, out);
  for (uint32_t i = 0; i < f->n_pragmas; i++) {
    fputs("\n.pragma ", out);
    put_string(f->pragmas[i], out);
    fputc(';', out);
  }
  if (f->has_body)
    put_body(st, f, out);
  else
    fputs(";\n", out);
}

static void put_section(const ptx_section *s, FILE *out)
{
  fprintf(out, ".section %s\n{\n", s->name->str);
  for (uint32_t i = 0; i < s->n_items; i++) {
    const ptx_section_item *it = &s->items[i];
    const char *type = ptx_type_table[it->type].name;
    switch (it->kind) {
    case PTX_SEC_LABEL:
      fprintf(out, "%s:\n", it->sym->str);
      break;
    case PTX_SEC_DATA:
      for (uint32_t k = 0; k < it->n; k++) {
        if (k % 16 == 0)
          fprintf(out, "%s\t.%s ", k ? "\n" : "", type);
        else
          fputs(", ", out);
        fprintf(out, "%" PRId64, it->values[k]);
      }
      fputc('\n', out);
      break;
    case PTX_SEC_SYM:
      fprintf(out, "\t.%s %s", type, it->sym->str);
      put_offset(it->value, out);
      fputc('\n', out);
      break;
    case PTX_SEC_DIFF:
      fprintf(out, "\t.%s %s-%s\n", type, it->sym->str, it->sym2->str);
      break;
    }
  }
  fputs("}\n", out);
}

int ptx_dump(const ptx_module *m, FILE *out)
{
  dump_state st = {m, NULL};
  fprintf(out, ".version %u.%u\n", m->version_major, m->version_minor);
  for (uint32_t d = 0, w = 0; d < m->n_target_dirs; d++) {
    fputs(".target ", out);
    for (uint32_t i = 0; i < m->target_dir_words[d] && w < m->n_targets; i++, w++)
      fprintf(out, "%s%s", i ? ", " : "", m->targets[w]);
    fputc('\n', out);
  }
  if (m->address_size)
    fprintf(out, ".address_size %u\n", m->address_size);
  for (uint32_t i = 0; i < m->n_items; i++) {
    const ptx_item *it = &m->items[i];
    fputc('\n', out);
    switch (it->kind) {
    case PTX_ITEM_VAR:
      put_var(it->u.var, out);
      /* Variables declared together stay together. */
      while (i + 1 < m->n_items && m->items[i + 1].kind == PTX_ITEM_VAR &&
             (m->items[i + 1].u.var->flags & PTX_VARF_GROUPED)) {
        fputs(", ", out);
        put_declarator(m->items[++i].u.var, out);
      }
      fputs(";\n", out);
      break;
    case PTX_ITEM_FUNC:
      put_func(&st, it->u.func, out);
      break;
    case PTX_ITEM_FILE: {
      const ptx_file_entry *f = it->u.file;
      fprintf(out, ".file %u ", f->index);
      put_string(f->path, out);
      if (f->has_timestamp)
        fprintf(out, ", %" PRIu64 ", %" PRIu64, f->timestamp, f->size);
      fputc('\n', out);
      break;
    }
    case PTX_ITEM_SECTION:
      put_section(it->u.section, out);
      break;
    case PTX_ITEM_ALIAS:
      fprintf(out, ".alias %s, %s;\n", it->u.alias->alias->sym.name->str,
              it->u.alias->target->sym.name->str);
      break;
    case PTX_ITEM_PRAGMA:
      fputs(".pragma ", out);
      put_string(it->u.text, out);
      fputs(";\n", out);
      break;
    case PTX_ITEM_DWARF:
      fprintf(out, "%s\n", it->u.text);
      break;
    }
  }
  return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Equality.                                                           */

/* Same source position, including the whole chain of inlining callers. */
static bool dbg_eq(const ptx_module *ma, uint32_t a, const ptx_module *mb, uint32_t b)
{
  while (a && b) {
    if (a >= ma->n_dbg_locs || b >= mb->n_dbg_locs)
      return false;
    const ptx_dbg_loc *x = &ma->dbg_locs[a], *y = &mb->dbg_locs[b];
    if (x->file != y->file || x->line != y->line || x->col != y->col ||
        x->function_offset != y->function_offset || (x->function == NULL) != (y->function == NULL))
      return false;
    if (x->function && strcmp(x->function->str, y->function->str) != 0)
      return false;
    if (!x->function)
      return true;
    if (x->inlined_at >= a || y->inlined_at >= b)
      return false; /* callers come first; anything else is corrupt */
    a = x->inlined_at;
    b = y->inlined_at;
  }
  return a == b;
}

static bool dbg_same(const ptx_module *m, uint32_t a, uint32_t b)
{
  return dbg_eq(m, a, m, b);
}

typedef struct eq_ctx {
  char *why;
  size_t size;
  const ptx_module *ma, *mb;
} eq_ctx;

static bool differ(eq_ctx *c, const char *what, const char *where)
{
  if (c->why && c->size)
    snprintf(c->why, c->size, "%s differs%s%s", what, where ? " in " : "", where ? where : "");
  return false;
}

static bool name_eq(const ptx_name *a, const ptx_name *b)
{
  if (!a || !b)
    return a == b;
  return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
}

static bool sym_eq(const ptx_sym *a, const ptx_sym *b)
{
  if (!a || !b)
    return a == b;
  return a->kind == b->kind && name_eq(a->name, b->name);
}

static bool init_eq(const ptx_init *a, const ptx_init *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind || a->is_generic != b->is_generic || a->is_unsigned != b->is_unsigned ||
      a->n != b->n)
    return false;
  switch (a->kind) {
  case PTX_INIT_SYM:
    return sym_eq(a->u.sym.sym, b->u.sym.sym) && a->u.sym.offset == b->u.sym.offset;
  case PTX_INIT_MASK:
    return a->u.mask.mask == b->u.mask.mask && init_eq(a->u.mask.inner, b->u.mask.inner);
  case PTX_INIT_LIST:
    for (uint32_t i = 0; i < a->n; i++)
      if (!init_eq(&a->u.elems[i], &b->u.elems[i]))
        return false;
    return true;
  case PTX_INIT_FIELD:
    return name_eq(a->u.field.member, b->u.field.member) && name_eq(a->u.field.word, b->u.field.word) &&
           a->u.field.value == b->u.field.value;
  default:
    return a->u.bits == b->u.bits;
  }
}

static bool var_eq(const ptx_var *a, const ptx_var *b)
{
  if (!name_eq(a->sym.name, b->sym.name) || a->space != b->space || a->type != b->type ||
      a->vec != b->vec || a->linkage != b->linkage || a->ptr_space != b->ptr_space ||
      a->n_dims != b->n_dims || a->flags != b->flags || a->align != b->align ||
      a->ptr_align != b->ptr_align || a->range != b->range || a->unified_lo != b->unified_lo ||
      a->unified_hi != b->unified_hi)
    return false;
  for (uint8_t i = 0; i < a->n_dims; i++)
    if (a->dims[i] != b->dims[i])
      return false;
  return init_eq(a->init, b->init);
}

static bool opnd_eq(const ptx_operand *a, const ptx_operand *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind || a->flags != b->flags || a->comp != b->comp || a->n != b->n)
    return false;
  switch (a->kind) {
  case PTX_OPND_REG:
    return name_eq(a->u.reg.var->sym.name, b->u.reg.var->sym.name) &&
           a->u.reg.index == b->u.reg.index;
  case PTX_OPND_SREG:
    return a->u.sreg.id == b->u.sreg.id && a->u.sreg.index == b->u.sreg.index;
  case PTX_OPND_IMM:
  case PTX_OPND_F32:
  case PTX_OPND_F64:
    return a->u.imm == b->u.imm;
  case PTX_OPND_SYM:
    return sym_eq(a->u.sym.sym, b->u.sym.sym) && a->u.sym.offset == b->u.sym.offset;
  case PTX_OPND_LABEL:
    return a->u.label && b->u.label && name_eq(a->u.label->name, b->u.label->name);
  case PTX_OPND_ADDR:
    return a->u.addr.offset == b->u.addr.offset && opnd_eq(a->u.addr.base, b->u.addr.base);
  case PTX_OPND_VEC:
  case PTX_OPND_LIST:
  case PTX_OPND_TEX:
  case PTX_OPND_PAIR:
  case PTX_OPND_INDEX:
    for (uint32_t i = 0; i < a->n; i++)
      if (!opnd_eq(&a->u.list[i], &b->u.list[i]))
        return false;
    return true;
  default:
    return true;
  }
}

static bool insn_eq(eq_ctx *c, const ptx_insn *a, const ptx_insn *b)
{
  if (!name_eq(a->form->word, b->form->word) || a->n_opnds != b->n_opnds ||
      a->guard_neg != b->guard_neg || !opnd_eq(a->guard, b->guard))
    return false;
  for (uint32_t i = 0; i < a->n_opnds; i++)
    if (!opnd_eq(&a->opnds[i], &b->opnds[i]))
      return false;
  return dbg_eq(c->ma, a->dbg, c->mb, b->dbg);
}

static bool params_eq(ptx_var *const *a, uint32_t na, ptx_var *const *b, uint32_t nb)
{
  if (na != nb)
    return false;
  for (uint32_t i = 0; i < na; i++)
    if (!var_eq(a[i], b[i]))
      return false;
  return true;
}

static bool perf_eq(const ptx_perf *a, const ptx_perf *b)
{
  return memcmp(a->maxntid, b->maxntid, sizeof a->maxntid) == 0 &&
         memcmp(a->reqntid, b->reqntid, sizeof a->reqntid) == 0 &&
         memcmp(a->reqnctapercluster, b->reqnctapercluster, sizeof a->reqnctapercluster) == 0 &&
         a->minnctapersm == b->minnctapersm && a->maxnctapersm == b->maxnctapersm &&
         a->maxnreg == b->maxnreg && a->maxclusterrank == b->maxclusterrank &&
         a->abi_preserve == b->abi_preserve && a->abi_preserve_control == b->abi_preserve_control &&
         a->has_abi_preserve == b->has_abi_preserve &&
         a->has_abi_preserve_control == b->has_abi_preserve_control &&
         a->explicitcluster == b->explicitcluster && a->blocksareclusters == b->blocksareclusters &&
         a->noreturn == b->noreturn;
}

static bool proto_eq(const ptx_func *a, const ptx_func *b)
{
  return name_eq(a->sym.name, b->sym.name) && params_eq(a->rets, a->n_rets, b->rets, b->n_rets) &&
         params_eq(a->params, a->n_params, b->params, b->n_params) && a->perf.noreturn == b->perf.noreturn;
}

static bool stmt_eq(eq_ctx *c, const ptx_func *fa, const ptx_stmt *a, const ptx_func *fb,
                    const ptx_stmt *b)
{
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case PTX_STMT_INSN:
    return insn_eq(c, &fa->insns[a->u.insn], &fb->insns[b->u.insn]);
  case PTX_STMT_LABEL:
    return name_eq(a->u.label->name, b->u.label->name) && a->u.label->insn == b->u.label->insn;
  case PTX_STMT_DECL:
    return var_eq(a->u.var, b->u.var);
  case PTX_STMT_PRAGMA:
    return strcmp(a->u.pragma, b->u.pragma) == 0;
  case PTX_STMT_PROTO:
    return proto_eq(a->u.proto, b->u.proto);
  case PTX_STMT_TARGETS: {
    const ptx_targets *x = a->u.targets, *y = b->u.targets;
    if (!sym_eq(&x->sym, &y->sym) || x->n != y->n)
      return false;
    for (uint32_t i = 0; i < x->n; i++)
      if (!opnd_eq(&x->items[i], &y->items[i]))
        return false;
    return true;
  }
  default:
    return true;
  }
}

static bool func_eq(eq_ctx *c, const ptx_func *a, const ptx_func *b)
{
  const char *n = a->sym.name->str;
  if (!name_eq(a->sym.name, b->sym.name) || a->linkage != b->linkage || a->is_entry != b->is_entry ||
      a->has_body != b->has_body || a->has_unified != b->has_unified ||
      a->unified_lo != b->unified_lo || a->unified_hi != b->unified_hi)
    return differ(c, "function header", n);
  if (!params_eq(a->rets, a->n_rets, b->rets, b->n_rets) ||
      !params_eq(a->params, a->n_params, b->params, b->n_params))
    return differ(c, "parameter list", n);
  if (!perf_eq(&a->perf, &b->perf))
    return differ(c, "performance directives", n);
  if (a->n_pragmas != b->n_pragmas)
    return differ(c, "pragmas", n);
  for (uint32_t i = 0; i < a->n_pragmas; i++)
    if (strcmp(a->pragmas[i], b->pragmas[i]) != 0)
      return differ(c, "pragmas", n);
  if (a->n_stmts != b->n_stmts || a->n_insns != b->n_insns || a->n_labels != b->n_labels ||
      a->n_vars != b->n_vars)
    return differ(c, "number of statements", n);
  for (uint32_t i = 0; i < a->n_stmts; i++)
    if (!stmt_eq(c, a, &a->stmts[i], b, &b->stmts[i])) {
      char where[256];
      const ptx_stmt *s = &a->stmts[i];
      if (s->kind == PTX_STMT_INSN)
        snprintf(where, sizeof where, "%s, instruction at line %u", n, a->insns[s->u.insn].loc.line);
      else
        snprintf(where, sizeof where, "%s, statement %u", n, i);
      return differ(c, "statement", where);
    }
  return true;
}

static bool section_eq(const ptx_section *a, const ptx_section *b)
{
  if (!name_eq(a->name, b->name) || a->n_items != b->n_items)
    return false;
  for (uint32_t i = 0; i < a->n_items; i++) {
    const ptx_section_item *x = &a->items[i], *y = &b->items[i];
    if (x->kind != y->kind || x->type != y->type || x->n != y->n || x->value != y->value ||
        !name_eq(x->sym, y->sym) || !name_eq(x->sym2, y->sym2))
      return false;
    for (uint32_t k = 0; k < x->n; k++)
      if (x->values[k] != y->values[k])
        return false;
  }
  return true;
}

bool ptx_module_equal(const ptx_module *a, const ptx_module *b, char *why, size_t why_size)
{
  eq_ctx c = {why, why_size, a, b};
  if (why && why_size)
    why[0] = '\0';
  if (a->version_major != b->version_major || a->version_minor != b->version_minor)
    return differ(&c, ".version", NULL);
  if (a->address_size != b->address_size)
    return differ(&c, ".address_size", NULL);
  if (a->n_targets != b->n_targets || a->n_target_dirs != b->n_target_dirs)
    return differ(&c, ".target", NULL);
  for (uint32_t i = 0; i < a->n_target_dirs; i++)
    if (a->target_dir_words[i] != b->target_dir_words[i])
      return differ(&c, ".target", NULL);
  for (uint32_t i = 0; i < a->n_targets; i++)
    if (strcmp(a->targets[i], b->targets[i]) != 0)
      return differ(&c, ".target", NULL);
  if (a->n_items != b->n_items)
    return differ(&c, "number of top-level statements", NULL);
  for (uint32_t i = 0; i < a->n_items; i++) {
    const ptx_item *x = &a->items[i], *y = &b->items[i];
    if (x->kind != y->kind)
      return differ(&c, "kind of a top-level statement", NULL);
    switch (x->kind) {
    case PTX_ITEM_VAR:
      if (!var_eq(x->u.var, y->u.var))
        return differ(&c, "variable", x->u.var->sym.name->str);
      break;
    case PTX_ITEM_FUNC:
      if (!func_eq(&c, x->u.func, y->u.func))
        return false;
      break;
    case PTX_ITEM_FILE:
      if (x->u.file->index != y->u.file->index || strcmp(x->u.file->path, y->u.file->path) != 0 ||
          x->u.file->has_timestamp != y->u.file->has_timestamp ||
          x->u.file->timestamp != y->u.file->timestamp || x->u.file->size != y->u.file->size)
        return differ(&c, ".file", NULL);
      break;
    case PTX_ITEM_SECTION:
      if (!section_eq(x->u.section, y->u.section))
        return differ(&c, ".section", x->u.section->name->str);
      break;
    case PTX_ITEM_ALIAS:
      if (!name_eq(x->u.alias->alias->sym.name, y->u.alias->alias->sym.name) ||
          !name_eq(x->u.alias->target->sym.name, y->u.alias->target->sym.name))
        return differ(&c, ".alias", NULL);
      break;
    case PTX_ITEM_PRAGMA:
    case PTX_ITEM_DWARF:
      if (strcmp(x->u.text, y->u.text) != 0)
        return differ(&c, x->kind == PTX_ITEM_PRAGMA ? ".pragma" : "@@DWARF", NULL);
      break;
    }
  }
  return true;
}
