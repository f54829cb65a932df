/* test_util.c -- helpers shared by the Check unit tests. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

int test_run(Suite *s)
{
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

const char *test_srcdir(void)
{
  const char *s = getenv("srcdir");
  return s && *s ? s : ".";
}

const char *test_path(const char *rel)
{
  static char buf[4096];
  snprintf(buf, sizeof buf, "%s/%s", test_srcdir(), rel);
  return buf;
}

ptx_module *test_parse(const char *text, char **msgs)
{
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *m = NULL;
  int rc = ptx_parse_string(text, strlen(text), "test.ptx", &d, &m);
  if (msgs)
    *msgs = strdup(ptx_diag_text(&d));
  ptx_diag_free(&d);
  return rc == 0 ? m : NULL;
}

ptx_module *test_parse_ok(const char *text)
{
  char *msgs = NULL;
  ptx_module *m = test_parse(text, &msgs);
  ck_assert_msg(m != NULL, "parse failed:\n%s\n--- input:\n%s", msgs, text);
  free(msgs);
  return m;
}

char *test_parse_fail(const char *text)
{
  char *msgs = NULL;
  ptx_module *m = test_parse(text, &msgs);
  ck_assert_msg(m == NULL, "parse unexpectedly succeeded:\n%s", text);
  return msgs;
}

const char *test_kernel(const char *body)
{
  static char buf[65536];
  snprintf(buf, sizeof buf,
           ".version 9.0\n.target sm_90\n.address_size 64\n"
           ".global .align 4 .b8 gbuf[64];\n"
           ".visible .entry k(.param .u64 k_p)\n{\n"
           ".reg .b32 %%r<8>;\n.reg .b64 %%rd<8>;\n.reg .f32 %%f<8>;\n.reg .f64 %%fd<8>;\n"
           ".reg .pred %%p<4>;\n.reg .b16 %%h<4>;\n.reg .s32 %%s<4>;\n.reg .u32 %%u<4>;\n"
           "%s\n}\n",
           body);
  return buf;
}

const ptx_insn *test_first_insn(const ptx_module *m)
{
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->n_insns)
      return &m->funcs[i]->insns[0];
  ck_abort_msg("no instruction");
  return NULL;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t test_list_files(const char *rel_dir, const char *suffix, char ***out)
{
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/%s", test_srcdir(), rel_dir);
  DIR *d = opendir(dir);
  ck_assert_msg(d != NULL, "cannot open %s", dir);
  size_t n = 0, cap = 16;
  char **list = malloc(cap * sizeof *list);
  struct dirent *e;
  size_t sl = strlen(suffix);
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (l <= sl || strcmp(e->d_name + l - sl, suffix) != 0)
      continue;
    if (n == cap)
      list = realloc(list, (cap *= 2) * sizeof *list);
    size_t len = strlen(dir) + l + 2;
    list[n] = malloc(len);
    snprintf(list[n], len, "%s/%s", dir, e->d_name);
    n++;
  }
  closedir(d);
  qsort(list, n, sizeof *list, cmp_str);
  *out = list;
  return n;
}

void test_free_list(char **list, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free(list[i]);
  free(list);
}
