/* json_read.c -- the command's JSON reader (json_read.h): a recursive
 * descent parser over RFC 8259, with a depth limit so that a hostile file
 * cannot exhaust the stack. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/json_read.h"

enum { JR_MAX_DEPTH = 64 };

typedef struct jr_parser {
  const char *p;
  unsigned line;
  int depth;
  char *err;
  size_t err_len;
  unsigned *err_line;
  bool failed;
} jr_parser;

__attribute__((format(printf, 2, 3))) static void fail(jr_parser *ps, const char *fmt, ...)
{
  if (ps->failed)
    return;
  ps->failed = true;
  *ps->err_line = ps->line;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ps->err, ps->err_len, fmt, ap);
  va_end(ap);
}

static void skip_space(jr_parser *ps)
{
  for (;; ps->p++) {
    if (*ps->p == '\n')
      ps->line++;
    else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r')
      return;
  }
}

/* A growable byte buffer for decoded strings. */
typedef struct jr_buf {
  char *s;
  size_t n, cap;
} jr_buf;

static bool buf_put(jr_buf *b, char c)
{
  if (b->n + 1 >= b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 32;
    char *s = realloc(b->s, cap);
    if (!s)
      return false;
    b->s = s;
    b->cap = cap;
  }
  b->s[b->n++] = c;
  b->s[b->n] = 0;
  return true;
}

static bool put_utf8(jr_buf *b, unsigned long c)
{
  if (c < 0x80)
    return buf_put(b, (char)c);
  if (c < 0x800)
    return buf_put(b, (char)(0xc0 | (c >> 6))) && buf_put(b, (char)(0x80 | (c & 0x3f)));
  if (c < 0x10000)
    return buf_put(b, (char)(0xe0 | (c >> 12))) &&
           buf_put(b, (char)(0x80 | ((c >> 6) & 0x3f))) && buf_put(b, (char)(0x80 | (c & 0x3f)));
  return buf_put(b, (char)(0xf0 | (c >> 18))) && buf_put(b, (char)(0x80 | ((c >> 12) & 0x3f))) &&
         buf_put(b, (char)(0x80 | ((c >> 6) & 0x3f))) && buf_put(b, (char)(0x80 | (c & 0x3f)));
}

static long hex4(const char *p)
{
  long v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    int d = c >= '0' && c <= '9' ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0)
      return -1;
    v = v * 16 + d;
  }
  return v;
}

/* A string literal at ps->p (the opening quote); NULL on error. */
static char *parse_string(jr_parser *ps)
{
  jr_buf b = {0};
  if (!buf_put(&b, 0)) /* an empty string is "" */
    goto oom;
  b.n = 0;
  ps->p++;
  for (;;) {
    unsigned char c = (unsigned char)*ps->p;
    if (c == '"') {
      ps->p++;
      return b.s;
    }
    if (c == 0 || c == '\n') {
      fail(ps, "unterminated string");
      break;
    }
    if (c < 0x20) {
      fail(ps, "control character in a string");
      break;
    }
    if (c != '\\') {
      if (!buf_put(&b, (char)c))
        goto oom;
      ps->p++;
      continue;
    }
    char e = ps->p[1];
    const char *plain = strchr("\"\\/bfnrt", e);
    if (e && plain) {
      static const char out[] = "\"\\/\b\f\n\r\t";
      if (!buf_put(&b, out[plain - "\"\\/bfnrt"]))
        goto oom;
      ps->p += 2;
      continue;
    }
    if (e != 'u') {
      fail(ps, "bad escape '\\%c' in a string", e ? e : '0');
      break;
    }
    long u = hex4(ps->p + 2);
    if (u < 0) {
      fail(ps, "bad \\u escape in a string");
      break;
    }
    ps->p += 6;
    unsigned long cp = (unsigned long)u;
    if (u >= 0xd800 && u < 0xdc00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
      long lo = hex4(ps->p + 2);
      if (lo >= 0xdc00 && lo < 0xe000) {
        cp = 0x10000 + (((unsigned long)u - 0xd800) << 10) + ((unsigned long)lo - 0xdc00);
        ps->p += 6;
      }
    }
    if (!put_utf8(&b, cp))
      goto oom;
  }
  free(b.s);
  return NULL;
oom:
  fail(ps, "out of memory");
  free(b.s);
  return NULL;
}

static bool parse_value(jr_parser *ps, jr_value *v);

static bool parse_number(jr_parser *ps, jr_value *v)
{
  const char *s = ps->p, *q = s;
  if (*q == '-')
    q++;
  if (*q == '0')
    q++;
  else if (*q >= '1' && *q <= '9')
    while (*q >= '0' && *q <= '9')
      q++;
  else {
    fail(ps, "unexpected character '%c'", *s);
    return false;
  }
  if (*q == '.') {
    q++;
    if (*q < '0' || *q > '9') {
      fail(ps, "malformed number");
      return false;
    }
    while (*q >= '0' && *q <= '9')
      q++;
  }
  if (*q == 'e' || *q == 'E') {
    q++;
    if (*q == '+' || *q == '-')
      q++;
    if (*q < '0' || *q > '9') {
      fail(ps, "malformed number");
      return false;
    }
    while (*q >= '0' && *q <= '9')
      q++;
  }
  v->kind = JR_NUM;
  v->text = strndup(s, (size_t)(q - s));
  ps->p = q;
  if (!v->text)
    fail(ps, "out of memory");
  return v->text != NULL;
}

/* Appends one more slot to v's items (and keys when with_key). */
static jr_value *grow(jr_parser *ps, jr_value *v, bool with_key)
{
  jr_value *items = realloc(v->items, (v->n + 1) * sizeof *items);
  if (!items) {
    fail(ps, "out of memory");
    return NULL;
  }
  v->items = items;
  if (with_key) {
    char **keys = realloc(v->keys, (v->n + 1) * sizeof *keys);
    if (!keys) {
      fail(ps, "out of memory");
      return NULL;
    }
    v->keys = keys;
    keys[v->n] = NULL;
  }
  memset(&items[v->n], 0, sizeof items[v->n]);
  return &items[v->n++];
}

static bool parse_container(jr_parser *ps, jr_value *v, bool is_object)
{
  char close = is_object ? '}' : ']';
  v->kind = is_object ? JR_OBJ : JR_ARR;
  if (++ps->depth > JR_MAX_DEPTH) {
    fail(ps, "nested more than %d deep", JR_MAX_DEPTH);
    return false;
  }
  ps->p++;
  skip_space(ps);
  if (*ps->p == close) {
    ps->p++;
    ps->depth--;
    return true;
  }
  for (;;) {
    skip_space(ps);
    char *key = NULL;
    if (is_object) {
      if (*ps->p != '"') {
        fail(ps, "expected a member name in quotes");
        return false;
      }
      if (!(key = parse_string(ps)))
        return false;
      skip_space(ps);
      if (*ps->p != ':') {
        free(key);
        fail(ps, "expected ':' after a member name");
        return false;
      }
      ps->p++;
      skip_space(ps);
    }
    jr_value *item = grow(ps, v, is_object);
    if (!item) {
      free(key);
      return false;
    }
    if (is_object)
      v->keys[v->n - 1] = key;
    if (!parse_value(ps, item))
      return false;
    skip_space(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == close) {
      ps->p++;
      ps->depth--;
      return true;
    }
    fail(ps, "expected ',' or '%c'", close);
    return false;
  }
}

static bool parse_word(jr_parser *ps, jr_value *v, const char *word, jr_kind kind)
{
  size_t n = strlen(word);
  if (strncmp(ps->p, word, n) != 0) {
    fail(ps, "unexpected character '%c'", *ps->p);
    return false;
  }
  ps->p += n;
  v->kind = kind;
  if (kind == JR_BOOL && !(v->text = strdup(word))) {
    fail(ps, "out of memory");
    return false;
  }
  return true;
}

static bool parse_value(jr_parser *ps, jr_value *v)
{
  skip_space(ps);
  v->line = ps->line;
  switch (*ps->p) {
  case '{':
    return parse_container(ps, v, true);
  case '[':
    return parse_container(ps, v, false);
  case '"':
    v->kind = JR_STR;
    return (v->text = parse_string(ps)) != NULL;
  case 't':
    return parse_word(ps, v, "true", JR_BOOL);
  case 'f':
    return parse_word(ps, v, "false", JR_BOOL);
  case 'n':
    return parse_word(ps, v, "null", JR_NULL);
  case 0:
    fail(ps, "unexpected end of the document");
    return false;
  default:
    return parse_number(ps, v);
  }
}

static void free_members(jr_value *v)
{
  for (size_t i = 0; i < v->n; i++) {
    free_members(&v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->text);
}

void jr_free(jr_value *v)
{
  if (!v)
    return;
  free_members(v);
  free(v);
}

jr_value *jr_parse(const char *text, unsigned *err_line, char *err, size_t err_len)
{
  jr_parser ps = {.p = text, .line = 1, .err = err, .err_len = err_len, .err_line = err_line};
  jr_value *v = calloc(1, sizeof *v);
  if (!v) {
    fail(&ps, "out of memory");
    return NULL;
  }
  if (parse_value(&ps, v)) {
    skip_space(&ps);
    if (*ps.p)
      fail(&ps, "text after the end of the document");
  }
  if (ps.failed) {
    jr_free(v);
    return NULL;
  }
  return v;
}

const jr_value *jr_get(const jr_value *v, const char *key)
{
  if (!v || v->kind != JR_OBJ)
    return NULL;
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->keys[i], key) == 0)
      return &v->items[i];
  return NULL;
}

char *jr_read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *s = malloc(cap);
  while (s) {
    n += fread(s + n, 1, cap - n - 1, f);
    if (n < cap - 1)
      break;
    char *t = realloc(s, 2 * cap);
    if (!t) {
      free(s);
      s = NULL;
      break;
    }
    s = t;
    cap *= 2;
  }
  int err = s && ferror(f) ? EIO : s ? 0 : ENOMEM;
  fclose(f);
  if (err) {
    free(s);
    errno = err;
    return NULL;
  }
  s[n] = 0;
  if (len)
    *len = n;
  return s;
}
