/* sm_branch_unit.c -- the branch unit at issue, with a predictor (see
 * sm_branch.h): the classification of branches that every predictor shares
 * (and its statistics), and the wrong path of a misprediction.  The
 * resolution after every issue (sm_branch_resolve) is inline in sm_int.h,
 * so that "none" costs one test per issued instruction; what is here runs
 * only with a predictor.  (Apart from the registry, sm_branch.c, so that
 * the configuration code, which checks predictor names, links without the
 * SM.) */
#include "config.h"

#include "pipeline/sm_branch.h"

#include "frontend/ptx_ops.h"
#include "pipeline/sm_exec.h"
#include "pipeline/sm_int.h"

/* ---- classification -------------------------------------------------------- */

/* Whether fetch, which saw the branch rec, went where the warp goes on;
 * counts the branch and, for a mispredicted one, leaves in *wrong_pc the
 * side fetch went down (UINT32_MAX: none). */
static bool classify(sm_core *sm, sm_warp *sw, const simt_record *rec, bool is_redirected,
                     uint64_t now, uint32_t *wrong_pc)
{
  sm_ilp_stats *st = &sm->st.ilp;
  const isa_insn *in = rec->insn;
  st->bp_branches++;
  /* brx.idx: the target is in a register, known at resolution. */
  if (in->op != PTX_OP_BRA)
    return !is_redirected;
  st->bp_backward += in->target <= rec->pc;
  /* Unconditional: fetch computed the target (no BTB, 002b §A.4.1). */
  uint32_t fetched = in->target;
  if (in->guard != ISA_NONE) {
    sm_branch_info b = {.slot = sw->slot,
                        .pc = rec->pc,
                        .target = in->target,
                        .is_divergent = rec->taken != 0 && rec->taken != rec->active,
                        .is_taken = rec->taken != 0,
                        .now = now};
    st->bp_conditional++;
    st->bp_lookups++;
    bool is_predicted_taken = sm->bpred_ops->predict(sm->bpred, &b);
    /* Either side may run first: the resolved mask voids the other
     * side's lanes (002b §A.4.2); the SIMT stack runs the rest. */
    if (b.is_divergent) {
      st->bp_divergent++;
      return true;
    }
    fetched = is_predicted_taken ? in->target : rec->pc + 1;
    if (is_predicted_taken == b.is_taken)
      st->bp_correct++;
    else {
      st->bp_mispredicts++;
      if (fetched < in->func->n_insns)
        *wrong_pc = fetched;
    }
  }
  /* A right direction may still meet a reconvergence point that pops the
   * stack: the stack's redirect, as without a predictor. */
  return fetched == rec->next_pc;
}

void sm_branch_predict(sm_core *sm, sm_warp *sw, const simt_record *rec, bool is_redirected,
                       uint64_t now)
{
  uint32_t wrong_pc = UINT32_MAX;
  if (classify(sm, sw, rec, is_redirected, now, &wrong_pc)) {
    sm_fetch_advance(sm, sw, now);
    return;
  }
  sm_fetch_redirect(sm, sw, now + sm->p->resolve_cycles + sm->p->branch_latency, true);
  /* The wrong path may issue from the cycle after the branch until it
   * resolves, resolve_cycles after its issue -- or, when the redirect
   * needs no cycles of its own (branch and fetch latency 0), until the
   * cycle before the refill arrives, so that the window never outlives
   * the buffer's wait. */
  uint64_t end = now + sm->p->resolve_cycles;
  if (sm->p->branch_latency + sm->p->fetch_latency == 0)
    end--;
  if (wrong_pc == UINT32_MAX || end <= now)
    return;
  sm->wrong_path[sw->slot] = (sm_wrong_path){.pc = wrong_pc, .end = end};
  sm->slot[sw->slot].fetch_wait = SM_CAUSE_COUNT;
}

/* ---- the wrong path --------------------------------------------------------- */

void sm_branch_wrong_path(sm_core *sm, sm_warp *sw, uint64_t now, sm_wait *why)
{
  sm_wrong_path *wp = &sm->wrong_path[sw->slot];
  *why = (sm_wait){SM_CAUSE_CONTROL, sm->slot[sw->slot].ibuf_ready};
  if (now > wp->end) { /* resolved: the refill is all that is left */
    sm->slot[sw->slot].fetch_wait = SM_CAUSE_CONTROL;
    return;
  }
  uint64_t start = wp->end + 1 - sm->p->resolve_cycles;
  if (now < start) { /* the branch's own cycle (several issues per warp) */
    why->retry = start;
    return;
  }
  const isa_insn *in = &sw->w->code[wp->pc];
  const tm_insn *t = tm_kernel_insn(sm->k, in);
  /* As a real instruction: the warp's dependences and the unit (not the
   * LD/ST pipeline: a nullified access sends nothing).  It reserves
   * nothing: its results are never written. */
  sm_wait w;
  uint32_t inst = UINT32_MAX;
  if (!sm_dep_may_issue(sm, sw->slot, t, now, &w) ||
      (t->kind != TM_KIND_MEM && !sm_exec_unit_pick(sm, t, now, &inst, &w))) {
    why->retry = sm_min_u64(why->retry, w.retry); /* perhaps again before the refill */
    return;
  }
  sm_exec_start(sm, t, inst, t->interval, now);
  sm->st.ilp.nullified_warp_insn++;
  sm_sched_event(sm, sw->slot, POL_EV_ISSUE);
  /* Fetch would need another prediction after a control instruction. */
  bool is_last = t->kind == TM_KIND_CTRL || t->kind == TM_KIND_CALL || t->kind == TM_KIND_EXIT ||
                 wp->pc + 1 >= in->func->n_insns || now == wp->end;
  if (is_last)
    sm->slot[sw->slot].fetch_wait = SM_CAUSE_CONTROL;
  else
    wp->pc++;
  /* The cycle takes this as an issue (sm_core.h, sm_cause_class). */
  *why = (sm_wait){SM_CAUSE_COUNT, SM_NEVER};
}
