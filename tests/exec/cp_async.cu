/* cp_async.cu -- CUDA host program for benchmarks/cuda/cp_async.cu (sm_80); the
 * scenarios of tests/drivers/check_cp_async.c (inputs and reference:
 * tests/ref/cp_async_ref.h):
 * cp.async (16-, 8- and 4-byte copies) with commit/wait groups in a
 * double-buffered pipeline, and cuda::memcpy_async on an mbarrier with
 * arrive_and_wait / wait_parity / inval.  The last block of each launch is
 * partial (4-byte tail copies, the non-async fill path).  out = fmaf(in, 2, 1)
 * (fma.rn.f32 in the PTX) and integer reversal; exact. */
#include "../../benchmarks/cuda/cp_async.cu"
#include "exec_util.h"
#include "../ref/cp_async_ref.h"

static void test_cp_async_pipeline(void)
{
  enum { N = 2 * 4096 + 203 }; /* third block: 50 vectors + 3 scalars, no side copy */
  static float in[N], exp[N], got[N];

  ex_begin("cp_async_pipeline");
  cp_async_pipeline_inputs(N, in, exp);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  cp_async_pipeline<<<ex_cdiv(N, 4096), 128>>>(din, dout, N);
  EX_LAUNCHED("cp_async_pipeline");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("cp_async_pipeline", "out", exp, got, N, 0);
  ex_end();
}

static void test_cp_async_barrier(void)
{
  enum { N = 2 * 1024 + 500 };
  static int32_t in[N], exp[N], got[N];

  ex_begin("cp_async_barrier");
  cp_async_barrier_inputs(N, in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cp_async_barrier<<<ex_cdiv(N, 1024), 256>>>(din, dout, N);
  EX_LAUNCHED("cp_async_barrier");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cp_async_barrier", "out", exp, got, N);
  ex_end();
}

int main(void)
{
  ex_init("cp_async");
  test_cp_async_pipeline();
  test_cp_async_barrier();
  return ex_finish();
}
