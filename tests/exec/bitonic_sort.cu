/* bitonic_sort.cu -- CUDA host program for benchmarks/cuda/bitonic_sort.cu;
 * the scenarios of tests/drivers/check_bitonic_sort.c: bitonic_sort_block
 * sorts 512-key segments (the last one short: padded with 0xffffffff in
 * shared memory, not written back); bitonic_step_global is checked as one
 * pass on a non-power-of-two array against the CPU pass, then as the full
 * 55-launch sort of 1024 keys against qsort.
 *
 * Inputs, CPU reference and checks: tests/ref/bitonic_sort_ref.h. */
#include "../../benchmarks/cuda/bitonic_sort.cu"
#include "exec_util.h"
#include "../ref/bitonic_sort_ref.h"

static void test_bitonic_sort_block(void)
{
  enum { N = 1300 };
  uint32_t in[N], exp[N], got[N];

  ex_begin("bitonic_sort_block");
  bitonic_block_inputs(N, in, exp);
  unsigned *d = ex_upload(in, sizeof in);
  bitonic_sort_block<<<ex_cdiv(N, 512), 256>>>(d, N);
  EX_LAUNCHED("bitonic_sort_block");
  ex_download(got, d, sizeof got);
  ex_expect_u32("bitonic_sort_block", "data", exp, got, N);
  ex_end();
}

static void test_bitonic_step_global(void)
{
  enum { N = 1024, M = 1000 };
  uint32_t in[N], exp[N], got[N];
  int j = 8, k = 32;

  ex_begin("bitonic_step_global");
  /* one pass on a non-power-of-two length: partners p >= n are skipped */
  bitonic_step_inputs(M, j, k, in, exp);
  unsigned *d = ex_upload(in, M * sizeof in[0]);
  bitonic_step_global<<<ex_cdiv(M, 128), 128>>>(d, j, k, M);
  EX_LAUNCHED("bitonic_step_global");
  ex_download(got, d, M * sizeof got[0]);
  ex_expect_u32("bitonic_step_global (j=8, k=32, n=1000)", "data", exp, got, M);

  /* the full sort of 1024 keys: 55 launches */
  bitonic_sorted_inputs(N, in, exp);
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
