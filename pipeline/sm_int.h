/* sm_int.h -- what the stage files of one SM share; not for use outside
 * pipeline/.
 *
 * The SM (sm_core.h) is split by responsibility, one file per stage, each
 * talking to the others only through the functions declared here:
 *   sm_core.c    set-up, CTA start, warp slots and barriers, the cycle:
 *                the scheduler hand-off and the stall accounting;
 *   sm_fetch.c   fetch and the instruction buffer;
 *   sm_issue.c   issuing one instruction: the functional step, the
 *                register-file seam (sm_operand.h), the hand-off to the
 *                units below, exits and barriers;
 *   sm_exec.c    execution units (structural hazards, latencies) and
 *                write-back, through dependence tracking (sm_dep.h);
 *   sm_branch.c  branch resolution, fetch redirects, branch predictors
 *                (sm_branch.h);
 *   sm_mem.c     the hand-off of memory instructions to memsys and their
 *                data coming back.
 * What runs for every warp a scheduler tries and every instruction it
 * issues is inline here (each under its stage's heading), so that the
 * per-cycle path costs what it did in one file: the instruction buffer,
 * the unit instances, the LD/ST admission, the fetch advance after issue,
 * and dependence tracking, which calls the per-warp scoreboard directly
 * (dep_per_warp.h) and any other unit through its sm_dep_ops table.  The
 * branch predictor and the register file are called only when the chosen
 * unit has a hook.
 */
#ifndef PTXSIM_PIPELINE_SM_INT_H
#define PTXSIM_PIPELINE_SM_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/simt.h"
#include "memsys/mem_timing.h"
#include "pipeline/dep_per_warp.h"
#include "pipeline/sm_branch.h"
#include "pipeline/sm_core.h"
#include "pipeline/sm_dep.h"
#include "pipeline/sm_operand.h"
#include "pipeline/tm_kernel.h"

static inline uint64_t sm_max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t sm_min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* ---- the core (sm_core.c) ------------------------------------------------ */

static inline void sm_sched_event(sm_core *sm, uint32_t slot, pol_sched_event_kind kind)
{
  pol_sched_event_post(&sm->sched[slot % sm->p->n_schedulers], kind, slot);
}

/* The warp in slot exited and has nothing outstanding: frees the slot, and
 * the CTA when it was its last warp. */
void sm_warp_slot_free(sm_core *sm, uint32_t slot, uint64_t now);

/* All live warps of the CTA in cta_slot wait at barriers: lets the
 * functional core release what completed (warps exited) or report the
 * deadlock, and wakes the released warps.  0, or the launch's status. */
int sm_check_barriers(sm_core *sm, uint32_t cta_slot, uint64_t now) PTX_MUST_CHECK;
/* Wakes the warps of the CTA in cta_slot whose barrier opened. */
void sm_wake_released(sm_core *sm, uint32_t cta_slot, uint64_t now);

/* ---- fetch and the instruction buffer (sm_fetch.c) ----------------------- */

/* Whether the warp's next instruction is in its buffer at now; if not,
 * why (Idle) and when the refill arrives.  A refill that arrived fills
 * the buffer. */
static inline bool sm_fetch_has_insn(const sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why)
{
  if (sw->ibuf_n == 0) {
    if (sw->ibuf_ready > now) {
      *why = (sm_wait){SM_STALL_IDLE, sw->ibuf_ready};
      return false;
    }
    sw->ibuf_n = sm->p->ibuf_entries;
  }
  return true;
}

/* A new warp's first fetch, at now or when the fetch port is free. */
void sm_fetch_start(sm_core *sm, sm_warp *sw, uint64_t now);
/* Empties the buffer and refills it from cycle from on (a redirect). */
void sm_fetch_redirect(sm_core *sm, sm_warp *sw, uint64_t from);
/* The warp issued the next instruction of its buffer at now and goes on
 * sequentially; an empty buffer is refilled from now + 1. */
static inline void sm_fetch_advance(sm_core *sm, sm_warp *sw, uint64_t now)
{
  if (--sw->ibuf_n == 0)
    sm_fetch_redirect(sm, sw, now + 1);
}

/* ---- issue (sm_issue.c) --------------------------------------------------- */

/* Issues the warp in slot's next instruction t at now, after the checks of
 * sm_cycle passed (unit_inst: the instance of its unit it takes, or
 * UINT32_MAX).  0, or the launch's status. */
int sm_issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint32_t unit_inst,
             uint64_t now) PTX_MUST_CHECK;

/* ---- dependence tracking (the unit behind sm_dep.h) ----------------------- */

static inline bool sm_dep_may_issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint64_t now,
                                    sm_wait *why)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    return sm_dep_per_warp_may_issue(sm->dep, slot, t, now, why);
  return sm->dep_ops->may_issue(sm->dep, slot, t, now, why);
}

static inline void sm_dep_reserve(sm_core *sm, uint32_t slot, const sm_dep_issue *is)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    sm_dep_per_warp_reserve(sm->dep, slot, is);
  else
    sm->dep_ops->reserve(sm->dep, slot, is);
}

static inline bool sm_dep_has_pending(const sm_core *sm, uint32_t slot)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    return sm_dep_per_warp_has_pending(sm->dep, slot);
  return sm->dep_ops->has_pending(sm->dep, slot);
}

/* ---- execution units and write-back (sm_exec.c) --------------------------- */

/* Whether an instance of t's unit is free at now: its index in *inst
 * (UINT32_MAX: the unit has no structural limit); if none, why (Pipeline)
 * and when the first one frees. */
static inline bool sm_exec_unit_pick(const sm_core *sm, const tm_insn *t, uint64_t now,
                                     uint32_t *inst, sm_wait *why)
{
  uint32_t n = sm->p->n_units[t->unit];
  if (n == 0) {
    *inst = UINT32_MAX;
    return true;
  }
  uint64_t best = SM_NEVER;
  for (uint32_t i = 0; i < n; i++) {
    if (sm->unit_free[t->unit][i] <= now) {
      *inst = i;
      return true;
    }
    best = sm_min_u64(best, sm->unit_free[t->unit][i]);
  }
  *why = (sm_wait){SM_STALL_PIPELINE, best};
  return false;
}

/* t issued at now with cost c on instance unit_inst of its unit (UINT32_MAX:
 * none): occupies the unit and counts its busy cycles. */
static inline void sm_exec_start(sm_core *sm, const tm_insn *t, uint32_t unit_inst,
                                 const sm_issue_cost *c, uint64_t now)
{
  sm->st.unit_busy[t->unit] += c->interval;
  if (unit_inst != UINT32_MAX)
    sm->unit_free[t->unit][unit_inst] = now + c->interval;
}
/* The result of t (not a memory access with lanes: sm_mem_issue) is
 * written back at a fixed latency: reserves it with dependence tracking. */
void sm_exec_writeback(sm_core *sm, uint32_t slot, const tm_insn *t, const sm_issue_cost *c,
                       uint32_t exec_mask, uint64_t now);

/* ---- branch resolution (sm_branch.c) --------------------------------------- */

/* Asks the SM's predictor about a branch (it has a predict hook). */
bool sm_branch_predict(sm_core *sm, sm_warp *sw, const tm_insn *t, const simt_record *rec,
                       bool is_redirected, uint64_t now);

/* The warp in sw issued t (rec) at now and goes on: redirects its fetch
 * when it went the wrong way (sm_branch.h), else advances its buffer. */
static inline void sm_branch_resolve(sm_core *sm, sm_warp *sw, const tm_insn *t,
                                     const simt_record *rec, uint64_t now)
{
  /* Leaving the function (call, return) is a redirect too. */
  bool is_redirected = rec->next_pc != rec->pc + 1 || sw->w->code != rec->insn->func->insns;
  bool is_fetch_right = !is_redirected; /* no prediction: fetch went on sequentially */
  if (t->kind == TM_KIND_CTRL && sm->bpred_ops->predict)
    is_fetch_right = sm_branch_predict(sm, sw, t, rec, is_redirected, now);
  if (is_fetch_right)
    sm_fetch_advance(sm, sw, now);
  else
    sm_fetch_redirect(sm, sw, now + 1 + sm->p->branch_latency);
}

/* ---- the memory hand-off (sm_mem.c) ---------------------------------------- */

/* Whether the LD/ST pipeline takes a memory instruction from the warp at
 * now; if not, why (Pipeline, until sm_ldst_ready wakes it). */
static inline bool sm_mem_can_issue(sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why)
{
  if (mem_sm_can_issue(sm->mem, sm->id, now))
    return true;
  /* Woken by sm_ldst_ready when the pipeline takes one again. */
  *why = (sm_wait){SM_STALL_PIPELINE, SM_NEVER};
  sm->ldst_waiters |= UINT64_C(1) << sw->slot;
  return false;
}
/* The warp access of in (timing view t) for the lanes in mask, read from
 * the warp's registers before it executes. */
void sm_mem_build_access(const sm_core *sm, const simt_warp *w, const isa_insn *in,
                         const tm_insn *t, uint32_t mask, mem_warp_access *a);
/* Hands the access to memsys; the result is reserved until sm_mem_done. */
void sm_mem_issue(sm_core *sm, sm_warp *sw, const tm_insn *t, const mem_warp_access *acc,
                  uint32_t exec_mask, uint64_t now);

#endif /* PTXSIM_PIPELINE_SM_INT_H */
