/* fp_arith.h -- bit-exact PTX semantics of .f32 and .f64 arithmetic
 * (PTX ISA 9.0 §9.7.3; digest in notes/semantics/fp32_fp64.md): add, sub,
 * mul, fma/mad, div, rcp, sqrt, the .approx transcendental family, abs,
 * neg, min, max, copysign and testp.
 *
 * Conventions, shared by every function here:
 * - Values travel as raw bits (uint32_t for .f32, uint64_t for .f64).
 * - Instructions with a rounding modifier are IEEE 754 correctly rounded in
 *   all four directions, subnormals included; overflow gives Inf or the
 *   largest finite value as IEEE 754 says for the direction.  The .rn
 *   forms use the host's native operations (SSE on x86-64: exact binary32
 *   and binary64, no excess precision; the build must not contract a*b+c,
 *   which -std=c11 guarantees with gcc); the directed forms go through a
 *   small integer soft-float core in fp_arith.c.
 * - Flags: ISA_FP_FTZ flushes subnormal inputs and results to a zero of the
 *   same sign (results after rounding: a value that rounds up to the
 *   smallest normal survives).  ISA_FP_SAT clamps to [+0.0, 1.0]; NaN and
 *   -0.0 both become +0.0.  f64 has no .ftz/.sat; f64 functions take none.
 * - NaN results.  f32: always the canonical 0x7fffffff, whatever the
 *   inputs (the spec leaves f32 NaNs unspecified; NVIDIA hardware and the
 *   CUDA headers use this pattern).  f64: the spec says "NaN payloads are
 *   supported for double-precision instructions", so an input NaN
 *   propagates with its quiet bit (bit 51) set, taking the first NaN in
 *   operand order a, b, c; an invalid operation on non-NaN inputs (Inf-Inf,
 *   0*Inf, 0/0, Inf/Inf, sqrt of a negative) gives ISA_F64_CANON_NAN.  The
 *   .approx.ftz.f64 forms return 0x7fffffff00000000 for every NaN, as the
 *   spec says.  abs, neg and copysign are sign-bit operations that keep
 *   the payload (hardware does; the spec allows it).
 * - The .approx functions are computed in double with the host libm and
 *   rounded once; they meet the ISA's error bounds (usually with room) and
 *   reproduce its special-case tables exactly, but are not hardware's MUFU
 *   bits (the ISA does not document those).
 * - Nothing allocates, nothing fails, no global state (the host rounding
 *   mode is never changed).
 *
 * Not here: f16/bf16 (fp_half.h), conversions (fp_cvt.h), comparisons,
 * .f32x2 (the executor applies the f32 function to each half), the mixed
 * .f32.f16/.bf16 forms (convert exactly with fp_cvt.h, then call the f32
 * function).
 */
#ifndef PTXSIM_ISA_FP_ARITH_H
#define PTXSIM_ISA_FP_ARITH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "isa/fp_common.h"

/* Modifier flags (an unsigned bit set). */
#define ISA_FP_FTZ 0x1u         /* .ftz (f32 only) */
#define ISA_FP_SAT 0x2u         /* .sat: add/sub/mul/fma/mad.f32 */
#define ISA_FP_NAN 0x4u         /* .NaN: min/max return NaN if any input is */
#define ISA_FP_ABS 0x8u         /* .abs: min/max of magnitudes */
#define ISA_FP_XORSIGN_ABS 0x18u /* .xorsign.abs (2-input min/max only) */

#define ISA_F64_QUIET_BIT UINT64_C(0x0008000000000000)

/* testp operators. */
typedef enum isa_testp {
  ISA_TESTP_FINITE,     /* not Inf, not NaN */
  ISA_TESTP_INFINITE,   /* +-Inf */
  ISA_TESTP_NUMBER,     /* not NaN */
  ISA_TESTP_NOTANUMBER, /* NaN */
  ISA_TESTP_NORMAL,     /* normal, or +-0 (the spec's special case) */
  ISA_TESTP_SUBNORMAL   /* subnormal (never flushed: testp has no .ftz) */
} isa_testp;

/* ===================================================================== */
/* Fast paths: .rn, no .ftz, no .sat.  Native operation plus the NaN rule. */
/* ===================================================================== */

/* The f64 NaN rule above for two / three operands, given that the result is
 * NaN: the first NaN input quieted, else the canonical NaN. */
static inline uint64_t isa_f64_nan2(uint64_t a, uint64_t b)
{
  if (isa_f64_is_nan(a))
    return a | ISA_F64_QUIET_BIT;
  if (isa_f64_is_nan(b))
    return b | ISA_F64_QUIET_BIT;
  return ISA_F64_CANON_NAN;
}

static inline uint64_t isa_f64_nan3(uint64_t a, uint64_t b, uint64_t c)
{
  if (isa_f64_is_nan(a) || isa_f64_is_nan(b))
    return isa_f64_nan2(a, b);
  return isa_f64_nan2(c, c);
}

static inline uint32_t isa_f32_canon(float r)
{
  return r != r ? ISA_F32_CANON_NAN : isa_f32_bits(r);
}

/* add.rn.f32, sub.rn.f32, mul.rn.f32, fma.rn.f32 (== mad.rn.f32). */
static inline uint32_t isa_f32_add_rn(uint32_t a, uint32_t b)
{
  return isa_f32_canon(isa_f32_from_bits(a) + isa_f32_from_bits(b));
}

static inline uint32_t isa_f32_sub_rn(uint32_t a, uint32_t b)
{
  return isa_f32_canon(isa_f32_from_bits(a) - isa_f32_from_bits(b));
}

static inline uint32_t isa_f32_mul_rn(uint32_t a, uint32_t b)
{
  return isa_f32_canon(isa_f32_from_bits(a) * isa_f32_from_bits(b));
}

static inline uint32_t isa_f32_fma_rn(uint32_t a, uint32_t b, uint32_t c)
{
  return isa_f32_canon(fmaf(isa_f32_from_bits(a), isa_f32_from_bits(b), isa_f32_from_bits(c)));
}

/* add.rn.f64, sub.rn.f64, mul.rn.f64, fma.rn.f64 (== mad.rn.f64).  The NaN
 * is chosen from the operands, not taken from the host: the compiler may
 * commute a+b, and the host's default NaN is not ours. */
static inline uint64_t isa_f64_add_rn(uint64_t a, uint64_t b)
{
  double r = isa_f64_from_bits(a) + isa_f64_from_bits(b);
  return r != r ? isa_f64_nan2(a, b) : isa_f64_bits(r);
}

static inline uint64_t isa_f64_sub_rn(uint64_t a, uint64_t b)
{
  double r = isa_f64_from_bits(a) - isa_f64_from_bits(b);
  return r != r ? isa_f64_nan2(a, b) : isa_f64_bits(r);
}

static inline uint64_t isa_f64_mul_rn(uint64_t a, uint64_t b)
{
  double r = isa_f64_from_bits(a) * isa_f64_from_bits(b);
  return r != r ? isa_f64_nan2(a, b) : isa_f64_bits(r);
}

static inline uint64_t isa_f64_fma_rn(uint64_t a, uint64_t b, uint64_t c)
{
  double r = fma(isa_f64_from_bits(a), isa_f64_from_bits(b), isa_f64_from_bits(c));
  return r != r ? isa_f64_nan3(a, b, c) : isa_f64_bits(r);
}

/* ===================================================================== */
/* f32: general forms.  flags: ISA_FP_FTZ | ISA_FP_SAT where PTX has them. */
/* ===================================================================== */

/* add/sub/mul{.rnd}{.ftz}{.sat}.f32: a+b, a-b, a*b rounded once by rnd. */
uint32_t isa_f32_add(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);
uint32_t isa_f32_sub(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);
uint32_t isa_f32_mul(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);
/* fma.rnd{.ftz}{.sat}.f32 and mad.rnd{.ftz}{.sat}.f32: a*b+c with one
 * rounding.  The legacy mad.f32 without .rnd, JIT-compiled for sm_20+, is
 * this with ISA_RN | ISA_FP_FTZ (PTX ISA, mad). */
uint32_t isa_f32_fma(uint32_t a, uint32_t b, uint32_t c, isa_round rnd, unsigned flags);
/* mad{.ftz}{.sat}.f32 as sm_1x executes it: inputs always flushed, a*b
 * exact with its significand truncated to 24 bits (exponent unclamped),
 * then added to c with .rn and the sum flushed; when c is +-0 it is
 * mul.rn.ftz then add.rn.ftz instead (PTX ISA, mad).  Only ISA_FP_SAT in
 * flags matters. */
uint32_t isa_f32_mad_sm1x(uint32_t a, uint32_t b, uint32_t c, unsigned flags);
/* div.rnd{.ftz}.f32 (IEEE), rcp.rnd{.ftz}.f32 (1/a), sqrt.rnd{.ftz}.f32. */
uint32_t isa_f32_div(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);
uint32_t isa_f32_rcp(uint32_t a, isa_round rnd, unsigned flags);
uint32_t isa_f32_sqrt(uint32_t a, isa_round rnd, unsigned flags);

/* div.approx{.ftz}.f32: for 2^126 < |b| (Inf included) the spec's rule --
 * NaN if a is Inf (or NaN), else a zero with the sign of a^b; otherwise the
 * correctly rounded a/b (within the 2 ulp bound for |b| in
 * [2^-126, 2^126]; outside that range the spec promises nothing). */
uint32_t isa_f32_div_approx(uint32_t a, uint32_t b, unsigned flags);
/* div.full{.ftz}.f32: correctly rounded .rn quotient (spec: <= 2 ulp over
 * the full range, IEEE special values). */
uint32_t isa_f32_div_full(uint32_t a, uint32_t b, unsigned flags);
/* rcp.approx{.ftz}.f32 (<= 1 ulp), sqrt.approx{.ftz}.f32 (rel. 2^-23):
 * correctly rounded .rn, with the spec's special-case tables. */
uint32_t isa_f32_rcp_approx(uint32_t a, unsigned flags);
uint32_t isa_f32_sqrt_approx(uint32_t a, unsigned flags);
/* rsqrt.approx{.ftz}.f32: 1/sqrt(a), rel. error < 2^-23.9 (spec 2^-22.9);
 * -0 -> -Inf, negative -> NaN, +Inf -> +0. */
uint32_t isa_f32_rsqrt_approx(uint32_t a, unsigned flags);
/* sin/cos/lg2/ex2.approx{.ftz}.f32 and tanh.approx.f32 (no .ftz; subnormals
 * pass through), each with the spec's special-case table. */
uint32_t isa_f32_sin_approx(uint32_t a, unsigned flags);
uint32_t isa_f32_cos_approx(uint32_t a, unsigned flags);
uint32_t isa_f32_lg2_approx(uint32_t a, unsigned flags);
uint32_t isa_f32_ex2_approx(uint32_t a, unsigned flags);
uint32_t isa_f32_tanh_approx(uint32_t a);

/* abs{.ftz}.f32, neg{.ftz}.f32: sign-bit operations after the input flush;
 * NaN payloads are kept. */
uint32_t isa_f32_abs(uint32_t a, unsigned flags);
uint32_t isa_f32_neg(uint32_t a, unsigned flags);
/* min/max{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b.  flags: ISA_FP_FTZ,
 * ISA_FP_NAN, ISA_FP_XORSIGN_ABS (or ISA_FP_ABS alone).  Without .NaN one
 * NaN input yields the other input; any NaN result is 0x7fffffff.
 * -0 < +0.  .xorsign sets the sign of a non-NaN result to sign(a)^sign(b). */
uint32_t isa_f32_min(uint32_t a, uint32_t b, unsigned flags);
uint32_t isa_f32_max(uint32_t a, uint32_t b, unsigned flags);
/* min/max{.ftz}{.NaN}{.abs}.f32 d, a, b, c: min(min(a,b),c) with the same
 * rules (ISA_FP_XORSIGN_ABS is not allowed: it acts as ISA_FP_ABS). */
uint32_t isa_f32_min3(uint32_t a, uint32_t b, uint32_t c, unsigned flags);
uint32_t isa_f32_max3(uint32_t a, uint32_t b, uint32_t c, unsigned flags);
/* copysign.f32 d, a, b: the magnitude of b with the sign of a (note the
 * operand order, PTX ISA copysign). */
uint32_t isa_f32_copysign(uint32_t a, uint32_t b);
/* testp.op.f32. */
bool isa_f32_testp(uint32_t a, isa_testp op);

/* ===================================================================== */
/* f64.                                                                  */
/* ===================================================================== */

/* add/sub/mul/fma(= mad)/div.rnd.f64, rcp.rnd.f64, sqrt.rnd.f64. */
uint64_t isa_f64_add(uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_f64_sub(uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_f64_mul(uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_f64_fma(uint64_t a, uint64_t b, uint64_t c, isa_round rnd);
uint64_t isa_f64_div(uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_f64_rcp(uint64_t a, isa_round rnd);
uint64_t isa_f64_sqrt(uint64_t a, isa_round rnd);
/* rcp.approx.ftz.f64: only a[63:32] is read (1.11.20); the result has 20
 * fraction bits (1/tmp rounded to nearest even; the hardware's rounding is
 * undocumented) and a zero low word.  Subnormal inputs and results flush;
 * every NaN gives 0x7fffffff00000000. */
uint64_t isa_f64_rcp_approx_ftz(uint64_t a);
/* rsqrt.approx.ftz.f64: the same scheme for 1/sqrt(tmp); negative normal
 * inputs give 0x7fffffff00000000 too. */
uint64_t isa_f64_rsqrt_approx_ftz(uint64_t a);
/* rsqrt.approx.f64: 1/sqrt(a) within 2 ulp (spec gives no bound), with the
 * rsqrt special-case table; subnormals are ordinary inputs. */
uint64_t isa_f64_rsqrt_approx(uint64_t a);
/* abs.f64 (NaN passes unchanged, spec), neg.f64: sign-bit operations. */
uint64_t isa_f64_abs(uint64_t a);
uint64_t isa_f64_neg(uint64_t a);
/* min.f64, max.f64: minNum/maxNum, -0 < +0; both NaN -> a quieted. */
uint64_t isa_f64_min(uint64_t a, uint64_t b);
uint64_t isa_f64_max(uint64_t a, uint64_t b);
/* copysign.f64 d, a, b: magnitude of b, sign of a. */
uint64_t isa_f64_copysign(uint64_t a, uint64_t b);
/* testp.op.f64. */
bool isa_f64_testp(uint64_t a, isa_testp op);

#endif /* PTXSIM_ISA_FP_ARITH_H */
