/* check_hetero.c -- the heterogeneous GPU of seed 002 chapter 4 (002b
 * §A.6): ILP SMs and TLP SMs in one configuration, the static per-kernel
 * steering rule, the ILP SMs' own mechanisms, and the area model (§A.5).
 *
 * The GPU is gtx280_ilp cut to four SMs (2 clusters of 2), SMs 0 and 1
 * ILP SMs (-ptxsim_ilp_sms 2).  Its SM resources: 1024 threads, 8 CTA
 * slots, 16384 registers, allocated in whole warps and 4-register steps.
 * indep_add gets a fixed register count (-ptxsim_kernel_regs), so each
 * expected occupancy, and so each steering decision, is worked out below
 * from those numbers; which SMs ran the CTAs is read from the
 * ptxsim_{ilp,tlp}_sm_ctas statistics.  Every launch's results are
 * checked: steering moves work, never changes it.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/tm_area.h"
#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

/* A timing-mode device on microbench.ptx and gtx280_ilp with the options
 * of base and then those of options applied ("-name", "value" pairs,
 * NULL-terminated, or NULL). */
static void open_hetero(tm_fixture *f, const char *const *base, const char *const *options)
{
  tm_fixture_open(f, "tests/pipeline/microbench.ptx", "gtx280_ilp", base, options);
}

/* What a launch did on which SMs. */
typedef struct placed {
  uint64_t steered_to, warps, ctas[2], insns[2], total_insns, cycles;
  double area;
} placed;
enum { TLP, ILP };

static placed placed_of(const tm_fixture *f)
{
  char *s = tm_fixture_stats_text(f);
  placed p = {
    .steered_to = tm_stats_u64(s, "ptxsim_steered_to"),
    .warps = tm_stats_u64(s, "ptxsim_steer_warps_per_sm"),
    .ctas = {tm_stats_u64(s, "ptxsim_tlp_sm_ctas"), tm_stats_u64(s, "ptxsim_ilp_sm_ctas")},
    .insns = {tm_stats_u64(s, "ptxsim_tlp_sm_thread_insns"),
              tm_stats_u64(s, "ptxsim_ilp_sm_thread_insns")},
    .total_insns = tm_stats_u64(s, "gpu_sim_insn"),
    .cycles = tm_stats_u64(s, "gpu_sim_cycle"),
    .area = tm_stats_f64(s, "ptxsim_area_mm2"),
  };
  free(s);
  return p;
}

/* The four-SM GPU with two ILP SMs, then more options. */
#define HETERO4                                                                              \
  "-gpgpu_n_clusters", "2", "-gpgpu_n_cores_per_cluster", "2", "-ptxsim_ilp_sms", "2"

/* indep_add on grid CTAs of block threads with regs registers per thread
 * under options (NULL-terminated pairs, after HETERO4's); checks its
 * results (36 x iters per thread) and how it was placed. */
static placed run_indep(const char *const *options, unsigned grid, unsigned block,
                        const char *regs)
{
  const char *const base[] = {HETERO4, "-ptxsim_kernel_regs", regs, NULL};
  tm_fixture f;
  open_hetero(&f, base, options);
  size_t threads = (size_t)grid * block;
  ptxsim_devptr out = tm_fixture_alloc(&f, threads * 4);
  uint32_t iters = 4;
  const void *args[] = {&out, &iters};
  tm_fixture_launch(&f, "indep_add", grid, block, args, 2);
  uint32_t *got = malloc(threads * 4);
  ck_assert_ptr_nonnull(got);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, threads * 4), PTXSIM_OK);
  for (size_t t = 0; t < threads; t++)
    ck_assert_uint_eq(got[t], 36 * iters);
  free(got);
  placed p = placed_of(&f);
  tm_fixture_close(&f);
  /* Every CTA ran on some SM, every instruction was counted on one. */
  ck_assert_uint_eq(p.ctas[TLP] + p.ctas[ILP], grid);
  ck_assert_uint_eq(p.insns[TLP] + p.insns[ILP], p.total_insns);
  return p;
}

static const char *const STATIC[] = {"-ptxsim_steering", "static", NULL};

/* ---- the static rule ------------------------------------------------------ */

/* 4 CTAs of 64 threads (2 warps), 8 registers: 512 registers per CTA;
 * threads allow 16 CTAs per SM, CTA slots 8, registers 32: w = 8 x 2 =
 * 16 warps, not below 16, but 256 threads <= 32768: the ILP SMs. */
START_TEST(small_grid_to_ilp)
{
  placed p = run_indep(STATIC, 4, 64, "indep_add:8");
  ck_assert_uint_eq(p.warps, 16);
  ck_assert_uint_eq(p.steered_to, 1);
  ck_assert_uint_eq(p.ctas[ILP], 4);
  ck_assert_uint_eq(p.insns[TLP], 0);
}
END_TEST

/* 160 CTAs of 256 threads (8 warps), 8 registers: 2048 per CTA; threads
 * allow 4 CTAs, slots 8, registers 8: w = 32 and 40960 threads > 32768:
 * the TLP SMs. */
START_TEST(big_grid_to_tlp)
{
  placed p = run_indep(STATIC, 160, 256, "indep_add:8");
  ck_assert_uint_eq(p.warps, 32);
  ck_assert_uint_eq(p.steered_to, 2);
  ck_assert_uint_eq(p.ctas[TLP], 160);
  ck_assert_uint_eq(p.insns[ILP], 0);
}
END_TEST

/* The same grid with 40 registers per thread: 10240 per CTA, 1 CTA per
 * SM, w = 8 < 16: the ILP SMs, although it has 40960 threads. */
START_TEST(few_warps_to_ilp)
{
  placed p = run_indep(STATIC, 160, 256, "indep_add:40");
  ck_assert_uint_eq(p.warps, 8);
  ck_assert_uint_eq(p.steered_to, 1);
  ck_assert_uint_eq(p.ctas[ILP], 160);
}
END_TEST

/* The thresholds are the options': w = 32 < 33 goes to the ILP SMs; 40960
 * threads <= 40960 too, 40960 > 40959 not. */
START_TEST(thresholds)
{
  const char *const warps33[] = {"-ptxsim_steering", "static", "-ptxsim_steer_max_warps", "33",
                                 NULL};
  ck_assert_uint_eq(run_indep(warps33, 160, 256, "indep_add:8").steered_to, 1);
  const char *const threads_eq[] = {"-ptxsim_steering", "static", "-ptxsim_steer_max_threads",
                                    "40960", NULL};
  ck_assert_uint_eq(run_indep(threads_eq, 160, 256, "indep_add:8").steered_to, 1);
  const char *const threads_below[] = {"-ptxsim_steering", "static",
                                       "-ptxsim_steer_max_threads", "40959", NULL};
  ck_assert_uint_eq(run_indep(threads_below, 160, 256, "indep_add:8").steered_to, 2);
}
END_TEST

/* ---- steering all, and register files that differ -------------------------- */

/* Steering all: every SM.  "tb" gives each of the 4 SMs one CTA a round
 * while they fit (8 each): 8 CTAs are 2 per SM, 4 on the ILP SMs. */
START_TEST(all_uses_every_sm)
{
  placed p = run_indep(NULL, 8, 64, "indep_add:8");
  ck_assert_uint_eq(p.steered_to, 0);
  ck_assert_uint_eq(p.ctas[ILP], 4);
  ck_assert_uint_eq(p.ctas[TLP], 4);
  /* Without ILP SMs, the same launch is all TLP. */
  const char *const homogeneous[] = {"-ptxsim_ilp_sms", "0", NULL};
  p = run_indep(homogeneous, 8, 64, "indep_add:8");
  ck_assert_uint_eq(p.steered_to, 0);
  ck_assert_uint_eq(p.ctas[TLP], 8);
}
END_TEST

/* ILP SMs of 1024 registers cannot hold a CTA of 256 threads x 8
 * registers (2048): steering all leaves them out; the static rule (w = 0
 * there, and 1024 threads) would pick them but gives the kernel to the TLP
 * SMs, which hold it.  A CTA of 64 threads (512 registers, 2 per ILP SM:
 * w = 4) still goes to the ILP SMs. */
START_TEST(small_ilp_register_file)
{
  const char *const all[] = {"-ptxsim_ilp_registers", "1024", NULL};
  placed p = run_indep(all, 8, 256, "indep_add:8");
  ck_assert_uint_eq(p.steered_to, 0);
  ck_assert_uint_eq(p.ctas[TLP], 8);
  const char *const st[] = {"-ptxsim_ilp_registers", "1024", "-ptxsim_steering", "static", NULL};
  p = run_indep(st, 4, 256, "indep_add:8");
  ck_assert_uint_eq(p.warps, 0);
  ck_assert_uint_eq(p.steered_to, 2);
  ck_assert_uint_eq(p.ctas[TLP], 4);
  p = run_indep(st, 4, 64, "indep_add:8");
  ck_assert_uint_eq(p.warps, 4);
  ck_assert_uint_eq(p.steered_to, 1);
  ck_assert_uint_eq(p.ctas[ILP], 4);
}
END_TEST

/* Every SM an ILP SM: the rule's TLP choice has no SMs, so the ILP SMs. */
START_TEST(no_tlp_sms)
{
  const char *const st[] = {"-ptxsim_ilp_sms", "4", "-ptxsim_steering", "static", NULL};
  placed p = run_indep(st, 160, 256, "indep_add:8");
  ck_assert_uint_eq(p.steered_to, 1);
  ck_assert_uint_eq(p.ctas[ILP], 160);
}
END_TEST

/* ---- the ILP SMs' mechanisms -------------------------------------------------- */

/* Cycles of one warp running chain_add_<n> (n dependent adds) on a GPU of
 * SM 0 (ILP, with the bypass) and SM 1 (TLP) under options. */
static uint64_t chain_cycles(unsigned n, const char *max_warps, uint64_t *bypass_uses,
                             uint64_t *steered_to)
{
  /* The clock view of gtx280_ilp, set here: ALU latency 3, the bypass at
   * EX8 of 4 stages per cycle = 2 cycles after issue. */
  const char *opts[] = {"-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "2",
                        "-ptxsim_ilp_sms", "1", "-ptxsim_ilp_bypass", "1",
                        "-ptx_opcode_latency_int", "3,3,3,3,145,3",
                        "-ptxsim_stages_per_cycle", "4", "-ptxsim_bypass_stage", "8",
                        "-ptxsim_steering", "static", "-ptxsim_steer_max_warps", max_warps,
                        "-ptxsim_steer_max_threads", "0", NULL};
  tm_fixture f;
  open_hetero(&f, opts, NULL);
  ptxsim_devptr out = tm_fixture_alloc(&f, 32 * 4);
  char k[32];
  snprintf(k, sizeof k, "chain_add_%u", n);
  const void *args[] = {&out};
  tm_fixture_launch(&f, k, 1, 32, args, 1);
  uint32_t got[32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(got[t], t + n);
  char *s = tm_fixture_stats_text(&f);
  *bypass_uses = tm_stats_u64(s, "ptxsim_bypass_uses");
  *steered_to = tm_stats_u64(s, "ptxsim_steered_to");
  uint64_t c = tm_stats_u64(s, "gpu_sim_cycle");
  free(s);
  tm_fixture_close(&f);
  return c;
}

/* A CTA of one warp: 8 fit an SM (its CTA slots), so w = 8, and
 * -ptxsim_steer_max_warps 9 sends it to the ILP SM, where a dependent add
 * issues every 2 cycles (the bypass); 0 (with no thread threshold) sends
 * it to the TLP SM: every 3 (the latency).  64 more adds: 128 and 192 more
 * cycles. */
START_TEST(ilp_sm_has_its_mechanism)
{
  uint64_t uses, steer;
  uint64_t ilp = chain_cycles(128, "9", &uses, &steer) - chain_cycles(64, "9", &uses, &steer);
  ck_assert_uint_eq(steer, 1);
  ck_assert_uint_gt(uses, 64);
  ck_assert_uint_eq(ilp, 64 * 2);
  uint64_t tlp = chain_cycles(128, "0", &uses, &steer) - chain_cycles(64, "0", &uses, &steer);
  ck_assert_uint_eq(steer, 2);
  ck_assert_uint_eq(uses, 0);
  ck_assert_uint_eq(tlp, 64 * 3);
}
END_TEST

/* ---- area --------------------------------------------------------------------- */

/* The model against 002b §A.5-A.6's numbers: an ILP SM (bypass, shared
 * scoreboard) is 12.964 mm2, with 8k registers 12.026; GPU-T (40 TLP SMs)
 * 472.92, GPU-I (36 ILP SMs) 466.704, GPU-H (20 + 18) 469.812. */
START_TEST(area_model)
{
  tm_config c;
  tm_config_defaults(&c);
  c.n_regs_per_sm = 16384;
  double tlp = tm_area_sm_mm2(&c);
  ck_assert_double_eq_tol(tlp, 11.823, 1e-9);
  c.is_bypass = true;
  ck_assert_double_eq_tol(tm_area_sm_mm2(&c), 11.823 + 0.224, 1e-9);
  snprintf(c.scoreboard, sizeof c.scoreboard, "shared");
  double ilp = tm_area_sm_mm2(&c);
  ck_assert_double_eq_tol(ilp, 12.964, 1e-9);
  c.n_regs_per_sm = 8192;
  ck_assert_double_eq_tol(tm_area_sm_mm2(&c), 12.026, 1e-9);
  /* Branch prediction adds nothing. */
  snprintf(c.branch_predictor, sizeof c.branch_predictor, "gshare");
  ck_assert_double_eq_tol(tm_area_sm_mm2(&c), 12.026, 1e-9);
  ck_assert_double_eq_tol(40 * tlp, 472.92, 1e-9);
  ck_assert_double_eq_tol(36 * ilp, 466.704, 1e-9);
  ck_assert_double_eq_tol(20 * tlp + 18 * ilp, 469.812, 1e-9);
}
END_TEST

/* The statistic: gtx280_ilp's 30 SMs of 16384 registers are 30 x 11.823;
 * 18 ILP SMs with the bypass add 18 x 0.224; with 8192 registers each
 * takes 0.938 off. */
START_TEST(area_statistic)
{
  const char *const homogeneous[] = {"-ptxsim_ilp_sms", "0", "-gpgpu_n_clusters", "10",
                                     "-gpgpu_n_cores_per_cluster", "3", NULL};
  placed p = run_indep(homogeneous, 4, 64, "indep_add:8");
  ck_assert_double_eq_tol(p.area, 30 * 11.823, 1e-3);
  const char *const h[] = {"-gpgpu_n_clusters", "10", "-gpgpu_n_cores_per_cluster", "3",
                           "-ptxsim_ilp_sms", "18", "-ptxsim_ilp_bypass", "1", NULL};
  p = run_indep(h, 4, 64, "indep_add:8");
  ck_assert_double_eq_tol(p.area, 30 * 11.823 + 18 * 0.224, 1e-3);
  const char *const h8k[] = {"-gpgpu_n_clusters", "10", "-gpgpu_n_cores_per_cluster", "3",
                             "-ptxsim_ilp_sms", "18", "-ptxsim_ilp_bypass", "1",
                             "-ptxsim_ilp_registers", "8192", NULL};
  p = run_indep(h8k, 4, 64, "indep_add:8");
  ck_assert_double_eq_tol(p.area, 30 * 11.823 + 18 * (0.224 - 0.938), 1e-3);
}
END_TEST

/* ---- bad values ------------------------------------------------------------------ */

/* More ILP SMs than SMs is refused, whichever option comes last, with a
 * message naming the option and both counts. */
START_TEST(more_ilp_sms_than_sms)
{
  ptxsim_device *d;
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  char *msg = NULL;
  ck_assert_int_eq(ptxsim_device_set_config(d, "gtx280_ilp", &msg), PTXSIM_OK);
  ptxsim_free(msg);
  ck_assert_int_ne(ptxsim_device_set_config_option(d, "-ptxsim_ilp_sms", "31", &msg),
                   PTXSIM_OK);
  ck_assert_ptr_nonnull(msg);
  ck_assert_ptr_nonnull(strstr(msg, "-ptxsim_ilp_sms: 31 ILP SMs, but the GPU has 30 SMs"));
  ptxsim_free(msg);
  ck_assert_int_eq(ptxsim_device_set_config_option(d, "-ptxsim_ilp_sms", "30", &msg),
                   PTXSIM_OK);
  ptxsim_free(msg);
  ck_assert_int_ne(ptxsim_device_set_config_option(d, "-gpgpu_n_clusters", "9", &msg),
                   PTXSIM_OK);
  ck_assert_ptr_nonnull(strstr(msg, "30 ILP SMs, but the GPU has 27 SMs"));
  ptxsim_free(msg);
  ck_assert_int_ne(ptxsim_device_set_config_option(d, "-ptxsim_steering", "dynamic", &msg),
                   PTXSIM_OK);
  ck_assert_ptr_nonnull(strstr(msg, "unknown value 'dynamic' (valid: all, static)"));
  ptxsim_free(msg);
  ptxsim_device_destroy(d);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("hetero");
  TCase *t = tcase_create("steering");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, small_grid_to_ilp);
  tcase_add_test(t, big_grid_to_tlp);
  tcase_add_test(t, few_warps_to_ilp);
  tcase_add_test(t, thresholds);
  tcase_add_test(t, all_uses_every_sm);
  tcase_add_test(t, small_ilp_register_file);
  tcase_add_test(t, no_tlp_sms);
  suite_add_tcase(s, t);
  t = tcase_create("mechanisms");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, ilp_sm_has_its_mechanism);
  suite_add_tcase(s, t);
  t = tcase_create("area");
  tcase_add_test(t, area_model);
  tcase_add_test(t, area_statistic);
  suite_add_tcase(s, t);
  t = tcase_create("errors");
  tcase_add_test(t, more_ilp_sms_than_sms);
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
