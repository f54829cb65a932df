/* check_fp_cvt.c -- tests for isa/fp_cvt.h (isa/fp_pack.c, isa/fp_cvt.c).
 *
 * The reference is a separate model built on GMP.  It decodes bits into an
 * exact dyadic value sig * 2^exp (mpz sig) from the format's textbook
 * parameters (fraction and exponent widths, bias, largest finite value as
 * a number), rounds that value to a format with big-integer division and
 * compares the rounded value, not its bit pattern, with the largest finite
 * value to decide overflow.  Integer results come from GMP's floor / ceil /
 * truncating divisions and are clamped with mpz comparisons.  The cvt
 * modifiers (.sat, .relu, .satfinite, .ftz) are applied to the exact value
 * where the spec's wording allows (clamp first, then round), which is not
 * how the implementation orders them.
 *
 * Inputs: hand-worked vectors from the PTX ISA and cvt.md; every bit
 * pattern of the 16-, 8-, 6- and 4-bit formats; N_RANDOM patterns per
 * conversion for 32- and 64-bit sources, half of them with exponents near
 * the destination's range and fractions with long runs of zeros (ties),
 * each run through every rounding mode.
 */
#include <check.h>
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa/fp_cvt.h"

#define N_RANDOM 100000

/* ---- deterministic inputs ------------------------------------------------ */

static uint64_t rng_state;

static void rng_seed(uint64_t s)
{
  rng_state = s;
}

/* splitmix64 */
static uint64_t rng_next(void)
{
  uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t ones(unsigned n)
{
  return n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1;
}

/* ---- reference formats --------------------------------------------------- */

typedef enum ref_nan { RK_IEEE, RK_ALL_ONES, RK_NONE } ref_nan;

typedef struct ref_fmt {
  const char *name;
  unsigned m, e;      /* fraction and exponent field widths */
  int bias;
  ref_nan nan;        /* IEEE: exp all ones; ALL_ONES: only s.1111.111 */
  double max;         /* largest finite value */
  uint64_t cvt_nan;   /* what a cvt to this format gives for NaN */
} ref_fmt;

static const ref_fmt R_F16 = { "f16", 10, 5, 15, RK_IEEE, 65504.0, 0x7fff };
static const ref_fmt R_BF16 = { "bf16", 7, 8, 127, RK_IEEE, 0x1.fep127, 0x7fff };
static const ref_fmt R_F32 = { "f32", 23, 8, 127, RK_IEEE, FLT_MAX, 0x7fffffff };
static const ref_fmt R_F64 = { "f64", 52, 11, 1023, RK_IEEE, DBL_MAX, UINT64_C(0x7fffffffffffffff) };
static const ref_fmt R_TF32 = { "tf32", 10, 8, 127, RK_IEEE, 0x1.ffcp127, 0x3ffff };
static const ref_fmt R_E4M3 = { "e4m3", 3, 4, 7, RK_ALL_ONES, 448.0, 0x7f };
static const ref_fmt R_E5M2 = { "e5m2", 2, 5, 15, RK_IEEE, 57344.0, 0x7f };
static const ref_fmt R_E2M3 = { "e2m3", 3, 2, 1, RK_NONE, 7.5, 0x1f };
static const ref_fmt R_E3M2 = { "e3m2", 2, 3, 3, RK_NONE, 28.0, 0x1f };
static const ref_fmt R_E2M1 = { "e2m1", 1, 2, 1, RK_NONE, 6.0, 0x7 };

enum { RC_ZERO, RC_FINITE, RC_INF, RC_NAN };

/* An exact value: (-1)^neg * sig * 2^exp for RC_FINITE. */
typedef struct ref_val {
  int cls;
  bool neg;
  mpz_ptr sig; /* points at scratch owned by the caller */
  long exp;
  uint64_t frac; /* the fraction field (NaN payload) */
} ref_val;

/* Scratch for the reference (GMP allocation would dominate the run time). */
static mpz_t T1, T2, T3, MAXSIG, K, REM, XSIG, YSIG, DSIG, LO, HI;

static void mpz_set_u64(mpz_t z, uint64_t v)
{
  mpz_set_ui(z, (unsigned long)(v >> 32));
  mpz_mul_2exp(z, z, 32);
  mpz_add_ui(z, z, (unsigned long)(v & 0xffffffffu));
}

/* z mod 2^64, as two's complement for negative z. */
static uint64_t mpz_get_u64_mod(const mpz_t z)
{
  mpz_fdiv_r_2exp(T3, z, 64);
  uint64_t lo = mpz_get_ui(T3) & 0xffffffffu;
  mpz_fdiv_q_2exp(T3, T3, 32);
  return (uint64_t)mpz_get_ui(T3) << 32 | lo;
}

static uint64_t sign_bit(const ref_fmt *f)
{
  return UINT64_C(1) << (f->m + f->e);
}

static void ref_decode(const ref_fmt *f, uint64_t bits, ref_val *v)
{
  uint64_t field = (bits >> f->m) & ones(f->e), frac = bits & ones(f->m);
  v->neg = (bits & sign_bit(f)) != 0;
  v->frac = frac;
  v->exp = 0;
  mpz_set_ui(v->sig, 0);
  if (f->nan == RK_IEEE && field == ones(f->e)) {
    v->cls = frac ? RC_NAN : RC_INF;
    return;
  }
  if (f->nan == RK_ALL_ONES && field == ones(f->e) && frac == ones(f->m)) {
    v->cls = RC_NAN;
    return;
  }
  if (field == 0 && frac == 0) {
    v->cls = RC_ZERO;
    return;
  }
  v->cls = RC_FINITE;
  mpz_set_u64(v->sig, field ? frac + (UINT64_C(1) << f->m) : frac);
  v->exp = (long)(field ? field : 1) - f->bias - (long)f->m;
}

static bool ref_is_subnormal(const ref_fmt *f, uint64_t bits)
{
  return ((bits >> f->m) & ones(f->e)) == 0 && (bits & ones(f->m)) != 0;
}

/* -1, 0, 1 as a*2^ae compares with b*2^be (a, b >= 0). */
static int cmp_dyadic(const mpz_t a, long ae, const mpz_t b, long be)
{
  if (ae >= be) {
    mpz_mul_2exp(T1, a, (unsigned long)(ae - be));
    return mpz_cmp(T1, b);
  }
  mpz_mul_2exp(T1, b, (unsigned long)(be - ae));
  return mpz_cmp(a, T1);
}

/* MAXSIG * 2^result is f's largest finite value (cached for the last f). */
static long max_as_dyadic(const ref_fmt *f)
{
  static const ref_fmt *last;
  static long last_exp;
  if (f != last) {
    int e;
    double fr = frexp(f->max, &e);
    mpz_set_d(MAXSIG, ldexp(fr, 60));
    last = f;
    last_exp = (long)e - 60;
  }
  return last_exp;
}

/* The rounding modes of the reference, ISA_* values reused as labels. */
static uint64_t ref_round(const ref_fmt *f, bool neg, const mpz_t sig, long exp, isa_round mode,
                          bool satfinite, uint32_t rbits, unsigned rw);

/* Overflow per IEEE 754 §7.4 unless the format has no Inf or .satfinite. */
static uint64_t ref_overflow(const ref_fmt *f, bool neg, isa_round mode, bool satfinite)
{
  bool inf = f->nan == RK_IEEE && !satfinite &&
             (mode == ISA_RN || mode == ISA_RNA || mode == ISA_RS || (mode == ISA_RM && neg) ||
              (mode == ISA_RP && !neg));
  if (inf)
    return (neg ? sign_bit(f) : 0) | ones(f->e) << f->m;
  long me = max_as_dyadic(f);
  return ref_round(f, neg, MAXSIG, me, ISA_RZ, false, 0, 0);
}

static uint64_t ref_round(const ref_fmt *f, bool neg, const mpz_t sig, long exp, isa_round mode,
                          bool satfinite, uint32_t rbits, unsigned rw)
{
  long e_top = exp + (long)mpz_sizeinbase(sig, 2) - 1; /* 2^e_top <= |x| < 2^(e_top+1) */
  long emin = 1 - f->bias;
  long eu = e_top < emin ? emin : e_top;
  long lsb = eu - (long)f->m; /* weight of the last kept place */
  mpz_ptr k = K, rem = REM;
  bool up = false;
  if (lsb <= exp) {
    mpz_mul_2exp(k, sig, (unsigned long)(exp - lsb));
  } else {
    unsigned long sh = (unsigned long)(lsb - exp);
    mpz_fdiv_q_2exp(k, sig, sh);
    mpz_fdiv_r_2exp(rem, sig, sh);
    /* 2*rem vs 2^sh: the discarded part against half a unit. */
    mpz_mul_2exp(T2, rem, 1);
    mpz_set_ui(T1, 1);
    mpz_mul_2exp(T1, T1, sh);
    int half = mpz_cmp(T2, T1);
    bool inexact = mpz_sgn(rem) != 0;
    switch (mode) {
    case ISA_RN:
      up = half > 0 || (half == 0 && mpz_odd_p(k));
      break;
    case ISA_RNA:
      up = half >= 0;
      break;
    case ISA_RZ:
      break;
    case ISA_RM:
      up = neg && inexact;
      break;
    case ISA_RP:
      up = !neg && inexact;
      break;
    case ISA_RS:
      /* floor(rem / 2^sh * 2^rw) + rbits carries out of rw bits */
      mpz_mul_2exp(T2, rem, rw);
      mpz_fdiv_q_2exp(T2, T2, sh);
      mpz_add_ui(T2, T2, rbits & (unsigned long)ones(rw));
      up = mpz_sizeinbase(T2, 2) > rw && mpz_sgn(T2) != 0;
      break;
    }
  }
  if (up)
    mpz_add_ui(k, k, 1);
  uint64_t r;
  long me = max_as_dyadic(f);
  if (mpz_sgn(k) != 0 && cmp_dyadic(k, lsb, MAXSIG, me) > 0) {
    r = ref_overflow(f, neg, mode, satfinite);
  } else {
    uint64_t kk = mpz_get_u64_mod(k);
    if (kk == UINT64_C(2) << f->m) { /* rounded up into the next binade */
      kk >>= 1;
      eu++;
    }
    uint64_t field = kk >> f->m ? (uint64_t)(eu + f->bias) : 0;
    uint64_t frac = kk & ones(f->m);
    r = (neg ? sign_bit(f) : 0) | field << f->m | frac;
  }
  return r;
}

/* Bits of the exact double d in format f, rounded to nearest. */
static uint64_t ref_from_double(const ref_fmt *f, double d)
{
  if (d == 0)
    return signbit(d) ? sign_bit(f) : 0;
  int e;
  double fr = frexp(fabs(d), &e);
  mpz_set_d(DSIG, ldexp(fr, 60));
  return ref_round(f, d < 0, DSIG, (long)e - 60, ISA_RN, false, 0, 0);
}

static uint64_t ref_one(const ref_fmt *f)
{
  return ref_from_double(f, 1.0);
}

/* ---- reference cvt semantics ---------------------------------------------- */

/* Flags as in fp_cvt.h. */
static uint64_t ref_cvt_ff(const ref_fmt *to, const ref_fmt *from, uint64_t a, isa_round mode,
                           unsigned flags, uint32_t rbits, unsigned rw)
{
  ref_val x;
  uint64_t r;
  x.sig = XSIG;
  ref_decode(from, a, &x);
  if ((flags & ISA_CVT_FTZ) && from == &R_F32 && ref_is_subnormal(from, a))
    x.cls = RC_ZERO;
  uint64_t sgn = x.neg ? sign_bit(to) : 0;
  if (x.cls == RC_NAN) {
    r = (flags & ISA_CVT_SAT) ? 0 : to->cvt_nan;
    goto out;
  }
  /* PTX .sat: clamp to [0.0, 1.0]; as 0 and 1 are representable, clamping
   * the exact value first gives the same as clamping the rounded one. */
  if (flags & ISA_CVT_SAT) {
    if (x.neg || x.cls == RC_ZERO) {
      r = 0;
      goto out;
    }
    mpz_set_ui(T2, 1);
    if (x.cls == RC_INF || cmp_dyadic(x.sig, x.exp, T2, 0) >= 0) {
      r = ref_one(to);
      goto out;
    }
  }
  /* .relu: "clamps the result to 0 if negative" (-0 included). */
  if ((flags & ISA_CVT_RELU) && x.neg) {
    r = 0;
    goto out;
  }
  if (x.cls == RC_ZERO) {
    r = sgn;
    goto out;
  }
  if (x.cls == RC_INF) {
    if (to->nan != RK_IEEE || (flags & ISA_CVT_SATFINITE)) {
      long me = max_as_dyadic(to);
      r = ref_round(to, x.neg, MAXSIG, me, ISA_RZ, false, 0, 0);
    } else {
      r = sgn | ones(to->e) << to->m;
    }
    goto out;
  }
  r = ref_round(to, x.neg, x.sig, x.exp, mode, (flags & ISA_CVT_SATFINITE) != 0, rbits, rw);
  if ((flags & ISA_CVT_FTZ) && to == &R_F32 && ref_is_subnormal(to, r))
    r = sgn;
out:
  return r;
}

/* Widening keeps NaN sign and payload and sets the quiet bit. */
static uint64_t ref_widen_nan(const ref_fmt *to, const ref_fmt *from, uint64_t a)
{
  uint64_t frac = a & ones(from->m);
  return ((a & sign_bit(from)) ? sign_bit(to) : 0) | ones(to->e) << to->m |
         frac << (to->m - from->m) | UINT64_C(1) << (to->m - 1);
}

/* cvt float -> integer, first half: the exact value rounded to an integer
 * with mode into k (Inf as +-2^70, beyond every range).  Returns false for
 * NaN. */
static bool ref_f2i_round(const ref_fmt *from, uint64_t a, isa_round mode, bool ftz, mpz_t k)
{
  ref_val x;
  x.sig = XSIG;
  ref_decode(from, a, &x);
  if (ftz && ref_is_subnormal(from, a))
    x.cls = RC_ZERO;
  switch (x.cls) {
  case RC_NAN:
    return false;
  case RC_INF:
    mpz_set_si(k, x.neg ? -1 : 1);
    mpz_mul_2exp(k, k, 70);
    return true;
  case RC_ZERO:
    mpz_set_ui(k, 0);
    return true;
  default:
    break;
  }
  if (x.neg)
    mpz_neg(x.sig, x.sig);
  if (x.exp >= 0) {
    mpz_mul_2exp(k, x.sig, (unsigned long)x.exp);
    return true;
  }
  unsigned long sh = (unsigned long)-x.exp;
  switch (mode) {
  case ISA_RZ:
    mpz_tdiv_q_2exp(k, x.sig, sh);
    break;
  case ISA_RM:
    mpz_fdiv_q_2exp(k, x.sig, sh);
    break;
  case ISA_RP:
    mpz_cdiv_q_2exp(k, x.sig, sh);
    break;
  default: { /* nearest even: floor, then the remainder against 1/2 */
    mpz_fdiv_q_2exp(k, x.sig, sh);
    mpz_fdiv_r_2exp(T2, x.sig, sh);
    mpz_mul_2exp(T2, T2, 1);
    mpz_set_ui(T1, 1);
    mpz_mul_2exp(T1, T1, sh);
    int c = mpz_cmp(T2, T1);
    if (c > 0 || (c == 0 && mpz_odd_p(k)))
      mpz_add_ui(k, k, 1);
    break;
  }
  }
  return true;
}

/* Second half: clamp to the w-bit range ("the result is clamped to the
 * destination range by default"); NaN gives 0, or 1 << (w-1) from an f64
 * source or into 64 bits (PTX ISA 9.0, cvt). */
static uint64_t ref_f2i_clamp(bool is_num, const mpz_t k, bool from_f64, unsigned w, bool sgn)
{
  if (!is_num) {
    if (!from_f64 && w != 64)
      return 0;
    uint64_t top = UINT64_C(1) << (w - 1);
    return sgn ? (uint64_t)0 - top : top;
  }
  if (sgn) {
    mpz_set_si(LO, -1);
    mpz_mul_2exp(LO, LO, w - 1);
    mpz_set_ui(HI, 1);
    mpz_mul_2exp(HI, HI, w - 1);
  } else {
    mpz_set_ui(LO, 0);
    mpz_set_ui(HI, 1);
    mpz_mul_2exp(HI, HI, w);
  }
  mpz_sub_ui(HI, HI, 1);
  const mpz_srcptr r = mpz_cmp(k, LO) < 0 ? LO : mpz_cmp(k, HI) > 0 ? HI : k;
  return mpz_get_u64_mod(r);
}

static uint64_t ref_i2f(const ref_fmt *to, uint64_t v, bool is_signed, isa_round mode, bool sat)
{
  mpz_t s;
  uint64_t r;
  bool neg = is_signed && (int64_t)v < 0;
  mpz_init(s);
  mpz_set_u64(s, neg ? 0 - v : v);
  if (sat)
    r = (neg || v == 0) ? 0 : ref_one(to);
  else if (v == 0)
    r = 0;
  else
    r = ref_round(to, neg, s, 0, mode, false, 0, 0);
  mpz_clear(s);
  return r;
}

/* cvt.{rni,rzi,rmi,rpi}.fX.fX: round to an integral value; IEEE
 * roundToIntegral keeps the sign of a zero result. */
static uint64_t ref_to_integral(const ref_fmt *f, uint64_t a, isa_round mode, unsigned flags)
{
  ref_val x;
  mpz_ptr k = K;
  uint64_t r;
  x.sig = XSIG;
  if ((flags & ISA_CVT_FTZ) && f == &R_F32 && ref_is_subnormal(f, a))
    a &= sign_bit(f);
  ref_decode(f, a, &x);
  if (x.cls == RC_NAN) {
    r = (flags & ISA_CVT_SAT) ? 0 : f->cvt_nan;
    goto out;
  }
  if (x.cls != RC_FINITE || x.exp >= 0) {
    r = a;
  } else {
    if (x.neg)
      mpz_neg(x.sig, x.sig);
    unsigned long sh = (unsigned long)-x.exp;
    switch (mode) {
    case ISA_RZ:
      mpz_tdiv_q_2exp(k, x.sig, sh);
      break;
    case ISA_RM:
      mpz_fdiv_q_2exp(k, x.sig, sh);
      break;
    case ISA_RP:
      mpz_cdiv_q_2exp(k, x.sig, sh);
      break;
    default: {
      mpz_fdiv_q_2exp(k, x.sig, sh);
      mpz_fdiv_r_2exp(T2, x.sig, sh);
      mpz_mul_2exp(T2, T2, 1);
      mpz_set_ui(T1, 1);
      mpz_mul_2exp(T1, T1, sh);
      int c = mpz_cmp(T2, T1);
      if (c > 0 || (c == 0 && mpz_odd_p(k)))
        mpz_add_ui(k, k, 1);
      break;
    }
    }
    if (mpz_sgn(k) == 0) {
      r = x.neg ? sign_bit(f) : 0;
    } else {
      bool neg = mpz_sgn(k) < 0;
      mpz_abs(k, k);
      r = ref_round(f, neg, k, 0, ISA_RN, false, 0, 0);
    }
  }
  if (flags & ISA_CVT_SAT) {
    ref_val y;
    y.sig = YSIG;
    ref_decode(f, r, &y);
    mpz_set_ui(T2, 1);
    if (y.neg || y.cls == RC_ZERO)
      r = 0;
    else if (y.cls == RC_INF || cmp_dyadic(y.sig, y.exp, T2, 0) > 0)
      r = ref_one(f);
  }
out:
  return r;
}

/* ---- random and edge patterns --------------------------------------------- */

/* Bits of format f: a quarter uniformly random, the rest with an unbiased
 * exponent in [lo_e, hi_e] (clamped to the field) and a fraction with a
 * random number of trailing zeros, sometimes one low bit set, so that
 * ties and near-ties show up at every rounding position. */
static uint64_t rand_bits(const ref_fmt *f, int lo_e, int hi_e)
{
  uint64_t r = rng_next(), w = f->m + f->e + 1;
  if ((r & 3) == 0)
    return rng_next() & ones((unsigned)w);
  long e = lo_e + (long)((r >> 8) % (uint64_t)(hi_e - lo_e + 1)) + f->bias;
  if (e < 0)
    e = 0;
  if (e > (long)ones(f->e))
    e = (long)ones(f->e);
  uint64_t frac = rng_next() & ones(f->m);
  unsigned tz = (unsigned)((r >> 24) % (f->m + 1));
  frac &= ~ones(tz);
  if ((r >> 32) & 1)
    frac |= (r >> 33) & 1;
  if (((r >> 34) & 7) == 0)
    frac |= ones(tz) >> 1; /* just below a tie */
  return ((r >> 40) & 1 ? sign_bit(f) : 0) | (uint64_t)e << f->m | frac;
}

/* Specials of format f: zeros, smallest/largest subnormal and normal, one
 * and its neighbours, largest finite, Inf and NaNs, both signs. */
static unsigned edge_bits(const ref_fmt *f, uint64_t *out)
{
  uint64_t mags[] = { 0,
                      1,
                      ones(f->m),
                      UINT64_C(1) << f->m,
                      ref_one(f),
                      ref_one(f) + 1,
                      ref_one(f) - 1,
                      ref_from_double(f, f->max),
                      ones(f->e) << f->m,
                      (ones(f->e) << f->m) | 1,
                      (ones(f->e) << f->m) | UINT64_C(1) << (f->m - 1),
                      (ones(f->e) << f->m) | ones(f->m) };
  unsigned n = 0;
  for (unsigned i = 0; i < sizeof mags / sizeof mags[0]; i++) {
    out[n++] = mags[i];
    out[n++] = mags[i] | sign_bit(f);
  }
  return n;
}

/* Values that probe integer rounding and range limits, as doubles. */
static const double int_edges[] = {
  0.5,     1.5,      2.5,      3.5,      0.49999999999999994,
  1.0,     0.25,     0.75,     127.0,    127.5,
  128.0,   255.0,    255.5,    256.0,    32767.0,
  32767.5, 32768.0,  65535.0,  65535.5,  65536.0,
  0x1p31,  0x1p31 - 1, 0x1p31 - 0.5, 0x1p31 + 1, 0x1p32,
  0x1p32 - 1, 0x1p32 - 0.5, 0x1p32 + 2, 0x1p63, 0x1p63 - 1024,
  0x1p64,  0x1p64 - 2048, 0x1p64 + 4096, 1e30, 0x1p-149,
  0x1p-126, 0x1p-1074, 0x1p-1022, 4503599627370495.5, 9007199254740993.0,
};

static const isa_round modes4[] = { ISA_RN, ISA_RZ, ISA_RM, ISA_RP };

/* Modifier sets to try on one input: every subset of mask for an edge
 * value (the ISA_CVT_* flags are the four low bits), else none and one
 * random subset. */
static unsigned n_flag_passes(bool is_edge)
{
  return is_edge ? 16 : 2;
}

static unsigned flag_pass(unsigned pass, bool is_edge, unsigned mask)
{
  if (is_edge)
    return pass & mask;
  return pass ? (unsigned)rng_next() & mask : 0;
}

#define EQ(got, want, ...)                                                                     \
  do {                                                                                        \
    uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);                                     \
    if (g_ != w_) {                                                                           \
      char m_[200];                                                                           \
      snprintf(m_, sizeof m_, __VA_ARGS__);                                                   \
      ck_abort_msg("%s: got %#llx, want %#llx", m_, (unsigned long long)g_,                   \
                   (unsigned long long)w_);                                                   \
    }                                                                                         \
  } while (0)

/* ---- hand-worked vectors ---------------------------------------------------- */

START_TEST(t_vectors)
{
  const uint32_t f_nan = 0x7fc00000u, f_inf = 0x7f800000u;
  const uint64_t d_nan = UINT64_C(0x7ff8000000000000);
  /* .rni ties to even; .rmi/.rpi on -0.5; negative to unsigned clamps to 0 */
  EQ(isa_cvt_f32_to_int(isa_f32_bits(2.5f), 32, true, ISA_RN, false), 2, "rni 2.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(1.5f), 32, true, ISA_RN, false), 2, "rni 1.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-0.5f), 32, true, ISA_RN, false), 0, "rni -0.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-0.5f), 32, true, ISA_RM, false), UINT64_MAX, "rmi -0.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-0.5f), 32, true, ISA_RP, false), 0, "rpi -0.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(0.5f), 32, true, ISA_RP, false), 1, "rpi 0.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-2.5f), 32, true, ISA_RZ, false), (uint64_t)-2, "rzi -2.5");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-0.5f), 32, false, ISA_RM, false), 0, "rmi.u32 -0.5");
  /* clamping (cvt: .sat is redundant for float -> int) */
  EQ(isa_cvt_f32_to_int(f_inf, 32, true, ISA_RZ, false), 0x7fffffff, "s32 +inf");
  EQ(isa_cvt_f32_to_int(f_inf | 0x80000000u, 32, true, ISA_RZ, false), 0xffffffff80000000u,
     "s32 -inf");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(5e9f), 32, false, ISA_RZ, false), 0xffffffffu, "u32 5e9");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(300.f), 8, false, ISA_RZ, false), 0xff, "u8 300");
  EQ(isa_cvt_f32_to_int(isa_f32_bits(-300.f), 8, true, ISA_RZ, false), (uint64_t)-128, "s8 -300");
  EQ(isa_cvt_f64_to_int(isa_f64_bits(0x1p63), 64, true, ISA_RZ), INT64_MAX, "s64 2^63");
  EQ(isa_cvt_f64_to_int(isa_f64_bits(-0x1p63), 64, true, ISA_RZ), (uint64_t)INT64_MIN, "s64 -2^63");
  EQ(isa_cvt_f64_to_int(isa_f64_bits(0x1p64), 64, false, ISA_RZ), UINT64_MAX, "u64 2^64");
  EQ(isa_cvt_f64_to_int(isa_f64_bits(2147483647.5), 32, true, ISA_RN), 0x7fffffff, "s32 max+.5");
  /* NaN -> 0, except from f64 or into 64 bits: 1 << (w-1) (PTX ISA 9.0) */
  EQ(isa_cvt_f32_to_int(f_nan, 32, true, ISA_RZ, false), 0, "f32 nan s32");
  EQ(isa_cvt_f32_to_int(f_nan, 64, true, ISA_RZ, false), UINT64_C(1) << 63, "f32 nan s64");
  EQ(isa_cvt_f32_to_int(f_nan, 64, false, ISA_RZ, false), UINT64_C(1) << 63, "f32 nan u64");
  EQ(isa_cvt_f16_to_int(0x7e00, 16, true, ISA_RZ), 0, "f16 nan s16");
  EQ(isa_cvt_f64_to_int(d_nan, 32, true, ISA_RZ), 0xffffffff80000000u, "f64 nan s32");
  EQ(isa_cvt_f64_to_int(d_nan, 32, false, ISA_RZ), 0x80000000u, "f64 nan u32");
  EQ(isa_cvt_f64_to_int(d_nan, 8, false, ISA_RZ), 0x80, "f64 nan u8");
  /* .ftz on a subnormal changes .rpi/.rmi */
  EQ(isa_cvt_f32_to_int(1, 32, true, ISA_RP, false), 1, "rpi denorm");
  EQ(isa_cvt_f32_to_int(1, 32, true, ISA_RP, true), 0, "rpi.ftz denorm");
  EQ(isa_cvt_f32_to_int(0x80000001u, 32, true, ISA_RM, true), 0, "rmi.ftz -denorm");

  /* int -> float */
  EQ(isa_cvt_int_to_f32(16777217, false, ISA_RN, false), 0x4b800000, "2^24+1 rn");
  EQ(isa_cvt_int_to_f32(16777217, false, ISA_RP, false), 0x4b800001, "2^24+1 rp");
  EQ(isa_cvt_int_to_f32((uint64_t)-16777217, true, ISA_RM, false), 0xcb800001, "-(2^24+1) rm");
  EQ(isa_cvt_int_to_f32(UINT64_MAX, false, ISA_RZ, false), 0x5f7fffff, "u64 max rz");
  EQ(isa_cvt_int_to_f32(UINT64_MAX, false, ISA_RN, false), 0x5f800000, "u64 max rn");
  EQ(isa_cvt_int_to_f32((uint64_t)INT64_MIN, true, ISA_RZ, false), 0xdf000000, "s64 min");
  EQ(isa_cvt_int_to_f64(UINT64_C(9007199254740993), false, ISA_RN, false),
     UINT64_C(0x4340000000000000), "2^53+1 rn");
  EQ(isa_cvt_int_to_f64(UINT64_C(9007199254740993), false, ISA_RP, false),
     UINT64_C(0x4340000000000001), "2^53+1 rp");
  EQ(isa_cvt_int_to_f16(70000, false, ISA_RN, false), 0x7c00, "70000 rn f16 inf");
  EQ(isa_cvt_int_to_f16(70000, false, ISA_RZ, false), 0x7bff, "70000 rz f16 max");
  EQ(isa_cvt_int_to_f16(65519, false, ISA_RN, false), 0x7bff, "65519 rn");
  EQ(isa_cvt_int_to_f16(65520, false, ISA_RN, false), 0x7c00, "65520 rn");
  EQ(isa_cvt_int_to_f16((uint64_t)-5, true, ISA_RN, true), 0, "sat -5");
  EQ(isa_cvt_int_to_f32(7, true, ISA_RN, true), 0x3f800000, "sat 7");
  EQ(isa_cvt_int_to_f32(0, true, ISA_RN, false), 0, "0 -> +0");
  EQ(isa_cvt_int_to_bf16(257, false, ISA_RN), 0x4380, "bf16 257");
  EQ(isa_cvt_int_to_bf16(259, false, ISA_RN), 0x4382, "bf16 259 tie up");

  /* narrowing */
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(65520.f), ISA_RN, 0), 0x7c00, "f16 65520 rn");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(65519.f), ISA_RN, 0), 0x7bff, "f16 65519 rn");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(1e6f), ISA_RZ, 0), 0x7bff, "f16 1e6 rz");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(-1e6f), ISA_RP, 0), 0xfbff, "f16 -1e6 rp");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(-1e6f), ISA_RM, 0), 0xfc00, "f16 -1e6 rm");
  EQ(isa_cvt_f32_to_f16(f_inf, ISA_RN, ISA_CVT_SATFINITE), 0x7bff, "f16 inf satfinite");
  EQ(isa_cvt_f32_to_f16(f_nan, ISA_RN, ISA_CVT_SATFINITE), 0x7fff, "f16 nan satfinite");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(0x1p-25f), ISA_RN, 0), 0, "f16 2^-25 tie to 0");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(0x1.8p-25f), ISA_RN, 0), 1, "f16 1.5*2^-25");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(0x1p-30f), ISA_RP, 0), 1, "f16 tiny rp");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(-2.f), ISA_RN, ISA_CVT_RELU), 0, "f16 relu");
  EQ(isa_cvt_f32_to_f16(0x80000000u, ISA_RN, ISA_CVT_RELU), 0, "f16 relu -0");
  EQ(isa_cvt_f32_to_f16(isa_f32_bits(3.f), ISA_RN, ISA_CVT_SAT), 0x3c00, "f16 sat");
  EQ(isa_cvt_f32_to_f16(f_nan, ISA_RN, ISA_CVT_SAT), 0, "f16 sat nan");
  EQ(isa_cvt_f32_to_bf16(0x3f808000u, ISA_RN, 0), 0x3f80, "bf16 tie even down");
  EQ(isa_cvt_f32_to_bf16(0x3f818000u, ISA_RN, 0), 0x3f82, "bf16 tie even up");
  EQ(isa_cvt_f32_to_bf16(0x7f7fffffu, ISA_RN, 0), 0x7f80, "bf16 max rn inf");
  EQ(isa_cvt_f32_to_bf16(0x7f7fffffu, ISA_RN, ISA_CVT_SATFINITE), 0x7f7f, "bf16 max satfinite");
  EQ(isa_cvt_f32_to_bf16(0x00000001u, ISA_RN, ISA_CVT_FTZ | ISA_CVT_RELU), 0, "bf16 ftz");
  EQ(isa_cvt_f32_to_bf16(0xffc00001u, ISA_RZ, 0), 0x7fff, "bf16 nan canonical");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(0x1p-130), ISA_RN, ISA_CVT_FTZ), 0, "f32 ftz result");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(-0x1p-130), ISA_RN, ISA_CVT_FTZ), 0x80000000u,
     "f32 ftz -result");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(0x1p-130), ISA_RN, 0), 0x00080000u, "f32 subnormal");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(1e300), ISA_RZ, 0), 0x7f7fffffu, "f32 1e300 rz");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(1e300), ISA_RN, 0), f_inf, "f32 1e300 rn");
  EQ(isa_cvt_f64_to_f32(d_nan | 5, ISA_RN, 0), 0x7fffffffu, "f32 nan");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(1 + 0x1p-24), ISA_RN, 0), 0x3f800000u, "f32 tie down");
  EQ(isa_cvt_f64_to_f32(isa_f64_bits(1 + 0x1p-24), ISA_RP, 0), 0x3f800001u, "f32 rp");
  EQ(isa_cvt_bf16_to_f16(0x7f7f, ISA_RN, 0), 0x7c00, "bf16 max -> f16 inf");
  EQ(isa_cvt_bf16_to_f16(0x7f7f, ISA_RZ, 0), 0x7bff, "bf16 max -> f16 rz");
  EQ(isa_cvt_f16_to_bf16(0x3c01, ISA_RP, 0), 0x3f81, "f16 -> bf16 rp");
  EQ(isa_cvt_f32x2_to_f16x2(isa_f32_bits(1.f), isa_f32_bits(2.f), ISA_RN, 0), 0x3c004000u,
     "f16x2 a high");
  EQ(isa_cvt_f32x2_to_bf16x2(isa_f32_bits(1.f), isa_f32_bits(-2.f), ISA_RZ, ISA_CVT_RELU),
     0x3f800000u, "bf16x2 relu");

  /* .rs: f32 -> f16 drops 13 bits; 1 + 2^-11 + 2^-12 has discarded 0x1800 */
  uint32_t x = isa_f32_bits(1.f + 0x1p-11f + 0x1p-12f);
  EQ(isa_cvt_f32x2_to_f16x2_rs(x, x, 0x07ff0800u, 0), 0x3c003c01u, "rs f16 no carry / carry");
  EQ(isa_cvt_f32x2_to_f16x2_rs(x, x, 0xe7ff0000u, 0), 0x3c003c00u, "rs ignores rbits[31:29]");
  EQ(isa_cvt_f32x2_to_bf16x2_rs(0xbf800001u, 0xbf800001u, 0xffff0000u, 0), 0xbf81bf80u,
     "rs bf16 negative away from zero");
  EQ(isa_cvt_f32x2_to_bf16x2_rs(0x7f7fffffu, 0x7f7f0000u, 0x00010001u, ISA_CVT_SATFINITE),
     0x7f7f7f7fu, "rs satfinite");

  /* widening keeps NaN payloads, quieted */
  EQ(isa_cvt_f16_to_f32(0x7c01, 0), 0x7fc02000u, "f16 snan -> f32");
  EQ(isa_cvt_f16_to_f32(0xfe00, 0), 0xffc00000u, "f16 -qnan -> f32");
  EQ(isa_cvt_f16_to_f32(0x0001, 0), 0x33800000u, "f16 min subnormal");
  EQ(isa_cvt_bf16_to_f32(0x7f81, 0), 0x7fc10000u, "bf16 snan");
  EQ(isa_cvt_bf16_to_f32(0x0001, ISA_CVT_FTZ), 0, "bf16 subnormal ftz");
  EQ(isa_cvt_bf16_to_f32(0x8001, 0), 0x80010000u, "bf16 subnormal");
  EQ(isa_cvt_f32_to_f64(0x7f800001u, 0), UINT64_C(0x7ff8000020000000), "f32 snan -> f64");
  EQ(isa_cvt_f32_to_f64(0x80000001u, ISA_CVT_FTZ), UINT64_C(0x8000000000000000), "f64 ftz in");
  EQ(isa_cvt_f32_to_f64(isa_f32_bits(2.f), ISA_CVT_SAT), UINT64_C(0x3ff0000000000000), "sat 2");
  EQ(isa_cvt_f16_to_f64(0x7bff, 0), isa_f64_bits(65504.0), "f16 max -> f64");
  EQ(isa_cvt_bf16_to_f64(0xc000, 0), isa_f64_bits(-2.0), "bf16 -2 -> f64");

  /* integral rounding */
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(2.5f), ISA_RN, 0), isa_f32_bits(2.f), "rni 2.5f");
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(-0.5f), ISA_RN, 0), 0x80000000u, "rni -0.5f -> -0");
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(-0.5f), ISA_RM, 0), isa_f32_bits(-1.f), "rmi -0.5f");
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(0.5f), ISA_RP, 0), isa_f32_bits(1.f), "rpi 0.5f");
  EQ(isa_cvt_f32_to_f32_int(1, ISA_RP, 0), isa_f32_bits(1.f), "rpi denorm");
  EQ(isa_cvt_f32_to_f32_int(1, ISA_RP, ISA_CVT_FTZ), 0, "rpi.ftz denorm");
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(8388607.5f), ISA_RN, 0), isa_f32_bits(8388608.f),
     "rni 2^23-0.5");
  EQ(isa_cvt_f32_to_f32_int(f_nan | 1, ISA_RZ, 0), 0x7fffffffu, "rzi nan");
  EQ(isa_cvt_f32_to_f32_int(isa_f32_bits(-3.7f), ISA_RZ, ISA_CVT_SAT), 0, "rzi.sat -3.7");
  EQ(isa_cvt_f64_to_f64_int(isa_f64_bits(-1.5), ISA_RN, 0), isa_f64_bits(-2.0), "rni -1.5");
  EQ(isa_cvt_f16_to_f16_int(0x3e00, ISA_RN, 0), 0x4000, "f16 rni 1.5");
  EQ(isa_cvt_bf16_to_bf16_int(0x3fc0, ISA_RZ, 0), 0x3f80, "bf16 rzi 1.5");

  /* tf32: rna ties away; NaN -> 0x7fffffff */
  EQ(isa_cvt_f32_to_tf32(0x3f801000u, ISA_RNA, 0), 0x3f802000u, "tf32 rna tie");
  EQ(isa_cvt_f32_to_tf32(0x3f801000u, ISA_RN, 0), 0x3f800000u, "tf32 rn tie");
  EQ(isa_cvt_f32_to_tf32(0x3f803000u, ISA_RN, 0), 0x3f804000u, "tf32 rn tie up");
  EQ(isa_cvt_f32_to_tf32(0x3f801fffu, ISA_RZ, 0), 0x3f800000u, "tf32 rz");
  EQ(isa_cvt_f32_to_tf32(0x7f7ff000u, ISA_RNA, 0), f_inf, "tf32 overflow");
  EQ(isa_cvt_f32_to_tf32(0x7f7ff000u, ISA_RNA, ISA_CVT_SATFINITE), 0x7f7fe000u, "tf32 satfinite");
  EQ(isa_cvt_f32_to_tf32(0xff800001u, ISA_RNA, 0), 0x7fffffffu, "tf32 nan");
  EQ(isa_cvt_f32_to_tf32(0xbf800000u, ISA_RN, ISA_CVT_RELU), 0, "tf32 relu");

  /* fp8: e4m3 max 448 (0x7e), no Inf; e5m2 max 57344 (0x7b) */
  EQ(isa_cvt_f32_to_e4m3(isa_f32_bits(448.f), ISA_CVT_SATFINITE), 0x7e, "e4m3 448");
  EQ(isa_cvt_f32_to_e4m3(isa_f32_bits(464.f), ISA_CVT_SATFINITE), 0x7e, "e4m3 464 tie even");
  EQ(isa_cvt_f32_to_e4m3(isa_f32_bits(1e9f), ISA_CVT_SATFINITE), 0x7e, "e4m3 big");
  EQ(isa_cvt_f32_to_e4m3(0xff800000u, ISA_CVT_SATFINITE), 0xfe, "e4m3 -inf");
  EQ(isa_cvt_f32_to_e4m3(f_nan, ISA_CVT_SATFINITE), 0x7f, "e4m3 nan");
  EQ(isa_cvt_f32_to_e4m3(isa_f32_bits(0x1p-9f), ISA_CVT_SATFINITE), 1, "e4m3 min subnormal");
  EQ(isa_cvt_f32_to_e4m3(isa_f32_bits(0x1p-10f), ISA_CVT_SATFINITE), 0, "e4m3 tie to 0");
  EQ(isa_cvt_f32_to_e5m2(isa_f32_bits(61440.f), ISA_CVT_SATFINITE), 0x7b, "e5m2 tie satfinite");
  EQ(isa_cvt_f32_to_e5m2(isa_f32_bits(61440.f), 0), 0x7c, "e5m2 tie -> inf");
  EQ(isa_cvt_f32_to_e5m2(f_inf, ISA_CVT_SATFINITE), 0x7b, "e5m2 inf satfinite");
  EQ(isa_cvt_f32_to_e5m2(isa_f32_bits(-1.f), ISA_CVT_SATFINITE | ISA_CVT_RELU), 0, "e5m2 relu");
  EQ(isa_cvt_f16_to_e4m3(0x5f00, ISA_CVT_SATFINITE), 0x7e, "f16 448 -> e4m3");
  EQ(isa_cvt_e4m3_to_f16(0x7e, 0), 0x5f00, "e4m3 448 -> f16");
  EQ(isa_cvt_e4m3_to_f16(0xff, 0), 0x7fff, "e4m3 nan -> f16");
  EQ(isa_cvt_e4m3_to_f16(0x01, 0), 0x1800, "e4m3 2^-9 -> f16");
  EQ(isa_cvt_e5m2_to_f16(0xfd, 0), 0xfd00, "e5m2 nan keeps bits");
  EQ(isa_cvt_e5m2_to_f16(0xfd, ISA_CVT_RELU), 0x7fff, "e5m2 nan relu");
  EQ(isa_cvt_e5m2_to_f16(0xbc, ISA_CVT_RELU), 0, "e5m2 relu");
  EQ(isa_cvt_f32x2_to_e4m3x2(isa_f32_bits(1.f), isa_f32_bits(-2.f), ISA_CVT_SATFINITE), 0x38c0,
     "e4m3x2 order");
  EQ(isa_cvt_f16x2_to_e5m2x2(0x3c00c000u, ISA_CVT_SATFINITE), 0x3cc0, "e5m2x2 from f16x2");
  EQ(isa_cvt_e4m3x2_to_f16x2(0x38c0, 0), 0x3c00c000u, "f16x2 from e4m3x2");

  /* fp6/fp4 (OCP MX): no NaN/Inf, NaN -> +max, overflow -> +-max */
  EQ(isa_cvt_f32x2_to_e2m1x2(isa_f32_bits(6.f), isa_f32_bits(-0.5f), ISA_CVT_SATFINITE), 0x79,
     "e2m1 6, -0.5");
  EQ(isa_cvt_f32x2_to_e2m1x2(f_nan, 0xff800000u, ISA_CVT_SATFINITE), 0x7f, "e2m1 nan, -inf");
  EQ(isa_cvt_f32x2_to_e2m1x2(isa_f32_bits(5.f), isa_f32_bits(2.5f), ISA_CVT_SATFINITE), 0x64,
     "e2m1 5 -> 4 (tie even), 2.5 -> 2");
  EQ(isa_cvt_f32x2_to_e2m1x2(isa_f32_bits(0.25f), isa_f32_bits(0.26f), ISA_CVT_SATFINITE), 0x01,
     "e2m1 0.25 -> 0, 0.26 -> 0.5");
  EQ(isa_cvt_f32x2_to_e2m3x2(isa_f32_bits(7.5f), isa_f32_bits(100.f), ISA_CVT_SATFINITE), 0x1f1f,
     "e2m3 max");
  EQ(isa_cvt_f32x2_to_e3m2x2(isa_f32_bits(28.f), isa_f32_bits(-0.0625f), ISA_CVT_SATFINITE),
     0x1f21, "e3m2 max, min subnormal");
  EQ(isa_cvt_e2m1x2_to_f16x2(0x7f, 0), 0x4600c600u, "e2m1 -> f16x2");
  EQ(isa_cvt_e2m3x2_to_f16x2(0x1f01, 0), 0x47803000u, "e2m3 -> f16x2");
  EQ(isa_cvt_e3m2x2_to_f16x2(0xdf20, ISA_CVT_RELU), 0x4f000000u, "e3m2 -> f16x2 relu, bits 7:6 ignored");
}
END_TEST

/* ---- soft-float core ---------------------------------------------------- */

static const struct fmt_pair {
  const isa_fmt *impl;
  const ref_fmt *ref;
} fmts[] = {
  { &isa_fmt_f16, &R_F16 },   { &isa_fmt_bf16, &R_BF16 }, { &isa_fmt_f32, &R_F32 },
  { &isa_fmt_f64, &R_F64 },   { &isa_fmt_tf32, &R_TF32 }, { &isa_fmt_e4m3, &R_E4M3 },
  { &isa_fmt_e5m2, &R_E5M2 }, { &isa_fmt_e2m3, &R_E2M3 }, { &isa_fmt_e3m2, &R_E3M2 },
  { &isa_fmt_e2m1, &R_E2M1 },
};
#define N_FMTS (sizeof fmts / sizeof fmts[0])

START_TEST(t_fmt_constants)
{
  const isa_fmt *f = fmts[_i].impl;
  const ref_fmt *r = fmts[_i].ref;
  ck_assert_uint_eq(f->mant_bits, r->m);
  ck_assert_uint_eq(f->exp_bits, r->e);
  ck_assert_int_eq(f->emin, 1 - r->bias);
  EQ(f->max_bits, ref_from_double(r, r->max), "%s max_bits", r->name);
  EQ(f->nan_bits, r->cvt_nan, "%s nan_bits", r->name);
  int e;
  frexp(r->max, &e);
  ck_assert_int_eq(f->emax, e - 1);
}
END_TEST

/* isa_fp_unpack: every pattern of the small formats, random for the rest. */
START_TEST(t_unpack)
{
  const isa_fmt *f = fmts[_i].impl;
  const ref_fmt *r = fmts[_i].ref;
  unsigned w = r->m + r->e + 1;
  uint64_t n = w <= 16 ? UINT64_C(1) << w : N_RANDOM;
  ref_val x;
  mpz_t s;
  x.sig = XSIG;
  mpz_init(s);
  rng_seed(11 + _i);
  for (uint64_t i = 0; i < n; i++) {
    uint64_t b = w <= 16 ? i : rand_bits(r, -r->bias - 4, r->bias + 1);
    isa_fpval v = isa_fp_unpack(f, b);
    ref_decode(r, b, &x);
    static const uint8_t cls_map[] = { ISA_FPC_ZERO, ISA_FPC_FINITE, ISA_FPC_INF, ISA_FPC_NAN };
    EQ(v.cls, cls_map[x.cls], "%s unpack %#llx class", r->name, (unsigned long long)b);
    EQ(v.neg, x.neg, "%s unpack %#llx sign", r->name, (unsigned long long)b);
    if (x.cls == RC_FINITE) {
      mpz_set_u64(s, v.sig);
      ck_assert_msg(cmp_dyadic(s, v.exp, x.sig, x.exp) == 0, "%s unpack %#llx value", r->name,
                    (unsigned long long)b);
    } else if (x.cls == RC_NAN) {
      EQ(v.sig, x.frac, "%s unpack %#llx payload", r->name, (unsigned long long)b);
    }
  }
  mpz_clear(s);
}
END_TEST

/* isa_fp_pack on random (sign, exponent, significand, sticky): sticky is
 * the value plus half a unit of sig's last bit, with sig wide enough that
 * the exact amount does not matter. */
START_TEST(t_pack)
{
  const isa_fmt *f = fmts[_i].impl;
  const ref_fmt *r = fmts[_i].ref;
  static const isa_round modes[] = { ISA_RN, ISA_RZ, ISA_RM, ISA_RP, ISA_RNA, ISA_RS };
  mpz_t s;
  mpz_init(s);
  rng_seed(23 + _i);
  for (unsigned i = 0; i < N_RANDOM; i++) {
    uint64_t rr = rng_next();
    unsigned nbits = 1 + (unsigned)(rr % 64);
    uint64_t sig = rng_next() & ones(nbits);
    if (sig == 0)
      sig = 1;
    if ((rr >> 8) & 1)
      sig &= ~ones((unsigned)((rr >> 10) % nbits)); /* trailing zeros: ties */
    if (sig == 0)
      sig = UINT64_C(1) << (nbits - 1);
    int msb = 63 - __builtin_clzll(sig);
    long emin = 1 - r->bias, emax = r->bias + (r->nan == RK_IEEE ? 0 : 1);
    long etop = emin - (long)r->m - 3 + (long)((rr >> 16) % (uint64_t)(emax - emin + r->m + 6));
    int32_t exp = (int32_t)(etop - msb);
    isa_round mode = modes[(rr >> 32) % 6];
    bool sticky = mode != ISA_RS && msb >= (int)r->m + 2 && ((rr >> 36) & 1);
    bool neg = (rr >> 37) & 1;
    unsigned flags = (rr >> 38) & 1 ? ISA_PACK_SATFINITE : 0;
    unsigned rw = 1 + (unsigned)((rr >> 40) % 32);
    uint32_t rbits = (uint32_t)rng_next();
    uint64_t got = isa_fp_pack(f, neg, exp, sig, sticky, mode, flags, rbits, rw);
    mpz_set_u64(s, sig);
    mpz_mul_2exp(s, s, 1);
    if (sticky)
      mpz_add_ui(s, s, 1);
    uint64_t want = ref_round(r, neg, s, (long)exp - 1, mode, flags != 0, rbits, rw);
    EQ(got, want, "%s pack neg=%d exp=%d sig=%#llx sticky=%d mode=%d flags=%u rw=%u rbits=%#x",
       r->name, neg, exp, (unsigned long long)sig, sticky, mode, flags, rw, rbits);
  }
  /* sig == 0 with sticky: a positive amount far below the last place */
  int32_t tiny = -r->bias - (int32_t)r->m - 8;
  EQ(isa_fp_pack(f, false, tiny, 0, true, ISA_RN, 0, 0, 0), 0, "%s tiny rn", r->name);
  EQ(isa_fp_pack(f, false, tiny, 0, true, ISA_RP, 0, 0, 0), 1, "%s tiny rp", r->name);
  EQ(isa_fp_pack(f, true, tiny, 0, true, ISA_RM, 0, 0, 0), sign_bit(r) | 1, "%s tiny rm", r->name);
  EQ(isa_fp_pack(f, true, tiny, 0, true, ISA_RZ, 0, 0, 0), sign_bit(r), "%s tiny rz", r->name);
  mpz_clear(s);
}
END_TEST

/* isa_fp_convert between every pair of formats. */
START_TEST(t_convert_pairs)
{
  const ref_fmt *rto = fmts[_i / N_FMTS].ref, *rfrom = fmts[_i % N_FMTS].ref;
  const isa_fmt *to = fmts[_i / N_FMTS].impl, *from = fmts[_i % N_FMTS].impl;
  static const isa_round modes[] = { ISA_RN, ISA_RZ, ISA_RM, ISA_RP, ISA_RNA };
  uint64_t edges[32];
  unsigned n_edges = edge_bits(rfrom, edges);
  rng_seed(31 + _i);
  for (unsigned i = 0; i < n_edges + 3000; i++) {
    uint64_t a = i < n_edges ? edges[i] : rand_bits(rfrom, -rto->bias - (int)rto->m - 2, rto->bias + 2);
    for (unsigned mi = 0; mi < 5; mi++) {
      for (unsigned sf = 0; sf < 2; sf++) {
        uint64_t got = isa_fp_convert(to, from, a, modes[mi], sf ? ISA_PACK_SATFINITE : 0);
        uint64_t want =
          ref_cvt_ff(rto, rfrom, a, modes[mi], sf ? ISA_CVT_SATFINITE : 0, 0, 0);
        EQ(got, want, "convert %s->%s %#llx mode %d satfinite %u", rfrom->name, rto->name,
           (unsigned long long)a, modes[mi], sf);
      }
    }
  }
}
END_TEST

/* ---- float -> integer ------------------------------------------------------- */

typedef uint64_t (*f2i_fn)(uint64_t a, unsigned w, bool sgn, isa_round rnd, bool ftz);

static uint64_t f2i_f32(uint64_t a, unsigned w, bool sgn, isa_round rnd, bool ftz)
{
  return isa_cvt_f32_to_int((uint32_t)a, w, sgn, rnd, ftz);
}

static uint64_t f2i_f64(uint64_t a, unsigned w, bool sgn, isa_round rnd, bool ftz)
{
  (void)ftz;
  return isa_cvt_f64_to_int(a, w, sgn, rnd);
}

static uint64_t f2i_f16(uint64_t a, unsigned w, bool sgn, isa_round rnd, bool ftz)
{
  (void)ftz;
  return isa_cvt_f16_to_int((uint16_t)a, w, sgn, rnd);
}

static uint64_t f2i_bf16(uint64_t a, unsigned w, bool sgn, isa_round rnd, bool ftz)
{
  (void)ftz;
  return isa_cvt_bf16_to_int((uint16_t)a, w, sgn, rnd);
}

static const struct f2i_case {
  const ref_fmt *from;
  f2i_fn fn;
  bool has_ftz;
} f2i_cases[] = {
  { &R_F32, f2i_f32, true },
  { &R_F64, f2i_f64, false },
  { &R_F16, f2i_f16, false },
  { &R_BF16, f2i_bf16, false },
};

START_TEST(t_f2i)
{
  const struct f2i_case *c = &f2i_cases[_i];
  const ref_fmt *r = c->from;
  unsigned w = r->m + r->e + 1;
  uint64_t edges[32 + 2 * sizeof int_edges / sizeof int_edges[0]];
  unsigned n_edges = edge_bits(r, edges);
  for (unsigned i = 0; i < sizeof int_edges / sizeof int_edges[0]; i++) {
    edges[n_edges++] = ref_from_double(r, int_edges[i]);
    edges[n_edges++] = ref_from_double(r, -int_edges[i]);
  }
  uint64_t n = w == 16 ? UINT64_C(1) << 16 : N_RANDOM;
  rng_seed(41 + _i);
  for (uint64_t i = 0; i < n_edges + n; i++) {
    uint64_t a = i < n_edges ? edges[i] : w == 16 ? i - n_edges : rand_bits(r, -3, 66);
    bool ftz = c->has_ftz && (rng_next() & 1);
    for (unsigned mi = 0; mi < 4; mi++) {
      bool is_num = ref_f2i_round(r, a, modes4[mi], ftz, K);
      for (unsigned dw = 8; dw <= 64; dw *= 2) {
        for (unsigned sg = 0; sg < 2; sg++) {
          uint64_t got = c->fn(a, dw, sg, modes4[mi], ftz);
          uint64_t want = ref_f2i_clamp(is_num, K, r == &R_F64, dw, sg);
          EQ(got, want, "cvt.%s.%c%u.%s %#llx ftz=%d", (const char *[]){ "rni", "rzi", "rmi", "rpi" }[mi],
             sg ? 's' : 'u', dw, r->name, (unsigned long long)a, ftz);
        }
      }
    }
  }
}
END_TEST

/* ---- integer -> float ------------------------------------------------------- */

static uint64_t rand_int(void)
{
  uint64_t r = rng_next(), v = rng_next();
  static const uint64_t edges[] = { 0,
                                    1,
                                    UINT64_MAX,
                                    UINT64_C(1) << 63,
                                    INT64_MAX,
                                    UINT32_MAX,
                                    INT32_MAX,
                                    (uint64_t)INT32_MIN,
                                    16777217,
                                    16777219,
                                    UINT64_C(9007199254740993),
                                    65504,
                                    65519,
                                    65520,
                                    70000,
                                    (uint64_t)-16777217,
                                    UINT64_C(0xfffffffffffffc00),
                                    UINT64_C(0xffffffffffffffc0),
                                    UINT64_C(0x7fffff8000000000) };
  switch (r & 7) {
  case 0:
    return edges[(r >> 8) % (sizeof edges / sizeof edges[0])];
  case 1: /* a w-bit value, sign-extended or not */
  case 2: {
    unsigned w = 1 + (unsigned)((r >> 8) % 64);
    v &= ones(w);
    if ((r & 1) && w < 64 && (v >> (w - 1)))
      v |= ~ones(w);
    return v;
  }
  case 3: /* few significant bits: exact and tie cases */
    v &= ~ones((unsigned)((r >> 8) % 60));
    return (r >> 20) & 1 ? v >> ((r >> 24) % 64) : v;
  default:
    return v;
  }
}

START_TEST(t_i2f)
{
  rng_seed(53);
  for (unsigned i = 0; i < N_RANDOM; i++) {
    uint64_t v = rand_int();
    for (unsigned sg = 0; sg < 2; sg++) {
      for (unsigned mi = 0; mi < 4; mi++) {
        isa_round m = modes4[mi];
        bool sat = (rng_next() & 7) == 0;
        EQ(isa_cvt_int_to_f16(v, sg, m, sat), ref_i2f(&R_F16, v, sg, m, sat), "i2f16 %#llx s%u m%d sat%d",
           (unsigned long long)v, sg, m, sat);
        EQ(isa_cvt_int_to_bf16(v, sg, m), ref_i2f(&R_BF16, v, sg, m, false), "i2bf16 %#llx s%u m%d",
           (unsigned long long)v, sg, m);
        EQ(isa_cvt_int_to_f32(v, sg, m, sat), ref_i2f(&R_F32, v, sg, m, sat), "i2f32 %#llx s%u m%d sat%d",
           (unsigned long long)v, sg, m, sat);
        EQ(isa_cvt_int_to_f64(v, sg, m, sat), ref_i2f(&R_F64, v, sg, m, sat), "i2f64 %#llx s%u m%d sat%d",
           (unsigned long long)v, sg, m, sat);
      }
    }
  }
}
END_TEST

/* ---- float -> float ------------------------------------------------------- */

typedef uint64_t (*ff_fn)(uint64_t a, isa_round rnd, unsigned flags);

#define FF_WRAP(name, call)                                                                    \
  static uint64_t name(uint64_t a, isa_round rnd, unsigned flags)                             \
  {                                                                                           \
    (void)rnd;                                                                                \
    (void)flags;                                                                              \
    return call;                                                                              \
  }
FF_WRAP(ff_f32_f16, isa_cvt_f32_to_f16((uint32_t)a, rnd, flags))
FF_WRAP(ff_f32_bf16, isa_cvt_f32_to_bf16((uint32_t)a, rnd, flags))
FF_WRAP(ff_f64_f16, isa_cvt_f64_to_f16(a, rnd, flags))
FF_WRAP(ff_f64_bf16, isa_cvt_f64_to_bf16(a, rnd, flags))
FF_WRAP(ff_f64_f32, isa_cvt_f64_to_f32(a, rnd, flags))
FF_WRAP(ff_f16_bf16, isa_cvt_f16_to_bf16((uint16_t)a, rnd, flags))
FF_WRAP(ff_bf16_f16, isa_cvt_bf16_to_f16((uint16_t)a, rnd, flags))
FF_WRAP(ff_f32_tf32, isa_cvt_f32_to_tf32((uint32_t)a, rnd, flags) >> 13)
FF_WRAP(ff_f32x2_f16x2_hi, isa_cvt_f32x2_to_f16x2((uint32_t)a, 0x7fc00000u, rnd, flags) >> 16)
FF_WRAP(ff_f32x2_f16x2_lo, isa_cvt_f32x2_to_f16x2(0x7fc00000u, (uint32_t)a, rnd, flags) & 0xffff)
FF_WRAP(ff_f32x2_bf16x2_hi, isa_cvt_f32x2_to_bf16x2((uint32_t)a, 0, rnd, flags) >> 16)
FF_WRAP(ff_f32x2_bf16x2_lo, isa_cvt_f32x2_to_bf16x2(0, (uint32_t)a, rnd, flags) & 0xffff)
FF_WRAP(ff_f32_e4m3, isa_cvt_f32_to_e4m3((uint32_t)a, flags))
FF_WRAP(ff_f32_e5m2, isa_cvt_f32_to_e5m2((uint32_t)a, flags))
FF_WRAP(ff_f16_e4m3, isa_cvt_f16_to_e4m3((uint16_t)a, flags))
FF_WRAP(ff_f16_e5m2, isa_cvt_f16_to_e5m2((uint16_t)a, flags))
FF_WRAP(ff_f32x2_e4m3x2_hi, isa_cvt_f32x2_to_e4m3x2((uint32_t)a, 0, flags) >> 8)
FF_WRAP(ff_f32x2_e5m2x2_lo, isa_cvt_f32x2_to_e5m2x2(0, (uint32_t)a, flags) & 0xff)
FF_WRAP(ff_f16x2_e4m3x2_lo, isa_cvt_f16x2_to_e4m3x2(0x3c000000u | a, flags) & 0xff)
FF_WRAP(ff_f16x2_e5m2x2_hi, isa_cvt_f16x2_to_e5m2x2(a << 16 | 0x3c00u, flags) >> 8)
FF_WRAP(ff_f32x2_e2m1x2_hi, isa_cvt_f32x2_to_e2m1x2((uint32_t)a, 0, flags) >> 4)
FF_WRAP(ff_f32x2_e2m1x2_lo, isa_cvt_f32x2_to_e2m1x2(0, (uint32_t)a, flags) & 0xf)
FF_WRAP(ff_f32x2_e2m3x2_hi, isa_cvt_f32x2_to_e2m3x2((uint32_t)a, 0, flags) >> 8)
FF_WRAP(ff_f32x2_e2m3x2_lo, isa_cvt_f32x2_to_e2m3x2(0, (uint32_t)a, flags) & 0xff)
FF_WRAP(ff_f32x2_e3m2x2_hi, isa_cvt_f32x2_to_e3m2x2((uint32_t)a, 0, flags) >> 8)
FF_WRAP(ff_f32x2_e3m2x2_lo, isa_cvt_f32x2_to_e3m2x2(0, (uint32_t)a, flags) & 0xff)

#define F_SAT ISA_CVT_SAT
#define F_RELU ISA_CVT_RELU
#define F_SF ISA_CVT_SATFINITE
#define F_FTZ ISA_CVT_FTZ
#define M_RNZ ((1u << ISA_RN) | (1u << ISA_RZ))
#define M_ALL4 (M_RNZ | (1u << ISA_RM) | (1u << ISA_RP))

static const struct ff_case {
  const char *name;
  const ref_fmt *to, *from;
  ff_fn fn;
  unsigned mode_mask;  /* rounding modes the form takes */
  unsigned flag_mask;  /* modifiers it takes */
  unsigned must_flags; /* modifiers it always has */
} ff_cases[] = {
  { "f16.f32", &R_F16, &R_F32, ff_f32_f16, M_ALL4, F_SAT | F_RELU | F_SF | F_FTZ, 0 },
  { "bf16.f32", &R_BF16, &R_F32, ff_f32_bf16, M_ALL4, F_RELU | F_SF | F_FTZ, 0 },
  { "f16.f64", &R_F16, &R_F64, ff_f64_f16, M_ALL4, F_SAT, 0 },
  { "bf16.f64", &R_BF16, &R_F64, ff_f64_bf16, M_ALL4, 0, 0 },
  { "f32.f64", &R_F32, &R_F64, ff_f64_f32, M_ALL4, F_SAT | F_FTZ, 0 },
  { "bf16.f16", &R_BF16, &R_F16, ff_f16_bf16, M_ALL4, 0, 0 },
  { "f16.bf16", &R_F16, &R_BF16, ff_bf16_f16, M_ALL4, F_SAT, 0 },
  { "tf32.f32", &R_TF32, &R_F32, ff_f32_tf32, M_RNZ | (1u << ISA_RNA), F_RELU | F_SF, 0 },
  { "f16x2.f32 hi", &R_F16, &R_F32, ff_f32x2_f16x2_hi, M_RNZ, F_RELU | F_SF, 0 },
  { "f16x2.f32 lo", &R_F16, &R_F32, ff_f32x2_f16x2_lo, M_RNZ, F_RELU | F_SF, 0 },
  { "bf16x2.f32 hi", &R_BF16, &R_F32, ff_f32x2_bf16x2_hi, M_RNZ, F_RELU | F_SF, 0 },
  { "bf16x2.f32 lo", &R_BF16, &R_F32, ff_f32x2_bf16x2_lo, M_RNZ, F_RELU | F_SF, 0 },
  { "e4m3.f32", &R_E4M3, &R_F32, ff_f32_e4m3, 1u << ISA_RN, F_RELU, F_SF },
  { "e5m2.f32", &R_E5M2, &R_F32, ff_f32_e5m2, 1u << ISA_RN, F_RELU | F_SF, 0 },
  { "e4m3.f16", &R_E4M3, &R_F16, ff_f16_e4m3, 1u << ISA_RN, F_RELU, F_SF },
  { "e5m2.f16", &R_E5M2, &R_F16, ff_f16_e5m2, 1u << ISA_RN, F_RELU | F_SF, 0 },
  { "e4m3x2.f32 hi", &R_E4M3, &R_F32, ff_f32x2_e4m3x2_hi, 1u << ISA_RN, F_RELU, F_SF },
  { "e5m2x2.f32 lo", &R_E5M2, &R_F32, ff_f32x2_e5m2x2_lo, 1u << ISA_RN, F_RELU, F_SF },
  { "e4m3x2.f16x2 lo", &R_E4M3, &R_F16, ff_f16x2_e4m3x2_lo, 1u << ISA_RN, F_RELU, F_SF },
  { "e5m2x2.f16x2 hi", &R_E5M2, &R_F16, ff_f16x2_e5m2x2_hi, 1u << ISA_RN, F_RELU, F_SF },
  { "e2m1x2.f32 hi", &R_E2M1, &R_F32, ff_f32x2_e2m1x2_hi, 1u << ISA_RN, F_RELU, F_SF },
  { "e2m1x2.f32 lo", &R_E2M1, &R_F32, ff_f32x2_e2m1x2_lo, 1u << ISA_RN, F_RELU, F_SF },
  { "e2m3x2.f32 hi", &R_E2M3, &R_F32, ff_f32x2_e2m3x2_hi, 1u << ISA_RN, F_RELU, F_SF },
  { "e2m3x2.f32 lo", &R_E2M3, &R_F32, ff_f32x2_e2m3x2_lo, 1u << ISA_RN, F_RELU, F_SF },
  { "e3m2x2.f32 hi", &R_E3M2, &R_F32, ff_f32x2_e3m2x2_hi, 1u << ISA_RN, F_RELU, F_SF },
  { "e3m2x2.f32 lo", &R_E3M2, &R_F32, ff_f32x2_e3m2x2_lo, 1u << ISA_RN, F_RELU, F_SF },
};

/* Every rounding mode the form takes, with no modifiers and with a random
 * subset of its modifiers. */
START_TEST(t_narrow)
{
  const struct ff_case *c = &ff_cases[_i];
  unsigned wfrom = c->from->m + c->from->e + 1;
  uint64_t edges[32];
  unsigned n_edges = edge_bits(c->from, edges);
  uint64_t n = wfrom == 16 ? UINT64_C(1) << 16 : N_RANDOM;
  int lo_e = -c->to->bias - (int)c->to->m - 2, hi_e = c->to->bias + 2;
  rng_seed(61 + _i);
  for (uint64_t i = 0; i < n_edges + n; i++) {
    uint64_t a = i < n_edges ? edges[i] : wfrom == 16 ? i - n_edges : rand_bits(c->from, lo_e, hi_e);
    for (unsigned m = 0; m <= ISA_RNA; m++) {
      if (!(c->mode_mask & (1u << m)))
        continue;
      for (unsigned pass = 0; pass < n_flag_passes(i < n_edges); pass++) {
        unsigned fl = c->must_flags | flag_pass(pass, i < n_edges, c->flag_mask);
        uint64_t got = c->fn(a, (isa_round)m, fl);
        uint64_t want = ref_cvt_ff(c->to, c->from, a, (isa_round)m, fl, 0, 0);
        if (c->to == &R_TF32 && isa_f32_is_nan((uint32_t)a))
          want = 0x7fffffffu >> 13; /* tf32: NaN -> 0x7fffffff */
        EQ(got, want, "cvt %s %#llx mode %u flags %#x", c->name, (unsigned long long)a, m, fl);
      }
    }
  }
}
END_TEST

START_TEST(t_tf32_container)
{
  /* the low 13 bits of the tf32 container are zero, NaN aside */
  rng_seed(67);
  for (unsigned i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_bits(&R_F32, -140, 130);
    uint32_t r = isa_cvt_f32_to_tf32(a, (isa_round)(rng_next() % 5), (unsigned)rng_next() & 6);
    ck_assert_msg(isa_f32_is_nan(a) ? r == 0x7fffffffu : (r & 0x1fffu) == 0, "tf32 %#x", a);
  }
}
END_TEST

/* .rs: random f32 pairs and random bits, each half against the reference. */
START_TEST(t_rs)
{
  rng_seed(71);
  uint64_t f16e[32], bf16e[32];
  unsigned nf = edge_bits(&R_F32, f16e);
  (void)bf16e;
  for (unsigned i = 0; i < nf + N_RANDOM; i++) {
    uint32_t a = i < nf ? (uint32_t)f16e[i] : (uint32_t)rand_bits(&R_F32, -30, 17);
    uint32_t b = (uint32_t)rand_bits(&R_F32, -136, 129);
    uint32_t rb = (uint32_t)rng_next();
    if ((i & 15) == 0)
      rb = (i & 16) ? UINT32_MAX : 0;
    unsigned fl = (unsigned)rng_next() & (F_RELU | F_SF);
    uint32_t got = isa_cvt_f32x2_to_f16x2_rs(a, b, rb, fl);
    uint64_t wa = ref_cvt_ff(&R_F16, &R_F32, a, ISA_RS, fl, (rb >> 16) & 0x1fff, 13);
    uint64_t wb = ref_cvt_ff(&R_F16, &R_F32, b, ISA_RS, fl, rb & 0x1fff, 13);
    EQ(got, wa << 16 | wb, "rs f16x2 %#x %#x rbits %#x flags %#x", a, b, rb, fl);
    got = isa_cvt_f32x2_to_bf16x2_rs(b, a, rb, fl);
    wa = ref_cvt_ff(&R_BF16, &R_F32, b, ISA_RS, fl, rb >> 16, 16);
    wb = ref_cvt_ff(&R_BF16, &R_F32, a, ISA_RS, fl, rb & 0xffff, 16);
    EQ(got, wa << 16 | wb, "rs bf16x2 %#x %#x rbits %#x flags %#x", b, a, rb, fl);
  }
}
END_TEST

/* ---- exact widenings ------------------------------------------------------ */

typedef uint64_t (*wide_fn)(uint64_t a, unsigned flags);
#define WIDE_WRAP(name, call)                                                                  \
  static uint64_t name(uint64_t a, unsigned flags)                                            \
  {                                                                                           \
    (void)flags;                                                                              \
    return call;                                                                              \
  }
WIDE_WRAP(w_f16_f32, isa_cvt_f16_to_f32((uint16_t)a, flags))
WIDE_WRAP(w_bf16_f32, isa_cvt_bf16_to_f32((uint16_t)a, flags))
WIDE_WRAP(w_f16_f64, isa_cvt_f16_to_f64((uint16_t)a, flags))
WIDE_WRAP(w_bf16_f64, isa_cvt_bf16_to_f64((uint16_t)a, flags))
WIDE_WRAP(w_f32_f64, isa_cvt_f32_to_f64((uint32_t)a, flags))
WIDE_WRAP(w_e4m3_f16, isa_cvt_e4m3_to_f16((uint8_t)a, flags))
WIDE_WRAP(w_e5m2_f16, isa_cvt_e5m2_to_f16((uint8_t)a, flags))
WIDE_WRAP(w_e4m3x2_hi, isa_cvt_e4m3x2_to_f16x2((uint16_t)(a << 8 | 0x38), flags) >> 16)
WIDE_WRAP(w_e5m2x2_lo, isa_cvt_e5m2x2_to_f16x2((uint16_t)(0x3c00 | a), flags) & 0xffff)
WIDE_WRAP(w_e2m1x2_hi, isa_cvt_e2m1x2_to_f16x2((uint8_t)(a << 4 | 2), flags) >> 16)
WIDE_WRAP(w_e2m1x2_lo, isa_cvt_e2m1x2_to_f16x2((uint8_t)(0xf0 | a), flags) & 0xffff)
WIDE_WRAP(w_e2m3x2_hi, isa_cvt_e2m3x2_to_f16x2((uint16_t)(a << 8 | 0xc0), flags) >> 16)
WIDE_WRAP(w_e2m3x2_lo, isa_cvt_e2m3x2_to_f16x2((uint16_t)(0xc100 | a), flags) & 0xffff)
WIDE_WRAP(w_e3m2x2_hi, isa_cvt_e3m2x2_to_f16x2((uint16_t)(a << 8 | 0x3f), flags) >> 16)
WIDE_WRAP(w_e3m2x2_lo, isa_cvt_e3m2x2_to_f16x2((uint16_t)(0x4000 | a), flags) & 0xffff)

static const struct wide_case {
  const char *name;
  const ref_fmt *to, *from;
  wide_fn fn;
  unsigned flag_mask;
  uint64_t nan_result; /* 0: keep payload, quieted */
} wide_cases[] = {
  { "f32.f16", &R_F32, &R_F16, w_f16_f32, F_SAT | F_FTZ, 0 },
  { "f32.bf16", &R_F32, &R_BF16, w_bf16_f32, F_SAT | F_FTZ, 0 },
  { "f64.f16", &R_F64, &R_F16, w_f16_f64, F_SAT, 0 },
  { "f64.bf16", &R_F64, &R_BF16, w_bf16_f64, F_SAT, 0 },
  { "f64.f32", &R_F64, &R_F32, w_f32_f64, F_SAT | F_FTZ, 0 },
  { "f16.e4m3", &R_F16, &R_E4M3, w_e4m3_f16, F_RELU, 0x7fff },
  { "f16.e5m2", &R_F16, &R_E5M2, w_e5m2_f16, F_RELU, 1 },
  { "f16x2.e4m3x2 hi", &R_F16, &R_E4M3, w_e4m3x2_hi, F_RELU, 0x7fff },
  { "f16x2.e5m2x2 lo", &R_F16, &R_E5M2, w_e5m2x2_lo, F_RELU, 1 },
  { "f16x2.e2m1x2 hi", &R_F16, &R_E2M1, w_e2m1x2_hi, F_RELU, 0 },
  { "f16x2.e2m1x2 lo", &R_F16, &R_E2M1, w_e2m1x2_lo, F_RELU, 0 },
  { "f16x2.e2m3x2 hi", &R_F16, &R_E2M3, w_e2m3x2_hi, F_RELU, 0 },
  { "f16x2.e2m3x2 lo", &R_F16, &R_E2M3, w_e2m3x2_lo, F_RELU, 0 },
  { "f16x2.e3m2x2 hi", &R_F16, &R_E3M2, w_e3m2x2_hi, F_RELU, 0 },
  { "f16x2.e3m2x2 lo", &R_F16, &R_E3M2, w_e3m2x2_lo, F_RELU, 0 },
};

START_TEST(t_widen)
{
  const struct wide_case *c = &wide_cases[_i];
  unsigned wfrom = c->from->m + c->from->e + 1;
  uint64_t n = wfrom <= 16 ? UINT64_C(1) << wfrom : N_RANDOM;
  uint64_t edges[32];
  unsigned n_edges = edge_bits(c->from, edges);
  rng_seed(79 + _i);
  for (uint64_t i = 0; i < n_edges + n; i++) {
    bool is_edge = i < n_edges;
    uint64_t a = is_edge ? edges[i] : wfrom <= 16 ? i - n_edges : rand_bits(c->from, -160, 130);
    for (unsigned pass = 0; pass < n_flag_passes(is_edge); pass++) {
      unsigned fl = flag_pass(pass, is_edge, c->flag_mask);
      uint64_t want = ref_cvt_ff(c->to, c->from, a, ISA_RN, fl, 0, 0);
      ref_val x;
      x.sig = YSIG;
      ref_decode(c->from, a, &x);
      if (x.cls == RC_NAN && !(fl & (F_SAT | F_RELU)))
        want = c->nan_result == 0   ? ref_widen_nan(c->to, c->from, a)
               : c->nan_result == 1 ? a << 8 /* e5m2 keeps its bits */
                                    : c->nan_result;
      EQ(c->fn(a, fl), want, "cvt %s %#llx flags %#x", c->name, (unsigned long long)a, fl);
    }
  }
}
END_TEST

/* ---- same-size integral rounding ------------------------------------------ */

typedef uint64_t (*int_fn)(uint64_t a, isa_round rnd, unsigned flags);
FF_WRAP(i_f32, isa_cvt_f32_to_f32_int((uint32_t)a, rnd, flags))
FF_WRAP(i_f64, isa_cvt_f64_to_f64_int(a, rnd, flags))
FF_WRAP(i_f16, isa_cvt_f16_to_f16_int((uint16_t)a, rnd, flags))
FF_WRAP(i_bf16, isa_cvt_bf16_to_bf16_int((uint16_t)a, rnd, flags))

static const struct int_case {
  const ref_fmt *f;
  int_fn fn;
  unsigned flag_mask;
} int_cases[] = {
  { &R_F32, i_f32, F_SAT | F_FTZ },
  { &R_F64, i_f64, F_SAT },
  { &R_F16, i_f16, F_SAT },
  { &R_BF16, i_bf16, 0 },
};

START_TEST(t_integral)
{
  const struct int_case *c = &int_cases[_i];
  unsigned w = c->f->m + c->f->e + 1;
  uint64_t edges[32 + 2 * sizeof int_edges / sizeof int_edges[0]];
  unsigned n_edges = edge_bits(c->f, edges);
  for (unsigned i = 0; i < sizeof int_edges / sizeof int_edges[0]; i++) {
    edges[n_edges++] = ref_from_double(c->f, int_edges[i]);
    edges[n_edges++] = ref_from_double(c->f, -int_edges[i]);
  }
  uint64_t n = w == 16 ? UINT64_C(1) << 16 : N_RANDOM;
  rng_seed(83 + _i);
  for (uint64_t i = 0; i < n_edges + n; i++) {
    uint64_t a = i < n_edges ? edges[i] : w == 16 ? i - n_edges : rand_bits(c->f, -3, (int)c->f->m + 2);
    for (unsigned mi = 0; mi < 4; mi++) {
      for (unsigned pass = 0; pass < n_flag_passes(i < n_edges); pass++) {
        unsigned fl = flag_pass(pass, i < n_edges, c->flag_mask);
        EQ(c->fn(a, modes4[mi], fl), ref_to_integral(c->f, a, modes4[mi], fl),
           "cvt.%s.%s.%s %#llx flags %#x", (const char *[]){ "rni", "rzi", "rmi", "rpi" }[mi],
           c->f->name, c->f->name, (unsigned long long)a, fl);
      }
    }
  }
}
END_TEST

/* ---- integer <-> integer and cvt.pack (the inline helpers) ---------------- */

START_TEST(t_int_int)
{
  mpz_t v, lo, hi;
  mpz_inits(v, lo, hi, NULL);
  rng_seed(89);
  for (unsigned i = 0; i < N_RANDOM; i++) {
    uint64_t x = rand_int();
    unsigned sw = 8u << (rng_next() % 4), dw = 8u << (rng_next() % 4);
    bool ss = rng_next() & 1, ds = rng_next() & 1, sat = rng_next() & 1;
    /* mathematical value of the source */
    uint64_t low = x & ones(sw);
    mpz_set_u64(v, low);
    if (ss && (low >> (sw - 1))) {
      mpz_set_ui(lo, 1);
      mpz_mul_2exp(lo, lo, sw);
      mpz_sub(v, v, lo);
    }
    if (sat) {
      mpz_set_si(lo, 0);
      mpz_set_ui(hi, 1);
      mpz_mul_2exp(hi, hi, ds ? dw - 1 : dw);
      mpz_sub_ui(hi, hi, 1);
      if (ds) {
        mpz_add_ui(lo, hi, 1);
        mpz_neg(lo, lo);
      }
      if (mpz_cmp(v, lo) < 0)
        mpz_set(v, lo);
      if (mpz_cmp(v, hi) > 0)
        mpz_set(v, hi);
    }
    /* chop to dw bits, extend by the destination's signedness */
    mpz_fdiv_r_2exp(v, v, dw);
    if (ds && mpz_tstbit(v, dw - 1)) {
      mpz_set_ui(lo, 1);
      mpz_mul_2exp(lo, lo, dw);
      mpz_sub(v, v, lo);
    }
    EQ(isa_cvt_int_to_int(x, dw, ds, sw, ss, sat), mpz_get_u64_mod(v), "cvt%s.%c%u.%c%u %#llx",
       sat ? ".sat" : "", ds ? 's' : 'u', dw, ss ? 's' : 'u', sw, (unsigned long long)x);
  }
  for (unsigned i = 0; i < N_RANDOM / 4; i++) {
    static const unsigned widths[] = { 2, 4, 8, 16 };
    unsigned n = widths[rng_next() % 4];
    bool sg = rng_next() & 1;
    uint32_t a = (uint32_t)rand_int(), b = (uint32_t)rand_int(), c = (uint32_t)rng_next();
    int64_t nmin = sg ? -(INT64_C(1) << (n - 1)) : 0;
    int64_t nmax = sg ? (INT64_C(1) << (n - 1)) - 1 : (INT64_C(1) << n) - 1;
    int64_t ta = (int32_t)a, tb = (int32_t)b;
    ta = ta < nmin ? nmin : ta > nmax ? nmax : ta;
    tb = tb < nmin ? nmin : tb > nmax ? nmax : tb;
    uint64_t d = ((uint64_t)ta & ones(n)) << n | ((uint64_t)tb & ones(n));
    if (n < 16)
      d |= (uint64_t)c << (2 * n);
    EQ(isa_cvt_pack_sat(a, b, c, n, sg), (uint32_t)d, "cvt.pack.sat.%c%u %#x %#x %#x", sg ? 's' : 'u',
       n, a, b, c);
  }
  EQ(isa_cvt_pack_sat(300, (uint32_t)-5, 0, 8, false), 0xff00, "pack u8");
  EQ(isa_cvt_pack_sat(0x12345, 0x7, 0xabcd, 4, true), 0xabcd77, "pack s4");
  mpz_clears(v, lo, hi, NULL);
}
END_TEST

static Suite *fp_cvt_suite(void)
{
  Suite *s = suite_create("fp_cvt");
  struct {
    const char *name;
    const TTest *fn;
    int n;
  } cases[] = {
    { "vectors", t_vectors, 1 },
    { "fmt_constants", t_fmt_constants, (int)N_FMTS },
    { "unpack", t_unpack, (int)N_FMTS },
    { "pack", t_pack, (int)N_FMTS },
    { "convert_pairs", t_convert_pairs, (int)(N_FMTS * N_FMTS) },
    { "f2i", t_f2i, (int)(sizeof f2i_cases / sizeof f2i_cases[0]) },
    { "i2f", t_i2f, 1 },
    { "narrow", t_narrow, (int)(sizeof ff_cases / sizeof ff_cases[0]) },
    { "tf32_container", t_tf32_container, 1 },
    { "rs", t_rs, 1 },
    { "widen", t_widen, (int)(sizeof wide_cases / sizeof wide_cases[0]) },
    { "integral", t_integral, (int)(sizeof int_cases / sizeof int_cases[0]) },
    { "int_int", t_int_int, 1 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, cases[i].fn, 0, cases[i].n);
    suite_add_tcase(s, tc);
  }
  return s;
}

int main(void)
{
  mpz_inits(T1, T2, T3, MAXSIG, K, REM, XSIG, YSIG, DSIG, LO, HI, NULL);
  SRunner *sr = srunner_create(fp_cvt_suite());
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  mpz_clears(T1, T2, T3, MAXSIG, K, REM, XSIG, YSIG, DSIG, LO, HI, NULL);
  return n_failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
