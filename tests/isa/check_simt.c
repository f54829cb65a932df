/* check_simt.c -- the functional core end to end on hand-written PTX:
 * reconvergence (nested divergence, loops with break and continue,
 * divergent exit and return, calls in divergent code, recursion,
 * brx.idx), barriers and their deadlock report, memory checking (out of
 * bounds, use after free, misaligned, shared and local), traps, the
 * runaway limit, refusal of unsupported instructions at load, launch
 * validation, and two independent devices in one process.  Expected
 * results are computed in C from the same inputs. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/test_util.h"

/* A device with one module loaded from text; fails the test on error. */
typedef struct fixture {
  ptxsim_module *m;
  ptxsim_device *d;
} fixture;

static void fx_load(fixture *f, const char *ptx)
{
  char *msgs = NULL;
  int rc = ptxsim_module_load_string(ptx, strlen(ptx), "test.ptx", &f->m, &msgs);
  ck_assert_msg(rc == 0, "parse failed: %s", msgs ? msgs : "");
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_create(&f->d), 0);
  rc = ptxsim_device_load(f->d, f->m);
  ck_assert_msg(rc == 0, "load failed: %s", ptxsim_device_error(f->d));
}

static void fx_free(fixture *f)
{
  ptxsim_device_destroy(f->d);
  ptxsim_module_free(f->m);
}

static ptxsim_devptr fx_buf(fixture *f, const void *data, size_t bytes)
{
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(f->d, bytes, &p), 0);
  if (data)
    ck_assert_int_eq(ptxsim_memcpy_htod(f->d, p, data, bytes), 0);
  else
    ck_assert_int_eq(ptxsim_memset(f->d, p, 0, bytes), 0);
  return p;
}

static int fx_launch(fixture *f, const char *k, unsigned grid, unsigned block, const void **args,
                     size_t n)
{
  return ptxsim_launch(f->d, k, (ptxsim_dim3){grid, 1, 1}, (ptxsim_dim3){block, 1, 1}, 0, args,
                       n);
}

#define HEADER ".version 7.0\n.target sm_75\n.address_size 64\n"

/* out[i] = f(in[i]) with nested divergence, a loop with break and
 * continue, and an early exit for negative inputs. */
static const char *divergence_ptx = HEADER
  ".visible .entry k(.param .u64 in, .param .u64 out)\n"
  "{\n"
  "  .reg .pred %p<8>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
  "  ld.param.u64 %rd1, [in]; ld.param.u64 %rd2, [out];\n"
  "  mov.u32 %r1, %tid.x; mul.wide.u32 %rd3, %r1, 4;\n"
  "  add.s64 %rd4, %rd1, %rd3; add.s64 %rd5, %rd2, %rd3;\n"
  "  ld.global.s32 %r2, [%rd4];\n"
  "  setp.lt.s32 %p1, %r2, 0;\n"
  "  @%p1 bra NEG;\n"
  "  mov.u32 %r3, 0;\n"          /* acc */
  "  mov.u32 %r4, 0;\n"          /* j */
  "LOOP:\n"
  "  setp.ge.s32 %p2, %r4, %r2;\n"
  "  @%p2 bra DONE;\n"
  "  add.s32 %r4, %r4, 1;\n"
  "  and.b32 %r5, %r4, 1;\n"
  "  setp.eq.s32 %p3, %r5, 0;\n"
  "  @%p3 bra LOOP;\n"           /* continue on even j */
  "  setp.gt.s32 %p4, %r4, 7;\n"
  "  @%p4 bra DONE;\n"           /* break past 7 */
  "  setp.eq.s32 %p5, %r4, 5;\n"
  "  @%p5 bra FIVE;\n"
  "  add.s32 %r3, %r3, %r4;\n"
  "  bra.uni LOOP;\n"
  "FIVE:\n"
  "  add.s32 %r3, %r3, 100;\n"
  "  bra.uni LOOP;\n"
  "DONE:\n"
  "  st.global.s32 [%rd5], %r3;\n"
  "  ret;\n"
  "NEG:\n"
  "  mov.u32 %r6, -7;\n"
  "  st.global.s32 [%rd5], %r6;\n"
  "  exit;\n"
  "}\n";

static int32_t divergence_ref(int32_t x)
{
  if (x < 0)
    return -7;
  int32_t acc = 0;
  for (int32_t j = 0; j < x;) {
    j++;
    if ((j & 1) == 0)
      continue;
    if (j > 7)
      break;
    acc += j == 5 ? 100 : j;
  }
  return acc;
}

START_TEST(nested_divergence_loops_exit)
{
  fixture f;
  fx_load(&f, divergence_ptx);
  int32_t in[64], out[64];
  for (int i = 0; i < 64; i++)
    in[i] = (i * 7919) % 23 - 5;
  ptxsim_devptr din = fx_buf(&f, in, sizeof in), dout = fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  int rc = fx_launch(&f, "k", 1, 64, args, 2);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, dout, sizeof out), 0);
  for (int i = 0; i < 64; i++)
    ck_assert_msg(out[i] == divergence_ref(in[i]), "lane %d: in %d: got %d want %d", i, in[i],
                  out[i], divergence_ref(in[i]));
  ptxsim_stats st;
  ck_assert_int_eq(ptxsim_last_stats(f.d, &st), 0);
  ck_assert(st.simd_efficiency > 0 && st.simd_efficiency < 1.0);
  ck_assert_uint_eq(st.ctas, 1);
  ck_assert_uint_eq(st.warps, 2);
  fx_free(&f);
}
END_TEST

/* A recursive function called from divergent code, with a divergent
 * return inside it: fact(n) for odd lanes, 0 for even ones. */
static const char *calls_ptx = HEADER
  ".func (.param .b32 r) fact(.param .b32 n)\n"
  "{\n"
  "  .reg .pred %p<2>; .reg .b32 %r<8>;\n"
  "  ld.param.b32 %r1, [n];\n"
  "  setp.le.s32 %p1, %r1, 1;\n"
  "  @%p1 bra BASE;\n"
  "  sub.s32 %r2, %r1, 1;\n"
  "  { .param .b32 a0; .param .b32 r0;\n"
  "    st.param.b32 [a0], %r2;\n"
  "    call (r0), fact, (a0);\n"
  "    ld.param.b32 %r3, [r0]; }\n"
  "  mul.lo.s32 %r4, %r3, %r1;\n"
  "  st.param.b32 [r], %r4;\n"
  "  ret;\n"
  "BASE:\n"
  "  mov.u32 %r5, 1;\n"
  "  st.param.b32 [r], %r5;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry k(.param .u64 out)\n"
  "{\n"
  "  .reg .pred %p<2>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [out];\n"
  "  mov.u32 %r1, %tid.x; mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2;\n"
  "  mov.u32 %r2, 0;\n"
  "  and.b32 %r3, %r1, 1;\n"
  "  setp.eq.s32 %p1, %r3, 0;\n"
  "  @%p1 bra SKIP;\n"
  "  and.b32 %r4, %r1, 7;\n"
  "  { .param .b32 a0; .param .b32 r0;\n"
  "    st.param.b32 [a0], %r4;\n"
  "    call (r0), fact, (a0);\n"
  "    ld.param.b32 %r2, [r0]; }\n"
  "SKIP:\n"
  "  st.global.u32 [%rd3], %r2;\n"
  "  ret;\n"
  "}\n";

START_TEST(recursion_in_divergent_code)
{
  fixture f;
  fx_load(&f, calls_ptx);
  uint32_t out[32];
  ptxsim_devptr dout = fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  int rc = fx_launch(&f, "k", 1, 32, args, 1);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, dout, sizeof out), 0);
  for (uint32_t i = 0; i < 32; i++) {
    uint32_t want = 0;
    if (i & 1) {
      want = 1;
      for (uint32_t k = 2; k <= (i & 7); k++)
        want *= k;
    }
    ck_assert_msg(out[i] == want, "lane %u: got %u want %u", i, out[i], want);
  }
  fx_free(&f);
}
END_TEST

/* brx.idx: lanes jump to one of three targets by tid % 3. */
static const char *brx_ptx = HEADER
  ".visible .entry k(.param .u64 out)\n"
  "{\n"
  "  .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [out];\n"
  "  mov.u32 %r1, %tid.x; mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2;\n"
  "  rem.u32 %r2, %r1, 3;\n"
  "  ts: .branchtargets L0, L1, L2;\n"
  "  brx.idx %r2, ts;\n"
  "L0: mov.u32 %r3, 10; bra.uni J;\n"
  "L1: mov.u32 %r3, 20; bra.uni J;\n"
  "L2: mov.u32 %r3, 30;\n"
  "J: add.u32 %r3, %r3, %r1;\n"
  "  st.global.u32 [%rd3], %r3;\n"
  "  ret;\n"
  "}\n";

START_TEST(brx_idx_three_ways)
{
  fixture f;
  fx_load(&f, brx_ptx);
  uint32_t out[40];
  ptxsim_devptr dout = fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  int rc = fx_launch(&f, "k", 1, 40, args, 1);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, dout, sizeof out), 0);
  for (uint32_t i = 0; i < 40; i++)
    ck_assert_uint_eq(out[i], 10 * (i % 3 + 1) + i);
  fx_free(&f);
}
END_TEST

/* Shared memory and a barrier: reverse a block's values. */
static const char *barrier_ptx = HEADER
  ".visible .entry rev(.param .u64 io)\n"
  "{\n"
  "  .shared .align 4 .b8 s[512];\n"
  "  .reg .b32 %r<8>; .reg .b64 %rd<8>;\n"
  "  ld.param.u64 %rd1, [io];\n"
  "  mov.u32 %r1, %tid.x; mov.u32 %r2, %ntid.x;\n"
  "  mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2;\n"
  "  ld.global.u32 %r3, [%rd3];\n"
  "  mov.u32 %r4, s; shl.b32 %r5, %r1, 2; add.u32 %r6, %r4, %r5;\n"
  "  st.shared.u32 [%r6], %r3;\n"
  "  bar.sync 0;\n"
  "  sub.u32 %r7, %r2, %r1; sub.u32 %r7, %r7, 1; shl.b32 %r7, %r7, 2; add.u32 %r7, %r4, %r7;\n"
  "  ld.shared.u32 %r3, [%r7];\n"
  "  st.global.u32 [%rd3], %r3;\n"
  "  ret;\n"
  "}\n"
  /* Deadlock: only the first warp reaches the barrier. */
  ".visible .entry dead()\n"
  "{\n"
  "  .reg .pred %p1; .reg .b32 %r<2>;\n"
  "  mov.u32 %r1, %tid.x;\n"
  "  setp.ge.u32 %p1, %r1, 32;\n"
  "  @%p1 bra SPIN;\n"
  "  bar.sync 1;\n"
  "  ret;\n"
  "SPIN:\n"
  "  bar.sync 2;\n"
  "  ret;\n"
  "}\n"
  /* Exited warps do not block a barrier. */
  ".visible .entry early_exit()\n"
  "{\n"
  "  .reg .pred %p1; .reg .b32 %r<2>;\n"
  "  mov.u32 %r1, %tid.x;\n"
  "  setp.ge.u32 %p1, %r1, 32;\n"
  "  @%p1 exit;\n"
  "  bar.sync 0;\n"
  "  ret;\n"
  "}\n";

START_TEST(barrier_and_shared)
{
  fixture f;
  fx_load(&f, barrier_ptx);
  uint32_t io[128];
  for (uint32_t i = 0; i < 128; i++)
    io[i] = i * 3 + 1;
  ptxsim_devptr d = fx_buf(&f, io, sizeof io);
  const void *args[] = {&d};
  int rc = fx_launch(&f, "rev", 1, 128, args, 1);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, io, d, sizeof io), 0);
  for (uint32_t i = 0; i < 128; i++)
    ck_assert_uint_eq(io[i], (127 - i) * 3 + 1);
  ck_assert_int_eq(fx_launch(&f, "early_exit", 2, 96, NULL, 0), 0);
  fx_free(&f);
}
END_TEST

START_TEST(barrier_deadlock_reported)
{
  fixture f;
  fx_load(&f, barrier_ptx);
  int rc = ptxsim_launch(f.d, "dead", (ptxsim_dim3){3, 1, 1}, (ptxsim_dim3){64, 1, 1}, 0, NULL, 0);
  ck_assert_int_eq(rc, PTXSIM_E_DEADLOCK);
  const char *e = ptxsim_device_error(f.d);
  ck_assert_msg(strstr(e, "test.ptx:") && strstr(e, "deadlock") &&
                  strstr(e, "block (0,0,0)") && strstr(e, "kernel dead") &&
                  strstr(e, "warp 0 (threads 0..31) waits at barrier 1") &&
                  strstr(e, "warp 1 (threads 32..63) waits at barrier 2"),
                "message: %s", e);
  fx_free(&f);
}
END_TEST

/* Memory checking. */
static const char *mem_ptx = HEADER
  ".visible .entry rd(.param .u64 p, .param .u32 idx)\n"
  "{\n"
  "  .reg .b32 %r<4>; .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [idx];\n"
  "  mov.u32 %r2, %tid.x; add.u32 %r1, %r1, %r2;\n"
  "  mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2;\n"
  "  ld.global.u32 %r3, [%rd3];\n"
  "  ret;\n"
  "}\n"
  ".visible .entry mis(.param .u64 p)\n"
  "{\n"
  "  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p];\n"
  "  ld.global.u32 %r1, [%rd1+2];\n"
  "  ret;\n"
  "}\n"
  ".visible .entry sh(.param .u32 off)\n"
  "{\n"
  "  .shared .align 4 .b8 s[64];\n"
  "  .reg .b32 %r<4>;\n"
  "  ld.param.u32 %r1, [off]; mov.u32 %r2, s; add.u32 %r2, %r2, %r1;\n"
  "  st.shared.u32 [%r2], %r1;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry tr()\n"
  "{\n"
  "  .reg .pred %p1; .reg .b32 %r<2>;\n"
  "  mov.u32 %r1, %tid.x; setp.eq.u32 %p1, %r1, 5;\n"
  "  @%p1 trap;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry spin()\n"
  "{\n"
  "L: bra.uni L;\n"
  "}\n";

START_TEST(memcheck_out_of_bounds)
{
  fixture f;
  fx_load(&f, mem_ptx);
  ptxsim_devptr p = fx_buf(&f, NULL, 64 * 4);
  uint32_t idx = 40; /* threads 24.. read past the 64 elements */
  const void *args[] = {&p, &idx};
  int rc = ptxsim_launch(f.d, "rd", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){32, 1, 1}, 0, args, 2);
  ck_assert_int_eq(rc, PTXSIM_E_FAULT);
  const char *e = ptxsim_device_error(f.d);
  char addr[64];
  snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)(p + 64 * 4));
  ck_assert_msg(strstr(e, "test.ptx:10:") && strstr(e, "ld.global.u32") &&
                  strstr(e, "out of bounds") && strstr(e, "size 4") && strstr(e, addr) &&
                  strstr(e, ".global") && strstr(e, "kernel rd") &&
                  strstr(e, "thread (24,0,0)") && strstr(e, "block (0,0,0)"),
                "message: %s (want address %s)", e, addr);
  /* In bounds runs clean. */
  idx = 0;
  ck_assert_int_eq(ptxsim_launch(f.d, "rd", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){32, 1, 1}, 0,
                                 args, 2), 0);
  fx_free(&f);
}
END_TEST

START_TEST(memcheck_use_after_free)
{
  fixture f;
  fx_load(&f, mem_ptx);
  ptxsim_devptr p = fx_buf(&f, NULL, 256);
  ck_assert_int_eq(ptxsim_mem_free(f.d, p), 0);
  ck_assert_int_eq(ptxsim_mem_free(f.d, p), PTXSIM_E_INVALID); /* double free */
  uint32_t idx = 0;
  const void *args[] = {&p, &idx};
  int rc = ptxsim_launch(f.d, "rd", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){1, 1, 1}, 0, args, 2);
  ck_assert_int_eq(rc, PTXSIM_E_FAULT);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "use after free"), "%s", ptxsim_device_error(f.d));
  fx_free(&f);
}
END_TEST

START_TEST(memcheck_misaligned_shared_trap_runaway)
{
  fixture f;
  fx_load(&f, mem_ptx);
  ptxsim_devptr p = fx_buf(&f, NULL, 256);
  const void *args[] = {&p};
  ck_assert_int_eq(fx_launch(&f, "mis", 1, 1, args, 1), PTXSIM_E_FAULT);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "misaligned"), "%s", ptxsim_device_error(f.d));
  uint32_t off = 64;
  const void *a2[] = {&off};
  ck_assert_int_eq(fx_launch(&f, "sh", 1, 1, a2, 1), PTXSIM_E_FAULT);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), ".shared") &&
                  strstr(ptxsim_device_error(f.d), "write"),
                "%s", ptxsim_device_error(f.d));
  off = 60;
  ck_assert_int_eq(fx_launch(&f, "sh", 1, 1, a2, 1), 0);
  ck_assert_int_eq(fx_launch(&f, "tr", 1, 32, NULL, 0), PTXSIM_E_TRAP);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "thread (5,0,0)"), "%s",
                ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_device_set_limit(f.d, PTXSIM_LIMIT_INSTRUCTIONS, 100000), 0);
  ck_assert_int_eq(fx_launch(&f, "spin", 1, 32, NULL, 0), PTXSIM_E_TIMEOUT);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "kernel spin"), "%s", ptxsim_device_error(f.d));
  fx_free(&f);
}
END_TEST

START_TEST(launch_validation)
{
  fixture f;
  fx_load(&f, mem_ptx);
  ptxsim_devptr p = fx_buf(&f, NULL, 256);
  const void *args[] = {&p};
  ck_assert_int_eq(fx_launch(&f, "mis", 1, 2048, args, 1), PTXSIM_E_LAUNCH);
  ck_assert_int_eq(fx_launch(&f, "mis", 0, 32, args, 1), PTXSIM_E_LAUNCH);
  ck_assert_int_eq(fx_launch(&f, "mis", 1, 32, args, 0), PTXSIM_E_LAUNCH);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "1 arguments, 0 given"), "%s",
                ptxsim_device_error(f.d));
  ck_assert_int_eq(fx_launch(&f, "nope", 1, 32, args, 1), PTXSIM_E_NOTFOUND);
  fx_free(&f);
}
END_TEST

START_TEST(unsupported_refused_at_load)
{
  /* stacksave/stackrestore (dynamic local stacks) are not executed. */
  const char *ptx = ".version 7.3\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 p)\n"
    "{\n"
    "  .reg .b64 %rd<2>; .reg .f32 %f<8>;\n"
    "  ld.param.u64 %rd1, [p];\n"
    "  stacksave.u64 %rd1;\n"
    "  ret;\n"
    "}\n";
  ptxsim_module *m;
  char *msgs = NULL;
  int rc = ptxsim_module_load_string(ptx, strlen(ptx), "u.ptx", &m, &msgs);
  ck_assert_msg(rc == 0, "%s", msgs ? msgs : "");
  ptxsim_free(msgs);
  ptxsim_device *d;
  ck_assert_int_eq(ptxsim_device_create(&d), 0);
  ck_assert_int_eq(ptxsim_device_load(d, m), PTXSIM_E_UNSUPPORTED);
  ck_assert_msg(strstr(ptxsim_device_error(d), "u.ptx:8:") &&
                  strstr(ptxsim_device_error(d), "stacksave"),
                "%s", ptxsim_device_error(d));
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

/* An mbarrier orders two warps: each thread stores, arrives and spins on
 * test_wait; then it reads what a thread of the other warp stored.  Warp
 * 0 runs first, so a test_wait that did not wait would read zeros.  After
 * the phase, test_wait.parity 0 must report phase 0 complete and parity 1
 * not; pending_count of the state of the last arrival is 0.  Kernel
 * "over" arrives 33 times on a barrier initialised for 32. */
static const char *mbarrier_ptx = HEADER
  ".visible .entry k(.param .u64 out)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
  "  .shared .align 8 .b64 bar; .shared .align 4 .u32 data[64];\n"
  "  ld.param.u64 %rd1, [out];\n"
  "  mov.u32 %r1, %tid.x; mov.u32 %r2, bar;\n"
  "  setp.ne.u32 %p1, %r1, 0;\n"
  "  @%p1 bra SKIP;\n"
  "  mov.u32 %r3, 64; mbarrier.init.shared.b64 [%r2], %r3;\n"
  "SKIP:\n"
  "  bar.sync 0;\n"
  "  mov.u32 %r4, data; shl.b32 %r5, %r1, 2; add.u32 %r6, %r4, %r5;\n"
  "  mul.lo.u32 %r7, %r1, 3; add.u32 %r7, %r7, 1; st.shared.u32 [%r6], %r7;\n"
  "  mbarrier.arrive.shared.b64 %rd2, [%r2];\n"
  "WAIT:\n"
  "  mbarrier.test_wait.shared.b64 %p2, [%r2], %rd2;\n"
  "  @%p2 bra GO;\n"
  "  nanosleep.u32 20;\n"
  "  bra WAIT;\n"
  "GO:\n"
  "  mov.u32 %r8, 63; sub.u32 %r8, %r8, %r1; shl.b32 %r8, %r8, 2; add.u32 %r8, %r4, %r8;\n"
  "  ld.shared.u32 %r9, [%r8];\n"
  "  mov.u32 %r10, 0;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p3, [%r2], %r10;\n"
  "  @%p3 add.u32 %r9, %r9, 1000;\n"
  "  mov.u32 %r10, 1;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p3, [%r2], %r10;\n"
  "  @%p3 add.u32 %r9, %r9, 100000;\n"
  "  mbarrier.pending_count.b64 %r11, %rd2;\n"
  "  setp.eq.u32 %p3, %r1, 63;\n"
  "  @%p3 add.u32 %r9, %r9, %r11;\n"
  "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd3, %rd1, %rd3;\n"
  "  st.global.u32 [%rd3], %r9;\n"
  "  ret;\n"
  "}\n";

/* An arrival count above the pending count, and an arrive on an
 * object that was never initialised, are faults. */
static const char *mbarrier_bad_ptx =
  ".version 8.0\n.target sm_90\n.address_size 64\n"
  ".visible .entry over()\n"
  "{\n"
  "  .reg .b32 %r<4>; .reg .b64 %rd<2>; .shared .align 8 .b64 b2;\n"
  "  mov.u32 %r1, b2; mov.u32 %r2, 2; mov.u32 %r3, 5;\n"
  "  mbarrier.init.shared.b64 [%r1], %r2;\n"
  "  mbarrier.arrive.shared.b64 %rd1, [%r1], %r3;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry uninit()\n"
  "{\n"
  "  .reg .b32 %r<4>; .reg .b64 %rd<2>; .shared .align 8 .b64 b3;\n"
  "  mov.u32 %r1, b3;\n"
  "  mbarrier.arrive.shared.b64 %rd1, [%r1];\n"
  "  ret;\n"
  "}\n";

START_TEST(mbarrier_orders_warps)
{
  fixture f;
  fx_load(&f, mbarrier_ptx);
  ptxsim_devptr d = fx_buf(&f, NULL, 64 * 4);
  const void *args[] = {&d};
  int rc = fx_launch(&f, "k", 1, 64, args, 1);
  ck_assert_msg(rc == 0, "%s", ptxsim_device_error(f.d));
  uint32_t out[64];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, d, sizeof out), 0);
  for (uint32_t i = 0; i < 64; i++)
    ck_assert_uint_eq(out[i], (63 - i) * 3 + 1 + 1000);
  fx_free(&f);
  fx_load(&f, mbarrier_bad_ptx);
  ck_assert_int_eq(fx_launch(&f, "over", 1, 1, NULL, 0), PTXSIM_E_FAULT);
  ck_assert_ptr_nonnull(strstr(ptxsim_device_error(f.d), "exceeds the pending count"));
  ck_assert_ptr_nonnull(strstr(ptxsim_device_error(f.d), "test.ptx:"));
  ck_assert_int_eq(fx_launch(&f, "uninit", 1, 1, NULL, 0), PTXSIM_E_FAULT);
  ck_assert_ptr_nonnull(strstr(ptxsim_device_error(f.d), "not initialized"));
  fx_free(&f);
}
END_TEST

/* Constant predicate operands (nvcc: mov.pred %p, 0; xor.pred with a
 * literal): out = p1 | p2 << 1 | p3 << 2 | p4 << 3 with p1 = 0, p2 = 1,
 * p3 = !0 ^ 1 = 0, p4 = (tid odd) ^ 1 via xor with a literal. */
static const char *const_pred_ptx = HEADER
  ".visible .entry k(.param .u64 out)\n"
  "{\n"
  "  .reg .pred %p<8>; .reg .b32 %r<12>; .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [out]; mov.u32 %r1, %tid.x;\n"
  "  mov.pred %p1, 0; mov.pred %p2, 1; not.pred %p5, %p1; xor.pred %p3, %p5, 1;\n"
  "  and.b32 %r2, %r1, 1; setp.eq.u32 %p6, %r2, 1; xor.pred %p4, %p6, 1;\n"
  "  selp.u32 %r3, 1, 0, %p1; selp.u32 %r4, 2, 0, %p2; selp.u32 %r5, 4, 0, %p3;\n"
  "  selp.u32 %r6, 8, 0, %p4; or.b32 %r7, %r3, %r4; or.b32 %r7, %r7, %r5; or.b32 %r7, %r7, %r6;\n"
  "  mul.wide.u32 %rd2, %r1, 4; add.s64 %rd2, %rd1, %rd2; st.global.u32 [%rd2], %r7;\n"
  "  ret;\n"
  "}\n";

START_TEST(constant_predicates)
{
  fixture f;
  fx_load(&f, const_pred_ptx);
  ptxsim_devptr d = fx_buf(&f, NULL, 32 * 4);
  const void *args[] = {&d};
  ck_assert_int_eq(fx_launch(&f, "k", 1, 32, args, 1), 0);
  uint32_t out[32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, d, sizeof out), 0);
  for (uint32_t i = 0; i < 32; i++)
    ck_assert_uint_eq(out[i], 2u | (i & 1 ? 0u : 8u));
  fx_free(&f);
}
END_TEST

/* Lanes 0..7 run shfl.sync.down by 8 under membermask 0xff after a branch
 * that sent lanes 8..31 away; every lane had written %r2 (100 + lane)
 * before the branch.  On Volta and later the lanes that do not execute the
 * shfl supply 0, so lane l < 8 gets (100 + l) + 0, not (100 + l) + (108 + l);
 * the others keep %r2.
 * %r5 is read before any write: on a new device it holds 0 in the first
 * CTA (new register memory starts zeroed, never the host heap's bytes);
 * later CTAs may see the 77 an earlier one left, but the same on every run. */
static const char *shfl_inactive_ptx =
  ".version 7.8\n.target sm_75\n.address_size 64\n"
  ".visible .entry k(.param .u64 out, .param .u64 stale)\n{\n"
  "  .reg .b32 %r<8>; .reg .b64 %rd<6>; .reg .pred %p<2>;\n"
  "  ld.param.u64 %rd1, [out]; ld.param.u64 %rd4, [stale];\n"
  "  mov.u32 %r1, %tid.x; add.u32 %r2, %r1, 100;\n"
  "  setp.ge.u32 %p1, %r1, 8;\n"
  "  @%p1 bra DONE;\n"
  "  shfl.sync.down.b32 %r3, %r2, 8, 31, 0xff;\n"
  "  add.u32 %r2, %r2, %r3;\n"
  "DONE:\n"
  "  mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r2;\n"
  "  mov.u32 %r6, %ctaid.x; mad.lo.u32 %r7, %r6, 32, %r1;\n"
  "  mul.wide.u32 %rd2, %r7, 4; add.s64 %rd5, %rd4, %rd2; st.global.u32 [%rd5], %r5;\n"
  "  mov.u32 %r5, 77;\n"
  "  ret;\n"
  "}\n";

START_TEST(shfl_from_inactive_lanes_and_unwritten_registers)
{
  fixture f;
  fx_load(&f, shfl_inactive_ptx);
  ptxsim_devptr d = fx_buf(&f, NULL, 32 * 4), st = fx_buf(&f, NULL, 4 * 32 * 4);
  const void *args[] = {&d, &st};
  ck_assert_int_eq(fx_launch(&f, "k", 4, 32, args, 2), 0);
  uint32_t out[32], stale[4 * 32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, d, sizeof out), 0);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, stale, st, sizeof stale), 0);
  for (uint32_t l = 0; l < 32; l++)
    ck_assert_uint_eq(out[l], 100 + l);
  for (uint32_t i = 0; i < 32; i++)
    ck_assert_uint_eq(stale[i], 0);
  for (uint32_t i = 32; i < 4 * 32; i++)
    ck_assert(stale[i] == 0 || stale[i] == 77);
  fx_free(&f);
}
END_TEST

START_TEST(two_devices_are_independent)
{
  fixture a, b;
  fx_load(&a, barrier_ptx);
  fx_load(&b, barrier_ptx);
  uint32_t x[32], y[32];
  for (int i = 0; i < 32; i++)
    x[i] = (uint32_t)i, y[i] = (uint32_t)(100 + i);
  ptxsim_devptr pa = fx_buf(&a, x, sizeof x), pb = fx_buf(&b, y, sizeof y);
  const void *aa[] = {&pa}, *ab[] = {&pb};
  ck_assert_int_eq(fx_launch(&a, "rev", 1, 32, aa, 1), 0);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(b.d, y, pb, sizeof y), 0);
  ck_assert_uint_eq(y[0], 100); /* b untouched by a's launch */
  ck_assert_int_eq(fx_launch(&b, "rev", 1, 32, ab, 1), 0);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(a.d, x, pa, sizeof x), 0);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(b.d, y, pb, sizeof y), 0);
  ck_assert_uint_eq(x[0], 31);
  ck_assert_uint_eq(y[0], 131);
  fx_free(&a);
  fx_free(&b);
}
END_TEST

static Suite *simt_suite(void)
{
  Suite *s = suite_create("simt");
  TCase *tc = tcase_create("reconvergence");
  tcase_add_test(tc, nested_divergence_loops_exit);
  tcase_add_test(tc, recursion_in_divergent_code);
  tcase_add_test(tc, brx_idx_three_ways);
  tcase_add_test(tc, constant_predicates);
  suite_add_tcase(s, tc);
  tc = tcase_create("barriers");
  tcase_add_test(tc, barrier_and_shared);
  tcase_add_test(tc, barrier_deadlock_reported);
  tcase_add_test(tc, mbarrier_orders_warps);
  suite_add_tcase(s, tc);
  tc = tcase_create("memcheck");
  tcase_add_test(tc, memcheck_out_of_bounds);
  tcase_add_test(tc, memcheck_use_after_free);
  tcase_add_test(tc, memcheck_misaligned_shared_trap_runaway);
  suite_add_tcase(s, tc);
  tc = tcase_create("api");
  tcase_add_test(tc, launch_validation);
  tcase_add_test(tc, unsupported_refused_at_load);
  tcase_add_test(tc, two_devices_are_independent);
  tcase_add_test(tc, shfl_from_inactive_lanes_and_unwritten_registers);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(simt_suite());
}
