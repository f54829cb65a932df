/* atomics_scoped.cu -- CUDA host program for
 * benchmarks/cuda/atomics_scoped.cu; the scenarios of
 * tests/drivers/check_atomics_scoped.c: every integer atomic on global memory
 * (plain and _system), float/double atomic adds, a float max by CAS loop,
 * atomicExch old values, a CAS chain whose success count depends on
 * scheduling (checked as a range), shared memory atomics per block, and
 * cuda::atomic_ref with memory orders and scopes.  Inputs are small integers
 * (|x| <= 1000, 300 threads), so float and double sums are exact in any order
 * and compared bit-exactly.
 *
 * Inputs, CPU reference and checks: tests/ref/atomics_scoped_ref.h. */
#include "../../benchmarks/cuda/atomics_scoped.cu"
#include "exec_util.h"
#include "../ref/atomics_scoped_ref.h"

static void test_atomics_global(void)
{
  int32_t in[N], slots[N], acc[13], got[13], e[13], old[N], sl_got[N];
  unsigned long long acc64 = 0x100000000ull, g64;
  uint64_t e64;
  float accf = 0.5f, gf, ef;
  double accd = -0.25, gd, ed;

  ex_begin("atomics_global");
  atomics_global_inputs(in, slots, acc, e, acc64, accf, accd, &e64, &ef, &ed);
  int *din = ex_upload(in, sizeof in), *dacc = ex_upload(acc, sizeof acc);
  unsigned long long *d64 = ex_upload(&acc64, sizeof acc64);
  float *df = ex_upload(&accf, sizeof accf);
  double *dd = ex_upload(&accd, sizeof accd);
  int *ds = ex_upload(slots, sizeof slots);
  int *dold = ex_alloc<int>(sizeof old);
  atomics_global<<<NB, B>>>(din, dacc, d64, df, dd, ds, dold, N);
  EX_LAUNCHED("atomics_global");
  ex_download(got, dacc, sizeof got);
  ex_download(&g64, d64, sizeof g64);
  ex_download(&gf, df, sizeof gf);
  ex_download(&gd, dd, sizeof gd);
  ex_download(old, dold, sizeof old);
  ex_download(sl_got, ds, sizeof sl_got);
  uint64_t g64u = g64;
  ex_expect_i32("atomics_global", "acc[0..10]", e, got, 11);
  check_cas_chain(&ex_ref_check, "atomics_global", got);
  ex_expect_u64("atomics_global", "acc64", &e64, &g64u, 1);
  ex_expect_f32("atomics_global", "accf", &ef, &gf, 1, 0);
  ex_expect_f64("atomics_global", "accd", &ed, &gd, 1, 0);
  ex_expect_i32("atomics_global", "old_out", slots, old, N);
  ex_expect_i32("atomics_global", "slots", in, sl_got, N);
  ex_end();
}

static void test_atomics_system(void)
{
  int32_t in[N], slots[N], acc[13], got[13], e[13], sl_got[N];

  ex_begin("atomics_system");
  atomics_system_inputs(in, slots, acc, e);
  int *din = ex_upload(in, sizeof in), *dacc = ex_upload(acc, sizeof acc);
  int *ds = ex_upload(slots, sizeof slots);
  atomics_system<<<NB, B>>>(din, dacc, ds, N);
  EX_LAUNCHED("atomics_system");
  ex_download(got, dacc, sizeof got);
  ex_download(sl_got, ds, sizeof sl_got);
  ex_expect_i32("atomics_system", "acc[0..10]", e, got, 11);
  check_cas_chain(&ex_ref_check, "atomics_system", got);
  ex_expect_i32("atomics_system", "slots", in, sl_got, N);
  ex_end();
}

static void test_atomics_shared(void)
{
  int32_t in[N], got[4 * NB];
  double gd[NB];

  ex_begin("atomics_shared");
  make_input(in, 65);
  int *din = ex_upload(in, sizeof in), *dout = ex_alloc<int>(sizeof got);
  double *dd = ex_alloc<double>(sizeof gd);
  atomics_shared<<<NB, B>>>(din, dout, dd, N);
  EX_LAUNCHED("atomics_shared");
  ex_download(got, dout, sizeof got);
  ex_download(gd, dd, sizeof gd);
  atomics_shared_check(&ex_ref_check, in, got, gd);
  ex_end();
}

static void test_atomics_scoped(void)
{
  int32_t in[N];
  uint32_t acc[4], got[4], e[4], flags[NB], ef[NB];
  uint32_t out[N], eo[N];
  unsigned long long acc64[2] = { ATOMICS_SCOPED_ACC64_0, ATOMICS_SCOPED_ACC64_1 }, g64[2];
  uint64_t e64[2], g64u[2];

  ex_begin("atomics_scoped");
  atomics_scoped_inputs(in, acc, e, e64, ef, eo);
  int *din = ex_upload(in, sizeof in);
  unsigned *dacc = ex_upload(acc, sizeof acc);
  unsigned long long *d64 = ex_upload(acc64, sizeof acc64);
  unsigned *dfl = ex_alloc_fill<unsigned>(sizeof flags, 0);
  unsigned *dout = ex_alloc_fill<unsigned>(sizeof out, 0);
  atomics_scoped<<<NB, B>>>(din, dacc, d64, dfl, dout, N);
  EX_LAUNCHED("atomics_scoped");
  ex_download(got, dacc, sizeof got);
  ex_download(g64, d64, sizeof g64);
  ex_download(flags, dfl, sizeof flags);
  ex_download(out, dout, sizeof out);
  for (int k = 0; k < 2; k++)
    g64u[k] = g64[k];
  ex_expect_u32("atomics_scoped", "acc", e, got, 4);
  ex_expect_u64("atomics_scoped", "acc64", e64, g64u, 2);
  ex_expect_u32("atomics_scoped", "flags", ef, flags, NB);
  ex_expect_u32("atomics_scoped", "out", eo, out, N);
  ex_end();
}

int main(void)
{
  ex_init("atomics_scoped");
  test_atomics_global();
  test_atomics_system();
  test_atomics_shared();
  test_atomics_scoped();
  return ex_finish();
}
