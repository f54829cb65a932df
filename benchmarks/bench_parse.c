/* bench_parse.c -- parse-and-validate throughput of the front end.
 *
 * Builds one PTX module of at least --min-mb megabytes (default 10) from
 * the corpus in benchmarks/ptx, each file repeated with its module-level
 * names (kernels, functions, variables, debug-section labels) and .file
 * indices renamed so that the copies do not collide, then parses it
 * --repeat times and prints MB/s and the peak resident memory.  A
 * measurement, not a test: `make bench` runs it.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "frontend/ptx_parse.h"

typedef struct buf {
  char *p;
  size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) {
      fprintf(stderr, "bench_parse: out of memory\n");
      exit(1);
    }
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

static char *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    put(&b, chunk, n);
  fclose(f);
  *len = b.len;
  return b.p;
}

/* Module-level names of a parsed file, to be renamed per copy. */
typedef struct names {
  char **v;
  size_t n, cap;
} names;

static void add_name(names *s, const char *n)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 64;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
  }
  s->v[s->n++] = strdup(n);
}

static bool is_name(const names *s, const char *w, size_t len)
{
  for (size_t i = 0; i < s->n; i++)
    if (strlen(s->v[i]) == len && memcmp(s->v[i], w, len) == 0)
      return true;
  return false;
}

static bool ident_start(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}

static bool ident_char(char c)
{
  return ident_start(c) || (c >= '0' && c <= '9');
}

/* Appends one renamed copy of a file's text. */
static void append_copy(buf *out, const char *text, size_t len, const names *ns, int copy_id)
{
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = eol ? eol + 1 : end;
    const char *q = p;
    while (q < line_end && (*q == ' ' || *q == '\t'))
      q++;
    if (!strncmp(q, ".version", 8) || !strncmp(q, ".target", 7) || !strncmp(q, ".address_size", 13)) {
      p = line_end;
      continue;
    }
    bool renumber = !strncmp(q, ".file", 5) || !strncmp(q, ".loc", 4);
    bool after_keyword = false;
    for (const char *c = p; c < line_end;) {
      if (*c == '"') { /* strings are copied as they are */
        const char *s = c + 1;
        while (s < line_end && *s != '"')
          s += *s == '\\' ? 2 : 1;
        s = s < line_end ? s + 1 : line_end;
        put(out, c, (size_t)(s - c));
        c = s;
      } else if (ident_start(*c) && (c == p || !ident_char(c[-1]))) {
        const char *s = c;
        while (s < line_end && ident_char(*s))
          s++;
        put(out, c, (size_t)(s - c));
        if (is_name(ns, c, (size_t)(s - c))) {
          char suffix[32];
          int n = snprintf(suffix, sizeof suffix, "_c%d", copy_id);
          put(out, suffix, (size_t)n);
        }
        after_keyword = renumber && (!strncmp(c, "inlined_at", 10));
        c = s;
      } else if (renumber && *c >= '0' && *c <= '9' && (c == p || c[-1] == ' ' || c[-1] == '\t') &&
                 (after_keyword || (c > p && (c[-2] == 'e' || c[-2] == 'c' || c[-1] == '\t')))) {
        /* the file index right after .file/.loc/inlined_at */
        char *e;
        unsigned long v = strtoul(c, &e, 10);
        char num[32];
        int n = snprintf(num, sizeof num, "%lu", v + 1000ul * (unsigned long)copy_id);
        put(out, num, (size_t)n);
        c = e;
        renumber = after_keyword = false;
        /* a .loc with inlined_at has a second index to renumber */
        if (strstr(c, "inlined_at"))
          renumber = true;
      } else {
        put(out, c, 1);
        c++;
      }
    }
    p = line_end;
  }
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
  const char *dir = "benchmarks/ptx";
  double min_mb = 10;
  int repeat = 5;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--dir") && i + 1 < argc)
      dir = argv[++i];
    else if (!strcmp(argv[i], "--min-mb") && i + 1 < argc)
      min_mb = atof(argv[++i]);
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
      repeat = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: bench_parse [--dir DIR] [--min-mb MB] [--repeat N]\n");
      return 2;
    }
  }
  DIR *d = opendir(dir);
  if (!d) {
    perror(dir);
    return 1;
  }
  char *files[512];
  size_t n_files = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n_files < 512) {
    size_t l = strlen(e->d_name);
    if (l > 4 && !strcmp(e->d_name + l - 4, ".ptx")) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      files[n_files++] = strdup(path);
    }
  }
  closedir(d);
  qsort(files, n_files, sizeof *files, cmp_str);

  /* One copy of each file, names collected from its parse. */
  char *texts[512];
  size_t lens[512];
  names ns[512];
  memset(ns, 0, sizeof ns);
  for (size_t i = 0; i < n_files; i++) {
    texts[i] = read_file(files[i], &lens[i]);
    ptx_diag dg;
    ptx_diag_init(&dg, stderr);
    ptx_module *m = NULL;
    if (!texts[i] || ptx_parse_string(texts[i], lens[i], files[i], &dg, &m) != 0)
      return 1;
    for (uint32_t k = 0; k < m->n_funcs; k++)
      add_name(&ns[i], m->funcs[k]->sym.name->str);
    for (uint32_t k = 0; k < m->n_vars; k++)
      add_name(&ns[i], m->vars[k]->sym.name->str);
    for (uint32_t k = 0; k < m->n_sections; k++)
      for (uint32_t j = 0; j < m->sections[k]->n_items; j++)
        if (m->sections[k]->items[j].kind == PTX_SEC_LABEL)
          add_name(&ns[i], m->sections[k]->items[j].sym->str);
    ptx_module_free(m);
    ptx_diag_free(&dg);
  }
  buf big = {0};
  const char *header = ".version 9.0\n.target sm_90a\n.address_size 64\n";
  put(&big, header, strlen(header));
  int copy = 0;
  while ((double)big.len < min_mb * 1e6)
    for (size_t i = 0; i < n_files; i++)
      append_copy(&big, texts[i], lens[i], &ns[i], copy++);

  double best = 1e30, total = 0;
  size_t arena = 0, insns = 0;
  for (int r = 0; r < repeat; r++) {
    ptx_diag dg;
    ptx_diag_init(&dg, stderr);
    ptx_module *m = NULL;
    double t0 = now();
    int rc = ptx_parse_string(big.p, big.len, "big.ptx", &dg, &m);
    double dt = now() - t0;
    if (rc != 0) {
      fprintf(stderr, "bench_parse: the generated module does not parse\n");
      return 1;
    }
    arena = m->arena.total_bytes;
    insns = 0;
    for (uint32_t k = 0; k < m->n_funcs; k++)
      insns += m->funcs[k]->n_insns;
    ptx_module_free(m);
    ptx_diag_free(&dg);
    total += dt;
    if (dt < best)
      best = dt;
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double mb = (double)big.len / 1e6;
  printf("parse: %.1f MB of PTX (%zu files x %d copies, %zu instructions)\n", mb, n_files,
         copy / (int)(n_files ? n_files : 1), insns);
  printf("parse: best %.3f s = %.1f MB/s, mean %.3f s = %.1f MB/s over %d runs\n", best, mb / best,
         total / repeat, mb / (total / repeat), repeat);
  printf("parse: module arena %.1f MB; peak resident memory %.1f MB (including the %.1f MB input)\n",
         (double)arena / 1e6, (double)ru.ru_maxrss / 1024.0, mb);
  return 0;
}
