// intrinsics.cu - integer and single-precision intrinsics, rounding-mode arithmetic and the
//   float<->int conversions with every rounding mode.
//
// Exercises: brev.b32, clz.b32, popc.b32, bfind.u32 / bfind.shiftamt.u32 (cuda::std::bit_width,
//   __ffs),
//   bfind.u64 (cuda::std::bit_width), prmt.b32 (__byte_perm), shf.l.wrap / shf.r.clamp
//   (__funnelshift_l / _rc), bit-field extract and insert written in C and as C bit-fields
//   (shr/shl/and/or/prmt), bmsk.clamp.b32 (cuda::bitmask),
//   vabsdiff4.u32.u32.u32.add (__vsadu4), SIMD video intrinsics (__vadd4, __vcmpgeu4 ...),
//   __sad, __mulhi / __umulhi (mul.hi), __mul24, abs/min/max.s32/u32, div/rem.s32/u32;
//   add/mul/fma with .rn/.rz/.rm/.rp rounding (__fadd_rz, __fmul_rn, __fmaf_rd, __fmaf_rz...),
//   div.rn.f32 / div.approx.f32 (__fdividef), rcp.rn.f32 (__frcp_rn), sqrt.rn.f32 (__fsqrt_rn),
//   sin/cos/lg2/ex2.approx.f32 (__sinf, __cosf, __log2f, exp2f / __expf), cvt.sat.f32.f32
//   (__saturatef), copysign.f32, floor/ceil/trunc/rint (cvt.rmi/rpi/rzi/rni.f32.f32),
//   cvt.rni/rzi/rmi/rpi.s32.f32, cvt.rzi.u32.f32, cvt.rn.f32.{s32,u32,u64,s64,u16,s16},
//   cvt.rn.f32.f64, cvt.rzi.s32/u32/s64.f64, cvt.rni.s32.f64 (__double2int_rn), fminf/fmaxf,
//   fabsf/neg, and the unordered float comparisons (setp.geu/ltu/neu/gtu/leu ...) produced
//   by negated C comparisons.
//
// Kernels (out[k*n + i] for k = 0 .. K-1; i < n; all 1-D, any grid/block):
//   int_intrinsics(const unsigned int *a, const unsigned int *b, unsigned int *out, int n)   K = 32
//   bitfields(const unsigned int *a, const unsigned long long *b, unsigned int *out,
//             unsigned long long *out64, int n)
//     p = (packed32)a[i] (bit copy); p.mid = a[(i+1) % n]; p.lo = b[i]; out[2i] = p (bits);
//     out[2i+1] = cuda::std::bit_width(a[i]) | cuda::std::bit_width(b[i]) << 8 (bit_width:
//     number of bits needed, 0 for 0); q = (packed64)b[i]; q.b = a[i]; q.c = b[(i+1) % n] >> 3;
//     out64[i] = q (bits). Fields as declared in the file (lowest bits first).
//   float_intrinsics(const float *a, const float *b, float *out, int n)                     K = 32
//   float_conversions(const float *a, const double *d, int *outi, float *outf, int n)        K = 16
// CPU reference: per k, exactly the C expression in the kernel source, with these C equivalents
//   of the intrinsics: __brev = bit reverse, __clz = count leading zeros (32 for 0), __popc,
//   __ffs = 1-based index of the lowest set bit (0 for 0), __byte_perm(x, y, s) = bytes of the
//   64-bit value y:x selected by the nibbles of s, __funnelshift_l(lo, hi, s) = high word of
//   ((hi:lo) << (s & 31)), __funnelshift_rc(lo, hi, s) = low word of ((hi:lo) >> min(s, 32)),
//   __vsadu4(x, y) = sum over the 4 bytes of |x_b - y_b|, __vabsdiffu4(x, y) = the bytes
//   |x_b - y_b| packed, __vadd4 = bytewise add (mod 256),
//   __vcmpgeu4 = 0xff per byte where x_b >= y_b, __sad(x, y, z) = |x - y| + z (signed x, y),
//   __mulhi / __umulhi = high 32 bits of the 64-bit product, __mul24 = product of the low 24
//   bits (sign-extended), cuda::bitmask(start, width) = width ones starting at bit start
//   (clamped to 32 bits). Float: the _rn/_rz/_rd/_ru suffix is the rounding mode of one IEEE
//   operation (fesetround or exact arithmetic in double then rounding); __fdividef, __sinf,
//   __cosf, __log2f, __expf, exp2f are approximate (compare with a relative tolerance of 1e-5,
//   __fdividef only for |b| < 2^126; __sinf/__cosf absolute 1e-5 for |a| < pi);
//   __saturatef clamps to [0, 1] (NaN -> 0); __float2int_rn = lrintf (ties to even), _rz
//   truncates, _rd floor, _ru ceil; out-of-range float->int conversions saturate (avoid them
//   in test data: the C casts are undefined there).

#include <cuda/bit>
#include <cuda/std/bit>

// C bit-fields: assigning a field is a bit-field insert (bfi.b32 / bfi.b64); the layout is the
// host compiler's (x86-64 / aarch64 GCC and Clang agree: first field in the lowest bits).
struct packed32 {
    unsigned int lo : 5;
    unsigned int mid : 11;
    unsigned int hi : 16;
};
struct packed64 {
    unsigned long long a : 13;
    unsigned long long b : 29;
    unsigned long long c : 22;
};

extern "C" __global__ void int_intrinsics(const unsigned int *a, const unsigned int *b, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = a[i], y = b[i];
    int sx = (int)x, sy = (int)y;
    unsigned r[32];
    r[0] = __brev(x);
    r[1] = (unsigned)__clz(sx);
    r[2] = (unsigned)__popc(x);
    r[3] = (unsigned)__ffs(sy);
    r[4] = x ? 31u - (unsigned)__clz(sx) : 0xffffffffu;           // index of the highest set bit
    r[5] = __byte_perm(x, y, 0x5140);
    r[6] = __funnelshift_l(x, y, y & 31);
    r[7] = __funnelshift_rc(x, y, y & 63);
    r[8] = (x >> (y & 15)) & ((1u << ((y >> 8) & 15)) - 1u);      // bit-field extract
    {
        unsigned pos = (y >> 16) & 15, width = 8;                 // bit-field insert
        unsigned m = ((1u << width) - 1u) << pos;
        r[9] = (x & ~m) | ((y << pos) & m);
    }
    r[10] = cuda::bitmask<unsigned>((int)(x & 15), (int)(y & 15));
    r[11] = __vsadu4(x, y);
    r[12] = __vadd4(x, y);
    r[13] = __vcmpgeu4(x, y);
    r[14] = __sad(sx, sy, 7u);
    r[15] = (unsigned)__mulhi(sx, sy);
    r[16] = __umulhi(x, y);
    r[17] = (unsigned)__mul24(sx, sy);
    r[18] = (unsigned)abs(sx);
    r[19] = (unsigned)min(sx, sy);
    r[20] = (unsigned)max(sx, sy);
    r[21] = min(x, y);
    r[22] = max(x, y);
    r[23] = y ? x / y : 0u;
    r[24] = y ? x % y : 0u;
    r[25] = (sy != 0 && !(sx == (int)0x80000000 && sy == -1)) ? (unsigned)(sx / sy) : 0u;
    r[26] = (sy != 0 && !(sx == (int)0x80000000 && sy == -1)) ? (unsigned)(sx % sy) : 0u;
    r[27] = (unsigned)(sx >> (y & 31)) ^ (x << (y & 7));
    r[28] = (unsigned)((unsigned long long)x * y >> 32) + (unsigned)(((unsigned long long)x * (y >> 16)) & 0xffff);
    r[29] = __vabsdiffu4(x, y);
    r[30] = (unsigned)__ffs(sx) | ((unsigned)__popc(x & y) << 8);
    {
        unsigned long long wide = ((unsigned long long)y << 32) | x;  // 64-bit field insert
        unsigned long long m = 0xffffull << ((x >> 3) & 31);
        wide = (wide & ~m) | (((unsigned long long)(y ^ x) << ((x >> 3) & 31)) & m);
        r[31] = (unsigned)(wide >> 16);
    }
    for (int k = 0; k < 32; ++k)
        out[k * n + i] = r[k];
}

extern "C" __global__ void float_intrinsics(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    float r[32];
    r[0] = __fadd_rn(x, y);
    r[1] = __fadd_rz(x, y);
    r[2] = __fmul_rn(x, y);
    r[3] = __fmul_rz(x, y);
    r[4] = __fmaf_rd(x, y, 1.0f);
    r[5] = __fmaf_rz(x, y, 1.0f);
    r[6] = __fmaf_ru(x, y, -1.0f);
    r[7] = x / y;
    r[8] = __fdividef(x, y);
    r[9] = 1.0f / y;
    r[10] = sqrtf(fabsf(x));
    r[11] = __sinf(x);
    r[12] = __cosf(x);
    r[13] = __log2f(fabsf(x) + 1.0f);
    r[14] = __expf(-fabsf(x));
    r[15] = exp2f(-fabsf(y));
    r[16] = __saturatef(x);
    r[17] = copysignf(x, y);
    r[18] = floorf(x);
    r[19] = ceilf(x);
    r[20] = truncf(y);
    r[21] = rintf(y);
    r[22] = fminf(x, y);
    r[23] = fmaxf(x, y);
    r[24] = -fabsf(x);
    r[25] = !(x < y) ? 1.0f : 0.0f;        // unordered comparisons (true when NaN is involved)
    r[26] = !(x >= y) ? 2.0f : -2.0f;
    r[27] = !(x == y) ? x : y;
    r[28] = !(x > y) ? 3.0f : 4.0f;
    r[29] = !(x <= y) ? 5.0f : 6.0f;
    r[30] = __frsqrt_rn(fabsf(y) + 1.0f);
    r[31] = __fsub_rn(x, y) * __frcp_rn(fabsf(x) + 2.0f);
    for (int k = 0; k < 32; ++k)
        out[k * n + i] = r[k];
}

extern "C" __global__ void float_conversions(const float *a, const double *d, int *outi, float *outf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i];
    double z = d[i];
    int ri[16];
    float rf[16];
    ri[0] = __float2int_rn(x);
    ri[1] = __float2int_rz(x);
    ri[2] = __float2int_rd(x);
    ri[3] = __float2int_ru(x);
    ri[4] = (int)__float2uint_rz(fabsf(x));
    ri[5] = (int)x;
    ri[6] = (int)(unsigned)fabsf(x);
    ri[7] = (int)z;
    ri[8] = (int)(unsigned)fabs(z);
    ri[9] = __double2int_rn(z);
    ri[10] = (int)(long long)z;
    ri[11] = (int)((long long)z >> 32);
    ri[12] = __float2int_rn(x * 0.5f);
    ri[13] = (int)(unsigned short)(unsigned)fabsf(x);
    ri[14] = (int)(signed char)(int)x;
    ri[15] = (int)(short)(int)x;
    unsigned u = (unsigned)ri[6];
    unsigned long long ul = (unsigned long long)(long long)z * 3ull;
    rf[0] = (float)ri[0];
    rf[1] = (float)u;
    rf[2] = (float)ul;
    rf[3] = (float)(long long)z;
    rf[4] = (float)(unsigned short)u;
    rf[5] = (float)(short)ri[1];
    rf[6] = (float)z;
    rf[7] = (float)((double)u * 0.5);
    rf[8] = (float)((double)ul * 0.25);
    rf[9] = (float)((double)(long long)x);
    rf[10] = __int2float_rz(ri[0] * 3 + 1);
    rf[11] = __uint2float_rd(u * 7u + 1u);
    rf[12] = __ll2float_ru((long long)ul);
    rf[13] = __double2float_rz(z);
    rf[14] = (float)(signed char)ri[1];
    rf[15] = (float)(unsigned char)ri[1];
    for (int k = 0; k < 16; ++k) {
        outi[k * n + i] = ri[k];
        outf[k * n + i] = rf[k];
    }
}

extern "C" __global__ void bitfields(const unsigned int *a, const unsigned long long *b, unsigned int *out,
                                     unsigned long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int i1 = (i + 1) % n;
    packed32 p;
    unsigned w = a[i];
    memcpy(&p, &w, sizeof p);
    p.mid = a[i1];
    p.lo = (unsigned)b[i];
    memcpy(&w, &p, sizeof p);
    out[2 * i] = w;
    out[2 * i + 1] = (unsigned)cuda::std::bit_width(a[i]) | ((unsigned)cuda::std::bit_width(b[i]) << 8);
    packed64 q;
    unsigned long long v = b[i];
    memcpy(&q, &v, sizeof q);
    q.b = a[i];
    q.c = b[i1] >> 3;
    memcpy(&v, &q, sizeof q);
    out64[i] = v;
}
