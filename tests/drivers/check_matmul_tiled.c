/* check_matmul_tiled.c -- host driver for benchmarks/cuda/matmul_tiled.cu:
 * C = A * B (A: M x K, B: K x N, row-major) with 16x16 tiles and naively.
 * Both kernels accumulate acc = fmaf(A[i][k], B[k][j], acc) in k order (the
 * PTX is a chain of fma.rn.f32), so the reference does exactly that and
 * the comparison is bit-exact.  M, N, K are not multiples of 16. */
#include "tests/drivers/drv_util.h"

#include <math.h>

#define M 37
#define N 29
#define K 21

static void run(const char *kernel, ptxsim_dim3 block)
{
  drv_ctx c;
  ref_rng r;
  static float a[M * K], b[K * N], exp[M * N], got[M * N];
  int m = M, n = N, k = K;

  drv_open(&c, "matmul_tiled");
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
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_alloc(&c, sizeof got);
  drv_launch(&c, kernel, drv_dim(drv_cdiv(N, block.x), drv_cdiv(M, block.y), 1), block, 0,
             DRV_ARGS(&da, &db, &dc, &m, &n, &k));
  drv_download(&c, got, dc, sizeof got);
  drv_expect_f32(kernel, "C", exp, got, M * N, 0);
  drv_close(&c);
}

START_TEST(test_matmul_tiled) { run("matmul_tiled", drv_dim(16, 16, 1)); }
END_TEST

START_TEST(test_matmul_naive) { run("matmul_naive", drv_dim(8, 4, 1)); }
END_TEST

int main(void)
{
  Suite *s = suite_create("matmul_tiled");
  DRV_ADD(s, test_matmul_tiled);
  DRV_ADD(s, test_matmul_naive);
  return drv_run(s);
}
