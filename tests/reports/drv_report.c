/* drv_report.c -- launches of the corpus drivers with the run-time
 * reports on, and the properties their reports must have (drv_report.h).
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/reports/drv_report.h"
#include "tests/reports/json_mini.h"

static double sum_of(const jv *arr)
{
  double s = 0;
  for (size_t i = 0; i < jv_len(arr); i++)
    s += jv_num(jv_at(arr, i));
  return s;
}

/* Checks one kernel's report against the properties and the statistics. */
static void check_kernel(const jv *k, const char *kernel, const ptxsim_stats *st)
{
  const jv *d = jv_get(k, "divergence");
  ck_assert_msg(d != NULL, "%s: no divergence report", kernel);
  const jv *branches = jv_get(d, "branches");
  for (size_t i = 0; i < jv_len(branches); i++) {
    const jv *b = jv_at(branches, i);
    const jv *can = jv_get(b, "can_diverge");
    const jv *fn = jv_get(b, "function");
    ck_assert_msg(!(can && can->kind == JV_BOOL && !can->b && jv_getnum(b, "divergent") > 0),
                  "%s: the branch at line %g (function %s) is uniform by the analysis but "
                  "diverged %g times",
                  kernel, jv_getnum(b, "line"), fn && fn->str ? fn->str : "?",
                  jv_getnum(b, "divergent"));
    ck_assert_msg(jv_getnum(b, "reconv_violations") == 0,
                  "%s: %g divergences of the branch at line %g (function %s) did not reconverge "
                  "at line %g",
                  kernel, jv_getnum(b, "reconv_violations"), jv_getnum(b, "line"),
                  fn && fn->str ? fn->str : "?", jv_getnum(b, "reconv_line"));
  }
  ck_assert_msg(jv_getnum(d, "reconv_violations") == 0, "%s: reconvergence violations", kernel);
  ck_assert_msg(jv_getnum(d, "uniform_divergent") == 0, "%s: uniform branches diverged", kernel);
  double warp_insns = jv_getnum(d, "warp_instructions");
  ck_assert_msg(sum_of(jv_get(d, "lanes_histogram")) == warp_insns,
                "%s: the lane histogram does not add up to %g warp instructions", kernel,
                warp_insns);
  ck_assert_msg(sum_of(jv_get(d, "depth_histogram")) == warp_insns,
                "%s: the depth histogram does not add up to %g warp instructions", kernel,
                warp_insns);
  ck_assert_msg(warp_insns == (double)st->warp_instructions &&
                  jv_getnum(d, "thread_instructions") == (double)st->thread_instructions,
                "%s: report and statistics differ: %g/%g warp/thread instructions, statistics "
                "%llu/%llu",
                kernel, warp_insns, jv_getnum(d, "thread_instructions"),
                (unsigned long long)st->warp_instructions,
                (unsigned long long)st->thread_instructions);
  ck_assert_msg(jv_getnum(jv_get(d, "warps"), "ctas") == (double)st->ctas,
                "%s: %g CTAs in the report, %llu launched", kernel,
                jv_getnum(jv_get(d, "warps"), "ctas"), (unsigned long long)st->ctas);
  const jv *live = jv_get(k, "liveness");
  ck_assert_msg(live != NULL, "%s: no liveness report", kernel);
  double hits = 0;
  const jv *points = jv_get(live, "points");
  for (size_t i = 0; i < jv_len(points); i++)
    hits += jv_getnum(jv_at(points, i), "hits");
  ck_assert_msg(hits == jv_getnum(live, "hits"), "%s: preemption-point hits do not add up",
                kernel);
  /* Report C: a warp sampled each time it reaches a point (so as often as
   * points issue: a function whose registers could not be mapped would
   * fall short), compressed never above uncompressed plus the pattern
   * vector, and the patterns cover every live slot. */
  const jv *c = jv_get(live, "context");
  ck_assert_msg(c != NULL, "%s: no context statistics", kernel);
  ck_assert_msg(jv_getnum(c, "ptxsim_pp_hits") == hits, "%s: %g warps sampled at points, %g hits",
                kernel, jv_getnum(c, "ptxsim_pp_hits"), hits);
  double meta = floor((2 * jv_getnum(c, "ptxsim_pp_alloc_regs") + 7) / 8);
  ck_assert_msg(jv_getnum(c, "ptxsim_ctx_bytes_live_cp") <=
                  jv_getnum(c, "ptxsim_ctx_bytes_live") + hits * meta,
                "%s: compression made the context larger", kernel);
  if (jv_getnum(c, "ptxsim_ctx_bytes_live") > 0) {
    double sum = jv_getnum(c, "ptxsim_ctx_uniform_frac") + jv_getnum(c, "ptxsim_ctx_strided_frac") +
                 jv_getnum(c, "ptxsim_ctx_random_frac");
    ck_assert_msg(fabs(sum - 1) < 1e-3, "%s: pattern fractions add up to %g", kernel, sum);
  }
}

int rep_ptxsim_launch(ptxsim_device *d, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                      size_t dynamic_shared_bytes, const void *const *args, size_t n_args)
{
  ck_assert_int_eq(
    ptxsim_device_set_reports(d, PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS), PTXSIM_OK);
  ptxsim_report_reset(d);
  int rc = ptxsim_launch(d, kernel, grid, block, dynamic_shared_bytes, args, n_args);
  /* A failed launch is left as it is: writing the report would clear the
   * device's message, which the driver may read. */
  if (rc != PTXSIM_OK)
    return rc;
  ptxsim_stats st;
  ck_assert_int_eq(ptxsim_last_stats(d, &st), PTXSIM_OK);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(ptxsim_report_write(d, f, 1), PTXSIM_OK);
  fclose(f);
  char err[256];
  jv *root = jv_parse(text, err, sizeof err);
  ck_assert_msg(root != NULL, "%s: the JSON report does not parse: %s", kernel, err);
  const jv *list = jv_get(root, "reports");
  ck_assert_msg(jv_len(list) == 1, "%s: %zu kernel reports for one launch", kernel,
                jv_len(list));
  check_kernel(jv_at(list, 0), kernel, &st);
  /* PTXSIM_TEST_REPORT_LOG=FILE: each launch's JSON report appended, one
   * per line, for collecting the corpus's numbers (not a check). */
  const char *log = getenv("PTXSIM_TEST_REPORT_LOG");
  FILE *lf = log && *log ? fopen(log, "a") : NULL;
  if (lf) {
    for (char *p = text; *p; p++)
      if (*p == '\n')
        *p = ' ';
    fprintf(lf, "%s\n", text);
    fclose(lf);
  }
  jv_free(root);
  free(text);
  return rc;
}

void rep_drv_launch(drv_ctx *c, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                    size_t dyn_shared, const void *const *args, size_t n_args)
{
  int rc = rep_ptxsim_launch(c->dev, kernel, grid, block, dyn_shared, args, n_args);
  ck_assert_msg(rc == PTXSIM_OK, "%s: launch of %s <<<(%u,%u,%u), (%u,%u,%u), %zu>>> failed: %s",
                c->name, kernel, grid.x, grid.y, grid.z, block.x, block.y, block.z, dyn_shared,
                ptxsim_status_string(rc));
}
