// fastmath.cu - single-precision code compiled with --use_fast_math (flush-to-zero, approximate
//   division, reciprocal, square root and transcendentals), as many real programs are built.
//
// Exercises (nvcc --use_fast_math, i.e. -ftz=true -prec-div=false -prec-sqrt=false
//   -fmad=true): the .ftz variants add/sub/mul/fma.rn.ftz.f32, abs.ftz.f32, neg.ftz,
//   min/max.ftz, setp.*.ftz.f32 (eq, lt, geu ...), div.approx.ftz.f32, rcp.approx.ftz.f32,
//   sqrt.approx.ftz.f32, rsqrt.approx.ftz.f32, ex2.approx.ftz.f32 / lg2.approx.ftz.f32
//   (expf/logf become __expf/__logf), sin/cos.approx.ftz.f32.
//
// Kernels:
//   fastmath_ops(const float *a, const float *b, float *out, int n)     out[k*n + i], k = 0..12
//   fastmath_softmax_row(const float *in, float *out, int cols)          one block per row
// Launch: fastmath_ops: any 1-D grid/block. fastmath_softmax_row: blockDim.x must be 128, one
//   block per row (gridDim.x = rows), rows of `cols` floats, row-major.
// CPU reference (subnormal inputs and results are flushed to zero; every approximate operation
//   is within a few ulp: compare with relative tolerance 1e-5 and absolute 1e-30):
//   fastmath_ops with x = a[i], y = b[i]:
//   k=0 x / y   1 1 / y   2 sqrtf(|x|)   3 1 / sqrtf(|y| + 1)   4 expf(-|x|)   5 logf(|y| + 1)
//   6 sinf(x) (|x| < 100)   7 cosf(x)   8 fmaf(x, y, -x) - y   9 |x - y|
//   10 (x == y ? 1 : 0) + (x < y ? 2 : 0) + (!(x >= y) ? 4 : 0) + (!(x < y + 1) ? 8 : 0)
//   11 powf(|x| + 1, 0.5f)   12 !(x < y) ? 3 : x.
//   fastmath_softmax_row: out[r*cols + j] = exp(in[r*cols + j] - m) / sum_k exp(in[r*cols + k] - m)
//   with m the row maximum.

extern "C" __global__ void fastmath_ops(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    out[0 * n + i] = x / y;
    out[1 * n + i] = 1.0f / y;
    out[2 * n + i] = sqrtf(fabsf(x));
    out[3 * n + i] = 1.0f / sqrtf(fabsf(y) + 1.0f);
    out[4 * n + i] = expf(-fabsf(x));
    out[5 * n + i] = logf(fabsf(y) + 1.0f);
    out[6 * n + i] = sinf(x);
    out[7 * n + i] = cosf(x);
    out[8 * n + i] = fmaf(x, y, -x) - y;
    out[9 * n + i] = fabsf(x - y);
    out[10 * n + i] = (x == y ? 1.0f : 0.0f) + (x < y ? 2.0f : 0.0f) + (!(x >= y) ? 4.0f : 0.0f) +
                      (!(x < y + 1.0f) ? 8.0f : 0.0f);
    out[11 * n + i] = powf(fabsf(x) + 1.0f, 0.5f);
    out[12 * n + i] = !(x < y) ? 3.0f : x;
}

#define SM_THREADS 128

extern "C" __global__ void fastmath_softmax_row(const float *in, float *out, int cols)
{
    __shared__ float red[SM_THREADS];
    const float *row = in + (size_t)blockIdx.x * cols;
    float *orow = out + (size_t)blockIdx.x * cols;
    float m = -3.0e38f;
    for (int j = threadIdx.x; j < cols; j += SM_THREADS)
        m = fmaxf(m, row[j]);
    red[threadIdx.x] = m;
    __syncthreads();
    for (int s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float sum = 0.0f;
    for (int j = threadIdx.x; j < cols; j += SM_THREADS)
        sum += expf(row[j] - m);
    red[threadIdx.x] = sum;
    __syncthreads();
    for (int s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    float inv = 1.0f / red[0];
    for (int j = threadIdx.x; j < cols; j += SM_THREADS)
        orow[j] = expf(row[j] - m) * inv;
}
