/* analysis.h -- static analyses of one PTX function for compiler writers
 * and for the divergence and liveness reports: the control-flow graph with
 * dominators and immediate post-dominators (cfg.h), natural loops,
 * uniformity (which conditional branches can diverge), register liveness
 * per instruction with divergence-aware union sets, preemption points and a
 * linear-scan register estimate.
 *
 * The analyses work on the module IR, so they need no device, and their
 * instruction indices are the decoded program's (isa_func.insns[i] is
 * ptx_func.insns[i]): the run-time reports look their results up by pc.
 *
 * Registers are numbered per function: every .reg variable of the body and
 * every .reg formal, %r<N> ranges expanded, in declaration order.  Live sets
 * are bit vectors over those numbers, an_func.words 64-bit words each.
 * Sizes are counted in 32-bit slots (8-, 16- and 32-bit registers 1, 64-bit
 * 2, 128-bit 4, a .vN register N times its element); predicates are counted
 * apart from the slots.
 *
 * Design notes (004-preemption-liveness.md sections 1.4-1.6, 5):
 * - A guarded write (@p) and a write of part of a register (a vector
 *   register's component, a video instruction's byte selector) do not kill
 *   the register: they are partial definitions.
 * - A conditional branch can diverge unless its predicate (brx.idx: its
 *   index) is uniform.  Uniform values come only from constants, kernel
 *   parameters, %ctaid, %ntid, %nctaid (and the other launch-wide special
 *   registers: %gridid, %nsmid, %nwarpid, %envreg, the smem sizes, cluster
 *   geometry), addresses of variables, and loads from .param/.const space at
 *   uniform addresses, through instructions that compute lane by lane.  A
 *   register written under a non-uniform guard is not uniform, nor is one
 *   written inside the region of a divergent branch (from the branch to its
 *   reconvergence point) and live at the reconvergence point: lanes of the
 *   other side kept the old value.
 *   Iterated to a fixed point, the result is conservative: a branch marked
 *   uniform never diverges at run time.
 * - The divergent region of a branch: the blocks reachable from its
 *   successors without passing through its immediate post-dominator.  The
 *   union set of an instruction in regions of branches b1..bn is its live-in
 *   set joined with, for each bi, the live-out set of bi (threads still at the
 *   divergence point) and the live-in set of bi's reconvergence point
 *   (threads waiting there).
 * - Preemption points (section 1.6): one per innermost loop -- its barrier
 *   with the fewest live slots if it has a barrier, else its instruction with
 *   the fewest; outside loops the instructions (in program order) are cut into
 *   windows of K, and each full window gets one (a barrier if it has one, else
 *   its minimum-live instruction); a trailing partial window gets one only
 *   when it holds a barrier.  Ties go to the earliest instruction.
 * - Barrier-wait points (our resolution of the question 004 §1.6 leaves
 *   open for a pp in a barrier-free inner loop nested in a loop with a
 *   barrier, as in nbody_step): when a function has a plain (non-barrier)
 *   pp, every barrier of it becomes a bar.pp as well (is_wait_point).
 *   Otherwise a warp held at the plain pp while another warp of its TB
 *   waits at a barrier could never be joined there: the waiting warp never
 *   reaches a point, the held one never reaches the barrier, and the
 *   preemption never completes.  A wait point costs nothing while the
 *   signal is off (it is the ordinary barrier), a warp blocked there is
 *   saved with the barrier's live set and restored still waiting.
 *   Functions whose points are all barriers need none: warps cannot be
 *   more than one barrier apart, so every warp reaches the point or a
 *   barrier the others also reach.  Wait points serve no loop (loop ==
 *   AN_NONE) and are the only points beyond one per innermost loop and one
 *   per window.
 */
#ifndef PTXSIM_ISA_ANALYSIS_H
#define PTXSIM_ISA_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "frontend/ptx_ir.h"
#include "isa/cfg.h"

enum { AN_NONE = UINT32_MAX, AN_DEFAULT_PP_INTERVAL = 1000 };

/* One register of the function. */
typedef struct an_reg {
  const ptx_var *var;
  uint32_t index;       /* element of a %r<N> range; 0 otherwise */
  uint8_t slots;        /* 32-bit slots; 0 for a predicate */
  bool is_pred;
} an_reg;

/* A natural loop: the blocks of every back edge into one header. */
typedef struct an_loop {
  uint32_t header;      /* block */
  uint32_t parent;      /* enclosing loop, AN_NONE at top level */
  uint32_t depth;       /* 1 for an outermost loop */
  bool is_innermost;
  uint32_t n_blocks;
  uint32_t *blocks;     /* ascending block indices, the header included */
  uint32_t n_barriers;  /* barrier instructions in its blocks */
} an_loop;

/* Facts about one instruction. */
typedef struct an_insn {
  uint32_t block;
  uint32_t loop;        /* innermost loop containing it, AN_NONE outside */
  uint32_t loop_depth;
  bool is_barrier;      /* bar.sync / barrier / bar.red (PTX_OPF_BARRIER, not arrive) */
  bool is_cond_branch;  /* guarded bra, or brx.idx */
  bool can_diverge;     /* a conditional branch on a value that is not uniform */
  uint32_t reconv;      /* conditional branch: its reconvergence instruction,
                           AN_NONE for the function's exit */
  bool is_reconv_point; /* some conditional branch reconverges here */
  bool in_divergent_region;
  uint16_t n_defs, n_uses;
  uint32_t *defs;       /* register numbers written (guarded or not) */
  uint32_t *uses;       /* register numbers read, the guard included */
  uint32_t kill_mask;   /* bit k: defs[k] is a full, unguarded write */
  uint32_t live_in_slots, live_in_preds;   /* counts of live_in */
  uint32_t union_slots, union_preds;       /* counts of the union set */
  bool is_preemption_point;
} an_insn;

typedef struct an_preemption_point {
  uint32_t insn;        /* the point is just before this instruction */
  uint32_t loop;        /* the innermost loop it serves, AN_NONE outside loops */
  bool is_barrier;      /* bar.pp rather than pp */
  bool is_wait_point;   /* a barrier added so that a warp blocked there can
                           be preempted (see the design note above) */
} an_preemption_point;

typedef struct an_options {
  uint32_t pp_interval; /* K; 0 means AN_DEFAULT_PP_INTERVAL */
  bool liveness_only;   /* stop after liveness (the decoder's question:
                           which registers are read before written) */
} an_options;

typedef struct an_func {
  const ptx_module *module;
  const ptx_func *fn;
  uint32_t n_insns;
  cfg g;
  uint32_t *block_order; /* reverse post-order of the blocks reachable from
                            the entry, then the unreachable ones */
  uint32_t n_regs;
  an_reg *regs;
  uint32_t n_loops;
  an_loop *loops;        /* outer loops before the loops they contain */
  an_insn *insns;
  bool *reg_uniform;     /* per register: uniform across a warp's lanes */
  uint32_t words;        /* 64-bit words per live set */
  uint64_t *live_in;     /* n_insns sets: live before the instruction */
  uint64_t *live_out;    /* n_insns sets: live after it */
  uint64_t *union_live;  /* n_insns sets: live_in joined per the regions
                            enclosing it (equal to live_in outside them) */
  uint32_t max_live;     /* maximum of live_in_slots */
  uint32_t max_live_insn; /* first instruction where it occurs (AN_NONE: no insns) */
  uint32_t pred_max_live;
  double avg_live;       /* mean live_in_slots over the instructions */
  uint32_t n_pps;
  an_preemption_point *pps; /* ascending instruction order */
  uint32_t est_regs;     /* registers per thread from a linear scan */
  uint32_t *reg_phys;    /* per register: its first 32-bit register in that
                            assignment (a 64-bit value takes an aligned
                            pair); AN_NONE for predicates and registers
                            never live */
  uint32_t n_branches, n_divergent_branches;
} an_func;

/* Runs every analysis on fn (a function with a body).  PTX_ENOMEM on
 * failure. */
int an_func_analyse(const ptx_module *m, const ptx_func *fn, const an_options *o,
                    an_func **out) PTX_MUST_CHECK;
void an_func_free(an_func *a);

/* The register's name as PTX spells it ("%r12", "%rd3", "%p1"). */
void an_reg_name(const an_func *a, uint32_t reg, char *buf, size_t size);

static inline const uint64_t *an_set(const uint64_t *sets, const an_func *a, uint32_t insn)
{
  return sets + (size_t)insn * a->words;
}
static inline bool an_set_has(const uint64_t *set, uint32_t reg)
{
  return (set[reg / 64] >> (reg % 64)) & 1;
}
/* Whether special register id (ptx_sreg) has one value for the whole
 * launch or the CTA (%ctaid, %ntid, %nctaid, ...; not %tid, %laneid,
 * %clock, ...). */
bool an_sreg_is_uniform(uint16_t id);

/* The 54-bit liveness field of a pp / bar.pp (004 §1.7) for set: bit b
 * (b < AN_PP_VECTOR_BITS) is physical 32-bit register R<b> of the
 * linear-scan assignment (reg_phys; a 64-bit register sets its pair, a
 * 128-bit one its quad); bit AN_PP_OVERFLOW_BIT says some register above
 * R52 is live, which then saves them all (§8: we read the seed's 54 bits as
 * 53 explicit registers and the flag).  Predicates are not in the field
 * (their file is saved whole). */
enum { AN_PP_VECTOR_BITS = 53, AN_PP_OVERFLOW_BIT = 53 };
uint64_t an_pp_vector(const an_func *a, const uint64_t *set);

/* Slots and predicates of a set. */
void an_set_count(const an_func *a, const uint64_t *set, uint32_t *slots, uint32_t *preds);

/* ---- the passes, in the order an_func_analyse runs them (after
 * cfg_build_ir) ------------------------------------------------------- */

/* Numbers the registers and fills defs/uses/kill_mask of every insn. */
int an_defuse(an_func *a) PTX_MUST_CHECK;
/* Natural loops; fills loops, insns[].loop/loop_depth. */
int an_loops(an_func *a) PTX_MUST_CHECK;
/* Live sets, their counts, max/avg live. */
int an_liveness(an_func *a) PTX_MUST_CHECK;
/* Uniformity; fills reg_uniform, can_diverge, in_divergent_region. */
int an_uniformity(an_func *a) PTX_MUST_CHECK;
/* Union sets and their counts, is_reconv_point. */
int an_union_sets(an_func *a) PTX_MUST_CHECK;
/* Preemption points with interval k. */
int an_preemption_points(an_func *a, uint32_t k) PTX_MUST_CHECK;
/* Linear-scan register estimate. */
int an_register_estimate(an_func *a) PTX_MUST_CHECK;

/* The blocks of the divergent region of the conditional branch ending
 * block b (reached from its successors before its immediate
 * post-dominator) into out (n_blocks entries); returns how many.  mark
 * (n_blocks bytes) must be zero and is left zero, so that a pass over
 * every branch costs the sizes of the regions, not the function's size
 * per branch. */
uint32_t an_region_blocks(const an_func *a, uint32_t b, uint8_t *mark, uint32_t *out);

#endif /* PTXSIM_ISA_ANALYSIS_H */
