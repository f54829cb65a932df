/* check_local_array.c -- host driver for benchmarks/cuda/local_array.cu:
 * per-thread .local arrays indexed with data-dependent indices (i32, and
 * mixed f32 / u8 / u64); the reference runs the same loops; exact (the
 * float sums are of multiples of 0.5 below 2^24). */
#include "tests/drivers/drv_util.h"

#define N 333

START_TEST(test_local_array_i32)
{
  drv_ctx c;
  ref_rng r;
  int32_t idx[N], vals[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "local_array");
  ref_rng_seed(&r, 29);
  for (int i = 0; i < N; i++) {
    idx[i] = (int32_t)ref_rand32(&r);
    vals[i] = (int32_t)ref_rand32(&r);
  }
  for (int i = 0; i < N; i++) {
    int32_t a[64];
    uint32_t v = (uint32_t)vals[i];
    int x = idx[i];
    for (int k = 0; k < 64; k++)
      a[k] = (int32_t)(v * (uint32_t)k + (uint32_t)(k ^ 5));
    for (int q = 0; q < 16; q++) {
      int j = (x + 7 * q) & 63;
      a[j] = (int32_t)((uint32_t)a[j] + (uint32_t)a[(j * 3 + q) & 63]);
    }
    exp[i] = (int32_t)((uint32_t)a[x & 63] + (uint32_t)a[(x >> 6) & 63]);
  }
  ptxsim_devptr di = drv_upload(&c, idx, sizeof idx), dv = drv_upload(&c, vals, sizeof vals);
  ptxsim_devptr dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "local_array_i32", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&di, &dv, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("local_array_i32", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_local_array_mixed)
{
  drv_ctx c;
  ref_rng r;
  int32_t idx[N];
  float expf_[N], gotf[N];
  uint64_t expl[N], gotl[N];
  int n = N;

  drv_open(&c, "local_array");
  ref_rng_seed(&r, 30);
  for (int i = 0; i < N; i++)
    idx[i] = (int32_t)ref_rand32(&r);
  for (int i = 0; i < N; i++) {
    float f[16];
    uint8_t b[16];
    uint64_t q[16];
    int x = idx[i];
    for (int k = 0; k < 16; k++) {
      f[k] = (float)k * 0.5f;
      b[k] = (uint8_t)(k * 37);
      q[k] = (uint64_t)k << 40;
    }
    for (int s = 0; s < 8; s++) {
      int j = (x + s) & 15;
      f[j] = f[j] + f[(j + 1) & 15];
      b[j] = (uint8_t)(b[j] ^ b[(j + 5) & 15]);
      q[j] = q[j] + q[(j + 3) & 15] + b[j];
    }
    expf_[i] = f[x & 15];
    expl[i] = q[(x >> 4) & 15] + b[x & 15];
  }
  ptxsim_devptr di = drv_upload(&c, idx, sizeof idx), df = drv_alloc(&c, sizeof gotf);
  ptxsim_devptr dl = drv_alloc(&c, sizeof gotl);
  drv_launch(&c, "local_array_mixed", drv_dim(drv_cdiv(N, 96), 1, 1), drv_dim(96, 1, 1), 0,
             DRV_ARGS(&di, &df, &dl, &n));
  drv_download(&c, gotf, df, sizeof gotf);
  drv_download(&c, gotl, dl, sizeof gotl);
  drv_expect_f32("local_array_mixed", "outf", expf_, gotf, N, 0);
  drv_expect_u64("local_array_mixed", "outl", expl, gotl, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("local_array");
  DRV_ADD(s, test_local_array_i32);
  DRV_ADD(s, test_local_array_mixed);
  return drv_run(s);
}
