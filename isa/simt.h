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
#include <stddef.h>
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
  uint64_t stack_used;   /* bytes per thread of this frame and those below
                            it, registers included (simt_frame_bytes) */
  uint32_t call_mask;    /* the lanes that made the call: only they take
                            its results */
} simt_frame;

typedef struct simt_cta simt_cta;
typedef struct simt_launch simt_launch;

/* Events of a warp instruction (simt_record.events). */
enum {
  SIMT_EV_BARRIER = 1u << 0,  /* arrived at a CTA barrier (bar, barrier, bar.red) */
  SIMT_EV_BLOCKED = 1u << 1,  /* and waits there */
  SIMT_EV_EXIT = 1u << 2,     /* lanes exited (exit, or ret from the kernel) */
  SIMT_EV_FAULT = 1u << 3,    /* a fault stopped the launch (launch->fault says which) */
  SIMT_EV_ATOMIC = 1u << 4,   /* an atomic or reduction was performed */
  SIMT_EV_DIVERGE = 1u << 5,  /* a branch split the active lanes */
  SIMT_EV_CALL = 1u << 6,     /* entered a function */
  SIMT_EV_RET = 1u << 7       /* returned from one */
};

/* What simt_launch.record_flags asks the record to hold beyond the rest,
 * which is always there.  Off, they cost nothing. */
enum {
  SIMT_REC_VALUES = 1u << 0,  /* simt_record.values, dst_pattern, dst_stride */
  SIMT_REC_SCALARS = 1u << 1  /* only the first executing lane's operands
                                 (SIMT_VAL_SCALAR: n_src_vals, src_val,
                                 dst_val), which SIMT_REC_VALUES includes:
                                 no lane loop */
};

/* simt_record.values (with SIMT_REC_VALUES). */
enum {
  SIMT_VAL_MEASURED = 1u << 0,    /* the bits below are set: the operands
                                     were all visible (not a call, a
                                     texture, a matrix instruction) */
  SIMT_VAL_DST_UNIFORM = 1u << 1, /* every destination holds one value in
                                     every executing lane (true without one) */
  SIMT_VAL_SRC_UNIFORM = 1u << 2, /* so did every source before (the guard
                                     is not a source) */
  SIMT_VAL_SCALAR = 1u << 3       /* src_val and dst_val hold the first
                                     executing lane's operands: at most
                                     SIMT_REC_SRC_VALS source values and
                                     one destination value */
};

/* Source values the record keeps for an instruction reuse buffer (002a
 * §1.6: an entry compares three source operands). */
#define SIMT_REC_SRC_VALS 3

/* The shape of a destination's values across the executing lanes, for
 * context compression (004): one value, base + lane * stride, or neither. */
typedef enum simt_pattern {
  SIMT_PAT_NONE,     /* not measured, or no destination */
  SIMT_PAT_UNIFORM,
  SIMT_PAT_STRIDED,
  SIMT_PAT_RANDOM
} simt_pattern;

/* The dynamic instruction record: what one executed warp instruction did
 * (ARCHITECTURE.md).  Filled by simt_step(); the timing model and the
 * run-time reports learn about execution only through it.  Fields past
 * is_warp_done are filled only for the instructions they describe: the
 * memory part for instructions with an address operand
 * (insn->addr_opnd != ISA_NO_ADDR; space_mask is 0 otherwise), the values
 * part only when the launch's record_flags ask (values is 0 otherwise). */
typedef struct simt_record {
  const isa_insn *insn;
  uint32_t pc;               /* its index in insn->func */
  uint32_t active;           /* active mask before the guard */
  uint32_t exec;             /* lanes that executed: active and guard */
  uint32_t next_active;      /* active mask afterwards (0: warp finished) */
  uint32_t next_pc;          /* where the warp goes on */
  uint32_t depth;            /* reconvergence stack entries afterwards */
  uint32_t reconv_pc;        /* reconvergence point of the top entry
                                afterwards (ISA_NONE: none) */
  uint32_t taken;            /* branches: the lanes that went to a target
                                (the rest fell through) */
  uint16_t events;           /* SIMT_EV_* */
  bool is_warp_done;         /* the warp finished with it */
  /* Memory: each executing lane's state space (generic addresses
   * resolved: global, shared, local or param) and its address in that
   * space -- the offset in the CTA's shared memory, the thread's local
   * memory or the parameter buffer, the device address for global and
   * const -- taken before the instruction ran.  Other lanes' entries
   * are unspecified. */
  uint8_t space_mask;        /* bit s: some lane accessed isa_space s */
  uint8_t space[SIMT_WARP_SIZE];
  uint64_t addr[SIMT_WARP_SIZE];
  /* Values (SIMT_REC_VALUES). */
  uint8_t values;            /* SIMT_VAL_* */
  uint8_t dst_pattern;       /* simt_pattern of the destinations: the
                                least regular one's */
  int64_t dst_stride;        /* SIMT_PAT_STRIDED: the first destination's
                                step from one lane to the next */
  /* SIMT_VAL_SCALAR: the first executing lane's source operand values,
   * in operand order (registers, immediates and special registers as
   * their 64-bit slots hold them, vector elements one by one, predicates
   * 0 or 1), taken before it ran, and its one destination's value after. */
  uint8_t n_src_vals;
  uint64_t src_val[SIMT_REC_SRC_VALS];
  uint64_t dst_val;
} simt_record;

/* Told about execution when attached to a launch (reports, traces).
 * time is what the driver measures: in functional mode the warp
 * instructions the CTA has issued, in timing mode the cycle. */
typedef struct simt_observer {
  void *ctx;
  void (*on_insn)(void *ctx, const simt_warp *w, const simt_record *r, uint64_t time);
  void (*on_warp_done)(void *ctx, const simt_warp *w, uint64_t time);
  void (*on_cta_begin)(void *ctx, const simt_cta *c, uint64_t time);
  void (*on_cta_end)(void *ctx, const simt_cta *c, uint64_t time);
} simt_observer;
typedef struct isa_tex_table isa_tex_table; /* tex_sample.h */

/* A progress display told now and then how a launch goes (the device's,
 * src/ptxsim_progress.c): the functional loop calls tell once the launch's
 * warp instructions reach at (tell moves at on), the timing loop every few
 * thousand clock steps; ctas_done of n_ctas have finished.  Device printf
 * calls hide first while a line is shown, so that the two do not mix.
 * Only a display: nothing the launch computes depends on it. */
typedef struct simt_progress {
  void *ctx;
  void (*tell)(void *ctx, const simt_launch *l, uint64_t ctas_done, uint64_t n_ctas);
  void (*hide)(void *ctx);
  uint64_t at;
  bool is_shown;
} simt_progress;

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
  SIMT_FAULT_GRID_DEADLOCK, /* a grid-wide barrier can never complete
                              (simt_grid.c; detail says why) */
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
  /* What every step reads too, within the first two cache lines: the
   * stack and frame counts and the instruction count. */
  uint32_t n_stack, cap_stack;
  simt_entry *stack;
  simt_frame *frames;
  uint32_t n_frames, cap_frames;
  uint64_t n_insns;        /* warp instructions executed */
  uint64_t *regs;          /* all frames' slots */
  uint64_t cap_regs;
  uint32_t *preds;
  uint32_t cap_preds;
  uint8_t *local;          /* SIMT_WARP_SIZE * local_stride bytes */
  uint64_t local_stride;   /* bytes of local memory per thread */
  uint64_t local_top;      /* first free byte of the local stack */

  uint32_t barrier;        /* barrier id waited on */
  const isa_insn *bar_insn; /* the barrier instruction waited at */

  /* Synccheck (isa/synccheck.c): the lanes of a partial arrival at a
   * barrier whose other live lanes have not arrived yet, and where. */
  uint32_t split_lanes;
  uint32_t split_barrier;
  const isa_insn *split_insn;

  uint32_t tid[SIMT_WARP_SIZE][3]; /* read by mov of %tid only: last */
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
  uint32_t linear_id;        /* x + y * nctaid.x + z * nctaid.x * nctaid.y */
  uint32_t sm_id;            /* %smid: the SM it runs on (timing mode) */
  uint64_t n_issued;         /* warp instructions its warps executed */
  uint32_t n_warps, n_live_warps;
  uint32_t cap_warps;        /* warps allocated (reused by simt_cta_init) */
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
  char detail[256];
} simt_fault;

struct simt_launch {
  simt_mem *mem;
  simt_mem_cache cache;        /* the last allocation this launch hit
                                  (zeroed: empty) */
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
  uint32_t n_sms;              /* %nsmid (0: 1, functional mode) */
  const uint64_t *cycle;       /* timing mode: the current cycle, which
                                  %clock reads (NULL: functional mode, where
                                  %clock counts warp instructions) */
  const simt_observer *observer; /* NULL, or told about every instruction */
  uint32_t record_flags;       /* SIMT_REC_*: what simt_step's records hold
                                  beyond the rest (the timing model's
                                  policies ask) */
  simt_progress *progress;     /* NULL, or told how the launch goes */
  /* Cooperative launches (simt_grid.c). */
  bool is_cooperative;         /* every CTA co-resident: functional mode
                                  runs them round-robin */
  uint64_t grid_ws;            /* the grid barrier's workspace, which
                                  %envreg1:%envreg2 give (0: none, as in
                                  an ordinary launch) */
  uint64_t n_ctas_done;        /* CTAs that finished */
  /* Device-side launches (isa/simt_dyn.h): NULL refuses them. */
  struct simt_children *children;
  uint32_t depth;              /* 0 for a host launch, a child's parent + 1 */
  uint32_t host_threads;       /* host threads that may run its CTAs or SMs
                                  (0 or 1: the calling one) */
  bool is_side_by_side;        /* this is one of several host threads' copies
                                  of the launch: order-free atomics are host
                                  atomics (ops_atom.c) */
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

/* ---- synccheck (isa/synccheck.c) ------------------------------------ */

/* The membermask rules of the .sync warp instructions (shfl, vote,
 * match, redux, elect, bar.warp): operand k holds each lane's membermask.
 * False after recording a fault (the instruction must not run). */
bool simt_sync_members(simt_warp *w, const isa_insn *in, uint32_t mask, unsigned k);
/* A warp's arrival with the executing lanes mask at barrier id: false
 * after recording a fault when the warp's lanes wait at different
 * barriers. */
bool simt_sync_barrier(simt_warp *w, const isa_insn *in, uint32_t mask, uint32_t id);

/* ---- memory --------------------------------------------------------- */

/* The host address of a size-byte access at addr in space by a lane, or
 * NULL after recording the fault.  Alignment is checked against align. */
uint8_t *simt_mem_slow(simt_warp *w, const isa_insn *in, uint32_t lane, uint8_t space,
                       uint64_t addr, uint32_t size, uint32_t align, bool is_write);

static inline uint8_t *simt_mem_ptr(simt_warp *w, const isa_insn *in, uint32_t lane,
                                    uint8_t space, uint64_t addr, uint32_t size,
                                    bool is_write)
{
  if (space == ISA_SPACE_GLOBAL || space == ISA_SPACE_GENERIC || space == ISA_SPACE_CONST) {
    /* The cache holds an allocation, which lies outside the generic
     * windows (a generic hit is a global access), with its permission. */
    uint8_t *h = simt_mem_cache_hit(&w->launch->cache, addr, size, is_write);
    if (PTX_LIKELY(h && (addr & (size - 1)) == 0))
      return h;
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

/* ---- launches: CTAs and warps one instruction at a time ------------ */

/* Warps per CTA of the launch. */
uint32_t simt_launch_warps_per_cta(const simt_launch *l);

/* Sets up CTA linear_id of the launch in c (zeroed by the caller before
 * its first use; its allocations are reused by later calls): warps at the
 * kernel's entry, zeroed shared memory, fresh barriers.  Counts the CTA
 * in the launch's statistics.  0, or PTXSIM_E_NOMEM with l->message set. */
int simt_cta_init(simt_launch *l, simt_cta *c, uint32_t linear_id) PTX_MUST_CHECK;
/* Frees what simt_cta_init allocated. */
void simt_cta_free(simt_cta *c);

/* The most warp instructions a warp runs in one turn of functional mode. */
#define SIMT_WARP_QUANTUM 4096

/* One turn of CTA c: each of its warps that can runs for a quantum (one
 * instruction with an observer).  *is_done: every warp finished (the CTA
 * counts as done).  0, or the launch's status once it stopped. */
int simt_cta_turn(simt_launch *l, simt_cta *c, bool *is_done) PTX_MUST_CHECK;

/* Parallel functional simulation (simt_par.c): whether l's CTAs may run
 * on its host_threads threads with the results of running them in order
 * (an ordinary launch of a kernel whose CTAs cannot observe their order:
 * isa/cta_order.h, no observer, at least two CTAs), and running them so. */
bool simt_par_can_run(const simt_launch *l);
/* Stops l at its instruction limit in CTA c, at warp w (NULL: the CTA had
 * finished); returns the status. */
int simt_launch_runaway(simt_launch *l, const simt_cta *c, const simt_warp *w);
int simt_par_run(simt_launch *l);

/* Whether the warp can execute an instruction now: not finished, not
 * waiting at a barrier, launch not stopped. */
static inline bool simt_warp_can_step(const simt_warp *w)
{
  return !w->is_done && !w->is_blocked && !w->launch->has_fault;
}

/* The warp's next instruction and the lanes that will execute it. */
static inline const isa_insn *simt_next_insn(const simt_warp *w)
{
  return &w->code[w->pc];
}
static inline uint32_t simt_guard_mask(const simt_warp *w, const isa_insn *in)
{
  uint32_t mask = w->active;
  if (in->guard != ISA_NONE) {
    uint32_t g = w->p[in->guard];
    mask &= in->guard_neg ? ~g : g;
  }
  return mask;
}

/* The effective address of a memory instruction's operand for a lane,
 * before the instruction executes (in->addr_opnd != ISA_NO_ADDR). */
static inline uint64_t simt_lane_address(const simt_warp *w, const isa_insn *in, uint32_t lane)
{
  return (w->r[in->o[in->addr_opnd] + lane] & in->amask) + (uint64_t)in->off;
}

/* The space a generic address falls in and its offset there (global
 * addresses are their own offset). */
isa_space simt_resolve_generic(uint64_t addr, uint64_t *offset);

/* Executes the warp's next instruction (simt_warp_can_step holds) and
 * describes it in rec.  Returns 0, or the launch's PTXSIM_E_* status once
 * it stopped: a fault (reported in l->message) or the instruction limit. */
int simt_step(simt_warp *w, simt_record *rec) PTX_MUST_CHECK;

/* Called when no warp of c can step although some have not finished:
 * releases barriers that completed because warps exited (returns 0), or
 * reports the deadlock (returns PTXSIM_E_DEADLOCK with l->message set). */
int simt_cta_unblock(simt_launch *l, simt_cta *c) PTX_MUST_CHECK;

/* Functional mode: runs a launch to completion, CTA by CTA (all CTAs
 * round-robin when it is cooperative); returns 0 or a PTXSIM_E_* code with
 * launch->message set. */
int simt_run(simt_launch *l);
void simt_launch_release(simt_launch *l);

/* ---- grid-wide barriers (simt_grid.c) -------------------------------- */

/* Bytes of a cooperative launch's grid workspace. */
enum { SIMT_GRID_WS_BYTES = 64 };

/* Allocates a zeroed grid workspace in m for a cooperative launch: an
 * allocation whose accesses always take simt_mem_slow, which tells
 * simt_grid_access.  PTX_ENOMEM on failure. */
int simt_grid_ws_alloc(simt_mem *m, uint64_t *addr) PTX_MUST_CHECK;
/* A lane's access at host address h to the grid workspace al (from
 * simt_mem_slow): a read is a poll of the barrier, which ends the warp's
 * run (the next CTA's warps go on) and fails the launch when the barrier
 * can never complete. */
void simt_grid_access(simt_warp *w, const isa_insn *in, uint32_t lane, const simt_alloc *al,
                      bool is_write);
/* The trap report's note when the kernel reads %envreg1/%envreg2 in a
 * launch without a workspace (NULL otherwise). */
const char *simt_grid_trap_note(const simt_launch *l);

/* ---- preemption: a warp's architectural context (simt_context.c) ---- */

/* Bytes simt_warp_save needs for w's context as it is now. */
size_t simt_warp_context_size(const simt_warp *w);
/* Writes w's architectural context -- registers and predicates of every
 * frame, the frames, the reconvergence stack, pc, active mask,
 * reconvergence point, carry flags, barrier state, lanes and thread ids,
 * the instructions it executed, local memory -- to buf.  0, or PTX_EINVAL
 * when len is less than simt_warp_context_size(w).  Between instructions
 * only (not inside simt_step). */
int simt_warp_save(const simt_warp *w, void *buf, size_t len) PTX_MUST_CHECK;
/* Makes the context saved in buf w's: w is a warp of a launch of the same
 * kernel in this process (its launch and CTA stay).  0; PTX_EINVAL when
 * buf holds no such context; PTX_ENOMEM, w unchanged. */
int simt_warp_restore(simt_warp *w, const void *buf, size_t len) PTX_MUST_CHECK;
/* Overwrites w's context with garbage made from pattern, as the state of
 * a switched-out warp is worth nothing until restored: a run that goes
 * on without simt_warp_restore goes wrong (or faults). */
void simt_warp_poison(simt_warp *w, uint64_t pattern);
/* Overwrites, in w's current frame, the n_slots register slots at the slot
 * offsets slots[] (slot * 32, every lane) and the n_preds predicate masks
 * at preds[] with garbage made from pattern: the registers a
 * liveness-based restore does not bring back (dead at the warp's pc), so
 * that a liveness bug shows as a wrong result. */
void simt_warp_poison_regs(simt_warp *w, const uint32_t *slots, uint32_t n_slots,
                           const uint32_t *preds, uint32_t n_preds, uint64_t pattern);

/* ---- internal to isa/simt_*.c --------------------------------------- */

/* The parts of the record simt_step fills only when they apply
 * (simt_record.c): the lanes' spaces and addresses of a memory
 * instruction, before it runs; whether its sources are uniform over mask,
 * before it runs; the values part, after. */
void simt_record_memory(const simt_warp *w, const isa_insn *in, uint32_t mask, simt_record *rec);
bool simt_record_sources(const simt_warp *w, const isa_insn *in, uint32_t mask, simt_record *rec);
/* SIMT_REC_SCALARS alone: the first executing lane's sources before the
 * instruction runs, its one result after. */
void simt_record_scalar_sources(const simt_warp *w, const isa_insn *in, uint32_t mask,
                                simt_record *rec);
void simt_record_scalar_result(const simt_warp *w, const isa_insn *in, uint32_t mask,
                               simt_record *rec);
void simt_record_values(const simt_warp *w, const isa_insn *in, uint32_t mask,
                        bool is_src_uniform, simt_record *rec);

int simt_warp_init(simt_launch *l, simt_cta *c, simt_warp *w, uint32_t warp_id,
                   uint32_t first_thread, uint32_t n_lanes) PTX_MUST_CHECK;
void simt_warp_release(simt_warp *w);
/* The top entry reached its reconvergence point: pop what is done. */
void simt_reconverge(simt_warp *w);
bool simt_barrier_complete(const simt_cta *c, const simt_barrier *b);
void simt_barrier_release(simt_cta *c, uint32_t id);

#endif /* PTXSIM_ISA_SIMT_H */
