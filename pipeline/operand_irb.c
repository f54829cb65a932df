/* operand_irb.c -- the instruction reuse buffer (operand_irb.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/operand_irb.h"

int irb_init(irb *b, uint32_t n)
{
  b->e = calloc(n, sizeof *b->e);
  b->n = b->e ? n : 0;
  b->stamp = 0;
  return b->e ? 0 : PTX_ENOMEM;
}

void irb_free(irb *b)
{
  free(b->e);
  b->e = NULL;
  b->n = 0;
}

void irb_clear(irb *b)
{
  memset(b->e, 0, sizeof *b->e * b->n);
  b->stamp = 0;
}

bool irb_same_opcode(const isa_insn *a, const isa_insn *b)
{
  /* The executor (opcode and type), then every decoded modifier; the
   * operand roles say which operands are sources, in which order. */
  return a == b ||
         (a->exec == b->exec && a->op == b->op && a->type == b->type && a->type2 == b->type2 &&
          a->vec == b->vec && a->rnd == b->rnd && a->ftz == b->ftz && a->sat == b->sat &&
          a->neg_mask == b->neg_mask && a->def_opnds == b->def_opnds &&
          a->use_opnds == b->use_opnds && a->pred_opnds == b->pred_opnds && a->n_o == b->n_o &&
          a->aux == b->aux && a->aux2 == b->aux2 && a->ext == b->ext && (a->pd == ISA_NONE) ==
                                                                            (b->pd == ISA_NONE));
}

static void fill(irb_entry *e, const isa_insn *op, uint16_t tag, const simt_record *rec)
{
  e->op = op;
  e->tag = tag;
  e->n_src = rec->n_src_vals;
  memcpy(e->src, rec->src_val, sizeof e->src);
  for (uint32_t k = rec->n_src_vals; k < SIMT_REC_SRC_VALS; k++)
    e->src[k] = 0; /* unused slots compare equal */
  e->dst = rec->dst_val;
  e->parity = (uint8_t)__builtin_parityll(e->dst);
  e->is_upset = false;
}

irb_outcome irb_access(irb *b, uint32_t pc, const simt_record *rec, sm_scalar_stats *st,
                       irb_entry **entry)
{
  if (!(rec->values & SIMT_VAL_SCALAR))
    return IRB_SKIPPED;
  st->irb_lookups++;
  uint16_t tag = (uint16_t)(pc & ((1u << IRB_TAG_BITS) - 1));
  uint64_t now = ++b->stamp;
  irb_entry *victim = &b->e[0];
  for (uint32_t i = 0; i < b->n; i++) {
    irb_entry *e = &b->e[i];
    if (e->op && e->tag == tag && irb_same_opcode(e->op, rec->insn)) {
      st->irb_hits++;
      e->last_use = now;
      bool is_same = e->n_src == rec->n_src_vals;
      for (uint32_t k = 0; is_same && k < rec->n_src_vals; k++)
        is_same = e->src[k] == rec->src_val[k];
      if (is_same) {
        st->irb_value_matches++;
        *entry = e;
        return IRB_REUSE;
      }
      st->irb_mismatches++;
      fill(e, rec->insn, tag, rec);
      e->last_use = now;
      *entry = e;
      return IRB_MISMATCH;
    }
    /* The victim: an invalid entry (the first), else the least recent. */
    if (victim->op && (!e->op || e->last_use < victim->last_use))
      victim = e;
  }
  st->irb_installs++;
  if (victim->op)
    st->irb_evictions++;
  fill(victim, rec->insn, tag, rec);
  victim->last_use = now;
  *entry = victim;
  return IRB_MISS;
}
