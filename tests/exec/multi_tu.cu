/* multi_tu.cu -- a program of two translation units (this file and
 * multi_tu_part.cu), each with its own fatbinary.  Without -rdc they are
 * separate device programs: each has its own `counter' and `c_step'
 * (the same PTX names in both), and both instantiate the same template
 * kernel.  A kernel launched from one unit must see that unit's
 * variables, and cudaMemcpyToSymbol/FromSymbol must reach them.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 multi_tu.cu multi_tu_part.cu
 */
#include "exec_util.h"
#include "multi_tu.h"

static __device__ int counter;
static __constant__ int c_step;

__global__ void bump_main(void)
{
  atomicAdd(&counter, c_step);
}

static int main_run(int step, int times)
{
  EX_SYMBOL_WRITE(c_step, &step, sizeof step);
  for (int i = 0; i < times; i++) {
    bump_main<<<1, 1>>>();
    EX_LAUNCHED("bump_main");
  }
  int c = 0;
  EX_SYMBOL_READ(&c, counter, sizeof c);
  return c;
}

int main(void)
{
  ex_init("multi_tu");
  ex_begin("separate_variables");
  int zero = 0;
  EX_SYMBOL_WRITE(counter, &zero, sizeof zero);
  int a = main_run(3, 2);
  int b = part_run(5, 3);
  int a2 = main_run(1, 1);
  int b2 = part_run(0, 1);
  ex_expect(a == 6 && a2 == 7, "this unit's counter: %d then %d, expected 6 then 7", a, a2);
  ex_expect(b == 15 && b2 == 15, "the other unit's counter: %d then %d, expected 15 then 15", b,
            b2);
  ex_end();

  ex_begin("shared_template_kernel");
  int *d = ex_alloc<int>(64 * sizeof(int)), h[64];
  fill_with<<<1, 64>>>(d, 11);
  EX_LAUNCHED("fill_with (this unit)");
  part_fill(d + 32, 22);
  EX_CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) {
    int want = i < 32 ? 11 * i : 22 * (i - 32);
    if (!ex_expect(h[i] == want, "[%d] = %d, expected %d", i, h[i], want))
      break;
  }
  ex_end();
  return ex_finish();
}
