/* wmma_tf32_bf16_f64.cu -- CUDA host program for
 * benchmarks/cuda/wmma_tf32_bf16_f64.cu (sm_80); the scenarios of
 * tests/drivers/check_wmma_tf32_bf16_f64.c: D = C + A * B with A M x K
 * row-major, B K x N column-major, C and D row-major, one warp per tile: -
 * wmma_tf32: f32 A and B, which the kernel rounds to tf32 (cvt.rna) on every
 * fragment element, m16n16k8, f32 C and D; - wmma_bf16: bf16 A and B,
 * m16n16k16, f32 C and D; - wmma_f64: f64 everything, m8n8k4, .rn; each with
 * C loaded from global memory (use_shared = 0) or from a shared staging copy
 * (use_shared = 1).
 *
 * References, as the driver's:
 *  - small integers: every partial sum is exact, so the result is the
 *    exact one in any summation order; compared bit-exactly;
 *  - random values: ptxsim's documented order (isa/ops_wmma.c: c, then
 *    + a(i,k)*b(k,j) for k = 0, 1, ..., one fma each, in f32 for tf32/bf16
 *    and in f64 for f64) is compared bit-exactly (a GPU's order is
 *    unspecified, so there this comparison may fail), and the result must
 *    be within K * u * (|c| + sum |a*b|) / (1 - K * u), u = 2^-24 or
 *    2^-53, of the exact sum, the bound of any order (Higham, Accuracy and
 *    Stability, 3.1).
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_tf32_bf16_f64_ref.h. */
#include "../../benchmarks/cuda/wmma_tf32_bf16_f64.cu"
#include "exec_util.h"
#include "../ref/wmma_tf32_bf16_f64_ref.h"

static wmma_case tc;

/* Runs the case's kernel; D comes back in got_f (f32) or got_d (f64). */
static void run_case(const wmma_case *t, unsigned block, int use_shared, float *got_f,
                     double *got_d)
{
  int m = t->m, n = t->n, k = t->k;
  unsigned tiles = (unsigned)(m / t->tm * (n / t->tn)), warps = block / 32;
  unsigned grid = ex_cdiv(tiles, warps);
  size_t na = (size_t)m * k, nb = (size_t)k * n, nc = (size_t)m * n;
  switch (t->kind) {
  case K_TF32: {
    const float *da = ex_upload(t->af, na * 4), *db = ex_upload(t->bf, nb * 4);
    const float *dc = ex_upload(t->cf, nc * 4);
    float *dd = ex_alloc_fill<float>(nc * 4, 0xff);
    wmma_tf32<<<grid, block>>>(da, db, dc, dd, m, n, k, use_shared);
    EX_LAUNCHED("wmma_tf32");
    ex_download(got_f, dd, nc * 4);
    break;
  }
  case K_BF16: {
    const __nv_bfloat16 *da = ex_upload((const __nv_bfloat16 *)t->ah, na * 2);
    const __nv_bfloat16 *db = ex_upload((const __nv_bfloat16 *)t->bh, nb * 2);
    const float *dc = ex_upload(t->cf, nc * 4);
    float *dd = ex_alloc_fill<float>(nc * 4, 0xff);
    wmma_bf16<<<grid, block>>>(da, db, dc, dd, m, n, k, use_shared);
    EX_LAUNCHED("wmma_bf16");
    ex_download(got_f, dd, nc * 4);
    break;
  }
  default: {
    const double *da = ex_upload(t->ad, na * 8), *db = ex_upload(t->bd, nb * 8);
    const double *dc = ex_upload(t->cd, nc * 8);
    double *dd = ex_alloc_fill<double>(nc * 8, 0xff);
    wmma_f64<<<grid, block>>>(da, db, dc, dd, m, n, k, use_shared);
    EX_LAUNCHED("wmma_f64");
    ex_download(got_d, dd, nc * 8);
    break;
  }
  }
}

/* Runs one configuration and checks it against both references. */
static void check_case(elem_kind kind, int m, int n, int k, uint64_t seed, int small_ints,
                       unsigned block, int use_shared)
{
  static float got_f[MAX_ELEMS];
  static double got_d[MAX_ELEMS];
  const char *kernel = kernel_of(kind);
  char scenario[96];

  snprintf(scenario, sizeof scenario, "%s %s seed %d block %u use_shared=%d", kernel,
           small_ints ? "small integers" : "random", (int)seed, block, use_shared);
  ex_begin(scenario);
  fill_case(&tc, kind, m, n, k, seed, small_ints);
  run_case(&tc, block, use_shared, got_f, got_d);
  wmma_case_check(&ex_ref_check, &tc, use_shared, small_ints, got_f, got_d);
  ex_end();
}

int main(void)
{
  ex_init("wmma_tf32_bf16_f64");
  check_case(K_TF32, 32, 48, 24, 21, 1, 64, 0);
  check_case(K_TF32, 32, 48, 24, 22, 0, 64, 0);
  check_case(K_TF32, 32, 48, 24, 23, 0, 128, 1);
  check_case(K_BF16, 48, 16, 32, 24, 1, 128, 1);
  check_case(K_BF16, 48, 16, 32, 25, 0, 128, 0);
  check_case(K_BF16, 48, 16, 32, 26, 0, 64, 1);
  check_case(K_F64, 24, 16, 20, 27, 1, 96, 0);
  check_case(K_F64, 24, 16, 20, 28, 0, 96, 0);
  check_case(K_F64, 24, 16, 20, 29, 0, 128, 1);
  return ex_finish();
}
