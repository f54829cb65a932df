/* tm_fixture.c -- the timing tests' shared fixture (tm_fixture.h): a
 * device opened on a module, launches, and statistics read from the text
 * that ptxsim_timing_stats_write prints, one "name = value" per line.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/pipeline/tm_fixture.h"
#include "tests/test_util.h"

/* Applies "-name", "value" pairs, in order; NULL applies none. */
static void apply_options(tm_fixture *f, const char *const *options)
{
  for (size_t i = 0; options && options[i]; i += 2) {
    char *msg = NULL;
    int rc = ptxsim_device_set_config_option(f->device, options[i], options[i + 1], &msg);
    ck_assert_msg(rc == PTXSIM_OK, "option %s %s: %s", options[i], options[i + 1],
                  msg ? msg : "");
    ptxsim_free(msg);
  }
}

/* A device on f->module: the configuration, then its options, then timing
 * mode, in the order a program using ptxsim would set them. */
static void open_device(tm_fixture *f, const char *config, const char *const *base,
                        const char *const *options)
{
  ck_assert_int_eq(ptxsim_device_create(&f->device), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(f->device, f->module), PTXSIM_OK);
  char *msg = NULL;
  int rc = ptxsim_device_set_config(f->device, config, &msg);
  ck_assert_msg(rc == PTXSIM_OK, "configuration %s: %s", config, msg ? msg : "");
  ptxsim_free(msg);
  apply_options(f, base);
  apply_options(f, options);
  ck_assert_int_eq(ptxsim_device_set_mode(f->device, PTXSIM_MODE_TIMING), PTXSIM_OK);
}

void tm_fixture_open(tm_fixture *f, const char *ptx_rel, const char *config,
                     const char *const *base, const char *const *options)
{
  char *msg = NULL;
  int rc = ptxsim_module_load_file(test_path(ptx_rel), &f->module, &msg);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s", ptx_rel, msg ? msg : "");
  ptxsim_free(msg);
  open_device(f, config, base, options);
}

void tm_fixture_open_text(tm_fixture *f, const char *ptx, const char *file_name,
                          const char *config, const char *const *base,
                          const char *const *options)
{
  char *msg = NULL;
  int rc = ptxsim_module_load_string(ptx, strlen(ptx), file_name, &f->module, &msg);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s", file_name, msg ? msg : "");
  ptxsim_free(msg);
  open_device(f, config, base, options);
}

void tm_fixture_close(tm_fixture *f)
{
  ptxsim_device_destroy(f->device);
  ptxsim_module_free(f->module);
}

ptxsim_devptr tm_fixture_alloc(tm_fixture *f, size_t bytes)
{
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(f->device, bytes, &p), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_memset(f->device, p, 0, bytes), PTXSIM_OK);
  return p;
}

uint64_t tm_fixture_launch(tm_fixture *f, const char *kernel, unsigned grid, unsigned block,
                           const void *const *args, size_t n_args)
{
  int rc = ptxsim_launch(f->device, kernel, (ptxsim_dim3){grid, 1, 1},
                         (ptxsim_dim3){block, 1, 1}, 0, args, n_args);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s", kernel, ptxsim_device_error(f->device));
  ptxsim_stats s;
  ck_assert_int_eq(ptxsim_last_stats(f->device, &s), PTXSIM_OK);
  ck_assert_msg(s.cycles > 0, "%s: no cycles in timing mode", kernel);
  return s.cycles;
}

char *tm_fixture_stats_text(const tm_fixture *f)
{
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(mem);
  ck_assert_int_eq(ptxsim_timing_stats_write(f->device, mem, 0), PTXSIM_OK);
  ck_assert_int_eq(fclose(mem), 0);
  return text;
}

/* A name matches a whole name only, at the start of a line and up to its
 * " = " (ptxsim_bp_correct is not read from a line x_ptxsim_bp_correct or
 * ptxsim_bp_correct_x), and must occur once, so that it never matters
 * which of two lines would be read. */
const char *tm_stats_find(const char *text, const char *name)
{
  size_t len = strlen(name);
  const char *value = NULL;
  unsigned n_found = 0;
  for (const char *line = text; line && *line;) {
    if (strncmp(line, name, len) == 0 && strncmp(line + len, " = ", 3) == 0) {
      value = line + len + 3;
      n_found++;
    }
    const char *nl = strchr(line, '\n');
    line = nl ? nl + 1 : NULL;
  }
  ck_assert_msg(n_found > 0, "no statistic %s", name);
  ck_assert_msg(n_found == 1, "statistic %s printed %u times", name, n_found);
  return value;
}

uint64_t tm_stats_u64(const char *text, const char *name)
{
  const char *value = tm_stats_find(text, name);
  char *end;
  uint64_t v = strtoull(value, &end, 10);
  ck_assert_msg(end != value, "statistic %s is not a count: %.40s", name, value);
  return v;
}

double tm_stats_f64(const char *text, const char *name)
{
  const char *value = tm_stats_find(text, name);
  char *end;
  double v = strtod(value, &end);
  ck_assert_msg(end != value, "statistic %s is not a number: %.40s", name, value);
  return v;
}

uint64_t tm_fixture_stat_u64(const tm_fixture *f, const char *name)
{
  char *text = tm_fixture_stats_text(f);
  uint64_t v = tm_stats_u64(text, name);
  free(text);
  return v;
}
