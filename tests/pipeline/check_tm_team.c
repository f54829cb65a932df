/* check_tm_team.c -- pipeline/tm_team.c: in every phase each task runs
 * exactly once, and before tm_team_phase returns (what it wrote is then
 * visible to main), on any number of threads, including one; main's
 * status comes back from tm_team_run; empty phases and phases of one
 * task work; threads that went to sleep for want of phases wake for the
 * next one and when main returns (or tm_team_run would never return). */
#include "config.h"

#include <check.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "pipeline/tm_team.h"
#include "tests/test_util.h"

enum { N_PHASES = 3000, MAX_TASKS = 40 };

typedef struct run {
  tm_team team;
  uint32_t phase;                 /* the phase main opened (main writes it) */
  uint32_t seen[MAX_TASKS];       /* the phase each task last ran in */
  atomic_uint runs[MAX_TASKS];    /* how often each task ran in this phase */
  unsigned bad;                   /* tasks that ran twice or not at all */
} run;

static void task(void *ctx, uint32_t k)
{
  run *r = ctx;
  r->seen[k] = r->phase; /* a plain write main reads after the phase */
  atomic_fetch_add_explicit(&r->runs[k], 1, memory_order_relaxed);
  volatile unsigned x = 0;
  for (unsigned i = 0; i < (k * 37u + r->phase) % 200u; i++)
    x += i;
}

static int main_loop(void *ctx)
{
  run *r = ctx;
  for (uint32_t p = 1; p <= N_PHASES; p++) {
    uint32_t n = p % (MAX_TASKS + 1); /* 0 .. MAX_TASKS tasks */
    r->phase = p;
    for (uint32_t k = 0; k < MAX_TASKS; k++)
      atomic_store_explicit(&r->runs[k], 0, memory_order_relaxed);
    tm_team_phase(&r->team, n);
    for (uint32_t k = 0; k < MAX_TASKS; k++) {
      unsigned want = k < n ? 1 : 0;
      if (atomic_load_explicit(&r->runs[k], memory_order_relaxed) != want ||
          (want && r->seen[k] != p))
        r->bad++;
    }
  }
  return 42;
}

START_TEST(every_task_runs_once_per_phase)
{
  for (unsigned threads = 1; threads <= 4; threads++) {
    run *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    int rc = tm_team_run(&r->team, threads, main_loop, r, task, r);
    ck_assert_int_eq(rc, 42);
    ck_assert_msg(r->bad == 0, "%u threads: %u tasks ran other than once", threads, r->bad);
    free(r);
  }
}
END_TEST

static void sleep_ms(long ms)
{
  struct timespec ts = {.tv_sec = 0, .tv_nsec = ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* Phases 20 ms apart: the other threads sleep in between. */
static int slow_loop(void *ctx)
{
  run *r = ctx;
  for (uint32_t p = 1; p <= 5; p++) {
    sleep_ms(20);
    r->phase = p;
    for (uint32_t k = 0; k < MAX_TASKS; k++)
      atomic_store_explicit(&r->runs[k], 0, memory_order_relaxed);
    tm_team_phase(&r->team, MAX_TASKS);
    for (uint32_t k = 0; k < MAX_TASKS; k++)
      if (atomic_load_explicit(&r->runs[k], memory_order_relaxed) != 1 || r->seen[k] != p)
        r->bad++;
  }
  sleep_ms(20); /* and they are asleep when it returns */
  return 5;
}

START_TEST(sleepers_wake)
{
  run *r = calloc(1, sizeof *r);
  ck_assert_ptr_nonnull(r);
  ck_assert_int_eq(tm_team_run(&r->team, 3, slow_loop, r, task, r), 5);
  ck_assert_msg(r->bad == 0, "%u tasks ran other than once", r->bad);
  free(r);
}
END_TEST

static int no_phase(void *ctx)
{
  (void)ctx;
  return 7;
}

START_TEST(main_without_phases)
{
  tm_team t;
  ck_assert_int_eq(tm_team_run(&t, 3, no_phase, NULL, task, NULL), 7);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("tm_team");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, every_task_runs_once_per_phase);
  tcase_add_test(tc, main_without_phases);
  tcase_add_test(tc, sleepers_wake);
  suite_add_tcase(s, tc);
  return test_run(s);
}
