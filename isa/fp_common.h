/* fp_common.h -- what every floating-point semantic file shares: the
 * rounding-mode enum, bit casts, canonical NaNs and flush-to-zero helpers.
 *
 * Values travel as raw bits (uint16_t / uint32_t / uint64_t) so that NaN
 * payloads and signed zeros survive exactly; the semantic functions in
 * fp_arith.h, fp_half.h and fp_cvt.h take and return bits.
 */
#ifndef PTXSIM_ISA_FP_COMMON_H
#define PTXSIM_ISA_FP_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* PTX rounding modifiers.  The integer-rounding forms (.rni .rzi .rmi .rpi)
 * map to the same directions; cvt distinguishes them by its types. */
typedef enum isa_round {
  ISA_RN = 0, /* to nearest, ties to even (.rn, .rni) */
  ISA_RZ,     /* toward zero (.rz, .rzi) */
  ISA_RM,     /* toward minus infinity (.rm, .rmi) */
  ISA_RP,     /* toward plus infinity (.rp, .rpi) */
  ISA_RNA,    /* to nearest, ties away from zero (.rna: cvt to tf32 only) */
  ISA_RS      /* stochastic (.rs): cvt to f16x2/bf16x2/f8 with random bits */
} isa_round;

/* Canonical NaNs produced by arithmetic (as NVIDIA hardware and the CUDA
 * headers use them). */
#define ISA_F32_CANON_NAN 0x7fffffffu
#define ISA_F64_CANON_NAN UINT64_C(0x7fffffffffffffff)
#define ISA_F16_CANON_NAN 0x7fffu
#define ISA_BF16_CANON_NAN 0x7fffu

static inline float isa_f32_from_bits(uint32_t b)
{
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static inline uint32_t isa_f32_bits(float f)
{
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

static inline double isa_f64_from_bits(uint64_t b)
{
  double f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static inline uint64_t isa_f64_bits(double f)
{
  uint64_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

static inline bool isa_f32_is_nan(uint32_t b)
{
  return (b & 0x7fffffffu) > 0x7f800000u;
}

static inline bool isa_f64_is_nan(uint64_t b)
{
  return (b & UINT64_C(0x7fffffffffffffff)) > UINT64_C(0x7ff0000000000000);
}

/* .ftz: a subnormal becomes a zero of the same sign. */
static inline uint32_t isa_f32_ftz(uint32_t b)
{
  return (b & 0x7f800000u) == 0 ? (b & 0x80000000u) : b;
}

static inline uint64_t isa_f64_ftz(uint64_t b)
{
  return (b & UINT64_C(0x7ff0000000000000)) == 0 ? (b & UINT64_C(0x8000000000000000)) : b;
}

#endif /* PTXSIM_ISA_FP_COMMON_H */
