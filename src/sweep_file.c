/* sweep_file.c -- reads and checks a sweep file (sweep_file.h).
 *
 * Both forms become the same statements (keyword, words, line) that one
 * function checks and applies, so the text and the JSON form accept
 * exactly the same sweeps and give the same errors.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/json_read.h"
#include "src/sweep_file.h"

int sweep_strv_push(sweep_strv *sv, const char *s)
{
  char **v = realloc(sv->v, (sv->n + 2) * sizeof *v);
  if (!v)
    return -1;
  sv->v = v;
  if (!(v[sv->n] = strdup(s)))
    return -1;
  v[++sv->n] = NULL;
  return 0;
}

void sweep_strv_free(sweep_strv *sv)
{
  for (size_t i = 0; i < sv->n; i++)
    free(sv->v[i]);
  free(sv->v);
  sv->v = NULL;
  sv->n = 0;
}

void sweep_spec_free(sweep_spec *spec)
{
  for (size_t i = 0; i < spec->n_programs; i++) {
    free(spec->programs[i].name);
    sweep_strv_free(&spec->programs[i].args);
  }
  free(spec->programs);
  sweep_strv_free(&spec->configs);
  for (size_t i = 0; i < spec->n_variants; i++) {
    free(spec->variants[i].name);
    sweep_strv_free(&spec->variants[i].opts);
  }
  free(spec->variants);
  for (size_t i = 0; i < spec->n_options; i++) {
    free(spec->options[i].name);
    sweep_strv_free(&spec->options[i].values);
  }
  free(spec->options);
  sweep_strv_free(&spec->sets);
  free(spec->set_lines);
  memset(spec, 0, sizeof *spec);
}

size_t sweep_job_count(const sweep_spec *spec)
{
  size_t n = spec->n_programs * (spec->configs.n ? spec->configs.n : 1) *
             (spec->n_variants ? spec->n_variants : 1);
  for (size_t i = 0; i < spec->n_options; i++)
    n *= spec->options[i].values.n;
  return n;
}

/* ---- checking and applying one statement -------------------------------- */

typedef struct sweep_reader {
  const char *path;   /* for messages */
  char *dir;          /* the sweep file's folder, absolute */
  FILE *msgs;
  sweep_spec *spec;
  int errors;
  unsigned mode_line, config_line, first_option_line;
} sweep_reader;

__attribute__((format(printf, 3, 4))) static void error_at(sweep_reader *r, unsigned line,
                                                           const char *fmt, ...)
{
  va_list ap;
  if (line)
    fprintf(r->msgs, "%s:%u: error: ", r->path, line);
  else
    fprintf(r->msgs, "%s: error: ", r->path);
  va_start(ap, fmt);
  vfprintf(r->msgs, fmt, ap);
  va_end(ap);
  fputc('\n', r->msgs);
  r->errors++;
}

static int out_of_memory(sweep_reader *r, unsigned line)
{
  error_at(r, line, "out of memory");
  return -1;
}

/* A name that goes into the manifest (TSV) and the CSV unquoted. */
static bool is_plain_name(const char *s)
{
  if (!*s)
    return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          strchr("_.+-:@", *s)))
      return false;
  return true;
}

/* Values go into the manifest as TSV fields: no tab or line break. */
static bool is_field(const char *s)
{
  return *s && !strpbrk(s, "\t\n\r");
}

/* path made absolute against the sweep file's folder. */
static int push_path(sweep_reader *r, sweep_strv *sv, const char *prefix, const char *path)
{
  if (path[0] == '/') {
    size_t n = strlen(prefix) + strlen(path) + 1;
    char *s = malloc(n);
    if (!s)
      return -1;
    snprintf(s, n, "%s%s", prefix, path);
    int rc = sweep_strv_push(sv, s);
    free(s);
    return rc;
  }
  while (path[0] == '.' && path[1] == '/')
    path += 2;
  size_t n = strlen(prefix) + strlen(r->dir) + strlen(path) + 2;
  char *s = malloc(n);
  if (!s)
    return -1;
  snprintf(s, n, "%s%s/%s", prefix, r->dir, path);
  int rc = sweep_strv_push(sv, s);
  free(s);
  return rc;
}

static sweep_program *find_program(const sweep_spec *spec, const char *name)
{
  for (size_t i = 0; i < spec->n_programs; i++)
    if (strcmp(spec->programs[i].name, name) == 0)
      return &spec->programs[i];
  return NULL;
}

/* The options of ptxsim run that the sweep sets itself. */
static const char *const sweep_owned[] = {"--stats", "--mode", "--config", "--progress"};

/* An argument of ptxsim run that holds an input file path: buf:in=PATH,
 * alone or as the value of --arg= / --preempt-arg=.  The length of what
 * comes before PATH, or 0. */
static size_t input_prefix(const char *a)
{
  static const char *const forms[] = {"buf:in=", "--arg=buf:in=", "--preempt-arg=buf:in="};
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    if (strncmp(a, forms[i], strlen(forms[i])) == 0 && a[strlen(forms[i])])
      return strlen(forms[i]);
  return 0;
}

static int add_program(sweep_reader *r, unsigned line, bool is_exec, const sweep_strv *w)
{
  const char *kw = is_exec ? "exec" : "run";
  if (w->n < 3) {
    error_at(r, line, is_exec ? "exec needs a NAME and a PROGRAM (exec NAME PROGRAM ARGS...)"
                              : "run needs a NAME and ptxsim run's arguments (run NAME FILE.ptx "
                                "ARGS...)");
    return 0;
  }
  const char *name = w->v[1];
  if (!is_plain_name(name)) {
    error_at(r, line, "%s: bad NAME '%s' (letters, digits and _ . + - : @ only)", kw, name);
    return 0;
  }
  const sweep_program *dup = find_program(r->spec, name);
  if (dup) {
    error_at(r, line, "%s: NAME '%s' is already used on line %u", kw, name, dup->line);
    return 0;
  }
  if (!is_exec && w->v[2][0] == '-') {
    error_at(r, line, "run %s: the first argument must be the PTX file, not '%s'", name,
             w->v[2]);
    return 0;
  }
  for (size_t i = 2; i < w->n; i++) {
    if (!is_field(w->v[i])) {
      error_at(r, line, "%s %s: an empty argument or one with a tab or line break", kw, name);
      return 0;
    }
    for (size_t k = 0; !is_exec && k < sizeof sweep_owned / sizeof sweep_owned[0]; k++) {
      size_t n = strlen(sweep_owned[k]);
      if (strncmp(w->v[i], sweep_owned[k], n) == 0 && (!w->v[i][n] || w->v[i][n] == '=')) {
        error_at(r, line, "run %s: %s is set by the sweep (use mode, config or option lines)",
                 name, sweep_owned[k]);
        return 0;
      }
    }
  }
  sweep_program *ps = realloc(r->spec->programs, (r->spec->n_programs + 1) * sizeof *ps);
  if (!ps)
    return out_of_memory(r, line);
  r->spec->programs = ps;
  sweep_program *p = &ps[r->spec->n_programs++];
  *p = (sweep_program){.is_exec = is_exec, .name = strdup(name), .line = line};
  if (!p->name)
    return out_of_memory(r, line);
  for (size_t i = 2; i < w->n; i++) {
    size_t pre = input_prefix(w->v[i]);
    int rc;
    if (i == 2) /* the PTX file or the program */
      rc = push_path(r, &p->args, "", w->v[i]);
    else if (!is_exec && pre) {
      char prefix[32];
      snprintf(prefix, sizeof prefix, "%.*s", (int)pre, w->v[i]);
      rc = push_path(r, &p->args, prefix, w->v[i] + pre);
    } else
      rc = sweep_strv_push(&p->args, w->v[i]);
    if (rc)
      return out_of_memory(r, line);
  }
  return 0;
}

/* Checks a list of swept values: fields, no repeats. */
static bool check_values(sweep_reader *r, unsigned line, const char *what, const sweep_strv *w,
                         size_t from)
{
  if (w->n <= from) {
    error_at(r, line, "%s needs at least one value", what);
    return false;
  }
  for (size_t i = from; i < w->n; i++) {
    if (!is_field(w->v[i]) || strchr(w->v[i], ',') || strchr(w->v[i], '"')) {
      error_at(r, line, "%s: bad value '%s' (empty, or with a tab, comma or quote)", what,
               w->v[i]);
      return false;
    }
    for (size_t j = from; j < i; j++)
      if (strcmp(w->v[i], w->v[j]) == 0) {
        error_at(r, line, "%s: value '%s' given twice", what, w->v[i]);
        return false;
      }
  }
  return true;
}

static bool is_config_file(const char *v)
{
  size_t n = strlen(v);
  return strchr(v, '/') || (n > 7 && strcmp(v + n - 7, ".config") == 0);
}

static int add_config(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  if (!check_values(r, line, "config", w, 1))
    return 0;
  if (r->config_line) {
    error_at(r, line, "config is already given on line %u (list every value on one line)",
             r->config_line);
    return 0;
  }
  r->config_line = r->spec->config_line = line;
  for (size_t i = 1; i < w->n; i++)
    if (is_config_file(w->v[i]) ? push_path(r, &r->spec->configs, "", w->v[i])
                                : sweep_strv_push(&r->spec->configs, w->v[i]))
      return out_of_memory(r, line);
  return 0;
}

/* An option name: a dash, then a plain name. */
static bool check_option_name(sweep_reader *r, unsigned line, const char *kw, const char *s,
                              size_t len)
{
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)len, s);
  if (s[0] != '-' || len < 2 || len >= sizeof name || !is_plain_name(name + 1)) {
    error_at(r, line, "%s: '%s' is not an option name (-NAME)", kw, name);
    return false;
  }
  return true;
}

static const sweep_option *find_option(const sweep_spec *spec, const char *name, size_t len)
{
  for (size_t i = 0; i < spec->n_options; i++)
    if (strlen(spec->options[i].name) == len && strncmp(spec->options[i].name, name, len) == 0)
      return &spec->options[i];
  return NULL;
}

static const char *find_set(const sweep_spec *spec, const char *name, size_t len)
{
  for (size_t i = 0; i < spec->sets.n; i++)
    if (strncmp(spec->sets.v[i] + 1, name, len) == 0 && spec->sets.v[i][len + 1] == '=')
      return spec->sets.v[i];
  return NULL;
}

static int add_option(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  if (w->n < 2) {
    error_at(r, line, "option needs a name and values (option -NAME VALUE...)");
    return 0;
  }
  const char *name = w->v[1];
  if (!check_option_name(r, line, "option", name, strlen(name)))
    return 0;
  char what[300];
  snprintf(what, sizeof what, "option %s", name);
  if (!check_values(r, line, what, w, 2))
    return 0;
  const sweep_option *dup = find_option(r->spec, name + 1, strlen(name + 1));
  if (dup) {
    error_at(r, line, "option %s is already swept on line %u", name, dup->line);
    return 0;
  }
  if (find_set(r->spec, name + 1, strlen(name + 1))) {
    error_at(r, line, "option %s is both swept and set", name);
    return 0;
  }
  sweep_option *os = realloc(r->spec->options, (r->spec->n_options + 1) * sizeof *os);
  if (!os)
    return out_of_memory(r, line);
  r->spec->options = os;
  sweep_option *o = &os[r->spec->n_options++];
  *o = (sweep_option){.name = strdup(name + 1), .line = line};
  if (!o->name)
    return out_of_memory(r, line);
  for (size_t i = 2; i < w->n; i++)
    if (sweep_strv_push(&o->values, w->v[i]))
      return out_of_memory(r, line);
  if (!r->first_option_line)
    r->first_option_line = line;
  return 0;
}

/* Checks one -NAME=VALUE of a set or variant line. */
static bool check_assignment(sweep_reader *r, unsigned line, const char *kw, const char *s)
{
  const char *eq = strchr(s, '=');
  if (!eq) {
    error_at(r, line, "%s: '%s' is not -NAME=VALUE", kw, s);
    return false;
  }
  if (!check_option_name(r, line, kw, s, (size_t)(eq - s)))
    return false;
  if (!eq[1] || !is_field(eq + 1)) {
    error_at(r, line, "%s %.*s: the value is empty or has a tab or line break", kw,
             (int)(eq - s), s);
    return false;
  }
  if (find_option(r->spec, s + 1, (size_t)(eq - s - 1))) {
    error_at(r, line, "option %.*s is both swept and %s", (int)(eq - s), s,
             kw[0] == 's' ? "set" : "in a variant");
    return false;
  }
  return true;
}

static int add_set(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  if (w->n != 2 || !strchr(w->v[1], '=')) {
    error_at(r, line, "set takes one -NAME=VALUE");
    return 0;
  }
  const char *s = w->v[1], *eq = strchr(s, '=');
  if (!check_assignment(r, line, "set", s))
    return 0;
  if (find_set(r->spec, s + 1, (size_t)(eq - s - 1))) {
    error_at(r, line, "option %.*s is set twice", (int)(eq - s), s);
    return 0;
  }
  unsigned *lines = realloc(r->spec->set_lines, (r->spec->sets.n + 1) * sizeof *lines);
  if (!lines)
    return out_of_memory(r, line);
  r->spec->set_lines = lines;
  lines[r->spec->sets.n] = line;
  if (sweep_strv_push(&r->spec->sets, s))
    return out_of_memory(r, line);
  return 0;
}

static int add_variant(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  if (w->n < 2) {
    error_at(r, line, "variant needs a NAME (variant NAME -NAME=VALUE...)");
    return 0;
  }
  const char *name = w->v[1];
  if (!is_plain_name(name)) {
    error_at(r, line, "variant: bad NAME '%s' (letters, digits and _ . + - : @ only)", name);
    return 0;
  }
  for (size_t i = 0; i < r->spec->n_variants; i++)
    if (strcmp(r->spec->variants[i].name, name) == 0) {
      error_at(r, line, "variant: NAME '%s' is already used on line %u", name,
               r->spec->variants[i].line);
      return 0;
    }
  char what[300];
  snprintf(what, sizeof what, "variant %s", name);
  for (size_t i = 2; i < w->n; i++) {
    if (!check_assignment(r, line, what, w->v[i]))
      return 0;
    size_t len = (size_t)(strchr(w->v[i], '=') - w->v[i]);
    for (size_t j = 2; j < i; j++)
      if (strncmp(w->v[j], w->v[i], len + 1) == 0) {
        error_at(r, line, "%s: option %.*s given twice", what, (int)len, w->v[i]);
        return 0;
      }
  }
  sweep_variant *vs = realloc(r->spec->variants, (r->spec->n_variants + 1) * sizeof *vs);
  if (!vs)
    return out_of_memory(r, line);
  r->spec->variants = vs;
  sweep_variant *v = &vs[r->spec->n_variants++];
  *v = (sweep_variant){.name = strdup(name), .line = line};
  if (!v->name)
    return out_of_memory(r, line);
  for (size_t i = 2; i < w->n; i++)
    if (sweep_strv_push(&v->opts, w->v[i]))
      return out_of_memory(r, line);
  if (!r->first_option_line)
    r->first_option_line = line;
  return 0;
}

static int add_mode(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  if (w->n != 2 || (strcmp(w->v[1], "functional") != 0 && strcmp(w->v[1], "timing") != 0)) {
    error_at(r, line, "mode takes functional or timing");
    return 0;
  }
  if (r->mode_line) {
    error_at(r, line, "mode is already given on line %u", r->mode_line);
    return 0;
  }
  r->mode_line = line;
  r->spec->is_functional = strcmp(w->v[1], "functional") == 0;
  return 0;
}

static int add_run(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  return add_program(r, line, false, w);
}

static int add_exec(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  return add_program(r, line, true, w);
}

/* The statements, in the order messages list them.  The JSON form's
 * members are the same words. */
static const struct sweep_statement {
  const char *keyword;
  int (*add)(sweep_reader *r, unsigned line, const sweep_strv *w);
} statements[] = {
  {"run", add_run},         {"exec", add_exec}, {"config", add_config}, {"option", add_option},
  {"variant", add_variant}, {"mode", add_mode}, {"set", add_set},
};
enum { N_STATEMENTS = sizeof statements / sizeof statements[0] };

static const struct sweep_statement *find_statement(const char *keyword)
{
  for (size_t i = 0; i < N_STATEMENTS; i++)
    if (strcmp(statements[i].keyword, keyword) == 0)
      return &statements[i];
  return NULL;
}

/* "run, exec, ... or set" into list (128 bytes hold it). */
static const char *statement_list(char *list, size_t size)
{
  list[0] = 0;
  for (size_t i = 0; i < N_STATEMENTS; i++)
    snprintf(list + strlen(list), size - strlen(list), "%s%s",
             i == 0 ? "" : i + 1 == N_STATEMENTS ? " or " : ", ", statements[i].keyword);
  return list;
}

/* One statement: w->v[0] the keyword.  -1 only when out of memory. */
static int apply(sweep_reader *r, unsigned line, const sweep_strv *w)
{
  const struct sweep_statement *st = find_statement(w->v[0]);
  if (st)
    return st->add(r, line, w);
  char list[128];
  error_at(r, line, "unknown statement '%s' (%s)", w->v[0], statement_list(list, sizeof list));
  return 0;
}

/* The checks that need the whole file. */
static void check_whole(sweep_reader *r, unsigned last_line)
{
  const sweep_spec *s = r->spec;
  if (!s->n_programs)
    error_at(r, last_line, "no run or exec statement: nothing to sweep");
  /* A variant's options may come before the option or set line of the
   * same name. */
  for (size_t i = 0; i < s->n_variants; i++)
    for (size_t j = 0; j < s->variants[i].opts.n; j++) {
      const char *o = s->variants[i].opts.v[j];
      size_t len = (size_t)(strchr(o, '=') - o);
      if (find_option(s, o + 1, len - 1) || find_set(s, o + 1, len - 1))
        error_at(r, s->variants[i].line, "variant %s: option %.*s is also %s",
                 s->variants[i].name, (int)len, o,
                 find_option(s, o + 1, len - 1) ? "swept" : "set");
    }
  if (s->is_functional) {
    unsigned line = r->config_line    ? r->config_line
                    : r->first_option_line ? r->first_option_line
                                           : r->mode_line;
    if (s->configs.n || s->n_options || s->sets.n || s->n_variants)
      error_at(r, line, "config, option, variant and set need timing mode (mode functional is on line %u)",
               r->mode_line);
  }
}

/* ---- the text form ------------------------------------------------------ */

/* Splits the text into statements: words of one logical line (a
 * backslash before the line break continues it). */
static int read_text(sweep_reader *r, const char *text)
{
  const char *p = text;
  unsigned line = 1;
  sweep_strv words = {0};
  char *word = malloc(strlen(text) + 1);
  if (!word)
    return out_of_memory(r, 0);
  int rc = 0;
  while (*p && rc == 0) {
    unsigned stmt_line = line;
    bool bad = false;
    for (;;) { /* the words of one statement */
      while (*p == ' ' || *p == '\t' || *p == '\r' || (p[0] == '\\' && p[1] == '\n')) {
        if (*p == '\\') {
          p++;
          line++;
        }
        p++;
      }
      if (*p == '#')
        while (*p && *p != '\n')
          p++;
      if (!*p || *p == '\n')
        break;
      size_t n = 0;
      char quote = 0;
      while (*p && (quote || !strchr(" \t\r\n", *p))) {
        if (quote && *p == quote) {
          quote = 0;
          p++;
        } else if (!quote && (*p == '\'' || *p == '"')) {
          quote = *p++;
        } else if (*p == '\\' && quote != '\'' && p[1] && p[1] != '\n') {
          word[n++] = p[1];
          p += 2;
        } else if (*p == '\n') { /* inside quotes */
          break;
        } else if (*p == '\\' && !quote && p[1] == '\n') {
          break; /* a continuation ends the word */
        } else {
          word[n++] = *p++;
        }
      }
      if (quote) {
        error_at(r, line, "unterminated %s quote", quote == '\'' ? "single" : "double");
        bad = true;
        while (*p && *p != '\n')
          p++;
        break;
      }
      word[n] = 0;
      if (sweep_strv_push(&words, word)) {
        rc = out_of_memory(r, line);
        break;
      }
    }
    if (*p == '\n') {
      p++;
      line++;
    }
    if (!bad && rc == 0 && words.n)
      rc = apply(r, stmt_line, &words);
    sweep_strv_free(&words);
  }
  free(word);
  check_whole(r, line > 1 ? line - 1 : 1);
  return rc;
}

/* ---- the JSON form ------------------------------------------------------ */

/* A JSON string or number as a word; false (with an error) otherwise. */
static bool json_word(sweep_reader *r, const jr_value *v, const char *what, sweep_strv *w)
{
  if (v->kind != JR_STR && v->kind != JR_NUM) {
    error_at(r, v->line, "%s: expected a string or a number", what);
    return false;
  }
  if (sweep_strv_push(w, v->text)) {
    out_of_memory(r, v->line);
    return false;
  }
  return true;
}

/* "key": {"NAME": [words...]} -> one statement "kw NAME words..." per member. */
static int json_named_lists(sweep_reader *r, const char *kw, const jr_value *obj)
{
  if (obj->kind != JR_OBJ) {
    error_at(r, obj->line, "\"%s\": expected an object of NAME: [...] members", kw);
    return 0;
  }
  for (size_t i = 0; i < obj->n; i++) {
    const jr_value *v = &obj->items[i];
    sweep_strv w = {0};
    bool ok = sweep_strv_push(&w, kw) == 0 && sweep_strv_push(&w, obj->keys[i]) == 0;
    if (!ok) {
      sweep_strv_free(&w);
      return out_of_memory(r, v->line);
    }
    char what[300];
    snprintf(what, sizeof what, "\"%s\": \"%s\"", kw, obj->keys[i]);
    if (v->kind == JR_ARR) {
      for (size_t j = 0; ok && j < v->n; j++)
        ok = json_word(r, &v->items[j], what, &w);
    } else if (strcmp(kw, "set") == 0) {
      ok = json_word(r, v, what, &w);
      if (ok) { /* "-NAME": VALUE -> "-NAME=VALUE" */
        size_t n = strlen(w.v[1]) + strlen(w.v[2]) + 2;
        char *s = malloc(n);
        if (!s) {
          sweep_strv_free(&w);
          return out_of_memory(r, v->line);
        }
        snprintf(s, n, "%s=%s", w.v[1], w.v[2]);
        sweep_strv_free(&w);
        ok = sweep_strv_push(&w, kw) == 0 && sweep_strv_push(&w, s) == 0;
        free(s);
        if (!ok) {
          sweep_strv_free(&w);
          return out_of_memory(r, v->line);
        }
      }
    } else {
      error_at(r, v->line, "%s: expected an array", what);
      ok = false;
    }
    int rc = ok ? apply(r, v->line, &w) : 0;
    sweep_strv_free(&w);
    if (rc)
      return rc;
  }
  return 0;
}

static int read_json(sweep_reader *r, const char *text)
{
  char err[256];
  unsigned err_line = 0;
  jr_value *doc = jr_parse(text, &err_line, err, sizeof err);
  if (!doc) {
    error_at(r, err_line, "%s", err);
    return 0;
  }
  int rc = 0;
  if (doc->kind != JR_OBJ)
    error_at(r, doc->line, "a JSON sweep file is one object");
  for (size_t i = 0; rc == 0 && doc->kind == JR_OBJ && i < doc->n; i++) {
    const char *key = doc->keys[i];
    const jr_value *v = &doc->items[i];
    for (size_t j = 0; j < i; j++)
      if (strcmp(doc->keys[j], key) == 0) {
        error_at(r, v->line, "\"%s\" is given twice", key);
        goto next;
      }
    if (strcmp(key, "run") == 0 || strcmp(key, "exec") == 0 || strcmp(key, "option") == 0 ||
        strcmp(key, "set") == 0 || strcmp(key, "variant") == 0) {
      rc = json_named_lists(r, key, v);
    } else if (strcmp(key, "config") == 0 || strcmp(key, "mode") == 0) {
      sweep_strv w = {0};
      bool ok = sweep_strv_push(&w, key) == 0;
      if (v->kind == JR_ARR && key[0] == 'c')
        for (size_t j = 0; ok && j < v->n; j++)
          ok = json_word(r, &v->items[j], key, &w);
      else if (v->kind == JR_STR && key[0] == 'm')
        ok = json_word(r, v, key, &w);
      else {
        error_at(r, v->line, "\"%s\": expected %s", key,
                 key[0] == 'c' ? "an array of names" : "\"functional\" or \"timing\"");
        ok = false;
      }
      if (ok)
        rc = apply(r, v->line, &w);
      sweep_strv_free(&w);
    } else {
      char list[128];
      error_at(r, v->line, "unknown member \"%s\" (%s)", key, statement_list(list, sizeof list));
    }
  next:;
  }
  unsigned last = 1;
  for (const char *p = text; *p; p++)
    last += *p == '\n' && p[1];
  if (doc->kind == JR_OBJ)
    check_whole(r, last);
  jr_free(doc);
  return rc;
}

/* ---- the file ------------------------------------------------------------ */

/* The folder of path, absolute. */
static char *folder_of(const char *path)
{
  const char *slash = strrchr(path, '/');
  char cwd[4096];
  size_t n;
  if (slash && slash == path)
    return strdup("/");
  if (path[0] == '/')
    return strndup(path, (size_t)(slash - path));
  if (!getcwd(cwd, sizeof cwd))
    return NULL;
  n = strlen(cwd) + (slash ? (size_t)(slash - path) : 0) + 2;
  char *s = malloc(n);
  if (!s)
    return NULL;
  if (slash)
    snprintf(s, n, "%s/%.*s", cwd, (int)(slash - path), path);
  else
    snprintf(s, n, "%s", cwd);
  return s;
}

int sweep_file_read(const char *path, sweep_spec *spec, FILE *msgs)
{
  memset(spec, 0, sizeof *spec);
  char *text = jr_read_file(path, NULL);
  if (!text) {
    fprintf(msgs, "%s: error: cannot read the sweep file: %s\n", path, strerror(errno));
    return -1;
  }
  sweep_reader r = {.path = path, .dir = folder_of(path), .msgs = msgs, .spec = spec};
  int rc;
  if (!r.dir) {
    fprintf(msgs, "%s: error: cannot find its folder: %s\n", path, strerror(errno));
    rc = -1;
  } else {
    const char *p = text;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
      p++;
    rc = *p == '{' || *p == '[' ? read_json(&r, text) : read_text(&r, text);
  }
  free(r.dir);
  free(text);
  if (rc || r.errors) {
    sweep_spec_free(spec);
    return -1;
  }
  return 0;
}
