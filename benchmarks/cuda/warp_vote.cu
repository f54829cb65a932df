// warp_vote.cu - warp-wide votes, matches and reductions.
//
// Exercises (compute_80): vote.sync.all.pred / vote.sync.any.pred / vote.sync.ballot.b32,
//   match.any.sync.b32 / .b64, match.all.sync.b32 (with its predicate output),
//   redux.sync.add.s32 / redux.sync.min.u32 / redux.sync.or.b32 (sm_80),
//   activemask.b32 both with the whole warp active and inside a divergent branch.
//
// Kernels:
//   warp_vote(const int *in, unsigned int *out, int n)
//   out has 12 words per thread: out[12*g + k]; g = blockIdx.x*blockDim.x + threadIdx.x.
// Launch: blockDim.x a multiple of 32, and every launched warp must be complete (the host
//   chooses n >= all threads or pads; threads with g >= n use the value 0 but still vote,
//   and write nothing).
// CPU reference, for each warp with lane values v[l] (in[g] or 0 when g >= n), lane l:
//   k=0 all(v != 0)   1 any(v > 100)   2 ballot(v & 1) (bit l set when v[l] odd)
//   3 match_any(v[l] & 7): mask of lanes whose (v & 7) equals lane l's
//   4 match_any on the 64-bit value (u64)(v & 3) << 33 | 1: mask of lanes with equal (v & 3)
//   5 match_all(v >> 16): the full mask 0xffffffff if all lanes agree, else 0;
//   6 1 if all lanes agree on (v >> 16), else 0 (the predicate)
//   7 sum of v over the warp (int, wrap-around)   8 min of (unsigned)v   9 or of (unsigned)v
//   10 __activemask() with all lanes active: 0xffffffff
//   11 for odd lanes: __activemask() inside `if (lane & 1)`: 0xaaaaaaaa; for even lanes: the
//      ballot of (v > 0) taken inside the else branch over the even lanes only (the bits of
//      even lanes with v > 0).

extern "C" __global__ void warp_vote(const int *in, unsigned int *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (g < n) ? in[g] : 0;
    const unsigned full = 0xffffffffu;
    unsigned r[12];
    r[0] = __all_sync(full, v != 0);
    r[1] = __any_sync(full, v > 100);
    r[2] = __ballot_sync(full, v & 1);
    r[3] = __match_any_sync(full, v & 7);
    r[4] = __match_any_sync(full, ((unsigned long long)(v & 3) << 33) | 1ull);
    int pred = 0;
    r[5] = __match_all_sync(full, v >> 16, &pred);
    r[6] = (unsigned)pred;
    r[7] = (unsigned)__reduce_add_sync(full, v);
    r[8] = __reduce_min_sync(full, (unsigned)v);
    r[9] = __reduce_or_sync(full, (unsigned)v);
    r[10] = __activemask();
    if (lane & 1) {
        r[11] = __activemask();
    } else {
        r[11] = __ballot_sync(0x55555555u, v > 0);
    }
    if (g < n) {
        for (int k = 0; k < 12; ++k)
            out[12 * g + k] = r[k];
    }
}
