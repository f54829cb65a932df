/* check_bitonic_sort.c -- host driver for benchmarks/cuda/bitonic_sort.cu:
 * bitonic_sort_block sorts 512-key segments (the last one short: padded
 * with 0xffffffff in shared memory, not written back); bitonic_step_global
 * is checked as one pass on a non-power-of-two array against the CPU pass,
 * then as the full 55-launch sort of 1024 keys against qsort. */
#include "tests/drivers/drv_util.h"

#include <stdlib.h>
#include <string.h>

static int cmp_u32(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static void fill(uint32_t *v, int n, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    uint32_t k = ref_rand32(&r);
    v[i] = (i % 9 == 0) ? 0xffffffffu : (i % 7 == 0) ? 0u : (i % 5 == 0) ? (k & 15) : k;
  }
}

START_TEST(test_bitonic_sort_block)
{
  enum { N = 1300 };
  drv_ctx c;
  uint32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "bitonic_sort");
  fill(in, N, 22);
  memcpy(exp, in, sizeof in);
  for (int b = 0; b < N; b += 512)
    qsort(exp + b, (size_t)(N - b < 512 ? N - b : 512), sizeof exp[0], cmp_u32);
  ptxsim_devptr d = drv_upload(&c, in, sizeof in);
  drv_launch(&c, "bitonic_sort_block", drv_dim(drv_cdiv(N, 512), 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&d, &n));
  drv_download(&c, got, d, sizeof got);
  drv_expect_u32("bitonic_sort_block", "data", exp, got, N);
  drv_close(&c);
}
END_TEST

static void cpu_step(uint32_t *v, int n, int j, int k)
{
  for (int i = 0; i < n; i++) {
    int p = i ^ j;
    if (p <= i || p >= n)
      continue;
    uint32_t a = v[i], b = v[p], lo = a < b ? a : b, hi = a < b ? b : a;
    v[i] = (i & k) == 0 ? lo : hi;
    v[p] = (i & k) == 0 ? hi : lo;
  }
}

START_TEST(test_bitonic_step_global)
{
  enum { N = 1024, M = 1000 };
  drv_ctx c;
  uint32_t in[N], exp[N], got[N];
  int n = N, m = M, j = 8, k = 32;

  drv_open(&c, "bitonic_sort");
  /* one pass on a non-power-of-two length: partners p >= n are skipped */
  fill(in, M, 23);
  memcpy(exp, in, M * sizeof in[0]);
  cpu_step(exp, M, j, k);
  ptxsim_devptr d = drv_upload(&c, in, M * sizeof in[0]);
  drv_launch(&c, "bitonic_step_global", drv_dim(drv_cdiv(M, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&d, &j, &k, &m));
  drv_download(&c, got, d, M * sizeof got[0]);
  drv_expect_u32("bitonic_step_global (j=8, k=32, n=1000)", "data", exp, got, M);

  /* the full sort of 1024 keys: 55 launches */
  fill(in, N, 24);
  memcpy(exp, in, sizeof in);
  qsort(exp, N, sizeof exp[0], cmp_u32);
  ptxsim_devptr d2 = drv_upload(&c, in, sizeof in);
  for (k = 2; k <= N; k <<= 1)
    for (j = k >> 1; j > 0; j >>= 1)
      drv_launch(&c, "bitonic_step_global", drv_dim(N / 256, 1, 1), drv_dim(256, 1, 1), 0,
                 DRV_ARGS(&d2, &j, &k, &n));
  drv_download(&c, got, d2, sizeof got);
  drv_expect_u32("bitonic_step_global (full sort)", "data", exp, got, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("bitonic_sort");
  DRV_ADD(s, test_bitonic_sort_block);
  DRV_ADD(s, test_bitonic_step_global);
  return drv_run(s);
}
