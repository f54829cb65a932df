/* warp_vote.cu -- CUDA host program for benchmarks/cuda/warp_vote.cu
 * (sm_80: redux.sync); the scenario of
 * tests/drivers/check_warp_vote.c: vote all/any/ballot, match.any (b32,
 * b64), match.all with its predicate, redux.sync add/min/or, activemask
 * (full and inside a divergent branch) and a ballot over the even lanes
 * only.  The last warp is partly past n (those lanes vote with 0 and write
 * nothing); one warp has equal high halves so match.all succeeds there.
 * Exact.
 *
 * Inputs, CPU reference and checks: tests/ref/warp_vote_ref.h. */
#include "../../benchmarks/cuda/warp_vote.cu"
#include "exec_util.h"
#include "../ref/warp_vote_ref.h"

static void test_warp_vote(void)
{
  int32_t in[N];
  static uint32_t exp[12 * N], got[12 * N];

  ex_begin("warp_vote");
  warp_vote_inputs(in, exp);
  int *din = ex_upload(in, sizeof in);
  unsigned *dout = ex_alloc<unsigned>(sizeof got);
  warp_vote<<<NT / 128, 128>>>(din, dout, N);
  EX_LAUNCHED("warp_vote");
  ex_download(got, dout, sizeof got);
  warp_vote_check(&ex_ref_check, exp, got);
  ex_end();
}

int main(void)
{
  ex_init("warp_vote");
  test_warp_vote();
  return ex_finish();
}
