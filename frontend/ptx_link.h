/* ptx_link.h -- linking the PTX of separately compiled translation units
 * (nvcc -rdc=true) into one module.
 *
 * With relocatable device code each translation unit's PTX may declare
 * functions and variables that another unit defines (.extern), and
 * template or inline functions appear in several units as .weak
 * definitions.  nvlink links the units' SASS; ptxsim runs PTX, so it links
 * the PTX texts instead, at the text level, into one module that the
 * parser reads as if nvcc had compiled everything at once:
 *
 *   - one header (.version: the highest of the units; .target of that unit;
 *     .address_size);
 *   - the declarations nothing defines (vprintf, malloc, the device
 *     runtime's launch calls), once each;
 *   - a prototype of every function, so that a unit may call or take the
 *     address of a function another unit defines further down;
 *   - every unit's variables, then every unit's functions, in unit order;
 *     .extern declarations that some unit defines are dropped, and of
 *     several .weak definitions of one name the first is kept (a strong
 *     one wins over them);
 *   - names of internal linkage (no .visible/.weak/.extern) that another
 *     unit also uses are renamed NAME$tuN in unit N, so that two units'
 *     static variables or $str strings stay apart.
 *
 * Pure text processing: no global state, no I/O.  Comments and strings are
 * skipped when splitting statements and renaming.
 */
#ifndef PTXSIM_FRONTEND_PTX_LINK_H
#define PTXSIM_FRONTEND_PTX_LINK_H

#include <stddef.h>

#include "frontend/ptx_compiler.h"

/* Links n PTX texts (texts[i], lens[i] bytes) into one malloc'd
 * NUL-terminated text in *out (*out_len bytes).  Returns 0; PTX_EPARSE
 * when two units define the same visible name (with a message in err,
 * errlen bytes) or a text ends inside a statement; PTX_ENOMEM. */
int ptx_link(const char *const *texts, const size_t *lens, size_t n, char **out,
             size_t *out_len, char *err, size_t errlen) PTX_MUST_CHECK;

#endif /* PTXSIM_FRONTEND_PTX_LINK_H */
