/* simt_grid.c -- grid-wide barriers of cooperative launches
 * (cooperative_groups::this_grid().sync()).
 *
 * What nvcc 13 compiles grid.sync() to (cooperative_groups'
 * details::sync_grids): the 64-bit address of the grid's workspace comes
 * from %envreg1 (high half) and %envreg2 (low half), and code that finds
 * it null executes trap -- the launch was not cooperative.  Otherwise
 *     barrier.sync 0;
 *     thread (0,0,0) of each CTA:
 *       old = atom.add.release.gpu.u32 [ws + 4], CTA (0,0,0) ? 0x80000001 - n_ctas : 1;
 *       do v = ld.acquire.gpu.u32 [ws + 4]; while (((v ^ old) & 0x80000000) == 0);
 *     barrier.sync 0;
 * The n_ctas arrivals add 0x80000000: the top bit flips once all have
 * arrived, and the low 31 bits are zero between two barriers.
 *
 * The functional core needs no barrier instruction of its own: a
 * cooperative launch gets a workspace (a watched allocation: its accesses
 * always reach simt_mem_slow, which calls simt_grid_access), and its CTAs
 * all start at once and run round-robin (simt_launch.c), so the spinning
 * thread's CTA yields at each poll and the others get to arrive.  In
 * timing mode every CTA is resident on an SM (tm_gpu.c checks it) and the
 * spin loop costs what its instructions cost.
 *
 * A barrier that can never complete is told from the workspace: a poll
 * that finds the low 31 bits non-zero (a barrier in progress) after some
 * CTA has finished waits for a CTA that will never arrive, since a CTA
 * that arrives waits for the barrier's end before it can finish.  This is
 * exact for the protocol above and stops the launch instead of spinning
 * until the instruction limit.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_sregs.h"
#include "isa/simt.h"

/* The offset of the arrival counter in the workspace. */
enum { GRID_WS_COUNTER = 4, GRID_WS_DONE_BIT = 31 };

int simt_grid_ws_alloc(simt_mem *m, uint64_t *addr)
{
  if (simt_mem_alloc(m, SIMT_GRID_WS_BYTES, SIMT_ALLOC_HEAP, "grid workspace", addr))
    return PTX_ENOMEM;
  simt_mem_find(m, *addr)->is_watched = true;
  return 0;
}

/* The CTAs that arrived at the barrier in progress, from the counter's
 * low 31 bits (see above): CTA (0,0,0)'s arrival makes them wrap. */
static uint64_t arrivals(uint32_t low, uint64_t n_ctas)
{
  uint64_t wrap = UINT64_C(1) << GRID_WS_DONE_BIT;
  return low > wrap - n_ctas ? low + n_ctas - wrap : low;
}

void simt_grid_access(simt_warp *w, const isa_insn *in, uint32_t lane, const simt_alloc *al,
                      bool is_write)
{
  if (is_write)
    return;
  simt_launch *l = w->launch;
  /* A poll: let the other CTAs run. */
  w->is_stopped = true;
  if (!l->n_ctas_done || al->base != l->grid_ws)
    return;
  uint32_t v;
  memcpy(&v, al->host + GRID_WS_COUNTER, sizeof v);
  uint32_t low = v & ~(UINT32_C(1) << GRID_WS_DONE_BIT);
  if (!low)
    return;
  uint64_t n = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
  char detail[256];
  snprintf(detail, sizeof detail,
           "grid barrier deadlock: the grid-wide barrier (grid.sync()) can never complete: "
           "%" PRIu64 " of %" PRIu64 " blocks arrived and %" PRIu64
           " finished without arriving",
           arrivals(low, n), n, l->n_ctas_done);
  simt_fault_at(w, in, lane, SIMT_FAULT_GRID_DEADLOCK, ISA_SPACE_GLOBAL,
                al->base + GRID_WS_COUNTER, 4, false, detail);
}

const char *simt_grid_trap_note(const simt_launch *l)
{
  if (l->grid_ws)
    return NULL;
  for (uint32_t k = 0; k < l->prog->n_funcs; k++) {
    const isa_func *f = &l->prog->funcs[k];
    for (uint32_t i = 0; i < f->n_inits; i++) {
      const isa_slot_init *s = &f->inits[i];
      if (s->kind == ISA_SLOT_SREG && s->value >> 16 == PTX_SREG_ENVREG &&
          ((s->value >> 8 & 0xff) == 1 || (s->value >> 8 & 0xff) == 2))
        return "the kernel reads the grid workspace (%envreg1, %envreg2), which only a "
               "cooperative launch (cudaLaunchCooperativeKernel) provides: grid.sync() traps "
               "in an ordinary launch";
    }
  }
  return NULL;
}
