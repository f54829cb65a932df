// narrow_int.cu - 8- and 16-bit integer arithmetic that nvcc keeps in 16-bit registers.
//
// Exercises: .b16/.s16/.u16 registers (%rs), add/sub/mul.lo.s16, mul.wide.s16/u16, div.u16,
//   min/max.u16/s16, shl.b16, shr.s16/u16, and/or/xor/not.b16, setp.{eq,ne,lt,le,gt}.{s16,u16,b16},
//   selp.b16/u16, cvt between 8/16/32/64-bit integers (cvt.s32.s8, cvt.u16.u64, cvt.u64.u16 ...),
//   ld/st.global.{u8,s8,u16,s16}, ld/st.shared.{s16,u16,u8} and sign-extending loads
//   (ld.global.s8/.s32 when the value is widened straight away), bfi.b64, ld.param.s8/.s16
//   in __noinline__ callees.
//
// Kernels:
//   narrow16(const unsigned short *a, const short *b, const signed char *c, const int *w,
//            unsigned short *out16, short *outs16, long long *out64, int *out32, int n)
//     out16[4i+k], outs16[4i+k] for k = 0..3, out64[3i+k] for k = 0..2, out32[i].
//   narrow_shared_hist(const unsigned char *bytes, const short *vals, short *block_min, unsigned short *block_cnt, int n)
//     blockDim.x must be 128. Per block: block_min[b] = min of vals over the block's elements
//     (32767 when none), block_cnt[2b+0] = number of bytes >= 128, block_cnt[2b+1] = number of
//     bytes equal to the block's first byte (elements i in [b*128, b*128+128) with i < n).
//   narrow_misc(const short *s, const int *w, const unsigned long long *q, const unsigned short *u16,
//               long long *out, unsigned short *o16, int n)
//     blockDim.x <= 128. With r = B-1-t mirrored inside the block (S(r) = s[b*B + r], 0 past n):
//     out[4i+0] = (long long)S(r) (sign-extended, through a shared short array),
//     out[4i+1] = (long long)w[i] (sign-extended), out[4i+2] = (long long)min(q[i], q[i1]) (unsigned compare),
//     out[4i+3] = (long long)(unsigned short)(q[i] >> 5);
//     o16[2i+0] = min(u16[i], u16[i1]), o16[2i+1] = u16[i] <= u16[i1] ? u16[i] + u16[i1] : u16[i] - u16[i1]
//     (16-bit, wrap-around), with i1 = (i + 1) % n.
//   narrow_misc2(const unsigned long long *q, const unsigned short *u16, unsigned short *o16, int *o, int n)
//     with a = u16[i], b = u16[i1], i1 = (i + 1) % n: o16[3i+0] = max(a, b),
//     o16[3i+1] = (unsigned short)(q[i] * 3), o16[3i+2] = (unsigned short)(q[i] >> 7) + a (16-bit);
//     o[i] = ((a & 1) == (b & 1)) ? 5 : 9.
// Launch: any 1-D grid (block size as noted).
// CPU reference (C with uint16_t/int16_t/int8_t, all results truncated to the stored width),
//   narrow16 with A = a[i], B = b[i], C = c[i], W = w[i], A1 = a[(i+1) % n]:
//   out16[4i+0] = min(A, A1)   out16[4i+1] = max(A, A1)   out16[4i+2] = A1 ? A / A1 : 0xffff
//   out16[4i+3] = (A << (A1 & 7)) | ~A (16-bit)
//   outs16[4i+0] = B < C ? B - C : B >> 2 (arithmetic)   outs16[4i+1] = (B * C) (16-bit product)
//   outs16[4i+2] = (B == (short)A) ? 1 : (B <= (short)A1 ? 2 : 3)   outs16[4i+3] = A % 7 + (A & 0x0f0f)
//   out64[3i+0] = (long long)B * C + (long long)W    out64[3i+1] = (u64)(unsigned short)(W * 3) ^ ((long long)C << 40)
//   out64[3i+2] = widen_mul(B, C) + widen_add(W) = (long long)B * C + ((long long)W << 1)
//     (two __noinline__ calls: the callees read their short/char/int parameters with
//     sign-extending ld.param)
//   out32[i] = C * 3 (int)

__device__ __noinline__ long long widen_mul(short s, signed char c) { return (long long)s * c; }
__device__ __noinline__ long long widen_add(int w) { return (long long)w + (long long)w; }

extern "C" __global__ void narrow16(const unsigned short *a, const short *b, const signed char *c, const int *w,
                                    unsigned short *out16, short *outs16, long long *out64, int *out32, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned short A = a[i], A1 = a[(i + 1) % n];
    short B = b[i];
    signed char C = c[i];
    int W = w[i];
    out16[4 * i + 0] = min(A, A1);
    out16[4 * i + 1] = max(A, A1);
    out16[4 * i + 2] = A1 ? (unsigned short)(A / A1) : (unsigned short)0xffff;
    out16[4 * i + 3] = (unsigned short)((unsigned short)(A << (A1 & 7)) | (unsigned short)~A);
    outs16[4 * i + 0] = B < C ? (short)(B - C) : (short)(B >> 2);
    outs16[4 * i + 1] = (short)(B * C);
    outs16[4 * i + 2] = (B == (short)A) ? 1 : (B <= (short)A1 ? 2 : 3);
    outs16[4 * i + 3] = (short)(A % 7 + (A & 0x0f0f));
    out64[3 * i + 0] = (long long)B * C + (long long)W;
    out64[3 * i + 1] = (long long)((unsigned long long)(unsigned short)(W * 3) ^ ((unsigned long long)(long long)C << 40));
    out64[3 * i + 2] = widen_mul(B, C) + widen_add(W);
    out32[i] = c[i] * 3;
}

#define NH_THREADS 128

extern "C" __global__ void narrow_shared_hist(const unsigned char *bytes, const short *vals, short *block_min,
                                              unsigned short *block_cnt, int n)
{
    __shared__ short smin[NH_THREADS];
    __shared__ unsigned short shi[NH_THREADS], seq[NH_THREADS];
    __shared__ unsigned char first;
    int t = threadIdx.x;
    int i = blockIdx.x * NH_THREADS + t;
    bool ok = i < n;
    unsigned char v = ok ? bytes[i] : 0;
    if (t == 0)
        first = v;
    smin[t] = ok ? vals[i] : (short)32767;
    __syncthreads();
    shi[t] = (unsigned short)(ok && v >= 128);
    seq[t] = (unsigned short)(ok && v == first);
    __syncthreads();
    for (int s = NH_THREADS / 2; s > 0; s >>= 1) {
        if (t < s) {
            short o = smin[t + s];
            if (o < smin[t])
                smin[t] = o;
            shi[t] = (unsigned short)(shi[t] + shi[t + s]);
            seq[t] = (unsigned short)(seq[t] + seq[t + s]);
        }
        __syncthreads();
    }
    if (t == 0) {
        block_min[blockIdx.x] = smin[0];
        block_cnt[2 * blockIdx.x] = shi[0];
        block_cnt[2 * blockIdx.x + 1] = seq[0];
    }
}

extern "C" __global__ void narrow_misc(const short *s, const int *w, const unsigned long long *q, const unsigned short *u16,
                                       long long *out, unsigned short *o16, int n)
{
    __shared__ short sh[128];
    int B = blockDim.x, t = threadIdx.x;
    int i = blockIdx.x * B + t;
    sh[t] = (i < n) ? s[i] : (short)0;
    __syncthreads();
    if (i >= n)
        return;
    int i1 = (i + 1) % n;
    out[4 * i + 0] = sh[B - 1 - t];
    out[4 * i + 1] = (long long)w[i];
    out[4 * i + 2] = (long long)min(q[i], q[i1]);
    out[4 * i + 3] = (long long)(unsigned short)(q[i] >> 5);
    unsigned short a = u16[i], b = u16[i1];
    o16[2 * i + 0] = a < b ? a : b;
    o16[2 * i + 1] = (a <= b) ? (unsigned short)(a + b) : (unsigned short)(a - b);
}

extern "C" __global__ void narrow_misc2(const unsigned long long *q, const unsigned short *u16, unsigned short *o16,
                                        int *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int i1 = (i + 1) % n;
    unsigned short a = u16[i], b = u16[i1];
    o16[3 * i + 0] = a > b ? a : b;
    o16[3 * i + 1] = (unsigned short)(q[i] * 3);
    o16[3 * i + 2] = (unsigned short)((unsigned short)(q[i] >> 7) + a);
    o[i] = ((a & 1) == (b & 1)) ? 5 : 9;
}
