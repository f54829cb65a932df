/* check_mem_dram.c -- the memory hierarchy under load: streaming reads
 * reach the configured peak DRAM bandwidth, FR-FCFS serves a younger row
 * hit before an older row miss (and FCFS does not), a store-only stream
 * drains, identical runs give identical results, and skipping cycles with
 * mem_sys_next_event() changes nothing.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "tests/memsys/mem_test.h"
#include "tests/test_util.h"

#define ALL 0xffffffffu

/* Peak DRAM bandwidth in bytes per core cycle, derived as GPGPU-Sim does:
 * DRAM clock x data_ratio transfers x bus bytes x chips, per channel. */
static double peak_bytes_per_core_cycle(const mem_params *p)
{
  return p->dram_mhz * p->dram_data_ratio * p->dram_bus_bytes * p->dram_chips * p->n_channels /
         p->core_mhz;
}

/* Streams n_lines 128-byte lines, line k by SM k mod n_sms, each SM
 * issuing whenever its pipeline takes an instruction; returns the bytes
 * per core cycle from the first issue to the last completion. */
static double stream_read(const mem_params *p, uint32_t n_sms, size_t n_lines, mem_stats *st)
{
  mem_test_log l;
  mem_test_log_init(&l, n_lines);
  mem_sys *s = mem_test_create(p, n_sms, &l);
  size_t next[64];
  for (uint32_t i = 0; i < n_sms; i++)
    next[i] = i;
  uint64_t now = 0, first = UINT64_MAX, last = 0;
  size_t issued = 0;
  while (issued < n_lines || mem_sys_busy(s)) {
    mem_sys_cycle(s, now);
    for (uint32_t i = 0; i < n_sms; i++)
      if (next[i] < n_lines && mem_sm_can_issue(s, i, now)) {
        mem_warp_access a =
          mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, 0x1000000 + next[i] * 128, 4, 4, ALL);
        mem_sm_issue(s, i, &a, now, next[i]);
        if (first == UINT64_MAX)
          first = now;
        next[i] += n_sms;
        issued++;
      }
    now++;
    ck_assert_uint_lt(now, 100 * n_lines);
  }
  ck_assert_uint_eq(l.n_done, n_lines);
  for (size_t k = 0; k < n_lines; k++)
    if (l.cycle[k] > last)
      last = l.cycle[k];
  mem_sys_get_stats(s, st);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
  return (double)n_lines * 128 / (double)(last - first + 1);
}

/* 8 MB through all six channels.  Loads skip L1 (-gpgpu_gmem_skip_L1D,
 * ld.global.cg) so that the SMs' 32 MSHRs each do not bound the bytes in
 * flight: the DRAM is the bottleneck, as the test intends. */
START_TEST(stream_peak_bandwidth)
{
  mem_params p;
  mem_test_gtx480(&p);
  p.l1d_bypass_global = true;
  mem_stats st;
  size_t n = 8u << 20 >> 7;
  double got = stream_read(&p, 15, n, &st), peak = peak_bytes_per_core_cycle(&p);
  fprintf(stderr, "streaming: %.1f B/cycle = %.1f GB/s, peak %.1f GB/s (%.1f%%)\n", got,
          got * p.core_mhz / 1000, peak * p.core_mhz / 1000, 100 * got / peak);
  ck_assert_msg(got >= 0.9 * peak && got <= peak * 1.001, "%.1f B/cycle, peak %.1f", got, peak);
  uint64_t atom = p.dram_burst_length * p.dram_bus_bytes * p.dram_chips;
  ck_assert_uint_eq(st.dram_reads, n * 128 / atom);
  ck_assert_uint_eq(st.dram_busy_cycles, st.dram_reads * p.dram_burst_length / p.dram_data_ratio);
  ck_assert_uint_eq(st.dram_row_hits + st.dram_activations, n);
  /* Peak ignores every overhead: the bus cannot be busier than its cycles. */
  ck_assert_uint_le(st.dram_busy_cycles, st.dram_cycles * p.n_channels);
}
END_TEST

/* Same stream through L1 (no bypass): all lines miss once, nothing hits. */
START_TEST(stream_through_l1)
{
  mem_params p;
  mem_test_gtx480(&p);
  mem_stats st;
  size_t n = 1u << 20 >> 7;
  double got = stream_read(&p, 15, n, &st), peak = peak_bytes_per_core_cycle(&p);
  ck_assert_double_le(got, peak * 1.001);
  ck_assert_uint_eq(st.l1d_accesses, n);
  ck_assert_uint_eq(st.l1d_misses, n);
  ck_assert_uint_eq(st.l2_misses, n);
  ck_assert_uint_gt(st.l1d_reservation_fails, 0); /* MSHRs or miss queue ran full */
}
END_TEST

/* R1 opens row 0 of bank 0, R2 (older, row 1) must wait for it, R3
 * (younger, row 0) hits the open row: FR-FCFS serves R3 before R2. */
static void row_order(int scheduler, uint64_t *done2, uint64_t *done3, mem_stats *st)
{
  mem_params p;
  mem_test_gtx480(&p);
  p.dram_scheduler = (uint32_t)scheduler;
  mem_test_log l;
  mem_test_log_init(&l, 3);
  mem_sys *s = mem_test_create(&p, 3, &l);
  uint64_t rest[3] = {0, UINT64_C(1) << 15, UINT64_C(1) << 8};
  for (uint32_t i = 0; i < 3; i++) {
    mem_sys_cycle(s, 10 + i);
    mem_warp_access a =
      mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, mem_test_gtx480_addr(0, rest[i]), 4, 4, ALL);
    mem_sm_issue(s, i, &a, 10 + i, i);
  }
  mem_test_drain(s, 12, true, 100000);
  *done2 = l.cycle[1];
  *done3 = l.cycle[2];
  mem_sys_get_stats(s, st);
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}

START_TEST(frfcfs_row_hit_first)
{
  uint64_t d2, d3;
  mem_stats st;
  row_order(1, &d2, &d3, &st);
  ck_assert_uint_lt(d3, d2);
  ck_assert_uint_eq(st.dram_activations, 2);
  ck_assert_uint_eq(st.dram_row_hits, 1);
  row_order(0, &d2, &d3, &st);
  ck_assert_uint_lt(d2, d3);
  ck_assert_uint_eq(st.dram_activations, 3);
  ck_assert_uint_eq(st.dram_row_hits, 0);
}
END_TEST

/* 2 MB of stores (every 16th one a single lane) from 15 SMs: each store
 * completes when sent, and the hierarchy drains; L2 (write-back, 768 KB)
 * writes back what it evicts, two bursts per 128-byte line. */
START_TEST(store_stream_drains)
{
  mem_params p;
  mem_test_gtx480(&p);
  size_t n = 2u << 20 >> 7;
  uint32_t n_sms = 15;
  mem_test_log l;
  mem_test_log_init(&l, n);
  mem_sys *s = mem_test_create(&p, n_sms, &l);
  size_t next[15];
  for (uint32_t i = 0; i < n_sms; i++)
    next[i] = i;
  uint64_t now = 0;
  size_t issued = 0;
  while (issued < n) {
    mem_sys_cycle(s, now);
    for (uint32_t i = 0; i < n_sms; i++)
      if (next[i] < n && mem_sm_can_issue(s, i, now)) {
        mem_warp_access a = mem_test_warp(MEM_STORE, ISA_SPACE_GLOBAL, 0x4000000 + next[i] * 128,
                                          4, 4, next[i] % 16 ? ALL : 1);
        mem_sm_issue(s, i, &a, now, next[i]);
        next[i] += n_sms;
        issued++;
      }
    now++;
    ck_assert_uint_lt(now, 10000000);
  }
  mem_test_drain(s, now, true, 1000000);
  ck_assert(!mem_sys_busy(s));
  ck_assert_uint_eq(mem_sys_next_event(s), UINT64_MAX);
  ck_assert_uint_eq(l.n_done, n);
  mem_stats st;
  mem_sys_get_stats(s, &st);
  ck_assert_uint_eq(st.l2_accesses, n);
  ck_assert_uint_gt(st.l2_writebacks, n - (768 * 1024 / 128) - n / 16);
  ck_assert_uint_eq(st.dram_writes, 2 * st.l2_writebacks);
  ck_assert_uint_eq(st.dram_reads, 2 * (n / 16)); /* partial lines fetched */
  mem_sys_destroy(s);
  mem_test_log_free(&l);
}
END_TEST

/* ---- determinism and cycle skipping ----------------------------------- */

typedef struct mix_run {
  mem_test_log log;
  mem_stats st;
  uint64_t end;
} mix_run;

/* What a mix() run varies besides cycle skipping: -ptxsim_skip_idle (the
 * DRAM scheduler's idle passes), the return queue (a small one blocks
 * reads), and the span of the global addresses (a wide one: rows that
 * conflict in every bank). */
typedef struct mix_knobs {
  bool is_skip_idle;
  uint32_t return_queue;  /* 0: the configuration's */
  uint32_t span_lines;    /* 0: 2048 lines */
} mix_knobs;

/* A seeded mixture of loads (coalesced, strided, scattered), stores,
 * atomics, shared and constant loads on 4 SMs.  With is_skipping, cycles
 * in which no SM can issue jump to mem_sys_next_event(). */
static void mix_with(bool is_skipping, const mix_knobs *k, mix_run *r)
{
  enum { N_SMS = 4, PER_SM = 400 };
  mem_params p;
  mem_test_gtx480(&p);
  p.is_skip_idle = k->is_skip_idle;
  if (k->return_queue)
    p.dram_return_queue = k->return_queue;
  uint32_t span = k->span_lines ? k->span_lines : 2048;
  mem_test_log_init(&r->log, N_SMS * PER_SM);
  mem_sys *s = mem_test_create(&p, N_SMS, &r->log);
  uint32_t done[N_SMS] = {0};
  uint64_t seed = 12345, now = 0;
  size_t left = N_SMS * PER_SM;
  while (left || mem_sys_busy(s)) {
    mem_sys_cycle(s, now);
    bool is_issued = false;
    for (uint32_t i = 0; i < N_SMS; i++) {
      if (done[i] == PER_SM || !mem_sm_can_issue(s, i, now))
        continue;
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      uint32_t r32 = (uint32_t)(seed >> 33), pick = r32 % 100;
      uint64_t base = 0x100000 + (uint64_t)(r32 % span) * 128;
      mem_warp_access a;
      if (pick < 35)
        a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, base, 4, 4, ALL);
      else if (pick < 45)
        a = mem_test_warp(MEM_LOAD, ISA_SPACE_GLOBAL, base, 4 * (r32 % 64 + 1), 4, ALL);
      else if (pick < 55)
        a = mem_test_warp(MEM_STORE, ISA_SPACE_GLOBAL, base, 4, 4, r32 & 1 ? ALL : 0xff);
      else if (pick < 60)
        a = mem_test_warp(MEM_ATOMIC, ISA_SPACE_GLOBAL, base, 0, 4, ALL);
      else if (pick < 63)
        a = mem_test_warp(MEM_REDUCTION, ISA_SPACE_GLOBAL, base, 4, 4, ALL);
      else if (pick < 75)
        a = mem_test_warp(MEM_LOAD, ISA_SPACE_SHARED, 0, 4 * (r32 % 4 + 1), 4, ALL);
      else if (pick < 85)
        a = mem_test_warp(MEM_LOAD, ISA_SPACE_CONST, (r32 % 64) * 16, r32 % 3 ? 0 : 4, 4, ALL);
      else if (pick < 92)
        a = mem_test_warp(MEM_LOAD, ISA_SPACE_LOCAL, 0x800000 + i * 0x10000 + (r32 % 32) * 128,
                          4, 4, ALL);
      else
        a = mem_test_warp(MEM_STORE, ISA_SPACE_LOCAL, 0x800000 + i * 0x10000 + (r32 % 32) * 128,
                          4, 4, ALL);
      mem_sm_issue(s, i, &a, now, (uint64_t)i * PER_SM + done[i]);
      done[i]++;
      left--;
      is_issued = true;
    }
    uint64_t next = now + 1;
    if (is_skipping && !is_issued) {
      /* Nothing issued: the SMs wait for their pipelines or are done, and
       * next_event must say when anything changes. */
      next = mem_sys_next_event(s);
      if (next == UINT64_MAX && !left)
        break;
      ck_assert_uint_gt(next, now);
      ck_assert_uint_ne(next, UINT64_MAX);
    }
    now = next;
    ck_assert_uint_lt(now, 10000000);
  }
  r->end = now;
  mem_sys_get_stats(s, &r->st);
  ck_assert(!mem_sys_busy(s));
  mem_sys_destroy(s);
}

static void mix(bool is_skipping, mix_run *r)
{
  mix_knobs k = {0};
  mix_with(is_skipping, &k, r);
}

START_TEST(deterministic)
{
  mix_run a, b;
  mix(false, &a);
  mix(false, &b);
  ck_assert_uint_eq(a.log.n_done, a.log.n_tags);
  ck_assert_int_eq(memcmp(&a.st, &b.st, sizeof a.st), 0);
  ck_assert_int_eq(memcmp(a.log.cycle, b.log.cycle, a.log.n_tags * sizeof *a.log.cycle), 0);
  ck_assert_uint_gt(a.st.dram_reads, 0);
  ck_assert_uint_gt(a.st.atomics, 0);
  ck_assert_uint_gt(a.st.shmem_bank_conflict_cycles, 0);
  ck_assert_uint_gt(a.st.l1c_accesses, 0);
  mem_test_log_free(&a.log);
  mem_test_log_free(&b.log);
}
END_TEST

START_TEST(skipping_is_exact)
{
  mix_run a, b;
  mix(false, &a);
  mix(true, &b);
  ck_assert_uint_eq(b.log.n_done, b.log.n_tags);
  for (size_t k = 0; k < a.log.n_tags; k++)
    ck_assert_msg(a.log.cycle[k] == b.log.cycle[k], "tag %zu: stepping %llu, skipping %llu", k,
                  (unsigned long long)a.log.cycle[k], (unsigned long long)b.log.cycle[k]);
  a.st.dram_cycles = b.st.dram_cycles = 0; /* counted up to where each run stopped */
  ck_assert_int_eq(memcmp(&a.st, &b.st, sizeof a.st), 0);
  mem_test_log_free(&a.log);
  mem_test_log_free(&b.log);
}
END_TEST

/* -ptxsim_skip_idle: the FR-FCFS scheduler skips passes before the
 * earliest cycle any queued request's next command meets its timing
 * (mem_dram.c, mem_dram_idle_until).  Every completion and statistic must
 * be those of a scheduler that tries every DRAM cycle, under row
 * conflicts in every bank (a wide span), read/write turnarounds, and a
 * return queue so small that it blocks reads (which only the L2 taking
 * data frees). */
START_TEST(dram_idle_skip_is_exact)
{
  static const mix_knobs variants[][2] = {
    {{false, 0, 0}, {true, 0, 0}},
    {{false, 0, 1u << 16}, {true, 0, 1u << 16}},
    {{false, 2, 1u << 16}, {true, 2, 1u << 16}},
  };
  for (size_t v = 0; v < PTX_ARRAY_SIZE(variants); v++) {
    mix_run a, b;
    mix_with(true, &variants[v][0], &a);
    mix_with(true, &variants[v][1], &b);
    ck_assert_uint_eq(b.log.n_done, b.log.n_tags);
    ck_assert_uint_gt(a.st.dram_activations, 0);
    for (size_t k = 0; k < a.log.n_tags; k++)
      ck_assert_msg(a.log.cycle[k] == b.log.cycle[k],
                    "variant %zu, tag %zu: every pass %llu, skipping %llu", v, k,
                    (unsigned long long)a.log.cycle[k], (unsigned long long)b.log.cycle[k]);
    ck_assert_uint_eq(a.end, b.end);
    ck_assert_int_eq(memcmp(&a.st, &b.st, sizeof a.st), 0);
    mem_test_log_free(&a.log);
    mem_test_log_free(&b.log);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("mem_dram");
  TCase *tc = tcase_create("dram");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, stream_peak_bandwidth);
  tcase_add_test(tc, stream_through_l1);
  tcase_add_test(tc, frfcfs_row_hit_first);
  tcase_add_test(tc, store_stream_drains);
  suite_add_tcase(s, tc);
  tc = tcase_create("runs");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, deterministic);
  tcase_add_test(tc, skipping_is_exact);
  tcase_add_test(tc, dram_idle_skip_is_exact);
  suite_add_tcase(s, tc);
  return test_run(s);
}
