/* sm_operand.h -- the operand / register-file seam: what reading an
 * instruction's operands and writing its result costs.
 *
 * The issue stage hands every issued instruction, after the functional
 * core executed it, to the register file's at_issue() hook with its cost
 * as the opcode tables give it (its unit's initiation interval and its
 * latency); the hook may change that cost from what the record says about
 * the instruction (lanes that executed; with issue 14's record flags,
 * whether its sources and result were uniform across them).  That is where
 * 002a §1 plugs in: token bits on the vector register file and a scalar
 * register file (a uniform instruction runs on one lane, so its unit is
 * free again after one cycle), and an instruction reuse buffer (a hit
 * skips execution: latency about one cycle).  A unit counts its own events
 * (SRF reads, reuse hits, copies) in its state, for the energy tables.
 *
 * Units (-ptxsim_register_file, or -ptxsim_scalar_mode for the last
 * three; the registry is sm_operand.c):
 *   vector   every instruction reads and writes full vector registers; the
 *            cost is the opcode table's.  It has no hook, so it costs
 *            nothing per instruction.
 *   detect   vector, and counts the uniform instructions (operand_token.c)
 *   token    token bits on the vector register file (operand_token.c)
 *   srf      a renamed scalar register file (operand_srf.c)
 */
#ifndef PTXSIM_PIPELINE_SM_OPERAND_H
#define PTXSIM_PIPELINE_SM_OPERAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/simt.h"
#include "pipeline/sm_core.h"
#include "pipeline/tm_kernel.h"

/* What an issued instruction costs. */
typedef struct sm_issue_cost {
  uint32_t interval;          /* cycles its unit takes no other instruction
                                 (t->interval; also what unit_util counts) */
  uint32_t latency;           /* cycles until its result can be read, for
                                 fixed-latency (ALU) instructions (t->latency;
                                 0 counts as 1) */
  /* What it costs the register files and ALUs, for the energy model: */
  uint32_t rf_lanes;          /* lanes whose vector registers it reads and
                                 writes (the executing lanes; 1 for an
                                 instruction run once for the warp, 2 with
                                 a duplicate) */
  uint32_t alu_lanes;         /* lanes its unit computes (the executing
                                 lanes; 0 when a reuse buffer supplied the
                                 result) */
  uint16_t vrf_uses, vrf_defs; /* registers it reads from and writes to the
                                 vector register file (t->n_uses, t->n_defs;
                                 fewer when a scalar register file holds
                                 some) */
  uint32_t srf_reads, srf_writes; /* scalar register file accesses (0) */
} sm_issue_cost;

struct sm_operand_ops {
  const char *name;           /* the -ptxsim_register_file value */
  const char *doc;            /* one line */
  /* State for the warp slots of SM sm_id running k (its registers are
   * numbered below k->max_regs: token bits, rename maps); NULL when out of
   * memory.  NULL create: the unit keeps no state. */
  void *(*create)(const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id);
  void (*destroy)(void *self);
  /* A new warp whose threads are the lanes in mask lanes takes slot
   * (NULL: nothing to forget). */
  void (*warp_reset)(void *self, uint32_t slot, uint32_t lanes);
  /* slot issued rec->insn (timing view t) at now: may change c.  NULL: the
   * cost stays the opcode table's.  Returns 0, or an SM_OPERAND_E_* code
   * that stops the launch (sm_operand_fail reports it). */
  int (*at_issue)(void *self, uint32_t slot, const tm_insn *t, const simt_record *rec,
                  uint64_t now, sm_issue_cost *c);
};

/* Why at_issue stopped a launch. */
enum {
  SM_OPERAND_E_NOT_UNIFORM = 1, /* -ptxsim_scalar_check: a register marked
                                  uniform holds different values */
  SM_OPERAND_E_REUSE = 2       /* -ptxsim_scalar_check: the reuse buffer
                                  supplied a value the instruction does not
                                  compute */
};

/* Stops launch l for at_issue's code rc on warp w's instruction rec
 * (message naming the PTX file:line, kernel, CTA and warp); returns the
 * launch's status. */
int sm_operand_fail(simt_launch *l, const simt_warp *w, const simt_record *rec,
                    const sm_operand_ops *unit, int rc);

/* The units -ptxsim_scalar_mode names (none: -ptxsim_register_file's). */
extern const sm_operand_ops sm_operand_token_ops, sm_operand_detect_ops, sm_operand_srf_ops;

/* The unit called name, or NULL with "unknown register file 'x' (valid:
 * vector)" in err (err may be NULL). */
const sm_operand_ops *sm_operand_find(const char *name, char *err, size_t errlen);
/* The registered units, in registry order (n_out receives the count). */
const sm_operand_ops *const *sm_operand_list(size_t *n_out);

#endif /* PTXSIM_PIPELINE_SM_OPERAND_H */
