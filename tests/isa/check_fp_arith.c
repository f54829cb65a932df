/* check_fp_arith.c -- tests for isa/fp_arith.h (fp_arith.c, fp_soft.c,
 * fp_approx.c).
 *
 * The rounded operations are checked against a reference written here
 * from IEEE 754 and the PTX pages: GMP forms the exact result (sums,
 * products and fma exactly; quotients and square roots as an integer part
 * plus a remainder flag), and round_to() below rounds it to binary32,
 * binary64 or the 1.11.20 word of the f64 .approx.ftz forms, in each
 * direction, with subnormals and overflow.  It shares no code with the
 * 128-bit core under test.  Inputs: every pair (triple for fma) of an edge
 * list, then N_RANDOM vectors per operation, mode and format from a
 * fixed-seed generator that mixes raw bit patterns, specials, subnormals,
 * short significands (exact ties) and near-cancelling operands.
 * The .approx functions are held to the ISA's error bounds against long
 * double libm, or to the exact reference where we promise correct
 * rounding, and to the ISA's special-case tables.
 */
#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa/fp_arith.h"

#define N_RANDOM 50000
#define N_APPROX 200000

_Static_assert(sizeof(unsigned long) == 8, "mpz_get_ui/set_ui carry 64 bits");

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

static uint64_t mask64(unsigned n)
{
  return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

/* ---- formats ------------------------------------------------------------------ */

/* p: significand bits with the hidden one; emin/emax: unbiased exponents
 * of the smallest normal and largest finite binade. */
typedef struct rfmt {
  unsigned p, ebits;
  int emin, emax;
} rfmt;

static const rfmt R32 = { 24, 8, -126, 127 };
static const rfmt R64 = { 53, 11, -1022, 1023 };
static const rfmt R64HI = { 21, 11, -1022, 1023 }; /* a[63:32] of rcp.approx.ftz.f64 */

static unsigned width(const rfmt *f)
{
  return f->p + f->ebits;
}

static uint64_t sign_of(const rfmt *f)
{
  return UINT64_C(1) << (width(f) - 1);
}

static uint64_t inf_of(const rfmt *f)
{
  return mask64(f->ebits) << (f->p - 1);
}

static uint64_t max_of(const rfmt *f)
{
  return inf_of(f) - 1;
}

static uint64_t efield(const rfmt *f, uint64_t x)
{
  return (x >> (f->p - 1)) & mask64(f->ebits);
}

static uint64_t frac(const rfmt *f, uint64_t x)
{
  return x & mask64(f->p - 1);
}

static bool is_nan(const rfmt *f, uint64_t x)
{
  return efield(f, x) == mask64(f->ebits) && frac(f, x) != 0;
}

static bool is_sub(const rfmt *f, uint64_t x)
{
  return efield(f, x) == 0 && frac(f, x) != 0;
}

static uint64_t flush(const rfmt *f, uint64_t x)
{
  return efield(f, x) == 0 ? x & sign_of(f) : x;
}

enum { C_ZERO, C_FIN, C_INF, C_NAN };

/* Class and, for finite values, the exact value m * 2^e (m signed). */
static int decode(const rfmt *f, uint64_t x, mpz_t m, long *e)
{
  uint64_t ef = efield(f, x), fr = frac(f, x);
  if (ef == mask64(f->ebits))
    return fr ? C_NAN : C_INF;
  if (ef == 0 && fr == 0)
    return C_ZERO;
  mpz_set_ui(m, ef ? fr | (UINT64_C(1) << (f->p - 1)) : fr);
  if (x & sign_of(f))
    mpz_neg(m, m);
  *e = (ef ? (long)ef : 1L) - (1L - f->emin) - (long)(f->p - 1);
  return C_FIN;
}

static bool neg_of(const rfmt *f, uint64_t x)
{
  return (x & sign_of(f)) != 0;
}

/* ---- the reference rounding ---------------------------------------------- */

static mpz_t g_t, g_u, g_v, g_w, g_x, g_y, g_z;

/* Rounds (q + d) * 2^e, q > 0 an integer and 0 < d < 1 when sticky (d = 0
 * otherwise), to f in direction rnd.  q is clobbered.  With sticky set, q
 * must have at least p+2 bits. */
static uint64_t round_to(const rfmt *f, bool neg, mpz_t q, long e, bool sticky, isa_round rnd)
{
  uint64_t sign = neg ? sign_of(f) : 0;
  long nb = (long)mpz_sizeinbase(q, 2);
  long top = e + nb - 1;
  long qexp = (top < f->emin ? f->emin : top) - (long)(f->p - 1); /* weight of the result's ulp */
  long shift = qexp - e;
  bool rbit = false, sbit = sticky;
  ck_assert(mpz_sgn(q) > 0);
  ck_assert(!sticky || nb >= (long)f->p + 2);
  if (shift > 0) {
    rbit = mpz_tstbit(q, (mp_bitcnt_t)(shift - 1)) != 0;
    if (shift >= 2 && mpz_scan1(q, 0) < (mp_bitcnt_t)(shift - 1))
      sbit = true;
    mpz_fdiv_q_2exp(q, q, (mp_bitcnt_t)shift);
  } else {
    mpz_mul_2exp(q, q, (mp_bitcnt_t)-shift);
  }
  uint64_t m = mpz_get_ui(q);
  bool up;
  switch (rnd) {
  case ISA_RN:
    up = rbit && (sbit || (m & 1));
    break;
  case ISA_RZ:
    up = false;
    break;
  case ISA_RM:
    up = neg && (rbit || sbit);
    break;
  case ISA_RP:
    up = !neg && (rbit || sbit);
    break;
  default:
    ck_abort_msg("mode");
    up = false;
  }
  m += up;
  if (m >> f->p) {
    m >>= 1;
    qexp++;
  }
  bool is_normal = (m >> (f->p - 1)) != 0;
  long biased = is_normal ? qexp + (long)(f->p - 1) - f->emin + 1 : 0;
  if (biased >= (long)mask64(f->ebits)) {
    bool to_inf = rnd == ISA_RN || (rnd == ISA_RM && neg) || (rnd == ISA_RP && !neg);
    return sign | (to_inf ? inf_of(f) : max_of(f));
  }
  return sign | ((uint64_t)biased << (f->p - 1)) | (m & mask64(f->p - 1));
}

/* Rounds the signed exact value m * 2^e; m = 0 gives the zero of an exact
 * cancellation (IEEE 754 §6.3: +0, or -0 toward -Inf). */
static uint64_t round_exact(const rfmt *f, mpz_t m, long e, isa_round rnd)
{
  if (mpz_sgn(m) == 0)
    return rnd == ISA_RM ? sign_of(f) : 0;
  bool neg = mpz_sgn(m) < 0;
  mpz_abs(m, m);
  return round_to(f, neg, m, e, false, rnd);
}

/* m1 * 2^e1 + m2 * 2^e2 into (m1, *e1). */
static void exact_add(mpz_t m1, long *e1, mpz_t m2, long e2)
{
  if (*e1 > e2) {
    mpz_mul_2exp(m1, m1, (mp_bitcnt_t)(*e1 - e2));
    *e1 = e2;
  } else {
    mpz_mul_2exp(m2, m2, (mp_bitcnt_t)(e2 - *e1));
  }
  mpz_add(m1, m1, m2);
}

/* ---- the reference operations ------------------------------------------------ */

enum op { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_DIV, OP_RCP, OP_SQRT, OP_RSQRT, N_OPS };
static const char *const op_names[N_OPS] = { "add", "sub", "mul", "fma", "div", "rcp", "sqrt", "rsqrt" };
static const unsigned op_arity[N_OPS] = { 2, 2, 2, 3, 2, 1, 1, 1 };
static const char *const rnd_names[] = { "rn", "rz", "rm", "rp" };

#define REF_NAN UINT64_C(0xdeadbeef) /* not a result: "invalid, NaN" (never a NaN input) */

static uint64_t zero(const rfmt *f, bool neg)
{
  return neg ? sign_of(f) : 0;
}

static uint64_t inf(const rfmt *f, bool neg)
{
  return zero(f, neg) | inf_of(f);
}

/* x + y for non-NaN x, y of f (IEEE 754 §6). */
static uint64_t ref_add(const rfmt *f, uint64_t x, uint64_t y, isa_round rnd)
{
  long ex, ey;
  int cx = decode(f, x, g_x, &ex), cy = decode(f, y, g_y, &ey);
  if (cx == C_INF && cy == C_INF)
    return neg_of(f, x) == neg_of(f, y) ? x : REF_NAN;
  if (cx == C_INF)
    return x;
  if (cy == C_INF)
    return y;
  if (cx == C_ZERO && cy == C_ZERO)
    return zero(f, neg_of(f, x) == neg_of(f, y) ? neg_of(f, x) : rnd == ISA_RM);
  if (cx == C_ZERO)
    return y;
  if (cy == C_ZERO)
    return x;
  exact_add(g_x, &ex, g_y, ey);
  return round_exact(f, g_x, ex, rnd);
}

static uint64_t ref_mul(const rfmt *f, uint64_t x, uint64_t y, isa_round rnd)
{
  long ex, ey;
  int cx = decode(f, x, g_x, &ex), cy = decode(f, y, g_y, &ey);
  bool neg = neg_of(f, x) != neg_of(f, y);
  if ((cx == C_INF && cy == C_ZERO) || (cx == C_ZERO && cy == C_INF))
    return REF_NAN;
  if (cx == C_INF || cy == C_INF)
    return inf(f, neg);
  if (cx == C_ZERO || cy == C_ZERO)
    return zero(f, neg);
  mpz_mul(g_x, g_x, g_y);
  return round_exact(f, g_x, ex + ey, rnd);
}

static uint64_t ref_fma(const rfmt *f, uint64_t x, uint64_t y, uint64_t z, isa_round rnd)
{
  long ex, ey, ez;
  int cx = decode(f, x, g_x, &ex), cy = decode(f, y, g_y, &ey), cz = decode(f, z, g_z, &ez);
  bool pneg = neg_of(f, x) != neg_of(f, y);
  int cp = (cx == C_INF || cy == C_INF)    ? C_INF
           : (cx == C_ZERO || cy == C_ZERO) ? C_ZERO
                                            : C_FIN;
  if (cp == C_INF && (cx == C_ZERO || cy == C_ZERO))
    return REF_NAN;
  if (cp == C_INF)
    return cz == C_INF && neg_of(f, z) != pneg ? REF_NAN : inf(f, pneg);
  if (cz == C_INF)
    return z;
  if (cp == C_ZERO)
    return cz == C_ZERO ? zero(f, pneg == neg_of(f, z) ? pneg : rnd == ISA_RM) : z;
  mpz_mul(g_x, g_x, g_y);
  ex += ey;
  if (cz == C_FIN)
    exact_add(g_x, &ex, g_z, ez);
  return round_exact(f, g_x, ex, rnd);
}

static uint64_t ref_div(const rfmt *f, uint64_t x, uint64_t y, isa_round rnd)
{
  long ex, ey;
  int cx = decode(f, x, g_x, &ex), cy = decode(f, y, g_y, &ey);
  bool neg = neg_of(f, x) != neg_of(f, y);
  if ((cx == C_INF && cy == C_INF) || (cx == C_ZERO && cy == C_ZERO))
    return REF_NAN;
  if (cx == C_INF || cy == C_ZERO)
    return inf(f, neg);
  if (cx == C_ZERO || cy == C_INF)
    return zero(f, neg);
  mpz_abs(g_x, g_x);
  mpz_abs(g_y, g_y);
  long k = (long)(f->p + 4 + mpz_sizeinbase(g_y, 2));
  mpz_mul_2exp(g_x, g_x, (mp_bitcnt_t)k);
  mpz_tdiv_qr(g_t, g_u, g_x, g_y);
  return round_to(f, neg, g_t, ex - ey - k, mpz_sgn(g_u) != 0, rnd);
}

/* m * 2^e with m > 0 scaled by an even power 2^-k so that m has at least
 * `bits` bits and e - k is even. */
static long scale_even(mpz_t m, long e, long bits)
{
  long k = bits - (long)mpz_sizeinbase(m, 2);
  if (k < 0)
    k = 0;
  if ((e - k) % 2 != 0)
    k++;
  mpz_mul_2exp(m, m, (mp_bitcnt_t)k);
  return e - k;
}

static uint64_t ref_sqrt(const rfmt *f, uint64_t x, isa_round rnd)
{
  long ex;
  int cx = decode(f, x, g_x, &ex);
  if (cx == C_ZERO)
    return x;
  if (neg_of(f, x))
    return REF_NAN;
  if (cx == C_INF)
    return x;
  ex = scale_even(g_x, ex, 2 * (long)f->p + 8);
  mpz_sqrtrem(g_t, g_u, g_x);
  return round_to(f, false, g_t, ex / 2, mpz_sgn(g_u) != 0, rnd);
}

/* 1/sqrt(m 2^e) = sqrt(2^K / m) * 2^(-(K + e)/2) with K + e even. */
static uint64_t ref_rsqrt(const rfmt *f, uint64_t x, isa_round rnd)
{
  long ex;
  int cx = decode(f, x, g_x, &ex);
  if (cx == C_ZERO)
    return inf(f, neg_of(f, x));
  if (neg_of(f, x))
    return REF_NAN;
  if (cx == C_INF)
    return 0;
  long k = 2 * (long)f->p + 8 + (long)mpz_sizeinbase(g_x, 2);
  if ((k + ex) % 2 != 0)
    k++;
  mpz_set_ui(g_u, 1);
  mpz_mul_2exp(g_u, g_u, (mp_bitcnt_t)k);
  mpz_tdiv_qr(g_v, g_w, g_u, g_x);
  mpz_sqrtrem(g_t, g_u, g_v);
  bool sticky = mpz_sgn(g_u) != 0 || mpz_sgn(g_w) != 0;
  return round_to(f, false, g_t, -(k + ex) / 2, sticky, rnd);
}

/* The operation on non-NaN inputs; REF_NAN for an invalid one. */
static uint64_t ref_arith(const rfmt *f, enum op op, const uint64_t *in, isa_round rnd)
{
  const uint64_t one = (uint64_t)(1 - f->emin) << (f->p - 1); /* 1.0: the bias, 1 - emin */
  switch (op) {
  case OP_ADD:
    return ref_add(f, in[0], in[1], rnd);
  case OP_SUB:
    return ref_add(f, in[0], in[1] ^ sign_of(f), rnd);
  case OP_MUL:
    return ref_mul(f, in[0], in[1], rnd);
  case OP_FMA:
    return ref_fma(f, in[0], in[1], in[2], rnd);
  case OP_DIV:
    return ref_div(f, in[0], in[1], rnd);
  case OP_RCP:
    return ref_div(f, one, in[0], rnd);
  case OP_SQRT:
    return ref_sqrt(f, in[0], rnd);
  case OP_RSQRT:
    return ref_rsqrt(f, in[0], rnd);
  default:
    ck_abort_msg("op");
    return 0;
  }
}

/* f32: .ftz on inputs, the operation, .ftz on the result, canonical NaN,
 * .sat (NaN and -0 -> +0, clamp to [0, 1]). */
static uint32_t ref_f32(enum op op, const uint32_t *in32, isa_round rnd, unsigned flags)
{
  uint64_t in[3];
  uint64_t r = 0;
  bool any_nan = false;
  for (unsigned i = 0; i < op_arity[op]; i++) {
    in[i] = (flags & ISA_FP_FTZ) ? flush(&R32, in32[i]) : in32[i];
    any_nan = any_nan || is_nan(&R32, in[i]);
  }
  r = any_nan ? REF_NAN : ref_arith(&R32, op, in, rnd);
  if (r == REF_NAN)
    r = 0x7fffffff;
  if ((flags & ISA_FP_FTZ) && is_sub(&R32, r))
    r &= 0x80000000u;
  if (flags & ISA_FP_SAT) {
    if (is_nan(&R32, r) || (r & 0x80000000u))
      r = 0;
    else if (r > 0x3f800000u)
      r = 0x3f800000u;
  }
  return (uint32_t)r;
}

/* f64: the first NaN operand, quieted; else the canonical NaN if invalid. */
static uint64_t ref_f64(enum op op, const uint64_t *in, isa_round rnd)
{
  for (unsigned i = 0; i < op_arity[op]; i++)
    if (is_nan(&R64, in[i]))
      return in[i] | UINT64_C(0x0008000000000000);
  uint64_t r = ref_arith(&R64, op, in, rnd);
  return r == REF_NAN ? UINT64_C(0x7fffffffffffffff) : r;
}

/* ---- the implementation, by op ------------------------------------------------- */

static uint32_t impl_f32(enum op op, const uint32_t *a, isa_round rnd, unsigned flags)
{
  switch (op) {
  case OP_ADD:
    return isa_f32_add(a[0], a[1], rnd, flags);
  case OP_SUB:
    return isa_f32_sub(a[0], a[1], rnd, flags);
  case OP_MUL:
    return isa_f32_mul(a[0], a[1], rnd, flags);
  case OP_FMA:
    return isa_f32_fma(a[0], a[1], a[2], rnd, flags);
  case OP_DIV:
    return isa_f32_div(a[0], a[1], rnd, flags);
  case OP_RCP:
    return isa_f32_rcp(a[0], rnd, flags);
  case OP_SQRT:
    return isa_f32_sqrt(a[0], rnd, flags);
  default:
    ck_abort_msg("op");
    return 0;
  }
}

static uint64_t impl_f64(enum op op, const uint64_t *a, isa_round rnd)
{
  switch (op) {
  case OP_ADD:
    return isa_f64_add(a[0], a[1], rnd);
  case OP_SUB:
    return isa_f64_sub(a[0], a[1], rnd);
  case OP_MUL:
    return isa_f64_mul(a[0], a[1], rnd);
  case OP_FMA:
    return isa_f64_fma(a[0], a[1], a[2], rnd);
  case OP_DIV:
    return isa_f64_div(a[0], a[1], rnd);
  case OP_RCP:
    return isa_f64_rcp(a[0], rnd);
  case OP_SQRT:
    return isa_f64_sqrt(a[0], rnd);
  default:
    ck_abort_msg("op");
    return 0;
  }
}

/* Fails with the context, what we got and what we wanted; formats only on
 * failure (the loops run millions of checks). */
#define EQ(got, want, ...)                                                          \
  do {                                                                              \
    uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);                      \
    if (got_ != want_) {                                                            \
      char what_[256];                                                              \
      snprintf(what_, sizeof what_, __VA_ARGS__);                                   \
      ck_abort_msg("%s: got %#llx want %#llx", what_, (unsigned long long)got_,     \
                   (unsigned long long)want_);                                      \
    }                                                                               \
  } while (0)

static void check_f32(enum op op, const uint32_t *a, isa_round rnd, unsigned flags)
{
  uint32_t got = impl_f32(op, a, rnd, flags), want = ref_f32(op, a, rnd, flags);
  EQ(got, want, "%s.%s%s%s.f32 %#x %#x %#x", op_names[op], rnd_names[rnd],
     (flags & ISA_FP_FTZ) ? ".ftz" : "", (flags & ISA_FP_SAT) ? ".sat" : "", a[0],
     op_arity[op] > 1 ? a[1] : 0, op_arity[op] > 2 ? a[2] : 0);
}

static void check_f64(enum op op, const uint64_t *a, isa_round rnd)
{
  uint64_t got = impl_f64(op, a, rnd), want = ref_f64(op, a, rnd);
  EQ(got, want, "%s.%s.f64 %#llx %#llx %#llx", op_names[op], rnd_names[rnd],
     (unsigned long long)a[0], (unsigned long long)(op_arity[op] > 1 ? a[1] : 0),
     (unsigned long long)(op_arity[op] > 2 ? a[2] : 0));
}

/* ---- input generation ---------------------------------------------------------- */

static const uint32_t edges32[] = {
  0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000,
  0x00800000, 0x80800000, 0x00800001, 0x7f7fffff, 0xff7fffff, 0x7f000000, 0x7f800000,
  0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x3f800000, 0xbf800000, 0x3f800001,
  0x3f7fffff, 0x40000000, 0x3f000000, 0x33800000, 0x34000000, 0x5f800000, 0x1f800000,
  0x0c000000, 0xbeffffff, 0x3fc00000, 0x4b800001,
};

static const uint64_t edges64[] = {
  0, UINT64_C(0x8000000000000000), 1, UINT64_C(0x8000000000000001),
  UINT64_C(0x000fffffffffffff), UINT64_C(0x800fffffffffffff), UINT64_C(0x0008000000000000),
  UINT64_C(0x0010000000000000), UINT64_C(0x8010000000000000), UINT64_C(0x0010000000000001),
  UINT64_C(0x7fefffffffffffff), UINT64_C(0xffefffffffffffff), UINT64_C(0x7fe0000000000000),
  UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000), UINT64_C(0x7ff8000000000000),
  UINT64_C(0x7ff0000000000001), UINT64_C(0xfff8000000012345), UINT64_C(0x3ff0000000000000),
  UINT64_C(0xbff0000000000000), UINT64_C(0x3ff0000000000001), UINT64_C(0x3fefffffffffffff),
  UINT64_C(0x4000000000000000), UINT64_C(0x3fe0000000000000), UINT64_C(0x3ca0000000000000),
  UINT64_C(0x3cb0000000000000), UINT64_C(0x5ff0000000000000), UINT64_C(0x1ff0000000000000),
  UINT64_C(0x0350000000000000), UINT64_C(0xbfdfffffffffffff), UINT64_C(0x3ff8000000000000),
  UINT64_C(0x4340000000000001),
};

#define N_EDGES32 (sizeof edges32 / sizeof edges32[0])
#define N_EDGES64 (sizeof edges64 / sizeof edges64[0])

static uint64_t edge(const rfmt *f, uint64_t r)
{
  return f == &R32 ? edges32[r % N_EDGES32] : edges64[r % N_EDGES64];
}

/* A value of f.  anchor (a previous operand) lets some draws land near it
 * in magnitude, with either sign, so that sums cancel. */
static uint64_t rand_fp(const rfmt *f, uint64_t anchor)
{
  uint64_t r = rng_next(), s = rng_next();
  uint64_t sign = (s & 1) ? sign_of(f) : 0;
  unsigned fb = f->p - 1;
  uint64_t emaxf = mask64(f->ebits) - 1; /* largest finite exponent field */
  switch (r % 16) {
  case 0:
  case 1:
  case 2:
    return s & mask64(width(f));
  case 3:
  case 4:
    return edge(f, s >> 8);
  case 5:
  case 6:
  case 7: { /* near the anchor: exponent within 3, fraction anchor +- a few, or random */
    int64_t ef = (int64_t)efield(f, anchor) + (int64_t)((s >> 8) % 7) - 3;
    uint64_t fr = (s >> 16) & 1 ? frac(f, anchor) + ((s >> 20) % 9) - 4 : rng_next();
    ef = ef < 0 ? 0 : ef > (int64_t)emaxf ? (int64_t)emaxf : ef;
    return sign | ((uint64_t)ef << fb) | (fr & mask64(fb));
  }
  case 8:
  case 9: /* subnormal */
    return sign | (rng_next() & mask64(1 + (unsigned)((s >> 8) % fb)));
  case 10:
  case 11:
  case 12: { /* a short significand anywhere: products and sums tie */
    unsigned len = 1 + (unsigned)((s >> 8) % f->p);
    uint64_t fr = (rng_next() & mask64(len)) << (fb + 1 - len);
    uint64_t ef = 1 + (s >> 16) % emaxf;
    return sign | (ef << fb) | (fr & mask64(fb));
  }
  default: { /* near 1 */
    uint64_t ef = (uint64_t)(1 - f->emin) + (s >> 8) % 17 - 8;
    return sign | (ef << fb) | (rng_next() & mask64(fb));
  }
  }
}

/* For fma: c close to -(a*b), rounded to f by the host and nudged by a
 * few ulps, so the sum cancels almost entirely. */
static uint64_t cancel_fma32(uint32_t a, uint32_t b)
{
  float p = (float)((double)isa_f32_from_bits(a) * (double)isa_f32_from_bits(b));
  uint32_t c = isa_f32_bits(-p);
  return c + (uint32_t)(rng_next() % 7) - 3;
}

static uint64_t cancel_fma64(uint64_t a, uint64_t b)
{
  double p = isa_f64_from_bits(a) * isa_f64_from_bits(b);
  return isa_f64_bits(-p) + rng_next() % 7 - 3;
}

static void gen_inputs(const rfmt *f, enum op op, uint64_t *in)
{
  in[0] = rand_fp(f, 0);
  in[1] = rand_fp(f, in[0]);
  in[2] = rand_fp(f, in[1]);
  if (op == OP_FMA && rng_next() % 4 == 0)
    in[2] = f == &R32 ? cancel_fma32((uint32_t)in[0], (uint32_t)in[1])
                      : cancel_fma64(in[0], in[1]);
  if (op == OP_FMA && rng_next() % 8 == 0)
    in[2] = rand_fp(f, in[0]); /* c near a: a*b small against c */
  if (op == OP_SQRT && rng_next() % 2 == 0)
    in[0] &= ~sign_of(f);
  for (unsigned i = 0; i < 3; i++)
    in[i] &= mask64(width(f));
}

/* ---- rounded arithmetic: edges and random ------------------------------------ */

static const unsigned f32_flag_sets[] = { 0, ISA_FP_FTZ, ISA_FP_SAT, ISA_FP_FTZ | ISA_FP_SAT };

static bool has_sat(enum op op)
{
  return op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_FMA;
}

/* Every edge pair (for fma, every edge triple from the first 20 edges). */
START_TEST(t_f32_edges)
{
  enum op op = (enum op)_i;
  unsigned n = op == OP_FMA ? 20 : N_EDGES32;
  for (unsigned rnd = ISA_RN; rnd <= ISA_RP; rnd++)
    for (unsigned fl = 0; fl < 4; fl++) {
      unsigned flags = f32_flag_sets[fl];
      if ((flags & ISA_FP_SAT) && !has_sat(op))
        continue;
      for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < (op_arity[op] > 1 ? n : 1); j++)
          for (unsigned k = 0; k < (op_arity[op] > 2 ? n : 1); k++) {
            uint32_t a[3] = { edges32[i], edges32[j], edges32[k] };
            check_f32(op, a, (isa_round)rnd, flags);
          }
    }
}
END_TEST

START_TEST(t_f64_edges)
{
  enum op op = (enum op)_i;
  unsigned n = op == OP_FMA ? 20 : N_EDGES64;
  for (unsigned rnd = ISA_RN; rnd <= ISA_RP; rnd++)
    for (unsigned i = 0; i < n; i++)
      for (unsigned j = 0; j < (op_arity[op] > 1 ? n : 1); j++)
        for (unsigned k = 0; k < (op_arity[op] > 2 ? n : 1); k++) {
          uint64_t a[3] = { edges64[i], edges64[j], edges64[k] };
          check_f64(op, a, (isa_round)rnd);
        }
}
END_TEST

START_TEST(t_f32_random)
{
  enum op op = (enum op)_i;
  rng_seed(0xf32 + (uint64_t)op);
  for (unsigned rnd = ISA_RN; rnd <= ISA_RP; rnd++)
    for (unsigned n = 0; n < N_RANDOM; n++) {
      uint64_t in[3];
      uint32_t a[3];
      unsigned flags = f32_flag_sets[rng_next() % (has_sat(op) ? 4 : 2)];
      gen_inputs(&R32, op, in);
      for (unsigned i = 0; i < 3; i++)
        a[i] = (uint32_t)in[i];
      check_f32(op, a, (isa_round)rnd, flags);
    }
}
END_TEST

START_TEST(t_f64_random)
{
  enum op op = (enum op)_i;
  rng_seed(0xf64 + (uint64_t)op);
  for (unsigned rnd = ISA_RN; rnd <= ISA_RP; rnd++)
    for (unsigned n = 0; n < N_RANDOM; n++) {
      uint64_t in[3];
      gen_inputs(&R64, op, in);
      check_f64(op, in, (isa_round)rnd);
    }
}
END_TEST

/* Vectors worked by hand, so that the reference itself is anchored. */
START_TEST(t_hand_vectors)
{
  const uint32_t one = 0x3f800000, tiny = 0x30800000; /* 2^-30 */
  EQ(isa_f32_add(one, tiny, ISA_RZ, 0), one, "1 + 2^-30 rz");
  EQ(isa_f32_add(one, tiny, ISA_RP, 0), 0x3f800001, "1 + 2^-30 rp");
  EQ(isa_f32_add(one, tiny, ISA_RM, 0), one, "1 + 2^-30 rm");
  EQ(isa_f32_sub(one, tiny, ISA_RZ, 0), 0x3f7fffff, "1 - 2^-30 rz");
  EQ(isa_f32_sub(one, tiny, ISA_RN, 0), one, "1 - 2^-30 rn");
  EQ(isa_f32_add(one, 0x33800000, ISA_RN, 0), one, "1 + 2^-24: tie to even");
  EQ(isa_f32_add(0x3f800001, 0x33800000, ISA_RN, 0), 0x3f800002, "1+ulp + 2^-24: tie to even");
  EQ(isa_f32_sub(one, one, ISA_RM, 0), 0x80000000, "1 - 1 rm = -0");
  EQ(isa_f32_sub(one, one, ISA_RP, 0), 0, "1 - 1 rp = +0");
  EQ(isa_f32_add(0x80000000, 0x80000000, ISA_RP, 0), 0x80000000, "-0 + -0");
  EQ(isa_f32_mul(0x7f000000, 0x40000000, ISA_RN, 0), 0x7f800000, "2^127 * 2 rn = Inf");
  EQ(isa_f32_mul(0x7f000000, 0x40000000, ISA_RZ, 0), 0x7f7fffff, "2^127 * 2 rz = max");
  EQ(isa_f32_mul(0xff000000, 0x40000000, ISA_RP, 0), 0xff7fffff, "-2^127 * 2 rp = -max");
  EQ(isa_f32_mul(0xff000000, 0x40000000, ISA_RM, 0), 0xff800000, "-2^127 * 2 rm = -Inf");
  /* (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150: halfway on the subnormal grid,
   * rounds to the even 2^-126, which .ftz keeps; .rz gives a subnormal
   * that .ftz flushes. */
  EQ(isa_f32_mul(0x3f7fffff, 0x00800000, ISA_RN, ISA_FP_FTZ), 0x00800000, "rounds up to normal");
  EQ(isa_f32_mul(0x3f7fffff, 0x00800000, ISA_RZ, 0), 0x007fffff, "rz subnormal");
  EQ(isa_f32_mul(0x3f7fffff, 0x00800000, ISA_RZ, ISA_FP_FTZ), 0, "rz flushed");
  EQ(isa_f32_mul(0xbf7fffff, 0x00800000, ISA_RZ, ISA_FP_FTZ), 0x80000000, "rz flushed, -0");
  /* 2^-64 (1 + 2^-23) * 2^-64 = 2^-128 + 2^-151, on a 2^-149 grid. */
  EQ(isa_f32_mul(0x1f800001, 0x1f800000, ISA_RP, 0), 0x00200001, "subnormal product rp");
  EQ(isa_f32_mul(0x1f800001, 0x1f800000, ISA_RN, 0), 0x00200000, "subnormal product rn");
  EQ(isa_f32_mul(0x1f800001, 0x1f800000, ISA_RP, ISA_FP_FTZ), 0, "... .ftz");
  EQ(isa_f32_add(0x00000001, 0, ISA_RN, ISA_FP_FTZ), 0, "subnormal input flushed");
  EQ(isa_f32_add(0x80000001, 0, ISA_RN, ISA_FP_FTZ), 0, "-sub + +0 = +0");
  EQ(isa_f32_add(0x80000001, 0x80000000, ISA_RN, ISA_FP_FTZ), 0x80000000, "-sub + -0 = -0");
  EQ(isa_f32_add(0xbf800000, 0, ISA_RN, ISA_FP_SAT), 0, "sat -1");
  EQ(isa_f32_add(0x80000000, 0x80000000, ISA_RN, ISA_FP_SAT), 0, "sat -0 = +0");
  EQ(isa_f32_add(0x40000000, 0, ISA_RN, ISA_FP_SAT), one, "sat 2");
  EQ(isa_f32_add(0x7f800000, 0xff800000, ISA_RN, ISA_FP_SAT), 0, "sat NaN");
  EQ(isa_f32_add(0x7f800000, 0xff800000, ISA_RZ, 0), 0x7fffffff, "Inf - Inf rz");
  EQ(isa_f32_add(0x7f800001, one, ISA_RN, 0), 0x7fffffff, "f32 NaN is canonical");
  EQ(isa_f32_fma(0x3f800001, 0x3f800001, 0xbf800002, ISA_RN, 0), 0x28800000,
     "fma (1+u)^2 - (1+2u) = u^2 exactly");
  EQ(isa_f32_fma(0x3f800001, 0x3f800001, 0xbf800002, ISA_RZ, 0), 0x28800000, "... rz");
  EQ(isa_f32_fma(one, 0x7f7fffff, 0x7f7fffff, ISA_RZ, 0), 0x7f7fffff, "fma overflow rz");
  EQ(isa_f32_fma(0, 0x7f800000, 0x7fc00000, ISA_RN, 0), 0x7fffffff, "0*Inf + NaN");
  EQ(isa_f32_div(one, 0x40400000, ISA_RZ, 0), 0x3eaaaaaa, "1/3 rz");
  EQ(isa_f32_div(one, 0x40400000, ISA_RP, 0), 0x3eaaaaab, "1/3 rp");
  EQ(isa_f32_div(0x80000000, 0x80000000, ISA_RN, 0), 0x7fffffff, "0/0");
  EQ(isa_f32_rcp(0x80000000, ISA_RZ, 0), 0xff800000, "1/-0");
  EQ(isa_f32_rcp(0x80000001, ISA_RZ, ISA_FP_FTZ), 0xff800000, "1/-sub.ftz");
  EQ(isa_f32_sqrt(0x40000000, ISA_RZ, 0), 0x3fb504f3, "sqrt 2 rz");
  EQ(isa_f32_sqrt(0x40000000, ISA_RP, 0), 0x3fb504f4, "sqrt 2 rp");
  EQ(isa_f32_sqrt(0x80000000, ISA_RM, 0), 0x80000000, "sqrt -0");
  EQ(isa_f32_sqrt(0x80000001, ISA_RM, 0), 0x7fffffff, "sqrt -sub");
  EQ(isa_f32_sqrt(0x80000001, ISA_RM, ISA_FP_FTZ), 0x80000000, "sqrt -sub.ftz");
  EQ(isa_f64_add(UINT64_C(0x3ff0000000000000), 1, ISA_RP), UINT64_C(0x3ff0000000000001),
     "1 + min sub rp");
  EQ(isa_f64_sub(UINT64_C(0x3ff0000000000000), 1, ISA_RZ), UINT64_C(0x3fefffffffffffff),
     "1 - min sub rz");
  EQ(isa_f64_div(UINT64_C(0x3ff0000000000000), UINT64_C(0x4008000000000000), ISA_RP),
     UINT64_C(0x3fd5555555555556), "1/3 rp");
  EQ(isa_f64_mul(UINT64_C(0x7fe0000000000000), UINT64_C(0x4000000000000000), ISA_RM),
     UINT64_C(0x7fefffffffffffff), "overflow rm positive = max");
}
END_TEST

/* The f64 NaN rule: the first NaN operand in order, quieted, in every
 * mode; the canonical NaN for invalid operations. */
START_TEST(t_f64_nan_rule)
{
  const uint64_t snan = UINT64_C(0x7ff0000000000001), qnan = UINT64_C(0xfff8000000000002);
  const uint64_t one = UINT64_C(0x3ff0000000000000), inf = UINT64_C(0x7ff0000000000000);
  const uint64_t qsnan = snan | ISA_F64_QUIET_BIT, canon = ISA_F64_CANON_NAN;
  for (unsigned rnd = ISA_RN; rnd <= ISA_RP; rnd++) {
    isa_round r = (isa_round)rnd;
    EQ(isa_f64_add(snan, qnan, r), qsnan, "add sNaN qNaN");
    EQ(isa_f64_add(qnan, snan, r), qnan, "add qNaN sNaN");
    EQ(isa_f64_add(one, snan, r), qsnan, "add 1 sNaN");
    EQ(isa_f64_sub(one, qnan, r), qnan, "sub keeps b's sign");
    EQ(isa_f64_sub(inf, inf, r), canon, "Inf - Inf");
    EQ(isa_f64_mul(0, inf, r), canon, "0 * Inf");
    EQ(isa_f64_mul(inf, snan, r), qsnan, "Inf * sNaN");
    EQ(isa_f64_fma(one, qnan, snan, r), qnan, "fma b before c");
    EQ(isa_f64_fma(0, inf, snan, r), qsnan, "fma 0*Inf + sNaN: the NaN");
    EQ(isa_f64_fma(inf, one, inf ^ UINT64_C(0x8000000000000000), r), canon, "fma Inf - Inf");
    EQ(isa_f64_div(0, 0, r), canon, "0/0");
    EQ(isa_f64_div(snan, 0, r), qsnan, "sNaN/0");
    EQ(isa_f64_rcp(snan, r), qsnan, "rcp sNaN");
    EQ(isa_f64_sqrt(UINT64_C(0xbff0000000000000), r), canon, "sqrt -1");
    EQ(isa_f64_sqrt(qnan, r), qnan, "sqrt -qNaN");
  }
}
END_TEST

/* ---- sm_1x mad ------------------------------------------------------------- */

/* Reference: inputs flushed; with c = +-0, mul.rn.ftz then add.rn.ftz;
 * else the exact product with its significand truncated to 24 bits, plus
 * c, rounded .rn and flushed. */
static uint32_t ref_mad_sm1x(uint32_t a, uint32_t b, uint32_t c, unsigned sat)
{
  uint32_t in[3] = { (uint32_t)flush(&R32, a), (uint32_t)flush(&R32, b), (uint32_t)flush(&R32, c) };
  long ex, ey, ez;
  if ((in[2] & 0x7fffffff) == 0) {
    uint32_t p[2] = { ref_f32(OP_MUL, in, ISA_RN, ISA_FP_FTZ), in[2] };
    return ref_f32(OP_ADD, p, ISA_RN, ISA_FP_FTZ | sat);
  }
  if (decode(&R32, in[0], g_x, &ex) != C_FIN || decode(&R32, in[1], g_y, &ey) != C_FIN ||
      decode(&R32, in[2], g_z, &ez) != C_FIN)
    return ref_f32(OP_FMA, in, ISA_RN, ISA_FP_FTZ | sat);
  mpz_mul(g_x, g_x, g_y);
  ex += ey;
  long extra = (long)mpz_sizeinbase(g_x, 2) - 24;
  if (extra > 0) {
    mpz_tdiv_q_2exp(g_x, g_x, (mp_bitcnt_t)extra); /* truncation toward zero */
    ex += extra;
  }
  exact_add(g_x, &ex, g_z, ez);
  uint32_t r = (uint32_t)round_exact(&R32, g_x, ex, ISA_RN);
  uint32_t x[2] = { r, 0x80000000u }; /* r + -0 = r: reuse the ftz/sat tail */
  return ref_f32(OP_ADD, x, ISA_RN, ISA_FP_FTZ | sat);
}

START_TEST(t_mad_sm1x)
{
  rng_seed(0x5a1);
  for (unsigned n = 0; n < N_RANDOM; n++) {
    uint64_t in[3];
    unsigned sat = (rng_next() & 1) ? ISA_FP_SAT : 0;
    gen_inputs(&R32, OP_FMA, in);
    if (rng_next() % 8 == 0)
      in[2] &= 0x80000000u;
    uint32_t a = (uint32_t)in[0], b = (uint32_t)in[1], c = (uint32_t)in[2];
    EQ(isa_f32_mad_sm1x(a, b, c, sat), ref_mad_sm1x(a, b, c, sat), "mad sm1x %#x %#x %#x sat %u",
       a, b, c, sat);
  }
  /* (1+2^-23)(1+2^-23) = 1 + 2^-22 + 2^-46: truncation drops 2^-46, so
   * adding -(1 + 2^-22) gives +0, where fma gives 2^-46. */
  EQ(isa_f32_mad_sm1x(0x3f800001, 0x3f800001, 0xbf800002, 0), 0, "truncated product");
  EQ(isa_f32_fma(0x3f800001, 0x3f800001, 0xbf800002, ISA_RN, 0), 0x28800000, "fma keeps it");
  /* 2^100 * 2^100 - 2^127: the product's exponent is not clamped. */
  EQ(isa_f32_mad_sm1x(0x71800000, 0x71800000, 0xff000000, 0), 0x7f800000, "unclamped product");
}
END_TEST

/* ---- .approx and .full ----------------------------------------------------- */

static uint32_t f32_ulps(uint32_t a, uint32_t b)
{
  int64_t ka = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffff) : (int64_t)a;
  int64_t kb = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffff) : (int64_t)b;
  return (uint32_t)llabs(ka - kb);
}

static uint64_t f64_ulps(uint64_t a, uint64_t b)
{
  long double d = (long double)a - (long double)b;
  return (uint64_t)(d < 0 ? -d : d);
}

static float rand_f32_in(double lo, double hi)
{
  double u = (double)(rng_next() >> 11) / 9007199254740992.0;
  return (float)(lo + (hi - lo) * u);
}

typedef struct special {
  uint32_t in, out;
} special;

static void check_table(uint32_t (*fn)(uint32_t, unsigned), const special *t, size_t n,
                        const char *name)
{
  for (size_t i = 0; i < n; i++)
    for (unsigned ftz = 0; ftz <= ISA_FP_FTZ; ftz += ISA_FP_FTZ)
      EQ(fn(t[i].in, ftz), t[i].out, "%s%s %#x", name, ftz ? ".ftz" : "", t[i].in);
}

#define NINF 0xff800000u
#define PINF 0x7f800000u
#define QNAN 0x7fffffffu
#define TABLE(fn, t) check_table(fn, t, sizeof t / sizeof t[0], #fn)

/* The PTX ISA tables (sin, cos, lg2, ex2, rcp, sqrt, rsqrt, tanh), with a
 * signalling and a negative NaN as the NaN rows. */
START_TEST(t_approx_tables)
{
  static const special sin_t[] = { { NINF, QNAN }, { 0x80000000, 0x80000000 }, { 0, 0 },
                                   { PINF, QNAN }, { 0x7f800001, QNAN }, { 0xffc00000, QNAN } };
  static const special cos_t[] = { { NINF, QNAN }, { 0x80000000, 0x3f800000 }, { 0, 0x3f800000 },
                                   { PINF, QNAN }, { 0x7f800001, QNAN }, { 0xffc00000, QNAN } };
  static const special lg2_t[] = { { NINF, QNAN },       { 0xbf800000, QNAN },
                                   { 0x80000000, NINF }, { 0, NINF },
                                   { PINF, PINF },       { 0x7f800001, QNAN },
                                   { 0x3f800000, 0 },    { 0x41000000, 0x40400000 } };
  static const special ex2_t[] = { { NINF, 0 },          { 0x80000000, 0x3f800000 },
                                   { 0, 0x3f800000 },    { PINF, PINF },
                                   { 0x7f800001, QNAN }, { 0x40400000, 0x41000000 } };
  static const special rcp_t[] = { { NINF, 0x80000000 }, { 0x80000000, NINF }, { 0, PINF },
                                   { PINF, 0 },          { 0x7f800001, QNAN }, { 0x40000000, 0x3f000000 } };
  static const special sqrt_t[] = { { NINF, QNAN },  { 0xbf800000, QNAN }, { 0x80000000, 0x80000000 },
                                    { 0, 0 },        { PINF, PINF },       { 0x7f800001, QNAN },
                                    { 0x40800000, 0x40000000 } };
  static const special rsqrt_t[] = { { NINF, QNAN }, { 0xbf800000, QNAN }, { 0x80000000, NINF },
                                     { 0, PINF },    { PINF, 0 },          { 0x7f800001, QNAN },
                                     { 0x40800000, 0x3f000000 } };
  TABLE(isa_f32_sin_approx, sin_t);
  TABLE(isa_f32_cos_approx, cos_t);
  TABLE(isa_f32_lg2_approx, lg2_t);
  TABLE(isa_f32_ex2_approx, ex2_t);
  TABLE(isa_f32_rcp_approx, rcp_t);
  TABLE(isa_f32_sqrt_approx, sqrt_t);
  TABLE(isa_f32_rsqrt_approx, rsqrt_t);
  /* 2^-128 = ex2(-128): subnormal, kept or flushed. */
  EQ(isa_f32_ex2_approx(0xc3000000, 0), 0x00200000, "ex2 -128");
  EQ(isa_f32_ex2_approx(0xc3000000, ISA_FP_FTZ), 0, "ex2.ftz -128");
  EQ(isa_f32_ex2_approx(0x43000000, 0), PINF, "ex2 128");
  EQ(isa_f32_ex2_approx(0x00000001, 0), 0x3f800000, "ex2 sub");
  /* Subnormal inputs: ordinary without .ftz, zeros with it. */
  EQ(isa_f32_lg2_approx(0x00000001, 0), 0xc3150000, "lg2 2^-149");
  EQ(isa_f32_lg2_approx(0x00000001, ISA_FP_FTZ), NINF, "lg2.ftz sub");
  EQ(isa_f32_lg2_approx(0x80000001, 0), QNAN, "lg2 -sub");
  EQ(isa_f32_lg2_approx(0x80000001, ISA_FP_FTZ), NINF, "lg2.ftz -sub");
  EQ(isa_f32_sin_approx(0x80000001, 0), 0x80000001, "sin -sub");
  EQ(isa_f32_sin_approx(0x80000001, ISA_FP_FTZ), 0x80000000, "sin.ftz -sub");
  EQ(isa_f32_cos_approx(0x00000001, ISA_FP_FTZ), 0x3f800000, "cos.ftz sub");
  EQ(isa_f32_rcp_approx(0x80000001, 0), NINF, "rcp -2^-149 overflows");
  EQ(isa_f32_rcp_approx(0x00400000, 0), 0x7f000000, "rcp 2^-127");
  EQ(isa_f32_rcp_approx(0x00400000, ISA_FP_FTZ), PINF, "rcp.ftz 2^-127");
  EQ(isa_f32_rcp_approx(0x7f000000, 0), 0x00400000, "rcp 2^127");
  EQ(isa_f32_rcp_approx(0x7f000000, ISA_FP_FTZ), 0, "rcp.ftz 2^127: result flushed");
  EQ(isa_f32_sqrt_approx(0x80000001, 0), QNAN, "sqrt -sub");
  EQ(isa_f32_sqrt_approx(0x80000001, ISA_FP_FTZ), 0x80000000, "sqrt.ftz -sub");
  EQ(isa_f32_rsqrt_approx(0x80000001, 0), QNAN, "rsqrt -sub");
  EQ(isa_f32_rsqrt_approx(0x80000001, ISA_FP_FTZ), NINF, "rsqrt.ftz -sub");
  EQ(isa_f32_rsqrt_approx(0x00000001, 0), 0x64b504f3, "rsqrt 2^-149 = 2^74.5");
  /* tanh: no .ftz; subnormals and zeros pass through. */
  const uint32_t tanh_in[] = { NINF, 0x80000000, 0, PINF, 0x7f800001, 0x00000001, 0x807fffff,
                               0x41200000 };
  const uint32_t tanh_out[] = { 0xbf800000, 0x80000000, 0, 0x3f800000, QNAN, 0x00000001,
                                0x807fffff, 0x3f800000 };
  for (size_t i = 0; i < sizeof tanh_in / sizeof tanh_in[0]; i++)
    EQ(isa_f32_tanh_approx(tanh_in[i]), tanh_out[i], "tanh %#x", tanh_in[i]);
}
END_TEST

/* Transcendentals against long double libm, within the ISA's bounds and
 * within 1 ulp (we compute in double and round once). */
START_TEST(t_approx_transcendental)
{
  const double pi = 3.14159265358979323846;
  rng_seed(0x7a11);
  for (unsigned n = 0; n < N_APPROX; n++) {
    unsigned ftz = (n & 1) ? ISA_FP_FTZ : 0;
    float x = rand_f32_in(-2 * pi, 2 * pi);
    uint32_t xb = isa_f32_bits(x);
    long double want = sinl((long double)x);
    float got = isa_f32_from_bits(isa_f32_sin_approx(xb, ftz));
    ck_assert_msg(fabsl(got - want) <= ldexpl(1, -21), "sin %a: %a vs %La", (double)x,
                  (double)got, want);
    ck_assert_msg(f32_ulps(isa_f32_bits(got), isa_f32_bits((float)want)) <= 1, "sin ulp %a",
                  (double)x);
    want = cosl((long double)x);
    got = isa_f32_from_bits(isa_f32_cos_approx(xb, ftz));
    ck_assert_msg(fabsl(got - want) <= ldexpl(1, -21), "cos %a", (double)x);
    ck_assert_msg(f32_ulps(isa_f32_bits(got), isa_f32_bits((float)want)) <= 1, "cos ulp %a",
                  (double)x);

    /* lg2: absolute 2^-22 on (0.5, 2), relative 2^-22 elsewhere. */
    uint32_t yb = (uint32_t)rand_fp(&R32, 0x3f800000) & 0x7fffffff;
    if (yb >= 0x7f800000 || (ftz && yb < 0x00800000) || yb == 0)
      yb = 0x3fc00000;
    long double y = isa_f32_from_bits(yb);
    want = log2l(y);
    got = isa_f32_from_bits(isa_f32_lg2_approx(yb, ftz));
    long double bound = (y > 0.5L && y < 2) ? ldexpl(1, -22) : ldexpl(fabsl(want), -22);
    ck_assert_msg(fabsl(got - want) <= bound, "lg2 %#x", yb);
    ck_assert_msg(f32_ulps(isa_f32_bits(got), isa_f32_bits((float)want)) <= 1, "lg2 ulp %#x", yb);

    /* ex2: 2 ulp of the correctly rounded result, over the whole range. */
    float z = rand_f32_in(-160, 130);
    uint32_t want_ex2 = isa_f32_bits((float)exp2l((long double)z));
    if (ftz)
      want_ex2 = (uint32_t)flush(&R32, want_ex2);
    ck_assert_msg(f32_ulps(isa_f32_ex2_approx(isa_f32_bits(z), ftz), want_ex2) <= 1, "ex2 %a",
                  (double)z);

    /* tanh: relative 2^-11. */
    float t = rand_f32_in(-12, 12);
    want = tanhl((long double)t);
    got = isa_f32_from_bits(isa_f32_tanh_approx(isa_f32_bits(t)));
    ck_assert_msg(fabsl(got - want) <= ldexpl(fabsl(want), -11), "tanh %a", (double)t);
    ck_assert_msg(f32_ulps(isa_f32_bits(got), isa_f32_bits((float)want)) <= 1, "tanh ulp %a",
                  (double)t);
  }
  /* Wider sin/cos range: 2^-14.7 absolute on [-100pi, 100pi]. */
  for (unsigned n = 0; n < N_APPROX / 10; n++) {
    float x = rand_f32_in(-100 * pi, 100 * pi);
    float got = isa_f32_from_bits(isa_f32_sin_approx(isa_f32_bits(x), 0));
    ck_assert_msg(fabsl(got - sinl((long double)x)) <= ldexpl(1, -15), "sin wide %a", (double)x);
  }
}
END_TEST

/* The .approx/.full forms that we make correctly rounded, against the
 * exact reference; div.approx's rule for |b| > 2^126. */
START_TEST(t_approx_rounded)
{
  rng_seed(0xd1f);
  for (unsigned n = 0; n < N_RANDOM; n++) {
    uint64_t in[3];
    unsigned ftz = (rng_next() & 1) ? ISA_FP_FTZ : 0;
    gen_inputs(&R32, OP_DIV, in);
    uint32_t a[3] = { (uint32_t)in[0], (uint32_t)in[1], 0 };
    uint32_t b = ftz ? (uint32_t)flush(&R32, a[1]) : a[1];
    uint32_t want = ref_f32(OP_DIV, a, ISA_RN, ftz);
    EQ(isa_f32_div_full(a[0], a[1], ftz), want, "div.full %#x %#x", a[0], a[1]);
    if ((b & 0x7fffffff) > 0x7e800000 && !is_nan(&R32, b) && !is_nan(&R32, a[0])) {
      uint32_t ax = ftz ? (uint32_t)flush(&R32, a[0]) : a[0];
      want = (ax & 0x7f800000) == 0x7f800000 ? 0x7fffffff : (a[0] ^ a[1]) & 0x80000000;
    }
    EQ(isa_f32_div_approx(a[0], a[1], ftz), want, "div.approx %#x %#x", a[0], a[1]);
    EQ(isa_f32_rcp_approx(a[0], ftz), ref_f32(OP_RCP, a, ISA_RN, ftz), "rcp.approx %#x", a[0]);
    EQ(isa_f32_sqrt_approx(a[0], ftz), ref_f32(OP_SQRT, a, ISA_RN, ftz), "sqrt.approx %#x", a[0]);
    EQ(isa_f32_rsqrt_approx(a[0], ftz), ref_f32(OP_RSQRT, a, ISA_RN, ftz), "rsqrt.approx %#x",
       a[0]);
  }
  EQ(isa_f32_div_approx(0x3f800000, 0x7f000000, 0), 0, "1 / 2^127 = +0 by rule");
  EQ(isa_f32_div_approx(0xbf800000, 0x7f000000, 0), 0x80000000, "-1 / 2^127 = -0");
  EQ(isa_f32_div_approx(0x7f000000, 0xff000000, 0), 0x80000000, "2^127 / -2^127 = -0 by rule");
  EQ(isa_f32_div_approx(0x7f800000, 0x7f000000, 0), 0x7fffffff, "Inf / 2^127 = NaN");
  EQ(isa_f32_div_approx(0x3f000000, 0x7e800000, 0), 0x00400000, "0.5 / 2^126: ordinary");
  EQ(isa_f32_div_approx(0x3f000000, 0x7e800000, ISA_FP_FTZ), 0, "... flushed");
  EQ(isa_f32_div_approx(0x3f800000, 0xff800000, 0), 0x80000000, "1 / -Inf");
  EQ(isa_f32_div_approx(0x3f800000, 0x7fc00000, 0), 0x7fffffff, "1 / NaN");
  EQ(isa_f32_div_approx(0x3f800000, 0, 0), 0x7f800000, "1 / 0");
}
END_TEST

/* rcp/rsqrt.approx.ftz.f64 (tables, then the 1.11.20 word against the
 * exact reference) and rsqrt.approx.f64 (table, then 2 ulp). */
START_TEST(t_f64_approx)
{
  const uint64_t canon_hi = UINT64_C(0x7fffffff00000000);
  static const uint64_t rcp_in[] = { 0xfff00000, 0x80000001, 0x80000000, 0, 0x00080000,
                                     0x7ff00000, 0x7ff00001, 0xfff80000, 0x7fe00000,
                                     0x7fdfffff, 0x7fd00000, 0x3ff00000 };
  static const uint64_t rcp_out[] = { 0x80000000, 0xfff00000, 0xfff00000, 0x7ff00000,
                                      0x7ff00000, 0,          0x7fffffff, 0x7fffffff,
                                      0,          0,          0x00100000, 0x3ff00000 };
  static const uint64_t rsq_in[] = { 0xfff00000, 0x80000001, 0x80000000, 0, 0x00000001,
                                     0x7ff00000, 0x7ff80000, 0xbff00000, 0x3fd00000 };
  static const uint64_t rsq_out[] = { 0x7fffffff, 0xfff00000, 0xfff00000, 0x7ff00000,
                                      0x7ff00000, 0,          0x7fffffff, 0x7fffffff,
                                      0x40000000 };
  for (size_t i = 0; i < sizeof rcp_in / sizeof rcp_in[0]; i++)
    EQ(isa_f64_rcp_approx_ftz(rcp_in[i] << 32 | 0x12345678), rcp_out[i] << 32,
       "rcp.approx.ftz.f64 %#llx", (unsigned long long)rcp_in[i]);
  for (size_t i = 0; i < sizeof rsq_in / sizeof rsq_in[0]; i++)
    EQ(isa_f64_rsqrt_approx_ftz(rsq_in[i] << 32 | 0xffffffff), rsq_out[i] << 32,
       "rsqrt.approx.ftz.f64 %#llx", (unsigned long long)rsq_in[i]);
  EQ(isa_f64_rcp_approx_ftz(UINT64_C(0x7ff8000000000000)), canon_hi, "NaN canonical");

  static const uint64_t rsq64_in[] = { UINT64_C(0xfff0000000000000), UINT64_C(0x8000000000000001),
                                       UINT64_C(0x8000000000000000), 0, 1,
                                       UINT64_C(0x7ff0000000000000),
                                       UINT64_C(0x7ff0000000000001) };
  static const uint64_t rsq64_out[] = { ISA_F64_CANON_NAN, ISA_F64_CANON_NAN,
                                        UINT64_C(0xfff0000000000000), UINT64_C(0x7ff0000000000000),
                                        UINT64_C(0x6180000000000000), 0,
                                        UINT64_C(0x7ff8000000000001) };
  for (size_t i = 0; i < sizeof rsq64_in / sizeof rsq64_in[0]; i++)
    EQ(isa_f64_rsqrt_approx(rsq64_in[i]), rsq64_out[i], "rsqrt.approx.f64 %#llx",
       (unsigned long long)rsq64_in[i]);

  rng_seed(0x64a);
  for (unsigned n = 0; n < N_RANDOM; n++) {
    uint64_t x = rand_fp(&R64, 0);
    uint64_t hi = flush(&R64HI, x >> 32);
    uint64_t w;
    if (!is_nan(&R64HI, hi)) {
      w = ref_arith(&R64HI, OP_RCP, &hi, ISA_RN);
      w = w == REF_NAN ? 0x7fffffff : flush(&R64HI, w);
      EQ(isa_f64_rcp_approx_ftz(x), w << 32, "rcp.approx.ftz.f64 %#llx", (unsigned long long)x);
      w = ref_arith(&R64HI, OP_RSQRT, &hi, ISA_RN);
      w = w == REF_NAN ? 0x7fffffff : flush(&R64HI, w);
      EQ(isa_f64_rsqrt_approx_ftz(x), w << 32, "rsqrt.approx.ftz.f64 %#llx",
         (unsigned long long)x);
    }
    x &= ~UINT64_C(0x8000000000000000);
    if (!is_nan(&R64, x) && x != 0 && x != UINT64_C(0x7ff0000000000000)) {
      uint64_t want = ref_arith(&R64, OP_RSQRT, &x, ISA_RN);
      ck_assert_msg(f64_ulps(isa_f64_rsqrt_approx(x), want) <= 2, "rsqrt.approx.f64 %#llx",
                    (unsigned long long)x);
    }
  }
}
END_TEST

/* ---- sign operations, min/max, testp ---------------------------------------- */

/* min/max from the PTX pseudo-code, with host comparisons and signbit()
 * for the -0 < +0 rule. */
static uint32_t ref_pick32(uint32_t x, uint32_t y, bool is_max, bool nan_mode)
{
  float fx = isa_f32_from_bits(x), fy = isa_f32_from_bits(y);
  if (isnan(fx) || isnan(fy)) {
    if (nan_mode || (isnan(fx) && isnan(fy)))
      return 0x7fffffff;
    return isnan(fx) ? y : x;
  }
  bool x_less = fx < fy || (fx == fy && signbit(fx) && !signbit(fy));
  bool x_more = fx > fy || (fx == fy && !signbit(fx) && signbit(fy));
  return (is_max ? x_more : x_less) ? x : y;
}

static uint32_t ref_minmax32(const uint32_t *in, unsigned n, bool is_max, unsigned flags)
{
  uint32_t v[3];
  bool xs = ((in[0] ^ in[1]) & 0x80000000u) != 0;
  for (unsigned i = 0; i < n; i++) {
    v[i] = (flags & ISA_FP_FTZ) ? (uint32_t)flush(&R32, in[i]) : in[i];
    if (flags & ISA_FP_ABS)
      v[i] = isa_f32_bits(fabsf(isa_f32_from_bits(v[i])));
  }
  uint32_t d = ref_pick32(v[0], v[1], is_max, flags & ISA_FP_NAN);
  if (n == 3)
    d = ref_pick32(d, v[2], is_max, flags & ISA_FP_NAN);
  if (n == 2 && (flags & ISA_FP_XORSIGN_ABS) == ISA_FP_XORSIGN_ABS && !isnan(isa_f32_from_bits(d)))
    d = isa_f32_bits(copysignf(isa_f32_from_bits(d), xs ? -1.0f : 1.0f));
  return d;
}

static uint64_t ref_pick64(uint64_t x, uint64_t y, bool is_max)
{
  double fx = isa_f64_from_bits(x), fy = isa_f64_from_bits(y);
  if (isnan(fx) && isnan(fy))
    return x | UINT64_C(0x0008000000000000);
  if (isnan(fx) || isnan(fy))
    return isnan(fx) ? y : x;
  bool x_less = fx < fy || (fx == fy && signbit(fx) && !signbit(fy));
  bool x_more = fx > fy || (fx == fy && !signbit(fx) && signbit(fy));
  return (is_max ? x_more : x_less) ? x : y;
}

START_TEST(t_min_max)
{
  static const unsigned flag_sets[] = { 0,
                                        ISA_FP_FTZ,
                                        ISA_FP_NAN,
                                        ISA_FP_ABS,
                                        ISA_FP_XORSIGN_ABS,
                                        ISA_FP_FTZ | ISA_FP_NAN | ISA_FP_XORSIGN_ABS,
                                        ISA_FP_NAN | ISA_FP_ABS,
                                        ISA_FP_FTZ | ISA_FP_ABS };
  rng_seed(0x313);
  for (unsigned n = 0; n < N_RANDOM * 4; n++) {
    uint32_t in[3] = { (uint32_t)rand_fp(&R32, 0), 0, 0 };
    in[1] = (uint32_t)rand_fp(&R32, in[0]);
    in[2] = (uint32_t)rand_fp(&R32, in[1]);
    if (n < N_EDGES32 * N_EDGES32) {
      in[0] = edges32[n % N_EDGES32];
      in[1] = edges32[n / N_EDGES32];
    }
    unsigned flags = flag_sets[rng_next() % 8];
    unsigned flags3 = flags & ~(ISA_FP_XORSIGN_ABS & ~ISA_FP_ABS);
    EQ(isa_f32_min(in[0], in[1], flags), ref_minmax32(in, 2, false, flags), "min %#x %#x fl %#x",
       in[0], in[1], flags);
    EQ(isa_f32_max(in[0], in[1], flags), ref_minmax32(in, 2, true, flags), "max %#x %#x fl %#x",
       in[0], in[1], flags);
    EQ(isa_f32_min3(in[0], in[1], in[2], flags3), ref_minmax32(in, 3, false, flags3),
       "min3 %#x %#x %#x fl %#x", in[0], in[1], in[2], flags3);
    EQ(isa_f32_max3(in[0], in[1], in[2], flags3), ref_minmax32(in, 3, true, flags3),
       "max3 %#x %#x %#x fl %#x", in[0], in[1], in[2], flags3);
    uint64_t a = rand_fp(&R64, 0), b = rand_fp(&R64, a);
    if (n < N_EDGES64 * N_EDGES64) {
      a = edges64[n % N_EDGES64];
      b = edges64[n / N_EDGES64];
    }
    EQ(isa_f64_min(a, b), ref_pick64(a, b, false), "min.f64 %#llx %#llx", (unsigned long long)a,
       (unsigned long long)b);
    EQ(isa_f64_max(a, b), ref_pick64(a, b, true), "max.f64 %#llx %#llx", (unsigned long long)a,
       (unsigned long long)b);
  }
  /* Hand vectors from the PTX page's rules. */
  EQ(isa_f32_min(0, 0x80000000, 0), 0x80000000, "min(+0, -0) = -0");
  EQ(isa_f32_max(0x80000000, 0, 0), 0, "max(-0, +0) = +0");
  EQ(isa_f32_min(0x7fc00000, 0x3f800000, 0), 0x3f800000, "min(NaN, 1) = 1");
  EQ(isa_f32_min(0x7fc00000, 0x3f800000, ISA_FP_NAN), 0x7fffffff, "min.NaN(NaN, 1)");
  EQ(isa_f32_max(0xffc00001, 0x7f800001, 0), 0x7fffffff, "max(NaN, NaN) canonical");
  EQ(isa_f32_min(0xc0000000, 0x3f800000, ISA_FP_XORSIGN_ABS), 0xbf800000,
     "min.xorsign.abs(-2, 1) = -1");
  EQ(isa_f32_max(0xc0000000, 0xbf800000, ISA_FP_XORSIGN_ABS), 0x40000000,
     "max.xorsign.abs(-2, -1) = +2");
  EQ(isa_f32_max(0xc0000000, 0x7fc00000, ISA_FP_NAN | ISA_FP_XORSIGN_ABS), 0x7fffffff,
     "xorsign skips NaN");
  EQ(isa_f32_min(0x80000001, 0x00000002, ISA_FP_FTZ), 0x80000000, "min.ftz of subnormals: -0");
  EQ(isa_f32_min3(0x40000000, 0x7fc00000, 0xbf800000, 0), 0xbf800000, "min3 skips NaN");
  EQ(isa_f32_max3(0xc0400000, 0x3f800000, 0x40000000, ISA_FP_ABS), 0x40400000, "max3.abs = 3");
  EQ(isa_f64_min(UINT64_C(0x7ff0000000000001), UINT64_C(0x7ff8000000000002)),
     UINT64_C(0x7ff8000000000001), "min.f64 both NaN: a quieted");
  EQ(isa_f64_max(UINT64_C(0x7ff0000000000001), UINT64_C(0x3ff0000000000000)),
     UINT64_C(0x3ff0000000000000), "max.f64 NaN, 1");
  EQ(isa_f64_min(0, UINT64_C(0x8000000000000000)), UINT64_C(0x8000000000000000), "min.f64 zeros");
}
END_TEST

START_TEST(t_sign_ops_testp)
{
  rng_seed(0x5195);
  for (unsigned n = 0; n < N_RANDOM * 4; n++) {
    uint32_t a = (uint32_t)rand_fp(&R32, 0), b = (uint32_t)rand_fp(&R32, a);
    uint32_t fa = (uint32_t)flush(&R32, a);
    EQ(isa_f32_abs(a, 0), a & 0x7fffffff, "abs %#x", a);
    EQ(isa_f32_abs(a, ISA_FP_FTZ), fa & 0x7fffffff, "abs.ftz %#x", a);
    EQ(isa_f32_neg(a, 0), a ^ 0x80000000, "neg %#x", a);
    EQ(isa_f32_neg(a, ISA_FP_FTZ), fa ^ 0x80000000, "neg.ftz %#x", a);
    EQ(isa_f32_copysign(a, b), (b & 0x7fffffff) | (a & 0x80000000), "copysign %#x %#x", a, b);
    float fx = isa_f32_from_bits(a);
    int c = fpclassify(fx);
    bool want[] = { isfinite(fx), isinf(fx), !isnan(fx), isnan(fx),
                    c == FP_NORMAL || c == FP_ZERO, c == FP_SUBNORMAL };
    for (unsigned op = ISA_TESTP_FINITE; op <= ISA_TESTP_SUBNORMAL; op++)
      EQ(isa_f32_testp(a, (isa_testp)op), want[op], "testp %u %#x", op, a);

    uint64_t x = rand_fp(&R64, 0), y = rand_fp(&R64, x);
    double dx = isa_f64_from_bits(x);
    EQ(isa_f64_abs(x), isnan(dx) ? x : x & ~UINT64_C(0x8000000000000000), "abs.f64");
    EQ(isa_f64_neg(x), x ^ UINT64_C(0x8000000000000000), "neg.f64");
    EQ(isa_f64_copysign(x, y), (y & ~UINT64_C(0x8000000000000000)) | (x & UINT64_C(0x8000000000000000)),
       "copysign.f64");
    c = fpclassify(dx);
    bool want64[] = { isfinite(dx), isinf(dx), !isnan(dx), isnan(dx),
                      c == FP_NORMAL || c == FP_ZERO, c == FP_SUBNORMAL };
    for (unsigned op = ISA_TESTP_FINITE; op <= ISA_TESTP_SUBNORMAL; op++)
      EQ(isa_f64_testp(x, (isa_testp)op), want64[op], "testp.f64 %u %#llx", op,
         (unsigned long long)x);
  }
  EQ(isa_f32_abs(0xffc00001, 0), 0x7fc00001, "abs keeps the payload");
  EQ(isa_f32_abs(0x80000001, ISA_FP_FTZ), 0, "abs.ftz -sub = +0");
  EQ(isa_f32_neg(0x00000001, ISA_FP_FTZ), 0x80000000, "neg.ftz sub = -0");
  EQ(isa_f64_abs(UINT64_C(0xfff0000000000001)), UINT64_C(0xfff0000000000001), "abs.f64 NaN");
  EQ(isa_f32_testp(0x80000000, ISA_TESTP_NORMAL), 1, "-0 is normal");
  EQ(isa_f32_testp(0x00000001, ISA_TESTP_NORMAL), 0, "sub is not normal");
  EQ(isa_f32_testp(0x00000001, ISA_TESTP_SUBNORMAL), 1, "sub, never flushed");
}
END_TEST

/* ---- suite ------------------------------------------------------------------ */

static void gmp_setup(void)
{
  mpz_inits(g_t, g_u, g_v, g_w, g_x, g_y, g_z, NULL);
}

static void gmp_teardown(void)
{
  mpz_clears(g_t, g_u, g_v, g_w, g_x, g_y, g_z, NULL);
}

static Suite *fp_arith_suite(void)
{
  Suite *s = suite_create("fp_arith");
  struct {
    const char *name;
    const TTest *fn;
    int n_loop; /* loop index: the op, for the per-op tests */
  } cases[] = {
    { "f32_edges", t_f32_edges, OP_RSQRT },
    { "f64_edges", t_f64_edges, OP_RSQRT },
    { "f32_random", t_f32_random, OP_RSQRT },
    { "f64_random", t_f64_random, OP_RSQRT },
    { "hand_vectors", t_hand_vectors, 1 },
    { "f64_nan_rule", t_f64_nan_rule, 1 },
    { "mad_sm1x", t_mad_sm1x, 1 },
    { "approx_tables", t_approx_tables, 1 },
    { "approx_transcendental", t_approx_transcendental, 1 },
    { "approx_rounded", t_approx_rounded, 1 },
    { "f64_approx", t_f64_approx, 1 },
    { "min_max", t_min_max, 1 },
    { "sign_ops_testp", t_sign_ops_testp, 1 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, gmp_setup, gmp_teardown);
    tcase_add_loop_test(tc, cases[i].fn, 0, cases[i].n_loop);
    suite_add_tcase(s, tc);
  }
  return s;
}

int main(void)
{
  SRunner *sr = srunner_create(fp_arith_suite());
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
