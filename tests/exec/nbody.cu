/* nbody.cu -- CUDA host program for benchmarks/cuda/nbody.cu; the scenario,
 * inputs and CPU reference of tests/drivers/check_nbody.c: one all-pairs
 * step of 300 bodies (shared-memory tiles of 128, a partial last tile).
 *
 * The reference runs the kernel's instruction sequence in float except that
 * rsqrtf is rsqrt.approx.f32 (relative error below 2^-22.9) where the
 * reference has 1/sqrtf; each element gets its own error bound derived from
 * that, exactly as the driver's comment explains.  Mass and vel.w are
 * copies: exact. */
#include "../../benchmarks/cuda/nbody.cu"
#include "exec_util.h"

#define N 300

static void test_nbody_step(void)
{
  ref_rng r;
  static float pos[4 * N], vel[4 * N], ep[4 * N], ev[4 * N], gp[4 * N], gv[4 * N];
  static double bp[4 * N], bv[4 * N];
  const double eps = 0x1p-24;
  float dt = 0.01f, eps2 = 0.01f;

  ex_begin("nbody_step");
  ref_rng_seed(&r, 83);
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 3; k++) {
      pos[4 * i + k] = ref_randf(&r, -10.0f, 10.0f);
      vel[4 * i + k] = ref_randf(&r, -1.0f, 1.0f);
    }
    pos[4 * i + 3] = ref_randf(&r, 0.1f, 2.0f);
    vel[4 * i + 3] = (float)i; /* copied unchanged */
  }
  for (int i = 0; i < N; i++) {
    const float *bi = pos + 4 * i;
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    double abs_sum[3] = { 0, 0, 0 }, max_part[3] = { 0, 0, 0 };
    for (int j = 0; j < N; j++) {
      const float *bj = pos + 4 * j;
      float dx = bj[0] - bi[0], dy = bj[1] - bi[1], dz = bj[2] - bi[2];
      float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, eps2)));
      float inv = 1.0f / sqrtf(r2);
      float inv3 = inv * inv * inv;
      float s = bj[3] * inv3;
      ax = fmaf(dx, s, ax);
      ay = fmaf(dy, s, ay);
      az = fmaf(dz, s, az);
      const float d3[3] = { dx, dy, dz }, a3[3] = { ax, ay, az };
      for (int k = 0; k < 3; k++) {
        abs_sum[k] += fabs((double)d3[k] * (double)s);
        max_part[k] = fmax(max_part[k], fabs((double)a3[k]));
      }
    }
    float vx = fmaf(ax, dt, vel[4 * i]), vy = fmaf(ay, dt, vel[4 * i + 1]);
    float vz = fmaf(az, dt, vel[4 * i + 2]);
    ev[4 * i] = vx;
    ev[4 * i + 1] = vy;
    ev[4 * i + 2] = vz;
    ev[4 * i + 3] = vel[4 * i + 3];
    ep[4 * i] = fmaf(vx, dt, bi[0]);
    ep[4 * i + 1] = fmaf(vy, dt, bi[1]);
    ep[4 * i + 2] = fmaf(vz, dt, bi[2]);
    ep[4 * i + 3] = bi[3];
    for (int k = 0; k < 3; k++) {
      double da = 2e-6 * abs_sum[k] + N * 2 * eps * max_part[k];
      double dv = (double)dt * da + 2 * eps * fabs((double)ev[4 * i + k]);
      bv[4 * i + k] = dv;
      bp[4 * i + k] = (double)dt * dv + 2 * eps * fabs((double)ep[4 * i + k]);
    }
    bv[4 * i + 3] = bp[4 * i + 3] = 0;
  }
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
