/* rdc_link.cu -- relocatable device code (nvcc -rdc=true) from two
 * translation units (this file and rdc_link_part.cu): a kernel here calls
 * a __device__ function and reads an extern __device__ variable that the
 * other unit defines, and each unit keeps its own static variable of the
 * same name.  ptxsim links the units' PTX (frontend/ptx_link.h).
 * Build: nvcc -cudart shared -arch=sm_75 -O2 -rdc=true rdc_link.cu rdc_link_part.cu
 */
#include "exec_util.h"

extern __device__ int rdc_scale;       /* defined in rdc_link_part.cu */
__device__ int rdc_twice(int x);       /* likewise */
int part_set_scale(int s);             /* host code of the other unit */
int part_bump(int times);

static __device__ int counter;         /* the other unit has one too */

__global__ void scaled_twice(int *out, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = rdc_twice(i) * rdc_scale;
}

__global__ void bump_main(void)
{
  atomicAdd(&counter, 1);
}

static int check_scaled(int *d, int n, int scale)
{
  scaled_twice<<<ex_cdiv(n, 64), 64>>>(d, n);
  EX_LAUNCHED("scaled_twice");
  int h[256];
  EX_CHECK(cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (!ex_expect(h[i] == 2 * i * scale, "[%d] = %d, expected %d", i, h[i], 2 * i * scale))
      return 0;
  return 1;
}

int main(void)
{
  ex_init("rdc_link");
  const int n = 200;
  ex_begin("extern_function_and_variable");
  int *d = ex_alloc<int>(n * sizeof(int));
  check_scaled(d, n, 3); /* rdc_scale's initializer */
  ex_end();

  ex_begin("variable_written_by_the_other_unit");
  d = ex_alloc<int>(n * sizeof(int));
  EX_CHECK((cudaError_t)part_set_scale(7));
  check_scaled(d, n, 7);
  ex_end();

  ex_begin("static_variables_apart");
  for (int i = 0; i < 3; i++) {
    bump_main<<<1, 1>>>();
    EX_LAUNCHED("bump_main");
  }
  int mine = 0;
  EX_SYMBOL_READ(&mine, counter, sizeof mine);
  int theirs = part_bump(5);
  ex_expect(mine == 3 && theirs == 5, "counters %d and %d, expected 3 and 5", mine, theirs);
  ex_end();
  return ex_finish();
}
