/* tm_fixture.h -- what the timing tests (check_timing, check_hetero,
 * check_ilp, check_bpred) share: a timing-mode device with one module
 * loaded, launches that return cycles, and the statistics read back by
 * name from ptxsim_timing_stats_write's text.
 *
 * Everything here goes through the public interface (ptxsim.h) and fails
 * the running Check test on any error, with a message naming what failed;
 * no function returns an error code.  Each test keeps what is its own
 * (its default options, its kernels' arguments, its expectations).
 */
#ifndef PTXSIM_TESTS_PIPELINE_TM_FIXTURE_H
#define PTXSIM_TESTS_PIPELINE_TM_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"

typedef struct tm_fixture {
  ptxsim_module *module;
  ptxsim_device *device;
} tm_fixture;

/* Loads the PTX file ptx_rel (relative to the source tree, $srcdir) and
 * opens a device on it with the named configuration, then the options of
 * base and then those of options applied in order (each "-name", "value"
 * pairs, NULL-terminated, or NULL for none), in timing mode.  Close with
 * tm_fixture_close. */
void tm_fixture_open(tm_fixture *f, const char *ptx_rel, const char *config,
                     const char *const *base, const char *const *options);
/* The same for PTX text, named file_name in messages. */
void tm_fixture_open_text(tm_fixture *f, const char *ptx, const char *file_name,
                          const char *config, const char *const *base,
                          const char *const *options);
void tm_fixture_close(tm_fixture *f);

/* bytes of device memory, zeroed; freed with the device. */
ptxsim_devptr tm_fixture_alloc(tm_fixture *f, size_t bytes);

/* Launches kernel on a one-dimensional grid of grid CTAs of block threads
 * and returns its cycles; a failed launch fails the test with the device's
 * message, and so does a launch that took no cycles. */
uint64_t tm_fixture_launch(tm_fixture *f, const char *kernel, unsigned grid, unsigned block,
                           const void *const *args, size_t n_args);

/* The statistics text of the device's last timing launch (malloc'd; the
 * caller frees): read it once where a test reads many values. */
char *tm_fixture_stats_text(const tm_fixture *f);
/* Where statistic name's value starts in text (after its "name = "): an
 * exact name, which must occur once. */
const char *tm_stats_find(const char *text, const char *name);
uint64_t tm_stats_u64(const char *text, const char *name);
double tm_stats_f64(const char *text, const char *name);
/* One statistic of the last launch, for a test that reads a few. */
uint64_t tm_fixture_stat_u64(const tm_fixture *f, const char *name);

#endif /* PTXSIM_TESTS_PIPELINE_TM_FIXTURE_H */
