/* sm_dep.h -- dependence tracking: the seam between the issue stage and
 * the unit that decides when an instruction's operands are ready.
 *
 * The issue stage asks may_issue() for every instruction it tries (after
 * fetch has it, before the execution units are checked), calls reserve()
 * for each instruction it issues, and release() when memsys reports a
 * memory instruction's data back.  A unit owns all its state, per SM (one
 * instance per SM, for every warp slot of it), so that a structure shared
 * by the SM's warps (002b §A.3's many-thread-aware scoreboard, with
 * in-order commit) is as easy to write as today's per-warp one; it learns
 * of a slot's reuse through warp_reset().  It never issues, never touches
 * the pipeline's state and allocates nothing after create().
 *
 * Units (-ptxsim_scoreboard; the registry is sm_dep.c):
 *   per_warp   each warp has its own scoreboard of pending register writes
 *              (dep_per_warp.c): an instruction waits until no register it
 *              reads or writes has a write pending, while the warp has
 *              max_inflight instructions in flight, and, for a drain
 *              (membar, fence), until the warp has nothing in flight.
 *   shared     002b §A.3's many-thread-aware scoreboard (dep_shared.c): one
 *              structure of scoreboard_entries entries per SM, shared by
 *              its warps; stall on use, in-order commit per warp, solo
 *              issue when full, stores the warp's oldest, loads behind
 *              stores, a redefinition under a narrower mask waits for the
 *              older one to commit.
 * Both read results from reserve()'s forward cycle (the bypass stage with
 * -ptxsim_bypass 1).
 *
 * Cycles: may_issue() is asked with a non-decreasing now per slot, except
 * that reserve() and release() may come in between with their own cycles.
 */
#ifndef PTXSIM_PIPELINE_SM_DEP_H
#define PTXSIM_PIPELINE_SM_DEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipeline/sm_core.h"
#include "pipeline/tm_kernel.h"

/* One issued instruction, as reserve() learns of it. */
typedef struct sm_dep_issue {
  const tm_insn *t;           /* its registers (t->regs: n_defs written, then
                                 n_uses read), kind and memory kind */
  uint32_t exec_mask;         /* lanes that executed (the record's exec) */
  uint64_t now;               /* the issue cycle */
  uint64_t forward;           /* the first cycle a bypass could hand its result
                                 to a dependent instruction (= writeback
                                 without one); SM_NEVER: memory */
  uint64_t writeback;         /* the cycle its result is in the register file
                                 and it leaves the pipeline; SM_NEVER: a memory
                                 instruction, until release() names mem_id */
  uint32_t mem_id;            /* memory instructions: what release() will name */
} sm_dep_issue;

struct sm_dep_ops {
  const char *name;           /* the -ptxsim_scoreboard value */
  const char *doc;            /* one line */
  /* State for the warp slots 0..p->n_warp_slots-1 of one SM running k (its
   * registers are numbered below k->max_regs), all empty; NULL when out of
   * memory. */
  void *(*create)(const sm_params *p, const tm_kernel *k, sm_stats *st);
  void (*destroy)(void *self);
  /* A new warp takes slot: forget everything about its previous one. */
  void (*warp_reset)(void *self, uint32_t slot);
  /* Whether t, slot's next instruction, may issue at now; exec_mask is
   * the lanes that will execute it (the warp's active mask with t's guard
   * applied: what reserve()'s exec_mask will be).  If not, why (a cause of
   * class Scoreboard: SM_CAUSE_RAW_ALU or _RAW_MEM for a register or
   * in-flight wait, the shared scoreboard's own) and the first cycle at
   * which the answer may change (SM_NEVER: not before a release() of slot
   * or one that names slot to wake). */
  bool (*may_issue)(void *self, uint32_t slot, const tm_insn *t, uint32_t exec_mask,
                    uint64_t now, sm_wait *why);
  /* slot issued is->t (may_issue said yes at is->now). */
  void (*reserve)(void *self, uint32_t slot, const sm_dep_issue *is);
  /* The data of slot's memory instruction mem_id arrived at cycle (its
   * results are readable from then on).  Returns the warp slots other than
   * slot whose may_issue() answer this may change (a shared structure
   * freeing an entry), to be woken; 0 when none. */
  uint64_t (*release)(void *self, uint32_t slot, uint32_t mem_id, uint64_t cycle);
  /* For the stall accounting: whether slot has results pending (a warp
   * that waits on them is a Scoreboard stall, not Idle). */
  bool (*has_pending)(const void *self, uint32_t slot);
  /* The launch ended at cycle end (after every other call): close what
   * is counted over time (the shared scoreboard's occupancy histogram).
   * NULL: nothing to close. */
  void (*finish)(void *self, uint64_t end);
};

/* The unit called name, or NULL with "unknown scoreboard 'x' (valid:
 * per_warp)" in err (err may be NULL). */
const sm_dep_ops *sm_dep_find(const char *name, char *err, size_t errlen);
/* The registered units, in registry order (n_out receives the count). */
const sm_dep_ops *const *sm_dep_list(size_t *n_out);

/* The per-warp scoreboard (dep_per_warp.c). */
extern const sm_dep_ops sm_dep_per_warp_ops;
/* The shared scoreboard (dep_shared.c). */
extern const sm_dep_ops sm_dep_shared_ops;

#endif /* PTXSIM_PIPELINE_SM_DEP_H */
