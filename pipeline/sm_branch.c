/* sm_branch.c -- the branch unit (see sm_branch.h): resolution of control
 * transfers at issue, fetch redirects, and the registry of branch
 * predictors.  A predictor is a file of its own (bpred_<name>.c) plus one
 * line in the table. */
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

void sm_branch_resolve(sm_core *sm, sm_warp *sw, const tm_insn *t, const simt_record *rec,
                       uint64_t now)
{
  /* Leaving the function (call, return) is a redirect too. */
  bool is_redirected = rec->next_pc != rec->pc + 1 || sw->w->code != rec->insn->func->insns;
  bool is_fetch_right = !is_redirected;
  if (t->kind == TM_KIND_CTRL && sm->bpred_ops->predict) {
    sm_branch_info b = {.slot = sw->slot, .t = t, .rec = rec, .is_redirected = is_redirected,
                        .now = now};
    is_fetch_right = sm->bpred_ops->predict(sm->bpred, &b);
  }
  if (is_fetch_right)
    sm_fetch_advance(sm, sw, now);
  else
    sm_fetch_redirect(sm, sw, now + 1 + sm->p->branch_latency);
}
