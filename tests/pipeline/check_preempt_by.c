/* check_preempt_by.c -- the preempt-by-second-kernel mode
 * (ptxsim_timing_preempt_by; pipeline/preempt_ctl.h tm_second): a second
 * kernel interrupts a running one on some SMs, runs to completion there,
 * and the first resumes; both give what they give alone, bit for bit.
 *
 * tests/pipeline/preempt_by.ptx on gtx480 (15 SMs, 32768 registers and
 * 48 KB of shared memory per SM, 8 CTA slots, 1536 threads):
 *   - longk: 60 CTAs of 256 threads, 32 registers per thread
 *     (-ptxsim_kernel_regs) = 8192 registers per CTA, 8 KB of shared
 *     memory: 4 CTAs per SM (registers), one wave: every SM full;
 *   - shortk: 4 CTAs of 128 threads, 16 registers = 2048 per CTA, 10 KB:
 *     on 2 SMs (-> at most 2 CTAs per SM, ceil(4 / 2)).
 * Without in-place switching all 4 CTAs of each of the 2 SMs leave: 8
 * evicted, 8 shared memories, occupancy mode 2 x 4 x 8 warps x 32 x 128 B
 * = 262144 B of registers.  In place (preempt_alloc.h, first-fit at 0,
 * 8192, 16384, 24576 registers): the SM is full, so 2 x 2048 registers
 * need one CTA out, the one at 24576 (the highest), 3 kept; shared memory
 * has 48 - 32 = 16 KB free at [32, 48) KB, less than 2 x 10 KB, so one
 * CTA's leaves too (the same one: [24, 48) KB = 24 KB): per SM 1 evicted,
 * 3 kept, 1 shared memory, 32768 B of registers.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"
#include "tests/test_util.h"

enum {
  GRID1 = 60, BLOCK1 = 256, N1 = 100,
  GRID2 = 4, BLOCK2 = 128, N2 = 300,
  AT = 3000, SMS = 2,
};

#define COMMON_OPTS "-ptxsim_kernel_regs", "longk:32", "-ptxsim_kernel_regs", "shortk:16"

static uint32_t ref1[GRID1 * BLOCK1], ref2[GRID2 * BLOCK2];
static uint64_t cycles1;

/* Runs longk (and, when at is not 0, shortk preempting it at cycle at on
 * SMS SMs) under options; their outputs in out1, out2; longk's cycles;
 * its statistics text in *stats (or freed when NULL). */
static uint64_t run_pair(const char *const *options, uint64_t at, uint32_t *out1, uint32_t *out2,
                         char **stats, ptxsim_preempt_by_result *res)
{
  static const char *const common[] = {COMMON_OPTS, NULL};
  tm_fixture f;
  tm_fixture_open(&f, "tests/pipeline/preempt_by.ptx", "gtx480", common, options);
  ptxsim_devptr o1 = tm_fixture_alloc(&f, sizeof ref1);
  ptxsim_devptr o2 = tm_fixture_alloc(&f, sizeof ref2);
  uint32_t n1 = N1, n2 = N2;
  const void *a1[] = {&o1, &n1}, *a2[] = {&o2, &n2};
  if (at) {
    ptxsim_dim3 g = {GRID2, 1, 1}, b = {BLOCK2, 1, 1};
    ck_assert_int_eq(ptxsim_timing_preempt_by(f.device, f.module, "shortk", g, b, 0, a2, 2, at,
                                              SMS),
                     PTXSIM_OK);
  }
  uint64_t c = tm_fixture_launch(&f, "longk", GRID1, BLOCK1, a1, 2);
  if (res) {
    ck_assert_int_eq(ptxsim_timing_preempt_by_result(f.device, res), PTXSIM_OK);
  }
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, out1, o1, sizeof ref1), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, out2, o2, sizeof ref2), PTXSIM_OK);
  char *t = tm_fixture_stats_text(&f);
  if (stats)
    *stats = t;
  else
    free(t);
  if (at) {
    /* The next launch runs alone: no interrupt, the same cycles. */
    ck_assert_int_eq(ptxsim_timing_preempt_by_result(f.device, res), PTXSIM_OK);
    uint64_t again = tm_fixture_launch(&f, "longk", GRID1, BLOCK1, a1, 2);
    ck_assert_int_eq(ptxsim_timing_preempt_by_result(f.device, res), PTXSIM_E_INVALID);
    ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_preempt_events"), 0);
    ck_assert_uint_eq(again, cycles1);
  }
  tm_fixture_close(&f);
  return c;
}

static void references(void)
{
  if (cycles1)
    return;
  /* Each alone: shortk's result from a run of its own. */
  static const char *const common[] = {COMMON_OPTS, NULL};
  uint32_t scratch[GRID2 * BLOCK2];
  memset(scratch, 0, sizeof scratch);
  cycles1 = run_pair(NULL, 0, ref1, scratch, NULL, NULL);
  tm_fixture f;
  tm_fixture_open(&f, "tests/pipeline/preempt_by.ptx", "gtx480", common, NULL);
  ptxsim_devptr o2 = tm_fixture_alloc(&f, sizeof ref2);
  uint32_t n2 = N2;
  const void *a2[] = {&o2, &n2};
  tm_fixture_launch(&f, "shortk", GRID2, BLOCK2, a2, 2);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, ref2, o2, sizeof ref2), PTXSIM_OK);
  tm_fixture_close(&f);
  ck_assert_uint_gt(cycles1, 2 * AT); /* the interrupt comes while longk runs */
}

#define ST(text, name) tm_stats_u64(text, "ptxsim_preempt_" name)

/* One mode: bit-identical results, one event per SM, what was evicted. */
static char *check_mode(const char *const *options, bool is_inplace, bool is_drain)
{
  references();
  static uint32_t got1[GRID1 * BLOCK1], got2[GRID2 * BLOCK2];
  char *t = NULL;
  ptxsim_preempt_by_result r;
  uint64_t c = run_pair(options, AT, got1, got2, &t, &r);
  ck_assert_msg(memcmp(got1, ref1, sizeof ref1) == 0, "longk differs from its run alone");
  ck_assert_msg(memcmp(got2, ref2, sizeof ref2) == 0, "shortk differs from its run alone");
  ck_assert_int_eq(r.ran, 1);
  ck_assert_int_eq(r.status, PTXSIM_OK);
  ck_assert_uint_eq(r.sms, SMS);
  ck_assert_uint_eq(r.ctas_per_sm, 2);
  ck_assert_uint_ge(r.start_cycle, AT);
  ck_assert_uint_gt(r.cycles, 0);
  ck_assert_uint_eq(r.thread_instructions > 0, 1);
  ck_assert_uint_eq(ST(t, "events"), SMS);
  if (!is_drain) {
    /* The SMs were out while shortk ran: longk takes longer. */
    ck_assert_uint_gt(c, cycles1 + r.cycles / 2);
    ck_assert_uint_eq(ST(t, "tbs_evicted"), is_inplace ? SMS * 1 : SMS * 4);
    ck_assert_uint_eq(ST(t, "tbs_kept"), is_inplace ? SMS * 3 : 0);
    ck_assert_uint_eq(ST(t, "smem_evicted"), is_inplace ? SMS * 1 : SMS * 4);
    ck_assert_uint_eq(ST(t, "bytes_smem"), ST(t, "smem_evicted") * 8192);
    ck_assert_uint_gt(ST(t, "restore_cycles"), 0);
  } else {
    ck_assert_uint_eq(ST(t, "tbs_evicted"), 0);
    ck_assert_uint_eq(ST(t, "bytes_regs"), 0);
  }
  return t;
}

START_TEST(test_occupancy)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy", NULL};
  char *t = check_mode(o, false, false);
  ck_assert_uint_eq(ST(t, "bytes_regs"), SMS * 4 * 8 * 32 * 128);
  free(t);
}
END_TEST

START_TEST(test_occupancy_inplace)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy",
                                  "-ptxsim_preempt_inplace", "1", NULL};
  char *t = check_mode(o, true, false);
  ck_assert_uint_eq(ST(t, "bytes_regs"), SMS * 1 * 8 * 32 * 128);
  free(t);
}
END_TEST

START_TEST(test_state_bw_inplace)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy",
                                  "-ptxsim_preempt_inplace", "1", "-ptxsim_preempt_bw", "128",
                                  NULL};
  char *t = check_mode(o, true, false);
  ck_assert_uint_eq(ST(t, "restore_cycles"), ST(t, "spill_cycles"));
  free(t);
}
END_TEST

/* Live modes with every dead register poisoned on restore. */
START_TEST(test_live_poisoned)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "live", "-ptxsim_preempt_poison",
                                  "1", NULL};
  free(check_mode(o, false, false));
}
END_TEST

START_TEST(test_live_cp_inplace_poisoned)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "live_cp", "-ptxsim_preempt_poison",
                                  "1", "-ptxsim_preempt_inplace", "1", NULL};
  free(check_mode(o, true, false));
}
END_TEST

/* SM draining: the SMs empty, shortk runs, nothing is saved. */
START_TEST(test_drain)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "drain", NULL};
  free(check_mode(o, false, true));
}
END_TEST

/* An interrupt after longk's end: shortk runs then, no event. */
START_TEST(test_after_the_end)
{
  references();
  static uint32_t got1[GRID1 * BLOCK1], got2[GRID2 * BLOCK2];
  char *t = NULL;
  ptxsim_preempt_by_result r;
  uint64_t c = run_pair(NULL, 1000000000, got1, got2, &t, &r);
  ck_assert(memcmp(got1, ref1, sizeof ref1) == 0);
  ck_assert(memcmp(got2, ref2, sizeof ref2) == 0);
  ck_assert_uint_eq(c, cycles1);
  ck_assert_int_eq(r.ran, 1);
  ck_assert_uint_eq(ST(t, "events"), 0);
  free(t);
}
END_TEST

/* A configuration loaded between ptxsim_timing_preempt_by and the launch
 * still gives the first kernel its stop points: occupancy stops every
 * warp at once, so the save catches all 4 CTAs of each SM. */
START_TEST(test_config_loaded_after)
{
  references();
  tm_fixture f;
  tm_fixture_open(&f, "tests/pipeline/preempt_by.ptx", "gtx480", NULL, NULL);
  ptxsim_devptr o1 = tm_fixture_alloc(&f, sizeof ref1);
  ptxsim_devptr o2 = tm_fixture_alloc(&f, sizeof ref2);
  uint32_t n1 = N1, n2 = N2;
  const void *a1[] = {&o1, &n1}, *a2[] = {&o2, &n2};
  ptxsim_dim3 g = {GRID2, 1, 1}, b = {BLOCK2, 1, 1};
  ck_assert_int_eq(ptxsim_timing_preempt_by(f.device, f.module, "shortk", g, b, 0, a2, 2, AT, SMS),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_config(f.device, "gtx480", NULL), PTXSIM_OK);
  static const char *const o[][2] = {{"-ptxsim_kernel_regs", "longk:32"},
                                     {"-ptxsim_kernel_regs", "shortk:16"},
                                     {"-ptxsim_preempt_mode", "occupancy"}};
  for (size_t i = 0; i < 3; i++)
    ck_assert_int_eq(ptxsim_device_set_config_option(f.device, o[i][0], o[i][1], NULL),
                     PTXSIM_OK);
  tm_fixture_launch(&f, "longk", GRID1, BLOCK1, a1, 2);
  static uint32_t got1[GRID1 * BLOCK1], got2[GRID2 * BLOCK2];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got1, o1, sizeof got1), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got2, o2, sizeof got2), PTXSIM_OK);
  ck_assert(memcmp(got1, ref1, sizeof ref1) == 0);
  ck_assert(memcmp(got2, ref2, sizeof ref2) == 0);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_preempt_events"), SMS);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_preempt_tbs_evicted"), SMS * 4);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "ptxsim_preempt_drain_cycles") < 100, 1);
  tm_fixture_close(&f);
}
END_TEST

START_TEST(test_functional_mode_refused)
{
  ptxsim_module *m = NULL;
  ptxsim_device *d = NULL;
  ck_assert_int_eq(ptxsim_module_load_file(test_path("tests/pipeline/preempt_by.ptx"), &m, NULL),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(d, m), PTXSIM_OK);
  uint32_t n = 1;
  ptxsim_devptr o = 0;
  const void *a[] = {&o, &n};
  ptxsim_dim3 g = {1, 1, 1}, b = {32, 1, 1};
  ck_assert_int_eq(ptxsim_timing_preempt_by(d, m, "shortk", g, b, 0, a, 2, 10, 1),
                   PTXSIM_E_INVALID);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("preempt_by");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_occupancy);
  tcase_add_test(tc, test_occupancy_inplace);
  tcase_add_test(tc, test_state_bw_inplace);
  tcase_add_test(tc, test_live_poisoned);
  tcase_add_test(tc, test_live_cp_inplace_poisoned);
  tcase_add_test(tc, test_drain);
  tcase_add_test(tc, test_after_the_end);
  tcase_add_test(tc, test_config_loaded_after);
  tcase_add_test(tc, test_functional_mode_refused);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_set_fork_status(sr, CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
