/* sweep_jobs.c -- a sweep's job list and manifest (sweep_jobs.h).
 *
 * A job line is one POSIX shell command that needs nothing but the
 * ptxsim it names (absolute paths throughout), so GNU parallel, a Slurm
 * array task or a plain `sh -c` can run it on any node that sees DIR:
 *   cd RUNDIR && { rm -f status; PTXSIM run ... >stats.json 2>log; s=$?; echo $s >status; exit $s; }
 * status is written last, so a folder with a status holds a finished run
 * (a killed job leaves none: collect reports it as missing); removing the
 * old status first makes a rerun of the line honest.  The line exits with
 * ptxsim's status, so GNU parallel's joblog and Slurm's job states show
 * failed runs too (parallel --resume-failed reruns them).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "src/cli.h"
#include "src/sweep_jobs.h"

void sweep_shell_word(FILE *out, const char *s, const char *suffix)
{
  bool plain = *s || *suffix;
  for (const char *p = s; plain && *p; p++)
    plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=+,@%-",
                   *p) != NULL;
  for (const char *p = suffix; plain && *p; p++)
    plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=+,@%-",
                   *p) != NULL;
  if (plain) {
    fprintf(out, "%s%s", s, suffix);
    return;
  }
  fputc('\'', out);
  for (int part = 0; part < 2; part++)
    for (const char *p = part ? suffix : s; *p; p++)
      if (*p == '\'')
        fputs("'\\''", out);
      else
        fputc(*p, out);
  fputc('\'', out);
}

void sweep_run_id(size_t i, char *buf, size_t size)
{
  snprintf(buf, size, "r%04zu", i + 1);
}

/* The job's timing options: --config, the set options, the variant's,
 * the swept ones. */
static void timing_args(FILE *out, const sweep_spec *s, size_t config, size_t variant,
                        const size_t *pick)
{
  if (s->configs.n) {
    fputs(" --config ", out);
    sweep_shell_word(out, s->configs.v[config], "");
  }
  for (size_t i = 0; i < s->sets.n; i++) {
    fputs(" --option ", out);
    sweep_shell_word(out, s->sets.v[i], "");
  }
  for (size_t i = 0; s->n_variants && i < s->variants[variant].opts.n; i++) {
    fputs(" --option ", out);
    sweep_shell_word(out, s->variants[variant].opts.v[i], "");
  }
  for (size_t i = 0; i < s->n_options; i++) {
    fprintf(out, " --option -%s=", s->options[i].name);
    sweep_shell_word(out, s->options[i].values.v[pick[i]], "");
  }
}

/* One job line (no newline).  Each job runs on one host thread
 * (--threads 1, which a `run` program's own arguments may override):
 * GNU parallel or Slurm runs the jobs side by side. */
static void job_line(FILE *out, const sweep_spec *s, const sweep_program *p, size_t config,
                     size_t variant, const size_t *pick, const char *self, const char *rundir)
{
  const char *mode = s->is_functional ? "functional" : "timing";
  fputs("cd ", out);
  sweep_shell_word(out, rundir, "");
  fputs(" && { rm -f status; ", out);
  sweep_shell_word(out, self, "");
  if (p->is_exec) {
    fprintf(out, " exec --threads 1 --stats stats.json --mode %s", mode);
    timing_args(out, s, config, variant, pick);
    fputs(" --progress never --", out);
    for (size_t i = 0; i < p->args.n; i++) {
      fputc(' ', out);
      sweep_shell_word(out, p->args.v[i], "");
    }
    fputs(" >log 2>&1", out);
  } else {
    fputs(" run --threads 1", out);
    for (size_t i = 0; i < p->args.n; i++) {
      fputc(' ', out);
      sweep_shell_word(out, p->args.v[i], "");
    }
    fprintf(out, " --mode %s", mode);
    timing_args(out, s, config, variant, pick);
    fputs(" --stats json --progress never >stats.json 2>log", out);
  }
  fputs("; s=$?; echo $s >status; exit $s; }", out);
}

/* Advances the option-value odometer (the last option fastest); false
 * once every combination has been seen. */
static bool next_pick(const sweep_spec *s, size_t *pick)
{
  for (size_t i = s->n_options; i-- > 0;) {
    if (++pick[i] < s->options[i].values.n)
      return true;
    pick[i] = 0;
  }
  return false;
}

int sweep_make_folder(const char *path)
{
  if (mkdir(path, 0777) == 0 || errno == EEXIST)
    return 0;
  fprintf(stderr, "%s: error: cannot make the folder: %s\n", path, strerror(errno));
  return -1;
}

int sweep_write_jobs(const sweep_spec *s, const char *self, const char *dir)
{
  char jobs_path[PATH_MAX + 64], manifest_path[PATH_MAX + 64], rundir[PATH_MAX + 64];
  snprintf(jobs_path, sizeof jobs_path, "%s/jobs.txt", dir);
  snprintf(manifest_path, sizeof manifest_path, "%s/manifest.tsv", dir);
  snprintf(rundir, sizeof rundir, "%s/runs", dir);
  if (sweep_make_folder(rundir) != 0)
    return CLI_FAIL;
  size_t *pick = calloc(s->n_options + 1, sizeof *pick);
  FILE *jobs = fopen(jobs_path, "w");
  if (!jobs)
    fprintf(stderr, "%s: error: cannot write: %s\n", jobs_path, strerror(errno));
  FILE *man = jobs ? fopen(manifest_path, "w") : NULL;
  if (jobs && !man)
    fprintf(stderr, "%s: error: cannot write: %s\n", manifest_path, strerror(errno));
  int rc = pick && jobs && man ? CLI_OK : CLI_FAIL;
  if (!pick)
    fputs("ptxsim: error: out of memory\n", stderr);
  if (rc == CLI_OK) {
    fputs("run_id\tprogram", man);
    if (s->configs.n)
      fputs("\tconfig", man);
    if (s->n_variants)
      fputs("\tvariant", man);
    for (size_t i = 0; i < s->n_options; i++)
      fprintf(man, "\t%s", s->options[i].name);
    fputs("\tcommand\n", man);
  }
  size_t n_configs = s->configs.n ? s->configs.n : 1, job = 0;
  size_t n_variants = s->n_variants ? s->n_variants : 1;
  for (size_t p = 0; rc == CLI_OK && p < s->n_programs; p++)
    for (size_t cv = 0; rc == CLI_OK && cv < n_configs * n_variants; cv++) {
      size_t c = cv / n_variants, v = cv % n_variants;
      memset(pick, 0, s->n_options * sizeof *pick);
      do {
        char id[32];
        sweep_run_id(job++, id, sizeof id);
        snprintf(rundir, sizeof rundir, "%s/runs/%s", dir, id);
        if (sweep_make_folder(rundir) != 0) {
          rc = CLI_FAIL;
          break;
        }
        fprintf(man, "%s\t%s", id, s->programs[p].name);
        if (s->configs.n)
          fprintf(man, "\t%s", s->configs.v[c]);
        if (s->n_variants)
          fprintf(man, "\t%s", s->variants[v].name);
        for (size_t i = 0; i < s->n_options; i++)
          fprintf(man, "\t%s", s->options[i].values.v[pick[i]]);
        fputc('\t', man);
        job_line(man, s, &s->programs[p], c, v, pick, self, rundir);
        fputc('\n', man);
        job_line(jobs, s, &s->programs[p], c, v, pick, self, rundir);
        fputc('\n', jobs);
      } while (next_pick(s, pick));
    }
  free(pick);
  if (man && cli_close_output(man, manifest_path, "the manifest", 0) != CLI_OK)
    rc = CLI_FAIL;
  if (jobs && cli_close_output(jobs, jobs_path, "the job list", 0) != CLI_OK)
    rc = CLI_FAIL;
  return rc;
}
