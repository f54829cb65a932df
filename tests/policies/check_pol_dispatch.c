/* check_pol_dispatch.c -- the CTA dispatchers (policies/pol_dispatch*.c):
 * the registry and specs, and the "tb" dispatcher driven through its
 * vtable against a mock SM side that records what it is asked to start.
 * The expected rounds are worked out by hand in the comments, from the
 * GTX480 limits (32768 registers, 1536 threads, 8 CTA slots, 48 KB) and
 * 000-warpman.md §3.7's MM kernel.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "policies/pol_dispatch.h"
#include "tests/test_util.h"

enum { MAX_SMS = 4, MAX_STARTS = 64 };

/* The mock SM side: slot tables per SM, and a log of CTA starts. */
typedef struct start {
  uint32_t sm, cta, n_warps;
  uint64_t cycle;
} start;

typedef struct mock {
  uint32_t free_warps[MAX_SMS], free_ctas[MAX_SMS];
  uint32_t n_has_room;    /* has_room calls */
  start log[MAX_STARTS];
  uint32_t n_starts;
  int fail_at_cta;        /* start_cta of this CTA fails with 7; -1: none */
} mock;

static bool mock_has_room(void *ctx, uint32_t sm, uint32_t n_warps)
{
  mock *m = ctx;
  ck_assert_uint_lt(sm, MAX_SMS);
  m->n_has_room++;
  return m->free_ctas[sm] >= 1 && m->free_warps[sm] >= n_warps;
}

static int mock_start_cta(void *ctx, uint32_t sm, uint32_t cta, uint32_t n_warps, uint64_t cycle)
{
  mock *m = ctx;
  if ((int)cta == m->fail_at_cta)
    return 7;
  ck_assert_uint_lt(m->n_starts, MAX_STARTS);
  ck_assert_msg(m->free_ctas[sm] >= 1 && m->free_warps[sm] >= n_warps,
                "CTA %u started on SM %u without room", cta, sm);
  m->free_ctas[sm]--;
  m->free_warps[sm] -= n_warps;
  m->log[m->n_starts++] = (start){sm, cta, n_warps, cycle};
  return 0;
}

/* GTX480 as GPGPU-Sim configures it (000 Table 1). */
static pol_cta_limits gtx480(void)
{
  pol_cta_limits l = {
    .max_threads = 1536, .max_ctas = 8, .n_regs = 32768, .smem_bytes = 49152,
    .warp_size = 32, .reg_granularity = 4, .thread_granularity = 32, .smem_granularity = 1,
    .max_regs_per_thread = 64, .max_regs_per_cta = 32768, .max_smem_per_cta = 49152,
  };
  return l;
}

/* A mock with n_sms SMs of warps warp slots and 8 CTA slots each, and the
 * setup of a grid of n_ctas CTAs of kernel k on it. */
static pol_dispatch_setup setup_of(mock *m, uint32_t n_sms, uint32_t warps, uint32_t n_ctas,
                                   pol_cta_kernel k)
{
  memset(m, 0, sizeof *m);
  m->fail_at_cta = -1;
  for (uint32_t s = 0; s < MAX_SMS; s++) {
    m->free_warps[s] = warps;
    m->free_ctas[s] = 8;
  }
  pol_dispatch_setup ds = {.n_sms = n_sms, .n_ctas = n_ctas, .lim = gtx480(), .kernel = k};
  char err[256];
  ck_assert_msg(pol_cta_needs_of(&ds.lim, &k, &ds.needs, err, sizeof err) == 0, "%s", err);
  ds.sm = (pol_dispatch_sm){.ctx = m, .has_room = mock_has_room, .start_cta = mock_start_cta};
  return ds;
}

static pol_dispatch make(const char *spec, const pol_dispatch_setup *ds)
{
  pol_dispatch_params p;
  char err[256];
  ck_assert_msg(pol_dispatch_parse_spec(spec, &p, err, sizeof err) == 0, "%s", err);
  pol_dispatch d;
  ck_assert_msg(pol_dispatch_create(&d, &p, ds, err, sizeof err) == 0, "%s", err);
  return d;
}

/* One round at now: expects again and the CTAs started, as (SM, CTA)
 * pairs, in order. */
static void expect_round(pol_dispatch *d, mock *m, uint64_t now, bool want_again,
                         const uint32_t (*want)[2], uint32_t n_want)
{
  uint32_t first = m->n_starts;
  bool again = !want_again;
  ck_assert_int_eq(pol_dispatch_round(d, now, &again), 0);
  ck_assert_msg(again == want_again, "round at %llu: again %d", (unsigned long long)now, again);
  ck_assert_uint_eq(m->n_starts - first, n_want);
  for (uint32_t i = 0; i < n_want; i++) {
    const start *s = &m->log[first + i];
    ck_assert_msg(s->sm == want[i][0] && s->cta == want[i][1],
                  "round at %llu, start %u: CTA %u on SM %u, want CTA %u on SM %u",
                  (unsigned long long)now, i, s->cta, s->sm, want[i][1], want[i][0]);
    ck_assert_uint_eq(s->cycle, now);
  }
}

/* The mock's side of a CTA's end: its slots come back. */
static bool cta_done(pol_dispatch *d, mock *m, uint32_t sm, uint32_t cta, uint32_t warps)
{
  m->free_ctas[sm]++;
  m->free_warps[sm] += warps;
  return pol_dispatch_cta_done(d, sm, cta);
}

/* --- registry and specs --- */

START_TEST(find_and_specs)
{
  char err[256], buf[64];
  const pol_dispatch_ops *tb = pol_dispatch_find("tb", err, sizeof err);
  ck_assert_ptr_nonnull(tb);
  ck_assert_str_eq(tb->cls.name, "tb");
  ck_assert_ptr_null(pol_dispatch_find("warpman", err, sizeof err));
  ck_assert_str_eq(err, "unknown CTA dispatcher 'warpman' (valid: tb)");
  size_t n;
  const pol_class *const *l = pol_list(POL_KIND_DISPATCH, &n);
  ck_assert_uint_eq(n, 1);
  ck_assert_ptr_eq(l[0], &tb->cls);

  /* tb takes no parameters: its spec is its name, and round-trips. */
  pol_dispatch_params p, q;
  memset(&q, 0x5a, sizeof q);
  ck_assert_int_eq(pol_dispatch_parse_spec("tb", &p, err, sizeof err), 0);
  pol_dispatch_format_spec(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "tb");
  ck_assert_int_eq(pol_dispatch_parse_spec(buf, &q, err, sizeof err), 0);
  ck_assert_mem_eq(&p, &q, sizeof p);
  ck_assert_int_eq(pol_dispatch_parse_spec("tb:1", &q, err, sizeof err), -1);
  ck_assert_str_eq(err, "CTA dispatcher 'tb' takes no arguments (got 'tb:1')");
  ck_assert_int_eq(pol_dispatch_parse_spec("TB", &q, err, sizeof err), -1);
  ck_assert_int_eq(pol_dispatch_parse_spec("", &q, err, sizeof err), -1);
  ck_assert_str_eq(err, "unknown CTA dispatcher '' (valid: tb)");
  /* The failed parses left q alone. */
  ck_assert_mem_eq(&p, &q, sizeof p);
}
END_TEST

START_TEST(create_errors)
{
  mock m;
  pol_dispatch_setup ds = setup_of(&m, 2, 48, 4, (pol_cta_kernel){256, 24, 2048});
  pol_dispatch_params p;
  pol_dispatch d;
  char err[256];
  memset(&p, 0, sizeof p);
  snprintf(p.name, sizeof p.name, "nope");
  ck_assert_int_eq(pol_dispatch_create(&d, &p, &ds, err, sizeof err), PTX_EINVAL);
  ck_assert_str_eq(err, "unknown CTA dispatcher 'nope' (valid: tb)");
  ck_assert_ptr_null(d.ops);
  ck_assert_int_eq(pol_dispatch_parse_spec("tb", &p, err, sizeof err), 0);
  ds.n_sms = 0;
  ck_assert_int_eq(pol_dispatch_create(&d, &p, &ds, err, sizeof err), PTX_EINVAL);
  ck_assert_ptr_nonnull(strstr(err, "no SMs"));
  ds.n_sms = 2;
  ds.sm.start_cta = NULL;
  ck_assert_int_eq(pol_dispatch_create(&d, &p, &ds, err, sizeof err), PTX_EINVAL);
  pol_dispatch_destroy(&d);
  pol_dispatch_destroy(&d);
}
END_TEST

/* --- tb --- */

START_TEST(tb_registers_limit)
{
  /* MM (000 §3.7): 256 threads = 8 warps, 24 registers per thread = 6144
   * per CTA, 2 KB shared.  Registers allow 5 CTAs per SM (5 x 6144 =
   * 30720 of 32768); threads 6, CTA slots 8, shared memory 24.  Two SMs,
   * 12 CTAs; the SM slot tables (48 warps) never limit. */
  mock m;
  pol_dispatch_setup ds = setup_of(&m, 2, 48, 12, (pol_cta_kernel){256, 24, 2048});
  ck_assert_uint_eq(ds.needs.regs, 6144);
  pol_dispatch d = make("tb", &ds);
  ck_assert_uint_eq(pol_dispatch_n_waiting(&d), 12);
  /* Rounds start at SM rr, which moves on by one each round: 0, 1, 0,
   * 1, ...; each SM gets one CTA per round, in grid order. */
  expect_round(&d, &m, 0, true, (const uint32_t[][2]){{0, 0}, {1, 1}}, 2);
  expect_round(&d, &m, 1, true, (const uint32_t[][2]){{1, 2}, {0, 3}}, 2);
  expect_round(&d, &m, 2, true, (const uint32_t[][2]){{0, 4}, {1, 5}}, 2);
  expect_round(&d, &m, 3, true, (const uint32_t[][2]){{1, 6}, {0, 7}}, 2);
  expect_round(&d, &m, 4, true, (const uint32_t[][2]){{0, 8}, {1, 9}}, 2);
  ck_assert_uint_eq(pol_dispatch_n_waiting(&d), 2);
  /* Five each: the sixth does not fit (2048 registers free), nothing
   * placed, no round next cycle. */
  expect_round(&d, &m, 5, false, NULL, 0);
  /* A warp's end frees nothing under TB-level management. */
  ck_assert(!pol_dispatch_warp_done(&d, 0, 3, 0));
  expect_round(&d, &m, 6, false, NULL, 0);
  /* CTA 2 ends on SM 1: a round may place.  rr is 1 after the two empty
   * rounds (5: from 1, 6: from 0), so SM 1 first: CTA 10 there. */
  ck_assert(cta_done(&d, &m, 1, 2, 8));
  expect_round(&d, &m, 100, true, (const uint32_t[][2]){{1, 10}}, 1);
  /* It placed one, so one more round: both full again. */
  expect_round(&d, &m, 101, false, NULL, 0);
  /* CTA 0 ends on SM 0; the last CTA goes there, and the grid is done. */
  ck_assert(cta_done(&d, &m, 0, 0, 8));
  expect_round(&d, &m, 200, false, (const uint32_t[][2]){{0, 11}}, 1);
  ck_assert_uint_eq(pol_dispatch_n_waiting(&d), 0);
  /* Later ends: nothing left to place. */
  ck_assert(!cta_done(&d, &m, 1, 1, 8));
  for (uint32_t i = 0; i < m.n_starts; i++)
    ck_assert_uint_eq(m.log[i].n_warps, 8);
  pol_dispatch_destroy(&d);
}
END_TEST

START_TEST(tb_sm_slots_limit)
{
  /* 64 threads = 2 warps, 8 registers per thread = 512 per CTA, no
   * shared memory: the accounting allows 8 CTAs per SM (CTA slots; threads
   * would allow 24).  The mock's SM 1 has only 4 warp slots, so its slot
   * table stops it at 2 CTAs; SM 0 (48 warp slots) takes 8.  20 CTAs. */
  mock m;
  pol_dispatch_setup ds = setup_of(&m, 2, 48, 20, (pol_cta_kernel){64, 8, 0});
  m.free_warps[1] = 4;
  pol_dispatch d = make("tb", &ds);
  expect_round(&d, &m, 0, true, (const uint32_t[][2]){{0, 0}, {1, 1}}, 2);
  expect_round(&d, &m, 1, true, (const uint32_t[][2]){{1, 2}, {0, 3}}, 2);
  /* SM 1 is full: SM 0 alone, one a round, up to its 8th (CTA 9). */
  uint32_t cta = 4;
  for (uint64_t now = 2; cta < 10; now++, cta++)
    expect_round(&d, &m, now, true, (const uint32_t[][2]){{0, cta}}, 1);
  expect_round(&d, &m, 8, false, NULL, 0);
  ck_assert_uint_eq(pol_dispatch_n_waiting(&d), 10);
  ck_assert_uint_eq(m.free_ctas[0], 0);
  ck_assert_uint_eq(m.free_warps[1], 0);
  /* SM 1's slot table refused, so its accounting took nothing: when CTA 1
   * ends there, exactly one more fits (the next round starts at SM 1:
   * rr = 9 rounds so far, odd). */
  ck_assert(cta_done(&d, &m, 1, 1, 2));
  expect_round(&d, &m, 50, true, (const uint32_t[][2]){{1, 10}}, 1);
  expect_round(&d, &m, 51, false, NULL, 0);
  pol_dispatch_destroy(&d);
}
END_TEST

START_TEST(tb_per_sm_limits)
{
  /* SMs of different register files (a heterogeneous GPU, 002b §A.6):
   * MM's CTA needs 6144 registers; SM 0 has 8192 (one CTA), SM 1 32768
   * (five), SM 2 4096 (none).  Eight CTAs: rounds go 0,1,2 / 1,2,0 /
   * 2,0,1 / ...; SM 0 takes CTA 0 in round 0 and then is full, SM 2 never
   * takes one, SM 1 takes one a round until its fifth. */
  mock m;
  pol_dispatch_setup ds = setup_of(&m, 3, 48, 8, (pol_cta_kernel){256, 24, 2048});
  pol_cta_limits lims[3] = {ds.lim, ds.lim, ds.lim};
  lims[0].n_regs = 8192;
  lims[2].n_regs = 4096;
  ds.sm_lim = lims;
  pol_dispatch d = make("tb", &ds);
  /* The dispatcher copied them: the caller's array may go. */
  memset(lims, 0, sizeof lims);
  expect_round(&d, &m, 0, true, (const uint32_t[][2]){{0, 0}, {1, 1}}, 2);
  for (uint32_t cta = 2; cta < 6; cta++)
    expect_round(&d, &m, cta - 1, true, (const uint32_t[][2]){{1, cta}}, 1);
  expect_round(&d, &m, 5, false, NULL, 0);
  ck_assert_uint_eq(pol_dispatch_n_waiting(&d), 2);
  /* CTA 0 ends on SM 0: one more fits there, never on SM 2. */
  ck_assert(cta_done(&d, &m, 0, 0, 8));
  expect_round(&d, &m, 10, true, (const uint32_t[][2]){{0, 6}}, 1);
  expect_round(&d, &m, 11, false, NULL, 0);
  for (uint32_t i = 0; i < m.n_starts; i++)
    ck_assert_uint_ne(m.log[i].sm, 2);
  pol_dispatch_destroy(&d);
}
END_TEST

START_TEST(tb_start_failure)
{
  /* A start that fails stops the round with its status. */
  mock m;
  pol_dispatch_setup ds = setup_of(&m, 3, 48, 6, (pol_cta_kernel){32, 4, 0});
  m.fail_at_cta = 1;
  pol_dispatch d = make("tb", &ds);
  bool again = false;
  ck_assert_int_eq(pol_dispatch_round(&d, 0, &again), 7);
  ck_assert_uint_eq(m.n_starts, 1);
  ck_assert_uint_eq(m.log[0].cta, 0);
  pol_dispatch_destroy(&d);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("pol_dispatch");
  TCase *t = tcase_create("registry");
  tcase_add_test(t, find_and_specs);
  tcase_add_test(t, create_errors);
  suite_add_tcase(s, t);
  t = tcase_create("tb");
  tcase_add_test(t, tb_registers_limit);
  tcase_add_test(t, tb_sm_slots_limit);
  tcase_add_test(t, tb_per_sm_limits);
  tcase_add_test(t, tb_start_failure);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
