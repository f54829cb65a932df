/* sm_issue.c -- issuing one instruction of one SM, once sm_cycle's
 * checks passed (fetch has it, dependence tracking lets it go, its unit
 * or the LD/ST pipeline takes it).
 *
 * The functional core executes the instruction now (simt_step), so what
 * the timing model learns (lanes, addresses, where the warp goes on)
 * comes from the executed instruction.  Then, in this order: the
 * register-file seam may change its cost (sm_operand.h); it occupies its
 * unit (sm_exec.c); its result is reserved with dependence tracking,
 * written back at a fixed latency (sm_exec.c) or when memsys brings the
 * data (sm_mem.c); the branch unit advances or redirects fetch
 * (sm_branch.c); barriers and exits update the warp slots (sm_core.c).
 */
#include "config.h"

#include "pipeline/sm_int.h"

int sm_issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint32_t unit_inst, uint64_t now)
{
  sm_warp *sw = &sm->warps[slot];
  simt_warp *w = sw->w;
  const isa_insn *in = simt_next_insn(w);
  uint32_t mask = simt_guard_mask(w, in);
  mem_warp_access acc;
  bool is_mem = t->kind == TM_KIND_MEM && mask != 0;
  if (is_mem)
    sm_mem_build_access(sm, w, in, t, mask, &acc);
  simt_record rec;
  int rc = simt_step(w, &rec);
  const simt_observer *ob = sm->launch->observer;
  if (ob && ob->on_insn)
    ob->on_insn(ob->ctx, w, &rec, now);
  if (rc)
    return rc;
  sm_issue_cost cost = {.interval = t->interval, .latency = t->latency};
  if (sm->operand_ops->at_issue)
    sm->operand_ops->at_issue(sm->operand, slot, t, &rec, now, &cost);
  sm->st.issued_warp_insns++;
  sm->st.issued_thread_insns += (uint64_t)__builtin_popcount(rec.active);
  sm->st.issue_hist[__builtin_popcount(rec.exec)]++;
  sm_sched_event(sm, slot, POL_EV_ISSUE);

  sm_exec_start(sm, t, unit_inst, &cost, now);
  if (is_mem)
    sm_mem_issue(sm, sw, t, &acc, rec.exec, now);
  else
    sm_exec_writeback(sm, slot, t, &cost, rec.exec, now);
  /* The instruction buffer: the next instruction is the one after, unless
   * control went elsewhere. */
  if (!rec.is_warp_done)
    sm_branch_resolve(sm, sw, t, &rec, now);
  sm->not_before[sw->slot] = now + 1;
  if (!rec.is_warp_done)
    sw->next_t = tm_kernel_insn(sm->k, simt_next_insn(w));
  if (t->kind == TM_KIND_BARRIER) {
    if (w->is_blocked) {
      sm->not_before[sw->slot] = SM_NEVER;
      sm_sched_event(sm, slot, POL_EV_BARRIER);
    }
    sm_wake_released(sm, sw->cta_slot, now);
    rc = sm_check_barriers(sm, sw->cta_slot, now);
    if (rc)
      return rc;
  }
  if (rec.is_warp_done) {
    sw->is_functionally_done = true;
    sm->not_before[sw->slot] = SM_NEVER;
    if (ob && ob->on_warp_done)
      ob->on_warp_done(ob->ctx, w, now);
    uint32_t cta_slot = sw->cta_slot;
    if (sw->n_mem == 0)
      sm_warp_slot_free(sm, slot, now);
    /* Warps waiting at a barrier may be all that is left. */
    if (sm->ctas[cta_slot].in_use) {
      rc = sm_check_barriers(sm, cta_slot, now);
      if (rc)
        return rc;
      sm_wake_released(sm, cta_slot, now);
    }
  }
  return 0;
}
