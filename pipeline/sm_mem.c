/* sm_mem.c -- the hand-off of memory instructions between one SM and
 * memsys: whether the LD/ST pipeline takes one (warps it turns away wait
 * in ldst_waiters until sm_ldst_ready), the warp access it gets (each
 * lane's address and space, from the instruction's record), and the data coming back
 * (sm_mem_done), which dependence tracking releases.
 *
 * A memory instruction is tagged with its warp slot and a 16-bit id per
 * warp, which memsys hands back with the data; its result is reserved as
 * pending until then (SM_NEVER), so the warp's dependent instructions wait
 * and the warp's slot stays in use after it exits.
 */
#include "config.h"

#include <string.h>

#include "pipeline/sm_int.h"

/* The memory instruction rec describes as memsys takes it: one part per
 * state space its lanes fell in (the record's spaces, generic addresses
 * resolved; a generic access may mix them, and its parts go to memsys as
 * one instruction).  Local memory is interleaved word by word across the
 * grid's threads, as GPGPU-Sim lays it out, so that lanes reading the
 * same local variable coalesce; it stays ISA_SPACE_LOCAL for the L1's
 * local write policy.  Returns the number of parts. */
static uint32_t build_access(const sm_core *sm, const simt_warp *w, const simt_record *rec,
                             const tm_insn *t, mem_warp_access parts[ISA_SPACE_COUNT])
{
  const simt_launch *l = sm->launch;
  uint64_t threads_per_cta = (uint64_t)l->block[0] * l->block[1] * l->block[2];
  uint64_t n_threads = threads_per_cta * l->grid[0] * l->grid[1] * l->grid[2];
  uint64_t first_tid =
      (uint64_t)w->cta->linear_id * threads_per_cta + (uint64_t)w->warp_id * SIMT_WARP_SIZE;
  if (!(rec->space_mask & (rec->space_mask - 1))) {
    /* One space, as nearly always. */
    mem_warp_access *a = &parts[0];
    a->kind = t->mem_kind;
    a->bytes = t->access_bytes;
    a->is_l1_bypass = t->is_l1_bypass;
    a->mask = rec->exec;
    a->space = (uint8_t)__builtin_ctz(rec->space_mask);
    if (a->space != ISA_SPACE_LOCAL) {
      memcpy(a->addr, rec->addr, sizeof a->addr);
      return 1;
    }
    for (uint32_t lane = 0; lane < SIMT_WARP_SIZE; lane++) {
      uint64_t addr = rec->addr[lane];
      a->addr[lane] =
          sm->p->local_base + ((addr >> 2) * n_threads + first_tid + lane) * 4 + (addr & 3);
    }
    return 1;
  }
  uint8_t part_of[ISA_SPACE_COUNT];
  uint32_t n = 0;
  for (uint32_t sp = 0; sp < ISA_SPACE_COUNT; sp++)
    if (rec->space_mask >> sp & 1) {
      part_of[sp] = (uint8_t)n;
      parts[n].kind = t->mem_kind;
      parts[n].bytes = t->access_bytes;
      parts[n].is_l1_bypass = t->is_l1_bypass;
      parts[n].mask = 0;
      parts[n].space = (uint8_t)sp;
      n++;
    }
  SIMT_FOR_EACH_LANE(rec->exec, lane)
  {
    uint8_t space = rec->space[lane];
    uint64_t addr = rec->addr[lane];
    if (space == ISA_SPACE_LOCAL)
      addr = sm->p->local_base + ((addr >> 2) * n_threads + first_tid + lane) * 4 + (addr & 3);
    mem_warp_access *a = &parts[part_of[space]];
    a->mask |= UINT32_C(1) << lane;
    a->addr[lane] = addr;
  }
  return n;
}

void sm_mem_issue(sm_core *sm, sm_warp *sw, const tm_insn *t, const simt_record *rec,
                  uint64_t now)
{
  mem_warp_access parts[ISA_SPACE_COUNT];
  uint32_t n_parts = build_access(sm, sw->w, rec, t, parts);
  uint32_t id = sw->next_mem_id++ & 0xffff;
  sm_dep_reserve(sm, sw->slot, t, rec->exec, now, SM_NEVER, SM_NEVER, id);
  sw->n_mem++;
  mem_sm_issue_parts(sm->mem, sm->id, parts, n_parts, now, (uint64_t)sw->slot << 16 | id);
}

/* Wakes the warps in mask (other than the one whose data came back) that
 * dependence tracking says may issue from cycle on. */
static void wake_others(sm_core *sm, uint64_t mask, uint64_t cycle)
{
  mask &= sm->used_mask;
  while (mask) {
    uint32_t s = (uint32_t)__builtin_ctzll(mask);
    mask &= mask - 1;
    const sm_warp *sw = &sm->warps[s];
    if (!sw->is_functionally_done && !sw->w->is_blocked)
      sm_set_not_before(sm, s, sm_min_u64(sm->slot[s].not_before, cycle));
  }
  sm->wake = sm_min_u64(sm->wake, cycle);
}

void sm_mem_done(sm_core *sm, uint64_t tag, uint64_t cycle)
{
  uint32_t slot = (uint32_t)(tag >> 16), id = (uint32_t)(tag & 0xffff);
  sm_warp *sw = &sm->warps[slot];
  uint64_t others = sm_dep_release(sm, slot, id, cycle);
  if (PTX_UNLIKELY(others))
    wake_others(sm, others, cycle);
  sw->n_mem--;
  if (sw->is_functionally_done) {
    if (sw->n_mem == 0)
      sm_warp_slot_free(sm, slot, cycle);
    return;
  }
  if (!sw->w->is_blocked)
    sm_set_not_before(sm, sw->slot, sm_min_u64(sm->slot[sw->slot].not_before, cycle));
  sm->wake = sm_min_u64(sm->wake, cycle);
}

void sm_ldst_ready(sm_core *sm, uint64_t now)
{
  uint64_t m = sm->ldst_waiters & sm->used_mask;
  sm->ldst_waiters = 0;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    sm_warp *sw = &sm->warps[s];
    if (sm->slot[sw->slot].not_before == SM_NEVER && !sw->w->is_blocked &&
        !sw->is_functionally_done)
      sm_set_not_before(sm, sw->slot, now);
  }
  sm->wake = sm_min_u64(sm->wake, now);
}
