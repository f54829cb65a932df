/* collect_speedup.c -- `ptxsim collect --speedup-over PARAM=VALUE`
 * (collect_table.h): each row's speedup over its baseline row and the
 * geometric means, the arithmetic the `make bench-...` tables use.
 *
 * The baseline of a row is the row of the same program, kernel and launch
 * whose parameters are the same except PARAM, which is VALUE (the
 * baseline's own speedup is 1).  The geometric mean of a group is
 * exp(mean(log speedup)) over its rows that have a speedup.  Groups: each
 * combination of the other parameters with each value of PARAM, in order
 * of first appearance; then, when there are other parameters, each value
 * of PARAM over all of them ("*").
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/collect_table.h"

/* The row's cycles, or 0 when it has none. */
static double row_cycles(const collect_table *t, const collect_row *r)
{
  const char *s = collect_value(t, r, "gpu_sim_cycle");
  if (!s || !*s)
    s = collect_value(t, r, "cycles");
  double c = s && *s ? strtod(s, NULL) : 0;
  return c > 0 ? c : 0;
}

/* Does row a match b on everything but parameter skip (and, with
 * whole_row, on program, kernel and launch too)? */
static bool same_others(const collect_table *t, const collect_manifest *m, const collect_row *a,
                        const collect_row *b, size_t skip, bool whole_row)
{
  (void)t;
  const collect_run *ra = &m->runs[a->run], *rb = &m->runs[b->run];
  if (whole_row && (strcmp(ra->program, rb->program) != 0 || strcmp(a->kernel, b->kernel) != 0 ||
                    a->launch != b->launch))
    return false;
  for (size_t j = 0; j < m->n_params; j++)
    if (j != skip && strcmp(ra->params[j], rb->params[j]) != 0)
      return false;
  return true;
}

typedef struct mean_group {
  const collect_row *first; /* the row whose parameters the group has */
  bool is_all;              /* over every combination of the others */
  double log_sum;
  size_t n;
} mean_group;

static mean_group *group_of(mean_group *g, size_t *n, const collect_table *t,
                            const collect_manifest *m, const collect_row *r, size_t param,
                            bool is_all)
{
  for (size_t i = 0; i < *n; i++) {
    if (g[i].is_all != is_all)
      continue;
    const char *v1 = m->runs[g[i].first->run].params[param], *v2 = m->runs[r->run].params[param];
    if (strcmp(v1, v2) == 0 && (is_all || same_others(t, m, g[i].first, r, param, false)))
      return &g[i];
  }
  g[*n] = (mean_group){.first = r, .is_all = is_all};
  return &g[(*n)++];
}

long collect_speedup(collect_table *t, const collect_manifest *m, size_t param,
                     const char *value, FILE *means)
{
  long missing = 0;
  for (size_t i = 0; i < t->n_rows; i++) {
    collect_row *r = &t->rows[i];
    r->speedup = NAN;
    double c = row_cycles(t, r);
    for (size_t j = 0; c > 0 && j < t->n_rows; j++) {
      const collect_row *b = &t->rows[j];
      if (strcmp(m->runs[b->run].params[param], value) == 0 &&
          same_others(t, m, r, b, param, true)) {
        double bc = row_cycles(t, b);
        if (bc > 0)
          r->speedup = bc / c;
        break;
      }
    }
    missing += isnan(r->speedup);
  }

  /* At most one group per row and per kind. */
  mean_group *g = calloc(2 * t->n_rows + 1, sizeof *g);
  if (!g)
    return -1;
  size_t n = 0;
  for (int all = 0; all < 2; all++) {
    if (all && m->n_params == 1)
      break; /* the first pass already is "over all" */
    for (size_t i = 0; i < t->n_rows; i++) {
      const collect_row *r = &t->rows[i];
      mean_group *grp = group_of(g, &n, t, m, r, param, all != 0);
      if (!isnan(r->speedup)) {
        grp->log_sum += log(r->speedup);
        grp->n++;
      }
    }
  }
  fprintf(means, "# speedup = cycles with %s=%s / cycles; geometric means over programs, "
                 "kernels and launches\n%s",
          m->params[param], value, m->params[param]);
  for (size_t j = 0; j < m->n_params; j++)
    if (j != param)
      fprintf(means, "\t%s", m->params[j]);
  fputs("\tgeomean\tn\n", means);
  for (size_t i = 0; i < n; i++) {
    const collect_run *run = &m->runs[g[i].first->run];
    fputs(run->params[param], means);
    for (size_t j = 0; j < m->n_params; j++)
      if (j != param)
        fprintf(means, "\t%s", g[i].is_all ? "*" : run->params[j]);
    if (g[i].n)
      fprintf(means, "\t%.9f\t%zu\n", exp(g[i].log_sum / (double)g[i].n), g[i].n);
    else
      fputs("\t-\t0\n", means);
  }
  free(g);
  return missing;
}
