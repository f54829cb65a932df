/* ops_basic.h -- lane-loop templates shared by the semantic files.
 *
 * A semantic body describes one lane: the macros below wrap it in the
 * walk over the executing lanes and handle operand access, so that each
 * exec function is one line of arithmetic.  Values are read as uint64_t
 * slots; ISA_WR_* write them back extended the way simt.h describes.
 */
#ifndef PTXSIM_ISA_OPS_BASIC_H
#define PTXSIM_ISA_OPS_BASIC_H

#include <stdint.h>

#include "isa/simt.h"

/* Writes a result of a given width, extended by signedness. */
#define ISA_WR_U8(x) ((uint64_t)(uint8_t)(x))
#define ISA_WR_U16(x) ((uint64_t)(uint16_t)(x))
#define ISA_WR_U32(x) ((uint64_t)(uint32_t)(x))
#define ISA_WR_U64(x) ((uint64_t)(x))
#define ISA_WR_S16(x) ((uint64_t)(int64_t)(int16_t)(uint16_t)(x))
#define ISA_WR_S32(x) ((uint64_t)(int64_t)(int32_t)(uint32_t)(x))
#define ISA_WR_S64(x) ((uint64_t)(x))

/* exec function NAME: d = EXPR over a, b, c (each T, read from o[1..3]). */
#define ISA_LANE_OP(NAME, T, WR, NSRC, EXPR)                                    \
  static void NAME(simt_warp *w, const isa_insn *in, uint32_t mask)            \
  {                                                                            \
    uint64_t *r_ = w->r;                                                       \
    const uint32_t d_ = in->o[0], a_ = in->o[1];                               \
    const uint32_t b_ = NSRC > 1 ? in->o[2] : a_, c_ = NSRC > 2 ? in->o[3] : a_; \
    (void)b_, (void)c_;                                                        \
    /* A full warp is a counted loop (no mask scan per lane), which the \
     * compiler may unroll or vectorise. */                                    \
    if (mask == UINT32_MAX) {                                                  \
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++) {                          \
        T a = (T)r_[a_ + l];                                                   \
        T b = (T)r_[b_ + l];                                                   \
        T c = (T)r_[c_ + l];                                                   \
        (void)a, (void)b, (void)c;                                             \
        r_[d_ + l] = WR(EXPR);                                                 \
      }                                                                        \
      return;                                                                  \
    }                                                                          \
    SIMT_FOR_EACH_LANE(mask, l)                                                \
    {                                                                          \
      T a = (T)r_[a_ + l];                                                     \
      T b = (T)r_[b_ + l];                                                     \
      T c = (T)r_[c_ + l];                                                     \
      (void)a, (void)b, (void)c;                                               \
      r_[d_ + l] = WR(EXPR);                                                   \
    }                                                                          \
  }

#endif /* PTXSIM_ISA_OPS_BASIC_H */
