/* check_energy.c -- the energy model (pipeline/tm_energy.h) end to end: a
 * small kernel that touches every kind of event runs in timing mode with
 * every per-event energy set to a different round number, and each
 * ptxsim_energy_*_j statistic must be its counters (read back from the
 * same statistics) times the option, the static energy power x cycles /
 * clock, the groups and the total their sums.  Expected values are
 * computed here from the options the test sets, in the order the model
 * adds them, and compared as printed (%.6e), so they match exactly.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/pipeline/tm_fixture.h"

/* 64 threads: a constant load, a global load and store, a shared-memory
 * store and load, and FP32, integer, SFU and FP64 arithmetic. */
static const char *energy_ptx =
  ".version 7.0\n.target sm_75\n.address_size 64\n"
  ".const .align 4 .f32 k[4] = {1.0, 2.0, 3.0, 4.0};\n"
  ".visible .entry mix(.param .u64 in, .param .u64 out)\n"
  "{\n"
  "  .reg .b32 %r<8>; .reg .f32 %f<8>; .reg .f64 %d<4>; .reg .b64 %rd<8>;\n"
  "  .shared .align 4 .b32 sh[64];\n"
  "  ld.param.u64 %rd1, [in];\n"
  "  ld.param.u64 %rd2, [out];\n"
  "  mov.u32 %r1, %tid.x;\n"
  "  mul.wide.u32 %rd3, %r1, 4;\n"
  "  add.s64 %rd4, %rd1, %rd3;\n"
  "  ld.global.f32 %f1, [%rd4];\n"
  "  ld.const.f32 %f2, [k+4];\n"
  "  add.f32 %f3, %f1, %f2;\n"
  "  mul.lo.s32 %r2, %r1, 3;\n"
  "  cvt.rn.f32.s32 %f4, %r2;\n"
  "  ex2.approx.f32 %f5, %f4;\n"
  "  cvt.f64.f32 %d1, %f3;\n"
  "  add.f64 %d2, %d1, %d1;\n"
  "  cvt.rn.f32.f64 %f6, %d2;\n"
  "  mov.u64 %rd5, sh;\n"
  "  add.s64 %rd6, %rd5, %rd3;\n"
  "  st.shared.f32 [%rd6], %f5;\n"
  "  bar.sync 0;\n"
  "  ld.shared.f32 %f7, [%rd6];\n"
  "  add.f32 %f7, %f7, %f6;\n"
  "  add.s64 %rd7, %rd2, %rd3;\n"
  "  st.global.f32 [%rd7], %f7;\n"
  "  ret;\n"
  "}\n";

/* Each event: its option, the statistic of its energy, its counters (one
 * or two statistics, summed), and the energy the test gives it, pJ. */
typedef struct event {
  const char *option, *stat, *count1, *count2;
  double pj;
} event;

static const event events[] = {
    {"-ptxsim_energy_vrf_read_pj", "ptxsim_energy_vrf_read_j", "ptxsim_rf_vrf_lane_reads", NULL,
     1},
    {"-ptxsim_energy_vrf_write_pj", "ptxsim_energy_vrf_write_j", "ptxsim_rf_vrf_lane_writes",
     NULL, 2},
    {"-ptxsim_energy_srf_read_pj", "ptxsim_energy_srf_read_j", "ptxsim_rf_srf_reads", NULL, 3},
    {"-ptxsim_energy_srf_write_pj", "ptxsim_energy_srf_write_j", "ptxsim_rf_srf_writes", NULL, 4},
    {"-ptxsim_energy_alu_sp_pj", "ptxsim_energy_alu_sp_j", "ptxsim_rf_lane_ops_sp", NULL, 10},
    {"-ptxsim_energy_alu_dp_pj", "ptxsim_energy_alu_dp_j", "ptxsim_rf_lane_ops_dp", NULL, 20},
    {"-ptxsim_energy_alu_int_pj", "ptxsim_energy_alu_int_j", "ptxsim_rf_lane_ops_int", NULL, 30},
    {"-ptxsim_energy_alu_sfu_pj", "ptxsim_energy_alu_sfu_j", "ptxsim_rf_lane_ops_sfu", NULL, 40},
    {"-ptxsim_energy_alu_tensor_pj", "ptxsim_energy_alu_tensor_j", "ptxsim_rf_lane_ops_tensor",
     NULL, 50},
    {"-ptxsim_energy_l1d_pj", "ptxsim_energy_l1d_j", "L1D_total_cache_accesses", NULL, 100},
    {"-ptxsim_energy_l1c_pj", "ptxsim_energy_l1c_j", "L1C_total_cache_accesses", NULL, 200},
    {"-ptxsim_energy_shmem_pj", "ptxsim_energy_shmem_j", "gpgpu_n_shmem_insn", NULL, 300},
    {"-ptxsim_energy_l2_pj", "ptxsim_energy_l2_j", "L2_total_cache_accesses", NULL, 400},
    {"-ptxsim_energy_icnt_pj", "ptxsim_energy_icnt_j", "icnt_to_mem_flits",
     "icnt_to_shader_flits", 500},
    {"-ptxsim_energy_dram_read_pj", "ptxsim_energy_dram_read_j", "dram_reads", NULL, 1000},
    {"-ptxsim_energy_dram_write_pj", "ptxsim_energy_dram_write_j", "dram_writes", NULL, 2000},
    {"-ptxsim_energy_dram_activate_pj", "ptxsim_energy_dram_activate_j", "dram_activations", NULL,
     3000},
};
#define N_EVENTS (sizeof events / sizeof events[0])

/* The groups: statistic, and the events (indices into events[]) it sums. */
typedef struct group {
  const char *stat;
  int first, n;
} group;
static const group groups[] = {
    {"ptxsim_energy_vrf_j", 0, 2}, {"ptxsim_energy_srf_j", 2, 2}, {"ptxsim_energy_alu_j", 4, 5},
    {"ptxsim_energy_l1_j", 9, 3},  {"ptxsim_energy_l2_j", 12, 1}, {"ptxsim_energy_icnt_j", 13, 1},
    {"ptxsim_energy_dram_j", 14, 3}};

/* The value of stat as printed, compared with want printed the same way. */
static void expect_printed(const char *text, const char *stat, double want)
{
  const char *p = tm_stats_find(text, stat);
  char got[64], exp[64];
  size_t n = strcspn(p, "\n");
  ck_assert_uint_lt(n, sizeof got);
  memcpy(got, p, n);
  got[n] = '\0';
  snprintf(exp, sizeof exp, "%.6e", want);
  ck_assert_msg(strcmp(got, exp) == 0, "%s = %s, expected %s", stat, got, exp);
}

static uint64_t count_of(const char *text, const event *e)
{
  return tm_stats_u64(text, e->count1) + (e->count2 ? tm_stats_u64(text, e->count2) : 0);
}

START_TEST(energy_from_counters)
{
  /* sm75 with one DP unit, so that the FP64 add has a unit of its own. */
  static const char *options[2 * N_EVENTS + 12];
  static char values[N_EVENTS][16];
  size_t k = 0;
  for (size_t i = 0; i < N_EVENTS; i++) {
    snprintf(values[i], sizeof values[i], "%g", events[i].pj);
    options[k++] = events[i].option;
    options[k++] = values[i];
  }
  options[k++] = "-ptxsim_static_power_sm_w";
  options[k++] = "0.5";
  options[k++] = "-ptxsim_static_power_vrf_w";
  options[k++] = "0.25";
  options[k++] = "-ptxsim_static_power_srf_w"; /* no SRF: not charged */
  options[k++] = "0.125";
  options[k++] = "-ptxsim_static_power_chip_w";
  options[k++] = "12";
  options[k++] = "-gpgpu_num_dp_units";
  options[k++] = "1";
  options[k] = NULL;
  tm_fixture f;
  tm_fixture_open_text(&f, energy_ptx, "energy.ptx", "sm75", NULL, options);
  ptxsim_devptr in = tm_fixture_alloc(&f, 64 * 4), out = tm_fixture_alloc(&f, 64 * 4);
  const void *args[] = {&in, &out};
  uint64_t cycles = tm_fixture_launch(&f, "mix", 1, 64, args, 2);
  char *text = tm_fixture_stats_text(&f);

  /* The kernel exercises these (so that a counter wired to the wrong
   * option would show); the scalar register file and the tensor cores
   * are not used. */
  static const char *const used[] = {
      "ptxsim_rf_vrf_lane_reads", "ptxsim_rf_vrf_lane_writes", "ptxsim_rf_lane_ops_sp",
      "ptxsim_rf_lane_ops_dp", "ptxsim_rf_lane_ops_int", "ptxsim_rf_lane_ops_sfu",
      "L1D_total_cache_accesses", "L1C_total_cache_accesses", "gpgpu_n_shmem_insn",
      "L2_total_cache_accesses", "icnt_to_mem_flits", "dram_reads", "dram_activations"};
  for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
    ck_assert_msg(tm_stats_u64(text, used[i]) > 0, "%s is 0", used[i]);
  ck_assert_uint_eq(tm_stats_u64(text, "ptxsim_rf_srf_reads"), 0);
  ck_assert_uint_eq(tm_stats_u64(text, "ptxsim_rf_lane_ops_tensor"), 0);

  double event_j[N_EVENTS], dynamic = 0;
  for (size_t i = 0; i < N_EVENTS; i++) {
    event_j[i] = (double)count_of(text, &events[i]) * events[i].pj * 1e-12;
    dynamic += event_j[i];
    /* l2 and icnt are their own groups: one statistic, checked below. */
    if (strcmp(events[i].stat, "ptxsim_energy_l2_j") != 0 &&
        strcmp(events[i].stat, "ptxsim_energy_icnt_j") != 0)
      expect_printed(text, events[i].stat, event_j[i]);
  }
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    double sum = 0;
    for (int i = groups[g].first; i < groups[g].first + groups[g].n; i++)
      sum += event_j[i];
    expect_printed(text, groups[g].stat, sum);
  }
  expect_printed(text, "ptxsim_energy_dynamic_j", dynamic);
  /* sm75: 30 SMs at 1365 MHz. */
  ck_assert_uint_eq(tm_stats_u64(text, "gpu_sim_cycle"), cycles);
  double seconds = (double)cycles / (1365.0 * 1e6);
  double stat_j = ((0.5 + 0.25) * 30 + 12) * seconds;
  expect_printed(text, "ptxsim_energy_static_j", stat_j);
  expect_printed(text, "ptxsim_energy_total_j", dynamic + stat_j);
  double power = tm_stats_f64(text, "ptxsim_power_w");
  ck_assert_double_eq_tol(power, (dynamic + stat_j) / seconds, 1e-3);
  free(text);
  tm_fixture_close(&f);
}
END_TEST

/* Zero energies give zero energy; the embedded configuration's register
 * file energies are 002a Table 2's. */
START_TEST(zero_table_and_defaults)
{
  static const char *zero[2 * N_EVENTS + 7];
  size_t k = 0;
  for (size_t i = 0; i < N_EVENTS; i++) {
    zero[k++] = events[i].option;
    zero[k++] = "0";
  }
  zero[k++] = "-ptxsim_static_power_sm_w";
  zero[k++] = "0";
  zero[k++] = "-ptxsim_static_power_vrf_w";
  zero[k++] = "0";
  zero[k++] = "-ptxsim_static_power_chip_w";
  zero[k++] = "0.0";
  zero[k] = NULL;
  tm_fixture f;
  tm_fixture_open_text(&f, energy_ptx, "energy.ptx", "gtx480", NULL, zero);
  ptxsim_devptr in = tm_fixture_alloc(&f, 64 * 4), out = tm_fixture_alloc(&f, 64 * 4);
  const void *args[] = {&in, &out};
  tm_fixture_launch(&f, "mix", 1, 64, args, 2);
  char *text = tm_fixture_stats_text(&f);
  expect_printed(text, "ptxsim_energy_total_j", 0);
  expect_printed(text, "ptxsim_energy_vrf_j", 0);
  free(text);
  tm_fixture_close(&f);

  /* gtx480's own table: VRF reads 2.46 pJ per lane, writes 5.82. */
  tm_fixture_open_text(&f, energy_ptx, "energy.ptx", "gtx480", NULL, NULL);
  in = tm_fixture_alloc(&f, 64 * 4);
  out = tm_fixture_alloc(&f, 64 * 4);
  const void *args2[] = {&in, &out};
  tm_fixture_launch(&f, "mix", 1, 64, args2, 2);
  text = tm_fixture_stats_text(&f);
  double reads = (double)tm_stats_u64(text, "ptxsim_rf_vrf_lane_reads");
  expect_printed(text, "ptxsim_energy_vrf_read_j", reads * 2.46 * 1e-12);
  double total = tm_stats_f64(text, "ptxsim_energy_total_j");
  ck_assert(total > 0);
  free(text);
  tm_fixture_close(&f);
}
END_TEST

/* The register files' static power (002a §1.8 Table 2), in gtx285_scalar's
 * own values: every SM leaks 0.41 W PLACEHOLDER + its VRF's 0.09 W, and
 * with -ptxsim_scalar_mode srf its SRF's 0.001 W more; the chip 15 W; 30
 * SMs at 1300 MHz.  The token design has no SRF: its token bits are part
 * of the VRF's figure. */
START_TEST(static_power_of_register_files)
{
  static const char *const modes[] = {"none", "token", "srf"};
  for (size_t m = 0; m < 3; m++) {
    const char *const opts[] = {"-ptxsim_scalar_mode", modes[m], NULL};
    tm_fixture f;
    tm_fixture_open_text(&f, energy_ptx, "energy.ptx", "gtx285_scalar", NULL, opts);
    ptxsim_devptr in = tm_fixture_alloc(&f, 64 * 4), out = tm_fixture_alloc(&f, 64 * 4);
    const void *args[] = {&in, &out};
    uint64_t cycles = tm_fixture_launch(&f, "mix", 1, 64, args, 2);
    char *text = tm_fixture_stats_text(&f);
    double sm_w = 0.41 + 0.09;
    if (m == 2)
      sm_w += 0.001;
    double seconds = (double)cycles / (1300.0 * 1e6);
    expect_printed(text, "ptxsim_energy_static_j", (sm_w * 30 + 15.0) * seconds);
    free(text);
    tm_fixture_close(&f);
  }
}
END_TEST

/* A bad energy is refused through the public interface, naming the
 * option. */
START_TEST(bad_value_named)
{
  static const struct {
    const char *option, *value, *want;
  } bad[] = {
      {"-ptxsim_energy_vrf_read_pj", "-1",
       "-ptxsim_energy_vrf_read_pj: -1 is too small (at least 0)"},
      {"-ptxsim_energy_l2_pj", "1e10",
       "-ptxsim_energy_l2_pj: 1e10 is too large (at most 1000000000)"},
      {"-ptxsim_energy_dram_read_pj", "lots",
       "-ptxsim_energy_dram_read_pj: 'lots' is not a number"},
      {"-ptxsim_energy_icnt_pj", "nan", "-ptxsim_energy_icnt_pj: 'nan' is not a number"},
      {"-ptxsim_static_power_sm_w", "2W", "-ptxsim_static_power_sm_w: '2W' is not a number"},
      {"-ptxsim_static_power_chip_w", "100001", "-ptxsim_static_power_chip_w: 100001 is too large"},
      {"-ptxsim_static_power_vrf_w", "-0.09", "-ptxsim_static_power_vrf_w: -0.09 is too small"},
      {"-ptxsim_static_power_srf_w", "x", "-ptxsim_static_power_srf_w: 'x' is not a number"},
  };
  ptxsim_device *dev = NULL;
  ck_assert_int_eq(ptxsim_device_create(&dev), PTXSIM_OK);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char *msg = NULL;
    int rc = ptxsim_device_set_config_option(dev, bad[i].option, bad[i].value, &msg);
    ck_assert_msg(rc != PTXSIM_OK, "%s %s accepted", bad[i].option, bad[i].value);
    ck_assert_msg(msg && strstr(msg, bad[i].want), "messages: %s\nwant: %s", msg ? msg : "",
                  bad[i].want);
    ptxsim_free(msg);
  }
  /* Both ends are accepted. */
  ck_assert_int_eq(
      ptxsim_device_set_config_option(dev, "-ptxsim_energy_l2_pj", "1000000000", NULL),
      PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_config_option(dev, "-ptxsim_energy_l2_pj", "0", NULL),
                   PTXSIM_OK);
  ptxsim_device_destroy(dev);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("energy");
  TCase *t = tcase_create("model");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, energy_from_counters);
  tcase_add_test(t, zero_table_and_defaults);
  tcase_add_test(t, static_power_of_register_files);
  tcase_add_test(t, bad_value_named);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
