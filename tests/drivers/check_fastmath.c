/* check_fastmath.c -- host driver for benchmarks/cuda/fastmath.cu (built
 * with --use_fast_math: .ftz, div/rcp/sqrt/rsqrt/ex2/lg2/sin/cos.approx).
 *
 * fastmath_ops: the reference follows the PTX instruction by instruction
 * (nvcc turns expf into ex2.approx(|x| * -log2(e)), logf into
 * lg2.approx(t) * ln(2), powf(t, 0.5) into ex2.approx(lg2.approx(t) * 0.5)).
 * The exact ones (fma.rn.ftz + sub.ftz, abs(sub.ftz), the setp.ftz
 * compare sum, the select) are bit-exact, flushing subnormal inputs and
 * results to sign-preserving zero; the first elements are subnormal edge
 * cases whose results change when .ftz is ignored.  The approximate ones
 * are held to the PTX ISA bounds, widened by the reference's own rounding:
 * div.approx 2 ulp, rcp.approx 1 ulp, sqrt.approx relative 2^-23,
 * rsqrt.approx relative 2^-22.9, ex2.approx 2 ulp, lg2.approx absolute
 * 2^-22 on (0.5, 2) and relative 2^-22 elsewhere (times ln 2 here),
 * sin/cos.approx absolute 2^-20.5 on [-2pi, 2pi] and 2^-14.7 on
 * [-100pi, 100pi]; powf(t, 0.5) composes lg2 and ex2: relative 2^-20 for
 * t <= 51.  The edge elements are only checked where those bounds apply.
 * fastmath_softmax_row: see its test.
 *
 * Inputs, CPU reference and checks: tests/ref/fastmath_ref.h, shared with
 * tests/exec/fastmath.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/fastmath_ref.h"

START_TEST(test_fastmath_ops)
{
  drv_ctx c;
  float a[N], b[N];
  static float want[13 * N], got[13 * N];
  int n = N;

  drv_open(&c, "fastmath");
  fastmath_ops_inputs(a, b, want);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "fastmath_ops", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&da, &db, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  fastmath_ops_check(&drv_check, a, b, want, got);
  drv_close(&c);
}
END_TEST

START_TEST(test_fastmath_softmax_row)
{
  drv_ctx c;
  static float in[ROWS * COLS], want[ROWS * COLS], got[ROWS * COLS];
  int cols = COLS;

  drv_open(&c, "fastmath");
  fastmath_softmax_inputs(in, want);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "fastmath_softmax_row", drv_dim(ROWS, 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&din, &dout, &cols));
  drv_download(&c, got, dout, sizeof got);
  /* the reference is exact (double); the kernel adds ex2.approx (2 ulp)
   * per term, rcp.approx (1 ulp), and an f32 sum of 300 terms (3 per
   * thread, then a 7-level tree): about 2e-6 relative at worst; 2e-5 */
  drv_expect_f32_tol("fastmath_softmax_row", "out", want, got, ROWS * COLS, 2e-5, 1e-30);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("fastmath");
  DRV_ADD(s, test_fastmath_ops);
  DRV_ADD(s, test_fastmath_softmax_row);
  return drv_run(s);
}
