/* simt_record.c -- the expensive parts of the dynamic instruction record
 * (simt.h, simt_record), which simt_step() fills only for the instructions
 * that have them: each lane's address and state space of a memory
 * instruction, taken before it runs (it may overwrite its own address
 * register), and, when the launch's record_flags ask, whether the
 * instruction's operands were uniform across the executing lanes and the
 * pattern of the values it wrote.
 *
 * Operands are found through the decoded roles (isa_insn.def_opnds,
 * use_opnds, pred_opnds); an instruction whose operands they cannot
 * describe is not measured (SIMT_VAL_MEASURED clear).  Values are compared
 * as the 64-bit slots hold them (sign- or zero-extended to 64 bits), so a
 * float's pattern is its bits'.
 */
#include "config.h"

#include <string.h>

#include "isa/simt.h"

/* The generic windows lie back to back, so a lane's window is one
 * subtraction and shift away (simt_resolve_generic, without its loop). */
_Static_assert(ISA_LOCAL_WINDOW == ISA_SHARED_WINDOW + ISA_WINDOW_SIZE &&
                   ISA_PARAM_WINDOW == ISA_LOCAL_WINDOW + ISA_WINDOW_SIZE &&
                   ISA_WINDOW_SIZE == UINT64_C(1) << 32,
               "the generic windows are contiguous 4 GB ranges");

/* Every lane's address, executing or not: a loop without the mask walk
 * vectorises, and the other lanes' registers are there too. */
static inline void lane_addresses(uint64_t *restrict addr, const uint64_t *restrict reg,
                                  uint64_t amask, uint64_t off)
{
  for (uint32_t lane = 0; lane < SIMT_WARP_SIZE; lane++)
    addr[lane] = (reg[lane] & amask) + off;
}

void simt_record_memory(const simt_warp *w, const isa_insn *in, uint32_t mask, simt_record *rec)
{
  lane_addresses(rec->addr, w->r + in->o[in->addr_opnd], in->amask, (uint64_t)in->off);
  if (in->space != ISA_SPACE_GENERIC) {
    memset(rec->space, in->space, sizeof rec->space);
    rec->space_mask = (uint8_t)(mask ? 1u << in->space : 0);
    return;
  }
  static const uint8_t window_space[4] = {ISA_SPACE_SHARED, ISA_SPACE_LOCAL, ISA_SPACE_PARAM,
                                          ISA_SPACE_GLOBAL};
  uint32_t seen = 0;
  for (uint32_t lane = 0; lane < SIMT_WARP_SIZE; lane++) {
    uint64_t a = rec->addr[lane], k = (a - ISA_SHARED_WINDOW) >> 32;
    k = k < 3 ? k : 3;
    rec->space[lane] = window_space[k];
    rec->addr[lane] = k < 3 ? a - ISA_SHARED_WINDOW - (k << 32) : a;
    seen |= (mask >> lane & 1) << window_space[k];
  }
  rec->space_mask = (uint8_t)seen;
}

/* ---- values ------------------------------------------------------------- */

static bool slot_is_uniform(const uint64_t *v, uint32_t mask)
{
  uint64_t first = v[__builtin_ctz(mask)];
  SIMT_FOR_EACH_LANE(mask, lane)
  if (v[lane] != first)
    return false;
  return true;
}

static bool pred_is_uniform(uint32_t p, uint32_t mask)
{
  p &= mask;
  return p == 0 || p == mask;
}

/* The pattern of a register's values v over the lanes of mask (not
 * empty); *stride gets the step of a strided one.  Arithmetic wraps, as
 * the hardware's address and index arithmetic does. */
static simt_pattern slot_pattern(const uint64_t *v, uint32_t mask, int64_t *stride)
{
  uint32_t first = (uint32_t)__builtin_ctz(mask), rest = mask & (mask - 1);
  if (!rest)
    return SIMT_PAT_UNIFORM;
  uint32_t second = (uint32_t)__builtin_ctz(rest);
  uint64_t base = v[first], diff = v[second] - base;
  int64_t gap = (int64_t)(second - first);
  uint64_t step = (uint64_t)((int64_t)diff / gap); /* signed: strides go down too */
  if (step * (uint64_t)gap != diff)
    return SIMT_PAT_RANDOM;
  SIMT_FOR_EACH_LANE(rest, lane)
  if (v[lane] != base + step * (lane - first))
    return SIMT_PAT_RANDOM;
  *stride = (int64_t)step;
  return step ? SIMT_PAT_STRIDED : SIMT_PAT_UNIFORM;
}

/* The slots of operand k of in (a register, or the vector's elements). */
static uint32_t operand_slots(const isa_insn *in, unsigned k, const uint32_t **slots)
{
  if (in->o[k] == ISA_NONE) {
    *slots = in->v;
    return in->vec;
  }
  *slots = &in->o[k];
  return 1;
}

/* Keeps v as rec's next source value (SIMT_VAL_SCALAR); more than
 * SIMT_REC_SRC_VALS leave n_src_vals past it. */
static inline void keep_source(simt_record *rec, uint64_t v)
{
  if (rec->n_src_vals < SIMT_REC_SRC_VALS)
    rec->src_val[rec->n_src_vals] = v;
  if (rec->n_src_vals <= SIMT_REC_SRC_VALS)
    rec->n_src_vals++;
}

bool simt_record_sources(const simt_warp *w, const isa_insn *in, uint32_t mask, simt_record *rec)
{
  rec->n_src_vals = 0;
  if (!mask)
    return true;
  uint32_t lane = (uint32_t)__builtin_ctz(mask);
  bool is_uniform = true;
  for (uint32_t m = in->use_opnds; m; m &= m - 1) {
    unsigned k = (unsigned)__builtin_ctz(m);
    if (in->pred_opnds >> k & 1) {
      uint32_t p = w->p[in->o[k]];
      keep_source(rec, p >> lane & 1);
      is_uniform = is_uniform && pred_is_uniform(p, mask);
      continue;
    }
    const uint32_t *slots;
    uint32_t n = operand_slots(in, k, &slots);
    for (uint32_t e = 0; e < n; e++) {
      keep_source(rec, w->r[slots[e] + lane]);
      is_uniform = is_uniform && slot_is_uniform(w->r + slots[e], mask);
    }
  }
  return is_uniform;
}

void simt_record_scalar_sources(const simt_warp *w, const isa_insn *in, uint32_t mask,
                                simt_record *rec)
{
  rec->n_src_vals = 0;
  if (!mask)
    return;
  uint32_t lane = (uint32_t)__builtin_ctz(mask);
  for (uint32_t m = in->use_opnds; m; m &= m - 1) {
    unsigned k = (unsigned)__builtin_ctz(m);
    if (in->pred_opnds >> k & 1) {
      keep_source(rec, w->p[in->o[k]] >> lane & 1);
      continue;
    }
    const uint32_t *slots;
    uint32_t n = operand_slots(in, k, &slots);
    for (uint32_t e = 0; e < n; e++)
      keep_source(rec, w->r[slots[e] + lane]);
  }
}

void simt_record_scalar_result(const simt_warp *w, const isa_insn *in, uint32_t mask,
                               simt_record *rec)
{
  rec->values = 0;
  if (!mask || in->has_hidden_opnds || rec->n_src_vals > SIMT_REC_SRC_VALS ||
      in->pd != ISA_NONE)
    return;
  uint32_t lane = (uint32_t)__builtin_ctz(mask), n = 0;
  for (uint32_t m = in->def_opnds; m; m &= m - 1) {
    unsigned k = (unsigned)__builtin_ctz(m);
    if (in->pred_opnds >> k & 1) {
      rec->dst_val = w->p[in->o[k]] >> lane & 1;
      n++;
      continue;
    }
    const uint32_t *slots;
    n += operand_slots(in, k, &slots);
    rec->dst_val = w->r[slots[0] + lane];
  }
  if (n == 1)
    rec->values = SIMT_VAL_SCALAR;
}

void simt_record_values(const simt_warp *w, const isa_insn *in, uint32_t mask,
                        bool is_src_uniform, simt_record *rec)
{
  rec->dst_pattern = SIMT_PAT_NONE;
  rec->dst_stride = 0;
  if (in->has_hidden_opnds) {
    rec->values = 0;
    return;
  }
  uint8_t values = SIMT_VAL_MEASURED | (is_src_uniform ? SIMT_VAL_SRC_UNIFORM : 0);
  simt_pattern worst = SIMT_PAT_NONE;
  bool has_stride = false;
  uint32_t lane = mask ? (uint32_t)__builtin_ctz(mask) : 0, n_dst_vals = 0;
  for (uint32_t m = mask ? in->def_opnds : 0; m; m &= m - 1) {
    unsigned k = (unsigned)__builtin_ctz(m);
    if (in->pred_opnds >> k & 1) {
      simt_pattern p = pred_is_uniform(w->p[in->o[k]], mask) ? SIMT_PAT_UNIFORM : SIMT_PAT_RANDOM;
      worst = p > worst ? p : worst;
      rec->dst_val = w->p[in->o[k]] >> lane & 1;
      n_dst_vals++;
      continue;
    }
    const uint32_t *slots;
    uint32_t n = operand_slots(in, k, &slots);
    n_dst_vals += n;
    rec->dst_val = w->r[slots[0] + lane];
    for (uint32_t e = 0; e < n; e++) {
      int64_t stride = 0;
      simt_pattern p = slot_pattern(w->r + slots[e], mask, &stride);
      if (p == SIMT_PAT_STRIDED && !has_stride) {
        rec->dst_stride = stride;
        has_stride = true;
      }
      worst = p > worst ? p : worst;
    }
  }
  /* The predicate of a d|p pair (setp p|q, tex d|p ...). */
  if (mask && in->pd != ISA_NONE) {
    simt_pattern p = pred_is_uniform(w->p[in->pd], mask) ? SIMT_PAT_UNIFORM : SIMT_PAT_RANDOM;
    worst = p > worst ? p : worst;
    n_dst_vals++;
  }
  if (n_dst_vals == 1 && rec->n_src_vals <= SIMT_REC_SRC_VALS)
    values |= SIMT_VAL_SCALAR;
  if (worst <= SIMT_PAT_UNIFORM)
    values |= SIMT_VAL_DST_UNIFORM;
  if (worst != SIMT_PAT_STRIDED)
    rec->dst_stride = 0;
  rec->values = values;
  rec->dst_pattern = (uint8_t)worst;
}
