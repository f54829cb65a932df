/* multi_tu.h -- what the two units of the multi_tu program share: a
 * template kernel both instantiate, and the second unit's entry points. */
#ifndef PTXSIM_TESTS_EXEC_MULTI_TU_H
#define PTXSIM_TESTS_EXEC_MULTI_TU_H

template <typename T> __global__ void fill_with(T *p, T k)
{
  p[threadIdx.x] = k * (T)threadIdx.x;
}

/* multi_tu_part.cu: sets its c_step, launches its kernel `times' times,
 * returns its counter. */
int part_run(int step, int times);
/* multi_tu_part.cu: fill_with<<<1, 32>>>(p, k). */
void part_fill(int *p, int k);

#endif
