/* cmd_plot.c -- `ptxsim plot`: charts of a sweep's CSV, drawn by gnuplot.
 *
 * Reads the CSV `ptxsim collect` writes (any CSV with a header works),
 * picks and combines the values here, and pipes gnuplot one
 * self-contained script: the data travel inside it as datablocks, so no
 * temporary file is needed and --script FILE gives the user a script
 * that redraws the chart alone.  gnuplot is run, not linked: it is a
 * tool the user has (gnuplot-nox on Debian), named by PTXSIM_GNUPLOT.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "src/cli.h"
#include "src/csv_table.h"

extern char **environ;

enum { MAX_WHERE = 16 };

typedef struct plot_args {
  const char *csv, *out, *script, *title;
  const char *bar;              /* --bar COLUMN */
  const char *x, *y;            /* --scatter XCOL YCOL */
  const char *group;            /* --group PARAM */
  const char *where[MAX_WHERE]; /* --where COL=VALUE */
  int n_where;
  bool svg;
} plot_args;

/* The columns the chart reads, resolved against the header. */
typedef struct plot_cols {
  long value, x, y, group, program, kernel;
  long where[MAX_WHERE];
  const char *where_value[MAX_WHERE];
} plot_cols;

/* Distinct strings in order of first appearance (programs, group
 * values); a sweep has few, so a linear search is enough. */
typedef struct name_list {
  const char **v;
  size_t n;
} name_list;

static size_t name_index(name_list *l, const char *s)
{
  for (size_t i = 0; i < l->n; i++)
    if (strcmp(l->v[i], s) == 0)
      return i;
  l->v[l->n] = s;
  return l->n++;
}

static int parse_args(int argc, char **argv, plot_args *a)
{
  for (int i = 0; i < argc; i++) {
    const char *v;
    int r;
    if ((r = cli_option_value(argc, argv, &i, "-o", "--output", &v)) != 0)
      a->out = v;
    else if ((r = cli_option_value(argc, argv, &i, NULL, "--bar", &v)) != 0)
      a->bar = v;
    else if ((r = cli_option_value(argc, argv, &i, NULL, "--scatter", &v)) != 0) {
      a->x = v;
      if (r > 0 && i + 1 < argc)
        a->y = argv[++i];
      else
        r = -1;
    } else if ((r = cli_option_value(argc, argv, &i, NULL, "--group", &v)) != 0)
      a->group = v;
    else if ((r = cli_option_value(argc, argv, &i, NULL, "--title", &v)) != 0)
      a->title = v;
    else if ((r = cli_option_value(argc, argv, &i, NULL, "--script", &v)) != 0)
      a->script = v;
    else if ((r = cli_option_value(argc, argv, &i, NULL, "--where", &v)) != 0) {
      if (r > 0 && (!strchr(v, '=') || v[0] == '='))
        return cli_usage_error("plot", "--where takes COLUMN=VALUE, not '%s'", v);
      if (a->n_where == MAX_WHERE)
        return cli_usage_error("plot", "at most %d --where options", MAX_WHERE);
      a->where[a->n_where++] = v;
    } else if (argv[i][0] == '-' && argv[i][1])
      return cli_usage_error("plot", "unknown option '%s'", argv[i]);
    else if (a->csv)
      return cli_usage_error("plot", "more than one CSV file ('%s', '%s')", a->csv, argv[i]);
    else
      a->csv = argv[i];
    if (r < 0)
      return cli_usage_error("plot", "%s needs a value", argv[i]);
  }
  if (!a->csv)
    return cli_usage_error("plot", "no CSV file given");
  if (!a->out)
    return cli_usage_error("plot", "no output file given (-o OUT.png or -o OUT.svg)");
  if (!a->bar == !a->x)
    return cli_usage_error("plot", "give one of --bar COLUMN and --scatter XCOL YCOL");
  const char *dot = strrchr(a->out, '.');
  if (dot && strcmp(dot, ".svg") == 0)
    a->svg = true;
  else if (!dot || strcmp(dot, ".png") != 0)
    return cli_usage_error("plot", "the output must end in .png or .svg, not '%s'", a->out);
  return CLI_OK;
}

/* The index of column name in t, or a message and -1. */
static long need_column(const csv_table *t, const char *csv, const char *name, const char *what)
{
  long c = csv_table_column(t, name);
  if (c < 0)
    fprintf(stderr, "%s: error: no column '%s' (%s) in the header\n", csv, name, what);
  return c;
}

static int resolve_columns(const csv_table *t, const plot_args *a, plot_cols *c)
{
  c->value = c->x = c->y = c->group = -1;
  c->program = csv_table_column(t, "program");
  c->kernel = csv_table_column(t, "kernel");
  if (c->program < 0) /* not collect's CSV: the first column names the rows */
    c->program = 0;
  if (a->bar && (c->value = need_column(t, a->csv, a->bar, "--bar")) < 0)
    return CLI_FAIL;
  if (a->x && ((c->x = need_column(t, a->csv, a->x, "--scatter X")) < 0 ||
               (c->y = need_column(t, a->csv, a->y, "--scatter Y")) < 0))
    return CLI_FAIL;
  if (a->group && (c->group = need_column(t, a->csv, a->group, "--group")) < 0)
    return CLI_FAIL;
  for (int i = 0; i < a->n_where; i++) {
    const char *eq = strchr(a->where[i], '=');
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(eq - a->where[i]), a->where[i]);
    if ((c->where[i] = need_column(t, a->csv, name, "--where")) < 0)
      return CLI_FAIL;
    c->where_value[i] = eq + 1;
  }
  return CLI_OK;
}

static bool row_selected(const csv_table *t, const plot_args *a, const plot_cols *c, size_t r)
{
  for (int i = 0; i < a->n_where; i++)
    if (strcmp(csv_table_at(t, r, (size_t)c->where[i]), c->where_value[i]) != 0)
      return false;
  return true;
}

/* A cell's number: 1, 0 for a missing value (empty, "-", "nan"), or a
 * message and -1 for text. */
static int cell_number(const csv_table *t, const char *csv, size_t r, long col, double *out)
{
  const char *s = csv_table_at(t, r, (size_t)col);
  if (!*s || strcmp(s, "-") == 0)
    return 0;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || *end) {
    fprintf(stderr, "%s:%zu: error: column '%s' holds '%s', not a number\n", csv, t->line[r + 1],
            t->cell[col], s);
    return -1;
  }
  if (isnan(v) || isinf(v))
    return 0;
  *out = v;
  return 1;
}

/* The label of row r: its program, with the kernel when programs have
 * several in the table. */
static void row_label(const csv_table *t, const plot_cols *c, size_t r, bool with_kernel,
                      char *buf, size_t size)
{
  const char *p = csv_table_at(t, r, (size_t)c->program);
  if (with_kernel && c->kernel >= 0 && *csv_table_at(t, r, (size_t)c->kernel))
    snprintf(buf, size, "%s:%s", p, csv_table_at(t, r, (size_t)c->kernel));
  else
    snprintf(buf, size, "%s", p);
}

/* Whether some program has rows of two different kernels. */
static bool programs_have_kernels(const csv_table *t, const plot_cols *c)
{
  if (c->kernel < 0)
    return false;
  name_list programs = {malloc(t->nrows * sizeof(char *) + 1), 0};
  const char **kernel = malloc(t->nrows * sizeof *kernel + 1);
  bool several = false;
  for (size_t r = 0; programs.v && kernel && !several && r < t->nrows; r++) {
    size_t n = programs.n, p = name_index(&programs, csv_table_at(t, r, (size_t)c->program));
    const char *k = csv_table_at(t, r, (size_t)c->kernel);
    if (p == n)
      kernel[p] = k;
    else
      several = strcmp(kernel[p], k) != 0;
  }
  free(programs.v);
  free(kernel);
  return several;
}

/* A gnuplot string literal: single quotes, '' for a quote. */
static void put_string(FILE *f, const char *s)
{
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'')
      fputc('\'', f);
    fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
  }
  fputc('\'', f);
}

/* A datablock field: tab-separated, so tabs, newlines and the quotes
 * gnuplot would read as delimiters become spaces. */
static void put_field(FILE *f, const char *s)
{
  for (; *s; s++)
    fputc(*s == '\t' || *s == '\n' || *s == '\r' || *s == '"' ? ' ' : *s, f);
}

static void put_preamble(FILE *f, const plot_args *a, const char *title, const char *ylabel,
                         size_t items)
{
  /* Wide enough for the labels: 28 pixels a bar or point label. */
  unsigned w = 720 + 28 * (unsigned)(items > 80 ? 80 : items), h = 560;
  fputs("# ptxsim plot: draws ", f);
  put_field(f, a->out);
  fputs(" from ", f);
  put_field(f, a->csv);
  fputc('\n', f);
  if (a->svg)
    fprintf(f, "set terminal svg size %u,%u dynamic font ',11'\n", w, h);
  else
    fprintf(f,
            "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
            "  set terminal pngcairo size %u,%u font ',10'\n"
            "} else {\n"
            "  set terminal png size %u,%u\n"
            "}\n",
            w, h, w, h);
  fputs("set termoption noenhanced\nset output ", f);
  put_string(f, a->out);
  fputs("\nset title ", f);
  put_string(f, title);
  fputs("\nset ylabel ", f);
  put_string(f, ylabel);
  fputs("\nset datafile separator tab\nset datafile missing '-'\nset grid ytics\n", f);
}

/* The bar chart: one cluster per label, one bar per group value; cells
 * that several rows fall on hold their geometric mean (arithmetic when a
 * value is not positive). */
typedef struct bar_cell {
  double sum, log_sum;
  size_t n;
  bool nonpositive;
} bar_cell;

static int write_bars(FILE *f, const csv_table *t, const plot_args *a, const plot_cols *c)
{
  bool with_kernel = programs_have_kernels(t, c);
  char (*labels)[256] = malloc(t->nrows * sizeof *labels + 1);
  name_list rows = {malloc(t->nrows * sizeof(char *) + 1), 0};
  name_list groups = {malloc(t->nrows * sizeof(char *) + 1), 0};
  size_t *at = malloc(2 * t->nrows * sizeof *at + 1); /* row r: its label, group; or SIZE_MAX */
  double *value = malloc(t->nrows * sizeof *value + 1);
  bar_cell *cell = NULL;
  int rc = labels && rows.v && groups.v && at && value ? CLI_OK : CLI_FAIL;
  size_t used = 0, combined = 0;
  bool any_negative = false;
  for (size_t r = 0; rc == CLI_OK && r < t->nrows; r++) {
    at[2 * r] = SIZE_MAX;
    if (!row_selected(t, a, c, r))
      continue;
    int k = cell_number(t, a->csv, r, c->value, &value[r]);
    if (k < 0)
      rc = CLI_USAGE; /* reported; not "out of memory" below */
    if (k <= 0)
      continue;
    row_label(t, c, r, with_kernel, labels[r], sizeof labels[r]);
    any_negative |= value[r] < 0;
    at[2 * r] = name_index(&rows, labels[r]);
    at[2 * r + 1] = c->group >= 0 ? name_index(&groups, csv_table_at(t, r, (size_t)c->group)) : 0;
    used++;
  }
  size_t ng = c->group >= 0 ? groups.n : 1;
  if (rc == CLI_OK && !(cell = calloc(rows.n * ng + 1, sizeof *cell)))
    rc = CLI_FAIL;
  if (rc == CLI_FAIL)
    fprintf(stderr, "ptxsim: error: out of memory\n");
  rc = rc == CLI_USAGE ? CLI_FAIL : rc;
  for (size_t r = 0; rc == CLI_OK && r < t->nrows; r++) {
    if (at[2 * r] == SIZE_MAX)
      continue;
    bar_cell *b = &cell[at[2 * r] * ng + at[2 * r + 1]];
    double v = value[r];
    combined += b->n == 1;
    b->n++;
    b->sum += v;
    b->nonpositive |= v <= 0;
    b->log_sum += v > 0 ? log(v) : 0;
  }
  if (rc == CLI_OK && used == 0) {
    fprintf(stderr, "%s: error: no row has a value in column '%s'%s\n", a->csv, a->bar,
            a->n_where ? " (after --where)" : "");
    rc = CLI_FAIL;
  }
  if (rc == CLI_OK) {
    if (combined)
      fprintf(stderr,
              "ptxsim plot: note: %zu bar%s combine several rows (geometric mean); --where "
              "COLUMN=VALUE picks one slice\n",
              combined, combined == 1 ? "" : "s");
    char title[512];
    if (a->title)
      snprintf(title, sizeof title, "%s", a->title);
    else if (a->group)
      snprintf(title, sizeof title, "%s by %s", a->bar, a->group);
    else
      snprintf(title, sizeof title, "%s", a->bar);
    put_preamble(f, a, title, a->bar, rows.n * ng);
    fputs("set style data histograms\n"
          "set style histogram clustered gap 1\n"
          "set style fill solid 0.85 border -1\n"
          "set xtics rotate by -30 nomirror\n"
          "set xzeroaxis lt -1\n",
          f);
    if (!any_negative) /* bars start at zero */
      fputs("set yrange [0:*]\n", f);
    if (c->group >= 0) {
      fputs("set key outside right top vertical title ", f);
      put_string(f, a->group);
      fputc('\n', f);
    } else
      fputs("set key off\n", f);
    fputs("$bars << EOD\n", f);
    for (size_t x = 0; x < rows.n; x++) {
      put_field(f, rows.v[x]);
      for (size_t g = 0; g < ng; g++) {
        const bar_cell *b = &cell[x * ng + g];
        if (!b->n)
          fputs("\t-", f);
        else if (b->nonpositive)
          fprintf(f, "\t%.15g", b->sum / (double)b->n);
        else
          fprintf(f, "\t%.15g", exp(b->log_sum / (double)b->n));
      }
      fputc('\n', f);
    }
    fputs("EOD\nplot ", f);
    for (size_t g = 0; g < ng; g++) {
      fprintf(f, "%s$bars using %zu%s title ", g ? ", \\\n     " : "", g + 2,
              g ? "" : ":xtic(1)");
      put_string(f, c->group >= 0 ? groups.v[g] : a->bar);
    }
    fputc('\n', f);
  }
  free(labels);
  free(rows.v);
  free(groups.v);
  free(cell);
  free(at);
  free(value);
  return rc;
}

/* The scatter plot: one datablock per group value, points labelled with
 * their row's program. */
static int write_scatter(FILE *f, const csv_table *t, const plot_args *a, const plot_cols *c)
{
  bool with_kernel = programs_have_kernels(t, c);
  name_list groups = {malloc(t->nrows * sizeof(char *) + 1), 0};
  size_t *group_of = malloc(t->nrows * sizeof *group_of + 1);
  double *xy = malloc(2 * t->nrows * sizeof *xy + 1);
  if (!groups.v || !group_of || !xy) {
    fprintf(stderr, "ptxsim: error: out of memory\n");
    free(groups.v);
    free(group_of);
    free(xy);
    return CLI_FAIL;
  }
  int rc = CLI_OK;
  size_t used = 0;
  for (size_t r = 0; r < t->nrows; r++) {
    group_of[r] = SIZE_MAX;
    if (!row_selected(t, a, c, r))
      continue;
    int kx = cell_number(t, a->csv, r, c->x, &xy[2 * r]);
    int ky = cell_number(t, a->csv, r, c->y, &xy[2 * r + 1]);
    if (kx < 0 || ky < 0) {
      rc = CLI_FAIL;
      break;
    }
    if (kx <= 0 || ky <= 0)
      continue;
    group_of[r] = c->group >= 0 ? name_index(&groups, csv_table_at(t, r, (size_t)c->group)) : 0;
    used++;
  }
  if (rc == CLI_OK && used == 0) {
    fprintf(stderr, "%s: error: no row has values in both '%s' and '%s'%s\n", a->csv, a->x, a->y,
            a->n_where ? " (after --where)" : "");
    rc = CLI_FAIL;
  }
  if (rc == CLI_OK) {
    size_t ng = c->group >= 0 ? groups.n : 1;
    char title[512];
    if (a->title)
      snprintf(title, sizeof title, "%s", a->title);
    else
      snprintf(title, sizeof title, "%s against %s%s%s", a->y, a->x, a->group ? " by " : "",
               a->group ? a->group : "");
    put_preamble(f, a, title, a->y, 0);
    fputs("set xlabel ", f);
    put_string(f, a->x);
    /* Room for the labels right of the points at the edges. */
    fputs("\nset grid xtics\nset offsets graph 0.04, graph 0.15, graph 0.06, graph 0.06\n", f);
    if (c->group >= 0) {
      fputs("set key outside right top vertical title ", f);
      put_string(f, a->group);
      fputc('\n', f);
    } else
      fputs("set key off\n", f);
    for (size_t g = 0; g < ng; g++) {
      fprintf(f, "$points%zu << EOD\n", g);
      for (size_t r = 0; r < t->nrows; r++) {
        if (group_of[r] != g)
          continue;
        char label[256];
        row_label(t, c, r, with_kernel, label, sizeof label);
        fprintf(f, "%.15g\t%.15g\t", xy[2 * r], xy[2 * r + 1]);
        put_field(f, label);
        fputc('\n', f);
      }
      fputs("EOD\n", f);
    }
    fputs("plot ", f);
    for (size_t g = 0; g < ng; g++) {
      fprintf(f, "%s$points%zu using 1:2 with points pt 7 ps 1.2 lc %zu title ", g ? ", \\\n     " : "",
              g, g + 1);
      put_string(f, c->group >= 0 ? groups.v[g] : a->y);
      fprintf(f, ", \\\n     $points%zu using 1:2:3 with labels offset char 0.6,0.6 left "
                 "tc lt %zu notitle",
              g, g + 1);
    }
    fputc('\n', f);
  }
  free(groups.v);
  free(group_of);
  free(xy);
  return rc;
}

/* Runs gnuplot on script (len bytes) through a pipe. */
static int run_gnuplot(const char *script, size_t len, const char *out)
{
  const char *prog = getenv("PTXSIM_GNUPLOT");
  if (!prog || !*prog)
    prog = "gnuplot";
  int fd[2];
  if (pipe(fd) != 0) {
    fprintf(stderr, "ptxsim: error: pipe: %s\n", strerror(errno));
    return CLI_FAIL;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&fa, fd[0]);
  posix_spawn_file_actions_addclose(&fa, fd[1]);
  char *argv[] = {(char *)prog, NULL};
  pid_t pid;
  int e = posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fd[0]);
  if (e != 0) {
    close(fd[1]);
    fprintf(stderr, "ptxsim: error: cannot run %s: %s%s\n", prog, strerror(e),
            e == ENOENT ? " (install gnuplot: apt-get install gnuplot-nox)" : "");
    return CLI_FAIL;
  }
  /* gnuplot may stop reading at an error: that is its exit status's
   * business, not a signal's. */
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  for (size_t done = 0; done < len;) {
    ssize_t w = write(fd[1], script + done, len - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    done += (size_t)w;
  }
  close(fd[1]);
  signal(SIGPIPE, old);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "ptxsim: error: waiting for %s: %s\n", prog, strerror(errno));
      return CLI_FAIL;
    }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "ptxsim: error: %s failed (%s %d); no chart\n", prog,
            WIFEXITED(status) ? "exit status" : "signal",
            WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    return CLI_FAIL;
  }
  struct stat st;
  if (stat(out, &st) != 0 || st.st_size == 0) {
    fprintf(stderr, "ptxsim: error: %s wrote no %s\n", prog, out);
    return CLI_FAIL;
  }
  return CLI_OK;
}

static int write_script_file(const char *path, const char *script, size_t len)
{
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "%s: error: %s\n", path, strerror(errno));
    return CLI_FAIL;
  }
  fwrite(script, 1, len, f);
  return cli_close_output(f, path, "the gnuplot script", 0);
}

int cmd_plot(int argc, char **argv)
{
  plot_args a = {0};
  int rc = parse_args(argc, argv, &a);
  if (rc != CLI_OK)
    return rc;
  csv_table t;
  char err[512];
  if (csv_table_read(&t, a.csv, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return CLI_FAIL;
  }
  plot_cols c;
  rc = resolve_columns(&t, &a, &c);
  if (rc == CLI_OK && t.nrows == 0) {
    fprintf(stderr, "%s: error: no rows after the header\n", a.csv);
    rc = CLI_FAIL;
  }
  char *script = NULL;
  size_t len = 0;
  if (rc == CLI_OK) {
    FILE *f = open_memstream(&script, &len);
    if (!f) {
      fprintf(stderr, "ptxsim: error: %s\n", strerror(errno));
      rc = CLI_FAIL;
    } else {
      rc = a.bar ? write_bars(f, &t, &a, &c) : write_scatter(f, &t, &a, &c);
      if (fclose(f) != 0 && rc == CLI_OK) {
        fprintf(stderr, "ptxsim: error: out of memory\n");
        rc = CLI_FAIL;
      }
    }
  }
  if (rc == CLI_OK && a.script)
    rc = write_script_file(a.script, script, len);
  if (rc == CLI_OK)
    rc = run_gnuplot(script, len, a.out);
  free(script);
  csv_table_free(&t);
  return rc;
}
