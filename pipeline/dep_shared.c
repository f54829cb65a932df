/* dep_shared.c -- 002b §A.3's many-thread-aware scoreboard
 * (-ptxsim_scoreboard shared; the interface is sm_dep.h): one structure
 * of E = -ptxsim_scoreboard_entries entries per SM, shared by all its
 * warps, that lets a warp go on issuing independent instructions behind a
 * long-latency one and stall only at the first use of its result
 * (stall-on-use), while each warp's results commit to the register file
 * in program order (precise state).
 *
 * An entry: the warp slot and the registers the instruction writes (the
 * tag: physical registers are unique per warp), one NM bit per register
 * (set: the youngest definition, the one a use matches), the lanes that
 * executed it (its active mask), the cycle its result can be read (the
 * bypass stage with -ptxsim_bypass 1, else write-back; memory: the cycle
 * release() names), its write-back (completion) and commit cycles, and
 * the link to the warp's next younger entry.  Per warp: head and tail of
 * that list (in_board: it is not empty) and the store entry it holds, if
 * any (in_store).
 *
 * Which instructions take an entry: those that write a register, and
 * every memory instruction (a store has no register, but its commit ends
 * in_store; a drain must wait for any memory access).  Branches,
 * barriers, exits and the like take none: they have no result to order.
 * An instruction writing several registers (vector loads, wide
 * arithmetic, mma) takes one entry whose tag names them all, as if the
 * hardware tag held a base register and a count; each register keeps its
 * own NM bit (past 64 registers, always set).
 *
 * may_issue (the seed's ready(); each check in this order):
 *   - a solo instruction in flight: wait until its result can be read,
 *     as the baseline's one instruction in flight (RAW_ALU / RAW_MEM);
 *   - a drain (membar, fence, call, ret, cp.async waits): wait until the
 *     warp holds no entry (RAW_ALU / RAW_MEM);
 *   - a memory write (st, atom, red) must be the warp's oldest: wait until
 *     the warp holds no entry; a memory read (ld, atom) waits while the
 *     warp holds a store (STORE_ORDER).  Texture instructions are not
 *     ordered with stores (read-only data);
 *   - RAW: a register t reads matches an entry (NM set) whose result is
 *     not readable yet: wait until it is (RAW_ALU; RAW_MEM for memory);
 *   - WAW under divergence: a register t writes matches an entry (NM set)
 *     whose lanes are not all among t's lanes (the lanes that will execute
 *     t, its guard applied, as may_issue is told): wait until that entry
 *     commits (WAW).  With a superset mask the new definition simply
 *     clears the older one's NM bit at reserve;
 *   - no free entry, for an instruction that takes one: if the warp holds
 *     none it issues solo (no entry; the warp then waits for it, above),
 *     else it waits for the first entry to free (SCOREBOARD_FULL).
 * The unit ignores -ptxsim_max_inflight_per_warp: its rules replace the
 * baseline's one instruction in flight.
 *
 * Commit: an entry commits at max(its write-back, the commit of the
 * warp's previous entry + 1): in program order, at most one per warp and
 * cycle (the seed's commit(w) runs every cycle for every warp), as soon
 * as the cycle it completes; the SM has no limit across warps (the seed
 * leaves commit bandwidth open).  An entry is free from its commit cycle
 * on.  The functional core has already executed every issued instruction
 * (values are not held in the scoreboard), so commit only orders the
 * timing; that each warp's entries commit in allocation order is checked
 * (an assertion, and order_errors in the test probe).  Commit cycles are
 * known once the warp's older entries are known (a memory one: at its
 * release), and entries are freed lazily: each call first commits, in
 * cycle order, everything due by its cycle, counting the occupancy
 * histogram (cycles the SM's scoreboard held k entries) as it goes;
 * finish() closes it at the launch's last cycle, so that it sums to the
 * launch's cycles for every SM.
 *
 * Waking: every wait is for the warp's own entries (which its own memory
 * releases wake) except a full scoreboard: its retry is the first known
 * commit of any entry, and when only memory can free one (SM_NEVER) the
 * warp is remembered; a release() that makes a commit cycle known names
 * those warps to wake.  An entry of a warp slot that is reset (a new warp
 * takes it: all its memory has been released, so every commit cycle is
 * known) stays until that cycle, matching nothing.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "memsys/mem_timing.h"
#include "pipeline/dep_shared.h"

enum {
  SH_MAX_ENTRIES = 64,  /* -ptxsim_scoreboard_entries' limit: free mask bits */
  SH_NIL = 0xff,        /* no entry; an entry of no warp (its slot was reset) */
  SH_NM_BITS = 64       /* registers of an entry with an NM bit of their own */
};

typedef struct sh_entry {
  const uint32_t *defs;       /* the registers it writes (the tm_insn's) */
  uint64_t nm;                /* bit i: defs[i] is the youngest definition */
  uint64_t ready;             /* a use may read it (SM_NEVER: memory) */
  uint64_t wb;                /* complete (SM_NEVER: until release()) */
  uint64_t commit;            /* commit cycle (SM_NEVER: not known yet) */
  uint64_t seq;               /* its warp's allocation number */
  uint32_t active;            /* lanes that executed it */
  uint32_t mem_id;            /* memory instructions: what release() names */
  uint8_t slot;               /* its warp slot; SH_NIL: slot reset */
  uint8_t next;               /* the warp's next younger entry */
  uint8_t n_defs;
  bool is_mem, is_store;
} sh_entry;

typedef struct sh_warp {
  uint8_t head, tail;         /* oldest and youngest entry (n > 0) */
  uint8_t store;              /* its store entry (in_store), SH_NIL */
  uint8_t n;                  /* entries held (in_board: n > 0) */
  bool is_solo;               /* an instruction issued without an entry */
  uint32_t solo_mem;          /* its memory id */
  uint64_t solo_ready;        /* its result can be read (SM_NEVER: memory) */
  uint64_t last_commit;       /* commit cycle of its latest committed entry */
  uint64_t n_alloc, n_commit; /* entries allocated and committed, ever */
} sh_warp;

typedef struct sm_dep_shared {
  uint32_t n_entries, n_slots;
  uint64_t free_mask;         /* bit i < n_entries: entries[i] is free */
  uint32_t n_used;
  uint64_t next_commit;       /* earliest commit among held entries */
  uint64_t clock;             /* the histogram has counted cycles < clock */
  uint64_t full_waiters;      /* slots told SCOREBOARD_FULL, to wake */
  uint64_t all_mask;          /* bit i for each entry */
  uint64_t order_errors;
  bool is_bypass;             /* count reads through the bypass */
  sm_ilp_stats *ilp;
  sm_ilp_stats own_stats;     /* when create() had none */
  sh_entry entries[SH_MAX_ENTRIES];
  sh_warp warps[];
} sm_dep_shared;

static inline uint64_t sh_max(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}
static inline uint64_t sh_min(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}
static inline uint64_t sh_bit(uint32_t i)
{
  return UINT64_C(1) << i;
}

static inline bool sh_takes_entry(const tm_insn *t)
{
  return t->n_defs > 0 || t->kind == TM_KIND_MEM;
}
static inline bool sh_is_store(const tm_insn *t)
{
  return t->kind == TM_KIND_MEM && t->mem_kind != MEM_LOAD;
}
static inline bool sh_is_load(const tm_insn *t)
{
  return t->kind == TM_KIND_MEM && (t->mem_kind == MEM_LOAD || t->mem_kind == MEM_ATOMIC);
}

/* A wait on results: on memory when only memory can end it. */
static inline sm_wait sh_raw(uint64_t retry)
{
  return (sm_wait){retry == SM_NEVER ? SM_CAUSE_RAW_MEM : SM_CAUSE_RAW_ALU, retry};
}

/* The commit cycle of w's youngest entry, or of its last committed one. */
static inline uint64_t sh_tail_commit(const sm_dep_shared *s, const sh_warp *w)
{
  return w->n ? s->entries[w->tail].commit : w->last_commit;
}

/* Whether register r is one of e's with its NM bit set. */
static inline bool sh_matches(const sh_entry *e, uint32_t r)
{
  for (uint32_t i = 0; i < e->n_defs; i++)
    if (e->defs[i] == r && (i >= SH_NM_BITS || (e->nm >> i & 1)))
      return true;
  return false;
}

/* Whether t reads a register e defines (NM set). */
static inline bool sh_reads(const sh_entry *e, const tm_insn *t)
{
  const uint32_t *uses = t->regs + t->n_defs;
  for (uint32_t j = 0; j < t->n_uses; j++)
    if (sh_matches(e, uses[j]))
      return true;
  return false;
}

/* Whether t writes a register e defines (NM set). */
static inline bool sh_writes(const sh_entry *e, const tm_insn *t)
{
  for (uint32_t j = 0; j < t->n_defs; j++)
    if (sh_matches(e, t->regs[j]))
      return true;
  return false;
}

#define SH_FOR_EACH(s, w, i, e)                                                   \
  for (uint32_t i = (w)->n ? (w)->head : SH_NIL; i != SH_NIL; i = (s)->entries[i].next) \
    for (sh_entry *e = &(s)->entries[i]; e; e = NULL)

/* ---- commit ----------------------------------------------------------------- */

/* Counts the cycles from the histogram's clock to c with the entries held
 * now. */
static inline void sh_count_to(sm_dep_shared *s, uint64_t c)
{
  if (c > s->clock) {
    s->ilp->sb_occupancy[sh_min(s->n_used, SM_SB_HIST - 1)] += c - s->clock;
    s->clock = c;
  }
}

/* Commits entry i (due now): the oldest of its warp. */
static void sh_commit(sm_dep_shared *s, uint32_t i)
{
  sh_entry *e = &s->entries[i];
  if (e->slot != SH_NIL) {
    sh_warp *w = &s->warps[e->slot];
    /* The earliest commit among all entries is always a warp's oldest:
     * commit cycles grow along each warp's list. */
    bool is_in_order = w->head == i && e->seq == w->n_commit;
    assert(is_in_order);
    if (PTX_LIKELY(w->head == i)) {
      w->head = e->next;
    } else { /* keep the list whole */
      uint32_t p = w->head;
      while (s->entries[p].next != i)
        p = s->entries[p].next;
      s->entries[p].next = e->next;
      if (w->tail == i)
        w->tail = (uint8_t)p;
    }
    s->order_errors += !is_in_order;
    w->n--;
    if (w->store == i)
      w->store = SH_NIL;
    w->n_commit++;
    w->last_commit = e->commit;
  }
  s->free_mask |= sh_bit(i);
  s->n_used--;
  s->ilp->sb_commits++;
}

/* Commits, in cycle order, every entry due by now and counts the
 * histogram up to now. */
static void sh_advance(sm_dep_shared *s, uint64_t now)
{
  while (s->next_commit <= now) {
    uint64_t held = ~s->free_mask & s->all_mask, first = SM_NEVER;
    uint32_t at = 0;
    while (held) {
      uint32_t i = (uint32_t)__builtin_ctzll(held);
      held &= held - 1;
      if (s->entries[i].commit < first)
        first = s->entries[i].commit, at = i;
    }
    s->next_commit = first;
    if (first > now)
      break;
    /* A commit cycle that became known late (a release in the past)
     * counts from the clock. */
    sh_count_to(s, first);
    sh_commit(s, at);
  }
  sh_count_to(s, now);
}

/* Sets the commit cycles of w's entries from its last commit on, as far as
 * they are known; returns whether one became known. */
static bool sh_chain_commits(sm_dep_shared *s, sh_warp *w)
{
  uint64_t prev = w->last_commit;
  bool is_new = false;
  SH_FOR_EACH(s, w, i, e)
  {
    uint64_t c = prev == SM_NEVER || e->wb == SM_NEVER ? SM_NEVER : sh_max(e->wb, prev + 1);
    is_new |= c != e->commit;
    e->commit = c;
    s->next_commit = sh_min(s->next_commit, c);
    prev = c;
  }
  return is_new;
}

/* ---- the interface ------------------------------------------------------------ */

static void *sh_create(const sm_params *p, const tm_kernel *k, sm_stats *st)
{
  (void)k; /* registers are compared, never indexed */
  sm_dep_shared *s = calloc(1, sizeof *s + p->n_warp_slots * sizeof s->warps[0]);
  if (!s)
    return NULL;
  uint32_t n = p->scoreboard_entries ? p->scoreboard_entries : 8;
  s->n_entries = n < SH_MAX_ENTRIES ? n : SH_MAX_ENTRIES;
  s->n_slots = p->n_warp_slots;
  s->all_mask = s->n_entries == 64 ? UINT64_MAX : sh_bit(s->n_entries) - 1;
  s->free_mask = s->all_mask;
  s->next_commit = SM_NEVER;
  s->ilp = st ? &st->ilp : &s->own_stats;
  s->is_bypass = p->is_bypass;
  for (uint32_t slot = 0; slot < s->n_slots; slot++)
    s->warps[slot] = (sh_warp){.head = SH_NIL, .tail = SH_NIL, .store = SH_NIL};
  return s;
}

static void sh_destroy(void *self)
{
  free(self);
}

static void sh_warp_reset(void *self, uint32_t slot)
{
  sm_dep_shared *s = self;
  sh_warp *w = &s->warps[slot];
  /* The old warp's entries stay until they commit, as nobody's. */
  SH_FOR_EACH(s, w, i, e)
  {
    e->slot = SH_NIL;
    if (e->commit == SM_NEVER) /* memory not back: cannot happen in the SM */
      e->commit = s->clock;
    s->next_commit = sh_min(s->next_commit, e->commit);
  }
  *w = (sh_warp){.head = SH_NIL, .tail = SH_NIL, .store = SH_NIL};
  s->full_waiters &= ~sh_bit(slot);
}

static bool sh_may_issue(void *self, uint32_t slot, const tm_insn *t, uint32_t exec_mask,
                         uint64_t now, sm_wait *why)
{
  sm_dep_shared *s = self;
  sh_advance(s, now);
  sh_warp *w = &s->warps[slot];
  s->full_waiters &= ~sh_bit(slot);
  if (w->is_solo) {
    if (w->solo_ready > now) {
      *why = sh_raw(w->solo_ready);
      return false;
    }
    w->is_solo = false;
  }
  if (w->n) {
    if (t->is_drain) {
      *why = sh_raw(sh_tail_commit(s, w));
      return false;
    }
    if (sh_is_store(t)) {
      *why = (sm_wait){SM_CAUSE_STORE_ORDER, sh_tail_commit(s, w)};
      return false;
    }
    if (w->store != SH_NIL && sh_is_load(t)) {
      *why = (sm_wait){SM_CAUSE_STORE_ORDER, s->entries[w->store].commit};
      return false;
    }
    uint64_t ready = 0;
    SH_FOR_EACH(s, w, i, e)
    {
      if (e->ready > now && sh_reads(e, t))
        ready = sh_max(ready, e->ready);
    }
    if (ready > now) {
      *why = sh_raw(ready);
      return false;
    }
    uint64_t committed = 0;
    SH_FOR_EACH(s, w, i, e)
    {
      if ((e->active & ~exec_mask) && sh_writes(e, t))
        committed = sh_max(committed, e->commit);
    }
    if (committed) {
      *why = (sm_wait){SM_CAUSE_WAW, committed};
      return false;
    }
    if (!s->free_mask && sh_takes_entry(t)) {
      /* Woken at the first known commit, or earlier by a release() that
       * makes one known. */
      *why = (sm_wait){SM_CAUSE_SCOREBOARD_FULL, s->next_commit};
      s->full_waiters |= sh_bit(slot);
      return false;
    }
  }
  return true;
}

/* Counts t's reads at now through the bypass: of a result past its
 * bypass stage but not written back. */
static void sh_count_bypass(sm_dep_shared *s, const sh_warp *w, const tm_insn *t, uint64_t now)
{
  uint64_t latest_wb = 0;
  SH_FOR_EACH(s, w, i, e)
  {
    if (e->ready <= now && e->wb > now && sh_reads(e, t))
      latest_wb = sh_max(latest_wb, e->wb);
  }
  if (latest_wb) {
    s->ilp->bypass_uses++;
    s->ilp->bypass_cycles_saved += latest_wb - now;
  }
}

static void sh_reserve(void *self, uint32_t slot, const sm_dep_issue *is)
{
  sm_dep_shared *s = self;
  const tm_insn *t = is->t;
  sh_advance(s, is->now);
  sh_warp *w = &s->warps[slot];
  if (s->is_bypass && w->n)
    sh_count_bypass(s, w, t, is->now);
  if (!sh_takes_entry(t))
    return;
  if (!s->free_mask) {
    /* Solo issue (may_issue let it through: the warp holds nothing). */
    w->is_solo = true;
    w->solo_ready = is->forward;
    w->solo_mem = is->mem_id;
    s->ilp->sb_solo_issues++;
    return;
  }
  /* WAW: the new definition hides the older ones. */
  for (uint32_t j = 0; j < t->n_defs; j++)
    SH_FOR_EACH(s, w, i, e)
    {
      for (uint32_t k = 0; k < e->n_defs && k < SH_NM_BITS; k++)
        if (e->defs[k] == t->regs[j] && (e->nm >> k & 1)) {
          e->nm &= ~sh_bit(k);
          s->ilp->sb_nm_invalidations++;
        }
    }
  uint32_t i = (uint32_t)__builtin_ctzll(s->free_mask);
  uint64_t prev = sh_tail_commit(s, w);
  sh_entry *e = &s->entries[i];
  *e = (sh_entry){
    .defs = t->regs,
    .nm = t->n_defs >= SH_NM_BITS ? UINT64_MAX : sh_bit(t->n_defs) - 1,
    .ready = is->forward,
    .wb = is->writeback,
    .commit = prev == SM_NEVER || is->writeback == SM_NEVER ? SM_NEVER
                                                            : sh_max(is->writeback, prev + 1),
    .seq = w->n_alloc++,
    .active = is->exec_mask,
    .mem_id = is->mem_id,
    .slot = (uint8_t)slot,
    .next = SH_NIL,
    .n_defs = t->n_defs,
    .is_mem = t->kind == TM_KIND_MEM,
    .is_store = sh_is_store(t),
  };
  s->free_mask &= ~sh_bit(i);
  s->n_used++;
  if (w->n)
    s->entries[w->tail].next = (uint8_t)i;
  else
    w->head = (uint8_t)i;
  w->tail = (uint8_t)i;
  w->n++;
  if (e->is_store)
    w->store = (uint8_t)i;
  if (w->n > s->ilp->sb_max_inflight)
    s->ilp->sb_max_inflight = w->n;
  s->next_commit = sh_min(s->next_commit, e->commit);
}

static uint64_t sh_release(void *self, uint32_t slot, uint32_t mem_id, uint64_t cycle)
{
  sm_dep_shared *s = self;
  sh_warp *w = &s->warps[slot];
  if (w->is_solo && w->solo_ready == SM_NEVER && w->solo_mem == mem_id) {
    w->solo_ready = cycle;
    return 0;
  }
  bool is_found = false;
  SH_FOR_EACH(s, w, i, e)
  {
    if (!is_found && e->is_mem && e->wb == SM_NEVER && e->mem_id == mem_id) {
      e->ready = e->wb = cycle;
      is_found = true;
    }
  }
  if (!is_found || !sh_chain_commits(s, w))
    return 0;
  /* An entry's commit became known: warps waiting for a free one retry. */
  uint64_t wake = s->full_waiters & ~sh_bit(slot);
  s->full_waiters &= sh_bit(slot);
  return wake;
}

static bool sh_has_pending(const void *self, uint32_t slot)
{
  const sm_dep_shared *s = self;
  const sh_warp *w = &s->warps[slot];
  return w->n > 0 || (w->is_solo && w->solo_ready > s->clock);
}

static void sh_finish(void *self, uint64_t end)
{
  sh_advance(self, end);
}

void sm_dep_shared_get_probe(const void *self, uint32_t slot, sm_dep_shared_probe *out)
{
  const sm_dep_shared *s = self;
  const sh_warp *w = &s->warps[slot];
  *out = (sm_dep_shared_probe){.n_used = s->n_used,
                               .n_warp = w->n,
                               .n_allocated = w->n_alloc,
                               .n_committed = w->n_commit,
                               .order_errors = s->order_errors,
                               .clock = s->clock};
}

const sm_dep_ops sm_dep_shared_ops = {
  .name = "shared",
  .doc = "one scoreboard per SM shared by its warps: stall on use, in-order commit "
         "(002b §A.3)",
  .create = sh_create,
  .destroy = sh_destroy,
  .warp_reset = sh_warp_reset,
  .may_issue = sh_may_issue,
  .reserve = sh_reserve,
  .release = sh_release,
  .has_pending = sh_has_pending,
  .finish = sh_finish,
};
