/* check_video_ops.c -- tests for isa/video_ops.[ch].
 *
 * Scalar video ops and vmad are checked against a GMP transcription of
 * the spec's pseudo-code (partSelectSignExtend, optSaturate, optSecOp,
 * optMerge, vmad's 128-bit tmp) in which nothing is ever truncated before
 * the final 32 bits.  SIMD ops are checked against a separate per-element
 * reference on int64_t that unpacks the {b, a} pair into an element array.
 * Both run on random descriptors covering every legal combination of
 * types, selectors, .sat, secondary op, merge and mask, plus hand-worked
 * vectors (some from the PTX examples, among them nvcc's
 * vabsdiff4.u32.u32.u32.add).
 */
#include <check.h>
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa/video_ops.h"

#define N_RANDOM 50000

static uint64_t rng_state;

/* splitmix64 */
static uint64_t rng_next(void)
{
  uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static unsigned rnd(unsigned n)
{
  return (unsigned)(rng_next() % n);
}

/* A 32-bit operand, often built from edge bytes (00 01 7f 80 81 fe ff) so
 * that selected fields hit their extremes. */
static uint32_t rand_word(void)
{
  static const uint8_t edge[] = { 0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
  uint32_t v = (uint32_t)rng_next();
  if (rnd(2)) {
    v = 0;
    for (unsigned k = 0; k < 4; k++)
      v |= (uint32_t)edge[rnd(7)] << (8 * k);
  }
  return v;
}

#define EQ(got, want, ...)                                                           \
  do {                                                                               \
    uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);                       \
    if (got_ != want_) {                                                             \
      char what_[320];                                                               \
      snprintf(what_, sizeof what_, __VA_ARGS__);                                    \
      ck_abort_msg("%s: got %#llx want %#llx", what_, (unsigned long long)got_,      \
                   (unsigned long long)want_);                                       \
    }                                                                                \
  } while (0)

/* ---- GMP helpers ------------------------------------------------------- */

static void z_val(mpz_t z, uint32_t v, unsigned bits, bool is_signed)
{
  if (bits < 32)
    v &= (UINT32_C(1) << bits) - 1;
  mpz_set_ui(z, v);
  if (is_signed && ((v >> (bits - 1)) & 1)) {
    mpz_t p;
    mpz_init(p);
    mpz_setbit(p, bits);
    mpz_sub(z, z, p);
    mpz_clear(p);
  }
}

static uint32_t z_low32(const mpz_t z)
{
  mpz_t t;
  uint32_t v;
  mpz_init(t);
  mpz_fdiv_r_2exp(t, z, 32);
  v = (uint32_t)mpz_get_ui(t);
  mpz_clear(t);
  return v;
}

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

/* partSelectSignExtend with the standard selector reading. */
static void ref_part(mpz_t z, uint32_t x, unsigned sel, bool is_signed)
{
  switch (sel) {
  case ISA_VSEL_B0: case ISA_VSEL_B1: case ISA_VSEL_B2: case ISA_VSEL_B3:
    z_val(z, x >> (8 * (sel - ISA_VSEL_B0)), 8, is_signed);
    break;
  case ISA_VSEL_H0: case ISA_VSEL_H1:
    z_val(z, x >> (16 * (sel - ISA_VSEL_H0)), 16, is_signed);
    break;
  default:
    z_val(z, x, 32, is_signed);
  }
}

/* ---- scalar reference --------------------------------------------------- */

static uint32_t ref_scalar(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  mpz_t ta, tb, tmp, zc;
  uint32_t d, t;
  bool is_set = v->op == ISA_VOP_SET;
  mpz_inits(ta, tb, tmp, zc, NULL);
  ref_part(ta, a, v->asel, v->a_signed);
  if (v->op == ISA_VOP_SHL || v->op == ISA_VOP_SHR) {
    unsigned long n;
    ref_part(tb, b, v->bsel, false);
    n = mpz_get_ui(tb);
    if (v->is_clamp && n > 32)
      n = 32;
    if (!v->is_clamp)
      n &= 0x1f;
    if (v->op == ISA_VOP_SHL)
      mpz_mul_2exp(tmp, ta, n);
    else
      mpz_fdiv_q_2exp(tmp, ta, n); /* floor: the arithmetic shift */
  } else {
    int cmp;
    ref_part(tb, b, v->bsel, v->b_signed);
    cmp = mpz_cmp(ta, tb);
    switch (v->op) {
    case ISA_VOP_ADD: mpz_add(tmp, ta, tb); break;
    case ISA_VOP_SUB: mpz_sub(tmp, ta, tb); break;
    case ISA_VOP_ABSDIFF: mpz_sub(tmp, ta, tb); mpz_abs(tmp, tmp); break;
    case ISA_VOP_MIN: mpz_set(tmp, cmp < 0 ? ta : tb); break;
    case ISA_VOP_MAX: mpz_set(tmp, cmp > 0 ? ta : tb); break;
    default: {
      bool r = v->cmp == ISA_VCMP_EQ ? cmp == 0 : v->cmp == ISA_VCMP_NE ? cmp != 0
             : v->cmp == ISA_VCMP_LT ? cmp < 0 : v->cmp == ISA_VCMP_LE ? cmp <= 0
             : v->cmp == ISA_VCMP_GT ? cmp > 0 : cmp >= 0;
      mpz_set_ui(tmp, r);
    }
    }
  }
  if (v->is_sat && !is_set) { /* optSaturate */
    unsigned bits = v->dsel == ISA_VSEL_NONE ? 32 : v->dsel >= ISA_VSEL_H0 ? 16 : 8;
    z_clamp(tmp, bits, v->d_signed);
  }
  t = z_low32(tmp);
  switch (v->dsel) { /* optMerge, as the spec writes it */
  case ISA_VSEL_H0: d = (t & 0xffff) | (0xffff0000 & c); break;
  case ISA_VSEL_H1: d = ((t & 0xffff) << 16) | (0x0000ffff & c); break;
  case ISA_VSEL_B0: d = (t & 0xff) | (0xffffff00 & c); break;
  case ISA_VSEL_B1: d = ((t & 0xff) << 8) | (0xffff00ff & c); break;
  case ISA_VSEL_B2: d = ((t & 0xff) << 16) | (0xff00ffff & c); break;
  case ISA_VSEL_B3: d = ((t & 0xff) << 24) | (0x00ffffff & c); break;
  default:
    z_val(zc, c, 32, v->d_signed && !is_set); /* c takes dtype's sign */
    switch (v->secop) {
    case ISA_VSECOP_ADD: mpz_add(tmp, tmp, zc); break;
    case ISA_VSECOP_MIN: if (mpz_cmp(zc, tmp) < 0) mpz_set(tmp, zc); break;
    case ISA_VSECOP_MAX: if (mpz_cmp(zc, tmp) > 0) mpz_set(tmp, zc); break;
    default: break;
    }
    d = z_low32(tmp);
  }
  mpz_clears(ta, tb, tmp, zc, NULL);
  return d;
}

/* ---- SIMD reference ------------------------------------------------------- */

static int64_t ext(uint32_t e, unsigned bits, bool is_signed)
{
  int64_t x = e;
  if (is_signed && (e >> (bits - 1)))
    x -= (int64_t)1 << bits;
  return x;
}

static uint32_t ref_simd(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  unsigned n = v->n_lanes, bits = 32 / n;
  uint32_t elem[8], cl[4], d = 0, lm = (UINT32_C(1) << bits) - 1;
  int64_t t[4], sum = 0;
  for (unsigned k = 0; k < n; k++) { /* {b, a}: a's elements first */
    elem[k] = (a >> (bits * k)) & lm;
    elem[n + k] = (b >> (bits * k)) & lm;
    cl[k] = (c >> (bits * k)) & lm;
  }
  for (unsigned i = 0; i < n; i++) {
    int64_t x = ext(elem[(v->asel >> (4 * i)) & 0xf], bits, v->a_signed);
    int64_t y = ext(elem[(v->bsel >> (4 * i)) & 0xf], bits, v->b_signed);
    int64_t s = x + y;
    switch (v->op) {
    case ISA_VOP_ADD: t[i] = s; break;
    case ISA_VOP_SUB: t[i] = x - y; break;
    case ISA_VOP_AVRG: t[i] = s >= 0 ? (s + 1) / 2 : (s % 2 ? (s - 1) / 2 : s / 2); break;
    case ISA_VOP_ABSDIFF: t[i] = x > y ? x - y : y - x; break;
    case ISA_VOP_MIN: t[i] = x < y ? x : y; break;
    case ISA_VOP_MAX: t[i] = x > y ? x : y; break;
    default:
      t[i] = v->cmp == ISA_VCMP_EQ ? x == y : v->cmp == ISA_VCMP_NE ? x != y
           : v->cmp == ISA_VCMP_LT ? x < y : v->cmp == ISA_VCMP_LE ? x <= y
           : v->cmp == ISA_VCMP_GT ? x > y : x >= y;
    }
    if (v->is_sat && v->op != ISA_VOP_SET) {
      int64_t lo = v->d_signed ? -((int64_t)1 << (bits - 1)) : 0;
      int64_t hi = v->d_signed ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
      t[i] = t[i] < lo ? lo : t[i] > hi ? hi : t[i];
    }
  }
  if (v->secop == ISA_VSECOP_ADD) {
    for (unsigned i = 0; i < n; i++)
      if ((v->mask >> i) & 1)
        sum += t[i];
    sum += c;
    return (uint32_t)((uint64_t)sum & 0xffffffffu);
  }
  for (unsigned i = 0; i < n; i++) {
    uint32_t lane = (v->mask >> i) & 1 ? (uint32_t)((uint64_t)t[i] & lm) : cl[i];
    d |= lane << (bits * i);
  }
  return d;
}

/* ---- vmad reference -------------------------------------------------------- */

static uint32_t ref_vmad(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  mpz_t ta, tb, tmp, c128;
  unsigned lsb = 0;
  bool signed_final = v->a_signed || v->b_signed || v->neg_prod || v->neg_c;
  bool inter_signed = v->a_signed || v->b_signed || v->neg_prod;
  uint32_t d;
  mpz_inits(ta, tb, tmp, c128, NULL);
  ref_part(ta, a, v->asel, v->a_signed);
  ref_part(tb, b, v->bsel, v->b_signed);
  mpz_mul(tmp, ta, tb);
  z_val(c128, c, 32, inter_signed); /* c has the intermediate's sign */
  if (v->is_po) {
    lsb = 1;
  } else if (v->neg_prod) {
    mpz_com(tmp, tmp);
    lsb = 1;
  } else if (v->neg_c) {
    mpz_com(c128, c128);
    lsb = 1;
  }
  mpz_add(tmp, tmp, c128);
  mpz_add_ui(tmp, tmp, lsb);
  if (v->scale)
    mpz_fdiv_q_2exp(tmp, tmp, v->scale);
  if (v->is_sat)
    z_clamp(tmp, 32, signed_final);
  d = z_low32(tmp);
  mpz_clears(ta, tb, tmp, c128, NULL);
  return d;
}

/* ---- random descriptors ------------------------------------------------------- */

static void rand_scalar_desc(isa_video_desc *v)
{
  static const isa_video_op ops[] = { ISA_VOP_ADD, ISA_VOP_SUB, ISA_VOP_ABSDIFF, ISA_VOP_MIN,
                                      ISA_VOP_MAX, ISA_VOP_SHL, ISA_VOP_SHR, ISA_VOP_SET };
  isa_video_desc_init(v, ops[rnd(8)], 1);
  v->d_signed = rnd(2);
  v->a_signed = rnd(2);
  v->b_signed = rnd(2);
  v->asel = (uint16_t)rnd(7);
  v->bsel = (uint16_t)rnd(7);
  v->is_sat = v->op != ISA_VOP_SET && rnd(2);
  v->cmp = (uint8_t)rnd(6);
  v->is_clamp = rnd(2);
  switch (rnd(3)) {
  case 0: break;
  case 1: v->secop = (uint8_t)(1 + rnd(3)); break;
  default: v->dsel = (uint8_t)(1 + rnd(6)); break;
  }
}

static void rand_simd_desc(isa_video_desc *v, unsigned n)
{
  static const isa_video_op ops[] = { ISA_VOP_ADD, ISA_VOP_SUB, ISA_VOP_AVRG, ISA_VOP_ABSDIFF,
                                      ISA_VOP_MIN, ISA_VOP_MAX, ISA_VOP_SET };
  isa_video_desc_init(v, ops[rnd(7)], n);
  v->d_signed = rnd(2);
  v->a_signed = rnd(2);
  v->b_signed = rnd(2);
  v->cmp = (uint8_t)rnd(6);
  if (rnd(4)) { /* else keep the defaults */
    v->asel = v->bsel = 0;
    for (unsigned i = 0; i < n; i++) {
      v->asel |= (uint16_t)(rnd(2 * n) << (4 * i));
      v->bsel |= (uint16_t)(rnd(2 * n) << (4 * i));
    }
    v->mask = (uint8_t)(1 + rnd((1u << n) - 1));
  }
  if (rnd(2))
    v->secop = ISA_VSECOP_ADD; /* .sat cannot go with .add */
  else
    v->is_sat = v->op != ISA_VOP_SET && rnd(2);
}

static void rand_vmad_desc(isa_video_desc *v)
{
  static const uint8_t scales[] = { 0, 7, 15 };
  isa_video_desc_init(v, ISA_VOP_MAD, 1);
  v->d_signed = rnd(2);
  v->a_signed = rnd(2);
  v->b_signed = rnd(2);
  v->asel = (uint16_t)rnd(7);
  v->bsel = (uint16_t)rnd(7);
  v->is_sat = rnd(2);
  v->scale = scales[rnd(3)];
  if (rnd(4) == 0) {
    v->is_po = true;
  } else {
    v->neg_prod = rnd(2);
    v->neg_c = !v->neg_prod && rnd(2); /* PTX has no -(a*b) - c */
  }
}

static const char *desc_str(const isa_video_desc *v)
{
  static char buf[160];
  snprintf(buf, sizeof buf,
           "op %u n %u d%d a%d b%d sat%d sec%u cmp%u clamp%d dsel%u mask%#x asel%#x bsel%#x "
           "np%d nc%d po%d scale%u",
           v->op, v->n_lanes, v->d_signed, v->a_signed, v->b_signed, v->is_sat, v->secop, v->cmp,
           v->is_clamp, v->dsel, v->mask, v->asel, v->bsel, v->neg_prod, v->neg_c, v->is_po,
           v->scale);
  return buf;
}

/* ---- tests ------------------------------------------------------------------ */

START_TEST(t_scalar_random)
{
  isa_video_desc v;
  rng_state = 101;
  for (int i = 0; i < N_RANDOM * 8; i++) {
    uint32_t a = rand_word(), b = rand_word(), c = rand_word();
    rand_scalar_desc(&v);
    if ((v.op == ISA_VOP_SHL || v.op == ISA_VOP_SHR) && rnd(2))
      b = rnd(2) ? rnd(40) : (uint32_t)rnd(40) << (8 * rnd(4)); /* shift amounts near 32 */
    EQ(isa_video_scalar(&v, a, b, c), ref_scalar(&v, a, b, c), "%s a %#x b %#x c %#x",
       desc_str(&v), a, b, c);
    EQ(isa_video_exec(&v, a, b, c), ref_scalar(&v, a, b, c), "exec %s", desc_str(&v));
  }
}
END_TEST

START_TEST(t_simd_random)
{
  isa_video_desc v;
  rng_state = 202;
  for (unsigned n = 2; n <= 4; n += 2)
    for (int i = 0; i < N_RANDOM * 4; i++) {
      uint32_t a = rand_word(), b = rand_word(), c = rand_word();
      rand_simd_desc(&v, n);
      EQ(isa_video_simd(&v, a, b, c), ref_simd(&v, a, b, c), "%s a %#x b %#x c %#x",
         desc_str(&v), a, b, c);
      EQ(isa_video_exec(&v, a, b, c), ref_simd(&v, a, b, c), "exec %s", desc_str(&v));
    }
}
END_TEST

START_TEST(t_vmad_random)
{
  isa_video_desc v;
  rng_state = 303;
  for (int i = 0; i < N_RANDOM * 4; i++) {
    uint32_t a = rand_word(), b = rand_word(), c = rand_word();
    rand_vmad_desc(&v);
    EQ(isa_vmad(&v, a, b, c), ref_vmad(&v, a, b, c), "%s a %#x b %#x c %#x", desc_str(&v), a,
       b, c);
    EQ(isa_video_exec(&v, a, b, c), ref_vmad(&v, a, b, c), "exec %s", desc_str(&v));
  }
}
END_TEST

static isa_video_desc mk(isa_video_op op, unsigned n, bool ds, bool as, bool bs)
{
  isa_video_desc v;
  isa_video_desc_init(&v, op, n);
  v.d_signed = ds;
  v.a_signed = as;
  v.b_signed = bs;
  return v;
}

START_TEST(t_scalar_vectors)
{
  isa_video_desc v;
  /* vadd.s32.u32.s32.sat r1, r2.b0, r3.h0: 255 + (-32768) */
  v = mk(ISA_VOP_ADD, 1, true, false, true);
  v.is_sat = true;
  v.asel = ISA_VSEL_B0;
  v.bsel = ISA_VSEL_H0;
  EQ(isa_video_exec(&v, 0x123456ff, 0x00018000, 0), 0xffff80ff, "vadd.s32.u32.s32.sat");
  /* vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c: |-128 - 127| = 255 */
  v = mk(ISA_VOP_ABSDIFF, 1, true, true, true);
  v.is_sat = true;
  v.asel = ISA_VSEL_B0;
  v.bsel = ISA_VSEL_B2;
  v.dsel = ISA_VSEL_H0;
  EQ(isa_video_exec(&v, 0x80, 0x007f0000, 0xaaaaaaaa), 0xaaaa00ff, "vabsdiff merge h0");
  v.dsel = ISA_VSEL_B3; /* 255 saturates to s8 127 */
  EQ(isa_video_exec(&v, 0x80, 0x007f0000, 0xaaaaaaaa), 0x7faaaaaa, "vabsdiff sat b3");
  /* vmin.s32.s32.s32.sat.add r1, r2, r3, c: min(5, -3) + 10 */
  v = mk(ISA_VOP_MIN, 1, true, true, true);
  v.is_sat = true;
  v.secop = ISA_VSECOP_ADD;
  EQ(isa_video_exec(&v, 5, 0xfffffffd, 10), 7, "vmin.add");
  v.secop = ISA_VSECOP_MAX; /* max(-3, c = -1) as signed */
  EQ(isa_video_exec(&v, 5, 0xfffffffd, 0xffffffff), 0xffffffff, "vmin.max signed c");
  v.d_signed = false; /* unsigned dtype: .sat makes -3 into 0; c = 2^32-1 is bigger */
  EQ(isa_video_exec(&v, 5, 0xfffffffd, 0xffffffff), 0xffffffff, "vmin.max unsigned c");
  v.secop = ISA_VSECOP_MIN;
  EQ(isa_video_exec(&v, 5, 0xfffffffd, 0xffffffff), 0, "vmin.u32.sat.min");
  /* vadd.u32 without .sat: the 33-bit sum keeps its low 32 bits */
  v = mk(ISA_VOP_ADD, 1, false, false, false);
  EQ(isa_video_exec(&v, 0xffffffff, 2, 0), 1, "vadd wraps");
  v.secop = ISA_VSECOP_MIN; /* min(2^32 + 1, c) is c: the compare is exact */
  EQ(isa_video_exec(&v, 0xffffffff, 2, 7), 7, "vadd.min exact");
  v.is_sat = true;
  v.secop = ISA_VSECOP_NONE;
  EQ(isa_video_exec(&v, 0xffffffff, 2, 0), 0xffffffff, "vadd.u32.sat");
  /* shifts */
  v = mk(ISA_VOP_SHL, 1, false, false, false);
  v.is_clamp = true;
  EQ(isa_video_exec(&v, 1, 40, 0), 0, "vshl.clamp 40 -> 32");
  v.is_sat = true;
  EQ(isa_video_exec(&v, 1, 40, 0), 0xffffffff, "vshl.clamp.sat");
  v.is_sat = false;
  v.is_clamp = false;
  EQ(isa_video_exec(&v, 1, 33, 0), 2, "vshl.wrap 33 -> 1");
  v = mk(ISA_VOP_SHR, 1, true, true, false);
  EQ(isa_video_exec(&v, 0x80000000, 33, 0), 0xc0000000, "vshr.s32.wrap");
  v.is_clamp = true;
  EQ(isa_video_exec(&v, 0x80000000, 33, 0), 0xffffffff, "vshr.s32.clamp");
  v.asel = ISA_VSEL_H1;
  EQ(isa_video_exec(&v, 0x80000000, 4, 0), 0xfffff800, "vshr.s32 h1");
  /* vset */
  v = mk(ISA_VOP_SET, 1, false, false, false);
  v.cmp = ISA_VCMP_GT;
  v.secop = ISA_VSECOP_ADD;
  EQ(isa_video_exec(&v, 5, 3, 10), 11, "vset.gt.add");
  v = mk(ISA_VOP_SET, 1, false, true, false);
  v.cmp = ISA_VCMP_LT; /* -1 (s32) < 0xffffffff (u32): compared by value */
  EQ(isa_video_exec(&v, 0xffffffff, 0xffffffff, 0), 1, "vset.s32.u32.lt");
  v.dsel = ISA_VSEL_B1;
  EQ(isa_video_exec(&v, 0xffffffff, 0xffffffff, 0xabcdefab), 0xabcd01ab, "vset merge b1");
}
END_TEST

START_TEST(t_simd_vectors)
{
  isa_video_desc v;
  /* nvcc: vabsdiff4.u32.u32.u32.add d, a, b, c (__vsadu4) */
  v = mk(ISA_VOP_ABSDIFF, 4, false, false, false);
  v.secop = ISA_VSECOP_ADD;
  EQ(isa_video_exec(&v, 0x01020304, 0x04030201, 10), 18, "vabsdiff4.add");
  EQ(isa_video_exec(&v, 0x00ff00ff, 0xff00ff00, 0xffffff00), 0x2fc, "sad wraps");
  v = mk(ISA_VOP_ADD, 4, false, false, false);
  EQ(isa_video_exec(&v, 0xff01ff80, 0x01010180, 0), 0x00020000, "vadd4 wraps per byte");
  v.is_sat = true;
  EQ(isa_video_exec(&v, 0xff01ff80, 0x01010180, 0), 0xff02ffff, "vadd4.sat");
  v = mk(ISA_VOP_SUB, 4, true, true, true);
  v.is_sat = true;
  EQ(isa_video_exec(&v, 0x7f80007f, 0x807f0001, 0), 0x7f80007e, "vsub4.s32.sat");
  /* vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1: only lane 0 */
  v.mask = 0x1;
  EQ(isa_video_exec(&v, 0x7f80007f, 0x807f0001, 0x11223344), 0x1122337e, "vsub4 mask b0");
  v = mk(ISA_VOP_AVRG, 2, false, false, false);
  EQ(isa_video_exec(&v, 0x00030001, 0x00040002, 0), 0x00040002, "vavrg2.u32 rounds up");
  v = mk(ISA_VOP_AVRG, 2, true, true, true);
  EQ(isa_video_exec(&v, 0xfffd0003, 0, 0), 0xfffe0002, "vavrg2.s32 -3 -> -2, 3 -> 2");
  v = mk(ISA_VOP_SET, 4, false, false, false);
  v.cmp = ISA_VCMP_LT;
  EQ(isa_video_exec(&v, 0x01020304, 0x02020202, 0), 0x01000000, "vset4.lt");
  v.secop = ISA_VSECOP_ADD;
  EQ(isa_video_exec(&v, 0x01020301, 0x02020202, 5), 7, "vset4.lt.add counts");
  /* vmin2.s32.u32.u32.add r1.h10, r2.h00, r3.h22, r1 */
  v = mk(ISA_VOP_MIN, 2, true, false, false);
  v.secop = ISA_VSECOP_ADD;
  v.asel = 0x00;
  v.bsel = 0x22;
  EQ(isa_video_exec(&v, 0x00000005, 0x00000003, 100), 106, "vmin2 h00 h22 add");
  /* selectors may pick the other register; extension follows the selector's type */
  v = mk(ISA_VOP_MAX, 2, false, true, false);
  v.asel = 0x32; /* a's lanes come from b, read as signed */
  v.bsel = 0x10; /* b's lanes come from a, read as unsigned */
  EQ(isa_video_exec(&v, 0x00018000, 0xffff0002, 0), 0x00018000, "cross selectors");
  v.mask = 0x2;
  EQ(isa_video_exec(&v, 0x00018000, 0xffff0002, 0x12345678), 0x00015678, "mask h1");
}
END_TEST

START_TEST(t_vmad_vectors)
{
  isa_video_desc v = mk(ISA_VOP_MAD, 1, false, false, false);
  EQ(isa_vmad(&v, 3, 4, 5), 17, "vmad.u32");
  v.is_po = true;
  EQ(isa_vmad(&v, 3, 4, 5), 18, "vmad.po");
  v.is_po = false;
  v.scale = 7;
  EQ(isa_vmad(&v, 0x100, 0x100, 0), 0x200, "vmad.shr7");
  v.scale = 0;
  EQ(isa_vmad(&v, 0xffffffff, 0xffffffff, 0), 1, "vmad.u32 low bits");
  v.is_sat = true;
  EQ(isa_vmad(&v, 0xffffffff, 0xffffffff, 0), 0xffffffff, "vmad.u32.sat");
  v = mk(ISA_VOP_MAD, 1, true, true, true);
  v.neg_prod = true;
  EQ(isa_vmad(&v, 3, 4, 5), 0xfffffff9, "-(3*4) + 5");
  v.neg_prod = false;
  v.neg_c = true;
  v.scale = 15; /* (-65536 * 1 - 0) >> 15 = -2, and -1 >> 15 = -1 (floor) */
  EQ(isa_vmad(&v, 0xffff0000, 1, 0), 0xfffffffe, "shr15 of a negative");
  EQ(isa_vmad(&v, 0xffffffff, 1, 0), 0xffffffff, "shr15 floors");
  /* (u32 * u32) - u32: c is unsigned (prose rule), final signed */
  v = mk(ISA_VOP_MAD, 1, false, false, false);
  v.neg_c = true;
  v.is_sat = true;
  EQ(isa_vmad(&v, 1, 1, 5), 0xfffffffc, "1 - 5");
  EQ(isa_vmad(&v, 1, 1, 0xffffffff), 0x80000000, "1 - 4294967295 clamps");
  v.is_sat = false;
  EQ(isa_vmad(&v, 1, 1, 0xffffffff), 2, "1 - 4294967295 wraps");
  /* selectors */
  v = mk(ISA_VOP_MAD, 1, true, true, false);
  v.asel = ISA_VSEL_B3;
  v.bsel = ISA_VSEL_H1;
  EQ(isa_vmad(&v, 0xff000000, 0x00020000, 1), 0xffffffff, "-1 * 2 + 1");
}
END_TEST

START_TEST(t_parse)
{
  uint8_t s8 = 0xee;
  uint16_t s16 = 0xeeee;
  isa_video_desc v;
  ck_assert_int_eq(isa_video_parse_sel(".b2", &s8), 0);
  ck_assert_int_eq(s8, ISA_VSEL_B2);
  ck_assert_int_eq(isa_video_parse_sel("h1", &s8), 0);
  ck_assert_int_eq(s8, ISA_VSEL_H1);
  ck_assert_int_eq(isa_video_parse_sel("b4", &s8), -1);
  ck_assert_int_eq(isa_video_parse_sel("h2", &s8), -1);
  ck_assert_int_eq(isa_video_parse_sel("b", &s8), -1);
  ck_assert_int_eq(isa_video_parse_sel("b01", &s8), -1);
  ck_assert_int_eq(s8, ISA_VSEL_H1);
  ck_assert_int_eq(isa_video_parse_simd_sel(".h32", 2, &s16), 0);
  ck_assert_int_eq(s16, 0x32);
  ck_assert_int_eq(isa_video_parse_simd_sel("b7654", 4, &s16), 0);
  ck_assert_int_eq(s16, 0x7654);
  ck_assert_int_eq(isa_video_parse_simd_sel("h4", 2, &s16), -1);
  ck_assert_int_eq(isa_video_parse_simd_sel("h40", 2, &s16), -1);
  ck_assert_int_eq(isa_video_parse_simd_sel("b765", 4, &s16), -1);
  ck_assert_int_eq(isa_video_parse_simd_sel("b76548", 4, &s16), -1);
  ck_assert_int_eq(isa_video_parse_simd_sel("b8654", 4, &s16), -1);
  ck_assert_int_eq(isa_video_parse_simd_sel("h3210", 4, &s16), -1);
  ck_assert_int_eq(s16, 0x7654);
  ck_assert_int_eq(isa_video_parse_mask(".b31", 4, &s8), 0);
  ck_assert_int_eq(s8, 0xa);
  ck_assert_int_eq(isa_video_parse_mask("b3210", 4, &s8), 0);
  ck_assert_int_eq(s8, 0xf);
  ck_assert_int_eq(isa_video_parse_mask("h1", 2, &s8), 0);
  ck_assert_int_eq(s8, 0x2);
  ck_assert_int_eq(isa_video_parse_mask("h01", 2, &s8), -1);
  ck_assert_int_eq(isa_video_parse_mask("h2", 2, &s8), -1);
  ck_assert_int_eq(isa_video_parse_mask("b4", 4, &s8), -1);
  ck_assert_int_eq(isa_video_parse_mask("b00", 4, &s8), -1);
  ck_assert_int_eq(isa_video_parse_mask("b", 4, &s8), -1);
  ck_assert_int_eq(s8, 0x2);
  isa_video_desc_init(&v, ISA_VOP_ADD, 4);
  ck_assert_int_eq(v.asel, 0x3210);
  ck_assert_int_eq(v.bsel, 0x7654);
  ck_assert_int_eq(v.mask, 0xf);
  isa_video_desc_init(&v, ISA_VOP_ADD, 2);
  ck_assert_int_eq(v.asel, 0x10);
  ck_assert_int_eq(v.bsel, 0x32);
  ck_assert_int_eq(v.mask, 0x3);
  isa_video_desc_init(&v, ISA_VOP_ADD, 1);
  ck_assert_int_eq(v.asel, ISA_VSEL_NONE);
  ck_assert_int_eq(v.dsel, ISA_VSEL_NONE);
}
END_TEST

static Suite *video_ops_suite(void)
{
  Suite *s = suite_create("video_ops");
  struct {
    const char *name;
    const TTest *fn;
  } cases[] = {
    { "scalar_random", t_scalar_random }, { "simd_random", t_simd_random },
    { "vmad_random", t_vmad_random }, { "scalar_vectors", t_scalar_vectors },
    { "simd_vectors", t_simd_vectors }, { "vmad_vectors", t_vmad_vectors },
    { "parse", t_parse },
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
  SRunner *sr = srunner_create(video_ops_suite());
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
