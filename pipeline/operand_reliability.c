/* operand_reliability.c -- opportunistic reliability and fault injection
 * (operand_reliability.h states the model). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/operand_reliability.h"

int rel_init(rel_state *r, const sm_params *p, uint32_t n_regs, sm_stats *st, uint32_t sm_id)
{
  memset(r, 0, sizeof *r);
  r->st = st;
  r->is_on = p->scalar_reliability != 0;
  r->fault_ppm = p->scalar_fault_ppm;
  /* splitmix64 of the seed and the SM: independent, reproducible streams
   * (xorshift needs a non-zero state). */
  uint64_t z = p->scalar_fault_seed + 0x9e3779b97f4a7c15ull * (sm_id + 1ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  r->rng = (z ^ (z >> 31)) | 1;
  r->n_regs = n_regs;
  if (!r->is_on)
    return 0;
  size_t n = (size_t)p->n_warp_slots * n_regs;
  r->def_at = calloc(n ? n : 1, sizeof *r->def_at);
  r->last_use = calloc(n ? n : 1, sizeof *r->last_use);
  r->is_protected = calloc(n ? n : 1, 1);
  if (!r->def_at || !r->last_use || !r->is_protected) {
    rel_free(r);
    return PTX_ENOMEM;
  }
  return 0;
}

void rel_free(rel_state *r)
{
  free(r->def_at);
  free(r->last_use);
  free(r->is_protected);
  r->def_at = r->last_use = NULL;
  r->is_protected = NULL;
}

static uint64_t next_random(rel_state *r)
{
  uint64_t x = r->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return r->rng = x;
}

/* Does a fault strike this computation or write?  Then the bit it flips. */
static bool strikes(rel_state *r, uint64_t *bit)
{
  if (!r->fault_ppm || next_random(r) % 1000000u >= r->fault_ppm)
    return false;
  *bit = UINT64_C(1) << (next_random(r) % 64u);
  r->st->scalar.faults_injected++;
  return true;
}

static uint8_t parity(uint64_t v)
{
  return (uint8_t)__builtin_parityll(v);
}

static bool is_alu(sm_unit u)
{
  return u == SM_UNIT_SP || u == SM_UNIT_DP || u == SM_UNIT_INT || u == SM_UNIT_SFU;
}

/* Closes the interval of the value in register x. */
static void close_value(rel_state *r, size_t x)
{
  if (r->last_use[x] > r->def_at[x]) {
    uint64_t live = r->last_use[x] - r->def_at[x];
    r->st->scalar.rel_live_reg_cycles += live;
    if (r->is_protected[x])
      r->st->scalar.rel_protected_reg_cycles += live;
  }
  r->last_use[x] = 0;
  r->is_protected[x] = 0;
}

void rel_note_issue(rel_state *r, uint32_t slot, const tm_insn *t, const simt_record *rec,
                    uint64_t now)
{
  if (!r->is_on || !rec->exec)
    return;
  if (is_alu((sm_unit)t->unit))
    r->st->scalar.rel_alu_ops += (uint64_t)ptx_popcount32(rec->exec);
  uint64_t *last = r->last_use + (size_t)slot * r->n_regs;
  const uint32_t *uses = t->regs + t->n_defs;
  for (uint32_t u = 0; u < t->n_uses; u++)
    last[uses[u]] = now;
}

void rel_note_defs(rel_state *r, uint32_t slot, const tm_insn *t, uint64_t now, bool is_protected)
{
  if (!r->is_on)
    return;
  size_t base = (size_t)slot * r->n_regs;
  for (uint32_t d = 0; d < t->n_defs; d++) {
    size_t x = base + t->regs[d];
    close_value(r, x);
    r->def_at[x] = now;
    r->is_protected[x] = is_protected;
  }
}

void rel_warp_end(rel_state *r, uint32_t slot)
{
  if (!r->is_on)
    return;
  size_t base = (size_t)slot * r->n_regs;
  for (uint32_t k = 0; k < r->n_regs; k++)
    close_value(r, base + k);
}

bool rel_scalar_compute(rel_state *r, const simt_record *rec, sm_issue_cost *c)
{
  uint64_t bit;
  bool is_struck = strikes(r, &bit);
  if (!r->is_on) {
    /* One computation, one copy: an upset goes out unnoticed. */
    if (is_struck)
      r->st->scalar.faults_silent++;
    return false;
  }
  /* Two computations (one more ALU lane; the register file unit charges
   * the second copy); an upset makes the copies differ (detected), and
   * the struck copy fails its parity while the other passes (corrected). */
  c->alu_lanes++;
  r->st->scalar.rel_protected_ops += (uint64_t)ptx_popcount32(rec->exec);
  if (is_struck) {
    uint64_t good = rec->dst_val, bad = good ^ bit;
    if (bad != good && parity(bad) != parity(good)) {
      r->st->scalar.faults_detected++;
      r->st->scalar.faults_corrected++;
    }
  }
  return true;
}

void rel_irb_written(rel_state *r, irb_entry *e)
{
  e->parity = parity(e->dst);
  e->is_upset = false;
  uint64_t bit;
  if (strikes(r, &bit)) {
    e->dst ^= bit;
    e->is_upset = true;
  }
}

bool rel_irb_reuse(rel_state *r, irb_entry *e, const simt_record *rec)
{
  if (r->is_on) {
    if (parity(e->dst) != e->parity) {
      /* Detected: the instruction runs, its result rewrites the entry
       * (the caller's normal path, and rel_irb_written). */
      r->st->scalar.irb_parity_errors++;
      r->st->scalar.faults_detected++;
      r->st->scalar.faults_corrected++;
      e->dst = rec->dst_val;
      rel_irb_written(r, e);
      return false;
    }
    r->st->scalar.rel_protected_ops += (uint64_t)ptx_popcount32(rec->exec);
    return true;
  }
  if (e->is_upset) {
    /* The wrong value goes to the warp; the entry keeps it. */
    r->st->scalar.faults_silent++;
  }
  return true;
}
