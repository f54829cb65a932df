/* transpose.cu -- CUDA host program for benchmarks/cuda/transpose.cu; the
 * scenarios of tests/drivers/check_transpose.c (inputs and reference:
 * tests/ref/transpose_ref.h):
 * transpose_tiled (32x8 blocks, 32x32 tiles) and transpose_naive on a
 * 70 x 45 matrix (partial tiles in both directions); a bit-exact copy. */
#include "../../benchmarks/cuda/transpose.cu"
#include "exec_util.h"
#include "../ref/transpose_ref.h"

typedef void (*tr_kernel)(const float *, float *, int, int);

static void run(const char *name, tr_kernel kernel, dim3 grid, dim3 block)
{
  static float in[ROWS * COLS], exp[ROWS * COLS], got[ROWS * COLS];

  ex_begin(name);
  transpose_inputs(in, exp);
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  kernel<<<grid, block>>>(din, dout, ROWS, COLS);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dout, sizeof got);
  ex_expect_f32(name, "out", exp, got, ROWS * COLS, 0);
  ex_end();
}

int main(void)
{
  ex_init("transpose");
  run("transpose_tiled", transpose_tiled, dim3(ex_cdiv(COLS, 32), ex_cdiv(ROWS, 32)), dim3(32, 8));
  run("transpose_naive", transpose_naive, dim3(ex_cdiv(COLS, 16), ex_cdiv(ROWS, 8)), dim3(16, 8));
  return ex_finish();
}
