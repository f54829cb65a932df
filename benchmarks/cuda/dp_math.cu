// dp_math.cu - double-precision math library calls (libdevice, inlined by nvcc).
//
// Exercises: the long f64 instruction sequences libdevice expands sin/cos/exp/log/pow into
//   (fma.rn.f64, mul/add/sub.f64, cvt.rni/rzi, mov.b64 hi/lo splits, setp.*.f64 unordered
//   compares, shl/shr on 64-bit, selp.f64, div.rn.f64, rcp.rn.f64 / sqrt.rn.f64, abs/neg.f64),
//   and the slow paths (Payne-Hanek reduction for huge arguments: local arrays and loops).
//
// Kernels:
//   dp_math(const double *x, const double *y, double *out, int n)
//   out has 10*n entries: out[k*n + i] for k = 0..9.
// Launch: any 1-D grid/block.
// CPU reference (C99 <math.h>, for i < n, x = x[i], y = y[i]):
//   k=0 sin(x)  1 cos(x)  2 exp(x)  3 log(fabs(x) + 1.0)  4 pow(fabs(x) + 0.5, y)
//   5 sqrt(fabs(x))  6 fma(x, y, 1.0)  7 x / (y + 3.0)  8 1.0 / x (x != 0 expected) 9 rsqrt
//   replaced by 1.0/sqrt(fabs(y) + 1.0).
//   CUDA's sin/cos/exp/log/pow are within 1-2 ulp, not correctly rounded: compare k=0..4 with a
//   relative tolerance of 1e-14 (absolute 1e-15 near zero). k=5..8 are correctly rounded
//   (IEEE sqrt, fma, division, reciprocal): bit-exact. k=9 within 1e-15 relative.

extern "C" __global__ void dp_math(const double *x, const double *y, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double a = x[i], b = y[i];
    out[0 * n + i] = sin(a);
    out[1 * n + i] = cos(a);
    out[2 * n + i] = exp(a);
    out[3 * n + i] = log(fabs(a) + 1.0);
    out[4 * n + i] = pow(fabs(a) + 0.5, b);
    out[5 * n + i] = sqrt(fabs(a));
    out[6 * n + i] = fma(a, b, 1.0);
    out[7 * n + i] = a / (b + 3.0);
    out[8 * n + i] = 1.0 / a;
    out[9 * n + i] = rsqrt(fabs(b) + 1.0);
}
