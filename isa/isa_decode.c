/* isa_decode.c -- module IR to decoded functions (see isa_prog.h).
 *
 * Per function: give every register a slot and every predicate an index,
 * lay out its .local and call-site .param variables, decode each
 * instruction's operands, bind its semantic function, then build the
 * control-flow graph and store each branch's reconvergence point.
 * Module-wide: lay out .shared variables, kernel parameter buffers and
 * function addresses.  Nothing here runs while kernels execute.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/analysis.h"
#include "isa/cfg.h"
#include "isa/cta_order.h"
#include "isa/fp_common.h"
#include "isa/isa_bind.h"
#include "isa/isa_prog.h"
#include "isa/shared_layout.h"

const char *const isa_space_names[ISA_SPACE_COUNT] = {"global", "shared", "local",
                                                      "const",  "param",  "generic"};

#define ISA_CODE_BASE UINT64_C(0x00007f0300000000)
#define ISA_CODE_STRIDE 16

/* Pointer -> number map for variables (decode time only). */
typedef struct var_map {
  const void **keys;
  uint64_t *vals;
  uint32_t cap, n;
} var_map;

static uint32_t ptr_hash(const void *p, uint32_t cap)
{
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (uint32_t)x & (cap - 1);
}

static int map_put(var_map *m, const void *k, uint64_t v)
{
  if (2 * (m->n + 1) > m->cap) {
    uint32_t cap = m->cap ? 2 * m->cap : 64;
    const void **keys = calloc(cap, sizeof *keys);
    uint64_t *vals = calloc(cap, sizeof *vals);
    if (!keys || !vals) {
      free(keys);
      free(vals);
      return PTX_ENOMEM;
    }
    for (uint32_t i = 0; i < m->cap; i++)
      if (m->keys[i]) {
        uint32_t h = ptr_hash(m->keys[i], cap);
        while (keys[h])
          h = (h + 1) & (cap - 1);
        keys[h] = m->keys[i];
        vals[h] = m->vals[i];
      }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
  }
  uint32_t h = ptr_hash(k, m->cap);
  while (m->keys[h] && m->keys[h] != k)
    h = (h + 1) & (m->cap - 1);
  if (!m->keys[h])
    m->n++;
  m->keys[h] = k;
  m->vals[h] = v;
  return 0;
}

static bool map_get(const var_map *m, const void *k, uint64_t *v)
{
  if (!m->cap)
    return false;
  uint32_t h = ptr_hash(k, m->cap);
  while (m->keys[h]) {
    if (m->keys[h] == k) {
      *v = m->vals[h];
      return true;
    }
    h = (h + 1) & (m->cap - 1);
  }
  return false;
}

static void map_free(var_map *m)
{
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* Decoder state. */
typedef struct decoder {
  const ptx_module *m;
  isa_program *p;
  ptx_diag *diag;
  isa_var_resolver resolve;
  void *ctx;
  var_map globals;  /* module var -> device address or shared offset */
  var_map dyn_shared; /* .extern .shared var -> 0 (the dynamic area) */
  isa_shared_layout shared;
  var_map funcs;    /* ptx_func (definition) -> isa_func index */
  /* Per function. */
  isa_func *f;
  var_map regs;     /* var -> base slot (or pred index) */
  var_map locals;   /* var -> local offset */
  var_map formals;  /* formal var -> formal index */
  uint32_t n_inits, cap_inits;
  isa_slot_init *inits;
  uint32_t zero_slot, sink_slot;
  int err;
} decoder;

static void derr(decoder *dc, ptx_loc loc, const char *fmt, ...) PTX_PRINTF(3, 4);
static void derr(decoder *dc, ptx_loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(dc->diag, PTX_SEV_ERROR, dc->m->path, loc, fmt, ap);
  va_end(ap);
  if (!dc->err)
    dc->err = PTX_EINVAL;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

static bool is_pred_var(const ptx_var *v)
{
  return v->type == PTX_TYPE_PRED;
}

/* A read-only slot holding (kind, value), shared by equal uses. */
static uint32_t ro_slot(decoder *dc, isa_slot_kind kind, uint64_t value)
{
  for (uint32_t i = 0; i < dc->n_inits; i++)
    if (dc->inits[i].kind == kind && dc->inits[i].value == value)
      return dc->inits[i].slot;
  if (dc->n_inits == dc->cap_inits) {
    uint32_t cap = dc->cap_inits ? 2 * dc->cap_inits : 32;
    isa_slot_init *a = realloc(dc->inits, cap * sizeof *a);
    if (!a) {
      dc->err = PTX_ENOMEM;
      return 0;
    }
    dc->inits = a;
    dc->cap_inits = cap;
  }
  uint32_t slot = dc->f->n_slots++ * 32;
  dc->inits[dc->n_inits++] = (isa_slot_init){.slot = slot, .kind = (uint8_t)kind, .value = value};
  return slot;
}

static bool is_dynamic_sreg(unsigned id)
{
  return id == PTX_SREG_CLOCK || id == PTX_SREG_CLOCK64 || id == PTX_SREG_CLOCK_HI ||
         id == PTX_SREG_GLOBALTIMER || id == PTX_SREG_GLOBALTIMER_LO ||
         id == PTX_SREG_GLOBALTIMER_HI || (id >= PTX_SREG_PM && id <= PTX_SREG_PM7_64);
}

/* The address (or address slot) of a symbol operand. */
static uint32_t sym_slot(decoder *dc, const ptx_sym *sym, int64_t extra, ptx_loc loc)
{
  uint64_t v;
  if (sym->kind == PTX_SYM_FUNC) {
    const ptx_func *fn = (const ptx_func *)sym;
    if (fn->definition)
      fn = fn->definition;
    if (!map_get(&dc->funcs, fn, &v)) {
      derr(dc, loc, "function '%s' has no body in this module", sym->name->str);
      return dc->zero_slot;
    }
    return ro_slot(dc, ISA_SLOT_CONST, ISA_CODE_BASE + v * ISA_CODE_STRIDE + (uint64_t)extra);
  }
  if (sym->kind != PTX_SYM_VAR) {
    derr(dc, loc, "'%s' is not a variable or function", sym->name->str);
    return dc->zero_slot;
  }
  const ptx_var *var = (const ptx_var *)sym;
  if (map_get(&dc->formals, var, &v)) {
    if (extra)
      derr(dc, loc, "offsets from parameter '%s' need an address operand", sym->name->str);
    return dc->f->formal_slot[v];
  }
  if (map_get(&dc->locals, var, &v))
    return ro_slot(dc, ISA_SLOT_LOCAL, v + (uint64_t)extra);
  if (map_get(&dc->globals, var, &v))
    return ro_slot(dc, ISA_SLOT_CONST, v + (uint64_t)extra);
  if (map_get(&dc->dyn_shared, var, &v))
    return ro_slot(dc, ISA_SLOT_DYN_SHARED, (uint64_t)extra);
  derr(dc, loc, "variable '%s' cannot be used as an address here", sym->name->str);
  return dc->zero_slot;
}

/* Decodes a value operand (register, constant, special register, symbol)
 * into a slot offset.  as_f32: a floating-point literal is an f32. */
static uint32_t value_slot(decoder *dc, isa_insn *in, const ptx_operand *o, bool as_f32)
{
  switch (o->kind) {
  case PTX_OPND_REG: {
    uint64_t base;
    if (!map_get(&dc->regs, o->u.reg.var, &base)) {
      derr(dc, o->loc, "'%s' is not a register", o->u.reg.var->sym.name->str);
      return dc->zero_slot;
    }
    uint32_t idx = o->u.reg.index;
    if (o->u.reg.var->vec > 1 && o->comp) {
      static const ptx_mod comps[] = {PTX_MOD_X, PTX_MOD_Y, PTX_MOD_Z, PTX_MOD_W};
      for (uint32_t c = 0; c < 4; c++)
        if (o->comp == comps[c])
          idx += c;
    }
    return (uint32_t)(base + idx) * 32;
  }
  case PTX_OPND_IMM:
    return ro_slot(dc, ISA_SLOT_CONST, o->u.imm);
  case PTX_OPND_F32:
    return ro_slot(dc, ISA_SLOT_CONST, o->u.imm & 0xffffffffu);
  case PTX_OPND_F64:
    if (as_f32)
      return ro_slot(dc, ISA_SLOT_CONST,
                     isa_f32_bits((float)isa_f64_from_bits(o->u.imm)));
    return ro_slot(dc, ISA_SLOT_CONST, o->u.imm);
  case PTX_OPND_SREG: {
    unsigned comp = 0;
    if (o->comp == PTX_MOD_Y)
      comp = 1;
    else if (o->comp == PTX_MOD_Z)
      comp = 2;
    else if (o->comp == PTX_MOD_W)
      comp = 3;
    if (is_dynamic_sreg(o->u.sreg.id)) {
      /* Only mov reads clocks (through its own semantic function). */
      in->aux2 = (uint32_t)o->u.sreg.id << 8 | o->u.sreg.index;
      return ISA_NONE;
    }
    return ro_slot(dc, ISA_SLOT_SREG,
                   (uint64_t)o->u.sreg.id << 16 | (uint64_t)o->u.sreg.index << 8 | comp);
  }
  case PTX_OPND_SYM:
    return sym_slot(dc, o->u.sym.sym, o->u.sym.offset, o->loc);
  case PTX_OPND_INDEX: {
    const ptx_operand *s = &o->u.list[0];
    const ptx_var *var = (const ptx_var *)s->u.sym.sym;
    if (o->n == 2 && o->u.list[1].kind == PTX_OPND_IMM)
      return sym_slot(dc, s->u.sym.sym, (int64_t)(o->u.list[1].u.imm * ptx_var_elem_bytes(var)),
                      o->loc);
    derr(dc, o->loc, "register-indexed array operands are not supported");
    return dc->zero_slot;
  }
  case PTX_OPND_SINK:
    return dc->sink_slot;
  default:
    derr(dc, o->loc, "unexpected operand");
    return dc->zero_slot;
  }
}

/* Which space an address operand of a memory instruction refers to. */
static uint8_t mem_space(decoder *dc, const isa_insn *in, const ptx_operand *addr)
{
  const ptx_form *f = in->ir->form;
  for (uint32_t i = 0; i < f->n_mods; i++)
    switch (f->mods[i]) {
    case PTX_MOD_GLOBAL: return ISA_SPACE_GLOBAL;
    case PTX_MOD_SHARED:
    case PTX_MOD_SHARED_CTA:
    case PTX_MOD_SHARED_CLUSTER: return ISA_SPACE_SHARED;
    case PTX_MOD_LOCAL: return ISA_SPACE_LOCAL;
    case PTX_MOD_CONST: return ISA_SPACE_CONST;
    case PTX_MOD_PARAM:
    case PTX_MOD_PARAM_ENTRY:
    case PTX_MOD_PARAM_FUNC: {
      /* Kernel parameters are one buffer per launch; a function's
       * parameters and call-site .param variables are per thread. */
      const ptx_operand *base = addr ? addr->u.addr.base : NULL;
      uint64_t v;
      if (base && base->kind == PTX_OPND_SYM) {
        const ptx_var *var = (const ptx_var *)base->u.sym.sym;
        if (map_get(&dc->globals, var, &v) && (var->flags & PTX_VARF_PARAM))
          return ISA_SPACE_PARAM;
        return ISA_SPACE_LOCAL;
      }
      return dc->f->ir->is_entry ? ISA_SPACE_PARAM : ISA_SPACE_LOCAL;
    }
    default: break;
    }
  return ISA_SPACE_GENERIC;
}

static void decode_addr(decoder *dc, isa_insn *in, const ptx_operand *o, unsigned k)
{
  if (o->kind != PTX_OPND_ADDR) {
    in->o[k] = value_slot(dc, in, o, false);
    return;
  }
  const ptx_operand *base = o->u.addr.base;
  in->off = o->u.addr.offset;
  if (base && base->kind == PTX_OPND_REG && ptx_type_bits((ptx_type)base->u.reg.var->type) <= 32)
    in->amask = UINT32_MAX;
  if (!base)
    in->o[k] = dc->zero_slot;
  else if (base->kind == PTX_OPND_SYM) {
    in->o[k] = sym_slot(dc, base->u.sym.sym, 0, base->loc);
    in->off += base->u.sym.offset;
  } else
    in->o[k] = value_slot(dc, in, base, false);
}

/* A texture or surface operand [handle, {coords}] (unified mode): o[k]
 * is the handle's slot and coordinate e goes to vslots[k * 8 + e] (see
 * isa_prog.h).  Texture references (.texref/.surfref variables) and
 * independent mode's samplers are refused: CUDA programs use 64-bit
 * texture objects. */
static void decode_tex(decoder *dc, isa_insn *in, const ptx_operand *o, unsigned k,
                       uint32_t *vslots)
{
  const ptx_operand *h = &o->u.list[0];
  in->o[k] = dc->zero_slot;
  if (h->kind != PTX_OPND_REG) {
    derr(dc, h->loc, "%s: texture and surface references (.texref, .surfref variables) are not "
         "supported; use texture or surface objects (64-bit handles)", in->ir->form->word->str);
    return;
  }
  if (o->n != 2) {
    derr(dc, o->loc, "%s: independent texture mode (a separate sampler operand) is not "
         "supported", in->ir->form->word->str);
    return;
  }
  in->o[k] = value_slot(dc, in, h, false);
  const ptx_operand *c = &o->u.list[1];
  uint32_t n = c->kind == PTX_OPND_VEC ? (c->n > 7 ? 7 : c->n) : 1;
  for (uint32_t e = 0; e < n; e++) {
    const ptx_operand *el = c->kind == PTX_OPND_VEC ? &c->u.list[e] : c;
    /* Coordinates are 32 bits: a decimal literal is an .f32. */
    uint32_t slot = value_slot(dc, in, el, true);
    if (vslots)
      vslots[k * 8 + e] = slot;
  }
}

/* Notes the role of operand o (o[k] decoded) in def_opnds, use_opnds and
 * pred_opnds (isa_prog.h): what the signature's slot k says it is, unless
 * it is not a value the record can read -- a label, a list, a sink, a
 * texture operand, or one of several vectors (their slots are in ext). */
static void note_role(isa_insn *in, const ptx_operand *o, uint32_t k, const ptx_sig_slot *sig,
                      int n_sig, bool is_pred, bool has_vslots)
{
  if ((int)k >= n_sig) {
    in->has_hidden_opnds = true;
    return;
  }
  bool is_vec = in->o[k] == ISA_NONE &&
                (o->kind == PTX_OPND_VEC ||
                 (o->kind == PTX_OPND_PAIR && o->u.list[0].kind == PTX_OPND_VEC));
  if (o->kind == PTX_OPND_TEX || (is_vec && has_vslots)) {
    in->has_hidden_opnds = true;
    return;
  }
  if (o->kind == PTX_OPND_SINK || (in->o[k] == ISA_NONE && !is_vec) ||
      (o->kind == PTX_OPND_PAIR && o->u.list[0].kind == PTX_OPND_SINK))
    return;
  uint8_t bit = (uint8_t)(1u << k);
  if (sig[k].role == 'd')
    in->def_opnds |= bit;
  else
    in->use_opnds |= bit;
  if (is_pred)
    in->pred_opnds |= bit;
}

/* Generic operand decoding: in->o[k] per IR operand (see isa_prog.h). */
static void decode_operands(decoder *dc, isa_insn *in)
{
  const ptx_insn *ir = in->ir;
  bool f32 = false;
  for (uint32_t t = 0; t < ir->form->n_types; t++)
    f32 |= ir->form->types[t] == PTX_TYPE_F32;
  for (uint32_t t = 0; t < ir->form->n_types; t++)
    if (ir->form->types[t] == PTX_TYPE_F64)
      f32 = false;
  in->n_o = ir->n_opnds > ISA_MAX_OPNDS ? ISA_MAX_OPNDS : ir->n_opnds;
  in->pd = ISA_NONE;
  /* v[] holds one vector operand.  An instruction with several (wmma.mma
   * d, a, b, c) or with a texture operand (tex, suld, sust) also gets all
   * of them in ext, owned by the insn: element e of operand k is slot
   * ((const uint32_t *)ext)[k * 8 + e]. */
  uint32_t n_vecs = 0, *vslots = NULL;
  bool has_tex = false;
  for (uint32_t k = 0; k < in->n_o; k++) {
    n_vecs += ir->opnds[k].kind == PTX_OPND_VEC;
    has_tex |= ir->opnds[k].kind == PTX_OPND_TEX;
  }
  if (n_vecs > 1 || has_tex) {
    vslots = calloc((size_t)in->n_o * 8, sizeof *vslots);
    if (!vslots) {
      dc->err = PTX_ENOMEM;
      return;
    }
    in->ext = vslots;
    in->owns_ext = true;
  }
  /* Which operands are predicates: p slots, and every operand of a .pred
   * instruction (mov, and, or, xor, not) except those the signature fixes
   * to another type (bar.red's barrier id, vote's membermask). */
  bool pred_slot[ISA_MAX_OPNDS] = {false};
  ptx_sig_slot sig[PTX_SIG_MAX_SLOTS];
  int n_sig = ptx_op_table[in->op].signature[0] == '*'
                  ? 0
                  : ptx_sig_parse(ptx_op_table[in->op].signature, sig, PTX_SIG_MAX_SLOTS);
  for (uint32_t k = 0; k < in->n_o; k++)
    pred_slot[k] = (int)k < n_sig ? sig[k].kind == 'p' ||
                                         (in->type == PTX_TYPE_PRED && sig[k].type != 'n')
                                   : in->type == PTX_TYPE_PRED;
  for (uint32_t k = 0; k < in->n_o; k++) {
    const ptx_operand *o = &ir->opnds[k];
    bool is_pred = false;
    switch (o->kind) {
    case PTX_OPND_REG:
      if (is_pred_var(o->u.reg.var)) {
        is_pred = true;
        uint64_t idx = 0;
        if (!map_get(&dc->regs, o->u.reg.var, &idx))
          derr(dc, o->loc, "'%s' is not a register", o->u.reg.var->sym.name->str);
        in->o[k] = (uint32_t)idx + o->u.reg.index;
        if (o->flags & PTX_OPNDF_NEG)
          in->neg_mask |= (uint8_t)(1u << k);
      } else
        in->o[k] = value_slot(dc, in, o, f32);
      break;
    case PTX_OPND_IMM:
      if (pred_slot[k]) {
        /* A constant predicate (nvcc: mov.pred %p, 0). */
        is_pred = true;
        in->o[k] = ISA_PRED_TRUE;
        if (o->u.imm == 0)
          in->neg_mask |= (uint8_t)(1u << k);
      } else
        in->o[k] = value_slot(dc, in, o, f32);
      break;
    case PTX_OPND_ADDR:
      in->space = mem_space(dc, in, o);
      decode_addr(dc, in, o, k);
      in->addr_opnd = (uint8_t)k;
      break;
    case PTX_OPND_VEC:
      in->vec = (uint8_t)(o->n > 8 ? 8 : o->n);
      for (uint32_t e = 0; e < in->vec; e++) {
        const ptx_operand *el = &o->u.list[e];
        if (el->kind == PTX_OPND_REG && is_pred_var(el->u.reg.var)) {
          derr(dc, el->loc, "predicates in vector operands are not supported");
          continue;
        }
        in->v[e] = value_slot(dc, in, el, f32);
        if (vslots)
          vslots[k * 8 + e] = in->v[e];
      }
      in->o[k] = ISA_NONE;
      break;
    case PTX_OPND_PAIR: {
      if (o->u.list[0].kind == PTX_OPND_VEC) {
        /* tex {d...}|p: the vector as a vector operand. */
        const ptx_operand *vo = &o->u.list[0];
        in->vec = (uint8_t)(vo->n > 8 ? 8 : vo->n);
        for (uint32_t e = 0; e < in->vec; e++) {
          in->v[e] = value_slot(dc, in, &vo->u.list[e], f32);
          if (vslots)
            vslots[k * 8 + e] = in->v[e];
        }
        in->o[k] = ISA_NONE;
      } else
        in->o[k] = value_slot(dc, in, &o->u.list[0], f32);
      const ptx_operand *q = &o->u.list[1];
      if (q->kind == PTX_OPND_REG && is_pred_var(q->u.reg.var)) {
        uint64_t idx = 0;
        (void)map_get(&dc->regs, q->u.reg.var, &idx);
        in->pd = (uint32_t)idx + q->u.reg.index;
      }
      /* setp p|q: the first is a predicate too. */
      const ptx_operand *p0 = &o->u.list[0];
      if (p0->kind == PTX_OPND_REG && is_pred_var(p0->u.reg.var)) {
        uint64_t idx = 0;
        (void)map_get(&dc->regs, p0->u.reg.var, &idx);
        in->o[k] = (uint32_t)idx + p0->u.reg.index;
        is_pred = true;
      } else if (p0->kind == PTX_OPND_SINK && in->op == PTX_OP_SETP)
        in->o[k] = ISA_PRED_SINK;
      break;
    }
    case PTX_OPND_LABEL:
      in->target = o->u.label->insn;
      in->o[k] = ISA_NONE;
      break;
    case PTX_OPND_TEX:
      decode_tex(dc, in, o, k, vslots);
      break;
    case PTX_OPND_LIST:
      in->o[k] = ISA_NONE;
      break;
    case PTX_OPND_SYM:
      /* Target lists and prototypes are read by their instruction. */
      if (o->u.sym.sym->kind != PTX_SYM_VAR && o->u.sym.sym->kind != PTX_SYM_FUNC) {
        in->o[k] = ISA_NONE;
        break;
      }
      in->o[k] = value_slot(dc, in, o, f32);
      break;
    case PTX_OPND_SINK:
      /* A sink where a predicate goes (setp, vote) is predicate 0. */
      in->o[k] = dc->sink_slot;
      break;
    default:
      in->o[k] = value_slot(dc, in, o, f32);
      break;
    }
    note_role(in, o, k, sig, n_sig, is_pred, vslots != NULL);
  }
}

/* ---- call sites ------------------------------------------------------ */

static const ptx_func *call_callee(const ptx_insn *ir, uint32_t *first_arg_list,
                                   uint32_t *ret_list, uint32_t *target_opnd)
{
  /* call [.uni] (rets), f, (args) [, proto|targets] -- rets optional. */
  *ret_list = ISA_NONE;
  *first_arg_list = ISA_NONE;
  uint32_t k = 0;
  if (k < ir->n_opnds && ir->opnds[k].kind == PTX_OPND_LIST)
    *ret_list = k++;
  *target_opnd = k;
  const ptx_operand *t = k < ir->n_opnds ? &ir->opnds[k] : NULL;
  k++;
  if (k < ir->n_opnds && ir->opnds[k].kind == PTX_OPND_LIST)
    *first_arg_list = k;
  if (t && t->kind == PTX_OPND_SYM && t->u.sym.sym->kind == PTX_SYM_FUNC) {
    const ptx_func *fn = (const ptx_func *)t->u.sym.sym;
    return fn->definition ? fn->definition : fn;
  }
  return NULL;
}

static void decode_call_list(decoder *dc, isa_insn *in, const ptx_operand *list,
                             isa_call_arg *out, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++) {
    const ptx_operand *a = &list->u.list[i];
    out[i].by_address = false;
    if (a->kind == PTX_OPND_SYM && a->u.sym.sym->kind == PTX_SYM_VAR) {
      const ptx_var *var = (const ptx_var *)a->u.sym.sym;
      if (var->space == PTX_SPACE_PARAM) {
        out[i].by_address = true;
        out[i].slot = sym_slot(dc, a->u.sym.sym, 0, a->loc);
        continue;
      }
    }
    out[i].slot = value_slot(dc, in, a, false);
  }
}

static void decode_call(decoder *dc, isa_insn *in)
{
  const ptx_insn *ir = in->ir;
  uint32_t args_k, rets_k, target_k;
  const ptx_func *callee = call_callee(ir, &args_k, &rets_k, &target_k);
  isa_call_site *cs = calloc(1, sizeof *cs);
  if (!cs) {
    dc->err = PTX_ENOMEM;
    return;
  }
  in->ext = cs;
  const char *name = NULL;
  if (callee) {
    name = callee->sym.name->str;
    uint64_t idx;
    if (!map_get(&dc->funcs, callee, &idx)) {
      /* The system calls, numbered as ops_ctrl.c's syscall_exec knows them. */
      static const struct { const char *name; uint32_t number; } syscalls[] = {
        {"vprintf", 1}, {"malloc", 2}, {"free", 3}, {"__assertfail", 4}, {"__assert_fail", 4},
        {"__cudaCDP2GetParameterBufferV2", 5}, {"__cudaCDP2LaunchDeviceV2", 6},
        {"__cudaCDP2LaunchDeviceV2_ptsz", 6}, {"__cudaCDP2GetLastError", 7},
        {"__cudaCDP2StreamCreateWithFlags", 8}, {"__cudaCDP2EventCreateWithFlags", 8},
        {"__cudaCDP2GetDevice", 9}, {"__cudaCDP2GetDeviceCount", 10},
        {"__cudaCDP2StreamDestroy", 11}, {"__cudaCDP2EventDestroy", 11},
        {"__cudaCDP2EventRecord", 11}, {"__cudaCDP2EventRecord_ptsz", 11},
        {"__cudaCDP2EventRecordWithFlags", 11}, {"__cudaCDP2EventRecordWithFlags_ptsz", 11},
        {"__cudaCDP2StreamWaitEvent", 11}, {"__cudaCDP2StreamWaitEvent_ptsz", 11},
        {"__cudaCDP2PeekAtLastError", 12}, {"__cudaCDP2Malloc", 13}, {"__cudaCDP2Free", 3}};
      size_t i = 0;
      while (i < sizeof syscalls / sizeof *syscalls && strcmp(name, syscalls[i].name))
        i++;
      if (i == sizeof syscalls / sizeof *syscalls && !strncmp(name, "__cudaCDP2", 10))
        derr(dc, ir->loc, "call: the device runtime's cuda%s (in device code) is not supported "
             "by ptxsim", name + 10);
      else if (i == sizeof syscalls / sizeof *syscalls)
        derr(dc, ir->loc, "call: function '%s' has no body in this module", name);
      in->aux = i < sizeof syscalls / sizeof *syscalls ? syscalls[i].number : 4;
    } else
      cs->callee = &dc->p->funcs[idx];
  } else if (target_k < ir->n_opnds) {
    cs->target_slot = value_slot(dc, in, &ir->opnds[target_k], false);
    /* The prototype or target list follows the arguments. */
    uint32_t k = (args_k != ISA_NONE ? args_k : target_k) + 1;
    const ptx_sym *sym = k < ir->n_opnds && ir->opnds[k].kind == PTX_OPND_SYM
                             ? ir->opnds[k].u.sym.sym
                             : NULL;
    if (sym && sym->kind == PTX_SYM_PROTO)
      cs->proto = (const ptx_func *)sym;
    else if (sym && sym->kind == PTX_SYM_CALLTARGETS) {
      cs->targets = (const ptx_targets *)sym;
      if (cs->targets->n && cs->targets->items[0].kind == PTX_OPND_SYM &&
          cs->targets->items[0].u.sym.sym->kind == PTX_SYM_FUNC)
        cs->proto = (const ptx_func *)cs->targets->items[0].u.sym.sym;
    }
  }
  if (rets_k != ISA_NONE) {
    cs->n_rets = ir->opnds[rets_k].n;
    cs->rets = calloc(cs->n_rets ? cs->n_rets : 1, sizeof *cs->rets);
    if (!cs->rets) {
      dc->err = PTX_ENOMEM;
      return;
    }
    decode_call_list(dc, in, &ir->opnds[rets_k], cs->rets, cs->n_rets);
  }
  if (args_k != ISA_NONE) {
    cs->n_args = ir->opnds[args_k].n;
    cs->args = calloc(cs->n_args ? cs->n_args : 1, sizeof *cs->args);
    if (!cs->args) {
      dc->err = PTX_ENOMEM;
      return;
    }
    decode_call_list(dc, in, &ir->opnds[args_k], cs->args, cs->n_args);
  }
  /* Compare with the callee's declaration, not its isa_func: a callee
   * defined later in the module has not been laid out yet. */
  if (cs->callee && (cs->callee->ir->n_params != cs->n_args ||
                     cs->callee->ir->n_rets != cs->n_rets))
    derr(dc, ir->loc, "call: '%s' takes %u parameters and %u results, the call passes %u and %u",
         name, cs->callee->ir->n_params, cs->callee->ir->n_rets, cs->n_args, cs->n_rets);
}

/* ---- functions -------------------------------------------------------- */

static int layout_function_vars(decoder *dc, const ptx_func *fn)
{
  isa_func *f = dc->f;
  /* Slot 0 reads as zero ([imm] addresses); slot 1 absorbs sink writes. */
  f->n_slots = 2;
  dc->zero_slot = ro_slot(dc, ISA_SLOT_CONST, 0);
  dc->sink_slot = 1 * 32;
  f->n_preds = 2; /* ISA_PRED_SINK, ISA_PRED_TRUE */
  uint64_t local = 0;
  f->var_reg = malloc((fn->n_vars ? fn->n_vars : 1) * sizeof *f->var_reg);
  if (!f->var_reg)
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < fn->n_vars; i++) {
    const ptx_var *v = fn->vars[i];
    uint32_t count = v->range ? v->range : 1;
    int rc = 0;
    f->var_reg[i] = ISA_NONE;
    switch (v->space) {
    case PTX_SPACE_REG:
      if (is_pred_var(v)) {
        f->var_reg[i] = f->n_preds;
        rc = map_put(&dc->regs, v, f->n_preds);
        f->n_preds += count;
      } else {
        f->var_reg[i] = f->n_slots * 32;
        rc = map_put(&dc->regs, v, f->n_slots);
        f->n_slots += count * (v->vec > 1 ? v->vec : 1);
      }
      break;
    case PTX_SPACE_LOCAL:
    case PTX_SPACE_PARAM:
      local = align_up(local, ptx_var_alignment(v));
      rc = map_put(&dc->locals, v, local);
      local += ptx_var_size_bytes(v) ? ptx_var_size_bytes(v) : 8;
      break;
    case PTX_SPACE_SHARED:
    case PTX_SPACE_CONST:
    case PTX_SPACE_GLOBAL:
      break; /* laid out module-wide */
    default:
      break;
    }
    if (rc)
      return rc;
  }
  /* Formals: .reg ones are registers, .param ones are addresses bound by
   * the caller (kernel parameters are the launch's buffer). */
  if (!fn->is_entry) {
    f->n_params = fn->n_params;
    f->n_formals = fn->n_params + fn->n_rets;
    f->formals = calloc(f->n_formals ? f->n_formals : 1, sizeof *f->formals);
    f->formal_slot = calloc(f->n_formals ? f->n_formals : 1, sizeof *f->formal_slot);
    f->formal_is_reg = calloc(f->n_formals ? f->n_formals : 1, sizeof *f->formal_is_reg);
    f->formal_bytes = calloc(f->n_formals ? f->n_formals : 1, sizeof *f->formal_bytes);
    f->formal_home = calloc(f->n_formals ? f->n_formals : 1, sizeof *f->formal_home);
    if (!f->formals || !f->formal_slot || !f->formal_is_reg || !f->formal_bytes ||
        !f->formal_home)
      return PTX_ENOMEM;
    for (uint32_t i = 0; i < f->n_formals; i++) {
      const ptx_var *v = i < fn->n_params ? fn->params[i] : fn->rets[i - fn->n_params];
      f->formals[i] = v;
      uint64_t bytes = v->space == PTX_SPACE_REG ? ptx_var_elem_bytes(v) : ptx_var_size_bytes(v);
      f->formal_bytes[i] = bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
      if (v->space != PTX_SPACE_REG && bytes <= 8) {
        /* A home for the value when the caller passes it in a register. */
        local = align_up(local, ptx_var_alignment(v));
        f->formal_home[i] = local;
        local += 8;
      }
      if (v->space == PTX_SPACE_REG) {
        f->formal_is_reg[i] = true;
        f->formal_slot[i] = f->n_slots * 32;
        if (map_put(&dc->regs, v, f->n_slots))
          return PTX_ENOMEM;
        f->n_slots += 1;
      } else {
        f->formal_slot[i] = ro_slot(dc, ISA_SLOT_FORMAL, i);
        if (map_put(&dc->formals, v, i))
          return PTX_ENOMEM;
      }
    }
  }
  f->local_bytes = align_up(local, 16);
  return dc->err;
}

static void unsupported(decoder *dc, const isa_insn *in)
{
  derr(dc, in->ir->loc, "%s: instruction not supported by the emulator (in function '%s')",
       in->ir->form->word->str, dc->f->name);
}

static int decode_function(decoder *dc, const ptx_func *fn)
{
  isa_func *f = dc->f;
  dc->n_inits = 0;
  int rc = layout_function_vars(dc, fn);
  if (rc)
    return rc;
  f->n_insns = fn->n_insns;
  f->insns = calloc(fn->n_insns ? fn->n_insns : 1, sizeof *f->insns);
  if (!f->insns)
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < fn->n_insns; i++) {
    isa_insn *in = &f->insns[i];
    const ptx_insn *ir = &fn->insns[i];
    in->ir = ir;
    in->func = f;
    in->op = ir->form->op;
    in->type = ir->form->n_types > 0 ? ir->form->types[0] : PTX_TYPE_NONE;
    in->type2 = ir->form->n_types > 1 ? ir->form->types[1] : in->type;
    in->vec = ir->form->vec;
    in->target = ISA_NONE;
    in->reconv = ISA_NONE;
    in->guard = ISA_NONE;
    in->ftz = ptx_form_has(ir->form, PTX_MOD_FTZ);
    in->sat = ptx_form_has(ir->form, PTX_MOD_SAT);
    in->rnd = (uint8_t)isa_rounding(in);
    in->space = ISA_SPACE_GENERIC;
    in->addr_opnd = ISA_NO_ADDR;
    in->amask = UINT64_MAX;
    if (ir->guard) {
      uint64_t idx = 0;
      if (ir->guard->kind != PTX_OPND_REG || !map_get(&dc->regs, ir->guard->u.reg.var, &idx))
        derr(dc, ir->loc, "guard is not a predicate register");
      in->guard = (uint32_t)idx + (ir->guard->kind == PTX_OPND_REG ? ir->guard->u.reg.index : 0);
      in->guard_neg = ir->guard_neg;
    }
    if (in->op == PTX_OP_CALL) {
      decode_call(dc, in);
      in->has_hidden_opnds = true; /* arguments go through the call site */
    } else
      decode_operands(dc, in);
    if (dc->err == PTX_ENOMEM)
      break;
    if (in->op == PTX_OP_BRX_IDX) {
      const ptx_operand *t = ir->n_opnds > 1 ? &ir->opnds[1] : NULL;
      if (t && t->kind == PTX_OPND_SYM && t->u.sym.sym->kind == PTX_SYM_BRANCHTARGETS) {
        const ptx_targets *tl = (const ptx_targets *)t->u.sym.sym;
        uint32_t *targets = calloc(tl->n ? tl->n : 1, sizeof *targets);
        if (!targets) {
          dc->err = PTX_ENOMEM;
          break;
        }
        for (uint32_t j = 0; j < tl->n; j++)
          targets[j] = tl->items[j].u.label->insn;
        in->ext = targets;
        in->aux = tl->n;
      } else
        derr(dc, ir->loc, "brx.idx needs a .branchtargets list");
    }
    isa_binder b = isa_binder_of((ptx_op)in->op);
    in->exec = b ? b(in) : NULL;
    if (!in->exec)
      unsupported(dc, in);
  }
  if (!dc->err) {
    cfg g;
    rc = cfg_build_ir(fn, &g);
    if (rc)
      return rc;
    for (uint32_t b = 0; b < g.n_blocks; b++) {
      isa_insn *last = &f->insns[g.blocks[b].last];
      uint32_t rp = cfg_reconv_insn(&g, b);
      last->reconv = rp == CFG_EXIT ? ISA_NONE : rp;
    }
    cfg_free(&g);
  }
  f->n_inits = dc->n_inits;
  f->inits = dc->inits;
  dc->inits = NULL;
  dc->cap_inits = 0;
  return dc->err;
}

/* ---- module ---------------------------------------------------------- */

static int layout_module(decoder *dc)
{
  const ptx_module *m = dc->m;
  isa_shared_layout *sl = &dc->shared;
  if (isa_shared_layout_build(m, sl))
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < sl->n_vars; i++)
    if (map_put(sl->is_dynamic[i] ? &dc->dyn_shared : &dc->globals, sl->vars[i], sl->offset[i]))
      return PTX_ENOMEM;

  /* .global and .const variables: device addresses from the loader. */
  for (uint32_t i = 0; i < m->n_vars; i++) {
    const ptx_var *v = m->vars[i];
    if (v->space != PTX_SPACE_GLOBAL && v->space != PTX_SPACE_CONST)
      continue;
    uint64_t addr;
    int rc = dc->resolve(dc->ctx, v, &addr);
    if (rc) {
      ptx_diag_report(dc->diag, PTX_SEV_ERROR, dc->m->path, v->sym.loc,
                      "cannot allocate .%s variable '%s' (%llu bytes): %s",
                      v->space == PTX_SPACE_CONST ? "const" : "global", v->sym.name->str,
                      (unsigned long long)ptx_var_size_bytes(v),
                      rc == PTX_ENOMEM ? "out of memory" : "the loader refused it");
      return rc;
    }
    if (map_put(&dc->globals, v, addr))
      return PTX_ENOMEM;
  }
  return 0;
}

static int layout_kernel(decoder *dc, isa_kernel *k, const isa_func *f)
{
  const ptx_func *fn = f->ir;
  k->func = f;
  k->n_params = fn->n_params;
  k->param_offset = calloc(fn->n_params ? fn->n_params : 1, sizeof *k->param_offset);
  k->param_size = calloc(fn->n_params ? fn->n_params : 1, sizeof *k->param_size);
  if (!k->param_offset || !k->param_size)
    return PTX_ENOMEM;
  uint64_t off = 0;
  for (uint32_t i = 0; i < fn->n_params; i++) {
    const ptx_var *v = fn->params[i];
    off = align_up(off, ptx_var_alignment(v));
    k->param_offset[i] = (uint32_t)off;
    k->param_size[i] = (uint32_t)ptx_var_size_bytes(v);
    if (map_put(&dc->globals, v, off))
      return PTX_ENOMEM;
    off += ptx_var_size_bytes(v);
  }
  k->param_bytes = off;
  k->static_shared = dc->shared.kernel_bytes[fn->module_index];
  k->dyn_shared_align = dc->shared.dyn_align;
  return 0;
}

/* Local memory a kernel needs per thread: its own plus the deepest chain
 * of callees; recursion is bounded by the stack limit at run time. */
static uint64_t stack_need(const isa_program *p, const isa_func *f, uint8_t *state, bool *rec)
{
  if (state[f->index] == 1) {
    *rec = true;
    return 0;
  }
  if (state[f->index] == 2)
    return f->local_bytes; /* approximate: already counted on another path */
  state[f->index] = 1;
  uint64_t deepest = 0;
  for (uint32_t i = 0; i < f->n_insns; i++) {
    const isa_insn *in = &f->insns[i];
    if (in->op != PTX_OP_CALL || !in->ext)
      continue;
    const isa_call_site *cs = in->ext;
    if (!cs->callee) {
      *rec = true; /* indirect: unknown depth */
      continue;
    }
    uint64_t d = stack_need(p, cs->callee, state, rec);
    if (d > deepest)
      deepest = d;
  }
  state[f->index] = 2;
  return f->local_bytes + deepest;
}

/* What the liveness of f's body tells the decoder (isa_prog.h), from one
 * analysis. */
static int liveness_facts(const ptx_module *m, isa_func *f)
{
  f->n_uninit = 0;
  f->uninit_slots = NULL;
  if (!f->ir->n_insns)
    return 0;
  an_func *a;
  an_options o = {.liveness_only = true};
  int rc = an_func_analyse(m, f->ir, &o, &a);
  if (rc)
    return rc;
  rc = isa_func_uninit_slots(f, a);
  isa_func_mark_order_free(f, a);
  an_func_free(a);
  return rc;
}

int isa_decode(const ptx_module *m, isa_var_resolver resolve, void *ctx, ptx_diag *d,
               isa_program **out)
{
  decoder dc = {.m = m, .diag = d, .resolve = resolve, .ctx = ctx};
  isa_program *p = calloc(1, sizeof *p);
  if (!p)
    return PTX_ENOMEM;
  dc.p = p;
  p->ir = m;
  uint32_t n_bodies = 0, n_entries = 0;
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->has_body && !m->funcs[i]->is_prototype) {
      n_bodies++;
      n_entries += m->funcs[i]->is_entry;
    }
  p->funcs = calloc(n_bodies ? n_bodies : 1, sizeof *p->funcs);
  p->kernels = calloc(n_entries ? n_entries : 1, sizeof *p->kernels);
  int rc = (!p->funcs || !p->kernels) ? PTX_ENOMEM : 0;
  for (uint32_t i = 0; !rc && i < m->n_funcs; i++) {
    const ptx_func *fn = m->funcs[i];
    if (!fn->has_body || fn->is_prototype)
      continue;
    isa_func *f = &p->funcs[p->n_funcs];
    f->ir = fn;
    f->name = fn->sym.name->str;
    f->index = p->n_funcs;
    rc = map_put(&dc.funcs, fn, p->n_funcs);
    p->n_funcs++;
  }
  if (!rc)
    rc = layout_module(&dc);
  for (uint32_t i = 0; !rc && i < p->n_funcs; i++)
    if (p->funcs[i].ir->is_entry) {
      rc = layout_kernel(&dc, &p->kernels[p->n_kernels], &p->funcs[i]);
      p->n_kernels++;
    }
  for (uint32_t i = 0; !rc && i < p->n_funcs; i++) {
    dc.f = &p->funcs[i];
    map_free(&dc.regs);
    map_free(&dc.locals);
    map_free(&dc.formals);
    rc = decode_function(&dc, p->funcs[i].ir);
    if (!rc)
      rc = liveness_facts(m, &p->funcs[i]);
    if (rc == PTX_EINVAL && !ptx_diag_should_stop(d)) {
      /* Keep going to report every unsupported instruction. */
      dc.err = 0;
      rc = 0;
      dc.err = PTX_EINVAL;
    }
  }
  if (!rc && dc.err)
    rc = dc.err;
  if (!rc) {
    uint8_t *state = calloc(p->n_funcs ? p->n_funcs : 1, 1);
    if (!state)
      rc = PTX_ENOMEM;
    for (uint32_t k = 0; !rc && k < p->n_kernels; k++) {
      memset(state, 0, p->n_funcs);
      bool rec = false;
      p->kernels[k].local_bytes = stack_need(p, p->kernels[k].func, state, &rec);
      p->kernels[k].has_recursion = rec;
      p->kernels[k].cta_order_deps =
        isa_cta_order_deps(p, p->kernels[k].func, &p->kernels[k].has_printf);
    }
    free(state);
  }
  map_free(&dc.regs);
  map_free(&dc.locals);
  map_free(&dc.formals);
  map_free(&dc.globals);
  map_free(&dc.dyn_shared);
  isa_shared_layout_free(&dc.shared);
  map_free(&dc.funcs);
  free(dc.inits);
  if (rc) {
    isa_program_free(p);
    return rc;
  }
  *out = p;
  return 0;
}

void isa_program_free(isa_program *p)
{
  if (!p)
    return;
  for (uint32_t i = 0; i < p->n_funcs; i++) {
    isa_func *f = &p->funcs[i];
    for (uint32_t j = 0; f->insns && j < f->n_insns; j++) {
      isa_insn *in = &f->insns[j];
      if (in->op == PTX_OP_CALL && in->ext) {
        isa_call_site *cs = (isa_call_site *)in->ext;
        free(cs->args);
        free(cs->rets);
        free(cs);
      } else if (in->op == PTX_OP_BRX_IDX || in->owns_ext)
        free((void *)in->ext);
    }
    free(f->insns);
    free(f->inits);
    free(f->formals);
    free(f->formal_slot);
    free(f->formal_is_reg);
    free(f->formal_bytes);
    free(f->formal_home);
    free(f->var_reg);
    free(f->uninit_slots);
  }
  for (uint32_t k = 0; k < p->n_kernels; k++) {
    free(p->kernels[k].param_offset);
    free(p->kernels[k].param_size);
  }
  free(p->funcs);
  free(p->kernels);
  free(p);
}

const isa_kernel *isa_program_kernel(const isa_program *p, const char *name)
{
  for (uint32_t k = 0; k < p->n_kernels; k++)
    if (!strcmp(p->kernels[k].func->name, name))
      return &p->kernels[k];
  return NULL;
}

uint64_t isa_func_address(const isa_func *f)
{
  return ISA_CODE_BASE + (uint64_t)f->index * ISA_CODE_STRIDE;
}

const isa_func *isa_program_func_at(const isa_program *p, uint64_t addr)
{
  if (addr < ISA_CODE_BASE || (addr - ISA_CODE_BASE) % ISA_CODE_STRIDE)
    return NULL;
  uint64_t i = (addr - ISA_CODE_BASE) / ISA_CODE_STRIDE;
  return i < p->n_funcs ? &p->funcs[i] : NULL;
}

unsigned isa_rounding(const isa_insn *in)
{
  const ptx_form *f = in->ir->form;
  for (uint32_t i = 0; i < f->n_mods; i++)
    switch (f->mods[i]) {
    case PTX_MOD_RN:
    case PTX_MOD_RNI: return ISA_RN;
    case PTX_MOD_RZ:
    case PTX_MOD_RZI: return ISA_RZ;
    case PTX_MOD_RM:
    case PTX_MOD_RMI: return ISA_RM;
    case PTX_MOD_RP:
    case PTX_MOD_RPI: return ISA_RP;
    case PTX_MOD_RNA: return ISA_RNA;
    case PTX_MOD_RS: return ISA_RS;
    default: break;
    }
  return ISA_RN;
}
