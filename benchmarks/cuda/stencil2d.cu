// stencil2d.cu - 5-point 2-D stencil (Jacobi step), from global memory and from a shared tile
//   with a one-cell halo.
//
// Exercises: 2-D indexing with a row pitch, boundary branches, a shared-memory tile with halo
//   loads by edge threads (divergent loads), bar.sync, explicit fmaf (fma.rn.f32) plus
//   add.f32/mul.f32.
//
// Kernels:
//   stencil2d(const float *in, float *out, int width, int height, float c0, float c1)
//   stencil2d_shared(const float *in, float *out, int width, int height, float c0, float c1)
//   Row-major arrays of width*height floats (no padding).
// Launch: stencil2d: any 2-D block/grid covering width x height (threads outside do nothing).
//   stencil2d_shared: blockDim must be (16, 16, 1), grid (ceil(width/16), ceil(height/16)).
// CPU reference: for 0 < x < width-1 and 0 < y < height-1, with c = in[y*width+x]:
//   s = ((in[(y-1)*width+x] + in[(y+1)*width+x]) + in[y*width+x-1]) + in[y*width+x+1];
//   out[y*width+x] = fmaf(c0, c, c1 * s);
//   boundary cells (x or y on the edge): out = in. Bit-exact.

#define ST 16

extern "C" __global__ void stencil2d(const float *in, float *out, int width, int height, float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    int i = y * width + x;
    if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
        out[i] = in[i];
        return;
    }
    float s = ((in[i - width] + in[i + width]) + in[i - 1]) + in[i + 1];
    out[i] = fmaf(c0, in[i], c1 * s);
}

extern "C" __global__ void stencil2d_shared(const float *in, float *out, int width, int height, float c0, float c1)
{
    __shared__ float tile[ST + 2][ST + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * ST + tx;
    int y = blockIdx.y * ST + ty;
    bool inside = x < width && y < height;
    int i = y * width + x;
    tile[ty + 1][tx + 1] = inside ? in[i] : 0.0f;
    // halo cells: edge threads of the tile load the neighbours outside it (if they exist)
    if (tx == 0 && x > 0 && y < height)
        tile[ty + 1][0] = in[i - 1];
    if (tx == ST - 1 && x + 1 < width && y < height)
        tile[ty + 1][ST + 1] = in[i + 1];
    if (ty == 0 && y > 0 && x < width)
        tile[0][tx + 1] = in[i - width];
    if (ty == ST - 1 && y + 1 < height && x < width)
        tile[ST + 1][tx + 1] = in[i + width];
    __syncthreads();
    if (!inside)
        return;
    if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
        out[i] = tile[ty + 1][tx + 1];
        return;
    }
    float s = ((tile[ty][tx + 1] + tile[ty + 2][tx + 1]) + tile[ty + 1][tx]) + tile[ty + 1][tx + 2];
    out[i] = fmaf(c0, tile[ty + 1][tx + 1], c1 * s);
}
