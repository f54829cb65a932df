/* operand_token.c -- token bits on the vector register file (002a §1.4,
 * -ptxsim_scalar_mode token), and the same tracking without its cost
 * (-ptxsim_scalar_mode detect: only the statistics).
 *
 * A token bit per physical vector register (warp slot x register) says
 * the register holds one value, kept in one lane.  An instruction detected
 * uniform (operand_uniform.h) is converted: it runs on one lane (rf_lanes
 * 1: one ALU lane, one lane of each register it reads and writes) and its
 * unit is free again after one cycle (initiation interval 1; 002a: "the
 * issue rate goes from one per 4 cycles to one per cycle").  Its latency
 * stays the opcode table's.  Its destinations' tokens are set, and so are
 * those of a load that took the broadcast path (full mask).  Any other
 * write clears them; under a partial mask a destination whose token is
 * set first takes a copy-on-write (one more issue slot on the unit, one
 * more cycle of latency: operand_uniform.h).
 */
#include "config.h"

#include <stdlib.h>

#include "pipeline/operand_uniform.h"

typedef struct token_unit {
  ou_state u;
  bool is_converting;         /* token; false: detect */
} token_unit;

static void *create(const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id,
                    bool is_converting)
{
  token_unit *t = malloc(sizeof *t);
  if (!t)
    return NULL;
  if (ou_init(&t->u, p, k, st, sm_id)) {
    free(t);
    return NULL;
  }
  t->is_converting = is_converting;
  return t;
}

static void *token_create(const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id)
{
  return create(p, k, st, sm_id, true);
}

static void *detect_create(const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id)
{
  return create(p, k, st, sm_id, false);
}

static void token_destroy(void *self)
{
  token_unit *t = self;
  ou_free(&t->u);
  free(t);
}

static void token_warp_reset(void *self, uint32_t slot, uint32_t lanes)
{
  token_unit *tu = self;
  rel_warp_end(&tu->u.rel, slot);
  ou_warp_reset(&tu->u, slot, lanes);
}

static void set_defs(uint8_t *mark, const tm_insn *t, uint8_t v)
{
  for (uint32_t d = 0; d < t->n_defs; d++)
    mark[t->regs[d]] = v;
}

/* What the register file does with rec's destinations; whether they are
 * held twice (reliability). */
static int token_classify(token_unit *tu, uint32_t slot, const tm_insn *t,
                          const simt_record *rec, sm_issue_cost *c, bool *is_protected)
{
  ou_state *s = &tu->u;
  uint32_t marked_uses;
  switch (ou_classify(s, slot, t, rec, &marked_uses)) {
  case OU_NO_WRITE:
    return 0;
  case OU_CALL:
    rel_warp_end(&s->rel, slot);
    ou_warp_reset(s, slot, s->lanes[slot]);
    return 0;
  case OU_UNIFORM: {
    ou_count_uniform(s, rec);
    int rc = 0;
    if (ou_reuse(s, rec, true, c, &rc)) {
      *is_protected = s->rel.is_on;
    } else if (tu->is_converting && ou_converts_misses(s)) {
      s->st->scalar.converted_issues++;
      c->rf_lanes = 1;
      c->alu_lanes = 1;
      c->interval = 1;
      if (PTX_UNLIKELY(rel_is_active(&s->rel)))
        *is_protected = rel_scalar_compute(&s->rel, rec, c);
    }
    if (*is_protected)
      c->rf_lanes = 2; /* the second copy, in the next lane */
    /* Under inter, a miss runs on every lane: each holds the value, so
     * the token still describes the register. */
    set_defs(ou_marks(s, slot), t, 1);
    return rc ? rc : ou_check_mark(s, rec);
  }
  case OU_BROADCAST:
    s->st->scalar.broadcast_loads++;
    set_defs(ou_marks(s, slot), t, 1);
    return ou_check_mark(s, rec);
  case OU_REGULAR: {
    if (PTX_UNLIKELY(s->check == 2) && rec->exec == s->lanes[slot]) {
      /* -ptxsim_scalar_check 2 tests the check: a full-mask write is
       * marked uniform whatever it computed. */
      set_defs(ou_marks(s, slot), t, 1);
      return ou_check_mark(s, rec);
    }
    uint32_t copies = ou_copy_on_write(s, slot, t, rec);
    if (copies && tu->is_converting)
      ou_charge_copies(c, copies);
    set_defs(ou_marks(s, slot), t, 0);
    return 0;
  }
  }
  return 0;
}

static int token_at_issue(void *self, uint32_t slot, const tm_insn *t, const simt_record *rec,
                          uint64_t now, sm_issue_cost *c)
{
  token_unit *tu = self;
  rel_state *rel = &tu->u.rel;
  if (PTX_LIKELY(!rel_is_active(rel)))
    return token_classify(tu, slot, t, rec, c, &(bool){false});
  rel_note_issue(rel, slot, t, rec, now);
  bool is_protected = false;
  int rc = token_classify(tu, slot, t, rec, c, &is_protected);
  if (rec->exec)
    rel_note_defs(rel, slot, t, now, is_protected);
  if (rec->is_warp_done)
    rel_warp_end(rel, slot);
  return rc;
}

const sm_operand_ops sm_operand_token_ops = {
  .name = "token",
  .doc = "token bits on the vector register file: uniform instructions run on one lane, "
         "issuing every cycle (002a §1.4)",
  .create = token_create,
  .destroy = token_destroy,
  .warp_reset = token_warp_reset,
  .at_issue = token_at_issue,
};

const sm_operand_ops sm_operand_detect_ops = {
  .name = "detect",
  .doc = "a vector register file that detects uniform instructions for the statistics only",
  .create = detect_create,
  .destroy = token_destroy,
  .warp_reset = token_warp_reset,
  .at_issue = token_at_issue,
};
