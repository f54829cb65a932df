/* operand_reliability.h -- opportunistic reliability for the scalarizing
 * register files (002a §1.7, -ptxsim_scalar_reliability 1), with fault
 * injection (-ptxsim_scalar_fault_ppm, -ptxsim_scalar_fault_seed).
 *
 * With reliability on, a converted uniform instruction computes on two
 * lanes and compares the two results before the write; its result is
 * stored twice (token: two lanes of the vector register; SRF: the scalar
 * register and lane 0 of the vector register), each copy with a parity
 * bit, so that when the copies differ parity tells the good one
 * (correction).  Each reuse buffer entry has a parity bit: a hit whose
 * entry fails it runs normally and rewrites the entry.  A reused result is
 * stored twice as well.  The cost is one more ALU lane and one more
 * register lane per converted instruction (002a: 30 computations saved
 * instead of 31); the checks run beside the write, so no cycle.
 *
 * Coverage (002a §1.7):
 *   ALU: thread operations protected (a converted instruction's executing
 *        lanes, a reuse with good parity's) / thread operations of ALU
 *        instructions (SP, DP, INT, SFU units);
 *   VRF: register-cycles a live register holds a protected (duplicated)
 *        value / register-cycles registers are live, summed over warps.  A
 *        register is live from the issue of the instruction that writes it
 *        to the issue of the last instruction that reads that value (the
 *        run's own future, not a static analysis), so the sums need no
 *        per-cycle scan: each value's interval is added when it is
 *        overwritten or its warp ends.
 *
 * Faults: each computation of a converted instruction and each write of a
 * reuse buffer entry takes, with probability ppm / 10^6, a single-bit
 * upset of one copy (a uniformly chosen bit of the 64-bit value), drawn
 * from a per-SM xorshift stream seeded from the seed and the SM.  Only the
 * model's copies are upset: the functional core's registers stay right, so
 * results stay bit-identical and the statistics say what the hardware
 * would have done -- detected and corrected (reliability on), or silent
 * data corruption (off: a converted instruction's one result, or a reused
 * upset entry).  An upset entry that is never reused again stays latent.
 */
#ifndef PTXSIM_PIPELINE_OPERAND_RELIABILITY_H
#define PTXSIM_PIPELINE_OPERAND_RELIABILITY_H

#include <stdbool.h>
#include <stdint.h>

#include "pipeline/operand_irb.h"
#include "pipeline/sm_operand.h"

typedef struct rel_state {
  sm_stats *st;
  bool is_on;                 /* -ptxsim_scalar_reliability */
  uint32_t fault_ppm;         /* -ptxsim_scalar_fault_ppm (0: none) */
  uint64_t rng;               /* xorshift64 state */
  uint32_t n_regs;            /* registers per warp slot */
  /* Per warp slot and register, while reliability is on: */
  uint64_t *def_at;           /* issue cycle of the write of its value */
  uint64_t *last_use;         /* issue cycle of its last read so far (0: not read) */
  uint8_t *is_protected;      /* the value is held twice */
} rel_state;

/* Sets r up for an SM (sm_id) with n_regs registers per warp slot;
 * PTX_ENOMEM. */
int rel_init(rel_state *r, const sm_params *p, uint32_t n_regs, sm_stats *st, uint32_t sm_id);
void rel_free(rel_state *r);

/* Does reliability or fault injection need the issue-time hooks? */
static inline bool rel_is_active(const rel_state *r)
{
  return r->is_on || r->fault_ppm;
}

/* Every issued instruction (with rel_is_active): its reads, and the ALU
 * operations coverage divides by. */
void rel_note_issue(rel_state *r, uint32_t slot, const tm_insn *t, const simt_record *rec,
                    uint64_t now);
/* slot's instruction t writes its destinations at now; is_protected: the
 * values are stored twice. */
void rel_note_defs(rel_state *r, uint32_t slot, const tm_insn *t, uint64_t now, bool is_protected);
/* The warp in slot ended (or the slot is reused): its values' intervals
 * close at their last reads. */
void rel_warp_end(rel_state *r, uint32_t slot);

/* A converted uniform instruction computes: once, or twice and compared
 * (reliability on: the second ALU lane is charged to c; the register file
 * unit charges the second copy); a fault may strike.  Returns whether its
 * result is protected (stored twice). */
bool rel_scalar_compute(rel_state *r, const simt_record *rec, sm_issue_cost *c);
/* Entry e was just written (installed or updated): its parity is set, and
 * a fault may strike it. */
void rel_irb_written(rel_state *r, irb_entry *e);
/* A value match on e: may its result be reused?  With reliability on, an
 * entry failing its parity is not (the caller runs the instruction and
 * rewrites the entry: counted here); off, an upset entry is reused and
 * counted as silent corruption.  With reliability on, the register file
 * unit stores a reused result twice. */
bool rel_irb_reuse(rel_state *r, irb_entry *e, const simt_record *rec);

#endif /* PTXSIM_PIPELINE_OPERAND_RELIABILITY_H */
