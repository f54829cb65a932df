/* reduce_shfl.cu -- CUDA host program for benchmarks/cuda/reduce_shfl.cu;
 * the scenarios, inputs and CPU reference of
 * tests/drivers/check_reduce_shfl.c: shfl.sync down / bfly / idx
 * reductions and broadcast, 6 blocks of 192 threads over 1000 elements.
 * Integer results are exact; the float butterfly sum is reproduced in its
 * exact order (x[l] = x[l] + x[l ^ m], m = 16 .. 1), so it is bit-exact. */
#include "../../benchmarks/cuda/reduce_shfl.cu"
#include "exec_util.h"

#define N 1000
#define BLK 192 /* 6 warps per block */
#define NBLK ((N + BLK - 1) / BLK)
#define NW (NBLK * BLK / 32)

static void test_reduce_shfl_down_i32(void)
{
  ref_rng r;
  int32_t in[N], exp[NBLK], got[NBLK], total = 12345, exp_total;
  uint32_t t = 12345;

  ex_begin("reduce_shfl_down_i32");
  ref_rng_seed(&r, 15);
  for (int i = 0; i < N; i++)
    in[i] = (int32_t)ref_rand32(&r);
  for (int b = 0; b < NBLK; b++) {
    uint32_t s = 0;
    for (int i = b * BLK; i < (b + 1) * BLK && i < N; i++)
      s += (uint32_t)in[i];
    exp[b] = (int32_t)s;
    t += s;
  }
  exp_total = (int32_t)t;
  int *din = ex_upload(in, sizeof in), *dbs = ex_alloc<int>(sizeof got);
  int *dt = ex_upload(&total, sizeof total);
  reduce_shfl_down_i32<<<NBLK, BLK>>>(din, dbs, dt, N);
  EX_LAUNCHED("reduce_shfl_down_i32");
  ex_download(got, dbs, sizeof got);
  ex_download(&total, dt, sizeof total);
  ex_expect_i32("reduce_shfl_down_i32", "block_sums", exp, got, NBLK);
  ex_expect_i32("reduce_shfl_down_i32", "total", &exp_total, &total, 1);
  ex_end();
}

static void test_reduce_shfl_xor_f32(void)
{
  ref_rng r;
  float in[N], exp[NW], got[NW];

  ex_begin("reduce_shfl_xor_f32");
  ref_rng_seed(&r, 16);
  for (int i = 0; i < N; i++)
    in[i] = ref_randf(&r, -100.0f, 100.0f) * ((i & 1) ? 1.0f : 1e-4f);
  for (int w = 0; w < NW; w++) {
    float x[32], y[32];
    for (int l = 0; l < 32; l++)
      x[l] = w * 32 + l < N ? in[w * 32 + l] : 0.0f;
    for (int m = 16; m > 0; m >>= 1) {
      for (int l = 0; l < 32; l++)
        y[l] = x[l] + x[l ^ m];
      for (int l = 0; l < 32; l++)
        x[l] = y[l];
    }
    exp[w] = x[0];
  }
  float *din = ex_upload(in, sizeof in), *dout = ex_alloc<float>(sizeof got);
  reduce_shfl_xor_f32<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("reduce_shfl_xor_f32");
  ex_download(got, dout, sizeof got);
  ex_expect_f32("reduce_shfl_xor_f32", "warp_sums", exp, got, NW, 0);
  ex_end();
}

static void test_reduce_shfl_max_u64(void)
{
  ref_rng r;
  uint64_t in[N], exp[NW], got[NW];

  ex_begin("reduce_shfl_max_u64");
  ref_rng_seed(&r, 17);
  for (int i = 0; i < N; i++) {
    /* high and low words both matter: maxima that differ only in the low word */
    in[i] = (ref_rand64(&r) & 0xff000000ffffffffull) | ((uint64_t)(i % 3) << 40);
  }
  for (int w = 0; w < NW; w++) {
    uint64_t m = 0;
    for (int l = 0; l < 32; l++)
      if (w * 32 + l < N && in[w * 32 + l] > m)
        m = in[w * 32 + l];
    exp[w] = m;
  }
  unsigned long long *din = ex_upload((const unsigned long long *)in, sizeof in);
  unsigned long long *dout = ex_alloc<unsigned long long>(sizeof got);
  reduce_shfl_max_u64<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("reduce_shfl_max_u64");
  ex_download(got, dout, sizeof got);
  ex_expect_u64("reduce_shfl_max_u64", "warp_max", exp, got, NW);
  ex_end();
}

static void test_shfl_broadcast(void)
{
  ref_rng r;
  int32_t in[N], exp[N], got[N];

  ex_begin("shfl_broadcast");
  ref_rng_seed(&r, 18);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++)
    exp[g] = in[g & ~31] + (g & 31);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  shfl_broadcast<<<NBLK, BLK>>>(din, dout, N);
  EX_LAUNCHED("shfl_broadcast");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("shfl_broadcast", "out", exp, got, N);
  ex_end();
}

/* The shape of the CUDA samples' reduce7 (see tests/drivers/check_reduce_shfl.c). */
#define TAIL_N 65536
#define TAIL_GRID 64

static void ballot_tail_expect(const int32_t *in, unsigned n, unsigned bs, unsigned grid,
                               int32_t *exp)
{
  for (unsigned b = 0; b < grid; b++)
    exp[b] = 0;
  for (unsigned i = 0; i < n; i++)
    exp[(i / (2 * bs)) % grid] = (int32_t)((uint32_t)exp[(i / (2 * bs)) % grid] + (uint32_t)in[i]);
}

static void test_reduce_ballot_tail(void)
{
  ref_rng r;
  static int32_t in[TAIL_N];
  int32_t exp[TAIL_GRID], got[TAIL_GRID], exp_total, got_total;

  ex_begin("reduce_ballot_tail");
  ref_rng_seed(&r, 19);
  for (int i = 0; i < TAIL_N; i++)
    in[i] = ref_rand_range(&r, 0, 255);
  ballot_tail_expect(in, TAIL_N, 256, TAIL_GRID, exp);
  ballot_tail_expect(exp, TAIL_GRID, 32, 1, &exp_total);
  int *din = ex_upload(in, sizeof in), *dpart = ex_alloc<int>(sizeof got);
  int *dtot = ex_alloc<int>(sizeof got_total);
  reduce_ballot_tail_256<<<TAIL_GRID, 256>>>(din, dpart, TAIL_N);
  EX_LAUNCHED("reduce_ballot_tail_256");
  reduce_ballot_tail_32<<<1, 32>>>(dpart, dtot, TAIL_GRID);
  EX_LAUNCHED("reduce_ballot_tail_32");
  ex_download(got, dpart, sizeof got);
  ex_download(&got_total, dtot, sizeof got_total);
  ex_expect_i32("reduce_ballot_tail_256", "block_sums", exp, got, TAIL_GRID);
  ex_expect_i32("reduce_ballot_tail_32", "total", &exp_total, &got_total, 1);
  ex_end();
}

/* shfl.sync.down by 16 in a CTA of T threads: absent lanes read 0 (see the driver test). */
static void test_shfl_down_partial_warp(void)
{
  static const unsigned sizes[] = {20, 16, 1, 32};
  ex_begin("shfl_down_partial_warp");
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    unsigned t = sizes[k];
    int32_t in[32], exp[32], got[32];
    for (unsigned l = 0; l < t; l++)
      in[l] = (int32_t)(1000 + 7 * l);
    for (unsigned l = 0; l < t; l++)
      exp[l] = in[l] + (l + 16 < t ? in[l + 16] : l + 16 <= 31 ? 0 : in[l]);
    int *din = ex_upload(in, t * sizeof in[0]), *dout = ex_alloc<int>(t * sizeof got[0]);
    shfl_down_partial_warp<<<1, t>>>(din, dout);
    EX_LAUNCHED("shfl_down_partial_warp");
    ex_download(got, dout, t * sizeof got[0]);
    ex_expect_i32("shfl_down_partial_warp", "out", exp, got, t);
  }
  ex_end();
}

int main(void)
{
  ex_init("reduce_shfl");
  test_reduce_shfl_down_i32();
  test_reduce_shfl_xor_f32();
  test_reduce_shfl_max_u64();
  test_shfl_broadcast();
  test_reduce_ballot_tail();
  test_shfl_down_partial_warp();
  return ex_finish();
}
