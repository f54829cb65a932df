/* ctx_live.c -- live register context at a preemption point (ctx_live.h). */
#include "config.h"

#include <stdlib.h>

#include "frontend/ptx_types.h"
#include "isa/ctx_live.h"

enum { FIRST_VAR_SLOT = 3 }; /* 0 zero, 1 sink, 2 the constant 0 (isa_decode.c) */

int ctx_reg_slots(const an_func *a, const isa_func *f, uint32_t **out)
{
  const ptx_func *fn = a->fn;
  uint32_t *slot_of = malloc(sizeof *slot_of * (a->n_regs ? a->n_regs : 1));
  if (!slot_of)
    return PTX_ENOMEM;
  /* The decoder lays out the body's variables, then the .reg formals; the
   * analysis numbers params, rets, then the body's variables (defuse.c).
   * Walk both orders: first the body's bases, then the formals'. */
  uint32_t n_formal_regs = 0;
  for (uint32_t i = 0; i < fn->n_params; i++)
    n_formal_regs += fn->params[i]->space == PTX_SPACE_REG;
  for (uint32_t i = 0; i < fn->n_rets; i++)
    n_formal_regs += fn->rets[i]->space == PTX_SPACE_REG;
  uint32_t next = FIRST_VAR_SLOT;
  /* Body variables: their analysis registers start after the formals'
   * (formals are never ranges: one register each). */
  uint32_t r_formal = 0, r_var = n_formal_regs;
  for (uint32_t i = 0; i < fn->n_vars; i++) {
    const ptx_var *v = fn->vars[i];
    if (v->space != PTX_SPACE_REG)
      continue;
    uint32_t count = v->range ? v->range : 1;
    bool is_pred = v->type == PTX_TYPE_PRED;
    for (uint32_t k = 0; k < count && r_var < a->n_regs; k++, r_var++)
      slot_of[r_var] = is_pred ? ISA_NONE : next + k;
    if (!is_pred)
      next += count * (v->vec > 1 ? v->vec : 1);
  }
  if (!fn->is_entry)
    for (uint32_t i = 0; i < fn->n_params + fn->n_rets; i++) {
      const ptx_var *v = i < fn->n_params ? fn->params[i] : fn->rets[i - fn->n_params];
      if (v->space != PTX_SPACE_REG)
        continue;
      if (r_formal < a->n_regs)
        slot_of[r_formal++] = v->type == PTX_TYPE_PRED ? ISA_NONE : next;
      next++;
    }
  /* The decoder adds read-only slots after these: fewer slots than the
   * layout needs means the two disagree. */
  if (next > f->n_slots || r_var != a->n_regs || r_formal != n_formal_regs) {
    free(slot_of);
    return PTX_EINVAL;
  }
  *out = slot_of;
  return 0;
}

/* The 32-bit words of one live register: calls fn(ctx, words of 32
 * lanes or NULL for a word without exact storage) once per slot. */
typedef void (*word_fn)(void *ctx, const uint32_t *v);

static void reg_words(const an_func *a, const uint32_t *slot_of, uint32_t r,
                      const uint64_t *frame, uint32_t *buf, word_fn fn, void *ctx)
{
  const ptx_var *var = a->regs[r].var;
  unsigned bits = ptx_type_bits((ptx_type)var->type);
  uint32_t elems = var->vec > 1 ? var->vec : 1, words = bits <= 32 ? 1 : (bits + 31) / 32;
  for (uint32_t e = 0; e < elems; e++)
    for (uint32_t wd = 0; wd < words; wd++) {
      if (wd >= 2) {
        fn(ctx, NULL);
        continue;
      }
      const uint64_t *lane = frame + (size_t)(slot_of[r] + e) * CTX_WARP_LANES;
      for (uint32_t l = 0; l < CTX_WARP_LANES; l++)
        buf[l] = (uint32_t)(lane[l] >> (32 * wd));
      fn(ctx, buf);
    }
}

typedef struct warp_ctx {
  uint32_t lanes, pag;
  ctx_sample *s;
} warp_ctx;

static void warp_word(void *ctx, const uint32_t *v)
{
  warp_ctx *c = ctx;
  ctx_sample *s = c->s;
  s->slots++;
  if (!v) {
    uint32_t raw = ctx_slot_raw_bytes(c->lanes);
    s->pat[CTX_PAT_RANDOM]++, s->pat_vec[CTX_PAT_RANDOM]++;
    s->bytes_cp += raw, s->bytes_cp_vec += raw;
    return;
  }
  ctx_pattern p, pv;
  s->bytes_cp += ctx_slot_bytes(v, c->lanes, c->pag, &p);
  s->bytes_cp_vec += ctx_slot_bytes(v, c->lanes, CTX_WARP_LANES, &pv);
  s->pat[p]++;
  s->pat_vec[pv]++;
}

void ctx_warp_sample(const an_func *a, const uint32_t *slot_of, const uint64_t *set,
                     const uint64_t *frame, uint32_t lanes, uint32_t pag, ctx_sample *s)
{
  *s = (ctx_sample){0};
  warp_ctx c = {lanes, pag, s};
  uint32_t buf[CTX_WARP_LANES];
  for (uint32_t r = 0; r < a->n_regs; r++)
    if (!a->regs[r].is_pred && slot_of[r] != ISA_NONE && an_set_has(set, r))
      reg_words(a, slot_of, r, frame, buf, warp_word, &c);
}

void ctx_tb_sample_of(const an_func *a, const uint32_t *slot_of, const uint64_t *set,
                      const uint64_t *const *frames, const uint32_t *lanes, uint32_t n_warps,
                      uint32_t pag, uint32_t *scratch, ctx_tb_sample *s)
{
  *s = (ctx_tb_sample){0};
  for (uint32_t r = 0; r < a->n_regs; r++) {
    if (a->regs[r].is_pred || slot_of[r] == ISA_NONE || !an_set_has(set, r))
      continue;
    const ptx_var *var = a->regs[r].var;
    unsigned bits = ptx_type_bits((ptx_type)var->type);
    uint32_t elems = var->vec > 1 ? var->vec : 1, words = bits <= 32 ? 1 : (bits + 31) / 32;
    for (uint32_t e = 0; e < elems; e++)
      for (uint32_t wd = 0; wd < words; wd++) {
        s->slots++;
        if (wd >= 2) {
          s->cls[CTX_TB_RANDOM]++;
          for (uint32_t w = 0; w < n_warps; w++)
            s->bytes_tb += ctx_slot_raw_bytes(lanes[w]);
          continue;
        }
        for (uint32_t w = 0; w < n_warps; w++) {
          const uint64_t *lane = frames[w] + (size_t)(slot_of[r] + e) * CTX_WARP_LANES;
          for (uint32_t l = 0; l < CTX_WARP_LANES; l++)
            scratch[w * CTX_WARP_LANES + l] = (uint32_t)(lane[l] >> (32 * wd));
        }
        uint32_t b;
        s->cls[ctx_tb_slot_class(scratch, lanes, n_warps, pag, &b)]++;
        s->bytes_tb += b;
      }
  }
}
