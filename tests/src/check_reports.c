/* check_reports.c -- the run-time divergence and liveness reports and the
 * mask trace (src/report_*.c), through the public interface only: the
 * kernels of tests/reports/known.ptx run with reports on, the JSON report
 * is parsed (tests/reports/json_mini.h) and its numbers are compared with
 * counts derived by hand from each kernel's construction (the derivations
 * are next to each test).  Times are in warp instructions: the warps of a
 * CTA issue round-robin, one instruction each per round.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/reports/json_mini.h"

typedef struct fixture {
  ptxsim_module *mod;
  ptxsim_device *dev;
  ptxsim_devptr out;
} fixture;

static const char *known_path(void)
{
  static char path[4096];
  const char *src = getenv("srcdir");
  snprintf(path, sizeof path, "%s/tests/reports/known.ptx", src && *src ? src : ".");
  return path;
}

/* The PTX line of the first instruction after label (a label line
 * "NAME:" in known.ptx), found in the text itself. */
static unsigned line_after_label(const char *kernel, const char *label)
{
  FILE *f = fopen(known_path(), "r");
  ck_assert_ptr_nonnull(f);
  char buf[512], want[64];
  snprintf(want, sizeof want, "%s:\n", label);
  unsigned line = 0, found = 0;
  bool in_kernel = false;
  while (fgets(buf, sizeof buf, f)) {
    line++;
    if (strstr(buf, ".entry ") && strstr(buf, kernel))
      in_kernel = strstr(buf, kernel)[strlen(kernel)] == '(';
    if (in_kernel && strcmp(buf, want) == 0) {
      found = line + 1;
      break;
    }
  }
  fclose(f);
  ck_assert_msg(found, "no label %s in %s", label, kernel);
  return found;
}

static void open_fixture(fixture *fx, unsigned flags)
{
  char *msgs = NULL;
  int rc = ptxsim_module_load_file(known_path(), &fx->mod, &msgs);
  ck_assert_msg(rc == PTXSIM_OK, "%s", msgs ? msgs : "load failed");
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_create(&fx->dev), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(fx->dev, fx->mod), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_malloc(fx->dev, 4096, &fx->out), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_memset(fx->dev, fx->out, 0, 4096), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_reports(fx->dev, flags), PTXSIM_OK);
}

static void close_fixture(fixture *fx)
{
  ptxsim_device_destroy(fx->dev);
  ptxsim_module_free(fx->mod);
}

static void launch(fixture *fx, const char *kernel, unsigned grid, unsigned block,
                   const void *const *args, size_t n_args)
{
  ptxsim_dim3 g = {grid, 1, 1}, b = {block, 1, 1};
  int rc = ptxsim_launch(fx->dev, kernel, g, b, 0, args, n_args);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s", kernel, ptxsim_device_error(fx->dev));
}

static void launch_out(fixture *fx, const char *kernel, unsigned grid, unsigned block)
{
  const void *args[] = {&fx->out};
  launch(fx, kernel, grid, block, args, 1);
}

/* The device's JSON report, parsed (the caller frees it). */
static jv *report_json(fixture *fx)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(ptxsim_report_write(fx->dev, f, 1), PTXSIM_OK);
  fclose(f);
  char err[256];
  jv *root = jv_parse(text, err, sizeof err);
  ck_assert_msg(root != NULL, "bad JSON (%s):\n%s", err, text);
  free(text);
  return root;
}

static const jv *kernel_report(const jv *root, const char *kernel)
{
  const jv *list = jv_get(root, "reports");
  for (size_t i = 0; i < jv_len(list); i++) {
    const jv *k = jv_at(list, i);
    const jv *name = jv_get(k, "kernel");
    if (name && name->kind == JV_STR && strcmp(name->str, kernel) == 0)
      return k;
  }
  ck_abort_msg("no report for kernel %s", kernel);
  return NULL;
}

/* The only conditional branch of a kernel's divergence report. */
static const jv *only_branch(const jv *k)
{
  const jv *branches = jv_get(jv_get(k, "divergence"), "branches");
  ck_assert_uint_eq(jv_len(branches), 1);
  return jv_at(branches, 0);
}

static void expect_num(const jv *v, const char *key, double want)
{
  double got = jv_getnum(v, key);
  ck_assert_msg(fabs(got - want) <= 1e-6 * (fabs(want) > 1 ? fabs(want) : 1),
                "%s: expected %.9g, got %.9g", key, want, got);
}

static void expect_bool(const jv *v, const char *key, bool want)
{
  const jv *b = jv_get(v, key);
  ck_assert_msg(b && b->kind == JV_BOOL && b->b == want, "%s: expected %s", key,
                want ? "true" : "false");
}

/* Histogram bins as numbers: bins not given in want are expected 0. */
static void expect_hist(const jv *hist, size_t n_bins, const double *want)
{
  ck_assert_uint_eq(jv_len(hist), n_bins);
  for (size_t i = 0; i < n_bins; i++)
    ck_assert_msg(jv_num(jv_at(hist, i)) == want[i], "bin %zu: expected %g, got %g", i, want[i],
                  jv_num(jv_at(hist, i)));
}

static void download(fixture *fx, uint32_t *dst, size_t n)
{
  ck_assert_int_eq(ptxsim_memcpy_dtoh(fx->dev, dst, fx->out, n * 4), PTXSIM_OK);
}

/* ---- per-branch counts ----------------------------------------------- */

/* k_odd, 2 CTAs of 64 threads: 4 full warps, each splitting once at
 * `@%p1 bra EVEN` (p1: even lane) into 16 taken and 16 not taken lanes.
 * After the split the stack holds the waiting entry at DONE, the
 * not-taken lanes and the taken lanes: depth 3.  Per warp: mov, and,
 * setp (32 lanes), bra (exec: the 16 even lanes), mov (even, depth 3),
 * mov + bra.uni (odd, depth 2), then 5 instructions at DONE with 32 lanes:
 * 12 instructions, W32 8, W16 4; depth at issue 1 for 9, 2 for 2, 3 for 1.
 * Two warps of 12 instructions each, issued alternately, finish at 23 and
 * 24: skew 1, RTRU (24 - 23) / (2 * 24) = 1/48. */
START_TEST(odd_lanes_diverge_once_per_warp)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_DIVERGENCE);
  launch_out(&fx, "k_odd", 2, 64);
  uint32_t got[64]; /* both CTAs write out[%tid.x] */
  download(&fx, got, 64);
  for (unsigned i = 0; i < 64; i++)
    ck_assert_uint_eq(got[i], (i % 2 ? 1u : 2u));
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_odd");
  const jv *b = only_branch(k);
  expect_num(b, "executions", 4);
  expect_num(b, "divergent", 4);
  expect_num(b, "divergent_pct", 100);
  expect_num(b, "taken_threads", 64);
  expect_num(b, "not_taken_threads", 64);
  expect_num(b, "avg_active_lanes", 32);
  expect_num(b, "max_depth", 3);
  expect_num(b, "reconv_checks", 4);
  expect_num(b, "reconv_violations", 0);
  expect_num(b, "reconv_line", line_after_label("k_odd", "DONE"));
  expect_num(b, "line", line_after_label("k_odd", "EVEN") - 4);
  expect_bool(b, "can_diverge", true);
  ck_assert_int_eq(jv_get(b, "source_line")->kind, JV_NULL); /* no .loc */
  const jv *d = jv_get(k, "divergence");
  expect_num(d, "warp_instructions", 4 * 12);
  /* Active lanes (before the guard): the branch issues with 32. */
  expect_num(d, "thread_instructions", 4 * (9 * 32 + 3 * 16));
  expect_num(d, "simd_efficiency", (9.0 * 32 + 3 * 16) / (12 * 32));
  double lanes[33] = {0};
  lanes[32] = 4 * 8, lanes[16] = 4 * 4;
  expect_hist(jv_get(d, "lanes_histogram"), 33, lanes);
  double depth[4] = {0, 4 * 9, 4 * 2, 4 * 1};
  expect_hist(jv_get(d, "depth_histogram"), 4, depth);
  const jv *w = jv_get(d, "warps");
  expect_num(w, "ctas", 2);
  expect_num(w, "skew_min", 1);
  expect_num(w, "skew_max", 1);
  expect_num(w, "rtru_mean", 1.0 / 48);
  expect_num(w, "rtru_geomean", 1.0 / 48);
  const jv *c0 = jv_at(jv_get(w, "cta_list"), 0);
  expect_hist(jv_get(c0, "finish"), 2, (const double[]){23, 24});
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* k_half, one CTA of 48 threads: warp 0 (32 lanes) splits at
 * `@!%p1 bra SKIP` (taken: lanes 16..31, which go straight to SKIP, the
 * reconvergence point, and wait; depth 2 with lanes 0..15 running); warp 1
 * (16 lanes, all < 16) takes it nowhere: the branch issues with exec 0
 * (the W0 bin) and does not diverge.  Warp 0: 4 + bra (W16) + add (W16) +
 * 5 = 11 instructions, 9 at W32; warp 1: the same 11 at 16 lanes but the
 * branch at W0. */
START_TEST(half_warp_and_a_warp_with_exec_zero)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_DIVERGENCE);
  launch_out(&fx, "k_half", 1, 48);
  uint32_t got[48];
  download(&fx, got, 48);
  for (unsigned i = 0; i < 48; i++)
    ck_assert_uint_eq(got[i], (i % 32 < 16 ? i % 32 + 100 : i % 32));
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_half");
  const jv *b = only_branch(k);
  expect_num(b, "executions", 2);
  expect_num(b, "divergent", 1);
  expect_num(b, "divergent_pct", 50);
  expect_num(b, "taken_threads", 16);
  expect_num(b, "not_taken_threads", 16 + 16);
  expect_num(b, "avg_active_lanes", (32 + 16) / 2.0);
  expect_num(b, "max_depth", 2);
  expect_num(b, "reconv_checks", 1);
  expect_num(b, "reconv_violations", 0);
  expect_num(b, "reconv_line", line_after_label("k_half", "SKIP"));
  const jv *d = jv_get(k, "divergence");
  double lanes[33] = {0};
  lanes[0] = 1, lanes[16] = 2 + 10, lanes[32] = 9;
  expect_hist(jv_get(d, "lanes_histogram"), 33, lanes);
  /* Active lanes: warp 0 has 16 at the add, 32 elsewhere; warp 1 16. */
  expect_num(d, "thread_instructions", (10 * 32 + 16) + 11 * 16);
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* k_ctaid, 3 CTAs of 64 threads: the branch depends on %ctaid only, so
 * the analysis calls it uniform and no warp diverges; the 2 warps of CTA 1
 * take it (64 threads), the 4 others do not (128 threads). */
START_TEST(branch_on_ctaid_never_diverges)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_DIVERGENCE);
  launch_out(&fx, "k_ctaid", 3, 64);
  uint32_t got[192];
  download(&fx, got, 192);
  for (unsigned i = 0; i < 192; i++)
    ck_assert_uint_eq(got[i], ((i / 64) % 2 ? 7u : 8u));
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_ctaid");
  const jv *b = only_branch(k);
  expect_bool(b, "can_diverge", false);
  expect_num(b, "executions", 6);
  expect_num(b, "divergent", 0);
  expect_num(b, "taken_threads", 64);
  expect_num(b, "not_taken_threads", 128);
  expect_num(b, "max_depth", 1);
  expect_num(jv_get(k, "divergence"), "uniform_divergent", 0);
  expect_num(jv_get(k, "divergence"), "max_depth", 1);
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* k_loop, one warp: lane l loops l times.  Loop test k (k = 0..31) issues
 * with lanes k..31 active (32 - k) and exits lane k: tests 0..30 split
 * (31 divergent), test 31 sends the last lane out with everyone gone
 * (not a split).  Taken threads 32 (each lane once), not taken
 * sum(31 - k) = 496, average active sum(32 - k) / 32 = 16.5.  Every split
 * reconverges at DONE, where the waiting entry sits below the looping
 * lanes: depth 2 at most, and one check (the splits share the point).
 * Instructions: 2 (W32) + setp at 32 - k lanes + bra at W1 for each k +
 * add, bra.uni at 31 - k lanes for k = 0..30 + 6 (W32) = 134: W32 9, W1
 * 1 + 2 + 32 = 35, W2..W31 3 each.  Depth at issue 1: the 2 before, test 0
 * (setp, bra) and the 6 after; 2 for the other 124.  Active lanes summed:
 * 64 + 528 + 528 + 2 * 496 + 192 = 2304.
 * Liveness: the loop's preemption point is its header (setp: every loop
 * instruction has the same 2 live slots, %r1 and %r2, and the earliest
 * wins), reached 32 times; its union set is the same 2 slots (the branch's
 * live-out and DONE's live-in add nothing). */
START_TEST(loop_with_lane_trip_count)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS);
  launch_out(&fx, "k_loop", 1, 32);
  uint32_t got[32];
  download(&fx, got, 32);
  for (unsigned i = 0; i < 32; i++)
    ck_assert_uint_eq(got[i], i);
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_loop");
  const jv *b = only_branch(k);
  expect_num(b, "executions", 32);
  expect_num(b, "divergent", 31);
  expect_num(b, "taken_threads", 32);
  expect_num(b, "not_taken_threads", 496);
  expect_num(b, "avg_active_lanes", 16.5);
  expect_num(b, "max_depth", 2);
  expect_num(b, "reconv_checks", 1);
  expect_num(b, "reconv_violations", 0);
  expect_num(b, "reconv_line", line_after_label("k_loop", "DONE"));
  const jv *d = jv_get(k, "divergence");
  expect_num(d, "warp_instructions", 134);
  expect_num(d, "thread_instructions", 2304);
  double lanes[33] = {0};
  for (int i = 2; i <= 31; i++)
    lanes[i] = 3;
  lanes[1] = 35, lanes[32] = 9;
  expect_hist(jv_get(d, "lanes_histogram"), 33, lanes);
  expect_hist(jv_get(d, "depth_histogram"), 3, (const double[]){0, 10, 124});
  const jv *w = jv_get(d, "warps");
  expect_num(w, "ctas", 1);
  expect_num(w, "rtru_zero_ctas", 1); /* one warp: nothing idles */
  ck_assert_int_eq(jv_get(w, "rtru_geomean")->kind, JV_NULL);
  const jv *live = jv_get(k, "liveness");
  expect_num(live, "preemption_points", 1);
  expect_num(live, "hits", 32);
  expect_num(live, "avg_live_slots", 2);
  expect_num(live, "avg_union_slots", 2);
  expect_num(live, "avg_live_fraction", 2.0 / jv_getnum(live, "registers"));
  const jv *pp = jv_at(jv_get(live, "points"), 0);
  expect_num(pp, "line", line_after_label("k_loop", "LOOP"));
  expect_num(pp, "loop_line", line_after_label("k_loop", "LOOP"));
  expect_num(pp, "live_slots", 2);
  expect_num(pp, "hits", 32);
  expect_bool(pp, "is_barrier", false);
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* k_work with n = 10: warp 0 of CTA c runs m0 = 11 + 9n(c+1)
 * instructions, warp 1 m1 = 11 + 3n(c+1).  Issued alternately, warp 1
 * finishes at T1 = 2 m1 and warp 0 at T0 = m0 + m1, so
 * RTRU = (T0 - T1) / (2 T0) and the skew is T0 - T1 = m0 - m1.
 *   launch 1, 2 CTAs of 64: c = 0: m0 101, m1 41: T 142, 82, RTRU 60/284;
 *                           c = 1: m0 191, m1 71: T 262, 142, RTRU 120/524;
 *   launch 2, 1 CTA of 32:  one warp, T 101, RTRU 0, skew 0.
 * Geometric mean over the 2 CTAs with RTRU > 0; arithmetic over all 3.
 * The loop branch depends on %tid (can diverge) but never does: its
 * executions are the iterations, 30 + 10 + 60 + 20 + 30. */
START_TEST(rtru_of_unequal_warps)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_DIVERGENCE);
  uint32_t n = 10;
  const void *args[] = {&n};
  launch(&fx, "k_work", 2, 64, args, 1);
  launch(&fx, "k_work", 1, 32, args, 1);
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_work");
  expect_num(k, "launches", 2);
  const jv *b = only_branch(k);
  expect_bool(b, "can_diverge", true);
  expect_num(b, "executions", 150);
  expect_num(b, "divergent", 0);
  const jv *w = jv_get(jv_get(k, "divergence"), "warps");
  double r0 = 60.0 / 284, r1 = 120.0 / 524;
  expect_num(w, "ctas", 3);
  expect_num(w, "rtru_zero_ctas", 1);
  expect_num(w, "rtru_geomean_ctas", 2);
  expect_num(w, "rtru_geomean", sqrt(r0 * r1));
  expect_num(w, "rtru_mean", (r0 + r1) / 3);
  expect_num(w, "skew_min", 0);
  expect_num(w, "skew_max", 120);
  expect_num(w, "skew_mean", 60);
  const jv *list = jv_get(w, "cta_list");
  ck_assert_uint_eq(jv_len(list), 3);
  expect_hist(jv_get(jv_at(list, 0), "finish"), 2, (const double[]){142, 82});
  expect_hist(jv_get(jv_at(list, 1), "finish"), 2, (const double[]){262, 142});
  expect_hist(jv_get(jv_at(list, 2), "finish"), 1, (const double[]){101});
  expect_num(jv_at(list, 0), "rtru", r0);
  expect_num(jv_at(list, 1), "rtru", r1);
  expect_num(jv_at(list, 1), "skew", 120);
  expect_num(jv_at(list, 2), "launch", 1);
  expect_hist(jv_get(jv_at(list, 1), "cta"), 3, (const double[]){1, 0, 0});
  /* Reset forgets everything. */
  ptxsim_report_reset(fx.dev);
  jv_free(root);
  root = report_json(&fx);
  ck_assert_uint_eq(jv_len(jv_get(root, "reports")), 0);
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* ---- report C: the context at the points (004 §6) ----------------------- */

/* k_ctx: one point, its barrier, 7 live slots (known.ptx says what each
 * holds).  Per full warp, PAG 16 | width 32, bytes by ctx_compress.h:
 *   %r1 tid        strided 2 groups x 8 = 16 | strided 8
 *   %r2 tid>>4     uniform 2 x 4 = 8         | random 128 (two values)
 *   %r3 tid*tid    random 128                | random 128
 *   %r4 7          uniform 8                 | uniform 4
 *   %r5 100-3tid   strided 16                | strided 8
 *   %rd1 lo 8tid   strided 16                | strided 8
 *   %rd1 hi 0      uniform 8                 | uniform 4
 * = 200 | 288 B, patterns 3 uniform, 3 strided, 1 random | 2, 3, 2.  Each
 * warp reaches the point once; the pattern vector is 2 bits per allocated
 * register, ceil(2 regs / 8) B per warp.
 * TB level (one TB sample, when the last warp has executed the barrier):
 * %r1, %r5, %rd1 lo are one progression over the TB (global strided, 8 B
 * each), %r4 and %rd1 hi one value (global uniform, 4 B each), %r2
 * uniform per 16 threads with bases 0 1 2 3 (local uniform: the warps'
 * 8 B each), %r3 random (4 B per thread); metadata: the pattern vectors
 * and one global bit per register, ceil(regs / 8) B. */
static void expect_ctx_common(const jv *c, double regs, double warps)
{
  expect_num(c, "ptxsim_pp_hits", warps);
  expect_num(c, "ptxsim_pp_diverged_hits", 0);
  expect_num(c, "ptxsim_pp_avg_live_regs", 7);
  expect_num(c, "ptxsim_pp_live_fraction", 7 / regs);
  expect_num(c, "ptxsim_ctx_uniform_frac", 3.0 / 7);
  expect_num(c, "ptxsim_ctx_strided_frac", 3.0 / 7);
  expect_num(c, "ptxsim_ctx_random_frac", 1.0 / 7);
  expect_num(c, "ptxsim_ctx_bytes_occupied", warps * regs * 128);
  expect_num(c, "ptxsim_ctx_bytes_live", warps * 7 * 128);
  expect_num(c, "ptxsim_pp_tb_hits", 1);
  expect_num(c, "ptxsim_ctx_tb_global_uniform_frac", 2.0 / 7);
  expect_num(c, "ptxsim_ctx_tb_local_uniform_frac", 1.0 / 7);
  expect_num(c, "ptxsim_ctx_tb_global_strided_frac", 3.0 / 7);
  expect_num(c, "ptxsim_ctx_tb_local_strided_frac", 0);
  expect_num(c, "ptxsim_ctx_tb_random_frac", 1.0 / 7);
  expect_num(c, "ptxsim_ctx_tb_bytes_live", warps * 7 * 128);
}

START_TEST(context_patterns_known_by_construction)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_LIVENESS);
  launch_out(&fx, "k_ctx", 1, 64);
  uint32_t got[128];
  download(&fx, got, 128);
  for (uint32_t t = 0; t < 64; t++) /* out at 8-byte steps */
    ck_assert_uint_eq(got[2 * t], t + (t >> 4) + t * t + 7 + (100 - 3 * t));
  jv *root = report_json(&fx);
  const jv *live = jv_get(kernel_report(root, "k_ctx"), "liveness");
  const jv *c = jv_get(live, "context");
  ck_assert_ptr_nonnull(c);
  double regs = jv_getnum(live, "registers"), meta = floor((2 * regs + 7) / 8);
  expect_num(c, "ptxsim_pp_alloc_regs", regs);
  expect_num(c, "ptxsim_pp_pag", 16);
  expect_num(c, "ptxsim_pp_interval", 1000);
  expect_ctx_common(c, regs, 2);
  expect_num(live, "hits", 2); /* the bar.pp issued twice: one per warp */
  expect_num(c, "ptxsim_ctx_uniform_frac_vec", 2.0 / 7);
  expect_num(c, "ptxsim_ctx_strided_frac_vec", 3.0 / 7);
  expect_num(c, "ptxsim_ctx_random_frac_vec", 2.0 / 7);
  expect_num(c, "ptxsim_ctx_bytes_live_cp", 2 * 200 + 2 * meta);
  expect_num(c, "ptxsim_ctx_bytes_live_cp_vec", 2 * 288 + 2 * meta);
  expect_num(c, "ptxsim_ctx_live_cp_norm", (400 + 2 * meta) / (2 * regs * 128));
  expect_num(c, "ptxsim_ctx_tb_bytes_live_cp", 2 * 200 + 2 * meta);
  /* 8 + 8 + 8 (strided) + 4 + 4 (uniform) + 16 (local) + 64 x 4 (random). */
  expect_num(c, "ptxsim_ctx_tb_bytes_live_tb_cp", 304 + 2 * meta + floor((regs + 7) / 8));
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* k_ctx with 40 threads: warp 1 holds tids 32..39 in lanes 0-7, one PAG
 * group of 8 lanes: %r1 strided 8, %r2 (all 2) uniform 4, %r3 random
 * 8 x 4 = 32, %r4 uniform 4, %r5 strided 8, %rd1 strided 8 + uniform 4 =
 * 68 B, the same at width 32 (one group either way; %r2 is uniform there
 * too).  Warp 0 as above: 200 | 288.  TB: %r2 local uniform 8 + 4, %r3
 * 40 x 4 = 160, the rest global: 8 + 12 + 160 + 4 + 8 + 8 + 4 = 204. */
START_TEST(context_of_a_partial_warp)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_LIVENESS);
  launch_out(&fx, "k_ctx", 1, 40);
  jv *root = report_json(&fx);
  const jv *live = jv_get(kernel_report(root, "k_ctx"), "liveness");
  const jv *c = jv_get(live, "context");
  double regs = jv_getnum(live, "registers"), meta = floor((2 * regs + 7) / 8);
  expect_ctx_common(c, regs, 2);
  expect_num(c, "ptxsim_ctx_uniform_frac_vec", 5.0 / 14);
  expect_num(c, "ptxsim_ctx_strided_frac_vec", 6.0 / 14);
  expect_num(c, "ptxsim_ctx_random_frac_vec", 3.0 / 14);
  expect_num(c, "ptxsim_ctx_bytes_live_cp", 200 + 68 + 2 * meta);
  expect_num(c, "ptxsim_ctx_bytes_live_cp_vec", 288 + 68 + 2 * meta);
  expect_num(c, "ptxsim_ctx_tb_bytes_live_tb_cp", 204 + 2 * meta + floor((regs + 7) / 8));
  jv_free(root);
  close_fixture(&fx);
}
END_TEST

/* -ptxsim_pp_pag 32 makes the PAG figures the width-32 ones (288 B per
 * warp); -ptxsim_pp_interval 4 cuts k_ctx's 16 instructions into four
 * full windows, each with a point (the second holds the barrier). */
START_TEST(context_options_from_the_configuration)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_LIVENESS);
  char *msgs = NULL;
  ck_assert_int_eq(ptxsim_device_set_config_option(fx.dev, "-ptxsim_pp_pag", "32", &msgs),
                   PTXSIM_OK);
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_set_config_option(fx.dev, "-ptxsim_pp_interval", "4", &msgs),
                   PTXSIM_OK);
  ptxsim_free(msgs);
  launch_out(&fx, "k_ctx", 1, 64);
  jv *root = report_json(&fx);
  const jv *live = jv_get(kernel_report(root, "k_ctx"), "liveness");
  const jv *c = jv_get(live, "context");
  double regs = jv_getnum(live, "registers"), meta = floor((2 * regs + 7) / 8);
  expect_num(live, "preemption_points", 4);
  expect_num(c, "ptxsim_pp_interval", 4);
  expect_num(c, "ptxsim_pp_pag", 32);
  expect_num(c, "ptxsim_pp_hits", 2 * 4);
  expect_num(live, "hits", 2 * 4);
  /* The barrier's hits alone are not separable here; the PAG figures
   * equal the width-32 ones over every point. */
  expect_num(c, "ptxsim_ctx_bytes_live_cp", jv_getnum(c, "ptxsim_ctx_bytes_live_cp_vec"));
  expect_num(c, "ptxsim_ctx_uniform_frac", jv_getnum(c, "ptxsim_ctx_uniform_frac_vec"));
  (void)meta;
  ck_assert_int_eq(ptxsim_device_set_config_option(fx.dev, "-ptxsim_pp_pag", "12", &msgs),
                   PTXSIM_E_PARSE);
  ptxsim_free(msgs);
  jv_free(root);
  /* PAG 0: from the TB's shape, min(32, smallest dimension above 1): a
   * 1-D TB of 64 gives 32, an 8x8 TB 8, a 16x4 TB 4 -> at least 8. */
  ck_assert_int_eq(ptxsim_device_set_config_option(fx.dev, "-ptxsim_pp_pag", "0", &msgs),
                   PTXSIM_OK);
  ptxsim_free(msgs);
  static const unsigned shapes[][3] = {{64, 1, 32}, {8, 8, 8}, {16, 4, 8}, {1, 16, 16}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    ptxsim_report_reset(fx.dev);
    ptxsim_dim3 g = {1, 1, 1}, b = {shapes[i][0], shapes[i][1], 1};
    const void *args[] = {&fx.out};
    ck_assert_int_eq(ptxsim_launch(fx.dev, "k_ctx", g, b, 0, args, 1), PTXSIM_OK);
    root = report_json(&fx);
    c = jv_get(jv_get(kernel_report(root, "k_ctx"), "liveness"), "context");
    expect_num(c, "ptxsim_pp_pag", shapes[i][2]);
    jv_free(root);
  }
  close_fixture(&fx);
}
END_TEST

/* ---- output selection, trace, API errors ------------------------------ */

START_TEST(only_the_selected_reports_are_written)
{
  fixture fx;
  open_fixture(&fx, PTXSIM_REPORT_LIVENESS);
  launch_out(&fx, "k_loop", 1, 32);
  jv *root = report_json(&fx);
  const jv *k = kernel_report(root, "k_loop");
  ck_assert_ptr_null(jv_get(k, "divergence"));
  ck_assert_ptr_nonnull(jv_get(k, "liveness"));
  jv_free(root);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_int_eq(ptxsim_report_write(fx.dev, f, 0), PTXSIM_OK);
  fclose(f);
  ck_assert_ptr_nonnull(strstr(text, "liveness report: kernel k_loop"));
  ck_assert_ptr_null(strstr(text, "divergence report"));
  free(text);
  close_fixture(&fx);
}
END_TEST

/* The trace of warp 1 of k_half (16 lanes): 11 lines, the branch with
 * exec 0, the add with the 16 lanes. */
START_TEST(trace_keeps_the_chosen_warp)
{
  fixture fx;
  open_fixture(&fx, 0);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_int_eq(ptxsim_device_set_trace(fx.dev, f, 0, 1), PTXSIM_OK);
  launch_out(&fx, "k_half", 1, 48);
  ck_assert_int_eq(ptxsim_device_set_trace(fx.dev, NULL, -1, -1), PTXSIM_OK);
  launch_out(&fx, "k_half", 1, 48); /* not traced */
  fclose(f);
  unsigned lines = 0, warp1 = 0;
  for (char *s = text; (s = strchr(s, '\n')); s++)
    lines++;
  for (char *s = text; (s = strstr(s, " warp=1 ")); s++)
    warp1++;
  ck_assert_msg(lines == 12 && warp1 == 11, "%u lines, %u of warp 1:\n%s", lines, warp1, text);
  ck_assert_ptr_nonnull(strstr(text, "# kernel k_half grid (1,1,1) block (48,1,1)\n"));
  ck_assert_ptr_nonnull(strstr(text, " bra active=0000ffff exec=00000000 depth=1\n"));
  ck_assert_ptr_nonnull(strstr(text, " add.u32 active=0000ffff exec=0000ffff depth=1\n"));
  ck_assert_ptr_nonnull(strstr(text, "t=1 cta=(0,0,0) warp=1 pc=0 "));
  free(text);
  close_fixture(&fx);
}
END_TEST

START_TEST(report_names_and_bad_arguments)
{
  unsigned flags = 99;
  ck_assert_int_eq(ptxsim_report_parse("divergence", &flags), PTXSIM_OK);
  ck_assert_uint_eq(flags, PTXSIM_REPORT_DIVERGENCE);
  ck_assert_int_eq(ptxsim_report_parse("liveness,divergence", &flags), PTXSIM_OK);
  ck_assert_uint_eq(flags, PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS);
  ck_assert_int_eq(ptxsim_report_parse("preemption", &flags), PTXSIM_OK);
  ck_assert_uint_eq(flags, PTXSIM_REPORT_PREEMPTION);
  ck_assert_int_eq(ptxsim_report_parse("all", &flags), PTXSIM_OK);
  ck_assert_uint_eq(flags,
                    PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS | PTXSIM_REPORT_PREEMPTION);
  ck_assert_int_eq(ptxsim_report_parse("divergence,", &flags), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_report_parse("", &flags), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_report_parse("divergences", &flags), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_report_parse(NULL, &flags), PTXSIM_E_INVALID);
  ck_assert_ptr_nonnull(strstr(ptxsim_report_names(), "liveness"));
  ptxsim_device *d;
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_reports(d, 1u << 7), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_device_set_trace(d, stderr, -2, 0), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_report_write(d, NULL, 0), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_device_set_reports(NULL, 0), PTXSIM_E_INVALID);
  ptxsim_device_destroy(d);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("reports");
  TCase *tc = tcase_create("divergence");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, odd_lanes_diverge_once_per_warp);
  tcase_add_test(tc, half_warp_and_a_warp_with_exec_zero);
  tcase_add_test(tc, branch_on_ctaid_never_diverges);
  tcase_add_test(tc, loop_with_lane_trip_count);
  tcase_add_test(tc, rtru_of_unequal_warps);
  tcase_add_test(tc, context_patterns_known_by_construction);
  tcase_add_test(tc, context_of_a_partial_warp);
  tcase_add_test(tc, context_options_from_the_configuration);
  suite_add_tcase(s, tc);
  tc = tcase_create("output");
  tcase_add_test(tc, only_the_selected_reports_are_written);
  tcase_add_test(tc, trace_keeps_the_chosen_warp);
  tcase_add_test(tc, report_names_and_bad_arguments);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
