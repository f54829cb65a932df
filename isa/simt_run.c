/* simt_run.c -- running a launch: CTAs, warps, the step loop, frames and
 * the reconvergence stack (see simt.h).
 *
 * Functional mode runs the CTAs of a grid one after another, and the warps
 * of a CTA round-robin, each for a quantum of instructions or until it
 * blocks at a barrier, exits or faults.  The order is fixed, so output and
 * statistics are the same on every run.  Reconvergence follows the
 * immediate post-dominator stack: a divergent branch turns the top entry
 * into the reconvergence entry and pushes one entry per side; an entry
 * is popped when its pc reaches its reconvergence point or its mask
 * empties (every lane returned or exited).
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/simt.h"
#include "ptxsim.h"

enum { SIMT_QUANTUM = 4096 };

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

/* Pushes a frame for f and fills its read-only slots.  formals[i] gives
 * the address bound to .param formal i (NULL for a kernel). */
static int frame_push(simt_warp *w, const isa_func *f, const isa_call_site *site,
                      const uint64_t *formal_addr)
{
  uint64_t reg_base = 0, local_base = 0;
  uint32_t pred_base = 0;
  if (w->n_frames) {
    const simt_frame *top = &w->frames[w->n_frames - 1];
    reg_base = top->reg_base + (uint64_t)top->func->n_slots * SIMT_WARP_SIZE;
    pred_base = top->pred_base + top->func->n_preds;
    local_base = top->local_base + top->func->local_bytes;
  }
  if (local_base + f->local_bytes > w->local_stride)
    return PTX_EINVAL; /* stack overflow; reported by the caller */
  uint64_t capf = w->cap_frames, capr = w->cap_regs, capp = w->cap_preds;
  if (grow((void **)&w->frames, &capf, w->n_frames + 1, sizeof *w->frames) ||
      grow((void **)&w->regs, &capr, reg_base + (uint64_t)f->n_slots * SIMT_WARP_SIZE,
           sizeof *w->regs) ||
      grow((void **)&w->preds, &capp, pred_base + f->n_preds, sizeof *w->preds))
    return PTX_ENOMEM;
  w->cap_frames = (uint32_t)capf;
  w->cap_regs = capr;
  w->cap_preds = (uint32_t)capp;
  simt_frame *fr = &w->frames[w->n_frames++];
  fr->func = f;
  fr->reg_base = reg_base;
  fr->pred_base = pred_base;
  fr->local_base = local_base;
  fr->site = site;
  uint64_t *r = w->regs + reg_base;
  memset(w->preds + pred_base, 0, sizeof(uint32_t) * f->n_preds);
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
      uint64_t a = formal_addr ? formal_addr[s->value] : 0;
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = a;
      break;
    }
    case ISA_SLOT_SREG:
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        dst[l] = simt_sreg(w, (uint32_t)s->value, l);
      break;
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

static void simt_reconverge(simt_warp *w)
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
    uint32_t lanes = w->stack[call_entry].mask | mask; /* original callers */
    uint64_t *caller_r = w->regs + fr->caller_reg_base;
    (void)lanes;
    for (uint32_t i = 0; cs && i < cs->n_rets; i++) {
      uint32_t fi = f->n_params + i;
      if (!f->formal_is_reg[fi] || cs->rets[i].by_address)
        continue;
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        caller_r[cs->rets[i].slot + l] = w->r[f->formal_slot[fi] + l];
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

void simt_call(simt_warp *w, const isa_insn *in, const isa_func *callee, uint32_t mask)
{
  const isa_call_site *cs = in->ext;
  uint64_t formal_addr[64];
  if (callee->n_formals > 64) {
    simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask), SIMT_FAULT_OTHER, 0, 0, 0, false,
                  "more than 64 parameters");
    return;
  }
  /* Addresses of the caller's .param arguments (uniform across lanes). */
  for (uint32_t i = 0; i < callee->n_formals; i++) {
    const isa_call_arg *a = i < callee->n_params ? &cs->args[i] : &cs->rets[i - callee->n_params];
    formal_addr[i] = a->by_address ? w->r[a->slot] : 0;
  }
  uint64_t caller_base = w->frames[w->n_frames - 1].reg_base;
  const uint64_t *caller_r = w->r;
  (void)caller_r;
  /* The caller resumes after the call once every lane has returned. */
  w->stack[w->n_stack - 1].pc = w->pc;
  /* Lanes that do not call (a guarded call) wait in the caller's entry,
   * which resumes after the call once the callee's entry is gone. */
  int rc = frame_push(w, callee, cs, formal_addr);
  if (rc) {
    simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask),
                  rc == PTX_EINVAL ? SIMT_FAULT_STACK : SIMT_FAULT_OTHER, ISA_SPACE_LOCAL, 0, 0,
                  false, rc == PTX_EINVAL ? "call stack overflow (local memory per thread exhausted; raise the stack size limit)" : "out of memory");
    return;
  }
  w->frames[w->n_frames - 1].caller_reg_base = caller_base;
  /* .reg formals take the values of the arguments. */
  const uint64_t *cr = w->regs + caller_base;
  for (uint32_t i = 0; i < callee->n_params; i++)
    if (callee->formal_is_reg[i] && !cs->args[i].by_address)
      for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
        w->r[callee->formal_slot[i] + l] = cr[cs->args[i].slot + l];
  if (stack_push(w, (simt_entry){.pc = 0, .rpc = ISA_NONE, .mask = mask,
                                 .frame = w->n_frames - 1, .is_call = true}))
    goto nomem;
  stack_load_top(w);
  return;
nomem:
  simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask), SIMT_FAULT_OTHER, 0, 0, 0, false,
                "out of memory for the call stack");
}

/* ---- barriers ----------------------------------------------------------- */

static void barrier_release(simt_cta *c, uint32_t id)
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

static bool barrier_complete(const simt_cta *c, const simt_barrier *b)
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
  if (barrier_complete(c, b))
    barrier_release(c, id);
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
  case PTX_SREG_SMID: return 0;
  case PTX_SREG_NSMID: return 1;
  case PTX_SREG_GRIDID: return 1;
  case PTX_SREG_LANEMASK_EQ: return UINT32_C(1) << lane;
  case PTX_SREG_LANEMASK_LE: return (uint32_t)((UINT64_C(2) << lane) - 1);
  case PTX_SREG_LANEMASK_LT: return (UINT32_C(1) << lane) - 1;
  case PTX_SREG_LANEMASK_GE: return ~((UINT32_C(1) << lane) - 1);
  case PTX_SREG_LANEMASK_GT: return (uint32_t)~((UINT64_C(2) << lane) - 1);
  case PTX_SREG_DYNAMIC_SMEM_SIZE: return l->dyn_shared;
  case PTX_SREG_TOTAL_SMEM_SIZE: return w->cta->shared_bytes;
  case PTX_SREG_AGGR_SMEM_SIZE: return w->cta->shared_bytes;
  case PTX_SREG_ENVREG: return 0;
  case PTX_SREG_IS_EXPLICIT_CLUSTER: return 0;
  case PTX_SREG_CLUSTER_CTAID: return 0;
  case PTX_SREG_CLUSTER_NCTAID: return 1;
  case PTX_SREG_CLUSTER_CTARANK: return 0;
  case PTX_SREG_CLUSTER_NCTARANK: return 1;
  case PTX_SREG_CLUSTERID: return comp < 3 ? w->cta->ctaid[comp] : 0;
  case PTX_SREG_NCLUSTERID: return comp < 3 ? l->grid[comp] : 0;
  default: (void)idx; return 0;
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

uint8_t *simt_mem_slow(simt_warp *w, const isa_insn *in, uint32_t lane, uint8_t space,
                       uint64_t addr, uint32_t size, uint32_t align, bool is_write)
{
  simt_launch *l = w->launch;
  uint8_t sp = space;
  uint64_t a = addr;
  if (sp == ISA_SPACE_GENERIC) {
    if (in_window(addr, ISA_SHARED_WINDOW))
      sp = ISA_SPACE_SHARED, a = addr - ISA_SHARED_WINDOW;
    else if (in_window(addr, ISA_LOCAL_WINDOW))
      sp = ISA_SPACE_LOCAL, a = addr - ISA_LOCAL_WINDOW;
    else if (in_window(addr, ISA_PARAM_WINDOW))
      sp = ISA_SPACE_PARAM, a = addr - ISA_PARAM_WINDOW;
    else
      sp = ISA_SPACE_GLOBAL;
  }
  if (align > 1 && (a & (align - 1))) {
    simt_fault_at(w, in, lane, SIMT_FAULT_MISALIGNED, sp, addr, size, is_write, NULL);
    return NULL;
  }
  switch (sp) {
  case ISA_SPACE_GLOBAL:
  case ISA_SPACE_CONST: {
    simt_alloc *al = simt_mem_find(l->mem, a);
    if (!al || al->is_freed || size > al->size || a - al->base > al->size - size) {
      simt_fault_at(w, in, lane, al && al->is_freed ? SIMT_FAULT_FREED : SIMT_FAULT_OOB, sp,
                    addr, size, is_write, NULL);
      return NULL;
    }
    if (is_write && al->kind == SIMT_ALLOC_CONST) {
      simt_fault_at(w, in, lane, SIMT_FAULT_READONLY, sp, addr, size, is_write, NULL);
      return NULL;
    }
    l->mem->cache.base = al->base;
    l->mem->cache.len = al->size;
    l->mem->cache.host = al->host;
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

/* ---- the run loop --------------------------------------------------------- */

static void launch_error(simt_launch *l, int status, const char *fmt, ...) PTX_PRINTF(3, 4);
static void launch_error(simt_launch *l, int status, const char *fmt, ...)
{
  if (l->message)
    return;
  va_list ap;
  va_start(ap, fmt);
  char buf[4096];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  l->message = strdup(buf);
  l->status = status;
}

static const char *fault_what(simt_fault_kind k)
{
  switch (k) {
  case SIMT_FAULT_OOB: return "out of bounds";
  case SIMT_FAULT_FREED: return "use after free";
  case SIMT_FAULT_MISALIGNED: return "misaligned address";
  case SIMT_FAULT_READONLY: return "write to read-only memory";
  default: return "";
  }
}

/* Turns the recorded fault into the launch's message. */
static void report_fault(simt_launch *l)
{
  const simt_fault *f = &l->fault;
  const isa_insn *in = f->insn;
  const char *file = l->prog->ir->path ? l->prog->ir->path : "<ptx>";
  uint32_t line = in ? in->ir->loc.line : 0, col = in ? in->ir->loc.col : 0;
  const char *word = in ? in->ir->form->word->str : "?";
  const char *fn = in ? in->func->name : "?";
  char where[512];
  snprintf(where, sizeof where,
           "  in kernel %s%s%s, block (%u,%u,%u), thread (%u,%u,%u)", l->kernel->func->name,
           strcmp(fn, l->kernel->func->name) ? ", function " : "",
           strcmp(fn, l->kernel->func->name) ? fn : "", f->ctaid[0], f->ctaid[1], f->ctaid[2],
           f->tid[0], f->tid[1], f->tid[2]);
  switch (f->kind) {
  case SIMT_FAULT_OOB:
  case SIMT_FAULT_FREED:
  case SIMT_FAULT_MISALIGNED:
  case SIMT_FAULT_READONLY:
    launch_error(l, PTXSIM_E_FAULT,
                 "%s:%u:%u: error: %s: invalid %s%s of size %u at address 0x%" PRIx64
                 " in .%s space (%s)\n%s\n",
                 file, line, col, word, f->is_write ? "write" : "read",
                 f->kind == SIMT_FAULT_MISALIGNED ? "" : "", f->size, f->addr,
                 isa_space_names[f->space], fault_what(f->kind), where);
    break;
  case SIMT_FAULT_TRAP:
  case SIMT_FAULT_BRKPT:
    launch_error(l, PTXSIM_E_TRAP, "%s:%u:%u: error: %s executed%s%s\n%s\n", file, line, col,
                 word, f->detail[0] ? ": " : "", f->detail, where);
    break;
  default:
    launch_error(l, PTXSIM_E_FAULT, "%s:%u:%u: error: %s: %s\n%s\n", file, line, col, word,
                 f->detail, where);
    break;
  }
}

static int warp_setup(simt_launch *l, simt_cta *c, simt_warp *w, uint32_t warp_id,
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
  for (uint32_t lane = 0; lane < SIMT_WARP_SIZE; lane++) {
    uint32_t t = first_thread + (lane < n_lanes ? lane : 0);
    w->tid[lane][0] = t % l->block[0];
    w->tid[lane][1] = t / l->block[0] % l->block[1];
    w->tid[lane][2] = t / (l->block[0] * l->block[1]);
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
  int rc = frame_push(w, l->kernel->func, NULL, NULL);
  if (!rc)
    rc = stack_push(w, (simt_entry){.pc = 0, .rpc = ISA_NONE, .mask = w->live, .frame = 0});
  if (rc)
    return rc;
  stack_load_top(w);
  return 0;
}

static void warp_free(simt_warp *w)
{
  free(w->stack);
  free(w->frames);
  free(w->regs);
  free(w->preds);
  free(w->local);
}

/* Runs one warp for up to budget instructions; returns how many ran. */
static uint64_t warp_run(simt_warp *w, uint64_t budget)
{
  simt_launch *l = w->launch;
  uint64_t n = 0, threads = 0;
  w->is_stopped = false;
  while (n < budget) {
    const isa_insn *in = &w->code[w->pc];
    uint32_t mask = w->active;
    threads += (uint64_t)__builtin_popcount(mask);
    if (in->guard != ISA_NONE) {
      uint32_t g = w->p[in->guard];
      mask &= in->guard_neg ? ~g : g;
    }
    w->pc++;
    n++;
    in->exec(w, in, mask);
    if (PTX_UNLIKELY(w->is_stopped))
      break;
    if (PTX_UNLIKELY(w->pc == w->rpc))
      simt_reconverge(w);
    if (PTX_UNLIKELY(w->is_stopped))
      break;
  }
  if (!w->is_done && !l->has_fault && w->n_stack && w->pc == w->rpc)
    simt_reconverge(w);
  w->n_insns += n;
  l->warp_insns += n;
  l->thread_insns += threads;
  return n;
}

/* Every live warp of the CTA waits at a barrier that cannot complete:
 * name each waiting warp, its barrier and where it waits. */
static void report_deadlock(simt_launch *l, simt_cta *c)
{
  char list[3072];
  size_t len = 0;
  const isa_insn *first = NULL;
  uint32_t first_id = 0;
  const char *file = l->prog->ir->path ? l->prog->ir->path : "<ptx>";
  for (uint32_t i = 0; i < c->n_warps; i++) {
    simt_warp *w = &c->warps[i];
    if (w->is_done || !w->is_blocked)
      continue;
    const isa_insn *at = w->bar_insn;
    if (!first)
      first = at, first_id = w->barrier;
    simt_barrier *b = &c->bar[w->barrier];
    if (len < sizeof list - 200)
      len += (size_t)snprintf(list + len, sizeof list - len,
                              "  warp %u (threads %u..%u) waits at barrier %u (%s:%u), which "
                              "has %u of %u warps\n",
                              i, i * SIMT_WARP_SIZE, i * SIMT_WARP_SIZE + w->n_lanes - 1,
                              w->barrier, file, at ? at->ir->loc.line : 0, b->arrived,
                              b->expected ? b->expected : c->n_live_warps);
  }
  list[len] = 0;
  launch_error(l, PTXSIM_E_DEADLOCK,
               "%s:%u:%u: error: barrier deadlock: barrier %u of block (%u,%u,%u) in kernel %s "
               "can never complete (%u of %u warps have exited)\n%s",
               file, first ? first->ir->loc.line : 0, first ? first->ir->loc.col : 0, first_id,
               c->ctaid[0], c->ctaid[1], c->ctaid[2], l->kernel->func->name,
               c->n_warps - c->n_live_warps, c->n_warps, list);
}

static int cta_run(simt_launch *l, simt_cta *c)
{
  for (;;) {
    bool progress = false, any_left = false;
    for (uint32_t i = 0; i < c->n_warps; i++) {
      simt_warp *w = &c->warps[i];
      if (w->is_done)
        continue;
      any_left = true;
      if (w->is_blocked)
        continue;
      uint64_t budget = SIMT_QUANTUM;
      if (l->max_insns) {
        if (l->warp_insns >= l->max_insns) {
          const isa_insn *in = &w->code[w->pc];
          launch_error(l, PTXSIM_E_TIMEOUT,
                       "%s:%u:%u: error: kernel %s stopped after %" PRIu64
                       " warp instructions (the instruction limit): it may never finish\n"
                       "  in block (%u,%u,%u), warp %u\n",
                       l->prog->ir->path ? l->prog->ir->path : "<ptx>", in->ir->loc.line,
                       in->ir->loc.col, l->kernel->func->name, l->warp_insns, c->ctaid[0],
                       c->ctaid[1], c->ctaid[2], i);
          return l->status;
        }
        if (l->max_insns - l->warp_insns < budget)
          budget = l->max_insns - l->warp_insns;
      }
      warp_run(w, budget);
      progress = true;
      if (l->has_fault) {
        report_fault(l);
        return l->status;
      }
    }
    if (!any_left)
      return 0;
    if (!progress) {
      /* Every warp left is blocked.  A barrier whose count is "all live
       * warps" may have completed because others exited. */
      bool released = false;
      for (uint32_t b = 0; b < SIMT_N_BARRIERS; b++)
        if (c->bar[b].arrived && barrier_complete(c, &c->bar[b])) {
          barrier_release(c, b);
          released = true;
        }
      if (!released) {
        report_deadlock(l, c);
        return l->status;
      }
    }
  }
}

int simt_run(simt_launch *l)
{
  const isa_kernel *k = l->kernel;
  uint32_t threads = l->block[0] * l->block[1] * l->block[2];
  uint32_t n_warps = (threads + SIMT_WARP_SIZE - 1) / SIMT_WARP_SIZE;
  simt_cta cta;
  memset(&cta, 0, sizeof cta);
  cta.warps = calloc(n_warps, sizeof *cta.warps);
  cta.shared_bytes = k->static_shared + l->dyn_shared;
  cta.dyn_shared_base = k->static_shared;
  cta.shared = calloc(1, cta.shared_bytes ? cta.shared_bytes : 1);
  int rc = 0;
  if (!cta.warps || !cta.shared) {
    launch_error(l, PTXSIM_E_NOMEM, "out of memory for a block of %u threads\n", threads);
    rc = PTXSIM_E_NOMEM;
  }
  for (uint32_t z = 0; !rc && z < l->grid[2]; z++)
    for (uint32_t y = 0; !rc && y < l->grid[1]; y++)
      for (uint32_t x = 0; !rc && x < l->grid[0]; x++) {
        cta.ctaid[0] = x, cta.ctaid[1] = y, cta.ctaid[2] = z;
        cta.n_warps = n_warps;
        cta.n_live_warps = n_warps;
        memset(cta.bar, 0, sizeof cta.bar);
        for (uint32_t b = 0; b < SIMT_N_BARRIERS; b++)
          cta.bar[b].red_and = true;
        memset(cta.shared, 0, cta.shared_bytes);
        for (uint32_t i = 0; !rc && i < n_warps; i++) {
          uint32_t first = i * SIMT_WARP_SIZE;
          uint32_t lanes = threads - first < SIMT_WARP_SIZE ? threads - first : SIMT_WARP_SIZE;
          if (warp_setup(l, &cta, &cta.warps[i], i, first, lanes)) {
            launch_error(l, PTXSIM_E_NOMEM, "out of memory for warp state\n");
            rc = PTXSIM_E_NOMEM;
          }
        }
        if (!rc)
          rc = cta_run(l, &cta);
        l->n_ctas++;
        l->n_warps += n_warps;
        l->n_threads += threads;
      }
  for (uint32_t i = 0; cta.warps && i < n_warps; i++)
    warp_free(&cta.warps[i]);
  free(cta.warps);
  free(cta.shared);
  return rc ? rc : l->status;
}

void simt_launch_release(simt_launch *l)
{
  free(l->params);
  free(l->message);
  l->params = NULL;
  l->message = NULL;
}
