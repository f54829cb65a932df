/* cmd_collect.c -- `ptxsim collect`: a sweep's results (cmd_sweep.c) as
 * one CSV, one row per run and kernel launch, with the swept parameters
 * and every statistic as columns (collect_table.c); optionally speedups
 * and their geometric means (collect_speedup.c).
 *
 * A run is finished when its folder has a status file; status 0 with a
 * readable statistics JSON gives rows, anything else is reported on
 * stderr with the run's command, and makes the exit status 1 (the CSV of
 * the other runs is written all the same: a sweep of hundreds of runs is
 * still worth reading with one failure in it).
 *
 * Exit status: 0 every run collected; 1 a missing or failed run, an
 * unreadable manifest or an unwritable CSV; 2 usage error.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/cli.h"
#include "src/collect_table.h"
#include "src/json_read.h"

typedef struct collect_opts {
  const char *dir, *out;
  const char *speedup; /* PARAM=VALUE */
} collect_opts;

static int parse_args(int argc, char **argv, collect_opts *o)
{
  for (int i = 0; i < argc; i++) {
    const char *v;
    int m;
    if ((m = cli_option_value(argc, argv, &i, "-o", "--output", &v)) != 0) {
      if (m < 0 || !*v)
        return cli_usage_error("collect", "-o needs a file name");
      o->out = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--speedup-over", &v)) != 0) {
      if (m < 0 || !strchr(v, '=') || v[0] == '=')
        return cli_usage_error("collect", "--speedup-over takes PARAM=VALUE");
      o->speedup = v;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return cli_usage_error("collect", "unknown option '%s'", argv[i]);
    } else if (o->dir) {
      return cli_usage_error("collect", "one sweep folder only ('%s' and '%s')", o->dir,
                             argv[i]);
    } else {
      o->dir = argv[i];
    }
  }
  if (!o->dir)
    return cli_usage_error("collect", "no sweep folder given");
  return CLI_OK;
}

/* "(program, config=..., NAME=...)" of a run, for messages. */
static void describe(FILE *out, const collect_manifest *m, const collect_run *r)
{
  fprintf(out, "%s (%s", r->id, r->program);
  for (size_t j = 0; j < m->n_params; j++)
    fprintf(out, ", %s=%s", m->params[j], r->params[j]);
  fputc(')', out);
}

/* The statistics document of a ptxsim run job: stats.json is its stdout,
 * where device printf output may come before the JSON, which starts on
 * a line of its own ("{"): parse the whole, else from the last such
 * line. */
static jr_value *parse_stats(const char *text, unsigned *line, char *err, size_t len)
{
  jr_value *doc = jr_parse(text, line, err, len);
  if (doc)
    return doc;
  const char *start = NULL;
  for (const char *p = text; (p = strstr(p, "\n{\n")) != NULL; p++)
    start = p + 1;
  if (!start)
    return NULL;
  unsigned skipped = 0;
  for (const char *p = text; p < start; p++)
    skipped += *p == '\n';
  doc = jr_parse(start, line, err, len);
  *line += skipped;
  return doc;
}

typedef enum run_state { RUN_OK, RUN_MISSING, RUN_FAILED } run_state;

/* Reads one run into t; reports it on stderr when it is not RUN_OK. */
static run_state read_run(const char *dir, const collect_manifest *m, size_t i,
                          collect_table *t, bool *oom)
{
  const collect_run *r = &m->runs[i];
  char path[PATH_MAX + 64], err[256];
  snprintf(path, sizeof path, "%s/runs/%s/status", dir, r->id);
  char *status = jr_read_file(path, NULL);
  run_state st = RUN_OK;
  if (!status) {
    fputs("ptxsim collect: ", stderr);
    describe(stderr, m, &m->runs[i]);
    fprintf(stderr, " is missing: no %s (not run yet, still running, or killed)\n", path);
    st = RUN_MISSING;
  } else {
    char *end;
    long code = strtol(status, &end, 10);
    if (end == status || (*end && *end != '\n')) {
      fputs("ptxsim collect: ", stderr);
      describe(stderr, m, &m->runs[i]);
      fprintf(stderr, " failed: %s does not hold an exit code\n", path);
      st = RUN_FAILED;
    } else if (code != 0) {
      fputs("ptxsim collect: ", stderr);
      describe(stderr, m, &m->runs[i]);
      fprintf(stderr, " failed with exit status %ld; its messages: %s/runs/%s/log\n", code, dir,
              r->id);
      st = RUN_FAILED;
    }
  }
  free(status);
  if (st == RUN_OK) {
    snprintf(path, sizeof path, "%s/runs/%s/stats.json", dir, r->id);
    char *text = jr_read_file(path, NULL);
    unsigned line = 0;
    jr_value *doc = text ? parse_stats(text, &line, err, sizeof err) : NULL;
    int rc = doc ? collect_add_run(t, i, doc) : 1;
    if (rc < 0)
      *oom = true;
    else if (rc > 0) {
      fputs("ptxsim collect: ", stderr);
      describe(stderr, m, &m->runs[i]);
      if (!text)
        fprintf(stderr, " failed: cannot read %s: %s\n", path, strerror(errno));
      else if (!doc)
        fprintf(stderr, " failed: %s:%u: %s\n", path, line, err);
      else
        fprintf(stderr, " failed: %s is not ptxsim statistics\n", path);
      st = RUN_FAILED;
    }
    jr_free(doc);
    free(text);
  }
  if (st != RUN_OK)
    fprintf(stderr, "  command: %s\n", r->command);
  return st;
}

/* -1 when out of memory. */
static int write_csv(FILE *out, const collect_table *t, const collect_manifest *m,
                     bool with_speedup)
{
  fputs("run_id,program,kernel,launch", out);
  for (size_t j = 0; j < m->n_params; j++) {
    fputc(',', out);
    collect_csv_field(out, m->params[j]);
  }
  if (with_speedup)
    fputs(",speedup", out);
  for (size_t c = 0; c < t->n_cols; c++) {
    fputc(',', out);
    collect_csv_field(out, t->cols[c]);
  }
  fputc('\n', out);
  const char **line = calloc(t->n_cols + 1, sizeof *line);
  if (!line)
    return -1;
  for (size_t i = 0; i < t->n_rows; i++) {
    const collect_row *r = &t->rows[i];
    const collect_run *run = &m->runs[r->run];
    collect_csv_field(out, run->id);
    fputc(',', out);
    collect_csv_field(out, run->program);
    fputc(',', out);
    collect_csv_field(out, r->kernel);
    fprintf(out, ",%zu", r->launch);
    for (size_t j = 0; j < m->n_params; j++) {
      fputc(',', out);
      collect_csv_field(out, run->params[j]);
    }
    if (with_speedup) {
      if (isnan(r->speedup))
        fputc(',', out);
      else
        fprintf(out, ",%.9f", r->speedup);
    }
    memset(line, 0, t->n_cols * sizeof *line);
    for (size_t k = 0; k < r->n_cells; k++)
      line[r->cells[k].col] = r->cells[k].text;
    for (size_t c = 0; c < t->n_cols; c++) {
      fputc(',', out);
      if (line[c])
        collect_csv_field(out, line[c]);
    }
    fputc('\n', out);
  }
  free(line);
  return 0;
}

/* The index of --speedup-over's PARAM; -1 after a message. */
static long speedup_param(const collect_manifest *m, const char *spec, const char **value)
{
  const char *eq = strchr(spec, '=');
  *value = eq + 1;
  for (size_t j = 0; j < m->n_params; j++)
    if (strlen(m->params[j]) == (size_t)(eq - spec) &&
        strncmp(m->params[j], spec, (size_t)(eq - spec)) == 0) {
      for (size_t i = 0; i < m->n_runs; i++)
        if (strcmp(m->runs[i].params[j], *value) == 0)
          return (long)j;
      fprintf(stderr, "ptxsim collect: error: --speedup-over %s: no run has %s\n", spec, spec);
      return -1;
    }
  fprintf(stderr, "ptxsim collect: error: --speedup-over %s: '%.*s' is not a swept parameter",
          spec, (int)(eq - spec), spec);
  for (size_t j = 0; j < m->n_params; j++)
    fprintf(stderr, "%s%s", j ? ", " : " (", m->params[j]);
  fputs(m->n_params ? ")\n" : "; this sweep has none)\n", stderr);
  return -1;
}

int cmd_collect(int argc, char **argv)
{
  collect_opts o = {0};
  int rc = parse_args(argc, argv, &o);
  if (rc != CLI_OK)
    return rc;
  char path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/manifest.tsv", o.dir);
  collect_manifest m;
  if (collect_manifest_read(path, &m, stderr) != 0)
    return CLI_FAIL;
  const char *value = NULL;
  long param = o.speedup ? speedup_param(&m, o.speedup, &value) : 0;
  if (param < 0) {
    collect_manifest_free(&m);
    return CLI_FAIL;
  }
  collect_table t = {0};
  size_t n_missing = 0, n_failed = 0;
  bool oom = false;
  for (size_t i = 0; i < m.n_runs && !oom; i++) {
    run_state st = read_run(o.dir, &m, i, &t, &oom);
    n_missing += st == RUN_MISSING;
    n_failed += st == RUN_FAILED;
  }
  FILE *out = oom ? NULL : o.out ? fopen(o.out, "w") : stdout;
  if (oom)
    fputs("ptxsim: error: out of memory\n", stderr);
  else if (!out)
    fprintf(stderr, "%s: error: cannot write: %s\n", o.out, strerror(errno));
  if (out && o.speedup) {
    /* The means go to stdout, or stderr when the CSV does. */
    long no_speedup = collect_speedup(&t, &m, (size_t)param, value, out == stdout ? stderr : stdout);
    if (no_speedup < 0)
      fputs("ptxsim: error: out of memory\n", stderr);
    else if (no_speedup > 0)
      fprintf(stderr,
              "ptxsim collect: %ld row%s without a speedup (no cycles, or no baseline run "
              "with %s)\n",
              no_speedup, no_speedup == 1 ? "" : "s", o.speedup);
  }
  rc = out ? CLI_OK : CLI_FAIL;
  if (out) {
    if (write_csv(out, &t, &m, o.speedup != NULL) != 0) {
      fputs("ptxsim: error: out of memory\n", stderr);
      rc = CLI_FAIL;
    }
    if (cli_close_output(out, o.out, "the CSV", 0) != CLI_OK)
      rc = CLI_FAIL;
  }
  if (n_missing || n_failed) {
    fprintf(stderr, "ptxsim collect: %zu of %zu runs collected; %zu failed, %zu missing\n",
            m.n_runs - n_missing - n_failed, m.n_runs, n_failed, n_missing);
    rc = CLI_FAIL;
  }
  collect_table_free(&t);
  collect_manifest_free(&m);
  return rc;
}
