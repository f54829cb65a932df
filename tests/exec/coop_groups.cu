/* coop_groups.cu -- CUDA host program for benchmarks/cuda/coop_groups.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_coop_groups.c:
 * cooperative-groups tiles of 16, 8 and 64 threads: reduce (plus, greater), xor
 * butterflies, shfl / shfl_down / shfl_xor with segment masks, ballot, any/all,
 * inclusive_scan, and the 64-thread tile that spans two warps and synchronises
 * through shared memory.  The last block is partly past n (those threads
 * contribute 0 and write nothing).  Exact. */
#include "../../benchmarks/cuda/coop_groups.cu"
#include "exec_util.h"

#define N 500

static void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    uint32_t k = ref_rand32(&r);
    in[i] = (k & 7) == 0 ? 7 : (k & 7) == 1 ? 3 : ref_rand_range(&r, -100000, 100000);
  }
  for (int i = 64; i < 72; i++) /* one 8-tile all non-negative */
    in[i] = i - 60;
}

static int32_t val(const int32_t *in, int g) { return g < N ? in[g] : 0; }

static void test_cg_tile_reduce(void)
{
  enum { B = 128, NT = (N + B - 1) / B * B };
  int32_t in[N], esum[NT / 16], gsum[NT / 16], emax[NT / 8], gmax[NT / 8], exor[N], gxor[N];

  ex_begin("cg_tile_reduce");
  make_input(in, 51);
  for (int t = 0; t < NT / 16; t++) {
    uint32_t s = 0;
    for (int k = 0; k < 16; k++)
      s += (uint32_t)val(in, t * 16 + k);
    esum[t] = t * 16 < N ? (int32_t)s : 0x11111111;
  }
  for (int t = 0; t < NT / 8; t++) {
    int32_t m = val(in, t * 8), x = 0;
    for (int k = 0; k < 8; k++) {
      m = val(in, t * 8 + k) > m ? val(in, t * 8 + k) : m;
      x ^= val(in, t * 8 + k);
    }
    emax[t] = t * 8 < N ? m : 0x11111111;
    for (int k = 0; k < 8; k++)
      if (t * 8 + k < N)
        exor[t * 8 + k] = x;
  }
  int *din = ex_upload(in, sizeof in);
  int *ds = ex_alloc_fill<int>(sizeof gsum, 0x11), *dm = ex_alloc_fill<int>(sizeof gmax, 0x11);
  int *dx = ex_alloc<int>(sizeof gxor);
  cg_tile_reduce<<<NT / B, B>>>(din, ds, dm, dx, N);
  EX_LAUNCHED("cg_tile_reduce");
  ex_download(gsum, ds, sizeof gsum);
  ex_download(gmax, dm, sizeof gmax);
  ex_download(gxor, dx, sizeof gxor);
  ex_expect_i32("cg_tile_reduce", "tile_sum16", esum, gsum, NT / 16);
  ex_expect_i32("cg_tile_reduce", "tile_max8", emax, gmax, NT / 8);
  ex_expect_i32("cg_tile_reduce", "out_xor", exor, gxor, N);
  ex_end();
}

static void test_cg_tile_shuffle(void)
{
  enum { B = 96, NT = (N + B - 1) / B * B };
  int32_t in[N];
  static int32_t exp[6 * N], got[6 * N];

  ex_begin("cg_tile_shuffle");
  make_input(in, 52);
  for (int g = 0; g < N; g++) {
    int base = g & ~7, rr = g & 7;
    int32_t w[8], v = val(in, g);
    uint32_t bal = 0, scan = 0;
    int any7 = 0, allnn = 1;
    for (int q = 0; q < 8; q++) {
      w[q] = val(in, base + q);
      bal |= (uint32_t)(w[q] < 0) << q;
      any7 |= w[q] == 7;
      allnn &= w[q] >= 0;
      if (q <= rr)
        scan += (uint32_t)w[q];
    }
    exp[6 * g + 0] = w[(rr + 3) % 8];
    exp[6 * g + 1] = rr + 2 < 8 ? w[rr + 2] : v;
    exp[6 * g + 2] = w[rr ^ 5];
    exp[6 * g + 3] = (int32_t)bal;
    exp[6 * g + 4] = any7 + 2 * allnn;
    exp[6 * g + 5] = (int32_t)scan;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cg_tile_shuffle<<<NT / B, B>>>(din, dout, N);
  EX_LAUNCHED("cg_tile_shuffle");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cg_tile_shuffle", "out", exp, got, 6 * N);
  ex_end();
}

static void test_cg_tile64(void)
{
  enum { B = 256, NT = (N + B - 1) / B * B };
  int32_t in[N];
  static int32_t exp[3 * N], got[3 * N];

  ex_begin("cg_tile64");
  make_input(in, 53);
  for (int g = 0; g < N; g++) {
    int base = g & ~63, any3 = 0;
    uint32_t s = 0;
    for (int q = 0; q < 64; q++) {
      any3 |= val(in, base + q) == 3;
      s += (uint32_t)val(in, base + q);
    }
    exp[3 * g + 0] = val(in, base + 5);
    exp[3 * g + 1] = any3;
    exp[3 * g + 2] = (int32_t)s;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  cg_tile64<<<NT / B, B>>>(din, dout, N);
  EX_LAUNCHED("cg_tile64");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("cg_tile64", "out", exp, got, 3 * N);
  ex_end();
}

int main(void)
{
  ex_init("coop_groups");
  test_cg_tile_reduce();
  test_cg_tile_shuffle();
  test_cg_tile64();
  return ex_finish();
}
