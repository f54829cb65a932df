/* ops_sync.c -- bar, barrier, bar.red, membar, fence, bar.warp.sync
 * (PTX ISA 9.7.13.1-4).
 *
 * Barrier arrivals are counted per warp; an explicit thread count b is
 * rounded up to whole warps (the ISA requires a multiple of the warp
 * size).  Memory fences have no effect in a model where every access is
 * performed in order as it executes.
 */
#include "config.h"

#include <stdio.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

static uint32_t first_lane(uint32_t mask)
{
  return (uint32_t)__builtin_ctz(mask);
}

static bool bar_args(simt_warp *w, const isa_insn *in, uint32_t mask, unsigned k_id,
                     uint32_t *id, uint32_t *count)
{
  uint32_t l = first_lane(mask);
  const uint64_t *ids = in->n_o > k_id ? w->r + in->o[k_id] : NULL;
  const uint64_t *counts = in->aux2 && in->n_o > k_id + 1 ? w->r + in->o[k_id + 1] : NULL;
  *id = ids ? (uint32_t)ids[l] : 0;
  *count = counts ? (uint32_t)counts[l] : 0;
  /* Synccheck: the lanes of a warp wait at one barrier, for one count. */
  /* Every lane, then the mask: a loop without branches the compiler
   * vectorises (a barrier is frequent in small-block code). */
  uint32_t differ = 0;
  if (ids)
    for (uint32_t o = 0; o < SIMT_WARP_SIZE; o++)
      differ |= (uint32_t)((uint32_t)ids[o] != *id) << o;
  if (counts)
    for (uint32_t o = 0; o < SIMT_WARP_SIZE; o++)
      differ |= (uint32_t)((uint32_t)counts[o] != *count) << o;
  differ &= mask;
  if (PTX_UNLIKELY(differ)) {
    uint32_t o = first_lane(differ);
    uint32_t id_o = ids ? (uint32_t)ids[o] : 0, count_o = counts ? (uint32_t)counts[o] : 0;
    char msg[160], a[40] = "", b[40] = "";
    if (*count || count_o) {
      snprintf(a, sizeof a, " for %u threads", *count);
      snprintf(b, sizeof b, " for %u threads", count_o);
    }
    snprintf(msg, sizeof msg,
             "lanes of warp %u wait at different barriers: lane %u at barrier %u%s, lane %u at "
             "barrier %u%s",
             w->warp_id, l, *id, a, o, id_o, b);
    simt_fault_at(w, in, o, SIMT_FAULT_OTHER, 0, 0, 0, false, msg);
    return false;
  }
  if (*id >= SIMT_N_BARRIERS) {
    simt_fault_at(w, in, l, SIMT_FAULT_OTHER, 0, 0, 0, false, "barrier id is not in 0..15");
    return false;
  }
  if (*count % SIMT_WARP_SIZE) {
    simt_fault_at(w, in, l, SIMT_FAULT_OTHER, 0, 0, 0, false,
                  "barrier thread count is not a multiple of the warp size");
    return false;
  }
  return true;
}

static void bar_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!mask)
    return;
  uint32_t id, count;
  if (bar_args(w, in, mask, 0, &id, &count) &&
      (in->aux != 0 || simt_sync_barrier(w, in, mask, id)))
    simt_barrier_arrive(w, in, id, count, in->aux == 0);
}

isa_exec_fn isa_bind_bar(isa_insn *in)
{
  /* aux: 0 sync (wait), 1 arrive; aux2: a thread count is given. */
  in->aux = isa_has(in, PTX_MOD_ARRIVE) ? 1 : 0;
  in->aux2 = in->n_o > 1;
  return bar_exec;
}

/* bar.red.op d, a{, b}, {!}c */
static void bar_red_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!mask)
    return;
  uint32_t id, count;
  if (!bar_args(w, in, mask, 1, &id, &count) || !simt_sync_barrier(w, in, mask, id))
    return;
  uint32_t pred = simt_pred(w, in, in->n_o - 1) & mask;
  /* The accumulators start fresh after each release (simt_run.c). */
  simt_barrier *b = &w->cta->bar[id];
  b->red_popc += (uint32_t)__builtin_popcount(pred);
  b->red_and = b->red_and && pred == mask;
  b->red_or = b->red_or || pred != 0;
  simt_barrier_arrive(w, in, id, count, true);
}

isa_exec_fn isa_bind_bar_red(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_POPC) ? 0 : isa_has(in, PTX_MOD_AND) ? 1 : 2;
  in->aux2 = in->n_o > 3; /* d, a, b, c */
  return bar_red_exec;
}

static void nothing(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  (void)w, (void)in, (void)mask;
}

isa_exec_fn isa_bind_membar(isa_insn *in)
{
  (void)in;
  return nothing;
}

/* bar.warp.sync membermask: the executing lanes are converged already in
 * this model; what is left is synccheck's membermask rules (a mask naming
 * lanes that have exited is allowed). */
static void bar_warp_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  (void)simt_sync_members(w, in, mask, 0);
}

isa_exec_fn isa_bind_bar_warp(isa_insn *in)
{
  (void)in;
  return bar_warp_exec;
}
