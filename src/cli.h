/* cli.h -- the ptxsim command's subcommands.
 *
 * Each subcommand is a function taking the arguments after its name and
 * returning the process exit status: 0 success, 1 bad input (PTX with
 * errors, unreadable files), 2 usage errors.
 */
#ifndef PTXSIM_SRC_CLI_H
#define PTXSIM_SRC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "ptxsim.h"

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

typedef struct cli_command {
  const char *name;
  const char *summary;  /* one line for --help */
  const char *usage;    /* full usage text */
  int (*run)(int argc, char **argv);
} cli_command;

int cmd_check(int argc, char **argv);
int cmd_dump(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_exec(int argc, char **argv);
int cmd_config(int argc, char **argv);
int cmd_cfg(int argc, char **argv);
int cmd_liveness(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_plot(int argc, char **argv);
void cmd_list_ops(FILE *out);

/* Matches argv[*i] against -S / --LONG (short_name may be NULL) and finds
 * its value: attached ("-kV", "--kernel=V") or the next argument, which
 * *i then moves past.  Returns 1 when matched with a value, 0 when
 * argv[*i] is not this option, -1 when the value is missing. */
int cli_option_value(int argc, char **argv, int *i, const char *short_name,
                     const char *long_name, const char **val);

/* Checks the value of --device: CLI_OK when name is a device profile
 * (ptxsim_device_set_profile), else a usage error that lists them. */
int cli_device_profile(const char *command, const char *name);

/* Finishes an output stream: flushes it and closes it (stdout and stderr
 * stay open).  A write error, now or earlier (ferror), is reported --
 * "NAME: error: cannot write WHAT: REASON", or for stdout "ptxsim:
 * error: cannot write to standard output: REASON" -- and gives CLI_FAIL:
 * output is never lost silently.  what: "the trace", "the report", ...;
 * earlier_errno: the errno of an earlier failed write the caller saw (a
 * failed fflush keeps only the error flag), or 0. */
int cli_close_output(FILE *f, const char *name, const char *what, int earlier_errno);

/* --progress auto|always|never of run and exec: whether launches show a
 * progress line on stderr (auto: when stderr is a terminal). */
typedef enum cli_progress {
  CLI_PROGRESS_AUTO,
  CLI_PROGRESS_ALWAYS,
  CLI_PROGRESS_NEVER
} cli_progress;
/* 0, or -1 for another word. */
int cli_parse_progress(const char *s, cli_progress *out);
/* The word, as the runtime's PTXSIM_PROGRESS takes it. */
const char *cli_progress_name(cli_progress p);
/* What ptxsim_device_set_progress gets: always shows the line from the
 * first launch on; auto, half a second into it, when stderr is a terminal
 * that no trace writes to (stderr_has_trace: its lines would be torn). */
ptxsim_progress cli_progress_when(cli_progress p, bool stderr_has_trace);

/* The ptxsim program now running, as an absolute path (malloc'd; NULL
 * when it cannot be found): argv[0] made absolute, or found in PATH.  It
 * is the file the user ran (in a build tree, libtool's wrapper script),
 * so the jobs `ptxsim sweep` writes run the same ptxsim. */
char *cli_self_path(void);

/* Prints "ptxsim: error: ..." and the command's usage; returns CLI_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* PTXSIM_SRC_CLI_H */
