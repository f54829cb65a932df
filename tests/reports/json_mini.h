/* json_mini.h -- a small JSON reader for the report tests: parses a whole
 * document into a tree and looks values up by key and index.  Strict
 * enough to catch malformed output (a stray comma, an unquoted key, NaN
 * written as a bare word); numbers are doubles, exact for the counts the
 * reports print (below 2^53). */
#ifndef PTXSIM_TESTS_REPORTS_JSON_MINI_H
#define PTXSIM_TESTS_REPORTS_JSON_MINI_H

#include <stdbool.h>
#include <stddef.h>

typedef enum jv_kind { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_kind;

typedef struct jv {
  jv_kind kind;
  bool b;
  double num;
  char *str;
  size_t n;          /* array elements or object members */
  struct jv *items;  /* their values */
  char **keys;       /* object member names */
} jv;

/* Parses text (the whole of it, surrounding white space allowed); NULL
 * with a message in err on a syntax error.  Free with jv_free. */
jv *jv_parse(const char *text, char *err, size_t err_len);
void jv_free(jv *v);

/* The member key of an object, or NULL (also when v is not an object). */
const jv *jv_get(const jv *v, const char *key);
/* Element i of an array, or NULL. */
const jv *jv_at(const jv *v, size_t i);
/* Number of elements of an array (0 otherwise). */
size_t jv_len(const jv *v);
/* A number's value; NAN for anything else (null included). */
double jv_num(const jv *v);
/* jv_num(jv_get(v, key)). */
double jv_getnum(const jv *v, const char *key);

#endif /* PTXSIM_TESTS_REPORTS_JSON_MINI_H */
