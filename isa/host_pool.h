/* host_pool.h -- host threads kept between functional launches.
 *
 * Parallel functional simulation (simt_par.c) runs each launch on
 * several host threads.  Creating them for every launch cost more than
 * the work of a launch of a few small CTAs, which CUDA programs make by
 * the thousand; the pool keeps its helpers waiting between launches.
 */
#ifndef PTXSIM_ISA_HOST_POOL_H
#define PTXSIM_ISA_HOST_POOL_H

/* Runs fn(arg) on the calling thread and on up to n - 1 helper threads,
 * and returns once every one has returned.  The helpers come from the
 * pool; while another launch holds it (launches on several devices at
 * once), from threads made for this call.  Fewer run it when threads
 * cannot be made; fn must cope with any number of runners. */
void host_pool_run(unsigned n, void *(*fn)(void *), void *arg);

#endif /* PTXSIM_ISA_HOST_POOL_H */
