// unoptimized.cu - a small program compiled WITHOUT device optimisation (-Xcicc -O0: the code
//   shape of a -G debug build, minus the DWARF sections), as users' debug builds reach the
//   emulator.
//
// Exercises: unoptimised PTX idioms: every local variable in .local memory via %SP/%SPL
//   (__local_depot, st.local/ld.local round trips, cvta.local.u64 / generic ld/st to the
//   stack), no if-conversion (bra.uni chains, not.pred), redundant cvt/mov, whole-vector
//   .param traffic for calls (st.param.v2.f32 / ld.param.v2.f32, v2.b32, v4.b8, v2.b8),
//   calls to __noinline__ functions with vector and narrow arguments and return values.
//
// Kernels:
//   unopt_vectors(const float2 *a, const uint2 *b, const uchar4 *c, const uchar2 *d, const short *s,
//                 float2 *oa, uint2 *ob, uchar4 *oc, uchar2 *od, long long *os, int n)
//   unopt_loop_sum(const int *in, int *out, int n, int window)
// Launch: any 1-D grid/block.
// CPU reference (i < n):
//   unopt_vectors: oa[i] = (a.y, a.x); ob[i] = (b.x + i, b.y ^ i); oc[i] = (c.w, c.z, c.y, c.x);
//     od[i] = (d.y, d.x); os[i] = (long long)s[i] * (i & 7) + s[i].
//   unopt_loop_sum: out[i] = sum of in[j] for j = i .. min(i + window, n) - 1 (int, wrap-around;
//     window <= 0 gives 0), accumulated through a 16-entry local ring buffer.

#include <vector_types.h>

__device__ __noinline__ float2 swap2(float2 a) { return make_float2(a.y, a.x); }
__device__ __noinline__ uint2 mix2(uint2 a, int s) { return make_uint2(a.x + (unsigned)s, a.y ^ (unsigned)s); }
__device__ __noinline__ uchar4 rev4(uchar4 c) { return make_uchar4(c.w, c.z, c.y, c.x); }
__device__ __noinline__ uchar2 rev2(uchar2 c) { return make_uchar2(c.y, c.x); }
__device__ __noinline__ long long scale16(short s, int k) { return (long long)s * k + s; }

extern "C" __global__ void unopt_vectors(const float2 *a, const uint2 *b, const uchar4 *c, const uchar2 *d,
                                         const short *s, float2 *oa, uint2 *ob, uchar4 *oc, uchar2 *od,
                                         long long *os, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    oa[i] = swap2(a[i]);
    ob[i] = mix2(b[i], i);
    oc[i] = rev4(c[i]);
    od[i] = rev2(d[i]);
    os[i] = scale16(s[i], i & 7);
}

extern "C" __global__ void unopt_loop_sum(const int *in, int *out, int n, int window)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int ring[16];
    for (int k = 0; k < 16; ++k)
        ring[k] = 0;
    unsigned acc = 0;
    for (int j = i; j < n && j < i + window; ++j) {
        int slot = (j - i) & 15;
        ring[slot] = in[j];
        acc += (unsigned)ring[slot];
    }
    out[i] = (int)acc;
}
