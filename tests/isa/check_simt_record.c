/* check_simt_record.c -- the dynamic instruction record (isa/simt.h,
 * simt_record) of hand-written kernels stepped one warp instruction at a
 * time: each lane's address and state space of memory instructions
 * (generic accesses resolved per lane, one whose lanes hit shared and
 * global memory, one that overwrites its own address register), the
 * taken mask, reconvergence point and stack depth of branches, the
 * events, and, when the launch asks, the uniformity of operands and the
 * pattern of the values written.  Expected values are worked out by hand
 * from the kernels' text. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "tests/isa/simt_harness.h"
#include "tests/test_util.h"

enum { MAX_RECS = 256 };

/* Every record of a run, in step order. */
typedef struct run_log {
  simt_record rec[MAX_RECS];
  uint32_t warp[MAX_RECS];
  uint32_t n;
} run_log;

static void run_all(sh_run *r, run_log *log)
{
  uint32_t next = 0;
  log->n = 0;
  for (;;) {
    ck_assert_uint_lt(log->n, MAX_RECS);
    simt_warp *w = sh_step_any(r, &next, &log->rec[log->n]);
    if (!w)
      break;
    log->warp[log->n++] = w->warp_id;
  }
}

/* The record of warp's execution of the instruction at pc of the
 * function named fn (the kernel: its name), the nth time (0: first). */
static const simt_record *find(const run_log *log, uint32_t warp, const char *fn, uint32_t pc,
                               uint32_t nth)
{
  for (uint32_t i = 0; i < log->n; i++)
    if (log->warp[i] == warp && log->rec[i].pc == pc &&
        strcmp(log->rec[i].insn->func->name, fn) == 0 && nth-- == 0)
      return &log->rec[i];
  ck_abort_msg("no record of warp %u at %s:%u", warp, fn, pc);
  return NULL;
}

/* ---- addresses and spaces ------------------------------------------------ */

static const char *mem_ptx = SH_HEADER
  ".visible .entry mem(.param .u64 buf)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<16>;\n"
  "  .shared .align 8 .b64 sh[32];\n"
  "  .local .align 8 .b64 loc[2];\n"
  "  ld.param.u64 %rd1, [buf];\n"            /* 0 */
  "  mov.u32 %r1, %tid.x;\n"                 /* 1 */
  "  mul.wide.u32 %rd2, %r1, 8;\n"           /* 2 */
  "  mov.u64 %rd3, sh;\n"                    /* 3: sh's offset in .shared */
  "  st.global.u64 [%rd1+256], %rd3;\n"      /* 4 */
  "  cvta.shared.u64 %rd4, %rd3;\n"          /* 5 */
  "  add.s64 %rd5, %rd4, %rd2;\n"            /* 6: generic &sh[tid] */
  "  add.s64 %rd6, %rd1, %rd2;\n"            /* 7: &buf[tid] */
  "  setp.lt.u32 %p1, %r1, 12;\n"            /* 8 */
  "  selp.b64 %rd7, %rd5, %rd6, %p1;\n"      /* 9: lanes 0..11 shared */
  "  cvt.u64.u32 %rd8, %r1;\n"               /* 10 */
  "  st.u64 [%rd7], %rd8;\n"                 /* 11: generic, mixed */
  "  ld.u64 %rd9, [%rd7+0];\n"               /* 12: generic, mixed */
  "  ld.global.u64 %rd6, [%rd6];\n"          /* 13: overwrites its address */
  "  atom.global.add.u64 %rd10, [%rd1], 1;\n" /* 14 */
  "  ld.param.u64 %rd11, [buf];\n"           /* 15 */
  "  st.local.u64 [loc+8], %rd8;\n"          /* 16 */
  "  @%p1 ld.global.u64 %rd12, [%rd1];\n"    /* 17: guarded */
  "  ret;\n"                                 /* 18 */
  "}\n";

START_TEST(memory_addresses_and_spaces)
{
  sh_run r;
  sh_load(&r, mem_ptx);
  uint64_t buf = sh_buf(&r, NULL, 512);
  sh_launch(&r, "mem", 32, &buf, 1);
  static run_log log;
  run_all(&r, &log);
  uint64_t sh_off;
  memcpy(&sh_off, sh_host(&r, buf + 256, 8), 8);

  /* Not memory: no space. */
  ck_assert_uint_eq(find(&log, 0, "mem", 1, 0)->space_mask, 0);

  const simt_record *st = find(&log, 0, "mem", 4, 0);
  ck_assert_uint_eq(st->space_mask, 1u << ISA_SPACE_GLOBAL);
  for (uint32_t l = 0; l < 32; l++)
    ck_assert_uint_eq(st->addr[l], buf + 256);

  /* The generic store and load: lanes 0..11 in .shared at sh's offset,
   * the others in global memory. */
  for (uint32_t pc = 11; pc <= 12; pc++) {
    const simt_record *g = find(&log, 0, "mem", pc, 0);
    ck_assert_uint_eq(g->exec, UINT32_MAX);
    ck_assert_uint_eq(g->space_mask, (1u << ISA_SPACE_SHARED) | (1u << ISA_SPACE_GLOBAL));
    for (uint32_t l = 0; l < 32; l++) {
      if (l < 12) {
        ck_assert_uint_eq(g->space[l], ISA_SPACE_SHARED);
        ck_assert_uint_eq(g->addr[l], sh_off + 8 * l);
      } else {
        ck_assert_uint_eq(g->space[l], ISA_SPACE_GLOBAL);
        ck_assert_uint_eq(g->addr[l], buf + 8 * l);
      }
    }
  }
  /* The address before the load overwrote its register. */
  const simt_record *ld = find(&log, 0, "mem", 13, 0);
  ck_assert_uint_eq(ld->space_mask, 1u << ISA_SPACE_GLOBAL);
  for (uint32_t l = 0; l < 32; l++)
    ck_assert_uint_eq(ld->addr[l], buf + 8 * l);

  const simt_record *at = find(&log, 0, "mem", 14, 0);
  ck_assert_uint_eq(at->space_mask, 1u << ISA_SPACE_GLOBAL);
  ck_assert(at->events & SIMT_EV_ATOMIC);
  ck_assert_uint_eq(at->addr[31], buf);
  uint64_t count;
  memcpy(&count, sh_host(&r, buf, 8), 8);
  ck_assert_uint_eq(count, 32); /* lane 0's store went to .shared */

  const simt_record *pa = find(&log, 0, "mem", 15, 0);
  ck_assert_uint_eq(pa->space_mask, 1u << ISA_SPACE_PARAM);
  ck_assert_uint_eq(pa->addr[5], 0); /* buf is the first parameter */

  /* Local: each thread's own memory, the same offset in every lane. */
  const simt_record *lo = find(&log, 0, "mem", 16, 0);
  ck_assert_uint_eq(lo->space_mask, 1u << ISA_SPACE_LOCAL);
  for (uint32_t l = 1; l < 32; l++)
    ck_assert_uint_eq(lo->addr[l], lo->addr[0]);

  /* Only executing lanes count. */
  const simt_record *gd = find(&log, 0, "mem", 17, 0);
  ck_assert_uint_eq(gd->exec, 0xfffu);
  ck_assert_uint_eq(gd->space_mask, 1u << ISA_SPACE_GLOBAL);
  sh_free(&r);
}
END_TEST

/* ---- control flow and events ----------------------------------------------- */

static const char *ctl_ptx = SH_HEADER
  ".func (.reg .u32 %rv) inc(.reg .u32 %a)\n"
  "{\n"
  "  add.u32 %rv, %a, 1;\n"                  /* 0 */
  "  ret;\n"                                 /* 1 */
  "}\n"
  ".visible .entry ctl(.param .u64 buf)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
  "  mov.u32 %r1, %tid.x;\n"                 /* 0 */
  "  and.b32 %r2, %r1, 31;\n"                /* 1 */
  "  setp.lt.u32 %p1, %r2, 10;\n"            /* 2 */
  "  @%p1 bra ELSE;\n"                       /* 3 */
  "  add.u32 %r3, %r1, 1;\n"                 /* 4 */
  "  bra.uni JOIN;\n"                        /* 5 */
  "ELSE:\n"
  "  add.u32 %r3, %r1, 2;\n"                 /* 6 */
  "JOIN:\n"
  "  call (%r4), inc, (%r3);\n"              /* 7 */
  "  bar.sync 0;\n"                          /* 8 */
  "  ld.param.u64 %rd1, [buf];\n"            /* 9 */
  "  mul.wide.u32 %rd2, %r1, 4;\n"           /* 10 */
  "  add.s64 %rd3, %rd1, %rd2;\n"            /* 11 */
  "  atom.global.add.u32 %r5, [%rd3], %r4;\n" /* 12 */
  "  setp.eq.u32 %p2, %r2, 3;\n"             /* 13 */
  "  @%p2 exit;\n"                           /* 14 */
  "  ret;\n"                                 /* 15 */
  "}\n";

START_TEST(branches_stack_and_events)
{
  sh_run r;
  sh_load(&r, ctl_ptx);
  uint64_t buf = sh_buf(&r, NULL, 64 * 4);
  sh_launch(&r, "ctl", 64, &buf, 1);
  static run_log log;
  run_all(&r, &log);

  /* Not a branch. */
  const simt_record *mov = find(&log, 0, "ctl", 0, 0);
  ck_assert_uint_eq(mov->taken, 0);
  ck_assert_uint_eq(mov->events, 0);
  ck_assert_uint_eq(mov->depth, 1);
  ck_assert_uint_eq(mov->reconv_pc, ISA_NONE);

  /* The divergent branch: lanes 0..9 go to ELSE, first. */
  const simt_record *br = find(&log, 0, "ctl", 3, 0);
  ck_assert_uint_eq(br->active, UINT32_MAX);
  ck_assert_uint_eq(br->exec, 0x3ffu);
  ck_assert_uint_eq(br->taken, 0x3ffu);
  ck_assert_uint_eq(br->next_pc, 6);
  ck_assert_uint_eq(br->next_active, 0x3ffu);
  ck_assert_uint_eq(br->depth, 3);
  ck_assert_uint_eq(br->reconv_pc, 7);
  ck_assert_uint_eq(br->events, SIMT_EV_DIVERGE);

  /* ELSE runs and reaches JOIN: the fall-through side goes on. */
  const simt_record *els = find(&log, 0, "ctl", 6, 0);
  ck_assert_uint_eq(els->next_pc, 4);
  ck_assert_uint_eq(els->next_active, ~0x3ffu);
  ck_assert_uint_eq(els->depth, 2);
  ck_assert_uint_eq(els->reconv_pc, 7);

  /* The other side's jump to JOIN reconverges: not a divergence. */
  const simt_record *uni = find(&log, 0, "ctl", 5, 0);
  ck_assert_uint_eq(uni->taken, ~0x3ffu);
  ck_assert_uint_eq(uni->next_pc, 7);
  ck_assert_uint_eq(uni->next_active, UINT32_MAX);
  ck_assert_uint_eq(uni->depth, 1);
  ck_assert_uint_eq(uni->reconv_pc, ISA_NONE);
  ck_assert_uint_eq(uni->events, 0);

  const simt_record *call = find(&log, 0, "ctl", 7, 0);
  ck_assert_uint_eq(call->events, SIMT_EV_CALL);
  ck_assert_uint_eq(call->next_pc, 0);
  ck_assert_uint_eq(call->depth, 2);
  const simt_record *ret = find(&log, 0, "inc", 1, 0);
  ck_assert_uint_eq(ret->events, SIMT_EV_RET);
  ck_assert_uint_eq(ret->next_pc, 8);
  ck_assert_uint_eq(ret->depth, 1);

  /* Warp 0 arrives at the barrier first and waits; warp 1 completes it. */
  ck_assert_uint_eq(find(&log, 0, "ctl", 8, 0)->events, SIMT_EV_BARRIER | SIMT_EV_BLOCKED);
  ck_assert_uint_eq(find(&log, 1, "ctl", 8, 0)->events, SIMT_EV_BARRIER);

  const simt_record *at = find(&log, 1, "ctl", 12, 0);
  ck_assert_uint_eq(at->events, SIMT_EV_ATOMIC);
  ck_assert_uint_eq(at->space_mask, 1u << ISA_SPACE_GLOBAL);
  ck_assert_uint_eq(at->addr[7], buf + 4 * (32 + 7));

  const simt_record *ex = find(&log, 0, "ctl", 14, 0);
  ck_assert_uint_eq(ex->exec, 1u << 3);
  ck_assert_uint_eq(ex->events, SIMT_EV_EXIT);
  ck_assert(!ex->is_warp_done);
  ck_assert_uint_eq(ex->next_active, ~(1u << 3));
  const simt_record *end = find(&log, 0, "ctl", 15, 0);
  ck_assert_uint_eq(end->events, SIMT_EV_EXIT);
  ck_assert(end->is_warp_done);
  ck_assert_uint_eq(end->next_active, 0);
  ck_assert_uint_eq(end->depth, 0);
  ck_assert_uint_eq(end->reconv_pc, ISA_NONE);

  /* What the kernel computed: tid + (tid % 32 < 10 ? 2 : 1) + 1. */
  const uint32_t *out = sh_host(&r, buf, 64 * 4);
  for (uint32_t t = 0; t < 64; t++)
    ck_assert_uint_eq(out[t], t + ((t % 32) < 10 ? 2 : 1) + 1);
  sh_free(&r);
}
END_TEST

/* ---- uniformity and value patterns ---------------------------------------- */

static const char *vals_ptx = SH_HEADER
  ".visible .entry vals(.param .u64 buf)\n"
  "{\n"
  "  .reg .pred %p<4>; .reg .b32 %r<12>; .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [buf];\n"            /* 0: uniform <- uniform */
  "  mov.u32 %r1, %tid.x;\n"                 /* 1: stride 1 <- not uniform */
  "  mov.u32 %r2, 7;\n"                      /* 2: uniform <- constant */
  "  mul.lo.u32 %r3, %r1, 3;\n"              /* 3: stride 3 */
  "  mul.lo.u32 %r4, %r1, %r1;\n"            /* 4: random */
  "  add.u32 %r5, %r2, %r2;\n"               /* 5: uniform <- uniform */
  "  sub.s32 %r6, %r2, %r1;\n"               /* 6: stride -1 */
  "  setp.lt.u32 %p1, %r1, 5;\n"             /* 7: predicate, mixed */
  "  setp.lt.u32 %p2, %r2, 9;\n"             /* 8: predicate, uniform */
  "  @%p1 mul.lo.u32 %r7, %r1, 4;\n"         /* 9: lanes 0..4, stride 4 */
  "  mul.wide.u32 %rd2, %r1, 8;\n"           /* 10 */
  "  add.s64 %rd3, %rd1, %rd2;\n"            /* 11 */
  "  ld.global.v2.u32 {%r8, %r9}, [%rd3];\n" /* 12: both stride 4 */
  "  ld.global.v2.u32 {%r8, %r9}, [%rd1];\n" /* 13: both uniform */
  "  st.global.u32 [%rd3], %r3;\n"           /* 14: no destination */
  "  ret;\n"                                 /* 15 */
  "}\n";

typedef struct val_case {
  uint32_t pc;
  uint8_t values;      /* SIMT_VAL_* */
  uint8_t pattern;     /* simt_pattern */
  int64_t stride;
} val_case;

/* The first executing lane's operands (SIMT_VAL_SCALAR): lane 0 in every
 * case below (%r1 = 0, %r2 = 7). */
typedef struct scalar_case {
  uint32_t pc;
  uint8_t n_src;
  uint64_t src[SIMT_REC_SRC_VALS];
  uint64_t dst;
} scalar_case;

static const scalar_case scalar_cases[] = {
  {1, 1, {0}, 0},       /* mov %r1, %tid.x: the special register's value */
  {2, 1, {7}, 7},       /* mov %r2, 7: the immediate */
  {3, 2, {0, 3}, 0},    /* mul %r3, %r1, 3 */
  {5, 2, {7, 7}, 14},   /* add %r5, %r2, %r2 */
  {6, 2, {7, 0}, 7},    /* sub %r6, %r2, %r1: operand order */
  {7, 2, {0, 5}, 1},    /* setp %p1: a predicate result is 0 or 1 */
  {8, 2, {7, 9}, 1},
  {9, 2, {0, 4}, 0},    /* @%p1 mul: lanes 0..4 */
};

#define M SIMT_VAL_MEASURED
#define DU SIMT_VAL_DST_UNIFORM
#define SU SIMT_VAL_SRC_UNIFORM
#define SC SIMT_VAL_SCALAR /* one destination value, at most 3 sources */
static const val_case val_cases[] = {
  {0, M | DU | SU | SC, SIMT_PAT_UNIFORM, 0},
  {1, M | SC, SIMT_PAT_STRIDED, 1},
  {2, M | DU | SU | SC, SIMT_PAT_UNIFORM, 0},
  {3, M | SC, SIMT_PAT_STRIDED, 3},
  {4, M | SC, SIMT_PAT_RANDOM, 0},
  {5, M | DU | SU | SC, SIMT_PAT_UNIFORM, 0},
  {6, M | SC, SIMT_PAT_STRIDED, -1},
  {7, M | SC, SIMT_PAT_RANDOM, 0},
  {8, M | DU | SU | SC, SIMT_PAT_UNIFORM, 0},
  {9, M | SC, SIMT_PAT_STRIDED, 4},
  {12, M, SIMT_PAT_STRIDED, 4},        /* two destinations */
  {13, M | DU | SU, SIMT_PAT_UNIFORM, 0},
  {14, M | DU, SIMT_PAT_NONE, 0},      /* no destination */
};
#undef SC
#undef M
#undef DU
#undef SU

/* Runs vals with the launch's record_flags; the records point into r,
 * which the caller frees. */
static void run_vals(sh_run *r, run_log *log, uint32_t flags)
{
  sh_load(r, vals_ptx);
  uint32_t data[64];
  for (uint32_t i = 0; i < 64; i++)
    data[i] = 2 * i;
  uint64_t buf = sh_buf(r, data, sizeof data);
  sh_launch(r, "vals", 32, &buf, 1);
  r->l.record_flags = flags;
  run_all(r, log);
}

START_TEST(values_uniform_strided_random)
{
  static run_log log;
  sh_run r;
  run_vals(&r, &log, SIMT_REC_VALUES);
  const val_case *c = &val_cases[_i];
  const simt_record *rec = find(&log, 0, "vals", c->pc, 0);
  ck_assert_msg(rec->values == c->values, "pc %u: values %#x, want %#x", c->pc, rec->values,
                c->values);
  ck_assert_msg(rec->dst_pattern == c->pattern, "pc %u: pattern %u, want %u", c->pc,
                rec->dst_pattern, c->pattern);
  ck_assert_msg(rec->dst_stride == c->stride, "pc %u: stride %lld, want %lld", c->pc,
                (long long)rec->dst_stride, (long long)c->stride);
  sh_free(&r);
}
END_TEST

START_TEST(values_scalar_operands)
{
  static run_log log;
  sh_run r;
  run_vals(&r, &log, SIMT_REC_VALUES);
  const scalar_case *c = &scalar_cases[_i];
  const simt_record *rec = find(&log, 0, "vals", c->pc, 0);
  ck_assert(rec->values & SIMT_VAL_SCALAR);
  ck_assert_uint_eq(rec->n_src_vals, c->n_src);
  for (uint32_t k = 0; k < c->n_src; k++)
    ck_assert_msg(rec->src_val[k] == c->src[k], "pc %u: source %u is %llu, want %llu", c->pc,
                  k, (unsigned long long)rec->src_val[k], (unsigned long long)c->src[k]);
  ck_assert_msg(rec->dst_val == c->dst, "pc %u: destination %llu, want %llu", c->pc,
                (unsigned long long)rec->dst_val, (unsigned long long)c->dst);
  sh_free(&r);
}
END_TEST

/* SIMT_REC_SCALARS alone: the same operand values, no lane loop, so no
 * pattern and no uniformity bits; the instructions without one result
 * (12: two, 14: none) have none. */
START_TEST(scalars_only)
{
  static run_log log;
  sh_run r;
  run_vals(&r, &log, SIMT_REC_SCALARS);
  for (size_t i = 0; i < PTX_ARRAY_SIZE(scalar_cases); i++) {
    const scalar_case *c = &scalar_cases[i];
    const simt_record *rec = find(&log, 0, "vals", c->pc, 0);
    ck_assert_uint_eq(rec->values, SIMT_VAL_SCALAR);
    ck_assert_uint_eq(rec->n_src_vals, c->n_src);
    for (uint32_t k = 0; k < c->n_src; k++)
      ck_assert(rec->src_val[k] == c->src[k]);
    ck_assert(rec->dst_val == c->dst);
  }
  ck_assert_uint_eq(find(&log, 0, "vals", 12, 0)->values, 0);
  ck_assert_uint_eq(find(&log, 0, "vals", 14, 0)->values, 0);
  sh_free(&r);
}
END_TEST

START_TEST(values_only_when_asked)
{
  static run_log log;
  sh_run r;
  run_vals(&r, &log, 0);
  for (uint32_t i = 0; i < log.n; i++) {
    ck_assert_uint_eq(log.rec[i].values, 0);
    ck_assert_uint_eq(log.rec[i].dst_pattern, SIMT_PAT_NONE);
  }
  sh_free(&r);
}
END_TEST

/* A call's operands go through its call site: not measured. */
START_TEST(values_not_measured_for_calls)
{
  sh_run r;
  sh_load(&r, ctl_ptx);
  uint64_t buf = sh_buf(&r, NULL, 64 * 4);
  sh_launch(&r, "ctl", 64, &buf, 1);
  r.l.record_flags = SIMT_REC_VALUES;
  static run_log log;
  run_all(&r, &log);
  ck_assert_uint_eq(find(&log, 0, "ctl", 7, 0)->values, 0);
  ck_assert(find(&log, 0, "inc", 0, 0)->values & SIMT_VAL_MEASURED);
  sh_free(&r);
}
END_TEST

static Suite *record_suite(void)
{
  Suite *s = suite_create("simt_record");
  TCase *tc = tcase_create("memory");
  tcase_add_test(tc, memory_addresses_and_spaces);
  suite_add_tcase(s, tc);
  tc = tcase_create("control");
  tcase_add_test(tc, branches_stack_and_events);
  suite_add_tcase(s, tc);
  tc = tcase_create("values");
  tcase_add_loop_test(tc, values_uniform_strided_random, 0, (int)PTX_ARRAY_SIZE(val_cases));
  tcase_add_loop_test(tc, values_scalar_operands, 0, (int)PTX_ARRAY_SIZE(scalar_cases));
  tcase_add_test(tc, scalars_only);
  tcase_add_test(tc, values_only_when_asked);
  tcase_add_test(tc, values_not_measured_for_calls);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(record_suite());
}
