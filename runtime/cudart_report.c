/* cudart_report.c -- run-time divergence and liveness reports and the mask
 * trace of a program run under the runtime (ptxsim exec --report,
 * --trace; src/report_cli.h).
 *
 * The environment says what to do:
 *   PTXSIM_REPORT=LIST          divergence, liveness, preemption or all,
 *                               comma-separated
 *   PTXSIM_REPORT_FORMAT=json   JSON instead of text
 *   PTXSIM_REPORT_FILE=FILE     where the reports go (default stderr: stdout
 *                               is the program's)
 *   PTXSIM_TRACE=masks[=FILE]   the mask trace (default stderr; "-": stdout)
 *   PTXSIM_TRACE_CTA=N, PTXSIM_TRACE_WARP=N   only that CTA / warp
 * Reports are summed per kernel over its launches (include/ptxsim.h) and
 * written when the device goes away: at exit, and at each cudaDeviceReset,
 * which starts a new set (a second document appended to FILE).  A bad
 * value gets one warning and is ignored.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_state.h"

/* A non-negative id from the environment, or -1. */
static long env_id(const char *name)
{
  const char *v = getenv(name);
  if (!v || !*v)
    return -1;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 0);
  if (*end || errno || n < 0 || *v == '-') {
    rt_message_once(name, "warning: ignoring %s='%s' (not a number)", name, v);
    return -1;
  }
  return n;
}

void rt_report_setup(rt_state *st)
{
  const char *names = getenv("PTXSIM_REPORT");
  unsigned flags = 0;
  if (names && *names && ptxsim_report_parse(names, &flags) != PTXSIM_OK) {
    rt_message_once("PTXSIM_REPORT", "warning: ignoring PTXSIM_REPORT='%s' (the reports are %s)",
                    names, ptxsim_report_names());
    flags = 0;
  }
  if (flags)
    (void)ptxsim_device_set_reports(st->dev, flags);
  const char *trace = getenv("PTXSIM_TRACE");
  if (!trace || !*trace)
    return;
  if (strncmp(trace, "masks", 5) || (trace[5] && (trace[5] != '=' || !trace[6]))) {
    rt_message_once("PTXSIM_TRACE", "warning: ignoring PTXSIM_TRACE='%s' (masks or masks=FILE)",
                    trace);
    return;
  }
  if (!st->report_trace) {
    const char *path = trace[5] ? trace + 6 : NULL;
    if (!path)
      st->report_trace = stderr;
    else if (strcmp(path, "-") == 0)
      st->report_trace = stdout;
    else if (!(st->report_trace = fopen(path, "w"))) {
      rt_message_once("PTXSIM_TRACE", "warning: cannot write the trace to %s: %s", path,
                      strerror(errno));
      return;
    }
  }
  (void)ptxsim_device_set_trace(st->dev, st->report_trace, env_id("PTXSIM_TRACE_CTA"),
                                env_id("PTXSIM_TRACE_WARP"));
}

void rt_report_flush(rt_state *st)
{
  const char *names = getenv("PTXSIM_REPORT");
  unsigned flags;
  if (!st->dev || !names || !*names || ptxsim_report_parse(names, &flags) != PTXSIM_OK)
    return;
  const char *format = getenv("PTXSIM_REPORT_FORMAT");
  int json = format && strcmp(format, "json") == 0;
  const char *path = getenv("PTXSIM_REPORT_FILE");
  FILE *out = stderr;
  if (path && *path) {
    out = fopen(path, st->has_written_report ? "a" : "w");
    if (!out) {
      rt_message("warning: cannot write the reports to %s: %s", path, strerror(errno));
      return;
    }
    st->has_written_report = true;
  } else {
    fflush(stdout);
  }
  int err = ptxsim_report_write(st->dev, out, json) != PTXSIM_OK ? errno : 0;
  (void)rt_close_output(out, out != stderr ? path : "stderr", "the reports", err);
  ptxsim_report_reset(st->dev);
}

void rt_report_close(rt_state *st)
{
  if (st->report_trace) {
    const char *trace = getenv("PTXSIM_TRACE");
    const char *path = st->report_trace == stderr ? "stderr"
                       : st->report_trace == stdout ? "stdout"
                       : trace && strlen(trace) > 6 ? trace + 6 : "the trace file";
    (void)rt_close_output(st->report_trace, path, "the trace", 0);
  }
  st->report_trace = NULL;
}
