/* check_reduce_shfl.c -- host driver for benchmarks/cuda/reduce_shfl.cu:
 * shfl.sync down / bfly / idx reductions and broadcast.  Integer results
 * are exact; the float butterfly sum is reproduced in its exact order
 * (x[l] = x[l] + x[l ^ m], m = 16 .. 1), so it is bit-exact too. */
#include "tests/drivers/drv_util.h"

#define N 1000
#define BLK 192          /* 6 warps per block */
#define NBLK ((N + BLK - 1) / BLK)
#define NW (NBLK * BLK / 32)

START_TEST(test_reduce_shfl_down_i32)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N], exp[NBLK], got[NBLK], total = 12345, exp_total;
  uint32_t t = 12345;
  int n = N;

  drv_open(&c, "reduce_shfl");
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
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dbs = drv_alloc(&c, sizeof got);
  ptxsim_devptr dt = drv_upload(&c, &total, sizeof total);
  drv_launch(&c, "reduce_shfl_down_i32", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dbs, &dt, &n));
  drv_download(&c, got, dbs, sizeof got);
  drv_download(&c, &total, dt, sizeof total);
  drv_expect_i32("reduce_shfl_down_i32", "block_sums", exp, got, NBLK);
  drv_expect_i32("reduce_shfl_down_i32", "total", &exp_total, &total, 1);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shfl_xor_f32)
{
  drv_ctx c;
  ref_rng r;
  float in[N], exp[NW], got[NW];
  int n = N;

  drv_open(&c, "reduce_shfl");
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
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shfl_xor_f32", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_f32("reduce_shfl_xor_f32", "warp_sums", exp, got, NW, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_reduce_shfl_max_u64)
{
  drv_ctx c;
  ref_rng r;
  uint64_t in[N], exp[NW], got[NW];
  int n = N;

  drv_open(&c, "reduce_shfl");
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
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "reduce_shfl_max_u64", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_u64("reduce_shfl_max_u64", "warp_max", exp, got, NW);
  drv_close(&c);
}
END_TEST

START_TEST(test_shfl_broadcast)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N], exp[N], got[N];
  int n = N;

  drv_open(&c, "reduce_shfl");
  ref_rng_seed(&r, 18);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -100000, 100000);
  for (int g = 0; g < N; g++)
    exp[g] = in[g & ~31] + (g & 31);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  drv_launch(&c, "shfl_broadcast", drv_dim(NBLK, 1, 1), drv_dim(BLK, 1, 1), 0,
             DRV_ARGS(&din, &dout, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_expect_i32("shfl_broadcast", "out", exp, got, N);
  drv_close(&c);
}
END_TEST

/* The shape of the CUDA samples' reduce7 (64 blocks of 256 over 65536 ints, then one block of
 * 32 over the 64 partial sums): the last step is shfl.sync.down under the ballot of the lanes
 * that hold a warp sum, and the lanes outside it must contribute 0, as on the GPU. */
#define TAIL_N 65536
#define TAIL_GRID 64

static void ballot_tail_expect(const int32_t *in, unsigned n, unsigned bs, unsigned grid,
                               int32_t *exp)
{
  for (unsigned b = 0; b < grid; b++)
    exp[b] = 0;
  for (unsigned i = 0; i < n; i++) /* chunk i / (2 bs) belongs to block chunk % grid */
    exp[(i / (2 * bs)) % grid] = (int32_t)((uint32_t)exp[(i / (2 * bs)) % grid] + (uint32_t)in[i]);
}

START_TEST(test_reduce_ballot_tail)
{
  drv_ctx c;
  ref_rng r;
  static int32_t in[TAIL_N];
  int32_t exp[TAIL_GRID], got[TAIL_GRID], exp_total, got_total;
  unsigned n = TAIL_N, parts = TAIL_GRID;

  drv_open(&c, "reduce_shfl");
  ref_rng_seed(&r, 19);
  for (int i = 0; i < TAIL_N; i++)
    in[i] = ref_rand_range(&r, 0, 255);
  ballot_tail_expect(in, TAIL_N, 256, TAIL_GRID, exp);
  ballot_tail_expect(exp, TAIL_GRID, 32, 1, &exp_total);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dpart = drv_alloc(&c, sizeof got);
  ptxsim_devptr dtot = drv_alloc(&c, sizeof got_total);
  drv_launch(&c, "reduce_ballot_tail_256", drv_dim(TAIL_GRID, 1, 1), drv_dim(256, 1, 1), 0,
             DRV_ARGS(&din, &dpart, &n));
  drv_launch(&c, "reduce_ballot_tail_32", drv_dim(1, 1, 1), drv_dim(32, 1, 1), 0,
             DRV_ARGS(&dpart, &dtot, &parts));
  drv_download(&c, got, dpart, sizeof got);
  drv_download(&c, &got_total, dtot, sizeof got_total);
  drv_expect_i32("reduce_ballot_tail_256", "block_sums", exp, got, TAIL_GRID);
  drv_expect_i32("reduce_ballot_tail_32", "total", &exp_total, &got_total, 1);
  drv_close(&c);
}
END_TEST

/* shfl.sync.down by 16 in a CTA of T threads: lanes T..31 do not exist, and reading them
 * gives 0; a source past lane 31 is out of range and gives the lane's own value. */
START_TEST(test_shfl_down_partial_warp)
{
  static const unsigned sizes[] = {20, 16, 1, 32};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    drv_ctx c;
    unsigned t = sizes[k];
    int32_t in[32], exp[32], got[32];
    drv_open(&c, "reduce_shfl");
    for (unsigned l = 0; l < t; l++)
      in[l] = (int32_t)(1000 + 7 * l);
    for (unsigned l = 0; l < t; l++)
      exp[l] = in[l] + (l + 16 < t ? in[l + 16] : l + 16 <= 31 ? 0 : in[l]);
    ptxsim_devptr din = drv_upload(&c, in, t * sizeof in[0]), dout = drv_alloc(&c, t * sizeof got[0]);
    drv_launch(&c, "shfl_down_partial_warp", drv_dim(1, 1, 1), drv_dim(t, 1, 1), 0,
               DRV_ARGS(&din, &dout));
    drv_download(&c, got, dout, t * sizeof got[0]);
    drv_expect_i32("shfl_down_partial_warp", "out", exp, got, t);
    drv_close(&c);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("reduce_shfl");
  DRV_ADD(s, test_reduce_shfl_down_i32);
  DRV_ADD(s, test_reduce_shfl_xor_f32);
  DRV_ADD(s, test_reduce_shfl_max_u64);
  DRV_ADD(s, test_shfl_broadcast);
  DRV_ADD(s, test_reduce_ballot_tail);
  DRV_ADD(s, test_shfl_down_partial_warp);
  return drv_run(s);
}
