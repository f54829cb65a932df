/* pol_sched.c -- warp schedulers: finding one by name, GPGPU-Sim
 * scheduler specs, and creating instances.
 *
 * The policies live one per file (pol_sched_lrr.c, pol_sched_gto.c,
 * pol_sched_two_level.c), each parsing and formatting its own parameters;
 * their table is in pol_registry.c with the other kinds' (STYLE §6).
 */
#include "config.h"

#include "policies/pol_sched.h"

#include <stdio.h>

#include "frontend/ptx_diag.h"

const pol_sched_ops *pol_sched_find(const char *name, char *err, size_t errlen)
{
  /* Every scheduler's ops begins with its pol_class. */
  return (const pol_sched_ops *)pol_find(POL_KIND_SCHED, name, err, errlen);
}

int pol_sched_parse_spec(const char *spec, pol_sched_params *p, char *err, size_t errlen)
{
  return pol_parse_spec(POL_KIND_SCHED, spec, p, err, errlen);
}

void pol_sched_format_spec(const pol_sched_params *p, char *buf, size_t size)
{
  pol_format_spec(POL_KIND_SCHED, p, buf, size);
}

int pol_sched_create(pol_sched *s, const pol_sched_params *p, unsigned max_slots, char *err,
                     size_t errlen)
{
  s->ops = NULL;
  s->self = NULL;
  const pol_sched_ops *ops = pol_sched_find(p->name, err, errlen);
  if (!ops)
    return PTX_EINVAL;
  if (max_slots == 0 || max_slots > POL_SCHED_MAX_SLOTS) {
    snprintf(err, errlen, "warp scheduler '%s': %u warp slots (1..%u supported)", p->name,
             max_slots, POL_SCHED_MAX_SLOTS);
    return PTX_EINVAL;
  }
  void *self = ops->create(p, max_slots);
  if (!self) {
    snprintf(err, errlen, "warp scheduler '%s': out of memory", p->name);
    return PTX_ENOMEM;
  }
  s->ops = ops;
  s->self = self;
  return 0;
}

void pol_sched_destroy(pol_sched *s)
{
  if (s->ops && s->self)
    s->ops->destroy(s->self);
  s->ops = NULL;
  s->self = NULL;
}
