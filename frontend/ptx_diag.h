/* ptx_diag.h -- located diagnostics in the GNU format.
 *
 * Every message ptxsim gives about input goes through a ptx_diag, which
 * formats it as `FILE:LINE:COL: error: TEXT` (so editors can jump to it),
 * counts errors and warnings, optionally prints it at once, and keeps the
 * text so that library users can fetch it.  After `max_errors` errors the
 * diagnostics say so once and `ptx_diag_should_stop` turns true, which the
 * parser checks to give up early on hopeless input.
 */
#ifndef PTXSIM_FRONTEND_PTX_DIAG_H
#define PTXSIM_FRONTEND_PTX_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"

/* A position in a PTX source: 1-based line and column; line 0 = unknown. */
typedef struct ptx_loc {
  uint32_t line;
  uint32_t col;
} ptx_loc;

/* Error codes shared by all layers (fallible functions return 0 or one of
 * these); they have the values of the public PTXSIM_E_* codes. */
enum {
  PTX_EINVAL = -1, /* bad argument */
  PTX_EPARSE = -2, /* invalid input, reported through a ptx_diag */
  PTX_ENOMEM = -3,
  PTX_EIO = -4,
  PTX_ENOTFOUND = -5
};

typedef enum ptx_severity { PTX_SEV_NOTE, PTX_SEV_WARNING, PTX_SEV_ERROR } ptx_severity;

typedef struct ptx_diag {
  FILE *out;           /* where messages are printed as they come; NULL: kept only */
  char *text;          /* every message so far, newline-terminated */
  size_t len, cap;
  unsigned n_errors;
  unsigned n_warnings;
  unsigned max_errors;   /* 0: no limit */
  unsigned max_warnings; /* further warnings are counted, not kept */
  bool is_werror;        /* warnings count as errors */
} ptx_diag;

/* out may be NULL. */
void ptx_diag_init(ptx_diag *d, FILE *out);
void ptx_diag_free(ptx_diag *d);
/* file may be NULL (then "ptxsim" stands in); loc.line 0 omits the position. */
void ptx_diag_report(ptx_diag *d, ptx_severity sev, const char *file, ptx_loc loc,
                     const char *fmt, ...) PTX_PRINTF(5, 6);
void ptx_diag_vreport(ptx_diag *d, ptx_severity sev, const char *file, ptx_loc loc,
                      const char *fmt, va_list ap) PTX_PRINTF(5, 0);
/* True once max_errors errors have been reported. */
bool ptx_diag_should_stop(const ptx_diag *d);
/* The messages so far ("" when none). */
const char *ptx_diag_text(const ptx_diag *d);

/* Finishes an output stream: flushes it and closes it, unless it is stdout
 * or stderr.  Returns 0, or the errno of the failure: of the flush or
 * close, else earlier_errno (an earlier failed write the caller saw, whose
 * errno the stream's error flag does not keep), else EIO.  Output is
 * never lost silently: every writer of a file checks this. */
int ptx_stream_close(FILE *f, int earlier_errno);

#endif /* PTXSIM_FRONTEND_PTX_DIAG_H */
