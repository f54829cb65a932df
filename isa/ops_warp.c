/* ops_warp.c -- shfl(.sync), vote(.sync), match.sync, redux.sync,
 * activemask, elect.sync (PTX ISA 9.7.9.6, 9.7.13.8-14).
 *
 * The lanes that take part are the executing lanes that are in the
 * membermask.  In this model a warp executes its active lanes together,
 * so the waiting the .sync forms do is already done; reading a register
 * of a lane that is not executing returns that lane's current value (the
 * ISA leaves it undefined).
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

static uint32_t member_mask(const simt_warp *w, const isa_insn *in, uint32_t mask, unsigned k)
{
  if (!in->aux2 || !mask)
    return mask; /* legacy forms: the active lanes */
  return (uint32_t)w->r[in->o[k] + (uint32_t)__builtin_ctz(mask)] & mask;
}

/* shfl.sync.mode.b32 d[|p], a, b, c, membermask */
static void shfl_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  uint32_t src[SIMT_WARP_SIZE], dst[SIMT_WARP_SIZE];
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
    src[l] = (uint32_t)r[in->o[1] + l];
  uint32_t pbits = 0;
  SIMT_FOR_EACH_LANE(mask, lane)
  {
    uint32_t bval = (uint32_t)r[in->o[2] + lane] & 31;
    uint32_t c = (uint32_t)r[in->o[3] + lane];
    uint32_t cval = c & 31, seg = (c >> 8) & 31;
    int32_t max_lane = (int32_t)((lane & seg) | (cval & ~seg));
    int32_t min_lane = (int32_t)(lane & seg);
    int32_t j;
    bool pval;
    switch (in->aux) {
    case 0: j = (int32_t)lane - (int32_t)bval; pval = j >= max_lane; break; /* up */
    case 1: j = (int32_t)(lane + bval); pval = j <= max_lane; break;        /* down */
    case 2: j = (int32_t)(lane ^ bval); pval = j <= max_lane; break;        /* bfly */
    default: j = min_lane | (int32_t)(bval & ~seg); pval = j <= max_lane; break; /* idx */
    }
    if (!pval)
      j = (int32_t)lane;
    dst[lane] = src[j & 31];
    pbits |= (uint32_t)pval << lane;
  }
  SIMT_FOR_EACH_LANE(mask, lane)
  r[in->o[0] + lane] = dst[lane];
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, mask, pbits);
}

isa_exec_fn isa_bind_shfl(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_UP) ? 0 : isa_has(in, PTX_MOD_DOWN) ? 1
          : isa_has(in, PTX_MOD_BFLY) ? 2 : 3;
  return shfl_exec;
}

/* vote.sync.mode.pred d, {!}a, membermask;  vote.sync.ballot.b32 d, {!}a, m */
static void vote_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t members = member_mask(w, in, mask, 2);
  uint32_t a = simt_pred(w, in, 1) & members;
  switch (in->aux) {
  case 0: /* all */
    simt_set_pred(w, in->o[0], mask, a == members ? UINT32_MAX : 0);
    break;
  case 1: /* any */
    simt_set_pred(w, in->o[0], mask, a ? UINT32_MAX : 0);
    break;
  case 2: /* uni */
    simt_set_pred(w, in->o[0], mask, (a == 0 || a == members) ? UINT32_MAX : 0);
    break;
  default: /* ballot */
    SIMT_FOR_EACH_LANE(mask, l)
    w->r[in->o[0] + l] = a;
    break;
  }
}

isa_exec_fn isa_bind_vote(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_ALL) ? 0 : isa_has(in, PTX_MOD_ANY) ? 1
          : isa_has(in, PTX_MOD_UNI) ? 2 : 3;
  in->aux2 = isa_has(in, PTX_MOD_SYNC);
  return vote_exec;
}

/* match.any.sync.b32 d, a, m;  match.all.sync.b32 d[|p], a, m */
static void match_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t members = member_mask(w, in, mask, 2);
  const bool b64 = in->type == PTX_TYPE_B64;
  uint64_t *r = w->r;
  uint32_t out[SIMT_WARP_SIZE];
  bool all_same = true;
  uint64_t first = 0;
  bool have_first = false;
  SIMT_FOR_EACH_LANE(members, l)
  {
    uint64_t v = b64 ? r[in->o[1] + l] : (uint32_t)r[in->o[1] + l];
    if (!have_first)
      first = v, have_first = true;
    else if (v != first)
      all_same = false;
  }
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t mine = b64 ? r[in->o[1] + l] : (uint32_t)r[in->o[1] + l];
    uint32_t m = 0;
    SIMT_FOR_EACH_LANE(members, k)
    {
      uint64_t v = b64 ? r[in->o[1] + k] : (uint32_t)r[in->o[1] + k];
      if (v == mine)
        m |= UINT32_C(1) << k;
    }
    out[l] = in->aux ? (all_same ? members : 0) : m;
  }
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = out[l];
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, mask, all_same ? UINT32_MAX : 0);
}

isa_exec_fn isa_bind_match(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_ALL);
  in->aux2 = 1;
  return match_exec;
}

/* redux.sync.op.type d, a, membermask */
static void redux_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t members = member_mask(w, in, mask, 2);
  const bool sgn = in->type == PTX_TYPE_S32;
  uint32_t acc = 0;
  bool first = true;
  SIMT_FOR_EACH_LANE(members, l)
  {
    uint32_t v = (uint32_t)w->r[in->o[1] + l];
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (in->aux) {
    case 0: acc += v; break;
    case 1: acc = sgn ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
    case 2: acc = sgn ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
    case 3: acc &= v; break;
    case 4: acc |= v; break;
    default: acc ^= v; break;
    }
  }
  uint64_t out = sgn ? (uint64_t)(int64_t)(int32_t)acc : acc;
  SIMT_FOR_EACH_LANE(mask, l)
  w->r[in->o[0] + l] = out;
}

isa_exec_fn isa_bind_redux(isa_insn *in)
{
  if (in->type == PTX_TYPE_F32)
    return NULL; /* redux.sync .f32 (sm_100a): not yet */
  in->aux = isa_has(in, PTX_MOD_ADD) ? 0 : isa_has(in, PTX_MOD_MIN) ? 1
          : isa_has(in, PTX_MOD_MAX) ? 2 : isa_has(in, PTX_MOD_AND) ? 3
          : isa_has(in, PTX_MOD_OR) ? 4 : 5;
  in->aux2 = 1;
  return redux_exec;
}

static void activemask_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  SIMT_FOR_EACH_LANE(mask, l)
  w->r[in->o[0] + l] = mask;
}

isa_exec_fn isa_bind_activemask(isa_insn *in)
{
  (void)in;
  return activemask_exec;
}

/* elect.sync d|p, membermask: the lowest participating lane leads. */
static void elect_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t members = member_mask(w, in, mask, 1);
  if (!members)
    return;
  uint32_t leader = (uint32_t)__builtin_ctz(members);
  SIMT_FOR_EACH_LANE(mask, l)
  w->r[in->o[0] + l] = leader;
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, mask, UINT32_C(1) << leader);
}

isa_exec_fn isa_bind_elect(isa_insn *in)
{
  in->aux2 = 1;
  return elect_exec;
}
