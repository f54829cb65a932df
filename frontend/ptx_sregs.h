/* ptx_sregs.h -- lookup of PTX special registers (see ptx_sregs.def). */
#ifndef PTXSIM_FRONTEND_PTX_SREGS_H
#define PTXSIM_FRONTEND_PTX_SREGS_H

#include <stddef.h>
#include <stdint.h>

typedef enum ptx_sreg {
  PTX_SREG_NONE,
#define PTX_SREG(id, name, type, is_vector, count, ver, sm) PTX_SREG_##id,
#include "frontend/ptx_sregs.def"
#undef PTX_SREG
  PTX_SREG_COUNT
} ptx_sreg;

typedef struct ptx_sreg_info {
  const char *name;
  uint8_t type;      /* ptx_type */
  uint8_t is_vector;
  uint8_t count;
  uint8_t ptx_version; /* times ten */
  uint8_t min_sm;
} ptx_sreg_info;

extern const ptx_sreg_info ptx_sreg_table[PTX_SREG_COUNT];

/* Resolves a register name without component ("%tid", "%envreg3").
 * Returns PTX_SREG_NONE when s is not a special register; *index receives
 * the number of a numbered family member. */
ptx_sreg ptx_sreg_lookup(const char *s, size_t len, unsigned *index);

#endif /* PTXSIM_FRONTEND_PTX_SREGS_H */
