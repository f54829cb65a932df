/* pol_sched.c -- the warp scheduler registry: finding a policy by name,
 * GPGPU-Sim scheduler specs, and creating instances.
 *
 * The policies themselves live one per file (pol_sched_lrr.c,
 * pol_sched_gto.c, pol_sched_two_level.c).  TinyEMU's machine list is the
 * model: a NULL-free const table searched by name, whose names an error
 * lists (STYLE §6).
 */
#include "config.h"

#include "policies/pol_sched.h"

#include <stdio.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "policies/pol_sched_int.h"

static const pol_sched_ops *const registry[] = {
  &pol_sched_lrr_ops,
  &pol_sched_gto_ops,
  &pol_sched_two_level_ops,
};

const pol_sched_ops *const *pol_sched_list(size_t *n_out)
{
  *n_out = PTX_ARRAY_SIZE(registry);
  return registry;
}

/* Looks name[0..len) up. */
static const pol_sched_ops *find_n(const char *name, size_t len)
{
  for (size_t i = 0; i < PTX_ARRAY_SIZE(registry); i++)
    if (strlen(registry[i]->name) == len && memcmp(registry[i]->name, name, len) == 0)
      return registry[i];
  return NULL;
}

static void unknown(const char *name, size_t len, char *err, size_t errlen)
{
  if (!err || errlen == 0)
    return;
  int k = snprintf(err, errlen, "unknown warp scheduler '%.*s' (valid:", (int)len, name);
  for (size_t i = 0; i < PTX_ARRAY_SIZE(registry) && k >= 0 && (size_t)k < errlen; i++)
    k += snprintf(err + k, errlen - (size_t)k, "%s %s", i ? "," : "", registry[i]->name);
  if (k >= 0 && (size_t)k < errlen)
    snprintf(err + k, errlen - (size_t)k, ")");
}

const pol_sched_ops *pol_sched_find(const char *name, char *err, size_t errlen)
{
  const pol_sched_ops *ops = find_n(name, strlen(name));
  if (!ops)
    unknown(name, strlen(name), err, errlen);
  return ops;
}

int pol_parse_u32_field(const char **s, uint32_t *out)
{
  const char *p = *s;
  uint64_t v = 0;
  if (*p < '0' || *p > '9')
    return -1;
  while (*p >= '0' && *p <= '9') {
    v = v * 10 + (uint64_t)(*p - '0');
    if (v > UINT32_MAX)
      return -1;
    p++;
  }
  if (*p == ':')
    p++;
  else if (*p != '\0')
    return -1;
  *out = (uint32_t)v;
  *s = p;
  return 0;
}

int pol_sched_parse_spec(const char *spec, pol_sched_params *p, char *err, size_t errlen)
{
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  const pol_sched_ops *ops = find_n(spec, len);
  if (!ops) {
    unknown(spec, len, err, errlen);
    return -1;
  }
  pol_sched_params q;
  memset(&q, 0, sizeof q);
  snprintf(q.name, sizeof q.name, "%s", ops->name);
  const char *args = colon ? colon + 1 : "";
  if (ops->parse_args) {
    if (ops->parse_args(args, &q, err, errlen) != 0)
      return -1;
  } else if (colon) {
    snprintf(err, errlen, "warp scheduler '%s' takes no arguments (got '%s')", ops->name, spec);
    return -1;
  }
  *p = q;
  return 0;
}

void pol_sched_format_spec(const pol_sched_params *p, char *buf, size_t size)
{
  if (strcmp(p->name, pol_sched_two_level_ops.name) == 0)
    snprintf(buf, size, "%s:%u:%u:%u", p->name, (unsigned)p->n_active, (unsigned)p->inner,
             (unsigned)p->outer);
  else
    snprintf(buf, size, "%s", p->name);
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
