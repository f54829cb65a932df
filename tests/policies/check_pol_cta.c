/* check_pol_cta.c -- CTA resource accounting (policies/pol_cta.c).
 *
 * The occupancy calculator reproduces, row by row, the TBs/SM column and
 * the limiting factors of 004-preemption-liveness.md §1.11 (Table 2.2, 23
 * Rodinia kernels, including the two ties the digest found and the paper
 * did not list: CFD_1 also on TB slots, LK_1 also on registers) and of
 * 000-warpman.md Table 2 (13 benchmarks; CT with 4608 and NN with 6144
 * registers per TB as the digest corrects them), plus the worked examples
 * of 000 §3.7.  The expected values are the papers' columns, not ours.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policies/pol_cta.h"
#include "tests/test_util.h"

/* GTX480 as GPGPU-Sim configures it (004 Table 2.1, 000 Table 1). */
static pol_cta_limits gtx480(void)
{
  pol_cta_limits l = {
    .max_threads = 1536, .max_ctas = 8, .n_regs = 32768, .smem_bytes = 49152,
    .warp_size = 32, .reg_granularity = 4, .thread_granularity = 32, .smem_granularity = 1,
    .max_regs_per_thread = 64, .max_regs_per_cta = 32768, .max_smem_per_cta = 49152,
  };
  return l;
}

enum { T = POL_CTA_LIMIT_THREADS, C = POL_CTA_LIMIT_CTAS, R = POL_CTA_LIMIT_REGS,
       S = POL_CTA_LIMIT_SMEM };

typedef struct occ_row {
  const char *label;
  unsigned warps, regs_per_thread, smem;
  unsigned ctas;
  unsigned limits;
} occ_row;

/* 004 Table 2.2: label, warps/TB, regs/thread, smem/TB (B), TBs/SM, limit
 * ("warp" = thread slots, "TB" = CTA slots). */
static const occ_row table_004[] = {
  {"BP_1", 8, 13, 1128, 6, T},       {"BP_2", 8, 18, 40, 6, T | R},
  {"BFS_1", 16, 7, 44, 3, T},        {"BFS_2", 16, 4, 36, 3, T},
  {"BT_1", 8, 10, 48, 6, T},         {"BT_2", 8, 9, 60, 6, T},
  {"CFD_1", 6, 6, 32, 8, T | C},     {"CFD_2", 6, 8, 48, 8, T | C},
  {"CFD_3", 6, 39, 36, 4, R},        {"DWT_1", 8, 4, 804, 6, T},
  {"DWT_2", 6, 32, 8668, 5, R | S},  {"HW_1", 8, 23, 11888, 4, S},
  {"HS_1", 8, 31, 3144, 4, R},       {"HG_1", 3, 10, 12324, 3, S},
  {"KM_1", 8, 9, 32, 6, T},          {"LK_1", 6, 18, 24, 8, T | C | R},
  {"LUD_1", 1, 8, 2076, 8, C},       {"LUD_2", 1, 16, 3104, 8, C},
  {"LUD_3", 8, 9, 1056, 6, T},       {"SR_1", 16, 14, 4132, 3, T},
  {"SR_2", 16, 16, 128, 3, T},       {"PF_1", 8, 12, 2096, 6, T},
  {"SC_1", 16, 8, 56, 3, T},
};

START_TEST(table_004_row)
{
  const occ_row *r = &table_004[_i];
  pol_cta_limits l = gtx480();
  pol_cta_kernel k = {r->warps * 32, r->regs_per_thread, r->smem};
  pol_occupancy o;
  char err[128];
  ck_assert_int_eq(pol_cta_occupancy(&l, &k, &o, err, sizeof err), 0);
  ck_assert_msg(o.ctas_per_sm == r->ctas, "%s: %u CTAs/SM, want %u", r->label, o.ctas_per_sm,
                r->ctas);
  ck_assert_msg(o.limit_mask == r->limits, "%s: limits 0x%x, want 0x%x", r->label,
                o.limit_mask, r->limits);
}
END_TEST

/* 000 Table 2: label, warps/TB, regs/TB, smem/TB, TBs/SM, TLP limiter.
 * Registers per thread are regs/TB over threads/TB, rounded up (PF's 3228
 * is not a multiple of 256). */
typedef struct warpman_row {
  const char *label;
  unsigned warps, regs_per_tb, smem;
  unsigned ctas;
  unsigned limits;
} warpman_row;

static const warpman_row table_000[] = {
  {"CT", 6, 4608, 0, 7, R},          {"MC", 12, 7680, 0, 4, R | T},
  {"RS", 16, 11776, 4096, 2, R},     {"SN", 16, 8704, 8192, 3, T | R},
  {"HS", 8, 8960, 3072, 3, R},       {"PF", 8, 3228, 2048, 6, T},
  {"SR", 16, 2560, 4096, 3, T},      {"ST", 32, 17408, 0, 1, R | T},
  {"RAY", 6, 12288, 0, 2, R},        {"MM", 8, 6144, 2048, 5, R},
  {"NN", 8, 6144, 0, 5, R},          {"BT", 16, 5632, 0, 3, T},
  {"HG", 16, 10240, 4096, 3, R | T},
};

START_TEST(table_000_row)
{
  const warpman_row *r = &table_000[_i];
  pol_cta_limits l = gtx480();
  unsigned threads = r->warps * 32;
  pol_cta_kernel k = {threads, (r->regs_per_tb + threads - 1) / threads, r->smem};
  pol_occupancy o;
  char err[128];
  ck_assert_int_eq(pol_cta_occupancy(&l, &k, &o, err, sizeof err), 0);
  ck_assert_msg(o.ctas_per_sm == r->ctas, "%s: %u CTAs/SM, want %u", r->label, o.ctas_per_sm,
                r->ctas);
  ck_assert_msg(o.limit_mask == r->limits, "%s: limits 0x%x, want 0x%x", r->label,
                o.limit_mask, r->limits);
  /* Shared memory never limits these (000 §6). */
  ck_assert(!(o.limit_mask & S));
}
END_TEST

START_TEST(worked_examples)
{
  pol_cta_limits l = gtx480();
  pol_occupancy o;
  char err[128];
  /* 000 §3.7 MM: 8 warps, 768 regs/warp (24/thread), 2 KB: 5 TBs using
   * 30720 registers and 10 KB; 40 warps resident. */
  pol_cta_kernel mm = {256, 24, 2048};
  ck_assert_int_eq(pol_cta_occupancy(&l, &mm, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 5);
  ck_assert_uint_eq(o.regs_used, 30720);
  ck_assert_uint_eq(o.smem_used, 10240);
  ck_assert_uint_eq(o.warps_used, 40);
  /* RS: 2 TBs = 32 warps; 9216 of 32768 registers unused with RS's exact
   * 736 per warp (23 per thread); the rounded 24 take 24576. */
  pol_cta_kernel rs = {512, 23, 4096};
  ck_assert_int_eq(pol_cta_occupancy(&l, &rs, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 2);
  ck_assert_uint_eq(o.warps_used, 32);
  ck_assert_uint_eq(o.per_cta.regs, 512 * 24);
  /* Fig 1 microbenchmark: 256 threads x 32 registers: 4 TBs; 1024-thread
   * TBs: 1 TB. */
  pol_cta_kernel fig1 = {256, 32, 0};
  ck_assert_int_eq(pol_cta_occupancy(&l, &fig1, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 4);
  ck_assert_uint_eq(o.limit_mask, R);
  fig1.threads = 1024;
  ck_assert_int_eq(pol_cta_occupancy(&l, &fig1, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 1);
  /* 004 §1.10 text: 8 warps, 3 KB of registers per warp (24/thread), 8 KB
   * smem: register-limited to 5 TBs. */
  pol_cta_kernel txt = {256, 24, 8192};
  ck_assert_int_eq(pol_cta_occupancy(&l, &txt, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 5);
  ck_assert_uint_eq(o.limit_mask, R);
}
END_TEST

START_TEST(rounding)
{
  pol_cta_limits l = gtx480();
  pol_cta_needs n;
  char err[128];
  /* 33 threads pad to 64 (2 warps); 13 registers round to 16. */
  pol_cta_kernel k = {33, 13, 100};
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n.threads, 64);
  ck_assert_uint_eq(n.warps, 2);
  ck_assert_uint_eq(n.regs, 64 * 16);
  ck_assert_uint_eq(n.smem, 100);
  /* A 128-byte shared-memory granularity and no register rounding. */
  l.smem_granularity = 128;
  l.reg_granularity = 1;
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n.smem, 128);
  ck_assert_uint_eq(n.regs, 64 * 13);
  /* Errors: no threads, too many registers per thread or per CTA, too much
   * shared memory per CTA. */
  l = gtx480();
  k.threads = 0;
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), PTX_EINVAL);
  k.threads = 32;
  k.regs_per_thread = 65;
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), PTX_EINVAL);
  ck_assert_str_eq(err, "65 registers per thread (at most 64)");
  k.threads = 1024;
  k.regs_per_thread = 40;
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), PTX_EINVAL);
  ck_assert_str_eq(err, "40960 registers per CTA (at most 32768)");
  k.regs_per_thread = 8;
  k.smem_bytes = 49153;
  ck_assert_int_eq(pol_cta_needs_of(&l, &k, &n, err, sizeof err), PTX_EINVAL);
  /* Nothing fits: 0 CTAs, limited by the shared memory. */
  l.max_smem_per_cta = 0;
  pol_occupancy o;
  ck_assert_int_eq(pol_cta_occupancy(&l, &k, &o, err, sizeof err), 0);
  ck_assert_uint_eq(o.ctas_per_sm, 0);
  ck_assert_uint_eq(o.limit_mask, S);
}
END_TEST

START_TEST(dynamic)
{
  pol_cta_limits l = gtx480();
  pol_cta_sm sm;
  pol_cta_sm_init(&sm, &l);
  ck_assert(pol_cta_sm_is_empty(&sm));
  /* MM (5 per SM by registers): five fit, the sixth does not. */
  pol_cta_kernel mm = {256, 24, 2048};
  pol_cta_needs n;
  char err[128];
  ck_assert_int_eq(pol_cta_needs_of(&l, &mm, &n, err, sizeof err), 0);
  for (int i = 0; i < 5; i++) {
    ck_assert(pol_cta_can_place(&sm, &n));
    pol_cta_place(&sm, &n);
  }
  ck_assert(!pol_cta_can_place(&sm, &n));
  ck_assert_uint_eq(sm.free_regs, 2048);
  ck_assert_uint_eq(sm.free_threads, 256);
  ck_assert_uint_eq(sm.free_ctas, 3);
  ck_assert_uint_eq(sm.free_smem, 49152 - 5 * 2048);
  /* A small kernel still fits beside them: 32 threads x 16 registers. */
  pol_cta_kernel small = {32, 16, 0};
  pol_cta_needs ns;
  ck_assert_int_eq(pol_cta_needs_of(&l, &small, &ns, err, sizeof err), 0);
  ck_assert(pol_cta_can_place(&sm, &ns));
  pol_cta_place(&sm, &ns);
  pol_cta_release(&sm, &n);
  ck_assert(pol_cta_can_place(&sm, &n));
  pol_cta_release(&sm, &ns);
  for (int i = 0; i < 4; i++)
    pol_cta_release(&sm, &n);
  ck_assert(pol_cta_sm_is_empty(&sm));
  ck_assert_uint_eq(sm.free_regs, 32768);
  /* CTA slots run out before anything else: LUD_1 (32 threads). */
  pol_cta_kernel lud = {32, 8, 2076};
  ck_assert_int_eq(pol_cta_needs_of(&l, &lud, &n, err, sizeof err), 0);
  for (int i = 0; i < 8; i++)
    pol_cta_place(&sm, &n);
  ck_assert(!pol_cta_can_place(&sm, &n));
  ck_assert_uint_eq(sm.free_ctas, 0);
}
END_TEST

START_TEST(report)
{
  pol_cta_limits l = gtx480();
  pol_occupancy o;
  char err[128];
  char names[96];
  pol_cta_limit_names(T | C | R, names, sizeof names);
  ck_assert_str_eq(names, "threads, CTA slots, registers");
  pol_cta_limit_names(0, names, sizeof names);
  ck_assert_str_eq(names, "none");
  /* DWT_2: 192 threads, 32 registers, 8668 bytes: 5 CTAs by registers and
   * shared memory; 960 threads, 30 warps, 30720 registers, 43340 bytes. */
  pol_cta_kernel k = {192, 32, 8668};
  ck_assert_int_eq(pol_cta_occupancy(&l, &k, &o, err, sizeof err), 0);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  pol_occupancy_print(&o, &l, f);
  fclose(f);
  const char *want =
    "CTAs per SM: 5 (limited by registers, shared memory)\n"
    "  bounds: threads 8, CTA slots 8, registers 5, shared memory 5\n"
    "  threads        960 / 1536 (62.5%): 5 x 192\n"
    "  warps          30 / 48 (62.5%): 5 x 6\n"
    "  CTA slots      5 / 8 (62.5%): 5 x 1\n"
    "  registers      30720 / 32768 (93.8%): 5 x 6144\n"
    "  shared memory  43340 / 49152 bytes (88.2%): 5 x 8668\n";
  ck_assert_str_eq(text, want);
  free(text);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("pol_cta");
  TCase *t = tcase_create("occupancy");
  tcase_add_loop_test(t, table_004_row, 0, (int)(sizeof table_004 / sizeof table_004[0]));
  tcase_add_loop_test(t, table_000_row, 0, (int)(sizeof table_000 / sizeof table_000[0]));
  tcase_add_test(t, worked_examples);
  tcase_add_test(t, rounding);
  tcase_add_test(t, report);
  suite_add_tcase(s, t);
  t = tcase_create("dynamic");
  tcase_add_test(t, dynamic);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
