/* local_array.cu -- CUDA host program for benchmarks/cuda/local_array.cu; the
 * scenarios of tests/drivers/check_local_array.c: per-thread .local arrays
 * indexed with data-dependent indices, against the inputs and reference of
 * tests/ref/local_array_ref.h; exact. */
#include "../../benchmarks/cuda/local_array.cu"
#include "exec_util.h"
#include "../ref/local_array_ref.h"

static void test_local_array_i32(void)
{
  int32_t idx[N], vals[N], exp[N], got[N];

  ex_begin("local_array_i32");
  local_array_i32_inputs(idx, vals, exp);
  int *di = ex_upload(idx, sizeof idx), *dv = ex_upload(vals, sizeof vals);
  int *dout = ex_alloc<int>(sizeof got);
  local_array_i32<<<ex_cdiv(N, 128), 128>>>(di, dv, dout, N);
  EX_LAUNCHED("local_array_i32");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("local_array_i32", "out", exp, got, N);
  ex_end();
}

static void test_local_array_mixed(void)
{
  int32_t idx[N];
  float expf_[N], gotf[N];
  uint64_t expl[N], gotl[N];

  ex_begin("local_array_mixed");
  local_array_mixed_inputs(idx, expf_, expl);
  int *di = ex_upload(idx, sizeof idx);
  float *df = ex_alloc<float>(sizeof gotf);
  unsigned long long *dl = ex_alloc<unsigned long long>(sizeof gotl);
  local_array_mixed<<<ex_cdiv(N, 96), 96>>>(di, df, dl, N);
  EX_LAUNCHED("local_array_mixed");
  ex_download(gotf, df, sizeof gotf);
  ex_download(gotl, dl, sizeof gotl);
  ex_expect_f32("local_array_mixed", "outf", expf_, gotf, N, 0);
  ex_expect_u64("local_array_mixed", "outl", expl, gotl, N);
  ex_end();
}

int main(void)
{
  ex_init("local_array");
  test_local_array_i32();
  test_local_array_mixed();
  return ex_finish();
}
