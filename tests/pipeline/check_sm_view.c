/* check_sm_view.c -- what an SM tells its warp scheduler (pol_warp_view,
 * filled in pipeline/sm_core.c's sm_cycle): one SM with a recording
 * scheduler policy in place of its own, running two CTAs of a kernel
 * whose shape fixes every field.
 *
 * The kernel: CTAs of 100 threads, so warps 0..2 have 32 lanes and warp 3
 * has 4.  Warp 3 exits at once; in warps 0..2 lanes 0..7 run two extra
 * instructions (a divergent region of 8 lanes), then every warp meets at
 * bar.sync 0 (which waits for the 3 live warps) and spins in a long loop
 * that outlasts the test, so no CTA ends.  CTAs 7 and 9 start in that
 * order, so (sm_start_cta takes the lowest free slots) warp slots 0..3 are
 * CTA 7's warps 0..3 in CTA slot 0 and slots 4..7 CTA 9's in CTA slot 1,
 * with dispatch ages 0..7.
 *
 * The recorder derives what each view must say from the events the SM
 * posts, independently of the fields themselves: instructions issued =
 * its ISSUE events for the slot; warps finished = WARP_DONE events of the
 * CTA (the kernel has no memory instructions, so a slot frees when its
 * warp exits); warps at the barrier = BARRIER events of the CTA since its
 * barrier last opened (which the first order() to see one of those warps
 * again shows).  The active lanes, summed over the views of the warps
 * that then issued, must give the SM's thread-instruction count.  A part
 * of the view the policy did not ask for (POL_VIEW_*) must be 0.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "isa/isa_prog.h"
#include "isa/simt.h"
#include "memsys/mem_timing.h"
#include "pipeline/sm_branch.h"
#include "pipeline/sm_core.h"
#include "pipeline/sm_dep.h"
#include "pipeline/sm_operand.h"
#include "pipeline/tm_config.h"
#include "pipeline/tm_kernel.h"
#include "tests/test_util.h"

static const char kernel_text[] =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry k()\n{\n"
    "  .reg .b32 %r<6>;\n  .reg .pred %p<4>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.ge.u32 %p1, %r1, 96;\n"
    "  @%p1 bra DONE;\n"
    "  and.b32 %r2, %r1, 31;\n"
    "  setp.lt.u32 %p2, %r2, 8;\n"
    "  @!%p2 bra JOIN;\n"
    "  add.u32 %r3, %r1, 1;\n"
    "  add.u32 %r3, %r3, 1;\n"
    "JOIN:\n"
    "  bar.sync 0;\n"
    "  mov.u32 %r4, 0;\n"
    "LOOP:\n"
    "  add.u32 %r4, %r4, 1;\n"
    "  setp.lt.u32 %p3, %r4, 1000000;\n"
    "  @%p3 bra LOOP;\n"
    "DONE:\n"
    "  exit;\n"
    "}\n";

enum { N_SLOTS = 8, N_CYCLES = 3000 };

/* The recording policy: it checks each view against what the events
 * said, and offers the candidates rotated by the cycle. */
typedef struct recorder {
  uint32_t mask;                /* the POL_VIEW_* parts asked for */
  uint64_t now;                 /* the cycle the test runs */
  uint64_t issued[N_SLOTS];     /* ISSUE events per slot */
  uint32_t lanes[N_SLOTS];      /* the slot's n_active_lanes in the last order() */
  uint64_t lanes_issued;        /* sum of lanes[slot] over ISSUE events */
  uint32_t done[2];             /* WARP_DONE events per CTA slot */
  uint32_t blocked[2];          /* slots (bits) waiting at the barrier, per CTA slot */
  uint32_t max_at_barrier[2];
  bool saw_divergent[N_SLOTS];  /* a view with 8 active lanes */
  uint32_t n_orders;
} recorder;

static unsigned rec_order(void *self, const pol_warp_view *v, unsigned n, uint64_t now,
                          uint16_t *out)
{
  recorder *r = self;
  r->n_orders++;
  ck_assert_uint_eq(now, r->now);
  /* A warp seen again after it blocked: its CTA's barrier opened. */
  for (unsigned i = 0; i < n; i++)
    if (r->blocked[v[i].slot / 4] >> v[i].slot & 1)
      r->blocked[v[i].slot / 4] = 0;
  for (unsigned i = 0; i < n; i++) {
    const pol_warp_view *w = &v[i];
    unsigned slot = w->slot, c = slot / 4, warp = slot % 4;
    ck_assert_uint_lt(slot, N_SLOTS);
    ck_assert(w->is_ready);
    ck_assert_uint_eq(w->age, slot);
    r->lanes[slot] = w->n_active_lanes;
    out[i] = (uint16_t)((i + now) % n); /* a rotation, so that every warp gets on */
    if (r->mask & POL_VIEW_CTA) {
      ck_assert_uint_eq(w->cta_slot, c);
      ck_assert_uint_eq(w->cta_id, c ? 9 : 7);
      ck_assert_uint_eq(w->n_cta_warps, 4);
      ck_assert_uint_eq(w->n_cta_finished, r->done[c]);
      ck_assert_msg(w->n_cta_at_barrier == __builtin_popcount(r->blocked[c]),
                    "cycle %llu slot %u: %u at the barrier, %d blocked",
                    (unsigned long long)now, slot, w->n_cta_at_barrier,
                    __builtin_popcount(r->blocked[c]));
      if (w->n_cta_at_barrier > r->max_at_barrier[c])
        r->max_at_barrier[c] = w->n_cta_at_barrier;
    } else {
      /* Not asked for: left 0. */
      ck_assert(w->cta_slot == 0 && w->cta_id == 0 && w->n_cta_warps == 0 &&
                w->n_cta_at_barrier == 0 && w->n_cta_finished == 0);
    }
    if (!(r->mask & POL_VIEW_PROGRESS)) {
      ck_assert(w->n_active_lanes == 0 && w->n_issued == 0);
      continue;
    }
    ck_assert_msg(w->n_issued == r->issued[slot],
                  "cycle %llu slot %u: n_issued %llu, %llu issues", (unsigned long long)now,
                  slot, (unsigned long long)w->n_issued, (unsigned long long)r->issued[slot]);
    /* 32 lanes, 8 in the divergent region; warp 3 has 4. */
    if (warp == 3)
      ck_assert_uint_eq(w->n_active_lanes, 4);
    else
      ck_assert_msg(w->n_active_lanes == 32 || w->n_active_lanes == 8, "%u lanes",
                    w->n_active_lanes);
    r->saw_divergent[slot] |= w->n_active_lanes == 8;
  }
  return n;
}

static void rec_on_event(void *self, const pol_sched_event *e)
{
  recorder *r = self;
  ck_assert_uint_lt(e->slot, N_SLOTS);
  unsigned c = e->slot / 4;
  switch ((pol_sched_event_kind)e->kind) {
  case POL_EV_ISSUE:
    r->issued[e->slot]++;
    r->lanes_issued += r->lanes[e->slot];
    break;
  case POL_EV_WARP_DONE:
    r->done[c]++;
    break;
  case POL_EV_BARRIER:
    r->blocked[c] |= 1u << e->slot;
    break;
  case POL_EV_LONG_LATENCY_STALL:
  case POL_EV_WARP_ADDED:
    break;
  }
}

static void rec_destroy(void *self)
{
  (void)self;
}

static const pol_sched_ops recorder_ops = {
  .cls = {.name = "recorder", .doc = "checks the views (this test only)"},
  .destroy = rec_destroy,
  .order = rec_order,
  .on_event = rec_on_event,
};

static int no_vars(void *ctx, const ptx_var *v, uint64_t *addr)
{
  (void)ctx, (void)v, (void)addr;
  return PTX_EINVAL;
}

static void mem_done(void *ctx, uint32_t sm, uint64_t tag, uint64_t cycle)
{
  (void)ctx, (void)sm, (void)tag, (void)cycle;
  ck_abort_msg("the kernel has no memory instructions");
}

/* Each combination of the optional parts: what was asked for is right,
 * the rest is 0. */
static const uint32_t masks[] = {POL_VIEW_PROGRESS | POL_VIEW_CTA, 0, POL_VIEW_PROGRESS,
                                 POL_VIEW_CTA};

START_TEST(views_are_what_the_sm_knows)
{
  const uint32_t mask = masks[_i];
  ptx_module *ir = test_parse_ok(kernel_text);
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  isa_program *prog = NULL;
  ck_assert_int_eq(isa_decode(ir, no_vars, NULL, &d, &prog), 0);
  ptx_diag_free(&d);
  simt_mem mem;
  simt_mem_init(&mem);
  simt_launch l;
  memset(&l, 0, sizeof l);
  l.mem = &mem;
  l.prog = prog;
  l.kernel = isa_program_kernel(prog, "k");
  ck_assert_ptr_nonnull(l.kernel);
  l.grid[0] = 16, l.grid[1] = l.grid[2] = 1;
  l.block[0] = 100, l.block[1] = l.block[2] = 1;
  l.out = stdout;
  l.stack_limit = 1024;
  l.params = calloc(1, 8);
  ck_assert_ptr_nonnull(l.params);

  tm_config conf;
  tm_config_defaults(&conf);
  tm_kernel *tk = NULL;
  ck_assert_int_eq(tm_kernel_build(prog, l.kernel, &conf, &tk), 0);
  char err[256] = "";
  mem_sys *ms = NULL;
  ck_assert_msg(mem_sys_create(&conf.mem, 1, mem_done, NULL, &ms, err, sizeof err) == 0, "%s",
                err);
  /* One scheduler issuing one instruction per cycle; units never busy. */
  sm_params p = {.n_warp_slots = 48, .n_cta_slots = 8, .n_schedulers = 1, .issue_per_warp = 1,
                 .ibuf_entries = 2, .fetch_latency = 1, .branch_latency = 1,
                 .sched = conf.sched};
  /* The units behind the SM's seams, as the configuration names them. */
  p.dep = sm_dep_find(conf.scoreboard, err, sizeof err);
  p.bpred = sm_bpred_find(conf.branch_predictor, err, sizeof err);
  p.operand = sm_operand_find(conf.register_file, err, sizeof err);
  ck_assert_msg(p.dep && p.bpred && p.operand, "%s", err);
  sm_core *sm = calloc(1, sizeof *sm);
  ck_assert_ptr_nonnull(sm);
  ck_assert_msg(sm_init(sm, 0, NULL, &p, tk, &l, ms, err, sizeof err) == 0, "%s", err);
  recorder r;
  memset(&r, 0, sizeof r);
  r.mask = mask;
  pol_sched_ops ops = recorder_ops;
  ops.view_mask = mask;
  pol_sched_destroy(&sm->sched[0]);
  sm->sched[0] = (pol_sched){&ops, &r};

  ck_assert_int_eq(sm_start_cta(sm, 7, 0), 0);
  ck_assert_int_eq(sm_start_cta(sm, 9, 0), 0);
  for (uint64_t now = 0; now < N_CYCLES; now++) {
    if (sm->wake > now)
      continue;
    r.now = now;
    ck_assert_int_eq(sm_cycle(sm, now), 0);
  }
  ck_assert_uint_gt(r.n_orders, 100);
  /* Warp 3 of each CTA exited; the others met at the barrier and all
   * passed it, issuing in the loop since.  Two of them waited there at
   * least (the third opens it once warp 3 has exited, or all three wait
   * for warp 3 to exit first), never four. */
  for (unsigned c = 0; c < 2; c++) {
    ck_assert_uint_eq(r.done[c], 1);
    if (mask & POL_VIEW_CTA)
      ck_assert(r.max_at_barrier[c] == 2 || r.max_at_barrier[c] == 3);
    else
      ck_assert_uint_eq(r.max_at_barrier[c], 0);
    ck_assert_uint_eq(r.blocked[c], 0);
  }
  for (unsigned s = 0; s < N_SLOTS; s++) {
    if (s % 4 == 3) {
      ck_assert_uint_eq(r.issued[s], 4); /* mov, setp, bra DONE, exit */
      continue;
    }
    ck_assert_msg(r.saw_divergent[s] == !!(mask & POL_VIEW_PROGRESS), "slot %u: 8 lanes %d", s,
                  r.saw_divergent[s]);
    ck_assert_uint_gt(r.issued[s], 20);
  }
  /* Lanes at issue are the thread instructions the SM counted. */
  if (mask & POL_VIEW_PROGRESS)
    ck_assert_uint_eq(r.lanes_issued, sm->st.issued_thread_insns);
  uint64_t issued = 0;
  for (unsigned s = 0; s < N_SLOTS; s++)
    issued += r.issued[s];
  ck_assert_uint_eq(issued, sm->st.issued_warp_insns);
  sm_free(sm);
  free(sm);
  mem_sys_destroy(ms);
  tm_kernel_free(tk);
  simt_launch_release(&l);
  simt_mem_release(&mem);
  isa_program_free(prog);
  ptx_module_free(ir);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("sm_view");
  TCase *t = tcase_create("view");
  tcase_add_loop_test(t, views_are_what_the_sm_knows, 0, (int)(sizeof masks / sizeof masks[0]));
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
