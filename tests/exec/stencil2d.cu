/* stencil2d.cu -- CUDA host program for benchmarks/cuda/stencil2d.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_stencil2d.c:
 * the 5-point stencil from global memory and from a shared tile with halo,
 * on a 45 x 38 grid (partial tiles).  out = fmaf(c0, c, c1 * s) with s
 * summed in source order; boundary cells are copied.  Bit-exact. */
#include "../../benchmarks/cuda/stencil2d.cu"
#include "exec_util.h"

#define W 45
#define H 38

typedef void (*st_kernel)(const float *, float *, int, int, float, float);

static void run(const char *name, st_kernel kernel, dim3 block)
{
  ref_rng r;
  static float in[W * H], exp[W * H], got[W * H];
  float c0 = 0.6f, c1 = 0.1f;

  ex_begin(name);
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
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  kernel<<<dim3(ex_cdiv(W, block.x), ex_cdiv(H, block.y)), block>>>(din, dout, W, H, c0, c1);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dout, sizeof got);
  ex_expect_f32(name, "out", exp, got, W * H, 0);
  ex_end();
}

int main(void)
{
  ex_init("stencil2d");
  run("stencil2d", stencil2d, dim3(8, 8));
  run("stencil2d_shared", stencil2d_shared, dim3(16, 16));
  return ex_finish();
}
