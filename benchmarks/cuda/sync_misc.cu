// sync_misc.cu - block-wide barriers with reductions, warp synchronisation with partial masks,
//   named barriers, sleeping, memory fences, and trap.
//
// Exercises: bar.red.or.pred / bar.red.and.pred / bar.red.popc.u32 (__syncthreads_or/and/count),
//   bar.sync / barrier.sync with a barrier id and a thread count (named barriers used by a
//   producer and a consumer warp group), bar.warp.sync with partial masks (__syncwarp(mask)),
//   nanosleep.u32, membar.cta / membar.gl / membar.sys (__threadfence_block, __threadfence,
//   __threadfence_system), %clock / %globaltimer reads excluded from results, trap (__trap()
//   on a path guarded by a flag the host keeps 0), exit-free early return before a barrier
//   by no thread (all threads reach every barrier).
//
// Kernels:
//   sync_votes(const int *in, int *out, int n)
//     out[4*b + 0] = __syncthreads_or(v > 100), 1 = __syncthreads_and(v >= 0),
//     2 = __syncthreads_count(v & 1), 3 = 7 after a __nanosleep loop (constant)
//     where v = in[g] (0 for g >= n); written by thread 0 of block b.
//   named_barriers(const int *in, int *out, int n)
//     blockDim.x must be 128: warps 0-1 produce (stage v*2 + 1 into shared memory, then
//     bar.arrive on barrier 1), warps 2-3 consume (bar.sync 1, 128, then out[g] = staged value
//     of the partner thread t-64 plus their own v); warps 0-1 then write out[g] = v.
//     So for block b with t < 64: out[g] = v(g); t >= 64: out[g] = 2*v(g-64) + 1 + v(g).
//   warp_partial_sync(const int *in, int *out, int *trap_flag, int n)
//     blockDim.x a multiple of 32. Within each warp the even lanes and the odd lanes each
//     exchange values through shared memory with __syncwarp(0x55555555) / __syncwarp(0xaaaaaaaa):
//     out[g] = v(lane ^ 2 partner, same parity) + lane; then fences; if *trap_flag != 0 every
//     thread executes __trap() (the host passes 0).
// Launch: 1-D; block sizes as noted; warps complete.
// CPU reference: as stated (partner for lane l is l ^ 2 in the same warp; v = 0 for g >= n;
//   out written only for g < n).

extern "C" __global__ void sync_votes(const int *in, int *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (g < n) ? in[g] : 0;
    int any_big = __syncthreads_or(v > 100);
    int all_nonneg = __syncthreads_and(v >= 0);
    int odd = __syncthreads_count(v & 1);
    int slept = 0;
    for (int k = 0; k < 7; ++k) {
        __nanosleep(32u << k);
        ++slept;
    }
    if (threadIdx.x == 0) {
        out[4 * blockIdx.x + 0] = any_big;
        out[4 * blockIdx.x + 1] = all_nonneg;
        out[4 * blockIdx.x + 2] = odd;
        out[4 * blockIdx.x + 3] = slept;
    }
}

extern "C" __global__ void named_barriers(const int *in, int *out, int n)
{
    __shared__ int stage[64];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    int v = (g < n) ? in[g] : 0;
    if (t < 64) {
        stage[t] = v * 2 + 1;
        __threadfence_block();
        asm volatile("bar.arrive 1, 128;" ::: "memory");   // producers do not wait
        if (g < n)
            out[g] = v;
    } else {
        __barrier_sync_count(1, 128);                         // consumers wait for producers
        if (g < n)
            out[g] = stage[t - 64] + v;
    }
}

extern "C" __global__ void warp_partial_sync(const int *in, int *out, int *trap_flag, int n)
{
    __shared__ int xch[1024];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    int lane = t & 31;
    int v = (g < n) ? in[g] : 0;
    unsigned mask = (lane & 1) ? 0xaaaaaaaau : 0x55555555u;
    xch[t] = v;
    __syncwarp(mask);
    int partner = xch[(t & ~31) | (lane ^ 2)];
    __syncwarp(mask);
    __threadfence();
    __threadfence_system();
    if (g < n)
        out[g] = partner + lane;
    if (*trap_flag != 0)
        __trap();
}
