/* drv_report.h -- the corpus host drivers (tests/drivers/check_*.c) again,
 * with every launch watched by the run-time reports: tests/reports/local.mk
 * compiles each driver a second time with
 *     -Dptxsim_launch=rep_ptxsim_launch -Ddrv_launch=rep_drv_launch
 * so that its launches come here.  Each launch runs with the divergence
 * and liveness reports on, and its JSON report must show the properties
 * that hold for every kernel (issue 5, item 4):
 * - a branch the static analysis calls uniform (an_insn.can_diverge false)
 *   never diverges;
 * - every divergence reconverges at the recorded reconvergence point (no
 *   reconvergence violation);
 * - the histograms add up to the warp instructions, which (with the thread
 *   instructions and, for a complete launch, the CTAs) agree with the
 *   launch statistics.
 * The driver's own result checks then show that the reports did not change
 * what the kernels compute.
 */
#ifndef PTXSIM_TESTS_REPORTS_DRV_REPORT_H
#define PTXSIM_TESTS_REPORTS_DRV_REPORT_H

#include "ptxsim.h"
#include "tests/drivers/drv_util.h"

int rep_ptxsim_launch(ptxsim_device *d, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                      size_t dynamic_shared_bytes, const void *const *args, size_t n_args);
void rep_drv_launch(drv_ctx *c, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                    size_t dyn_shared, const void *const *args, size_t n_args);

#endif /* PTXSIM_TESTS_REPORTS_DRV_REPORT_H */
