/* ptx_types.h -- PTX fundamental types, state spaces and type compatibility.
 *
 * The type list comes from ptx_types.def.  ptx_type_compatible() encodes
 * PTX ISA 9.0 6.1 ("the bit-size type is compatible with every type having
 * the same size; integer types of a common size are compatible") and the
 * relaxed rules of 6.5.1 for ld, st and cvt (wider registers allowed for
 * bit-size and integer instruction types, and for float types only when the
 * register is bit-size).
 */
#ifndef PTXSIM_FRONTEND_PTX_TYPES_H
#define PTXSIM_FRONTEND_PTX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ptx_type_kind {
  PTX_TK_NONE,
  PTX_TK_SINT,
  PTX_TK_UINT,
  PTX_TK_BITS,
  PTX_TK_FLOAT,
  PTX_TK_PRED,
  PTX_TK_OPAQUE
} ptx_type_kind;

typedef enum ptx_type {
  PTX_TYPE_NONE,
#define PTX_TYPE(id, name, bits, kind, lanes) PTX_TYPE_##id,
#include "frontend/ptx_types.def"
#undef PTX_TYPE
  PTX_TYPE_COUNT
} ptx_type;

typedef struct ptx_type_info {
  const char *name; /* without the dot */
  uint16_t bits;
  uint8_t kind;  /* ptx_type_kind */
  uint8_t lanes; /* packed elements */
} ptx_type_info;

extern const ptx_type_info ptx_type_table[PTX_TYPE_COUNT];

/* Returns the type spelled s[0..len) (no dot), or PTX_TYPE_NONE. */
ptx_type ptx_type_lookup(const char *s, size_t len);

static inline unsigned ptx_type_bits(ptx_type t) { return ptx_type_table[t].bits; }
static inline ptx_type_kind ptx_type_kind_of(ptx_type t)
{
  return (ptx_type_kind)ptx_type_table[t].kind;
}
static inline bool ptx_type_is_int(ptx_type t)
{
  ptx_type_kind k = ptx_type_kind_of(t);
  return k == PTX_TK_SINT || k == PTX_TK_UINT;
}

/* May a register declared reg_type stand where an instruction of type
 * insn_type expects a value?  relaxed: the ld/st/cvt wide-register rules. */
bool ptx_type_compatible(ptx_type insn_type, ptx_type reg_type, bool relaxed);

/* State spaces of declarations and memory instructions. */
#define PTX_SPACES(X)             \
  X(NONE, "")                     \
  X(REG, "reg")                   \
  X(SREG, "sreg")                 \
  X(CONST, "const")               \
  X(GLOBAL, "global")             \
  X(LOCAL, "local")               \
  X(PARAM, "param")               \
  X(SHARED, "shared")             \
  X(TEX, "tex")                   \
  X(GENERIC, "generic")

typedef enum ptx_space {
#define X(id, name) PTX_SPACE_##id,
  PTX_SPACES(X)
#undef X
  PTX_SPACE_COUNT
} ptx_space;

extern const char *const ptx_space_names[PTX_SPACE_COUNT];

#endif /* PTXSIM_FRONTEND_PTX_TYPES_H */
