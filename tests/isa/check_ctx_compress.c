/* check_ctx_compress.c -- the compression unit of isa/ctx_compress.[ch] on
 * hand-derived cases: the BP example of 004 §1.5 (16x16 TB, PAG 16), strided
 * values with negative strides and 32-bit wrap-around, random values,
 * partial warps, PAG 8/16/32 and the TB-level classes of Fig 2.11.
 *
 * Every expected byte count is written as groups x bytes per group (4 B
 * uniform, 8 B strided) or held lanes x 4 B (random), with the derivation
 * beside it.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>

#include "isa/ctx_compress.h"

#define FULL 0xffffffffu

/* The BP thread block of §1.5: 16x16, warp w holds ty = 2w, 2w+1. */
static uint32_t bp_tx(uint32_t t)
{
  return t % 16;
}
static uint32_t bp_ty(uint32_t t)
{
  return t / 16;
}

/* ---- one PAG group ------------------------------------------------------- */

START_TEST(group_patterns)
{
  const uint32_t seven[3] = { 7, 7, 7 };
  const uint32_t up[3] = { 4, 6, 8 };
  const uint32_t bent[3] = { 4, 6, 9 };
  const uint32_t pair[2] = { 1, 5 };
  ck_assert_int_eq(ctx_group_pattern(seven, 0), CTX_PAT_DEAD);
  ck_assert_int_eq(ctx_group_pattern(bent, 1), CTX_PAT_UNIFORM); /* n == 1 */
  ck_assert_int_eq(ctx_group_pattern(seven, 3), CTX_PAT_UNIFORM);
  ck_assert_int_eq(ctx_group_pattern(up, 3), CTX_PAT_STRIDED);
  ck_assert_int_eq(ctx_group_pattern(bent, 3), CTX_PAT_RANDOM); /* diffs 2, 3 */
  ck_assert_int_eq(ctx_group_pattern(pair, 2), CTX_PAT_STRIDED); /* one diff, 4 */
  /* First difference 0, a later one not: random, not uniform (signal a
   * alone is not enough; b must hold too). */
  const uint32_t flat_then_up[3] = { 3, 3, 4 };
  ck_assert_int_eq(ctx_group_pattern(flat_then_up, 3), CTX_PAT_RANDOM);
}
END_TEST

/* ---- one warp slot ------------------------------------------------------- */

START_TEST(bp_example_pag16)
{
  /* Warp 0 of BP: ty is 0 on lanes 0-15 and 1 on 16-31, tx runs 0..15
   * twice, the index ty*16+tx runs 0..31. */
  uint32_t tx[32], ty[32], idx[32];
  for (uint32_t l = 0; l < 32; l++)
    tx[l] = bp_tx(l), ty[l] = bp_ty(l), idx[l] = 16 * ty[l] + tx[l];
  ctx_pattern p;
  /* ty, PAG 16: both groups uniform => 2 groups x 4 B. */
  ck_assert_uint_eq(ctx_slot_bytes(ty, FULL, 16, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_UNIFORM);
  /* tx, PAG 16: both groups strided (stride 1) => 2 x 8 B. */
  ck_assert_uint_eq(ctx_slot_bytes(tx, FULL, 16, &p), 16);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* Width 32 (the _vec variant): ty has differences 0..0,1,0..0 and tx
   * 1..1,-15,1..1, both random => 32 lanes x 4 B; the index is one
   * progression => 1 x 8 B. */
  ck_assert_uint_eq(ctx_slot_bytes(ty, FULL, 32, &p), 128);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  ck_assert_uint_eq(ctx_slot_bytes(tx, FULL, 32, &p), 128);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  ck_assert_uint_eq(ctx_slot_bytes(idx, FULL, 32, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  ck_assert_uint_eq(ctx_slot_bytes(idx, FULL, 16, NULL), 16);
  /* PAG 8 on ty: 4 uniform groups => 16 B; on tx: 4 strided => 32 B. */
  ck_assert_uint_eq(ctx_slot_bytes(ty, FULL, 8, NULL), 16);
  ck_assert_uint_eq(ctx_slot_bytes(tx, FULL, 8, NULL), 32);
}
END_TEST

START_TEST(strided_negative_and_wrapping)
{
  uint32_t v[32];
  ctx_pattern p;
  /* 100 - 3l: stride -3, i.e. 0xfffffffd in modular arithmetic. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = 100u - 3u * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 8, &p), 4 * 8); /* 4 groups */
  /* 10 - 1l: lanes 11..31 wrap below zero to 0xffffffff, 0xfffffffe, ... */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = 10u - l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 16, &p), 2 * 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* 0xfffffff0 + l: wraps past 0xffffffff to 0 at lane 16. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = 0xfffffff0u + l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* 0x7ffffff0 + 2l: crosses the signed maximum. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = 0x7ffffff0u + 2u * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* A stride of 2^31 still is one stride: 0, 0x80000000, 0, ... */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l & 1 ? 0x80000000u : 0;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 8);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* 0, 1, 0, 1: differences 1 and 0xffffffff, random. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l & 1;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 128);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
}
END_TEST

START_TEST(random_and_mixed_groups)
{
  uint32_t v[32];
  ctx_pattern p;
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l * l; /* differences 1, 3, 5, ... */
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 16, &p), 128);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  /* PAG 8: groups 0-2 uniform (7), group 3 random: one 2-bit pattern per
   * slot, so the whole slot is random => 32 x 4 B. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l < 24 ? 7 : l * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 8, &p), 128);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  /* PAG 8: group 0 uniform, groups 1-3 strided => all 4 stored strided
   * (group 0 with stride 0) => 4 x 8 B. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l < 8 ? 5 : 3 * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 8, &p), 32);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* Same values, PAG 32: differences 0..0, 24-5=19, 3..3 => random. */
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 32, &p), 128);
  /* Uniform everywhere, different per group, PAG 8 => 4 x 4 B. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l / 8 * 1000;
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 8, &p), 16);
  ck_assert_int_eq(p, CTX_PAT_UNIFORM);
  ck_assert_uint_eq(ctx_slot_bytes(v, FULL, 16, &p), 128); /* 0,..,0,1000: random */
}
END_TEST

START_TEST(partial_warps)
{
  uint32_t v[32];
  ctx_pattern p;
  /* 20 threads (lanes 0-19), values l: PAG 16 gives group 0 (16 lanes,
   * strided) and group 1 (lanes 16-19, strided) => 2 x 8 B; the empty
   * lanes hold garbage that must not matter. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l < 20 ? l : 0xdead0000u + l * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x000fffffu, 16, &p), 16);
  ck_assert_int_eq(p, CTX_PAT_STRIDED);
  /* PAG 8: groups 0, 1 full, group 2 with 4 lanes, group 3 empty => 3 x 8. */
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x000fffffu, 8, &p), 24);
  /* PAG 32: one group of 20 => 8 B. */
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x000fffffu, 32, &p), 8);
  /* Uniform over the 20 threads: PAG 8 => 3 x 4 B. */
  for (uint32_t l = 0; l < 20; l++)
    v[l] = 42;
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x000fffffu, 8, &p), 12);
  ck_assert_int_eq(p, CTX_PAT_UNIFORM);
  /* Random over 20 threads => 20 x 4 B, not 128. */
  for (uint32_t l = 0; l < 20; l++)
    v[l] = l * l;
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x000fffffu, 16, &p), 80);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  /* One thread: uniform, 1 group x 4 B.  No thread: dead, 0 B. */
  ck_assert_uint_eq(ctx_slot_bytes(v, 0x1u, 16, &p), 4);
  ck_assert_int_eq(p, CTX_PAT_UNIFORM);
  ck_assert_uint_eq(ctx_slot_bytes(v, 0, 16, &p), 0);
  ck_assert_int_eq(p, CTX_PAT_DEAD);
  /* A hole (lanes 0, 1, 3 hold values 0, 1, 3): compacted to 0, 1, 3 =>
   * random, 3 x 4 B -- conservative, never wrong on decompression. */
  for (uint32_t l = 0; l < 32; l++)
    v[l] = l;
  ck_assert_uint_eq(ctx_slot_bytes(v, 0xbu, 32, &p), 12);
  ck_assert_int_eq(p, CTX_PAT_RANDOM);
  ck_assert_uint_eq(ctx_slot_raw_bytes(0xbu), 12);
  ck_assert_uint_eq(ctx_slot_raw_bytes(FULL), 128);
}
END_TEST

START_TEST(pattern_vector)
{
  ck_assert_uint_eq(ctx_pattern_vector_bytes(64), 16); /* 128 bits */
  ck_assert_uint_eq(ctx_pattern_vector_bytes(0), 0);
  ck_assert_uint_eq(ctx_pattern_vector_bytes(1), 1);
  ck_assert_uint_eq(ctx_pattern_vector_bytes(4), 1);
  ck_assert_uint_eq(ctx_pattern_vector_bytes(5), 2); /* 10 bits */
  ck_assert_uint_eq(ctx_tb_global_vector_bytes(64), 8);
  ck_assert_uint_eq(ctx_tb_global_vector_bytes(9), 2);
}
END_TEST

/* ---- TB level ------------------------------------------------------------ */

static uint32_t tbv[8 * 32], tbl[8];

/* The BP TB: 8 full warps, value f(t) per thread id t. */
static ctx_tb_class bp_class(uint32_t (*f)(uint32_t), uint32_t pag, uint32_t *bytes)
{
  for (uint32_t t = 0; t < 256; t++)
    tbv[t] = f(t);
  for (uint32_t w = 0; w < 8; w++)
    tbl[w] = FULL;
  return ctx_tb_slot_class(tbv, tbl, 8, pag, bytes);
}

static uint32_t bp_i(uint32_t t)
{
  (void)t;
  return 5; /* loop counter, pow, base addresses */
}
static uint32_t bp_idx(uint32_t t)
{
  return 16 * bp_ty(t) + bp_tx(t);
}
static uint32_t bp_idx_neg(uint32_t t)
{
  return 0x1000u - 4u * bp_idx(t); /* a byte offset counting down */
}
static uint32_t bp_rand(uint32_t t)
{
  return t * t * 2654435761u;
}
/* Group bases 0, 100, 200, ... and element stride 1: the base vector is
 * strided, but its stride (100) is not PAG x 1 = 16 => local strided. */
static uint32_t bp_wrong_base(uint32_t t)
{
  return 100 * bp_ty(t) + bp_tx(t);
}
/* Bases 0, 1, 2, ... and element stride 1: Fig 2.11's rule without the
 * PAG x check would call this global strided; it is not. */
static uint32_t bp_stride1_base(uint32_t t)
{
  return bp_ty(t) + bp_tx(t);
}

START_TEST(tb_classes_bp)
{
  uint32_t b;
  /* i: one value in the TB => 4 B per TB. */
  ck_assert_int_eq(bp_class(bp_i, 16, &b), CTX_TB_GLOBAL_UNIFORM);
  ck_assert_uint_eq(b, 4);
  /* ty: uniform per group, bases 0..15 => local uniform, 8 warps x 2
   * groups x 4 B. */
  ck_assert_int_eq(bp_class(bp_ty, 16, &b), CTX_TB_LOCAL_UNIFORM);
  ck_assert_uint_eq(b, 64);
  /* tx: strided per group, bases all 0 => local strided, 8 x 2 x 8 B. */
  ck_assert_int_eq(bp_class(bp_tx, 16, &b), CTX_TB_LOCAL_STRIDED);
  ck_assert_uint_eq(b, 128);
  /* ty*16+tx: bases 0, 16, 32 = PAG x stride 1 => global strided, 8 B. */
  ck_assert_int_eq(bp_class(bp_idx, 16, &b), CTX_TB_GLOBAL_STRIDED);
  ck_assert_uint_eq(b, 8);
  ck_assert_int_eq(bp_class(bp_idx, 8, &b), CTX_TB_GLOBAL_STRIDED);
  ck_assert_int_eq(bp_class(bp_idx, 32, &b), CTX_TB_GLOBAL_STRIDED);
  /* Negative element stride -4: bases step by PAG x -4 => global. */
  ck_assert_int_eq(bp_class(bp_idx_neg, 16, &b), CTX_TB_GLOBAL_STRIDED);
  ck_assert_uint_eq(b, 8);
  /* The PAG x stride rule. */
  ck_assert_int_eq(bp_class(bp_wrong_base, 16, &b), CTX_TB_LOCAL_STRIDED);
  ck_assert_uint_eq(b, 128);
  ck_assert_int_eq(bp_class(bp_stride1_base, 16, &b), CTX_TB_LOCAL_STRIDED);
  /* Random: stored raw, 256 threads x 4 B. */
  ck_assert_int_eq(bp_class(bp_rand, 16, &b), CTX_TB_RANDOM);
  ck_assert_uint_eq(b, 1024);
  /* ty with width 32: every warp random (two values) => random. */
  ck_assert_int_eq(bp_class(bp_ty, 32, &b), CTX_TB_RANDOM);
  ck_assert_uint_eq(b, 1024);
}
END_TEST

START_TEST(tb_classes_partial)
{
  uint32_t v[2 * 32], lanes[2] = { FULL, 0xffu }, b; /* a TB of 40 threads */
  for (uint32_t t = 0; t < 64; t++)
    v[t] = t < 40 ? 9 : 0xbad;
  ck_assert_int_eq(ctx_tb_slot_class(v, lanes, 2, 16, &b), CTX_TB_GLOBAL_UNIFORM);
  ck_assert_uint_eq(b, 4);
  for (uint32_t t = 0; t < 64; t++)
    v[t] = t < 40 ? 3 * t : 0xbad;
  ck_assert_int_eq(ctx_tb_slot_class(v, lanes, 2, 16, &b), CTX_TB_GLOBAL_STRIDED);
  ck_assert_uint_eq(b, 8);
  /* t % 8 with PAG 8: local strided; warp 0 4 groups x 8 B, warp 1 one
   * group x 8 B => 40 B. */
  for (uint32_t t = 0; t < 64; t++)
    v[t] = t < 40 ? t % 8 : 0xbad;
  ck_assert_int_eq(ctx_tb_slot_class(v, lanes, 2, 8, &b), CTX_TB_LOCAL_STRIDED);
  ck_assert_uint_eq(b, 40);
  /* Random in warp 1 only => the whole slot random, 40 threads x 4 B. */
  v[33] = 77;
  ck_assert_int_eq(ctx_tb_slot_class(v, lanes, 2, 8, &b), CTX_TB_RANDOM);
  ck_assert_uint_eq(b, 160);
  /* No thread at all. */
  const uint32_t none[2] = { 0, 0 };
  ck_assert_int_eq(ctx_tb_slot_class(v, none, 2, 8, &b), CTX_TB_DEAD);
  ck_assert_uint_eq(b, 0);
  ck_assert_str_eq(ctx_tb_class_name(CTX_TB_GLOBAL_STRIDED), "global_strided");
  ck_assert_str_eq(ctx_pattern_name(CTX_PAT_RANDOM), "random");
}
END_TEST

/* -ptxsim_pp_pag 0 takes the PAG from the TB's shape (004 §1.5): the
 * smallest dimension above 1, at most 32, rounded down to a power of two
 * of at least 8; a given PAG stays. */
START_TEST(pag_from_block)
{
  ck_assert_uint_eq(ctx_pag_for_block(0, (const uint32_t[3]){16, 16, 1}), 16);
  ck_assert_uint_eq(ctx_pag_for_block(0, (const uint32_t[3]){256, 1, 1}), 32);
  ck_assert_uint_eq(ctx_pag_for_block(0, (const uint32_t[3]){32, 12, 1}), 8);
  ck_assert_uint_eq(ctx_pag_for_block(0, (const uint32_t[3]){64, 4, 2}), 8);
  ck_assert_uint_eq(ctx_pag_for_block(0, (const uint32_t[3]){1, 1, 1}), 32);
  ck_assert_uint_eq(ctx_pag_for_block(16, (const uint32_t[3]){256, 1, 1}), 16);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("ctx_compress");
  TCase *tc = tcase_create("warp");
  tcase_add_test(tc, group_patterns);
  tcase_add_test(tc, bp_example_pag16);
  tcase_add_test(tc, strided_negative_and_wrapping);
  tcase_add_test(tc, random_and_mixed_groups);
  tcase_add_test(tc, partial_warps);
  tcase_add_test(tc, pattern_vector);
  suite_add_tcase(s, tc);
  tc = tcase_create("tb");
  tcase_add_test(tc, tb_classes_bp);
  tcase_add_test(tc, tb_classes_partial);
  tcase_add_test(tc, pag_from_block);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
