/* json_mini.c -- the report tests' JSON reader (json_mini.h): recursive
 * descent over RFC 8259, without \u escapes beyond ASCII. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/reports/json_mini.h"

typedef struct jp {
  const char *s;
  char *err;
  size_t err_len;
  int depth;
} jp;

static bool fail(jp *p, const char *what)
{
  if (p->err && !p->err[0])
    snprintf(p->err, p->err_len, "%s at '%.20s'", what, p->s);
  return false;
}

static void skip_ws(jp *p)
{
  while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
    p->s++;
}

static bool parse_value(jp *p, jv *v);

static bool parse_string(jp *p, char **out)
{
  if (*p->s != '"')
    return fail(p, "expected a string");
  p->s++;
  size_t cap = 16, n = 0;
  char *buf = malloc(cap);
  if (!buf)
    return fail(p, "out of memory");
  for (;;) {
    char c = *p->s++;
    if (c == '"')
      break;
    if (!c || (unsigned char)c < 0x20) {
      free(buf);
      return fail(p, "unterminated string or control character");
    }
    if (c == '\\') {
      char e = *p->s++;
      switch (e) {
      case '"': case '\\': case '/': c = e; break;
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case 'r': c = '\r'; break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'u': {
        unsigned code = 0;
        for (int i = 0; i < 4; i++) {
          char h = *p->s++;
          code <<= 4;
          if (h >= '0' && h <= '9') code |= (unsigned)(h - '0');
          else if (h >= 'a' && h <= 'f') code |= (unsigned)(h - 'a' + 10);
          else if (h >= 'A' && h <= 'F') code |= (unsigned)(h - 'A' + 10);
          else {
            free(buf);
            return fail(p, "bad \\u escape");
          }
        }
        c = code < 0x80 ? (char)code : '?';
        break;
      }
      default:
        free(buf);
        return fail(p, "bad escape");
      }
    }
    if (n + 2 > cap) {
      char *b = realloc(buf, cap *= 2);
      if (!b) {
        free(buf);
        return fail(p, "out of memory");
      }
      buf = b;
    }
    buf[n++] = c;
  }
  buf[n] = 0;
  *out = buf;
  return true;
}

static bool parse_number(jp *p, jv *v)
{
  const char *s = p->s;
  if (*s == '-')
    s++;
  if (*s == '0')
    s++;
  else if (*s >= '1' && *s <= '9')
    while (*s >= '0' && *s <= '9')
      s++;
  else
    return fail(p, "expected a value");
  if (*s == '.') {
    s++;
    if (!(*s >= '0' && *s <= '9'))
      return fail(p, "bad fraction");
    while (*s >= '0' && *s <= '9')
      s++;
  }
  if (*s == 'e' || *s == 'E') {
    s++;
    if (*s == '+' || *s == '-')
      s++;
    if (!(*s >= '0' && *s <= '9'))
      return fail(p, "bad exponent");
    while (*s >= '0' && *s <= '9')
      s++;
  }
  v->kind = JV_NUM;
  v->num = strtod(p->s, NULL);
  p->s = s;
  return true;
}

/* Appends a value (and key) to an array or object. */
static jv *add_item(jv *v, char *key)
{
  jv *items = realloc(v->items, (v->n + 1) * sizeof *items);
  if (!items)
    return NULL;
  v->items = items;
  if (v->kind == JV_OBJ) {
    char **keys = realloc(v->keys, (v->n + 1) * sizeof *keys);
    if (!keys)
      return NULL;
    v->keys = keys;
    v->keys[v->n] = key;
  }
  memset(&v->items[v->n], 0, sizeof v->items[v->n]);
  return &v->items[v->n++];
}

static bool parse_container(jp *p, jv *v, char close)
{
  v->kind = close == '}' ? JV_OBJ : JV_ARR;
  p->s++;
  skip_ws(p);
  if (*p->s == close) {
    p->s++;
    return true;
  }
  for (;;) {
    char *key = NULL;
    skip_ws(p);
    if (v->kind == JV_OBJ) {
      if (!parse_string(p, &key))
        return false;
      skip_ws(p);
      if (*p->s++ != ':') {
        free(key);
        return fail(p, "expected ':'");
      }
      skip_ws(p);
    }
    jv *item = add_item(v, key);
    if (!item) {
      free(key);
      return fail(p, "out of memory");
    }
    if (!parse_value(p, item))
      return false;
    skip_ws(p);
    if (*p->s == ',') {
      p->s++;
      continue;
    }
    if (*p->s == close) {
      p->s++;
      return true;
    }
    return fail(p, "expected ',' or the end of a container");
  }
}

static bool parse_value(jp *p, jv *v)
{
  skip_ws(p);
  if (++p->depth > 64)
    return fail(p, "nested too deeply");
  bool ok;
  if (*p->s == '{')
    ok = parse_container(p, v, '}');
  else if (*p->s == '[')
    ok = parse_container(p, v, ']');
  else if (*p->s == '"') {
    v->kind = JV_STR;
    ok = parse_string(p, &v->str);
  } else if (strncmp(p->s, "true", 4) == 0 || strncmp(p->s, "false", 5) == 0) {
    v->kind = JV_BOOL;
    v->b = *p->s == 't';
    p->s += v->b ? 4 : 5;
    ok = true;
  } else if (strncmp(p->s, "null", 4) == 0) {
    v->kind = JV_NULL;
    p->s += 4;
    ok = true;
  } else
    ok = parse_number(p, v);
  p->depth--;
  return ok;
}

static void free_contents(jv *v)
{
  for (size_t i = 0; i < v->n; i++) {
    free_contents(&v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
}

void jv_free(jv *v)
{
  if (!v)
    return;
  free_contents(v);
  free(v);
}

jv *jv_parse(const char *text, char *err, size_t err_len)
{
  if (err && err_len)
    err[0] = 0;
  jp p = {text, err, err_len, 0};
  jv *v = calloc(1, sizeof *v);
  if (!v)
    return NULL;
  bool ok = parse_value(&p, v);
  skip_ws(&p);
  if (ok && *p.s)
    ok = fail(&p, "text after the document");
  if (!ok) {
    jv_free(v);
    return NULL;
  }
  return v;
}

const jv *jv_get(const jv *v, const char *key)
{
  if (!v || v->kind != JV_OBJ)
    return NULL;
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->keys[i], key) == 0)
      return &v->items[i];
  return NULL;
}

const jv *jv_at(const jv *v, size_t i)
{
  return v && v->kind == JV_ARR && i < v->n ? &v->items[i] : NULL;
}

size_t jv_len(const jv *v)
{
  return v && v->kind == JV_ARR ? v->n : 0;
}

double jv_num(const jv *v)
{
  return v && v->kind == JV_NUM ? v->num : NAN;
}

double jv_getnum(const jv *v, const char *key)
{
  return jv_num(jv_get(v, key));
}
