/* ptx_build.c -- IR builder: the parse context's services and the
 * module-level directives (.version, .target, .address_size, .file, .loc,
 * .pragma, @@DWARF, .alias, .section) and the end of the module.
 *
 * Declarations and functions are in ptx_build_decl.c, instructions and
 * operands in ptx_build_insn.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_build_int.h"

/* ------------------------------------------------------------------ */
/* Services.                                                           */

void ptx_error(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(pc->diag, PTX_SEV_ERROR, pc->path, loc, fmt, ap);
  va_end(ap);
}

void ptx_warning(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(pc->diag, PTX_SEV_WARNING, pc->path, loc, fmt, ap);
  va_end(ap);
}

void ptx_note(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(pc->diag, PTX_SEV_NOTE, pc->path, loc, fmt, ap);
  va_end(ap);
}

void ptx_oom(ptx_parse_ctx *pc)
{
  if (!pc->out_of_memory) {
    ptx_loc none = {0, 0};
    ptx_error(pc, none, "out of memory");
  }
  pc->out_of_memory = true;
}

void *ptx_alloc(ptx_parse_ctx *pc, size_t size)
{
  void *p = ptx_arena_zalloc(&pc->m->arena, size);
  if (!p)
    ptx_oom(pc);
  return p;
}

void *ptx_scratch(ptx_parse_ctx *pc, size_t size)
{
  void *p = ptx_arena_zalloc(&pc->scratch, size);
  if (!p)
    ptx_oom(pc);
  return p;
}

void ptx_statement_done(ptx_parse_ctx *pc)
{
  /* Keep one chunk: statements are small, and this runs per statement. */
  if (pc->scratch.head && pc->scratch.total_bytes > 1024 * 1024)
    ptx_arena_free(&pc->scratch);
  else
    pc->scratch.used = 0;
}

ptx_name *ptx_intern(ptx_parse_ctx *pc, const char *s, size_t len)
{
  ptx_name *n = ptx_names_intern(&pc->m->names, s, len);
  if (!n)
    ptx_oom(pc);
  return n;
}

void *ptx_copy_vec(ptx_parse_ctx *pc, const ptx_vec *v, size_t elem)
{
  if (v->n == 0)
    return NULL;
  void *p = ptx_arena_memdup(&pc->m->arena, v->data, v->n, elem);
  if (!p)
    ptx_oom(pc);
  return p;
}

void ptx_push_ptr(ptx_parse_ctx *pc, ptx_vec *v, void *p)
{
  if (ptx_vec_push_ptr(v, p) != 0)
    ptx_oom(pc);
}

/* Unquotes a string token, processing C escapes. */
const char *ptx_string_value(ptx_parse_ctx *pc, ptx_tok t)
{
  const char *s = t.s;
  size_t len = t.len;
  if (len >= 1 && s[0] == '"') {
    s++;
    len--;
  }
  if (len >= 1 && s[len - 1] == '"')
    len--;
  char *out = ptx_alloc(pc, len + 1);
  if (!out)
    return "";
  size_t j = 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == '\\' && i + 1 < len) {
      c = s[++i];
      switch (c) {
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case 'r': c = '\r'; break;
      case '0': c = '\0'; break;
      default: break; /* \" \\ and others stand for themselves */
      }
    }
    out[j++] = c;
  }
  out[j] = '\0';
  return out;
}

void ptx_add_item(ptx_parse_ctx *pc, ptx_item_kind kind, void *p)
{
  ptx_item *it = ptx_vec_push(&pc->items, sizeof *it);
  if (!it) {
    ptx_oom(pc);
    return;
  }
  it->kind = (uint8_t)kind;
  it->u.var = p; /* every member is a pointer */
}

/* Module items other than .version must come after .version/.target. */
bool ptx_require_header(ptx_parse_ctx *pc, ptx_loc loc)
{
  if (!pc->seen_version) {
    ptx_error(pc, loc, "a PTX module must begin with a .version directive");
    pc->seen_version = true; /* report once */
    return false;
  }
  if (!pc->seen_target) {
    ptx_error(pc, loc, "the .version directive must be followed by a .target directive");
    pc->seen_target = true;
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* Module directives.                                                  */

void ptx_b_version(ptx_parse_ctx *pc, ptx_tok t, ptx_loc loc)
{
  if (pc->seen_version) {
    ptx_error(pc, loc, "duplicate .version directive (only one, at the start of the module, is allowed)");
    return;
  }
  pc->seen_version = true;
  unsigned major = 0, minor = 0;
  size_t i = 0;
  while (i < t.len && t.s[i] >= '0' && t.s[i] <= '9' && major < 1000)
    major = major * 10 + (unsigned)(t.s[i++] - '0');
  bool ok = i > 0 && i < t.len && t.s[i] == '.';
  size_t j = ++i;
  while (i < t.len && t.s[i] >= '0' && t.s[i] <= '9' && minor < 1000)
    minor = minor * 10 + (unsigned)(t.s[i++] - '0');
  ok = ok && i == t.len && i > j;
  if (!ok) {
    ptx_error(pc, loc, "malformed PTX ISA version '%.*s', expected MAJOR.MINOR such as 9.0",
              (int)t.len, t.s);
    return;
  }
  if (major < 1 || major > 9 || minor > 9) {
    ptx_error(pc, loc, "unsupported PTX ISA version %u.%u (ptxsim reads 1.0 to 9.x)", major, minor);
    return;
  }
  pc->m->version_major = (uint8_t)major;
  pc->m->version_minor = (uint8_t)minor;
}

/* Known sm_NN architectures (PTX ISA 9.0, .target). */
static bool known_sm(unsigned sm)
{
  static const uint16_t known[] = {10, 11, 12, 13, 20, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70,
                                   72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(known); i++)
    if (known[i] == sm)
      return true;
  return false;
}

void ptx_b_target(ptx_parse_ctx *pc, ptx_elist words, ptx_loc loc)
{
  if (!pc->seen_version)
    ptx_require_header(pc, loc);
  pc->seen_target = true;
  ptx_module *m = pc->m;
  for (ptx_expr *w = words.head; w; w = w->next) {
    const char *s = w->tok.s;
    size_t len = w->tok.len;
    const char *text = ptx_arena_strndup(&m->arena, s, len);
    if (!text) {
      ptx_oom(pc);
      break;
    }
    ptx_push_ptr(pc, &pc->targets, (void *)text);
    if (strcmp(text, "texmode_unified") == 0) {
      m->target_flags |= PTX_TARGETF_TEXMODE_UNIFIED;
    } else if (strcmp(text, "texmode_independent") == 0) {
      m->target_flags |= PTX_TARGETF_TEXMODE_INDEPENDENT;
    } else if (strcmp(text, "debug") == 0) {
      m->target_flags |= PTX_TARGETF_DEBUG;
    } else if (strcmp(text, "map_f64_to_f32") == 0) {
      m->target_flags |= PTX_TARGETF_MAP_F64_TO_F32;
    } else if ((len > 3 && memcmp(s, "sm_", 3) == 0) || (len > 8 && memcmp(s, "compute_", 8) == 0)) {
      /* compute_NN is a synonym of sm_NN (PTX ISA 11.1.2) */
      unsigned sm = 0;
      size_t i = s[0] == 's' ? 3 : 8;
      while (i < len && s[i] >= '0' && s[i] <= '9' && sm < 10000)
        sm = sm * 10 + (unsigned)(s[i++] - '0');
      char suffix = 0;
      if (i + 1 == len && (s[i] == 'a' || s[i] == 'f'))
        suffix = s[i++];
      if (i != len || s[i - 1] == '_' || !known_sm(sm)) {
        ptx_error(pc, w->loc, "unknown target architecture '%s'", text);
        continue;
      }
      if (sm >= m->sm) {
        if (sm > m->sm || suffix)
          m->sm_suffix = suffix;
        m->sm = (uint16_t)sm;
      }
    } else {
      ptx_error(pc, w->loc,
                "unknown target '%s' (expected sm_NN, texmode_unified, texmode_independent, "
                "debug or map_f64_to_f32)",
                text);
    }
  }
  uint32_t *n = ptx_vec_push(&pc->target_dirs, sizeof *n);
  if (!n)
    ptx_oom(pc);
  else
    *n = words.n;
  if ((m->target_flags & PTX_TARGETF_TEXMODE_UNIFIED) &&
      (m->target_flags & PTX_TARGETF_TEXMODE_INDEPENDENT))
    ptx_error(pc, loc, "texmode_unified and texmode_independent exclude each other");
  ptx_statement_done(pc);
}

void ptx_b_address_size(ptx_parse_ctx *pc, ptx_tok t, ptx_loc dir_loc, ptx_loc loc)
{
  ptx_require_header(pc, dir_loc);
  if (pc->seen_address_size)
    ptx_error(pc, dir_loc, "duplicate .address_size directive");
  pc->seen_address_size = true;
  if (t.val != 32 && t.val != 64) {
    ptx_error(pc, loc, "address size must be 32 or 64, not %llu", (unsigned long long)t.val);
    return;
  }
  pc->m->address_size = (uint8_t)t.val;
}

void ptx_b_file(ptx_parse_ctx *pc, ptx_tok index, ptx_tok path, ptx_elist extra, ptx_loc loc)
{
  if (pc->func && pc->scope > 0)
    ptx_error(pc, loc, ".file is only allowed at module scope");
  if (index.val > UINT32_MAX) {
    ptx_error(pc, loc, ".file index %llu is too large", (unsigned long long)index.val);
    goto done;
  }
  for (uint32_t i = 0; i < pc->files.n; i++) {
    ptx_file_entry *f = PTX_VEC_AT(&pc->files, ptx_file_entry *, i);
    if (f->index == index.val) {
      ptx_error(pc, loc, "duplicate .file index %u", f->index);
      ptx_note(pc, f->loc, "index %u was defined here", f->index);
      goto done;
    }
  }
  if (extra.n != 0 && extra.n != 2) {
    ptx_error(pc, loc, ".file takes an index, a file name, and optionally a timestamp and a size");
    goto done;
  }
  ptx_file_entry *f = ptx_alloc(pc, sizeof *f);
  if (!f)
    goto done;
  f->index = (uint32_t)index.val;
  f->path = ptx_string_value(pc, path);
  f->loc = loc;
  if (extra.n == 2) {
    f->has_timestamp = true;
    f->timestamp = extra.head->tok.val;
    f->size = extra.head->next->tok.val;
  }
  ptx_push_ptr(pc, &pc->files, f);
  ptx_add_item(pc, PTX_ITEM_FILE, f);
done:
  ptx_statement_done(pc);
}

static bool name_is(const ptx_expr *e, const char *s)
{
  size_t n = strlen(s);
  return e && e->kind == PTX_EX_NAME && e->tok.len == n && memcmp(e->tok.s, s, n) == 0;
}

static uint32_t add_dbg_loc(ptx_parse_ctx *pc, const ptx_dbg_loc *d)
{
  if (pc->dbg_locs.n == 0 && !ptx_vec_push(&pc->dbg_locs, sizeof(ptx_dbg_loc))) {
    ptx_oom(pc); /* entry 0 stands for "no location" */
    return 0;
  }
  ptx_dbg_loc *slot = ptx_vec_push(&pc->dbg_locs, sizeof *slot);
  if (!slot) {
    ptx_oom(pc);
    return 0;
  }
  *slot = *d;
  return pc->dbg_locs.n - 1;
}

void ptx_b_loc(ptx_parse_ctx *pc, ptx_elist nums, ptx_elist tail, ptx_loc loc)
{
  if (nums.n != 3) {
    ptx_error(pc, loc, ".loc takes a file index, a line and a column");
    goto done;
  }
  ptx_dbg_loc d = {0};
  const ptx_expr *e = nums.head;
  if (e->tok.val > UINT32_MAX || e->next->tok.val > UINT32_MAX ||
      e->next->next->tok.val > UINT32_MAX) {
    ptx_error(pc, loc, ".loc numbers must fit in 32 bits");
    goto done;
  }
  d.file = (uint32_t)e->tok.val;
  d.line = (uint32_t)e->next->tok.val;
  d.col = (uint32_t)e->next->next->tok.val;
  if (tail.n) {
    /* function_name LABEL{+off}, inlined_at F L C */
    const ptx_expr *fn = tail.head, *label = fn->next, *at = label->next;
    const ptx_expr *f2 = at->next, *l2 = f2->next, *c2 = l2->next;
    if (!name_is(fn, "function_name") || !name_is(at, "inlined_at")) {
      ptx_error(pc, fn->loc, "expected 'function_name LABEL, inlined_at FILE LINE COLUMN' after .loc");
      goto done;
    }
    /* LABEL+N+M... (the grammar allows a chain): the offsets add up,
     * modulo 2^64 like other label offsets. */
    const ptx_expr *base = label;
    uint64_t off = 0;
    while (base->kind == PTX_EX_BINARY) {
      off += base->b->tok.val;
      base = base->a;
    }
    d.function = ptx_intern(pc, base->tok.s, base->tok.len);
    d.function_offset = (int64_t)off;
    /* The caller's position must be that of an earlier .loc (PTX ISA
     * 11.5.4); refer to that record, which carries its own inlining. */
    uint32_t file2 = (uint32_t)f2->tok.val, line2 = (uint32_t)l2->tok.val, col2 = (uint32_t)c2->tok.val;
    for (uint32_t i = pc->dbg_locs.n; i-- > 1;) {
      const ptx_dbg_loc *p = &PTX_VEC_AT(&pc->dbg_locs, ptx_dbg_loc, i);
      if (p->file == file2 && p->line == line2 && p->col == col2) {
        d.inlined_at = i;
        break;
      }
    }
    if (!d.inlined_at) {
      ptx_error(pc, f2->loc, "inlined_at %u %u %u: that source location is not used by a preceding .loc",
                file2, line2, col2);
      goto done;
    }
    ptx_dbg_ref *r = ptx_vec_push(&pc->dbg_refs, sizeof *r);
    if (!r)
      ptx_oom(pc);
    else {
      r->name = d.function;
      r->loc = base->loc;
    }
  }
  pc->cur_dbg = add_dbg_loc(pc, &d);
done:
  ptx_statement_done(pc);
}

/* `.pragma "a", "b";` is kept as one pragma per string. */
void ptx_b_pragma(ptx_parse_ctx *pc, ptx_elist strings, ptx_loc loc)
{
  if (!pc->func)
    ptx_require_header(pc, loc);
  for (const ptx_expr *e = strings.head; e; e = e->next) {
    const char *text = ptx_string_value(pc, e->tok);
    if (pc->func && pc->scope > 0) {
      ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_PRAGMA);
      if (s)
        s->u.pragma = text;
    } else if (pc->func) {
      /* Whether it belongs to the header or to the module (after a
       * declaration without ';') is known when the header ends. */
      if (pc->func_pragmas.n == 0)
        pc->func_pragma_loc = loc;
      ptx_push_ptr(pc, &pc->func_pragmas, (void *)text);
    } else {
      ptx_add_item(pc, PTX_ITEM_PRAGMA, (void *)text);
    }
  }
  ptx_statement_done(pc);
}

void ptx_b_dwarf(ptx_parse_ctx *pc, ptx_tok t, ptx_loc loc)
{
  /* Kept verbatim so that ptx_dump reproduces it; ptxsim does not use it. */
  char *text = ptx_arena_strndup(&pc->m->arena, t.s, t.len);
  if (!text) {
    ptx_oom(pc);
    return;
  }
  ptx_require_header(pc, loc);
  if (pc->m->version_major >= 2)
    ptx_warning(pc, loc, "@@DWARF is deprecated since PTX ISA 2.0; use .section");
  ptx_add_item(pc, PTX_ITEM_DWARF, text);
}

void ptx_b_alias(ptx_parse_ctx *pc, ptx_tok alias, ptx_tok target, ptx_loc loc)
{
  ptx_func *fa = ptx_lookup_func(pc, alias, loc);
  ptx_func *ft = ptx_lookup_func(pc, target, loc);
  if (fa && ft) {
    if (fa->has_body)
      ptx_error(pc, loc, ".alias: '%s' must be a declaration without a body", fa->sym.name->str);
    else if (!ft->has_body)
      ptx_error(pc, loc, ".alias: '%s' must be defined in this module", ft->sym.name->str);
    else if (fa->is_entry || ft->is_entry)
      ptx_error(pc, loc, ".alias applies to .func functions, not kernels");
    else if (ft->linkage == PTX_LINK_WEAK)
      ptx_error(pc, loc, ".alias: '%s' has .weak linkage", ft->sym.name->str);
    else if (!ptx_same_prototype(fa, ft))
      ptx_error(pc, loc, ".alias: the prototypes of '%s' and '%s' differ", fa->sym.name->str,
                ft->sym.name->str);
    else {
      ptx_alias *a = ptx_alloc(pc, sizeof *a);
      if (a) {
        a->alias = fa;
        a->target = ft;
        a->loc = loc;
        fa->definition = ft;
        ptx_add_item(pc, PTX_ITEM_ALIAS, a);
      }
    }
  }
  ptx_statement_done(pc);
}

/* ------------------------------------------------------------------ */
/* Debug sections.                                                     */

void ptx_b_section_begin(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc)
{
  ptx_require_header(pc, loc);
  ptx_section *s = ptx_alloc(pc, sizeof *s);
  if (!s)
    return;
  s->name = ptx_intern(pc, name.s, name.len);
  s->loc = loc;
  pc->section = s;
  pc->sec_items.n = 0;
  pc->sec_values.n = 0;
}

static ptx_section_item *add_sec_item(ptx_parse_ctx *pc, ptx_sec_kind kind, ptx_loc loc)
{
  ptx_section_item *it = ptx_vec_push(&pc->sec_items, sizeof *it);
  if (!it) {
    ptx_oom(pc);
    return NULL;
  }
  it->kind = (uint8_t)kind;
  it->loc = loc;
  return it;
}

void ptx_b_section_label(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc)
{
  ptx_section_item *it = add_sec_item(pc, PTX_SEC_LABEL, loc);
  if (it)
    it->sym = ptx_intern(pc, name.s, name.len);
}

/* Appends a plain number, extending the last data run when it has the
 * same type (debug sections are long runs of .b8). */
static void add_sec_value(ptx_parse_ctx *pc, ptx_type t, int64_t v, ptx_loc loc)
{
  ptx_section_item *last = pc->sec_items.n ? &PTX_VEC_AT(&pc->sec_items, ptx_section_item, pc->sec_items.n - 1)
                                           : NULL;
  if (!last || last->kind != PTX_SEC_DATA || last->type != t) {
    last = add_sec_item(pc, PTX_SEC_DATA, loc);
    if (!last)
      return;
    last->type = (uint8_t)t;
    last->value = pc->sec_values.n; /* index of the first value until the section ends */
  }
  int64_t *slot = ptx_vec_push(&pc->sec_values, sizeof *slot);
  if (!slot) {
    ptx_oom(pc);
    return;
  }
  *slot = v;
  last->n++;
}

void ptx_b_section_data(ptx_parse_ctx *pc, ptx_tok type, ptx_elist values, ptx_loc loc)
{
  ptx_type t = type.len > 1 ? ptx_type_lookup(type.s + 1, type.len - 1) : PTX_TYPE_NONE;
  if (t != PTX_TYPE_B8 && t != PTX_TYPE_B16 && t != PTX_TYPE_B32 && t != PTX_TYPE_B64) {
    ptx_error(pc, loc, "unexpected '%.*s' in a section, expected .b8, .b16, .b32, .b64 or a label",
              (int)type.len, type.s);
    goto done;
  }
  /* Values must fit the datum, signed or unsigned (PTX ISA 11.5.2). */
  unsigned bits = ptx_type_bits(t);
  int64_t lo = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
  uint64_t hi = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
  for (const ptx_expr *v = values.head; v; v = v->next) {
    if (v->kind == PTX_EX_INT) {
      if (v->tok.val > hi)
        ptx_error(pc, v->loc, "%llu does not fit in .%s", (unsigned long long)v->tok.val, ptx_type_table[t].name);
      else
        add_sec_value(pc, t, (int64_t)v->tok.val, v->loc);
      continue;
    }
    if (v->kind == PTX_EX_UNARY) {
      if (bits < 64 && v->a->tok.val > (uint64_t)-lo)
        ptx_error(pc, v->loc, "-%llu does not fit in .%s", (unsigned long long)v->a->tok.val,
                  ptx_type_table[t].name);
      else
        add_sec_value(pc, t, (int64_t)(0 - v->a->tok.val), v->loc);
      continue;
    }
    const ptx_expr *base = v, *rhs = NULL;
    if (v->kind == PTX_EX_BINARY) {
      base = v->a;
      rhs = v->b;
    }
    if (base->kind != PTX_EX_NAME && base->kind != PTX_EX_DOTNAME) {
      ptx_error(pc, v->loc, "a section value must be a number, a label, label+N or label-label");
      continue;
    }
    bool diff = rhs && rhs->kind != PTX_EX_INT;
    ptx_section_item *it = add_sec_item(pc, diff ? PTX_SEC_DIFF : PTX_SEC_SYM, v->loc);
    if (!it)
      break;
    it->type = (uint8_t)t;
    it->sym = ptx_intern(pc, base->tok.s, base->tok.len);
    if (diff)
      it->sym2 = ptx_intern(pc, rhs->tok.s, rhs->tok.len);
    else if (rhs)
      it->value = ptx_offset_apply(0, v->op, rhs->tok.val);
  }
done:
  ptx_statement_done(pc);
}

void ptx_b_section_end(ptx_parse_ctx *pc, ptx_loc loc)
{
  (void)loc;
  ptx_section *s = pc->section;
  if (!s)
    return;
  int64_t *values = ptx_copy_vec(pc, &pc->sec_values, sizeof(int64_t));
  for (uint32_t i = 0; i < pc->sec_items.n; i++) {
    ptx_section_item *it = &PTX_VEC_AT(&pc->sec_items, ptx_section_item, i);
    if (it->kind == PTX_SEC_DATA) {
      it->values = values ? values + it->value : NULL;
      it->value = 0;
    }
  }
  s->n_items = pc->sec_items.n;
  s->items = ptx_copy_vec(pc, &pc->sec_items, sizeof(ptx_section_item));
  ptx_push_ptr(pc, &pc->sections, s);
  ptx_add_item(pc, PTX_ITEM_SECTION, s);
  pc->section = NULL;
  pc->sec_items.n = 0;
  pc->sec_values.n = 0;
}

/* ------------------------------------------------------------------ */
/* End of module: cross-references that may point forward.            */

static int cmp_ptr(const void *a, const void *b)
{
  uintptr_t x = (uintptr_t)*(void *const *)a, y = (uintptr_t)*(void *const *)b;
  return x < y ? -1 : x > y;
}

/* Is n a name a section may refer to: a section (also one the assembler
 * makes, such as .debug_line), a section label, a label, parameter or
 * variable of any function, or a module-scope variable or function?  names
 * holds the section labels and function-level names, sorted (membership
 * only; no output depends on this order). */
static bool section_ref_ok(const ptx_vec *names, ptx_name *n)
{
  const ptx_sym *s = n->var;
  if (s && s->scope == 0)
    return true;
  if (n->str[0] == '.')
    return true; /* a DWARF section the assembler creates (.debug_line) */
  return names->n && bsearch(&n, names->data, names->n, sizeof(void *), cmp_ptr) != NULL;
}

static void check_section_refs(ptx_parse_ctx *pc)
{
  ptx_module *m = pc->m;
  if (m->n_sections == 0 && pc->dbg_refs.n == 0)
    return;
  ptx_vec names = {0};
  for (uint32_t i = 0; i < m->n_sections; i++) {
    ptx_section *s = m->sections[i];
    ptx_push_ptr(pc, &names, s->name);
    for (uint32_t j = 0; j < s->n_items; j++)
      if (s->items[j].kind == PTX_SEC_LABEL)
        ptx_push_ptr(pc, &names, s->items[j].sym);
  }
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    /* Debug info describes parameters and locals of every function. */
    const ptx_func *f = m->funcs[i];
    for (uint32_t j = 0; j < f->n_labels; j++)
      ptx_push_ptr(pc, &names, f->labels[j]->name);
    for (uint32_t j = 0; j < f->n_vars; j++)
      ptx_push_ptr(pc, &names, f->vars[j]->sym.name);
    for (uint32_t j = 0; j < f->n_params; j++)
      ptx_push_ptr(pc, &names, f->params[j]->sym.name);
  }
  if (names.n)
    qsort(names.data, names.n, sizeof(void *), cmp_ptr);
  for (uint32_t i = 0; i < m->n_sections; i++) {
    ptx_section *s = m->sections[i];
    for (uint32_t j = 0; j < s->n_items; j++) {
      const ptx_section_item *it = &s->items[j];
      if ((it->kind == PTX_SEC_SYM || it->kind == PTX_SEC_DIFF) && !section_ref_ok(&names, it->sym))
        ptx_error(pc, it->loc, "undefined label '%s' in section %s", it->sym->str, s->name->str);
      if (it->kind == PTX_SEC_DIFF && !section_ref_ok(&names, it->sym2))
        ptx_error(pc, it->loc, "undefined label '%s' in section %s", it->sym2->str, s->name->str);
    }
  }
  for (uint32_t i = 0; i < pc->dbg_refs.n; i++) {
    const ptx_dbg_ref *r = &PTX_VEC_AT(&pc->dbg_refs, ptx_dbg_ref, i);
    if (!section_ref_ok(&names, r->name))
      ptx_error(pc, r->loc, "undefined .loc function_name label '%s'", r->name->str);
  }
  ptx_vec_free(&names);
}

/* A module's .const variables share one 64 KB bank (ptxas: "File uses too
 * much global constant data"); the first variable past it is named. */
#define PTX_CONST_BANK_BYTES 65536u

static void check_const_bytes(ptx_parse_ctx *pc)
{
  const ptx_module *m = pc->m;
  uint64_t total = 0;
  for (uint32_t i = 0; i < m->n_vars; i++) {
    const ptx_var *v = m->vars[i];
    if (v->space != PTX_SPACE_CONST || v->linkage == PTX_LINK_EXTERN)
      continue;
    uint64_t align = ptx_var_alignment(v) ? ptx_var_alignment(v) : 1;
    uint64_t size = ptx_var_size_bytes(v);
    total = (total + align - 1) / align * align;
    total = size > UINT64_MAX - total ? UINT64_MAX : total + size;
    if (total > PTX_CONST_BANK_BYTES) {
      ptx_error(pc, v->sym.loc,
                "'%s' takes the module's .const variables to %llu bytes, more than the %u a "
                "module may have",
                v->sym.name->str, (unsigned long long)total, PTX_CONST_BANK_BYTES);
      return;
    }
  }
}

/* Static .shared memory of one kernel (its own, its callees' and the
 * module's it uses) is at most 48 KB on every GPU; more must be dynamic
 * (ptxas: "Entry function uses too much shared data (..., 0xc000 max)"). */
#define PTX_STATIC_SHARED_BYTES 49152u

static void check_static_shared(ptx_parse_ctx *pc)
{
  const ptx_module *m = pc->m;
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    const ptx_func *f = m->funcs[i];
    if (!f->is_entry || !f->has_body)
      continue;
    ptx_usage u;
    if (ptx_func_usage(m, f, &u) != 0) {
      pc->out_of_memory = true;
      return;
    }
    uint64_t bytes = ptx_usage_space_bytes(&u, PTX_SPACE_SHARED, NULL);
    ptx_usage_free(&u);
    char amount[40];
    if (bytes == UINT64_MAX)
      snprintf(amount, sizeof amount, "more than 2^64 - 2");
    else
      snprintf(amount, sizeof amount, "%llu", (unsigned long long)bytes);
    if (bytes > PTX_STATIC_SHARED_BYTES)
      ptx_error(pc, f->sym.loc,
                "kernel '%s' uses %s bytes of static .shared memory, more than the %u a kernel "
                "may have (more must be dynamic shared memory)",
                f->sym.name->str, amount, PTX_STATIC_SHARED_BYTES);
  }
}

void ptx_b_module_end(ptx_parse_ctx *pc)
{
  ptx_module *m = pc->m;
  ptx_loc none = {0, 0};
  if (!pc->seen_version && pc->diag->n_errors == 0)
    ptx_error(pc, ptx_loc_make(1, 1), "empty module: a PTX module must begin with a .version directive");
  m->n_items = pc->items.n;
  m->items = ptx_copy_vec(pc, &pc->items, sizeof(ptx_item));
  m->n_vars = pc->vars.n;
  m->vars = ptx_copy_vec(pc, &pc->vars, sizeof(ptx_var *));
  m->n_funcs = pc->funcs.n;
  m->funcs = ptx_copy_vec(pc, &pc->funcs, sizeof(ptx_func *));
  m->n_files = pc->files.n;
  m->files = ptx_copy_vec(pc, &pc->files, sizeof(ptx_file_entry *));
  m->n_sections = pc->sections.n;
  m->sections = ptx_copy_vec(pc, &pc->sections, sizeof(ptx_section *));
  m->n_dbg_locs = pc->dbg_locs.n;
  m->dbg_locs = ptx_copy_vec(pc, &pc->dbg_locs, sizeof(ptx_dbg_loc));
  m->n_targets = pc->targets.n;
  m->targets = ptx_copy_vec(pc, &pc->targets, sizeof(char *));
  m->n_target_dirs = pc->target_dirs.n;
  m->target_dir_words = ptx_copy_vec(pc, &pc->target_dirs, sizeof(uint32_t));
  if (pc->out_of_memory)
    return;
  for (uint32_t i = 0; i < m->n_vars; i++)
    m->vars[i]->module_index = i;
  for (uint32_t i = 0; i < m->n_funcs; i++)
    m->funcs[i]->module_index = i;
  check_section_refs(pc);
  check_const_bytes(pc);
  if (pc->diag->n_errors == 0)
    check_static_shared(pc);
  /* .loc file indices must name a .file (warning: debug info only). */
  uint32_t max_file = 0;
  for (uint32_t i = 0; i < m->n_files; i++)
    if (m->files[i]->index > max_file)
      max_file = m->files[i]->index;
  uint8_t *defined = max_file < (1u << 24) ? calloc(max_file + 1, 1) : NULL;
  for (uint32_t i = 0; defined && i < m->n_files; i++)
    defined[m->files[i]->index] = 1;
  for (uint32_t i = 1; i < m->n_dbg_locs; i++) {
    uint32_t file = m->dbg_locs[i].file;
    bool ok = file == 0 || (defined ? file <= max_file && defined[file] : ptx_module_file(m, file) != NULL);
    if (!ok) {
      ptx_warning(pc, none, ".loc refers to file index %u, which no .file directive defines", file);
      break;
    }
  }
  free(defined);
}
