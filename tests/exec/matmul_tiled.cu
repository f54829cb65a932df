/* matmul_tiled.cu -- CUDA host program for benchmarks/cuda/matmul_tiled.cu;
 * the scenarios, inputs and CPU reference of tests/drivers/check_matmul_tiled.c:
 * C = A * B (A: M x K, B: K x N, row-major) with 16x16 tiles and naively,
 * M, N, K not multiples of 16.  Both kernels accumulate
 * acc = fmaf(A[i][k], B[k][j], acc) in k order, so the reference does the
 * same and the comparison is bit-exact. */
#include "../../benchmarks/cuda/matmul_tiled.cu"
#include "exec_util.h"

#define M 37
#define N 29
#define K 21

typedef void (*mm_kernel)(const float *, const float *, float *, int, int, int);

static void run(const char *name, mm_kernel kernel, dim3 block)
{
  ref_rng r;
  static float a[M * K], b[K * N], exp[M * N], got[M * N];

  ex_begin(name);
  ref_rng_seed(&r, 10);
  for (int i = 0; i < M * K; i++)
    a[i] = (i % 11 == 0) ? 0.0f : ref_randf(&r, -2.0f, 2.0f);
  for (int i = 0; i < K * N; i++)
    b[i] = (i % 9 == 0) ? -0.0f : ref_randf(&r, -2.0f, 2.0f);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int q = 0; q < K; q++)
        acc = fmaf(a[i * K + q], b[q * N + j], acc);
      exp[i * N + j] = acc;
    }
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
