/* isa_prog.h -- the decoded form of a module: what the functional core
 * executes.
 *
 * isa_decode() turns each function of a module IR into an array of
 * isa_insn, once, when the module is loaded on a device.  Registers become
 * slot offsets into a warp's frame (frame[slot + lane], 64 bits per lane),
 * predicates become indices into an array of 32-bit lane masks, constants,
 * symbol addresses and special registers become read-only slots filled
 * when a frame is created, branch targets become instruction indices and
 * every branch gets its reconvergence point (the immediate post-dominator
 * from cfg.h).  The semantic function is bound for the exact opcode, type
 * and modifiers, so the step loop only calls through a pointer.
 *
 * A decoded program depends on the device it was loaded on (global
 * addresses are baked into constant slots), so each device decodes its own.
 */
#ifndef PTXSIM_ISA_ISA_PROG_H
#define PTXSIM_ISA_ISA_PROG_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_ir.h"

typedef struct simt_warp simt_warp;
typedef struct isa_insn isa_insn;
typedef struct isa_func isa_func;

/* Executes one warp instruction for the lanes in mask (the active lanes
 * whose guard predicate holds). */
typedef void (*isa_exec_fn)(simt_warp *w, const isa_insn *in, uint32_t mask);

enum {
  ISA_MAX_OPNDS = 8,
  ISA_NONE = UINT32_MAX, /* no target / no reconvergence point / no slot */
  ISA_PRED_SINK = 0,     /* predicate index 0 is a write-only scratch */
  ISA_PRED_TRUE = 1,     /* predicate index 1 is all ones in every frame:
                            a constant predicate operand (mov.pred p, 1;
                            0 is !ISA_PRED_TRUE) */
  ISA_NO_ADDR = 0xff     /* isa_insn.addr_opnd of instructions without [a] */
};

/* Memory state spaces as the executor resolves them. */
typedef enum isa_space {
  ISA_SPACE_GLOBAL,
  ISA_SPACE_SHARED,
  ISA_SPACE_LOCAL,   /* per thread; also .param of functions and call sites */
  ISA_SPACE_CONST,
  ISA_SPACE_PARAM,   /* kernel parameters */
  ISA_SPACE_GENERIC,
  ISA_SPACE_COUNT
} isa_space;

extern const char *const isa_space_names[ISA_SPACE_COUNT];

/* Generic-address windows (PTX ISA 6.4.1.1: the mapping is
 * implementation-defined).  Global allocations live below all of them. */
#define ISA_GLOBAL_BASE UINT64_C(0x0000700000000000)
#define ISA_SHARED_WINDOW UINT64_C(0x00007f0000000000)
#define ISA_LOCAL_WINDOW UINT64_C(0x00007f0100000000)
#define ISA_PARAM_WINDOW UINT64_C(0x00007f0200000000)
#define ISA_WINDOW_SIZE UINT64_C(0x100000000)

struct isa_insn {
  isa_exec_fn exec;
  uint16_t op;            /* ptx_op */
  uint8_t type, type2;    /* first and second type modifiers (ptx_type) */
  uint8_t vec;            /* vector length of memory and mov operands */
  uint8_t space;          /* isa_space of memory instructions */
  uint8_t rnd;            /* isa_round */
  uint8_t n_o;            /* operands in o[] */
  uint8_t addr_opnd;      /* k of the memory address operand [a] in o[k],
                             ISA_NO_ADDR when there is none */
  bool ftz, sat;
  bool guard_neg;
  uint8_t neg_mask;       /* bit k: predicate operand o[k] is negated (!p) */
  /* Operand roles, for the dynamic record's uniformity (simt_record):
   * bit k: o[k] is written (def_opnds) or read (use_opnds); o[k] is a
   * predicate index (pred_opnds), the vector in v[] (o[k] == ISA_NONE), or
   * else a register slot.  The guard and the predicate of a d|p pair (pd)
   * are not in them; operands the bits cannot describe (call arguments,
   * several vectors, texture coordinates) set has_hidden_opnds. */
  uint8_t def_opnds, use_opnds, pred_opnds;
  uint32_t guard;         /* predicate index, ISA_NONE when unguarded */
  uint32_t o[ISA_MAX_OPNDS]; /* operands in source order: register slot
                                offsets (slot * 32), predicate indices, or
                                an address's base slot offset */
  uint32_t v[8];          /* elements of the vector operand {a, b, ...} */
  uint32_t pd;            /* predicate of a d|p pair, ISA_NONE if absent */
  int64_t off;            /* address offset of the memory operand */
  uint64_t amask;         /* address register mask: 32-bit registers hold
                             addresses in their low half only */
  uint32_t aux, aux2;     /* per-opcode decoded modifiers */
  uint32_t target;        /* branch target (insn index) */
  uint32_t reconv;        /* reconvergence point: immediate post-dominator */
  const void *ext;        /* per-opcode decoded data (call sites, brx tables);
                             with several vector operands or a texture
                             operand [h, {c...}], the slots of every
                             vector's elements: operand k element e at
                             ((const uint32_t *)ext)[k * 8 + e], a texture
                             operand's handle in o[k] and its coordinates
                             as its elements */
  bool owns_ext;          /* ext is malloc'd and freed with the program */
  bool has_hidden_opnds;  /* see def_opnds */
  bool is_order_free;     /* atom/red on global or generic memory whose
                             effect is the same in any order: an integer
                             add, and, or, xor, min or max with no returned
                             value or a dead one (atom_order.c) */
  const ptx_insn *ir;     /* source instruction: location and spelling */
  const isa_func *func;
};

/* What fills a read-only slot when a frame is created. */
typedef enum isa_slot_kind {
  ISA_SLOT_CONST,   /* value: the same for every lane and every frame */
  ISA_SLOT_SREG,    /* value: ptx_sreg id << 8 | component */
  ISA_SLOT_LOCAL,   /* value: offset from the frame's local base */
  ISA_SLOT_FORMAL,  /* value: index of a .param formal, bound by the call */
  ISA_SLOT_DYN_SHARED /* value: offset into the launch's dynamic shared area,
                         which starts after the kernel's static variables */
} isa_slot_kind;

typedef struct isa_slot_init {
  uint32_t slot;    /* slot offset (slot * 32) */
  uint8_t kind;     /* isa_slot_kind */
  uint64_t value;
} isa_slot_init;

/* How a call site passes one argument or result. */
typedef struct isa_call_arg {
  bool by_address;  /* .param formal bound to the caller's .param variable */
  uint32_t slot;    /* caller: slot holding the address or the value */
} isa_call_arg;

typedef struct isa_call_site {
  const isa_func *callee;    /* NULL for an indirect call */
  uint32_t n_args, n_rets;
  isa_call_arg *args, *rets;
  uint32_t target_slot;      /* indirect: slot holding the function address */
  const ptx_func *proto;     /* indirect: the .callprototype, or the first
                                of the .calltargets, that the call's
                                arguments were checked against */
  const ptx_targets *targets; /* indirect through .calltargets, else NULL */
} isa_call_site;

struct isa_func {
  const ptx_func *ir;
  const char *name;
  uint32_t index;            /* position in isa_program.funcs */
  uint32_t n_insns;
  isa_insn *insns;
  uint32_t n_slots;          /* registers and read-only slots */
  uint32_t n_preds;          /* predicate masks (index 0 is the sink) */
  uint32_t *var_reg;         /* per ir->vars entry of .reg space: its first
                                register slot offset (slot * 32), or for a
                                predicate its first mask index; ISA_NONE for
                                other spaces (the analyses' registers map
                                to slots through it: preemption, 004) */
  uint32_t n_inits;
  isa_slot_init *inits;      /* read-only slots to fill per frame */
  uint64_t local_bytes;      /* .local and call-site .param variables */
  uint32_t n_formals;        /* parameters then results, in order */
  const ptx_var **formals;
  uint32_t *formal_slot;     /* .reg formal: its register slot; .param: the
                                read-only slot that holds its address */
  bool *formal_is_reg;
  uint32_t *formal_bytes;    /* size of each formal */
  uint64_t *formal_home;     /* .param formal: offset in the frame's local
                                memory that holds it when the caller passes
                                a register or a constant */
  uint32_t n_params;         /* the first n_params formals are parameters */
  uint32_t n_uninit;         /* register slots it may read before writing */
  uint32_t *uninit_slots;    /* them (slot * 32), zeroed in each new frame
                                (reg_init.c) */
};

typedef struct isa_kernel {
  const isa_func *func;
  uint32_t n_params;
  uint32_t *param_offset;    /* offset in the parameter buffer */
  uint32_t *param_size;
  uint64_t param_bytes;
  uint64_t static_shared;    /* .shared variables it can reach, aligned to
                                dyn_shared_align: where the dynamic area
                                starts (shared_layout.h) */
  uint32_t dyn_shared_align;
  uint64_t local_bytes;      /* per thread, including callees */
  bool has_recursion;
  bool has_printf;           /* it can call vprintf */
  uint32_t cta_order_deps;   /* ISA_CTA_ORDER_* (cta_order.h): what lets
                                its CTAs see the order they run in (0: they
                                may run side by side) */
} isa_kernel;

/* Where the decoder places module variables. */
typedef struct isa_var_addr {
  const ptx_var *var;
  uint64_t addr;             /* device address (global, const) */
} isa_var_addr;

typedef struct isa_program {
  const ptx_module *ir;
  uint32_t n_funcs;
  isa_func *funcs;           /* functions with bodies, in module order */
  uint32_t n_kernels;
  isa_kernel *kernels;
} isa_program;

/* Resolves a module variable to a device address (global and const
 * spaces); supplied by the device that loads the module. */
typedef int (*isa_var_resolver)(void *ctx, const ptx_var *v, uint64_t *addr);

/* Decodes every function of m.  Fails with PTX_EINVAL and a message naming
 * the instruction and its location when an instruction cannot execute. */
int isa_decode(const ptx_module *m, isa_var_resolver resolve, void *ctx, ptx_diag *d,
               isa_program **out) PTX_MUST_CHECK;
void isa_program_free(isa_program *p);

const isa_kernel *isa_program_kernel(const isa_program *p, const char *name);

/* What the liveness of f's body (a: an_func_analyse's, liveness only)
 * tells the decoder.  isa_func_uninit_slots fills f->n_uninit and
 * f->uninit_slots (reg_init.c; PTX_ENOMEM on failure);
 * isa_func_mark_order_free sets isa_insn.is_order_free (atom_order.c). */
struct an_func;
int isa_func_uninit_slots(isa_func *f, const struct an_func *a) PTX_MUST_CHECK;
void isa_func_mark_order_free(isa_func *f, const struct an_func *a);
/* The function whose code address (as `mov %rd, func` gives it) is addr. */
const isa_func *isa_program_func_at(const isa_program *p, uint64_t addr);
/* The code address of a function (for indirect calls). */
uint64_t isa_func_address(const isa_func *f);

#endif /* PTXSIM_ISA_ISA_PROG_H */
