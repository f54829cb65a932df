/* synccheck.c -- the synchronisation rules compute-sanitizer's synccheck
 * enforces, reported as faults (like memcheck's invalid accesses: the
 * PTX file:line, kernel, block and thread, and the launch fails).
 *
 * Warp instructions with a membermask (CUDA C++ Programming Guide,
 * "Warp Shuffle Functions" and "Warp Vote Functions"; PTX ISA shfl.sync,
 * vote.sync, match.sync, redux.sync, elect.sync, bar.warp.sync):
 *   - each executing lane's own bit must be set in its membermask;
 *   - every non-exited lane the mask names must execute the instruction,
 *     with the same mask.  Lanes that have exited, and lanes past the
 *     CTA's last thread, may be named (a full mask in a partial warp is
 *     the usual idiom); so may lanes of other cooperative-groups tiles be
 *     left out: each lane's mask is its own.
 * A lane the mask names that is alive but not executing (on the other
 * side of a branch, or predicated off) would make the GPU wait for it;
 * here the executing lanes would go on without it, so it is an error.
 *
 * Barriers (bar.sync, barrier.sync, bar.red): the lanes of a warp must
 * wait at the same barrier.  All executing lanes must name the same
 * barrier (ops_sync.c checks the operands); and when a divergent warp's
 * lanes arrive at a barrier in two groups, both must be the same barrier
 * instruction.  A partial arrival alone is not an error: the other lanes
 * may be about to exit (`if (i >= n) return; __syncthreads();' runs the
 * staying lanes first), so it is remembered (split_*) and judged when the
 * rest of the warp arrives at a barrier.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "isa/simt.h"

/* Reports a synccheck violation at lane as a fault; always false, so that
 * a check can end with `return sync_fault(...)'. */
static bool sync_fault(simt_warp *w, const isa_insn *in, uint32_t lane, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static bool sync_fault(simt_warp *w, const isa_insn *in, uint32_t lane, const char *fmt, ...)
{
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  simt_fault_at(w, in, lane, SIMT_FAULT_OTHER, 0, 0, 0, false, msg);
  return false;
}

bool simt_sync_members(simt_warp *w, const isa_insn *in, uint32_t mask, unsigned k)
{
  /* The usual case first, in one pass: every executing lane gives the same
   * mask (an immediate or a uniform register), which names all of them and
   * no live lane that does not execute.  The full check below is O(32^2). */
  if (mask) {
    const uint64_t *m = w->r + in->o[k];
    uint32_t m0 = (uint32_t)m[__builtin_ctz(mask)];
    bool same = true;
    SIMT_FOR_EACH_LANE(mask, l)
    same &= (uint32_t)m[l] == m0;
    if (same && (m0 & mask) == mask && !(m0 & w->live & ~mask))
      return true;
  }
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint32_t m = (uint32_t)w->r[in->o[k] + l];
    if (!(m >> l & 1))
      return sync_fault(w, in, l,
                        "invalid warp synchronization: the membermask 0x%08x of lane %u does "
                        "not include the lane (executing lanes 0x%08x)",
                        m, l, mask);
    uint32_t absent = m & w->live & ~mask;
    if (absent)
      return sync_fault(w, in, l,
                        "invalid warp synchronization: the membermask 0x%08x names lanes 0x%08x "
                        "that do not execute it (executing lanes 0x%08x)",
                        m, absent, mask);
    SIMT_FOR_EACH_LANE(m & mask, o)
    {
      uint32_t mo = (uint32_t)w->r[in->o[k] + o];
      if (mo != m)
        return sync_fault(w, in, l,
                          "invalid warp synchronization: lane %u has membermask 0x%08x, but lane "
                          "%u, which it names, has 0x%08x",
                          l, m, o, mo);
    }
  }
  return true;
}

bool simt_sync_barrier(simt_warp *w, const isa_insn *in, uint32_t mask, uint32_t id)
{
  uint32_t live = w->live;
  uint32_t split = w->split_lanes & live;
  if ((mask & live) == live || !split || (mask & split)) {
    /* The whole warp; or a first partial arrival; or the lanes that
     * arrived alone before arrive again (the others never came to a
     * barrier; they may have exited). */
    bool is_whole = (mask & live) == live;
    w->split_lanes = is_whole ? 0 : mask;
    w->split_insn = is_whole ? NULL : in;
    w->split_barrier = id;
    return true;
  }
  /* The rest of a divergent warp arrives. */
  if (in != w->split_insn || id != w->split_barrier) {
    return sync_fault(w, in, (uint32_t)__builtin_ctz(mask),
                      "lanes of warp %u wait at different barriers: lanes 0x%08x at barrier %u "
                      "here, lanes 0x%08x at barrier %u (line %u)",
                      w->warp_id, mask, id, split, w->split_barrier,
                      w->split_insn->ir->loc.line);
  }
  w->split_lanes |= mask;
  if ((w->split_lanes & live) == live) {
    w->split_lanes = 0;
    w->split_insn = NULL;
  }
  return true;
}
