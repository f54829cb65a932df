/* fp_cvt.h -- bit-exact PTX semantics of cvt and cvt.pack (PTX ISA 9.0
 * §9.7.9.21-22, §6.5), plus the small soft-float core that every 16-bit and
 * narrowing conversion in ptxsim rounds through.
 *
 * Conventions, shared by every function here:
 * - Values travel as raw bits.  Integer results come back as the value of
 *   the destination type extended to 64 bits by the *destination*
 *   signedness (cvt.md, "Operand widths": a wide register gets the dtype
 *   sign- or zero-extended), so the executor only truncates to the register
 *   width.  Integer sources are passed already extended from their own type
 *   (s8 -1 arrives as 0xffff...ff, u8 0xff as 0xff).
 * - Floating results are the destination's bits, zero-extended.  .bf16 and
 *   .tf32 destinations must use exact-width registers; that is the
 *   executor's business.
 * - NaN results of a narrowing or rounding conversion are canonical (f16 and
 *   bf16 0x7fff, f32/tf32 0x7fffffff, f64 0x7fffffffffffffff, e4m3/e5m2 0x7f):
 *   the spec says "NaN of the destination, payload not specified" and the
 *   CUDA headers' canonical NaNs are these.  Exact widenings (f16->f32,
 *   bf16->f32, f32->f64, e5m2->f16) keep the payload and sign and set the
 *   quiet bit, as an IEEE convertFormat does; see each function.
 * - isa_round: .rni/.rzi/.rmi/.rpi pass ISA_RN/RZ/RM/RP; the function's
 *   name says whether it rounds to an integer or to the format.
 * - Nothing allocates, nothing fails.  Combinations the PTX grammar forbids
 *   (e.g. .rna on f16) still produce a defined, sensible result; the parser
 *   rejects them.
 *
 * Not here: f32/f64 arithmetic (fp_arith.h), f16/bf16 arithmetic
 * (fp_half.h), comparisons (fp_cmp.h), the 4- and 6-bit formats' x4 forms
 * with stochastic rounding, ue8m0x2, and fma.oob.
 */
#ifndef PTXSIM_ISA_FP_CVT_H
#define PTXSIM_ISA_FP_CVT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/fp_common.h"

/* ===================================================================== */
/* Soft-float core: format descriptors, unpack, round-and-pack.          */
/* ===================================================================== */

/* A binary floating-point format with a sign bit at bit mant_bits+exp_bits.
 * emin/emax are unbiased exponents of the smallest normal and of the
 * largest finite binade.  max_bits is the magnitude pattern of the largest
 * finite value.  nan_kind says how NaN is encoded. */
typedef enum isa_nan_kind {
  ISA_NAN_IEEE, /* exponent all ones: Inf if fraction 0, NaN otherwise */
  ISA_NAN_ONLY, /* no Inf; magnitude max_bits+1 (all ones) is NaN: e4m3 */
  ISA_NAN_NONE  /* no Inf, no NaN: e2m1, e2m3, e3m2 */
} isa_nan_kind;

typedef struct isa_fmt {
  uint8_t mant_bits;
  uint8_t exp_bits;
  uint8_t nan_kind; /* isa_nan_kind */
  int16_t emin;
  int16_t emax;
  uint64_t max_bits;
  uint64_t nan_bits; /* canonical NaN (or +max for ISA_NAN_NONE) */
} isa_fmt;

extern const isa_fmt isa_fmt_f16, isa_fmt_bf16, isa_fmt_f32, isa_fmt_f64;
/* tf32 as a 19-bit format (1.8.10); isa_cvt_f32_to_tf32 shifts it into an
 * f32 container with the low 13 bits zero. */
extern const isa_fmt isa_fmt_tf32;
extern const isa_fmt isa_fmt_e4m3, isa_fmt_e5m2, isa_fmt_e2m3, isa_fmt_e3m2, isa_fmt_e2m1;

typedef enum isa_fp_class {
  ISA_FPC_ZERO,
  ISA_FPC_FINITE, /* normal or subnormal */
  ISA_FPC_INF,
  ISA_FPC_NAN
} isa_fp_class;

/* An unpacked value: (-1)^neg * sig * 2^exp for ISA_FPC_FINITE. */
typedef struct isa_fpval {
  uint8_t cls; /* isa_fp_class */
  bool neg;
  int32_t exp;
  uint64_t sig;
} isa_fpval;

/* Flags for isa_fp_pack. */
#define ISA_PACK_SATFINITE 1u /* overflow (and Inf) -> +-max finite */

/* Decode bits of format f.  Never fails.  A finite value comes back
 * unnormalised: sig holds the significand with its hidden bit (the
 * fraction alone for a subnormal) and exp the weight of its last bit.  For
 * ISA_FPC_NAN, sig is the fraction field (payload and quiet bit) and exp
 * 0; for ISA_FPC_ZERO and ISA_FPC_INF, sig and exp are 0. */
isa_fpval isa_fp_unpack(const isa_fmt *f, uint64_t bits);

/* Round (-1)^neg * (sig + sticky*eps) * 2^exp, sig != 0 or sticky, to
 * format f with mode rnd; eps is any amount below sig's last bit.  With
 * sticky, give sig at least mant_bits+2 significant bits so that eps lies
 * below the round bit (otherwise it is taken to); sig == 0 with sticky
 * stands for a positive amount below 2^(exp-1), which should lie below
 * the round bit of the result.  Overflow gives Inf or the largest finite
 * per the IEEE rule for rnd, and the largest finite always under
 * ISA_PACK_SATFINITE or in formats without Inf.  ISA_RS adds the top
 * rs_width (<= 32) bits of the discarded fraction (measured from the
 * result's last place, also for subnormal results) to the low rs_width
 * bits of rs_bits and rounds away from zero on carry-out (cvt .rs); an
 * overflow under ISA_RS gives Inf, as under RN.  RS ignores sticky, and
 * other modes ignore rs_bits and rs_width.  Returns the bits of f. */
uint64_t isa_fp_pack(const isa_fmt *f, bool neg, int32_t exp, uint64_t sig, bool sticky,
                     isa_round rnd, unsigned flags, uint32_t rs_bits, unsigned rs_width);

/* Generic float -> float rounding between two formats: NaN -> to's
 * canonical NaN (or max for formats without NaN), Inf -> Inf (or max under
 * ISA_PACK_SATFINITE / without Inf), zeros keep their sign. */
uint64_t isa_fp_convert(const isa_fmt *to, const isa_fmt *from, uint64_t bits, isa_round rnd,
                        unsigned flags);

/* ===================================================================== */
/* Integer <-> integer                                                   */
/* ===================================================================== */

/* cvt{.sat}.dtype.atype between integer types of dst_bits / src_bits
 * (8, 16, 32, 64).  v holds the source value extended to 64 bits (only the
 * low src_bits are read).  Without sat: chop to dst_bits (widening is then
 * the source's sign/zero extension, Table 15); with sat: clamp the source's
 * mathematical value to the destination range.  Result: the dtype value
 * extended to 64 bits by the destination's signedness. */
static inline uint64_t isa_cvt_int_to_int(uint64_t v, unsigned dst_bits, bool dst_signed,
                                          unsigned src_bits, bool src_signed, bool sat)
{
  uint64_t smask = src_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << src_bits) - 1;
  uint64_t dmask = dst_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << dst_bits) - 1;
  uint64_t s = v & smask;
  bool s_neg = src_signed && ((s >> (src_bits - 1)) & 1);
  if (s_neg)
    s |= ~smask; /* sign-extend: now the two's complement of the value */
  if (sat) {
    /* Clamp the mathematical value of s to the dtype range. */
    if (dst_signed) {
      uint64_t dmax = dmask >> 1;     /* as a positive number */
      uint64_t dmin = ~dmax;          /* two's complement of -2^(n-1) */
      if (s_neg) {
        if ((int64_t)s < (int64_t)dmin) /* both negative: signed compare is exact */
          s = dmin;
      } else if (s > dmax) {
        s = dmax;
      }
    } else {
      if (s_neg)
        s = 0;
      else if (s > dmask)
        s = dmask;
    }
  }
  s &= dmask;
  if (dst_signed && dst_bits < 64 && ((s >> (dst_bits - 1)) & 1))
    s |= ~dmask;
  return s;
}

/* cvt.pack.sat.{u16,s16,u8,s8,u4,s4,u2,s2}.s32{.b32} d, a, b{, c}:
 * a and b clamped to the n-bit range, a in bits [2n-1:n], b in [n-1:0],
 * and for n < 16 the bits above 2n come from the low bits of c
 * (cvt.pack.txt pseudo-code). */
static inline uint32_t isa_cvt_pack_sat(uint32_t a, uint32_t b, uint32_t c, unsigned n,
                                        bool is_signed)
{
  int32_t lo = is_signed ? -(int32_t)(1u << (n - 1)) : 0;
  int32_t hi = is_signed ? (int32_t)((1u << (n - 1)) - 1) : (int32_t)((1u << n) - 1);
  int32_t sa = (int32_t)a, sb = (int32_t)b;
  uint32_t mask = (1u << n) - 1;
  sa = sa < lo ? lo : sa > hi ? hi : sa;
  sb = sb < lo ? lo : sb > hi ? hi : sb;
  uint32_t td = ((uint32_t)sb & mask) | (((uint32_t)sa & mask) << n);
  return n >= 16 ? td : td | (c << (2 * n));
}

/* ===================================================================== */
/* Float -> integer (f2s / f2u): clamped; NaN per cvt.md                 */
/* ===================================================================== */

/* Each rounds to an integer with rnd (.rni/.rzi/.rmi/.rpi), clamps to the
 * range of the dst_bits-wide integer (s or u; +-Inf clamp too), and
 * returns it extended to 64 bits by dst_signed.  NaN gives 0, except from
 * an f64 source or into a 64-bit destination, where it gives
 * 1 << (dst_bits-1), i.e. MININT for signed (then sign-extended) and
 * (MAXINT >> 1) + 1 for unsigned: PTX ISA 9.0, cvt, "In float-to-integer
 * conversions, depending upon conversion types, NaN input results in ...
 * Zero if source is not .f64 and destination is not .s64, .u64.
 * Otherwise 1 << (BitWidth(dst) - 1)".  -0 and values rounding to 0 give
 * 0.  ftz (f32 only) flushes a subnormal input first, which matters for
 * .rmi/.rpi. */
uint64_t isa_cvt_f32_to_int(uint32_t a, unsigned dst_bits, bool dst_signed, isa_round rnd,
                            bool ftz);
uint64_t isa_cvt_f64_to_int(uint64_t a, unsigned dst_bits, bool dst_signed, isa_round rnd);
uint64_t isa_cvt_f16_to_int(uint16_t a, unsigned dst_bits, bool dst_signed, isa_round rnd);
uint64_t isa_cvt_bf16_to_int(uint16_t a, unsigned dst_bits, bool dst_signed, isa_round rnd);

/* ===================================================================== */
/* Integer -> float (s2f / u2f): correctly rounded with rnd              */
/* ===================================================================== */

/* v is the source extended to 64 bits; is_signed says whether to read it
 * as int64_t.  0 gives +0.  sat clamps to [0, 1] (.sat, f16/f32/f64 dst).
 * Overflow (only possible into f16, e.g. 70000) follows IEEE: Inf for .rn,
 * 65504 for .rz (cvt.md: the "~131,000" of §6.5.1 is legacy text). */
uint16_t isa_cvt_int_to_f16(uint64_t v, bool is_signed, isa_round rnd, bool sat);
uint16_t isa_cvt_int_to_bf16(uint64_t v, bool is_signed, isa_round rnd);
uint32_t isa_cvt_int_to_f32(uint64_t v, bool is_signed, isa_round rnd, bool sat);
uint64_t isa_cvt_int_to_f64(uint64_t v, bool is_signed, isa_round rnd, bool sat);

/* ===================================================================== */
/* Float -> float                                                        */
/* ===================================================================== */

/* Common post-processing flags for float destinations. */
#define ISA_CVT_SAT 1u       /* .sat: clamp to [0,1], NaN -> +0 (-0 -> +0) */
#define ISA_CVT_RELU 2u      /* .relu: negative (and -0) -> +0, NaN -> canonical */
#define ISA_CVT_SATFINITE 4u /* .satfinite: |x| > max (and Inf) -> +-max */
#define ISA_CVT_FTZ 8u       /* .ftz: flush f32 subnormal inputs/results */

/* Narrowing with rnd in {RN, RZ, RM, RP} (RS via the _rs forms).  flags
 * from ISA_CVT_*; FTZ flushes an f32 input / f32 result only.  A NaN input
 * gives the destination's canonical NaN (ISA_F16_CANON_NAN etc.; PTX
 * leaves the payload unspecified), or +0 under SAT. */
uint16_t isa_cvt_f32_to_f16(uint32_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_f32_to_bf16(uint32_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_f64_to_f16(uint64_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_f64_to_bf16(uint64_t a, isa_round rnd, unsigned flags);
uint32_t isa_cvt_f64_to_f32(uint64_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_f16_to_bf16(uint16_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_bf16_to_f16(uint16_t a, isa_round rnd, unsigned flags);

/* cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits: a -> high
 * half (rbits[28:16] for f16, rbits[31:16] for bf16), b -> low half. */
uint32_t isa_cvt_f32x2_to_f16x2_rs(uint32_t a, uint32_t b, uint32_t rbits, unsigned flags);
uint32_t isa_cvt_f32x2_to_bf16x2_rs(uint32_t a, uint32_t b, uint32_t rbits, unsigned flags);

/* cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a -> d[31:16],
 * b -> d[15:0] (note: the reverse of mov's {lo, hi} packing). */
uint32_t isa_cvt_f32x2_to_f16x2(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);
uint32_t isa_cvt_f32x2_to_bf16x2(uint32_t a, uint32_t b, isa_round rnd, unsigned flags);

/* Exact widenings.  flags: SAT (f32/f64 dst), FTZ (f32 input of f32->f64;
 * f32 result of bf16->f32, whose subnormals stay subnormal).  NaN keeps
 * sign and payload, quiet bit set. */
uint32_t isa_cvt_f16_to_f32(uint16_t a, unsigned flags);
uint32_t isa_cvt_bf16_to_f32(uint16_t a, unsigned flags);
uint64_t isa_cvt_f16_to_f64(uint16_t a, unsigned flags);
uint64_t isa_cvt_bf16_to_f64(uint16_t a, unsigned flags);
uint64_t isa_cvt_f32_to_f64(uint32_t a, unsigned flags);

/* Same-size rounding to an integral value (cvt.rni.f32.f32 etc.): rnd in
 * RN/RZ/RM/RP; flags SAT, and FTZ for f32.  NaN -> canonical NaN, Inf and
 * zeros unchanged.  A flags value of 0 with no rounding is the identity
 * (cvt.f32.f32 without modifiers); cvt.ftz.f32.f32 is isa_f32_ftz. */
uint32_t isa_cvt_f32_to_f32_int(uint32_t a, isa_round rnd, unsigned flags);
uint64_t isa_cvt_f64_to_f64_int(uint64_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_f16_to_f16_int(uint16_t a, isa_round rnd, unsigned flags);
uint16_t isa_cvt_bf16_to_bf16_int(uint16_t a, isa_round rnd, unsigned flags);

/* cvt.{rna,rn,rz}{.satfinite}{.relu}.tf32.f32: the f32 container with the
 * mantissa rounded to 10 bits and bits 12..0 zero.  NaN -> 0x7fffffff. */
uint32_t isa_cvt_f32_to_tf32(uint32_t a, isa_round rnd, unsigned flags);

/* 8-bit floats (.satfinite is mandatory in PTX; pass ISA_CVT_SATFINITE).
 * Single-element helpers round with RN; NaN -> 0x7f. */
uint8_t isa_cvt_f32_to_e4m3(uint32_t a, unsigned flags);
uint8_t isa_cvt_f32_to_e5m2(uint32_t a, unsigned flags);
uint8_t isa_cvt_f16_to_e4m3(uint16_t a, unsigned flags);
uint8_t isa_cvt_f16_to_e5m2(uint16_t a, unsigned flags);
/* Exact widening to f16.  e4m3 NaN -> 0x7fff; e5m2 NaN keeps its bits
 * (<< 8, as cuda_fp8.hpp).  RELU: negative -> +0, NaN -> 0x7fff. */
uint16_t isa_cvt_e4m3_to_f16(uint8_t a, unsigned flags);
uint16_t isa_cvt_e5m2_to_f16(uint8_t a, unsigned flags);

/* cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b: a -> d[15:8],
 * b -> d[7:0]. */
uint16_t isa_cvt_f32x2_to_e4m3x2(uint32_t a, uint32_t b, unsigned flags);
uint16_t isa_cvt_f32x2_to_e5m2x2(uint32_t a, uint32_t b, unsigned flags);
/* cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a: a[31:16] -> d[15:8]. */
uint16_t isa_cvt_f16x2_to_e4m3x2(uint32_t a, unsigned flags);
uint16_t isa_cvt_f16x2_to_e5m2x2(uint32_t a, unsigned flags);
/* cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a: a[15:8] -> d[31:16]. */
uint32_t isa_cvt_e4m3x2_to_f16x2(uint16_t a, unsigned flags);
uint32_t isa_cvt_e5m2x2_to_f16x2(uint16_t a, unsigned flags);

/* 4- and 6-bit formats (x2 forms, RN, satfinite mandatory): NaN ->
 * +max (the formats have no NaN; cvt.md), overflow/Inf -> +-max. */
uint8_t isa_cvt_f32x2_to_e2m1x2(uint32_t a, uint32_t b, unsigned flags);  /* a -> d[7:4] */
uint16_t isa_cvt_f32x2_to_e2m3x2(uint32_t a, uint32_t b, unsigned flags); /* a -> d[13:8] */
uint16_t isa_cvt_f32x2_to_e3m2x2(uint32_t a, uint32_t b, unsigned flags);
uint32_t isa_cvt_e2m1x2_to_f16x2(uint8_t a, unsigned flags); /* a[7:4] -> d[31:16] */
uint32_t isa_cvt_e2m3x2_to_f16x2(uint16_t a, unsigned flags);
uint32_t isa_cvt_e3m2x2_to_f16x2(uint16_t a, unsigned flags);

#endif /* PTXSIM_ISA_FP_CVT_H */
