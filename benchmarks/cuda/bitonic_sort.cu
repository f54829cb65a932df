// bitonic_sort.cu - bitonic sort of unsigned keys: a whole sort of 512 keys per block in
//   shared memory, and the global-memory compare-exchange step used for larger arrays.
//
// Exercises: xor partner indexing (i ^ j), direction from (i & k), compare-and-swap with
//   min/max or selp, nested loops with bar.sync in the inner loop, padding with 0xffffffff.
//
// Kernels:
//   bitonic_sort_block(unsigned int *data, int n)
//     Block b sorts data[b*512 .. b*512+511] ascending in place (positions >= n are treated as
//     0xffffffff and not written back).
//   bitonic_step_global(unsigned int *data, int j, int k, int n)
//     One compare-exchange pass: for each i < n with p = i ^ j, p > i, p < n: if (i & k) == 0
//     the pair (data[i], data[p]) is put in ascending order, otherwise descending.
// Launch: bitonic_sort_block: blockDim.x should be 256 (each thread owns two keys; any size
//   works), any grid.
//   bitonic_step_global: any 1-D grid covering n threads.
//   A full sort of n = 2^m keys: for k = 2, 4, ..., n: for j = k/2, ..., 1: bitonic_step_global.
// CPU reference: bitonic_sort_block: each 512-key segment (the last one possibly shorter)
//   ends sorted ascending. bitonic_step_global: exactly the pass described above (for n a power
//   of two the full sequence of passes sorts ascending).

#define BS_N 512

extern "C" __global__ void bitonic_sort_block(unsigned int *data, int n)
{
    __shared__ unsigned int s[BS_N];
    int base = blockIdx.x * BS_N;
    for (int t = threadIdx.x; t < BS_N; t += blockDim.x) {
        int g = base + t;
        s[t] = (g < n) ? data[g] : 0xffffffffu;
    }
    __syncthreads();
    for (int k = 2; k <= BS_N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            for (int t = threadIdx.x; t < BS_N; t += blockDim.x) {
                int p = t ^ j;
                if (p > t) {
                    unsigned int a = s[t], b = s[p];
                    bool up = (t & k) == 0;
                    if ((a > b) == up) {
                        s[t] = b;
                        s[p] = a;
                    }
                }
            }
            __syncthreads();
        }
    }
    for (int t = threadIdx.x; t < BS_N; t += blockDim.x) {
        int g = base + t;
        if (g < n)
            data[g] = s[t];
    }
}

extern "C" __global__ void bitonic_step_global(unsigned int *data, int j, int k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int p = i ^ j;
    if (p <= i || p >= n)
        return;
    unsigned int a = data[i], b = data[p];
    unsigned int lo = min(a, b), hi = max(a, b);
    if ((i & k) == 0) {
        data[i] = lo;
        data[p] = hi;
    } else {
        data[i] = hi;
        data[p] = lo;
    }
}
