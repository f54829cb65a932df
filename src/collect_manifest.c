/* collect_manifest.c -- reads a sweep's manifest.tsv (collect_table.h):
 * run_id<TAB>program<TAB>PARAM...<TAB>command, as `ptxsim sweep` writes
 * it (sweep_jobs.c). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "src/collect_table.h"

/* Splits line (modified) at tabs into at most max fields; their count. */
static size_t split_tabs(char *line, char **f, size_t max)
{
  size_t n = 0;
  for (char *p = line; n < max;) {
    f[n++] = p;
    char *tab = strchr(p, '\t');
    if (!tab)
      break;
    *tab = 0;
    p = tab + 1;
  }
  return n;
}

void collect_manifest_free(collect_manifest *m)
{
  for (size_t i = 0; i < m->n_runs; i++) {
    free(m->runs[i].id);
    free(m->runs[i].program);
    free(m->runs[i].command);
    for (size_t j = 0; m->runs[i].params && j < m->n_params; j++)
      free(m->runs[i].params[j]);
    free(m->runs[i].params);
  }
  free(m->runs);
  for (size_t j = 0; j < m->n_params; j++)
    free(m->params[j]);
  free(m->params);
  memset(m, 0, sizeof *m);
}

int collect_manifest_read(const char *path, collect_manifest *m, FILE *msgs)
{
  memset(m, 0, sizeof *m);
  char *text = jr_read_file(path, NULL);
  if (!text) {
    fprintf(msgs, "%s: error: cannot read the manifest: %s\n", path, strerror(errno));
    return -1;
  }
  char *save = NULL;
  unsigned line_no = 0;
  size_t n_fields = 0;
  char **f = NULL;
  int rc = 0;
  for (char *line = strtok_r(text, "\n", &save); line && rc == 0;
       line = strtok_r(NULL, "\n", &save)) {
    line_no++;
    if (line_no == 1) {
      n_fields = 1;
      for (const char *p = line; *p; p++)
        n_fields += *p == '\t';
      f = calloc(n_fields, sizeof *f);
      if (!f)
        goto oom;
      split_tabs(line, f, n_fields);
      if (n_fields < 3 || strcmp(f[0], "run_id") != 0 || strcmp(f[1], "program") != 0 ||
          strcmp(f[n_fields - 1], "command") != 0) {
        fprintf(msgs,
                "%s:1: error: not a sweep manifest (run_id, program, parameters, command)\n",
                path);
        rc = -1;
        break;
      }
      m->n_params = n_fields - 3;
      m->params = calloc(m->n_params + 1, sizeof *m->params);
      if (!m->params)
        goto oom;
      for (size_t j = 0; j < m->n_params; j++)
        if (!(m->params[j] = strdup(f[2 + j])))
          goto oom;
      continue;
    }
    /* The command may not hold a tab (sweep refuses them), but keep the
     * rest of the line in it anyway. */
    size_t n = split_tabs(line, f, n_fields);
    if (n != n_fields) {
      fprintf(msgs, "%s:%u: error: %zu fields, the header has %zu\n", path, line_no, n,
              n_fields);
      rc = -1;
      break;
    }
    collect_run *runs = realloc(m->runs, (m->n_runs + 1) * sizeof *runs);
    if (!runs)
      goto oom;
    m->runs = runs;
    collect_run *r = &runs[m->n_runs++];
    *r = (collect_run){.id = strdup(f[0]), .program = strdup(f[1]),
                       .command = strdup(f[n_fields - 1]),
                       .params = calloc(m->n_params + 1, sizeof *r->params)};
    if (!r->id || !r->program || !r->command || !r->params)
      goto oom;
    for (size_t j = 0; j < m->n_params; j++)
      if (!(r->params[j] = strdup(f[2 + j])))
        goto oom;
    if (!r->id[0] || strchr(r->id, '/') || strcmp(r->id, ".") == 0 || strcmp(r->id, "..") == 0) {
      fprintf(msgs, "%s:%u: error: bad run_id '%s'\n", path, line_no, r->id);
      rc = -1;
    }
  }
  if (rc == 0 && line_no == 0) {
    fprintf(msgs, "%s: error: empty manifest\n", path);
    rc = -1;
  }
  free(f);
  free(text);
  if (rc)
    collect_manifest_free(m);
  return rc;
oom:
  fprintf(msgs, "ptxsim: error: out of memory\n");
  free(f);
  free(text);
  collect_manifest_free(m);
  return -1;
}
