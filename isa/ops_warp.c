/* ops_warp.c -- shfl(.sync), vote(.sync), match.sync, redux.sync,
 * activemask, elect.sync (PTX ISA 9.7.9.6, 9.7.13.8-14).
 *
 * The lanes that take part are the executing lanes that are in the
 * membermask.  In this model a warp executes its active lanes together,
 * so the waiting the .sync forms do is already done.
 *
 * The membermask rules (each lane in its own mask, every live lane named
 * executing the instruction with the same mask) are synccheck's
 * (isa/synccheck.c); a violation is a fault.
 *
 * shfl from a lane that is not executing the instruction (inactive,
 * exited, predicated off, or beyond the CTA's last thread) reads 0.  The
 * ISA leaves that value undefined, but Volta and later GPUs return 0, and
 * real programs depend on it: the CUDA samples' reduce7 finishes with
 * shfl.sync.down under the ballot of the lanes that hold a warp sum, and
 * adds what lanes 8..31 "send" to the total.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

/* The lanes lane's membermask operand names, among the executing ones.
 * Each lane gives its own membermask: a warp split into cooperative-group
 * tiles passes 0xff << (laneid & ~7) and must see only its tile, so the
 * mask is read per lane, not from the first executing lane. */
static uint32_t lane_members(const simt_warp *w, const isa_insn *in, uint32_t mask, unsigned k,
                             uint32_t lane)
{
  if (!in->aux2)
    return mask; /* legacy forms: the active lanes */
  return (uint32_t)w->r[in->o[k] + lane] & mask;
}

/* shfl.sync.mode.b32 d[|p], a, b, c, membermask */
static void shfl_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (in->aux2 && !simt_sync_members(w, in, mask, 4))
    return;
  uint64_t *r = w->r;
  uint32_t src[SIMT_WARP_SIZE] = {0}, dst[SIMT_WARP_SIZE];
  SIMT_FOR_EACH_LANE(mask, l)
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
  in->aux2 = isa_has(in, PTX_MOD_SYNC) && in->n_o > 4; /* the membermask */
  return shfl_exec;
}

/* vote.sync.mode.pred d, {!}a, membermask;  vote.sync.ballot.b32 d, {!}a, m
 * Each lane votes over the lanes of its own membermask. */
static void vote_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (in->aux2 && !simt_sync_members(w, in, mask, 2))
    return;
  uint32_t pa = simt_pred(w, in, 1), d = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t members = lane_members(w, in, mask, 2, l), a = pa & members;
    bool v;
    switch (in->aux) {
    case 0: v = a == members; break;                 /* all */
    case 1: v = a != 0; break;                       /* any */
    case 2: v = a == 0 || a == members; break;       /* uni */
    default:                                         /* ballot */
      w->r[in->o[0] + l] = a;
      continue;
    }
    d |= (uint32_t)v << l;
  }
  if (in->aux != 3)
    simt_set_pred(w, in->o[0], mask, d);
}

isa_exec_fn isa_bind_vote(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_ALL) ? 0 : isa_has(in, PTX_MOD_ANY) ? 1
          : isa_has(in, PTX_MOD_UNI) ? 2 : 3;
  in->aux2 = isa_has(in, PTX_MOD_SYNC);
  return vote_exec;
}

/* match.any.sync.b32 d, a, m;  match.all.sync.b32 d[|p], a, m
 * Each lane matches among the lanes of its own membermask. */
static void match_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!simt_sync_members(w, in, mask, 2))
    return;
  const bool b64 = in->type == PTX_TYPE_B64;
  uint64_t *r = w->r;
  uint32_t out[SIMT_WARP_SIZE], pbits = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t members = lane_members(w, in, mask, 2, l);
    uint64_t mine = b64 ? r[in->o[1] + l] : (uint32_t)r[in->o[1] + l];
    uint32_t m = 0;
    SIMT_FOR_EACH_LANE(members, k)
    {
      uint64_t v = b64 ? r[in->o[1] + k] : (uint32_t)r[in->o[1] + k];
      if (v == mine)
        m |= UINT32_C(1) << k;
    }
    bool all_same = m == members;
    if (all_same)
      pbits |= UINT32_C(1) << l;
    out[l] = in->aux ? (all_same ? members : 0) : m;
  }
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = out[l];
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, mask, pbits);
}

isa_exec_fn isa_bind_match(isa_insn *in)
{
  in->aux = isa_has(in, PTX_MOD_ALL);
  in->aux2 = 1;
  return match_exec;
}

/* redux.sync.op.type d, a, membermask: each lane reduces over the lanes
 * of its own membermask. */
static void redux_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!simt_sync_members(w, in, mask, 2))
    return;
  const bool sgn = in->type == PTX_TYPE_S32;
  uint32_t prev_members = 0;
  uint64_t out = 0;
  SIMT_FOR_EACH_LANE(mask, lane)
  {
    uint32_t members = lane_members(w, in, mask, 2, lane);
    if (lane == (uint32_t)__builtin_ctz(mask) || members != prev_members) {
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
      out = sgn ? (uint64_t)(int64_t)(int32_t)acc : acc;
      prev_members = members;
    }
    w->r[in->o[0] + lane] = out;
  }
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

/* elect.sync d|p, membermask: the lowest lane of each lane's membermask
 * leads; the elected lanes get p true. */
static void elect_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!simt_sync_members(w, in, mask, 1))
    return;
  uint32_t pbits = 0, done = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t members = lane_members(w, in, mask, 1, l);
    if (!members)
      continue;
    uint32_t leader = (uint32_t)__builtin_ctz(members);
    w->r[in->o[0] + l] = leader;
    pbits |= (l == leader) ? UINT32_C(1) << l : 0;
    done |= UINT32_C(1) << l;
  }
  if (in->pd != ISA_NONE)
    simt_set_pred(w, in->pd, done, pbits);
}

isa_exec_fn isa_bind_elect(isa_insn *in)
{
  in->aux2 = 1;
  return elect_exec;
}
