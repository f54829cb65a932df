/* pol_sched.h -- warp schedulers: small vtables found by name.
 *
 * A warp scheduler only decides the order in which an SM's issue stage
 * tries its warps; it never issues, never looks at instructions and never
 * touches the pipeline.  Each cycle the pipeline hands it a read-only view
 * of the candidate warps (pol_warp_view) and gets back indices into that
 * view, best first; it tries them in that order and issues from the first
 * that can go.  What happened is reported back through on_event() (issue,
 * long-latency stall, warp added or done, barrier), which is how a policy
 * keeps its state (the last warp issued, GTO's greedy warp, the two-level
 * active set).
 *
 * Policies (GPGPU-Sim's -gpgpu_scheduler spellings):
 *   lrr                   loose round robin: the warps after the one that
 *                         issued last, in slot order, wrapping around;
 *   gto                   greedy then oldest: the warp that issued last
 *                         first, then the others by dispatch age;
 *   two_level_active:N[:0:1]  an active set of at most N warps ordered
 *                         round robin; a warp leaves it when it stalls on a
 *                         long-latency operation or at a barrier and joins
 *                         the back of a FIFO of pending warps, from whose
 *                         front the active set is refilled (GPGPU-Sim's
 *                         inner prioritisation 0 = LRR and outer 1 = SRR, the
 *                         only combination GPGPU-Sim implements).
 *
 * The view always holds a warp's slot, readiness and dispatch age; a
 * policy that needs more (PRO, 001-pro.md: lanes at issue, instructions
 * issued, the warp's CTA and its barrier and exit counts) asks for those
 * parts in its view_mask, and the SM fills them for it alone.  order() is
 * also told the cycle.
 *
 * order() is called every cycle by every scheduler with up to 64 warps: it
 * allocates nothing and does no string work.  Everything that can fail
 * (names, parameters, memory) happens at creation.  Each policy parses and
 * formats its own parameters (pol_registry.h); the registry's table in
 * pol_registry.c lists the policies.
 */
#ifndef PTXSIM_POLICIES_POL_SCHED_H
#define PTXSIM_POLICIES_POL_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "policies/pol_registry.h"

/* The most warp slots a scheduler can be created for (slot ids < this). */
#define POL_SCHED_MAX_SLOTS 1024u

/* A scheduler as the configuration describes it (-gpgpu_scheduler): its
 * name and its own parameters, opaque outside its file (pol_registry.h). */
typedef pol_params pol_sched_params;

/* The optional parts of pol_warp_view, as bits of pol_sched_ops.view_mask:
 * the SM fills a part only for a policy that asks for it (reading them
 * costs cache lines of the functional warp and its CTA per candidate per
 * cycle), and leaves the fields of the others 0. */
enum {
  POL_VIEW_PROGRESS = 1u << 0, /* n_active_lanes, n_issued */
  POL_VIEW_CTA = 1u << 1       /* cta_slot, cta_id, n_cta_warps, n_cta_at_barrier,
                                  n_cta_finished */
};

/* One candidate warp, as the pipeline sees it this cycle.  The SM fills
 * it from state it keeps anyway (the functional warp and CTA;
 * pipeline/sm_core.c, the candidate loop of sm_cycle), with no search and
 * no allocation.  Instruction counts are of warp instructions; the CTA
 * fields are the same for every warp of a CTA, whose warps number at most
 * SM_MAX_WARPS (64: a CTA fits one SM), so they fit a byte. */
typedef struct pol_warp_view {
  uint16_t slot;            /* warp slot in the SM: the id events use; unique */
  bool is_ready;            /* its next instruction could issue now */
  bool is_long_wait;        /* it waits on a long-latency operation (global or
                               local load in flight that its next instruction
                               needs) */
  /* POL_VIEW_PROGRESS */
  uint8_t n_active_lanes;   /* lanes its next instruction would run for: the
                               popcount of its active mask before the guard
                               (0..32); what issuing it adds to the SM's thread
                               instructions (PRO's WarpProgress step) */
  /* POL_VIEW_CTA */
  uint8_t n_cta_warps;      /* warps of its CTA, started or not */
  uint8_t n_cta_at_barrier; /* arrivals of its CTA's warps at its barriers
                               not yet released: the warps waiting at a
                               barrier (bar.sync, bar.red), plus bar.arrive
                               arrivals, which go on; saturates at 255 */
  uint8_t n_cta_finished;   /* warps of its CTA that exited */
  uint16_t cta_slot;        /* the SM's CTA slot the warp belongs to */
  uint32_t cta_id;          /* its CTA's linear id in the grid */
  /* always */
  uint64_t age;             /* dispatch age: a counter that grows with each warp
                               dispatched to the SM; smaller = older */
  /* POL_VIEW_PROGRESS */
  uint64_t n_issued;        /* warp instructions it issued so far */
} pol_warp_view;

typedef enum pol_sched_event_kind {
  POL_EV_ISSUE,              /* the warp issued an instruction */
  POL_EV_LONG_LATENCY_STALL, /* the warp stalls on a long-latency operation */
  POL_EV_WARP_ADDED,         /* the warp was dispatched to one of this
                                scheduler's slots */
  POL_EV_WARP_DONE,          /* the warp exited; its slot is free */
  POL_EV_BARRIER             /* the warp waits at a barrier */
} pol_sched_event_kind;

typedef struct pol_sched_event {
  uint8_t kind;   /* pol_sched_event_kind */
  uint16_t slot;  /* the warp's slot */
} pol_sched_event;

typedef struct pol_sched_ops {
  pol_class cls;       /* name, doc, its parameters' parser and formatter */
  uint32_t view_mask;  /* POL_VIEW_* parts of the view it reads (0: the
                          always-filled slot, readiness and age only) */
  /* A scheduler for warps in slots 0..max_slots-1, reading its parameters
   * from p->args; NULL when out of memory. */
  void *(*create)(const pol_sched_params *p, unsigned max_slots);
  void (*destroy)(void *self);
  /* Writes indices into v, best first, to out (room for n); returns how
   * many it wrote (a policy may leave warps out: two-level's pending ones).
   * now is the SM's cycle. */
  unsigned (*order)(void *self, const pol_warp_view *v, unsigned n, uint64_t now,
                    uint16_t *out);
  void (*on_event)(void *self, const pol_sched_event *e);
  /* Optional, for a policy whose order() is always a rotation of the
   * candidates in slot order (and whose view_mask is 0): the slot the
   * rotation starts at, so that the candidates are the ones in slots >=
   * it, ascending, then those below it, ascending.  The SM then tries
   * its ready warps in that order itself, lazily, without building views
   * or calling order() (the cost of a cycle no longer grows with the
   * warps that could issue).  It must give the order order() would.  NULL:
   * order() is called. */
  unsigned (*rotation_first)(const void *self);
} pol_sched_ops;

/* A scheduler instance: its class and its state. */
typedef struct pol_sched {
  const pol_sched_ops *ops;
  void *self;
} pol_sched;

/* The policy called name, or NULL with "unknown warp scheduler 'x' (valid:
 * lrr, gto, two_level_active)" in err. */
const pol_sched_ops *pol_sched_find(const char *name, char *err, size_t errlen);

/* Parses a GPGPU-Sim scheduler spec ("lrr", "gto", "two_level_active:6:0:1")
 * into p; returns 0, or -1 with a message in err. */
int pol_sched_parse_spec(const char *spec, pol_sched_params *p, char *err,
                         size_t errlen) PTX_MUST_CHECK;
/* The canonical spec of p (parses back to the same parameters). */
void pol_sched_format_spec(const pol_sched_params *p, char *buf, size_t size);

/* Creates the scheduler p describes for max_slots warp slots (at most
 * POL_SCHED_MAX_SLOTS).  Returns 0; PTX_EINVAL for an unknown name or bad
 * sizes, PTX_ENOMEM when out of memory, each with a message in err. */
int pol_sched_create(pol_sched *s, const pol_sched_params *p, unsigned max_slots, char *err,
                     size_t errlen) PTX_MUST_CHECK;
/* Frees the state; s may be zeroed or already destroyed. */
void pol_sched_destroy(pol_sched *s);

static inline unsigned pol_sched_order(pol_sched *s, const pol_warp_view *v, unsigned n,
                                       uint64_t now, uint16_t *out)
{
  return s->ops->order(s->self, v, n, now, out);
}

static inline void pol_sched_event_post(pol_sched *s, pol_sched_event_kind kind, unsigned slot)
{
  pol_sched_event e = {(uint8_t)kind, (uint16_t)slot};
  s->ops->on_event(s->self, &e);
}

#endif /* PTXSIM_POLICIES_POL_SCHED_H */
