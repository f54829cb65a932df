/* simt_par.c -- functional simulation of a launch's CTAs on several host
 * threads, with the results of running them in order.
 *
 * In order (simt_launch.c) CTA 0 runs to completion, then CTA 1, and so
 * on.  A kernel whose CTAs cannot observe that order (isa/cta_order.h)
 * leaves the same memory whichever CTAs run side by side; what else a
 * launch shows is kept as it is in order:
 *  - device printf: each CTA writes to its own buffer, and the buffers go
 *    out in CTA order as CTAs commit (a CTA commits once it and every CTA
 *    before it have finished);
 *  - statistics: each CTA's counts, added as it commits;
 *  - faults, traps, barrier deadlocks and errors: the launch reports the
 *    failure of the lowest CTA that fails, with the counts of the CTAs up
 *    to it -- every CTA below it ran to completion, as in order; CTAs
 *    above it stop at their next turn and their output is dropped (their
 *    stores may have reached memory: the launch failed, and a CUDA
 *    program's context is lost after such an error);
 *  - the instruction limit (max_insns), which in order stops the CTA in
 *    which the launch's count reaches it: before each turn a thread
 *    reserves a quantum per warp from a shared count; once a reservation
 *    would pass the limit, a running CTA waits until every CTA before it
 *    has committed, and goes on as in order, its predecessors' count now
 *    known.  A CTA that had already run past its share (its predecessors
 *    ran on after it) fails at once, as does a finished one that commits
 *    past it: the launch then fails with the same error, in the same
 *    block, as in order, but the warp and line it names, and its counts,
 *    may differ.
 * CTAs are handed out in order; one waits to start while it would be more
 * than a window ahead of the lowest unfinished CTA, which bounds the
 * output and counts held.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/cta_order.h"
#include "isa/host_pool.h"
#include "isa/simt.h"
#include "ptxsim.h"

enum { PAR_WINDOW_PER_THREAD = 16, PAR_MAX_THREADS = 256 };

/* What a CTA leaves for its commit: counts and printf output. */
typedef struct par_slot {
  uint64_t warp_insns, thread_insns, n_ctas, n_warps, n_threads;
  char *out;
  size_t out_len;
  bool is_done;
} par_slot;

typedef struct par_run {
  simt_launch *l;               /* gets the committed CTAs' counts */
  uint32_t n_ctas, window;
  pthread_mutex_t lock;
  pthread_cond_t changed;       /* next, committed or stop_at moved */
  uint32_t next;                /* the next CTA to hand out */
  uint32_t committed;           /* CTAs [0, committed) are counted */
  _Atomic uint32_t stop_at;     /* the lowest CTA that failed (n_ctas:
                                   none): CTAs above it stop */
  /* The failure of CTA stop_at: what its thread's launch recorded. */
  int fail_status;
  char *fail_message;
  bool fail_has_fault;
  simt_fault fail_fault;
  par_slot fail_counts;
  _Atomic uint64_t executed;    /* warp instructions run (max_insns) */
  _Atomic bool is_over_limit;
  par_slot *slots;              /* CTA k's in slots[k % window] */
} par_run;

bool simt_par_can_run(const simt_launch *l)
{
  uint64_t n_ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
  return l->host_threads > 1 && n_ctas > 1 && !l->is_cooperative && !l->observer &&
         !l->cycle && l->kernel->cta_order_deps == 0;
}

static par_slot *slot_of(par_run *r, uint32_t k)
{
  return &r->slots[k % r->window];
}

static uint32_t stop_at(par_run *r)
{
  return atomic_load_explicit(&r->stop_at, memory_order_acquire);
}

/* Adds the counts of s to the launch. */
static void add_counts(simt_launch *l, const par_slot *s)
{
  l->warp_insns += s->warp_insns;
  l->thread_insns += s->thread_insns;
  l->n_ctas += s->n_ctas;
  l->n_warps += s->n_warps;
  l->n_threads += s->n_threads;
}

static void fail_finished(par_run *r, uint32_t k, par_slot *s);

/* Commits the finished CTAs at the front, in order (lock held). */
static void commit(par_run *r)
{
  simt_launch *l = r->l;
  bool moved = false;
  while (r->committed < stop_at(r) && slot_of(r, r->committed)->is_done) {
    par_slot *s = slot_of(r, r->committed);
    s->is_done = false; /* the slot is free for CTA committed + window */
    if (l->max_insns && s->warp_insns > l->max_insns - l->warp_insns) {
      fail_finished(r, r->committed, s);
      break;
    }
    if (s->out_len) {
      if (l->progress && l->progress->is_shown)
        l->progress->hide(l->progress->ctx);
      fwrite(s->out, 1, s->out_len, l->out ? l->out : stdout);
    }
    free(s->out);
    s->out = NULL;
    add_counts(l, s);
    l->n_ctas_done++;
    r->committed++;
    moved = true;
  }
  if (moved && l->progress && l->warp_insns >= l->progress->at)
    l->progress->tell(l->progress->ctx, l, l->n_ctas_done, r->n_ctas);
  if (moved)
    pthread_cond_broadcast(&r->changed);
}

/* CTA k failed on the launch copy wl with counts and output s (lock
 * held): it is the launch's failure if no lower CTA failed, and then its
 * output is taken (s->out NULL). */
static void record_failure(par_run *r, simt_launch *wl, uint32_t k, par_slot *s)
{
  if (k < stop_at(r)) {
    free(r->fail_message);
    free(r->fail_counts.out);
    r->fail_message = wl->message;
    r->fail_status = wl->status;
    r->fail_has_fault = wl->has_fault;
    r->fail_fault = wl->fault;
    r->fail_counts = *s;
    s->out = NULL;
    atomic_store_explicit(&r->stop_at, k, memory_order_release);
    pthread_cond_broadcast(&r->changed);
  } else
    free(wl->message);
  wl->message = NULL;
  wl->status = 0;
  wl->has_fault = false;
  memset(&wl->fault, 0, sizeof wl->fault);
}

/* CTA k finished, but the count passes the limit in it: in order it
 * would have stopped there (lock held). */
static void fail_finished(par_run *r, uint32_t k, par_slot *s)
{
  simt_launch wl = *r->l;
  simt_cta c = {.linear_id = k};
  c.ctaid[0] = k % wl.grid[0];
  c.ctaid[1] = k / wl.grid[0] % wl.grid[1];
  c.ctaid[2] = k / (wl.grid[0] * wl.grid[1]);
  wl.message = NULL;
  wl.status = 0;
  wl.warp_insns = wl.max_insns;
  simt_launch_runaway(&wl, &c, NULL);
  par_slot counts = *s;
  counts.warp_insns = wl.max_insns - r->l->warp_insns;
  record_failure(r, &wl, k, &counts);
  s->out = NULL; /* taken */
}

/* Waits until every CTA before k has committed; false when a CTA before
 * k failed.  *before: their warp instructions. */
static bool wait_turn(par_run *r, uint32_t k, uint64_t *before)
{
  pthread_mutex_lock(&r->lock);
  while (r->committed < k && stop_at(r) > k)
    pthread_cond_wait(&r->changed, &r->lock);
  bool is_turn = r->committed == k && stop_at(r) > k;
  *before = r->l->warp_insns;
  pthread_mutex_unlock(&r->lock);
  return is_turn;
}

/* The first warp of c that has not finished; NULL when every one has
 * (the CTA's last turn finished them; the next would have said so). */
static const simt_warp *unfinished_warp(const simt_cta *c)
{
  for (uint32_t i = 0; i < c->n_warps; i++)
    if (!c->warps[i].is_done)
      return &c->warps[i];
  return NULL;
}

/* Runs CTA k on the thread's launch copy wl and CTA state c, then
 * commits what it can. */
static void run_cta(par_run *r, simt_launch *wl, simt_cta *c, uint32_t k)
{
  par_slot s = {0};
  FILE *out = NULL;
  int rc = 0;
  if (r->l->kernel->has_printf) {
    out = open_memstream(&s.out, &s.out_len);
    if (!out) {
      wl->message = strdup("out of memory for the device printf output of a block\n");
      wl->status = rc = PTXSIM_E_NOMEM;
    }
    wl->out = out;
  }
  uint64_t w0 = wl->warp_insns, t0 = wl->thread_insns, c0 = wl->n_ctas, n0 = wl->n_warps,
           h0 = wl->n_threads;
  bool is_done = false, is_dropped = false, is_in_order = false;
  if (!rc)
    rc = simt_cta_init(wl, c, k);
  while (!rc && !is_done) {
    if (stop_at(r) < k) {
      is_dropped = true;
      break;
    }
    if (!is_in_order && atomic_load_explicit(&r->is_over_limit, memory_order_relaxed)) {
      uint64_t mine = wl->warp_insns - w0, before_me;
      if (!wait_turn(r, k, &before_me)) {
        is_dropped = true;
        break;
      }
      is_in_order = true;
      w0 = before_me;
      wl->max_insns = r->l->max_insns;
      if (mine > wl->max_insns - before_me) { /* already past its share */
        wl->warp_insns = wl->max_insns;
        rc = simt_launch_runaway(wl, c, unfinished_warp(c));
        wl->warp_insns = before_me + mine;
        break;
      }
      wl->warp_insns = before_me + mine;
    }
    /* A turn runs at most a quantum per warp: reserve that much of the
     * limit first, so that no CTA out of order runs past it. */
    uint64_t before = wl->warp_insns, reserve = 0;
    if (r->l->max_insns && !is_in_order) {
      reserve = (uint64_t)c->n_warps * SIMT_WARP_QUANTUM;
      if (atomic_fetch_add_explicit(&r->executed, reserve, memory_order_relaxed) + reserve >
          r->l->max_insns) {
        atomic_fetch_sub_explicit(&r->executed, reserve, memory_order_relaxed);
        atomic_store_explicit(&r->is_over_limit, true, memory_order_relaxed);
        continue; /* in order from now on */
      }
    }
    rc = simt_cta_turn(wl, c, &is_done);
    if (reserve)
      atomic_fetch_sub_explicit(&r->executed, reserve - (wl->warp_insns - before),
                                memory_order_relaxed);
  }
  wl->max_insns = 0;
  if (out) {
    fclose(out);
    wl->out = NULL;
  }
  s.warp_insns = wl->warp_insns - w0;
  s.thread_insns = wl->thread_insns - t0;
  s.n_ctas = wl->n_ctas - c0;
  s.n_warps = wl->n_warps - n0;
  s.n_threads = wl->n_threads - h0;
  pthread_mutex_lock(&r->lock);
  if (rc)
    record_failure(r, wl, k, &s);
  if (rc || is_dropped) {
    free(s.out);
    s.out = NULL;
  } else {
    s.is_done = true;
    *slot_of(r, k) = s;
    commit(r);
  }
  pthread_mutex_unlock(&r->lock);
}

/* A host thread: takes CTAs in order until none is left or one failed. */
static void *worker(void *arg)
{
  par_run *r = arg;
  simt_launch wl = *r->l;
  wl.cache = (simt_mem_cache){.base = UINT64_MAX};
  wl.progress = NULL;
  wl.out = NULL;
  wl.message = NULL;
  wl.status = 0;
  wl.has_fault = false;
  wl.max_insns = 0; /* the shared count stands for it */
  wl.is_side_by_side = true;
  wl.warp_insns = wl.thread_insns = wl.n_ctas = wl.n_warps = wl.n_threads = 0;
  wl.n_ctas_done = 0;
  simt_cta c;
  memset(&c, 0, sizeof c);
  for (;;) {
    pthread_mutex_lock(&r->lock);
    while (r->next < stop_at(r) && r->next < r->n_ctas && r->next - r->committed >= r->window)
      pthread_cond_wait(&r->changed, &r->lock);
    if (r->next >= stop_at(r) || r->next >= r->n_ctas) {
      pthread_mutex_unlock(&r->lock);
      break;
    }
    uint32_t k = r->next++;
    slot_of(r, k)->is_done = false;
    pthread_mutex_unlock(&r->lock);
    run_cta(r, &wl, &c, k);
  }
  simt_cta_free(&c);
  return NULL;
}

int simt_par_run(simt_launch *l)
{
  uint32_t n_ctas = l->grid[0] * l->grid[1] * l->grid[2];
  uint32_t n_threads = l->host_threads < PAR_MAX_THREADS ? l->host_threads : PAR_MAX_THREADS;
  if (n_threads > n_ctas)
    n_threads = n_ctas;
  par_run r = {.l = l, .n_ctas = n_ctas, .window = n_threads * PAR_WINDOW_PER_THREAD};
  atomic_init(&r.stop_at, n_ctas);
  atomic_init(&r.executed, 0);
  atomic_init(&r.is_over_limit, false);
  r.slots = calloc(r.window, sizeof *r.slots);
  if (!r.slots) {
    l->host_threads = 1; /* in order, then */
    int rc = simt_run(l);
    return rc;
  }
  pthread_mutex_init(&r.lock, NULL);
  pthread_cond_init(&r.changed, NULL);
  /* The display's first line, as the first turn of one thread gives it;
   * later ones come as CTAs commit. */
  if (l->progress && l->warp_insns >= l->progress->at)
    l->progress->tell(l->progress->ctx, l, l->n_ctas_done, n_ctas);
  /* The calling thread is one of them. */
  host_pool_run(n_threads, worker, &r);
  pthread_mutex_lock(&r.lock);
  commit(&r);
  pthread_mutex_unlock(&r.lock);
  for (uint32_t i = 0; i < r.window; i++)
    free(r.slots[i].out);
  int rc = 0;
  if (stop_at(&r) < n_ctas) {
    /* Every CTA before the failed one has committed: its output follows. */
    if (r.fail_counts.out_len)
      fwrite(r.fail_counts.out, 1, r.fail_counts.out_len, l->out ? l->out : stdout);
    free(r.fail_counts.out);
    add_counts(l, &r.fail_counts);
    l->status = rc = r.fail_status;
    l->message = r.fail_message;
    l->has_fault = r.fail_has_fault;
    l->fault = r.fail_fault;
  }
  pthread_cond_destroy(&r.changed);
  pthread_mutex_destroy(&r.lock);
  free(r.slots);
  return rc;
}
