/* check_timing.c -- the timing model against microbenchmarks whose timing
 * is known analytically (tests/pipeline/microbench.ptx), through the public
 * interface.
 *
 * Each test sets the configuration values its expectation depends on, so
 * the expected numbers are derived here from the options, never read back
 * from the simulator.  Differences between two runs that only differ in
 * the amount of work (chain length, loop count) cancel start-up and drain
 * costs, so the per-unit costs can be compared exactly or within a stated
 * tolerance.  Every kernel's results are checked too: timing mode must
 * compute what functional mode computes.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "tests/pipeline/tm_fixture.h"

/* A timing-mode device on microbench.ptx, the named configuration and
 * options ("-name", "value" pairs, NULL-terminated). */
static void open_microbench(tm_fixture *f, const char *config, const char *const *options)
{
  tm_fixture_open(f, "tests/pipeline/microbench.ptx", config, NULL, options);
}

/* One SM, and the options every test shares. */
#define ONE_SM "-gpgpu_n_clusters", "1", "-gpgpu_n_cores_per_cluster", "1"

/* ---- a chain of dependent adds ------------------------------------------ */

static uint64_t chain_cycles(const char *lat_list, unsigned n)
{
  const char *opts[] = {ONE_SM, "-ptx_opcode_latency_int", lat_list,
                        "-ptxsim_ibuffer_entries", "2", "-ptxsim_fetch_latency", "1", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 32 * 4);
  char k[32];
  snprintf(k, sizeof k, "chain_add_%u", n);
  const void *args[] = {&out};
  uint64_t c = tm_fixture_launch(&f, k, 1, 32, args, 1);
  uint32_t got[32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(got[t], t + n);
  tm_fixture_close(&f);
  return c;
}

/* N dependent adds on one warp take N x the add latency: the chain of 128
 * takes 64 x latency more than the chain of 64. */
START_TEST(dependent_chain)
{
  static const struct {
    const char *list;
    unsigned add_latency;
  } cases[] = {{"4,13,4,5,145", 4}, {"7,13,4,5,145", 7}, {"2,13,4,5,145", 2}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint64_t c64 = chain_cycles(cases[i].list, 64), c128 = chain_cycles(cases[i].list, 128);
    ck_assert_msg(c128 - c64 == 64ull * cases[i].add_latency,
                  "latency %u: chains of 64 and 128 adds took %" PRIu64 " and %" PRIu64
                  " cycles; expected a difference of %u",
                  cases[i].add_latency, c64, c128, 64 * cases[i].add_latency);
  }
}
END_TEST

/* gtx280_ilp (seed 002 chapter 4, one SM): a chain of dependent adds, 002b
 * Part F 1 and 2.  ALU latency 3 and one instruction in flight: each add
 * of a lone warp waits 2 cycles for the previous one's write-back, so 64
 * more adds take 64 x 3 more cycles and add 64 x 2 stall cycles.  They are
 * of cause raw_alu but one per 64 adds: the 64-entry instruction buffer
 * runs dry after its 64th, and its refill (fetch latency 1) is checked
 * first, so the first cycle of that wait counts as fetch.  With
 * -ptxsim_bypass 1 the bypass stage EX8 is 8 / 4 stages per cycle = 2
 * cycles: 64 x 2 more cycles, 64 x 1 more stalls (again one of them
 * fetch), and each add reads its operand through the bypass (64 more
 * uses, each 3 - 2 = 1 cycle before write-back).  EX4 is 1 cycle: back to
 * back, 64 more cycles and the refill's one.  Two warps (64 threads)
 * without the bypass each issue once in 3 cycles (64 x 3 more cycles for
 * both), with it fill every slot (64 x 2 for 128 more adds): Part F 1's
 * "2 warps and bypass: full issue rate". */
START_TEST(chain_stall_causes_and_bypass)
{
  static const struct {
    const char *bypass, *stage;
    unsigned threads, cycles_per_64, stalls_per_64;
  } cases[] = {
      {"0", "8", 32, 64 * 3, 64 * 2}, {"1", "8", 32, 64 * 2, 64 * 1},
      {"1", "4", 32, 64 + 1, 1},      {"0", "8", 64, 64 * 3, 64 * 1},
      {"1", "8", 64, 64 * 2, 0},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const char *opts[] = {ONE_SM, "-ptxsim_bypass", cases[c].bypass, "-ptxsim_bypass_stage",
                          cases[c].stage, NULL};
    bool is_bypass = cases[c].bypass[0] == '1';
    unsigned n = cases[c].threads;
    uint64_t cycles[2], stalls[2], raw_alu[2], fetch[2], uses[2], saved[2];
    for (int i = 0; i < 2; i++) {
      tm_fixture f;
      open_microbench(&f, "gtx280_ilp", opts);
      ptxsim_devptr out = tm_fixture_alloc(&f, n * 4);
      const void *args[] = {&out};
      cycles[i] = tm_fixture_launch(&f, i ? "chain_add_128" : "chain_add_64", 1, n, args, 1);
      char *text = tm_fixture_stats_text(&f);
      raw_alu[i] = tm_stats_u64(text, "ptxsim_issue_stall_raw_alu");
      fetch[i] = tm_stats_u64(text, "ptxsim_issue_stall_fetch");
      stalls[i] = tm_stats_u64(text, "sched0_stall_Idle") +
                  tm_stats_u64(text, "sched0_stall_Scoreboard") +
                  tm_stats_u64(text, "sched0_stall_Pipeline");
      uses[i] = tm_stats_u64(text, "ptxsim_bypass_uses");
      saved[i] = tm_stats_u64(text, "ptxsim_bypass_cycles_saved");
      free(text);
      uint32_t got[64];
      ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, n * 4), PTXSIM_OK);
      for (uint32_t t = 0; t < n; t++)
        ck_assert_uint_eq(got[t], t + (i ? 128 : 64));
      tm_fixture_close(&f);
    }
    ck_assert_msg(cycles[1] - cycles[0] == cases[c].cycles_per_64,
                  "case %zu: %" PRIu64 " more cycles, expected %u", c, cycles[1] - cycles[0],
                  cases[c].cycles_per_64);
    ck_assert_msg(stalls[1] - stalls[0] == cases[c].stalls_per_64,
                  "case %zu: %" PRIu64 " more stall cycles, expected %u", c,
                  stalls[1] - stalls[0], cases[c].stalls_per_64);
    bool is_ex8 = cases[c].stage[0] == '8';
    if (n == 32) {
      /* One refill per 64 adds: its first cycle is fetch, the rest raw_alu. */
      ck_assert_uint_eq(fetch[1] - fetch[0], 1);
      ck_assert_uint_eq(raw_alu[1] - raw_alu[0], cases[c].stalls_per_64 - 1);
      /* EX4's forward (1 cycle) meets the next add at once, 2 cycles
       * before write-back, but for the add after the refill: 1. */
      uint64_t want_saved = !is_bypass ? 0 : is_ex8 ? 64 : 64 * 2 - 1;
      ck_assert_uint_eq(uses[1] - uses[0], is_bypass ? 64 : 0);
      ck_assert_uint_eq(saved[1] - saved[0], want_saved);
    }
  }
}
END_TEST

/* With a latency of 1 the instruction buffer is the limit: two entries,
 * refilled one cycle after the cycle that emptied them (fetch latency 1),
 * so a lone warp issues two instructions every three cycles and 64 more
 * adds take 96 more cycles. */
START_TEST(instruction_buffer_bound)
{
  uint64_t c64 = chain_cycles("1,13,4,5,145", 64), c128 = chain_cycles("1,13,4,5,145", 128);
  ck_assert_msg(c128 - c64 == 96, "chains of 64 and 128 adds took %" PRIu64 " and %" PRIu64
                " cycles; expected a difference of 96", c64, c128);
}
END_TEST

/* ---- independent warps fill the issue width ------------------------------ */

START_TEST(independent_warps_fill_issue)
{
  /* Two schedulers issuing one instruction per cycle each; two SP units
   * with an initiation interval of 1, so issue is the only limit. */
  const char *opts[] = {ONE_SM,
                        "-gpgpu_num_sched_per_core", "2",
                        "-gpgpu_max_insn_issue_per_warp", "1",
                        "-gpgpu_num_sp_units", "2",
                        "-ptx_opcode_initiation_int", "1,2,2,1,8",
                        NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 1536 * 4);
  uint32_t iters = 64;
  const void *args[] = {&out, &iters};
  tm_fixture_launch(&f, "indep_add", 6, 256, args, 2);
  ptxsim_stats s;
  ck_assert_int_eq(ptxsim_last_stats(f.device, &s), PTXSIM_OK);
  double warp_ipc = (double)s.warp_instructions / (double)s.cycles;
  ck_assert_msg(warp_ipc <= 2.0 && warp_ipc >= 0.9 * 2.0,
                "48 independent warps issued %.3f warp instructions per cycle; the issue width "
                "is 2",
                warp_ipc);
  uint32_t got[1536];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 1536; t++)
    ck_assert_uint_eq(got[t], 36 * iters);
  tm_fixture_close(&f);
}
END_TEST

/* ---- shared-memory bank conflicts ------------------------------------------ */

static uint64_t bank_cycles(uint32_t stride, uint32_t iters)
{
  const char *opts[] = {ONE_SM, "-gpgpu_shmem_num_banks", "32", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 256 * 4);
  const void *args[] = {&stride, &iters, &out};
  uint64_t c = tm_fixture_launch(&f, "bank_conflict", 1, 256, args, 3);
  uint32_t got[256];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 256; t++)
    ck_assert_uint_eq(got[t], 4 * iters * ((t * stride) % 1024));
  tm_fixture_close(&f);
  return c;
}

/* An n-way bank conflict costs n times the conflict-free access: the
 * extra cycles of 16 more iterations (512 loads per warp, 8 warps) grow
 * n-fold, within 10%. */
START_TEST(bank_conflicts)
{
  uint64_t base = bank_cycles(1, 24) - bank_cycles(1, 8);
  static const uint32_t ways[] = {2, 4, 8, 32};
  for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
    uint64_t d = bank_cycles(ways[i], 24) - bank_cycles(ways[i], 8);
    double r = (double)d / (double)base;
    ck_assert_msg(r >= 0.9 * ways[i] && r <= 1.1 * ways[i],
                  "%u-way conflicts: %" PRIu64 " extra cycles against %" PRIu64
                  " without conflicts (ratio %.2f)",
                  ways[i], d, base, r);
  }
}
END_TEST

/* ---- the memory hierarchy: pointer chases ------------------------------------ */

/* The memory parameters every chase fixes (GTX480 values, one clock). */
#define CHASE_OPTS                                                                      \
  ONE_SM, "-gpgpu_clock_domains", "700.0:700.0:700.0:924.0", "-gpgpu_l1_latency", "20", \
      "-ptxsim_icnt_latency", "4", "-gpgpu_l2_rop_latency", "120", "-icnt_flit_size", "32", \
      "-dram_latency", "100", "-gpgpu_cache:dl1", "32:128:4,L:L:m:N:L,A:32:8,8"

/* Cycles of a one-thread chase through the n_lines 128-byte lines of a
 * buffer, visited in the order perm gives, for iters x 16 loads. */
static uint64_t chase_cycles(const uint32_t *perm, uint32_t n_lines, uint32_t iters)
{
  const char *opts[] = {CHASE_OPTS, NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  size_t bytes = (size_t)n_lines * 128;
  ptxsim_devptr buf = tm_fixture_alloc(&f, bytes), out = tm_fixture_alloc(&f, 8);
  uint64_t *host = calloc(bytes / 8, 8);
  for (uint32_t i = 0; i < n_lines; i++)
    host[(size_t)perm[i] * 16] = buf + (uint64_t)perm[(i + 1) % n_lines] * 128;
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, buf, host, bytes), PTXSIM_OK);
  ptxsim_devptr start = buf + (uint64_t)perm[0] * 128;
  const void *args[] = {&start, &iters, &out};
  uint64_t c = tm_fixture_launch(&f, "chase", 1, 1, args, 3);
  /* The pointer after iters x 16 steps from perm[0]. */
  uint64_t got;
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, &got, out, 8), PTXSIM_OK);
  ck_assert_uint_eq(got, buf + (uint64_t)perm[(uint64_t)iters * 16 % n_lines] * 128);
  free(host);
  tm_fixture_close(&f);
  return c;
}

static void identity(uint32_t *perm, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    perm[i] = i;
}

/* Each dependent load hits L1: it costs the L1 hit latency (20 here), the
 * loop around the loads hiding under it. */
START_TEST(chase_l1)
{
  uint32_t perm[64];
  identity(perm, 64); /* 8 KB: fits the 16 KB L1 */
  uint64_t d = chase_cycles(perm, 64, 40) - chase_cycles(perm, 64, 8);
  ck_assert_msg(d == 32ull * 16 * 20, "512 more L1 hits took %" PRIu64 " cycles, expected %u", d,
                32 * 16 * 20);
}
END_TEST

/* 256 lines (32 KB) visited cyclically miss the 16 KB, 4-way, linearly
 * indexed LRU L1 every time (8 lines per set) and hit L2 after the first
 * pass.  memsys/mem_timing.h: an L2 hit costs 2 I + R + F_req + F_rep
 * with I = 4, R = 120, F_req = ceil(8 / 32) = 1 and F_rep = ceil((8 + 128)
 * / 32) = 5 flits: 134 cycles. */
START_TEST(chase_l2)
{
  uint32_t perm[256];
  identity(perm, 256);
  uint64_t d = chase_cycles(perm, 256, 64) - chase_cycles(perm, 256, 32);
  uint64_t per = 2 * 4 + 120 + 1 + 5;
  ck_assert_msg(d == 32ull * 16 * per, "512 more L2 hits took %" PRIu64 " cycles, expected %" PRIu64,
                d, (uint64_t)32 * 16 * per);
}
END_TEST

/* Cold lines in random order miss everywhere.  A DRAM access to a bank
 * with another row open costs tRP + tRCD + (B - 1) max(tCCD, BL / 4) + tCL
 * + BL / 4 DRAM cycles for the B = 128 / (8 x 4 x 2) = 2 bursts of a line
 * (12 + 12 + 2 + 12 + 2 = 40 at 924 MHz, 30.3 core cycles at 700 MHz), on
 * top of I + R + F_req + 1 + dram_latency (100) before it and I + F_rep
 * after: about 265 cycles a load.  Row hits and bank timing make it vary;
 * within 10%. */
START_TEST(chase_dram)
{
  enum { LINES = 32768 }; /* 4 MB, above the 768 KB L2 */
  uint32_t *perm = malloc(sizeof *perm * LINES);
  identity(perm, LINES);
  uint64_t x = 0x2545f4914f6cdd1dull;
  for (uint32_t i = LINES - 1; i > 0; i--) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    uint32_t j = (uint32_t)(x % (i + 1)), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  uint64_t d = chase_cycles(perm, LINES, 192) - chase_cycles(perm, LINES, 64);
  free(perm);
  double per = (double)d / (128.0 * 16), expect = 4 + 120 + 1 + 1 + 100 + 40 * 700.0 / 924.0 + 4 + 5;
  ck_assert_msg(per >= 0.9 * expect && per <= 1.1 * expect,
                "a DRAM access took %.1f cycles; expected about %.1f", per, expect);
}
END_TEST

/* Local memory is laid out word-interleaved across threads, so a warp's
 * access to one local word is one 128-byte L1 access: 2 warps x (16
 * stores + 16 loads) = 64 accesses. */
START_TEST(local_memory_coalesces)
{
  const char *opts[] = {ONE_SM, NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 64 * 4);
  const void *args[] = {&out};
  tm_fixture_launch(&f, "local_rw", 1, 64, args, 1);
  uint32_t got[64];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 64; t++)
    ck_assert_uint_eq(got[t], 16 * t + 120);
  /* The final global store of each warp is one access more. */
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "L1D_total_cache_accesses"), 64 + 2);
  tm_fixture_close(&f);
}
END_TEST

/* ---- cache operators ------------------------------------------------------------ */

/* What kernel ld2_<ops> of microbench.ptx costs: one thread loads buf[0]
 * twice (the second load waits for the first) and stores the sum. */
typedef struct ld2_cost {
  uint64_t cycles, l1d, l1d_misses, l2;
} ld2_cost;

static ld2_cost ld2_run(const char *k)
{
  const char *opts[] = {CHASE_OPTS, "-gpgpu_cache:dl1", "S:32:128:4,L:L:m:N:L,A:32:8,8", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr buf = tm_fixture_alloc(&f, 128), out = tm_fixture_alloc(&f, 128);
  uint32_t v = 21, got = 0;
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, buf, &v, 4), PTXSIM_OK);
  const void *args[] = {&buf, &out};
  ld2_cost c = {.cycles = tm_fixture_launch(&f, k, 1, 1, args, 2)};
  c.l1d = tm_fixture_stat_u64(&f, "L1D_total_cache_accesses");
  c.l1d_misses = tm_fixture_stat_u64(&f, "L1D_total_cache_misses");
  c.l2 = tm_fixture_stat_u64(&f, "L2_total_cache_accesses");
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, &got, out, 4), PTXSIM_OK);
  ck_assert_uint_eq(got, 42);
  tm_fixture_close(&f);
  return c;
}

/* GPGPU-Sim's ldst_unit sends the loads and stores of .cg (CACHE_GLOBAL)
 * past L1D and times .ca, .cs, .lu and .cv alike.  With .ca, L1D sees both
 * loads (the first misses, the second hits) and the write-through store
 * (a miss: no write-allocate); L2 sees the first load's fetch, the store
 * and the constant cache's miss on the parameters.  With .cg, neither
 * load touches L1D and L2 sees both, so the second load costs an L2 hit
 * instead of an L1 hit: 2 I + R + F_req + F_rep - l1 latency = 2 x 4 + 120
 * + 1 + ceil((8 + 32) / 32) - 20 = 111 cycles more (a sectored L1, so
 * that the first load fetches one sector either way).  st.global.cg
 * leaves L1D too. */
START_TEST(cache_operators)
{
  const uint64_t params = 1; /* the constant cache's one L2 access */
  ld2_cost ca = ld2_run("ld2_ca");
  ck_assert_uint_eq(ca.l1d, 3);
  ck_assert_uint_eq(ca.l1d_misses, 2);
  ck_assert_uint_eq(ca.l2, params + 2);
  static const char *const like_ca[] = {"ld2_cs", "ld2_lu", "ld2_cv"};
  for (size_t i = 0; i < sizeof like_ca / sizeof like_ca[0]; i++) {
    ld2_cost c = ld2_run(like_ca[i]);
    ck_assert_msg(c.cycles == ca.cycles && c.l1d == ca.l1d && c.l1d_misses == ca.l1d_misses &&
                      c.l2 == ca.l2,
                  "%s: %" PRIu64 " cycles, L1D %" PRIu64 "/%" PRIu64 ", L2 %" PRIu64
                  "; .ca: %" PRIu64 ", %" PRIu64 "/%" PRIu64 ", %" PRIu64,
                  like_ca[i], c.cycles, c.l1d, c.l1d_misses, c.l2, ca.cycles, ca.l1d,
                  ca.l1d_misses, ca.l2);
  }
  ld2_cost cg = ld2_run("ld2_cg");
  ck_assert_uint_eq(cg.l1d, 1); /* the store */
  ck_assert_uint_eq(cg.l1d_misses, 1);
  ck_assert_uint_eq(cg.l2, params + 3);
  ck_assert_msg(cg.cycles - ca.cycles == 111, ".cg took %" PRIu64 " cycles, .ca %" PRIu64
                "; expected 111 more", cg.cycles, ca.cycles);
  ld2_cost ca_st_cg = ld2_run("ld2_ca_st_cg");
  ck_assert_uint_eq(ca_st_cg.l1d, 2);
  ck_assert_uint_eq(ca_st_cg.l1d_misses, 1);
  ck_assert_uint_eq(ca_st_cg.l2, params + 2);
  ld2_cost cg_st_cg = ld2_run("ld2_cg_st_cg");
  ck_assert_uint_eq(cg_st_cg.l1d, 0);
  ck_assert_uint_eq(cg_st_cg.l2, params + 3);
}
END_TEST

/* ---- streaming bandwidth ----------------------------------------------------- */

/* A grid-stride read of 16 MB on the whole GTX480 moves data at the
 * configured DRAM bandwidth (924 MHz x 4 transfers x 48 bytes = 177.4
 * GB/s) within 10%, once the SMs keep enough requests in flight: the L1
 * streams (no line reserved per miss) with 256 MSHRs and a 64-entry miss
 * queue.  (GTX480's own 32 MSHRs and allocate-on-miss L1 limit a single
 * stream to well below the peak, as on the real part.) */
START_TEST(stream_bandwidth)
{
  const char *opts[] = {"-gpgpu_clock_domains", "700.0:700.0:700.0:924.0",
                        "-gpgpu_cache:dl1", "32:128:4,L:L:s:N:H,A:256:8,64", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  uint32_t n = 1u << 20, threads = 15 * 6 * 256; /* uint4s: 16 MB */
  size_t bytes = (size_t)n * 16;
  ptxsim_devptr x = tm_fixture_alloc(&f, bytes), out = tm_fixture_alloc(&f, (size_t)threads * 4);
  uint32_t *host = malloc(bytes);
  for (size_t i = 0; i < bytes / 4; i++)
    host[i] = (uint32_t)(i * 2654435761u);
  ck_assert_int_eq(ptxsim_memcpy_htod(f.device, x, host, bytes), PTXSIM_OK);
  const void *args[] = {&x, &out, &n};
  uint64_t c = tm_fixture_launch(&f, "stream_read", 15 * 6, 256, args, 3);
  uint32_t *got = malloc((size_t)threads * 4);
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, out, (size_t)threads * 4), PTXSIM_OK);
  for (uint32_t t = 0; t < threads; t++) {
    uint32_t v = 0;
    for (uint32_t i = t; i < n; i += threads)
      v ^= host[4 * i] ^ host[4 * i + 1] ^ host[4 * i + 2] ^ host[4 * i + 3];
    ck_assert_uint_eq(got[t], v);
  }
  double gbps = (double)bytes / ((double)c / 700e6) / 1e9, peak = 924e6 * 4 * 48 / 1e9;
  ck_assert_msg(gbps >= 0.9 * peak && gbps <= peak * 1.001,
                "streaming moved %.1f GB/s; the configured peak is %.1f GB/s", gbps, peak);
  free(host);
  free(got);
  tm_fixture_close(&f);
}
END_TEST

/* ---- determinism and scaling ------------------------------------------------ */

/* The statistics of a run, without the simulator's own speed. */
static char *stats_without_wall_clock(const tm_fixture *f)
{
  char *buf = tm_fixture_stats_text(f);
  /* Drop the gpgpu_simulation_* lines (wall-clock measurements). */
  char *w = buf;
  for (char *line = buf; *line;) {
    char *nl = strchr(line, '\n');
    size_t n = nl ? (size_t)(nl - line + 1) : strlen(line);
    if (strncmp(line, "gpgpu_simulation_", 17) != 0) {
      memmove(w, line, n);
      w += n;
    }
    line += n;
  }
  *w = 0;
  return buf;
}

static char *indep_run(const char *clusters, uint64_t *cycles)
{
  const char *opts[] = {"-gpgpu_n_clusters", clusters, NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 60 * 256 * 4);
  uint32_t iters = 16;
  const void *args[] = {&out, &iters};
  *cycles = tm_fixture_launch(&f, "indep_add", 60, 256, args, 2);
  char *s = stats_without_wall_clock(&f);
  tm_fixture_close(&f);
  return s;
}

START_TEST(deterministic)
{
  uint64_t c1, c2;
  char *a = indep_run("15", &c1), *b = indep_run("15", &c2);
  ck_assert_uint_eq(c1, c2);
  ck_assert_str_eq(a, b);
  free(a);
  free(b);
}
END_TEST

/* The progress line only watches: with it on (shown from the start, on
 * stderr) the launch computes and counts exactly what it does without. */
START_TEST(progress_changes_nothing)
{
  uint64_t c1, c2;
  char *a = indep_run("15", &c1);
  const char *opts[] = {"-gpgpu_n_clusters", "15", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ck_assert_int_eq(ptxsim_device_set_progress(f.device, PTXSIM_PROGRESS_AT_ONCE), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_progress(f.device, (ptxsim_progress)7), PTXSIM_E_INVALID);
  ptxsim_devptr out = tm_fixture_alloc(&f, 60 * 256 * 4);
  uint32_t iters = 16;
  const void *args[] = {&out, &iters};
  c2 = tm_fixture_launch(&f, "indep_add", 60, 256, args, 2);
  char *b = stats_without_wall_clock(&f);
  tm_fixture_close(&f);
  ck_assert_uint_eq(c1, c2);
  ck_assert_str_eq(a, b);
  free(a);
  free(b);
}
END_TEST

/* The simulated time (what CUDA events record in timing mode): the sum of
 * every launch's cycles, at the core clock of -gpgpu_clock_domains. */
START_TEST(simulated_clock)
{
  uint64_t cycles = 1;
  double mhz = 0;
  ptxsim_device *d;
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_timing_clock(d, &cycles, &mhz), PTXSIM_E_INVALID);
  ptxsim_device_destroy(d);
  const char *opts[] = {"-gpgpu_clock_domains", "1400.0:700.0:700.0:924.0", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ck_assert_int_eq(ptxsim_timing_clock(f.device, &cycles, &mhz), PTXSIM_OK);
  ck_assert_uint_eq(cycles, 0);
  ck_assert(mhz == 1400.0);
  ptxsim_devptr out = tm_fixture_alloc(&f, 60 * 256 * 4);
  uint32_t iters = 16;
  const void *args[] = {&out, &iters};
  uint64_t c1 = tm_fixture_launch(&f, "indep_add", 60, 256, args, 2);
  iters = 4;
  uint64_t c2 = tm_fixture_launch(&f, "indep_add", 30, 256, args, 2);
  ck_assert_int_eq(ptxsim_timing_clock(f.device, &cycles, NULL), PTXSIM_OK);
  ck_assert_uint_eq(cycles, c1 + c2);
  ck_assert_int_eq(ptxsim_device_set_mode(f.device, PTXSIM_MODE_FUNCTIONAL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_timing_clock(f.device, NULL, NULL), PTXSIM_E_INVALID);
  tm_fixture_close(&f);
}
END_TEST

/* An embarrassingly parallel kernel never gets slower with more SMs. */
START_TEST(more_sms_never_slower)
{
  static const char *const counts[] = {"1", "2", "4", "8", "15"};
  uint64_t prev = UINT64_MAX;
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    uint64_t c;
    free(indep_run(counts[i], &c));
    ck_assert_msg(c <= prev, "%s SMs took %" PRIu64 " cycles, fewer took %" PRIu64, counts[i], c,
                  prev);
    prev = c;
  }
}
END_TEST

/* ---- bad configurations and launches ----------------------------------------- */

START_TEST(bad_config)
{
  ptxsim_device *d;
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  char *msg = NULL;
  ck_assert_int_ne(ptxsim_device_set_config(d, "no-such-gpu", &msg), PTXSIM_OK);
  ck_assert_ptr_nonnull(msg);
  ptxsim_free(msg);
  msg = NULL;
  ck_assert_int_ne(ptxsim_device_set_config_option(d, "-gpgpu_no_such_option", "1", &msg),
                   PTXSIM_OK);
  ck_assert_ptr_nonnull(msg);
  ck_assert_ptr_nonnull(strstr(msg, "gpgpu_no_such_option"));
  ptxsim_free(msg);
  ck_assert_int_ne(ptxsim_timing_stats_write(d, stdout, 0), PTXSIM_OK);
  ptxsim_device_destroy(d);
}
END_TEST

/* A CTA that needs more registers than an SM has cannot run: a launch
 * error naming the limit, not a hang. */
START_TEST(cta_does_not_fit)
{
  const char *opts[] = {ONE_SM, "-gpgpu_shader_registers", "1024", NULL};
  tm_fixture f;
  open_microbench(&f, "gtx480", opts);
  ptxsim_devptr out = tm_fixture_alloc(&f, 1024 * 4);
  uint32_t iters = 1;
  const void *args[] = {&out, &iters};
  int rc = ptxsim_launch(f.device, "indep_add", (ptxsim_dim3){1, 1, 1},
                         (ptxsim_dim3){1024, 1, 1}, 0, args, 2);
  ck_assert_int_eq(rc, PTXSIM_E_LAUNCH);
  ck_assert_ptr_nonnull(strstr(ptxsim_device_error(f.device), "registers"));
  tm_fixture_close(&f);
}
END_TEST

/* ---- a generic access in two state spaces ------------------------------- */

/* Lanes 0-15 reach buf through a generic address, lanes 16-31 shared
 * words 32 apart (all in bank 0): one store and one load.  Each goes to
 * memsys as two parts (mem_sm_issue_parts): a shared part with a 16-way
 * conflict, 15 cycles over the first, and a global part.  Charged as the
 * first lane's space, the whole warp went to global memory and the
 * shared counters stayed at 0.  The run must also finish: the two parts'
 * instruction releases its scoreboard entry once. */
static const char *mixed_ptx =
  ".version 7.0\n.target sm_20\n.address_size 64\n"
  ".visible .entry mixed(.param .u64 buf)\n"
  "{\n"
  "  .reg .pred %p<2>; .reg .b32 %r<4>; .reg .b64 %rd<8>;\n"
  "  .shared .align 4 .b32 sh[1024];\n"
  "  ld.param.u64 %rd1, [buf];\n"
  "  mov.u32 %r1, %tid.x;\n"
  "  mul.wide.u32 %rd2, %r1, 128;\n"
  "  mov.u64 %rd3, sh;\n"
  "  add.s64 %rd3, %rd3, %rd2;\n"
  "  cvta.shared.u64 %rd4, %rd3;\n"
  "  mul.wide.u32 %rd5, %r1, 4;\n"
  "  add.s64 %rd6, %rd1, %rd5;\n"
  "  setp.ge.u32 %p1, %r1, 16;\n"
  "  selp.b64 %rd7, %rd4, %rd6, %p1;\n"
  "  st.u32 [%rd7], %r1;\n"
  "  ld.u32 %r2, [%rd7];\n"
  "  add.u32 %r2, %r2, 1;\n"
  "  st.global.u32 [%rd6], %r2;\n"
  "  ret;\n"
  "}\n";

START_TEST(generic_access_in_two_spaces)
{
  tm_fixture f;
  tm_fixture_open_text(&f, mixed_ptx, "mixed.ptx", "gtx480", NULL, NULL);
  ptxsim_devptr buf = tm_fixture_alloc(&f, 32 * 4);
  const void *args[] = {&buf};
  tm_fixture_launch(&f, "mixed", 1, 32, args, 1);
  uint32_t got[32];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(f.device, got, buf, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_uint_eq(got[t], t + 1);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "gpgpu_n_shmem_insn"), 2);
  ck_assert_uint_eq(tm_fixture_stat_u64(&f, "gpgpu_n_shmem_bkconflict_cycles"), 2 * 15);
  tm_fixture_close(&f);
}
END_TEST

static Suite *timing_suite(void)
{
  Suite *s = suite_create("timing");
  TCase *t = tcase_create("microbenchmarks");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, dependent_chain);
  tcase_add_test(t, chain_stall_causes_and_bypass);
  tcase_add_test(t, instruction_buffer_bound);
  tcase_add_test(t, independent_warps_fill_issue);
  tcase_add_test(t, bank_conflicts);
  tcase_add_test(t, chase_l1);
  tcase_add_test(t, chase_l2);
  tcase_add_test(t, chase_dram);
  tcase_add_test(t, local_memory_coalesces);
  tcase_add_test(t, cache_operators);
  tcase_add_test(t, stream_bandwidth);
  tcase_add_test(t, generic_access_in_two_spaces);
  suite_add_tcase(s, t);
  t = tcase_create("whole runs");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, deterministic);
  tcase_add_test(t, more_sms_never_slower);
  tcase_add_test(t, progress_changes_nothing);
  tcase_add_test(t, simulated_clock);
  suite_add_tcase(s, t);
  t = tcase_create("errors");
  tcase_add_test(t, bad_config);
  tcase_add_test(t, cta_does_not_fit);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  SRunner *r = srunner_create(timing_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
