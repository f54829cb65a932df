/* check_api.c -- the public interface (include/ptxsim.h), used the way a
 * program linked with libptxsim uses it: only the installed header. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"

static const char good[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                           ".visible .entry first(.param .u64 a, .param .u32 n) { ret; }\n"
                           ".func helper() { ret; }\n"
                           ".visible .entry second() { ret; }\n";

START_TEST(load_string_and_list_kernels)
{
  ptxsim_module *m = NULL;
  char *msgs = (char *)1;
  ck_assert_int_eq(ptxsim_module_load_string(good, strlen(good), "good.ptx", &m, &msgs), PTXSIM_OK);
  ck_assert_ptr_nonnull(m);
  ck_assert_ptr_null(msgs); /* no warnings */
  ck_assert_uint_eq(ptxsim_module_kernel_count(m), 2);
  ck_assert_str_eq(ptxsim_module_kernel_name(m, 0), "first");
  ck_assert_str_eq(ptxsim_module_kernel_name(m, 1), "second");
  ck_assert_ptr_null(ptxsim_module_kernel_name(m, 2));
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "first"), 2);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "second"), 0);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "helper"), PTXSIM_E_NOTFOUND);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "nope"), PTXSIM_E_NOTFOUND);
  ptxsim_module_free(m);
}
END_TEST

START_TEST(errors_come_back_as_messages)
{
  static const char bad[] = ".version 9.0\n.target sm_75\n.entry k() { frob; }\n";
  ptxsim_module *m = (ptxsim_module *)1;
  char *msgs = NULL;
  ck_assert_int_eq(ptxsim_module_load_string(bad, strlen(bad), "bad.ptx", &m, &msgs), PTXSIM_E_PARSE);
  ck_assert_ptr_null(m);
  ck_assert_ptr_nonnull(msgs);
  ck_assert_msg(strstr(msgs, "bad.ptx:3:14: error: unknown instruction 'frob'"), "%s", msgs);
  ptxsim_free(msgs);
  /* Without a messages pointer the status still tells. */
  ck_assert_int_eq(ptxsim_module_load_string(bad, strlen(bad), NULL, &m, NULL), PTXSIM_E_PARSE);
}
END_TEST

START_TEST(files_and_bad_arguments)
{
  ptxsim_module *m = NULL;
  char *msgs = NULL;
  ck_assert_int_eq(ptxsim_module_load_file("/nonexistent/x.ptx", &m, &msgs), PTXSIM_E_IO);
  ck_assert_ptr_nonnull(strstr(msgs, "cannot open"));
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_module_load_file(NULL, &m, NULL), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_module_load_string(NULL, 0, "x", &m, NULL), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(NULL, "k"), PTXSIM_E_INVALID);
  ck_assert_uint_eq(ptxsim_module_kernel_count(NULL), 0);
  ptxsim_module_free(NULL);
  char path[4096];
  const char *srcdir = getenv("srcdir");
  snprintf(path, sizeof path, "%s/benchmarks/ptx/saxpy.ptx", srcdir ? srcdir : ".");
  ck_assert_int_eq(ptxsim_module_load_file(path, &m, NULL), PTXSIM_OK);
  ck_assert_uint_ge(ptxsim_module_kernel_count(m), 1);
  ptxsim_module_free(m);
}
END_TEST

START_TEST(status_strings_and_version)
{
  ck_assert_str_eq(ptxsim_status_string(PTXSIM_OK), "success");
  ck_assert_str_eq(ptxsim_status_string(PTXSIM_E_PARSE), "the PTX has errors");
  ck_assert_str_eq(ptxsim_status_string(12345), "unknown status");
  ck_assert_str_eq(ptxsim_version(), PACKAGE_VERSION);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("modules");
  tcase_add_test(tc, load_string_and_list_kernels);
  tcase_add_test(tc, errors_come_back_as_messages);
  tcase_add_test(tc, files_and_bad_arguments);
  tcase_add_test(tc, status_strings_and_version);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
