/* reduce_shared.cu -- CUDA host program for benchmarks/cuda/reduce_shared.cu;
 * the scenarios, inputs and CPU reference of
 * tests/drivers/check_reduce_shared.c: per-block tree sums of 512 elements
 * (256 threads, the last block partial); the float version is reproduced in
 * the kernel's exact pairing order, so both are bit-exact. */
#include "../../benchmarks/cuda/reduce_shared.cu"
#include "exec_util.h"

#define N 1800 /* 4 blocks, the last one partial */
#define NB ((N + 511) / 512)

static void test_reduce_shared_i32(void)
{
  ref_rng r;
  int32_t in[N], exp[NB], got[NB];

  ex_begin("reduce_shared_i32");
  ref_rng_seed(&r, 13);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r); /* sums wrap around */
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 512; i < b * 512 + 512 && i < N; i++)
      s += (uint32_t)in[i];
    exp[b] = (int32_t)s;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  reduce_shared_i32<<<NB, 256>>>(din, dout, N);
  EX_LAUNCHED("reduce_shared_i32");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("reduce_shared_i32", "partial", exp, got, NB);
  ex_end();
}

static void test_reduce_shared_f32(void)
{
  ref_rng r;
  float in[N], exp[NB], got[NB];

  ex_begin("reduce_shared_f32");
  ref_rng_seed(&r, 14);
  for (int i = 0; i < N; i++)
    in[i] = ref_randf(&r, -1000.0f, 1000.0f) * ((i % 3) ? 1.0f : 1e-3f);
  for (int b = 0; b < NB; b++) {
    float t[256];
    int base = b * 512;
    for (int j = 0; j < 256; j++) {
      float v = base + j < N ? in[base + j] : 0.0f;
      t[j] = v + (base + j + 256 < N ? in[base + j + 256] : 0.0f);
    }
    for (int s = 128; s > 0; s >>= 1)
      for (int j = 0; j < s; j++)
        t[j] = t[j] + t[j + s];
    exp[b] = t[0];
  }
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  reduce_shared_f32<<<NB, 256>>>(din, dout, N);
  EX_LAUNCHED("reduce_shared_f32");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("reduce_shared_f32", "partial", exp, got, NB, 0);
  ex_end();
}

int main(void)
{
  ex_init("reduce_shared");
  test_reduce_shared_i32();
  test_reduce_shared_f32();
  return ex_finish();
}
