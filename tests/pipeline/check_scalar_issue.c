/* check_scalar_issue.c -- the issue rate of uniform vector instructions on
 * gtx285_scalar (configs/gtx285_scalar.config: 002a §1.2, §1.4), end to
 * end through the public interface.
 *
 * gtx285_scalar's SM has 8 SPs at the core clock: an SP or INT ALU warp
 * instruction holds the SP pipeline warpsize / NumSP = 32 / 8 = 4 cycles
 * (-ptx_opcode_initiation_int 4,...), a converted uniform one
 * (-ptxsim_scalar_mode token or srf) 1 cycle (002a §1.4: "from one per 4
 * cycles to one per cycle").  The kernel adds(n) is n independent uniform
 * adds (each reads the broadcast parameter, none reads another's result)
 * between the same prologue and epilogue, on one CTA of W warps on one
 * SM; its cycles are C0 + n * W * cost, so the difference between n = N1
 * and n = N2 is (N2 - N1) * W * cost:
 *   - vector (none): the SP unit is the limit, cost 4.  Fetch (2-entry
 *     buffers, one refill a cycle, latency 1) brings 2 instructions per
 *     warp per refill, more than the SP takes;
 *   - token, srf: cost 1, when the W >= 2 warps alternate (lrr): a warp's
 *     buffer of 2 runs dry after its second issue and its refill (start
 *     the next cycle, latency 1) arrives while the other warps issue.
 *     With W = 1 the refill shows: 2 issues per 3 cycles, cost 3/2.
 * The adds' latency (12) overlaps the later adds and is in C0.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

enum { N1 = 16, N2 = 48 };

/* The PTX of adds(n): prologue ld.param (broadcast: uniform), n adds
 * %r<2 + k % 16> = %r1 + k, epilogue storing %r1 at out[tid] (lane-
 * dependent).  16 destinations in turn: a warp's write of one has long
 * been written back (12 cycles) when the warp writes it again (16 issues
 * later), and 4 warps need at most 4 x 17 scalar registers, fewer than
 * the SRF's 128. */
static char *adds_ptx(unsigned n)
{
  size_t cap = 1024 + (size_t)n * 48;
  char *p = malloc(cap);
  ck_assert_ptr_nonnull(p);
  int k = snprintf(p, cap,
                   ".version 7.0\n.target sm_70\n.address_size 64\n"
                   ".visible .entry adds(.param .u64 out, .param .u32 x)\n{\n"
                   "  .reg .u32 %%r<20>;\n  .reg .u64 %%rd<4>;\n"
                   "  ld.param.u64 %%rd1, [out];\n  ld.param.u32 %%r1, [x];\n");
  for (unsigned i = 0; i < n; i++)
    k += snprintf(p + k, cap - (size_t)k, "  add.u32 %%r%u, %%r1, %u;\n", 2 + i % 16, i);
  snprintf(p + k, cap - (size_t)k,
           "  mov.u32 %%r18, %%tid.x;\n  mul.wide.u32 %%rd2, %%r18, 4;\n"
           "  add.u64 %%rd3, %%rd1, %%rd2;\n  st.global.u32 [%%rd3], %%r1;\n  exit;\n}\n");
  return p;
}

typedef struct run_result {
  uint64_t cycles, converted;
} run_result;

/* adds(n) on one SM of gtx285_scalar, one CTA of warps warps, under mode
 * (with the uniform check on); checks every lane stored x + 0 (n > 0). */
static run_result run(const char *mode, unsigned n, unsigned warps)
{
  const char *const opts[] = {"-ptxsim_scalar_mode", mode, "-ptxsim_scalar_check", "1",
                              "-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1",
                              NULL};
  char *ptx = adds_ptx(n);
  tm_fixture f;
  tm_fixture_open_text(&f, ptx, "adds.ptx", "gtx285_scalar", NULL, opts);
  free(ptx);
  unsigned threads = warps * 32;
  ptxsim_devptr out = tm_fixture_alloc(&f, threads * 4);
  uint32_t x = 1000;
  const void *args[] = {&out, &x};
  run_result r;
  r.cycles = tm_fixture_launch(&f, "adds", 1, threads, args, 2);
  r.converted = tm_fixture_stat_u64(&f, "ptxsim_scalar_converted_issues");
  uint32_t got[128];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, threads * 4), PTXSIM_OK);
  for (unsigned t = 0; t < threads; t++)
    ck_assert_uint_eq(got[t], 1000);
  tm_fixture_close(&f);
  return r;
}

/* The cycles the N2 - N1 extra adds take per warp instruction, times 2
 * (to keep 3/2 an integer), and the extra converted issues. */
static void extra(const char *mode, unsigned warps, uint64_t *twice_cost, uint64_t *converted)
{
  run_result a = run(mode, N1, warps), b = run(mode, N2, warps);
  uint64_t insns = (uint64_t)(N2 - N1) * warps;
  ck_assert_uint_gt(b.cycles, a.cycles);
  ck_assert_msg((b.cycles - a.cycles) * 2 % insns == 0,
                "%s, %u warps: %llu extra cycles for %llu adds", mode, warps,
                (unsigned long long)(b.cycles - a.cycles), (unsigned long long)insns);
  *twice_cost = (b.cycles - a.cycles) * 2 / insns;
  *converted = b.converted - a.converted;
}

START_TEST(vector_every_4_cycles_converted_every_cycle)
{
  static const unsigned warps[] = {1, 2, 4};
  for (size_t i = 0; i < 3; i++) {
    unsigned w = warps[i];
    uint64_t cost2, conv;
    extra("none", w, &cost2, &conv);
    ck_assert_uint_eq(cost2, 2 * 4);
    ck_assert_uint_eq(conv, 0);
    extra("token", w, &cost2, &conv);
    ck_assert_uint_eq(cost2, w == 1 ? 3 : 2 * 1);
    ck_assert_uint_eq(conv, (uint64_t)(N2 - N1) * w);
    extra("srf", w, &cost2, &conv);
    ck_assert_uint_eq(cost2, w == 1 ? 3 : 2 * 1);
    ck_assert_uint_eq(conv, (uint64_t)(N2 - N1) * w);
  }
}
END_TEST

static Suite *scalar_issue_suite(void)
{
  Suite *s = suite_create("scalar_issue");
  TCase *t = tcase_create("gtx285_scalar");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, vector_every_4_cycles_converted_every_cycle);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(scalar_issue_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
