/* ptx_build_decl.c -- IR builder: declarations, scopes and functions.
 *
 * Names are bound in the ptx_name slots (ptx_names.h): declaring a name
 * makes it the innermost binding and remembers the one it hides, which a
 * closing block restores.  PTX requires declaration before use for
 * everything but labels, so operands resolve at once; labels are resolved
 * when their function ends.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_build_int.h"

/* ------------------------------------------------------------------ */
/* Scopes.                                                             */

void ptx_scope_open(ptx_parse_ctx *pc)
{
  uint32_t *mark = ptx_vec_push(&pc->scope_marks, sizeof *mark);
  if (!mark) {
    ptx_oom(pc);
    return;
  }
  *mark = pc->scope_syms.n;
  pc->scope++;
}

void ptx_scope_close(ptx_parse_ctx *pc)
{
  if (pc->scope_marks.n == 0)
    return;
  uint32_t mark = PTX_VEC_AT(&pc->scope_marks, uint32_t, pc->scope_marks.n - 1);
  pc->scope_marks.n--;
  for (uint32_t i = pc->scope_syms.n; i-- > mark;) {
    ptx_sym *s = PTX_VEC_AT(&pc->scope_syms, ptx_sym *, i);
    s->name->var = s->shadowed;
  }
  pc->scope_syms.n = mark;
  pc->scope--;
}

/* Splits a trailing decimal number off a register name ("%r17" -> "%r",
 * 17); false when there is none or it has a leading zero. */
static bool split_index(const char *s, size_t len, size_t *prefix_len, uint32_t *index)
{
  size_t digits = 0;
  while (digits < len && s[len - 1 - digits] >= '0' && s[len - 1 - digits] <= '9')
    digits++;
  if (digits == 0 || digits == len || digits > 9 || (digits > 1 && s[len - digits] == '0'))
    return false;
  uint32_t n = 0;
  for (size_t i = len - digits; i < len; i++)
    n = n * 10 + (uint32_t)(s[i] - '0');
  *prefix_len = len - digits;
  *index = n;
  return true;
}

static ptx_var *as_range(ptx_sym *s)
{
  if (!s || s->kind != PTX_SYM_VAR)
    return NULL;
  ptx_var *v = (ptx_var *)s;
  return v->range ? v : NULL;
}

ptx_sym *ptx_lookup(ptx_parse_ctx *pc, const char *s, size_t len, uint32_t *index)
{
  *index = 0;
  /* Most operands are registers of a %r<N> range: try the prefix first,
   * unless some plain name like %r1 shadows a range element somewhere. */
  size_t plen;
  uint32_t idx;
  if (!pc->range_shadowed && split_index(s, len, &plen, &idx)) {
    ptx_name *p = ptx_names_find(&pc->m->names, s, plen);
    ptx_var *v = p ? as_range(p->var) : NULL;
    if (v && idx < v->range) {
      /* A plain register spelled like a range element cannot coexist
       * (ptx_bind reports it), so the range is the answer. */
      *index = idx;
      return &v->sym;
    }
  }
  ptx_name *n = ptx_names_find(&pc->m->names, s, len);
  if (n && n->var)
    return n->var;
  if (pc->range_shadowed && split_index(s, len, &plen, &idx)) {
    ptx_name *p = ptx_names_find(&pc->m->names, s, plen);
    ptx_var *v = p ? as_range(p->var) : NULL;
    if (v && idx < v->range) {
      *index = idx;
      return &v->sym;
    }
  }
  return NULL;
}

static void report_duplicate(ptx_parse_ctx *pc, const ptx_sym *s, const ptx_sym *prev)
{
  ptx_error(pc, s->loc, "redefinition of '%s'", s->name->str);
  const ptx_var *r = as_range((ptx_sym *)prev);
  if (r)
    ptx_note(pc, prev->loc, "'%s<%u>' was defined here", prev->name->str, r->range);
  else
    ptx_note(pc, prev->loc, "'%s' was defined here", prev->name->str);
}

/* Does binding s conflict with a %r<N> range of the same scope? */
static const ptx_sym *range_conflict(ptx_parse_ctx *pc, const ptx_sym *s)
{
  const ptx_var *v = s->kind == PTX_SYM_VAR ? (const ptx_var *)s : NULL;
  if (v && v->range) {
    /* A new range: look for plain registers it would cover. */
    uint32_t mark = pc->scope_marks.n ? PTX_VEC_AT(&pc->scope_marks, uint32_t, pc->scope_marks.n - 1) : 0;
    for (uint32_t i = mark; i < pc->scope_syms.n; i++) {
      const ptx_sym *o = PTX_VEC_AT(&pc->scope_syms, ptx_sym *, i);
      size_t plen;
      uint32_t idx;
      if (split_index(o->name->str, o->name->len, &plen, &idx) && plen == s->name->len &&
          memcmp(o->name->str, s->name->str, plen) == 0 && idx < v->range)
        return o;
    }
    return NULL;
  }
  size_t plen;
  uint32_t idx;
  if (!split_index(s->name->str, s->name->len, &plen, &idx))
    return NULL;
  ptx_name *p = ptx_names_find(&pc->m->names, s->name->str, plen);
  ptx_var *r = p ? as_range(p->var) : NULL;
  if (r && r->sym.scope == pc->scope && idx < r->range)
    return &r->sym;
  return NULL;
}

void ptx_bind(ptx_parse_ctx *pc, ptx_sym *s)
{
  s->scope = pc->scope;
  ptx_sym *prev = s->name->var;
  if (prev && prev->scope == pc->scope) {
    report_duplicate(pc, s, prev);
    return;
  }
  const ptx_sym *clash = range_conflict(pc, s);
  if (clash) {
    report_duplicate(pc, s, clash);
    return;
  }
  s->shadowed = prev;
  s->name->var = s;
  if (pc->scope > 0)
    ptx_push_ptr(pc, &pc->scope_syms, s);
  /* A plain %r1 hiding an element of an outer %r<N> changes how names
   * resolve (ptx_lookup). */
  size_t plen;
  uint32_t idx;
  if (!pc->range_shadowed && s->kind == PTX_SYM_VAR && !((ptx_var *)s)->range &&
      split_index(s->name->str, s->name->len, &plen, &idx)) {
    ptx_name *p = ptx_names_find(&pc->m->names, s->name->str, plen);
    if (p && as_range(p->var))
      pc->range_shadowed = true;
  }
}

ptx_func *ptx_lookup_func(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc)
{
  uint32_t index;
  ptx_sym *s = ptx_lookup(pc, name.s, name.len, &index);
  if (!s) {
    ptx_error(pc, loc, "undefined function '%.*s'", (int)name.len, name.s);
    return NULL;
  }
  if (s->kind != PTX_SYM_FUNC) {
    ptx_error(pc, loc, "'%.*s' is not a function", (int)name.len, name.s);
    return NULL;
  }
  return (ptx_func *)s;
}

/* ------------------------------------------------------------------ */
/* Declaration specifiers.                                             */

ptx_declspec *ptx_b_spec_new(ptx_parse_ctx *pc, int linkage, int space, ptx_loc loc)
{
  ptx_declspec *s = ptx_scratch(pc, sizeof *s);
  if (s) {
    s->loc = loc;
    s->linkage = (uint8_t)linkage;
    s->space = (uint8_t)space;
    s->vec = 1;
  }
  return s;
}

void ptx_b_spec_dotname(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok t, ptx_loc loc)
{
  if (!s)
    return;
  ptx_type ty = t.len > 1 ? ptx_type_lookup(t.s + 1, t.len - 1) : PTX_TYPE_NONE;
  if (ty == PTX_TYPE_NONE) {
    ptx_error(pc, loc, "unknown type '%.*s' in declaration", (int)t.len, t.s);
    s->is_bad = true;
    return;
  }
  if (s->type != PTX_TYPE_NONE) {
    ptx_error(pc, loc, "declaration has two types, .%s and '%.*s'", ptx_type_table[s->type].name,
              (int)t.len, t.s);
    s->is_bad = true;
    return;
  }
  s->type = (uint8_t)ty;
}

void ptx_b_spec_vector(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok t, ptx_loc loc)
{
  if (!s)
    return;
  if (s->vec != 1) {
    ptx_error(pc, loc, "declaration has two vector sizes");
    s->is_bad = true;
  }
  s->vec = (uint8_t)t.val;
}

static bool is_pow2(uint64_t x)
{
  return x && !(x & (x - 1));
}

void ptx_b_spec_align(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok n, ptx_loc loc)
{
  if (!s)
    return;
  if (!is_pow2(n.val) || n.val > (1u << 30)) {
    ptx_error(pc, loc, "alignment %llu is not a power of two", (unsigned long long)n.val);
    s->is_bad = true;
    return;
  }
  s->align = (uint32_t)n.val;
}

void ptx_b_spec_ptr(ptx_parse_ctx *pc, ptx_declspec *s, int space, ptx_tok *align, ptx_loc loc)
{
  if (!s)
    return;
  s->flags |= PTX_VARF_PTR;
  if (space != PTX_SPACE_NONE && space != PTX_SPACE_GLOBAL && space != PTX_SPACE_SHARED &&
      space != PTX_SPACE_CONST && space != PTX_SPACE_LOCAL)
    ptx_error(pc, loc, ".ptr may name .const, .global, .local or .shared, not .%s",
              ptx_space_names[space]);
  s->ptr_space = (uint8_t)space;
  if (align) {
    if (!is_pow2(align->val) || align->val > (1u << 30))
      ptx_error(pc, loc, "alignment %llu is not a power of two", (unsigned long long)align->val);
    else
      s->ptr_align = (uint32_t)align->val;
  }
}

static bool dotname_is(const ptx_expr *e, const char *s)
{
  size_t n = strlen(s);
  return e->tok.len == n && memcmp(e->tok.s, s, n) == 0;
}

/* .attribute(.managed) and .attribute(.unified(lo, hi)); also used for
 * functions (pass s = NULL and f). */
static void apply_attributes(ptx_parse_ctx *pc, ptx_declspec *s, ptx_func *f, ptx_elist attrs)
{
  for (const ptx_expr *a = attrs.head; a; a = a->next) {
    if (dotname_is(a, ".managed") && a->n == 0 && s) {
      s->flags |= PTX_VARF_MANAGED;
    } else if (dotname_is(a, ".unified") && a->n == 2) {
      uint64_t lo = 0, hi = 0;
      if (ptx_expr_eval_int(pc, a->list, &hi, NULL) != 0 ||
          ptx_expr_eval_int(pc, a->list->next, &lo, NULL) != 0)
        continue;
      if (s) {
        s->flags |= PTX_VARF_UNIFIED;
        s->unified_hi = hi;
        s->unified_lo = lo;
      } else if (f) {
        f->has_unified = true;
        f->unified_hi = hi;
        f->unified_lo = lo;
      }
    } else {
      ptx_error(pc, a->loc, "unknown attribute '%.*s' (expected .managed or .unified(uuid1, uuid2))",
                (int)a->tok.len, a->tok.s);
    }
  }
}

void ptx_b_spec_attribute(ptx_parse_ctx *pc, ptx_declspec *s, ptx_elist attrs, ptx_loc loc)
{
  (void)loc;
  if (s)
    apply_attributes(pc, s, NULL, attrs);
}

ptx_declarator *ptx_b_declarator(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc)
{
  ptx_declarator *d = ptx_scratch(pc, sizeof *d);
  if (d) {
    d->name = name;
    d->loc = loc;
  }
  return d;
}

ptx_dlist ptx_dlist_one(ptx_declarator *d)
{
  ptx_dlist l = {d, d, d ? 1u : 0u};
  return l;
}

ptx_dlist ptx_dlist_append(ptx_dlist l, ptx_declarator *d)
{
  if (!d)
    return l;
  if (l.tail)
    l.tail->next = d;
  else
    l.head = d;
  l.tail = d;
  l.n++;
  return l;
}

/* ------------------------------------------------------------------ */
/* Initialisers.                                                       */

static ptx_init *new_init(ptx_parse_ctx *pc, ptx_init_kind kind, ptx_loc loc)
{
  ptx_init *in = ptx_alloc(pc, sizeof *in);
  if (in) {
    in->kind = (uint8_t)kind;
    in->loc = loc;
  }
  return in;
}

static ptx_init *lower_init(ptx_parse_ctx *pc, const ptx_expr *e, ptx_type type, int depth);

static ptx_init *init_sym(ptx_parse_ctx *pc, const ptx_expr *name, int64_t offset, bool generic,
                          ptx_loc loc)
{
  uint32_t index;
  ptx_sym *s = ptx_lookup(pc, name->tok.s, name->tok.len, &index);
  if (!s) {
    ptx_error(pc, name->loc, "undefined symbol '%.*s' in initializer", (int)name->tok.len,
              name->tok.s);
    return NULL;
  }
  bool ok = s->kind == PTX_SYM_FUNC;
  if (s->kind == PTX_SYM_VAR) {
    const ptx_var *v = (const ptx_var *)s;
    ok = (v->space == PTX_SPACE_GLOBAL || v->space == PTX_SPACE_CONST) &&
         ptx_type_kind_of(v->type) != PTX_TK_OPAQUE;
  }
  if (!ok) {
    ptx_error(pc, name->loc,
              "'%s' cannot be used in an initializer (only .global and .const variables and "
              "functions can)",
              s->name->str);
    return NULL;
  }
  ptx_init *in = new_init(pc, PTX_INIT_SYM, loc);
  if (in) {
    in->is_generic = generic;
    in->u.sym.sym = s;
    in->u.sym.offset = offset;
  }
  return in;
}

static bool callee_is(const ptx_expr *e, const char *s)
{
  size_t n = strlen(s);
  return e->kind == PTX_EX_CALL && e->tok.len == n && memcmp(e->tok.s, s, n) == 0;
}

/* sym, sym+N, sym-N, generic(sym), generic(sym+N), generic(sym)+N */
static ptx_init *lower_init_address(ptx_parse_ctx *pc, const ptx_expr *e, bool generic, int64_t off)
{
  if (e->kind == PTX_EX_NAME)
    return init_sym(pc, e, off, generic, e->loc);
  if (e->kind == PTX_EX_BINARY && (e->op == '+' || e->op == '-') && ptx_expr_is_const(e->b)) {
    uint64_t v;
    if (ptx_expr_eval_int(pc, e->b, &v, NULL) != 0)
      return NULL;
    return lower_init_address(pc, e->a, generic, ptx_offset_apply(off, e->op, v));
  }
  if (callee_is(e, "generic") && !generic && e->a)
    return lower_init_address(pc, e->a, true, off);
  ptx_error(pc, e->loc, "expected a constant, an address (var, var+N, generic(var)) or mask()");
  return NULL;
}

/* Named members of the opaque types (PTX ISA 5.3, tables 10 and 11):
 * which types have them and which words a member may be set to. */
static const struct opaque_member {
  const char *name;
  bool in_tex, in_sampler, in_surf;
  const char *words; /* space-separated symbolic values; NULL: integers */
} opaque_members[] = {
  {"width", true, false, true, NULL},
  {"height", true, false, true, NULL},
  {"depth", true, false, true, NULL},
  {"channel_data_type", true, false, true, NULL},
  {"channel_order", true, false, true, NULL},
  {"normalized_coords", true, false, false, NULL},
  {"force_unnormalized_coords", false, true, false, NULL},
  {"filter_mode", true, true, false, "nearest linear"},
  {"addr_mode_0", true, true, false, "wrap mirror clamp_ogl clamp_to_edge clamp_to_border"},
  {"addr_mode_1", true, true, false, "wrap mirror clamp_ogl clamp_to_edge clamp_to_border"},
  {"addr_mode_2", true, true, false, "wrap mirror clamp_ogl clamp_to_edge clamp_to_border"},
  {"array_size", true, false, true, NULL},
  {"num_mipmap_levels", true, false, false, NULL},
  {"num_samples", true, false, false, NULL},
  {"memory_layout", false, false, true, NULL},
};

static bool word_in_list(const char *list, const char *w, size_t n)
{
  for (const char *p = list; *p;) {
    const char *end = strchr(p, ' ');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && memcmp(p, w, n) == 0)
      return true;
    p += len + (end ? 1 : 0);
  }
  return false;
}

static ptx_init *lower_field(ptx_parse_ctx *pc, const ptx_expr *e, ptx_type type)
{
  const ptx_expr *name = e->a, *val = e->b;
  const struct opaque_member *mem = NULL;
  for (size_t i = 0; i < PTX_ARRAY_SIZE(opaque_members); i++)
    if (strlen(opaque_members[i].name) == name->tok.len &&
        memcmp(opaque_members[i].name, name->tok.s, name->tok.len) == 0)
      mem = &opaque_members[i];
  bool ok = mem && ((type == PTX_TYPE_TEXREF && mem->in_tex) ||
                    (type == PTX_TYPE_SAMPLERREF && mem->in_sampler) ||
                    (type == PTX_TYPE_SURFREF && mem->in_surf));
  if (!ok) {
    ptx_error(pc, name->loc, "'%.*s' is not a member of .%s", (int)name->tok.len, name->tok.s,
              ptx_type_table[type].name);
    return NULL;
  }
  ptx_init *in = new_init(pc, PTX_INIT_FIELD, e->loc);
  if (!in)
    return NULL;
  in->u.field.member = ptx_intern(pc, name->tok.s, name->tok.len);
  if (mem->words) {
    if (val->kind != PTX_EX_NAME || !word_in_list(mem->words, val->tok.s, val->tok.len)) {
      ptx_error(pc, val->loc, "%s must be one of: %s", mem->name, mem->words);
      return NULL;
    }
    in->u.field.word = ptx_intern(pc, val->tok.s, val->tok.len);
  } else if (ptx_expr_eval_int(pc, val, &in->u.field.value, NULL) != 0) {
    return NULL;
  }
  return in;
}

static ptx_init *lower_init(ptx_parse_ctx *pc, const ptx_expr *e, ptx_type type, int depth)
{
  if (!e)
    return NULL;
  bool opaque = ptx_type_kind_of(type) == PTX_TK_OPAQUE;
  if (e->kind == PTX_EX_BINARY && e->op == '=') {
    if (!opaque || depth != 1) {
      ptx_error(pc, e->loc, "'member = value' initializers are for .texref, .samplerref and .surfref");
      return NULL;
    }
    return lower_field(pc, e, type);
  }
  if (opaque && e->kind != PTX_EX_VEC) {
    ptx_error(pc, e->loc, ".%s variables are initialized with { member = value, ... }",
              ptx_type_table[type].name);
    return NULL;
  }
  if (depth > 64) {
    ptx_error(pc, e->loc, "initializer nested too deeply");
    return NULL;
  }
  if (e->kind == PTX_EX_VEC) {
    ptx_init *in = new_init(pc, PTX_INIT_LIST, e->loc);
    if (!in)
      return NULL;
    in->n = e->n;
    in->u.elems = e->n ? ptx_alloc(pc, sizeof(ptx_init) * e->n) : NULL;
    if (e->n && !in->u.elems)
      return NULL;
    uint32_t i = 0;
    for (const ptx_expr *x = e->list; x; x = x->next, i++) {
      ptx_init *el = lower_init(pc, x, type, depth + 1);
      if (!el)
        return NULL;
      in->u.elems[i] = *el;
    }
    return in;
  }
  if (ptx_expr_is_const(e)) {
    ptx_cval v;
    if (ptx_expr_eval(pc, e, &v) != 0)
      return NULL;
    ptx_init *in = ptx_alloc(pc, sizeof *in);
    if (!in)
      return NULL;
    in->loc = e->loc;
    in->u.bits = v.bits;
    if (v.kind == PTX_CV_F64 || v.kind == PTX_CV_F32) {
      if (ptx_type_kind_of(type) != PTX_TK_FLOAT && !(v.kind == PTX_CV_F32 && ptx_type_bits(type) == 32) &&
          !(v.kind == PTX_CV_F64 && ptx_type_bits(type) == 64 && ptx_type_kind_of(type) == PTX_TK_BITS)) {
        ptx_error(pc, e->loc, "floating-point initializer for a .%s variable", ptx_type_table[type].name);
        return NULL;
      }
      in->kind = v.kind == PTX_CV_F32 ? PTX_INIT_F32 : PTX_INIT_F64;
    } else {
      in->kind = PTX_INIT_INT;
      in->is_unsigned = v.kind == PTX_CV_U64;
    }
    return in;
  }
  if (e->kind == PTX_EX_CALL && e->tok.len && e->tok.s[0] >= '0' && e->tok.s[0] <= '9') {
    /* mask(expr), written 0xFF00(expr) (PTX ISA 5.4.4). */
    uint64_t mask = e->tok.val;
    bool ok = false;
    for (int b = 0; b < 8; b++)
      ok |= mask == (UINT64_C(0xFF) << (8 * b));
    if (!ok) {
      ptx_error(pc, e->loc, "mask 0x%llx must select one byte (0xFF, 0xFF00, ... 0xFF00000000000000)",
                (unsigned long long)mask);
      return NULL;
    }
    ptx_init *inner = ptx_expr_is_const(e->a) ? lower_init(pc, e->a, PTX_TYPE_U64, depth + 1)
                                              : lower_init_address(pc, e->a, false, 0);
    if (!inner)
      return NULL;
    if (inner->kind == PTX_INIT_F32 || inner->kind == PTX_INIT_F64) {
      ptx_error(pc, e->loc, "mask() applies to integers and addresses");
      return NULL;
    }
    ptx_init *in = new_init(pc, PTX_INIT_MASK, e->loc);
    if (!in)
      return NULL;
    in->u.mask.mask = mask;
    in->u.mask.inner = inner;
    return in;
  }
  return lower_init_address(pc, e, false, 0);
}

/* ------------------------------------------------------------------ */
/* Variables.                                                          */

uint64_t ptx_var_elem_bytes(const ptx_var *v)
{
  unsigned bits = ptx_type_bits(v->type);
  uint64_t bytes = bits >= 8 ? bits / 8 : 1;
  return bytes * (v->vec ? v->vec : 1);
}

static uint64_t init_count(const ptx_init *in)
{
  return in && in->kind == PTX_INIT_LIST ? in->n : 1;
}

uint64_t ptx_var_size_bytes(const ptx_var *v)
{
  uint64_t n = ptx_var_elem_bytes(v);
  for (uint8_t i = 0; i < v->n_dims; i++) {
    uint64_t d = v->dims[i];
    if (d == 0 && i == 0 && (v->flags & PTX_VARF_UNSIZED))
      d = v->init ? init_count(v->init) : 0;
    if (d && n > UINT64_MAX / d)
      return UINT64_MAX;
    n *= d;
  }
  return n;
}

uint32_t ptx_var_alignment(const ptx_var *v)
{
  if (v->align)
    return v->align;
  uint64_t e = ptx_var_elem_bytes(v);
  return e >= 16 ? 16 : (uint32_t)e;
}

/* Checks that an initializer's nesting follows the declaration (PTX ISA
 * 5.4.4): one brace level per array dimension, then one for a vector;
 * lists may be shorter than the extent, not longer. */
static bool check_init_shape(ptx_parse_ctx *pc, const ptx_var *v, const ptx_init *in, uint8_t level)
{
  bool is_list = in->kind == PTX_INIT_LIST;
  if (ptx_type_kind_of(v->type) == PTX_TK_OPAQUE)
    return true; /* { member = value } */
  if (level < v->n_dims) {
    if (!is_list) {
      ptx_error(pc, in->loc, "'%s' is an array: initialize it with { ... }", v->sym.name->str);
      return false;
    }
    uint64_t extent = v->dims[level];
    if (!(level == 0 && (v->flags & PTX_VARF_UNSIZED)) && in->n > extent) {
      ptx_error(pc, in->loc, "too many initializers for '%s' (%u for %llu elements)", v->sym.name->str,
                in->n, (unsigned long long)extent);
      return false;
    }
    for (uint32_t i = 0; i < in->n; i++)
      if (!check_init_shape(pc, v, &in->u.elems[i], (uint8_t)(level + 1)))
        return false;
    return true;
  }
  if (v->vec > 1) {
    if (!is_list || in->n > v->vec) {
      ptx_error(pc, in->loc, "a .v%u value is initialized with {a, b, ...} of at most %u elements",
                v->vec, v->vec);
      return false;
    }
    for (uint32_t i = 0; i < in->n; i++)
      if (in->u.elems[i].kind == PTX_INIT_LIST) {
        ptx_error(pc, in->u.elems[i].loc, "too many braces in the initializer of '%s'", v->sym.name->str);
        return false;
      }
    return true;
  }
  if (is_list) {
    ptx_error(pc, in->loc, "'%s' is a scalar: its initializer takes no braces", v->sym.name->str);
    return false;
  }
  return true;
}

/* Checks each scalar of an initializer against the variable's type. */
static bool check_init_values(ptx_parse_ctx *pc, const ptx_var *v, const ptx_init *in, int depth)
{
  ptx_type t = (ptx_type)v->type;
  ptx_type_kind k = ptx_type_kind_of(t);
  unsigned bits = ptx_type_bits(t);
  switch (in->kind) {
  case PTX_INIT_LIST:
    for (uint32_t i = 0; i < in->n && depth < 64; i++)
      if (!check_init_values(pc, v, &in->u.elems[i], depth + 1))
        return false;
    return true;
  case PTX_INIT_INT:
    if (k == PTX_TK_FLOAT) {
      ptx_error(pc, in->loc, "integer initializer for the .%s variable '%s' (write a floating-point constant)",
                ptx_type_table[t].name, v->sym.name->str);
      return false;
    }
    return true;
  case PTX_INIT_SYM:
    /* Addresses go in .u32/.u64 (or their .b and .s twins). */
    if (k == PTX_TK_FLOAT || bits < 32) {
      ptx_error(pc, in->loc, "the address of '%s' needs a 32- or 64-bit integer variable%s",
                in->u.sym.sym->name->str, bits == 8 ? " (or mask() to take one byte)" : "");
      return false;
    }
    return true;
  case PTX_INIT_MASK:
    if (k == PTX_TK_FLOAT) {
      ptx_error(pc, in->loc, "mask() initializes integer variables");
      return false;
    }
    return true;
  default:
    return true;
  }
}

static ptx_var *make_var(ptx_parse_ctx *pc, const ptx_declspec *spec, const ptx_declarator *d,
                         bool is_param)
{
  if (spec->is_bad)
    return NULL; /* the specifier's error has been reported */
  ptx_var *v = ptx_alloc(pc, sizeof *v);
  if (!v)
    return NULL;
  v->sym.kind = PTX_SYM_VAR;
  v->sym.name = ptx_intern(pc, d->name.s, d->name.len);
  v->sym.loc = d->loc;
  if (!v->sym.name)
    return NULL;
  v->space = spec->space;
  v->type = spec->type;
  v->vec = spec->vec;
  v->linkage = spec->linkage;
  v->align = spec->align;
  v->ptr_space = spec->ptr_space;
  v->ptr_align = spec->ptr_align;
  v->flags = spec->flags | (is_param ? PTX_VARF_PARAM : 0);
  v->unified_lo = spec->unified_lo;
  v->unified_hi = spec->unified_hi;
  const char *name = v->sym.name->str;
  ptx_type_kind kind = ptx_type_kind_of(v->type);
  if (v->type == PTX_TYPE_NONE) {
    ptx_error(pc, d->loc, "declaration of '%s' has no type", name);
    return NULL;
  }
  if (v->space == PTX_SPACE_SREG) {
    ptx_error(pc, d->loc, "'%s': special registers are predefined and cannot be declared", name);
    return NULL;
  }
  if (v->type == PTX_TYPE_PRED && v->space != PTX_SPACE_REG) {
    ptx_error(pc, d->loc, "predicate '%s' must be declared in .reg", name);
    return NULL;
  }
  if (kind == PTX_TK_OPAQUE && v->space != PTX_SPACE_GLOBAL && v->space != PTX_SPACE_PARAM) {
    ptx_error(pc, d->loc, "'%s': .%s variables live in .global (or are kernel parameters)", name,
              ptx_type_table[v->type].name);
    return NULL;
  }
  if (v->vec != 1 && (v->type == PTX_TYPE_PRED || kind == PTX_TK_OPAQUE)) {
    ptx_error(pc, d->loc, "'%s': vectors of .%s are not allowed", name, ptx_type_table[v->type].name);
    return NULL;
  }
  if (v->vec != 1 && ptx_type_bits(v->type) * v->vec > 128) {
    ptx_error(pc, d->loc, "'%s': a vector variable cannot exceed 128 bits (.v%u .%s)", name, v->vec,
              ptx_type_table[v->type].name);
    return NULL;
  }
  if ((v->flags & PTX_VARF_PTR) && !(is_param && v->space == PTX_SPACE_PARAM)) {
    ptx_error(pc, d->loc, "'%s': .ptr is only allowed on kernel parameters", name);
    return NULL;
  }
  if ((v->flags & (PTX_VARF_MANAGED | PTX_VARF_UNIFIED)) && v->space != PTX_SPACE_GLOBAL) {
    ptx_error(pc, d->loc, "'%s': .attribute(%s) applies to .global variables", name,
              (v->flags & PTX_VARF_MANAGED) ? ".managed" : ".unified");
    return NULL;
  }
  if (v->space == PTX_SPACE_TEX && pc->m->version_major * 10 + pc->m->version_minor >= 15)
    ptx_warning(pc, d->loc, "the .tex state space is deprecated since PTX ISA 1.5; use .global .texref");
  if (d->has_range) {
    if (d->range > (1u << 24)) {
      ptx_error(pc, d->loc, "'%s<%llu>': too many variables (at most %u)", name,
                (unsigned long long)d->range, 1u << 24);
      return NULL;
    }
    if (d->dims.n || d->init) {
      ptx_error(pc, d->loc, "'%s<%llu>': a numbered range cannot have %s", name,
                (unsigned long long)d->range, d->init ? "an initializer" : "array dimensions");
      return NULL;
    }
    v->range = (uint32_t)d->range;
  }
  if (d->dims.n) {
    if (d->dims.n > 8) {
      ptx_error(pc, d->loc, "'%s' has more than 8 array dimensions", name);
      return NULL;
    }
    v->n_dims = (uint8_t)d->dims.n;
    v->dims = ptx_alloc(pc, sizeof(uint64_t) * d->dims.n);
    if (!v->dims)
      return NULL;
    uint32_t i = 0;
    for (const ptx_expr *e = d->dims.head; e; e = e->next, i++) {
      if (e->kind == PTX_EX_SINK) {
        if (i != 0) {
          ptx_error(pc, e->loc, "only the first dimension of '%s' may be left unsized", name);
          return NULL;
        }
        v->flags |= PTX_VARF_UNSIZED;
        continue;
      }
      uint64_t n;
      bool uns;
      if (ptx_expr_eval_int(pc, e, &n, &uns) != 0)
        return NULL;
      if (!uns && (int64_t)n < 0) {
        ptx_error(pc, e->loc, "array '%s' has a negative size", name);
        return NULL;
      }
      v->dims[i] = n;
    }
    /* The size in bytes must fit in 64 bits (ptxas wraps it silently). */
    uint64_t bytes = ptx_var_elem_bytes(v);
    for (uint32_t k = 0; k < v->n_dims; k++) {
      if (v->dims[k] && bytes > UINT64_MAX / v->dims[k]) {
        ptx_error(pc, d->loc, "array '%s' is too large: its size in bytes does not fit in 64 bits",
                  name);
        return NULL;
      }
      bytes *= v->dims[k] ? v->dims[k] : 1;
    }
  }
  if (d->init) {
    if (v->space != PTX_SPACE_GLOBAL && v->space != PTX_SPACE_CONST) {
      ptx_error(pc, d->loc, "'%s': only .global and .const variables can have initializers", name);
      return NULL;
    }
    if (v->linkage == PTX_LINK_EXTERN) {
      ptx_error(pc, d->loc, "'%s': an .extern declaration cannot have an initializer", name);
      return NULL;
    }
    if (v->type == PTX_TYPE_F16 || v->type == PTX_TYPE_F16X2) {
      ptx_error(pc, d->loc, "'%s': .%s variables cannot have initializers", name,
                ptx_type_table[v->type].name);
      return NULL;
    }
    v->init = lower_init(pc, d->init, (ptx_type)v->type, 0);
    if (!v->init || !check_init_shape(pc, v, v->init, 0) || !check_init_values(pc, v, v->init, 0))
      return NULL;
  } else if ((v->flags & PTX_VARF_UNSIZED) && v->linkage != PTX_LINK_EXTERN && !is_param &&
             v->space != PTX_SPACE_SHARED) {
    ptx_error(pc, d->loc, "array '%s' has no size and no initializer to take it from", name);
    return NULL;
  }
  return v;
}

/* Declares v in the current scope and records it where it belongs. */
static void declare_var(ptx_parse_ctx *pc, ptx_var *v, bool in_func)
{
  ptx_bind(pc, &v->sym);
  if (in_func) {
    ptx_push_ptr(pc, &pc->fvars, v);
    ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_DECL);
    if (s)
      s->u.var = v;
  } else {
    ptx_push_ptr(pc, &pc->vars, v);
    ptx_add_item(pc, PTX_ITEM_VAR, v);
  }
}

/* name<N> outside .reg declares N variables, name0 .. name(N-1), each with
 * its own storage (PTX ISA 5.4.6); registers stay one ranged ptx_var. */
static void declare_range(ptx_parse_ctx *pc, ptx_var *v, bool in_func)
{
  const char *base = v->sym.name->str;
  size_t len = strlen(base);
  for (uint32_t i = 0; i < v->range; i++) {
    ptx_var *e = ptx_alloc(pc, sizeof *e);
    char name[64];
    if (!e || len > 40)
      return;
    *e = *v;
    e->range = 0;
    if (i)
      e->flags |= PTX_VARF_GROUPED;
    snprintf(name, sizeof name, "%s%u", base, i);
    e->sym.name = ptx_intern(pc, name, strlen(name));
    if (!e->sym.name)
      return;
    declare_var(pc, e, in_func);
  }
}

void ptx_b_decl(ptx_parse_ctx *pc, ptx_declspec *spec, ptx_dlist decls)
{
  if (!spec)
    goto done;
  bool in_func = pc->func && pc->scope > 0;
  if (!in_func) {
    if (!ptx_require_header(pc, spec->loc))
      goto done;
    if (spec->space == PTX_SPACE_REG) {
      ptx_error(pc, spec->loc, "registers must be declared inside a function");
      goto done;
    }
    if (spec->space == PTX_SPACE_PARAM) {
      ptx_error(pc, spec->loc, ".param variables belong in parameter lists or function bodies");
      goto done;
    }
  } else if (spec->linkage != PTX_LINK_NONE) {
    ptx_error(pc, spec->loc, "linkage .%s is only allowed at module scope",
              ptx_linkage_names[spec->linkage]);
    goto done;
  }
  bool first = true;
  for (const ptx_declarator *d = decls.head; d; d = d->next) {
    ptx_var *v = make_var(pc, spec, d, false);
    if (!v)
      continue;
    if (!first)
      v->flags |= PTX_VARF_GROUPED;
    first = false;
    if (v->range && v->space != PTX_SPACE_REG) {
      if (v->range > 65536) {
        ptx_error(pc, d->loc, "'%s<%u>': at most 65536 variables of a non-register range",
                  v->sym.name->str, v->range);
        continue;
      }
      declare_range(pc, v, in_func);
    } else {
      declare_var(pc, v, in_func);
    }
  }
done:
  ptx_statement_done(pc);
}

/* ------------------------------------------------------------------ */
/* Functions.                                                          */

/* Turns a parameter list into ptx_var pointers in the module arena. */
static ptx_var **make_params(ptx_parse_ctx *pc, const ptx_dlist *l, bool is_entry, bool is_ret,
                             uint32_t *n_out)
{
  *n_out = 0;
  if (!l || l->n == 0)
    return NULL;
  ptx_var **vars = ptx_alloc(pc, sizeof(ptx_var *) * l->n);
  if (!vars)
    return NULL;
  uint32_t n = 0;
  for (const ptx_declarator *d = l->head; d; d = d->next) {
    const ptx_declspec *spec = d->spec;
    if (!spec)
      continue;
    if (spec->space != PTX_SPACE_PARAM && !(spec->space == PTX_SPACE_REG && !is_entry)) {
      ptx_error(pc, d->loc, "parameter '%.*s' must be in .param%s, not .%s", (int)d->name.len,
                d->name.s, is_entry ? "" : " or .reg", ptx_space_names[spec->space]);
      continue;
    }
    if (d->init) {
      ptx_error(pc, d->loc, "parameters cannot have initializers");
      continue;
    }
    if ((d->dims.n && d->dims.head->kind == PTX_EX_SINK) && d->next) {
      ptx_error(pc, d->loc, "only the last parameter may be an unsized array");
      continue;
    }
    ptx_var *v = make_var(pc, spec, d, true);
    if (!v)
      continue;
    if (is_ret)
      v->flags |= PTX_VARF_RETVAL;
    vars[n++] = v;
  }
  *n_out = n;
  return vars;
}

bool ptx_same_prototype(const ptx_func *a, const ptx_func *b)
{
  if (a->n_params != b->n_params || a->n_rets != b->n_rets)
    return false;
  for (uint32_t i = 0; i < a->n_params; i++)
    if (ptx_var_size_bytes(a->params[i]) != ptx_var_size_bytes(b->params[i]))
      return false;
  for (uint32_t i = 0; i < a->n_rets; i++)
    if (ptx_var_size_bytes(a->rets[i]) != ptx_var_size_bytes(b->rets[i]))
      return false;
  return true;
}

void ptx_b_func_header(ptx_parse_ctx *pc, bool is_entry, int linkage, ptx_elist attrs,
                       ptx_dlist *rets, ptx_tok name, ptx_dlist *params, ptx_loc loc)
{
  ptx_require_header(pc, loc);
  ptx_func *f = ptx_alloc(pc, sizeof *f);
  if (!f)
    goto done;
  f->sym.kind = PTX_SYM_FUNC;
  f->sym.name = ptx_intern(pc, name.s, name.len);
  f->sym.loc = loc;
  f->linkage = (uint8_t)linkage;
  f->is_entry = is_entry;
  if (!f->sym.name)
    goto done;
  apply_attributes(pc, NULL, f, attrs);
  f->rets = make_params(pc, rets, is_entry, true, &f->n_rets);
  f->params = make_params(pc, params, is_entry, false, &f->n_params);
  if (is_entry && f->n_rets)
    ptx_error(pc, loc, "kernel '%s' cannot have return parameters", f->sym.name->str);
  if (linkage == PTX_LINK_COMMON)
    ptx_error(pc, loc, ".common linkage applies to variables, not functions");

  pc->func = f;
  pc->func_prev = NULL;
  pc->func_pragmas.n = 0;
  ptx_sym *prev = f->sym.name->var;
  if (prev && prev->scope == 0) {
    if (prev->kind != PTX_SYM_FUNC) {
      report_duplicate(pc, &f->sym, prev);
      goto done;
    }
    ptx_func *pf = (ptx_func *)prev;
    if (pf->is_entry != is_entry || !ptx_same_prototype(pf, f)) {
      ptx_error(pc, loc, "conflicting declaration of '%s'", f->sym.name->str);
      ptx_note(pc, pf->sym.loc, "'%s' was declared here", pf->sym.name->str);
      goto done;
    }
    /* A later declaration or the definition replaces the binding; calls
     * already parsed keep the declaration, whose definition link the
     * executor follows. */
    pc->func_prev = pf;
    f->sym.scope = 0;
    f->sym.shadowed = NULL;
    f->sym.name->var = &f->sym;
  } else {
    ptx_bind(pc, &f->sym);
  }
done:
  ptx_statement_done(pc);
}

void ptx_b_func_perf(ptx_parse_ctx *pc, int kind, ptx_elist args, ptx_loc loc)
{
  ptx_func *f = pc->func;
  if (!f)
    goto done;
  ptx_perf *p = &f->perf;
  uint64_t v[3] = {0, 0, 0};
  uint32_t n = 0;
  for (const ptx_expr *e = args.head; e && n < 3; e = e->next)
    v[n++] = e->tok.val;
  bool three = kind == PTX_PERF_MAXNTID || kind == PTX_PERF_REQNTID ||
               kind == PTX_PERF_REQNCTAPERCLUSTER;
  uint32_t max_args = kind <= PTX_PERF_BLOCKSARECLUSTERS ? 0 : three ? 3 : 1;
  if (args.n > max_args || (max_args && args.n == 0)) {
    ptx_error(pc, loc, "wrong number of values for this directive (%u given, %s%u allowed)", args.n,
              three ? "1 to " : "", max_args);
    goto done;
  }
  for (uint32_t i = 0; i < n; i++)
    if (v[i] > UINT32_MAX || (three && v[i] == 0)) {
      ptx_error(pc, loc, "directive value %llu is out of range", (unsigned long long)v[i]);
      goto done;
    }
  if ((kind == PTX_PERF_ABI_PRESERVE || kind == PTX_PERF_ABI_PRESERVE_CONTROL) && f->is_entry) {
    ptx_error(pc, loc, ".abi_preserve and .abi_preserve_control apply to .func functions, not kernels");
    goto done;
  }
  if (kind == PTX_PERF_MAXNCTAPERSM && pc->m->version_major >= 2)
    ptx_warning(pc, loc, ".maxnctapersm is deprecated since PTX ISA 2.0; use .minnctapersm");
  bool entry_only = kind == PTX_PERF_MAXNTID || kind == PTX_PERF_REQNTID ||
                    kind == PTX_PERF_MINNCTAPERSM || kind == PTX_PERF_MAXNCTAPERSM ||
                    kind == PTX_PERF_MAXCLUSTERRANK || kind == PTX_PERF_REQNCTAPERCLUSTER ||
                    kind == PTX_PERF_EXPLICITCLUSTER || kind == PTX_PERF_BLOCKSARECLUSTERS;
  if (entry_only && !f->is_entry) {
    ptx_error(pc, loc, "this directive applies to kernels (.entry), not .func");
    goto done;
  }
  uint32_t *dst3 = NULL;
  switch (kind) {
  case PTX_PERF_NORETURN:
    if (f->is_entry || f->n_rets)
      ptx_error(pc, loc, ".noreturn applies to .func functions without return parameters");
    p->noreturn = true;
    break;
  case PTX_PERF_EXPLICITCLUSTER: p->explicitcluster = true; break;
  case PTX_PERF_BLOCKSARECLUSTERS: p->blocksareclusters = true; break;
  case PTX_PERF_MAXNTID: dst3 = p->maxntid; break;
  case PTX_PERF_REQNTID: dst3 = p->reqntid; break;
  case PTX_PERF_REQNCTAPERCLUSTER: dst3 = p->reqnctapercluster; break;
  case PTX_PERF_MINNCTAPERSM: p->minnctapersm = (uint32_t)v[0]; break;
  case PTX_PERF_MAXNCTAPERSM: p->maxnctapersm = (uint32_t)v[0]; break;
  case PTX_PERF_MAXNREG: p->maxnreg = (uint32_t)v[0]; break;
  case PTX_PERF_MAXCLUSTERRANK: p->maxclusterrank = (uint32_t)v[0]; break;
  case PTX_PERF_ABI_PRESERVE:
    p->abi_preserve = (uint32_t)v[0];
    p->has_abi_preserve = true;
    break;
  case PTX_PERF_ABI_PRESERVE_CONTROL:
    p->abi_preserve_control = (uint32_t)v[0];
    p->has_abi_preserve_control = true;
    break;
  default: break;
  }
  if (dst3) {
    /* Omitted dimensions are 1 (PTX ISA 11.4). */
    for (uint32_t i = 0; i < 3; i++)
      dst3[i] = i < n ? (uint32_t)v[i] : 1;
  }
done:
  ptx_statement_done(pc);
}

void ptx_b_func_body_begin(ptx_parse_ctx *pc, ptx_loc loc)
{
  ptx_func *f = pc->func;
  if (!f)
    return;
  ptx_func *pf = pc->func_prev;
  while (pf && !pf->has_body)
    pf = pf->definition;
  if (pf) {
    ptx_error(pc, f->sym.loc, "redefinition of '%s'", f->sym.name->str);
    ptx_note(pc, pf->sym.loc, "'%s' was defined here", pf->sym.name->str);
  }
  f->has_body = true;
  pc->body_loc = loc;
  pc->insns.n = pc->stmts.n = pc->labels.n = pc->fvars.n = pc->label_refs.n = 0;
  ptx_scope_open(pc);
  for (uint32_t i = 0; i < f->n_rets; i++)
    ptx_bind(pc, &f->rets[i]->sym);
  for (uint32_t i = 0; i < f->n_params; i++)
    ptx_bind(pc, &f->params[i]->sym);
}

/* Labels may be used before their definition: resolve them now. */
static void resolve_labels(ptx_parse_ctx *pc)
{
  for (uint32_t i = 0; i < pc->label_refs.n; i++) {
    ptx_label_ref *r = &PTX_VEC_AT(&pc->label_refs, ptx_label_ref, i);
    ptx_label *l = r->name->label;
    if (l)
      r->opnd->u.label = l;
    else if (r->want_label)
      ptx_error(pc, r->opnd->loc, "undefined label '%s'", r->name->str);
    else
      ptx_error(pc, r->opnd->loc, "'%s' is not declared", r->name->str);
  }
  for (uint32_t i = 0; i < pc->labels.n; i++)
    PTX_VEC_AT(&pc->labels, ptx_label *, i)->name->label = NULL;
}

/* Directives that only make sense together, or not together (PTX ISA
 * 11.4, 11.7, 11.8). */
static void check_perf(ptx_parse_ctx *pc, const ptx_func *f)
{
  const ptx_perf *p = &f->perf;
  if (p->reqntid[0] && p->maxntid[0])
    ptx_error(pc, f->sym.loc, "'%s': .reqntid and .maxntid cannot be used together", f->sym.name->str);
  if (p->reqnctapercluster[0] && p->maxclusterrank)
    ptx_error(pc, f->sym.loc, "'%s': .reqnctapercluster and .maxclusterrank cannot be used together",
              f->sym.name->str);
  if (p->blocksareclusters && (!p->reqntid[0] || !p->reqnctapercluster[0]))
    ptx_error(pc, f->sym.loc, "'%s': .blocksareclusters needs .reqntid and .reqnctapercluster",
              f->sym.name->str);
}

void ptx_b_func_end(ptx_parse_ctx *pc, ptx_func_end_kind end, ptx_loc loc)
{
  (void)loc;
  ptx_func *f = pc->func;
  if (!f)
    return;
  bool has_body = end == PTX_FUNC_END_BODY;
  check_perf(pc, f);
  if (pc->func_pragmas.n && end != PTX_FUNC_END_NONE && !f->is_entry) {
    ptx_error(pc, pc->func_pragma_loc,
              ".pragma may come before a kernel's body, not a .func's (put it in the body)");
    pc->func_pragmas.n = 0;
  }
  /* After a declaration without ';', the pragmas are the module's. */
  uint32_t module_pragmas = 0;
  if (end == PTX_FUNC_END_NONE) {
    module_pragmas = pc->func_pragmas.n;
    pc->func_pragmas.n = 0;
  }
  if (has_body) {
    resolve_labels(pc);
    while (pc->scope > 0)
      ptx_scope_close(pc); /* also closes blocks an error left open */
    f->n_insns = pc->insns.n;
    f->insns = ptx_copy_vec(pc, &pc->insns, sizeof(ptx_insn));
    f->n_stmts = pc->stmts.n;
    f->stmts = ptx_copy_vec(pc, &pc->stmts, sizeof(ptx_stmt));
    f->n_labels = pc->labels.n;
    f->labels = ptx_copy_vec(pc, &pc->labels, sizeof(ptx_label *));
    f->n_vars = pc->fvars.n;
    f->vars = ptx_copy_vec(pc, &pc->fvars, sizeof(ptx_var *));
  }
  f->n_pragmas = pc->func_pragmas.n;
  f->pragmas = ptx_copy_vec(pc, &pc->func_pragmas, sizeof(char *));
  if (pc->func_prev && has_body) {
    for (ptx_func *pf = pc->func_prev; pf; pf = pf->definition == f ? NULL : pf->definition) {
      if (!pf->has_body && !pf->definition)
        pf->definition = f;
      if (pf->definition == f)
        break;
    }
  }
  ptx_push_ptr(pc, &pc->funcs, f);
  ptx_add_item(pc, PTX_ITEM_FUNC, f);
  for (uint32_t i = 0; i < module_pragmas; i++)
    ptx_add_item(pc, PTX_ITEM_PRAGMA, ((void **)pc->func_pragmas.data)[i]);
  pc->func = NULL;
  pc->func_prev = NULL;
  ptx_statement_done(pc);
}

/* ------------------------------------------------------------------ */
/* Body statements other than instructions.                            */

ptx_stmt *ptx_add_stmt(ptx_parse_ctx *pc, ptx_stmt_kind kind)
{
  ptx_stmt *s = ptx_vec_push(&pc->stmts, sizeof *s);
  if (!s) {
    ptx_oom(pc);
    return NULL;
  }
  s->kind = (uint8_t)kind;
  return s;
}

void ptx_b_block_begin(ptx_parse_ctx *pc, ptx_loc loc)
{
  (void)loc;
  ptx_add_stmt(pc, PTX_STMT_BLOCK_BEGIN);
  ptx_scope_open(pc);
}

void ptx_b_block_end(ptx_parse_ctx *pc, ptx_loc loc)
{
  (void)loc;
  if (pc->scope > 1)
    ptx_scope_close(pc);
  ptx_add_stmt(pc, PTX_STMT_BLOCK_END);
  ptx_statement_done(pc);
}

void ptx_b_label(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc)
{
  ptx_name *n = ptx_intern(pc, name.s, name.len);
  if (!n)
    return;
  if (n->label) {
    const ptx_label *prev = n->label;
    ptx_error(pc, loc, "duplicate label '%s'", n->str);
    ptx_note(pc, prev->loc, "'%s' was defined here", n->str);
    return;
  }
  ptx_label *l = ptx_alloc(pc, sizeof *l);
  if (!l)
    return;
  l->name = n;
  l->loc = loc;
  l->insn = pc->insns.n;
  n->label = l;
  ptx_push_ptr(pc, &pc->labels, l);
  ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_LABEL);
  if (s)
    s->u.label = l;
}

void ptx_b_callprototype(ptx_parse_ctx *pc, ptx_tok label, ptx_dlist *rets, ptx_dlist *params,
                         ptx_elist perf, ptx_loc loc)
{
  ptx_func *f = ptx_alloc(pc, sizeof *f);
  if (!f)
    goto done;
  f->sym.kind = PTX_SYM_PROTO;
  f->sym.name = ptx_intern(pc, label.s, label.len);
  f->sym.loc = loc;
  f->is_prototype = true;
  if (!f->sym.name)
    goto done;
  f->rets = make_params(pc, rets, false, true, &f->n_rets);
  f->params = make_params(pc, params, false, false, &f->n_params);
  /* .noreturn, .abi_preserve N, .abi_preserve_control N */
  for (const ptx_expr *e = perf.head; e; e = e->next) {
    uint64_t kind = e->tok.val;
    if (kind == PTX_PERF_NORETURN) {
      if (f->n_rets)
        ptx_error(pc, e->loc, ".noreturn cannot apply to a prototype with return parameters");
      f->perf.noreturn = true;
    } else if ((kind == PTX_PERF_ABI_PRESERVE || kind == PTX_PERF_ABI_PRESERVE_CONTROL) && e->next &&
               e->next->kind == PTX_EX_INT) {
      uint64_t v = e->next->tok.val;
      if (v > UINT32_MAX)
        ptx_error(pc, e->next->loc, "directive value %llu is out of range", (unsigned long long)v);
      else if (kind == PTX_PERF_ABI_PRESERVE) {
        f->perf.abi_preserve = (uint32_t)v;
        f->perf.has_abi_preserve = true;
      } else {
        f->perf.abi_preserve_control = (uint32_t)v;
        f->perf.has_abi_preserve_control = true;
      }
      e = e->next;
    } else {
      ptx_error(pc, e->loc, "'%.*s' does not apply to a .callprototype", (int)e->tok.len, e->tok.s);
    }
  }
  ptx_bind(pc, &f->sym);
  ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_PROTO);
  if (s)
    s->u.proto = f;
done:
  ptx_statement_done(pc);
}

/* Appends one target named s[0..len) to t. */
static void add_target(ptx_parse_ctx *pc, ptx_targets *t, bool is_call, ptx_tok name, ptx_loc loc)
{
  ptx_operand *o = &t->items[t->n++];
  o->loc = loc;
  if (is_call) {
    ptx_func *f = ptx_lookup_func(pc, name, loc);
    o->kind = PTX_OPND_SYM;
    o->u.sym.sym = f ? &f->sym : NULL;
    return;
  }
  o->kind = PTX_OPND_LABEL;
  ptx_label_ref *r = ptx_vec_push(&pc->label_refs, sizeof *r);
  if (!r) {
    ptx_oom(pc);
    return;
  }
  r->opnd = o;
  r->name = ptx_intern(pc, name.s, name.len);
  r->want_label = true;
}

void ptx_b_targets(ptx_parse_ctx *pc, ptx_tok label, bool is_call, ptx_elist names, ptx_loc loc)
{
  /* Count the targets: N<k> stands for N0 .. N(k-1). */
  uint64_t n = 0;
  for (const ptx_expr *e = names.head; e; e = e->next)
    n += e->kind == PTX_EX_INDEX ? e->a->tok.val : 1;
  if (n > 65536) {
    ptx_error(pc, loc, "too many targets (%llu)", (unsigned long long)n);
    goto done;
  }
  ptx_targets *t = ptx_alloc(pc, sizeof *t);
  if (!t)
    goto done;
  t->sym.kind = is_call ? PTX_SYM_CALLTARGETS : PTX_SYM_BRANCHTARGETS;
  t->sym.name = ptx_intern(pc, label.s, label.len);
  t->sym.loc = loc;
  t->items = ptx_alloc(pc, sizeof(ptx_operand) * (n ? n : 1));
  if (!t->sym.name || !t->items)
    goto done;
  for (const ptx_expr *e = names.head; e; e = e->next) {
    if (e->kind != PTX_EX_INDEX) {
      add_target(pc, t, is_call, e->tok, e->loc);
      continue;
    }
    for (uint64_t i = 0; i < e->a->tok.val; i++) {
      char name[160];
      int len = snprintf(name, sizeof name, "%.*s%llu", (int)(e->tok.len > 120 ? 120 : e->tok.len),
                         e->tok.s, (unsigned long long)i);
      ptx_name *interned = ptx_intern(pc, name, (size_t)len);
      if (!interned)
        goto done;
      ptx_tok tok = {interned->str, interned->len, false, 0};
      add_target(pc, t, is_call, tok, e->loc);
    }
  }
  ptx_bind(pc, &t->sym);
  ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_TARGETS);
  if (s)
    s->u.targets = t;
done:
  ptx_statement_done(pc);
}
