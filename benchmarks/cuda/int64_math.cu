// int64_math.cu - 64-bit integer arithmetic.
//
// Exercises: mul.lo.s64, mul.hi.u64 / mul.hi.s64 (__umul64hi/__mul64hi), 64-bit division and
//   remainder (div/rem .u64/.s64, which nvcc guards with a fast 32-bit path: or.b64/and.b64 of the
//   high words, setp.ne.s64, div.u32/rem.u32), shl/shr.u64/shr.s64 by variable amounts,
//   clz.b64, popc.b64, brev.b64 (__ffsll is brev + clz), min.s64, max.u64, neg.s64, xor.b64,
//   cvt between 32 and 64 bits, 64-bit compares (setp.*.s64/u64).
//
// Kernels:
//   int64_math(const unsigned long long *a, const unsigned long long *b, unsigned long long *out, int n)
//   out has 16*n entries: out[k*n + i], k = 0..15.
// Launch: any 1-D grid/block.
// CPU reference (i < n; A = a[i], B = b[i] as uint64_t, SA/SB the same bits as int64_t; all
//   arithmetic modulo 2^64; __int128 gives the high halves):
//   k=0 A*B   1 high 64 bits of (u128)A*B   2 high 64 bits of (i128)SA*SB
//   3 B ? A/B : ~0   4 B ? A%B : 0
//   5 (SB != 0 && !(SA == INT64_MIN && SB == -1)) ? SA/SB : 0    6 likewise SA%SB, else 0
//   7 A << (B & 63)   8 A >> (B & 63) (logical)   9 SA >> (B & 63) (arithmetic)
//   10 clz64(A) (64 for 0)   11 popcount64(A) | ffs64(B) << 8  (ffs: 1-based lowest set bit, 0 for 0)
//   12 bit-reverse(A)   13 min(SA, SB) as bits   14 max(A, B)   15 (-SA) ^ ~B ^ (u64)(int)(A)

extern "C" __global__ void int64_math(const unsigned long long *a, const unsigned long long *b,
                                      unsigned long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned long long A = a[i], B = b[i];
    long long SA = (long long)A, SB = (long long)B;
    out[0 * n + i] = A * B;
    out[1 * n + i] = __umul64hi(A, B);
    out[2 * n + i] = (unsigned long long)__mul64hi(SA, SB);
    out[3 * n + i] = B ? A / B : ~0ull;
    out[4 * n + i] = B ? A % B : 0ull;
    bool sok = SB != 0 && !(SA == (long long)0x8000000000000000ull && SB == -1);
    out[5 * n + i] = sok ? (unsigned long long)(SA / SB) : 0ull;
    out[6 * n + i] = sok ? (unsigned long long)(SA % SB) : 0ull;
    unsigned sh = (unsigned)(B & 63);
    out[7 * n + i] = A << sh;
    out[8 * n + i] = A >> sh;
    out[9 * n + i] = (unsigned long long)(SA >> sh);
    out[10 * n + i] = (unsigned long long)__clzll(SA);
    out[11 * n + i] = (unsigned long long)__popcll(A) | ((unsigned long long)__ffsll(SB) << 8);
    out[12 * n + i] = __brevll(A);
    out[13 * n + i] = (unsigned long long)min(SA, SB);
    out[14 * n + i] = max(A, B);
    out[15 * n + i] = (unsigned long long)(-SA) ^ ~B ^ (unsigned long long)(long long)(int)A;
}
