/* exit_while_launching.cu -- a program that calls exit() while another
 * host thread keeps launching kernels.
 *
 * exit() runs the atexit handlers nvcc registered
 * (__cudaUnregisterFatBinary) on the main thread while the launcher still
 * loops: the runtime must let the exit through promptly (a launch of an
 * unregistered module then fails with cudaErrorCudartUnloading, as CUDA's
 * do during teardown; the launcher ignores that and goes on calling).
 * Before that was fixed the exiting thread waited behind the runtime's
 * lock for as long as launches kept coming, i.e. for ever.
 *
 * The launcher first checks that its launches run (a counter kernel, 3
 * launches, read back), then tells main, which prints its line and exits
 * while the launcher keeps going.  An atexit handler registered before
 * nvcc's registration code runs (so it runs after the unregistration)
 * checks that a launch then fails with cudaErrorCudartUnloading.  Run with
 * a time limit (tests/run-exec-tests.sh).
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#include <pthread.h>
#include <unistd.h>

__global__ void bump(int *counter)
{
  if (threadIdx.x == 0 && blockIdx.x == 0)
    atomicAdd(counter, 1);
}

static int *counter;

/* Runs after __cudaUnregisterFatBinary (atexit handlers run in reverse
 * order, and this one is registered before nvcc's constructor runs). */
static void launch_after_unregistration(void)
{
  bump<<<1, 1>>>(counter);
  cudaError_t e = cudaGetLastError();
  printf("exit_while_launching: launch during exit: %s\n",
         e == cudaErrorCudartUnloading ? "refused ok" : cudaGetErrorName(e));
  fflush(stdout);
  if (e != cudaErrorCudartUnloading)
    _exit(1);
}

__attribute__((constructor(101))) static void register_late_check(void)
{
  atexit(launch_after_unregistration);
}

static pthread_mutex_t ready_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
static int ready; /* 1: the first launches ran correctly, -1: they did not */

static void signal_ready(int value)
{
  pthread_mutex_lock(&ready_mutex);
  ready = value;
  pthread_cond_signal(&ready_cond);
  pthread_mutex_unlock(&ready_mutex);
}

static void *launcher(void *arg)
{
  (void)arg;
  int got = -1;
  for (int i = 0; i < 3; i++)
    bump<<<2, 32>>>(counter);
  bool is_ok = cudaDeviceSynchronize() == cudaSuccess &&
               cudaMemcpy(&got, counter, sizeof got, cudaMemcpyDeviceToHost) == cudaSuccess &&
               got == 3;
  signal_ready(is_ok ? 1 : -1);
  /* Keep launching until the process is gone; errors (the runtime going
   * away) are ignored, as a careless program would. */
  for (;;) {
    bump<<<64, 256>>>(counter);
    (void)cudaGetLastError();
  }
  return NULL;
}

int main(void)
{
  if (cudaMalloc(&counter, sizeof *counter) != cudaSuccess ||
      cudaMemset(counter, 0, sizeof *counter) != cudaSuccess) {
    printf("exit_while_launching: setup failed\n");
    return 1;
  }
  pthread_t t;
  if (pthread_create(&t, NULL, launcher, NULL) != 0) {
    printf("exit_while_launching: pthread_create failed\n");
    return 1;
  }
  pthread_mutex_lock(&ready_mutex);
  while (ready == 0)
    pthread_cond_wait(&ready_cond, &ready_mutex);
  int result = ready;
  pthread_mutex_unlock(&ready_mutex);
  printf("exit_while_launching: %s\n", result == 1 ? "ok" : "first launches failed");
  fflush(stdout);
  exit(result == 1 ? 0 : 1); /* with the launcher still launching */
}
