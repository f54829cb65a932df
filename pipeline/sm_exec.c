/* sm_exec.c -- the execution units of one SM and the write-back of
 * fixed-latency results.
 *
 * Each unit kind (SP, DP, INT, SFU, tensor; texture) has n_units[kind]
 * instances; an instance takes an instruction when its initiation interval
 * since the last one has passed (0 instances: no structural limit; LD/ST
 * occupancy is memsys's, branch and barrier units never stall).  Which
 * instance is free is checked inline for every warp a scheduler tries
 * (sm_exec_unit_pick, sm_int.h).  A result is written back latency cycles
 * after issue (the register-file seam may have changed both numbers,
 * sm_operand.h); texture instructions take tex_latency.  Write-back is
 * what dependence tracking (sm_dep.h) is told at issue: without a bypass
 * network the result is forwarded no earlier than it is written back.
 */
#include "config.h"

#include "pipeline/sm_int.h"

void sm_exec_writeback(sm_core *sm, uint32_t slot, const tm_insn *t, const sm_issue_cost *c,
                       uint32_t exec_mask, uint64_t now)
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
    ready = now + (c->latency ? c->latency : 1);
    break;
  }
  sm_dep_issue is = {.t = t, .exec_mask = exec_mask, .now = now, .forward = ready,
                     .writeback = ready, .mem_id = 0};
  sm_dep_reserve(sm, slot, &is);
}
