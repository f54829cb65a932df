/* report_int.h -- what the report files share: the per-kernel totals that
 * accumulate over launches (report_observe.c fills them, report_write.c
 * prints them) and the device's report_state.  Not installed.
 *
 * Sizes are fixed when a kernel is first launched: one rep_branch per
 * conditional branch (guarded bra, brx.idx) and one rep_pp per
 * preemption point of every function the kernel can reach, so that the
 * observer only indexes arrays while instructions execute.
 */
#ifndef PTXSIM_SRC_REPORT_INT_H
#define PTXSIM_SRC_REPORT_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/analysis.h"
#include "isa/ctx_compress.h"
#include "isa/simt.h"
#include "pipeline/preempt_ctl.h"
#include "src/report.h"

enum {
  REP_NONE = UINT32_MAX,
  REP_DEPTH_BINS = 64,        /* stack depths 0..62 each, 63 and deeper in the last bin */
  REP_MAX_PENDING = 16,       /* divergences awaiting reconvergence, per warp */
  REP_DEFAULT_PAG = 16,       /* -ptxsim_pp_pag's default (004 §1.5) */
  REP_MAX_LISTED_WARPS = 1 << 20 /* warp finish times kept per kernel for the
                                    CTA list; later CTAs count in the summary */
};

/* One static conditional branch. */
typedef struct rep_branch {
  const isa_func *func;
  uint32_t pc;
  uint32_t reconv;            /* the analysis' reconvergence insn, AN_NONE: exit */
  bool can_diverge;           /* an_insn.can_diverge */
  uint64_t n_exec;            /* warp executions */
  uint64_t n_divergent;       /* next_active != active and the warp not done */
  uint64_t taken_threads;     /* lanes that took it (the exec mask) */
  uint64_t not_taken_threads; /* active lanes whose guard was false */
  uint64_t active_lanes;      /* sum of popcount(active) */
  uint32_t max_depth;         /* deepest stack right after it executed */
  uint64_t n_reconv_checks;   /* its divergences seen reconverging */
  uint64_t n_reconv_violations; /* ... where live lanes were missing */
} rep_branch;

/* One preemption point. */
typedef struct rep_pp {
  const isa_func *func;
  uint32_t pc;
  uint32_t loop_line;         /* PTX line of its loop's header, 0 outside loops */
  bool is_barrier;
  bool is_wait_point;         /* an_preemption_point.is_wait_point */
  uint32_t live_slots, union_slots;
  uint64_t hits;              /* warps that issued its instruction */
} rep_pp;

/* Report C (004 §6): warps' live context at the points they reach, as the
 * compression unit sees it (isa/ctx_live.h).  Bytes are summed over
 * samples; one sample per warp that reaches a point. */
typedef struct rep_ctx {
  uint64_t samples;           /* warps sampled at a point */
  uint64_t diverged;          /* ... of them diverged (the union set saved) */
  uint64_t live_slots;        /* live 32-bit slots saved (plain or union) */
  uint64_t pat[CTX_PAT_COUNT], pat_vec[CTX_PAT_COUNT]; /* slots by pattern */
  uint64_t bytes_occupied;    /* allocated registers x 128 B */
  uint64_t bytes_live;        /* live slots x 128 B */
  uint64_t bytes_live_cp;     /* compressed (PAG) + pattern vector */
  uint64_t bytes_live_cp_vec; /* compressed (width 32) + pattern vector */
  /* TB-level compression at bar.pp points, sampled when a TB's last warp
   * reaches the barrier (all its warps at one point, one live set). */
  uint64_t tb_samples;        /* TBs */
  uint64_t tb_slots;          /* live slots over the TBs' warps */
  uint64_t tb_cls[CTX_TB_CLASS_COUNT]; /* per-warp slots (TB slots x 1) by class */
  uint64_t tb_bytes_live;     /* the TBs' warps: live slots x 128 B */
  uint64_t tb_bytes_live_cp;  /* ... warp-level compressed + pattern vectors */
  uint64_t tb_bytes_tb_cp;    /* TB-level compressed + pattern vectors + global bits */
} rep_ctx;

/* Report D (004 §6): one preemption event of one of the kernel's launches
 * (report_preempt.c). */
typedef struct rep_pevent {
  uint32_t launch;            /* the kernel's launch (0 first) */
  tm_preempt_event ev;
} rep_pevent;

/* An analysed function of a kernel (or an unanalysed slot: an NULL). */
typedef struct rep_func {
  const isa_func *func;
  an_func *an;
  uint32_t *branch_of;        /* per insn: index into rep_kernel.branches or REP_NONE */
  uint32_t *pp_of;            /* per insn: index into rep_kernel.pps or REP_NONE */
  uint32_t *slot_of;          /* per analysis register: its decoded slot
                                 (ctx_reg_slots), NULL when the liveness
                                 report is off */
} rep_func;

/* A finished CTA, for the list of the warp-level report. */
typedef struct rep_cta_out {
  uint32_t launch;            /* the kernel's launch it belongs to (0 first) */
  uint32_t ctaid[3];
  uint32_t n_warps;
  size_t first;               /* its warps' finish times in rep_kernel.finish */
  uint64_t skew;
  double rtru;
} rep_cta_out;

/* Everything reported about one kernel, summed over its launches. */
typedef struct rep_kernel {
  const isa_kernel *kernel;
  const isa_program *prog;
  const char *time_unit;
  uint32_t n_launches, n_failed;
  uint32_t grid[3], block[3]; /* of the first launch */
  uint32_t n_funcs;
  rep_func *funcs;            /* indexed by isa_func.index */
  uint32_t n_branches;
  rep_branch *branches;       /* functions in isa order, branches in pc order */
  uint32_t n_pps;
  rep_pp *pps;
  uint32_t est_regs;          /* the kernel function's linear-scan estimate */

  uint64_t warp_insns, thread_insns;
  uint64_t lanes_hist[SIMT_WARP_SIZE + 1]; /* by popcount of the exec mask */
  uint64_t depth_hist[REP_DEPTH_BINS];     /* by stack depth at issue */
  uint32_t max_depth;
  uint64_t n_reconv_checks, n_reconv_violations, n_untracked;

  /* Warp-level divergence (000-warpman.md §7). */
  uint64_t n_ctas, n_ctas_zero; /* finished CTAs; those with RTRU 0 */
  double rtru_sum, log_rtru_sum; /* over all; log over RTRU > 0 */
  uint64_t skew_min, skew_max, skew_sum;
  size_t n_listed, cap_listed;
  rep_cta_out *listed;
  size_t n_finish, cap_finish;
  uint64_t *finish;           /* warp finish times relative to their CTA's start */

  /* Liveness at preemption points. */
  uint64_t pp_hits, pp_live_sum, pp_union_sum;
  uint32_t pp_interval, pag; /* the points' K and the last launch's PAG */
  rep_ctx ctx;               /* report C (liveness report only) */

  /* Report D: the preemption events (preemption report only). */
  size_t n_pevents, cap_pevents;
  rep_pevent *pevents;
  uint64_t pevents_lost;     /* events that found no memory */
  double core_mhz;           /* the last timing launch's core clock */
} rep_kernel;

/* A divergence waiting for its reconvergence point. */
typedef struct rep_pending {
  uint32_t rpc;               /* pc of the reconvergence point */
  uint32_t frames;            /* call depth it happened at */
  const isa_func *func;
  uint32_t mask;              /* lanes that must arrive together */
  uint32_t branch;            /* the latest branch merged in */
} rep_pending;

/* A warp as the observer follows it. */
typedef struct rep_warp {
  uint32_t depth, frames;     /* stack depth and call depth at the next issue */
  uint64_t finish;            /* UINT64_MAX until the warp is done */
  uint32_t n_pending;
  rep_pending pending[REP_MAX_PENDING];
} rep_warp;

/* A CTA in flight (several at once in timing mode). */
typedef struct rep_cta {
  bool is_used;
  uint32_t linear_id;
  uint32_t ctaid[3];
  uint64_t start;
  uint32_t n_warps, cap_warps;
  rep_warp *warps;
  const isa_insn *bar_at;     /* report C: the barrier point being arrived at */
  uint32_t bar_arrived;       /* ... and the warps that executed it so far */
} rep_cta;

struct report_state {
  unsigned flags;             /* PTXSIM_REPORT_* to print */
  const char *time_unit;
  FILE *trace;                /* NULL: no trace */
  long trace_cta, trace_warp; /* -1: all */
  uint32_t n_kernels, cap_kernels;
  rep_kernel **kernels;       /* in order of first launch */

  /* The launch in progress. */
  simt_observer observer;
  simt_launch *launch;        /* NULL when none is attached */
  rep_kernel *cur;
  uint32_t launch_index;      /* cur's launches before this one */
  uint32_t cap_ctas;          /* power of two; open addressing by linear id */
  uint32_t n_ctas_live;
  rep_cta *ctas;
  rep_cta *last_cta;          /* the slot found last */

  /* Report C: the options and the TB sample's buffers (sized per launch
   * by report_attach, so that sampling allocates nothing). */
  uint32_t pp_interval, pag;  /* pag: this launch's */
  uint32_t pag_option;        /* -ptxsim_pp_pag: 8, 16, 32, or 0 from the TB shape */
  uint32_t cap_tb_warps;
  uint32_t *tb_scratch;       /* cap_tb_warps * 32 words */
  const uint64_t **tb_frames;
  uint32_t *tb_lanes;
};

/* report_observe.c */
int report_state_create(report_state **out) PTX_MUST_CHECK;
/* Drops every kernel's totals. */
void report_clear(report_state *rs);

/* report_preempt.c: the preemption report of one kernel (report D). */
void report_preempt_text(const rep_kernel *k, FILE *out);
void report_preempt_json(const rep_kernel *k, FILE *out);

/* report_write.c: writes the reports selected by rs->flags; 0 or PTX_EIO. */
int report_write_text(const report_state *rs, FILE *out) PTX_MUST_CHECK;
int report_write_json(const report_state *rs, FILE *out) PTX_MUST_CHECK;

#endif /* PTXSIM_SRC_REPORT_INT_H */
