/* tm_stats.c -- the statistics registry: registration of named counters
 * owned by the units, and text and JSON output in registration order.
 *
 * Registration runs at setup and checks names (unique, printable without
 * escaping); printing reads the counters through the registered pointers.
 * Nothing here runs per cycle.
 */
#include "config.h"

#include "pipeline/tm_stats.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"

void tm_stats_init(tm_stats *s)
{
  s->v = NULL;
  s->n = s->cap = 0;
}

void tm_stats_free(tm_stats *s)
{
  free(s->v);
  tm_stats_init(s);
}

static bool is_name_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == ':' || c == '-';
}

const tm_stat *tm_stats_find(const tm_stats *s, const char *name)
{
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->v[i].name, name) == 0)
      return &s->v[i];
  return NULL;
}

static int add(tm_stats *s, const tm_stat *st)
{
  if (!st->name || !st->name[0])
    return PTX_EINVAL;
  for (const char *p = st->name; *p; p++)
    if (!is_name_char(*p))
      return PTX_EINVAL;
  if (tm_stats_find(s, st->name))
    return PTX_EINVAL;
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 32;
    tm_stat *v = realloc(s->v, cap * sizeof *v);
    if (!v)
      return PTX_ENOMEM;
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n++] = *st;
  return 0;
}

int tm_stats_add_u64(tm_stats *s, const char *name, const char *desc, const uint64_t *p)
{
  if (!p)
    return PTX_EINVAL;
  tm_stat st = {name, desc ? desc : "", TM_STAT_U64, 0, NULL, p, NULL};
  return add(s, &st);
}

int tm_stats_add_f64(tm_stats *s, const char *name, const char *desc, const double *p)
{
  if (!p)
    return PTX_EINVAL;
  tm_stat st = {name, desc ? desc : "", TM_STAT_F64, 0, NULL, p, NULL};
  return add(s, &st);
}

int tm_stats_add_f64e(tm_stats *s, const char *name, const char *desc, const double *p)
{
  if (!p)
    return PTX_EINVAL;
  tm_stat st = {name, desc ? desc : "", TM_STAT_F64E, 0, NULL, p, NULL};
  return add(s, &st);
}

int tm_stats_add_hist(tm_stats *s, const char *name, const char *desc, const uint64_t *buckets,
                      uint32_t n_buckets, const char *bucket_prefix)
{
  if (!buckets || n_buckets == 0)
    return PTX_EINVAL;
  if (bucket_prefix)
    for (const char *p = bucket_prefix; *p; p++)
      if (!is_name_char(*p))
        return PTX_EINVAL;
  tm_stat st = {name,    desc ? desc : "", TM_STAT_HIST, n_buckets, bucket_prefix ? bucket_prefix : "",
                buckets, NULL};
  return add(s, &st);
}

int tm_stats_add_fn(tm_stats *s, const char *name, const char *desc, tm_stat_fn fn,
                    const void *ctx)
{
  if (!fn)
    return PTX_EINVAL;
  tm_stat st = {name, desc ? desc : "", TM_STAT_FN, 0, NULL, ctx, fn};
  return add(s, &st);
}

static double value_of(const tm_stat *st)
{
  return st->kind == TM_STAT_FN ? st->fn(st->ptr) : *(const double *)st->ptr;
}

void tm_stats_print_text(const tm_stats *s, FILE *out)
{
  for (size_t i = 0; i < s->n; i++) {
    const tm_stat *st = &s->v[i];
    switch ((tm_stat_kind)st->kind) {
    case TM_STAT_U64:
      fprintf(out, "%s = %" PRIu64 "\n", st->name, *(const uint64_t *)st->ptr);
      break;
    case TM_STAT_F64:
    case TM_STAT_FN:
      fprintf(out, "%s = %12.4f\n", st->name, value_of(st));
      break;
    case TM_STAT_F64E:
      fprintf(out, "%s = %.6e\n", st->name, value_of(st));
      break;
    case TM_STAT_HIST: {
      const uint64_t *b = st->ptr;
      fprintf(out, "%s =", st->name);
      for (uint32_t k = 0; k < st->n_buckets; k++)
        fprintf(out, " %s%" PRIu32 ":%" PRIu64, st->bucket_prefix, k, b[k]);
      fputc('\n', out);
      break;
    }
    }
  }
}

static void json_double(double x, FILE *out)
{
  if (!isfinite(x)) {
    fputs("null", out);
    return;
  }
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", x);
  /* Keep doubles recognisable as such. */
  if (!strpbrk(buf, ".eE"))
    strcat(buf, ".0");
  fputs(buf, out);
}

void tm_stats_print_json(const tm_stats *s, FILE *out)
{
  fputc('{', out);
  for (size_t i = 0; i < s->n; i++) {
    const tm_stat *st = &s->v[i];
    fprintf(out, "%s\"%s\": ", i ? ", " : "", st->name);
    switch ((tm_stat_kind)st->kind) {
    case TM_STAT_U64:
      fprintf(out, "%" PRIu64, *(const uint64_t *)st->ptr);
      break;
    case TM_STAT_F64:
    case TM_STAT_FN:
    case TM_STAT_F64E:
      json_double(value_of(st), out);
      break;
    case TM_STAT_HIST: {
      const uint64_t *b = st->ptr;
      fputc('[', out);
      for (uint32_t k = 0; k < st->n_buckets; k++)
        fprintf(out, "%s%" PRIu64, k ? ", " : "", b[k]);
      fputc(']', out);
      break;
    }
    }
  }
  fputs("}\n", out);
}

void tm_stats_print_descriptions(const tm_stats *s, FILE *out)
{
  for (size_t i = 0; i < s->n; i++)
    fprintf(out, "%s: %s\n", s->v[i].name, s->v[i].desc);
}
