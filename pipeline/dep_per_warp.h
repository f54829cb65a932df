/* dep_per_warp.h -- the per-warp scoreboard (-ptxsim_scoreboard per_warp,
 * dep_per_warp.c): its state and the paths the issue stage takes for every
 * warp it tries and every instruction it issues.
 *
 * They are inline here so that the default scoreboard costs what it did
 * when it was part of sm_core.c: sm_int.h calls them directly when an SM
 * runs this unit and goes through the sm_dep_ops table otherwise.  Only
 * sm_int.h and dep_per_warp.c include this file; everything else sees the
 * unit through sm_dep.h.
 */
#ifndef PTXSIM_PIPELINE_DEP_PER_WARP_H
#define PTXSIM_PIPELINE_DEP_PER_WARP_H

#include <stdbool.h>
#include <stdint.h>

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

/* 16 bytes, as before the bypass: the scans below read every entry. */
typedef struct pw_pending {
  uint32_t reg;
  uint16_t mem_id;            /* memory instruction it waits for (ids are
                                 16 bits, sm_mem.c) */
  uint16_t wb_after;          /* write-back - ready: how long the entry
                                 outlives the cycle it can be read from
                                 (the bypass; 0 without one, and memory) */
  uint64_t ready;             /* cycle it can be read (through the bypass
                                 when there is one); SM_NEVER: memory */
} pw_pending;
_Static_assert(sizeof(pw_pending) == 16, "pw_pending stays 16 bytes");

/* An instruction in flight: 16 bytes. */
typedef struct pw_inflight {
  uint64_t done;              /* SM_NEVER: memory */
  uint32_t mem;               /* mem_id of memory entries */
} pw_inflight;

/* Entry i of both lists, side by side: a warp's first entries of each
 * are in the line of its counts. */
typedef struct pw_entry {
  pw_pending pending;
  pw_inflight inflight;
} pw_entry;
_Static_assert(PW_SB_ENTRIES == PW_MAX_INFLIGHT, "the two lists share their entries");

/* Each warp starts a cache line; what a try reads of a warp with an entry
 * or none in each list (the usual case: a warp tries again long after its
 * last instruction) is in that line. */
typedef struct pw_warp {
  _Alignas(64) uint64_t next_retire; /* earliest ready cycle among pending
                                        and in-flight entries (SM_NEVER:
                                        none known) */
  uint32_t n_pending;
  uint32_t n_inflight;
  pw_entry e[PW_SB_ENTRIES];  /* pending writes e[0..n_pending), in-flight
                                 instructions e[0..n_inflight) */
} pw_warp;

typedef struct sm_dep_per_warp {
  uint32_t max_inflight;      /* 0: no limit */
  sm_ilp_stats *ilp;          /* bypass counters; NULL: no bypass */
  uint32_t n_slots;
  pw_warp warps[];            /* 64-byte aligned (pw_create) */
} sm_dep_per_warp;

static inline uint64_t pw_max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t pw_min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* Drops pending writes and in-flight entries that have landed (only when
 * one can have: next_retire is the earliest known landing). */
static inline void pw_retire(pw_warp *w, uint64_t now)
{
  if (now < w->next_retire)
    return;
  uint64_t next = SM_NEVER;
  uint32_t n = 0;
  for (uint32_t i = 0; i < w->n_pending; i++)
    if (w->e[i].pending.ready + w->e[i].pending.wb_after > now) {
      next = pw_min_u64(next, w->e[i].pending.ready + w->e[i].pending.wb_after);
      w->e[n++].pending = w->e[i].pending;
    }
  w->n_pending = n;
  n = 0;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    if (w->e[i].inflight.done > now) {
      next = pw_min_u64(next, w->e[i].inflight.done);
      w->e[n++].inflight = w->e[i].inflight;
    }
  w->n_inflight = n;
  w->next_retire = next;
}

/* Entries an instruction takes: one per register written, or one standing
 * for every register. */
static inline uint32_t pw_entries(const tm_insn *t)
{
  return t->n_defs > PW_WIDE_DEFS ? 1 : t->n_defs;
}

/* The cycle at which every register of t is free (now or earlier: free
 * now; SM_NEVER: waits for memory). */
static inline uint64_t pw_regs_ready(const pw_warp *w, const tm_insn *t)
{
  uint64_t ready = 0;
  uint32_t n = (uint32_t)t->n_defs + t->n_uses;
  for (uint32_t i = 0; i < w->n_pending; i++)
    for (uint32_t j = 0; j < n; j++)
      if (w->e[i].pending.reg == t->regs[j] || w->e[i].pending.reg == PW_ANY_REG) {
        ready = pw_max_u64(ready, w->e[i].pending.ready);
        break;
      }
  return ready;
}

static inline uint64_t pw_inflight_all_done(const pw_warp *w)
{
  uint64_t d = 0;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    d = pw_max_u64(d, w->e[i].inflight.done);
  return d;
}

static inline uint64_t pw_inflight_first_done(const pw_warp *w)
{
  uint64_t d = SM_NEVER;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    d = pw_min_u64(d, w->e[i].inflight.done);
  return d;
}

/* A wait until cycle retry: on memory when only memory can end it. */
static inline sm_wait pw_wait(uint64_t retry)
{
  return (sm_wait){retry == SM_NEVER ? SM_CAUSE_RAW_MEM : SM_CAUSE_RAW_ALU, retry};
}

/* may_issue(); max_inflight is s->max_inflight, passed by the SM from its
 * parameters so that a try does not read the unit's own header line. */
static inline bool sm_dep_per_warp_may_issue(sm_dep_per_warp *s, uint32_t max_inflight,
                                             uint32_t slot, const tm_insn *t, uint64_t now,
                                             sm_wait *why)
{
  pw_warp *w = &s->warps[slot];
  pw_retire(w, now);
  if (t->is_drain && w->n_inflight) {
    *why = pw_wait(pw_inflight_all_done(w));
    return false;
  }
  if (max_inflight && w->n_inflight >= max_inflight) {
    *why = pw_wait(pw_inflight_first_done(w));
    return false;
  }
  if (w->n_inflight >= PW_MAX_INFLIGHT || w->n_pending + pw_entries(t) > PW_SB_ENTRIES) {
    *why = pw_wait(pw_inflight_first_done(w));
    return false;
  }
  uint64_t r = pw_regs_ready(w, t);
  if (r > now) {
    *why = pw_wait(r);
    return false;
  }
  return true;
}

/* Counts the registers t reads at now through the bypass: written by an
 * earlier instruction that reached its bypass stage but not write-back. */
void sm_dep_per_warp_count_bypass(sm_dep_per_warp *s, const pw_warp *w, const tm_insn *t,
                                  uint64_t now);

/* reserve() with the fields of sm_dep_issue it reads: the instruction,
 * its issue, forward and write-back cycles and memory id.  Its results
 * can be read, and its warp's in-flight slot is free, from the forward
 * cycle (the bypass stage: 002b §A.2's ready bit; = write-back without a
 * bypass); its entries free at write-back. */
static inline void sm_dep_per_warp_reserve(sm_dep_per_warp *s, bool is_bypass, uint32_t slot,
                                           const tm_insn *t, uint64_t now, uint64_t ready,
                                           uint64_t wb, uint32_t mem_id)
{
  pw_warp *w = &s->warps[slot];
  /* is_bypass (the SM's parameter) first: without a bypass the unit's
   * header line is not read. */
  if (PTX_UNLIKELY(is_bypass) && s->ilp != NULL)
    sm_dep_per_warp_count_bypass(s, w, t, now);
  /* In locals: the stores below could alias the counts for the compiler.
   * The bypass shortens a latency of at most TM_LATENCY_MAX (16 bits). */
  uint32_t n_defs = t->n_defs, n = w->n_pending;
  uint16_t wb_after = (uint16_t)(wb - ready), id = (uint16_t)mem_id;
  if (n_defs > PW_WIDE_DEFS)
    w->e[n++].pending =
        (pw_pending){.reg = PW_ANY_REG, .mem_id = id, .wb_after = wb_after, .ready = ready};
  else
    for (uint32_t i = 0; i < n_defs; i++)
      w->e[n++].pending =
          (pw_pending){.reg = t->regs[i], .mem_id = id, .wb_after = wb_after, .ready = ready};
  w->n_pending = n;
  w->next_retire = pw_min_u64(w->next_retire, ready);
  w->e[w->n_inflight++].inflight = (pw_inflight){.done = ready, .mem = mem_id};
}

/* release(): the data of memory instruction mem_id arrived at cycle. */
static inline uint64_t sm_dep_per_warp_release(sm_dep_per_warp *s, uint32_t slot, uint32_t mem_id,
                                               uint64_t cycle)
{
  pw_warp *w = &s->warps[slot];
  for (uint32_t i = 0; i < w->n_pending; i++)
    if (w->e[i].pending.ready == SM_NEVER && w->e[i].pending.mem_id == mem_id)
      w->e[i].pending.ready = cycle;
  for (uint32_t i = 0; i < w->n_inflight; i++)
    if (w->e[i].inflight.done == SM_NEVER && w->e[i].inflight.mem == mem_id)
      w->e[i].inflight.done = cycle;
  w->next_retire = pw_min_u64(w->next_retire, cycle);
  return 0; /* only slot's own instructions wait on it */
}

static inline bool sm_dep_per_warp_has_pending(const sm_dep_per_warp *s, uint32_t slot)
{
  return s->warps[slot].n_pending > 0;
}

#endif /* PTXSIM_PIPELINE_DEP_PER_WARP_H */
