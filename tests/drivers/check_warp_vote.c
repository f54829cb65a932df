/* check_warp_vote.c -- host driver for benchmarks/cuda/warp_vote.cu: vote
 * all/any/ballot, match.any (b32, b64), match.all with its predicate,
 * redux.sync add/min/or, activemask (full and inside a divergent branch)
 * and a ballot over the even lanes only.  The last warp is partly past n
 * (those lanes vote with 0 and write nothing); one warp has equal high
 * halves so match.all succeeds there.  Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/warp_vote_ref.h, shared with
 * tests/exec/warp_vote.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/warp_vote_ref.h"

START_TEST(test_warp_vote)
{
  drv_ctx c;
  int32_t in[N];
  static uint32_t exp[12 * N], got[12 * N];
  int n = N;

  drv_open(&c, "warp_vote");
  warp_vote_inputs(in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "warp_vote", drv_dim(NT / 128, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  warp_vote_check(&drv_check, exp, got);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("warp_vote");
  DRV_ADD(s, test_warp_vote);
  return drv_run(s);
}
