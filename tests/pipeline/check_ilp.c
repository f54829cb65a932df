/* check_ilp.c -- 002b Part F's micro-tests of the many-thread-aware
 * scoreboard (-ptxsim_scoreboard shared, pipeline/dep_shared.c) on the
 * seed's GTX280-class SM (configs/gtx280_ilp.config), through the public
 * interface; the kernels are tests/pipeline/ilp.ptx.
 *
 * What every test fixes (ILP_OPTS) and what the expectations follow from:
 *   - one SM, one scheduler (lrr), one SP unit with an initiation
 *     interval of 1 and an ALU latency of 3 (gtx280_ilp: a result is
 *     readable, and its instruction leaves the pipeline, 3 cycles after
 *     issue);
 *   - the baseline (per_warp with -ptxsim_max_inflight_per_warp 1): a
 *     warp issues its next instruction when the previous one is written
 *     back, so each ALU instruction costs 3 cycles;
 *   - an L1 hit costs H = -gpgpu_l1_latency cycles from issue to data; the
 *     kernels first bring both lines they time into L1, so the timed loads
 *     hit (and a miss's variable latency cancels: it happens before);
 *   - 64 instruction-buffer entries, so that straight-line code never
 *     waits for fetch;
 *   - the shared scoreboard (E = -ptxsim_scoreboard_entries): an entry
 *     commits at max(its write-back, the warp's previous commit + 1) and
 *     frees then; a store must be the warp's oldest, a load waits for an
 *     older store to commit.
 * Runs that differ only in a count (k independent instructions) are
 * compared, so that the common start-up and drain cancel; each test says
 * how its expectation follows.  Every kernel's results are checked too.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

enum { H = 40 }; /* the L1 hit latency the tests set */
#define H_STR "40"

#define ILP_OPTS                                                                        \
  "-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1", "-gpgpu_l1_latency", H_STR, \
      "-ptxsim_ibuffer_entries", "64"

/* A timing-mode device on ilp.ptx and gtx280_ilp with ILP_OPTS and then
 * options ("-name", "value" pairs, NULL-terminated). */
static void open_ilp(tm_fixture *f, const char *const *options)
{
  static const char *const common[] = {ILP_OPTS, NULL};
  tm_fixture_open(f, "tests/pipeline/ilp.ptx", "gtx280_ilp", common, options);
}

/* What a run of one kernel gives. */
typedef struct run {
  uint64_t cycles;
  uint64_t full, solo, waw, store_order, nm, max_inflight;
} run;

/* Runs kernel k (one CTA of `threads` threads; extra u32 parameters a and
 * m when has_am) under options; checks out[tid] against expect(tid). */
static run run_kernel(const char *const *options, const char *k, uint32_t threads, bool has_am,
                      uint32_t a, uint32_t m, uint32_t (*expect)(uint32_t tid, uint32_t a,
                                                                 uint32_t m))
{
  tm_fixture f;
  open_ilp(&f, options);
  enum { X = 1000, Y = 20 };
  uint32_t host[64] = {0};
  host[0] = X;
  host[32] = Y;
  ptxsim_devptr buf = tm_fixture_alloc(&f, sizeof host), out = tm_fixture_alloc(&f, threads * 4);
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, buf, host, sizeof host), PTXSIM_OK);
  const void *args[] = {&buf, &out, &a, &m};
  run r = {.cycles = tm_fixture_launch(&f, k, 1, threads, args, has_am ? 4 : 2)};
  char *text = tm_fixture_stats_text(&f);
  r.full = tm_stats_u64(text, "ptxsim_scoreboard_full_stalls");
  r.solo = tm_stats_u64(text, "ptxsim_scoreboard_solo_issues");
  r.waw = tm_stats_u64(text, "ptxsim_issue_stall_waw");
  r.store_order = tm_stats_u64(text, "ptxsim_issue_stall_store_order");
  r.nm = tm_stats_u64(text, "ptxsim_scoreboard_nm_invalidations");
  r.max_inflight = tm_stats_u64(text, "ptxsim_scoreboard_max_inflight_per_warp");
  free(text);
  uint32_t got[64];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, threads * 4), PTXSIM_OK);
  for (uint32_t t = 0; t < threads; t++)
    ck_assert_msg(got[t] == expect(t, a, m), "%s: out[%u] = %u, expected %u", k, t, got[t],
                  expect(t, a, m));
  tm_fixture_close(&f);
  return r;
}

/* The buckets of the occupancy histogram ("E0:n0 E1:n1 ..."), summed. */
static uint64_t occupancy_sum(const tm_fixture *f)
{
  char *text = tm_fixture_stats_text(f);
  const char *at = tm_stats_find(text, "ptxsim_scoreboard_occupancy");
  const char *end = strchr(at, '\n');
  uint64_t sum = 0;
  for (const char *p = strchr(at, 'E'); p && (!end || p < end); p = strchr(p + 1, 'E'))
    sum += strtoull(strchr(p, ':') + 1, NULL, 10);
  free(text);
  return sum;
}

static const char *const baseline[] = {NULL};
static const char *const baseline_bypass[] = {"-ptxsim_bypass", "1", NULL};

/* The options of the shared scoreboard with e entries (and more). */
typedef struct opts {
  const char *v[16];
  char e[8];
} opts;

static const char *const *shared_opts(opts *o, uint32_t e, const char *const *more)
{
  snprintf(o->e, sizeof o->e, "%u", e);
  size_t n = 0;
  o->v[n++] = "-ptxsim_scoreboard";
  o->v[n++] = "shared";
  o->v[n++] = "-ptxsim_scoreboard_entries";
  o->v[n++] = o->e;
  for (size_t i = 0; more && more[i] && n + 1 < 16; i++)
    o->v[n++] = more[i];
  o->v[n] = NULL;
  return o->v;
}

static uint32_t x_plus_y(uint32_t tid, uint32_t a, uint32_t m)
{
  (void)tid, (void)a, (void)m;
  return 1000 + 20;
}

static run miss(const char *const *options, uint32_t k)
{
  char name[32];
  snprintf(name, sizeof name, "sb_miss_%u", k);
  return run_kernel(options, name, 32, false, 0, 0, x_plus_y);
}

/* ---- Part F 3: a long-latency load, k independent instructions, a use --- */

/* sb_miss_k: load A (issued at t, data at t + H), k independent adds, load
 * B, the use of A and B, the store of the result.
 *   - baseline: each add waits for the previous instruction's write-back:
 *     3 cycles each, 2 with the bypass (EX8 = 2 cycles), so k adds cost 3k
 *     (2k) more cycles than none;
 *   - shared scoreboard with E entries: the adds issue one per cycle
 *     behind A and B at t + k + 1 while A, the k adds and B fit (A's entry
 *     and the adds' are held until A commits at t + H: k <= E - 2).  Then
 *     B's data comes at t + k + 1 + H, the use issues then and commits 3
 *     cycles later, and the store (the warp's oldest) follows: k cycles
 *     more than k = 0.  With k >= E - 1 the scoreboard fills: the adds
 *     past the (E - 1)th wait for A's commit (SCOREBOARD_FULL from
 *     t + E to t + H: H - E cycles), then issue one per cycle as the
 *     commits free one entry per cycle, and B issues at
 *     t + H + k - E + 1: H + k - E cycles more than k = 0.
 *   The bypass changes nothing with the scoreboard (the adds are
 *   independent; the final store waits for the use to commit anyway), nor
 *   does -ptxsim_max_inflight_per_warp (the shared scoreboard ignores
 *   it). */
START_TEST(miss_then_independent)
{
  run b0 = miss(baseline, 0), bb0 = miss(baseline_bypass, 0);
  static const char *const bypass[] = {"-ptxsim_bypass", "1", NULL};
  static const char *const unlimited[] = {"-ptxsim_max_inflight_per_warp", "0", NULL};
  static const uint32_t entries[] = {8, 4};
  for (size_t ei = 0; ei < 2; ei++) {
    uint32_t e = entries[ei];
    opts o, ob, ou;
    run s0 = miss(shared_opts(&o, e, NULL), 0);
    for (uint32_t k = 0; k <= 12; k++) {
      run b = miss(baseline, k), bb = miss(baseline_bypass, k);
      run s = miss(shared_opts(&o, e, NULL), k), sb = miss(shared_opts(&ob, e, bypass), k),
          su = miss(shared_opts(&ou, e, unlimited), k);
      ck_assert_uint_eq(b.cycles - b0.cycles, 3 * k);
      ck_assert_uint_eq(bb.cycles - bb0.cycles, 2 * k);
      uint64_t expect = k <= e - 2 ? k : H + k - e;
      ck_assert_msg(s.cycles - s0.cycles == expect,
                    "E=%u k=%u: %" PRIu64 " cycles, %" PRIu64 " with k=0; expected %" PRIu64
                    " more",
                    e, k, s.cycles, s0.cycles, expect);
      ck_assert_uint_eq(s.full, k <= e - 2 ? 0 : H - e);
      ck_assert_uint_eq(sb.cycles, s.cycles);
      ck_assert_uint_eq(su.cycles, s.cycles);
      ck_assert_uint_le(s.max_inflight, e);
      if (k >= e - 1)
        ck_assert_uint_eq(s.max_inflight, e);
      /* The scoreboard pays off from the first add. */
      ck_assert_uint_lt(s.cycles, b.cycles);
    }
  }
}
END_TEST

/* The alias statistic and the histogram's total: one SM, so the buckets
 * sum to the launch's cycles. */
START_TEST(statistics)
{
  opts o;
  tm_fixture f;
  open_ilp(&f, shared_opts(&o, 8, NULL));
  uint32_t host[64] = {[0] = 1000, [32] = 20};
  ptxsim_devptr buf = tm_fixture_alloc(&f, sizeof host), out = tm_fixture_alloc(&f, 128);
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, buf, host, sizeof host), PTXSIM_OK);
  const void *args[] = {&buf, &out};
  uint64_t cycles = tm_fixture_launch(&f, "sb_miss_9", 1, 32, args, 2);
  ck_assert_uint_eq(occupancy_sum(&f), cycles);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_scoreboard_full_stalls"),
                    tm_fixture_stat_u64(&f, "ptxsim_issue_stall_scoreboard_full"));
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_scoreboard_full_stalls"), H - 8);
  ck_assert_uint_gt(tm_fixture_stat_u64(&f, "ptxsim_scoreboard_commits"), 0);
  tm_fixture_close(&f);
}
END_TEST

/* ---- Part F 4: solo issue --------------------------------------------------- */

static uint32_t solo_expect(uint32_t tid, uint32_t a, uint32_t m)
{
  (void)a, (void)m;
  return tid < 32 ? 1000 + tid + 1 : 1000 + 2 * 20;
}

static run solo(const char *const *options, uint32_t n)
{
  char name[32];
  snprintf(name, sizeof name, "sb_solo_%u", n);
  return run_kernel(options, name, 64, false, 0, 0, solo_expect);
}

/* sb_solo_n, H = 100: warp 0 issues load A and an independent add, which
 * hold two entries until A commits, and meets warp 1 at a barrier; warp 1
 * then issues n independent adds, load B, the use of B and a store, and
 * ends last.  With E = 2 the scoreboard is full and warp 1 holds nothing:
 * each of its adds issues solo and the next waits for its write-back, 3
 * cycles an add (as the baseline's one instruction in flight), and B
 * issues solo too: the solo issues grow by one per add.  With E = 8 the
 * adds issue one per cycle.  n = 4, 8, 12 (warp 1's adds and B stay
 * within A's 100 cycles; with n = 0 warp 0 ends last). */
START_TEST(solo_issue)
{
  static const char *const h100[] = {"-gpgpu_l1_latency", "100", NULL};
  opts o2, o8;
  const char *const *e2 = shared_opts(&o2, 2, h100), *const *e8 = shared_opts(&o8, 8, h100);
  run b4 = solo(h100, 4), s4 = solo(e2, 4), w4 = solo(e8, 4);
  ck_assert_uint_ge(s4.solo, 5);
  ck_assert_uint_eq(w4.solo, 0);
  for (uint32_t n = 8; n <= 12; n += 4) {
    run b = solo(h100, n), s = solo(e2, n), w = solo(e8, n);
    ck_assert_uint_eq(b.cycles - b4.cycles, 3 * (n - 4));
    ck_assert_uint_eq(s.cycles - s4.cycles, 3 * (n - 4));
    ck_assert_uint_eq(s.solo - s4.solo, n - 4);
    ck_assert_uint_eq(w.cycles - w4.cycles, n - 4);
    ck_assert_uint_eq(w.solo, 0);
  }
}
END_TEST

/* ---- Part F 5: WAW under divergence ---------------------------------------------- */

static uint32_t waw_expect(uint32_t tid, uint32_t a, uint32_t m)
{
  return (tid < m ? 7 : tid < a ? 1000 : 0) + 20;
}

/* sb_waw(a, m): lanes < a load A into r5 (issued at t, data at t + H),
 * lanes < m then redefine r5 (predicated), then load B, the use, the
 * store.  A redefinition whose lanes are not a superset of A's (a = 32,
 * m = 16) waits until A commits at t + H: WAW from t + 1, H - 1 cycles;
 * B then issues H - 1 cycles later than with a superset (a = 16 or 32,
 * m = 32), which clears A's NM bit instead, and the run takes H - 1
 * cycles more.  The baseline does not look at lanes: the same cycles for
 * all three.  sb_waw_div(a, m) is the same with a divergent branch
 * around the redefinition: it is tried a cycle later (after the branch,
 * which goes on at the next instruction), so the wait is H - 2. */
START_TEST(waw_under_divergence)
{
  opts o;
  const char *const *sh = shared_opts(&o, 8, NULL);
  static const char *const kernels[] = {"sb_waw", "sb_waw_div"};
  for (int d = 0; d < 2; d++) {
    const char *k = kernels[d];
    run sub = run_kernel(sh, k, 32, true, 32, 16, waw_expect),
        sup = run_kernel(sh, k, 32, true, 16, 32, waw_expect),
        same = run_kernel(sh, k, 32, true, 32, 32, waw_expect),
        bsub = run_kernel(baseline, k, 32, true, 32, 16, waw_expect),
        bsup = run_kernel(baseline, k, 32, true, 16, 32, waw_expect),
        bsame = run_kernel(baseline, k, 32, true, 32, 32, waw_expect);
    uint64_t wait = d ? H - 2 : H - 1;
    ck_assert_uint_eq(sub.waw, wait);
    ck_assert_uint_eq(sub.cycles - sup.cycles, wait);
    ck_assert_uint_eq(sub.nm, 0); /* A had committed */
    ck_assert_uint_eq(sup.waw, 0);
    ck_assert_uint_eq(sup.nm, 1);
    ck_assert_uint_eq(same.cycles, sup.cycles);
    ck_assert_uint_eq(same.waw, 0);
    ck_assert_uint_eq(bsub.cycles, bsame.cycles);
    ck_assert_uint_eq(bsup.cycles, bsame.cycles);
    ck_assert_uint_eq(bsub.waw, 0);
  }
}
END_TEST

/* ---- Part F 6: store ordering --------------------------------------------------- */

static uint32_t store_expect(uint32_t tid, uint32_t a, uint32_t m)
{
  (void)a, (void)m;
  return tid + 1000;
}

static run store(const char *const *options, uint32_t k)
{
  char name[32];
  snprintf(name, sizeof name, "sb_store_%u", k);
  return run_kernel(options, name, 32, false, 0, 0, store_expect);
}

/* sb_store_k with a shared-memory latency of 20: load X (issued at t0,
 * data at t0 + H), a store to shared memory, k independent adds, a load
 * of the stored word, the use, the global store.  A shared access of a
 * full warp takes the latency plus one cycle per half-warp part past the
 * first (gtx280_ilp: two): the store completes S = 21 cycles after
 * issue.
 *   - The store must be the warp's oldest: it waits for X's commit at
 *     t0 + H (STORE_ORDER from t0 + 1: H - 1 cycles) and issues at t;
 *   - the adds behind it issue at t + 1 ... t + k: ALU instructions pass
 *     a store;
 *   - the load waits for the store's commit at t + S (STORE_ORDER from
 *     t + k + 1: S - 1 - k cycles), whatever k, as long as the entries
 *     last (store, k adds: k <= E - 1) -- so k adds cost nothing; past
 *     that an add waits for the store's commit (SCOREBOARD_FULL from
 *     t + E to t + S) and the load issues one cycle later per add;
 *   - the global store at the end waits 2 cycles for the use to commit
 *     (STORE_ORDER).
 * So STORE_ORDER counts (H - 1) + (S - 1 - k) + 2 for k <= E - 1, the
 * baseline pays 3 cycles an add, and the shared scoreboard
 * max(0, k - E + 1). */
START_TEST(store_ordering)
{
  static const char *const smem20[] = {"-gpgpu_smem_latency", "20", NULL};
  enum { S = 20 + 1, E = 8 };
  opts o;
  const char *const *sh = shared_opts(&o, E, smem20);
  run b0 = store(smem20, 0), s0 = store(sh, 0);
  for (uint32_t k = 0; k <= 10; k++) {
    run b = store(smem20, k), s = store(sh, k);
    ck_assert_uint_eq(b.cycles - b0.cycles, 3 * k);
    ck_assert_uint_eq(s.cycles - s0.cycles, k <= E - 1 ? 0 : k - E + 1);
    if (k <= E - 1) {
      ck_assert_uint_eq(s.store_order, (H - 1) + (S - 1 - k) + 2);
      ck_assert_uint_eq(s.full, 0);
    } else {
      ck_assert_uint_eq(s.store_order, (H - 1) + 2);
      ck_assert_uint_eq(s.full, S - E);
    }
  }
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("ilp");
  TCase *t = tcase_create("scoreboard");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, miss_then_independent);
  tcase_add_test(t, statistics);
  tcase_add_test(t, solo_issue);
  tcase_add_test(t, waw_under_divergence);
  tcase_add_test(t, store_ordering);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
