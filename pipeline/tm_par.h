/* tm_par.h -- the SMs of a timing-mode launch on several host threads,
 * with the results of running them one after the other.
 *
 * In order (tm_gpu.c) each cycle runs memsys, the CTA dispatcher, then
 * SM 0, SM 1, ... in turn.  Here the SMs due in a cycle run side by side
 * on the threads of a team (tm_team.h), and what an SM does that others
 * could see is kept with the SM and applied, in SM order, once every SM
 * of the cycle has run:
 *  - memsys: the order of its instructions among those that complete in
 *    the same cycle and the completion queue (mem_sys_sm_phase_end); its
 *    requests come from the SM's own pool; everything else an SM touches
 *    there (its LD/ST pipeline, L1s, miss queue) is its own;
 *  - the dispatcher: CTAs that finished (tm_par_defer_cta_done);
 *  - the functional core: each SM has its own copy of the launch, with
 *    its own counts (added to the launch's after the cycle), allocation
 *    cache and failure; the launch fails with the failure of the lowest
 *    SM that failed.  SMs above it ran the same cycle, so the counts of
 *    a failed launch may differ from those of one thread.
 * A cycle in which fewer than two SMs are due, or in which the warp
 * instruction limit (simt_launch.max_insns) could be reached, runs its
 * SMs in order on the main thread, the counts handed from copy to copy,
 * so the limit stops the same instruction as in order.
 *
 * Only launches whose SMs cannot see each other within a cycle run this
 * way (tm_par_can_run): memory that CTAs share through atomics or
 * synchronising accesses, device printf, heap and launches, tracing
 * observers and preemption keep the order of one thread.
 */
#ifndef PTXSIM_PIPELINE_TM_PAR_H
#define PTXSIM_PIPELINE_TM_PAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/simt.h"
#include "memsys/mem_timing.h"
#include "pipeline/sm_core.h"

typedef struct tm_par tm_par;

/* Where the finished CTAs of a cycle go, in SM order. */
typedef void tm_par_cta_done_fn(void *ctx, sm_core *sm, uint32_t linear_id);

typedef struct tm_par_setup {
  simt_launch *l;
  sm_core *sms;
  uint32_t n_sms;
  mem_sys *mem;
  unsigned n_threads;
  uint32_t max_issue_per_sm;    /* warp instructions an SM issues in a cycle, at most */
  uint32_t max_ctas_per_sm;     /* CTAs resident on an SM, at most */
  tm_par_cta_done_fn *cta_done;
  void *cta_done_ctx;
} tm_par_setup;

/* Whether launch l may run its SMs side by side on host_threads threads
 * (tm_gpu.c adds its own conditions: no preemption). */
bool tm_par_can_run(const simt_launch *l, uint32_t n_sms);

/* Sets up the SMs' launch copies (sm_core.launch) and memsys's SM
 * phases; *out NULL and PTX_ENOMEM when out of memory, PTX_EINVAL when
 * PTXSIM_TIMING_SPLIT (auto, always or never: see tm_par.c) is none of
 * these, with a message in err. */
int tm_par_create(const tm_par_setup *setup, tm_par **out, char *err,
                  size_t errlen) PTX_MUST_CHECK;

/* Runs loop(ctx), the clock loop, on the team's main thread. */
int tm_par_run(tm_par *p, int (*loop)(void *), void *ctx);

/* The SMs' part of cycle now, from the main thread: what tm_gpu.c's loop
 * does for each SM in order (sm_ldst_ready, sm_cycle).  *next gets the
 * earliest wake-up of any SM.  Returns 0 or the failing status (the
 * launch then holds the failure). */
int tm_par_sms_cycle(tm_par *p, uint64_t now, uint64_t *next);

/* From tm_gpu_cta_done: during the SMs' part of a cycle that runs them
 * side by side, keeps the CTA for later and returns true. */
bool tm_par_defer_cta_done(tm_par *p, const sm_core *sm, uint32_t linear_id);

/* Adds the copies' CTA, warp and thread counts to the launch and frees
 * everything (the SMs must be freed first: their CTAs point at the
 * copies). */
void tm_par_free(tm_par *p);

#endif /* PTXSIM_PIPELINE_TM_PAR_H */
