/* check_analysis.c -- the static analyses (isa/analysis.h) on hand-written
 * PTX whose blocks, dominators, loops, uniformity, live sets, preemption
 * points and register assignment were worked out by hand (the derivations
 * are in the comments), the worked example of 004-preemption-liveness.md
 * (Fig 2.5, section 1.4) and 003's if/else reconvergence, and properties
 * that must hold for every function of the PTX corpus. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "isa/analysis.h"
#include "tests/test_util.h"

static ptx_module *mod;

/* Analyses the first function of text with interval k (0: default). */
static an_func *analyse(const char *text, uint32_t k)
{
  mod = test_parse_ok(text);
  ck_assert_ptr_nonnull(mod);
  const ptx_func *fn = NULL;
  for (uint32_t i = 0; i < mod->n_funcs && !fn; i++)
    if (mod->funcs[i]->has_body)
      fn = mod->funcs[i];
  ck_assert_ptr_nonnull(fn);
  an_func *a = NULL;
  an_options o = {.pp_interval = k};
  ck_assert_int_eq(an_func_analyse(mod, fn, &o, &a), 0);
  return a;
}

static void done(an_func *a)
{
  an_func_free(a);
  ptx_module_free(mod);
  mod = NULL;
}

static uint32_t reg(const an_func *a, const char *name)
{
  char buf[64];
  for (uint32_t r = 0; r < a->n_regs; r++) {
    an_reg_name(a, r, buf, sizeof buf);
    if (!strcmp(buf, name))
      return r;
  }
  ck_abort_msg("no register %s", name);
  return AN_NONE;
}

/* The set as "%a %b ..." in register-number order. */
static const char *names(const an_func *a, const uint64_t *set)
{
  static char out[1024];
  size_t len = 0;
  out[0] = 0;
  for (uint32_t r = 0; r < a->n_regs; r++)
    if (an_set_has(set, r)) {
      char buf[64];
      an_reg_name(a, r, buf, sizeof buf);
      len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", len ? " " : "", buf);
    }
  return out;
}

#define LIVE_IN(a, i) names(a, an_set(a->live_in, a, i))
#define LIVE_OUT(a, i) names(a, an_set(a->live_out, a, i))
#define UNION(a, i) names(a, an_set(a->union_live, a, i))

/* ---- 004 Fig 2.5: A diverges to B and C, which join at D ------------- */

/* Registers are declared %p, %r, %rd in that order, so sets print
 * predicates first, then %r1.., then %rd1. */
static const char fig25[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry fig25(.param .u64 fig25_param_0)\n{\n"
  ".reg .pred %p<2>;\n.reg .b32 %r<6>;\n.reg .b64 %rd<2>;\n"
  "ld.param.u64 %rd1, [fig25_param_0];\n" /* i0  A */
  "mov.u32 %r1, %tid.x;\n"                /* i1 */
  "mov.u32 %r2, 7;\n"                     /* i2 */
  "mov.u32 %r3, 9;\n"                     /* i3 */
  "setp.lt.u32 %p1, %r1, 16;\n"           /* i4 */
  "@%p1 bra $C;\n"                        /* i5  divergence point */
  "add.u32 %r4, %r2, %r1;\n"              /* i6  B */
  "bra $D;\n"                             /* i7 */
  "$C:\n"
  "add.u32 %r4, %r3, 2;\n"                /* i8  C */
  "$D:\n"
  "add.u32 %r5, %r4, %r1;\n"              /* i9  D: reconvergence point */
  "st.global.u32 [%rd1], %r5;\n"          /* i10 */
  "ret;\n}\n";

START_TEST(fig25_cfg)
{
  an_func *a = analyse(fig25, 0);
  /* Blocks: A = i0..i5, B = i6..i7, C = i8, D = i9..i11. */
  ck_assert_uint_eq(a->g.n_blocks, 4);
  ck_assert_uint_eq(a->g.blocks[0].last, 5);
  ck_assert_uint_eq(a->g.blocks[1].first, 6);
  ck_assert_uint_eq(a->g.blocks[2].first, 8);
  ck_assert_uint_eq(a->g.blocks[3].first, 9);
  /* A dominates everything; D post-dominates everything (003 1.3: D is
   * the IPDOM of A). */
  for (uint32_t b = 1; b < 4; b++)
    ck_assert_uint_eq(a->g.blocks[b].idom, 0);
  ck_assert_uint_eq(a->g.blocks[0].ipdom, 3);
  ck_assert_uint_eq(a->g.blocks[1].ipdom, 3);
  ck_assert_uint_eq(a->g.blocks[2].ipdom, 3);
  ck_assert_uint_eq(a->g.blocks[3].ipdom, CFG_EXIT);
  ck_assert(a->insns[5].is_cond_branch);
  ck_assert_uint_eq(a->insns[5].reconv, 9);
  ck_assert(a->insns[9].is_reconv_point);
  ck_assert_uint_eq(a->n_loops, 0);
  done(a);
}
END_TEST

START_TEST(fig25_uniformity)
{
  an_func *a = analyse(fig25, 0);
  /* %p1 comes from %tid: the branch can diverge.  %rd1 (a kernel
   * parameter), %r2 and %r3 (constants, written before the branch) are
   * uniform; %r4 is written inside the region, so after the join lanes
   * may hold different values, and %r5 reads it. */
  ck_assert(a->insns[5].can_diverge);
  ck_assert_uint_eq(a->n_divergent_branches, 1);
  ck_assert(a->reg_uniform[reg(a, "%rd1")]);
  ck_assert(a->reg_uniform[reg(a, "%r2")]);
  ck_assert(a->reg_uniform[reg(a, "%r3")]);
  ck_assert(!a->reg_uniform[reg(a, "%r1")]);
  ck_assert(!a->reg_uniform[reg(a, "%p1")]);
  ck_assert(!a->reg_uniform[reg(a, "%r4")]);
  ck_assert(!a->reg_uniform[reg(a, "%r5")]);
  /* The region is B and C. */
  for (uint32_t i = 0; i < 12; i++)
    ck_assert_msg(a->insns[i].in_divergent_region == (i >= 6 && i <= 8), "insn %u", i);
  done(a);
}
END_TEST

START_TEST(fig25_liveness)
{
  an_func *a = analyse(fig25, 0);
  /* Backwards: ret {}; st uses rd1 r5; i9 = {r4 r1} + ({rd1 r5} - r5);
   * C: i8 kills r4, reads r3 -> {r1 r3 rd1}; B: i7 passes {r1 r4 rd1},
   * i6 kills r4, reads r2 r1 -> {r1 r2 rd1}; the branch joins both
   * successors and reads p1; i4 kills p1, reads r1; i3, i2, i1 kill r3,
   * r2, r1; i0 kills rd1. */
  static const char *const in[] = {
    "", "%rd1", "%r1 %rd1", "%r1 %r2 %rd1", "%r1 %r2 %r3 %rd1", "%p1 %r1 %r2 %r3 %rd1",
    "%r1 %r2 %rd1", "%r1 %r4 %rd1", "%r1 %r3 %rd1", "%r1 %r4 %rd1", "%r5 %rd1", ""};
  for (uint32_t i = 0; i < 12; i++)
    ck_assert_msg(!strcmp(LIVE_IN(a, i), in[i]), "live-in of i%u: '%s', expected '%s'", i,
                  LIVE_IN(a, i), in[i]);
  ck_assert_str_eq(LIVE_OUT(a, 5), "%r1 %r2 %r3 %rd1");
  ck_assert_str_eq(LIVE_OUT(a, 7), "%r1 %r4 %rd1");
  /* Slots: %rd1 counts 2, %p1 is counted apart. */
  ck_assert_uint_eq(a->insns[5].live_in_slots, 5);
  ck_assert_uint_eq(a->insns[5].live_in_preds, 1);
  ck_assert_uint_eq(a->insns[8].live_in_slots, 4);
  ck_assert_uint_eq(a->max_live, 5);
  ck_assert_uint_eq(a->max_live_insn, 4); /* first of i4, i5 */
  ck_assert_uint_eq(a->pred_max_live, 1);
  /* 0+2+3+4+5+5+4+4+4+4+3+0 = 38 over 12 instructions. */
  ck_assert_double_eq_tol(a->avg_live, 38.0 / 12.0, 1e-12);
  done(a);
}
END_TEST

START_TEST(fig25_union)
{
  an_func *a = analyse(fig25, 0);
  /* 004 1.4: a preemption point in C unions Live(C) with the divergence
   * point (live after the branch: r1 r2 r3 rd1) and the reconvergence
   * point (live into D: r1 r4 rd1). */
  ck_assert_str_eq(UNION(a, 8), "%r1 %r2 %r3 %r4 %rd1");
  ck_assert_uint_eq(a->insns[8].union_slots, 6);
  ck_assert_uint_eq(a->insns[8].live_in_slots, 4);
  ck_assert_str_eq(UNION(a, 6), "%r1 %r2 %r3 %r4 %rd1");
  ck_assert_str_eq(UNION(a, 7), "%r1 %r2 %r3 %r4 %rd1");
  /* Outside the region the union is the plain set. */
  ck_assert_str_eq(UNION(a, 5), LIVE_IN(a, 5));
  ck_assert_str_eq(UNION(a, 9), LIVE_IN(a, 9));
  done(a);
}
END_TEST

START_TEST(fig25_preemption_points)
{
  /* No loop, no barrier and fewer than K = 1000 instructions: none. */
  an_func *a = analyse(fig25, 0);
  ck_assert_uint_eq(a->n_pps, 0);
  done(a);
  /* K = 4: windows i0..i3 (slots 0 2 3 4: i0), i4..i7 (5 5 4 4: i6, the
   * first minimum), i8..i11 (4 4 3 0: i11). */
  a = analyse(fig25, 4);
  ck_assert_uint_eq(a->n_pps, 3);
  ck_assert_uint_eq(a->pps[0].insn, 0);
  ck_assert_uint_eq(a->pps[1].insn, 6);
  ck_assert_uint_eq(a->pps[2].insn, 11);
  ck_assert_uint_eq(a->pps[1].loop, AN_NONE);
  ck_assert(!a->pps[1].is_barrier);
  ck_assert(a->insns[6].is_preemption_point);
  done(a);
}
END_TEST

START_TEST(fig25_register_estimate)
{
  an_func *a = analyse(fig25, 0);
  /* Positions 2i (reads) and 2i+1 (results).  Ranges: rd1 [1,20] (a
   * pair), r1 [3,18], r2 [5,12], r3 [7,16], r4 [13,18], r5 [19,20].
   * Scan: rd1 -> 0-1, r1 -> 2, r2 -> 3, r3 -> 4; at 13 r2 has ended, r4
   * -> 3; at 19 r1, r3, r4 have ended, r5 -> 2.  Five registers. */
  ck_assert_uint_eq(a->est_regs, 5);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%rd1")], 0);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r1")], 2);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r2")], 3);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r3")], 4);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r4")], 3);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r5")], 2);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%p1")], AN_NONE);
  done(a);
}
END_TEST

/* ---- loops ------------------------------------------------------------ */

static const char nested_loops[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry loops(.param .u32 loops_param_0)\n{\n"
  ".reg .pred %p<3>;\n.reg .b32 %r<6>;\n"
  "ld.param.u32 %r1, [loops_param_0];\n" /* i0  b0 */
  "mov.u32 %r2, 0;\n"                     /* i1 */
  "$OUTER:\n"
  "mov.u32 %r3, 0;\n"                     /* i2  b1: outer header */
  "$INNER:\n"
  "add.u32 %r3, %r3, 1;\n"                /* i3  b2: inner header */
  "bar.sync 0;\n"                         /* i4 */
  "setp.lt.u32 %p1, %r3, %r1;\n"          /* i5 */
  "@%p1 bra $INNER;\n"                    /* i6 */
  "add.u32 %r2, %r2, 1;\n"                /* i7  b3 */
  "setp.lt.u32 %p2, %r2, %r1;\n"          /* i8 */
  "@%p2 bra $OUTER;\n"                    /* i9 */
  "ret;\n}\n";                            /* i10 b4 */

START_TEST(loops_nested)
{
  an_func *a = analyse(nested_loops, 0);
  ck_assert_uint_eq(a->g.n_blocks, 5);
  ck_assert_uint_eq(a->n_loops, 2);
  /* Outer first: header b1, blocks b1 b2 b3, depth 1; inner: b2 alone. */
  ck_assert_uint_eq(a->loops[0].header, 1);
  ck_assert_uint_eq(a->loops[0].n_blocks, 3);
  ck_assert_uint_eq(a->loops[0].depth, 1);
  ck_assert(!a->loops[0].is_innermost);
  ck_assert_uint_eq(a->loops[1].header, 2);
  ck_assert_uint_eq(a->loops[1].n_blocks, 1);
  ck_assert_uint_eq(a->loops[1].depth, 2);
  ck_assert_uint_eq(a->loops[1].parent, 0);
  ck_assert(a->loops[1].is_innermost);
  ck_assert_uint_eq(a->loops[1].n_barriers, 1);
  static const uint32_t depth[] = {0, 0, 1, 2, 2, 2, 2, 1, 1, 1, 0};
  for (uint32_t i = 0; i < 11; i++)
    ck_assert_msg(a->insns[i].loop_depth == depth[i], "depth of i%u", i);
  ck_assert(a->insns[4].is_barrier);
  /* Bounds from a parameter and counters from constants: uniform. */
  ck_assert(!a->insns[6].can_diverge);
  ck_assert(!a->insns[9].can_diverge);
  ck_assert_uint_eq(a->insns[6].reconv, 7);
  ck_assert_uint_eq(a->insns[9].reconv, 10);
  /* The inner loop has a barrier: it is the preemption point (bar.pp);
   * the outer loop is not innermost; 3 instructions outside loops. */
  ck_assert_uint_eq(a->n_pps, 1);
  ck_assert_uint_eq(a->pps[0].insn, 4);
  ck_assert(a->pps[0].is_barrier);
  ck_assert_uint_eq(a->pps[0].loop, 1);
  ck_assert_str_eq(LIVE_IN(a, 4), "%r1 %r2 %r3");
  done(a);
}
END_TEST

/* The inner loop without a barrier: the point with the fewest live slots.
 * i3: {r1 r2 r3} 3; i4: + r4 = 4; i5: {r1 r2 r4 r5} 4; i6: {r1 r2 r3} 3;
 * i7: {p1 r1 r2 r3} 3 slots.  The first minimum is i3. */
static const char loop_no_barrier[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry loop2(.param .u32 loop2_param_0)\n{\n"
  ".reg .pred %p<3>;\n.reg .b32 %r<6>;\n"
  "mov.u32 %r1, %tid.x;\n"                /* i0 */
  "mov.u32 %r2, 0;\n"                     /* i1 */
  "mov.u32 %r3, 0;\n"                     /* i2 */
  "$L:\n"
  "add.u32 %r4, %r3, 1;\n"                /* i3 */
  "add.u32 %r5, %r3, 2;\n"                /* i4 */
  "add.u32 %r3, %r4, %r5;\n"              /* i5 */
  "setp.lt.u32 %p1, %r3, %r1;\n"          /* i6 */
  "@%p1 bra $L;\n"                        /* i7 */
  "st.shared.u32 [0], %r2;\n"             /* i8 */
  "ret;\n}\n";

START_TEST(loop_min_live_point)
{
  an_func *a = analyse(loop_no_barrier, 0);
  ck_assert_uint_eq(a->n_loops, 1);
  ck_assert_uint_eq(a->insns[3].live_in_slots, 3);
  ck_assert_uint_eq(a->insns[4].live_in_slots, 4);
  ck_assert_uint_eq(a->insns[5].live_in_slots, 4);
  ck_assert_uint_eq(a->insns[7].live_in_slots, 3);
  ck_assert_uint_eq(a->insns[7].live_in_preds, 1);
  ck_assert_uint_eq(a->n_pps, 1);
  ck_assert_uint_eq(a->pps[0].insn, 3);
  ck_assert(!a->pps[0].is_barrier);
  /* The bound is %tid: the back edge can diverge and the loop is its own
   * region (lanes leave at different iterations).  The lanes still in the
   * loop have run the same iterations, so %r3 is uniform among them, and it
   * is dead at the exit, where the lanes meet again. */
  ck_assert(a->insns[7].can_diverge);
  ck_assert(a->insns[3].in_divergent_region);
  ck_assert(!a->insns[8].in_divergent_region);
  ck_assert(a->reg_uniform[reg(a, "%r3")]);
  ck_assert(a->reg_uniform[reg(a, "%r2")]);
  ck_assert(!a->reg_uniform[reg(a, "%p1")]);
  /* Union in the loop: + live after the branch {r1 r2 r3} + live at the
   * exit i8 {r2}: nothing new at i3; i4 gains nothing either. */
  ck_assert_str_eq(UNION(a, 4), "%r1 %r2 %r3 %r4");
  ck_assert_str_eq(UNION(a, 5), "%r1 %r2 %r3 %r4 %r5");
  done(a);
}
END_TEST

/* The same loop storing its counter after the exit: lanes that left early
 * hold smaller counts, so %r3 is varying there. */
START_TEST(loop_value_live_after_divergent_exit)
{
  char text[sizeof loop_no_barrier];
  memcpy(text, loop_no_barrier, sizeof text);
  char *st = strstr(text, "[0], %r2;");
  ck_assert_ptr_nonnull(st);
  st[strlen("[0], %r")] = '3';
  an_func *a = analyse(text, 0);
  ck_assert(a->insns[7].can_diverge);
  ck_assert(!a->reg_uniform[reg(a, "%r3")]);
  /* Everything computed from it in the loop follows. */
  ck_assert(!a->reg_uniform[reg(a, "%r4")]);
  ck_assert(!a->reg_uniform[reg(a, "%r5")]);
  ck_assert(a->reg_uniform[reg(a, "%r2")]);
  done(a);
}
END_TEST

/* ---- partial writes and slot counts ----------------------------------- */

static const char partial[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry part(.param .u64 part_param_0)\n{\n"
  ".reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<2>;\n"
  "ld.param.u64 %rd1, [part_param_0];\n"        /* i0 */
  "mov.u32 %r1, %tid.x;\n"                       /* i1 */
  "setp.eq.u32 %p1, %r1, 0;\n"                   /* i2 */
  "mov.u32 %r2, 5;\n"                            /* i3 */
  "@%p1 mov.u32 %r2, 6;\n"                       /* i4  guarded */
  "ld.global.v4.u32 {%r3, %r4, %r5, %r6}, [%rd1];\n" /* i5 */
  "add.u32 %r7, %r3, %r4;\n"                     /* i6 */
  "add.u32 %r7, %r7, %r5;\n"                     /* i7 */
  "add.u32 %r7, %r7, %r6;\n"                     /* i8 */
  "add.u32 %r7, %r7, %r2;\n"                     /* i9 */
  "st.global.u32 [%rd1], %r7;\n"                 /* i10 */
  "ret;\n}\n";

START_TEST(guarded_write_keeps_register_live)
{
  an_func *a = analyse(partial, 0);
  /* i4 may leave %r2 as i3 wrote it: %r2 is live before i4, and i3's
   * unguarded write kills it, so it is not live before i3. */
  ck_assert_str_eq(LIVE_IN(a, 4), "%p1 %r2 %rd1");
  ck_assert_str_eq(LIVE_IN(a, 3), "%p1 %rd1");
  ck_assert_uint_eq(a->insns[4].n_defs, 1);
  ck_assert_uint_eq(a->insns[4].kill_mask, 0);
  ck_assert_uint_eq(a->insns[3].kill_mask, 1);
  /* The guard is a use. */
  ck_assert_uint_eq(a->insns[4].n_uses, 1);
  ck_assert_uint_eq(a->insns[4].uses[0], reg(a, "%p1"));
  /* A .v4 load writes four registers of one slot each; with %r2 and the
   * 64-bit %rd1: 4 + 1 + 2 = 7 slots before i6. */
  ck_assert_uint_eq(a->insns[5].n_defs, 4);
  ck_assert_uint_eq(a->insns[5].kill_mask, 0xf);
  ck_assert_str_eq(LIVE_IN(a, 6), "%r2 %r3 %r4 %r5 %r6 %rd1");
  ck_assert_uint_eq(a->insns[6].live_in_slots, 7);
  ck_assert_uint_eq(a->insns[4].live_in_slots, 3);
  ck_assert_uint_eq(a->insns[4].live_in_preds, 1);
  /* Written under a varying guard: %r2 is not uniform.  i4 is no
   * branch, so there is no region. */
  ck_assert(!a->reg_uniform[reg(a, "%r2")]);
  ck_assert(a->reg_uniform[reg(a, "%rd1")]);
  ck_assert_uint_eq(a->n_divergent_branches, 0);
  done(a);
}
END_TEST

/* ---- uniformity ------------------------------------------------------- */

static const char uniform[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".const .align 4 .u32 cval;\n"
  ".visible .entry uni(.param .u64 uni_param_0)\n{\n"
  ".reg .pred %p<5>;\n.reg .b32 %r<7>;\n.reg .b64 %rd<2>;\n"
  "mov.u32 %r1, %ctaid.x;\n"          /* i0 */
  "ld.const.u32 %r2, [cval];\n"       /* i1 */
  "add.u32 %r3, %r1, %r2;\n"          /* i2 */
  "setp.eq.u32 %p1, %r3, 0;\n"        /* i3 */
  "@%p1 bra $A;\n"                    /* i4  uniform */
  "mov.u32 %r4, %tid.x;\n"            /* i5 */
  "setp.eq.u32 %p2, %r4, 0;\n"        /* i6 */
  "mov.u32 %r5, 1;\n"                 /* i7 */
  "@%p2 bra $B;\n"                    /* i8  divergent */
  "mov.u32 %r5, 2;\n"                 /* i9  in i8's region */
  "$B:\n"
  "setp.eq.u32 %p3, %r5, 1;\n"        /* i10 */
  "@%p3 bra $A;\n"                    /* i11 divergent through %r5 */
  "ld.param.u64 %rd1, [uni_param_0];\n" /* i12 */
  "ld.global.u32 %r6, [%rd1];\n"      /* i13 */
  "setp.eq.u32 %p4, %r6, 0;\n"        /* i14 */
  "@%p4 bra $A;\n"                    /* i15 divergent: global memory */
  "$A:\n"
  "ret;\n}\n";

START_TEST(uniform_sources)
{
  an_func *a = analyse(uniform, 0);
  ck_assert(a->insns[4].is_cond_branch);
  ck_assert(!a->insns[4].can_diverge);
  ck_assert(a->insns[8].can_diverge);
  ck_assert(a->insns[11].can_diverge);
  ck_assert(a->insns[15].can_diverge);
  ck_assert_uint_eq(a->n_branches, 4);
  ck_assert_uint_eq(a->n_divergent_branches, 3);
  ck_assert(a->reg_uniform[reg(a, "%r1")]);
  ck_assert(a->reg_uniform[reg(a, "%r2")]);
  ck_assert(a->reg_uniform[reg(a, "%r3")]);
  ck_assert(a->reg_uniform[reg(a, "%p1")]);
  ck_assert(a->reg_uniform[reg(a, "%rd1")]);
  ck_assert(!a->reg_uniform[reg(a, "%r4")]);
  /* %r5 is 1 or 2 depending on the lane's side of i8 (it is live where
   * the sides meet, i10): not uniform, although both values are
   * constants.  %rd1 is written in i11's region but dead at its
   * reconvergence point (ret), so it stays uniform. */
  ck_assert(!a->reg_uniform[reg(a, "%r5")]);
  ck_assert(!a->reg_uniform[reg(a, "%r6")]);
  done(a);
}
END_TEST

/* A branch whose paths both leave: it reconverges only at the exit. */
START_TEST(reconverge_at_exit)
{
  an_func *a = analyse(".version 9.0\n.target sm_75\n.address_size 64\n"
                       ".visible .entry ex()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<2>;\n"
                       "mov.u32 %r1, %laneid;\n"
                       "setp.eq.u32 %p1, %r1, 3;\n"
                       "@%p1 bra $X;\n"
                       "st.shared.u32 [0], %r1;\n"
                       "ret;\n"
                       "$X:\n"
                       "st.shared.u32 [4], %r1;\n"
                       "ret;\n}\n",
                       0);
  ck_assert_uint_eq(a->insns[2].reconv, AN_NONE);
  ck_assert(a->insns[2].can_diverge);
  /* Region: both paths; union adds live-after-branch {r1} only. */
  ck_assert_str_eq(UNION(a, 3), "%r1");
  ck_assert_str_eq(UNION(a, 4), "%r1");
  done(a);
}
END_TEST

/* ---- the linear scan's aligned pairs ---------------------------------- */

START_TEST(register_pairs_aligned)
{
  /* Ranges: r1 [1,4], rd1 [3,6], rd2 [5,6], rd3 [7,8].  r1 -> 0; rd1
   * needs an even pair and 0 is taken -> 2-3; at 5 r1 has ended, rd2 ->
   * 0-1; at 7 both have ended, rd3 -> 0-1.  Four registers, as MaxLive
   * (rd1 + rd2 before i3). */
  an_func *a = analyse(".version 9.0\n.target sm_75\n.address_size 64\n"
                       ".visible .entry pairs()\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<4>;\n"
                       "mov.u32 %r1, 1;\n"
                       "mov.u64 %rd1, 2;\n"
                       "cvt.u64.u32 %rd2, %r1;\n"
                       "add.u64 %rd3, %rd1, %rd2;\n"
                       "st.global.u64 [%rd3], %rd3;\n"
                       "ret;\n}\n",
                       0);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%r1")], 0);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%rd1")], 2);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%rd2")], 0);
  ck_assert_uint_eq(a->reg_phys[reg(a, "%rd3")], 0);
  ck_assert_uint_eq(a->est_regs, 4);
  ck_assert_uint_eq(a->max_live, 4);
  ck_assert_uint_eq(a->max_live_insn, 3);
  done(a);
}
END_TEST

/* ---- properties on the whole corpus ----------------------------------- */

static bool set_eq(const an_func *a, const uint64_t *x, const uint64_t *y)
{
  return !memcmp(x, y, sizeof *x * a->words);
}

/* Can an exit be reached from block b's successors without entering
 * block p? */
static bool exit_avoids(const an_func *a, uint32_t b, uint32_t p)
{
  uint32_t nb = a->g.n_blocks;
  uint8_t *seen = calloc(nb, 1);
  uint32_t *work = malloc(sizeof *work * nb);
  uint32_t n = 0;
  bool found = false;
  ck_assert(seen && work);
  for (uint32_t k = 0; k < a->g.blocks[b].n_succs; k++) {
    uint32_t s = a->g.blocks[b].succs[k];
    if (s != p && !seen[s])
      seen[s] = 1, work[n++] = s;
  }
  while (n && !found) {
    uint32_t x = work[--n];
    found = a->g.blocks[x].is_exit;
    for (uint32_t k = 0; k < a->g.blocks[x].n_succs; k++) {
      uint32_t s = a->g.blocks[x].succs[k];
      if (s != p && !seen[s])
        seen[s] = 1, work[n++] = s;
    }
  }
  free(seen);
  free(work);
  return found;
}

static void check_function(const an_func *a, const char *where)
{
  uint32_t W = a->words;
  uint64_t *expect = calloc(W, sizeof *expect);
  ck_assert_ptr_nonnull(expect);
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const an_insn *in = &a->insns[i];
    const cfg_block *blk = &a->g.blocks[in->block];
    /* live-out = live-in of the successors. */
    memset(expect, 0, sizeof *expect * W);
    if (i == blk->last) {
      for (uint32_t k = 0; k < blk->n_succs; k++) {
        const uint64_t *s = an_set(a->live_in, a, a->g.blocks[blk->succs[k]].first);
        for (uint32_t w = 0; w < W; w++)
          expect[w] |= s[w];
      }
    } else
      memcpy(expect, an_set(a->live_in, a, i + 1), sizeof *expect * W);
    ck_assert_msg(set_eq(a, expect, an_set(a->live_out, a, i)), "%s: live-out of insn %u", where,
                  i);
    /* live-in = uses + (live-out - full writes). */
    memcpy(expect, an_set(a->live_out, a, i), sizeof *expect * W);
    for (uint32_t k = 0; k < in->n_defs && k < 32; k++)
      if ((in->kill_mask >> k) & 1)
        expect[in->defs[k] / 64] &= ~(UINT64_C(1) << (in->defs[k] % 64));
    for (uint32_t k = 0; k < in->n_uses; k++)
      expect[in->uses[k] / 64] |= UINT64_C(1) << (in->uses[k] % 64);
    ck_assert_msg(set_eq(a, expect, an_set(a->live_in, a, i)), "%s: live-in of insn %u", where, i);
    /* The union contains the plain set and equals it outside regions. */
    const uint64_t *u = an_set(a->union_live, a, i), *l = an_set(a->live_in, a, i);
    for (uint32_t w = 0; w < W; w++)
      ck_assert_msg((u[w] & l[w]) == l[w], "%s: union of insn %u", where, i);
    if (!in->in_divergent_region)
      ck_assert_msg(set_eq(a, u, l), "%s: union outside regions at %u", where, i);
    /* Every reconvergence point post-dominates its branch. */
    if (in->is_cond_branch && in->reconv != AN_NONE)
      ck_assert_msg(!exit_avoids(a, in->block, a->g.block_of[in->reconv]),
                    "%s: insn %u reaches an exit around its reconvergence point", where, i);
    /* A uniform conditional branch decides on uniform registers. */
    if (in->is_cond_branch && !in->can_diverge)
      for (uint32_t k = 0; k < in->n_uses; k++)
        ck_assert_msg(a->reg_uniform[in->uses[k]], "%s: uniform branch %u", where, i);
    /* The assignment gives the registers live together disjoint groups. */
    uint32_t busy[512] = {0};
    if (a->est_regs <= 512 * 32)
      for (uint32_t r = 0; r < a->n_regs; r++)
        if (an_set_has(l, r) && !a->regs[r].is_pred) {
          uint32_t at = a->reg_phys[r];
          ck_assert_msg(at != AN_NONE && at + a->regs[r].slots <= a->est_regs, "%s: reg %u", where,
                        r);
          for (uint32_t s = at; s < at + a->regs[r].slots; s++) {
            ck_assert_msg(!((busy[s / 32] >> (s % 32)) & 1), "%s: two live registers in %u at %u",
                          where, s, i);
            busy[s / 32] |= 1u << (s % 32);
          }
        }
  }
  ck_assert_msg(a->est_regs >= a->max_live, "%s: estimate below MaxLive", where);
  /* One preemption point per innermost loop, a barrier when the loop has
   * one, with the fewest live slots among the candidates. */
  for (uint32_t l = 0; l < a->n_loops; l++) {
    const an_loop *loop = &a->loops[l];
    uint32_t n = 0, at = AN_NONE;
    for (uint32_t p = 0; p < a->n_pps; p++)
      if (a->pps[p].loop == l)
        n++, at = a->pps[p].insn;
    ck_assert_uint_eq(n, loop->is_innermost ? 1 : 0);
    if (!loop->is_innermost)
      continue;
    ck_assert_msg(!loop->n_barriers || a->insns[at].is_barrier, "%s: loop %u", where, l);
    for (uint32_t k = 0; k < loop->n_blocks; k++) {
      const cfg_block *blk = &a->g.blocks[loop->blocks[k]];
      for (uint32_t i = blk->first; i <= blk->last; i++)
        if (!loop->n_barriers || a->insns[i].is_barrier)
          ck_assert_msg(a->insns[i].live_in_slots >= a->insns[at].live_in_slots,
                        "%s: loop %u point", where, l);
    }
  }
  /* With a plain pp every barrier is a point (a wait point unless chosen
   * by the rules); without one there are no wait points. */
  bool has_plain = false;
  for (uint32_t p = 0; p < a->n_pps; p++)
    has_plain |= !a->pps[p].is_barrier;
  for (uint32_t p = 0; p < a->n_pps; p++)
    ck_assert_msg(!a->pps[p].is_wait_point || (has_plain && a->pps[p].is_barrier),
                  "%s: wait point %u", where, p);
  for (uint32_t i = 0; has_plain && i < a->n_insns; i++)
    ck_assert_msg(!a->insns[i].is_barrier || a->insns[i].is_preemption_point,
                  "%s: barrier %u not a point", where, i);
  free(expect);
}

START_TEST(corpus_properties)
{
  static const char *const dirs[] = {"benchmarks/ptx", "benchmarks/ptx/legacy",
                                     "benchmarks/ptx/debug"};
  uint32_t n_funcs = 0, n_branches = 0, n_divergent = 0, n_loops = 0;
  for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
    char **files;
    size_t n = test_list_files(dirs[d], ".ptx", &files);
    for (size_t f = 0; f < n; f++) {
      ptx_diag diag;
      ptx_diag_init(&diag, NULL);
      ptx_module *m = NULL;
      ck_assert_msg(ptx_parse_file(files[f], &diag, &m) == 0, "%s does not parse", files[f]);
      for (uint32_t k = 0; k < m->n_funcs; k++) {
        const ptx_func *fn = m->funcs[k];
        if (!fn->has_body)
          continue;
        an_func *a = NULL;
        ck_assert_int_eq(an_func_analyse(m, fn, NULL, &a), 0);
        char where[512];
        snprintf(where, sizeof where, "%s: %s", files[f], fn->sym.name->str);
        check_function(a, where);
        n_funcs++;
        n_branches += a->n_branches;
        n_divergent += a->n_divergent_branches;
        n_loops += a->n_loops;
        an_func_free(a);
      }
      ptx_module_free(m);
      ptx_diag_free(&diag);
    }
    test_free_list(files, n);
  }
  /* The corpus has uniform and divergent branches and loops. */
  ck_assert_uint_gt(n_funcs, 100);
  ck_assert_uint_gt(n_loops, 20);
  ck_assert_uint_gt(n_divergent, 0);
  ck_assert_uint_gt(n_branches, n_divergent);
}
END_TEST

/* nbody_step's shape: a barrier-free inner loop nested in a loop with two
 * barriers.  The inner loop's point is a plain pp (i4: {r2 r3}, 2 slots,
 * the first minimum); a warp held there while another waits at i8 would
 * deadlock the preemption, so both barriers become wait points (bar.pp,
 * loop AN_NONE).  Without a plain pp (the loops test) there are none. */
static const char nested_barrier_free_inner[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry nested(.param .u32 nested_param_0)\n{\n"
  ".reg .pred %p<3>;\n.reg .b32 %r<6>;\n"
  "mov.u32 %r2, 0;\n"                     /* i0 */
  "mov.u32 %r1, 0;\n"                     /* i1 */
  "$O:\n"
  "bar.sync 0;\n"                         /* i2 */
  "mov.u32 %r3, 0;\n"                     /* i3 */
  "$I:\n"
  "add.u32 %r3, %r3, 1;\n"                /* i4 */
  "setp.lt.u32 %p1, %r3, 4;\n"            /* i5 */
  "@%p1 bra $I;\n"                        /* i6 */
  "st.shared.u32 [0], %r3;\n"             /* i7 */
  "bar.sync 0;\n"                         /* i8 */
  "add.u32 %r2, %r2, 1;\n"                /* i9 */
  "setp.lt.u32 %p2, %r2, 3;\n"            /* i10 */
  "@%p2 bra $O;\n"                        /* i11 */
  "ret;\n}\n";

START_TEST(barrier_wait_points)
{
  an_func *a = analyse(nested_barrier_free_inner, 0);
  ck_assert_uint_eq(a->n_loops, 2);
  ck_assert_uint_eq(a->insns[4].live_in_slots, 2);
  ck_assert_uint_eq(a->n_pps, 3);
  ck_assert_uint_eq(a->pps[0].insn, 2);
  ck_assert(a->pps[0].is_barrier && a->pps[0].is_wait_point);
  ck_assert_uint_eq(a->pps[0].loop, AN_NONE);
  ck_assert_uint_eq(a->pps[1].insn, 4);
  ck_assert(!a->pps[1].is_barrier && !a->pps[1].is_wait_point);
  ck_assert_uint_eq(a->pps[1].loop, a->insns[4].loop);
  ck_assert(a->loops[a->pps[1].loop].is_innermost);
  ck_assert_uint_eq(a->pps[2].insn, 8);
  ck_assert(a->pps[2].is_barrier && a->pps[2].is_wait_point);
  ck_assert(a->insns[8].is_preemption_point);
  done(a);
}
END_TEST

/* The 54-bit field of a pp (004 §1.7): 60 32-bit registers all live
 * before the first add (i60) need R0-R59 in the linear scan, so R0-R52
 * are the 53 explicit bits and R53-R59 raise the overflow flag (bit 53):
 * 0x3fffffffffffff.  Before i2 only %r0, %r1 are live (R0, R1): 0x3. */
START_TEST(pp_vector_overflow)
{
  char text[8192];
  int n = snprintf(text, sizeof text, ".version 9.0\n.target sm_75\n.address_size 64\n"
                                      ".visible .entry wide()\n{\n.reg .b32 %%r<60>;\n");
  for (int i = 0; i < 60; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, "mov.u32 %%r%d, %d;\n", i, i);
  for (int i = 1; i < 60; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, "add.u32 %%r0, %%r0, %%r%d;\n", i);
  snprintf(text + n, sizeof text - (size_t)n, "st.shared.u32 [0], %%r0;\nret;\n}\n");
  an_func *a = analyse(text, 0);
  ck_assert_uint_eq(a->insns[60].live_in_slots, 60);
  uint64_t v = an_pp_vector(a, an_set(a->live_in, a, 60));
  ck_assert_uint_eq(v, UINT64_C(0x3fffffffffffff));
  ck_assert(v >> AN_PP_OVERFLOW_BIT & 1);
  ck_assert_uint_eq(an_pp_vector(a, an_set(a->live_in, a, 2)), 0x3);
  done(a);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("analysis");
  TCase *tc = tcase_create("fig25");
  tcase_add_test(tc, fig25_cfg);
  tcase_add_test(tc, fig25_uniformity);
  tcase_add_test(tc, fig25_liveness);
  tcase_add_test(tc, fig25_union);
  tcase_add_test(tc, fig25_preemption_points);
  tcase_add_test(tc, fig25_register_estimate);
  suite_add_tcase(s, tc);
  tc = tcase_create("shapes");
  tcase_add_test(tc, loops_nested);
  tcase_add_test(tc, loop_min_live_point);
  tcase_add_test(tc, barrier_wait_points);
  tcase_add_test(tc, pp_vector_overflow);
  tcase_add_test(tc, loop_value_live_after_divergent_exit);
  tcase_add_test(tc, guarded_write_keeps_register_live);
  tcase_add_test(tc, uniform_sources);
  tcase_add_test(tc, reconverge_at_exit);
  tcase_add_test(tc, register_pairs_aligned);
  suite_add_tcase(s, tc);
  tc = tcase_create("corpus");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, corpus_properties);
  suite_add_tcase(s, tc);
  return test_run(s);
}
