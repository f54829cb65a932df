/* mem_icnt.c -- the interconnect: a request network from the SMs to the
 * memory sub-partitions and a reply network back, each with one injection
 * port per source and one ejection port per destination.
 *
 * A port moves icnt_flit_bytes per interconnect cycle.  A packet is an
 * 8-byte header plus its data (writes and atomics towards memory, read
 * data and atomic results back), so it has F = ceil(bytes / flit) flits.
 * A packet injected at interconnect tick i occupies its source port for F
 * ticks; its first flit reaches the destination port icnt_latency ticks
 * later, or when that port has finished the packets before it, and its
 * last flit is there F - 1 ticks after that.  Unloaded, a packet is
 * delivered (icnt_latency + F - 1) interconnect cycles after injection.
 * No routers are modelled (a crossbar with fixed latency); GPGPU-Sim's
 * write acknowledgements are not sent.
 */
#include "config.h"

#include "memsys/mem_int.h"

uint32_t mem_flits(const mem_sys *s, const mem_req *q)
{
  uint32_t bytes = MEM_HEADER_BYTES;
  if (q->is_reply ? q->type == MEM_RQ_READ || q->type == MEM_RQ_ATOMIC : q->type != MEM_RQ_READ)
    bytes += q->bytes;
  return (bytes + s->p.icnt_flit_bytes - 1) / s->p.icnt_flit_bytes;
}

/* Moves q from a source port to a destination port at tick t; returns
 * when its last flit is at the destination. */
static mem_time mem_icnt_send(mem_sys *s, mem_time *src_free, mem_time *dst_free, uint32_t flits,
                              mem_time t)
{
  mem_time per = s->period[MEM_DOM_ICNT];
  mem_time head = t + (mem_time)s->p.icnt_latency * per;
  mem_time eject = head > *dst_free ? head : *dst_free;
  *src_free = t + flits * per;
  *dst_free = eject + flits * per;
  return eject + (flits - 1) * per;
}

/* The SM's next request ready at t: L1D's or L1C's queue, older first. */
static mem_cache *mem_icnt_pick(mem_smu *u, mem_time t)
{
  mem_req *a = mem_ring_head(&u->l1d.missq), *b = mem_ring_head(&u->l1c.missq);
  if (a && a->ready > t)
    a = NULL;
  if (b && b->ready > t)
    b = NULL;
  if (a && (!b || a->ready <= b->ready))
    return &u->l1d;
  return b ? &u->l1c : NULL;
}

void mem_icnt_tick(mem_sys *s, mem_time t)
{
  uint32_t rr = s->icnt_rr++;
  for (uint32_t k = 0; k < s->n_sms; k++) {
    uint32_t i = (k + rr) % s->n_sms;
    if (s->req_src_free[i] > t)
      continue;
    mem_smu *u = &s->sms[i];
    mem_cache *c = mem_icnt_pick(u, t);
    if (!c)
      continue;
    s->is_active = true;
    mem_req *q = mem_ring_head(&c->missq);
    mem_sub *d = &s->subs[q->sub];
    if (d->n_inbound >= s->inbound_limit)
      continue;
    mem_ring_pop(&c->missq);
    uint32_t f = mem_flits(s, q);
    s->n_req_flits += f;
    q->ready = mem_icnt_send(s, &s->req_src_free[i], &s->req_dst_free[q->sub], f, t) +
               s->rop_ticks;
    d->n_inbound++;
    mem_ring_push(&d->rop, q);
  }
  for (uint32_t k = 0; k < s->n_subs; k++) {
    uint32_t j = (k + rr) % s->n_subs;
    mem_req *q = mem_ring_head(&s->subs[j].resp);
    if (!q || q->ready > t || s->rep_src_free[j] > t)
      continue;
    s->is_active = true;
    mem_ring_pop(&s->subs[j].resp);
    uint32_t f = mem_flits(s, q);
    s->n_rep_flits += f;
    q->ready = mem_icnt_send(s, &s->rep_src_free[j], &s->rep_dst_free[q->sm], f, t);
    mem_ring_push(&s->sms[q->sm].reply, q);
  }
}

mem_time mem_icnt_next_work(const mem_sys *s)
{
  mem_time w = MEM_TIME_NEVER;
  for (uint32_t i = 0; i < s->n_sms; i++) {
    const mem_req *a = mem_ring_head(&s->sms[i].l1d.missq), *b = mem_ring_head(&s->sms[i].l1c.missq);
    mem_time r = a ? a->ready : MEM_TIME_NEVER;
    if (b && b->ready < r)
      r = b->ready;
    if (r == MEM_TIME_NEVER)
      continue;
    if (s->req_src_free[i] > r)
      r = s->req_src_free[i];
    if (r < w)
      w = r;
  }
  for (uint32_t j = 0; j < s->n_subs; j++) {
    const mem_req *q = mem_ring_head(&s->subs[j].resp);
    if (!q)
      continue;
    mem_time r = q->ready > s->rep_src_free[j] ? q->ready : s->rep_src_free[j];
    if (r < w)
      w = r;
  }
  return w;
}
