/* reg_estimate.c -- how many 32-bit registers a thread needs: a linear-scan
 * assignment (Poletto and Sarkar, 1999) of the live ranges without
 * spilling.  Positions are 2i (reading instruction i) and 2i+1 (its
 * results), so a register whose last use is instruction i can hold i's
 * result.  A range runs from its first to its last position in program
 * order, holes included, as in the classic algorithm.  Values wider than 32
 * bits take aligned groups (a 64-bit value an even pair), as in the
 * hardware's register file. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/analysis.h"

typedef struct live_range {
  uint32_t reg, start, end;
} live_range;

static int cmp_start(const void *x, const void *y)
{
  const live_range *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->reg < b->reg ? -1 : a->reg > b->reg;
}

static void extend(live_range *r, uint32_t pos)
{
  if (r->start == UINT32_MAX || pos < r->start)
    r->start = pos;
  if (r->end == UINT32_MAX || pos > r->end)
    r->end = pos;
}

static uint32_t group_align(uint32_t slots)
{
  return slots >= 4 ? 4 : slots >= 2 ? 2 : 1;
}

int an_register_estimate(an_func *a)
{
  uint32_t nr = a->n_regs, total = 0;
  live_range *ranges = malloc(sizeof *ranges * (nr ? nr : 1));
  a->reg_phys = malloc(sizeof *a->reg_phys * (nr ? nr : 1));
  if (!ranges || !a->reg_phys) {
    free(ranges);
    return PTX_ENOMEM;
  }
  for (uint32_t r = 0; r < nr; r++) {
    ranges[r] = (live_range){r, UINT32_MAX, UINT32_MAX};
    a->reg_phys[r] = AN_NONE;
    total += a->regs[r].slots;
  }
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const uint64_t *in = an_set(a->live_in, a, i), *out = an_set(a->live_out, a, i);
    for (uint32_t w = 0; w < a->words; w++) {
      for (uint64_t bits = in[w]; bits; bits &= bits - 1)
        extend(&ranges[w * 64 + (uint32_t)__builtin_ctzll(bits)], 2 * i);
      for (uint64_t bits = out[w]; bits; bits &= bits - 1)
        extend(&ranges[w * 64 + (uint32_t)__builtin_ctzll(bits)], 2 * i + 1);
    }
    const an_insn *ins = &a->insns[i];
    for (uint32_t k = 0; k < ins->n_defs; k++)
      extend(&ranges[ins->defs[k]], 2 * i + 1);
  }
  uint32_t n = 0;
  for (uint32_t r = 0; r < nr; r++)
    if (!a->regs[r].is_pred && a->regs[r].slots && ranges[r].start != UINT32_MAX)
      ranges[n++] = ranges[r];
  qsort(ranges, n, sizeof *ranges, cmp_start);

  /* owner[s]: index into ranges of the range holding slot s, or AN_NONE. */
  uint32_t n_slots = 2 * total + 8; /* room for alignment padding */
  uint32_t *owner = malloc(sizeof *owner * n_slots);
  if (!owner) {
    free(ranges);
    return PTX_ENOMEM;
  }
  for (uint32_t s = 0; s < n_slots; s++)
    owner[s] = AN_NONE;
  uint32_t high = 0;
  for (uint32_t j = 0; j < n; j++) {
    const live_range *cur = &ranges[j];
    /* Expire the ranges that ended before this one starts. */
    for (uint32_t s = 0; s < high; s++)
      if (owner[s] != AN_NONE && ranges[owner[s]].end < cur->start)
        owner[s] = AN_NONE;
    uint32_t size = a->regs[cur->reg].slots, align = group_align(size);
    uint32_t at = 0;
    for (;; at += align) {
      bool free_group = true;
      for (uint32_t s = at; s < at + size && free_group; s++)
        free_group = owner[s] == AN_NONE;
      if (free_group)
        break;
    }
    for (uint32_t s = at; s < at + size; s++)
      owner[s] = j;
    a->reg_phys[cur->reg] = at;
    if (at + size > high)
      high = at + size;
  }
  a->est_regs = high;
  free(owner);
  free(ranges);
  return 0;
}
