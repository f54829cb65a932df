/* histogram.cu -- CUDA host program for benchmarks/cuda/histogram.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_histogram.c:
 * histogram256 (shared bins, shared and global atomics) and
 * histogram256_global, added onto a non-zero starting histogram; exact. */
#include "../../benchmarks/cuda/histogram.cu"
#include "exec_util.h"

#define N 5000

typedef void (*hist_kernel)(const unsigned char *, unsigned int *, int);

static void run(const char *name, hist_kernel kernel, dim3 grid, dim3 block, uint64_t seed)
{
  ref_rng r;
  static uint8_t data[N];
  uint32_t hist[256], exp[256], got[256];

  ex_begin(name);
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    /* skewed: many zeros and 0xff, some bins stay empty */
    uint32_t k = ref_rand32(&r);
    data[i] = (k & 3) == 0 ? 0 : (k & 3) == 1 ? 0xff : (uint8_t)((k >> 8) & 0xbf);
  }
  for (int v = 0; v < 256; v++)
    hist[v] = exp[v] = (uint32_t)v * 1000u;
  for (int i = 0; i < N; i++)
    exp[data[i]]++;
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
