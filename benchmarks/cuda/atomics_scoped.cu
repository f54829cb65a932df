// atomics_scoped.cu - every CUDA atomic operation on global and shared memory, system-scope
//   atomics, float/double atomic adds, and cuda::atomic_ref with explicit memory orders and
//   thread scopes (acquire/release/acq_rel/relaxed at block and device scope), atomic loads
//   and stores, and scoped fences.
//
// Exercises: atom.global.{add,and,or,xor,max,min,inc,dec,exch,cas}.{u32,s32,b32},
//   atom.global.add.u64, atom.global.add.f32/.f64, atom.global.sys.* (the *_system functions),
//   atom.shared.{add.u32,add.f64,exch.b32,or.b32,max.s32}, atom.global.cas.b32 loops,
//   atom.add.{relaxed,acquire,release,acq_rel}.{cta,gpu}.{u32,u64} (cuda::atomic_ref, generic
//   addresses), atom.or.acq_rel.cta.b32, atom.and.release.cta.b32, ld.acquire/ld.relaxed
//   .{cta,gpu}.{b32,b64}, st.release/st.relaxed.{cta,gpu}.b32, fence.sc.cta
//   (cuda::atomic_thread_fence), membar.cta / membar.gl (__threadfence_block / __threadfence),
//   a CAS retry loop (float max).
//
// Kernels (g = global thread index, x = in[g], only threads with g < n take part):
//   atomics_global(const int *in, int *acc, unsigned long long *acc64, float *accf, double *accd,
//                  int *slots, int *old_out, int n)
//   atomics_system(const int *in, int *acc, int *slots, int n)
//   atomics_shared(const int *in, int *block_out, double *block_outd, int n)
//   atomics_scoped(const int *in, unsigned int *acc, unsigned long long *acc64, unsigned int *flags,
//                  unsigned int *out, int n)
// Launch: any 1-D grid; atomics_shared and atomics_scoped need blockDim.x <= 1024 (any size).
// CPU reference (all integer results wrap around; the host initialises the accumulators):
//   atomics_global, acc[k] after the launch (initial values A[k] chosen by the host):
//     0: A0 + sum x            1: A1 & (and of all x)     2: A2 | (or of all x)
//     3: A3 ^ (xor of all x)   4: max(A4, max x)          5: min(A5, min x)
//     6: max as unsigned of A6 and all (unsigned)x        7: A7 + count (atomicInc with limit
//        0xffffffff; never wraps for A7 + count < 2^32 - 1)
//     8: A8 - count (atomicDec with limit 0xffffffff; needs A8 >= count so it never hits 0)
//     9: bits of the float max of A9 (as float) and all (float)x, by a CAS loop
//     10: A10 + sum of the old slot values: slots[g] = x by atomicExch, old_out[g] = old slots[g]
//     11, 12: a CAS chain: each thread reads cur = acc[12] and tries atomicCAS(&acc[12], cur,
//        cur + 1); acc[11] counts the successes. How many succeed depends on timing, so check
//        1 <= acc[12] - A12 <= number of threads and acc[11] - A11 == acc[12] - A12.
//     acc64[0] += sum of (u64)(unsigned)x; accf[0] += sum of (float)x and accd[0] += sum of
//     (double)x (exact when the x are small integers: every partial sum is representable).
//   atomics_system: the same operations as acc[0..8] and acc[10..12] with *_system atomics on
//     its own acc array (slots likewise; the old values are added into acc[10]).
//   atomics_shared: per block b over its threads' x (0 for g >= n): block_out[4b+0] = sum x,
//     block_out[4b+1] = or of x, block_out[4b+2] = max x, block_out[4b+3] = the value left in a
//     shared word after every thread exchanged its g into it (order-dependent: any g of the block
//     with g < n, or -1 if none; check membership), block_outd[b] = sum of (double)x (exact for
//     small integers).
//   atomics_scoped: acc[0] += count (device scope, release), acc[1] += count (block scope on a
//     shared counter then added, relaxed), acc[2] |= or of (1 << (x & 31)), acc[3] &= and of
//     ~(1 << (x & 31)) (release, result unused), acc64[0] += sum (u64)(unsigned)x (acq_rel),
//     acc64[1] += count (relaxed); flags[blockIdx.x] = 1 (released by thread 0 after the block's
//     work); out[g] = 1 + (x & 1) for g < n (stored relaxed, reloaded acquire).

#include <cuda/atomic>

__device__ __forceinline__ void atomic_max_float(float *addr, float v)
{
    int *ia = reinterpret_cast<int *>(addr);
    int old = *ia;
    while (__int_as_float(old) < v) {
        int prev = atomicCAS(ia, old, __float_as_int(v));
        if (prev == old)
            break;
        old = prev;
    }
}

extern "C" __global__ void atomics_global(const int *in, int *acc, unsigned long long *acc64, float *accf,
                                          double *accd, int *slots, int *old_out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    int x = in[g];
    atomicAdd(&acc[0], x);
    atomicAnd(&acc[1], x);
    atomicOr(&acc[2], x);
    atomicXor(&acc[3], x);
    atomicMax(&acc[4], x);
    atomicMin(&acc[5], x);
    atomicMax(reinterpret_cast<unsigned int *>(&acc[6]), (unsigned)x);
    atomicInc(reinterpret_cast<unsigned int *>(&acc[7]), 0xffffffffu);
    atomicDec(reinterpret_cast<unsigned int *>(&acc[8]), 0xffffffffu);
    atomic_max_float(reinterpret_cast<float *>(&acc[9]), (float)x);
    int old = atomicExch(&slots[g], x);
    old_out[g] = old;
    atomicAdd(&acc[10], old);
    // a CAS chain: succeeds when acc[12] currently equals g's position in the chain
    int cur = atomicAdd(&acc[12], 0);
    if (atomicCAS(&acc[12], cur, cur + 1) == cur)
        atomicAdd(&acc[11], 1);
    atomicAdd(&acc64[0], (unsigned long long)(unsigned)x);
    atomicAdd(&accf[0], (float)x);
    atomicAdd(&accd[0], (double)x);
}

extern "C" __global__ void atomics_system(const int *in, int *acc, int *slots, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    int x = in[g];
    atomicAdd_system(&acc[0], x);
    atomicAnd_system(&acc[1], x);
    atomicOr_system(&acc[2], x);
    atomicXor_system(&acc[3], x);
    atomicMax_system(&acc[4], x);
    atomicMin_system(&acc[5], x);
    atomicMax_system(reinterpret_cast<unsigned int *>(&acc[6]), (unsigned)x);
    atomicInc_system(reinterpret_cast<unsigned int *>(&acc[7]), 0xffffffffu);
    atomicDec_system(reinterpret_cast<unsigned int *>(&acc[8]), 0xffffffffu);
    int old = atomicExch_system(&slots[g], x);
    atomicAdd_system(&acc[10], old);
    int cur = atomicAdd_system(&acc[12], 0);
    if (atomicCAS_system(&acc[12], cur, cur + 1) == cur)
        atomicAdd_system(&acc[11], 1);
}

extern "C" __global__ void atomics_shared(const int *in, int *block_out, double *block_outd, int n)
{
    __shared__ int s_sum, s_or, s_max, s_last;
    __shared__ double s_dsum;
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) {
        s_sum = 0;
        s_or = 0;
        s_max = (int)0x80000000;
        s_last = -1;
        s_dsum = 0.0;
    }
    __syncthreads();
    int x = (g < n) ? in[g] : 0;
    atomicAdd(&s_sum, x);
    atomicOr(&s_or, x);
    atomicMax(&s_max, x);
    if (g < n)
        atomicExch(&s_last, g);
    atomicAdd(&s_dsum, (double)x);
    __syncthreads();
    if (threadIdx.x == 0) {
        block_out[4 * blockIdx.x + 0] = s_sum;
        block_out[4 * blockIdx.x + 1] = s_or;
        block_out[4 * blockIdx.x + 2] = s_max;
        block_out[4 * blockIdx.x + 3] = s_last;
        block_outd[blockIdx.x] = s_dsum;
    }
}

extern "C" __global__ void atomics_scoped(const int *in, unsigned int *acc, unsigned long long *acc64,
                                          unsigned int *flags, unsigned int *out, int n)
{
    __shared__ unsigned int s_count;
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::atomic_ref<unsigned int, cuda::thread_scope_block> block_count(s_count);
    if (threadIdx.x == 0)
        block_count.store(0, cuda::memory_order_relaxed);
    __syncthreads();
    if (g < n) {
        int x = in[g];
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> dev0(acc[0]);
        cuda::atomic_ref<unsigned int, cuda::thread_scope_block> blk2(acc[2]);
        cuda::atomic_ref<unsigned int, cuda::thread_scope_block> blk3(acc[3]);
        cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> blk64a(acc64[0]);
        cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> blk64b(acc64[1]);
        unsigned prev = dev0.fetch_add(1u, cuda::memory_order_release);
        block_count.fetch_add(1u, cuda::memory_order_relaxed);
        blk2.fetch_or(1u << (x & 31), cuda::memory_order_acq_rel);
        blk3.fetch_and(~(1u << (x & 31)), cuda::memory_order_release);
        blk64a.fetch_add((unsigned long long)(unsigned)x, cuda::memory_order_acq_rel);
        blk64b.fetch_add(1ull, cuda::memory_order_relaxed);
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> o(out[g]);
        o.store(1u + (unsigned)(x & 1) + 0u * prev, cuda::memory_order_relaxed);
        cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_block);
        unsigned back = o.load(cuda::memory_order_acquire);
        cuda::atomic_ref<unsigned int, cuda::thread_scope_block> ob(out[g]);
        ob.store(back + ob.load(cuda::memory_order_relaxed) - back, cuda::memory_order_relaxed);
    }
    __threadfence_block();
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned c = block_count.fetch_add(0u, cuda::memory_order_acquire);
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> dev1(acc[1]);
        dev1.fetch_add(c, cuda::memory_order_relaxed);
        (void)cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(acc64[1]).load(cuda::memory_order_acquire);
        __threadfence();
        cuda::atomic_ref<unsigned int, cuda::thread_scope_device> flag(flags[blockIdx.x]);
        flag.store(1u, cuda::memory_order_release);
        (void)flag.load(cuda::memory_order_acquire);
        (void)flag.load(cuda::memory_order_relaxed);
    }
}
