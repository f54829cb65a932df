/* ops_async.c -- cp.async (PTX ISA 9.7.9.25): copies from global to shared
 * memory.  The functional model performs the copy when the instruction
 * executes, so cp.async.commit_group and cp.async.wait_group have nothing
 * left to wait for.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

static int64_t addr_offset(const ptx_operand *o)
{
  int64_t off = o->u.addr.offset;
  if (o->u.addr.base && o->u.addr.base->kind == PTX_OPND_SYM)
    off += o->u.addr.base->u.sym.offset;
  return off;
}

/* cp.async.ca/cg.shared.global [dst], [src], cp-size{, src-size} */
static void cp_async_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const uint32_t size = in->aux;
  const int64_t doff = in->off, soff = (int64_t)in->aux2 - INT32_MAX;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t src_size = in->n_o > 3 ? (uint32_t)r[in->o[3] + l] : size;
    if (src_size > size)
      src_size = size;
    uint8_t *d = simt_mem_ptr(w, in, l, ISA_SPACE_SHARED,
                              (r[in->o[0] + l] & in->amask) + (uint64_t)doff, size, true);
    if (!d)
      return;
    if (src_size) {
      uint8_t *s = simt_mem_slow(w, in, l, ISA_SPACE_GLOBAL, r[in->o[1] + l] + (uint64_t)soff,
                                 src_size, 1, false);
      if (!s)
        return;
      memcpy(d, s, src_size);
    }
    memset(d + src_size, 0, size - src_size);
  }
}

isa_exec_fn isa_bind_cp_async(isa_insn *in)
{
  const ptx_insn *ir = in->ir;
  if (ir->n_opnds < 3 || ir->opnds[0].kind != PTX_OPND_ADDR ||
      ir->opnds[1].kind != PTX_OPND_ADDR || ir->opnds[2].kind != PTX_OPND_IMM)
    return NULL;
  in->aux = (uint32_t)ir->opnds[2].u.imm;
  if (in->aux != 4 && in->aux != 8 && in->aux != 16)
    return NULL;
  in->off = addr_offset(&ir->opnds[0]);
  int64_t soff = addr_offset(&ir->opnds[1]);
  if (soff < -INT32_MAX || soff > INT32_MAX)
    return NULL;
  in->aux2 = (uint32_t)(soff + INT32_MAX);
  /* The shared address register may be 32 bits wide; the global one is
   * 64 (decode_addr set amask from the last address operand). */
  const ptx_operand *db = ir->opnds[0].u.addr.base;
  in->amask = db && db->kind == PTX_OPND_REG &&
                      ptx_type_bits((ptx_type)db->u.reg.var->type) <= 32
                  ? UINT32_MAX
                  : UINT64_MAX;
  return cp_async_exec;
}
