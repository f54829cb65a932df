/* check_json.c -- ptx_json_string, the one JSON string writer of the
 * statistics file (runtime/cudart_stats.c), the reports (src/report_write.c)
 * and the analysis commands (src/an_cli.c and its users): every byte below
 * 0x20 becomes \u00xx, '"' and '\\' get a backslash, and every other byte,
 * DEL and non-ASCII (UTF-8) bytes included, passes through unchanged. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_json.h"
#include "tests/test_util.h"

/* What ptx_json_string writes for s (static buffer). */
static const char *json_of(const char *s)
{
  static char buf[4096];
  FILE *f = tmpfile();
  ck_assert_ptr_nonnull(f);
  ptx_json_string(f, s);
  ck_assert_int_eq(fflush(f), 0);
  rewind(f);
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  ck_assert(!ferror(f));
  buf[n] = '\0';
  fclose(f);
  return buf;
}

START_TEST(plain_text_is_quoted)
{
  ck_assert_str_eq(json_of(""), "\"\"");
  ck_assert_str_eq(json_of("vecadd"), "\"vecadd\"");
  ck_assert_str_eq(json_of("_Z6vecaddPKfS0_Pfi"), "\"_Z6vecaddPKfS0_Pfi\"");
  ck_assert_str_eq(json_of("add.s32 %r1, %r2, -7; // {x}"), "\"add.s32 %r1, %r2, -7; // {x}\"");
}
END_TEST

START_TEST(quote_and_backslash)
{
  ck_assert_str_eq(json_of("\""), "\"\\\"\"");
  ck_assert_str_eq(json_of("\\"), "\"\\\\\"");
  ck_assert_str_eq(json_of("a\"b\\c"), "\"a\\\"b\\\\c\"");
  ck_assert_str_eq(json_of("C:\\dir\\\"x\".ptx"), "\"C:\\\\dir\\\\\\\"x\\\".ptx\"");
  /* '/' needs no escape in JSON and gets none */
  ck_assert_str_eq(json_of("tests/x.ptx"), "\"tests/x.ptx\"");
}
END_TEST

START_TEST(control_characters)
{
  /* All 31 (NUL ends the string): \u00xx with lowercase hex, never the
   * short forms \n \t, so that the three former copies' output stays. */
  for (int c = 1; c < 0x20; c++) {
    char in[4] = { 'a', (char)c, 'b', '\0' };
    char want[16];
    snprintf(want, sizeof want, "\"a\\u%04xb\"", c);
    ck_assert_str_eq(json_of(in), want);
  }
  ck_assert_str_eq(json_of("line1\nline2\ttab\r"), "\"line1\\u000aline2\\u0009tab\\u000d\"");
  ck_assert_str_eq(json_of("\x1f"), "\"\\u001f\"");
  ck_assert_str_eq(json_of(" "), "\" \""); /* 0x20: the first byte copied as is */
}
END_TEST

START_TEST(high_bytes_pass_through)
{
  /* DEL and bytes >= 0x80 are copied unchanged (UTF-8 stays UTF-8; an
   * invalid sequence is the caller's). */
  ck_assert_str_eq(json_of("\x7f"), "\"\x7f\"");
  ck_assert_str_eq(json_of("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80"),
                   "\"caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80\"");
  ck_assert_str_eq(json_of("\x80\xff\xfe"), "\"\x80\xff\xfe\"");
  /* every byte value once: only 0x01..0x1f, '"' and '\\' change */
  char in[256];
  for (int c = 1; c < 256; c++)
    in[c - 1] = (char)c;
  in[255] = '\0';
  const char *out = json_of(in);
  size_t want_len = 2 + 31 * 6 + 2 * 2 + (255 - 31 - 2);
  ck_assert_uint_eq(strlen(out), want_len);
}
END_TEST

static Suite *json_suite(void)
{
  Suite *s = suite_create("json");
  TCase *tc = tcase_create("string");
  tcase_add_test(tc, plain_text_is_quoted);
  tcase_add_test(tc, quote_and_backslash);
  tcase_add_test(tc, control_characters);
  tcase_add_test(tc, high_bytes_pass_through);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(json_suite());
}
