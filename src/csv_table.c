/* csv_table.c -- reading a CSV file (see csv_table.h).
 *
 * The file is read whole; fields are copied out one by one.  Sweeps
 * make thousands of rows, not millions, so simplicity wins over speed.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/csv_table.h"

/* A growable array of pointers or sizes. */
typedef struct grow {
  void *v;
  size_t n, cap, elem;
} grow;

static bool grow_push(grow *g, const void *x)
{
  if (g->n == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 64;
    void *v = realloc(g->v, cap * g->elem);
    if (!v)
      return false;
    g->v = v;
    g->cap = cap;
  }
  memcpy((char *)g->v + g->n++ * g->elem, x, g->elem);
  return true;
}

static char *read_all(const char *path, size_t *size, char *err, size_t err_size)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, err_size, "%s: error: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *b = realloc(buf, 2 * cap + 1);
    if (!b) {
      free(buf);
      buf = NULL;
    } else {
      buf = b;
      cap *= 2;
    }
  }
  bool bad = ferror(f);
  int e = errno;
  fclose(f);
  if (!buf || bad) {
    snprintf(err, err_size, "%s: error: %s", path, buf ? strerror(e) : "out of memory");
    free(buf);
    return NULL;
  }
  buf[n] = 0;
  *size = n;
  return buf;
}

static int fail(char *err, size_t err_size, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, err_size, fmt, ap);
  va_end(ap);
  return -1;
}

int csv_table_read(csv_table *t, const char *path, char *err, size_t err_size)
{
  memset(t, 0, sizeof *t);
  size_t size;
  char *text = read_all(path, &size, err, err_size);
  if (!text)
    return -1;
  grow cells = {.elem = sizeof(char *)}, lines = {.elem = sizeof(size_t)};
  char *field = malloc(size + 1); /* the field being read: never longer than the file */
  size_t line = 1, fields_in_row = 0;
  int rc = field ? 0 : fail(err, err_size, "%s: error: out of memory", path);
  const char *p = text, *end = text + size;
  /* Each pass reads one field and the separator after it. */
  while (rc == 0 && p < end) {
    if (fields_in_row == 0) {
      if (*p == '\n' || (*p == '\r' && p[1] == '\n')) { /* blank line */
        p += *p == '\r' ? 2 : 1;
        line++;
        continue;
      }
      if (!grow_push(&lines, &line)) {
        rc = fail(err, err_size, "%s: error: out of memory", path);
        break;
      }
    }
    size_t n = 0, start_line = line;
    if (*p == '"') {
      for (p++;; p++) {
        if (p == end) {
          rc = fail(err, err_size, "%s:%zu: error: a quoted field is not closed", path, start_line);
          break;
        }
        if (*p == '"') {
          if (p + 1 < end && p[1] == '"')
            p++;
          else {
            p++;
            break;
          }
        }
        if (*p == '\n')
          line++;
        field[n++] = *p;
      }
      if (rc)
        break;
      if (p < end && *p != ',' && *p != '\n' && *p != '\r') {
        rc = fail(err, err_size, "%s:%zu: error: text after a quoted field", path, line);
        break;
      }
    } else {
      while (p < end && *p != ',' && *p != '\n' && !(*p == '\r' && p + 1 < end && p[1] == '\n'))
        field[n++] = *p++;
    }
    field[n] = 0;
    char *copy = strdup(field);
    if (!copy || !grow_push(&cells, &copy)) {
      free(copy);
      rc = fail(err, err_size, "%s: error: out of memory", path);
      break;
    }
    fields_in_row++;
    bool row_ends = true;
    if (p < end && *p == ',') {
      p++;
      row_ends = false;
      if (p == end) { /* "a,b," at the very end: one more field, empty */
        char *empty = strdup("");
        if (!empty || !grow_push(&cells, &empty)) {
          free(empty);
          rc = fail(err, err_size, "%s: error: out of memory", path);
          break;
        }
        fields_in_row++;
        row_ends = true;
      }
    } else if (p < end)
      p += *p == '\r' ? 2 : 1;
    if (!row_ends)
      continue;
    if (lines.n == 1)
      t->ncols = fields_in_row;
    else if (fields_in_row != t->ncols)
      rc = fail(err, err_size, "%s:%zu: error: %zu fields, the header has %zu", path,
                ((size_t *)lines.v)[lines.n - 1], fields_in_row, t->ncols);
    fields_in_row = 0;
    line++;
  }
  if (rc == 0 && lines.n == 0)
    rc = fail(err, err_size, "%s: error: empty file (no header line)", path);
  free(field);
  free(text);
  t->cell = cells.v;
  t->line = lines.v;
  t->nrows = lines.n ? lines.n - 1 : 0;
  if (rc) {
    for (size_t i = 0; i < cells.n; i++)
      free(((char **)cells.v)[i]);
    free(cells.v);
    free(lines.v);
    memset(t, 0, sizeof *t);
  }
  return rc;
}

void csv_table_free(csv_table *t)
{
  if (t->cell)
    for (size_t i = 0; i < (t->nrows + 1) * t->ncols; i++)
      free(t->cell[i]);
  free(t->cell);
  free(t->line);
  memset(t, 0, sizeof *t);
}

long csv_table_column(const csv_table *t, const char *name)
{
  for (size_t c = 0; c < t->ncols; c++)
    if (strcmp(t->cell[c], name) == 0)
      return (long)c;
  return -1;
}
