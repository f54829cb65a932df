/* drv_util.c -- plumbing shared by the corpus host drivers: module and
 * device setup, memory helpers that fail the test with the device's own
 * message, the launch helper and the Check side of the array comparisons
 * (tests/ref/ref_util.h compares).  Nothing here knows a kernel; see
 * drv_util.h for the contracts. */
#include "tests/drivers/drv_util.h"

#include <inttypes.h>
#include <stdbool.h>
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

/* PTXSIM_TEST_OPTIONS="-NAME=VALUE ..." (blank-separated; values hold no
 * blanks): configuration options set in order after PTXSIM_TEST_CONFIG,
 * as `ptxsim run --option` sets them, so that a test script can run the
 * whole corpus under each combination of the timing model's mechanisms
 * (tests/pipeline/run-ilp-combos.sh).  A malformed word, an unknown
 * option or a value the option refuses fails the test with the
 * configuration's message. */
static void apply_test_options(drv_ctx *c, const char *options)
{
  char word[512];
  for (const char *p = options; p && *p;) {
    p += strspn(p, " \t\n");
    size_t len = strcspn(p, " \t\n");
    if (len == 0)
      break;
    ck_assert_msg(len < sizeof word, "%s: PTXSIM_TEST_OPTIONS: word too long: %.40s...",
                  c->name, p);
    memcpy(word, p, len);
    word[len] = '\0';
    p += len;
    char *eq = strchr(word, '=');
    ck_assert_msg(word[0] == '-' && eq != NULL && eq != word + 1,
                  "%s: PTXSIM_TEST_OPTIONS: '%s' is not -NAME=VALUE", c->name, word);
    *eq = '\0';
    char *msgs = NULL;
    int rc = ptxsim_device_set_config_option(c->dev, word, eq + 1, &msgs);
    ck_assert_msg(rc == PTXSIM_OK, "%s: PTXSIM_TEST_OPTIONS: %s=%s: %s", c->name, word, eq + 1,
                  msgs ? short_msg(msgs) : ptxsim_status_string(rc));
    ptxsim_free(msgs);
  }
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
  /* PTXSIM_TEST_THREADS=N: host threads of functional simulation
   * (tests/run-threads-tests.sh compares 1 with several). */
  const char *threads = getenv("PTXSIM_TEST_THREADS");
  if (threads && *threads) {
    rc = ptxsim_device_set_threads(c->dev, (unsigned)strtoul(threads, NULL, 10));
    ck_assert_msg(rc == PTXSIM_OK, "%s: PTXSIM_TEST_THREADS=%s", name, threads);
  }
  /* PTXSIM_TEST_MODE=timing runs every driver on the timing model (on
   * PTXSIM_TEST_CONFIG, default gtx480, with PTXSIM_TEST_OPTIONS over it):
   * results must not change. */
  const char *mode = getenv("PTXSIM_TEST_MODE");
  const char *options = getenv("PTXSIM_TEST_OPTIONS");
  if (mode && strcmp(mode, "timing") == 0) {
    const char *config = getenv("PTXSIM_TEST_CONFIG");
    if (config && *config) {
      rc = ptxsim_device_set_config(c->dev, config, &msgs);
      ck_assert_msg(rc == PTXSIM_OK, "%s: configuration %s: %s", name, config, short_msg(msgs));
      ptxsim_free(msgs);
    }
    apply_test_options(c, options);
    rc = ptxsim_device_set_mode(c->dev, PTXSIM_MODE_TIMING);
    ck_assert_msg(rc == PTXSIM_OK, "%s: timing mode: %s", name, ptxsim_status_string(rc));
  } else {
    /* Options of the timing model that would silently do nothing are a
     * mistake in the caller's environment. */
    ck_assert_msg(options == NULL || strspn(options, " \t\n") == strlen(options),
                  "%s: PTXSIM_TEST_OPTIONS needs PTXSIM_TEST_MODE=timing", name);
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

/* PTXSIM_TEST_STATS=FILE appends each launch's statistics to FILE: with
 * PTXSIM_TEST_MODE=timing the timing statistics, which
 * tests/pipeline/run-drivers-timing.sh compares with a golden file, so
 * that a change to the timing model that moves a cycle or a cache count
 * is seen, and is deliberate; in functional mode the counts (blocks,
 * warps, threads, instructions), which tests/run-threads-tests.sh compares
 * across host thread counts. */
static void append_timing_stats(drv_ctx *c, const char *kernel, ptxsim_dim3 grid,
                                ptxsim_dim3 block)
{
  const char *path = getenv("PTXSIM_TEST_STATS");
  const char *mode = getenv("PTXSIM_TEST_MODE");
  bool is_timing = ptxsim_device_get_mode(c->dev) == PTXSIM_MODE_TIMING;
  /* A driver's own functional device in a timing run stays out of the
   * timing statistics. */
  if (path == NULL || *path == '\0' || (mode && !strcmp(mode, "timing") && !is_timing))
    return;
  FILE *f = fopen(path, "a");
  ck_assert_msg(f != NULL, "%s: cannot append to %s", c->name, path);
  fprintf(f, "== %s %s <<<(%u,%u,%u), (%u,%u,%u)>>>\n", c->name, kernel, grid.x, grid.y,
          grid.z, block.x, block.y, block.z);
  int rc = PTXSIM_OK;
  if (is_timing)
    rc = ptxsim_timing_stats_write(c->dev, f, 0);
  else {
    ptxsim_stats st;
    rc = ptxsim_last_stats(c->dev, &st);
    fprintf(f, "ctas %" PRIu64 " warps %" PRIu64 " threads %" PRIu64
               " thread_instructions %" PRIu64 " warp_instructions %" PRIu64 "\n",
            st.ctas, st.warps, st.threads, st.thread_instructions, st.warp_instructions);
  }
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

/* The Check side of ref_util.h's reporting: the test stops at the first
 * mismatch (ref_compare prints the first few to stderr). */
static int drv_cmp(const ref_cmp *c, const char *kernel, const char *what)
{
  char msg[1024];
  if (ref_compare(c, "", kernel, what, msg, sizeof msg) != 0)
    ck_abort_msg("%s", msg);
  return 0;
}

static void drv_fail(const char *msg) { ck_abort_msg("%s", msg); }

const ref_check drv_check = { drv_cmp, drv_fail };

int drv_run(Suite *s)
{
  SRunner *sr = srunner_create(s);
  int n_failed;
  srunner_run_all(sr, CK_NORMAL);
  n_failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return n_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
