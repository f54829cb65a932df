/* pol_dispatch.c -- CTA/warp dispatchers: finding one by name, specs, and
 * creating instances (see pol_dispatch.h).
 *
 * The dispatchers live one per file (pol_dispatch_tb.c), each parsing and
 * formatting its own parameters; their table is in pol_registry.c.
 */
#include "config.h"

#include "policies/pol_dispatch.h"

#include <stdio.h>

#include "frontend/ptx_diag.h"

const pol_dispatch_ops *pol_dispatch_find(const char *name, char *err, size_t errlen)
{
  /* Every dispatcher's ops begins with its pol_class. */
  return (const pol_dispatch_ops *)pol_find(POL_KIND_DISPATCH, name, err, errlen);
}

int pol_dispatch_parse_spec(const char *spec, pol_dispatch_params *p, char *err, size_t errlen)
{
  return pol_parse_spec(POL_KIND_DISPATCH, spec, p, err, errlen);
}

void pol_dispatch_format_spec(const pol_dispatch_params *p, char *buf, size_t size)
{
  pol_format_spec(POL_KIND_DISPATCH, p, buf, size);
}

int pol_dispatch_create(pol_dispatch *d, const pol_dispatch_params *p,
                        const pol_dispatch_setup *s, char *err, size_t errlen)
{
  d->ops = NULL;
  d->self = NULL;
  const pol_dispatch_ops *ops = pol_dispatch_find(p->name, err, errlen);
  if (!ops)
    return PTX_EINVAL;
  if (s->n_sms == 0 || !s->sm.has_room || !s->sm.start_cta) {
    snprintf(err, errlen, "CTA dispatcher '%s': no SMs to dispatch to", p->name);
    return PTX_EINVAL;
  }
  void *self = NULL;
  int rc = ops->create(p, s, &self, err, errlen);
  if (rc)
    return rc;
  d->ops = ops;
  d->self = self;
  return 0;
}

void pol_dispatch_destroy(pol_dispatch *d)
{
  if (d->ops && d->self)
    d->ops->destroy(d->self);
  d->ops = NULL;
  d->self = NULL;
}
