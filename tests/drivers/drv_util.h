/* drv_util.h -- shared code of the corpus host drivers (tests/drivers/check_*.c).
 *
 * Each driver loads one benchmarks/ptx/<name>.ptx through the public API
 * (ptxsim.h), runs its kernels on deterministic inputs and compares the
 * results with the CPU reference of tests/ref/<name>_ref.h, shared with the
 * CUDA program tests/exec/<name>.cu.  This file gives them
 * the plumbing: the PTX path, a device with the module loaded, allocation and
 * copies that fail the test with the device's message, a launch helper and
 * array comparisons whose failure message names the kernel, the output, the
 * index, the expected and the actual value.  The PRNG, the float helpers and
 * the comparisons themselves are tests/ref/ref_util.h's, shared with the CUDA
 * programs of tests/exec.  It does not know any kernel.
 *
 * Environment (read by drv_open and drv_launch):
 *   PTXSIM_TEST_MODE=timing   run the launches on the timing model
 *   PTXSIM_TEST_CONFIG=NAME   its GPU configuration (default gtx480)
 *   PTXSIM_TEST_OPTIONS="-NAME=VALUE ..."  options set over that
 *                             configuration, in order (timing mode only)
 *   PTXSIM_TEST_STATS=FILE    append each launch's timing statistics
 */
#ifndef PTXSIM_TESTS_DRIVERS_DRV_UTIL_H
#define PTXSIM_TESTS_DRIVERS_DRV_UTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"
#include "tests/ref/ref_util.h"

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

/* Where the shared references (tests/ref) report: a mismatch or failed
 * condition fails the test at once. */
extern const ref_check drv_check;

/* Array comparisons (ref_util.h's ref_expect_*, through drv_check): fail
 * the test at the first mismatch with a message "<kernel>: <what>[i]:
 * expected E, got G" (and print up to 8 mismatches to stderr first).
 * Float comparisons with max_ulp 0 are bit-exact except that any NaN
 * matches any NaN (PTX does not fix the NaN payload the C library
 * produces); max_ulp bounds the ulp distance instead; rel/abs accept
 * |got - exp| <= max(abs, rel * |exp|); _bound takes a bound per element.
 * Arguments as ref_expect_* after its first:
 *   (kernel, what, exp, got, n)                 u8 u16 i16 u32 i32 u64 i64 f16 bf16
 *   (kernel, what, exp, got, n, max_ulp)        f32 f64
 *   (kernel, what, exp, got, bound, n)          f32_bound
 *   (kernel, what, exp, got, n, rel, abs)       f32_tol f64_tol */
#define drv_expect_u8(...) ((void)ref_expect_u8(&drv_check, __VA_ARGS__))
#define drv_expect_u16(...) ((void)ref_expect_u16(&drv_check, __VA_ARGS__))
#define drv_expect_i16(...) ((void)ref_expect_i16(&drv_check, __VA_ARGS__))
#define drv_expect_u32(...) ((void)ref_expect_u32(&drv_check, __VA_ARGS__))
#define drv_expect_i32(...) ((void)ref_expect_i32(&drv_check, __VA_ARGS__))
#define drv_expect_u64(...) ((void)ref_expect_u64(&drv_check, __VA_ARGS__))
#define drv_expect_i64(...) ((void)ref_expect_i64(&drv_check, __VA_ARGS__))
#define drv_expect_f16(...) ((void)ref_expect_f16(&drv_check, __VA_ARGS__))
#define drv_expect_bf16(...) ((void)ref_expect_bf16(&drv_check, __VA_ARGS__))
#define drv_expect_f32(...) ((void)ref_expect_f32(&drv_check, __VA_ARGS__))
#define drv_expect_f64(...) ((void)ref_expect_f64(&drv_check, __VA_ARGS__))
#define drv_expect_f32_bound(...) ((void)ref_expect_f32_bound(&drv_check, __VA_ARGS__))
#define drv_expect_f32_tol(...) ((void)ref_expect_f32_tol(&drv_check, __VA_ARGS__))
#define drv_expect_f64_tol(...) ((void)ref_expect_f64_tol(&drv_check, __VA_ARGS__))

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
