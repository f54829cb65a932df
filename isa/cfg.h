/* cfg.h -- control-flow graph of one function: basic blocks, edges, and
 * immediate post-dominators (the SIMT reconvergence points).
 *
 * The graph is built from a neutral description of each instruction's
 * successors, so the decoder, the analyses and the tests can all build
 * one.  Post-dominators are computed on the reverse graph with a virtual
 * exit node that every ret/exit/trap block (and, so that infinite loops
 * still get an answer, every block that cannot reach an exit) feeds.
 * Algorithm: Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
 * Algorithm" (2001), iterating in reverse post-order of the reverse graph.
 */
#ifndef PTXSIM_ISA_CFG_H
#define PTXSIM_ISA_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

/* How control leaves one instruction. */
typedef enum cfg_flow {
  CFG_FALL,      /* to the next instruction */
  CFG_JUMP,      /* unconditionally to targets[0] */
  CFG_COND,      /* to targets[0] or the next instruction */
  CFG_MULTI,     /* to any of targets[0..n_targets) (brx.idx) */
  CFG_END        /* ret, exit, trap: leaves the function */
} cfg_flow;

typedef struct cfg_insn {
  uint8_t flow;         /* cfg_flow */
  uint32_t n_targets;
  const uint32_t *targets; /* instruction indices */
} cfg_insn;

enum { CFG_EXIT = UINT32_MAX }; /* the virtual exit block */

typedef struct cfg_block {
  uint32_t first, last;     /* instruction range, inclusive */
  uint32_t n_succs, n_preds;
  uint32_t *succs, *preds;  /* block indices (no CFG_EXIT entries) */
  bool is_exit;             /* leaves the function */
  uint32_t ipdom;           /* block index, or CFG_EXIT */
  uint32_t idom;            /* immediate dominator; the entry's is itself;
                               UINT32_MAX when unreachable */
  uint32_t dom_pre, dom_post; /* interval of its subtree in the dominator
                                 tree (cfg_dominates) */
} cfg_block;

typedef struct cfg {
  uint32_t n_insns, n_blocks;
  cfg_block *blocks;
  uint32_t *block_of;       /* instruction index -> block index */
} cfg;

/* Builds the graph and its dominator trees; PTX_ENOMEM on failure. */
int cfg_build(const cfg_insn *insns, uint32_t n, cfg *out) PTX_MUST_CHECK;
void cfg_free(cfg *g);

/* The graph of a function of the module IR: bra to its label (guarded:
 * conditional), brx.idx to its .branchtargets, unguarded ret/exit/trap
 * leave; what the decoder and the analyses both use. */
typedef struct ptx_func ptx_func;
int cfg_build_ir(const ptx_func *fn, cfg *out) PTX_MUST_CHECK;

/* Does block d dominate block b (both reachable)?  Constant time: d's
 * dominator-tree interval holds b's. */
static inline bool cfg_dominates(const cfg *g, uint32_t d, uint32_t b)
{
  const cfg_block *x = &g->blocks[d], *y = &g->blocks[b];
  return x->idom != UINT32_MAX && y->idom != UINT32_MAX && x->dom_pre <= y->dom_pre &&
         y->dom_post <= x->dom_post;
}

/* The reconvergence point of the branch ending block b: the first
 * instruction of its immediate post-dominator, or CFG_EXIT. */
uint32_t cfg_reconv_insn(const cfg *g, uint32_t block);

#endif /* PTXSIM_ISA_CFG_H */
