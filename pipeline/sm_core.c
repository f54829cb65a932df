/* sm_core.c -- one SM of the timing model: set-up, CTA start, warp slots
 * and barriers, and the cycle: each scheduler's hand-off (which warps may
 * try, in its policy's order, and the checks of each stage), the issue of
 * an instruction and the stall accounting (see sm_core.h for the model,
 * sm_int.h for the stages).  The issue stays in this file, with the cycle
 * that calls it, so that the compiler keeps the two together.
 *
 * Per-cycle work is kept to what can change: a warp that cannot issue
 * before a known cycle records it in not_before and is skipped until then;
 * one that waits for memory or a barrier is skipped until the memory
 * callback or the barrier wakes it.  The scheduler policy only orders the
 * warps that may issue.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_core.h"
#include "pipeline/sm_exec.h"
#include "pipeline/sm_int.h"
#include "pipeline/tm_gpu.h"

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

const uint8_t sm_cause_class[SM_CAUSE_COUNT + 1] = {
#define X(id, cls, name, doc) [SM_CAUSE_##id] = SM_STALL_##cls,
    SM_CAUSES(X)
#undef X
    [SM_CAUSE_COUNT] = SM_STALL_SCOREBOARD, /* a nullified issue (sm_core.h) */
};
static void sched_event(sm_core *sm, uint32_t slot, pol_sched_event_kind kind)
{
  sm_sched_event(sm, slot, kind);
}

/* ---- set-up ------------------------------------------------------------- */

int sm_init(sm_core *sm, uint32_t id, tm_gpu *gpu, const sm_params *p, const tm_kernel *k,
            simt_launch *l, mem_sys *mem, char *err, size_t errlen)
{
  memset(sm, 0, sizeof *sm);
  sm->id = id;
  sm->gpu = gpu;
  sm->p = p;
  sm->k = k;
  sm->launch = l;
  sm->mem = mem;
  sm->ctas = calloc(p->n_cta_slots, sizeof *sm->ctas);
  sm->dep_ops = p->dep;
  sm->dep = p->dep->create(p, k, &sm->st);
  sm->is_dep_per_warp = p->dep == &sm_dep_per_warp_ops;
  sm->bpred_ops = p->bpred;
  sm->bpred = p->bpred->create ? p->bpred->create(p, k, &sm->st) : NULL;
  sm->operand_ops = p->operand;
  sm->operand = p->operand->create ? p->operand->create(p, k, &sm->st, id) : NULL;
  if (!sm->ctas || !sm->dep || (p->bpred->create && !sm->bpred) ||
      (p->operand->create && !sm->operand)) {
    snprintf(err, errlen, "out of memory");
    return PTX_ENOMEM;
  }
  for (uint32_t s = 0; s < p->n_schedulers; s++) {
    int rc = pol_sched_create(&sm->sched[s], &p->sched, SM_MAX_WARPS, err, errlen);
    if (rc)
      return rc;
  }
  for (uint32_t i = 0; i < SM_MAX_WARPS; i++) {
    sm->slot[i].sched = (uint8_t)(i % p->n_schedulers);
    if (i < p->n_warp_slots)
      sm->sched_mask[i % p->n_schedulers] |= UINT64_C(1) << i;
  }
  for (uint32_t s = 0; s < SM_MAX_SCHEDULERS; s++)
    sm->last_stall[s] = SM_CAUSE_IDLE;
  sm->wake = SM_NEVER;
  sm->far_min = SM_NEVER;
  return 0;
}

void sm_free(sm_core *sm)
{
  for (uint32_t s = 0; s < SM_MAX_SCHEDULERS; s++)
    pol_sched_destroy(&sm->sched[s]);
  for (uint32_t c = 0; sm->ctas && c < sm->p->n_cta_slots; c++)
    simt_cta_free(&sm->ctas[c].cta);
  free(sm->ctas);
  sm->ctas = NULL;
  if (sm->dep)
    sm->dep_ops->destroy(sm->dep);
  if (sm->bpred)
    sm->bpred_ops->destroy(sm->bpred);
  if (sm->operand)
    sm->operand_ops->destroy(sm->operand);
  sm->dep = sm->bpred = sm->operand = NULL;
}

bool sm_has_room(const sm_core *sm, uint32_t n_warps)
{
  if (sm->n_ctas >= sm->p->n_cta_slots)
    return false;
  uint64_t all = sm->p->n_warp_slots == 64 ? UINT64_MAX
                                           : (UINT64_C(1) << sm->p->n_warp_slots) - 1;
  return (uint32_t)ptx_popcount64(all & ~sm->used_mask) >= n_warps;
}

int sm_start_cta(sm_core *sm, uint32_t linear_id, uint64_t now)
{
  uint32_t c = 0;
  while (sm->ctas[c].in_use)
    c++;
  sm_cta *sc = &sm->ctas[c];
  int rc = simt_cta_init(sm->launch, &sc->cta, linear_id);
  if (rc)
    return rc;
  sc->cta.sm_id = sm->id;
  sc->in_use = true;
  sc->n_warps_left = sc->cta.n_warps;
  sc->start_cycle = now;
  sm->n_ctas++;
  const simt_observer *ob = sm->launch->observer;
  if (ob && ob->on_cta_begin)
    ob->on_cta_begin(ob->ctx, &sc->cta, now);
  for (uint32_t i = 0; i < sc->cta.n_warps; i++) {
    uint32_t slot = (uint32_t)__builtin_ctzll(~sm->used_mask);
    sm->used_mask |= UINT64_C(1) << slot;
    sm_warp *sw = &sm->warps[slot];
    memset(sw, 0, sizeof *sw);
    sw->w = &sc->cta.warps[i];
    sw->slot = slot;
    sw->cta_slot = c;
    sw->next_t = tm_kernel_insn(sm->k, simt_next_insn(sw->w));
    sm->dep_ops->warp_reset(sm->dep, slot);
    if (sm->bpred_ops->warp_reset)
      sm->bpred_ops->warp_reset(sm->bpred, slot);
    if (sm->operand_ops->warp_reset)
      sm->operand_ops->warp_reset(sm->operand, slot,
                                  sw->w->n_lanes >= 32 ? UINT32_MAX : (1u << sw->w->n_lanes) - 1);
    sm->age[slot] = sm->next_age++;
    sm_fetch_start(sm, sw, now);
    sm->resident_warps++;
    sched_event(sm, slot, POL_EV_WARP_ADDED);
  }
  sm->wake = min_u64(sm->wake, now);
  return 0;
}

/* ---- warp slots and barriers --------------------------------------------- */

/* All live warps of the CTA wait at barriers: let the functional core
 * release what completed (warps exited) or report the deadlock. */
static int check_barriers(sm_core *sm, sm_cta *sc, uint64_t now)
{
  simt_cta *c = &sc->cta;
  for (uint32_t i = 0; i < c->n_warps; i++)
    if (!c->warps[i].is_done && !c->warps[i].is_blocked)
      return 0;
  bool any = false;
  for (uint32_t i = 0; i < c->n_warps; i++)
    any |= !c->warps[i].is_done;
  if (!any)
    return 0;
  int rc = simt_cta_unblock(sm->launch, c);
  if (rc)
    return rc;
  /* Released warps may issue again. */
  for (uint32_t s = 0; s < SM_MAX_WARPS; s++)
    if ((sm->used_mask >> s & 1) && sm->warps[s].cta_slot == (uint32_t)(sc - sm->ctas) &&
        !sm->warps[s].w->is_blocked)
      sm_set_not_before(sm, s, min_u64(sm->slot[s].not_before, now + 1));
  return 0;
}

/* Wakes the warps of a CTA whose barrier opened. */
static void wake_released(sm_core *sm, uint32_t cta_slot, uint64_t now)
{
  uint64_t m = sm->used_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    sm_warp *sw = &sm->warps[s];
    if (sw->cta_slot == cta_slot && sm->slot[sw->slot].not_before == SM_NEVER &&
        !sw->w->is_blocked && !sw->is_functionally_done && sw->n_mem == 0)
      sm_set_not_before(sm, sw->slot, now + 1);
  }
}

void sm_warp_slot_free(sm_core *sm, uint32_t slot, uint64_t now)
{
  sm_warp *sw = &sm->warps[slot];
  sm_cta *sc = &sm->ctas[sw->cta_slot];
  sm->used_mask &= ~(UINT64_C(1) << slot);
  sm->resident_warps--;
  sched_event(sm, slot, POL_EV_WARP_DONE);
  if (--sc->n_warps_left == 0) {
    const simt_observer *ob = sm->launch->observer;
    if (ob && ob->on_cta_end)
      ob->on_cta_end(ob->ctx, &sc->cta, now);
    sc->in_use = false;
    sm->n_ctas--;
    sm->st.ctas_done++;
    tm_gpu_cta_done(sm->gpu, sm, &sc->cta, now);
  }
}

/* ---- the cycle ---------------------------------------------------------------- */

PTX_NOINLINE bool sm_dep_may_issue_ops(sm_core *sm, uint32_t slot, const tm_insn *t, uint64_t now,
                                       sm_wait *why)
{
  const simt_warp *w = sm->warps[slot].w;
  return sm->dep_ops->may_issue(sm->dep, slot, t, simt_guard_mask(w, simt_next_insn(w)), now,
                                why);
}

/* Whether the warp's next instruction can issue at now: each stage's
 * check in pipeline order; fills why with the first that failed. */
static inline bool can_issue(sm_core *sm, sm_warp *sw, uint64_t now, const tm_insn **tp,
                             uint32_t *unit_inst, sm_wait *why)
{
  if (!sm_fetch_has_insn(sm, sw, now, why))
    return false;
  const tm_insn *t = sw->next_t;
  *tp = t;
  /* 0 unless -ptxsim_preempt_inject (tm_kernel.h). */
  if (PTX_UNLIKELY(t->preempt) && !sm_preempt_may_issue(sm, sw, t, now, why))
    return false;
  if (!sm_dep_may_issue(sm, sw->slot, t, now, why))
    return false;
  if (t->kind == TM_KIND_MEM) {
    *unit_inst = UINT32_MAX;
    return sm_mem_can_issue(sm, sw, now, why);
  }
  return sm_exec_unit_pick(sm, t, now, unit_inst, why);
}

/* Issues the warp in slot's next instruction t at now, after can_issue
 * passed (unit_inst: the instance of its unit it takes, or UINT32_MAX).
 * The functional core executes it now (simt_step), so what the stages
 * below learn (lanes, addresses, where the warp goes on) comes from the
 * executed instruction.  Then, in this order: the register-file seam may
 * change its cost (sm_operand.h); it occupies its unit; its result is
 * reserved with dependence tracking, written back at a fixed latency
 * (sm_exec.h) or when memsys brings the data (sm_mem.c); the branch unit
 * advances or redirects fetch (sm_branch.h); barriers and exits update the
 * warp slots. */
static int issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint32_t unit_inst, uint64_t now)
{
  sm_warp *sw = &sm->warps[slot];
  simt_warp *w = sw->w;
  simt_record rec;
  int rc = simt_step(w, &rec);
  bool is_warp_done = rec.is_warp_done; /* rec's address escapes: keep a copy */
  const simt_observer *ob = sm->launch->observer;
  if (ob && ob->on_insn)
    ob->on_insn(ob->ctx, w, &rec, now);
  if (rc)
    return rc;
  uint32_t n_exec = (uint32_t)ptx_popcount32(rec.exec);
  sm_issue_cost cost = {.interval = t->interval, .latency = t->latency, .rf_lanes = n_exec,
                        .alu_lanes = n_exec, .vrf_uses = t->n_uses, .vrf_defs = t->n_defs};
  if (sm->operand_ops->at_issue) {
    sm_issue_cost c = cost; /* kept apart, so that cost stays in registers */
    rc = sm->operand_ops->at_issue(sm->operand, slot, t, &rec, now, &c);
    if (PTX_UNLIKELY(rc))
      return sm_operand_fail(sm->launch, w, &rec, sm->operand_ops, rc);
    cost = c;
  }
  sm->st.issued_warp_insns++;
  sm->st.issued_thread_insns +=
      rec.active == rec.exec ? n_exec : (uint64_t)ptx_popcount32(rec.active);
  sm->st.issue_hist[n_exec]++;
  sm->st.rf.vrf_lane_reads += (uint64_t)cost.vrf_uses * cost.rf_lanes;
  sm->st.rf.vrf_lane_writes += (uint64_t)cost.vrf_defs * cost.rf_lanes;
  sm->st.rf.srf_reads += cost.srf_reads;
  sm->st.rf.srf_writes += cost.srf_writes;
  sm->st.rf.lane_ops[t->unit] += cost.alu_lanes;
  sched_event(sm, slot, POL_EV_ISSUE);

  sm_exec_start(sm, t, unit_inst, cost.interval, now);
  if (t->kind == TM_KIND_MEM && rec.exec && rec.space_mask)
    sm_mem_issue(sm, sw, t, &rec, now);
  else
    sm_exec_writeback(sm, slot, t, cost.latency, rec.exec, now);
  /* The instruction buffer: the next instruction is the one after, unless
   * control went elsewhere. */
  if (!is_warp_done)
    sm_branch_resolve(sm, sw, t, &rec, now);
  sm_set_not_before(sm, slot, now + 1);
  /* In the same function (the usual case) the next instruction's timing
   * view is as far from t as its pc from rec.pc: tm_func.insns parallels
   * the function's code. */
  if (!is_warp_done)
    sw->next_t = w->code == rec.insn - rec.pc ? t + ((ptrdiff_t)w->pc - (ptrdiff_t)rec.pc)
                                              : tm_kernel_insn(sm->k, simt_next_insn(w));
  if (t->kind == TM_KIND_BARRIER) {
    if (w->is_blocked) {
      sm_set_not_before(sm, slot, SM_NEVER);
      sm->slot[slot].wait_cause = SM_CAUSE_BARRIER;
      sched_event(sm, slot, POL_EV_BARRIER);
    }
    wake_released(sm, sw->cta_slot, now);
    rc = check_barriers(sm, &sm->ctas[sw->cta_slot], now);
    if (rc)
      return rc;
  }
  if (is_warp_done) {
    sw->is_functionally_done = true;
    sm_set_not_before(sm, slot, SM_NEVER);
    if (ob && ob->on_warp_done)
      ob->on_warp_done(ob->ctx, w, now);
    uint32_t cta_slot = sw->cta_slot;
    if (sw->n_mem == 0)
      sm_warp_slot_free(sm, slot, now);
    /* Warps waiting at a barrier may be all that is left. */
    if (sm->ctas[cta_slot].in_use) {
      rc = check_barriers(sm, &sm->ctas[cta_slot], now);
      if (rc)
        return rc;
      wake_released(sm, cta_slot, now);
    }
  }
  return 0;
}

/* Why a scheduler whose warps in `waiting` could not be tried issued
 * nothing, given the first cause (in SM_CAUSES order) among the tried
 * ones.  The GPGPU-Sim class is decided as it always was: waiting for the
 * LD/ST pipeline is a pipeline stall; a warp that waits on memory or has
 * a register write pending a scoreboard stall; anything else (buffers,
 * barriers, in-flight instructions without results) idle.  The cause of
 * a waiting warp is the one it recorded when it went to sleep, kept
 * within that class. */
static sm_cause cause_of_waiting(const sm_core *sm, uint64_t waiting, sm_cause cause)
{
  if (waiting & sm->ldst_waiters)
    return SM_CAUSE_STRUCTURAL;
  /* Past the first Scoreboard cause nothing can come first any more. */
  while (waiting && cause > SM_CAUSE_RAW_ALU) {
    uint32_t slot = (uint32_t)__builtin_ctzll(waiting);
    waiting &= waiting - 1;
    const sm_warp *sw = &sm->warps[slot];
    bool is_dep = sm->slot[slot].not_before == SM_NEVER ? sw->n_mem > 0 && !sw->w->is_blocked
                                                   : sm_dep_has_pending(sm, slot);
    sm_cause c = (sm_cause)sm->slot[slot].wait_cause;
    if (is_dep && sm_cause_class[c] != SM_STALL_SCOREBOARD)
      c = sw->n_mem > 0 ? SM_CAUSE_RAW_MEM : SM_CAUSE_RAW_ALU;
    else if (!is_dep && sm_cause_class[c] != SM_STALL_IDLE)
      c = SM_CAUSE_IDLE;
    if (c < cause)
      cause = c;
  }
  return cause;
}

/* Counts n cycles without issue of scheduler s, for cause. */
static inline void count_stall(sm_core *sm, uint32_t s, sm_cause cause, uint64_t n)
{
  sm->st.stall[s][sm_cause_class[cause]] += n;
  sm->st.cause[cause] += n;
}

static void account_sleep(sm_core *sm, uint64_t now)
{
  /* Cycles between the last run and now were spent as the last run left
   * each scheduler. */
  if (now > sm->last_cycle + 1 && sm->last_cycle != 0) {
    uint64_t gap = now - sm->last_cycle - 1;
    for (uint32_t s = 0; s < sm->p->n_schedulers; s++)
      count_stall(sm, s,
                  sm->last_stall[s] < SM_CAUSE_COUNT ? (sm_cause)sm->last_stall[s]
                                                     : SM_CAUSE_IDLE,
                  gap);
    sm->st.active_warp_cycles += gap * sm->resident_warps;
  }
}

/* The parts of a warp's scheduler view a policy asks for beyond the
 * always-filled ones (pol_sched.h, POL_VIEW_*): read from the functional
 * warp and its CTA, with no search.  The barrier count adds the CTA's
 * arrival counters (SIMT_N_BARRIERS words), saturating. */
static PTX_NOINLINE void warp_view_more(const sm_core *sm, uint32_t slot, uint32_t wants,
                                        pol_warp_view *v)
{
  const sm_warp *sw = &sm->warps[slot];
  const simt_warp *w = sw->w;
  if (wants & POL_VIEW_PROGRESS) {
    v->n_active_lanes = (uint8_t)ptx_popcount32(w->active);
    v->n_issued = w->n_insns;
  }
  if (wants & POL_VIEW_CTA) {
    const simt_cta *c = w->cta;
    uint32_t at_barrier = 0;
    for (uint32_t b = 0; b < SIMT_N_BARRIERS; b++)
      at_barrier += c->bar[b].arrived;
    v->n_cta_warps = (uint8_t)c->n_warps;
    v->n_cta_at_barrier = (uint8_t)(at_barrier < UINT8_MAX ? at_barrier : UINT8_MAX);
    v->n_cta_finished = (uint8_t)(c->n_warps - c->n_live_warps);
    v->cta_slot = (uint16_t)sw->cta_slot;
    v->cta_id = c->linear_id;
  }
}

/* Writes to *v what scheduler s's policy sees of a warp that may issue
 * this cycle: the slot and age always, the rest as its view_mask asks. */
static inline void warp_view(const sm_core *sm, uint32_t s, uint32_t slot, pol_warp_view *v)
{
  *v = (pol_warp_view){.slot = (uint16_t)slot, .age = sm->age[slot], .is_ready = true};
  uint32_t wants = sm->sched[s].ops->view_mask;
  if (PTX_UNLIKELY(wants))
    warp_view_more(sm, slot, wants, v);
}

/* Tries the warp in slot (scheduler s's candidate) at now: issues up to
 * issue_per_warp instructions while each can go, or records why it
 * cannot and when to look again.  *issued says an issue (or a nullified
 * wrong-path instruction) took the scheduler's slot this cycle; *why
 * keeps the first cause among the warps tried before that; *next the
 * earliest cycle the SM must run again. */
static inline int try_warp(sm_core *sm, uint32_t slot, uint64_t now, bool *issued, sm_cause *why,
                           uint64_t *next)
{
  sm_warp *sw = &sm->warps[slot];
  for (uint32_t k = 0; k < sm->p->issue_per_warp; k++) {
    const tm_insn *t = NULL;
    uint32_t inst = UINT32_MAX;
    sm_wait ck;
    if (!can_issue(sm, sw, now, &t, &inst, &ck)) {
      if (!*issued) {
        if (ck.cause < *why)
          *why = ck.cause;
        if (sm_cause_class[ck.cause] == SM_STALL_SCOREBOARD && ck.retry == SM_NEVER) {
          if (PTX_UNLIKELY(ck.cause == SM_CAUSE_COUNT)) {
            /* A nullified wrong-path instruction took the slot
             * (sm_branch.h); the warp waits for its refill. */
            *issued = true;
            ck = (sm_wait){SM_CAUSE_CONTROL, now + 1};
          } else
            sched_event(sm, slot, POL_EV_LONG_LATENCY_STALL);
        }
      }
      sm->slot[slot].wait_cause = (uint8_t)ck.cause;
      sm_set_not_before(sm, slot, max_u64(ck.retry, *issued ? now + 1 : 0));
      *next = min_u64(*next, ck.retry);
      break;
    }
    int rc = issue(sm, slot, t, inst, now);
    if (rc)
      return rc;
    *issued = true;
    /* A second instruction of the same warp (dual issue) must find
     * its operands and unit ready too; can_issue checks both. */
    if (sw->is_functionally_done || sm->slot[slot].not_before > now + 1)
      break;
  }
  if (*issued && (sm->used_mask >> slot & 1))
    *next = min_u64(*next, sm->slot[slot].not_before);
  return 0;
}

int sm_cycle(sm_core *sm, uint64_t now)
{
  sm_wheel_turn(sm, now);
  account_sleep(sm, now);
  sm->last_cycle = now;
  sm->st.active_warp_cycles += sm->resident_warps;
  uint64_t next = SM_NEVER;
  for (uint32_t s = 0; s < sm->p->n_schedulers; s++) {
    /* Candidates: warps of this scheduler that may issue now.  Only the
     * not_before array is read for warps that wait, without branches
     * (whether a warp waits is as good as random). */
    uint64_t mine = sm->used_mask & sm->sched_mask[s], ready = 0;
    if (PTX_LIKELY(sm->p->is_skip_idle)) {
      /* The same answers from the wake-up wheel, warps unread. */
      ready = sm->due & mine;
      next = min_u64(next, sm_wheel_next(sm, now, mine));
    } else {
      for (uint64_t m = mine; m; m &= m - 1) {
        uint32_t slot = (uint32_t)__builtin_ctzll(m);
        uint64_t nb = sm->slot[slot].not_before;
        bool is_waiting = nb > now;
        ready |= (uint64_t)!is_waiting << slot;
        next = min_u64(next, is_waiting ? nb : SM_NEVER);
      }
    }
    uint64_t waiting = mine & ~ready;
    sm_cause why = SM_CAUSE_IDLE;
    bool issued = false;
    pol_sched *ps = &sm->sched[s];
    if (ready && ps->ops->rotation_first && !ps->ops->view_mask && sm->p->is_skip_idle) {
      /* A rotation in slot order (pol_sched.h): the ready slots from the
       * policy's first one up, then those below it, tried lazily, with no
       * view and no order() call. */
      uint32_t first = ps->ops->rotation_first(ps->self);
      first = first >= SM_MAX_WARPS ? 0 : first;
      /* Bit k of r: slot (first + k) % 64; in registers, as the loop
       * runs for every try. */
      uint64_t r = first ? ready >> first | ready << (SM_MAX_WARPS - first) : ready;
      while (r && !issued) {
        uint32_t slot = ((uint32_t)__builtin_ctzll(r) + first) & (SM_MAX_WARPS - 1);
        r &= r - 1;
        uint64_t refill = sm->slot[slot].ibuf_ready;
        if (refill > now && sm->slot[slot].fetch_wait != SM_CAUSE_COUNT) {
          /* try_warp's answer for a buffer waiting for its refill
           * (sm_fetch_has_insn, the first check), without reading the
           * warp's state: a cause of class Idle, nothing issued yet. */
          sm_cause c = (sm_cause)sm->slot[slot].fetch_wait;
          why = c < why ? c : why;
          sm->slot[slot].wait_cause = (uint8_t)c;
          sm_set_not_before(sm, slot, refill);
          next = min_u64(next, refill);
          continue;
        }
        int rc = try_warp(sm, slot, now, &issued, &why, &next);
        if (rc)
          return rc;
      }
      /* Warps that were not tried could issue next cycle. */
      if (r)
        next = min_u64(next, now + 1);
    } else if (ready) {
      pol_warp_view views[SM_MAX_WARPS];
      uint16_t order[SM_MAX_WARPS];
      uint32_t n = 0;
      for (uint64_t r = ready; r; r &= r - 1)
        warp_view(sm, s, (uint32_t)__builtin_ctzll(r), &views[n++]);
      uint32_t n_ordered = pol_sched_order(ps, views, n, now, order);
      uint32_t tried = 0;
      for (uint32_t i = 0; i < n_ordered && !issued; i++) {
        tried++;
        int rc = try_warp(sm, views[order[i]].slot, now, &issued, &why, &next);
        if (rc)
          return rc;
      }
      /* Warps the policy left out or that were not tried could issue
       * next cycle. */
      if (tried < n)
        next = min_u64(next, now + 1);
    }
    if (issued)
      sm->last_stall[s] = SM_CAUSE_COUNT;
    else {
      why = cause_of_waiting(sm, waiting, why);
      count_stall(sm, s, why, 1);
      sm->last_stall[s] = (uint8_t)why;
    }
  }
  sm->wake = next <= now ? now + 1 : next;
  return 0;
}

void sm_finish(sm_core *sm, uint64_t end)
{
  if (sm->last_cycle && end > sm->last_cycle)
    account_sleep(sm, end + 1);
  if (sm->dep && sm->dep_ops->finish)
    sm->dep_ops->finish(sm->dep, end);
}
