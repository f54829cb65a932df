/* cta_order.c -- the kernel properties that make the order of its CTAs
 * observable (see cta_order.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ir.h"
#include "frontend/ptx_mods.h"
#include "frontend/ptx_ops.h"
#include "frontend/ptx_sregs.h"
#include "isa/cta_order.h"

static const char *const what[ISA_CTA_ORDER_BIT_COUNT] = {
#define X(name, text) text,
  ISA_CTA_ORDER_DEPS(X)
#undef X
};

const char *isa_cta_order_what(unsigned b)
{
  return b < ISA_CTA_ORDER_BIT_COUNT ? what[b] : "";
}

/* The system calls' numbers (isa_decode.c's table, ops_ctrl.c's
 * syscall_exec). */
enum { SYSCALL_PRINTF = 1, SYSCALL_MALLOC = 2, SYSCALL_FREE = 3, SYSCALL_CDP_FIRST = 5,
       SYSCALL_CDP_LAST = 13 };

static bool is_shared(const isa_insn *in)
{
  return in->space == ISA_SPACE_SHARED || in->space == ISA_SPACE_LOCAL ||
         in->space == ISA_SPACE_PARAM;
}

/* The bits one instruction sets. */
static uint32_t insn_deps(const isa_insn *in, bool *has_printf)
{
  const ptx_form *form = in->ir->form;
  uint32_t flags = ptx_op_table[in->op].flags;
  uint32_t deps = 0;
  if ((flags & PTX_OPF_ATOMIC) && !is_shared(in) && !in->is_order_free)
    deps |= ISA_CTA_ORDER_GLOBAL_ATOMIC;
  if ((flags & (PTX_OPF_MEM_RD | PTX_OPF_MEM_WR)) && !is_shared(in) &&
      (ptx_form_has(form, PTX_MOD_VOLATILE) || ptx_form_has(form, PTX_MOD_RELAXED) ||
       ptx_form_has(form, PTX_MOD_ACQUIRE) || ptx_form_has(form, PTX_MOD_RELEASE) ||
       ptx_form_has(form, PTX_MOD_MMIO)))
    deps |= ISA_CTA_ORDER_SYNC_MEMORY;
  if ((in->op == PTX_OP_MEMBAR || in->op == PTX_OP_FENCE) &&
      (ptx_form_has(form, PTX_MOD_GL) || ptx_form_has(form, PTX_MOD_GPU) ||
       ptx_form_has(form, PTX_MOD_SYS) ||
       (in->op == PTX_OP_FENCE && !ptx_form_has(form, PTX_MOD_CTA) &&
        !ptx_form_has(form, PTX_MOD_CLUSTER))))
    deps |= ISA_CTA_ORDER_SYNC_MEMORY;
  if (in->op == PTX_OP_CALL && in->aux) {
    if (in->aux == SYSCALL_PRINTF)
      *has_printf = true;
    else if (in->aux == SYSCALL_MALLOC || in->aux == SYSCALL_FREE)
      deps |= ISA_CTA_ORDER_DEVICE_HEAP;
    else if (in->aux >= SYSCALL_CDP_FIRST && in->aux <= SYSCALL_CDP_LAST)
      deps |= ISA_CTA_ORDER_DEVICE_LAUNCH;
  }
  if (in->op == PTX_OP_MOV && in->o[1] == ISA_NONE && in->n_o == 2) {
    uint32_t id = in->aux2 >> 8;
    if (id == PTX_SREG_CLOCK || id == PTX_SREG_CLOCK64 || id == PTX_SREG_CLOCK_HI)
      deps |= ISA_CTA_ORDER_CLOCK;
  }
  return deps;
}

/* Marks f and what it calls in seen; *indirect: some call has no known
 * callee (then every function counts). */
static void reach(const isa_program *p, const isa_func *f, uint8_t *seen, bool *indirect)
{
  if (seen[f->index])
    return;
  seen[f->index] = 1;
  for (uint32_t i = 0; i < f->n_insns; i++) {
    const isa_insn *in = &f->insns[i];
    if (in->op != PTX_OP_CALL || !in->ext || in->aux)
      continue;
    const isa_call_site *cs = in->ext;
    if (cs->callee)
      reach(p, cs->callee, seen, indirect);
    else
      *indirect = true;
  }
}

uint32_t isa_cta_order_deps(const isa_program *p, const isa_func *entry, bool *has_printf)
{
  *has_printf = false;
  uint8_t *seen = calloc(p->n_funcs ? p->n_funcs : 1, 1);
  if (!seen) /* the safe answer: in order */
    return ISA_CTA_ORDER_SYNC_MEMORY;
  bool indirect = false;
  reach(p, entry, seen, &indirect);
  uint32_t deps = 0;
  for (uint32_t k = 0; k < p->n_funcs; k++) {
    const isa_func *f = &p->funcs[k];
    if (!seen[k] && !indirect)
      continue;
    for (uint32_t i = 0; i < f->n_insns; i++)
      deps |= insn_deps(&f->insns[i], has_printf);
  }
  free(seen);
  return deps;
}
