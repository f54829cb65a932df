/* preempt_int.h -- the preemption controller's state, shared by its
 * files: preempt_ctl.c (interrupts, stop, drain, switch out and in, the
 * second kernel), preempt_ctx.c (what a context holds: live sets,
 * compression, poison) and preempt_xfer.c (the context's segments through
 * the memory system). */
#ifndef PTXSIM_PIPELINE_PREEMPT_INT_H
#define PTXSIM_PIPELINE_PREEMPT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipeline/preempt_ctl.h"
#include "pipeline/sm_int.h"

enum { SEGMENT_BYTES = 128, SIMT_ENTRY_BYTES = 12, PRED_BYTES = 4 };

#define POISON UINT64_C(0xdeadbeefbaadf00d)

/* PH_SWITCHED_OUT: State/BW, waiting for t_resume; PH_SAVING and
 * PH_RESTORING: the memsys path, segments going out or coming back;
 * PH_HOSTING: saved (from t_saved on), the second kernel's. */
typedef enum phase {
  PH_IDLE, PH_STOPPING, PH_SWITCHED_OUT, PH_SAVING, PH_RESTORING, PH_HOSTING
} phase;

/* Where the second kernel (tm_second) stands. */
typedef enum second_state { SEC_NONE, SEC_PENDING, SEC_STOPPING, SEC_RUNNING, SEC_DONE } second_state;

/* The parts of a context in the order the memsys path moves them. */
enum { PART_REGS, PART_SIMT, PART_SMEM, PART_COUNT };

/* Where the analyses' registers of one function live in a warp's frame. */
typedef struct reg_map {
  uint32_t n_regs;
  uint32_t *at;               /* slot offset, or predicate index */
  uint8_t *n;                 /* 64-bit slots (a vector's elements) */
  uint32_t *dead_slots, *dead_preds; /* scratch for the poison lists */
  uint32_t *slot_of;          /* decoded slot (at / 32), ISA_NONE: none or a
                                 predicate (ctx_live.h's slot_of) */
} reg_map;

typedef struct preempt_sm {
  phase ph;
  uint64_t t_irq, t_resume;
  uint64_t t_quiet;           /* every warp stopped, no memory outstanding */
  void *ctx[SM_MAX_WARPS];    /* saved warp contexts */
  size_t ctx_len[SM_MAX_WARPS];
  uint8_t *smem_buf;          /* per CTA slot: cta shared bytes, or NULL */
  bool *smem_saved;
  /* The memsys path: the event's segments per part, issued and completed
   * so far, when the save (restore) began, when each part's last
   * segment completed. */
  uint64_t n_seg[PART_COUNT];
  uint64_t seg_total, seg_issued, seg_done;
  uint64_t t_start, t_part_end[PART_COUNT];
  uint64_t drain;
  bool is_second;             /* this event makes room for the second kernel */
  uint64_t t_saved;           /* its save ends */
  uint64_t spill;             /* State/BW: the save's cycles, the restore's */
  tm_preempt_stats ev;        /* the event under way: its counters, added
                                 to the launch's (and logged) when it ends,
                                 so that events on several SMs at once do
                                 not mix */
} preempt_sm;

struct tm_preempt {
  const tm_config *conf;
  const tm_kernel *k;
  tm_preempt_launch la;
  uint32_t n_sms;
  preempt_sm *sm;
  reg_map *maps;              /* per tm_kernel function */
  uint64_t next_inject;
  uint32_t next_sm;
  double bw;                  /* bytes per core cycle */
  uint64_t lat;
  uint64_t max_latency;       /* of the kernel's instructions */
  bool is_memsys;             /* -ptxsim_preempt_bw 0 */
  /* TB-level compression scratch (-ptxsim_preempt_tb_compress). */
  const uint64_t **tb_frames;
  uint32_t *tb_lanes, *tb_scratch;
  tm_preempt_stats st;
  /* The second kernel: its SMs (0..sec_n-1), CTAs per SM, when it ends,
   * how long it ran. */
  tm_second second;
  second_state sec;
  uint32_t sec_n, sec_cap;
  uint64_t sec_end, sec_cycles;
};

static inline bool is_live_mode(const tm_preempt *p)
{
  return p->conf->preempt_mode == TM_PREEMPT_LIVE || p->conf->preempt_mode == TM_PREEMPT_LIVE_CP;
}

/* ---- the contexts' contents (preempt_ctx.c) ---- */

/* Fills m for function tf (the registers' places in a warp's frame);
 * PTX_ENOMEM. */
int preempt_map_func(reg_map *m, const tm_func *tf);
/* The live set of warp w where it stopped (the union set when diverged),
 * its function in *tfp, its 32-bit slots and predicates; NULL when w has
 * no analysis (a frame not of the kernel's functions). */
const uint64_t *preempt_live_set(const tm_preempt *p, const simt_warp *w, const tm_func **tfp,
                                 uint32_t *slots, uint32_t *preds);
/* The bytes live_cp saves of w's live set (compressed per PAG, predicates
 * raw, the pattern vector). */
uint64_t preempt_compressed_bytes(const tm_preempt *p, const simt_warp *w, const tm_func *tf,
                                  const uint64_t *set);
/* CTA slot c of sm, every live warp waiting at one barrier: its
 * warp-level and TB-level register bytes (-ptxsim_preempt_tb_compress). */
bool preempt_tb_level(tm_preempt *p, sm_core *sm, uint32_t c, uint64_t *warp_b, uint64_t *tb_b);
/* -ptxsim_preempt_poison: garbage in the registers w's live set leaves out. */
void preempt_poison_dead(tm_preempt *p, simt_warp *w);

/* ---- the memsys path (preempt_xfer.c) ---- */

void preempt_start_transfer(preempt_sm *ps, phase ph, uint64_t now);
void preempt_issue_segment(tm_preempt *p, sm_core *sm, preempt_sm *ps, uint64_t now);
/* The transfer's cycles, and each part's in parts. */
uint64_t preempt_end_transfer(const preempt_sm *ps, uint64_t parts[PART_COUNT]);

#endif /* PTXSIM_PIPELINE_PREEMPT_INT_H */
