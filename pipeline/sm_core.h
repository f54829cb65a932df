/* sm_core.h -- one streaming multiprocessor of the timing model.
 *
 * An SM holds up to 64 warp slots and a number of CTA slots.  Each cycle
 * (sm_cycle) each of its warp schedulers picks, in the order its policy
 * gives, the first warp whose next instruction can issue:
 *   - fetch: the instruction is in the warp's instruction buffer (a buffer
 *     of ibuf_entries instructions, refilled through the SM's fetch port,
 *     one warp per cycle, fetch_latency cycles after it ran dry or after a
 *     control transfer redirected it);
 *   - dependence tracking (a unit chosen by -ptxsim_scoreboard; per_warp:
 *     the warp has fewer than max_inflight instructions in flight (0: no
 *     limit) and no pending write to a register it reads or writes;
 *     shared: 002b §A.3's scoreboard of the SM, stall on use);
 *   - execution units: an instance of its unit is free (initiation
 *     interval), or for memory instructions the LD/ST pipeline takes one
 *     (memsys); and the warp is not waiting at a barrier.
 * Issuing executes the instruction in the functional core (simt_step), so
 * values, addresses and branch outcomes are exact; the register-file seam
 * (-ptxsim_register_file) may then change what it costs, the branch unit
 * (-ptxsim_branch_predictor) decides whether fetch must be redirected (a
 * misprediction issues nullified wrong-path instructions meanwhile), and
 * its results become readable latency cycles later, or when memsys reports
 * the data back.  The stages and their seams: doc/architecture.md and
 * sm_int.h.
 *
 * A scheduler that issues nothing in a cycle records why: Idle (no warp
 * had an instruction to issue), Scoreboard (one waited for a register or
 * for its in-flight limit) or Pipeline (one was ready but its unit was
 * busy).  An SM in which nothing can happen before a known cycle sleeps
 * until then (sm_wake_cycle), and its skipped cycles count in the stall
 * class of the cycle it went to sleep in.
 */
#ifndef PTXSIM_PIPELINE_SM_CORE_H
#define PTXSIM_PIPELINE_SM_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "isa/simt.h"
#include "memsys/mem_timing.h"
#include "pipeline/tm_kernel.h"
#include "policies/pol_sched.h"

enum {
  SM_MAX_WARPS = 64,     /* warp slots: masks are 64-bit */
  SM_MAX_SCHEDULERS = 8,
  SM_MAX_UNITS = 8,      /* instances of one unit kind */
  SM_SB_HIST = 65,       /* buckets of the scoreboard occupancy histogram */
  SM_WHEEL = 64          /* buckets of the wake-up wheel: a power of 2 */
};

#define SM_NEVER UINT64_MAX

/* Why a scheduler issued nothing, in GPGPU-Sim's three classes (the
 * sched<k>_stall_* statistics). */
#define SM_STALLS(X) X(IDLE, "Idle") X(SCOREBOARD, "Scoreboard") X(PIPELINE, "Pipeline")
typedef enum sm_stall {
#define X(id, name) SM_STALL_##id,
  SM_STALLS(X)
#undef X
  SM_STALL_COUNT
} sm_stall;

/* Why a warp cannot issue, finer (002b Part E's issue-stall breakdown, the
 * ptxsim_issue_stall_* statistics): its name, the GPGPU-Sim class it
 * counts in, and what it means.  When several warps of a scheduler wait
 * for different causes, the cycle counts for the first in this order. */
#define SM_CAUSES(X)                                                                        \
  X(STRUCTURAL, PIPELINE, "structural", "a warp was ready but its unit or the LD/ST "       \
                                        "pipeline was busy")                                \
  X(RAW_ALU, SCOREBOARD, "raw_alu", "waiting for a fixed-latency (ALU) result, or for an "  \
                                    "ALU instruction to leave the warp's in-flight limit")  \
  X(RAW_MEM, SCOREBOARD, "raw_mem", "waiting for a memory result, or for a memory "         \
                                    "instruction to leave the warp's in-flight limit")      \
  X(WAW, SCOREBOARD, "waw", "a redefinition under a narrower mask waits for the older "     \
                            "one to commit (shared scoreboard)")                            \
  X(SCOREBOARD_FULL, SCOREBOARD, "scoreboard_full", "the SM's shared scoreboard had no "    \
                                                    "free entry")                           \
  X(STORE_ORDER, SCOREBOARD, "store_order", "a store waits to be the warp's oldest, or a "  \
                                            "load for an older store (shared scoreboard)")  \
  X(CONTROL, IDLE, "control", "waiting for a branch to resolve and fetch to be "            \
                              "redirected")                                                 \
  X(BARRIER, IDLE, "barrier", "waiting at a barrier")                                       \
  X(FETCH, IDLE, "fetch", "the instruction buffer ran dry and its refill had not arrived")  \
  X(IDLE, IDLE, "idle", "no warp to issue (none resident, or all finished)")
typedef enum sm_cause {
#define X(id, cls, name, doc) SM_CAUSE_##id,
  SM_CAUSES(X)
#undef X
  SM_CAUSE_COUNT
} sm_cause;

/* The GPGPU-Sim class of each cause.  One entry more, for SM_CAUSE_COUNT
 * as a check's answer that a nullified wrong-path instruction took the
 * scheduler's slot (sm_branch.h): it has the class and retry (SM_NEVER)
 * of a long-latency wait, so that the cycle finds it in the rare branch
 * where it looks for those, at no cost to any other check. */
extern const uint8_t sm_cause_class[SM_CAUSE_COUNT + 1];

/* Why a warp cannot issue now, and from when it might: what each stage's
 * check (fetch, dependence tracking, execution units, memory) reports. */
typedef struct sm_wait {
  sm_cause cause;
  uint64_t retry;             /* SM_NEVER: until something wakes the warp */
} sm_wait;

/* The units behind the SM's seams, each chosen by name (sm_dep.h,
 * sm_branch.h, sm_operand.h). */
typedef struct sm_dep_ops sm_dep_ops;
typedef struct sm_bpred_ops sm_bpred_ops;
typedef struct sm_operand_ops sm_operand_ops;

/* What every SM of a GPU shares, or of one kind of SM on a heterogeneous
 * GPU (derived from the configuration, or its ILP view: tm_gpu.c). */
typedef struct sm_params {
  uint32_t n_warp_slots;      /* threads per SM / 32, at most SM_MAX_WARPS */
  uint32_t n_cta_slots;
  uint32_t n_schedulers;
  uint32_t issue_per_warp;    /* instructions a warp may issue per cycle */
  bool is_skip_idle;          /* -ptxsim_skip_idle: the cycle skips asleep
                                 warps unread and tries an LRR scheduler's
                                 warps lazily (sm_core.c) */
  uint32_t n_units[SM_UNIT_COUNT]; /* instances; 0 = no structural limit */
  uint32_t max_inflight;      /* per warp, 0 = unlimited */
  uint32_t ibuf_entries;
  uint32_t fetch_latency;
  uint32_t branch_latency;    /* extra cycles before a redirected fetch */
  uint32_t resolve_cycles;    /* issue of a branch to its outcome: the
                                 resolve stage in core cycles, at least 1 */
  bool is_bypass;             /* -ptxsim_bypass: ALU results forwarded */
  uint32_t bypass_cycles;     /* issue to the bypass stage, core cycles */
  uint32_t scoreboard_entries; /* -ptxsim_scoreboard_entries (shared) */
  uint32_t gshare_bits;       /* -ptxsim_gshare_bits */
  uint32_t srf_entries;       /* -ptxsim_srf_entries */
  uint32_t irb_entries;       /* -ptxsim_irb_entries (0: no reuse buffer) */
  uint32_t redundancy;        /* -ptxsim_redundancy: a tm_redundancy */
  uint32_t scalar_reliability; /* -ptxsim_scalar_reliability */
  uint32_t scalar_fault_ppm;  /* -ptxsim_scalar_fault_ppm */
  uint32_t scalar_fault_seed; /* -ptxsim_scalar_fault_seed */
  uint32_t scalar_check;      /* -ptxsim_scalar_check */
  uint32_t tex_latency;
  uint64_t local_base;        /* where local memory lives in the address
                                 space memsys sees */
  pol_sched_params sched;
  const sm_dep_ops *dep;      /* -ptxsim_scoreboard */
  const sm_bpred_ops *bpred;  /* -ptxsim_branch_predictor */
  const sm_operand_ops *operand; /* -ptxsim_register_file */
} sm_params;

/* The timing state of a warp slot.  Dependence tracking, the branch
 * predictor and the register file keep theirs in their own per-SM state,
 * indexed by slot. */
typedef struct sm_warp {
  simt_warp *w;               /* the functional warp (in its CTA's slot) */
  const tm_insn *next_t;      /* timing view of its next instruction */
  uint32_t slot;              /* its index in sm_core.warps */
  uint32_t cta_slot;
  uint32_t ibuf_n;            /* fetch: instructions left in the buffer
                                 (the refill's cycle and why it is waited
                                 for: sm_core.ibuf_ready, fetch_wait) */
  uint32_t n_mem;             /* memory instructions outstanding */
  uint32_t next_mem_id;
  bool is_functionally_done;  /* exited; the slot frees once n_mem is 0 */
  uint64_t pp_paid;           /* preemption: 1 + the warp's instruction count
                                 when it paid its pp's issue slot */
} sm_warp;

/* The wrong path of a warp's mispredicted branch (sm_branch.h). */
typedef struct sm_wrong_path {
  uint32_t pc;                /* its next instruction */
  uint64_t end;               /* the last cycle one may issue in */
} sm_wrong_path;

typedef struct sm_cta {
  simt_cta cta;
  bool in_use;
  uint32_t n_warps_left;      /* warp slots not yet freed */
  uint64_t start_cycle;
} sm_cta;

/* The counters of the ILP mechanisms (002b Part E): name, statistic,
 * description.  The units behind the seams count them (sm_stats is given
 * to their create()). */
#define SM_ILP_COUNTERS(X)                                                                     \
  X(bypass_uses, "ptxsim_bypass_uses", "instructions that read a result through the bypass "  \
                                       "(issued before its producer's write-back)")           \
  X(bypass_cycles_saved, "ptxsim_bypass_cycles_saved", "cycles between such an issue and "    \
                                                       "its producer's write-back, summed")   \
  X(sb_solo_issues, "ptxsim_scoreboard_solo_issues", "instructions issued without an entry "  \
                                                     "of the full shared scoreboard")         \
  X(sb_nm_invalidations, "ptxsim_scoreboard_nm_invalidations", "entries whose NM bit a "      \
                                                               "younger definition cleared")  \
  X(sb_commits, "ptxsim_scoreboard_commits", "entries committed in order to the register "    \
                                             "file")                                          \
  X(sb_max_inflight, "ptxsim_scoreboard_max_inflight_per_warp", "most entries one warp "      \
                                                                "held at once (max over SMs)") \
  X(bp_branches, "ptxsim_bp_branches", "branch instructions issued (bra, brx.idx)")            \
  X(bp_conditional, "ptxsim_bp_conditional", "conditional branches (predicated bra)")          \
  X(bp_divergent, "ptxsim_bp_divergent", "conditional branches whose active lanes split")      \
  X(bp_backward, "ptxsim_bp_backward", "direct branches to the same or a lower PC")           \
  X(bp_lookups, "ptxsim_bp_lookups", "conditional branches the predictor was asked about")     \
  X(bp_correct, "ptxsim_bp_correct", "non-divergent conditional branches predicted right")     \
  X(bp_mispredicts, "ptxsim_bp_mispredicts", "non-divergent conditional branches predicted "   \
                                             "wrong (their wrong path is nullified)")           \
  X(nullified_warp_insn, "ptxsim_nullified_warp_insn", "wrong-path warp instructions issued "  \
                                                       "and nullified")
typedef struct sm_ilp_stats {
#define X(field, name, doc) uint64_t field;
  SM_ILP_COUNTERS(X)
#undef X
  /* ptxsim_scoreboard_occupancy: cycles the shared scoreboard held k
   * entries, k = 0..SM_SB_HIST-1 (the last bucket: that many or more). */
  uint64_t sb_occupancy[SM_SB_HIST];
} sm_ilp_stats;

/* The counters of uniform-instruction detection (002a §1.3-1.5, §1.9),
 * counted by the register files of -ptxsim_scalar_mode (operand_uniform.h;
 * 0 with none): field, statistic, description. */
#define SM_SCALAR_COUNTERS(X)                                                                  \
  X(uniform_insn, "ptxsim_scalar_uniform_insn", "warp instructions detected intra-warp "     \
                                                "uniform (full mask, every source uniform)")  \
  X(converted_issues, "ptxsim_scalar_converted_issues", "uniform instructions run on one "   \
                                                        "lane (token, srf)")                 \
  X(diverged, "ptxsim_scalar_uniform_diverged", "eligible instructions with uniform sources " \
                                                "not converted for a partial mask")           \
  X(cow, "ptxsim_scalar_cow", "copy-on-writes: partial-mask writes to a uniform destination")  \
  X(cow_paper, "ptxsim_scalar_cow_paper", "those whose destination is also a source (002a's " \
                                          "rule)")                                              \
  X(srf_full_events, "ptxsim_srf_full_events", "uniform instructions and broadcast loads the " \
                                               "full scalar register file left unconverted")    \
  X(broadcast_loads, "ptxsim_scalar_broadcast_loads", "full-mask loads whose lanes all read "   \
                                                      "one address (destination uniform)")       \
  X(redundant_ops, "ptxsim_scalar_redundant_ops", "thread operations uniform instructions "     \
                                                  "repeat: executing lanes - 1 each (002a §1.9)") \
  X(irb_lookups, "ptxsim_irb_lookups", "uniform instructions looked up in the instruction "      \
                                       "reuse buffer (-ptxsim_irb_entries)")                      \
  X(irb_hits, "ptxsim_irb_hits", "lookups whose partial-PC tag and opcode matched an entry")     \
  X(irb_value_matches, "ptxsim_irb_value_matches", "hits whose source values matched too: "      \
                                                   "inter-warp uniform instructions")             \
  X(irb_mismatches, "ptxsim_irb_mismatches", "hits with other source values (entry updated)")    \
  X(irb_installs, "ptxsim_irb_installs", "misses, installed in the least recently used entry")   \
  X(irb_evictions, "ptxsim_irb_evictions", "installs that replaced a valid entry")               \
  X(irb_reused_issues, "ptxsim_irb_reused_issues", "value matches that skipped execution "       \
                                                   "(-ptxsim_redundancy inter or combined)")      \
  X(inter_ops, "ptxsim_irb_redundant_ops", "thread operations inter-warp uniform instructions " \
                                           "repeat: executing lanes each (002a §1.9)")           \
  X(rel_alu_ops, "ptxsim_scalar_rel_alu_ops", "thread operations of ALU instructions (SP, DP, " \
                                              "INT, SFU), with -ptxsim_scalar_reliability")       \
  X(rel_protected_ops, "ptxsim_scalar_rel_protected_ops", "of those, protected: dual-computed " \
                                                          "or reused with good parity")          \
  X(rel_live_reg_cycles, "ptxsim_scalar_rel_live_reg_cycles", "register-cycles registers are "  \
                                                              "live (write to last read)")        \
  X(rel_protected_reg_cycles, "ptxsim_scalar_rel_protected_reg_cycles", "of those, holding a "  \
                                                                        "duplicated value")      \
  X(faults_injected, "ptxsim_scalar_faults_injected", "single-bit upsets injected "              \
                                                      "(-ptxsim_scalar_fault_ppm)")              \
  X(faults_detected, "ptxsim_scalar_faults_detected", "upsets detected (copies differ, parity)")  \
  X(faults_corrected, "ptxsim_scalar_faults_corrected", "upsets corrected (the good copy, or "   \
                                                        "the instruction run again)")            \
  X(faults_silent, "ptxsim_scalar_faults_silent", "upset values delivered to a register "      \
                                                  "unnoticed (reliability off; per reuse of an " \
                                                  "upset entry)")                                \
  X(irb_parity_errors, "ptxsim_irb_parity_errors", "reuse-buffer hits refused for a parity "     \
                                                   "error (reliability)")
typedef struct sm_scalar_stats {
#define X(field, name, doc) uint64_t field;
  SM_SCALAR_COUNTERS(X)
#undef X
} sm_scalar_stats;

/* Register-file and ALU events, counted at issue for the energy model:
 * 32-bit lane accesses of the vector register file (each register an
 * instruction reads or writes, times the lanes it runs on: sm_issue_cost's
 * rf_lanes), scalar register file accesses, and lane operations per unit
 * kind. */
typedef struct sm_rf_stats {
  uint64_t vrf_lane_reads, vrf_lane_writes;
  uint64_t srf_reads, srf_writes;
  uint64_t irb_accesses;      /* reuse buffer lookups that count (inter,
                                 combined) */
  uint64_t lane_ops[SM_UNIT_COUNT];
} sm_rf_stats;

typedef struct sm_stats {
  /* What every cycle or issue counts first, in a few cache lines. */
  uint64_t issued_warp_insns, issued_thread_insns;
  uint64_t active_warp_cycles; /* sum over cycles of resident warps */
  uint64_t unit_busy[SM_UNIT_COUNT]; /* issue-cycles charged to each unit kind */
  sm_rf_stats rf;
  uint64_t issue_hist[33];     /* W0..W32: active lanes of issued instructions */
  uint64_t stall[SM_MAX_SCHEDULERS][SM_STALL_COUNT];
  uint64_t cause[SM_CAUSE_COUNT]; /* scheduler-cycles without issue, by cause */
  uint64_t ctas_done;
  uint64_t pp_hits;            /* preemption points passed (ptxsim_pp_hits) */
  sm_ilp_stats ilp;
  sm_scalar_stats scalar;
} sm_stats;

typedef struct tm_gpu tm_gpu;

/* What the cycle reads and writes of each warp slot, in one 24-byte
 * record: apart from sm_warp, so that a warp that waits costs the cycle
 * no line of its own state. */
typedef struct sm_slot {
  /* The earliest cycle the warp can issue; SM_NEVER: until memory
   * answers, a barrier opens or the LD/ST pipeline frees.  Written by
   * sm_set_not_before only. */
  uint64_t not_before;
  /* Fetch (sm_fetch.h): the cycle the buffer's refill arrives (once the
   * buffer holds instructions, ibuf_n > 0, it is in the past), so that a
   * warp whose buffer waits fails its try without its sm_warp being
   * read. */
  uint64_t ibuf_ready;
  uint8_t fetch_wait;         /* why an empty buffer waits (sm_cause: FETCH,
                                 or CONTROL when the refill follows a
                                 control transfer); SM_CAUSE_COUNT: CONTROL,
                                 and the wrong path of a mispredicted branch
                                 may issue meanwhile (sm_core.wrong_path) */
  uint8_t wait_cause;         /* sm_cause: why the warp last failed a check
                                 or went to sleep */
  uint8_t sched;              /* its scheduler (no division per event) */
} sm_slot;

/* The fields every cycle reads come first, in a few cache lines. */
typedef struct sm_core {
  const sm_params *p;
  uint64_t used_mask;         /* warp slots in use */
  uint64_t asleep;            /* slots whose not_before is SM_NEVER: the
                                 per-cycle scan skips them unread */
  /* The wake-up wheel: every slot whose not_before is not SM_NEVER is in
   * exactly one of these sets, by its not_before c relative to
   * wheel_at (the last cycle sm_cycle ran, or 0): c <= wheel_at in due;
   * wheel_at < c <= wheel_at + SM_WHEEL in wheel[c % SM_WHEEL]; later in
   * far.  sm_set_not_before keeps the sets; sm_cycle moves the buckets
   * that came due into due, so the warps ready at a cycle are one AND and
   * the next cycle a waiting warp can issue is the first busy bucket,
   * with no scan of the warps (the cycle's rules are unchanged: it
   * computes what the scan of not_before computed).  Freed slots may
   * stay in a set: readers mask with used_mask. */
  uint64_t due;
  uint64_t wheel_busy;        /* bit b: wheel[b] is not empty */
  uint64_t far;
  uint64_t far_min;           /* <= not_before of every slot in far */
  uint64_t wheel_at;
  uint64_t ldst_waiters;      /* warps waiting for the LD/ST pipeline to
                                 take a memory instruction */
  uint64_t fetch_free;        /* the fetch port's next free cycle */
  uint64_t wake;              /* next cycle sm_cycle has work */
  uint64_t last_cycle;        /* last cycle sm_cycle ran */
  uint64_t resident_warps;    /* warps in use, for occupancy */
  void *dep;                  /* dependence tracking's state (dep_ops) */
  bool is_dep_per_warp;       /* dep_ops is the per-warp scoreboard: called
                                 directly (sm_int.h) */
  uint8_t last_stall[SM_MAX_SCHEDULERS]; /* sm_cause, or SM_CAUSE_COUNT: issued */
  const sm_operand_ops *operand_ops; /* register file (sm_operand.h) */
  const sm_bpred_ops *bpred_ops; /* branch predictor (sm_branch.h) */
  const tm_kernel *k;
  simt_launch *launch;
  uint64_t sched_mask[SM_MAX_SCHEDULERS]; /* warp slots each one owns */
  pol_sched sched[SM_MAX_SCHEDULERS];
  sm_slot slot[SM_MAX_WARPS];
  uint64_t wheel[SM_WHEEL];
  uint64_t unit_free[SM_UNIT_COUNT][SM_MAX_UNITS];
  sm_warp warps[SM_MAX_WARPS];
  uint32_t id;
  tm_gpu *gpu;
  mem_sys *mem;
  uint64_t age[SM_MAX_WARPS]; /* dispatch order, for oldest-first policies */
  sm_cta *ctas;               /* p->n_cta_slots */
  uint32_t n_ctas;            /* in use */
  uint64_t next_age;
  const sm_dep_ops *dep_ops;  /* dependence tracking (sm_dep.h) */
  void *bpred;
  void *operand;
  sm_stats st;
  /* Preemption (pipeline/preempt_ctl.h): the controller asked the SM's
   * warps to stop at their next stop point; the warps that did. */
  bool is_stopping;
  uint64_t stopped_mask;
  /* Per warp slot, where sm_core.fetch_wait says so (at the end: only
   * the branch unit reads it). */
  sm_wrong_path wrong_path[SM_MAX_WARPS];
} sm_core;

/* Sets the earliest cycle the warp in slot can issue, keeping the asleep
 * mask: every write of not_before goes through here. */
static inline void sm_set_not_before(sm_core *sm, uint32_t slot, uint64_t cycle)
{
  uint64_t bit = UINT64_C(1) << slot;
  uint64_t old = sm->slot[slot].not_before, at = sm->wheel_at;
  /* Out of the wake-up wheel's set it was in, into the one of cycle. */
  if (old <= at)
    sm->due &= ~bit;
  else if (old - at <= SM_WHEEL) {
    uint32_t b = (uint32_t)old & (SM_WHEEL - 1);
    sm->wheel[b] &= ~bit;
    if (!sm->wheel[b])
      sm->wheel_busy &= ~(UINT64_C(1) << b);
  } else
    sm->far &= ~bit; /* SM_NEVER too: in no set, nothing to clear */
  sm->slot[slot].not_before = cycle;
  sm->asleep = cycle == SM_NEVER ? sm->asleep | bit : sm->asleep & ~bit;
  if (cycle <= at)
    sm->due |= bit;
  else if (cycle - at <= SM_WHEEL) {
    uint32_t b = (uint32_t)cycle & (SM_WHEEL - 1);
    sm->wheel[b] |= bit;
    sm->wheel_busy |= UINT64_C(1) << b;
  } else if (cycle != SM_NEVER) {
    sm->far |= bit;
    sm->far_min = cycle < sm->far_min ? cycle : sm->far_min;
  }
}

/* Turns the wake-up wheel to now (sm_cycle, first thing): the buckets of
 * the cycles since it last turned come due, and the far warps whose
 * not_before is now within reach go into the buckets (or due). */
static inline void sm_wheel_turn(sm_core *sm, uint64_t now)
{
  uint64_t at = sm->wheel_at;
  if (now <= at)
    return;
  uint64_t busy = sm->wheel_busy;
  if (now - at < SM_WHEEL) {
    /* The buckets of at+1..now: now-at of them from (at+1) % SM_WHEEL. */
    uint32_t n = (uint32_t)(now - at), first = (uint32_t)(at + 1) & (SM_WHEEL - 1);
    uint64_t run = (UINT64_C(1) << n) - 1;
    busy &= run << first | (first ? run >> (SM_WHEEL - first) : 0);
  }
  sm->wheel_busy &= ~busy;
  while (busy) {
    uint32_t b = (uint32_t)__builtin_ctzll(busy);
    busy &= busy - 1;
    sm->due |= sm->wheel[b];
    sm->wheel[b] = 0;
  }
  sm->wheel_at = now;
  if (PTX_UNLIKELY(sm->far) && sm->far_min <= now + SM_WHEEL) {
    uint64_t far = sm->far;
    sm->far = 0;
    sm->far_min = SM_NEVER;
    while (far) {
      uint32_t slot = (uint32_t)__builtin_ctzll(far);
      far &= far - 1;
      uint64_t nb = sm->slot[slot].not_before;
      sm->slot[slot].not_before = 0; /* in no set now: re-entered below */
      sm->due &= ~(UINT64_C(1) << slot);
      sm_set_not_before(sm, slot, nb);
    }
  }
}

/* The earliest not_before after now (the cycle the wheel was turned to)
 * among the slots in mask that wait for a known cycle; SM_NEVER if none:
 * what a scan of not_before over mask would find. */
static inline uint64_t sm_wheel_next(const sm_core *sm, uint64_t now, uint64_t mask)
{
  uint32_t first = (uint32_t)(now + 1) & (SM_WHEEL - 1);
  uint64_t busy = sm->wheel_busy;
  /* Bit k: the bucket of cycle now+1+k. */
  busy = first ? busy >> first | busy << (SM_WHEEL - first) : busy;
  while (busy) {
    uint32_t k = (uint32_t)__builtin_ctzll(busy);
    busy &= busy - 1;
    if (sm->wheel[(first + k) & (SM_WHEEL - 1)] & mask)
      return now + 1 + k;
  }
  uint64_t next = SM_NEVER;
  for (uint64_t m = sm->far & mask; m; m &= m - 1) {
    uint64_t nb = sm->slot[__builtin_ctzll(m)].not_before;
    next = nb < next ? nb : next;
  }
  return next;
}

/* Sets up an SM (its schedulers as p->sched says).  PTX_ENOMEM or
 * PTX_EINVAL (message in err). */
int sm_init(sm_core *sm, uint32_t id, tm_gpu *gpu, const sm_params *p, const tm_kernel *k,
            simt_launch *l, mem_sys *mem, char *err, size_t errlen) PTX_MUST_CHECK;
void sm_free(sm_core *sm);

/* Whether n_warps free warp slots and a CTA slot exist. */
bool sm_has_room(const sm_core *sm, uint32_t n_warps);

/* Starts CTA linear_id on the SM at cycle now.  0, or the launch's status. */
int sm_start_cta(sm_core *sm, uint32_t linear_id, uint64_t now) PTX_MUST_CHECK;

/* Runs cycle now (now >= sm->wake).  Returns 0, or the launch's status
 * when it stopped (fault, deadlock, instruction limit). */
int sm_cycle(sm_core *sm, uint64_t now) PTX_MUST_CHECK;

/* The LD/ST pipeline may take an instruction again: wakes the warps that
 * wait for it (the clock loop checks SMs with ldst_waiters each cycle it
 * runs). */
void sm_ldst_ready(sm_core *sm, uint64_t now);

/* memsys reports a memory instruction's data back. */
void sm_mem_done(sm_core *sm, uint64_t tag, uint64_t cycle);

/* The SM's part of the clock loop's cycle now: the LD/ST pipeline's
 * waiters if it is free again, then the cycle if the SM is awake.  0, or
 * sm_cycle's status. */
static inline int sm_clock(sm_core *sm, uint64_t now)
{
  if (sm->ldst_waiters && mem_sm_can_issue(sm->mem, sm->id, now))
    sm_ldst_ready(sm, now);
  return sm->wake <= now ? sm_cycle(sm, now) : 0;
}

/* Adds the stall cycles the SM slept through up to cycle end (at the end
 * of a launch), and lets dependence tracking close what it counts over
 * time (sm_dep_ops.finish). */
void sm_finish(sm_core *sm, uint64_t end);

#endif /* PTXSIM_PIPELINE_SM_CORE_H */
