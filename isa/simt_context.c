/* simt_context.c -- a warp's architectural context as a buffer: the seam
 * that preemption and context switching (004) save and restore warps
 * through, and the poison that shows a restore misses nothing.
 *
 * The context is what the warp's future depends on: its registers and
 * predicates in every frame, the frames of its calls, the reconvergence
 * stack, pc, active mask, reconvergence point and carry flags, its
 * barrier state (blocked, at which barrier and instruction, synccheck's
 * partial arrival), its lanes and their thread ids, the instructions it
 * executed (%clock reads them) and its local memory.  Not in it: the
 * launch and the CTA it belongs to (the warp slot's surroundings; the
 * CTA's barrier counters are the CTA's), and register space past its
 * frames, which no frame owns (a callee's register read before written
 * sees what was last there, PTX leaves it undefined).
 *
 * The buffer is a header followed by the stack entries, the frames, the
 * register slots, the predicate masks and the local memory, each as the
 * warp holds them.  Frames and the barrier state point into the decoded
 * program, which is immutable, so a buffer is valid in the process that
 * saved it, for a warp of a launch of the same kernel.  No compression and
 * no liveness yet: those are the mechanisms this seam is for.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isa/simt.h"
#include "ptxsim.h"

#define CONTEXT_MAGIC UINT32_C(0x43575850) /* "PXWC" */
#define CONTEXT_VERSION 1u

typedef struct context_header {
  uint32_t magic, version;
  uint64_t bytes;                    /* the whole context */
  const isa_kernel *kernel;
  uint32_t pc, active, rpc, carry;
  bool is_blocked, is_done, is_stopped;
  uint32_t warp_id, n_lanes, live;
  uint32_t tid[SIMT_WARP_SIZE][3];
  uint32_t n_stack, n_frames;
  uint64_t n_regs;                   /* register slots of the frames */
  uint32_t n_preds;                  /* predicate masks of the frames */
  uint64_t local_stride, local_top;
  uint32_t barrier;
  const isa_insn *bar_insn;
  uint64_t n_insns;
  uint32_t split_lanes, split_barrier;
  const isa_insn *split_insn;
} context_header;

/* Register slots and predicate masks the warp's frames use. */
static uint64_t regs_used(const simt_warp *w)
{
  if (!w->n_frames)
    return 0;
  const simt_frame *top = &w->frames[w->n_frames - 1];
  return top->reg_base + (uint64_t)top->func->n_slots * SIMT_WARP_SIZE;
}

static uint32_t preds_used(const simt_warp *w)
{
  if (!w->n_frames)
    return 0;
  const simt_frame *top = &w->frames[w->n_frames - 1];
  return top->pred_base + top->func->n_preds;
}

static uint64_t local_bytes(const simt_warp *w)
{
  return w->local ? (uint64_t)SIMT_WARP_SIZE * w->local_stride : 0;
}

size_t simt_warp_context_size(const simt_warp *w)
{
  return sizeof(context_header) + (size_t)w->n_stack * sizeof(simt_entry) +
         (size_t)w->n_frames * sizeof(simt_frame) + (size_t)regs_used(w) * sizeof(uint64_t) +
         (size_t)preds_used(w) * sizeof(uint32_t) + (size_t)local_bytes(w);
}

/* Appends n bytes of src at *at. */
static void put(uint8_t **at, const void *src, size_t n)
{
  if (n)
    memcpy(*at, src, n);
  *at += n;
}

int simt_warp_save(const simt_warp *w, void *buf, size_t len)
{
  size_t need = simt_warp_context_size(w);
  if (!buf || len < need)
    return PTX_EINVAL;
  context_header h;
  memset(&h, 0, sizeof h);
  h.magic = CONTEXT_MAGIC;
  h.version = CONTEXT_VERSION;
  h.bytes = need;
  h.kernel = w->launch->kernel;
  h.pc = w->pc;
  h.active = w->active;
  h.rpc = w->rpc;
  h.carry = w->carry;
  h.is_blocked = w->is_blocked;
  h.is_done = w->is_done;
  h.is_stopped = w->is_stopped;
  h.warp_id = w->warp_id;
  h.n_lanes = w->n_lanes;
  h.live = w->live;
  memcpy(h.tid, w->tid, sizeof h.tid);
  h.n_stack = w->n_stack;
  h.n_frames = w->n_frames;
  h.n_regs = regs_used(w);
  h.n_preds = preds_used(w);
  h.local_stride = w->local ? w->local_stride : 0;
  h.local_top = w->local_top;
  h.barrier = w->barrier;
  h.bar_insn = w->bar_insn;
  h.n_insns = w->n_insns;
  h.split_lanes = w->split_lanes;
  h.split_barrier = w->split_barrier;
  h.split_insn = w->split_insn;
  uint8_t *at = buf;
  put(&at, &h, sizeof h);
  put(&at, w->stack, (size_t)h.n_stack * sizeof *w->stack);
  put(&at, w->frames, (size_t)h.n_frames * sizeof *w->frames);
  put(&at, w->regs, (size_t)h.n_regs * sizeof *w->regs);
  put(&at, w->preds, (size_t)h.n_preds * sizeof *w->preds);
  put(&at, w->local, (size_t)local_bytes(w));
  return 0;
}

/* Makes *p hold at least n elements of elem bytes (its capacity in *cap). */
static int reserve(void **p, uint64_t *cap, uint64_t n, size_t elem)
{
  if (n <= *cap && *p)
    return 0;
  void *q = realloc(*p, (size_t)(n ? n : 1) * elem);
  if (!q)
    return PTX_ENOMEM;
  *p = q;
  *cap = n;
  return 0;
}

/* Takes n bytes from *at into dst. */
static void get(const uint8_t **at, void *dst, size_t n)
{
  if (n)
    memcpy(dst, *at, n);
  *at += n;
}

int simt_warp_restore(simt_warp *w, const void *buf, size_t len)
{
  context_header h;
  if (!buf || len < sizeof h)
    return PTX_EINVAL;
  memcpy(&h, buf, sizeof h);
  if (h.magic != CONTEXT_MAGIC || h.version != CONTEXT_VERSION || h.bytes > len ||
      h.kernel != w->launch->kernel)
    return PTX_EINVAL;
  uint64_t cap_stack = w->cap_stack, cap_frames = w->cap_frames, cap_preds = w->cap_preds;
  uint64_t cap_local = local_bytes(w);
  if (reserve((void **)&w->stack, &cap_stack, h.n_stack, sizeof *w->stack) ||
      reserve((void **)&w->frames, &cap_frames, h.n_frames, sizeof *w->frames) ||
      reserve((void **)&w->regs, &w->cap_regs, h.n_regs, sizeof *w->regs) ||
      reserve((void **)&w->preds, &cap_preds, h.n_preds, sizeof *w->preds) ||
      reserve((void **)&w->local, &cap_local, SIMT_WARP_SIZE * h.local_stride, 1))
    return PTX_ENOMEM;
  w->cap_stack = (uint32_t)cap_stack;
  w->cap_frames = (uint32_t)cap_frames;
  w->cap_preds = (uint32_t)cap_preds;
  w->pc = h.pc;
  w->active = h.active;
  w->rpc = h.rpc;
  w->carry = h.carry;
  w->is_blocked = h.is_blocked;
  w->is_done = h.is_done;
  w->is_stopped = h.is_stopped;
  w->warp_id = h.warp_id;
  w->n_lanes = h.n_lanes;
  w->live = h.live;
  memcpy(w->tid, h.tid, sizeof w->tid);
  w->n_stack = h.n_stack;
  w->n_frames = h.n_frames;
  w->local_stride = h.local_stride;
  w->local_top = h.local_top;
  w->barrier = h.barrier;
  w->bar_insn = h.bar_insn;
  w->n_insns = h.n_insns;
  w->split_lanes = h.split_lanes;
  w->split_barrier = h.split_barrier;
  w->split_insn = h.split_insn;
  const uint8_t *at = (const uint8_t *)buf + sizeof h;
  get(&at, w->stack, (size_t)h.n_stack * sizeof *w->stack);
  get(&at, w->frames, (size_t)h.n_frames * sizeof *w->frames);
  get(&at, w->regs, (size_t)h.n_regs * sizeof *w->regs);
  get(&at, w->preds, (size_t)h.n_preds * sizeof *w->preds);
  get(&at, w->local, (size_t)(SIMT_WARP_SIZE * h.local_stride));
  /* The current frame's views. */
  if (w->n_frames) {
    const simt_frame *top = &w->frames[w->n_frames - 1];
    w->r = w->regs + top->reg_base;
    w->p = w->preds + top->pred_base;
    w->code = top->func->insns;
  }
  return 0;
}

void simt_warp_poison(simt_warp *w, uint64_t pattern)
{
  /* The arrays first, while the frames still say how much is used. */
  uint64_t n_regs = regs_used(w);
  uint32_t n_preds = preds_used(w);
  for (uint64_t i = 0; i < n_regs; i++)
    w->regs[i] = pattern;
  for (uint32_t i = 0; i < n_preds; i++)
    w->preds[i] = (uint32_t)pattern;
  for (uint64_t i = 0; i < local_bytes(w); i++)
    w->local[i] = (uint8_t)(pattern >> (i % 8 * 8));
  memset(w->stack, (int)(pattern & 0xff), (size_t)w->n_stack * sizeof *w->stack);
  memset(w->frames, (int)(pattern & 0xff), (size_t)w->n_frames * sizeof *w->frames);
  uint32_t p32 = (uint32_t)pattern;
  w->r = NULL;
  w->p = NULL;
  w->code = NULL;
  w->pc = w->active = w->rpc = w->carry = p32;
  w->is_blocked = w->is_done = w->is_stopped = (pattern & 1) != 0;
  w->warp_id = w->n_lanes = w->live = p32;
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++)
    w->tid[l][0] = w->tid[l][1] = w->tid[l][2] = p32;
  w->n_stack = w->n_frames = p32 % 7;
  w->local_top = pattern;
  w->barrier = p32;
  w->bar_insn = NULL;
  w->n_insns = pattern;
  w->split_lanes = w->split_barrier = p32;
  w->split_insn = NULL;
}

void simt_warp_poison_regs(simt_warp *w, const uint32_t *slots, uint32_t n_slots,
                           const uint32_t *preds, uint32_t n_preds, uint64_t pattern)
{
  if (!w->n_frames)
    return;
  const simt_frame *top = &w->frames[w->n_frames - 1];
  uint64_t *r = w->regs + top->reg_base;
  uint32_t *p = w->preds + top->pred_base;
  uint64_t n_r = (uint64_t)top->func->n_slots * SIMT_WARP_SIZE;
  for (uint32_t i = 0; i < n_slots; i++)
    for (uint32_t l = 0; l < SIMT_WARP_SIZE && slots[i] + l < n_r; l++)
      r[slots[i] + l] = pattern ^ ((uint64_t)l * UINT64_C(0x9e3779b97f4a7c15));
  for (uint32_t i = 0; i < n_preds; i++)
    if (preds[i] < top->func->n_preds)
      p[preds[i]] = (uint32_t)pattern;
}
