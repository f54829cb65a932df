/* check_exec.c -- every instruction form of the corpus census executed
 * end to end through the public API, checked against references written
 * here in C.
 *
 * A case is one PTX instruction (or a short sequence such as a carry
 * chain) over the placeholder registers %ia %ib %ic (inputs) and %od %oe
 * (outputs).  A generic harness wraps it in a kernel that loads each
 * thread's inputs from a global array (ld.global of the operand's type),
 * executes it, and stores the results (predicates as 0/1 through selp).
 * Each case runs over hand-picked edge values (all pairs for two inputs)
 * plus N_RANDOM vectors from a fixed-seed generator, 32 threads per block
 * over as many blocks as needed, and compares bit for bit.
 *
 * The references never call ptxsim's isa/ code.  Integer references use
 * plain C on unsigned types, __int128 and GMP.  FP references: f32/f64
 * add/sub/mul/fma/div/sqrt/rcp use the host FPU under fesetround() with
 * PTX's rules (.ftz on inputs and results, .sat, canonical NaNs) applied
 * explicitly; f16/bf16 arithmetic and every conversion are computed
 * exactly with GMP and rounded by round_fmt() below.  Approximate
 * instructions are checked against libm in double (or long double) with
 * the error bounds of the PTX ISA, and their special-case tables exactly.
 * Warp-level instructions (shfl, vote, match, redux) get a reference that
 * sees the whole warp.  Atomics, vector loads/stores and activemask have
 * their own kernels.
 *
 * Sources: /work/notes/semantics/*.md (PTX ISA 9.0 transcriptions).
 * Choices the spec leaves open follow the notes' [emu] recommendations and
 * are marked so in the comments: f32 NaN results are 0x7fffffff, f64
 * 0x7fffffffffffffff, f16/bf16 0x7fff; integer x/0 and x%0 are all ones;
 * .ftz flushes a result after rounding; .sat maps -0 to +0.
 */
#include "config.h"

#include <check.h>
#include <fenv.h>
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/test_util.h"

#define N_RANDOM 1024
#define BLOCK 32

/* ---- deterministic inputs ------------------------------------------------ */

static uint64_t rng_state;

static void rng_seed(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  rng_state = h;
}

/* splitmix64 */
static uint64_t rng_next(void)
{
  uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* ---- bit helpers ------------------------------------------------------- */

static uint64_t ones(unsigned w)
{
  return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

/* The w-bit value v read as signed. */
static int64_t sx(uint64_t v, unsigned w)
{
  v &= ones(w);
  if (w < 64 && (v >> (w - 1)) & 1)
    v |= ~ones(w);
  return (int64_t)v;
}

static uint32_t f2u(float f)
{
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float u2f(uint32_t u)
{
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint64_t d2u(double f)
{
  uint64_t u;
  memcpy(&u, &f, 8);
  return u;
}
static double u2d(uint64_t u)
{
  double f;
  memcpy(&f, &u, 8);
  return f;
}

/* ---- IEEE formats, exact values and rounding ------------------------------ */

typedef struct fmt {
  unsigned mbits, ebits; /* fraction and exponent field widths */
} fmt;
static const fmt F16 = {10, 5}, BF16 = {7, 8}, F32 = {23, 8}, F64 = {52, 11}, TF32 = {10, 8};

enum { RN, RZ, RM, RP, RNA };
static const int fe_mode[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD, FE_TONEAREST};

static unsigned fmt_bits(fmt f)
{
  return 1 + f.ebits + f.mbits;
}
static int fmt_bias(fmt f)
{
  return (1 << (f.ebits - 1)) - 1;
}
static uint64_t fmt_sign(fmt f)
{
  return UINT64_C(1) << (fmt_bits(f) - 1);
}
static uint64_t fmt_inf(fmt f)
{
  return ones(f.ebits) << f.mbits;
}
static bool fmt_isnan(fmt f, uint64_t b)
{
  return (b & ~fmt_sign(f) & ones(fmt_bits(f) - 1)) > fmt_inf(f);
}
static bool fmt_isinf(fmt f, uint64_t b)
{
  return (b & (fmt_sign(f) - 1)) == fmt_inf(f);
}
static bool fmt_iszero(fmt f, uint64_t b)
{
  return (b & (fmt_sign(f) - 1)) == 0;
}
static bool fmt_issub(fmt f, uint64_t b)
{
  return ((b >> f.mbits) & ones(f.ebits)) == 0 && (b & ones(f.mbits)) != 0;
}
/* .ftz on a value: subnormal -> zero of the same sign. */
static uint64_t fmt_ftz(fmt f, uint64_t b)
{
  return fmt_issub(f, b) ? b & fmt_sign(f) : b;
}
/* The canonical NaN of each format ([emu], see the file comment). */
static uint64_t fmt_cnan(fmt f)
{
  return fmt_bits(f) == 64 ? UINT64_C(0x7fffffffffffffff) : fmt_sign(f) - 1;
}

/* A finite value as (-1)^neg * m * 2^e. */
static void fmt_decode(fmt f, uint64_t b, bool *neg, mpz_t m, long *e)
{
  uint64_t frac = b & ones(f.mbits), ex = (b >> f.mbits) & ones(f.ebits);
  *neg = (b & fmt_sign(f)) != 0;
  if (ex == 0) {
    mpz_set_ui(m, 0);
    mpz_import(m, 1, 1, 8, 0, 0, &frac);
    *e = 1 - fmt_bias(f) - (long)f.mbits;
  } else {
    uint64_t mm = frac | (UINT64_C(1) << f.mbits);
    mpz_import(m, 1, 1, 8, 0, 0, &mm);
    *e = (long)ex - fmt_bias(f) - (long)f.mbits;
  }
}

static uint64_t mpz_u64(const mpz_t m)
{
  uint64_t v = 0;
  size_t n = 0;
  mpz_export(&v, &n, -1, 8, 0, 0, m);
  return v;
}

/* Rounds (-1)^neg * m * 2^e (m >= 0, exact) to format f with mode rm. */
static uint64_t round_fmt(fmt f, bool neg, const mpz_t m, long e, int rm)
{
  uint64_t sign = neg ? fmt_sign(f) : 0;
  if (mpz_sgn(m) == 0)
    return sign;
  long n = (long)mpz_sizeinbase(m, 2);
  long E = n - 1 + e, emin = 1 - fmt_bias(f), emax = fmt_bias(f);
  long q = (E < emin ? emin : E) - (long)f.mbits; /* exponent of the last kept bit */
  mpz_t M, r;
  mpz_inits(M, r, NULL);
  long sh = q - e;
  bool up = false;
  if (sh <= 0) {
    mpz_mul_2exp(M, m, (unsigned long)-sh);
  } else {
    mpz_fdiv_q_2exp(M, m, (unsigned long)sh);
    mpz_fdiv_r_2exp(r, m, (unsigned long)sh);
    if (mpz_sgn(r) != 0) {
      int c = (long)mpz_sizeinbase(r, 2) < sh ? -1 : (mpz_scan1(r, 0) == (mp_bitcnt_t)(sh - 1) ? 0 : 1);
      switch (rm) {
      case RN: up = c > 0 || (c == 0 && mpz_odd_p(M)); break;
      case RNA: up = c >= 0; break;
      case RZ: up = false; break;
      case RM: up = neg; break;
      case RP: up = !neg; break;
      }
    }
  }
  if (up)
    mpz_add_ui(M, M, 1);
  if (mpz_sizeinbase(M, 2) > f.mbits + 1) { /* carried into a new binade */
    mpz_fdiv_q_2exp(M, M, 1);
    q++;
  }
  uint64_t mm = mpz_u64(M), bits;
  mpz_clears(M, r, NULL);
  if (q + (long)f.mbits > emax) { /* overflow */
    bool to_inf = rm == RN || rm == RNA || (rm == RM && neg) || (rm == RP && !neg);
    return sign | (to_inf ? fmt_inf(f) : fmt_inf(f) - 1);
  }
  if (mm >> f.mbits)
    bits = ((uint64_t)(q + f.mbits + fmt_bias(f)) << f.mbits) | (mm & ones(f.mbits));
  else
    bits = mm;
  return sign | bits;
}

/* Rounds (-1)^neg * m * 2^e to an integer (mpz, signed) with mode rm. */
static void round_int(mpz_t out, bool neg, const mpz_t m, long e, int rm)
{
  if (e >= 0) {
    mpz_mul_2exp(out, m, (unsigned long)e);
  } else {
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_q_2exp(out, m, (unsigned long)-e);
    mpz_fdiv_r_2exp(r, m, (unsigned long)-e);
    if (mpz_sgn(r)) {
      int c = (long)mpz_sizeinbase(r, 2) < -e ? -1 : (mpz_scan1(r, 0) == (mp_bitcnt_t)(-e - 1) ? 0 : 1);
      bool up = false;
      switch (rm) {
      case RN: up = c > 0 || (c == 0 && mpz_odd_p(out)); break;
      case RNA: up = c >= 0; break;
      case RZ: up = false; break;
      case RM: up = neg; break;
      case RP: up = !neg; break;
      }
      if (up)
        mpz_add_ui(out, out, 1);
    }
    mpz_clear(r);
  }
  if (neg)
    mpz_neg(out, out);
}

/* Value of a finite format number as a double (exact for f16/bf16/f32). */
static double fmt_to_double(fmt f, uint64_t b)
{
  if (fmt_isnan(f, b))
    return NAN;
  if (fmt_isinf(f, b))
    return (b & fmt_sign(f)) ? -INFINITY : INFINITY;
  bool neg;
  mpz_t m;
  long e;
  mpz_init(m);
  fmt_decode(f, b, &neg, m, &e);
  double v = ldexp(mpz_get_d(m), (int)e);
  mpz_clear(m);
  return neg ? -v : v;
}

/* Exact a*b + c (c_present) or a + b or a * b on three formatted values,
 * rounded to f.  op: 0 add, 1 mul, 2 fma.  Handles specials per IEEE 754;
 * NaN results are returned as fmt_cnan. */
static uint64_t exact_arith(fmt f, int op, uint64_t a, uint64_t b, uint64_t c, int rm)
{
  bool na, nb, nc;
  if (fmt_isnan(f, a) || fmt_isnan(f, b) || (op == 2 && fmt_isnan(f, c)))
    return fmt_cnan(f);
  uint64_t S = fmt_sign(f);
  if (op == 0) { /* add */
    if (fmt_isinf(f, a) || fmt_isinf(f, b)) {
      if (fmt_isinf(f, a) && fmt_isinf(f, b) && ((a ^ b) & S))
        return fmt_cnan(f);
      return fmt_isinf(f, a) ? a : b;
    }
  }
  bool pinf = false, pneg = ((a ^ b) & S) != 0;
  if (op >= 1) {
    if (fmt_isinf(f, a) || fmt_isinf(f, b)) {
      if (fmt_iszero(f, a) || fmt_iszero(f, b))
        return fmt_cnan(f);
      pinf = true;
    }
    if (op == 1 && pinf)
      return (pneg ? S : 0) | fmt_inf(f);
    if (op == 2) {
      if (pinf && fmt_isinf(f, c) && (pneg != ((c & S) != 0)))
        return fmt_cnan(f);
      if (pinf)
        return (pneg ? S : 0) | fmt_inf(f);
      if (fmt_isinf(f, c))
        return c;
    }
  }
  mpz_t ma, mb, mc, t1, t2;
  long ea, eb, ec, e1, e2;
  mpz_inits(ma, mb, mc, t1, t2, NULL);
  fmt_decode(f, a, &na, ma, &ea);
  fmt_decode(f, b, &nb, mb, &eb);
  bool n1, n2, zero1, zero2;
  if (op == 0) {
    mpz_set(t1, ma), e1 = ea, n1 = na;
    mpz_set(t2, mb), e2 = eb, n2 = nb;
  } else {
    mpz_mul(t1, ma, mb), e1 = ea + eb, n1 = na != nb;
    if (op == 1) {
      uint64_t r = round_fmt(f, n1, t1, e1, rm);
      mpz_clears(ma, mb, mc, t1, t2, NULL);
      return r;
    }
    fmt_decode(f, c, &nc, mc, &ec);
    mpz_set(t2, mc), e2 = ec, n2 = nc;
  }
  zero1 = mpz_sgn(t1) == 0;
  zero2 = mpz_sgn(t2) == 0;
  long emn = e1 < e2 ? e1 : e2;
  mpz_mul_2exp(t1, t1, (unsigned long)(e1 - emn));
  mpz_mul_2exp(t2, t2, (unsigned long)(e2 - emn));
  if (n1)
    mpz_neg(t1, t1);
  if (n2)
    mpz_neg(t2, t2);
  mpz_add(t1, t1, t2);
  uint64_t r;
  if (mpz_sgn(t1) == 0) {
    /* IEEE 754 6.3: exact zero sum is +0 except -0 + -0, and -0 under RM. */
    if (zero1 && zero2 && n1 == n2)
      r = n1 ? S : 0;
    else
      r = rm == RM ? S : 0;
  } else {
    bool neg = mpz_sgn(t1) < 0;
    mpz_abs(t1, t1);
    r = round_fmt(f, neg, t1, emn, rm);
  }
  mpz_clears(ma, mb, mc, t1, t2, NULL);
  return r;
}

/* Converts between formats (narrowing rounds by rm, widening is exact). */
static uint64_t fmt_convert(fmt to, fmt from, uint64_t b, int rm)
{
  if (fmt_isnan(from, b))
    return fmt_cnan(to);
  uint64_t s = (b & fmt_sign(from)) ? fmt_sign(to) : 0;
  if (fmt_isinf(from, b))
    return s | fmt_inf(to);
  bool neg;
  mpz_t m;
  long e;
  mpz_init(m);
  fmt_decode(from, b, &neg, m, &e);
  uint64_t r = round_fmt(to, neg, m, e, rm);
  mpz_clear(m);
  return r;
}

/* .sat: clamp to [0, 1], NaN -> +0, -0 -> +0 ([emu]). */
static uint64_t fmt_sat(fmt f, uint64_t b)
{
  if (fmt_isnan(f, b) || (b & fmt_sign(f)))
    return 0;
  uint64_t one = (uint64_t)fmt_bias(f) << f.mbits;
  return b > one ? one : b;
}

/* ---- operand kinds and input generators ----------------------------------- */

/* Register kinds of the placeholders. */
enum { K_NONE, K_P, K_H, K_R, K_L, K_F, K_D };
static const char *const k_reg[] = {"", ".pred", ".b16", ".b32", ".b64", ".f32", ".f64"};
static const char *const k_ld[] = {"", "u32", "b16", "b32", "b64", "f32", "f64"};
static const unsigned k_bits[] = {0, 1, 16, 32, 64, 32, 64};

/* Input generators. */
enum {
  G_NONE, G_I8, G_I16, G_I32, G_I64, G_SH, G_POS8, G_P, G_F32, G_F64, G_F16, G_BF16, G_F16X2,
  G_BF16X2, G_SMALL, G_LANE, G_WP, G_WSMALL, G_SEGC, G_U5, G_SIN
};

static const uint64_t e_i8[] = {0, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40, 0x3f};
static const uint64_t e_i16[] = {0, 1, 2, 0xffff, 0xfffe, 0x8000, 0x7fff, 0x8001, 0xff, 0x100, 7, 0xfff9, 0x5555, 0xaaaa};
static const uint64_t e_i32[] = {0, 1, 2, 0xffffffff, 0xfffffffe, 0x80000000, 0x80000001, 0x7fffffff,
                                 0x7ffffffe, 0x8000, 0xffff, 0x10000, 7, 0xfffffff9, 100, 0xffffff9c,
                                 0x55555555, 0xaaaaaaaa, 0x00800000, 0x00ffffff};
static const uint64_t e_i64[] = {0, 1, 2, UINT64_MAX, UINT64_MAX - 1, UINT64_C(0x8000000000000000),
                                 UINT64_C(0x8000000000000001), UINT64_C(0x7fffffffffffffff),
                                 0xffffffff, UINT64_C(0x100000000), 0x80000000, 0x7fffffff,
                                 UINT64_C(0xffffffff80000000), 7, UINT64_C(0xfffffffffffffff9),
                                 UINT64_C(0x5555555555555555), UINT64_C(0xaaaaaaaaaaaaaaaa)};
static const uint64_t e_sh[] = {0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 0xffffffff, 0x80000000};
static const uint64_t e_pos8[] = {0, 1, 4, 8, 16, 24, 31, 32, 33, 63, 64, 65, 255, 256, 0x101, 0x120};
static const uint64_t e_p[] = {0, 1};
static const uint64_t e_f32[] = {
  0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0x40200000, 0xc0200000,
  0x40400000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00001, 0xffc00000, 0x7f800001,
  0x7fffffff, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x3f000001,
  0x3effffff, 0x3f800001, 0x4b000000, 0x4b7fffff, 0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000,
  0xdf000000, 0x40490fdb, 0xc0490fdb, 0x42c80000, 0x7e800000, 0x3f7fffff, 0x00400000};
static const uint64_t e_f64[] = {
  0, UINT64_C(0x8000000000000000), UINT64_C(0x3ff0000000000000), UINT64_C(0xbff0000000000000),
  UINT64_C(0x3fe0000000000000), UINT64_C(0x3ff8000000000000), UINT64_C(0x4004000000000000),
  UINT64_C(0xc004000000000000), UINT64_C(0x7fefffffffffffff), UINT64_C(0xffefffffffffffff),
  UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000), UINT64_C(0x7ff8000000000001),
  UINT64_C(0xfff8000000000000), UINT64_C(0x7ff0000000000001), UINT64_C(0x0000000000000001),
  UINT64_C(0x8000000000000001), UINT64_C(0x000fffffffffffff), UINT64_C(0x0010000000000000),
  UINT64_C(0x3fe0000000000001), UINT64_C(0x3fdfffffffffffff), UINT64_C(0x3ff0000000000001),
  UINT64_C(0x41dfffffffc00000), UINT64_C(0x41e0000000000000), UINT64_C(0xc1e0000000000000),
  UINT64_C(0x41efffffffe00000), UINT64_C(0x43e0000000000000), UINT64_C(0xc3e0000000000000),
  UINT64_C(0x43f0000000000000), UINT64_C(0x400921fb54442d18), UINT64_C(0x47efffffe0000000),
  UINT64_C(0x36a0000000000000), UINT64_C(0x3810000000000000), UINT64_C(0x7fe0000000000000)};
static const uint64_t e_f16[] = {0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100, 0x7bff, 0xfbff,
                                 0x7c00, 0xfc00, 0x7e00, 0x7e01, 0xfe00, 0x7c01, 0x0001, 0x8001,
                                 0x03ff, 0x0400, 0x3c01, 0x3bff, 0x7800, 0x1400, 0x5640};
static const uint64_t e_bf16[] = {0, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0x4020, 0xc020, 0x7f7f, 0xff7f,
                                  0x7f80, 0xff80, 0x7fc0, 0x7fc1, 0xffc0, 0x7f81, 0x0001, 0x8001,
                                  0x007f, 0x0080, 0x3f81, 0x3f7f, 0x4b00, 0x0040};
static const uint64_t e_segc[] = {0x1f, 0x101f, 0x181f, 0x0, 0x1c1f, 0x1e1f, 0x1800, 0x3};

typedef struct gen_info {
  const uint64_t *e;
  size_t n;
} gen_info;
#define GE(a) {a, sizeof a / sizeof a[0]}
static const gen_info gens[] = {
  [G_I8] = GE(e_i8), [G_I16] = GE(e_i16), [G_I32] = GE(e_i32), [G_I64] = GE(e_i64),
  [G_SH] = GE(e_sh), [G_POS8] = GE(e_pos8), [G_P] = GE(e_p), [G_F32] = GE(e_f32),
  [G_F64] = GE(e_f64), [G_F16] = GE(e_f16), [G_BF16] = GE(e_bf16), [G_SEGC] = GE(e_segc),
  [G_SIN] = GE(e_f32),
};

/* A random w-bit integer leaning towards edges. */
static uint64_t rand_int(unsigned w)
{
  uint64_t r = rng_next(), v;
  unsigned k = (unsigned)(r >> 8) % w;
  switch (r & 7) {
  case 0: v = (r >> 16) & 0x3f; break;
  case 1: v = 0 - ((r >> 16) & 0x3f); break;
  case 2: v = (UINT64_C(1) << k) + ((r >> 20) % 3) - 1; break;
  case 3: v = (r >> 16) & 0xffff; break;
  default: v = rng_next(); break;
  }
  return v & ones(w);
}

/* A random float in format f: random bits, numbers near 1, ties, tiny. */
static uint64_t rand_fp(fmt f)
{
  uint64_t r = rng_next(), v = rng_next() & ones(fmt_bits(f));
  uint64_t s = (r >> 40 & 1) ? fmt_sign(f) : 0;
  switch (r & 7) {
  case 0: case 1: break; /* any bits, NaNs and infinities included */
  case 2: case 3: { /* exponent within +-24 of 1.0 */
    long ex = fmt_bias(f) + (long)((r >> 8) % 49) - 24;
    v = s | ((uint64_t)ex << f.mbits) | (v & ones(f.mbits));
    break;
  }
  case 4: { /* k + 0.5 and neighbours: rounding ties */
    mpz_t m;
    mpz_init_set_ui(m, (unsigned long)(((r >> 8) & 0xffff) * 2 + 1));
    v = round_fmt(f, s != 0, m, -1, RN);
    mpz_clear(m);
    if ((r >> 30) & 1)
      v += ((r >> 31) & 1) ? 1 : -1;
    break;
  }
  case 5: v = s | (v & ones(f.mbits)); break; /* subnormal */
  case 6: { /* small integers */
    mpz_t m;
    mpz_init_set_ui(m, (unsigned long)((r >> 8) & 0x3ff));
    v = round_fmt(f, s != 0, m, 0, RN);
    mpz_clear(m);
    break;
  }
  default: { /* large magnitudes */
    long ex = 2 * fmt_bias(f) - (long)((r >> 8) % 40);
    if (ex < 1)
      ex = 1;
    v = s | ((uint64_t)ex << f.mbits) | (v & ones(f.mbits));
    break;
  }
  }
  return v;
}

/* Input j of vector i from generator g: edges first (indices e0..), then
 * random. warp = vector index / 32 for the warp-level generators. */
static uint64_t gen_random(int g, size_t i)
{
  uint64_t r;
  size_t warp = i / 32;
  switch (g) {
  case G_I8: return rand_int(8);
  case G_I16: return rand_int(16);
  case G_I32: return rand_int(32);
  case G_I64: return rand_int(64);
  case G_SH: r = rng_next(); return (r & 1) ? (r >> 8) % 70 : e_sh[(r >> 8) % 17];
  case G_POS8: r = rng_next(); return (r & 3) ? (r >> 8) % 40 : (r >> 8) & 0x1ff;
  case G_P: return rng_next() & 1;
  case G_F32: return rand_fp(F32);
  case G_F64: return rand_fp(F64);
  case G_F16: return rand_fp(F16);
  case G_BF16: return rand_fp(BF16);
  case G_F16X2: return rand_fp(F16) | rand_fp(F16) << 16;
  case G_BF16X2: return rand_fp(BF16) | rand_fp(BF16) << 16;
  case G_SMALL: return rng_next() % 4;
  case G_U5: return rng_next() % 40;
  case G_LANE: return rng_next() & 0xffffffff;
  case G_WP: /* per-warp patterns: all 1, all 0, random */
    return warp % 3 == 0 ? 1 : warp % 3 == 1 ? 0 : rng_next() & 1;
  case G_WSMALL: /* per warp: all equal, or 0..3 */
    return warp % 3 == 0 ? 5 : rng_next() % (warp % 3 == 1 ? 2 : 4);
  case G_SEGC: return e_segc[warp % 8];
  case G_SIN: { /* radians in +-2pi, +-100pi, and beyond */
    r = rng_next();
    double x = ((double)(r >> 11) / 9007199254740992.0 * 2 - 1) * ((r & 3) == 0 ? 6.28 : (r & 3) == 1 ? 314.0 : (r & 3) == 2 ? 1.0 : 1e4);
    return f2u((float)x);
  }
  }
  return 0;
}

static uint64_t gen_edge_or_random(int g, size_t i, size_t k)
{
  if (g == G_F16X2 || g == G_BF16X2) {
    const gen_info *gi = &gens[g == G_F16X2 ? G_F16 : G_BF16];
    return gi->e[k % gi->n] | gi->e[(k * 7 + 3) % gi->n] << 16;
  }
  if (gens[g].n == 0 || g >= G_SMALL)
    return gen_random(g, i);
  return gens[g].e[k % gens[g].n];
}

/* ---- cases ----------------------------------------------------------------- */

typedef struct xcase xcase;
/* Exact reference: d[0..1] from a[0..2]. */
typedef void (*ref_fn)(const xcase *c, const uint64_t *a, uint64_t *d);
/* Approximate check: true if got is acceptable; *want receives the
 * reference for messages. */
typedef bool (*chk_fn)(const xcase *c, const uint64_t *a, const uint64_t *got, uint64_t *want);
/* Warp reference: in[lane*3+j] -> out[lane*2+k] for one warp. */
typedef void (*wref_fn)(const xcase *c, const uint64_t *in, uint64_t *out);

struct xcase {
  const char *fam;  /* TCase */
  const char *name; /* the form; also the body when body is NULL */
  const char *body; /* instruction text over %ia %ib %ic -> %od %oe */
  uint8_t in[3], gen[3], out[2];
  ref_fn ref;
  chk_fn chk;
  wref_fn wref;
  int w, sg, aux, aux2; /* parameters for generic references */
};

/* Inputs of a case: edges (all pairs / triples when few), then random. */
static size_t build_inputs(const xcase *c, uint64_t **out)
{
  int n_in = 0;
  size_t ne[3] = {1, 1, 1};
  for (int j = 0; j < 3; j++)
    if (c->in[j] != K_NONE) {
      n_in = j + 1;
      int g = c->gen[j];
      ne[j] = g == G_F16X2 ? gens[G_F16].n : g == G_BF16X2 ? gens[G_BF16].n : gens[g].n;
      if (ne[j] == 0)
        ne[j] = 1;
    }
  size_t n_edge = ne[0] * ne[1] * ne[2];
  bool all = n_edge <= 2500;
  if (!all)
    n_edge = 1536;
  if (c->wref)
    n_edge = 0;
  size_t n = n_edge + N_RANDOM;
  n = (n + BLOCK - 1) / BLOCK * BLOCK;
  uint64_t *v = calloc(n * 3, sizeof *v);
  rng_seed(c->name);
  for (size_t i = 0; i < n; i++) {
    for (int j = 0; j < n_in; j++) {
      int g = c->gen[j];
      uint64_t x;
      if (i < n_edge) {
        size_t k;
        if (all) {
          size_t idx = i;
          for (int t = 0; t < j; t++)
            idx /= ne[t];
          k = idx % ne[j];
        } else {
          k = rng_next() % ne[j];
        }
        x = gen_edge_or_random(g, i, k);
      } else {
        x = gen_random(g, i);
      }
      v[i * 3 + j] = x & ones(k_bits[c->in[j]] == 1 ? 32 : k_bits[c->in[j]]);
    }
  }
  *out = v;
  return n;
}

#define HEADER ".version 8.5\n.target sm_90\n.address_size 64\n"

static char *build_kernel(const xcase *c)
{
  static const char *const nm_in[] = {"%ia", "%ib", "%ic"}, *const nm_out[] = {"%od", "%oe"};
  size_t cap = 8192 + strlen(c->body ? c->body : c->name);
  char *s = malloc(cap);
  int n = snprintf(s, cap,
                   HEADER ".visible .entry k(.param .u64 pin, .param .u64 pout)\n{\n"
                          "  .reg .b32 %%t<6>; .reg .b64 %%x<8>;\n"
                          "  .reg .b32 %%s<12>; .reg .b64 %%sl<12>; .reg .pred %%sp<4>; .reg .b16 %%sh<8>;\n"
                          "  .reg .f32 %%sf<4>; .reg .f64 %%sd<4>;\n");
  for (int j = 0; j < 3; j++)
    if (c->in[j])
      n += snprintf(s + n, cap - n, "  .reg %s %s;\n", k_reg[c->in[j]], nm_in[j]);
  for (int j = 0; j < 2; j++)
    if (c->out[j])
      n += snprintf(s + n, cap - n, "  .reg %s %s;\n", k_reg[c->out[j]], nm_out[j]);
  n += snprintf(s + n, cap - n,
                "  mov.u32 %%t0, %%tid.x; mov.u32 %%t1, %%ctaid.x; mov.u32 %%t2, %%ntid.x;\n"
                "  mad.lo.u32 %%t3, %%t1, %%t2, %%t0;\n"
                "  ld.param.u64 %%x0, [pin]; ld.param.u64 %%x1, [pout];\n"
                "  mul.wide.u32 %%x2, %%t3, 24; add.s64 %%x3, %%x0, %%x2;\n"
                "  mul.wide.u32 %%x4, %%t3, 16; add.s64 %%x5, %%x1, %%x4;\n");
  for (int j = 0; j < 3; j++) {
    if (c->in[j] == K_P)
      n += snprintf(s + n, cap - n, "  ld.global.u32 %%t4, [%%x3+%d]; setp.ne.u32 %s, %%t4, 0;\n",
                    8 * j, nm_in[j]);
    else if (c->in[j])
      n += snprintf(s + n, cap - n, "  ld.global.%s %s, [%%x3+%d];\n", k_ld[c->in[j]], nm_in[j],
                    8 * j);
  }
  n += snprintf(s + n, cap - n, "  %s\n", c->body ? c->body : c->name);
  for (int j = 0; j < 2; j++) {
    if (c->out[j] == K_P)
      n += snprintf(s + n, cap - n, "  selp.u32 %%t5, 1, 0, %s; st.global.u32 [%%x5+%d], %%t5;\n",
                    nm_out[j], 8 * j);
    else if (c->out[j])
      n += snprintf(s + n, cap - n, "  st.global.%s [%%x5+%d], %s;\n", k_ld[c->out[j]], 8 * j,
                    nm_out[j]);
  }
  snprintf(s + n, cap - n, "  ret;\n}\n");
  return s;
}

/* ---- running ------------------------------------------------------------- */

typedef struct fixture {
  ptxsim_module *m;
  ptxsim_device *d;
} fixture;

/* Loads text onto a fresh device; 0, or the failing status with the
 * message in err. */
static int fx_try_load(fixture *f, const char *ptx, char *err, size_t n_err)
{
  char *msgs = NULL;
  f->d = NULL;
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

static void fx_free(fixture *f)
{
  if (f->d)
    ptxsim_device_destroy(f->d);
  if (f->m)
    ptxsim_module_free(f->m);
}

static void fx_load(fixture *f, const char *ptx)
{
  char err[2048];
  int rc = fx_try_load(f, ptx, err, sizeof err);
  ck_assert_msg(rc == 0, "%s", err);
}

static ptxsim_devptr fx_buf(fixture *f, const void *data, size_t bytes)
{
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(f->d, bytes, &p), 0);
  if (data)
    ck_assert_int_eq(ptxsim_memcpy_htod(f->d, p, data, bytes), 0);
  else
    ck_assert_int_eq(ptxsim_memset(f->d, p, 0, bytes), 0);
  return p;
}

static void fmt_in(char *buf, size_t n, const xcase *c, const uint64_t *a)
{
  int k = 0;
  for (int j = 0; j < 3 && c->in[j]; j++)
    k += snprintf(buf + k, n - k, "%s0x%llx", j ? ", " : "", (unsigned long long)a[j]);
}

extern const xcase cases[];
extern const size_t n_cases;

START_TEST(exec_case)
{
  const xcase *c = &cases[_i];
  char *ptx = build_kernel(c);
  fixture f;
  char err[4096];
  int rc = fx_try_load(&f, ptx, err, sizeof err);
  if (rc != 0) {
    fx_free(&f);
    ck_abort_msg("%s: %s%s", c->name, rc == PTXSIM_E_UNSUPPORTED ? "UNSUPPORTED " : "", err);
  }
  uint64_t *in;
  size_t n = build_inputs(c, &in);
  uint64_t *out = calloc(n * 2, sizeof *out);
  ptxsim_devptr din = fx_buf(&f, in, n * 24), dout = fx_buf(&f, NULL, n * 16);
  const void *args[] = {&din, &dout};
  rc = ptxsim_launch(f.d, "k", (ptxsim_dim3){(unsigned)(n / BLOCK), 1, 1},
                     (ptxsim_dim3){BLOCK, 1, 1}, 0, args, 2);
  if (rc != 0) {
    snprintf(err, sizeof err, "%s: launch (%s): %s\n%s", c->name, ptxsim_status_string(rc),
             ptxsim_device_error(f.d), ptx);
    fx_free(&f);
    ck_abort_msg("%s", err);
  }
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.d, out, dout, n * 16), 0);
  uint64_t *want = calloc(n * 2, sizeof *want);
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
      got[j] &= ones(k_bits[c->out[j]]);
    if (c->chk) {
      ok = c->chk(c, a, got, exp);
    } else {
      if (c->ref)
        c->ref(c, a, exp);
      for (int j = 0; j < 2; j++)
        if (c->out[j] && (exp[j] & ones(k_bits[c->out[j]])) != got[j])
          ok = false;
    }
    if (!ok) {
      if (n_bad < 4 && k < (int)sizeof msg - 300) {
        char ib[200];
        fmt_in(ib, sizeof ib, c, a);
        k += snprintf(msg + k, sizeof msg - k, "\n    in (%s) [thread %zu]: got 0x%llx", ib, i,
                      (unsigned long long)got[0]);
        if (c->out[1])
          k += snprintf(msg + k, sizeof msg - k, ",0x%llx", (unsigned long long)got[1]);
        k += snprintf(msg + k, sizeof msg - k, " want 0x%llx",
                      (unsigned long long)(exp[0] & ones(k_bits[c->out[0]])));
        if (c->out[1])
          k += snprintf(msg + k, sizeof msg - k, ",0x%llx",
                        (unsigned long long)(exp[1] & ones(k_bits[c->out[1]])));
      }
      n_bad++;
    }
  }
  free(in);
  free(out);
  free(want);
  free(ptx);
  fx_free(&f);
  ck_assert_msg(n_bad == 0, "%s: %zu/%zu vectors wrong:%s", c->name, n_bad, n, msg);
}
END_TEST
