/* collect_table.c -- flattening statistics JSON into table rows
 * (collect_table.h).
 *
 * Naming: a top-level member is its key; a member of a nested object is
 * its own key too ("timing": {"gpu_sim_cycle": ...} gives gpu_sim_cycle,
 * GPGPU-Sim's name, the one users know), unless an earlier column of the
 * same row has that name, when it is PARENT.KEY; an array element is
 * NAME_INDEX (grid_0, warp_issue_12).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/collect_table.h"

static size_t hash_name(const char *s)
{
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (size_t)h;
}

static long find_col(const collect_table *t, const char *name)
{
  if (!t->hash_size)
    return -1;
  for (size_t i = hash_name(name) & (t->hash_size - 1);; i = (i + 1) & (t->hash_size - 1)) {
    if (!t->hash[i])
      return -1;
    if (strcmp(t->cols[t->hash[i] - 1], name) == 0)
      return (long)(t->hash[i] - 1);
  }
}

static int rehash(collect_table *t, size_t size)
{
  size_t *h = calloc(size, sizeof *h);
  if (!h)
    return -1;
  for (size_t c = 0; c < t->n_cols; c++) {
    size_t i = hash_name(t->cols[c]) & (size - 1);
    while (h[i])
      i = (i + 1) & (size - 1);
    h[i] = c + 1;
  }
  free(t->hash);
  t->hash = h;
  t->hash_size = size;
  return 0;
}

/* The column called name, made when new; -1 when out of memory. */
static long intern_col(collect_table *t, const char *name)
{
  long c = find_col(t, name);
  if (c >= 0)
    return c;
  if (2 * (t->n_cols + 1) > t->hash_size && rehash(t, t->hash_size ? 2 * t->hash_size : 256))
    return -1;
  char **cols = realloc(t->cols, (t->n_cols + 1) * sizeof *cols);
  if (!cols)
    return -1;
  t->cols = cols;
  if (!(cols[t->n_cols] = strdup(name)))
    return -1;
  size_t i = hash_name(name) & (t->hash_size - 1);
  while (t->hash[i])
    i = (i + 1) & (t->hash_size - 1);
  t->hash[i] = ++t->n_cols;
  return (long)(t->n_cols - 1);
}

static bool row_has(const collect_table *t, const collect_row *r, const char *name)
{
  return collect_value(t, r, name) != NULL;
}

static int add_cell(collect_table *t, collect_row *r, const char *name, const char *text)
{
  long c = intern_col(t, name);
  if (c < 0)
    return -1;
  collect_cell *cells = realloc(r->cells, (r->n_cells + 1) * sizeof *cells);
  if (!cells)
    return -1;
  r->cells = cells;
  cells[r->n_cells] = (collect_cell){.col = (size_t)c, .text = strdup(text ? text : "")};
  if (!cells[r->n_cells].text)
    return -1;
  r->n_cells++;
  return 0;
}

/* Adds v under name (and what it holds, flattened). */
static int flatten(collect_table *t, collect_row *r, const char *parent, const char *name,
                   const jr_value *v)
{
  char buf[512];
  if (v->kind == JR_OBJ) {
    for (size_t i = 0; i < v->n; i++) {
      const char *key = v->keys[i];
      if (row_has(t, r, key)) {
        snprintf(buf, sizeof buf, "%s.%s", name, key);
        key = buf;
      }
      char *k = strdup(key);
      if (!k)
        return -1;
      int rc = flatten(t, r, name, k, &v->items[i]);
      free(k);
      if (rc)
        return rc;
    }
    return 0;
  }
  if (v->kind == JR_ARR) {
    for (size_t i = 0; i < v->n; i++) {
      snprintf(buf, sizeof buf, "%s_%zu", name, i);
      char *k = strdup(buf);
      if (!k)
        return -1;
      int rc = flatten(t, r, parent, k, &v->items[i]);
      free(k);
      if (rc)
        return rc;
    }
    return 0;
  }
  return add_cell(t, r, name, v->kind == JR_NULL ? "" : v->text);
}

/* One row from a launch object: its members but "kernel". */
static int add_row(collect_table *t, size_t run, size_t launch, const jr_value *obj)
{
  const jr_value *k = jr_get(obj, "kernel");
  collect_row *rows = realloc(t->rows, (t->n_rows + 1) * sizeof *rows);
  if (!rows)
    return -1;
  t->rows = rows;
  collect_row *r = &rows[t->n_rows++];
  *r = (collect_row){.run = run,
                     .kernel = strdup(k && k->kind == JR_STR ? k->text : ""),
                     .launch = launch,
                     .speedup = NAN};
  if (!r->kernel)
    return -1;
  for (size_t i = 0; i < obj->n; i++)
    if (strcmp(obj->keys[i], "kernel") != 0 && flatten(t, r, "", obj->keys[i], &obj->items[i]))
      return -1;
  return 0;
}

int collect_add_run(collect_table *t, size_t run, const jr_value *doc)
{
  if (doc->kind != JR_OBJ)
    return 1;
  const jr_value *launches = jr_get(doc, "launches");
  if (launches && launches->kind == JR_ARR) { /* ptxsim exec */
    for (size_t i = 0; i < launches->n; i++) {
      if (launches->items[i].kind != JR_OBJ)
        return 1;
      if (add_row(t, run, i, &launches->items[i]))
        return -1;
    }
    return 0;
  }
  if (!jr_get(doc, "kernel")) /* ptxsim run has it */
    return 1;
  return add_row(t, run, 0, doc);
}

const char *collect_value(const collect_table *t, const collect_row *r, const char *name)
{
  long c = find_col(t, name);
  if (c < 0)
    return NULL;
  for (size_t i = 0; i < r->n_cells; i++)
    if (r->cells[i].col == (size_t)c)
      return r->cells[i].text;
  return NULL;
}

void collect_table_free(collect_table *t)
{
  for (size_t i = 0; i < t->n_rows; i++) {
    for (size_t j = 0; j < t->rows[i].n_cells; j++)
      free(t->rows[i].cells[j].text);
    free(t->rows[i].cells);
    free(t->rows[i].kernel);
  }
  free(t->rows);
  for (size_t i = 0; i < t->n_cols; i++)
    free(t->cols[i]);
  free(t->cols);
  free(t->hash);
  memset(t, 0, sizeof *t);
}

void collect_csv_field(FILE *out, const char *s)
{
  if (!strpbrk(s, ",\"\n\r") && !(*s == ' ' || (*s && s[strlen(s) - 1] == ' '))) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', out);
    fputc(*s, out);
  }
  fputc('"', out);
}
