/* vecadd.cu -- CUDA host program for benchmarks/cuda/vecadd.cu; the
 * scenarios of tests/drivers/check_vecadd.c (inputs and reference:
 * tests/ref/vecadd_ref.h):
 * vecadd, vecadd_gridstride and vecadd_i32 against c[i] = a[i] + b[i], with
 * a partial last block and a guard region past n that must stay untouched.
 * Exact. */
#include "../../benchmarks/cuda/vecadd.cu"
#include "exec_util.h"
#include "../ref/vecadd_ref.h"

typedef void (*f32_kernel)(const float *, const float *, float *, int);

static void run_f32(const char *name, f32_kernel kernel, dim3 grid, dim3 block)
{
  float a[N], b[N], exp[N + GUARD], got[N + GUARD];

  ex_begin(name);
  vecadd_f32_inputs(a, b, exp);
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
  int32_t a[N], b[N], exp[N + GUARD], got[N + GUARD];

  ex_begin("vecadd_i32");
  vecadd_i32_inputs(a, b, exp);
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
