/* check_preempt_mem.c -- where a preempted SM's context goes and what it
 * costs (pipeline/preempt_ctl.h): the State/BW model (-ptxsim_preempt_bw
 * N), the memsys path (-ptxsim_preempt_bw 0: 128-byte stores and loads
 * through the LD/ST pipeline, interconnect, L2 and DRAM), and TB-level
 * compression at barriers (-ptxsim_preempt_tb_compress, 004 §1.5 Fig 2.9).
 *
 * The kernel `spin` runs one CTA of 64 threads (two warps) on one SM; its
 * loop has a bar.sync, which is the loop's preemption point (a bar.pp).
 * Every test fixes its registers per thread (-ptxsim_kernel_regs spin:16)
 * and PAG 32, and checks the kernel's results (out[t] = n * t).
 *
 * Hand derivations:
 *   - occupancy mode: a warp's register context is 16 x 128 B = 16
 *     segments, its SIMT stack one entry (12 B, one segment: the loop
 *     does not diverge), no shared memory: 2 x 17 = 34 segments per event;
 *   - State/BW at 128 B/cycle: per event 32 cycles of registers and 2 of
 *     SIMT stacks, plus the interconnect latency once (the rest of the
 *     spill);
 *   - memsys: each segment is one .cg store (save) and one .cg load
 *     (restore) of one 128-byte line: two L2 accesses more per segment
 *     than the run without injection; the LD/ST pipeline sends at most one
 *     access per cycle, so a save of S segments takes at least S cycles,
 *     and a restore at least S cycles plus an L2 round trip;
 *   - TB level at the bar.pp: live are %r1 = tid (global strided), %r2 =
 *     n and %r3 = i (global uniform), %r4 = i * tid (global strided, i >=
 *     1), %rd1 = out (64 bits: two global-uniform slots).  Warp level with
 *     PAG 32 per warp: 2 strided x 8 B + 4 uniform x 4 B = 32 B, plus the
 *     pattern vector of 16 registers (4 B): 72 B for the CTA; TB level:
 *     4 x 4 B + 2 x 8 B = 32 B, the two pattern vectors (8 B) and the
 *     global bits (16 bits: 2 B): 42 B.  The controller's own live_cp
 *     bytes count the pattern vector of the 6 live slots (2 B): 2 x 34 =
 *     68 B per CTA without TB-level compression, 42 B with it.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

static const char spin_ptx[] =
    ".version 7.0\n"
    ".target sm_20\n"
    ".address_size 64\n"
    ".visible .entry spin(.param .u64 out, .param .u32 n)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<8>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r2, [n];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r3, 0;\n"
    "  mov.u32 %r4, 0;\n"
    "LOOP:\n"
    "  add.u32 %r4, %r4, %r1;\n"
    "  add.u32 %r3, %r3, 1;\n"
    "  bar.sync 0;\n"
    "  setp.lt.u32 %p1, %r3, %r2;\n"
    "  @%p1 bra LOOP;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r4;\n"
    "  ret;\n"
    "}\n";

enum { THREADS = 64, N_ITER = 400 };

#define COMMON_OPTS                                                                       \
  "-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1", "-ptxsim_kernel_regs", \
      "spin:16", "-ptxsim_pp_pag", "32", "-ptxsim_preempt_poison", "1"

/* The statistics text of one run of spin under options (NULL-terminated
 * "-name", "value" pairs); its results checked. */
static char *run_spin(const char *const *options)
{
  static const char *const common[] = {COMMON_OPTS, NULL};
  tm_fixture f;
  tm_fixture_open_text(&f, spin_ptx, "spin.ptx", "gtx480", common, options);
  ptxsim_devptr out = tm_fixture_alloc(&f, THREADS * 4);
  uint32_t n = N_ITER;
  const void *args[] = {&out, &n};
  tm_fixture_launch(&f, "spin", 1, THREADS, args, 2);
  uint32_t got[THREADS];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < THREADS; t++)
    ck_assert_msg(got[t] == N_ITER * t, "out[%u] = %u, not %u", t, got[t], N_ITER * t);
  char *text = tm_fixture_stats_text(&f);
  tm_fixture_close(&f);
  return text;
}

#define ST(text, name) tm_stats_u64(text, "ptxsim_preempt_" name)

START_TEST(test_state_bw)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy", "-ptxsim_preempt_inject",
                                  "500", "-ptxsim_preempt_bw", "128", NULL};
  char *t = run_spin(o);
  uint64_t ev = ST(t, "events");
  ck_assert_uint_gt(ev, 2);
  ck_assert_uint_eq(ST(t, "segments"), 34 * ev);
  ck_assert_uint_eq(ST(t, "bytes_regs"), 2 * 16 * 128 * ev);
  ck_assert_uint_eq(ST(t, "spill_cycles_regs"), 32 * ev);
  ck_assert_uint_eq(ST(t, "spill_cycles_simt"), 2 * ev);
  ck_assert_uint_eq(ST(t, "spill_cycles_smem"), 0);
  uint64_t spill = ST(t, "spill_cycles");
  ck_assert_uint_eq(spill % ev, 0); /* + the interconnect latency once per event */
  ck_assert_uint_gt(spill, 34 * ev);
  ck_assert_uint_eq(ST(t, "restore_cycles"), spill);
  ck_assert_uint_eq(ST(t, "ctx_wait_cycles"), 0);
  free(t);
}
END_TEST

START_TEST(test_memsys)
{
  static const char *const off[] = {"-ptxsim_preempt_inject", "0", NULL};
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy", "-ptxsim_preempt_inject",
                                  "500", "-ptxsim_preempt_bw", "0", NULL};
  char *t0 = run_spin(off);
  char *t = run_spin(o);
  uint64_t ev = ST(t, "events"), segs = ST(t, "segments");
  ck_assert_uint_gt(ev, 2);
  ck_assert_uint_eq(segs, 34 * ev);
  /* Each segment one L2 write and one L2 read. */
  uint64_t l2 = tm_stats_u64(t, "L2_total_cache_accesses");
  uint64_t l2_0 = tm_stats_u64(t0, "L2_total_cache_accesses");
  ck_assert_uint_eq(l2 - l2_0, 2 * segs);
  /* One access per cycle at most: S cycles for S segments, per part. */
  ck_assert_uint_ge(ST(t, "spill_cycles_regs"), 32 * ev);
  ck_assert_uint_ge(ST(t, "spill_cycles_simt"), 2 * ev);
  ck_assert_uint_eq(ST(t, "spill_cycles"), ST(t, "spill_cycles_regs") +
                                               ST(t, "spill_cycles_simt") +
                                               ST(t, "spill_cycles_smem"));
  /* Loads wait for their data: above the save's S cycles. */
  ck_assert_uint_gt(ST(t, "restore_cycles"), segs);
  ck_assert_uint_eq(ST(t, "latency_cycles"), ST(t, "drain_cycles") + ST(t, "spill_cycles"));
  /* No injection: nothing of the controller shows. */
  ck_assert_uint_eq(ST(t0, "events"), 0);
  ck_assert_uint_eq(ST(t0, "segments"), 0);
  free(t0);
  free(t);
}
END_TEST

/* The memsys path is slower than an unloaded port at 128 B per cycle:
 * a 128-byte store is 5 flits of 32 bytes at the SM's port. */
START_TEST(test_memsys_vs_bw)
{
  static const char *const bw[] = {"-ptxsim_preempt_mode", "occupancy", "-ptxsim_preempt_inject",
                                   "500", "-ptxsim_preempt_bw", "128", NULL};
  static const char *const ms[] = {"-ptxsim_preempt_mode", "occupancy", "-ptxsim_preempt_inject",
                                   "500", "-ptxsim_preempt_bw", "0", NULL};
  char *a = run_spin(bw), *b = run_spin(ms);
  double per_a = (double)ST(a, "spill_cycles_regs") / (double)ST(a, "events");
  double per_b = (double)ST(b, "spill_cycles_regs") / (double)ST(b, "events");
  ck_assert_msg(per_b > per_a, "memsys %.1f cycles per event, State/BW %.1f", per_b, per_a);
  free(a);
  free(b);
}
END_TEST

static char *run_tb(const char *tb)
{
  const char *const o[] = {"-ptxsim_preempt_mode", "live_cp", "-ptxsim_preempt_inject", "500",
                           "-ptxsim_preempt_tb_compress", tb, NULL};
  return run_spin(o);
}

START_TEST(test_tb_compress)
{
  char *t0 = run_tb("0"), *t1 = run_tb("1");
  for (int i = 0; i < 2; i++) {
    const char *t = i ? t1 : t0;
    uint64_t ev = ST(t, "events"), tbs = ST(t, "tbs_at_barrier");
    ck_assert_uint_gt(ev, 2);
    ck_assert_uint_eq(tbs, ev); /* the only point is the barrier */
    ck_assert_uint_eq(ST(t, "tb_bytes_warp"), 72 * tbs);
    ck_assert_uint_eq(ST(t, "tb_bytes_tb"), 42 * tbs);
    ck_assert_uint_eq(ST(t, "bytes_live_cp"), 68 * ev);
    ck_assert_uint_eq(ST(t, "bytes_regs"), (i ? 42 : 68) * ev);
    /* Registers: one record per CTA (TB level) or one per warp. */
    ck_assert_uint_eq(ST(t, "segments"), (i ? 1 + 2 : 2 + 2) * ev);
  }
  free(t0);
  free(t1);
}
END_TEST

/* Not at a barrier point (occupancy stops anywhere): live modes only. */
START_TEST(test_tb_needs_live)
{
  static const char *const o[] = {"-ptxsim_preempt_mode", "occupancy", "-ptxsim_preempt_inject",
                                  "500", "-ptxsim_preempt_tb_compress", "1", NULL};
  char *t = run_spin(o);
  ck_assert_uint_eq(ST(t, "tbs_at_barrier"), 0);
  ck_assert_uint_eq(ST(t, "bytes_regs"), 2 * 16 * 128 * ST(t, "events"));
  free(t);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("preempt_mem");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_state_bw);
  tcase_add_test(tc, test_memsys);
  tcase_add_test(tc, test_memsys_vs_bw);
  tcase_add_test(tc, test_tb_compress);
  tcase_add_test(tc, test_tb_needs_live);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
