/* ptx_ir.h -- the module IR: what the parser builds from PTX text.
 *
 * A ptx_module owns everything through one arena: declarations, functions,
 * instructions and operands.  The IR keeps the program as written (source
 * order of statements, nested blocks, the spelling of every instruction
 * word) so that ptx_dump() can print canonical PTX that re-parses to an
 * identical IR, and it keeps the location (line, column) of every node and
 * the CUDA source position from `.loc` of every instruction.  Names are
 * resolved: operands point at their declarations and labels.
 *
 * The IR is immutable once ptx_parse_*() returns it; the ISA layer decodes
 * it into its own compact form for execution.
 */
#ifndef PTXSIM_FRONTEND_PTX_IR_H
#define PTXSIM_FRONTEND_PTX_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_arena.h"
#include "frontend/ptx_diag.h"
#include "frontend/ptx_mods.h"
#include "frontend/ptx_names.h"
#include "frontend/ptx_ops.h"
#include "frontend/ptx_sregs.h"
#include "frontend/ptx_types.h"

typedef struct ptx_var ptx_var;
typedef struct ptx_func ptx_func;
typedef struct ptx_label ptx_label;
typedef struct ptx_operand ptx_operand;

/* ------------------------------------------------------------------ */
/* Symbols: what a name can be bound to.                               */

typedef enum ptx_sym_kind {
  PTX_SYM_VAR,           /* variable or register (ptx_var) */
  PTX_SYM_FUNC,          /* .entry or .func (ptx_func) */
  PTX_SYM_PROTO,         /* label: .callprototype (ptx_func, is_prototype) */
  PTX_SYM_CALLTARGETS,   /* label: .calltargets (ptx_targets) */
  PTX_SYM_BRANCHTARGETS  /* label: .branchtargets (ptx_targets) */
} ptx_sym_kind;

typedef struct ptx_sym {
  uint8_t kind;       /* ptx_sym_kind */
  uint32_t scope;     /* 0 = module, 1 = function, >1 = nested blocks */
  ptx_name *name;
  ptx_loc loc;
  struct ptx_sym *shadowed; /* binding this one hides (parser use) */
} ptx_sym;

/* ------------------------------------------------------------------ */
/* Declarations.                                                       */

typedef enum ptx_linkage {
  PTX_LINK_NONE,
  PTX_LINK_VISIBLE,
  PTX_LINK_EXTERN,
  PTX_LINK_WEAK,
  PTX_LINK_COMMON
} ptx_linkage;

extern const char *const ptx_linkage_names[];

typedef enum ptx_init_kind {
  PTX_INIT_INT,   /* value: bits */
  PTX_INIT_F32,   /* 0fXXXXXXXX literal: bits */
  PTX_INIT_F64,   /* decimal or 0d literal: bits of the double */
  PTX_INIT_SYM,   /* address of sym + offset, optionally generic() */
  PTX_INIT_MASK,  /* mask(inner): one byte of an address or constant */
  PTX_INIT_LIST,  /* { ... } */
  PTX_INIT_FIELD  /* member = value of a .texref/.samplerref/.surfref */
} ptx_init_kind;

typedef struct ptx_init {
  uint8_t kind;      /* ptx_init_kind */
  bool is_generic;   /* PTX_INIT_SYM: generic(sym) */
  bool is_unsigned;  /* PTX_INIT_INT: value typed .u64 */
  uint32_t n;        /* PTX_INIT_LIST: element count */
  ptx_loc loc;
  union {
    uint64_t bits;
    struct {
      ptx_sym *sym;
      int64_t offset;
    } sym;
    struct {
      uint64_t mask;
      struct ptx_init *inner;
    } mask;
    struct ptx_init *elems;
    struct {
      ptx_name *member; /* filter_mode, addr_mode_0, width, ... */
      ptx_name *word;   /* symbolic value (nearest, clamp_to_edge), or NULL */
      uint64_t value;   /* numeric value when word is NULL */
    } field;
  } u;
} ptx_init;

/* Attribute bits of a variable. */
enum {
  PTX_VARF_PTR = 1 << 0,         /* kernel parameter has .ptr */
  PTX_VARF_MANAGED = 1 << 1,     /* .attribute(.managed) */
  PTX_VARF_UNIFIED = 1 << 2,     /* .attribute(.unified(...)) */
  PTX_VARF_RETVAL = 1 << 3,      /* function return parameter */
  PTX_VARF_PARAM = 1 << 4,       /* function or kernel parameter */
  PTX_VARF_UNSIZED = 1 << 5,     /* first dimension written [] */
  PTX_VARF_GROUPED = 1 << 6      /* declared in the same statement as the
                                    variable before it */
};

struct ptx_var {
  ptx_sym sym;
  uint8_t space;     /* ptx_space */
  uint8_t type;      /* ptx_type */
  uint8_t vec;       /* 1, 2, 4 or 8 */
  uint8_t linkage;   /* ptx_linkage */
  uint8_t ptr_space; /* .ptr .global etc.; PTX_SPACE_NONE when absent */
  uint8_t n_dims;
  uint16_t flags;    /* PTX_VARF_* */
  uint32_t align;    /* .align value, 0 when not given */
  uint32_t ptr_align;
  uint32_t range;    /* %r<N>: N registers named %r0..%r(N-1); 0 otherwise */
  uint64_t *dims;    /* n_dims extents (0 = unsized first dimension) */
  uint64_t unified_lo, unified_hi; /* .attribute(.unified(lo, hi)) */
  ptx_init *init;    /* NULL when none */
  uint32_t module_index; /* position in module->vars (module scope only) */
};

/* Size in bytes of one element (type size times vector width). */
uint64_t ptx_var_elem_bytes(const ptx_var *v);
/* Total size in bytes (0 for unsized arrays without an initializer). */
uint64_t ptx_var_size_bytes(const ptx_var *v);
/* Natural or declared alignment in bytes. */
uint32_t ptx_var_alignment(const ptx_var *v);

/* .calltargets / .branchtargets lists. */
typedef struct ptx_targets {
  ptx_sym sym;
  uint32_t n;
  ptx_operand *items; /* functions (SYM) or labels (LABEL) */
} ptx_targets;

/* ------------------------------------------------------------------ */
/* Operands.                                                           */

typedef enum ptx_opnd_kind {
  PTX_OPND_REG,    /* register or variable: u.reg */
  PTX_OPND_SREG,   /* special register: u.sreg */
  PTX_OPND_IMM,    /* integer constant: u.imm */
  PTX_OPND_F32,    /* 0fXXXXXXXX literal: u.imm (the float bits) */
  PTX_OPND_F64,    /* decimal or 0d literal: u.imm (the double bits) */
  PTX_OPND_SYM,    /* address of a variable or function (+ offset): u.sym */
  PTX_OPND_LABEL,  /* code label: u.label */
  PTX_OPND_ADDR,   /* [base + offset]: u.addr */
  PTX_OPND_VEC,    /* {a, b, ...}: u.list */
  PTX_OPND_LIST,   /* (a, b, ...) call parameter list: u.list */
  PTX_OPND_TEX,    /* [tex, sampler, coords]: u.list */
  PTX_OPND_PAIR,   /* d|p: u.list with two elements */
  PTX_OPND_SINK,   /* _ */
  PTX_OPND_INDEX   /* var[i], var[reg], var[reg+i]: u.list = {SYM, IMM} or
                      {SYM, REG} or {SYM, REG, IMM}; the element index,
                      scaled by the element size (PTX ISA 6.4.2) */
} ptx_opnd_kind;

enum {
  PTX_OPNDF_NEG = 1 << 0,       /* !p, or -a in video instructions */
  PTX_OPNDF_UNSIGNED = 1 << 1,  /* integer constant typed .u64 */
  PTX_OPNDF_UNIFIED = 1 << 2    /* [a].unified */
};

/* Operand components: .x .y .z .w (.r .g .b .a) and video byte/half
 * selectors (.b0, .h1, .b3210 ...) are kept as their spelling's id. */
enum { PTX_COMP_NONE = 0 };

struct ptx_operand {
  uint8_t kind;   /* ptx_opnd_kind */
  uint8_t flags;  /* PTX_OPNDF_* */
  uint16_t comp;  /* component/selector modifier id (ptx_mod), 0 = none */
  uint32_t n;     /* element count of VEC, LIST, TEX, PAIR */
  ptx_loc loc;
  union {
    struct {
      ptx_var *var;
      uint32_t index; /* element of a %r<N> range */
    } reg;
    struct {
      uint16_t id;  /* ptx_sreg */
      uint16_t index; /* %envreg<N>, %pm<N> */
    } sreg;
    uint64_t imm;
    struct {
      ptx_sym *sym; /* variable, function, prototype or target list */
      int64_t offset;
    } sym;
    ptx_label *label;
    struct {
      ptx_operand *base; /* REG, SYM, or NULL for [imm] */
      int64_t offset;
    } addr;
    ptx_operand *list;
  } u;
};

/* ------------------------------------------------------------------ */
/* Instructions.                                                       */

/* An opcode with its modifiers as written ("ld.global.v4.u32").  Shared
 * by every instruction spelled the same way. */
typedef struct ptx_form {
  const ptx_name *word; /* the spelling */
  uint16_t op;          /* ptx_op */
  uint8_t n_mods;
  uint8_t n_types;
  uint8_t types[5];     /* type modifiers in order of appearance */
  uint8_t vec;          /* from .v2/.v4/.v8; 1 otherwise */
  uint8_t shape_m;      /* .mMnNkK shape; 0 when absent */
  uint16_t shape_n, shape_k;
  uint16_t mods[];      /* every modifier, types included, in order */
} ptx_form;

bool ptx_form_has(const ptx_form *f, ptx_mod m);

/* CUDA source position of an instruction, from `.loc`. */
typedef struct ptx_dbg_loc {
  uint32_t file;         /* .file index */
  uint32_t line, col;
  uint32_t inlined_at;   /* index of the caller's ptx_dbg_loc, 0 = none */
  ptx_name *function;    /* function_name label, NULL when none */
  int64_t function_offset;
} ptx_dbg_loc;

typedef struct ptx_insn {
  const ptx_form *form;
  uint8_t n_opnds;
  bool guard_neg;        /* @!p */
  ptx_operand *guard;    /* NULL when unguarded */
  ptx_operand *opnds;
  ptx_loc loc;
  uint32_t dbg;          /* index into module->dbg_locs, 0 = none */
} ptx_insn;

struct ptx_label {
  ptx_name *name;
  ptx_loc loc;
  uint32_t insn;         /* index of the instruction it precedes */
};

/* Function bodies keep their statements in source order for ptx_dump. */
typedef enum ptx_stmt_kind {
  PTX_STMT_INSN,
  PTX_STMT_LABEL,
  PTX_STMT_DECL,        /* a local variable (ptx_var) */
  PTX_STMT_BLOCK_BEGIN,
  PTX_STMT_BLOCK_END,
  PTX_STMT_PRAGMA,      /* string */
  PTX_STMT_PROTO,       /* label: .callprototype */
  PTX_STMT_TARGETS      /* label: .calltargets / .branchtargets */
} ptx_stmt_kind;

typedef struct ptx_stmt {
  uint8_t kind;
  union {
    uint32_t insn;     /* index into func->insns */
    ptx_label *label;
    ptx_var *var;
    const char *pragma;
    ptx_func *proto;
    ptx_targets *targets;
  } u;
} ptx_stmt;

/* Performance-tuning and cluster directives of a function. */
typedef struct ptx_perf {
  uint32_t maxntid[3], reqntid[3];       /* 0 = absent */
  uint32_t minnctapersm, maxnctapersm, maxnreg, maxclusterrank;
  uint32_t reqnctapercluster[3];
  uint32_t abi_preserve, abi_preserve_control;
  bool has_abi_preserve, has_abi_preserve_control;
  bool explicitcluster, blocksareclusters, noreturn;
} ptx_perf;

struct ptx_func {
  ptx_sym sym;
  uint8_t linkage;
  bool is_entry;
  bool is_prototype;   /* .callprototype */
  bool has_body;
  uint32_t n_rets, n_params;
  ptx_var **rets, **params;
  ptx_perf perf;
  uint32_t n_pragmas;
  const char **pragmas; /* .pragma strings before the body */
  uint32_t n_insns, n_stmts, n_labels, n_vars;
  ptx_insn *insns;
  ptx_stmt *stmts;
  ptx_label **labels;
  ptx_var **vars;       /* every variable declared in the body */
  ptx_func *definition; /* for a declaration: the definition, if any */
  bool has_unified;     /* .attribute(.unified(lo, hi)) */
  uint64_t unified_lo, unified_hi;
  uint32_t module_index; /* position in module->funcs */
};

/* ------------------------------------------------------------------ */
/* Module.                                                             */

typedef struct ptx_file_entry {
  uint32_t index;
  const char *path;
  uint64_t timestamp, size;
  bool has_timestamp;
  ptx_loc loc;
} ptx_file_entry;

/* One statement of a `.section` block: a label, a run of plain numbers of
 * one type (consecutive data lines are merged), or one address. */
typedef enum ptx_sec_kind {
  PTX_SEC_LABEL, /* sym: */
  PTX_SEC_DATA,  /* .bN v, v, ...: n values */
  PTX_SEC_SYM,   /* .bN sym+value */
  PTX_SEC_DIFF   /* .bN sym-sym2 */
} ptx_sec_kind;

typedef struct ptx_section_item {
  uint8_t kind;       /* ptx_sec_kind */
  uint8_t type;       /* .b8/.b16/.b32/.b64 (PTX_TYPE_NONE for a label) */
  uint32_t n;         /* PTX_SEC_DATA: number of values */
  ptx_name *sym, *sym2;
  int64_t value;      /* PTX_SEC_SYM: offset */
  int64_t *values;    /* PTX_SEC_DATA */
  ptx_loc loc;
} ptx_section_item;

typedef struct ptx_section {
  ptx_name *name;     /* ".debug_info" etc. */
  ptx_loc loc;
  uint32_t n_items;
  ptx_section_item *items;
} ptx_section;

typedef enum ptx_item_kind {
  PTX_ITEM_VAR,
  PTX_ITEM_FUNC,
  PTX_ITEM_FILE,
  PTX_ITEM_SECTION,
  PTX_ITEM_ALIAS,
  PTX_ITEM_PRAGMA, /* module-scope .pragma: u.text */
  PTX_ITEM_DWARF   /* legacy @@DWARF line: u.text */
} ptx_item_kind;

typedef struct ptx_alias {
  ptx_func *alias, *target;
  ptx_loc loc;
} ptx_alias;

typedef struct ptx_item {
  uint8_t kind;
  union {
    ptx_var *var;
    ptx_func *func;
    ptx_file_entry *file;
    ptx_section *section;
    ptx_alias *alias;
    const char *text;
  } u;
} ptx_item;

enum {
  PTX_TARGETF_TEXMODE_UNIFIED = 1 << 0,
  PTX_TARGETF_TEXMODE_INDEPENDENT = 1 << 1,
  PTX_TARGETF_DEBUG = 1 << 2,
  PTX_TARGETF_MAP_F64_TO_F32 = 1 << 3
};

typedef struct ptx_module {
  ptx_arena arena;
  ptx_names names;
  const char *path;       /* file name used in messages */
  uint8_t version_major, version_minor;
  uint16_t sm;            /* highest sm_NN named by .target, 0 = none */
  char sm_suffix;         /* 'a', 'f' or 0 */
  uint8_t target_flags;   /* PTX_TARGETF_* */
  uint8_t address_size;   /* 32, 64, or 0 when not given */
  uint32_t n_targets;
  const char **targets;   /* the .target words as written */
  uint32_t n_target_dirs;
  uint32_t *target_dir_words; /* words in each .target directive */
  uint32_t n_items, n_vars, n_funcs, n_files, n_sections, n_dbg_locs;
  ptx_item *items;        /* top-level statements in source order */
  ptx_var **vars;         /* module-scope variables */
  ptx_func **funcs;       /* functions and kernels, definitions and declarations */
  ptx_file_entry **files;
  ptx_section **sections;
  ptx_dbg_loc *dbg_locs;  /* entry 0 unused */
} ptx_module;

/* What a function needs, following the calls it may make. */
typedef struct ptx_usage {
  uint32_t n_funcs, n_vars;
  const ptx_func **funcs; /* the function and every function it may call */
  const ptx_var **vars;   /* module-scope variables referenced */
  bool has_indirect_calls;
} ptx_usage;

/* Fills u (arrays malloc'd, in first-use order); PTX_ENOMEM on failure. */
int ptx_func_usage(const ptx_module *m, const ptx_func *f, ptx_usage *u) PTX_MUST_CHECK;
void ptx_usage_free(ptx_usage *u);
/* The bytes of the variables of one state space (.shared, .local, .const)
 * that u's function needs: the module's it references and those its
 * functions (itself included) declare, each at its alignment, saturating
 * at UINT64_MAX.  *has_dynamic (may be NULL) is set when an unsized
 * (extern) array is among them. */
uint64_t ptx_usage_space_bytes(const ptx_usage *u, ptx_space space, bool *has_dynamic);
/* The bytes f itself declares in space (saturating). */
uint64_t ptx_func_space_bytes(const ptx_func *f, ptx_space space);

/* Finds a function (entry or func) with a body, or any declaration. */
ptx_func *ptx_module_find_func(const ptx_module *m, const char *name);
/* Finds a module-scope variable. */
ptx_var *ptx_module_find_var(const ptx_module *m, const char *name);
/* The .file entry with that index, or NULL. */
const ptx_file_entry *ptx_module_file(const ptx_module *m, uint32_t index);

#endif /* PTXSIM_FRONTEND_PTX_IR_H */
