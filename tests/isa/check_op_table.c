/* check_op_table.c -- every row of frontend/ptx_ops.def, the one list of
 * opcodes, is complete and consistent (the part Spike's
 * check-opcode-overlap test plays for its encoding table).
 *
 * One function, table_problem(), holds the rules a row must keep: sorted
 * and unique mnemonics (lookups bisect the rows), a signature that parses,
 * a semantic body for each opcode that does not say "none", a timing class
 * and unit in range, and flags that agree with the unit and the operands.
 * It is run on the rows as this test expands them (after checking that
 * the live tables hold the same), and on broken copies of them, each of
 * which it must reject with the right reason.  Finally every executed
 * opcode binds a representative instruction: its binder does not only
 * exist but returns a semantic function.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "frontend/ptx_parse.h"
#include "isa/isa_bind.h"
#include "isa/isa_prog.h"
#include "tests/test_util.h"

/* A row with every column, the binder included (which the frontend's
 * ptx_op_table leaves out). */
typedef struct op_row {
  const char *id;
  const char *mnemonic, *signature;
  unsigned min_types, max_types;
  uint64_t categories;
  unsigned fclass, unit, tclass;
  uint32_t flags;
  unsigned ptx_version, min_sm;
  const char *doc;
  const char *binder_name; /* the binder column as written */
  isa_binder binder;       /* isa_bind_<binder> */
} op_row;

static const op_row rows[] = {
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) \
  {#id, mn, sig, tmin, tmax, cats, fc, unit, tc, flags, ver, sm, doc, #binder, isa_bind_##binder},
#include "frontend/ptx_ops.def"
#undef PTX_OP
};

enum { N_ROWS = sizeof rows / sizeof rows[0] };

/* ---- the rules ----------------------------------------------------------- */

#define ANY(fl, mask) (((fl) & (mask)) != 0)
#define PROBLEM(...) return (snprintf(why, why_size, __VA_ARGS__), why)

static bool is_arith_unit(unsigned u)
{
  return u == PTX_UNIT_INT || u == PTX_UNIT_SP || u == PTX_UNIT_DP || u == PTX_UNIT_SFU;
}

/* The first problem of one row, or NULL. */
static const char *row_problem(const op_row *r, char *why, size_t why_size)
{
  const char *mn = r->mnemonic;
  const uint32_t fl = r->flags;
  ptx_sig_slot slots[PTX_SIG_MAX_SLOTS];
  int n = ptx_sig_parse(r->signature, slots, PTX_SIG_MAX_SLOTS);
  if (n < 0)
    PROBLEM("%s: malformed signature '%s'", mn, r->signature);
  bool has_label = false;
  for (int k = 0; k < n; k++) {
    has_label |= slots[k].kind == 'l' || slots[k].kind == 'L';
    /* 'c' slots are governed by .L2::cache_hint, not by '?' */
    if (slots[k].kind == 'c' && slots[k].optional)
      PROBLEM("%s: optional c slot", mn);
  }
  if (r->min_types > r->max_types || r->max_types > 5)
    PROBLEM("%s: type counts %u..%u", mn, r->min_types, r->max_types);
  if (!(r->categories & PTX_MC(TYPE)))
    PROBLEM("%s: types must be accepted", mn);
  if (!r->doc || !*r->doc)
    PROBLEM("%s: no doc string", mn);
  if (r->ptx_version < 10 || r->ptx_version > 90)
    PROBLEM("%s: PTX version %u", mn, r->ptx_version);
  if (r->fclass >= PTX_FC_COUNT)
    PROBLEM("%s: invalid functional class %u", mn, r->fclass);

  /* Execution: a body, or an explicit "none". */
  bool says_none = strcmp(r->binder_name, "none") == 0;
  if (!r->binder)
    PROBLEM("%s: no semantic body (binder %s; write none if ptxsim does not execute it)", mn,
            r->binder_name);
  if (says_none != (r->binder == isa_bind_none))
    PROBLEM("%s: binder %s is not isa_bind_%s", mn, r->binder_name, r->binder_name);

  /* Timing. */
  if (r->unit >= PTX_UNIT_COUNT)
    PROBLEM("%s: invalid unit %u", mn, r->unit);
  if (r->tclass >= PTX_TC_COUNT)
    PROBLEM("%s: no timing class (%u)", mn, r->tclass);
  if (r->tclass != PTX_TC_ADD && !is_arith_unit(r->unit))
    PROBLEM("%s: timing class %s on the %s unit, which has no latency classes", mn,
            ptx_tclass_names[r->tclass], ptx_unit_names[r->unit]);
  /* The timing model runs the SFU's rows as one class, and its DIV row
   * (div) as a division on the data kind's unit. */
  if (r->unit == PTX_UNIT_SFU && r->tclass != PTX_TC_ADD && r->tclass != PTX_TC_DIV)
    PROBLEM("%s: SFU rows are of class ADD or DIV", mn);
  if (ANY(fl, PTX_OPF_F64_DP) && !is_arith_unit(r->unit))
    PROBLEM("%s: PTX_OPF_F64_DP on the %s unit", mn, ptx_unit_names[r->unit]);

  /* Control. */
  if (has_label != ANY(fl, PTX_OPF_BRANCH))
    PROBLEM("%s: PTX_OPF_BRANCH must mark exactly the rows taking labels", mn);
  if (ANY(fl, PTX_OPF_BRANCH | PTX_OPF_CALL | PTX_OPF_RET | PTX_OPF_EXIT | PTX_OPF_TRAP) &&
      r->unit != PTX_UNIT_BRU)
    PROBLEM("%s: control transfers run on the BRU", mn);
  if ((r->fclass == PTX_FC_CTRL) != ANY(fl, PTX_OPF_BRANCH | PTX_OPF_CALL | PTX_OPF_RET |
                                                PTX_OPF_EXIT | PTX_OPF_TRAP))
    PROBLEM("%s: class CTRL must go with a control flag", mn);
  if (ANY(fl, PTX_OPF_BARRIER) && r->unit != PTX_UNIT_SYNC)
    PROBLEM("%s: barriers run on the SYNC unit", mn);

  /* Memory. */
  bool mem = ANY(fl, PTX_OPF_MEM_RD | PTX_OPF_MEM_WR);
  if (mem && r->unit != PTX_UNIT_LDST && r->unit != PTX_UNIT_TEX)
    PROBLEM("%s: PTX_OPF_MEM_RD/WR on the %s unit (memory goes through LDST or TEX)", mn,
            ptx_unit_names[r->unit]);
  if (ANY(fl, PTX_OPF_ATOMIC) && (fl & (PTX_OPF_MEM_RD | PTX_OPF_MEM_WR)) !=
                                     (PTX_OPF_MEM_RD | PTX_OPF_MEM_WR))
    PROBLEM("%s: atomics read and write memory", mn);
  if ((r->fclass == PTX_FC_MEM && !mem) || (r->fclass == PTX_FC_ATOM && !ANY(fl, PTX_OPF_ATOMIC)))
    PROBLEM("%s: class %s without its memory flags", mn, ptx_fclass_names[r->fclass]);
  /* An LDST row that touches no memory orders it or keeps cp.async
   * groups; a TEX row is a texture or surface instruction. */
  if (r->unit == PTX_UNIT_LDST && !mem && r->fclass != PTX_FC_SYNC && r->fclass != PTX_FC_ASYNC)
    PROBLEM("%s: LDST unit without PTX_OPF_MEM_RD/WR", mn);
  if (r->unit == PTX_UNIT_TEX && r->fclass != PTX_FC_TEX && r->fclass != PTX_FC_SURF)
    PROBLEM("%s: TEX unit for class %s", mn, ptx_fclass_names[r->fclass]);

  /* Drains: ordering and waiting instructions, and calls and returns,
   * which wait for everything in flight. */
  if (ANY(fl, PTX_OPF_CALL | PTX_OPF_RET) && !ANY(fl, PTX_OPF_DRAIN))
    PROBLEM("%s: calls and returns drain the warp (PTX_OPF_DRAIN)", mn);
  if (ANY(fl, PTX_OPF_DRAIN) && r->fclass != PTX_FC_SYNC && r->fclass != PTX_FC_ASYNC &&
      !ANY(fl, PTX_OPF_CALL | PTX_OPF_RET))
    PROBLEM("%s: PTX_OPF_DRAIN on a row that neither orders memory nor calls", mn);
  return NULL;
}

/* The first problem of a table of n rows, or NULL. */
static const char *table_problem(const op_row *t, size_t n, char *why, size_t why_size)
{
  for (size_t i = 0; i < n; i++) {
    if (i > 0) {
      int c = strcmp(t[i - 1].mnemonic, t[i].mnemonic);
      if (c == 0)
        PROBLEM("%s: duplicate mnemonic (%s and %s)", t[i].mnemonic, t[i - 1].id, t[i].id);
      if (c > 0)
        PROBLEM("%s: rows out of order ('%s' must come before '%s')", t[i].mnemonic,
                t[i].mnemonic, t[i - 1].mnemonic);
    }
    const char *p = row_problem(&t[i], why, why_size);
    if (p)
      return p;
  }
  return NULL;
}

/* ---- the real rows --------------------------------------------------------- */

/* The rows checked here are the ones the frontend and the binder table
 * were built from. */
START_TEST(live_tables_are_the_rows)
{
  ck_assert_int_eq(N_ROWS, PTX_OP_COUNT - 1);
  for (int op = 1; op < PTX_OP_COUNT; op++) {
    const op_row *r = &rows[op - 1];
    const ptx_op_info *o = &ptx_op_table[op];
    ck_assert_str_eq(o->mnemonic, r->mnemonic);
    ck_assert_str_eq(o->signature, r->signature);
    ck_assert_uint_eq(o->fclass, r->fclass);
    ck_assert_uint_eq(o->unit, r->unit);
    ck_assert_uint_eq(o->tclass, r->tclass);
    ck_assert_uint_eq(o->flags, r->flags);
    isa_binder want = r->binder == isa_bind_none ? NULL : r->binder;
    ck_assert_msg(isa_binder_of((ptx_op)op) == want, "%s: isa_binder_of is not its row's binder",
                  r->mnemonic);
  }
  ck_assert_ptr_null(isa_binder_of(PTX_OP_NONE));
  ck_assert_ptr_null(isa_binder_of(PTX_OP_COUNT));
}
END_TEST

START_TEST(every_row_is_well_formed)
{
  char why[256];
  const char *p = table_problem(rows, N_ROWS, why, sizeof why);
  ck_assert_msg(p == NULL, "ptx_ops.def: %s", p);
  /* What the timing model relies on by name. */
  ck_assert(ptx_op_has_free_syntax(PTX_OP_CALL));
  ck_assert(ptx_op_table[PTX_OP_MEMBAR].flags & PTX_OPF_DRAIN);
  ck_assert(ptx_op_table[PTX_OP_CP_ASYNC_WAIT_GROUP].flags & PTX_OPF_DRAIN);
  ck_assert_uint_eq(ptx_op_table[PTX_OP_FMA].tclass, PTX_TC_MAD);
  ck_assert_uint_eq(ptx_op_table[PTX_OP_SHFL].tclass, PTX_TC_SHFL);
  ck_assert_uint_eq(ptx_op_table[PTX_OP_DIV].tclass, PTX_TC_DIV);
}
END_TEST

/* ---- broken rows are rejected ------------------------------------------------ */

static const op_row *row_of(ptx_op op)
{
  return &rows[op - 1];
}

static void set_binder_null(op_row *t, size_t i)
{
  t[i].binder = NULL;
}
static void set_binder_none_ptr(op_row *t, size_t i)
{
  t[i].binder = isa_bind_none;
}
static void set_no_tclass(op_row *t, size_t i)
{
  t[i].tclass = PTX_TC_COUNT;
}
static void set_bad_unit(op_row *t, size_t i)
{
  t[i].unit = PTX_UNIT_COUNT;
}
static void set_bad_signature(op_row *t, size_t i)
{
  t[i].signature = "dr,zr";
}
static void set_duplicate(op_row *t, size_t i)
{
  t[i].mnemonic = t[i - 1].mnemonic;
}
static void set_swapped(op_row *t, size_t i)
{
  op_row tmp = t[i];
  t[i] = t[i - 1];
  t[i - 1] = tmp;
}
static void add_branch_flag(op_row *t, size_t i)
{
  t[i].flags |= PTX_OPF_BRANCH;
}
static void drop_branch_flag(op_row *t, size_t i)
{
  t[i].flags &= ~(uint32_t)PTX_OPF_BRANCH;
}
static void add_mem_rd(op_row *t, size_t i)
{
  t[i].flags |= PTX_OPF_MEM_RD;
}
static void set_int_unit(op_row *t, size_t i)
{
  t[i].unit = PTX_UNIT_INT;
}
static void drop_mem_flags(op_row *t, size_t i)
{
  t[i].flags &= ~(uint32_t)(PTX_OPF_MEM_RD | PTX_OPF_MEM_WR);
}
static void set_mul_class(op_row *t, size_t i)
{
  t[i].tclass = PTX_TC_MUL;
}
static void drop_drain(op_row *t, size_t i)
{
  t[i].flags &= ~(uint32_t)PTX_OPF_DRAIN;
}
static void add_drain(op_row *t, size_t i)
{
  t[i].flags |= PTX_OPF_DRAIN;
}
static void drop_mem_wr(op_row *t, size_t i)
{
  t[i].flags &= ~(uint32_t)PTX_OPF_MEM_WR;
}

static const struct broken {
  ptx_op op;                        /* the row to break */
  void (*breaks)(op_row *t, size_t i);
  const char *reason;               /* in the message */
} broken[] = {
  {PTX_OP_ADD, set_binder_null, "add: no semantic body"},
  {PTX_OP_ADD, set_binder_none_ptr, "add: binder add is not isa_bind_add"},
  {PTX_OP_MUL, set_no_tclass, "mul: no timing class"},
  {PTX_OP_MUL, set_bad_unit, "mul: invalid unit"},
  {PTX_OP_SUB, set_bad_signature, "sub: malformed signature"},
  {PTX_OP_SUBC, set_duplicate, "sub: duplicate mnemonic"},
  {PTX_OP_XOR, set_swapped, "rows out of order"},
  {PTX_OP_ADD, add_branch_flag, "add: PTX_OPF_BRANCH"},
  {PTX_OP_BRA, drop_branch_flag, "bra: PTX_OPF_BRANCH"},
  {PTX_OP_MOV, add_mem_rd, "mov: PTX_OPF_MEM_RD/WR on the INT unit"},
  {PTX_OP_LD, set_int_unit, "ld: PTX_OPF_MEM_RD/WR on the INT unit"},
  {PTX_OP_LD, drop_mem_flags, "ld: class MEM without its memory flags"},
  {PTX_OP_ST, set_mul_class, "st: timing class MUL on the LDST unit"},
  {PTX_OP_SIN, set_mul_class, "sin: SFU rows are of class ADD or DIV"},
  {PTX_OP_CALL, drop_drain, "call: calls and returns drain"},
  {PTX_OP_ADD, add_drain, "add: PTX_OPF_DRAIN"},
  {PTX_OP_ATOM, drop_mem_wr, "atom: atomics read and write"},
};

START_TEST(broken_row_is_rejected)
{
  const struct broken *b = &broken[_i];
  op_row *t = malloc(sizeof rows);
  ck_assert_ptr_nonnull(t);
  memcpy(t, rows, sizeof rows);
  size_t i = (size_t)(row_of(b->op) - rows);
  b->breaks(t, i);
  char why[256];
  const char *p = table_problem(t, N_ROWS, why, sizeof why);
  ck_assert_msg(p && strstr(p, b->reason), "breaking %s: want '%s', got '%s'", rows[i].mnemonic,
                b->reason, p ? p : "(accepted)");
  free(t);
}
END_TEST

/* ---- every executed opcode binds a representative form --------------------- */

static const struct form {
  ptx_op op;
  const char *body;
} forms[] = {
  {PTX_OP_ABS, "abs.s32 %r1, %r2;"},
  {PTX_OP_ACTIVEMASK, "activemask.b32 %r1;"},
  {PTX_OP_ADD, "add.s32 %r1, %r2, %r3;"},
  {PTX_OP_ADDC, "addc.u32 %r1, %r2, %r3;"},
  {PTX_OP_AND, "and.b32 %r1, %r2, %r3;"},
  {PTX_OP_APPLYPRIORITY, "applypriority.global.L2::evict_normal [gbuf], 128;"},
  {PTX_OP_ATOM, "atom.global.add.u32 %r1, [gbuf], %r2;"},
  {PTX_OP_BAR, "bar.sync 0;"},
  {PTX_OP_BAR_RED, "bar.red.popc.u32 %r1, 0, %p1;"},
  {PTX_OP_BAR_WARP_SYNC, "bar.warp.sync 0xffffffff;"},
  {PTX_OP_BARRIER, "barrier.sync 0;"},
  {PTX_OP_BARRIER_RED, "barrier.red.or.pred %p1, 0, %p2;"},
  {PTX_OP_BFE, "bfe.u32 %r1, %r2, 8, 4;"},
  {PTX_OP_BFI, "bfi.b32 %r1, %r2, %r3, 8, 4;"},
  {PTX_OP_BFIND, "bfind.u32 %r1, %r2;"},
  {PTX_OP_BMSK, "bmsk.clamp.b32 %r1, %r2, %r3;"},
  {PTX_OP_BRA, "bra L_end;"},
  {PTX_OP_BREV, "brev.b32 %r1, %r2;"},
  {PTX_OP_BRKPT, "brkpt;"},
  {PTX_OP_BRX_IDX, "bt: .branchtargets L_end;\n  brx.idx %r1, bt;"},
  {PTX_OP_CALL, "call nop_func;"},
  {PTX_OP_CLZ, "clz.b32 %r1, %r2;"},
  {PTX_OP_CNOT, "cnot.b32 %r1, %r2;"},
  {PTX_OP_COPYSIGN, "copysign.f32 %f1, %f2, %f3;"},
  {PTX_OP_COS, "cos.approx.f32 %f1, %f2;"},
  {PTX_OP_CP_ASYNC, "cp.async.ca.shared.global [sbuf], [gbuf], 8;"},
  {PTX_OP_CP_ASYNC_COMMIT_GROUP, "cp.async.commit_group;"},
  {PTX_OP_CP_ASYNC_MBARRIER_ARRIVE, "cp.async.mbarrier.arrive.shared.b64 [sbuf];"},
  {PTX_OP_CP_ASYNC_WAIT_ALL, "cp.async.wait_all;"},
  {PTX_OP_CP_ASYNC_WAIT_GROUP, "cp.async.wait_group 0;"},
  {PTX_OP_CVT, "cvt.rn.f32.s32 %f1, %r2;"},
  {PTX_OP_CVT_PACK, "cvt.pack.sat.u16.s32 %h1, %r2, %r3;"},
  {PTX_OP_CVTA, "cvta.to.global.u64 %rd1, %rd2;"},
  {PTX_OP_DISCARD, "discard.global.L2 [gbuf], 128;"},
  {PTX_OP_DIV, "div.s32 %r1, %r2, %r3;"},
  {PTX_OP_DP2A, "dp2a.lo.s32.s32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_DP4A, "dp4a.s32.s32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_ELECT, "elect.sync %r1|%p1, 0xffffffff;"},
  {PTX_OP_EX2, "ex2.approx.f32 %f1, %f2;"},
  {PTX_OP_EXIT, "exit;"},
  {PTX_OP_FENCE, "fence.sc.cta;"},
  {PTX_OP_FMA, "fma.rn.f32 %f1, %f2, %f3, %f4;"},
  {PTX_OP_FNS, "fns.b32 %r1, %r2, %r3, 1;"},
  {PTX_OP_GRIDDEPCONTROL, "griddepcontrol.wait;"},
  {PTX_OP_ISSPACEP, "isspacep.global %p1, %rd1;"},
  {PTX_OP_ISTYPEP, "istypep.texref %p1, %rd1;"},
  {PTX_OP_LD, "ld.global.u32 %r1, [gbuf];"},
  {PTX_OP_LDU, "ldu.global.f32 %f1, [gbuf];"},
  {PTX_OP_LG2, "lg2.approx.f32 %f1, %f2;"},
  {PTX_OP_LOP3, "lop3.b32 %r1, %r2, %r3, %r4, 0x96;"},
  {PTX_OP_MAD, "mad.lo.s32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_MAD24, "mad24.lo.s32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_MADC, "madc.lo.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_MATCH, "match.any.sync.b32 %r1, %r2, 0xffffffff;"},
  {PTX_OP_MAX, "max.s32 %r1, %r2, %r3;"},
  {PTX_OP_MBARRIER_ARRIVE, "mbarrier.arrive.shared.b64 %rd1, [sbuf];"},
  {PTX_OP_MBARRIER_ARRIVE_DROP, "mbarrier.arrive_drop.shared.b64 %rd1, [sbuf];"},
  {PTX_OP_MBARRIER_COMPLETE_TX, "mbarrier.complete_tx.shared.b64 [sbuf], 16;"},
  {PTX_OP_MBARRIER_EXPECT_TX, "mbarrier.expect_tx.shared.b64 [sbuf], 16;"},
  {PTX_OP_MBARRIER_INIT, "mbarrier.init.shared.b64 [sbuf], 32;"},
  {PTX_OP_MBARRIER_INVAL, "mbarrier.inval.shared.b64 [sbuf];"},
  {PTX_OP_MBARRIER_PENDING_COUNT, "mbarrier.pending_count.b64 %r1, %rd1;"},
  {PTX_OP_MBARRIER_TEST_WAIT, "mbarrier.test_wait.shared.b64 %p1, [sbuf], %rd1;"},
  {PTX_OP_MBARRIER_TRY_WAIT, "mbarrier.try_wait.parity.shared.b64 %p1, [sbuf], 0;"},
  {PTX_OP_MEMBAR, "membar.cta;"},
  {PTX_OP_MIN, "min.u32 %r1, %r2, %r3;"},
  {PTX_OP_MOV, "mov.u32 %r1, %r2;"},
  {PTX_OP_MUL, "mul.lo.s32 %r1, %r2, %r3;"},
  {PTX_OP_MUL24, "mul24.lo.s32 %r1, %r2, %r3;"},
  {PTX_OP_NANOSLEEP, "nanosleep.u32 %r1;"},
  {PTX_OP_NEG, "neg.s32 %r1, %r2;"},
  {PTX_OP_NOT, "not.b32 %r1, %r2;"},
  {PTX_OP_OR, "or.b32 %r1, %r2, %r3;"},
  {PTX_OP_PMEVENT, "pmevent 1;"},
  {PTX_OP_POPC, "popc.b32 %r1, %r2;"},
  {PTX_OP_PREFETCH, "prefetch.global.L2 [gbuf];"},
  {PTX_OP_PREFETCHU, "prefetchu.L1 [gbuf];"},
  {PTX_OP_PRMT, "prmt.b32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_RCP, "rcp.rn.f32 %f1, %f2;"},
  {PTX_OP_RED, "red.global.add.u32 [gbuf], %r1;"},
  {PTX_OP_REDUX, "redux.sync.add.u32 %r1, %r2, 0xffffffff;"},
  {PTX_OP_REM, "rem.u32 %r1, %r2, %r3;"},
  {PTX_OP_RET, "ret;"},
  {PTX_OP_RSQRT, "rsqrt.approx.f32 %f1, %f2;"},
  {PTX_OP_SAD, "sad.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_SELP, "selp.b32 %r1, %r2, %r3, %p1;"},
  {PTX_OP_SET, "set.lt.u32.s32 %r1, %r2, %r3;"},
  {PTX_OP_SETP, "setp.lt.s32 %p1, %r2, %r3;"},
  {PTX_OP_SHF, "shf.l.wrap.b32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_SHFL, "shfl.sync.idx.b32 %r1, %r2, 0, 31, 0xffffffff;"},
  {PTX_OP_SHL, "shl.b32 %r1, %r2, 3;"},
  {PTX_OP_SHR, "shr.u32 %r1, %r2, 3;"},
  {PTX_OP_SIN, "sin.approx.f32 %f1, %f2;"},
  {PTX_OP_SLCT, "slct.s32.s32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_SQRT, "sqrt.rn.f32 %f1, %f2;"},
  {PTX_OP_ST, "st.global.u32 [gbuf], %r1;"},
  {PTX_OP_SUB, "sub.s32 %r1, %r2, %r3;"},
  {PTX_OP_SUBC, "subc.u32 %r1, %r2, %r3;"},
  {PTX_OP_SULD, "suld.b.1d.b32.trap {%r1}, [%rd1, {%r2}];"},
  {PTX_OP_SUQ, "suq.width.b32 %r1, [%rd1];"},
  {PTX_OP_SUST, "sust.b.1d.b32.trap [%rd1, {%r2}], {%r1};"},
  {PTX_OP_SZEXT, "szext.clamp.s32 %r1, %r2, %r3;"},
  {PTX_OP_TANH, "tanh.approx.f32 %f1, %f2;"},
  {PTX_OP_TESTP, "testp.finite.f32 %p1, %f1;"},
  {PTX_OP_TEX, "tex.1d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5}];"},
  {PTX_OP_TLD4, "tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];"},
  {PTX_OP_TRAP, "trap;"},
  {PTX_OP_TXQ, "txq.width.b32 %r1, [%rd1];"},
  {PTX_OP_VABSDIFF, "vabsdiff.s32.s32.s32 %r1, %r2, %r3;"},
  {PTX_OP_VABSDIFF2, "vabsdiff2.u32.u32.u32.add %r1, %r2, %r3, %r4;"},
  {PTX_OP_VABSDIFF4, "vabsdiff4.u32.u32.u32.add %r1, %r2, %r3, %r4;"},
  {PTX_OP_VADD, "vadd.s32.s32.s32 %r1, %r2, %r3;"},
  {PTX_OP_VADD2, "vadd2.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VADD4, "vadd4.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VAVRG2, "vavrg2.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VAVRG4, "vavrg4.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VMAD, "vmad.s32.s32.s32 %r1, %r2.b0, %r3.b1, %r4;"},
  {PTX_OP_VMAX, "vmax.s32.s32.s32 %r1, %r2, %r3;"},
  {PTX_OP_VMAX2, "vmax2.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VMAX4, "vmax4.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VMIN, "vmin.s32.s32.s32 %r1, %r2, %r3;"},
  {PTX_OP_VMIN2, "vmin2.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VMIN4, "vmin4.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VOTE, "vote.sync.ballot.b32 %r1, %p1, 0xffffffff;"},
  {PTX_OP_VSET, "vset.s32.s32.lt %r1, %r2, %r3;"},
  {PTX_OP_VSET2, "vset2.s32.s32.lt %r1, %r2, %r3, %r4;"},
  {PTX_OP_VSET4, "vset4.s32.s32.lt %r1, %r2, %r3, %r4;"},
  {PTX_OP_VSHL, "vshl.u32.u32.u32.wrap %r1, %r2, %r3;"},
  {PTX_OP_VSHR, "vshr.u32.u32.u32.wrap %r1, %r2, %r3;"},
  {PTX_OP_VSUB, "vsub.s32.s32.s32 %r1, %r2, %r3;"},
  {PTX_OP_VSUB2, "vsub2.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_VSUB4, "vsub4.u32.u32.u32 %r1, %r2, %r3, %r4;"},
  {PTX_OP_WMMA_LOAD, "wmma.load.c.sync.aligned.row.m16n16k16.global.s32 "
                     "{%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf], 16;"},
  {PTX_OP_WMMA_MMA, "wmma.mma.sync.aligned.row.col.m16n16k16.s32.u8.u8.s32 "
                    "{%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12}, "
                    "{%r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20};"},
  {PTX_OP_WMMA_STORE, "wmma.store.d.sync.aligned.row.m16n16k16.global.s32 "
                      "[gbuf], {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, 16;"},
  {PTX_OP_XOR, "xor.b32 %r1, %r2, %r3;"},
};

enum { N_FORMS = sizeof forms / sizeof forms[0] };

static int any_address(void *ctx, const ptx_var *v, uint64_t *addr)
{
  (void)ctx, (void)v;
  *addr = 0x10000;
  return 0;
}

/* Decodes body in a kernel, which must succeed; the module in *m. */
static isa_program *decode(const char *body, ptx_module **m)
{
  static char text[4096];
  snprintf(text, sizeof text,
           ".version 9.0\n.target sm_90\n.address_size 64\n"
           ".global .align 16 .b8 gbuf[1024];\n"
           ".shared .align 16 .b8 sbuf[1024];\n"
           ".func nop_func()\n{\n  ret;\n}\n"
           ".visible .entry k(.param .u64 k_p)\n{\n"
           "  .reg .b32 %%r<24>;\n  .reg .b64 %%rd<8>;\n  .reg .f32 %%f<8>;\n"
           "  .reg .pred %%p<4>;\n  .reg .b16 %%h<4>;\n"
           "  %s\nL_end:\n  ret;\n}\n",
           body);
  *m = test_parse_ok(text);
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  isa_program *p = NULL;
  int rc = isa_decode(*m, any_address, NULL, &d, &p);
  ck_assert_msg(rc == 0 && p, "%s: %s", body, ptx_diag_text(&d));
  ptx_diag_free(&d);
  return p;
}

START_TEST(every_executed_opcode_binds_a_form)
{
  int n_executed = 0;
  for (int op = 1; op < PTX_OP_COUNT; op++) {
    const op_row *r = &rows[op - 1];
    const struct form *f = NULL;
    for (int i = 0; i < N_FORMS && !f; i++)
      if (forms[i].op == (ptx_op)op)
        f = &forms[i];
    if (r->binder == isa_bind_none) {
      ck_assert_msg(!f, "%s: a form for an opcode whose binder is none", r->mnemonic);
      continue;
    }
    n_executed++;
    ck_assert_msg(f, "%s: no representative form in tests/isa/check_op_table.c", r->mnemonic);
    ptx_module *m;
    isa_program *p = decode(f->body, &m);
    const isa_kernel *k = isa_program_kernel(p, "k");
    ck_assert_ptr_nonnull(k);
    int found = 0;
    for (uint32_t i = 0; i < k->func->n_insns; i++)
      if (k->func->insns[i].op == op) {
        ck_assert_ptr_nonnull(k->func->insns[i].exec);
        found++;
      }
    ck_assert_msg(found, "%s: the form '%s' has no %s", r->mnemonic, f->body, r->mnemonic);
    isa_program_free(p);
    ptx_module_free(m);
  }
  ck_assert_int_eq(n_executed, N_FORMS);
}
END_TEST

static Suite *op_table_suite(void)
{
  Suite *s = suite_create("op_table");
  TCase *tc = tcase_create("rows");
  tcase_add_test(tc, live_tables_are_the_rows);
  tcase_add_test(tc, every_row_is_well_formed);
  tcase_add_loop_test(tc, broken_row_is_rejected, 0, (int)(sizeof broken / sizeof broken[0]));
  tcase_add_test(tc, every_executed_opcode_binds_a_form);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(op_table_suite());
}
