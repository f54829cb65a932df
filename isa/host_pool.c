/* host_pool.c -- host threads kept between functional launches (see
 * host_pool.h).
 *
 * One job at a time: the caller posts fn and arg with the number of
 * helpers it wants and a new generation number, wakes the helpers, runs
 * fn itself, then waits until exactly that many helpers have joined and
 * returned (arg lives on the caller's stack).  A helper joins a
 * generation at most once; the others go back to sleep.  After fork()
 * only the calling thread exists in the child: the pool is rebuilt there.
 */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "isa/host_pool.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER; /* a job was posted */
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER; /* a helper returned */
static pid_t pool_pid;        /* the process whose helpers these are */
static unsigned pool_size;    /* helpers waiting in it */
static bool pool_busy;        /* a caller holds it */
static uintptr_t pool_gen;    /* the job's generation */
static void *(*pool_fn)(void *);
static void *pool_arg;
static unsigned pool_want;    /* helpers the job wants */
static unsigned pool_joined;  /* helpers that joined it */
static unsigned pool_running; /* and have not returned yet */

/* gen: the generation before the job that made the helper, which it
 * joins (the caller posts it after making its helpers). */
static void *helper(void *gen)
{
  uintptr_t seen = (uintptr_t)gen;
  pthread_mutex_lock(&pool_lock);
  for (;;) {
    while (pool_gen == seen)
      pthread_cond_wait(&pool_wake, &pool_lock);
    seen = pool_gen;
    if (pool_joined == pool_want)
      continue; /* enough helpers: sleep until the next job */
    pool_joined++;
    pool_running++;
    void *(*fn)(void *) = pool_fn;
    void *arg = pool_arg;
    pthread_mutex_unlock(&pool_lock);
    fn(arg);
    pthread_mutex_lock(&pool_lock);
    pool_running--;
    pthread_cond_broadcast(&pool_done);
  }
  return NULL;
}

/* Runs fn on fresh threads (the pool is busy). */
static void run_fresh(unsigned n, void *(*fn)(void *), void *arg)
{
  pthread_t *tids = calloc(n, sizeof *tids);
  unsigned started = 0;
  while (tids && started + 1 < n && !pthread_create(&tids[started], NULL, fn, arg))
    started++;
  fn(arg);
  for (unsigned i = 0; i < started; i++)
    pthread_join(tids[i], NULL);
  free(tids);
}

void host_pool_run(unsigned n, void *(*fn)(void *), void *arg)
{
  pthread_mutex_lock(&pool_lock);
  if (pool_busy) {
    pthread_mutex_unlock(&pool_lock);
    run_fresh(n, fn, arg);
    return;
  }
  if (pool_pid != getpid()) { /* first use, or a child after fork() */
    pool_pid = getpid();
    pool_size = 0;
  }
  pool_busy = true;
  while (pool_size + 1 < n) {
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &attr, helper, (void *)pool_gen);
    pthread_attr_destroy(&attr);
    if (rc)
      break;
    pool_size++;
  }
  pool_fn = fn;
  pool_arg = arg;
  pool_want = n - 1 < pool_size ? n - 1 : pool_size;
  pool_joined = 0;
  pool_gen++;
  pthread_cond_broadcast(&pool_wake);
  pthread_mutex_unlock(&pool_lock);
  fn(arg);
  pthread_mutex_lock(&pool_lock);
  while (pool_joined < pool_want || pool_running > 0)
    pthread_cond_wait(&pool_done, &pool_lock);
  pool_busy = false;
  pthread_mutex_unlock(&pool_lock);
}
