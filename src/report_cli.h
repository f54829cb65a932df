/* report_cli.h -- the run-time report and trace options that `ptxsim run`
 * and `ptxsim exec` share:
 *
 *   --report LIST              divergence, liveness or all, comma-separated
 *   --report-format text|json  (default text)
 *   --report-file FILE         (default: run: text on stderr, JSON on
 *                              stdout; exec: stderr)
 *   --trace masks[=FILE]       one line per warp instruction (default stderr;
 *                              FILE "-" is stdout)
 *   --trace-cta N, --trace-warp N   only that CTA (linear id) / warp id
 *
 * `run` applies them to its device through ptxsim.h; `exec` hands them to
 * the runtime as PTXSIM_REPORT, PTXSIM_REPORT_FORMAT, PTXSIM_REPORT_FILE,
 * PTXSIM_TRACE (masks or masks=FILE), PTXSIM_TRACE_CTA, PTXSIM_TRACE_WARP
 * (runtime/cudart_report.c reads them).
 */
#ifndef PTXSIM_SRC_REPORT_CLI_H
#define PTXSIM_SRC_REPORT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "ptxsim.h"

typedef struct report_cli {
  unsigned flags;             /* PTXSIM_REPORT_*; 0: no --report */
  const char *names;          /* the --report list as given */
  bool is_json, has_format;
  const char *file;           /* --report-file, NULL: default */
  bool has_trace;
  const char *trace_file;     /* NULL: stderr */
  long trace_cta, trace_warp; /* -1: all */
  const char *trace_cta_arg, *trace_warp_arg;
} report_cli;

void report_cli_init(report_cli *o);

/* Tries argv[*i] as one of the options above (value attached with '=' or
 * in the next argument, which *i then skips).  Returns 1 when it was one,
 * 0 when not, CLI_USAGE after printing a usage error for command. */
int report_cli_option(const char *command, int argc, char **argv, int *i, report_cli *o);
/* Usage errors between options (a --trace-cta without --trace); CLI_OK or
 * CLI_USAGE after printing it. */
int report_cli_check(const char *command, const report_cli *o);

/* `run`: opens the trace file (*trace) and turns reports and trace on for
 * d.  CLI_OK or CLI_FAIL with a message. */
int report_cli_apply(const report_cli *o, ptxsim_device *d, FILE **trace);
/* `run`: writes the reports where the options say and closes *trace.
 * CLI_OK or CLI_FAIL with a message. */
int report_cli_finish(const report_cli *o, ptxsim_device *d, FILE **trace);

/* `exec`: sets the runtime's environment variables; 0 or -1 (errno). */
int report_cli_setenv(const report_cli *o);

#endif /* PTXSIM_SRC_REPORT_CLI_H */
