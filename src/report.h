/* report.h -- the run-time divergence and liveness reports and the mask
 * trace, as the launch code sees them (include/ptxsim.h has the public
 * side: ptxsim_device_set_reports, ptxsim_report_write,
 * ptxsim_device_set_trace).
 *
 * A device owns one report_state (NULL until reports or a trace are asked
 * for).  A launch calls report_attach() before it runs and report_finish()
 * after; in between the state is a simt_observer on the launch and learns
 * about execution only from what the observer is given (the dynamic
 * instruction record, the warp and CTA it belongs to, a time), plus the
 * static analyses of isa/analysis.h, run once per kernel.  So the same code
 * serves functional mode (time = warp instructions the CTA has issued) and
 * the timing model (time = cycle; the driver says so with
 * report_set_time_unit).  Observer callbacks must come right after the
 * step they describe: the reconvergence check reads the warp's live lanes
 * and call depth then.
 *
 * Reports accumulate per kernel over launches until ptxsim_report_reset.
 */
#ifndef PTXSIM_SRC_REPORT_H
#define PTXSIM_SRC_REPORT_H

#include "frontend/ptx_compiler.h"
#include "isa/simt.h"

typedef struct report_state report_state;

/* Whether anything (a report or a trace) is enabled: a NULL state is
 * disabled. */
bool report_is_enabled(const report_state *rs);

/* Prepares the state for launch l: analyses l's kernel on its first
 * launch, opens the per-launch bookkeeping and sets l->observer (left
 * alone when rs is NULL or disabled).  0, or PTX_ENOMEM (l->observer is
 * then untouched; ptxsim_launch_in fails the launch). */
int report_attach(report_state *rs, simt_launch *l) PTX_MUST_CHECK;
/* Ends the launch: CTAs that did not finish (the launch stopped) are left
 * out of the warp statistics and the launch is counted as failed when
 * l->status is set.  Clears l->observer.  A no-op when report_attach did
 * not attach. */
void report_finish(report_state *rs, simt_launch *l);

/* The unit of the observer's time ("warp instructions" by default,
 * "cycles" in timing mode); unit must outlive the state (a literal). */
void report_set_time_unit(report_state *rs, const char *unit);

/* The preemption points' interval K (an_options.pp_interval) for kernels
 * first launched from now on, and the compression's PAG for launches from
 * now on (defaults 1000 and 16; -ptxsim_pp_interval, -ptxsim_pp_pag; PAG 0
 * takes min(32, the TB's smallest dimension above 1)).  No-op on NULL. */
void report_set_preemption(report_state *rs, uint32_t pp_interval, uint32_t pag);

/* The preemption report's event log for the launch attached now
 * (report_attach): out->on_event is NULL when rs is NULL, has no launch
 * attached or the report is off.  core_mhz: the timing model's clock, for
 * microseconds.  report_preempt.c. */
typedef struct tm_preempt_sink tm_preempt_sink;
void report_preempt_sink(report_state *rs, double core_mhz, tm_preempt_sink *out);

void report_state_free(report_state *rs);

#endif /* PTXSIM_SRC_REPORT_H */
