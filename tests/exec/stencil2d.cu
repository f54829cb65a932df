/* stencil2d.cu -- CUDA host program for benchmarks/cuda/stencil2d.cu; the
 * scenarios of tests/drivers/check_stencil2d.c: the 5-point stencil from
 * global memory and from a shared tile with halo, bit-exact against the
 * reference of tests/ref/stencil2d_ref.h. */
#include "../../benchmarks/cuda/stencil2d.cu"
#include "exec_util.h"
#include "../ref/stencil2d_ref.h"

typedef void (*st_kernel)(const float *, float *, int, int, float, float);

static void run(const char *name, st_kernel kernel, dim3 block)
{
  static float in[W * H], exp[W * H], got[W * H];
  float c0 = 0.6f, c1 = 0.1f;

  ex_begin(name);
  stencil2d_inputs(c0, c1, in, exp);
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
