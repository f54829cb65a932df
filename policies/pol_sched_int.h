/* pol_sched_int.h -- what the warp scheduler policies share with the
 * registry (policies/pol_sched.c); not for use outside policies/.
 *
 * Each policy is one file defining one pol_sched_ops; the registry lists
 * them.  Adding a policy: a file, a declaration here, a registry line.
 */
#ifndef PTXSIM_POLICIES_POL_SCHED_INT_H
#define PTXSIM_POLICIES_POL_SCHED_INT_H

#include "policies/pol_sched.h"

extern const pol_sched_ops pol_sched_lrr_ops;
extern const pol_sched_ops pol_sched_gto_ops;
extern const pol_sched_ops pol_sched_two_level_ops;

/* Parses a decimal uint32 from *s up to a ':' or the end; advances *s past
 * it (and past the ':').  Returns 0, or -1 when there is no number or it
 * overflows. */
int pol_parse_u32_field(const char **s, uint32_t *out);

#endif /* PTXSIM_POLICIES_POL_SCHED_INT_H */
