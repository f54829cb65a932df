/* check_nbody.c -- host driver for benchmarks/cuda/nbody.cu: one all-pairs
 * step with shared-memory tiles and a partial last tile, each element within
 * the bound tests/ref/nbody_ref.h derives. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/nbody_ref.h"

START_TEST(test_nbody_step)
{
  drv_ctx c;
  static float pos[4 * N], vel[4 * N], ep[4 * N], ev[4 * N], gp[4 * N], gv[4 * N];
  static double bp[4 * N], bv[4 * N];
  int n = N;
  float dt = 0.01f, eps2 = 0.01f;

  drv_open(&c, "nbody");
  nbody_inputs(dt, eps2, pos, vel, ep, ev, bp, bv);
  ptxsim_devptr dp = drv_upload(&c, pos, sizeof pos), dv = drv_upload(&c, vel, sizeof vel);
  ptxsim_devptr dnp = drv_alloc(&c, sizeof gp), dnv = drv_alloc(&c, sizeof gv);
  drv_launch(&c, "nbody_step", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&dp, &dv, &dnp, &dnv, &n, &dt, &eps2));
  drv_download(&c, gp, dnp, sizeof gp);
  drv_download(&c, gv, dnv, sizeof gv);
  drv_expect_f32_bound("nbody_step", "new_vel", ev, gv, bv, 4 * N);
  drv_expect_f32_bound("nbody_step", "new_pos", ep, gp, bp, 4 * N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("nbody");
  DRV_ADD(s, test_nbody_step);
  return drv_run(s);
}
