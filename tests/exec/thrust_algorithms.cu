/* thrust_algorithms.cu -- Thrust and CUB, as CUDA programs use them: many
 * kernels in one module, CUB's tuning-policy dispatch (which reads
 * cudaFuncGetAttributes' ptxVersion), occupancy queries, temporary storage,
 * asynchronous copies and memsets.  Every result is checked against the
 * C++ standard library on the host.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <algorithm>
#include <numeric>
#include <vector>

struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};

struct affine {
  float a, b;
  __host__ __device__ float operator()(float x) const { return a * x + b; }
};

static std::vector<int> random_ints(uint64_t seed, size_t n, int lo, int hi)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  std::vector<int> v(n);
  for (size_t i = 0; i < n; i++)
    v[i] = ref_rand_range(&r, lo, hi);
  return v;
}

static void expect_same(const char *what, const std::vector<int> &want,
                        const thrust::host_vector<int> &got)
{
  if (!ex_expect(want.size() == got.size(), "%s: %zu elements, expected %zu", what, got.size(),
                 want.size()))
    return;
  for (size_t i = 0; i < want.size(); i++)
    if (!ex_expect(want[i] == got[i], "%s[%zu]: expected %d, got %d", what, i, want[i], got[i]))
      return;
}

static void sort_and_unique(void)
{
  ex_begin("sort_and_unique");
  std::vector<int> keys = random_ints(11, 20000, -50000, 50000);
  thrust::device_vector<int> d(keys.begin(), keys.end());
  thrust::sort(d.begin(), d.end());
  std::vector<int> want = keys;
  std::sort(want.begin(), want.end());
  expect_same("sort", want, thrust::host_vector<int>(d));
  thrust::sort(d.begin(), d.end(), thrust::greater<int>());
  std::sort(want.begin(), want.end(), std::greater<int>());
  expect_same("sort descending", want, thrust::host_vector<int>(d));
  size_t n = thrust::unique(d.begin(), d.end()) - d.begin();
  want.erase(std::unique(want.begin(), want.end()), want.end());
  d.resize(n);
  expect_same("unique", want, thrust::host_vector<int>(d));
  ex_end();
}

static void sort_by_key(void)
{
  ex_begin("sort_by_key");
  std::vector<int> keys = random_ints(12, 6000, 0, 300), vals(6000);
  std::iota(vals.begin(), vals.end(), 0);
  thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
  thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<int> want_k, want_v;
  for (size_t i : order)
    want_k.push_back(keys[i]), want_v.push_back(vals[i]);
  expect_same("keys", want_k, thrust::host_vector<int>(dk));
  expect_same("values", want_v, thrust::host_vector<int>(dv));
  ex_end();
}

static void reduce_scan_count(void)
{
  ex_begin("reduce_scan_count");
  std::vector<int> v = random_ints(13, 30000, -1000, 1000);
  thrust::device_vector<int> d(v.begin(), v.end());
  long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
  long long want_sum = std::accumulate(v.begin(), v.end(), 0LL);
  ex_expect(sum == want_sum, "reduce: %lld, expected %lld", sum, want_sum);
  int mx = thrust::reduce(d.begin(), d.end(), -1000000, thrust::maximum<int>());
  ex_expect(mx == *std::max_element(v.begin(), v.end()), "max: %d", mx);
  long long odd = thrust::count_if(d.begin(), d.end(), is_odd());
  long long want_odd = std::count_if(v.begin(), v.end(), [](int x) { return x & 1; });
  ex_expect(odd == want_odd, "count_if: %lld, expected %lld", odd, want_odd);
  thrust::device_vector<int> s(v.size());
  thrust::inclusive_scan(d.begin(), d.end(), s.begin());
  std::vector<int> want(v.size());
  std::partial_sum(v.begin(), v.end(), want.begin());
  expect_same("inclusive_scan", want, thrust::host_vector<int>(s));
  thrust::exclusive_scan(d.begin(), d.end(), s.begin(), 7);
  int run = 7;
  for (size_t i = 0; i < v.size(); i++)
    want[i] = run, run += v[i];
  expect_same("exclusive_scan", want, thrust::host_vector<int>(s));
  ex_end();
}

static void transform_floats(void)
{
  ex_begin("transform_floats");
  thrust::device_vector<float> x(5000);
  thrust::sequence(x.begin(), x.end(), -2.5f, 0.25f);
  thrust::device_vector<float> y(x.size());
  affine f = {1.5f, -0.75f};
  thrust::transform(x.begin(), x.end(), y.begin(), f);
  thrust::host_vector<float> hy = y;
  for (size_t i = 0; i < hy.size(); i++) {
    /* thrust::sequence computes init + i * step in float; a * x + b may
     * be contracted to an fma on the device, so compare with both. */
    float xi = -2.5f + (float)i * 0.25f;
    float sep = 1.5f * xi - 0.75f, fused = fmaf(1.5f, xi, -0.75f);
    if (!ex_expect(hy[i] == sep || hy[i] == fused, "transform[%zu]: %g, expected %g", i,
                   (double)hy[i], (double)fused))
      break;
  }
  ex_end();
}

int main(void)
{
  ex_init("thrust_algorithms");
  sort_and_unique();
  sort_by_key();
  reduce_scan_count();
  transform_floats();
  return ex_finish();
}
