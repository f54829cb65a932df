/* check_reduce_shared.c -- host driver for benchmarks/cuda/reduce_shared.cu:
 * per-block tree sums of 512 elements (256 threads); the float version is
 * reproduced in the kernel's exact pairing order, so it is bit-exact. */
#include "tests/drivers/drv_util.h"

#define N 1800   /* 4 blocks, the last one partial */
#define NB ((N + 511) / 512)

START_TEST(test_reduce_shared_i32)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N], exp[NB], got[NB];
  int n = N;

  drv_open(&c, "reduce_shared");
  ref_rng_seed(&r, 13);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);   /* sums wrap around */
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 512; i < b * 512 + 512 && i < N; i++)
      s += (uint32_t)in[i];
    exp[b] = (int32_t)s;
  }
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shared_i32", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("reduce_shared_i32", "partial", exp, got, NB);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shared_f32)
{
  drv_ctx c;
  ref_rng r;
  float in[N], exp[NB], got[NB];
  int n = N;

  drv_open(&c, "reduce_shared");
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
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shared_f32", drv_dim(NB, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("reduce_shared_f32", "partial", exp, got, NB, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("reduce_shared");
  DRV_ADD(s, test_reduce_shared_i32);
  DRV_ADD(s, test_reduce_shared_f32);
  return drv_run(s);
}
