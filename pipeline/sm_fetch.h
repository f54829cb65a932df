/* sm_fetch.h -- fetch and the instruction buffer of one SM: a stage of
 * the SM (sm_int.h) that is all inline, since each part runs for every
 * warp a scheduler tries (is the next instruction there?) or for every
 * issued instruction (advance, or redirect after a branch).
 *
 * Each warp has a buffer of ibuf_entries decoded instructions (only their
 * count is modelled: the functional core knows which they are).  The SM
 * has one fetch port, which starts one warp's refill per cycle; a refill
 * arrives fetch_latency cycles after it starts and fills the buffer.  A
 * buffer is refilled when it runs dry and when a redirect (the branch
 * unit, sm_branch.h) empties it.
 */
#ifndef PTXSIM_PIPELINE_SM_FETCH_H
#define PTXSIM_PIPELINE_SM_FETCH_H

#include <stdbool.h>
#include <stdint.h>

#include "pipeline/sm_core.h"

/* The branch unit (sm_branch_unit.c): the warp's buffer is empty, its refill
 * has not arrived, and its fetch went down the wrong path of a
 * mispredicted branch (sm->slot[slot].fetch_wait SM_CAUSE_COUNT).  Issues the next
 * wrong-path instruction at now, nullified, if it may (why: {SM_CAUSE_COUNT,
 * SM_NEVER}, see sm_cause_class), else says why not (Control). */
void sm_branch_wrong_path(sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why);

/* Whether the warp's next instruction is in its buffer at now; if not,
 * why (Idle) and when the refill arrives.  A refill that arrived fills
 * the buffer.  The wrong path of a mispredicted branch is looked for only
 * here, where the wait's cause is read anyway. */
static inline bool sm_fetch_has_insn(sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why)
{
  uint32_t slot = sw->slot;
  if (sm->slot[slot].ibuf_ready > now) { /* the buffer is empty (sm_core.h) */
    if (PTX_UNLIKELY(sm->slot[slot].fetch_wait == SM_CAUSE_COUNT))
      sm_branch_wrong_path(sm, sw, now, why);
    else
      *why = (sm_wait){(sm_cause)sm->slot[slot].fetch_wait, sm->slot[slot].ibuf_ready};
    return false;
  }
  if (sw->ibuf_n == 0)
    sw->ibuf_n = sm->p->ibuf_entries;
  return true;
}

/* Empties the buffer and starts its refill at cycle from, or when the
 * fetch port is free (a redirect after a control transfer: is_control; or
 * a buffer that ran dry). */
static inline void sm_fetch_redirect(sm_core *sm, sm_warp *sw, uint64_t from, bool is_control)
{
  sm->slot[sw->slot].fetch_wait = is_control ? SM_CAUSE_CONTROL : SM_CAUSE_FETCH;
  uint64_t start = from > sm->fetch_free ? from : sm->fetch_free;
  sm->fetch_free = start + 1;
  sw->ibuf_n = 0;
  sm->slot[sw->slot].ibuf_ready = start + sm->p->fetch_latency;
}

/* A new warp's first fetch, at now or when the fetch port is free: it goes
 * through the fetch port like any other. */
static inline void sm_fetch_start(sm_core *sm, sm_warp *sw, uint64_t now)
{
  sm_fetch_redirect(sm, sw, now, false);
  sm_set_not_before(sm, sw->slot, sm->slot[sw->slot].ibuf_ready);
  sm->slot[sw->slot].wait_cause = SM_CAUSE_FETCH;
}

/* The warp issued the next instruction of its buffer at now and goes on
 * sequentially; an empty buffer is refilled from now + 1. */
static inline void sm_fetch_advance(sm_core *sm, sm_warp *sw, uint64_t now)
{
  if (--sw->ibuf_n == 0)
    sm_fetch_redirect(sm, sw, now + 1, false);
}

#endif /* PTXSIM_PIPELINE_SM_FETCH_H */
