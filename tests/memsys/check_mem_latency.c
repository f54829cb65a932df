/* check_mem_latency.c -- analytic timing of the memory hierarchy on an
 * otherwise idle GTX480-like configuration: every expected cycle below is
 * a formula of the parameters (the path costs documented in mem_timing.h),
 * never a number taken from a run.  Also: coalescing, shared-memory bank
 * conflicts, MSHR merging, the constant cache, atomics and stores.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "tests/memsys/mem_test.h"
#include "tests/test_util.h"

#define ALL 0xffffffffu

/* Flits of a packet of `bytes` (plus the 8-byte header). */
static uint64_t flits(const mem_params *p, uint64_t bytes)
{
  return mem_test_div_ceil(8 + bytes, p->icnt_flit_bytes);
}

START_TEST(l1_hit)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x10000, 4, 4, ALL);
  uint64_t t0 = mem_test_one(s, &l, 0, &a, 100, 0);
  uint64_t t1 = t0 + 10;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t1, 1), t1 + p.l1_hit_latency);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, 2);
  ck_assert_uint_eq(st.l1d_misses, 1);
  ck_assert_uint_eq(st.l2_accesses, 1);
  ck_assert(!mem_sys_busy(s));
  /* No lane active: nothing to access, done the next cycle. */
  a.mask = 0;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t1 + 100, 2), t1 + 101);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* L1 miss, L2 hit (interconnect and L2 at the core clock):
 *   t + 1 (miss queue) + icnt_latency + F_req - 1 (request) + rop (ROP)
 *   + 1 (L2 access) + icnt_latency + F_rep - 1 (reply)
 *   = t + 2 icnt_latency + rop + F_req + F_rep. */
START_TEST(l2_hit)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 2, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x20000, 4, 4, ALL);
  uint64_t t0 = mem_test_one(s, &l, 0, &a, 50, 0) + 7;
  uint64_t want = t0 + 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 0) + flits(&p, 128);
  ck_assert_uint_eq(mem_test_one(s, &l, 1, &a, t0, 1), want);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l2_accesses, 2);
  ck_assert_uint_eq(st.l2_misses, 1);
  ck_assert_uint_eq(st.icnt_to_mem_flits, 2 * flits(&p, 0));
  ck_assert_uint_eq(st.icnt_to_sm_flits, 2 * flits(&p, 128));
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Cycles of an L2 hit (the line brought in by another SM first) under p. */
static uint64_t l2_hit_cycles(const mem_params *p)
{
  mem_test_log l;
  mem_test_log_init(&l, 2);
  mem_sys *s = mem_test_create(p, 2, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x20000, 4, 4, ALL);
  uint64_t t0 = mem_test_one(s, &l, 0, &a, 50, 0) + 7;
  uint64_t took = mem_test_one(s, &l, 1, &a, t0, 1) - t0;
  mem_sys_destroy(s);
  mem_test_log_free(&l);
  return took;
}

/* The largest ROP latency the configuration allows (65535 cycles) with a
 * long time unit: a 700.001 MHz core against 700 MHz elsewhere makes a
 * core cycle 700000 units, and the latency 4.6e10 units, more than 32
 * bits hold (it once wrapped).  It must add its 65535 cycles to an L2
 * hit, give or take a cycle of clock alignment at each crossing. */
START_TEST(l2_rop_latency_wide)
{
  mem_params p;
  mem_test_gtx480(&p);
  p.core_mhz = 700.001;
  p.icnt_mhz = p.l2_mhz = p.dram_mhz = 700;
  p.l2_rop_latency = 0;
  uint64_t base = l2_hit_cycles(&p);
  p.l2_rop_latency = 65535;
  uint64_t slow = l2_hit_cycles(&p);
  ck_assert_uint_ge(slow, base + 65535 - 2);
  ck_assert_uint_le(slow, base + 65535 + 2);
}
END_TEST

/* L2 miss to a closed row: the request leaves L2 one cycle after the
 * access, waits dram_latency core cycles, enters the DRAM queue at the
 * next DRAM tick d; ACT at d, RD at d + tRCD, the line's second burst
 * tCCD later; its data ends tCL + burst after that; L2 takes the fill at
 * the next L2 tick f and the reply is at the SM icnt_latency + F_rep
 * cycles later.  Clocks: core = icnt = L2 = 700 MHz, DRAM 924 MHz. */
START_TEST(dram_closed_row)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 2);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a =
    mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, mem_test_gtx480_addr(0, 0), 4, 4, ALL);
  uint64_t t0 = 10;
  uint64_t core = 700, dram = 924;
  uint64_t l2 = t0 + 1 + p.icnt_latency + flits(&p, 0) - 1 + p.l2_rop_latency;
  uint64_t d = mem_test_div_ceil((l2 + 1 + p.dram_latency) * dram, core);
  uint64_t atom = p.dram_burst_length * p.dram_bus_bytes * p.dram_chips;
  uint64_t bursts = mem_test_div_ceil(128, atom), burst = p.dram_burst_length / p.dram_data_ratio;
  uint64_t end = d + p.dram.tRCD + (bursts - 1) * p.dram.tCCD + p.dram.tCL + burst;
  uint64_t f = mem_test_div_ceil(end * core, dram);
  uint64_t want = f + 1 + p.icnt_latency + flits(&p, 128) - 1;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t0, 0), want);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.dram_reads, bursts);
  ck_assert_uint_eq(st.dram_activations, 1);
  ck_assert_uint_eq(st.dram_row_hits, 0);
  ck_assert_uint_eq(st.dram_busy_cycles, bursts * burst);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Same bank: closed row, then a row hit (faster by tRCD), then another
 * row (slower than the hit by tRP + tRCD); each within one core cycle of
 * the DRAM cycles converted to core cycles. */
START_TEST(dram_row_buffer)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 3);
  mem_sys *s = mem_test_create(&p, 1, &l);
  uint64_t rest[3] = {0, UINT64_C(1) << 8, UINT64_C(1) << 15}; /* row 0, row 0 (column), row 1 */
  uint64_t lat[3], t = 10;
  for (int i = 0; i < 3; i++) {
    mem_warp_access a =
      mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, mem_test_gtx480_addr(0, rest[i]), 4, 4, ALL);
    lat[i] = mem_test_one(s, &l, 0, &a, t, (uint64_t)i) - t;
    t += lat[i] + 100;
  }
  double ratio = p.core_mhz / p.dram_mhz;
  double hit_gain = (double)lat[0] - (double)lat[1];
  double miss_cost = (double)lat[2] - (double)lat[1];
  ck_assert_msg(fabs(hit_gain - p.dram.tRCD * ratio) <= 1.0, "row hit gains %g, want %g", hit_gain,
                p.dram.tRCD * ratio);
  ck_assert_msg(fabs(miss_cost - (p.dram.tRP + p.dram.tRCD) * ratio) <= 1.0,
                "row conflict costs %g, want %g", miss_cost, (p.dram.tRP + p.dram.tRCD) * ratio);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.dram_row_hits, 1);
  ck_assert_uint_eq(st.dram_activations, 2);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* n-way conflicts: lane i reads word i * n, so each used bank holds n
 * distinct words: n cycles in the pipeline, latency shmem_latency + n - 1. */
START_TEST(shmem_conflicts)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 64);
  mem_sys *s = mem_test_create(&p, 1, &l);
  uint64_t t = 10, tag = 0, extra = 0;
  for (uint32_t n = 1; n <= 32; n *= 2) {
    mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 0, 4 * n, 4, ALL);
    mem_sys_cycle(s, t);
    mem_sm_issue(s, 0, &a, t, tag);
    if (n > 1)
      ck_assert(!mem_sm_can_issue(s, 0, t + n - 1));
    ck_assert(mem_sm_can_issue(s, 0, t + n));
    mem_test_drain(s, t, true, 1000);
    ck_assert_uint_eq(l.cycle[tag], t + p.shmem_latency + n - 1);
    extra += n - 1;
    tag++;
    t += 100;
    /* Four back to back: the pipeline is busy n cycles each. */
    for (int k = 0; k < 4; k++) {
      mem_sys_cycle(s, t + (uint64_t)k * n);
      ck_assert(mem_sm_can_issue(s, 0, t + (uint64_t)k * n));
      mem_sm_issue(s, 0, &a, t + (uint64_t)k * n, tag + (uint64_t)k);
      extra += n - 1;
    }
    mem_test_drain(s, t, true, 1000);
    ck_assert_uint_eq(l.cycle[tag + 3], t + 4 * n + p.shmem_latency - 1);
    tag += 4;
    t += 300;
  }
  /* Broadcast: every lane reads one word. */
  mem_warp_access b = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 96, 0, 4, ALL);
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &b, t, tag), t + p.shmem_latency);
  tag++;
  t += 100;
  /* 64-bit words: lanes 0-15 cover the 32 banks, lanes 16-31 again. */
  mem_warp_access w = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 0, 8, 8, ALL);
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &w, t, tag), t + p.shmem_latency + 1);
  extra += 1;
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.shmem_accesses, tag + 1);
  ck_assert_uint_eq(st.shmem_bank_conflict_cycles, extra);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* A generic access whose lanes fall in shared and global memory, handed
 * over as one part per space: the shared part's 16-way conflict holds the
 * pipeline 16 cycles, then the global part's one access (an L1 miss that
 * hits in L2) goes; the instruction completes once, when the later part
 * is back. */
START_TEST(mixed_spaces)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 2, &l);
  mem_warp_access warm = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x20000, 4, 4, ALL);
  uint64_t t = mem_test_one(s, &l, 1, &warm, 50, 0) + 7;
  mem_warp_access parts[2];
  parts[0] = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x20000, 4, 4, 0xffff0000u);
  parts[1] = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 0, 4 * 32, 4, 0x0000ffffu);
  mem_sys_cycle(s, t);
  ck_assert(mem_sm_can_issue(s, 0, t));
  mem_sm_issue_parts(s, 0, parts, 2, t, 1);
  for (uint64_t k = 1; k <= 16; k++) {
    mem_sys_cycle(s, t + k);
    ck_assert(!mem_sm_can_issue(s, 0, t + k));
  }
  mem_sys_cycle(s, t + 17);
  ck_assert(mem_sm_can_issue(s, 0, t + 17));
  uint64_t end = mem_test_drain(s, t + 17, true, 10000);
  uint64_t l2_cycles = 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 0) + flits(&p, 128);
  ck_assert_uint_gt(l2_cycles, p.shmem_latency);
  ck_assert_uint_eq(l.cycle[1], t + 16 + l2_cycles);
  ck_assert_uint_eq(l.n_done, 2);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.shmem_accesses, 1);
  ck_assert_uint_eq(st.shmem_bank_conflict_cycles, 15);
  ck_assert_uint_eq(st.l1d_accesses, 2);
  ck_assert_uint_eq(st.l2_accesses, 2);
  ck_assert_uint_eq(st.l2_misses, 1);
  /* A broadcast shared part (one cycle) and an L1 hit on the line now
   * there, at the next cycle: whichever is back later completes it. */
  parts[1] = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 0, 0, 4, 0x0000ffffu);
  t = end + 10;
  mem_sys_cycle(s, t);
  mem_sm_issue_parts(s, 0, parts, 2, t, 2);
  mem_test_drain(s, t, true, 10000);
  uint64_t hit = t + 1 + p.l1_hit_latency, shared = t + p.shmem_latency;
  uint64_t want = hit > shared ? hit : shared;
  ck_assert_uint_eq(l.cycle[2], want);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* The number of L1 accesses (one per cycle) of global loads. */
static const struct coal_case {
  uint64_t base, stride;
  uint16_t bytes;
  uint32_t mask, accesses;
} coal[] = {
  {0x40000, 4, 4, ALL, 1},        /* fully coalesced */
  {0x40000, 128, 4, ALL, 32},     /* one line per lane */
  {0x40040, 4, 4, ALL, 2},        /* misaligned: two lines */
  {0x40000, 8, 8, ALL, 2},        /* two half-warps of 128 bytes */
  {0x40000, 16, 16, ALL, 4},      /* four quarter-warps */
  {0x40000, 0, 4, ALL, 1},        /* all lanes one word */
  {0x40000, 4, 4, 0x1, 1},        /* one lane */
  {0x40000, 4, 4, 0x80000001u, 1},
  {0x40000, 64, 4, ALL, 16},      /* two lanes per line */
};

START_TEST(coalescing)
{
  const struct coal_case *c = &coal[_i];
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 2);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, c->base, c->stride, c->bytes,
                                    c->mask);
  uint64_t t = 10;
  mem_sys_cycle(s, t);
  mem_sm_issue(s, 0, &a, t, 0);
  for (uint64_t k = 1; k < c->accesses; k++) {
    mem_sys_cycle(s, t + k);
    ck_assert(!mem_sm_can_issue(s, 0, t + k));
  }
  mem_sys_cycle(s, t + c->accesses);
  ck_assert(mem_sm_can_issue(s, 0, t + c->accesses));
  mem_test_drain(s, t + c->accesses, true, 10000);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, c->accesses);
  ck_assert_uint_eq(st.l1d_misses, c->accesses);
  ck_assert_uint_eq(st.l2_accesses, c->accesses);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Two warps missing on one line: one L2 request, both done at the fill. */
START_TEST(mshr_merge)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 2);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x80000, 4, 4, 0xffff);
  mem_warp_access b = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x80040, 4, 4, 0xffff);
  mem_sys_cycle(s, 10);
  mem_sm_issue(s, 0, &a, 10, 0);
  mem_sys_cycle(s, 11);
  ck_assert(mem_sm_can_issue(s, 0, 11));
  mem_sm_issue(s, 0, &b, 11, 1);
  mem_test_drain(s, 11, true, 10000);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, 2);
  ck_assert_uint_eq(st.l1d_misses, 1);
  ck_assert_uint_eq(st.l1d_pending_hits, 1);
  ck_assert_uint_eq(st.l2_accesses, 1);
  ck_assert_uint_eq(l.cycle[0], l.cycle[1]);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

START_TEST(constant_cache)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 8);
  mem_sys *s = mem_test_create(&p, 1, &l);
  /* Broadcast: one access; then a hit. */
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_CONST, 0x1000, 0, 4, ALL);
  uint64_t t = mem_test_one(s, &l, 0, &a, 10, 0) + 5;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t, 1), t + p.const_hit_latency);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1c_accesses, 2);
  ck_assert_uint_eq(st.l1c_misses, 1);
  /* 16 distinct words of one 64-byte line: 16 accesses, one miss. */
  mem_warp_access b = mem_test_warp(MEM_LOAD, ISA_SPACE_CONST, 0x2000, 4, 4, 0xffff);
  t += 50;
  mem_sys_cycle(s, t);
  mem_sm_issue(s, 0, &b, t, 2);
  mem_sys_cycle(s, t + 15);
  ck_assert(!mem_sm_can_issue(s, 0, t + 15));
  mem_sys_cycle(s, t + 16);
  ck_assert(mem_sm_can_issue(s, 0, t + 16));
  mem_test_drain(s, t + 16, true, 10000);
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1c_accesses, 2 + 16);
  ck_assert_uint_eq(st.l1c_misses, 2);
  /* .param offsets are not .const addresses. */
  mem_warp_access c = mem_test_warp(MEM_LOAD, ISA_SPACE_PARAM, 0x1000, 0, 4, ALL);
  t = l.cycle[2] + 5;
  ck_assert_uint_gt(mem_test_one(s, &l, 0, &c, t, 3), t + p.const_hit_latency);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Atomics skip L1 and are performed at L2: a second one on the line hits
 * there, F_req = F_rep = one flit for 4 bytes of data. */
START_TEST(atomics_at_l2)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a = mem_test_warp(MEM_ATOMIC, ISA_SPACE_GLOBAL, 0x90000, 0, 4, ALL);
  uint64_t t = mem_test_one(s, &l, 0, &a, 10, 0) + 3;
  uint64_t want = t + 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 4) + flits(&p, 4);
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t, 1), want);
  /* A reduction completes when sent; the hierarchy is busy until L2 did it. */
  a.kind = MEM_REDUCTION;
  t = want + 5;
  mem_sys_cycle(s, t);
  mem_sm_issue(s, 0, &a, t, 2);
  mem_sys_cycle(s, t + 1);
  ck_assert_uint_eq(l.cycle[2], t + 1);
  ck_assert(mem_sys_busy(s));
  mem_test_drain(s, t + 1, true, 10000);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.atomics, 3);
  ck_assert_uint_eq(st.l1d_accesses, 0);
  ck_assert_uint_eq(st.l2_accesses, 3);
  ck_assert_uint_eq(st.l2_misses, 1);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Stores complete when sent (write-through L1, no allocation); L2 is
 * write-back with write-allocate, so a store covering the line makes it
 * dirty without DRAM traffic, and a partial one fetches the line. */
START_TEST(stores)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access a = mem_test_warp(MEM_STORE, ISA_SPACE_GLOBAL, 0xa0000, 4, 4, ALL);
  mem_sys_cycle(s, 10);
  mem_sm_issue(s, 0, &a, 10, 0);
  mem_sys_cycle(s, 11);
  ck_assert_uint_eq(l.cycle[0], 11);
  ck_assert(mem_sys_busy(s));
  uint64_t t = mem_test_drain(s, 11, true, 10000);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l2_accesses, 1);
  ck_assert_uint_eq(st.dram_reads, 0);
  ck_assert_uint_eq(st.dram_writes, 0);
  /* One lane: the line is fetched (two bursts). */
  mem_warp_access b = mem_test_warp(MEM_STORE, ISA_SPACE_GLOBAL, 0xb0000, 4, 4, 1);
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &b, t + 1, 1), t + 2);
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.dram_reads, 2);
  /* The global line stored first is not in L1 (no write allocation). */
  mem_warp_access c = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0xa0000, 4, 4, ALL);
  t = l.now + 5;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &c, t, 2),
                    t + 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 0) + flits(&p, 128));
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Local memory is write-back in L1 (policy L): a store allocates nothing
 * (N), but a store to a line L1 holds makes it dirty without traffic. */
START_TEST(local_write_back)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access ld = mem_test_warp(MEM_LOAD, ISA_SPACE_LOCAL, 0xc0000, 4, 4, ALL);
  uint64_t t = mem_test_one(s, &l, 0, &ld, 10, 0) + 5;
  mem_stats before, after;
  mem_sys_get_stats(s, &before);
  mem_warp_access st = mem_test_warp(MEM_STORE, ISA_SPACE_LOCAL, 0xc0000, 4, 4, ALL);
  mem_test_one(s, &l, 0, &st, t, 1);
  mem_sys_get_stats(s, &after);
  ck_assert_uint_eq(after.icnt_to_mem_flits, before.icnt_to_mem_flits);
  ck_assert_uint_eq(after.l1d_accesses, before.l1d_accesses + 1);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* An instruction with .cg skips L1D (GPGPU-Sim's CACHE_GLOBAL): its
 * loads go to L2 every time and fill no L1 line; its stores go to L2
 * without touching the line L1 holds. */
START_TEST(l1_bypass)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_test_log l;
  mem_test_log_init(&l, 8);
  mem_sys *s = mem_test_create(&p, 1, &l);
  mem_warp_access cg = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0xd0000, 4, 4, ALL);
  cg.is_l1_bypass = true;
  uint64_t t = mem_test_one(s, &l, 0, &cg, 10, 0) + 5;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &cg, t, 1),
                    t + 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 0) + flits(&p, 128));
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, 0);
  ck_assert_uint_eq(st.l2_accesses, 2);
  ck_assert_uint_eq(st.l2_misses, 1);
  /* The line is not in L1: a .ca load misses, then hits. */
  mem_warp_access ca = cg;
  ca.is_l1_bypass = false;
  t = mem_test_one(s, &l, 0, &ca, l.now + 5, 2) + 5;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &ca, t, 3), t + p.l1_hit_latency);
  mem_warp_access store = mem_test_warp(MEM_STORE, ISA_SPACE_GLOBAL, 0xd0000, 4, 4, ALL);
  store.is_l1_bypass = true;
  mem_test_one(s, &l, 0, &store, l.now + 5, 4);
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, 2);
  ck_assert_uint_eq(st.l1d_misses, 1);
  ck_assert_uint_eq(st.l2_accesses, 4);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* Loads of whole lines, one after the other; returns L1 misses. */
static uint64_t l1_misses_of(const char *l1d, const uint64_t *lines, size_t n)
{
  mem_params p;
  char err[256];
  mem_test_gtx480(&p);
  ck_assert_int_eq(mem_cache_params_parse(l1d, &p.l1d, err, sizeof err), 0);
  mem_test_log l;
  mem_test_log_init(&l, n);
  mem_sys *s = mem_test_create(&p, 1, &l);
  uint64_t t = 10;
  for (size_t i = 0; i < n; i++) {
    mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, lines[i], 4, 4, ALL);
    t = mem_test_one(s, &l, 0, &a, t, i) + 5;
  }
  mem_stats st;
  mem_sys_get_stats(s, &st);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
  return st.l1d_misses;
}

/* Lines 4 KB apart share linear set 0 of a 32-set cache; the Fermi hash
 * xors address bits 13-15 into the set, so lines k * 4 KB go to set k / 2
 * (k < 8) and five of them fit in four ways. */
START_TEST(l1_set_index)
{
  uint64_t lines[6] = {0, 4096, 8192, 12288, 16384, 0};
  ck_assert_uint_eq(l1_misses_of("32:128:4,L:L:m:N:L,A:32:8,8", lines, 6), 6);
  ck_assert_uint_eq(l1_misses_of("32:128:4,L:L:m:N:H,A:32:8,8", lines, 6), 5);
}
END_TEST

/* Four ways full (0..3), 0 used again, 4 evicts: LRU drops 1, FIFO 0. */
START_TEST(l1_replacement)
{
  uint64_t lines[7] = {0, 4096, 8192, 12288, 0, 16384, 0};
  ck_assert_uint_eq(l1_misses_of("32:128:4,L:L:m:N:L,A:32:8,8", lines, 7), 5);
  ck_assert_uint_eq(l1_misses_of("32:128:4,F:L:m:N:L,A:32:8,8", lines, 7), 6);
}
END_TEST

/* Sectored L1 and L2 (Volta-style strings): a miss fetches only the
 * sectors touched; another sector of the line is a sector miss. */
START_TEST(sectored)
{
  mem_params p;
  char err[256];
  mem_test_gtx480(&p);
  ck_assert_int_eq(
    mem_cache_params_parse("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", &p.l1d, err, sizeof err), 0);
  ck_assert_int_eq(
    mem_cache_params_parse("S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", &p.l2, err, sizeof err), 0);
  mem_test_log l;
  mem_test_log_init(&l, 4);
  mem_sys *s = mem_test_create(&p, 2, &l);
  mem_warp_access a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x30000, 4, 4, 0xff); /* 32 B */
  mem_warp_access b = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x30020, 4, 4, 0xff);
  uint64_t t = mem_test_one(s, &l, 0, &a, 10, 0) + 5;
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.dram_reads, 1); /* one 32-byte sector: one burst */
  ck_assert_uint_eq(st.icnt_to_sm_flits, flits(&p, 32));
  /* The L2 holds the sector: another SM hits it. */
  uint64_t want = t + 2 * p.icnt_latency + p.l2_rop_latency + flits(&p, 0) + flits(&p, 32);
  ck_assert_uint_eq(mem_test_one(s, &l, 1, &a, t, 1), want);
  /* The next sector misses in L1 and L2; the first one hits in L1. */
  t = mem_test_one(s, &l, 0, &b, want + 5, 2) + 5;
  ck_assert_uint_eq(mem_test_one(s, &l, 0, &a, t, 3), t + p.l1_hit_latency);
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l1d_accesses, 4);
  ck_assert_uint_eq(st.l1d_misses, 3);
  ck_assert_uint_eq(st.l2_misses, 2);
  ck_assert_uint_eq(st.dram_reads, 2);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

START_TEST(create_errors)
{
  mem_params p;
  mem_sys *s = NULL;
  char err[256];
  mem_test_gtx480(&p);
  ck_assert_int_eq(mem_cache_params_parse("16:128:4,L:L:m:N:H,A:32:8,8", &p.l1d, err, sizeof err), 0);
  ck_assert_int_ne(mem_sys_create(&p, 1, NULL, NULL, &s, err, sizeof err), 0);
  ck_assert_ptr_null(s);
  ck_assert_ptr_nonnull(strstr(err, "32 or 64"));
  mem_test_gtx480(&p);
  ck_assert_int_eq(mem_addr_map_parse("00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR."
                                      "RBBBCCCC.DDDSSSSS",
                                      &p.addr_map, err, sizeof err),
                   0);
  ck_assert_int_ne(mem_sys_create(&p, 1, NULL, NULL, &s, err, sizeof err), 0);
  ck_assert_ptr_nonnull(strstr(err, "D bits"));
  mem_test_gtx480(&p);
  p.dram_mhz = 0;
  p.core_mhz = -1;
  ck_assert_int_ne(mem_sys_create(&p, 1, NULL, NULL, &s, err, sizeof err), 0);
  ck_assert_ptr_nonnull(strstr(err, "core clock"));
  mem_test_gtx480(&p);
  p.n_channels = 0;
  ck_assert_int_ne(mem_sys_create(&p, 1, NULL, NULL, &s, err, sizeof err), 0);
  ck_assert_ptr_nonnull(strstr(err, "gpgpu_n_mem"));
  mem_test_gtx480(&p);
  ck_assert_int_eq(mem_sys_create(&p, 15, NULL, NULL, &s, err, sizeof err), 0);
  ck_assert(!mem_sys_busy(s));
  ck_assert_uint_eq(mem_sys_next_event(s), UINT64_MAX);
  mem_sys_destroy(s);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("mem_latency");
  TCase *tc = tcase_create("paths");
  tcase_add_test(tc, l1_hit);
  tcase_add_test(tc, l2_hit);
  tcase_add_test(tc, l2_rop_latency_wide);
  tcase_add_test(tc, dram_closed_row);
  tcase_add_test(tc, dram_row_buffer);
  suite_add_tcase(s, tc);
  tc = tcase_create("sm");
  tcase_add_test(tc, shmem_conflicts);
  tcase_add_test(tc, mixed_spaces);
  tcase_add_loop_test(tc, coalescing, 0, (int)PTX_ARRAY_SIZE(coal));
  tcase_add_test(tc, mshr_merge);
  tcase_add_test(tc, constant_cache);
  tcase_add_test(tc, atomics_at_l2);
  tcase_add_test(tc, stores);
  tcase_add_test(tc, local_write_back);
  tcase_add_test(tc, l1_bypass);
  tcase_add_test(tc, l1_set_index);
  tcase_add_test(tc, l1_replacement);
  tcase_add_test(tc, sectored);
  tcase_add_test(tc, create_errors);
  suite_add_tcase(s, tc);
  return test_run(s);
}
