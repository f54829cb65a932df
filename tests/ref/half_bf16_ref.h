/* half_bf16_ref.h -- inputs and CPU reference of
 * benchmarks/cuda/half_bf16.cu, shared by tests/drivers/check_half_bf16.c and
 * tests/exec/half_bf16.cu: add/mul/fma.rn/min/max on .f16, .f16x2, .bf16
 * and .bf16x2 (nvcc writes bf16 add as fma.rn.bf16 a, 1.0, b and bf16x2 mul
 * as fma.rn.bf16x2 a, b, -0.0), cvt.f32.f16, cvt.rn.f16.f32,
 * cvt.rn.bf16.f32 and bf16 widening by mov.b32 {0, h}.
 *
 * The reference rounds once, to nearest even, from the exact result:
 * products of two 16-bit floats are exact in double, and sums go through
 * ref_add_ro (round to odd), so a*b + c is correctly rounded even when its
 * terms are 2^200 apart.  Results are bit-exact; a NaN result may be any
 * NaN (the PTX ISA leaves the NaN of half arithmetic unspecified).
 * Inputs: hand-picked edge cases first (ties, overflow to infinity,
 * subnormals, signed zeros, NaN, infinities, fused-vs-unfused roundings),
 * then random bit patterns and random multiples of 1/16 in [-8, 8].  The
 * halves travel as raw 16-bit patterns (uint16_t on the host). */
#ifndef PTXSIM_TESTS_REF_HALF_BF16_REF_H
#define PTXSIM_TESTS_REF_HALF_BF16_REF_H

#include "ref_util.h"

#define N 400
#define B 128

/* ---- reference ---------------------------------------------------------- */

typedef struct fmt16 {
  int is_bf16;
  double (*dec)(uint16_t);
  uint16_t (*enc)(double);
} fmt16;

static const fmt16 F16 = { 0, ref_h2d, ref_d2h };
static const fmt16 BF16 = { 1, ref_bf2d, ref_d2bf };

/* a*b + c, rounded once.  The product of two 16-bit floats (at most 22
 * significant bits, exponents within double's range) is exact. */
static inline uint16_t ref_fma(const fmt16 *f, uint16_t a, uint16_t b, uint16_t c)
{
  return f->enc(ref_add_ro(f->dec(a) * f->dec(b), f->dec(c)));
}

static inline uint16_t ref_add(const fmt16 *f, uint16_t a, uint16_t b)
{
  return f->enc(ref_add_ro(f->dec(a), f->dec(b)));
}

static inline uint16_t ref_mul(const fmt16 *f, uint16_t a, uint16_t b)
{
  return f->enc(f->dec(a) * f->dec(b));
}

/* PTX ISA, min/max .f16/.bf16: one NaN gives the other operand, two give
 * NaN; +0.0 > -0.0. */
static inline uint16_t ref_minmax(const fmt16 *f, uint16_t a, uint16_t b, int is_max)
{
  int na = ref_isnan16(a, f->is_bf16), nb = ref_isnan16(b, f->is_bf16);
  if (na && nb)
    return 0x7fff;
  if (na)
    return b;
  if (nb)
    return a;
  double x = f->dec(a), y = f->dec(b);
  if (x == y && x == 0) {
    /* signed zeros: max picks +0, min picks -0 */
    int a_neg = (a & 0x8000) != 0;
    return (is_max ? !a_neg : a_neg) ? a : b;
  }
  if (is_max)
    return x > y ? a : b;
  return x < y ? a : b;
}

/* Lane-wise on packed pairs: element 0 in bits 0..15. */
static inline uint16_t lo16(uint32_t v) { return (uint16_t)v; }
static inline uint16_t hi16(uint32_t v) { return (uint16_t)(v >> 16); }
static inline uint32_t pack(uint16_t lo, uint16_t hi) { return (uint32_t)lo | (uint32_t)hi << 16; }

/* ---- inputs ----------------------------------------------------------- */

/* Edge-case triples (a, b, c), f16. */
static const uint16_t F16_EDGE[][3] = {
  { 0x7bff, 0x4c00, 0x3c00 }, /* 65504 + 16 = 65520: tie to even -> inf */
  { 0x7bff, 0x4000, 0xfbff }, /* 65504 * 2 -> inf; fma 2*65504 - 65504 = 65504 (no overflow) */
  { 0x6800, 0x3c00, 0x0000 }, /* 2048 + 1 = 2049: tie -> 2048 */
  { 0x6801, 0x3c00, 0x8000 }, /* 2050 + 1: tie -> 2052 */
  { 0x0001, 0x3800, 0x0000 }, /* 2^-24 * 0.5: tie -> +0 */
  { 0x0003, 0x3800, 0x8000 }, /* 3 * 2^-25: tie -> 2 * 2^-24 */
  { 0x03ff, 0x0001, 0x0400 }, /* max subnormal + min subnormal = min normal */
  { 0x8001, 0x3c00, 0x0001 }, /* -2^-24 + 1: -> 1; fma: 0 */
  { 0x0000, 0x8000, 0x8000 }, /* +0 + -0 = +0, max = +0; fma -0 + -0 = -0 */
  { 0x8000, 0x0000, 0x0000 }, /* max(-0, +0) = +0 */
  { 0x8000, 0x8000, 0x8000 }, /* -0 + -0 = -0 */
  { 0x7c00, 0x0000, 0x3c00 }, /* inf * 0 = NaN; inf + 0 = inf */
  { 0x7c00, 0xfc00, 0x3c00 }, /* inf + -inf = NaN; max = inf */
  { 0x7e00, 0x4200, 0x3c00 }, /* NaN + 3 = NaN; max(NaN, 3) = 3 */
  { 0x4200, 0xfe00, 0x3c00 }, /* max(3, NaN) = 3 */
  { 0x7e00, 0x7e01, 0x3c00 }, /* max(NaN, NaN) = NaN */
  { 0x4200, 0x3c01, 0x8001 }, /* fma: 3*(1+2^-10) - 2^-24 is just below a tie -> 0x4201 */
  { 0x4200, 0x3c01, 0x0001 }, /* ... just above the tie -> 0x4202 */
  { 0x3c01, 0x3bff, 0xbc00 }, /* fma: (1+2^-10)(1-2^-11) - 1: cancellation, exact */
  { 0x5bff, 0x5bff, 0xfbff }, /* 255.9^2 - 65504: large, cancelling */
  { 0x0400, 0x0400, 0x0000 }, /* min normal squared underflows to +0 */
  { 0x1400, 0x1400, 0x8000 }, /* 2^-10 * 2^-10 = 2^-20: subnormal product */
  { 0xc500, 0x4500, 0x7bff }, /* -5 * 5 + 65504 */
  { 0x3555, 0x3555, 0xb400 }, /* (1/3)^2 - 1/4 */
};

/* Edge-case triples, bf16. */
static const uint16_t BF16_EDGE[][3] = {
  { 0x4040, 0x3f81, 0x8d80 }, /* fma: 3*(1+2^-7) - 2^-100 is just below a tie -> 0x4041;
                                 rounding through double first would give 0x4042 */
  { 0x4040, 0x3f81, 0x0d80 }, /* ... + 2^-100: just above -> 0x4042 */
  { 0x3f80, 0x0d80, 0x3b80 }, /* 1 + 2^-100: -> 1 */
  { 0x3f80, 0x3b80, 0x3f80 }, /* 1 + 2^-8: tie -> 1; fma 2^-8 + 1 */
  { 0x3f81, 0x3b80, 0x0000 }, /* (1+2^-7) + 2^-8: tie -> 1 + 2^-6 */
  { 0x7f7f, 0x7f7f, 0x3f80 }, /* max * max -> inf; max + max -> inf */
  { 0x7f7f, 0x4000, 0xff7f }, /* fma: 2*max - max = max (no intermediate overflow) */
  { 0x0001, 0x3f00, 0x0000 }, /* min subnormal * 0.5: tie -> +0 */
  { 0x0003, 0x3f00, 0x8000 }, /* 3 * 2^-134: tie -> 2 * 2^-133 */
  { 0x007f, 0x0001, 0x0080 }, /* max subnormal + min subnormal = min normal */
  { 0x0000, 0x8000, 0x8000 }, /* signed zeros */
  { 0x8000, 0x0000, 0x0000 },
  { 0x8000, 0x8000, 0x8000 },
  { 0x7f80, 0x0000, 0x3f80 }, /* inf * 0 = NaN */
  { 0x7f80, 0xff80, 0x3f80 }, /* inf + -inf = NaN */
  { 0x7fc0, 0x4040, 0x3f80 }, /* NaN and 3 */
  { 0x4040, 0xffc0, 0x3f80 },
  { 0x7fc0, 0x7fc1, 0x3f80 },
  { 0x1f80, 0x1f80, 0x8000 }, /* 2^-64 squared: 2^-128, subnormal */
  { 0xc0a0, 0x40a0, 0x7f7f },
  { 0x3eab, 0x3eab, 0xbe80 }, /* (1/3)^2 - 1/4 */
};

#define N_F16_EDGE (sizeof F16_EDGE / sizeof F16_EDGE[0])
#define N_BF16_EDGE (sizeof BF16_EDGE / sizeof BF16_EDGE[0])

/* A random operand: a random bit pattern, or a multiple of 1/16 in
 * [-8, 8] (the .cu's intended range; exact in every step). */
static inline uint16_t rand16(ref_rng *r, const fmt16 *f)
{
  if (ref_rand32(r) & 1)
    return (uint16_t)ref_rand32(r);
  return f->enc(ref_rand_range(r, -128, 128) / 16.0);
}

/* Fills a, b, c (n elements): edge triples first, then random ones. */
static inline void make_inputs(const fmt16 *f, uint16_t *a, uint16_t *b, uint16_t *c, int n,
                               uint64_t seed)
{
  ref_rng r;
  const uint16_t(*edge)[3] = f->is_bf16 ? BF16_EDGE : F16_EDGE;
  int n_edge = (int)(f->is_bf16 ? N_BF16_EDGE : N_F16_EDGE);
  ref_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    if (i < n_edge) {
      a[i] = edge[i][0], b[i] = edge[i][1], c[i] = edge[i][2];
    } else {
      a[i] = rand16(&r, f), b[i] = rand16(&r, f), c[i] = rand16(&r, f);
    }
  }
}



/* ---- scenarios ------------------------------------------------------------ */

enum { NP = N / 2 }; /* pairs of the x2 kernels */

/* half_ops: add, mul, fma, max interleaved (as floats). */
static inline void half_ops_inputs(uint16_t *a, uint16_t *b, uint16_t *cc, float *want)
{
  make_inputs(&F16, a, b, cc, N, 81);
  for (int i = 0; i < N; i++) {
    want[4 * i + 0] = (float)ref_h2d(ref_add(&F16, a[i], b[i]));
    want[4 * i + 1] = (float)ref_h2d(ref_mul(&F16, a[i], b[i]));
    want[4 * i + 2] = (float)ref_h2d(ref_fma(&F16, a[i], b[i], cc[i]));
    want[4 * i + 3] = (float)ref_h2d(ref_minmax(&F16, a[i], b[i], 1));
  }
}

/* half2_ops: pair i takes elements 2i (low) and 2i+1 (high) of the inputs,
 * so the edge triples land in both halves; word k of want: halves 2k (low),
 * 2k+1 (high) of add2, fma2, min2(mul2, c) interleaved. */
static inline void half2_ops_inputs(uint32_t *pa, uint32_t *pb, uint32_t *pc, uint16_t *want)
{
  uint16_t a[N], b[N], cc[N];
  make_inputs(&F16, a, b, cc, N, 82);
  for (int i = 0; i < NP; i++) {
    pa[i] = pack(a[2 * i], a[2 * i + 1]);
    pb[i] = pack(b[2 * i], b[2 * i + 1]);
    pc[i] = pack(cc[2 * i], cc[2 * i + 1]);
    uint16_t r[3][2];
    for (int h = 0; h < 2; h++) {
      uint16_t x = h ? hi16(pa[i]) : lo16(pa[i]), y = h ? hi16(pb[i]) : lo16(pb[i]);
      uint16_t z = h ? hi16(pc[i]) : lo16(pc[i]);
      r[0][h] = ref_add(&F16, x, y);
      r[1][h] = ref_fma(&F16, x, y, z);
      r[2][h] = ref_minmax(&F16, ref_mul(&F16, x, y), z, 0);
    }
    for (int k = 0; k < 3; k++)
      for (int h = 0; h < 2; h++)
        want[2 * (3 * i + k) + h] = r[k][h];
  }
}

/* bf16_ops: add, fma, max interleaved; wantf the fma.rn.f32 of the widened
 * values (libm's fmaf rounds once). */
static inline void bf16_ops_inputs(uint16_t *a, uint16_t *b, uint16_t *cc, uint16_t *want,
                                   float *wantf)
{
  make_inputs(&BF16, a, b, cc, N, 83);
  for (int i = 0; i < N; i++) {
    want[3 * i + 0] = ref_add(&BF16, a[i], b[i]);
    want[3 * i + 1] = ref_fma(&BF16, a[i], b[i], cc[i]);
    want[3 * i + 2] = ref_minmax(&BF16, a[i], b[i], 1);
    /* fma.rn.f32 of the widened values: libm's fmaf rounds once */
    wantf[i] = fmaf(ref_u2f((uint32_t)a[i] << 16), 2.0f, ref_u2f((uint32_t)b[i] << 16));
  }
}

/* bf16x2_ops: mul2, min2 interleaved, as halves (pairs as for half2_ops). */
static inline void bf16x2_ops_inputs(uint32_t *pa, uint32_t *pb, uint16_t *want)
{
  uint16_t a[N], b[N], cc[N];
  make_inputs(&BF16, a, b, cc, N, 84);
  for (int i = 0; i < NP; i++) {
    pa[i] = pack(a[2 * i], a[2 * i + 1]);
    pb[i] = pack(b[2 * i], b[2 * i + 1]);
    uint16_t r[2][2];
    for (int h = 0; h < 2; h++) {
      uint16_t x = h ? hi16(pa[i]) : lo16(pa[i]), y = h ? hi16(pb[i]) : lo16(pb[i]);
      /* nvcc: fma.rn.bf16x2 x, y, -0.0 -- equal to x*y, signed zeros included */
      r[0][h] = ref_fma(&BF16, x, y, 0x8000);
      r[1][h] = ref_minmax(&BF16, x, y, 0);
    }
    for (int k = 0; k < 2; k++)
      for (int h = 0; h < 2; h++)
        want[2 * (2 * i + k) + h] = r[k][h];
  }
}

/* convert_f16_bf16: cvt.rn to f16 and bf16 and back (f16, bf16 interleaved). */
static inline void convert_inputs(float *in, uint16_t *hw, uint16_t *bw, float *back_want)
{
  static const uint32_t edge[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
    0x477fe000u, /* 65504: f16 max */
    0x477fefffu, /* just below the f16 overflow tie: 65504 */
    0x477ff000u, /* 65520: tie -> inf */
    0xc77ff000u, /* -65520 -> -inf */
    0x33800000u, /* 2^-24: min f16 subnormal */
    0x33000000u, /* 2^-25: tie -> +0 */
    0x33000001u, /* just above 2^-25 -> 2^-24 */
    0xb3400000u, /* -1.5 * 2^-25 -> -2^-24 */
    0x38800000u, /* 2^-14: min f16 normal */
    0x387fc000u, /* max f16 subnormal */
    0x387fe000u, /* between max subnormal and min normal: tie -> min normal (even) */
    0x3f801000u, /* 1 + 2^-11: f16 tie -> 1 */
    0x3f803000u, /* 1 + 3*2^-11: f16 tie -> 1 + 2^-9 */
    0x3f808000u, /* 1 + 2^-8: bf16 tie -> 1 */
    0x3f818000u, /* 1 + 3*2^-8: bf16 tie -> 1 + 2^-6 */
    0x3f808001u, /* just above the bf16 tie -> 1 + 2^-7 */
    0x7f7fffffu, /* FLT_MAX: bf16 rounds to inf, f16 inf */
    0x7f7f7fffu, /* just below the bf16 overflow tie: bf16 max */
    0x00000001u, /* f32 subnormals: bf16 keeps the large ones */
    0x00400000u, 0x00010000u, 0x00018000u, 0x80008000u,
    0x3eaaaaabu, /* 1/3 */
    0xc0490fdbu, /* -pi */
  };
  enum { NE = sizeof edge / sizeof edge[0] };
  ref_rng r;
  ref_rng_seed(&r, 85);
  for (int i = 0; i < N; i++) {
    if (i < NE)
      in[i] = ref_u2f(edge[i]);
    else if (i % 3 == 0)
      in[i] = ref_u2f(ref_rand32(&r)); /* any pattern */
    else if (i % 3 == 1)
      in[i] = ref_randf(&r, -70000.0f, 70000.0f);
    else
      in[i] = ldexpf(ref_randf(&r, -1.0f, 1.0f), ref_rand_range(&r, -30, 0));
    hw[i] = ref_d2h((double)in[i]);
    bw[i] = ref_d2bf((double)in[i]);
    back_want[2 * i] = (float)ref_h2d(hw[i]);
    back_want[2 * i + 1] = ref_u2f((uint32_t)bw[i] << 16);
  }
}

/* The reference's own rounding, against values worked out by hand (host only). */
static inline void half_bf16_reference_check(const ref_check *ck)
{
#define HALF_EQ16(got, want) \
  ref_expect(ck, (got) == (want), "reference: %s = 0x%04x, want 0x%04x", #got, (unsigned)(got), \
             (unsigned)(want))
#define HALF_TRUE(cond) ref_expect(ck, (cond), "reference: %s is false", #cond)
  HALF_EQ16(ref_d2h(65504.0), 0x7bff);
  HALF_EQ16(ref_d2h(65519.99), 0x7bff);
  HALF_EQ16(ref_d2h(65520.0), 0x7c00);
  HALF_EQ16(ref_d2h(-0.0), 0x8000);
  HALF_EQ16(ref_d2h(ldexp(1.0, -24)), 0x0001);
  HALF_EQ16(ref_d2h(ldexp(1.0, -25)), 0x0000);
  HALF_EQ16(ref_d2h(ldexp(3.0, -25)), 0x0002);
  HALF_EQ16(ref_d2h(ldexp(2047.0, -25)), 0x0400); /* tie between 0x3ff and 0x400 */
  HALF_EQ16(ref_d2h(2049.0), 0x6800);
  HALF_EQ16(ref_d2h(2051.0), 0x6802);
  HALF_EQ16(ref_d2h(1.0 / 3.0), 0x3555);
  HALF_EQ16(ref_d2bf(1.0 + ldexp(1.0, -8)), 0x3f80);
  HALF_EQ16(ref_d2bf(1.0 + ldexp(3.0, -8)), 0x3f82);
  HALF_EQ16(ref_d2bf(ldexp(1.0, -133)), 0x0001);
  HALF_EQ16(ref_d2bf(ldexp(1.0, -134)), 0x0000);
  HALF_EQ16(ref_d2bf(3.4028234663852886e38), 0x7f80);
  HALF_TRUE(ref_h2d(0x0001) == ldexp(1.0, -24));
  HALF_TRUE(ref_h2d(0xc500) == -5.0);
  HALF_TRUE(ref_bf2d(0x0001) == ldexp(1.0, -133));
  HALF_TRUE(isnan(ref_h2d(0x7e00)) && isinf(ref_h2d(0xfc00)));
  /* the fused cases of the edge tables */
  HALF_EQ16(ref_fma(&BF16, 0x4040, 0x3f81, 0x8d80), 0x4041);
  HALF_EQ16(ref_fma(&BF16, 0x4040, 0x3f81, 0x0d80), 0x4042);
  HALF_EQ16(ref_fma(&F16, 0x4200, 0x3c01, 0x8001), 0x4201);
  HALF_EQ16(ref_fma(&F16, 0x4200, 0x3c01, 0x0001), 0x4202);
  HALF_EQ16(ref_minmax(&F16, 0x8000, 0x0000, 1), 0x0000);
  HALF_EQ16(ref_minmax(&F16, 0x0000, 0x8000, 0), 0x8000);
#undef HALF_EQ16
#undef HALF_TRUE
}

#endif /* PTXSIM_TESTS_REF_HALF_BF16_REF_H */
