/* mem_timing.h -- the timing model's memory hierarchy as the SM pipeline
 * sees it: one call to hand over a warp's memory instruction, a clock to
 * advance, and a callback when the instruction's data is back.
 *
 * memsys/ holds no data: values are read and written by the functional
 * core when the instruction issues (execution-driven), so this model only
 * decides *when* things happen.  Behind mem_sm_issue() each SM has one
 * LD/ST pipeline that takes one warp instruction at a time and processes
 * it access by access:
 *   - shared memory: the instruction's bank-conflict degree n (lanes
 *     reading the same 32-bit word broadcast) occupies the pipeline n
 *     cycles; data is back shmem_latency + n - 1 cycles after issue;
 *   - global and local memory: per-warp coalescing into 128-byte lines (32-
 *     byte sectors for sectored caches); each line is one L1 access per
 *     cycle; hits complete after l1_hit_latency; misses take an MSHR (merging
 *     with a pending miss to the same line up to mshr_max_merge) and go
 *     through the miss queue, the interconnect, the L2 slice of their
 *     sub-partition and, on an L2 miss, DRAM (FR-FCFS, row buffers, tRCD /
 *     tCL / tRP / tRAS ...); a full MSHR table or miss queue stalls the
 *     pipeline; stores follow the L1's write policy (Fermi: write-through,
 *     no write-allocate for global, write-back for local); an instruction
 *     with .cg (GPGPU-Sim's CACHE_GLOBAL) skips L1 as in GPGPU-Sim's
 *     ldst_unit: its loads fetch from L2 only the 32-byte sectors they
 *     touch, its stores go to L2, and neither touches an L1 line;
 *   - atomics skip L1 and are performed at the L2 slice;
 *   - constant and kernel-parameter loads use the constant cache: one
 *     access per distinct address (the same address broadcasts), misses
 *     go to L2.
 * The instruction is complete when its last access is back; stores and
 * atomics without a destination complete when the pipeline has sent them.
 *
 * Time is in core cycles.  The interconnect, L2 and DRAM run in their own
 * clock domains (mem_params core_mhz ... dram_mhz); mem_sys_cycle() steps
 * each domain as many times as its clock ticks up to the core cycle given.
 * Everything is deterministic: no randomness, no ordering by address of
 * host objects.
 *
 * What each path costs, unloaded, for an instruction issued at cycle t
 * whose access k (k = 0, 1, ...) goes at t + k.  Write I = icnt_latency,
 * R = l2_rop_latency, F(b) = ceil((8 + b) / icnt_flit_bytes) the flits of
 * a packet carrying b data bytes (8-byte header), F_req = F(0) for loads,
 * F(bytes) for stores and atomics, F_rep = F(bytes returned: the line for
 * a non-sectored L1, 32 per sector otherwise, the operands for atomics).
 * With core, interconnect and L2 at one clock (otherwise each hand-over
 * waits for the next tick of the receiving domain):
 *   shared memory, degree n:   t + shmem_latency + n - 1, busy n cycles
 *   L1 (constant cache) hit:   t + k + l1_hit_latency (const_hit_latency)
 *   L1 miss, L2 hit:           t + k + 2 I + R + F_req + F_rep
 *   L2 miss, row closed:       L2 access at l = t + k + I + R + F_req;
 *     the request enters the DRAM queue at the first DRAM tick d at or
 *     after core cycle l + 1 + dram_latency; ACT at d, the B =
 *     ceil(bytes / (burst_length x bus bytes x chips)) column commands
 *     from d + tRCD every max(tCCD, burst) cycles, burst = burst_length /
 *     data_ratio; data ends at e = d + tRCD + (B - 1) max(tCCD, burst) +
 *     tCL + burst (DRAM cycles); L2 takes the fill at the first L2 tick f
 *     at or after e; done at f + I + F_rep;
 *   row hit: e without tRCD; another row open: e plus tRP (the PRE also
 *     waits for tRAS after that row's ACT);
 *   stores, reductions: the cycle after their last access was sent;
 *   atomics: the L2 paths with their operand bytes (they skip L1).
 * Peak DRAM bandwidth: dram_mhz x data_ratio x bus bytes x chips per
 * channel (GTX480: 924 MHz x 4 x 4 x 2 x 6 = 177.4 GB/s).
 *
 * Calling order per cycle: mem_sys_cycle(now), then mem_sm_can_issue() /
 * mem_sm_issue() for that cycle (the other order works too: mem_sm_issue
 * first brings the hierarchy to `now`, but mem_sm_can_issue may then see
 * an instruction whose last access goes this cycle as not yet done).  A
 * completion is always at least one cycle after its issue, so it is
 * delivered by a later mem_sys_cycle().
 */
#ifndef PTXSIM_MEMSYS_MEM_TIMING_H
#define PTXSIM_MEMSYS_MEM_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "isa/isa_prog.h"
#include "memsys/mem_params.h"

typedef struct mem_sys mem_sys;

typedef enum mem_kind {
  MEM_LOAD,
  MEM_STORE,
  MEM_ATOMIC,       /* read-modify-write with a result */
  MEM_REDUCTION     /* red: atomic without a result */
} mem_kind;

/* One warp memory instruction.  space is ISA_SPACE_GLOBAL (local memory
 * already mapped into the global address space by the caller),
 * ISA_SPACE_SHARED (addresses are offsets in the CTA's shared memory),
 * ISA_SPACE_CONST or ISA_SPACE_PARAM (device addresses of the constant
 * bank, resp. offsets in the launch's parameter buffer).  ISA_SPACE_LOCAL
 * (addresses mapped as for global) is accepted too and selects the
 * write-back half of the L1 policy L; ISA_SPACE_GENERIC counts as global. */
typedef struct mem_warp_access {
  uint8_t kind;            /* mem_kind */
  uint8_t space;           /* isa_space, as above */
  bool is_l1_bypass;       /* global/local loads and stores skip L1D (.cg) */
  uint16_t bytes;          /* bytes per lane (a vector: all its elements) */
  uint32_t mask;           /* lanes that access memory */
  uint64_t addr[32];       /* per lane; lanes outside mask are ignored */
} mem_warp_access;

/* Called from mem_sys_cycle() when the instruction handed over with tag
 * is complete, at core cycle `cycle`. */
typedef void (*mem_done_fn)(void *ctx, uint32_t sm, uint64_t tag, uint64_t cycle);

/* Creates the hierarchy for n_sms SMs.  Fails (PTX_EINVAL, with a message
 * in err) on parameters it cannot model, PTX_ENOMEM when out of memory. */
int mem_sys_create(const mem_params *p, uint32_t n_sms, mem_done_fn done, void *done_ctx,
                   mem_sys **out, char *err, size_t errlen) PTX_MUST_CHECK;
void mem_sys_destroy(mem_sys *s);

/* Whether SM sm's LD/ST pipeline can take an instruction at cycle now. */
bool mem_sm_can_issue(const mem_sys *s, uint32_t sm, uint64_t now);

/* Hands over a warp memory instruction at cycle now (the caller checked
 * mem_sm_can_issue).  tag comes back in the done callback.  The first
 * access goes in cycle now.  An instruction handed over while the
 * pipeline is still sending another is not modelled: it completes the
 * next cycle (so a caller's mistake cannot hang the kernel). */
void mem_sm_issue(mem_sys *s, uint32_t sm, const mem_warp_access *a, uint64_t now,
                  uint64_t tag);

/* Hands over a warp memory instruction whose lanes fall in different
 * state spaces (a generic access): one part per space, with disjoint lane
 * masks and the same kind and bytes.  The pipeline takes them as one
 * instruction: the shared part's bank-conflict cycles first, then the
 * other parts' accesses one per cycle, part after part.  The done
 * callback comes once, with tag, when every part's data is back.  One
 * part is mem_sm_issue. */
void mem_sm_issue_parts(mem_sys *s, uint32_t sm, const mem_warp_access *parts, uint32_t n_parts,
                        uint64_t now, uint64_t tag);

/* Advances the hierarchy to core cycle now (now never decreases; cycles
 * may be skipped when mem_sys_next_event() says nothing happens in
 * between).  Completions due at or before now are delivered. */
void mem_sys_cycle(mem_sys *s, uint64_t now);

/* The earliest core cycle after which the hierarchy has something to do,
 * or UINT64_MAX when it is empty: a completion, a request reaching the
 * next stage, an SM pipeline becoming free (mem_sm_can_issue turning
 * true); always after the last cycle given to mem_sys_cycle.  Calling
 * mem_sys_cycle only at these cycles gives exactly the results of calling
 * it every cycle.  While DRAM has queued requests it is the next cycle. */
uint64_t mem_sys_next_event(const mem_sys *s);

/* Whether any request is still in flight (the kernel is not finished
 * until the hierarchy drains, stores included). */
bool mem_sys_busy(const mem_sys *s);

/* SM phases, for running SMs side by side on host threads
 * (pipeline/tm_par.c).  Between mem_sys_sm_phase_begin and _end the SM
 * side of the hierarchy (mem_sm_can_issue, mem_sm_issue*) may be called
 * for different SMs at once, each SM from one thread, and nothing else
 * may be called.  What an SM's calls do to the hierarchy as a whole (the
 * order of instructions that complete in the same cycle, the completion
 * queue) is kept with the SM and applied at _end in SM order, so the
 * results are those of calling for the SMs one after the other in SM
 * order.  mem_sys_set_sm_phases, once, before the first phase, gives each
 * SM its own request and instruction pool; PTX_ENOMEM when out of
 * memory. */
int mem_sys_set_sm_phases(mem_sys *s) PTX_MUST_CHECK;
void mem_sys_sm_phase_begin(mem_sys *s);
void mem_sys_sm_phase_end(mem_sys *s);

/* Counters, summed over SMs / sub-partitions / channels. */
typedef struct mem_stats {
  uint64_t l1d_accesses, l1d_misses, l1d_pending_hits; /* per line access */
  uint64_t l1d_reservation_fails;   /* MSHR / miss queue full stalls */
  uint64_t l1c_accesses, l1c_misses;
  uint64_t shmem_accesses;          /* warp instructions */
  uint64_t shmem_bank_conflict_cycles; /* cycles beyond the first */
  uint64_t l2_accesses, l2_misses, l2_writebacks;
  uint64_t icnt_to_mem_flits, icnt_to_sm_flits;
  uint64_t dram_reads, dram_writes;           /* bursts */
  uint64_t dram_row_hits, dram_activations;   /* activates = row misses */
  uint64_t dram_busy_cycles;        /* DRAM cycles a data bus transferred */
  uint64_t dram_cycles;             /* DRAM clock cycles simulated, per channel */
  uint64_t atomics;
} mem_stats;

void mem_sys_get_stats(const mem_sys *s, mem_stats *out);

#endif /* PTXSIM_MEMSYS_MEM_TIMING_H */
