/* mem_sys.c -- the hierarchy as a whole: creation from mem_params, the
 * clock domains, the request and instruction pools, completion delivery,
 * mem_sys_next_event() and the statistics.
 *
 * Clocks.  Frequencies are taken in kHz and every period is the least
 * common multiple of the frequencies divided by the frequency, so periods
 * are integers and ticks of all domains interleave exactly and
 * deterministically (coarser units are used only if the periods would
 * exceed 2^20 units).  mem_sys_advance() runs the ticks of all domains in
 * time order up to the given core cycle; when a whole round of ticks did
 * nothing, it computes when the next thing can happen (the earliest ready
 * time of any queue head, a port becoming free) and jumps every domain
 * there, so idle stretches and fixed latencies cost nothing.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "memsys/mem_int.h"

/* ---- pools ----------------------------------------------------------- */

static void *mem_chunk_new(mem_pool *p, size_t bytes)
{
  mem_chunk *k = malloc(sizeof(mem_chunk) + bytes);
  if (!k)
    return NULL;
  k->next = p->chunks;
  p->chunks = k;
  return k + 1;
}

static void mem_pool_free(mem_pool *p)
{
  while (p->chunks) {
    mem_chunk *k = p->chunks;
    p->chunks = k->next;
    free(k);
  }
}

static bool mem_req_pool_grow(mem_pool *p, size_t n)
{
  mem_req *a = mem_chunk_new(p, n * sizeof *a);
  if (!a)
    return false;
  for (size_t i = 0; i < n; i++) {
    a[i].next = p->free_req;
    p->free_req = &a[i];
  }
  return true;
}

static bool mem_inst_pool_grow(mem_pool *p, size_t n)
{
  mem_inst *a = mem_chunk_new(p, n * sizeof *a);
  if (!a)
    return false;
  for (size_t i = 0; i < n; i++) {
    a[i].next_free = p->free_inst;
    p->free_inst = &a[i];
  }
  return true;
}

static void mem_oom(void)
{
  fputs("ptxsim: out of memory in the timing memory model\n", stderr);
  abort();
}

mem_req *mem_req_new(mem_sys *s, mem_pool *p)
{
  if (PTX_UNLIKELY(!p->free_req) && !mem_req_pool_grow(p, 1024))
    mem_oom();
  mem_req *q = p->free_req;
  p->free_req = q->next;
  memset(q, 0, sizeof *q);
  q->pool = p;
  if (PTX_UNLIKELY(s->in_sm_phase))
    p->phase_reqs++;
  else
    s->n_live_req++;
  return q;
}

/* During an SM phase only the SM's side runs, which frees nothing of
 * another pool: q is then the SM's own. */
void mem_req_free(mem_sys *s, mem_req *q)
{
  mem_pool *p = q->pool;
  q->next = p->free_req;
  p->free_req = q;
  if (PTX_UNLIKELY(s->in_sm_phase))
    p->phase_reqs--;
  else
    s->n_live_req--;
}

/* Appends in to a deferred list (an SM phase: the SM's own memory). */
static void mem_defer(mem_inst ***list, uint32_t *n, uint32_t *cap, mem_inst *in)
{
  if (PTX_UNLIKELY(*n == *cap)) {
    uint32_t c = *cap ? *cap * 2 : 16;
    mem_inst **a = realloc(*list, c * sizeof *a);
    if (!a)
      mem_oom();
    *list = a;
    *cap = c;
  }
  (*list)[(*n)++] = in;
}

mem_inst *mem_inst_new(mem_sys *s, uint32_t sm)
{
  mem_smu *u = &s->sms[sm];
  mem_pool *p = u->pool;
  if (PTX_UNLIKELY(!p->free_inst) && !mem_inst_pool_grow(p, 256))
    mem_oom();
  mem_inst *in = p->free_inst;
  p->free_inst = in->next_free;
  memset(in, 0, sizeof *in);
  in->pool = p;
  in->sm = sm;
  in->is_live = true;
  /* The sequence number is the order of creation over all SMs: during an
   * SM phase, SM order then the SM's own (mem_sys_sm_phase_end). */
  if (PTX_UNLIKELY(s->in_sm_phase)) {
    p->phase_insts++;
    mem_defer(&u->deferred.made, &u->deferred.n_made, &u->deferred.cap_made, in);
  } else {
    s->n_live_inst++;
    in->seq = s->inst_seq++;
  }
  return in;
}

/* ---- completions ----------------------------------------------------- */

static bool mem_heap_less(const mem_inst *a, const mem_inst *b)
{
  return a->done < b->done || (a->done == b->done && a->seq < b->seq);
}

static void mem_heap_push(mem_sys *s, mem_inst *in)
{
  if (PTX_UNLIKELY(s->in_sm_phase)) {
    mem_sm_deferred *d = &s->sms[in->sm].deferred;
    mem_defer(&d->queued, &d->n_queued, &d->cap_queued, in);
    return;
  }
  if (PTX_UNLIKELY(s->n_heap == s->heap_cap)) {
    uint32_t c = s->heap_cap ? s->heap_cap * 2 : 256;
    mem_inst **h = realloc(s->heap, c * sizeof *h);
    if (!h)
      mem_oom();
    s->heap = h;
    s->heap_cap = c;
  }
  uint32_t i = s->n_heap++;
  while (i) {
    uint32_t p = (i - 1) / 2;
    if (!mem_heap_less(in, s->heap[p]))
      break;
    s->heap[i] = s->heap[p];
    i = p;
  }
  s->heap[i] = in;
}

static mem_inst *mem_heap_pop(mem_sys *s)
{
  mem_inst *top = s->heap[0], *last = s->heap[--s->n_heap];
  uint32_t i = 0, n = s->n_heap;
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= n)
      break;
    if (c + 1 < n && mem_heap_less(s->heap[c + 1], s->heap[c]))
      c++;
    if (!mem_heap_less(s->heap[c], last))
      break;
    s->heap[i] = s->heap[c];
    i = c;
  }
  if (n)
    s->heap[i] = last;
  return top;
}

void mem_inst_access_done(mem_sys *s, mem_inst *in, uint64_t cycle)
{
  if (cycle > in->done)
    in->done = cycle;
  if (--in->pending == 0 && in->is_sent)
    mem_heap_push(s, in);
}

void mem_inst_sent(mem_sys *s, mem_inst *in, uint64_t cycle)
{
  in->is_sent = true;
  if (cycle > in->done)
    in->done = cycle;
  if (!in->pending)
    mem_heap_push(s, in);
}

/* ---- creation -------------------------------------------------------- */

static uint64_t mem_gcd(uint64_t a, uint64_t b)
{
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static int mem_clock_init(mem_sys *s, char *err, size_t errlen)
{
  double mhz[MEM_N_DOMAINS] = {s->p.core_mhz, s->p.icnt_mhz, s->p.l2_mhz, s->p.dram_mhz};
  static const char *const names[MEM_N_DOMAINS] = {"core", "interconnect", "L2", "DRAM"};
  for (int i = 0; i < MEM_N_DOMAINS; i++)
    if (!(mhz[i] > 0 && mhz[i] < 1e6)) {
      snprintf(err, errlen, "clock domains: the %s clock (%g MHz) must be above 0", names[i],
               mhz[i]);
      return PTX_EINVAL;
    }
  for (double unit = 1; unit <= 1e6; unit *= 10) { /* kHz per step */
    uint64_t f[MEM_N_DOMAINS], l = 1;
    bool is_ok = true;
    for (int i = 0; i < MEM_N_DOMAINS && is_ok; i++) {
      f[i] = (uint64_t)llround(mhz[i] * 1000.0 / unit);
      is_ok = f[i] > 0;
      if (is_ok) {
        l = l / mem_gcd(l, f[i]) * f[i];
        is_ok = l < (UINT64_C(1) << 40);
      }
    }
    if (!is_ok)
      continue;
    bool is_small = true;
    for (int i = 0; i < MEM_N_DOMAINS; i++) {
      s->period[i] = l / f[i];
      is_small = is_small && s->period[i] <= (UINT64_C(1) << 20);
    }
    if (is_small)
      return 0;
  }
  snprintf(err, errlen, "clock domains %g:%g:%g:%g MHz: no common time base", mhz[0], mhz[1],
           mhz[2], mhz[3]);
  return PTX_EINVAL;
}

/* Fills the defaults GPGPU-Sim uses for options a configuration may omit
 * and checks what the model cannot simulate. */
static int mem_params_check(mem_params *p, char *err, size_t errlen)
{
  if (p->icnt_mhz <= 0)
    p->icnt_mhz = p->core_mhz;
  if (p->l2_mhz <= 0)
    p->l2_mhz = p->core_mhz;
  if (p->dram_mhz <= 0)
    p->dram_mhz = p->core_mhz;
  if (!p->icnt_flit_bytes)
    p->icnt_flit_bytes = 32;
  if (!p->icnt_latency)
    p->icnt_latency = 1;
  if (!p->l1_hit_latency)
    p->l1_hit_latency = 1;
  if (!p->const_hit_latency)
    p->const_hit_latency = 1;
  if (!p->shmem_banks)
    p->shmem_banks = 32;
  if (!p->shmem_warp_parts)
    p->shmem_warp_parts = 1;
  if (!p->n_sub_partitions)
    p->n_sub_partitions = 1;
  if (!p->dram_bus_bytes)
    p->dram_bus_bytes = 4;
  if (!p->dram_burst_length)
    p->dram_burst_length = 4;
  if (!p->dram_data_ratio)
    p->dram_data_ratio = 2;
  if (!p->dram_chips)
    p->dram_chips = 1;
  if (!p->n_channels) {
    snprintf(err, errlen, "memory: -gpgpu_n_mem must be at least 1");
    return PTX_EINVAL;
  }
  if (p->shmem_banks > 256) {
    snprintf(err, errlen, "shared memory: %u banks; the model supports at most 256",
             p->shmem_banks);
    return PTX_EINVAL;
  }
  if (!p->addr_map.bank_mask) {
    snprintf(err, errlen, "memory: no address map (-gpgpu_mem_addr_mapping)");
    return PTX_EINVAL;
  }
  uint32_t l2_line = p->l2.is_enabled ? p->l2.line_bytes : 256;
  if ((p->l1d.is_enabled && p->l1d.line_bytes > l2_line) ||
      (p->l1c.is_enabled && p->l1c.line_bytes > l2_line)) {
    snprintf(err, errlen, "caches: L1 lines (%u, constant %u bytes) longer than L2's (%u)",
             p->l1d.line_bytes, p->l1c.line_bytes, l2_line);
    return PTX_EINVAL;
  }
  return 0;
}

int mem_sys_create(const mem_params *params, uint32_t n_sms, mem_done_fn done, void *done_ctx,
                   mem_sys **out, char *err, size_t errlen)
{
  char dummy[8];
  if (!err || !errlen) {
    err = dummy;
    errlen = sizeof dummy;
  }
  err[0] = '\0';
  *out = NULL;
  if (!params || n_sms == 0) {
    snprintf(err, errlen, "memory: no parameters or no SMs");
    return PTX_EINVAL;
  }
  mem_sys *s = calloc(1, sizeof *s);
  if (!s)
    return PTX_ENOMEM;
  s->p = *params;
  s->n_sms = n_sms;
  s->done = done;
  s->done_ctx = done_ctx;
  int rc = mem_params_check(&s->p, err, errlen);
  if (!rc)
    rc = mem_clock_init(s, err, errlen);
  if (!rc)
    rc = mem_addr_init(s, err, errlen);
  if (!rc)
    rc = mem_dram_init(s, err, errlen);
  if (rc)
    goto fail;
  s->n_subs = s->p.n_channels * s->p.n_sub_partitions;
  s->line_bytes = s->p.l1d.is_enabled ? s->p.l1d.line_bytes : 128;
  /* In time units: 64 bits (a latency times a period of up to 2^20). */
  s->rop_ticks = (mem_time)s->p.l2_rop_latency * s->period[MEM_DOM_CORE];
  s->dram_lat = (mem_time)s->p.dram_latency * s->period[MEM_DOM_CORE];
  /* Requests in flight to one sub-partition: enough to cover the ROP
   * pipeline and the wire at one per interconnect cycle, plus a queue. */
  uint64_t inbound = (s->rop_ticks + s->period[MEM_DOM_ICNT] - 1) / s->period[MEM_DOM_ICNT] +
                     s->p.icnt_latency + MEM_PART_QUEUE;
  s->inbound_limit = inbound < UINT32_MAX ? (uint32_t)inbound : UINT32_MAX;
  s->sms = calloc(n_sms, sizeof *s->sms);
  s->subs = calloc(s->n_subs, sizeof *s->subs);
  s->req_src_free = calloc(n_sms, sizeof(mem_time));
  s->rep_dst_free = calloc(n_sms, sizeof(mem_time));
  s->req_dst_free = calloc(s->n_subs, sizeof(mem_time));
  s->rep_src_free = calloc(s->n_subs, sizeof(mem_time));
  rc = PTX_ENOMEM;
  if (!s->sms || !s->subs || !s->req_src_free || !s->rep_dst_free || !s->req_dst_free ||
      !s->rep_src_free)
    goto fail;
  for (uint32_t i = 0; i < n_sms; i++) {
    mem_smu *u = &s->sms[i];
    u->last_access = UINT64_MAX;
    u->pool = &s->pool;
    if ((rc = mem_cache_init(&u->l1d, &s->p.l1d, "L1 data cache", 8, err, errlen)) ||
        (rc = mem_cache_init(&u->l1c, &s->p.l1c, "constant cache", 8, err, errlen)) ||
        (rc = mem_ring_init(&u->reply, 0, 0)))
      goto fail;
  }
  for (uint32_t i = 0; i < s->n_subs; i++) {
    mem_sub *u = &s->subs[i];
    mem_cache_params l2 = s->p.l2;
    if (s->p.l2_texture_only)
      l2.is_enabled = false; /* every access of this model bypasses it */
    u->chan = i / s->p.n_sub_partitions;
    if ((rc = mem_cache_init(&u->l2, &l2, "L2 cache", 32, err, errlen)) ||
        (rc = mem_ring_init(&u->rop, 0, 0)) || (rc = mem_ring_init(&u->lat, 0, 0)) ||
        (rc = mem_ring_init(&u->resp, MEM_PART_QUEUE, 0)) || (rc = mem_ring_init(&u->ret, 0, 0)))
      goto fail;
  }
  rc = PTX_ENOMEM;
  if (!mem_req_pool_grow(&s->pool, (size_t)n_sms * 64 + (size_t)s->n_subs * 64) ||
      !mem_inst_pool_grow(&s->pool, (size_t)n_sms * 32))
    goto fail;
  *out = s;
  return 0;
fail:
  if (rc == PTX_ENOMEM && !err[0])
    snprintf(err, errlen, "memory: out of memory");
  mem_sys_destroy(s);
  return rc;
}

void mem_sys_destroy(mem_sys *s)
{
  if (!s)
    return;
  if (s->sms)
    for (uint32_t i = 0; i < s->n_sms; i++) {
      mem_cache_free(&s->sms[i].l1d);
      mem_cache_free(&s->sms[i].l1c);
      mem_ring_free(&s->sms[i].reply);
      mem_pool_free(&s->sms[i].own_pool);
      free(s->sms[i].deferred.made);
      free(s->sms[i].deferred.queued);
    }
  if (s->subs)
    for (uint32_t i = 0; i < s->n_subs; i++) {
      mem_cache_free(&s->subs[i].l2);
      mem_ring_free(&s->subs[i].rop);
      mem_ring_free(&s->subs[i].lat);
      mem_ring_free(&s->subs[i].resp);
      mem_ring_free(&s->subs[i].ret);
    }
  mem_dram_free(s);
  mem_pool_free(&s->pool);
  free(s->heap);
  free(s->sms);
  free(s->subs);
  free(s->req_src_free);
  free(s->rep_dst_free);
  free(s->req_dst_free);
  free(s->rep_src_free);
  free(s);
}

/* ---- SM phases ------------------------------------------------------- */

int mem_sys_set_sm_phases(mem_sys *s)
{
  if (s->has_sm_phases)
    return 0;
  for (uint32_t i = 0; i < s->n_sms; i++) {
    mem_smu *u = &s->sms[i];
    if (!mem_req_pool_grow(&u->own_pool, 64) || !mem_inst_pool_grow(&u->own_pool, 32))
      return PTX_ENOMEM;
  }
  /* Only now: what the shared pool lent out still goes back there. */
  for (uint32_t i = 0; i < s->n_sms; i++)
    s->sms[i].pool = &s->sms[i].own_pool;
  s->has_sm_phases = true;
  return 0;
}

void mem_sys_sm_phase_begin(mem_sys *s)
{
  s->in_sm_phase = true;
}

void mem_sys_sm_phase_end(mem_sys *s)
{
  s->in_sm_phase = false;
  for (uint32_t i = 0; i < s->n_sms; i++) {
    mem_pool *p = &s->sms[i].own_pool;
    s->n_live_req += (uint64_t)p->phase_reqs;
    s->n_live_inst += (uint64_t)p->phase_insts;
    p->phase_reqs = p->phase_insts = 0;
    mem_sm_deferred *d = &s->sms[i].deferred;
    for (uint32_t k = 0; k < d->n_made; k++)
      d->made[k]->seq = s->inst_seq++;
    /* The heap orders by (done, seq) alone, so the order of pushes does
     * not matter once every sequence number is known. */
    for (uint32_t k = 0; k < d->n_queued; k++)
      mem_heap_push(s, d->queued[k]);
    d->n_made = d->n_queued = 0;
  }
}

/* ---- the clock loop -------------------------------------------------- */

static mem_time mem_next_work(const mem_sys *s)
{
  /* A channel with queued requests has work now (0), the least there is:
   * the others need not be asked (the common case under DRAM load). */
  mem_time w = MEM_TIME_NEVER, x;
  for (uint32_t i = 0; i < s->p.n_channels; i++)
    if (mem_dram_next_work(s, &s->chans[i]) == 0)
      return 0;
  if ((x = mem_icnt_next_work(s)) < w)
    w = x;
  for (uint32_t i = 0; i < s->n_sms; i++)
    if ((x = mem_sm_next_work(s, &s->sms[i])) < w)
      w = x;
  for (uint32_t i = 0; i < s->n_subs; i++)
    if ((x = mem_l2_next_work(s, &s->subs[i])) < w)
      w = x;
  return w;
}

static void mem_tick(mem_sys *s, int d, mem_time t)
{
  switch (d) {
  case MEM_DOM_CORE: {
    uint64_t cycle = t / s->period[MEM_DOM_CORE];
    for (uint32_t i = 0; i < s->n_sms; i++)
      mem_sm_tick(s, i, cycle, t);
    break;
  }
  case MEM_DOM_ICNT:
    mem_icnt_tick(s, t);
    break;
  case MEM_DOM_L2:
    for (uint32_t i = 0; i < s->n_subs; i++)
      mem_l2_tick(s, i, t);
    break;
  default:
    for (uint32_t i = 0; i < s->p.n_channels; i++)
      mem_dram_tick(s, i, t);
    break;
  }
}

void mem_sys_advance(mem_sys *s, uint64_t now)
{
  mem_time x = now * s->period[MEM_DOM_CORE];
  for (;;) {
    mem_time t = s->next[0];
    for (int d = 1; d < MEM_N_DOMAINS; d++)
      if (s->next[d] < t)
        t = s->next[d];
    if (t > x)
      break;
    s->is_active = false;
    for (int d = 0; d < MEM_N_DOMAINS; d++)
      if (s->next[d] == t) {
        mem_tick(s, d, t);
        s->next[d] += s->period[d];
      }
    if (s->is_active)
      continue;
    /* Nothing happened: jump to when something can. */
    mem_time w = mem_next_work(s);
    if (w == MEM_TIME_NEVER || w > x)
      w = x + 1;
    for (int d = 0; d < MEM_N_DOMAINS; d++) {
      mem_time tt = mem_tick_at_or_after(w, s->period[d]);
      if (tt > s->next[d])
        s->next[d] = tt;
    }
  }
}

void mem_sys_cycle(mem_sys *s, uint64_t now)
{
  if (now < s->now)
    now = s->now;
  mem_sys_advance(s, now);
  s->now = now;
  while (s->n_heap && s->heap[0]->done <= now) {
    mem_inst *in = mem_heap_pop(s);
    uint64_t tag = in->tag, cycle = in->done;
    uint32_t sm = in->sm;
    in->is_live = false;
    in->next_free = in->pool->free_inst;
    in->pool->free_inst = in;
    s->n_live_inst--;
    if (s->done)
      s->done(s->done_ctx, sm, tag, cycle);
  }
}

uint64_t mem_sys_next_event(const mem_sys *s)
{
  bool is_sm_busy = false;
  for (uint32_t i = 0; i < s->n_sms && !is_sm_busy; i++)
    is_sm_busy = s->sms[i].busy_until > s->now;
  if (!s->n_live_req && !s->n_live_inst && !is_sm_busy)
    return UINT64_MAX;
  mem_time w = mem_next_work(s);
  if (s->n_heap) {
    mem_time h = s->heap[0]->done * s->period[MEM_DOM_CORE];
    if (h < w)
      w = h;
  }
  if (w == MEM_TIME_NEVER)
    return s->now + 1;
  uint64_t c = (w + s->period[MEM_DOM_CORE] - 1) / s->period[MEM_DOM_CORE];
  return c > s->now ? c : s->now + 1;
}

bool mem_sys_busy(const mem_sys *s)
{
  return s->n_live_req || s->n_live_inst;
}

void mem_sys_get_stats(const mem_sys *s, mem_stats *o)
{
  memset(o, 0, sizeof *o);
  for (uint32_t i = 0; i < s->n_sms; i++) {
    const mem_smu *u = &s->sms[i];
    o->l1d_accesses += u->l1d.n_access;
    o->l1d_misses += u->l1d.n_miss;
    o->l1d_pending_hits += u->l1d.n_pending_hit;
    o->l1d_reservation_fails += u->l1d.n_res_fail;
    o->l1c_accesses += u->l1c.n_access;
    o->l1c_misses += u->l1c.n_miss;
  }
  for (uint32_t i = 0; i < s->n_subs; i++) {
    const mem_sub *u = &s->subs[i];
    o->l2_accesses += u->l2.n_access;
    o->l2_misses += u->l2.n_miss;
    o->l2_writebacks += u->l2.n_writeback;
    o->atomics += u->n_atomics;
  }
  for (uint32_t i = 0; i < s->p.n_channels; i++) {
    const mem_chan *c = &s->chans[i];
    o->dram_reads += c->n_reads;
    o->dram_writes += c->n_writes;
    o->dram_row_hits += c->n_row_hits;
    o->dram_activations += c->n_acts;
    o->dram_busy_cycles += c->n_busy;
  }
  o->dram_cycles = s->next[MEM_DOM_DRAM] / s->period[MEM_DOM_DRAM];
  for (uint32_t i = 0; i < s->n_sms; i++) {
    o->shmem_accesses += s->sms[i].n_shmem;
    o->shmem_bank_conflict_cycles += s->sms[i].n_shmem_conflict;
  }
  o->icnt_to_mem_flits = s->n_req_flits;
  o->icnt_to_sm_flits = s->n_rep_flits;
}
