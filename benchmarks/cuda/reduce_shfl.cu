// reduce_shfl.cu - warp-shuffle reductions (shfl.sync down and xor/butterfly) and a broadcast.
//
// Exercises: shfl.sync.down.b32, shfl.sync.bfly.b32 (xor), shfl.sync.idx.b32 (broadcast from
//   lane 0), full-warp member masks, %laneid-style arithmetic (tid & 31, tid >> 5), a two-level
//   block reduction through a small shared array, atom.global.add.u32 for a grid total, float
//   and 64-bit (two 32-bit shuffles) values.
//
// Kernels:
//   reduce_shfl_down_i32(const int *in, int *block_sums, int *total, int n)
//   reduce_shfl_xor_f32(const float *in, float *warp_sums, int n)
//   reduce_shfl_max_u64(const unsigned long long *in, unsigned long long *warp_max, int n)
//   shfl_broadcast(const int *in, int *out, int n)
// Launch: blockDim.x a multiple of 32, at most 1024 (1-D); any grid.
//   Global thread index g = blockIdx.x*blockDim.x + threadIdx.x; value v(g) = in[g] if g < n,
//   else 0 (0 is also the identity for max). Warp w = g / 32 (global warp number).
// CPU reference:
//   reduce_shfl_down_i32: block_sums[b] = sum of v(g) over the block's threads (int, wrap-
//     around); *total += that sum for every block (so *total, zeroed by the host, ends as the
//     sum of in[0..n-1]).
//   reduce_shfl_xor_f32: warp_sums[w] = butterfly sum of the warp's 32 values: with x[l] the
//     value of lane l, for m = 16, 8, 4, 2, 1: x[l] = x[l] + x[l ^ m]; result x[0] (same in every
//     lane; bit-exact when evaluated in this order). Written by lane 0 of each warp.
//   reduce_shfl_max_u64: warp_max[w] = max of the warp's 32 values.
//   shfl_broadcast: out[g] = v(first thread of g's warp) + (g & 31), for g < n.

__device__ __forceinline__ int warp_sum_down(int v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

extern "C" __global__ void reduce_shfl_down_i32(const int *in, int *block_sums, int *total, int n)
{
    __shared__ int warp_part[32];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    int v = (g < n) ? in[g] : 0;
    v = warp_sum_down(v);
    if (lane == 0)
        warp_part[warp] = v;
    __syncthreads();
    int nwarps = blockDim.x >> 5;
    if (warp == 0) {
        v = (lane < nwarps) ? warp_part[lane] : 0;
        v = warp_sum_down(v);
        if (lane == 0) {
            block_sums[blockIdx.x] = v;
            atomicAdd(total, v);
        }
    }
}

extern "C" __global__ void reduce_shfl_xor_f32(const float *in, float *warp_sums, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (g < n) ? in[g] : 0.0f;
    for (int m = 16; m > 0; m >>= 1)
        v = v + __shfl_xor_sync(0xffffffffu, v, m);
    if ((threadIdx.x & 31) == 0)
        warp_sums[g >> 5] = v;
}

extern "C" __global__ void reduce_shfl_max_u64(const unsigned long long *in, unsigned long long *warp_max, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v = (g < n) ? in[g] : 0ull;
    for (int m = 16; m > 0; m >>= 1) {
        unsigned long long o = __shfl_xor_sync(0xffffffffu, v, m);
        v = (o > v) ? o : v;
    }
    if ((threadIdx.x & 31) == 0)
        warp_max[g >> 5] = v;
}

extern "C" __global__ void shfl_broadcast(const int *in, int *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (g < n) ? in[g] : 0;
    int first = __shfl_sync(0xffffffffu, v, 0);
    if (g < n)
        out[g] = first + (g & 31);
}
