/* check_stencil2d.c -- host driver for benchmarks/cuda/stencil2d.cu: the
 * 5-point stencil from global memory and from a shared tile with halo, on a
 * 45 x 38 grid (partial tiles).  out = fmaf(c0, c, c1 * s) with s summed in
 * source order (the PTX has mul.f32 then fma.rn.f32); boundary cells are
 * copied.  Bit-exact. */
#include "tests/drivers/drv_util.h"

#include <math.h>

#define W 45
#define H 38

static void run(const char *kernel, ptxsim_dim3 block)
{
  drv_ctx c;
  ref_rng r;
  static float in[W * H], exp[W * H], got[W * H];
  int w = W, h = H;
  float c0 = 0.6f, c1 = 0.1f;

  drv_open(&c, "stencil2d");
  ref_rng_seed(&r, 12);
  for (int i = 0; i < W * H; i++)
    in[i] = (i % 17 == 0) ? 0.0f : ref_randf(&r, -50.0f, 50.0f);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int i = y * W + x;
      if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        exp[i] = in[i];
        continue;
      }
      float s = ((in[i - W] + in[i + W]) + in[i - 1]) + in[i + 1];
      exp[i] = fmaf(c0, in[i], c1 * s);
    }
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
