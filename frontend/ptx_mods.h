/* ptx_mods.h -- instruction modifiers: lookup and properties.
 *
 * Modifier ids and type ids share one number space so that an instruction
 * keeps all its dot-suffixes in one list: ids 1 .. PTX_TYPE_COUNT-1 are the
 * types of ptx_types.h, the rows of ptx_mods.def follow, and PTX_MOD_SHAPE
 * stands for a matrix shape (.m16n8k16), whose numbers are kept apart.
 */
#ifndef PTXSIM_FRONTEND_PTX_MODS_H
#define PTXSIM_FRONTEND_PTX_MODS_H

#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_types.h"

/* Modifier categories: an opcode accepts a modifier sharing one. */
#define PTX_MOD_CATEGORIES(X)                                                      \
  X(TYPE) X(SPACE) X(VEC) X(RND) X(IRND) X(FTZ) X(SAT) X(APPROX) X(CMP) X(BOOL)    \
  X(REDOP) X(SEM) X(SCOPE) X(CACHE) X(EVICT) X(L2) X(NC) X(HILO) X(CC) X(SYNC)     \
  X(ALIGNED) X(UNI) X(SHFL) X(VOTE) X(TO) X(CLAMP) X(DIR) X(SHIFTAMT) X(RELU)      \
  X(FMINMAX) X(NOFTZ) X(OOB) X(TESTP) X(GEOM) X(TEXMODE) X(SURF) X(QUERY) X(COMP)  \
  X(PRMT) X(LAYOUT) X(FRAG) X(VSEL) X(VIDEO) X(MATRIX) X(ASYNC) X(FENCE) X(ARRIVE) \
  X(SHAPE)

enum {
#define X(c) PTX_MC_BIT_##c,
  PTX_MOD_CATEGORIES(X)
#undef X
  PTX_MC_BIT_COUNT
};

/* The category bit of c: PTX_MC(SPACE). */
#define PTX_MC(c) (UINT64_C(1) << PTX_MC_BIT_##c)

typedef uint16_t ptx_mod;

enum ptx_mod_id {
  PTX_MOD_NONE = 0,
  PTX_MOD_BEFORE_FIRST_ = PTX_TYPE_COUNT - 1,
#define PTX_MOD(id, name, cats, ver, sm) PTX_MOD_##id,
#include "frontend/ptx_mods.def"
#undef PTX_MOD
  PTX_MOD_SHAPE,
  PTX_MOD_COUNT
};

typedef struct ptx_mod_info {
  const char *name;     /* spelling without the dot */
  uint64_t categories;  /* PTX_MC_* */
  uint8_t ptx_version;  /* times ten, 0 = no own requirement */
  uint8_t min_sm;
} ptx_mod_info;

/* Properties of m (types included); m must be below PTX_MOD_COUNT. */
const ptx_mod_info *ptx_mod_get(ptx_mod m);
/* Looks up a modifier of an instruction word (types first); PTX_MOD_NONE
 * when unknown.  Shapes are not handled here. */
ptx_mod ptx_mod_lookup(const char *s, size_t len);
/* Looks up an operand component or selector (.x, .b0, .h10); types are
 * not considered. */
ptx_mod ptx_mod_lookup_component(const char *s, size_t len);
/* The spelling of m ("" for PTX_MOD_NONE and PTX_MOD_SHAPE). */
const char *ptx_mod_name(ptx_mod m);
/* Is m a type modifier? */
static inline int ptx_mod_is_type(ptx_mod m) { return m > 0 && m < PTX_TYPE_COUNT; }

#endif /* PTXSIM_FRONTEND_PTX_MODS_H */
