/* check_sm_wheel.c -- the SM's wake-up wheel (pipeline/sm_core.h,
 * sm_set_not_before, sm_wheel_turn, sm_wheel_next) against what it
 * replaces, a scan of not_before: after random writes of not_before (past,
 * this cycle, within the wheel's 64 cycles, beyond it, SM_NEVER) and turns
 * to later cycles (by one, by a few, past the whole wheel), the warps due
 * must be those with not_before <= now, and the next wake-up of any set of
 * warps the smallest not_before after now among them.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "pipeline/sm_core.h"
#include "tests/test_util.h"

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rnd(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* A not_before some write might give at cycle now. */
static uint64_t pick_cycle(uint64_t now)
{
  switch (rnd() % 6) {
  case 0: return SM_NEVER;
  case 1: return now > 5 ? now - rnd() % 5 : now;      /* the past (a memory callback) */
  case 2: return now + 1;
  case 3: return now + 1 + rnd() % SM_WHEEL;          /* within the wheel */
  case 4: return now + SM_WHEEL - 1 + rnd() % 4;      /* at its edge */
  default: return now + SM_WHEEL + 1 + rnd() % 300;   /* far */
  }
}

static void check_against_scan(const sm_core *sm, uint64_t now)
{
  for (uint32_t s = 0; s < SM_MAX_WARPS; s++) {
    uint64_t nb = sm->slot[s].not_before;
    if (!!(sm->due >> s & 1) != (nb <= now))
      ck_abort_msg("cycle %llu, slot %u, not_before %llu", (unsigned long long)now, s,
                   (unsigned long long)nb);
  }
  for (int i = 0; i < 8; i++) {
    uint64_t mask = i == 0 ? UINT64_MAX : rnd() & rnd();
    uint64_t want = SM_NEVER;
    for (uint32_t s = 0; s < SM_MAX_WARPS; s++)
      if ((mask >> s & 1) && sm->slot[s].not_before > now && sm->slot[s].not_before < want)
        want = sm->slot[s].not_before;
    uint64_t got = sm_wheel_next(sm, now, mask);
    if (got != want)
      ck_abort_msg("cycle %llu: next %llu, the scan %llu", (unsigned long long)now,
                   (unsigned long long)got, (unsigned long long)want);
  }
}

START_TEST(wheel_is_the_scan)
{
  sm_core *sm = calloc(1, sizeof *sm);
  ck_assert_ptr_nonnull(sm);
  sm->far_min = SM_NEVER; /* as sm_init leaves it */
  uint64_t now = 0;
  for (uint32_t s = 0; s < SM_MAX_WARPS; s++)
    sm_set_not_before(sm, s, pick_cycle(now));
  for (int step = 0; step < 20000; step++) {
    uint64_t gap = rnd() % 16 == 0 ? 1 + rnd() % 200 : 1 + rnd() % 3;
    now += gap;
    sm_wheel_turn(sm, now);
    check_against_scan(sm, now);
    /* The cycle's writes: tries and issues (from now + 1 on), callbacks. */
    for (int n = (int)(rnd() % 6); n > 0; n--) {
      uint32_t s = (uint32_t)(rnd() % SM_MAX_WARPS);
      sm_set_not_before(sm, s, pick_cycle(now));
      check_against_scan(sm, now);
    }
  }
  free(sm);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("sm_wheel");
  TCase *t = tcase_create("wheel");
  tcase_add_test(t, wheel_is_the_scan);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
