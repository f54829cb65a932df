/* nbody.cu -- CUDA host program for benchmarks/cuda/nbody.cu; the scenario
 * of tests/drivers/check_nbody.c: one all-pairs step of 300 bodies
 * (shared-memory tiles of 128, a partial last tile), each element within the
 * bound tests/ref/nbody_ref.h derives. */
#include "../../benchmarks/cuda/nbody.cu"
#include "exec_util.h"
#include "../ref/nbody_ref.h"

static void test_nbody_step(void)
{
  static float pos[4 * N], vel[4 * N], ep[4 * N], ev[4 * N], gp[4 * N], gv[4 * N];
  static double bp[4 * N], bv[4 * N];
  float dt = 0.01f, eps2 = 0.01f;

  ex_begin("nbody_step");
  nbody_inputs(dt, eps2, pos, vel, ep, ev, bp, bv);
  float *dp = ex_upload(pos, sizeof pos), *dv = ex_upload(vel, sizeof vel);
  float *dnp = ex_alloc<float>(sizeof gp), *dnv = ex_alloc<float>(sizeof gv);
  nbody_step<<<ex_cdiv(N, 128), 128>>>(dp, dv, dnp, dnv, N, dt, eps2);
  EX_LAUNCHED("nbody_step");
  ex_download(gp, dnp, sizeof gp);
  ex_download(gv, dnv, sizeof gv);
  ex_expect_f32_bound("nbody_step", "new_vel", ev, gv, bv, 4 * N);
  ex_expect_f32_bound("nbody_step", "new_pos", ep, gp, bp, 4 * N);
  ex_end();
}

int main(void)
{
  ex_init("nbody");
  test_nbody_step();
  return ex_finish();
}
