/* tm_config.c -- reading the timing configuration: the option table from
 * tm_options.def, the gpgpusim.config text format and value parsing per
 * kind (the named, embedded configurations are tm_config_named.c).
 *
 * Text is read line by line: `-name value`, `#` to the end of the line is
 * a comment, a value in double quotes may continue over several lines and
 * loses its whitespace (GPGPU-Sim's GTX480 file breaks its DRAM timing
 * string that way).  Every error is reported with FILE:LINE and reading
 * goes on, so that one run shows all of them; ignored options are
 * collected and reported once at the end.  Validation of the values as a
 * whole (tm_config_check.c) follows a clean read.  Nothing here is on a
 * hot path.
 */
#include "config.h"

#include "pipeline/tm_config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_registry.h"
#include "pipeline/tm_config_int.h"

/* ---- the option table ------------------------------------------------ */

const tm_opt tm_opts[] = {
#define TM_SECTION(title) {title, TM_K_SECTION, 0, 0, 0, 0, NULL},
#define TM_OPT(name, kind, field, arg, min, max, doc) \
  {name, TM_K_##kind, offsetof(tm_config, field), arg, min, max, doc},
#define TM_ALIAS(name, canonical)
#define TM_IGNORED(name)
#include "pipeline/tm_options.def"
#undef TM_SECTION
#undef TM_OPT
#undef TM_ALIAS
#undef TM_IGNORED
};
const size_t tm_n_opts = PTX_ARRAY_SIZE(tm_opts);

const tm_alias tm_aliases[] = {
#define TM_SECTION(title)
#define TM_OPT(name, kind, field, arg, min, max, doc)
#define TM_ALIAS(name, canonical) {name, canonical},
#define TM_IGNORED(name)
#include "pipeline/tm_options.def"
#undef TM_SECTION
#undef TM_OPT
#undef TM_ALIAS
#undef TM_IGNORED
};
const size_t tm_n_aliases = PTX_ARRAY_SIZE(tm_aliases);

const char *const tm_ignored[] = {
#define TM_SECTION(title)
#define TM_OPT(name, kind, field, arg, min, max, doc)
#define TM_ALIAS(name, canonical)
#define TM_IGNORED(name) name,
#include "pipeline/tm_options.def"
#undef TM_SECTION
#undef TM_OPT
#undef TM_ALIAS
#undef TM_IGNORED
};
const size_t tm_n_ignored = PTX_ARRAY_SIZE(tm_ignored);

const tm_opt *tm_opt_find(const char *name)
{
  for (size_t i = 0; i < tm_n_aliases; i++)
    if (strcmp(tm_aliases[i].name, name) == 0) {
      name = tm_aliases[i].canonical;
      break;
    }
  for (size_t i = 0; i < tm_n_opts; i++)
    if (tm_opts[i].kind != TM_K_SECTION && strcmp(tm_opts[i].name, name) == 0)
      return &tm_opts[i];
  return NULL;
}

static long find_ignored(const char *name)
{
  for (size_t i = 0; i < tm_n_ignored; i++)
    if (strcmp(tm_ignored[i], name) == 0)
      return (long)i;
  return -1;
}

/* Edit distance of a and b, for "did you mean" (names are short); bound
 * when it is bound or more, which lets most candidates stop early. */
static size_t edit_distance(const char *a, const char *b, size_t bound)
{
  size_t la = strlen(a), lb = strlen(b);
  /* The lengths' difference bounds the distance from below. */
  if (la > 63 || lb > 63 || (la > lb ? la - lb : lb - la) >= bound)
    return bound;
  size_t prev[64], cur[64];
  for (size_t j = 0; j <= lb; j++)
    prev[j] = j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = i;
    size_t row_min = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
      size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
      if (cur[j] < row_min)
        row_min = cur[j];
    }
    if (row_min >= bound) /* rows never get smaller */
      return bound;
    memcpy(prev, cur, (lb + 1) * sizeof *prev);
  }
  return prev[lb] < bound ? prev[lb] : bound;
}

static void consider(const char *name, const char *cand, const char **best, size_t *best_d)
{
  size_t d = edit_distance(name, cand, *best_d);
  if (d < *best_d) {
    *best_d = d;
    *best = cand;
  }
}

/* The known name closest to name, or NULL when none is close. */
static const char *closest_name(const char *name)
{
  size_t limit = strlen(name) / 3;
  if (limit < 2)
    limit = 2;
  const char *best = NULL;
  size_t best_d = limit + 1; /* only a name within limit is suggested */
  for (size_t i = 0; i < tm_n_opts; i++)
    if (tm_opts[i].kind != TM_K_SECTION)
      consider(name, tm_opts[i].name, &best, &best_d);
  for (size_t i = 0; i < tm_n_aliases; i++)
    consider(name, tm_aliases[i].name, &best, &best_d);
  for (size_t i = 0; i < tm_n_ignored; i++)
    consider(name, tm_ignored[i], &best, &best_d);
  return best;
}

/* ---- values ---------------------------------------------------------- */

/* A decimal number up to max, the whole of [s, end). */
static bool parse_uint(const char *s, const char *end, uint64_t max, uint64_t *out)
{
  if (s == end)
    return false;
  uint64_t v = 0;
  for (const char *p = s; p < end; p++) {
    if (*p < '0' || *p > '9')
      return false;
    unsigned dig = (unsigned)(*p - '0');
    if (v > (max - dig) / 10)
      return false;
    v = v * 10 + dig;
  }
  *out = v;
  return true;
}

/* Splits s at sep into at most max uint32 values; returns the count, or
 * -1 when a field is not a number (or there are more than max). */
static int parse_u32_list(const char *s, char sep, uint32_t *out, int max)
{
  int n = 0;
  const char *p = s;
  for (;;) {
    const char *q = strchr(p, sep);
    const char *end = q ? q : p + strlen(p);
    uint64_t v;
    if (n == max || !parse_uint(p, end, UINT32_MAX, &v))
      return -1;
    out[n++] = (uint32_t)v;
    if (!q)
      return n;
    p = q + 1;
  }
}

/* Whether v lies in o's range (tm_options.def); if not, the message.
 * quoted: the whole value, for a number of a list; NULL for a scalar. */
static bool is_in_range(const tm_opt *o, uint64_t v, const char *quoted, char *err, size_t errlen)
{
  if (v >= o->min && v <= o->max)
    return true;
  char where[256] = "";
  if (quoted)
    snprintf(where, sizeof where, "'%.200s': ", quoted);
  if (v < o->min)
    snprintf(err, errlen, "%s%llu is too small (at least %llu)", where, (unsigned long long)v,
             (unsigned long long)o->min);
  else
    snprintf(err, errlen, "%s%llu is too large (at most %llu)", where, (unsigned long long)v,
             (unsigned long long)o->max);
  return false;
}

/* Checks the n numbers of a list value against o's range. */
static int check_list(const tm_opt *o, const uint32_t *w, int n, const char *v, char *err,
                      size_t errlen)
{
  for (int i = 0; i < n; i++)
    if (!is_in_range(o, w[i], v, err, errlen))
      return -1;
  return 0;
}

/* -gpgpu_pipeline_widths in the orders GPGPU-Sim has used: by the number
 * of entries, which slot each one fills. */
static const uint8_t pipe_order_7[] = {
  TM_PIPE_ID_OC_SP, TM_PIPE_ID_OC_SFU, TM_PIPE_ID_OC_MEM, TM_PIPE_OC_EX_SP,
  TM_PIPE_OC_EX_SFU, TM_PIPE_OC_EX_MEM, TM_PIPE_EX_WB,
};
static const uint8_t pipe_order_9[] = {
  TM_PIPE_ID_OC_SP, TM_PIPE_ID_OC_DP, TM_PIPE_ID_OC_SFU, TM_PIPE_ID_OC_MEM, TM_PIPE_OC_EX_SP,
  TM_PIPE_OC_EX_DP, TM_PIPE_OC_EX_SFU, TM_PIPE_OC_EX_MEM, TM_PIPE_EX_WB,
};

static int parse_pipe_widths(tm_config *cfg, const tm_opt *o, const char *v, char *err,
                             size_t errlen)
{
  uint32_t w[TM_PIPE_COUNT];
  int n = parse_u32_list(v, ',', w, TM_PIPE_COUNT);
  if (n != 7 && n != 9 && n != 11 && n != 13) {
    snprintf(err, errlen,
             "'%s': expected 7, 9, 11 or 13 comma-separated numbers (GPGPU-Sim 3.x and 4.x "
             "stage lists)",
             v);
    return -1;
  }
  if (check_list(o, w, n, v, err, errlen) != 0)
    return -1;
  uint32_t out[TM_PIPE_COUNT] = {0};
  if (n == 7)
    for (int i = 0; i < 7; i++)
      out[pipe_order_7[i]] = w[i];
  else if (n == 9)
    for (int i = 0; i < 9; i++)
      out[pipe_order_9[i]] = w[i];
  else
    for (int i = 0; i < n; i++)
      out[i] = w[i];
  memcpy(cfg->pipe_width, out, sizeof out);
  return 0;
}

static int parse_lat_list(uint32_t *field, const tm_opt *o, const char *v, char *err,
                          size_t errlen)
{
  unsigned arg = o->arg;
  uint32_t w[TM_OPC_COUNT];
  int n = parse_u32_list(v, ',', w, (int)arg);
  int min = arg == TM_OPC_COUNT ? (int)arg - 1 : (int)arg;
  if (n < min) {
    if (arg == 1)
      snprintf(err, errlen, "'%s': expected one number", v);
    else if (min != (int)arg)
      snprintf(err, errlen, "'%s': expected %d or %u comma-separated numbers (%s)", v, min, arg,
               "ADD,MAX,MUL,MAD,DIV[,SHFL]");
    else
      snprintf(err, errlen, "'%s': expected %u comma-separated numbers (%s)", v, arg,
               "ADD,MAX,MUL,MAD,DIV");
    return -1;
  }
  if (check_list(o, w, n, v, err, errlen) != 0)
    return -1;
  if (arg == 1)
    for (int i = 0; i < TM_OPC_COUNT; i++)
      field[i] = w[0];
  else
    for (int i = 0; i < n; i++)
      field[i] = w[i];
  return 0;
}

static int parse_clocks(tm_config *cfg, const char *v, char *err, size_t errlen)
{
  double f[4];
  const char *p = v;
  for (int i = 0; i < 4; i++) {
    char *end;
    errno = 0;
    f[i] = strtod(p, &end);
    if (end == p || errno || !isfinite(f[i]) || f[i] <= 0 || *end != (i < 3 ? ':' : '\0')) {
      snprintf(err, errlen, "'%s': expected <core>:<interconnect>:<L2>:<DRAM> in MHz, each > 0",
               v);
      return -1;
    }
    p = end + 1;
  }
  cfg->mem.core_mhz = f[0];
  cfg->mem.icnt_mhz = f[1];
  cfg->mem.l2_mhz = f[2];
  cfg->mem.dram_mhz = f[3];
  return 0;
}

/* A finite decimal number in o's range (its ends whole numbers). */
static int parse_f64(double *field, const tm_opt *o, const char *v, char *err, size_t errlen)
{
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (end == v || *end != '\0' || errno || !isfinite(x)) {
    snprintf(err, errlen, "'%s' is not a number from %llu to %llu", v,
             (unsigned long long)o->min, (unsigned long long)o->max);
    return -1;
  }
  if (x < (double)o->min || x > (double)o->max) {
    snprintf(err, errlen, "%s is too %s (%s %llu)", v, x < (double)o->min ? "small" : "large",
             x < (double)o->min ? "at least" : "at most",
             (unsigned long long)(x < (double)o->min ? o->min : o->max));
    return -1;
  }
  *field = x;
  return 0;
}

static int parse_core_pipeline(tm_config *cfg, const char *v, char *err, size_t errlen)
{
  uint32_t w[3];
  int n = parse_u32_list(v, ':', w, 3);
  if (n < 2) {
    snprintf(err, errlen, "'%s': expected <threads per SM>:<warp size>", v);
    return -1;
  }
  cfg->max_threads_per_sm = w[0];
  cfg->warp_size = w[1];
  return 0;
}

static bool is_blank(char c);

static int parse_kernel_regs(tm_config *cfg, const tm_opt *o, const char *v, char *err,
                             size_t errlen)
{
  const char *colon = strrchr(v, ':');
  uint64_t regs;
  if (!colon || colon == v || !parse_uint(colon + 1, colon + strlen(colon), UINT32_MAX, &regs)) {
    snprintf(err, errlen, "'%s': expected KERNEL:REGISTERS", v);
    return -1;
  }
  if (!is_in_range(o, regs, v, err, errlen))
    return -1;
  size_t len = (size_t)(colon - v);
  /* A quoted value loses its blanks, so the dump could not give such a
   * name back (and no PTX name has one). */
  for (size_t k = 0; k < len; k++)
    if (is_blank(v[k])) {
      snprintf(err, errlen, "kernel name '%.*s' contains white space", (int)len, v);
      return -1;
    }
  if (len >= TM_KERNEL_NAME_MAX) {
    snprintf(err, errlen, "kernel name of %zu characters (at most %d)", len,
             TM_KERNEL_NAME_MAX - 1);
    return -1;
  }
  uint32_t i;
  for (i = 0; i < cfg->n_kernel_regs; i++)
    if (strlen(cfg->kernel_regs[i].name) == len &&
        memcmp(cfg->kernel_regs[i].name, v, len) == 0)
      break;
  if (i == cfg->n_kernel_regs) {
    if (i == TM_MAX_KERNEL_REGS) {
      snprintf(err, errlen, "more than %d kernels", TM_MAX_KERNEL_REGS);
      return -1;
    }
    memcpy(cfg->kernel_regs[i].name, v, len);
    cfg->kernel_regs[i].name[len] = '\0';
    cfg->n_kernel_regs++;
  }
  cfg->kernel_regs[i].regs = (uint32_t)regs;
  return 0;
}

/* Sets o from v; 0, or -1 with a message in err. */
static int apply(tm_config *cfg, const tm_opt *o, const char *v, char *err, size_t errlen)
{
  char *field = (char *)cfg + o->offset;
  uint64_t x;
  switch ((tm_opt_kind)o->kind) {
  case TM_K_U32:
  case TM_K_BOOL:
  case TM_K_U64:
    /* The table's max fits the field (at most UINT32_MAX for U32). */
    if (!parse_uint(v, v + strlen(v), o->max, &x)) {
      bool is_digits = strspn(v, "0123456789") == strlen(v);
      if (is_digits && strlen(v) < 25)
        snprintf(err, errlen, "%s is too large (at most %llu)", v, (unsigned long long)o->max);
      else
        snprintf(err, errlen, "'%s' is not a number from %llu to %llu", v,
                 (unsigned long long)o->min, (unsigned long long)o->max);
      return -1;
    }
    if (!is_in_range(o, x, NULL, err, errlen))
      return -1;
    if (o->kind == TM_K_BOOL)
      *(bool *)field = x != 0;
    else if (o->kind == TM_K_U32)
      *(uint32_t *)field = (uint32_t)x;
    else
      *(uint64_t *)field = x;
    return 0;
  case TM_K_F64:
    return parse_f64((double *)field, o, v, err, errlen);
  case TM_K_CORE_PIPELINE:
    return parse_core_pipeline(cfg, v, err, errlen);
  case TM_K_POLICY:
    /* The policy parses its own arguments; the blob is opaque here. */
    return pol_parse_spec((pol_kind)o->arg, v, (pol_params *)field, err, errlen) == 0 ? 0 : -1;
  case TM_K_PIPE_WIDTHS:
    return parse_pipe_widths(cfg, o, v, err, errlen);
  case TM_K_LAT_LIST:
    return parse_lat_list((uint32_t *)field, o, v, err, errlen);
  case TM_K_CACHE:
    return mem_cache_params_parse(v, (mem_cache_params *)field, err, errlen) == 0 ? 0 : -1;
  case TM_K_DRAM:
    return mem_dram_timing_parse(v, (mem_dram_timing *)field, err, errlen) == 0 ? 0 : -1;
  case TM_K_ADDR_MAP:
    return mem_addr_map_parse(v, (mem_addr_map *)field, err, errlen) == 0 ? 0 : -1;
  case TM_K_CLOCKS:
    return parse_clocks(cfg, v, err, errlen);
  case TM_K_KERNEL_REGS:
    return parse_kernel_regs(cfg, o, v, err, errlen);
  case TM_K_SEAM: /* the seam's registry knows the names */
    if (sm_seam_check(o->arg, v, err, errlen) != 0)
      return -1;
    snprintf(field, TM_SEAM_NAME_MAX, "%s", v);
    return 0;
  case TM_K_CHOICE: {
    const char *const *names = tm_choice_names[o->arg];
    for (uint32_t i = 0; names[i]; i++)
      if (strcmp(names[i], v) == 0) {
        *(uint32_t *)field = i;
        return 0;
      }
    int k = snprintf(err, errlen, "unknown value '%s' (valid:", v);
    for (uint32_t i = 0; names[i] && k >= 0 && (size_t)k < errlen; i++)
      k += snprintf(err + k, errlen - (size_t)k, "%s %s", i ? "," : "", names[i]);
    if (k >= 0 && (size_t)k < errlen)
      snprintf(err + k, errlen - (size_t)k, ")");
    return -1;
  }
  case TM_K_SECTION:
    break;
  }
  snprintf(err, errlen, "internal error: option kind %u", o->kind);
  return -1;
}

/* ---- reading text ---------------------------------------------------- */

typedef struct reader {
  tm_config *cfg;
  const char *file;
  ptx_diag *d;
  unsigned n_errors;
  size_t n_ignored;
  uint16_t *ignored;      /* indices into tm_ignored, first appearance order */
  bool *is_ignored_seen;
} reader;

PTX_PRINTF(4, 5)
static void error_at(reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ptx_loc loc = {line, col};
  ptx_diag_vreport(r->d, PTX_SEV_ERROR, r->file, loc, fmt, ap);
  va_end(ap);
  r->n_errors++;
}

static void set_option(reader *r, uint32_t line, uint32_t col, const char *name,
                       const char *value)
{
  const tm_opt *o = tm_opt_find(name);
  if (!o) {
    long ig = find_ignored(name);
    if (ig >= 0) {
      if (!r->is_ignored_seen[ig]) {
        r->is_ignored_seen[ig] = true;
        r->ignored[r->n_ignored++] = (uint16_t)ig;
      }
      return;
    }
    const char *near = closest_name(name);
    if (near)
      error_at(r, line, col, "unknown option '%s'; did you mean '%s'?", name, near);
    else
      error_at(r, line, col, "unknown option '%s'", name);
    return;
  }
  char err[512];
  err[0] = '\0';
  if (apply(r->cfg, o, value, err, sizeof err) != 0)
    error_at(r, line, col, "%s: %s", name, err);
}

static bool is_blank(char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Reads the text, reporting every error (r->n_errors counts them). */
static void read_text(reader *r, const char *text)
{
  const char *p = text;
  uint32_t line = 1;
  const char *line_start = text;
  size_t cap = 256;
  char *value = malloc(cap);
  char name[128];
  if (!value) {
    error_at(r, 0, 0, "out of memory");
    return;
  }
  while (*p && !ptx_diag_should_stop(r->d)) { /* "too many errors, giving up" */
    while (is_blank(*p))
      p++;
    if (*p == '#')
      while (*p && *p != '\n')
        p++;
    if (*p == '\n' || *p == '\0') {
      if (*p) {
        p++;
        line++;
        line_start = p;
      }
      continue;
    }
    uint32_t opt_line = line;
    uint32_t opt_col = (uint32_t)(p - line_start) + 1;
    const char *start = p;
    while (*p && !is_blank(*p) && *p != '\n' && *p != '#')
      p++;
    size_t nlen = (size_t)(p - start);
    if (*start != '-' || nlen < 2) {
      error_at(r, opt_line, opt_col, "expected an option '-name value', found '%.*s'", (int)nlen, start);
      while (*p && *p != '\n')
        p++;
      continue;
    }
    if (nlen >= sizeof name) {
      error_at(r, opt_line, opt_col, "option name of %zu characters", nlen);
      while (*p && *p != '\n')
        p++;
      continue;
    }
    memcpy(name, start, nlen);
    name[nlen] = '\0';
    while (is_blank(*p))
      p++;
    /* The value: quoted (whitespace dropped, may span lines) or the rest
     * of the line up to a comment, trimmed. */
    size_t vlen = 0;
    bool is_bad = false;
    if (*p == '"') {
      p++;
      while (*p && *p != '"') {
        if (*p == '\n') {
          line++;
          line_start = p + 1;
        }
        if (!is_blank(*p) && *p != '\n') {
          if (vlen + 1 >= cap) {
            char *nv = realloc(value, cap * 2);
            if (!nv) {
              error_at(r, opt_line, opt_col, "out of memory");
              free(value);
              return;
            }
            value = nv;
            cap *= 2;
          }
          value[vlen++] = *p;
        }
        p++;
      }
      if (*p != '"') {
        error_at(r, opt_line, opt_col, "%s: unterminated quoted value", name);
        break;
      }
      p++;
      while (is_blank(*p))
        p++;
      if (*p && *p != '\n' && *p != '#') {
        error_at(r, line, (uint32_t)(p - line_start) + 1, "%s: text after the quoted value",
                 name);
        is_bad = true;
      }
      while (*p && *p != '\n')
        p++;
    } else {
      const char *vs = p;
      while (*p && *p != '\n' && *p != '#')
        p++;
      const char *ve = p;
      while (ve > vs && is_blank(ve[-1]))
        ve--;
      vlen = (size_t)(ve - vs);
      if (vlen + 1 > cap) {
        char *nv = realloc(value, vlen + 1);
        if (!nv) {
          error_at(r, opt_line, opt_col, "out of memory");
          free(value);
          return;
        }
        value = nv;
        cap = vlen + 1;
      }
      memcpy(value, vs, vlen);
      while (*p && *p != '\n')
        p++;
    }
    value[vlen] = '\0';
    if (is_bad)
      continue;
    if (vlen == 0) {
      error_at(r, opt_line, opt_col, "%s: missing value", name);
      continue;
    }
    set_option(r, opt_line, opt_col, name, value);
  }
  free(value);
}

/* Reports the ignored options, all in one warning (continued in notes
 * when the list is longer than a diagnostic line holds). */
static void report_ignored(reader *r)
{
  if (r->n_ignored == 0)
    return;
  enum { LINE_MAX_CHARS = 800 };
  char list[LINE_MAX_CHARS + 128];
  size_t i = 0;
  bool is_first = true;
  ptx_loc none = {0, 0};
  while (i < r->n_ignored) {
    size_t k = 0;
    list[0] = '\0';
    while (i < r->n_ignored) {
      const char *nm = tm_ignored[r->ignored[i]];
      if (k > 0 && k + strlen(nm) + 2 > LINE_MAX_CHARS)
        break;
      k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? ", " : "", nm);
      i++;
    }
    if (is_first)
      ptx_diag_report(r->d, PTX_SEV_WARNING, r->file, none,
                      "ignoring %zu GPGPU-Sim option%s that ptxsim does not model: %s%s",
                      r->n_ignored, r->n_ignored == 1 ? "" : "s", list,
                      i < r->n_ignored ? "," : "");
    else
      ptx_diag_report(r->d, PTX_SEV_NOTE, r->file, none, "also ignored: %s%s", list,
                      i < r->n_ignored ? "," : "");
    is_first = false;
  }
}

int tm_config_load_string(tm_config *cfg, const char *text, const char *name, ptx_diag *d)
{
  reader r = {cfg, name, d, 0, 0, NULL, NULL};
  r.ignored = malloc(tm_n_ignored * sizeof *r.ignored);
  r.is_ignored_seen = calloc(tm_n_ignored, sizeof *r.is_ignored_seen);
  if (!r.ignored || !r.is_ignored_seen) {
    free(r.ignored);
    free(r.is_ignored_seen);
    return PTX_ENOMEM;
  }
  read_text(&r, text);
  report_ignored(&r);
  free(r.ignored);
  free(r.is_ignored_seen);
  if (r.n_errors)
    return PTX_EPARSE;
  snprintf(cfg->origin, sizeof cfg->origin, "%s", name);
  return tm_config_validate(cfg, name, d);
}

int tm_config_set_option(tm_config *cfg, const char *option, const char *value, const char *where,
                         ptx_diag *d)
{
  reader r = {cfg, where, d, 0, 0, NULL, NULL};
  uint16_t ig[1];
  bool seen[1] = {false};
  const tm_opt *o = tm_opt_find(option);
  if (!o) {
    if (find_ignored(option) >= 0) {
      ptx_loc none = {0, 0};
      ptx_diag_report(d, PTX_SEV_WARNING, where, none,
                      "ignoring %s: ptxsim does not model it", option);
      return 0;
    }
    r.ignored = ig;
    r.is_ignored_seen = seen;
  }
  set_option(&r, 0, 0, option, value);
  return r.n_errors ? PTX_EPARSE : 0;
}

static char *read_file(const char *path, int *err_no)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    *err_no = errno;
    return NULL;
  }
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
    if (len + 1 < cap) {
      if (ferror(f)) {
        *err_no = errno ? errno : EIO;
        free(buf);
        buf = NULL;
      }
      break;
    }
    char *nb = realloc(buf, cap * 2);
    if (!nb) {
      free(buf);
      buf = NULL;
      *err_no = ENOMEM;
      break;
    }
    buf = nb;
    cap *= 2;
  }
  fclose(f);
  if (buf) {
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
      free(buf);
      *err_no = EILSEQ;
      return NULL;
    }
  }
  return buf;
}

int tm_config_load_file(tm_config *cfg, const char *path, ptx_diag *d)
{
  int err_no = 0;
  char *text = read_file(path, &err_no);
  if (!text) {
    ptx_loc none = {0, 0};
    ptx_diag_report(d, PTX_SEV_ERROR, path, none, "cannot read the configuration: %s",
                    err_no == EILSEQ ? "not a text file" : strerror(err_no));
    return PTX_EIO;
  }
  int rc = tm_config_load_string(cfg, text, path, d);
  free(text);
  return rc;
}
