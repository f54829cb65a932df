// coop_groups.cu - cooperative groups: thread_block, tiled_partition<16> / <8> (static tiles),
//   thread_block_tile shfl / shfl_down / shfl_xor / ballot / any / all, cg::reduce with
//   cg::plus / cg::greater / cg::bit_xor, cg::inclusive_scan, tile.sync and block.sync.
//
// Exercises: sub-warp shuffles with member masks and width clamps (shfl.sync with c operand
//   other than 0x1f: segmask for 16/8-lane tiles), vote.sync with tile masks, bar.warp.sync
//   with partial masks, barrier.sync for block.sync(), the masks cg computes from %laneid.
//
// Kernels:
//   cg_tile_reduce(const int *in, int *tile_sum16, int *tile_max8, int *out_xor, int n)
//   cg_tile_shuffle(const int *in, int *out, int n)
//   cg_tile64(const int *in, int *out, int n)
// Launch: blockDim.x a multiple of 32 (complete warps; threads with g >= n use value 0 and
//   write nothing), any grid. g = blockIdx.x*blockDim.x + threadIdx.x, v = in[g] or 0.
// CPU reference:
//   cg_tile_reduce: tiles of 16 consecutive threads (tile number g/16) and of 8 (g/8):
//     tile_sum16[g/16] = sum of v over the 16-tile (written by its thread 0);
//     tile_max8[g/8]   = max of v over the 8-tile (written by its thread 0);
//     out_xor[g]       = xor of v over g's 8-tile (every thread, g < n).
//   cg_tile_shuffle (8-tiles, r = g % 8, tile values w[0..7]), out has 6 words per thread:
//     out[6g+0] = w[(r + 3) % 8]           (tile.shfl from rank (r+3)%8)
//     out[6g+1] = r + 2 < 8 ? w[r + 2] : v  (shfl_down by 2: the own value when out of range)
//     out[6g+2] = w[r ^ 5]                 (shfl_xor 5)
//     out[6g+3] = ballot over the 8-tile of (v < 0): bit q set when w[q] < 0
//     out[6g+4] = any(v == 7) over the tile + 2 * all(v >= 0) over the tile
//     out[6g+5] = inclusive prefix sum of w[0..r] (int, wrap-around)
//   cg_tile64 (blockDim.x must be 256: tiles of 64 threads spanning two warps, synchronised
//     through a shared-memory barrier word with atom.or.acq_rel.cta / red.and.release.cta /
//     ld.acquire.cta, scratch in cg::block_tile_memory): with tile values w[0..63] and rank r,
//     out[3g+0] = w[5] (tile.shfl from rank 5), out[3g+1] = any(w == 3) over the 64-tile,
//     out[3g+2] = sum of w over the 64-tile (cg::reduce, plus).

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

extern "C" __global__ void cg_tile_reduce(const int *in, int *tile_sum16, int *tile_max8, int *out_xor, int n)
{
    cg::thread_block block = cg::this_thread_block();
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (g < n) ? in[g] : 0;
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    int s = cg::reduce(t16, v, cg::plus<int>());
    int m = cg::reduce(t8, v, cg::greater<int>());
    block.sync();
    int x = v;
    for (int off = t8.size() / 2; off > 0; off >>= 1)
        x ^= t8.shfl_xor(x, off);
    if (t16.thread_rank() == 0 && g < n)
        tile_sum16[g / 16] = s;
    if (t8.thread_rank() == 0 && g < n)
        tile_max8[g / 8] = m;
    if (g < n)
        out_xor[g] = x;
}

extern "C" __global__ void cg_tile_shuffle(const int *in, int *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> t = cg::tiled_partition<8>(block);
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (g < n) ? in[g] : 0;
    int r = t.thread_rank();
    int a = t.shfl(v, (r + 3) % 8);
    int b = t.shfl_down(v, 2);
    int c = t.shfl_xor(v, 5);
    unsigned bal = t.ballot(v < 0);
    int votes = (t.any(v == 7) ? 1 : 0) + (t.all(v >= 0) ? 2 : 0);
    t.sync();
    int scan = cg::inclusive_scan(t, v);
    if (g < n) {
        out[6 * g + 0] = a;
        out[6 * g + 1] = b;
        out[6 * g + 2] = c;
        out[6 * g + 3] = (int)bal;
        out[6 * g + 4] = votes;
        out[6 * g + 5] = scan;
    }
}

extern "C" __global__ void cg_tile64(const int *in, int *out, int n)
{
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    cg::thread_block_tile<64> t = cg::tiled_partition<64>(block);
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (g < n) ? in[g] : 0;
    int from5 = t.shfl(v, 5);
    int any3 = t.any(v == 3) ? 1 : 0;
    t.sync();
    int sum = cg::reduce(t, v, cg::plus<int>());
    if (g < n) {
        out[3 * g + 0] = from5;
        out[3 * g + 1] = any3;
        out[3 * g + 2] = sum;
    }
}
