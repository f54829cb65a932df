// matmul_tiled.cu - C = A * B with 16x16 tiles staged in shared memory.
//
// Exercises: 2-D thread/block indices (%tid.x/y, %ctaid.x/y), static .shared arrays
//   (ld/st.shared.f32), bar.sync between tile phases, a fully unrolled inner product of
//   fma.rn.f32, bounds checks that zero-pad partial tiles (selp / guarded loads), and a
//   naive global-memory version for comparison.
//
// Kernels:
//   matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K)
//   matmul_naive(const float *A, const float *B, float *C, int M, int N, int K)
//   A is M x K, B is K x N, C is M x N, all row-major, no padding.
// Launch: blockDim must be (16, 16, 1) for matmul_tiled (any 2-D block for matmul_naive);
//   grid = (ceil(N/16), ceil(M/16)). Any M, N, K >= 1.
// CPU reference: for each row i < M and column j < N:
//   acc = 0.0f; for k = 0 .. K-1: acc = fmaf(A[i*K+k], B[k*N+j], acc); C[i*N+j] = acc.
//   Both kernels accumulate in exactly this order (padding adds fmaf(0,0,acc) = acc), so the
//   result is bit-exact.

#define TILE 16

extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        int ak = t + tx;
        int bk = t + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc = fmaf(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

extern "C" __global__ void matmul_naive(const float *A, const float *B, float *C, int M, int N, int K)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc = fmaf(A[row * K + k], B[k * N + col], acc);
    C[row * N + col] = acc;
}
