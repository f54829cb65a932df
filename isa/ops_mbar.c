/* ops_mbar.c -- mbarrier objects (PTX ISA 9.7.13.15) and
 * cp.async.mbarrier.arrive.
 *
 * An mbarrier is an opaque 64-bit object in shared (or generic) memory.
 * PTX does not define its bits; ptxsim uses:
 *   bits  0..19  pending arrivals left in the current phase
 *   bits 20..39  expected arrivals per phase (the init count)
 *   bits 40..61  pending transaction count (expect_tx - complete_tx)
 *   bit  62      set while the object is valid (init .. inval)
 *   bit  63      parity of the current phase
 * The opaque state that arrive returns is the parity of the phase it
 * arrived on (bit 63) and the pending count after the arrival (bits 0..19).
 * A phase completes when its pending arrivals and its transaction count
 * both reach zero; the next phase starts with the expected count.
 *
 * cp.async copies complete when they execute in the functional model, so
 * cp.async.mbarrier.arrive is an arrive with .noinc and nothing without
 * (its increment and its arrive cancel out).
 *
 * A failed test_wait/try_wait ends the warp's quantum so that spin loops
 * let the other warps of the CTA reach the barrier without burning the
 * instruction budget.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

#define MB_COUNT_MASK UINT64_C(0xfffff)
#define MB_EXPECT_SHIFT 20
#define MB_TX_SHIFT 40
#define MB_TX_MASK UINT64_C(0x3fffff)
#define MB_VALID (UINT64_C(1) << 62)
#define MB_PARITY (UINT64_C(1) << 63)

typedef enum mbar_kind {
  MB_INIT, MB_INVAL, MB_ARRIVE, MB_ARRIVE_DROP, MB_EXPECT_TX, MB_COMPLETE_TX, MB_TEST_WAIT,
  MB_PENDING_COUNT, MB_CP_ASYNC_ARRIVE
} mbar_kind;

/* in->aux: mbar_kind | MB_F_* flags. */
#define MB_F_PARITY 0x100u  /* test_wait/try_wait .parity */
#define MB_F_EXPECT 0x200u  /* arrive.expect_tx */
#define MB_F_NOINC 0x400u   /* cp.async.mbarrier.arrive.noinc */
#define MB_F_COUNT 0x800u   /* arrive/arrive_drop with a count operand */

static uint8_t *mbar_ptr(simt_warp *w, const isa_insn *in, uint32_t lane, uint32_t opnd,
                         bool is_write)
{
  uint64_t addr = (w->r[in->o[opnd] + lane] & in->amask) + (uint64_t)in->off;
  return simt_mem_ptr(w, in, lane, in->space, addr, 8, is_write);
}

static uint64_t load64(const uint8_t *p)
{
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

static void store64(uint8_t *p, uint64_t v)
{
  memcpy(p, &v, 8);
}

static bool mbar_check(simt_warp *w, const isa_insn *in, uint32_t lane, uint64_t v)
{
  if (v & MB_VALID)
    return true;
  simt_fault_at(w, in, lane, SIMT_FAULT_OTHER, 0, 0, 0, false,
                "the mbarrier object is not initialized (or was invalidated)");
  return false;
}

/* Starts the next phase if the current one is complete. */
static uint64_t mbar_advance(uint64_t v)
{
  if ((v & MB_COUNT_MASK) == 0 && ((v >> MB_TX_SHIFT) & MB_TX_MASK) == 0)
    v = ((v ^ MB_PARITY) & ~MB_COUNT_MASK) | ((v >> MB_EXPECT_SHIFT) & MB_COUNT_MASK);
  return v;
}

static uint64_t mbar_add_tx(uint64_t v, int64_t delta)
{
  uint64_t tx = (((v >> MB_TX_SHIFT) + (uint64_t)delta) & MB_TX_MASK) << MB_TX_SHIFT;
  return (v & ~(MB_TX_MASK << MB_TX_SHIFT)) | tx;
}

/* One arrival of count threads; drop also lowers the expected count. */
static bool mbar_arrive(simt_warp *w, const isa_insn *in, uint32_t lane, uint8_t *p,
                        uint32_t count, bool drop, uint64_t *state)
{
  uint64_t v = load64(p);
  if (!mbar_check(w, in, lane, v))
    return false;
  uint64_t pending = v & MB_COUNT_MASK;
  if (count == 0 || count > pending) {
    simt_fault_at(w, in, lane, SIMT_FAULT_OTHER, 0, 0, 0, false,
                  "mbarrier arrival count exceeds the pending count of the current phase");
    return false;
  }
  if (drop) {
    uint64_t expect = (v >> MB_EXPECT_SHIFT) & MB_COUNT_MASK;
    v = (v & ~(MB_COUNT_MASK << MB_EXPECT_SHIFT)) | ((expect - count) << MB_EXPECT_SHIFT);
  }
  v = (v & ~MB_COUNT_MASK) | (pending - count);
  *state = (v & MB_PARITY) | (pending - count);
  store64(p, mbar_advance(v));
  return true;
}

static void mbar_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const mbar_kind kind = (mbar_kind)(in->aux & 0xff);
  /* Operand index of the address: arrive, arrive_drop, test_wait and
   * try_wait have a destination first. */
  const uint32_t ao = kind == MB_ARRIVE || kind == MB_ARRIVE_DROP || kind == MB_TEST_WAIT;
  uint32_t done = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (kind == MB_PENDING_COUNT) {
      r[in->o[0] + l] = (uint32_t)(r[in->o[1] + l] & MB_COUNT_MASK);
      continue;
    }
    uint8_t *p = mbar_ptr(w, in, l, ao, kind != MB_TEST_WAIT);
    if (!p)
      return;
    uint64_t v = load64(p), state;
    switch (kind) {
    case MB_INIT: {
      uint64_t n = (uint32_t)r[in->o[1] + l];
      if (n == 0 || n > MB_COUNT_MASK) {
        simt_fault_at(w, in, l, SIMT_FAULT_OTHER, 0, 0, 0, false,
                      "mbarrier.init count must lie in [1, 2^20-1]");
        return;
      }
      store64(p, MB_VALID | n << MB_EXPECT_SHIFT | n);
      break;
    }
    case MB_INVAL:
      store64(p, 0);
      break;
    case MB_ARRIVE:
    case MB_ARRIVE_DROP: {
      uint32_t count = in->aux & MB_F_COUNT ? (uint32_t)r[in->o[2] + l] : 1;
      if (in->aux & MB_F_EXPECT) {
        if (!mbar_check(w, in, l, v))
          return;
        store64(p, mbar_add_tx(v, count));
        count = 1;
      }
      if (!mbar_arrive(w, in, l, p, count, kind == MB_ARRIVE_DROP, &state))
        return;
      r[in->o[0] + l] = state; /* a sink `_` writes the sink slot */
      break;
    }
    case MB_CP_ASYNC_ARRIVE:
      if (in->aux & MB_F_NOINC && !mbar_arrive(w, in, l, p, 1, false, &state))
        return;
      if (!(in->aux & MB_F_NOINC) && !mbar_check(w, in, l, v))
        return;
      break;
    case MB_EXPECT_TX:
    case MB_COMPLETE_TX: {
      if (!mbar_check(w, in, l, v))
        return;
      int64_t n = (uint32_t)r[in->o[1] + l];
      store64(p, mbar_advance(mbar_add_tx(v, kind == MB_EXPECT_TX ? n : -n)));
      break;
    }
    case MB_TEST_WAIT: {
      if (!mbar_check(w, in, l, v))
        return;
      uint64_t parity = in->aux & MB_F_PARITY ? r[in->o[2] + l] & 1 : r[in->o[2] + l] >> 63;
      if ((v >> 63) != parity)
        done |= 1u << l;
      break;
    }
    default:
      break;
    }
  }
  if (kind == MB_TEST_WAIT) {
    simt_set_pred(w, in->o[0], mask, done);
    if (done != mask)
      w->is_stopped = true; /* let the other warps arrive */
  }
}

isa_exec_fn isa_bind_mbarrier(isa_insn *in)
{
  static const struct {
    ptx_op op;
    mbar_kind kind;
  } kinds[] = {
    {PTX_OP_MBARRIER_INIT, MB_INIT},
    {PTX_OP_MBARRIER_INVAL, MB_INVAL},
    {PTX_OP_MBARRIER_ARRIVE, MB_ARRIVE},
    {PTX_OP_MBARRIER_ARRIVE_DROP, MB_ARRIVE_DROP},
    {PTX_OP_MBARRIER_EXPECT_TX, MB_EXPECT_TX},
    {PTX_OP_MBARRIER_COMPLETE_TX, MB_COMPLETE_TX},
    {PTX_OP_MBARRIER_TEST_WAIT, MB_TEST_WAIT},
    {PTX_OP_MBARRIER_TRY_WAIT, MB_TEST_WAIT},
    {PTX_OP_MBARRIER_PENDING_COUNT, MB_PENDING_COUNT},
    {PTX_OP_CP_ASYNC_MBARRIER_ARRIVE, MB_CP_ASYNC_ARRIVE},
  };
  /* .shared::cluster addresses name other CTAs' objects: that needs
   * clusters, which the functional model does not launch.  (A .cluster
   * scope on a .shared::cta object is fine.) */
  if (isa_has(in, PTX_MOD_SHARED_CLUSTER))
    return NULL;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    if (kinds[i].op != in->op)
      continue;
    unsigned aux = kinds[i].kind;
    if (isa_has(in, PTX_MOD_PARITY))
      aux |= MB_F_PARITY;
    if (isa_has(in, PTX_MOD_EXPECT_TX))
      aux |= MB_F_EXPECT;
    if (isa_has(in, PTX_MOD_NOINC))
      aux |= MB_F_NOINC;
    if ((kinds[i].kind == MB_ARRIVE || kinds[i].kind == MB_ARRIVE_DROP) && in->n_o > 2)
      aux |= MB_F_COUNT;
    in->aux = aux;
    return mbar_exec;
  }
  return NULL;
}
