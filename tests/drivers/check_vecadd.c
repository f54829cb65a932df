/* check_vecadd.c -- host driver for benchmarks/cuda/vecadd.cu: vecadd,
 * vecadd_gridstride and vecadd_i32 against c[i] = a[i] + b[i], with a
 * partial last CTA and a guard region past n that must stay untouched
 * (inputs and reference: tests/ref/vecadd_ref.h). */
#include "tests/drivers/drv_util.h"
#include "tests/ref/vecadd_ref.h"

static void run_f32(const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block)
{
  drv_ctx c;
  float a[N], b[N], exp[N + GUARD], got[N + GUARD];
  int n = N;

  drv_open(&c, "vecadd");
  vecadd_f32_inputs(a, b, exp);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, kernel, grid, block, 0, DRV_ARGS(&da, &db, &dc, &n));
  drv_download(&c, got, dc, sizeof got);
  drv_expect_f32(kernel, "c", exp, got, N + GUARD, 0);
  drv_close(&c);
}

START_TEST(test_vecadd)
{
  run_f32("vecadd", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1));
}
END_TEST

START_TEST(test_vecadd_gridstride)
{
  /* 3 x 96 threads: each thread takes three or four elements */
  run_f32("vecadd_gridstride", drv_dim(3, 1, 1), drv_dim(96, 1, 1));
}
END_TEST

START_TEST(test_vecadd_i32)
{
  drv_ctx c;
  int32_t a[N], b[N], exp[N + GUARD], got[N + GUARD];
  int n = N;

  drv_open(&c, "vecadd");
  vecadd_i32_inputs(a, b, exp);
  ptxsim_devptr da = drv_upload(&c, a, sizeof a), db = drv_upload(&c, b, sizeof b);
  ptxsim_devptr dc = drv_alloc_fill(&c, sizeof got, 0x5a);
  drv_launch(&c, "vecadd_i32", drv_dim(drv_cdiv(N, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &n));
  drv_download(&c, got, dc, sizeof got);
  drv_expect_i32("vecadd_i32", "c", exp, got, N + GUARD);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("vecadd");
  DRV_ADD(s, test_vecadd);
  DRV_ADD(s, test_vecadd_gridstride);
  DRV_ADD(s, test_vecadd_i32);
  return drv_run(s);
}
