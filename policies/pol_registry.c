/* pol_registry.c -- the tables of policies, one per kind, and the spec
 * syntax ("NAME[:ARGS]") they share (see pol_registry.h).
 *
 * The tables are the only place that lists the policies; each policy's
 * own file parses and formats its ARGS.  Lookups are by exact name and
 * happen when a configuration is read or a launch starts, never per
 * cycle.
 */
#include "config.h"

#include "policies/pol_registry.h"

#include <stdio.h>
#include <string.h>

#include "policies/pol_dispatch_int.h"
#include "policies/pol_sched_int.h"

static const pol_class *const schedulers[] = {
  &pol_sched_lrr_ops.cls,
  &pol_sched_gto_ops.cls,
  &pol_sched_two_level_ops.cls,
};

static const pol_class *const dispatchers[] = {
  &pol_dispatch_tb_ops.cls,
};

static const char *const kind_names[POL_KIND_COUNT] = {
#define X(id, text) [POL_KIND_##id] = text,
  POL_KINDS(X)
#undef X
};

static const struct {
  const pol_class *const *list;
  size_t n;
} tables[POL_KIND_COUNT] = {
  [POL_KIND_SCHED] = {schedulers, PTX_ARRAY_SIZE(schedulers)},
  [POL_KIND_DISPATCH] = {dispatchers, PTX_ARRAY_SIZE(dispatchers)},
};

const char *pol_kind_name(pol_kind kind)
{
  return kind < POL_KIND_COUNT ? kind_names[kind] : "policy";
}

const pol_class *const *pol_list(pol_kind kind, size_t *n_out)
{
  *n_out = kind < POL_KIND_COUNT ? tables[kind].n : 0;
  return kind < POL_KIND_COUNT ? tables[kind].list : NULL;
}

/* Looks name[0..len) up among the policies of kind. */
static const pol_class *find_n(pol_kind kind, const char *name, size_t len)
{
  size_t n;
  const pol_class *const *list = pol_list(kind, &n);
  for (size_t i = 0; i < n; i++)
    if (strlen(list[i]->name) == len && memcmp(list[i]->name, name, len) == 0)
      return list[i];
  return NULL;
}

static void unknown(pol_kind kind, const char *name, size_t len, char *err, size_t errlen)
{
  if (!err || errlen == 0)
    return;
  size_t n;
  const pol_class *const *list = pol_list(kind, &n);
  int k = snprintf(err, errlen, "unknown %s '%.*s' (valid:", pol_kind_name(kind), (int)len, name);
  for (size_t i = 0; i < n && k >= 0 && (size_t)k < errlen; i++)
    k += snprintf(err + k, errlen - (size_t)k, "%s %s", i ? "," : "", list[i]->name);
  if (k >= 0 && (size_t)k < errlen)
    snprintf(err + k, errlen - (size_t)k, ")");
}

const pol_class *pol_find(pol_kind kind, const char *name, char *err, size_t errlen)
{
  size_t len = strlen(name);
  const pol_class *c = find_n(kind, name, len);
  if (!c)
    unknown(kind, name, len, err, errlen);
  return c;
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

int pol_parse_spec(pol_kind kind, const char *spec, pol_params *p, char *err, size_t errlen)
{
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  const pol_class *c = find_n(kind, spec, len);
  if (!c) {
    unknown(kind, spec, len, err, errlen);
    return -1;
  }
  pol_params q;
  memset(&q, 0, sizeof q);
  snprintf(q.name, sizeof q.name, "%s", c->name);
  const char *args = colon ? colon + 1 : "";
  if (c->parse_args) {
    if (c->parse_args(args, q.args, err, errlen) != 0)
      return -1;
  } else if (colon) {
    snprintf(err, errlen, "%s '%s' takes no arguments (got '%s')", pol_kind_name(kind), c->name,
             spec);
    return -1;
  }
  *p = q;
  return 0;
}

void pol_format_spec(pol_kind kind, const pol_params *p, char *buf, size_t size)
{
  if (size == 0)
    return;
  const pol_class *c = pol_find(kind, p->name, NULL, 0);
  if (!c) {
    snprintf(buf, size, "?");
    return;
  }
  char args[256];
  args[0] = '\0';
  if (c->format_args)
    c->format_args(p->args, args, sizeof args);
  snprintf(buf, size, "%s%s%s", c->name, args[0] ? ":" : "", args);
}
