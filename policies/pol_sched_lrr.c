/* pol_sched_lrr.c -- loose round robin (GPGPU-Sim's "lrr").
 *
 * The candidates in slot order, starting just after the slot that issued
 * last and wrapping around; before anything has issued, from the lowest
 * slot.  "Loose": a warp that cannot issue is simply passed over, the
 * rotation point only moves when a warp issues (000-warpman.md §2.2).
 *
 * The common case -- the pipeline passes its warps in slot order -- is a
 * rotation found in one pass; other orders go through a slot-indexed table
 * sized at creation.  order() allocates nothing.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "policies/pol_sched_int.h"

typedef struct lrr {
  unsigned max_slots;
  int last;           /* slot that issued last, -1 before the first issue */
  int16_t *by_slot;   /* scratch: view index of each slot, -1 when none */
} lrr;

static void *lrr_create(const pol_sched_params *p, unsigned max_slots)
{
  (void)p;
  lrr *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->by_slot = malloc(max_slots * sizeof *s->by_slot);
  if (!s->by_slot) {
    free(s);
    return NULL;
  }
  for (unsigned i = 0; i < max_slots; i++)
    s->by_slot[i] = -1;
  s->max_slots = max_slots;
  s->last = -1;
  return s;
}

static void lrr_destroy(void *self)
{
  lrr *s = self;
  free(s->by_slot);
  free(s);
}

static unsigned lrr_order(void *self, const pol_warp_view *v, unsigned n, uint64_t now,
                          uint16_t *out)
{
  (void)now;
  lrr *s = self;
  /* Sorted input: rotate at the first slot after the last issued. */
  unsigned start = 0;
  bool is_sorted = true;
  for (unsigned i = 0; i < n; i++) {
    if (i > 0 && v[i].slot <= v[i - 1].slot) {
      is_sorted = false;
      break;
    }
    if ((int)v[i].slot <= s->last)
      start = i + 1;
  }
  if (is_sorted) {
    if (start >= n)
      start = 0;
    unsigned k = 0;
    for (unsigned i = start; i < n; i++)
      out[k++] = (uint16_t)i;
    for (unsigned i = 0; i < start; i++)
      out[k++] = (uint16_t)i;
    return n;
  }
  for (unsigned i = 0; i < n; i++) {
    assert(v[i].slot < s->max_slots && s->by_slot[v[i].slot] < 0);
    s->by_slot[v[i].slot] = (int16_t)i;
  }
  unsigned k = 0;
  unsigned first = (unsigned)(s->last + 1) % s->max_slots;
  for (unsigned j = 0; j < s->max_slots && k < n; j++) {
    unsigned slot = (first + j) % s->max_slots;
    if (s->by_slot[slot] >= 0) {
      out[k++] = (uint16_t)s->by_slot[slot];
      s->by_slot[slot] = -1;
    }
  }
  return k;
}

static void lrr_on_event(void *self, const pol_sched_event *e)
{
  lrr *s = self;
  if (e->kind == POL_EV_ISSUE)
    s->last = e->slot;
}

/* order()'s rotation as a start slot: the first slot after the last
 * issued (slot 0 before any issue). */
static unsigned lrr_rotation_first(const void *self)
{
  const lrr *s = self;
  return (unsigned)(s->last + 1);
}

const pol_sched_ops pol_sched_lrr_ops = {
  .cls = {.name = "lrr",
          .doc = "loose round robin: slot order, starting after the warp that issued last"},
  .create = lrr_create,
  .destroy = lrr_destroy,
  .order = lrr_order,
  .on_event = lrr_on_event,
  .rotation_first = lrr_rotation_first,
};
