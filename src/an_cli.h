/* an_cli.h -- what `ptxsim cfg` and `ptxsim liveness` share: their
 * options, loading the module and picking the functions to report on,
 * the ptxas -v register counts recorded beside a PTX file, and the
 * printing of register sets, instruction text and JSON strings (the JSON
 * string escaper is also `ptxsim run`'s).
 *
 * The analyses themselves are isa/analysis.h; nothing here computes a
 * fact about the program, it only selects and formats.
 */
#ifndef PTXSIM_SRC_AN_CLI_H
#define PTXSIM_SRC_AN_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_ir.h"
#include "isa/analysis.h"

typedef enum an_format { AN_FMT_TEXT, AN_FMT_DOT, AN_FMT_JSON, AN_FMT_CSV } an_format;

/* Bit (1u << AN_FMT_x) per format a command accepts. */
enum { AN_FMT_BIT_TEXT = 1u << AN_FMT_TEXT, AN_FMT_BIT_DOT = 1u << AN_FMT_DOT,
       AN_FMT_BIT_JSON = 1u << AN_FMT_JSON, AN_FMT_BIT_CSV = 1u << AN_FMT_CSV };

typedef struct an_cli_opts {
  const char *path;
  const char *kernel;    /* -k: one kernel or .func; NULL: every kernel */
  bool all_funcs;        /* --all: the .func functions with bodies too */
  an_format format;
  uint32_t pp_interval;  /* --pp-interval K (liveness); 0: the default */
} an_cli_opts;

/* Parses the arguments after `ptxsim CMD`: one FILE, -k/--kernel NAME,
 * --all, --format F (one of formats, a mask of AN_FMT_BIT_*), and, when
 * has_pp_interval, --pp-interval K (K >= 1).  Returns CLI_OK, or CLI_USAGE
 * after printing what is wrong and the command's synopsis. */
int an_cli_parse(const char *cmd, int argc, char **argv, unsigned formats, bool has_pp_interval,
                 an_cli_opts *o);

/* The module and the functions selected from it, in module order. */
typedef struct an_cli_job {
  ptx_module *m;
  uint32_t n_funcs;
  const ptx_func **funcs;
} an_cli_job;

/* Parses o->path (messages on stderr) and selects o->kernel, or every
 * kernel with a body (and with o->all_funcs every .func with a body).
 * Returns CLI_OK, or CLI_FAIL for an unreadable file, bad PTX or a -k
 * naming no function with a body (the message lists the kernels).  The
 * job is freed with an_cli_job_free in every case. */
int an_cli_load(const an_cli_opts *o, an_cli_job *job);
void an_cli_job_free(an_cli_job *job);

/* "kernel" for a .entry, "function" for a .func. */
const char *an_cli_func_kind(const ptx_func *fn);

/* The instruction as PTX (ptx_dump_insn), in a string the caller frees;
 * NULL when out of memory. */
char *an_cli_insn_text(const ptx_insn *in);

/* The register count `ptxas -v` gave kernel name of the file at path, as
 * recorded in a PTXAS-REGS.txt beside it (benchmarks/ptxas-regs.sh writes
 * that file: "FILE KERNEL SM REGISTERS" lines); -1 when not recorded. */
int an_cli_ptxas_regs(const char *path, const char *name);

/* Text: "{%r1 %rd2}"; JSON: ["%r1","%rd2"]; registers in number order. */
void an_print_set(const an_func *a, const uint64_t *set, bool json, FILE *out);
/* The same for a list of register numbers (printed in number order). */
void an_print_regs(const an_func *a, const uint32_t *regs, uint32_t n, bool json, FILE *out);
/* A block or loop index, or null (JSON) / "-" (text) for AN_NONE. */
void an_print_index(uint32_t x, bool json, FILE *out);

#endif /* PTXSIM_SRC_AN_CLI_H */
