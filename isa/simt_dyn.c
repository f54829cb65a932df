/* simt_dyn.c -- the queue of device-side launches (see simt_dyn.h). */
#include "config.h"

#include <stdlib.h>

#include "frontend/ptx_diag.h"
#include "isa/simt_dyn.h"

int simt_children_add(simt_children *cs, const simt_child *c)
{
  if (cs->n == cs->cap) {
    size_t cap = cs->cap ? 2 * cs->cap : 16;
    simt_child *q = realloc(cs->q, cap * sizeof *q);
    if (!q)
      return PTX_ENOMEM;
    cs->q = q;
    cs->cap = cap;
  }
  cs->q[cs->n++] = *c;
  return 0;
}

simt_child *simt_children_find(simt_children *cs, uint64_t params)
{
  /* The buffer is nearly always the latest one its thread asked for. */
  for (size_t i = cs->n; i-- > cs->head;)
    if (cs->q[i].params == params)
      return &cs->q[i];
  return NULL;
}

void simt_children_release(simt_children *cs)
{
  free(cs->q);
  *cs = (simt_children){0};
}
