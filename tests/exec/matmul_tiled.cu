/* matmul_tiled.cu -- CUDA host program for benchmarks/cuda/matmul_tiled.cu;
 * the scenarios of tests/drivers/check_matmul_tiled.c: C = A * B with 16x16
 * tiles and naively, bit-exact against the reference of
 * tests/ref/matmul_tiled_ref.h. */
#include "../../benchmarks/cuda/matmul_tiled.cu"
#include "exec_util.h"
#include "../ref/matmul_tiled_ref.h"

typedef void (*mm_kernel)(const float *, const float *, float *, int, int, int);

static void run(const char *name, mm_kernel kernel, dim3 block)
{
  static float a[M * K], b[K * N], exp[M * N], got[M * N];

  ex_begin(name);
  matmul_inputs(a, b, exp);
  float *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  float *dc = ex_alloc<float>(sizeof got);
  kernel<<<dim3(ex_cdiv(N, block.x), ex_cdiv(M, block.y)), block>>>(da, db, dc, M, N, K);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dc, sizeof got);
  ex_expect_f32(name, "C", exp, got, M * N, 0);
  ex_end();
}

int main(void)
{
  ex_init("matmul_tiled");
  run("matmul_tiled", matmul_tiled, dim3(16, 16));
  run("matmul_naive", matmul_naive, dim3(8, 4));
  return ex_finish();
}
