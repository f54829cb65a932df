/* tm_gpu.h -- running one kernel launch in timing mode: the GPU's SMs,
 * the CTA dispatcher, the memory hierarchy and the clock loop.
 *
 * The loop advances one core cycle at a time while anything can happen
 * and jumps over cycles in which every SM sleeps (sm_core.h) and memsys
 * has nothing due.  CTAs go to SMs as the dispatcher policy chosen by
 * -ptxsim_dispatcher decides (policies/pol_dispatch.h; "tb": at most one
 * CTA per SM and cycle while the TB-level accounting says it fits, SMs
 * taken round-robin).  A launch ends when every CTA has finished and
 * memsys has drained its stores.
 */
#ifndef PTXSIM_PIPELINE_TM_GPU_H
#define PTXSIM_PIPELINE_TM_GPU_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"
#include "isa/simt.h"
#include "memsys/mem_timing.h"
#include "pipeline/preempt_ctl.h"
#include "pipeline/sm_core.h"
#include "pipeline/tm_config.h"
#include "pipeline/tm_kernel.h"
#include "policies/pol_cta.h"

/* The kinds of SM of a heterogeneous GPU (-ptxsim_ilp_sms; 002b §A.6):
 * TLP SMs take the configuration's options, ILP SMs its -ptxsim_ilp_*
 * values (tm_config_ilp_view).  A homogeneous GPU has TLP SMs only. */
#define TM_SM_KINDS(X) X(TLP, "tlp") X(ILP, "ilp")
typedef enum tm_sm_kind {
#define X(id, name) TM_SM_##id,
  TM_SM_KINDS(X)
#undef X
  TM_SM_KIND_COUNT
} tm_sm_kind;

/* Which SMs a launch ran on (the ptxsim_steered_to statistic). */
#define TM_STEERS(X) X(ALL, "every SM") X(ILP, "the ILP SMs") X(TLP, "the TLP SMs")
typedef enum tm_steer {
#define X(id, what) TM_STEER_##id,
  TM_STEERS(X)
#undef X
  TM_STEER_COUNT
} tm_steer;

/* What a timing-mode launch measured. */
typedef struct tm_result {
  uint64_t cycles;                /* gpu_sim_cycle */
  uint64_t warp_insns, thread_insns;
  uint32_t n_sms, n_schedulers, max_warps_per_sm;
  uint32_t regs_per_thread;       /* what the CTA accounting used */
  bool regs_from_config;          /* -ptxsim_kernel_regs rather than the estimate */
  uint32_t regs_estimate;         /* the liveness analysis' linear-scan count */
  bool is_regs_capped;            /* the estimate was above what fits */
  pol_occupancy occupancy;        /* on the SMs it ran on (steered to; with
                                     steering all, the TLP SMs, or the ILP SMs
                                     when every SM is one) */
  double avg_resident_warps;      /* per SM, over the launch's cycles */
  sm_stats sm;                    /* summed over SMs (stall[s]: scheduler s of every SM) */
  /* The heterogeneous GPU. */
  uint32_t n_ilp_sms;             /* -ptxsim_ilp_sms */
  tm_steer steered_to;
  uint32_t steer_warps;           /* the steering rule's w: concurrent warps per
                                     ILP SM (per SM when there is none) */
  uint64_t kind_thread_insns[TM_SM_KIND_COUNT]; /* issued on each kind of SM */
  uint64_t kind_ctas[TM_SM_KIND_COUNT];         /* CTAs finished on each kind */
  double area_mm2;                /* of every SM (tm_area.h) */
  mem_stats mem;
  tm_preempt_stats preempt;       /* -ptxsim_preempt_inject (preempt_ctl.h) */
  double wall_seconds;
} tm_result;

typedef struct tm_gpu tm_gpu;

/* Runs the launch l (set up as for simt_run) on the GPU conf describes;
 * k is l's kernel built under conf (tm_kernel_build; callers keep it for
 * later launches of the kernel).  Returns 0 or a PTXSIM_E_* code with
 * l->message set; res is filled in both cases (with what ran until the
 * stop).  A progress display attached to l (l->progress) is told how the
 * launch goes on its first clock step and every few thousand after. */
int tm_run(const tm_config *conf, const tm_kernel *k, simt_launch *l, tm_result *res);
/* tm_run, handing each preemption event (-ptxsim_preempt_inject) to sink
 * (NULL: none) as it completes. */
int tm_run_logged(const tm_config *conf, const tm_kernel *k, simt_launch *l,
                  const tm_preempt_sink *sink, tm_result *res);

/* tm_run_logged, with a second kernel preempting the launch (NULL:
 * none; preempt_ctl.h's tm_second). */
int tm_run_second(const tm_config *conf, const tm_kernel *k, simt_launch *l,
                  const tm_preempt_sink *sink, const tm_second *second, tm_result *res);
/* A CTA of k (threads threads, dyn_shared bytes of dynamic shared memory)
 * as the CTA accounting allocates it: its registers and shared memory,
 * and how many fit on an empty SM (0: none).  Always 0. */
int tm_cta_needs(const tm_config *conf, const tm_kernel *k, uint32_t threads, uint64_t dyn_shared,
                 uint64_t *regs_per_cta, uint64_t *smem_per_cta, uint32_t *ctas_per_sm);

/* The CTAs of threads threads and dyn_shared bytes of dynamic shared
 * memory of k that one SM holds at once under conf, as tm_run's CTA
 * accounting counts them (threads, CTA slots, registers, shared memory;
 * a heterogeneous GPU's TLP SMs); 0 when one does not fit.  Always 0
 * (success). */
int tm_occupancy(const tm_config *conf, const tm_kernel *k, uint32_t threads,
                 uint64_t dyn_shared, uint32_t *ctas_per_sm);

/* For sm_core.c: a CTA finished on sm at cycle now. */
void tm_gpu_cta_done(tm_gpu *g, sm_core *sm, const simt_cta *c, uint64_t now);

/* Prints a result as GPGPU-Sim names its statistics: text ("name = value"
 * lines) or one JSON object.  kernel names the launch; tot_* are the
 * device's totals over its timing launches, this one included. */
typedef struct tm_totals {
  uint64_t cycles, thread_insns;
} tm_totals;
void tm_result_print(const tm_result *r, const tm_config *conf, const char *kernel,
                     const tm_totals *tot, bool json, FILE *out);

#endif /* PTXSIM_PIPELINE_TM_GPU_H */
