/* check_preempt_alloc.c -- the in-place allocator (pipeline/preempt_alloc.h):
 * contiguous first-fit tables of 16 entries and the fewest CTAs evicted,
 * on the worked example of seed 004 §1.3 (Fig 2.4).
 *
 * Fig 2.4: an SM of 1024 vector registers and 48 KB of shared memory; K1
 * holds 3 CTAs of 300 registers and 8 KB each (first-fit: at 0, 300, 600
 * registers and 0, 8, 16 KB); K2 needs 2 CTAs of 200 registers and 10 KB.
 *   - registers: 124 free at [900, 1024) hold none of K2's; evicting the
 *     CTA at 0 or at 300 opens a 300 hole (one of K2's) beside the 124:
 *     not enough; evicting the CTA at 600 opens [600, 1024) = 424: both.
 *     So the allocator evicts 1 CTA, entry 2.  The seed says 2: evicting
 *     oldest-first (0, then 300) needs two, checked below as the reading
 *     that explains the figure;
 *   - shared memory: [24, 48) KB = 24 KB holds 2 x 10 KB: nothing evicted.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "pipeline/preempt_alloc.h"

static void fig24_regs(tm_alloc_table *t)
{
  uint32_t slot_of[TM_ALLOC_ENTRIES];
  tm_alloc_table_of_slots(t, 1024, 300, 0x7, slot_of);
}

START_TEST(test_fig24_registers)
{
  tm_alloc_table t;
  fig24_regs(&t);
  ck_assert_uint_eq(t.n, 3);
  ck_assert_uint_eq(t.e[2].start, 600);
  ck_assert_uint_eq(tm_alloc_fits(&t, 0, 200), 0);     /* 124 free */
  ck_assert_uint_eq(tm_alloc_fits(&t, 0x1, 200), 1);   /* 300 + 124 */
  ck_assert_uint_eq(tm_alloc_fits(&t, 0x2, 200), 1);
  ck_assert_uint_eq(tm_alloc_fits(&t, 0x4, 200), 2);   /* 424 */
  uint32_t ev = tm_alloc_evict(&t, 200, 2);
  ck_assert_uint_eq(ev, 0x4);
  ck_assert_int_eq(__builtin_popcount(ev), 1);
  /* The seed's 2: oldest-first, the CTA at 0 then the one at 300. */
  ck_assert_uint_eq(tm_alloc_fits(&t, 0x3, 200), 3);
}
END_TEST

START_TEST(test_fig24_shared_memory)
{
  tm_alloc_table t;
  uint32_t slot_of[TM_ALLOC_ENTRIES];
  tm_alloc_table_of_slots(&t, 48 * 1024, 8 * 1024, 0x7, slot_of);
  ck_assert_uint_eq(tm_alloc_fits(&t, 0, 10 * 1024), 2);
  ck_assert_uint_eq(tm_alloc_evict(&t, 10 * 1024, 2), 0);
}
END_TEST

/* Contiguity matters: 4 CTAs of 200 in 1024 at slots 0, 2, 3 (slot 1
 * free, 200 at [200, 400), 224 at [800, 1024)): a request of 400 fits
 * nowhere although 424 are free; arithmetic would evict none, first-fit
 * evicts one: slot 2 or 3 ([200, 600) or [600, 1024)), the higher. */
START_TEST(test_contiguity_and_tie_break)
{
  tm_alloc_table t;
  uint32_t slot_of[TM_ALLOC_ENTRIES];
  tm_alloc_table_of_slots(&t, 1024, 200, 0xd, slot_of);
  ck_assert_uint_eq(t.n, 3);
  ck_assert_uint_eq(slot_of[1], 2);
  ck_assert_uint_eq(tm_alloc_fits(&t, 0, 400), 0);
  ck_assert_uint_eq(tm_alloc_evict(&t, 400, 1), 0x4); /* entry 2 = slot 3 */
  /* Two of 400: [200, 1024) after evicting slots 2 and 3. */
  ck_assert_uint_eq(tm_alloc_evict(&t, 400, 2), 0x6);
  /* More than the SM holds: every entry. */
  ck_assert_uint_eq(tm_alloc_evict(&t, 400, 3), 0x7);
  /* Nothing asked: nothing evicted. */
  ck_assert_uint_eq(tm_alloc_evict(&t, 0, 3), 0);
  ck_assert_uint_eq(tm_alloc_evict(&t, 400, 0), 0);
}
END_TEST

/* A full table of 16 entries: the search stays within 2^16 subsets. */
START_TEST(test_sixteen_entries)
{
  tm_alloc_table t;
  uint32_t slot_of[TM_ALLOC_ENTRIES];
  tm_alloc_table_of_slots(&t, 16 * 64, 64, UINT64_MAX, slot_of);
  ck_assert_uint_eq(t.n, TM_ALLOC_ENTRIES);
  ck_assert_uint_eq(tm_alloc_fits(&t, 0, 64), 0);
  /* 16 CTAs of 64 fill 1024: three requests of 100 need 300 contiguous
   * units, and the 5 CTAs at the top free [704, 1024) = 320 (4 free only
   * 256: two). */
  uint32_t ev = tm_alloc_evict(&t, 100, 3);
  ck_assert_int_eq(__builtin_popcount(ev), 5);
  ck_assert_uint_eq(ev, 0xf800);
}
END_TEST

/* An injected interrupt's incoming work is one more CTA of the running
 * kernel.  Before the tables, the controller evicted ceil((size - free) /
 * size) CTAs, the most recent first (plain arithmetic); with equal-sized
 * CTAs in slots below capacity / size (the SM takes the lowest free slot)
 * first-fit evicts as many, the highest slot: every such slot mask, a few
 * register-file shapes. */
START_TEST(test_same_as_arithmetic_for_one_more_cta)
{
  static const uint64_t shapes[][2] = {{32768, 8192}, {32768, 6144}, {1024, 300},
                                       {49152, 8192}, {65536, 8192}};
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    uint64_t cap = shapes[k][0], size = shapes[k][1];
    uint32_t slots = (uint32_t)(cap / size);
    if (slots > TM_ALLOC_ENTRIES)
      slots = TM_ALLOC_ENTRIES;
    for (uint64_t mask = 0; mask < (UINT64_C(1) << slots); mask++) {
      tm_alloc_table t;
      uint32_t slot_of[TM_ALLOC_ENTRIES];
      tm_alloc_table_of_slots(&t, cap, size, mask, slot_of);
      uint64_t used = size * t.n, free_now = cap > used ? cap - used : 0;
      uint32_t want = free_now >= size ? 0 : 1; /* ceil((size - free) / size) <= 1 */
      if (!t.n)
        want = 0;
      uint32_t ev = tm_alloc_evict(&t, size, 1);
      ck_assert_int_eq(__builtin_popcount(ev), want);
      if (want)
        ck_assert_uint_eq(ev, UINT32_C(1) << (t.n - 1)); /* the highest slot */
    }
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("preempt_alloc");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_fig24_registers);
  tcase_add_test(tc, test_fig24_shared_memory);
  tcase_add_test(tc, test_contiguity_and_tie_break);
  tcase_add_test(tc, test_sixteen_entries);
  tcase_add_test(tc, test_same_as_arithmetic_for_one_more_cta);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
