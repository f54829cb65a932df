/* exec_harness.c -- input generation, GMP reference arithmetic and the
 * generic one-instruction kernel runner of the execution tests (see
 * exec_harness.h).  Nothing here includes isa/: the references must be
 * independent of the code they check.
 */
#include "config.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/isa/exec_harness.h"

/* ---- deterministic inputs ------------------------------------------------ */

static uint64_t rng_state;

void ex_rng_seed(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325); /* FNV-1a of the case name */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  rng_state = h;
}

/* splitmix64 */
uint64_t ex_rng(void)
{
  uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* ---- bits ---------------------------------------------------------------- */

uint64_t ex_ones(unsigned w)
{
  return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

int64_t ex_sx(uint64_t v, unsigned w)
{
  v &= ex_ones(w);
  if (w < 64 && (v >> (w - 1)) & 1)
    v |= ~ex_ones(w);
  return (int64_t)v;
}

uint32_t ex_f2u(float f)
{
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

float ex_u2f(uint32_t u)
{
  float f;
  memcpy(&f, &u, 4);
  return f;
}

uint64_t ex_d2u(double f)
{
  uint64_t u;
  memcpy(&u, &f, 8);
  return u;
}

double ex_u2d(uint64_t u)
{
  double f;
  memcpy(&f, &u, 8);
  return f;
}

/* ---- formats --------------------------------------------------------------- */

const ex_fmt EX_F16 = {10, 5}, EX_BF16 = {7, 8}, EX_F32 = {23, 8}, EX_F64 = {52, 11},
             EX_TF32 = {10, 8};

unsigned ex_fmt_bits(ex_fmt f)
{
  return 1 + f.ebits + f.mbits;
}

static long fmt_bias(ex_fmt f)
{
  return (1L << (f.ebits - 1)) - 1;
}

uint64_t ex_fmt_sign(ex_fmt f)
{
  return UINT64_C(1) << (ex_fmt_bits(f) - 1);
}

uint64_t ex_fmt_inf(ex_fmt f)
{
  return ex_ones(f.ebits) << f.mbits;
}

uint64_t ex_fmt_one(ex_fmt f)
{
  return (uint64_t)fmt_bias(f) << f.mbits;
}

uint64_t ex_fmt_quiet(ex_fmt f)
{
  return UINT64_C(1) << (f.mbits - 1);
}

bool ex_isnan(ex_fmt f, uint64_t b)
{
  return (b & (ex_fmt_sign(f) - 1)) > ex_fmt_inf(f);
}

bool ex_isinf(ex_fmt f, uint64_t b)
{
  return (b & (ex_fmt_sign(f) - 1)) == ex_fmt_inf(f);
}

bool ex_iszero(ex_fmt f, uint64_t b)
{
  return (b & (ex_fmt_sign(f) - 1)) == 0;
}

bool ex_issub(ex_fmt f, uint64_t b)
{
  return ((b >> f.mbits) & ex_ones(f.ebits)) == 0 && (b & ex_ones(f.mbits)) != 0;
}

uint64_t ex_ftz(ex_fmt f, uint64_t b)
{
  return ex_issub(f, b) ? b & ex_fmt_sign(f) : b;
}

uint64_t ex_sat(ex_fmt f, uint64_t b)
{
  if (ex_isnan(f, b) || (b & ex_fmt_sign(f)))
    return 0;
  return b > ex_fmt_one(f) ? ex_fmt_one(f) : b;
}

uint64_t ex_cnan(ex_fmt f)
{
  return ex_fmt_sign(f) - 1;
}

void ex_decode(ex_fmt f, uint64_t b, bool *neg, mpz_t m, long *e)
{
  uint64_t frac = b & ex_ones(f.mbits), ex = (b >> f.mbits) & ex_ones(f.ebits);
  uint64_t mm = ex == 0 ? frac : frac | (UINT64_C(1) << f.mbits);
  *neg = (b & ex_fmt_sign(f)) != 0;
  mpz_set_ui(m, 0);
  mpz_import(m, 1, 1, 8, 0, 0, &mm);
  *e = (ex == 0 ? 1 : (long)ex) - fmt_bias(f) - (long)f.mbits;
}

static uint64_t mpz_u64(const mpz_t m)
{
  uint64_t v = 0;
  size_t n = 0;
  mpz_export(&v, &n, -1, 8, 0, 0, m);
  return v;
}

/* Whether to round a truncated magnitude up: c compares the discarded part
 * with half an ulp (-1 below, 0 a tie, 1 above; only called when it is not
 * zero). */
static bool round_up(int rm, int c, bool neg, bool odd)
{
  switch (rm) {
  case EX_RN: return c > 0 || (c == 0 && odd);
  case EX_RNA: return c >= 0;
  case EX_RM: return neg;
  case EX_RP: return !neg;
  default: return false;
  }
}

/* Splits m at bit sh: q = m >> sh and the comparison of the rest with
 * 2^(sh-1); returns whether the rest is nonzero. */
static bool split(mpz_t q, const mpz_t m, unsigned long sh, int *c)
{
  mpz_t r;
  mpz_init(r);
  mpz_fdiv_q_2exp(q, m, sh);
  mpz_fdiv_r_2exp(r, m, sh);
  bool nz = mpz_sgn(r) != 0;
  if (nz) {
    if (mpz_sizeinbase(r, 2) < sh)
      *c = -1;
    else
      *c = mpz_scan1(r, 0) == sh - 1 ? 0 : 1;
  }
  mpz_clear(r);
  return nz;
}

uint64_t ex_round(ex_fmt f, bool neg, const mpz_t m, long e, int rm)
{
  uint64_t sign = neg ? ex_fmt_sign(f) : 0;
  if (mpz_sgn(m) == 0)
    return sign;
  long n = (long)mpz_sizeinbase(m, 2);
  long E = n - 1 + e, emin = 1 - fmt_bias(f), emax = fmt_bias(f);
  long q = (E < emin ? emin : E) - (long)f.mbits; /* exponent of the last kept bit */
  mpz_t M;
  mpz_init(M);
  long sh = q - e;
  if (sh <= 0) {
    mpz_mul_2exp(M, m, (unsigned long)-sh);
  } else {
    int c = 0;
    if (split(M, m, (unsigned long)sh, &c) && round_up(rm, c, neg, mpz_odd_p(M)))
      mpz_add_ui(M, M, 1);
  }
  if (mpz_sizeinbase(M, 2) > f.mbits + 1) { /* carried into the next binade */
    mpz_fdiv_q_2exp(M, M, 1);
    q++;
  }
  uint64_t mm = mpz_u64(M), bits;
  mpz_clear(M);
  if (q + (long)f.mbits > emax) {
    bool to_inf = rm == EX_RN || rm == EX_RNA || (rm == EX_RM && neg) || (rm == EX_RP && !neg);
    return sign | (to_inf ? ex_fmt_inf(f) : ex_fmt_inf(f) - 1);
  }
  if (mm >> f.mbits)
    bits = ((uint64_t)(q + (long)f.mbits + fmt_bias(f)) << f.mbits) | (mm & ex_ones(f.mbits));
  else
    bits = mm; /* subnormal (q == emin - mbits) */
  return sign | bits;
}

double ex_to_double(ex_fmt f, uint64_t b)
{
  if (ex_isnan(f, b))
    return NAN;
  if (ex_isinf(f, b))
    return (b & ex_fmt_sign(f)) ? -INFINITY : INFINITY;
  bool neg;
  mpz_t m;
  long e;
  mpz_init(m);
  ex_decode(f, b, &neg, m, &e);
  double v = ldexp(mpz_get_d(m), (int)e);
  mpz_clear(m);
  return neg ? -v : v;
}

uint64_t ex_ulp_dist(ex_fmt f, uint64_t a, uint64_t b)
{
  uint64_t s = ex_fmt_sign(f);
  int64_t x = (a & s) ? -(int64_t)(a & (s - 1)) : (int64_t)(a & (s - 1));
  int64_t y = (b & s) ? -(int64_t)(b & (s - 1)) : (int64_t)(b & (s - 1));
  return x > y ? (uint64_t)(x - y) : (uint64_t)(y - x);
}

/* ---- exact operations -------------------------------------------------------- */

/* op: 0 add, 1 mul, 2 fma. */
static uint64_t exact_arith(ex_fmt f, int op, uint64_t a, uint64_t b, uint64_t c, int rm,
                            bool *is_nan)
{
  uint64_t S = ex_fmt_sign(f);
  *is_nan = true;
  if (ex_isnan(f, a) || ex_isnan(f, b) || (op == 2 && ex_isnan(f, c)))
    return 0;
  if (op == 0 && (ex_isinf(f, a) || ex_isinf(f, b))) {
    if (ex_isinf(f, a) && ex_isinf(f, b) && ((a ^ b) & S))
      return 0;
    *is_nan = false;
    return ex_isinf(f, a) ? a : b;
  }
  bool pneg = ((a ^ b) & S) != 0;
  if (op >= 1 && (ex_isinf(f, a) || ex_isinf(f, b))) {
    if (ex_iszero(f, a) || ex_iszero(f, b))
      return 0;
    if (op == 2 && ex_isinf(f, c) && (pneg != ((c & S) != 0)))
      return 0;
    *is_nan = false;
    return (pneg ? S : 0) | ex_fmt_inf(f);
  }
  *is_nan = false;
  if (op == 2 && ex_isinf(f, c))
    return c;
  mpz_t ma, mb, t1, t2;
  long ea, eb, e1, e2;
  bool na, nb, n1, n2;
  mpz_inits(ma, mb, t1, t2, NULL);
  ex_decode(f, a, &na, ma, &ea);
  ex_decode(f, b, &nb, mb, &eb);
  uint64_t r;
  if (op == 0) {
    mpz_set(t1, ma), e1 = ea, n1 = na;
    mpz_set(t2, mb), e2 = eb, n2 = nb;
  } else {
    mpz_mul(t1, ma, mb), e1 = ea + eb, n1 = na != nb;
    if (op == 1) {
      r = ex_round(f, n1, t1, e1, rm);
      mpz_clears(ma, mb, t1, t2, NULL);
      return r;
    }
    ex_decode(f, c, &n2, t2, &e2);
  }
  bool zero1 = mpz_sgn(t1) == 0, zero2 = mpz_sgn(t2) == 0;
  long emn = e1 < e2 ? e1 : e2;
  mpz_mul_2exp(t1, t1, (unsigned long)(e1 - emn));
  mpz_mul_2exp(t2, t2, (unsigned long)(e2 - emn));
  if (n1)
    mpz_neg(t1, t1);
  if (n2)
    mpz_neg(t2, t2);
  mpz_add(t1, t1, t2);
  if (mpz_sgn(t1) == 0) {
    /* IEEE 754 §6.3: an exact zero sum is +0, except -0 + -0, and -0 under
     * roundTowardNegative. */
    if (zero1 && zero2 && n1 == n2)
      r = n1 ? S : 0;
    else
      r = rm == EX_RM ? S : 0;
  } else {
    bool neg = mpz_sgn(t1) < 0;
    mpz_abs(t1, t1);
    r = ex_round(f, neg, t1, emn, rm);
  }
  mpz_clears(ma, mb, t1, t2, NULL);
  return r;
}

uint64_t ex_add(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan)
{
  return exact_arith(f, 0, a, b, 0, rm, is_nan);
}

uint64_t ex_mul(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan)
{
  return exact_arith(f, 1, a, b, 0, rm, is_nan);
}

uint64_t ex_fma(ex_fmt f, uint64_t a, uint64_t b, uint64_t c, int rm, bool *is_nan)
{
  return exact_arith(f, 2, a, b, c, rm, is_nan);
}

uint64_t ex_div(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan)
{
  uint64_t S = ex_fmt_sign(f), s = (a ^ b) & S;
  *is_nan = true;
  if (ex_isnan(f, a) || ex_isnan(f, b) || (ex_isinf(f, a) && ex_isinf(f, b)) ||
      (ex_iszero(f, a) && ex_iszero(f, b)))
    return 0;
  *is_nan = false;
  if (ex_isinf(f, a) || ex_iszero(f, b))
    return s | ex_fmt_inf(f);
  if (ex_isinf(f, b) || ex_iszero(f, a))
    return s;
  mpz_t ma, mb, q, r;
  long ea, eb;
  bool na, nb;
  mpz_inits(ma, mb, q, r, NULL);
  ex_decode(f, a, &na, ma, &ea);
  ex_decode(f, b, &nb, mb, &eb);
  /* q = ma * 2^k / mb with at least mbits + 4 bits; one sticky bit below. */
  unsigned long k = f.mbits + 4 + mpz_sizeinbase(mb, 2);
  mpz_mul_2exp(ma, ma, k);
  mpz_fdiv_qr(q, r, ma, mb);
  mpz_mul_2exp(q, q, 1);
  if (mpz_sgn(r))
    mpz_add_ui(q, q, 1);
  uint64_t res = ex_round(f, na != nb, q, ea - eb - (long)k - 1, rm);
  mpz_clears(ma, mb, q, r, NULL);
  return res;
}

uint64_t ex_sqrt(ex_fmt f, uint64_t a, int rm, bool *is_nan)
{
  uint64_t S = ex_fmt_sign(f);
  *is_nan = ex_isnan(f, a) || ((a & S) && !ex_iszero(f, a));
  if (*is_nan || ex_iszero(f, a) || ex_isinf(f, a))
    return a;
  mpz_t m, s, r;
  long e;
  bool neg;
  mpz_inits(m, s, r, NULL);
  ex_decode(f, a, &neg, m, &e);
  if (e & 1) {
    mpz_mul_2exp(m, m, 1);
    e--;
  }
  unsigned long k = f.mbits + 4;
  mpz_mul_2exp(m, m, 2 * k);
  e -= 2 * (long)k;
  mpz_sqrtrem(s, r, m);
  mpz_mul_2exp(s, s, 1);
  if (mpz_sgn(r))
    mpz_add_ui(s, s, 1);
  uint64_t res = ex_round(f, false, s, e / 2 - 1, rm);
  mpz_clears(m, s, r, NULL);
  return res;
}

uint64_t ex_f64_nan(const uint64_t *ops, int n)
{
  for (int i = 0; i < n; i++)
    if (ex_isnan(EX_F64, ops[i]))
      return ops[i] | ex_fmt_quiet(EX_F64);
  return ex_cnan(EX_F64);
}

uint64_t ex_convert(ex_fmt to, ex_fmt from, uint64_t b, int rm)
{
  if (ex_isnan(from, b))
    return ex_cnan(to);
  uint64_t s = (b & ex_fmt_sign(from)) ? ex_fmt_sign(to) : 0;
  if (ex_isinf(from, b))
    return s | ex_fmt_inf(to);
  bool neg;
  mpz_t m;
  long e;
  mpz_init(m);
  ex_decode(from, b, &neg, m, &e);
  uint64_t r = ex_round(to, neg, m, e, rm);
  mpz_clear(m);
  return r;
}

void ex_to_integer(ex_fmt f, uint64_t b, int rm, mpz_t out)
{
  bool neg;
  mpz_t m;
  long e;
  mpz_init(m);
  ex_decode(f, b, &neg, m, &e);
  if (e >= 0) {
    mpz_mul_2exp(out, m, (unsigned long)e);
  } else {
    int c = 0;
    if (split(out, m, (unsigned long)-e, &c) && round_up(rm, c, neg, mpz_odd_p(out)))
      mpz_add_ui(out, out, 1);
  }
  if (neg)
    mpz_neg(out, out);
  mpz_clear(m);
}

uint64_t ex_round_integral(ex_fmt f, uint64_t b, int rm)
{
  if (ex_isnan(f, b))
    return ex_cnan(f);
  if (ex_isinf(f, b) || ex_iszero(f, b))
    return b;
  mpz_t v;
  mpz_init(v);
  ex_to_integer(f, b, rm, v);
  bool neg = (b & ex_fmt_sign(f)) != 0;
  mpz_abs(v, v);
  uint64_t r = ex_round(f, neg, v, 0, EX_RN); /* exact; keeps the sign of zero */
  mpz_clear(v);
  return r;
}

uint64_t ex_from_int(ex_fmt f, uint64_t v, bool is_signed, int rm)
{
  bool neg = is_signed && (int64_t)v < 0;
  uint64_t mag = neg ? 0 - v : v;
  mpz_t m;
  mpz_init(m);
  mpz_import(m, 1, 1, 8, 0, 0, &mag);
  uint64_t r = ex_round(f, neg, m, 0, rm);
  mpz_clear(m);
  return neg || mag ? r : 0;
}

int ex_cmp(ex_fmt f, uint64_t a, uint64_t b)
{
  if (ex_isnan(f, a) || ex_isnan(f, b))
    return 2;
  double x = ex_to_double(f, a), y = ex_to_double(f, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/* ---- input generators ---------------------------------------------------------- */

static const uint64_t e_i8[] = {0, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40, 0x3f};
static const uint64_t e_i16[] = {0, 1, 2, 0xffff, 0xfffe, 0x8000, 0x7fff, 0x8001, 0xff, 0x100,
                                 7, 0xfff9, 0x5555, 0xaaaa};
static const uint64_t e_i32[] = {0, 1, 2, 0xffffffff, 0xfffffffe, 0x80000000, 0x80000001,
                                 0x7fffffff, 0x7ffffffe, 0x8000, 0xffff, 0x10000, 7, 0xfffffff9,
                                 100, 0xffffff9c, 0x55555555, 0xaaaaaaaa, 0x00800000, 0x00ffffff};
static const uint64_t e_i64[] = {0, 1, 2, UINT64_MAX, UINT64_MAX - 1,
                                 UINT64_C(0x8000000000000000), UINT64_C(0x8000000000000001),
                                 UINT64_C(0x7fffffffffffffff), 0xffffffff,
                                 UINT64_C(0x100000000), 0x80000000, 0x7fffffff,
                                 UINT64_C(0xffffffff80000000), 7, UINT64_C(0xfffffffffffffff9),
                                 UINT64_C(0x5555555555555555), UINT64_C(0xaaaaaaaaaaaaaaaa)};
static const uint64_t e_sh[] = {0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256,
                                0xffffffff, 0x80000000};
static const uint64_t e_pos8[] = {0, 1, 4, 8, 16, 24, 31, 32, 33, 63, 64, 65, 255, 256, 0x101,
                                  0x120};
static const uint64_t e_p[] = {0, 1};
static const uint64_t e_f32[] = {
  0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0x40200000,
  0xc0200000, 0x40400000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00001,
  0xffc00000, 0x7f800001, 0x7fffffff, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff,
  0x00800000, 0x80800000, 0x3f000001, 0x3effffff, 0x3f800001, 0x4b000000, 0x4b7fffff,
  0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x40490fdb, 0xc0490fdb,
  0x42c80000, 0x7e800000, 0x3f7fffff, 0x00400000, 0x00800001, 0x34000000};
static const uint64_t e_f32pos[] = {
  0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001,
  0x80000001, 0x007fffff, 0x00800000, 0x3f000000, 0x40000000, 0x3f7fffff, 0x3f800001,
  0x3fb504f3, 0x7f7fffff, 0x3effffff, 0x3f000001, 0x4b800000, 0x00400000, 0x3ffffffe};
static const uint64_t e_f64[] = {
  0, UINT64_C(0x8000000000000000), UINT64_C(0x3ff0000000000000), UINT64_C(0xbff0000000000000),
  UINT64_C(0x3fe0000000000000), UINT64_C(0x3ff8000000000000), UINT64_C(0x4004000000000000),
  UINT64_C(0xc004000000000000), UINT64_C(0x7fefffffffffffff), UINT64_C(0xffefffffffffffff),
  UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000), UINT64_C(0x7ff8000000000001),
  UINT64_C(0xfff8000000000000), UINT64_C(0x7ff0000000000001), UINT64_C(0xfff4000000000123),
  UINT64_C(0x0000000000000001), UINT64_C(0x8000000000000001), UINT64_C(0x000fffffffffffff),
  UINT64_C(0x0010000000000000), UINT64_C(0x3fe0000000000001), UINT64_C(0x3fdfffffffffffff),
  UINT64_C(0x3ff0000000000001), UINT64_C(0x41dfffffffc00000), UINT64_C(0x41e0000000000000),
  UINT64_C(0xc1e0000000000000), UINT64_C(0x41efffffffe00000), UINT64_C(0x43e0000000000000),
  UINT64_C(0xc3e0000000000000), UINT64_C(0x43f0000000000000), UINT64_C(0x400921fb54442d18),
  UINT64_C(0x47efffffe0000000), UINT64_C(0x36a0000000000000), UINT64_C(0x3810000000000000),
  UINT64_C(0x7fe0000000000000), UINT64_C(0xc3dfffffffffffff)};
static const uint64_t e_f16[] = {0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100,
                                 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7e01, 0xfe00, 0x7c01,
                                 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c01, 0x3bff, 0x7800, 0x1400,
                                 0x5640};
static const uint64_t e_bf16[] = {0, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0x4020, 0xc020,
                                  0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7fc1, 0xffc0, 0x7f81,
                                  0x0001, 0x8001, 0x007f, 0x0080, 0x3f81, 0x3f7f, 0x4b00, 0x0040};
static const uint64_t e_prmt[] = {0x3210, 0x7654, 0x0123, 0x4567, 0x8888, 0xffff, 0x0000,
                                  0x1111, 0xba98, 0x5140, 0x76543210, 0xffff3210, 0x9c3a};

typedef struct gen_info {
  const uint64_t *e;
  size_t n;
} gen_info;

#define GE(a) {a, sizeof a / sizeof a[0]}
static const gen_info gens[G_COUNT] = {
  [G_I8] = GE(e_i8), [G_I16] = GE(e_i16), [G_I32] = GE(e_i32), [G_I64] = GE(e_i64),
  [G_SH] = GE(e_sh), [G_POS8] = GE(e_pos8), [G_P] = GE(e_p), [G_F32] = GE(e_f32),
  [G_F64] = GE(e_f64), [G_F16] = GE(e_f16), [G_BF16] = GE(e_bf16), [G_F16X2] = GE(e_f16),
  [G_PRMT] = GE(e_prmt), [G_BITS32] = GE(e_i32), [G_BITS64] = GE(e_i64),
  [G_F32POS] = GE(e_f32pos), [G_SIN] = GE(e_f32),
};

/* A random w-bit integer leaning towards edges. */
static uint64_t rand_int(unsigned w)
{
  uint64_t r = ex_rng(), v;
  unsigned k = (unsigned)(r >> 8) % w;
  switch (r & 7) {
  case 0: v = (r >> 16) & 0x3f; break;
  case 1: v = 0 - ((r >> 16) & 0x3f); break;
  case 2: v = (UINT64_C(1) << k) + ((r >> 20) % 3) - 1; break;
  case 3: v = (r >> 16) & 0xffff; break;
  default: v = ex_rng(); break;
  }
  return v & ex_ones(w);
}

/* A random float: any bits, numbers near 1, ties, subnormals, small
 * integers, large magnitudes. */
static uint64_t rand_fp(ex_fmt f)
{
  uint64_t r = ex_rng(), v = ex_rng() & ex_ones(ex_fmt_bits(f));
  uint64_t s = (r >> 40 & 1) ? ex_fmt_sign(f) : 0;
  mpz_t m;
  switch (r & 7) {
  case 0:
  case 1:
    break;
  case 2:
  case 3: {
    long ex = fmt_bias(f) + (long)((r >> 8) % 49) - 24;
    v = s | ((uint64_t)ex << f.mbits) | (v & ex_ones(f.mbits));
    break;
  }
  case 4: /* k + 0.5 and its neighbours */
    mpz_init_set_ui(m, (unsigned long)(((r >> 8) & 0xffff) * 2 + 1));
    v = ex_round(f, s != 0, m, -1, EX_RN);
    mpz_clear(m);
    if ((r >> 30) & 1)
      v += ((r >> 31) & 1) ? 1 : (uint64_t)-1;
    break;
  case 5:
    v = s | (v & ex_ones(f.mbits));
    break;
  case 6:
    mpz_init_set_ui(m, (unsigned long)((r >> 8) & 0x3ff));
    v = ex_round(f, s != 0, m, 0, EX_RN);
    mpz_clear(m);
    break;
  default: {
    long ex = 2 * fmt_bias(f) - (long)((r >> 8) % 40);
    if (ex < 1)
      ex = 1;
    v = s | ((uint64_t)ex << f.mbits) | (v & ex_ones(f.mbits));
    break;
  }
  }
  return v & ex_ones(ex_fmt_bits(f));
}

static uint64_t gen_random(int g, size_t i)
{
  static const uint64_t segc[] = {0x1f, 0x101f, 0x181f, 0x0, 0x1c1f, 0x1e1f, 0x1800, 0x3,
                                  0x1f1f, 0x100f, 0x1810};
  static const uint64_t woff[] = {1, 2, 0, 4, 16, 31, 5, 32, 33, 7, 8, 0x21};
  size_t warp = i / 32;
  uint64_t r;
  switch (g) {
  case G_I8: return rand_int(8);
  case G_I16: return rand_int(16);
  case G_I32: return rand_int(32);
  case G_I64: return rand_int(64);
  case G_SH: r = ex_rng(); return (r & 1) ? (r >> 8) % 70 : e_sh[(r >> 8) % 17];
  case G_POS8: r = ex_rng(); return (r & 3) ? (r >> 8) % 40 : (r >> 8) & 0x1ff;
  case G_P: return ex_rng() & 1;
  case G_F32: return rand_fp(EX_F32);
  case G_F32POS: return rand_fp(EX_F32) & 0x7fffffff;
  case G_F64: return rand_fp(EX_F64);
  case G_F16: return rand_fp(EX_F16);
  case G_BF16: return rand_fp(EX_BF16);
  case G_F16X2: return rand_fp(EX_F16) | rand_fp(EX_F16) << 16;
  case G_PRMT: r = ex_rng(); return (r & 1) ? r >> 32 : (r >> 32) & 0xffff;
  case G_BITS32: return ex_rng() & 0xffffffff;
  case G_BITS64: return ex_rng();
  case G_SMALL: return ex_rng() % 4;
  case G_U5: return ex_rng() % 40;
  case G_LANE: return ex_rng() & 0xffffffff;
  case G_WP: /* per warp: all set, none, random, one lane */
    switch (warp % 4) {
    case 0: return 1;
    case 1: return 0;
    case 2: return ex_rng() & 1;
    default: return (i % 32) == (warp * 7) % 32;
    }
  case G_WSMALL: /* per warp: all equal, two values, four values, all distinct */
    switch (warp % 4) {
    case 0: return 5;
    case 1: return ex_rng() % 2;
    case 2: return ex_rng() % 4;
    default: return i % 32 + 100;
    }
  case G_SEGC: return segc[warp % (sizeof segc / sizeof segc[0])];
  case G_WOFF: return woff[warp % (sizeof woff / sizeof woff[0])];
  case G_SIN: { /* radians: within 2 pi, 100 pi, and beyond */
    r = ex_rng();
    double x = ((double)(r >> 11) / 9007199254740992.0 * 2 - 1);
    x *= (r & 3) == 0 ? 6.28 : (r & 3) == 1 ? 314.0 : (r & 3) == 2 ? 1.0 : 1e5;
    return ex_f2u((float)x);
  }
  }
  return 0;
}

/* Edge value k of generator g (f16x2: two edges, one per half). */
static uint64_t gen_edge(int g, size_t k)
{
  const gen_info *gi = &gens[g];
  if (g == G_F16X2)
    return gi->e[k % gi->n] | gi->e[(k * 7 + 3) % gi->n] << 16;
  return gi->e[k % gi->n];
}

/* ---- the generic kernel ------------------------------------------------------------ */

static const char *const k_reg[] = {"", ".pred", ".b16", ".b32", ".b64", ".f32", ".f64"};
static const char *const k_ld[] = {"", "u32", "b16", "b32", "b64", "f32", "f64"};
static const unsigned k_bits[] = {0, 1, 16, 32, 64, 32, 64};

static unsigned kind_bits(int k)
{
  return k == K_P ? 1 : k_bits[k];
}

/* Inputs of a case: edges (all combinations when there are few, else a
 * random sample of them), then random vectors.  Returns the count (a
 * multiple of EX_BLOCK); *out gets 3 values per vector. */
static size_t build_inputs(const ex_case *c, uint64_t **out)
{
  int n_in = 0;
  size_t ne[3] = {1, 1, 1};
  bool has_edges = c->wref == NULL;
  for (int j = 0; j < 3; j++)
    if (c->in[j] != K_NONE) {
      n_in = j + 1;
      ne[j] = gens[c->gen[j]].n;
      if (ne[j] == 0)
        ne[j] = 1;
    }
  size_t n_edge = ne[0] * ne[1] * ne[2];
  bool all = n_edge <= 3000;
  if (!all)
    n_edge = 2048;
  if (!has_edges)
    n_edge = 0;
  size_t n = n_edge + (c->n_random ? c->n_random : EX_N_RANDOM);
  n = (n + EX_BLOCK - 1) / EX_BLOCK * EX_BLOCK;
  uint64_t *v = calloc(n * 3, sizeof *v);
  ck_assert_ptr_nonnull(v);
  ex_rng_seed(c->name);
  for (size_t i = 0; i < n; i++) {
    size_t idx = i;
    for (int j = 0; j < n_in; j++) {
      int g = c->gen[j];
      uint64_t x;
      if (i < n_edge && gens[g].n) {
        size_t k = all ? idx % ne[j] : ex_rng() % ne[j];
        idx /= ne[j];
        x = gen_edge(g, k);
      } else {
        x = gen_random(g, i);
      }
      v[i * 3 + j] = x & ex_ones(kind_bits(c->in[j]) == 1 ? 1 : kind_bits(c->in[j]));
    }
  }
  *out = v;
  return n;
}

/* Appends formatted text to a growing buffer. */
typedef struct sbuf {
  char *s;
  size_t n, cap;
} sbuf;

static void sb_add(sbuf *b, const char *t)
{
  size_t k = strlen(t);
  if (b->n + k + 1 > b->cap) {
    b->cap = (b->n + k + 1) * 2;
    b->s = realloc(b->s, b->cap);
    ck_assert_ptr_nonnull(b->s);
  }
  memcpy(b->s + b->n, t, k + 1);
  b->n += k;
}

void ex_sb_printf(ex_sbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  ck_assert_int_ge(k, 0);
  if (b->n + (size_t)k + 1 > b->cap) {
    b->cap = (b->n + (size_t)k + 1) * 2;
    b->s = realloc(b->s, b->cap);
    ck_assert_ptr_nonnull(b->s);
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
  va_end(ap);
  b->n += (size_t)k;
}

static const char *const nm_in[] = {"%ia", "%ib", "%ic"}, *const nm_out[] = {"%od", "%oe"};

static char *build_kernel(const ex_case *c)
{
  sbuf b = {0};
  char line[512];
  sb_add(&b, EX_PTX_HEADER ".visible .entry k(.param .u64 pin, .param .u64 pout)\n{\n"
                           "  .reg .b32 %t<6>; .reg .b64 %x<8>; .reg .pred %tp;\n"
                           "  .reg .b32 %s<12>; .reg .b64 %sl<12>; .reg .pred %sp<4>;\n"
                           "  .reg .b16 %sh<8>; .reg .f32 %sf<4>; .reg .f64 %sd<4>;\n");
  for (int j = 0; j < 3; j++)
    if (c->in[j]) {
      snprintf(line, sizeof line, "  .reg %s %s;\n", k_reg[c->in[j]], nm_in[j]);
      sb_add(&b, line);
    }
  for (int j = 0; j < 2; j++)
    if (c->out[j]) {
      snprintf(line, sizeof line, "  .reg %s %s;\n", k_reg[c->out[j]], nm_out[j]);
      sb_add(&b, line);
    }
  sb_add(&b, "  mov.u32 %t0, %tid.x; mov.u32 %t1, %ctaid.x; mov.u32 %t2, %ntid.x;\n"
             "  mad.lo.u32 %t3, %t1, %t2, %t0;\n"
             "  ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
             "  mul.wide.u32 %x2, %t3, 24; add.s64 %x3, %x0, %x2;\n"
             "  mul.wide.u32 %x4, %t3, 16; add.s64 %x5, %x1, %x4;\n");
  for (int j = 0; j < 3; j++) {
    if (c->in[j] == K_P)
      snprintf(line, sizeof line, "  ld.global.u32 %%t4, [%%x3+%d]; setp.ne.u32 %s, %%t4, 0;\n",
               8 * j, nm_in[j]);
    else if (c->in[j])
      snprintf(line, sizeof line, "  ld.global.%s %s, [%%x3+%d];\n", k_ld[c->in[j]], nm_in[j],
               8 * j);
    else
      continue;
    sb_add(&b, line);
  }
  sb_add(&b, "  ");
  if (c->body) {
    sb_add(&b, c->body);
  } else {
    sb_add(&b, c->name);
    sb_add(&b, " %od");
    for (int j = 0; j < 3 && c->in[j]; j++) {
      sb_add(&b, ", ");
      sb_add(&b, nm_in[j]);
    }
    sb_add(&b, ";");
  }
  sb_add(&b, "\n");
  for (int j = 0; j < 2; j++) {
    if (c->out[j] == K_P)
      snprintf(line, sizeof line,
               "  selp.u32 %%t5, 1, 0, %s; st.global.u32 [%%x5+%d], %%t5;\n", nm_out[j], 8 * j);
    else if (c->out[j])
      snprintf(line, sizeof line, "  st.global.%s [%%x5+%d], %s;\n", k_ld[c->out[j]], 8 * j,
               nm_out[j]);
    else
      continue;
    sb_add(&b, line);
  }
  sb_add(&b, "  ret;\n}\n");
  return b.s;
}

/* ---- fixtures ----------------------------------------------------------------- */

/* Loads text onto a fresh device: 0, or the failing status with the
 * message in err. */
static int fx_try_load(ex_fx *f, const char *ptx, char *err, size_t n_err)
{
  char *msgs = NULL;
  f->d = NULL;
  f->m = NULL;
  int rc = ptxsim_module_load_string(ptx, strlen(ptx), "exec.ptx", &f->m, &msgs);
  if (rc != 0) {
    snprintf(err, n_err, "parse (%s): %s", ptxsim_status_string(rc), msgs ? msgs : "");
    ptxsim_free(msgs);
    f->m = NULL;
    return rc;
  }
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_create(&f->d), 0);
  rc = ptxsim_device_load(f->d, f->m);
  if (rc != 0) {
    snprintf(err, n_err, "load (%s): %s", ptxsim_status_string(rc), ptxsim_device_error(f->d));
    return rc;
  }
  return 0;
}

void ex_fx_free(ex_fx *f)
{
  if (f->d)
    ptxsim_device_destroy(f->d);
  if (f->m)
    ptxsim_module_free(f->m);
  f->d = NULL;
  f->m = NULL;
}

void ex_fx_load(ex_fx *f, const char *ptx)
{
  char err[4096];
  int rc = fx_try_load(f, ptx, err, sizeof err);
  if (rc != 0) {
    ex_fx_free(f);
    ck_abort_msg("%s%s\n%s", rc == PTXSIM_E_UNSUPPORTED ? "UNSUPPORTED " : "", err, ptx);
  }
}

ptxsim_devptr ex_fx_buf(ex_fx *f, const void *data, size_t bytes)
{
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(f->d, bytes, &p), 0);
  if (data)
    ck_assert_int_eq(ptxsim_memcpy_htod(f->d, p, data, bytes), 0);
  else
    ck_assert_int_eq(ptxsim_memset(f->d, p, 0, bytes), 0);
  return p;
}

void ex_fx_get(ex_fx *f, void *dst, ptxsim_devptr src, size_t bytes)
{
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f->d, dst, src, bytes), 0);
}

void ex_fx_launch(ex_fx *f, const char *k, unsigned grid, unsigned block, const void **args,
                  size_t n_args, int want_rc)
{
  int rc = ptxsim_launch(f->d, k, (ptxsim_dim3){grid, 1, 1}, (ptxsim_dim3){block, 1, 1}, 0,
                         args, n_args);
  ck_assert_msg(rc == want_rc, "launch of %s returned %d (%s), want %d: %s", k, rc,
                ptxsim_status_string(rc), want_rc, ptxsim_device_error(f->d));
}

/* ---- the generic case ------------------------------------------------------------ */

static const ex_case *suite_cases;

static void fmt_vec(char *buf, size_t n, const ex_case *c, const uint64_t *a)
{
  int k = 0;
  buf[0] = 0;
  for (int j = 0; j < 3 && c->in[j]; j++)
    k += snprintf(buf + k, n - (size_t)k, "%s0x%llx", j ? ", " : "", (unsigned long long)a[j]);
}

START_TEST(exec_case)
{
  const ex_case *c = &suite_cases[_i];
  char *ptx = build_kernel(c);
  ex_fx f;
  char err[4096];
  int rc = fx_try_load(&f, ptx, err, sizeof err);
  if (rc != 0) {
    ex_fx_free(&f);
    ck_abort_msg("%s: %s%s\n%s", c->name, rc == PTXSIM_E_UNSUPPORTED ? "UNSUPPORTED " : "", err,
                 ptx);
  }
  uint64_t *in;
  size_t n = build_inputs(c, &in);
  uint64_t *out = calloc(n * 2, sizeof *out), *want = calloc(n * 2, sizeof *want);
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(want);
  ptxsim_devptr din = ex_fx_buf(&f, in, n * 24), dout = ex_fx_buf(&f, NULL, n * 16);
  const void *args[] = {&din, &dout};
  rc = ptxsim_launch(f.d, "k", (ptxsim_dim3){(unsigned)(n / EX_BLOCK), 1, 1},
                     (ptxsim_dim3){EX_BLOCK, 1, 1}, 0, args, 2);
  if (rc != 0) {
    snprintf(err, sizeof err, "%s: launch (%s): %s\n%s", c->name, ptxsim_status_string(rc),
             ptxsim_device_error(f.d), ptx);
    ex_fx_free(&f);
    ck_abort_msg("%s", err);
  }
  ex_fx_get(&f, out, dout, n * 16);
  if (c->wref)
    for (size_t w = 0; w < n / 32; w++)
      c->wref(c, in + w * 96, want + w * 64);
  size_t n_bad = 0;
  char msg[3000];
  int k = 0;
  for (size_t i = 0; i < n; i++) {
    const uint64_t *a = in + i * 3;
    uint64_t *got = out + i * 2, *exp = want + i * 2;
    bool ok = true;
    for (int j = 0; j < 2; j++)
      got[j] &= ex_ones(kind_bits(c->out[j]) == 1 ? 32 : kind_bits(c->out[j]));
    if (c->chk) {
      ok = c->chk(c, a, got, exp);
    } else {
      if (c->ref)
        c->ref(c, a, exp);
      for (int j = 0; j < 2; j++) {
        exp[j] &= ex_ones(kind_bits(c->out[j]));
        if (c->out[j] && exp[j] != got[j])
          ok = false;
      }
    }
    if (ok)
      continue;
    if (n_bad < 5 && k < (int)sizeof msg - 400) {
      char ib[200];
      fmt_vec(ib, sizeof ib, c, a);
      k += snprintf(msg + k, sizeof msg - (size_t)k, "\n    (%s) [thread %zu]: got 0x%llx", ib, i,
                    (unsigned long long)got[0]);
      if (c->out[1])
        k += snprintf(msg + k, sizeof msg - (size_t)k, ",0x%llx", (unsigned long long)got[1]);
      k += snprintf(msg + k, sizeof msg - (size_t)k, " want 0x%llx", (unsigned long long)exp[0]);
      if (c->out[1])
        k += snprintf(msg + k, sizeof msg - (size_t)k, ",0x%llx", (unsigned long long)exp[1]);
    }
    n_bad++;
  }
  free(in);
  free(out);
  free(want);
  ex_fx_free(&f);
  if (n_bad)
    ck_abort_msg("%s [%s]: %zu/%zu vectors wrong:%s", c->name, c->body ? c->body : "", n_bad, n,
                 msg);
  free(ptx);
}
END_TEST

Suite *ex_suite(const char *name, const ex_case *cases, size_t n)
{
  Suite *s = suite_create(name);
  suite_cases = cases;
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && strcmp(cases[j].fam, cases[i].fam) == 0)
      j++;
    TCase *tc = tcase_create(cases[i].fam);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, exec_case, (int)i, (int)j);
    suite_add_tcase(s, tc);
    i = j;
  }
  return s;
}

int ex_run(Suite *s)
{
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
