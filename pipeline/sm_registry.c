/* sm_registry.c -- looking the SM's units up by name (sm_registry.h).
 * Nothing here is on a hot path. */
#include "config.h"

#include "pipeline/sm_registry.h"

#include <stdio.h>
#include <string.h>

#include "pipeline/sm_branch.h"
#include "pipeline/sm_dep.h"
#include "pipeline/sm_operand.h"

long sm_registry_index(sm_registry_name_fn name_at, const char *what, const char *name,
                       char *err, size_t errlen)
{
  const char *n;
  for (size_t i = 0; (n = name_at(i)) != NULL; i++)
    if (strcmp(n, name) == 0)
      return (long)i;
  if (!err || errlen == 0)
    return -1;
  int k = snprintf(err, errlen, "unknown %s '%s' (valid:", what, name);
  for (size_t i = 0; (n = name_at(i)) != NULL && k >= 0 && (size_t)k < errlen; i++)
    k += snprintf(err + k, errlen - (size_t)k, "%s %s", i ? "," : "", n);
  if (k >= 0 && (size_t)k < errlen)
    snprintf(err + k, errlen - (size_t)k, ")");
  return -1;
}

int sm_seam_check(unsigned seam, const char *name, char *err, size_t errlen)
{
  switch ((sm_seam)seam) {
  case SM_SEAM_SCOREBOARD:
    return sm_dep_find(name, err, errlen) ? 0 : -1;
  case SM_SEAM_BRANCH_PREDICTOR:
    return sm_bpred_find(name, err, errlen) ? 0 : -1;
  case SM_SEAM_REGISTER_FILE:
    return sm_operand_find(name, err, errlen) ? 0 : -1;
  case SM_SEAM_COUNT:
    break;
  }
  if (err && errlen)
    snprintf(err, errlen, "internal error: seam %u", seam);
  return -1;
}
