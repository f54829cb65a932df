/* bpred_perfect.c -- perfect branch prediction (-ptxsim_branch_predictor
 * perfect; 002b §A.4's reference): fetch always takes the direction the
 * branch goes, which the execution-driven model knows at issue. */
#include "config.h"

#include "pipeline/sm_branch.h"

static bool perfect_predict(void *self, const sm_branch_info *b)
{
  (void)self;
  return b->is_taken;
}

const sm_bpred_ops sm_bpred_perfect_ops = {
  .name = "perfect",
  .doc = "never wrong: the reference for the other predictors",
  .predict = perfect_predict,
};
