/* dep_per_warp.c -- dependence tracking with one scoreboard per warp
 * (-ptxsim_scoreboard per_warp; the interface is sm_dep.h, the state and
 * the hot paths are in dep_per_warp.h).
 *
 * Each warp has a list of pending register writes (the register, the cycle
 * it can be read, or the memory instruction it waits for) and a list of
 * its instructions in flight (the cycle each leaves the pipeline).  An
 * instruction may issue when no register it writes or reads has a write
 * pending (so WAW waits as RAW does; WAR cannot happen in order), when the
 * warp has fewer than max_inflight instructions in flight (0: no limit;
 * 1 is 002b's baseline, one instruction per warp until its write-back),
 * and when the lists have room; a drain (membar, fence, cp.async.wait_*)
 * waits until the warp has nothing in flight.  A result can be read, and
 * its instruction stops counting as in flight, from reserve()'s forward
 * cycle: its write-back, or earlier through the bypass (-ptxsim_bypass 1,
 * 002b §A.2: the warp's ready bit is set at the bypass stage); its entry
 * stays until write-back, so that a read before it counts as a bypass use.
 *
 * Entries that have landed are dropped lazily, when a warp is asked about
 * at or after the earliest known landing (next_retire), so a warp that
 * waits costs nothing per cycle.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/dep_per_warp.h"

static void *pw_create(const sm_params *p, const tm_kernel *k, sm_stats *st)
{
  (void)k; /* registers are compared, never indexed */
  /* A multiple of the alignment, as aligned_alloc wants (pw_warp is). */
  size_t size = sizeof(sm_dep_per_warp) + p->n_warp_slots * sizeof(pw_warp);
  sm_dep_per_warp *s = aligned_alloc(_Alignof(sm_dep_per_warp), size);
  if (!s)
    return NULL;
  memset(s, 0, size);
  s->max_inflight = p->max_inflight;
  s->ilp = p->is_bypass && st ? &st->ilp : NULL;
  s->n_slots = p->n_warp_slots;
  return s;
}

static void pw_destroy(void *self)
{
  free(self);
}

static void pw_warp_reset(void *self, uint32_t slot)
{
  sm_dep_per_warp *s = self;
  memset(&s->warps[slot], 0, sizeof s->warps[slot]);
}

static bool pw_may_issue(void *self, uint32_t slot, const tm_insn *t, uint32_t exec_mask,
                         uint64_t now, sm_wait *why)
{
  (void)exec_mask; /* registers are whole: lanes do not matter */
  sm_dep_per_warp *s = self;
  return sm_dep_per_warp_may_issue(s, s->max_inflight, slot, t, now, why);
}

static void pw_reserve(void *self, uint32_t slot, const sm_dep_issue *is)
{
  sm_dep_per_warp *s = self;
  sm_dep_per_warp_reserve(s, s->ilp != NULL, slot, is->t, is->now, is->forward, is->writeback,
                          is->mem_id);
}

void sm_dep_per_warp_count_bypass(sm_dep_per_warp *s, const pw_warp *w, const tm_insn *t,
                                  uint64_t now)
{
  const uint32_t *uses = t->regs + t->n_defs;
  uint64_t latest_wb = 0;
  for (uint32_t i = 0; i < w->n_pending; i++) {
    const pw_pending *e = &w->e[i].pending;
    if (e->ready > now || e->ready + e->wb_after <= now)
      continue;
    for (uint32_t j = 0; j < t->n_uses; j++)
      if (e->reg == uses[j] || e->reg == PW_ANY_REG) {
        latest_wb = pw_max_u64(latest_wb, e->ready + e->wb_after);
        break;
      }
  }
  if (latest_wb) {
    s->ilp->bypass_uses++;
    s->ilp->bypass_cycles_saved += latest_wb - now;
  }
}

static uint64_t pw_release(void *self, uint32_t slot, uint32_t mem_id, uint64_t cycle)
{
  return sm_dep_per_warp_release(self, slot, mem_id, cycle);
}

static bool pw_has_pending(const void *self, uint32_t slot)
{
  return sm_dep_per_warp_has_pending(self, slot);
}

const sm_dep_ops sm_dep_per_warp_ops = {
  .name = "per_warp",
  .doc = "a scoreboard of pending register writes per warp",
  .create = pw_create,
  .destroy = pw_destroy,
  .warp_reset = pw_warp_reset,
  .may_issue = pw_may_issue,
  .reserve = pw_reserve,
  .release = pw_release,
  .has_pending = pw_has_pending,
};
