/* divergence.cu -- CUDA host program for benchmarks/cuda/divergence.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_divergence.c:
 * divergent_walk (early returns, loops with break/continue, elements with
 * in[i] == 0 left unwritten) and divergent_block_sum (switch, nested ifs,
 * barrier after divergent work), against the inputs and reference of
 * tests/ref/divergence_ref.h; exact. */
#include "../../benchmarks/cuda/divergence.cu"
#include "exec_util.h"
#include "../ref/divergence_ref.h"

static void test_divergent_walk(void)
{
  int32_t in[N], exp[N], got[N];

  ex_begin("divergent_walk");
  divergent_walk_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc_fill<int>(sizeof got, 0x77);
  divergent_walk<<<ex_cdiv(N, 64), 64>>>(din, dout, N);
  EX_LAUNCHED("divergent_walk");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("divergent_walk", "out", exp, got, N);
  ex_end();
}

static void test_divergent_block_sum(void)
{
  int32_t in[N], exp[NB], got[NB];

  ex_begin("divergent_block_sum");
  divergent_block_sum_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  divergent_block_sum<<<NB, 128>>>(din, dout, N);
  EX_LAUNCHED("divergent_block_sum");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("divergent_block_sum", "out", exp, got, NB);
  ex_end();
}

int main(void)
{
  ex_init("divergence");
  test_divergent_walk();
  test_divergent_block_sum();
  return ex_finish();
}
