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
//   reduce_ballot_tail_256(const int *in, int *out, unsigned n)   (blockDim.x == 256)
//   reduce_ballot_tail_32(const int *in, int *out, unsigned n)    (blockDim.x == 32)
//   shfl_down_partial_warp(const int *in, int *out)               (any blockDim.x <= 32)
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
//   reduce_ballot_tail_BS (the shape of the CUDA samples' reduce7): block b sums the chunks of
//     2*BS consecutive elements whose chunk index k satisfies k % gridDim.x == b, each warp
//     sums with shfl.sync.down, warp sums meet in shared memory, and the lanes that hold one
//     (ballot of tid < BS/32) finish with shfl.sync.down under that ballot mask -- so lanes
//     outside the mask, which do not execute, are read and must contribute 0.
//     out[b] = that sum (int, wrap-around).
//   shfl_down_partial_warp: one warp of blockDim.x = T <= 32 threads; lane l computes
//     out[l] = in[l] + shfl.sync.down(in, 16, mask of the T lanes) = in[l] + s, where
//     s = in[l + 16] if l + 16 < T, 0 if T <= l + 16 <= 31 (a lane past the CTA's last thread),
//     and in[l] if l + 16 > 31 (out of range: the lane's own value).

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

// The tail of the CUDA samples' reduce7: a full-warp sum, then a sum by the lanes that hold a
// warp's result under the ballot of those lanes.
__device__ __forceinline__ int warp_sum_masked(unsigned mask, int v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(mask, v, off);
    return v;
}

template <unsigned BS>
__device__ __forceinline__ void ballot_tail_reduce(const int *__restrict__ in, int *__restrict__ out,
                                                   unsigned n)
{
    __shared__ int warp_part[BS / 32 > 0 ? BS / 32 : 1];
    const unsigned tid = threadIdx.x;
    const unsigned full = 0xffffffffu >> ((BS & 31) ? 32 - (BS & 31) : 0);
    int sum = 0;
    for (unsigned i = blockIdx.x * BS * 2 + tid; i < n; i += BS * 2 * gridDim.x) {
        sum += in[i];
        if (i + BS < n)
            sum += in[i + BS];
    }
    sum = warp_sum_masked(full, sum);
    if ((tid & 31) == 0)
        warp_part[tid / 32] = sum;
    __syncthreads();
    const unsigned holders = BS / 32 > 0 ? BS / 32 : 1;
    const unsigned tail_mask = __ballot_sync(full, tid < holders);
    if (tid < holders) {
        sum = warp_part[tid];
        sum = warp_sum_masked(tail_mask, sum);
    }
    if (tid == 0)
        out[blockIdx.x] = sum;
}

extern "C" __global__ void reduce_ballot_tail_256(const int *in, int *out, unsigned n)
{
    ballot_tail_reduce<256>(in, out, n);
}

extern "C" __global__ void reduce_ballot_tail_32(const int *in, int *out, unsigned n)
{
    ballot_tail_reduce<32>(in, out, n);
}

extern "C" __global__ void shfl_down_partial_warp(const int *in, int *out)
{
    unsigned mask = blockDim.x >= 32 ? 0xffffffffu : (1u << blockDim.x) - 1;
    int v = in[threadIdx.x];
    out[threadIdx.x] = v + __shfl_down_sync(mask, v, 16);
}
