/* pol_dispatch.h -- CTA/warp dispatchers: which CTA of the grid, or which
 * warps of one, start on which SM and when.  Small vtables found by name
 * (-ptxsim_dispatcher), like the warp schedulers (pol_sched.h).
 *
 * One dispatcher serves every SM of the GPU for one launch.  The pipeline
 * (pipeline/tm_gpu.c) owns the clock: at the top of a cycle in which a
 * round may place something it calls dispatch(), which looks at its own
 * resource accounting, asks the SMs for slot room and starts CTAs (and,
 * for a warp-level policy, warps) through the SM side the pipeline
 * provides (pol_dispatch_sm).  dispatch() says whether a round in the
 * next cycle may place more; otherwise the pipeline waits for an SM's
 * report that a warp or a CTA finished, each of which says whether a
 * round may now place something.  Everything a dispatcher allocates, it
 * allocates in create(); the rounds and reports allocate nothing.
 *
 * Dispatchers:
 *   tb   TB-level resource management, GPGPU-Sim's (000-warpman.md §2.1):
 *        a CTA takes its threads, a CTA slot, its registers and its
 *        shared memory (pol_cta.h) when it is dispatched, all its warps
 *        start at once, and it gives everything back when its last warp
 *        has finished.  A round tries each SM once, round robin from an
 *        SM that moves on by one every round, and gives each SM at most
 *        one CTA (GPGPU-Sim's one per cycle), in grid order.
 *
 * Warp-level dispatch (WarpMan, 000-warpman.md §3) is a policy of the same
 * shape: partial CTAs through start_cta with fewer warps, their remaining
 * warps later through start_warps, registers and warp slots returned per
 * warp in on_warp_done.  It needs the optional half of the SM side (see
 * pol_dispatch_sm), which the pipeline does not provide yet; its create()
 * fails with a message while it is NULL.
 */
#ifndef PTXSIM_POLICIES_POL_DISPATCH_H
#define PTXSIM_POLICIES_POL_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "policies/pol_cta.h"
#include "policies/pol_registry.h"

/* A dispatcher as the configuration describes it (-ptxsim_dispatcher):
 * its name and its own parameters, opaque outside its file. */
typedef pol_params pol_dispatch_params;

/* The SM side: what the pipeline lets a dispatcher see and do.  sm is an
 * SM index (< n_sms), cta_id a CTA's linear id in the grid, cycle the
 * cycle of the round (the pipeline adds its CTA launch latency).  The
 * start functions return 0 or the launch's status, which dispatch()
 * passes on.  The warps an SM runs are numbered within their CTA (warp_id
 * 0..warps-1, %warpid's order); an SM gives each started warp a warp slot
 * and frees it when the warp has finished and its memory has drained. */
typedef struct pol_dispatch_sm {
  void *ctx;
  /* Whether sm has n_warps free warp slots and a free CTA slot (its own
   * slot tables; threads, registers and shared memory are the
   * dispatcher's to account). */
  bool (*has_room)(void *ctx, uint32_t sm, uint32_t n_warps);
  /* Starts CTA cta_id on sm: its functional state (shared memory,
   * barriers) in a CTA slot, and its warps 0..n_warps-1.  Fewer warps than
   * the CTA has (a partial CTA, whose other warps count as participants of
   * its barriers but do not run) only when start_warps is not NULL. */
  int (*start_cta)(void *ctx, uint32_t sm, uint32_t cta_id, uint32_t n_warps, uint64_t cycle);
  /* Warp-level dispatch; NULL while the SM cannot start warps of a CTA
   * that already runs.  Whether sm has n_warps free warp slots (no CTA
   * slot needed): */
  bool (*has_warp_room)(void *ctx, uint32_t sm, uint32_t n_warps);
  /* Starts the next n_warps not yet started warps (in warp_id order) of
   * the partial CTA cta_id on sm. */
  int (*start_warps)(void *ctx, uint32_t sm, uint32_t cta_id, uint32_t n_warps, uint64_t cycle);
} pol_dispatch_sm;

/* What a dispatcher is created for: one launch on one GPU. */
typedef struct pol_dispatch_setup {
  uint32_t n_sms;
  uint32_t n_ctas;         /* CTAs of the grid: linear ids 0..n_ctas-1 */
  pol_cta_limits lim;      /* each SM's capacities and granularities */
  const pol_cta_limits *sm_lim; /* NULL, or SM i's own (n_sms of them) when the
                              SMs differ (a heterogeneous GPU's register
                              files); read during create() only */
  pol_cta_kernel kernel;   /* what one CTA asks for */
  pol_cta_needs needs;     /* one CTA's rounded needs (pol_cta_needs_of) */
  pol_dispatch_sm sm;      /* the SM side */
} pol_dispatch_setup;

typedef struct pol_dispatch_ops {
  pol_class cls;           /* name, doc, its parameters' parser and formatter */
  /* A dispatcher for s with parameters p->args, in *self.  Returns 0, or
   * PTX_ENOMEM, or PTX_EINVAL when s lacks what it needs (a warp-level
   * policy without start_warps, a CTA that cannot fit), with a message in
   * err. */
  int (*create)(const pol_dispatch_params *p, const pol_dispatch_setup *s, void **self,
                char *err, size_t errlen);
  void (*destroy)(void *self);
  /* One round at cycle now.  Returns 0 or a start function's status;
   * *again: whether a round in the next cycle may place something even if
   * no SM reports in between. */
  int (*dispatch)(void *self, uint64_t now, bool *again);
  /* Warp warp_id of CTA cta_id finished on sm and its slot is free.  For a
   * CTA's last warp the SM reports the warp, then the CTA.  Each returns
   * whether a round may now place something. */
  bool (*on_warp_done)(void *self, uint32_t sm, uint32_t cta_id, uint32_t warp_id);
  bool (*on_cta_done)(void *self, uint32_t sm, uint32_t cta_id);
  /* CTAs of the grid not dispatched yet, not even in part (PRO's fast
   * phase, 001-pro.md §3.1, lasts while this is above 0). */
  uint32_t (*n_waiting)(const void *self);
} pol_dispatch_ops;

/* A dispatcher instance: its class and its state. */
typedef struct pol_dispatch {
  const pol_dispatch_ops *ops;
  void *self;
} pol_dispatch;

/* The dispatcher called name, or NULL with "unknown CTA dispatcher 'x'
 * (valid: tb)" in err. */
const pol_dispatch_ops *pol_dispatch_find(const char *name, char *err, size_t errlen);

/* Parses a dispatcher spec ("tb") into p; 0, or -1 with a message in err. */
int pol_dispatch_parse_spec(const char *spec, pol_dispatch_params *p, char *err,
                            size_t errlen) PTX_MUST_CHECK;
/* The canonical spec of p (parses back to the same parameters). */
void pol_dispatch_format_spec(const pol_dispatch_params *p, char *buf, size_t size);

/* Creates the dispatcher p describes for s.  Returns 0; PTX_EINVAL (an
 * unknown name, an SM count of 0, or what the policy's create() rejects)
 * or PTX_ENOMEM, with a message in err; d is then zeroed. */
int pol_dispatch_create(pol_dispatch *d, const pol_dispatch_params *p,
                        const pol_dispatch_setup *s, char *err, size_t errlen) PTX_MUST_CHECK;
/* Frees the state; d may be zeroed or already destroyed. */
void pol_dispatch_destroy(pol_dispatch *d);

static inline int pol_dispatch_round(pol_dispatch *d, uint64_t now, bool *again)
{
  return d->ops->dispatch(d->self, now, again);
}

static inline bool pol_dispatch_warp_done(pol_dispatch *d, uint32_t sm, uint32_t cta_id,
                                          uint32_t warp_id)
{
  return d->ops->on_warp_done(d->self, sm, cta_id, warp_id);
}

static inline bool pol_dispatch_cta_done(pol_dispatch *d, uint32_t sm, uint32_t cta_id)
{
  return d->ops->on_cta_done(d->self, sm, cta_id);
}

static inline uint32_t pol_dispatch_n_waiting(const pol_dispatch *d)
{
  return d->ops->n_waiting(d->self);
}

#endif /* PTXSIM_POLICIES_POL_DISPATCH_H */
