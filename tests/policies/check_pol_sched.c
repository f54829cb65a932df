/* check_pol_sched.c -- the warp schedulers (policies/pol_sched*.c) on
 * hand-worked sequences: orders for given views and events, and short
 * runs of a toy issue stage that issues the first ready warp of the order.
 * Expected values are worked out by hand in the comments.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "policies/pol_sched.h"
#include "tests/test_util.h"

static pol_sched make(const char *spec, unsigned max_slots)
{
  pol_sched_params p;
  char err[256];
  ck_assert_msg(pol_sched_parse_spec(spec, &p, err, sizeof err) == 0, "%s", err);
  pol_sched s;
  ck_assert_msg(pol_sched_create(&s, &p, max_slots, err, sizeof err) == 0, "%s", err);
  return s;
}

static pol_warp_view view(unsigned slot, uint64_t age)
{
  pol_warp_view v = {.slot = (uint16_t)slot, .is_ready = true, .age = age};
  return v;
}

/* Checks that order gives exactly the expected indices. */
static void expect_order(pol_sched *s, const pol_warp_view *v, unsigned n, const int *want,
                         unsigned n_want)
{
  uint16_t out[64];
  unsigned k = pol_sched_order(s, v, n, 0, out);
  ck_assert_uint_eq(k, n_want);
  for (unsigned i = 0; i < k; i++)
    ck_assert_msg(out[i] == want[i], "position %u: got %u, want %d", i, out[i], want[i]);
}

/* --- registry and specs --- */

START_TEST(find_and_list)
{
  char err[256];
  ck_assert_ptr_nonnull(pol_sched_find("lrr", err, sizeof err));
  ck_assert_ptr_nonnull(pol_sched_find("gto", err, sizeof err));
  ck_assert_ptr_nonnull(pol_sched_find("two_level_active", err, sizeof err));
  ck_assert_ptr_null(pol_sched_find("fifo", err, sizeof err));
  ck_assert_str_eq(err, "unknown warp scheduler 'fifo' (valid: lrr, gto, two_level_active)");
  size_t n;
  const pol_class *const *l = pol_list(POL_KIND_SCHED, &n);
  ck_assert_uint_eq(n, 3);
  ck_assert_str_eq(l[0]->name, "lrr");
  ck_assert_str_eq(l[2]->name, "two_level_active");
  /* The class is the head of the ops: find gives the same object. */
  ck_assert_ptr_eq(&pol_sched_find("gto", err, sizeof err)->cls, l[1]);
}
END_TEST

START_TEST(specs)
{
  pol_sched_params p;
  char err[256], buf[64];
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:6:0:1", &p, err, sizeof err), 0);
  ck_assert_str_eq(p.name, "two_level_active");
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "two_level_active:6:0:1");
  /* The short form defaults to GPGPU-Sim's only implemented pair 0:1. */
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:8", &p, err, sizeof err), 0);
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "two_level_active:8:0:1");
  ck_assert_int_eq(pol_sched_parse_spec("gto", &p, err, sizeof err), 0);
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "gto");
  /* Errors. */
  ck_assert_int_eq(pol_sched_parse_spec("gto:3", &p, err, sizeof err), -1);
  ck_assert_str_eq(err, "warp scheduler 'gto' takes no arguments (got 'gto:3')");
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active", &p, err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "active-set size"));
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:0", &p, err, sizeof err), -1);
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:6:2:1", &p, err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "only inner prioritisation 0"));
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:6:0", &p, err, sizeof err), -1);
  ck_assert_int_eq(pol_sched_parse_spec("two_level_active:4294967296", &p, err, sizeof err),
                   -1);
  ck_assert_int_eq(pol_sched_parse_spec("warp_limiting:2:4", &p, err, sizeof err), -1);
  ck_assert_str_eq(err, "unknown warp scheduler 'warp_limiting' (valid: lrr, gto, "
                        "two_level_active)");
  /* A failed parse leaves p as it was. */
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "gto");
  pol_sched s;
  ck_assert_int_eq(pol_sched_create(&s, &p, 0, err, sizeof err), PTX_EINVAL);
  ck_assert_int_eq(pol_sched_create(&s, &p, POL_SCHED_MAX_SLOTS + 1, err, sizeof err),
                   PTX_EINVAL);
  snprintf(p.name, sizeof p.name, "nope");
  ck_assert_int_eq(pol_sched_create(&s, &p, 8, err, sizeof err), PTX_EINVAL);
  ck_assert_str_eq(err, "unknown warp scheduler 'nope' (valid: lrr, gto, two_level_active)");
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "?");
}
END_TEST

/* Parsing a spec, formatting it and parsing that again gives the same
 * pol_params, byte for byte: the blob is the policy's alone, and the
 * canonical spec of every example is what the policy wrote. */
static const struct {
  const char *spec, *canonical;
} round_trips[] = {
  {"lrr", "lrr"},
  {"gto", "gto"},
  {"two_level_active:6:0:1", "two_level_active:6:0:1"},
  {"two_level_active:2", "two_level_active:2:0:1"},
  {"two_level_active:4294967295:0:1", "two_level_active:4294967295:0:1"},
};

START_TEST(spec_round_trip)
{
  char err[256], buf[64], again[64];
  pol_sched_params p, q;
  memset(&q, 0xa5, sizeof q);
  ck_assert_int_eq(pol_sched_parse_spec(round_trips[_i].spec, &p, err, sizeof err), 0);
  pol_sched_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, round_trips[_i].canonical);
  ck_assert_int_eq(pol_sched_parse_spec(buf, &q, err, sizeof err), 0);
  ck_assert_mem_eq(&p, &q, sizeof p);
  pol_sched_format_spec(&q, again, sizeof again);
  ck_assert_str_eq(again, buf);
  /* Copies carry the parameters: the two-level policy reads its N from
   * the blob (N = 2 offers two of three warps). */
  if (strcmp(round_trips[_i].spec, "two_level_active:2") == 0) {
    pol_sched s;
    pol_sched_params copy = q;
    ck_assert_int_eq(pol_sched_create(&s, &copy, 4, err, sizeof err), 0);
    pol_warp_view v[3] = {view(0, 0), view(1, 1), view(2, 2)};
    expect_order(&s, v, 3, (const int[]){0, 1}, 2);
    pol_sched_destroy(&s);
  }
}
END_TEST

/* The generic registry: kinds, names, messages. */
START_TEST(registry)
{
  char err[256];
  ck_assert_str_eq(pol_kind_name(POL_KIND_SCHED), "warp scheduler");
  ck_assert_str_eq(pol_kind_name(POL_KIND_DISPATCH), "CTA dispatcher");
  ck_assert_ptr_nonnull(pol_find(POL_KIND_SCHED, "lrr", err, sizeof err));
  /* Names are per kind. */
  ck_assert_ptr_null(pol_find(POL_KIND_DISPATCH, "lrr", err, sizeof err));
  ck_assert_str_eq(err, "unknown CTA dispatcher 'lrr' (valid: tb)");
  ck_assert_ptr_null(pol_find(POL_KIND_SCHED, "tb", err, sizeof err));
  /* Prefixes and the empty name are not names. */
  ck_assert_ptr_null(pol_find(POL_KIND_SCHED, "two_level", err, sizeof err));
  ck_assert_ptr_null(pol_find(POL_KIND_SCHED, "", err, sizeof err));
  ck_assert_str_eq(err, "unknown warp scheduler '' (valid: lrr, gto, two_level_active)");
  /* A short buffer gets a truncated, terminated message. */
  char small[20];
  ck_assert_ptr_null(pol_find(POL_KIND_SCHED, "fifo", small, sizeof small));
  ck_assert_str_eq(small, "unknown warp schedu");
  /* Every policy of every kind has a doc line and a name that fits. */
  for (int k = 0; k < POL_KIND_COUNT; k++) {
    size_t n;
    const pol_class *const *l = pol_list((pol_kind)k, &n);
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
      ck_assert_msg(l[i]->doc && *l[i]->doc, "%s: no doc", l[i]->name);
      ck_assert_uint_lt(strlen(l[i]->name), POL_NAME_MAX);
      ck_assert_ptr_null(strchr(l[i]->name, ':'));
      ck_assert_ptr_eq(pol_find((pol_kind)k, l[i]->name, err, sizeof err), l[i]);
    }
  }
}
END_TEST

/* --- LRR --- */

START_TEST(lrr_rotation)
{
  pol_sched s = make("lrr", 8);
  pol_warp_view v[4] = {view(0, 0), view(1, 1), view(2, 2), view(3, 3)};
  /* Nothing issued yet: slot order. */
  expect_order(&s, v, 4, (const int[]){0, 1, 2, 3}, 4);
  /* After slot 1 issued: 2, 3, then wrap to 0, 1. */
  pol_sched_event_post(&s, POL_EV_ISSUE, 1);
  expect_order(&s, v, 4, (const int[]){2, 3, 0, 1}, 4);
  /* After the highest slot: back to the start. */
  pol_sched_event_post(&s, POL_EV_ISSUE, 3);
  expect_order(&s, v, 4, (const int[]){0, 1, 2, 3}, 4);
  /* A scheduler that owns the odd slots; 5 issued last: 7, 1, 3, 5. */
  pol_warp_view odd[4] = {view(1, 0), view(3, 1), view(5, 2), view(7, 3)};
  pol_sched_event_post(&s, POL_EV_ISSUE, 5);
  expect_order(&s, odd, 4, (const int[]){3, 0, 1, 2}, 4);
  /* The warp that issued last is gone (slot 4 free): from slot 5 on. */
  pol_sched_event_post(&s, POL_EV_ISSUE, 4);
  expect_order(&s, odd, 4, (const int[]){2, 3, 0, 1}, 4);
  /* Candidates out of slot order: slots 3, 0, 2 after slot 0 issued are
   * ordered 2, 3, 0, i.e. indices 2, 0, 1. */
  pol_warp_view mixed[3] = {view(3, 0), view(0, 1), view(2, 2)};
  pol_sched_event_post(&s, POL_EV_ISSUE, 0);
  expect_order(&s, mixed, 3, (const int[]){2, 0, 1}, 3);
  /* The same again (the scratch table was cleaned up). */
  expect_order(&s, mixed, 3, (const int[]){2, 0, 1}, 3);
  pol_sched_destroy(&s);
  pol_sched_destroy(&s);
}
END_TEST

/* --- GTO --- */

START_TEST(gto_greedy_then_oldest)
{
  pol_sched s = make("gto", 16);
  /* Ages: slot 0 is 10, slot 1 is 5, slot 2 is 7, slot 3 is 1.  Nothing
   * issued: oldest first = slots 3, 1, 2, 0 = indices 3, 1, 2, 0. */
  pol_warp_view v[4] = {view(0, 10), view(1, 5), view(2, 7), view(3, 1)};
  expect_order(&s, v, 4, (const int[]){3, 1, 2, 0}, 4);
  /* Slot 2 issued: it goes first, then the others oldest first. */
  pol_sched_event_post(&s, POL_EV_ISSUE, 2);
  expect_order(&s, v, 4, (const int[]){2, 3, 1, 0}, 4);
  /* Slot 2 exits: forgotten; the rest oldest first (slots 3, 1, 0). */
  pol_sched_event_post(&s, POL_EV_WARP_DONE, 2);
  pol_warp_view w[3] = {view(0, 10), view(1, 5), view(3, 1)};
  expect_order(&s, w, 3, (const int[]){2, 1, 0}, 3);
  /* A new warp in slot 2 is the youngest. */
  pol_warp_view x[4] = {view(0, 10), view(1, 5), view(2, 11), view(3, 1)};
  expect_order(&s, x, 4, (const int[]){3, 1, 0, 2}, 4);
  pol_sched_destroy(&s);
}
END_TEST

/* --- a toy issue stage --- */

#define N_WARPS 4
#define N_CYCLES 7

typedef struct toy_cycle {
  uint8_t ready_mask;       /* bit w: warp w ready */
  uint8_t long_wait_mask;   /* bit w: view marked is_long_wait */
  int8_t stall_before;      /* LONG_LATENCY_STALL posted before the cycle, or -1 */
  int8_t barrier_before;    /* BARRIER posted before the cycle, or -1 */
  int8_t done_before;       /* WARP_DONE posted before the cycle, or -1 */
} toy_cycle;

/* Runs cycles; each issues the first ready warp of the order (-1: none). */
static void run_toy(pol_sched *s, const toy_cycle *c, unsigned n_cycles, const int *want)
{
  bool is_done[N_WARPS] = {false};
  for (unsigned t = 0; t < n_cycles; t++) {
    if (c[t].stall_before >= 0)
      pol_sched_event_post(s, POL_EV_LONG_LATENCY_STALL, (unsigned)c[t].stall_before);
    if (c[t].barrier_before >= 0)
      pol_sched_event_post(s, POL_EV_BARRIER, (unsigned)c[t].barrier_before);
    if (c[t].done_before >= 0) {
      pol_sched_event_post(s, POL_EV_WARP_DONE, (unsigned)c[t].done_before);
      is_done[c[t].done_before] = true;
    }
    pol_warp_view v[N_WARPS];
    unsigned n = 0;
    for (unsigned w = 0; w < N_WARPS; w++) {
      if (is_done[w])
        continue;
      v[n] = view(w, w);
      v[n].is_ready = (c[t].ready_mask >> w) & 1;
      v[n].is_long_wait = (c[t].long_wait_mask >> w) & 1;
      n++;
    }
    uint16_t out[N_WARPS];
    unsigned k = pol_sched_order(s, v, n, t, out);
    int issued = -1;
    for (unsigned i = 0; i < k; i++)
      if (v[out[i]].is_ready) {
        issued = v[out[i]].slot;
        break;
      }
    ck_assert_msg(issued == want[t], "cycle %u: issued %d, want %d", t, issued, want[t]);
    if (issued >= 0)
      pol_sched_event_post(s, POL_EV_ISSUE, (unsigned)issued);
  }
}

/* Ready warps per cycle: all, all, {1,2,3}, all, {2}. */
static const toy_cycle simple[5] = {
  {0xF, 0, -1, -1, -1}, {0xF, 0, -1, -1, -1}, {0xE, 0, -1, -1, -1},
  {0xF, 0, -1, -1, -1}, {0x4, 0, -1, -1, -1},
};

START_TEST(lrr_toy)
{
  /* 0; after 0 -> 1; after 1 -> 2; after 2 -> 3; only 2 ready -> 2. */
  pol_sched s = make("lrr", N_WARPS);
  run_toy(&s, simple, 5, (const int[]){0, 1, 2, 3, 2});
  pol_sched_destroy(&s);
}
END_TEST

START_TEST(gto_toy)
{
  /* Oldest is 0; greedy 0; 0 not ready -> oldest ready 1; greedy 1; only
   * 2 ready -> 2. */
  pol_sched s = make("gto", N_WARPS);
  run_toy(&s, simple, 5, (const int[]){0, 0, 1, 1, 2});
  pol_sched_destroy(&s);
}
END_TEST

START_TEST(two_level_toy)
{
  /* N = 2; warps 0..3 added in order: pending [0,1,2,3].
   * c0: promote 0,1 -> active [0,1]; order 0,1 -> issue 0.
   * c1: order after 0: 1,0 -> issue 1.
   * before c2: 0 stalls -> active [1], pending [2,3,0];
   * c2: promote 2 -> [1,2]; after 1: 2,1 -> issue 2.
   * c3: 1's view is_long_wait -> demoted: active [2], pending [3,0,1];
   *     promote 3 -> [2,3]; after 2: 3,2 -> issue 3.
   * before c4: 3 at a barrier -> active [2], pending [0,1,3]; promote 0
   *     -> [2,0]; 3 not active, start at 2: 2,0 -> issue 2.
   * before c5: 2 exits -> active [0]; promote 1 -> [0,1] (demotion came
   *     first, so 1 stays this cycle although it still waits); 2 is gone,
   *     start at 0: 0,1 -> issue 0.
   * c6: 1 waits -> demoted: active [0], pending [3,1]; promote 3 ->
   *     [0,3]; after 0: 3,0; 3 not ready (barrier) -> issue 0. */
  pol_sched s = make("two_level_active:2:0:1", N_WARPS);
  for (unsigned w = 0; w < N_WARPS; w++)
    pol_sched_event_post(&s, POL_EV_WARP_ADDED, w);
  static const toy_cycle c[N_CYCLES] = {
    {0xF, 0x0, -1, -1, -1}, {0xF, 0x0, -1, -1, -1}, {0xE, 0x0, 0, -1, -1},
    {0xD, 0x2, -1, -1, -1}, {0x5, 0x2, -1, 3, -1},  {0x1, 0x2, -1, -1, 2},
    {0x1, 0x2, -1, -1, -1},
  };
  run_toy(&s, c, N_CYCLES, (const int[]){0, 1, 2, 3, 2, 0, 0});
  pol_sched_destroy(&s);
}
END_TEST

START_TEST(two_level_offers_only_active)
{
  /* N = 2, four warps never announced: the policy adds them in view
   * order; only the first two are offered. */
  pol_sched s = make("two_level_active:2", 8);
  pol_warp_view v[4] = {view(4, 0), view(5, 1), view(6, 2), view(7, 3)};
  expect_order(&s, v, 4, (const int[]){0, 1}, 2);
  /* Slot 5 issues, then stalls: active [4] + promoted 6 -> after 5 (gone
   * from the active list) start at 4: 4, 6. */
  pol_sched_event_post(&s, POL_EV_ISSUE, 5);
  pol_sched_event_post(&s, POL_EV_LONG_LATENCY_STALL, 5);
  expect_order(&s, v, 4, (const int[]){0, 2}, 2);
  /* 4 and 6 exit: 7 then 5 come in, in FIFO order. */
  pol_sched_event_post(&s, POL_EV_WARP_DONE, 4);
  pol_sched_event_post(&s, POL_EV_WARP_DONE, 6);
  pol_warp_view w[2] = {view(5, 1), view(7, 3)};
  expect_order(&s, w, 2, (const int[]){1, 0}, 2);
  /* A stall event for a pending or unknown warp changes nothing. */
  pol_sched_event_post(&s, POL_EV_LONG_LATENCY_STALL, 3);
  expect_order(&s, w, 2, (const int[]){1, 0}, 2);
  pol_sched_destroy(&s);
}
END_TEST

/* lrr's rotation_first (the SM's lazy path, sm_core.c) gives the order
 * its order() gives for candidates in slot order: the candidate slots >=
 * it, ascending, then those below.  Random candidate sets of 64 slots
 * after random issues; and GTO and two-level, whose order is no rotation,
 * leave it NULL. */
START_TEST(lrr_rotation_first_is_order)
{
  pol_sched s = make("lrr", 64);
  ck_assert_ptr_nonnull(s.ops->rotation_first);
  ck_assert_uint_eq(s.ops->view_mask, 0);
  uint64_t seed = 99;
  for (unsigned round = 0; round < 2000; round++) {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    uint64_t ready = seed ^ (seed << 17) ^ (round & 1 ? 0 : seed >> 9);
    if (round % 7 == 0)
      ready &= ready >> 3; /* sparse sets too */
    pol_warp_view v[64];
    unsigned n = 0;
    for (uint64_t r = ready; r; r &= r - 1) {
      v[n] = view((unsigned)__builtin_ctzll(r), n);
      n++;
    }
    uint16_t out[64];
    unsigned k = pol_sched_order(&s, v, n, 0, out);
    unsigned first = s.ops->rotation_first(s.self);
    uint64_t hi = first >= 64 ? 0 : ready & (~UINT64_C(0) << first), lo = ready & ~hi;
    ck_assert_uint_eq(k, n);
    for (unsigned i = 0; i < k; i++) {
      uint64_t *part = hi ? &hi : &lo;
      unsigned slot = (unsigned)__builtin_ctzll(*part);
      *part &= *part - 1;
      ck_assert_msg(v[out[i]].slot == slot, "round %u, position %u: order %u, rotation %u",
                    round, i, v[out[i]].slot, slot);
    }
    if (n)
      pol_sched_event_post(&s, POL_EV_ISSUE, v[out[(seed >> 40) % n]].slot);
  }
  pol_sched_destroy(&s);
  pol_sched g = make("gto", 64), t = make("two_level_active:6:0:1", 64);
  ck_assert_ptr_null(g.ops->rotation_first);
  ck_assert_ptr_null(t.ops->rotation_first);
  pol_sched_destroy(&g);
  pol_sched_destroy(&t);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("pol_sched");
  TCase *t = tcase_create("registry");
  tcase_add_test(t, find_and_list);
  tcase_add_test(t, specs);
  tcase_add_loop_test(t, spec_round_trip, 0, (int)(sizeof round_trips / sizeof round_trips[0]));
  tcase_add_test(t, registry);
  suite_add_tcase(s, t);
  t = tcase_create("lrr");
  tcase_add_test(t, lrr_rotation);
  tcase_add_test(t, lrr_toy);
  tcase_add_test(t, lrr_rotation_first_is_order);
  suite_add_tcase(s, t);
  t = tcase_create("gto");
  tcase_add_test(t, gto_greedy_then_oldest);
  tcase_add_test(t, gto_toy);
  suite_add_tcase(s, t);
  t = tcase_create("two_level");
  tcase_add_test(t, two_level_toy);
  tcase_add_test(t, two_level_offers_only_active);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
