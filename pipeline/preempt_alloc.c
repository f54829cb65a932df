/* preempt_alloc.c -- in-place eviction on contiguous first-fit
 * allocation tables (see preempt_alloc.h).  Runs once per preemption
 * event, never on the hot path. */
#include "config.h"

#include "pipeline/preempt_alloc.h"

void tm_alloc_table_of_slots(tm_alloc_table *t, uint64_t capacity, uint64_t size,
                             uint64_t slot_mask, uint32_t slot_of[TM_ALLOC_ENTRIES])
{
  t->n = 0;
  t->capacity = capacity;
  while (slot_mask && t->n < TM_ALLOC_ENTRIES) {
    uint32_t c = (uint32_t)__builtin_ctzll(slot_mask);
    slot_mask &= slot_mask - 1;
    slot_of[t->n] = c;
    t->e[t->n++] = (tm_alloc_entry){.start = (uint64_t)c * size, .size = size};
  }
}

uint64_t tm_alloc_fits(const tm_alloc_table *t, uint32_t evict_mask, uint64_t size)
{
  if (!size)
    return UINT64_MAX;
  uint64_t n = 0, at = 0;
  for (uint32_t i = 0; i < t->n; i++) {
    if (evict_mask >> i & 1)
      continue;
    if (t->e[i].start > at)
      n += (t->e[i].start - at) / size;
    uint64_t end = t->e[i].start + t->e[i].size;
    if (end > at)
      at = end;
  }
  if (t->capacity > at)
    n += (t->capacity - at) / size;
  return n;
}

uint32_t tm_alloc_evict(const tm_alloc_table *t, uint64_t size, uint32_t count)
{
  if (!size || !count)
    return 0;
  uint32_t all = t->n >= 32 ? UINT32_MAX : (UINT32_C(1) << t->n) - 1;
  /* Per number of evictions, the fitting set with the largest mask (bit
   * i is entry i, in address order: the highest addresses win). */
  uint32_t best[TM_ALLOC_ENTRIES + 1];
  bool has[TM_ALLOC_ENTRIES + 1] = {false};
  for (uint32_t m = 0;; m++) {
    uint32_t k = (uint32_t)__builtin_popcount(m);
    if (tm_alloc_fits(t, m, size) >= count) {
      best[k] = m; /* masks grow: the last that fits is the largest */
      has[k] = true;
    }
    if (m == all)
      break;
  }
  for (uint32_t k = 0; k <= t->n; k++)
    if (has[k])
      return best[k];
  return all;
}
