/* check_mem_parse.c -- the GPGPU-Sim option-string parsers of memsys/
 * (mem_params.h): good strings from real configuration files with the
 * fields worked out by hand from GPGPU-Sim's documentation, one malformed
 * variant per field (the message must name the field and quote the bad
 * text), and parse(format(x)) == x round trips.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "memsys/mem_params.h"
#include "tests/test_util.h"

/* ---- caches ---------------------------------------------------------- */

START_TEST(cache_gtx480_l1d)
{
  mem_cache_params p;
  char err[256];
  ck_assert_int_eq(mem_cache_params_parse("32:128:4,L:L:m:N:H,A:32:8,8", &p, err, sizeof err), 0);
  ck_assert(p.is_enabled);
  ck_assert(!p.is_sectored);
  ck_assert_uint_eq(p.n_sets, 32);
  ck_assert_uint_eq(p.line_bytes, 128);
  ck_assert_uint_eq(p.assoc, 4);
  ck_assert_int_eq(p.repl, MEM_REPL_LRU);
  ck_assert_int_eq(p.write_policy, MEM_WRITE_LOCAL_WB_GLOBAL_WT);
  ck_assert_int_eq(p.alloc_policy, MEM_ALLOC_ON_MISS);
  ck_assert_int_eq(p.write_alloc, MEM_NO_WRITE_ALLOCATE);
  ck_assert_int_eq(p.set_index, MEM_INDEX_FERMI_HASH);
  ck_assert_int_eq(p.mshr_kind, 'A');
  ck_assert_uint_eq(p.mshr_entries, 32);
  ck_assert_uint_eq(p.mshr_max_merge, 8);
  ck_assert_uint_eq(p.miss_queue, 8);
  ck_assert_uint_eq(p.result_fifo, 0);
  ck_assert_uint_eq(p.data_port_bytes, 0);
}
END_TEST

START_TEST(cache_gtx480_l2)
{
  mem_cache_params p;
  char err[256];
  ck_assert_int_eq(
    mem_cache_params_parse("64:128:8,L:B:m:W:L,A:32:4,4:0,32", &p, err, sizeof err), 0);
  ck_assert_uint_eq(p.n_sets * p.line_bytes * p.assoc, 64 * 1024); /* 64 KB per slice */
  ck_assert_int_eq(p.write_policy, MEM_WRITE_BACK);
  ck_assert_int_eq(p.write_alloc, MEM_WRITE_ALLOCATE);
  ck_assert_int_eq(p.set_index, MEM_INDEX_LINEAR);
  ck_assert_uint_eq(p.mshr_entries, 32);
  ck_assert_uint_eq(p.mshr_max_merge, 4);
  ck_assert_uint_eq(p.miss_queue, 4);
  ck_assert_uint_eq(p.result_fifo, 0);
  ck_assert_uint_eq(p.data_port_bytes, 32);
}
END_TEST

START_TEST(cache_sectored_and_typed)
{
  mem_cache_params p;
  char err[256];
  /* Volta-style L1D and L2. */
  ck_assert_int_eq(
    mem_cache_params_parse("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", &p, err, sizeof err), 0);
  ck_assert(p.is_sectored);
  ck_assert_uint_eq(p.n_sets, 4);
  ck_assert_uint_eq(p.assoc, 64);
  ck_assert_int_eq(p.write_policy, MEM_WRITE_THROUGH);
  ck_assert_int_eq(p.write_alloc, MEM_LAZY_FETCH_ON_READ);
  ck_assert_uint_eq(p.mshr_entries, 512);
  ck_assert_int_eq(
    mem_cache_params_parse("S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", &p, err, sizeof err), 0);
  ck_assert_int_eq(p.set_index, MEM_INDEX_PRIME);
  /* N: prefix, FIFO, streaming, texture-FIFO MSHR, X index. */
  ck_assert_int_eq(
    mem_cache_params_parse("N:128:64:2,F:R:f:N:X,T:2:64,4:2", &p, err, sizeof err), 0);
  ck_assert(!p.is_sectored);
  ck_assert_int_eq(p.repl, MEM_REPL_FIFO);
  ck_assert_int_eq(p.write_policy, MEM_WRITE_READ_ONLY);
  ck_assert_int_eq(p.alloc_policy, MEM_ALLOC_ON_FILL);
  ck_assert_int_eq(p.set_index, MEM_INDEX_XOR);
  ck_assert_int_eq(p.mshr_kind, 'T');
  ck_assert_uint_eq(p.result_fifo, 2);
  /* Old four-letter policies: no set index letter means linear. */
  ck_assert_int_eq(mem_cache_params_parse("64:64:2,L:R:f:N,A:2:32,4", &p, err, sizeof err), 0);
  ck_assert_int_eq(p.set_index, MEM_INDEX_LINEAR);
  ck_assert_uint_eq(p.line_bytes, 64);
}
END_TEST

START_TEST(cache_none)
{
  mem_cache_params p;
  char err[64];
  memset(&p, 0xff, sizeof p);
  ck_assert_int_eq(mem_cache_params_parse("none", &p, err, sizeof err), 0);
  ck_assert(!p.is_enabled);
  memset(&p, 0xff, sizeof p);
  ck_assert_int_eq(mem_cache_params_parse("", &p, err, sizeof err), 0);
  ck_assert(!p.is_enabled);
  char buf[32];
  mem_cache_params_format(&p, buf, sizeof buf);
  ck_assert_str_eq(buf, "none");
}
END_TEST

/* One malformed field each: the string, a word the message must contain
 * (the field) and the offending text it must quote. */
static const struct bad_case {
  const char *s, *field, *text;
} cache_bad[] = {
  {"x32:128:4,L:L:m:N:H,A:32:8,8", "number of sets", "x32"},
  {"32:12a:4,L:L:m:N:H,A:32:8,8", "line size", "12a"},
  {"32:128:,L:L:m:N:H,A:32:8,8", "associativity", "''"},
  {"32:128:0,L:L:m:N:H,A:32:8,8", "associativity", "0"},
  {"Q:32:128:4,L:L:m:N:H,A:32:8,8", "type", "Q"},
  {"32:128,L:L:m:N:H,A:32:8,8", "geometry", "32:128"},
  {"32:128:4,Z:L:m:N:H,A:32:8,8", "replacement policy", "Z"},
  {"32:128:4,L:Q:m:N:H,A:32:8,8", "write policy", "Q"},
  {"32:128:4,L:L:M:N:H,A:32:8,8", "allocation policy", "M"},
  {"32:128:4,L:L:m:n:H,A:32:8,8", "write-allocation policy", "n"},
  {"32:128:4,L:L:m:N:Y,A:32:8,8", "set index function", "Y"},
  {"32:128:4,L:L:m,A:32:8,8", "policies", "L:L:m"},
  {"32:128:4,L:B:f:N:L,A:32:8,8", "allocation policy", "f"},
  {"32:128:4,L:T:f:F:L,A:32:8,8", "write-allocation policy", "F"},
  {"32:128:4,L:L:m:N:H,Q:32:8,8", "MSHR kind", "Q"},
  {"32:128:4,L:L:m:N:H,A:3x:8,8", "MSHR entries", "3x"},
  {"32:128:4,L:L:m:N:H,A:32:-8,8", "MSHR max merge", "-8"},
  {"32:128:4,L:L:m:N:H,A:32,8", "MSHR", "A:32"},
  {"32:128:4,L:L:m:N:H,A:32:8,eight", "miss queue", "eight"},
  {"32:128:4,L:L:m:N:H,A:32:8,8:x", "result FIFO", "x"},
  {"32:128:4,L:L:m:N:H,A:32:8,8:0:1", "queues", "8:0:1"},
  {"32:128:4,L:L:m:N:H,A:32:8,8:0,3 2", "data port", "3 2"},
  {"32:128:4,L:L:m:N:H,A:32:8", "groups", "32:128:4"},
  {"32:128:4,L:L:m:N:H,A:32:8,8,32,1", "groups", "32:128:4"},
};

START_TEST(cache_malformed)
{
  const struct bad_case *c = &cache_bad[_i];
  mem_cache_params p;
  char err[512] = "";
  ck_assert_int_ne(mem_cache_params_parse(c->s, &p, err, sizeof err), 0);
  ck_assert_msg(strstr(err, c->field), "'%s': message '%s' does not name '%s'", c->s, err,
                c->field);
  if (strcmp(c->text, "''") != 0)
    ck_assert_msg(strstr(err, c->text), "'%s': message '%s' does not quote '%s'", c->s, err,
                  c->text);
}
END_TEST

static const char *const cache_round[] = {
  "32:128:4,L:L:m:N:H,A:32:8,8",
  "64:128:8,L:B:m:W:L,A:32:4,4:0,32",
  "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32",
  "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32",
  "N:128:64:2,F:R:f:N:X,T:2:64,4:2",
  "64:64:2,L:R:f:N,A:2:32,4",
  "4:128:256,L:R:m:N:L,F:128:4,128:2",
  "16:128:4,F:E:m:F:H,S:16:16,4:0,64",
};

START_TEST(cache_round_trip)
{
  mem_cache_params a, b;
  char err[256], buf[128];
  ck_assert_int_eq(mem_cache_params_parse(cache_round[_i], &a, err, sizeof err), 0);
  mem_cache_params_format(&a, buf, sizeof buf);
  ck_assert_msg(mem_cache_params_parse(buf, &b, err, sizeof err) == 0, "%s: %s", buf, err);
  ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "%s -> %s changed", cache_round[_i], buf);
}
END_TEST

/* ---- DRAM timing ----------------------------------------------------- */

static const char *const gtx480_dram =
  "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0";

START_TEST(dram_gtx480)
{
  mem_dram_timing t;
  char err[256];
  ck_assert_int_eq(mem_dram_timing_parse(gtx480_dram, &t, err, sizeof err), 0);
  ck_assert_uint_eq(t.n_banks, 16);
  ck_assert_uint_eq(t.tCCD, 2);
  ck_assert_uint_eq(t.tRRD, 6);
  ck_assert_uint_eq(t.tRCD, 12);
  ck_assert_uint_eq(t.tRAS, 28);
  ck_assert_uint_eq(t.tRP, 12);
  ck_assert_uint_eq(t.tRC, 40);
  ck_assert_uint_eq(t.tCL, 12);
  ck_assert_uint_eq(t.tWL, 4);
  ck_assert_uint_eq(t.tCDLR, 5);
  ck_assert_uint_eq(t.tWR, 12);
  ck_assert_uint_eq(t.n_bank_groups, 1);
  ck_assert_uint_eq(t.tCCDL, 0);
  ck_assert_uint_eq(t.tRTPL, 0);
}
END_TEST

START_TEST(dram_forms)
{
  mem_dram_timing t, u;
  char err[256];
  /* Any order, ';' as a separator, optional bank-group fields omitted. */
  ck_assert_int_eq(mem_dram_timing_parse("CL=9;WL=3;nbk=8:CCD=2:RRD=8:RCD=12:RAS=21:RP=13:RC=34:"
                                         "CDLR=5:WR=10",
                                         &t, err, sizeof err),
                   0);
  ck_assert_uint_eq(t.n_banks, 8);
  ck_assert_uint_eq(t.tCL, 9);
  ck_assert_uint_eq(t.tWL, 3);
  ck_assert_uint_eq(t.n_bank_groups, 1);
  /* Legacy positional order nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR:nbkgrp:CCDL:RTPL. */
  ck_assert_int_eq(mem_dram_timing_parse("8:2:8:12:21:13:34:9:3:5:10", &u, err, sizeof err), 0);
  ck_assert_int_eq(memcmp(&t, &u, sizeof t), 0);
  ck_assert_int_eq(mem_dram_timing_parse("16:2:6:12:28:12:40:12:4:5:12:4:3:2", &u, err, sizeof err),
                   0);
  ck_assert_uint_eq(u.n_bank_groups, 4);
  ck_assert_uint_eq(u.tCCDL, 3);
  ck_assert_uint_eq(u.tRTPL, 2);
}
END_TEST

static const struct bad_case dram_bad[] = {
  {"nbk=16:CCD=2:RRD=6:RCD=1x:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12", "RCD", "1x"},
  {"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5", "WR", "missing"},
  {"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:tFAW=3", "tFAW",
   "unknown"},
  {"nbk=16:CCD=2:CCD=3:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12", "CCD", "twice"},
  {"nbk=16:CCD=2:RRD:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12", "RRD", "name=value"},
  {"nbk=0:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12", "nbk", "at least"},
  {"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=3", "nbkgrp",
   "3"},
  {"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=0", "nbkgrp",
   "at least"},
  {"16:2:6:12:28:12:40:12:4", "positional", "10"},
  {"16:2:6:12:28:1a:40:12:4:5", "RP", "1a"},
};

START_TEST(dram_malformed)
{
  const struct bad_case *c = &dram_bad[_i];
  mem_dram_timing t;
  char err[512] = "";
  ck_assert_int_ne(mem_dram_timing_parse(c->s, &t, err, sizeof err), 0);
  ck_assert_msg(strstr(err, c->field), "'%s': message '%s' does not name '%s'", c->s, err,
                c->field);
  ck_assert_msg(strstr(err, c->text), "'%s': message '%s' lacks '%s'", c->s, err, c->text);
}
END_TEST

START_TEST(dram_round_trip)
{
  static const char *const in[] = {gtx480_dram, "8:2:8:12:21:13:34:9:3:5:10",
                                   "16:2:6:12:28:12:40:12:4:5:12:4:3:2"};
  mem_dram_timing a, b;
  char err[256], buf[256];
  for (size_t i = 0; i < PTX_ARRAY_SIZE(in); i++) {
    ck_assert_int_eq(mem_dram_timing_parse(in[i], &a, err, sizeof err), 0);
    mem_dram_timing_format(&a, buf, sizeof buf);
    ck_assert_msg(mem_dram_timing_parse(buf, &b, err, sizeof err) == 0, "%s: %s", buf, err);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
  }
  mem_dram_timing_format(&a, buf, sizeof buf);
  ck_assert_ptr_nonnull(strstr(buf, "nbkgrp=4"));
}
END_TEST

/* ---- address map ----------------------------------------------------- */

static const char *const gtx480_map =
  "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";

START_TEST(addr_gtx480)
{
  mem_addr_map m;
  char err[256];
  ck_assert_int_eq(mem_addr_map_parse(gtx480_map, &m, err, sizeof err), 0);
  ck_assert_uint_eq(m.chan_at, 8);
  /* Bits, from the right: S 0-4, C 5-6, B 7, C 8-11, B 12-14, R 15-27. */
  ck_assert_uint_eq(m.burst_mask, 0x1f);
  ck_assert_uint_eq(m.col_mask, 0x60 | 0xf00);
  ck_assert_uint_eq(m.bank_mask, 0x80 | 0x7000);
  ck_assert_uint_eq(m.row_mask, 0x0fff8000);
  ck_assert_uint_eq(m.chan_mask, 0);
}
END_TEST

START_TEST(addr_explicit_channels)
{
  mem_addr_map m;
  char err[256];
  /* No dramid@: channel bits named with D; lower case and '|' accepted. */
  ck_assert_int_eq(mem_addr_map_parse("00000000.00000000.00000000.00000000.000rrrrr.RRRRRRRR."
                                      "RBBBCCCC|DDDSSSSS",
                                      &m, err, sizeof err),
                   0);
  ck_assert_uint_eq(m.chan_at, UINT32_MAX);
  ck_assert_uint_eq(m.chan_mask, 0xe0);
  ck_assert_uint_eq(m.col_mask, 0xf00);
  ck_assert_uint_eq(m.row_mask, 0x1fff8000);
}
END_TEST

static const struct bad_case addr_bad[] = {
  {"dramid@x;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", "dramid",
   "x"},
  {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSS", "bits",
   "63"},
  {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSSS",
   "more than 64", "SSSSSS"},
  {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCQC.BCCSSSSS", "'Q'",
   "offset"},
  {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.DCCSSSSS", "'D'",
   "dramid"},
  {"dram@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", "before ';'",
   "dram@8"},
  {"dramid@8:00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", "';'",
   "dramid@8"},
  {"dramid@64;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", "dramid",
   "64"},
  {"dramid@8;00000000.00000000.00000000.00000000.00000000.00000000.0000CCCC.CCCSSSSS", "bank",
   "00000000"},
};

START_TEST(addr_malformed)
{
  const struct bad_case *c = &addr_bad[_i];
  mem_addr_map m;
  char err[512] = "";
  ck_assert_int_ne(mem_addr_map_parse(c->s, &m, err, sizeof err), 0);
  ck_assert_msg(strstr(err, c->field), "'%s': message '%s' does not name '%s'", c->s, err,
                c->field);
  ck_assert_msg(strstr(err, c->text), "'%s': message '%s' lacks '%s'", c->s, err, c->text);
}
END_TEST

START_TEST(addr_round_trip)
{
  static const char *const in[] = {
    gtx480_map, "00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.RBBBCCCC.DDDSSSSS",
    "dramid@10;00000000.00000000.00000000.00RRRRRR.RRRRRRRR.RRRRBBBB.CCCCCCCC.CCCSSSSS"};
  mem_addr_map a, b;
  char err[256], buf[128];
  for (size_t i = 0; i < PTX_ARRAY_SIZE(in); i++) {
    ck_assert_int_eq(mem_addr_map_parse(in[i], &a, err, sizeof err), 0);
    mem_addr_map_format(&a, buf, sizeof buf);
    ck_assert_msg(mem_addr_map_parse(buf, &b, err, sizeof err) == 0, "%s: %s", buf, err);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
  }
  /* The canonical form of GTX480's map is the string itself. */
  ck_assert_int_eq(mem_addr_map_parse(gtx480_map, &a, err, sizeof err), 0);
  mem_addr_map_format(&a, buf, sizeof buf);
  ck_assert_str_eq(buf, gtx480_map);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("mem_parse");
  TCase *tc = tcase_create("cache");
  tcase_add_test(tc, cache_gtx480_l1d);
  tcase_add_test(tc, cache_gtx480_l2);
  tcase_add_test(tc, cache_sectored_and_typed);
  tcase_add_test(tc, cache_none);
  tcase_add_loop_test(tc, cache_malformed, 0, (int)PTX_ARRAY_SIZE(cache_bad));
  tcase_add_loop_test(tc, cache_round_trip, 0, (int)PTX_ARRAY_SIZE(cache_round));
  suite_add_tcase(s, tc);
  tc = tcase_create("dram");
  tcase_add_test(tc, dram_gtx480);
  tcase_add_test(tc, dram_forms);
  tcase_add_loop_test(tc, dram_malformed, 0, (int)PTX_ARRAY_SIZE(dram_bad));
  tcase_add_test(tc, dram_round_trip);
  suite_add_tcase(s, tc);
  tc = tcase_create("addr");
  tcase_add_test(tc, addr_gtx480);
  tcase_add_test(tc, addr_explicit_channels);
  tcase_add_loop_test(tc, addr_malformed, 0, (int)PTX_ARRAY_SIZE(addr_bad));
  tcase_add_test(tc, addr_round_trip);
  suite_add_tcase(s, tc);
  return test_run(s);
}
