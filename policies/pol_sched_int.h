/* pol_sched_int.h -- what the warp scheduler policies share with the
 * registry (policies/pol_registry.c); not for use outside policies/.
 *
 * Each policy is one file defining one pol_sched_ops; the table in
 * pol_registry.c lists them.  Adding a policy: a file, a declaration here,
 * a line in that table.
 */
#ifndef PTXSIM_POLICIES_POL_SCHED_INT_H
#define PTXSIM_POLICIES_POL_SCHED_INT_H

#include "policies/pol_sched.h"

extern const pol_sched_ops pol_sched_lrr_ops;
extern const pol_sched_ops pol_sched_gto_ops;
extern const pol_sched_ops pol_sched_two_level_ops;

#endif /* PTXSIM_POLICIES_POL_SCHED_INT_H */
