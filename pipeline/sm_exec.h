/* sm_exec.h -- the execution units of one SM and the write-back of
 * fixed-latency results: a stage of the SM (sm_int.h) that is all inline,
 * since each part runs for every warp a scheduler tries (the unit check)
 * or for every issued instruction (occupation, write-back); sm_core.c's
 * cycle and issue use it.
 *
 * Each unit kind (SP, DP, INT, SFU, tensor; texture) has n_units[kind]
 * instances; an instance takes an instruction when its initiation interval
 * since the last one has passed (0 instances: no structural limit; LD/ST
 * occupancy is memsys's, branch and barrier units never stall).  A result
 * is written back latency cycles after issue (the register-file seam may
 * have changed both numbers, sm_operand.h); texture instructions take
 * tex_latency.  Write-back is what dependence tracking (sm_dep.h) is told
 * at issue, with the cycle a dependent instruction may read it: with
 * -ptxsim_bypass 1, an ALU result (SP and INT units; 002b §A.2: never a
 * memory, SFU, DP or tensor one) is forwarded bypass_cycles after issue
 * (-ptxsim_bypass_stage over -ptxsim_stages_per_cycle), else when it is
 * written back.
 */
#ifndef PTXSIM_PIPELINE_SM_EXEC_H
#define PTXSIM_PIPELINE_SM_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "pipeline/sm_int.h"

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
  *why = (sm_wait){SM_CAUSE_STRUCTURAL, best};
  return false;
}

/* t issued at now on instance unit_inst of its unit (UINT32_MAX: none),
 * which takes no other instruction for interval cycles (its cost,
 * sm_operand.h): occupies the unit and counts its busy cycles. */
static inline void sm_exec_start(sm_core *sm, const tm_insn *t, uint32_t unit_inst,
                                 uint32_t interval, uint64_t now)
{
  sm->st.unit_busy[t->unit] += interval;
  if (unit_inst != UINT32_MAX)
    sm->unit_free[t->unit][unit_inst] = now + interval;
}

/* The result of t (not a memory access with lanes: sm_mem_issue), issued
 * at now with its cost's latency, is written back at a fixed latency:
 * reserves it with dependence tracking. */
static inline void sm_exec_writeback(sm_core *sm, uint32_t slot, const tm_insn *t,
                                     uint32_t latency, uint32_t exec_mask, uint64_t now)
{
  uint64_t ready;
  switch ((tm_kind)t->kind) {
  case TM_KIND_MEM: /* no lane accessed memory */
    ready = now + 1;
    break;
  case TM_KIND_TEX:
    ready = now + sm->p->tex_latency;
    break;
  default:
    ready = now + (latency ? latency : 1);
    break;
  }
  uint64_t forward = ready;
  /* 002b §A.2: one bypass path per lane, for the ALU pipelines only. */
  if (PTX_UNLIKELY(sm->p->is_bypass) && t->kind == TM_KIND_ALU &&
      (t->unit == SM_UNIT_SP || t->unit == SM_UNIT_INT))
    forward = sm_min_u64(ready, now + sm->p->bypass_cycles);
  sm_dep_reserve(sm, slot, t, exec_mask, now, forward, ready, 0);
}

#endif /* PTXSIM_PIPELINE_SM_EXEC_H */
