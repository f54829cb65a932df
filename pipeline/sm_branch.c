/* sm_branch.c -- the branch unit (see sm_branch.h): the registry of branch
 * predictors and the call of the SM's predictor.  The resolution after
 * every issue (sm_branch_resolve) is inline in sm_int.h, so that "none"
 * costs one test per issued instruction.  A predictor is a file of its own
 * (bpred_<name>.c) plus one line in the table. */
#include "config.h"

#include "pipeline/sm_branch.h"

#include "pipeline/sm_int.h"
#include "pipeline/sm_registry.h"

/* No prediction: fetch goes on sequentially; no state, no hook. */
static const sm_bpred_ops none_ops = {
  .name = "none",
  .doc = "no prediction: a warp's fetch waits for each taken branch's resolution",
};

static const sm_bpred_ops *const registry[] = {
  &none_ops,
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

bool sm_branch_predict(sm_core *sm, sm_warp *sw, const tm_insn *t, const simt_record *rec,
                       bool is_redirected, uint64_t now)
{
  sm_branch_info b = {.slot = sw->slot, .t = t, .rec = rec, .is_redirected = is_redirected,
                      .now = now};
  return sm->bpred_ops->predict(sm->bpred, &b);
}
