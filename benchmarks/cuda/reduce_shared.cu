// reduce_shared.cu - per-block tree reduction (sum) in shared memory.
//
// Exercises: static .shared arrays, bar.sync inside a loop with a halving stride (shr),
//   a warp-synchronous tail on volatile shared memory (ld.volatile.shared / st.volatile.shared)
//   separated by __syncwarp (bar.warp.sync), int and float versions, out-of-range loads
//   replaced by 0.
//
// Kernels:
//   reduce_shared_i32(const int *in, int *partial, int n)
//   reduce_shared_f32(const float *in, float *partial, int n)
// Launch: blockDim.x must be 256 (1-D); any grid. Block b reduces the 512 elements
//   in[b*512 .. b*512+511] (elements at index >= n count as 0) and writes partial[b].
//   Use ceil(n/512) blocks to cover the input.
// CPU reference: with base = b*512 and x(i) = (i < n ? in[i] : 0):
//   t[j] = x(base+j) + x(base+256+j) for j < 256; then for s = 128, 64, ..., 1:
//   t[j] = t[j] + t[j+s] for all j < s (simultaneously); partial[b] = t[0].
//   For int (wrap-around add) that is just the sum; for float the order matters, and
//   this exact order gives a bit-exact result.

#define RS_BLOCK 256

template <typename T>
__device__ __forceinline__ void block_reduce_tree(const T *in, T *partial, int n)
{
    __shared__ T sdata[RS_BLOCK];
    unsigned tid = threadIdx.x;
    int base = blockIdx.x * (2 * RS_BLOCK);
    int i = base + tid;
    T v = (i < n) ? in[i] : T(0);
    if (i + RS_BLOCK < n)
        v = v + in[i + RS_BLOCK];
    else
        v = v + T(0);
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = RS_BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sdata[tid] + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        volatile T *vs = sdata;
        // each step reads the upper half and writes the lower half; __syncwarp orders them
        for (unsigned s = 32; s > 0; s >>= 1) {
            T a = vs[tid];
            T b = (tid < s) ? vs[tid + s] : T(0);
            __syncwarp();
            if (tid < s)
                vs[tid] = a + b;
            __syncwarp();
        }
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

extern "C" __global__ void reduce_shared_i32(const int *in, int *partial, int n)
{
    block_reduce_tree<int>(in, partial, n);
}

extern "C" __global__ void reduce_shared_f32(const float *in, float *partial, int n)
{
    block_reduce_tree<float>(in, partial, n);
}
