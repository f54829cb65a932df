/* ptx_ops.h -- the opcode table (ptx_ops.def) and its lookups.
 *
 * Operand signatures (the third column of ptx_ops.def) are written as
 * comma-separated slots, each
 *
 *     [?] role kind [:type]
 *
 *   ?     the slot is optional (optional slots are dropped from the last)
 *   role  d: written, u: read
 *   kind  r  register; when read also a constant, a symbol's address or a
 *            special register (mov); when written also the sink _
 *         s  like r, and also the address of a variable (cvta, isspacep)
 *         g  like r, and also a special register or a brace vector (cvt)
 *         p  predicate register (read: may be negated, !p; written: may be _)
 *         P  written predicate or pair p|q (setp)
 *         q  written register with optional predicate pair d|p
 *         m  mov operand: register, vector to pack/unpack, constant,
 *            special register, variable or function address
 *         v  vector {a,b,..} as long as the .vN modifier says (scalar
 *            without one), or a vector register
 *         V  brace vector of any length, or a single register
 *         a  memory address [reg], [var], [reg+imm], [imm]
 *         t  texture, surface or tensor-map operand [tex, {coords}]
 *         l  code label;  L  .branchtargets label
 *         i  integer constant
 *         c  L2 cache-policy register (written uc), present exactly when the
 *            instruction has .L2::cache_hint (never written with ? )
 *         x  anything (checked by the instruction's own rules, if any)
 *   type  0..3: the n-th type modifier (1..3 fall back to the last one
 *         present); w: type 0, doubled by .wide; a PTX type name (u32,
 *         b64, pred...); *: any.  Default 0.
 *   A signature of "*" means the operands have a syntax of their own
 *   (call).
 */
#ifndef PTXSIM_FRONTEND_PTX_OPS_H
#define PTXSIM_FRONTEND_PTX_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_mods.h"

/* Functional classes. */
#define PTX_FCLASSES(X) \
  X(INT) X(FLOAT) X(CMP) X(LOGIC) X(MOV) X(CVT) X(MEM) X(ATOM) X(TEX) X(SURF) \
  X(CTRL) X(SYNC) X(WARP) X(MMA) X(ASYNC) X(VIDEO) X(MISC)

typedef enum ptx_fclass {
#define X(c) PTX_FC_##c,
  PTX_FCLASSES(X)
#undef X
  PTX_FC_COUNT
} ptx_fclass;

/* Execution units charged by the timing model. */
#define PTX_UNITS(X) X(INT) X(SP) X(DP) X(SFU) X(LDST) X(TEX) X(BRU) X(TENSOR) X(SYNC)

typedef enum ptx_unit {
#define X(u) PTX_UNIT_##u,
  PTX_UNITS(X)
#undef X
  PTX_UNIT_COUNT
} ptx_unit;

/* Latency classes within a unit's latency list, in the order of
 * GPGPU-Sim's -ptx_opcode_latency_<kind> lists (the timing configuration
 * indexes its lists by them). */
#define PTX_TCLASSES(X) X(ADD) X(MAX) X(MUL) X(MAD) X(DIV) X(SHFL)

typedef enum ptx_tclass {
#define X(c) PTX_TC_##c,
  PTX_TCLASSES(X)
#undef X
  PTX_TC_COUNT
} ptx_tclass;

extern const char *const ptx_fclass_names[PTX_FC_COUNT];
extern const char *const ptx_unit_names[PTX_UNIT_COUNT];
extern const char *const ptx_tclass_names[PTX_TC_COUNT];

/* Opcode properties. */
enum {
  PTX_OPF_BRANCH = 1u << 0,   /* transfers control within the function */
  PTX_OPF_CALL = 1u << 1,
  PTX_OPF_RET = 1u << 2,
  PTX_OPF_EXIT = 1u << 3,
  PTX_OPF_TRAP = 1u << 4,
  PTX_OPF_BARRIER = 1u << 5,  /* CTA- or cluster-wide barrier */
  PTX_OPF_MEM_RD = 1u << 6,
  PTX_OPF_MEM_WR = 1u << 7,
  PTX_OPF_ATOMIC = 1u << 8,
  PTX_OPF_RELAXED = 1u << 9,  /* wider registers allowed (PTX ISA 6.5.1) */
  PTX_OPF_WARP = 1u << 10,    /* collective over the warp or its mask */
  PTX_OPF_F64_DP = 1u << 11,  /* .f64 forms run on the DP unit */
  PTX_OPF_ARCH = 1u << 12,    /* needs an sm_XXa or sm_XXf target */
  PTX_OPF_DRAIN = 1u << 13    /* issues only once the warp has nothing in
                                 flight (membar, fence, cp.async waits,
                                 call, ret) */
};

typedef enum ptx_op {
  PTX_OP_NONE,
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) PTX_OP_##id,
#include "frontend/ptx_ops.def"
#undef PTX_OP
  PTX_OP_COUNT
} ptx_op;

/* A row of ptx_ops.def as the frontend sees it (without its binder, which
 * names isa/ functions: isa/isa_bind.h). */
typedef struct ptx_op_info {
  const char *mnemonic;
  const char *signature;
  uint8_t min_types, max_types;
  uint64_t categories;  /* accepted modifier categories */
  uint8_t fclass;       /* ptx_fclass */
  uint8_t unit;         /* ptx_unit */
  uint8_t tclass;       /* ptx_tclass */
  uint32_t flags;       /* PTX_OPF_* */
  uint8_t ptx_version;  /* times ten */
  uint8_t min_sm;
  const char *doc;
} ptx_op_info;

extern const ptx_op_info ptx_op_table[PTX_OP_COUNT];

/* One word of an instruction's spelling. */
typedef struct ptx_word_part {
  const char *s;
  uint32_t len;
} ptx_word_part;

/* Splits an instruction word at its dots into parts (at most max);
 * returns the count, or -1 when there are more than max parts or a part is
 * empty. */
int ptx_word_split(const char *word, size_t len, ptx_word_part *parts, int max);

/* Selects the opcode of an instruction word given as parts: the row whose
 * mnemonic words appear in order among the parts, beginning with the first,
 * with the most words (ties go to the row whose last word comes earliest).
 * Marks the parts the mnemonic used in used[].  PTX_OP_NONE if none. */
ptx_op ptx_op_select(const ptx_word_part *parts, int n_parts, bool *used);

/* One operand slot of a signature (see the top of this file). */
typedef struct ptx_sig_slot {
  bool optional;
  char role;       /* 'd' written, 'u' read */
  char kind;       /* r s g p P q m v V a t l L i c x */
  char type;       /* '0'..'3', 'w', '*', or 'n' for a named type */
  uint8_t named;   /* ptx_type when type is 'n' */
} ptx_sig_slot;

enum { PTX_SIG_MAX_SLOTS = 12 };

/* Parses a signature into at most max slots; returns the count, or -1 if
 * the signature is malformed (the table tests check every row). */
int ptx_sig_parse(const char *sig, ptx_sig_slot *slots, int max);

/* Is the signature slot list of op "*" (operands with their own syntax)? */
static inline bool ptx_op_has_free_syntax(ptx_op op)
{
  return ptx_op_table[op].signature[0] == '*';
}

#endif /* PTXSIM_FRONTEND_PTX_OPS_H */
