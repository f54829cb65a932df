/* check_literals.c -- integer and floating-point literals (PTX ISA 4.5):
 * every base, the U suffix, the full 64-bit range, signedness, exact hex
 * floats and correctly rounded decimal floats (checked against the C
 * library's strtod on random inputs, and against hand-worked values). */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

/* Parses "mov.TYPE DEST, LITERAL;" and returns the source operand. */
static ptx_operand literal_operand(const char *type, const char *dest, const char *lit, ptx_module **keep)
{
  char body[256];
  snprintf(body, sizeof body, "mov.%s %s, %s;", type, dest, lit);
  ptx_module *m = test_parse_ok(test_kernel(body));
  ptx_operand o = test_first_insn(m)->opnds[1];
  *keep = m;
  return o;
}

static const struct {
  const char *text;
  uint64_t value;
  bool is_unsigned;
} ints[] = {
  {"0", 0, false},
  {"00", 0, false},
  {"42", 42, false},
  {"42U", 42, true},
  {"0x1F", 31, false},
  {"0X1f", 31, false},
  {"0x1FU", 31, true},
  {"017", 15, false},
  {"0b101", 5, false},
  {"0B11U", 3, true},
  {"9223372036854775807", INT64_MAX, false},
  {"9223372036854775808", (uint64_t)INT64_MAX + 1, true}, /* too big for .s64 */
  {"18446744073709551615", UINT64_MAX, true},
  {"0x7FFFFFFFFFFFFFFF", INT64_MAX, false},
  {"0xFFFFFFFFFFFFFFFF", UINT64_MAX, true},
  {"-1", UINT64_MAX, false},
  {"-0x10", (uint64_t)-16, false},
  {"-1U", UINT64_MAX, true},
  {"WARP_SZ", 32, false},
};

START_TEST(integer_literal)
{
  ptx_module *m;
  ptx_operand o = literal_operand("u64", "%rd1", ints[_i].text, &m);
  ck_assert_msg(o.kind == PTX_OPND_IMM, "%s: not an integer", ints[_i].text);
  ck_assert_msg(o.u.imm == ints[_i].value, "%s: got 0x%" PRIx64, ints[_i].text, o.u.imm);
  ck_assert_msg(((o.flags & PTX_OPNDF_UNSIGNED) != 0) == ints[_i].is_unsigned, "%s: signedness",
                ints[_i].text);
  ptx_module_free(m);
}
END_TEST

static const char *const bad_ints[] = {"0x10000000000000000", "18446744073709551616", "0128", "12abc",
                                       "0b102"};

START_TEST(bad_integer_literal)
{
  char body[256];
  snprintf(body, sizeof body, "mov.u64 %%rd1, %s;", bad_ints[_i]);
  char *msgs = test_parse_fail(test_kernel(body));
  ck_assert_msg(strstr(msgs, "error:"), "%s: %s", bad_ints[_i], msgs);
  free(msgs);
}
END_TEST

static const struct {
  const char *text;
  ptx_opnd_kind kind;
  uint64_t bits;
} floats[] = {
  {"0f3F800000", PTX_OPND_F32, 0x3F800000},
  {"0F7FC00001", PTX_OPND_F32, 0x7FC00001}, /* NaN payload kept */
  {"0f80000000", PTX_OPND_F32, 0x80000000},
  {"0d3FF0000000000000", PTX_OPND_F64, 0x3FF0000000000000},
  {"0D8000000000000000", PTX_OPND_F64, 0x8000000000000000},
  {"1.5", PTX_OPND_F64, 0x3FF8000000000000},
  {"1.", PTX_OPND_F64, 0x3FF0000000000000},
  {".5", PTX_OPND_F64, 0x3FE0000000000000},
  {"0.1", PTX_OPND_F64, 0x3FB999999999999A},
  {"1e-3", PTX_OPND_F64, 0x3F50624DD2F1A9FC},
  {"1.7976931348623157e308", PTX_OPND_F64, 0x7FEFFFFFFFFFFFFF},
  {"4.9e-324", PTX_OPND_F64, 0x1},                 /* smallest subnormal */
  {"2.4703282292062328e-324", PTX_OPND_F64, 0x1},  /* just above half of it */
  {"2.4703282292062327e-324", PTX_OPND_F64, 0x0},  /* just below: rounds to 0 */
  {"123456789012345678901234567890e-20", PTX_OPND_F64, 0x41D26580B487E6B7},
  {"-2.5", PTX_OPND_F64, 0xC004000000000000},
};

START_TEST(float_literal)
{
  ptx_module *m;
  ptx_operand o = literal_operand("f64", "%fd1", floats[_i].text, &m);
  ck_assert_msg(o.kind == floats[_i].kind, "%s: kind %d", floats[_i].text, o.kind);
  ck_assert_msg(o.u.imm == floats[_i].bits, "%s: got 0x%" PRIx64 ", expected 0x%" PRIx64,
                floats[_i].text, o.u.imm, floats[_i].bits);
  ptx_module_free(m);
}
END_TEST

/* Decimal conversion agrees with glibc's correctly rounded strtod. */
START_TEST(decimal_floats_match_strtod)
{
  setlocale(LC_NUMERIC, "C");
  srand(12345); /* fixed seed: the same vectors every run */
  char text[8192] = "";
  size_t len = 0;
  char lits[200][40];
  for (int i = 0; i < 200; i++) {
    unsigned long long mant = ((unsigned long long)rand() << 31) ^ (unsigned long long)rand();
    int digits = 1 + rand() % 17, exp = rand() % 640 - 330;
    snprintf(lits[i], sizeof lits[i], "%.*llue%d", digits, mant % 100000000000000000ULL, exp);
    if (lits[i][0] == '0' && lits[i][1] != 'e')
      memmove(lits[i], lits[i] + 1, strlen(lits[i])); /* no octal-looking mantissas */
    if (strtod(lits[i], NULL) > 1.7976931348623157e308)
      snprintf(lits[i], sizeof lits[i], "%de-3", i);
    len += (size_t)snprintf(text + len, sizeof text - len, "mov.f64 %%fd1, %s;\n", lits[i]);
  }
  ptx_module *m = test_parse_ok(test_kernel(text));
  const ptx_func *f = m->funcs[0];
  ck_assert_uint_eq(f->n_insns, 200);
  for (int i = 0; i < 200; i++) {
    double want = strtod(lits[i], NULL);
    uint64_t want_bits;
    memcpy(&want_bits, &want, sizeof want_bits);
    ck_assert_msg(f->insns[i].opnds[1].u.imm == want_bits, "%s: 0x%" PRIx64 " vs strtod 0x%" PRIx64,
                  lits[i], f->insns[i].opnds[1].u.imm, want_bits);
  }
  ptx_module_free(m);
}
END_TEST

static const char *const bad_floats[] = {"0f3F80", "0d3FF0", "1e400", "0f3F800000abc"};

START_TEST(bad_float_literal)
{
  char body[256];
  snprintf(body, sizeof body, "mov.f64 %%fd1, %s;", bad_floats[_i]);
  char *msgs = test_parse_fail(test_kernel(body));
  ck_assert_msg(strstr(msgs, "error:"), "%s: %s", bad_floats[_i], msgs);
  free(msgs);
}
END_TEST

/* Literals keep their full value in initializers too. */
START_TEST(initializer_literals)
{
  ptx_module *m = test_parse_ok(".version 9.0\n.target sm_75\n.address_size 64\n"
                                ".global .u64 a = 0xFFFFFFFFFFFFFFFF;\n"
                                ".global .s64 b = -9223372036854775807 - 1;\n"
                                ".global .f32 c = 0f7F800000;\n"
                                ".global .f64 d[2] = {1.25, -0.0};\n");
  ck_assert_uint_eq(m->n_vars, 4);
  ck_assert_uint_eq(m->vars[0]->init->u.bits, UINT64_MAX);
  ck_assert(m->vars[0]->init->is_unsigned);
  ck_assert_uint_eq(m->vars[1]->init->u.bits, (uint64_t)INT64_MIN);
  ck_assert_int_eq(m->vars[2]->init->kind, PTX_INIT_F32);
  ck_assert_uint_eq(m->vars[2]->init->u.bits, 0x7F800000);
  ck_assert_int_eq(m->vars[3]->init->kind, PTX_INIT_LIST);
  ck_assert_uint_eq(m->vars[3]->init->u.elems[0].u.bits, 0x3FF4000000000000);
  ck_assert_uint_eq(m->vars[3]->init->u.elems[1].u.bits, 0x8000000000000000);
  ptx_module_free(m);
}
END_TEST

static Suite *literals_suite(void)
{
  Suite *s = suite_create("literals");
  TCase *tc = tcase_create("integers");
  tcase_add_loop_test(tc, integer_literal, 0, (int)(sizeof ints / sizeof ints[0]));
  tcase_add_loop_test(tc, bad_integer_literal, 0, (int)(sizeof bad_ints / sizeof bad_ints[0]));
  suite_add_tcase(s, tc);
  tc = tcase_create("floats");
  tcase_add_loop_test(tc, float_literal, 0, (int)(sizeof floats / sizeof floats[0]));
  tcase_add_loop_test(tc, bad_float_literal, 0, (int)(sizeof bad_floats / sizeof bad_floats[0]));
  tcase_add_test(tc, decimal_floats_match_strtod);
  suite_add_tcase(s, tc);
  tc = tcase_create("initializers");
  tcase_add_test(tc, initializer_literals);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(literals_suite());
}
