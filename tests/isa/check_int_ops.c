/* check_int_ops.c -- tests for isa/int_ops.[ch].
 *
 * Arithmetic is checked against GMP: each reference forms the exact
 * mathematical result (products, wide products, multi-word sums, truncating
 * quotients) and only then reduces it modulo 2^w or clamps it, so it shares
 * no wrap-around tricks with the code under test.  Bit operations are
 * checked against bit-by-bit loops written from the PTX pseudo-code, not
 * against copies of the implementation.  Every function also gets
 * hand-worked vectors (from the PTX pages where they give examples) and
 * N_RANDOM vectors per width/signedness from a fixed-seed generator that
 * leans towards edge values.
 */
#include <check.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa/int_ops.h"

#define N_RANDOM 50000

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

static uint64_t ones(unsigned w)
{
  return w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

/* A w-bit value: one time in two an edge (0, +-1, INT_MIN, INT_MAX,
 * UINT_MAX, powers of two and their neighbours, small numbers). */
static uint64_t rand_val(unsigned w)
{
  uint64_t r = rng_next(), v;
  unsigned k = (unsigned)(r >> 8) % w;
  switch (r & 7) {
  case 0: {
    const uint64_t top = UINT64_C(1) << (w - 1);
    const uint64_t edges[] = { 0, 1, 2, ones(w), top, top - 1, top + 1, ones(w) - 1 };
    v = edges[(r >> 16) % 8];
    break;
  }
  case 1:
    v = (r >> 16) & 0x3f;
    break;
  case 2:
    v = 0 - ((r >> 16) & 0x3f);
    break;
  case 3:
    v = (UINT64_C(1) << k) + ((r >> 20) % 3) - 1;
    break;
  default:
    v = rng_next();
    break;
  }
  return v & ones(w);
}

/* A shift amount / position: edges around w, 255, 2^32-1, or random. */
static uint32_t rand_amount(unsigned w)
{
  uint64_t r = rng_next();
  const uint32_t edges[] = { 0, 1, w - 1, w, w + 1, 31, 32, 33, 63, 64, 65, 255, 256, 257,
                             UINT32_MAX, 0x80000000u };
  switch (r & 3) {
  case 0:
    return edges[(r >> 8) % 16];
  case 1:
  case 2:
    return (uint32_t)(r >> 8) % 72;
  default:
    return (uint32_t)(r >> 32);
  }
}

/* ---- GMP helpers ---------------------------------------------------------- */

static void z_u64(mpz_t z, uint64_t v)
{
  mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
}

/* z = the low w bits of v, read as signed when is_signed. */
static void z_val(mpz_t z, uint64_t v, unsigned w, bool is_signed)
{
  v &= ones(w);
  z_u64(z, v);
  if (is_signed && ((v >> (w - 1)) & 1)) {
    mpz_t p;
    mpz_init(p);
    mpz_setbit(p, w);
    mpz_sub(z, z, p);
    mpz_clear(p);
  }
}

/* z mod 2^w (w <= 64) as bits. */
static uint64_t z_bits(const mpz_t z, unsigned w)
{
  mpz_t t;
  uint64_t v = 0;
  mpz_init(t);
  mpz_fdiv_r_2exp(t, z, w);
  mpz_export(&v, NULL, -1, sizeof v, 0, 0, t);
  mpz_clear(t);
  return v;
}

/* Bits [lo, lo+w) of z (two's complement for negative z). */
static uint64_t z_field(const mpz_t z, unsigned lo, unsigned w)
{
  mpz_t t;
  uint64_t v;
  mpz_init(t);
  mpz_fdiv_q_2exp(t, z, lo);
  v = z_bits(t, w);
  mpz_clear(t);
  return v;
}

/* Clamp z into the range of a bits-wide signed or unsigned integer. */
static void z_clamp(mpz_t z, unsigned bits, bool is_signed)
{
  mpz_t lo, hi;
  mpz_inits(lo, hi, NULL);
  if (is_signed) {
    mpz_setbit(hi, bits - 1);
    mpz_neg(lo, hi);
    mpz_sub_ui(hi, hi, 1);
  } else {
    mpz_setbit(hi, bits);
    mpz_sub_ui(hi, hi, 1);
  }
  if (mpz_cmp(z, lo) < 0)
    mpz_set(z, lo);
  if (mpz_cmp(z, hi) > 0)
    mpz_set(z, hi);
  mpz_clears(lo, hi, NULL);
}

/* Fails with the context message, what we got and what we wanted.  The
 * message is only formatted on failure: the loops run millions of checks. */
#define EQ(got, want, ...)                                                           \
  do {                                                                               \
    uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);                       \
    if (got_ != want_) {                                                             \
      char what_[256];                                                               \
      snprintf(what_, sizeof what_, __VA_ARGS__);                                    \
      ck_abort_msg("%s: got %#llx want %#llx", what_, (unsigned long long)got_,      \
                   (unsigned long long)want_);                                       \
    }                                                                                \
  } while (0)

static const unsigned widths[] = { 16, 32, 64 };

/* ---- add / sub ---------------------------------------------------------- */

START_TEST(t_add_sub)
{
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, NULL);
  rng_seed(1);
  for (unsigned wi = 0; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a = rand_val(w), b = rand_val(w);
      z_val(za, a, w, true);
      z_val(zb, b, w, false);
      mpz_add(zr, za, zb);
      EQ(isa_add(a, b, w), z_bits(zr, w), "add w%u %#llx %#llx", w, (unsigned long long)a,
         (unsigned long long)b);
      mpz_sub(zr, za, zb);
      EQ(isa_sub(a, b, w), z_bits(zr, w), "sub w%u %#llx %#llx", w, (unsigned long long)a,
         (unsigned long long)b);
    }
  }
  for (int i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32);
    z_val(za, a, 32, true);
    z_val(zb, b, 32, true);
    mpz_add(zr, za, zb);
    z_clamp(zr, 32, true);
    EQ(isa_add_sat_s32(a, b), z_bits(zr, 32), "add.sat %#x %#x", a, b);
    mpz_sub(zr, za, zb);
    z_clamp(zr, 32, true);
    EQ(isa_sub_sat_s32(a, b), z_bits(zr, 32), "sub.sat %#x %#x", a, b);
    /* add.{u,s}16x2: each lane an exact 16-bit sum reduced mod 2^16 */
    z_val(za, a & 0xffff, 16, false);
    z_val(zb, b & 0xffff, 16, false);
    mpz_add(zr, za, zb);
    uint64_t lo = z_bits(zr, 16);
    z_val(za, a >> 16, 16, true);
    z_val(zb, b >> 16, 16, true);
    mpz_add(zr, za, zb);
    EQ(isa_add_x2(a, b), lo | z_bits(zr, 16) << 16, "add.x2 %#x %#x", a, b);
  }
  EQ(isa_add_sat_s32(0x7fffffff, 1), 0x7fffffff, "sat max");
  EQ(isa_add_sat_s32(0x80000000, 0xffffffff), 0x80000000, "sat min");
  EQ(isa_sub_sat_s32(0x80000000, 1), 0x80000000, "sub sat min");
  EQ(isa_sub_sat_s32(0, 0x80000000), 0x7fffffff, "0 - INT_MIN");
  EQ(isa_add(0xffff, 1, 16), 0, "u16 wrap");
  EQ(isa_add_x2(0x7fffffff, 0x00010001), 0x80000000, "x2 lanes do not carry");
  mpz_clears(za, zb, zr, NULL);
}
END_TEST

/* ---- carry chains ------------------------------------------------------- */

#define K_WORDS 4

/* add.cc / addc / sub.cc / subc over K_WORDS words, against the exact
 * multi-word sum and difference. */
START_TEST(t_carry_chain)
{
  mpz_t za, zb, zr, zw;
  mpz_inits(za, zb, zr, zw, NULL);
  rng_seed(2);
  for (unsigned w = 32; w <= 64; w += 32) {
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a[K_WORDS], b[K_WORDS], d[K_WORDS];
      unsigned cf, cin = (unsigned)(rng_next() & 1) * (unsigned)(i & 1);
      mpz_set_ui(za, 0);
      mpz_set_ui(zb, 0);
      for (int k = K_WORDS - 1; k >= 0; k--) {
        a[k] = rand_val(w);
        b[k] = rand_val(w);
        mpz_mul_2exp(za, za, w);
        z_u64(zw, a[k]);
        mpz_add(za, za, zw);
        mpz_mul_2exp(zb, zb, w);
        z_u64(zw, b[k]);
        mpz_add(zb, zb, zw);
      }
      /* addition: d = A + B + cin, final CF = bit K*w */
      cf = cin;
      for (int k = 0; k < K_WORDS; k++)
        d[k] = isa_addc(a[k], b[k], cf, &cf, w);
      mpz_add(zr, za, zb);
      mpz_add_ui(zr, zr, cin);
      for (int k = 0; k < K_WORDS; k++)
        EQ(d[k], z_field(zr, (unsigned)k * w, w), "addc w%u word %d", w, k);
      EQ(cf, z_field(zr, K_WORDS * w, 1), "addc w%u carry", w);
      /* subtraction: d = A - B - cin mod 2^(K w), final CF = borrow */
      cf = cin;
      for (int k = 0; k < K_WORDS; k++)
        d[k] = isa_subc(a[k], b[k], cf, &cf, w);
      mpz_sub(zr, za, zb);
      mpz_sub_ui(zr, zr, cin);
      for (int k = 0; k < K_WORDS; k++)
        EQ(d[k], z_field(zr, (unsigned)k * w, w), "subc w%u word %d", w, k);
      EQ(cf, mpz_sgn(zr) < 0, "subc w%u borrow", w);
    }
  }
  {
    unsigned cf;
    EQ(isa_addc(0xffffffff, 0, 1, &cf, 32), 0, "addc all-ones + CF");
    EQ(cf, 1, "carry from CF");
    EQ(isa_addc(0xffffffff, 0xffffffff, 1, &cf, 32), 0xffffffff, "max + max + 1");
    EQ(cf, 1, "carry");
    EQ(isa_subc(0, 0, 1, &cf, 32), 0xffffffff, "0 - 0 - 1");
    EQ(cf, 1, "borrow from CF");
    EQ(isa_subc(5, 3, 1, &cf, 64), 1, "5 - 3 - 1");
    EQ(cf, 0, "no borrow");
    EQ(isa_addc(UINT64_MAX, 1, 0, &cf, 64), 0, "u64 carry");
    EQ(cf, 1, "u64 carry out");
  }
  mpz_clears(za, zb, zr, zw, NULL);
}
END_TEST

/* mad{.lo,.hi}.cc / madc: one step with a random CF against the exact
 * sum, then a chain that adds sum_k t_k 2^(kw) to a multi-word C. */
START_TEST(t_madc)
{
  mpz_t za, zb, zp, zr, zx, zc, zw;
  mpz_inits(za, zb, zp, zr, zx, zc, zw, NULL);
  rng_seed(3);
  for (unsigned w = 32; w <= 64; w += 32) {
    for (int sg = 0; sg < 2; sg++) {
      for (int hi = 0; hi < 2; hi++) {
        for (int i = 0; i < N_RANDOM; i++) {
          uint64_t a = rand_val(w), b = rand_val(w), c = rand_val(w);
          unsigned cin = (unsigned)(rng_next() & 1), cf;
          uint64_t d = isa_madc(a, b, c, cin, &cf, w, sg, hi);
          z_val(za, a, w, sg);
          z_val(zb, b, w, sg);
          mpz_mul(zp, za, zb);
          z_u64(zr, z_field(zp, hi ? w : 0, w)); /* the selected half, unsigned */
          z_u64(zw, c);
          mpz_add(zr, zr, zw);
          mpz_add_ui(zr, zr, cin);
          EQ(d, z_bits(zr, w), "madc w%u s%d hi%d %#llx %#llx %#llx", w, sg, hi,
             (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
          EQ(cf, z_field(zr, w, 1), "madc carry w%u s%d hi%d", w, sg, hi);
        }
        for (int i = 0; i < N_RANDOM / 4; i++) {
          uint64_t d[K_WORDS];
          unsigned cf = 0;
          mpz_set_ui(zx, 0);
          mpz_set_ui(zc, 0);
          for (int k = 0; k < K_WORDS; k++) {
            uint64_t a = rand_val(w), b = rand_val(w), c = rand_val(w);
            d[k] = isa_madc(a, b, c, cf, &cf, w, sg, hi);
            z_val(za, a, w, sg);
            z_val(zb, b, w, sg);
            mpz_mul(zp, za, zb);
            z_u64(zw, z_field(zp, hi ? w : 0, w));
            mpz_mul_2exp(zw, zw, (unsigned)k * w);
            mpz_add(zx, zx, zw);
            z_u64(zw, c);
            mpz_mul_2exp(zw, zw, (unsigned)k * w);
            mpz_add(zc, zc, zw);
          }
          mpz_add(zr, zx, zc);
          for (int k = 0; k < K_WORDS; k++)
            EQ(d[k], z_field(zr, (unsigned)k * w, w), "madc chain word %d", k);
          EQ(cf, z_field(zr, K_WORDS * w, 1), "madc chain carry");
        }
      }
    }
  }
  {
    unsigned cf;
    /* 0xffffffff^2 = 0xfffffffe_00000001 */
    EQ(isa_madc(0xffffffff, 0xffffffff, 0xffffffff, 0, &cf, 32, false, false), 0, "lo + c");
    EQ(cf, 1, "lo carry");
    EQ(isa_madc(0xffffffff, 0xffffffff, 1, 1, &cf, 32, false, true), 0, "hi + c + CF");
    EQ(cf, 1, "hi carry");
    EQ(isa_madc(0xffffffff, 0xffffffff, 0, 0, &cf, 32, true, true), 0, "(-1)(-1) hi = 0");
  }
  mpz_clears(za, zb, zp, zr, zx, zc, zw, NULL);
}
END_TEST

/* ---- mul / mad ------------------------------------------------------------ */

START_TEST(t_mul_mad)
{
  mpz_t za, zb, zc, zp, zr;
  mpz_inits(za, zb, zc, zp, zr, NULL);
  rng_seed(4);
  for (unsigned wi = 0; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (int sg = 0; sg < 2; sg++) {
      for (int i = 0; i < N_RANDOM; i++) {
        uint64_t a = rand_val(w), b = rand_val(w), c = rand_val(w);
        z_val(za, a, w, sg);
        z_val(zb, b, w, sg);
        z_val(zc, c, w, sg);
        mpz_mul(zp, za, zb);
        EQ(isa_mul(a, b, w, sg, ISA_MUL_LO), z_bits(zp, w), "mul.lo w%u s%d", w, sg);
        EQ(isa_mul(a, b, w, sg, ISA_MUL_HI), z_field(zp, w, w), "mul.hi w%u s%d %#llx %#llx",
           w, sg, (unsigned long long)a, (unsigned long long)b);
        mpz_add(zr, zp, zc);
        EQ(isa_mad(a, b, c, w, sg, ISA_MUL_LO), z_bits(zr, w), "mad.lo w%u s%d", w, sg);
        mpz_fdiv_q_2exp(zr, zp, w);
        mpz_add(zr, zr, zc);
        EQ(isa_mad(a, b, c, w, sg, ISA_MUL_HI), z_bits(zr, w), "mad.hi w%u s%d", w, sg);
        if (w <= 32) {
          uint64_t c2 = rand_val(2 * w);
          EQ(isa_mul(a, b, w, sg, ISA_MUL_WIDE), z_bits(zp, 2 * w), "mul.wide w%u s%d", w, sg);
          z_val(zc, c2, 2 * w, sg);
          mpz_add(zr, zp, zc);
          EQ(isa_mad(a, b, c2, w, sg, ISA_MUL_WIDE), z_bits(zr, 2 * w), "mad.wide w%u s%d",
             w, sg);
        }
      }
    }
  }
  for (int i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32), c = (uint32_t)rand_val(32);
    z_val(za, a, 32, true);
    z_val(zb, b, 32, true);
    z_val(zc, c, 32, true);
    mpz_mul(zp, za, zb);
    mpz_fdiv_q_2exp(zr, zp, 32);
    mpz_add(zr, zr, zc);
    z_clamp(zr, 32, true);
    EQ(isa_mad_hi_sat_s32(a, b, c), z_bits(zr, 32), "mad.hi.sat %#x %#x %#x", a, b, c);
  }
  EQ(isa_mul(UINT64_MAX, UINT64_MAX, 64, false, ISA_MUL_HI), UINT64_MAX - 1, "u64 hi");
  EQ(isa_mul(UINT64_MAX, UINT64_MAX, 64, true, ISA_MUL_HI), 0, "s64 (-1)(-1) hi");
  EQ(isa_mul(UINT64_C(1) << 63, UINT64_C(1) << 63, 64, true, ISA_MUL_HI),
     UINT64_C(1) << 62, "s64 INT_MIN^2 hi");
  EQ(isa_mul(0x80000000, 0x80000000, 32, true, ISA_MUL_WIDE), UINT64_C(1) << 62, "wide");
  EQ(isa_mul(0xffff, 0xffff, 16, true, ISA_MUL_WIDE), 1, "mul.wide.s16 -1*-1");
  EQ(isa_mad_hi_sat_s32(0x7fffffff, 0x7fffffff, 0x7fffffff), 0x7fffffff, "mad.hi.sat");
  mpz_clears(za, zb, zc, zp, zr, NULL);
}
END_TEST

START_TEST(t_mul24)
{
  mpz_t za, zb, zc, zp, zr;
  mpz_inits(za, zb, zc, zp, zr, NULL);
  rng_seed(5);
  for (int sg = 0; sg < 2; sg++) {
    for (int i = 0; i < N_RANDOM; i++) {
      uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32), c = (uint32_t)rand_val(32);
      z_val(za, a & 0xffffff, 24, sg);
      z_val(zb, b & 0xffffff, 24, sg);
      z_val(zc, c, 32, sg);
      mpz_mul(zp, za, zb);
      EQ(isa_mul24(a, b, sg, false), z_bits(zp, 32), "mul24.lo s%d %#x %#x", sg, a, b);
      EQ(isa_mul24(a, b, sg, true), z_field(zp, 16, 32), "mul24.hi s%d %#x %#x", sg, a, b);
      mpz_add(zr, zp, zc);
      EQ(isa_mad24(a, b, c, sg, false, false), z_bits(zr, 32), "mad24.lo s%d", sg);
      mpz_fdiv_q_2exp(zr, zp, 16);
      mpz_add(zr, zr, zc);
      EQ(isa_mad24(a, b, c, sg, true, false), z_bits(zr, 32), "mad24.hi s%d", sg);
      if (sg) {
        z_clamp(zr, 32, true);
        EQ(isa_mad24(a, b, c, true, true, true), z_bits(zr, 32), "mad24.hi.sat %#x %#x %#x",
           a, b, c);
      }
    }
  }
  EQ(isa_mul24(0xffffff, 0xffffff, false, true), 0xfffffe00, "u 2^24-1 squared hi");
  EQ(isa_mul24(0xffffff, 0xffffff, false, false), 0xfe000001, "u 2^24-1 squared lo");
  EQ(isa_mul24(0xff000002, 0x00000003, false, false), 6, "high byte ignored");
  EQ(isa_mul24(0x00ffffff, 0x00000003, true, false), 0xfffffffd, "s24 -1 * 3");
  mpz_clears(za, zb, zc, zp, zr, NULL);
}
END_TEST

START_TEST(t_sad)
{
  mpz_t za, zb, zc, zr;
  mpz_inits(za, zb, zc, zr, NULL);
  rng_seed(6);
  for (unsigned wi = 0; wi < 3; wi++)
    for (int sg = 0; sg < 2; sg++)
      for (int i = 0; i < N_RANDOM; i++) {
        unsigned w = widths[wi];
        uint64_t a = rand_val(w), b = rand_val(w), c = rand_val(w);
        z_val(za, a, w, sg);
        z_val(zb, b, w, sg);
        z_val(zc, c, w, false);
        mpz_sub(zr, za, zb);
        mpz_abs(zr, zr);
        mpz_add(zr, zr, zc);
        EQ(isa_sad(a, b, c, w, sg), z_bits(zr, w), "sad w%u s%d", w, sg);
      }
  EQ(isa_sad(0xffffffff, 1, 0, 32, true), 2, "sad.s32 -1 1");
  EQ(isa_sad(0xffffffff, 1, 0, 32, false), 0xfffffffe, "sad.u32");
  mpz_clears(za, zb, zc, zr, NULL);
}
END_TEST

/* ---- div / rem -------------------------------------------------------- */

START_TEST(t_div_rem)
{
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, NULL);
  rng_seed(7);
  for (unsigned wi = 0; wi < 3; wi++)
    for (int sg = 0; sg < 2; sg++)
      for (int i = 0; i < N_RANDOM; i++) {
        unsigned w = widths[wi];
        uint64_t a = rand_val(w), b = (i % 16 == 0) ? 0 : rand_val(w);
        uint64_t q = isa_div(a, b, w, sg), r = isa_rem(a, b, w, sg);
        if (b == 0) { /* documented choice: all ones */
          EQ(q, ones(w), "div by 0 w%u", w);
          EQ(r, ones(w), "rem by 0 w%u", w);
          continue;
        }
        z_val(za, a, w, sg);
        z_val(zb, b, w, sg);
        mpz_tdiv_q(zr, za, zb); /* INT_MIN / -1 = 2^(w-1), which wraps to INT_MIN */
        EQ(q, z_bits(zr, w), "div w%u s%d %#llx %#llx", w, sg, (unsigned long long)a,
           (unsigned long long)b);
        mpz_tdiv_r(zr, za, zb);
        EQ(r, z_bits(zr, w), "rem w%u s%d %#llx %#llx", w, sg, (unsigned long long)a,
           (unsigned long long)b);
      }
  EQ(isa_div(0x80000000, 0xffffffff, 32, true), 0x80000000, "INT_MIN / -1");
  EQ(isa_rem(0x80000000, 0xffffffff, 32, true), 0, "INT_MIN %% -1");
  EQ(isa_div(0x8000, 0xffff, 16, true), 0x8000, "s16 INT_MIN / -1");
  EQ(isa_div(UINT64_C(1) << 63, UINT64_MAX, 64, true), UINT64_C(1) << 63, "s64 INT_MIN / -1");
  EQ(isa_div(0xfffffff9, 2, 32, true), 0xfffffffd, "-7 / 2 = -3");
  EQ(isa_rem(0xfffffff9, 2, 32, true), 0xffffffff, "-7 %% 2 = -1");
  EQ(isa_rem(7, 0xfffffffe, 32, true), 1, "7 %% -2 = 1");
  EQ(isa_div(7, 0, 32, true), 0xffffffff, "7 / 0");
  EQ(isa_div(7, 0, 16, false), 0xffff, "u16 7 / 0");
  mpz_clears(za, zb, zr, NULL);
}
END_TEST

/* ---- abs neg min max cnot -------------------------------------------- */

START_TEST(t_abs_neg_min_max)
{
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, NULL);
  rng_seed(8);
  for (unsigned wi = 0; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a = rand_val(w), b = rand_val(w);
      z_val(za, a, w, true);
      mpz_abs(zr, za);
      EQ(isa_abs(a, w), z_bits(zr, w), "abs w%u %#llx", w, (unsigned long long)a);
      mpz_neg(zr, za);
      EQ(isa_neg(a, w), z_bits(zr, w), "neg w%u", w);
      EQ(isa_cnot(a, w), a == 0, "cnot");
      for (int sg = 0; sg < 2; sg++) {
        z_val(za, a, w, sg);
        z_val(zb, b, w, sg);
        EQ(isa_min(a, b, w, sg), mpz_cmp(za, zb) < 0 ? a : b, "min w%u s%d", w, sg);
        EQ(isa_max(a, b, w, sg), mpz_cmp(za, zb) > 0 ? a : b, "max w%u s%d", w, sg);
      }
    }
  }
  for (int i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32);
    for (int sg = 0; sg < 2; sg++)
      for (int relu = 0; relu <= sg; relu++) {
        uint32_t want_min = 0, want_max = 0;
        for (unsigned l = 0; l < 2; l++) {
          uint32_t x = (a >> (16 * l)) & 0xffff, y = (b >> (16 * l)) & 0xffff;
          z_val(za, x, 16, sg);
          z_val(zb, y, 16, sg);
          mpz_set(zr, mpz_cmp(za, zb) < 0 ? za : zb);
          if (relu && mpz_sgn(zr) < 0)
            mpz_set_ui(zr, 0);
          want_min |= (uint32_t)z_bits(zr, 16) << (16 * l);
          mpz_set(zr, mpz_cmp(za, zb) > 0 ? za : zb);
          if (relu && mpz_sgn(zr) < 0)
            mpz_set_ui(zr, 0);
          want_max |= (uint32_t)z_bits(zr, 16) << (16 * l);
        }
        EQ(isa_min_x2(a, b, sg, relu), want_min, "min.x2 s%d relu%d %#x %#x", sg, relu, a, b);
        EQ(isa_max_x2(a, b, sg, relu), want_max, "max.x2 s%d relu%d %#x %#x", sg, relu, a, b);
      }
    z_val(za, a, 32, true);
    z_val(zb, b, 32, true);
    mpz_set(zr, mpz_cmp(za, zb) < 0 ? za : zb);
    if (mpz_sgn(zr) < 0)
      mpz_set_ui(zr, 0);
    EQ(isa_relu_s32((uint32_t)isa_min(a, b, 32, true)), z_bits(zr, 32), "min.relu.s32");
  }
  EQ(isa_abs(0x80000000, 32), 0x80000000, "abs INT_MIN");
  EQ(isa_neg(0x8000, 16), 0x8000, "neg s16 INT_MIN");
  EQ(isa_abs(UINT64_MAX, 64), 1, "abs -1");
  EQ(isa_min(0xffffffff, 0, 32, true), 0xffffffff, "min.s32 -1 0");
  EQ(isa_min(0xffffffff, 0, 32, false), 0, "min.u32");
  EQ(isa_max_x2(0x8000ffff, 0x00010001, true, true), 0x00010001, "max.relu.s16x2");
  EQ(isa_min_x2(0x8000ffff, 0x00010001, true, true), 0, "min.relu.s16x2");
  EQ(isa_cnot(0x10000, 16), 1, "cnot reads 16 bits");
  mpz_clears(za, zb, zr, NULL);
}
END_TEST

/* ---- dot products ------------------------------------------------------- */

START_TEST(t_dp)
{
  mpz_t zr, zx, zy, zp;
  mpz_inits(zr, zx, zy, zp, NULL);
  rng_seed(9);
  for (int as = 0; as < 2; as++)
    for (int bs = 0; bs < 2; bs++)
      for (int i = 0; i < N_RANDOM; i++) {
        uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32), c = (uint32_t)rand_val(32);
        z_val(zr, c, 32, as || bs);
        for (unsigned k = 0; k < 4; k++) {
          z_val(zx, a >> (8 * k), 8, as);
          z_val(zy, b >> (8 * k), 8, bs);
          mpz_addmul(zr, zx, zy);
        }
        EQ(isa_dp4a(a, b, c, as, bs), z_bits(zr, 32), "dp4a %d%d %#x %#x %#x", as, bs, a, b, c);
        for (int hi = 0; hi < 2; hi++) {
          z_val(zr, c, 32, as || bs);
          for (unsigned k = 0; k < 2; k++) {
            z_val(zx, a >> (16 * k), 16, as);
            z_val(zy, b >> (8 * (2 * (unsigned)hi + k)), 8, bs);
            mpz_addmul(zr, zx, zy);
          }
          EQ(isa_dp2a(a, b, c, as, bs, hi), z_bits(zr, 32), "dp2a %d%d hi%d", as, bs, hi);
        }
      }
  EQ(isa_dp4a(0x01020304, 0x05060708, 10, false, false), 10 + 5 + 12 + 21 + 32, "dp4a");
  EQ(isa_dp4a(0xff, 0xff, 0, true, true), 1, "dp4a s8 -1*-1");
  EQ(isa_dp4a(0xff, 0xff, 0, false, true), 0xffffff01, "dp4a u8 255 * s8 -1");
  EQ(isa_dp2a(0x00020003, 0x05040302, 0, false, false, false), 3 * 2 + 2 * 3, "dp2a.lo");
  EQ(isa_dp2a(0x00020003, 0x05040302, 0, false, false, true), 3 * 4 + 2 * 5, "dp2a.hi");
  mpz_clears(zr, zx, zy, zp, NULL);
}
END_TEST

/* ---- bit counting: loop references --------------------------------------- */

static unsigned bit(uint64_t v, unsigned i)
{
  return (unsigned)(v >> i) & 1;
}

START_TEST(t_popc_clz_brev_bfind)
{
  rng_seed(10);
  for (unsigned w = 32; w <= 64; w += 32)
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a = rand_val(w), x, rev = 0;
      uint32_t pc = 0, lz = 0;
      for (x = a; x; x >>= 1) /* popc pseudo-code */
        pc += x & 1;
      EQ(isa_popc(a, w), pc, "popc w%u", w);
      while (lz < w && !bit(a, w - 1 - lz)) /* clz pseudo-code */
        lz++;
      EQ(isa_clz(a, w), lz, "clz w%u %#llx", w, (unsigned long long)a);
      for (unsigned k = 0; k < w; k++)
        rev |= (uint64_t)bit(a, w - 1 - k) << k;
      EQ(isa_brev(a, w), rev, "brev w%u", w);
      for (int sg = 0; sg < 2; sg++)
        for (int sa = 0; sa < 2; sa++) {
          uint64_t v = a;
          uint32_t d = 0xffffffff;
          if (sg && bit(v, w - 1))
            v = ~v;
          for (int k = (int)w - 1; k >= 0; k--)
            if (bit(v, (unsigned)k)) {
              d = (uint32_t)k;
              break;
            }
          if (sa && d != 0xffffffff)
            d = w - 1 - d;
          EQ(isa_bfind(a, w, sg, sa), d, "bfind w%u s%d shiftamt%d %#llx", w, sg, sa,
             (unsigned long long)a);
        }
    }
  EQ(isa_clz(0, 32), 32, "clz 0");
  EQ(isa_clz(0, 64), 64, "clz.b64 0");
  EQ(isa_popc(UINT64_MAX, 64), 64, "popc.b64");
  EQ(isa_popc(UINT64_MAX, 32), 32, "popc.b32 reads 32 bits");
  EQ(isa_brev(1, 32), 0x80000000, "brev.b32 1");
  EQ(isa_brev(0x12345678, 32), 0x1e6a2c48, "brev.b32");
  EQ(isa_bfind(0, 32, false, false), 0xffffffff, "bfind 0");
  EQ(isa_bfind(0xffffffff, 32, true, false), 0xffffffff, "bfind.s32 -1");
  EQ(isa_bfind(0x80000000, 32, true, false), 30, "bfind.s32 INT_MIN");
  EQ(isa_bfind(1, 32, false, true), 31, "bfind.shiftamt 1");
  EQ(isa_bfind(0, 64, false, true), 0xffffffff, "bfind.shiftamt 0");
}
END_TEST

/* ---- bit fields -------------------------------------------------------- */

START_TEST(t_bfe_bfi)
{
  rng_seed(11);
  for (unsigned w = 32; w <= 64; w += 32)
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a = rand_val(w), b = rand_val(w);
      uint32_t p = rand_amount(w), l = rand_amount(w);
      unsigned msb = w - 1, pos = p & 0xff, len = l & 0xff;
      for (int sg = 0; sg < 2; sg++) { /* bfe pseudo-code */
        unsigned sbit = (!sg || len == 0) ? 0 : bit(a, pos + len - 1 < msb ? pos + len - 1 : msb);
        uint64_t d = 0;
        for (unsigned k = 0; k <= msb; k++)
          d |= (uint64_t)((k < len && pos + k <= msb) ? bit(a, pos + k) : sbit) << k;
        EQ(isa_bfe(a, p, l, w, sg), d, "bfe w%u s%d %#llx pos %u len %u", w, sg,
           (unsigned long long)a, p, l);
      }
      { /* bfi pseudo-code */
        uint64_t f = b;
        for (unsigned k = 0; k < len && pos + k <= msb; k++)
          f = (f & ~(UINT64_C(1) << (pos + k))) | (uint64_t)bit(a, k) << (pos + k);
        EQ(isa_bfi(a, b, p, l, w), f, "bfi w%u pos %u len %u", w, p, l);
      }
    }
  EQ(isa_bfe(0xf0, 4, 4, 32, true), 0xffffffff, "bfe.s32 field 1111");
  EQ(isa_bfe(0xf0, 4, 4, 32, false), 0xf, "bfe.u32");
  EQ(isa_bfe(0x80000000, 40, 3, 32, true), 0xffffffff, "bfe.s32 start past msb");
  EQ(isa_bfe(0xff, 0x104, 0x104, 32, false), 0xf, "bfe uses 8 bits of pos/len");
  EQ(isa_bfe(0xff, 0, 0, 32, true), 0, "bfe len 0");
  EQ(isa_bfi(0xf, 0, 28, 8, 32), 0xf0000000, "bfi clipped at msb");
  EQ(isa_bfi(0xf, 0x1234, 32, 4, 32), 0x1234, "bfi pos past msb");
  EQ(isa_bfi(0xf, 0x1234, 4, 0, 64), 0x1234, "bfi len 0");
}
END_TEST

START_TEST(t_bmsk_szext)
{
  rng_seed(12);
  for (int i = 0; i < N_RANDOM * 2; i++) {
    uint32_t a = (uint32_t)rand_val(32), pa = rand_amount(32), pb = rand_amount(32);
    for (int cl = 0; cl < 2; cl++) {
      /* bmsk: ones at [start, start+width) within 32 bits */
      unsigned start = cl ? pa : (pa & 31), width = cl ? (pb >= 32 ? 32 : pb) : (pb & 31);
      uint32_t want = 0;
      for (unsigned k = 0; k < 32; k++)
        if (k >= start && k - start < width)
          want |= UINT32_C(1) << k;
      EQ(isa_bmsk(pa, pb, cl), want, "bmsk clamp%d %u %u", cl, pa, pb);
      for (int sg = 0; sg < 2; sg++) { /* szext: keep n low bits, extend */
        uint32_t d = 0;
        if (cl && pb >= 32) {
          d = a;
        } else {
          unsigned n = pb & 31;
          for (unsigned k = 0; k < 32 && n; k++)
            d |= (uint32_t)(k < n ? bit(a, k) : (sg ? bit(a, n - 1) : 0)) << k;
        }
        EQ(isa_szext(a, pb, sg, cl), d, "szext clamp%d s%d %#x %u", cl, sg, a, pb);
      }
    }
  }
  EQ(isa_bmsk(1, 2, false), 0x6, "PTX example bmsk.wrap 1 2");
  EQ(isa_bmsk(0, 32, true), 0xffffffff, "bmsk.clamp 0 32");
  EQ(isa_bmsk(0, 32, false), 0, "bmsk.wrap 0 32");
  EQ(isa_bmsk(32, 5, true), 0, "bmsk.clamp start 32");
  EQ(isa_bmsk(4, 40, true), 0xfffffff0, "bmsk.clamp width 40");
  EQ(isa_bmsk(28, 8, false), 0xf0000000, "bmsk sum overflow");
  EQ(isa_szext(0xffffffff, 0, false, false), 0, "PTX example szext.wrap.u32 0");
  EQ(isa_szext(0x80, 8, true, true), 0xffffff80, "szext.s32 8");
  EQ(isa_szext(0x180, 8, false, true), 0x80, "szext.u32 8");
  EQ(isa_szext(0x12345678, 32, true, true), 0x12345678, "szext.clamp 32");
  EQ(isa_szext(0x12345678, 32, true, false), 0, "szext.wrap 32");
  EQ(isa_szext(0x12345678, 33, true, false), 0, "szext.wrap 33: 1 bit, 0");
}
END_TEST

/* ---- prmt --------------------------------------------------------------- */

/* The mode table of the PTX prmt page (data_movement.md), rows c[1:0],
 * columns d.b0 .. d.b3. */
static const unsigned char prmt_table[6][4][4] = {
  { { 0, 1, 2, 3 }, { 1, 2, 3, 4 }, { 2, 3, 4, 5 }, { 3, 4, 5, 6 } }, /* f4e */
  { { 0, 7, 6, 5 }, { 1, 0, 7, 6 }, { 2, 1, 0, 7 }, { 3, 2, 1, 0 } }, /* b4e */
  { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } }, /* rc8 */
  { { 0, 1, 2, 3 }, { 1, 1, 2, 3 }, { 2, 2, 2, 3 }, { 3, 3, 3, 3 } }, /* ecl */
  { { 0, 0, 0, 0 }, { 0, 1, 1, 1 }, { 0, 1, 2, 2 }, { 0, 1, 2, 3 } }, /* ecr */
  { { 0, 1, 0, 1 }, { 2, 3, 2, 3 }, { 0, 1, 0, 1 }, { 2, 3, 2, 3 } }, /* rc16 */
};

START_TEST(t_prmt)
{
  rng_seed(13);
  for (int i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32), c = (uint32_t)rng_next();
    unsigned char bytes[8];
    uint32_t want = 0;
    for (unsigned k = 0; k < 4; k++) {
      bytes[k] = (unsigned char)(a >> (8 * k));
      bytes[4 + k] = (unsigned char)(b >> (8 * k));
    }
    for (unsigned k = 0; k < 4; k++) {
      unsigned sel = (c >> (4 * k)) & 0xf;
      unsigned char byte = bytes[sel & 7];
      if (sel & 8)
        byte = (byte & 0x80) ? 0xff : 0x00;
      want |= (uint32_t)byte << (8 * k);
    }
    EQ(isa_prmt(a, b, c), want, "prmt %#x %#x %#x", a, b, c);
    EQ(isa_prmt_mode_exec(a, b, c, ISA_PRMT_DEFAULT), want, "prmt default");
    for (unsigned m = 0; m < 6; m++) {
      want = 0;
      for (unsigned k = 0; k < 4; k++)
        want |= (uint32_t)bytes[prmt_table[m][c & 3][k]] << (8 * k);
      EQ(isa_prmt_mode_exec(a, b, c, (isa_prmt_mode)(ISA_PRMT_F4E + m)), want,
         "prmt mode %u c %#x", m, c);
    }
  }
  EQ(isa_prmt(0x33221100, 0x77665544, 0x3210), 0x33221100, "identity");
  EQ(isa_prmt(0x33221100, 0x77665544, 0x7654), 0x77665544, "b");
  EQ(isa_prmt(0x33221100, 0x77665544, 0x0123), 0x00112233, "byte reverse");
  EQ(isa_prmt(0x00008000, 0, 0x9999), 0xffffffff, "sign replicate");
  EQ(isa_prmt(0x00008000, 0, 0xffff9991), 0xffffff80, "c[31:16] ignored");
  EQ(isa_prmt_mode_exec(0x33221100, 0x77665544, 1, ISA_PRMT_F4E), 0x44332211, "f4e 1");
  EQ(isa_prmt_mode_exec(0x33221100, 0x77665544, 0xfc, ISA_PRMT_RC16), 0x11001100, "rc16 0");
}
END_TEST

/* ---- fns --------------------------------------------------------------- */

START_TEST(t_fns)
{
  rng_seed(14);
  for (int i = 0; i < N_RANDOM * 2; i++) {
    uint32_t mask = (uint32_t)rand_val(32), r = (uint32_t)rng_next();
    uint32_t base = (r & 7) == 0 ? rand_amount(32) : r % 32;
    uint32_t off = (r & 0x70) == 0 ? (uint32_t)rand_val(32) : (uint32_t)((int32_t)(r >> 8) % 40);
    /* fns pseudo-code, with base read as .s32 */
    int32_t ob = base > 0x7fffffffu ? -1 - (int32_t)(~base) : (int32_t)base;
    int64_t o = off > 0x7fffffffu ? -(int64_t)(0x100000000ull - off) : (int64_t)off;
    uint32_t d = 0xffffffff;
    if (o == 0) {
      if (ob >= 0 && ob < 32 && bit(mask, (unsigned)ob))
        d = (uint32_t)ob;
    } else {
      int64_t pos = ob, count = (o < 0 ? -o : o) - 1, inc = o > 0 ? 1 : -1;
      while (pos >= 0 && pos < 32) {
        if (bit(mask, (unsigned)pos)) {
          if (count == 0) {
            d = (uint32_t)pos;
            break;
          }
          count--;
        }
        pos += inc;
      }
    }
    EQ(isa_fns(mask, base, off), d, "fns %#x base %d off %d", mask, ob, (int)o);
  }
  EQ(isa_fns(0xaaaaaaaa, 3, 1), 3, "PTX example 1");
  EQ(isa_fns(0xaaaaaaaa, 3, 0xffffffff), 3, "PTX example 2");
  EQ(isa_fns(0xaaaaaaaa, 2, 1), 3, "PTX example 3");
  EQ(isa_fns(0xaaaaaaaa, 2, 0xffffffff), 1, "PTX example 4");
  EQ(isa_fns(0xffffffff, 0, 32), 31, "32nd bit");
  EQ(isa_fns(0xffffffff, 0, 33), 0xffffffff, "no 33rd bit");
  EQ(isa_fns(0xffffffff, 31, 0x80000000), 0xffffffff, "offset INT_MIN");
  EQ(isa_fns(1, 32, 0), 0xffffffff, "base 32 (undefined in PTX)");
}
END_TEST

/* ---- logic and shifts ------------------------------------------------- */

START_TEST(t_lop3)
{
  rng_seed(15);
  for (unsigned lut = 0; lut < 256; lut++)
    for (int i = 0; i < N_RANDOM / 64; i++) {
      uint32_t a = (uint32_t)rng_next(), b = (uint32_t)rng_next(), c = (uint32_t)rng_next(), d = 0;
      for (unsigned k = 0; k < 32; k++)
        d |= (uint32_t)bit(lut, bit(a, k) << 2 | bit(b, k) << 1 | bit(c, k)) << k;
      EQ(isa_lop3(a, b, c, (uint8_t)lut), d, "lop3 lut %#x", lut);
    }
  /* PTX lop3: immLut = F(0xF0, 0xCC, 0xAA) */
  EQ(isa_lop3(0xf0, 0xcc, 0xaa, 0x80), 0xf0 & 0xcc & 0xaa, "a&b&c");
  EQ(isa_lop3(0xf0, 0xcc, 0xaa, 0xfe), 0xf0 | 0xcc | 0xaa, "a|b|c");
  EQ(isa_lop3(0xf0, 0xcc, 0xaa, 0x40), 0x40, "a&b&~c");
  EQ(isa_lop3(0xf0, 0xcc, 0xaa, 0x1a), 0x1a, "(a&b|c)^a");
  EQ(isa_lop3(0x12345678, 0x9abcdef0, 0x0f0f0f0f, 0x1a),
     ((0x12345678u & 0x9abcdef0u) | 0x0f0f0f0fu) ^ 0x12345678u, "(a&b|c)^a words");
  ck_assert(isa_lop3_boolop(0, false, true));
  ck_assert(!isa_lop3_boolop(0, true, true));
  ck_assert(isa_lop3_boolop(4, true, true));
  ck_assert(!isa_lop3_boolop(0, false, false));
}
END_TEST

START_TEST(t_shifts)
{
  rng_seed(16);
  for (int i = 0; i < N_RANDOM; i++) {
    uint32_t a = (uint32_t)rand_val(32), b = (uint32_t)rand_val(32), c = rand_amount(32);
    for (int left = 0; left < 2; left++)
      for (int cl = 0; cl < 2; cl++) {
        unsigned n = cl ? (c > 32 ? 32 : c) : c % 32;
        uint64_t v = (uint64_t)b << 32 | a;
        uint32_t d = 0;
        for (unsigned k = 0; k < 32; k++) { /* bit k of the window */
          int src = left ? (int)k + 32 - (int)n : (int)k + (int)n;
          if (src >= 0 && src < 64)
            d |= (uint32_t)bit(v, (unsigned)src) << k;
        }
        EQ(isa_shf(a, b, c, left, cl), d, "shf l%d clamp%d %#x %#x %u", left, cl, a, b, c);
      }
  }
  for (unsigned wi = 0; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (int i = 0; i < N_RANDOM; i++) {
      uint64_t a = rand_val(w), dl = 0, dr = 0, ds = 0;
      uint32_t n = rand_amount(w);
      for (unsigned k = 0; k < w; k++) {
        if ((uint64_t)k >= n)
          dl |= (uint64_t)bit(a, (unsigned)(k - n)) << k;
        if ((uint64_t)k + n < w)
          dr |= (uint64_t)bit(a, (unsigned)(k + n)) << k;
        ds |= (uint64_t)((uint64_t)k + n < w ? bit(a, (unsigned)(k + n)) : bit(a, w - 1)) << k;
      }
      EQ(isa_shl(a, n, w), dl, "shl w%u %u", w, n);
      EQ(isa_shr(a, n, w, false), dr, "shr.u w%u %u", w, n);
      EQ(isa_shr(a, n, w, true), ds, "shr.s w%u %#llx %u", w, (unsigned long long)a, n);
    }
  }
  EQ(isa_shf(0x89abcdef, 0x01234567, 4, true, false), 0x1234567 << 4 | 0x8, "shf.l");
  EQ(isa_shf(0x89abcdef, 0x01234567, 36, true, false), 0x1234567 << 4 | 0x8, "shf.l.wrap 36");
  EQ(isa_shf(0x89abcdef, 0x01234567, 36, true, true), 0x89abcdef, "shf.l.clamp 36 = a");
  EQ(isa_shf(0x89abcdef, 0x01234567, 40, false, true), 0x01234567, "shf.r.clamp 40 = b");
  EQ(isa_shf(0x80000001, 0x80000001, 1, false, false), 0xc0000000, "rotate right");
  EQ(isa_shl(1, 32, 32), 0, "shl 32");
  EQ(isa_shl(1, 15, 16), 0x8000, "shl.b16 15");
  EQ(isa_shr(0x8000, 16, 16, true), 0xffff, "shr.s16 16");
  EQ(isa_shr(0x80000000, 255, 32, true), 0xffffffff, "shr.s32 255");
  EQ(isa_shr(0x80000000, UINT32_MAX, 32, false), 0, "shr.u32 2^32-1");
  EQ(isa_shr(UINT64_MAX, 64, 64, false), 0, "shr.u64 64");
  EQ(isa_shr(UINT64_C(1) << 63, 64, 64, true), UINT64_MAX, "shr.s64 64");
}
END_TEST

static Suite *int_ops_suite(void)
{
  Suite *s = suite_create("int_ops");
  struct {
    const char *name;
    const TTest *fn;
  } cases[] = {
    { "add_sub", t_add_sub }, { "carry_chain", t_carry_chain }, { "madc", t_madc },
    { "mul_mad", t_mul_mad }, { "mul24", t_mul24 }, { "sad", t_sad }, { "div_rem", t_div_rem },
    { "abs_neg_min_max", t_abs_neg_min_max }, { "dp", t_dp },
    { "popc_clz_brev_bfind", t_popc_clz_brev_bfind }, { "bfe_bfi", t_bfe_bfi },
    { "bmsk_szext", t_bmsk_szext }, { "prmt", t_prmt }, { "fns", t_fns }, { "lop3", t_lop3 },
    { "shifts", t_shifts },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, cases[i].fn);
    suite_add_tcase(s, tc);
  }
  return s;
}

int main(void)
{
  SRunner *sr = srunner_create(int_ops_suite());
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
