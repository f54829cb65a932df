/* sm_int.h -- what the stages of one SM share; not for use outside
 * pipeline/.
 *
 * The SM (sm_core.h) is split by responsibility, one file per stage, each
 * talking to the others only through the functions declared here:
 *   sm_core.c    set-up, CTA start, warp slots and barriers, and the
 *                cycle: the scheduler hand-off, the issue of one
 *                instruction (the functional step, the register-file seam
 *                sm_operand.h, the hand-off to the stages below) and the
 *                stall accounting;
 *   sm_fetch.h   fetch and the instruction buffer;
 *   sm_dep.h     dependence tracking, a unit chosen by name (dep_*.c);
 *   sm_exec.h    execution units (structural hazards, latencies) and
 *                write-back;
 *   sm_branch.h  the branch unit: resolution (below), fetch redirects, the
 *                predictors (sm_branch.c: the registry; sm_branch_unit.c);
 *   sm_mem.c     the hand-off of memory instructions to memsys and their
 *                data coming back.
 * What runs for every warp a scheduler tries or every instruction it
 * issues is inline, so that the per-cycle path costs what it did when the
 * SM was one file: fetch and the execution stage are headers of inline
 * functions; the LD/ST admission and the branch resolution are inline
 * here; dependence tracking calls the per-warp scoreboard directly
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
#include "pipeline/sm_fetch.h"
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
  pol_sched_event_post(&sm->sched[sm->slot[slot].sched], kind, slot);
}

/* The warp in slot exited and has nothing outstanding: frees the slot, and
 * the CTA when it was its last warp. */
void sm_warp_slot_free(sm_core *sm, uint32_t slot, uint64_t now);

/* ---- preemption (preempt_ctl.c) -------------------------------------------- */

/* The warp in sw may stop before t (t->preempt is not 0): whether it may
 * issue t at now.  A stopping SM parks the warp (why: until the
 * controller resumes it); a preemption point's pp first takes the
 * scheduler's issue slot once. */
bool sm_preempt_may_issue(sm_core *sm, sm_warp *sw, const tm_insn *t, uint64_t now,
                          sm_wait *why);

/* ---- dependence tracking (the unit behind sm_dep.h) ----------------------- */

/* may_issue() of a unit other than the per-warp scoreboard, told which
 * lanes will execute t (the functional warp's mask and t's guard): out of
 * line, so that the per-warp path compiles as it did alone (sm_core.c). */
bool sm_dep_may_issue_ops(sm_core *sm, uint32_t slot, const tm_insn *t, uint64_t now,
                          sm_wait *why);

static inline bool sm_dep_may_issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint64_t now,
                                    sm_wait *why)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    return sm_dep_per_warp_may_issue(sm->dep, sm->p->max_inflight, slot, t, now, why);
  return sm_dep_may_issue_ops(sm, slot, t, now, why);
}

/* reserve() of slot's instruction t (sm_dep_issue's fields), built only
 * for a unit other than the per-warp scoreboard. */
static inline void sm_dep_reserve(sm_core *sm, uint32_t slot, const tm_insn *t,
                                  uint32_t exec_mask, uint64_t now, uint64_t forward,
                                  uint64_t writeback, uint32_t mem_id)
{
  if (PTX_LIKELY(sm->is_dep_per_warp)) {
    sm_dep_per_warp_reserve(sm->dep, sm->p->is_bypass, slot, t, now, forward, writeback, mem_id);
    return;
  }
  sm_dep_issue is = {.t = t, .exec_mask = exec_mask, .now = now, .forward = forward,
                     .writeback = writeback, .mem_id = mem_id};
  sm->dep_ops->reserve(sm->dep, slot, &is);
}

static inline uint64_t sm_dep_release(sm_core *sm, uint32_t slot, uint32_t mem_id, uint64_t cycle)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    return sm_dep_per_warp_release(sm->dep, slot, mem_id, cycle);
  return sm->dep_ops->release(sm->dep, slot, mem_id, cycle);
}

static inline bool sm_dep_has_pending(const sm_core *sm, uint32_t slot)
{
  if (PTX_LIKELY(sm->is_dep_per_warp))
    return sm_dep_per_warp_has_pending(sm->dep, slot);
  return sm->dep_ops->has_pending(sm->dep, slot);
}

/* ---- branch resolution (sm_branch_unit.c) ----------------------------------- */

/* The warp in sw issued the branch rec at now, and the SM has a predictor
 * (a predict hook): classifies and counts the branch, asks the predictor
 * about a conditional one, then advances or redirects fetch as
 * sm_branch_resolve does, starting the wrong path of a misprediction
 * (sm_branch.h). */
void sm_branch_predict(sm_core *sm, sm_warp *sw, const simt_record *rec, bool is_redirected,
                       uint64_t now);

/* The warp in sw issued t (rec) at now and goes on: redirects its fetch
 * when it went the wrong way (sm_branch.h), else advances its buffer.
 * Without prediction fetch went on sequentially. */
static inline void sm_branch_resolve(sm_core *sm, sm_warp *sw, const tm_insn *t,
                                     const simt_record *rec, uint64_t now)
{
  /* Leaving the function (call, return) is a redirect too.  The
   * instruction ran at rec->pc of its function's code (rec->insn - pc,
   * that is its func->insns, without the loads). */
  bool is_redirected = rec->next_pc != rec->pc + 1 || sw->w->code != rec->insn - rec->pc;
  if (t->kind == TM_KIND_CTRL && sm->bpred_ops->predict) {
    sm_branch_predict(sm, sw, rec, is_redirected, now);
    return;
  }
  if (!is_redirected)
    sm_fetch_advance(sm, sw, now);
  else
    sm_fetch_redirect(sm, sw, now + sm->p->resolve_cycles + sm->p->branch_latency, true);
}

/* ---- the memory hand-off (sm_mem.c) ---------------------------------------- */

/* Whether the LD/ST pipeline takes a memory instruction from the warp at
 * now; if not, why (Structural, until sm_ldst_ready wakes it). */
static inline bool sm_mem_can_issue(sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why)
{
  if (mem_sm_can_issue(sm->mem, sm->id, now))
    return true;
  /* Woken by sm_ldst_ready when the pipeline takes one again. */
  *why = (sm_wait){SM_CAUSE_STRUCTURAL, SM_NEVER};
  sm->ldst_waiters |= UINT64_C(1) << sw->slot;
  return false;
}

/* Hands the memory instruction rec describes (some lane accessed memory:
 * rec->space_mask != 0) to memsys, one part per state space; the result
 * is reserved until sm_mem_done. */
void sm_mem_issue(sm_core *sm, sm_warp *sw, const tm_insn *t, const simt_record *rec,
                  uint64_t now);

#endif /* PTXSIM_PIPELINE_SM_INT_H */
