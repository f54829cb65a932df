/* fp_approx.c -- the .approx and .full instructions of fp_arith.h: div,
 * rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh (f32), and rcp/rsqrt.approx
 * for f64.
 *
 * The PTX ISA gives error bounds and special-case tables, not algorithms,
 * so each function returns a value well inside its bound: the correctly
 * rounded result where the integer core or a native IEEE operation gives
 * it cheaply, otherwise the host libm in double rounded once to f32.
 * What is exact is the special-case table of each instruction, which is
 * written out below before any arithmetic.  None of this reproduces the
 * bits of NVIDIA's MUFU unit, which the ISA does not document.
 */
#include <math.h>

#include "isa/fp_arith.h"
#include "isa/fp_arith_int.h"

#define F32_SIGN 0x80000000u
#define F32_MAG 0x7fffffffu
#define F32_INF 0x7f800000u
#define F32_ONE 0x3f800000u
/* 2^126: div.approx changes rules for divisors above it. */
#define F32_2P126 0x7e800000u

/* The high word of an f64 as the 1.11.20 format of rcp/rsqrt.approx.ftz.f64. */
static const isa_fmt fmt_f64_hi = { 20, 11, ISA_NAN_IEEE, -1022, 1023, 0x7fefffff, 0x7fffffff };
#define F64_HI_CANON_NAN UINT64_C(0x7fffffff00000000)

static uint32_t f32_in(uint32_t a, unsigned flags)
{
  return (flags & ISA_FP_FTZ) ? isa_f32_ftz(a) : a;
}

static bool f32_is_finite(uint32_t a)
{
  return (a & F32_INF) != F32_INF;
}

/* A double result rounded once (.rn: the host conversion) to f32, with a
 * canonical NaN and the result flush of .ftz. */
static uint32_t f32_from_double(double d, unsigned flags)
{
  uint32_t r = isa_f32_canon((float)d);
  return (flags & ISA_FP_FTZ) ? isa_f32_ftz(r) : r;
}

/* ---- division family --------------------------------------------------- */

/* PTX ISA, div: for 2^126 < |b| < 2^128 the result is NaN if a is Inf,
 * else a zero; we take Inf divisors into the same rule (IEEE agrees on
 * them). */
uint32_t isa_f32_div_approx(uint32_t a, uint32_t b, unsigned flags)
{
  a = f32_in(a, flags);
  b = f32_in(b, flags);
  if (isa_f32_is_nan(a) || isa_f32_is_nan(b))
    return ISA_F32_CANON_NAN;
  if ((b & F32_MAG) > F32_2P126)
    return f32_is_finite(a) ? (a ^ b) & F32_SIGN : ISA_F32_CANON_NAN;
  return isa_f32_div(a, b, ISA_RN, flags & ISA_FP_FTZ);
}

uint32_t isa_f32_div_full(uint32_t a, uint32_t b, unsigned flags)
{
  return isa_f32_div(a, b, ISA_RN, flags & ISA_FP_FTZ);
}

/* The IEEE results of 1/a and sqrt(a) are the special-case tables. */
uint32_t isa_f32_rcp_approx(uint32_t a, unsigned flags)
{
  return isa_f32_div(F32_ONE, a, ISA_RN, flags & ISA_FP_FTZ);
}

uint32_t isa_f32_sqrt_approx(uint32_t a, unsigned flags)
{
  return isa_f32_sqrt(a, ISA_RN, flags & ISA_FP_FTZ);
}

/* Correctly rounded (the exact integer root); the table is isa_sf_rsqrt's.
 * The result is never subnormal. */
uint32_t isa_f32_rsqrt_approx(uint32_t a, unsigned flags)
{
  uint32_t r = (uint32_t)isa_sf_rsqrt(&isa_fmt_f32, f32_in(a, flags), ISA_RN);
  return isa_f32_is_nan(r) ? ISA_F32_CANON_NAN : r;
}

/* ---- transcendentals (f32) ----------------------------------------------- */

/* sin/cos: +-Inf -> NaN; +-0 -> +-0 and 1 follow from libm. */
uint32_t isa_f32_sin_approx(uint32_t a, unsigned flags)
{
  a = f32_in(a, flags);
  if (!f32_is_finite(a))
    return ISA_F32_CANON_NAN;
  return f32_from_double(sin((double)isa_f32_from_bits(a)), flags);
}

uint32_t isa_f32_cos_approx(uint32_t a, unsigned flags)
{
  a = f32_in(a, flags);
  if (!f32_is_finite(a))
    return ISA_F32_CANON_NAN;
  return f32_from_double(cos((double)isa_f32_from_bits(a)), flags);
}

/* lg2: +-0 -> -Inf, negative (-Inf included) -> NaN, +Inf -> +Inf. */
uint32_t isa_f32_lg2_approx(uint32_t a, unsigned flags)
{
  a = f32_in(a, flags);
  if (isa_f32_is_nan(a))
    return ISA_F32_CANON_NAN;
  if ((a & F32_MAG) == 0)
    return F32_SIGN | F32_INF;
  if (a & F32_SIGN)
    return ISA_F32_CANON_NAN;
  if (a == F32_INF)
    return F32_INF;
  return f32_from_double(log2((double)isa_f32_from_bits(a)), flags);
}

/* ex2: -Inf -> +0, +-0 -> 1, +Inf -> +Inf (all as exp2 gives them). */
uint32_t isa_f32_ex2_approx(uint32_t a, unsigned flags)
{
  a = f32_in(a, flags);
  if (isa_f32_is_nan(a))
    return ISA_F32_CANON_NAN;
  return f32_from_double(exp2((double)isa_f32_from_bits(a)), flags);
}

/* tanh: +-Inf -> +-1; zeros and subnormals pass through (PTX ISA, tanh). */
uint32_t isa_f32_tanh_approx(uint32_t a)
{
  if (isa_f32_is_nan(a))
    return ISA_F32_CANON_NAN;
  if ((a & F32_INF) == 0)
    return a;
  return f32_from_double(tanh((double)isa_f32_from_bits(a)), 0);
}

/* ---- f64 ------------------------------------------------------------------ */

/* rcp/rsqrt.approx.ftz.f64 work on tmp = a[63:32] in 1.11.20 format,
 * flushed; the result word is rounded to nearest even and flushed; the
 * low word is zero.  Every NaN gives 0x7fffffff00000000 (PTX ISA). */
static uint64_t f64_hi_op(uint64_t a, uint64_t (*op)(const isa_fmt *, uint64_t))
{
  uint64_t t = a >> 32;
  if ((t & 0x7fffffff) > 0x7ff00000)
    return F64_HI_CANON_NAN;
  if ((t & 0x7ff00000) == 0)
    t &= 0x80000000;
  uint64_t r = op(&fmt_f64_hi, t);
  if ((r & 0x7fffffff) > 0x7ff00000)
    return F64_HI_CANON_NAN;
  if ((r & 0x7ff00000) == 0)
    r &= 0x80000000;
  return r << 32;
}

static uint64_t hi_rcp(const isa_fmt *f, uint64_t t)
{
  return isa_sf_div(f, 0x3ff00000, t, ISA_RN);
}

static uint64_t hi_rsqrt(const isa_fmt *f, uint64_t t)
{
  return isa_sf_rsqrt(f, t, ISA_RN);
}

uint64_t isa_f64_rcp_approx_ftz(uint64_t a)
{
  return f64_hi_op(a, hi_rcp);
}

uint64_t isa_f64_rsqrt_approx_ftz(uint64_t a)
{
  return f64_hi_op(a, hi_rsqrt);
}

/* 1/sqrt(a) as two IEEE operations: under 1.5 ulp, and the same bits on
 * every host.  The table: -0 -> -Inf, +0 -> +Inf, +Inf -> +0, negative ->
 * NaN; a NaN input propagates as every f64 NaN does. */
uint64_t isa_f64_rsqrt_approx(uint64_t a)
{
  double x = isa_f64_from_bits(a);
  if (isa_f64_is_nan(a))
    return a | ISA_F64_QUIET_BIT;
  if (x == 0)
    return isa_f64_bits(1.0 / x);
  if (x < 0)
    return ISA_F64_CANON_NAN;
  return isa_f64_bits(1.0 / sqrt(x));
}
