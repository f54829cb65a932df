// nbody.cu - all-pairs gravitational n-body step with shared-memory tiles and rsqrtf.
//
// Exercises: rsqrt.approx.f32 (rsqrtf), long fma.rn.f32 / mul.f32 chains, a tile loop that
//   stages positions in .shared (ld.shared.v4-friendly layout, float4 loads of ld.global.v4.f32),
//   bar.sync, loop unrolling, partial last tile (bounds-checked), leap-frog update.
//
// Bodies are float4 (x, y, z, mass) stored as 4 consecutive floats; velocities likewise
//   (vx, vy, vz, unused w, which is copied unchanged).
//
// Kernels:
//   nbody_step(const float *pos, const float *vel, float *new_pos, float *new_vel, int n,
//              float dt, float eps2)
// Launch: blockDim.x must be 128 (tile size), any grid with gridDim.x*128 >= n.
// CPU reference: for body i < n: a = sum over all j < n (including j == i, which contributes 0
//   because d = 0) of m_j * d * r^-3 with d = p_j - p_i, r^2 = dx*dx + dy*dy + dz*dz + eps2;
//   v' = v + a*dt; p' = p + v'*dt; mass (pos.w) and vel.w copied. rsqrtf is approximate
//   (rsqrt.approx.f32, ~2 ulp) and the sum is in j order with fmaf, so compare with a relative
//   tolerance (1e-4 is ample), not bit-exactly.

#define NB_TILE 128

__device__ __forceinline__ float3 body_accel(float4 bi, float4 bj, float3 a, float eps2)
{
    float dx = bj.x - bi.x, dy = bj.y - bi.y, dz = bj.z - bi.z;
    float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, eps2)));
    float inv = rsqrtf(r2);
    float inv3 = inv * inv * inv;
    float s = bj.w * inv3;
    a.x = fmaf(dx, s, a.x);
    a.y = fmaf(dy, s, a.y);
    a.z = fmaf(dz, s, a.z);
    return a;
}

extern "C" __global__ void nbody_step(const float *pos, const float *vel, float *new_pos, float *new_vel,
                                      int n, float dt, float eps2)
{
    __shared__ float4 tile[NB_TILE];
    const float4 *p4 = reinterpret_cast<const float4 *>(pos);
    const float4 *v4 = reinterpret_cast<const float4 *>(vel);
    int i = blockIdx.x * NB_TILE + threadIdx.x;
    float4 me = (i < n) ? p4[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int t = 0; t < n; t += NB_TILE) {
        int j = t + threadIdx.x;
        tile[threadIdx.x] = (j < n) ? p4[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        int cnt = min(NB_TILE, n - t);
#pragma unroll 4
        for (int k = 0; k < cnt; ++k)
            a = body_accel(me, tile[k], a, eps2);
        __syncthreads();
    }
    if (i < n) {
        float4 v = v4[i];
        v.x = fmaf(a.x, dt, v.x);
        v.y = fmaf(a.y, dt, v.y);
        v.z = fmaf(a.z, dt, v.z);
        float4 p = make_float4(fmaf(v.x, dt, me.x), fmaf(v.y, dt, me.y), fmaf(v.z, dt, me.z), me.w);
        reinterpret_cast<float4 *>(new_vel)[i] = v;
        reinterpret_cast<float4 *>(new_pos)[i] = p;
    }
}
