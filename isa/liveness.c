/* liveness.c -- which registers are live before and after each instruction
 * (004-preemption-liveness.md section 1.4): backward dataflow over the
 * blocks in post-order until nothing changes, then the per-instruction sets
 * inside each block.  A guarded or partial write keeps the register live
 * (kill_mask), so a value the write may leave in place stays saved.
 * an_union_sets, after the uniformity pass, adds the union sets of the
 * instructions inside divergent regions. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/analysis.h"

void an_set_count(const an_func *a, const uint64_t *set, uint32_t *slots, uint32_t *preds)
{
  uint32_t s = 0, p = 0;
  for (uint32_t w = 0; w < a->words; w++)
    for (uint64_t bits = set[w]; bits; bits &= bits - 1) {
      const an_reg *r = &a->regs[w * 64 + (uint32_t)__builtin_ctzll(bits)];
      if (r->is_pred)
        p++;
      else
        s += r->slots;
    }
  *slots = s;
  *preds = p;
}

/* in = uses(i) | (out - kills(i)) */
static void transfer(const an_func *a, uint32_t i, const uint64_t *out, uint64_t *in)
{
  const an_insn *ins = &a->insns[i];
  memcpy(in, out, sizeof *in * a->words);
  for (uint32_t k = 0; k < ins->n_defs && k < 32; k++)
    if ((ins->kill_mask >> k) & 1)
      in[ins->defs[k] / 64] &= ~(UINT64_C(1) << (ins->defs[k] % 64));
  for (uint32_t k = 0; k < ins->n_uses; k++)
    in[ins->uses[k] / 64] |= UINT64_C(1) << (ins->uses[k] % 64);
}

/* Recomputes the sets of block b from its successors; true when its
 * live-in changed. */
static bool solve_block(an_func *a, uint32_t b, uint64_t *scratch)
{
  const cfg_block *blk = &a->g.blocks[b];
  uint32_t W = a->words;
  uint64_t *out = a->live_out + (size_t)blk->last * W;
  memset(out, 0, sizeof *out * W);
  for (uint32_t k = 0; k < blk->n_succs; k++) {
    const uint64_t *sin = a->live_in + (size_t)a->g.blocks[blk->succs[k]].first * W;
    for (uint32_t w = 0; w < W; w++)
      out[w] |= sin[w];
  }
  uint64_t *first_in = a->live_in + (size_t)blk->first * W;
  memcpy(scratch, first_in, sizeof *scratch * W);
  for (uint32_t i = blk->last + 1; i-- > blk->first;) {
    uint64_t *o = a->live_out + (size_t)i * W;
    if (i != blk->last)
      memcpy(o, a->live_in + (size_t)(i + 1) * W, sizeof *o * W);
    transfer(a, i, o, a->live_in + (size_t)i * W);
  }
  return memcmp(scratch, first_in, sizeof *scratch * W) != 0;
}

int an_liveness(an_func *a)
{
  size_t n = (size_t)a->n_insns * a->words;
  a->live_in = calloc(n ? n : 1, sizeof *a->live_in);
  a->live_out = calloc(n ? n : 1, sizeof *a->live_out);
  uint64_t *scratch = calloc(a->words, sizeof *scratch);
  if (!a->live_in || !a->live_out || !scratch) {
    free(scratch);
    return PTX_ENOMEM;
  }
  /* Post-order (the reverse of block_order) reaches a fixed point in few
   * rounds for a backward problem; every block is solved at least once. */
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t k = a->g.n_blocks; k-- > 0;)
      changed |= solve_block(a, a->block_order[k], scratch);
  }

  double total = 0;
  a->max_live = a->pred_max_live = 0;
  a->max_live_insn = AN_NONE;
  for (uint32_t i = 0; i < a->n_insns; i++) {
    an_insn *in = &a->insns[i];
    an_set_count(a, a->live_in + (size_t)i * a->words, &in->live_in_slots, &in->live_in_preds);
    total += in->live_in_slots;
    if (a->max_live_insn == AN_NONE || in->live_in_slots > a->max_live) {
      a->max_live = in->live_in_slots;
      a->max_live_insn = i;
    }
    if (in->live_in_preds > a->pred_max_live)
      a->pred_max_live = in->live_in_preds;
  }
  a->avg_live = a->n_insns ? total / a->n_insns : 0;
  free(scratch);
  return 0;
}

int an_union_sets(an_func *a)
{
  size_t n = (size_t)a->n_insns * a->words;
  a->union_live = calloc(n ? n : 1, sizeof *a->union_live);
  uint8_t *region = calloc(a->g.n_blocks ? a->g.n_blocks : 1, 1);
  uint32_t *blocks = malloc(sizeof *blocks * (a->g.n_blocks ? a->g.n_blocks : 1));
  uint64_t *extra = calloc(a->words, sizeof *extra);
  if (!a->union_live || !region || !extra || !blocks) {
    free(region), free(extra), free(blocks);
    return PTX_ENOMEM;
  }
  memcpy(a->union_live, a->live_in, sizeof *a->live_in * n);
  for (uint32_t i = 0; i < a->n_insns; i++) {
    an_insn *in = &a->insns[i];
    if (in->is_cond_branch && in->reconv != AN_NONE)
      a->insns[in->reconv].is_reconv_point = true;
    if (!in->can_diverge)
      continue;
    /* Threads of this warp may wait at the divergence point (live after the
     * branch) or at the reconvergence point while others run the region. */
    memcpy(extra, a->live_out + (size_t)i * a->words, sizeof *extra * a->words);
    if (in->reconv != AN_NONE) {
      const uint64_t *r = a->live_in + (size_t)in->reconv * a->words;
      for (uint32_t w = 0; w < a->words; w++)
        extra[w] |= r[w];
    }
    uint32_t n_blocks = an_region_blocks(a, in->block, region, blocks);
    for (uint32_t b = 0; b < n_blocks; b++)
      for (uint32_t j = a->g.blocks[blocks[b]].first; j <= a->g.blocks[blocks[b]].last; j++) {
        uint64_t *u = a->union_live + (size_t)j * a->words;
        for (uint32_t w = 0; w < a->words; w++)
          u[w] |= extra[w];
      }
  }

  for (uint32_t i = 0; i < a->n_insns; i++)
    an_set_count(a, an_set(a->union_live, a, i), &a->insns[i].union_slots,
                 &a->insns[i].union_preds);
  free(region), free(extra), free(blocks);
  return 0;
}
