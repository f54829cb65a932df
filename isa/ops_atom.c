/* ops_atom.c -- atom and red (PTX ISA 9.7.13.5-6).
 *
 * A warp runs on one host thread at a time, and so do all CTAs of a
 * kernel with global atomics whose outcome depends on their order
 * (cta_order.h), so such a read-modify-write is atomic by construction;
 * lanes apply their operations in lane order, which makes the values
 * atom returns deterministic.  The atomics whose outcome does not
 * (isa_insn.is_order_free: atom_order.c) may run on several host threads
 * at once (simt_launch.is_side_by_side): they are then host atomics, a
 * compare-and-swap of the new value.  Floating-point adds
 * round to nearest even (f32 on global memory flushes subnormals, as the
 * ISA documents for the current implementation).
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/fp_arith.h"
#include "isa/fp_common.h"
#include "isa/fp_half.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

typedef enum atom_op {
  ATOM_ADD, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC, ATOM_AND, ATOM_OR, ATOM_XOR,
  ATOM_EXCH, ATOM_CAS
} atom_op;

typedef enum atom_kind { AK_U, AK_S, AK_F, AK_F16X2, AK_BF16X2, AK_F16, AK_BF16 } atom_kind;

/* atom.add.noftz.{f16,bf16,f16x2,bf16x2}: .rn, no flushing, per half. */
static uint64_t half_add(atom_kind k, uint64_t old, uint64_t b)
{
  isa_half_kind hk = k == AK_F16 || k == AK_F16X2 ? ISA_HALF_F16 : ISA_HALF_BF16;
  uint64_t lo = isa_half_add(hk, (uint16_t)old, (uint16_t)b, ISA_RN, 0);
  if (k == AK_F16 || k == AK_BF16)
    return lo;
  return lo | (uint64_t)isa_half_add(hk, (uint16_t)(old >> 16), (uint16_t)(b >> 16), ISA_RN, 0)
                  << 16;
}

static uint64_t apply(const isa_insn *in, uint64_t old, uint64_t b, uint64_t c, unsigned bytes)
{
  atom_kind k = (atom_kind)in->aux2;
  uint64_t mask = bytes == 8 ? UINT64_MAX : bytes == 4 ? 0xffffffffu : 0xffffu;
  old &= mask, b &= mask, c &= mask;
  int64_t so = bytes == 8 ? (int64_t)old : bytes == 4 ? (int32_t)old : (int16_t)old;
  int64_t sb = bytes == 8 ? (int64_t)b : bytes == 4 ? (int32_t)b : (int16_t)b;
  switch ((atom_op)in->aux) {
  case ATOM_ADD:
    switch (k) {
    case AK_F:
      /* The same arithmetic as add.f32/add.f64 (NaN rules included). */
      return bytes == 8 ? isa_f64_add_rn(old, b)
                        : isa_f32_add((uint32_t)old, (uint32_t)b, ISA_RN,
                                      in->space != ISA_SPACE_SHARED && !isa_has(in, PTX_MOD_NOFTZ)
                                          ? ISA_FP_FTZ
                                          : 0);
    case AK_F16X2:
    case AK_BF16X2:
    case AK_F16:
    case AK_BF16:
      return half_add(k, old, b);
    default:
      return (old + b) & mask;
    }
  case ATOM_MIN:
    if (k == AK_S)
      return (uint64_t)(so < sb ? so : sb) & mask;
    return old < b ? old : b;
  case ATOM_MAX:
    if (k == AK_S)
      return (uint64_t)(so > sb ? so : sb) & mask;
    return old > b ? old : b;
  case ATOM_INC: return old >= b ? 0 : old + 1;
  case ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
  case ATOM_AND: return old & b;
  case ATOM_OR: return old | b;
  case ATOM_XOR: return old ^ b;
  case ATOM_EXCH: return b;
  case ATOM_CAS: return old == b ? c : old;
  }
  return old;
}

static uint64_t rd(const uint8_t *h, unsigned n)
{
  uint64_t v = 0;
  memcpy(&v, h, n);
  return v;
}

static void wr(uint8_t *h, unsigned n, uint64_t v)
{
  memcpy(h, &v, n);
}

bool isa_atom_is_commutative(const isa_insn *in)
{
  if ((atom_kind)in->aux2 != AK_U && (atom_kind)in->aux2 != AK_S)
    return false; /* floating point: the order changes the rounding */
  switch ((atom_op)in->aux) {
  case ATOM_ADD:
  case ATOM_MIN:
  case ATOM_MAX:
  case ATOM_AND:
  case ATOM_OR:
  case ATOM_XOR: return in->type != PTX_TYPE_B16 && in->type != PTX_TYPE_U16;
  default: return false;
  }
}

/* The read-modify-write at h as a host atomic: other host threads may
 * perform order-free atomics on the same word.  Allocations are calloc'd
 * (16-byte aligned) and an access is aligned to its size within them. */
static uint64_t host_atomic(const isa_insn *in, uint8_t *h, unsigned bytes, uint64_t b,
                            uint64_t c)
{
  if (bytes == 8) {
    uint64_t *p = (uint64_t *)(void *)h;
    uint64_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(p, &old, apply(in, old, b, c, 8), true,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      ;
    return old;
  }
  uint32_t *p = (uint32_t *)(void *)h;
  uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, (uint32_t)apply(in, old, b, c, 4), true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
  return old;
}

/* atom: d, [a], b [, c]   red: [a], b */
static void atom_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const bool is_host_atomic = in->is_order_free && w->launch->is_side_by_side;
  const bool is_red = in->op == PTX_OP_RED;
  const unsigned bytes = ptx_type_bits((ptx_type)in->type) / 8;
  const uint32_t a = in->o[is_red ? 0 : 1], b = in->o[is_red ? 1 : 2];
  const uint32_t c = in->n_o > 3 && !is_red ? in->o[3] : b;
  const bool sext = (atom_kind)in->aux2 == AK_S;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t addr = (w->r[a + l] & in->amask) + (uint64_t)in->off;
    uint8_t *h = simt_mem_ptr(w, in, l, in->space, addr, bytes, true);
    if (!h)
      return;
    uint64_t old;
    if (PTX_UNLIKELY(is_host_atomic))
      old = host_atomic(in, h, bytes, w->r[b + l], w->r[c + l]);
    else {
      old = rd(h, bytes);
      wr(h, bytes, apply(in, old, w->r[b + l], w->r[c + l], bytes));
    }
    if (!is_red) {
      if (sext && bytes == 4)
        old = (uint64_t)(int64_t)(int32_t)old;
      w->r[in->o[0] + l] = old;
    }
  }
}

static isa_exec_fn bind_atomic(isa_insn *in)
{
  static const struct {
    ptx_mod mod;
    atom_op op;
  } ops[] = {{PTX_MOD_ADD, ATOM_ADD}, {PTX_MOD_MIN, ATOM_MIN}, {PTX_MOD_MAX, ATOM_MAX},
             {PTX_MOD_INC, ATOM_INC}, {PTX_MOD_DEC, ATOM_DEC}, {PTX_MOD_AND, ATOM_AND},
             {PTX_MOD_OR, ATOM_OR},   {PTX_MOD_XOR, ATOM_XOR}, {PTX_MOD_EXCH, ATOM_EXCH},
             {PTX_MOD_CAS, ATOM_CAS}};
  bool found = false;
  for (size_t i = 0; i < PTX_ARRAY_SIZE(ops); i++)
    if (isa_has(in, ops[i].mod)) {
      in->aux = ops[i].op;
      found = true;
    }
  if (!found || in->vec > 1)
    return NULL;
  switch (in->type) {
  case PTX_TYPE_S32:
  case PTX_TYPE_S64: in->aux2 = AK_S; break;
  case PTX_TYPE_U32:
  case PTX_TYPE_U64:
  case PTX_TYPE_B32:
  case PTX_TYPE_B64: in->aux2 = AK_U; break;
  case PTX_TYPE_B16:
  case PTX_TYPE_U16: in->aux2 = AK_U; break;
  case PTX_TYPE_F32:
  case PTX_TYPE_F64: in->aux2 = AK_F; break;
  case PTX_TYPE_F16X2: in->aux2 = AK_F16X2; break;
  case PTX_TYPE_BF16X2: in->aux2 = AK_BF16X2; break;
  case PTX_TYPE_F16: in->aux2 = AK_F16; break;
  case PTX_TYPE_BF16: in->aux2 = AK_BF16; break;
  default: return NULL;
  }
  if (in->aux2 >= AK_F16X2 && in->aux != ATOM_ADD)
    return NULL; /* the half types only have add (exch/cas use .b16) */
  return atom_exec;
}

isa_exec_fn isa_bind_atom(isa_insn *in)
{
  return bind_atomic(in);
}

isa_exec_fn isa_bind_red(isa_insn *in)
{
  return bind_atomic(in);
}
