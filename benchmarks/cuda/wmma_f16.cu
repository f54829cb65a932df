// wmma_f16.cu - warp matrix multiply-accumulate (tensor cores) on f16 inputs with f32
//   accumulators, 16x16x16 fragments, operands from shared memory and straight from global.
//
// Exercises: wmma.load.a.sync.aligned.row.m16n16k16.{shared,global}.f16,
//   wmma.load.b.sync.aligned.col.m16n16k16.{shared,global}.f16,
//   wmma.load.c.sync.aligned.row.m16n16k16.{shared,global}.f32,
//   wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 (f16 A/B, f32 C/D),
//   wmma.store.d.sync.aligned.row.m16n16k16.{shared,global}.f32, fragment registers
//   (8 x .b32 per f16 A/B fragment, 8 x .f32 per accumulator), staging through shared memory
//   with bar.sync, ld/st.shared.v4.u32 16-byte copies.
//
// Layouts: A is M x K row-major (lda = K); B is K x N COLUMN-major (element (k, j) at B[j*K + k]);
//   C and D are M x N row-major (ldc = N). M, N, K must be multiples of 16.
// Kernels:
//   wmma_f16_global(const __half *A, const __half *B, const float *C, float *D, int M, int N, int K)
//     one warp per 16x16 tile of D, fragments loaded directly from global memory.
//   wmma_f16_shared(const __half *A, const __half *B, const float *C, float *D, int M, int N, int K)
//     one warp per 16x16 tile of D; each 16x16 A/B/C tile is first copied to shared memory.
// Launch: blockDim.x must be 32 * WARPS with blockDim.y = 1; wmma_f16_shared needs exactly
//   blockDim.x = 128 (4 warps); each warp w of block b computes tile number t = b*warps + w
//   (row-major over the (M/16) x (N/16) tiles); warps with t beyond the last tile do nothing.
// CPU reference: D[i][j] = C[i][j] + sum_k A[i][k] * B[k][j]. The hardware's summation order is
//   unspecified; with small-integer inputs (|a|, |b| <= 16, |c| <= 1024) every partial sum is
//   exact in f32 and the result is bit-exact; otherwise compare with a relative tolerance.

#include <mma.h>
#include <cuda_fp16.h>

using namespace nvcuda;

extern "C" __global__ void wmma_f16_global(const __half *A, const __half *B, const float *C, float *D,
                                           int M, int N, int K)
{
    int warps = blockDim.x / 32;
    int tile = blockIdx.x * warps + threadIdx.x / 32;
    int tiles_n = N / 16;
    if (tile >= (M / 16) * tiles_n)
        return;
    int tm = (tile / tiles_n) * 16, tn = (tile % tiles_n) * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, C + tm * N + tn, N, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * K + k, K);
        wmma::load_matrix_sync(b, B + tn * K + k, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tm * N + tn, acc, N, wmma::mem_row_major);
}

#define WF_WARPS 4

extern "C" __global__ void wmma_f16_shared(const __half *A, const __half *B, const float *C, float *D,
                                           int M, int N, int K)
{
    __shared__ __align__(32) __half sa[WF_WARPS][16 * 16];
    __shared__ __align__(32) __half sb[WF_WARPS][16 * 16];
    __shared__ __align__(32) float sc[WF_WARPS][16 * 16];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * WF_WARPS + w;
    int tiles_n = N / 16;
    bool active = tile < (M / 16) * tiles_n;
    int tm = active ? (tile / tiles_n) * 16 : 0, tn = active ? (tile % tiles_n) * 16 : 0;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    if (active) {
        for (int e = lane; e < 256; e += 32)
            sc[w][e] = C[(tm + e / 16) * N + tn + e % 16];
    }
    __syncwarp();
    if (active)
        wmma::load_matrix_sync(acc, sc[w], 16, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        if (active) {
            // 16 rows (A) / 16 columns (B) of 16 halves = 32 bytes each: two uint4 per row
            const uint4 *ga = reinterpret_cast<const uint4 *>(A + (tm + lane / 2) * K + k) + (lane & 1);
            const uint4 *gb = reinterpret_cast<const uint4 *>(B + (tn + lane / 2) * K + k) + (lane & 1);
            reinterpret_cast<uint4 *>(sa[w])[lane] = *ga;
            reinterpret_cast<uint4 *>(sb[w])[lane] = *gb;
        }
        __syncthreads();
        if (active) {
            wmma::load_matrix_sync(a, sa[w], 16);
            wmma::load_matrix_sync(b, sb[w], 16);
            wmma::mma_sync(acc, a, b, acc);
        }
        __syncthreads();
    }
    if (active) {
        wmma::store_matrix_sync(sc[w], acc, 16, wmma::mem_row_major);
        __syncwarp();
        for (int e = lane; e < 256; e += 32)
            D[(tm + e / 16) * N + tn + e % 16] = sc[w][e];
    }
}
