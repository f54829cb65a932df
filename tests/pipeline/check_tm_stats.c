/* check_tm_stats.c -- the statistics registry (pipeline/tm_stats.c):
 * registration rules, and the exact text and JSON of a small registry
 * whose counters a fake unit increments directly.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/tm_stats.h"
#include "tests/test_util.h"

/* A unit with its own counters, as the pipeline's units have. */
typedef struct fake_unit {
  uint64_t cycles, insn;
  double wall;
  uint64_t issue[4];
} fake_unit;

static double ipc(const void *ctx)
{
  const fake_unit *u = ctx;
  return u->cycles ? (double)u->insn / (double)u->cycles : 0.0;
}

static char *capture(const tm_stats *s, bool is_json)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  if (is_json)
    tm_stats_print_json(s, f);
  else
    tm_stats_print_text(s, f);
  fclose(f);
  return text;
}

static void setup_registry(tm_stats *s, fake_unit *u)
{
  tm_stats_init(s);
  ck_assert_int_eq(tm_stats_add_u64(s, "gpu_sim_cycle", "core cycles", &u->cycles), 0);
  ck_assert_int_eq(tm_stats_add_u64(s, "gpu_sim_insn", "thread instructions", &u->insn), 0);
  ck_assert_int_eq(tm_stats_add_fn(s, "gpu_ipc", "instructions per cycle", ipc, u), 0);
  ck_assert_int_eq(tm_stats_add_f64(s, "wall_s", "seconds", &u->wall), 0);
  ck_assert_int_eq(tm_stats_add_hist(s, "warp_issue", "issue width histogram", u->issue, 4, "W"),
                   0);
}

START_TEST(text_and_json)
{
  fake_unit u;
  memset(&u, 0, sizeof u);
  tm_stats s;
  setup_registry(&s, &u);
  /* The unit counts by itself, after registration. */
  for (int c = 0; c < 1234; c++) {
    u.cycles++;
    u.issue[c % 4]++;
  }
  u.insn = 2468;
  u.issue[3] += 10;
  u.wall = 0.25;
  char *text = capture(&s, false);
  ck_assert_str_eq(text, "gpu_sim_cycle = 1234\n"
                         "gpu_sim_insn = 2468\n"
                         "gpu_ipc =       2.0000\n"
                         "wall_s =       0.2500\n"
                         "warp_issue = W0:309 W1:309 W2:308 W3:318\n");
  free(text);
  char *json = capture(&s, true);
  ck_assert_str_eq(json, "{\"gpu_sim_cycle\": 1234, \"gpu_sim_insn\": 2468, \"gpu_ipc\": 2.0, "
                         "\"wall_s\": 0.25, \"warp_issue\": [309, 309, 308, 318]}\n");
  free(json);
  /* Values are read at print time. */
  u.cycles = 0;
  json = capture(&s, true);
  ck_assert_ptr_nonnull(strstr(json, "\"gpu_sim_cycle\": 0, "));
  ck_assert_ptr_nonnull(strstr(json, "\"gpu_ipc\": 0.0, "));
  free(json);
  tm_stats_free(&s);
}
END_TEST

START_TEST(non_finite_and_empty)
{
  tm_stats s;
  tm_stats_init(&s);
  char *json = capture(&s, true);
  ck_assert_str_eq(json, "{}\n");
  free(json);
  double nan_v = NAN, big = 1e300 * 1e300, third = 1.0 / 3.0;
  ck_assert_int_eq(tm_stats_add_f64(&s, "a", "", &nan_v), 0);
  ck_assert_int_eq(tm_stats_add_f64(&s, "b", NULL, &big), 0);
  ck_assert_int_eq(tm_stats_add_f64(&s, "c", NULL, &third), 0);
  json = capture(&s, true);
  ck_assert_str_eq(json, "{\"a\": null, \"b\": null, \"c\": 0.33333333333333331}\n");
  free(json);
  tm_stats_free(&s);
}
END_TEST

/* Energies span many decades: scientific notation in text, the same
 * doubles as any other in JSON. */
START_TEST(scientific_text)
{
  tm_stats s;
  tm_stats_init(&s);
  double tiny = 0x1p-30, zero = 0; /* 9.3132257461547852e-10 */
  ck_assert_int_eq(tm_stats_add_f64e(&s, "e_j", "joules", &tiny), 0);
  ck_assert_int_eq(tm_stats_add_f64e(&s, "z_j", NULL, &zero), 0);
  ck_assert_int_eq(tm_stats_add_f64e(&s, "bad", NULL, NULL), PTX_EINVAL);
  char *text = capture(&s, false);
  ck_assert_str_eq(text, "e_j = 9.313226e-10\nz_j = 0.000000e+00\n");
  free(text);
  char *json = capture(&s, true);
  ck_assert_str_eq(json, "{\"e_j\": 9.3132257461547852e-10, \"z_j\": 0.0}\n");
  free(json);
  tm_stats_free(&s);
}
END_TEST

START_TEST(registration_rules)
{
  tm_stats s;
  tm_stats_init(&s);
  uint64_t x = 0, h[2] = {0, 0};
  ck_assert_int_eq(tm_stats_add_u64(&s, "L1D_total_cache_accesses", "", &x), 0);
  ck_assert_int_eq(tm_stats_add_u64(&s, "sched0.stall-idle:sm3", "", &x), 0);
  /* Duplicates, empty or unprintable names, missing pointers, no buckets. */
  ck_assert_int_eq(tm_stats_add_u64(&s, "L1D_total_cache_accesses", "", &x), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_u64(&s, "", "", &x), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_u64(&s, "has space", "", &x), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_u64(&s, "quote\"", "", &x), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_u64(&s, "p", "", NULL), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_hist(&s, "h", "", h, 0, "W"), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_hist(&s, "h", "", h, 2, "W "), PTX_EINVAL);
  ck_assert_int_eq(tm_stats_add_fn(&s, "f", "", NULL, NULL), PTX_EINVAL);
  ck_assert_uint_eq(s.n, 2);
  ck_assert_ptr_nonnull(tm_stats_find(&s, "sched0.stall-idle:sm3"));
  ck_assert_ptr_null(tm_stats_find(&s, "h"));
  /* Many registrations keep their order. */
  static uint64_t many[100];
  static char names[100][16];
  for (int i = 0; i < 100; i++) {
    snprintf(names[i], sizeof names[i], "c%02d", i);
    many[i] = (uint64_t)i * 3;
    ck_assert_int_eq(tm_stats_add_u64(&s, names[i], "", &many[i]), 0);
  }
  ck_assert_uint_eq(s.n, 102);
  ck_assert_str_eq(s.v[2].name, "c00");
  ck_assert_str_eq(s.v[101].name, "c99");
  char *text = capture(&s, false);
  ck_assert_ptr_nonnull(strstr(text, "c98 = 294\nc99 = 297\n"));
  free(text);
  text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  tm_stats_print_descriptions(&s, f);
  fclose(f);
  ck_assert(strncmp(text, "L1D_total_cache_accesses: \n", 27) == 0);
  free(text);
  tm_stats_free(&s);
  ck_assert_uint_eq(s.n, 0);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("tm_stats");
  TCase *t = tcase_create("output");
  tcase_add_test(t, text_and_json);
  tcase_add_test(t, non_finite_and_empty);
  tcase_add_test(t, scientific_text);
  suite_add_tcase(s, t);
  t = tcase_create("registration");
  tcase_add_test(t, registration_rules);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
