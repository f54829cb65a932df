// transpose.cu - matrix transpose through a padded shared-memory tile (conflict-free), plus
//   the naive version.
//
// Exercises: 2-D tiles of 32x32 floats with a +1 column pad (tile[32][33]), each thread moving
//   several rows (loop over j += 8), swapped block indices for the write, bar.sync, bounds
//   checks on both phases.
//
// Kernels:
//   transpose_tiled(const float *in, float *out, int rows, int cols)
//   transpose_naive(const float *in, float *out, int rows, int cols)
//   in is rows x cols row-major; out is cols x rows row-major.
// Launch: transpose_tiled: blockDim must be (32, 8, 1), grid (ceil(cols/32), ceil(rows/32)).
//   transpose_naive: any 2-D block, grid covering cols x rows (x = column, y = row).
// CPU reference: out[c*rows + r] = in[r*cols + c] for r < rows, c < cols (bit-exact copy).

#define TT 32
#define TROWS 8

extern "C" __global__ void transpose_tiled(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TT][TT + 1];
    int x = blockIdx.x * TT + threadIdx.x;   // column in `in`
    int y = blockIdx.y * TT + threadIdx.y;   // row in `in`
    for (int j = 0; j < TT; j += TROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TT + threadIdx.x;       // column in `out` (= row in `in`)
    y = blockIdx.x * TT + threadIdx.y;       // row in `out` (= column in `in`)
    for (int j = 0; j < TT; j += TROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_naive(const float *in, float *out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols)
        out[c * rows + r] = in[r * cols + c];
}
