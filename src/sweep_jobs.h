/* sweep_jobs.h -- the jobs of a sweep: DIR/jobs.txt, DIR/manifest.tsv and
 * the run folders DIR/runs/RUN_ID/ (cmd_sweep.c). */
#ifndef PTXSIM_SRC_SWEEP_JOBS_H
#define PTXSIM_SRC_SWEEP_JOBS_H

#include <stdio.h>

#include "src/sweep_file.h"

/* Writes jobs.txt and manifest.tsv into dir (absolute) and makes each
 * job's folder runs/RUN_ID.  self: the ptxsim program the jobs run
 * (absolute).  Jobs come in manifest order: each program, under each
 * config, each variant, each combination of option values (the last option line
 * varying fastest); RUN_ID is r0001, r0002, ...  CLI_OK or CLI_FAIL
 * (after a message). */
int sweep_write_jobs(const sweep_spec *spec, const char *self, const char *dir);

/* Writes s then suffix as one word of the POSIX shell: as is when it
 * holds only characters the shell takes literally, else in single
 * quotes. */
void sweep_shell_word(FILE *out, const char *s, const char *suffix);

/* mkdir that accepts an existing folder; -1 after a message. */
int sweep_make_folder(const char *path);

/* The manifest's run_id column of job i (0-based): r0001 ... */
void sweep_run_id(size_t i, char *buf, size_t size);

#endif /* PTXSIM_SRC_SWEEP_JOBS_H */
