/* check_roundtrip.c -- every PTX file of the corpus parses, prints as
 * canonical PTX that parses back to an identical module, and prints the
 * same text again (ptx_dump, ptx_module_equal). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_dump.h"
#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

static char *dump_to_string(const ptx_module *m, size_t *len)
{
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(ptx_dump(m, f), 0);
  fclose(f);
  return buf;
}

static void round_trip(const char *path)
{
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *a = NULL;
  int rc = ptx_parse_file(path, &d, &a);
  ck_assert_msg(rc == 0, "%s does not parse:\n%s", path, ptx_diag_text(&d));
  ck_assert_msg(d.n_warnings == 0, "%s has warnings:\n%s", path, ptx_diag_text(&d));
  size_t len1, len2;
  char *text1 = dump_to_string(a, &len1);
  ptx_module *b = NULL;
  rc = ptx_parse_string(text1, len1, "dump1.ptx", &d, &b);
  ck_assert_msg(rc == 0, "the dump of %s does not parse:\n%s", path, ptx_diag_text(&d));
  char why[512];
  ck_assert_msg(ptx_module_equal(a, b, why, sizeof why), "%s: re-parsed dump differs: %s", path, why);
  char *text2 = dump_to_string(b, &len2);
  ck_assert_msg(len1 == len2 && memcmp(text1, text2, len1) == 0, "%s: dump is not a fixed point",
                path);
  free(text1);
  free(text2);
  ptx_module_free(a);
  ptx_module_free(b);
  ptx_diag_free(&d);
}

static const char *const corpus_dirs[] = {"benchmarks/ptx", "benchmarks/ptx/debug",
                                          "benchmarks/ptx/legacy", "tests/ptx"};

START_TEST(corpus_round_trips)
{
  size_t total = 0;
  for (size_t k = 0; k < sizeof corpus_dirs / sizeof corpus_dirs[0]; k++) {
    char **files;
    size_t n = test_list_files(corpus_dirs[k], ".ptx", &files);
    for (size_t i = 0; i < n; i++)
      round_trip(files[i]);
    total += n;
    test_free_list(files, n);
  }
  ck_assert_msg(total >= 50, "expected at least 50 corpus files, found %zu", total);
}
END_TEST

/* The comparison must notice real differences, or the test above proves
 * nothing. */
START_TEST(equal_detects_differences)
{
  char *base = strdup(test_kernel("add.s32 %r1, %r2, 5;"));
  ptx_module *a = test_parse_ok(base);
  static const char *const variants[] = {
    "add.s32 %r1, %r2, 6;", "add.s32 %r1, %r3, 5;", "sub.s32 %r1, %r2, 5;",
    "add.s32 %r1, %r2, 5U;", "@%p1 add.s32 %r1, %r2, 5;", "add.s32 %r1, %r2, 5;\nret;",
  };
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
    ptx_module *b = test_parse_ok(test_kernel(variants[i]));
    char why[256];
    ck_assert_msg(!ptx_module_equal(a, b, why, sizeof why), "no difference found for '%s'",
                  variants[i]);
    ck_assert_str_ne(why, "");
    ptx_module_free(b);
  }
  ptx_module *c = test_parse_ok(base);
  ck_assert(ptx_module_equal(a, c, NULL, 0));
  ptx_module_free(c);
  ptx_module_free(a);
  free(base);
}
END_TEST

static Suite *roundtrip_suite(void)
{
  Suite *s = suite_create("roundtrip");
  TCase *tc = tcase_create("corpus");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, corpus_round_trips);
  tcase_add_test(tc, equal_detects_differences);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(roundtrip_suite());
}
