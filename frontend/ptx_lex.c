/* ptx_lex.c -- literal conversion for the scanner.
 *
 * Integer literals keep all 64 bits and their signedness (PTX ISA 4.5.1);
 * decimal floating-point literals are converted exactly, with GMP, to the
 * nearest double (ties to even), so that the result does not depend on the
 * C library or the locale.
 */
#include "config.h"

#include <gmp.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_parse_int.h"

void ptx_lex_error(ptx_parse_ctx *pc, ptx_loc loc, const char *fmt, ...)
{
  /* A syntax error the bad token causes on the same line would only
   * repeat this message. */
  pc->lex_error_line = loc.line;
  va_list ap;
  va_start(ap, fmt);
  ptx_diag_vreport(pc->diag, PTX_SEV_ERROR, pc->path, loc, fmt, ap);
  va_end(ap);
}

const char *ptx_lex_char_name(ptx_parse_ctx *pc, unsigned char c)
{
  static const char printable[] = "'%c'";
  char *buf = ptx_scratch(pc, 16);
  if (!buf)
    return "?";
  if (c >= 0x20 && c < 0x7f)
    snprintf(buf, 16, printable, c);
  else
    snprintf(buf, 16, "'\\%03o'", c);
  return buf;
}

static unsigned hex_digit(char c)
{
  if (c >= '0' && c <= '9')
    return (unsigned)(c - '0');
  if (c >= 'a' && c <= 'f')
    return (unsigned)(c - 'a' + 10);
  return (unsigned)(c - 'A' + 10);
}

uint64_t ptx_lex_hex(const char *s, unsigned n_digits)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < n_digits; i++)
    v = (v << 4) | hex_digit(s[i]);
  return v;
}

uint64_t ptx_lex_int(ptx_parse_ctx *pc, const char *s, size_t len, ptx_loc loc, bool *is_unsigned)
{
  bool has_u = len > 0 && s[len - 1] == 'U';
  if (has_u)
    len--;
  unsigned base = 10;
  size_t i = 0;
  if (len > 1 && s[0] == '0') {
    if (s[1] == 'x' || s[1] == 'X') {
      base = 16;
      i = 2;
    } else if (s[1] == 'b' || s[1] == 'B') {
      base = 2;
      i = 2;
    } else {
      base = 8;
      i = 1;
    }
  }
  uint64_t v = 0;
  bool overflow = false;
  for (; i < len; i++) {
    unsigned d = hex_digit(s[i]);
    if (v > (UINT64_MAX - d) / base)
      overflow = true;
    v = v * base + d;
  }
  if (overflow) {
    ptx_lex_error(pc, loc, "integer literal '%.*s' does not fit in 64 bits", (int)(len + has_u), s);
    v = 0;
  }
  /* Signed unless U or too large for .s64 (PTX ISA 4.5.1). */
  *is_unsigned = has_u || v > (uint64_t)INT64_MAX;
  return v;
}

/* Rounds the positive rational num/den to the nearest double, ties to
 * even, with IEEE 754 binary64 range and subnormals. */
static double rational_to_double(mpz_t num, mpz_t den)
{
  if (mpz_sgn(num) == 0)
    return 0.0;
  /* e: power of two such that 2^52 <= num/den * 2^-e < 2^53. */
  long e = (long)mpz_sizeinbase(num, 2) - (long)mpz_sizeinbase(den, 2) - 52;
  mpz_t q, r, a, b;
  mpz_inits(q, r, a, b, NULL);
  for (;;) {
    mpz_set(a, num);
    mpz_set(b, den);
    if (e > 0)
      mpz_mul_2exp(b, b, (mp_bitcnt_t)e);
    else
      mpz_mul_2exp(a, a, (mp_bitcnt_t)-e);
    mpz_tdiv_qr(q, r, a, b);
    size_t bits = mpz_sizeinbase(q, 2);
    if (bits < 53)
      e--;
    else if (bits > 53)
      e++;
    else
      break;
  }
  /* Subnormals: the exponent cannot go below -1074. */
  if (e < -1074) {
    mpz_set(a, num);
    mpz_set(b, den);
    mpz_mul_2exp(a, a, 1074);
    mpz_tdiv_qr(q, r, a, b);
    e = -1074;
  }
  /* Round half to even using 2r vs b. */
  mpz_mul_2exp(r, r, 1);
  int c = mpz_cmp(r, b);
  if (c > 0 || (c == 0 && mpz_odd_p(q)))
    mpz_add_ui(q, q, 1);
  double mant = mpz_get_d(q); /* exact: q <= 2^53 */
  mpz_clears(q, r, a, b, NULL);
  if (e > 2048) /* far beyond the largest finite double */
    return INFINITY;
  return ldexp(mant, (int)e); /* overflows to infinity by itself */
}

uint64_t ptx_lex_decimal_float(ptx_parse_ctx *pc, const char *s, size_t len, ptx_loc loc)
{
  /* digits[.digits][e[+-]digits] */
  mpz_t num, den;
  mpz_inits(num, den, NULL);
  mpz_set_ui(den, 1);
  long exp10 = 0;
  size_t i = 0;
  for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
    mpz_mul_ui(num, num, 10);
    mpz_add_ui(num, num, (unsigned long)(s[i] - '0'));
  }
  if (i < len && s[i] == '.') {
    for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
      mpz_mul_ui(num, num, 10);
      mpz_add_ui(num, num, (unsigned long)(s[i] - '0'));
      exp10--;
    }
  }
  if (i < len && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    bool neg = false;
    if (i < len && (s[i] == '+' || s[i] == '-'))
      neg = s[i++] == '-';
    long x = 0;
    for (; i < len; i++)
      if (x < 100000)
        x = x * 10 + (s[i] - '0');
    exp10 += neg ? -x : x;
  }
  double d;
  if (mpz_sgn(num) == 0) {
    d = 0.0;
  } else if (exp10 > 400 + (long)len) {
    d = INFINITY;
  } else if (exp10 < -400 - (long)len) {
    d = 0.0;
  } else {
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)(exp10 < 0 ? -exp10 : exp10));
    if (exp10 >= 0)
      mpz_mul(num, num, p);
    else
      mpz_set(den, p);
    mpz_clear(p);
    d = rational_to_double(num, den);
  }
  mpz_clears(num, den, NULL);
  if (isinf(d))
    ptx_lex_error(pc, loc, "floating-point literal '%.*s' is out of the range of .f64", (int)len, s);
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return bits;
}
