// calls_recursion.cu - real calls: non-inlined __device__ functions (__noinline__), bounded
//   recursion (factorial, Fibonacci, a recursive halving sum over a local array), an indirect
//   call through a __device__ function-pointer table, calls made from divergent code, arguments
//   of several widths (char, short, int, long long, float, double, pointers to local arrays)
//   and vector return values (float2, uchar4).
//
// Exercises: .func definitions, call.uni / call (divergent) with .param space
//   (st.param.{b8,b32,b64,f32,f64} arguments, ld.param.s8/u16/u32/u64/f32/f64 in callees,
//   ld.param.b8/b32/b64/f32 of returned values), call
//   through a register with a .callprototype (function pointers), a local stack frame
//   (__local_depot, %SP/%SPL, cvta.local.u64) for recursion and local arrays passed by pointer,
//   ret from .func, and generic loads through a pointer to local memory in the callee.
//   A -G debug build of this file is in benchmarks/ptx/debug/calls_recursion.ptx.
//
// Kernels:
//   calls_recursion(const int *in, long long *out, int n)
//   calls_indirect(const int *in, int *out, int n)
//   calls_mixed_args(const int *in, float *outf, unsigned int *outu, double *outd, int n)
// Launch: any 1-D grid/block.
// CPU reference: the __host__ __device__ helpers below are plain C; for i < n:
//   calls_recursion: x = in[i] (any int); out[i] = fact_rec(x & 15) + fib_rec(x & 15) * 1000
//     + sum_rec(x & 31).
//   calls_indirect: out[i] = op_k(in[i], i) with k = in[i] & 3 (op_0 = add3, op_1 = mul_xor,
//     op_2 = rot5, op_3 = neg_plus_i).
//   calls_mixed_args: with x = in[i]: c = (signed char)x, s = (short)(x >> 8), the pair/bytes
//     helpers below give outf[2i], outf[2i+1] (pair_of), outu[i] (bytes_of packed as
//     b.x | b.y<<8 | b.z<<16 | b.w<<24), outd[i] = dmix(c, s, (long long)x * 3, x * 0.5f, x * 0.25).
//   All integer-exact; the float/double results are exact too (small integer-valued inputs and
//   power-of-two scales; the arithmetic in the helpers is plain C).

#include <vector_types.h>

__host__ __device__ __noinline__ long long fact_rec(int k)
{
    return (k <= 1) ? 1LL : (long long)k * fact_rec(k - 1);
}

__host__ __device__ __noinline__ long long fib_rec(int k)
{
    if (k < 2)
        return k;
    return fib_rec(k - 1) + fib_rec(k - 2);
}

// sums a local array by recursive halving; the array lives in the caller's local memory
__host__ __device__ __noinline__ int sum_range(const int *a, int lo, int hi)
{
    if (hi - lo == 1)
        return a[lo];
    int mid = (lo + hi) / 2;
    return sum_range(a, lo, mid) + sum_range(a, mid, hi);
}

__host__ __device__ __noinline__ long long sum_rec(int m)
{
    int buf[32];
    for (int k = 0; k < 32; ++k)
        buf[k] = k * k - m;
    return (long long)sum_range(buf, 0, (m & 31) + 1);
}

__device__ __noinline__ int add3(int x, int i) { return x + 3 + i; }
__device__ __noinline__ int mul_xor(int x, int i) { return (x * 7) ^ i; }
__device__ __noinline__ int rot5(int x, int i) { return (int)(((unsigned)x << 5) | ((unsigned)x >> 27)) + (i & 1); }
__device__ __noinline__ int neg_plus_i(int x, int i) { return -x + i; }

typedef int (*binop_t)(int, int);
__device__ binop_t op_table[4] = { add3, mul_xor, rot5, neg_plus_i };

__host__ __device__ __noinline__ float2 pair_of(signed char c, short s)
{
    float2 r;
    r.x = (float)c * 2.0f + (float)s;
    r.y = (float)(c - s);
    return r;
}

__host__ __device__ __noinline__ uchar4 bytes_of(unsigned short u, signed char c)
{
    uchar4 b;
    b.x = (unsigned char)u;
    b.y = (unsigned char)(u >> 8);
    b.z = (unsigned char)c;
    b.w = (unsigned char)(u ^ (unsigned short)c);
    return b;
}

__host__ __device__ __noinline__ double dmix(signed char c, short s, long long l, float f, double d)
{
    return (double)c + (double)s * 2.0 + (double)l + (double)f * 4.0 + d;
}

extern "C" __global__ void calls_recursion(const int *in, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    out[i] = fact_rec(x & 15) + fib_rec(x & 15) * 1000 + sum_rec(x & 31);
}

extern "C" __global__ void calls_indirect(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    binop_t f = op_table[x & 3];
    out[i] = f(x, i);
}

extern "C" __global__ void calls_mixed_args(const int *in, float *outf, unsigned int *outu, double *outd, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    signed char c = (signed char)x;
    short s = (short)(x >> 8);
    float2 p = pair_of(c, s);
    outf[2 * i] = p.x;
    outf[2 * i + 1] = p.y;
    uchar4 b = bytes_of((unsigned short)x, c);
    outu[i] = (unsigned)b.x | ((unsigned)b.y << 8) | ((unsigned)b.z << 16) | ((unsigned)b.w << 24);
    outd[i] = dmix(c, s, (long long)x * 3, (float)x * 0.5f, (double)x * 0.25);
}
