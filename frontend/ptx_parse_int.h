/* ptx_parse_int.h -- private interface between the scanner, the grammar
 * and the IR builder.
 *
 * The grammar (ptx_parser.y) only recognises structure: every action is
 * one call into the builder (ptx_build*.c), which checks meaning, resolves
 * names and fills the module.  Operands, initialisers and constant
 * expressions reach the builder as small expression trees allocated in a
 * scratch arena that is emptied after every statement.
 */
#ifndef PTXSIM_FRONTEND_PTX_PARSE_INT_H
#define PTXSIM_FRONTEND_PTX_PARSE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_arena.h"
#include "frontend/ptx_diag.h"
#include "frontend/ptx_ir.h"
#include "frontend/ptx_vec.h"

/* A token as the scanner hands it over. */
typedef struct ptx_tok {
  const char *s; /* into the input buffer; not NUL-terminated */
  uint32_t len;
  bool is_unsigned; /* T_INT: literal typed .u64 */
  uint64_t val;     /* T_INT value, T_F32/T_F64 bits, directive code */
} ptx_tok;

/* Performance-tuning directives (token values of T_PERF0 / T_PERFN). */
typedef enum ptx_perf_kind {
  PTX_PERF_NORETURN,
  PTX_PERF_EXPLICITCLUSTER,
  PTX_PERF_BLOCKSARECLUSTERS,
  PTX_PERF_MAXNTID,
  PTX_PERF_REQNTID,
  PTX_PERF_REQNCTAPERCLUSTER,
  PTX_PERF_MINNCTAPERSM,
  PTX_PERF_MAXNCTAPERSM,
  PTX_PERF_MAXNREG,
  PTX_PERF_MAXCLUSTERRANK,
  PTX_PERF_ABI_PRESERVE,
  PTX_PERF_ABI_PRESERVE_CONTROL
} ptx_perf_kind;

/* ------------------------------------------------------------------ */
/* Expression trees.                                                   */

typedef enum ptx_expr_kind {
  PTX_EX_INT,     /* tok.val, tok.is_unsigned */
  PTX_EX_F32,     /* tok.val: float bits */
  PTX_EX_F64,     /* tok.val: double bits */
  PTX_EX_NAME,    /* identifier (possibly with .x-style suffixes) */
  PTX_EX_DOTNAME, /* .debug_str in .loc function_name */
  PTX_EX_SINK,    /* _ */
  PTX_EX_UNARY,   /* op a: '-', '+', '!', '~' */
  PTX_EX_BINARY,  /* a op b */
  PTX_EX_COND,    /* a ? b : c */
  PTX_EX_CAST,    /* (.s64) a or (.u64) a: tok is the type */
  PTX_EX_CALL,    /* tok(a): generic(sym) or 0xFF(expr) (mask) */
  PTX_EX_INDEX,   /* tok[a] */
  PTX_EX_VEC,     /* { list } */
  PTX_EX_ADDR,    /* [ list ] with optional suffix tok (.unified) */
  PTX_EX_LIST     /* ( list ) */
} ptx_expr_kind;

typedef struct ptx_expr ptx_expr;
struct ptx_expr {
  uint8_t kind; /* ptx_expr_kind */
  bool is_paren;
  int op;       /* operator token of UNARY/BINARY */
  ptx_loc loc;
  ptx_tok tok;
  ptx_expr *a, *b, *c;
  ptx_expr *list; /* VEC, ADDR, LIST: first element */
  ptx_loc loc2;   /* ADDR: location of a suffix such as .unified */
  uint32_t n;     /* element count */
  ptx_expr *next; /* next element of the enclosing list */
};

typedef struct ptx_elist {
  ptx_expr *head, *tail;
  uint32_t n;
} ptx_elist;

/* Value of a constant expression (PTX ISA 4.5.5). */
typedef enum ptx_cval_kind { PTX_CV_S64, PTX_CV_U64, PTX_CV_F64, PTX_CV_F32 } ptx_cval_kind;
typedef struct ptx_cval {
  uint8_t kind; /* ptx_cval_kind; F32 only for an unoperated 0f literal */
  uint64_t bits;
} ptx_cval;

/* ------------------------------------------------------------------ */
/* Declarations as written, before they become ptx_var.                */

typedef struct ptx_declspec {
  ptx_loc loc;
  bool is_bad;     /* an error was reported; declare nothing */
  uint8_t linkage, space, type, vec, ptr_space;
  uint16_t flags;  /* PTX_VARF_* */
  uint32_t align, ptr_align;
  uint64_t unified_lo, unified_hi;
} ptx_declspec;

typedef struct ptx_declarator {
  ptx_tok name;
  ptx_loc loc;
  bool has_range;
  uint64_t range;
  ptx_elist dims;  /* expressions; NULL element = [] */
  ptx_expr *init;  /* NULL when none */
  struct ptx_declarator *next;
  ptx_declspec *spec; /* parameters: each has its own */
} ptx_declarator;

typedef struct ptx_dlist {
  ptx_declarator *head, *tail;
  uint32_t n;
} ptx_dlist;

/* An operand naming a label that may be defined further down. */
typedef struct ptx_label_ref {
  ptx_operand *opnd;
  ptx_name *name;
  bool want_label; /* the instruction expects a label there */
} ptx_label_ref;

/* A .loc function_name reference, checked at the end of the module. */
typedef struct ptx_dbg_ref {
  ptx_name *name;
  ptx_loc loc;
} ptx_dbg_ref;

/* ------------------------------------------------------------------ */
/* The parse context.                                                  */

typedef struct ptx_parse_ctx {
  ptx_module *m;
  ptx_diag *diag;
  const char *path;        /* name used in messages */
  void *scanner;           /* yyscan_t */
  uint32_t line, col;      /* scanner position */
  ptx_loc comment_loc;     /* start of an open block comment */
  const char *tok_text;    /* last token, for syntax errors */
  uint32_t tok_len;
  uint32_t lex_error_line; /* line of the last scanner error */
  bool quiet_eof;          /* the scanner already explained the end of input */
  bool out_of_memory;
  ptx_arena scratch;       /* expression trees of the current statement */

  /* Module under construction. */
  bool seen_version, seen_target, seen_address_size;
  ptx_vec items, vars, funcs, files, sections, dbg_locs, targets, target_dirs;
  ptx_vec dbg_refs;        /* ptx_dbg_ref: .loc function_name uses */

  /* Function under construction (NULL outside bodies). */
  ptx_func *func;
  ptx_loc body_loc;        /* its opening brace */
  ptx_func *func_prev;     /* earlier declaration of the same function */
  uint32_t scope;          /* 0 module, 1 function, deeper for { } blocks */
  bool range_shadowed;     /* a plain name hides an element of a %r<N> */
  ptx_vec scope_syms;      /* ptx_sym* declared in open inner scopes */
  ptx_vec scope_marks;     /* uint32: scope_syms.n at each scope entry */
  ptx_vec insns, stmts, labels, fvars, label_refs, func_pragmas;
  ptx_loc func_pragma_loc; /* the first .pragma after the current header */
  uint8_t warned_ops[(PTX_OP_COUNT + 7) / 8]; /* version warnings given */
  uint32_t cur_dbg;        /* current .loc, 0 = none */

  /* Section under construction. */
  ptx_section *section;
  ptx_vec sec_items;
  ptx_vec sec_values;      /* int64: values of the section's data runs */
} ptx_parse_ctx;

/* ------------------------------------------------------------------ */
/* Scanner helpers (ptx_lex.c).                                        */

static inline ptx_loc ptx_loc_make(uint32_t line, uint32_t col)
{
  ptx_loc l = {line, col};
  return l;
}
#define ptx_loc_of(yl) ptx_loc_make((uint32_t)(yl)->first_line, (uint32_t)(yl)->first_column)

void ptx_lex_error(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...) PTX_PRINTF(3, 4);
uint64_t ptx_lex_hex(const char *s, unsigned n_digits);
uint64_t ptx_lex_int(ptx_parse_ctx *pc, const char *s, size_t len, ptx_loc loc, bool *is_unsigned);
uint64_t ptx_lex_decimal_float(ptx_parse_ctx *pc, const char *s, size_t len, ptx_loc loc);
const char *ptx_lex_char_name(ptx_parse_ctx *pc, unsigned char c);

/* Scanner entry points generated by flex (declared here so that nothing
 * needs flex's header). */
int ptx_lex_yylex_init_extra(struct ptx_parse_ctx *extra, void **scanner);
int ptx_lex_yylex_destroy(void *scanner);
struct yy_buffer_state *ptx_lex_yy_scan_buffer(char *base, size_t size, void *scanner);

/* ------------------------------------------------------------------ */
/* Expressions (ptx_expr.c).                                           */

ptx_expr *ptx_expr_new(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_loc loc);
ptx_expr *ptx_expr_tok(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_tok tok, ptx_loc loc);
ptx_expr *ptx_expr_unary(ptx_parse_ctx *pc, int op, ptx_expr *a, ptx_loc loc);
ptx_expr *ptx_expr_binary(ptx_parse_ctx *pc, int op, ptx_expr *a, ptx_expr *b, ptx_loc loc);
ptx_expr *ptx_expr_cond(ptx_parse_ctx *pc, ptx_expr *a, ptx_expr *b, ptx_expr *c, ptx_loc loc);
ptx_expr *ptx_expr_list(ptx_parse_ctx *pc, ptx_expr_kind kind, ptx_elist l, ptx_loc loc);
static inline ptx_elist ptx_elist_one(ptx_expr *e)
{
  ptx_elist l = {e, e, e ? 1u : 0u};
  return l;
}
static inline ptx_elist ptx_elist_append(ptx_elist l, ptx_expr *e)
{
  if (!e)
    return l; /* out of memory: already reported */
  if (l.tail)
    l.tail->next = e;
  else
    l.head = e;
  l.tail = e;
  l.n++;
  return l;
}
/* Is e a constant expression (no names)? */
bool ptx_expr_is_const(const ptx_expr *e);
/* Evaluates a constant expression; reports and returns -1 on error. */
int ptx_expr_eval(ptx_parse_ctx *pc, const ptx_expr *e, ptx_cval *out) PTX_MUST_CHECK;
/* Evaluates an integer constant expression into *out. */
int ptx_expr_eval_int(ptx_parse_ctx *pc, const ptx_expr *e, uint64_t *out, bool *is_unsigned)
  PTX_MUST_CHECK;

/* ------------------------------------------------------------------ */
/* Builder (ptx_build*.c): one call per grammar action.                */

void ptx_error(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...) PTX_PRINTF(3, 4);
void ptx_warning(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...) PTX_PRINTF(3, 4);
void ptx_oom(ptx_parse_ctx *pc);
void *ptx_alloc(ptx_parse_ctx *pc, size_t size);      /* module arena, zeroed */
void *ptx_scratch(ptx_parse_ctx *pc, size_t size);    /* scratch arena, zeroed */
void ptx_statement_done(ptx_parse_ctx *pc);          /* empties the scratch arena */
ptx_name *ptx_intern(ptx_parse_ctx *pc, const char *s, size_t len);
const char *ptx_string_value(ptx_parse_ctx *pc, ptx_tok t); /* unquoted, unescaped */

void ptx_b_version(ptx_parse_ctx *pc, ptx_tok t, ptx_loc loc);
void ptx_b_target(ptx_parse_ctx *pc, ptx_elist words, ptx_loc loc);
void ptx_b_address_size(ptx_parse_ctx *pc, ptx_tok t, ptx_loc dir_loc, ptx_loc loc);
void ptx_b_file(ptx_parse_ctx *pc, ptx_tok index, ptx_tok path, ptx_elist extra, ptx_loc loc);
void ptx_b_loc(ptx_parse_ctx *pc, ptx_elist nums, ptx_elist tail, ptx_loc loc);
void ptx_b_pragma(ptx_parse_ctx *pc, ptx_elist strings, ptx_loc loc);
void ptx_b_dwarf(ptx_parse_ctx *pc, ptx_tok t, ptx_loc loc);
void ptx_b_alias(ptx_parse_ctx *pc, ptx_tok alias, ptx_tok target, ptx_loc loc);

ptx_declspec *ptx_b_spec_new(ptx_parse_ctx *pc, int linkage, int space, ptx_loc loc);
void ptx_b_spec_dotname(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok t, ptx_loc loc);
void ptx_b_spec_vector(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok t, ptx_loc loc);
void ptx_b_spec_align(ptx_parse_ctx *pc, ptx_declspec *s, ptx_tok n, ptx_loc loc);
void ptx_b_spec_ptr(ptx_parse_ctx *pc, ptx_declspec *s, int space, ptx_tok *align, ptx_loc loc);
void ptx_b_spec_attribute(ptx_parse_ctx *pc, ptx_declspec *s, ptx_elist attrs, ptx_loc loc);
ptx_declarator *ptx_b_declarator(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc);
ptx_dlist ptx_dlist_one(ptx_declarator *d);
ptx_dlist ptx_dlist_append(ptx_dlist l, ptx_declarator *d);
void ptx_b_decl(ptx_parse_ctx *pc, ptx_declspec *spec, ptx_dlist decls);

void ptx_b_func_header(ptx_parse_ctx *pc, bool is_entry, int linkage, ptx_elist attrs,
                       ptx_dlist *rets, ptx_tok name, ptx_dlist *params, ptx_loc loc);
void ptx_b_func_perf(ptx_parse_ctx *pc, int kind, ptx_elist args, ptx_loc loc);
void ptx_b_func_body_begin(ptx_parse_ctx *pc, ptx_loc loc);
/* How a function's header ends: with ';', with a body, or (a declaration
 * ptxas accepts) with nothing, the next module item following directly. */
typedef enum { PTX_FUNC_END_SEMI, PTX_FUNC_END_BODY, PTX_FUNC_END_NONE } ptx_func_end_kind;
void ptx_b_func_end(ptx_parse_ctx *pc, ptx_func_end_kind end, ptx_loc loc);

void ptx_b_block_begin(ptx_parse_ctx *pc, ptx_loc loc);
void ptx_b_block_end(ptx_parse_ctx *pc, ptx_loc loc);
void ptx_b_label(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc);
void ptx_b_insn(ptx_parse_ctx *pc, ptx_tok *guard, bool guard_neg, ptx_loc guard_loc,
                ptx_tok word, ptx_loc word_loc, ptx_elist opnds);
void ptx_b_callprototype(ptx_parse_ctx *pc, ptx_tok label, ptx_dlist *rets, ptx_dlist *params,
                         ptx_elist perf, ptx_loc loc);
void ptx_b_targets(ptx_parse_ctx *pc, ptx_tok label, bool is_call, ptx_elist names, ptx_loc loc);

void ptx_b_section_begin(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc);
void ptx_b_section_label(ptx_parse_ctx *pc, ptx_tok name, ptx_loc loc);
void ptx_b_section_data(ptx_parse_ctx *pc, ptx_tok type, ptx_elist values, ptx_loc loc);
void ptx_b_section_end(ptx_parse_ctx *pc, ptx_loc loc);

/* Called once the whole input has been parsed. */
void ptx_b_module_end(ptx_parse_ctx *pc);

#endif /* PTXSIM_FRONTEND_PTX_PARSE_INT_H */
