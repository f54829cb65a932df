/* tm_team.c -- host threads that run the tasks of one phase at a time
 * (see tm_team.h).
 *
 * One atomic word holds the open phase's number, its task count and the
 * next task, so that claiming a task (a compare-and-swap of the word)
 * also checks that the phase is still the one the thread saw: a thread
 * that wakes up late cannot take a task of the next phase by mistake.
 * The main thread publishes a phase with a (sequentially consistent)
 * store, after writing what its tasks read; a thread that claims a task
 * acquires it.  Each
 * task's end is counted in n_done (release), which the main thread
 * waits for (acquire).
 */
#include "config.h"

#include <sched.h>
#include <time.h>

#include "isa/host_pool.h"
#include "pipeline/tm_team.h"

/* Spins this many times before yielding the processor (a phase is a few
 * microseconds apart, a yield costs about one; a thread that yields a lot,
 * with more threads than free cores, still makes progress), and sleeps
 * until the next phase after this long without one (waking a sleeper
 * costs main a system call). */
enum { TEAM_SPINS = 2000 };
#define TEAM_SLEEP_AFTER_NS 1000000L

static int64_t team_clock_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000L + ts.tv_nsec;
}

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

/* Sleeps until the phase is no longer `seen` or main has returned.  The
 * count of sleepers and the phase word are both sequentially consistent:
 * either main, having opened a phase, sees this thread counted (and wakes
 * it under the lock), or this thread sees the new phase and does not
 * wait. */
static void team_sleep(tm_team *t, uint32_t seen)
{
  pthread_mutex_lock(&t->lock);
  atomic_fetch_add(&t->n_asleep, 1);
  while ((uint32_t)(atomic_load(&t->work) >> 32) == seen && !atomic_load(&t->is_stopped))
    pthread_cond_wait(&t->wake, &t->lock);
  atomic_fetch_sub(&t->n_asleep, 1);
  pthread_mutex_unlock(&t->lock);
}

static void team_wake_all(tm_team *t)
{
  if (atomic_load(&t->n_asleep)) {
    pthread_mutex_lock(&t->lock);
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
  }
}

static void *team_thread(void *arg)
{
  tm_team *t = arg;
  if (atomic_fetch_add_explicit(&t->tickets, 1, memory_order_relaxed) == 0) {
    t->main_rc = t->main(t->main_ctx);
    atomic_store(&t->is_stopped, 1);
    team_wake_all(t);
    return NULL;
  }
  uint32_t seen = (uint32_t)(atomic_load_explicit(&t->work, memory_order_acquire) >> 32);
  unsigned spins = 0;
  int64_t idle_since = 0; /* the first yield since the last phase (0: none) */
  for (;;) {
    uint64_t w = atomic_load_explicit(&t->work, memory_order_acquire);
    uint32_t phase = (uint32_t)(w >> 32);
    if (phase != seen) {
      seen = phase;
      team_work(t, phase);
      spins = 0;
      idle_since = 0;
      continue;
    }
    if (atomic_load_explicit(&t->is_stopped, memory_order_acquire))
      return NULL;
    team_pause(&spins);
    if (spins == 0) { /* it yielded */
      int64_t now = team_clock_ns();
      if (!idle_since)
        idle_since = now;
      else if (now - idle_since > TEAM_SLEEP_AFTER_NS) {
        team_sleep(t, seen);
        idle_since = 0;
      }
    }
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
  atomic_init(&t->n_asleep, 0);
  pthread_mutex_init(&t->lock, NULL);
  pthread_cond_init(&t->wake, NULL);
  t->task = task;
  t->task_ctx = task_ctx;
  t->main = main;
  t->main_ctx = main_ctx;
  t->main_rc = 0;
  host_pool_run(t->n_threads, team_thread, t);
  pthread_cond_destroy(&t->wake);
  pthread_mutex_destroy(&t->lock);
  return t->main_rc;
}

void tm_team_phase(tm_team *t, uint32_t n_tasks)
{
  if (!n_tasks)
    return;
  uint64_t w = atomic_load_explicit(&t->work, memory_order_relaxed);
  uint32_t phase = (uint32_t)(w >> 32) + 1;
  atomic_store_explicit(&t->n_done, 0, memory_order_relaxed);
  atomic_store(&t->work, (uint64_t)phase << 32 | (uint64_t)n_tasks << 16);
  team_wake_all(t);
  team_work(t, phase);
  unsigned spins = 0;
  while (atomic_load_explicit(&t->n_done, memory_order_acquire) < n_tasks)
    team_pause(&spins);
}
