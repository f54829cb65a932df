/* exec_util.h -- shared code of the corpus host programs (tests/exec/NAME.cu).
 *
 * Each tests/exec/NAME.cu includes benchmarks/cuda/NAME.cu (the corpus's own
 * kernels) and this header, and is an ordinary CUDA program: nvcc builds it
 * with `-cudart shared` and it runs on a GPU or under `ptxsim exec`.  It
 * repeats the scenarios of tests/drivers/check_NAME.c with the same inputs
 * and the same CPU reference (tests/ref/NAME_ref.h), through the CUDA runtime
 * API only.
 *
 * This header is the CUDA-runtime twin of tests/drivers/drv_util.[ch]: array
 * comparisons (same names with ex_ for drv_, same failure text) and memory
 * helpers that check every CUDA call.  The PRNG, the float helpers, the
 * comparisons themselves and each program's reference (tests/ref/NAME_ref.h)
 * are shared with the driver through tests/ref/ref_util.h.  It knows no
 * kernel.
 *
 * Reporting.  A program is a list of scenarios:
 *     ex_init("vecadd");
 *     ex_begin("vecadd");  ...launch, download, ex_expect_*...;  ex_end();
 *     return ex_finish();
 * ex_end prints exactly one line to stdout: "NAME: SCENARIO ok", or
 * "NAME: SCENARIO: <first failure>" (for an array: "KERNEL: WHAT[i]:
 * expected E, got G (k of n elements differ)"); further mismatches go to
 * stderr only.  A CUDA call that does not return cudaSuccess prints the
 * scenario's line with the call, the error name and string, and exits 1 at
 * once (after a kernel fault the context is unusable anyway).  ex_finish
 * returns 0 only when every scenario passed.  Output never contains
 * pointers or timings, so it is the same on every run and every device.
 * Scenarios that must make a kernel fault check it with
 * ex_expect_kernel_fault, last or in a child process (ex_isolated), since
 * a fault breaks the context for good.
 *
 * Host code is C++ as nvcc compiles it: beware that <math.h> in C++ has
 * float overloads (sqrt(float) is sqrtf), so the shared references pass
 * libm explicit doubles, which C and C++ treat alike.
 * One translation unit per program, so the state below is file-static.
 */
#ifndef PTXSIM_TESTS_EXEC_EXEC_UTIL_H
#define PTXSIM_TESTS_EXEC_EXEC_UTIL_H

#include <cuda_runtime.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../ref/ref_util.h"

/* ---- scenarios and reporting ------------------------------------------- */

#define EX_MAX_ALLOCS 256

static const char *ex_prog_ = "?";     /* program name, "vecadd" */
static const char *ex_scen_ = "setup"; /* current scenario */
static char ex_msg_[1024];             /* first failure of the scenario */
static int ex_is_bad_;                 /* the scenario failed */
static int ex_n_scen_, ex_n_bad_;
static void *ex_allocs_[EX_MAX_ALLOCS];
static int ex_n_allocs_;

static inline void ex_init(const char *prog)
{
  ex_prog_ = prog;
  setvbuf(stdout, NULL, _IOLBF, 0);
}

static inline void ex_begin(const char *scenario)
{
  ex_scen_ = scenario;
  ex_is_bad_ = 0;
  ex_msg_[0] = '\0';
}

/* Records a failure of the current scenario (printf format); the first one
 * is the scenario's line, every one is echoed to stderr. */
static inline void ex_fail(const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s: %s: %s\n", ex_prog_, ex_scen_, buf);
  if (!ex_is_bad_)
    snprintf(ex_msg_, sizeof ex_msg_, "%s", buf);
  ex_is_bad_ = 1;
}

/* ck_assert_msg's counterpart: records fmt unless cond holds; returns cond. */
static inline int ex_expect(int cond, const char *fmt, ...)
{
  if (!cond) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ex_fail("%s", buf);
  }
  return cond;
}

static inline void ex_free_all_(void)
{
  for (int i = 0; i < ex_n_allocs_; i++)
    cudaFree(ex_allocs_[i]);
  ex_n_allocs_ = 0;
}

/* Prints the scenario's line and frees the memory ex_alloc gave it.
 * Returns 0 when it passed. */
static inline int ex_end(void)
{
  ex_n_scen_++;
  if (ex_is_bad_) {
    ex_n_bad_++;
    printf("%s: %s: %s\n", ex_prog_, ex_scen_, ex_msg_);
  } else {
    printf("%s: %s ok\n", ex_prog_, ex_scen_);
  }
  ex_free_all_();
  ex_scen_ = "teardown";
  return ex_is_bad_;
}

/* Exit status of main: 0 only when at least one scenario ran and all passed. */
static inline int ex_finish(void)
{
  return (ex_n_scen_ > 0 && ex_n_bad_ == 0) ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* A failed CUDA call ends the program: the scenario's line names it. */
static inline void ex_check_(cudaError_t e, const char *what, const char *file, int line)
{
  if (e == cudaSuccess)
    return;
  printf("%s: %s: %s failed: %s: %s (%s:%d)\n", ex_prog_, ex_scen_, what, cudaGetErrorName(e),
         cudaGetErrorString(e), file, line);
  fflush(stdout);
  exit(EXIT_FAILURE);
}

#define EX_CHECK(call) ex_check_((call), #call, __FILE__, __LINE__)

/* After kernel<<<...>>>(...): the launch error, then the execution error. */
#define EX_LAUNCHED(kernel) \
  do { \
    ex_check_(cudaGetLastError(), "launch of " kernel, __FILE__, __LINE__); \
    ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize after " kernel, __FILE__, __LINE__); \
  } while (0)

/* cudaMemcpyToSymbol / FromSymbol of a __constant__ or __device__ variable. */
#define EX_SYMBOL_WRITE(sym, src, n) \
  ex_check_(cudaMemcpyToSymbol(sym, (src), (n)), "cudaMemcpyToSymbol(" #sym ")", __FILE__, __LINE__)
#define EX_SYMBOL_READ(dst, sym, n) \
  ex_check_(cudaMemcpyFromSymbol((dst), sym, (n)), "cudaMemcpyFromSymbol(" #sym ")", __FILE__, \
            __LINE__)

/* ---- device memory: freed by ex_end ------------------------------------ */

/* n bytes (at least 1) of device memory for T. */
template <typename T> static inline T *ex_alloc(size_t n)
{
  void *p = NULL;
  ex_check_(cudaMalloc(&p, n ? n : 1), "cudaMalloc", __FILE__, __LINE__);
  if (ex_n_allocs_ < EX_MAX_ALLOCS)
    ex_allocs_[ex_n_allocs_++] = p;
  return (T *)p;
}

/* n bytes filled with byte (cudaMemset). */
template <typename T> static inline T *ex_alloc_fill(size_t n, int byte)
{
  T *p = ex_alloc<T>(n);
  ex_check_(cudaMemset(p, byte, n ? n : 1), "cudaMemset", __FILE__, __LINE__);
  return p;
}

/* A device copy of n bytes at src. */
template <typename T> static inline T *ex_upload(const T *src, size_t n)
{
  T *p = ex_alloc<T>(n);
  if (n > 0)
    ex_check_(cudaMemcpy(p, src, n, cudaMemcpyHostToDevice), "cudaMemcpy HtoD", __FILE__, __LINE__);
  return p;
}

static inline void ex_download(void *dst, const void *src, size_t n)
{
  ex_check_(cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost), "cudaMemcpy DtoH", __FILE__, __LINE__);
}

static inline unsigned ex_cdiv(unsigned a, unsigned b) { return (a + b - 1) / b; }

/* ---- array comparisons ---------------------------------------------------
 * As drv_expect_* (both are tests/ref/ref_util.h's ref_expect_*, reported
 * through ex_ref_check): the first mismatch becomes the scenario's failure
 * "KERNEL: WHAT[i]: expected E, got G (k of n elements differ)", up to 8
 * mismatches go to stderr.  Each returns 0 when everything matched. */

static inline int ex_cmp_(const ref_cmp *c, const char *kernel, const char *what)
{
  char prefix[256], msg[1024];
  snprintf(prefix, sizeof prefix, "%s: ", ex_prog_);
  if (ref_compare(c, prefix, kernel, what, msg, sizeof msg) == 0)
    return 0;
  if (!ex_is_bad_)
    snprintf(ex_msg_, sizeof ex_msg_, "%s", msg);
  ex_is_bad_ = 1;
  return 1;
}

static inline void ex_fail_msg_(const char *msg) { ex_fail("%s", msg); }

/* Where the shared references (tests/ref) report: the scenario fails and
 * goes on. */
static const ref_check ex_ref_check = { ex_cmp_, ex_fail_msg_ };

#define ex_expect_u8(...) ref_expect_u8(&ex_ref_check, __VA_ARGS__)
#define ex_expect_u16(...) ref_expect_u16(&ex_ref_check, __VA_ARGS__)
#define ex_expect_i16(...) ref_expect_i16(&ex_ref_check, __VA_ARGS__)
#define ex_expect_u32(...) ref_expect_u32(&ex_ref_check, __VA_ARGS__)
#define ex_expect_i32(...) ref_expect_i32(&ex_ref_check, __VA_ARGS__)
#define ex_expect_u64(...) ref_expect_u64(&ex_ref_check, __VA_ARGS__)
#define ex_expect_i64(...) ref_expect_i64(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f16(...) ref_expect_f16(&ex_ref_check, __VA_ARGS__)
#define ex_expect_bf16(...) ref_expect_bf16(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f32(...) ref_expect_f32(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f64(...) ref_expect_f64(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f32_bound(...) ref_expect_f32_bound(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f32_tol(...) ref_expect_f32_tol(&ex_ref_check, __VA_ARGS__)
#define ex_expect_f64_tol(...) ref_expect_f64_tol(&ex_ref_check, __VA_ARGS__)

/* ---- kernel faults --------------------------------------------------------
 * A kernel fault (trap, bad address, misaligned access) is a sticky error
 * in CUDA: the context is unusable afterwards and every later call returns
 * the same error, so a program can check one fault only, as its last
 * scenario, or in a child process (ex_isolated). */

/* The errors CUDA reports for an exception raised by a running kernel. */
static inline int ex_is_kernel_fault(cudaError_t e)
{
  return e == cudaErrorIllegalAddress || e == cudaErrorHardwareStackError ||
         e == cudaErrorIllegalInstruction || e == cudaErrorMisalignedAddress ||
         e == cudaErrorInvalidAddressSpace || e == cudaErrorInvalidPc ||
         e == cudaErrorLaunchFailure;
}

/* After kernel<<<...>>>(...) that must fault: the error may come from the
 * launch or from cudaDeviceSynchronize (launches are asynchronous); it must
 * be a kernel fault, and sticky (a later cudaMemcpy returns it too).  The
 * error's name goes to stderr only.  Returns 0 when all that holds. */
static inline int ex_expect_kernel_fault(const char *kernel)
{
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  cudaError_t e = launch != cudaSuccess ? launch : sync;
  int probe = 0, *dprobe = NULL;
  fprintf(stderr, "%s: %s: %s: launch %s, synchronize %s\n", ex_prog_, ex_scen_, kernel,
          cudaGetErrorName(launch), cudaGetErrorName(sync));
  if (!ex_expect(ex_is_kernel_fault(e), "%s: expected a kernel fault, got %s (%d): %s", kernel,
                 cudaGetErrorName(e), (int)e, cudaGetErrorString(e)))
    return 1;
  cudaError_t later = cudaMalloc((void **)&dprobe, sizeof probe);
  if (later == cudaSuccess)
    later = cudaMemcpy(&probe, dprobe, sizeof probe, cudaMemcpyDeviceToHost);
  return !ex_expect(later == e, "%s: a call after the fault: expected the sticky %s, got %s (%d)",
                    kernel, cudaGetErrorName(e), cudaGetErrorName(later), (int)later);
}

/* Runs scenario fn (which calls ex_begin and ex_end itself) in a child
 * process, so that a fault it provokes leaves this process's context
 * alone.  Call it before this process makes any CUDA call: a CUDA context
 * does not survive fork.  The child's line is the scenario's line; the
 * scenario counts as failed unless the child exits with status 0.  name
 * is used only when the child dies without saying anything. */
static inline void ex_isolated(const char *name, void (*fn)(void))
{
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    printf("%s: %s: fork failed\n", ex_prog_, name);
    ex_n_scen_++;
    ex_n_bad_++;
    return;
  }
  if (pid == 0) {
    fn();
    fflush(stdout);
    _exit(ex_finish());
  }
  int status = 0;
  pid_t w;
  do
    w = waitpid(pid, &status, 0);
  while (w < 0 && errno == EINTR);
  ex_n_scen_++;
  if (w == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;
  ex_n_bad_++;
  if (w != pid)
    printf("%s: %s: waitpid failed\n", ex_prog_, name);
  else if (WIFSIGNALED(status))
    printf("%s: %s: the child process died of signal %d\n", ex_prog_, name, WTERMSIG(status));
}

#endif /* PTXSIM_TESTS_EXEC_EXEC_UTIL_H */
