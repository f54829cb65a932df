/* intrinsics.cu -- CUDA host program for benchmarks/cuda/intrinsics.cu; the
 * scenarios of tests/drivers/check_intrinsics.c with the inputs, CPU
 * reference and checks of tests/ref/intrinsics_ref.h: int_intrinsics,
 * float_intrinsics, float_conversions and bitfields; "reference" checks the
 * reference's own helpers against hand-worked values (host only). */
#include "../../benchmarks/cuda/intrinsics.cu"
#include "exec_util.h"
#include "../ref/intrinsics_ref.h"

static void test_int_intrinsics(void)
{
  uint32_t a[N], b[N], want[32 * N], got[32 * N];

  ex_begin("int_intrinsics");
  intrinsics_int_inputs(a, b, want);
  unsigned *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  unsigned *dout = ex_alloc_fill<unsigned>(sizeof got, 0x5a);
  int_intrinsics<<<ex_cdiv(N, B), B>>>(da, db, dout, N);
  EX_LAUNCHED("int_intrinsics");
  ex_download(got, dout, sizeof got);
  intrinsics_int_check(&ex_ref_check, want, got);
  ex_end();
}

static void test_float_intrinsics(void)
{
  float a[N], b[N], want[32 * N], got[32 * N];

  ex_begin("float_intrinsics");
  intrinsics_float_inputs(a, b, want);
  float *da = ex_upload(a, sizeof a), *db = ex_upload(b, sizeof b);
  float *dout = ex_alloc_fill<float>(sizeof got, 0x5a);
  float_intrinsics<<<ex_cdiv(N, B), B>>>(da, db, dout, N);
  EX_LAUNCHED("float_intrinsics");
  ex_download(got, dout, sizeof got);
  intrinsics_float_check(&ex_ref_check, a, b, want, got);
  ex_end();
}

static void test_float_conversions(void)
{
  float a[N], wf[16 * N], gf[16 * N];
  double d[N];
  int32_t wi[16 * N], gi[16 * N];

  ex_begin("float_conversions");
  intrinsics_conv_inputs(a, d, wi, wf);
  float *da = ex_upload(a, sizeof a);
  double *dd = ex_upload(d, sizeof d);
  int *doi = ex_alloc_fill<int>(sizeof gi, 0x5a);
  float *dof = ex_alloc_fill<float>(sizeof gf, 0x5a);
  float_conversions<<<ex_cdiv(N, B), B>>>(da, dd, doi, dof, N);
  EX_LAUNCHED("float_conversions");
  ex_download(gi, doi, sizeof gi);
  ex_download(gf, dof, sizeof gf);
  intrinsics_conv_check(&ex_ref_check, wi, gi, wf, gf);
  ex_end();
}

static void test_bitfields(void)
{
  uint32_t a[N], want[2 * N], got[2 * N];
  uint64_t b[N], want64[N], got64[N];

  ex_begin("bitfields");
  intrinsics_bitfields_inputs(a, b, want, want64);
  unsigned *da = ex_upload(a, sizeof a);
  unsigned long long *db = ex_upload((const unsigned long long *)b, sizeof b);
  unsigned *dout = ex_alloc_fill<unsigned>(sizeof got, 0x5a);
  unsigned long long *do64 = ex_alloc_fill<unsigned long long>(sizeof got64, 0x5a);
  bitfields<<<ex_cdiv(N, B), B>>>(da, db, dout, do64, N);
  EX_LAUNCHED("bitfields");
  ex_download(got, dout, sizeof got);
  ex_download(got64, do64, sizeof got64);
  ex_expect_u32("bitfields", "out", want, got, 2 * N);
  ex_expect_u64("bitfields", "out64", want64, got64, N);
  ex_end();
}

static void test_reference(void)
{
  ex_begin("reference");
  intrinsics_reference_check(&ex_ref_check);
  ex_end();
}

int main(void)
{
  ex_init("intrinsics");
  test_reference();
  test_int_intrinsics();
  test_float_intrinsics();
  test_float_conversions();
  test_bitfields();
  return ex_finish();
}
