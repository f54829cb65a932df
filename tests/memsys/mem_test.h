/* mem_test.h -- helpers shared by the memsys tests: GTX480-like parameters
 * built from GPGPU-Sim option strings, a completion log, warp accesses and
 * a driver that runs the hierarchy until it drains.  Only the public
 * memsys API (mem_params.h, mem_timing.h) is used.
 */
#ifndef PTXSIM_TESTS_MEMSYS_MEM_TEST_H
#define PTXSIM_TESTS_MEMSYS_MEM_TEST_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa_prog.h"
#include "memsys/mem_params.h"
#include "memsys/mem_timing.h"

/* GTX480 as in GPGPU-Sim's configuration (gpgpusim.config of the GTX480),
 * with latencies this model names explicitly set to round test values. */
static inline void mem_test_gtx480(mem_params *p)
{
  char err[256];
  memset(p, 0, sizeof *p);
  ck_assert_int_eq(mem_cache_params_parse("32:128:4,L:L:m:N:H,A:32:8,8", &p->l1d, err, sizeof err), 0);
  ck_assert_int_eq(mem_cache_params_parse("64:64:2,L:R:f:N:L,A:2:32,4", &p->l1c, err, sizeof err), 0);
  ck_assert_int_eq(mem_cache_params_parse("4:128:24,L:R:m:N:L,F:128:4,128:2", &p->l1t, err, sizeof err), 0);
  ck_assert_int_eq(
    mem_cache_params_parse("64:128:8,L:B:m:W:L,A:32:4,4:0,32", &p->l2, err, sizeof err), 0);
  ck_assert_int_eq(mem_dram_timing_parse("nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:"
                                         "WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0",
                                         &p->dram, err, sizeof err),
                   0);
  ck_assert_int_eq(mem_addr_map_parse("dramid@8;00000000.00000000.00000000.00000000.0000RRRR."
                                      "RRRRRRRR.RBBBCCCC.BCCSSSSS",
                                      &p->addr_map, err, sizeof err),
                   0);
  p->l1_hit_latency = 18;
  p->const_hit_latency = 8;
  p->tex_latency = 400;
  p->shmem_bytes = 48 * 1024;
  p->shmem_banks = 32;
  p->shmem_latency = 24;
  p->shmem_warp_parts = 1;
  p->coalesce_arch = 13;
  p->icnt_flit_bytes = 32;
  p->icnt_latency = 5;
  p->icnt_in_buffer = 64;
  p->icnt_out_buffer = 64;
  p->n_channels = 6;
  p->n_sub_partitions = 2;
  p->l2_rop_latency = 120;
  p->dram_latency = 100;
  p->dram_bus_bytes = 4;
  p->dram_burst_length = 8;
  p->dram_data_ratio = 4;
  p->dram_chips = 2;
  p->dram_sched_queue = 16;
  p->dram_return_queue = 116;
  p->dram_scheduler = 1;
  p->core_mhz = 700;
  p->icnt_mhz = 700;
  p->l2_mhz = 700;
  p->dram_mhz = 924;
}

/* Completion cycles by tag (UINT64_MAX: not yet). */
typedef struct mem_test_log {
  uint64_t *cycle;
  uint32_t *sm;
  size_t n_tags, n_done;
  uint64_t now;           /* where mem_test_one's drain ended */
} mem_test_log;

static inline void mem_test_log_init(mem_test_log *l, size_t n_tags)
{
  l->cycle = malloc(n_tags * sizeof *l->cycle);
  l->sm = calloc(n_tags, sizeof *l->sm);
  ck_assert(l->cycle && l->sm);
  memset(l->cycle, 0xff, n_tags * sizeof *l->cycle);
  l->n_tags = n_tags;
  l->n_done = 0;
  l->now = 0;
}

static inline void mem_test_log_free(mem_test_log *l)
{
  free(l->cycle);
  free(l->sm);
}

static inline void mem_test_on_done(void *ctx, uint32_t sm, uint64_t tag, uint64_t cycle)
{
  mem_test_log *l = ctx;
  ck_assert_uint_lt(tag, l->n_tags);
  ck_assert_msg(l->cycle[tag] == UINT64_MAX, "tag %llu completed twice", (unsigned long long)tag);
  l->cycle[tag] = cycle;
  l->sm[tag] = sm;
  l->n_done++;
}

static inline mem_sys *mem_test_create(const mem_params *p, uint32_t n_sms, mem_test_log *l)
{
  mem_sys *s = NULL;
  char err[256] = "";
  int rc = mem_sys_create(p, n_sms, mem_test_on_done, l, &s, err, sizeof err);
  ck_assert_msg(rc == 0, "mem_sys_create: %s", err);
  return s;
}

/* A warp access: lane i at base + i * stride, `bytes` per lane. */
static inline mem_warp_access mem_test_warp(uint8_t kind, uint8_t space, uint64_t base, uint64_t stride,
                                     uint16_t bytes, uint32_t mask)
{
  mem_warp_access a;
  memset(&a, 0, sizeof a);
  a.kind = kind;
  a.space = space;
  a.bytes = bytes;
  a.mask = mask;
  for (int i = 0; i < 32; i++)
    a.addr[i] = base + (uint64_t)i * stride;
  return a;
}

/* Runs from cycle now until the hierarchy drains, skipping idle cycles
 * with mem_sys_next_event() (or stepping every cycle); returns the last
 * cycle.  Fails the test after `limit` cycles. */
static inline uint64_t mem_test_drain(mem_sys *s, uint64_t now, bool is_skipping, uint64_t limit)
{
  uint64_t end = now + limit;
  mem_sys_cycle(s, now);
  while (mem_sys_busy(s)) {
    uint64_t next = is_skipping ? mem_sys_next_event(s) : now + 1;
    ck_assert_uint_gt(next, now);
    ck_assert_msg(next != UINT64_MAX, "busy but no next event at cycle %llu",
                  (unsigned long long)now);
    now = next;
    ck_assert_msg(now <= end, "the hierarchy did not drain within %llu cycles",
                  (unsigned long long)limit);
    mem_sys_cycle(s, now);
  }
  return now;
}

/* Issues one access at `now` (after the cycle's mem_sys_cycle) and runs
 * until it completes; returns the completion cycle. */
static inline uint64_t mem_test_one(mem_sys *s, mem_test_log *l, uint32_t sm,
                             const mem_warp_access *a, uint64_t now, uint64_t tag)
{
  mem_sys_cycle(s, now);
  ck_assert(mem_sm_can_issue(s, sm, now));
  mem_sm_issue(s, sm, a, now, tag);
  l->now = mem_test_drain(s, now, true, 100000);
  ck_assert_uint_ne(l->cycle[tag], UINT64_MAX);
  return l->cycle[tag];
}

/* Device address of (channel, rest) under GTX480's map with 6 channels:
 * dramid@8 takes the channel as (addr >> 8) mod 6 and the rest of the
 * address from the quotient; in the rest, bank bits are 7 and 12-14, row
 * bits 15 up, column bits 5-6 and 8-11. */
static inline uint64_t mem_test_gtx480_addr(uint32_t chan, uint64_t rest)
{
  return (((rest >> 8) * 6 + chan) << 8) | (rest & 0xff);
}

static inline uint64_t mem_test_div_ceil(uint64_t a, uint64_t b)
{
  return (a + b - 1) / b;
}

#endif /* PTXSIM_TESTS_MEMSYS_MEM_TEST_H */
