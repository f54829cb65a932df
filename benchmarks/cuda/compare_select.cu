// compare_select.cu - comparisons and selects of every type, ordered and unordered, and the
//   double-precision rounding / min-max helpers.
//
// Exercises: setp.{eq,ne,lt,le,gt,ge}.{s32,u32,s64,u64,f32,f64}, the unordered float
//   comparisons setp.{equ,neu,ltu,leu,gtu,geu}.{f32,f64} that negated C comparisons produce,
//   64-bit compares of bit patterns, selp.{b32,b64,f32,f64,u32,u16}, predicate logic
//   (and/or/xor.pred), bfi.b32 (packing predicate bits into a mask), min/max.f64,
//   cvt.rni/rpi/rmi/rzi.f64.f64 (rint/ceil/floor/trunc), fmin/fmax, isnan/isinf (abs + setp).
//
// Kernels:
//   compare_f32(const float *a, const float *b, unsigned int *out, int n)            out[i]: bit mask
//   compare_f64(const double *a, const double *b, unsigned int *out, double *outd, int n)
//     out[i]: bit mask; outd[4*i+k]: k=0 rint(x) 1 ceil(x) 2 floor(x) + trunc(y) 3 fmax(x,y) - fmin(x,y)
//   compare_int(const long long *a, const long long *b, unsigned int *out, unsigned long long *out64, int n)
//     out[i]: bit mask; out64[2i] = min((u64)A,(u64)B) + max((u64)A,(u64)B) * 3,
//     out64[2i+1] = (u64)(unsigned)A * (unsigned)B + (u64)B (mad.wide.u32)
// Launch: any 1-D grid/block.
// CPU reference: the bit masks are, with x = a[i], y = b[i] (bit k set when condition k holds):
//   float/double: 0 x == y, 1 x != y, 2 x < y, 3 x <= y, 4 x > y, 5 x >= y, 6 !(x == y),
//     7 !(x < y), 8 !(x <= y), 9 !(x > y), 10 !(x >= y), 11 isnan(x), 12 isinf(y),
//     13 (x < y) != (y < 0), 14 (x < 1 && y > -1) || x == 0, 15 bits(x) == bits(y) (same bit
//     pattern), and (compare_f32 only) 16 x * 2 <= y + 1. NaN inputs are allowed: C semantics.
//   int (A = a[i], B = b[i] signed 64-bit; UA, UB the same bits unsigned): 0 A == B, 1 A != B,
//     2 A < B, 3 A <= B, 4 A > B, 5 A >= B, 6 UA < UB, 7 UA <= UB, 8 UA > UB, 9 UA >= UB,
//     10 (int)A < (int)B, 11 (unsigned)A <= (unsigned)B, 12 (unsigned)A > (unsigned)B,
//     13 (int)A >= (int)B, 14 A == 0 || B == -1.

extern "C" __global__ void compare_f32(const float *a, const float *b, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    unsigned m = 0;
    m |= (x == y) << 0;
    m |= (x != y) << 1;
    m |= (x < y) << 2;
    m |= (x <= y) << 3;
    m |= (x > y) << 4;
    m |= (x >= y) << 5;
    m |= !(x == y) << 6;
    m |= !(x < y) << 7;
    m |= !(x <= y) << 8;
    m |= !(x > y) << 9;
    m |= !(x >= y) << 10;
    m |= (isnan(x) ? 1u : 0u) << 11;
    m |= (isinf(y) ? 1u : 0u) << 12;
    m |= ((x < y) != (y < 0.0f)) << 13;
    m |= ((x < 1.0f && y > -1.0f) || x == 0.0f) << 14;
    m |= (__float_as_uint(x) == __float_as_uint(y)) << 15;
    m |= (x * 2.0f <= y + 1.0f) << 16;
    out[i] = m;
}

extern "C" __global__ void compare_f64(const double *a, const double *b, unsigned int *out, double *outd, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = a[i], y = b[i];
    unsigned m = 0;
    m |= (x == y) << 0;
    m |= (x != y) << 1;
    m |= (x < y) << 2;
    m |= (x <= y) << 3;
    m |= (x > y) << 4;
    m |= (x >= y) << 5;
    m |= !(x == y) << 6;
    m |= !(x < y) << 7;
    m |= !(x <= y) << 8;
    m |= !(x > y) << 9;
    m |= !(x >= y) << 10;
    m |= (isnan(x) ? 1u : 0u) << 11;
    m |= (isinf(y) ? 1u : 0u) << 12;
    m |= ((x < y) != (y < 0.0)) << 13;
    m |= ((x < 1.0 && y > -1.0) || x == 0.0) << 14;
    m |= (__double_as_longlong(x) == __double_as_longlong(y)) << 15;
    out[i] = m;
    outd[4 * i + 0] = rint(x);
    outd[4 * i + 1] = ceil(x);
    outd[4 * i + 2] = floor(x) + trunc(y);
    outd[4 * i + 3] = fmax(x, y) - fmin(x, y);
}

extern "C" __global__ void compare_int(const long long *a, const long long *b, unsigned int *out,
                                       unsigned long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    long long A = a[i], B = b[i];
    unsigned long long UA = (unsigned long long)A, UB = (unsigned long long)B;
    unsigned m = 0;
    m |= (A == B) << 0;
    m |= (A != B) << 1;
    m |= (A < B) << 2;
    m |= (A <= B) << 3;
    m |= (A > B) << 4;
    m |= (A >= B) << 5;
    m |= (UA < UB) << 6;
    m |= (UA <= UB) << 7;
    m |= (UA > UB) << 8;
    m |= (UA >= UB) << 9;
    m |= ((int)A < (int)B) << 10;
    m |= ((unsigned)A <= (unsigned)B) << 11;
    m |= ((unsigned)A > (unsigned)B) << 12;
    m |= ((int)A >= (int)B) << 13;
    m |= (A == 0 || B == -1) << 14;
    out[i] = m;
    out64[2 * i] = min(UA, UB) + max(UA, UB) * 3ull;
    out64[2 * i + 1] = (unsigned long long)(unsigned)A * (unsigned)B + UB;
}
