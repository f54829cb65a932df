// divergence.cu - deeply nested, data-dependent control flow: early returns by some threads,
//   loops with break and continue whose trip counts differ per thread, a switch, nested ifs
//   that re-converge at different depths, and a barrier reached after divergent work.
//
// Exercises: setp/@p bra with non-uniform predicates, nested reconvergence points, loops exited
//   by different threads at different iterations (break), continue edges, early ret from
//   part of a warp, switch lowering (compare chains), selp, bar.sync after divergent code
//   (every thread of the block reaches it in divergent_block_sum), and the unusual
//   multi-exit shapes the SIMT stack must handle.
//
// Kernels:
//   divergent_walk(const int *in, int *out, int n)
//   divergent_block_sum(const int *in, int *out, int n)
// Launch: divergent_walk: any 1-D grid/block. divergent_block_sum: blockDim.x must be 128.
// CPU reference: the per-element functions walk() and classify() below are plain C (they are
//   __host__ __device__): compile them on the host and compare exactly (keep |in[i]| < 2^27 so
//   the C arithmetic in classify() cannot overflow).
//   divergent_walk: out[i] = walk(in[i]) for i < n (threads with in[i] < 0 return early after
//     writing out[i] = -1; threads with in[i] == 0 return without writing anything).
//   divergent_block_sum: with c(i) = classify(in[i]) for i < n and 0 otherwise, block b writes
//     out[b] = sum of c(i) over its 128 threads (int, wrap-around).

__host__ __device__ static int walk(int x)
{
    // Collatz-like walk with an iteration cap; odd/even steps, breaks and continues.
    unsigned v = (unsigned)x;
    int steps = 0, acc = 0;
    for (int it = 0; it < 200; ++it) {
        if (v == 1u)
            break;
        if ((v & 1u) == 0u) {
            v >>= 1;
            ++steps;
            if ((v & 7u) == 3u)
                continue;          // skip the accumulation below
            acc += (int)(v & 0xffu);
            continue;
        }
        if (v > 100000u) {
            acc ^= (int)v;
            break;                 // large values leave early
        }
        v = 3u * v + 1u;
        ++steps;
        if (steps % 7 == 0) {
            if (acc & 1)
                acc += 11;
            else
                acc -= 5;
        }
    }
    return steps * 1000 + (acc & 0x3ff);
}

__host__ __device__ static int classify(int x)
{
    int r;
    switch (x & 7) {
    case 0: r = x / 3; break;
    case 1: r = -x; break;
    case 2:
    case 3: r = x * 5 + 1; break;
    case 5: r = x ^ 0x55; break;
    default: r = 7; break;
    }
    if (x > 1000) {
        if (x % 3 == 0)
            r += 2;
        else if (x % 3 == 1) {
            for (int k = 0; k < (x & 15); ++k) {
                if (k == 9)
                    break;
                r += k;
            }
        } else
            r -= 1;
    }
    return r;
}

extern "C" __global__ void divergent_walk(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    if (x < 0) {
        out[i] = -1;
        return;
    }
    if (x == 0)
        return;
    out[i] = walk(x);
}

extern "C" __global__ void divergent_block_sum(const int *in, int *out, int n)
{
    __shared__ int part[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = 0;
    if (i < n) {
        int x = in[i];
        if (x != 0)
            c = classify(x);
        else
            c = 0;   // classify(0) == 0 anyway; this branch only adds a divergent path
    }
    part[threadIdx.x] = c;
    __syncthreads();
    for (int s = 64; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            part[threadIdx.x] = (int)((unsigned)part[threadIdx.x] + (unsigned)part[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = part[0];
}
