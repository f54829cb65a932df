/* check_sm_seams.c -- the seams of the SM pipeline: the registries of
 * units chosen by name (pipeline/sm_registry.c, sm_dep.c, sm_branch.c,
 * sm_operand.c) and the per-warp scoreboard (pipeline/dep_per_warp.c)
 * through the dependence-tracking interface (sm_dep.h), as any other
 * scoreboard would be driven.
 *
 * The scoreboard's expected cycles are worked out by hand from the
 * interface's contract: a result reserved at write-back cycle W can be
 * read from W on; a memory result from the cycle release() names.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_branch.h"
#include "pipeline/sm_dep.h"
#include "pipeline/sm_operand.h"
#include "pipeline/sm_registry.h"
#include "pipeline/tm_config.h"
#include "tests/test_util.h"

/* ---- the registries ------------------------------------------------------ */

START_TEST(registries_find_by_name)
{
  char err[256];
  ck_assert_ptr_eq(sm_dep_find("per_warp", err, sizeof err), &sm_dep_per_warp_ops);
  ck_assert_ptr_eq(sm_dep_find("shared", err, sizeof err), &sm_dep_shared_ops);
  const sm_bpred_ops *none = sm_bpred_find("none", err, sizeof err);
  ck_assert_ptr_nonnull(none);
  ck_assert_str_eq(none->name, "none");
  /* No prediction and the vector register file cost nothing per
   * instruction: they have no hooks. */
  ck_assert_ptr_null(none->predict);
  const sm_operand_ops *vec = sm_operand_find("vector", err, sizeof err);
  ck_assert_ptr_nonnull(vec);
  ck_assert_str_eq(vec->name, "vector");
  ck_assert_ptr_null(vec->at_issue);
  ck_assert_int_eq(sm_seam_check(SM_SEAM_SCOREBOARD, "per_warp", err, sizeof err), 0);
  ck_assert_int_eq(sm_seam_check(SM_SEAM_BRANCH_PREDICTOR, "none", err, sizeof err), 0);
  ck_assert_int_eq(sm_seam_check(SM_SEAM_REGISTER_FILE, "vector", err, sizeof err), 0);
  /* Names are exact: no prefixes, no case folding. */
  ck_assert_ptr_null(sm_dep_find("per", NULL, 0));
  ck_assert_ptr_null(sm_dep_find("PER_WARP", NULL, 0));
}
END_TEST

START_TEST(registries_unknown_names)
{
  char err[256] = "";
  ck_assert_ptr_null(sm_dep_find("ooo", err, sizeof err));
  ck_assert_str_eq(err, "unknown scoreboard 'ooo' (valid: per_warp, shared)");
  ck_assert_ptr_null(sm_bpred_find("tage", err, sizeof err));
  ck_assert_str_eq(err, "unknown branch predictor 'tage' (valid: none, btfn, gshare, perfect)");
  ck_assert_ptr_null(sm_operand_find("irb", err, sizeof err));
  ck_assert_str_eq(err, "unknown register file 'irb' (valid: vector, detect, token, srf)");
  ck_assert_int_eq(sm_seam_check(SM_SEAM_SCOREBOARD, "", err, sizeof err), -1);
  ck_assert_str_eq(err, "unknown scoreboard '' (valid: per_warp, shared)");
  ck_assert_int_eq(sm_seam_check(SM_SEAM_COUNT, "none", err, sizeof err), -1);
  ck_assert_str_eq(err, "internal error: seam 3");
  /* A short buffer truncates, never overflows. */
  char small[12];
  ck_assert_ptr_null(sm_dep_find("ooo", small, sizeof small));
  ck_assert_str_eq(small, "unknown sco");
}
END_TEST

/* Every registered unit has a unique name that fits the configuration's
 * field, a doc line, and the hooks its seam requires. */
START_TEST(registries_well_formed)
{
  size_t n;
  const sm_dep_ops *const *deps = sm_dep_list(&n);
  ck_assert_uint_ge(n, 1);
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_lt(strlen(deps[i]->name), TM_SEAM_NAME_MAX);
    ck_assert_ptr_nonnull(deps[i]->doc);
    ck_assert(deps[i]->create && deps[i]->destroy && deps[i]->warp_reset &&
              deps[i]->may_issue && deps[i]->reserve && deps[i]->release &&
              deps[i]->has_pending);
    for (size_t j = 0; j < i; j++)
      ck_assert_str_ne(deps[i]->name, deps[j]->name);
  }
  const sm_bpred_ops *const *bps = sm_bpred_list(&n);
  ck_assert_uint_ge(n, 1);
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_lt(strlen(bps[i]->name), TM_SEAM_NAME_MAX);
    ck_assert_ptr_nonnull(bps[i]->doc);
    ck_assert(!bps[i]->create == !bps[i]->destroy);
    for (size_t j = 0; j < i; j++)
      ck_assert_str_ne(bps[i]->name, bps[j]->name);
  }
  const sm_operand_ops *const *ops = sm_operand_list(&n);
  ck_assert_uint_ge(n, 1);
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_lt(strlen(ops[i]->name), TM_SEAM_NAME_MAX);
    ck_assert_ptr_nonnull(ops[i]->doc);
    ck_assert(!ops[i]->create == !ops[i]->destroy);
    for (size_t j = 0; j < i; j++)
      ck_assert_str_ne(ops[i]->name, ops[j]->name);
  }
}
END_TEST

/* ---- the per-warp scoreboard through sm_dep.h --------------------------- */

typedef struct sb {
  const sm_dep_ops *ops;
  void *self;
} sb;

static sb sb_open_stats(uint32_t max_inflight, bool is_bypass, sm_stats *st)
{
  sm_params p;
  memset(&p, 0, sizeof p);
  p.n_warp_slots = 4;
  p.max_inflight = max_inflight;
  p.is_bypass = is_bypass;
  sb s = {sm_dep_find("per_warp", NULL, 0), NULL};
  ck_assert_ptr_nonnull(s.ops);
  s.self = s.ops->create(&p, NULL, st);
  ck_assert_ptr_nonnull(s.self);
  for (uint32_t slot = 0; slot < 4; slot++)
    s.ops->warp_reset(s.self, slot);
  return s;
}

static sb sb_open(uint32_t max_inflight)
{
  return sb_open_stats(max_inflight, false, NULL);
}

static void sb_close(sb *s)
{
  s->ops->destroy(s->self);
}

/* An instruction writing n_defs registers, then reading n_uses. */
static tm_insn insn(uint8_t n_defs, uint8_t n_uses, const uint32_t *regs)
{
  return (tm_insn){.latency = 4, .interval = 1, .kind = TM_KIND_ALU, .n_defs = n_defs,
                   .n_uses = n_uses, .regs = regs};
}

/* Whether t may issue from slot at now; else the retry cycle in *retry. */
static bool may(sb *s, uint32_t slot, const tm_insn *t, uint64_t now, uint64_t *retry)
{
  sm_wait why = {SM_CAUSE_COUNT, 0};
  bool ok = s->ops->may_issue(s->self, slot, t, UINT32_MAX, now, &why);
  if (!ok) {
    ck_assert_int_eq(sm_cause_class[why.cause], SM_STALL_SCOREBOARD);
    /* The per-warp scoreboard's waits: on memory exactly when only memory
     * can end them. */
    ck_assert_int_eq(why.cause, why.retry == SM_NEVER ? SM_CAUSE_RAW_MEM : SM_CAUSE_RAW_ALU);
    *retry = why.retry;
  }
  return ok;
}

static void reserve_fwd(sb *s, uint32_t slot, const tm_insn *t, uint64_t now, uint64_t forward,
                        uint64_t writeback, uint32_t mem_id)
{
  sm_dep_issue is = {.t = t, .exec_mask = UINT32_MAX, .now = now, .forward = forward,
                     .writeback = writeback, .mem_id = mem_id};
  s->ops->reserve(s->self, slot, &is);
}

static void reserve(sb *s, uint32_t slot, const tm_insn *t, uint64_t now, uint64_t writeback,
                    uint32_t mem_id)
{
  reserve_fwd(s, slot, t, now, writeback, writeback, mem_id);
}

static const uint32_t add_r3_r1_r2[] = {3, 1, 2};
static const uint32_t mul_r4_r3_r3[] = {4, 3, 3};
static const uint32_t add_r5_r1_r2[] = {5, 1, 2};
static const uint32_t mov_r3_r1[] = {3, 1};
static const uint32_t ld_r6_r7[] = {6, 7};
static const uint32_t use_r6[] = {8, 6};
static const uint32_t st_r1_r7[] = {1, 7}; /* no defs: reads r1, r7 */

/* add r3 <- r1, r2 at cycle 10 with latency 4: r3 is readable from 14. */
START_TEST(per_warp_raw_and_waw)
{
  sb s = sb_open(0);
  tm_insn add = insn(1, 2, add_r3_r1_r2), mul = insn(1, 2, mul_r4_r3_r3),
          indep = insn(1, 2, add_r5_r1_r2), waw = insn(1, 1, mov_r3_r1);
  uint64_t retry = 0;
  ck_assert(may(&s, 0, &add, 10, &retry));
  ck_assert(!s.ops->has_pending(s.self, 0));
  reserve(&s, 0, &add, 10, 14, 0);
  ck_assert(s.ops->has_pending(s.self, 0));
  /* RAW: the consumer waits for the write-back. */
  ck_assert(!may(&s, 0, &mul, 11, &retry));
  ck_assert_uint_eq(retry, 14);
  ck_assert(!may(&s, 0, &mul, 13, &retry));
  ck_assert_uint_eq(retry, 14);
  /* Independent instructions and other warps do not. */
  ck_assert(may(&s, 0, &indep, 11, &retry));
  ck_assert(may(&s, 1, &mul, 11, &retry));
  /* WAW waits as RAW does. */
  ck_assert(!may(&s, 0, &waw, 12, &retry));
  ck_assert_uint_eq(retry, 14);
  ck_assert(may(&s, 0, &mul, 14, &retry));
  ck_assert(may(&s, 0, &waw, 14, &retry));
  /* Asking at 14 retired the entry. */
  ck_assert(!s.ops->has_pending(s.self, 0));
  sb_close(&s);
}
END_TEST

/* With a bypass (002b §A.2), add r3 at 10 forwarded from 12, written back
 * at 14: its consumer may issue from 12, and one in flight per warp frees
 * at 12 too; a consumer at 12 or 13 read r3 through the bypass (counted
 * with the cycles to write-back), one at 14 from the register file. */
START_TEST(per_warp_bypass)
{
  sm_stats st;
  memset(&st, 0, sizeof st);
  sb s = sb_open_stats(1, true, &st);
  tm_insn add = insn(1, 2, add_r3_r1_r2), mul = insn(1, 2, mul_r4_r3_r3),
          indep = insn(1, 2, add_r5_r1_r2);
  uint64_t retry = 0;
  ck_assert(may(&s, 0, &add, 10, &retry));
  reserve_fwd(&s, 0, &add, 10, 12, 14, 0);
  ck_assert(!may(&s, 0, &mul, 11, &retry));
  ck_assert_uint_eq(retry, 12);
  ck_assert(!may(&s, 0, &indep, 11, &retry)); /* the in-flight limit */
  ck_assert_uint_eq(retry, 12);
  ck_assert(may(&s, 0, &mul, 12, &retry));
  reserve_fwd(&s, 0, &mul, 12, 14, 16, 0);
  ck_assert_uint_eq(st.ilp.bypass_uses, 1);
  ck_assert_uint_eq(st.ilp.bypass_cycles_saved, 2);
  /* An independent instruction reads nothing through the bypass. */
  ck_assert(may(&s, 0, &indep, 14, &retry));
  reserve_fwd(&s, 0, &indep, 14, 16, 18, 0);
  ck_assert_uint_eq(st.ilp.bypass_uses, 1);
  /* Read at write-back: from the register file. */
  ck_assert(may(&s, 0, &mul, 16, &retry));
  reserve_fwd(&s, 0, &mul, 16, 18, 20, 0);
  ck_assert_uint_eq(st.ilp.bypass_uses, 1);
  sb_close(&s);
}
END_TEST

/* ld r6 <- [r7] at 20 waits for memory: its consumer until the data's
 * cycle, which release() names (50); others go on. */
START_TEST(per_warp_memory_release)
{
  sb s = sb_open(0);
  tm_insn ld = insn(1, 1, ld_r6_r7), use = insn(1, 1, use_r6), indep = insn(1, 2, add_r3_r1_r2);
  ld.kind = TM_KIND_MEM;
  uint64_t retry = 0;
  reserve(&s, 2, &ld, 20, SM_NEVER, 9);
  ck_assert(!may(&s, 2, &use, 21, &retry));
  ck_assert_uint_eq(retry, SM_NEVER);
  ck_assert(may(&s, 2, &indep, 21, &retry));
  /* Another memory instruction's data does not release it. */
  ck_assert_uint_eq(s.ops->release(s.self, 2, 8, 40), 0);
  ck_assert(!may(&s, 2, &use, 41, &retry));
  ck_assert_uint_eq(retry, SM_NEVER);
  /* Only its own warp waits on it: no other slot to wake. */
  ck_assert_uint_eq(s.ops->release(s.self, 2, 9, 50), 0);
  ck_assert(!may(&s, 2, &use, 49, &retry));
  ck_assert_uint_eq(retry, 50);
  ck_assert(may(&s, 2, &use, 50, &retry));
  sb_close(&s);
}
END_TEST

/* max_inflight 1 (002b's baseline): after add at 10 (write-back 14) even an
 * independent instruction waits until 14. */
START_TEST(per_warp_inflight_limit)
{
  sb s = sb_open(1);
  tm_insn add = insn(1, 2, add_r3_r1_r2), indep = insn(1, 2, add_r5_r1_r2);
  uint64_t retry = 0;
  reserve(&s, 0, &add, 10, 14, 0);
  ck_assert(!may(&s, 0, &indep, 11, &retry));
  ck_assert_uint_eq(retry, 14);
  ck_assert(may(&s, 0, &indep, 14, &retry));
  /* An instruction without a destination counts in flight too. */
  tm_insn st = insn(0, 2, st_r1_r7);
  reserve(&s, 0, &st, 14, 15, 0);
  ck_assert(!may(&s, 0, &indep, 14, &retry));
  ck_assert_uint_eq(retry, 15);
  sb_close(&s);
}
END_TEST

/* A drain (membar) waits until everything in flight landed: the latest of
 * 14 and 18; and for memory until release(). */
START_TEST(per_warp_drain)
{
  sb s = sb_open(0);
  tm_insn add = insn(1, 2, add_r3_r1_r2), add5 = insn(1, 2, add_r5_r1_r2),
          membar = insn(0, 0, NULL), ld = insn(1, 1, ld_r6_r7);
  membar.is_drain = true;
  uint64_t retry = 0;
  reserve(&s, 0, &add, 10, 14, 0);
  reserve(&s, 0, &add5, 11, 18, 0);
  ck_assert(!may(&s, 0, &membar, 12, &retry));
  ck_assert_uint_eq(retry, 18);
  ck_assert(!may(&s, 0, &membar, 15, &retry));
  ck_assert_uint_eq(retry, 18);
  ck_assert(may(&s, 0, &membar, 18, &retry));
  reserve(&s, 0, &ld, 20, SM_NEVER, 1);
  ck_assert(!may(&s, 0, &membar, 21, &retry));
  ck_assert_uint_eq(retry, SM_NEVER);
  s.ops->release(s.self, 0, 1, 60);
  ck_assert(!may(&s, 0, &membar, 59, &retry));
  ck_assert_uint_eq(retry, 60);
  ck_assert(may(&s, 0, &membar, 60, &retry));
  sb_close(&s);
}
END_TEST

/* An instruction writing more than 8 registers (a matrix instruction)
 * holds every register of its warp until it is written back. */
START_TEST(per_warp_wide_defs)
{
  sb s = sb_open(0);
  static const uint32_t wide_regs[] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 1};
  static const uint32_t other[] = {99, 98};
  tm_insn wide = insn(9, 1, wide_regs), unrelated = insn(1, 1, other);
  uint64_t retry = 0;
  reserve(&s, 3, &wide, 5, 30, 0);
  ck_assert(!may(&s, 3, &unrelated, 6, &retry));
  ck_assert_uint_eq(retry, 30);
  ck_assert(may(&s, 3, &unrelated, 30, &retry));
  sb_close(&s);
}
END_TEST

/* 32 instructions in flight fill a warp's lists: the next waits for the
 * first to land (write-backs 100..131). */
START_TEST(per_warp_capacity)
{
  sb s = sb_open(0);
  static uint32_t regs[33][2];
  tm_insn t[33];
  for (uint32_t i = 0; i < 33; i++) {
    regs[i][0] = 100 + i;
    regs[i][1] = 1;
    t[i] = insn(1, 1, regs[i]);
  }
  uint64_t retry = 0;
  for (uint32_t i = 0; i < 32; i++) {
    ck_assert(may(&s, 1, &t[i], 10 + i, &retry));
    reserve(&s, 1, &t[i], 10 + i, 100 + i, 0);
  }
  ck_assert(!may(&s, 1, &t[32], 50, &retry));
  ck_assert_uint_eq(retry, 100);
  ck_assert(may(&s, 1, &t[32], 100, &retry));
  sb_close(&s);
}
END_TEST

/* A slot's next warp starts with nothing pending. */
START_TEST(per_warp_reset)
{
  sb s = sb_open(0);
  tm_insn add = insn(1, 2, add_r3_r1_r2), mul = insn(1, 2, mul_r4_r3_r3),
          ld = insn(1, 1, ld_r6_r7), use = insn(1, 1, use_r6);
  uint64_t retry = 0;
  reserve(&s, 0, &add, 10, 1000, 0);
  reserve(&s, 0, &ld, 11, SM_NEVER, 4);
  s.ops->warp_reset(s.self, 0);
  ck_assert(!s.ops->has_pending(s.self, 0));
  ck_assert(may(&s, 0, &mul, 12, &retry));
  ck_assert(may(&s, 0, &use, 12, &retry));
  sb_close(&s);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("sm_seams");
  TCase *t = tcase_create("registry");
  tcase_add_test(t, registries_find_by_name);
  tcase_add_test(t, registries_unknown_names);
  tcase_add_test(t, registries_well_formed);
  suite_add_tcase(s, t);
  t = tcase_create("per_warp");
  tcase_add_test(t, per_warp_raw_and_waw);
  tcase_add_test(t, per_warp_bypass);
  tcase_add_test(t, per_warp_memory_release);
  tcase_add_test(t, per_warp_inflight_limit);
  tcase_add_test(t, per_warp_drain);
  tcase_add_test(t, per_warp_wide_defs);
  tcase_add_test(t, per_warp_capacity);
  tcase_add_test(t, per_warp_reset);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
