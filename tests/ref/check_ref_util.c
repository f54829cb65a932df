/* check_ref_util.c -- tests/ref/ref_util.h, what the drivers and the CUDA
 * programs share: the PRNG's sequence (the inputs of every corpus test
 * depend on it), the float helpers, and the array comparisons with the
 * exact failure text both kinds of test print. */
#include "config.h"

#include <check.h>
#include <float.h>
#include <stdlib.h>

#include "tests/ref/ref_util.h"

START_TEST(prng_is_splitmix64)
{
  ref_rng r;
  ref_rng_seed(&r, 0);
  /* splitmix64's published first outputs from state 0 */
  ck_assert_uint_eq(ref_rand64(&r), 0xe220a8397b1dcdafull);
  ck_assert_uint_eq(ref_rand64(&r), 0x6e789e6aa1b965f4ull);
  ck_assert_uint_eq(ref_rand64(&r), 0x06c45d188009454full);
  ref_rng_seed(&r, 0);
  ck_assert_uint_eq(ref_rand32(&r), 0xe220a839u);
  ref_rng_seed(&r, 7);
  for (int i = 0; i < 10000; i++) {
    int32_t v = ref_rand_range(&r, -3, 5);
    ck_assert(v >= -3 && v <= 5);
    float f = ref_randf(&r, -2.0f, 2.0f);
    ck_assert(f >= -2.0f && f < 2.0f);
    double d = ref_randd(&r, 1.0, 1.5);
    ck_assert(d >= 1.0 && d < 1.5);
  }
  ck_assert_int_eq(ref_rand_range(&r, INT32_MIN, INT32_MIN), INT32_MIN);
}
END_TEST

START_TEST(interesting_values)
{
  ref_rng r;
  int n_special = 0, n_nan = 0;
  ref_rng_seed(&r, 3);
  for (int i = 0; i < 8000; i++) {
    float f = ref_interesting_f32(&r, -1.0f, 1.0f);
    if (isnan(f))
      n_nan++;
    if (!(f >= -1.0f && f < 1.0f) || f == 0.0f)
      n_special++;
  }
  /* one in eight special, one in twelve of those NaN: roughly 1000 and 80 */
  ck_assert_int_gt(n_special, 500);
  ck_assert_int_lt(n_special, 1500);
  ck_assert_int_gt(n_nan, 20);
}
END_TEST

START_TEST(half_conversions)
{
  ck_assert_uint_eq(ref_d2h(65504.0), 0x7bff);
  ck_assert_uint_eq(ref_d2h(65520.0), 0x7c00);      /* tie to even: overflows */
  ck_assert_uint_eq(ref_d2h(ldexp(1.0, -25)), 0x0000); /* tie to even: +0 */
  ck_assert_uint_eq(ref_d2h(ldexp(3.0, -25)), 0x0002);
  ck_assert_uint_eq(ref_d2h(-0.0), 0x8000);
  ck_assert_uint_eq(ref_d2h(NAN), 0x7fff);
  ck_assert_uint_eq(ref_d2bf(1.0 + ldexp(3.0, -8)), 0x3f82);
  ck_assert(ref_h2d(0x0001) == ldexp(1.0, -24));
  ck_assert(ref_bf2d(0xc0a0) == -5.0);
  ck_assert(isinf(ref_h2d(0xfc00)) && ref_h2d(0xfc00) < 0);
  ck_assert(ref_isnan16(0x7e00, 0) && !ref_isnan16(0x7c00, 0));
  ck_assert(ref_isnan16(0x7fc1, 1) && !ref_isnan16(0x7f80, 1));
  /* round to odd: 1 + 2^-60 is inexact in double, so the last bit is set */
  ck_assert(ref_add_ro(1.0, ldexp(1.0, -60)) == 1.0 + ldexp(1.0, -52));
  ck_assert(ref_add_ro(1.0, 0.5) == 1.5);
}
END_TEST

START_TEST(ulp_distances)
{
  ck_assert_uint_eq(ref_ulp_f32(1.0f, nextafterf(1.0f, 2.0f)), 1);
  ck_assert_uint_eq(ref_ulp_f32(0.0f, -0.0f), 0);
  ck_assert_uint_eq(ref_ulp_f32(-FLT_TRUE_MIN, FLT_TRUE_MIN), 2);
  ck_assert_uint_eq(ref_ulp_f32(NAN, 1.0f), UINT64_MAX);
  ck_assert_uint_eq(ref_ulp_f32(NAN, -NAN), 0);
  ck_assert_uint_eq(ref_ulp_f64(1.0, nextafter(nextafter(1.0, 0.0), 0.0)), 2);
  ck_assert_uint_eq(ref_ulp_f64(-DBL_MAX, DBL_MAX), 0xffdffffffffffffeull);
  ck_assert_uint_eq(ref_ulp_f64(-INFINITY, INFINITY), 0xffe0000000000000ull);
}
END_TEST

START_TEST(compare_messages)
{
  char msg[512];
  uint32_t eu[4] = { 1, 2, 5, 7 }, gu[4] = { 1, 2, 6, 7 };
  ref_cmp c = ref_cmp_of(REF_U32, eu, gu, 4);
  ck_assert_uint_eq(ref_compare(&c, "p: ", "k", "w", msg, sizeof msg), 1);
  ck_assert_str_eq(msg, "k: w[2]: expected 5 (0x00000005), got 6 (0x00000006) (1 of 4 elements "
                        "differ)");

  float ef[3] = { 1.0f, NAN, 0.0f }, gf[3] = { 1.0f, -NAN, -0.0f };
  c = ref_cmp_of(REF_F32, ef, gf, 3);
  ck_assert_uint_eq(ref_compare(&c, "", "k", "f", msg, sizeof msg), 1); /* NaN matches NaN */
  ck_assert_str_eq(msg, "k: f[2]: expected 0 (0x00000000), got -0 (0x80000000) [0 ulp apart, 0 "
                        "allowed] (1 of 3 elements differ)");
  c.max_ulp = 1;
  ck_assert_uint_eq(ref_compare(&c, "", "k", "f", msg, sizeof msg), 0);

  double ed[2] = { 100.0, INFINITY }, gd[2] = { 100.5, INFINITY };
  c = ref_cmp_of(REF_F64_TOL, ed, gd, 2);
  c.rel = 1e-2;
  ck_assert_uint_eq(ref_compare(&c, "", "k", "d", msg, sizeof msg), 0);
  c.rel = 1e-3;
  c.abs_tol = 0.25;
  ck_assert_uint_eq(ref_compare(&c, "", "k", "d", msg, sizeof msg), 1);
  ck_assert_str_eq(msg, "k: d[0]: expected 100 (0x4059000000000000), got 100.5 "
                        "(0x4059200000000000) [tolerance rel 0.001, abs 0.25] (1 of 2 elements "
                        "differ)");

  uint16_t eh[2] = { 0x3c00, 0x7e00 }, gh[2] = { 0x3c01, 0x7fff };
  c = ref_cmp_of(REF_F16, eh, gh, 2);
  ck_assert_uint_eq(ref_compare(&c, "", "k", "h", msg, sizeof msg), 1);
  ck_assert_str_eq(msg, "k: h[0]: expected 0x3c00 (1), got 0x3c01 (1.00097656) (1 of 2 elements "
                        "differ)");
}
END_TEST

/* A checker that records what a shared reference reports. */
static int n_compared, n_failed;
static char last[1024];

static int record_compare(const ref_cmp *c, const char *kernel, const char *what)
{
  n_compared++;
  return ref_compare(c, "", kernel, what, last, sizeof last) != 0;
}

static void record_failed(const char *msg)
{
  n_failed++;
  snprintf(last, sizeof last, "%s", msg);
}

START_TEST(checker_reports)
{
  const ref_check ck = { record_compare, record_failed };
  int32_t e[2] = { -1, 3 }, g[2] = { -1, 4 };
  n_compared = n_failed = 0;
  ck_assert_int_eq(ref_expect_i32(&ck, "k", "x", e, e, 2), 0);
  ck_assert_int_eq(ref_expect_i32(&ck, "k", "x", e, g, 2), 1);
  ck_assert_str_eq(last, "k: x[1]: expected 3 (0x00000003), got 4 (0x00000004) (1 of 2 elements "
                         "differ)");
  ck_assert_int_eq(ref_expect(&ck, 1 + 1 == 2, "not %s", "reported"), 0);
  ck_assert_int_eq(ref_expect(&ck, 0, "bad %d of %d", 3, 4), 1);
  ck_assert_str_eq(last, "bad 3 of 4");
  ck_assert_int_eq(n_compared, 2);
  ck_assert_int_eq(n_failed, 1);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("ref_util");
  TCase *tc = tcase_create("ref_util");
  tcase_add_test(tc, prng_is_splitmix64);
  tcase_add_test(tc, interesting_values);
  tcase_add_test(tc, half_conversions);
  tcase_add_test(tc, ulp_distances);
  tcase_add_test(tc, compare_messages);
  tcase_add_test(tc, checker_reports);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int n_failed_tests = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed_tests == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
