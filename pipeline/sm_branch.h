/* sm_branch.h -- the branch unit: resolving control transfers and
 * redirecting fetch, with a branch predictor chosen by name.
 *
 * The timing model is execution-driven: the functional core executes a
 * branch when it issues, so its outcome (the record: taken lanes, where
 * the warp goes on) is exact at issue.  After each issued instruction the
 * branch unit (sm_branch_resolve, inline in sm_int.h; sm_branch.c) asks
 * whether the warp's fetch went the right way:
 *   - an instruction the warp leaves sequentially, with no predictor
 *     involved: yes, the instruction buffer goes on;
 *   - any other redirect (the warp leaves for elsewhere: a taken branch, a
 *     call or return, a reconvergence point): no, unless it is a branch
 *     (tm_insn kind TM_KIND_CTRL) and the predictor says its prediction
 *     steered fetch there;
 *   - a branch the warp falls through: the predictor may say that fetch
 *     went to the target instead (a misprediction).
 * Fetch that went the wrong way is redirected: the instruction buffer is
 * refilled branch_latency cycles after the branch's issue cycle plus one,
 * through the fetch port (sm_fetch.h).  Fetch that went the right way
 * costs nothing more than sequential fetch: 002b §A.4 computes the target
 * within the fetch window, so a correctly predicted branch has no hazard.
 *
 * Predictors (-ptxsim_branch_predictor; the registry is sm_branch.c):
 *   none     no prediction: fetch goes on sequentially, so every redirect
 *            waits for the branch's resolution (today's and GPGPU-Sim's
 *            model).
 * Issue 15 adds btfn (backward taken, forward not taken), gshare (one
 * table per SM, 002b §A.4) and perfect, each a file bpred_<name>.c.
 */
#ifndef PTXSIM_PIPELINE_SM_BRANCH_H
#define PTXSIM_PIPELINE_SM_BRANCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/simt.h"
#include "pipeline/sm_core.h"
#include "pipeline/tm_kernel.h"

/* A branch as its predictor learns of it, at its issue. */
typedef struct sm_branch_info {
  uint32_t slot;              /* the warp's slot in its SM */
  const tm_insn *t;           /* the branch's timing view (TM_KIND_CTRL) */
  const simt_record *rec;     /* what it did: rec->insn (its target),
                                 rec->pc, the masks, rec->next_pc where
                                 the warp goes on */
  bool is_redirected;         /* the warp goes on elsewhere than rec->pc + 1 */
  uint64_t now;               /* its issue cycle */
} sm_branch_info;

struct sm_bpred_ops {
  const char *name;           /* the -ptxsim_branch_predictor value */
  const char *doc;            /* one line */
  /* State for the warp slots of one SM running k; NULL when out of
   * memory.  NULL create: the predictor keeps no state. */
  void *(*create)(const sm_params *p, const tm_kernel *k, sm_stats *st);
  void (*destroy)(void *self);
  /* A new warp takes slot (NULL: nothing to forget). */
  void (*warp_reset)(void *self, uint32_t slot);
  /* Predicts b's branch as fetch would have when it fetched it, learns
   * its outcome (updates its tables) and returns whether fetch went where
   * the warp goes on.  NULL: no prediction (fetch went on sequentially,
   * so it went right exactly when b is not redirected). */
  bool (*predict)(void *self, const sm_branch_info *b);
};

/* The predictor called name, or NULL with "unknown branch predictor 'x'
 * (valid: none)" in err (err may be NULL). */
const sm_bpred_ops *sm_bpred_find(const char *name, char *err, size_t errlen);
/* The registered predictors, in registry order (n_out receives the count). */
const sm_bpred_ops *const *sm_bpred_list(size_t *n_out);

#endif /* PTXSIM_PIPELINE_SM_BRANCH_H */
