/* fastmath.cu -- CUDA host program for benchmarks/cuda/fastmath.cu (built
 * with --use_fast_math: .ftz, div/rcp/sqrt/rsqrt/ex2/lg2/sin/cos.approx; the
 * flag changes device code only, not this host reference); the scenarios of
 * tests/drivers/check_fastmath.c.
 *
 * fastmath_ops: the reference follows the PTX instruction by instruction (nvcc
 * turns expf into ex2.approx(|x| * -log2(e)), logf into lg2.approx(t) * ln(2),
 * powf(t, 0.5) into ex2.approx(lg2.approx(t) * 0.5)).  The exact ones
 * (fma.rn.ftz + sub.ftz, abs(sub.ftz), the setp.ftz compare sum, the select)
 * are bit-exact, flushing subnormal inputs and results to sign-preserving
 * zero; the first elements are subnormal edge cases whose results change when
 * .ftz is ignored.  The approximate ones are held to the PTX ISA bounds,
 * widened by the reference's own rounding (see the driver).  Every libm call
 * takes an explicit double, as in the C driver.
 * fastmath_softmax_row: against a double reference, relative 2e-5.
 *
 * Inputs, CPU reference and checks: tests/ref/fastmath_ref.h. */
#include "../../benchmarks/cuda/fastmath.cu"
#include "exec_util.h"
#include "../ref/fastmath_ref.h"

static void test_fastmath_ops(void)
{
  float a[N], b[N];
  static float want[13 * N], got[13 * N];

  ex_begin("fastmath_ops");
  fastmath_ops_inputs(a, b, want);
  float *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  float *dout = ex_alloc<float>(sizeof got);
  fastmath_ops<<<ex_cdiv(N, 128), 128>>>(da, db, dout, N);
  EX_LAUNCHED("fastmath_ops");
  ex_download(got, dout, sizeof got);
  fastmath_ops_check(&ex_ref_check, a, b, want, got);
  ex_end();
}

static void test_fastmath_softmax_row(void)
{
  static float in[ROWS * COLS], want[ROWS * COLS], got[ROWS * COLS];

  ex_begin("fastmath_softmax_row");
  fastmath_softmax_inputs(in, want);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  fastmath_softmax_row<<<ROWS, 128>>>(din, dout, COLS);
  EX_LAUNCHED("fastmath_softmax_row");
  ex_download(got, dout, sizeof got);
  /* the reference is exact (double); the kernel adds ex2.approx (2 ulp) per
   * term, rcp.approx (1 ulp), and an f32 sum of 300 terms: 2e-5 */
  ex_expect_f32_tol("fastmath_softmax_row", "out", want, got, ROWS * COLS, 2e-5, 1e-30);
  ex_end();
}

int main(void)
{
  ex_init("fastmath");
  test_fastmath_ops();
  test_fastmath_softmax_row();
  return ex_finish();
}
