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
 */
#include "tests/drivers/drv_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_ELEMS (48 * 48)

typedef enum elem_kind { K_TF32, K_BF16, K_F64 } elem_kind;

typedef struct wmma_case {
  elem_kind kind;
  int m, n, k;             /* problem size */
  int tm, tn;              /* tile: 16x16 or 8x8 */
  /* What goes to the device. */
  float af[MAX_ELEMS], bf[MAX_ELEMS], cf[MAX_ELEMS];
  uint16_t ah[MAX_ELEMS], bh[MAX_ELEMS];
  double ad[MAX_ELEMS], bd[MAX_ELEMS], cd[MAX_ELEMS];
  /* References. */
  float df[MAX_ELEMS];     /* ordered, f32 */
  double dd[MAX_ELEMS];    /* ordered, f64 */
  double sum[MAX_ELEMS];   /* exact (or nearly: see two_sum below) */
  double bound[MAX_ELEMS];
} wmma_case;

/* cvt.rna.tf32.f32 for finite inputs: round the magnitude to 10 mantissa
 * bits, ties away from zero. */
static float tf32_rna(float x)
{
  return ref_u2f((ref_f2u(x) + 0x1000u) & 0xffffe000u);
}

/* Multiplicand value (i-th element of a or b), as the tensor core sees it. */
static double mval(const wmma_case *t, int is_b, int i)
{
  switch (t->kind) {
  case K_TF32: return tf32_rna(is_b ? t->bf[i] : t->af[i]);
  case K_BF16: return ref_bf2d(is_b ? t->bh[i] : t->ah[i]);
  default: return is_b ? t->bd[i] : t->ad[i];
  }
}

static void fill_case(wmma_case *t, elem_kind kind, int m, int n, int k, uint64_t seed,
                      int small_ints)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  t->kind = kind, t->m = m, t->n = n, t->k = k;
  t->tm = t->tn = kind == K_F64 ? 8 : 16;
  for (int i = 0; i < m * k + k * n; i++) {
    int is_b = i >= m * k, j = is_b ? i - m * k : i;
    double v = small_ints ? ref_rand_range(&r, -16, 16) : ref_randd(&r, -2.0, 2.0);
    if (is_b)
      t->bf[j] = (float)v, t->bh[j] = ref_d2bf(v), t->bd[j] = v;
    else
      t->af[j] = (float)v, t->ah[j] = ref_d2bf(v), t->ad[j] = v;
  }
  for (int i = 0; i < m * n; i++) {
    double v = small_ints ? ref_rand_range(&r, -1024, 1024) : ref_randd(&r, -4.0, 4.0);
    t->cf[i] = (float)v, t->cd[i] = kind == K_F64 ? v : (float)v;
  }
  const double u = ldexp(1.0, kind == K_F64 ? -53 : -24), gamma = k * u / (1 - k * u);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float accf = t->cf[i * n + j];
      double accd = t->cd[i * n + j], s = t->cd[i * n + j], e = 0, mag = fabs(s);
      for (int q = 0; q < k; q++) {
        double a = mval(t, 0, i * k + q), b = mval(t, 1, j * k + q);
        accf = fmaf((float)a, (float)b, accf);
        accd = fma(a, b, accd);
        /* s + e tracks the sum: p + pe = a*b exactly (fma), then TwoSum. */
        double p = a * b, pe = fma(a, b, -p), ns = s + p, bp = ns - s;
        e += (s - (ns - bp)) + (p - bp) + pe;
        s = ns;
        mag += fabs(p);
      }
      t->df[i * n + j] = accf;
      t->dd[i * n + j] = accd;
      t->sum[i * n + j] = s + e;
      t->bound[i * n + j] = gamma * mag + (kind == K_F64 ? ldexp(mag, -100) : 0);
    }
}

static const char *kernel_of(elem_kind kind)
{
  return kind == K_TF32 ? "wmma_tf32" : kind == K_BF16 ? "wmma_bf16" : "wmma_f64";
}

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
  const char *kernel = kernel_of(kind);
  char what[64];
  fill_case(&tc, kind, m, n, k, seed, small_ints);
  run_case(&tc, block, use_shared, got_f, got_d);
  snprintf(what, sizeof what, "D (use_shared=%d, k-order fma reference)", use_shared);
  if (kind == K_F64)
    drv_expect_f64(kernel, what, tc.dd, got_d, (size_t)m * n, 0);
  else
    drv_expect_f32(kernel, what, tc.df, got_f, (size_t)m * n, 0);
  for (int i = 0; i < m * n; i++) {
    double g = kind == K_F64 ? got_d[i] : got_f[i];
    if (small_ints)
      ck_assert_msg(g == tc.sum[i], "%s: D[%d] = %.17g, exact %.17g", kernel, i, g, tc.sum[i]);
    else
      ck_assert_msg(fabs(g - tc.sum[i]) <= tc.bound[i],
                    "%s: D[%d] = %.17g is %.3g from the exact %.17g (bound %.3g)", kernel, i, g,
                    fabs(g - tc.sum[i]), tc.sum[i], tc.bound[i]);
  }
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
