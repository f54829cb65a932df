/* multi_tu_part.cu -- the second translation unit of the multi_tu
 * program (see multi_tu.cu): the same variable names as the first. */
#include "exec_util.h"
#include "multi_tu.h"

static __device__ int counter;
static __constant__ int c_step;

__global__ void bump_part(void)
{
  atomicAdd(&counter, c_step);
}

int part_run(int step, int times)
{
  EX_SYMBOL_WRITE(c_step, &step, sizeof step);
  for (int i = 0; i < times; i++) {
    bump_part<<<1, 1>>>();
    EX_LAUNCHED("bump_part");
  }
  int c = 0;
  EX_SYMBOL_READ(&c, counter, sizeof c);
  return c;
}

void part_fill(int *p, int k)
{
  fill_with<<<1, 32>>>(p, k);
  EX_LAUNCHED("fill_with (the other unit)");
}
