/* tm_kernel.h -- what the timing model knows about a kernel's code before
 * it runs: for every instruction of the kernel and the functions it can
 * call, its execution unit, latency and initiation interval, how it is
 * executed (ALU, memory, texture, control, barrier), and the registers it
 * writes and reads (the analyses' register numbers, isa/analysis.h), which
 * the scoreboard compares.  Built once per launch from the decoded
 * program and the configuration, read-only afterwards ("decode once").
 */
#ifndef PTXSIM_PIPELINE_TM_KERNEL_H
#define PTXSIM_PIPELINE_TM_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "isa/analysis.h"
#include "isa/isa_prog.h"
#include "pipeline/tm_config.h"

/* Where an instruction executes: the configurable units of tm_config.h
 * (same values), then the LD/ST, texture, branch and synchronisation
 * units, which have no count in GPGPU-Sim's configuration. */
#define SM_UNITS(X) \
  X(SP) X(DP) X(INT) X(SFU) X(TENSOR) X(LDST) X(TEX) X(BRU) X(SYNC)

typedef enum sm_unit {
#define X(u) SM_UNIT_##u,
  SM_UNITS(X)
#undef X
  SM_UNIT_COUNT
} sm_unit;

extern const char *const sm_unit_names[SM_UNIT_COUNT];

/* How the SM executes an instruction. */
typedef enum tm_kind {
  TM_KIND_ALU,      /* fixed latency on its unit */
  TM_KIND_MEM,      /* through the LD/ST unit and memsys */
  TM_KIND_TEX,      /* texture / surface: fixed long latency */
  TM_KIND_CTRL,     /* bra, brx: resolved at execute; may redirect fetch */
  TM_KIND_CALL,     /* call, ret: wait for the scoreboard, redirect fetch */
  TM_KIND_BARRIER,  /* bar.sync and friends */
  TM_KIND_EXIT      /* exit, trap */
} tm_kind;

typedef struct tm_insn {
  uint16_t latency;     /* cycles until its results can be read */
  uint16_t interval;    /* cycles before its unit takes another warp */
  uint8_t unit;         /* sm_unit */
  uint8_t kind;         /* tm_kind */
  uint8_t mem_kind;     /* mem_kind (TM_KIND_MEM) */
  uint8_t n_defs, n_uses;
  bool is_long_latency; /* memory and texture loads: the scheduler hears
                           about warps waiting for them */
  bool is_drain;        /* PTX_OPF_DRAIN (membar, fence, cp.async waits,
                           call, ret): issues only once the warp has
                           nothing in flight */
  uint16_t access_bytes; /* per lane (TM_KIND_MEM) */
  bool is_l1_bypass;    /* skips L1D (TM_KIND_MEM): ld and st .cg */
  uint8_t preempt;      /* TM_PREEMPT_STOP / _PP bits: set only with
                           -ptxsim_preempt_inject (pipeline/preempt_ctl.h),
                           so that the SM asks the controller nothing
                           otherwise */
  const uint32_t *regs; /* n_defs registers written, then n_uses read */
} tm_insn;

/* tm_insn.preempt: a preempted SM's warp may stop before the instruction
 * (every instruction under -ptxsim_preempt_mode occupancy, the
 * preemption points under live and live_cp); the instruction is a
 * preemption point, whose pp costs an issue slot. */
enum { TM_PREEMPT_STOP = 1, TM_PREEMPT_PP = 2 };

typedef struct tm_func {
  const isa_func *func;
  uint32_t n_insns;     /* func->n_insns, kept so that freeing needs no
                           program (it may be gone first) */
  an_func *an;          /* register numbering and the estimate */
  tm_insn *insns;       /* func->n_insns */
} tm_func;

typedef struct tm_kernel {
  const isa_program *prog;
  const isa_kernel *kernel;
  uint32_t n_funcs;
  tm_func *funcs;       /* indexed by isa_func.index (NULL insns: not reachable) */
  uint32_t regs_per_thread; /* the liveness estimate (the largest function) */
  uint32_t max_regs;    /* registers any one function numbers: scoreboard size */
} tm_kernel;

/* Which unit, latency table and class an instruction belongs to, before
 * the configuration moves units that it has none of (sm_unit_of). */
void tm_classify(const isa_insn *in, sm_unit *unit, tm_lat_table *table, tm_op_class *cls,
                 tm_kind *kind);

/* The unit an instruction classified as u runs on under cfg: f64 on the
 * SFUs without DP units, integers on SP without INT units, tensor
 * instructions on SP without tensor cores (as GPGPU-Sim's configurations
 * assume). */
sm_unit sm_unit_of(const tm_config *conf, sm_unit u);

/* Builds the timing view of a kernel under cfg.  PTX_ENOMEM on failure. */
int tm_kernel_build(const isa_program *p, const isa_kernel *k, const tm_config *conf,
                    tm_kernel **out) PTX_MUST_CHECK;
void tm_kernel_free(tm_kernel *k);

static inline const tm_insn *tm_kernel_insn(const tm_kernel *k, const isa_insn *in)
{
  return &k->funcs[in->func->index].insns[in - in->func->insns];
}

#endif /* PTXSIM_PIPELINE_TM_KERNEL_H */
