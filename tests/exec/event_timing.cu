/* event_timing.cu -- timing a kernel with CUDA events, as programs do:
 * cudaEventRecord before and after, cudaEventElapsedTime between.
 *
 * A first kernel runs before the start event and a copy between the start
 * event and the timed kernel, so the elapsed time covers the second kernel
 * alone wherever copies take no GPU time.  Under `ptxsim exec` in timing
 * mode events record simulated time, and the elapsed time is exactly the
 * timed kernel's cycles at the configured core clock;
 * tests/run-exec-tests.sh checks that against the cycles of --stats.  The
 * times are printed only with -v ("event_timing: elapsed_ms VALUE" and
 * "event_timing: idle_ms VALUE", the time between two events with nothing
 * between them), so that without it the output is the same on every run,
 * as every corpus program's.  A number argument makes the timed kernel
 * loop that many times instead of 64: a program that runs as long as a
 * test needs.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#define N 2048
#define WARM_ITERS 8
#define TIMED_ITERS 64

/* v -> v / 2 + 1, iters times: each step is exact in float (a halving
 * and an addition that rounds the same whether or not nvcc fuses them). */
__global__ void halve_add(float *x, int n, int iters)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  for (int k = 0; k < iters; k++)
    v = v * 0.5f + 1.0f;
  x[i] = v;
}

static void reference(float *x, int n, int iters)
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < iters; k++) {
      float next = fmaf(x[i], 0.5f, 1.0f);
      if (next == x[i])
        break; /* 2, where every further step stays */
      x[i] = next;
    }
}

int main(int argc, char **argv)
{
  bool is_verbose = false;
  int timed_iters = TIMED_ITERS;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-v") == 0)
      is_verbose = true;
    else
      timed_iters = atoi(argv[i]);
  ex_init("event_timing");
  ex_begin("elapsed");
  static float x[N], y[N], want_x[N], want_y[N], got[N];
  for (int i = 0; i < N; i++) {
    x[i] = want_x[i] = (float)(i % 97) - 40.0f;
    y[i] = want_y[i] = (float)(i % 13) * 0.25f;
  }
  reference(want_x, N, WARM_ITERS);
  reference(want_y, N, timed_iters);
  cudaEvent_t start, stop, again;
  EX_CHECK(cudaEventCreate(&start));
  EX_CHECK(cudaEventCreate(&stop));
  EX_CHECK(cudaEventCreate(&again));
  float *dx = ex_upload(x, sizeof x), *dy = ex_alloc<float>(sizeof y);
  halve_add<<<N / 256, 256>>>(dx, N, WARM_ITERS);
  EX_LAUNCHED("halve_add (before the events)");
  EX_CHECK(cudaEventRecord(start, 0));
  EX_CHECK(cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice));
  halve_add<<<N / 256, 256>>>(dy, N, timed_iters);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaEventRecord(stop, 0));
  EX_CHECK(cudaEventRecord(again, 0));
  EX_CHECK(cudaEventSynchronize(again));
  float elapsed = -1, idle = -1;
  EX_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
  EX_CHECK(cudaEventElapsedTime(&idle, stop, again));
  ex_expect(elapsed > 0, "elapsed time around a kernel %g ms", (double)elapsed);
  ex_expect(idle >= 0, "elapsed time between two events %g ms", (double)idle);
  ex_download(got, dx, sizeof got);
  ex_expect_f32("halve_add", "x", want_x, got, N, 0);
  ex_download(got, dy, sizeof got);
  ex_expect_f32("halve_add", "y", want_y, got, N, 0);
  EX_CHECK(cudaEventDestroy(start));
  EX_CHECK(cudaEventDestroy(stop));
  EX_CHECK(cudaEventDestroy(again));
  ex_end();
  if (is_verbose) {
    printf("event_timing: elapsed_ms %.9g\n", (double)elapsed);
    printf("event_timing: idle_ms %.9g\n", (double)idle);
  }
  return ex_finish();
}
