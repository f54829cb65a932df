/* ctx_live.h -- a warp's live register context at a preemption point, as
 * the compression unit (ctx_compress.h) would see it: which decoded
 * register slots hold each analysed register, and the live slots' value
 * patterns and compressed bytes, for one warp (warp-level compression) or
 * one TB at a barrier (TB-level).  Used by the run-time liveness report
 * (004 §6 report C) and available to a preemption controller.
 *
 * Words: a register's value is cut into 32-bit slots as the analysis
 * counts them (analysis.h): an 8-, 16- or 32-bit register is one (the low
 * word of its lane storage), a 64-bit one two (low word, then high word:
 * 004 §5 item 2(a)), a .vN register one or two per element.  Wider
 * elements (.b128) have no exact lane storage here and are counted as
 * random.  Predicates are not compressed and not counted.
 *
 * All functions read the frame (the warp's current function's slots,
 * frame[slot * 32 + lane]) and never write; no allocation except in
 * ctx_reg_slots.
 */
#ifndef PTXSIM_ISA_CTX_LIVE_H
#define PTXSIM_ISA_CTX_LIVE_H

#include <stdint.h>

#include "isa/analysis.h"
#include "isa/ctx_compress.h"
#include "isa/isa_prog.h"

/* Per analysis register of a (f's function): the decoded slot (an index,
 * not x32) of its first element, ISA_NONE for predicates.  Follows the
 * decoder's layout (isa_decode.c, layout_function_vars): slots 0-2 are
 * fixed, then the body's .reg variables in order (count x vector width
 * each), then the .reg formals, one each.  *out is malloc'ed; 0 or
 * PTX_ENOMEM. */
int ctx_reg_slots(const an_func *a, const isa_func *f, uint32_t **out) PTX_MUST_CHECK;

/* One warp at a point. */
typedef struct ctx_sample {
  uint32_t slots;                     /* live 32-bit slots */
  uint32_t pat[CTX_PAT_COUNT];        /* slots by pattern, groups of PAG lanes */
  uint32_t pat_vec[CTX_PAT_COUNT];    /* ... groups of 32 lanes (the _vec variant) */
  uint64_t bytes_cp, bytes_cp_vec;    /* compressed slots (ctx_slot_bytes), no metadata */
} ctx_sample;

/* The live set `set` of a warp whose frame is `frame` and whose lanes
 * holding a thread are `lanes`, compressed with PAG pag. */
void ctx_warp_sample(const an_func *a, const uint32_t *slot_of, const uint64_t *set,
                     const uint64_t *frame, uint32_t lanes, uint32_t pag, ctx_sample *s);

/* One TB at a barrier point: n_warps warps, frames[w] and lanes[w] each;
 * scratch holds n_warps * 32 words. */
typedef struct ctx_tb_sample {
  uint32_t slots;                     /* live 32-bit slots (per warp) */
  uint32_t cls[CTX_TB_CLASS_COUNT];   /* slots by TB-level class */
  uint64_t bytes_tb;                  /* TB-level bytes of the slots, no metadata */
} ctx_tb_sample;

void ctx_tb_sample_of(const an_func *a, const uint32_t *slot_of, const uint64_t *set,
                      const uint64_t *const *frames, const uint32_t *lanes, uint32_t n_warps,
                      uint32_t pag, uint32_t *scratch, ctx_tb_sample *s);

#endif
