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
 * order() is called every cycle by every scheduler with up to 64 warps: it
 * allocates nothing and does no string work.  Everything that can fail
 * (names, parameters, memory) happens at creation.
 */
#ifndef PTXSIM_POLICIES_POL_SCHED_H
#define PTXSIM_POLICIES_POL_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

/* The most warp slots a scheduler can be created for (slot ids < this). */
#define POL_SCHED_MAX_SLOTS 1024u
/* Room for a policy name in pol_sched_params. */
#define POL_SCHED_NAME_MAX 24

/* A scheduler as the configuration describes it (-gpgpu_scheduler). */
typedef struct pol_sched_params {
  char name[POL_SCHED_NAME_MAX]; /* registry name: "lrr", "gto", "two_level_active" */
  uint32_t n_active;             /* two_level_active: active-set size (warps) */
  uint32_t inner, outer;         /* two_level_active: GPGPU-Sim's prioritisations
                                    (inner 0 = LRR, outer 1 = SRR) */
} pol_sched_params;

/* One candidate warp, as the pipeline sees it this cycle. */
typedef struct pol_warp_view {
  uint16_t slot;       /* warp slot in the SM: the id events use; unique */
  bool is_ready;       /* its next instruction could issue now */
  bool is_long_wait;   /* it waits on a long-latency operation (global or
                          local load in flight that its next instruction needs) */
  uint64_t age;        /* dispatch age: a counter that grows with each warp
                          dispatched to the SM; smaller = older */
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
  const char *name;
  const char *doc;     /* one line, for --help and error messages */
  /* Parses the ":..." arguments after the name in a -gpgpu_scheduler spec
   * (args is "" when there are none) into p; returns 0, or -1 with a
   * message in err.  NULL: the policy takes no arguments. */
  int (*parse_args)(const char *args, pol_sched_params *p, char *err, size_t errlen);
  /* A scheduler for warps in slots 0..max_slots-1; NULL when out of memory. */
  void *(*create)(const pol_sched_params *p, unsigned max_slots);
  void (*destroy)(void *self);
  /* Writes indices into v, best first, to out (room for n); returns how
   * many it wrote (a policy may leave warps out: two-level's pending ones). */
  unsigned (*order)(void *self, const pol_warp_view *v, unsigned n, uint16_t *out);
  void (*on_event)(void *self, const pol_sched_event *e);
} pol_sched_ops;

/* A scheduler instance: its class and its state. */
typedef struct pol_sched {
  const pol_sched_ops *ops;
  void *self;
} pol_sched;

/* The policy called name, or NULL with "unknown warp scheduler 'x' (valid:
 * lrr, gto, two_level_active)" in err. */
const pol_sched_ops *pol_sched_find(const char *name, char *err, size_t errlen);
/* The registered policies, in registry order (n_out receives the count). */
const pol_sched_ops *const *pol_sched_list(size_t *n_out);

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
                                       uint16_t *out)
{
  return s->ops->order(s->self, v, n, out);
}

static inline void pol_sched_event_post(pol_sched *s, pol_sched_event_kind kind, unsigned slot)
{
  pol_sched_event e = {(uint8_t)kind, (uint16_t)slot};
  s->ops->on_event(s->self, &e);
}

#endif /* PTXSIM_POLICIES_POL_SCHED_H */
