/* check_scalar.c -- intra-warp uniform vector instructions (002a §1.3-1.5,
 * §1.9; pipeline/operand_uniform.h, operand_token.c, operand_srf.c) end to
 * end through the public interface, on the kernels of
 * tests/pipeline/scalar.ptx.
 *
 * The expected counts are hand counts of the kernels' instructions, per
 * warp, as each comment says; none is read back from the simulator.  Every
 * run also sets -ptxsim_scalar_check 1, so that a wrong mark stops the
 * launch, and compares the kernel's output with the reference.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_operand.h"
#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

/* The scalar statistics of one launch. */
typedef struct counts {
  uint64_t cycles, thread_insns;
  uint64_t uniform, converted, diverged, cow, cow_paper, full, bcast, redundant;
  uint64_t lookups, hits, matches, mismatches, installs, evictions, reused, inter_ops;
  uint64_t alu_ops, protected_ops, live_cycles, protected_cycles;
  uint64_t injected, detected, corrected, silent, parity_errors;
  double alu_cov, vrf_cov;
  double pct, inter_pct, combined_pct;
  uint32_t out[256];
} counts;

/* Runs kernel k of scalar.ptx on one CTA of threads threads on config
 * under -ptxsim_scalar_mode mode (check on) and the options more (pairs,
 * NULL-terminated, or NULL); in[0] = in0, the u32 parameter n. */
static counts run_checked(const char *config, const char *mode, const char *const *more,
                          const char *k, uint32_t threads, uint32_t n, uint32_t in0,
                          const char *check)
{
  const char *const base[] = {"-ptxsim_scalar_mode", mode, "-ptxsim_scalar_check", check,
                              "-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1",
                              NULL};
  tm_fixture f;
  tm_fixture_open(&f, "tests/pipeline/scalar.ptx", config, base, more);
  counts c;
  memset(&c, 0, sizeof c);
  ptxsim_devptr out = tm_fixture_alloc(&f, threads * 4), in = tm_fixture_alloc(&f, 4);
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, in, &in0, 4), PTXSIM_OK);
  const void *args[2] = {&out, NULL};
  args[1] = strcmp(k, "bcast") == 0 ? (const void *)&in : (const void *)&n;
  c.cycles = tm_fixture_launch(&f, k, 1, threads, args, strcmp(k, "cow") == 0 ? 1 : 2);
  char *text = tm_fixture_stats_text(&f);
  c.thread_insns = tm_stats_u64(text, "gpu_sim_insn");
  c.uniform = tm_stats_u64(text, "ptxsim_scalar_uniform_insn");
  c.converted = tm_stats_u64(text, "ptxsim_scalar_converted_issues");
  c.diverged = tm_stats_u64(text, "ptxsim_scalar_uniform_diverged");
  c.cow = tm_stats_u64(text, "ptxsim_scalar_cow");
  c.cow_paper = tm_stats_u64(text, "ptxsim_scalar_cow_paper");
  c.full = tm_stats_u64(text, "ptxsim_srf_full_events");
  c.bcast = tm_stats_u64(text, "ptxsim_scalar_broadcast_loads");
  c.redundant = tm_stats_u64(text, "ptxsim_scalar_redundant_ops");
  c.pct = tm_stats_f64(text, "ptxsim_redundant_op_pct");
  c.lookups = tm_stats_u64(text, "ptxsim_irb_lookups");
  c.hits = tm_stats_u64(text, "ptxsim_irb_hits");
  c.matches = tm_stats_u64(text, "ptxsim_irb_value_matches");
  c.mismatches = tm_stats_u64(text, "ptxsim_irb_mismatches");
  c.installs = tm_stats_u64(text, "ptxsim_irb_installs");
  c.evictions = tm_stats_u64(text, "ptxsim_irb_evictions");
  c.reused = tm_stats_u64(text, "ptxsim_irb_reused_issues");
  c.inter_ops = tm_stats_u64(text, "ptxsim_irb_redundant_ops");
  c.inter_pct = tm_stats_f64(text, "ptxsim_redundant_inter_pct");
  c.alu_ops = tm_stats_u64(text, "ptxsim_scalar_rel_alu_ops");
  c.protected_ops = tm_stats_u64(text, "ptxsim_scalar_rel_protected_ops");
  c.live_cycles = tm_stats_u64(text, "ptxsim_scalar_rel_live_reg_cycles");
  c.protected_cycles = tm_stats_u64(text, "ptxsim_scalar_rel_protected_reg_cycles");
  c.injected = tm_stats_u64(text, "ptxsim_scalar_faults_injected");
  c.detected = tm_stats_u64(text, "ptxsim_scalar_faults_detected");
  c.corrected = tm_stats_u64(text, "ptxsim_scalar_faults_corrected");
  c.silent = tm_stats_u64(text, "ptxsim_scalar_faults_silent");
  c.parity_errors = tm_stats_u64(text, "ptxsim_irb_parity_errors");
  c.alu_cov = tm_stats_f64(text, "ptxsim_scalar_alu_coverage_pct");
  c.vrf_cov = tm_stats_f64(text, "ptxsim_scalar_vrf_coverage_pct");
  c.combined_pct = tm_stats_f64(text, "ptxsim_redundant_combined_pct");
  free(text);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, c.out, out, threads * 4), PTXSIM_OK);
  tm_fixture_close(&f);
  return c;
}

static counts run(const char *config, const char *mode, const char *const *more,
                  const char *k, uint32_t threads, uint32_t n, uint32_t in0)
{
  return run_checked(config, mode, more, k, threads, n, in0, "1");
}

static const char *const modes[] = {"none", "detect", "token", "srf"};

/* loop with n = 4 on 2 warps.  Per warp: ld.param x2 (broadcast), mov
 * r2, mov r3 (uniform: immediates), 4 iterations of add, add, setp
 * (uniform) and bra (never eligible), then mov %tid, mul, add, st, exit
 * (lane-dependent): uniform 2 + 3 * 4 = 14, broadcast 2; thread
 * instructions (4 + 4 * 4 + 5) * 32 = 800; redundant 31 per uniform one.
 * Results and cycles are the same in every mode: gtx480's ALU interval is
 * 1 already, so conversion changes only the energy counters. */
START_TEST(uniform_loop_counts)
{
  counts ref = run("gtx480", "none", NULL, "loop", 64, 4, 0);
  ck_assert_uint_eq(ref.uniform, 0);
  ck_assert_uint_eq(ref.bcast, 0);
  ck_assert_uint_eq(ref.thread_insns, 2 * 800);
  for (uint32_t t = 0; t < 64; t++)
    ck_assert_uint_eq(ref.out[t], 0 + 1 + 2 + 3);
  for (size_t m = 1; m < 4; m++) {
    counts c = run("gtx480", modes[m], NULL, "loop", 64, 4, 0);
    ck_assert_uint_eq(c.uniform, 2 * 14);
    ck_assert_uint_eq(c.converted, m == 1 ? 0 : 2 * 14);
    ck_assert_uint_eq(c.bcast, 2 * 2);
    ck_assert_uint_eq(c.diverged + c.cow + c.cow_paper + c.full, 0);
    ck_assert_uint_eq(c.redundant, 2 * 14 * 31);
    ck_assert_double_eq_tol(c.pct, 100.0 * 2 * 14 * 31 / (2 * 800), 1e-3);
    ck_assert_uint_eq(c.cycles, ref.cycles);
    ck_assert_mem_eq(c.out, ref.out, 64 * 4);
  }
}
END_TEST

/* bcast on 2 warps: ld.param x2 and ld.global [in] (one address for every
 * lane) take the broadcast path: 3 per warp; add r2 = r1 + 3 is uniform
 * (1 per warp); ld.global [out + 4 tid] is not a broadcast. */
START_TEST(broadcast_load)
{
  for (size_t m = 1; m < 4; m++) {
    counts c = run("gtx480", modes[m], NULL, "bcast", 64, 0, 40);
    ck_assert_uint_eq(c.bcast, 2 * 3);
    ck_assert_uint_eq(c.uniform, 2 * 1);
    for (uint32_t t = 0; t < 64; t++)
      ck_assert_uint_eq(c.out[t], 43);
  }
}
END_TEST

/* cow on 2 warps: mov r1, mov r2 uniform in both.  In warp 0, lanes 0-15
 * write r1 (which the add reads: the paper's rule) and r2 (a mov: only
 * the broader trigger): 2 copy-on-writes, 1 of the paper's.  In warp 1
 * the guard holds in no lane: nothing is written, r1 and r2 stay uniform
 * and add r5 = r1 + r2 is uniform too: 2 + 3 = 5.  No eligible
 * instruction with uniform sources ran under a partial mask (the guard
 * %p1 is not uniform). */
START_TEST(divergent_copy_on_write)
{
  for (size_t m = 1; m < 4; m++) {
    counts c = run("gtx480", modes[m], NULL, "cow", 64, 0, 0);
    ck_assert_uint_eq(c.uniform, 5);
    ck_assert_uint_eq(c.cow, 2);
    ck_assert_uint_eq(c.cow_paper, 1);
    ck_assert_uint_eq(c.diverged, 0);
    ck_assert_uint_eq(c.bcast, 2);
    for (uint32_t t = 0; t < 64; t++)
      ck_assert_uint_eq(c.out[t], t < 16 ? 7 + 9 : 5 + 7);
  }
}
END_TEST

/* loop on one warp with 2 SRF entries: the two ld.param take both
 * (broadcast); mov r2 and mov r3 are uniform but find the free list empty
 * (2 full events, not converted, left unmapped); everything after reads
 * r2 or r3, so nothing else is uniform. */
START_TEST(srf_full)
{
  static const char *const small[] = {"-ptxsim_srf_entries", "2", NULL};
  counts c = run("gtx480", "srf", small, "loop", 32, 4, 0);
  ck_assert_uint_eq(c.bcast, 2);
  ck_assert_uint_eq(c.uniform, 2);
  ck_assert_uint_eq(c.full, 2);
  ck_assert_uint_eq(c.converted, 0);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(c.out[t], 6);
  /* 3 entries: mov r2 takes the last one, mov r3 finds none.  In the
   * loop add r3 reads r3 (unmapped): regular; add r2 is uniform and
   * rewrites r2's entry in place (converted); setp (r2, r1) is uniform but
   * %p1 needs an entry (full).  Uniform 2 + 2 * 4 = 10; full 1 + 4 = 5;
   * converted 1 + 4 = 5. */
  static const char *const three[] = {"-ptxsim_srf_entries", "3", NULL};
  c = run("gtx480", "srf", three, "loop", 32, 4, 0);
  ck_assert_uint_eq(c.uniform, 10);
  ck_assert_uint_eq(c.full, 5);
  ck_assert_uint_eq(c.converted, 5);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(c.out[t], 6);
}
END_TEST

/* sfu on gtx280_ilp, 8 warps, n = 16: 4 uniform ex2 per iteration, 512 in
 * all.  The SFU's initiation interval is 8 (-ptx_opcode_initiation_sfu),
 * so on the vector register file the SM's one SFU is busy 8 * 512 = 4096
 * cycles at least; converted, each takes it for 1 cycle, and the warps'
 * own latency chains (8 cycles per ex2 with one instruction in flight)
 * bound the launch: 16 * 4 * 8 = 512 cycles per warp, far below 4096. */
START_TEST(token_issue_rate_on_sfu)
{
  counts ref = run("gtx280_ilp", "none", NULL, "sfu", 256, 16, 0);
  ck_assert_uint_ge(ref.cycles, 8 * 512);
  for (size_t m = 2; m < 4; m++) {
    counts c = run("gtx280_ilp", modes[m], NULL, "sfu", 256, 16, 0);
    /* Per warp: mov r2, mov f1, then per iteration 4 ex2, add, setp:
     * 2 + 6 * 16 = 98; after the loop the three add.f32 = 101. */
    ck_assert_uint_eq(c.uniform, 8 * 101);
    ck_assert_uint_eq(c.converted, 8 * 101);
    ck_assert_uint_lt(c.cycles, 8 * 512 / 2);
    ck_assert_uint_ge(c.cycles, 16 * 4 * 8);
    ck_assert_mem_eq(c.out, ref.out, 256 * 4);
  }
}
END_TEST

/* -ptxsim_scalar_check 2 marks every full-mask write uniform: mov r4,
 * %tid.x (scalar.ptx line 57) differs between lanes, and the check stops
 * the launch naming the file and line, the kernel, the block and warp. */
START_TEST(check_catches_a_wrong_mark)
{
  const char *const opts[] = {"-ptxsim_scalar_mode", "token", "-ptxsim_scalar_check", "2",
                              NULL};
  tm_fixture f;
  tm_fixture_open(&f, "tests/pipeline/scalar.ptx", "gtx480", NULL, opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 256);
  const void *args[] = {&out};
  int rc = ptxsim_launch(f.device, "cow", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1}, 0,
                         args, 1);
  ck_assert_int_ne(rc, PTXSIM_OK);
  const char *msg = ptxsim_device_error(f.device);
  ck_assert_msg(strstr(msg, "scalar.ptx:57:") != NULL, "%s", msg);
  ck_assert_msg(strstr(msg, "kernel cow, block (0,0,0), warp 0") != NULL, "%s", msg);
  ck_assert_msg(strstr(msg, "uniform") != NULL, "%s", msg);
  tm_fixture_close(&f);
}
END_TEST

/* loop with n = 4 on one warp: the reuse buffer sees the uniform
 * instructions in program order whatever the timing: mov r2 (A), mov r3
 * (B), then per iteration add r3 (C), add r2 (D), setp (E), whose sources
 * change every iteration.  8 entries: A..E installed (5), the other 3
 * iterations hit C, D, E with other values: 9 mismatches, no reuse.
 * 3 entries: D evicts A, E evicts B, then C, D, E hit as before: 5
 * installs, 2 evictions, 9 hits.  2 entries: each lookup's entry was
 * evicted 2 lookups before: 14 installs, 12 evictions, no hit.  The same
 * under combined: with no value match, the timing cannot reorder one
 * warp's lookups. */
START_TEST(irb_sequences_one_warp)
{
  static const struct {
    const char *entries;
    uint64_t installs, evictions, hits;
  } cases[] = {{"8", 5, 0, 9}, {"3", 5, 2, 9}, {"2", 14, 12, 0}};
  static const char *const redundancy[] = {"intra", "combined"};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(cases); i++)
    for (size_t r = 0; r < 2; r++) {
      const char *const more[] = {"-ptxsim_irb_entries", cases[i].entries,
                                  "-ptxsim_redundancy", redundancy[r], NULL};
      counts c = run("gtx480", "token", more, "loop", 32, 4, 0);
      ck_assert_uint_eq(c.lookups, 14);
      ck_assert_uint_eq(c.installs, cases[i].installs);
      ck_assert_uint_eq(c.evictions, cases[i].evictions);
      ck_assert_uint_eq(c.hits, cases[i].hits);
      ck_assert_uint_eq(c.mismatches, cases[i].hits);
      ck_assert_uint_eq(c.matches + c.reused + c.inter_ops, 0);
      /* combined converts every miss: all 14 uniform instructions */
      ck_assert_uint_eq(c.converted, 14);
      for (uint32_t t = 0; t < 32; t++)
        ck_assert_uint_eq(c.out[t], 6);
    }
}
END_TEST

/* cow on 2 warps: mov r1, 5 and mov r2, 7 are uniform in both warps with
 * the same source values: whichever warp comes first installs them, the
 * other reuses them (2 value matches); add r5 is uniform in warp 1 only
 * (a miss).  Lookups 5, installs 3.  Inter-warp redundancy (002a §1.9):
 * 32 per match; combined: intra's 5 * 31 plus 1 per match.  Under inter
 * no miss is converted and the 2 matches skip execution; under combined
 * the 3 misses are converted too. */
START_TEST(irb_reuse_across_warps)
{
  static const char *const redundancy[] = {"intra", "inter", "combined"};
  for (size_t m = 2; m < 4; m++)
    for (size_t r = 0; r < 6; r++) {
      /* The last three without -ptxsim_scalar_check: the buffer must not
       * depend on the debug check's values. */
      const char *const more[] = {"-ptxsim_redundancy", redundancy[r % 3], NULL};
      counts c = run_checked("gtx480", modes[m], more, "cow", 64, 0, 0, r < 3 ? "1" : "0");
      ck_assert_uint_eq(c.lookups, 5);
      ck_assert_uint_eq(c.installs, 3);
      ck_assert_uint_eq(c.matches, 2);
      ck_assert_uint_eq(c.hits, 2);
      ck_assert_uint_eq(c.inter_ops, 2 * 32);
      ck_assert_uint_eq(c.reused, r % 3 == 0 ? 0 : 2);
      ck_assert_uint_eq(c.converted, r % 3 == 0 ? 5 : r % 3 == 1 ? 0 : 3);
      ck_assert_double_eq_tol(c.inter_pct, 100.0 * 64 / c.thread_insns, 1e-3);
      ck_assert_double_eq_tol(c.combined_pct, 100.0 * (5 * 31 + 2) / c.thread_insns, 1e-3);
      for (uint32_t t = 0; t < 64; t++)
        ck_assert_uint_eq(c.out[t], t < 16 ? 7 + 9 : 5 + 7);
    }
}
END_TEST

/* sfu on gtx280_ilp, 8 warps computing the same ex2 chain: under inter,
 * every value match skips the SFU (its initiation interval of 8 is the
 * bottleneck, token_issue_rate_on_sfu), nothing is converted, and the
 * launch is faster than the vector baseline; the results are the same. */
START_TEST(irb_inter_skips_the_sfu)
{
  counts ref = run("gtx280_ilp", "none", NULL, "sfu", 256, 16, 0);
  const char *const more[] = {"-ptxsim_redundancy", "inter", NULL};
  counts c = run("gtx280_ilp", "token", more, "sfu", 256, 16, 0);
  ck_assert_uint_eq(c.converted, 0);
  ck_assert_uint_gt(c.reused, 0);
  ck_assert_uint_eq(c.reused, c.matches);
  ck_assert_uint_lt(c.cycles, ref.cycles);
  ck_assert_mem_eq(c.out, ref.out, 256 * 4);
}
END_TEST

/* cow on 2 warps with reliability (002a §1.7), token and srf.  ALU thread
 * operations: per warp mov r1, mov r2, mov r4, setp, add r5, mul.wide,
 * add.u64 on 32 lanes, and in warp 0 the two guarded ones on 16 lanes
 * (in warp 1 they run on no lane): 7 * 32 * 2 + 2 * 16 = 480.  Protected:
 * the 5 uniform instructions' 32 lanes each, whether dual-computed
 * (intra: all 5 converted) or, combined, 3 converted and 2 reused from
 * entries with good parity: 160, 33.3 %.  Live registers hold duplicated
 * values part of the time: 0 < VRF coverage < 100 %.  Without faults
 * nothing is detected. */
START_TEST(reliability_coverage)
{
  static const char *const redundancy[] = {"intra", "combined"};
  for (size_t m = 2; m < 4; m++)
    for (size_t r = 0; r < 2; r++) {
      const char *const more[] = {"-ptxsim_scalar_reliability", "1", "-ptxsim_redundancy",
                                  redundancy[r], NULL};
      counts c = run("gtx480", modes[m], more, "cow", 64, 0, 0);
      ck_assert_uint_eq(c.alu_ops, 480);
      ck_assert_uint_eq(c.protected_ops, 160);
      ck_assert_double_eq_tol(c.alu_cov, 100.0 * 160 / 480, 1e-3);
      ck_assert_uint_gt(c.protected_cycles, 0);
      ck_assert_uint_lt(c.protected_cycles, c.live_cycles);
      ck_assert_double_eq_tol(c.vrf_cov, 100.0 * c.protected_cycles / c.live_cycles, 1e-3);
      ck_assert_uint_eq(c.injected + c.detected + c.silent + c.parity_errors, 0);
      ck_assert_uint_eq(c.reused, r ? 2 : 0);
      for (uint32_t t = 0; t < 64; t++)
        ck_assert_uint_eq(c.out[t], t < 16 ? 7 + 9 : 5 + 7);
    }
  /* Off: nothing is counted. */
  counts c = run("gtx480", "token", NULL, "cow", 64, 0, 0);
  ck_assert_uint_eq(c.alu_ops + c.protected_ops + c.live_cycles, 0);
}
END_TEST

/* cow on 2 warps, combined, an upset in every computation and entry write
 * (-ptxsim_scalar_fault_ppm 1000000).  Reliability on: the 3 installed
 * entries are upset, so the 2 value matches fail parity (2 parity
 * errors), run, and rewrite their entries (2 more upsets); all 5 uniform
 * instructions are then converted and dual-computed, each upset and
 * corrected: injected 3 + 2 + 5 = 10, detected = corrected = 5 + 2, none
 * silent, none reused.  Off: the 3 converted misses' single results are
 * upset (3 silent), the 2 matches reuse upset entries (2 silent): injected
 * 3 + 3, silent 5.  The results stay right either way (only the model's
 * copies are upset), and the check does not mistake an upset entry for a
 * modelling error. */
START_TEST(reliability_fault_injection)
{
  for (size_t m = 2; m < 4; m++) {
    const char *const on[] = {"-ptxsim_scalar_reliability", "1", "-ptxsim_redundancy",
                              "combined", "-ptxsim_scalar_fault_ppm", "1000000", NULL};
    counts c = run("gtx480", modes[m], on, "cow", 64, 0, 0);
    ck_assert_uint_eq(c.parity_errors, 2);
    ck_assert_uint_eq(c.reused, 0);
    ck_assert_uint_eq(c.converted, 5);
    ck_assert_uint_eq(c.injected, 10);
    ck_assert_uint_eq(c.detected, 7);
    ck_assert_uint_eq(c.corrected, 7);
    ck_assert_uint_eq(c.silent, 0);
    for (uint32_t t = 0; t < 64; t++)
      ck_assert_uint_eq(c.out[t], t < 16 ? 7 + 9 : 5 + 7);
    const char *const off[] = {"-ptxsim_redundancy", "combined", "-ptxsim_scalar_fault_ppm",
                               "1000000", NULL};
    c = run("gtx480", modes[m], off, "cow", 64, 0, 0);
    ck_assert_uint_eq(c.reused, 2);
    ck_assert_uint_eq(c.converted, 3);
    ck_assert_uint_eq(c.injected, 6);
    ck_assert_uint_eq(c.silent, 5);
    ck_assert_uint_eq(c.detected + c.corrected + c.parity_errors, 0);
    for (uint32_t t = 0; t < 64; t++)
      ck_assert_uint_eq(c.out[t], t < 16 ? 7 + 9 : 5 + 7);
  }
}
END_TEST

/* The registry: vector has no hook (costs nothing); the scalar units are
 * found by -ptxsim_scalar_mode's names. */
START_TEST(units_by_name)
{
  char err[256];
  ck_assert_ptr_eq(sm_operand_find("token", err, sizeof err), &sm_operand_token_ops);
  ck_assert_ptr_eq(sm_operand_find("srf", err, sizeof err), &sm_operand_srf_ops);
  ck_assert_ptr_eq(sm_operand_find("detect", err, sizeof err), &sm_operand_detect_ops);
  ck_assert_ptr_null(sm_operand_find("vector", err, sizeof err)->at_issue);
}
END_TEST

static Suite *scalar_suite(void)
{
  Suite *s = suite_create("scalar");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, units_by_name);
  tcase_add_test(t, uniform_loop_counts);
  tcase_add_test(t, broadcast_load);
  tcase_add_test(t, divergent_copy_on_write);
  tcase_add_test(t, srf_full);
  tcase_add_test(t, token_issue_rate_on_sfu);
  tcase_add_test(t, check_catches_a_wrong_mark);
  tcase_add_test(t, irb_sequences_one_warp);
  tcase_add_test(t, irb_reuse_across_warps);
  tcase_add_test(t, irb_inter_skips_the_sfu);
  tcase_add_test(t, reliability_coverage);
  tcase_add_test(t, reliability_fault_injection);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(scalar_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
