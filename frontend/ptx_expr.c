/* ptx_expr.c -- expression trees and constant-expression evaluation.
 *
 * Evaluation follows PTX ISA 9.0 4.5.4-4.5.6: integers are 64-bit, signed
 * unless a literal is too large or has U; the usual arithmetic conversions
 * make a binary operation unsigned when either side is; floating-point
 * constants are doubles; 0f literals keep their 32 bits and cannot take
 * part in arithmetic; integer and floating-point operands do not mix.
 * Behaviour C leaves undefined is defined: shifts by 64 or more give 0
 * (or -1 for an arithmetic right shift of a negative value), and INT64_MIN
 * divided by -1 wraps.  Division or remainder by zero is an error.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_parse_int.h"
#include "frontend/ptx_parser.h"

ptx_expr *ptx_expr_new(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_loc loc)
{
  ptx_expr *e = ptx_scratch(pc, sizeof *e);
  if (e) {
    e->kind = (uint8_t)kind;
    e->loc = loc;
  }
  return e;
}

ptx_expr *ptx_expr_tok(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_tok tok, ptx_loc loc)
{
  ptx_expr *e = ptx_expr_new(pc, kind, loc);
  if (e)
    e->tok = tok;
  return e;
}

ptx_expr *ptx_expr_unary(ptx_parse_ctx *pc, int op, ptx_expr *a, ptx_loc loc)
{
  ptx_expr *e = ptx_expr_new(pc, PTX_EX_UNARY, loc);
  if (e) {
    e->op = op;
    e->a = a;
  }
  return e;
}

ptx_expr *ptx_expr_binary(ptx_parse_ctx *pc, int op, ptx_expr *a, ptx_expr *b, ptx_loc loc)
{
  ptx_expr *e = ptx_expr_new(pc, PTX_EX_BINARY, loc);
  if (e) {
    e->op = op;
    e->a = a;
    e->b = b;
  }
  return e;
}

ptx_expr *ptx_expr_cond(ptx_parse_ctx *pc, ptx_expr *a, ptx_expr *b, ptx_expr *c, ptx_loc loc)
{
  ptx_expr *e = ptx_expr_new(pc, PTX_EX_COND, loc);
  if (e) {
    e->a = a;
    e->b = b;
    e->c = c;
  }
  return e;
}

ptx_expr *ptx_expr_list(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_elist l, ptx_loc loc)
{
  ptx_expr *e = ptx_expr_new(pc, kind, loc);
  if (e) {
    e->list = l.head;
    e->n = l.n;
  }
  return e;
}

static bool is_warp_sz(const ptx_expr *e);

static bool is_const(const ptx_expr *e, int depth)
{
  if (!e || depth > 200)
    return false;
  depth++;
  switch (e->kind) {
  case PTX_EX_INT:
  case PTX_EX_F32:
  case PTX_EX_F64:
    return true;
  case PTX_EX_UNARY:
  case PTX_EX_CAST:
    return is_const(e->a, depth);
  case PTX_EX_BINARY:
    return is_const(e->a, depth) && is_const(e->b, depth);
  case PTX_EX_COND:
    return is_const(e->a, depth) && is_const(e->b, depth) && is_const(e->c, depth);
  case PTX_EX_NAME:
    /* WARP_SZ is the one predefined constant (PTX ISA 4.4). */
    return is_warp_sz(e);
  default:
    return false;
  }
}

bool ptx_expr_is_const(const ptx_expr *e)
{
  return is_const(e, 0);
}

static bool is_warp_sz(const ptx_expr *e)
{
  return e->tok.len == 7 && memcmp(e->tok.s, "WARP_SZ", 7) == 0;
}

static double bits_to_f64(uint64_t b)
{
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}

static uint64_t f64_to_bits(double d)
{
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

static ptx_cval cv_int(uint64_t v, bool is_unsigned)
{
  ptx_cval c = {is_unsigned ? PTX_CV_U64 : PTX_CV_S64, v};
  return c;
}

static ptx_cval cv_f64(double d)
{
  ptx_cval c = {PTX_CV_F64, f64_to_bits(d)};
  return c;
}

static const char *op_name(int op)
{
  switch (op) {
  case T_SHL: return "<<";
  case T_SHR: return ">>";
  case T_LE: return "<=";
  case T_GE: return ">=";
  case T_EQ: return "==";
  case T_NE: return "!=";
  case T_ANDAND: return "&&";
  case T_OROR: return "||";
  case '*': return "*";
  case '/': return "/";
  case '%': return "%";
  case '+': return "+";
  case '-': return "-";
  case '<': return "<";
  case '>': return ">";
  case '&': return "&";
  case '^': return "^";
  case '|': return "|";
  case '!': return "!";
  case '~': return "~";
  default: return "?";
  }
}

static int eval(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out, int depth);

static int eval_unary(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out, int depth)
{
  ptx_cval a;
  if (eval(pc, e->a, &a, depth) != 0)
    return -1;
  if (a.kind == PTX_CV_F32) {
    ptx_error(pc, e->loc, "a 0f floating-point literal cannot be used in an expression");
    return -1;
  }
  bool is_float = a.kind == PTX_CV_F64;
  switch (e->op) {
  case '+':
    *out = a;
    return 0;
  case '-':
    *out = is_float ? cv_f64(-bits_to_f64(a.bits)) : cv_int(0 - a.bits, a.kind == PTX_CV_U64);
    return 0;
  case '!':
    if (is_float)
      break;
    *out = cv_int(a.bits == 0, false);
    return 0;
  case '~':
    if (is_float)
      break;
    *out = cv_int(~a.bits, true);
    return 0;
  }
  ptx_error(pc, e->loc, "operator '%s' needs an integer operand", op_name(e->op));
  return -1;
}

static int eval_binary(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out, int depth)
{
  ptx_cval a, b;
  if (eval(pc, e->a, &a, depth) != 0 || eval(pc, e->b, &b, depth) != 0)
    return -1;
  if (a.kind == PTX_CV_F32 || b.kind == PTX_CV_F32) {
    ptx_error(pc, e->loc, "a 0f floating-point literal cannot be used in an expression");
    return -1;
  }
  int op = e->op;
  bool fa = a.kind == PTX_CV_F64, fb = b.kind == PTX_CV_F64;
  bool int_only = op == '%' || op == T_SHL || op == T_SHR || op == '&' || op == '|' || op == '^' ||
                  op == T_ANDAND || op == T_OROR;
  if (int_only && (fa || fb)) {
    ptx_error(pc, e->loc, "operator '%s' needs integer operands", op_name(op));
    return -1;
  }
  if (fa != fb) {
    ptx_error(pc, e->loc, "operator '%s' mixes integer and floating-point operands", op_name(op));
    return -1;
  }
  if (fa) {
    double x = bits_to_f64(a.bits), y = bits_to_f64(b.bits);
    switch (op) {
    case '+': *out = cv_f64(x + y); return 0;
    case '-': *out = cv_f64(x - y); return 0;
    case '*': *out = cv_f64(x * y); return 0;
    case '/': *out = cv_f64(x / y); return 0; /* IEEE: no error */
    case '<': *out = cv_int(x < y, false); return 0;
    case '>': *out = cv_int(x > y, false); return 0;
    case T_LE: *out = cv_int(x <= y, false); return 0;
    case T_GE: *out = cv_int(x >= y, false); return 0;
    case T_EQ: *out = cv_int(x == y, false); return 0;
    case T_NE: *out = cv_int(x != y, false); return 0;
    default:
      ptx_error(pc, e->loc, "operator '%s' needs integer operands", op_name(op));
      return -1;
    }
  }
  bool uns = a.kind == PTX_CV_U64 || b.kind == PTX_CV_U64; /* usual conversions */
  uint64_t x = a.bits, y = b.bits;
  int64_t sx = (int64_t)x, sy = (int64_t)y;
  switch (op) {
  case '+': *out = cv_int(x + y, uns); return 0;
  case '-': *out = cv_int(x - y, uns); return 0;
  case '*': *out = cv_int(x * y, uns); return 0;
  case '/':
  case '%':
    if (y == 0) {
      ptx_error(pc, e->loc, "%s by zero in constant expression", op == '/' ? "division" : "remainder");
      return -1;
    }
    if (op == '%') { /* PTX: operands interpreted as unsigned */
      *out = cv_int(x % y, false);
      return 0;
    }
    if (uns)
      *out = cv_int(x / y, true);
    else if (sx == INT64_MIN && sy == -1)
      *out = cv_int(x, false); /* wraps */
    else
      *out = cv_int((uint64_t)(sx / sy), false);
    return 0;
  case T_SHL:
    *out = cv_int(y >= 64 ? 0 : x << y, a.kind == PTX_CV_U64);
    return 0;
  case T_SHR:
    if (a.kind == PTX_CV_U64)
      *out = cv_int(y >= 64 ? 0 : x >> y, true);
    else if (y >= 64)
      *out = cv_int(sx < 0 ? UINT64_MAX : 0, false);
    else
      *out = cv_int(sx < 0 ? ~(~x >> y) : x >> y, false); /* arithmetic */
    return 0;
  case '<': *out = cv_int(uns ? x < y : sx < sy, false); return 0;
  case '>': *out = cv_int(uns ? x > y : sx > sy, false); return 0;
  case T_LE: *out = cv_int(uns ? x <= y : sx <= sy, false); return 0;
  case T_GE: *out = cv_int(uns ? x >= y : sx >= sy, false); return 0;
  case T_EQ: *out = cv_int(x == y, false); return 0;
  case T_NE: *out = cv_int(x != y, false); return 0;
  case '&': *out = cv_int(x & y, uns); return 0;
  case '^': *out = cv_int(x ^ y, uns); return 0;
  case '|': *out = cv_int(x | y, uns); return 0;
  case T_ANDAND: *out = cv_int(x && y, false); return 0;
  case T_OROR: *out = cv_int(x || y, false); return 0;
  }
  ptx_error(pc, e->loc, "unsupported operator '%s' in constant expression", op_name(op));
  return -1;
}

/* depth bounds recursion on adversarial input. */
static int eval(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out, int depth)
{
  if (!e)
    return -1;
  if (depth > 200) {
    ptx_error(pc, e->loc, "constant expression nested too deeply");
    return -1;
  }
  depth++;
  switch (e->kind) {
  case PTX_EX_INT:
    *out = cv_int(e->tok.val, e->tok.is_unsigned);
    return 0;
  case PTX_EX_F64:
    out->kind = PTX_CV_F64;
    out->bits = e->tok.val;
    return 0;
  case PTX_EX_F32:
    out->kind = PTX_CV_F32;
    out->bits = e->tok.val;
    return 0;
  case PTX_EX_NAME:
    if (is_warp_sz(e)) {
      *out = cv_int(32, false);
      return 0;
    }
    ptx_error(pc, e->loc, "'%.*s' is not a constant", (int)e->tok.len, e->tok.s);
    return -1;
  case PTX_EX_UNARY:
    return eval_unary(pc, e, out, depth);
  case PTX_EX_BINARY:
    return eval_binary(pc, e, out, depth);
  case PTX_EX_CAST: {
    ptx_cval a;
    if (eval(pc, e->a, &a, depth) != 0)
      return -1;
    bool to_u = e->tok.len == 4 && memcmp(e->tok.s, ".u64", 4) == 0;
    bool to_s = e->tok.len == 4 && memcmp(e->tok.s, ".s64", 4) == 0;
    if (!to_u && !to_s) {
      ptx_error(pc, e->loc, "cast to '%.*s': only (.s64) and (.u64) casts exist", (int)e->tok.len,
                e->tok.s);
      return -1;
    }
    if (a.kind == PTX_CV_F64 || a.kind == PTX_CV_F32) {
      ptx_error(pc, e->loc, "cast of a floating-point value to an integer type");
      return -1;
    }
    *out = cv_int(a.bits, to_u);
    return 0;
  }
  case PTX_EX_COND: {
    ptx_cval c, a, b;
    if (eval(pc, e->a, &c, depth) != 0)
      return -1;
    if (c.kind == PTX_CV_F64 || c.kind == PTX_CV_F32) {
      ptx_error(pc, e->loc, "the condition of '?:' must be an integer");
      return -1;
    }
    if (eval(pc, e->b, &a, depth) != 0 || eval(pc, e->c, &b, depth) != 0)
      return -1;
    bool fa = a.kind == PTX_CV_F64, fb = b.kind == PTX_CV_F64;
    if (a.kind == PTX_CV_F32 || b.kind == PTX_CV_F32 || fa != fb) {
      ptx_error(pc, e->loc, "the operands of '?:' must both be integers or both be floating point");
      return -1;
    }
    ptx_cval r = c.bits ? a : b;
    if (!fa)
      r.kind = (a.kind == PTX_CV_U64 || b.kind == PTX_CV_U64) ? PTX_CV_U64 : PTX_CV_S64;
    *out = r;
    return 0;
  }
  default:
    ptx_error(pc, e->loc, "expected a constant expression");
    return -1;
  }
}

int ptx_expr_eval(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out)
{
  return eval(pc, e, out, 0);
}

int ptx_expr_eval_int(ptx_parse_ctx *pc, const ptx_expr *e, uint64_t *out, bool *is_unsigned)
{
  ptx_cval v;
  if (ptx_expr_eval(pc, e, &v) != 0)
    return -1;
  if (v.kind == PTX_CV_F64 || v.kind == PTX_CV_F32) {
    ptx_error(pc, e->loc, "expected an integer constant, found a floating-point value");
    return -1;
  }
  *out = v.bits;
  if (is_unsigned)
    *is_unsigned = v.kind == PTX_CV_U64;
  return 0;
}
