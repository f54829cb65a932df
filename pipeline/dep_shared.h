/* dep_shared.h -- what tests may see of the shared scoreboard's state
 * (-ptxsim_scoreboard shared, dep_shared.c); the SM drives it through
 * sm_dep.h only.
 */
#ifndef PTXSIM_PIPELINE_DEP_SHARED_H
#define PTXSIM_PIPELINE_DEP_SHARED_H

#include <stdint.h>

#include "pipeline/sm_dep.h"

/* One warp slot's view of the scoreboard, as of the unit's last call
 * (commits are done lazily, when the unit is asked at a later cycle). */
typedef struct sm_dep_shared_probe {
  uint32_t n_used;         /* entries held, by every warp (and reset slots') */
  uint32_t n_warp;         /* entries the slot's warp holds */
  uint64_t n_allocated;    /* entries the slot's warp was given, ever */
  uint64_t n_committed;    /* of which committed: always in allocation order */
  uint64_t order_errors;   /* commits out of a warp's allocation order (0) */
  uint64_t clock;          /* the cycle the occupancy histogram counted to */
} sm_dep_shared_probe;

void sm_dep_shared_get_probe(const void *self, uint32_t slot, sm_dep_shared_probe *out);

#endif /* PTXSIM_PIPELINE_DEP_SHARED_H */
