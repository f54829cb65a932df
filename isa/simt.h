/* simt.h -- the state of executing warps and what semantic functions use
 * to reach registers, memory and the reconvergence stack.
 *
 * Ownership: a simt_launch (one kernel launch) owns its CTAs' state; a
 * simt_cta owns its warps and shared memory; a simt_warp owns its register
 * frames, predicate masks, local memory and SIMT stack.  Device memory
 * (simt_mem.h) belongs to the device and outlives launches.
 *
 * Registers are structure-of-arrays: frame[slot * 32 + lane], 64 bits per
 * lane.  A value is written at its instruction type's width, sign-extended
 * for signed types and zero-extended otherwise, so readers of any width
 * see what the PTX type rules say they see.  Predicates are one 32-bit
 * lane mask each.
 */
#ifndef PTXSIM_ISA_SIMT_H
#define PTXSIM_ISA_SIMT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"
#include "isa/isa_prog.h"
#include "isa/simt_mem.h"

enum { SIMT_WARP_SIZE = 32, SIMT_N_BARRIERS = 16 };

/* Walks the set bits of a lane mask, lowest first. */
#define SIMT_FOR_EACH_LANE(mask, lane)                                           \
  for (uint32_t m_##lane = (mask), lane;                                         \
       m_##lane && ((lane = (uint32_t)__builtin_ctz(m_##lane)), 1); m_##lane &= m_##lane - 1)

/* One entry of the reconvergence stack. */
typedef struct simt_entry {
  uint32_t pc;       /* where this entry resumes */
  uint32_t rpc;      /* reconvergence point: popped on reaching it */
  uint32_t mask;
  uint32_t frame;    /* call depth the entry executes in */
  bool is_call;      /* bottom entry of a called function */
} simt_entry;

/* One function activation of a warp. */
typedef struct simt_frame {
  const isa_func *func;
  uint64_t reg_base;     /* offset of its slots in simt_warp.regs */
  uint32_t pred_base;    /* offset of its masks in simt_warp.preds */
  uint64_t local_base;   /* its local memory (per thread) */
  const isa_call_site *site; /* the call that created it (NULL: kernel) */
  uint64_t caller_reg_base;
} simt_frame;

typedef struct simt_cta simt_cta;
typedef struct simt_launch simt_launch;
typedef struct isa_tex_table isa_tex_table; /* tex_sample.h */

/* What went wrong in a launch (the first fault stops it). */
typedef enum simt_fault_kind {
  SIMT_FAULT_NONE,
  SIMT_FAULT_OOB,          /* outside every allocation / window */
  SIMT_FAULT_FREED,        /* use after free */
  SIMT_FAULT_MISALIGNED,
  SIMT_FAULT_READONLY,     /* store to .const or kernel .param */
  SIMT_FAULT_TRAP,
  SIMT_FAULT_BRKPT,
  SIMT_FAULT_STACK,        /* local memory or call depth exhausted */
  SIMT_FAULT_BAD_CALL,     /* indirect call to a non-function */
  SIMT_FAULT_OTHER
} simt_fault_kind;

struct simt_warp {
  /* Hot state first. */
  uint64_t *r;             /* current frame's slots */
  uint32_t *p;             /* current frame's predicate masks */
  const isa_insn *code;    /* current function's instructions */
  uint32_t pc;
  uint32_t active;         /* mask of the top stack entry */
  uint32_t rpc;            /* reconvergence point of the top entry */
  uint32_t carry;          /* CC.CF of each lane (add.cc, addc, ...) */
  bool is_blocked;         /* waiting at a barrier */
  bool is_done;
  bool is_stopped;         /* left the step loop: barrier, exit, fault */

  simt_launch *launch;
  simt_cta *cta;
  uint32_t warp_id;        /* within the CTA */
  uint32_t n_lanes;        /* threads this warp holds (last warp may be partial) */
  uint32_t live;           /* lanes that have not exited */
  uint32_t tid[SIMT_WARP_SIZE][3];

  simt_entry *stack;
  uint32_t n_stack, cap_stack;
  simt_frame *frames;
  uint32_t n_frames, cap_frames;
  uint64_t *regs;          /* all frames' slots */
  uint64_t cap_regs;
  uint32_t *preds;
  uint32_t cap_preds;
  uint8_t *local;          /* SIMT_WARP_SIZE * local_stride bytes */
  uint64_t local_stride;   /* bytes of local memory per thread */
  uint64_t local_top;      /* first free byte of the local stack */

  uint32_t barrier;        /* barrier id waited on */
  const isa_insn *bar_insn; /* the barrier instruction waited at */
  uint64_t n_insns;        /* warp instructions executed */
};

/* Per-CTA barrier state. */
typedef struct simt_barrier {
  uint32_t arrived;        /* warps arrived */
  uint32_t expected;       /* warps to wait for; 0 = every live warp */
  uint32_t red_popc;       /* bar.red accumulators */
  bool red_and, red_or;
} simt_barrier;

struct simt_cta {
  uint32_t ctaid[3];
  uint32_t n_warps, n_live_warps;
  simt_warp *warps;
  uint8_t *shared;
  uint64_t shared_bytes;
  uint64_t dyn_shared_base;  /* the kernel's static shared size */
  simt_barrier bar[SIMT_N_BARRIERS];
};

/* A recorded fault. */
typedef struct simt_fault {
  simt_fault_kind kind;
  const isa_insn *insn;
  uint32_t ctaid[3], tid[3];
  uint64_t addr;
  uint32_t size;
  uint8_t space;           /* isa_space */
  bool is_write;
  char detail[160];
} simt_fault;

struct simt_launch {
  simt_mem *mem;
  const isa_tex_table *tex;    /* the device's texture and surface objects
                                  (NULL: none) */
  const isa_program *prog;
  const isa_kernel *kernel;
  uint32_t grid[3], block[3];
  uint64_t dyn_shared;
  uint8_t *params;             /* kernel parameter buffer */
  uint64_t param_bytes;
  FILE *out;                   /* device printf */
  uint64_t max_insns;          /* runaway limit, warp instructions; 0 = none */
  uint64_t stack_limit;        /* local bytes per thread */
  bool has_fault;              /* a fault or an error stops the launch */
  simt_fault fault;
  int status;                  /* PTXSIM_E_* when stopped */
  char *message;               /* malloc'd report of the failure */
  uint64_t warp_insns, thread_insns;
  uint64_t n_ctas, n_warps, n_threads;
  uint64_t clock;              /* %clock: warp instructions so far */
};

/* ---- registers ------------------------------------------------------ */

static inline uint64_t simt_reg(const simt_warp *w, uint32_t o, uint32_t lane)
{
  return w->r[o + lane];
}

static inline void simt_set_reg(simt_warp *w, uint32_t o, uint32_t lane, uint64_t v)
{
  w->r[o + lane] = v;
}

/* Writes predicate bits for the lanes of mask. */
static inline void simt_set_pred(simt_warp *w, uint32_t idx, uint32_t mask, uint32_t bits)
{
  w->p[idx] = (w->p[idx] & ~mask) | (bits & mask);
}

static inline uint32_t simt_pred(const simt_warp *w, const isa_insn *in, unsigned k)
{
  uint32_t v = w->p[in->o[k]];
  return (in->neg_mask >> k) & 1 ? ~v : v;
}

/* ---- faults and events ---------------------------------------------- */

/* Records a fault of the lane (the first one wins) and stops the launch. */
void simt_fault_at(simt_warp *w, const isa_insn *in, uint32_t lane, simt_fault_kind kind,
                   uint8_t space, uint64_t addr, uint32_t size, bool is_write,
                   const char *detail);

/* ---- memory --------------------------------------------------------- */

/* The host address of a size-byte access at addr in space by a lane, or
 * NULL after recording the fault.  Alignment is checked against align. */
uint8_t *simt_mem_slow(simt_warp *w, const isa_insn *in, uint32_t lane, uint8_t space,
                       uint64_t addr, uint32_t size, uint32_t align, bool is_write);

static inline uint8_t *simt_mem_ptr(simt_warp *w, const isa_insn *in, uint32_t lane,
                                    uint8_t space, uint64_t addr, uint32_t size,
                                    bool is_write)
{
  if (space == ISA_SPACE_GLOBAL || space == ISA_SPACE_GENERIC) {
    /* The cache only ever holds a global allocation, which lies outside
     * the generic windows, so a generic hit is a global access. */
    const simt_mem_cache *c = &w->launch->mem->cache;
    if (PTX_LIKELY(c->len >= size && addr - c->base <= c->len - size &&
                   (addr & (size - 1)) == 0))
      return c->host + (addr - c->base);
  } else if (space == ISA_SPACE_SHARED) {
    const simt_cta *c = w->cta;
    if (PTX_LIKELY(c->shared_bytes >= size && addr <= c->shared_bytes - size &&
                   (addr & (size - 1)) == 0))
      return c->shared + addr;
  }
  return simt_mem_slow(w, in, lane, space, addr, size, size, is_write);
}

/* ---- control -------------------------------------------------------- */

/* Branch of the active lanes in taken to target; the others fall through. */
void simt_branch(simt_warp *w, const isa_insn *in, uint32_t taken, uint32_t target);
/* Lanes split n ways: group i (masks[i], disjoint, covering the active
 * lanes) continues at targets[i]; all reconverge at in->reconv. */
void simt_diverge(simt_warp *w, const isa_insn *in, uint32_t n, const uint32_t *targets,
                  const uint32_t *masks);
/* Lanes of mask leave the current function (ret) or the kernel (exit). */
void simt_return(simt_warp *w, const isa_insn *in, uint32_t mask);
void simt_exit(simt_warp *w, uint32_t mask);
/* Calls callee for the lanes of mask. */
void simt_call(simt_warp *w, const isa_insn *in, const isa_func *callee, uint32_t mask);
/* Arrives at barrier id; waits when wait is set. */
void simt_barrier_arrive(simt_warp *w, const isa_insn *in, uint32_t id, uint32_t n_threads,
                         bool wait);

/* Lane values of special registers. */
uint64_t simt_sreg(const simt_warp *w, uint32_t code, uint32_t lane);

/* Runs a launch to completion; returns 0 or a PTXSIM_E_* code with
 * launch->message set. */
int simt_run(simt_launch *l);
void simt_launch_release(simt_launch *l);

#endif /* PTXSIM_ISA_SIMT_H */
