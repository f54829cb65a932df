/* sm_branch.c -- the registry of branch predictors (see sm_branch.h) and
 * `none`.  A predictor is a file of its own (bpred_<name>.c) plus one line
 * in the table.  What the branch unit does at issue with a predictor is
 * sm_branch_unit.c. */
#include "config.h"

#include "pipeline/sm_branch.h"

#include "pipeline/sm_registry.h"

/* No prediction: fetch goes on sequentially; no state, no hook. */
static const sm_bpred_ops none_ops = {
  .name = "none",
  .doc = "no prediction: a warp's fetch waits for each taken branch's resolution",
};

static const sm_bpred_ops *const registry[] = {
  &none_ops,
  &sm_bpred_btfn_ops,
  &sm_bpred_gshare_ops,
  &sm_bpred_perfect_ops,
};

const sm_bpred_ops *const *sm_bpred_list(size_t *n_out)
{
  *n_out = PTX_ARRAY_SIZE(registry);
  return registry;
}

static const char *name_at(size_t i)
{
  return i < PTX_ARRAY_SIZE(registry) ? registry[i]->name : NULL;
}

const sm_bpred_ops *sm_bpred_find(const char *name, char *err, size_t errlen)
{
  long i = sm_registry_index(name_at, "branch predictor", name, err, errlen);
  return i < 0 ? NULL : registry[i];
}
