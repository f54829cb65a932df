/* dep_per_warp.c -- dependence tracking with one scoreboard per warp
 * (-ptxsim_scoreboard per_warp; the interface is sm_dep.h).
 *
 * Each warp has a list of pending register writes (the register, the cycle
 * it can be read, or the memory instruction it waits for) and a list of
 * its instructions in flight (the cycle each leaves the pipeline).  An
 * instruction may issue when no register it writes or reads has a write
 * pending (so WAW waits as RAW does; WAR cannot happen in order), when the
 * warp has fewer than max_inflight instructions in flight (0: no limit;
 * 1 is 002b's baseline, one instruction per warp until its write-back),
 * and when the lists have room; a drain (membar, fence, cp.async.wait_*)
 * waits until the warp has nothing in flight.  There is no bypass: a
 * result is read from its write-back cycle on (reserve()'s forward cycle
 * is not used).
 *
 * Entries that have landed are dropped lazily, when a warp is asked about
 * at or after the earliest known landing (next_retire), so a warp that
 * waits costs nothing per cycle.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_dep.h"

enum {
  PW_SB_ENTRIES = 32,    /* pending register writes per warp */
  PW_MAX_INFLIGHT = 32,  /* tracked in-flight instructions per warp */
  /* An instruction writing more registers than this (matrix instructions)
   * takes one entry that stands for every register: later instructions
   * then wait for all of it. */
  PW_WIDE_DEFS = PW_SB_ENTRIES / 4
};
/* The register of an entry that every register waits for. */
#define PW_ANY_REG UINT32_MAX

typedef struct pw_pending {
  uint32_t reg;
  uint32_t mem_id;            /* memory instruction it waits for */
  uint64_t ready;             /* cycle it can be read; SM_NEVER: memory */
} pw_pending;

typedef struct pw_warp {
  uint32_t n_pending;
  uint32_t n_inflight;
  uint64_t next_retire;       /* earliest ready cycle among pending and
                                 in-flight entries (SM_NEVER: none known) */
  pw_pending pending[PW_SB_ENTRIES];
  uint64_t inflight_done[PW_MAX_INFLIGHT]; /* SM_NEVER: memory */
  uint32_t inflight_mem[PW_MAX_INFLIGHT];  /* mem_id of memory entries */
} pw_warp;

typedef struct per_warp {
  uint32_t max_inflight;      /* 0: no limit */
  uint32_t n_slots;
  pw_warp warps[];
} per_warp;

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

static void *pw_create(const sm_params *p)
{
  per_warp *s = calloc(1, sizeof *s + p->n_warp_slots * sizeof s->warps[0]);
  if (!s)
    return NULL;
  s->max_inflight = p->max_inflight;
  s->n_slots = p->n_warp_slots;
  return s;
}

static void pw_destroy(void *self)
{
  free(self);
}

static void pw_warp_reset(void *self, uint32_t slot)
{
  per_warp *s = self;
  memset(&s->warps[slot], 0, sizeof s->warps[slot]);
}

/* Drops pending writes and in-flight entries that have landed (only when
 * one can have: next_retire is the earliest known landing). */
static void retire(pw_warp *w, uint64_t now)
{
  if (now < w->next_retire)
    return;
  uint64_t next = SM_NEVER;
  uint32_t n = 0;
  for (uint32_t i = 0; i < w->n_pending; i++)
    if (w->pending[i].ready > now) {
      next = min_u64(next, w->pending[i].ready);
      w->pending[n++] = w->pending[i];
    }
  w->n_pending = n;
  n = 0;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    if (w->inflight_done[i] > now) {
      next = min_u64(next, w->inflight_done[i]);
      w->inflight_done[n] = w->inflight_done[i];
      w->inflight_mem[n] = w->inflight_mem[i];
      n++;
    }
  w->n_inflight = n;
  w->next_retire = next;
}

/* Entries an instruction takes: one per register written, or one standing
 * for every register. */
static inline uint32_t pending_entries(const tm_insn *t)
{
  return t->n_defs > PW_WIDE_DEFS ? 1 : t->n_defs;
}

/* The cycle at which every register of t is free (now or earlier: free
 * now; SM_NEVER: waits for memory). */
static uint64_t regs_ready(const pw_warp *w, const tm_insn *t)
{
  uint64_t ready = 0;
  uint32_t n = (uint32_t)t->n_defs + t->n_uses;
  for (uint32_t i = 0; i < w->n_pending; i++)
    for (uint32_t j = 0; j < n; j++)
      if (w->pending[i].reg == t->regs[j] || w->pending[i].reg == PW_ANY_REG) {
        ready = max_u64(ready, w->pending[i].ready);
        break;
      }
  return ready;
}

static uint64_t inflight_all_done(const pw_warp *w)
{
  uint64_t d = 0;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    d = max_u64(d, w->inflight_done[i]);
  return d;
}

static uint64_t inflight_first_done(const pw_warp *w)
{
  uint64_t d = SM_NEVER;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    d = min_u64(d, w->inflight_done[i]);
  return d;
}

static bool pw_may_issue(void *self, uint32_t slot, const tm_insn *t, uint64_t now,
                         sm_wait *why)
{
  per_warp *s = self;
  pw_warp *w = &s->warps[slot];
  retire(w, now);
  if (t->is_drain && w->n_inflight) {
    *why = (sm_wait){SM_STALL_SCOREBOARD, inflight_all_done(w)};
    return false;
  }
  if (s->max_inflight && w->n_inflight >= s->max_inflight) {
    *why = (sm_wait){SM_STALL_SCOREBOARD, inflight_first_done(w)};
    return false;
  }
  if (w->n_inflight >= PW_MAX_INFLIGHT || w->n_pending + pending_entries(t) > PW_SB_ENTRIES) {
    *why = (sm_wait){SM_STALL_SCOREBOARD, inflight_first_done(w)};
    return false;
  }
  uint64_t r = regs_ready(w, t);
  if (r > now) {
    *why = (sm_wait){SM_STALL_SCOREBOARD, r};
    return false;
  }
  return true;
}

static void pw_reserve(void *self, uint32_t slot, const sm_dep_issue *is)
{
  per_warp *s = self;
  pw_warp *w = &s->warps[slot];
  const tm_insn *t = is->t;
  uint64_t ready = is->writeback;
  if (t->n_defs > PW_WIDE_DEFS)
    w->pending[w->n_pending++] = (pw_pending){.reg = PW_ANY_REG, .mem_id = is->mem_id,
                                              .ready = ready};
  else
    for (uint32_t i = 0; i < t->n_defs; i++)
      w->pending[w->n_pending++] = (pw_pending){.reg = t->regs[i], .mem_id = is->mem_id,
                                                .ready = ready};
  w->next_retire = min_u64(w->next_retire, ready);
  w->inflight_done[w->n_inflight] = ready;
  w->inflight_mem[w->n_inflight] = is->mem_id;
  w->n_inflight++;
}

static uint64_t pw_release(void *self, uint32_t slot, uint32_t mem_id, uint64_t cycle)
{
  per_warp *s = self;
  pw_warp *w = &s->warps[slot];
  for (uint32_t i = 0; i < w->n_pending; i++)
    if (w->pending[i].ready == SM_NEVER && w->pending[i].mem_id == mem_id)
      w->pending[i].ready = cycle;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    if (w->inflight_done[i] == SM_NEVER && w->inflight_mem[i] == mem_id)
      w->inflight_done[i] = cycle;
  w->next_retire = min_u64(w->next_retire, cycle);
  return 0; /* only slot's own instructions wait on it */
}

static bool pw_has_pending(const void *self, uint32_t slot)
{
  const per_warp *s = self;
  return s->warps[slot].n_pending > 0;
}

const sm_dep_ops sm_dep_per_warp_ops = {
  .name = "per_warp",
  .doc = "a scoreboard of pending register writes per warp (no bypass)",
  .create = pw_create,
  .destroy = pw_destroy,
  .warp_reset = pw_warp_reset,
  .may_issue = pw_may_issue,
  .reserve = pw_reserve,
  .release = pw_release,
  .has_pending = pw_has_pending,
};
