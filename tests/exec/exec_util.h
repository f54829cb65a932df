/* exec_util.h -- shared code of the corpus host programs (tests/exec/NAME.cu).
 *
 * Each tests/exec/NAME.cu includes benchmarks/cuda/NAME.cu (the corpus's own
 * kernels) and this header, and is an ordinary CUDA program: nvcc builds it
 * with `-cudart shared` and it runs on a GPU or under `ptxsim exec`.  It
 * repeats the scenarios of tests/drivers/check_NAME.c with the same inputs
 * and the same CPU reference, through the CUDA runtime API only.
 *
 * This header is the CUDA-runtime twin of tests/drivers/drv_util.[ch]: the
 * same fixed-seed PRNG, "interesting" float generators, 16-bit float
 * conversions, ulp distances and array comparisons (same names with ex_ for
 * drv_, same failure text), plus memory helpers that check every CUDA call.
 * It knows no kernel.
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
 * float overloads (sqrt(float) is sqrtf), so references written for C
 * promote explicitly where the driver relied on C's double promotion.
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

/* ---- deterministic PRNG (splitmix64), as drv_util ---------------------- */

typedef struct ex_rng {
  uint64_t s;
} ex_rng;

static inline void ex_rng_seed(ex_rng *r, uint64_t seed) { r->s = seed; }

static inline uint64_t ex_rand64(ex_rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline uint32_t ex_rand32(ex_rng *r) { return (uint32_t)(ex_rand64(r) >> 32); }

/* Uniform integer in [lo, hi] (inclusive). */
static inline int32_t ex_rand_range(ex_rng *r, int32_t lo, int32_t hi)
{
  uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
  return (int32_t)((int64_t)lo + (int64_t)(ex_rand64(r) % span));
}

/* Uniform float in [lo, hi). */
static inline float ex_randf(ex_rng *r, float lo, float hi)
{
  float u = (float)(ex_rand32(r) >> 8) * (1.0f / 16777216.0f);
  return lo + (hi - lo) * u;
}

static inline double ex_randd(ex_rng *r, double lo, double hi)
{
  double u = (double)(ex_rand64(r) >> 11) * (1.0 / 9007199254740992.0);
  return lo + (hi - lo) * u;
}

/* ---- bit views ---------------------------------------------------------- */

static inline uint32_t ex_f2u(float f)
{
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static inline float ex_u2f(uint32_t u)
{
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static inline uint64_t ex_d2u(double d)
{
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static inline double ex_u2d(uint64_t u)
{
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* Mostly uniform in [lo, hi), but about one value in eight is special:
 * +-0, +-inf, NaN, +-FLT_MIN, a subnormal, +-FLT_MAX, 1, -1. */
static inline float ex_interesting_f32(ex_rng *r, float lo, float hi)
{
  static const uint32_t special[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00800000u,
    0x80800000u, 0x00000123u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u,
  };
  uint32_t k = ex_rand32(r);
  if ((k & 7) == 0)
    return ex_u2f(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return ex_randf(r, lo, hi);
}

static inline double ex_interesting_f64(ex_rng *r, double lo, double hi)
{
  static const uint64_t special[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x0000000000000123ull, 0x7fefffffffffffffull,
    0xffefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
  };
  uint32_t k = ex_rand32(r);
  if ((k & 7) == 0)
    return ex_u2d(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return ex_randd(r, lo, hi);
}

/* ---- 16-bit floats (drv_util.h has the contracts) ---------------------- */

static inline double ex_h16_decode_(uint16_t h, int mant_bits, int bias)
{
  int e = (h & 0x7fff) >> mant_bits;
  double m = (double)(h & ((1u << mant_bits) - 1));
  double v;
  if (e == (0x7fff >> mant_bits))
    v = m != 0 ? NAN : INFINITY;
  else if (e == 0)
    v = ldexp(m, 1 - bias - mant_bits);
  else
    v = ldexp(m + (double)(1u << mant_bits), e - bias - mant_bits);
  return (h & 0x8000) ? -v : v;
}

static inline uint16_t ex_h16_encode_(double d, int mant_bits, int bias)
{
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  uint16_t inf = (uint16_t)(sign | (0x7fff >> mant_bits << mant_bits));
  double a = fabs(d);
  if (isnan(d))
    return 0x7fff;
  if (isinf(a))
    return inf;
  if (a < ldexp(1.0, 1 - bias)) {
    double q = nearbyint(ldexp(a, bias - 1 + mant_bits));
    return (uint16_t)(sign | (uint16_t)q);
  }
  int ex;
  (void)frexp(a, &ex);
  int e = ex - 1;
  double q = nearbyint(ldexp(a, mant_bits - e));
  if (q == ldexp(1.0, mant_bits + 1)) {
    q = ldexp(1.0, mant_bits);
    e++;
  }
  if (e + bias >= (0x7fff >> mant_bits))
    return inf;
  return (uint16_t)(sign | (uint16_t)((e + bias) << mant_bits) |
                    (uint16_t)((uint32_t)q - (1u << mant_bits)));
}

static inline double ex_h2d(uint16_t h) { return ex_h16_decode_(h, 10, 15); }
static inline double ex_bf2d(uint16_t b) { return ex_h16_decode_(b, 7, 127); }
static inline uint16_t ex_d2h(double d) { return ex_h16_encode_(d, 10, 15); }
static inline uint16_t ex_d2bf(double d) { return ex_h16_encode_(d, 7, 127); }

/* p + c rounded to odd at 53 bits (see drv_add_ro). */
static inline double ex_add_ro(double p, double c)
{
  double s = p + c;
  if (!isfinite(s))
    return s;
  double bp = s - c, bc = s - bp;
  double e = (p - bp) + (c - bc);
  if (e == 0 || (ex_d2u(s) & 1))
    return s;
  return nextafter(s, e > 0 ? INFINITY : -INFINITY);
}

static inline int ex_isnan16(uint16_t h, int is_bf16)
{
  int mant_bits = is_bf16 ? 7 : 10;
  uint16_t expo = (uint16_t)(0x7fff >> mant_bits << mant_bits);
  return (h & expo) == expo && (h & ((1u << mant_bits) - 1)) != 0;
}

/* ---- ulp distances ------------------------------------------------------ */

static inline int64_t ex_ordered32_(float f)
{
  int32_t i = (int32_t)ex_f2u(f);
  return i < 0 ? (int64_t)INT32_MIN - (int64_t)i : (int64_t)i;
}

static inline __int128 ex_ordered64_(double d)
{
  int64_t i = (int64_t)ex_d2u(d);
  return i < 0 ? (__int128)INT64_MIN - (__int128)i : (__int128)i;
}

static inline uint64_t ex_ulp_f32(float a, float b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  int64_t d = ex_ordered32_(a) - ex_ordered32_(b);
  return (uint64_t)(d < 0 ? -d : d);
}

static inline uint64_t ex_ulp_f64(double a, double b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  __int128 d = ex_ordered64_(a) - ex_ordered64_(b);
  if (d < 0)
    d = -d;
  return d > (__int128)UINT64_MAX ? UINT64_MAX : (uint64_t)d;
}

/* ---- array comparisons ---------------------------------------------------
 * As drv_expect_*: the first mismatch becomes the scenario's failure
 * "KERNEL: WHAT[i]: expected E, got G (k of n elements differ)", up to 8
 * mismatches go to stderr.  Each returns 0 when everything matched. */

#define EX_EXPECT_LOOP(BAD, FMT) \
  do { \
    size_t n_bad_ = 0, first_ = 0; \
    char eg_[256]; \
    for (size_t i = 0; i < n; i++) { \
      if (!(BAD)) \
        continue; \
      if (n_bad_ == 0) \
        first_ = i; \
      if (n_bad_ < 8) { \
        FMT; \
        fprintf(stderr, "%s: %s: %s[%zu]: %s\n", ex_prog_, kernel, what, i, eg_); \
      } \
      n_bad_++; \
    } \
    if (n_bad_ != 0) { \
      size_t i = first_; \
      FMT; \
      if (!ex_is_bad_) \
        snprintf(ex_msg_, sizeof ex_msg_, "%s: %s[%zu]: %s (%zu of %zu elements differ)", kernel, \
                 what, i, eg_, n_bad_, n); \
      ex_is_bad_ = 1; \
      return 1; \
    } \
    return 0; \
  } while (0)

static inline int ex_expect_u8(const char *kernel, const char *what, const uint8_t *exp,
                               const uint8_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %u (0x%02x), got %u (0x%02x)",
                                            exp[i], exp[i], got[i], got[i]));
}

static inline int ex_expect_u16(const char *kernel, const char *what, const uint16_t *exp,
                                const uint16_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %u (0x%04x), got %u (0x%04x)",
                                            exp[i], exp[i], got[i], got[i]));
}

static inline int ex_expect_i16(const char *kernel, const char *what, const int16_t *exp,
                                const int16_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %d, got %d", exp[i], got[i]));
}

static inline int ex_expect_u32(const char *kernel, const char *what, const uint32_t *exp,
                                const uint32_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i],
                 snprintf(eg_, sizeof eg_, "expected %" PRIu32 " (0x%08" PRIx32 "), got %" PRIu32
                          " (0x%08" PRIx32 ")", exp[i], exp[i], got[i], got[i]));
}

static inline int ex_expect_i32(const char *kernel, const char *what, const int32_t *exp,
                                const int32_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i],
                 snprintf(eg_, sizeof eg_, "expected %" PRId32 " (0x%08" PRIx32 "), got %" PRId32
                          " (0x%08" PRIx32 ")", exp[i], (uint32_t)exp[i], got[i], (uint32_t)got[i]));
}

static inline int ex_expect_u64(const char *kernel, const char *what, const uint64_t *exp,
                                const uint64_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i],
                 snprintf(eg_, sizeof eg_, "expected %" PRIu64 " (0x%016" PRIx64 "), got %" PRIu64
                          " (0x%016" PRIx64 ")", exp[i], exp[i], got[i], got[i]));
}

static inline int ex_expect_i64(const char *kernel, const char *what, const int64_t *exp,
                                const int64_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i],
                 snprintf(eg_, sizeof eg_, "expected %" PRId64 " (0x%016" PRIx64 "), got %" PRId64
                          " (0x%016" PRIx64 ")", exp[i], (uint64_t)exp[i], got[i], (uint64_t)got[i]));
}

static inline int ex_bad_f32_(float e, float g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(ex_f2u(e) == ex_f2u(g) || (isnan(e) && isnan(g)));
  return ex_ulp_f32(e, g) > max_ulp;
}

static inline int ex_bad_f64_(double e, double g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(ex_d2u(e) == ex_d2u(g) || (isnan(e) && isnan(g)));
  return ex_ulp_f64(e, g) > max_ulp;
}

/* Bit-exact when max_ulp is 0 (any NaN matches any NaN), else within max_ulp. */
static inline int ex_expect_f32(const char *kernel, const char *what, const float *exp,
                                const float *got, size_t n, uint64_t max_ulp)
{
  EX_EXPECT_LOOP(ex_bad_f32_(exp[i], got[i], max_ulp),
                 snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                          ") [%" PRIu64 " ulp apart, %" PRIu64 " allowed]", (double)exp[i],
                          ex_f2u(exp[i]), (double)got[i], ex_f2u(got[i]),
                          ex_ulp_f32(exp[i], got[i]), max_ulp));
}

static inline int ex_expect_f64(const char *kernel, const char *what, const double *exp,
                                const double *got, size_t n, uint64_t max_ulp)
{
  EX_EXPECT_LOOP(ex_bad_f64_(exp[i], got[i], max_ulp),
                 snprintf(eg_, sizeof eg_, "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016"
                          PRIx64 ") [%" PRIu64 " ulp apart, %" PRIu64 " allowed]", exp[i],
                          ex_d2u(exp[i]), got[i], ex_d2u(got[i]), ex_ulp_f64(exp[i], got[i]),
                          max_ulp));
}

static inline int ex_bad_tol_(double e, double g, double rel, double abs_tol)
{
  if (isnan(e) || isnan(g))
    return !(isnan(e) && isnan(g));
  if (isinf(e) || isinf(g))
    return e != g;
  double lim = rel * fabs(e);
  if (lim < abs_tol)
    lim = abs_tol;
  return !(fabs(g - e) <= lim);
}

/* Fails where |got - exp| > bound[i] (NaN matches only NaN, infinity only
 * the same infinity). */
static inline int ex_expect_f32_bound(const char *kernel, const char *what, const float *exp,
                                      const float *got, const double *bound, size_t n)
{
  EX_EXPECT_LOOP(ex_bad_tol_(exp[i], got[i], 0.0, bound[i]),
                 snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                          ") [bound %.3g, off by %.3g]", (double)exp[i], ex_f2u(exp[i]),
                          (double)got[i], ex_f2u(got[i]), bound[i],
                          fabs((double)got[i] - (double)exp[i])));
}

/* 16-bit floats: bit-exact except that any NaN matches any NaN. */
static inline int ex_expect_f16(const char *kernel, const char *what, const uint16_t *exp,
                                const uint16_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i] && !(ex_isnan16(exp[i], 0) && ex_isnan16(got[i], 0)),
                 snprintf(eg_, sizeof eg_, "expected 0x%04x (%.9g), got 0x%04x (%.9g)", exp[i],
                          ex_h2d(exp[i]), got[i], ex_h2d(got[i])));
}

static inline int ex_expect_bf16(const char *kernel, const char *what, const uint16_t *exp,
                                 const uint16_t *got, size_t n)
{
  EX_EXPECT_LOOP(exp[i] != got[i] && !(ex_isnan16(exp[i], 1) && ex_isnan16(got[i], 1)),
                 snprintf(eg_, sizeof eg_, "expected 0x%04x (%.9g), got 0x%04x (%.9g)", exp[i],
                          ex_bf2d(exp[i]), got[i], ex_bf2d(got[i])));
}

/* |got - exp| <= max(abs, rel * |exp|). */
static inline int ex_expect_f32_tol(const char *kernel, const char *what, const float *exp,
                                    const float *got, size_t n, double rel, double abs_tol)
{
  EX_EXPECT_LOOP(ex_bad_tol_(exp[i], got[i], rel, abs_tol),
                 snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                          ") [tolerance rel %g, abs %g]", (double)exp[i], ex_f2u(exp[i]),
                          (double)got[i], ex_f2u(got[i]), rel, abs_tol));
}

static inline int ex_expect_f64_tol(const char *kernel, const char *what, const double *exp,
                                    const double *got, size_t n, double rel, double abs_tol)
{
  EX_EXPECT_LOOP(ex_bad_tol_(exp[i], got[i], rel, abs_tol),
                 snprintf(eg_, sizeof eg_, "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016"
                          PRIx64 ") [tolerance rel %g, abs %g]", exp[i], ex_d2u(exp[i]), got[i],
                          ex_d2u(got[i]), rel, abs_tol));
}

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
