/* mem_cache.c -- the parts every cache of the hierarchy shares: the tag
 * array (sets, ways, sector state, LRU/FIFO replacement, set index
 * functions L, H, P, X), the MSHR table and the request rings.
 *
 * What a hit, a miss or a write does is policy of the level that owns the
 * cache (mem_sm.c for L1D/L1C, mem_l2.c for L2); this file only answers
 * "where is the line" and "which line goes".  MSHRs are found by a linear
 * search: tables are small (GTX480: 32 entries) and the search touches
 * only live entries' addresses.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "memsys/mem_int.h"

/* ---- rings ----------------------------------------------------------- */

int mem_ring_init(mem_ring *r, uint32_t limit, uint32_t slack)
{
  uint32_t want = (limit ? limit : 16) + slack, cap = 4;
  while (cap < want)
    cap <<= 1;
  r->slot = calloc(cap, sizeof *r->slot);
  r->mask = cap - 1;
  r->head = r->n = 0;
  r->limit = limit;
  return r->slot ? 0 : PTX_ENOMEM;
}

void mem_ring_free(mem_ring *r)
{
  free(r->slot);
  r->slot = NULL;
}

void mem_ring_grow(mem_ring *r)
{
  uint32_t cap = (r->mask + 1) * 2;
  mem_req **slot = malloc(cap * sizeof *slot);
  if (!slot) {
    fputs("ptxsim: out of memory in the timing memory model\n", stderr);
    abort();
  }
  for (uint32_t i = 0; i < r->n; i++)
    slot[i] = r->slot[(r->head + i) & r->mask];
  free(r->slot);
  r->slot = slot;
  r->head = 0;
  r->mask = cap - 1;
}

/* ---- set index functions --------------------------------------------- */

/* Irreducible polynomials over GF(2) of degree 1..16 (bit d is x^d): the
 * P index reduces the block address modulo the one of degree log2(sets),
 * the idea of the I-Poly index (Rau, ISCA 1991) that GPGPU-Sim's P uses;
 * the polynomials are ptxsim's, so set numbers differ from GPGPU-Sim's. */
static const uint32_t mem_ipoly[17] = {
  0, 0x3, 0x7, 0xb, 0x13, 0x25, 0x43, 0x83, 0x11d, 0x211, 0x409, 0x805, 0x1053, 0x201b,
  0x4443, 0x8003, 0x1100b};

static uint32_t mem_log2(uint32_t v)
{
  uint32_t k = 0;
  while ((1u << k) < v)
    k++;
  return k;
}

static bool mem_is_pow2(uint32_t v)
{
  return v && !(v & (v - 1));
}

static uint32_t mem_cache_set(const mem_cache *c, uint64_t a)
{
  uint64_t block = a >> c->line_log2;
  uint32_t mask = c->p.n_sets - 1;
  switch (c->p.set_index) {
  case MEM_INDEX_FERMI_HASH: {
    /* Nugteren et al., HPCA 2014: bits 7-11 xor bits 13, 14, 15, 17, 19;
     * 64 sets add bit 12 on top. */
    uint32_t lower = (uint32_t)block & 0x1f;
    uint32_t upper = (uint32_t)(((a >> 13) & 0x7) | ((a >> 14) & 0x8) | ((a >> 15) & 0x10));
    uint32_t set = lower ^ upper;
    if (c->p.n_sets == 64)
      set |= (uint32_t)((a >> 7) & 0x20);
    return set;
  }
  case MEM_INDEX_XOR:
    return ((uint32_t)block ^ (uint32_t)(block >> c->set_log2)) & mask;
  case MEM_INDEX_PRIME: {
    uint32_t set = 0;
    for (uint64_t b = block; b; b &= b - 1)
      set ^= (uint32_t)c->poly[__builtin_ctzll(b)];
    return set;
  }
  case MEM_INDEX_LINEAR:
  default:
    return (uint32_t)block & mask;
  }
}

/* ---- setup ------------------------------------------------------------ */

int mem_cache_init(mem_cache *c, const mem_cache_params *p, const char *what,
                   uint32_t default_mshr, char *err, size_t errlen)
{
  memset(c, 0, sizeof *c);
  c->p = *p;
  c->is_enabled = p->is_enabled;
  if (c->is_enabled) {
    if (!mem_is_pow2(p->n_sets) || !mem_is_pow2(p->line_bytes) || p->assoc == 0) {
      snprintf(err, errlen, "%s: %u sets of %u-byte lines: both must be powers of two", what,
               p->n_sets, p->line_bytes);
      return PTX_EINVAL;
    }
    if (p->line_bytes < MEM_SECTOR_BYTES || p->line_bytes > MEM_SECTOR_BYTES * MEM_MAX_SECTORS) {
      snprintf(err, errlen, "%s: %u-byte lines: the model needs 32 to 256 bytes", what,
               p->line_bytes);
      return PTX_EINVAL;
    }
    if (p->set_index == MEM_INDEX_FERMI_HASH && p->n_sets != 32 && p->n_sets != 64) {
      snprintf(err, errlen, "%s: the Fermi hash set index (H) needs 32 or 64 sets, not %u", what,
               p->n_sets);
      return PTX_EINVAL;
    }
    if (p->set_index == MEM_INDEX_PRIME && p->n_sets > 65536) {
      snprintf(err, errlen, "%s: the P set index supports at most 65536 sets, not %u", what,
               p->n_sets);
      return PTX_EINVAL;
    }
    if (p->data_port_bytes && p->line_bytes % p->data_port_bytes) {
      snprintf(err, errlen, "%s: data port width %u does not divide the %u-byte line", what,
               p->data_port_bytes, p->line_bytes);
      return PTX_EINVAL;
    }
    c->line_log2 = mem_log2(p->line_bytes);
    c->set_log2 = mem_log2(p->n_sets);
    c->n_sectors = p->line_bytes / MEM_SECTOR_BYTES;
    c->port_cycles = p->data_port_bytes ? p->line_bytes / p->data_port_bytes : 1;
    size_t n = (size_t)p->n_sets * p->assoc;
    c->lines = calloc(n, sizeof *c->lines);
    if (!c->lines)
      return PTX_ENOMEM;
    if (p->set_index == MEM_INDEX_PRIME) {
      uint32_t d = c->set_log2, poly = mem_ipoly[d], r = 1;
      for (uint32_t i = 0; i < 64; i++) {
        c->poly[i] = d ? r : 0;
        r <<= 1;
        if (d && (r >> d) & 1)
          r ^= poly;
      }
    }
  } else {
    c->line_log2 = 7;
    c->n_sectors = 4;
    c->port_cycles = 1;
  }
  c->all_sectors = (uint8_t)((1u << c->n_sectors) - 1);
  c->n_mshr = c->is_enabled && p->mshr_entries ? p->mshr_entries : default_mshr;
  c->max_merge = c->is_enabled && p->mshr_max_merge ? p->mshr_max_merge : 64;
  c->mshr = calloc(c->n_mshr, sizeof *c->mshr);
  c->mshr_line = malloc(c->n_mshr * sizeof *c->mshr_line);
  if (!c->mshr || !c->mshr_line)
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < c->n_mshr; i++)
    c->mshr_line[i] = MEM_NO_LINE;
  /* Fills that evict dirty lines may add one writeback per MSHR entry
   * beyond the queue's limit. */
  uint32_t limit = c->is_enabled && p->miss_queue ? p->miss_queue : MEM_PART_QUEUE;
  return mem_ring_init(&c->missq, limit, c->n_mshr);
}

void mem_cache_free(mem_cache *c)
{
  free(c->lines);
  free(c->mshr);
  free(c->mshr_line);
  mem_ring_free(&c->missq);
  c->lines = NULL;
  c->mshr = NULL;
  c->mshr_line = NULL;
}

uint64_t mem_cache_line(const mem_cache *c, uint64_t addr)
{
  return addr & ~((UINT64_C(1) << c->line_log2) - 1);
}

uint8_t mem_cache_sectors(const mem_cache *c, uint64_t addr, uint32_t bytes)
{
  uint32_t off = (uint32_t)(addr & ((UINT64_C(1) << c->line_log2) - 1));
  uint32_t first = off / MEM_SECTOR_BYTES, last = (off + (bytes ? bytes : 1) - 1) / MEM_SECTOR_BYTES;
  if (last >= c->n_sectors)
    last = c->n_sectors - 1;
  return (uint8_t)(((1u << (last + 1)) - 1) & ~((1u << first) - 1));
}

/* ---- tag array -------------------------------------------------------- */

mem_probe mem_cache_probe(mem_cache *c, uint64_t line, uint64_t index_addr, uint8_t need,
                          mem_line **way)
{
  *way = NULL;
  if (!c->is_enabled)
    return MEM_MISS;
  mem_line *set = &c->lines[(size_t)mem_cache_set(c, index_addr) * c->p.assoc];
  for (uint32_t w = 0; w < c->p.assoc; w++) {
    mem_line *l = &set[w];
    if (!l->is_live || l->addr != line)
      continue;
    *way = l;
    if ((l->valid & need) == need)
      return MEM_HIT;
    uint8_t missing = (uint8_t)(need & ~l->valid);
    return (l->reserved & missing) == missing ? MEM_HIT_RESERVED : MEM_SECTOR_MISS;
  }
  return MEM_MISS;
}

mem_line *mem_cache_victim(mem_cache *c, uint64_t line, uint64_t index_addr)
{
  (void)line;
  if (!c->is_enabled)
    return NULL;
  mem_line *set = &c->lines[(size_t)mem_cache_set(c, index_addr) * c->p.assoc], *best = NULL;
  for (uint32_t w = 0; w < c->p.assoc; w++) {
    mem_line *l = &set[w];
    if (!l->is_live)
      return l;
    if (l->reserved)
      continue;
    uint64_t key = c->p.repl == MEM_REPL_FIFO ? l->alloc : l->used;
    if (!best || key < (c->p.repl == MEM_REPL_FIFO ? best->alloc : best->used))
      best = l;
  }
  return best;
}

void mem_cache_touch(mem_cache *c, mem_line *l)
{
  l->used = ++c->stamp;
}

void mem_cache_install(mem_cache *c, mem_line *v, uint64_t line)
{
  v->addr = line;
  v->is_live = true;
  v->valid = v->dirty = v->reserved = 0;
  v->alloc = v->used = ++c->stamp;
}

/* ---- MSHRs ------------------------------------------------------------ */

mem_mshr *mem_mshr_find(mem_cache *c, uint64_t line)
{
  /* The first live entry of the line, as a scan of the entries in order
   * finds it; free entries hold MEM_NO_LINE, which no line equals. */
  if (!c->mshr_bucket[mem_mshr_hash(line)])
    return NULL;
  const uint64_t *a = c->mshr_line;
  for (uint32_t i = 0, n = c->mshr_hi; i < n; i++)
    if (a[i] == line)
      return &c->mshr[i];
  return NULL;
}

mem_mshr *mem_mshr_alloc(mem_cache *c, uint64_t line)
{
  if (c->n_mshr_live >= c->n_mshr)
    return NULL;
  for (uint32_t i = 0; i < c->n_mshr; i++)
    if (!c->mshr[i].is_live) {
      mem_mshr *m = &c->mshr[i];
      memset(m, 0, sizeof *m);
      m->addr = line;
      m->is_live = true;
      c->n_mshr_live++;
      c->mshr_line[i] = line;
      c->mshr_bucket[mem_mshr_hash(line)]++;
      if (i >= c->mshr_hi)
        c->mshr_hi = i + 1;
      return m;
    }
  return NULL;
}

void mem_mshr_add(mem_mshr *m, mem_req *q)
{
  q->next = NULL;
  if (m->tail)
    m->tail->next = q;
  else
    m->head = q;
  m->tail = q;
  m->n_wait++;
}

bool mem_cache_plan_miss(mem_cache *c, uint64_t line, uint64_t index_addr, const mem_line *l,
                         mem_probe pr, uint8_t need, mem_miss *out)
{
  mem_mshr *m = mem_mshr_find(c, line);
  uint8_t missing = (uint8_t)(l ? need & ~l->valid : need);
  uint8_t fetch = (uint8_t)(missing & ~(m ? m->sectors : 0));
  if (fetch && !c->p.is_sectored)
    fetch = (uint8_t)(c->all_sectors & ~(m ? m->sectors : 0));
  if ((m && m->n_wait >= c->max_merge) || (!m && c->n_mshr_live >= c->n_mshr))
    return false;
  mem_line *v = NULL;
  bool is_alloc = c->is_enabled && pr == MEM_MISS && c->p.alloc_policy == MEM_ALLOC_ON_MISS;
  if (is_alloc && !(v = mem_cache_victim(c, line, index_addr)))
    return false;
  bool is_wb = v && v->is_live && v->dirty;
  if (!mem_ring_room(&c->missq, (fetch ? 1u : 0u) + (is_wb ? 1u : 0u)))
    return false;
  *out = (mem_miss){.mshr = m, .fetch = fetch, .victim = v, .is_wb = is_wb};
  return true;
}

mem_mshr *mem_cache_take_miss(mem_cache *c, uint64_t line, mem_line *l, const mem_miss *p)
{
  c->n_access++;
  if (p->fetch)
    c->n_miss++;
  else
    c->n_pending_hit++;
  if (p->victim) {
    mem_cache_install(c, p->victim, line);
    l = p->victim;
  }
  if (l && c->p.alloc_policy == MEM_ALLOC_ON_MISS) {
    l->reserved |= p->fetch;
    mem_cache_touch(c, l);
  }
  mem_mshr *m = p->mshr ? p->mshr : mem_mshr_alloc(c, line);
  if (p->fetch) {
    m->sectors |= p->fetch;
    m->n_fetch++;
  }
  return m;
}

mem_req *mem_mshr_take_ready(mem_mshr *m, uint8_t have, bool is_l2)
{
  for (mem_req *prev = NULL, *w = m->head; w; prev = w, w = w->next) {
    uint8_t need = is_l2 ? w->l2_need : w->sectors;
    if ((need & have) != need)
      continue;
    if (prev)
      prev->next = w->next;
    else
      m->head = w->next;
    if (m->tail == w)
      m->tail = prev;
    m->n_wait--;
    w->next = NULL;
    return w;
  }
  return NULL;
}

void mem_mshr_release(mem_cache *c, mem_mshr *m)
{
  m->is_live = false;
  m->head = m->tail = NULL;
  c->n_mshr_live--;
  c->mshr_bucket[mem_mshr_hash(m->addr)]--;
  c->mshr_line[m - c->mshr] = MEM_NO_LINE;
  while (c->mshr_hi && c->mshr_line[c->mshr_hi - 1] == MEM_NO_LINE)
    c->mshr_hi--;
}
