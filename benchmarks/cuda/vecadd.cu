// vecadd.cu - element-wise vector addition, the smallest kernel of the corpus.
//
// Exercises: the kernel prologue every program has (ld.param.u64/u32, cvta.to.global.u64),
//   special registers %tid/%ctaid/%ntid/%nctaid (mov.u32), mad.lo.s32 index arithmetic,
//   mul.wide.s32 address scaling, setp + guarded bra for the bounds check, ld/st.global.f32,
//   add.f32, a grid-stride loop (second kernel) and an integer variant.
//   A -G debug build of this file is in benchmarks/ptx/debug/vecadd.ptx.
//
// Kernels:
//   vecadd(const float *a, const float *b, float *c, int n)
//   vecadd_gridstride(const float *a, const float *b, float *c, int n)
//   vecadd_i32(const int *a, const int *b, int *c, int n)
// Launch: any 1-D grid and block shape; threads with index >= n do nothing. The grid-stride
//   variant covers all n elements with any grid size (even a single block).
// CPU reference: c[i] = a[i] + b[i] for 0 <= i < n (float add, or int add with wrap-around);
//   elements of c at index >= n are untouched.

extern "C" __global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void vecadd_gridstride(const float *a, const float *b, float *c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void vecadd_i32(const int *a, const int *b, int *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
}
