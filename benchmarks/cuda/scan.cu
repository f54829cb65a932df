// scan.cu - block prefix sums: Blelloch (work-efficient) exclusive scan and Hillis-Steele
//   inclusive scan in shared memory, a warp-shuffle (shfl.sync.up) inclusive scan, and the
//   offset-add kernel that completes a multi-block scan.
//
// Exercises: up-sweep/down-sweep index arithmetic (shl, mad.lo, offset loops), bar.sync in
//   loops with data-independent trip counts, double-buffered shared memory, shfl.sync.up.b32
//   with a lane guard, int wrap-around adds.
//
// Kernels:
//   scan_blelloch(const int *in, int *out, int *block_sums, int n)
//   scan_hillis_steele(const int *in, int *out, int n)
//   scan_warp_shfl(const int *in, int *out, int n)
//   scan_add_offsets(int *data, const int *offsets, int n)
// Launch:
//   scan_blelloch: blockDim.x must be 256; block b scans the 512 elements starting at b*512.
//   scan_hillis_steele: blockDim.x must be 256; block b scans the 256 elements at b*256.
//   scan_warp_shfl: blockDim.x a multiple of 32; each warp scans its own 32 elements.
//   scan_add_offsets: blockDim.x must be 256; block b adds offsets[b] to data[b*512 .. +511].
//   Any grid; out-of-range inputs (index >= n) count as 0 and are not written.
// CPU reference (x(i) = i < n ? in[i] : 0, sums with int wrap-around):
//   scan_blelloch: out[i] = sum of x(j) for base <= j < i (exclusive, base = 512*(i/512));
//     block_sums[b] = sum of x over the block's 512 elements.
//   scan_hillis_steele: out[i] = sum of x(j) for base <= j <= i (inclusive, base = 256*(i/256)).
//   scan_warp_shfl: out[i] = sum of x(j) for base <= j <= i (inclusive, base = 32*(i/32)).
//   scan_add_offsets: data[i] += offsets[i/512] for i < n.
//   Chaining: scan_blelloch, then an exclusive scan of block_sums, then scan_add_offsets,
//   gives the exclusive scan of the whole array.

#define SCAN_BLOCK 256

extern "C" __global__ void scan_blelloch(const int *in, int *out, int *block_sums, int n)
{
    __shared__ int s[2 * SCAN_BLOCK];
    int tid = threadIdx.x;
    int base = blockIdx.x * (2 * SCAN_BLOCK);
    int i0 = base + tid, i1 = base + tid + SCAN_BLOCK;
    s[tid] = (i0 < n) ? in[i0] : 0;
    s[tid + SCAN_BLOCK] = (i1 < n) ? in[i1] : 0;
    int offset = 1;
    // up-sweep
    for (int d = SCAN_BLOCK; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            s[bi] = (int)((unsigned)s[bi] + (unsigned)s[ai]);
        }
        offset <<= 1;
    }
    if (tid == 0) {
        block_sums[blockIdx.x] = s[2 * SCAN_BLOCK - 1];
        s[2 * SCAN_BLOCK - 1] = 0;
    }
    // down-sweep
    for (int d = 1; d < 2 * SCAN_BLOCK; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            int t = s[ai];
            s[ai] = s[bi];
            s[bi] = (int)((unsigned)s[bi] + (unsigned)t);
        }
    }
    __syncthreads();
    if (i0 < n)
        out[i0] = s[tid];
    if (i1 < n)
        out[i1] = s[tid + SCAN_BLOCK];
}

extern "C" __global__ void scan_hillis_steele(const int *in, int *out, int n)
{
    __shared__ int buf[2][SCAN_BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * SCAN_BLOCK + tid;
    int cur = 0;
    buf[0][tid] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (int off = 1; off < SCAN_BLOCK; off <<= 1) {
        int v = buf[cur][tid];
        if (tid >= off)
            v = (int)((unsigned)v + (unsigned)buf[cur][tid - off]);
        buf[cur ^ 1][tid] = v;
        cur ^= 1;
        __syncthreads();
    }
    if (i < n)
        out[i] = buf[cur][tid];
}

extern "C" __global__ void scan_warp_shfl(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (i < n) ? in[i] : 0;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        int o = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off)
            v = (int)((unsigned)v + (unsigned)o);
    }
    if (i < n)
        out[i] = v;
}

extern "C" __global__ void scan_add_offsets(int *data, const int *offsets, int n)
{
    int add = offsets[blockIdx.x];
    int base = blockIdx.x * (2 * SCAN_BLOCK);
    for (int k = threadIdx.x; k < 2 * SCAN_BLOCK; k += blockDim.x) {
        int i = base + k;
        if (i < n)
            data[i] = (int)((unsigned)data[i] + (unsigned)add);
    }
}
