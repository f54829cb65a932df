// local_array.cu - per-thread arrays indexed with run-time (data-dependent) indices, so they
//   stay in .local memory instead of registers.
//
// Exercises: a __local_depot frame, ld.local / st.local of u32, f32, u8, u64 and vector
//   widths (v2/v4 stores when the compiler groups initialisation), address arithmetic on
//   %SPL, loops that read and write the array at indices taken from global memory.
//
// Kernels:
//   local_array_i32(const int *idx, const int *vals, int *out, int n)
//   local_array_mixed(const int *idx, float *outf, unsigned long long *outl, int n)
// Launch: any 1-D grid/block.
// CPU reference (i < n, each thread works on its own private arrays):
//   local_array_i32: a[k] = vals[i] * k + (k ^ 5) for k < 64 (int, wrap-around); then for
//     r = 0..15: j = (idx[i] + 7*r) & 63; a[j] = a[j] + a[(j * 3 + r) & 63]; out[i] = a[idx[i] & 63]
//     + a[(idx[i] >> 6) & 63].
//   local_array_mixed: f[k] = (float)k * 0.5f, b[k] = (unsigned char)(k * 37), q[k] = (u64)k << 40
//     for k < 16; then for r = 0..7: j = (idx[i] + r) & 15: f[j] = f[j] + f[(j+1) & 15];
//     b[j] = b[j] ^ b[(j+5) & 15]; q[j] = q[j] + q[(j+3) & 15] + b[j];
//     outf[i] = f[idx[i] & 15]; outl[i] = q[(idx[i] >> 4) & 15] + b[idx[i] & 15].

extern "C" __global__ void local_array_i32(const int *idx, const int *vals, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a[64];
    unsigned v = (unsigned)vals[i];
    for (int k = 0; k < 64; ++k)
        a[k] = (int)(v * (unsigned)k + (unsigned)(k ^ 5));
    int x = idx[i];
    for (int r = 0; r < 16; ++r) {
        int j = (x + 7 * r) & 63;
        a[j] = (int)((unsigned)a[j] + (unsigned)a[(j * 3 + r) & 63]);
    }
    out[i] = (int)((unsigned)a[x & 63] + (unsigned)a[(x >> 6) & 63]);
}

extern "C" __global__ void local_array_mixed(const int *idx, float *outf, unsigned long long *outl, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float f[16];
    unsigned char b[16];
    unsigned long long q[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        f[k] = (float)k * 0.5f;
        b[k] = (unsigned char)(k * 37);
        q[k] = (unsigned long long)k << 40;
    }
    int x = idx[i];
    for (int r = 0; r < 8; ++r) {
        int j = (x + r) & 15;
        f[j] = f[j] + f[(j + 1) & 15];
        b[j] = b[j] ^ b[(j + 5) & 15];
        q[j] = q[j] + q[(j + 3) & 15] + b[j];
    }
    outf[i] = f[x & 15];
    outl[i] = q[(x >> 4) & 15] + b[x & 15];
}
