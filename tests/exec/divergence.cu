/* divergence.cu -- CUDA host program for benchmarks/cuda/divergence.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_divergence.c:
 * divergent_walk (early returns, loops with break/continue, elements with
 * in[i] == 0 left unwritten) and divergent_block_sum (switch, nested ifs,
 * barrier after divergent work).  ref_walk() and ref_classify() are the
 * driver's copies of the .cu's walk() and classify() (whose own host versions
 * are in this translation unit too, not used as the reference); exact. */
#include "../../benchmarks/cuda/divergence.cu"
#include "exec_util.h"

#define N 700

static int ref_walk(int x)
{
  unsigned v = (unsigned)x;
  int steps = 0, acc = 0;
  for (int it = 0; it < 200; ++it) {
    if (v == 1u)
      break;
    if ((v & 1u) == 0u) {
      v >>= 1;
      ++steps;
      if ((v & 7u) == 3u)
        continue;
      acc += (int)(v & 0xffu);
      continue;
    }
    if (v > 100000u) {
      acc ^= (int)v;
      break;
    }
    v = 3u * v + 1u;
    ++steps;
    if (steps % 7 == 0) {
      if (acc & 1)
        acc += 11;
      else
        acc -= 5;
    }
  }
  return steps * 1000 + (acc & 0x3ff);
}

static int ref_classify(int x)
{
  int r;
  switch (x & 7) {
  case 0: r = x / 3; break;
  case 1: r = -x; break;
  case 2:
  case 3: r = x * 5 + 1; break;
  case 5: r = x ^ 0x55; break;
  default: r = 7; break;
  }
  if (x > 1000) {
    if (x % 3 == 0)
      r += 2;
    else if (x % 3 == 1) {
      for (int k = 0; k < (x & 15); ++k) {
        if (k == 9)
          break;
        r += k;
      }
    } else
      r -= 1;
  }
  return r;
}

static void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++) {
    uint32_t k = ref_rand32(&r) & 7;
    in[i] = k == 0 ? 0 : k == 1 ? ref_rand_range(&r, -(1 << 26), -1)
          : k == 2 ? ref_rand_range(&r, 100001, 1 << 26) /* leave early */
          : k == 3 ? 1 : ref_rand_range(&r, 2, 5000);
  }
}

static void test_divergent_walk(void)
{
  int32_t in[N], exp[N], got[N];

  ex_begin("divergent_walk");
  make_input(in, 27);
  for (int i = 0; i < N; i++)
    exp[i] = in[i] < 0 ? -1 : in[i] == 0 ? 0x77777777 : ref_walk(in[i]);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc_fill<int>(sizeof got, 0x77);
  divergent_walk<<<ex_cdiv(N, 64), 64>>>(din, dout, N);
  EX_LAUNCHED("divergent_walk");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("divergent_walk", "out", exp, got, N);
  ex_end();
}

static void test_divergent_block_sum(void)
{
  enum { NB = (N + 127) / 128 };
  int32_t in[N], exp[NB], got[NB];

  ex_begin("divergent_block_sum");
  make_input(in, 28);
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0;
    for (int i = b * 128; i < (b + 1) * 128 && i < N; i++)
      s += (uint32_t)(in[i] != 0 ? ref_classify(in[i]) : 0);
    exp[b] = (int32_t)s;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  divergent_block_sum<<<NB, 128>>>(din, dout, N);
  EX_LAUNCHED("divergent_block_sum");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("divergent_block_sum", "out", exp, got, NB);
  ex_end();
}

int main(void)
{
  ex_init("divergence");
  test_divergent_walk();
  test_divergent_block_sum();
  return ex_finish();
}
