/* report_api.c -- the public side of the run-time reports and the mask
 * trace (include/ptxsim.h, "Run-time reports and traces"): report names,
 * turning reports and the trace on per device, writing the reports.
 * The device keeps its report_state behind api_report() (ptxsim_api.c),
 * created on first use.
 */
#include "config.h"

#include <string.h>

#include "ptxsim.h"
#include "src/ptxsim_api_int.h"
#include "src/report_int.h"

/* The report names, in flag order. */
static const struct {
  const char *name;
  unsigned flag;
} report_names[] = {
  {"divergence", PTXSIM_REPORT_DIVERGENCE},
  {"liveness", PTXSIM_REPORT_LIVENESS},
  {"preemption", PTXSIM_REPORT_PREEMPTION},
};

enum {
  ALL_REPORTS = PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS | PTXSIM_REPORT_PREEMPTION
};

const char *ptxsim_report_names(void)
{
  return "divergence, liveness, preemption, all";
}

int ptxsim_report_parse(const char *names, unsigned *flags)
{
  if (!names || !flags)
    return PTXSIM_E_INVALID;
  unsigned f = 0;
  const char *s = names;
  for (;;) {
    size_t n = strcspn(s, ",");
    bool found = false;
    if (n == 3 && strncmp(s, "all", 3) == 0) {
      f |= ALL_REPORTS;
      found = true;
    }
    for (size_t i = 0; !found && i < sizeof report_names / sizeof report_names[0]; i++)
      if (strlen(report_names[i].name) == n && strncmp(s, report_names[i].name, n) == 0) {
        f |= report_names[i].flag;
        found = true;
      }
    if (!found)
      return PTXSIM_E_INVALID;
    if (!s[n])
      break;
    s += n + 1;
  }
  *flags = f;
  return PTXSIM_OK;
}

/* The device's state, made on first use. */
static report_state *state(ptxsim_device *d)
{
  report_state **rs = api_report(d);
  if (!*rs && report_state_create(rs))
    return NULL;
  return *rs;
}

int ptxsim_device_set_reports(ptxsim_device *d, unsigned flags)
{
  if (!d || (flags & ~(unsigned)ALL_REPORTS))
    return PTXSIM_E_INVALID;
  api_clear_error(d);
  if (!flags && !*api_report(d))
    return PTXSIM_OK;
  report_state *rs = state(d);
  if (!rs)
    return api_error(d, PTXSIM_E_NOMEM, "out of memory for the run-time reports");
  rs->flags = flags;
  return PTXSIM_OK;
}

int ptxsim_device_set_trace(ptxsim_device *d, FILE *out, long cta, long warp)
{
  if (!d || cta < -1 || warp < -1)
    return PTXSIM_E_INVALID;
  api_clear_error(d);
  if (!out && !*api_report(d))
    return PTXSIM_OK;
  report_state *rs = state(d);
  if (!rs)
    return api_error(d, PTXSIM_E_NOMEM, "out of memory for the trace");
  rs->trace = out;
  rs->trace_cta = cta;
  rs->trace_warp = warp;
  return PTXSIM_OK;
}

int ptxsim_report_write(ptxsim_device *d, FILE *out, int json)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  api_clear_error(d);
  report_state *rs = *api_report(d);
  report_state empty = {0};
  if (!rs)
    rs = &empty;
  int rc = json ? report_write_json(rs, out) : report_write_text(rs, out);
  if (rc)
    return api_error(d, PTXSIM_E_IO, "cannot write the run-time reports");
  return PTXSIM_OK;
}

void ptxsim_report_reset(ptxsim_device *d)
{
  if (d && *api_report(d))
    report_clear(*api_report(d));
}
