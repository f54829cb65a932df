/* sm_registry.h -- the SM's units chosen by name: what the registries of
 * its seams (sm_dep.c, sm_branch.c, sm_operand.c) share, and how the
 * configuration checks a name (tm_config.c).
 *
 * Each seam keeps one const table of its units (STYLE §6); a new unit is
 * a file of its own plus one line in its seam's table.  Lookups happen
 * when a configuration is read and when a launch sets up its SMs, never
 * per cycle.
 */
#ifndef PTXSIM_PIPELINE_SM_REGISTRY_H
#define PTXSIM_PIPELINE_SM_REGISTRY_H

#include <stddef.h>

/* The seams whose unit the configuration names (the arg of tm_options.def's
 * SEAM rows), with what a message calls each. */
#define SM_SEAMS(X)                                         \
  X(SCOREBOARD, "scoreboard")             /* sm_dep.h */     \
  X(BRANCH_PREDICTOR, "branch predictor") /* sm_branch.h */  \
  X(REGISTER_FILE, "register file")       /* sm_operand.h */

typedef enum sm_seam {
#define X(id, what) SM_SEAM_##id,
  SM_SEAMS(X)
#undef X
  SM_SEAM_COUNT
} sm_seam;

/* A registry's i-th name, NULL past the end. */
typedef const char *(*sm_registry_name_fn)(size_t i);

/* The index of name in the registry name_at walks, or -1 with
 * "unknown <what> 'name' (valid: a, b)" in err (err may be NULL). */
long sm_registry_index(sm_registry_name_fn name_at, const char *what, const char *name,
                       char *err, size_t errlen);

/* Whether name is a unit of seam (an sm_seam): 0, or -1 with the message
 * of sm_registry_index in err. */
int sm_seam_check(unsigned seam, const char *name, char *err, size_t errlen);

#endif /* PTXSIM_PIPELINE_SM_REGISTRY_H */
