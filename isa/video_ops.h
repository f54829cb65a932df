/* video_ops.h -- bit-exact semantics of the PTX video instructions
 * (PTX ISA 9.0 §9.7.18): scalar vadd vsub vabsdiff vmin vmax vshl vshr vmad
 * vset, and SIMD vadd2/4 vsub2/4 vavrg2/4 vabsdiff2/4 vmin2/4 vmax2/4
 * vset2/4.
 *
 * The decoder fills one isa_video_desc per instruction (types, selectors,
 * .sat, secondary op, merge selector or lane mask, vmad negations), once;
 * the executor then calls isa_video_exec() per lane, or binds the family
 * function (isa_video_scalar, isa_video_simd, isa_vmad) directly.  The
 * isa_video_parse_* helpers turn selector suffixes into descriptor fields
 * at decode time; nothing here touches strings on the hot path.
 *
 * Semantics follow the spec's pseudo-code as summarised in
 * /work/notes/semantics/video.md; where it is ambiguous the choice is
 * written at the function.  Intermediates are exact (no 34-bit wrap), so
 * .sat and .min/.max see true values; only the final result is cut to 32
 * bits.  Pure functions: no allocation, no failure, no undefined behaviour.
 */
#ifndef PTXSIM_ISA_VIDEO_OPS_H
#define PTXSIM_ISA_VIDEO_OPS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum isa_video_op {
  ISA_VOP_ADD = 0, /* vadd vadd2 vadd4 */
  ISA_VOP_SUB,     /* vsub vsub2 vsub4 */
  ISA_VOP_ABSDIFF, /* vabsdiff vabsdiff2 vabsdiff4 */
  ISA_VOP_MIN,     /* vmin vmin2 vmin4 */
  ISA_VOP_MAX,     /* vmax vmax2 vmax4 */
  ISA_VOP_AVRG,    /* vavrg2 vavrg4 (SIMD only) */
  ISA_VOP_SET,     /* vset vset2 vset4 (cmp in the descriptor) */
  ISA_VOP_SHL,     /* vshl (scalar only) */
  ISA_VOP_SHR,     /* vshr (scalar only) */
  ISA_VOP_MAD      /* vmad (scalar only) */
} isa_video_op;

/* Scalar operand selectors (.asel .bsel .dsel); NONE means the whole word
 * (and, for dsel, no merge). */
typedef enum isa_vsel {
  ISA_VSEL_NONE = 0,
  ISA_VSEL_B0, ISA_VSEL_B1, ISA_VSEL_B2, ISA_VSEL_B3,
  ISA_VSEL_H0, ISA_VSEL_H1
} isa_vsel;

/* Secondary operation.  Scalar: .add .min .max with c.  SIMD: only .add,
 * the accumulate form d = c + sum of masked lanes. */
typedef enum isa_vsecop {
  ISA_VSECOP_NONE = 0, ISA_VSECOP_ADD, ISA_VSECOP_MIN, ISA_VSECOP_MAX
} isa_vsecop;

typedef enum isa_vcmp {
  ISA_VCMP_EQ = 0, ISA_VCMP_NE, ISA_VCMP_LT, ISA_VCMP_LE, ISA_VCMP_GT, ISA_VCMP_GE
} isa_vcmp;

/* One decoded video instruction.
 *   n_lanes 1 (scalar), 2 (vop2) or 4 (vop4).
 *   asel, bsel: scalar: an isa_vsel.  SIMD: one nibble per lane, lane i's
 *     source element in bits 4i+3..4i, numbered in the pair {b, a} as prmt
 *     does (half-words 0..3 for x2, bytes 0..7 for x4).  The hex literal
 *     reads like the suffix: .h32 is 0x32, .b7654 is 0x7654.  Each selected
 *     element is extended by the type of the operand whose selector picked
 *     it (atype for asel, btype for bsel), whichever register it sits in.
 *   dsel (scalar): merge selector, an isa_vsel; mask (SIMD): bit i = lane i.
 *   vshl/vshr: b is always .u32, b_signed is ignored; is_clamp picks .clamp.
 *   vset: d_signed and is_sat are ignored (results are unsigned 0/1).
 *   vmad: neg_prod = (a negated) != (b negated); neg_c; is_po; scale 0, 7
 *     or 15; d_signed is ignored (the spec derives the final signedness). */
typedef struct isa_video_desc {
  uint8_t op;      /* isa_video_op */
  uint8_t n_lanes; /* 1, 2 or 4 */
  bool d_signed, a_signed, b_signed;
  bool is_sat;
  uint8_t secop; /* isa_vsecop */
  uint8_t cmp;   /* isa_vcmp, vset only */
  bool is_clamp; /* vshl/vshr .clamp (else .wrap) */
  uint8_t dsel;  /* scalar merge selector */
  uint8_t mask;  /* SIMD lane mask */
  uint16_t asel, bsel;
  bool neg_prod, neg_c, is_po; /* vmad */
  uint8_t scale;               /* vmad: 0, 7 (.shr7) or 15 (.shr15) */
} isa_video_desc;

/* Fill *v with op, n_lanes and every optional field at its PTX default:
 * unsigned types, no .sat, no secondary op, whole-word selectors (scalar)
 * or .h10/.h32/.h10 and .b3210/.b7654/.b3210 (SIMD asel/bsel/mask). */
void isa_video_desc_init(isa_video_desc *v, isa_video_op op, unsigned n_lanes);

/* Decode-time parsers for selector suffixes, with or without the leading
 * dot.  Return 0, or -1 (and leave *out alone) if s is not valid there.
 *   sel:      "b0".."b3", "h0", "h1" -> isa_vsel.
 *   simd_sel: "hxy" (n_lanes 2, digits 0..3) or "bxyzw" (n_lanes 4, digits
 *             0..7), most significant lane first.
 *   mask:     "h0" "h1" "h10" (2 lanes) or "b3210" and its subsets written
 *             in descending order (4 lanes). */
int isa_video_parse_sel(const char *s, uint8_t *out);
int isa_video_parse_simd_sel(const char *s, unsigned n_lanes, uint16_t *out);
int isa_video_parse_mask(const char *s, unsigned n_lanes, uint8_t *out);

/* Scalar vadd vsub vabsdiff vmin vmax vshl vshr vset: select and extend,
 * primary op, optional .sat (to the dsel field's range when merging), then
 * either the secondary op with c or the merge into c.  The parser rejects a
 * secondary op together with dsel; given both, the merge wins. */
uint32_t isa_video_scalar(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c);

/* vadd2..vset2 and vadd4..vset4 (n_lanes 2 or 4): per-lane op and .sat,
 * then either the masked merge with c or (secop ADD) d = c + the sum of
 * the masked lane results, wrapping at 32 bits. */
uint32_t isa_video_simd(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c);

/* vmad: (+/-)(a*b) (+/-)c (+1 for .po), optionally >> 7 or 15, optionally
 * clamped to s32 or u32.  c is extended with the signedness of the
 * intermediate product ("Input c has the same sign as the intermediate
 * result"), then negated; the spec pseudo-code's sext32(~c) would read a
 * .u32 c as signed in "(u32*u32) - u32", which the prose rules out.  .sat
 * clamps the exact value (the pseudo-code's 64-bit mask never bites after a
 * scale, and without one we do not let a 65-bit value wrap).  PTX allows no
 * "-(a*b) - c": given neg_prod and neg_c, only the product is negated, as in
 * the spec's else-if chain, and .po ignores both negations. */
uint32_t isa_vmad(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c);

/* The whole family in one call: the entry point for a generic lane loop. */
static inline uint32_t isa_video_exec(const isa_video_desc *v, uint32_t a, uint32_t b,
                                      uint32_t c)
{
  if (v->n_lanes > 1)
    return isa_video_simd(v, a, b, c);
  if (v->op == ISA_VOP_MAD)
    return isa_vmad(v, a, b, c);
  return isa_video_scalar(v, a, b, c);
}

#endif /* PTXSIM_ISA_VIDEO_OPS_H */
