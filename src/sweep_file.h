/* sweep_file.h -- the sweep file of `ptxsim sweep`: what to run (ptxsim run
 * kernels and ptxsim exec programs) and the grid of --config and --option
 * values to run it under.
 *
 * Plain text, one statement a line, words separated by blanks ('...' and
 * "..." quote, a backslash escapes the next character outside single
 * quotes, # starts a comment at the beginning of a word):
 *   run NAME ARGS...           a ptxsim run kernel; ARGS: ptxsim run's
 *   exec NAME PROGRAM ARGS...  a ptxsim exec program and its arguments
 *   config NAME|FILE...        values of --config (swept)
 *   option -NAME VALUE...      values of --option -NAME=VALUE (swept; the
 *                              option lines make a grid)
 *   mode functional|timing     the mode of every job (default timing)
 *   set -NAME=VALUE            an --option every job gets
 *   variant NAME [-NAME=VALUE...]  a named set of --options (swept: the
 *                              variant lines are the values of a parameter
 *                              "variant", for ablations such as baseline,
 *                              +A, +B, +A+B that are not a grid)
 * or the same in one JSON object (a file whose first non-blank character
 * is '{' or '['):
 *   {"run": {"NAME": [ARG, ...], ...}, "exec": {"NAME": [PROGRAM, ARG, ...]},
 *    "config": [NAME, ...], "option": {"-NAME": [VALUE, ...], ...},
 *    "mode": "timing", "set": {"-NAME": VALUE, ...},
 *    "variant": {"NAME": ["-NAME=VALUE", ...], ...}}
 * (strings or numbers; a number is used as written).
 *
 * Relative paths are made absolute against the sweep file's folder: the
 * PTX file of run (its first argument), the PATH of buf:in=PATH
 * arguments, exec's PROGRAM, and a config value that names a file (one
 * with a '/' or ending in ".config").  Everything the parser finds wrong
 * is reported as FILE:LINE: error: ... on the message stream.
 */
#ifndef PTXSIM_SRC_SWEEP_FILE_H
#define PTXSIM_SRC_SWEEP_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A growable list of strings it owns. */
typedef struct sweep_strv {
  char **v;
  size_t n;
} sweep_strv;

typedef struct sweep_program {
  bool is_exec;       /* exec: args.v[0] is the program */
  char *name;         /* NAME: the manifest's program column */
  sweep_strv args;    /* run: ptxsim run's arguments; exec: PROGRAM ARGS */
  unsigned line;
} sweep_program;

typedef struct sweep_option {
  char *name;         /* without the leading dash: the column name */
  sweep_strv values;
  unsigned line;
} sweep_option;

typedef struct sweep_variant {
  char *name;         /* the manifest's variant column */
  sweep_strv opts;    /* "-NAME=VALUE" */
  unsigned line;
} sweep_variant;

typedef struct sweep_spec {
  sweep_program *programs;
  size_t n_programs;
  sweep_strv configs;         /* empty: no config column, the default GPU */
  unsigned config_line;
  sweep_variant *variants;    /* none: no variant column */
  size_t n_variants;
  sweep_option *options;
  size_t n_options;
  sweep_strv sets;            /* "-NAME=VALUE" */
  unsigned *set_lines;        /* the line of each */
  bool is_functional;
} sweep_spec;

/* Reads and checks the sweep file at path into *spec (zeroed first).
 * 0 on success; -1 after printing each error to msgs. */
int sweep_file_read(const char *path, sweep_spec *spec, FILE *msgs);
void sweep_spec_free(sweep_spec *spec);

/* Number of jobs: programs x configs x variants (each 1 if none) x each
 * option's values. */
size_t sweep_job_count(const sweep_spec *spec);

/* Appends a copy of s; -1 when out of memory. */
int sweep_strv_push(sweep_strv *sv, const char *s);
void sweep_strv_free(sweep_strv *sv);

#endif /* PTXSIM_SRC_SWEEP_FILE_H */
