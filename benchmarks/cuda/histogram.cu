// histogram.cu - 256-bin byte histogram: privatised bins in shared memory updated with
//   shared-memory atomics, then merged into the global histogram with global atomics.
//
// Exercises: ld.global.u8 byte loads, atom.shared.add.u32 (result unused; may appear as
//   red/atom), atom.global.add.u32, a grid-stride loop, a block-strided loop over bins,
//   bar.sync between the phases, skipping empty bins (data-dependent branch).
//
// Kernels:
//   histogram256(const unsigned char *data, unsigned int *hist, int n)
//   histogram256_global(const unsigned char *data, unsigned int *hist, int n)  (no shared bins)
// Launch: any 1-D block size (at most 1024) and any grid; the host zeroes hist[256] first.
// CPU reference: hist[v] += number of i < n with data[i] == v, for v = 0..255 (exact; atomics
//   make the result order-independent).

#define NBINS 256

extern "C" __global__ void histogram256(const unsigned char *data, unsigned int *hist, int n)
{
    __shared__ unsigned int bins[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
        unsigned int c = bins[b];
        if (c != 0)
            atomicAdd(&hist[b], c);
    }
}

extern "C" __global__ void histogram256_global(const unsigned char *data, unsigned int *hist, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&hist[data[i]], 1u);
}
