/* mem_parse.c -- parsers and formatters for the memory hierarchy's
 * GPGPU-Sim option strings: caches (-gpgpu_cache:dl1 and friends), DRAM
 * timing (-gpgpu_dram_timing_opt) and the address map
 * (-gpgpu_mem_addr_mapping).
 *
 * The meaning of each field follows GPGPU-Sim's documentation and
 * configuration files; the code is ptxsim's own.  Parsers only check the
 * syntax and the ranges that make a string meaningless; whether the model
 * can simulate a configuration (powers of two, line sizes) is decided by
 * mem_sys_create().  Errors name the field and quote the offending text.
 * Nothing here runs on a hot path.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frontend/ptx_diag.h"
#include "memsys/mem_params.h"

PTX_PRINTF(3, 4)
static int mem_parse_fail(char *err, size_t errlen, const char *fmt, ...)
{
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return PTX_EINVAL;
}

/* A token: [s, s+n) of the option string. */
typedef struct mem_tok {
  const char *s;
  size_t n;
} mem_tok;

/* Splits [s, s+n) at sep into at most max tokens; returns the count, or
 * max + 1 when there are more. */
static size_t mem_split(const char *s, size_t n, char sep, mem_tok *out, size_t max)
{
  size_t k = 0;
  const char *start = s, *end = s + n;
  for (const char *p = s;; p++) {
    if (p == end || *p == sep) {
      if (k == max)
        return max + 1;
      out[k].s = start;
      out[k].n = (size_t)(p - start);
      k++;
      if (p == end)
        break;
      start = p + 1;
    }
  }
  return k;
}

/* A decimal number of at most 9 digits (no sign, no spaces). */
static bool mem_tok_uint(mem_tok t, uint32_t *out)
{
  if (t.n == 0 || t.n > 9)
    return false;
  uint32_t v = 0;
  for (size_t i = 0; i < t.n; i++) {
    if (!isdigit((unsigned char)t.s[i]))
      return false;
    v = v * 10 + (uint32_t)(t.s[i] - '0');
  }
  *out = v;
  return true;
}

/* ---- caches ---------------------------------------------------------- */

/* One-letter fields of the cache string: letter, value. */
typedef struct mem_letter {
  char c;
  int v;
} mem_letter;

static const mem_letter mem_repl_letters[] = {{'L', MEM_REPL_LRU}, {'F', MEM_REPL_FIFO}};
static const mem_letter mem_write_letters[] = {
  {'R', MEM_WRITE_READ_ONLY}, {'B', MEM_WRITE_BACK}, {'T', MEM_WRITE_THROUGH},
  {'E', MEM_WRITE_EVICT}, {'L', MEM_WRITE_LOCAL_WB_GLOBAL_WT}};
static const mem_letter mem_alloc_letters[] = {
  {'m', MEM_ALLOC_ON_MISS}, {'f', MEM_ALLOC_ON_FILL}, {'s', MEM_ALLOC_STREAMING}};
static const mem_letter mem_walloc_letters[] = {
  {'N', MEM_NO_WRITE_ALLOCATE}, {'W', MEM_WRITE_ALLOCATE}, {'F', MEM_FETCH_ON_WRITE},
  {'L', MEM_LAZY_FETCH_ON_READ}};
static const mem_letter mem_index_letters[] = {
  {'L', MEM_INDEX_LINEAR}, {'H', MEM_INDEX_FERMI_HASH}, {'P', MEM_INDEX_PRIME},
  {'X', MEM_INDEX_XOR}};
static const mem_letter mem_mshr_letters[] = {{'A', 'A'}, {'F', 'F'}, {'T', 'T'}, {'S', 'S'}};

static bool mem_letter_find(const mem_letter *tab, size_t n, mem_tok t, int *out)
{
  if (t.n != 1)
    return false;
  for (size_t i = 0; i < n; i++)
    if (tab[i].c == t.s[0]) {
      *out = tab[i].v;
      return true;
    }
  return false;
}

static char mem_letter_of(const mem_letter *tab, size_t n, int v)
{
  for (size_t i = 0; i < n; i++)
    if (tab[i].v == v)
      return tab[i].c;
  return '?';
}

/* Parses one letter field; on failure writes the message. */
static int mem_cache_letter(const mem_letter *tab, size_t n, mem_tok t, const char *field,
                            const char *s, int *out, char *err, size_t errlen)
{
  if (mem_letter_find(tab, n, t, out))
    return 0;
  char allowed[32];
  size_t k = 0;
  for (size_t i = 0; i < n && k + 2 < sizeof allowed; i++) {
    allowed[k++] = tab[i].c;
    allowed[k++] = ' ';
  }
  allowed[k ? k - 1 : 0] = '\0';
  return mem_parse_fail(err, errlen, "cache config '%s': %s: '%.*s' is not one of %s", s, field,
                        (int)t.n, t.s, allowed);
}

/* The largest number of one cache field: a queue or MSHR size, a set
 * count; a line holds at most 8 sectors (mem_cache's sector mask is 8
 * bits), and at most 1024 ways. */
#define MEM_CACHE_COUNT_MAX 65535
#define MEM_CACHE_SETS_MAX 65536
#define MEM_CACHE_LINE_MAX 256
#define MEM_CACHE_ASSOC_MAX 1024

static int mem_cache_number(mem_tok t, const char *field, const char *s, uint32_t min,
                            uint32_t max, uint32_t *out, char *err, size_t errlen)
{
  if (!mem_tok_uint(t, out))
    return mem_parse_fail(err, errlen, "cache config '%s': %s: '%.*s' is not a number", s, field,
                          (int)t.n, t.s);
  if (*out < min)
    return mem_parse_fail(err, errlen, "cache config '%s': %s: %u is below %u", s, field, *out,
                          min);
  if (*out > max)
    return mem_parse_fail(err, errlen, "cache config '%s': %s: %u is above %u", s, field, *out,
                          max);
  return 0;
}

int mem_cache_params_parse(const char *s, mem_cache_params *out, char *err, size_t errlen)
{
  mem_cache_params p;
  memset(&p, 0, sizeof p);
  if (!s || !out)
    return mem_parse_fail(err, errlen, "cache config: no string");
  size_t len = strlen(s);
  while (len && isspace((unsigned char)s[len - 1]))
    len--;
  while (len && isspace((unsigned char)*s)) {
    s++;
    len--;
  }
  if (len == 0 || (len == 4 && strncmp(s, "none", 4) == 0)) {
    *out = p;
    return 0;
  }
  mem_tok g[6];
  size_t ng = mem_split(s, len, ',', g, 5);
  if (ng < 4 || ng > 5)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': expected 4 or 5 comma-separated groups "
                          "(geometry, policies, MSHR, queues[, data port]), found %s%zu",
                          s, ng > 5 ? "more than " : "", ng > 5 ? (size_t)5 : ng);
  mem_tok t[6];
  int r;
  /* Geometry: [S:|N:]nsets:line:assoc. */
  size_t nt = mem_split(g[0].s, g[0].n, ':', t, 4);
  size_t at = 0;
  if (nt == 4) {
    if (t[0].n == 1 && (t[0].s[0] == 'S' || t[0].s[0] == 'N'))
      p.is_sectored = t[0].s[0] == 'S';
    else
      return mem_parse_fail(err, errlen, "cache config '%s': type: '%.*s' is not S or N", s,
                            (int)t[0].n, t[0].s);
    at = 1;
  } else if (nt != 3)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': geometry '%.*s': expected [S:|N:]sets:line:assoc",
                          s, (int)g[0].n, g[0].s);
  if ((r = mem_cache_number(t[at], "number of sets", s, 1, MEM_CACHE_SETS_MAX, &p.n_sets, err, errlen)) ||
      (r = mem_cache_number(t[at + 1], "line size", s, 1, MEM_CACHE_LINE_MAX, &p.line_bytes, err, errlen)) ||
      (r = mem_cache_number(t[at + 2], "associativity", s, 1, MEM_CACHE_ASSOC_MAX, &p.assoc, err, errlen)))
    return r;
  /* Policies: rep:wr:alloc:wr_alloc[:set_index]. */
  nt = mem_split(g[1].s, g[1].n, ':', t, 5);
  if (nt != 4 && nt != 5)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': policies '%.*s': expected "
                          "replacement:write:allocation:write-allocation[:set-index]",
                          s, (int)g[1].n, g[1].s);
  int v[5] = {0, 0, 0, 0, MEM_INDEX_LINEAR};
  if ((r = mem_cache_letter(mem_repl_letters, PTX_ARRAY_SIZE(mem_repl_letters), t[0],
                            "replacement policy", s, &v[0], err, errlen)) ||
      (r = mem_cache_letter(mem_write_letters, PTX_ARRAY_SIZE(mem_write_letters), t[1],
                            "write policy", s, &v[1], err, errlen)) ||
      (r = mem_cache_letter(mem_alloc_letters, PTX_ARRAY_SIZE(mem_alloc_letters), t[2],
                            "allocation policy", s, &v[2], err, errlen)) ||
      (r = mem_cache_letter(mem_walloc_letters, PTX_ARRAY_SIZE(mem_walloc_letters), t[3],
                            "write-allocation policy", s, &v[3], err, errlen)) ||
      (nt == 5 && (r = mem_cache_letter(mem_index_letters, PTX_ARRAY_SIZE(mem_index_letters),
                                        t[4], "set index function", s, &v[4], err, errlen))))
    return r;
  p.repl = (mem_repl)v[0];
  p.write_policy = (mem_write_policy)v[1];
  p.alloc_policy = (mem_alloc_policy)v[2];
  p.write_alloc = (mem_write_alloc)v[3];
  p.set_index = (mem_set_index)v[4];
  /* GPGPU-Sim rejects these two combinations (deadlock, resp. nothing to
   * fetch into). */
  if (p.alloc_policy != MEM_ALLOC_ON_MISS && p.write_policy == MEM_WRITE_BACK)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': allocation policy: a write-back cache must "
                          "allocate on miss ('m'), not '%.*s'",
                          s, (int)t[2].n, t[2].s);
  if (p.alloc_policy != MEM_ALLOC_ON_MISS &&
      (p.write_alloc == MEM_FETCH_ON_WRITE || p.write_alloc == MEM_LAZY_FETCH_ON_READ))
    return mem_parse_fail(err, errlen,
                          "cache config '%s': write-allocation policy '%.*s' needs allocation "
                          "on miss ('m')",
                          s, (int)t[3].n, t[3].s);
  /* MSHR: kind:entries:max_merge. */
  nt = mem_split(g[2].s, g[2].n, ':', t, 3);
  if (nt != 3)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': MSHR '%.*s': expected kind:entries:max-merge", s,
                          (int)g[2].n, g[2].s);
  int kind;
  if ((r = mem_cache_letter(mem_mshr_letters, PTX_ARRAY_SIZE(mem_mshr_letters), t[0],
                            "MSHR kind", s, &kind, err, errlen)) ||
      (r = mem_cache_number(t[1], "MSHR entries", s, 1, MEM_CACHE_COUNT_MAX, &p.mshr_entries, err, errlen)) ||
      (r = mem_cache_number(t[2], "MSHR max merge", s, 1, MEM_CACHE_COUNT_MAX, &p.mshr_max_merge, err, errlen)))
    return r;
  p.mshr_kind = (char)kind;
  /* Queues: miss_queue[:result_fifo]. */
  nt = mem_split(g[3].s, g[3].n, ':', t, 2);
  if (nt != 1 && nt != 2)
    return mem_parse_fail(err, errlen,
                          "cache config '%s': queues '%.*s': expected miss-queue[:result-fifo]",
                          s, (int)g[3].n, g[3].s);
  if ((r = mem_cache_number(t[0], "miss queue entries", s, 1, MEM_CACHE_COUNT_MAX, &p.miss_queue, err, errlen)) ||
      (nt == 2 &&
       (r = mem_cache_number(t[1], "result FIFO entries", s, 0, MEM_CACHE_COUNT_MAX, &p.result_fifo, err, errlen))))
    return r;
  if (ng == 5 &&
      (r = mem_cache_number(g[4], "data port width", s, 0, MEM_CACHE_LINE_MAX, &p.data_port_bytes, err, errlen)))
    return r;
  p.is_enabled = true;
  *out = p;
  return 0;
}

void mem_cache_params_format(const mem_cache_params *p, char *buf, size_t size)
{
  if (!size)
    return;
  if (!p->is_enabled) {
    snprintf(buf, size, "none");
    return;
  }
  char port[16] = "";
  if (p->data_port_bytes)
    snprintf(port, sizeof port, ",%u", p->data_port_bytes);
  snprintf(buf, size, "%s%u:%u:%u,%c:%c:%c:%c:%c,%c:%u:%u,%u:%u%s", p->is_sectored ? "S:" : "",
           p->n_sets, p->line_bytes, p->assoc,
           mem_letter_of(mem_repl_letters, PTX_ARRAY_SIZE(mem_repl_letters), p->repl),
           mem_letter_of(mem_write_letters, PTX_ARRAY_SIZE(mem_write_letters), p->write_policy),
           mem_letter_of(mem_alloc_letters, PTX_ARRAY_SIZE(mem_alloc_letters), p->alloc_policy),
           mem_letter_of(mem_walloc_letters, PTX_ARRAY_SIZE(mem_walloc_letters), p->write_alloc),
           mem_letter_of(mem_index_letters, PTX_ARRAY_SIZE(mem_index_letters), p->set_index),
           p->mshr_kind ? p->mshr_kind : 'A', p->mshr_entries, p->mshr_max_merge, p->miss_queue,
           p->result_fifo, port);
}

/* ---- DRAM timing ----------------------------------------------------- */

/* The fields in GPGPU-Sim's legacy positional order; required fields
 * first (the named form may omit the last three); the largest value of
 * each (banks: the model keeps per-bank state in arrays; timings in DRAM
 * cycles, as the pipeline's latencies). */
#define MEM_DRAM_BANKS_MAX 256
#define MEM_DRAM_CYCLES_MAX 65535
#define MEM_DRAM_FIELDS(X)                                                                      \
  X(nbk, n_banks, 1, MEM_DRAM_BANKS_MAX)                                                        \
  X(CCD, tCCD, 1, MEM_DRAM_CYCLES_MAX)                                                          \
  X(RRD, tRRD, 1, MEM_DRAM_CYCLES_MAX)                                                          \
  X(RCD, tRCD, 1, MEM_DRAM_CYCLES_MAX)                                                          \
  X(RAS, tRAS, 1, MEM_DRAM_CYCLES_MAX)                                                          \
  X(RP, tRP, 1, MEM_DRAM_CYCLES_MAX)                                                            \
  X(RC, tRC, 1, MEM_DRAM_CYCLES_MAX)                                                            \
  X(CL, tCL, 1, MEM_DRAM_CYCLES_MAX)                                                            \
  X(WL, tWL, 1, MEM_DRAM_CYCLES_MAX)                                                            \
  X(CDLR, tCDLR, 1, MEM_DRAM_CYCLES_MAX)                                                        \
  X(WR, tWR, 1, MEM_DRAM_CYCLES_MAX)                                                            \
  X(nbkgrp, n_bank_groups, 0, MEM_DRAM_BANKS_MAX)                                               \
  X(CCDL, tCCDL, 0, MEM_DRAM_CYCLES_MAX)                                                        \
  X(RTPL, tRTPL, 0, MEM_DRAM_CYCLES_MAX)

typedef struct mem_dram_field {
  const char *name;
  size_t offset;
  bool is_required;
  uint32_t max;
} mem_dram_field;

static const mem_dram_field mem_dram_fields[] = {
#define X(name, member, req, max) {#name, offsetof(mem_dram_timing, member), req, max},
  MEM_DRAM_FIELDS(X)
#undef X
};

static uint32_t *mem_dram_slot(mem_dram_timing *t, size_t i)
{
  return (uint32_t *)(void *)((char *)t + mem_dram_fields[i].offset);
}

static uint32_t mem_dram_get(const mem_dram_timing *t, size_t i)
{
  return *(const uint32_t *)(const void *)((const char *)t + mem_dram_fields[i].offset);
}

int mem_dram_timing_parse(const char *s, mem_dram_timing *out, char *err, size_t errlen)
{
  enum { NF = PTX_ARRAY_SIZE(mem_dram_fields) };
  mem_dram_timing t;
  memset(&t, 0, sizeof t);
  t.n_bank_groups = 1;
  if (!s || !out)
    return mem_parse_fail(err, errlen, "DRAM timing: no string");
  size_t len = strlen(s);
  mem_tok tok[NF + 2];
  /* GPGPU-Sim separates named fields with ':' or ';'. */
  char norm[512];
  if (len >= sizeof norm)
    return mem_parse_fail(err, errlen, "DRAM timing '%.40s...': longer than %zu characters", s,
                          sizeof norm - 1);
  for (size_t i = 0; i <= len; i++)
    norm[i] = s[i] == ';' ? ':' : s[i];
  size_t nt = mem_split(norm, len, ':', tok, NF);
  if (nt > NF)
    return mem_parse_fail(err, errlen, "DRAM timing '%s': more than %d fields", s, (int)NF);
  bool seen[NF] = {false};
  if (!strchr(s, '=')) {
    /* Legacy positional form nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR[:WR[:nbkgrp:CCDL:RTPL]]. */
    if (nt < 10)
      return mem_parse_fail(err, errlen,
                            "DRAM timing '%s': the positional form needs at least 10 fields "
                            "(nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR), found %zu",
                            s, nt);
    for (size_t i = 0; i < nt; i++) {
      if (!mem_tok_uint(tok[i], mem_dram_slot(&t, i)))
        return mem_parse_fail(err, errlen, "DRAM timing '%s': %s (field %zu): '%.*s' is not a number",
                              s, mem_dram_fields[i].name, i + 1, (int)tok[i].n, tok[i].s);
      seen[i] = true;
    }
  } else {
    for (size_t i = 0; i < nt; i++) {
      const char *eq = memchr(tok[i].s, '=', tok[i].n);
      if (!eq)
        return mem_parse_fail(err, errlen, "DRAM timing '%s': '%.*s' is not name=value", s,
                              (int)tok[i].n, tok[i].s);
      size_t kn = (size_t)(eq - tok[i].s);
      size_t f = 0;
      while (f < NF && !(strlen(mem_dram_fields[f].name) == kn &&
                         strncasecmp(mem_dram_fields[f].name, tok[i].s, kn) == 0))
        f++;
      if (f == NF)
        return mem_parse_fail(err, errlen,
                              "DRAM timing '%s': unknown field '%.*s' (known: nbk CCD RRD RCD "
                              "RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL)",
                              s, (int)kn, tok[i].s);
      if (seen[f])
        return mem_parse_fail(err, errlen, "DRAM timing '%s': field %s given twice", s,
                              mem_dram_fields[f].name);
      mem_tok v = {eq + 1, tok[i].n - kn - 1};
      if (!mem_tok_uint(v, mem_dram_slot(&t, f)))
        return mem_parse_fail(err, errlen, "DRAM timing '%s': %s: '%.*s' is not a number", s,
                              mem_dram_fields[f].name, (int)v.n, v.s);
      seen[f] = true;
    }
    for (size_t f = 0; f < NF; f++)
      if (mem_dram_fields[f].is_required && !seen[f])
        return mem_parse_fail(err, errlen, "DRAM timing '%s': field %s is missing", s,
                              mem_dram_fields[f].name);
  }
  for (size_t f = 0; f < NF; f++)
    if (mem_dram_get(&t, f) > mem_dram_fields[f].max)
      return mem_parse_fail(err, errlen, "DRAM timing '%s': %s: %u is above %u", s,
                            mem_dram_fields[f].name, mem_dram_get(&t, f),
                            mem_dram_fields[f].max);
  if (t.n_banks == 0)
    return mem_parse_fail(err, errlen, "DRAM timing '%s': nbk: must be at least 1", s);
  if (t.n_bank_groups == 0)
    return mem_parse_fail(err, errlen, "DRAM timing '%s': nbkgrp: must be at least 1", s);
  if (t.n_banks % t.n_bank_groups != 0)
    return mem_parse_fail(err, errlen,
                          "DRAM timing '%s': nbkgrp: %u bank groups do not divide %u banks", s,
                          t.n_bank_groups, t.n_banks);
  *out = t;
  return 0;
}

void mem_dram_timing_format(const mem_dram_timing *t, char *buf, size_t size)
{
  size_t k = 0;
  if (!size)
    return;
  buf[0] = '\0';
  for (size_t i = 0; i < PTX_ARRAY_SIZE(mem_dram_fields) && k < size; i++) {
    int n = snprintf(buf + k, size - k, "%s%s=%u", i ? ":" : "", mem_dram_fields[i].name,
                     mem_dram_get(t, i));
    if (n < 0)
      break;
    k += (size_t)n;
  }
}

/* ---- address map ----------------------------------------------------- */

int mem_addr_map_parse(const char *s, mem_addr_map *out, char *err, size_t errlen)
{
  mem_addr_map m;
  memset(&m, 0, sizeof m);
  m.chan_at = UINT32_MAX;
  if (!s || !out)
    return mem_parse_fail(err, errlen, "address map: no string");
  const char *map = s;
  if (strncmp(s, "dramid@", 7) == 0) {
    const char *semi = strchr(s, ';');
    if (!semi)
      return mem_parse_fail(err, errlen,
                            "address map '%s': dramid@N must be followed by ';' and the bit map",
                            s);
    mem_tok num = {s + 7, (size_t)(semi - s - 7)};
    if (!mem_tok_uint(num, &m.chan_at) || m.chan_at > 63)
      return mem_parse_fail(err, errlen,
                            "address map '%s': dramid@: '%.*s' is not a bit position 0..63", s,
                            (int)num.n, num.s);
    map = semi + 1;
  } else if (strchr(s, ';'))
    return mem_parse_fail(err, errlen,
                          "address map '%s': text before ';' must be dramid@<start bit>", s);
  int bit = 63;
  for (const char *p = map; *p; p++) {
    uint64_t *mask;
    switch (*p) {
    case '.': case '|': case ' ':
      continue;
    case '0': mask = NULL; break;
    case 'R': case 'r': mask = &m.row_mask; break;
    case 'B': case 'b': mask = &m.bank_mask; break;
    case 'C': case 'c': mask = &m.col_mask; break;
    case 'S': case 's': mask = &m.burst_mask; break;
    case 'D': case 'd':
      if (m.chan_at != UINT32_MAX)
        return mem_parse_fail(err, errlen,
                              "address map '%s': bit %d: 'D' channel bits cannot be combined "
                              "with dramid@",
                              s, bit);
      mask = &m.chan_mask;
      break;
    default:
      return mem_parse_fail(err, errlen,
                            "address map '%s': '%c' at offset %d is not one of R B C S D 0 . |",
                            s, *p, (int)(p - s));
    }
    if (bit < 0)
      return mem_parse_fail(err, errlen, "address map '%s': more than 64 bits", s);
    if (mask)
      *mask |= UINT64_C(1) << bit;
    bit--;
  }
  if (bit != -1)
    return mem_parse_fail(err, errlen, "address map '%s': %d bits given, 64 needed", s, 63 - bit);
  if (!m.bank_mask || !m.row_mask)
    return mem_parse_fail(err, errlen, "address map '%s': needs at least one %s bit", s,
                          !m.bank_mask ? "bank (B)" : "row (R)");
  *out = m;
  return 0;
}

void mem_addr_map_format(const mem_addr_map *m, char *buf, size_t size)
{
  char tmp[96];
  size_t k = 0;
  if (m->chan_at != UINT32_MAX)
    k = (size_t)snprintf(tmp, sizeof tmp, "dramid@%u;", m->chan_at);
  for (int bit = 63; bit >= 0; bit--) {
    uint64_t b = UINT64_C(1) << bit;
    tmp[k++] = (m->row_mask & b) ? 'R' : (m->bank_mask & b) ? 'B' : (m->col_mask & b) ? 'C'
             : (m->burst_mask & b) ? 'S' : (m->chan_mask & b) ? 'D' : '0';
    if (bit && bit % 8 == 0)
      tmp[k++] = '.';
  }
  tmp[k] = '\0';
  if (size)
    snprintf(buf, size, "%s", tmp);
}
