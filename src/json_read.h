/* json_read.h -- a small JSON reader for the command: JSON sweep files
 * (`ptxsim sweep`) and the statistics files a sweep's runs write
 * (`ptxsim collect`).
 *
 * It parses a whole document into a tree.  Each value keeps the line it
 * starts on (errors in a sweep file name FILE:LINE) and numbers keep the
 * text they were written with, so that a statistic reaches the CSV exactly
 * as ptxsim printed it (no double round trip: 64-bit counters stay exact).
 * Object members keep their order; duplicate keys are kept too (the
 * caller decides whether they are an error).
 * (tests/reports/json_mini.c is the report tests' own reader, which has
 * neither lines nor number text.)
 */
#ifndef PTXSIM_SRC_JSON_READ_H
#define PTXSIM_SRC_JSON_READ_H

#include <stddef.h>

typedef enum jr_kind { JR_NULL, JR_BOOL, JR_NUM, JR_STR, JR_ARR, JR_OBJ } jr_kind;

typedef struct jr_value {
  jr_kind kind;
  unsigned line;           /* 1-based line of its first character */
  char *text;              /* STR: the decoded string (NUL-terminated; an
                              embedded \u0000 ends it); NUM: the number as
                              written; BOOL: "true" or "false"; else NULL */
  size_t n;                /* ARR: elements; OBJ: members */
  struct jr_value *items;  /* their values */
  char **keys;             /* OBJ: member names, decoded */
} jr_value;

/* Parses text, the whole of it (white space around allowed).  NULL on a
 * syntax error or when out of memory: err receives the message and
 * *err_line its line.  Free the result with jr_free. */
jr_value *jr_parse(const char *text, unsigned *err_line, char *err, size_t err_len);
void jr_free(jr_value *v);

/* The first member key of an object, or NULL (also when v is not one). */
const jr_value *jr_get(const jr_value *v, const char *key);

/* Reads a whole file into a NUL-terminated buffer (free it); NULL with
 * errno set when it cannot. */
char *jr_read_file(const char *path, size_t *len);

#endif /* PTXSIM_SRC_JSON_READ_H */
