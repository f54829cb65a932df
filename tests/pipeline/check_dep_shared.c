/* check_dep_shared.c -- the shared scoreboard (-ptxsim_scoreboard shared,
 * pipeline/dep_shared.c) driven through the dependence-tracking interface
 * (sm_dep.h), as the SM drives it.
 *
 * The expected cycles are worked out by hand from the unit's contract:
 * a result reserved with forward cycle F and write-back W can be read
 * from F on (W without a bypass); a memory result from the cycle
 * release() names; an entry commits at max(W, the commit of its warp's
 * previous entry + 1) and is free from that cycle on.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "memsys/mem_timing.h"
#include "pipeline/dep_shared.h"
#include "pipeline/sm_dep.h"
#include "tests/test_util.h"

#define ALL UINT32_MAX
#define HALF UINT32_C(0x0000ffff)

typedef struct sb {
  const sm_dep_ops *ops;
  void *self;
  sm_stats st;
} sb;

static void sb_open(sb *s, uint32_t entries, bool is_bypass)
{
  sm_params p;
  memset(&p, 0, sizeof p);
  p.n_warp_slots = 4;
  p.scoreboard_entries = entries;
  p.is_bypass = is_bypass;
  p.max_inflight = 1; /* ignored by this unit */
  memset(&s->st, 0, sizeof s->st);
  s->ops = sm_dep_find("shared", NULL, 0);
  ck_assert_ptr_nonnull(s->ops);
  s->self = s->ops->create(&p, NULL, &s->st);
  ck_assert_ptr_nonnull(s->self);
  for (uint32_t slot = 0; slot < 4; slot++)
    s->ops->warp_reset(s->self, slot);
}

static void sb_close(sb *s)
{
  s->ops->destroy(s->self);
}

/* Whether t, executing the lanes in mask, may issue from slot at now;
 * else why. */
static bool may_mask(sb *s, uint32_t slot, const tm_insn *t, uint32_t mask, uint64_t now,
                     sm_wait *why)
{
  sm_wait w = {SM_CAUSE_COUNT, 0};
  bool ok = s->ops->may_issue(s->self, slot, t, mask, now, &w);
  if (!ok)
    ck_assert_int_eq(sm_cause_class[w.cause], SM_STALL_SCOREBOARD);
  *why = w;
  return ok;
}

static bool may(sb *s, uint32_t slot, const tm_insn *t, uint64_t now, sm_wait *why)
{
  return may_mask(s, slot, t, ALL, now, why);
}

/* Asserts that t waits at now, for cause, until retry. */
#define ck_waits(s, slot, t, now, c, r)                 \
  do {                                                  \
    sm_wait w_;                                         \
    ck_assert(!may(s, slot, t, now, &w_));              \
    ck_assert_int_eq(w_.cause, c);                      \
    ck_assert_uint_eq(w_.retry, r);                     \
  } while (0)

static void reserve_all(sb *s, uint32_t slot, const tm_insn *t, uint32_t mask, uint64_t now,
                        uint64_t forward, uint64_t wb, uint32_t mem_id)
{
  sm_dep_issue is = {.t = t, .exec_mask = mask, .now = now, .forward = forward,
                     .writeback = wb, .mem_id = mem_id};
  s->ops->reserve(s->self, slot, &is);
}

/* A fixed-latency instruction issued at now, written back at wb. */
static void alu_at(sb *s, uint32_t slot, const tm_insn *t, uint64_t now, uint64_t wb)
{
  reserve_all(s, slot, t, ALL, now, wb, wb, 0);
}

/* A memory instruction issued at now, its data due at release(mem_id). */
static void mem_at(sb *s, uint32_t slot, const tm_insn *t, uint32_t mask, uint64_t now,
                   uint32_t mem_id)
{
  reserve_all(s, slot, t, mask, now, SM_NEVER, SM_NEVER, mem_id);
}

static sm_dep_shared_probe probe(sb *s, uint32_t slot)
{
  sm_dep_shared_probe p;
  sm_dep_shared_get_probe(s->self, slot, &p);
  return p;
}

static tm_insn alu(uint8_t n_defs, uint8_t n_uses, const uint32_t *regs)
{
  return (tm_insn){.latency = 3, .interval = 1, .kind = TM_KIND_ALU, .n_defs = n_defs,
                   .n_uses = n_uses, .regs = regs};
}

static tm_insn mem(mem_kind k, uint8_t n_defs, uint8_t n_uses, const uint32_t *regs)
{
  tm_insn t = alu(n_defs, n_uses, regs);
  t.kind = TM_KIND_MEM;
  t.unit = SM_UNIT_LDST;
  t.mem_kind = (uint8_t)k;
  return t;
}

static const uint32_t add_r3_r1_r2[] = {3, 1, 2};
static const uint32_t mul_r4_r3_r3[] = {4, 3, 3};
static const uint32_t add_r5_r1_r2[] = {5, 1, 2};
static const uint32_t add_r9_r1_r2[] = {9, 1, 2};
static const uint32_t ld_r6_r7[] = {6, 7};
static const uint32_t use_r8_r6[] = {8, 6};
static const uint32_t mov_r6_r1[] = {6, 1};
static const uint32_t st_r7_r1[] = {7, 1}; /* no defs: reads r7, r1 */
static const uint32_t bra_p1[] = {1};
static const uint32_t ldv2_r10_r11_r7[] = {10, 11, 7};
static const uint32_t mov_r10_r1[] = {10, 1};
static const uint32_t use_r8_r10[] = {8, 10};
static const uint32_t use_r8_r11[] = {8, 11};

/* ---- stall on use ------------------------------------------------------------ */

/* add r3 at 10 is written back at 13: its consumer waits until 13 (an ALU
 * result), independent instructions do not. */
START_TEST(raw_alu)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn add = alu(1, 2, add_r3_r1_r2), mul = alu(1, 2, mul_r4_r3_r3),
          indep = alu(1, 2, add_r5_r1_r2);
  sm_wait why;
  ck_assert(may(&s, 0, &add, 10, &why));
  alu_at(&s, 0, &add, 10, 13);
  ck_waits(&s, 0, &mul, 11, SM_CAUSE_RAW_ALU, 13);
  ck_assert(may(&s, 0, &indep, 11, &why));
  ck_assert(may(&s, 1, &mul, 11, &why)); /* another warp's r3 */
  ck_waits(&s, 0, &mul, 12, SM_CAUSE_RAW_ALU, 13);
  ck_assert(may(&s, 0, &mul, 13, &why));
  sb_close(&s);
}
END_TEST

/* Stall on use, not on miss: a load at 10 whose data comes at 40 blocks
 * only its consumer; three independent adds issue behind it (002b Part F
 * 3), and the consumer may go at 40. */
START_TEST(independent_pass_pending_load)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn ld = mem(MEM_LOAD, 1, 1, ld_r6_r7), use = alu(1, 1, use_r8_r6),
          a = alu(1, 2, add_r3_r1_r2), b = alu(1, 2, add_r5_r1_r2), c = alu(1, 2, add_r9_r1_r2);
  sm_wait why;
  mem_at(&s, 0, &ld, ALL, 10, 1);
  ck_assert(s.ops->has_pending(s.self, 0));
  ck_waits(&s, 0, &use, 11, SM_CAUSE_RAW_MEM, SM_NEVER);
  ck_assert(may(&s, 0, &a, 11, &why));
  alu_at(&s, 0, &a, 11, 14);
  ck_assert(may(&s, 0, &b, 12, &why));
  alu_at(&s, 0, &b, 12, 15);
  ck_assert(may(&s, 0, &c, 13, &why));
  alu_at(&s, 0, &c, 13, 16);
  ck_waits(&s, 0, &use, 20, SM_CAUSE_RAW_MEM, SM_NEVER);
  /* Another load's data does not release it; nobody waits for an entry. */
  ck_assert_uint_eq(s.ops->release(s.self, 0, 2, 30), 0);
  ck_waits(&s, 0, &use, 31, SM_CAUSE_RAW_MEM, SM_NEVER);
  ck_assert_uint_eq(s.ops->release(s.self, 0, 1, 40), 0);
  ck_assert(may(&s, 0, &use, 40, &why));
  ck_assert_uint_eq(s.st.ilp.sb_max_inflight, 4);
  sb_close(&s);
}
END_TEST

/* ---- WAW under divergence ------------------------------------------------------ */

/* ld r6 under lanes 0-15 (pending), then mov r6 under all lanes: a
 * superset, so it issues and hides the load (its NM bit cleared); a use
 * of r6 then waits for the mov (14), not for memory. */
START_TEST(waw_superset_proceeds)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn ld = mem(MEM_LOAD, 1, 1, ld_r6_r7), mov = alu(1, 1, mov_r6_r1),
          use = alu(1, 1, use_r8_r6);
  sm_wait why;
  mem_at(&s, 0, &ld, HALF, 10, 1);
  ck_assert(may_mask(&s, 0, &mov, ALL, 11, &why));
  reserve_all(&s, 0, &mov, ALL, 11, 14, 14, 0);
  ck_assert_uint_eq(s.st.ilp.sb_nm_invalidations, 1);
  ck_waits(&s, 0, &use, 12, SM_CAUSE_RAW_ALU, 14);
  ck_assert(may(&s, 0, &use, 14, &why));
  sb_close(&s);
}
END_TEST

/* ld r6 under all lanes (pending), then mov r6 under lanes 0-15: a subset,
 * so it waits until the load commits (its data at 40, committed at 40);
 * the same mov under all lanes would not. */
START_TEST(waw_subset_waits_for_commit)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn ld = mem(MEM_LOAD, 1, 1, ld_r6_r7), mov = alu(1, 1, mov_r6_r1);
  sm_wait why;
  mem_at(&s, 0, &ld, ALL, 10, 1);
  ck_assert(!may_mask(&s, 0, &mov, HALF, 11, &why));
  ck_assert_int_eq(why.cause, SM_CAUSE_WAW);
  ck_assert_uint_eq(why.retry, SM_NEVER);
  ck_assert(may_mask(&s, 0, &mov, ALL, 11, &why));
  s.ops->release(s.self, 0, 1, 40);
  ck_assert(!may_mask(&s, 0, &mov, HALF, 39, &why));
  ck_assert_int_eq(why.cause, SM_CAUSE_WAW);
  ck_assert_uint_eq(why.retry, 40);
  ck_assert(may_mask(&s, 0, &mov, HALF, 40, &why));
  ck_assert_uint_eq(probe(&s, 0).n_committed, 1);
  sb_close(&s);
}
END_TEST

/* ---- memory ordering ------------------------------------------------------------- */

/* A store waits until the warp holds nothing (add r3 commits at 14);
 * then loads wait for the store to commit (its ack at 30), ALU
 * instructions do not; a second store waits to be the oldest again
 * (add r5 behind the store commits at max(18, 30 + 1) = 31). */
START_TEST(store_ordering)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn add = alu(1, 2, add_r3_r1_r2), add5 = alu(1, 2, add_r5_r1_r2),
          st = mem(MEM_STORE, 0, 2, st_r7_r1), ld = mem(MEM_LOAD, 1, 1, ld_r6_r7);
  sm_wait why;
  alu_at(&s, 0, &add, 10, 14);
  ck_waits(&s, 0, &st, 11, SM_CAUSE_STORE_ORDER, 14);
  ck_assert(may(&s, 0, &st, 14, &why));
  mem_at(&s, 0, &st, ALL, 14, 2);
  ck_waits(&s, 0, &ld, 15, SM_CAUSE_STORE_ORDER, SM_NEVER);
  ck_assert(may(&s, 0, &add5, 15, &why));
  alu_at(&s, 0, &add5, 15, 18);
  ck_waits(&s, 0, &st, 16, SM_CAUSE_STORE_ORDER, SM_NEVER);
  ck_waits(&s, 0, &ld, 20, SM_CAUSE_STORE_ORDER, SM_NEVER);
  s.ops->release(s.self, 0, 2, 30);
  ck_waits(&s, 0, &ld, 29, SM_CAUSE_STORE_ORDER, 30);
  ck_waits(&s, 0, &st, 29, SM_CAUSE_STORE_ORDER, 31);
  ck_assert(may(&s, 0, &ld, 30, &why));
  ck_waits(&s, 0, &st, 30, SM_CAUSE_STORE_ORDER, 31);
  ck_assert(may(&s, 0, &st, 31, &why));
  /* Atomics are both: the oldest, and loads wait behind them. */
  tm_insn atom = mem(MEM_ATOMIC, 1, 1, ld_r6_r7);
  alu_at(&s, 0, &add, 31, 34);
  ck_waits(&s, 0, &atom, 32, SM_CAUSE_STORE_ORDER, 34);
  sb_close(&s);
}
END_TEST

/* A drain (membar) waits until the warp holds no entry: until add r3's
 * commit (14), and for a pending load until its release. */
START_TEST(drain_waits_for_empty_board)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn add = alu(1, 2, add_r3_r1_r2), membar = alu(0, 0, NULL),
          ld = mem(MEM_LOAD, 1, 1, ld_r6_r7);
  membar.is_drain = true;
  sm_wait why;
  alu_at(&s, 0, &add, 10, 14);
  ck_waits(&s, 0, &membar, 11, SM_CAUSE_RAW_ALU, 14);
  ck_assert(may(&s, 0, &membar, 14, &why));
  mem_at(&s, 0, &ld, ALL, 20, 5);
  ck_waits(&s, 0, &membar, 21, SM_CAUSE_RAW_MEM, SM_NEVER);
  s.ops->release(s.self, 0, 5, 50);
  ck_assert(may(&s, 0, &membar, 50, &why));
  sb_close(&s);
}
END_TEST

/* ---- a full scoreboard ---------------------------------------------------------- */

/* Two entries, both held by slot 0 (commits 20 and 21): its next
 * instruction waits for the first to free (SCOREBOARD_FULL until 20),
 * one without an entry (a branch) does not; slot 1, holding nothing,
 * issues solo (002b Part F 4) and then waits for that instruction's
 * write-back (15) before its next, like the baseline. */
START_TEST(full_and_solo_issue)
{
  sb s;
  sb_open(&s, 2, false);
  tm_insn a = alu(1, 2, add_r3_r1_r2), b = alu(1, 2, add_r5_r1_r2), c = alu(1, 2, add_r9_r1_r2),
          bra = alu(0, 1, bra_p1);
  bra.kind = TM_KIND_CTRL;
  sm_wait why;
  alu_at(&s, 0, &a, 10, 20);
  alu_at(&s, 0, &b, 11, 21);
  ck_waits(&s, 0, &c, 12, SM_CAUSE_SCOREBOARD_FULL, 20);
  ck_assert(may(&s, 0, &bra, 12, &why));
  ck_assert(may(&s, 1, &a, 12, &why));
  alu_at(&s, 1, &a, 12, 15);
  ck_assert_uint_eq(s.st.ilp.sb_solo_issues, 1);
  ck_assert_uint_eq(probe(&s, 1).n_warp, 0);
  ck_assert(s.ops->has_pending(s.self, 1));
  ck_waits(&s, 1, &c, 13, SM_CAUSE_RAW_ALU, 15);
  /* At 15 the scoreboard is still full: another solo issue. */
  ck_assert(may(&s, 1, &c, 15, &why));
  alu_at(&s, 1, &c, 15, 18);
  ck_assert_uint_eq(s.st.ilp.sb_solo_issues, 2);
  ck_assert(may(&s, 0, &c, 20, &why));
  ck_assert_uint_eq(probe(&s, 0).n_committed, 1);
  sb_close(&s);
}
END_TEST

/* Two entries held by two pending loads: both warps wait for an entry
 * with no known cycle; the release of slot 0's load (40) names slot 1 to
 * wake, and slot 1 then gets the entry that load frees at 40. */
START_TEST(release_wakes_other_warps)
{
  sb s;
  sb_open(&s, 2, false);
  tm_insn ld = mem(MEM_LOAD, 1, 1, ld_r6_r7), add = alu(1, 2, add_r3_r1_r2);
  sm_wait why;
  mem_at(&s, 0, &ld, ALL, 10, 1);
  mem_at(&s, 1, &ld, ALL, 11, 1);
  ck_waits(&s, 1, &add, 12, SM_CAUSE_SCOREBOARD_FULL, SM_NEVER);
  ck_waits(&s, 0, &add, 13, SM_CAUSE_SCOREBOARD_FULL, SM_NEVER);
  ck_assert_uint_eq(s.ops->release(s.self, 0, 1, 40), UINT64_C(1) << 1);
  ck_assert(may(&s, 1, &add, 40, &why));
  alu_at(&s, 1, &add, 40, 43);
  ck_assert_uint_eq(probe(&s, 1).n_warp, 2);
  sb_close(&s);
}
END_TEST

/* ---- commit ------------------------------------------------------------------------ */

/* ld (data at 30), add r3 (written back at 14), add r5 (15): nothing
 * commits before the load; then one per cycle, in order: 30, 31, 32. */
START_TEST(in_order_commit)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn ld = mem(MEM_LOAD, 1, 1, ld_r6_r7), a = alu(1, 2, add_r3_r1_r2),
          b = alu(1, 2, add_r5_r1_r2), bra = alu(0, 1, bra_p1);
  bra.kind = TM_KIND_CTRL;
  sm_wait why;
  mem_at(&s, 0, &ld, ALL, 10, 3);
  alu_at(&s, 0, &a, 11, 14);
  alu_at(&s, 0, &b, 12, 15);
  ck_assert(may(&s, 0, &bra, 20, &why));
  ck_assert_uint_eq(probe(&s, 0).n_committed, 0);
  ck_assert_uint_eq(probe(&s, 0).n_warp, 3);
  s.ops->release(s.self, 0, 3, 30);
  static const uint64_t expect[] = {0, 1, 2, 3, 3};
  for (uint64_t t = 29; t <= 33; t++) {
    ck_assert(may(&s, 0, &bra, t, &why));
    ck_assert_uint_eq(probe(&s, 0).n_committed, expect[t - 29]);
  }
  ck_assert_uint_eq(probe(&s, 0).n_allocated, 3);
  ck_assert_uint_eq(probe(&s, 0).order_errors, 0);
  ck_assert_uint_eq(s.st.ilp.sb_commits, 3);
  sb_close(&s);
}
END_TEST

/* Occupancy over time: slot 0's add at 10 (commit 13) and at 12
 * (write-back 14, commit max(14, 13 + 1) = 14), slot 1's add at 11
 * (commit 20); the launch ends at 50.  Entries held: 0 in [0,10), 1 in
 * [10,11), 2 in [11,12), 3 in [12,13), 2 in [13,14), 1 in [14,20), 0 in
 * [20,50): E0 40, E1 7, E2 2, E3 1, summing to the 50 cycles. */
START_TEST(occupancy_histogram)
{
  sb s;
  sb_open(&s, 4, false);
  tm_insn a = alu(1, 2, add_r3_r1_r2), b = alu(1, 2, add_r5_r1_r2);
  alu_at(&s, 0, &a, 10, 13);
  alu_at(&s, 1, &a, 11, 20);
  alu_at(&s, 0, &b, 12, 14);
  s.ops->finish(s.self, 50);
  const uint64_t *h = s.st.ilp.sb_occupancy;
  ck_assert_uint_eq(h[0], 40);
  ck_assert_uint_eq(h[1], 7);
  ck_assert_uint_eq(h[2], 2);
  ck_assert_uint_eq(h[3], 1);
  uint64_t sum = 0;
  for (int k = 0; k < SM_SB_HIST; k++)
    sum += h[k];
  ck_assert_uint_eq(sum, 50);
  ck_assert_uint_eq(s.st.ilp.sb_commits, 3);
  sb_close(&s);
}
END_TEST

/* ---- bypass, wide definitions, slot reuse ------------------------------------------ */

/* With a bypass, add r3 at 10 is forwarded from 12 and written back at
 * 13: its consumer may issue at 12 (read through the bypass, one cycle
 * before write-back), while the entry is held until its commit at 13. */
START_TEST(bypass_reads_before_commit)
{
  sb s;
  sb_open(&s, 8, true);
  tm_insn add = alu(1, 2, add_r3_r1_r2), mul = alu(1, 2, mul_r4_r3_r3);
  sm_wait why;
  reserve_all(&s, 0, &add, ALL, 10, 12, 13, 0);
  ck_waits(&s, 0, &mul, 11, SM_CAUSE_RAW_ALU, 12);
  ck_assert(may(&s, 0, &mul, 12, &why));
  reserve_all(&s, 0, &mul, ALL, 12, 14, 15, 0);
  ck_assert_uint_eq(s.st.ilp.bypass_uses, 1);
  ck_assert_uint_eq(s.st.ilp.bypass_cycles_saved, 1);
  ck_assert_uint_eq(probe(&s, 0).n_warp, 2);
  ck_assert(may(&s, 0, &mul, 13, &why));
  ck_assert_uint_eq(probe(&s, 0).n_warp, 1);
  sb_close(&s);
}
END_TEST

/* ld.v2 {r10, r11} takes one entry for both; mov r10 hides only r10's
 * definition: a use of r11 still waits for memory, one of r10 for the
 * mov. */
START_TEST(wide_definitions)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn ldv = mem(MEM_LOAD, 2, 1, ldv2_r10_r11_r7), mov = alu(1, 1, mov_r10_r1),
          u10 = alu(1, 1, use_r8_r10), u11 = alu(1, 1, use_r8_r11);
  sm_wait why;
  mem_at(&s, 0, &ldv, ALL, 10, 1);
  ck_assert_uint_eq(probe(&s, 0).n_warp, 1);
  ck_assert(may(&s, 0, &mov, 11, &why));
  alu_at(&s, 0, &mov, 11, 14);
  ck_assert_uint_eq(s.st.ilp.sb_nm_invalidations, 1);
  ck_waits(&s, 0, &u11, 12, SM_CAUSE_RAW_MEM, SM_NEVER);
  ck_waits(&s, 0, &u10, 12, SM_CAUSE_RAW_ALU, 14);
  sb_close(&s);
}
END_TEST

/* A slot's next warp matches nothing of the old one's, whose entry stays
 * held until its commit (30). */
START_TEST(warp_reset_orphans)
{
  sb s;
  sb_open(&s, 8, false);
  tm_insn add = alu(1, 2, add_r3_r1_r2), mul = alu(1, 2, mul_r4_r3_r3);
  sm_wait why;
  alu_at(&s, 0, &add, 10, 30);
  s.ops->warp_reset(s.self, 0);
  ck_assert(!s.ops->has_pending(s.self, 0));
  ck_assert(may(&s, 0, &mul, 11, &why));
  ck_assert_uint_eq(probe(&s, 0).n_used, 1);
  ck_assert(may(&s, 0, &mul, 30, &why));
  ck_assert_uint_eq(probe(&s, 0).n_used, 0);
  ck_assert_uint_eq(s.st.ilp.sb_commits, 1);
  sb_close(&s);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("dep_shared");
  TCase *t = tcase_create("stall_on_use");
  tcase_add_test(t, raw_alu);
  tcase_add_test(t, independent_pass_pending_load);
  tcase_add_test(t, waw_superset_proceeds);
  tcase_add_test(t, waw_subset_waits_for_commit);
  suite_add_tcase(s, t);
  t = tcase_create("ordering");
  tcase_add_test(t, store_ordering);
  tcase_add_test(t, drain_waits_for_empty_board);
  suite_add_tcase(s, t);
  t = tcase_create("capacity");
  tcase_add_test(t, full_and_solo_issue);
  tcase_add_test(t, release_wakes_other_warps);
  suite_add_tcase(s, t);
  t = tcase_create("commit");
  tcase_add_test(t, in_order_commit);
  tcase_add_test(t, occupancy_histogram);
  suite_add_tcase(s, t);
  t = tcase_create("more");
  tcase_add_test(t, bypass_reads_before_commit);
  tcase_add_test(t, wide_definitions);
  tcase_add_test(t, warp_reset_orphans);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
