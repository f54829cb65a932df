/* test_util.h -- helpers shared by the Check unit tests. */
#ifndef PTXSIM_TESTS_TEST_UTIL_H
#define PTXSIM_TESTS_TEST_UTIL_H

#include <check.h>
#include <stddef.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_ir.h"

/* Runs a suite; returns the process exit status (0 when all pass). */
int test_run(Suite *s);
/* The source tree (from $srcdir, as automake's test harness sets it). */
const char *test_srcdir(void);
/* Joins the source tree and a relative path (static buffer). */
const char *test_path(const char *rel);
/* Parses text; on failure returns NULL and leaves the messages in *msgs
 * (malloc'd, caller frees; may be NULL). */
ptx_module *test_parse(const char *text, char **msgs);
/* Parses and expects success; fails the test with the messages otherwise. */
ptx_module *test_parse_ok(const char *text);
/* Parses and expects failure; returns the messages (caller frees). */
char *test_parse_fail(const char *text);
/* Wraps instructions in a module with one kernel declaring common
 * registers: %r<8> .b32, %rd<8> .b64, %f<8> .f32, %fd<8> .f64, %p<4> .pred,
 * %h<4> .b16, %s<4> .s32, %u<4> .u32. */
const char *test_kernel(const char *body);
/* The first instruction of the first function with a body. */
const ptx_insn *test_first_insn(const ptx_module *m);
/* Lists files of a directory of the source tree with a suffix, sorted;
 * returns the count and a malloc'd array of malloc'd paths. */
size_t test_list_files(const char *rel_dir, const char *suffix, char ***out);
void test_free_list(char **list, size_t n);

#endif /* PTXSIM_TESTS_TEST_UTIL_H */
