/* ptx_parser.y -- pure bison grammar for PTX ISA 1.0 to 9.x.
 *
 * The grammar only recognises structure.  Every action is one call into
 * the builder (ptx_build*.c) which checks meaning, resolves names and fills
 * the module.  Instruction words are single tokens ("ld.global.v4.u32"):
 * the builder splits them against the opcode table, so the grammar needs no
 * rule per instruction.  Operands, initialisers and constant expressions
 * arrive as expression trees in a scratch arena that the builder empties
 * after each statement; no semantic value owns memory, so no %destructor is
 * needed.  Syntax errors resynchronise at the next ';'.
 */
%require "3.5"
%define api.pure full
%define api.prefix {ptx_yy}
%define parse.error custom
%define parse.lac full

%locations
%param {ptx_parse_ctx *pc}

%code requires {
#include "frontend/ptx_parse_int.h"
}

%code provides {
int ptx_yyparse(ptx_parse_ctx *pc);
}

%code {
#include <string.h>

int ptx_lex_yylex(PTX_YYSTYPE *lval, PTX_YYLTYPE *lloc, void *scanner);

static int ptx_yylex(PTX_YYSTYPE *lval, PTX_YYLTYPE *lloc, ptx_parse_ctx *pc)
{
  if (pc->out_of_memory || ptx_diag_should_stop(pc->diag))
    return 0; /* end of input: stop parsing */
  return ptx_lex_yylex(lval, lloc, pc->scanner);
}

#define LOC(yl) ptx_loc_of(&(yl))

/* Only called for "memory exhausted" (syntax errors go through
 * yyreport_syntax_error). */
static void ptx_yyerror(const PTX_YYLTYPE *loc, ptx_parse_ctx *pc, const char *msg)
{
  ptx_error(pc, ptx_loc_of(loc), "%s (input nested too deeply)", msg);
}
}

%union {
  ptx_tok tok;
  ptx_expr *expr;
  ptx_elist elist;
  ptx_declspec *spec;
  ptx_declarator *decl;
  ptx_dlist dlist;
  int ival;
}

%token <tok> T_WORD "identifier"
%token <tok> T_DOTNAME "directive"
%token <tok> T_INT "integer"
%token <tok> T_F32 "float literal"
%token <tok> T_F64 "floating-point number"
%token <tok> T_STRING "string"
%token <tok> T_SINK "'_'"
%token <tok> T_DWARF "@@DWARF line"
%token <tok> T_VERSION ".version"
%token <tok> T_TARGET ".target"
%token <tok> T_ADDRESS_SIZE ".address_size"
%token <tok> T_ENTRY ".entry"
%token <tok> T_FUNC ".func"
%token <tok> T_ALIAS ".alias"
%token <tok> T_LINKAGE "linkage directive"
%token <tok> T_SPACE "state space"
%token <tok> T_VECTOR "vector size"
%token <tok> T_ALIGN ".align"
%token <tok> T_PTR ".ptr"
%token <tok> T_ATTRIBUTE ".attribute"
%token <tok> T_FILE ".file"
%token <tok> T_LOC ".loc"
%token <tok> T_SECTION ".section"
%token <tok> T_PRAGMA ".pragma"
%token <tok> T_CALLPROTOTYPE ".callprototype"
%token <tok> T_CALLTARGETS ".calltargets"
%token <tok> T_BRANCHTARGETS ".branchtargets"
%token <tok> T_PERF0 "function directive"
%token <tok> T_PERFN "performance directive"
%token T_SHL "<<" T_SHR ">>" T_LE "<=" T_GE ">=" T_EQ "==" T_NE "!="
%token T_ANDAND "&&" T_OROR "||"

%type <expr> expr compound_expr primary operand aelem attr_item loc_label init sec_val word_item
%type <elist> operands operands_opt elems aelems target_words attr_list int_list
%type <elist> loc_tail loc_nums sec_vals init_list fattrs word_list strings proto_dirs
%type <spec> decl_spec
%type <decl> declarator decl_core param
%type <dlist> declarator_list params param_list ret_params_opt

%precedence LOWER_THAN_ALIGN
%precedence T_ALIGN
/* A function declaration may end without ';' (ptxas accepts it).  A
 * .pragma after the header is shifted into it; ptx_b_func_end decides
 * whether it was the header's or, after such a declaration, the module's. */
%precedence PROTO_END
%precedence T_PRAGMA
%right '?' ':'
%left T_OROR
%left T_ANDAND
%left '|'
%left '^'
%left '&'
%left T_EQ T_NE
%left '<' '>' T_LE T_GE
%left T_SHL T_SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UNARY




%%

module:
    %empty
  | module item
  ;

item:
    T_VERSION T_F64 { ptx_b_version(pc, $2, LOC(@2)); }
  | T_VERSION T_INT { ptx_b_version(pc, $2, LOC(@2)); }
  | T_TARGET target_words { ptx_b_target(pc, $2, LOC(@1)); }
  | T_ADDRESS_SIZE T_INT { ptx_b_address_size(pc, $2, LOC(@1), LOC(@2)); }
  | file_dir
  | loc_dir
  | T_PRAGMA strings ';' { ptx_b_pragma(pc, $2, LOC(@1)); }
  | T_DWARF { ptx_b_dwarf(pc, $1, LOC(@1)); }
  | T_ALIAS T_WORD ',' T_WORD ';' { ptx_b_alias(pc, $2, $4, LOC(@1)); }
  | decl_stmt
  | function
  | section
  | error ';' { yyerrok; ptx_statement_done(pc); }
  ;

strings:
    T_STRING { $$ = ptx_elist_one(ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1))); }
  | strings ',' T_STRING { $$ = ptx_elist_append($1, ptx_expr_tok(pc, PTX_EX_NAME, $3, LOC(@3))); }
  ;

target_words:
    T_WORD { $$ = ptx_elist_one(ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1))); }
  | target_words ',' T_WORD { $$ = ptx_elist_append($1, ptx_expr_tok(pc, PTX_EX_NAME, $3, LOC(@3))); }
  ;

file_dir:
    T_FILE T_INT T_STRING { ptx_elist none = {0}; ptx_b_file(pc, $2, $3, none, LOC(@1)); }
  | T_FILE T_INT T_STRING ',' int_list { ptx_b_file(pc, $2, $3, $5, LOC(@1)); }
  ;

int_list:
    T_INT { $$ = ptx_elist_one(ptx_expr_tok(pc, PTX_EX_INT, $1, LOC(@1))); }
  | int_list ',' T_INT { $$ = ptx_elist_append($1, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3))); }
  ;

loc_dir:
    T_LOC loc_nums { ptx_elist none = {0}; ptx_b_loc(pc, $2, none, LOC(@1)); }
  | T_LOC loc_nums ',' loc_tail { ptx_b_loc(pc, $2, $4, LOC(@1)); }
  ;

loc_nums:
    T_INT T_INT T_INT {
        $$ = ptx_elist_one(ptx_expr_tok(pc, PTX_EX_INT, $1, LOC(@1)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $2, LOC(@2)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3))); }
  ;

/* function_name LABEL{+N}, inlined_at F L C */
loc_tail:
    T_WORD loc_label ',' T_WORD T_INT T_INT T_INT {
        $$ = ptx_elist_one(ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)));
        $$ = ptx_elist_append($$, $2);
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_NAME, $4, LOC(@4)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $5, LOC(@5)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $6, LOC(@6)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $7, LOC(@7)));
      }
  ;

loc_label:
    T_WORD { $$ = ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)); }
  | T_DOTNAME { $$ = ptx_expr_tok(pc, PTX_EX_DOTNAME, $1, LOC(@1)); }
  | loc_label '+' T_INT {
        $$ = ptx_expr_binary(pc, '+', $1, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3)), LOC(@2)); }
  ;

/* ------------------------------------------------------------------ */
/* Declarations.                                                       */

decl_stmt:
    decl_spec declarator_list ';' { ptx_b_decl(pc, $1, $2); }
  ;

decl_spec:
    T_SPACE { $$ = ptx_b_spec_new(pc, PTX_LINK_NONE, (int)$1.val, LOC(@1)); }
  | T_LINKAGE T_SPACE { $$ = ptx_b_spec_new(pc, (int)$1.val, (int)$2.val, LOC(@1)); }
  | decl_spec T_DOTNAME { ptx_b_spec_dotname(pc, $1, $2, LOC(@2)); $$ = $1; }
  | decl_spec T_VECTOR { ptx_b_spec_vector(pc, $1, $2, LOC(@2)); $$ = $1; }
  | decl_spec T_ALIGN T_INT { ptx_b_spec_align(pc, $1, $3, LOC(@3)); $$ = $1; }
  | decl_spec T_PTR %prec LOWER_THAN_ALIGN {
        ptx_b_spec_ptr(pc, $1, PTX_SPACE_NONE, NULL, LOC(@2)); $$ = $1; }
  | decl_spec T_PTR T_SPACE %prec LOWER_THAN_ALIGN {
        ptx_b_spec_ptr(pc, $1, (int)$3.val, NULL, LOC(@2)); $$ = $1; }
  | decl_spec T_PTR T_ALIGN T_INT {
        ptx_b_spec_ptr(pc, $1, PTX_SPACE_NONE, &$4, LOC(@2)); $$ = $1; }
  | decl_spec T_PTR T_SPACE T_ALIGN T_INT {
        ptx_b_spec_ptr(pc, $1, (int)$3.val, &$5, LOC(@2)); $$ = $1; }
  | decl_spec T_ATTRIBUTE '(' attr_list ')' { ptx_b_spec_attribute(pc, $1, $4, LOC(@2)); $$ = $1; }
  ;

attr_list:
    attr_item { $$ = ptx_elist_one($1); }
  | attr_list ',' attr_item { $$ = ptx_elist_append($1, $3); }
  ;

attr_item:
    T_DOTNAME { $$ = ptx_expr_tok(pc, PTX_EX_DOTNAME, $1, LOC(@1)); }
  | T_DOTNAME '(' elems ')' {
        $$ = ptx_expr_tok(pc, PTX_EX_DOTNAME, $1, LOC(@1));
        $$->list = $3.head; $$->n = $3.n; }
  ;

declarator_list:
    declarator { $$ = ptx_dlist_one($1); }
  | declarator_list ',' declarator { $$ = ptx_dlist_append($1, $3); }
  ;

declarator:
    decl_core
  | decl_core '=' init { $$ = $1; if ($$) $$->init = $3; }
  ;

decl_core:
    T_WORD { $$ = ptx_b_declarator(pc, $1, LOC(@1)); }
  | T_SINK { $$ = ptx_b_declarator(pc, $1, LOC(@1)); }
  | T_WORD '<' T_INT '>' {
        $$ = ptx_b_declarator(pc, $1, LOC(@1));
        if ($$) { $$->has_range = true; $$->range = $3.val; } }
  | decl_core '[' ']' {
        $$ = $1; if ($$) $$->dims = ptx_elist_append($$->dims, ptx_expr_new(pc, PTX_EX_SINK, LOC(@2))); }
  | decl_core '[' expr ']' { $$ = $1; if ($$) $$->dims = ptx_elist_append($$->dims, $3); }
  ;

init:
    expr
  | '{' init_list '}' { $$ = ptx_expr_list(pc, PTX_EX_VEC, $2, LOC(@1)); }
  | T_WORD '=' expr {
        /* member = value of an opaque (.texref etc.) initializer */
        $$ = ptx_expr_binary(pc, '=', ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)), $3, LOC(@2)); }
  ;

init_list:
    init { $$ = ptx_elist_one($1); }
  | init_list ',' init { $$ = ptx_elist_append($1, $3); }
  ;

/* ------------------------------------------------------------------ */
/* Functions.                                                          */

function:
    func_header func_dirs ';' { ptx_b_func_end(pc, PTX_FUNC_END_SEMI, LOC(@3)); }
  | func_header func_dirs %prec PROTO_END { ptx_b_func_end(pc, PTX_FUNC_END_NONE, LOC(@1)); }
  | func_header func_dirs '{' { ptx_b_func_body_begin(pc, LOC(@3)); }
      stmts '}' { ptx_b_func_end(pc, PTX_FUNC_END_BODY, LOC(@6)); }
  ;

func_header:
    T_ENTRY T_WORD params {
        ptx_elist none = {0}; ptx_b_func_header(pc, true, PTX_LINK_NONE, none, NULL, $2, &$3, LOC(@2)); }
  | T_LINKAGE T_ENTRY T_WORD params {
        ptx_elist none = {0}; ptx_b_func_header(pc, true, (int)$1.val, none, NULL, $3, &$4, LOC(@3)); }
  | T_ENTRY T_WORD {
        ptx_elist none = {0}; ptx_b_func_header(pc, true, PTX_LINK_NONE, none, NULL, $2, NULL, LOC(@2)); }
  | T_LINKAGE T_ENTRY T_WORD {
        ptx_elist none = {0}; ptx_b_func_header(pc, true, (int)$1.val, none, NULL, $3, NULL, LOC(@3)); }
  | T_ENTRY params T_WORD params {
        /* not valid, but parsed so that the builder can say why */
        ptx_elist none = {0}; ptx_b_func_header(pc, true, PTX_LINK_NONE, none, &$2, $3, &$4, LOC(@3)); }
  | T_LINKAGE T_ENTRY params T_WORD params {
        ptx_elist none = {0}; ptx_b_func_header(pc, true, (int)$1.val, none, &$3, $4, &$5, LOC(@4)); }
  | T_FUNC fattrs ret_params_opt T_WORD params {
        ptx_b_func_header(pc, false, PTX_LINK_NONE, $2, &$3, $4, &$5, LOC(@4)); }
  | T_LINKAGE T_FUNC fattrs ret_params_opt T_WORD params {
        ptx_b_func_header(pc, false, (int)$1.val, $3, &$4, $5, &$6, LOC(@5)); }
  | T_FUNC fattrs ret_params_opt T_WORD {
        ptx_b_func_header(pc, false, PTX_LINK_NONE, $2, &$3, $4, NULL, LOC(@4)); }
  | T_LINKAGE T_FUNC fattrs ret_params_opt T_WORD {
        ptx_b_func_header(pc, false, (int)$1.val, $3, &$4, $5, NULL, LOC(@5)); }
  ;

fattrs:
    %empty { $$.head = $$.tail = NULL; $$.n = 0; }
  | fattrs T_ATTRIBUTE '(' attr_list ')' {
        $$ = $1;
        for (ptx_expr *e = $4.head; e; ) { ptx_expr *next = e->next; e->next = NULL; $$ = ptx_elist_append($$, e); e = next; } }
  ;

ret_params_opt:
    %empty { $$.head = $$.tail = NULL; $$.n = 0; }
  | params
  ;

params:
    '(' ')' { $$.head = $$.tail = NULL; $$.n = 0; }
  | '(' param_list ')' { $$ = $2; }
  ;

param_list:
    param { $$ = ptx_dlist_one($1); }
  | param_list ',' param { $$ = ptx_dlist_append($1, $3); }
  ;

param:
    decl_spec declarator { $$ = $2; if ($$) $$->spec = $1; }
  ;

func_dirs:
    %empty
  | func_dirs T_PERF0 { ptx_elist none = {0}; ptx_b_func_perf(pc, (int)$2.val, none, LOC(@2)); }
  | func_dirs T_PERFN int_list { ptx_b_func_perf(pc, (int)$2.val, $3, LOC(@2)); }
  | func_dirs T_PRAGMA strings ';' { ptx_b_pragma(pc, $3, LOC(@2)); }
  ;

stmts:
    %empty
  | stmts stmt
  ;

stmt:
    instruction
  | T_WORD ':' { ptx_b_label(pc, $1, LOC(@1)); }
  | T_WORD ':' T_CALLPROTOTYPE ret_params_opt T_SINK params proto_dirs ';' {
        ptx_b_callprototype(pc, $1, &$4, &$6, $7, LOC(@3)); }
  | T_WORD ':' T_CALLPROTOTYPE ret_params_opt T_SINK proto_dirs ';' {
        ptx_b_callprototype(pc, $1, &$4, NULL, $6, LOC(@3)); }
  | T_WORD ':' T_CALLTARGETS word_list ';' { ptx_b_targets(pc, $1, true, $4, LOC(@3)); }
  | T_WORD ':' T_BRANCHTARGETS word_list ';' { ptx_b_targets(pc, $1, false, $4, LOC(@3)); }
  | decl_stmt
  | '{' { ptx_b_block_begin(pc, LOC(@1)); } stmts '}' { ptx_b_block_end(pc, LOC(@4)); }
  | T_PRAGMA strings ';' { ptx_b_pragma(pc, $2, LOC(@1)); }
  | loc_dir
  | error ';' { yyerrok; ptx_statement_done(pc); }
  ;

/* .noreturn, .abi_preserve N, .abi_preserve_control N after a prototype:
 * PERF0 tokens, and PERFN tokens with their value as the next element. */
proto_dirs:
    %empty { $$.head = $$.tail = NULL; $$.n = 0; }
  | proto_dirs T_PERF0 { $$ = ptx_elist_append($1, ptx_expr_tok(pc, PTX_EX_NAME, $2, LOC(@2))); }
  | proto_dirs T_PERFN T_INT {
        $$ = ptx_elist_append($1, ptx_expr_tok(pc, PTX_EX_NAME, $2, LOC(@2)));
        $$ = ptx_elist_append($$, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3))); }
  ;

/* Label lists; N<3> stands for N0, N1, N2 (PTX ISA 11.3). */
word_list:
    word_item { $$ = ptx_elist_one($1); }
  | word_list ',' word_item { $$ = ptx_elist_append($1, $3); }
  ;

word_item:
    T_WORD { $$ = ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)); }
  | T_WORD '<' T_INT '>' {
        $$ = ptx_expr_tok(pc, PTX_EX_INDEX, $1, LOC(@1));
        if ($$) $$->a = ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3)); }
  ;

instruction:
    T_WORD operands_opt ';' {
        ptx_b_insn(pc, NULL, false, LOC(@1), $1, LOC(@1), $2); }
  | '@' T_WORD T_WORD operands_opt ';' {
        ptx_b_insn(pc, &$2, false, LOC(@2), $3, LOC(@3), $4); }
  | '@' '!' T_WORD T_WORD operands_opt ';' {
        ptx_b_insn(pc, &$3, true, LOC(@3), $4, LOC(@4), $5); }
  ;

operands_opt:
    %empty { $$.head = $$.tail = NULL; $$.n = 0; }
  | operands
  ;

operands:
    operand { $$ = ptx_elist_one($1); }
  | operands ',' operand { $$ = ptx_elist_append($1, $3); }
  ;

operand:
    T_WORD {
        /* A lone name -- most operands -- is reduced once, not through
         * primary and expr (compound_expr excludes it). */
        $$ = ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)); }
  | compound_expr
  | '{' elems '}' { $$ = ptx_expr_list(pc, PTX_EX_VEC, $2, LOC(@1)); }
  | '{' elems '}' '|' T_WORD {
        /* tex {d0, d1, d2, d3}|p: a vector with a residency predicate. */
        $$ = ptx_expr_binary(pc, '|', ptx_expr_list(pc, PTX_EX_VEC, $2, LOC(@1)),
                             ptx_expr_tok(pc, PTX_EX_NAME, $5, LOC(@5)), LOC(@4)); }
  | '[' aelems ']' { $$ = ptx_expr_list(pc, PTX_EX_ADDR, $2, LOC(@1)); }
  | '[' aelems ']' T_DOTNAME {
        $$ = ptx_expr_list(pc, PTX_EX_ADDR, $2, LOC(@1)); if ($$) { $$->tok = $4; $$->loc2 = LOC(@4); } }
  | '(' ')' { ptx_elist none = {0}; $$ = ptx_expr_list(pc, PTX_EX_LIST, none, LOC(@1)); }
  | '(' expr ',' elems ')' {
        ptx_elist l = ptx_elist_one($2);
        for (ptx_expr *e = $4.head; e; ) { ptx_expr *next = e->next; e->next = NULL; l = ptx_elist_append(l, e); e = next; }
        $$ = ptx_expr_list(pc, PTX_EX_LIST, l, LOC(@1)); }
  ;

elems:
    expr { $$ = ptx_elist_one($1); }
  | elems ',' expr { $$ = ptx_elist_append($1, $3); }
  ;

aelems:
    aelem { $$ = ptx_elist_one($1); }
  | aelems ',' aelem { $$ = ptx_elist_append($1, $3); }
  ;

aelem:
    expr
  | '{' elems '}' { $$ = ptx_expr_list(pc, PTX_EX_VEC, $2, LOC(@1)); }
  ;

/* ------------------------------------------------------------------ */
/* Constant and operand expressions (PTX ISA 4.5.4, C precedence).     */

expr:
    T_WORD { $$ = ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)); }
  | compound_expr
  ;

/* Every expression but a lone name (see operand). */
compound_expr:
    primary
  | '-' expr %prec UNARY { $$ = ptx_expr_unary(pc, '-', $2, LOC(@1)); }
  | '+' expr %prec UNARY { $$ = ptx_expr_unary(pc, '+', $2, LOC(@1)); }
  | '!' expr %prec UNARY { $$ = ptx_expr_unary(pc, '!', $2, LOC(@1)); }
  | '~' expr %prec UNARY { $$ = ptx_expr_unary(pc, '~', $2, LOC(@1)); }
  | '(' T_DOTNAME ')' expr %prec UNARY {
        $$ = ptx_expr_tok(pc, PTX_EX_CAST, $2, LOC(@1)); if ($$) $$->a = $4; }
  | expr '*' expr { $$ = ptx_expr_binary(pc, '*', $1, $3, LOC(@2)); }
  | expr '/' expr { $$ = ptx_expr_binary(pc, '/', $1, $3, LOC(@2)); }
  | expr '%' expr { $$ = ptx_expr_binary(pc, '%', $1, $3, LOC(@2)); }
  | expr '+' expr { $$ = ptx_expr_binary(pc, '+', $1, $3, LOC(@2)); }
  | expr '-' expr { $$ = ptx_expr_binary(pc, '-', $1, $3, LOC(@2)); }
  | expr T_SHL expr { $$ = ptx_expr_binary(pc, T_SHL, $1, $3, LOC(@2)); }
  | expr T_SHR expr { $$ = ptx_expr_binary(pc, T_SHR, $1, $3, LOC(@2)); }
  | expr '<' expr { $$ = ptx_expr_binary(pc, '<', $1, $3, LOC(@2)); }
  | expr '>' expr { $$ = ptx_expr_binary(pc, '>', $1, $3, LOC(@2)); }
  | expr T_LE expr { $$ = ptx_expr_binary(pc, T_LE, $1, $3, LOC(@2)); }
  | expr T_GE expr { $$ = ptx_expr_binary(pc, T_GE, $1, $3, LOC(@2)); }
  | expr T_EQ expr { $$ = ptx_expr_binary(pc, T_EQ, $1, $3, LOC(@2)); }
  | expr T_NE expr { $$ = ptx_expr_binary(pc, T_NE, $1, $3, LOC(@2)); }
  | expr '&' expr { $$ = ptx_expr_binary(pc, '&', $1, $3, LOC(@2)); }
  | expr '^' expr { $$ = ptx_expr_binary(pc, '^', $1, $3, LOC(@2)); }
  | expr '|' expr { $$ = ptx_expr_binary(pc, '|', $1, $3, LOC(@2)); }
  | expr T_ANDAND expr { $$ = ptx_expr_binary(pc, T_ANDAND, $1, $3, LOC(@2)); }
  | expr T_OROR expr { $$ = ptx_expr_binary(pc, T_OROR, $1, $3, LOC(@2)); }
  | expr '?' expr ':' expr { $$ = ptx_expr_cond(pc, $1, $3, $5, LOC(@2)); }
  ;

primary:
    T_INT { $$ = ptx_expr_tok(pc, PTX_EX_INT, $1, LOC(@1)); }
  | T_F32 { $$ = ptx_expr_tok(pc, PTX_EX_F32, $1, LOC(@1)); }
  | T_F64 { $$ = ptx_expr_tok(pc, PTX_EX_F64, $1, LOC(@1)); }
  | T_SINK { $$ = ptx_expr_tok(pc, PTX_EX_SINK, $1, LOC(@1)); }
  | T_WORD '[' expr ']' { $$ = ptx_expr_tok(pc, PTX_EX_INDEX, $1, LOC(@1)); if ($$) $$->a = $3; }
  | T_WORD '(' expr ')' { $$ = ptx_expr_tok(pc, PTX_EX_CALL, $1, LOC(@1)); if ($$) $$->a = $3; }
  | T_INT '(' expr ')' { $$ = ptx_expr_tok(pc, PTX_EX_CALL, $1, LOC(@1)); if ($$) $$->a = $3; }
  | '(' expr ')' { $$ = $2; if ($$) $$->is_paren = true; }
  ;

/* ------------------------------------------------------------------ */
/* Debug sections.                                                     */

section:
    T_SECTION T_DOTNAME '{' { ptx_b_section_begin(pc, $2, LOC(@2)); }
      sec_items '}' { ptx_b_section_end(pc, LOC(@6)); }
  ;

sec_items:
    %empty
  | sec_items T_WORD ':' { ptx_b_section_label(pc, $2, LOC(@2)); }
  | sec_items T_DOTNAME sec_vals { ptx_b_section_data(pc, $2, $3, LOC(@2)); }
  ;

sec_vals:
    sec_val { $$ = ptx_elist_one($1); }
  | sec_vals ',' sec_val { $$ = ptx_elist_append($1, $3); }
  ;

sec_val:
    T_INT { $$ = ptx_expr_tok(pc, PTX_EX_INT, $1, LOC(@1)); }
  | '-' T_INT { $$ = ptx_expr_unary(pc, '-', ptx_expr_tok(pc, PTX_EX_INT, $2, LOC(@2)), LOC(@1)); }
  | T_WORD { $$ = ptx_expr_tok(pc, PTX_EX_NAME, $1, LOC(@1)); }
  | T_DOTNAME { $$ = ptx_expr_tok(pc, PTX_EX_DOTNAME, $1, LOC(@1)); }
  | sec_val '+' T_INT {
        $$ = ptx_expr_binary(pc, '+', $1, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3)), LOC(@2)); }
  | sec_val '-' T_INT {
        $$ = ptx_expr_binary(pc, '-', $1, ptx_expr_tok(pc, PTX_EX_INT, $3, LOC(@3)), LOC(@2)); }
  | sec_val '-' T_WORD {
        $$ = ptx_expr_binary(pc, '-', $1, ptx_expr_tok(pc, PTX_EX_NAME, $3, LOC(@3)), LOC(@2)); }
  | sec_val '-' T_DOTNAME {
        $$ = ptx_expr_binary(pc, '-', $1, ptx_expr_tok(pc, PTX_EX_DOTNAME, $3, LOC(@3)), LOC(@2)); }
  ;

%%

/* "unexpected 'x', expected ';' or ','" with the offending token's text.
 * Where a statement may end or continue, only ',' and ';' (and closing
 * brackets) are listed, not every operator that could extend an
 * expression. */
static int yyreport_syntax_error(const yypcontext_t *ctx, ptx_parse_ctx *pc)
{
  enum { MAX_SHOWN = 6, MAX_EXPECTED = 64 };
  yysymbol_kind_t expected[MAX_EXPECTED];
  int n = yypcontext_expected_tokens(ctx, expected, MAX_EXPECTED);
  yysymbol_kind_t got = yypcontext_token(ctx);
  ptx_loc loc = ptx_loc_of(yypcontext_location(ctx));
  if (loc.line == pc->lex_error_line || (got == YYSYMBOL_YYEOF && pc->quiet_eof))
    return 0; /* the scanner has reported the cause */
  yysymbol_kind_t shown[MAX_EXPECTED];
  int n_shown = 0;
  for (int i = 0; i < n; i++) {
    yysymbol_kind_t k = expected[i];
    if (k == YYSYMBOL_YYUNDEF || k == YYSYMBOL_YYerror)
      continue;
    const char *name = yysymbol_name(k);
    if (strcmp(name, "','") == 0 || strcmp(name, "';'") == 0 || strcmp(name, "')'") == 0 ||
        strcmp(name, "']'") == 0 || strcmp(name, "'}'") == 0)
      shown[n_shown++] = k;
  }
  if (n_shown == 0) {
    for (int i = 0; i < n && n_shown < MAX_SHOWN + 1; i++)
      if (expected[i] != YYSYMBOL_YYUNDEF && expected[i] != YYSYMBOL_YYerror)
        shown[n_shown++] = expected[i];
    if (n_shown > MAX_SHOWN || n == 0)
      n_shown = 0; /* too many to be helpful */
  }
  char msg[512];
  size_t len = 0;
  if (got == YYSYMBOL_YYEOF) {
    if (pc->func && pc->scope > 0)
      len += (size_t)snprintf(msg, sizeof msg,
                              "unexpected end of file: the body of '%s' (opened at line %u) is not closed",
                              pc->func->sym.name->str, pc->body_loc.line);
    else
      len += (size_t)snprintf(msg, sizeof msg, "unexpected end of file");
  } else if ((got == YYSYMBOL_T_FUNC || got == YYSYMBOL_T_ENTRY) && pc->func && pc->scope > 0) {
    len += (size_t)snprintf(msg, sizeof msg,
                            "'%s' inside the body of '%s' (opened at line %u): functions cannot be "
                            "nested; is a '}' missing?",
                            got == YYSYMBOL_T_FUNC ? ".func" : ".entry", pc->func->sym.name->str,
                            pc->body_loc.line);
    n_shown = 0;
  } else if (got == YYSYMBOL_T_DOTNAME) {
    len += (size_t)snprintf(msg, sizeof msg, "unknown directive '%.*s'",
                            (int)(pc->tok_len > 60 ? 60 : pc->tok_len), pc->tok_text);
    n_shown = 0;
  } else if (got == YYSYMBOL_T_WORD && !pc->func) {
    len += (size_t)snprintf(msg, sizeof msg,
                            "unexpected '%.*s' at module scope (instructions belong in a function body)",
                            (int)(pc->tok_len > 60 ? 60 : pc->tok_len), pc->tok_text);
    n_shown = 0;
  } else {
    len += (size_t)snprintf(msg, sizeof msg, "unexpected '%.*s'",
                            (int)(pc->tok_len > 60 ? 60 : pc->tok_len), pc->tok_text ? pc->tok_text : "");
  }
  for (int i = 0; i < n_shown && len < sizeof msg; i++)
    len += (size_t)snprintf(msg + len, sizeof msg - len, "%s %s",
                            i == 0 ? ", expected" : (i == n_shown - 1 ? " or" : ","),
                            yysymbol_name(shown[i]));
  ptx_error(pc, loc, "%s", msg);
  return 0;
}
