/* ptx_validate.c -- semantic checks of one instruction against its row of
 * ptx_ops.def: operand count and kinds from the signature, register types
 * against the instruction's types (PTX ISA 6.1 and 6.5.1), the special
 * syntax of call, and the .version/.target each opcode and modifier needs.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "frontend/ptx_build_int.h"

typedef ptx_sig_slot sig_slot;

/* The instruction type a slot expects; PTX_TYPE_NONE for any. */
static ptx_type slot_type(const sig_slot *s, const ptx_form *f)
{
  switch (s->type) {
  case '*':
    return PTX_TYPE_NONE;
  case 'n':
    return (ptx_type)s->named;
  case 'w': {
    ptx_type t = f->n_types ? (ptx_type)f->types[0] : PTX_TYPE_NONE;
    if (t && ptx_form_has(f, PTX_MOD_WIDE)) {
      /* .wide doubles the width: u16->u32, s32->s64 ... */
      static const struct { uint8_t from, to; } widen[] = {
        {PTX_TYPE_U16, PTX_TYPE_U32}, {PTX_TYPE_S16, PTX_TYPE_S32}, {PTX_TYPE_U32, PTX_TYPE_U64},
        {PTX_TYPE_S32, PTX_TYPE_S64}, {PTX_TYPE_B16, PTX_TYPE_B32}, {PTX_TYPE_B32, PTX_TYPE_B64}};
      for (size_t i = 0; i < PTX_ARRAY_SIZE(widen); i++)
        if (widen[i].from == t)
          return (ptx_type)widen[i].to;
    }
    return t;
  }
  default: {
    int k = s->type - '0';
    if (f->n_types == 0)
      return PTX_TYPE_NONE;
    if (k >= f->n_types)
      k = f->n_types - 1;
    return (ptx_type)f->types[k];
  }
  }
}

typedef struct check_ctx {
  ptx_parse_ctx *pc;
  const ptx_insn *in;
  const ptx_form *f;
  const ptx_op_info *info;
  const char *word;
} check_ctx;

static const char *type_name(ptx_type t)
{
  return ptx_type_table[t].name;
}

/* Declared type of a register operand (element type for vectors). */
static ptx_type reg_type(const ptx_operand *o)
{
  return (ptx_type)o->u.reg.var->type;
}

static const char *opnd_text(const ptx_operand *o, char *buf, size_t size)
{
  if (o->kind == PTX_OPND_REG) {
    const ptx_var *v = o->u.reg.var;
    if (v->range)
      snprintf(buf, size, "%s%u", v->sym.name->str, o->u.reg.index);
    else
      snprintf(buf, size, "%s", v->sym.name->str);
  } else {
    snprintf(buf, size, "operand");
  }
  return buf;
}

static void type_error(check_ctx *c, const ptx_operand *o, int pos, ptx_type want, ptx_type got)
{
  char buf[128];
  ptx_error(c->pc, o->loc, "operand %d of '%s': '%s' has type .%s, incompatible with .%s", pos,
            c->word, opnd_text(o, buf, sizeof buf), type_name(got), type_name(want));
}

static void kind_error(check_ctx *c, const ptx_operand *o, int pos, const char *what)
{
  ptx_error(c->pc, o->loc, "operand %d of '%s' must be %s", pos, c->word, what);
}

/* A register, as read or written, against the expected type. */
static bool check_reg(check_ctx *c, const ptx_operand *o, int pos, ptx_type want)
{
  if (o->u.reg.var->vec != 1 && !o->comp) {
    kind_error(c, o, pos, "a scalar register (use a component such as .x, or a {...} list)");
    return false;
  }
  if (want == PTX_TYPE_NONE)
    return true;
  bool relaxed = (c->info->flags & PTX_OPF_RELAXED) != 0;
  if (!ptx_type_compatible(want, reg_type(o), relaxed)) {
    type_error(c, o, pos, want, reg_type(o));
    return false;
  }
  return true;
}

/* Is a constant operand acceptable where type t is expected? */
static bool check_const(check_ctx *c, const ptx_operand *o, int pos, ptx_type want)
{
  if (want == PTX_TYPE_NONE)
    return true;
  ptx_type_kind k = ptx_type_kind_of(want);
  unsigned bits = ptx_type_bits(want);
  if (o->kind == PTX_OPND_IMM) {
    if (k == PTX_TK_FLOAT) {
      kind_error(c, o, pos, "a floating-point constant (integers are not converted)");
      return false;
    }
    return true;
  }
  /* F32 / F64 literals. */
  if (k == PTX_TK_FLOAT)
    return true;
  if (k == PTX_TK_BITS && ((o->kind == PTX_OPND_F32 && bits == 32) || (o->kind == PTX_OPND_F64 && bits == 64)))
    return true; /* 0f/0d bit patterns into bit-size registers */
  kind_error(c, o, pos, "an integer constant or a register");
  return false;
}

/* A value read: register, constant; also a variable address (allow_sym)
 * or a special register (allow_sreg). */
static bool check_value(check_ctx *c, const ptx_operand *o, int pos, ptx_type want, bool allow_sym,
                        bool allow_sreg)
{
  switch (o->kind) {
  case PTX_OPND_REG:
    return check_reg(c, o, pos, want);
  case PTX_OPND_IMM:
  case PTX_OPND_F32:
  case PTX_OPND_F64:
    return check_const(c, o, pos, want);
  case PTX_OPND_SYM:
  case PTX_OPND_INDEX:
    if (allow_sym && (o->kind == PTX_OPND_INDEX || o->u.sym.sym->kind != PTX_SYM_PROTO))
      return true;
    kind_error(c, o, pos, "a register or a constant (take an address with mov or cvta)");
    return false;
  case PTX_OPND_SREG:
    if (ptx_sreg_table[o->u.sreg.id].is_vector && !o->comp) {
      kind_error(c, o, pos, "a component of the special register (.x, .y, .z), or a .v4 mov");
      return false;
    }
    if (allow_sreg) {
      ptx_type st = (ptx_type)ptx_sreg_table[o->u.sreg.id].type;
      if (want != PTX_TYPE_NONE && !ptx_type_compatible(want, st, true) &&
          !(ptx_type_is_int(want) && ptx_type_is_int(st))) {
        type_error(c, o, pos, want, st);
        return false;
      }
      return true;
    }
    kind_error(c, o, pos, "a register (read special registers with mov or cvt)");
    return false;
  default:
    kind_error(c, o, pos, "a register or a constant");
    return false;
  }
}

/* A destination register (or the sink _). */
static bool check_def(check_ctx *c, const ptx_operand *o, int pos, ptx_type want)
{
  if (o->kind == PTX_OPND_SINK)
    return true;
  if (o->kind != PTX_OPND_REG) {
    kind_error(c, o, pos, "a register");
    return false;
  }
  if (o->flags & PTX_OPNDF_NEG) {
    kind_error(c, o, pos, "a register without '!' or '-'");
    return false;
  }
  return check_reg(c, o, pos, want);
}

static bool check_pred(check_ctx *c, const ptx_operand *o, int pos, bool is_def)
{
  if (o->kind == PTX_OPND_SINK && is_def)
    return true;
  if (!is_def && o->kind == PTX_OPND_IMM)
    return true; /* integer constants act as predicates (PTX ISA 4.5.3) */
  if (o->kind != PTX_OPND_REG || reg_type(o) != PTX_TYPE_PRED) {
    kind_error(c, o, pos, "a predicate register");
    return false;
  }
  if (is_def && (o->flags & PTX_OPNDF_NEG)) {
    kind_error(c, o, pos, "a predicate register without '!'");
    return false;
  }
  return true;
}

/* {a, b, ...} or a vector register of count elements (count 0: any). */
static bool check_vector(check_ctx *c, const ptx_operand *o, int pos, unsigned count, ptx_type want,
                         bool is_def)
{
  if (!is_def && count == 4 && o->kind == PTX_OPND_SREG && !o->comp &&
      ptx_sreg_table[o->u.sreg.id].is_vector)
    return true; /* mov.v4.u32 %v, %tid */
  if (o->kind == PTX_OPND_REG && o->u.reg.var->vec > 1 && !o->comp) {
    if (count && o->u.reg.var->vec != count) {
      kind_error(c, o, pos, "a vector of the instruction's width");
      return false;
    }
    ptx_type t = reg_type(o);
    if (want != PTX_TYPE_NONE && !ptx_type_compatible(want, t, (c->info->flags & PTX_OPF_RELAXED) != 0)) {
      type_error(c, o, pos, want, t);
      return false;
    }
    return true;
  }
  if (o->kind != PTX_OPND_VEC) {
    if (count > 1) {
      char what[64];
      snprintf(what, sizeof what, "a vector of %u elements {a, b, ...}", count);
      kind_error(c, o, pos, what);
      return false;
    }
    return is_def ? check_def(c, o, pos, want) : check_value(c, o, pos, want, false, false);
  }
  if (count && o->n != count) {
    char what[64];
    snprintf(what, sizeof what, "a vector of %u elements, not %u", count, o->n);
    kind_error(c, o, pos, what);
    return false;
  }
  bool ok = true;
  for (uint32_t i = 0; i < o->n; i++) {
    const ptx_operand *e = &o->u.list[i];
    if (e->kind == PTX_OPND_VEC) {
      kind_error(c, e, pos, "a flat list of registers");
      return false;
    }
    ok &= is_def ? check_def(c, e, pos, want) : check_value(c, e, pos, want, false, false);
  }
  return ok;
}

/* mov: scalar move, pack ({a,b} into a wider register), unpack, vector
 * move, address of a variable or function, special register. */
static bool check_mov_operand(check_ctx *c, const ptx_operand *o, int pos, bool is_def)
{
  ptx_type t = (ptx_type)c->f->types[0];
  if (o->kind == PTX_OPND_VEC) {
    if (c->f->vec > 1)
      return check_vector(c, o, pos, c->f->vec, t, is_def);
    /* pack/unpack: the elements together are as wide as the type */
    unsigned total = 0;
    for (uint32_t i = 0; i < o->n; i++) {
      const ptx_operand *e = &o->u.list[i];
      if (e->kind == PTX_OPND_REG)
        total += ptx_type_bits(reg_type(e));
      else if (e->kind == PTX_OPND_SINK && o->n)
        total += 0;
      else if (!is_def && e->kind == PTX_OPND_IMM)
        total += 0;
      else {
        kind_error(c, e, pos, "a register");
        return false;
      }
    }
    bool has_sink_or_imm = false;
    for (uint32_t i = 0; i < o->n; i++)
      has_sink_or_imm |= o->u.list[i].kind != PTX_OPND_REG;
    if (ptx_type_kind_of(t) != PTX_TK_BITS || (o->n != 2 && o->n != 4) ||
        (!has_sink_or_imm && total != ptx_type_bits(t))) {
      kind_error(c, o, pos, "a vector whose elements together are as wide as the .b type");
      return false;
    }
    return true;
  }
  if (c->f->vec > 1)
    return check_vector(c, o, pos, c->f->vec, t, is_def);
  if (is_def)
    return check_def(c, o, pos, t);
  if (o->kind == PTX_OPND_SYM || o->kind == PTX_OPND_INDEX) {
    if (ptx_type_bits(t) < 32 || ptx_type_kind_of(t) == PTX_TK_FLOAT) {
      kind_error(c, o, pos, "a register or constant (addresses need .u32, .u64, .b32 or .b64)");
      return false;
    }
    return true;
  }
  return check_value(c, o, pos, t, true, true);
}

static bool check_address(check_ctx *c, const ptx_operand *o, int pos)
{
  if (o->kind == PTX_OPND_INDEX) {
    const ptx_operand *ix = &o->u.list[1];
    if (ix->kind == PTX_OPND_REG && !ptx_type_is_int(reg_type(ix)) &&
        ptx_type_kind_of(reg_type(ix)) != PTX_TK_BITS) {
      kind_error(c, ix, pos, "indexed by an integer register");
      return false;
    }
    return true;
  }
  if (o->kind != PTX_OPND_ADDR) {
    kind_error(c, o, pos, "an address [..]");
    return false;
  }
  const ptx_operand *b = o->u.addr.base;
  if (b && b->kind == PTX_OPND_REG) {
    ptx_type t = reg_type(b);
    if ((!ptx_type_is_int(t) && ptx_type_kind_of(t) != PTX_TK_BITS) || ptx_type_bits(t) < 32 ||
        (b->u.reg.var->vec > 1 && !b->comp)) {
      char buf[128];
      ptx_error(c->pc, b->loc, "address register '%s' must be a 32- or 64-bit integer register",
                opnd_text(b, buf, sizeof buf));
      return false;
    }
  }
  return true;
}

/* Texture, surface and tensor-map operands: [h, ...] where h names an
 * opaque variable or is a 64-bit register holding a handle. */
static bool check_tex(check_ctx *c, const ptx_operand *o, int pos)
{
  const ptx_operand *h = NULL;
  if (o->kind == PTX_OPND_TEX)
    h = &o->u.list[0];
  else if (o->kind == PTX_OPND_ADDR && o->u.addr.offset == 0)
    h = o->u.addr.base;
  if (!h) {
    kind_error(c, o, pos, "a texture, surface or tensor-map operand [handle, ...]");
    return false;
  }
  if (h->kind == PTX_OPND_SYM || (h->kind == PTX_OPND_REG && ptx_type_bits(reg_type(h)) == 64))
    return true;
  kind_error(c, h, pos, "led by a .texref/.surfref/.samplerref variable or a 64-bit handle register");
  return false;
}

static bool check_slot(check_ctx *c, const sig_slot *s, const ptx_operand *o, int pos)
{
  ptx_type want = slot_type(s, c->f);
  bool is_def = s->role == 'd';
  switch (s->kind) {
  case 'r':
    return is_def ? check_def(c, o, pos, want) : check_value(c, o, pos, want, false, false);
  case 's':
    return check_value(c, o, pos, want, true, false);
  case 'g':
    if (o->kind == PTX_OPND_VEC)
      return check_vector(c, o, pos, 0, want, false);
    return check_value(c, o, pos, want, false, true);
  case 'p':
    return check_pred(c, o, pos, is_def);
  case 'P':
    if (o->kind == PTX_OPND_PAIR)
      return check_pred(c, &o->u.list[0], pos, true) & check_pred(c, &o->u.list[1], pos, true);
    return check_pred(c, o, pos, true);
  case 'q':
    if (o->kind == PTX_OPND_PAIR) {
      bool ok = c->f->vec > 1 || o->u.list[0].kind == PTX_OPND_VEC
                  ? check_vector(c, &o->u.list[0], pos, c->f->vec, want, true)
                  : check_def(c, &o->u.list[0], pos, want);
      return ok & check_pred(c, &o->u.list[1], pos, true);
    }
    if (c->f->vec > 1 || o->kind == PTX_OPND_VEC)
      return check_vector(c, o, pos, c->f->vec, want, true);
    return check_def(c, o, pos, want);
  case 'm':
    return check_mov_operand(c, o, pos, is_def);
  case 'v':
    return check_vector(c, o, pos, c->f->vec, want, is_def);
  case 'V':
    return check_vector(c, o, pos, 0, want, is_def);
  case 'a':
    return check_address(c, o, pos);
  case 't':
    return check_tex(c, o, pos);
  case 'l':
    if (o->kind != PTX_OPND_LABEL) {
      kind_error(c, o, pos, "a label");
      return false;
    }
    return true;
  case 'L':
    if (o->kind != PTX_OPND_SYM || o->u.sym.sym->kind != PTX_SYM_BRANCHTARGETS) {
      kind_error(c, o, pos, "a .branchtargets label");
      return false;
    }
    return true;
  case 'i':
    if (o->kind != PTX_OPND_IMM) {
      kind_error(c, o, pos, "an integer constant");
      return false;
    }
    return true;
  case 'c':
    if (o->kind != PTX_OPND_REG || ptx_type_bits(reg_type(o)) != 64) {
      kind_error(c, o, pos, "a 64-bit cache-policy register");
      return false;
    }
    return true;
  default: /* 'x' */
    return true;
  }
}

/* ------------------------------------------------------------------ */
/* call: call{.uni} (rets), f, (args) {, proto | targets}              */

/* Size, alignment and shape of what a call passes for one formal, or of
 * the formal itself; ptxas matches them ("Type of argument does not match
 * formal parameter", "Alignment of argument does not match"). */
typedef struct call_slot {
  uint64_t size;
  uint32_t align;
  bool is_array;
} call_slot;

static call_slot var_slot(const ptx_var *v)
{
  if (v->space == PTX_SPACE_REG) {
    uint64_t bytes = ptx_var_elem_bytes(v);
    return (call_slot){bytes, (uint32_t)bytes, false};
  }
  return (call_slot){ptx_var_size_bytes(v), ptx_var_alignment(v), v->n_dims > 0};
}

/* Checks one argument (or return value) e against formal f of callee. */
static bool check_call_slot(check_ctx *c, const ptx_operand *e, const ptx_var *f,
                            const ptx_func *callee, uint32_t i, const char *what)
{
  if ((f->flags & PTX_VARF_UNSIZED) || (e->kind != PTX_OPND_REG && e->kind != PTX_OPND_SYM))
    return true; /* a variadic tail; constants take the formal's type */
  const ptx_var *v = e->kind == PTX_OPND_REG ? e->u.reg.var : (const ptx_var *)e->u.sym.sym;
  if (v->type == PTX_TYPE_PRED)
    return true;
  call_slot a = var_slot(v), want = var_slot(f);
  char name[96];
  opnd_text(e, name, sizeof name);
  if (e->kind == PTX_OPND_SYM)
    snprintf(name, sizeof name, "%s", v->sym.name->str);
  const char *kind = callee->is_prototype ? "prototype" : "function";
  if (a.size != want.size || a.is_array != want.is_array) {
    ptx_error(c->pc, e->loc,
              "call %s %u ('%s', %llu bytes%s) does not match parameter '%s' of %s '%s' "
              "(%llu bytes%s)",
              what, i + 1, name, (unsigned long long)a.size, a.is_array ? ", an array" : "",
              f->sym.name->str, kind, callee->sym.name->str, (unsigned long long)want.size,
              want.is_array ? ", an array" : "");
    return false;
  }
  if (e->kind == PTX_OPND_SYM && f->space == PTX_SPACE_PARAM && a.align != want.align) {
    ptx_error(c->pc, e->loc,
              "call %s %u ('%s') is aligned to %u bytes, parameter '%s' of %s '%s' to %u", what,
              i + 1, name, a.align, f->sym.name->str, kind, callee->sym.name->str,
              want.align);
    return false;
  }
  return true;
}

static bool check_call_list(check_ctx *c, const ptx_operand *l, int pos, uint32_t want, bool variadic,
                            const char *what)
{
  if (l->n != want && !(variadic && l->n + 1 >= want)) {
    /* An omitted list has no location of its own: point at the call. */
    ptx_error(c->pc, l->kind == PTX_OPND_LIST ? l->loc : c->in->loc,
              "call passes %u %s, the callee takes %u", l->n, what, want);
    return false;
  }
  bool ok = true;
  for (uint32_t i = 0; i < l->n; i++) {
    const ptx_operand *e = &l->u.list[i];
    bool fine = e->kind == PTX_OPND_REG || e->kind == PTX_OPND_IMM || e->kind == PTX_OPND_F32 ||
                e->kind == PTX_OPND_F64 ||
                (e->kind == PTX_OPND_SYM && e->u.sym.sym->kind == PTX_SYM_VAR &&
                 ((const ptx_var *)e->u.sym.sym)->space == PTX_SPACE_PARAM);
    if (!fine) {
      kind_error(c, e, pos, "a .param variable, a register or a constant");
      ok = false;
    }
  }
  return ok;
}

static void check_call(check_ctx *c)
{
  const ptx_insn *in = c->in;
  const ptx_operand *o = in->opnds;
  uint32_t n = in->n_opnds, i = 0;
  const ptx_operand *rets = NULL, *args = NULL, *target, *extra = NULL;
  if (n && o[0].kind == PTX_OPND_LIST)
    rets = &o[i++];
  if (i >= n) {
    ptx_error(c->pc, in->loc, "call needs a function to call");
    return;
  }
  target = &o[i++];
  if (i < n && o[i].kind == PTX_OPND_LIST)
    args = &o[i++];
  if (i < n)
    extra = &o[i++];
  if (i < n) {
    ptx_error(c->pc, o[i].loc, "unexpected operand after the call target list");
    return;
  }
  const ptx_func *callee = NULL;
  if (target->kind == PTX_OPND_SYM && target->u.sym.sym->kind == PTX_SYM_FUNC) {
    callee = (const ptx_func *)target->u.sym.sym;
    if (extra) {
      ptx_error(c->pc, extra->loc, "a direct call takes no prototype or target list");
      return;
    }
  } else if (target->kind == PTX_OPND_REG) {
    ptx_type t = reg_type(target);
    if (!ptx_type_is_int(t) && ptx_type_kind_of(t) != PTX_TK_BITS) {
      kind_error(c, target, (int)(rets ? 2 : 1), "a function or a register holding its address");
      return;
    }
    if (!extra || extra->kind != PTX_OPND_SYM ||
        (extra->u.sym.sym->kind != PTX_SYM_PROTO && extra->u.sym.sym->kind != PTX_SYM_CALLTARGETS)) {
      ptx_error(c->pc, target->loc,
                "an indirect call needs a .callprototype or .calltargets label as its last operand");
      return;
    }
    if (extra->u.sym.sym->kind == PTX_SYM_PROTO)
      callee = (const ptx_func *)extra->u.sym.sym;
    else {
      const ptx_targets *t2 = (const ptx_targets *)extra->u.sym.sym;
      if (t2->n && t2->items[0].u.sym.sym && t2->items[0].u.sym.sym->kind == PTX_SYM_FUNC)
        callee = (const ptx_func *)t2->items[0].u.sym.sym;
    }
  } else {
    kind_error(c, target, (int)(rets ? 2 : 1), "a function or a register holding its address");
    return;
  }
  if (!callee)
    return;
  bool variadic = callee->n_params &&
                  (callee->params[callee->n_params - 1]->flags & PTX_VARF_UNSIZED);
  static const ptx_operand empty = {0};
  if (check_call_list(c, rets ? rets : &empty, 1, callee->n_rets, false, "return values") && rets)
    for (uint32_t k = 0; k < rets->n; k++)
      check_call_slot(c, &rets->u.list[k], callee->rets[k], callee, k, "return value");
  if (check_call_list(c, args ? args : &empty, (int)(rets ? 3 : 2), callee->n_params, variadic,
                      "arguments") && args)
    for (uint32_t k = 0; k < args->n && k < callee->n_params; k++)
      check_call_slot(c, &args->u.list[k], callee->params[k], callee, k, "argument");
  if (callee->is_entry)
    ptx_error(c->pc, target->loc, "kernel '%s' cannot be called", callee->sym.name->str);
}

/* ------------------------------------------------------------------ */

/* Precision rank of floating-point types: a conversion to a lower rank
 * rounds, so it needs a rounding modifier. */
static int float_rank(ptx_type t)
{
  switch (t) {
  case PTX_TYPE_F64: return 9;
  case PTX_TYPE_F32: case PTX_TYPE_F32X2: return 8;
  case PTX_TYPE_TF32: return 7;
  case PTX_TYPE_F16: case PTX_TYPE_F16X2: return 6;
  case PTX_TYPE_BF16: case PTX_TYPE_BF16X2: return 5;
  default: return 0; /* 8-, 6- and 4-bit formats */
  }
}

static bool has_category(const ptx_form *f, uint64_t cats)
{
  for (uint8_t i = 0; i < f->n_mods; i++)
    if (ptx_mod_get(f->mods[i])->categories & cats)
      return true;
  return false;
}

/* Modifiers an instruction must have (PTX ISA 9.7: cvt, fma, mad, div,
 * rcp, sqrt and the approximate functions have no default rounding). */
static void check_required(check_ctx *c)
{
  const ptx_form *f = c->f;
  const ptx_module *m = c->pc->m;
  unsigned ver = m->version_major * 10u + m->version_minor;
  ptx_type t = f->n_types ? (ptx_type)f->types[0] : PTX_TYPE_NONE;
  bool is_float = ptx_type_kind_of(t) == PTX_TK_FLOAT;
  const char *need = NULL;
  switch (f->op) {
  case PTX_OP_CVT: {
    ptx_type d = t, a = (ptx_type)f->types[1];
    bool df = ptx_type_kind_of(d) == PTX_TK_FLOAT, af = ptx_type_kind_of(a) == PTX_TK_FLOAT;
    if (af && !df && !has_category(f, PTX_MC(IRND)))
      need = "an integer rounding modifier (.rni, .rzi, .rmi or .rpi)";
    else if (!af && df && !has_category(f, PTX_MC(RND)))
      need = "a rounding modifier (.rn, .rz, .rm or .rp)";
    else if (af && df && float_rank(d) < float_rank(a) && !has_category(f, PTX_MC(RND)))
      need = "a rounding modifier (.rn, .rz, .rm, .rp, .rna or .rs)";
    break;
  }
  case PTX_OP_FMA:
    if (!has_category(f, PTX_MC(RND)))
      need = "a rounding modifier (.rn, .rz, .rm or .rp)";
    break;
  case PTX_OP_MAD:
    if (is_float && ver >= 32 && !has_category(f, PTX_MC(RND)))
      need = "a rounding modifier (.rn, .rz, .rm or .rp)";
    break;
  case PTX_OP_DIV:
    if (is_float && ver >= 14 && !has_category(f, PTX_MC(RND) | PTX_MC(APPROX)))
      need = ".approx, .full or a rounding modifier (.rn, .rz, .rm or .rp)";
    break;
  case PTX_OP_RCP:
  case PTX_OP_SQRT:
    if (ver >= 14 && !has_category(f, PTX_MC(RND) | PTX_MC(APPROX)))
      need = ".approx or a rounding modifier (.rn, .rz, .rm or .rp)";
    break;
  case PTX_OP_RSQRT:
  case PTX_OP_SIN:
  case PTX_OP_COS:
  case PTX_OP_LG2:
  case PTX_OP_EX2:
  case PTX_OP_TANH:
    if (ver >= 14 && !ptx_form_has(f, PTX_MOD_APPROX))
      need = ".approx";
    break;
  default:
    break;
  }
  if (need)
    ptx_error(c->pc, c->in->loc, "'%s' needs %s", c->word, need);
  /* Two types only in the mixed-precision forms .f32.f16 and .f32.bf16. */
  if ((f->op == PTX_OP_ADD || f->op == PTX_OP_SUB || f->op == PTX_OP_FMA) && f->n_types == 2 &&
      !(f->types[0] == PTX_TYPE_F32 && (f->types[1] == PTX_TYPE_F16 || f->types[1] == PTX_TYPE_BF16)))
    ptx_error(c->pc, c->in->loc,
              "'%s': two types are only allowed in the mixed-precision forms .f32.f16 and .f32.bf16",
              c->word);
}

void ptx_validate_insn(ptx_parse_ctx *pc, const ptx_insn *in)
{
  check_ctx c = {pc, in, in->form, &ptx_op_table[in->form->op], in->form->word->str};
  check_required(&c);
  /* Constant memory is read-only to kernels (ptxas: "State space
   * incorrect for instruction"). */
  if ((c.info->flags & (PTX_OPF_MEM_WR | PTX_OPF_ATOMIC)) && ptx_form_has(c.f, PTX_MOD_CONST)) {
    ptx_error(pc, in->loc, "'%s' cannot write to the .const state space, which is read-only",
              c.word);
    return;
  }
  if (ptx_op_has_free_syntax((ptx_op)in->form->op)) {
    check_call(&c);
    return;
  }
  sig_slot slots[PTX_SIG_MAX_SLOTS];
  int n_slots = ptx_sig_parse(c.info->signature, slots, PTX_SIG_MAX_SLOTS);
  if (n_slots < 0)
    return; /* cannot happen: tests/frontend/check_tables.c parses every row */
  bool has_policy = ptx_form_has(c.f, PTX_MOD_L2_CACHE_HINT);
  /* Which slots the operands fill: 'c' slots only with .L2::cache_hint,
   * optional ones dropped from the last until the count fits. */
  bool take[PTX_SIG_MAX_SLOTS];
  int n_take = 0, n_optional = 0;
  for (int i = 0; i < n_slots; i++) {
    take[i] = slots[i].kind != 'c' || has_policy;
    n_take += take[i];
    n_optional += take[i] && slots[i].optional;
  }
  int n = in->n_opnds;
  int min = n_take - n_optional;
  if (n < min || n > n_take) {
    if (min == n_take)
      ptx_error(pc, in->loc, "'%s' takes %d operand%s, %d given", c.word, min, min == 1 ? "" : "s", n);
    else
      ptx_error(pc, in->loc, "'%s' takes %d to %d operands, %d given", c.word, min, n_take, n);
    return;
  }
  for (int i = n_slots - 1, drop = n_take - n; i >= 0 && drop > 0; i--)
    if (take[i] && slots[i].optional) {
      take[i] = false;
      drop--;
    }
  int k = 0;
  for (int i = 0; i < n_slots; i++)
    if (take[i]) {
      check_slot(&c, &slots[i], &in->opnds[k], k + 1);
      k++;
    }
}

/* ------------------------------------------------------------------ */
/* .version and .target requirements (warnings).                       */

static bool warned(ptx_parse_ctx *pc, ptx_op op)
{
  uint8_t bit = (uint8_t)(1u << (op & 7));
  if (pc->warned_ops[op >> 3] & bit)
    return true;
  pc->warned_ops[op >> 3] |= bit;
  return false;
}

void ptx_check_versions(ptx_parse_ctx *pc, const ptx_form *f, ptx_loc loc)
{
  const ptx_module *m = pc->m;
  const ptx_op_info *info = &ptx_op_table[f->op];
  unsigned ver = (unsigned)m->version_major * 10 + m->version_minor;
  unsigned need_ver = info->ptx_version, need_sm = info->min_sm;
  const char *what = info->mnemonic;
  for (uint8_t i = 0; i < f->n_mods; i++) {
    const ptx_mod_info *mi = ptx_mod_get(f->mods[i]);
    if (mi->ptx_version > need_ver) {
      need_ver = mi->ptx_version;
      what = f->word->str;
    }
    if (mi->min_sm > need_sm) {
      need_sm = mi->min_sm;
      what = f->word->str;
    }
  }
  bool old_ver = ver && need_ver > ver;
  bool old_sm = m->sm && need_sm > m->sm;
  bool needs_arch = (info->flags & PTX_OPF_ARCH) && m->sm && !m->sm_suffix;
  /* shfl and vote without .sync are gone for sm_70 and later (PTX 6.4). */
  bool legacy = (f->op == PTX_OP_SHFL || f->op == PTX_OP_VOTE) && !ptx_form_has(f, PTX_MOD_SYNC) &&
                m->sm >= 70 && ver >= 64;
  if (!(old_ver || old_sm || needs_arch || legacy) || warned(pc, (ptx_op)f->op))
    return;
  if (old_ver)
    ptx_warning(pc, loc, "'%s' requires PTX ISA %u.%u or later; the module declares .version %u.%u",
                what, need_ver / 10, need_ver % 10, m->version_major, m->version_minor);
  if (old_sm)
    ptx_warning(pc, loc, "'%s' requires sm_%u or later; the module targets sm_%u", what, need_sm, m->sm);
  if (needs_arch)
    ptx_warning(pc, loc, "'%s' needs an architecture-specific target such as sm_%ua; the module targets sm_%u",
                what, m->sm >= 90 ? m->sm : 90, m->sm);
  if (legacy)
    ptx_warning(pc, loc, "'%s' without .sync is not supported for sm_70 and later from PTX ISA 6.4 "
                "(use %s.sync)", f->word->str, info->mnemonic);
}
