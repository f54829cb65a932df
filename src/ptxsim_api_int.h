/* ptxsim_api_int.h -- what the public interface's files share beyond
 * ptxsim.h: the device's error message and the parts of a device that
 * ptxsim_api.c keeps private (its memory, its texture table and its
 * report state).
 * Not installed; names here are not exported (the library exports
 * ^ptxsim_ only).
 */
#ifndef PTXSIM_SRC_PTXSIM_API_INT_H
#define PTXSIM_SRC_PTXSIM_API_INT_H

#include "isa/simt.h"
#include "isa/simt_mem.h"
#include "isa/tex_sample.h"
#include "pipeline/tm_config.h"
#include "pipeline/tm_gpu.h"
#include "ptxsim.h"

/* Sets d's error message (ptxsim_device_error) to msg; returns status. */
int api_error(ptxsim_device *d, int status, const char *msg);
/* Clears it (each public call starts so). */
void api_clear_error(ptxsim_device *d);

simt_mem *api_mem(ptxsim_device *d);
isa_tex_table *api_tex(ptxsim_device *d);
/* The device's run-time report state (src/report.h), NULL until used. */
struct report_state **api_report(ptxsim_device *d);

/* The properties of the profile called name (device_profiles.def), NULL
 * when there is none (ptxsim_device_profile.c). */
const ptxsim_device_props *api_profile_props(const char *name);
/* Makes p d's profile and recomputes its properties. */
void api_set_profile(ptxsim_device *d, const ptxsim_device_props *p);
/* Recomputes d's properties: its profile's, with the timing
 * configuration's GPU over them in timing mode.  Called whenever the
 * profile, the mode or the configuration changes. */
void api_props_update(ptxsim_device *d);

/* Timing mode's part of a device (ptxsim_timing.c). */
typedef struct api_timing {
  ptxsim_mode mode;
  tm_config *cfg;          /* NULL: the embedded default, made when needed */
  bool has_result;         /* a timing launch has run */
  tm_result last;
  char *last_kernel;
  tm_totals tot;           /* gpu_tot_*: every timing launch so far */
  size_t n_kernels;        /* kernels built under cfg, kept for later launches */
  tm_kernel **kernels;
  /* The kernel that preempts the next timing launch
   * (ptxsim_timing_preempt_by), and what it did. */
  simt_launch *second;
  uint64_t second_at;
  uint32_t second_sms;
  ptxsim_preempt_by_result second_res;
} api_timing;

api_timing *api_timing_of(ptxsim_device *d);
/* The kernel called name in module m (NULL: the first loaded module that
 * has one) and its program, or NULL. */
const isa_kernel *api_find_kernel(ptxsim_device *d, const ptxsim_module *m, const char *name,
                                  const isa_program **p);
/* Runs l in timing mode (the device is in it). */
int api_timing_run(ptxsim_device *d, simt_launch *l);
void api_timing_release(api_timing *t);
/* Makes l (heap, owned from now on) preempt t's next timing launch at
 * cycle at on n_sms SMs (0: all).  0 or PTXSIM_E_NOMEM. */
int api_timing_set_second(api_timing *t, simt_launch *l, uint64_t at, uint32_t n_sms);
/* -ptxsim_pp_interval and -ptxsim_pp_pag of t's configuration (the
 * defaults when none was set), for the run-time liveness report. */
void api_timing_preemption(const api_timing *t, uint32_t *pp_interval, uint32_t *pag);
/* Writes what t's configuration says of the GPU over *p (see
 * ptxsim_device_props in ptxsim.h; README.md lists the fields). */
void api_timing_props(api_timing *t, ptxsim_device_props *p);

/* The progress line of a device (ptxsim_progress.c): while a launch runs,
 * at most four times a second, one line on stderr rewritten in place and
 * erased when the launch ends. */
typedef struct api_progress {
  simt_progress hook;      /* what the launch is told through */
  ptxsim_progress when;    /* ptxsim_device_set_progress */
  uint64_t n_launches;     /* launches on the device so far */
  const char *kernel;      /* the running launch's kernel */
  double launch_start;     /* when it started, seconds (CLOCK_MONOTONIC) */
  double next_line;        /* no line before this time */
  FILE *out;               /* device printf's stream, flushed before a line */
} api_progress;

api_progress *api_progress_of(ptxsim_device *d);
/* Counts the launch l about to run and, when the line is on, attaches the
 * display to it; out is where its printf goes. */
void api_progress_begin(api_progress *p, simt_launch *l, FILE *out);
/* Erases the line if the launch showed one and detaches the display. */
void api_progress_end(api_progress *p, simt_launch *l);

#endif /* PTXSIM_SRC_PTXSIM_API_INT_H */
