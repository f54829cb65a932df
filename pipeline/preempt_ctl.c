/* preempt_ctl.c -- the preemption controller (see preempt_ctl.h): the
 * interrupts, the stop and drain of an SM's warps, the save and restore of
 * their contexts through the functional core's warp-context seam
 * (isa/simt_context.c) and what they cost.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/ctx_compress.h"
#include "isa/ctx_live.h"
#include "memsys/mem_timing.h"
#include "pipeline/preempt_alloc.h"
#include "pipeline/preempt_ctl.h"
#include "pipeline/sm_int.h"
#include "ptxsim.h"

enum { SEGMENT_BYTES = 128, SIMT_ENTRY_BYTES = 12, PRED_BYTES = 4 };

#define POISON UINT64_C(0xdeadbeefbaadf00d)

/* PH_SWITCHED_OUT: State/BW, waiting for t_resume; PH_SAVING and
 * PH_RESTORING: the memsys path, segments going out or coming back;
 * PH_HOSTING: saved (from t_saved on), the second kernel's. */
typedef enum phase {
  PH_IDLE, PH_STOPPING, PH_SWITCHED_OUT, PH_SAVING, PH_RESTORING, PH_HOSTING
} phase;

/* Where the second kernel (tm_second) stands. */
typedef enum second_state { SEC_NONE, SEC_PENDING, SEC_STOPPING, SEC_RUNNING, SEC_DONE } second_state;

/* The parts of a context in the order the memsys path moves them. */
enum { PART_REGS, PART_SIMT, PART_SMEM, PART_COUNT };

/* Where the analyses' registers of one function live in a warp's frame. */
typedef struct reg_map {
  uint32_t n_regs;
  uint32_t *at;               /* slot offset, or predicate index */
  uint8_t *n;                 /* 64-bit slots (a vector's elements) */
  uint32_t *dead_slots, *dead_preds; /* scratch for the poison lists */
  uint32_t *slot_of;          /* decoded slot (at / 32), ISA_NONE: none or a
                                 predicate (ctx_live.h's slot_of) */
} reg_map;

typedef struct preempt_sm {
  phase ph;
  uint64_t t_irq, t_resume;
  uint64_t t_quiet;           /* every warp stopped, no memory outstanding */
  void *ctx[SM_MAX_WARPS];    /* saved warp contexts */
  size_t ctx_len[SM_MAX_WARPS];
  uint8_t *smem_buf;          /* per CTA slot: cta shared bytes, or NULL */
  bool *smem_saved;
  /* The memsys path: the event's segments per part, issued and completed
   * so far, when the save (restore) began, when each part's last
   * segment completed. */
  uint64_t n_seg[PART_COUNT];
  uint64_t seg_total, seg_issued, seg_done;
  uint64_t t_start, t_part_end[PART_COUNT];
  uint64_t drain;
  bool is_second;             /* this event makes room for the second kernel */
  uint64_t t_saved;           /* its save ends */
  uint64_t spill;             /* State/BW: the save's cycles, the restore's */
  tm_preempt_stats ev;        /* the event under way: its counters, added
                                 to the launch's (and logged) when it ends,
                                 so that events on several SMs at once do
                                 not mix */
} preempt_sm;

struct tm_preempt {
  const tm_config *conf;
  const tm_kernel *k;
  tm_preempt_launch la;
  uint32_t n_sms;
  preempt_sm *sm;
  reg_map *maps;              /* per tm_kernel function */
  uint64_t next_inject;
  uint32_t next_sm;
  double bw;                  /* bytes per core cycle */
  uint64_t lat;
  uint64_t max_latency;       /* of the kernel's instructions */
  bool is_memsys;             /* -ptxsim_preempt_bw 0 */
  /* TB-level compression scratch (-ptxsim_preempt_tb_compress). */
  const uint64_t **tb_frames;
  uint32_t *tb_lanes, *tb_scratch;
  tm_preempt_stats st;
  /* The second kernel: its SMs (0..sec_n-1), CTAs per SM, when it ends,
   * how long it ran. */
  tm_second second;
  second_state sec;
  uint32_t sec_n, sec_cap;
  uint64_t sec_end, sec_cycles;
};

static bool is_live_mode(const tm_preempt *p)
{
  return p->conf->preempt_mode == TM_PREEMPT_LIVE || p->conf->preempt_mode == TM_PREEMPT_LIVE_CP;
}

/* The slot offset or predicate index of each of the function's registers
 * (isa_func.var_reg, formal_slot). */
static int map_func(reg_map *m, const tm_func *tf)
{
  const an_func *a = tf->an;
  const isa_func *f = tf->func;
  const ptx_func *fn = a->fn;
  m->n_regs = a->n_regs;
  size_t n = a->n_regs ? a->n_regs : 1;
  m->at = malloc(n * sizeof *m->at);
  m->n = malloc(n);
  uint32_t total = 0;
  for (uint32_t r = 0; r < a->n_regs; r++)
    total += a->regs[r].var->vec > 1 ? a->regs[r].var->vec : 1;
  m->dead_slots = malloc((total ? total : 1) * sizeof *m->dead_slots);
  m->dead_preds = malloc(n * sizeof *m->dead_preds);
  m->slot_of = malloc(n * sizeof *m->slot_of);
  if (!m->at || !m->n || !m->dead_slots || !m->dead_preds || !m->slot_of)
    return PTX_ENOMEM;
  const ptx_var *last = NULL;
  uint32_t base = ISA_NONE;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    const an_reg *ar = &a->regs[r];
    const ptx_var *v = ar->var;
    if (v != last) {
      last = v;
      base = ISA_NONE;
      for (uint32_t i = 0; i < fn->n_vars && base == ISA_NONE; i++)
        if (fn->vars[i] == v)
          base = f->var_reg[i];
      for (uint32_t i = 0; i < f->n_formals && base == ISA_NONE; i++)
        if (f->formals[i] == v && f->formal_is_reg[i])
          base = f->formal_slot[i];
    }
    uint32_t vec = v->vec > 1 ? v->vec : 1;
    m->n[r] = (uint8_t)vec;
    if (base == ISA_NONE)
      m->at[r] = ISA_NONE;
    else
      m->at[r] = ar->is_pred ? base + ar->index : base + ar->index * vec * SIMT_WARP_SIZE;
    m->slot_of[r] = m->at[r] == ISA_NONE || ar->is_pred ? ISA_NONE : m->at[r] / SIMT_WARP_SIZE;
  }
  return 0;
}

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
    rc = map_func(&p->maps[f], tf);
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
  if (sm->not_before[sw->slot] > now)
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

/* The live set at the warp's pc in its current function: the union set
 * when its SIMT stack shows divergence.  NULL when it has no frame. */
static const uint64_t *live_set(const tm_preempt *p, const simt_warp *w, const tm_func **tfp,
                                uint32_t *slots, uint32_t *preds)
{
  if (!w->n_frames)
    return NULL;
  const simt_frame *top = &w->frames[w->n_frames - 1];
  const tm_func *tf = &p->k->funcs[top->func->index];
  const an_func *a = tf->an;
  if (!a || w->pc >= a->n_insns)
    return NULL;
  *tfp = tf;
  bool is_div = w->n_stack > 1;
  const an_insn *ai = &a->insns[w->pc];
  *slots = is_div ? ai->union_slots : ai->live_in_slots;
  *preds = is_div ? ai->union_preds : ai->live_in_preds;
  return an_set(is_div ? a->union_live : a->live_in, a, w->pc);
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

/* live_cp's bytes of the warp's registers in set (isa/ctx_compress.h):
 * each 32-bit slot of a live register compressed over the lanes that hold
 * threads, predicates raw, and the pattern vector. */
static uint64_t compressed_bytes(const tm_preempt *p, const simt_warp *w, const tm_func *tf,
                                 const uint64_t *set)
{
  const an_func *a = tf->an;
  const reg_map *m = &p->maps[tf->func->index];
  const simt_frame *top = &w->frames[w->n_frames - 1];
  const uint64_t *r = w->regs + top->reg_base;
  uint64_t bytes = 0;
  uint32_t n_slots = 0;
  uint32_t v[SIMT_WARP_SIZE];
  for (uint32_t reg = 0; reg < a->n_regs; reg++) {
    if (!an_set_has(set, reg))
      continue;
    if (a->regs[reg].is_pred || m->at[reg] == ISA_NONE) {
      bytes += a->regs[reg].is_pred ? PRED_BYTES : (uint64_t)a->regs[reg].slots * 128;
      continue;
    }
    uint32_t words = a->regs[reg].slots / m->n[reg];
    for (uint32_t e = 0; e < m->n[reg]; e++)
      for (uint32_t wd = 0; wd < words && wd < 2; wd++) {
        const uint64_t *lane = r + m->at[reg] + e * SIMT_WARP_SIZE;
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          v[l] = (uint32_t)(lane[l] >> (32 * wd));
        bytes += ctx_slot_bytes(v, w->live, p->la.pag, NULL);
        n_slots++;
      }
  }
  return bytes + ctx_pattern_vector_bytes(n_slots);
}

/* ---- the memsys path (-ptxsim_preempt_bw 0) ------------------------------ */

static void start_transfer(preempt_sm *ps, phase ph, uint64_t now)
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
static void issue_segment(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now)
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
static uint64_t end_transfer(const preempt_sm *ps, uint64_t parts[PART_COUNT])
{
  uint64_t at = ps->t_start;
  for (uint32_t i = 0; i < PART_COUNT; i++) {
    uint64_t e = ps->n_seg[i] && ps->t_part_end[i] > at ? ps->t_part_end[i] : at;
    parts[i] = e - at;
    at = e;
  }
  return at - ps->t_start;
}

/* The barrier of the current function at which warp w waits (blocked in
 * it) or stands (stopped before it), or UINT32_MAX. */
static uint32_t barrier_pc(const simt_warp *w, const an_func *a)
{
  uint32_t pc = w->pc;
  if (w->is_blocked) {
    if (!w->bar_insn || w->bar_insn < w->code || w->bar_insn >= w->code + a->n_insns)
      return UINT32_MAX;
    pc = (uint32_t)(w->bar_insn - w->code);
  }
  return pc < a->n_insns && a->insns[pc].is_barrier ? pc : UINT32_MAX;
}

/* TB-level compression (004 §1.5, Fig 2.9, 2.11) of CTA slot c: when
 * every live warp of it waits at (or stands before) one barrier of one
 * function, undiverged, the warp-level bytes of those warps' live
 * registers (ctx_warp_sample + pattern vector each) in *warp_b and the
 * TB-level bytes (ctx_tb_sample_of + pattern vectors + the TB's global
 * bits) in *tb_b; predicates raw in both.  The live set is the barrier's
 * (a barrier writes no register).  false: not at one barrier. */
static bool tb_level(tm_preempt *p, sm_core *sm, uint32_t c, uint64_t *warp_b, uint64_t *tb_b)
{
  const tm_func *tf = NULL;
  uint32_t bar = UINT32_MAX, n = 0;
  uint64_t m = sm->used_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    const sm_warp *sw = &sm->warps[s];
    if (sw->cta_slot != c || sw->is_functionally_done || sw->w->is_done)
      continue;
    const simt_warp *w = sw->w;
    if (!w->n_frames || (w->live & ~w->active))
      return false;
    const tm_func *f = &p->k->funcs[w->frames[w->n_frames - 1].func->index];
    if (!f->an || (tf && f != tf))
      return false;
    uint32_t pc = barrier_pc(w, f->an);
    if (pc == UINT32_MAX || (bar != UINT32_MAX && pc != bar))
      return false;
    tf = f, bar = pc;
    p->tb_frames[n] = w->regs + w->frames[w->n_frames - 1].reg_base;
    p->tb_lanes[n++] = w->live;
  }
  if (!n)
    return false;
  const an_func *a = tf->an;
  const reg_map *rm = &p->maps[tf->func->index];
  const uint64_t *set = an_set(a->live_in, a, bar);
  uint64_t preds = (uint64_t)a->insns[bar].live_in_preds * PRED_BYTES;
  uint64_t meta = ctx_pattern_vector_bytes(p->la.regs_per_thread);
  ctx_tb_sample t;
  ctx_tb_sample_of(a, rm->slot_of, set, p->tb_frames, p->tb_lanes, n, p->la.pag, p->tb_scratch,
                   &t);
  *tb_b = t.bytes_tb + n * (meta + preds) + ctx_tb_global_vector_bytes(p->la.regs_per_thread);
  *warp_b = 0;
  for (uint32_t i = 0; i < n; i++) {
    ctx_sample ws;
    ctx_warp_sample(a, rm->slot_of, set, p->tb_frames[i], p->tb_lanes[i], p->la.pag, &ws);
    *warp_b += ws.bytes_cp + meta + preds;
  }
  return true;
}

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
    bool is_tb = is_live && p->tb_frames && tb_level(p, sm, c, &tb_warp, &tb_tb);
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
      const uint64_t *set = live_set(p, w, &tf, &slots, &preds);
      if (set) {
        live = (uint64_t)slots * 4 * SIMT_WARP_SIZE + (uint64_t)preds * PRED_BYTES;
        cp = compressed_bytes(p, w, tf, set);
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
    start_transfer(ps, PH_SAVING, now);
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

/* Under -ptxsim_preempt_poison: garbage in every register of the warp's
 * frame that the live set leaves out (2: and in its first live one). */
static void poison_dead(tm_preempt *p, simt_warp *w)
{
  const tm_func *tf = NULL;
  uint32_t slots, preds;
  const uint64_t *set = live_set(p, w, &tf, &slots, &preds);
  if (!set)
    return;
  reg_map *m = &p->maps[tf->func->index];
  const an_func *a = tf->an;
  uint32_t n_s = 0, n_p = 0;
  bool is_broken = p->conf->preempt_poison == 2;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    if (m->at[r] == ISA_NONE)
      continue;
    bool is_live = an_set_has(set, r);
    if (is_live && is_broken && !a->regs[r].is_pred) {
      is_live = false; /* the deliberately broken liveness */
      is_broken = false;
    }
    if (is_live)
      continue;
    if (a->regs[r].is_pred)
      m->dead_preds[n_p++] = m->at[r];
    else
      for (uint32_t e = 0; e < m->n[r]; e++)
        m->dead_slots[n_s++] = m->at[r] + e * SIMT_WARP_SIZE;
  }
  simt_warp_poison_regs(w, m->dead_slots, n_s, m->dead_preds, n_p, POISON);
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
      poison_dead(p, w);
  }
  m = sm->stopped_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    sm->not_before[s] = now + 1;
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
      issue_segment(p, sm, ps, now);
    if (ps->seg_issued < ps->seg_total) {
      if (now + 1 < *next)
        *next = now + 1;
      return 0;
    }
    if (ps->seg_done < ps->seg_total)
      return 0; /* memsys's completions wake the loop */
    uint64_t parts[PART_COUNT];
    uint64_t cycles = end_transfer(ps, parts);
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
    start_transfer(ps, PH_RESTORING, now);
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
      start_transfer(ps, PH_RESTORING, now);
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

