// dyn_shared.cu - dynamically sized shared memory (extern __shared__), one array and two
//   arrays carved out of the same dynamic allocation.
//
// Exercises: the .extern .shared .align 16 .b8 dyn_smem[] declaration, addresses computed from
//   %ntid (blockDim) at run time, ld/st.shared of f32 and u32 at run-time offsets, bar.sync.
//
// Kernels:
//   dyn_reverse(const float *in, float *out, int n)
//     dynamic shared bytes: blockDim.x * 4.
//   dyn_two_arrays(const int *in, int *out, float *outf, int n)
//     dynamic shared bytes: blockDim.x * 8 (blockDim.x ints followed by blockDim.x floats).
// Launch: any 1-D block size, any grid (with the dynamic shared size above).
// CPU reference, with B = blockDim.x, base = blockIdx.x*B, t = threadIdx.x,
//   x(j) = in[base+j] if base+j < n else 0:
//   dyn_reverse: out[base+t] = x(B-1-t) for base+t < n (each block reverses its chunk).
//   dyn_two_arrays: out[base+t] = x(t) + x((t+1) % B) and
//     outf[base+t] = (float)x(B-1-t) * 0.5f, for base+t < n.

extern __shared__ __align__(16) unsigned char dyn_smem[];

extern "C" __global__ void dyn_reverse(const float *in, float *out, int n)
{
    float *s = reinterpret_cast<float *>(dyn_smem);
    int t = threadIdx.x, B = blockDim.x;
    int g = blockIdx.x * B + t;
    s[t] = (g < n) ? in[g] : 0.0f;
    __syncthreads();
    if (g < n)
        out[g] = s[B - 1 - t];
}

extern "C" __global__ void dyn_two_arrays(const int *in, int *out, float *outf, int n)
{
    int t = threadIdx.x, B = blockDim.x;
    int *si = reinterpret_cast<int *>(dyn_smem);
    float *sf = reinterpret_cast<float *>(dyn_smem + B * sizeof(int));
    int g = blockIdx.x * B + t;
    int x = (g < n) ? in[g] : 0;
    si[t] = x;
    sf[t] = (float)x * 0.5f;
    __syncthreads();
    if (g < n) {
        out[g] = (int)((unsigned)si[t] + (unsigned)si[(t + 1) % B]);
        outf[g] = sf[B - 1 - t];
    }
}
