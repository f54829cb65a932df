/* sm_core.c -- one SM of the timing model: warp slots, schedulers,
 * scoreboard, execution units and the hand-over of memory instructions
 * to memsys (see sm_core.h for the model).
 *
 * Per-cycle work is kept to what can change: a warp that cannot issue
 * before a known cycle records it in not_before and is skipped until then;
 * one that waits for memory or a barrier is skipped until the memory
 * callback or the barrier wakes it.  The scheduler policy only orders the
 * warps that may issue.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "pipeline/sm_core.h"
#include "pipeline/tm_gpu.h"

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
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
  if (!sm->ctas) {
    snprintf(err, errlen, "out of memory");
    return PTX_ENOMEM;
  }
  for (uint32_t s = 0; s < p->n_schedulers; s++) {
    int rc = pol_sched_create(&sm->sched[s], &p->sched, SM_MAX_WARPS, err, errlen);
    if (rc)
      return rc;
  }
  for (uint32_t i = 0; i < p->n_warp_slots; i++)
    sm->sched_mask[i % p->n_schedulers] |= UINT64_C(1) << i;
  for (uint32_t s = 0; s < SM_MAX_SCHEDULERS; s++)
    sm->last_stall[s] = SM_STALL_IDLE;
  sm->wake = SM_NEVER;
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
}

bool sm_has_room(const sm_core *sm, uint32_t n_warps)
{
  if (sm->n_ctas >= sm->p->n_cta_slots)
    return false;
  uint64_t all = sm->p->n_warp_slots == 64 ? UINT64_MAX
                                           : (UINT64_C(1) << sm->p->n_warp_slots) - 1;
  return (uint32_t)__builtin_popcountll(all & ~sm->used_mask) >= n_warps;
}

static void sched_event(sm_core *sm, uint32_t slot, pol_sched_event_kind kind)
{
  pol_sched_event_post(&sm->sched[slot % sm->p->n_schedulers], kind, slot);
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
    sm->age[slot] = sm->next_age++;
    /* The first fetch goes through the fetch port like any other. */
    uint64_t start = max_u64(now, sm->fetch_free);
    sm->fetch_free = start + 1;
    sw->ibuf_ready = start + sm->p->fetch_latency;
    sm->not_before[sw->slot] = sw->ibuf_ready;
    sm->resident_warps++;
    sched_event(sm, slot, POL_EV_WARP_ADDED);
  }
  sm->wake = min_u64(sm->wake, now);
  return 0;
}

/* ---- the scoreboard ------------------------------------------------------ */

/* Drops pending writes and in-flight entries that have landed (only when
 * one can have: next_retire is the earliest known landing). */
static void sb_retire(sm_warp *sw, uint64_t now)
{
  if (now < sw->next_retire)
    return;
  uint64_t next = SM_NEVER;
  uint32_t n = 0;
  for (uint32_t i = 0; i < sw->n_pending; i++)
    if (sw->pending[i].ready > now) {
      next = min_u64(next, sw->pending[i].ready);
      sw->pending[n++] = sw->pending[i];
    }
  sw->n_pending = n;
  n = 0;
  for (uint32_t i = 0; i < sw->n_inflight; i++)
    if (sw->inflight_done[i] > now) {
      next = min_u64(next, sw->inflight_done[i]);
      sw->inflight_done[n] = sw->inflight_done[i];
      sw->inflight_mem[n] = sw->inflight_mem[i];
      n++;
    }
  sw->n_inflight = n;
  sw->next_retire = next;
}

/* Scoreboard entries an instruction takes: one per register written, or
 * one standing for every register when it writes more than SM_WIDE_DEFS
 * (matrix instructions): later instructions then wait for all of it. */
static inline uint32_t pending_entries(const tm_insn *t)
{
  return t->n_defs > SM_WIDE_DEFS ? 1 : t->n_defs;
}

/* The cycle at which every register of t is free (now or earlier: free
 * now; SM_NEVER: waits for memory). */
static uint64_t sb_ready(const sm_warp *sw, const tm_insn *t)
{
  uint64_t ready = 0;
  uint32_t n = (uint32_t)t->n_defs + t->n_uses;
  for (uint32_t i = 0; i < sw->n_pending; i++)
    for (uint32_t j = 0; j < n; j++)
      if (sw->pending[i].reg == t->regs[j] || sw->pending[i].reg == SM_ANY_REG) {
        ready = max_u64(ready, sw->pending[i].ready);
        break;
      }
  return ready;
}

static uint64_t inflight_all_done(const sm_warp *sw)
{
  uint64_t d = 0;
  for (uint32_t i = 0; i < sw->n_inflight; i++)
    d = max_u64(d, sw->inflight_done[i]);
  return d;
}

static uint64_t inflight_first_done(const sm_warp *sw)
{
  uint64_t d = SM_NEVER;
  for (uint32_t i = 0; i < sw->n_inflight; i++)
    d = min_u64(d, sw->inflight_done[i]);
  return d;
}

/* ---- memory instructions ---------------------------------------------------- */

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

/* ---- issue ------------------------------------------------------------------ */

/* Why a warp could not issue, and from when it might. */
typedef struct issue_check {
  sm_stall why;
  uint64_t retry;             /* SM_NEVER: until woken */
} issue_check;

static bool unit_pick(sm_core *sm, const tm_insn *t, uint64_t now, uint32_t *inst,
                      uint64_t *free_at)
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
    best = min_u64(best, sm->unit_free[t->unit][i]);
  }
  *free_at = best;
  return false;
}

/* Whether the warp's next instruction can issue at now; fills why. */
static bool can_issue(sm_core *sm, sm_warp *sw, uint64_t now, const tm_insn **tp,
                      uint32_t *unit_inst, issue_check *why)
{
  if (sw->ibuf_n == 0) {
    if (sw->ibuf_ready > now) {
      *why = (issue_check){SM_STALL_IDLE, sw->ibuf_ready};
      return false;
    }
    sw->ibuf_n = sm->p->ibuf_entries;
  }
  const tm_insn *t = sw->next_t;
  *tp = t;
  sb_retire(sw, now);
  if (t->is_drain && sw->n_inflight) {
    *why = (issue_check){SM_STALL_SCOREBOARD, inflight_all_done(sw)};
    return false;
  }
  if (sm->p->max_inflight && sw->n_inflight >= sm->p->max_inflight) {
    *why = (issue_check){SM_STALL_SCOREBOARD, inflight_first_done(sw)};
    return false;
  }
  if (sw->n_inflight >= SM_MAX_INFLIGHT || sw->n_pending + pending_entries(t) > SM_SB_ENTRIES) {
    *why = (issue_check){SM_STALL_SCOREBOARD, inflight_first_done(sw)};
    return false;
  }
  uint64_t r = sb_ready(sw, t);
  if (r > now) {
    *why = (issue_check){SM_STALL_SCOREBOARD, r};
    return false;
  }
  if (t->kind == TM_KIND_MEM) {
    if (!mem_sm_can_issue(sm->mem, sm->id, now)) {
      /* Woken by sm_ldst_ready when the pipeline takes one again. */
      *why = (issue_check){SM_STALL_PIPELINE, SM_NEVER};
      sm->ldst_waiters |= UINT64_C(1) << (sw - sm->warps);
      return false;
    }
    *unit_inst = UINT32_MAX;
    return true;
  }
  uint64_t free_at = 0;
  if (!unit_pick(sm, t, now, unit_inst, &free_at)) {
    *why = (issue_check){SM_STALL_PIPELINE, free_at};
    return false;
  }
  return true;
}

static void add_pending(sm_warp *sw, const tm_insn *t, uint64_t ready, uint32_t mem_id)
{
  if (t->n_defs > SM_WIDE_DEFS)
    sw->pending[sw->n_pending++] = (sm_pending){.reg = SM_ANY_REG, .mem_id = mem_id,
                                                .ready = ready};
  else
    for (uint32_t i = 0; i < t->n_defs; i++)
      sw->pending[sw->n_pending++] = (sm_pending){.reg = t->regs[i], .mem_id = mem_id,
                                                  .ready = ready};
  sw->next_retire = min_u64(sw->next_retire, ready);
  sw->inflight_done[sw->n_inflight] = ready;
  sw->inflight_mem[sw->n_inflight] = mem_id;
  sw->n_inflight++;
}

/* Refills the instruction buffer after a redirect or when it ran dry. */
static void refetch(sm_core *sm, sm_warp *sw, uint64_t from)
{
  uint64_t start = max_u64(from, sm->fetch_free);
  sm->fetch_free = start + 1;
  sw->ibuf_n = 0;
  sw->ibuf_ready = start + sm->p->fetch_latency;
}

static void warp_slot_free(sm_core *sm, uint32_t slot, uint64_t now);

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
      sm->not_before[s] = min_u64(sm->not_before[s], now + 1);
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
    if (sw->cta_slot == cta_slot && sm->not_before[sw->slot] == SM_NEVER && !sw->w->is_blocked &&
        !sw->is_functionally_done && sw->n_mem == 0)
      sm->not_before[sw->slot] = now + 1;
  }
}

static int issue(sm_core *sm, uint32_t slot, const tm_insn *t, uint32_t unit_inst, uint64_t now)
{
  sm_warp *sw = &sm->warps[slot];
  simt_warp *w = sw->w;
  const isa_insn *in = simt_next_insn(w);
  simt_record rec;
  int rc = simt_step(w, &rec);
  const simt_observer *ob = sm->launch->observer;
  if (ob && ob->on_insn)
    ob->on_insn(ob->ctx, w, &rec, now);
  if (rc)
    return rc;
  sm->st.issued_warp_insns++;
  sm->st.issued_thread_insns += (uint64_t)__builtin_popcount(rec.active);
  sm->st.issue_hist[__builtin_popcount(rec.exec)]++;
  sm->st.unit_busy[t->unit] += t->interval;
  sched_event(sm, slot, POL_EV_ISSUE);

  if (unit_inst != UINT32_MAX)
    sm->unit_free[t->unit][unit_inst] = now + t->interval;
  switch ((tm_kind)t->kind) {
  case TM_KIND_MEM:
    if (rec.exec && rec.space_mask) {
      mem_warp_access parts[ISA_SPACE_COUNT];
      uint32_t n_parts = build_access(sm, w, &rec, t, parts);
      uint32_t id = sw->next_mem_id++ & 0xffff;
      add_pending(sw, t, SM_NEVER, id);
      sw->n_mem++;
      mem_sm_issue_parts(sm->mem, sm->id, parts, n_parts, now, (uint64_t)slot << 16 | id);
    } else {
      add_pending(sw, t, now + 1, 0);
    }
    break;
  case TM_KIND_TEX:
    add_pending(sw, t, now + sm->p->tex_latency, 0);
    break;
  default:
    add_pending(sw, t, now + (t->latency ? t->latency : 1), 0);
    break;
  }
  /* The instruction buffer: the next instruction is the one after, unless
   * control went elsewhere. */
  if (!rec.is_warp_done) {
    bool redirected = rec.next_pc != rec.pc + 1 || w->code != in->func->insns;
    if (redirected)
      refetch(sm, sw, now + 1 + sm->p->branch_latency);
    else if (--sw->ibuf_n == 0)
      refetch(sm, sw, now + 1);
  }
  sm->not_before[sw->slot] = now + 1;
  if (!rec.is_warp_done)
    sw->next_t = tm_kernel_insn(sm->k, simt_next_insn(w));
  if (t->kind == TM_KIND_BARRIER) {
    if (w->is_blocked) {
      sm->not_before[sw->slot] = SM_NEVER;
      sched_event(sm, slot, POL_EV_BARRIER);
    }
    wake_released(sm, sw->cta_slot, now);
    rc = check_barriers(sm, &sm->ctas[sw->cta_slot], now);
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
      warp_slot_free(sm, slot, now);
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

static void warp_slot_free(sm_core *sm, uint32_t slot, uint64_t now)
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

void sm_mem_done(sm_core *sm, uint64_t tag, uint64_t cycle)
{
  uint32_t slot = (uint32_t)(tag >> 16), id = (uint32_t)(tag & 0xffff);
  sm_warp *sw = &sm->warps[slot];
  for (uint32_t i = 0; i < sw->n_pending; i++)
    if (sw->pending[i].ready == SM_NEVER && sw->pending[i].mem_id == id)
      sw->pending[i].ready = cycle;
  for (uint32_t i = 0; i < sw->n_inflight; i++)
    if (sw->inflight_done[i] == SM_NEVER && sw->inflight_mem[i] == id)
      sw->inflight_done[i] = cycle;
  sw->next_retire = min_u64(sw->next_retire, cycle);
  sw->n_mem--;
  if (sw->is_functionally_done) {
    if (sw->n_mem == 0)
      warp_slot_free(sm, slot, cycle);
    return;
  }
  if (!sw->w->is_blocked)
    sm->not_before[sw->slot] = min_u64(sm->not_before[sw->slot], cycle);
  sm->wake = min_u64(sm->wake, cycle);
}

/* Why a scheduler whose warps in `waiting` could not be tried issued
 * nothing, given why the tried ones failed: waiting for the LD/ST pipeline
 * is a pipeline stall, waiting on a register or on memory a scoreboard
 * stall, anything else (buffers, barriers) idle. */
static sm_stall stall_of_waiting(const sm_core *sm, uint64_t waiting, sm_stall why)
{
  if (why == SM_STALL_PIPELINE || (waiting & sm->ldst_waiters))
    return SM_STALL_PIPELINE;
  while (waiting && why == SM_STALL_IDLE) {
    uint32_t slot = (uint32_t)__builtin_ctzll(waiting);
    waiting &= waiting - 1;
    const sm_warp *sw = &sm->warps[slot];
    if (sm->not_before[slot] == SM_NEVER ? sw->n_mem > 0 && !sw->w->is_blocked
                                         : sw->n_pending > 0)
      why = SM_STALL_SCOREBOARD;
  }
  return why;
}

void sm_ldst_ready(sm_core *sm, uint64_t now)
{
  uint64_t m = sm->ldst_waiters & sm->used_mask;
  sm->ldst_waiters = 0;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    sm_warp *sw = &sm->warps[s];
    if (sm->not_before[sw->slot] == SM_NEVER && !sw->w->is_blocked && !sw->is_functionally_done)
      sm->not_before[sw->slot] = now;
  }
  sm->wake = min_u64(sm->wake, now);
}

/* ---- the cycle ---------------------------------------------------------------- */

static void account_sleep(sm_core *sm, uint64_t now)
{
  /* Cycles between the last run and now were spent as the last run left
   * each scheduler. */
  if (now > sm->last_cycle + 1 && sm->last_cycle != 0) {
    uint64_t gap = now - sm->last_cycle - 1;
    for (uint32_t s = 0; s < sm->p->n_schedulers; s++)
      if (sm->last_stall[s] < SM_STALL_COUNT)
        sm->st.stall[s][sm->last_stall[s]] += gap;
      else
        sm->st.stall[s][SM_STALL_IDLE] += gap;
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
    v->n_active_lanes = (uint8_t)__builtin_popcount(w->active);
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

int sm_cycle(sm_core *sm, uint64_t now)
{
  account_sleep(sm, now);
  sm->last_cycle = now;
  sm->st.active_warp_cycles += sm->resident_warps;
  uint64_t next = SM_NEVER;
  for (uint32_t s = 0; s < sm->p->n_schedulers; s++) {
    /* Candidates: warps of this scheduler that may issue now. */
    pol_warp_view views[SM_MAX_WARPS];
    uint16_t order[SM_MAX_WARPS];
    uint32_t n = 0;
    uint64_t m = sm->used_mask & sm->sched_mask[s], waiting = 0;
    sm_stall why = SM_STALL_IDLE;
    /* Only the not_before and age arrays are read for warps that wait. */
    while (m) {
      uint32_t slot = (uint32_t)__builtin_ctzll(m);
      m &= m - 1;
      uint64_t nb = sm->not_before[slot];
      if (nb > now) {
        next = min_u64(next, nb);
        waiting |= UINT64_C(1) << slot;
        continue;
      }
      warp_view(sm, s, slot, &views[n++]);
    }
    bool issued = false;
    if (n) {
      uint32_t n_ordered = pol_sched_order(&sm->sched[s], views, n, now, order);
      uint32_t tried = 0;
      for (uint32_t i = 0; i < n_ordered && !issued; i++) {
        tried++;
        uint32_t slot = views[order[i]].slot;
        sm_warp *sw = &sm->warps[slot];
        for (uint32_t k = 0; k < sm->p->issue_per_warp; k++) {
          const tm_insn *t = NULL;
          uint32_t inst = UINT32_MAX;
          issue_check ck;
          if (!can_issue(sm, sw, now, &t, &inst, &ck)) {
            if (!issued) {
              if (ck.why == SM_STALL_PIPELINE ||
                  (ck.why == SM_STALL_SCOREBOARD && why == SM_STALL_IDLE))
                why = ck.why;
              if (ck.why == SM_STALL_SCOREBOARD && ck.retry == SM_NEVER)
                sched_event(sm, slot, POL_EV_LONG_LATENCY_STALL);
            }
            sm->not_before[sw->slot] = max_u64(ck.retry, issued ? now + 1 : 0);
            next = min_u64(next, ck.retry);
            break;
          }
          int rc = issue(sm, slot, t, inst, now);
          if (rc)
            return rc;
          issued = true;
          /* A second instruction of the same warp (dual issue) must find
           * its operands and unit ready too; can_issue checks both. */
          if (sw->is_functionally_done || sm->not_before[sw->slot] > now + 1)
            break;
        }
        if (issued && (sm->used_mask >> slot & 1))
          next = min_u64(next, sm->not_before[slot]);
      }
      /* Warps the policy left out or that were not tried could issue
       * next cycle. */
      if (tried < n)
        next = min_u64(next, now + 1);
    }
    if (issued)
      sm->last_stall[s] = SM_STALL_COUNT;
    else {
      why = stall_of_waiting(sm, waiting, why);
      sm->st.stall[s][why]++;
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
}
