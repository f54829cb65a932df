/* preempt_ctl.c -- the preemption controller (see preempt_ctl.h): the
 * interrupts, the stop and drain of an SM's warps, the save and restore of
 * their contexts through the functional core's warp-context seam
 * (isa/simt_context.c) and what they cost.  What a context holds is
 * preempt_ctx.c's, the memory-system transfer preempt_xfer.c's; the state
 * they share is preempt_int.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/ctx_compress.h"
#include "isa/ctx_live.h"
#include "memsys/mem_timing.h"
#include "pipeline/preempt_alloc.h"
#include "pipeline/preempt_ctl.h"
#include "pipeline/preempt_int.h"
#include "pipeline/sm_int.h"
#include "ptxsim.h"

int tm_preempt_create(const tm_config *conf, const tm_kernel *k, uint32_t n_sms,
                      const tm_preempt_launch *la, tm_preempt **out)
{
  *out = NULL;
  if (!conf->preempt_inject && !la->second)
    return 0;
  tm_preempt *p = calloc(1, sizeof *p);
  if (!p)
    return PTX_ENOMEM;
  p->conf = conf;
  p->k = k;
  p->la = *la;
  p->n_sms = n_sms;
  p->next_inject = !conf->preempt_inject   ? UINT64_MAX
                   : conf->preempt_inject_at ? conf->preempt_inject_at
                                             : conf->preempt_inject;
  if (la->second) {
    p->second = *la->second;
    p->sec = SEC_PENDING;
    p->sec_n = p->second.n_sms && p->second.n_sms < n_sms ? p->second.n_sms : n_sms;
    uint32_t per_sm = p->sec_n ? (p->second.n_ctas + p->sec_n - 1) / p->sec_n : 1;
    p->sec_cap = p->second.ctas_per_sm < per_sm ? p->second.ctas_per_sm : per_sm;
    if (!p->sec_cap)
      p->sec_cap = 1;
  }
  p->sm = calloc(n_sms ? n_sms : 1, sizeof *p->sm);
  p->maps = calloc(k->n_funcs ? k->n_funcs : 1, sizeof *p->maps);
  int rc = p->sm && p->maps ? 0 : PTX_ENOMEM;
  /* The TB-level numbers are counted in the live modes; the option
   * decides whether live_cp saves that way. */
  if (!rc && is_live_mode(p)) {
    uint32_t n_warps = conf->max_warps_per_sm ? conf->max_warps_per_sm : 1;
    p->tb_frames = calloc(n_warps, sizeof *p->tb_frames);
    p->tb_lanes = calloc(n_warps, sizeof *p->tb_lanes);
    p->tb_scratch = calloc((size_t)n_warps * SIMT_WARP_SIZE, sizeof *p->tb_scratch);
    if (!p->tb_frames || !p->tb_lanes || !p->tb_scratch)
      rc = PTX_ENOMEM;
  }
  if (!rc && n_sms > TM_CTX_MAX_SMS)
    rc = PTX_EINVAL; /* the context areas would reach local memory */
  for (uint32_t s = 0; !rc && s < n_sms; s++) {
    p->sm[s].smem_saved = calloc(conf->max_ctas_per_sm, sizeof(bool));
    p->sm[s].smem_buf = la->smem_per_cta
                            ? malloc((size_t)la->smem_per_cta * conf->max_ctas_per_sm)
                            : NULL;
    if (!p->sm[s].smem_saved || (la->smem_per_cta && !p->sm[s].smem_buf))
      rc = PTX_ENOMEM;
  }
  for (uint32_t f = 0; !rc && f < k->n_funcs; f++) {
    const tm_func *tf = &k->funcs[f];
    if (!tf->insns)
      continue;
    rc = preempt_map_func(&p->maps[f], tf);
    for (uint32_t i = 0; i < tf->n_insns; i++)
      if (tf->insns[i].latency > p->max_latency)
        p->max_latency = tf->insns[i].latency;
  }
  if (rc) {
    tm_preempt_free(p);
    return rc;
  }
  p->bw = conf->preempt_bw;
  p->is_memsys = conf->preempt_bw == 0;
  p->lat = conf->mem.icnt_latency;
  *out = p;
  return 0;
}

void tm_preempt_free(tm_preempt *p)
{
  if (!p)
    return;
  for (uint32_t s = 0; p->sm && s < p->n_sms; s++) {
    for (uint32_t w = 0; w < SM_MAX_WARPS; w++)
      free(p->sm[s].ctx[w]);
    free(p->sm[s].smem_buf);
    free(p->sm[s].smem_saved);
  }
  for (uint32_t f = 0; p->maps && f < p->k->n_funcs; f++) {
    free(p->maps[f].at);
    free(p->maps[f].n);
    free(p->maps[f].dead_slots);
    free(p->maps[f].dead_preds);
    free(p->maps[f].slot_of);
  }
  free(p->tb_frames);
  free(p->tb_lanes);
  free(p->tb_scratch);
  free(p->maps);
  free(p->sm);
  free(p);
}

uint64_t tm_preempt_next_inject(const tm_preempt *p)
{
  if (p->sec == SEC_PENDING && p->second.at < p->next_inject)
    return p->second.at;
  return p->next_inject;
}

bool tm_preempt_holds(const tm_preempt *p, uint32_t sm)
{
  return sm < p->n_sms && p->sm[sm].ph != PH_IDLE;
}

void tm_preempt_get_stats(const tm_preempt *p, tm_preempt_stats *out)
{
  *out = p->st;
}

/* The event of SM ps (interrupt at ps's t_irq, drained at saved) is over:
 * its counters join the launch's and go to the sink. */
static void event_done(tm_preempt *p, preempt_sm *ps, uint64_t saved)
{
  tm_preempt_stats *e = &ps->ev;
  e->latency_max = e->latency_cycles;
  uint64_t latency_max = p->st.latency_max;
#define X(field, name, doc) p->st.field += e->field;
  TM_PREEMPT_COUNTERS(X)
#undef X
  p->st.latency_max = latency_max > e->latency_cycles ? latency_max : e->latency_cycles;
  if (p->la.sink && p->la.sink->on_event) {
    tm_preempt_event ev = {.sm = (uint32_t)(ps - p->sm), .mode = p->conf->preempt_mode,
                           .cycle = ps->t_irq, .saved = saved,
                           .second_cycles = ps->is_second ? p->sec_cycles : 0, .d = *e};
    p->la.sink->on_event(p->la.sink->ctx, &ev);
  }
  memset(e, 0, sizeof *e);
}

/* ---- the SM side ---------------------------------------------------------- */

bool sm_preempt_may_issue(sm_core *sm, sm_warp *sw, const tm_insn *t, uint64_t now,
                          sm_wait *why)
{
  if (sm->is_stopping && (t->preempt & TM_PREEMPT_STOP)) {
    /* Parked until the controller resumes the SM. */
    sm->stopped_mask |= UINT64_C(1) << sw->slot;
    *why = (sm_wait){SM_CAUSE_IDLE, SM_NEVER};
    return false;
  }
  if (!(t->preempt & TM_PREEMPT_PP))
    return true;
  uint64_t key = sw->w->n_insns + 1;
  if (sw->pp_paid == key)
    return true;
  sw->pp_paid = key;
  sm->st.pp_hits++;
  /* The pp takes this cycle's issue slot, as a nullified instruction does
   * (sm_core.c); the second instruction of a dual issue waits a cycle. */
  if (sm->slot[sw->slot].not_before > now)
    *why = (sm_wait){SM_CAUSE_CONTROL, now + 1};
  else
    *why = (sm_wait){SM_CAUSE_COUNT, SM_NEVER};
  return false;
}

/* ---- the controller ----------------------------------------------------- */

/* Whether every warp of the SM has stopped (at its stop point, at a
 * barrier, or finished) and nothing of it is in flight at now.  The
 * per-warp scoreboard drops landed writes lazily: retired here first.
 * Another dependence unit cannot say at a given cycle, so its warps count
 * as drained the longest fixed latency after the last one stopped with
 * no memory access outstanding (ps->t_quiet). */
static bool is_quiet(const tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now)
{
  uint64_t m = sm->used_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    const sm_warp *sw = &sm->warps[s];
    bool is_stopped = (sm->stopped_mask >> s & 1) || sw->w->is_blocked || sw->is_functionally_done;
    if (!is_stopped || sw->n_mem) {
      ps->t_quiet = SM_NEVER;
      return false;
    }
    if (sm->is_dep_per_warp) {
      pw_warp *pw = &((sm_dep_per_warp *)sm->dep)->warps[s];
      pw_retire(pw, now);
      if (pw->n_pending || pw->n_inflight)
        return false;
    }
  }
  if (sm->is_dep_per_warp)
    return true;
  if (ps->t_quiet == SM_NEVER)
    ps->t_quiet = now;
  return now >= ps->t_quiet + p->max_latency;
}

static uint64_t segs(uint64_t bytes)
{
  return (bytes + SEGMENT_BYTES - 1) / SEGMENT_BYTES;
}

static uint64_t cycles_of(const tm_preempt *p, uint64_t segments)
{
  double c = (double)segments * SEGMENT_BYTES / p->bw;
  uint64_t n = (uint64_t)c;
  return (double)n < c ? n + 1 : n;
}

/* The CTA slots whose registers (or shared memory) leave for count
 * requests of req each to fit, CTAs of per_cta each taking capacity:
 * in-place switching (004 §1.3) by preempt_alloc.h's policy (contiguous
 * first-fit, the fewest CTAs, the highest addresses first).  Slots beyond
 * the table's 16 entries always leave. */
static uint64_t evict_slots(const sm_core *sm, uint64_t per_cta, uint64_t capacity, uint64_t req,
                            uint32_t count)
{
  uint64_t used = 0;
  for (uint32_t c = 0; c < sm->p->n_cta_slots && c < 64; c++)
    if (sm->ctas[c].in_use)
      used |= UINT64_C(1) << c;
  if (!per_cta || !req)
    return 0;
  tm_alloc_table t;
  uint32_t slot_of[TM_ALLOC_ENTRIES];
  tm_alloc_table_of_slots(&t, capacity, per_cta, used, slot_of);
  uint32_t ev = tm_alloc_evict(&t, req, count);
  uint64_t out = used;
  for (uint32_t i = 0; i < t.n; i++)
    if (!(ev >> i & 1))
      out &= ~(UINT64_C(1) << slot_of[i]);
  return out;
}

/* ---- the memsys path (-ptxsim_preempt_bw 0) ------------------------------ */

/* The SM's warps and CTAs have stopped: save what the mode saves, count
 * the event. */
static int switch_out(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now)
{
  const tm_config *conf = p->conf;
  bool is_live = is_live_mode(p);
  uint32_t n_cta_slots = sm->p->n_cta_slots;
  uint64_t ev_regs = UINT64_MAX, ev_smem = UINT64_MAX;
  if (conf->preempt_inplace) {
    /* The incoming work: the second kernel's CTAs, or (an injected
     * interrupt) one more CTA of this kernel. */
    uint64_t r_regs = p->la.regs_per_cta, r_smem = p->la.smem_per_cta;
    uint32_t count = 1;
    if (ps->is_second) {
      r_regs = p->second.regs_per_cta;
      r_smem = p->second.smem_per_cta;
      count = p->sec_cap;
    }
    ev_regs = evict_slots(sm, p->la.regs_per_cta, p->la.sm_regs, r_regs, count);
    ev_smem = evict_slots(sm, p->la.smem_per_cta, p->la.sm_smem, r_smem, count);
  }
  uint64_t b_regs = 0, b_smem = 0, b_simt = 0, b_occ = 0, b_live = 0, b_cp = 0;
  uint64_t s_regs = 0, s_smem = 0, s_simt = 0;
  for (uint32_t c = n_cta_slots; c-- > 0;) {
    sm_cta *sc = &sm->ctas[c];
    if (!sc->in_use)
      continue;
    bool is_regs = c >= 64 || (ev_regs >> c & 1), is_smem = c >= 64 || (ev_smem >> c & 1);
    if (is_regs)
      ps->ev.tbs_evicted++;
    else
      ps->ev.tbs_kept++;
    if (is_smem && sc->cta.shared_bytes) {
      uint64_t n = sc->cta.shared_bytes;
      if (n > p->la.smem_per_cta) /* cannot be: one buffer per CTA slot */
        return PTX_EINVAL;
      memcpy(ps->smem_buf + (size_t)c * p->la.smem_per_cta, sc->cta.shared, n);
      memset(sc->cta.shared, 0xa5, n);
      ps->smem_saved[c] = true;
      b_smem += n;
      s_smem += segs(n);
      ps->ev.smem_evicted++;
    }
    if (!is_regs)
      continue;
    /* Fig 2.9: TB-level compression at a barrier, counted beside the
     * warp-level bytes; under -ptxsim_preempt_tb_compress (live_cp) the
     * CTA's registers are saved TB-level, as one record. */
    uint64_t tb_warp = 0, tb_tb = 0;
    bool is_tb = is_live && p->tb_frames && preempt_tb_level(p, sm, c, &tb_warp, &tb_tb);
    if (is_tb) {
      ps->ev.tbs_at_barrier++;
      ps->ev.tb_bytes_warp += tb_warp;
      ps->ev.tb_bytes_tb += tb_tb;
    }
    bool is_tb_saved =
        is_tb && conf->preempt_tb_compress && conf->preempt_mode == TM_PREEMPT_LIVE_CP;
    if (is_tb_saved) {
      b_regs += tb_tb;
      s_regs += segs(tb_tb);
    }
    uint64_t m = sm->used_mask;
    while (m) {
      uint32_t s = (uint32_t)__builtin_ctzll(m);
      m &= m - 1;
      sm_warp *sw = &sm->warps[s];
      if (sw->cta_slot != c)
        continue;
      simt_warp *w = sw->w;
      uint64_t occ = (uint64_t)p->la.regs_per_thread * 4 * SIMT_WARP_SIZE;
      const tm_func *tf = NULL;
      uint32_t slots = 0, preds = 0;
      uint64_t live = occ, cp = occ;
      const uint64_t *set = preempt_live_set(p, w, &tf, &slots, &preds);
      if (set) {
        live = (uint64_t)slots * 4 * SIMT_WARP_SIZE + (uint64_t)preds * PRED_BYTES;
        cp = preempt_compressed_bytes(p, w, tf, set);
      }
      uint64_t regs = !is_live ? occ : conf->preempt_mode == TM_PREEMPT_LIVE_CP ? cp : live;
      uint64_t simt = (uint64_t)w->n_stack * SIMT_ENTRY_BYTES;
      b_occ += occ;
      b_live += live;
      b_cp += cp;
      b_simt += simt;
      if (!is_tb_saved) {
        b_regs += regs;
        s_regs += segs(regs);
      }
      s_simt += segs(simt);
      size_t len = simt_warp_context_size(w);
      void *buf = realloc(ps->ctx[s], len);
      if (!buf)
        return PTX_ENOMEM;
      ps->ctx[s] = buf;
      ps->ctx_len[s] = len;
      int rc = simt_warp_save(w, buf, len);
      if (rc)
        return rc;
      simt_warp_poison(w, POISON);
      ps->ev.warps_saved++;
    }
  }
  uint64_t drain = now - ps->t_irq;
  ps->ev.events++;
  ps->ev.drain_cycles += drain;
  ps->ev.bytes_regs += b_regs;
  ps->ev.bytes_smem += b_smem;
  ps->ev.bytes_simt += b_simt;
  ps->ev.bytes_occupied += b_occ;
  ps->ev.bytes_live += b_live;
  ps->ev.bytes_live_cp += b_cp;
  ps->ev.segments += s_regs + s_smem + s_simt;
  if (p->is_memsys) {
    ps->n_seg[PART_REGS] = s_regs;
    ps->n_seg[PART_SIMT] = s_simt;
    ps->n_seg[PART_SMEM] = s_smem;
    ps->drain = drain;
    preempt_start_transfer(ps, PH_SAVING, now);
    return 0;
  }
  uint64_t c_regs = cycles_of(p, s_regs), c_smem = cycles_of(p, s_smem);
  uint64_t c_simt = cycles_of(p, s_simt);
  uint64_t spill = c_regs + c_smem + c_simt + p->lat;
  ps->ev.spill_cycles_regs += c_regs;
  ps->ev.spill_cycles_smem += c_smem;
  ps->ev.spill_cycles_simt += c_simt;
  ps->ev.spill_cycles += spill;
  ps->ev.restore_cycles += spill;
  ps->ev.latency_cycles += drain + spill;
  if (ps->is_second) {
    /* Out until the second kernel has run; the restore then. */
    ps->spill = spill;
    ps->t_saved = now + spill;
    ps->ph = PH_HOSTING;
    return 0;
  }
  /* Switched out for the save, then back in for the restore. */
  ps->t_resume = now + 2 * spill;
  ps->ph = PH_SWITCHED_OUT;
  event_done(p, ps, now);
  return 0;
}

/* The restore is done: contexts back into the warps, the warps go on. */
static int switch_in(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now)
{
  for (uint32_t c = 0; c < sm->p->n_cta_slots; c++) {
    if (!ps->smem_saved[c])
      continue;
    sm_cta *sc = &sm->ctas[c];
    memcpy(sc->cta.shared, ps->smem_buf + (size_t)c * p->la.smem_per_cta, sc->cta.shared_bytes);
    ps->smem_saved[c] = false;
  }
  uint64_t m = sm->used_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    if (!ps->ctx_len[s])
      continue;
    simt_warp *w = sm->warps[s].w;
    int rc = simt_warp_restore(w, ps->ctx[s], ps->ctx_len[s]);
    if (rc)
      return rc;
    ps->ctx_len[s] = 0;
    if (p->conf->preempt_poison && is_live_mode(p))
      preempt_poison_dead(p, w);
  }
  m = sm->stopped_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    sm_set_not_before(sm, s, now + 1);
  }
  sm->stopped_mask = 0;
  sm->is_stopping = false;
  if (sm->wake > now + 1)
    sm->wake = now + 1;
  ps->ph = PH_IDLE;
  ps->is_second = false;
  return 0;
}

/* Advances SM sm's save or restore through memsys at now: issues a
 * segment, and when every segment is done, counts the save and starts
 * the restore, or ends the restore and switches the SM back in.  The
 * restore starts in the cycle the save ends. */
static int step_transfer(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now,
                         uint64_t *next)
{
  for (;;) {
    if (ps->seg_issued < ps->seg_total)
      preempt_issue_segment(p, sm, ps, now);
    if (ps->seg_issued < ps->seg_total) {
      if (now + 1 < *next)
        *next = now + 1;
      return 0;
    }
    if (ps->seg_done < ps->seg_total)
      return 0; /* memsys's completions wake the loop */
    uint64_t parts[PART_COUNT];
    uint64_t cycles = preempt_end_transfer(ps, parts);
    if (ps->ph == PH_RESTORING) {
      ps->ev.restore_cycles += cycles;
      event_done(p, ps, ps->t_irq + ps->drain);
      return switch_in(p, sm, ps, now);
    }
    ps->ev.spill_cycles_regs += parts[PART_REGS];
    ps->ev.spill_cycles_simt += parts[PART_SIMT];
    ps->ev.spill_cycles_smem += parts[PART_SMEM];
    ps->ev.spill_cycles += cycles;
    ps->ev.latency_cycles += ps->drain + cycles;
    if (ps->is_second) {
      ps->ph = PH_HOSTING; /* the restore after the second kernel */
      ps->t_saved = now;
      return 0;
    }
    preempt_start_transfer(ps, PH_RESTORING, now);
  }
}

/* Starts an interrupt on the next SM, round robin, that holds CTAs. */
static void interrupt(tm_preempt *p, sm_core *sms, uint64_t now)
{
  for (uint32_t i = 0; i < p->n_sms; i++) {
    uint32_t s = (p->next_sm + i) % p->n_sms;
    sm_core *sm = &sms[s];
    preempt_sm *ps = &p->sm[s];
    if (ps->ph != PH_IDLE || !sm->n_ctas)
      continue;
    p->next_sm = (s + 1) % p->n_sms;
    ps->ph = PH_STOPPING;
    ps->t_irq = now;
    ps->t_quiet = SM_NEVER;
    if (p->conf->preempt_mode != TM_PREEMPT_DRAIN)
      sm->is_stopping = true;
    return;
  }
}

/* The second kernel's interrupt is due: SMs 0..sec_n-1 stop, once none
 * of them is in an injected preemption. */
static void second_interrupt(tm_preempt *p, sm_core *sms, uint64_t now)
{
  for (uint32_t s = 0; s < p->sec_n; s++)
    if (p->sm[s].ph != PH_IDLE)
      return;
  for (uint32_t s = 0; s < p->sec_n; s++) {
    preempt_sm *ps = &p->sm[s];
    ps->ph = PH_STOPPING;
    ps->is_second = true;
    ps->t_irq = now;
    ps->t_quiet = SM_NEVER;
    if (p->conf->preempt_mode != TM_PREEMPT_DRAIN)
      sms[s].is_stopping = true;
  }
  p->sec = SEC_STOPPING;
}

static int second_run(tm_preempt *p, uint64_t now)
{
  uint64_t cycles = 0;
  int rc = p->second.run(p->second.ctx, p->sec_n, p->sec_cap, &cycles);
  p->sec_cycles = cycles;
  p->sec_end = now + cycles;
  return rc;
}

/* Every SM of the second kernel saved: it runs; it has ended: the SMs
 * restore (drain mode: take CTAs again). */
static int second_step(tm_preempt *p, sm_core *sms, uint64_t now, uint64_t *next, bool *released)
{
  if (p->sec == SEC_STOPPING) {
    uint64_t t = 0;
    for (uint32_t s = 0; s < p->sec_n; s++) {
      if (p->sm[s].ph != PH_HOSTING)
        return 0;
      if (p->sm[s].t_saved > t)
        t = p->sm[s].t_saved;
    }
    if (now < t) {
      if (t < *next)
        *next = t;
      return 0;
    }
    int rc = second_run(p, now);
    if (rc)
      return rc;
    p->sec = SEC_RUNNING;
  }
  if (now < p->sec_end) {
    if (p->sec_end < *next)
      *next = p->sec_end;
    return 0;
  }
  for (uint32_t s = 0; s < p->sec_n; s++) {
    preempt_sm *ps = &p->sm[s];
    if (p->conf->preempt_mode == TM_PREEMPT_DRAIN) {
      event_done(p, ps, ps->t_saved);
      ps->ph = PH_IDLE;
      ps->is_second = false;
      *released = true;
    } else if (p->is_memsys) {
      preempt_start_transfer(ps, PH_RESTORING, now);
      *next = now + 1 < *next ? now + 1 : *next;
    } else {
      ps->ph = PH_SWITCHED_OUT;
      ps->t_resume = now + ps->spill;
      if (ps->t_resume < *next)
        *next = ps->t_resume;
    }
  }
  (void)sms;
  p->sec = SEC_DONE;
  return 0;
}

int tm_preempt_finish(tm_preempt *p, uint64_t now)
{
  if (!p || p->sec == SEC_NONE || p->sec == SEC_DONE)
    return 0;
  /* Not due yet, or due while the SMs had nothing left of the first
   * kernel (drain mode: their CTAs ended): it runs now. */
  if (p->sec != SEC_RUNNING) {
    int rc = second_run(p, now);
    if (rc)
      return rc;
  }
  /* The events of SMs that hold nothing to restore end with the kernel. */
  for (uint32_t s = 0; p->sec != SEC_PENDING && s < p->sec_n; s++) {
    preempt_sm *ps = &p->sm[s];
    if (ps->ph == PH_HOSTING)
      event_done(p, ps, ps->t_saved);
    ps->ph = PH_IDLE;
    ps->is_second = false;
  }
  p->sec = SEC_DONE;
  return 0;
}

int tm_preempt_step(tm_preempt *p, sm_core *sms, uint64_t now, uint64_t *next, bool *released)
{
  *next = UINT64_MAX;
  *released = false;
  if (now >= p->next_inject) {
    interrupt(p, sms, now);
    p->next_inject = (now / p->conf->preempt_inject + 1) * p->conf->preempt_inject;
  }
  if (p->sec == SEC_PENDING && now >= p->second.at)
    second_interrupt(p, sms, now);
  for (uint32_t s = 0; s < p->n_sms; s++) {
    preempt_sm *ps = &p->sm[s];
    sm_core *sm = &sms[s];
    if (ps->ph == PH_STOPPING) {
      if (p->conf->preempt_mode == TM_PREEMPT_DRAIN) {
        if (sm->n_ctas == 0) {
          uint64_t drain = now - ps->t_irq;
          ps->ev.events++;
          ps->ev.drain_cycles += drain;
          ps->ev.latency_cycles += drain;
          if (ps->is_second) {
            ps->ph = PH_HOSTING;
            ps->t_saved = now;
            continue;
          }
          ps->ph = PH_IDLE;
          *released = true;
          event_done(p, ps, now);
        }
        /* The CTAs' ends wake the loop; check each cycle it runs. */
        continue;
      }
      if (!is_quiet(p, sm, ps, now)) {
        *next = now + 1 < *next ? now + 1 : *next;
        continue;
      }
      int rc = switch_out(p, sm, ps, now);
      if (rc)
        return rc;
    }
    if (ps->ph == PH_SAVING || ps->ph == PH_RESTORING) {
      int rc = step_transfer(p, sm, ps, now, next);
      if (rc)
        return rc;
      *released |= ps->ph == PH_IDLE;
      continue;
    }
    if (ps->ph == PH_SWITCHED_OUT) {
      if (now >= ps->t_resume) {
        if (ps->is_second)
          event_done(p, ps, ps->t_irq + ps->ev.drain_cycles);
        int rc = switch_in(p, sm, ps, now);
        if (rc)
          return rc;
        *released = true;
      } else if (ps->t_resume < *next)
        *next = ps->t_resume;
    }
  }
  if (p->sec == SEC_STOPPING || p->sec == SEC_RUNNING) {
    int rc = second_step(p, sms, now, next, released);
    if (rc)
      return rc;
  }
  return 0;
}

