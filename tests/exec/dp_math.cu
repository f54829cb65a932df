/* dp_math.cu -- CUDA host program for benchmarks/cuda/dp_math.cu; the scenario
 * of tests/drivers/check_dp_math.c: libdevice double-precision math against the
 * inputs, reference and bounds of tests/ref/dp_math_ref.h. */
#include "../../benchmarks/cuda/dp_math.cu"
#include "exec_util.h"
#include "../ref/dp_math_ref.h"

static void test_dp_math(void)
{
  double x[N], y[N];
  static double want[10 * N], got[10 * N];

  ex_begin("dp_math");
  dp_math_inputs(x, y, want);
  double *dx = ex_upload(x, sizeof x), *dy = ex_upload(y, sizeof y);
  double *dout = ex_alloc<double>(sizeof got);
  dp_math<<<ex_cdiv(N, 64), 64>>>(dx, dy, dout, N);
  EX_LAUNCHED("dp_math");
  ex_download(got, dout, sizeof got);
  dp_math_check(&ex_ref_check, want, got);
  ex_end();
}

int main(void)
{
  ex_init("dp_math");
  test_dp_math();
  return ex_finish();
}
