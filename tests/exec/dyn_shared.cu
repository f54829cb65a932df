/* dyn_shared.cu -- CUDA host program for benchmarks/cuda/dyn_shared.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_dyn_shared.c:
 * dyn_reverse and dyn_two_arrays with the dynamic shared size given in the
 * launch configuration (blockDim.x * 4 and * 8 bytes), a partial last block
 * whose missing elements read as 0.  Exact. */
#include "../../benchmarks/cuda/dyn_shared.cu"
#include "exec_util.h"

#define N 600
#define B 96 /* 7 blocks, the last holding 24 elements */

static int32_t xi(const int32_t *in, int base, int j) { return base + j < N ? in[base + j] : 0; }

static void test_dyn_reverse(void)
{
  ref_rng r;
  float in[N], exp[N], got[N];

  ex_begin("dyn_reverse");
  ref_rng_seed(&r, 5);
  for (int i = 0; i < N; i++)
    in[i] = ref_interesting_f32(&r, -10.0f, 10.0f);
  for (int i = 0; i < N; i++) {
    int base = i / B * B, t = i % B, j = B - 1 - t;
    exp[i] = base + j < N ? in[base + j] : 0.0f;
  }
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  dyn_reverse<<<ex_cdiv(N, B), B, B * 4>>>(din, dout, N);
  EX_LAUNCHED("dyn_reverse");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("dyn_reverse", "out", exp, got, N, 0);
  ex_end();
}

static void test_dyn_two_arrays(void)
{
  ref_rng r;
  int32_t in[N], exp[N], got[N];
  float expf_[N], gotf[N];

  ex_begin("dyn_two_arrays");
  ref_rng_seed(&r, 6);
  for (int i = 0; i < N; i++)
    in[i] = (i % 13 == 0) ? (int32_t)0x7fffffff : (int32_t)ref_rand32(&r) >> (i & 15);
  for (int i = 0; i < N; i++) {
    int base = i / B * B, t = i % B;
    exp[i] = (int32_t)((uint32_t)xi(in, base, t) + (uint32_t)xi(in, base, (t + 1) % B));
    expf_[i] = (float)xi(in, base, B - 1 - t) * 0.5f;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  float *doutf = ex_alloc<float>(sizeof gotf);
  dyn_two_arrays<<<ex_cdiv(N, B), B, B * 8>>>(din, dout, doutf, N);
  EX_LAUNCHED("dyn_two_arrays");
  ex_download(got, dout, sizeof got);
  ex_download(gotf, doutf, sizeof gotf);
  ex_expect_i32("dyn_two_arrays", "out", exp, got, N);
  ex_expect_f32("dyn_two_arrays", "outf", expf_, gotf, N, 0);
  ex_end();
}

int main(void)
{
  ex_init("dyn_shared");
  test_dyn_reverse();
  test_dyn_two_arrays();
  return ex_finish();
}
