/* rdc_link_part.cu -- the second translation unit of rdc_link (see
 * rdc_link.cu): the definitions the first unit uses through extern. */
#include "exec_util.h"

__device__ int rdc_scale = 3;

__device__ int rdc_twice(int x)
{
  return 2 * x;
}

static __device__ int counter; /* the first unit has one too */

__global__ void bump_part(void)
{
  atomicAdd(&counter, 1);
}

int part_set_scale(int s)
{
  return (int)cudaMemcpyToSymbol(rdc_scale, &s, sizeof s);
}

int part_bump(int times)
{
  for (int i = 0; i < times; i++) {
    bump_part<<<1, 1>>>();
    EX_LAUNCHED("bump_part");
  }
  int c = 0;
  EX_SYMBOL_READ(&c, counter, sizeof c);
  return c;
}
