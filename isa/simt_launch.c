/* simt_launch.c -- driving a launch: CTAs, the one-instruction step that
 * the timing model and the run-time reports use, the functional run loop,
 * and the messages that stop a launch (faults, deadlocks, runaways).
 *
 * Functional mode runs the CTAs of a grid one after another, and the warps
 * of a CTA round-robin, each for a quantum of instructions or until it
 * blocks at a barrier, exits or faults; with an observer attached the
 * quantum is one instruction, so that the times the observer sees
 * interleave warps as a round-robin scheduler would.  A cooperative
 * launch starts all its CTAs at once and gives each a turn (a round of
 * its warps) in order, so that a grid-wide barrier's spin loop lets the
 * others arrive (simt_grid.c).  The order is fixed, so output and
 * statistics are the same on every run.  With several host threads the
 * CTAs of a kernel that cannot observe their order run side by side, with
 * the same results (simt_par.c).
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/simt.h"
#include "ptxsim.h"

enum { SIMT_QUANTUM = SIMT_WARP_QUANTUM };

/* ---- messages ------------------------------------------------------------ */

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
  case SIMT_FAULT_BRKPT: {
    const char *note = f->kind == SIMT_FAULT_TRAP ? simt_grid_trap_note(l) : NULL;
    launch_error(l, PTXSIM_E_TRAP, "%s:%u:%u: error: %s executed%s%s\n%s\n%s%s%s", file, line,
                 col, word, f->detail[0] ? ": " : "", f->detail, where, note ? "  note: " : "",
                 note ? note : "", note ? "\n" : "");
    break;
  }
  case SIMT_FAULT_GRID_DEADLOCK:
    launch_error(l, PTXSIM_E_DEADLOCK, "%s:%u:%u: error: %s\n%s (its poll of the barrier)\n",
                 file, line, col, f->detail, where);
    break;
  default:
    launch_error(l, PTXSIM_E_FAULT, "%s:%u:%u: error: %s: %s\n%s\n", file, line, col, word,
                 f->detail, where);
    break;
  }
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

/* ---- CTAs --------------------------------------------------------------- */

/* CUDA gives a thread at most 512 KiB of local memory (CUDA C++
 * Programming Guide, technical specifications). */
#define SIMT_MAX_LOCAL_PER_THREAD (UINT64_C(512) << 10)

/* The largest .local variable of the kernel, else of any function, to
 * point a message at; NULL when there is none. */
static const ptx_var *largest_local(const simt_launch *l)
{
  const ptx_var *best = NULL;
  for (uint32_t pass = 0; pass < 2 && !best; pass++)
    for (uint32_t i = 0; i < l->prog->n_funcs; i++) {
      const ptx_func *fn = l->prog->funcs[i].ir;
      if (pass == 0 && fn != l->kernel->func->ir)
        continue;
      for (uint32_t k = 0; k < fn->n_vars; k++) {
        const ptx_var *v = fn->vars[k];
        if (v->space == PTX_SPACE_LOCAL &&
            (!best || ptx_var_size_bytes(v) > ptx_var_size_bytes(best)))
          best = v;
      }
    }
  return best;
}

/* The kernel's local memory is more than a thread may have, or more than
 * the host can give (out of memory): say so, naming its largest
 * variable. */
static int local_error(simt_launch *l, uint64_t per_thread, bool too_large)
{
  const char *file = l->prog->ir->path ? l->prog->ir->path : "<ptx>";
  const ptx_var *v = largest_local(l);
  char where[64] = "", what[256] = "";
  if (v) {
    snprintf(where, sizeof where, ":%u:%u", v->sym.loc.line, v->sym.loc.col);
    snprintf(what, sizeof what, " (.local variable '%s' takes %" PRIu64 " bytes)",
             v->sym.name->str, ptx_var_size_bytes(v));
  }
  if (too_large)
    launch_error(l, PTXSIM_E_LAUNCH,
                 "%s%s: error: kernel %s needs %" PRIu64 " bytes of local memory per thread, "
                 "more than the %" PRIu64 " a thread may have%s\n",
                 file, where, l->kernel->func->name, per_thread, SIMT_MAX_LOCAL_PER_THREAD, what);
  else
    launch_error(l, PTXSIM_E_NOMEM,
                 "%s%s: error: out of memory for the local memory of kernel %s: %" PRIu64
                 " bytes per thread (the stack size limit included)%s\n",
                 file, where, l->kernel->func->name, per_thread, what);
  return too_large ? PTXSIM_E_LAUNCH : PTXSIM_E_NOMEM;
}

uint32_t simt_launch_warps_per_cta(const simt_launch *l)
{
  uint32_t threads = l->block[0] * l->block[1] * l->block[2];
  return (threads + SIMT_WARP_SIZE - 1) / SIMT_WARP_SIZE;
}

int simt_cta_init(simt_launch *l, simt_cta *c, uint32_t linear_id)
{
  const isa_kernel *k = l->kernel;
  uint32_t threads = l->block[0] * l->block[1] * l->block[2];
  uint32_t n_warps = simt_launch_warps_per_cta(l);
  uint64_t shared_bytes = k->static_shared + l->dyn_shared;
  if (k->local_bytes > SIMT_MAX_LOCAL_PER_THREAD)
    return local_error(l, k->local_bytes, true);
  if (c->cap_warps < n_warps) {
    simt_warp *ws = realloc(c->warps, n_warps * sizeof *ws);
    if (!ws)
      goto nomem;
    memset(ws + c->cap_warps, 0, (n_warps - c->cap_warps) * sizeof *ws);
    c->warps = ws;
    c->cap_warps = n_warps;
  }
  if (!c->shared || c->shared_bytes < shared_bytes) {
    uint8_t *sh = realloc(c->shared, shared_bytes ? shared_bytes : 1);
    if (!sh)
      goto nomem;
    c->shared = sh;
  }
  c->shared_bytes = shared_bytes;
  c->dyn_shared_base = k->static_shared;
  memset(c->shared, 0, shared_bytes);
  c->linear_id = linear_id;
  c->ctaid[0] = linear_id % l->grid[0];
  c->ctaid[1] = linear_id / l->grid[0] % l->grid[1];
  c->ctaid[2] = linear_id / (l->grid[0] * l->grid[1]);
  c->n_warps = n_warps;
  c->n_live_warps = n_warps;
  c->n_issued = 0;
  memset(c->bar, 0, sizeof c->bar);
  for (uint32_t b = 0; b < SIMT_N_BARRIERS; b++)
    c->bar[b].red_and = true;
  for (uint32_t i = 0; i < n_warps; i++) {
    uint32_t first = i * SIMT_WARP_SIZE;
    uint32_t lanes = threads - first < SIMT_WARP_SIZE ? threads - first : SIMT_WARP_SIZE;
    if (simt_warp_init(l, c, &c->warps[i], i, first, lanes)) {
      uint64_t local = k->local_bytes + (k->has_recursion ? l->stack_limit : 0);
      if (!c->warps[i].local && local > (UINT64_C(1) << 20))
        return local_error(l, local, false);
      launch_error(l, PTXSIM_E_NOMEM, "out of memory for warp state of kernel %s\n",
                   k->func->name);
      return PTXSIM_E_NOMEM;
    }
  }
  l->n_ctas++;
  l->n_warps += n_warps;
  l->n_threads += threads;
  return 0;
nomem:
  launch_error(l, PTXSIM_E_NOMEM, "out of memory for a block of %u threads\n", threads);
  return PTXSIM_E_NOMEM;
}

void simt_cta_free(simt_cta *c)
{
  for (uint32_t i = 0; i < c->cap_warps; i++)
    simt_warp_release(&c->warps[i]);
  free(c->warps);
  free(c->shared);
  c->warps = NULL;
  c->shared = NULL;
  c->n_warps = c->cap_warps = 0;
}

int simt_cta_unblock(simt_launch *l, simt_cta *c)
{
  /* A barrier whose count is "all live warps" may have completed because
   * others exited. */
  bool released = false;
  for (uint32_t b = 0; b < SIMT_N_BARRIERS; b++)
    if (c->bar[b].arrived && simt_barrier_complete(c, &c->bar[b])) {
      simt_barrier_release(c, b);
      released = true;
    }
  if (released)
    return 0;
  report_deadlock(l, c);
  return l->status;
}

/* ---- one instruction -------------------------------------------------------- */

static int runaway(simt_launch *l, const simt_warp *w)
{
  return simt_launch_runaway(l, w->cta, w);
}

int simt_launch_runaway(simt_launch *l, const simt_cta *c, const simt_warp *w)
{
  /* Without a warp (the block finished), the kernel's own line. */
  ptx_loc loc = w ? w->code[w->pc].ir->loc : l->kernel->func->ir->sym.loc;
  char warp[32] = "";
  if (w)
    snprintf(warp, sizeof warp, ", warp %u", w->warp_id);
  launch_error(l, PTXSIM_E_TIMEOUT,
               "%s:%u:%u: error: kernel %s stopped after %" PRIu64
               " warp instructions (the instruction limit): it may never finish\n"
               "  in block (%u,%u,%u)%s\n",
               l->prog->ir->path ? l->prog->ir->path : "<ptx>", loc.line, loc.col,
               l->kernel->func->name, l->warp_insns, c->ctaid[0], c->ctaid[1], c->ctaid[2],
               warp);
  return l->status;
}

/* One warp instruction, the step that simt_step and the functional loop
 * share; threads counts its active lanes.  The functional loop passes
 * rec == NULL, and its inlined copy has none of the record's code;
 * simt_step passes its record, which gets what must be taken before the
 * instruction runs (the rest is filled after, by record_end).  Returns
 * whether the warp left the step loop: it waits at a barrier, exited,
 * faulted, or the launch stopped. */
static PTX_ALWAYS_INLINE bool step(simt_warp *w, simt_record *rec, uint64_t *threads)
{
  const isa_insn *in = &w->code[w->pc];
  uint32_t active = w->active, mask = active;
  *threads += ptx_popcount32(active);
  if (in->guard != ISA_NONE) { /* simt_guard_mask, as the loop compiles best */
    uint32_t g = w->p[in->guard];
    mask &= in->guard_neg ? ~g : g;
  }
  bool is_src_uniform = false;
  uint32_t want_values = 0; /* record_flags */
  if (rec) {
    rec->insn = in;
    rec->pc = w->pc;
    rec->active = active;
    rec->exec = mask;
    rec->space_mask = 0;
    rec->values = 0;
    if (in->addr_opnd != ISA_NO_ADDR)
      simt_record_memory(w, in, mask, rec);
    want_values = w->launch->record_flags;
    if (PTX_UNLIKELY(want_values)) {
      if (want_values & SIMT_REC_VALUES)
        is_src_uniform = simt_record_sources(w, in, mask, rec);
      else
        simt_record_scalar_sources(w, in, mask, rec);
    }
  }
  w->pc++;
  in->exec(w, in, mask);
  if (rec && PTX_UNLIKELY(want_values)) {
    if (want_values & SIMT_REC_VALUES)
      simt_record_values(w, in, mask, is_src_uniform, rec);
    else
      simt_record_scalar_result(w, in, mask, rec);
  }
  if (PTX_UNLIKELY(w->is_stopped))
    return true;
  if (PTX_UNLIKELY(w->pc == w->rpc))
    simt_reconverge(w);
  return w->is_stopped;
}

/* The warp leaves the step loop after n instructions of threads thread
 * instructions: it reconverges if it stopped at a reconvergence point
 * (a barrier there), and the counters take the instructions. */
static inline void run_end(simt_warp *w, uint64_t n, uint64_t threads)
{
  simt_launch *l = w->launch;
  if (!w->is_done && !l->has_fault && w->n_stack && w->pc == w->rpc)
    simt_reconverge(w);
  w->n_insns += n;
  w->cta->n_issued += n;
  l->warp_insns += n;
  l->thread_insns += threads;
}

/* The opcode properties that make events. */
#define EVENT_OPF (PTX_OPF_BRANCH | PTX_OPF_BARRIER | PTX_OPF_ATOMIC | PTX_OPF_CALL | PTX_OPF_RET)

/* The events of an instruction with event flags (PTX_OPF_*), that ended
 * lanes (live: the lanes before) or faulted; n_frames: the frames
 * before. */
static PTX_NOINLINE void record_events(const simt_warp *w, simt_record *rec, uint32_t flags,
                                       uint32_t live, uint32_t n_frames)
{
  bool ran = rec->exec != 0 && !w->launch->has_fault;
  uint32_t ev = w->launch->has_fault ? SIMT_EV_FAULT : 0;
  if ((flags & PTX_OPF_BRANCH) && ran) {
    rec->taken = rec->exec;
    /* Split: the warp goes on with part of its lanes, the others wait. */
    if (rec->next_active != rec->active && !(rec->next_active & ~rec->active))
      ev |= SIMT_EV_DIVERGE;
  }
  if ((flags & PTX_OPF_BARRIER) && ran)
    ev |= SIMT_EV_BARRIER;
  if (w->is_blocked)
    ev |= SIMT_EV_BLOCKED;
  if (live & ~w->live)
    ev |= SIMT_EV_EXIT;
  if ((flags & PTX_OPF_ATOMIC) && ran)
    ev |= SIMT_EV_ATOMIC;
  if ((flags & PTX_OPF_CALL) && ran)
    ev |= SIMT_EV_CALL;
  if ((flags & PTX_OPF_RET) && ran && n_frames > 1)
    ev |= SIMT_EV_RET;
  rec->events = (uint16_t)ev;
}

/* What the warp's state says of the instruction now that it ran: where
 * it goes, the stack, the events.  Before it ran the warp had live lanes
 * and n_frames frames.  Only instructions that can have events look for
 * them (a warp blocks only at a barrier). */
static inline void record_end(const simt_warp *w, simt_record *rec, uint32_t live,
                              uint32_t n_frames)
{
  rec->next_active = w->active; /* 0 once the warp is done */
  rec->next_pc = w->pc;
  rec->depth = w->n_stack;
  rec->reconv_pc = w->rpc; /* ISA_NONE once the warp is done */
  rec->is_warp_done = w->is_done;
  rec->taken = 0;
  rec->events = 0;
  uint32_t flags = ptx_op_table[rec->insn->op].flags & EVENT_OPF;
  if (PTX_UNLIKELY(flags || live != w->live || w->launch->has_fault))
    record_events(w, rec, flags, live, n_frames);
}

int simt_step(simt_warp *w, simt_record *rec)
{
  simt_launch *l = w->launch;
  if (PTX_UNLIKELY(l->max_insns && l->warp_insns >= l->max_insns))
    return runaway(l, w);
  uint32_t live = w->live, n_frames = w->n_frames;
  uint64_t threads = 0;
  w->is_stopped = false;
  step(w, rec, &threads);
  run_end(w, 1, threads);
  record_end(w, rec, live, n_frames);
  if (PTX_UNLIKELY(l->has_fault)) {
    report_fault(l);
    return l->status;
  }
  return 0;
}

/* ---- the functional run loop ---------------------------------------------- */

/* The functional loop counts each instruction's active lanes.  A
 * portable build (no -march) compiled __builtin_popcount to a call into
 * libgcc, which took a third of the time of a divergent kernel whose
 * instructions run one or two lanes; ptx_popcount32 is inline, and on x86
 * the loop is also built for CPUs with POPCNT (where the compiler turns
 * ptx_popcount32 into the instruction), picked when the program loads. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones) && !defined(__SANITIZE_ADDRESS__)
#define LOOP_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef LOOP_CLONES
#define LOOP_CLONES
#endif

/* Runs one warp for up to budget instructions; returns how many ran. */
LOOP_CLONES static uint64_t warp_run(simt_warp *w, uint64_t budget)
{
  uint64_t n = 0, threads = 0;
  w->is_stopped = false;
  while (n < budget) {
    n++;
    if (step(w, NULL, &threads))
      break;
  }
  run_end(w, n, threads);
  return n;
}

/* Runs one warp for up to budget instructions with the observer told
 * about each; returns how many ran. */
static uint64_t warp_run_observed(simt_warp *w, uint64_t budget)
{
  const simt_observer *ob = w->launch->observer;
  uint64_t n = 0;
  while (n < budget && simt_warp_can_step(w)) {
    simt_record rec;
    uint64_t time = w->cta->n_issued;
    int rc = simt_step(w, &rec);
    n++;
    if (ob->on_insn)
      ob->on_insn(ob->ctx, w, &rec, time);
    if (rec.is_warp_done && ob->on_warp_done)
      ob->on_warp_done(ob->ctx, w, w->cta->n_issued);
    if (rc || w->is_stopped)
      break;
  }
  return n;
}

/* One turn of a CTA: each warp that can runs once (a quantum, or one
 * instruction with an observer).  *is_done: every warp has finished (the
 * CTA counts as done).  0, or the launch's status once it stopped. */
int simt_cta_turn(simt_launch *l, simt_cta *c, bool *is_done)
{
  const simt_observer *ob = l->observer;
  *is_done = false;
  if (PTX_UNLIKELY(l->progress && l->warp_insns >= l->progress->at))
    l->progress->tell(l->progress->ctx, l, l->n_ctas_done,
                      (uint64_t)l->grid[0] * l->grid[1] * l->grid[2]);
  bool progress = false, any_left = false;
  for (uint32_t i = 0; i < c->n_warps; i++) {
    simt_warp *w = &c->warps[i];
    if (w->is_done)
      continue;
    any_left = true;
    if (w->is_blocked)
      continue;
    if (ob) {
      warp_run_observed(w, 1);
      progress = true;
      if (l->status)
        return l->status;
      continue;
    }
    uint64_t budget = SIMT_QUANTUM;
    if (l->max_insns) {
      if (l->warp_insns >= l->max_insns)
        return runaway(l, w);
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
  if (!any_left) {
    if (ob && ob->on_cta_end)
      ob->on_cta_end(ob->ctx, c, c->n_issued);
    l->n_ctas_done++;
    *is_done = true;
    return 0;
  }
  /* Only a CTA's own warps release its barriers. */
  return progress ? 0 : simt_cta_unblock(l, c);
}

static int cta_run(simt_launch *l, simt_cta *c)
{
  const simt_observer *ob = l->observer;
  if (ob && ob->on_cta_begin)
    ob->on_cta_begin(ob->ctx, c, 0);
  bool is_done = false;
  int rc = 0;
  while (!rc && !is_done)
    rc = simt_cta_turn(l, c, &is_done);
  return rc;
}

/* A cooperative launch: every CTA at once, a turn each in order. */
static int run_cooperative(simt_launch *l, uint32_t n_ctas)
{
  const simt_observer *ob = l->observer;
  simt_cta *ctas = calloc(n_ctas, sizeof *ctas);
  bool *done = calloc(n_ctas, sizeof *done);
  int rc = ctas && done ? 0 : PTXSIM_E_NOMEM;
  if (rc)
    launch_error(l, rc, "out of memory for the %u blocks of a cooperative launch\n", n_ctas);
  for (uint32_t i = 0; !rc && i < n_ctas; i++) {
    rc = simt_cta_init(l, &ctas[i], i);
    if (!rc && ob && ob->on_cta_begin)
      ob->on_cta_begin(ob->ctx, &ctas[i], 0);
  }
  while (!rc && l->n_ctas_done < n_ctas)
    for (uint32_t i = 0; !rc && i < n_ctas; i++)
      if (!done[i])
        rc = simt_cta_turn(l, &ctas[i], &done[i]);
  for (uint32_t i = 0; ctas && i < n_ctas; i++)
    simt_cta_free(&ctas[i]);
  free(ctas);
  free(done);
  return rc;
}

int simt_run(simt_launch *l)
{
  uint32_t n_ctas = l->grid[0] * l->grid[1] * l->grid[2];
  if (l->is_cooperative) {
    int rc = run_cooperative(l, n_ctas);
    return rc ? rc : l->status;
  }
  if (simt_par_can_run(l))
    return simt_par_run(l);
  simt_cta cta;
  memset(&cta, 0, sizeof cta);
  int rc = 0;
  for (uint32_t i = 0; !rc && i < n_ctas; i++) {
    rc = simt_cta_init(l, &cta, i);
    if (!rc)
      rc = cta_run(l, &cta);
  }
  simt_cta_free(&cta);
  return rc ? rc : l->status;
}

void simt_launch_release(simt_launch *l)
{
  free(l->params);
  free(l->message);
  l->params = NULL;
  l->message = NULL;
}
