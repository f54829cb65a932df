/* sm_fetch.c -- fetch and the instruction buffer of one SM.
 *
 * Each warp has a buffer of ibuf_entries decoded instructions (only their
 * count is modelled: the functional core knows which they are).  The SM
 * has one fetch port, which starts one warp's refill per cycle; a refill
 * arrives fetch_latency cycles after it starts and fills the buffer.  A
 * buffer is refilled when it runs dry and when a redirect (sm_branch.c)
 * empties it.  Whether the next instruction is there (sm_fetch_has_insn)
 * and the advance after an issue (sm_fetch_advance) are inline in
 * sm_int.h: they run for every warp a scheduler tries and every issue.
 */
#include "config.h"

#include "pipeline/sm_int.h"

/* Starts a refill at from, or when the fetch port is free. */
static void refill(sm_core *sm, sm_warp *sw, uint64_t from)
{
  uint64_t start = sm_max_u64(from, sm->fetch_free);
  sm->fetch_free = start + 1;
  sw->ibuf_n = 0;
  sw->ibuf_ready = start + sm->p->fetch_latency;
}

void sm_fetch_start(sm_core *sm, sm_warp *sw, uint64_t now)
{
  /* The first fetch goes through the fetch port like any other. */
  refill(sm, sw, now);
  sm->not_before[sw->slot] = sw->ibuf_ready;
}

void sm_fetch_redirect(sm_core *sm, sm_warp *sw, uint64_t from)
{
  refill(sm, sw, from);
}
