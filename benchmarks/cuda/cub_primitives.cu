// cub_primitives.cu - the CUB building blocks real programs are made of: BlockReduce,
//   BlockScan, WarpReduce, WarpScan, MatchAny, ThreadLoad/ThreadStore cache modifiers, and the
//   decoupled look-back single-pass scan (ScanTileState + TilePrefixCallbackOp) that
//   cub::DeviceScan uses.
//
// Exercises: CUB's inline PTX: shfl.sync.{up,down,idx}.b32 with predicated add.u32 inside
//   asm blocks, vote.ballot.sync.b32 with setp.ne.u32 (MatchAny's ballot loop), shr.b32 /
//   shl.b32 asm, generic ld.ca.u32 / ld.cg.u32 / ld.cs / ld.cv / st.cg.u32 / st.wb / st.cs /
//   st.wt, ld.global.nc through LOAD_LDG, ld.relaxed.gpu.v2.u32 / v2.u64 and
//   st.relaxed.gpu.v2.u32 / v2.u64 on tile descriptors, ld.acquire.gpu.u32 /
//   ld.relaxed.gpu.u32 / st.release.gpu.u32 (cub::detail strong loads/stores), membar.cta,
//   __nanosleep back-off, and exit (cub::ThreadExit).
//
// Kernels:
//   cub_block_ops(const int *in, int *out, int n)
//     out has 8 words per thread (g = global thread index, v = in[g] or 0 for g >= n; only
//     g < n written): out[8g+0] = block sum (every thread), 1 = exclusive prefix sum within the
//     block, 2 = inclusive prefix within the warp, 3 = warp sum (valid in lane 0 only; other
//     lanes write 0), 4 = block max, 5 = MatchAny<4>: mask of warp lanes whose (v & 15) equals
//     this lane's, 6 = (unsigned)v >> (v & 7) computed by cub::detail::LogicShiftRight,
//     7 = v loaded with LOAD_CA + v loaded with LOAD_CG + v loaded with LOAD_CS + LOAD_CV (i.e. 4v).
//     Launch: blockDim.x must be 128; warps complete.
//   cub_thread_store(const unsigned int *in, unsigned int *out, unsigned long long *out64, int n)
//     out[4g+k] = in[g] + k written with STORE_CG, STORE_WB, STORE_CS, STORE_WT (k = 0..3);
//     out64[g] = in[g] loaded with LOAD_LDG, widened; then out[4g] is re-read with CUB's
//     ordered accessors (cub::detail::load_acquire / load_relaxed, ld.acquire/relaxed.gpu.u32)
//     and out64[g] += that value (so out64[g] = 2 * in[g]); finally out[4g+3] is re-stored
//     with cub::detail::store_release (st.release.gpu.u32), unchanged. Any launch shape.
//   cub_lookback_init(void *tile_state, int num_tiles)
//   cub_lookback_scan(const int *in, int *out, void *tile_state, int n)
//     Whole-array inclusive prefix sum in one pass. Tile t = blockIdx.x covers in[128t .. 128t+127];
//     num_tiles = ceil(n/128). tile_state: device memory of at least (num_tiles + 32) * 8 bytes
//     (round up to a multiple of 256), initialised by cub_lookback_init with >= num_tiles + 32
//     threads (blockDim.x a multiple of 32), then scanned by cub_lookback_scan with exactly
//     num_tiles blocks of 128 threads. Block t waits (spinning with __nanosleep) for the
//     partial/inclusive results of blocks < t, so lower-numbered blocks must be able to run
//     before or alongside higher ones.
//   cub_lookback_init64(void *tile_state, int num_tiles)
//   cub_lookback_scan64(const long long *in, long long *out, void *tile_state, int n)
//     The same for 64-bit values; tile_state needs (num_tiles + 32) * 16 bytes.
//   cub_exit_early(const int *in, int *out, int n)
//     Threads with in[g] < 0 (or g >= n) leave with cub::ThreadExit() (PTX exit); the others
//     write out[g] = in[g] * 2. Any launch shape.
// CPU reference: as stated above (integer sums wrap around).

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_store.cuh>
#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/util_ptx.cuh>
#include <cub/detail/strong_load.cuh>
#include <cub/detail/strong_store.cuh>
#include <cuda/std/functional>

#define CUB_THREADS 128

extern "C" __global__ void cub_block_ops(const int *in, int *out, int n)
{
    using BlockReduceT = cub::BlockReduce<int, CUB_THREADS>;
    using BlockScanT = cub::BlockScan<int, CUB_THREADS>;
    using WarpReduceT = cub::WarpReduce<unsigned int>;   // unsigned + plus<>: CUB's asm fast path
    using WarpScanT = cub::WarpScan<unsigned int>;
    __shared__ typename BlockReduceT::TempStorage red_tmp;
    __shared__ typename BlockScanT::TempStorage scan_tmp;
    __shared__ typename WarpReduceT::TempStorage wred_tmp[CUB_THREADS / 32];
    __shared__ typename WarpScanT::TempStorage wscan_tmp[CUB_THREADS / 32];
    __shared__ int s_total, s_max;

    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = threadIdx.x / 32;
    int v = (g < n) ? in[g] : 0;

    int total = BlockReduceT(red_tmp).Sum(v);
    if (threadIdx.x == 0)
        s_total = total;
    __syncthreads();
    int mx = BlockReduceT(red_tmp).Reduce(v, ::cuda::maximum<>{});
    if (threadIdx.x == 0)
        s_max = mx;
    int excl;
    BlockScanT(scan_tmp).ExclusiveSum(v, excl);
    unsigned winc;
    WarpScanT(wscan_tmp[warp]).InclusiveScan((unsigned)v, winc, ::cuda::std::plus<>{});
    unsigned wsum = WarpReduceT(wred_tmp[warp]).Reduce((unsigned)v, ::cuda::std::plus<>{});
    unsigned match = cub::MatchAny<4>((unsigned)v);
    unsigned shifted = cub::detail::LogicShiftRight((unsigned)v, (unsigned)v & 7u);
    int loads = 0;
    if (g < n) {
        loads = cub::ThreadLoad<cub::LOAD_CA>(in + g) + cub::ThreadLoad<cub::LOAD_CG>(in + g) +
                cub::ThreadLoad<cub::LOAD_CS>(in + g) + cub::ThreadLoad<cub::LOAD_CV>(in + g);
    }
    __syncthreads();
    if (g < n) {
        int *o = out + 8 * g;
        o[0] = s_total;
        o[1] = excl;
        o[2] = (int)winc;
        o[3] = (threadIdx.x % 32 == 0) ? (int)wsum : 0;
        o[4] = s_max;
        o[5] = (int)match;
        o[6] = (int)shifted;
        o[7] = loads;
    }
}

extern "C" __global__ void cub_thread_store(const unsigned int *in, unsigned int *out, unsigned long long *out64, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    unsigned v = cub::ThreadLoad<cub::LOAD_LDG>(in + g);
    cub::ThreadStore<cub::STORE_CG>(out + 4 * g + 0, v + 0u);
    cub::ThreadStore<cub::STORE_WB>(out + 4 * g + 1, v + 1u);
    cub::ThreadStore<cub::STORE_CS>(out + 4 * g + 2, v + 2u);
    cub::ThreadStore<cub::STORE_WT>(out + 4 * g + 3, v + 3u);
    unsigned back = cub::detail::load_acquire(out + 4 * g + 0);
    unsigned again = cub::detail::load_relaxed(out + 4 * g + 0);
    out64[g] = (unsigned long long)v + (back == again ? back : again);
    cub::detail::store_release(out + 4 * g + 3, v + 3u);
}

template <typename T>
__device__ __forceinline__ void lookback_init(void *tile_state, int num_tiles)
{
    using TileStateT = cub::ScanTileState<T>;
    TileStateT state;
    size_t bytes = 0;
    TileStateT::AllocationSize(num_tiles, bytes);
    state.Init(num_tiles, tile_state, bytes);
    state.InitializeStatus(num_tiles);
}

template <typename T>
__device__ __forceinline__ void lookback_scan(const T *in, T *out, void *tile_state, int n)
{
    using TileStateT = cub::ScanTileState<T>;
    using PrefixOpT = cub::TilePrefixCallbackOp<T, ::cuda::std::plus<T>, TileStateT>;
    using BlockScanT = cub::BlockScan<T, CUB_THREADS>;
    __shared__ typename BlockScanT::TempStorage scan_tmp;
    __shared__ typename PrefixOpT::TempStorage prefix_tmp;

    int num_tiles = (n + CUB_THREADS - 1) / CUB_THREADS;
    TileStateT state;
    size_t bytes = 0;
    TileStateT::AllocationSize(num_tiles, bytes);
    state.Init(num_tiles, tile_state, bytes);

    int tile = blockIdx.x;
    int g = tile * CUB_THREADS + threadIdx.x;
    T v = (g < n) ? in[g] : T(0);
    T result;
    if (tile == 0) {
        T aggregate;
        BlockScanT(scan_tmp).InclusiveScan(v, result, ::cuda::std::plus<T>{}, aggregate);
        if (threadIdx.x == 0)
            state.SetInclusive(0, aggregate);
    } else {
        PrefixOpT prefix_op(state, prefix_tmp, ::cuda::std::plus<T>{}, tile);
        BlockScanT(scan_tmp).InclusiveScan(v, result, ::cuda::std::plus<T>{}, prefix_op);
    }
    if (g < n)
        out[g] = result;
}

extern "C" __global__ void cub_lookback_init(void *tile_state, int num_tiles)
{
    lookback_init<int>(tile_state, num_tiles);
}

extern "C" __global__ void cub_lookback_scan(const int *in, int *out, void *tile_state, int n)
{
    lookback_scan<int>(in, out, tile_state, n);
}

extern "C" __global__ void cub_lookback_init64(void *tile_state, int num_tiles)
{
    lookback_init<long long>(tile_state, num_tiles);
}

extern "C" __global__ void cub_lookback_scan64(const long long *in, long long *out, void *tile_state, int n)
{
    lookback_scan<long long>(in, out, tile_state, n);
}

extern "C" __global__ void cub_exit_early(const int *in, int *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n || in[g] < 0)
        cub::ThreadExit();
    out[g] = in[g] * 2;
}
