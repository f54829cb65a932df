/* operand_srf.c -- a scalar register file with renaming (002a §1.5,
 * -ptxsim_scalar_mode srf).
 *
 * Each SM has -ptxsim_srf_entries scalar registers, a rename map with one
 * entry per physical vector register (warp slot x register: the SRF entry
 * plus one, 0 when unmapped -- the valid bit 002a §6.3 asks for) and a free
 * list.  Detection is the token design's (operand_uniform.h); a register
 * is uniform while it is mapped.
 *   - A uniform instruction takes an entry for each destination not yet
 *     mapped (a mapped one is rewritten in place); when the free list has
 *     too few, it is not converted (ptxsim_srf_full_events) and runs as a
 *     regular instruction.  Converted, it runs on one lane (rf_lanes 1,
 *     initiation interval 1), reads its register sources from the SRF and
 *     writes its destinations there.
 *   - A load on the broadcast path maps its destinations the same way (or
 *     counts a full event and leaves them unmapped).
 *   - Any instruction reading a mapped register reads the SRF (broadcast
 *     to the lanes); a regular write frees its destinations' entries when
 *     it issues, after a copy-on-write under a partial mask (which reads
 *     the SRF once more).
 *   - call, ret, and the warp's exit free every entry of the warp.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/operand_uniform.h"

typedef struct srf_unit {
  ou_state u;                 /* u.mark[x]: map[x] != 0 */
  uint16_t *map;              /* [slot * n_regs + reg]: entry + 1, 0 unmapped */
  uint16_t *free_list;        /* n_free entries on top */
  uint32_t n_free;
} srf_unit;

static void *srf_create(const sm_params *p, const tm_kernel *k, sm_stats *st, uint32_t sm_id)
{
  srf_unit *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  if (ou_init(&s->u, p, k, st, sm_id)) {
    free(s);
    return NULL;
  }
  uint32_t n = p->srf_entries;
  s->map = calloc((size_t)p->n_warp_slots * s->u.n_regs, sizeof *s->map);
  s->free_list = malloc(sizeof *s->free_list * (n ? n : 1));
  if (!s->map || !s->free_list) {
    ou_free(&s->u);
    free(s->map);
    free(s->free_list);
    free(s);
    return NULL;
  }
  for (uint32_t e = 0; e < n; e++)
    s->free_list[e] = (uint16_t)(n - 1 - e);
  s->n_free = n;
  return s;
}

static void srf_destroy(void *self)
{
  srf_unit *s = self;
  ou_free(&s->u);
  free(s->map);
  free(s->free_list);
  free(s);
}

static void unmap(srf_unit *s, size_t x)
{
  if (s->map[x]) {
    s->free_list[s->n_free++] = (uint16_t)(s->map[x] - 1);
    s->map[x] = 0;
    s->u.mark[x] = 0;
  }
}

/* Frees every entry of the warp in slot. */
static void unmap_warp(srf_unit *s, uint32_t slot)
{
  size_t base = (size_t)slot * s->u.n_regs;
  for (uint32_t r = 0; r < s->u.n_regs; r++)
    unmap(s, base + r);
}

static void srf_warp_reset(void *self, uint32_t slot, uint32_t lanes)
{
  srf_unit *s = self;
  rel_warp_end(&s->u.rel, slot);
  unmap_warp(s, slot);
  ou_warp_reset(&s->u, slot, lanes);
}

/* Maps t's destinations (all or none): whether the free list had enough. */
static bool map_defs(srf_unit *s, uint32_t slot, const tm_insn *t)
{
  size_t base = (size_t)slot * s->u.n_regs;
  uint32_t need = 0;
  for (uint32_t d = 0; d < t->n_defs; d++)
    need += s->map[base + t->regs[d]] == 0;
  if (need > s->n_free) {
    s->u.st->scalar.srf_full_events++;
    return false;
  }
  for (uint32_t d = 0; d < t->n_defs; d++) {
    size_t x = base + t->regs[d];
    if (!s->map[x]) {
      s->map[x] = (uint16_t)(s->free_list[--s->n_free] + 1);
      s->u.mark[x] = 1;
    }
  }
  return true;
}

static void unmap_defs(srf_unit *s, uint32_t slot, const tm_insn *t)
{
  size_t base = (size_t)slot * s->u.n_regs;
  for (uint32_t d = 0; d < t->n_defs; d++)
    unmap(s, base + t->regs[d]);
}

/* What the register file does with rec's destinations; whether they are
 * held twice (reliability: the SRF and lane 0 of the vector register). */
static int srf_classify(srf_unit *s, uint32_t slot, const tm_insn *t, const simt_record *rec,
                        sm_issue_cost *c, bool *is_protected)
{
  ou_state *u = &s->u;
  uint32_t marked_uses;
  ou_kind kind = ou_classify(u, slot, t, rec, &marked_uses);
  int rc = 0;
  if (rec->exec) {
    c->srf_reads += marked_uses;
    c->vrf_uses = (uint16_t)(t->n_uses - marked_uses); /* the rest come from the SRF */
  }
  switch (kind) {
  case OU_NO_WRITE:
    break;
  case OU_CALL:
    rel_warp_end(&u->rel, slot);
    unmap_warp(s, slot);
    break;
  case OU_UNIFORM: {
    ou_count_uniform(u, rec);
    bool is_mapped = map_defs(s, slot, t);
    bool is_reused = ou_reuse(u, rec, is_mapped, c, &rc);
    if (!is_mapped) {
      /* No scalar register for the result: it runs as a vector
       * instruction, reused or not. */
      unmap_defs(s, slot, t);
      break;
    }
    c->srf_writes += t->n_defs;
    if (is_reused) {
      c->vrf_defs = 0;
      *is_protected = u->rel.is_on;
    } else if (ou_converts_misses(u)) {
      u->st->scalar.converted_issues++;
      c->rf_lanes = 1;
      c->alu_lanes = 1;
      c->interval = 1;
      c->vrf_defs = 0;
      if (PTX_UNLIKELY(rel_is_active(&u->rel)))
        *is_protected = rel_scalar_compute(&u->rel, rec, c);
    } /* else (inter) it runs on every lane and writes the SRF as well */
    if (*is_protected)
      c->vrf_defs = (uint16_t)t->n_defs; /* the copy in lane 0 (rf_lanes 1) */
    if (!rc)
      rc = ou_check_mark(u, rec);
    break;
  }
  case OU_BROADCAST:
    u->st->scalar.broadcast_loads++;
    if (map_defs(s, slot, t)) {
      c->srf_writes += t->n_defs;
      c->vrf_defs = 0;
      rc = ou_check_mark(u, rec);
      break;
    }
    unmap_defs(s, slot, t);
    break;
  case OU_REGULAR: {
    uint32_t copies = ou_copy_on_write(u, slot, t, rec);
    if (copies) {
      ou_charge_copies(c, copies);
      c->srf_reads += copies;
    }
    unmap_defs(s, slot, t);
    break;
  }
  }
  if (rec->is_warp_done)
    unmap_warp(s, slot);
  return rc;
}

static int srf_at_issue(void *self, uint32_t slot, const tm_insn *t, const simt_record *rec,
                        uint64_t now, sm_issue_cost *c)
{
  srf_unit *s = self;
  rel_state *rel = &s->u.rel;
  if (PTX_LIKELY(!rel_is_active(rel)))
    return srf_classify(s, slot, t, rec, c, &(bool){false});
  rel_note_issue(rel, slot, t, rec, now);
  bool is_protected = false;
  int rc = srf_classify(s, slot, t, rec, c, &is_protected);
  if (rec->exec)
    rel_note_defs(rel, slot, t, now, is_protected);
  if (rec->is_warp_done)
    rel_warp_end(rel, slot);
  return rc;
}

const sm_operand_ops sm_operand_srf_ops = {
  .name = "srf",
  .doc = "a renamed scalar register file (-ptxsim_srf_entries per SM) holds uniform values; "
         "uniform instructions run on one lane, issuing every cycle (002a §1.5)",
  .create = srf_create,
  .destroy = srf_destroy,
  .warp_reset = srf_warp_reset,
  .at_issue = srf_at_issue,
};
