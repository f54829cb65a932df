/* run_args.c -- parsing the values `ptxsim run` takes on its command line.
 *
 * Scalars are encoded exactly as a kernel parameter of their type holds
 * them.  Integers are range-checked against their type; floats are read
 * with the C library's correctly rounded strtof/strtod (decimal, hex-float,
 * inf, nan), and f16/bf16 are rounded to nearest-even from the exact
 * decimal value (see round_half).  Nothing here touches files or devices.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/run_args.h"

static int fail(char *err, size_t err_len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t err_len, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, err_len, fmt, ap);
  va_end(ap);
  return -1;
}

/* ---- numbers ------------------------------------------------------------ */

/* An unsigned magnitude in decimal or 0x hex, the whole of s.  Returns 0,
 * -1 on junk, -2 on a value past 2^64-1. */
static int parse_magnitude(const char *s, uint64_t *out)
{
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
    if (!isxdigit((unsigned char)s[0]))
      return -1;
  } else if (!isdigit((unsigned char)s[0])) {
    return -1;
  }
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, base);
  if (*end)
    return -1;
  if (errno == ERANGE)
    return -2;
  *out = v;
  return 0;
}

int run_parse_count(const char *s, bool allow_suffix, uint64_t *out)
{
  size_t n = strlen(s);
  unsigned shift = 0;
  char buf[64];
  if (allow_suffix && n > 0 && n < sizeof buf) {
    switch (s[n - 1]) {
    case 'k': case 'K': shift = 10; break;
    case 'm': case 'M': shift = 20; break;
    case 'g': case 'G': shift = 30; break;
    default: break;
    }
    if (shift) {
      memcpy(buf, s, n - 1);
      buf[n - 1] = 0;
      s = buf;
    }
  }
  uint64_t v;
  if (parse_magnitude(s, &v) != 0 || (shift && v > (UINT64_MAX >> shift)))
    return -1;
  *out = v << shift;
  return 0;
}

int run_parse_dim3(const char *s, const char *what, ptxsim_dim3 *out, char *err, size_t err_len)
{
  unsigned v[3] = {1, 1, 1};
  const char *p = s;
  for (int i = 0;; i++) {
    if (i == 3)
      return fail(err, err_len, "bad %s '%s': at most three dimensions, X[,Y[,Z]]", what, s);
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    char buf[32];
    uint64_t n;
    if (len == 0 || len >= sizeof buf)
      return fail(err, err_len, "bad %s '%s': expected X[,Y[,Z]] with positive integers", what,
                  s);
    memcpy(buf, p, len);
    buf[len] = 0;
    if (run_parse_count(buf, false, &n) != 0)
      return fail(err, err_len, "bad %s '%s': '%s' is not a number", what, s, buf);
    if (n == 0 || n > UINT32_MAX)
      return fail(err, err_len, "bad %s '%s': each dimension must be 1 to %" PRIu32, what, s,
                  UINT32_MAX);
    v[i] = (unsigned)n;
    if (!comma)
      break;
    p = comma + 1;
  }
  *out = (ptxsim_dim3){v[0], v[1], v[2]};
  return 0;
}

/* ---- scalar types ------------------------------------------------------- */

static const struct {
  const char *name;
  run_kind kind;
  unsigned size;
} scalar_types[] = {
  {"u8", RUN_KIND_UNSIGNED, 1},  {"u16", RUN_KIND_UNSIGNED, 2}, {"u32", RUN_KIND_UNSIGNED, 4},
  {"u64", RUN_KIND_UNSIGNED, 8}, {"s8", RUN_KIND_SIGNED, 1},    {"s16", RUN_KIND_SIGNED, 2},
  {"s32", RUN_KIND_SIGNED, 4},   {"s64", RUN_KIND_SIGNED, 8},   {"b8", RUN_KIND_BITS, 1},
  {"b16", RUN_KIND_BITS, 2},     {"b32", RUN_KIND_BITS, 4},     {"b64", RUN_KIND_BITS, 8},
  {"f16", RUN_KIND_FLOAT, 2},    {"bf16", RUN_KIND_FLOAT, 2},   {"f32", RUN_KIND_FLOAT, 4},
  {"f64", RUN_KIND_FLOAT, 8},
};

bool run_type_info(const char *name, run_kind *kind, unsigned *size)
{
  for (size_t i = 0; i < sizeof scalar_types / sizeof scalar_types[0]; i++)
    if (strcmp(scalar_types[i].name, name) == 0) {
      *kind = scalar_types[i].kind;
      *size = scalar_types[i].size;
      return true;
    }
  return false;
}

/* Stores the low size bytes of v in host order, as a variable of that
 * width would hold them. */
static void store(run_arg *a, uint64_t v)
{
  switch (a->size) {
  case 1: { uint8_t x = (uint8_t)v; memcpy(a->value, &x, 1); break; }
  case 2: { uint16_t x = (uint16_t)v; memcpy(a->value, &x, 2); break; }
  case 4: { uint32_t x = (uint32_t)v; memcpy(a->value, &x, 4); break; }
  default: memcpy(a->value, &v, 8); break;
  }
}

static int parse_integer(const char *s, run_arg *a, char *err, size_t err_len)
{
  bool neg = s[0] == '-';
  const char *digits = (s[0] == '-' || s[0] == '+') ? s + 1 : s;
  uint64_t mag = 0;
  int rc = parse_magnitude(digits, &mag);
  if (rc == -1)
    return fail(err, err_len, "--arg %s: '%s' is not a valid %s value (decimal or 0x hex)",
                a->spec, s, a->type_name);
  unsigned bits = 8 * a->size;
  uint64_t umax = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
  uint64_t smax = umax >> 1; /* 2^(N-1) - 1; the most negative is smax + 1 */
  bool ok; /* rc == -2: past 2^64-1, out of every range */
  switch (a->kind) {
  case RUN_KIND_UNSIGNED: ok = (!neg || mag == 0) && mag <= umax; break;
  case RUN_KIND_SIGNED: ok = neg ? mag <= smax + 1 : mag <= smax; break;
  default: ok = neg ? mag <= smax + 1 : mag <= umax; break;
  }
  if (rc != 0 || !ok) {
    if (a->kind == RUN_KIND_UNSIGNED)
      return fail(err, err_len, "--arg %s: %s is out of range for %s (0 to %" PRIu64 ")",
                  a->spec, s, a->type_name, umax);
    return fail(err, err_len, "--arg %s: %s is out of range for %s (-%" PRIu64 " to %" PRIu64 ")",
                a->spec, s, a->type_name, smax + 1, a->kind == RUN_KIND_SIGNED ? smax : umax);
  }
  store(a, neg ? (uint64_t)0 - mag : mag);
  return 0;
}

/* strtod-family number syntax: the whole string, no leading space. */
static bool float_syntax_ok(const char *s, const char *end)
{
  return *s && !isspace((unsigned char)*s) && *end == 0;
}

/* Where the exact value of the decimal (or hex) text s lies relative to
 * d = strtod(s): -1 below, 0 equal, +1 above.  strtod rounds in the
 * current rounding mode, so reading s rounded down and up brackets it. */
static int exact_side(const char *s, double d)
{
  int saved = fegetround();
  fesetround(FE_DOWNWARD);
  double lo = strtod(s, NULL);
  fesetround(FE_UPWARD);
  double hi = strtod(s, NULL);
  fesetround(saved);
  if (lo == hi)
    return 0;
  return d == lo ? 1 : -1;
}

/* Rounds d to a binary format with mant_bits fraction bits and exp_bits
 * exponent bits (f16: 10, 5; bf16: 7, 8), to nearest, ties to even.  side
 * (from exact_side) breaks ties for values that only look like a tie
 * because strtod rounded them: rounding the decimal 1.00048828125000001 to
 * f16 through a double would otherwise round it down.  Returns 0, 1 when
 * the result overflows, 2 when a nonzero value rounds to zero. */
static int round_half(double d, int side, unsigned mant_bits, unsigned exp_bits, uint16_t *out)
{
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  unsigned exp_all_ones = (1u << exp_bits) - 1;
  int bias = (1 << (exp_bits - 1)) - 1;
  if (isnan(d)) {
    *out = 0x7fff; /* the canonical NaN of f16 and bf16, as fp_cvt.h */
    return 0;
  }
  if (isinf(d)) {
    *out = (uint16_t)(sign | exp_all_ones << mant_bits);
    return 0;
  }
  double a = fabs(d);
  if (a == 0) {
    *out = sign;
    return 0;
  }
  if (sign)
    side = -side; /* now relative to |d| */
  int e = ilogb(a), emin = 1 - bias;
  if (e < emin)
    e = emin;
  double s = ldexp(a, (int)mant_bits - e); /* exact: a power-of-two scale */
  double fl = floor(s);
  uint64_t n = (uint64_t)fl;
  double frac = s - fl;
  if (frac > 0.5 || (frac == 0.5 && (side > 0 || (side == 0 && (n & 1)))))
    n++;
  uint64_t hidden = UINT64_C(1) << mant_bits;
  if (n == 2 * hidden) {
    n = hidden;
    e++;
  }
  if (n == 0)
    return 2;
  if (n < hidden) { /* subnormal */
    *out = (uint16_t)(sign | n);
    return 0;
  }
  unsigned biased = (unsigned)(e + bias);
  if (biased >= exp_all_ones)
    return 1;
  *out = (uint16_t)(sign | biased << mant_bits | (n - hidden));
  return 0;
}

static int parse_float(const char *s, run_arg *a, char *err, size_t err_len)
{
  char *end;
  int range = 0; /* 1 overflow, 2 a nonzero value underflows to zero */
  errno = 0;
  if (a->size == 4) {
    float f = strtof(s, &end);
    if (!float_syntax_ok(s, end))
      goto bad;
    if (errno == ERANGE && (isinf(f) || f == 0))
      range = isinf(f) ? 1 : 2;
    memcpy(a->value, &f, 4);
  } else {
    double d = strtod(s, &end);
    if (!float_syntax_ok(s, end))
      goto bad;
    if (errno == ERANGE && (isinf(d) || d == 0)) {
      range = isinf(d) ? 1 : 2;
    } else if (a->size == 8) {
      memcpy(a->value, &d, 8);
    } else {
      bool is_bf16 = strcmp(a->type_name, "bf16") == 0;
      uint16_t h = 0;
      int side = isfinite(d) ? exact_side(s, d) : 0;
      range = round_half(d, side, is_bf16 ? 7 : 10, is_bf16 ? 8 : 5, &h);
      store(a, h);
    }
  }
  if (range)
    return fail(err, err_len, "--arg %s: %s is out of range for %s (%s)", a->spec, s,
                a->type_name, range == 1 ? "too large" : "too small: it would round to zero");
  return 0;
bad:
  return fail(err, err_len,
              "--arg %s: '%s' is not a valid %s value (C syntax: 1.5, -2e-3, 0x1.8p1, inf, nan)",
              a->spec, s, a->type_name);
}

/* ---- --arg ---------------------------------------------------------------- */

/* The end of a PATH starting at p: the next ",in=" or ",out=", or the end. */
static const char *path_end(const char *p)
{
  for (const char *c = strchr(p, ','); c; c = strchr(c + 1, ','))
    if (strncmp(c, ",in=", 4) == 0 || strncmp(c, ",out=", 5) == 0)
      return c;
  return p + strlen(p);
}

static int parse_buf(const char *items, run_arg *a, char *err, size_t err_len)
{
  const char *p = items;
  for (;;) {
    const char *end;
    if (strncmp(p, "in=", 3) == 0 || strncmp(p, "out=", 4) == 0) {
      bool is_in = p[0] == 'i';
      const char *path = p + (is_in ? 3 : 4);
      end = path_end(path);
      char **slot = is_in ? &a->in_path : &a->out_path;
      if (end == path)
        return fail(err, err_len, "--arg %s: %s= needs a file name", a->spec, is_in ? "in" : "out");
      if (*slot)
        return fail(err, err_len, "--arg %s: %s= given twice", a->spec, is_in ? "in" : "out");
      *slot = strndup(path, (size_t)(end - path));
      if (!*slot)
        return fail(err, err_len, "out of memory");
    } else {
      end = strchr(p, ',');
      if (!end)
        end = p + strlen(p);
      char buf[64];
      size_t len = (size_t)(end - p);
      if (len == 0 || len >= sizeof buf)
        return fail(err, err_len,
                    "--arg %s: expected buf:BYTES, buf:in=PATH, and optionally ,out=PATH",
                    a->spec);
      memcpy(buf, p, len);
      buf[len] = 0;
      if (a->has_size)
        return fail(err, err_len, "--arg %s: the size is given twice", a->spec);
      if (run_parse_count(buf, true, &a->buf_bytes) != 0)
        return fail(err, err_len,
                    "--arg %s: '%s' is neither a byte count (4096, 0x1000, 4K) nor in=PATH or "
                    "out=PATH",
                    a->spec, buf);
      a->has_size = true;
    }
    if (!*end)
      break;
    p = end + 1;
  }
  if (!a->has_size && !a->in_path)
    return fail(err, err_len, "--arg %s: a buffer needs a size (buf:BYTES) or contents (buf:in=PATH)",
                a->spec);
  return 0;
}

int run_parse_arg(const char *spec, run_arg *a, char *err, size_t err_len)
{
  memset(a, 0, sizeof *a);
  a->spec = spec;
  const char *colon = strchr(spec, ':');
  if (!colon || colon == spec)
    return fail(err, err_len, "--arg %s: expected TYPE:VALUE or buf:...", spec);
  size_t tlen = (size_t)(colon - spec);
  const char *rest = colon + 1;
  if (tlen == 3 && strncmp(spec, "buf", 3) == 0) {
    a->type = RUN_ARG_BUF;
    int rc = parse_buf(rest, a, err, err_len);
    if (rc)
      run_arg_release(a);
    return rc;
  }
  a->type = RUN_ARG_SCALAR;
  if (tlen >= sizeof a->type_name)
    return fail(err, err_len, "--arg %s: unknown type '%.*s'", spec, (int)tlen, spec);
  memcpy(a->type_name, spec, tlen);
  a->type_name[tlen] = 0;
  if (!run_type_info(a->type_name, &a->kind, &a->size))
    return fail(err, err_len,
                "--arg %s: unknown type '%s' (expected u8..u64, s8..s64, b8..b64, f16, bf16, "
                "f32, f64 or buf)",
                spec, a->type_name);
  if (!*rest)
    return fail(err, err_len, "--arg %s: no value after '%s:'", spec, a->type_name);
  return a->kind == RUN_KIND_FLOAT ? parse_float(rest, a, err, err_len)
                                   : parse_integer(rest, a, err, err_len);
}

void run_arg_release(run_arg *a)
{
  free(a->in_path);
  free(a->out_path);
  a->in_path = a->out_path = NULL;
}
