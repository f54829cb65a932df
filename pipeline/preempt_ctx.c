/* preempt_ctx.c -- what a preempted warp's context holds: its live set,
 * its compressed size, TB-level compression at barriers, and the poison
 * of its dead registers (preempt_int.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/ctx_compress.h"
#include "isa/ctx_live.h"
#include "memsys/mem_timing.h"
#include "pipeline/preempt_int.h"
#include "ptxsim.h"

/* The slot offset or predicate index of each of the function's registers
 * (isa_func.var_reg, formal_slot). */
int preempt_map_func(reg_map *m, const tm_func *tf)
{
  const an_func *a = tf->an;
  const isa_func *f = tf->func;
  const ptx_func *fn = a->fn;
  m->n_regs = a->n_regs;
  size_t n = a->n_regs ? a->n_regs : 1;
  m->at = malloc(n * sizeof *m->at);
  m->n = malloc(n);
  uint32_t total = 0;
  for (uint32_t r = 0; r < a->n_regs; r++)
    total += a->regs[r].var->vec > 1 ? a->regs[r].var->vec : 1;
  m->dead_slots = malloc((total ? total : 1) * sizeof *m->dead_slots);
  m->dead_preds = malloc(n * sizeof *m->dead_preds);
  m->slot_of = malloc(n * sizeof *m->slot_of);
  if (!m->at || !m->n || !m->dead_slots || !m->dead_preds || !m->slot_of)
    return PTX_ENOMEM;
  const ptx_var *last = NULL;
  uint32_t base = ISA_NONE;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    const an_reg *ar = &a->regs[r];
    const ptx_var *v = ar->var;
    if (v != last) {
      last = v;
      base = ISA_NONE;
      for (uint32_t i = 0; i < fn->n_vars && base == ISA_NONE; i++)
        if (fn->vars[i] == v)
          base = f->var_reg[i];
      for (uint32_t i = 0; i < f->n_formals && base == ISA_NONE; i++)
        if (f->formals[i] == v && f->formal_is_reg[i])
          base = f->formal_slot[i];
    }
    uint32_t vec = v->vec > 1 ? v->vec : 1;
    m->n[r] = (uint8_t)vec;
    if (base == ISA_NONE)
      m->at[r] = ISA_NONE;
    else
      m->at[r] = ar->is_pred ? base + ar->index : base + ar->index * vec * SIMT_WARP_SIZE;
    m->slot_of[r] = m->at[r] == ISA_NONE || ar->is_pred ? ISA_NONE : m->at[r] / SIMT_WARP_SIZE;
  }
  return 0;
}

/* The live set at the warp's pc in its current function: the union set
 * when its SIMT stack shows divergence.  NULL when it has no frame. */
const uint64_t *preempt_live_set(const tm_preempt *p, const simt_warp *w, const tm_func **tfp,
                                uint32_t *slots, uint32_t *preds)
{
  if (!w->n_frames)
    return NULL;
  const simt_frame *top = &w->frames[w->n_frames - 1];
  const tm_func *tf = &p->k->funcs[top->func->index];
  const an_func *a = tf->an;
  if (!a || w->pc >= a->n_insns)
    return NULL;
  *tfp = tf;
  bool is_div = w->n_stack > 1;
  const an_insn *ai = &a->insns[w->pc];
  *slots = is_div ? ai->union_slots : ai->live_in_slots;
  *preds = is_div ? ai->union_preds : ai->live_in_preds;
  return an_set(is_div ? a->union_live : a->live_in, a, w->pc);
}

/* live_cp's bytes of the warp's registers in set (isa/ctx_compress.h):
 * each 32-bit slot of a live register compressed over the lanes that hold
 * threads, predicates raw, and the pattern vector. */
uint64_t preempt_compressed_bytes(const tm_preempt *p, const simt_warp *w, const tm_func *tf,
                                 const uint64_t *set)
{
  const an_func *a = tf->an;
  const reg_map *m = &p->maps[tf->func->index];
  const simt_frame *top = &w->frames[w->n_frames - 1];
  const uint64_t *r = w->regs + top->reg_base;
  uint64_t bytes = 0;
  uint32_t n_slots = 0;
  uint32_t v[SIMT_WARP_SIZE];
  for (uint32_t reg = 0; reg < a->n_regs; reg++) {
    if (!an_set_has(set, reg))
      continue;
    if (a->regs[reg].is_pred || m->at[reg] == ISA_NONE) {
      bytes += a->regs[reg].is_pred ? PRED_BYTES : (uint64_t)a->regs[reg].slots * 128;
      continue;
    }
    uint32_t words = a->regs[reg].slots / m->n[reg];
    for (uint32_t e = 0; e < m->n[reg]; e++)
      for (uint32_t wd = 0; wd < words && wd < 2; wd++) {
        const uint64_t *lane = r + m->at[reg] + e * SIMT_WARP_SIZE;
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          v[l] = (uint32_t)(lane[l] >> (32 * wd));
        bytes += ctx_slot_bytes(v, w->live, p->la.pag, NULL);
        n_slots++;
      }
  }
  return bytes + ctx_pattern_vector_bytes(n_slots);
}

/* The barrier of the current function at which warp w waits (blocked in
 * it) or stands (stopped before it), or UINT32_MAX. */
static uint32_t barrier_pc(const simt_warp *w, const an_func *a)
{
  uint32_t pc = w->pc;
  if (w->is_blocked) {
    if (!w->bar_insn || w->bar_insn < w->code || w->bar_insn >= w->code + a->n_insns)
      return UINT32_MAX;
    pc = (uint32_t)(w->bar_insn - w->code);
  }
  return pc < a->n_insns && a->insns[pc].is_barrier ? pc : UINT32_MAX;
}

/* TB-level compression (004 §1.5, Fig 2.9, 2.11) of CTA slot c: when
 * every live warp of it waits at (or stands before) one barrier of one
 * function, undiverged, the warp-level bytes of those warps' live
 * registers (ctx_warp_sample + pattern vector each) in *warp_b and the
 * TB-level bytes (ctx_tb_sample_of + pattern vectors + the TB's global
 * bits) in *tb_b; predicates raw in both.  The live set is the barrier's
 * (a barrier writes no register).  false: not at one barrier. */
bool preempt_tb_level(tm_preempt *p, sm_core *sm, uint32_t c, uint64_t *warp_b, uint64_t *tb_b)
{
  const tm_func *tf = NULL;
  uint32_t bar = UINT32_MAX, n = 0;
  uint64_t m = sm->used_mask;
  while (m) {
    uint32_t s = (uint32_t)__builtin_ctzll(m);
    m &= m - 1;
    const sm_warp *sw = &sm->warps[s];
    if (sw->cta_slot != c || sw->is_functionally_done || sw->w->is_done)
      continue;
    const simt_warp *w = sw->w;
    if (!w->n_frames || (w->live & ~w->active))
      return false;
    const tm_func *f = &p->k->funcs[w->frames[w->n_frames - 1].func->index];
    if (!f->an || (tf && f != tf))
      return false;
    uint32_t pc = barrier_pc(w, f->an);
    if (pc == UINT32_MAX || (bar != UINT32_MAX && pc != bar))
      return false;
    tf = f, bar = pc;
    p->tb_frames[n] = w->regs + w->frames[w->n_frames - 1].reg_base;
    p->tb_lanes[n++] = w->live;
  }
  if (!n)
    return false;
  const an_func *a = tf->an;
  const reg_map *rm = &p->maps[tf->func->index];
  const uint64_t *set = an_set(a->live_in, a, bar);
  uint64_t preds = (uint64_t)a->insns[bar].live_in_preds * PRED_BYTES;
  uint64_t meta = ctx_pattern_vector_bytes(p->la.regs_per_thread);
  ctx_tb_sample t;
  ctx_tb_sample_of(a, rm->slot_of, set, p->tb_frames, p->tb_lanes, n, p->la.pag, p->tb_scratch,
                   &t);
  *tb_b = t.bytes_tb + n * (meta + preds) + ctx_tb_global_vector_bytes(p->la.regs_per_thread);
  *warp_b = 0;
  for (uint32_t i = 0; i < n; i++) {
    ctx_sample ws;
    ctx_warp_sample(a, rm->slot_of, set, p->tb_frames[i], p->tb_lanes[i], p->la.pag, &ws);
    *warp_b += ws.bytes_cp + meta + preds;
  }
  return true;
}

/* Under -ptxsim_preempt_poison: garbage in every register of the warp's
 * frame that the live set leaves out (2: and in its first live one). */
void preempt_poison_dead(tm_preempt *p, simt_warp *w)
{
  const tm_func *tf = NULL;
  uint32_t slots, preds;
  const uint64_t *set = preempt_live_set(p, w, &tf, &slots, &preds);
  if (!set)
    return;
  reg_map *m = &p->maps[tf->func->index];
  const an_func *a = tf->an;
  uint32_t n_s = 0, n_p = 0;
  bool is_broken = p->conf->preempt_poison == 2;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    if (m->at[r] == ISA_NONE)
      continue;
    bool is_live = an_set_has(set, r);
    if (is_live && is_broken && !a->regs[r].is_pred) {
      is_live = false; /* the deliberately broken liveness */
      is_broken = false;
    }
    if (is_live)
      continue;
    if (a->regs[r].is_pred)
      m->dead_preds[n_p++] = m->at[r];
    else
      for (uint32_t e = 0; e < m->n[r]; e++)
        m->dead_slots[n_s++] = m->at[r] + e * SIMT_WARP_SIZE;
  }
  simt_warp_poison_regs(w, m->dead_slots, n_s, m->dead_preds, n_p, POISON);
}
