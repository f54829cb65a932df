/* pol_cta.h -- CTA (thread block) resource accounting with GPGPU-Sim's
 * TB-level rules: the static occupancy calculator and the per-SM dynamic
 * accounting the CTA dispatcher uses.
 *
 * A CTA needs, on the SM that runs it, all of these at once from dispatch
 * until its last warp exits (TB-level resource management, 000-warpman.md
 * §2.1):
 *   - thread (warp) slots: its threads padded up to a multiple of
 *     thread_granularity (GPGPU-Sim: whole warps);
 *   - one CTA slot;
 *   - registers: padded threads x registers per thread rounded up to a
 *     multiple of reg_granularity (GPGPU-Sim: 4);
 *   - shared memory: its bytes rounded up to a multiple of smem_granularity
 *     (GPGPU-Sim: 1, i.e. exact).
 * CTAs per SM = min over the four resources of floor(available / needed);
 * the limiting resources are every one whose own bound equals that minimum
 * (ties are all reported: 004-preemption-liveness.md §1.11 lists two the
 * paper missed).
 *
 * Nothing here allocates; the dispatcher keeps one pol_cta_sm per SM.
 * Per-warp allocation (WarpMan, 000) will build on pol_cta_needs.
 */
#ifndef PTXSIM_POLICIES_POL_CTA_H
#define PTXSIM_POLICIES_POL_CTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"

/* One SM's capacities and the allocation granularities. */
typedef struct pol_cta_limits {
  uint32_t max_threads;        /* thread slots (-gpgpu_shader_core_pipeline) */
  uint32_t max_ctas;           /* CTA slots (-gpgpu_shader_cta) */
  uint32_t n_regs;             /* 32-bit registers (-gpgpu_shader_registers) */
  uint32_t smem_bytes;         /* shared memory (-gpgpu_shmem_size) */
  uint32_t warp_size;          /* threads per warp */
  uint32_t reg_granularity;    /* registers per thread rounded up to a multiple */
  uint32_t thread_granularity; /* threads per CTA rounded up to a multiple */
  uint32_t smem_granularity;   /* shared bytes per CTA rounded up to a multiple */
  uint32_t max_regs_per_thread;/* a kernel needing more cannot run (0: no limit) */
  uint32_t max_regs_per_cta;   /* -gpgpu_registers_per_block (0: no limit) */
  uint32_t max_smem_per_cta;   /* -gpgpu_shmem_per_block (0: no limit) */
} pol_cta_limits;

/* What one CTA of a kernel asks for, before rounding. */
typedef struct pol_cta_kernel {
  uint32_t threads;            /* threads per CTA (x*y*z) */
  uint32_t regs_per_thread;
  uint32_t smem_bytes;         /* static + dynamic shared memory per CTA */
} pol_cta_kernel;

/* What one CTA occupies after rounding. */
typedef struct pol_cta_needs {
  uint32_t threads;            /* padded */
  uint32_t warps;              /* threads / warp size, rounded up */
  uint32_t regs;               /* padded threads x rounded registers per thread */
  uint32_t smem;               /* rounded bytes */
} pol_cta_needs;

/* The resources, as bits of a limit mask. */
#define POL_CTA_RESOURCES(X) \
  X(THREADS, "threads")      \
  X(CTAS, "CTA slots")       \
  X(REGS, "registers")       \
  X(SMEM, "shared memory")

typedef enum pol_cta_resource {
#define X(id, text) POL_CTA_RES_##id,
  POL_CTA_RESOURCES(X)
#undef X
  POL_CTA_RES_COUNT
} pol_cta_resource;

enum {
#define X(id, text) POL_CTA_LIMIT_##id = 1u << POL_CTA_RES_##id,
  POL_CTA_RESOURCES(X)
#undef X
};

/* Static occupancy of one kernel on one (empty) SM. */
typedef struct pol_occupancy {
  uint32_t ctas_per_sm;
  uint32_t limit_mask;                  /* POL_CTA_LIMIT_* of every resource
                                           whose bound equals ctas_per_sm */
  uint32_t bound[POL_CTA_RES_COUNT];    /* CTAs each resource alone allows */
  pol_cta_needs per_cta;
  uint32_t threads_used, warps_used, regs_used, smem_used; /* ctas_per_sm x per_cta */
} pol_occupancy;

/* One SM's free resources during a run. */
typedef struct pol_cta_sm {
  pol_cta_limits lim;
  uint32_t free_threads, free_ctas, free_regs, free_smem;
} pol_cta_sm;

/* The rounded needs of one CTA of k under l.  Returns 0, or PTX_EINVAL with
 * a message in err when k cannot be described (0 threads) or exceeds a
 * per-CTA or per-thread limit (more registers per thread than
 * max_regs_per_thread, ...). */
int pol_cta_needs_of(const pol_cta_limits *l, const pol_cta_kernel *k, pol_cta_needs *out,
                     char *err, size_t errlen) PTX_MUST_CHECK;

/* The static occupancy of k on an empty SM with limits l.  Returns 0 (with
 * ctas_per_sm 0 when not even one CTA fits; limit_mask then names the
 * resources too small), or PTX_EINVAL as pol_cta_needs_of. */
int pol_cta_occupancy(const pol_cta_limits *l, const pol_cta_kernel *k, pol_occupancy *out,
                      char *err, size_t errlen) PTX_MUST_CHECK;

/* "threads, CTA slots" for a limit mask ("none" for 0), into buf. */
void pol_cta_limit_names(uint32_t mask, char *buf, size_t size);

/* Prints the occupancy report: CTAs per SM, the limiting resources, and
 * what the resident CTAs use of each resource. */
void pol_occupancy_print(const pol_occupancy *o, const pol_cta_limits *l, FILE *out);

/* Dynamic accounting: an empty SM, then place/release CTAs. */
void pol_cta_sm_init(pol_cta_sm *s, const pol_cta_limits *l);
bool pol_cta_can_place(const pol_cta_sm *s, const pol_cta_needs *n);
/* Takes n's resources; the caller checked pol_cta_can_place. */
void pol_cta_place(pol_cta_sm *s, const pol_cta_needs *n);
/* Gives back what pol_cta_place took for n. */
void pol_cta_release(pol_cta_sm *s, const pol_cta_needs *n);
/* Whether nothing is placed. */
bool pol_cta_sm_is_empty(const pol_cta_sm *s);

#endif /* PTXSIM_POLICIES_POL_CTA_H */
