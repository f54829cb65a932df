/* bpred_gshare.c -- gshare branch prediction (-ptxsim_branch_predictor
 * gshare; 002b §A.4): one table per SM, shared by all its warps and CTAs,
 * so that every warp running the same code trains it for the others.
 *
 * The seed fixes the size (1 k bits) and leaves the rest open (§A.4
 * [UNSPEC]); the choices:
 *   - -ptxsim_gshare_bits N bits are N/2 two-bit saturating counters
 *     (0, 1: not taken; 2, 3: taken), each starting weakly not taken (1);
 *   - one global history register per SM, like the table (a per-warp one
 *     would cost a register per warp slot; warps of the same kernel run
 *     the same branches, so their interleaved outcomes stay correlated),
 *     of log2(counters) bits -- the index width, the classic gshare
 *     geometry: 1024 bits, 512 counters, 9 bits of history;
 *   - index = (pc ^ history) mod counters, pc being the branch's index in
 *     its function (instructions are not byte-addressed here, so no low
 *     bits need dropping);
 *   - a non-divergent branch trains its counter and enters the history
 *     with its outcome; a divergent one "as if the prediction was right"
 *     (the seed's rule): its counter moves towards the prediction and the
 *     history takes the predicted direction.
 * The table lives as long as its SM, which is created per launch: every
 * launch starts cold, which is what makes NW's many tiny kernels predict
 * badly (002b §A.9, Part D.12). */
#include "config.h"

#include <stdlib.h>

#include "pipeline/sm_branch.h"

typedef struct gshare {
  uint32_t mask;              /* counters - 1: also the history's bits */
  uint32_t history;           /* the last outcomes, the newest in bit 0 */
  uint8_t ctr[];              /* the counters */
} gshare;

enum { GS_WEAKLY_NOT_TAKEN = 1, GS_TAKEN_FROM = 2, GS_MAX = 3 };

static void *gshare_create(const sm_params *p, const tm_kernel *k, sm_stats *st)
{
  (void)k;
  (void)st;
  /* The configuration checks a power of two of at least 4 bits. */
  uint32_t n = p->gshare_bits >= 4 ? p->gshare_bits / 2 : 2;
  gshare *g = malloc(sizeof *g + n);
  if (!g)
    return NULL;
  g->mask = n - 1;
  g->history = 0;
  for (uint32_t i = 0; i < n; i++)
    g->ctr[i] = GS_WEAKLY_NOT_TAKEN;
  return g;
}

static void gshare_destroy(void *self)
{
  free(self);
}

static bool gshare_predict(void *self, const sm_branch_info *b)
{
  gshare *g = self;
  uint8_t *c = &g->ctr[(b->pc ^ g->history) & g->mask];
  bool is_taken = *c >= GS_TAKEN_FROM;
  bool outcome = b->is_divergent ? is_taken : b->is_taken;
  if (outcome && *c < GS_MAX)
    (*c)++;
  else if (!outcome && *c > 0)
    (*c)--;
  g->history = ((g->history << 1) | outcome) & g->mask;
  return is_taken;
}

const sm_bpred_ops sm_bpred_gshare_ops = {
  .name = "gshare",
  .doc = "one table of 2-bit counters per SM (-ptxsim_gshare_bits), indexed by PC xor a "
         "global history per SM",
  .create = gshare_create,
  .destroy = gshare_destroy,
  .predict = gshare_predict,
};
