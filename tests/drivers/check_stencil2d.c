/* check_stencil2d.c -- host driver for benchmarks/cuda/stencil2d.cu: the
 * 5-point stencil from global memory and from a shared tile with halo,
 * bit-exact against the reference of tests/ref/stencil2d_ref.h. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/stencil2d_ref.h"

static void run(const char *kernel, ptxsim_dim3 block)
{
  drv_ctx c;
  static float in[W * H], exp[W * H], got[W * H];
  int w = W, h = H;
  float c0 = 0.6f, c1 = 0.1f;

  drv_open(&c, "stencil2d");
  stencil2d_inputs(c0, c1, in, exp);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, kernel, drv_dim(drv_cdiv(W, block.x), drv_cdiv(H, block.y), 1), block, 0,
             DRV_ARGS(&din, &dout, &w, &h, &c0, &c1));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32(kernel, "out", exp, got, W * H, 0);
  drv_close(&c);
}

START_TEST(test_stencil2d) { run("stencil2d", drv_dim(8, 8, 1)); }
END_TEST

START_TEST(test_stencil2d_shared) { run("stencil2d_shared", drv_dim(16, 16, 1)); }
END_TEST

int main(void)
{
  Suite *s = suite_create("stencil2d");
  DRV_ADD(s, test_stencil2d);
  DRV_ADD(s, test_stencil2d_shared);
  return drv_run(s);
}
