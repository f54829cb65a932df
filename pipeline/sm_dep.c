/* sm_dep.c -- the registry of dependence-tracking units (sm_dep.h): one
 * line per unit, each in a file of its own (dep_<name>.c). */
#include "config.h"

#include "pipeline/sm_dep.h"

#include "pipeline/sm_registry.h"

static const sm_dep_ops *const registry[] = {
  &sm_dep_per_warp_ops,
  &sm_dep_shared_ops,
};

const sm_dep_ops *const *sm_dep_list(size_t *n_out)
{
  *n_out = PTX_ARRAY_SIZE(registry);
  return registry;
}

static const char *name_at(size_t i)
{
  return i < PTX_ARRAY_SIZE(registry) ? registry[i]->name : NULL;
}

const sm_dep_ops *sm_dep_find(const char *name, char *err, size_t errlen)
{
  long i = sm_registry_index(name_at, "scoreboard", name, err, errlen);
  return i < 0 ? NULL : registry[i];
}
