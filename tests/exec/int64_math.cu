/* int64_math.cu -- CUDA host program for benchmarks/cuda/int64_math.cu; the
 * scenario of tests/drivers/check_int64_math.c: 16 64-bit integer results per
 * element against the inputs and reference of tests/ref/int64_math_ref.h. */
#include "../../benchmarks/cuda/int64_math.cu"
#include "exec_util.h"
#include "../ref/int64_math_ref.h"

static void test_int64_math(void)
{
  static uint64_t a[N], b[N], exp[16 * N], got[16 * N];

  ex_begin("int64_math");
  int64_math_inputs(a, b, exp);
  unsigned long long *da = ex_upload((const unsigned long long *)a, sizeof a);
  unsigned long long *db = ex_upload((const unsigned long long *)b, sizeof b);
  unsigned long long *dout = ex_alloc<unsigned long long>(sizeof got);
  int64_math<<<ex_cdiv(N, 128), 128>>>(da, db, dout, N);
  EX_LAUNCHED("int64_math");
  ex_download(got, dout, sizeof got);
  int64_math_check(&ex_ref_check, exp, got);
  ex_end();
}

int main(void)
{
  ex_init("int64_math");
  test_int64_math();
  return ex_finish();
}
