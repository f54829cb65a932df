/* ptx_link.c -- text-level linking of relocatable PTX (see ptx_link.h).
 *
 * Each text is split into module-scope statements: a directive that ends
 * with its line (.version, .target, .address_size, .file), a declaration
 * that ends with ';', or a function whose body ends with the '}' that
 * closes it.  Each statement is classified (linkage, function or variable,
 * name, whether it defines), then written out in the order ptx_link.h
 * gives.  Link time only: the simple linear searches are fine.
 */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_link.h"

typedef enum st_kind { ST_HEADER, ST_FILE, ST_VAR, ST_FUNC, ST_OTHER } st_kind;
typedef enum st_link { LK_INTERNAL, LK_VISIBLE, LK_EXTERN, LK_WEAK, LK_COMMON } st_link;

typedef struct stmt {
  const char *s;      /* the text, from its first character */
  size_t len;
  st_kind kind;
  st_link link;
  bool is_def;        /* a function with a body, a variable not .extern */
  bool is_entry;
  bool keep;          /* written out (decided by the link) */
  const char *name;   /* into s; NULL for headers */
  size_t name_len;
  size_t proto_len;   /* a function: bytes of s up to its parameter list's ')' */
  unsigned unit;
} stmt;

typedef struct linker {
  stmt *st;
  size_t n, cap;
  const stmt **renamed; /* internal names another unit also uses */
  size_t n_renamed;
  char *out;
  size_t out_len, out_cap;
  bool oom;
} linker;

static bool is_id_start(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}

static bool is_id_char(char c)
{
  return is_id_start(c) || (c >= '0' && c <= '9');
}

/* Skips a comment or string at p (returns p when there is none). */
static const char *skip_comment(const char *p, const char *end)
{
  if (p + 1 < end && p[0] == '/' && p[1] == '/') {
    while (p < end && *p != '\n')
      p++;
    return p;
  }
  if (p + 1 < end && p[0] == '/' && p[1] == '*') {
    p += 2;
    while (p + 1 < end && !(p[0] == '*' && p[1] == '/'))
      p++;
    return p + 1 < end ? p + 2 : end;
  }
  if (*p == '"') {
    p++;
    while (p < end && *p != '"') {
      if (*p == '\\' && p + 1 < end)
        p++;
      p++;
    }
    return p < end ? p + 1 : end;
  }
  return p;
}

/* The next word at or after p within end: an identifier or a .directive;
 * other characters are returned one at a time.  *wl is its length. */
static const char *next_word(const char *p, const char *end, size_t *wl)
{
  for (;;) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
      p++;
    const char *q = p < end ? skip_comment(p, end) : p;
    if (q == p)
      break;
    p = q;
  }
  if (p >= end) {
    *wl = 0;
    return end;
  }
  const char *q = p;
  if (*q == '.' || is_id_start(*q)) {
    q++;
    while (q < end && is_id_char(*q))
      q++;
  } else if (*q >= '0' && *q <= '9') {
    while (q < end && (is_id_char(*q) || *q == '.'))
      q++;
  } else
    q++;
  *wl = (size_t)(q - p);
  return p;
}

static bool word_is(const char *w, size_t wl, const char *lit)
{
  return wl == strlen(lit) && !memcmp(w, lit, wl);
}

static void classify(stmt *t)
{
  const char *end = t->s + t->len, *p = t->s;
  size_t wl;
  t->kind = ST_OTHER;
  t->link = LK_INTERNAL;
  bool has_space = false;
  for (;;) {
    const char *w = next_word(p, end, &wl);
    if (!wl)
      return;
    p = w + wl;
    if (word_is(w, wl, ".version") || word_is(w, wl, ".target") ||
        word_is(w, wl, ".address_size")) {
      t->kind = ST_HEADER;
      return;
    }
    if (word_is(w, wl, ".file")) {
      t->kind = ST_FILE;
      return;
    }
    if (word_is(w, wl, ".visible"))
      t->link = LK_VISIBLE;
    else if (word_is(w, wl, ".extern"))
      t->link = LK_EXTERN;
    else if (word_is(w, wl, ".weak"))
      t->link = LK_WEAK;
    else if (word_is(w, wl, ".common"))
      t->link = LK_COMMON;
    else if (word_is(w, wl, ".entry") || word_is(w, wl, ".func")) {
      t->kind = ST_FUNC;
      t->is_entry = w[1] == 'e';
      const char *n = next_word(p, end, &wl);
      if (wl == 1 && *n == '(') { /* the return parameters */
        int depth = 0;
        for (p = n; p < end; p++) {
          const char *q = skip_comment(p, end);
          if (q != p) {
            p = q - 1;
            continue;
          }
          depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
          if (!depth)
            break;
        }
        n = next_word(p + 1, end, &wl);
      }
      if (!wl || !is_id_start(*n))
        return;
      t->name = n, t->name_len = wl;
      /* The prototype: up to the ')' closing the parameter list. */
      const char *q = next_word(n + wl, end, &wl);
      t->proto_len = (size_t)(n + t->name_len - t->s);
      if (wl == 1 && *q == '(') {
        int depth = 0;
        for (p = q; p < end; p++) {
          const char *c = skip_comment(p, end);
          if (c != p) {
            p = c - 1;
            continue;
          }
          depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
          if (!depth)
            break;
        }
        t->proto_len = (size_t)(p + 1 - t->s);
      }
      t->is_def = memchr(t->s, '{', t->len) != NULL && t->s[t->len - 1] == '}';
      return;
    } else if (word_is(w, wl, ".global") || word_is(w, wl, ".const") ||
               word_is(w, wl, ".shared") || word_is(w, wl, ".local") ||
               word_is(w, wl, ".tex") || word_is(w, wl, ".surfref") ||
               word_is(w, wl, ".texref") || word_is(w, wl, ".samplerref"))
      has_space = true;
    else if (has_space && is_id_start(*w)) {
      t->kind = ST_VAR;
      t->name = w, t->name_len = wl;
      t->is_def = t->link != LK_EXTERN;
      return;
    } else if (*w != '.' && !(*w >= '0' && *w <= '9'))
      return; /* something else: kept as it is */
  }
}

/* Splits text into statements (appended to lk). */
static int split(linker *lk, const char *text, size_t len, unsigned unit)
{
  const char *p = text, *end = text + len;
  for (;;) {
    size_t wl;
    const char *s = next_word(p, end, &wl);
    if (!wl)
      return 0;
    const char *q = s;
    bool line_end = word_is(s, wl, ".version") || word_is(s, wl, ".target") ||
                    word_is(s, wl, ".address_size") || word_is(s, wl, ".file");
    int depth = 0;
    for (; q < end; q++) {
      const char *c = skip_comment(q, end);
      if (c != q) {
        q = c - 1;
        continue;
      }
      if (line_end && *q == '\n')
        break;
      if (*q == '{')
        depth++;
      else if (*q == '}' && --depth == 0) {
        /* A function's body ends it; an initializer's braces are
         * followed by the declaration's ';'. */
        size_t nl;
        const char *after = next_word(q + 1, end, &nl);
        if (!(nl == 1 && (*after == ';' || *after == ','))) {
          q++;
          break;
        }
      } else if (*q == ';' && depth == 0) {
        q++;
        break;
      }
    }
    if (q >= end && !line_end && depth)
      return PTX_EPARSE;
    if (lk->n == lk->cap) {
      size_t cap = lk->cap ? 2 * lk->cap : 64;
      stmt *ns = realloc(lk->st, cap * sizeof *ns);
      if (!ns)
        return PTX_ENOMEM;
      lk->st = ns, lk->cap = cap;
    }
    stmt *t = &lk->st[lk->n++];
    *t = (stmt){.s = s, .len = (size_t)(q - s), .unit = unit, .keep = true};
    classify(t);
    p = q;
  }
}

static void put(linker *lk, const char *s, size_t n)
{
  if (lk->oom)
    return;
  if (lk->out_len + n + 1 > lk->out_cap) {
    size_t cap = lk->out_cap ? lk->out_cap : 4096;
    while (cap < lk->out_len + n + 1)
      cap *= 2;
    char *o = realloc(lk->out, cap);
    if (!o) {
      lk->oom = true;
      return;
    }
    lk->out = o, lk->out_cap = cap;
  }
  memcpy(lk->out + lk->out_len, s, n);
  lk->out_len += n;
  lk->out[lk->out_len] = 0;
}

static void puts_(linker *lk, const char *s)
{
  put(lk, s, strlen(s));
}

static bool same_name(const stmt *a, const stmt *b)
{
  return a->name && b->name && a->name_len == b->name_len &&
         !memcmp(a->name, b->name, a->name_len);
}

/* Is the internal name n (of unit u) used as a module-scope name by
 * another unit?  Then unit u's copy is renamed. */
static bool needs_rename(const linker *lk, const char *n, size_t nl, unsigned u)
{
  for (size_t i = 0; i < lk->n; i++) {
    const stmt *t = &lk->st[i];
    if (t->unit != u && t->name && t->name_len == nl && !memcmp(t->name, n, nl))
      return true;
  }
  return false;
}

/* Whether identifier w is renamed in unit u: an internal name unit u
 * declares at module scope that another unit also uses. */
static bool is_renamed(const linker *lk, const char *w, size_t wl, unsigned u)
{
  for (size_t i = 0; i < lk->n_renamed; i++) {
    const stmt *t = lk->renamed[i];
    if (t->unit == u && t->name_len == wl && !memcmp(t->name, w, wl))
      return true;
  }
  return false;
}

static int find_renamed(linker *lk)
{
  lk->renamed = malloc((lk->n ? lk->n : 1) * sizeof *lk->renamed);
  if (!lk->renamed)
    return PTX_ENOMEM;
  for (size_t i = 0; i < lk->n; i++) {
    const stmt *t = &lk->st[i];
    if (t->link == LK_INTERNAL && t->name && needs_rename(lk, t->name, t->name_len, t->unit))
      lk->renamed[lk->n_renamed++] = t;
  }
  return 0;
}

/* Writes n bytes of statement t, renaming its unit's clashing names. */
static void put_renamed(linker *lk, const stmt *t, size_t n)
{
  const char *p = t->s, *end = t->s + n, *flushed = p;
  while (p < end) {
    const char *c = skip_comment(p, end);
    if (c != p) {
      p = c;
      continue;
    }
    if (is_id_start(*p) && (p == t->s || (!is_id_char(p[-1]) && p[-1] != '.'))) {
      const char *q = p;
      while (q < end && is_id_char(*q))
        q++;
      if (is_renamed(lk, p, (size_t)(q - p), t->unit)) {
        put(lk, flushed, (size_t)(q - flushed));
        char suffix[24];
        snprintf(suffix, sizeof suffix, "$tu%u", t->unit + 1);
        puts_(lk, suffix);
        flushed = q;
      }
      p = q;
      continue;
    }
    p++;
  }
  put(lk, flushed, (size_t)(end - flushed));
}

static void PTX_PRINTF(3, 4) err_set(char *err, size_t errlen, const char *fmt, ...)
{
  if (!errlen)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

/* Does some unit declare t's name .extern? */
static bool is_extern_elsewhere(const linker *lk, const stmt *t)
{
  for (size_t i = 0; i < lk->n; i++)
    if (lk->st[i].link == LK_EXTERN && same_name(&lk->st[i], t))
      return true;
  return false;
}

/* Decides which statements are written: resolved .extern declarations
 * and all but the chosen definition of a visible name go.  Returns
 * PTX_EPARSE on two strong definitions. */
static int resolve(linker *lk, char *err, size_t errlen)
{
  for (size_t i = 0; i < lk->n; i++) {
    stmt *t = &lk->st[i];
    if (t->kind == ST_HEADER || t->kind == ST_FILE) {
      t->keep = false;
      continue;
    }
    if ((t->kind != ST_VAR && t->kind != ST_FUNC) || t->link == LK_INTERNAL)
      continue;
    /* The definition that wins: the first strong one, else the first. */
    stmt *win = NULL;
    for (size_t j = 0; j < lk->n; j++) {
      stmt *o = &lk->st[j];
      if (o->kind != t->kind || !o->is_def || o->link == LK_INTERNAL || o->link == LK_EXTERN ||
          !same_name(o, t))
        continue;
      bool strong = o->link == LK_VISIBLE;
      if (strong && win && win->link == LK_VISIBLE && o == t) {
        err_set(err, errlen, "relocatable device code: '%.*s' is defined in two translation "
                "units", (int)o->name_len, o->name);
        return PTX_EPARSE;
      }
      if (!win || (strong && win->link != LK_VISIBLE))
        win = o;
    }
    if (t->link == LK_EXTERN) {
      /* Unresolved: kept once (the first), to declare the built-in. */
      bool first = true;
      for (size_t j = 0; j < i && first; j++)
        first = !(lk->st[j].link == LK_EXTERN && same_name(&lk->st[j], t));
      t->keep = !win && first;
    } else if (t->is_def)
      t->keep = t == win;
    else
      t->keep = false; /* a visible prototype: the linked prototypes cover it */
  }
  return 0;
}

int ptx_link(const char *const *texts, const size_t *lens, size_t n, char **out,
             size_t *out_len, char *err, size_t errlen)
{
  linker lk = {0};
  *out = NULL;
  *out_len = 0;
  int rc = 0;
  unsigned best = 0, best_ver = 0;
  for (size_t u = 0; u < n && !rc; u++) {
    rc = split(&lk, texts[u], lens[u], (unsigned)u);
    if (rc == PTX_EPARSE)
      err_set(err, errlen, "relocatable device code: translation unit %zu ends inside a "
              "statement", u + 1);
  }
  if (!rc)
    rc = resolve(&lk, err, errlen);
  if (!rc)
    rc = find_renamed(&lk);
  if (rc) {
    if (rc == PTX_ENOMEM)
      err_set(err, errlen, "out of memory");
    free(lk.st);
    free(lk.renamed);
    return rc;
  }
  /* The header: the highest .version and its unit's .target. */
  for (size_t i = 0; i < lk.n; i++) {
    const stmt *t = &lk.st[i];
    size_t wl;
    const char *w = next_word(t->s, t->s + t->len, &wl);
    if (t->kind != ST_HEADER || !word_is(w, wl, ".version"))
      continue;
    unsigned maj = 0, min = 0;
    if (sscanf(w + wl, " %u.%u", &maj, &min) == 2 && maj * 100 + min > best_ver)
      best_ver = maj * 100 + min, best = t->unit;
  }
  for (size_t i = 0; i < lk.n; i++)
    if (lk.st[i].kind == ST_HEADER && lk.st[i].unit == best) {
      put(&lk, lk.st[i].s, lk.st[i].len);
      puts_(&lk, "\n");
    }
  puts_(&lk, "\n// ptxsim: the PTX of the translation units, linked (-rdc=true)\n");
  /* Declarations nothing defines, then the prototypes of the functions. */
  for (size_t i = 0; i < lk.n; i++)
    if (lk.st[i].keep && lk.st[i].link == LK_EXTERN) {
      put_renamed(&lk, &lk.st[i], lk.st[i].len);
      puts_(&lk, "\n");
    }
  for (size_t i = 0; i < lk.n; i++) {
    const stmt *t = &lk.st[i];
    if (!t->keep || t->kind != ST_FUNC || !t->is_def)
      continue;
    /* An internal function's own prototypes follow in its unit; a kernel
     * needs one only where another unit names it. */
    if (t->link == LK_INTERNAL || (t->is_entry && !is_extern_elsewhere(&lk, t)))
      continue;
    puts_(&lk, t->link == LK_VISIBLE ? ".visible " : t->link == LK_WEAK ? ".weak " : "");
    size_t wl;
    const char *w = next_word(t->s, t->s + t->len, &wl);
    /* Skip the definition's own linkage word. */
    const char *from = (word_is(w, wl, ".visible") || word_is(w, wl, ".weak")) ? w + wl : t->s;
    stmt proto = *t;
    proto.s = from;
    put_renamed(&lk, &proto, t->proto_len - (size_t)(from - t->s));
    puts_(&lk, ";\n");
  }
  /* Variables, then functions, each in unit order. */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < lk.n; i++) {
      const stmt *t = &lk.st[i];
      if (!t->keep || t->link == LK_EXTERN || (pass == 0) != (t->kind == ST_VAR))
        continue;
      put_renamed(&lk, t, t->len);
      puts_(&lk, "\n");
    }
  free(lk.st);
  free(lk.renamed);
  if (lk.oom) {
    free(lk.out);
    err_set(err, errlen, "out of memory");
    return PTX_ENOMEM;
  }
  *out = lk.out;
  *out_len = lk.out_len;
  return 0;
}
