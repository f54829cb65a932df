/* ops_mov.c -- mov: registers, constants, addresses, special registers,
 * vector pack and unpack (PTX ISA 9.7.9.3-4), and the clocks.
 *
 * Pack and unpack order: the first vector element is the least
 * significant (mov.b64 %rd, {lo, hi}).
 */
#include "config.h"

#include <time.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

static inline uint64_t extend(uint64_t v, unsigned bits, bool sgn)
{
  if (bits >= 64)
    return v;
  uint64_t m = (UINT64_C(1) << bits) - 1;
  v &= m;
  if (sgn && (v >> (bits - 1)) & 1)
    v |= ~m;
  return v;
}

static void mov_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const uint32_t d = in->o[0], a = in->o[1];
  const unsigned bits = in->aux;
  const bool sgn = in->aux2;
  SIMT_FOR_EACH_LANE(mask, l)
  r[d + l] = extend(r[a + l], bits, sgn);
}

static void mov64_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const uint32_t d = in->o[0], a = in->o[1];
  SIMT_FOR_EACH_LANE(mask, l)
  r[d + l] = r[a + l];
}

static void mov_pred_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  simt_set_pred(w, in->o[0], mask, simt_pred(w, in, 1));
}

/* mov.bN d, {a, b, ...} */
static void pack_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const unsigned n = in->vec, eb = in->aux;
  const uint64_t em = eb >= 64 ? UINT64_MAX : (UINT64_C(1) << eb) - 1;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t v = 0;
    for (unsigned e = 0; e < n; e++)
      v |= (r[in->v[e] + l] & em) << (e * eb);
    r[in->o[0] + l] = v;
  }
}

/* mov.bN {a, b, ...}, d */
static void unpack_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const unsigned n = in->vec, eb = in->aux;
  const uint64_t em = eb >= 64 ? UINT64_MAX : (UINT64_C(1) << eb) - 1;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t v = r[in->o[1] + l];
    for (unsigned e = 0; e < n; e++)
      r[in->v[e] + l] = (v >> (e * eb)) & em;
  }
}

static uint64_t wall_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* %clock and %clock64 are the SM's cycle in timing mode; functional mode
 * has no cycles, so there they count warp instructions, which keeps runs
 * deterministic.  %globaltimer is the host's monotonic clock in
 * nanoseconds. */
static void clock_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t id = in->aux2 >> 8;
  const simt_launch *la = w->launch;
  uint64_t now = la->cycle ? *la->cycle : la->warp_insns + w->n_insns;
  uint64_t v;
  switch (id) {
  case PTX_SREG_CLOCK: v = (uint32_t)now; break;
  case PTX_SREG_CLOCK_HI: v = (uint32_t)(now >> 32); break;
  case PTX_SREG_CLOCK64: v = now; break;
  case PTX_SREG_GLOBALTIMER: v = wall_ns(); break;
  case PTX_SREG_GLOBALTIMER_LO: v = (uint32_t)wall_ns(); break;
  case PTX_SREG_GLOBALTIMER_HI: v = wall_ns() >> 32; break;
  default: v = 0; break; /* %pm counters */
  }
  SIMT_FOR_EACH_LANE(mask, l)
  w->r[in->o[0] + l] = v;
}

isa_exec_fn isa_bind_mov(isa_insn *in)
{
  const ptx_insn *ir = in->ir;
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  if (ir->n_opnds != 2)
    return NULL;
  if (in->type == PTX_TYPE_PRED)
    return mov_pred_exec;
  if (ir->opnds[0].kind == PTX_OPND_VEC) {
    if (!in->vec)
      return NULL;
    in->aux = bits / in->vec;
    return unpack_exec;
  }
  if (ir->opnds[1].kind == PTX_OPND_VEC) {
    if (!in->vec)
      return NULL;
    in->aux = bits / in->vec;
    return pack_exec;
  }
  if (in->o[1] == ISA_NONE)
    return clock_exec;
  if (bits > 64)
    return NULL;
  if (bits == 64)
    return mov64_exec;
  in->aux = bits;
  in->aux2 = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  return mov_exec;
}
