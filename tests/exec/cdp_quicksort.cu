/* cdp_quicksort.cu -- dynamic parallelism (nvcc -rdc=true): kernels that
 * launch kernels from device code.  A quicksort launches itself on both
 * halves (recursion, as in NVIDIA's cdpSimpleQuicksort sample), checked
 * against the CPU's sort; and a parent grid whose threads each launch a
 * child grid of several blocks with their own arguments.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 -rdc=true cdp_quicksort.cu \
 *          cdp_quicksort_part.cu
 */
#include <algorithm>
#include <vector>

#include "exec_util.h"

#define MAX_DEPTH 16
#define SELECTION_SORT 16

/* In cdp_quicksort_part.cu: the recursion below spans two translation
 * units, linked by -rdc=true. */
extern __device__ void selection_sort(unsigned *data, int left, int right);

/* One thread partitions [left, right] around its middle value, then
 * launches itself on the two parts. */
__global__ void cdp_qsort(unsigned *data, int left, int right, int depth)
{
  if (depth >= MAX_DEPTH || right - left <= SELECTION_SORT) {
    selection_sort(data, left, right);
    return;
  }
  unsigned pivot = data[(left + right) / 2];
  int l = left, r = right;
  while (l <= r) {
    while (data[l] < pivot)
      l++;
    while (data[r] > pivot)
      r--;
    if (l <= r) {
      unsigned t = data[l];
      data[l++] = data[r];
      data[r--] = t;
    }
  }
  /* Each half in a stream of its own, as the CUDA sample does. */
  if (left < r) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cdp_qsort<<<1, 1, 0, s>>>(data, left, r, depth + 1);
    cudaStreamDestroy(s);
  }
  if (l < right) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cdp_qsort<<<1, 1, 0, s>>>(data, l, right, depth + 1);
    cudaStreamDestroy(s);
  }
}

/* Launches itself ever deeper: the launch that would exceed CUDA's
 * nesting limit (24 levels below the host's grid) fails with
 * cudaErrorLaunchMaxDepthExceeded, which cudaGetLastError reports. */
__global__ void too_deep(int *result, int depth)
{
  result[depth + 2] = 1; /* this depth ran */
  too_deep<<<1, 1>>>(result, depth + 1);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    result[0] = depth;
    result[1] = (int)e;
  }
}

__global__ void child_fill(int *out, int tag)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tag * 1000 + i;
}

__global__ void parent_fanout(int *out, int per_child)
{
  int t = threadIdx.x;
  child_fill<<<per_child / 32, 32>>>(out + t * per_child, t + 1);
}

/* Device-side cudaMalloc in the parent, cudaFree in its child. */
__global__ void child_sum_free(int *buf, int n, int *out)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += buf[i];
  out[0] = s;
  out[1] = (int)cudaFree(buf);
}

__global__ void parent_malloc(int *out, int n)
{
  int *buf = NULL;
  out[2] = (int)cudaMalloc((void **)&buf, n * sizeof(int));
  for (int i = 0; i < n; i++)
    buf[i] = i;
  child_sum_free<<<1, 1>>>(buf, n, out);
}

int main(void)
{
  ex_init("cdp_quicksort");
  ex_begin("fanout");
  const int parents = 4, per_child = 64;
  int *d = ex_alloc<int>(parents * per_child * sizeof(int));
  parent_fanout<<<1, parents>>>(d, per_child);
  EX_LAUNCHED("parent_fanout");
  std::vector<int> h(parents * per_child);
  EX_CHECK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < parents * per_child; i++) {
    int want = (i / per_child + 1) * 1000 + i % per_child;
    if (!ex_expect(h[i] == want, "[%d] = %d, expected %d", i, h[i], want))
      break;
  }
  ex_end();

  ex_begin("device_malloc");
  int *m = ex_alloc_fill<int>(3 * sizeof(int), 0xff);
  parent_malloc<<<1, 1>>>(m, 100);
  EX_LAUNCHED("parent_malloc");
  int hm[3];
  EX_CHECK(cudaMemcpy(hm, m, sizeof hm, cudaMemcpyDeviceToHost));
  ex_expect(hm[0] == 4950 && hm[1] == 0 && hm[2] == 0,
            "sum %d, cudaFree %d, cudaMalloc %d; expected 4950, 0, 0", hm[0], hm[1], hm[2]);
  ex_end();

  ex_begin("max_depth");
  int *r = ex_alloc_fill<int>(40 * sizeof(int), 0xff);
  too_deep<<<1, 1>>>(r, 0);
  EX_LAUNCHED("too_deep");
  int hr[40];
  EX_CHECK(cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost));
  ex_expect(hr[0] == 24 && hr[1] == (int)cudaErrorLaunchMaxDepthExceeded,
            "the launch from depth %d failed with error %d, expected 24 and %d", hr[0], hr[1],
            (int)cudaErrorLaunchMaxDepthExceeded);
  for (int i = 0; i <= 24; i++)
    if (!ex_expect(hr[i + 2] == 1, "depth %d did not run", i))
      break;
  ex_expect(hr[24 + 3] == -1, "depth 25 ran");
  ex_end();

  ex_begin("quicksort");
  const int n = 1000;
  std::vector<unsigned> v(n);
  unsigned x = 12345;
  for (int i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    v[i] = (x >> 8) % 5000; /* with repeats */
  }
  unsigned *dv = ex_upload(v.data(), n * sizeof(unsigned));
  cdp_qsort<<<1, 1>>>(dv, 0, n - 1, 0);
  EX_LAUNCHED("cdp_qsort");
  std::vector<unsigned> got(n);
  EX_CHECK(cudaMemcpy(got.data(), dv, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::sort(v.begin(), v.end());
  for (int i = 0; i < n; i++)
    if (!ex_expect(got[i] == v[i], "[%d] = %u, expected %u", i, got[i], v[i]))
      break;
  ex_end();
  return ex_finish();
}
