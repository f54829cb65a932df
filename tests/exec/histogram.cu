/* histogram.cu -- CUDA host program for benchmarks/cuda/histogram.cu; the
 * scenarios of tests/drivers/check_histogram.c (inputs and reference:
 * tests/ref/histogram_ref.h):
 * histogram256 (shared bins, shared and global atomics) and
 * histogram256_global, added onto a non-zero starting histogram; exact. */
#include "../../benchmarks/cuda/histogram.cu"
#include "exec_util.h"
#include "../ref/histogram_ref.h"

typedef void (*hist_kernel)(const unsigned char *, unsigned int *, int);

static void run(const char *name, hist_kernel kernel, dim3 grid, dim3 block, uint64_t seed)
{
  static uint8_t data[N];
  uint32_t hist[256], exp[256], got[256];

  ex_begin(name);
  histogram_inputs(seed, data, hist, exp);
  unsigned char *dd = ex_upload(data, sizeof data);
  unsigned *dh = ex_upload(hist, sizeof hist);
  kernel<<<grid, block>>>(dd, dh, N);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dh, sizeof got);
  ex_expect_u32(name, "hist", exp, got, 256);
  ex_end();
}

int main(void)
{
  ex_init("histogram");
  /* 5 blocks of 192: grid-stride loop, bins loop strides by 192 */
  run("histogram256", histogram256, dim3(5), dim3(192), 7);
  run("histogram256_global", histogram256_global, dim3(7), dim3(128), 8);
  return ex_finish();
}
