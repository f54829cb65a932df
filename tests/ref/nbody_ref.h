/* nbody_ref.h -- inputs and CPU reference of benchmarks/cuda/nbody.cu,
 * shared by tests/drivers/check_nbody.c and tests/exec/nbody.cu: one
 * all-pairs step of N bodies.
 *
 * The reference runs the kernel's instruction sequence in float (the same
 * fma.rn chain in j order, inv*inv*inv, m*inv3) except that rsqrtf is
 * rsqrt.approx.f32, whose relative error the PTX ISA bounds by 2^-22.9,
 * and the reference's 1/sqrtf is within 1.5 ulp (2^-24 units) of exact.
 * Each element gets its own bound, derived from those: a term's s may
 * differ by 3 * (2^-22.9 + 1.5 * 2^-24) plus three multiplications' ulps
 * (2e-6 relative covers it), each of the N accumulating fmas may round
 * one ulp apart afterwards, and the velocity and position updates add
 * dt times the inherited difference plus one ulp each.  Mass and vel.w
 * are copies: exact. */
#ifndef PTXSIM_TESTS_REF_NBODY_REF_H
#define PTXSIM_TESTS_REF_NBODY_REF_H

#include "ref_util.h"

#define N 300

/* pos, vel: 4 * N inputs; ep, ev: the expected new positions and
 * velocities, bp, bv: their bounds. */
static inline void nbody_inputs(float dt, float eps2, float *pos, float *vel, float *ep,
                                float *ev, double *bp, double *bv)
{
  const double eps = 0x1p-24;
  ref_rng r;
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
}

#endif /* PTXSIM_TESTS_REF_NBODY_REF_H */
