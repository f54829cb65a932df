/* mem_int.h -- private structures of the timing memory hierarchy
 * (memsys/mem_*.c); nothing outside memsys/ includes this header.
 *
 * Time.  Every domain (core, interconnect, L2, DRAM) ticks at multiples of
 * its own period, an integer number of "time units" chosen at creation so
 * that all periods are exact (GTX480: core 700 MHz = 33 units, DRAM
 * 924 MHz = 25 units).  Items handed from one stage to the next carry the
 * time at which the next stage may take them (`ready`); a stage only
 * takes items whose ready time is at or before its tick, and everything
 * it produces is ready strictly after the tick, so the order in which
 * domains tick at the same instant never matters.
 *
 * Requests (mem_req) and instructions (mem_inst) come from free lists
 * filled at creation; queues are rings of request pointers that grow only
 * when a queue without a configured limit outgrows its allocation.
 */
#ifndef PTXSIM_MEMSYS_MEM_INT_H
#define PTXSIM_MEMSYS_MEM_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "memsys/mem_params.h"
#include "memsys/mem_timing.h"

typedef uint64_t mem_time;
#define MEM_TIME_NEVER UINT64_MAX

#define MEM_SECTOR_BYTES 32u
#define MEM_MAX_SECTORS 8u        /* lines of at most 256 bytes */
#define MEM_HEADER_BYTES 8u       /* packet header on the interconnect */
#define MEM_PART_QUEUE 8u         /* GPGPU-Sim's -gpgpu_dram_partition_queues 8:8:8:8 */
#define MEM_MAX_ACCESSES 64u      /* per warp instruction: 32 lanes x 2 lines */
#define MEM_PARAM_BASE (UINT64_C(1) << 62) /* .param offsets, apart from .const */

typedef struct mem_inst mem_inst;

/* Request types. */
enum {
  MEM_RQ_READ,      /* load, or a cache's fetch of missing sectors */
  MEM_RQ_WRITE,     /* store data */
  MEM_RQ_ATOMIC,    /* read-modify-write at L2 */
  MEM_RQ_WRITEBACK  /* dirty line evicted */
};

/* Where a reply goes at the SM. */
enum { MEM_TO_L1D, MEM_TO_L1C, MEM_TO_INST, MEM_TO_NONE };

typedef struct mem_pool mem_pool;

typedef struct mem_chunk {
  struct mem_chunk *next;
} mem_chunk;

typedef struct mem_req {
  struct mem_req *next;   /* free list, MSHR waiters, DRAM bank queue */
  mem_pool *pool;         /* the pool it came from and goes back to */
  mem_inst *inst;         /* the instruction waiting for it, or NULL */
  uint64_t addr;          /* line address (the requester's line size) */
  mem_time ready;         /* when the next stage may take it */
  uint64_t seq;           /* DRAM arrival order */
  uint32_t sm;
  uint32_t row;           /* DRAM row */
  uint16_t sub;           /* memory sub-partition */
  uint16_t bytes;         /* data carried: write data, atomic operands, reply data */
  uint16_t bank;          /* DRAM bank within the channel */
  uint16_t bursts_left;   /* DRAM column commands still to issue */
  uint8_t type;           /* MEM_RQ_* */
  uint8_t reply_to;       /* MEM_TO_* */
  uint8_t sectors;        /* sectors of the line it covers */
  uint8_t full_sectors;   /* sectors a write covers entirely */
  uint8_t l2_need;        /* its sectors in L2's line */
  bool is_local;          /* local memory (write-back under policy L) */
  bool is_reply;          /* on its way back to the SM */
  bool is_activated;      /* DRAM: opened its own row */
  bool is_started;        /* DRAM: first column command issued */
} mem_req;

/* A ring of request pointers.  limit: the capacity the model enforces
 * (0: none, the ring grows). */
typedef struct mem_ring {
  mem_req **slot;
  uint32_t mask, head, n, limit;
} mem_ring;

int mem_ring_init(mem_ring *r, uint32_t limit, uint32_t slack) PTX_MUST_CHECK;
void mem_ring_free(mem_ring *r);
void mem_ring_grow(mem_ring *r);   /* aborts when out of memory */

static inline bool mem_ring_full(const mem_ring *r)
{
  return r->limit && r->n >= r->limit;
}
static inline bool mem_ring_room(const mem_ring *r, uint32_t k)
{
  return !r->limit || r->n + k <= r->limit;
}
static inline mem_req *mem_ring_head(const mem_ring *r)
{
  return r->n ? r->slot[r->head] : NULL;
}
static inline void mem_ring_push(mem_ring *r, mem_req *q)
{
  if (PTX_UNLIKELY(r->n > r->mask))
    mem_ring_grow(r);
  r->slot[(r->head + r->n) & r->mask] = q;
  r->n++;
}
static inline mem_req *mem_ring_pop(mem_ring *r)
{
  mem_req *q = r->slot[r->head];
  r->head = (r->head + 1) & r->mask;
  r->n--;
  return q;
}

/* ---- caches (mem_cache.c) -------------------------------------------- */

typedef struct mem_line {
  uint64_t addr;          /* line address */
  uint64_t used, alloc;   /* LRU and FIFO stamps (the cache's access count) */
  uint8_t valid, dirty, reserved; /* sector masks; reserved = fill pending */
  bool is_live;
} mem_line;

typedef struct mem_mshr {
  uint64_t addr;          /* line address */
  mem_req *head, *tail;   /* waiting accesses, in arrival order */
  uint32_t n_wait;
  uint16_t n_fetch;       /* fetches in flight */
  uint8_t sectors;        /* sectors fetched or being fetched */
  uint8_t filled;         /* sectors whose data is back */
  bool is_live;
} mem_mshr;

typedef enum mem_probe {
  MEM_HIT,
  MEM_HIT_RESERVED,       /* the sectors are being fetched */
  MEM_SECTOR_MISS,        /* line present, sectors missing */
  MEM_MISS
} mem_probe;

typedef struct mem_cache {
  mem_cache_params p;
  bool is_enabled;        /* false: no lines (MSHRs and queue still work) */
  uint32_t line_log2, set_log2, n_sectors;
  uint8_t all_sectors;
  uint32_t port_cycles;   /* cycles a line occupies the data port */
  uint64_t stamp;         /* access counter for LRU/FIFO */
  mem_line *lines;        /* n_sets * assoc */
  mem_mshr *mshr;
  /* Each MSHR's line, MEM_NO_LINE when free, apart from mshr so that the
   * search reads one small array; entries [0, mshr_hi) hold every live
   * one (allocation takes the lowest free entry). */
  uint64_t *mshr_line;
  uint32_t n_mshr, n_mshr_live, max_merge, mshr_hi;
  uint16_t mshr_bucket[64]; /* live MSHRs per hash of their line: a line
                               whose bucket is 0 has none, without a search */
  uint64_t poly[64];      /* x^i mod the index polynomial (index P) */
  mem_ring missq;         /* requests to the next level */
  mem_time data_port_free, fill_port_free;
  uint64_t n_access, n_miss, n_pending_hit, n_res_fail, n_writeback;
} mem_cache;

/* Sets the cache up from p (disabled when p is not enabled); missq_limit
 * 0 takes p's miss queue.  Fails with a message naming `what`. */
int mem_cache_init(mem_cache *c, const mem_cache_params *p, const char *what,
                   uint32_t default_mshr, char *err, size_t errlen) PTX_MUST_CHECK;
void mem_cache_free(mem_cache *c);
uint64_t mem_cache_line(const mem_cache *c, uint64_t addr);
/* The sector mask of [addr, addr + bytes) within its line. */
uint8_t mem_cache_sectors(const mem_cache *c, uint64_t addr, uint32_t bytes);
/* Looks up line (index computed from index_addr); *way gets the line. */
mem_probe mem_cache_probe(mem_cache *c, uint64_t line, uint64_t index_addr, uint8_t need,
                          mem_line **way);
/* A line to replace in line's set, or NULL when all are reserved. */
mem_line *mem_cache_victim(mem_cache *c, uint64_t line, uint64_t index_addr);
void mem_cache_touch(mem_cache *c, mem_line *l);
/* Installs line in victim v (evicted state left to the caller). */
void mem_cache_install(mem_cache *c, mem_line *v, uint64_t line);
/* No line: line addresses are aligned, so never all ones. */
#define MEM_NO_LINE UINT64_MAX
static inline uint32_t mem_mshr_hash(uint64_t line)
{
  return (uint32_t)((line * UINT64_C(0x9e3779b97f4a7c15)) >> 58);
}
mem_mshr *mem_mshr_find(mem_cache *c, uint64_t line);
mem_mshr *mem_mshr_alloc(mem_cache *c, uint64_t line); /* NULL when full */
void mem_mshr_add(mem_mshr *m, mem_req *q);
void mem_mshr_release(mem_cache *c, mem_mshr *m);
/* A read miss's plan (mem_cache_plan_miss): the MSHR to merge into (NULL:
 * a new one), the sectors to fetch, and the line to install when the
 * cache allocates on a miss, which is_wb says must be written back first. */
typedef struct mem_miss {
  mem_mshr *mshr;
  uint8_t fetch;
  mem_line *victim;
  bool is_wb;
} mem_miss;
/* Plans a read miss of need sectors of line in c (l and pr: its probe;
 * index_addr picks the set).  Returns false, changing nothing, when a
 * merge slot, an MSHR, a victim or room in the miss queue is missing. */
bool mem_cache_plan_miss(mem_cache *c, uint64_t line, uint64_t index_addr, const mem_line *l,
                         mem_probe pr, uint8_t need, mem_miss *out);
/* Carries the plan out once the caller has written a dirty victim back:
 * counts the access, installs the victim, reserves the fetched sectors
 * and takes the MSHR, which it returns (the caller adds its waiter and
 * sends the fetch). */
mem_mshr *mem_cache_take_miss(mem_cache *c, uint64_t line, mem_line *l, const mem_miss *p);
/* Unlinks and returns m's first waiter whose sectors are all in have
 * (its l2_need in an L2 MSHR, its sectors in an L1's), or NULL. */
mem_req *mem_mshr_take_ready(mem_mshr *m, uint8_t have, bool is_l2);

/* ---- the hierarchy ---------------------------------------------------- */

struct mem_inst {
  mem_inst *next_free;
  mem_pool *pool;         /* the pool it came from and goes back to */
  uint64_t tag, done, seq;
  uint32_t sm, pending;   /* accesses still outstanding */
  bool is_sent;           /* the pipeline has processed every access */
  bool is_live;
};

typedef struct mem_acc {
  uint64_t addr;          /* line address */
  uint16_t bytes;         /* bytes the lanes touch in the line */
  uint8_t sectors, full_sectors;
  uint8_t space;          /* isa_space of the lanes (mem_warp_access.space):
                             an instruction's parts may differ */
} mem_acc;

/* Free requests and instructions, with the chunks that hold them.  One
 * pool serves the whole hierarchy; with SM phases (mem_sys_set_sm_phases)
 * each SM has its own, which only the SM's side allocates from, so that
 * SMs can run side by side.  Whatever is freed goes back to the pool it
 * came from.  The live counts are the hierarchy's (mem_sys.n_live_*);
 * what an SM phase allocates and frees is counted in the pool
 * (phase_reqs, phase_insts) and added at the phase's end. */
struct mem_pool {
  mem_req *free_req;
  mem_inst *free_inst;
  mem_chunk *chunks;
  int64_t phase_reqs, phase_insts;
};

/* What an SM did during an SM phase that touches the hierarchy as a
 * whole, applied in SM order when the phase ends: instructions created
 * (their sequence numbers, which order completions of the same cycle, are
 * given then) and completions to queue. */
typedef struct mem_sm_deferred {
  mem_inst **made, **queued;
  uint32_t n_made, n_queued, cap_made, cap_queued;
} mem_sm_deferred;

/* One SM's LD/ST pipeline and L1s. */
typedef struct mem_smu {
  mem_cache l1d, l1c;
  mem_ring reply;         /* from the interconnect */
  mem_inst *cur;          /* instruction whose accesses are being sent */
  uint8_t kind;
  bool is_l1_bypass;      /* the instruction skips L1D (.cg) */
  uint32_t n_acc, next_acc;
  uint64_t start_at;      /* first cycle for cur's accesses: after the bank
                             cycles of its shared part (0: none) */
  uint64_t busy_until;    /* first cycle a new instruction may start */
  uint64_t last_access;   /* cycle whose access slot is used */
  uint64_t n_shmem, n_shmem_conflict;
  mem_pool *pool;         /* the hierarchy's, or own_pool with SM phases */
  mem_pool own_pool;
  mem_sm_deferred deferred;
  mem_acc acc[MEM_MAX_ACCESSES];
} mem_smu;

/* Decoded DRAM coordinates of an address. */
typedef struct mem_dram_addr {
  uint32_t chan, sub, bank, row;
  uint64_t part_addr;     /* the address without channel and sub-partition bits */
} mem_dram_addr;

/* A bit field of the address map as runs of contiguous bits. */
typedef struct mem_bits {
  uint8_t n;
  uint8_t shift[16], width[16];
} mem_bits;

typedef struct mem_bank {
  mem_req *head, *tail;   /* queued requests, oldest first */
  uint32_t n, row;
  mem_req *hit, *hit_prev; /* the oldest queued request for the open row (NULL:
                             none, or closed) and the one before it (NULL: it
                             is the head); what FR-FCFS looks for */
  bool is_open;
  uint64_t act_ok, col_ok, wcol_ok, pre_ok; /* DRAM cycles */
} mem_bank;

typedef struct mem_chan {
  mem_bank *banks;
  uint64_t *queued;       /* banks with requests, a bit each (words of 64) */
  uint64_t *grp_col_ok;
  uint32_t n_queued, first_sub, rr;
  uint32_t n_ret;         /* read data waiting for L2 (-gpgpu_dram_return_queue_size) */
  uint64_t rrd_ok, col_ok, rd_ok, wr_ok, bus_free, seq;
  uint64_t n_reads, n_writes, n_row_hits, n_acts, n_busy;
  /* The FR-FCFS scheduler cannot issue a command before this DRAM cycle
   * (0: unknown): computed when a scheduling pass issued nothing, from
   * the timing constraints of the queue as it is; cleared when the queue
   * or the return queue changes (mem_dram.c, mem_l2.c). */
  uint64_t idle_until;
} mem_chan;

/* One memory sub-partition: ROP, L2 slice, queues to and from DRAM. */
typedef struct mem_sub {
  mem_cache l2;           /* l2.missq: requests leaving for DRAM */
  mem_ring lat;           /* the -dram_latency pipeline to DRAM */
  mem_ring rop;           /* from the interconnect, ready after the ROP latency */
  mem_ring resp;          /* replies to the interconnect */
  mem_ring ret;           /* DRAM data back */
  mem_req *done_head, *done_tail; /* MSHR waiters whose data is back */
  uint32_t chan, n_inbound; /* requests injected for here, not yet taken */
  uint64_t n_atomics;
} mem_sub;

enum { MEM_DOM_CORE, MEM_DOM_ICNT, MEM_DOM_L2, MEM_DOM_DRAM, MEM_N_DOMAINS };

struct mem_sys {
  mem_params p;
  uint32_t n_sms, n_subs, n_sub_log2, line_bytes;
  mem_done_fn done;
  void *done_ctx;

  /* Clocks. */
  mem_time period[MEM_N_DOMAINS], next[MEM_N_DOMAINS];
  uint64_t now;           /* last core cycle given to mem_sys_cycle */
  mem_time rop_ticks;     /* ROP latency in time units */
  mem_time dram_lat;      /* -dram_latency in time units */
  bool is_active;         /* something happened in the last round */

  /* Units. */
  mem_smu *sms;
  mem_sub *subs;
  mem_chan *chans;
  mem_time *req_src_free, *req_dst_free, *rep_src_free, *rep_dst_free;
  uint32_t inbound_limit, icnt_rr;

  /* Address map. */
  mem_bits bits_bank, bits_row, bits_chan, bits_part;
  uint64_t chan_low_mask; /* dramid@N: bits below N */
  bool is_chan_mod;       /* dramid@N with a channel count not a power of two */
  uint32_t n_chan_bits, chan_at;
  uint64_t bank_mask;     /* banks - 1 for a power-of-two count (no division); 0 */

  /* DRAM derived timing (DRAM cycles). */
  uint32_t burst_cycles, atom_bytes, tRTW, tWTR, tWTP, tRCDWR, tRTP, bank_grp_shift;

  /* Pools. */
  mem_pool pool;
  uint64_t n_live_req, n_live_inst, inst_seq;
  bool has_sm_phases;     /* each SM its own pool (mem_sys_set_sm_phases) */
  bool in_sm_phase;       /* between mem_sys_sm_phase_begin and _end */

  /* Completions: binary heap ordered by (done, seq). */
  mem_inst **heap;
  uint32_t n_heap, heap_cap;

  /* Counters kept outside the units. */
  uint64_t n_req_flits, n_rep_flits;
};

/* mem_sys.c */
/* Runs every clock domain up to core cycle now (no callbacks). */
void mem_sys_advance(mem_sys *s, uint64_t now);
/* An instruction of SM sm, from the SM's pool. */
mem_inst *mem_inst_new(mem_sys *s, uint32_t sm);
/* From pool p (an SM's u->pool on the SM's side, &s->pool elsewhere). */
mem_req *mem_req_new(mem_sys *s, mem_pool *p);
void mem_req_free(mem_sys *s, mem_req *q);
/* One access of inst is done at core cycle `cycle`. */
void mem_inst_access_done(mem_sys *s, mem_inst *in, uint64_t cycle);
/* The instruction's accesses were all sent; it completes at `cycle` or
 * when its last access is back, whichever is later. */
void mem_inst_sent(mem_sys *s, mem_inst *in, uint64_t cycle);
static inline mem_time mem_tick_at_or_after(mem_time t, mem_time period)
{
  return (t + period - 1) / period * period;
}

/* mem_coalesce.c */
uint32_t mem_coalesce(const mem_warp_access *a, uint32_t line_bytes, mem_acc *out);
uint32_t mem_const_accesses(const mem_warp_access *a, uint32_t line_bytes, mem_acc *out);
uint32_t mem_shmem_degree(const mem_warp_access *a, uint32_t n_banks, uint32_t parts,
                          bool is_limited_broadcast);

/* mem_sm.c */
void mem_sm_tick(mem_sys *s, uint32_t sm, uint64_t cycle, mem_time t);
bool mem_sm_access(mem_sys *s, mem_smu *u, const mem_acc *acc, uint64_t cycle);
mem_time mem_sm_next_work(const mem_sys *s, const mem_smu *u);

/* mem_icnt.c */
uint32_t mem_flits(const mem_sys *s, const mem_req *q);
void mem_icnt_tick(mem_sys *s, mem_time t);
mem_time mem_icnt_next_work(const mem_sys *s);

/* mem_l2.c */
void mem_l2_tick(mem_sys *s, uint32_t sub, mem_time t);
mem_time mem_l2_next_work(const mem_sys *s, const mem_sub *u);
/* Puts a request for DRAM (fetch, forwarded write, writeback) in sub's queue. */
void mem_l2_to_dram(mem_sys *s, mem_sub *u, mem_req *q, mem_time t);

/* mem_dram.c */
int mem_addr_init(mem_sys *s, char *err, size_t errlen) PTX_MUST_CHECK;
void mem_addr_decode(const mem_sys *s, uint64_t addr, mem_dram_addr *out);
int mem_dram_init(mem_sys *s, char *err, size_t errlen) PTX_MUST_CHECK;
void mem_dram_free(mem_sys *s);
void mem_dram_tick(mem_sys *s, uint32_t chan, mem_time t);
mem_time mem_dram_next_work(const mem_sys *s, const mem_chan *c);

#endif /* PTXSIM_MEMSYS_MEM_INT_H */
