/* reduce_shared.cu -- CUDA host program for benchmarks/cuda/reduce_shared.cu;
 * the scenarios of tests/drivers/check_reduce_shared.c (inputs and reference:
 * tests/ref/reduce_shared_ref.h): per-block tree sums of 512 elements
 * (256 threads, the last block partial); the float version is reproduced in
 * the kernel's exact pairing order, so both are bit-exact. */
#include "../../benchmarks/cuda/reduce_shared.cu"
#include "exec_util.h"
#include "../ref/reduce_shared_ref.h"

static void test_reduce_shared_i32(void)
{
  int32_t in[N], exp[NB], got[NB];

  ex_begin("reduce_shared_i32");
  reduce_shared_i32_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  reduce_shared_i32<<<NB, 256>>>(din, dout, N);
  EX_LAUNCHED("reduce_shared_i32");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("reduce_shared_i32", "partial", exp, got, NB);
  ex_end();
}

static void test_reduce_shared_f32(void)
{
  float in[N], exp[NB], got[NB];

  ex_begin("reduce_shared_f32");
  reduce_shared_f32_inputs(in, exp);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  reduce_shared_f32<<<NB, 256>>>(din, dout, N);
  EX_LAUNCHED("reduce_shared_f32");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("reduce_shared_f32", "partial", exp, got, NB, 0);
  ex_end();
}

int main(void)
{
  ex_init("reduce_shared");
  test_reduce_shared_i32();
  test_reduce_shared_f32();
  return ex_finish();
}
