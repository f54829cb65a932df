/* mem_sm.c -- each SM's LD/ST pipeline and its L1 caches: the instruction
 * handed over by mem_sm_issue() is processed one access per core cycle
 * (the first in the cycle of issue); shared memory costs its bank-conflict
 * degree; global and local accesses go through the L1 data cache, constant
 * and parameter loads through the constant cache; fills coming back from
 * the interconnect complete the waiting accesses.
 *
 * L1 policies (GPGPU-Sim's letters):
 *   loads: hit -> done after the hit latency; a miss takes an MSHR (or
 *     merges into the line's pending one, up to max-merge) and sends one
 *     fetch of the missing sectors (the whole line for a non-sectored
 *     cache); allocation on miss reserves the line, on fill replaces at
 *     fill time; no MSHR, no queue slot or no replaceable line: the
 *     pipeline stalls and retries the next cycle;
 *   stores: B write-back (hit: dirty; miss per write-allocation policy:
 *     N send, W/F fetch the line unless the store covers it, L allocate
 *     without fetching), T write-through (hit updates, always sends), E
 *     and R send and invalidate; L means B for local and T for global;
 *   atomics and reductions bypass L1 and are performed at L2, and so do the
 *     loads and stores of an instruction with .cg (GPGPU-Sim's CACHE_GLOBAL
 *     bypasses L1D in ldst_unit::memory_cycle; its other cache operators,
 *     .ca .cs .lu .cv, time as .ca).
 * A dirty line that leaves L1 is written back to L2.
 */
#include "config.h"

#include <string.h>

#include "isa/isa_prog.h"
#include "memsys/mem_int.h"

static uint16_t mem_sector_bytes(uint8_t sectors)
{
  return (uint16_t)(ptx_popcount32(sectors) * MEM_SECTOR_BYTES);
}

/* Hands q to the interconnect through c's miss queue; it may leave the
 * cycle after `cycle`. */
static void mem_sm_send(mem_sys *s, mem_cache *c, mem_req *q, uint64_t cycle)
{
  mem_dram_addr d;
  mem_addr_decode(s, q->addr, &d);
  q->sub = (uint16_t)d.sub;
  q->ready = (cycle + 1) * s->period[MEM_DOM_CORE];
  q->is_reply = false;
  mem_ring_push(&c->missq, q);
}

static mem_req *mem_sm_req(mem_sys *s, uint32_t sm, uint8_t type, uint64_t addr, uint8_t sectors)
{
  mem_req *q = mem_req_new(s, s->sms[sm].pool);
  q->type = type;
  q->sm = sm;
  q->addr = addr;
  q->sectors = sectors;
  q->reply_to = MEM_TO_NONE;
  return q;
}

/* Writes back the dirty line l leaving c (the queue has room or slack). */
static void mem_sm_writeback(mem_sys *s, uint32_t sm, mem_cache *c, mem_line *l, uint64_t cycle)
{
  uint8_t sec = c->p.is_sectored ? l->dirty : c->all_sectors;
  mem_req *q = mem_sm_req(s, sm, MEM_RQ_WRITEBACK, l->addr, sec);
  q->full_sectors = sec;
  q->bytes = mem_sector_bytes(sec);
  c->n_writeback++;
  mem_sm_send(s, c, q, cycle);
}

/* A request that skips the cache: uncached load, atomic, or a store
 * sent on.  Needs a slot in L1D's miss queue. */
static bool mem_sm_direct(mem_sys *s, mem_smu *u, uint8_t type, const mem_acc *acc,
                          mem_inst *in, uint64_t cycle)
{
  if (mem_ring_full(&u->l1d.missq))
    return false;
  uint32_t sm = (uint32_t)(u - s->sms);
  mem_req *q = mem_sm_req(s, sm, type, acc->addr, acc->sectors);
  q->full_sectors = acc->full_sectors;
  q->is_local = acc->space == ISA_SPACE_LOCAL;
  q->bytes = type == MEM_RQ_READ ? mem_sector_bytes(acc->sectors) : acc->bytes;
  if (in) {
    q->inst = in;
    q->reply_to = MEM_TO_INST;
    in->pending++;
  }
  mem_sm_send(s, &u->l1d, q, cycle);
  return true;
}

/* A read (or, with in == NULL, a fetch-on-write) of acc through cache c.
 * Returns false when it must be retried. */
static bool mem_sm_read(mem_sys *s, mem_smu *u, mem_cache *c, const mem_acc *acc,
                        mem_inst *in, uint32_t hit_lat, uint64_t cycle)
{
  uint32_t sm = (uint32_t)(u - s->sms);
  uint8_t need = acc->sectors;
  mem_line *l;
  mem_probe pr = mem_cache_probe(c, acc->addr, acc->addr, need, &l);
  if (pr == MEM_HIT) {
    mem_cache_touch(c, l);
    c->n_access++;
    if (in && cycle + hit_lat > in->done)
      in->done = cycle + hit_lat;
    return true;
  }
  mem_miss p;
  if (!mem_cache_plan_miss(c, acc->addr, acc->addr, l, pr, need, &p))
    return false;
  if (p.is_wb)
    mem_sm_writeback(s, sm, c, p.victim, cycle);
  mem_mshr *m = mem_cache_take_miss(c, acc->addr, l, &p);
  mem_req *w = mem_sm_req(s, sm, in ? MEM_RQ_READ : MEM_RQ_WRITE, acc->addr, need);
  w->full_sectors = acc->full_sectors;
  w->inst = in;
  mem_mshr_add(m, w);
  if (in)
    in->pending++;
  if (p.fetch) {
    mem_req *f = mem_sm_req(s, sm, MEM_RQ_READ, acc->addr, p.fetch);
    f->reply_to = c == &u->l1c ? MEM_TO_L1C : MEM_TO_L1D;
    f->bytes = mem_sector_bytes(p.fetch);
    mem_sm_send(s, c, f, cycle);
  }
  return true;
}

static bool mem_sm_store(mem_sys *s, mem_smu *u, const mem_acc *acc, uint64_t cycle)
{
  mem_cache *c = &u->l1d;
  uint32_t sm = (uint32_t)(u - s->sms);
  if (!c->is_enabled)
    return mem_sm_direct(s, u, MEM_RQ_WRITE, acc, NULL, cycle);
  mem_write_policy wp = c->p.write_policy;
  if (wp == MEM_WRITE_LOCAL_WB_GLOBAL_WT)
    wp = acc->space == ISA_SPACE_LOCAL ? MEM_WRITE_BACK : MEM_WRITE_THROUGH;
  mem_line *l;
  (void)mem_cache_probe(c, acc->addr, acc->addr, acc->sectors, &l);
  switch (wp) {
  case MEM_WRITE_BACK:
    if (l) {
      l->dirty |= acc->sectors;
      l->valid |= acc->full_sectors;
      mem_cache_touch(c, l);
      c->n_access++;
      return true;
    }
    if (c->p.write_alloc == MEM_NO_WRITE_ALLOCATE)
      break;
    if (c->p.write_alloc != MEM_LAZY_FETCH_ON_READ &&
        acc->full_sectors != (c->p.is_sectored ? acc->sectors : c->all_sectors)) {
      if (!mem_sm_read(s, u, c, acc, NULL, 0, cycle))
        return false;
      return true;
    } else {
      /* Allocate without fetching: the store covers what it makes valid. */
      mem_line *v = mem_cache_victim(c, acc->addr, acc->addr);
      if (!v)
        return false;
      bool is_wb = v->is_live && v->dirty;
      if (is_wb && mem_ring_full(&c->missq))
        return false;
      if (is_wb)
        mem_sm_writeback(s, sm, c, v, cycle);
      mem_cache_install(c, v, acc->addr);
      v->dirty = acc->sectors;
      v->valid = acc->full_sectors;
      c->n_access++;
      c->n_miss++;
      return true;
    }
  case MEM_WRITE_THROUGH:
    if (!mem_sm_direct(s, u, MEM_RQ_WRITE, acc, NULL, cycle))
      return false;
    c->n_access++;
    if (l) {
      l->valid |= acc->full_sectors;
      mem_cache_touch(c, l);
    } else
      c->n_miss++;
    return true;
  case MEM_WRITE_EVICT:
  case MEM_WRITE_READ_ONLY:
  case MEM_WRITE_LOCAL_WB_GLOBAL_WT:
  default:
    if (!mem_sm_direct(s, u, MEM_RQ_WRITE, acc, NULL, cycle))
      return false;
    c->n_access++;
    if (l && !l->reserved) {
      if (l->dirty)
        mem_sm_writeback(s, sm, c, l, cycle); /* queue slack covers it */
      l->is_live = false;
    }
    return true;
  }
  if (!mem_sm_direct(s, u, MEM_RQ_WRITE, acc, NULL, cycle))
    return false;
  c->n_access++;
  c->n_miss++;
  return true;
}

bool mem_sm_access(mem_sys *s, mem_smu *u, const mem_acc *acc, uint64_t cycle)
{
  mem_inst *in = u->cur;
  if (acc->space == ISA_SPACE_CONST || acc->space == ISA_SPACE_PARAM) {
    if (u->l1c.is_enabled)
      return mem_sm_read(s, u, &u->l1c, acc, in, s->p.const_hit_latency, cycle);
    if (!mem_sm_direct(s, u, MEM_RQ_READ, acc, in, cycle))
      return false;
    u->l1c.n_access++;
    u->l1c.n_miss++;
    return true;
  }
  switch (u->kind) {
  case MEM_LOAD:
    if (!u->l1d.is_enabled || u->is_l1_bypass ||
        (s->p.l1d_bypass_global && acc->space != ISA_SPACE_LOCAL))
      return mem_sm_direct(s, u, MEM_RQ_READ, acc, in, cycle);
    return mem_sm_read(s, u, &u->l1d, acc, in, s->p.l1_hit_latency, cycle);
  case MEM_STORE:
    if (u->is_l1_bypass)
      return mem_sm_direct(s, u, MEM_RQ_WRITE, acc, NULL, cycle);
    return mem_sm_store(s, u, acc, cycle);
  case MEM_ATOMIC:
    return mem_sm_direct(s, u, MEM_RQ_ATOMIC, acc, in, cycle);
  case MEM_REDUCTION:
  default:
    return mem_sm_direct(s, u, MEM_RQ_ATOMIC, acc, NULL, cycle);
  }
}

/* Data for c's line q->addr is back: fill and complete its waiters. */
static void mem_sm_fill(mem_sys *s, mem_smu *u, mem_cache *c, mem_req *q, uint64_t cycle)
{
  uint32_t sm = (uint32_t)(u - s->sms);
  mem_mshr *m = mem_mshr_find(c, q->addr);
  mem_line *l;
  (void)mem_cache_probe(c, q->addr, q->addr, q->sectors, &l);
  if (l) {
    l->valid |= q->sectors;
    l->reserved &= (uint8_t)~q->sectors;
  } else if (c->is_enabled && (l = mem_cache_victim(c, q->addr, q->addr))) {
    if (l->is_live && l->dirty)
      mem_sm_writeback(s, sm, c, l, cycle);
    mem_cache_install(c, l, q->addr);
    l->valid = q->sectors;
  }
  uint8_t got = q->sectors;
  mem_req_free(s, q);
  if (!m)
    return;
  m->filled |= got;
  m->n_fetch--;
  uint8_t have = (uint8_t)(m->filled | (l ? l->valid : 0));
  mem_req *w;
  while ((w = mem_mshr_take_ready(m, have, false))) {
    if (w->inst)
      mem_inst_access_done(s, w->inst, cycle);
    else if (l) {
      l->dirty |= w->sectors; /* fetch-on-write */
      l->valid |= w->full_sectors;
    }
    mem_req_free(s, w);
  }
  if (!m->n_wait && !m->n_fetch)
    mem_mshr_release(c, m);
}

static void mem_sm_finish(mem_sys *s, mem_smu *u, uint64_t cycle)
{
  u->busy_until = cycle + 1;
  mem_inst *in = u->cur;
  u->cur = NULL;
  mem_inst_sent(s, in, cycle + 1);
}

/* Sends the current instruction's next access in `cycle` if it can;
 * returns whether it tried (what the clock loop calls activity: the SM's
 * side of an SM phase leaves s->is_active alone). */
static bool mem_sm_step(mem_sys *s, mem_smu *u, uint64_t cycle)
{
  if (!u->cur || u->last_access == cycle || cycle < u->start_at)
    return false;
  if (!mem_sm_access(s, u, &u->acc[u->next_acc], cycle)) {
    u->l1d.n_res_fail++;
    return true;
  }
  u->last_access = cycle;
  if (++u->next_acc == u->n_acc)
    mem_sm_finish(s, u, cycle);
  return true;
}

void mem_sm_tick(mem_sys *s, uint32_t sm, uint64_t cycle, mem_time t)
{
  mem_smu *u = &s->sms[sm];
  mem_req *q = mem_ring_head(&u->reply);
  if (q && q->ready <= t) {
    mem_ring_pop(&u->reply);
    s->is_active = true;
    if (q->reply_to == MEM_TO_L1D)
      mem_sm_fill(s, u, &u->l1d, q, cycle);
    else if (q->reply_to == MEM_TO_L1C)
      mem_sm_fill(s, u, &u->l1c, q, cycle);
    else {
      if (q->inst)
        mem_inst_access_done(s, q->inst, cycle);
      mem_req_free(s, q);
    }
  }
  if (mem_sm_step(s, u, cycle))
    s->is_active = true;
}

mem_time mem_sm_next_work(const mem_sys *s, const mem_smu *u)
{
  if (u->cur)
    return u->start_at > s->now ? u->start_at * s->period[MEM_DOM_CORE] : 0;
  const mem_req *q = mem_ring_head(&u->reply);
  mem_time w = q ? q->ready : MEM_TIME_NEVER;
  /* The pipeline becoming free is news for the caller. */
  if (u->busy_until > s->now && u->busy_until * s->period[MEM_DOM_CORE] < w)
    w = u->busy_until * s->period[MEM_DOM_CORE];
  return w;
}

bool mem_sm_can_issue(const mem_sys *s, uint32_t sm, uint64_t now)
{
  if (!s || sm >= s->n_sms)
    return false;
  const mem_smu *u = &s->sms[sm];
  return !u->cur && now >= u->busy_until;
}

void mem_sm_issue(mem_sys *s, uint32_t sm, const mem_warp_access *a, uint64_t now, uint64_t tag)
{
  mem_sm_issue_parts(s, sm, a, a ? 1 : 0, now, tag);
}

void mem_sm_issue_parts(mem_sys *s, uint32_t sm, const mem_warp_access *parts, uint32_t n_parts,
                        uint64_t now, uint64_t tag)
{
  if (!s || !parts || !n_parts || sm >= s->n_sms)
    return;
  mem_smu *u = &s->sms[sm];
  if (now < s->now)
    now = s->now;          /* time never goes back */
  mem_sys_advance(s, now); /* the hierarchy as of cycle now, whatever the caller's order */
  mem_inst *in = mem_inst_new(s, sm);
  in->tag = tag;
  if (PTX_UNLIKELY(u->cur)) {
    mem_inst_sent(s, in, now + 1); /* see mem_timing.h */
    return;
  }
  /* Shared parts: the bank-conflict degree n occupies the pipeline n
   * cycles, the data is back shmem_latency + n - 1 cycles after they
   * start. */
  uint64_t shared_busy = 0;
  uint32_t n_other = 0;
  for (uint32_t i = 0; i < n_parts; i++) {
    const mem_warp_access *a = &parts[i];
    if (a->space != ISA_SPACE_SHARED) {
      n_other++;
      continue;
    }
    uint32_t n = mem_shmem_degree(a, s->p.shmem_banks, s->p.shmem_warp_parts,
                                  s->p.shmem_limited_broadcast);
    uint32_t busy = n ? n : 1, lat = s->p.shmem_latency ? s->p.shmem_latency : 1;
    u->n_shmem++;
    u->n_shmem_conflict += busy - 1;
    if (now + shared_busy + lat + busy - 1 > in->done)
      in->done = now + shared_busy + lat + busy - 1;
    shared_busy += busy;
  }
  if (!n_other) {
    u->busy_until = now + shared_busy;
    mem_inst_sent(s, in, in->done);
    return;
  }
  /* The other parts' accesses follow, one per cycle, part after part.
   * Their lanes are disjoint and a lane touches at most two lines, so
   * together they fit in MEM_MAX_ACCESSES. */
  u->kind = parts[0].kind;
  u->is_l1_bypass = parts[0].is_l1_bypass;
  u->n_acc = 0;
  for (uint32_t i = 0; i < n_parts; i++) {
    const mem_warp_access *a = &parts[i];
    if (a->space == ISA_SPACE_SHARED)
      continue;
    uint32_t first = u->n_acc;
    if (a->space == ISA_SPACE_CONST || a->space == ISA_SPACE_PARAM)
      u->n_acc += mem_const_accesses(
          a, u->l1c.is_enabled ? u->l1c.p.line_bytes : s->line_bytes, u->acc + first);
    else
      u->n_acc += mem_coalesce(a, s->line_bytes, u->acc + first);
    for (uint32_t k = first; k < u->n_acc; k++)
      u->acc[k].space = a->space;
  }
  u->next_acc = 0;
  u->start_at = shared_busy ? now + shared_busy : 0;
  u->cur = in;
  if (u->n_acc == 0) {
    mem_sm_finish(s, u, now);
    return;
  }
  if (u->last_access != now)
    (void)mem_sm_step(s, u, now);
}
