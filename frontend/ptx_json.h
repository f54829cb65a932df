/* ptx_json.h -- the one JSON string writer of every JSON and DOT output
 * (statistics, reports, `ptxsim cfg`/`liveness`/`run` JSON).
 *
 * It lives in the lowest layer so that the command (src/) and the CUDA
 * runtime (runtime/), which may not include each other, share it.
 */
#ifndef PTXSIM_FRONTEND_PTX_JSON_H
#define PTXSIM_FRONTEND_PTX_JSON_H

#include <stdio.h>

/* Writes s as a JSON string literal, quotes included: '"' and '\\' are
 * escaped with a backslash, the other bytes below 0x20 as \u00XX
 * (lowercase hex), and every other byte, 0x7f and non-ASCII (UTF-8) bytes
 * included, is copied unchanged.  DOT's quoted IDs accept the same text. */
void ptx_json_string(FILE *out, const char *s);

#endif /* PTXSIM_FRONTEND_PTX_JSON_H */
