/* loops.c -- natural loops: for every back edge t -> h (h dominates t), the
 * blocks that reach t without passing through h, merged per header.  In a
 * reducible graph two such loops are disjoint or nested, so sorting them by
 * size gives every loop after the loops that contain it.  Retreating edges
 * to a block that does not dominate their source (irreducible flow, which
 * nvcc does not emit) form no loop. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/analysis.h"

static bool dominates(const cfg *g, uint32_t d, uint32_t b)
{
  for (uint32_t steps = 0; steps <= g->n_blocks; steps++) {
    if (b == d)
      return true;
    uint32_t up = g->blocks[b].idom;
    if (up == UINT32_MAX || up == b)
      return false;
    b = up;
  }
  return false;
}

static int cmp_loop(const void *x, const void *y)
{
  const an_loop *a = x, *b = y;
  if (a->n_blocks != b->n_blocks)
    return a->n_blocks > b->n_blocks ? -1 : 1;
  return a->header < b->header ? -1 : a->header > b->header;
}

static bool loop_has(const an_loop *l, uint32_t blk)
{
  uint32_t lo = 0, hi = l->n_blocks;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (l->blocks[mid] == blk)
      return true;
    if (l->blocks[mid] < blk)
      lo = mid + 1;
    else
      hi = mid;
  }
  return false;
}

/* Collects the body of the loop headed by h in mark (1 = in the loop). */
static uint32_t loop_body(const cfg *g, uint32_t h, uint8_t *mark, uint32_t *work)
{
  uint32_t nb = g->n_blocks, n_work = 0, size = 1;
  memset(mark, 0, nb);
  mark[h] = 1;
  for (uint32_t k = 0; k < g->blocks[h].n_preds; k++) {
    uint32_t t = g->blocks[h].preds[k];
    if (dominates(g, h, t) && !mark[t]) {
      mark[t] = 1, size++;
      work[n_work++] = t;
    }
  }
  while (n_work) {
    uint32_t b = work[--n_work];
    for (uint32_t k = 0; k < g->blocks[b].n_preds; k++) {
      uint32_t p = g->blocks[b].preds[k];
      if (!mark[p] && g->blocks[p].idom != UINT32_MAX) {
        mark[p] = 1, size++;
        work[n_work++] = p;
      }
    }
  }
  return size;
}

int an_loops(an_func *a)
{
  const cfg *g = &a->g;
  uint32_t nb = g->n_blocks;
  uint8_t *mark = malloc(nb ? nb : 1);
  uint32_t *work = malloc(sizeof *work * (nb ? nb : 1));
  int rc = mark && work ? 0 : PTX_ENOMEM;
  for (uint32_t h = 0; !rc && h < nb; h++) {
    if (g->blocks[h].idom == UINT32_MAX)
      continue; /* unreachable */
    bool is_header = false;
    for (uint32_t k = 0; k < g->blocks[h].n_preds; k++)
      is_header |= g->blocks[g->blocks[h].preds[k]].idom != UINT32_MAX &&
                   dominates(g, h, g->blocks[h].preds[k]);
    if (!is_header)
      continue;
    uint32_t size = loop_body(g, h, mark, work);
    an_loop *loops = realloc(a->loops, sizeof *loops * (a->n_loops + 1));
    uint32_t *blocks = malloc(sizeof *blocks * size);
    if (!loops || !blocks) {
      if (loops)
        a->loops = loops;
      free(blocks);
      rc = PTX_ENOMEM;
      break;
    }
    a->loops = loops;
    uint32_t n = 0;
    for (uint32_t b = 0; b < nb; b++)
      if (mark[b])
        blocks[n++] = b;
    a->loops[a->n_loops++] = (an_loop){.header = h, .parent = AN_NONE, .n_blocks = n,
                                       .blocks = blocks, .is_innermost = true};
  }
  free(mark);
  free(work);
  if (rc)
    return rc;
  if (a->n_loops)
    qsort(a->loops, a->n_loops, sizeof *a->loops, cmp_loop);
  for (uint32_t j = 0; j < a->n_loops; j++) {
    an_loop *l = &a->loops[j];
    for (uint32_t i = j; i-- > 0;)
      if (loop_has(&a->loops[i], l->header)) {
        l->parent = i;
        a->loops[i].is_innermost = false;
        break;
      }
    l->depth = l->parent == AN_NONE ? 1 : a->loops[l->parent].depth + 1;
    for (uint32_t k = 0; k < l->n_blocks; k++) {
      const cfg_block *blk = &g->blocks[l->blocks[k]];
      for (uint32_t i = blk->first; i <= blk->last; i++) {
        a->insns[i].loop = j; /* later loops are inner ones */
        a->insns[i].loop_depth = l->depth;
        l->n_barriers += a->insns[i].is_barrier;
      }
    }
  }
  return 0;
}
