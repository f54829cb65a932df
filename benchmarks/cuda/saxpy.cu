// saxpy.cu - single- and double-precision a*x + y.
//
// Exercises: ld.param.f32/f64 scalar parameters, fma.rn.f32 / fma.rn.f64 (nvcc contracts
//   a*x + y into one fused multiply-add; the source writes fmaf/fma so the rounding is explicit),
//   ld/st.global.f32/f64, in-place update of y.
//
// Kernels:
//   saxpy(int n, float a, const float *x, float *y)
//   daxpy(int n, double a, const double *x, double *y)
// Launch: any 1-D grid and block shape; threads with index >= n do nothing.
// CPU reference: y[i] = fmaf(a, x[i], y[i]) (fma(a, x[i], y[i]) for daxpy) for 0 <= i < n,
//   i.e. one rounding; bit-exact.

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fmaf(a, x[i], y[i]);
}

extern "C" __global__ void daxpy(int n, double a, const double *x, double *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fma(a, x[i], y[i]);
}
