/* cfg.c -- basic blocks, dominators and post-dominators (see cfg.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "isa/cfg.h"

/* Edge lists are built in two passes (count, then fill) into one array. */
typedef struct edge_buf {
  uint32_t *all;
} edge_buf;

static void block_succ_list(const cfg_insn *insns, uint32_t n, const cfg_block *b,
                            const uint32_t *block_of, uint32_t *out, uint32_t *n_out)
{
  const cfg_insn *last = &insns[b->last];
  uint32_t k = 0;
  switch (last->flow) {
  case CFG_FALL:
    if (b->last + 1 < n)
      out[k++] = block_of[b->last + 1];
    break;
  case CFG_JUMP:
    out[k++] = block_of[last->targets[0]];
    break;
  case CFG_COND:
    out[k++] = block_of[last->targets[0]];
    if (b->last + 1 < n && block_of[b->last + 1] != out[0])
      out[k++] = block_of[b->last + 1];
    break;
  case CFG_MULTI:
    for (uint32_t t = 0; t < last->n_targets; t++) {
      uint32_t s = block_of[last->targets[t]];
      bool dup = false;
      for (uint32_t j = 0; j < k; j++)
        dup |= out[j] == s;
      if (!dup)
        out[k++] = s;
    }
    break;
  default:
    break;
  }
  *n_out = k;
}

/* Depth-first post-order over succs (forward) or preds (reverse) from the
 * given roots; iterative so deep graphs do not overflow the C stack.
 * work holds 2 * (n_blocks + 1) entries; nothing is allocated, so calling
 * it once per block that reaches no exit stays linear. */
static uint32_t post_order(const cfg *g, bool reverse, const uint32_t *roots, uint32_t n_roots,
                           uint32_t *order, uint8_t *seen, uint32_t *work)
{
  uint32_t nb = g->n_blocks, n = 0;
  uint32_t *stack = work, *next = work + nb + 1;
  for (uint32_t r = 0; r < n_roots; r++) {
    if (seen[roots[r]])
      continue;
    uint32_t sp = 0;
    stack[sp++] = roots[r];
    next[roots[r]] = 0;
    seen[roots[r]] = 1;
    while (sp) {
      uint32_t b = stack[sp - 1];
      const cfg_block *blk = &g->blocks[b];
      uint32_t cnt = reverse ? blk->n_preds : blk->n_succs;
      const uint32_t *adj = reverse ? blk->preds : blk->succs;
      if (next[b] < cnt) {
        uint32_t s = adj[next[b]++];
        if (!seen[s]) {
          seen[s] = 1;
          next[s] = 0;
          stack[sp++] = s;
        }
      } else {
        order[n++] = b;
        sp--;
      }
    }
  }
  return n;
}

/* Cooper-Harvey-Kennedy.  dom[] is indexed by block; the virtual root has
 * index nb.  rpo_num[b] is b's position in reverse post-order. */
static void solve_doms(const cfg *g, bool reverse, const uint32_t *order, uint32_t n_order,
                       uint32_t *dom, uint32_t *rpo_num)
{
  uint32_t nb = g->n_blocks, root = nb;
  for (uint32_t i = 0; i <= nb; i++)
    dom[i] = UINT32_MAX;
  rpo_num[root] = 0;
  for (uint32_t i = 0; i < n_order; i++)
    rpo_num[order[n_order - 1 - i]] = i + 1;
  dom[root] = root;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t i = n_order; i-- > 0;) {
      uint32_t b = order[i];
      const cfg_block *blk = &g->blocks[b];
      /* Predecessors in the graph being dominated: for post-dominators
       * those are the forward successors, plus the root for exit blocks. */
      uint32_t cnt = reverse ? blk->n_succs : blk->n_preds;
      const uint32_t *adj = reverse ? blk->succs : blk->preds;
      uint32_t nd = UINT32_MAX;
      bool from_root = reverse ? blk->is_exit : b == 0;
      if (from_root)
        nd = root;
      for (uint32_t k = 0; k < cnt; k++) {
        uint32_t p = adj[k];
        if (dom[p] == UINT32_MAX)
          continue;
        if (nd == UINT32_MAX) {
          nd = p;
          continue;
        }
        uint32_t x = p, y = nd;
        while (x != y) {
          while (rpo_num[x] > rpo_num[y])
            x = dom[x];
          while (rpo_num[y] > rpo_num[x])
            y = dom[y];
        }
        nd = x;
      }
      if (nd != UINT32_MAX && dom[b] != nd) {
        dom[b] = nd;
        changed = true;
      }
    }
  }
}

/* Numbers the dominator tree depth-first (pre- and post-order) so that
 * cfg_dominates is two comparisons instead of a walk up the tree, which
 * made loop detection quadratic in long chains of blocks.  scratch holds
 * 2 * (n_blocks + 1) entries. */
static int dom_intervals(cfg *g, uint32_t *scratch)
{
  uint32_t nb = g->n_blocks;
  /* Children lists by counting sort of idom: first[p]..first[p+1]. */
  uint32_t *first = calloc(nb + 2, sizeof *first);
  uint32_t *child = malloc(sizeof *child * (nb + 1));
  uint32_t *stack = scratch, *next = scratch + nb + 1;
  if (!first || !child) {
    free(first), free(child);
    return PTX_ENOMEM;
  }
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t p = g->blocks[b].idom;
    if (p != UINT32_MAX && p != b)
      first[p + 2]++;
  }
  for (uint32_t p = 0; p < nb; p++)
    first[p + 2] += first[p + 1];
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t p = g->blocks[b].idom;
    if (p != UINT32_MAX && p != b)
      child[first[p + 1]++] = b;
  }
  /* Now first[p]..first[p+1] are p's children. */
  uint32_t clock = 0;
  for (uint32_t r = 0; r < nb; r++) {
    if (g->blocks[r].idom != r)
      continue; /* only the entry is its own dominator */
    uint32_t sp = 0;
    stack[sp++] = r;
    next[r] = first[r];
    g->blocks[r].dom_pre = clock++;
    while (sp) {
      uint32_t b = stack[sp - 1];
      if (next[b] < first[b + 1]) {
        uint32_t c = child[next[b]++];
        g->blocks[c].dom_pre = clock++;
        next[c] = first[c];
        stack[sp++] = c;
      } else {
        g->blocks[b].dom_post = clock++;
        sp--;
      }
    }
  }
  free(first), free(child);
  return 0;
}

int cfg_build(const cfg_insn *insns, uint32_t n, cfg *g)
{
  memset(g, 0, sizeof *g);
  g->n_insns = n;
  if (n == 0)
    return 0;
  uint8_t *leader = calloc(n, 1);
  g->block_of = malloc(sizeof *g->block_of * n);
  if (!leader || !g->block_of)
    goto nomem;
  leader[0] = 1;
  for (uint32_t i = 0; i < n; i++) {
    const cfg_insn *c = &insns[i];
    if (c->flow != CFG_FALL && i + 1 < n)
      leader[i + 1] = 1;
    if (c->flow == CFG_JUMP || c->flow == CFG_COND || c->flow == CFG_MULTI)
      for (uint32_t t = 0; t < c->n_targets; t++)
        if (c->targets[t] < n)
          leader[c->targets[t]] = 1;
  }
  uint32_t nb = 0;
  for (uint32_t i = 0; i < n; i++)
    nb += leader[i];
  g->blocks = calloc(nb, sizeof *g->blocks);
  if (!g->blocks)
    goto nomem;
  g->n_blocks = nb;
  uint32_t b = UINT32_MAX;
  for (uint32_t i = 0; i < n; i++) {
    if (leader[i]) {
      b = b + 1;
      g->blocks[b].first = i;
    }
    g->blocks[b].last = i;
    g->block_of[i] = b;
  }
  free(leader);
  leader = NULL;

  /* Successors, then predecessors from them. */
  uint32_t max_targets = 2;
  for (uint32_t i = 0; i < n; i++)
    if (insns[i].n_targets > max_targets)
      max_targets = insns[i].n_targets;
  uint32_t *tmp = malloc(sizeof *tmp * (max_targets + 1));
  if (!tmp)
    goto nomem;
  for (uint32_t k = 0; k < nb; k++) {
    cfg_block *blk = &g->blocks[k];
    uint32_t cnt;
    block_succ_list(insns, n, blk, g->block_of, tmp, &cnt);
    blk->is_exit = insns[blk->last].flow == CFG_END ||
                   (insns[blk->last].flow == CFG_FALL && blk->last + 1 == n);
    blk->succs = malloc(sizeof *blk->succs * (cnt ? cnt : 1));
    if (!blk->succs) {
      free(tmp);
      goto nomem;
    }
    memcpy(blk->succs, tmp, sizeof *tmp * cnt);
    blk->n_succs = cnt;
    for (uint32_t s = 0; s < cnt; s++)
      g->blocks[tmp[s]].n_preds++;
  }
  free(tmp);
  for (uint32_t k = 0; k < nb; k++) {
    g->blocks[k].preds = malloc(sizeof(uint32_t) * (g->blocks[k].n_preds ? g->blocks[k].n_preds : 1));
    if (!g->blocks[k].preds)
      goto nomem;
    g->blocks[k].n_preds = 0;
  }
  for (uint32_t k = 0; k < nb; k++)
    for (uint32_t s = 0; s < g->blocks[k].n_succs; s++) {
      cfg_block *t = &g->blocks[g->blocks[k].succs[s]];
      t->preds[t->n_preds++] = k;
    }

  uint32_t *order = malloc(sizeof *order * (nb + 1));
  uint32_t *dom = malloc(sizeof *dom * (nb + 1));
  uint32_t *rpo = malloc(sizeof *rpo * (nb + 1));
  uint8_t *seen = calloc(nb + 1, 1);
  uint32_t *roots = calloc(nb + 1, sizeof *roots);
  uint32_t *work = malloc(sizeof *work * 2 * ((size_t)nb + 1));
  if (!order || !dom || !rpo || !seen || !roots || !work) {
    free(order), free(dom), free(rpo), free(seen), free(roots), free(work);
    goto nomem;
  }
  /* Dominators from the entry. */
  uint32_t root0 = 0;
  uint32_t no = post_order(g, false, &root0, 1, order, seen, work);
  /* The forward solver treats block 0 as fed by the root. */
  solve_doms(g, false, order, no, dom, rpo);
  for (uint32_t k = 0; k < nb; k++)
    g->blocks[k].idom = dom[k] == nb ? k : dom[k];

  if (dom_intervals(g, work)) {
    free(order), free(dom), free(rpo), free(seen), free(roots), free(work);
    goto nomem;
  }

  /* Post-dominators: roots are exit blocks; blocks that reach no exit
   * (infinite loops) are treated as exits too, so each gets an answer. */
  memset(seen, 0, nb + 1);
  uint32_t nr = 0;
  for (uint32_t k = 0; k < nb; k++)
    if (g->blocks[k].is_exit)
      roots[nr++] = k;
  no = post_order(g, true, roots, nr, order, seen, work);
  for (uint32_t k = nb; k-- > 0;)
    if (!seen[k]) {
      g->blocks[k].is_exit = true; /* feeds the virtual exit */
      uint32_t one = k;
      no += post_order(g, true, &one, 1, order + no, seen, work);
    }
  solve_doms(g, true, order, no, dom, rpo);
  for (uint32_t k = 0; k < nb; k++)
    g->blocks[k].ipdom = (dom[k] == nb || dom[k] == UINT32_MAX) ? CFG_EXIT : dom[k];
  free(order), free(dom), free(rpo), free(seen), free(roots), free(work);
  return 0;

nomem:
  free(leader);
  cfg_free(g);
  return PTX_ENOMEM;
}

void cfg_free(cfg *g)
{
  if (g->blocks)
    for (uint32_t k = 0; k < g->n_blocks; k++) {
      free(g->blocks[k].succs);
      free(g->blocks[k].preds);
    }
  free(g->blocks);
  free(g->block_of);
  memset(g, 0, sizeof *g);
}

uint32_t cfg_reconv_insn(const cfg *g, uint32_t block)
{
  uint32_t p = g->blocks[block].ipdom;
  return p == CFG_EXIT ? CFG_EXIT : g->blocks[p].first;
}
