/* pol_sched_gto.c -- greedy then oldest (GPGPU-Sim's "gto").
 *
 * The warp that issued last goes first, so a scheduler keeps issuing from
 * one warp while it can; then every other candidate, oldest first by
 * dispatch age (ties, which the pipeline should not produce, by slot).  A
 * greedy warp that has exited (POL_EV_WARP_DONE) is forgotten.
 *
 * The sort is an insertion sort of at most 64 indices into the caller's
 * output array: no allocation, and linear when the candidates arrive
 * nearly in age order, as they usually do.
 */
#include "config.h"

#include <stdlib.h>

#include "policies/pol_sched_int.h"

typedef struct gto {
  int last;   /* slot that issued last, -1 when none */
} gto;

static void *gto_create(const pol_sched_params *p, unsigned max_slots)
{
  (void)p;
  (void)max_slots;
  gto *s = malloc(sizeof *s);
  if (s)
    s->last = -1;
  return s;
}

static void gto_destroy(void *self)
{
  free(self);
}

static bool older(const pol_warp_view *a, const pol_warp_view *b)
{
  return a->age < b->age || (a->age == b->age && a->slot < b->slot);
}

static unsigned gto_order(void *self, const pol_warp_view *v, unsigned n, uint64_t now,
                          uint16_t *out)
{
  (void)now;
  gto *s = self;
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if ((int)v[i].slot == s->last) {
      out[k++] = (uint16_t)i;
      break;
    }
  unsigned first = k;
  for (unsigned i = 0; i < n; i++) {
    if (first == 1 && i == out[0])
      continue;
    unsigned j = k++;
    while (j > first && older(&v[i], &v[out[j - 1]])) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = (uint16_t)i;
  }
  return k;
}

static void gto_on_event(void *self, const pol_sched_event *e)
{
  gto *s = self;
  if (e->kind == POL_EV_ISSUE)
    s->last = e->slot;
  else if (e->kind == POL_EV_WARP_DONE && (int)e->slot == s->last)
    s->last = -1;
}

const pol_sched_ops pol_sched_gto_ops = {
  .cls = {.name = "gto",
          .doc = "greedy then oldest: the warp that issued last, then the others by dispatch age"},
  .create = gto_create,
  .destroy = gto_destroy,
  .order = gto_order,
  .on_event = gto_on_event,
};
