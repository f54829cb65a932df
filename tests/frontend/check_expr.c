/* check_expr.c -- constant expressions (PTX ISA 4.5.4-4.5.6): precedence,
 * the signed/unsigned rules, defined results where C is undefined, and the
 * errors.  Expected values are worked out by hand from the ISA's table. */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

/* Evaluates EXPR as the initializer of a .s64 (or .f64) variable. */
static const ptx_init *eval_init(const char *type, const char *expr, ptx_module **keep)
{
  char text[512];
  snprintf(text, sizeof text, ".version 9.0\n.target sm_75\n.address_size 64\n.global .%s x = %s;\n", type,
           expr);
  ptx_module *m = test_parse_ok(text);
  *keep = m;
  return m->vars[0]->init;
}

static const struct {
  const char *expr;
  uint64_t value;
  bool is_unsigned;
} vectors[] = {
  {"1+2*3", 7, false},
  {"(1+2)*3", 9, false},
  {"7/2", 3, false},
  {"-7/2", (uint64_t)-3, false},          /* truncates toward zero */
  {"-7%3", 0, false},                     /* % reads operands as .u64: (2^64-7) mod 3 = 0 */
  {"7%-3", 7, false},                     /* 7 mod (2^64-3) */
  {"1<<63", UINT64_C(1) << 63, false},
  {"1<<64", 0, false},                    /* defined: shifts of 64 or more give 0 */
  {"-1>>1", UINT64_MAX, false},           /* signed right shift is arithmetic */
  {"-1U>>1", UINT64_MAX >> 1, true},      /* unsigned right shift is logical */
  {"-8>>70", UINT64_MAX, false},
  {"~0", UINT64_MAX, true},               /* ~ yields .u64 */
  {"!5", 0, false},
  {"!0", 1, false},
  {"-1 < 1", 1, false},
  {"-1 < 1U", 0, false},                  /* usual conversions make -1 huge */
  {"0xFFFFFFFFFFFFFFFF > 0", 1, false},
  {"3 > 2 ? 10 : 20", 10, false},
  {"0 ? 1 : 2U", 2, true},
  {"(.u64) -1", UINT64_MAX, true},
  {"(.s64) 0xFFFFFFFFFFFFFFFF", UINT64_MAX, false},
  {"WARP_SZ * 2", 64, false},
  {"2 && 3", 1, false},
  {"0 || 0", 0, false},
  {"5 & 3", 1, false},
  {"5 | 3", 7, false},
  {"5 ^ 3", 6, false},
  {"1 == 1U", 1, false},
  {"(-9223372036854775807-1)/-1", UINT64_C(1) << 63, false}, /* wraps */
  {"2+3*4-8/2%3", 13, false},             /* 2 + 12 - ((8/2) % 3) */
};

START_TEST(integer_expression)
{
  ptx_module *m;
  const ptx_init *in = eval_init("s64", vectors[_i].expr, &m);
  ck_assert_int_eq(in->kind, PTX_INIT_INT);
  ck_assert_msg(in->u.bits == vectors[_i].value, "%s = 0x%" PRIx64 ", expected 0x%" PRIx64,
                vectors[_i].expr, in->u.bits, vectors[_i].value);
  ck_assert_msg(in->is_unsigned == vectors[_i].is_unsigned, "%s: signedness", vectors[_i].expr);
  ptx_module_free(m);
}
END_TEST

START_TEST(float_expression)
{
  ptx_module *m;
  const ptx_init *in = eval_init("f64", "1.5 + 2.25", &m);
  ck_assert_int_eq(in->kind, PTX_INIT_F64);
  ck_assert_uint_eq(in->u.bits, 0x400E000000000000); /* 3.75 */
  ptx_module_free(m);
  in = eval_init("f64", "1.0 / 0.0", &m);
  ck_assert_uint_eq(in->u.bits, 0x7FF0000000000000); /* IEEE: +inf, not an error */
  ptx_module_free(m);
  in = eval_init("f64", "1 ? 2.0 : 3.0", &m);
  ck_assert_uint_eq(in->u.bits, 0x4000000000000000);
  ptx_module_free(m);
}
END_TEST

static const struct {
  const char *expr, *message;
} errors[] = {
  {"1/0", "division by zero"},
  {"1%0", "remainder by zero"},
  {"1 + 1.5", "mixes integer and floating-point"},
  {"0f3F800000 + 1", "0f floating-point literal cannot be used in an expression"},
  {"~1.5", "needs an integer operand"},
  {"(.u64) 1.5", "cast of a floating-point value"},
  {"(.f32) 1", "only (.s64) and (.u64) casts exist"},
  {"1.5 ? 1 : 2", "condition of '?:' must be an integer"},
  {"1 ? 1 : 2.0", "both be integers or both be floating point"},
  {"1.5 << 2", "needs integer operands"},
};

START_TEST(expression_error)
{
  char text[512];
  snprintf(text, sizeof text, ".version 9.0\n.target sm_75\n.address_size 64\n.global .s64 x = %s;\n",
           errors[_i].expr);
  char *msgs = test_parse_fail(text);
  ck_assert_msg(strstr(msgs, errors[_i].message), "%s: got '%s'", errors[_i].expr, msgs);
  ck_assert_msg(strstr(msgs, "test.ptx:4:"), "%s: location missing in '%s'", errors[_i].expr, msgs);
  free(msgs);
}
END_TEST

/* Expressions are operands too, and array sizes. */
START_TEST(expressions_in_operands_and_dimensions)
{
  ptx_module *m = test_parse_ok(test_kernel("add.s32 %r1, %r2, (1<<4)+3;\n"
                                            "ld.global.u32 %r3, [%rd1+(2*4)];"));
  const ptx_func *f = m->funcs[0];
  ck_assert_uint_eq(f->insns[0].opnds[2].u.imm, 19);
  ck_assert_int_eq(f->insns[1].opnds[1].u.addr.offset, 8);
  ptx_module_free(m);
  m = test_parse_ok(".version 9.0\n.target sm_75\n.global .u8 buf[4*16+1];\n");
  ck_assert_uint_eq(m->vars[0]->dims[0], 65);
  ptx_module_free(m);
}
END_TEST

static Suite *expr_suite(void)
{
  Suite *s = suite_create("expressions");
  TCase *tc = tcase_create("evaluation");
  tcase_add_loop_test(tc, integer_expression, 0, (int)(sizeof vectors / sizeof vectors[0]));
  tcase_add_test(tc, float_expression);
  tcase_add_loop_test(tc, expression_error, 0, (int)(sizeof errors / sizeof errors[0]));
  tcase_add_test(tc, expressions_in_operands_and_dimensions);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(expr_suite());
}
