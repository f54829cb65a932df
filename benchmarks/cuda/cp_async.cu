// cp_async.cu - asynchronous global->shared copies (cp.async) with commit/wait groups, and
//   cuda::barrier (mbarrier) completion, double buffering.
//
// Exercises (compute_80): cp.async.cg.shared.global (16-byte copies), cp.async.ca.shared.global
//   (4- and 8-byte copies), cp.async.commit_group, cp.async.wait_group N (wait_prior 1 and 0),
//   cp.async.mbarrier.arrive.shared.b64 (cuda::memcpy_async completing on a cuda::barrier),
//   mbarrier.init.shared.b64, mbarrier.arrive.shared.b64, mbarrier.test_wait.shared.b64 and
//   mbarrier.test_wait.parity.shared.b64 polling loops, mbarrier.inval.shared.b64 (explicit
//   barrier destruction), and the 32-bit shared-window addresses (__cvta_generic_to_shared)
//   that cp.async and mbarrier take.
//
// Kernels:
//   cp_async_pipeline(const float *in, float *out, int n)
//     Block b processes the elements [b*CHUNK, (b+1)*CHUNK) with CHUNK = 4096 in tiles of 512
//     floats (128 threads x 16 bytes), double-buffered through shared memory. A tail that is not
//     a whole 16-byte vector is copied with 4-byte cp.async, and 8-byte copies stage a small
//     side buffer of the first 256 elements' pairs.
//   cp_async_barrier(const int *in, int *out, int n)
//     Block b copies its 1024 ints in[b*1024 ..] to shared memory with cuda::memcpy_async on a
//     block-scope cuda::barrier, waits (arrive_and_wait), reverses them through a second phase
//     synchronised with arrive + wait_parity, and destroys the barrier at the end.
// Launch: cp_async_pipeline: blockDim.x must be 128, any grid (ceil(n/4096) blocks cover n);
//   cp_async_barrier: blockDim.x must be 256, grid ceil(n/1024). `in` must be 16-byte aligned
//   (cudaMalloc memory is).
// CPU reference:
//   cp_async_pipeline: out[i] = fmaf(in[i], 2.0f, 1.0f) for every i < n (bit-exact). The 8-byte
//     side copy only feeds a check that writes to out when a sum of two finite inputs is not
//     finite, which the test data must avoid (keep |in| < 1e38).
//   cp_async_barrier: with base = b*1024 and x(j) = in[base+j] (0 when base+j >= n):
//     out[base + j] = x(1023 - j) + j for base + j < n.

#include <cuda_pipeline.h>
#include <cuda/barrier>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CA_THREADS 128
#define CA_TILE (CA_THREADS * 4)   // floats per tile (16 bytes per thread)
#define CA_CHUNK 4096              // floats per block

extern "C" __global__ void cp_async_pipeline(const float *in, float *out, int n)
{
    __shared__ __align__(16) float buf[2][CA_TILE];
    __shared__ __align__(8) float side[2 * CA_THREADS];
    int t = threadIdx.x;
    int base = blockIdx.x * CA_CHUNK;
    int ntiles = CA_CHUNK / CA_TILE;

    // 8-byte copies (cp.async.ca ... 8) of the chunk's first 256 floats, if all are in range
    bool side_ok = base + 2 * CA_THREADS <= n;
    if (side_ok)
        __pipeline_memcpy_async(&side[2 * t], &in[base + 2 * t], 8);
    __pipeline_commit();

    // issue a tile: 16-byte copies where the whole vector is in range, else 4-byte copies
    auto issue = [&](int tile, int stage) {
        int e = base + tile * CA_TILE + 4 * t;
        if (e + 4 <= n) {
            __pipeline_memcpy_async(&buf[stage][4 * t], &in[e], 16);
        } else {
            for (int k = 0; k < 4; ++k)
                if (e + k < n)
                    __pipeline_memcpy_async(&buf[stage][4 * t + k], &in[e + k], 4);
        }
        __pipeline_commit();
    };

    issue(0, 0);
    for (int tile = 0; tile < ntiles; ++tile) {
        int stage = tile & 1;
        if (tile + 1 < ntiles) {
            issue(tile + 1, stage ^ 1);
            __pipeline_wait_prior(1);   // everything but the newest group has landed
        } else {
            __pipeline_wait_prior(0);
        }
        __syncthreads();
        for (int k = 0; k < 4; ++k) {
            int e = base + tile * CA_TILE + 4 * t + k;
            if (e < n)
                out[e] = fmaf(buf[stage][4 * t + k], 2.0f, 1.0f);
        }
        __syncthreads();
    }
    if (side_ok) {
        float chk = side[2 * t] + side[2 * t + 1];
        if (!isfinite(chk) && isfinite(in[base + 2 * t]) && isfinite(in[base + 2 * t + 1]))
            out[base + 2 * t] = chk;   // unreachable for finite inputs: keeps the side copy live
    }
}

#define CB_THREADS 256
#define CB_ELEMS 1024

extern "C" __global__ void cp_async_barrier(const int *in, int *out, int n)
{
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ __align__(16) int s[CB_ELEMS];
    __shared__ int r[CB_ELEMS];
    cg::thread_block block = cg::this_thread_block();
    int t = threadIdx.x;
    int base = blockIdx.x * CB_ELEMS;
    if (t == 0)
        init(&bar, blockDim.x);
    __syncthreads();

    int valid = n - base;
    if (valid >= CB_ELEMS) {
        cuda::memcpy_async(block, s, in + base, cuda::aligned_size_t<16>(sizeof(int) * CB_ELEMS), bar);
    } else {
        for (int j = t; j < CB_ELEMS; j += blockDim.x)
            s[j] = (j < valid) ? in[base + j] : 0;
    }
    bar.arrive_and_wait();   // phase 0 complete: s is filled

    for (int j = t; j < CB_ELEMS; j += blockDim.x)
        r[j] = s[CB_ELEMS - 1 - j] + j;
    (void)bar.arrive();      // phase 1
    bar.wait_parity(true);   // wait until phase 1 (odd parity) completes

    for (int j = t; j < CB_ELEMS; j += blockDim.x)
        if (base + j < n)
            out[base + j] = r[j];
    __syncthreads();
    if (t == 0)
        bar.~barrier();      // mbarrier.inval
}
