/* sync_misc.cu -- CUDA host program for benchmarks/cuda/sync_misc.cu; the
 * scenarios of tests/drivers/check_sync_misc.c:
 * bar.red.{or,and,popc} (__syncthreads_or/and/count), named barriers
 * (bar.arrive / bar.sync 1, 128), __syncwarp with partial masks, fences,
 * nanosleep; exact.
 *
 * Last, warp_partial_sync with the trap flag set: every thread executes
 * __trap(), which CUDA reports as a sticky kernel fault (the driver expects
 * PTXSIM_E_TRAP from the library API; a GPU says unspecified launch failure
 * or illegal instruction).  The context is unusable afterwards, so this
 * scenario runs last (ex_expect_kernel_fault).
 *
 * Inputs, CPU reference and checks: tests/ref/sync_misc_ref.h. */
#include "../../benchmarks/cuda/sync_misc.cu"
#include "exec_util.h"
#include "../ref/sync_misc_ref.h"

static void test_sync_votes(void)
{
  enum { B = 160, NB = (N + B - 1) / B };
  int32_t in[N], exp[4 * NB], got[4 * NB];

  ex_begin("sync_votes");
  sync_votes_inputs(B, in, exp);
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
  int32_t in[N], exp[N], got[N];

  ex_begin("named_barriers");
  named_barriers_inputs(in, exp);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  named_barriers<<<NB, 128>>>(din, dout, N);
  EX_LAUNCHED("named_barriers");
  ex_download(got, dout, sizeof got);
  ex_expect_i32("named_barriers", "out", exp, got, N);
  ex_end();
}

enum { WPS_B = 96 };

static void test_warp_partial_sync(void)
{
  enum { NB = (N + WPS_B - 1) / WPS_B };
  int32_t in[N], exp[N], got[N], flag = 0;

  ex_begin("warp_partial_sync");
  warp_partial_inputs(in, exp);
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
  warp_partial_inputs(in, NULL);
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
