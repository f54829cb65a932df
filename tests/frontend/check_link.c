/* check_link.c -- linking relocatable PTX (frontend/ptx_link.h): extern
 * functions and variables resolved across units, .weak duplicates kept
 * once, internal names that clash renamed per unit, two strong
 * definitions refused; the linked text parses. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_link.h"
#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

static const char unit_a[] =
  ".version 8.0\n.target sm_75\n.address_size 64\n"
  "// a comment with ; and { in it\n"
  ".extern .func (.param .b32 func_retval0) twice(.param .b32 x);\n"
  ".extern .global .align 4 .u32 scale;\n"
  ".global .align 4 .u32 counter;\n"
  ".global .align 1 .b8 $str[3] = {104, 105, 0};\n"
  ".weak .func (.param .b32 r) helper(.param .b32 x)\n{\n"
  "  .reg .b32 %r<2>;\n  ld.param.u32 %r1, [x];\n  st.param.b32 [r], %r1;\n  ret;\n}\n"
  ".visible .entry k(.param .u64 p)\n{\n"
  "  .reg .b32 %r<4>;\n  .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p];\n  mov.u32 %r1, 1;\n"
  "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 b;\n"
  "    call.uni (b), twice, (a); ld.param.b32 %r2, [b]; }\n"
  "  ld.global.u32 %r3, [scale];\n  ld.global.u32 %r3, [counter];\n"
  "  st.global.u32 [%rd1], %r3;\n  ret;\n}\n";

static const char unit_b[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .global .align 4 .u32 scale = 3;\n"
  ".global .align 4 .u32 counter;\n"
  ".global .align 1 .b8 $str[3] = {104, 106, 0};\n"
  ".weak .func (.param .b32 r) helper(.param .b32 x)\n{\n"
  "  .reg .b32 %r<2>;\n  ld.param.u32 %r1, [x];\n  st.param.b32 [r], %r1;\n  ret;\n}\n"
  ".visible .func (.param .b32 r) twice(.param .b32 x)\n{\n"
  "  .reg .b32 %r<3>;\n  ld.param.u32 %r1, [x];\n  ld.global.u32 %r2, [counter];\n"
  "  shl.b32 %r2, %r1, 1;\n  st.param.b32 [r], %r2;\n  ret;\n}\n";

static char *link2(const char *a, const char *b, int *rc, char *err, size_t errlen)
{
  const char *texts[] = {a, b};
  size_t lens[] = {strlen(a), strlen(b)};
  char *out = NULL;
  size_t len = 0;
  *rc = ptx_link(texts, lens, 2, &out, &len, err, errlen);
  if (!*rc)
    ck_assert_uint_eq(strlen(out), len);
  return out;
}

static int count(const char *s, const char *needle)
{
  int n = 0;
  for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
    n++;
  return n;
}

START_TEST(links_two_units)
{
  char err[256] = "";
  int rc;
  char *out = link2(unit_a, unit_b, &rc, err, sizeof err);
  ck_assert_msg(rc == 0, "%s", err);
  /* One header, with the higher version. */
  ck_assert_int_eq(count(out, ".version"), 1);
  ck_assert_ptr_nonnull(strstr(out, ".version 9.0"));
  /* The resolved .extern declarations are gone. */
  ck_assert_int_eq(count(out, ".extern"), 0);
  /* One .weak helper body (a prototype and one definition). */
  ck_assert_int_eq(count(out, "helper(.param .b32 x)\n{"), 1);
  /* Each unit's internal counter, renamed for its unit; the visible
   * scale is not. */
  ck_assert_ptr_nonnull(strstr(out, ".u32 counter$tu1;"));
  ck_assert_ptr_nonnull(strstr(out, ".u32 counter$tu2;"));
  ck_assert_ptr_nonnull(strstr(out, "[counter$tu1]"));
  ck_assert_ptr_nonnull(strstr(out, "[counter$tu2]"));
  ck_assert_ptr_null(strstr(out, "counter;"));
  ck_assert_ptr_nonnull(strstr(out, "[scale]"));
  /* An initializer's braces do not end its declaration. */
  ck_assert_ptr_nonnull(strstr(out, "$str$tu1[3] = {104, 105, 0};"));
  ck_assert_ptr_nonnull(strstr(out, "$str$tu2[3] = {104, 106, 0};"));
  ptx_module *m = test_parse_ok(out);
  ck_assert_ptr_nonnull(m);
  ptx_module_free(m);
  free(out);
}
END_TEST

START_TEST(keeps_unresolved_declarations_once)
{
  static const char a[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                          ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n";
  char err[256] = "";
  int rc;
  char *out = link2(a, a, &rc, err, sizeof err);
  ck_assert_msg(rc == 0, "%s", err);
  ck_assert_int_eq(count(out, ".extern .func (.param .b32 r) vprintf"), 1);
  free(out);
}
END_TEST

START_TEST(refuses_two_definitions)
{
  static const char a[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                          ".visible .global .u32 twice_defined = 1;\n";
  char err[256] = "";
  int rc;
  char *out = link2(a, a, &rc, err, sizeof err);
  ck_assert_int_eq(rc, PTX_EPARSE);
  ck_assert_ptr_null(out);
  ck_assert_ptr_nonnull(strstr(err, "'twice_defined' is defined in two translation units"));
}
END_TEST

START_TEST(refuses_an_unfinished_statement)
{
  static const char a[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                          ".visible .entry k()\n{\n  ret;\n";
  char err[256] = "";
  int rc;
  char *out = link2(a, a, &rc, err, sizeof err);
  ck_assert_int_eq(rc, PTX_EPARSE);
  ck_assert_ptr_null(out);
  ck_assert_ptr_nonnull(strstr(err, "ends inside a statement"));
}
END_TEST

static Suite *link_suite(void)
{
  Suite *s = suite_create("link");
  TCase *tc = tcase_create("link");
  tcase_add_test(tc, links_two_units);
  tcase_add_test(tc, keeps_unresolved_declarations_once);
  tcase_add_test(tc, refuses_two_definitions);
  tcase_add_test(tc, refuses_an_unfinished_statement);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(link_suite());
}
