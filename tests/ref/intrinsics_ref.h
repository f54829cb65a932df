/* intrinsics_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/intrinsics.cu, shared by tests/drivers/check_intrinsics.c
 * (library API) and tests/exec/intrinsics.cu (CUDA runtime):
 * int_intrinsics (32 integer and SIMD-video intrinsics), float_intrinsics
 * (rounding-mode arithmetic, IEEE div/rcp/sqrt, the .approx functions,
 * rounding to integral, min/max, unordered comparisons, __frsqrt_rn),
 * float_conversions (float/double <-> integer with every rounding mode,
 * narrowing) and bitfields (C bit-field inserts, bit_width).
 *
 * The references emulate each intrinsic exactly as the CUDA
 * documentation and the PTX ISA define it -- not as the C expression
 * would behave on the host where that is undefined (abs(INT_MIN),
 * out-of-range float->int casts): the PTX ISA clamps float->int
 * conversions and maps NaN to 0, or to 1 << (w-1) for an f64 source or
 * a 64-bit destination.  Directed roundings are computed from the exact
 * value (or a round-to-odd approximation, ref_add_ro) and stepped with
 * nextafterf.  Every result is bit-exact except the .approx instructions,
 * which are held to the PTX ISA's error bounds: div.approx 2 ulp for
 * |y| in [2^-126, 2^126]; sin/cos.approx absolute 2^-20.5 on [-2pi, 2pi]
 * and 2^-14.7 on [-100pi, 100pi]; lg2.approx absolute 2^-22 on (0.5, 2),
 * else relative 2^-22; ex2.approx 2 ulp (each bound widened by the
 * reference's own final rounding).  libm calls take explicit doubles (C
 * and C++ alike).
 */
#ifndef PTXSIM_TESTS_REF_INTRINSICS_REF_H
#define PTXSIM_TESTS_REF_INTRINSICS_REF_H

#include <float.h>
#include <limits.h>

#include "ref_util.h"

#define N 256
#define B 96

static const double PI = 3.14159265358979323846;

/* ---- integer reference ---------------------------------------------------- */

static inline uint32_t brev32(uint32_t x)
{
  uint32_t r = 0;
  for (int i = 0; i < 32; i++)
    r |= ((x >> i) & 1u) << (31 - i);
  return r;
}

static inline uint32_t clz32(uint32_t x)
{
  uint32_t n = 0;
  for (uint32_t m = 0x80000000u; m && !(x & m); m >>= 1)
    n++;
  return n;
}

static inline uint32_t popc32(uint32_t x)
{
  uint32_t n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

/* __ffs: 1-based index of the lowest set bit, 0 for 0 */
static inline uint32_t ffs32(uint32_t x)
{
  for (uint32_t i = 0; i < 32; i++)
    if (x >> i & 1u)
      return i + 1;
  return 0;
}

/* number of bits needed: 0 for 0 */
static inline uint32_t bit_width64(uint64_t x)
{
  uint32_t n = 0;
  for (; x; x >>= 1)
    n++;
  return n;
}

static inline uint8_t byte_of(uint32_t x, int k) { return (uint8_t)(x >> (8 * k)); }

/* __byte_perm(x, y, s): result byte k is byte s[4k+2:4k] of the 8-byte
 * value y:x (x is bytes 0..3) */
static inline uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
  uint64_t v = (uint64_t)y << 32 | x;
  uint32_t r = 0;
  for (int k = 0; k < 4; k++)
    r |= (uint32_t)(uint8_t)(v >> (8 * ((s >> (4 * k)) & 7))) << (8 * k);
  return r;
}

static inline void int_ref(uint32_t x, uint32_t y, uint32_t *r)
{
  int32_t sx = (int32_t)x, sy = (int32_t)y;
  uint64_t hl = (uint64_t)y << 32 | x;
  r[0] = brev32(x);
  r[1] = clz32(x);
  r[2] = popc32(x);
  r[3] = ffs32(y);
  r[4] = x ? 31u - clz32(x) : 0xffffffffu;
  r[5] = byte_perm(x, y, 0x5140);
  r[6] = (uint32_t)((hl << (y & 31)) >> 32);                   /* __funnelshift_l */
  r[7] = (uint32_t)(hl >> ((y & 63) < 32 ? (y & 63) : 32));     /* __funnelshift_rc */
  r[8] = (x >> (y & 15)) & ((1u << ((y >> 8) & 15)) - 1u);
  {
    uint32_t pos = (y >> 16) & 15, m = 0xffu << pos;
    r[9] = (x & ~m) | ((y << pos) & m);
  }
  r[10] = ((1u << (y & 15)) - 1u) << (x & 15);                  /* bitmask(start, width) */
  {
    uint32_t sad = 0, add = 0, ge = 0, ad = 0;
    for (int k = 0; k < 4; k++) {
      int d = (int)byte_of(x, k) - (int)byte_of(y, k);
      sad += (uint32_t)(d < 0 ? -d : d);
      ad |= (uint32_t)(d < 0 ? -d : d) << (8 * k);
      add |= (uint32_t)(uint8_t)(byte_of(x, k) + byte_of(y, k)) << (8 * k);
      ge |= (byte_of(x, k) >= byte_of(y, k) ? 0xffu : 0u) << (8 * k);
    }
    r[11] = sad;
    r[12] = add;
    r[13] = ge;
    r[29] = ad;
  }
  /* sad.s32: |x - y| + 7, the difference taken modulo 2^32 */
  r[14] = (sx < sy ? y - x : x - y) + 7u;
  r[15] = (uint32_t)(uint64_t)(((int64_t)sx * (int64_t)sy) >> 32);
  r[16] = (uint32_t)(((uint64_t)x * y) >> 32);
  {
    /* __mul24: low 32 bits of the product of the sign-extended low 24 bits */
    int64_t a24 = (int64_t)(int32_t)(x << 8) >> 8, b24 = (int64_t)(int32_t)(y << 8) >> 8;
    r[17] = (uint32_t)(uint64_t)(a24 * b24);
  }
  r[18] = sx < 0 ? 0u - x : x;                                  /* abs.s32(INT_MIN) = INT_MIN */
  r[19] = (uint32_t)(sx < sy ? sx : sy);
  r[20] = (uint32_t)(sx > sy ? sx : sy);
  r[21] = x < y ? x : y;
  r[22] = x > y ? x : y;
  r[23] = y ? x / y : 0u;
  r[24] = y ? x % y : 0u;
  int div_ok = sy != 0 && !(sx == INT32_MIN && sy == -1);
  r[25] = div_ok ? (uint32_t)(sx / sy) : 0u;
  r[26] = div_ok ? (uint32_t)(sx % sy) : 0u;
  r[27] = (uint32_t)(sx >> (y & 31)) ^ (x << (y & 7));
  r[28] = (uint32_t)(((uint64_t)x * y) >> 32) + (uint32_t)(((uint64_t)x * (y >> 16)) & 0xffff);
  r[30] = ffs32(x) | popc32(x & y) << 8;
  {
    unsigned sh = (x >> 3) & 31;
    uint64_t m = 0xffffull << sh;
    uint64_t wide = (hl & ~m) | (((uint64_t)(y ^ x) << sh) & m);
    r[31] = (uint32_t)(wide >> 16);
  }
}

/* ---- float reference -------------------------------------------------- */

typedef enum rmode { RN, RZ, RM, RP } rmode;

/* Rounds d -- exact, or rounded to odd at 53 bits -- to float in mode m. */
static inline float round_f32(double d, rmode m)
{
  float f = (float)d;
  if (m == RN || isnan(d) || isinf(d))
    return f;
  double df = (double)f;
  if (m == RZ && fabs(df) > fabs(d))
    f = nextafterf(f, 0.0f);
  else if (m == RM && df > d)
    f = nextafterf(f, -INFINITY);
  else if (m == RP && df < d)
    f = nextafterf(f, INFINITY);
  return f;
}

/* x*y + c in mode m, one rounding (IEEE 754 signs of zero sums). */
static inline float fma_dir(float x, float y, float c, rmode m)
{
  double p = (double)x * (double)y;   /* exact: 48 bits, exponent in range */
  double s = p + (double)c;
  if (s == 0) {
    if (p == 0 && c == 0) {
      int np = signbit(p) != 0, nc = signbit(c) != 0;
      return (m == RM ? (np || nc) : (np && nc)) ? -0.0f : 0.0f;
    }
    return m == RM ? -0.0f : 0.0f;    /* exact cancellation */
  }
  return round_f32(ref_add_ro(p, (double)c), m);
}

static inline float add_dir(float x, float y, rmode m) { return fma_dir(x, 1.0f, y, m); }

static inline float mul_dir(float x, float y, rmode m)
{
  return round_f32((double)x * (double)y, m);
}

/* min/max.f32: one NaN gives the other operand; +0 > -0. */
static inline float fminmax(float x, float y, int is_max)
{
  if (isnan(x))
    return y;
  if (isnan(y))
    return x;
  if (x == 0 && y == 0)
    return (is_max ? !signbit(x) : signbit(x) != 0) ? x : y;
  return is_max ? (x > y ? x : y) : (x < y ? x : y);
}

/* Splits a finite nonzero double into M * 2^e with M odd. */
static inline void odd_split(double d, uint64_t *m, int *e)
{
  int ex;
  double f = frexp(fabs(d), &ex);
  uint64_t mm = (uint64_t)ldexp(f, 53);
  ex -= 53;
  while (!(mm & 1)) {
    mm >>= 1;
    ex++;
  }
  *m = mm;
  *e = ex;
}

/* sign of m^2 * v - 1 for finite positive m, v with few significant bits */
static inline int cmp_sq_times_one(double m, double v)
{
  uint64_t M, V;
  int em, ev;
  odd_split(m, &M, &em);
  odd_split(v, &V, &ev);
  /* m^2 v = M^2 V 2^(2em+ev); compare M^2 V with 2^k */
  int k = -(2 * em + ev);
  unsigned __int128 q = (unsigned __int128)M * M * V;
  if (k < 0)
    return 1;
  if (k >= 127)
    return -1;
  unsigned __int128 p2 = (unsigned __int128)1 << k;
  return q > p2 ? 1 : q < p2 ? -1 : 0;
}

/* 1/sqrt(v) correctly rounded (v a positive finite float, or +inf). */
static inline float rsqrt_rn(float v)
{
  if (isnan(v))
    return v;
  if (isinf(v))
    return 0.0f;
  float r = (float)(1.0 / sqrt((double)v));
  /* the double estimate is within a tiny fraction of an ulp: settle the
   * two midpoints around r exactly (t > mid  <=>  mid^2 v < 1) */
  double up = ((double)r + (double)nextafterf(r, INFINITY)) / 2;
  double dn = ((double)r + (double)nextafterf(r, 0.0f)) / 2;
  if (cmp_sq_times_one(up, (double)v) < 0)
    return nextafterf(r, INFINITY);
  if (cmp_sq_times_one(dn, (double)v) > 0)
    return nextafterf(r, 0.0f);
  return r;
}

/* The exact results (indices of r[] in float_intrinsics); approximate
 * ones are filled with the correctly rounded value and checked apart. */
static inline void float_ref(float x, float y, float *r)
{
  r[0] = x + y;
  r[1] = add_dir(x, y, RZ);
  r[2] = x * y;
  r[3] = mul_dir(x, y, RZ);
  r[4] = fma_dir(x, y, 1.0f, RM);
  r[5] = fma_dir(x, y, 1.0f, RZ);
  r[6] = fma_dir(x, y, -1.0f, RP);
  r[7] = x / y;
  r[8] = (float)((double)x / (double)y);           /* approx: 2 ulp */
  r[9] = 1.0f / y;
  r[10] = sqrtf(fabsf(x));
  r[11] = (float)sin((double)x);                   /* approx */
  r[12] = (float)cos((double)x);                   /* approx */
  r[13] = (float)log2((double)(fabsf(x) + 1.0f));  /* approx */
  r[14] = (float)exp2((double)(fabsf(x) * -1.44269502162933349609375f)); /* approx */
  r[15] = (float)exp2((double)-fabsf(y));          /* approx */
  /* cvt.sat.f32.f32: clamp to [0, 1], NaN -> +0; -0 -> +0 (as hardware) */
  r[16] = isnan(x) ? 0.0f : x <= 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
  r[17] = copysignf(x, y);
  r[18] = floorf(x);
  r[19] = ceilf(x);
  r[20] = truncf(y);
  r[21] = nearbyintf(y);
  r[22] = fminmax(x, y, 0);
  r[23] = fminmax(x, y, 1);
  r[24] = -fabsf(x);
  r[25] = !(x < y) ? 1.0f : 0.0f;
  r[26] = !(x >= y) ? 2.0f : -2.0f;
  r[27] = !(x == y) ? x : y;
  r[28] = !(x > y) ? 3.0f : 4.0f;
  r[29] = !(x <= y) ? 5.0f : 6.0f;
  r[30] = rsqrt_rn(fabsf(y) + 1.0f);
  r[31] = (x - y) * (1.0f / (fabsf(x) + 2.0f));
}

/* ---- conversion reference ------------------------------------------------ */

typedef enum irnd { RNI, RZI, RMI, RPI } irnd;

/* cvt.<irnd>.{s,u}<bits>.<f32|f64>: round to integral, clamp to the
 * destination, NaN -> 0 unless the source is f64 or the destination is
 * 64 bits wide, then 1 << (bits - 1) (PTX ISA, cvt). */
static inline int64_t f2i(double v, irnd m, int bits, int is_signed, int src_f64)
{
  if (isnan(v)) {
    if (!src_f64 && bits != 64)
      return 0;
    /* 1 << (bits - 1): the most negative value of a signed destination */
    return is_signed ? (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1)))
                     : (int64_t)(1ull << (bits - 1));
  }
  double r = m == RNI ? nearbyint(v) : m == RZI ? trunc(v) : m == RMI ? floor(v) : ceil(v);
  double lo = is_signed ? -ldexp(1, bits - 1) : 0;
  double hi = is_signed ? ldexp(1, bits - 1) : ldexp(1, bits); /* exclusive */
  if (r < lo)
    return is_signed ? (bits == 64 ? INT64_MIN : -(int64_t)(1ull << (bits - 1))) : 0;
  if (r >= hi)
    return is_signed ? (int64_t)((1ull << (bits - 1)) - 1) : (int64_t)(bits == 64 ? UINT64_MAX
                                                                        : (1ull << bits) - 1);
  if (!is_signed && bits == 64)
    return (int64_t)(uint64_t)r;
  return (int64_t)r;
}

/* An integer as a double rounded to odd at 53 bits (exact when it fits). */
static inline double i64_odd(uint64_t mag, int neg)
{
  int n = 64;
  while (n > 0 && !(mag >> (n - 1) & 1))
    n--;
  double d;
  if (n <= 53) {
    d = (double)mag;
  } else {
    int s = n - 53;
    uint64_t m = mag >> s;
    if (mag & ((1ull << s) - 1))
      m |= 1;
    d = ldexp((double)m, s);
  }
  return neg ? -d : d;
}

static inline float s64_to_f32(int64_t v, rmode m)
{
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  return round_f32(i64_odd(mag, v < 0), m);
}

static inline float u64_to_f32(uint64_t v, rmode m) { return round_f32(i64_odd(v, 0), m); }

static inline void conv_ref(float x, double z, int32_t *ri, float *rf)
{
  ri[0] = (int32_t)f2i(x, RNI, 32, 1, 0);
  ri[1] = (int32_t)f2i(x, RZI, 32, 1, 0);
  ri[2] = (int32_t)f2i(x, RMI, 32, 1, 0);
  ri[3] = (int32_t)f2i(x, RPI, 32, 1, 0);
  uint32_t u = (uint32_t)f2i(fabsf(x), RZI, 32, 0, 0);
  ri[4] = (int32_t)u;
  ri[5] = ri[1];
  ri[6] = (int32_t)u;
  ri[7] = (int32_t)f2i(z, RZI, 32, 1, 1);
  ri[8] = (int32_t)(uint32_t)f2i(fabs(z), RZI, 32, 0, 1);
  ri[9] = (int32_t)f2i(z, RNI, 32, 1, 1);
  int64_t zl = f2i(z, RZI, 64, 1, 1);
  ri[10] = (int32_t)(uint32_t)(uint64_t)zl;
  ri[11] = (int32_t)(uint32_t)((uint64_t)zl >> 32);  /* shr.u64 then truncate */
  ri[12] = (int32_t)f2i(x * 0.5f, RNI, 32, 1, 0);
  ri[13] = (int32_t)(uint16_t)u;
  ri[14] = (int32_t)(int8_t)(uint8_t)(uint32_t)ri[1];
  ri[15] = (int32_t)(int16_t)(uint16_t)(uint32_t)ri[1];
  uint64_t ul = (uint64_t)zl * 3u;
  rf[0] = (float)ri[0];                               /* exact or RN: C does RN */
  rf[1] = u64_to_f32(u, RN);
  rf[2] = u64_to_f32(ul, RN);
  rf[3] = s64_to_f32(zl, RN);
  rf[4] = (float)(uint16_t)u;
  rf[5] = (float)(int16_t)(uint16_t)(uint32_t)ri[1];
  rf[6] = (float)z;
  rf[7] = (float)((double)u * 0.5);
  rf[8] = (float)((double)ul * 0.25);                 /* (double)ul rounds to nearest, as cvt.rn.f64.u64 */
  rf[9] = (float)(double)f2i(x, RZI, 64, 1, 0);       /* cvt.rzi.s64.f32, cvt.rn.f64.s64, cvt.rn.f32.f64 */
  rf[10] = round_f32((double)(int32_t)((uint32_t)ri[0] * 3u + 1u), RZ);
  rf[11] = round_f32((double)(u * 7u + 1u), RM);
  rf[12] = s64_to_f32((int64_t)ul, RP);
  rf[13] = round_f32(z, RZ);
  rf[14] = (float)(int8_t)(uint8_t)(uint32_t)ri[1];
  rf[15] = (float)(uint8_t)(uint32_t)ri[1];
}


/* ---- scenarios ---------------------------------------------------------- */

/* int_intrinsics: edge pairs, then random ones; want[k * N + i] is output k
 * of element i. */
static inline void intrinsics_int_inputs(uint32_t *a, uint32_t *b, uint32_t *want)
{
  static const uint32_t edge[][2] = {
    { 0, 0 }, { 0, 1 }, { 1, 0 }, { 0xffffffffu, 0xffffffffu }, { 0x80000000u, 0xffffffffu },
    { 0x80000000u, 0x80000000u }, { 0x7fffffffu, 0x80000000u }, { 0x80000000u, 0x7fffffffu },
    { 0x7fffffffu, 0xffffffffu }, { 0xffffffffu, 1 }, { 1, 0xffffffffu }, { 0x12345678u, 0x9abcdef0u },
    { 0xdeadbeefu, 31 }, { 0xdeadbeefu, 32 }, { 0xdeadbeefu, 33 }, { 0xdeadbeefu, 63 },
    { 0xff00ff00u, 0x00ff00ffu }, { 0x01020304u, 0x01020304u }, { 0x00ff7f80u, 0x01fe8081u },
    { 0x00800000u, 0x00800000u }, { 0x00ffffffu, 0x00ffffffu }, { 0xff800000u, 0x00800001u },
    { 0x0000ffffu, 0x000f0f0fu }, { 0xffff0000u, 0x000f0000u }, { 0xfffffff8u, 0x000a0b0cu },
    { 100, 7 }, { (uint32_t)-100, 7 }, { 100, (uint32_t)-7 }, { (uint32_t)-100, (uint32_t)-7 },
    { 0x40000000u, 0x00000002u }, { 0x000000f8u, 0x0000ffffu },
  };
  enum { NE = sizeof edge / sizeof edge[0] };
  ref_rng r;

  ref_rng_seed(&r, 91);
  for (int i = 0; i < N; i++) {
    if (i < NE) {
      a[i] = edge[i][0], b[i] = edge[i][1];
    } else {
      switch (i % 4) {
      case 0: a[i] = ref_rand32(&r), b[i] = ref_rand32(&r); break;
      case 1: a[i] = ref_rand32(&r), b[i] = (uint32_t)ref_rand_range(&r, -40, 40); break;
      case 2: a[i] = ref_rand32(&r) >> (ref_rand32(&r) & 31), b[i] = ref_rand32(&r) >> 8; break;
      default: a[i] = 1u << (ref_rand32(&r) & 31), b[i] = ~ref_rand32(&r); break;
      }
    }
    uint32_t rr[32];
    int_ref(a[i], b[i], rr);
    for (int k = 0; k < 32; k++)
      want[k * N + i] = rr[k];
  }
}

static inline void intrinsics_int_check(const ref_check *ck, const uint32_t *want,
                                        const uint32_t *got)
{
  for (int k = 0; k < 32; k++) {
    char what[32];
    snprintf(what, sizeof what, "out[%d*n + i]", k);
    ref_expect_u32(ck, "int_intrinsics", what, want + k * N, got + k * N, N);
  }
}

/* float_intrinsics: edge pairs, then random ones by thirds; want as for
 * int_intrinsics. */
static inline void intrinsics_float_inputs(float *a, float *b, float *want)
{
  static const float edge[][2] = {
    { NAN, 1.0f }, { 1.0f, NAN }, { INFINITY, 1.0f }, { -INFINITY, INFINITY }, { 0.0f, -0.0f },
    { -0.0f, 0.0f }, { -0.0f, -0.0f }, { FLT_MAX, FLT_MAX }, { FLT_MAX, -FLT_MAX }, { -FLT_MAX, 2.0f },
    { 1.0f, 0x1p-24f }, { 0x1.000002p0f, 0x1p-24f }, { 0x1p-149f, 0x1p-149f }, { 0x1p-149f, 0.5f },
    { 0x1.8p-149f, 0.5f }, { -1.0f, 1.0f }, { 1.0f, 1.0f }, { 3.0f, 0.0f }, { 0.0f, 0.0f },
    { 2.5f, -2.5f }, { -0.5f, 0.5f }, { 0.5f, 1.5f }, { -1.5f, -0.5f }, { 1e30f, 1e-30f },
    { 1.0f, 0x1p127f }, { 2.0f, 0x1.8p126f }, { 1e10f, 3.0f }, { -300.0f, 7.0f }, { 3.0f, 3.0f },
    { 0x1p-126f, 0x1p-1f }, { 0.1f, 0.2f }, { 3.0f, 1.0f / 3.0f }, { 1.0f, 0x1.fffffep-1f },
    { 8388609.0f, 0.5f }, { -8388609.0f, -0.5f }, { 0x1.fffffep22f, 1.0f }, { 6.2831855f, 1.0f },
  };
  enum { NE = sizeof edge / sizeof edge[0] };
  ref_rng r;

  ref_rng_seed(&r, 92);
  for (int i = 0; i < N; i++) {
    if (i < NE) {
      a[i] = edge[i][0], b[i] = edge[i][1];
    } else {
      switch (i % 3) {
      case 0:
        a[i] = ref_randf(&r, (float)-2 * (float)PI, (float)2 * (float)PI);
        b[i] = ref_randf(&r, -10.0f, 10.0f);
        break;
      case 1:
        a[i] = ref_interesting_f32(&r, -300.0f, 300.0f);
        b[i] = ref_interesting_f32(&r, -300.0f, 300.0f);
        break;
      default:
        a[i] = ldexpf(ref_randf(&r, -1.0f, 1.0f), ref_rand_range(&r, -140, 120));
        b[i] = ldexpf(ref_randf(&r, -1.0f, 1.0f), ref_rand_range(&r, -140, 120));
        break;
      }
    }
    float rr[32];
    float_ref(a[i], b[i], rr);
    for (int k = 0; k < 32; k++)
      want[k * N + i] = rr[k];
  }
}

/* Copies got over want where skip is set (an approximate result outside
 * the range its error bound covers) and returns how many were kept. */
static inline int keep_only(float *want, const float *got, const int *skip, int n)
{
  int kept = 0;
  for (int i = 0; i < n; i++) {
    if (skip[i])
      want[i] = got[i];
    else
      kept++;
  }
  return kept;
}

/* Each output bit-exact, but the .approx ones within their bounds (want is
 * adjusted where an approximation is not covered). */
static inline void intrinsics_float_check(const ref_check *ck, const float *a, const float *b,
                                          float *want, const float *got)
{
  static const char *const names[32] = {
    "__fadd_rn", "__fadd_rz", "__fmul_rn", "__fmul_rz", "__fmaf_rd", "__fmaf_rz", "__fmaf_ru",
    "x / y", "__fdividef", "1 / y", "sqrtf(|x|)", "__sinf", "__cosf", "__log2f(|x| + 1)",
    "__expf(-|x|)", "exp2f(-|y|)", "__saturatef", "copysignf", "floorf", "ceilf", "truncf",
    "rintf", "fminf", "fmaxf", "-fabsf", "!(x < y)", "!(x >= y)", "!(x == y) ? x : y",
    "!(x > y)", "!(x <= y)", "__frsqrt_rn(|y| + 1)", "__fsub_rn * __frcp_rn",
  };
  char what[64];
  int skip[N];
  for (int k = 0; k < 32; k++) {
    float *w = want + k * N;
    const float *g = got + k * N;
    snprintf(what, sizeof what, "out[%d*n + i] (%s)", k, names[k]);
    switch (k) {
    case 8: /* div.approx: 2 ulp for |y| in [2^-126, 2^126] and a normal quotient;
               a signed zero for 2^126 < |y| < 2^128 and finite x */
      for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i], q = fabsf(w[i]);
        int in_range = fabsf(y) >= 0x1p-126f && fabsf(y) <= 0x1p126f;
        skip[i] = !isfinite(x) || !(in_range && q >= 0x1p-126f && q <= FLT_MAX);
        if (isfinite(x) && fabsf(y) > 0x1p126f && isfinite(y)) {
          w[i] = (signbit(x) != signbit(y)) ? -0.0f : 0.0f;
          skip[i] = 0;
        }
      }
      {
        int kept = keep_only(w, g, skip, N);
        ref_expect(ck, kept >= N / 2,
                   "float_intrinsics: __fdividef: only %d of %d elements checked", kept, N);
      }
      ref_expect_f32(ck, "float_intrinsics", what, w, g, N, 2);
      break;
    case 11:
    case 12: /* sin/cos.approx: absolute error bounds by range; special values exact */
      for (int pass = 0; pass < 2; pass++) {
        float wt[N];
        double lim = pass == 0 ? 2 * PI : 100 * PI;
        memcpy(wt, w, sizeof wt);
        for (int i = 0; i < N; i++) {
          double ax = fabs((double)a[i]);
          int special = !isfinite(a[i]) || a[i] == 0;
          skip[i] = special || ax > lim || (pass == 1 && ax <= 2 * PI);
          if (special && pass == 0) {
            skip[i] = 0;
            wt[i] = isfinite(a[i]) ? (k == 11 ? a[i] : 1.0f) : NAN;
          }
        }
        keep_only(wt, g, skip, N);
        if (pass == 0) {
          ref_expect_f32_tol(ck, "float_intrinsics", what, wt, g, N, 0, exp2(-20.5) + 0x1p-25);
        } else {
          ref_expect_f32_tol(ck, "float_intrinsics", what, wt, g, N, 0, exp2(-14.7) + 0x1p-25);
        }
      }
      break;
    case 13: /* lg2.approx(t), t = |x| + 1 >= 1: absolute 2^-22 below 2, relative above */
      for (int pass = 0; pass < 2; pass++) {
        float wt[N];
        memcpy(wt, w, sizeof wt);
        for (int i = 0; i < N; i++) {
          float t = fabsf(a[i]) + 1.0f;
          skip[i] = isfinite(t) ? (pass == 0) != (t < 2.0f) : pass != 0;
        }
        keep_only(wt, g, skip, N);
        if (pass == 0)
          ref_expect_f32_tol(ck, "float_intrinsics", what, wt, g, N, 0, 0x1p-22 + 0x1p-24);
        else
          ref_expect_f32_tol(ck, "float_intrinsics", what, wt, g, N, 0x1p-22 + 0x1p-24, 0);
      }
      break;
    case 14:
    case 15: /* ex2.approx: 2 ulp from the correctly rounded result */
      ref_expect_f32(ck, "float_intrinsics", what, w, g, N, 2);
      break;
    default:
      ref_expect_f32(ck, "float_intrinsics", what, w, g, N, 0);
      break;
    }
  }
}

/* float_conversions: a[i] and d[i] converted 16 ways each; wi/wf as want. */
static inline void intrinsics_conv_inputs(float *a, double *d, int32_t *wi, float *wf)
{
  static const float fedge[] = {
    0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, 0.49999997f, -0.49999997f,
    0x1.fffffep30f,  /* largest float below 2^31 */
    0x1p31f, -0x1p31f, -0x1.000002p31f, 0x1p32f, 0x1.fffffep31f, 4294967296.0f, 1e10f, -1e10f,
    0x1p63f, -0x1p63f, 1e20f, -1e20f, NAN, -NAN, INFINITY, -INFINITY, 0x1p-149f, -0x1p-149f,
    65535.5f, 65536.75f, -129.7f, 128.2f, 32767.9f, -32768.9f, 255.5f, 16777217.0f, 8388607.5f,
  };
  static const double dedge[] = {
    0.0, -0.0, 0.5, -0.5, 2.5, -2.5, 3.5, -1e-300, 2147483647.5, -2147483648.5,
    -2147483649.0, 2147483648.0, 4294967295.9, 4294967296.0, -1.0, 9007199254740993.0,
    0x1p63, -0x1p63, 0x1.fffffffffffffp62, 1e19, -1e19, 1e300, -1e300, NAN, INFINITY, -INFINITY,
    0x1.000001p0,    /* f32 tie -> 1 */
    0x1.000003p0,    /* f32 tie -> up */
    0x1.0000010000001p0, 3.4028235677973366e38, -3.4028235677973366e38, 1e-46, 0x1p-149,
    6148914691236517205.0, 3074457345618258602.0,
  };
  enum { NF = sizeof fedge / sizeof fedge[0], ND = sizeof dedge / sizeof dedge[0] };
  ref_rng r;

  ref_rng_seed(&r, 93);
  for (int i = 0; i < N; i++) {
    a[i] = i < NF ? fedge[i]
                  : (i % 2 ? ref_randf(&r, -70000.0f, 70000.0f)
                           : ldexpf(ref_randf(&r, -1.0f, 1.0f), ref_rand_range(&r, -4, 66)));
    d[i] = i < ND ? dedge[i]
                  : (i % 2 ? ref_randd(&r, -5e9, 5e9)
                           : ldexp(ref_randd(&r, -1.0, 1.0), ref_rand_range(&r, -30, 70)));
    int32_t ri[16];
    float rf[16];
    conv_ref(a[i], d[i], ri, rf);
    for (int k = 0; k < 16; k++) {
      wi[k * N + i] = ri[k];
      wf[k * N + i] = rf[k];
    }
  }
}

static inline void intrinsics_conv_check(const ref_check *ck, const int32_t *wi,
                                         const int32_t *gi, const float *wf, const float *gf)
{
  for (int k = 0; k < 16; k++) {
    char what[32];
    snprintf(what, sizeof what, "outi[%d*n + i]", k);
    ref_expect_i32(ck, "float_conversions", what, wi + k * N, gi + k * N, N);
    snprintf(what, sizeof what, "outf[%d*n + i]", k);
    ref_expect_f32(ck, "float_conversions", what, wf + k * N, gf + k * N, N, 0);
  }
}

/* bitfields: packed32 {lo:5, mid:11, hi:16} and packed64 {a:13, b:29, c:22}
 * (first field lowest), and bit_width. */
static inline void intrinsics_bitfields_inputs(uint32_t *a, uint64_t *b, uint32_t *want,
                                               uint64_t *want64)
{
  ref_rng r;

  ref_rng_seed(&r, 94);
  for (int i = 0; i < N; i++) {
    a[i] = i == 0 ? 0 : i == 1 ? 0xffffffffu : ref_rand32(&r) >> (ref_rand32(&r) & 31);
    b[i] = i == 0 ? 0 : i == 2 ? UINT64_MAX : ref_rand64(&r) >> (ref_rand32(&r) & 63);
  }
  for (int i = 0; i < N; i++) {
    int i1 = (i + 1) % N;
    want[2 * i] = (a[i] & 0xffff0000u) | ((a[i1] & 0x7ffu) << 5) | ((uint32_t)b[i] & 31u);
    want[2 * i + 1] = bit_width64(a[i]) | bit_width64(b[i]) << 8;
    want64[i] = (b[i] & 0x1fffull) | ((uint64_t)(a[i] & 0x1fffffffu) << 13) |
                (((b[i1] >> 3) & 0x3fffffull) << 42);
  }
}

/* The reference's own helpers, against hand-worked values (host only). */
static inline void intrinsics_reference_check(const ref_check *ck)
{
#define INTRINSICS_EQ(got, want) \
  ref_expect(ck, (int64_t)(got) == (int64_t)(want), "reference: %s = %lld, want %lld", #got, \
             (long long)(got), (long long)(want))
#define INTRINSICS_TRUE(cond) ref_expect(ck, (cond), "reference: %s is false", #cond)
  uint32_t rr[32];
  INTRINSICS_EQ(byte_perm(0x33221100u, 0x77665544u, 0x5140), 0x55114400u);
  INTRINSICS_EQ(brev32(1), 0x80000000u);
  int_ref(0x80000000u, 0xffffffffu, rr);
  INTRINSICS_EQ(rr[18], 0x80000000u);          /* abs(INT_MIN) */
  INTRINSICS_EQ(rr[25], 0);                    /* INT_MIN / -1 guarded */
  INTRINSICS_EQ(rr[14], 0x7fffffffu + 7u);     /* |INT_MIN - (-1)| + 7 */
  INTRINSICS_TRUE(round_f32(1.0 + 0x1p-30, RP) == 0x1.000002p0f);
  INTRINSICS_TRUE(round_f32(-1.0 - 0x1p-30, RZ) == -1.0f);
  INTRINSICS_TRUE(round_f32(1e39, RZ) == FLT_MAX && isinf(round_f32(1e39, RN)));
  INTRINSICS_TRUE(signbit(fma_dir(-1.0f, 1.0f, 1.0f, RM)) && !signbit(fma_dir(-1.0f, 1.0f, 1.0f, RZ)));
  INTRINSICS_TRUE(add_dir(1.0f, 0x1p-24f, RZ) == 1.0f);
  INTRINSICS_TRUE(add_dir(-1.0f, -0x1p-60f, RZ) == -1.0f);
  INTRINSICS_TRUE(fma_dir(1.0f, 1.0f, 0x1p-60f, RP) == 0x1.000002p0f);
  INTRINSICS_TRUE(rsqrt_rn(4.0f) == 0.5f);
  INTRINSICS_TRUE(rsqrt_rn(2.0f) == 0x1.6a09e6p-1f);     /* 0.70710677 */
  INTRINSICS_EQ(f2i(NAN, RZI, 32, 1, 1), INT32_MIN);
  INTRINSICS_EQ(f2i(NAN, RZI, 32, 1, 0), 0);
  INTRINSICS_EQ(f2i(NAN, RZI, 32, 0, 1), 0x80000000ll);
  INTRINSICS_EQ(f2i(-2.5, RNI, 32, 1, 0), -2);
  INTRINSICS_EQ(f2i(3e9, RZI, 32, 1, 0), INT32_MAX);
  INTRINSICS_EQ(f2i(-1.0, RZI, 32, 0, 0), 0);
  INTRINSICS_TRUE(s64_to_f32(INT64_MAX, RZ) == 0x1.fffffep62f);
  INTRINSICS_TRUE(s64_to_f32(INT64_MAX, RN) == 0x1p63f);
  INTRINSICS_TRUE(u64_to_f32((1ull << 40) + 1, RP) == 0x1.000002p40f);
#undef INTRINSICS_EQ
#undef INTRINSICS_TRUE
}

#endif /* PTXSIM_TESTS_REF_INTRINSICS_REF_H */
