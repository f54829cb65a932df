// wmma_int8.cu - warp matrix multiply-accumulate on unsigned 8-bit integers with s32
//   accumulators, 16x16x16 fragments, operands from shared memory and from global memory.
//
// Exercises: wmma.load.a.sync.aligned.row.m16n16k16.{shared,global}.u8,
//   wmma.load.b.sync.aligned.col.m16n16k16.{shared,global}.u8,
//   wmma.load.c.sync.aligned.row.m16n16k16.{shared,global}.s32,
//   wmma.mma.sync.aligned.row.col.m16n16k16.s32.u8.u8.s32,
//   wmma.store.d.sync.aligned.row.m16n16k16.{shared,global}.s32, ld/st.shared.v4.u32 staging.
//
// Layouts: A is M x K row-major u8 (lda = K); B is K x N COLUMN-major u8 (element (k, j) at
//   B[j*K + k]); C and D are M x N row-major int32 (ldc = N). M, N, K multiples of 16.
// Kernels:
//   wmma_u8_global(const unsigned char *A, const unsigned char *B, const int *C, int *D, int M, int N, int K)
//   wmma_u8_shared(const unsigned char *A, const unsigned char *B, const int *C, int *D, int M, int N, int K)
// Launch: as wmma_f16.cu: blockDim.x = 32 * warps (wmma_u8_shared: exactly 128), warp w of
//   block b computes D tile t = b*warps + w (row-major over tiles); extra warps idle.
// CPU reference: D[i][j] = C[i][j] + sum_k A[i][k] * B[k][j] in int32 (wrap-around; exact).

#include <mma.h>

using namespace nvcuda;

extern "C" __global__ void wmma_u8_global(const unsigned char *A, const unsigned char *B, const int *C, int *D,
                                          int M, int N, int K)
{
    int warps = blockDim.x / 32;
    int tile = blockIdx.x * warps + threadIdx.x / 32;
    int tiles_n = N / 16;
    if (tile >= (M / 16) * tiles_n)
        return;
    int tm = (tile / tiles_n) * 16, tn = (tile % tiles_n) * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::load_matrix_sync(acc, C + tm * N + tn, N, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * K + k, K);
        wmma::load_matrix_sync(b, B + tn * K + k, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tm * N + tn, acc, N, wmma::mem_row_major);
}

#define WI_WARPS 4

extern "C" __global__ void wmma_u8_shared(const unsigned char *A, const unsigned char *B, const int *C, int *D,
                                          int M, int N, int K)
{
    __shared__ __align__(32) unsigned char sa[WI_WARPS][16 * 16];
    __shared__ __align__(32) unsigned char sb[WI_WARPS][16 * 16];
    __shared__ __align__(32) int sc[WI_WARPS][16 * 16];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * WI_WARPS + w;
    int tiles_n = N / 16;
    bool active = tile < (M / 16) * tiles_n;
    int tm = active ? (tile / tiles_n) * 16 : 0, tn = active ? (tile % tiles_n) * 16 : 0;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    if (active) {
        for (int e = lane; e < 256; e += 32)
            sc[w][e] = C[(tm + e / 16) * N + tn + e % 16];
    }
    __syncwarp();
    if (active)
        wmma::load_matrix_sync(acc, sc[w], 16, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        if (active && lane < 16) {
            // one 16-byte row of A and one 16-byte column of B per lane
            reinterpret_cast<uint4 *>(sa[w])[lane] = *reinterpret_cast<const uint4 *>(A + (tm + lane) * K + k);
            reinterpret_cast<uint4 *>(sb[w])[lane] = *reinterpret_cast<const uint4 *>(B + (tn + lane) * K + k);
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
