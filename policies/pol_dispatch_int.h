/* pol_dispatch_int.h -- what the CTA dispatchers share with the registry
 * (policies/pol_registry.c); not for use outside policies/.
 *
 * Each dispatcher is one file defining one pol_dispatch_ops; the table in
 * pol_registry.c lists them.  Adding one: a file, a declaration here, a
 * line in that table.
 */
#ifndef PTXSIM_POLICIES_POL_DISPATCH_INT_H
#define PTXSIM_POLICIES_POL_DISPATCH_INT_H

#include "policies/pol_dispatch.h"

extern const pol_dispatch_ops pol_dispatch_tb_ops;

#endif /* PTXSIM_POLICIES_POL_DISPATCH_INT_H */
