/* preempt_xfer.c -- a context's 128-byte segments through the memory
 * system at low priority (-ptxsim_preempt_bw 0; preempt_int.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/ctx_compress.h"
#include "isa/ctx_live.h"
#include "memsys/mem_timing.h"
#include "pipeline/preempt_int.h"
#include "ptxsim.h"

void preempt_start_transfer(preempt_sm *ps, phase ph, uint64_t now)
{
  ps->ph = ph;
  ps->seg_total = ps->n_seg[PART_REGS] + ps->n_seg[PART_SIMT] + ps->n_seg[PART_SMEM];
  ps->seg_issued = ps->seg_done = 0;
  ps->t_start = now;
  for (uint32_t i = 0; i < PART_COUNT; i++)
    ps->t_part_end[i] = now;
}

/* The part segment i (in issue order: registers, SIMT stacks, shared
 * memory) belongs to. */
static uint32_t part_of(const preempt_sm *ps, uint64_t i)
{
  if (i < ps->n_seg[PART_REGS])
    return PART_REGS;
  return i < ps->n_seg[PART_REGS] + ps->n_seg[PART_SIMT] ? PART_SIMT : PART_SMEM;
}

void tm_preempt_mem_done(tm_preempt *p, uint32_t sm, uint64_t tag, uint64_t cycle)
{
  if (!p || sm >= p->n_sms)
    return;
  preempt_sm *ps = &p->sm[sm];
  uint32_t part = (uint32_t)(tag >> 32 & 0xff);
  ps->seg_done++;
  if (part < PART_COUNT && cycle > ps->t_part_end[part])
    ps->t_part_end[part] = cycle;
}

/* Hands the next segment of SM s's save (stores) or restore (loads) to
 * memsys when its LD/ST pipeline is free this cycle: after the SM's own
 * cycle, so the SM's accesses have priority.  Segment i of the event is
 * the line at TM_CTX_BASE + s * TM_CTX_SM_BYTES + 128 i: 32 lanes x 4 B,
 * .cg (past L1). */
void preempt_issue_segment(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now)
{
  if (!mem_sm_can_issue(sm->mem, sm->id, now)) {
    ps->ev.ctx_wait_cycles++;
    return;
  }
  uint64_t i = ps->seg_issued++;
  mem_warp_access a = {
    .kind = ps->ph == PH_SAVING ? MEM_STORE : MEM_LOAD,
    .space = ISA_SPACE_GLOBAL,
    .is_l1_bypass = true,
    .bytes = 4,
    .mask = UINT32_MAX,
  };
  uint64_t base = TM_CTX_BASE + (uint64_t)sm->id * TM_CTX_SM_BYTES +
                  (i * SEGMENT_BYTES) % TM_CTX_SM_BYTES;
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
    a.addr[l] = base + 4 * l;
  uint64_t tag = TM_CTX_TAG | (uint64_t)part_of(ps, i) << 32 | (i & 0xffffffff);
  mem_sm_issue(sm->mem, sm->id, &a, now, tag);
}

/* The save (restore) is over: its cycles per part (each part from the end
 * of the one before, so the parts add up to the whole). */
uint64_t preempt_end_transfer(const preempt_sm *ps, uint64_t parts[PART_COUNT])
{
  uint64_t at = ps->t_start;
  for (uint32_t i = 0; i < PART_COUNT; i++) {
    uint64_t e = ps->n_seg[i] && ps->t_part_end[i] > at ? ps->t_part_end[i] : at;
    parts[i] = e - at;
    at = e;
  }
  return at - ps->t_start;
}
