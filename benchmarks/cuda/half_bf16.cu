// half_bf16.cu - 16-bit floating point: __half / __half2 and __nv_bfloat16 / __nv_bfloat162
//   arithmetic, fused multiply-add, min/max, comparisons and conversions.
//
// Exercises (compute_80, as bf16 fma needs sm_80): add/mul/fma.rn on .f16 and .f16x2 and on
//   .bf16/.bf16x2, cvt.rn.f16.f32 / cvt.f32.f16 / cvt.rn.bf16.f32,
//   mov.b32 packing of half2 ({lo, hi}), min/max.f16/.f16x2/.bf16/.bf16x2,
//   and bf16 -> f32 widening done as an integer shift (shl/mov.b32).
//
// Kernels (all arrays of n elements unless noted; halves are passed as raw 16-bit patterns):
//   half_ops(const __half *a, const __half *b, const __half *c, float *out, int n)
//     out[4*i+k]: k=0 float(a+b), 1 float(a*b), 2 float(fma(a,b,c)), 3 float(max(a,b)) -
//     every result rounded to f16 first (round-to-nearest-even), then widened exactly.
//   half2_ops(const __half2 *a, const __half2 *b, const __half2 *c, __half2 *out, int n)
//     n is the number of __half2 pairs: out[3*i+0] = a+b, [3*i+1] = fma(a,b,c),
//     [3*i+2] = min(a*b, c), lane-wise (low and high halves independently).
//   bf16_ops(const __nv_bfloat16 *a, const __nv_bfloat16 *b, const __nv_bfloat16 *c,
//            __nv_bfloat16 *out, float *outf, int n)
//     out[3*i+k]: k=0 a+b, 1 fma(a,b,c), 2 max(a,b); outf[i] = float(a) * 2 + float(b)
//     computed in f32 (exact for the documented inputs).
//   bf16x2_ops(const __nv_bfloat162 *a, const __nv_bfloat162 *b, __nv_bfloat162 *out, int n)
//     out[2*i] = a*b, out[2*i+1] = min(a, b) lane-wise.
//   convert_f16_bf16(const float *in, __half *h, __nv_bfloat16 *bf, float *back, int n)
//     h[i] = __float2half_rn(in[i]), bf[i] = __float2bfloat16_rn(in[i]),
//     back[2*i] = float(h[i]), back[2*i+1] = float(bf[i]).
// Launch: any 1-D grid/block.
// CPU reference: compute each operation exactly (double is exact for these inputs) and round
//   once to the 16-bit format with round-to-nearest-even (f16: 5-bit exponent, 10-bit mantissa,
//   subnormals kept; bf16: the top 16 bits of the f32 with RNE). Intended inputs: multiples of
//   1/16 in [-8, 8] (then every intermediate f32 step is exact and results are bit-exact).
//   min/max of equal values or signed zeros: avoid in test data (NaN handling likewise).

#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void half_ops(const __half *a, const __half *b, const __half *c, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half x = a[i], y = b[i], z = c[i];
    out[4 * i + 0] = __half2float(__hadd(x, y));
    out[4 * i + 1] = __half2float(__hmul(x, y));
    out[4 * i + 2] = __half2float(__hfma(x, y, z));
    out[4 * i + 3] = __half2float(__hmax(x, y));
}

extern "C" __global__ void half2_ops(const __half2 *a, const __half2 *b, const __half2 *c, __half2 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half2 x = a[i], y = b[i], z = c[i];
    out[3 * i + 0] = __hadd2(x, y);
    out[3 * i + 1] = __hfma2(x, y, z);
    out[3 * i + 2] = __hmin2(__hmul2(x, y), z);
}

extern "C" __global__ void bf16_ops(const __nv_bfloat16 *a, const __nv_bfloat16 *b, const __nv_bfloat16 *c,
                                    __nv_bfloat16 *out, float *outf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat16 x = a[i], y = b[i], z = c[i];
    out[3 * i + 0] = __hadd(x, y);
    out[3 * i + 1] = __hfma(x, y, z);
    out[3 * i + 2] = __hmax(x, y);
    outf[i] = __bfloat162float(x) * 2.0f + __bfloat162float(y);
}

extern "C" __global__ void bf16x2_ops(const __nv_bfloat162 *a, const __nv_bfloat162 *b, __nv_bfloat162 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat162 x = a[i], y = b[i];
    out[2 * i + 0] = __hmul2(x, y);
    out[2 * i + 1] = __hmin2(x, y);
}

extern "C" __global__ void convert_f16_bf16(const float *in, __half *h, __nv_bfloat16 *bf, float *back, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = in[i];
    __half hv = __float2half_rn(v);
    __nv_bfloat16 bv = __float2bfloat16_rn(v);
    h[i] = hv;
    bf[i] = bv;
    back[2 * i] = __half2float(hv);
    back[2 * i + 1] = __bfloat162float(bv);
}
