/* check_forms.c -- every one of the instruction forms nvcc 13 emits for
 * real programs (tests/data/ptx-forms-nvcc13.txt, 494 of them) appears in
 * the PTX the tests parse (benchmarks/ptx and tests/ptx), so each parses
 * and validates. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

typedef struct form_set {
  char **words;
  size_t n, cap;
} form_set;

static void add_word(form_set *s, const char *w)
{
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->words[i], w) == 0)
      return;
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 256;
    s->words = realloc(s->words, s->cap * sizeof *s->words);
  }
  s->words[s->n++] = strdup(w);
}

static bool has_word(const form_set *s, const char *w)
{
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->words[i], w) == 0)
      return true;
  return false;
}

static void collect(form_set *s, const char *dir)
{
  char **files;
  size_t n = test_list_files(dir, ".ptx", &files);
  for (size_t i = 0; i < n; i++) {
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    ptx_module *m = NULL;
    ck_assert_msg(ptx_parse_file(files[i], &d, &m) == 0, "%s:\n%s", files[i], ptx_diag_text(&d));
    for (uint32_t f = 0; f < m->n_funcs; f++)
      for (uint32_t k = 0; k < m->funcs[f]->n_insns; k++)
        add_word(s, m->funcs[f]->insns[k].form->word->str);
    ptx_module_free(m);
    ptx_diag_free(&d);
  }
  test_free_list(files, n);
}

START_TEST(all_nvcc_forms_covered)
{
  form_set seen = {0};
  collect(&seen, "benchmarks/ptx");
  collect(&seen, "tests/ptx");
  FILE *f = fopen(test_path("tests/data/ptx-forms-nvcc13.txt"), "r");
  ck_assert_ptr_nonnull(f);
  char line[512];
  bool in_list = false;
  int n_forms = 0, n_missing = 0;
  char missing[4096] = "";
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "== ", 3) == 0) {
      in_list = strstr(line, "by count") != NULL;
      continue;
    }
    unsigned long count, programs;
    char form[256];
    if (!in_list || sscanf(line, "%lu %lu %255s", &count, &programs, form) != 3)
      continue;
    n_forms++;
    if (!has_word(&seen, form)) {
      n_missing++;
      if (strlen(missing) + strlen(form) + 2 < sizeof missing) {
        strcat(missing, " ");
        strcat(missing, form);
      }
    }
  }
  fclose(f);
  ck_assert_int_eq(n_forms, 494);
  ck_assert_msg(n_missing == 0, "%d forms never seen:%s", n_missing, missing);
  for (size_t i = 0; i < seen.n; i++)
    free(seen.words[i]);
  free(seen.words);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("forms");
  TCase *tc = tcase_create("nvcc13");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, all_nvcc_forms_covered);
  suite_add_tcase(s, tc);
  return test_run(s);
}
