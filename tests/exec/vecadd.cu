/* vecadd.cu -- CUDA host program for benchmarks/cuda/vecadd.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_vecadd.c:
 * vecadd, vecadd_gridstride and vecadd_i32 against c[i] = a[i] + b[i], with
 * a partial last block and a guard region past n that must stay untouched.
 * Exact. */
#include "../../benchmarks/cuda/vecadd.cu"
#include "exec_util.h"

#include <limits.h>

#define N 1000   /* 8 blocks of 128, the last one partial */
#define GUARD 24 /* elements past n that the kernel must not write */

typedef void (*f32_kernel)(const float *, const float *, float *, int);

static void run_f32(const char *name, f32_kernel kernel, dim3 grid, dim3 block)
{
  ref_rng r;
  float a[N], b[N], exp[N + GUARD], got[N + GUARD];

  ex_begin(name);
  ref_rng_seed(&r, 1);
  for (int i = 0; i < N; i++) {
    a[i] = ref_interesting_f32(&r, -100.0f, 100.0f);
    b[i] = ref_interesting_f32(&r, -100.0f, 100.0f);
    exp[i] = a[i] + b[i];
  }
  for (int i = N; i < N + GUARD; i++)
    exp[i] = ref_u2f(0x5a5a5a5au);
  float *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  float *dc = ex_alloc_fill<float>(sizeof got, 0x5a);
  kernel<<<grid, block>>>(da, db, dc, N);
  ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__);
  ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__);
  ex_download(got, dc, sizeof got);
  ex_expect_f32(name, "c", exp, got, N + GUARD, 0);
  ex_end();
}

static void test_vecadd_i32(void)
{
  ref_rng r;
  int32_t a[N], b[N], exp[N + GUARD], got[N + GUARD];

  ex_begin("vecadd_i32");
  ref_rng_seed(&r, 2);
  for (int i = 0; i < N; i++) {
    a[i] = (int32_t)ref_rand32(&r);
    b[i] = (i % 5 == 0) ? INT_MAX : (i % 7 == 0) ? INT_MIN : ref_rand_range(&r, -1000, 1000);
    exp[i] = (int32_t)((uint32_t)a[i] + (uint32_t)b[i]);
  }
  for (int i = N; i < N + GUARD; i++)
    exp[i] = 0x5a5a5a5a;
  int *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  int *dc = ex_alloc_fill<int>(sizeof got, 0x5a);
  vecadd_i32<<<ex_cdiv(N, 64), 64>>>(da, db, dc, N);
  EX_LAUNCHED("vecadd_i32");
  ex_download(got, dc, sizeof got);
  ex_expect_i32("vecadd_i32", "c", exp, got, N + GUARD);
  ex_end();
}

int main(void)
{
  ex_init("vecadd");
  run_f32("vecadd", vecadd, dim3(ex_cdiv(N, 128)), dim3(128));
  /* 3 x 96 threads: each thread takes three or four elements */
  run_f32("vecadd_gridstride", vecadd_gridstride, dim3(3), dim3(96));
  test_vecadd_i32();
  return ex_finish();
}
