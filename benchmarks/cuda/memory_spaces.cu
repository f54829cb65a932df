// memory_spaces.cu - loads and stores of every state space, width and vector shape nvcc emits:
//   generic pointers (ld/st without a state space, cvta.global / cvta.shared), volatile
//   accesses, read-only (__ldg -> ld.global.nc) loads, vector loads/stores of 2 and 4 elements,
//   8- and 16-bit element types in global, shared and local memory, and kernel parameters of
//   narrow and vector types.
//
// Exercises: ld/st.{u32,u64,f32,f64} (generic), ld/st.volatile.{u32} (generic),
//   ld/st.volatile.global.u32, ld.global.nc.{u32,f32,f64,v2.f32,v2.u32,v4.f32,v4.u32},
//   ld/st.global.{v2.f32,v2.f64,v2.u32,v2.u64,v4.u32,v4.u8,v2.u8,u8,s8,s32},
//   ld/st.shared.{u8,s8,u16,s16,v2.u16,v4.u8,v2.u32,v4.u32,v2.f32,v2.f64,v2.u64},
//   ld/st.local.{v4.f32,v2.f32,v2.u32,v4.u8}, ld.param.{s8,u8,u16,f32,u32} of narrow and vector
//   (.align 8 .b8 param[8]) kernel parameters, which nvcc 13 reads field by field,
//   cvta.global.u64 / cvta.shared.u64, selp on pointers.
//
// Kernels (g = global thread index, t = threadIdx.x, B = blockDim.x, b = blockIdx.x):
//   generic_pointers(const int *in, int *out, float *outf, int *gs_i, float *gs_f, double *gs_d,
//                    unsigned long long *gs_l, int use_shared, int n)
//     blockDim.x <= 256. Scratch arrays: when use_shared != 0 they are in shared memory, else the
//     global scratch gs_* + b*B (each B elements per block, contents undefined afterwards); every
//     access goes through one generic pointer. With x(j) = in[b*B + j] (0 past n), r = B-1-t and
//     r1 = (t+1) % B: out[g] = x(r) + 3 * x(r) + x(r1) (int, wrap-around),
//     outf[g] = (float)x(r) * 0.5f + (float)((double)x(r) * 0.25).
//   generic_atomic(unsigned int *out, int use_shared, int n)
//     blockDim.x <= 1024. Every thread with g < n increments one counter through a generic
//     pointer (generic atom.add.u32): a shared counter when use_shared != 0, else the __device__
//     variable g_generic_counter (0 in the PTX; it ends increased by n, readable by symbol).
//     out[b] = the block's count (threads with g < n) when use_shared != 0, else 0.
//   volatile_global(volatile unsigned int *flags, unsigned int *out, int n)
//     out[g] = flags[g] (volatile read); then flags[g] = flags[g] + 1 (volatile read+write).
//   readonly_vectors(const float *f, const double *d, const unsigned int *u, const float2 *f2,
//                    const uint2 *u2, const float4 *f4, const uint4 *u4, float *outf, unsigned int *outu, int n)
//     via __ldg: outf[g] = f[g] + (float)d[g] + f2[g].x + f2[g].y + ((f4[g].x + f4[g].y) + (f4[g].z + f4[g].w))
//     (left to right, in that order of additions), outu[g] = u[g] + u2[g].x * 3 + u2[g].y + (u4[g].x ^ u4[g].y ^ u4[g].z ^ u4[g].w).
//   plain_vectors(const float2 *f2, const double2 *d2, const uint2 *u2, const uint4 *u4,
//                 const ulonglong2 *l2, const uchar4 *c4, const signed char *sc, const int *si,
//                 float2 *of2, double2 *od2, uint2 *ou2, uint4 *ou4, ulonglong2 *ol2, uchar4 *oc4,
//                 uchar2 *oc2, unsigned char *oc1, long long *oll, int n)
//     of2[g] = (f2.y, f2.x); od2[g] = (d2.x + d2.y, d2.x - d2.y); ou2[g] = (u2.y, u2.x);
//     ou4[g] = (u4.w, u4.z, u4.y, u4.x); ol2[g] = (l2.x + l2.y, l2.x ^ l2.y);
//     oc4[g] = (c4.w, c4.z, c4.y, c4.x); oc2[g] = (c4.x + c4.y, c4.z + c4.w) (bytes, mod 256);
//     oc1[g] = (unsigned char)(sc[g] * 3); oll[g] = (long long)si[g] * 5 + sc[g]   (all [g]).
//   shared_narrow(const unsigned char *c, const short *s, const uint4 *u4, const double2 *d2,
//                 unsigned int *out, double *outd, int n)
//     blockDim.x <= 256. Each block stages its elements in shared arrays of bytes, signed
//     bytes, shorts, ushort2, uchar4, uint2, uint4, float2, double2 and ulonglong2 and reads
//     the mirrored element r = B-1-t (elements past n are 0). With C = c[b*B+r], S = s[b*B+r],
//     U = u4[b*B+r], D = d2[b*B+r] (0 past n):
//     out[4g+0] = C + (unsigned)(int)(signed char)C       (wrap-around)
//     out[4g+1] = (unsigned)(int)S * 3
//     out[4g+2] = U.x + U.y + U.z + U.w + C * C + C + (unsigned short)S * 65537u
//     out[4g+3] = (U.x ^ U.w) + (U.y << 1) + U.x * 5
//     outd[2g] = D.x + (float)(S) * 0.5f (computed as a float product then widened),
//     outd[2g+1] = D.y + (double)((u64)U.z << 32 | U.y)
//   local_vectors(const int *idx, float *outf, unsigned int *outu, int n)
//     per thread: float4 a[8] with a[k] = (k, k+0.5, -k, 2k); float2 p[8] with p[k] = (k, -k);
//     uint2 q[8] with q[k] = (k, k*k); uchar4 c[8] with c[k] = (k, 2k, 3k, 4k). With x = idx[g],
//     j = x & 7: a[j].x += 1; p[(j+1)&7] = (1.5, 2.5); q[(j+2)&7] = (x ^ 1, x + 7) (unsigned);
//     c[(j+3)&7] = (x, x+1, x+2, 200) (bytes, mod 256);
//     outf[g] = a[j].x + a[j].y + a[j].z + a[j].w + p[j].x + p[j].y (left to right);
//     outu[g] = q[j].x + q[j].y + c[j].x + c[j].y + c[j].z + c[j].w.
//   narrow_vector_params(signed char sc, unsigned char uc, short ss, unsigned short us,
//                        float2 f2, uint2 u2, uchar2 c2, uchar4 c4, float *outf, unsigned int *outu, int n)
//     (the one kernel of the corpus with by-value vector parameters, to exercise .param .align
//     8 .b8 param[8]): for g < n: outf[g] = f2.x * g + f2.y,
//     outu[g] = (unsigned)(sc + uc + ss + us) + u2.x * g + u2.y + c2.x + c2.y + c4.x + c4.y + c4.z + c4.w.
// Launch: 1-D; block-size limits as noted.
// CPU reference: as stated above.

#include <vector_types.h>

#define MS_MAX 256

extern "C" __global__ void generic_pointers(const int *in, int *out, float *outf, int *gs_i, float *gs_f,
                                            double *gs_d, unsigned long long *gs_l, int use_shared, int n)
{
    __shared__ int si[MS_MAX];
    __shared__ float sf[MS_MAX];
    __shared__ double sd[MS_MAX];
    __shared__ unsigned long long sl[MS_MAX];
    int B = blockDim.x, t = threadIdx.x, g = blockIdx.x * B + t;
    int off = blockIdx.x * B;
    int *pi = use_shared ? si : gs_i + off;
    float *pf = use_shared ? sf : gs_f + off;
    double *pd = use_shared ? sd : gs_d + off;
    unsigned long long *pl = use_shared ? sl : gs_l + off;
    int x = (g < n) ? in[g] : 0;
    pi[t] = x;
    pf[t] = (float)x * 0.5f;
    pd[t] = (double)x * 0.25;
    pl[t] = (unsigned long long)(unsigned)x << 20;
    __syncthreads();
    int r = B - 1 - t;
    volatile int *vp = pi;
    int y = vp[r];
    int z = (int)(unsigned)(pl[r] >> 20);
    float f = pf[r] + (float)pd[r];
    int y1 = pi[(t + 1) % B];
    __syncthreads();
    vp[t] = y + 1;   // volatile generic store (scratch only)
    if (g < n) {
        out[g] = (int)((unsigned)y + 3u * (unsigned)z + (unsigned)y1);
        outf[g] = f;
    }
}

__device__ unsigned int g_generic_counter = 0;

extern "C" __global__ void generic_atomic(unsigned int *out, int use_shared, int n)
{
    __shared__ unsigned int s_cnt;
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        s_cnt = 0;
    __syncthreads();
    unsigned int *c = use_shared ? &s_cnt : &g_generic_counter;
    if (g < n)
        atomicAdd(c, 1u);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = use_shared ? *c : 0u;
}

extern "C" __global__ void volatile_global(volatile unsigned int *flags, unsigned int *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    unsigned v = flags[g];
    out[g] = v;
    flags[g] = flags[g] + 1u;
}

extern "C" __global__ void readonly_vectors(const float *f, const double *d, const unsigned int *u, const float2 *f2,
                                            const uint2 *u2, const float4 *f4, const uint4 *u4, float *outf,
                                            unsigned int *outu, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    float2 a = __ldg(&f2[g]);
    float4 b = __ldg(&f4[g]);
    uint2 c = __ldg(&u2[g]);
    uint4 e = __ldg(&u4[g]);
    float sum = __ldg(&f[g]) + (float)__ldg(&d[g]);
    sum = sum + a.x;
    sum = sum + a.y;
    sum = sum + ((b.x + b.y) + (b.z + b.w));
    outf[g] = sum;
    outu[g] = __ldg(&u[g]) + c.x * 3u + c.y + (e.x ^ e.y ^ e.z ^ e.w);
}

extern "C" __global__ void plain_vectors(const float2 *f2, const double2 *d2, const uint2 *u2, const uint4 *u4,
                                         const ulonglong2 *l2, const uchar4 *c4, const signed char *sc, const int *si,
                                         float2 *of2, double2 *od2, uint2 *ou2, uint4 *ou4, ulonglong2 *ol2,
                                         uchar4 *oc4, uchar2 *oc2, unsigned char *oc1, long long *oll, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    float2 a = f2[g];
    of2[g] = make_float2(a.y, a.x);
    double2 d = d2[g];
    od2[g] = make_double2(d.x + d.y, d.x - d.y);
    uint2 u = u2[g];
    ou2[g] = make_uint2(u.y, u.x);
    uint4 w = u4[g];
    ou4[g] = make_uint4(w.w, w.z, w.y, w.x);
    ulonglong2 l = l2[g];
    ol2[g] = make_ulonglong2(l.x + l.y, l.x ^ l.y);
    uchar4 c = c4[g];
    oc4[g] = make_uchar4(c.w, c.z, c.y, c.x);
    oc2[g] = make_uchar2((unsigned char)(c.x + c.y), (unsigned char)(c.z + c.w));
    signed char s = sc[g];
    oc1[g] = (unsigned char)(s * 3);
    oll[g] = (long long)si[g] * 5 + s;
}

extern "C" __global__ void shared_narrow(const unsigned char *c, const short *s, const uint4 *u4, const double2 *d2,
                                         unsigned int *out, double *outd, int n)
{
    __shared__ unsigned char sc[MS_MAX];
    __shared__ signed char ssc[MS_MAX];
    __shared__ short ss[MS_MAX];
    __shared__ ushort2 sus2[MS_MAX];
    __shared__ uchar4 suc4[MS_MAX];
    __shared__ uint2 su2[MS_MAX];
    __shared__ uint4 su4[MS_MAX];
    __shared__ float2 sf2[MS_MAX];
    __shared__ double2 sd2[MS_MAX];
    __shared__ ulonglong2 sl2[MS_MAX];
    int B = blockDim.x, t = threadIdx.x, g = blockIdx.x * B + t;
    bool ok = g < n;
    unsigned char C = ok ? c[g] : 0;
    short S = ok ? s[g] : 0;
    uint4 U = ok ? u4[g] : make_uint4(0, 0, 0, 0);
    double2 D = ok ? d2[g] : make_double2(0.0, 0.0);
    sc[t] = C;
    ssc[t] = (signed char)C;
    ss[t] = S;
    sus2[t] = make_ushort2((unsigned short)S, (unsigned short)S);
    suc4[t] = make_uchar4(C, C, C, C);
    su2[t] = make_uint2(U.x, U.y);
    su4[t] = U;
    sf2[t] = make_float2((float)S, 0.5f);
    sd2[t] = D;
    sl2[t] = make_ulonglong2(U.y, U.z);
    __syncthreads();
    int r = B - 1 - t;
    unsigned o0 = (unsigned)sc[r] + (unsigned)(int)ssc[r];
    unsigned o1 = (unsigned)(int)ss[r] * 3u;
    uint4 w = su4[r];
    uchar4 q = suc4[r];
    ushort2 h = sus2[r];
    unsigned o2 = w.x + w.y + w.z + w.w + (unsigned)q.x * (unsigned)q.w + (unsigned)q.y + (unsigned)h.x +
                  ((unsigned)h.y << 16);
    uint2 v2 = su2[r];
    unsigned o3 = (w.x ^ w.w) + (v2.y << 1) + v2.x * 5u;
    float2 fp = sf2[r];
    double2 dd = sd2[r];
    ulonglong2 ll = sl2[r];
    if (ok) {
        out[4 * g + 0] = o0;
        out[4 * g + 1] = o1;
        out[4 * g + 2] = o2;
        out[4 * g + 3] = o3;
        outd[2 * g] = dd.x + (double)(fp.x * fp.y);
        outd[2 * g + 1] = dd.y + (double)((ll.y << 32) | ll.x);
    }
}

extern "C" __global__ void local_vectors(const int *idx, float *outf, unsigned int *outu, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    float4 a[8];
    float2 p[8];
    uint2 q[8];
    uchar4 c[8];
    for (int k = 0; k < 8; ++k) {
        a[k] = make_float4((float)k, k + 0.5f, (float)-k, 2.0f * k);
        p[k] = make_float2((float)k, (float)-k);
        q[k] = make_uint2((unsigned)k, (unsigned)(k * k));
        c[k] = make_uchar4((unsigned char)k, (unsigned char)(2 * k), (unsigned char)(3 * k), (unsigned char)(4 * k));
    }
    int x = idx[g];
    int j = x & 7;
    a[j].x += 1.0f;
    p[(j + 1) & 7] = make_float2(1.5f, 2.5f);
    q[(j + 2) & 7] = make_uint2((unsigned)x ^ 1u, (unsigned)x + 7u);
    c[(j + 3) & 7] = make_uchar4((unsigned char)x, (unsigned char)(x + 1), (unsigned char)(x + 2), 200);
    float4 aj = a[j];
    float2 pj = p[j];
    outf[g] = ((((aj.x + aj.y) + aj.z) + aj.w) + pj.x) + pj.y;
    uint2 qj = q[j];
    uchar4 cj = c[j];
    outu[g] = qj.x + qj.y + cj.x + cj.y + cj.z + cj.w;
}

extern "C" __global__ void narrow_vector_params(signed char sc, unsigned char uc, short ss, unsigned short us,
                                                float2 f2, uint2 u2, uchar2 c2, uchar4 c4, float *outf,
                                                unsigned int *outu, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    outf[g] = f2.x * (float)g + f2.y;
    outu[g] = (unsigned)(sc + uc + ss + us) + u2.x * (unsigned)g + u2.y + c2.x + c2.y + c4.x + c4.y + c4.z + c4.w;
}
