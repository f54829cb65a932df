/* preempt_points.c -- where a kernel may be preempted (section 1.6 of
 * 004-preemption-liveness.md; the rules are in analysis.h).  A barrier is
 * preferred because a warp stopped anywhere else in a loop with a barrier
 * could leave the others waiting at that barrier: a deadlock.  The same
 * deadlock threatens a plain pp in a barrier-free inner loop nested in a
 * loop with barriers (nbody_step's tile loop), or in a window outside
 * loops: there the barriers become wait points (analysis.h). */
#include "config.h"

#include <stdlib.h>

#include "isa/analysis.h"

typedef struct pp_pick {
  uint32_t best, best_barrier;
} pp_pick;

static bool fewer_live(const an_func *a, uint32_t x, uint32_t than)
{
  return than == AN_NONE || a->insns[x].live_in_slots < a->insns[than].live_in_slots;
}

static void consider(const an_func *a, pp_pick *p, uint32_t i)
{
  if (fewer_live(a, i, p->best))
    p->best = i;
  if (a->insns[i].is_barrier && fewer_live(a, i, p->best_barrier))
    p->best_barrier = i;
}

static int add_point(an_func *a, pp_pick p, uint32_t loop)
{
  uint32_t at = p.best_barrier != AN_NONE ? p.best_barrier : p.best;
  if (at == AN_NONE || a->insns[at].is_preemption_point)
    return 0;
  a->pps[a->n_pps++] = (an_preemption_point){at, loop, a->insns[at].is_barrier, false};
  a->insns[at].is_preemption_point = true;
  return 0;
}

static int cmp_pp(const void *x, const void *y)
{
  uint32_t a = ((const an_preemption_point *)x)->insn, b = ((const an_preemption_point *)y)->insn;
  return a < b ? -1 : a > b;
}

int an_preemption_points(an_func *a, uint32_t k)
{
  if (!k)
    k = AN_DEFAULT_PP_INTERVAL;
  /* At most one point per loop and per window: allocated once (growing
   * by one per point was quadratic copying in long functions). */
  uint32_t n_barriers = 0;
  for (uint32_t i = 0; i < a->n_insns; i++)
    n_barriers += a->insns[i].is_barrier;
  uint64_t cap = (uint64_t)a->n_loops + a->n_insns / k + 2 + n_barriers;
  an_preemption_point *pps = realloc(a->pps, sizeof *pps * (a->n_pps + cap));
  if (!pps)
    return PTX_ENOMEM;
  a->pps = pps;
  int rc = 0;
  for (uint32_t l = 0; !rc && l < a->n_loops; l++) {
    const an_loop *loop = &a->loops[l];
    if (!loop->is_innermost)
      continue;
    pp_pick p = {AN_NONE, AN_NONE};
    for (uint32_t j = 0; j < loop->n_blocks; j++) {
      const cfg_block *blk = &a->g.blocks[loop->blocks[j]];
      for (uint32_t i = blk->first; i <= blk->last; i++)
        consider(a, &p, i);
    }
    rc = add_point(a, p, l);
  }
  /* Outside loops: windows of k instructions in program order. */
  pp_pick p = {AN_NONE, AN_NONE};
  uint32_t in_window = 0;
  for (uint32_t i = 0; !rc && i < a->n_insns; i++) {
    if (a->insns[i].loop != AN_NONE)
      continue;
    consider(a, &p, i);
    if (++in_window == k) {
      rc = add_point(a, p, AN_NONE);
      p = (pp_pick){AN_NONE, AN_NONE};
      in_window = 0;
    }
  }
  if (!rc && in_window && p.best_barrier != AN_NONE)
    rc = add_point(a, p, AN_NONE);
  /* Barrier-wait points (analysis.h): with a warp held at a plain pp, a
   * warp of its TB may block at any barrier it reaches before its own next
   * point and would wait there for ever; so each barrier becomes a bar.pp
   * too, and a warp waiting there is preempted there. */
  bool has_plain = false;
  for (uint32_t q = 0; q < a->n_pps; q++)
    has_plain |= !a->pps[q].is_barrier;
  for (uint32_t i = 0; !rc && has_plain && i < a->n_insns; i++)
    if (a->insns[i].is_barrier && !a->insns[i].is_preemption_point) {
      a->pps[a->n_pps++] = (an_preemption_point){i, AN_NONE, true, true};
      a->insns[i].is_preemption_point = true;
    }
  if (a->n_pps)
    qsort(a->pps, a->n_pps, sizeof *a->pps, cmp_pp);
  return rc;
}

uint64_t an_pp_vector(const an_func *a, const uint64_t *set)
{
  uint64_t v = 0;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    if (a->regs[r].is_pred || !an_set_has(set, r) || !a->reg_phys ||
        a->reg_phys[r] == AN_NONE)
      continue;
    for (uint32_t s = 0; s < a->regs[r].slots; s++) {
      uint32_t b = a->reg_phys[r] + s;
      v |= b < AN_PP_VECTOR_BITS ? UINT64_C(1) << b : UINT64_C(1) << AN_PP_OVERFLOW_BIT;
    }
  }
  return v;
}
