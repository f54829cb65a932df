/* check_host_pool.c -- isa/host_pool.c: every job runs on the caller and
 * the helpers it asked for, returns only when all have finished, and
 * the pool survives many jobs, concurrent callers (the second gets fresh
 * threads) and fork(). */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <unistd.h>

#include "isa/host_pool.h"
#include "tests/test_util.h"

typedef struct job {
  atomic_uint runners;   /* threads that entered fn */
  atomic_uint finished;  /* and left it */
  unsigned spin;         /* work each does */
} job;

static void *count(void *arg)
{
  job *j = arg;
  atomic_fetch_add(&j->runners, 1);
  volatile unsigned x = 0;
  for (unsigned i = 0; i < j->spin; i++)
    x += i;
  atomic_fetch_add(&j->finished, 1);
  return NULL;
}

START_TEST(every_runner_finishes_before_return)
{
  for (unsigned round = 0; round < 2000; round++) {
    unsigned n = 1 + round % 5;
    job j = {.spin = (round % 7) * 1000};
    atomic_init(&j.runners, 0);
    atomic_init(&j.finished, 0);
    host_pool_run(n, count, &j);
    /* All that entered have left (the job lives on this stack), and the
     * caller and its n - 1 helpers ran. */
    ck_assert_uint_eq(atomic_load(&j.finished), atomic_load(&j.runners));
    ck_assert_uint_eq(atomic_load(&j.runners), n);
  }
}
END_TEST

static void *caller(void *arg)
{
  (void)arg;
  for (unsigned round = 0; round < 300; round++) {
    job j = {.spin = 2000};
    atomic_init(&j.runners, 0);
    atomic_init(&j.finished, 0);
    host_pool_run(3, count, &j);
    if (atomic_load(&j.runners) != 3 || atomic_load(&j.finished) != 3)
      return (void *)1;
  }
  return NULL;
}

START_TEST(two_callers_at_once)
{
  pthread_t a, b;
  ck_assert_int_eq(pthread_create(&a, NULL, caller, NULL), 0);
  ck_assert_int_eq(pthread_create(&b, NULL, caller, NULL), 0);
  void *ra, *rb;
  pthread_join(a, &ra);
  pthread_join(b, &rb);
  ck_assert_ptr_null(ra);
  ck_assert_ptr_null(rb);
}
END_TEST

START_TEST(after_fork)
{
  job j = {.spin = 10};
  atomic_init(&j.runners, 0);
  atomic_init(&j.finished, 0);
  host_pool_run(4, count, &j); /* the parent's pool exists */
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    job k = {.spin = 10};
    atomic_init(&k.runners, 0);
    atomic_init(&k.finished, 0);
    host_pool_run(4, count, &k);
    _exit(atomic_load(&k.runners) == 4 && atomic_load(&k.finished) == 4 ? 0 : 1);
  }
  int status;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("host_pool");
  TCase *tc = tcase_create("pool");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, every_runner_finishes_before_return);
  tcase_add_test(tc, two_callers_at_once);
  tcase_add_test(tc, after_fork);
  suite_add_tcase(s, tc);
  return test_run(s);
}
