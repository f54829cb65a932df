/* tm_area.c -- the area model of 002b §A.5 (see tm_area.h).  Called once
 * per launch, never per cycle. */
#include "config.h"

#include "pipeline/tm_area.h"

#include <string.h>

const double tm_area_constants[TM_AREA_COUNT] = {
#define X(id, value, doc) [TM_AREA_##id] = value,
    TM_AREA_CONSTANTS(X)
#undef X
};

/* The scoreboard units with an area of their own, by -ptxsim_scoreboard
 * name (the per-warp scoreboard is part of the baseline SM). */
static const struct {
  const char *name;
  enum tm_area_constant area;
} scoreboard_areas[] = {
    {"shared", TM_AREA_SHARED_SCOREBOARD},
};

double tm_area_sm_mm2(const tm_config *conf)
{
  const double *a = tm_area_constants;
  double mm2 = a[TM_AREA_TLP_SM] + ((double)conf->n_regs_per_sm - a[TM_AREA_BASE_REGS]) *
                                       a[TM_AREA_HALF_RF] / (a[TM_AREA_BASE_REGS] / 2);
  if (conf->is_bypass)
    mm2 += a[TM_AREA_BYPASS];
  for (size_t i = 0; i < sizeof scoreboard_areas / sizeof scoreboard_areas[0]; i++)
    if (strcmp(conf->scoreboard, scoreboard_areas[i].name) == 0)
      mm2 += a[scoreboard_areas[i].area];
  return mm2;
}
