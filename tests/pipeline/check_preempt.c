/* check_preempt.c -- the preemption event log (`--report preemption`,
 * src/report_preempt.c; 004 §6 report D) and preemption at every cycle of
 * a small kernel (issue 17 item 5), through the public interface.
 *
 * The kernel, tests/pipeline/preempt.ptx preempt_walk, has a divergent
 * loop (a preemption point whose union set is saved), a divergent if/else,
 * shared memory and a barrier (a bar.pp wait point).  It runs 4 CTAs of 64
 * threads on gtx480 cut to 2 SMs (-gpgpu_n_clusters 2: two CTAs per SM,
 * so in-place switching has a CTA to keep).
 *
 * The log: with an interrupt every 200 cycles, in every mode, the JSON
 * report's log has one record per ptxsim_preempt_events, each counter of
 * TM_PREEMPT_COUNTERS summed over the records is the statistic, the
 * worst record is ptxsim_preempt_latency_max, and the summary's mean and
 * worst/mean are the statistics' ptxsim_preempt_latency_avg and
 * ptxsim_preempt_worst_avg_ratio.
 *
 * Exhaustive: C is the kernel's cycles without preemption; for every t
 * in 1..C the first (and only: -ptxsim_preempt_inject is far beyond C)
 * interrupt comes at cycle t (-ptxsim_preempt_inject_at t), with
 * -ptxsim_preempt_poison 1, in each mode and in-place live_cp; the output
 * must be bit for bit the unpreempted one.  Every t before SM 0's CTAs
 * end finds CTAs on an SM and must give exactly one event.  The test of
 * the test: the same sweep (every 3rd t) with -ptxsim_preempt_poison 2
 * (one live register poisoned too) must give a wrong output somewhere.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/preempt_ctl.h"
#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"
#include "tests/reports/json_mini.h"

enum { GRID = 4, BLOCK = 64, N = GRID * BLOCK };

static const char *const base[] = {"-gpgpu_n_clusters", "2", NULL};

typedef struct run {
  tm_fixture f;
  ptxsim_devptr in, out;
  uint32_t result[N];
} run;

static void open_run(run *r, const char *const *options)
{
  tm_fixture_open(&r->f, "tests/pipeline/preempt.ptx", "gtx480", base, options);
  r->in = tm_fixture_alloc(&r->f, sizeof r->result);
  r->out = tm_fixture_alloc(&r->f, sizeof r->result);
  uint32_t in[N], x = 12345;
  for (int i = 0; i < N; i++) {
    x = x * 1103515245u + 12345u;
    in[i] = x >> 7;
  }
  ck_assert_int_eq(ptxsim_memcpy_htod(r->f.device, r->in, in, sizeof in), PTXSIM_OK);
}

static uint64_t launch(run *r)
{
  const void *args[] = {&r->in, &r->out};
  ck_assert_int_eq(ptxsim_memset(r->f.device, r->out, 0, sizeof r->result), PTXSIM_OK);
  uint64_t cycles = tm_fixture_launch(&r->f, "preempt_walk", GRID, BLOCK, args, 2);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(r->f.device, r->result, r->out, sizeof r->result),
                   PTXSIM_OK);
  return cycles;
}

/* A launch that may fail (the poisoned runs): whether it ran. */
static bool try_launch(run *r)
{
  const void *args[] = {&r->in, &r->out};
  ck_assert_int_eq(ptxsim_memset(r->f.device, r->out, 0, sizeof r->result), PTXSIM_OK);
  if (ptxsim_launch(r->f.device, "preempt_walk", (ptxsim_dim3){GRID, 1, 1},
                    (ptxsim_dim3){BLOCK, 1, 1}, 0, args, 2) != PTXSIM_OK)
    return false;
  ck_assert_int_eq(ptxsim_memcpy_dtoh(r->f.device, r->result, r->out, sizeof r->result),
                   PTXSIM_OK);
  return true;
}

static void set(run *r, const char *name, const char *value)
{
  char *msg = NULL;
  int rc = ptxsim_device_set_config_option(r->f.device, name, value, &msg);
  ck_assert_msg(rc == PTXSIM_OK, "%s %s: %s", name, value, msg ? msg : "refused");
  ptxsim_free(msg);
}

static const char *const modes[] = {"occupancy", "drain", "live", "live_cp"};

/* ---- the log ------------------------------------------------------------ */

static jv *report_json(run *r)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(ptxsim_report_write(r->f.device, f, 1), PTXSIM_OK);
  fclose(f);
  char err[256];
  jv *v = jv_parse(text, err, sizeof err);
  ck_assert_msg(v, "report JSON: %s\n%s", err, text);
  free(text);
  return v;
}

START_TEST(log_adds_up_to_the_statistics)
{
  const char *mode = modes[_i];
  const char *const opts[] = {"-ptxsim_preempt_mode", mode, "-ptxsim_preempt_inject", "200",
                              "-ptxsim_preempt_poison", "1", NULL};
  run r;
  open_run(&r, opts);
  ck_assert_int_eq(ptxsim_device_set_reports(r.f.device, PTXSIM_REPORT_PREEMPTION), PTXSIM_OK);
  launch(&r);
  char *stats = tm_fixture_stats_text(&r.f);
  jv *doc = report_json(&r);
  const jv *k = jv_at(jv_get(doc, "reports"), 0);
  const jv *pre = jv_get(k, "preemption");
  ck_assert_ptr_nonnull(pre);
  const jv *log = jv_get(pre, "log");
  uint64_t events = tm_stats_u64(stats, "ptxsim_preempt_events");
  ck_assert_msg(events >= (_i == 1 ? 2 : 3), "%s: only %lu events", mode, (unsigned long)events);
  ck_assert_uint_eq(jv_len(log), events);
  ck_assert_uint_eq((uint64_t)jv_getnum(pre, "events"), events);
  double worst = 0;
  for (size_t i = 0; i < jv_len(log); i++) {
    const jv *e = jv_at(log, i);
    ck_assert_str_eq(jv_get(e, "mode")->str, mode);
    ck_assert(jv_getnum(e, "sm") < 2);
    ck_assert(jv_getnum(e, "saved") >= jv_getnum(e, "cycle"));
    /* Latency = drain + spill, and the save ends that long after the
     * interrupt. */
    double lat = jv_getnum(e, "latency_cycles");
    ck_assert(lat == jv_getnum(e, "drain_cycles") + jv_getnum(e, "spill_cycles"));
    ck_assert(jv_getnum(e, "saved") - jv_getnum(e, "cycle") == jv_getnum(e, "drain_cycles"));
    if (lat > worst)
      worst = lat;
  }
  static const char prefix[] = "ptxsim_preempt_";
#define X(field, name, doc)                                                                     \
  if (strcmp(#field, "events") && strcmp(#field, "latency_max")) {                              \
    double sum = 0;                                                                             \
    for (size_t i = 0; i < jv_len(log); i++)                                                    \
      sum += jv_getnum(jv_at(log, i), name + sizeof prefix - 1);                                \
    ck_assert_msg(sum == (double)tm_stats_u64(stats, name), "%s: %s: log %.0f, statistic %lu", \
                  mode, name, sum, (unsigned long)tm_stats_u64(stats, name));                   \
  }
  TM_PREEMPT_COUNTERS(X)
#undef X
  const jv *sum = jv_get(pre, "summary");
  ck_assert(worst == (double)tm_stats_u64(stats, "ptxsim_preempt_latency_max"));
  ck_assert(jv_getnum(sum, "max_latency_cycles") == worst);
  ck_assert(fabs(jv_getnum(sum, "avg_latency_cycles") -
                 tm_stats_f64(stats, "ptxsim_preempt_latency_avg")) < 1e-3);
  ck_assert(fabs(jv_getnum(sum, "worst_avg_ratio") -
                 tm_stats_f64(stats, "ptxsim_preempt_worst_avg_ratio")) < 1e-3);
  /* 700 MHz (gtx480): microseconds are cycles / 700. */
  ck_assert(fabs(jv_getnum(sum, "max_latency_us") - worst / 700.0) < 1e-6);
  jv_free(doc);
  free(stats);
  /* The text has the same records, one line each. */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_int_eq(ptxsim_report_write(r.f.device, f, 0), PTXSIM_OK);
  fclose(f);
  ck_assert_ptr_nonnull(strstr(text, "preemption report: kernel preempt_walk"));
  size_t lines = 0;
  for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    unsigned launch_no, sm;
    unsigned long cycle;
    char m[16];
    lines += sscanf(p, " %u %u %lu %15s", &launch_no, &sm, &cycle, m) == 4 && !strcmp(m, mode);
  }
  ck_assert_uint_eq(lines, events);
  free(text);
  tm_fixture_close(&r.f);
}
END_TEST

/* Without injection there is no event, and the report says so. */
START_TEST(no_injection_no_event)
{
  run r;
  open_run(&r, NULL);
  ck_assert_int_eq(ptxsim_device_set_reports(r.f.device, PTXSIM_REPORT_PREEMPTION), PTXSIM_OK);
  launch(&r);
  jv *doc = report_json(&r);
  const jv *pre = jv_get(jv_at(jv_get(doc, "reports"), 0), "preemption");
  ck_assert(jv_getnum(pre, "events") == 0);
  ck_assert_uint_eq(jv_len(jv_get(pre, "log")), 0);
  jv_free(doc);
  tm_fixture_close(&r.f);
}
END_TEST

/* ---- every cycle -------------------------------------------------------- */

typedef struct sweep {
  uint64_t wrong;             /* t whose output differed */
  uint64_t first_wrong;
  uint64_t missing;           /* t before SM 0 empties without an event */
  uint64_t events;
} sweep;

/* Runs the kernel with its one interrupt at every stride-th cycle of
 * 1..cycles under the options set, against ref. */
static void sweep_run(run *r, const uint32_t *ref, uint64_t cycles, uint64_t sm0_end,
                      uint64_t stride, sweep *s)
{
  memset(s, 0, sizeof *s);
  char at[32];
  for (uint64_t t = 1; t <= cycles; t += stride) {
    snprintf(at, sizeof at, "%lu", (unsigned long)t);
    set(r, "-ptxsim_preempt_inject_at", at);
    if (!try_launch(r)) { /* a poisoned address: a wrong result too */
      if (!s->wrong++)
        s->first_wrong = t;
      continue;
    }
    uint64_t ev = tm_fixture_stat_u64(&r->f, "ptxsim_preempt_events");
    ck_assert_uint_le(ev, 1);
    s->events += ev;
    if (!ev && t < sm0_end)
      s->missing++;
    if (memcmp(r->result, ref, sizeof r->result)) {
      if (!s->wrong++)
        s->first_wrong = t;
    }
  }
}

/* The cycles of the unpreempted run and its output. */
static uint64_t reference(run *r, uint32_t *ref)
{
  uint64_t c = launch(r);
  memcpy(ref, r->result, sizeof r->result);
  return c;
}

START_TEST(every_cycle_every_mode)
{
  run r;
  open_run(&r, NULL);
  uint32_t ref[N];
  uint64_t cycles = reference(&r, ref);
  /* When SM 0 empties: a drain interrupt at cycle 50 (the 4 CTAs are on
   * the 2 SMs by then, so stopping SM 0's dispatch changes nothing and
   * the run is the reference run) completes when SM 0's CTAs have ended,
   * drain cycles later.  An interrupt before then finds SM 0 holding
   * CTAs in any mode (until it comes, every run is the reference run),
   * so it must preempt something. */
  set(&r, "-ptxsim_preempt_inject", "1099511627776");
  set(&r, "-ptxsim_preempt_mode", "drain");
  set(&r, "-ptxsim_preempt_inject_at", "50");
  launch(&r);
  ck_assert_int_eq(memcmp(r.result, ref, sizeof ref), 0);
  uint64_t sm0_end = 50 + tm_fixture_stat_u64(&r.f, "ptxsim_preempt_drain_cycles");
  ck_assert_uint_gt(sm0_end, cycles / 2);
  set(&r, "-ptxsim_preempt_poison", "1");
  static const struct {
    const char *mode, *inplace;
  } variants[] = {{"occupancy", "0"}, {"drain", "0"}, {"live", "0"}, {"live_cp", "0"},
                  {"live_cp", "1"}};
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    set(&r, "-ptxsim_preempt_mode", variants[v].mode);
    set(&r, "-ptxsim_preempt_inplace", variants[v].inplace);
    sweep s;
    sweep_run(&r, ref, cycles, sm0_end, 1, &s);
    ck_assert_msg(!s.wrong, "%s (in place %s): %lu of %lu interrupt cycles gave a wrong output, "
                            "the first at %lu",
                  variants[v].mode, variants[v].inplace, (unsigned long)s.wrong,
                  (unsigned long)cycles, (unsigned long)s.first_wrong);
    ck_assert_msg(!s.missing, "%s: %lu interrupts before cycle %lu preempted nothing",
                  variants[v].mode, (unsigned long)s.missing, (unsigned long)sm0_end);
    ck_assert_uint_ge(s.events, sm0_end - 1);
  }
  /* The test of the test. */
  set(&r, "-ptxsim_preempt_mode", "live");
  set(&r, "-ptxsim_preempt_inplace", "0");
  set(&r, "-ptxsim_preempt_poison", "2");
  sweep s;
  sweep_run(&r, ref, cycles, sm0_end, 3, &s);
  ck_assert_msg(s.wrong, "-ptxsim_preempt_poison 2 broke no output: would the sweep see a "
                         "liveness bug?");
  tm_fixture_close(&r.f);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("preempt");
  TCase *tc = tcase_create("log");
  tcase_add_loop_test(tc, log_adds_up_to_the_statistics, 0, 4);
  tcase_add_test(tc, no_injection_no_event);
  suite_add_tcase(s, tc);
  tc = tcase_create("exhaustive");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, every_cycle_every_mode);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  SRunner *sr = srunner_create(suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
