/* tm_gpu.c -- the clock loop of timing mode and the SM side of its CTA
 * dispatcher (see tm_gpu.h; the dispatcher is a policy chosen by name,
 * policies/pol_dispatch.h), and the placement of a launch on a
 * heterogeneous GPU's SMs (002b §A.6).
 *
 * A heterogeneous GPU (-ptxsim_ilp_sms N) has two kinds of SM: SMs
 * 0..N-1 are ILP SMs, set up from the configuration's ILP view
 * (tm_config_ilp_view: their scoreboard, bypass, branch predictor and
 * register file), the others TLP SMs, set up from the configuration.
 * Each SM points at its kind's sm_params, so the cycle costs the same.
 * Steering picks the SMs a launch may use: under -ptxsim_steering static,
 * the ILP SMs or the TLP SMs, a contiguous range, which the dispatcher
 * sees as a GPU of its own (its SM i is SM disp_first + i); under all,
 * every SM, each with its own kind's CTA limits when the register files
 * differ. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/ctx_compress.h"
#include "pipeline/sm_branch.h"
#include "pipeline/sm_dep.h"
#include "pipeline/preempt_ctl.h"
#include "pipeline/sm_operand.h"
#include "pipeline/tm_area.h"
#include "pipeline/tm_gpu.h"
#include "pipeline/tm_par.h"
#include "ptxsim.h"

/* Where local memory lives in the address space memsys sees: above every
 * global allocation and below the generic windows (isa_prog.h). */
#define TM_LOCAL_BASE UINT64_C(0x00007e0000000000)

struct tm_gpu {
  const tm_config *conf;
  simt_launch *l;
  const tm_kernel *k;
  sm_params smp[TM_SM_KIND_COUNT]; /* each kind's ([TM_SM_ILP]: with ILP SMs) */
  uint32_t n_ilp;                /* SMs 0..n_ilp-1 are ILP SMs, the rest TLP SMs */
  mem_sys *mem;
  uint32_t n_sms;
  sm_core *sms;
  pol_dispatch disp;             /* -ptxsim_dispatcher */
  uint32_t disp_first;           /* the dispatcher's SM i is SM disp_first + i */
  uint32_t n_ctas, ctas_done;
  bool can_dispatch;             /* a dispatch round may place something */
  tm_preempt *pre;               /* -ptxsim_preempt_inject; NULL: off */
  tm_par *par;                   /* SMs on several host threads; NULL: in order */
  uint64_t now;
};

static void launch_fail(simt_launch *l, int status, const char *fmt, ...) PTX_PRINTF(3, 4);
static void launch_fail(simt_launch *l, int status, const char *fmt, ...)
{
  if (l->message)
    return;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  l->message = strdup(buf);
  l->status = status;
}

static int sm_params_of(const tm_config *conf, sm_params *p, char *err, size_t errlen)
{
  memset(p, 0, sizeof *p);
  if (conf->max_warps_per_sm > SM_MAX_WARPS || conf->n_sched_per_sm > SM_MAX_SCHEDULERS ||
      conf->n_sched_per_sm == 0) {
    snprintf(err, errlen,
             "the timing model supports at most %d warps and %d schedulers per SM "
             "(the configuration has %u and %u)",
             SM_MAX_WARPS, SM_MAX_SCHEDULERS, conf->max_warps_per_sm, conf->n_sched_per_sm);
    return PTX_EINVAL;
  }
  p->n_warp_slots = conf->max_warps_per_sm;
  p->n_cta_slots = conf->max_ctas_per_sm;
  p->n_schedulers = conf->n_sched_per_sm;
  p->issue_per_warp = conf->max_insn_issue_per_warp ? conf->max_insn_issue_per_warp : 1;
  p->is_skip_idle = conf->mem.is_skip_idle;
  _Static_assert(TM_UNITS_MAX == SM_MAX_UNITS, "the configuration's unit limit is the SM's");
  for (int u = 0; u < TM_UNIT_COUNT; u++) {
    if (conf->n_units[u] > SM_MAX_UNITS) {
      snprintf(err, errlen, "the timing model supports at most %d %s units per SM", SM_MAX_UNITS,
               sm_unit_names[u]);
      return PTX_EINVAL;
    }
    p->n_units[u] = conf->n_units[u];
  }
  /* LD/ST occupancy is memsys's; branch and barrier units never stall. */
  p->n_units[SM_UNIT_TEX] = 1;
  p->max_inflight = conf->max_inflight_per_warp;
  p->ibuf_entries = conf->ibuffer_entries ? conf->ibuffer_entries : 1;
  p->fetch_latency = conf->fetch_latency;
  p->branch_latency = conf->branch_latency;
  /* Stages to core cycles, rounded up: 002b §A.1's EX8 on gtx280_ilp's
   * 32-lane view (4 stages per cycle) is 2 core cycles. */
  uint32_t spc = conf->stages_per_cycle ? conf->stages_per_cycle : 1;
  p->resolve_cycles = (conf->branch_resolve_stage + spc - 1) / spc;
  if (p->resolve_cycles == 0)
    p->resolve_cycles = 1;
  p->is_bypass = conf->is_bypass;
  p->bypass_cycles = (conf->bypass_stage + spc - 1) / spc;
  if (p->bypass_cycles == 0)
    p->bypass_cycles = 1;
  p->scoreboard_entries = conf->scoreboard_entries;
  p->gshare_bits = conf->gshare_bits;
  p->srf_entries = conf->srf_entries;
  p->irb_entries = conf->irb_entries;
  p->redundancy = conf->redundancy;
  p->scalar_reliability = conf->scalar_reliability;
  p->scalar_fault_ppm = conf->scalar_fault_ppm;
  p->scalar_fault_seed = conf->scalar_fault_seed;
  p->scalar_check = conf->scalar_check;
  p->tex_latency = conf->mem.tex_latency;
  p->local_base = TM_LOCAL_BASE;
  p->sched = conf->sched;
  /* The units behind the SM's seams (the configuration checked the names). */
  p->dep = sm_dep_find(conf->scoreboard, err, errlen);
  p->bpred = p->dep ? sm_bpred_find(conf->branch_predictor, err, errlen) : NULL;
  const char *rf = conf->scalar_mode != TM_SCALAR_NONE && conf->scalar_mode < TM_SCALAR_MODE_COUNT
                       ? tm_scalar_mode_names[conf->scalar_mode]
                       : conf->register_file;
  p->operand = p->bpred ? sm_operand_find(rf, err, errlen) : NULL;
  return p->operand ? 0 : PTX_EINVAL;
}

static void mem_done(void *ctx, uint32_t sm, uint64_t tag, uint64_t cycle)
{
  tm_gpu *g = ctx;
  if (PTX_UNLIKELY(tag & TM_CTX_TAG)) {
    tm_preempt_mem_done(g->pre, sm, tag, cycle); /* a context segment */
    return;
  }
  sm_mem_done(&g->sms[sm], tag, cycle);
}

static void cta_done(void *ctx, sm_core *sm, uint32_t linear_id)
{
  tm_gpu *g = ctx;
  g->ctas_done++;
  g->l->n_ctas_done++;
  if (pol_dispatch_cta_done(&g->disp, sm->id - g->disp_first, linear_id))
    g->can_dispatch = true;
}

void tm_gpu_cta_done(tm_gpu *g, sm_core *sm, const simt_cta *c, uint64_t now)
{
  (void)now;
  if (PTX_UNLIKELY(g->par) && tm_par_defer_cta_done(g->par, sm, c->linear_id))
    return;
  cta_done(g, sm, c->linear_id);
}

/* The SM side of the dispatcher (pol_dispatch_sm).  The SMs start whole
 * CTAs only: warp-level dispatch (WarpMan) needs has_warp_room and
 * start_warps, which stay NULL until the SM can start a CTA's warps one
 * by one. */
static bool disp_has_room(void *ctx, uint32_t sm, uint32_t n_warps)
{
  tm_gpu *g = ctx;
  if (PTX_UNLIKELY(g->pre) && tm_preempt_holds(g->pre, g->disp_first + sm))
    return false;
  return sm_has_room(&g->sms[g->disp_first + sm], n_warps);
}

static int disp_start_cta(void *ctx, uint32_t sm, uint32_t cta_id, uint32_t n_warps,
                          uint64_t cycle)
{
  tm_gpu *g = ctx;
  (void)n_warps; /* every warp: start_warps is NULL */
  return sm_start_cta(&g->sms[g->disp_first + sm], cta_id, cycle + g->conf->cta_launch_latency);
}

/* One dispatch round (at most one CTA per SM and cycle under "tb"). */
static int dispatch(tm_gpu *g, uint64_t now)
{
  bool again = false;
  int rc = pol_dispatch_round(&g->disp, now, &again);
  if (rc)
    return rc;
  /* Otherwise room only appears when a warp or a CTA finishes, which
   * sets the flag again. */
  g->can_dispatch = again;
  return 0;
}

static double seconds_since(const struct timespec *t0)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The clock loop; returns 0 or the launch's status. */
static int run_loop(tm_gpu *g)
{
  simt_launch *l = g->l;
  const tm_config *conf = g->conf;
  uint64_t iter = 0;
  for (;;) {
    uint64_t now = g->now;
    mem_sys_cycle(g->mem, now);
    if (g->can_dispatch) {
      int rc = dispatch(g, now);
      if (rc)
        return rc;
    }
    uint64_t next = UINT64_MAX;
    if (g->par) {
      int rc = tm_par_sms_cycle(g->par, now, &next);
      if (rc)
        return rc;
    } else
      for (uint32_t s = 0; s < g->n_sms; s++) {
        int rc = sm_clock(&g->sms[s], now);
        if (rc)
          return rc;
        if (g->sms[s].wake < next)
          next = g->sms[s].wake;
      }
    if (PTX_UNLIKELY(g->pre)) {
      uint64_t pn;
      bool released;
      int rc = tm_preempt_step(g->pre, g->sms, now, &pn, &released);
      if (rc) {
        launch_fail(l, rc == PTX_ENOMEM ? PTXSIM_E_NOMEM : PTXSIM_E_INVALID,
                    "kernel %s: a preempted warp's context did not save or restore\n",
                    l->kernel->func->name);
        return l->status;
      }
      if (released)
        g->can_dispatch = true;
      if (pn < next)
        next = pn;
    }
    if (g->ctas_done == g->n_ctas && !mem_sys_busy(g->mem)) {
      /* A second kernel due after the end runs now. */
      if (PTX_UNLIKELY(g->pre) && tm_preempt_finish(g->pre, now)) {
        launch_fail(l, PTXSIM_E_NOMEM, "kernel %s: the second kernel could not run\n",
                    l->kernel->func->name);
        return l->status;
      }
      return 0;
    }
    if (g->can_dispatch)
      next = now + 1;
    uint64_t m = mem_sys_next_event(g->mem);
    if (m < next)
      next = m;
    if (next <= now)
      next = now + 1;
    /* An interrupt alone wakes nothing up: a launch that can only wait
     * for one is deadlocked all the same. */
    if (PTX_UNLIKELY(g->pre) && next != UINT64_MAX && tm_preempt_next_inject(g->pre) < next)
      next = tm_preempt_next_inject(g->pre) > now ? tm_preempt_next_inject(g->pre) : now + 1;
    if (next == UINT64_MAX) {
      launch_fail(l, PTXSIM_E_DEADLOCK,
                  "timing model of kernel %s stopped at cycle %" PRIu64
                  ": %u of %u CTAs finished and nothing can happen any more\n",
                  l->kernel->func->name, now, g->ctas_done, g->n_ctas);
      return l->status;
    }
    if (conf->max_cycles && next > conf->max_cycles) {
      launch_fail(l, PTXSIM_E_TIMEOUT,
                  "kernel %s stopped at the cycle limit (-gpgpu_max_cycle %" PRIu64
                  "): %u of %u CTAs finished\n",
                  l->kernel->func->name, conf->max_cycles, g->ctas_done, g->n_ctas);
      return l->status;
    }
    if (conf->max_insn && l->thread_insns >= conf->max_insn) {
      launch_fail(l, PTXSIM_E_TIMEOUT,
                  "kernel %s stopped at the instruction limit (-gpgpu_max_insn %" PRIu64
                  "): %u of %u CTAs finished\n",
                  l->kernel->func->name, conf->max_insn, g->ctas_done, g->n_ctas);
      return l->status;
    }
    g->now = next;
    if (PTX_UNLIKELY(l->progress) && (iter++ & 0xfff) == 0)
      l->progress->tell(l->progress->ctx, l, g->ctas_done, g->n_ctas);
  }
}

static int run_loop_of(void *g)
{
  return run_loop(g);
}

/* Runs the launch's SMs on its host threads when it may (tm_par.h). */
static int par_setup(tm_gpu *g, char *err, size_t errlen)
{
  if (g->pre || !tm_par_can_run(g->l, g->n_sms))
    return 0;
  uint32_t issue = 0, ctas = 0;
  for (int kind = 0; kind < TM_SM_KIND_COUNT; kind++) {
    const sm_params *p = &g->smp[kind];
    if (p->n_schedulers * p->issue_per_warp > issue)
      issue = p->n_schedulers * p->issue_per_warp;
    if (p->n_cta_slots > ctas)
      ctas = p->n_cta_slots;
  }
  tm_par_setup ps = {.l = g->l,
                     .sms = g->sms,
                     .n_sms = g->n_sms,
                     .mem = g->mem,
                     .n_threads = g->l->host_threads < g->n_sms ? g->l->host_threads : g->n_sms,
                     .max_issue_per_sm = issue,
                     .max_ctas_per_sm = ctas,
                     .cta_done = cta_done,
                     .cta_done_ctx = g};
  return tm_par_create(&ps, &g->par, err, errlen);
}

static void collect(const tm_gpu *g, tm_result *r)
{
  r->cycles = g->now;
  r->warp_insns = g->l->warp_insns;
  r->thread_insns = g->l->thread_insns;
  r->n_sms = g->n_sms;
  /* The same for either kind of SM. */
  r->n_schedulers = g->smp[TM_SM_TLP].n_schedulers;
  r->max_warps_per_sm = g->smp[TM_SM_TLP].n_warp_slots;
  r->n_ilp_sms = g->n_ilp;
  double warp_cycles = 0;
  for (uint32_t s = 0; g->sms && s < g->n_sms; s++) {
    const sm_stats *st = &g->sms[s].st;
    tm_sm_kind kind = s < g->n_ilp ? TM_SM_ILP : TM_SM_TLP;
    r->kind_thread_insns[kind] += st->issued_thread_insns;
    r->kind_ctas[kind] += st->ctas_done;
    r->sm.issued_warp_insns += st->issued_warp_insns;
    r->sm.issued_thread_insns += st->issued_thread_insns;
    for (uint32_t k = 0; k < SM_MAX_SCHEDULERS; k++)
      for (uint32_t c = 0; c < SM_STALL_COUNT; c++)
        r->sm.stall[k][c] += st->stall[k][c];
    for (uint32_t w = 0; w <= 32; w++)
      r->sm.issue_hist[w] += st->issue_hist[w];
    for (uint32_t c = 0; c < SM_CAUSE_COUNT; c++)
      r->sm.cause[c] += st->cause[c];
#define X(field, name, doc) r->sm.ilp.field += st->ilp.field;
    SM_ILP_COUNTERS(X)
#undef X
#define X(field, name, doc) r->sm.scalar.field += st->scalar.field;
    SM_SCALAR_COUNTERS(X)
#undef X
    /* A maximum, not a sum: undo the addition. */
    r->sm.ilp.sb_max_inflight -= st->ilp.sb_max_inflight;
    if (st->ilp.sb_max_inflight > r->sm.ilp.sb_max_inflight)
      r->sm.ilp.sb_max_inflight = st->ilp.sb_max_inflight;
    r->sm.rf.vrf_lane_reads += st->rf.vrf_lane_reads;
    r->sm.rf.vrf_lane_writes += st->rf.vrf_lane_writes;
    r->sm.rf.srf_reads += st->rf.srf_reads;
    r->sm.rf.srf_writes += st->rf.srf_writes;
    r->sm.rf.irb_accesses += st->rf.irb_accesses;
    for (uint32_t u = 0; u < SM_UNIT_COUNT; u++)
      r->sm.rf.lane_ops[u] += st->rf.lane_ops[u];
    for (uint32_t b = 0; b < SM_SB_HIST; b++)
      r->sm.ilp.sb_occupancy[b] += st->ilp.sb_occupancy[b];
    for (uint32_t u = 0; u < SM_UNIT_COUNT; u++)
      r->sm.unit_busy[u] += st->unit_busy[u];
    r->sm.active_warp_cycles += st->active_warp_cycles;
    r->sm.ctas_done += st->ctas_done;
    r->sm.pp_hits += st->pp_hits;
    warp_cycles += (double)st->active_warp_cycles;
  }
  r->avg_resident_warps =
      g->now && g->n_sms ? warp_cycles / ((double)g->now * (double)g->n_sms) : 0.0;
  if (g->mem)
    mem_sys_get_stats(g->mem, &r->mem);
  if (g->pre)
    tm_preempt_get_stats(g->pre, &r->preempt);
}

/* Each kind of SM's parameters and CTA limits, and the area of every SM,
 * from the kind's view of the configuration. */
static int sm_kinds_of(tm_gpu *g, pol_cta_limits lim[TM_SM_KIND_COUNT], double *area, char *err,
                       size_t errlen)
{
  const tm_config *conf = g->conf;
  int rc = sm_params_of(conf, &g->smp[TM_SM_TLP], err, errlen);
  if (rc)
    return rc;
  tm_config_cta_limits(conf, &lim[TM_SM_TLP]);
  *area = (double)(g->n_sms - g->n_ilp) * tm_area_sm_mm2(conf);
  if (!g->n_ilp)
    return 0;
  tm_config *v = malloc(sizeof *v); /* big (the kernel register table) */
  if (!v) {
    snprintf(err, errlen, "out of memory");
    return PTX_ENOMEM;
  }
  tm_config_ilp_view(conf, v);
  rc = sm_params_of(v, &g->smp[TM_SM_ILP], err, errlen);
  tm_config_cta_limits(v, &lim[TM_SM_ILP]);
  *area += (double)g->n_ilp * tm_area_sm_mm2(v);
  free(v);
  return rc;
}

/* 002b §A.6's static rule: w, the concurrent warps per SM the kernel can
 * have (on the ILP SMs), below -ptxsim_steer_max_warps, or a grid of at
 * most -ptxsim_steer_max_threads threads, goes to the ILP SMs; anything
 * else to the TLP SMs.  A kind the kernel does not fit on (its register
 * file too small), or that the GPU has none of, gives it to the other. */
static tm_steer steer_static(const tm_config *conf, uint32_t w, uint64_t threads,
                             const bool fits[TM_SM_KIND_COUNT])
{
  bool is_ilp = w < conf->steer_max_warps || threads <= conf->steer_max_threads;
  if (!fits[is_ilp ? TM_SM_ILP : TM_SM_TLP])
    is_ilp = !is_ilp;
  return is_ilp ? TM_STEER_ILP : TM_STEER_TLP;
}

/* The registers per thread the CTA accounting uses for a CTA of threads
 * threads of k on SMs with limits lim: the configuration's
 * -ptxsim_kernel_regs, else the liveness analysis' estimate; *is_capped
 * says the estimate was capped. */
static uint32_t kernel_regs(const tm_config *conf, const pol_cta_limits *lim, const tm_kernel *k,
                            uint32_t threads, bool *is_capped)
{
  *is_capped = false;
  uint32_t regs = tm_config_kernel_regs(conf, k->kernel->func->name);
  if (regs)
    return regs;
  regs = k->regs_per_thread ? k->regs_per_thread : 1;
  /* An estimate above what a thread may have, or above what lets one
   * CTA fit, is what ptxas would have squeezed in by spilling: cap it
   * (the spill traffic is not modelled). */
  uint32_t cap = lim->max_regs_per_thread ? lim->max_regs_per_thread : UINT32_MAX;
  uint32_t tg = lim->thread_granularity ? lim->thread_granularity : 1;
  uint32_t rg = lim->reg_granularity ? lim->reg_granularity : 1;
  uint32_t padded = (threads + tg - 1) / tg * tg;
  uint32_t fit = padded ? lim->n_regs / padded / rg * rg : cap;
  if (fit < cap)
    cap = fit;
  if (regs > cap && cap > 0) {
    regs = cap;
    *is_capped = true;
  }
  return regs;
}

int tm_occupancy(const tm_config *conf, const tm_kernel *k, uint32_t threads,
                 uint64_t dyn_shared, uint32_t *ctas_per_sm)
{
  pol_cta_limits lim;
  tm_config_cta_limits(conf, &lim);
  bool is_capped;
  pol_cta_kernel kk = {.threads = threads,
                       .regs_per_thread = kernel_regs(conf, &lim, k, threads, &is_capped),
                       .smem_bytes = (uint32_t)(k->kernel->static_shared + dyn_shared)};
  pol_occupancy occ;
  char err[256];
  *ctas_per_sm = 0;
  if (pol_cta_occupancy(&lim, &kk, &occ, err, sizeof err) == 0)
    *ctas_per_sm = occ.ctas_per_sm;
  return 0;
}

int tm_run(const tm_config *conf, const tm_kernel *k, simt_launch *l, tm_result *res)
{
  return tm_run_logged(conf, k, l, NULL, res);
}

int tm_run_logged(const tm_config *conf, const tm_kernel *k, simt_launch *l,
                  const tm_preempt_sink *sink, tm_result *res)
{
  return tm_run_second(conf, k, l, sink, NULL, res);
}

int tm_cta_needs(const tm_config *conf, const tm_kernel *k, uint32_t threads, uint64_t dyn_shared,
                 uint64_t *regs_per_cta, uint64_t *smem_per_cta, uint32_t *ctas_per_sm)
{
  pol_cta_limits lim;
  tm_config_cta_limits(conf, &lim);
  bool is_capped;
  pol_cta_kernel kk = {.threads = threads,
                       .regs_per_thread = kernel_regs(conf, &lim, k, threads, &is_capped),
                       .smem_bytes = (uint32_t)(k->kernel->static_shared + dyn_shared)};
  pol_occupancy occ;
  char err[256];
  *ctas_per_sm = 0;
  *regs_per_cta = 0;
  *smem_per_cta = kk.smem_bytes;
  if (pol_cta_occupancy(&lim, &kk, &occ, err, sizeof err) == 0) {
    *ctas_per_sm = occ.ctas_per_sm;
    *regs_per_cta = occ.per_cta.regs;
  }
  return 0;
}

int tm_run_second(const tm_config *conf, const tm_kernel *k, simt_launch *l,
                  const tm_preempt_sink *sink, const tm_second *second, tm_result *res)
{
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  memset(res, 0, sizeof *res);
  tm_gpu g = {.conf = conf, .l = l, .n_sms = conf->n_sms};
  g.n_ilp = conf->n_ilp_sms < conf->n_sms ? conf->n_ilp_sms : conf->n_sms;
  char err[512] = "";
  pol_cta_limits lims[TM_SM_KIND_COUNT];
  int rc = sm_kinds_of(&g, lims, &res->area_mm2, err, sizeof err);
  if (rc) {
    launch_fail(l, rc == PTX_ENOMEM ? PTXSIM_E_NOMEM : PTXSIM_E_INVALID, "%s\n", err);
    return l->status;
  }
  const bool has[TM_SM_KIND_COUNT] = {[TM_SM_TLP] = g.n_ilp < g.n_sms,
                                      [TM_SM_ILP] = g.n_ilp > 0};
  /* The kind a launch on every SM reports: the TLP SMs, if any. */
  const tm_sm_kind main_kind = has[TM_SM_TLP] ? TM_SM_TLP : TM_SM_ILP;
  g.k = k;
  /* The CTA accounting: registers from the configuration's override, else
   * the liveness analysis' estimate. */
  const char *name = l->kernel->func->name;
  res->regs_from_config = tm_config_kernel_regs(conf, name) != 0;
  res->regs_estimate = g.k->regs_per_thread;
  /* The estimate is capped against the largest register file. */
  pol_cta_limits lim = lims[main_kind];
  if (has[TM_SM_ILP] && lims[TM_SM_ILP].n_regs > lim.n_regs)
    lim = lims[TM_SM_ILP];
  uint32_t threads = l->block[0] * l->block[1] * l->block[2];
  uint32_t regs = kernel_regs(conf, &lim, k, threads, &res->is_regs_capped);
  res->regs_per_thread = regs;
  pol_cta_kernel kk = {.threads = threads,
                       .regs_per_thread = regs,
                       .smem_bytes = (uint32_t)(l->kernel->static_shared + l->dyn_shared)};
  /* Occupancy on each kind of SM (the CTA's needs are the same on both:
   * only the register files differ). */
  pol_occupancy occ[TM_SM_KIND_COUNT];
  bool fits[TM_SM_KIND_COUNT] = {false, false};
  memset(occ, 0, sizeof occ);
  for (int kind = 0; !rc && kind < TM_SM_KIND_COUNT; kind++) {
    if (!has[kind])
      continue;
    rc = pol_cta_occupancy(&lims[kind], &kk, &occ[kind], err, sizeof err);
    fits[kind] = !rc && occ[kind].ctas_per_sm > 0;
  }
  res->occupancy = occ[main_kind];
  if (!rc && !fits[TM_SM_TLP] && !fits[TM_SM_ILP]) {
    char why[128];
    pol_cta_limit_names(res->occupancy.limit_mask, why, sizeof why);
    snprintf(err, sizeof err,
             "a CTA of %u threads with %u registers per thread and %u bytes of shared memory "
             "does not fit on an SM of %s (too many %s)",
             kk.threads, regs, kk.smem_bytes, conf->origin, why);
    rc = PTX_EINVAL;
  }
  if (rc) {
    launch_fail(l, PTXSIM_E_LAUNCH, "launch of %s: %s\n", name, err);
    return l->status;
  }
  g.n_ctas = l->grid[0] * l->grid[1] * l->grid[2];
  /* Steering: the SMs the dispatcher sees. */
  res->steer_warps = occ[has[TM_SM_ILP] ? TM_SM_ILP : TM_SM_TLP].warps_used;
  res->steered_to = TM_STEER_ALL;
  if (conf->steering == TM_STEERING_STATIC && has[TM_SM_ILP])
    res->steered_to = steer_static(conf, res->steer_warps, (uint64_t)threads * g.n_ctas, fits);
  uint32_t disp_n = g.n_sms;
  pol_cta_limits *sm_lim = NULL; /* every SM its own limits: kinds that differ */
  if (res->steered_to == TM_STEER_ILP) {
    disp_n = g.n_ilp;
    res->occupancy = occ[TM_SM_ILP];
    lim = lims[TM_SM_ILP];
  } else if (res->steered_to == TM_STEER_TLP) {
    g.disp_first = g.n_ilp;
    disp_n = g.n_sms - g.n_ilp;
    res->occupancy = occ[TM_SM_TLP];
    lim = lims[TM_SM_TLP];
  } else {
    lim = lims[main_kind];
    if (has[TM_SM_TLP] && has[TM_SM_ILP] &&
        memcmp(&lims[TM_SM_TLP], &lims[TM_SM_ILP], sizeof lim) != 0) {
      sm_lim = malloc(g.n_sms * sizeof *sm_lim);
      if (!sm_lim) {
        launch_fail(l, PTXSIM_E_NOMEM, "out of memory\n");
        return l->status;
      }
      for (uint32_t s = 0; s < g.n_sms; s++)
        sm_lim[s] = lims[s < g.n_ilp ? TM_SM_ILP : TM_SM_TLP];
    }
  }
  if (l->is_cooperative) {
    /* Every CTA resident at once, or a grid-wide barrier never completes. */
    uint64_t room = 0;
    for (uint32_t s = g.disp_first; s < g.disp_first + disp_n; s++)
      room += occ[s < g.n_ilp ? TM_SM_ILP : TM_SM_TLP].ctas_per_sm;
    if (g.n_ctas > room) {
      free(sm_lim);
      launch_fail(l, PTXSIM_E_LAUNCH,
                  "cooperative launch of %s: %u blocks do not fit on the %u SMs of %s at once "
                  "(%" PRIu64 " do)\n",
                  name, g.n_ctas, disp_n, conf->origin, room);
      return l->status;
    }
  }
  /* A CTA's rounded needs, the same on every SM (from the kind it fits). */
  const pol_cta_needs needs = occ[fits[main_kind] ? main_kind : TM_SM_ILP].per_cta;
  g.can_dispatch = true;
  /* The debug check of the uniform marks compares them with the values;
   * the instruction reuse buffer compares and keeps the first lane's. */
  if (conf->scalar_mode != TM_SCALAR_NONE && conf->scalar_check)
    l->record_flags |= SIMT_REC_VALUES;
  else if (conf->scalar_mode != TM_SCALAR_NONE && conf->irb_entries)
    l->record_flags |= SIMT_REC_SCALARS;
  l->n_sms = g.n_sms;
  l->cycle = &g.now;
  g.sms = calloc(g.n_sms, sizeof *g.sms);
  rc = g.sms ? 0 : PTX_ENOMEM;
  if (!rc)
    rc = mem_sys_create(&conf->mem, g.n_sms, mem_done, &g, &g.mem, err, sizeof err);
  for (uint32_t s = 0; !rc && s < g.n_sms; s++)
    rc = sm_init(&g.sms[s], s, &g, &g.smp[s < g.n_ilp ? TM_SM_ILP : TM_SM_TLP], g.k, l, g.mem,
                 err, sizeof err);
  if (!rc) {
    pol_dispatch_setup ds = {
      .n_sms = disp_n,
      .n_ctas = g.n_ctas,
      .lim = lim,
      .sm_lim = sm_lim,
      .kernel = kk,
      .needs = needs,
      .sm = {.ctx = &g, .has_room = disp_has_room, .start_cta = disp_start_cta},
    };
    rc = pol_dispatch_create(&g.disp, &conf->dispatcher, &ds, err, sizeof err);
  }
  if (!rc) {
    tm_preempt_launch pl = {.regs_per_thread = regs,
                            .smem_per_cta = l->kernel->static_shared + l->dyn_shared,
                            .regs_per_cta = needs.regs,
                            .sm_regs = lim.n_regs,
                            .sm_smem = lim.smem_bytes,
                            .pag = ctx_pag_for_block(conf->pp_pag, l->block),
                            .sink = sink,
                            .second = second};
    rc = tm_preempt_create(conf, g.k, g.n_sms, &pl, &g.pre);
  }
  if (!rc)
    rc = par_setup(&g, err, sizeof err);
  free(sm_lim);
  if (rc) {
    launch_fail(l, rc == PTX_ENOMEM ? PTXSIM_E_NOMEM : PTXSIM_E_INVALID, "%s\n",
                err[0] ? err : "out of memory");
  } else {
    rc = g.par ? tm_par_run(g.par, run_loop_of, &g) : run_loop(&g);
  }
  for (uint32_t s = 0; g.sms && s < g.n_sms; s++)
    sm_finish(&g.sms[s], g.now);
  collect(&g, res);
  res->wall_seconds = seconds_since(&t0);
  for (uint32_t s = 0; g.sms && s < g.n_sms; s++)
    sm_free(&g.sms[s]);
  tm_par_free(g.par); /* after the SMs: their CTAs use its launch copies */
  free(g.sms);
  pol_dispatch_destroy(&g.disp);
  tm_preempt_free(g.pre);
  mem_sys_destroy(g.mem);
  l->cycle = NULL;
  return rc ? (l->status ? l->status : rc) : 0;
}
