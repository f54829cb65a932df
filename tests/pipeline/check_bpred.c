/* check_bpred.c -- SIMT branch prediction (002b §A.4; pipeline/sm_branch.h):
 * each predictor through its sm_bpred_ops, then the branch unit end to end
 * on gtx280_ilp through the public interface, with the kernels of
 * tests/pipeline/bpred.ptx.
 *
 * Expected numbers are derived from the options and the kernels'
 * instruction positions, as each comment says; none is read back from the
 * simulator.  The cycle derivations use gtx280_ilp's values:
 *   resolve_cycles = -ptxsim_branch_resolve_stage 4 over
 *                    -ptxsim_stages_per_cycle 4 = 1,
 *   -ptxsim_branch_latency 1, -ptxsim_fetch_latency 1,
 *   ALU latency 3 with one instruction in flight per warp
 *   (-ptxsim_max_inflight_per_warp 1), a branch's latency 1 (a branch
 *   costs one cycle: 002b §A.4's patched baseline), 8 buffer entries.
 * With one instruction in flight a warp waits 3 cycles after each ALU
 * instruction, but only 1 after a branch: whatever the branch unit makes
 * it wait beyond that is the control hazard, exposed without the bypass
 * or a shared scoreboard.  A redirected fetch issues the target
 * resolve + branch latency + fetch latency = 3 cycles after the branch;
 * a right prediction the cycle after: 2 cycles saved per redirect.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_branch.h"
#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

/* ---- the predictors through sm_bpred_ops ---------------------------------- */

static const sm_bpred_ops *find(const char *name)
{
  char err[256];
  const sm_bpred_ops *ops = sm_bpred_find(name, err, sizeof err);
  ck_assert_msg(ops != NULL, "%s", err);
  return ops;
}

/* A non-divergent branch at pc, to target, taken or not. */
static sm_branch_info branch(uint32_t pc, uint32_t target, bool is_taken)
{
  return (sm_branch_info){.pc = pc, .target = target, .is_taken = is_taken};
}

static sm_branch_info divergent(uint32_t pc, uint32_t target)
{
  return (sm_branch_info){.pc = pc, .target = target, .is_divergent = true, .is_taken = true};
}

START_TEST(registry_has_every_predictor)
{
  static const char *const names[] = {"none", "btfn", "gshare", "perfect"};
  size_t n;
  const sm_bpred_ops *const *list = sm_bpred_list(&n);
  ck_assert_uint_eq(n, 4);
  for (size_t i = 0; i < n; i++) {
    ck_assert_str_eq(list[i]->name, names[i]);
    ck_assert_ptr_eq(find(names[i]), list[i]);
    /* Only none has no hook: it must cost nothing per instruction. */
    ck_assert(!list[i]->predict == (i == 0));
  }
  char err[256];
  ck_assert_ptr_null(sm_bpred_find("tage", err, sizeof err));
  ck_assert_str_eq(err, "unknown branch predictor 'tage' (valid: none, btfn, gshare, perfect)");
}
END_TEST

/* BTFN compares the target with the branch's PC only: backward (or to
 * itself) taken, forward not taken, whatever the outcome. */
START_TEST(btfn_direction_rule)
{
  const sm_bpred_ops *b = find("btfn");
  ck_assert_ptr_null(b->create);
  for (int taken = 0; taken <= 1; taken++) {
    sm_branch_info back = branch(10, 4, taken), self = branch(10, 10, taken),
                   fwd = branch(10, 11, taken);
    ck_assert(b->predict(NULL, &back));
    ck_assert(b->predict(NULL, &self));
    ck_assert(!b->predict(NULL, &fwd));
  }
  sm_branch_info d = divergent(10, 20);
  ck_assert(!b->predict(NULL, &d));
}
END_TEST

START_TEST(perfect_is_never_wrong)
{
  const sm_bpred_ops *p = find("perfect");
  ck_assert_ptr_null(p->create);
  for (int taken = 0; taken <= 1; taken++)
    for (uint32_t target = 0; target < 20; target += 7) {
      sm_branch_info i = branch(10, target, taken);
      ck_assert(p->predict(NULL, &i) == (bool)taken);
    }
}
END_TEST

typedef struct gs {
  const sm_bpred_ops *ops;
  void *self;
} gs;

/* A gshare of `bits` bits: bits / 2 counters, log2 of that history bits. */
static gs gs_open(uint32_t bits)
{
  sm_params p;
  memset(&p, 0, sizeof p);
  p.gshare_bits = bits;
  gs g = {find("gshare"), NULL};
  g.self = g.ops->create(&p, NULL, NULL);
  ck_assert_ptr_nonnull(g.self);
  return g;
}

/* Asks about b and checks the direction predicted. */
static void gs_expect(gs *g, sm_branch_info b, bool predicted, const char *step)
{
  bool got = g->ops->predict(g->self, &b);
  ck_assert_msg(got == predicted, "%s: predicted %s, expected %s", step,
                got ? "taken" : "not taken", predicted ? "taken" : "not taken");
}

/* 8 bits: 4 counters c0..c3, all 1 (weakly not taken), a 2-bit history h
 * = 0.  The index is pc ^ h; each step picks pc so that it is c0, and
 * tracks h (the outcomes, newest in bit 0). */
START_TEST(gshare_counters_saturate_and_train)
{
  gs g = gs_open(8);
  gs_expect(&g, branch(0, 0, true), false, "1: c0 1");    /* c0 2, h 1 */
  gs_expect(&g, branch(1, 0, true), true, "2: c0 2");     /* c0 3, h 3 */
  gs_expect(&g, branch(3, 0, true), true, "3: c0 3");     /* stays 3, h 3 */
  gs_expect(&g, branch(3, 0, true), true, "4: c0 3");     /* stays 3, h 3 */
  /* Saturated at 3: two not-taken outcomes flip it, not more. */
  gs_expect(&g, branch(3, 0, false), true, "5: c0 3");    /* c0 2, h 2 */
  gs_expect(&g, branch(2, 0, false), true, "6: c0 2");    /* c0 1, h 0 */
  gs_expect(&g, branch(0, 0, false), false, "7: c0 1");   /* c0 0, h 0 */
  gs_expect(&g, branch(0, 0, false), false, "8: c0 0");   /* stays 0 */
  /* Saturated at 0: two taken outcomes flip it back. */
  gs_expect(&g, branch(0, 0, true), false, "9: c0 0");    /* c0 1, h 1 */
  gs_expect(&g, branch(1, 0, true), false, "10: c0 1");   /* c0 2, h 3 */
  gs_expect(&g, branch(3, 0, true), true, "11: c0 2");
  /* The other counters were never touched: c1 (pc 2 ^ h 3) still says
   * weakly not taken. */
  gs_expect(&g, branch(2, 0, true), false, "12: c1 1");
  g.ops->destroy(g.self);
}
END_TEST

/* A divergent branch updates as if its prediction was right: its counter
 * moves towards the prediction and the history takes the predicted
 * direction, whatever lanes went to the target. */
START_TEST(gshare_divergent_update_rule)
{
  gs g = gs_open(8);
  gs_expect(&g, branch(1, 0, true), false, "A: c1 1");     /* c1 2, h 1 */
  gs_expect(&g, branch(0, 0, true), true, "B: c1 2");      /* c1 3, h 3 */
  /* c0 (pc 3 ^ h 3): weakly not taken, so not taken is "right": c0 0,
   * h (3 << 1 | 0) & 3 = 2.  Trained by the taken lanes instead, c0
   * would be 2 and h 3. */
  gs_expect(&g, divergent(3, 0), false, "C: divergent, c0 1");
  /* pc 2 ^ h 2 = c0, at 0: not taken (with h 3 it would be c1, taken). */
  gs_expect(&g, branch(2, 0, true), false, "D: c0 0");     /* c0 1, h 1 */
  gs_expect(&g, branch(1, 0, true), false, "E: c0 1");     /* c0 2, h 3 */
  /* A divergent branch predicted taken strengthens its counter: c0 3, so
   * two not-taken outcomes are needed to flip it. */
  gs_expect(&g, divergent(3, 0), true, "F: divergent, c0 2"); /* c0 3, h 3 */
  gs_expect(&g, branch(3, 0, false), true, "G: c0 3");     /* c0 2, h 2 */
  gs_expect(&g, branch(2, 0, false), true, "H: c0 2");     /* c0 1, h 0 */
  gs_expect(&g, branch(0, 0, false), false, "I: c0 1");
  g.ops->destroy(g.self);
}
END_TEST

/* -ptxsim_gshare_bits 1024: 512 counters, indexed modulo 512, and a
 * history of log2(512) = 9 outcomes. */
START_TEST(gshare_table_size_and_history)
{
  gs g = gs_open(1024);
  /* pc 5, pc 5 + 512 and pc (4 + 1024) ^ h 1 all index c5 (mod 512). */
  gs_expect(&g, branch(5, 0, false), false, "c5 1");      /* c5 0, h 0 */
  gs_expect(&g, branch(5 + 512, 0, true), false, "c5 0"); /* c5 1, h 1 */
  gs_expect(&g, branch(4 + 1024, 0, true), false, "c5 1"); /* c5 2, h 3 */
  gs_expect(&g, branch(6, 0, true), true, "c5 2 (6 ^ 3)");  /* c5 3, h 7 */
  g.ops->destroy(g.self);
  /* Nine taken outcomes from h 0 make h 2^k - 1 after the k-th: pc k
   * reads c(k ^ (2^(k-1) - 1)) = c1, c3, c0, c3, c10, c25, c56, c119,
   * c246; c3 twice, so the 4th is taken (2) and leaves c3 at 3. */
  g = gs_open(1024);
  for (uint32_t k = 1; k <= 9; k++) {
    char step[32];
    snprintf(step, sizeof step, "taken %u", k);
    gs_expect(&g, branch(k, 0, true), k == 4, step);
  }
  /* h is now 511 (9 bits; a shorter history, 8 bits, would be 255 and
   * make pc 3 ^ 511 read c259, untouched: not taken). */
  gs_expect(&g, branch(3 ^ 511, 0, false), true, "c3 3 through h 511");
  g.ops->destroy(g.self);
  /* 4 bits: 2 counters and 1 bit of history; pc 3 ^ h 1 = 2 is c0. */
  g = gs_open(4);
  gs_expect(&g, branch(0, 0, true), false, "c0 1");       /* c0 2, h 1 */
  gs_expect(&g, branch(3, 0, true), true, "c0 2");
  g.ops->destroy(g.self);
}
END_TEST

/* ---- end to end on gtx280_ilp -------------------------------------------- */

/* A timing-mode device on bpred.ptx and gtx280_ilp with one SM, the
 * predictor named and the options given ("-name", "value" pairs,
 * NULL-terminated). */
static void open_bpred(tm_fixture *f, const char *predictor, const char *const *options)
{
  const char *const base[] = {"-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1",
                              "-ptxsim_branch_predictor", predictor, NULL};
  tm_fixture_open(f, "tests/pipeline/bpred.ptx", "gtx280_ilp", base, options);
}

/* The branch statistics of a launch. */
typedef struct bp {
  uint64_t cycles, warp_insns, stalls, branches, conditional, divergent, backward, lookups,
      correct, mispredicts, nullified, control;
} bp;

/* Scheduler-cycles without issue, summed over the causes (one scheduler). */
static uint64_t stalls_of(const char *text)
{
  static const char *const causes[] = {
#define X(id, cls, name, doc) name,
      SM_CAUSES(X)
#undef X
  };
  uint64_t n = 0;
  for (size_t i = 0; i < sizeof causes / sizeof causes[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "ptxsim_issue_stall_%s", causes[i]);
    n += tm_stats_u64(text, name);
  }
  return n;
}

static bp bp_of(const tm_fixture *f)
{
  char *text = tm_fixture_stats_text(f);
  bp r = {.cycles = tm_stats_u64(text, "gpu_sim_cycle"),
          .warp_insns = tm_stats_u64(text, "gpu_sim_warp_insn"),
          .stalls = stalls_of(text),
          .branches = tm_stats_u64(text, "ptxsim_bp_branches"),
          .conditional = tm_stats_u64(text, "ptxsim_bp_conditional"),
          .divergent = tm_stats_u64(text, "ptxsim_bp_divergent"),
          .backward = tm_stats_u64(text, "ptxsim_bp_backward"),
          .lookups = tm_stats_u64(text, "ptxsim_bp_lookups"),
          .correct = tm_stats_u64(text, "ptxsim_bp_correct"),
          .mispredicts = tm_stats_u64(text, "ptxsim_bp_mispredicts"),
          .nullified = tm_stats_u64(text, "ptxsim_nullified_warp_insn"),
          .control = tm_stats_u64(text, "ptxsim_issue_stall_control")};
  free(text);
  return r;
}

/* Launches kernel k of bpred.ptx on one warp of 32 threads with out and
 * then the n_u32 u32 arguments, checks what it wrote (expect in every
 * thread's word; bp_diverge: its own values) and returns the launch's
 * statistics. */
static bp run_kernel(tm_fixture *f, const char *k, const uint32_t *u32, size_t n_u32,
                     uint32_t expect)
{
  ptxsim_devptr out = tm_fixture_alloc(f, 32 * 4);
  const void *args[4] = {&out};
  for (size_t i = 0; i < n_u32; i++)
    args[1 + i] = &u32[i];
  tm_fixture_launch(f, k, 1, 32, args, 1 + n_u32);
  uint32_t got[32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f->device, got, out, sizeof got), PTXSIM_OK);
  bool is_diverge = strcmp(k, "bp_diverge") == 0;
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(got[t], is_diverge ? t + (t < 16 ? 200 : 100) : expect);
  ck_assert_int_eq(ptxsim_mem_free(f->device, out), PTXSIM_OK);
  return bp_of(f);
}

static bp loop_on(const char *predictor, const char *const *options, uint32_t n)
{
  tm_fixture f;
  open_bpred(&f, predictor, options);
  bp r = run_kernel(&f, "bp_loop", &n, 1, n * (n + 1) / 2);
  tm_fixture_close(&f);
  return r;
}

/* The loop of bp_loop on one warp, n iterations: its back edge is taken
 * n - 1 times, then falls through.
 *   none: each taken back edge redirects fetch, so the loop's first
 *     instruction issues 3 cycles after it; the body's three ALU
 *     instructions 3 cycles apart: 12 cycles per taken iteration.  The
 *     8-entry buffer, refilled at each redirect, never runs dry in the
 *     4-instruction body; 2 cycles of each redirect wait count as control
 *     stalls: 2 (n - 1).
 *   perfect: the target issues the cycle after the branch: 10 cycles per
 *     iteration, 2 (n - 1) cycles fewer than none.  The buffer, filled at
 *     the kernel's start, runs dry every 8 instructions: at the 8th, the
 *     body's second (2 instructions come before the loop), whose refill
 *     (fetch latency 1) arrives before the third may issue, 3 cycles
 *     later: no cost.
 *   btfn: predicts every back edge taken: n - 1 right (accuracy
 *     (n - 1) / n, 002b Part F.8) and the exit wrong: the warp issues one
 *     wrong-path instruction (resolve_cycles 1: the loop's first, taken
 *     from the target) and its fall-through waits for the redirect, 3
 *     cycles after the branch instead of 1: 2 (n - 1) - 2 cycles fewer
 *     than none, one control stall (the cycle between the nullified
 *     instruction and the refill).
 * With -ptxsim_max_inflight_per_warp 0 -ptxsim_bypass 1 (002b's BP; the
 * loop's two ALU dependences forwarded from EX8, 2 cycles; add and sub
 * independent) the body takes 1 + 2 + 2 = 5 cycles to its branch, so 8
 * cycles per iteration without prediction, 6 with: the same 2 cycles
 * saved per taken iteration, a larger share (the buffer runs dry at the
 * same place, its refill arrives the cycle the third instruction issues).
 * Each scheduler cycle, 0 to gpu_sim_cycle, issues an instruction, issues
 * a nullified one or counts a stall: nullified instructions take their
 * scheduler's slot. */
START_TEST(loop_btfn_perfect_none)
{
  static const char *const bypass[] = {"-ptxsim_max_inflight_per_warp", "0", "-ptxsim_bypass",
                                       "1", NULL};
  const struct {
    const char *const *opts;
    uint64_t per_iter_none, per_iter_predicted;
  } cases[] = {{NULL, 12, 10}, {bypass, 8, 6}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    bp none[2], btfn[2], perfect[2];
    static const uint32_t ns[2] = {16, 48};
    for (int i = 0; i < 2; i++) {
      uint32_t n = ns[i];
      none[i] = loop_on("none", cases[c].opts, n);
      btfn[i] = loop_on("btfn", cases[c].opts, n);
      perfect[i] = loop_on("perfect", cases[c].opts, n);
      /* none asks and counts nothing. */
      ck_assert_uint_eq(none[i].branches + none[i].lookups + none[i].nullified, 0);
      ck_assert_uint_eq(none[i].control, 2 * (n - 1));
      /* Every back edge is a uniform, conditional, backward branch. */
      const bp *const pred[2] = {&btfn[i], &perfect[i]};
      for (int p = 0; p < 2; p++) {
        ck_assert_uint_eq(pred[p]->branches, n);
        ck_assert_uint_eq(pred[p]->conditional, n);
        ck_assert_uint_eq(pred[p]->backward, n);
        ck_assert_uint_eq(pred[p]->lookups, n);
        ck_assert_uint_eq(pred[p]->divergent, 0);
      }
      ck_assert_uint_eq(btfn[i].correct, n - 1);
      ck_assert_uint_eq(btfn[i].mispredicts, 1);
      ck_assert_uint_eq(btfn[i].nullified, 1);
      ck_assert_uint_eq(btfn[i].control, 1);
      ck_assert_uint_eq(perfect[i].correct, n);
      ck_assert_uint_eq(perfect[i].mispredicts + perfect[i].nullified + perfect[i].control, 0);
      ck_assert_msg(none[i].cycles - perfect[i].cycles == 2 * (n - 1),
                    "case %zu, n %u: none %" PRIu64 ", perfect %" PRIu64 " cycles", c, n,
                    none[i].cycles, perfect[i].cycles);
      ck_assert_msg(none[i].cycles - btfn[i].cycles == 2 * (n - 1) - 2,
                    "case %zu, n %u: none %" PRIu64 ", btfn %" PRIu64 " cycles", c, n,
                    none[i].cycles, btfn[i].cycles);
      const bp *const all[3] = {&none[i], &btfn[i], &perfect[i]};
      for (int p = 0; p < 3; p++)
        ck_assert_uint_eq(all[p]->warp_insns + all[p]->nullified + all[p]->stalls,
                          all[p]->cycles + 1);
    }
    uint64_t iters = ns[1] - ns[0];
    ck_assert_uint_eq(none[1].cycles - none[0].cycles, iters * cases[c].per_iter_none);
    ck_assert_uint_eq(btfn[1].cycles - btfn[0].cycles, iters * cases[c].per_iter_predicted);
    ck_assert_uint_eq(perfect[1].cycles - perfect[0].cycles,
                      iters * cases[c].per_iter_predicted);
  }
}
END_TEST

/* A misprediction issues wrong-path instructions from the cycle after the
 * branch until it resolves: resolve_cycles = ceil(stage / 4) slots, at
 * most the 4 of the loop's body read from its target (add, sub, setp,
 * then the branch, after which fetch would need another prediction).
 * They are nullified: they reserve nothing, so each issues the cycle
 * after the other.  With resolve R the fall-through waits R + 2 cycles
 * after the branch and a taken branch without prediction too, against 1
 * with a right one: btfn saves (R + 1) (n - 1) - (R + 1) cycles. */
START_TEST(mispredict_nullifies_until_resolution)
{
  static const struct {
    const char *stage;
    uint64_t resolve, nullified;
  } cases[] = {{"4", 1, 1}, {"8", 2, 2}, {"12", 3, 3}, {"16", 4, 4}, {"20", 5, 4}};
  const uint32_t n = 16;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const char *opts[] = {"-ptxsim_branch_resolve_stage", cases[c].stage, NULL};
    bp none = loop_on("none", opts, n), btfn = loop_on("btfn", opts, n);
    ck_assert_msg(btfn.nullified == cases[c].nullified,
                  "resolve stage %s: %" PRIu64 " nullified, expected %" PRIu64,
                  cases[c].stage, btfn.nullified, cases[c].nullified);
    ck_assert_uint_eq(btfn.mispredicts, 1);
    ck_assert_msg(none.cycles - btfn.cycles == (cases[c].resolve + 1) * (n - 2),
                  "resolve stage %s: none %" PRIu64 ", btfn %" PRIu64 " cycles",
                  cases[c].stage, none.cycles, btfn.cycles);
  }
}
END_TEST

/* bp_diverge: its conditional branch splits the warp, so it is counted
 * divergent, neither right nor wrong, and costs nothing, whichever way a
 * predictor guesses (btfn: forward, not taken; the SIMT stack runs the
 * taken side first).  The unconditional branch closing the other side
 * goes to the reconvergence point, where the warp goes on after the pop:
 * fetch computed it.  Without prediction both redirect fetch: 2 cycles
 * each (3 cycles from the branch instead of 1). */
START_TEST(divergent_branch_no_penalty)
{
  static const char *const preds[] = {"none", "btfn", "gshare", "perfect"};
  bp r[4];
  for (int p = 0; p < 4; p++) {
    tm_fixture f;
    open_bpred(&f, preds[p], NULL);
    r[p] = run_kernel(&f, "bp_diverge", NULL, 0, 0);
    tm_fixture_close(&f);
  }
  for (int p = 1; p < 4; p++) {
    ck_assert_uint_eq(r[p].branches, 2);
    ck_assert_uint_eq(r[p].conditional, 1);
    ck_assert_uint_eq(r[p].lookups, 1);
    ck_assert_uint_eq(r[p].divergent, 1);
    ck_assert_uint_eq(r[p].backward, 0);
    ck_assert_uint_eq(r[p].correct + r[p].mispredicts + r[p].nullified, 0);
    ck_assert_uint_eq(r[p].cycles, r[3].cycles);
  }
  ck_assert_msg(r[0].cycles - r[1].cycles == 4, "none %" PRIu64 ", btfn %" PRIu64 " cycles",
                r[0].cycles, r[1].cycles);
}
END_TEST

/* gshare's state lives per launch (002b Part F.9, NW's many tiny
 * kernels).  bp_nested's inner back edge is instruction 7, the outer one
 * 10; 512 counters at 1, h 0 at each launch.
 * A tiny launch (outer 1, inner 16): the inner branch's i-th execution
 * reads c(7 ^ (2^(i-1) - 1)) for i <= 10 (c7, c6, c4, c0, c8, c24, c56,
 * c120, c248, c504): cold, not taken, wrong; then c504 (h 511), 2 then 3:
 * 5 right, and the exit wrong.  The outer branch (h 510: c500, 1) is
 * right not taken.  6 right, 11 wrong per launch, 8 launches.
 * One long launch (outer 8, inner 16): the first pass as above but the
 * outer branch wrong (taken; c500 2); the second inner pass starts from
 * h 509: its first 7 executions read new counters (c506, c508, c496,
 * c488, c472, c440, c376: wrong), then c248 and c504 (right) up to the
 * exit (wrong): 8 right, 8 wrong, the outer branch right (c500 2); passes
 * 3 to 8 find every counter trained: 15 right, the exit wrong, the outer
 * right except the last (c500 3, not taken).  103 + 6 right, 25 + 2
 * wrong: 109 of 136 (80 %) against 48 of 136 (35 %). */
START_TEST(gshare_warm_up)
{
  tm_fixture f;
  open_bpred(&f, "gshare", NULL);
  const uint32_t tiny[2] = {1, 16}, big[2] = {8, 16};
  uint64_t correct = 0, wrong = 0;
  for (int i = 0; i < 8; i++) {
    bp r = run_kernel(&f, "bp_nested", tiny, 2, 136);
    ck_assert_uint_eq(r.correct, 6);
    ck_assert_uint_eq(r.mispredicts, 11);
    correct += r.correct;
    wrong += r.mispredicts;
  }
  bp r = run_kernel(&f, "bp_nested", big, 2, 8 * 136);
  tm_fixture_close(&f);
  ck_assert_uint_eq(r.lookups, 8 * 17);
  ck_assert_uint_eq(r.correct, 109);
  ck_assert_uint_eq(r.mispredicts, 27);
  ck_assert_uint_eq(correct + wrong, r.correct + r.mispredicts);
  ck_assert(r.correct > correct);
}
END_TEST

static Suite *bpred_suite(void)
{
  Suite *s = suite_create("bpred");
  TCase *t = tcase_create("predictors");
  tcase_add_test(t, registry_has_every_predictor);
  tcase_add_test(t, btfn_direction_rule);
  tcase_add_test(t, perfect_is_never_wrong);
  tcase_add_test(t, gshare_counters_saturate_and_train);
  tcase_add_test(t, gshare_divergent_update_rule);
  tcase_add_test(t, gshare_table_size_and_history);
  suite_add_tcase(s, t);
  t = tcase_create("end to end");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, loop_btfn_perfect_none);
  tcase_add_test(t, mispredict_nullifies_until_resolution);
  tcase_add_test(t, divergent_branch_no_penalty);
  tcase_add_test(t, gshare_warm_up);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(bpred_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
