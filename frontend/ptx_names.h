/* ptx_names.h -- interned identifiers with symbol-table slots.
 *
 * Every identifier the parser meets (register, variable, label, function,
 * instruction word) is interned once per module, so names compare by
 * pointer.  Each interned name also carries the parser's current bindings:
 * `var` is the innermost visible declaration (shadowed ones are restored
 * when a block closes), `label` the label of that name in the function being
 * parsed, and `aux` a cache owned by whoever set it (the parser caches the
 * decoded opcode and modifiers of instruction words there).  The table only
 * lives while its module does.
 */
#ifndef PTXSIM_FRONTEND_PTX_NAMES_H
#define PTXSIM_FRONTEND_PTX_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_arena.h"

typedef struct ptx_name {
  uint32_t len;
  uint32_t hash;
  void *var;   /* innermost visible variable or function (parser-owned) */
  void *label; /* label in the function being parsed (parser-owned) */
  void *aux;   /* cache slot */
  char str[];  /* NUL-terminated */
} ptx_name;

typedef struct ptx_names {
  ptx_arena *arena; /* where names are stored */
  ptx_name **slots; /* open addressing, power-of-two size */
  uint32_t n_slots;
  uint32_t n_used;
} ptx_names;

/* Returns 0, or -1 when out of memory. */
int ptx_names_init(ptx_names *t, ptx_arena *arena);
void ptx_names_free(ptx_names *t);
/* Interns s[0..len); NULL when out of memory. */
ptx_name *ptx_names_intern(ptx_names *t, const char *s, size_t len);
/* Looks s up without inserting; NULL when absent. */
ptx_name *ptx_names_find(const ptx_names *t, const char *s, size_t len);

#endif /* PTXSIM_FRONTEND_PTX_NAMES_H */
