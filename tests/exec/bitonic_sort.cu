/* bitonic_sort.cu -- CUDA host program for benchmarks/cuda/bitonic_sort.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_bitonic_sort.c:
 * bitonic_sort_block sorts 512-key segments (the last one short: padded with
 * 0xffffffff in shared memory, not written back); bitonic_step_global is checked
 * as one pass on a non-power-of-two array against the CPU pass, then as the full
 * 55-launch sort of 1024 keys against qsort. */
#include "../../benchmarks/cuda/bitonic_sort.cu"
#include "exec_util.h"

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

static void test_bitonic_sort_block(void)
{
  enum { N = 1300 };
  uint32_t in[N], exp[N], got[N];

  ex_begin("bitonic_sort_block");
  fill(in, N, 22);
  memcpy(exp, in, sizeof in);
  for (int b = 0; b < N; b += 512)
    qsort(exp + b, (size_t)(N - b < 512 ? N - b : 512), sizeof exp[0], cmp_u32);
  unsigned *d = ex_upload(in, sizeof in);
  bitonic_sort_block<<<ex_cdiv(N, 512), 256>>>(d, N);
  EX_LAUNCHED("bitonic_sort_block");
  ex_download(got, d, sizeof got);
  ex_expect_u32("bitonic_sort_block", "data", exp, got, N);
  ex_end();
}

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

static void test_bitonic_step_global(void)
{
  enum { N = 1024, M = 1000 };
  uint32_t in[N], exp[N], got[N];
  int j = 8, k = 32;

  ex_begin("bitonic_step_global");
  /* one pass on a non-power-of-two length: partners p >= n are skipped */
  fill(in, M, 23);
  memcpy(exp, in, M * sizeof in[0]);
  cpu_step(exp, M, j, k);
  unsigned *d = ex_upload(in, M * sizeof in[0]);
  bitonic_step_global<<<ex_cdiv(M, 128), 128>>>(d, j, k, M);
  EX_LAUNCHED("bitonic_step_global");
  ex_download(got, d, M * sizeof got[0]);
  ex_expect_u32("bitonic_step_global (j=8, k=32, n=1000)", "data", exp, got, M);

  /* the full sort of 1024 keys: 55 launches */
  fill(in, N, 24);
  memcpy(exp, in, sizeof in);
  qsort(exp, N, sizeof exp[0], cmp_u32);
  unsigned *d2 = ex_upload(in, sizeof in);
  for (k = 2; k <= N; k <<= 1)
    for (j = k >> 1; j > 0; j >>= 1) {
      bitonic_step_global<<<N / 256, 256>>>(d2, j, k, N);
      EX_CHECK(cudaGetLastError());
    }
  EX_LAUNCHED("bitonic_step_global");
  ex_download(got, d2, sizeof got);
  ex_expect_u32("bitonic_step_global (full sort)", "data", exp, got, N);
  ex_end();
}

int main(void)
{
  ex_init("bitonic_sort");
  test_bitonic_sort_block();
  test_bitonic_step_global();
  return ex_finish();
}
