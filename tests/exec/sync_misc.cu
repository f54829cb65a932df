/* sync_misc.cu -- CUDA host program for benchmarks/cuda/sync_misc.cu; the
 * scenarios, inputs and CPU reference of tests/drivers/check_sync_misc.c:
 * bar.red.{or,and,popc} (__syncthreads_or/and/count), named barriers
 * (bar.arrive / bar.sync 1, 128), __syncwarp with partial masks, fences,
 * nanosleep; exact.
 *
 * Last, warp_partial_sync with the trap flag set: every thread executes
 * __trap(), which CUDA reports as a sticky kernel fault (the driver expects
 * PTXSIM_E_TRAP from the library API; a GPU says unspecified launch failure
 * or illegal instruction).  The context is unusable afterwards, so this
 * scenario runs last (ex_expect_kernel_fault). */
#include "../../benchmarks/cuda/sync_misc.cu"
#include "exec_util.h"

#define N 450

static void test_sync_votes(void)
{
  enum { B = 160, NB = (N + B - 1) / B };
  ref_rng r;
  int32_t in[N], exp[4 * NB], got[4 * NB];

  ex_begin("sync_votes");
  ref_rng_seed(&r, 35);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, 0, 100);
  in[7] = 101;  /* block 0: or true */
  in[200] = -4; /* block 1: and false */
  for (int b = 0; b < NB; b++) {
    int any = 0, all = 1, odd = 0;
    for (int t = 0; t < B; t++) {
      int g = b * B + t, v = g < N ? in[g] : 0;
      any |= v > 100;
      all &= v >= 0;
      odd += v & 1;
    }
    exp[4 * b] = any;
    exp[4 * b + 1] = all;
    exp[4 * b + 2] = odd;
    exp[4 * b + 3] = 7;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  sync_votes<<<NB, B>>>(din, dout, N);
  EX_LAUNCHED("sync_votes");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("sync_votes", "out", exp, got, 4 * NB);
  ex_end();
}

static void test_named_barriers(void)
{
  enum { NB = (N + 127) / 128 };
  ref_rng r;
  int32_t in[N], exp[N], got[N];

  ex_begin("named_barriers");
  ref_rng_seed(&r, 36);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000000, 1000000);
  for (int g = 0; g < N; g++) {
    int t = g % 128;
    exp[g] = t < 64 ? in[g] : 2 * in[g - 64] + 1 + in[g];
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  named_barriers<<<NB, 128>>>(din, dout, N);
  EX_LAUNCHED("named_barriers");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("named_barriers", "out", exp, got, N);
  ex_end();
}

enum { WPS_B = 96 };

static void warp_partial_input(int32_t *in)
{
  ref_rng r;
  ref_rng_seed(&r, 37);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000000, 1000000);
}

static void test_warp_partial_sync(void)
{
  enum { NB = (N + WPS_B - 1) / WPS_B };
  int32_t in[N], exp[N], got[N], flag = 0;

  ex_begin("warp_partial_sync");
  warp_partial_input(in);
  for (int g = 0; g < N; g++) {
    int lane = g & 31, p = (g & ~31) | (lane ^ 2);
    exp[g] = (p < N ? in[p] : 0) + lane;
  }
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  int *dflag = ex_upload(&flag, sizeof flag);
  warp_partial_sync<<<NB, WPS_B>>>(din, dout, dflag, N);
  EX_LAUNCHED("warp_partial_sync");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("warp_partial_sync", "out", exp, got, N);
  ex_end();
}

static void test_warp_partial_sync_trap(void)
{
  int32_t in[N], flag = 1;

  ex_begin("warp_partial_sync_trap");
  warp_partial_input(in);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof in);
  int *dflag = ex_upload(&flag, sizeof flag);
  warp_partial_sync<<<1, 32>>>(din, dout, dflag, N);
  ex_expect_kernel_fault("warp_partial_sync with *trap_flag = 1");
  ex_end(); /* its cudaFree calls fail on the broken context: ignored */
}

int main(void)
{
  ex_init("sync_misc");
  test_sync_votes();
  test_named_barriers();
  test_warp_partial_sync();
  test_warp_partial_sync_trap();
  return ex_finish();
}
