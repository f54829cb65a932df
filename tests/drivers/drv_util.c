/* drv_util.c -- plumbing shared by the corpus host drivers: module and
 * device setup, memory helpers that fail the test with the device's own
 * message, the launch helper, a fixed-seed PRNG and array comparisons.
 * Nothing here knows a kernel; see drv_util.h for the contracts. */
#include "tests/drivers/drv_util.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Check packs failure messages into a bounded buffer; a module with many
 * unsupported instructions yields pages of text.  Print it whole to
 * stderr and quote at most the first lines in the assertion message. */
static const char *short_msg(const char *msg)
{
  static char buf[1024];
  size_t n;
  if (msg == NULL)
    return "";
  n = strlen(msg);
  if (n < sizeof buf)
    return msg;
  fprintf(stderr, "%s\n", msg);
  memcpy(buf, msg, sizeof buf - 48);
  snprintf(buf + sizeof buf - 48, 48, "... (%zu bytes, see stderr)", n);
  return buf;
}

const char *drv_ptx_path(const char *name)
{
  static char buf[4096];
  const char *src = getenv("srcdir");
  if (src == NULL || src[0] == '\0')
    src = ".";
  snprintf(buf, sizeof buf, "%s/benchmarks/ptx/%s.ptx", src, name);
  return buf;
}

void drv_open(drv_ctx *c, const char *name)
{
  char *msgs = NULL;
  const char *path = drv_ptx_path(name);
  int rc;

  memset(c, 0, sizeof *c);
  c->name = name;
  rc = ptxsim_module_load_file(path, &c->mod, &msgs);
  ck_assert_msg(rc == PTXSIM_OK, "%s: loading %s failed: %s (%d)\n%s", name, path,
                ptxsim_status_string(rc), rc, short_msg(msgs));
  ptxsim_free(msgs);
  rc = ptxsim_device_create(&c->dev);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_device_create: %s (%d)", name,
                ptxsim_status_string(rc), rc);
  rc = ptxsim_device_load(c->dev, c->mod);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_device_load: %s (%d): %s", name,
                ptxsim_status_string(rc), rc, short_msg(ptxsim_device_error(c->dev)));
  /* PTXSIM_TEST_MODE=timing runs every driver on the timing model (on
   * PTXSIM_TEST_CONFIG, default gtx480): results must not change. */
  const char *mode = getenv("PTXSIM_TEST_MODE");
  if (mode && strcmp(mode, "timing") == 0) {
    const char *config = getenv("PTXSIM_TEST_CONFIG");
    if (config && *config) {
      rc = ptxsim_device_set_config(c->dev, config, &msgs);
      ck_assert_msg(rc == PTXSIM_OK, "%s: configuration %s: %s", name, config, short_msg(msgs));
      ptxsim_free(msgs);
    }
    rc = ptxsim_device_set_mode(c->dev, PTXSIM_MODE_TIMING);
    ck_assert_msg(rc == PTXSIM_OK, "%s: timing mode: %s", name, ptxsim_status_string(rc));
  }
}

void drv_close(drv_ctx *c)
{
  if (c->dev != NULL)
    ptxsim_device_destroy(c->dev);
  if (c->mod != NULL)
    ptxsim_module_free(c->mod);
  memset(c, 0, sizeof *c);
}

ptxsim_devptr drv_alloc(drv_ctx *c, size_t n)
{
  ptxsim_devptr p = 0;
  int rc = ptxsim_malloc(c->dev, n ? n : 1, &p);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_malloc(%zu): %s: %s", c->name, n,
                ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
  return p;
}

ptxsim_devptr drv_upload(drv_ctx *c, const void *src, size_t n)
{
  ptxsim_devptr p = drv_alloc(c, n);
  if (n > 0) {
    int rc = ptxsim_memcpy_htod(c->dev, p, src, n);
    ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_memcpy_htod(%zu): %s: %s", c->name, n,
                  ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
  }
  return p;
}

ptxsim_devptr drv_alloc_fill(drv_ctx *c, size_t n, int byte)
{
  ptxsim_devptr p = drv_alloc(c, n);
  int rc = ptxsim_memset(c->dev, p, byte, n ? n : 1);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_memset(%zu): %s: %s", c->name, n,
                ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
  return p;
}

void drv_download(drv_ctx *c, void *dst, ptxsim_devptr src, size_t n)
{
  int rc = ptxsim_memcpy_dtoh(c->dev, dst, src, n);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_memcpy_dtoh(%zu): %s: %s", c->name, n,
                ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
}

void drv_symbol_write(drv_ctx *c, const char *sym, const void *src, size_t n)
{
  int rc = ptxsim_symbol_write(c->dev, sym, 0, src, n);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_symbol_write(%s, %zu): %s: %s", c->name, sym, n,
                ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
}

void drv_symbol_read(drv_ctx *c, const char *sym, void *dst, size_t n)
{
  int rc = ptxsim_symbol_read(c->dev, sym, 0, dst, n);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_symbol_read(%s, %zu): %s: %s", c->name, sym, n,
                ptxsim_status_string(rc), short_msg(ptxsim_device_error(c->dev)));
}

/* PTXSIM_TEST_STATS=FILE (with PTXSIM_TEST_MODE=timing) appends each
 * launch's timing statistics to FILE: tests/pipeline/run-drivers-timing.sh
 * compares them with a golden file, so that a change to the timing model
 * that moves a cycle or a cache count is seen, and is deliberate. */
static void append_timing_stats(drv_ctx *c, const char *kernel, ptxsim_dim3 grid,
                                ptxsim_dim3 block)
{
  const char *path = getenv("PTXSIM_TEST_STATS");
  if (path == NULL || *path == '\0' || ptxsim_device_get_mode(c->dev) != PTXSIM_MODE_TIMING)
    return;
  FILE *f = fopen(path, "a");
  ck_assert_msg(f != NULL, "%s: cannot append to %s", c->name, path);
  fprintf(f, "== %s %s <<<(%u,%u,%u), (%u,%u,%u)>>>\n", c->name, kernel, grid.x, grid.y,
          grid.z, block.x, block.y, block.z);
  int rc = ptxsim_timing_stats_write(c->dev, f, 0);
  fclose(f);
  ck_assert_msg(rc == PTXSIM_OK, "%s: ptxsim_timing_stats_write: %s", c->name,
                ptxsim_status_string(rc));
}

void drv_launch(drv_ctx *c, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                size_t dyn_shared, const void *const *args, size_t n_args)
{
  int rc = ptxsim_launch(c->dev, kernel, grid, block, dyn_shared, args, n_args);
  ck_assert_msg(rc == PTXSIM_OK, "%s: launch of %s <<<(%u,%u,%u), (%u,%u,%u), %zu>>> failed: %s (%d): %s",
                c->name, kernel, grid.x, grid.y, grid.z, block.x, block.y, block.z, dyn_shared,
                ptxsim_status_string(rc), rc, short_msg(ptxsim_device_error(c->dev)));
  append_timing_stats(c, kernel, grid, block);
}

/* splitmix64 (Steele, Lea, Flood 2014): tiny, seedable, good enough for
 * test data. */
void drv_rng_seed(drv_rng *r, uint64_t seed) { r->s = seed; }

uint64_t drv_rand64(drv_rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint32_t drv_rand32(drv_rng *r) { return (uint32_t)(drv_rand64(r) >> 32); }

int32_t drv_rand_range(drv_rng *r, int32_t lo, int32_t hi)
{
  uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
  return (int32_t)((int64_t)lo + (int64_t)(drv_rand64(r) % span));
}

float drv_randf(drv_rng *r, float lo, float hi)
{
  float u = (float)(drv_rand32(r) >> 8) * (1.0f / 16777216.0f);
  return lo + (hi - lo) * u;
}

double drv_randd(drv_rng *r, double lo, double hi)
{
  double u = (double)(drv_rand64(r) >> 11) * (1.0 / 9007199254740992.0);
  return lo + (hi - lo) * u;
}

float drv_interesting_f32(drv_rng *r, float lo, float hi)
{
  static const uint32_t special[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00800000u,
    0x80800000u, 0x00000123u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u,
  };
  uint32_t k = drv_rand32(r);
  if ((k & 7) == 0)
    return drv_u2f(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return drv_randf(r, lo, hi);
}

double drv_interesting_f64(drv_rng *r, double lo, double hi)
{
  static const uint64_t special[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x0000000000000123ull, 0x7fefffffffffffffull,
    0xffefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
  };
  uint32_t k = drv_rand32(r);
  if ((k & 7) == 0)
    return drv_u2d(special[(k >> 8) % (sizeof special / sizeof special[0])]);
  return drv_randd(r, lo, hi);
}

uint32_t drv_f2u(float f)
{
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

float drv_u2f(uint32_t u)
{
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

uint64_t drv_d2u(double d)
{
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

double drv_u2d(uint64_t u)
{
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* ---- 16-bit floats ---------------------------------------------------- */

/* Decodes a binary16-like format: mant_bits explicit significand bits,
 * exponent bias. */
static double h16_decode(uint16_t h, int mant_bits, int bias)
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

/* Rounds d to nearest even in the format (one rounding: nearbyint on an
 * exactly scaled value; the default rounding mode is to nearest). */
static uint16_t h16_encode(double d, int mant_bits, int bias)
{
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  uint16_t inf = (uint16_t)(sign | (0x7fff >> mant_bits << mant_bits));
  double a = fabs(d);
  if (isnan(d))
    return 0x7fff;
  if (isinf(a))
    return inf;
  if (a < ldexp(1.0, 1 - bias)) {
    /* subnormal range: the quantum is 2^(1 - bias - mant_bits); rounding
     * up to 2^mant_bits gives the smallest normal, encoded alike */
    double q = nearbyint(ldexp(a, bias - 1 + mant_bits));
    return (uint16_t)(sign | (uint16_t)q);
  }
  int ex;
  (void)frexp(a, &ex);                /* a in [2^(ex-1), 2^ex) */
  int e = ex - 1;
  double q = nearbyint(ldexp(a, mant_bits - e)); /* in [2^mant, 2^(mant+1)] */
  if (q == ldexp(1.0, mant_bits + 1)) {
    q = ldexp(1.0, mant_bits);
    e++;
  }
  if (e + bias >= (0x7fff >> mant_bits))
    return inf;
  return (uint16_t)(sign | (uint16_t)((e + bias) << mant_bits) |
                    (uint16_t)((uint32_t)q - (1u << mant_bits)));
}

double drv_h2d(uint16_t h) { return h16_decode(h, 10, 15); }
double drv_bf2d(uint16_t b) { return h16_decode(b, 7, 127); }
uint16_t drv_d2h(double d) { return h16_encode(d, 10, 15); }
uint16_t drv_d2bf(double d) { return h16_encode(d, 7, 127); }

double drv_add_ro(double p, double c)
{
  double s = p + c;
  if (!isfinite(s))
    return s;
  /* TwoSum (Knuth): e is the exact error of s */
  double bp = s - c, bc = s - bp;
  double e = (p - bp) + (c - bc);
  if (e == 0 || (drv_d2u(s) & 1))
    return s;
  /* inexact with an even last bit: the exact value lies between s and
   * its neighbour towards e, which is odd */
  return nextafter(s, e > 0 ? INFINITY : -INFINITY);
}

int drv_isnan16(uint16_t h, int is_bf16)
{
  int mant_bits = is_bf16 ? 7 : 10;
  uint16_t expo = (uint16_t)(0x7fff >> mant_bits << mant_bits);
  return (h & expo) == expo && (h & ((1u << mant_bits) - 1)) != 0;
}

/* Maps the bits to a monotonic integer line so that the distance is the
 * number of representable values between a and b. */
static int64_t ordered32(float f)
{
  int32_t i = (int32_t)drv_f2u(f);
  return i < 0 ? (int64_t)INT32_MIN - (int64_t)i : (int64_t)i;
}

static __int128 ordered64(double d)
{
  int64_t i = (int64_t)drv_d2u(d);
  return i < 0 ? (__int128)INT64_MIN - (__int128)i : (__int128)i;
}

uint64_t drv_ulp_f32(float a, float b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  int64_t d = ordered32(a) - ordered32(b);
  return (uint64_t)(d < 0 ? -d : d);
}

uint64_t drv_ulp_f64(double a, double b)
{
  if (isnan(a) || isnan(b))
    return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  __int128 d = ordered64(a) - ordered64(b);
  if (d < 0)
    d = -d;
  return d > (__int128)UINT64_MAX ? UINT64_MAX : (uint64_t)d;
}

/* The common loop: is_bad(i) says whether element i mismatches, fmt(i,
 * buf) prints "expected E, got G". */
#define DRV_EXPECT_LOOP(BAD, FMT)                                                           \
  do {                                                                                      \
    size_t n_bad_ = 0, first_ = 0;                                                          \
    char eg_[256];                                                                          \
    for (size_t i = 0; i < n; i++) {                                                        \
      if (!(BAD))                                                                           \
        continue;                                                                           \
      if (n_bad_ == 0)                                                                      \
        first_ = i;                                                                         \
      if (n_bad_ < 8) {                                                                     \
        FMT;                                                                                \
        fprintf(stderr, "%s: %s[%zu]: %s\n", kernel, what, i, eg_);                         \
      }                                                                                     \
      n_bad_++;                                                                             \
    }                                                                                       \
    if (n_bad_ != 0) {                                                                      \
      size_t i = first_;                                                                    \
      FMT;                                                                                  \
      ck_abort_msg("%s: %s[%zu]: %s (%zu of %zu elements differ)", kernel, what, i, eg_,   \
                   n_bad_, n);                                                              \
    }                                                                                       \
  } while (0)

void drv_expect_u8(const char *kernel, const char *what, const uint8_t *exp, const uint8_t *got,
                   size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %u (0x%02x), got %u (0x%02x)",
                                             exp[i], exp[i], got[i], got[i]));
}

void drv_expect_u16(const char *kernel, const char *what, const uint16_t *exp, const uint16_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %u (0x%04x), got %u (0x%04x)",
                                             exp[i], exp[i], got[i], got[i]));
}

void drv_expect_i16(const char *kernel, const char *what, const int16_t *exp, const int16_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i], snprintf(eg_, sizeof eg_, "expected %d, got %d", exp[i], got[i]));
}

void drv_expect_u32(const char *kernel, const char *what, const uint32_t *exp, const uint32_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i],
                  snprintf(eg_, sizeof eg_, "expected %" PRIu32 " (0x%08" PRIx32 "), got %" PRIu32
                           " (0x%08" PRIx32 ")", exp[i], exp[i], got[i], got[i]));
}

void drv_expect_i32(const char *kernel, const char *what, const int32_t *exp, const int32_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i],
                  snprintf(eg_, sizeof eg_, "expected %" PRId32 " (0x%08" PRIx32 "), got %" PRId32
                           " (0x%08" PRIx32 ")", exp[i], (uint32_t)exp[i], got[i], (uint32_t)got[i]));
}

void drv_expect_u64(const char *kernel, const char *what, const uint64_t *exp, const uint64_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i],
                  snprintf(eg_, sizeof eg_, "expected %" PRIu64 " (0x%016" PRIx64 "), got %" PRIu64
                           " (0x%016" PRIx64 ")", exp[i], exp[i], got[i], got[i]));
}

void drv_expect_i64(const char *kernel, const char *what, const int64_t *exp, const int64_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i],
                  snprintf(eg_, sizeof eg_, "expected %" PRId64 " (0x%016" PRIx64 "), got %" PRId64
                           " (0x%016" PRIx64 ")", exp[i], (uint64_t)exp[i], got[i], (uint64_t)got[i]));
}

static int bad_f32(float e, float g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(drv_f2u(e) == drv_f2u(g) || (isnan(e) && isnan(g)));
  return drv_ulp_f32(e, g) > max_ulp;
}

static int bad_f64(double e, double g, uint64_t max_ulp)
{
  if (max_ulp == 0)
    return !(drv_d2u(e) == drv_d2u(g) || (isnan(e) && isnan(g)));
  return drv_ulp_f64(e, g) > max_ulp;
}

void drv_expect_f32(const char *kernel, const char *what, const float *exp, const float *got,
                    size_t n, uint64_t max_ulp)
{
  DRV_EXPECT_LOOP(bad_f32(exp[i], got[i], max_ulp),
                  snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                           ") [%" PRIu64 " ulp apart, %" PRIu64 " allowed]", (double)exp[i],
                           drv_f2u(exp[i]), (double)got[i], drv_f2u(got[i]),
                           drv_ulp_f32(exp[i], got[i]), max_ulp));
}

void drv_expect_f64(const char *kernel, const char *what, const double *exp, const double *got,
                    size_t n, uint64_t max_ulp)
{
  DRV_EXPECT_LOOP(bad_f64(exp[i], got[i], max_ulp),
                  snprintf(eg_, sizeof eg_, "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016"
                           PRIx64 ") [%" PRIu64 " ulp apart, %" PRIu64 " allowed]", exp[i],
                           drv_d2u(exp[i]), got[i], drv_d2u(got[i]), drv_ulp_f64(exp[i], got[i]),
                           max_ulp));
}

static int bad_tol(double e, double g, double rel, double abs_tol)
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

void drv_expect_f32_bound(const char *kernel, const char *what, const float *exp,
                          const float *got, const double *bound, size_t n)
{
  DRV_EXPECT_LOOP(bad_tol(exp[i], got[i], 0.0, bound[i]),
                  snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                           ") [bound %.3g, off by %.3g]", (double)exp[i], drv_f2u(exp[i]),
                           (double)got[i], drv_f2u(got[i]), bound[i],
                           fabs((double)got[i] - (double)exp[i])));
}

void drv_expect_f16(const char *kernel, const char *what, const uint16_t *exp, const uint16_t *got,
                    size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i] && !(drv_isnan16(exp[i], 0) && drv_isnan16(got[i], 0)),
                  snprintf(eg_, sizeof eg_, "expected 0x%04x (%.9g), got 0x%04x (%.9g)", exp[i],
                           drv_h2d(exp[i]), got[i], drv_h2d(got[i])));
}

void drv_expect_bf16(const char *kernel, const char *what, const uint16_t *exp,
                     const uint16_t *got, size_t n)
{
  DRV_EXPECT_LOOP(exp[i] != got[i] && !(drv_isnan16(exp[i], 1) && drv_isnan16(got[i], 1)),
                  snprintf(eg_, sizeof eg_, "expected 0x%04x (%.9g), got 0x%04x (%.9g)", exp[i],
                           drv_bf2d(exp[i]), got[i], drv_bf2d(got[i])));
}

void drv_expect_f32_tol(const char *kernel, const char *what, const float *exp, const float *got,
                        size_t n, double rel, double abs_tol)
{
  DRV_EXPECT_LOOP(bad_tol(exp[i], got[i], rel, abs_tol),
                  snprintf(eg_, sizeof eg_, "expected %.9g (0x%08" PRIx32 "), got %.9g (0x%08" PRIx32
                           ") [tolerance rel %g, abs %g]", (double)exp[i], drv_f2u(exp[i]),
                           (double)got[i], drv_f2u(got[i]), rel, abs_tol));
}

void drv_expect_f64_tol(const char *kernel, const char *what, const double *exp,
                        const double *got, size_t n, double rel, double abs_tol)
{
  DRV_EXPECT_LOOP(bad_tol(exp[i], got[i], rel, abs_tol),
                  snprintf(eg_, sizeof eg_, "expected %.17g (0x%016" PRIx64 "), got %.17g (0x%016"
                           PRIx64 ") [tolerance rel %g, abs %g]", exp[i], drv_d2u(exp[i]), got[i],
                           drv_d2u(got[i]), rel, abs_tol));
}

int drv_run(Suite *s)
{
  SRunner *sr = srunner_create(s);
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
