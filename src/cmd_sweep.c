/* cmd_sweep.c -- `ptxsim sweep`: turns a sweep file (sweep_file.h) into
 * jobs that the user's own tools run: DIR/jobs.txt (one self-contained
 * shell command a line), DIR/manifest.tsv (what each job is) and, on
 * request, DIR/run-parallel.sh (GNU parallel) or DIR/sweep.sbatch (a
 * Slurm job array).  ptxsim schedules nothing itself.
 *
 * Each job runs in its own folder DIR/runs/RUN_ID/ and leaves there
 * stats.json (the statistics JSON: ptxsim run --stats json's stdout,
 * ptxsim exec --stats's file), log (ptxsim run's stderr; exec's stdout
 * and stderr) and, last, status (the exit code).  `ptxsim collect`
 * (cmd_collect.c) reads them back.
 *
 * Exit status: 0 success; 1 errors in the sweep file (FILE:LINE: error:
 * ...) or an unwritable DIR; 2 usage error.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frontend/ptx_diag.h"
#include "pipeline/tm_config.h"
#include "src/cli.h"
#include "src/sweep_file.h"
#include "src/sweep_jobs.h"

typedef enum sweep_emit { EMIT_LIST, EMIT_PARALLEL, EMIT_SLURM } sweep_emit;

typedef struct sweep_opts {
  const char *file, *dir;
  sweep_emit emit;
  const char *time, *mem, *partition;
  unsigned long jobs; /* 0: the tool's default */
} sweep_opts;

static int parse_args(int argc, char **argv, sweep_opts *o)
{
  for (int i = 0; i < argc; i++) {
    const char *v;
    int m;
    if ((m = cli_option_value(argc, argv, &i, "-o", "--output", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("sweep", "-o needs a folder");
      o->dir = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--emit", &v)) != 0) {
      if (m > 0 && strcmp(v, "list") == 0)
        o->emit = EMIT_LIST;
      else if (m > 0 && strcmp(v, "parallel") == 0)
        o->emit = EMIT_PARALLEL;
      else if (m > 0 && strcmp(v, "slurm") == 0)
        o->emit = EMIT_SLURM;
      else
        return cli_usage_error("sweep", "--emit takes list, parallel or slurm");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--time", &v)) != 0) {
      if (m < 0 || !*v)
        return cli_usage_error("sweep", "--time needs a Slurm time limit");
      o->time = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--mem", &v)) != 0) {
      if (m < 0 || !*v)
        return cli_usage_error("sweep", "--mem needs a Slurm memory size");
      o->mem = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--partition", &v)) != 0) {
      if (m < 0 || !*v)
        return cli_usage_error("sweep", "--partition needs a Slurm partition");
      o->partition = v;
    } else if ((m = cli_option_value(argc, argv, &i, "-j", "--jobs", &v)) != 0) {
      char *end;
      errno = 0;
      unsigned long n = m > 0 ? strtoul(v, &end, 10) : 0;
      if (m < 0 || *v < '1' || *v > '9' || *end || errno || n > 1000000)
        return cli_usage_error("sweep", "--jobs takes a number of jobs at once, 1 or more");
      o->jobs = n;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return cli_usage_error("sweep", "unknown option '%s'", argv[i]);
    } else if (o->file) {
      return cli_usage_error("sweep", "one sweep file only ('%s' and '%s')", o->file, argv[i]);
    } else {
      o->file = argv[i];
    }
  }
  if (!o->file)
    return cli_usage_error("sweep", "no sweep file given");
  if (!o->dir)
    return cli_usage_error("sweep", "no output folder given (-o DIR)");
  if (o->emit != EMIT_SLURM && (o->time || o->mem || o->partition))
    return cli_usage_error("sweep", "--time, --mem and --partition need --emit slurm");
  return CLI_OK;
}

/* ---- checks against the timing model's configurations ------------------ */

/* One option value on the default GPU; 1 when refused (messages in d). */
static int check_option(tm_config *cfg, const char *name, const char *value, const char *where,
                        ptx_diag *d)
{
  tm_config_defaults(cfg);
  unsigned before = d->n_errors;
  return tm_config_set_option(cfg, name, value, where, d) != 0 || d->n_errors != before;
}

/* The same for "-NAME=VALUE". */
static int check_assignment(tm_config *cfg, const char *assignment, const char *where,
                            ptx_diag *d)
{
  const char *eq = strchr(assignment, '=');
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)(eq - assignment), assignment);
  return check_option(cfg, name, eq + 1, where, d);
}

/* Every config value loads and every option value is accepted (on the
 * default GPU): a typo fails now, with its line, not in job 57 of 200. */
static int check_grid(const char *file, const sweep_spec *s)
{
  tm_config *cfg = malloc(sizeof *cfg);
  if (!cfg) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  ptx_diag d;
  ptx_diag_init(&d, stderr);
  char where[PATH_MAX + 32];
  int bad = 0;
  for (size_t i = 0; i < s->configs.n; i++) {
    ptx_diag q;
    ptx_diag_init(&q, NULL);
    if (tm_config_load_named(cfg, s->configs.v[i], &q) != 0) {
      const char *t = ptx_diag_text(&q), *e = strstr(t, "error: "), *nl;
      if (e && (nl = strchr(t, '\n')) != NULL && e < nl)
        t = e + 7; /* the message without its own "WHERE: error: " */
      nl = strchr(t, '\n');
      fprintf(stderr, "%s:%u: error: config '%s': %.*s\n", file, s->config_line, s->configs.v[i],
              nl ? (int)(nl - t) : (int)strlen(t), t);
      bad = 1;
    }
    ptx_diag_free(&q);
  }
  for (size_t i = 0; i < s->n_options; i++)
    for (size_t j = 0; j < s->options[i].values.n; j++) {
      char name[256];
      snprintf(name, sizeof name, "-%s", s->options[i].name);
      snprintf(where, sizeof where, "%s:%u", file, s->options[i].line);
      bad |= check_option(cfg, name, s->options[i].values.v[j], where, &d);
    }
  for (size_t i = 0; i < s->sets.n; i++) {
    snprintf(where, sizeof where, "%s:%u", file, s->set_lines[i]);
    bad |= check_assignment(cfg, s->sets.v[i], where, &d);
  }
  for (size_t i = 0; i < s->n_variants; i++) {
    snprintf(where, sizeof where, "%s:%u", file, s->variants[i].line);
    for (size_t j = 0; j < s->variants[i].opts.n; j++)
      bad |= check_assignment(cfg, s->variants[i].opts.v[j], where, &d);
  }
  ptx_diag_free(&d);
  free(cfg);
  return bad ? CLI_FAIL : CLI_OK;
}

/* ---- output files ------------------------------------------------------- */

static FILE *open_out(const char *dir, const char *name, char *path, size_t size)
{
  snprintf(path, size, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f)
    fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
  return f;
}

static int write_parallel(const char *dir, const sweep_opts *o)
{
  char path[PATH_MAX + 64];
  FILE *f = open_out(dir, "run-parallel.sh", path, sizeof path);
  if (!f)
    return CLI_FAIL;
  fputs("#!/bin/sh\n"
        "# run-parallel.sh -- written by `ptxsim sweep`: runs every job of jobs.txt\n"
        "# with GNU parallel (extra arguments go to parallel: --resume-failed\n"
        "# reruns the failed ones), then says how to collect the results.\n",
        f);
  fputs("parallel", f);
  if (o->jobs)
    fprintf(f, " --jobs %lu", o->jobs);
  fputs(" --joblog ", f);
  sweep_shell_word(f, dir, "/joblog");
  fputs(" \"$@\" <", f);
  sweep_shell_word(f, dir, "/jobs.txt");
  fputs("\nrc=$?\n"
        "echo \"ptxsim sweep: parallel's exit status: $rc (the number of failed jobs);"
        " now: ptxsim collect ",
        f);
  sweep_shell_word(f, dir, "");
  fputs("\" >&2\nexit $rc\n", f);
  int rc = cli_close_output(f, path, "the GNU parallel script", 0);
  if (rc == CLI_OK && chmod(path, 0755) != 0) {
    fprintf(stderr, "%s: error: cannot make it executable: %s\n", path, strerror(errno));
    rc = CLI_FAIL;
  }
  return rc;
}

static int write_slurm(const char *dir, size_t n_jobs, const sweep_opts *o)
{
  char path[PATH_MAX + 64];
  FILE *f = open_out(dir, "sweep.sbatch", path, sizeof path);
  if (!f)
    return CLI_FAIL;
  fputs("#!/bin/sh\n", f);
  fprintf(f, "#SBATCH --job-name=ptxsim-sweep\n#SBATCH --array=1-%zu", n_jobs);
  if (o->jobs)
    fprintf(f, "%%%lu", o->jobs);
  fprintf(f, "\n#SBATCH --output=%s/slurm-%%A_%%a.out\n", dir);
  if (o->time)
    fprintf(f, "#SBATCH --time=%s\n", o->time);
  if (o->mem)
    fprintf(f, "#SBATCH --mem=%s\n", o->mem);
  if (o->partition)
    fprintf(f, "#SBATCH --partition=%s\n", o->partition);
  fputs("# sweep.sbatch -- written by `ptxsim sweep`: a Slurm job array, one task per\n"
        "# line of jobs.txt.  Submit with: sbatch sweep.sbatch\n"
        "line=$(sed -n \"${SLURM_ARRAY_TASK_ID:?not a job array task}p\" ",
        f);
  sweep_shell_word(f, dir, "/jobs.txt");
  fputs(")\n[ -n \"$line\" ] || { echo \"no job $SLURM_ARRAY_TASK_ID\" >&2; exit 1; }\n"
        "exec /bin/sh -c \"$line\"\n",
        f);
  return cli_close_output(f, path, "the Slurm batch script", 0);
}

/* DIR made absolute (it exists by now). */
static char *absolute_dir(const char *dir)
{
  char *abs = realpath(dir, NULL);
  if (!abs)
    fprintf(stderr, "%s: error: %s\n", dir, strerror(errno));
  return abs;
}

int cmd_sweep(int argc, char **argv)
{
  sweep_opts o = {0};
  int rc = parse_args(argc, argv, &o);
  if (rc != CLI_OK)
    return rc;
  sweep_spec spec;
  if (sweep_file_read(o.file, &spec, stderr) != 0)
    return CLI_FAIL;
  rc = check_grid(o.file, &spec);
  char *self = rc == CLI_OK ? cli_self_path() : NULL;
  if (rc == CLI_OK && !self) {
    fputs("ptxsim: error: cannot find the path of the ptxsim program\n", stderr);
    rc = CLI_FAIL;
  }
  char manifest[PATH_MAX + 64];
  snprintf(manifest, sizeof manifest, "%s/manifest.tsv", o.dir);
  if (rc == CLI_OK && access(manifest, F_OK) == 0) {
    fprintf(stderr,
            "%s: error: the folder already holds a sweep (manifest.tsv); choose another "
            "or remove it\n",
            o.dir);
    rc = CLI_FAIL;
  }
  char *dir = NULL;
  if (rc == CLI_OK && (sweep_make_folder(o.dir) != 0 || !(dir = absolute_dir(o.dir))))
    rc = CLI_FAIL;
  size_t n_jobs = sweep_job_count(&spec);
  if (rc == CLI_OK)
    rc = sweep_write_jobs(&spec, self, dir);
  if (rc == CLI_OK && o.emit == EMIT_PARALLEL)
    rc = write_parallel(dir, &o);
  if (rc == CLI_OK && o.emit == EMIT_SLURM)
    rc = write_slurm(dir, n_jobs, &o);
  if (rc == CLI_OK) {
    printf("ptxsim sweep: %zu job%s in %s/jobs.txt (manifest.tsv says which is which)\n",
           n_jobs, n_jobs == 1 ? "" : "s", dir);
    if (o.emit == EMIT_PARALLEL)
      printf("run them with: sh %s/run-parallel.sh\n", dir);
    else if (o.emit == EMIT_SLURM)
      printf("submit them with: sbatch %s/sweep.sbatch\n", dir);
    else
      printf("run each line with /bin/sh, e.g.: parallel < %s/jobs.txt\n", dir);
    printf("then collect the results: ptxsim collect %s -o results.csv\n", dir);
  }
  free(dir);
  free(self);
  sweep_spec_free(&spec);
  return rc;
}
