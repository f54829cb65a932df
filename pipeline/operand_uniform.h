/* operand_uniform.h -- run-time detection of intra-warp uniform vector
 * instructions (002a §1.3), which the scalarizing register-file units
 * share (operand_token.c: token bits on the vector register file, and the
 * `detect` unit that only counts; operand_srf.c: a renamed scalar register
 * file).
 *
 * What can be known before the kernel runs is decided once per
 * instruction when a unit is created (ou_create): whether its opcode may
 * be scalarized (int and fp ALU, SFU, mov, cvt, setp, selp, ...: never a
 * memory access, atomic, barrier, branch, call, warp collective, carry-in
 * or partial register write), whether every operand that is not a
 * register is uniform (immediates, variable addresses, launch-wide special
 * registers; never %tid, %laneid, %clock, ...), and whether it is a load
 * that may take the broadcast path.  At issue the unit asks ou_classify
 * what the executed instruction is, from the record and the registers the
 * warp has marked uniform (a byte per warp slot and register).
 *
 * Rules (decisions in doc/architecture.md, "Uniform vector instructions"):
 *   - a warp's mask is full when every thread it holds executes (rec->exec
 *     equals the mask of its threads: a partial last warp of a CTA is full
 *     with all of its threads);
 *   - uniform: eligible, full, and every register it reads (the guard
 *     included) marked;
 *   - broadcast: a load, full, whose lanes all read one address of one
 *     space other than local (each thread has its own local memory): its
 *     destinations become uniform, it is not converted;
 *   - any other instruction that writes under a non-empty mask clears its
 *     destinations' marks; under a partial mask a marked destination first
 *     takes a copy-on-write (the scalar broadcast into all lanes);
 *   - call and ret clear every mark of the warp: register numbers are per
 *     function (isa/analysis.h), so a caller's and a callee's would meet.
 */
#ifndef PTXSIM_PIPELINE_OPERAND_UNIFORM_H
#define PTXSIM_PIPELINE_OPERAND_UNIFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "pipeline/operand_irb.h"
#include "pipeline/operand_reliability.h"
#include "pipeline/sm_operand.h"
#include "pipeline/tm_config.h"

/* What an issued instruction is to the register file. */
typedef enum ou_kind {
  OU_NO_WRITE,  /* writes no register (no destination, or no lane ran) */
  OU_UNIFORM,   /* intra-warp uniform: may run once for the warp */
  OU_BROADCAST, /* a load whose lanes all read one address */
  OU_REGULAR,   /* writes its destinations lane by lane */
  OU_CALL       /* call or ret: every mark of the warp goes */
} ou_kind;

typedef struct ou_state {
  const tm_kernel *k;
  sm_stats *st;
  uint32_t n_regs;            /* k->max_regs: marks per warp slot */
  uint32_t *func_base;        /* per function: its first entry of flags */
  uint8_t *flags;             /* per instruction: OU_F_* (operand_uniform.c) */
  uint8_t *mark;              /* [slot * n_regs + reg]: 1 while uniform */
  uint8_t check;              /* -ptxsim_scalar_check */
  uint8_t redundancy;         /* -ptxsim_redundancy: a tm_redundancy */
  bool has_irb;               /* -ptxsim_irb_entries > 0 */
  irb irb;                    /* the SM's instruction reuse buffer */
  rel_state rel;              /* -ptxsim_scalar_reliability, faults */
  uint32_t lanes[SM_MAX_WARPS]; /* per slot: the mask of the warp's threads */
} ou_state;

/* Fills s for the warp slots of SM sm_id under p running k; PTX_ENOMEM. */
int ou_init(ou_state *s, const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id);
void ou_free(ou_state *s);
/* A new warp with threads lanes takes slot: nothing is uniform. */
void ou_warp_reset(ou_state *s, uint32_t slot, uint32_t lanes);

static inline uint8_t *ou_marks(ou_state *s, uint32_t slot)
{
  return s->mark + (size_t)slot * s->n_regs;
}

/* What rec (slot's instruction t) is; *marked_uses: how many of the
 * registers it reads are marked uniform (counted for every kind). */
ou_kind ou_classify(ou_state *s, uint32_t slot, const tm_insn *t, const simt_record *rec,
                    uint32_t *marked_uses);

/* Counts a uniform instruction (detected, converted or not): the
 * statistics of 002a §1.9. */
void ou_count_uniform(ou_state *s, const simt_record *rec);

/* The debug check (-ptxsim_scalar_check): rec's destinations are about to
 * be marked uniform; SM_OPERAND_E_NOT_UNIFORM when the functional core
 * says some destination differs between the executing lanes. */
int ou_check_mark(const ou_state *s, const simt_record *rec);

/* Before a regular write of t under rec's mask: counts the copy-on-writes
 * of its marked destinations (the broader trigger: any marked destination
 * under a partial mask; the paper's rule: one it also reads) and returns
 * how many copies were inserted.  The caller clears the marks. */
uint32_t ou_copy_on_write(ou_state *s, uint32_t slot, const tm_insn *t, const simt_record *rec);

/* Looks uniform instruction rec (slot's t) up in the reuse buffer, if
 * there is one (002a §1.6), and counts what it found (ptxsim_irb_*).
 * Returns true when its result is reused in place of execution -- a value
 * match under -ptxsim_redundancy inter or combined, when can_apply (the
 * register file has room for the result) and the entry passes its parity
 * (reliability) -- and charges c for it (ou_charge_reuse).  With
 * -ptxsim_scalar_check, a reused value that differs from what the
 * functional core computed (and no injected fault explains) stops the
 * launch (*rc = SM_OPERAND_E_REUSE). */
bool ou_reuse(ou_state *s, const simt_record *rec, bool can_apply, sm_issue_cost *c, int *rc);

/* Does -ptxsim_redundancy convert uniform instructions that the reuse
 * buffer did not supply (intra, combined)? */
static inline bool ou_converts_misses(const ou_state *s)
{
  return s->redundancy != TM_REDUNDANCY_INTER;
}

/* A reused result: no execution, the entry's value written once, ready
 * about one cycle later (002a §1.6: "latency ~1 cycle"). */
static inline void ou_charge_reuse(sm_issue_cost *c)
{
  c->interval = 1;
  c->latency = 1;
  c->rf_lanes = 1;
  c->alu_lanes = 0;
}

/* A copy costs its unit one more issue slot, and the instruction's result
 * one more cycle. */
static inline void ou_charge_copies(sm_issue_cost *c, uint32_t copies)
{
  c->interval += copies;
  c->latency = (c->latency ? c->latency : 1) + copies;
}

#endif /* PTXSIM_PIPELINE_OPERAND_UNIFORM_H */
