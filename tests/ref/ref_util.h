/* ref_util.h -- what the CPU references of the corpus tests share: a
 * fixed-seed PRNG, "interesting" float generators, bit views, 16-bit float
 * conversions, ulp distances and the element comparisons behind every
 * array check.
 *
 * Each corpus program is tested twice: by tests/drivers/check_NAME.c
 * through the library API (C, Check) and by tests/exec/NAME.cu through the
 * CUDA runtime (C++, nvcc).  Both take their inputs and expected values
 * from tests/ref/NAME_ref.h, and all of those from this header, so the two
 * tests of a program cannot drift apart.  Everything here is static inline
 * C that also compiles as C++: explicit casts from void *, no compound
 * literals or designated initialisers, and libm calls on double arguments
 * (C++'s <math.h> overloads sqrt(float) as sqrtf).  Nothing here knows
 * Check, CUDA or a kernel; drv_util.c and exec_util.h report the
 * comparisons (ref_compare) their own way.
 */
#ifndef PTXSIM_TESTS_REF_REF_UTIL_H
#define PTXSIM_TESTS_REF_REF_UTIL_H

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- deterministic PRNG ----------------------------------------------------
 * splitmix64 (Steele, Lea, Flood 2014): tiny, seedable, good enough for
 * test data; the same seed gives the same inputs on every host. */

typedef struct ref_rng {
  uint64_t s;
} ref_rng;

static inline void ref_rng_seed(ref_rng *r, uint64_t seed) { r->s = seed; }

static inline uint64_t ref_rand64(ref_rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline uint32_t ref_rand32(ref_rng *r) { return (uint32_t)(ref_rand64(r) >> 32); }

/* Uniform integer in [lo, hi] (inclusive). */
static inline int32_t ref_rand_range(ref_rng *r, int32_t lo, int32_t hi)
{
  uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
  return (int32_t)((int64_t)lo + (int64_t)(ref_rand64(r) % span));
}

/* Uniform float in [lo, hi). */
static inline float ref_randf(ref_rng *r, float lo, float hi)
{
  float u = (float)(ref_rand32(r) >> 8) * (1.0f / 16777216.0f);
  return lo + (hi - lo) * u;
}

static inline double ref_randd(ref_rng *r, double lo, double hi)
{
  double u = (double)(ref_rand64(r) >> 11) * (1.0 / 9007199254740992.0);
  return lo + (hi - lo) * u;
}

/* ---- bit views ----------------------------------------------------------- */

static inline uint32_t ref_f2u(float f)
{
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static inline float ref_u2f(uint32_t u)
{
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static inline uint64_t ref_d2u(double d)
{
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static inline double ref_u2d(uint64_t u)
{
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* Mostly uniform in [lo, hi), but about one value in eight is special:
 * +-0, +-inf, NaN, +-FLT_MIN, a subnormal, +-FLT_MAX, 1, -1. */
static inline float ref_interesting_f32(ref_rng *r, float lo, float hi)
{
  static const uint32_t special[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00800000u,
    0x80800000u, 0x00000123u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u,
  };
  uint32_t k = ref_rand32(r);
  if ((k & 7) == 0)
    return ref_u2f(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return ref_randf(r, lo, hi);
}

static inline double ref_interesting_f64(ref_rng *r, double lo, double hi)
{
  static const uint64_t special[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x0000000000000123ull, 0x7fefffffffffffffull,
    0xffefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
  };
  uint32_t k = ref_rand32(r);
  if ((k & 7) == 0)
    return ref_u2d(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return ref_randd(r, lo, hi);
}

/* ---- 16-bit floats ----------------------------------------------------------
 * ref_h2d and ref_bf2d widen exactly (NaN stays NaN).  ref_d2h and ref_d2bf
 * round once, to nearest even, keeping subnormals and overflowing to
 * infinity; NaN gives the canonical 0x7fff.  Their input must carry the
 * exact value or a round-to-odd approximation of it with at least 2 bits
 * more than the target (see ref_add_ro); any double exactly equal to the
 * value qualifies. */

/* Decodes a binary16-like format: mant_bits explicit significand bits,
 * exponent bias. */
static inline double ref_h16_decode_(uint16_t h, int mant_bits, int bias)
{
  int e = (h & 0x7fff) >> mant_bits;
  double m = (double)(h & ((1u << mant_bits) - 1));
  double v;
  if (e == (0x7fff >> mant_bits))
    v = m != 0 ? NAN : INFINITY;
  else if (e == 0)
    v = ldexp(m, 1 - bias - mant_bits);
  else
    v = ldexp(m + (double)(1u << mant_bits), e - bias - mant_bits);
  return (h & 0x8000) ? -v : v;
}

/* Rounds d to nearest even in the format (one rounding: nearbyint on an
 * exactly scaled value; the default rounding mode is to nearest). */
static inline uint16_t ref_h16_encode_(double d, int mant_bits, int bias)
{
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  uint16_t inf = (uint16_t)(sign | (0x7fff >> mant_bits << mant_bits));
  double a = fabs(d);
  if (isnan(d))
    return 0x7fff;
  if (isinf(a))
    return inf;
  if (a < ldexp(1.0, 1 - bias)) {
    /* subnormal range: the quantum is 2^(1 - bias - mant_bits); rounding
     * up to 2^mant_bits gives the smallest normal, encoded alike */
    double q = nearbyint(ldexp(a, bias - 1 + mant_bits));
    return (uint16_t)(sign | (uint16_t)q);
  }
  int ex;
  (void)frexp(a, &ex); /* a in [2^(ex-1), 2^ex) */
  int e = ex - 1;
  double q = nearbyint(ldexp(a, mant_bits - e)); /* in [2^mant, 2^(mant+1)] */
  if (q == ldexp(1.0, mant_bits + 1)) {
    q = ldexp(1.0, mant_bits);
    e++;
  }
  if (e + bias >= (0x7fff >> mant_bits))
    return inf;
  return (uint16_t)(sign | (uint16_t)((e + bias) << mant_bits) |
                    (uint16_t)((uint32_t)q - (1u << mant_bits)));
}

static inline double ref_h2d(uint16_t h) { return ref_h16_decode_(h, 10, 15); }
static inline double ref_bf2d(uint16_t b) { return ref_h16_decode_(b, 7, 127); }
static inline uint16_t ref_d2h(double d) { return ref_h16_encode_(d, 10, 15); }
static inline uint16_t ref_d2bf(double d) { return ref_h16_encode_(d, 7, 127); }

/* p + c rounded to odd at 53 bits (exact when representable): rounding
 * that once more to a format of at most 51 bits gives the correctly
 * rounded p + c, free of double rounding (Boldo and Melquiond 2008). */
static inline double ref_add_ro(double p, double c)
{
  double s = p + c;
  if (!isfinite(s))
    return s;
  /* TwoSum (Knuth): e is the exact error of s */
  double bp = s - c, bc = s - bp;
  double e = (p - bp) + (c - bc);
  if (e == 0 || (ref_d2u(s) & 1))
    return s;
  /* inexact with an even last bit: the exact value lies between s and
   * its neighbour towards e, which is odd */
  return nextafter(s, e > 0 ? INFINITY : -INFINITY);
}

/* Whether h is a NaN of f16 (is_bf16 false) or bf16. */
static inline int ref_isnan16(uint16_t h, int is_bf16)
{
  int mant_bits = is_bf16 ? 7 : 10;
  uint16_t expo = (uint16_t)(0x7fff >> mant_bits << mant_bits);
  return (h & expo) == expo && (h & ((1u << mant_bits) - 1)) != 0;
}

/* ---- ulp distances ------------------------------------------------------------
 * Units in the last place between two floats (0 for equal values, +0 vs
 * -0 is 0; UINT64_MAX when one is NaN).  The bits are mapped to a
 * monotonic integer line, so the distance is the number of representable
 * values between a and b. */

static inline int64_t ref_ordered32_(float f)
{
  int32_t i = (int32_t)ref_f2u(f);
  return i < 0 ? (int64_t)INT32_MIN - (int64_t)i : (int64_t)i;
}

static inline __int128 ref_ordered64_(double d)
{
  int64_t i = (int64_t)ref_d2u(d);
  return i < 0 ? (__int128)INT64_MIN - (__int128)i : (__int128)i;
}

static inline uint64_t ref_ulp_f32(float a, float b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  int64_t d = ref_ordered32_(a) - ref_ordered32_(b);
  return (uint64_t)(d < 0 ? -d : d);
}

static inline uint64_t ref_ulp_f64(double a, double b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  __int128 d = ref_ordered64_(a) - ref_ordered64_(b);
  if (d < 0)
    d = -d;
  return d > (__int128)UINT64_MAX ? UINT64_MAX : (uint64_t)d;
}

/* ---- array comparisons ----------------------------------------------------------
 * One comparison of two arrays, as drv_expect_KIND and ex_expect_KIND
 * make it.  Integers compare exactly.  Floats: max_ulp 0 is bit-exact
 * except that any NaN matches any NaN (PTX does not fix the NaN payload
 * the C library produces), else the ulp distance is at most max_ulp;
 * _TOL accepts |got - exp| <= max(abs_tol, rel * |exp|), _BOUND
 * |got - exp| <= bound[i] (for both, NaN matches only NaN and infinity
 * only the same infinity); 16-bit floats are bit-exact but for NaNs. */

typedef enum ref_kind {
  REF_U8, REF_U16, REF_I16, REF_U32, REF_I32, REF_U64, REF_I64,
  REF_F32, REF_F64, REF_F32_BOUND, REF_F16, REF_BF16, REF_F32_TOL, REF_F64_TOL
} ref_kind;

typedef struct ref_cmp {
  ref_kind kind;
  const void *exp, *got; /* n elements of the kind's type */
  size_t n;
  uint64_t max_ulp;     /* REF_F32, REF_F64 */
  double rel, abs_tol;  /* REF_F32_TOL, REF_F64_TOL */
  const double *bound;  /* REF_F32_BOUND: n bounds */
} ref_cmp;

static inline ref_cmp ref_cmp_of(ref_kind kind, const void *exp, const void *got, size_t n)
{
  ref_cmp c;
  memset(&c, 0, sizeof c);
  c.kind = kind;
  c.exp = exp;
  c.got = got;
  c.n = n;
  return c;
}

static inline int ref_bad_f32(float e, float g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(ref_f2u(e) == ref_f2u(g) || (isnan(e) && isnan(g)));
  return ref_ulp_f32(e, g) > max_ulp;
}

static inline int ref_bad_f64(double e, double g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(ref_d2u(e) == ref_d2u(g) || (isnan(e) && isnan(g)));
  return ref_ulp_f64(e, g) > max_ulp;
}

static inline int ref_bad_tol(double e, double g, double rel, double abs_tol)
{
  if (isnan(e) || isnan(g))
    return !(isnan(e) && isnan(g));
  if (isinf(e) || isinf(g))
    return e != g;
  double lim = rel * fabs(e);
  if (lim < abs_tol)
    lim = abs_tol;
  return !(fabs(g - e) <= lim);
}

/* Whether element i differs; when it does and buf is not NULL, buf gets
 * "expected E, got G" with the kind's details. */
static inline int ref_elem_differs(const ref_cmp *c, size_t i, char *buf, size_t cap)
{
#define REF_ELEM_(T, BAD, ...) \
  { \
    const T *e = (const T *)c->exp, *g = (const T *)c->got; \
    if (!(BAD)) \
      return 0; \
    if (buf != NULL) \
      snprintf(buf, cap, __VA_ARGS__); \
    return 1; \
  }
  switch (c->kind) {
  case REF_U8:
    REF_ELEM_(uint8_t, e[i] != g[i], "expected %u (0x%02x), got %u (0x%02x)", e[i], e[i], g[i],
              g[i])
  case REF_U16:
    REF_ELEM_(uint16_t, e[i] != g[i], "expected %u (0x%04x), got %u (0x%04x)", e[i], e[i], g[i],
              g[i])
  case REF_I16:
    REF_ELEM_(int16_t, e[i] != g[i], "expected %d, got %d", e[i], g[i])
  case REF_U32:
    REF_ELEM_(uint32_t, e[i] != g[i],
              "expected %" PRIu32 " (0x%08" PRIx32 "), got %" PRIu32 " (0x%08" PRIx32 ")", e[i],
              e[i], g[i], g[i])
  case REF_I32:
    REF_ELEM_(int32_t, e[i] != g[i],
              "expected %" PRId32 " (0x%08" PRIx32 "), got %" PRId32 " (0x%08" PRIx32 ")", e[i],
              (uint32_t)e[i], g[i], (uint32_t)g[i])
  case REF_U64:
    REF_ELEM_(uint64_t, e[i] != g[i],
              "expected %" PRIu64 " (0x%016" PRIx64 "), got %" PRIu64 " (0x%016" PRIx64 ")", e[i],
              e[i], g[i], g[i])
  case REF_I64:
    REF_ELEM_(int64_t, e[i] != g[i],
              "expected %" PRId64 " (0x%016" PRIx64 "), got %" PRId64 " (0x%016" PRIx64 ")", e[i],
              (uint64_t)e[i], g[i], (uint64_t)g[i])
  case REF_F32:
    REF_ELEM_(float, ref_bad_f32(e[i], g[i], c->max_ulp),
              "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32 ") [%" PRIu64
              " ulp apart, %" PRIu64 " allowed]",
              (double)e[i], ref_f2u(e[i]), (double)g[i], ref_f2u(g[i]), ref_ulp_f32(e[i], g[i]),
              c->max_ulp)
  case REF_F64:
    REF_ELEM_(double, ref_bad_f64(e[i], g[i], c->max_ulp),
              "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016" PRIx64 ") [%" PRIu64
              " ulp apart, %" PRIu64 " allowed]",
              e[i], ref_d2u(e[i]), g[i], ref_d2u(g[i]), ref_ulp_f64(e[i], g[i]), c->max_ulp)
  case REF_F32_BOUND:
    REF_ELEM_(float, ref_bad_tol(e[i], g[i], 0.0, c->bound[i]),
              "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
              ") [bound %.3g, off by %.3g]",
              (double)e[i], ref_f2u(e[i]), (double)g[i], ref_f2u(g[i]), c->bound[i],
              fabs((double)g[i] - (double)e[i]))
  case REF_F16:
    REF_ELEM_(uint16_t, e[i] != g[i] && !(ref_isnan16(e[i], 0) && ref_isnan16(g[i], 0)),
              "expected 0x%04x (%.9g), got 0x%04x (%.9g)", e[i], ref_h2d(e[i]), g[i],
              ref_h2d(g[i]))
  case REF_BF16:
    REF_ELEM_(uint16_t, e[i] != g[i] && !(ref_isnan16(e[i], 1) && ref_isnan16(g[i], 1)),
              "expected 0x%04x (%.9g), got 0x%04x (%.9g)", e[i], ref_bf2d(e[i]), g[i],
              ref_bf2d(g[i]))
  case REF_F32_TOL:
    REF_ELEM_(float, ref_bad_tol(e[i], g[i], c->rel, c->abs_tol),
              "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
              ") [tolerance rel %g, abs %g]",
              (double)e[i], ref_f2u(e[i]), (double)g[i], ref_f2u(g[i]), c->rel, c->abs_tol)
  case REF_F64_TOL:
    REF_ELEM_(double, ref_bad_tol(e[i], g[i], c->rel, c->abs_tol),
              "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016" PRIx64
              ") [tolerance rel %g, abs %g]",
              e[i], ref_d2u(e[i]), g[i], ref_d2u(g[i]), c->rel, c->abs_tol)
  }
#undef REF_ELEM_
  return 0;
}

/* Compares the arrays and returns the number of differing elements.  The
 * first 8 go to stderr as "<prefix><kernel>: <what>[i]: expected E, got G";
 * msg gets the first as "<kernel>: <what>[i]: expected E, got G (k of n
 * elements differ)", the failure text of the test. */
static inline size_t ref_compare(const ref_cmp *c, const char *prefix, const char *kernel,
                                 const char *what, char *msg, size_t cap)
{
  size_t n_bad = 0, first = 0;
  char eg[256];
  for (size_t i = 0; i < c->n; i++) {
    if (!ref_elem_differs(c, i, n_bad < 8 ? eg : NULL, sizeof eg))
      continue;
    if (n_bad == 0)
      first = i;
    if (n_bad < 8)
      fprintf(stderr, "%s%s: %s[%zu]: %s\n", prefix, kernel, what, i, eg);
    n_bad++;
  }
  if (n_bad != 0) {
    ref_elem_differs(c, first, eg, sizeof eg);
    snprintf(msg, cap, "%s: %s[%zu]: %s (%zu of %zu elements differ)", kernel, what, first, eg,
             n_bad, c->n);
  }
  return n_bad;
}

/* ---- reporting --------------------------------------------------------------
 * Where a shared reference sends its comparisons and failed conditions: the
 * driver's (drv_check, Check: the test stops at the first failure) or the
 * CUDA program's (ex_ref_check: the scenario is marked failed and goes on). */
typedef struct ref_check {
  /* Compares c (ref_compare); nonzero when it differs. */
  int (*compare)(const ref_cmp *c, const char *kernel, const char *what);
  /* Reports a failed condition; msg is the whole text. */
  void (*failed)(const char *msg);
} ref_check;

/* Nonzero (after reporting "<fmt...>") unless cond holds. */
static inline int ref_expect(const ref_check *ck, int cond, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;
static inline int ref_expect(const ref_check *ck, int cond, const char *fmt, ...)
{
  if (cond)
    return 0;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ck->failed(msg);
  return 1;
}

#define REF_EXPECT_(NAME, KIND, T) \
  static inline int ref_expect_##NAME(const ref_check *ck, const char *kernel, const char *what, \
                                      const T *exp, const T *got, size_t n) \
  { \
    ref_cmp c = ref_cmp_of(KIND, exp, got, n); \
    return ck->compare(&c, kernel, what); \
  }
REF_EXPECT_(u8, REF_U8, uint8_t)
REF_EXPECT_(u16, REF_U16, uint16_t)
REF_EXPECT_(i16, REF_I16, int16_t)
REF_EXPECT_(u32, REF_U32, uint32_t)
REF_EXPECT_(i32, REF_I32, int32_t)
REF_EXPECT_(u64, REF_U64, uint64_t)
REF_EXPECT_(i64, REF_I64, int64_t)
REF_EXPECT_(f16, REF_F16, uint16_t)
REF_EXPECT_(bf16, REF_BF16, uint16_t)
#undef REF_EXPECT_

static inline int ref_expect_f32(const ref_check *ck, const char *kernel, const char *what,
                                 const float *exp, const float *got, size_t n, uint64_t max_ulp)
{
  ref_cmp c = ref_cmp_of(REF_F32, exp, got, n);
  c.max_ulp = max_ulp;
  return ck->compare(&c, kernel, what);
}

static inline int ref_expect_f64(const ref_check *ck, const char *kernel, const char *what,
                                 const double *exp, const double *got, size_t n, uint64_t max_ulp)
{
  ref_cmp c = ref_cmp_of(REF_F64, exp, got, n);
  c.max_ulp = max_ulp;
  return ck->compare(&c, kernel, what);
}

static inline int ref_expect_f32_bound(const ref_check *ck, const char *kernel, const char *what,
                                       const float *exp, const float *got, const double *bound,
                                       size_t n)
{
  ref_cmp c = ref_cmp_of(REF_F32_BOUND, exp, got, n);
  c.bound = bound;
  return ck->compare(&c, kernel, what);
}

static inline int ref_expect_f32_tol(const ref_check *ck, const char *kernel, const char *what,
                                     const float *exp, const float *got, size_t n, double rel,
                                     double abs_tol)
{
  ref_cmp c = ref_cmp_of(REF_F32_TOL, exp, got, n);
  c.rel = rel;
  c.abs_tol = abs_tol;
  return ck->compare(&c, kernel, what);
}

static inline int ref_expect_f64_tol(const ref_check *ck, const char *kernel, const char *what,
                                     const double *exp, const double *got, size_t n, double rel,
                                     double abs_tol)
{
  ref_cmp c = ref_cmp_of(REF_F64_TOL, exp, got, n);
  c.rel = rel;
  c.abs_tol = abs_tol;
  return ck->compare(&c, kernel, what);
}

#endif /* PTXSIM_TESTS_REF_REF_UTIL_H */
