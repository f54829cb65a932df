/* sm_branch.h -- the branch unit: resolving control transfers and
 * redirecting fetch, with a branch predictor chosen by name.
 *
 * The timing model is execution-driven: the functional core executes a
 * branch when it issues, so its outcome (the record: taken lanes, where
 * the warp goes on) is exact at issue.  After each issued instruction the
 * branch unit (sm_branch_resolve, inline in sm_int.h; sm_branch_unit.c) asks
 * whether the warp's fetch went the right way:
 *   - an instruction the warp leaves sequentially, with no predictor
 *     involved: yes, the instruction buffer goes on;
 *   - with no predictor (none), any redirect (a taken branch, a call or
 *     return, a reconvergence point): no, fetch went on sequentially;
 *   - with a predictor, a branch (tm_insn kind TM_KIND_CTRL; sm_branch_unit.c
 *     classifies it for every predictor alike, 002b §A.4):
 *       unconditional bra: fetch went to its target (no BTB is needed: a
 *         warp fetches once per issue slot, so the target is computed
 *         within the fetch window);
 *       conditional (guarded) bra whose active lanes split (divergent):
 *         right whichever side runs first (the resolved mask voids the
 *         other side's lanes), never mispredicted, no penalty;
 *       conditional bra taken or fallen through by all its active lanes:
 *         fetch went the predicted direction (the predictor's answer);
 *       brx.idx: its target is a register's, known at resolution: as
 *         without a predictor;
 *     a direction that is right may still not be where the warp goes on
 *     (a target or fall-through that is a reconvergence point pops the
 *     stack): that redirect is the stack's, paid as without a predictor.
 * Fetch that went the wrong way is redirected: the instruction buffer is
 * refilled after resolve_cycles + branch_latency cycles, through the fetch
 * port (sm_fetch.h).  Fetch that went the right way costs nothing more
 * than sequential fetch.
 *
 * A mispredicted direction also sent fetch down the wrong path (002b
 * §A.4.3): from the cycle after the branch until it resolves
 * (resolve_cycles after its issue) the warp issues the instructions there,
 * which are nullified (never executed: the functional core runs only the
 * right path, results are unchanged).  Each takes its scheduler's issue
 * slot and its unit as a real one would (not the LD/ST pipeline: a
 * nullified access sends nothing), counts in ptxsim_nullified_warp_insn,
 * and issues only when the warp's dependence tracking lets it issue (a
 * warp stalled on a register issues nothing, as 002b §A.4.4 says of a
 * stalled warp); it reserves nothing.  The wrong path is sequential from
 * the mispredicted side and stops after a control instruction (branch,
 * call, return, exit: fetch would need another prediction) or at the end
 * of the function.  Without a predictor this costs nothing: the branch
 * unit marks the buffer's wait (sm_core.fetch_wait), which
 * sm_fetch_has_insn reads anyway when the buffer is empty, and reports a
 * nullified issue as a check's answer that the cycle looks for only where
 * it looks for long-latency waits (sm_cause_class); the rest runs only
 * with a predictor.
 * A nullified instruction reserves nothing, so the next one does not wait
 * for it: with one instruction in flight per warp and a resolution later
 * than the ALU latency, hardware would issue fewer (gtx280_ilp resolves
 * the cycle after issue: one slot, no difference).
 *
 * Statistics (sm_ilp_stats, only with a predictor): bp_branches (bra,
 * brx.idx), bp_backward (bra to the same or a lower PC), bp_conditional
 * (guarded bra), bp_lookups (the predictor was asked: every conditional
 * bra), bp_divergent, bp_correct and bp_mispredicts (non-divergent
 * conditional bra, so lookups = divergent + correct + mispredicts),
 * nullified_warp_insn.
 *
 * Predictors (-ptxsim_branch_predictor; the registry is sm_branch.c):
 *   none     no prediction: fetch goes on sequentially, so every redirect
 *            waits for the branch's resolution (GPGPU-Sim's model);
 *   btfn     backward taken, forward not taken (bpred_btfn.c);
 *   gshare   one table of 2-bit counters per SM shared by its warps, a
 *            global history per SM (bpred_gshare.c);
 *   perfect  never wrong (bpred_perfect.c).
 * A predictor's state lives as long as the SM, which is created per
 * launch: every launch starts cold (002b Part D.12, the NW effect).
 */
#ifndef PTXSIM_PIPELINE_SM_BRANCH_H
#define PTXSIM_PIPELINE_SM_BRANCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipeline/sm_core.h"
#include "pipeline/tm_kernel.h"

/* A direct conditional branch as its predictor learns of it, at its
 * issue (the functional core has executed it). */
typedef struct sm_branch_info {
  uint32_t slot;              /* the warp's slot in its SM */
  uint32_t pc;                /* the branch: its index in its function */
  uint32_t target;            /* where its taken lanes go (same function) */
  bool is_divergent;          /* its active lanes split: either side may run
                                 first, so any prediction is right */
  bool is_taken;              /* not divergent: all its active lanes went to
                                 target (else all fell through) */
  uint64_t now;               /* its issue cycle */
} sm_branch_info;

struct sm_bpred_ops {
  const char *name;           /* the -ptxsim_branch_predictor value */
  const char *doc;            /* one line */
  /* State for the warp slots of one SM running k; NULL when out of
   * memory.  NULL create: the predictor keeps no state. */
  void *(*create)(const sm_params *p, const tm_kernel *k, sm_stats *st);
  void (*destroy)(void *self);
  /* A new warp takes slot (NULL: nothing to forget). */
  void (*warp_reset)(void *self, uint32_t slot);
  /* The direction fetch took for b when it fetched it (true: to its
   * target), then learns b's outcome (updates its tables; a divergent
   * branch has none to learn: gshare takes its prediction as right).
   * NULL: no prediction (none): fetch goes on sequentially and every
   * redirect waits for the resolution; the branch unit then neither asks
   * nor counts anything. */
  bool (*predict)(void *self, const sm_branch_info *b);
};

/* The predictor called name, or NULL with "unknown branch predictor 'x'
 * (valid: none, btfn, gshare, perfect)" in err (err may be NULL). */
const sm_bpred_ops *sm_bpred_find(const char *name, char *err, size_t errlen);
/* The registered predictors, in registry order (n_out receives the count). */
const sm_bpred_ops *const *sm_bpred_list(size_t *n_out);

/* The predictors (bpred_<name>.c). */
extern const sm_bpred_ops sm_bpred_btfn_ops;
extern const sm_bpred_ops sm_bpred_gshare_ops;
extern const sm_bpred_ops sm_bpred_perfect_ops;

#endif /* PTXSIM_PIPELINE_SM_BRANCH_H */
