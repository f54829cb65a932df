/* report_cli.c -- parsing and applying the report and trace options of
 * `ptxsim run` and `ptxsim exec` (report_cli.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "src/cli.h"
#include "src/report_cli.h"

void report_cli_init(report_cli *o)
{
  memset(o, 0, sizeof *o);
  o->trace_cta = o->trace_warp = -1;
}

/* Matches --NAME with its value attached ("--NAME=V") or next.  1 matched
 * (*val set, or NULL when the value is missing), 0 not this option. */
static int match(int argc, char **argv, int *i, const char *name, const char **val)
{
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0 || (a[n] && a[n] != '='))
    return 0;
  if (a[n] == '=')
    *val = a + n + 1;
  else if (*i + 1 < argc)
    *val = argv[++*i];
  else
    *val = NULL;
  return 1;
}

/* A non-negative id that fits a long. */
static bool parse_id(const char *v, long *out)
{
  if (!v || !*v || *v == '-' || *v == '+')
    return false;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 0);
  if (*end || errno || n < 0)
    return false;
  *out = n;
  return true;
}

int report_cli_option(const char *command, int argc, char **argv, int *i, report_cli *o)
{
  const char *v;
  if (match(argc, argv, i, "--report", &v)) {
    if (!v || ptxsim_report_parse(v, &o->flags) != PTXSIM_OK)
      return cli_usage_error(command, "--report takes a comma-separated list of reports "
                                      "(%s), not '%s'",
                             ptxsim_report_names(), v ? v : "");
    o->names = v;
    return 1;
  }
  if (match(argc, argv, i, "--report-format", &v)) {
    if (!v || (strcmp(v, "text") && strcmp(v, "json")))
      return cli_usage_error(command, "--report-format takes text or json");
    o->is_json = strcmp(v, "json") == 0;
    o->has_format = true;
    return 1;
  }
  if (match(argc, argv, i, "--report-file", &v)) {
    if (!v || !*v)
      return cli_usage_error(command, "--report-file needs a file name");
    o->file = v;
    return 1;
  }
  if (match(argc, argv, i, "--trace", &v)) {
    if (!v || strncmp(v, "masks", 5) || (v[5] && (v[5] != '=' || !v[6])))
      return cli_usage_error(command, "--trace takes masks or masks=FILE (the only trace is "
                                      "of masks), not '%s'",
                             v ? v : "");
    o->has_trace = true;
    o->trace_file = v[5] ? v + 6 : NULL;
    return 1;
  }
  if (match(argc, argv, i, "--trace-cta", &v)) {
    if (!parse_id(v, &o->trace_cta))
      return cli_usage_error(command, "--trace-cta needs a CTA's linear id "
                                      "(x + y*nx + z*nx*ny), not '%s'",
                             v ? v : "");
    o->trace_cta_arg = v;
    return 1;
  }
  if (match(argc, argv, i, "--trace-warp", &v)) {
    if (!parse_id(v, &o->trace_warp))
      return cli_usage_error(command, "--trace-warp needs a warp number, not '%s'", v ? v : "");
    o->trace_warp_arg = v;
    return 1;
  }
  return 0;
}

int report_cli_check(const char *command, const report_cli *o)
{
  if ((o->has_format || o->file) && !o->flags)
    return cli_usage_error(command, "%s needs --report",
                           o->has_format ? "--report-format" : "--report-file");
  if ((o->trace_cta_arg || o->trace_warp_arg) && !o->has_trace)
    return cli_usage_error(command, "%s needs --trace masks",
                           o->trace_cta_arg ? "--trace-cta" : "--trace-warp");
  return CLI_OK;
}

int report_cli_apply(const report_cli *o, ptxsim_device *d, FILE **trace)
{
  if (o->has_trace) {
    if (!o->trace_file)
      *trace = stderr;
    else if (strcmp(o->trace_file, "-") == 0)
      *trace = stdout;
    else if (!(*trace = fopen(o->trace_file, "w"))) {
      fprintf(stderr, "%s: error: cannot write the trace: %s\n", o->trace_file,
              strerror(errno));
      return CLI_FAIL;
    }
    if (ptxsim_device_set_trace(d, *trace, o->trace_cta, o->trace_warp) != PTXSIM_OK) {
      fprintf(stderr, "ptxsim: error: %s\n", ptxsim_device_error(d));
      return CLI_FAIL;
    }
  }
  if (o->flags && ptxsim_device_set_reports(d, o->flags) != PTXSIM_OK) {
    fprintf(stderr, "ptxsim: error: %s\n", ptxsim_device_error(d));
    return CLI_FAIL;
  }
  return CLI_OK;
}

int report_cli_finish(const report_cli *o, ptxsim_device *d, FILE **trace)
{
  int rc = CLI_OK;
  if (*trace) {
    (void)ptxsim_device_set_trace(d, NULL, -1, -1);
    rc = cli_close_output(*trace, o->trace_file ? o->trace_file : "<stderr>", "the trace", 0);
    *trace = NULL;
  }
  if (!o->flags)
    return rc;
  FILE *out = o->is_json ? stdout : stderr;
  if (o->file && !(out = fopen(o->file, "w"))) {
    fprintf(stderr, "%s: error: cannot write the report: %s\n", o->file, strerror(errno));
    return CLI_FAIL;
  }
  fflush(stdout);
  int err = ptxsim_report_write(d, out, o->is_json) != PTXSIM_OK ? errno : 0;
  if (cli_close_output(out, o->file ? o->file : "<stderr>", "the report", err) != CLI_OK)
    rc = CLI_FAIL;
  return rc;
}

int report_cli_setenv(const report_cli *o)
{
  if (o->flags) {
    if (setenv("PTXSIM_REPORT", o->names, 1) ||
        setenv("PTXSIM_REPORT_FORMAT", o->is_json ? "json" : "text", 1) ||
        (o->file && setenv("PTXSIM_REPORT_FILE", o->file, 1)))
      return -1;
  }
  if (o->has_trace) {
    char spec[4096];
    snprintf(spec, sizeof spec, "masks%s%s", o->trace_file ? "=" : "",
             o->trace_file ? o->trace_file : "");
    if (setenv("PTXSIM_TRACE", spec, 1) ||
        (o->trace_cta_arg && setenv("PTXSIM_TRACE_CTA", o->trace_cta_arg, 1)) ||
        (o->trace_warp_arg && setenv("PTXSIM_TRACE_WARP", o->trace_warp_arg, 1)))
      return -1;
  }
  return 0;
}
