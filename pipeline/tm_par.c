/* tm_par.c -- the SMs of a timing-mode launch on several host threads
 * (see tm_par.h for what is kept in order and how). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/cta_order.h"
#include "pipeline/tm_par.h"
#include "pipeline/tm_team.h"
#include "ptxsim.h"

/* Written by the thread that runs an SM: each on cache lines of its
 * own, or threads running neighbouring SMs would take turns owning the
 * line in every cycle. */
#define PAR_LINE 64

/* An SM's launch copy and what it did in a cycle run side by side. */
typedef struct par_sm {
  _Alignas(PAR_LINE) simt_launch copy;
  uint32_t *done;               /* CTAs it finished: their linear ids, in order */
  uint32_t n_done;
  int rc;                       /* what its cycle returned */
} par_sm;

/* What one task of a phase leaves for main, on a line of its own, so
 * that main reads one line per task rather than a few per SM after the
 * phase: the counts its SMs added, the earliest wake-up among them, and
 * whether any failed or finished a CTA (main then goes through the SMs
 * in order). */
typedef struct par_task {
  _Alignas(PAR_LINE) uint64_t warp_insns, thread_insns;
  uint64_t min_wake;
  bool has_event;
} par_task;

/* Whether cycles run their SMs side by side: both ways give the same
 * results, but which is faster depends on the kernel and its phase (a
 * cycle whose SMs do little costs more to hand out than it saves) and on
 * the load of the host.  Under "auto" the loop times a trial of each way
 * every so often and runs the faster one until the next trial; the
 * environment variable PTXSIM_TIMING_SPLIT=always|never fixes the
 * choice (the tests use always, so that every cycle that can runs side
 * by side). */
typedef enum par_split { PAR_SPLIT_AUTO, PAR_SPLIT_ALWAYS, PAR_SPLIT_NEVER } par_split;

/* Cycles of one trial, and cycles the faster way then runs for: at
 * first PAR_RUN_CYCLES, twice as many after each trial that in order won
 * again (up to PAR_RUN_CYCLES_MAX), so that a kernel whose cycles do not
 * pay to split spends little time finding it out again. */
enum { PAR_TRIAL_CYCLES = 256, PAR_RUN_CYCLES = 16384, PAR_RUN_CYCLES_MAX = 1u << 22 };

struct tm_par {
  tm_par_setup s;
  par_sm *per_sm;               /* SM i's: per_sm[i] */
  par_task *tasks;              /* task k's: tasks[k] (n_threads of them) */
  uint64_t base_w, base_t;      /* the launch's counts before the phase */
  uint32_t *due;                /* the SMs of the cycle's phase */
  tm_team team;
  uint32_t n_due, n_tasks;      /* due[0 .. n_due - 1]; the phase's tasks */
  uint64_t now;                 /* the cycle the phase runs */
  bool in_phase;                /* SMs run side by side (main writes it
                                   between phases only) */
  par_split split;
  /* The trials: cycles left in the current stretch, which way it goes,
   * and when the first trial began. */
  uint32_t left;
  uint8_t stage;                /* 0: side-by-side trial, 1: in-order trial, 2: run */
  uint32_t run_cycles;          /* the next run's length */
  bool is_split;                /* this stretch runs cycles side by side */
  double t_stage, t_side;       /* start of the stage; the side-by-side trial's time */
};

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Counts a cycle of the current stretch; at its end, moves on to the
 * next stage (side-by-side trial, in-order trial, a run of the faster). */
static void split_tick(tm_par *p)
{
  if (p->split != PAR_SPLIT_AUTO || --p->left)
    return;
  double t = now_seconds();
  switch (p->stage) {
  case 0:
    p->t_side = t - p->t_stage;
    p->stage = 1;
    p->is_split = false;
    p->left = PAR_TRIAL_CYCLES;
    break;
  case 1:
    p->is_split = p->t_side < t - p->t_stage;
    if (p->is_split)
      p->run_cycles = PAR_RUN_CYCLES;
    p->stage = 2;
    p->left = p->run_cycles;
    if (!p->is_split && p->run_cycles < PAR_RUN_CYCLES_MAX)
      p->run_cycles *= 2;
    break;
  default:
    p->stage = 0;
    p->is_split = true;
    p->left = PAR_TRIAL_CYCLES;
    break;
  }
  p->t_stage = t;
}

bool tm_par_can_run(const simt_launch *l, uint32_t n_sms)
{
  /* %clock reads the cycle in timing mode, which every SM sees alike;
   * the other properties let SMs see one another within a cycle. */
  uint32_t deps = l->kernel->cta_order_deps & ~(uint32_t)ISA_CTA_ORDER_CLOCK;
  return l->host_threads > 1 && n_sms > 1 && n_sms <= TM_TEAM_MAX_TASKS && deps == 0 &&
         !l->kernel->has_printf && !l->observer && !l->is_cooperative;
}

int tm_par_create(const tm_par_setup *setup, tm_par **out, char *err, size_t errlen)
{
  *out = NULL;
  const char *e = getenv("PTXSIM_TIMING_SPLIT");
  par_split split = PAR_SPLIT_AUTO;
  if (e && !strcmp(e, "always"))
    split = PAR_SPLIT_ALWAYS;
  else if (e && !strcmp(e, "never"))
    split = PAR_SPLIT_NEVER;
  else if (e && strcmp(e, "auto")) {
    snprintf(err, errlen, "PTXSIM_TIMING_SPLIT is '%s'; it takes auto, always or never", e);
    return PTX_EINVAL;
  }
  tm_par *p = calloc(1, sizeof *p);
  if (!p)
    return PTX_ENOMEM;
  p->s = *setup;
  uint32_t n = setup->n_sms;
  p->per_sm = aligned_alloc(PAR_LINE, n * sizeof *p->per_sm);
  if (p->per_sm)
    memset(p->per_sm, 0, n * sizeof *p->per_sm);
  p->due = calloc(n, sizeof *p->due);
  p->tasks = aligned_alloc(PAR_LINE, setup->n_threads * sizeof *p->tasks);
  bool ok = p->per_sm && p->due && p->tasks && mem_sys_set_sm_phases(setup->mem) == 0;
  for (uint32_t i = 0; ok && i < n; i++)
    ok = (p->per_sm[i].done = calloc(setup->max_ctas_per_sm + 1, sizeof(uint32_t))) != NULL;
  if (!ok) {
    tm_par_free(p);
    snprintf(err, errlen, "out of memory");
    return PTX_ENOMEM;
  }
  p->split = split;
  p->is_split = p->split != PAR_SPLIT_NEVER;
  p->left = PAR_TRIAL_CYCLES;
  p->run_cycles = PAR_RUN_CYCLES;
  p->t_stage = now_seconds();
  for (uint32_t i = 0; i < n; i++) {
    simt_launch *c = &p->per_sm[i].copy;
    *c = *setup->l;
    c->cache = (simt_mem_cache){.base = UINT64_MAX};
    c->progress = NULL;
    c->message = NULL;
    c->status = 0;
    c->has_fault = false;
    c->n_ctas = c->n_warps = c->n_threads = c->n_ctas_done = 0;
    c->is_side_by_side = true;
    setup->sms[i].launch = c;
  }
  *out = p;
  return 0;
}

/* Task k of a phase: the due SMs s with s % n_tasks == k.  An SM stays
 * with one task from cycle to cycle, and so, mostly, with one thread
 * (the main thread claims task 0 first), which keeps its state in that
 * core's caches; the dispatcher hands CTAs out round-robin, so the
 * interleaving shares out what work there is. */
static void run_task(void *ctx, uint32_t k)
{
  tm_par *p = ctx;
  par_task r = {.min_wake = UINT64_MAX};
  for (uint32_t i = 0; i < p->n_due; i++) {
    uint32_t s = p->due[i];
    if (s % p->n_tasks != k)
      continue;
    par_sm *ps = &p->per_sm[s];
    ps->copy.warp_insns = p->base_w;
    ps->copy.thread_insns = p->base_t;
    ps->rc = sm_clock(&p->s.sms[s], p->now);
    r.warp_insns += ps->copy.warp_insns - p->base_w;
    r.thread_insns += ps->copy.thread_insns - p->base_t;
    r.has_event |= ps->rc != 0 || ps->n_done != 0;
    if (p->s.sms[s].wake < r.min_wake)
      r.min_wake = p->s.sms[s].wake;
  }
  p->tasks[k] = r;
}

int tm_par_run(tm_par *p, int (*loop)(void *), void *ctx)
{
  return tm_team_run(&p->team, p->s.n_threads, loop, ctx, run_task, p);
}

bool tm_par_defer_cta_done(tm_par *p, const sm_core *sm, uint32_t linear_id)
{
  if (!p->in_phase)
    return false;
  par_sm *ps = &p->per_sm[sm->id];
  ps->done[ps->n_done++] = linear_id;
  return true;
}

/* SM s failed: the launch takes its copy's failure. */
static int take_failure(tm_par *p, uint32_t s, int rc)
{
  simt_launch *l = p->s.l, *c = &p->per_sm[s].copy;
  if (!l->message) {
    l->message = c->message;
    c->message = NULL;
    l->status = c->status;
    l->has_fault = c->has_fault;
    l->fault = c->fault;
  }
  return l->status ? l->status : rc;
}

/* The cycle's SMs in order on the main thread, as tm_gpu.c's loop runs
 * them, each copy starting from the counts the previous one left; *next
 * gets the earliest wake-up. */
static int cycle_in_order(tm_par *p, uint64_t now, uint64_t *next)
{
  simt_launch *l = p->s.l;
  uint64_t w = UINT64_MAX;
  for (uint32_t s = 0; s < p->s.n_sms; s++) {
    simt_launch *c = &p->per_sm[s].copy;
    c->warp_insns = l->warp_insns;
    c->thread_insns = l->thread_insns;
    int rc = sm_clock(&p->s.sms[s], now);
    l->warp_insns = c->warp_insns;
    l->thread_insns = c->thread_insns;
    if (rc)
      return take_failure(p, s, rc);
    if (p->s.sms[s].wake < w)
      w = p->s.sms[s].wake;
  }
  *next = w;
  return 0;
}

/* *next gets the earliest wake-up of the SMs that ran (their tasks'). */
static int cycle_side_by_side(tm_par *p, uint32_t n_due, uint64_t *next)
{
  simt_launch *l = p->s.l;
  p->base_w = l->warp_insns;
  p->base_t = l->thread_insns;
  p->in_phase = true;
  mem_sys_sm_phase_begin(p->s.mem);
  p->n_due = n_due;
  p->n_tasks = p->s.n_threads < n_due ? p->s.n_threads : n_due;
  tm_team_phase(&p->team, p->n_tasks);
  mem_sys_sm_phase_end(p->s.mem);
  p->in_phase = false;
  bool has_event = false;
  uint64_t w = UINT64_MAX;
  for (uint32_t k = 0; k < p->n_tasks; k++) {
    const par_task *r = &p->tasks[k];
    has_event |= r->has_event;
    l->warp_insns += r->warp_insns;
    l->thread_insns += r->thread_insns;
    if (r->min_wake < w)
      w = r->min_wake;
  }
  *next = w;
  if (PTX_LIKELY(!has_event))
    return 0;
  /* In SM order, up to the first that failed: in order, the SMs after
   * it would not have run (their own statistics still count the cycle). */
  l->warp_insns = p->base_w;
  l->thread_insns = p->base_t;
  int rc = 0;
  for (uint32_t k = 0; k < n_due; k++) {
    uint32_t s = p->due[k];
    par_sm *ps = &p->per_sm[s];
    if (!rc) {
      l->warp_insns += ps->copy.warp_insns - p->base_w;
      l->thread_insns += ps->copy.thread_insns - p->base_t;
      for (uint32_t i = 0; i < ps->n_done; i++)
        p->s.cta_done(p->s.cta_done_ctx, &p->s.sms[s], ps->done[i]);
      if (ps->rc)
        rc = take_failure(p, s, ps->rc);
    }
    ps->n_done = 0;
  }
  return rc;
}

int tm_par_sms_cycle(tm_par *p, uint64_t now, uint64_t *next)
{
  split_tick(p);
  if (!p->is_split)
    return cycle_in_order(p, now, next);
  /* The SMs due, and the earliest wake-up of the others. */
  uint32_t n_due = 0;
  uint64_t w_idle = UINT64_MAX;
  for (uint32_t s = 0; s < p->s.n_sms; s++) {
    const sm_core *sm = &p->s.sms[s];
    if (sm->wake <= now || sm->ldst_waiters)
      p->due[n_due++] = s;
    else if (sm->wake < w_idle)
      w_idle = sm->wake;
  }
  p->now = now;
  const simt_launch *l = p->s.l;
  /* The limit out of reach of every warp instruction the cycle can issue. */
  bool is_limit_far = !l->max_insns || (l->warp_insns < l->max_insns &&
                                        l->max_insns - l->warp_insns >
                                            (uint64_t)n_due * p->s.max_issue_per_sm);
  if (n_due < 2 || !is_limit_far)
    return cycle_in_order(p, now, next);
  uint64_t w = UINT64_MAX;
  int rc = cycle_side_by_side(p, n_due, &w);
  if (rc)
    return rc;
  *next = w < w_idle ? w : w_idle;
  return 0;
}

void tm_par_free(tm_par *p)
{
  if (!p)
    return;
  simt_launch *l = p->s.l;
  for (uint32_t i = 0; p->per_sm && i < p->s.n_sms; i++) {
    simt_launch *c = &p->per_sm[i].copy;
    l->n_ctas += c->n_ctas;
    l->n_warps += c->n_warps;
    l->n_threads += c->n_threads;
    free(c->message);
    free(p->per_sm[i].done);
  }
  free(p->per_sm);
  free(p->tasks);
  free(p->due);
  free(p);
}
