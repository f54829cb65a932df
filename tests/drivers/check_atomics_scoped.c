/* check_atomics_scoped.c -- host driver for benchmarks/cuda/atomics_scoped.cu:
 * every integer atomic on global memory (plain and _system), float/double
 * atomic adds, a float max by CAS loop, atomicExch old values, a CAS chain
 * whose success count depends on scheduling (checked as a range), shared
 * memory atomics per block, and cuda::atomic_ref with memory orders and
 * scopes.  Inputs are small integers (|x| <= 1000, 300 threads), so the
 * float and double sums are exact in any order and compared bit-exactly.
 *
 * Inputs, CPU reference and checks: tests/ref/atomics_scoped_ref.h, shared with
 * tests/exec/atomics_scoped.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/atomics_scoped_ref.h"

START_TEST(test_atomics_global)
{
  drv_ctx c;
  int32_t in[N], slots[N], acc[13], got[13], e[13], old[N], sl_got[N];
  uint64_t acc64 = 0x100000000ull, g64, e64;
  float accf = 0.5f, gf, ef;
  double accd = -0.25, gd, ed;
  int n = N;

  drv_open(&c, "atomics_scoped");
  atomics_global_inputs(in, slots, acc, e, acc64, accf, accd, &e64, &ef, &ed);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr d64 = drv_upload(&c, &acc64, sizeof acc64), df = drv_upload(&c, &accf, sizeof accf);
  ptxsim_devptr dd = drv_upload(&c, &accd, sizeof accd), ds = drv_upload(&c, slots, sizeof slots);
  ptxsim_devptr dold = drv_alloc(&c, sizeof old);
  drv_launch(&c, "atomics_global", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &d64, &df, &dd, &ds, &dold, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, &g64, d64, sizeof g64);
  drv_download(&c, &gf, df, sizeof gf);
  drv_download(&c, &gd, dd, sizeof gd);
  drv_download(&c, old, dold, sizeof old);
  drv_download(&c, sl_got, ds, sizeof sl_got);
  drv_expect_i32("atomics_global", "acc[0..10]", e, got, 11);
  check_cas_chain(&drv_check, "atomics_global", got);
  drv_expect_u64("atomics_global", "acc64", &e64, &g64, 1);
  drv_expect_f32("atomics_global", "accf", &ef, &gf, 1, 0);
  drv_expect_f64("atomics_global", "accd", &ed, &gd, 1, 0);
  drv_expect_i32("atomics_global", "old_out", slots, old, N);
  drv_expect_i32("atomics_global", "slots", in, sl_got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_system)
{
  drv_ctx c;
  int32_t in[N], slots[N], acc[13], got[13], e[13], sl_got[N];
  int n = N;

  drv_open(&c, "atomics_scoped");
  atomics_system_inputs(in, slots, acc, e);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr ds = drv_upload(&c, slots, sizeof slots);
  drv_launch(&c, "atomics_system", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &ds, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, sl_got, ds, sizeof sl_got);
  drv_expect_i32("atomics_system", "acc[0..10]", e, got, 11);
  check_cas_chain(&drv_check, "atomics_system", got);
  drv_expect_i32("atomics_system", "slots", in, sl_got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_shared)
{
  drv_ctx c;
  int32_t in[N], got[4 * NB];
  double gd[NB];
  int n = N;

  drv_open(&c, "atomics_scoped");
  make_input(in, 65);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr dd = drv_alloc(&c, sizeof gd);
  drv_launch(&c, "atomics_shared", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dd, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, gd, dd, sizeof gd);
  atomics_shared_check(&drv_check, in, got, gd);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_scoped)
{
  drv_ctx c;
  int32_t in[N];
  uint32_t acc[4], got[4], e[4], flags[NB], ef[NB];
  uint32_t out[N], eo[N];
  uint64_t acc64[2] = { ATOMICS_SCOPED_ACC64_0, ATOMICS_SCOPED_ACC64_1 }, g64[2], e64[2];
  int n = N;

  drv_open(&c, "atomics_scoped");
  atomics_scoped_inputs(in, acc, e, e64, ef, eo);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr d64 = drv_upload(&c, acc64, sizeof acc64);
  ptxsim_devptr dfl = drv_alloc_fill(&c, sizeof flags, 0), dout = drv_alloc_fill(&c, sizeof out, 0);
  drv_launch(&c, "atomics_scoped", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &d64, &dfl, &dout, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, g64, d64, sizeof g64);
  drv_download(&c, flags, dfl, sizeof flags);
  drv_download(&c, out, dout, sizeof out);
  drv_expect_u32("atomics_scoped", "acc", e, got, 4);
  drv_expect_u64("atomics_scoped", "acc64", e64, g64, 2);
  drv_expect_u32("atomics_scoped", "flags", ef, flags, NB);
  drv_expect_u32("atomics_scoped", "out", eo, out, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("atomics_scoped");
  DRV_ADD(s, test_atomics_global);
  DRV_ADD(s, test_atomics_system);
  DRV_ADD(s, test_atomics_shared);
  DRV_ADD(s, test_atomics_scoped);
  return drv_run(s);
}
