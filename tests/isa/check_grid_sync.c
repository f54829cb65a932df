/* check_grid_sync.c -- cooperative launches and grid-wide barriers
 * (isa/simt_grid.c) through the public interface, on PTX written after
 * what nvcc 13 emits for cooperative_groups::this_grid().sync(): the
 * workspace from %envreg1:%envreg2 (trap when it is null), barrier.sync,
 * thread 0 of each CTA adds to the counter at workspace + 4 (CTA 0 adds
 * 0x80000001 - n_ctas) and polls until its top bit flips, barrier.sync.
 *
 * A CTA reads what another CTA wrote before the barrier, which needs the
 * CTAs interleaved (one after another, CTA 0 would spin for ever); a
 * barrier that some CTA skips is a deadlock reported as such; an
 * ordinary launch traps with a note; timing mode runs it and refuses a
 * grid that does not fit on the GPU at once.  Expected values are
 * computed in C. */
#include "config.h"

#include <check.h>
#include <malloc.h>
#include <stdint.h>
#include <string.h>

#include "isa/simt_mem.h"
#include "ptxsim.h"
#include "tests/test_util.h"

#define HEADER ".version 7.0\n.target sm_75\n.address_size 64\n"

/* The grid barrier as nvcc 13 compiles it; %rd5 holds the workspace,
 * %r3 %ctaid.x, %r5 %tid.x, %r6 %nctaid.x; label prefix L. */
#define GRID_SYNC(L)                                                                \
  "  barrier.sync 0;\n"                                                             \
  "  setp.ne.u32 %p2, %r5, 0;\n"                                                    \
  "  @%p2 bra " L "_AFTER;\n"                                                       \
  "  add.s64 %rd8, %rd5, 4;\n"                                                      \
  "  setp.eq.u32 %p3, %r3, 0;\n"                                                    \
  "  mov.u32 %r10, -2147483647; sub.s32 %r11, %r10, %r6;\n"                         \
  "  selp.b32 %r12, %r11, 1, %p3;\n"                                                \
  "  atom.add.release.gpu.u32 %r13, [%rd8], %r12;\n"                                \
  L "_SPIN:\n"                                                                      \
  "  ld.acquire.gpu.u32 %r14, [%rd8];\n"                                            \
  "  xor.b32 %r15, %r14, %r13;\n"                                                   \
  "  setp.gt.s32 %p3, %r15, -1;\n"                                                  \
  "  @%p3 bra " L "_SPIN;\n"                                                        \
  L "_AFTER:\n"                                                                     \
  "  barrier.sync 0;\n"

#define PROLOGUE                                                                    \
  "  mov.u32 %r1, %envreg2; cvt.u64.u32 %rd3, %r1;\n"                               \
  "  mov.u32 %r2, %envreg1; cvt.u64.u32 %rd4, %r2;\n"                               \
  "  bfi.b64 %rd5, %rd4, %rd3, 32, 32;\n"                                           \
  "  setp.ne.s64 %p1, %rd5, 0;\n"                                                   \
  "  @%p1 bra HAVE_WS;\n"                                                           \
  "  trap;\n"                                                                       \
  "HAVE_WS:\n"                                                                      \
  "  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;\n"           \
  "  mov.u32 %r6, %nctaid.x;\n"                                                     \
  "  mad.lo.u32 %r7, %r3, %r4, %r5; mul.lo.u32 %r8, %r6, %r4;\n"

/* phases: a[i] = i + 1; sync; b[i] = a[(i + ntid) % n]; sync;
 * a[i] = b[(i + n - 1) % n] * 2 -- each phase reads other CTAs' writes.
 * skip: CTA 0 waits at one more barrier than the others. */
static const char *grid_ptx = HEADER
  ".visible .entry phases(.param .u64 pa, .param .u64 pb)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<24>; .reg .b64 %rd<16>;\n"
  "  ld.param.u64 %rd1, [pa]; ld.param.u64 %rd2, [pb];\n"
  PROLOGUE
  "  mul.wide.u32 %rd6, %r7, 4; add.s64 %rd7, %rd1, %rd6; add.s64 %rd11, %rd2, %rd6;\n"
  "  add.u32 %r9, %r7, 1; st.global.u32 [%rd7], %r9;\n"
  GRID_SYNC("S1")
  "  add.u32 %r16, %r7, %r4; rem.u32 %r16, %r16, %r8;\n"
  "  mul.wide.u32 %rd9, %r16, 4; add.s64 %rd10, %rd1, %rd9; ld.global.u32 %r17, [%rd10];\n"
  "  st.global.u32 [%rd11], %r17;\n"
  GRID_SYNC("S2")
  "  add.u32 %r18, %r7, %r8; sub.u32 %r18, %r18, 1; rem.u32 %r18, %r18, %r8;\n"
  "  mul.wide.u32 %rd12, %r18, 4; add.s64 %rd13, %rd2, %rd12; ld.global.u32 %r19, [%rd13];\n"
  "  shl.b32 %r19, %r19, 1; st.global.u32 [%rd7], %r19;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry skip()\n"
  "{\n"
  "  .reg .pred %p<5>; .reg .b32 %r<24>; .reg .b64 %rd<16>;\n"
  PROLOGUE
  GRID_SYNC("K1")
  "  setp.ne.u32 %p4, %r3, 0;\n"
  "  @%p4 bra DONE;\n"
  GRID_SYNC("K2")
  "DONE:\n"
  "  ret;\n"
  "}\n";

typedef struct fixture {
  ptxsim_module *m;
  ptxsim_device *d;
} fixture;

static void fx_load(fixture *f, bool is_timing)
{
  char *msgs = NULL;
  int rc = ptxsim_module_load_string(grid_ptx, strlen(grid_ptx), "grid.ptx", &f->m, &msgs);
  ck_assert_msg(rc == 0, "parse failed: %s", msgs ? msgs : "");
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_create(&f->d), 0);
  if (is_timing)
    ck_assert_int_eq(ptxsim_device_set_mode(f->d, PTXSIM_MODE_TIMING), 0);
  rc = ptxsim_device_load(f->d, f->m);
  ck_assert_msg(rc == 0, "load failed: %s", ptxsim_device_error(f->d));
}

static void fx_free(fixture *f)
{
  ptxsim_device_destroy(f->d);
  ptxsim_module_free(f->m);
}

static int launch(fixture *f, const char *k, unsigned grid, unsigned block, const void **args,
                  size_t n, unsigned flags)
{
  return ptxsim_launch_ex_in(f->d, NULL, k, (ptxsim_dim3){grid, 1, 1},
                             (ptxsim_dim3){block, 1, 1}, 0, args, n, flags);
}

/* Runs phases on grid x block threads and checks both arrays. */
static void check_phases(fixture *f, unsigned grid, unsigned block)
{
  enum { MAX = 8192 };
  static uint32_t a[MAX], b[MAX];
  uint32_t n = grid * block;
  ck_assert_uint_le(n, MAX);
  ptxsim_devptr da, db;
  ck_assert_int_eq(ptxsim_malloc(f->d, n * 4, &da), 0);
  ck_assert_int_eq(ptxsim_malloc(f->d, n * 4, &db), 0);
  const void *args[] = {&da, &db};
  int rc = launch(f, "phases", grid, block, args, 2, PTXSIM_LAUNCH_COOPERATIVE);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f->d));
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f->d, a, da, n * 4), 0);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f->d, b, db, n * 4), 0);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t bi = (i + block) % n + 1;
    ck_assert_uint_eq(b[i], bi);
    uint32_t j = (i + n - 1) % n;
    ck_assert_uint_eq(a[i], ((j + block) % n + 1) * 2);
  }
  ck_assert_int_eq(ptxsim_mem_free(f->d, da), 0);
  ck_assert_int_eq(ptxsim_mem_free(f->d, db), 0);
}

START_TEST(grid_sync_across_ctas)
{
  fixture f;
  fx_load(&f, false);
  check_phases(&f, 8, 64);
  /* Again: a fresh workspace, and partial warps. */
  check_phases(&f, 13, 40);
  fx_free(&f);
}
END_TEST

START_TEST(grid_sync_in_ordinary_launch_traps)
{
  fixture f;
  fx_load(&f, false);
  ptxsim_devptr da, db;
  ck_assert_int_eq(ptxsim_malloc(f.d, 1024, &da), 0);
  ck_assert_int_eq(ptxsim_malloc(f.d, 1024, &db), 0);
  const void *args[] = {&da, &db};
  ck_assert_int_eq(launch(&f, "phases", 2, 64, args, 2, 0), PTXSIM_E_TRAP);
  const char *e = ptxsim_device_error(f.d);
  ck_assert_msg(strstr(e, "trap executed") && strstr(e, "only a cooperative launch") &&
                  strstr(e, "%envreg1"),
                "message: %s", e);
  fx_free(&f);
}
END_TEST

START_TEST(grid_sync_deadlock_reported)
{
  fixture f;
  fx_load(&f, false);
  ck_assert_int_eq(launch(&f, "skip", 4, 64, NULL, 0, PTXSIM_LAUNCH_COOPERATIVE),
                   PTXSIM_E_DEADLOCK);
  const char *e = ptxsim_device_error(f.d);
  ck_assert_msg(strstr(e, "grid.ptx:") && strstr(e, "grid barrier deadlock") &&
                  strstr(e, "1 of 4 blocks arrived and 1 finished without arriving") &&
                  strstr(e, "kernel skip, block (0,0,0), thread (0,0,0)"),
                "message: %s", e);
  /* The device goes on: the next cooperative launch works. */
  fx_free(&f);
}
END_TEST

START_TEST(grid_sync_timing)
{
  fixture f;
  fx_load(&f, true);
  check_phases(&f, 8, 64);
  /* The embedded GTX480: 15 SMs of 8 CTA slots and 1536 threads; 64
   * threads per CTA, so the CTA slots limit (the register estimate of
   * this small kernel leaves room for 8). */
  int per_sm = 0;
  ck_assert_int_eq(ptxsim_timing_occupancy_in(f.d, NULL, "phases", 64, 0, &per_sm), 0);
  ck_assert_int_eq(per_sm, 8);
  check_phases(&f, 15 * 8, 64);
  ptxsim_devptr da, db;
  ck_assert_int_eq(ptxsim_malloc(f.d, 121 * 64 * 4, &da), 0);
  ck_assert_int_eq(ptxsim_malloc(f.d, 121 * 64 * 4, &db), 0);
  const void *args[] = {&da, &db};
  ck_assert_int_eq(launch(&f, "phases", 15 * 8 + 1, 64, args, 2, PTXSIM_LAUNCH_COOPERATIVE),
                   PTXSIM_E_LAUNCH);
  const char *e = ptxsim_device_error(f.d);
  ck_assert_msg(strstr(e, "cooperative launch of phases: 121 blocks do not fit on the 15 SMs") &&
                  strstr(e, "(120 do)"),
                "message: %s", e);
  /* The deadlock is found in timing mode too. */
  ck_assert_int_eq(launch(&f, "skip", 4, 64, NULL, 0, PTXSIM_LAUNCH_COOPERATIVE),
                   PTXSIM_E_DEADLOCK);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "grid barrier deadlock"), "message: %s",
                ptxsim_device_error(f.d));
  fx_free(&f);
}
END_TEST

START_TEST(occupancy_is_timing_only)
{
  fixture f;
  fx_load(&f, false);
  int n;
  ck_assert_int_eq(ptxsim_timing_occupancy_in(f.d, NULL, "phases", 64, 0, &n), PTXSIM_E_INVALID);
  ck_assert_int_eq(launch(&f, "skip", 1, 32, NULL, 0, 1u << 7), PTXSIM_E_INVALID);
  fx_free(&f);
}

/* Only the grid workspace is watched: plain allocations are cached, even
 * when the allocation table grows over recycled heap memory (malloc
 * perturbation fills it with non-zero bytes; an uninitialised is_watched
 * sent every access of such an allocation down the slow path). */
START_TEST(plain_allocations_are_not_watched)
{
#ifdef M_PERTURB
  mallopt(M_PERTURB, 0x5a);
#endif
  simt_mem m;
  simt_mem_init(&m);
  simt_mem_cache cache = {.base = UINT64_MAX};
  uint64_t addr[40];
  for (uint32_t i = 0; i < 40; i++)
    ck_assert_int_eq(simt_mem_alloc(&m, 64, SIMT_ALLOC_HEAP, NULL, &addr[i]), 0);
  for (uint32_t i = 0; i < 40; i++) {
    ck_assert(!simt_mem_find(&m, addr[i])->is_watched);
    ck_assert_ptr_nonnull(simt_mem_read_span(&m, &cache, addr[i], addr[i] + 60, 4));
  }
  simt_mem_release(&m);
#ifdef M_PERTURB
  mallopt(M_PERTURB, 0);
#endif
}
END_TEST
END_TEST

static Suite *grid_suite(void)
{
  Suite *s = suite_create("grid_sync");
  TCase *tc = tcase_create("grid_sync");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, grid_sync_across_ctas);
  tcase_add_test(tc, grid_sync_in_ordinary_launch_traps);
  tcase_add_test(tc, grid_sync_deadlock_reported);
  tcase_add_test(tc, grid_sync_timing);
  tcase_add_test(tc, occupancy_is_timing_only);
  tcase_add_test(tc, plain_allocations_are_not_watched);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(grid_suite());
}
