// wmma_tf32_bf16_f64.cu - the sm_80 warp matrix multiply-accumulate shapes: tf32 (m16n16k8),
//   bf16 (m16n16k16) with f32 accumulators, and f64 (m8n8k4, double-precision tensor cores).
//
// Exercises (compute_80): wmma.load.a/b.sync.aligned.{row,col}.m16n16k8.tf32,
//   wmma.load.c/store.d.sync.aligned.row.m16n16k8.f32,
//   wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32, cvt.rna.tf32.f32
//   (wmma::__float_to_tf32 on every fragment element), wmma.load.a/b ... m16n16k16.bf16,
//   wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32,
//   wmma.load.a/b/c, wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64.rn, wmma.store.d ...
//   m8n8k4.f64. Every pointer here goes through a generic address (the operand may come from
//   global or, when use_shared != 0, from a shared staging copy), so the loads and stores carry
//   no state space, as in the programs the forms list was taken from.
//
// Layouts (all kernels): A is M x K row-major (lda = K); B is K x N COLUMN-major (element (k, j)
//   at B[j*K + k]); C and D are M x N row-major (ldc = N).
// Kernels:
//   wmma_tf32(const float *A, const float *B, const float *C, float *D, int M, int N, int K, int use_shared)
//     16x16 tiles, K step 8: M, N multiples of 16, K a multiple of 8. A and B elements are
//     rounded to tf32 (cvt.rna: round to nearest, ties away from zero, to 10 mantissa bits)
//     before the product.
//   wmma_bf16(const __nv_bfloat16 *A, const __nv_bfloat16 *B, const float *C, float *D, int M, int N, int K,
//             int use_shared)
//     16x16x16 tiles: M, N, K multiples of 16.
//   wmma_f64(const double *A, const double *B, const double *C, double *D, int M, int N, int K, int use_shared)
//     8x8 tiles, K step 4: M, N multiples of 8, K a multiple of 4.
//   use_shared != 0: the warp first copies the C tile to shared memory and loads it from there
//   (through the same generic pointer variable); results are identical.
// Launch: one warp per output tile: blockDim.x = 32 * warps (at most 4 warps, blockDim.y = 1),
//   warp w of block b computes tile t = b*warps + w, row-major over the tiles of D; extra warps
//   idle.
// CPU reference: D[i][j] = C[i][j] + sum_k a(i,k) * b(k,j) with a/b the tf32-rounded values for
//   wmma_tf32 (the inputs themselves for bf16/f64). With small-integer inputs every sum is exact
//   (bit-exact comparison); otherwise the hardware order is unspecified: relative tolerance.

#include <mma.h>
#include <cuda_bf16.h>

using namespace nvcuda;

#define WT_MAX_WARPS 4

extern "C" __global__ void wmma_tf32(const float *A, const float *B, const float *C, float *D,
                                     int M, int N, int K, int use_shared)
{
    __shared__ __align__(32) float sc[WT_MAX_WARPS][16 * 16];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * (blockDim.x / 32) + w;
    int tiles_n = N / 16;
    if (tile >= (M / 16) * tiles_n || w >= WT_MAX_WARPS)
        return;
    int tm = (tile / tiles_n) * 16, tn = (tile % tiles_n) * 16;
    const float *csrc = C + tm * N + tn;
    int ldc = N;
    if (use_shared) {
        for (int e = lane; e < 256; e += 32)
            sc[w][e] = C[(tm + e / 16) * N + tn + e % 16];
        __syncwarp();
        csrc = sc[w];
        ldc = 16;
    }
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::load_matrix_sync(acc, csrc, ldc, wmma::mem_row_major);
    for (int k = 0; k < K; k += 8) {
        wmma::load_matrix_sync(a, A + tm * K + k, K);
        wmma::load_matrix_sync(b, B + tn * K + k, K);
        for (int e = 0; e < a.num_elements; ++e)
            a.x[e] = wmma::__float_to_tf32(a.x[e]);
        for (int e = 0; e < b.num_elements; ++e)
            b.x[e] = wmma::__float_to_tf32(b.x[e]);
        wmma::mma_sync(acc, a, b, acc);
    }
    float *dst = use_shared ? sc[w] : D + tm * N + tn;
    wmma::store_matrix_sync(dst, acc, use_shared ? 16 : N, wmma::mem_row_major);
    if (use_shared) {
        __syncwarp();
        for (int e = lane; e < 256; e += 32)
            D[(tm + e / 16) * N + tn + e % 16] = sc[w][e];
    }
}

extern "C" __global__ void wmma_bf16(const __nv_bfloat16 *A, const __nv_bfloat16 *B, const float *C, float *D,
                                     int M, int N, int K, int use_shared)
{
    __shared__ __align__(32) float sc[WT_MAX_WARPS][16 * 16];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * (blockDim.x / 32) + w;
    int tiles_n = N / 16;
    if (tile >= (M / 16) * tiles_n || w >= WT_MAX_WARPS)
        return;
    int tm = (tile / tiles_n) * 16, tn = (tile % tiles_n) * 16;
    const float *csrc = C + tm * N + tn;
    int ldc = N;
    if (use_shared) {
        for (int e = lane; e < 256; e += 32)
            sc[w][e] = C[(tm + e / 16) * N + tn + e % 16];
        __syncwarp();
        csrc = sc[w];
        ldc = 16;
    }
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, csrc, ldc, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * K + k, K);
        wmma::load_matrix_sync(b, B + tn * K + k, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    float *dst = use_shared ? sc[w] : D + tm * N + tn;
    wmma::store_matrix_sync(dst, acc, use_shared ? 16 : N, wmma::mem_row_major);
    if (use_shared) {
        __syncwarp();
        for (int e = lane; e < 256; e += 32)
            D[(tm + e / 16) * N + tn + e % 16] = sc[w][e];
    }
}

extern "C" __global__ void wmma_f64(const double *A, const double *B, const double *C, double *D,
                                    int M, int N, int K, int use_shared)
{
    __shared__ __align__(32) double sc[WT_MAX_WARPS][8 * 8];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * (blockDim.x / 32) + w;
    int tiles_n = N / 8;
    if (tile >= (M / 8) * tiles_n || w >= WT_MAX_WARPS)
        return;
    int tm = (tile / tiles_n) * 8, tn = (tile % tiles_n) * 8;
    const double *csrc = C + tm * N + tn;
    int ldc = N;
    if (use_shared) {
        for (int e = lane; e < 64; e += 32)
            sc[w][e] = C[(tm + e / 8) * N + tn + e % 8];
        __syncwarp();
        csrc = sc[w];
        ldc = 8;
    }
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::load_matrix_sync(acc, csrc, ldc, wmma::mem_row_major);
    for (int k = 0; k < K; k += 4) {
        wmma::load_matrix_sync(a, A + tm * K + k, K);
        wmma::load_matrix_sync(b, B + tn * K + k, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    double *dst = use_shared ? sc[w] : D + tm * N + tn;
    wmma::store_matrix_sync(dst, acc, use_shared ? 8 : N, wmma::mem_row_major);
    if (use_shared) {
        __syncwarp();
        for (int e = lane; e < 64; e += 32)
            D[(tm + e / 8) * N + tn + e % 8] = sc[w][e];
    }
}
