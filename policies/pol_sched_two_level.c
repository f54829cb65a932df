/* pol_sched_two_level.c -- two-level scheduling with an active set
 * (GPGPU-Sim's "two_level_active:N:0:1", after Narasiman et al.,
 * MICRO-44; 000-warpman.md §2.2).
 *
 * Each scheduler keeps an active list of at most N warps and a FIFO of
 * pending ones.  Only active warps are offered to the issue stage, round
 * robin in active-list order starting after the warp that issued last.  A
 * warp leaves the active list for the back of the pending FIFO when the
 * pipeline reports it stalling on a long-latency operation or waiting at a
 * barrier (events), or when order() finds its view marked is_long_wait
 * (GPGPU-Sim re-checks this every cycle).  Each order() first demotes,
 * then refills the active list from the front of the FIFO, as GPGPU-Sim's
 * two_level_active_scheduler::order_warps does; a promoted warp that is
 * still waiting is demoted again on the next call.
 *
 * New warps (POL_EV_WARP_ADDED, or a candidate the policy has not heard
 * of) join the back of the FIFO; exited ones (POL_EV_WARP_DONE) leave
 * wherever they are.  All arrays are sized at creation; order() allocates
 * nothing.
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policies/pol_sched_int.h"

enum { WHERE_NONE, WHERE_ACTIVE, WHERE_PENDING };

typedef struct two_level {
  unsigned max_slots, max_active;
  uint16_t *active;      /* slots, in promotion order */
  unsigned n_active;
  uint16_t *pending;     /* FIFO ring of slots */
  unsigned head, n_pending;
  uint8_t *where;        /* per slot: WHERE_* */
  int16_t *by_slot;      /* scratch: view index of each slot, -1 when none */
  int last;              /* slot that issued last, -1 when none */
} two_level;

/* The parameters, in pol_params' opaque blob. */
typedef struct tl_args {
  uint32_t n_active;  /* active-set size (warps) */
  uint32_t inner;     /* GPGPU-Sim's prioritisations: inner 0 = LRR, */
  uint32_t outer;     /* outer 1 = SRR (the only pair GPGPU-Sim implements) */
} tl_args;
_Static_assert(sizeof(tl_args) <= POL_ARGS_BYTES, "tl_args fits pol_params");

static int tl_parse_args(const char *args, void *blob, char *err, size_t errlen)
{
  const char *s = args;
  uint32_t n = 0, inner = 0, outer = 1;
  if (pol_parse_u32_field(&s, &n) != 0 || n == 0) {
    snprintf(err, errlen,
             "two_level_active needs the active-set size: two_level_active:N[:0:1] with N >= 1");
    return -1;
  }
  if (*s && (pol_parse_u32_field(&s, &inner) != 0 || pol_parse_u32_field(&s, &outer) != 0 ||
             *s)) {
    snprintf(err, errlen, "two_level_active:%s: expected N:INNER:OUTER", args);
    return -1;
  }
  if (inner != 0 || outer != 1) {
    snprintf(err, errlen,
             "two_level_active:%s: only inner prioritisation 0 (LRR) and outer 1 (SRR) are "
             "implemented, as in GPGPU-Sim",
             args);
    return -1;
  }
  tl_args a;
  memset(&a, 0, sizeof a);
  a.n_active = n;
  a.inner = inner;
  a.outer = outer;
  memcpy(blob, &a, sizeof a);
  return 0;
}

static void tl_format_args(const void *blob, char *buf, size_t size)
{
  tl_args a;
  memcpy(&a, blob, sizeof a);
  snprintf(buf, size, "%u:%u:%u", (unsigned)a.n_active, (unsigned)a.inner, (unsigned)a.outer);
}

static void tl_destroy(void *self)
{
  two_level *s = self;
  free(s->active);
  free(s->pending);
  free(s->where);
  free(s->by_slot);
  free(s);
}

static void *tl_create(const pol_sched_params *p, unsigned max_slots)
{
  two_level *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  tl_args a;
  memcpy(&a, p->args, sizeof a);
  s->max_slots = max_slots;
  s->max_active = a.n_active ? a.n_active : 1;
  s->active = malloc(max_slots * sizeof *s->active);
  s->pending = malloc(max_slots * sizeof *s->pending);
  s->where = calloc(max_slots, sizeof *s->where);
  s->by_slot = malloc(max_slots * sizeof *s->by_slot);
  if (!s->active || !s->pending || !s->where || !s->by_slot) {
    tl_destroy(s);
    return NULL;
  }
  for (unsigned i = 0; i < max_slots; i++)
    s->by_slot[i] = -1;
  s->last = -1;
  return s;
}

static void push_pending(two_level *s, unsigned slot)
{
  assert(s->n_pending < s->max_slots);
  s->pending[(s->head + s->n_pending) % s->max_slots] = (uint16_t)slot;
  s->n_pending++;
  s->where[slot] = WHERE_PENDING;
}

static void remove_active_at(two_level *s, unsigned i)
{
  s->where[s->active[i]] = WHERE_NONE;
  memmove(&s->active[i], &s->active[i + 1], (s->n_active - i - 1) * sizeof *s->active);
  s->n_active--;
}

static void remove_active(two_level *s, unsigned slot)
{
  for (unsigned i = 0; i < s->n_active; i++)
    if (s->active[i] == slot) {
      remove_active_at(s, i);
      return;
    }
}

static void remove_pending(two_level *s, unsigned slot)
{
  unsigned k = 0;
  for (unsigned i = 0; i < s->n_pending; i++) {
    uint16_t x = s->pending[(s->head + i) % s->max_slots];
    if (x != slot)
      s->pending[(s->head + k++) % s->max_slots] = x;
  }
  s->n_pending = k;
  s->where[slot] = WHERE_NONE;
}

static void demote(two_level *s, unsigned slot)
{
  if (s->where[slot] != WHERE_ACTIVE)
    return;
  remove_active(s, slot);
  push_pending(s, slot);
}

static void tl_on_event(void *self, const pol_sched_event *e)
{
  two_level *s = self;
  unsigned slot = e->slot;
  assert(slot < s->max_slots);
  switch ((pol_sched_event_kind)e->kind) {
  case POL_EV_ISSUE:
    s->last = (int)slot;
    break;
  case POL_EV_LONG_LATENCY_STALL:
  case POL_EV_BARRIER:
    demote(s, slot);
    break;
  case POL_EV_WARP_ADDED:
    if (s->where[slot] == WHERE_NONE)
      push_pending(s, slot);
    break;
  case POL_EV_WARP_DONE:
    if (s->where[slot] == WHERE_ACTIVE)
      remove_active(s, slot);
    else if (s->where[slot] == WHERE_PENDING)
      remove_pending(s, slot);
    if ((int)slot == s->last)
      s->last = -1;
    break;
  }
}

static unsigned tl_order(void *self, const pol_warp_view *v, unsigned n, uint64_t now,
                         uint16_t *out)
{
  (void)now;
  two_level *s = self;
  for (unsigned i = 0; i < n; i++) {
    unsigned slot = v[i].slot;
    assert(slot < s->max_slots && s->by_slot[slot] < 0);
    s->by_slot[slot] = (int16_t)i;
    if (s->where[slot] == WHERE_NONE)
      push_pending(s, slot);
  }
  /* Demote active warps that wait on a long-latency operation. */
  for (unsigned i = 0; i < s->n_active;) {
    int vi = s->by_slot[s->active[i]];
    if (vi >= 0 && v[vi].is_long_wait) {
      unsigned slot = s->active[i];
      remove_active_at(s, i);
      push_pending(s, slot);
    } else {
      i++;
    }
  }
  /* Refill from the front of the FIFO. */
  while (s->n_active < s->max_active && s->n_pending > 0) {
    uint16_t slot = s->pending[s->head];
    s->head = (s->head + 1) % s->max_slots;
    s->n_pending--;
    s->active[s->n_active++] = slot;
    s->where[slot] = WHERE_ACTIVE;
  }
  /* Round robin over the active list, after the warp that issued last. */
  unsigned start = 0;
  for (unsigned i = 0; i < s->n_active; i++)
    if ((int)s->active[i] == s->last) {
      start = i + 1;
      break;
    }
  unsigned k = 0;
  for (unsigned j = 0; j < s->n_active; j++) {
    unsigned slot = s->active[(start + j) % s->n_active];
    if (s->by_slot[slot] >= 0)
      out[k++] = (uint16_t)s->by_slot[slot];
  }
  for (unsigned i = 0; i < n; i++)
    s->by_slot[v[i].slot] = -1;
  return k;
}

const pol_sched_ops pol_sched_two_level_ops = {
  .cls = {.name = "two_level_active",
          .doc = "two-level: round robin over an active set of N warps; long-latency stalls "
                 "and barriers send a warp to the back of a pending FIFO",
          .parse_args = tl_parse_args,
          .format_args = tl_format_args},
  .create = tl_create,
  .destroy = tl_destroy,
  .order = tl_order,
  .on_event = tl_on_event,
};
