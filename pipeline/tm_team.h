/* tm_team.h -- host threads that run the tasks of one phase at a time,
 * for a clock loop whose every cycle has work that can be split.
 *
 * Parallel timing mode (tm_par.c) runs the SMs of each cycle on several
 * host threads.  A cycle lasts microseconds, so the threads do not sleep
 * between phases: they spin on a word that says which phase is open and
 * which task comes next.  A thread that sees no phase for a long while
 * (main runs cycles in order, or has nothing for the SMs to do) sleeps
 * until the next one, so as not to hold a core it does not use.
 *
 * tm_team_run() runs main(ctx) on one thread of the team while the
 * others wait for phases; main opens each phase with tm_team_phase(),
 * which returns when every task of the phase has run (main takes tasks
 * too).  Any number of threads may join, none included: the tasks of a
 * phase are claimed one at a time, by whoever is free.
 */
#ifndef PTXSIM_PIPELINE_TM_TEAM_H
#define PTXSIM_PIPELINE_TM_TEAM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Runs task(ctx, k) for one task k of the open phase. */
typedef void tm_team_task(void *ctx, uint32_t k);

typedef struct tm_team {
  unsigned n_threads;
  _Atomic uint64_t work;     /* phase << 32 | n_tasks << 16 | next task */
  _Atomic uint32_t n_done;   /* tasks of the open phase that have run */
  _Atomic uint32_t tickets;  /* threads that joined (the first runs main) */
  _Atomic int is_stopped;    /* main has returned: the others leave */
  _Atomic uint32_t n_asleep; /* threads waiting on wake */
  pthread_mutex_t lock;      /* with wake: for threads that sleep */
  pthread_cond_t wake;       /* a phase opened, or main returned */
  tm_team_task *task;
  void *task_ctx;
  int (*main)(void *);
  void *main_ctx;
  int main_rc;
} tm_team;

/* The most tasks a phase may have. */
#define TM_TEAM_MAX_TASKS 0xffffu

/* Runs main(main_ctx) as described above on up to n_threads threads
 * (host_pool.h), task(task_ctx, k) being the tasks of every phase;
 * returns what main returned. */
int tm_team_run(tm_team *t, unsigned n_threads, int (*main)(void *), void *main_ctx,
                tm_team_task *task, void *task_ctx);

/* From main: runs tasks 0 .. n_tasks - 1 (n_tasks <= TM_TEAM_MAX_TASKS)
 * on the team and returns when all have run; what they wrote is then
 * visible to main. */
void tm_team_phase(tm_team *t, uint32_t n_tasks);

#endif /* PTXSIM_PIPELINE_TM_TEAM_H */
