/* drv_util.h -- shared code of the corpus host drivers (tests/drivers/check_*.c).
 *
 * Each driver loads one benchmarks/ptx/<name>.ptx through the public API
 * (ptxsim.h), runs its kernels on deterministic inputs and compares the
 * results with a CPU reference written in the driver.  This file gives them
 * the plumbing: the PTX path, a device with the module loaded, allocation and
 * copies that fail the test with the device's message, a launch helper, a
 * fixed-seed PRNG, ulp distances and array comparisons whose failure message
 * names the kernel, the output, the index, the expected and the actual value.
 * It does not know any kernel.
 */
#ifndef PTXSIM_TESTS_DRIVERS_DRV_UTIL_H
#define PTXSIM_TESTS_DRIVERS_DRV_UTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"

/* One loaded module on one device. */
typedef struct drv_ctx {
  const char *name;     /* corpus program name, "vecadd" */
  ptxsim_module *mod;
  ptxsim_device *dev;
} drv_ctx;

/* "$srcdir/benchmarks/ptx/<name>.ptx" (srcdir defaults to "."); static buffer. */
const char *drv_ptx_path(const char *name);

/* Loads the module, creates a device and loads the module onto it.  Any
 * failure (including PTXSIM_E_UNSUPPORTED) fails the test, quoting the
 * loader's messages or ptxsim_device_error(). */
void drv_open(drv_ctx *c, const char *name);
void drv_close(drv_ctx *c);

/* Device memory; each fails the test with the device error on failure.
 * drv_upload allocates n bytes (at least 1) and copies src in. */
ptxsim_devptr drv_alloc(drv_ctx *c, size_t n);
ptxsim_devptr drv_upload(drv_ctx *c, const void *src, size_t n);
/* Allocates n bytes filled with byte. */
ptxsim_devptr drv_alloc_fill(drv_ctx *c, size_t n, int byte);
void drv_download(drv_ctx *c, void *dst, ptxsim_devptr src, size_t n);
void drv_symbol_write(drv_ctx *c, const char *sym, const void *src, size_t n);
void drv_symbol_read(drv_ctx *c, const char *sym, void *dst, size_t n);

static inline ptxsim_dim3 drv_dim(unsigned x, unsigned y, unsigned z)
{
  ptxsim_dim3 d = { x, y, z };
  return d;
}

/* Launches and fails the test (kernel name, status, device error) unless
 * the launch returns PTXSIM_OK.  Use with DRV_ARGS. */
void drv_launch(drv_ctx *c, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                size_t dyn_shared, const void *const *args, size_t n_args);
/* Expands to the two arguments args, n_args from a list of pointers. */
#define DRV_ARGS(...) \
  ((const void *const[]){ __VA_ARGS__ }), \
  (sizeof((const void *const[]){ __VA_ARGS__ }) / sizeof(const void *))

/* Ceiling division. */
static inline unsigned drv_cdiv(unsigned a, unsigned b) { return (a + b - 1) / b; }

/* Deterministic PRNG (splitmix64); the same seed gives the same inputs on
 * every host. */
typedef struct drv_rng {
  uint64_t s;
} drv_rng;
void drv_rng_seed(drv_rng *r, uint64_t seed);
uint64_t drv_rand64(drv_rng *r);
uint32_t drv_rand32(drv_rng *r);
/* Uniform integer in [lo, hi] (inclusive). */
int32_t drv_rand_range(drv_rng *r, int32_t lo, int32_t hi);
/* Uniform float in [lo, hi). */
float drv_randf(drv_rng *r, float lo, float hi);
double drv_randd(drv_rng *r, double lo, double hi);

/* Mostly uniform in [lo, hi), but about one value in eight is special:
 * +-0, +-inf, NaN, +-FLT_MIN, a subnormal, +-FLT_MAX, 1, -1. */
float drv_interesting_f32(drv_rng *r, float lo, float hi);
double drv_interesting_f64(drv_rng *r, double lo, double hi);

/* Bit views. */
uint32_t drv_f2u(float f);
float drv_u2f(uint32_t u);
uint64_t drv_d2u(double d);
double drv_u2d(uint64_t u);

/* 16-bit floating point, for references of f16 and bf16 kernels.
 * drv_h2d and drv_bf2d widen exactly (NaN stays NaN).  drv_d2h and
 * drv_d2bf round once, to nearest even, keeping subnormals and
 * overflowing to infinity; NaN gives the canonical 0x7fff.  Their input
 * must carry the exact value or a round-to-odd approximation of it with
 * at least 2 bits more than the target (see drv_add_ro); any double
 * exactly equal to the value qualifies. */
double drv_h2d(uint16_t h);
double drv_bf2d(uint16_t b);
uint16_t drv_d2h(double d);
uint16_t drv_d2bf(double d);
/* p + c rounded to odd at 53 bits (exact when representable): rounding
 * that once more to a format of at most 51 bits gives the correctly
 * rounded p + c, free of double rounding (Boldo and Melquiond 2008). */
double drv_add_ro(double p, double c);
/* Whether h is a NaN of f16 (is_bf16 false) or bf16. */
int drv_isnan16(uint16_t h, int is_bf16);

/* Distance in units in the last place between two floats of the same sign
 * class (0 for equal values, +0 vs -0 is 0; UINT64_MAX when one is NaN). */
uint64_t drv_ulp_f32(float a, float b);
uint64_t drv_ulp_f64(double a, double b);

/* Array comparisons: fail the test at the first mismatch with a message
 * "<kernel>: <what>[i]: expected E, got G" (and print up to 8 mismatches
 * to stderr first).  _exact float comparisons are bit-exact except that any
 * NaN matches any NaN (PTX does not fix the NaN payload the C library
 * produces); max_ulp bounds the ulp distance instead; rel/abs accept
 * |got - exp| <= max(abs, rel * |exp|). */
void drv_expect_u8(const char *kernel, const char *what, const uint8_t *exp, const uint8_t *got,
                   size_t n);
void drv_expect_u16(const char *kernel, const char *what, const uint16_t *exp, const uint16_t *got,
                    size_t n);
void drv_expect_i16(const char *kernel, const char *what, const int16_t *exp, const int16_t *got,
                    size_t n);
void drv_expect_u32(const char *kernel, const char *what, const uint32_t *exp, const uint32_t *got,
                    size_t n);
void drv_expect_i32(const char *kernel, const char *what, const int32_t *exp, const int32_t *got,
                    size_t n);
void drv_expect_u64(const char *kernel, const char *what, const uint64_t *exp, const uint64_t *got,
                    size_t n);
void drv_expect_i64(const char *kernel, const char *what, const int64_t *exp, const int64_t *got,
                    size_t n);
void drv_expect_f32(const char *kernel, const char *what, const float *exp, const float *got,
                    size_t n, uint64_t max_ulp);
void drv_expect_f64(const char *kernel, const char *what, const double *exp, const double *got,
                    size_t n, uint64_t max_ulp);
/* Per-element bounds: fails where |got - exp| > bound[i] (NaN matches
 * only NaN, infinity only the same infinity). */
void drv_expect_f32_bound(const char *kernel, const char *what, const float *exp,
                          const float *got, const double *bound, size_t n);
/* 16-bit floats: bit-exact except that any NaN matches any NaN. */
void drv_expect_f16(const char *kernel, const char *what, const uint16_t *exp, const uint16_t *got,
                    size_t n);
void drv_expect_bf16(const char *kernel, const char *what, const uint16_t *exp,
                     const uint16_t *got, size_t n);
void drv_expect_f32_tol(const char *kernel, const char *what, const float *exp, const float *got,
                        size_t n, double rel, double abs);
void drv_expect_f64_tol(const char *kernel, const char *what, const double *exp,
                        const double *got, size_t n, double rel, double abs);

/* Runs a suite with CK_NORMAL output; returns 0 when every test passed. */
int drv_run(Suite *s);
/* Adds test fn to suite s in a TCase of its own, named after it, with a
 * 30 s timeout (a slow unoptimised emulator build still fails by result,
 * not by Check's 4 s default). */
#define DRV_ADD(s, fn) \
  do { \
    TCase *drv_tc_ = tcase_create(#fn); \
    tcase_set_timeout(drv_tc_, 30); \
    tcase_add_test(drv_tc_, fn); \
    suite_add_tcase((s), drv_tc_); \
  } while (0)

#endif /* PTXSIM_TESTS_DRIVERS_DRV_UTIL_H */
