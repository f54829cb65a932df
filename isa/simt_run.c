/* simt_run.c -- the state machine of one warp: frames, the reconvergence
 * stack, branches, calls and returns, barriers, special registers and
 * faults (see simt.h).  Launches, CTAs and the step loops that drive warps
 * are in simt_launch.c.
 *
 * Reconvergence follows the immediate post-dominator stack: a divergent
 * branch turns the top entry into the reconvergence entry and pushes one
 * entry per side; an entry is popped when its pc reaches its
 * reconvergence point or its mask empties (every lane returned or exited).
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/simt.h"
#include "ptxsim.h"

/* ---- frames ----------------------------------------------------------- */

static int grow(void **p, uint64_t *cap, uint64_t need, size_t elem)
{
  if (need <= *cap)
    return 0;
  uint64_t c = *cap ? *cap : 256;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * elem);
  if (!q)
    return PTX_ENOMEM;
  /* New room starts zeroed, so what a frame reads before writing never
   * depends on the host's heap. */
  memset((char *)q + *cap * elem, 0, (c - *cap) * elem);
  *p = q;
  *cap = c;
  return 0;
}

static void frame_activate(simt_warp *w, uint32_t fi)
{
  simt_frame *fr = &w->frames[fi];
  w->r = w->regs + fr->reg_base;
  w->p = w->preds + fr->pred_base;
  w->code = fr->func->insns;
}

/* What a frame of f costs per thread against the stack limit: its local
 * memory and the registers a real call saves on the stack -- 4 bytes per
 * register, at most the 255 a thread can have (PTX declares virtual
 * registers; ptxas maps them onto those), and 16 bytes at least.  Every
 * frame costs something, so that unbounded recursion of a function with
 * no .local variables ends in a stack overflow instead of exhausting host
 * memory. */
static uint64_t simt_frame_bytes(const isa_func *f)
{
  uint64_t regs = f->n_slots < 255 ? f->n_slots : 255;
  uint64_t b = f->local_bytes + 4 * regs;
  return b < 16 ? 16 : (b + 15) & ~UINT64_C(15);
}

/* The address a .param formal fi of a new frame is bound to: the caller's
 * .param variable, or the frame's own home for a value passed in a
 * register (simt_call stores it there). */
static uint64_t formal_address(const isa_func *f, const isa_call_site *site,
                               const uint64_t *caller_r, uint64_t local_base, uint32_t fi)
{
  if (!site)
    return 0;
  const isa_call_arg *a = fi < f->n_params ? &site->args[fi] : &site->rets[fi - f->n_params];
  return a->by_address ? caller_r[a->slot] : local_base + f->formal_home[fi];
}

/* Pushes a frame for f, called from site (NULL for the kernel), and fills
 * its read-only slots.  PTX_EINVAL: the stack limit would be exceeded. */
static int frame_push(simt_warp *w, const isa_func *f, const isa_call_site *site)
{
  uint64_t reg_base = 0, local_base = 0, stack_used = 0;
  uint32_t pred_base = 0;
  if (w->n_frames) {
    const simt_frame *top = &w->frames[w->n_frames - 1];
    reg_base = top->reg_base + (uint64_t)top->func->n_slots * SIMT_WARP_SIZE;
    pred_base = top->pred_base + top->func->n_preds;
    local_base = top->local_base + top->func->local_bytes;
    stack_used = top->stack_used + simt_frame_bytes(f);
  } else
    stack_used = f->local_bytes;
  if (local_base + f->local_bytes > w->local_stride)
    return PTX_EINVAL; /* stack overflow; reported by the caller */
  /* Recursion (or an indirect call) has no static bound: every frame
   * counts against the stack limit. */
  if (w->launch->kernel->has_recursion && stack_used > w->local_stride)
    return PTX_EINVAL;
  uint64_t capf = w->cap_frames, capr = w->cap_regs, capp = w->cap_preds;
  if (grow((void **)&w->frames, &capf, w->n_frames + 1, sizeof *w->frames) ||
      grow((void **)&w->regs, &capr, reg_base + (uint64_t)f->n_slots * SIMT_WARP_SIZE,
           sizeof *w->regs) ||
      grow((void **)&w->preds, &capp, pred_base + f->n_preds, sizeof *w->preds))
    return PTX_ENOMEM;
  w->cap_frames = (uint32_t)capf;
  w->cap_regs = capr;
  w->cap_preds = (uint32_t)capp;
  const uint64_t *caller_r =
      w->n_frames ? w->regs + w->frames[w->n_frames - 1].reg_base : NULL;
  simt_frame *fr = &w->frames[w->n_frames++];
  fr->func = f;
  fr->reg_base = reg_base;
  fr->pred_base = pred_base;
  fr->local_base = local_base;
  fr->site = site;
  fr->stack_used = stack_used;
  uint64_t *r = w->regs + reg_base;
  /* A register the function may read before writing it reads 0
   * (isa/reg_init.c); the others are written before any read, so what
   * the warp state last held there does not matter.  (Zeroing the whole
   * frame for every CTA would cost a quarter of a short kernel's time.) */
  memset(w->preds + pred_base, 0, sizeof(uint32_t) * f->n_preds);
  for (uint32_t i = 0; i < f->n_uninit; i++)
    memset(r + f->uninit_slots[i], 0, SIMT_WARP_SIZE * sizeof *r);
  w->preds[pred_base + ISA_PRED_TRUE] = UINT32_MAX;
  for (uint32_t i = 0; i < f->n_inits; i++) {
    const isa_slot_init *s = &f->inits[i];
    uint64_t *dst = r + s->slot;
    switch (s->kind) {
    case ISA_SLOT_CONST:
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = s->value;
      break;
    case ISA_SLOT_LOCAL:
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = local_base + s->value;
      break;
    case ISA_SLOT_FORMAL: {
      /* Addresses of .param variables are the same in every lane. */
      uint64_t a = formal_address(f, site, caller_r, local_base, (uint32_t)s->value);
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = a;
      break;
    }
    case ISA_SLOT_SREG: {
      /* Each frame of each warp fills these: %tid from the warp's table,
       * the other per-lane ones lane by lane, the rest (one value for
       * the warp) once. */
      uint32_t code = (uint32_t)s->value, id = code >> 16, comp = code & 0xff;
      if (id == PTX_SREG_TID && comp < 3) {
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          dst[l] = w->tid[l][comp];
      } else if (id == PTX_SREG_LANEID || id == PTX_SREG_LANEMASK_EQ ||
                 id == PTX_SREG_LANEMASK_LE || id == PTX_SREG_LANEMASK_LT ||
                 id == PTX_SREG_LANEMASK_GE || id == PTX_SREG_LANEMASK_GT) {
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          dst[l] = simt_sreg(w, code, l);
      } else {
        uint64_t v = simt_sreg(w, code, 0);
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          dst[l] = v;
      }
      break;
    }
    case ISA_SLOT_DYN_SHARED:
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = w->cta->dyn_shared_base + s->value;
      break;
    default:
      break;
    }
  }
  frame_activate(w, w->n_frames - 1);
  return 0;
}

/* A lane's n bytes of local memory at addr, or NULL when out of range. */
static uint8_t *local_at(simt_warp *w, uint32_t lane, uint64_t addr, uint32_t n)
{
  if (n > w->local_stride || addr > w->local_stride - n)
    return NULL;
  return w->local + (uint64_t)lane * w->local_stride + addr;
}

/* Moves one argument or result between a register of one frame and a
 * .param variable of the other, in every lane: the caller passes a
 * register to a .param formal, or a .param variable to a .reg formal. */
static void pass_value(simt_warp *w, uint32_t lanes, uint64_t *reg, uint64_t addr, uint32_t n,
                       bool to_memory)
{
  if (n > 8)
    n = 8;
  SIMT_FOR_EACH_LANE(lanes, l) {
    uint8_t *h = local_at(w, l, addr, n);
    if (!h)
      return;
    if (to_memory)
      memcpy(h, &reg[l], n);
    else {
      uint64_t v = 0;
      memcpy(&v, h, n);
      reg[l] = v;
    }
  }
}

/* ---- the reconvergence stack ----------------------------------------- */

static int stack_push(simt_warp *w, simt_entry e)
{
  uint64_t cap = w->cap_stack;
  if (grow((void **)&w->stack, &cap, w->n_stack + 1, sizeof *w->stack))
    return PTX_ENOMEM;
  w->cap_stack = (uint32_t)cap;
  w->stack[w->n_stack++] = e;
  return 0;
}

/* Makes the top entry current: pc, mask, reconvergence point, frame. */
static void stack_load_top(simt_warp *w)
{
  simt_entry *t = &w->stack[w->n_stack - 1];
  w->pc = t->pc;
  w->active = t->mask;
  w->rpc = t->rpc;
  if (t->frame != w->n_frames - 1) {
    /* Left a called function: drop its frames. */
    w->n_frames = t->frame + 1;
    frame_activate(w, t->frame);
  }
}

static void stack_settle(simt_warp *w);

void simt_reconverge(simt_warp *w)
{
  w->stack[w->n_stack - 1].pc = w->pc;
  stack_settle(w);
}

/* Pops entries that reached their reconvergence point or have no lanes
 * left; the warp is done when none remain. */
static void stack_settle(simt_warp *w)
{
  while (w->n_stack) {
    simt_entry *t = &w->stack[w->n_stack - 1];
    if (t->mask != 0 && t->pc != t->rpc)
      break;
    w->n_stack--;
  }
  if (!w->n_stack) {
    w->is_done = true;
    w->is_stopped = true;
    w->active = 0;
    w->rpc = ISA_NONE;
    return;
  }
  stack_load_top(w);
}


void simt_diverge(simt_warp *w, const isa_insn *in, uint32_t n, const uint32_t *targets,
                  const uint32_t *masks)
{
  uint32_t rpc = in->reconv;
  simt_entry *top = &w->stack[w->n_stack - 1];
  uint32_t frame = top->frame;
  if (rpc == top->rpc && !top->is_call) {
    /* Reconverging where the top entry would anyway: it becomes the
     * first group instead of growing the stack (loops). */
    *top = (simt_entry){.pc = targets[n - 1], .rpc = rpc, .mask = masks[n - 1], .frame = frame};
    n--;
  } else
    top->pc = rpc;
  for (uint32_t i = n; i-- > 0;)
    if (stack_push(w, (simt_entry){.pc = targets[i], .rpc = rpc, .mask = masks[i],
                                   .frame = frame})) {
      simt_fault_at(w, in, (uint32_t)__builtin_ctz(masks[i]), SIMT_FAULT_OTHER, 0, 0, 0, false,
                    "out of memory for the reconvergence stack");
      return;
    }
  stack_load_top(w);
  /* A group may start at the reconvergence point itself. */
  if (w->pc == w->rpc)
    simt_reconverge(w);
}

void simt_branch(simt_warp *w, const isa_insn *in, uint32_t taken, uint32_t target)
{
  uint32_t active = w->active;
  taken &= active;
  if (taken == active) {
    w->pc = target;
    return;
  }
  if (taken == 0)
    return; /* fall through: pc already advanced */
  /* Taken side first (on top), as GPGPU-Sim and hardware order them. */
  const uint32_t targets[2] = {target, w->pc};
  const uint32_t masks[2] = {taken, active & ~taken};
  simt_diverge(w, in, 2, targets, masks);
}

/* Removes lanes from the stack entries down to the bottom one of the
 * current call (ret) or all of them (exit). */
static void stack_remove_lanes(simt_warp *w, uint32_t mask, bool through_calls)
{
  for (uint32_t i = w->n_stack; i-- > 0;) {
    w->stack[i].mask &= ~mask;
    if (w->stack[i].is_call && !through_calls)
      break;
  }
}

void simt_return(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (w->n_frames <= 1) {
    /* ret in a kernel ends its threads like exit. */
    simt_exit(w, mask);
    return;
  }
  /* Find the call's bottom entry; once its mask is empty the call is
   * complete and the results are copied back. */
  uint32_t call_entry = w->n_stack - 1;
  while (!w->stack[call_entry].is_call)
    call_entry--;
  uint32_t remaining = w->stack[call_entry].mask & ~mask;
  if (remaining == 0) {
    /* Every lane has returned: copy .reg results, then resume the caller
     * at the entry below. */
    simt_frame *fr = &w->frames[w->n_frames - 1];
    const isa_call_site *cs = fr->site;
    const isa_func *f = fr->func;
    /* Only the lanes that called take the results: under a guarded
     * call the others keep their registers. */
    uint32_t lanes = fr->call_mask;
    uint64_t *caller_r = w->regs + fr->caller_reg_base;
    for (uint32_t i = 0; cs && i < cs->n_rets; i++) {
      uint32_t fi = f->n_params + i;
      const isa_call_arg *a = &cs->rets[i];
      if (f->formal_is_reg[fi] && !a->by_address) {
        SIMT_FOR_EACH_LANE(lanes, l)
        caller_r[a->slot + l] = w->r[f->formal_slot[fi] + l];
      } else if (f->formal_is_reg[fi]) /* into the caller's .param variable */
        pass_value(w, lanes, w->r + f->formal_slot[fi], caller_r[a->slot], f->formal_bytes[fi],
                   true);
      else if (!a->by_address) /* from the .param formal's home */
        pass_value(w, lanes, caller_r + a->slot, fr->local_base + f->formal_home[fi],
                   f->formal_bytes[fi], false);
    }
    w->n_stack = call_entry;
    stack_load_top(w);
    stack_settle(w);
    return;
  }
  stack_remove_lanes(w, mask, false);
  w->stack[w->n_stack - 1].pc = w->pc;
  stack_settle(w);
}

void simt_exit(simt_warp *w, uint32_t mask)
{
  w->live &= ~mask;
  stack_remove_lanes(w, mask, true);
  w->stack[w->n_stack - 1].pc = w->pc;
  stack_settle(w);
  if (w->is_done) {
    simt_cta *c = w->cta;
    c->n_live_warps--;
  }
  w->is_stopped = true; /* let the scheduler re-check barriers */
}

static const char *format_why(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const char *format_why(char *buf, size_t len, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, len, fmt, ap);
  va_end(ap);
  return buf;
}

/* Why an indirect call's prototype does not fit the function it reaches
 * (written to buf), or NULL when it does: the same counts, and each
 * parameter and result of the same size and shape, and alignment for
 * .param ones -- what the validator requires of a direct call. */
static const char *proto_mismatch(const isa_call_site *cs, const isa_func *callee, char *buf,
                                  size_t len)
{
  const ptx_func *fn = callee->ir, *p = cs->proto;
  if (cs->targets) {
    bool listed = false;
    for (uint32_t i = 0; i < cs->targets->n && !listed; i++) {
      const ptx_operand *t = &cs->targets->items[i];
      if (t->kind == PTX_OPND_SYM && t->u.sym.sym->kind == PTX_SYM_FUNC) {
        const ptx_func *g = (const ptx_func *)t->u.sym.sym;
        listed = g == fn || g->definition == fn;
      }
    }
    if (!listed)
      return format_why(buf, len,
                        "indirect call to '%s', which is not in the .calltargets list '%s'",
                        callee->name, cs->targets->sym.name->str);
  }
  const char *what = cs->targets ? "the .calltargets list's first function" : "prototype";
  const char *pname = p ? p->sym.name->str : "?";
  if (cs->n_args != fn->n_params || cs->n_rets != fn->n_rets)
    return format_why(
        buf, len, "indirect call passes %u argument%s and %u result%s, function '%s' takes %u and %u",
        cs->n_args, cs->n_args == 1 ? "" : "s", cs->n_rets, cs->n_rets == 1 ? "" : "s",
        callee->name, fn->n_params, fn->n_rets);
  if (!p || p == fn || p->n_params != fn->n_params || p->n_rets != fn->n_rets)
    return NULL; /* the counts are what the call passes, checked above */
  for (uint32_t i = 0; i < callee->n_formals; i++) {
    const ptx_var *a = i < fn->n_params ? p->params[i] : p->rets[i - fn->n_params];
    const ptx_var *b = callee->formals[i];
    if ((a->flags | b->flags) & PTX_VARF_UNSIZED)
      continue;
    uint64_t sa = a->space == PTX_SPACE_REG ? ptx_var_elem_bytes(a) : ptx_var_size_bytes(a);
    uint64_t sb = callee->formal_bytes[i];
    bool arr_a = a->space != PTX_SPACE_REG && a->n_dims;
    bool arr_b = b->space != PTX_SPACE_REG && b->n_dims;
    bool align = a->space == PTX_SPACE_PARAM && b->space == PTX_SPACE_PARAM &&
                 ptx_var_alignment(a) != ptx_var_alignment(b);
    if (sa != sb || arr_a != arr_b || align)
      return format_why(
          buf, len,
          "indirect call: %s %u of %s '%s' (%llu bytes%s, .align %u) does not match '%s' of "
          "function '%s' (%llu bytes%s, .align %u)",
          i < fn->n_params ? "parameter" : "result", (i < fn->n_params ? i : i - fn->n_params) + 1,
          what, pname, (unsigned long long)sa, arr_a ? ", an array" : "", ptx_var_alignment(a),
          b->sym.name->str, callee->name, (unsigned long long)sb, arr_b ? ", an array" : "",
          ptx_var_alignment(b));
  }
  return NULL;
}

void simt_call(simt_warp *w, const isa_insn *in, const isa_func *callee, uint32_t mask)
{
  const isa_call_site *cs = in->ext;
  uint32_t first = (uint32_t)__builtin_ctz(mask);
  /* A direct call was checked at decode; an indirect one reaches its
   * function only now (its arguments beyond the call's would be read
   * from past the argument list). */
  char why[sizeof w->launch->fault.detail];
  if (!cs->callee && proto_mismatch(cs, callee, why, sizeof why)) {
    simt_fault_at(w, in, first, SIMT_FAULT_BAD_CALL, 0, 0, 0, false, why);
    return;
  }
  const simt_frame *caller = &w->frames[w->n_frames - 1];
  uint64_t caller_base = caller->reg_base;
  uint32_t depth = w->n_frames;
  /* The caller resumes after the call once every lane has returned. */
  w->stack[w->n_stack - 1].pc = w->pc;
  /* Lanes that do not call (a guarded call) wait in the caller's entry,
   * which resumes after the call once the callee's entry is gone. */
  int rc = frame_push(w, callee, cs);
  if (rc) {
    if (rc == PTX_EINVAL)
      format_why(why, sizeof why,
               "call stack overflow at call depth %u: the frames need more than the %" PRIu64
               " bytes of stack per thread (cudaLimitStackSize)",
               depth, w->local_stride);
    simt_fault_at(w, in, first, rc == PTX_EINVAL ? SIMT_FAULT_STACK : SIMT_FAULT_OTHER,
                  ISA_SPACE_LOCAL, 0, 0, false,
                  rc == PTX_EINVAL ? why : "out of memory for the call stack");
    return;
  }
  simt_frame *fr = &w->frames[w->n_frames - 1];
  fr->caller_reg_base = caller_base;
  fr->call_mask = mask;
  /* Arguments: .reg formals take the values of registers, or of .param
   * variables; .param formals passed a register get it in their home. */
  uint64_t *cr = w->regs + caller_base;
  for (uint32_t i = 0; i < callee->n_params; i++) {
    const isa_call_arg *a = &cs->args[i];
    if (callee->formal_is_reg[i] && !a->by_address)
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        w->r[callee->formal_slot[i] + l] = cr[a->slot + l];
    else if (callee->formal_is_reg[i])
      pass_value(w, mask, w->r + callee->formal_slot[i], cr[a->slot], callee->formal_bytes[i],
                 false);
    else if (!a->by_address)
      pass_value(w, mask, cr + a->slot, fr->local_base + callee->formal_home[i],
                 callee->formal_bytes[i], true);
  }
  if (stack_push(w, (simt_entry){.pc = 0, .rpc = ISA_NONE, .mask = mask,
                                 .frame = w->n_frames - 1, .is_call = true})) {
    simt_fault_at(w, in, first, SIMT_FAULT_OTHER, 0, 0, 0, false,
                  "out of memory for the call stack");
    return;
  }
  stack_load_top(w);
}

/* ---- barriers ----------------------------------------------------------- */

void simt_barrier_release(simt_cta *c, uint32_t id)
{
  simt_barrier *b = &c->bar[id];
  for (uint32_t i = 0; i < c->n_warps; i++) {
    simt_warp *w = &c->warps[i];
    if (!w->is_blocked || w->barrier != id)
      continue;
    w->is_blocked = false;
    const isa_insn *in = w->bar_insn;
    if (in && (in->op == PTX_OP_BAR_RED || in->op == PTX_OP_BARRIER_RED)) {
      /* bar.red: every participating thread receives the reduction.
       * .popc writes a .u32 register; .and and .or write a predicate
       * (o[0] then indexes the predicate masks, not the registers), for
       * the lanes that executed the barrier. */
      if (in->aux == 0) {
        for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
          w->r[in->o[0] + l] = b->red_popc;
      } else {
        bool v = in->aux == 1 ? b->red_and : b->red_or;
        simt_set_pred(w, in->o[0], w->active, v ? ~0u : 0u);
      }
    }
  }
  b->red_popc = 0;
  b->red_and = true;
  b->red_or = false;
  b->arrived = 0;
  b->expected = 0;
}

bool simt_barrier_complete(const simt_cta *c, const simt_barrier *b)
{
  uint32_t need = b->expected ? b->expected : c->n_live_warps;
  return b->arrived >= need;
}

void simt_barrier_arrive(simt_warp *w, const isa_insn *in, uint32_t id, uint32_t n_threads,
                         bool wait)
{
  simt_cta *c = w->cta;
  simt_barrier *b = &c->bar[id];
  /* Arrivals are counted per warp (PTX ISA, bar: "operand b ... must be a
   * multiple of the warp size"); 0 means every live warp of the CTA. */
  uint32_t expect = n_threads ? (n_threads + SIMT_WARP_SIZE - 1) / SIMT_WARP_SIZE : 0;
  if (b->arrived == 0)
    b->expected = expect;
  b->arrived++;
  w->bar_insn = in;
  if (wait) {
    w->is_blocked = true;
    w->barrier = id;
    w->is_stopped = true;
  }
  if (simt_barrier_complete(c, b))
    simt_barrier_release(c, id);
}

/* ---- special registers ----------------------------------------------- */

uint64_t simt_sreg(const simt_warp *w, uint32_t code, uint32_t lane)
{
  uint32_t id = code >> 16, idx = (code >> 8) & 0xff, comp = code & 0xff;
  const simt_launch *l = w->launch;
  switch (id) {
  case PTX_SREG_TID: return comp < 3 ? w->tid[lane][comp] : 0;
  case PTX_SREG_NTID: return comp < 3 ? l->block[comp] : 0;
  case PTX_SREG_CTAID: return comp < 3 ? w->cta->ctaid[comp] : 0;
  case PTX_SREG_NCTAID: return comp < 3 ? l->grid[comp] : 0;
  case PTX_SREG_LANEID: return lane;
  case PTX_SREG_WARPID: return w->warp_id;
  case PTX_SREG_NWARPID: return 64;
  case PTX_SREG_SMID: return w->cta->sm_id;
  case PTX_SREG_NSMID: return l->n_sms ? l->n_sms : 1;
  case PTX_SREG_GRIDID: return 1;
  case PTX_SREG_LANEMASK_EQ: return UINT32_C(1) << lane;
  case PTX_SREG_LANEMASK_LE: return (uint32_t)((UINT64_C(2) << lane) - 1);
  case PTX_SREG_LANEMASK_LT: return (UINT32_C(1) << lane) - 1;
  case PTX_SREG_LANEMASK_GE: return ~((UINT32_C(1) << lane) - 1);
  case PTX_SREG_LANEMASK_GT: return (uint32_t)~((UINT64_C(2) << lane) - 1);
  case PTX_SREG_DYNAMIC_SMEM_SIZE: return l->dyn_shared;
  case PTX_SREG_TOTAL_SMEM_SIZE: return w->cta->shared_bytes;
  case PTX_SREG_AGGR_SMEM_SIZE: return w->cta->shared_bytes;
  case PTX_SREG_ENVREG: /* the grid workspace: %envreg1 its high half */
    return idx == 1 ? l->grid_ws >> 32 : idx == 2 ? (uint32_t)l->grid_ws : 0;
  case PTX_SREG_IS_EXPLICIT_CLUSTER: return 0;
  case PTX_SREG_CLUSTER_CTAID: return 0;
  case PTX_SREG_CLUSTER_NCTAID: return 1;
  case PTX_SREG_CLUSTER_CTARANK: return 0;
  case PTX_SREG_CLUSTER_NCTARANK: return 1;
  case PTX_SREG_CLUSTERID: return comp < 3 ? w->cta->ctaid[comp] : 0;
  case PTX_SREG_NCLUSTERID: return comp < 3 ? l->grid[comp] : 0;
  default: return 0;
  }
}

/* ---- faults ------------------------------------------------------------- */

void simt_fault_at(simt_warp *w, const isa_insn *in, uint32_t lane, simt_fault_kind kind,
                   uint8_t space, uint64_t addr, uint32_t size, bool is_write,
                   const char *detail)
{
  simt_launch *l = w->launch;
  w->is_stopped = true;
  if (l->has_fault)
    return;
  l->has_fault = true;
  simt_fault *f = &l->fault;
  f->kind = kind;
  f->insn = in;
  memcpy(f->ctaid, w->cta->ctaid, sizeof f->ctaid);
  memcpy(f->tid, w->tid[lane < SIMT_WARP_SIZE ? lane : 0], sizeof f->tid);
  f->addr = addr;
  f->size = size;
  f->space = space;
  f->is_write = is_write;
  snprintf(f->detail, sizeof f->detail, "%s", detail ? detail : "");
}

static bool in_window(uint64_t a, uint64_t base)
{
  return a - base < ISA_WINDOW_SIZE;
}

isa_space simt_resolve_generic(uint64_t addr, uint64_t *offset)
{
  static const struct {
    uint64_t base;
    isa_space space;
  } windows[] = {{ISA_SHARED_WINDOW, ISA_SPACE_SHARED},
                 {ISA_LOCAL_WINDOW, ISA_SPACE_LOCAL},
                 {ISA_PARAM_WINDOW, ISA_SPACE_PARAM}};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(windows); i++)
    if (in_window(addr, windows[i].base)) {
      *offset = addr - windows[i].base;
      return windows[i].space;
    }
  *offset = addr;
  return ISA_SPACE_GLOBAL;
}

uint8_t *simt_mem_slow(simt_warp *w, const isa_insn *in, uint32_t lane, uint8_t space,
                       uint64_t addr, uint32_t size, uint32_t align, bool is_write)
{
  simt_launch *l = w->launch;
  uint8_t sp = space;
  uint64_t a = addr;
  if (sp == ISA_SPACE_GENERIC)
    sp = (uint8_t)simt_resolve_generic(addr, &a);
  if (align > 1 && (a & (align - 1))) {
    simt_fault_at(w, in, lane, SIMT_FAULT_MISALIGNED, sp, addr, size, is_write, NULL);
    return NULL;
  }
  switch (sp) {
  case ISA_SPACE_GLOBAL:
  case ISA_SPACE_CONST: {
    simt_alloc *al = simt_mem_find(l->mem, a);
    bool is_peer = false;
    if (PTX_UNLIKELY(!al && l->mem->n_peers)) {
      al = simt_mem_find_peer(l->mem, a);
      is_peer = al != NULL;
    }
    if (!al || al->is_freed || size > al->size || a - al->base > al->size - size) {
      simt_fault_at(w, in, lane, al && al->is_freed ? SIMT_FAULT_FREED : SIMT_FAULT_OOB, sp,
                    addr, size, is_write, NULL);
      return NULL;
    }
    if (is_write && al->kind == SIMT_ALLOC_CONST) {
      simt_fault_at(w, in, lane, SIMT_FAULT_READONLY, sp, addr, size, is_write, NULL);
      return NULL;
    }
    if (PTX_UNLIKELY(al->is_watched))
      simt_grid_access(w, in, lane, al, is_write);
    if (!is_peer)
      simt_mem_cache_fill(&l->cache, al);
    return al->host + (a - al->base);
  }
  case ISA_SPACE_SHARED:
    if (size > w->cta->shared_bytes || a > w->cta->shared_bytes - size)
      break;
    return w->cta->shared + a;
  case ISA_SPACE_LOCAL:
    if (size > w->local_stride || a > w->local_stride - size)
      break;
    return w->local + (uint64_t)lane * w->local_stride + a;
  case ISA_SPACE_PARAM:
    if (is_write) {
      simt_fault_at(w, in, lane, SIMT_FAULT_READONLY, sp, addr, size, is_write, NULL);
      return NULL;
    }
    if (size > l->param_bytes || a > l->param_bytes - size)
      break;
    return l->params + a;
  default:
    break;
  }
  simt_fault_at(w, in, lane, SIMT_FAULT_OOB, sp, addr, size, is_write, NULL);
  return NULL;
}

/* ---- warps ------------------------------------------------------------------ */

int simt_warp_init(simt_launch *l, simt_cta *c, simt_warp *w, uint32_t warp_id,
                   uint32_t first_thread, uint32_t n_lanes)
{
  w->launch = l;
  w->cta = c;
  w->warp_id = warp_id;
  w->n_lanes = n_lanes;
  w->live = n_lanes == 32 ? UINT32_MAX : (UINT32_C(1) << n_lanes) - 1;
  w->is_blocked = w->is_done = w->is_stopped = false;
  w->n_frames = 0;
  w->n_stack = 0;
  w->n_insns = 0;
  w->split_lanes = 0;
  w->split_insn = NULL;
  /* The first lane's index by division, the others by counting on from
   * it (three divisions a lane were a tenth of a short kernel's time);
   * lanes past the block's last thread repeat the first's. */
  uint32_t bx = l->block[0], by = l->block[1];
  uint32_t x = first_thread % bx, y = first_thread / bx % by, z = first_thread / (bx * by);
  for (uint32_t lane = 0; lane < SIMT_WARP_SIZE; lane++) {
    if (lane < n_lanes) {
      w->tid[lane][0] = x, w->tid[lane][1] = y, w->tid[lane][2] = z;
      if (++x == bx) {
        x = 0;
        if (++y == by)
          y = 0, z++;
      }
    } else
      memcpy(w->tid[lane], w->tid[0], sizeof w->tid[0]);
  }
  uint64_t stride = l->kernel->local_bytes;
  if (l->kernel->has_recursion)
    stride += l->stack_limit;
  stride = (stride + 15) & ~UINT64_C(15);
  if (stride > w->local_stride || !w->local) {
    free(w->local);
    w->local = calloc(SIMT_WARP_SIZE, stride ? stride : 16);
    if (!w->local)
      return PTX_ENOMEM;
  }
  w->local_stride = stride;
  int rc = frame_push(w, l->kernel->func, NULL);
  if (!rc)
    rc = stack_push(w, (simt_entry){.pc = 0, .rpc = ISA_NONE, .mask = w->live, .frame = 0});
  if (rc)
    return rc;
  stack_load_top(w);
  return 0;
}

void simt_warp_release(simt_warp *w)
{
  free(w->stack);
  free(w->frames);
  free(w->regs);
  free(w->preds);
  free(w->local);
}

