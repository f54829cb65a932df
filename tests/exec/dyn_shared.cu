/* dyn_shared.cu -- CUDA host program for benchmarks/cuda/dyn_shared.cu; the
 * scenarios of tests/drivers/check_dyn_shared.c (inputs and reference:
 * tests/ref/dyn_shared_ref.h):
 * dyn_reverse and dyn_two_arrays with the dynamic shared size given in the
 * launch configuration (blockDim.x * 4 and * 8 bytes), a partial last block
 * whose missing elements read as 0.  Exact. */
#include "../../benchmarks/cuda/dyn_shared.cu"
#include "exec_util.h"
#include "../ref/dyn_shared_ref.h"

static void test_dyn_reverse(void)
{
  float in[N], exp[N], got[N];

  ex_begin("dyn_reverse");
  dyn_reverse_inputs(in, exp);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  dyn_reverse<<<ex_cdiv(N, B), B, B * 4>>>(din, dout, N);
  EX_LAUNCHED("dyn_reverse");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("dyn_reverse", "out", exp, got, N, 0);
  ex_end();
}

static void test_dyn_two_arrays(void)
{
  int32_t in[N], exp[N], got[N];
  float expf_[N], gotf[N];

  ex_begin("dyn_two_arrays");
  dyn_two_arrays_inputs(in, exp, expf_);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  float *doutf = ex_alloc<float>(sizeof gotf);
  dyn_two_arrays<<<ex_cdiv(N, B), B, B * 8>>>(din, dout, doutf, N);
  EX_LAUNCHED("dyn_two_arrays");
  ex_download(got, dout, sizeof got);
  ex_download(gotf, doutf, sizeof gotf);
  ex_expect_i32("dyn_two_arrays", "out", exp, got, N);
  ex_expect_f32("dyn_two_arrays", "outf", expf_, gotf, N, 0);
  ex_end();
}

int main(void)
{
  ex_init("dyn_shared");
  test_dyn_reverse();
  test_dyn_two_arrays();
  return ex_finish();
}
