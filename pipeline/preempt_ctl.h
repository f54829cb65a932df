/* preempt_ctl.h -- the preemption controller of the timing model (seed
 * 004 chapter 2, §1.2, §1.9; issue 17).
 *
 * With -ptxsim_preempt_inject N, every N cycles one SM (round robin over
 * the SMs that hold CTAs) receives an interrupt and is switched out and
 * back in:
 *   1. stop: the SM dispatches no CTA; under occupancy each warp stops
 *      before its next instruction, under live and live_cp before its
 *      next preemption point (an_func.pps; a warp waiting at a barrier or
 *      finished counts as stopped); under drain the SM waits until its
 *      resident CTAs finish and nothing is saved;
 *   2. drain: no instruction in flight, no register write or memory
 *      access pending in any warp;
 *   3. save: per CTA whose registers are spilled (every CTA, or under
 *      -ptxsim_preempt_inplace 1 the fewest that free one CTA's worth of
 *      registers, and apart from them of shared memory), each warp's
 *      context really leaves it -- simt_warp_save into a buffer, then
 *      simt_warp_poison -- and so does the CTA's shared memory; the cost
 *      is the bytes of the mode (occupancy: every allocated register of
 *      every lane; live: the registers live at the warp's pc, the union
 *      set when its SIMT stack shows divergence; live_cp: those
 *      compressed), the SIMT stack (12 B per entry) and shared memory, in
 *      128-byte segments, through memsys or at the State/BW rate
 *      (below); in the live modes a CTA whose live warps all wait at one
 *      barrier is also compressed TB-level (004 §1.5, Fig 2.9; counted
 *      beside the warp-level bytes, and under -ptxsim_preempt_tb_compress 1
 *      with live_cp saved that way, as one record per CTA);
 *   4. restore: the reverse (reads, the same cost), then
 *      simt_warp_restore; under -ptxsim_preempt_poison 1 every register
 *      the mode did not save (dead at the warp's pc) is overwritten with
 *      garbage (simt_warp_poison_regs), so a liveness bug shows as a wrong
 *      result; the warps go on.
 * Where the context goes (-ptxsim_preempt_bw):
 *   0 (memsys, the default): each 128-byte segment is one warp store (the
 *     save) or load (the restore) of 32 lanes x 4 B at consecutive
 *     addresses, .cg (past L1: to L2, whose write-back fills DRAM), handed
 *     to memsys through the SM's LD/ST pipeline into the SM's context area
 *     (TM_CTX_BASE + SM x TM_CTX_SM_BYTES); its tag has TM_CTX_TAG set and
 *     its completion comes back through tm_preempt_mem_done.  Low priority:
 *     a segment goes only in a cycle when the SM's pipeline is free after
 *     the SM's own cycle (mem_sm_can_issue after sm_cycle), so the SM's
 *     accesses always win; memsys has no priorities of its own, so beyond
 *     the SM's port the segments queue with other SMs' traffic in arrival
 *     order.  The save ends when its last store has left the pipeline
 *     (memsys completes stores when sent), the restore when its last load
 *     is back; spill and restore cycles come from the pipeline, interconnect,
 *     L2 and DRAM, and the memory counters (L2, DRAM, interconnect) include
 *     the traffic;
 *   N > 0 (State/BW, as GPUDuet's): the context moves at N bytes per core
 *     cycle plus the interconnect latency once, and does not enter memsys.
 *
 * The SM side costs nothing when injection is off: tm_insn.preempt is 0
 * then, and the SM's issue check calls sm_preempt_may_issue only for an
 * instruction whose preempt bits are set.
 */
#ifndef PTXSIM_PIPELINE_PREEMPT_CTL_H
#define PTXSIM_PIPELINE_PREEMPT_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "pipeline/tm_config.h"
#include "pipeline/tm_kernel.h"

/* The counters of the controller (report D of 004 §6), summed over SMs:
 * field, statistic, description. */
#define TM_PREEMPT_COUNTERS(X)                                                                 \
  X(events, "ptxsim_preempt_events", "preemptions completed (an SM switched out and back in)") \
  X(drain_cycles, "ptxsim_preempt_drain_cycles", "interrupt to every warp stopped and drained " \
                                                 "(drain mode: to every resident CTA done)")   \
  X(spill_cycles_regs, "ptxsim_preempt_spill_cycles_regs", "cycles writing register context") \
  X(spill_cycles_smem, "ptxsim_preempt_spill_cycles_smem", "cycles writing shared memory")    \
  X(spill_cycles_simt, "ptxsim_preempt_spill_cycles_simt", "cycles writing SIMT stacks")      \
  X(spill_cycles, "ptxsim_preempt_spill_cycles", "cycles of the whole save (the three parts "  \
                                                 "and the interconnect latency)")             \
  X(restore_cycles, "ptxsim_preempt_restore_cycles", "cycles of the restores")                \
  X(latency_cycles, "ptxsim_preempt_latency_cycles", "preemption latency (drain + spill), "    \
                                                     "summed over events")                    \
  X(latency_max, "ptxsim_preempt_latency_max", "the longest preemption latency of an event")  \
  X(bytes_regs, "ptxsim_preempt_bytes_regs", "register context saved (the mode's bytes)")     \
  X(bytes_smem, "ptxsim_preempt_bytes_smem", "shared memory saved")                           \
  X(bytes_simt, "ptxsim_preempt_bytes_simt", "SIMT stacks saved (12 B per entry)")            \
  X(bytes_occupied, "ptxsim_preempt_bytes_occupied", "register context of the saved warps "   \
                                                     "as occupancy counts it (allocated "     \
                                                     "registers x 128 B per warp)")           \
  X(bytes_live, "ptxsim_preempt_bytes_live", "the same warps' live registers x 128 B (+4 B "  \
                                             "per live predicate)")                           \
  X(bytes_live_cp, "ptxsim_preempt_bytes_live_cp", "the live registers compressed per PAG "  \
                                                   "16 (isa/ctx_compress.h), pattern vector " \
                                                   "included")       \
  X(segments, "ptxsim_preempt_segments", "128-byte segments written (and read back)")         \
  X(warps_saved, "ptxsim_preempt_warps_saved", "warp contexts saved and restored")            \
  X(tbs_evicted, "ptxsim_preempt_tbs_evicted", "CTAs whose registers were spilled")           \
  X(tbs_kept, "ptxsim_preempt_tbs_kept", "CTAs whose registers stayed on chip (in place)")    \
  X(smem_evicted, "ptxsim_preempt_smem_evicted", "CTAs whose shared memory was spilled")       \
  X(ctx_wait_cycles, "ptxsim_preempt_ctx_wait_cycles", "memsys path: cycles a context segment " \
                                                       "waited for the SM's LD/ST pipeline")    \
  X(tbs_at_barrier, "ptxsim_preempt_tbs_at_barrier", "evicted CTAs whose live warps all "      \
                                                     "waited at one barrier (TB-level "        \
                                                     "compression applies)")                   \
  X(tb_bytes_warp, "ptxsim_preempt_tb_bytes_warp", "their registers compressed warp-level "    \
                                                   "(pattern vectors included)")              \
  X(tb_bytes_tb, "ptxsim_preempt_tb_bytes_tb", "the same compressed TB-level (Fig 2.9; "      \
                                               "pattern vectors and global bits included)")
typedef struct tm_preempt_stats {
#define X(field, name, doc) uint64_t field;
  TM_PREEMPT_COUNTERS(X)
#undef X
} tm_preempt_stats;

/* The context area in the address space memsys sees: per SM
 * TM_CTX_SM_BYTES from TM_CTX_BASE, below local memory (tm_gpu.c's
 * TM_LOCAL_BASE, 0x7e0000000000) and above every global allocation. */
#define TM_CTX_BASE UINT64_C(0x00007d0000000000)
#define TM_CTX_SM_BYTES (UINT64_C(1) << 30)
#define TM_CTX_MAX_SMS 1024u
/* The bit of a memsys tag that marks a context segment (the SM's own tags
 * are warp slot << 16 | id). */
#define TM_CTX_TAG (UINT64_C(1) << 63)

typedef struct tm_preempt tm_preempt;
typedef struct sm_core sm_core;

/* One preemption event (report D of 004 §6, the event log of `--report
 * preemption`): the SM, the interrupt's cycle, the cycle the context was
 * saved (drain: the SM emptied), and what the event added to each counter
 * (d.events is 1, d.latency_max is the event's latency). */
typedef struct tm_preempt_event {
  uint32_t sm;
  uint32_t mode;              /* a tm_preempt_mode */
  uint64_t cycle;             /* the interrupt */
  uint64_t saved;             /* the drain done: the save began */
  uint64_t second_cycles;     /* the second kernel's run on the SM (0: an
                                 injected interrupt) */
  tm_preempt_stats d;
} tm_preempt_event;

/* Where the controller hands each event as it completes the save (NULL
 * on_event: nowhere).  Called once per event, off the hot path. */
typedef struct tm_preempt_sink {
  void (*on_event)(void *ctx, const tm_preempt_event *ev);
  void *ctx;
} tm_preempt_sink;

/* The preempt-by-second-kernel mode (issue 17 item 3; 004 §5 timing 7):
 * at cycle `at` the controller interrupts SMs 0..n_sms-1 (0: every SM),
 * stops and drains them and saves the running kernel's CTAs as the mode
 * says (under -ptxsim_preempt_inplace 1 only the fewest whose registers,
 * and apart from them whose shared memory, must leave for ctas_per_sm of
 * the second kernel's CTAs to fit: preempt_alloc.h); when every one of
 * those SMs has saved, run() runs the second kernel to completion on
 * n_sms SMs with at most that many CTAs each (its own timing launch:
 * functional results real, its memory traffic in its own memory system)
 * and says how many cycles it took; the SMs stay switched out that long,
 * then restore the saved CTAs and the first kernel resumes.  When the
 * first kernel ends before `at`, tm_preempt_finish runs the second one
 * then.  The SMs chosen are the lowest-numbered. */
typedef struct tm_second {
  uint64_t at;
  uint32_t n_sms;
  uint32_t ctas_per_sm;       /* its CTAs that fit on an empty SM */
  uint32_t n_ctas;            /* its grid */
  uint64_t regs_per_cta;      /* rounded as the CTA accounting allocates */
  uint64_t smem_per_cta;
  /* Runs it on n_sms SMs, at most ctas_per_sm CTAs each; *cycles its
   * length.  Its own failure is its caller's to report: 0 unless the
   * first kernel must stop (PTX_ENOMEM). */
  int (*run)(void *ctx, uint32_t n_sms, uint32_t ctas_per_sm, uint64_t *cycles);
  void *ctx;
} tm_second;

/* What the controller needs of the launch: the registers per thread and
 * shared memory per CTA the occupancy accounting used, the register file
 * and shared memory of an SM (in-place eviction). */
typedef struct tm_preempt_launch {
  uint32_t regs_per_thread;
  uint64_t smem_per_cta;
  uint32_t regs_per_cta;      /* rounded as the accounting allocates them */
  uint32_t sm_regs, sm_smem;
  uint32_t pag;               /* live_cp's compression group (-ptxsim_pp_pag,
                                 ctx_pag_for_block) */
  const tm_preempt_sink *sink; /* the event log, or NULL */
  const tm_second *second;    /* the preempting kernel, or NULL */
} tm_preempt_launch;

/* A controller for a launch under conf on n_sms SMs, or *out NULL when
 * conf injects nothing and no second kernel preempts it.  PTX_ENOMEM. */
int tm_preempt_create(const tm_config *conf, const tm_kernel *k, uint32_t n_sms,
                      const tm_preempt_launch *la, tm_preempt **out) PTX_MUST_CHECK;
void tm_preempt_free(tm_preempt *p);

/* Runs the controller at cycle now, after the SMs' cycle: starts an
 * interrupt when one is due, advances every preemption in progress.
 * *next: the next cycle it must run for a preemption in progress
 * (UINT64_MAX: none); *released: an SM takes CTAs again.  0, or
 * PTX_ENOMEM / PTX_EINVAL (a context did not save or restore). */
int tm_preempt_step(tm_preempt *p, sm_core *sms, uint64_t now, uint64_t *next,
                    bool *released) PTX_MUST_CHECK;
/* memsys completed the context segment tagged tag (TM_CTX_TAG set) of SM
 * sm at cycle. */
void tm_preempt_mem_done(tm_preempt *p, uint32_t sm, uint64_t tag, uint64_t cycle);
/* The first kernel has ended at now: a second kernel whose interrupt
 * was not due yet runs now (on idle SMs).  0 or run()'s error. */
int tm_preempt_finish(tm_preempt *p, uint64_t now) PTX_MUST_CHECK;
/* The next interrupt's cycle. */
uint64_t tm_preempt_next_inject(const tm_preempt *p);
/* Whether SM sm is being preempted (the dispatcher gives it nothing). */
bool tm_preempt_holds(const tm_preempt *p, uint32_t sm);
void tm_preempt_get_stats(const tm_preempt *p, tm_preempt_stats *out);

#endif /* PTXSIM_PIPELINE_PREEMPT_CTL_H */
