/* collect_table.h -- the table `ptxsim collect` builds (cmd_collect.c):
 * one row per run and kernel launch, a column per statistic, the
 * columns in order of first appearance (manifest order, then the order
 * of the statistics JSON), so the same results give the same CSV. */
#ifndef PTXSIM_SRC_COLLECT_TABLE_H
#define PTXSIM_SRC_COLLECT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "src/json_read.h"

typedef struct collect_cell {
  size_t col;
  char *text;   /* as the JSON wrote it (strings decoded) */
} collect_cell;

typedef struct collect_row {
  size_t run;          /* the manifest row */
  char *kernel;
  size_t launch;
  collect_cell *cells;
  size_t n_cells;
  double speedup;      /* NAN: none */
} collect_row;

typedef struct collect_table {
  char **cols;         /* statistic names */
  size_t n_cols;
  size_t *hash;        /* open addressing: col + 1, 0 empty */
  size_t hash_size;
  collect_row *rows;
  size_t n_rows;
} collect_table;

/* DIR/manifest.tsv: the header's parameter names (between program and
 * command) and one entry per run. */
typedef struct collect_run {
  char *id, *program, *command;
  char **params;       /* n_params values */
} collect_run;

typedef struct collect_manifest {
  char **params;
  size_t n_params;
  collect_run *runs;
  size_t n_runs;
} collect_manifest;

/* Reads path; 0, or -1 after a message (PATH:LINE: error: ...). */
int collect_manifest_read(const char *path, collect_manifest *m, FILE *msgs);
void collect_manifest_free(collect_manifest *m);

/* --speedup-over param=value: sets each row's speedup (the cycles of the
 * row with param=value and the same program, kernel, launch and other
 * parameters over its own cycles: gpu_sim_cycle of ptxsim run, cycles of
 * ptxsim exec) and prints the geometric means to means.  param is an
 * index into m->params.  Returns the number of rows left without a
 * speedup, or -1 when out of memory. */
long collect_speedup(collect_table *t, const collect_manifest *m, size_t param,
                     const char *value, FILE *means);

/* Adds the rows of one run's statistics document: a ptxsim run object
 * (one row, launch 0) or a ptxsim exec one (a row per element of
 * "launches").  -1 when out of memory; 1 when doc has neither shape. */
int collect_add_run(collect_table *t, size_t run, const jr_value *doc);

/* The value of statistic name in row r, or NULL. */
const char *collect_value(const collect_table *t, const collect_row *r, const char *name);

void collect_table_free(collect_table *t);

/* Writes s as one CSV field (RFC 4180 quoting when needed). */
void collect_csv_field(FILE *out, const char *s);

#endif /* PTXSIM_SRC_COLLECT_TABLE_H */
