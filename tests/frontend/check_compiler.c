/* check_compiler.c -- the helpers of frontend/ptx_compiler.h that compute
 * something: ptx_popcount32/64 (the bit-parallel sum a portable build
 * uses instead of libgcc's __popcountdi2) against a plain count, on edge
 * values and a seeded sweep.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "tests/test_util.h"

static uint32_t plain_count(uint64_t x)
{
  uint32_t n = 0;
  for (; x; x >>= 1)
    n += (uint32_t)(x & 1);
  return n;
}

START_TEST(popcount_matches_plain_count)
{
  static const uint64_t edges[] = {0,
                                   1,
                                   UINT64_MAX,
                                   UINT32_MAX,
                                   UINT64_C(1) << 63,
                                   UINT64_C(0x8000000080000000),
                                   UINT64_C(0x5555555555555555),
                                   UINT64_C(0xaaaaaaaaaaaaaaaa),
                                   UINT64_C(0x0f0f0f0f0f0f0f0f),
                                   UINT64_C(0x00ff00ff00ff00ff)};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(edges); i++) {
    ck_assert_uint_eq(ptx_popcount64(edges[i]), plain_count(edges[i]));
    ck_assert_uint_eq(ptx_popcount32((uint32_t)edges[i]), plain_count((uint32_t)edges[i]));
  }
  uint64_t x = 1;
  for (int i = 0; i < 100000; i++) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    uint64_t v = x >> (i % 64); /* every density of set bits */
    ck_assert_uint_eq(ptx_popcount64(v), plain_count(v));
    ck_assert_uint_eq(ptx_popcount32((uint32_t)v), plain_count((uint32_t)v));
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("compiler");
  TCase *t = tcase_create("popcount");
  tcase_add_test(t, popcount_matches_plain_count);
  suite_add_tcase(s, t);
  return test_run(s);
}
