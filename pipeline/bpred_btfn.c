/* bpred_btfn.c -- static branch prediction, backward taken, forward not
 * taken (-ptxsim_branch_predictor btfn; 002b §A.4 "static"): a branch to
 * the same or a lower PC (a loop's back edge) is predicted taken, any
 * other not taken.  The hardware is an adder and a comparator on the
 * target fetch computes anyway: no state, no tables. */
#include "config.h"

#include "pipeline/sm_branch.h"

static bool btfn_predict(void *self, const sm_branch_info *b)
{
  (void)self;
  /* A branch to itself is a loop too (a spin on a flag). */
  return b->target <= b->pc;
}

const sm_bpred_ops sm_bpred_btfn_ops = {
  .name = "btfn",
  .doc = "static: backward branches taken, forward ones not taken",
  .predict = btfn_predict,
};
