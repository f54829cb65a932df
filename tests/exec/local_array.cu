/* local_array.cu -- CUDA host program for benchmarks/cuda/local_array.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_local_array.c:
 * per-thread .local arrays indexed with data-dependent indices (i32, and mixed
 * f32 / u8 / u64); the reference runs the same loops; exact (the float sums
 * are of multiples of 0.5 below 2^24). */
#include "../../benchmarks/cuda/local_array.cu"
#include "exec_util.h"

#define N 333

static void test_local_array_i32(void)
{
  ref_rng r;
  int32_t idx[N], vals[N], exp[N], got[N];

  ex_begin("local_array_i32");
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
  int *di = ex_upload(idx, sizeof idx), *dv = ex_upload(vals, sizeof vals);
  int *dout = ex_alloc<int>(sizeof got);
  local_array_i32<<<ex_cdiv(N, 128), 128>>>(di, dv, dout, N);
  EX_LAUNCHED("local_array_i32");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("local_array_i32", "out", exp, got, N);
  ex_end();
}

static void test_local_array_mixed(void)
{
  ref_rng r;
  int32_t idx[N];
  float expf_[N], gotf[N];
  uint64_t expl[N], gotl[N];

  ex_begin("local_array_mixed");
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
  int *di = ex_upload(idx, sizeof idx);
  float *df = ex_alloc<float>(sizeof gotf);
  unsigned long long *dl = ex_alloc<unsigned long long>(sizeof gotl);
  local_array_mixed<<<ex_cdiv(N, 96), 96>>>(di, df, dl, N);
  EX_LAUNCHED("local_array_mixed");
  ex_download(gotf, df, sizeof gotf);
  ex_download(gotl, dl, sizeof gotl);
  ex_expect_f32("local_array_mixed", "outf", expf_, gotf, N, 0);
  ex_expect_u64("local_array_mixed", "outl", expl, gotl, N);
  ex_end();
}

int main(void)
{
  ex_init("local_array");
  test_local_array_i32();
  test_local_array_mixed();
  return ex_finish();
}
