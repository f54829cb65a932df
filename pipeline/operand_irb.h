/* operand_irb.h -- the instruction reuse buffer (002a §1.6): inter-warp
 * redundancy for the scalarizing register files (operand_token.c,
 * operand_srf.c, through operand_uniform.h).
 *
 * One buffer per SM, fully associative, least recently used replacement.
 * An entry holds a 10-bit partial PC (the low bits of the instruction's
 * index in the kernel: instructions are numbered across the kernel's
 * functions), the instruction's opcode (the decoded instruction, compared
 * with every modifier: partial-PC aliases with the same opcode compute the
 * same function, which is why the seed stores it), its source values and
 * its result.  Only intra-warp uniform instructions look it up, so one
 * value per operand is enough.
 *
 * A lookup whose tag and opcode match is a hit; its source values then
 * either match (the result is reused: an inter-warp uniform instruction)
 * or not (the instruction runs and rewrites the entry).  A miss installs
 * the instruction in the least recently used entry.  Either way the entry
 * becomes the most recently used.  Instructions the record cannot describe
 * in three source values and one result (SIMT_VAL_SCALAR clear) do not
 * take part.
 */
#ifndef PTXSIM_PIPELINE_OPERAND_IRB_H
#define PTXSIM_PIPELINE_OPERAND_IRB_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/simt.h"
#include "pipeline/sm_core.h"

/* Bits of the partial-PC tag (002a §1.6's entry layout). */
#define IRB_TAG_BITS 10

typedef struct irb_entry {
  const isa_insn *op;         /* the instruction that installed it: its
                                 opcode and modifiers (NULL: invalid) */
  uint64_t src[SIMT_REC_SRC_VALS];
  uint64_t dst;
  uint64_t last_use;          /* the LRU stamp */
  uint16_t tag;               /* partial PC */
  uint8_t n_src;
  uint8_t parity;             /* of dst, as written (reliability) */
  bool is_upset;              /* a fault injection flipped a bit of dst */
} irb_entry;

typedef struct irb {
  irb_entry *e;
  uint32_t n;                 /* entries */
  uint64_t stamp;             /* lookups so far: the LRU clock */
} irb;

/* What a lookup found. */
typedef enum irb_outcome {
  IRB_SKIPPED,   /* the record has no scalar values: no lookup */
  IRB_MISS,      /* installed in the LRU entry */
  IRB_MISMATCH,  /* tag and opcode hit, other source values: updated */
  IRB_REUSE      /* tag, opcode and source values hit: the result is e->dst */
} irb_outcome;

/* n entries (n > 0); PTX_ENOMEM. */
int irb_init(irb *b, uint32_t n);
void irb_free(irb *b);
/* Every entry invalid (a new launch). */
void irb_clear(irb *b);

/* Looks up rec (an intra-warp uniform instruction at kernel-wide index
 * pc), counts the lookup's statistics in st (ptxsim_irb_*), and updates the
 * buffer as 002a §1.6 does.  *entry receives the entry it hit (IRB_REUSE),
 * updated (IRB_MISMATCH) or installed (IRB_MISS). */
irb_outcome irb_access(irb *b, uint32_t pc, const simt_record *rec, sm_scalar_stats *st,
                       irb_entry **entry);

/* Do a and b compute the same function of their sources (opcode, types,
 * rounding and every other modifier)? */
bool irb_same_opcode(const isa_insn *a, const isa_insn *b);

#endif /* PTXSIM_PIPELINE_OPERAND_IRB_H */
