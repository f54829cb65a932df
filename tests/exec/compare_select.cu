/* compare_select.cu -- CUDA host program for benchmarks/cuda/compare_select.cu;
 * the scenarios of tests/drivers/check_compare_select.c:
 * ordered and unordered float compares (NaN, inf, signed zeros, equal pairs),
 * 64- and 32-bit integer compares, selp, the f64 rounding helpers
 * (rint/ceil/floor/trunc) and fmax/fmin.  All bit-exact with C semantics.
 *
 * Inputs, CPU reference and checks: tests/ref/compare_select_ref.h. */
#include "../../benchmarks/cuda/compare_select.cu"
#include "exec_util.h"
#include "../ref/compare_select_ref.h"

static void test_compare_f32(void)
{
  float a[N], b[N];
  uint32_t exp[N], got[N];

  ex_begin("compare_f32");
  compare_f32_inputs(a, b, exp);
  float *pa = ex_upload(a, sizeof a), *pb = ex_upload(b, sizeof b);
  unsigned *po = ex_alloc<unsigned>(sizeof got);
  compare_f32<<<ex_cdiv(N, 128), 128>>>(pa, pb, po, N);
  EX_LAUNCHED("compare_f32");
  ex_download(got, po, sizeof got);
  ex_expect_u32("compare_f32", "out (condition mask)", exp, got, N);
  ex_end();
}

static void test_compare_f64(void)
{
  double a[N], b[N], expd[4 * N], gotd[4 * N];
  uint32_t exp[N], got[N];

  ex_begin("compare_f64");
  compare_f64_inputs(a, b, exp, expd);
  double *pa = ex_upload(a, sizeof a), *pb = ex_upload(b, sizeof b);
  unsigned *po = ex_alloc<unsigned>(sizeof got);
  double *pd = ex_alloc<double>(sizeof gotd);
  compare_f64<<<ex_cdiv(N, 96), 96>>>(pa, pb, po, pd, N);
  EX_LAUNCHED("compare_f64");
  ex_download(got, po, sizeof got);
  ex_download(gotd, pd, sizeof gotd);
  ex_expect_u32("compare_f64", "out (condition mask)", exp, got, N);
  ex_expect_f64("compare_f64", "outd", expd, gotd, 4 * N, 0);
  ex_end();
}

static void test_compare_int(void)
{
  int64_t a[N], b[N];
  uint32_t exp[N], got[N];
  uint64_t e64[2 * N], g64[2 * N];

  ex_begin("compare_int");
  compare_int_inputs(a, b, exp, e64);
  long long *pa = ex_upload((const long long *)a, sizeof a);
  long long *pb = ex_upload((const long long *)b, sizeof b);
  unsigned *po = ex_alloc<unsigned>(sizeof got);
  unsigned long long *p64 = ex_alloc<unsigned long long>(sizeof g64);
  compare_int<<<ex_cdiv(N, 128), 128>>>(pa, pb, po, p64, N);
  EX_LAUNCHED("compare_int");
  ex_download(got, po, sizeof got);
  ex_download(g64, p64, sizeof g64);
  ex_expect_u32("compare_int", "out (condition mask)", exp, got, N);
  ex_expect_u64("compare_int", "out64", e64, g64, 2 * N);
  ex_end();
}

int main(void)
{
  ex_init("compare_select");
  test_compare_f32();
  test_compare_f64();
  test_compare_int();
  return ex_finish();
}
