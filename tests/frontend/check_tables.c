/* check_tables.c -- the X-macro tables (ptx_types.def, ptx_mods.def,
 * ptx_sregs.def) are consistent: sorted (lookups bisect them) and unique;
 * the signature parser rejects malformed signatures; and instruction
 * words select the opcode they should.  The rows of ptx_ops.def are
 * checked by tests/isa/check_op_table.c, which also sees their binders. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_mods.h"
#include "frontend/ptx_ops.h"
#include "frontend/ptx_sregs.h"
#include "frontend/ptx_types.h"
#include "tests/test_util.h"

START_TEST(types_sorted_and_found)
{
  for (int i = 2; i < PTX_TYPE_COUNT; i++)
    ck_assert_msg(strcmp(ptx_type_table[i - 1].name, ptx_type_table[i].name) < 0,
                  "ptx_types.def: '%s' must come before '%s'", ptx_type_table[i].name,
                  ptx_type_table[i - 1].name);
  for (int i = 1; i < PTX_TYPE_COUNT; i++) {
    const char *n = ptx_type_table[i].name;
    ck_assert_int_eq(ptx_type_lookup(n, strlen(n)), i);
    ck_assert_uint_gt(ptx_type_table[i].bits, 0);
  }
  ck_assert_int_eq(ptx_type_lookup("u3", 2), PTX_TYPE_NONE);
  ck_assert_int_eq(ptx_type_lookup("u32x", 4), PTX_TYPE_NONE);
  ck_assert_int_eq(ptx_type_lookup("u32", 2), PTX_TYPE_NONE); /* "u3" */
}
END_TEST

START_TEST(mods_sorted_and_found)
{
  for (int m = PTX_TYPE_COUNT + 1; m < PTX_MOD_SHAPE; m++)
    ck_assert_msg(strcmp(ptx_mod_name((ptx_mod)(m - 1)), ptx_mod_name((ptx_mod)m)) < 0,
                  "ptx_mods.def: '%s' must come before '%s'", ptx_mod_name((ptx_mod)m),
                  ptx_mod_name((ptx_mod)(m - 1)));
  for (int m = PTX_TYPE_COUNT; m < PTX_MOD_SHAPE; m++) {
    const char *n = ptx_mod_name((ptx_mod)m);
    ck_assert_int_eq(ptx_mod_lookup_component(n, strlen(n)), m);
    ck_assert_msg(ptx_mod_get((ptx_mod)m)->categories != 0, "'.%s' has no category", n);
  }
  /* Types come first in instruction words. */
  ck_assert_int_eq(ptx_mod_lookup("b32", 3), PTX_TYPE_B32);
  ck_assert_int_eq(ptx_mod_lookup("global", 6), PTX_MOD_GLOBAL);
  ck_assert_int_eq(ptx_mod_lookup("L2::cache_hint", 14), PTX_MOD_L2_CACHE_HINT);
  ck_assert_int_eq(ptx_mod_lookup("nonsense", 8), PTX_MOD_NONE);
}
END_TEST

START_TEST(sregs_sorted_and_found)
{
  for (int i = 2; i < PTX_SREG_COUNT; i++)
    ck_assert_msg(strcmp(ptx_sreg_table[i - 1].name, ptx_sreg_table[i].name) < 0,
                  "ptx_sregs.def: '%s' out of order", ptx_sreg_table[i].name);
  unsigned idx;
  ck_assert_int_eq(ptx_sreg_lookup("%tid", 4, &idx), PTX_SREG_TID);
  ck_assert_int_eq(ptx_sreg_lookup("%envreg31", 9, &idx), PTX_SREG_ENVREG);
  ck_assert_uint_eq(idx, 31);
  ck_assert_int_eq(ptx_sreg_lookup("%envreg32", 9, &idx), PTX_SREG_NONE);
  ck_assert_int_eq(ptx_sreg_lookup("%pm7", 4, &idx), PTX_SREG_PM);
  ck_assert_int_eq(ptx_sreg_lookup("%pm07", 5, &idx), PTX_SREG_NONE);
  ck_assert_int_eq(ptx_sreg_lookup("%pm0_64", 7, &idx), PTX_SREG_PM0_64);
  ck_assert_int_eq(ptx_sreg_lookup("%clock64", 8, &idx), PTX_SREG_CLOCK64);
  ck_assert_int_eq(ptx_sreg_lookup("%reserved_smem_offset_1", 23, &idx), PTX_SREG_RESERVED_SMEM_OFFSET);
  ck_assert_int_eq(ptx_sreg_lookup("%r1", 3, &idx), PTX_SREG_NONE);
}
END_TEST

START_TEST(signature_parser_rejects_garbage)
{
  ptx_sig_slot slots[PTX_SIG_MAX_SLOTS];
  ck_assert_int_eq(ptx_sig_parse("dr,ur,ur", slots, PTX_SIG_MAX_SLOTS), 3);
  ck_assert_int_eq(slots[1].role, 'u');
  ck_assert_int_eq(ptx_sig_parse("dr:u32,?ur:w", slots, PTX_SIG_MAX_SLOTS), 2);
  ck_assert_int_eq(slots[0].type, 'n');
  ck_assert_int_eq(slots[0].named, PTX_TYPE_U32);
  ck_assert(slots[1].optional);
  ck_assert_int_eq(ptx_sig_parse("xr", slots, PTX_SIG_MAX_SLOTS), -1);
  ck_assert_int_eq(ptx_sig_parse("dz", slots, PTX_SIG_MAX_SLOTS), -1);
  ck_assert_int_eq(ptx_sig_parse("dr:u33", slots, PTX_SIG_MAX_SLOTS), -1);
  ck_assert_int_eq(ptx_sig_parse("dr ur", slots, PTX_SIG_MAX_SLOTS), -1);
  ck_assert_int_eq(ptx_sig_parse("*", slots, PTX_SIG_MAX_SLOTS), 0);
}
END_TEST

/* Instruction word -> opcode, and which words are left as modifiers. */
static const struct {
  const char *word, *op;
  int n_mods;
} selections[] = {
  {"add.s32", "add", 1},
  {"ld.global.nc.v4.f32", "ld", 4},
  {"bar.sync", "bar", 1},
  {"bar.cta.red.popc.u32", "bar.red", 3},
  {"bar.warp.sync", "bar.warp.sync", 0},
  {"barrier.cluster.arrive.relaxed.aligned", "barrier.cluster", 3},
  {"barrier.sync.aligned", "barrier", 2},
  {"mbarrier.arrive.expect_tx.shared.b64", "mbarrier.arrive", 3},
  {"mbarrier.try_wait.parity.shared::cta.b64", "mbarrier.try_wait", 3},
  {"cp.async.ca.shared.global", "cp.async", 3},
  {"cp.async.wait_all", "cp.async.wait_all", 0},
  {"cp.async.bulk.tensor.2d.shared::cluster.global", "cp.async.bulk.tensor", 3},
  {"cp.async.bulk.prefetch.tensor.1d.L2.global", "cp.async.bulk.prefetch.tensor", 3},
  {"cp.reduce.async.bulk.tensor.1d.global.shared::cta.add", "cp.reduce.async.bulk.tensor", 4},
  {"cvt.rn.f32.s32", "cvt", 3},
  {"cvt.pack.sat.u8.s32.b32", "cvt.pack", 4},
  {"cvta.to.global.u64", "cvta", 3},
  {"red.async.relaxed.cluster.add.u32", "red.async", 4},
  {"red.global.add.u32", "red", 3},
  {"st.async.b32", "st.async", 1},
  {"tcgen05.fence::before_thread_sync", "tcgen05.fence::before_thread_sync", 0},
  {"tcgen05.mma.ws.cta_group::1.kind::f16", "tcgen05.mma", 3},
  {"wmma.load.a.sync.aligned.row.m16n16k16.f16", "wmma.load", 6},
  {"setp.lt.s32", "setp", 2},
  {"set.lt.u32.s32", "set", 3},
  {"shfl.sync.bfly.b32", "shfl", 3},
  {"match.any.sync.b64", "match", 3},
};

START_TEST(word_selects_opcode)
{
  for (size_t i = 0; i < sizeof selections / sizeof selections[0]; i++) {
    const char *w = selections[i].word;
    ptx_word_part parts[32];
    bool used[32];
    int n = ptx_word_split(w, strlen(w), parts, 32);
    ck_assert_int_gt(n, 0);
    ptx_op op = ptx_op_select(parts, n, used);
    ck_assert_msg(op != PTX_OP_NONE, "%s: no opcode", w);
    ck_assert_msg(strcmp(ptx_op_table[op].mnemonic, selections[i].op) == 0, "%s: got %s, expected %s", w,
                  ptx_op_table[op].mnemonic, selections[i].op);
    int left = 0;
    for (int k = 0; k < n; k++)
      left += !used[k];
    ck_assert_msg(left == selections[i].n_mods, "%s: %d modifiers left, expected %d", w, left,
                  selections[i].n_mods);
  }
  ptx_word_part parts[4];
  bool used[4];
  ck_assert_int_eq(ptx_word_split("a..b", 4, parts, 4), -1);
  ck_assert_int_eq(ptx_word_split("a.b.c.d.e", 9, parts, 4), -1);
  int n = ptx_word_split("frob.x", 6, parts, 4);
  ck_assert_int_eq(ptx_op_select(parts, n, used), PTX_OP_NONE);
  n = ptx_word_split("cvtx", 4, parts, 4);
  ck_assert_int_eq(ptx_op_select(parts, n, used), PTX_OP_NONE);
}
END_TEST

START_TEST(type_compatibility)
{
  /* PTX ISA 6.1: bit-size types match any type of their size; integers of
   * a size match each other; floats only themselves. */
  ck_assert(ptx_type_compatible(PTX_TYPE_S32, PTX_TYPE_U32, false));
  ck_assert(ptx_type_compatible(PTX_TYPE_F32, PTX_TYPE_B32, false));
  ck_assert(ptx_type_compatible(PTX_TYPE_B32, PTX_TYPE_F32, false));
  ck_assert(!ptx_type_compatible(PTX_TYPE_F32, PTX_TYPE_U32, false));
  ck_assert(!ptx_type_compatible(PTX_TYPE_F16, PTX_TYPE_U16, false));
  ck_assert(!ptx_type_compatible(PTX_TYPE_S32, PTX_TYPE_S64, false));
  ck_assert(!ptx_type_compatible(PTX_TYPE_PRED, PTX_TYPE_B32, false));
  /* 6.5.1: ld/st/cvt accept wider registers for integer and bit types, and
   * for floating-point types only bit-size registers. */
  ck_assert(ptx_type_compatible(PTX_TYPE_U8, PTX_TYPE_U32, true));
  ck_assert(ptx_type_compatible(PTX_TYPE_F32, PTX_TYPE_B64, true));
  ck_assert(!ptx_type_compatible(PTX_TYPE_F32, PTX_TYPE_F64, true));
  ck_assert(!ptx_type_compatible(PTX_TYPE_U32, PTX_TYPE_U16, true));
}
END_TEST

static Suite *tables_suite(void)
{
  Suite *s = suite_create("tables");
  TCase *tc = tcase_create("tables");
  tcase_add_test(tc, types_sorted_and_found);
  tcase_add_test(tc, mods_sorted_and_found);
  tcase_add_test(tc, sregs_sorted_and_found);
  tcase_add_test(tc, signature_parser_rejects_garbage);
  tcase_add_test(tc, word_selects_opcode);
  tcase_add_test(tc, type_compatibility);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(tables_suite());
}
