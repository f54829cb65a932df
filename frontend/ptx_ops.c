/* ptx_ops.c -- the opcode table and the mapping from instruction words
 * to opcodes. */
#include "frontend/ptx_ops.h"

#include <string.h>

const ptx_op_info ptx_op_table[PTX_OP_COUNT] = {
  [PTX_OP_NONE] = {.mnemonic = "", .signature = "", .doc = ""},
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) \
  [PTX_OP_##id] = {mn, sig, tmin, tmax, cats, fc, unit, tc, flags, ver, sm, doc},
#include "frontend/ptx_ops.def"
#undef PTX_OP
};

const char *const ptx_fclass_names[PTX_FC_COUNT] = {
#define X(c) #c,
  PTX_FCLASSES(X)
#undef X
};

const char *const ptx_unit_names[PTX_UNIT_COUNT] = {
#define X(u) #u,
  PTX_UNITS(X)
#undef X
};

const char *const ptx_tclass_names[PTX_TC_COUNT] = {
#define X(c) #c,
  PTX_TCLASSES(X)
#undef X
};

int ptx_sig_parse(const char *sig, ptx_sig_slot *slots, int max)
{
  static const char roles[] = "du", kinds[] = "rsgpPqmvVatlLicx";
  int n = 0;
  const char *p = sig;
  if (strcmp(sig, "*") == 0)
    return 0;
  while (*p) {
    if (n == max)
      return -1;
    ptx_sig_slot *s = &slots[n++];
    memset(s, 0, sizeof *s);
    if (*p == '?') {
      s->optional = true;
      p++;
    }
    if (!*p || !strchr(roles, *p))
      return -1;
    s->role = *p++;
    if (!*p || !strchr(kinds, *p))
      return -1;
    s->kind = *p++;
    s->type = '0';
    if (*p == ':') {
      const char *start = ++p;
      while (*p && *p != ',')
        p++;
      size_t len = (size_t)(p - start);
      if (len == 1 && (start[0] == '*' || start[0] == 'w' || (start[0] >= '0' && start[0] <= '3'))) {
        s->type = start[0];
      } else {
        ptx_type t = ptx_type_lookup(start, len);
        if (t == PTX_TYPE_NONE)
          return -1;
        s->type = 'n';
        s->named = (uint8_t)t;
      }
    }
    if (*p == ',')
      p++;
    else if (*p)
      return -1;
  }
  return n;
}

int ptx_word_split(const char *word, size_t len, ptx_word_part *parts, int max)
{
  int n = 0;
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len || word[i] == '.') {
      if (i == start || n == max)
        return -1;
      parts[n].s = word + start;
      parts[n].len = (uint32_t)(i - start);
      n++;
      start = i + 1;
    }
  }
  return n;
}

static bool part_is(const ptx_word_part *p, const char *s, size_t len)
{
  return p->len == len && memcmp(p->s, s, len) == 0;
}

/* Does row's mnemonic match parts as an ordered subsequence starting at
 * part 0?  Fills which[] with the matched part indices. */
static int mnemonic_match(const char *mn, const ptx_word_part *parts, int n_parts, int *which)
{
  int n_words = 0, next = 0;
  const char *w = mn;
  while (*w) {
    const char *dot = strchr(w, '.');
    size_t len = dot ? (size_t)(dot - w) : strlen(w);
    int found = -1;
    if (n_words == 0) {
      if (part_is(&parts[0], w, len))
        found = 0;
    } else {
      for (int i = next; i < n_parts; i++)
        if (part_is(&parts[i], w, len)) {
          found = i;
          break;
        }
    }
    if (found < 0)
      return 0;
    which[n_words++] = found;
    next = found + 1;
    w = dot ? dot + 1 : w + len;
  }
  return n_words;
}

ptx_op ptx_op_select(const ptx_word_part *parts, int n_parts, bool *used)
{
  if (n_parts < 1)
    return PTX_OP_NONE;
  /* Rows are sorted, so those whose first word is parts[0] are contiguous:
   * find the first row >= parts[0]. */
  size_t lo = 1, hi = PTX_OP_COUNT;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strncmp(ptx_op_table[mid].mnemonic, parts[0].s, parts[0].len) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  ptx_op best = PTX_OP_NONE;
  int best_words = 0, best_last = 0;
  int which[8], best_which[8];
  for (size_t i = lo; i < PTX_OP_COUNT; i++) {
    const char *mn = ptx_op_table[i].mnemonic;
    if (strncmp(mn, parts[0].s, parts[0].len) != 0)
      break;
    char after = mn[parts[0].len];
    if (after != '\0' && after != '.')
      continue; /* "cvta" when looking for "cvt" */
    int n = mnemonic_match(mn, parts, n_parts, which);
    if (n == 0)
      continue;
    int last = which[n - 1];
    if (n > best_words || (n == best_words && last < best_last)) {
      best = (ptx_op)i;
      best_words = n;
      best_last = last;
      memcpy(best_which, which, sizeof(int) * (size_t)n);
    }
  }
  for (int i = 0; i < n_parts; i++)
    used[i] = false;
  for (int i = 0; i < best_words; i++)
    used[best_which[i]] = true;
  return best;
}
