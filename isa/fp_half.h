/* fp_half.h -- bit-exact PTX semantics of .f16 and .bf16 arithmetic
 * (PTX ISA 9.0 §9.7.4 "Half precision floating-point instructions"): add,
 * sub, mul, fma, neg, abs, min, max, and the .approx ex2/tanh forms.
 *
 * The .f16x2 / .bf16x2 forms apply these to each 16-bit half (the executor
 * splits and joins); comparisons live in ops_cmp.c and conversions in
 * fp_cvt.h.
 *
 * Conventions:
 * - Values travel as raw 16-bit patterns; kind selects the format.
 * - add/sub/mul/fma are rounded once (the exact result rounded to the
 *   format) in the mode rnd; PTX only has .rn for them, but RZ, RM, RP and
 *   RNA work too (ISA_RS rounds as ISA_RN).  A mode-less add/sub/mul/fma is
 *   .rn (the executor passes ISA_RN).
 * - Flags (fp_arith.h's bits plus ISA_FP_RELU): ISA_FP_FTZ flushes
 *   subnormal inputs and results to a zero of the same sign (PTX has it on
 *   f16, and on bf16 only for ex2; the functions honour it for either
 *   kind); ISA_FP_SAT clamps to [+0.0, 1.0], NaN ->
 *   +0.0; ISA_FP_RELU: a negative result, -0 included, becomes +0 and NaN
 *   becomes the canonical NaN.  Order: .ftz, then .sat / .relu.  min/max
 *   take ISA_FP_FTZ, ISA_FP_NAN, ISA_FP_XORSIGN_ABS with the same meaning
 *   as for .f32 (PTX ISA pseudo-code: .xorsign takes the signs before .abs
 *   and is not applied to a NaN result).
 * - NaN results are the canonical 0x7fff (ISA_F16_CANON_NAN /
 *   ISA_BF16_CANON_NAN); neg/abs are sign-bit operations that keep the
 *   payload.
 * - Nothing allocates, nothing fails, no global state.
 */
#ifndef PTXSIM_ISA_FP_HALF_H
#define PTXSIM_ISA_FP_HALF_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/fp_arith.h"
#include "isa/fp_common.h"

#define ISA_FP_RELU 0x20u /* .relu: max(result, +0), NaN stays NaN */

typedef enum isa_half_kind { ISA_HALF_F16, ISA_HALF_BF16 } isa_half_kind;

uint16_t isa_half_add(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags);
uint16_t isa_half_sub(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags);
uint16_t isa_half_mul(isa_half_kind k, uint16_t a, uint16_t b, isa_round rnd, unsigned flags);
/* a*b+c rounded once. */
uint16_t isa_half_fma(isa_half_kind k, uint16_t a, uint16_t b, uint16_t c, isa_round rnd,
                      unsigned flags);
uint16_t isa_half_neg(isa_half_kind k, uint16_t a, unsigned flags);
uint16_t isa_half_abs(isa_half_kind k, uint16_t a, unsigned flags);
uint16_t isa_half_min(isa_half_kind k, uint16_t a, uint16_t b, unsigned flags);
uint16_t isa_half_max(isa_half_kind k, uint16_t a, uint16_t b, unsigned flags);
/* ex2.approx.f16, ex2.approx.ftz.bf16 (the executor passes ISA_FP_FTZ:
 * it is mandatory on bf16) and tanh.approx.f16 / .bf16: the function
 * rounded to nearest (computed in double with libm, so within the ISA's
 * error bounds with room), with the ISA's special-case tables. */
uint16_t isa_half_ex2_approx(isa_half_kind k, uint16_t a, unsigned flags);
uint16_t isa_half_tanh_approx(isa_half_kind k, uint16_t a);

#endif /* PTXSIM_ISA_FP_HALF_H */
