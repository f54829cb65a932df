/* check_simt_context.c -- saving, poisoning and restoring a warp's
 * architectural context (isa/simt_context.c) in the middle of a kernel
 * with a divergent loop, a call whose callee diverges and uses local
 * memory and special registers, carry flags, a bar.red and %clock.  A run
 * preempted between instructions (save, poison, restore) must compute
 * bit for bit what an unpreempted run computes.  That the comparison
 * would see a restore that misses something is shown too: poison alone,
 * or poison that a restore leaves in one piece of the context, changes
 * the result (or stops the run).  Those runs go in a child process, as
 * garbage in a frame may as well crash it. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptxsim.h"
#include "tests/isa/simt_harness.h"
#include "tests/test_util.h"

enum { N_THREADS = 64, CAP = 40, MAX_STEPS = 200000 };

static const char *kernel_ptx = SH_HEADER
  /* Collatz: 3a + 1 for odd a, a / 2 for even, through local memory; key
   * is the caller's %tid.x + 1000 %warpid, which the callee's own special
   * registers must give again (adds 0). */
  ".func (.reg .u32 %rv) step(.reg .u32 %a, .reg .u32 %key)\n"
  "{\n"
  "  .reg .u32 %t<8>; .reg .pred %q;\n"
  "  .local .align 4 .b32 buf[2];\n"
  "  st.local.u32 [buf], %a;\n"
  "  and.b32 %t1, %a, 1;\n"
  "  setp.eq.u32 %q, %t1, 0;\n"
  "  @%q bra EVEN;\n"
  "  ld.local.u32 %t2, [buf];\n"
  "  mad.lo.u32 %rv, %t2, 3, 1;\n"
  "  bra.uni OUT;\n"
  "EVEN:\n"
  "  ld.local.u32 %t2, [buf];\n"
  "  shr.u32 %rv, %t2, 1;\n"
  "OUT:\n"
  "  mov.u32 %t3, %tid.x;\n"
  "  mov.u32 %t4, %warpid;\n"
  "  mad.lo.u32 %t5, %t4, 1000, %t3;\n"
  "  sub.u32 %t6, %t5, %key;\n"
  "  add.u32 %rv, %rv, %t6;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry k(.param .u64 out, .param .u32 cap)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<20>; .reg .b64 %rd<4>;\n"
  "  .shared .align 4 .b32 sh[64];\n"
  "  ld.param.u64 %rd1, [out];\n"
  "  ld.param.u32 %r9, [cap];\n"
  "  mov.u32 %r1, %tid.x;\n"
  "  and.b32 %r17, %r1, 31;\n"
  "  setp.eq.u32 %p0, %r17, 1;\n"
  "  @%p0 exit;\n"                          /* lane 1 leaves early */
  "  mov.u32 %r15, %warpid;\n"
  "  mad.lo.u32 %r16, %r15, 1000, %r1;\n"
  "  add.u32 %r2, %r1, 1;\n"
  "  mov.u32 %r3, 0;\n"
  "LOOP:\n"
  "  setp.eq.u32 %p1, %r2, 1;\n"
  "  @%p1 bra DONE;\n"
  "  call (%r4), step, (%r2, %r16);\n"
  "  mov.u32 %r2, %r4;\n"
  "  add.u32 %r3, %r3, 1;\n"
  "  setp.lt.u32 %p2, %r3, %r9;\n"
  "  @%p2 bra LOOP;\n"
  "DONE:\n"
  "  add.cc.u32 %r10, %r3, 0xfffffff0;\n"   /* carry: at least 16 steps */
  "  addc.u32 %r11, %r3, 0;\n"
  "  shl.b32 %r5, %r1, 2;\n"
  "  mov.u32 %r6, sh;\n"
  "  add.u32 %r7, %r6, %r5;\n"
  "  st.shared.u32 [%r7], %r11;\n"
  "  and.b32 %r12, %r1, 1;\n"
  "  setp.eq.u32 %p3, %r12, 0;\n"
  "  bar.red.popc.u32 %r13, 0, %p3;\n"
  "  xor.b32 %r5, %r5, 4;\n"
  "  add.u32 %r7, %r6, %r5;\n"
  "  ld.shared.u32 %r8, [%r7];\n"
  "  add.u32 %r8, %r8, %r11;\n"
  "  add.u32 %r8, %r8, %r13;\n"
  "  vote.sync.ballot.b32 %r18, %p3, 0xffffffff;\n" /* the exited lane is not named */
  "  add.u32 %r8, %r8, %r18;\n"
  "  mov.u32 %r14, %clock;\n"
  "  mul.wide.u32 %rd2, %r1, 8;\n"
  "  add.s64 %rd3, %rd1, %rd2;\n"
  "  st.global.v2.u32 [%rd3], {%r8, %r14};\n"
  "  exit;\n"
  "}\n";

/* Lane 1 of each warp exits at once. */
static bool exits_early(uint32_t t)
{
  return t % 32 == 1;
}

/* Collatz steps of the kernel's loop for thread t, plus the carry: what
 * it leaves in shared memory (0 when it exited). */
static uint32_t steps_ref(uint32_t t)
{
  if (exits_early(t))
    return 0;
  uint32_t x = t + 1, s = 0;
  while (x != 1) {
    x = x & 1 ? 3 * x + 1 : x / 2;
    if (++s >= CAP)
      break;
  }
  return s + (s >= 16);
}

/* Damage that a restore leaving one piece of the context poisoned would
 * do (NULL: none). */
typedef void (*miss_fn)(simt_warp *w);

/* How a run preempts: every `every` steps (0: never), each warp that has
 * not finished is saved, poisoned and, unless !restore, restored; then
 * miss damages it. */
typedef struct preempt {
  uint32_t every, phase;
  bool restore;
  miss_fn miss;
} preempt;

typedef struct result {
  int rc;                   /* 0, a launch status, or -1: did not finish */
  uint32_t out[2 * N_THREADS];
  uint64_t warp_insns, thread_insns;
} result;

static void switch_out_and_in(simt_warp *w, const preempt *pp)
{
  static uint8_t buf[1 << 16];
  size_t n = simt_warp_context_size(w);
  if (n > sizeof buf || simt_warp_save(w, buf, sizeof buf))
    abort();
  simt_warp_poison(w, UINT64_C(0xa5a5a5a5deadbeef));
  if (pp->restore && simt_warp_restore(w, buf, n))
    abort();
  if (pp->miss)
    pp->miss(w);
}

/* Runs the kernel (no test assertions: it may run in a child). */
static void run(const preempt *pp, result *res)
{
  sh_run r;
  sh_load(&r, kernel_ptx);
  uint64_t out = sh_buf(&r, NULL, sizeof res->out);
  uint64_t args[2] = {out, CAP};
  sh_launch(&r, "k", N_THREADS, args, 2);
  simt_cta *c = &r.cta;
  uint32_t next = 0;
  res->rc = -1;
  for (uint64_t i = 0; i < MAX_STEPS; i++) {
    if (pp && pp->every && i % pp->every == pp->phase)
      for (uint32_t k = 0; k < c->n_warps; k++)
        if (!c->warps[k].is_done)
          switch_out_and_in(&c->warps[k], pp);
    simt_warp *w = NULL;
    for (uint32_t k = 0; k < c->n_warps && !w; k++)
      if (simt_warp_can_step(&c->warps[(next + k) % c->n_warps]))
        w = &c->warps[(next + k) % c->n_warps], next = (next + k + 1) % c->n_warps;
    int rc;
    if (w) {
      simt_record rec;
      rc = simt_step(w, &rec);
    } else {
      bool any = false;
      for (uint32_t k = 0; k < c->n_warps; k++)
        any |= !c->warps[k].is_done;
      if (!any) {
        res->rc = 0;
        break;
      }
      rc = simt_cta_unblock(&r.l, c);
    }
    if (rc) {
      res->rc = rc;
      break;
    }
  }
  memcpy(res->out, simt_mem_host(&r.mem, out, sizeof res->out), sizeof res->out);
  res->warp_insns = r.l.warp_insns;
  res->thread_insns = r.l.thread_insns;
  sh_free(&r);
}

static bool same(const result *a, const result *b)
{
  return a->rc == b->rc && memcmp(a->out, b->out, sizeof a->out) == 0 &&
         a->warp_insns == b->warp_insns && a->thread_insns == b->thread_insns;
}

static result reference;

static void setup_reference(void)
{
  run(NULL, &reference);
}

START_TEST(unpreempted_run_is_right)
{
  ck_assert_int_eq(reference.rc, 0);
  /* The neighbour's count, its own, the even threads (bar.red.popc) and
   * the even lanes (vote.ballot). */
  for (uint32_t t = 0; t < N_THREADS; t++)
    ck_assert_uint_eq(reference.out[2 * t],
                      exits_early(t) ? 0
                                     : steps_ref(t) + steps_ref(t ^ 1) + N_THREADS / 2 +
                                           UINT32_C(0x55555555));
}
END_TEST

/* Preempting at every instruction, or at every n-th from several phases,
 * gives the same bits, the same instruction counts and %clock values. */
START_TEST(save_poison_restore_is_invisible)
{
  static const uint32_t every[] = {1, 7, 50, 333};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(every); i++)
    for (uint32_t phase = 0; phase < every[i] && phase < 3; phase++) {
      preempt pp = {.every = every[i], .phase = phase, .restore = true};
      result res;
      run(&pp, &res);
      ck_assert_msg(same(&res, &reference), "preempting every %u steps from %u: rc %d, differs",
                    every[i], phase, res.rc);
    }
}
END_TEST

/* The context's size covers frames, stack and local memory as they
 * grow; a too small buffer and another kernel's context are refused. */
START_TEST(context_size_and_refusals)
{
  sh_run r;
  sh_load(&r, kernel_ptx);
  uint64_t out = sh_buf(&r, NULL, 2 * N_THREADS * 4);
  uint64_t args[2] = {out, CAP};
  sh_launch(&r, "k", N_THREADS, args, 2);
  simt_warp *w = &r.cta.warps[0];
  size_t first = simt_warp_context_size(w), most = first;
  uint32_t next = 0;
  simt_record rec;
  for (int i = 0; i < 40 && sh_step_any(&r, &next, &rec); i++)
    if (simt_warp_context_size(w) > most)
      most = simt_warp_context_size(w);
  ck_assert_uint_gt(most, first); /* the call's frame */
  size_t n = simt_warp_context_size(w);
  uint8_t *buf = malloc(n);
  ck_assert_ptr_nonnull(buf);
  ck_assert_int_eq(simt_warp_save(w, buf, n - 1), PTX_EINVAL);
  ck_assert_int_eq(simt_warp_save(w, buf, n), 0);
  ck_assert_int_eq(simt_warp_restore(w, buf, n - 1), PTX_EINVAL);
  buf[0] ^= 1;
  ck_assert_int_eq(simt_warp_restore(w, buf, n), PTX_EINVAL);
  buf[0] ^= 1;
  ck_assert_int_eq(simt_warp_restore(&r.cta.warps[1], buf, n), 0); /* same kernel */
  free(buf);
  sh_free(&r);
}
END_TEST

/* ---- a restore that misses a piece is seen ---------------------------- */

/* Runs pp in a child; true when the child's result equals the
 * reference (a crash or a fault is not equal). */
static bool child_matches(const preempt *pp)
{
  fflush(NULL);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    result res;
    run(pp, &res);
    _exit(same(&res, &reference) ? 0 : 1);
  }
  int status;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

START_TEST(poison_alone_changes_the_result)
{
  preempt pp = {.every = 100, .phase = 5, .restore = false};
  ck_assert(!child_matches(&pp));
}
END_TEST

#define GARBAGE UINT64_C(0x5a5a5a5a5a5a5a5a)

static void miss_regs(simt_warp *w)
{
  const simt_frame *top = &w->frames[w->n_frames - 1];
  for (uint64_t i = 0; i < (uint64_t)top->func->n_slots * SIMT_WARP_SIZE; i++)
    w->r[i] = GARBAGE;
}
static void miss_preds(simt_warp *w)
{
  for (uint32_t i = 0; i < w->frames[w->n_frames - 1].func->n_preds; i++)
    w->p[i] = (uint32_t)GARBAGE;
}
static void miss_caller_regs(simt_warp *w)
{
  if (w->n_frames > 1)
    for (uint64_t i = 0; i < w->frames[w->n_frames - 1].reg_base; i++)
      w->regs[i] = GARBAGE;
}
static void miss_stack(simt_warp *w)
{
  memset(w->stack, 0x5a, w->n_stack * sizeof *w->stack);
}
static void miss_n_stack(simt_warp *w)
{
  w->n_stack = 0;
}
static void miss_frames(simt_warp *w)
{
  memset(w->frames, 0x5a, w->n_frames * sizeof *w->frames);
}
static void miss_n_frames(simt_warp *w)
{
  w->n_frames = 1;
}
static void miss_pc(simt_warp *w)
{
  w->pc = 3;
}
static void miss_active(simt_warp *w)
{
  w->active = (uint32_t)GARBAGE;
}
static void miss_rpc(simt_warp *w)
{
  w->rpc = 0x5a;
}
static void miss_carry(simt_warp *w)
{
  w->carry = (uint32_t)GARBAGE;
}
static void miss_local(simt_warp *w)
{
  memset(w->local, 0x5a, SIMT_WARP_SIZE * w->local_stride);
}
static void miss_n_insns(simt_warp *w)
{
  w->n_insns = GARBAGE;
}
static void miss_bar_insn(simt_warp *w)
{
  w->bar_insn = NULL;
}
static void miss_barrier(simt_warp *w)
{
  w->barrier = 5;
}
static void miss_blocked(simt_warp *w)
{
  w->is_blocked = true;
}
static void miss_tid(simt_warp *w)
{
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
    w->tid[l][0] = (uint32_t)GARBAGE;
}
static void miss_warp_id(simt_warp *w)
{
  w->warp_id = 7;
}
static void miss_live(simt_warp *w)
{
  w->live = (uint32_t)GARBAGE;
}
static void miss_done(simt_warp *w)
{
  w->is_done = true;
}

static const struct {
  const char *piece;
  miss_fn miss;
} misses[] = {
  {"registers", miss_regs},       {"caller registers", miss_caller_regs},
  {"predicates", miss_preds},     {"stack", miss_stack},
  {"stack depth", miss_n_stack},  {"frames", miss_frames},
  {"call depth", miss_n_frames},  {"pc", miss_pc},
  {"active mask", miss_active},   {"reconvergence point", miss_rpc},
  {"carry", miss_carry},          {"local memory", miss_local},
  {"instructions", miss_n_insns}, {"barrier instruction", miss_bar_insn},
  {"barrier id", miss_barrier},   {"blocked", miss_blocked},
  {"thread ids", miss_tid},       {"warp id", miss_warp_id},
  {"live lanes", miss_live},      {"done", miss_done},
};

START_TEST(a_missed_piece_changes_the_result)
{
  preempt pp = {.every = 1, .phase = 0, .restore = true, .miss = misses[_i].miss};
  ck_assert_msg(!child_matches(&pp), "a restore that misses the %s goes unnoticed",
                misses[_i].piece);
}
END_TEST

static Suite *context_suite(void)
{
  Suite *s = suite_create("simt_context");
  TCase *tc = tcase_create("restore");
  tcase_add_unchecked_fixture(tc, setup_reference, NULL);
  tcase_add_test(tc, unpreempted_run_is_right);
  tcase_add_test(tc, save_poison_restore_is_invisible);
  tcase_add_test(tc, context_size_and_refusals);
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  tc = tcase_create("misses");
  tcase_add_unchecked_fixture(tc, setup_reference, NULL);
  tcase_add_test(tc, poison_alone_changes_the_result);
  tcase_add_loop_test(tc, a_missed_piece_changes_the_result, 0, (int)PTX_ARRAY_SIZE(misses));
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(context_suite());
}
