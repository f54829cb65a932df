/* ptx_diag.c -- diagnostics (see ptx_diag.h). */
#include "frontend/ptx_diag.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void ptx_diag_init(ptx_diag *d, FILE *out)
{
  memset(d, 0, sizeof(*d));
  d->out = out;
  d->max_errors = 50;
  d->max_warnings = 200;
}

void ptx_diag_free(ptx_diag *d)
{
  free(d->text);
  d->text = NULL;
  d->len = d->cap = 0;
}

static void diag_append(ptx_diag *d, const char *s, size_t n)
{
  if (d->len + n + 1 > d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 1024;
    while (cap < d->len + n + 1)
      cap *= 2;
    char *p = realloc(d->text, cap);
    if (!p)
      return; /* the message is still printed and counted */
    d->text = p;
    d->cap = cap;
  }
  memcpy(d->text + d->len, s, n);
  d->len += n;
  d->text[d->len] = '\0';
}

static const char *const severity_names[] = {"note", "warning", "error"};

void ptx_diag_vreport(ptx_diag *d, ptx_severity sev, const char *file, ptx_loc loc,
                      const char *fmt, va_list ap)
{
  if (sev == PTX_SEV_WARNING && d->is_werror)
    sev = PTX_SEV_ERROR;
  if (sev == PTX_SEV_ERROR) {
    if (d->max_errors && d->n_errors >= d->max_errors) {
      d->n_errors++;
      return;
    }
    d->n_errors++;
  } else if (sev == PTX_SEV_WARNING) {
    if (++d->n_warnings > d->max_warnings)
      return;
  }
  char buf[1024];
  int n;
  if (loc.line)
    n = snprintf(buf, sizeof buf, "%s:%u:%u: %s: ", file ? file : "ptxsim", loc.line, loc.col,
                 severity_names[sev]);
  else
    n = snprintf(buf, sizeof buf, "%s: %s: ", file ? file : "ptxsim", severity_names[sev]);
  if (n < 0)
    n = 0;
  if ((size_t)n < sizeof buf) {
    int m = vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
    if (m > 0)
      n += m;
  }
  if ((size_t)n >= sizeof buf - 1)
    n = (int)sizeof buf - 2; /* truncated: keep the line terminated */
  buf[n++] = '\n';
  buf[n] = '\0';
  diag_append(d, buf, (size_t)n);
  if (d->out)
    fputs(buf, d->out);
  if (sev == PTX_SEV_ERROR && d->max_errors && d->n_errors == d->max_errors) {
    static const char too_many[] = "ptxsim: error: too many errors, giving up\n";
    diag_append(d, too_many, sizeof too_many - 1);
    if (d->out)
      fputs(too_many, d->out);
  }
}

void ptx_diag_report(ptx_diag *d, ptx_severity sev, const char *file, ptx_loc loc,
                     const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(d, sev, file, loc, fmt, ap);
  va_end(ap);
}

bool ptx_diag_should_stop(const ptx_diag *d)
{
  return d->max_errors && d->n_errors >= d->max_errors;
}

const char *ptx_diag_text(const ptx_diag *d)
{
  return d->text ? d->text : "";
}

int ptx_stream_close(FILE *f, int earlier_errno)
{
  bool is_bad = ferror(f) != 0;
  int err = 0;
  errno = 0;
  if (fflush(f) != 0) {
    is_bad = true;
    err = errno;
  }
  if (f != stdout && f != stderr) {
    errno = 0;
    if (fclose(f) != 0) {
      is_bad = true;
      if (!err)
        err = errno;
    }
  }
  if (!is_bad)
    return 0;
  if (!err)
    err = earlier_errno;
  return err ? err : EIO;
}
