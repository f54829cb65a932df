/* ptx_build_insn.c -- IR builder: instruction words, operands and
 * instruction statements.
 *
 * An instruction word is decoded once per spelling into a shared ptx_form
 * (opcode, modifiers, types, vector width, shape) cached on the interned
 * word.  Operand expression trees become ptx_operands: registers and
 * variables resolve through the scopes at once, constant expressions are
 * evaluated, and names not yet declared are taken for labels to be
 * resolved at the end of the function.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_build_int.h"
#include "frontend/ptx_parser.h"

enum { MAX_WORD_PARTS = 32 };

bool ptx_form_has(const ptx_form *f, ptx_mod m)
{
  for (uint8_t i = 0; i < f->n_mods; i++)
    if (f->mods[i] == m)
      return true;
  return false;
}

/* mMnN or mMnNkK (.m16n8k16, .m8n8). */
static bool parse_shape(const ptx_word_part *p, uint32_t *m, uint32_t *n, uint32_t *k)
{
  const char *s = p->s, *end = p->s + p->len;
  uint32_t vals[3] = {0, 0, 0};
  static const char keys[3] = {'m', 'n', 'k'};
  int i = 0;
  for (; i < 3 && s < end; i++) {
    if (*s != keys[i])
      return false;
    s++;
    if (s == end || *s < '0' || *s > '9')
      return false;
    uint32_t v = 0;
    while (s < end && *s >= '0' && *s <= '9' && v < 100000)
      v = v * 10 + (uint32_t)(*s++ - '0');
    vals[i] = v;
  }
  if (s != end || i < 2)
    return false;
  *m = vals[0];
  *n = vals[1];
  *k = vals[2];
  return *m <= 255 && *n <= 65535 && *k <= 65535;
}

/* Column of the dot before part p of a word starting at word_loc. */
static ptx_loc part_loc(ptx_loc word_loc, const char *word, const ptx_word_part *p)
{
  ptx_loc l = word_loc;
  l.col += (uint32_t)(p->s - word) - 1;
  return l;
}

static const ptx_form *decode_form(ptx_parse_ctx *pc, ptx_name *word, ptx_loc loc)
{
  ptx_word_part parts[MAX_WORD_PARTS];
  bool used[MAX_WORD_PARTS];
  int n = ptx_word_split(word->str, word->len, parts, MAX_WORD_PARTS);
  if (n < 0) {
    ptx_error(pc, loc, "malformed instruction '%s'", word->str);
    return NULL;
  }
  ptx_op op = ptx_op_select(parts, n, used);
  if (op == PTX_OP_NONE) {
    if (word->str[0] == '%' || word->str[0] == '$')
      ptx_error(pc, loc, "unexpected '%s', expected an instruction, a directive or a label", word->str);
    else
      ptx_error(pc, loc, "unknown instruction '%.*s'", (int)parts[0].len, parts[0].s);
    return NULL;
  }
  const ptx_op_info *info = &ptx_op_table[op];
  uint16_t mods[MAX_WORD_PARTS];
  ptx_form tmp = {0};
  tmp.vec = 1;
  int n_mods = 0;
  bool ok = true;
  for (int i = 0; i < n; i++) {
    if (used[i])
      continue;
    const ptx_word_part *p = &parts[i];
    uint32_t sm, sn, sk;
    ptx_mod m;
    if ((info->categories & PTX_MC(SHAPE)) && parse_shape(p, &sm, &sn, &sk)) {
      if (tmp.shape_m) {
        ptx_error(pc, part_loc(loc, word->str, p), "'%s' has two shapes", word->str);
        ok = false;
      }
      tmp.shape_m = (uint8_t)sm;
      tmp.shape_n = (uint16_t)sn;
      tmp.shape_k = (uint16_t)sk;
      m = PTX_MOD_SHAPE;
    } else {
      m = ptx_mod_lookup(p->s, p->len);
      if (m == PTX_MOD_NONE) {
        ptx_error(pc, part_loc(loc, word->str, p), "unknown modifier '.%.*s' in '%s'", (int)p->len,
                  p->s, word->str);
        ok = false;
        continue;
      }
      const ptx_mod_info *mi = ptx_mod_get(m);
      if (!(mi->categories & info->categories)) {
        ptx_error(pc, part_loc(loc, word->str, p), "modifier '.%s' is not valid for '%s'", mi->name,
                  info->mnemonic);
        ok = false;
        continue;
      }
      if (ptx_mod_is_type(m)) {
        if (tmp.n_types == 5) {
          ptx_error(pc, part_loc(loc, word->str, p), "too many types in '%s'", word->str);
          ok = false;
          continue;
        }
        tmp.types[tmp.n_types++] = (uint8_t)m;
      } else if ((mi->categories & PTX_MC(VEC)) && (info->categories & PTX_MC(VEC))) {
        if (tmp.vec != 1) {
          ptx_error(pc, part_loc(loc, word->str, p), "'%s' has two vector sizes", word->str);
          ok = false;
        }
        tmp.vec = m == PTX_MOD_V2 ? 2 : m == PTX_MOD_V4 ? 4 : 8;
      }
    }
    mods[n_mods++] = m;
  }
  if (!ok)
    return NULL;
  if (tmp.n_types < info->min_types || tmp.n_types > info->max_types) {
    if (info->max_types == 0)
      ptx_error(pc, loc, "'%s' takes no type, found .%s", info->mnemonic,
                ptx_type_table[tmp.types[0]].name);
    else if (tmp.n_types < info->min_types)
      ptx_error(pc, loc, "'%s' needs %s%u type modifier%s (e.g. .%s)", word->str,
                info->min_types == info->max_types ? "" : "at least ", info->min_types,
                info->min_types == 1 ? "" : "s", op == PTX_OP_CVT ? "u32.u16" : "u32");
    else
      ptx_error(pc, loc, "'%s' has %u type modifiers, at most %u allowed", word->str, tmp.n_types,
                info->max_types);
    return NULL;
  }
  ptx_form *f = ptx_alloc(pc, sizeof(ptx_form) + sizeof(uint16_t) * (size_t)n_mods);
  if (!f)
    return NULL;
  *f = tmp;
  f->word = word;
  f->op = (uint16_t)op;
  f->n_mods = (uint8_t)n_mods;
  memcpy(f->mods, mods, sizeof(uint16_t) * (size_t)n_mods);
  return f;
}

const ptx_form *ptx_form_get(ptx_parse_ctx *pc, ptx_tok word, ptx_loc loc)
{
  ptx_name *n = ptx_intern(pc, word.s, word.len);
  if (!n)
    return NULL;
  if (n->aux)
    return n->aux;
  const ptx_form *f = decode_form(pc, n, loc);
  if (f) {
    n->aux = (void *)f;
    ptx_check_versions(pc, f, loc);
  }
  return f;
}

/* ------------------------------------------------------------------ */
/* Operands.                                                           */

typedef struct lower_ctx {
  ptx_parse_ctx *pc;
  ptx_op op;
} lower_ctx;

static int lower(lower_ctx *lc, const ptx_expr *e, ptx_operand *o, int depth);

/* Splits "%tid.x" into the name and its component modifier. */
static int split_component(ptx_parse_ctx *pc, const ptx_expr *e, size_t *base_len, uint16_t *comp)
{
  const char *s = e->tok.s;
  size_t len = e->tok.len;
  const char *dot = memchr(s, '.', len);
  *comp = PTX_COMP_NONE;
  *base_len = len;
  if (!dot)
    return 0;
  *base_len = (size_t)(dot - s);
  const char *c = dot + 1;
  size_t clen = len - *base_len - 1;
  ptx_mod m = ptx_mod_lookup_component(c, clen);
  uint64_t cats = m ? ptx_mod_get(m)->categories : 0;
  if (!(cats & (PTX_MC(COMP) | PTX_MC(VSEL))) || memchr(c, '.', clen)) {
    ptx_error(pc, e->loc, "unknown component '.%.*s' of '%.*s'", (int)clen, c, (int)*base_len, s);
    return -1;
  }
  *comp = m;
  return 0;
}

static int lower_name(lower_ctx *lc, const ptx_expr *e, ptx_operand *o)
{
  ptx_parse_ctx *pc = lc->pc;
  size_t base_len;
  uint16_t comp;
  if (split_component(pc, e, &base_len, &comp) != 0)
    return -1;
  const char *s = e->tok.s;
  o->comp = comp;
  if (base_len == 7 && memcmp(s, "WARP_SZ", 7) == 0 && !comp) {
    o->kind = PTX_OPND_IMM;
    o->u.imm = 32;
    return 0;
  }
  uint32_t index;
  ptx_sym *sym = ptx_lookup(pc, s, base_len, &index);
  if (sym) {
    if (sym->kind == PTX_SYM_VAR && ((ptx_var *)sym)->space == PTX_SPACE_REG) {
      ptx_var *v = (ptx_var *)sym;
      o->kind = PTX_OPND_REG;
      o->u.reg.var = v;
      o->u.reg.index = index;
      if (comp && (ptx_mod_get(comp)->categories & PTX_MC(COMP)) && v->vec == 1 &&
          !(ptx_mod_get(comp)->categories & PTX_MC(VSEL))) {
        ptx_error(pc, e->loc, "'%.*s' is not a vector register", (int)base_len, s);
        return -1;
      }
      return 0;
    }
    if (comp) {
      ptx_error(pc, e->loc, "'%s' has no components", sym->name->str);
      return -1;
    }
    o->kind = PTX_OPND_SYM;
    o->u.sym.sym = sym;
    return 0;
  }
  unsigned sidx;
  ptx_sreg sr = ptx_sreg_lookup(s, base_len, &sidx);
  if (sr != PTX_SREG_NONE) {
    const ptx_sreg_info *si = &ptx_sreg_table[sr];
    if (!si->is_vector && comp) {
      ptx_error(pc, e->loc, "special register '%.*s' has no components", (int)base_len, s);
      return -1;
    }
    if (comp && comp != PTX_MOD_X && comp != PTX_MOD_Y && comp != PTX_MOD_Z && comp != PTX_MOD_W) {
      ptx_error(pc, e->loc, "special register '%.*s' has components .x, .y, .z and .w", (int)base_len, s);
      return -1;
    }
    o->kind = PTX_OPND_SREG;
    o->u.sreg.id = (uint16_t)sr;
    o->u.sreg.index = (uint16_t)sidx;
    if (pc->m->sm && si->min_sm > pc->m->sm)
      ptx_warning(pc, e->loc, "special register %s requires sm_%u or later; the module targets sm_%u",
                  si->name, si->min_sm, pc->m->sm);
    return 0;
  }
  if (lc->op != PTX_OP_BRA || comp || s[0] == '%') {
    /* Everything but a branch target is declared before use. */
    if (lc->op == PTX_OP_CALL && !comp && s[0] != '%')
      ptx_error(pc, e->loc, "undefined function '%.*s'", (int)base_len, s);
    else
      ptx_error(pc, e->loc, "'%.*s' is not declared", (int)base_len, s);
    return -1;
  }
  /* A branch target: labels may be used before their definition. */
  o->kind = PTX_OPND_LABEL;
  ptx_label_ref *r = ptx_vec_push(&pc->label_refs, sizeof *r);
  if (!r) {
    ptx_oom(pc);
    return -1;
  }
  r->opnd = o;
  r->name = ptx_intern(pc, s, base_len);
  r->want_label = true;
  return r->name ? 0 : -1;
}

static int lower_const(lower_ctx *lc, const ptx_expr *e, ptx_operand *o)
{
  ptx_cval v;
  if (ptx_expr_eval(lc->pc, e, &v) != 0)
    return -1;
  o->u.imm = v.bits;
  switch (v.kind) {
  case PTX_CV_F32: o->kind = PTX_OPND_F32; break;
  case PTX_CV_F64: o->kind = PTX_OPND_F64; break;
  case PTX_CV_U64:
    o->kind = PTX_OPND_IMM;
    o->flags |= PTX_OPNDF_UNSIGNED;
    break;
  default: o->kind = PTX_OPND_IMM; break;
  }
  return 0;
}

static int lower_list(lower_ctx *lc, const ptx_expr *e, ptx_operand *o, ptx_opnd_kind kind, int depth)
{
  o->kind = (uint8_t)kind;
  o->n = e->n;
  if (e->n == 0)
    return 0;
  o->u.list = ptx_alloc(lc->pc, sizeof(ptx_operand) * e->n);
  if (!o->u.list)
    return -1;
  uint32_t i = 0;
  for (const ptx_expr *x = e->list; x; x = x->next, i++)
    if (lower(lc, x, &o->u.list[i], depth + 1) != 0)
      return -1;
  return 0;
}

/* var[i], var[reg], var[reg+i], var[reg-i]: an array element (PTX ISA
 * 6.4.2), the index scaled by the element size as ptxas does. */
static int lower_index(lower_ctx *lc, const ptx_expr *e, ptx_operand *o)
{
  ptx_parse_ctx *pc = lc->pc;
  ptx_expr name = *e;
  name.kind = PTX_EX_NAME;
  ptx_operand *parts = ptx_alloc(pc, sizeof(ptx_operand) * 3);
  if (!parts)
    return -1;
  parts[0].loc = e->loc;
  if (lower_name(lc, &name, &parts[0]) != 0)
    return -1;
  if (parts[0].kind != PTX_OPND_SYM || parts[0].u.sym.sym->kind != PTX_SYM_VAR) {
    ptx_error(pc, e->loc, "'%.*s' is not an array variable", (int)e->tok.len, e->tok.s);
    return -1;
  }
  o->kind = PTX_OPND_INDEX;
  o->u.list = parts;
  const ptx_expr *ix = e->a;
  if (ptx_expr_is_const(ix)) {
    o->n = 2;
    return lower_const(lc, ix, &parts[1]);
  }
  const ptx_expr *reg = ix, *off = NULL;
  if (ix->kind == PTX_EX_BINARY && (ix->op == '+' || ix->op == '-') && ptx_expr_is_const(ix->b)) {
    reg = ix->a;
    off = ix->b;
  }
  if (reg->kind != PTX_EX_NAME) {
    ptx_error(pc, ix->loc, "an array index is a constant, a register, or a register plus or minus a constant");
    return -1;
  }
  parts[1].loc = reg->loc;
  if (lower_name(lc, reg, &parts[1]) != 0)
    return -1;
  if (parts[1].kind != PTX_OPND_REG) {
    ptx_error(pc, reg->loc, "an array index must be a register or a constant");
    return -1;
  }
  o->n = 2;
  if (off) {
    parts[2].loc = off->loc;
    if (lower_const(lc, off, &parts[2]) != 0)
      return -1;
    if (parts[2].kind != PTX_OPND_IMM) {
      ptx_error(pc, off->loc, "an array index offset must be an integer");
      return -1;
    }
    if (ix->op == '-')
      parts[2].u.imm = 0 - parts[2].u.imm;
    o->n = 3;
  }
  return 0;
}

/* [base], [base+off], [imm], [var[index]]. */
static int lower_address(lower_ctx *lc, const ptx_expr *e, ptx_operand *o, int depth)
{
  ptx_parse_ctx *pc = lc->pc;
  o->kind = PTX_OPND_ADDR;
  int64_t off = 0;
  const ptx_expr *base = e;
  if (e->kind == PTX_EX_BINARY && (e->op == '+' || e->op == '-') && !ptx_expr_is_const(e->a) &&
      ptx_expr_is_const(e->b)) {
    if (e->op == '-') {
      /* ptxas rejects [r-4]; PTX writes a negative offset as [r+-4]. */
      ptx_error(pc, e->loc, "write a negative address offset as [base+-N]");
      return -1;
    }
    uint64_t v;
    if (ptx_expr_eval_int(pc, e->b, &v, NULL) != 0)
      return -1;
    off = (int64_t)v;
    base = e->a;
  }
  if (ptx_expr_is_const(base)) {
    uint64_t v;
    if (ptx_expr_eval_int(pc, base, &v, NULL) != 0)
      return -1;
    o->u.addr.base = NULL;
    o->u.addr.offset = (int64_t)v; /* off is 0: a constant base was not split */
    return 0;
  }
  if (base->kind != PTX_EX_NAME && base->kind != PTX_EX_INDEX) {
    ptx_error(pc, e->loc, "malformed address: expected [reg], [var], [reg+imm], [var+imm] or [imm]");
    return -1;
  }
  ptx_operand *b = ptx_alloc(pc, sizeof *b);
  if (!b)
    return -1;
  b->loc = base->loc;
  if (base->kind == PTX_EX_INDEX) {
    if (off) {
      ptx_error(pc, e->loc, "an array element address takes no further offset");
      return -1;
    }
    return lower_index(lc, base, o); /* [var[i]] is var[i] */
  }
  if (lower_name(lc, base, b) != 0)
    return -1;
  if (b->kind != PTX_OPND_REG && b->kind != PTX_OPND_SYM) {
    ptx_error(pc, base->loc, "'%.*s' cannot be used as an address", (int)base->tok.len, base->tok.s);
    return -1;
  }
  if (b->kind == PTX_OPND_SYM && b->u.sym.sym->kind != PTX_SYM_VAR && b->u.sym.sym->kind != PTX_SYM_FUNC) {
    ptx_error(pc, base->loc, "'%s' cannot be used as an address", b->u.sym.sym->name->str);
    return -1;
  }
  o->u.addr.base = b;
  o->u.addr.offset = off;
  return 0;
}

static int lower(lower_ctx *lc, const ptx_expr *e, ptx_operand *o, int depth)
{
  ptx_parse_ctx *pc = lc->pc;
  if (!e)
    return -1;
  o->loc = e->loc;
  if (depth > 16) {
    ptx_error(pc, e->loc, "operand nested too deeply");
    return -1;
  }
  if (ptx_expr_is_const(e))
    return lower_const(lc, e, o);
  switch (e->kind) {
  case PTX_EX_NAME:
    if (e->is_paren && lc->op == PTX_OP_CALL) {
      /* call ... (param0) ...: a one-element parameter list */
      o->kind = PTX_OPND_LIST;
      o->n = 1;
      o->u.list = ptx_alloc(pc, sizeof(ptx_operand));
      if (!o->u.list)
        return -1;
      o->u.list[0].loc = e->loc;
      return lower_name(lc, e, &o->u.list[0]);
    }
    return lower_name(lc, e, o);
  case PTX_EX_SINK:
    o->kind = PTX_OPND_SINK;
    return 0;
  case PTX_EX_UNARY:
    if ((e->op == '!' || e->op == '-') && e->a && e->a->kind == PTX_EX_NAME) {
      if (lower_name(lc, e->a, o) != 0)
        return -1;
      if (o->kind != PTX_OPND_REG) {
        ptx_error(pc, e->loc, "'%c' applies to registers here", e->op);
        return -1;
      }
      o->flags |= PTX_OPNDF_NEG;
      o->loc = e->loc;
      return 0;
    }
    break;
  case PTX_EX_BINARY:
    if (e->op == '|' &&
        (e->a->kind == PTX_EX_NAME || e->a->kind == PTX_EX_SINK || e->a->kind == PTX_EX_VEC) &&
        (e->b->kind == PTX_EX_NAME || e->b->kind == PTX_EX_SINK)) {
      o->kind = PTX_OPND_PAIR;
      o->n = 2;
      o->u.list = ptx_alloc(pc, sizeof(ptx_operand) * 2);
      if (!o->u.list)
        return -1;
      return lower(lc, e->a, &o->u.list[0], depth + 1) | lower(lc, e->b, &o->u.list[1], depth + 1);
    }
    if ((e->op == '+' || e->op == '-') && e->a->kind == PTX_EX_NAME && ptx_expr_is_const(e->b)) {
      /* var+offset: the address of a variable with an offset (mov, cvta) */
      uint64_t v;
      if (lower_name(lc, e->a, o) != 0 || ptx_expr_eval_int(pc, e->b, &v, NULL) != 0)
        return -1;
      if (o->kind != PTX_OPND_SYM) {
        ptx_error(pc, e->loc, "register plus offset is only allowed inside an address [reg+imm]");
        return -1;
      }
      o->u.sym.offset = ptx_offset_apply(0, e->op, v);
      o->loc = e->loc;
      return 0;
    }
    break;
  case PTX_EX_INDEX:
    return lower_index(lc, e, o);
  case PTX_EX_VEC:
    return lower_list(lc, e, o, PTX_OPND_VEC, depth);
  case PTX_EX_LIST:
    return lower_list(lc, e, o, PTX_OPND_LIST, depth);
  case PTX_EX_ADDR:
    if (e->tok.len) {
      if (e->tok.len != 8 || memcmp(e->tok.s, ".unified", 8) != 0) {
        ptx_error(pc, e->loc2, "unexpected '%.*s' after an address (only .unified may follow)",
                  (int)e->tok.len, e->tok.s);
        return -1;
      }
      o->flags |= PTX_OPNDF_UNIFIED;
    }
    if (e->n == 1) {
      uint8_t flags = o->flags;
      if (lower_address(lc, e->list, o, depth) != 0)
        return -1;
      o->flags |= flags;
      o->loc = e->loc;
      return 0;
    }
    return lower_list(lc, e, o, PTX_OPND_TEX, depth);
  case PTX_EX_CALL:
    ptx_error(pc, e->loc, "'%.*s(...)' is only allowed in initializers", (int)e->tok.len, e->tok.s);
    return -1;
  default:
    break;
  }
  ptx_error(pc, e->loc, "expected a register, a constant, an address or a label");
  return -1;
}

/* ------------------------------------------------------------------ */
/* Instruction statements.                                             */

void ptx_b_insn(ptx_parse_ctx *pc, ptx_tok *guard, bool guard_neg, ptx_loc guard_loc, ptx_tok word,
                ptx_loc word_loc, ptx_elist opnds)
{
  if (!pc->func || pc->scope == 0) {
    ptx_error(pc, word_loc, "instruction outside a function body");
    goto done;
  }
  const ptx_form *f = ptx_form_get(pc, word, word_loc);
  if (!f)
    goto done;
  if (opnds.n > 255) {
    ptx_error(pc, word_loc, "too many operands");
    goto done;
  }
  ptx_insn in = {0};
  in.form = f;
  in.loc = guard ? guard_loc : word_loc;
  in.loc.col = guard ? guard_loc.col - 1 - guard_neg : word_loc.col; /* the @ */
  in.dbg = pc->cur_dbg;
  in.guard_neg = guard_neg;
  if (guard) {
    ptx_operand *g = ptx_alloc(pc, sizeof *g);
    if (!g)
      goto done;
    ptx_expr ge = {0};
    ge.kind = PTX_EX_NAME;
    ge.tok = *guard;
    ge.loc = guard_loc;
    lower_ctx lc = {pc, (ptx_op)f->op};
    if (lower_name(&lc, &ge, g) != 0)
      goto done;
    if (g->kind != PTX_OPND_REG || g->u.reg.var->type != PTX_TYPE_PRED) {
      ptx_error(pc, guard_loc, "guard '%.*s' is not a predicate register", (int)guard->len, guard->s);
      goto done;
    }
    g->loc = guard_loc;
    in.guard = g;
  }
  in.n_opnds = (uint8_t)opnds.n;
  if (opnds.n) {
    in.opnds = ptx_alloc(pc, sizeof(ptx_operand) * opnds.n);
    if (!in.opnds)
      goto done;
    lower_ctx lc = {pc, (ptx_op)f->op};
    uint32_t i = 0;
    bool ok = true;
    for (const ptx_expr *e = opnds.head; e; e = e->next, i++) {
      if (lower(&lc, e, &in.opnds[i], 0) != 0)
        ok = false;
    }
    if (!ok)
      goto done;
  }
  ptx_validate_insn(pc, &in);
  ptx_insn *slot = ptx_vec_push(&pc->insns, sizeof *slot);
  ptx_stmt *s = ptx_add_stmt(pc, PTX_STMT_INSN);
  if (!slot || !s) {
    ptx_oom(pc);
    goto done;
  }
  *slot = in;
  s->u.insn = pc->insns.n - 1;
done:
  ptx_statement_done(pc);
}
