/* fp_arith_int.h -- private to fp_arith.c, fp_soft.c and fp_approx.c: the
 * exact integer core behind the directed-rounding and .approx paths of
 * fp_arith.h.
 *
 * Each isa_sf_* function takes the bits of two or three values of format
 * f, forms the exact result as an unsigned 128-bit significand, an
 * exponent and a sticky bit, and lets isa_fp_pack (fp_cvt.h) round it once
 * with rnd.  They follow IEEE 754 for Inf, zeros and invalid operations;
 * any NaN input, and every invalid operation, gives f->nan_bits: the
 * callers apply their own NaN policy (f32 canonical, f64 propagation)
 * before calling.  No .ftz here either: callers flush inputs and results.
 */
#ifndef PTXSIM_ISA_FP_ARITH_INT_H
#define PTXSIM_ISA_FP_ARITH_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/fp_common.h"
#include "isa/fp_cvt.h"

/* Wide enough for a 53x53-bit product or a 126-bit dividend; gcc and
 * clang have it on every 64-bit target we build for. */
__extension__ typedef unsigned __int128 isa_u128;

/* The exact value (-1)^neg * sig * 2^exp. */
typedef struct isa_wide {
  bool neg;
  int32_t exp;
  isa_u128 sig;
} isa_wide;

uint64_t isa_sf_add(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_sf_mul(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_sf_fma(const isa_fmt *f, uint64_t a, uint64_t b, uint64_t c, isa_round rnd);
uint64_t isa_sf_div(const isa_fmt *f, uint64_t a, uint64_t b, isa_round rnd);
uint64_t isa_sf_sqrt(const isa_fmt *f, uint64_t a, isa_round rnd);
/* 1/sqrt(a), correctly rounded, with the rsqrt table (-0 -> -Inf, +0 ->
 * +Inf, +Inf -> +0, negative -> NaN).  Formats of at most 32 significand
 * bits (f32, and the 1.11.20 word of rsqrt.approx.ftz.f64). */
uint64_t isa_sf_rsqrt(const isa_fmt *f, uint64_t a, isa_round rnd);
/* x + y rounded once to f; x and y nonzero, sig below 2^107 each. */
uint64_t isa_sf_add_wide(const isa_fmt *f, isa_wide x, isa_wide y, isa_round rnd);

#endif /* PTXSIM_ISA_FP_ARITH_INT_H */
