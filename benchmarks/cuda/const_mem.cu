// const_mem.cu - __constant__ memory: tables with initialisers in the PTX, read with a
//   per-thread (divergent) index, with a uniform index, and with a data-dependent index.
//
// Exercises: .const declarations with initialisers (.const .align 4 .f32 c_coef[16] = {...}),
//   ld.const.f32/u32/f64/u64/u16 and vector ld.const.v4.f32 / v2.u32, uniform loads (same
//   address for the warp), per-lane addresses, and a table selected by loaded data.
//
// Constant tables (initialised in the PTX; the host may overwrite them by symbol name):
//   c_coef[16]   float   c_coef[k] = 0.5f * (k + 1)
//   c_lut[256]   int     c_lut[k] = (k * 37) ^ 0x5a            (generated at compile time)
//   c_dcoef[4]   double  { 1.0, -0.5, 0.25, 2.0 }
//   c_mask[4]    u64     { 0xff, 0xff00ff00ff00ff00, 0x0123456789abcdef, 0xffffffff00000000 }
//   c_small[8]   u16     c_small[k] = 1000 + 111*k
//   c_vec4[4]    float4  c_vec4[k] = (k, k+0.25, k+0.5, k+0.75)
//   c_pair[4]    uint2   c_pair[k] = (k, 100 + k)
//   c_uniform    float   3.0f
//
// Kernels:
//   const_lookup(const float *in, const int *idx, float *out, int *outi, int n)
//   const_wide(const int *idx, double *outd, unsigned long long *outl, float *outf, unsigned int *outu, int n)
// Launch: any 1-D grid/block.
// CPU reference (i < n, t = threadIdx.x, j = idx[i]):
//   const_lookup: out[i] = fmaf(in[i], c_coef[t & 15], c_uniform) + c_coef[0];
//     outi[i] = c_lut[j & 255] + c_lut[t & 255].
//   const_wide: outd[i] = c_dcoef[j & 3] * (double)j + c_dcoef[0];
//     outl[i] = c_mask[(j >> 2) & 3] ^ (u64)c_small[j & 7];
//     outf[i] = c_vec4[j & 3].x + c_vec4[j & 3].y + c_vec4[j & 3].z + c_vec4[j & 3].w
//       (left to right); outu[i] = c_pair[t & 3].x * 7 + c_pair[t & 3].y.

#include <vector_types.h>

#define LUT1(k) (((k) * 37) ^ 0x5a)
#define LUT4(k) LUT1(k), LUT1((k) + 1), LUT1((k) + 2), LUT1((k) + 3)
#define LUT16(k) LUT4(k), LUT4((k) + 4), LUT4((k) + 8), LUT4((k) + 12)
#define LUT64(k) LUT16(k), LUT16((k) + 16), LUT16((k) + 32), LUT16((k) + 48)

__constant__ float c_coef[16] = { 0.5f, 1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 3.5f, 4.0f,
                                  4.5f, 5.0f, 5.5f, 6.0f, 6.5f, 7.0f, 7.5f, 8.0f };
__constant__ int c_lut[256] = { LUT64(0), LUT64(64), LUT64(128), LUT64(192) };
__constant__ double c_dcoef[4] = { 1.0, -0.5, 0.25, 2.0 };
__constant__ unsigned long long c_mask[4] = { 0xffull, 0xff00ff00ff00ff00ull, 0x0123456789abcdefull,
                                              0xffffffff00000000ull };
__constant__ unsigned short c_small[8] = { 1000, 1111, 1222, 1333, 1444, 1555, 1666, 1777 };
__constant__ float4 c_vec4[4] = { { 0.0f, 0.25f, 0.5f, 0.75f }, { 1.0f, 1.25f, 1.5f, 1.75f },
                                  { 2.0f, 2.25f, 2.5f, 2.75f }, { 3.0f, 3.25f, 3.5f, 3.75f } };
__constant__ uint2 c_pair[4] = { { 0, 100 }, { 1, 101 }, { 2, 102 }, { 3, 103 } };
__constant__ float c_uniform = 3.0f;

extern "C" __global__ void const_lookup(const float *in, const int *idx, float *out, int *outi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int t = threadIdx.x;
    out[i] = fmaf(in[i], c_coef[t & 15], c_uniform) + c_coef[0];
    outi[i] = c_lut[idx[i] & 255] + c_lut[t & 255];
}

extern "C" __global__ void const_wide(const int *idx, double *outd, unsigned long long *outl, float *outf,
                                      unsigned int *outu, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int j = idx[i];
    int t = threadIdx.x;
    outd[i] = c_dcoef[j & 3] * (double)j + c_dcoef[0];
    outl[i] = c_mask[(j >> 2) & 3] ^ (unsigned long long)c_small[j & 7];
    float4 v = c_vec4[j & 3];
    outf[i] = ((v.x + v.y) + v.z) + v.w;
    uint2 p = c_pair[t & 3];
    outu[i] = p.x * 7u + p.y;
}
