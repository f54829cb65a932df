/* check_irb.c -- the instruction reuse buffer (pipeline/operand_irb.h,
 * 002a §1.6) on hand-made lookup sequences: tag and opcode compare,
 * partial-PC aliasing, source-value compare, LRU replacement.  Every
 * expected outcome is derived in the comments from the buffer's rules. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/operand_irb.h"

/* Two decoded instructions with the same opcode and modifiers, one with
 * another type. */
static isa_insn add_a, add_b, add_f;

static void setup(void)
{
  memset(&add_a, 0, sizeof add_a);
  add_a.op = 1;
  add_a.type = 2;
  add_a.use_opnds = 0x6;
  add_a.def_opnds = 0x1;
  add_a.n_o = 3;
  add_a.pd = ISA_NONE;
  add_b = add_a;
  add_f = add_a;
  add_f.type = 3;
}

static simt_record rec_of(const isa_insn *in, uint64_t a, uint64_t b, uint64_t dst)
{
  simt_record r;
  memset(&r, 0, sizeof r);
  r.insn = in;
  r.exec = UINT32_MAX;
  r.values = SIMT_VAL_MEASURED | SIMT_VAL_SCALAR;
  r.n_src_vals = 2;
  r.src_val[0] = a;
  r.src_val[1] = b;
  r.dst_val = dst;
  return r;
}

static irb_outcome look(irb *b, uint32_t pc, const isa_insn *in, uint64_t a, uint64_t x,
                        sm_scalar_stats *st, uint64_t *dst)
{
  simt_record r = rec_of(in, a, x, a + x);
  irb_entry *e = NULL;
  irb_outcome o = irb_access(b, pc, &r, st, &e);
  if (o == IRB_REUSE)
    *dst = e->dst;
  return o;
}

/* Same PC and values: reuse; other values: a mismatch that updates the
 * entry, so that the new values then hit. */
START_TEST(values_compare_and_update)
{
  irb b;
  sm_scalar_stats st = {0};
  ck_assert_int_eq(irb_init(&b, 8), 0);
  uint64_t dst = 0;
  ck_assert_int_eq(look(&b, 7, &add_a, 1, 2, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 7, &add_a, 1, 2, &st, &dst), IRB_REUSE);
  ck_assert_uint_eq(dst, 3);
  ck_assert_int_eq(look(&b, 7, &add_a, 5, 2, &st, &dst), IRB_MISMATCH);
  ck_assert_int_eq(look(&b, 7, &add_a, 5, 2, &st, &dst), IRB_REUSE);
  ck_assert_uint_eq(dst, 7);
  ck_assert_uint_eq(st.irb_lookups, 4);
  ck_assert_uint_eq(st.irb_installs, 1);
  ck_assert_uint_eq(st.irb_hits, 3);
  ck_assert_uint_eq(st.irb_value_matches, 2);
  ck_assert_uint_eq(st.irb_mismatches, 1);
  ck_assert_uint_eq(st.irb_evictions, 0);
  irb_free(&b);
}
END_TEST

/* PCs 7 and 7 + 1024 share the 10-bit tag: with the same opcode the
 * second hits the first's entry (harmless: same function of the same
 * values); another type at the same tag is a miss and takes a new entry. */
START_TEST(partial_pc_aliasing)
{
  irb b;
  sm_scalar_stats st = {0};
  ck_assert_int_eq(irb_init(&b, 8), 0);
  uint64_t dst = 0;
  ck_assert_int_eq(look(&b, 7, &add_a, 4, 4, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 7 + (1u << IRB_TAG_BITS), &add_b, 4, 4, &st, &dst), IRB_REUSE);
  ck_assert_uint_eq(dst, 8);
  ck_assert_int_eq(look(&b, 7, &add_f, 4, 4, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 8, &add_a, 4, 4, &st, &dst), IRB_MISS); /* another tag */
  ck_assert_uint_eq(st.irb_installs, 3);
  ck_assert_uint_eq(st.irb_evictions, 0);
  ck_assert(irb_same_opcode(&add_a, &add_b));
  ck_assert(!irb_same_opcode(&add_a, &add_f));
  irb_free(&b);
}
END_TEST

/* Two entries: A, B installed; A hits (A most recent); C evicts B, the
 * least recently used; B then evicts A (C was used after A); C still
 * hits; A misses again and evicts B; C hits; B evicts A. */
START_TEST(lru_replacement)
{
  irb b;
  sm_scalar_stats st = {0};
  ck_assert_int_eq(irb_init(&b, 2), 0);
  uint64_t dst = 0;
  ck_assert_int_eq(look(&b, 1, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 2, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 1, &add_a, 1, 1, &st, &dst), IRB_REUSE);
  ck_assert_int_eq(look(&b, 3, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 2, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 3, &add_a, 1, 1, &st, &dst), IRB_REUSE);
  ck_assert_int_eq(look(&b, 1, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_int_eq(look(&b, 3, &add_a, 1, 1, &st, &dst), IRB_REUSE);
  ck_assert_int_eq(look(&b, 2, &add_a, 1, 1, &st, &dst), IRB_MISS);
  ck_assert_uint_eq(st.irb_lookups, 9);
  ck_assert_uint_eq(st.irb_installs, 6);
  ck_assert_uint_eq(st.irb_evictions, 4);
  ck_assert_uint_eq(st.irb_value_matches, 3);
  irb_clear(&b);
  ck_assert_int_eq(look(&b, 3, &add_a, 1, 1, &st, &dst), IRB_MISS);
  irb_free(&b);
}
END_TEST

/* A record without scalar values (several results, more than three
 * sources, not measured) takes no part: no lookup is counted. */
START_TEST(unscalar_records_skip)
{
  irb b;
  sm_scalar_stats st = {0};
  ck_assert_int_eq(irb_init(&b, 4), 0);
  simt_record r = rec_of(&add_a, 1, 2, 3);
  r.values &= (uint8_t)~SIMT_VAL_SCALAR;
  irb_entry *e = NULL;
  ck_assert_int_eq(irb_access(&b, 1, &r, &st, &e), IRB_SKIPPED);
  ck_assert_uint_eq(st.irb_lookups, 0);
  /* A different source count at the same tag and opcode is a mismatch. */
  r = rec_of(&add_a, 1, 2, 3);
  ck_assert_int_eq(irb_access(&b, 1, &r, &st, &e), IRB_MISS);
  r.n_src_vals = 1;
  ck_assert_int_eq(irb_access(&b, 1, &r, &st, &e), IRB_MISMATCH);
  irb_free(&b);
}
END_TEST

static Suite *irb_suite(void)
{
  Suite *s = suite_create("irb");
  TCase *t = tcase_create("core");
  tcase_add_checked_fixture(t, setup, NULL);
  tcase_add_test(t, values_compare_and_update);
  tcase_add_test(t, partial_pc_aliasing);
  tcase_add_test(t, lru_replacement);
  tcase_add_test(t, unscalar_records_skip);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(irb_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
