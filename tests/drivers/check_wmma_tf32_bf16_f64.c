/* check_wmma_tf32_bf16_f64.c -- host driver for
 * benchmarks/cuda/wmma_tf32_bf16_f64.cu: D = C + A * B with A M x K
 * row-major, B K x N column-major, C and D row-major, one warp per tile:
 *  - wmma_tf32: f32 A and B, which the kernel rounds to tf32 (cvt.rna) on
 *    every fragment element, m16n16k8, f32 C and D;
 *  - wmma_bf16: bf16 A and B, m16n16k16, f32 C and D;
 *  - wmma_f64: f64 everything, m8n8k4, .rn;
 * each with C loaded from global memory (use_shared = 0) or from a shared
 * staging copy (use_shared = 1), always through generic addresses.
 *
 * References:
 *  - small integers: every partial sum is exact, so the result is the
 *    exact one in any summation order; compared bit-exactly;
 *  - random values: the hardware order is unspecified; ptxsim documents
 *    its own (isa/ops_wmma.c: c, then + a(i,k)*b(k,j) for k = 0, 1, ...,
 *    one fma each, in f32 for tf32/bf16 and in f64 for f64), which the
 *    driver replicates for a bit-exact comparison; it also checks the
 *    result against the exact sum within the bound of any order,
 *    K * u * (|c| + sum |a*b|) / (1 - K * u), u = 2^-24 or 2^-53
 *    (Higham, Accuracy and Stability, 3.1), computing that sum in double
 *    for f32 (exact here) and with error-free transformations for f64.
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_tf32_bf16_f64_ref.h, shared with
 * tests/exec/wmma_tf32_bf16_f64.cu.
 */
#include "tests/drivers/drv_util.h"
#include "tests/ref/wmma_tf32_bf16_f64_ref.h"

/* Runs the case's kernel; D comes back in got_f (f32) or got_d (f64). */
static void run_case(const wmma_case *t, unsigned block, int use_shared, float *got_f,
                     double *got_d)
{
  drv_ctx c;
  int m = t->m, n = t->n, k = t->k;
  unsigned tiles = (unsigned)(m / t->tm * (n / t->tn)), warps = block / 32;
  size_t na = (size_t)m * k, nb = (size_t)k * n, nc = (size_t)m * n;
  ptxsim_devptr da, db, dc, dd;
  drv_open(&c, "wmma_tf32_bf16_f64");
  switch (t->kind) {
  case K_TF32:
    da = drv_upload(&c, t->af, na * 4), db = drv_upload(&c, t->bf, nb * 4);
    break;
  case K_BF16:
    da = drv_upload(&c, t->ah, na * 2), db = drv_upload(&c, t->bh, nb * 2);
    break;
  default:
    da = drv_upload(&c, t->ad, na * 8), db = drv_upload(&c, t->bd, nb * 8);
    break;
  }
  size_t esize = t->kind == K_F64 ? 8 : 4;
  dc = drv_upload(&c, t->kind == K_F64 ? (const void *)t->cd : (const void *)t->cf, nc * esize);
  dd = drv_alloc_fill(&c, nc * esize, 0xff);
  drv_launch(&c, kernel_of(t->kind), drv_dim(drv_cdiv(tiles, warps), 1, 1), drv_dim(block, 1, 1),
             0, DRV_ARGS(&da, &db, &dc, &dd, &m, &n, &k, &use_shared));
  drv_download(&c, t->kind == K_F64 ? (void *)got_d : (void *)got_f, dd, nc * esize);
  drv_close(&c);
}

static wmma_case tc;

/* Runs one configuration and checks it against both references. */
static void check_case(elem_kind kind, int m, int n, int k, uint64_t seed, int small_ints,
                       unsigned block, int use_shared)
{
  static float got_f[MAX_ELEMS];
  static double got_d[MAX_ELEMS];
  fill_case(&tc, kind, m, n, k, seed, small_ints);
  run_case(&tc, block, use_shared, got_f, got_d);
  wmma_case_check(&drv_check, &tc, use_shared, small_ints, got_f, got_d);
}

START_TEST(test_tf32_small_ints)
{
  check_case(K_TF32, 32, 48, 24, 21, 1, 64, 0);
}
END_TEST

START_TEST(test_tf32_random)
{
  check_case(K_TF32, 32, 48, 24, 22, 0, 64, 0);
  check_case(K_TF32, 32, 48, 24, 23, 0, 128, 1);
}
END_TEST

START_TEST(test_bf16_small_ints)
{
  check_case(K_BF16, 48, 16, 32, 24, 1, 128, 1);
}
END_TEST

START_TEST(test_bf16_random)
{
  check_case(K_BF16, 48, 16, 32, 25, 0, 128, 0);
  check_case(K_BF16, 48, 16, 32, 26, 0, 64, 1);
}
END_TEST

START_TEST(test_f64_small_ints)
{
  check_case(K_F64, 24, 16, 20, 27, 1, 96, 0);
}
END_TEST

START_TEST(test_f64_random)
{
  check_case(K_F64, 24, 16, 20, 28, 0, 96, 0);
  check_case(K_F64, 24, 16, 20, 29, 0, 128, 1);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("wmma_tf32_bf16_f64");
  DRV_ADD(s, test_tf32_small_ints);
  DRV_ADD(s, test_tf32_random);
  DRV_ADD(s, test_bf16_small_ints);
  DRV_ADD(s, test_bf16_random);
  DRV_ADD(s, test_f64_small_ints);
  DRV_ADD(s, test_f64_random);
  return drv_run(s);
}
