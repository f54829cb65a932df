/* tm_team.c -- host threads that run the tasks of one phase at a time
 * (see tm_team.h).
 *
 * One atomic word holds the open phase's number, its task count and the
 * next task, so that claiming a task (a compare-and-swap of the word)
 * also checks that the phase is still the one the thread saw: a thread
 * that wakes up late cannot take a task of the next phase by mistake.
 * The main thread publishes a phase with a release store, after writing
 * what its tasks read; a thread that claims a task acquires it.  Each
 * task's end is counted in n_done (release), which the main thread
 * waits for (acquire).
 */
#include "config.h"

#include <sched.h>

#include "isa/host_pool.h"
#include "pipeline/tm_team.h"

/* Spins this many times before yielding the processor: a phase is a few
 * microseconds apart, a yield costs about one.  A thread that yields a
 * lot (more threads than free cores) still makes progress. */
enum { TEAM_SPINS = 2000 };

static inline void team_pause(unsigned *spins)
{
  if (++*spins < TEAM_SPINS) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
    return;
  }
  *spins = 0;
  sched_yield();
}

/* Claims and runs the tasks of phase `phase` until none is left. */
static void team_work(tm_team *t, uint32_t phase)
{
  uint64_t w = atomic_load_explicit(&t->work, memory_order_acquire);
  for (;;) {
    if ((uint32_t)(w >> 32) != phase)
      return;
    uint32_t n = (uint32_t)(w >> 16) & 0xffffu, k = (uint32_t)w & 0xffffu;
    if (k >= n)
      return;
    if (!atomic_compare_exchange_weak_explicit(&t->work, &w, w + 1, memory_order_acquire,
                                               memory_order_acquire))
      continue; /* w now holds the word as it is */
    t->task(t->task_ctx, k);
    atomic_fetch_add_explicit(&t->n_done, 1, memory_order_release);
    w = atomic_load_explicit(&t->work, memory_order_acquire);
  }
}

static void *team_thread(void *arg)
{
  tm_team *t = arg;
  if (atomic_fetch_add_explicit(&t->tickets, 1, memory_order_relaxed) == 0) {
    t->main_rc = t->main(t->main_ctx);
    atomic_store_explicit(&t->is_stopped, 1, memory_order_release);
    return NULL;
  }
  uint32_t seen = (uint32_t)(atomic_load_explicit(&t->work, memory_order_acquire) >> 32);
  unsigned spins = 0;
  for (;;) {
    uint64_t w = atomic_load_explicit(&t->work, memory_order_acquire);
    uint32_t phase = (uint32_t)(w >> 32);
    if (phase != seen) {
      seen = phase;
      team_work(t, phase);
      spins = 0;
      continue;
    }
    if (atomic_load_explicit(&t->is_stopped, memory_order_acquire))
      return NULL;
    team_pause(&spins);
  }
}

int tm_team_run(tm_team *t, unsigned n_threads, int (*main)(void *), void *main_ctx,
                tm_team_task *task, void *task_ctx)
{
  t->n_threads = n_threads ? n_threads : 1;
  atomic_init(&t->work, 0);
  atomic_init(&t->n_done, 0);
  atomic_init(&t->tickets, 0);
  atomic_init(&t->is_stopped, 0);
  t->task = task;
  t->task_ctx = task_ctx;
  t->main = main;
  t->main_ctx = main_ctx;
  t->main_rc = 0;
  host_pool_run(t->n_threads, team_thread, t);
  return t->main_rc;
}

void tm_team_phase(tm_team *t, uint32_t n_tasks)
{
  if (!n_tasks)
    return;
  uint64_t w = atomic_load_explicit(&t->work, memory_order_relaxed);
  uint32_t phase = (uint32_t)(w >> 32) + 1;
  atomic_store_explicit(&t->n_done, 0, memory_order_relaxed);
  atomic_store_explicit(&t->work, (uint64_t)phase << 32 | (uint64_t)n_tasks << 16,
                        memory_order_release);
  team_work(t, phase);
  unsigned spins = 0;
  while (atomic_load_explicit(&t->n_done, memory_order_acquire) < n_tasks)
    team_pause(&spins);
}
