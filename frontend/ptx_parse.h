/* ptx_parse.h -- reading PTX text into a ptx_module.
 *
 * The entry points other layers use.  Parsing is reentrant: each call has
 * its own scanner, parser state and module, so several modules can be read
 * in one process (also at the same time on different threads).
 */
#ifndef PTXSIM_FRONTEND_PTX_PARSE_H
#define PTXSIM_FRONTEND_PTX_PARSE_H

#include <stddef.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_ir.h"

/* Parses len bytes of PTX text.  path names the source in messages.
 * Returns 0 and a module in *out; otherwise PTX_EPARSE or PTX_ENOMEM with
 * the problems reported to d (and *out NULL).  Warnings do not fail. */
int ptx_parse_string(const char *text, size_t len, const char *path, ptx_diag *d,
                     ptx_module **out) PTX_MUST_CHECK;
/* Reads and parses a file; one that cannot be read gives PTX_EIO. */
int ptx_parse_file(const char *path, ptx_diag *d, ptx_module **out) PTX_MUST_CHECK;
void ptx_module_free(ptx_module *m);

#endif /* PTXSIM_FRONTEND_PTX_PARSE_H */
