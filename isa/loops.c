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

static int cmp_loop(const void *x, const void *y)
{
  const an_loop *a = x, *b = y;
  if (a->n_blocks != b->n_blocks)
    return a->n_blocks > b->n_blocks ? -1 : 1;
  return a->header < b->header ? -1 : a->header > b->header;
}

static int cmp_u32(const void *x, const void *y)
{
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

/* Collects the body of the loop headed by h into body (returns its size):
 * the blocks that reach a back edge's source without passing h.  mark[b]
 * == stamp means "in the body", so no clearing is needed between loops. */
static uint32_t loop_body(const cfg *g, uint32_t h, uint32_t *mark, uint32_t stamp, uint32_t *body)
{
  uint32_t size = 0, done = 0;
  mark[h] = stamp;
  body[size++] = h;
  for (uint32_t k = 0; k < g->blocks[h].n_preds; k++) {
    uint32_t t = g->blocks[h].preds[k];
    if (cfg_dominates(g, h, t) && mark[t] != stamp) {
      mark[t] = stamp;
      body[size++] = t;
    }
  }
  done = 1; /* the header's predecessors are outside the loop */
  while (done < size) {
    uint32_t b = body[done++];
    for (uint32_t k = 0; k < g->blocks[b].n_preds; k++) {
      uint32_t p = g->blocks[b].preds[k];
      if (mark[p] != stamp && g->blocks[p].idom != UINT32_MAX) {
        mark[p] = stamp;
        body[size++] = p;
      }
    }
  }
  return size;
}

int an_loops(an_func *a)
{
  const cfg *g = &a->g;
  uint32_t nb = g->n_blocks;
  uint32_t *mark = calloc(nb ? nb : 1, sizeof *mark);
  uint32_t *body = malloc(sizeof *body * (nb ? nb : 1));
  uint32_t cap = 0;
  int rc = mark && body ? 0 : PTX_ENOMEM;
  for (uint32_t h = 0; !rc && h < nb; h++) {
    if (g->blocks[h].idom == UINT32_MAX)
      continue; /* unreachable */
    bool is_header = false;
    for (uint32_t k = 0; k < g->blocks[h].n_preds && !is_header; k++)
      is_header = cfg_dominates(g, h, g->blocks[h].preds[k]);
    if (!is_header)
      continue;
    uint32_t size = loop_body(g, h, mark, h + 1, body);
    uint32_t *blocks = malloc(sizeof *blocks * size);
    if (a->n_loops == cap) {
      uint32_t c = cap ? 2 * cap : 8;
      an_loop *loops = realloc(a->loops, sizeof *loops * c);
      if (loops)
        a->loops = loops, cap = c;
    }
    if (a->n_loops == cap || !blocks) {
      free(blocks);
      rc = PTX_ENOMEM;
      break;
    }
    memcpy(blocks, body, sizeof *blocks * size);
    qsort(blocks, size, sizeof *blocks, cmp_u32);
    a->loops[a->n_loops++] = (an_loop){.header = h, .parent = AN_NONE, .n_blocks = size,
                                       .blocks = blocks, .is_innermost = true};
  }
  free(body);
  if (rc) {
    free(mark);
    return rc;
  }
  if (a->n_loops)
    qsort(a->loops, a->n_loops, sizeof *a->loops, cmp_loop);
  /* Natural loops are nested or disjoint, and a loop has more blocks than
   * those it contains: outer loops come first, and the innermost loop
   * seen so far that holds a header is its parent.  mark[b] becomes the
   * innermost loop holding b (plus one; 0: none). */
  memset(mark, 0, sizeof *mark * (nb ? nb : 1));
  for (uint32_t j = 0; j < a->n_loops; j++) {
    an_loop *l = &a->loops[j];
    uint32_t owner = mark[l->header];
    if (owner) {
      l->parent = owner - 1;
      a->loops[owner - 1].is_innermost = false;
    }
    l->depth = l->parent == AN_NONE ? 1 : a->loops[l->parent].depth + 1;
    for (uint32_t k = 0; k < l->n_blocks; k++) {
      const cfg_block *blk = &g->blocks[l->blocks[k]];
      mark[l->blocks[k]] = j + 1;
      for (uint32_t i = blk->first; i <= blk->last; i++) {
        a->insns[i].loop = j; /* later loops are inner ones */
        a->insns[i].loop_depth = l->depth;
        l->n_barriers += a->insns[i].is_barrier;
      }
    }
  }
  free(mark);
  return 0;
}
