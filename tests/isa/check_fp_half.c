/* check_fp_half.c -- tests for isa/fp_half.[ch].
 *
 * The reference shares no code with the implementation.  It decodes a
 * 16-bit pattern through a double (bf16 by widening to f32 bits, f16 by
 * the textbook formula), holds every finite value as a GMP integer scaled
 * by 2^SCALE (exact for all f16/bf16 values and their products), forms
 * sums, products and a*b+c exactly, and rounds with its own routine that
 * takes the floor at the target quantum and compares the remainder with
 * half of it.  The .approx functions are checked on all 65536 inputs of
 * both formats against exp2l/tanhl (long double) rounded by that routine.
 * min/max follow the PTX ISA pseudo-code literally, comparing doubles.
 *
 * On top of hand-worked vectors (ties, overflow per direction, signed
 * zeros, subnormals with and without .ftz, .sat, .relu, NaN rules, the
 * .approx special-case tables), N_RANDOM vectors per format and operation
 * run in all five rounding modes plus one random flag set, from a
 * fixed-seed generator that favours edge values and operands of nearby
 * magnitude (cancellation, ties, carries).
 */
#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/fp_half.h"

#define N_RANDOM 40000
#define SCALE 300 /* finite values are z * 2^-SCALE: bf16 products reach 2^-266 */

#define F16 ISA_HALF_F16
#define BF16 ISA_HALF_BF16
#define FTZ ISA_FP_FTZ
#define SAT ISA_FP_SAT
#define RELU ISA_FP_RELU
#define QNAN 0x7fffu

static const isa_round modes[] = { ISA_RN, ISA_RZ, ISA_RM, ISA_RP, ISA_RNA };
static const char *const mode_names[] = { "rn", "rz", "rm", "rp", "rna", "rs" };
static const char *const kind_names[] = { "f16", "bf16" };

/* Format facts, written out per format. */
typedef struct tfmt {
  unsigned mant, expb;
  int bias;
  uint16_t one, max, inf;
} tfmt;

static const tfmt tfmts[2] = {
  [ISA_HALF_F16] = { 10, 5, 15, 0x3c00, 0x7bff, 0x7c00 },
  [ISA_HALF_BF16] = { 7, 8, 127, 0x3f80, 0x7f7f, 0x7f80 },
};

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

static uint16_t make(int k, unsigned sign, int field, unsigned frac)
{
  const tfmt *f = &tfmts[k];
  int top = (1 << f->expb) - 2;
  field = field < 0 ? 0 : field > top ? top : field;
  return (uint16_t)((sign << 15) | ((unsigned)field << f->mant) | (frac & ((1u << f->mant) - 1)));
}

static int field_of(int k, uint16_t a)
{
  return (a & 0x7fff) >> tfmts[k].mant;
}

/* A value: edges one time in eight, subnormals one in sixteen, otherwise
 * any bit pattern. */
static uint16_t rand_half(int k)
{
  const tfmt *f = &tfmts[k];
  uint64_t r = rng_next();
  const uint16_t edges[] = { 0, 1, 2, 3, (uint16_t)((1u << f->mant) - 1), (uint16_t)(1u << f->mant),
                             (uint16_t)((1u << f->mant) + 1), f->one, (uint16_t)(f->one + 1),
                             (uint16_t)(f->one - 1), f->max, (uint16_t)(f->max - 1), f->inf,
                             (uint16_t)(f->inf + 1), 0x7fff };
  switch (r & 15) {
  case 0:
  case 1:
    return (uint16_t)(edges[(r >> 8) % (sizeof edges / sizeof edges[0])] | ((r >> 40) & 1) << 15);
  case 2:
    return make(k, (r >> 8) & 1, 0, (unsigned)(r >> 16));
  default:
    return (uint16_t)(r >> 16);
  }
}

/* A finite value whose exponent field is near field (+-spread). */
static uint16_t rand_near(int k, int field, int spread)
{
  uint64_t r = rng_next();
  int d = (int)((r >> 8) % (unsigned)(2 * spread + 1)) - spread;
  unsigned frac = (unsigned)(r >> 24);
  if ((r & 6) == 0) /* short significands make exact ties and cancellations likely */
    frac &= ~0u << (tfmts[k].mant / 2);
  return make(k, r & 1, field + d, frac);
}

static uint16_t rand_partner(int k, uint16_t a)
{
  return (rng_next() & 3) == 0 ? rand_half(k) : rand_near(k, field_of(k, a), 12);
}

/* ---- reference ------------------------------------------------------------ */

static bool t_is_nan(int k, uint16_t a)
{
  return (a & 0x7fff) > tfmts[k].inf;
}

static bool t_is_inf(int k, uint16_t a)
{
  return (a & 0x7fff) == tfmts[k].inf;
}

static bool t_is_zero(uint16_t a)
{
  return (a & 0x7fff) == 0;
}

static bool t_is_subnormal(int k, uint16_t a)
{
  return field_of(k, a) == 0 && !t_is_zero(a);
}

static uint16_t t_ftz(int k, uint16_t a)
{
  return t_is_subnormal(k, a) ? (uint16_t)(a & 0x8000) : a;
}

/* The value of a non-NaN pattern. */
static double t_value(int k, uint16_t a)
{
  double v;
  if (k == BF16) {
    uint32_t w = (uint32_t)a << 16;
    float f;
    memcpy(&f, &w, sizeof f);
    return f;
  }
  unsigned e = (a >> 10) & 31, m = a & 1023;
  if (e == 31)
    v = INFINITY;
  else if (e == 0)
    v = ldexp(m, -24);
  else
    v = ldexp(1024 + m, (int)e - 25);
  return (a & 0x8000) ? -v : v;
}

static mpz_t za, zb, zc, zs, zq, zr, zh;

static void z_of(mpz_t z, int k, uint16_t a)
{
  mpz_set_d(z, ldexp(t_value(k, a), SCALE));
}

static uint16_t ref_overflow(int k, bool neg, isa_round rnd)
{
  const tfmt *f = &tfmts[k];
  uint16_t mag;
  switch (rnd) {
  case ISA_RZ:
    mag = f->max;
    break;
  case ISA_RP:
    mag = neg ? f->max : f->inf;
    break;
  case ISA_RM:
    mag = neg ? f->inf : f->max;
    break;
  default:
    mag = f->inf;
    break;
  }
  return (uint16_t)((neg ? 0x8000 : 0) | mag);
}

/* z * 2^-SCALE, z != 0, rounded to format k with rnd. */
static uint16_t ref_round(int k, const mpz_t z, isa_round rnd)
{
  const tfmt *f = &tfmts[k];
  bool neg = mpz_sgn(z) < 0;
  mpz_abs(zs, z);
  long top = (long)mpz_sizeinbase(zs, 2) - 1 - SCALE; /* 2^top <= |v| < 2^(top+1) */
  long emin = 1 - f->bias;
  long q_exp = (top > emin ? top : emin) - (long)f->mant; /* the quantum is 2^q_exp */
  unsigned long sh = (unsigned long)(SCALE + q_exp);
  mpz_fdiv_q_2exp(zq, zs, sh);
  mpz_fdiv_r_2exp(zr, zs, sh);
  bool inexact = mpz_sgn(zr) != 0;
  mpz_mul_2exp(zr, zr, 1);
  mpz_set_ui(zh, 0);
  mpz_setbit(zh, sh);
  int c = mpz_cmp(zr, zh); /* remainder vs half a quantum */
  bool up;
  switch (rnd) {
  case ISA_RZ:
    up = false;
    break;
  case ISA_RP:
    up = inexact && !neg;
    break;
  case ISA_RM:
    up = inexact && neg;
    break;
  case ISA_RNA:
    up = c >= 0;
    break;
  default:
    up = c > 0 || (c == 0 && mpz_odd_p(zq));
    break;
  }
  if (up)
    mpz_add_ui(zq, zq, 1);
  unsigned long q = mpz_get_ui(zq);
  unsigned long hidden = 1ul << f->mant;
  if (q == 2 * hidden) {
    q = hidden;
    q_exp++;
  }
  unsigned bits;
  if (q >= hidden) {
    long field = q_exp + (long)f->mant + f->bias;
    if (field >= (1l << f->expb) - 1)
      return ref_overflow(k, neg, rnd);
    bits = (unsigned)field << f->mant | (unsigned)(q - hidden);
  } else {
    bits = (unsigned)q; /* subnormal or zero */
  }
  return (uint16_t)((neg ? 0x8000u : 0) | bits);
}

/* The zero of an exact zero sum x + y. */
static uint16_t ref_zero(bool x_is_zero, bool y_is_zero, bool nx, bool ny, isa_round rnd)
{
  if (x_is_zero && y_is_zero && nx == ny)
    return nx ? 0x8000 : 0;
  return rnd == ISA_RM ? 0x8000 : 0;
}

static uint16_t ref_post(int k, uint16_t r, unsigned flags)
{
  if (flags & FTZ)
    r = t_ftz(k, r);
  if (flags & SAT) {
    if (t_is_nan(k, r) || (r & 0x8000))
      r = 0;
    else if (t_value(k, r) > 1.0)
      r = tfmts[k].one;
  }
  if (flags & RELU) {
    if (t_is_nan(k, r))
      r = QNAN;
    else if (t_value(k, r) <= 0.0)
      r = 0;
  }
  return r;
}

static uint16_t ref_add(int k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  uint16_t r;
  bool na = a >> 15, nb = b >> 15;
  if (flags & FTZ) {
    a = t_ftz(k, a);
    b = t_ftz(k, b);
  }
  if (t_is_nan(k, a) || t_is_nan(k, b)) {
    r = QNAN;
  } else if (t_is_inf(k, a) || t_is_inf(k, b)) {
    if (t_is_inf(k, a) && t_is_inf(k, b) && na != nb)
      r = QNAN;
    else
      r = t_is_inf(k, a) ? a : b;
  } else {
    z_of(za, k, a);
    z_of(zb, k, b);
    mpz_add(zc, za, zb);
    r = mpz_sgn(zc) == 0 ? ref_zero(t_is_zero(a), t_is_zero(b), na, nb, rnd)
                         : ref_round(k, zc, rnd);
  }
  return ref_post(k, r, flags);
}

static uint16_t ref_sub(int k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  return ref_add(k, a, (uint16_t)(b ^ 0x8000), rnd, flags);
}

static uint16_t ref_mul(int k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags)
{
  uint16_t r, sign = (uint16_t)((a ^ b) & 0x8000);
  if (flags & FTZ) {
    a = t_ftz(k, a);
    b = t_ftz(k, b);
  }
  if (t_is_nan(k, a) || t_is_nan(k, b)) {
    r = QNAN;
  } else if (t_is_inf(k, a) || t_is_inf(k, b)) {
    r = t_is_zero(a) || t_is_zero(b) ? QNAN : (uint16_t)(sign | tfmts[k].inf);
  } else if (t_is_zero(a) || t_is_zero(b)) {
    r = sign;
  } else {
    z_of(za, k, a);
    z_of(zb, k, b);
    mpz_mul(zc, za, zb);
    mpz_tdiv_q_2exp(zc, zc, SCALE); /* exact: products are multiples of 2^-266 */
    r = ref_round(k, zc, rnd);
  }
  return ref_post(k, r, flags);
}

static uint16_t ref_fma(int k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd, unsigned flags)
{
  uint16_t r;
  bool np = ((a ^ b) >> 15) & 1, nc = c >> 15;
  if (flags & FTZ) {
    a = t_ftz(k, a);
    b = t_ftz(k, b);
    c = t_ftz(k, c);
  }
  bool p_inf = t_is_inf(k, a) || t_is_inf(k, b), p_zero = t_is_zero(a) || t_is_zero(b);
  if (t_is_nan(k, a) || t_is_nan(k, b) || t_is_nan(k, c)) {
    r = QNAN;
  } else if (p_inf) {
    if (p_zero || (t_is_inf(k, c) && nc != np))
      r = QNAN;
    else
      r = (uint16_t)((np ? 0x8000 : 0) | tfmts[k].inf);
  } else if (t_is_inf(k, c)) {
    r = c;
  } else {
    z_of(za, k, a);
    z_of(zb, k, b);
    z_of(zc, k, c);
    mpz_mul(za, za, zb);
    mpz_tdiv_q_2exp(za, za, SCALE);
    mpz_add(za, za, zc);
    r = mpz_sgn(za) == 0 ? ref_zero(p_zero, t_is_zero(c), np, nc, rnd) : ref_round(k, za, rnd);
  }
  return ref_post(k, r, flags);
}

/* PTX ISA min/max pseudo-code, read literally. */
static uint16_t ref_minmax(int k, uint16_t a, uint16_t b, unsigned flags, bool is_max)
{
  bool xorsign = (flags & ISA_FP_XORSIGN_ABS) == ISA_FP_XORSIGN_ABS;
  uint16_t xs = 0, d;
  if (flags & FTZ) {
    a = t_ftz(k, a);
    b = t_ftz(k, b);
  }
  if (xorsign) {
    xs = (uint16_t)((a ^ b) & 0x8000);
    a &= 0x7fff;
    b &= 0x7fff;
  }
  bool nan_a = t_is_nan(k, a), nan_b = t_is_nan(k, b);
  if (nan_a && nan_b)
    return QNAN;
  if ((flags & ISA_FP_NAN) && (nan_a || nan_b))
    return QNAN;
  if (nan_a) {
    d = b;
  } else if (nan_b) {
    d = a;
  } else {
    double va = t_value(k, a), vb = t_value(k, b);
    /* -0 < +0 */
    bool a_lt_b = va < vb || (va == vb && (a & 0x8000) && !(b & 0x8000));
    bool b_lt_a = vb < va || (va == vb && (b & 0x8000) && !(a & 0x8000));
    d = is_max ? (b_lt_a ? a : b) : (a_lt_b ? a : b);
  }
  if (xorsign)
    d = (uint16_t)((d & 0x7fff) | xs);
  return d;
}

/* A long double rounded to nearest even in format k. */
static uint16_t ref_round_ld(int k, long double v)
{
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  if (fabsl(v) < 0x1p-200L) /* below half the smallest subnormal of both */
    return sign;
  if (fabsl(v) > 0x1p200L)
    return (uint16_t)(sign | tfmts[k].inf);
  int e;
  long double m = frexpl(fabsl(v), &e);
  uint64_t mant = (uint64_t)ldexpl(m, 64);
  mpz_set_ui(zc, (unsigned long)(mant >> 32));
  mpz_mul_2exp(zc, zc, 32);
  mpz_add_ui(zc, zc, (unsigned long)(mant & 0xffffffffu));
  mpz_mul_2exp(zc, zc, (unsigned long)(e - 64 + SCALE));
  if (sign)
    mpz_neg(zc, zc);
  return ref_round(k, zc, ISA_RN);
}

static uint16_t ref_ex2(int k, uint16_t a, unsigned flags)
{
  if (flags & FTZ)
    a = t_ftz(k, a);
  if (t_is_nan(k, a))
    return QNAN;
  uint16_t r = ref_round_ld(k, exp2l((long double)t_value(k, a)));
  return (flags & FTZ) ? t_ftz(k, r) : r;
}

static uint16_t ref_tanh(int k, uint16_t a)
{
  if (t_is_nan(k, a))
    return QNAN;
  return ref_round_ld(k, tanhl((long double)t_value(k, a)));
}

/* ---- harness ---------------------------------------------------------------- */

static void setup(void)
{
  mpz_inits(za, zb, zc, zs, zq, zr, zh, NULL);
}

static void teardown(void)
{
  mpz_clears(za, zb, zc, zs, zq, zr, zh, NULL);
}

/* Only formats the message on failure: the loops run millions of checks. */
#define EQ(got, want, ...)                                                               \
  do {                                                                                   \
    unsigned got_ = (unsigned)(got), want_ = (unsigned)(want);                           \
    if (got_ != want_) {                                                                 \
      char what_[256];                                                                   \
      snprintf(what_, sizeof what_, __VA_ARGS__);                                        \
      ck_abort_msg("%s: got %#06x want %#06x", what_, got_, want_);                      \
    }                                                                                    \
  } while (0)

typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA } binop;
static const char *const op_names[] = { "add", "sub", "mul", "fma" };

static uint16_t impl_op(binop op, int k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd,
                        unsigned fl)
{
  switch (op) {
  case OP_ADD:
    return isa_half_add((isa_half_kind)k, a, b, rnd, fl);
  case OP_SUB:
    return isa_half_sub((isa_half_kind)k, a, b, rnd, fl);
  case OP_MUL:
    return isa_half_mul((isa_half_kind)k, a, b, rnd, fl);
  default:
    return isa_half_fma((isa_half_kind)k, a, b, c, rnd, fl);
  }
}

static uint16_t ref_op(binop op, int k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd,
                       unsigned fl)
{
  switch (op) {
  case OP_ADD:
    return ref_add(k, a, b, rnd, fl);
  case OP_SUB:
    return ref_sub(k, a, b, rnd, fl);
  case OP_MUL:
    return ref_mul(k, a, b, rnd, fl);
  default:
    return ref_fma(k, a, b, c, rnd, fl);
  }
}

static void check_op(binop op, int k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd,
                     unsigned fl)
{
  EQ(impl_op(op, k, a, b, c, rnd, fl), ref_op(op, k, a, b, c, rnd, fl),
     "%s.%s.%s flags %#x (%#06x, %#06x, %#06x)", op_names[op], mode_names[rnd], kind_names[k], fl,
     a, b, c);
}

/* ---- hand-worked vectors ---------------------------------------------------- */

typedef struct hand_vec {
  binop op;
  int k;
  uint16_t a, b, c;
  isa_round rnd;
  unsigned flags;
  uint16_t want;
} hand_vec;

static const hand_vec hand[] = {
  /* f16: 1 + 1 = 2; 1 + 2^-11 is a tie (to even: 1; .rp: next up) */
  { OP_ADD, F16, 0x3c00, 0x3c00, 0, ISA_RN, 0, 0x4000 },
  { OP_ADD, F16, 0x3c00, 0x1000, 0, ISA_RN, 0, 0x3c00 },
  { OP_ADD, F16, 0x3c00, 0x1000, 0, ISA_RNA, 0, 0x3c01 },
  { OP_ADD, F16, 0x3c00, 0x1000, 0, ISA_RP, 0, 0x3c01 },
  { OP_ADD, F16, 0x3c00, 0x1000, 0, ISA_RZ, 0, 0x3c00 },
  { OP_ADD, F16, 0x3c01, 0x1000, 0, ISA_RN, 0, 0x3c02 },
  { OP_SUB, F16, 0xbc00, 0x1000, 0, ISA_RM, 0, 0xbc01 },
  /* 65504 + 16 is the tie above max (odd): Inf for .rn; 65504 + 8 is not */
  { OP_ADD, F16, 0x7bff, 0x4c00, 0, ISA_RN, 0, 0x7c00 },
  { OP_ADD, F16, 0x7bff, 0x4c00, 0, ISA_RZ, 0, 0x7bff },
  { OP_ADD, F16, 0x7bff, 0x4c00, 0, ISA_RM, 0, 0x7bff },
  { OP_ADD, F16, 0x7bff, 0x4c00, 0, ISA_RP, 0, 0x7c00 },
  { OP_SUB, F16, 0xfbff, 0x4c00, 0, ISA_RM, 0, 0xfc00 },
  { OP_SUB, F16, 0xfbff, 0x4c00, 0, ISA_RP, 0, 0xfbff },
  { OP_ADD, F16, 0x7bff, 0x4800, 0, ISA_RN, 0, 0x7bff },
  { OP_ADD, F16, 0x7bff, 0x4800, 0, ISA_RP, 0, 0x7c00 },
  /* subnormals, .ftz on inputs and results */
  { OP_ADD, F16, 0x0001, 0x0001, 0, ISA_RN, 0, 0x0002 },
  { OP_ADD, F16, 0x0001, 0x0001, 0, ISA_RN, FTZ, 0x0000 },
  { OP_ADD, F16, 0x8001, 0x8001, 0, ISA_RN, FTZ, 0x8000 },
  { OP_SUB, F16, 0x0400, 0x0001, 0, ISA_RN, 0, 0x03ff },
  { OP_SUB, F16, 0x0400, 0x0001, 0, ISA_RN, FTZ, 0x0400 },
  { OP_SUB, F16, 0x0401, 0x0400, 0, ISA_RN, 0, 0x0001 },
  { OP_SUB, F16, 0x0401, 0x0400, 0, ISA_RN, FTZ, 0x0000 },
  { OP_SUB, F16, 0x0400, 0x0401, 0, ISA_RN, FTZ, 0x8000 },
  { OP_ADD, F16, 0x03ff, 0x0001, 0, ISA_RN, FTZ, 0x0000 }, /* inputs flush first */
  /* signed zeros */
  { OP_ADD, F16, 0x3c00, 0xbc00, 0, ISA_RN, 0, 0x0000 },
  { OP_ADD, F16, 0x3c00, 0xbc00, 0, ISA_RM, 0, 0x8000 },
  { OP_ADD, F16, 0x8000, 0x8000, 0, ISA_RN, 0, 0x8000 },
  { OP_ADD, F16, 0x0000, 0x8000, 0, ISA_RN, 0, 0x0000 },
  { OP_ADD, F16, 0x0000, 0x8000, 0, ISA_RM, 0, 0x8000 },
  { OP_SUB, F16, 0x8000, 0x0000, 0, ISA_RN, 0, 0x8000 },
  /* Inf and NaN */
  { OP_ADD, F16, 0x7c00, 0xfc00, 0, ISA_RN, 0, QNAN },
  { OP_ADD, F16, 0x7c00, 0x7c00, 0, ISA_RN, 0, 0x7c00 },
  { OP_SUB, F16, 0x7c00, 0x7c00, 0, ISA_RN, 0, QNAN },
  { OP_ADD, F16, 0xfc00, 0x3c00, 0, ISA_RZ, 0, 0xfc00 },
  { OP_ADD, F16, 0x7c01, 0x3c00, 0, ISA_RN, 0, QNAN },
  { OP_ADD, F16, 0x3c00, 0xfe00, 0, ISA_RN, 0, QNAN },
  /* .sat */
  { OP_ADD, F16, 0x3c00, 0x3c00, 0, ISA_RN, SAT, 0x3c00 },
  { OP_ADD, F16, 0x3800, 0x3400, 0, ISA_RN, SAT, 0x3a00 },
  { OP_ADD, F16, 0xbc00, 0x0000, 0, ISA_RN, SAT, 0x0000 },
  { OP_ADD, F16, 0x8000, 0x8000, 0, ISA_RN, SAT, 0x0000 },
  { OP_ADD, F16, 0x7e00, 0x3c00, 0, ISA_RN, SAT, 0x0000 },
  { OP_SUB, F16, 0x7c00, 0x7c00, 0, ISA_RN, SAT, 0x0000 },
  { OP_ADD, F16, 0x7c00, 0x3c00, 0, ISA_RN, SAT, 0x3c00 },
  { OP_ADD, F16, 0x0001, 0x0000, 0, ISA_RN, SAT, 0x0001 },
  { OP_ADD, F16, 0x0001, 0x0000, 0, ISA_RN, SAT | FTZ, 0x0000 },
  /* mul: 2 * 3; 2^-24 * 0.5 is a tie with 0; 3*2^-24 * 0.5 a tie with 2 */
  { OP_MUL, F16, 0x4000, 0x4200, 0, ISA_RN, 0, 0x4600 },
  { OP_MUL, F16, 0x0001, 0x3800, 0, ISA_RN, 0, 0x0000 },
  { OP_MUL, F16, 0x0001, 0x3800, 0, ISA_RP, 0, 0x0001 },
  { OP_MUL, F16, 0x0001, 0x3800, 0, ISA_RNA, 0, 0x0001 },
  { OP_MUL, F16, 0x8001, 0x3800, 0, ISA_RM, 0, 0x8001 },
  { OP_MUL, F16, 0x8001, 0x3800, 0, ISA_RN, 0, 0x8000 },
  { OP_MUL, F16, 0x0003, 0x3800, 0, ISA_RN, 0, 0x0002 },
  { OP_MUL, F16, 0x0000, 0x7c00, 0, ISA_RN, 0, QNAN },
  { OP_MUL, F16, 0xc000, 0x0000, 0, ISA_RN, 0, 0x8000 },
  { OP_MUL, F16, 0x5c00, 0x5c00, 0, ISA_RN, 0, 0x7c00 }, /* 256 * 256 */
  { OP_MUL, F16, 0x5c00, 0x5c00, 0, ISA_RZ, 0, 0x7bff },
  { OP_MUL, F16, 0x5c00, 0xdc00, 0, ISA_RP, 0, 0xfbff },
  { OP_MUL, F16, 0x3bff, 0x0400, 0, ISA_RN, 0, 0x0400 }, /* rounds up to min normal */
  { OP_MUL, F16, 0x3bff, 0x0400, 0, ISA_RN, FTZ, 0x0400 },
  { OP_MUL, F16, 0x3bff, 0x0400, 0, ISA_RZ, FTZ, 0x0000 },
  /* fma: (1+2^-10)^2 - 1 = 2^-9 + 2^-20, a tie */
  { OP_FMA, F16, 0x3c01, 0x3c01, 0xbc00, ISA_RN, 0, 0x1800 },
  { OP_FMA, F16, 0x3c01, 0x3c01, 0xbc00, ISA_RP, 0, 0x1801 },
  /* 65504 +- 2^-24: 40 bits apart */
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x8001, ISA_RN, 0, 0x7bff },
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x8001, ISA_RZ, 0, 0x7bfe },
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x8001, ISA_RM, 0, 0x7bfe },
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x8001, ISA_RP, 0, 0x7bff },
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x0001, ISA_RP, 0, 0x7c00 },
  { OP_FMA, F16, 0x7bff, 0x3c00, 0x0001, ISA_RN, 0, 0x7bff },
  { OP_FMA, F16, 0x0001, 0x0001, 0x3c00, ISA_RP, 0, 0x3c01 }, /* 1 + 2^-48 */
  { OP_FMA, F16, 0x0001, 0x8001, 0x3c00, ISA_RZ, 0, 0x3bff },
  { OP_FMA, F16, 0x0001, 0x8001, 0x0000, ISA_RN, 0, 0x8000 },
  { OP_FMA, F16, 0x0001, 0x8001, 0x0000, ISA_RM, 0, 0x8001 },
  /* fma zeros and .relu */
  { OP_FMA, F16, 0x0000, 0x4500, 0x8000, ISA_RN, 0, 0x0000 },
  { OP_FMA, F16, 0x0000, 0x4500, 0x8000, ISA_RM, 0, 0x8000 },
  { OP_FMA, F16, 0x8000, 0x4500, 0x8000, ISA_RN, 0, 0x8000 },
  { OP_FMA, F16, 0x3c00, 0xbc00, 0x3c00, ISA_RN, 0, 0x0000 },
  { OP_FMA, F16, 0xbc00, 0x3c00, 0x3800, ISA_RN, RELU, 0x0000 },
  { OP_FMA, F16, 0xbc00, 0x3c00, 0x4000, ISA_RN, RELU, 0x3c00 },
  { OP_FMA, F16, 0x8000, 0x3c00, 0x8000, ISA_RN, RELU, 0x0000 },
  { OP_FMA, F16, 0x7e00, 0x3c00, 0x3c00, ISA_RN, RELU, QNAN },
  { OP_FMA, F16, 0xfc00, 0x3c00, 0x3c00, ISA_RN, RELU, 0x0000 },
  { OP_FMA, F16, 0x8400, 0x3800, 0x0000, ISA_RN, RELU | FTZ, 0x0000 },
  { OP_FMA, F16, 0x3c00, 0x3c00, 0x3c00, ISA_RN, SAT, 0x3c00 },
  /* fma Inf / NaN */
  { OP_FMA, F16, 0x7c00, 0x0000, 0x3c00, ISA_RN, 0, QNAN },
  { OP_FMA, F16, 0x7c00, 0x3c00, 0xfc00, ISA_RN, 0, QNAN },
  { OP_FMA, F16, 0x7c00, 0xbc00, 0xfc00, ISA_RN, 0, 0xfc00 },
  { OP_FMA, F16, 0x3c00, 0x3c00, 0x7c00, ISA_RN, 0, 0x7c00 },
  { OP_FMA, F16, 0x7bff, 0x7bff, 0xfc00, ISA_RN, 0, 0xfc00 }, /* finite overflow + -Inf */
  { OP_FMA, F16, 0x7c00, 0x3c00, 0x7c01, ISA_RN, 0, QNAN },
  { OP_FMA, F16, 0x7bff, 0x7bff, 0xfbff, ISA_RZ, 0, 0x7bff },
  /* bf16: 1 + 2^-8 tie; max + half ulp; operands 100 binades apart */
  { OP_ADD, BF16, 0x3f80, 0x3b80, 0, ISA_RN, 0, 0x3f80 },
  { OP_ADD, BF16, 0x3f80, 0x3b80, 0, ISA_RP, 0, 0x3f81 },
  { OP_ADD, BF16, 0x3f81, 0x3b80, 0, ISA_RN, 0, 0x3f82 },
  { OP_ADD, BF16, 0x7f7f, 0x7b00, 0, ISA_RN, 0, 0x7f80 },
  { OP_ADD, BF16, 0x7f7f, 0x7b00, 0, ISA_RZ, 0, 0x7f7f },
  { OP_ADD, BF16, 0x3f80, 0x0d80, 0, ISA_RN, 0, 0x3f80 },
  { OP_ADD, BF16, 0x3f80, 0x0d80, 0, ISA_RP, 0, 0x3f81 },
  { OP_SUB, BF16, 0x3f80, 0x0d80, 0, ISA_RN, 0, 0x3f80 },
  { OP_SUB, BF16, 0x3f80, 0x0d80, 0, ISA_RZ, 0, 0x3f7f },
  { OP_SUB, BF16, 0x3f80, 0x0d80, 0, ISA_RM, 0, 0x3f7f },
  { OP_SUB, BF16, 0x7f7f, 0x0001, 0, ISA_RZ, 0, 0x7f7e },
  { OP_ADD, BF16, 0xff7f, 0x8001, 0, ISA_RM, 0, 0xff80 },
  { OP_SUB, BF16, 0x0080, 0x0001, 0, ISA_RN, 0, 0x007f },
  { OP_MUL, BF16, 0x0001, 0x3f00, 0, ISA_RN, 0, 0x0000 },
  { OP_MUL, BF16, 0x0001, 0x3f00, 0, ISA_RP, 0, 0x0001 },
  { OP_MUL, BF16, 0x0001, 0x0001, 0, ISA_RP, 0, 0x0001 }, /* 2^-266 */
  { OP_MUL, BF16, 0x0001, 0x8001, 0, ISA_RN, 0, 0x8000 },
  { OP_MUL, BF16, 0x7f00, 0x4000, 0, ISA_RN, 0, 0x7f80 },
  { OP_MUL, BF16, 0x7f00, 0x4000, 0, ISA_RZ, 0, 0x7f7f },
  { OP_MUL, BF16, 0x7f00, 0x3f80, 0, ISA_RZ, 0, 0x7f00 },
  { OP_FMA, BF16, 0x3f81, 0x3f81, 0xbf80, ISA_RN, 0, 0x3c80 }, /* 2^-6 + 2^-14: a tie */
  { OP_FMA, BF16, 0x3f81, 0x3f81, 0xbf80, ISA_RP, 0, 0x3c81 },
  { OP_FMA, BF16, 0x0001, 0x0001, 0x7f7f, ISA_RP, 0, 0x7f80 },
  { OP_FMA, BF16, 0x0001, 0x8001, 0x7f7f, ISA_RN, 0, 0x7f7f },
  { OP_FMA, BF16, 0x0001, 0x8001, 0x7f7f, ISA_RZ, 0, 0x7f7e },
  /* a*b a tie, c far below it: c decides (double rounding would not see it) */
  { OP_FMA, BF16, 0x3fc0, 0x3f81, 0x0001, ISA_RN, 0, 0x3fc2 },
  { OP_FMA, BF16, 0x3fc0, 0x3f81, 0x8001, ISA_RN, 0, 0x3fc1 },
  { OP_FMA, BF16, 0x3fc0, 0x3f83, 0x0001, ISA_RN, 0, 0x3fc5 },
  { OP_FMA, BF16, 0x3fc0, 0x3f83, 0x8001, ISA_RN, 0, 0x3fc4 },
  { OP_FMA, BF16, 0xbfc0, 0x3f83, 0x8001, ISA_RN, 0, 0xbfc5 },
  { OP_FMA, BF16, 0xbfc0, 0x3f83, 0x0001, ISA_RN, 0, 0xbfc4 },
  { OP_FMA, BF16, 0x3fc0, 0x3f83, 0x0001, ISA_RNA, 0, 0x3fc5 },
  { OP_FMA, BF16, 0x3fc0, 0x3f83, 0x8001, ISA_RNA, 0, 0x3fc4 },
  { OP_FMA, BF16, 0xbf80, 0x3f80, 0x3f00, ISA_RN, RELU, 0x0000 },
  { OP_FMA, BF16, 0xff80, 0x0000, 0x3f00, ISA_RN, RELU, QNAN },
  { OP_FMA, BF16, 0xffc0, 0x3f80, 0x3f00, ISA_RN, 0, QNAN },
};

START_TEST(t_hand)
{
  const hand_vec *v = &hand[_i];
  EQ(impl_op(v->op, v->k, v->a, v->b, v->c, v->rnd, v->flags), v->want,
     "hand %d: %s.%s.%s flags %#x (%#06x, %#06x, %#06x)", _i, op_names[v->op],
     mode_names[v->rnd], kind_names[v->k], v->flags, v->a, v->b, v->c);
  /* the reference must agree with the hand too, or one of them is wrong */
  EQ(ref_op(v->op, v->k, v->a, v->b, v->c, v->rnd, v->flags), v->want,
     "reference, hand %d", _i);
}
END_TEST

/* ---- random vectors ------------------------------------------------------------- */

static const unsigned flag_sets[] = { 0, FTZ, SAT, FTZ | SAT, RELU, FTZ | RELU };

/* Each vector in all five modes, then with a random flag set and mode. */
static void run_random(binop op, int k)
{
  for (int i = 0; i < N_RANDOM; i++) {
    uint16_t a = rand_half(k), b = rand_partner(k, a), c = 0;
    if (op == OP_FMA) {
      uint64_t r = rng_next();
      int pf = field_of(k, a) + field_of(k, b) - tfmts[k].bias;
      switch (r % 5) {
      case 0:
        c = rand_half(k);
        break;
      case 1: /* the rounding error of a*b, exactly */
        c = (uint16_t)(ref_mul(k, a, b, modes[(r >> 8) % 5], 0) ^ 0x8000);
        break;
      case 2: /* far below a*b: only its sign and presence matter */
        c = rand_near(k, pf - 60, 20);
        break;
      default:
        c = rand_near(k, pf, 14);
        break;
      }
    }
    for (unsigned m = 0; m < sizeof modes / sizeof modes[0]; m++)
      check_op(op, k, a, b, c, modes[m], 0);
    uint64_t r = rng_next();
    check_op(op, k, a, b, c, modes[r % 5],
             flag_sets[(r >> 8) % (op == OP_FMA ? 6 : 4)]);
  }
}

START_TEST(t_random_add)
{
  rng_seed(0x100 + (uint64_t)_i);
  run_random(OP_ADD, _i);
}
END_TEST

START_TEST(t_random_sub)
{
  rng_seed(0x200 + (uint64_t)_i);
  run_random(OP_SUB, _i);
}
END_TEST

START_TEST(t_random_mul)
{
  rng_seed(0x300 + (uint64_t)_i);
  run_random(OP_MUL, _i);
}
END_TEST

START_TEST(t_random_fma)
{
  rng_seed(0x400 + (uint64_t)_i);
  run_random(OP_FMA, _i);
}
END_TEST

/* ---- neg, abs: all inputs ---------------------------------------------------- */

START_TEST(t_neg_abs)
{
  int k = _i;
  for (uint32_t a = 0; a < 0x10000; a++) {
    uint16_t h = (uint16_t)a, f = t_ftz(k, h);
    EQ(isa_half_neg((isa_half_kind)k, h, 0), h ^ 0x8000, "neg.%s %#06x", kind_names[k], h);
    EQ(isa_half_abs((isa_half_kind)k, h, 0), h & 0x7fff, "abs.%s %#06x", kind_names[k], h);
    EQ(isa_half_neg((isa_half_kind)k, h, FTZ), f ^ 0x8000, "neg.ftz.%s %#06x", kind_names[k], h);
    EQ(isa_half_abs((isa_half_kind)k, h, FTZ), f & 0x7fff, "abs.ftz.%s %#06x", kind_names[k], h);
  }
  /* payloads survive; .ftz flushes subnormals to signed zeros */
  EQ(isa_half_neg(F16, 0x7c01, 0), 0xfc01, "neg NaN payload");
  EQ(isa_half_abs(F16, 0xfe00, FTZ), 0x7e00, "abs NaN payload");
  EQ(isa_half_neg(F16, 0x0001, FTZ), 0x8000, "neg.ftz subnormal");
  EQ(isa_half_abs(F16, 0x83ff, FTZ), 0x0000, "abs.ftz subnormal");
  EQ(isa_half_neg(BF16, 0x0000, 0), 0x8000, "neg +0");
}
END_TEST

/* ---- min, max ---------------------------------------------------------------- */

typedef struct mm_vec {
  bool is_max;
  int k;
  uint16_t a, b;
  unsigned flags;
  uint16_t want;
} mm_vec;

#define XSA ISA_FP_XORSIGN_ABS
#define NANF ISA_FP_NAN
static const mm_vec mm_hand[] = {
  { false, F16, 0x8000, 0x0000, 0, 0x8000 },
  { false, F16, 0x0000, 0x8000, 0, 0x8000 },
  { true, F16, 0x8000, 0x0000, 0, 0x0000 },
  { true, F16, 0x0000, 0x8000, 0, 0x0000 },
  { false, F16, 0x7e00, 0x3c00, 0, 0x3c00 },
  { true, F16, 0x3c00, 0xfc01, 0, 0x3c00 },
  { false, F16, 0x7e00, 0x3c00, NANF, QNAN },
  { true, F16, 0x3c00, 0xfc01, NANF, QNAN },
  { false, F16, 0x7e00, 0xfe01, 0, QNAN },
  { true, F16, 0xfe00, 0xfc00, 0, 0xfc00 },
  { false, F16, 0xc000, 0x4200, XSA, 0xc000 }, /* -(min(2, 3)) */
  { true, F16, 0xc000, 0x4200, XSA, 0xc200 },
  { false, F16, 0xc000, 0xc200, XSA, 0x4000 },
  { false, F16, 0xfe00, 0xc200, XSA, 0x4200 }, /* NaN's sign counts in xorsign */
  { false, F16, 0xfe00, 0xc200, XSA | NANF, QNAN },
  { false, F16, 0x8001, 0x0001, 0, 0x8001 },
  { false, F16, 0x8001, 0x0001, FTZ, 0x8000 },
  { true, F16, 0x0001, 0x8002, FTZ, 0x0000 },
  { true, F16, 0x0001, 0x0002, 0, 0x0002 },
  { false, F16, 0x7c00, 0x7bff, 0, 0x7bff },
  { false, BF16, 0xff80, 0x7f80, 0, 0xff80 },
  { true, BF16, 0xff80, 0x7f80, 0, 0x7f80 },
  { true, BF16, 0x7fc0, 0xbf80, 0, 0xbf80 },
  { true, BF16, 0x7fc0, 0xbf80, NANF, QNAN },
  { false, BF16, 0xbf80, 0x3f80, XSA, 0xbf80 },
  { true, BF16, 0xbf80, 0x4000, XSA, 0xc000 },
};

START_TEST(t_minmax_hand)
{
  const mm_vec *v = &mm_hand[_i];
  uint16_t got = v->is_max ? isa_half_max((isa_half_kind)v->k, v->a, v->b, v->flags)
                           : isa_half_min((isa_half_kind)v->k, v->a, v->b, v->flags);
  EQ(got, v->want, "hand %d: %s.%s flags %#x (%#06x, %#06x)", _i, v->is_max ? "max" : "min",
     kind_names[v->k], v->flags, v->a, v->b);
  EQ(ref_minmax(v->k, v->a, v->b, v->flags, v->is_max), v->want, "reference, hand %d", _i);
}
END_TEST

START_TEST(t_minmax_random)
{
  int k = _i;
  static const unsigned mm_flags[] = { 0, FTZ, NANF, XSA, FTZ | NANF, FTZ | XSA, NANF | XSA,
                                       FTZ | NANF | XSA };
  rng_seed(0x500 + (uint64_t)k);
  for (int i = 0; i < 4 * N_RANDOM; i++) {
    uint16_t a = rand_half(k), b = (i & 1) ? rand_partner(k, a) : rand_half(k);
    if ((i & 7) == 2) /* same magnitude, maybe other sign */
      b = (uint16_t)(a ^ ((rng_next() & 1) << 15));
    unsigned fl = mm_flags[i % 8];
    EQ(isa_half_min((isa_half_kind)k, a, b, fl), ref_minmax(k, a, b, fl, false),
       "min.%s flags %#x (%#06x, %#06x)", kind_names[k], fl, a, b);
    EQ(isa_half_max((isa_half_kind)k, a, b, fl), ref_minmax(k, a, b, fl, true),
       "max.%s flags %#x (%#06x, %#06x)", kind_names[k], fl, a, b);
  }
}
END_TEST

/* ---- ex2, tanh: all inputs ----------------------------------------------------- */

START_TEST(t_approx_all)
{
  int k = _i;
  for (uint32_t a = 0; a < 0x10000; a++) {
    uint16_t h = (uint16_t)a;
    EQ(isa_half_ex2_approx((isa_half_kind)k, h, 0), ref_ex2(k, h, 0), "ex2.%s %#06x",
       kind_names[k], h);
    EQ(isa_half_ex2_approx((isa_half_kind)k, h, FTZ), ref_ex2(k, h, FTZ), "ex2.ftz.%s %#06x",
       kind_names[k], h);
    EQ(isa_half_tanh_approx((isa_half_kind)k, h), ref_tanh(k, h), "tanh.%s %#06x",
       kind_names[k], h);
  }
}
END_TEST

/* The special-case tables of PTX ISA ex2 and tanh, and a few values. */
START_TEST(t_approx_hand)
{
  /* ex2.approx.f16: -Inf +0, -0 +1, +0 +1, +Inf +Inf, NaN NaN */
  EQ(isa_half_ex2_approx(F16, 0xfc00, 0), 0x0000, "ex2 -Inf");
  EQ(isa_half_ex2_approx(F16, 0x8000, 0), 0x3c00, "ex2 -0");
  EQ(isa_half_ex2_approx(F16, 0x0000, 0), 0x3c00, "ex2 +0");
  EQ(isa_half_ex2_approx(F16, 0x7c00, 0), 0x7c00, "ex2 +Inf");
  EQ(isa_half_ex2_approx(F16, 0x7c01, 0), QNAN, "ex2 NaN");
  EQ(isa_half_ex2_approx(F16, 0x3c00, 0), 0x4000, "ex2 1");
  EQ(isa_half_ex2_approx(F16, 0x4b80, 0), 0x7800, "ex2 15");
  EQ(isa_half_ex2_approx(F16, 0x4c00, 0), 0x7c00, "ex2 16");
  EQ(isa_half_ex2_approx(F16, 0xce00, 0), 0x0001, "ex2 -24: subnormal result");
  EQ(isa_half_ex2_approx(F16, 0xce40, 0), 0x0000, "ex2 -25: tie to even 0");
  EQ(isa_half_ex2_approx(F16, 0x3800, 0), 0x3da8, "ex2 0.5 = sqrt 2");
  /* ex2.approx.ftz.bf16: -subnormal +1, +subnormal +1, subnormal result +0 */
  EQ(isa_half_ex2_approx(BF16, 0xff80, FTZ), 0x0000, "bf16 ex2 -Inf");
  EQ(isa_half_ex2_approx(BF16, 0x8001, FTZ), 0x3f80, "bf16 ex2 -subnormal");
  EQ(isa_half_ex2_approx(BF16, 0x007f, FTZ), 0x3f80, "bf16 ex2 +subnormal");
  EQ(isa_half_ex2_approx(BF16, 0x8000, FTZ), 0x3f80, "bf16 ex2 -0");
  EQ(isa_half_ex2_approx(BF16, 0x7f80, FTZ), 0x7f80, "bf16 ex2 +Inf");
  EQ(isa_half_ex2_approx(BF16, 0xffc1, FTZ), QNAN, "bf16 ex2 NaN");
  EQ(isa_half_ex2_approx(BF16, 0xc2fe, FTZ), 0x0000, "bf16 ex2 -127 flushed");
  EQ(isa_half_ex2_approx(BF16, 0xc2fe, 0), 0x0040, "bf16 ex2 -127 without ftz");
  EQ(isa_half_ex2_approx(BF16, 0xc2fc, FTZ), 0x0080, "bf16 ex2 -126");
  EQ(isa_half_ex2_approx(BF16, 0x4300, FTZ), 0x7f80, "bf16 ex2 128");
  /* tanh.approx: +-Inf +-1, +-0 kept, NaN NaN, subnormals pass */
  EQ(isa_half_tanh_approx(F16, 0xfc00), 0xbc00, "tanh -Inf");
  EQ(isa_half_tanh_approx(F16, 0x7c00), 0x3c00, "tanh +Inf");
  EQ(isa_half_tanh_approx(F16, 0x8000), 0x8000, "tanh -0");
  EQ(isa_half_tanh_approx(F16, 0x0000), 0x0000, "tanh +0");
  EQ(isa_half_tanh_approx(F16, 0x7e00), QNAN, "tanh NaN");
  EQ(isa_half_tanh_approx(F16, 0x0001), 0x0001, "tanh subnormal");
  EQ(isa_half_tanh_approx(F16, 0x4900), 0x3c00, "tanh 10");
  EQ(isa_half_tanh_approx(F16, 0x3c00), 0x3a18, "tanh 1 = 0.76159");
  EQ(isa_half_tanh_approx(BF16, 0xff80), 0xbf80, "bf16 tanh -Inf");
  EQ(isa_half_tanh_approx(BF16, 0x8001), 0x8001, "bf16 tanh subnormal");
  EQ(isa_half_tanh_approx(BF16, 0xffc0), QNAN, "bf16 tanh NaN");
}
END_TEST

static Suite *fp_half_suite(void)
{
  Suite *s = suite_create("fp_half");
  struct {
    const char *name;
    const TTest *fn;
    int n;
  } cases[] = {
    { "hand", t_hand, (int)(sizeof hand / sizeof hand[0]) },
    { "random_add", t_random_add, 2 },
    { "random_sub", t_random_sub, 2 },
    { "random_mul", t_random_mul, 2 },
    { "random_fma", t_random_fma, 2 },
    { "neg_abs", t_neg_abs, 2 },
    { "minmax_hand", t_minmax_hand, (int)(sizeof mm_hand / sizeof mm_hand[0]) },
    { "minmax_random", t_minmax_random, 2 },
    { "approx_all", t_approx_all, 2 },
    { "approx_hand", t_approx_hand, 1 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, cases[i].fn, 0, cases[i].n);
    suite_add_tcase(s, tc);
  }
  return s;
}

int main(void)
{
  SRunner *sr = srunner_create(fp_half_suite());
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
