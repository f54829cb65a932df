/* mem_l2.c -- a memory sub-partition: requests from the interconnect wait
 * out the ROP latency, then the L2 slice takes one per L2 cycle; misses go
 * to DRAM through the slice's miss queue, then a pipeline of the fixed
 * -dram_latency (as in GPGPU-Sim, before DRAM rather than after);
 * DRAM data fills the slice and answers the requests waiting in its MSHR,
 * one reply per L2 cycle.  Atomics are performed here: they need the line
 * (a miss fetches it) and leave it dirty.
 *
 * Unloaded timing, in the L2 clock: a request taken at tick l answers a
 * hit with a reply ready at l + 1; a miss leaves for DRAM at
 * l + 1 + dram_latency (core cycles); the fill is taken at the first L2
 * tick f at or after the DRAM data's end and the reply is ready at f + 1.
 * The data port (line / data_port_bytes cycles per line) bounds hits and
 * writes, the fill port bounds fills; neither adds latency when idle.
 *
 * Write policies as in mem_sm.c; the L2 of GPGPU-Sim's configurations is
 * write-back: stores and L1 writebacks make the line dirty (allocating
 * without a fetch when they cover it, fetching otherwise under W/F), and
 * a dirty line that leaves the slice is written to DRAM.
 */
#include "config.h"

#include "memsys/mem_int.h"

static uint16_t mem_l2_bytes(uint8_t sectors)
{
  return (uint16_t)(ptx_popcount32(sectors) * MEM_SECTOR_BYTES);
}

void mem_l2_to_dram(mem_sys *s, mem_sub *u, mem_req *q, mem_time t)
{
  mem_dram_addr d;
  mem_addr_decode(s, q->addr, &d);
  q->bank = (uint16_t)d.bank;
  q->row = d.row;
  q->bursts_left = (uint16_t)((q->bytes + s->atom_bytes - 1) / s->atom_bytes);
  if (!q->bursts_left)
    q->bursts_left = 1;
  q->is_started = q->is_activated = false;
  q->ready = t + s->period[MEM_DOM_L2];
  mem_ring_push(&u->l2.missq, q);
}

static void mem_l2_writeback(mem_sys *s, mem_sub *u, mem_line *l, mem_time t)
{
  mem_cache *c = &u->l2;
  mem_req *q = mem_req_new(s, &s->pool);
  q->type = MEM_RQ_WRITEBACK;
  q->addr = l->addr;
  q->sectors = q->full_sectors = c->p.is_sectored ? l->dirty : c->all_sectors;
  q->bytes = mem_l2_bytes(q->sectors);
  q->sub = (uint16_t)(u - s->subs);
  q->reply_to = MEM_TO_NONE;
  c->n_writeback++;
  mem_l2_to_dram(s, u, q, t);
}

/* Cycles of the data or fill port for `bytes`. */
static mem_time mem_l2_port(const mem_sys *s, const mem_cache *c, uint32_t bytes)
{
  uint32_t w = c->p.data_port_bytes ? c->p.data_port_bytes : c->p.line_bytes;
  if (!w)
    w = bytes ? bytes : 1;
  return (mem_time)((bytes + w - 1) / w) * s->period[MEM_DOM_L2];
}

/* q's data is in the slice: reply, or absorb what needs no reply. */
static void mem_l2_respond(mem_sys *s, mem_sub *u, mem_req *q, mem_time t)
{
  if (q->type == MEM_RQ_ATOMIC)
    u->n_atomics++;
  if (q->reply_to == MEM_TO_NONE) {
    mem_req_free(s, q);
    return;
  }
  q->is_reply = true;
  q->ready = t + s->period[MEM_DOM_L2];
  mem_ring_push(&u->resp, q);
}

/* Reads and atomics: hit, merge, or miss to DRAM.  False: retry. */
static bool mem_l2_read(mem_sys *s, mem_sub *u, mem_req *q, uint64_t line, uint64_t idx,
                        mem_time t)
{
  mem_cache *c = &u->l2;
  uint8_t need = q->l2_need;
  mem_line *l;
  mem_probe pr = mem_cache_probe(c, line, idx, need, &l);
  if (pr == MEM_HIT) {
    if ((q->reply_to != MEM_TO_NONE && mem_ring_full(&u->resp)) || c->data_port_free > t)
      return false;
    mem_cache_touch(c, l);
    c->n_access++;
    if (q->type == MEM_RQ_ATOMIC)
      l->dirty |= need;
    c->data_port_free = t + mem_l2_port(s, c, q->bytes);
    mem_l2_respond(s, u, q, t);
    return true;
  }
  mem_miss p;
  if (!mem_cache_plan_miss(c, line, idx, l, pr, need, &p))
    return false;
  if (p.is_wb)
    mem_l2_writeback(s, u, p.victim, t);
  mem_mshr *m = mem_cache_take_miss(c, line, l, &p);
  mem_mshr_add(m, q);
  if (p.fetch) {
    mem_req *f = mem_req_new(s, &s->pool);
    f->type = MEM_RQ_READ;
    f->addr = line;
    f->sectors = p.fetch;
    f->bytes = mem_l2_bytes(p.fetch);
    f->sub = (uint16_t)(u - s->subs);
    f->reply_to = MEM_TO_NONE;
    mem_l2_to_dram(s, u, f, t);
  }
  return true;
}

/* Stores and L1 writebacks.  False: retry. */
static bool mem_l2_write(mem_sys *s, mem_sub *u, mem_req *q, uint64_t line, uint64_t idx,
                         uint8_t full, mem_time t)
{
  mem_cache *c = &u->l2;
  uint8_t need = q->l2_need;
  mem_line *l;
  (void)mem_cache_probe(c, line, idx, need, &l);
  mem_write_policy wp = c->p.write_policy;
  if (wp == MEM_WRITE_LOCAL_WB_GLOBAL_WT)
    wp = q->is_local ? MEM_WRITE_BACK : MEM_WRITE_THROUGH;
  if (wp == MEM_WRITE_BACK && c->is_enabled) {
    if (l) {
      if (c->data_port_free > t)
        return false;
      l->dirty |= need;
      l->valid |= full;
      mem_cache_touch(c, l);
      c->n_access++;
      c->data_port_free = t + mem_l2_port(s, c, q->bytes);
      mem_req_free(s, q);
      return true;
    }
    if (c->p.write_alloc != MEM_NO_WRITE_ALLOCATE) {
      bool is_covered = full == (c->p.is_sectored ? need : c->all_sectors);
      if (c->p.write_alloc != MEM_LAZY_FETCH_ON_READ && !is_covered)
        return mem_l2_read(s, u, q, line, idx, t); /* fetch, then write at fill */
      mem_line *v = mem_cache_victim(c, line, idx);
      if (!v)
        return false;
      bool is_wb = v->is_live && v->dirty;
      if ((is_wb && mem_ring_full(&c->missq)) || c->data_port_free > t)
        return false;
      if (is_wb)
        mem_l2_writeback(s, u, v, t);
      mem_cache_install(c, v, line);
      v->dirty = need;
      v->valid = full;
      c->n_access++;
      c->n_miss++;
      c->data_port_free = t + mem_l2_port(s, c, q->bytes);
      mem_req_free(s, q);
      return true;
    }
  }
  /* Sent on to DRAM. */
  if (mem_ring_full(&c->missq))
    return false;
  c->n_access++;
  if (!l)
    c->n_miss++;
  else if (wp == MEM_WRITE_THROUGH) {
    l->valid |= full;
    mem_cache_touch(c, l);
  } else if (!l->reserved) {
    if (l->dirty)
      mem_l2_writeback(s, u, l, t);
    l->is_live = false;
  }
  q->type = MEM_RQ_WRITE;
  mem_l2_to_dram(s, u, q, t);
  return true;
}

static bool mem_l2_access(mem_sys *s, mem_sub *u, mem_req *q, mem_time t)
{
  mem_cache *c = &u->l2;
  uint64_t line = mem_cache_line(c, q->addr);
  uint32_t shift = (uint32_t)((q->addr - line) / MEM_SECTOR_BYTES);
  q->l2_need = (uint8_t)(q->sectors << shift);
  mem_dram_addr d;
  mem_addr_decode(s, line, &d);
  if (q->type == MEM_RQ_READ || q->type == MEM_RQ_ATOMIC)
    return mem_l2_read(s, u, q, line, d.part_addr, t);
  return mem_l2_write(s, u, q, line, d.part_addr, (uint8_t)(q->full_sectors << shift), t);
}

/* DRAM data for f->addr is back: fill, and queue the satisfied waiters. */
static void mem_l2_fill(mem_sys *s, mem_sub *u, mem_req *f, mem_time t)
{
  mem_cache *c = &u->l2;
  uint64_t line = f->addr;
  uint8_t got = f->sectors;
  mem_dram_addr d;
  mem_addr_decode(s, line, &d);
  mem_line *l;
  (void)mem_cache_probe(c, line, d.part_addr, got, &l);
  if (l) {
    l->valid |= got;
    l->reserved &= (uint8_t)~got;
  } else if (c->is_enabled && (l = mem_cache_victim(c, line, d.part_addr))) {
    if (l->is_live && l->dirty)
      mem_l2_writeback(s, u, l, t);
    mem_cache_install(c, l, line);
    l->valid = got;
  }
  c->fill_port_free = t + mem_l2_port(s, c, f->bytes);
  mem_req_free(s, f);
  mem_mshr *m = mem_mshr_find(c, line);
  if (!m)
    return;
  m->filled |= got;
  m->n_fetch--;
  uint8_t have = (uint8_t)(m->filled | (l ? l->valid : 0));
  mem_req *w;
  while ((w = mem_mshr_take_ready(m, have, true))) {
    if (w->type != MEM_RQ_READ && l) {
      l->dirty |= w->l2_need; /* writes and atomics */
      mem_cache_touch(c, l);
    }
    if (w->type == MEM_RQ_WRITE || w->type == MEM_RQ_WRITEBACK)
      mem_req_free(s, w);
    else {
      if (u->done_tail)
        u->done_tail->next = w;
      else
        u->done_head = w;
      u->done_tail = w;
    }
  }
  if (!m->n_wait && !m->n_fetch)
    mem_mshr_release(c, m);
}

void mem_l2_tick(mem_sys *s, uint32_t sub, mem_time t)
{
  mem_sub *u = &s->subs[sub];
  mem_req *q = mem_ring_head(&u->l2.missq);
  if (q && q->ready <= t) {
    /* Into the fixed-latency pipeline towards DRAM (not limited). */
    s->is_active = true;
    mem_ring_pop(&u->l2.missq);
    q->ready = t + s->dram_lat;
    mem_ring_push(&u->lat, q);
  }
  q = mem_ring_head(&u->ret);
  if (q && q->ready <= t) {
    s->is_active = true;
    if (u->l2.fill_port_free <= t) {
      s->chans[u->chan].n_ret--;
      s->chans[u->chan].idle_until = 0; /* a read may start again */
      mem_l2_fill(s, u, mem_ring_pop(&u->ret), t);
    }
  }
  if (u->done_head) {
    s->is_active = true;
    if (!mem_ring_full(&u->resp) || u->done_head->reply_to == MEM_TO_NONE) {
      q = u->done_head;
      u->done_head = q->next;
      if (!u->done_head)
        u->done_tail = NULL;
      mem_l2_respond(s, u, q, t);
    }
  }
  q = mem_ring_head(&u->rop);
  if (q && q->ready <= t) {
    s->is_active = true;
    if (mem_l2_access(s, u, q, t)) {
      mem_ring_pop(&u->rop);
      u->n_inbound--;
    }
  }
}

mem_time mem_l2_next_work(const mem_sys *s, const mem_sub *u)
{
  (void)s;
  if (u->done_head)
    return 0;
  mem_time w = MEM_TIME_NEVER;
  const mem_req *q = mem_ring_head(&u->ret);
  if (q)
    w = q->ready > u->l2.fill_port_free ? q->ready : u->l2.fill_port_free;
  if ((q = mem_ring_head(&u->rop)) && q->ready < w)
    w = q->ready;
  if ((q = mem_ring_head(&u->l2.missq)) && q->ready < w)
    w = q->ready;
  if ((q = mem_ring_head(&u->lat)) && q->ready < w)
    w = q->ready;
  return w;
}
