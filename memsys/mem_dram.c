/* mem_dram.c -- address decoding (address -> channel, sub-partition, bank,
 * row) and the DRAM channels: banks with row buffers, an FR-FCFS (or
 * FCFS) scheduler issuing at most one command per DRAM cycle, and the
 * timing constraints between commands.
 *
 * Address map (GPGPU-Sim's -gpgpu_mem_addr_mapping): with dramid@N and a
 * power-of-two channel count, log2(channels) channel bits are inserted at
 * bit N and the other fields move up; with another count, the channel is
 * (addr >> N) mod channels and the quotient, put back above bit N, is the
 * address the other fields are taken from.  The sub-partition is
 * channel * subs + (bank mod subs).  L2 indexes its sets with the address
 * less the channel and sub-partition bits (no set camping).
 *
 * Timing, in DRAM command cycles, burst = burst_length / data_ratio:
 *   ACT -> RD tRCD, ACT -> WR tRCD - (tWL + 1), ACT -> PRE tRAS,
 *   ACT -> ACT tRC (same bank), tRRD (any bank), PRE -> ACT tRP,
 *   RD/WR -> RD/WR tCCD (tCCDL within a bank group),
 *   RD -> PRE max(burst, tRTPL), WR -> PRE tWL + burst + tWR,
 *   RD -> WR tCL + burst + 2 - tWL, WR -> RD tWL + burst + tCDLR;
 * read data occupies the bus from RD + tCL for `burst` cycles, write data
 * from WR + tWL.  A request of B bytes needs ceil(B / atom) column
 * commands, atom = burst_length x bus bytes x chips, and is done when its
 * last data leaves the bus; a read starts only while fewer than
 * -gpgpu_dram_return_queue_size reads wait for their L2.  Peak bandwidth
 * per channel: data_ratio x bus bytes x chips bytes per DRAM cycle
 * (GTX480: 4 x 4 x 2 = 32 B at 924 MHz).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "memsys/mem_int.h"

/* ---- address decoding ------------------------------------------------ */

static void mem_bits_of(uint64_t mask, mem_bits *b)
{
  memset(b, 0, sizeof *b);
  for (uint32_t i = 0; i < 64 && b->n < 16;) {
    if (!(mask >> i & 1)) {
      i++;
      continue;
    }
    uint32_t w = 0;
    while (i + w < 64 && (mask >> (i + w) & 1))
      w++;
    b->shift[b->n] = (uint8_t)i;
    b->width[b->n] = (uint8_t)w;
    b->n++;
    i += w;
  }
}

static uint64_t mem_bits_pack(const mem_bits *b, uint64_t x)
{
  uint64_t v = 0;
  uint32_t pos = 0;
  for (uint32_t i = 0; i < b->n; i++) {
    uint64_t m = b->width[i] == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b->width[i]) - 1;
    v |= ((x >> b->shift[i]) & m) << pos;
    pos += b->width[i];
  }
  return v;
}

/* Inserts k zero bits at bit `at` of mask. */
static uint64_t mem_insert_bits(uint64_t mask, uint32_t at, uint32_t k)
{
  uint64_t low = at >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << at) - 1;
  return ((mask & ~low) << k) | (mask & low);
}

int mem_addr_init(mem_sys *s, char *err, size_t errlen)
{
  const mem_addr_map *m = &s->p.addr_map;
  uint32_t nch = s->p.n_channels, nsub = s->p.n_sub_partitions;
  uint64_t bank = m->bank_mask, row = m->row_mask, chan = m->chan_mask;
  uint32_t k = 0;
  while ((1u << k) < nch)
    k++;
  s->n_chan_bits = k;
  s->chan_at = m->chan_at;
  s->is_chan_mod = false;
  if (m->chan_at != UINT32_MAX) {
    if (chan) {
      snprintf(err, errlen, "address map: D bits and dramid@ together");
      return PTX_EINVAL;
    }
    if ((1u << k) == nch) {
      bank = mem_insert_bits(bank, m->chan_at, k);
      row = mem_insert_bits(row, m->chan_at, k);
      chan = k ? ((UINT64_C(1) << k) - 1) << m->chan_at : 0;
    } else
      s->is_chan_mod = true;
    s->chan_low_mask = m->chan_at >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->chan_at) - 1;
  } else if ((UINT64_C(1) << __builtin_popcountll(chan)) != nch) {
    snprintf(err, errlen,
             "address map: %d D bits give %llu channels, but -gpgpu_n_mem is %u (use dramid@N "
             "for a count that is not a power of two)",
             __builtin_popcountll(chan), 1ULL << __builtin_popcountll(chan), nch);
    return PTX_EINVAL;
  }
  if (nsub & (nsub - 1)) {
    snprintf(err, errlen, "%u sub-partitions per channel: must be a power of two", nsub);
    return PTX_EINVAL;
  }
  /* The sub-partition bits: the lowest log2(nsub) bank bits. */
  uint64_t sub_bits = 0, rest = bank;
  for (uint32_t n = 1; n < nsub && rest; n <<= 1) {
    sub_bits |= rest & (~rest + 1);
    rest &= rest - 1;
  }
  if ((UINT64_C(1) << __builtin_popcountll(sub_bits)) != nsub) {
    snprintf(err, errlen, "address map: %u sub-partitions per channel need %u bank bits", nsub,
             (unsigned)__builtin_ctz(nsub));
    return PTX_EINVAL;
  }
  uint32_t nbk = s->p.dram.n_banks;
  s->bank_mask = nbk > 1 && !(nbk & (nbk - 1)) ? nbk - 1 : 0;
  mem_bits_of(bank, &s->bits_bank);
  mem_bits_of(row, &s->bits_row);
  mem_bits_of(chan, &s->bits_chan);
  mem_bits_of(~(chan | sub_bits), &s->bits_part);
  return 0;
}

void mem_addr_decode(const mem_sys *s, uint64_t addr, mem_dram_addr *out)
{
  uint64_t rest = addr;
  if (s->is_chan_mod) {
    uint64_t hi = addr >> s->chan_at;
    out->chan = (uint32_t)(hi % s->p.n_channels);
    rest = ((hi / s->p.n_channels) << s->chan_at) | (addr & s->chan_low_mask);
  } else
    out->chan = (uint32_t)mem_bits_pack(&s->bits_chan, addr);
  uint64_t bank = mem_bits_pack(&s->bits_bank, rest);
  out->bank = (uint32_t)(s->bank_mask ? bank & s->bank_mask : bank % s->p.dram.n_banks);
  out->row = (uint32_t)mem_bits_pack(&s->bits_row, rest);
  out->sub = out->chan * s->p.n_sub_partitions +
             (out->bank & (s->p.n_sub_partitions - 1));
  out->part_addr = mem_bits_pack(&s->bits_part, rest);
}

/* ---- channels -------------------------------------------------------- */

int mem_dram_init(mem_sys *s, char *err, size_t errlen)
{
  const mem_dram_timing *d = &s->p.dram;
  if (d->n_banks == 0 || d->n_bank_groups == 0 || d->n_banks % d->n_bank_groups) {
    snprintf(err, errlen, "DRAM: %u banks in %u bank groups", d->n_banks, d->n_bank_groups);
    return PTX_EINVAL;
  }
  if (d->n_banks % s->p.n_sub_partitions) {
    snprintf(err, errlen, "DRAM: %u banks are not a multiple of %u sub-partitions", d->n_banks,
             s->p.n_sub_partitions);
    return PTX_EINVAL;
  }
  uint32_t bl = s->p.dram_burst_length, ratio = s->p.dram_data_ratio;
  s->burst_cycles = bl / ratio ? bl / ratio : 1;
  s->atom_bytes = bl * s->p.dram_bus_bytes * s->p.dram_chips;
  int rtw = (int)d->tCL + (int)s->burst_cycles + 2 - (int)d->tWL;
  s->tRTW = rtw > 0 ? (uint32_t)rtw : 0;
  s->tWTR = d->tWL + s->burst_cycles + d->tCDLR;
  s->tWTP = d->tWL + s->burst_cycles + d->tWR;
  s->tRCDWR = d->tRCD > d->tWL + 1 ? d->tRCD - (d->tWL + 1) : 0;
  s->tRTP = d->tRTPL > s->burst_cycles ? d->tRTPL : s->burst_cycles;
  uint32_t per_grp = d->n_banks / d->n_bank_groups, sh = 0;
  while ((1u << sh) < per_grp)
    sh++;
  s->bank_grp_shift = sh;
  s->chans = calloc(s->p.n_channels, sizeof *s->chans);
  if (!s->chans)
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < s->p.n_channels; i++) {
    mem_chan *c = &s->chans[i];
    c->banks = calloc(d->n_banks, sizeof *c->banks);
    c->queued = calloc((d->n_banks + 63) / 64, sizeof *c->queued);
    c->grp_col_ok = calloc(d->n_bank_groups, sizeof *c->grp_col_ok);
    if (!c->banks || !c->queued || !c->grp_col_ok)
      return PTX_ENOMEM;
    c->first_sub = i * s->p.n_sub_partitions;
  }
  return 0;
}

void mem_dram_free(mem_sys *s)
{
  if (!s->chans)
    return;
  for (uint32_t i = 0; i < s->p.n_channels; i++) {
    free(s->chans[i].banks);
    free(s->chans[i].queued);
    free(s->chans[i].grp_col_ok);
  }
  free(s->chans);
  s->chans = NULL;
}

/* Runs the statement after it for each bank i of channel c that has
 * requests, in bank order (the scheduler's passes skip the empty banks
 * without reading them). */
#define MEM_FOR_QUEUED_BANKS(s, c, i)                                                          \
  for (uint32_t i##_w = 0, i##_nw = ((s)->p.dram.n_banks + 63) / 64; i##_w < i##_nw; i##_w++)  \
    for (uint64_t i##_m = (c)->queued[i##_w]; i##_m; i##_m &= i##_m - 1)                      \
      for (uint32_t i = i##_w * 64 + (uint32_t)__builtin_ctzll(i##_m), i##_once = 1; i##_once;  \
           i##_once = 0)

/* Sets b->hit to the first request for the open row from `from` on
 * (prev: the one before it). */
static void mem_bank_find_hit(mem_bank *b, mem_req *prev, mem_req *from)
{
  mem_req *q = b->is_open ? from : NULL;
  while (q && q->row != b->row) {
    prev = q;
    q = q->next;
  }
  b->hit = q;
  b->hit_prev = q ? prev : NULL;
}

static bool mem_is_read(const mem_req *q)
{
  return q->type == MEM_RQ_READ;
}

static bool mem_dram_can_col(const mem_sys *s, const mem_chan *c, const mem_bank *b,
                             const mem_req *q, uint64_t n)
{
  uint32_t g = q->bank >> s->bank_grp_shift;
  if (n < c->col_ok || n < c->grp_col_ok[g])
    return false;
  if (mem_is_read(q))
    return n >= b->col_ok && n >= c->rd_ok && n + s->p.dram.tCL >= c->bus_free &&
           (q->is_started || !s->p.dram_return_queue || c->n_ret < s->p.dram_return_queue);
  return n >= b->wcol_ok && n >= c->wr_ok && n + s->p.dram.tWL >= c->bus_free;
}

/* Issues one column command for q (prev: its predecessor in the bank). */
static void mem_dram_col(mem_sys *s, mem_chan *c, mem_bank *b, mem_req *q, mem_req *prev,
                         uint64_t n)
{
  const mem_dram_timing *d = &s->p.dram;
  uint64_t end;
  if (!q->is_started) {
    q->is_started = true;
    if (!q->is_activated)
      c->n_row_hits++;
  }
  if (mem_is_read(q)) {
    end = n + d->tCL + s->burst_cycles;
    if (n + s->tRTW > c->wr_ok)
      c->wr_ok = n + s->tRTW;
    if (n + s->tRTP > b->pre_ok)
      b->pre_ok = n + s->tRTP;
    c->n_reads++;
  } else {
    end = n + d->tWL + s->burst_cycles;
    if (n + s->tWTR > c->rd_ok)
      c->rd_ok = n + s->tWTR;
    if (n + s->tWTP > b->pre_ok)
      b->pre_ok = n + s->tWTP;
    c->n_writes++;
  }
  c->bus_free = end;
  c->col_ok = n + d->tCCD;
  if (d->tCCDL)
    c->grp_col_ok[q->bank >> s->bank_grp_shift] = n + d->tCCDL;
  c->n_busy += s->burst_cycles;
  if (--q->bursts_left)
    return;
  if (prev)
    prev->next = q->next;
  else
    b->head = q->next;
  if (b->tail == q)
    b->tail = prev;
  /* q is the bank's oldest row hit (FCFS: its head, which is one). */
  if (q == b->hit)
    mem_bank_find_hit(b, prev, q->next);
  if (--b->n == 0)
    c->queued[q->bank / 64] &= ~(UINT64_C(1) << (q->bank % 64));
  c->n_queued--;
  if (mem_is_read(q)) {
    q->ready = end * s->period[MEM_DOM_DRAM];
    c->n_ret++;
    mem_ring_push(&s->subs[q->sub].ret, q);
  } else
    mem_req_free(s, q);
}

static void mem_dram_act(mem_sys *s, mem_chan *c, mem_bank *b, mem_req *q, uint64_t n)
{
  const mem_dram_timing *d = &s->p.dram;
  b->is_open = true;
  b->row = q->row;
  mem_bank_find_hit(b, NULL, b->head);
  b->col_ok = n + d->tRCD;
  b->wcol_ok = n + s->tRCDWR;
  b->pre_ok = n + d->tRAS;
  b->act_ok = n + d->tRC;
  c->rrd_ok = n + d->tRRD;
  q->is_activated = true;
  c->n_acts++;
}

static void mem_dram_pre(mem_sys *s, mem_bank *b, uint64_t n)
{
  b->is_open = false;
  b->hit = b->hit_prev = NULL;
  if (n + s->p.dram.tRP > b->act_ok)
    b->act_ok = n + s->p.dram.tRP;
}

static bool mem_bank_has_hit(const mem_bank *b)
{
  return b->hit != NULL;
}

/* The row command q's bank needs now, if it can issue: 1 ACT, 2 PRE. */
static int mem_dram_row_cmd(const mem_sys *s, const mem_chan *c, const mem_bank *b,
                            const mem_req *q, uint64_t n, bool is_frfcfs)
{
  (void)s;
  if (!b->is_open)
    return n >= b->act_ok && n >= c->rrd_ok ? 1 : 0;
  if (q->row != b->row && n >= b->pre_ok && (!is_frfcfs || !mem_bank_has_hit(b)))
    return 2;
  return 0;
}

/* The first DRAM cycle >= n at which FR-FCFS could issue a command for
 * the queue as it is (UINT64_MAX: none until the queue or the return
 * queue changes).  Every condition of mem_dram_can_col and
 * mem_dram_row_cmd is "cycle >= some time" on state only a command
 * changes, so the earliest cycle a candidate passes is the largest of its
 * times, and nothing issues before the smallest of those. */
static uint64_t mem_dram_idle_until(const mem_sys *s, const mem_chan *c, uint64_t n)
{
  const mem_dram_timing *d = &s->p.dram;
  uint64_t w = UINT64_MAX;
  MEM_FOR_QUEUED_BANKS(s, c, i) {
    const mem_bank *b = &c->banks[i];
    if (!b->is_open) {
      uint64_t x = b->act_ok > c->rrd_ok ? b->act_ok : c->rrd_ok;
      w = x < w ? x : w;
      continue;
    }
    const mem_req *q = b->hit;
    if (q) {
      /* The oldest row hit: its column command. */
      uint64_t x = c->col_ok;
      uint64_t g = c->grp_col_ok[q->bank >> s->bank_grp_shift];
      x = g > x ? g : x;
      if (mem_is_read(q)) {
        bool is_blocked =
            !q->is_started && s->p.dram_return_queue && c->n_ret >= s->p.dram_return_queue;
        uint64_t bus = c->bus_free > d->tCL ? c->bus_free - d->tCL : 0;
        x = b->col_ok > x ? b->col_ok : x;
        x = c->rd_ok > x ? c->rd_ok : x;
        x = bus > x ? bus : x;
        if (is_blocked)
          x = UINT64_MAX;
      } else {
        uint64_t bus = c->bus_free > d->tWL ? c->bus_free - d->tWL : 0;
        x = b->wcol_ok > x ? b->wcol_ok : x;
        x = c->wr_ok > x ? c->wr_ok : x;
        x = bus > x ? bus : x;
      }
      w = x < w ? x : w;
    } else if (b->head->row != b->row) {
      /* No hit in the bank: the precharge for its oldest request. */
      w = b->pre_ok < w ? b->pre_ok : w;
    }
  }
  return w > n ? w : n;
}

/* One scheduling pass at DRAM cycle n; whether it issued a command. */
static bool mem_dram_schedule(mem_sys *s, mem_chan *c, uint64_t n)
{
  bool is_frfcfs = s->p.dram_scheduler != 0;
  mem_bank *bb = NULL;
  mem_req *best = NULL, *best_prev = NULL;
  if (is_frfcfs) {
    /* Row hits first, oldest first. */
    MEM_FOR_QUEUED_BANKS(s, c, i) {
      mem_bank *b = &c->banks[i];
      mem_req *q = b->hit, *prev = b->hit_prev;
      if (q && (!best || q->seq < best->seq) && mem_dram_can_col(s, c, b, q, n)) {
        best = q;
        best_prev = prev;
        bb = b;
      }
    }
    if (best) {
      mem_dram_col(s, c, bb, best, best_prev, n);
      return true;
    }
  } else {
    /* FCFS: only the oldest request may issue anything. */
    MEM_FOR_QUEUED_BANKS(s, c, i) {
      mem_bank *b = &c->banks[i];
      if (!best || b->head->seq < best->seq) {
        best = b->head;
        bb = b;
      }
    }
    if (!best)
      return false;
    if (bb->is_open && bb->row == best->row) {
      if (!mem_dram_can_col(s, c, bb, best, n))
        return false;
      mem_dram_col(s, c, bb, best, NULL, n);
      return true;
    }
    int cmd = mem_dram_row_cmd(s, c, bb, best, n, false);
    if (cmd == 1)
      mem_dram_act(s, c, bb, best, n);
    else if (cmd == 2)
      mem_dram_pre(s, bb, n);
    return cmd != 0;
  }
  /* Then the oldest request whose bank needs a row command. */
  int best_cmd = 0;
  MEM_FOR_QUEUED_BANKS(s, c, i) {
    mem_bank *b = &c->banks[i];
    if (best && b->head->seq >= best->seq)
      continue;
    int cmd = mem_dram_row_cmd(s, c, b, b->head, n, true);
    if (cmd) {
      best = b->head;
      bb = b;
      best_cmd = cmd;
    }
  }
  if (best_cmd == 1)
    mem_dram_act(s, c, bb, best, n);
  else if (best_cmd == 2)
    mem_dram_pre(s, bb, n);
  return best_cmd != 0;
}

void mem_dram_tick(mem_sys *s, uint32_t ci, mem_time t)
{
  mem_chan *c = &s->chans[ci];
  uint32_t nsub = s->p.n_sub_partitions, cap = s->p.dram_sched_queue;
  /* Arrivals, one sub-partition after the other so that neither fills
   * the queue alone. */
  for (uint32_t k = 0, idle = 0; idle < nsub && (!cap || c->n_queued < cap); k++) {
    mem_sub *u = &s->subs[c->first_sub + (k + c->rr) % nsub];
    mem_req *q = mem_ring_head(&u->lat);
    if (!q || q->ready > t) {
      idle++;
      continue;
    }
    idle = 0;
    mem_ring_pop(&u->lat);
    q->seq = c->seq++;
    q->next = NULL;
    mem_bank *b = &c->banks[q->bank];
    if (b->is_open && !b->hit && q->row == b->row) {
      b->hit = q;
      b->hit_prev = b->tail;
    }
    if (b->tail)
      b->tail->next = q;
    else
      b->head = q;
    b->tail = q;
    b->n++;
    c->queued[q->bank / 64] |= UINT64_C(1) << (q->bank % 64);
    c->n_queued++;
    c->idle_until = 0;
  }
  c->rr++;
  if (!c->n_queued)
    return;
  s->is_active = true;
  uint64_t n = t / s->period[MEM_DOM_DRAM];
  /* A pass that would issue nothing is skipped (FR-FCFS: the tick stays,
   * so the clock domains run exactly as they did). */
  if (n < c->idle_until)
    return;
  if (!mem_dram_schedule(s, c, n) && s->p.dram_scheduler != 0 && s->p.is_skip_idle)
    c->idle_until = mem_dram_idle_until(s, c, n);
  else
    c->idle_until = 0;
}

mem_time mem_dram_next_work(const mem_sys *s, const mem_chan *c)
{
  (void)s;
  return c->n_queued ? 0 : MEM_TIME_NEVER;
}
