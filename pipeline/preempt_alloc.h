/* preempt_alloc.h -- the per-SM register and shared-memory allocation
 * tables of in-place context switching (seed 004 §1.3, Fig 2.4) and the
 * choice of the CTAs to evict.
 *
 * Allocator policy (the seed leaves it open; 004 §1.3's ambiguity):
 *   - each table has TM_ALLOC_ENTRIES (16) entries, one per resident CTA:
 *     its start and size in the resource's units (registers or bytes);
 *   - allocation is contiguous first-fit: a request takes the lowest
 *     address hole that holds it whole.  The running kernel's CTAs all
 *     have one size, and the SM gives a new CTA its lowest free slot, so
 *     first-fit places CTA slot c at c x size: the controller builds the
 *     table that way (tm_alloc_table_of_slots);
 *   - eviction: the fewest CTAs whose removal lets `count` requests of
 *     `size` each be placed first-fit (each hole of h units takes
 *     floor(h / size) of them); among equally few, the set at the highest
 *     addresses (the most recently started CTAs).  Registers and shared
 *     memory are decided apart, each on its own table.
 * Fig 2.4 (1024 registers; K1: 3 CTAs of 300 at 0, 300, 600; K2: 2 of
 * 200): evicting the CTA at 600 frees [600, 1024), 424 registers, which
 * holds both, so this policy evicts one CTA; the seed's figure says two,
 * which is what evicting oldest-first gives (the CTA at 0 frees a 300
 * hole that holds only one, then the one at 300 makes it 600).  Shared
 * memory (48 KB; 3 x 8 KB; 2 x 10 KB): [24, 48) KB holds both, none
 * evicted.  tests/pipeline/check_preempt_alloc.c checks both. */
#ifndef PTXSIM_PIPELINE_PREEMPT_ALLOC_H
#define PTXSIM_PIPELINE_PREEMPT_ALLOC_H

#include <stdbool.h>
#include <stdint.h>

enum { TM_ALLOC_ENTRIES = 16 };

typedef struct tm_alloc_entry {
  uint64_t start, size;
} tm_alloc_entry;

/* One allocation table: n entries in address order, without overlap. */
typedef struct tm_alloc_table {
  uint32_t n;
  uint64_t capacity;
  tm_alloc_entry e[TM_ALLOC_ENTRIES];
} tm_alloc_table;

/* The table of CTAs of size each in the slots set in slot_mask (first-fit
 * placement: slot c at c x size), at most TM_ALLOC_ENTRIES of them (the
 * lowest slots).  *slot_of[i]: the slot of entry i. */
void tm_alloc_table_of_slots(tm_alloc_table *t, uint64_t capacity, uint64_t size,
                             uint64_t slot_mask, uint32_t slot_of[TM_ALLOC_ENTRIES]);

/* How many requests of size each fit first-fit in t's holes once the
 * entries in evict_mask (bit i: entry i) are gone. */
uint64_t tm_alloc_fits(const tm_alloc_table *t, uint32_t evict_mask, uint64_t size);

/* The entries to evict (bit i: entry i) so that count requests of size
 * each fit, by the policy above; every entry when even that is not
 * enough.  size or count 0: none. */
uint32_t tm_alloc_evict(const tm_alloc_table *t, uint64_t size, uint32_t count);

#endif /* PTXSIM_PIPELINE_PREEMPT_ALLOC_H */
