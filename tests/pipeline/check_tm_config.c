/* check_tm_config.c -- the timing configuration (pipeline/tm_config*.c):
 * the embedded configurations against the seeds' published numbers, the
 * dump round trip, GPGPU-Sim's own GTX480 file, the file format, errors
 * and validation.
 *
 * Expected values come from the design digests (000, 002a/b, 004) and
 * GPGPU-Sim's and Accel-Sim's public configuration files, not from the
 * program.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/tm_config.h"
#include "tests/test_util.h"

static char *dump_of(const tm_config *cfg)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  tm_config_dump(cfg, f);
  fclose(f);
  return text;
}

/* Loads text over cfg; returns the status, the messages in *msgs. */
static int load(tm_config *cfg, const char *text, char **msgs)
{
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  int rc = tm_config_load_string(cfg, text, "t.cfg", &d);
  *msgs = strdup(ptx_diag_text(&d));
  ptx_diag_free(&d);
  return rc;
}

static void load_ok(tm_config *cfg, const char *text)
{
  char *msgs;
  int rc = load(cfg, text, &msgs);
  ck_assert_msg(rc == 0, "load failed: %s", msgs);
  free(msgs);
}

/* Loads text over the defaults and expects failure with want in the
 * messages. */
static void load_fails(const char *text, const char *want)
{
  tm_config cfg;
  tm_config_defaults(&cfg);
  char *msgs;
  int rc = load(&cfg, text, &msgs);
  ck_assert_msg(rc == PTX_EPARSE, "'%s' loaded", text);
  ck_assert_msg(strstr(msgs, want) != NULL, "messages:\n%s\nwant: %s", msgs, want);
  free(msgs);
}

static uint64_t cache_bytes(const mem_cache_params *c)
{
  return (uint64_t)c->n_sets * c->line_bytes * c->assoc;
}

/* ---- the named configurations ---------------------------------------- */

START_TEST(gtx480_defaults)
{
  /* Seeds 000/001/004 and GPGPU-Sim's GTX480: 15 SMs, 1536 threads, 8
   * CTAs, 32768 registers, 48 KB shared memory, 16 KB L1, 768 KB L2, 6
   * channels, 700 / 924 MHz, 2 LRR schedulers. */
  tm_config c;
  tm_config_defaults(&c);
  ck_assert_str_eq(c.origin, "gtx480");
  ck_assert_uint_eq(c.n_sms, 15);
  ck_assert_uint_eq(c.max_threads_per_sm, 1536);
  ck_assert_uint_eq(c.warp_size, 32);
  ck_assert_uint_eq(c.max_warps_per_sm, 48);
  ck_assert_uint_eq(c.max_ctas_per_sm, 8);
  ck_assert_uint_eq(c.n_regs_per_sm, 32768);
  ck_assert_uint_eq(c.mem.shmem_bytes, 48 * 1024);
  ck_assert_uint_eq(c.reg_alloc_granularity, 4);
  ck_assert_uint_eq(c.thread_alloc_granularity, 32);
  ck_assert_uint_eq(c.max_regs_per_thread, 64);
  ck_assert_uint_eq(cache_bytes(&c.mem.l1d), 16 * 1024);
  ck_assert_uint_eq(c.mem.l1d.line_bytes, 128);
  ck_assert_uint_eq(c.mem.n_channels, 6);
  ck_assert_uint_eq(cache_bytes(&c.mem.l2) * c.mem.n_channels * c.mem.n_sub_partitions,
                    768 * 1024);
  ck_assert(c.mem.core_mhz == 700.0 && c.mem.dram_mhz == 924.0);
  ck_assert_uint_eq(c.n_sched_per_sm, 2);
  ck_assert_str_eq(c.sched.name, "lrr");
  ck_assert_str_eq(c.dispatcher.name, "tb");
  ck_assert_uint_eq(c.n_units[TM_UNIT_SP], 2);
  ck_assert_uint_eq(c.n_units[TM_UNIT_SFU], 1);
  ck_assert_uint_eq(c.n_units[TM_UNIT_DP], 0);
  /* GPGPU-Sim's GTX480 latencies ADD,MAX,MUL,MAD,DIV. */
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_ADD], 4);
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_MAX], 13);
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_DIV], 145);
  ck_assert_uint_eq(c.init[TM_LAT_INT][TM_OPC_MUL], 2);
  ck_assert_uint_eq(c.lat[TM_LAT_FP][TM_OPC_DIV], 39);
  ck_assert_uint_eq(c.lat[TM_LAT_DP][TM_OPC_DIV], 330);
  ck_assert_uint_eq(c.init[TM_LAT_DP][TM_OPC_DIV], 130);
  /* One value for the SFU fills every class. */
  ck_assert_uint_eq(c.lat[TM_LAT_SFU][TM_OPC_ADD], 8);
  ck_assert_uint_eq(c.lat[TM_LAT_SFU][TM_OPC_SHFL], 8);
  /* GDDR5: 16 banks, tCL = tRP = tRCD = 12 (000 Table 1). */
  ck_assert_uint_eq(c.mem.dram.n_banks, 16);
  ck_assert_uint_eq(c.mem.dram.tCL, 12);
  ck_assert_uint_eq(c.mem.dram.tRP, 12);
  ck_assert_uint_eq(c.mem.dram.tRCD, 12);
  ck_assert_uint_eq(c.mem.dram.n_bank_groups, 4);
  /* 384-bit bus at 924 MHz QDR: 177 GB/s (004 Table 2.1). */
  double gbs = c.mem.n_channels * c.mem.dram_chips * c.mem.dram_bus_bytes * c.mem.dram_mhz *
               c.mem.dram_data_ratio / 1000.0;
  ck_assert_msg(gbs > 177.0 && gbs < 177.5, "%f GB/s", gbs);
  ck_assert_uint_eq(c.n_kernel_regs, 0);
}
END_TEST

START_TEST(gtx280_seed002)
{
  /* 002a Table 1 / 002b Table 6: 30 SMs, 8 TBs and 1024 threads, 16k
   * registers, 16 KB smem, one RR scheduler, L2 256 KB per channel with
   * 64-byte lines, 16 channels of 8 banks, tCL 10, tRP 10, tRCD 12, 325 MHz
   * core, one instruction in flight per warp. */
  tm_config c;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_load_named(&c, "gtx280", &d), 0);
  ck_assert_uint_eq(d.n_warnings + d.n_errors, 0);
  ptx_diag_free(&d);
  ck_assert_uint_eq(c.n_sms, 30);
  ck_assert_uint_eq(c.max_ctas_per_sm, 8);
  ck_assert_uint_eq(c.max_threads_per_sm, 1024);
  ck_assert_uint_eq(c.n_regs_per_sm, 16384);
  ck_assert_uint_eq(c.mem.shmem_bytes, 16384);
  ck_assert_uint_eq(c.n_sched_per_sm, 1);
  ck_assert_str_eq(c.sched.name, "lrr");
  ck_assert_uint_eq(c.max_inflight_per_warp, 1);
  ck_assert(c.mem.core_mhz == 325.0 && c.mem.dram_mhz == 800.0);
  ck_assert_uint_eq(cache_bytes(&c.mem.l1d), 48 * 1024);
  ck_assert_uint_eq(c.mem.l1d.line_bytes, 64);
  ck_assert_uint_eq(c.mem.n_channels, 16);
  ck_assert_uint_eq(cache_bytes(&c.mem.l2) * c.mem.n_sub_partitions, 256 * 1024);
  ck_assert_uint_eq(c.mem.l2.line_bytes, 64);
  ck_assert_uint_eq(c.mem.l2.assoc, 8);
  ck_assert_uint_eq(c.mem.dram.n_banks, 8);
  ck_assert_uint_eq(c.mem.dram.tCL, 10);
  ck_assert_uint_eq(c.mem.dram.tRP, 10);
  ck_assert_uint_eq(c.mem.dram.tRCD, 12);
  /* 200 GB/s total (about: 204.8). */
  double gbs = c.mem.n_channels * c.mem.dram_chips * c.mem.dram_bus_bytes * c.mem.dram_mhz *
               c.mem.dram_data_ratio / 1000.0;
  ck_assert_msg(gbs > 195.0 && gbs < 210.0, "%f GB/s", gbs);
  /* The 8-cycle ALU of the 8-lane view is 2 cycles of the 32-lane model. */
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_ADD], 2);
  ck_assert_uint_eq(c.branch_latency, 1);
}
END_TEST

START_TEST(sm75_accel_sim)
{
  /* Accel-Sim's RTX 2060: 30 SMs, 1024 threads, 32 CTAs, 64k registers,
   * 64 KB shared memory, 4 GTO schedulers, 3 MB L2, 12 channels, 1365 MHz,
   * 336 GB/s. */
  tm_config c;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_load_named(&c, "sm75", &d), 0);
  ptx_diag_free(&d);
  ck_assert_uint_eq(c.n_sms, 30);
  ck_assert_uint_eq(c.max_threads_per_sm, 1024);
  ck_assert_uint_eq(c.max_ctas_per_sm, 32);
  ck_assert_uint_eq(c.n_regs_per_sm, 65536);
  ck_assert_uint_eq(c.mem.shmem_bytes, 65536);
  ck_assert_uint_eq(c.n_sched_per_sm, 4);
  ck_assert_str_eq(c.sched.name, "gto");
  ck_assert_uint_eq(c.n_units[TM_UNIT_INT], 4);
  ck_assert_uint_eq(c.n_units[TM_UNIT_TENSOR], 4);
  ck_assert_uint_eq(c.pipe_width[TM_PIPE_EX_WB], 8);
  ck_assert(c.mem.l1d.is_sectored && c.mem.l2.is_sectored);
  ck_assert_uint_eq(cache_bytes(&c.mem.l2) * c.mem.n_channels * c.mem.n_sub_partitions,
                    3u * 1024 * 1024);
  ck_assert(c.mem.core_mhz == 1365.0);
  double gbs = c.mem.n_channels * c.mem.dram_chips * c.mem.dram_bus_bytes * c.mem.dram_mhz *
               c.mem.dram_data_ratio / 1000.0;
  ck_assert_msg(gbs > 335.9 && gbs < 336.1, "%f GB/s", gbs);
  ck_assert_uint_eq(c.lat[TM_LAT_SFU][TM_OPC_DIV], 100);
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_SHFL], 32);
}
END_TEST

START_TEST(named_list)
{
  ck_assert_uint_eq(tm_config_named_count(), 5);
  const char *desc = NULL;
  ck_assert_str_eq(tm_config_named(0, &desc), "gtx480");
  ck_assert_ptr_nonnull(desc);
  ck_assert_str_eq(tm_config_named(1, NULL), "gtx280");
  ck_assert_str_eq(tm_config_named(2, NULL), "gtx280_ilp");
  ck_assert_str_eq(tm_config_named(3, NULL), "sm75");
  ck_assert_str_eq(tm_config_named(4, NULL), "gtx285_scalar");
  ck_assert_ptr_null(tm_config_named(5, NULL));
  tm_config c;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_load_named(&c, "gtx9000", &d), PTX_ENOTFOUND);
  ck_assert_str_eq(ptx_diag_text(&d),
                   "ptxsim: error: unknown configuration 'gtx9000' (named: gtx480, gtx280, "
                   "gtx280_ilp, sm75, gtx285_scalar; or a file)\n");
  ptx_diag_free(&d);
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_load_named(&c, "/nonexistent/x.config", &d), PTX_EIO);
  ck_assert_ptr_nonnull(strstr(ptx_diag_text(&d), "/nonexistent/x.config: error: cannot read"));
  ptx_diag_free(&d);
}
END_TEST

/* ---- the dump -------------------------------------------------------- */

/* Dumping config i and loading the dump over config j gives config i
 * again: the dump is complete and reads back exactly. */
START_TEST(dump_round_trip)
{
  int i = _i / 3, j = _i % 3;
  const char *a = tm_config_named((size_t)i, NULL), *b = tm_config_named((size_t)j, NULL);
  tm_config ca, cb;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_load_named(&ca, a, &d), 0);
  ck_assert_int_eq(tm_config_load_named(&cb, b, &d), 0);
  ptx_diag_free(&d);
  if (i == 1)
    load_ok(&ca, "-ptxsim_kernel_regs _Z6kernelPfi:23\n-ptxsim_kernel_regs other:8\n");
  char *da = dump_of(&ca);
  load_ok(&cb, da);
  char *db = dump_of(&cb);
  ck_assert_msg(strcmp(da, db) == 0, "%s over %s differs", a, b);
  /* A few fields directly. */
  ck_assert_uint_eq(cb.n_sms, ca.n_sms);
  ck_assert_uint_eq(cb.mem.l2.n_sets, ca.mem.l2.n_sets);
  ck_assert(memcmp(cb.lat, ca.lat, sizeof ca.lat) == 0);
  ck_assert(memcmp(cb.init, ca.init, sizeof ca.init) == 0);
  ck_assert(memcmp(cb.pipe_width, ca.pipe_width, sizeof ca.pipe_width) == 0);
  ck_assert(memcmp(&cb.mem.dram, &ca.mem.dram, sizeof ca.mem.dram) == 0);
  ck_assert(memcmp(&cb.mem.addr_map, &ca.mem.addr_map, sizeof ca.mem.addr_map) == 0);
  ck_assert(cb.mem.core_mhz == ca.mem.core_mhz && cb.mem.dram_mhz == ca.mem.dram_mhz);
  if (i == 1) {
    ck_assert_uint_eq(tm_config_kernel_regs(&cb, "_Z6kernelPfi"), 23);
    ck_assert_uint_eq(tm_config_kernel_regs(&cb, "other"), 8);
  }
  free(da);
  free(db);
}
END_TEST

START_TEST(dump_format)
{
  tm_config c;
  tm_config_defaults(&c);
  char *text = dump_of(&c);
  /* Every modelled option appears once, in config syntax. */
  ck_assert_ptr_nonnull(strstr(text, "\n-gpgpu_n_clusters                      15\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-gpgpu_clock_domains                   "
                                     "700.0:700.0:700.0:924.0\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-gpgpu_scheduler                       lrr\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-ptxsim_dispatcher                     tb\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-gpgpu_pipeline_widths                 "
                                     "2,0,0,1,1,2,0,0,1,1,2,0,0\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-ptx_opcode_latency_int                "
                                     "4,13,4,5,145,32\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-ptx_opcode_latency_fp                 4,13,4,5,39\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n-ptx_opcode_latency_sfu                8\n"));
  ck_assert_ptr_nonnull(strstr(text, "\n#-ptxsim_kernel_regs"));
  ck_assert_ptr_null(strstr(text, "-rop_latency"));
  free(text);
}
END_TEST

/* ---- GPGPU-Sim's GTX480 file ------------------------------------------ */

START_TEST(gpgpusim_gtx480_file)
{
  tm_config c;
  tm_config_defaults(&c);
  /* Start from something else, so that every value below is the file's. */
  load_ok(&c, "-gpgpu_n_clusters 3\n-gpgpu_scheduler lrr\n-gpgpu_l2_rop_latency 7\n");
  const char *path = test_path("tests/pipeline/data/gpgpusim-gtx480.config");
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  int rc = tm_config_load_file(&c, path, &d);
  ck_assert_msg(rc == 0, "%s", ptx_diag_text(&d));
  ck_assert_uint_eq(d.n_errors, 0);
  ck_assert_uint_eq(d.n_warnings, 1);
  /* The options GPGPU-Sim has and ptxsim does not model, once each, in the
   * order the file gives them. */
  char want[2048];
  snprintf(want, sizeof want,
           "%s: warning: ignoring 21 GPGPU-Sim options that ptxsim does not model: "
           "-gpgpu_ptx_instruction_classification, -gpgpu_ptx_sim_mode, "
           "-gpgpu_ptx_force_max_capability, -gpgpu_ptx_convert_to_ptxplus, "
           "-gpgpu_ptx_save_converted_ptxplus, -gpgpu_simd_model, -gpgpu_cache:il1, "
           "-gpgpu_operand_collector_num_units_sp, -gpgpu_operand_collector_num_units_sfu, "
           "-gpgpu_operand_collector_num_in_ports_sp, -gpgpu_operand_collector_num_out_ports_sp, "
           "-gpgpu_num_reg_banks, -network_mode, -inter_config_file, -gpgpu_mem_address_mask, "
           "-gpgpu_memlatency_stat, -gpgpu_runtime_stat, -enable_ptx_file_line_stats, "
           "-visualizer_enabled, -power_simulation_enabled, -gpuwattch_xml_file\n",
           path);
  ck_assert_str_eq(ptx_diag_text(&d), want);
  ptx_diag_free(&d);
  ck_assert_uint_eq(c.n_sms, 15);
  ck_assert_str_eq(c.sched.name, "gto");
  ck_assert_uint_eq(c.n_sched_per_sm, 2);
  /* -rop_latency is GPGPU-Sim 3.x's name of -gpgpu_l2_rop_latency. */
  ck_assert_uint_eq(c.mem.l2_rop_latency, 120);
  /* The 9-entry widths ID_OC_SP,ID_OC_DP,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,
   * OC_EX_DP,OC_EX_SFU,OC_EX_MEM,EX_WB = 2,0,1,1,2,0,1,1,2. */
  static const uint32_t widths[TM_PIPE_COUNT] = {
    [TM_PIPE_ID_OC_SP] = 2, [TM_PIPE_ID_OC_SFU] = 1, [TM_PIPE_ID_OC_MEM] = 1,
    [TM_PIPE_OC_EX_SP] = 2, [TM_PIPE_OC_EX_SFU] = 1, [TM_PIPE_OC_EX_MEM] = 1,
    [TM_PIPE_EX_WB] = 2,
  };
  for (int k = 0; k < TM_PIPE_COUNT; k++)
    ck_assert_msg(c.pipe_width[k] == widths[k], "width %d: %u", k, c.pipe_width[k]);
  /* Five latencies; SHFL keeps its earlier value. */
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_MAD], 5);
  ck_assert_uint_eq(c.init[TM_LAT_INT][TM_OPC_MAD], 1);
  ck_assert_uint_eq(c.lat[TM_LAT_INT][TM_OPC_SHFL], 32);
  /* The DRAM timing spans two lines inside quotes. */
  ck_assert_uint_eq(c.mem.dram.tRC, 40);
  ck_assert_uint_eq(c.mem.dram.tCL, 12);
  ck_assert_uint_eq(c.mem.dram.tRTPL, 2);
  ck_assert_uint_eq(c.mem.dram_data_ratio, 4);
  ck_assert_uint_eq(c.mem.l1d.n_sets, 32);
  ck_assert_int_eq(c.mem.l1d.set_index, MEM_INDEX_FERMI_HASH);
  ck_assert_uint_eq(c.mem.l2.n_sets, 64);
  ck_assert_uint_eq(c.mem.l1t.assoc, 24);
}
END_TEST

START_TEST(many_ignored_wrap)
{
  /* More ignored options than one diagnostic line holds: the warning goes
   * on in notes; each name still appears once. */
  static const char *const names[] = {
    "-gpgpu_operand_collector_num_units_sp", "-gpgpu_operand_collector_num_units_dp",
    "-gpgpu_operand_collector_num_units_sfu", "-gpgpu_operand_collector_num_units_int",
    "-gpgpu_operand_collector_num_units_tensor_core", "-gpgpu_operand_collector_num_units_mem",
    "-gpgpu_operand_collector_num_units_gen", "-gpgpu_operand_collector_num_in_ports_sp",
    "-gpgpu_operand_collector_num_in_ports_dp", "-gpgpu_operand_collector_num_in_ports_sfu",
    "-gpgpu_operand_collector_num_in_ports_int", "-gpgpu_operand_collector_num_in_ports_mem",
    "-gpgpu_operand_collector_num_in_ports_gen", "-gpgpu_operand_collector_num_out_ports_sp",
    "-gpgpu_operand_collector_num_out_ports_dp", "-gpgpu_operand_collector_num_out_ports_sfu",
    "-gpgpu_operand_collector_num_out_ports_int", "-gpgpu_operand_collector_num_out_ports_mem",
    "-gpgpu_operand_collector_num_out_ports_gen", "-accelwattch_hybrid_perfsim_L1_RH",
    "-accelwattch_hybrid_perfsim_L1_RM", "-accelwattch_hybrid_perfsim_L1_WH",
    "-accelwattch_hybrid_perfsim_L1_WM", "-accelwattch_hybrid_perfsim_L2_RH",
  };
  char text[4096];
  size_t k = 0;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    k += (size_t)snprintf(text + k, sizeof text - k, "%s 1\n%s 2\n", names[i], names[i]);
  tm_config c;
  tm_config_defaults(&c);
  char *msgs;
  ck_assert_int_eq(load(&c, text, &msgs), 0);
  ck_assert(strncmp(msgs, "t.cfg: warning: ignoring 24 GPGPU-Sim options", 45) == 0);
  ck_assert_ptr_nonnull(strstr(msgs, "\nt.cfg: note: also ignored: "));
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char key[96];
    snprintf(key, sizeof key, "%s,", names[i]);
    const char *at = strstr(msgs, names[i]);
    ck_assert_msg(at != NULL, "%s missing", names[i]);
    /* Only once (the longer names contain no shorter one as a prefix
     * followed by the same separator). */
    const char *sep = at + strlen(names[i]);
    ck_assert(*sep == ',' || *sep == '\n');
    ck_assert_ptr_null(strstr(sep, key));
  }
  free(msgs);
}
END_TEST

/* ---- the format ------------------------------------------------------ */

START_TEST(format_details)
{
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "# a comment line\n"
              "   \t\n"
              "-gpgpu_n_clusters 7   # trailing comment\n"
              "-gpgpu_n_clusters 9\n"                       /* last wins */
              "\t-gpgpu_shader_cta\t4\r\n"                    /* tabs, CRLF */
              "-gpgpu_scheduler \"two_level_active:6:0:1\"\n" /* quoted */
              "-gpgpu_shader_core_pipeline 1024:32:32\n"    /* 3rd field ignored */
              "-gpgpu_pipeline_widths 1,1,1,1,1,1,1\n"      /* 3.x 7 entries */
              "-ptx_opcode_latency_dp \"1, 2, 3,\n  4,5\"  # spaces dropped\n"
              "-gmem_skip_L1D 1\n"
              "-ptx_opcode_latency_tesnor 99\n"             /* GPGPU-Sim's spelling */
              "-ptxsim_kernel_regs k1:10\n"
              "-ptxsim_kernel_regs ns::k2:12\n"
              "-ptxsim_kernel_regs k1:16\n"                 /* same kernel: last wins */
              "-gpgpu_max_cycle 18446744073709551615\n"
              "-gpgpu_n_cores_per_cluster 2");               /* no final newline */
  ck_assert_uint_eq(c.n_clusters, 9);
  ck_assert_uint_eq(c.n_sms, 18);
  ck_assert_uint_eq(c.max_ctas_per_sm, 4);
  ck_assert_str_eq(c.sched.name, "two_level_active");
  char spec[64];
  pol_sched_format_spec(&c.sched, spec, sizeof spec); /* its parameters are the policy's */
  ck_assert_str_eq(spec, "two_level_active:6:0:1");
  ck_assert_uint_eq(c.max_threads_per_sm, 1024);
  ck_assert_uint_eq(c.max_warps_per_sm, 32);
  ck_assert_uint_eq(c.pipe_width[TM_PIPE_ID_OC_SFU], 1);
  ck_assert_uint_eq(c.pipe_width[TM_PIPE_ID_OC_DP], 0);
  ck_assert_uint_eq(c.pipe_width[TM_PIPE_EX_WB], 1);
  ck_assert_uint_eq(c.lat[TM_LAT_DP][TM_OPC_ADD], 1);
  ck_assert_uint_eq(c.lat[TM_LAT_DP][TM_OPC_DIV], 5);
  ck_assert(c.mem.l1d_bypass_global);
  ck_assert_uint_eq(c.lat[TM_LAT_TENSOR][TM_OPC_MAD], 99);
  ck_assert_uint_eq(c.n_kernel_regs, 2);
  ck_assert_uint_eq(tm_config_kernel_regs(&c, "k1"), 16);
  ck_assert_uint_eq(tm_config_kernel_regs(&c, "ns::k2"), 12);
  ck_assert_uint_eq(tm_config_kernel_regs(&c, "k3"), 0);
  ck_assert_uint_eq(c.max_cycles, UINT64_MAX);
  ck_assert_str_eq(c.origin, "t.cfg");
  /* One option set from the command line. */
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_set_option(&c, "-gpgpu_shader_cta", "6", "--set", &d), 0);
  ck_assert_uint_eq(c.max_ctas_per_sm, 6);
  ck_assert_int_eq(tm_config_set_option(&c, "-visualizer_enabled", "1", "--set", &d), 0);
  ck_assert_int_eq(tm_config_set_option(&c, "-gpgpu_shader_ctas", "6", "--set", &d),
                   PTX_EPARSE);
  ck_assert_str_eq(ptx_diag_text(&d),
                   "--set: warning: ignoring -visualizer_enabled: ptxsim does not model it\n"
                   "--set: error: unknown option '-gpgpu_shader_ctas'; did you mean "
                   "'-gpgpu_shader_cta'?\n");
  ptx_diag_free(&d);
}
END_TEST

START_TEST(cta_limits)
{
  tm_config c;
  tm_config_defaults(&c);
  pol_cta_limits l;
  tm_config_cta_limits(&c, &l);
  ck_assert_uint_eq(l.max_threads, 1536);
  ck_assert_uint_eq(l.max_ctas, 8);
  ck_assert_uint_eq(l.n_regs, 32768);
  ck_assert_uint_eq(l.smem_bytes, 49152);
  ck_assert_uint_eq(l.warp_size, 32);
  ck_assert_uint_eq(l.reg_granularity, 4);
  ck_assert_uint_eq(l.thread_granularity, 32);
  ck_assert_uint_eq(l.smem_granularity, 1);
  ck_assert_uint_eq(l.max_regs_per_thread, 64);
}
END_TEST

/* ---- errors ---------------------------------------------------------- */

START_TEST(errors_located)
{
  load_fails("# ok\n-gpgpu_n_clusters 15\n  -gpgpu_n_cluster 15\n",
             "t.cfg:3:3: error: unknown option '-gpgpu_n_cluster'; did you mean "
             "'-gpgpu_n_clusters'?\n");
  load_fails("-totally_unrelated_thing 1\n", "t.cfg:1:1: error: unknown option "
                                             "'-totally_unrelated_thing'\n");
  /* A name is suggested up to a third of the unknown one's length away
   * (2 at least): 8 extra letters on 25 characters are still suggested
   * (8 = 25 / 3), 9 on 26 are not; nor is anything for a name of more
   * than 63 characters. */
  load_fails("-gpgpu_n_clustersxxxxxxxx 1\n", "t.cfg:1:1: error: unknown option "
             "'-gpgpu_n_clustersxxxxxxxx'; did you mean '-gpgpu_n_clusters'?\n");
  load_fails("-gpgpu_n_clustersxxxxxxxxx 1\n", "t.cfg:1:1: error: unknown option "
             "'-gpgpu_n_clustersxxxxxxxxx'\n");
  load_fails("-gpgpu_n_clustersxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 1\n",
             "unknown option '-gpgpu_n_clustersxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n");
  load_fails("-gpgpu_n_clusters fifteen\n",
             "t.cfg:1:1: error: -gpgpu_n_clusters: 'fifteen' is not a number");
  load_fails("-gpgpu_n_clusters -3\n", "'-3' is not a number");
  /* Found by tests/fuzz/fuzz_config: the dump quotes this value, and
   * quoted values lose their blanks, so the name would not read back. */
  load_fails("-ptxsim_kernel_regs my kernel:8\n",
             "t.cfg:1:1: error: -ptxsim_kernel_regs: kernel name 'my kernel' contains white "
             "space\n");
  load_fails("-gpgpu_n_clusters 4294967296\n", "4294967296 is too large (at most 65535)");
  load_fails("-gpgpu_n_clusters\n", "t.cfg:1:1: error: -gpgpu_n_clusters: missing value");
  load_fails("gpgpu_n_clusters 15\n", "t.cfg:1:1: error: expected an option '-name value', "
                                      "found 'gpgpu_n_clusters'");
  load_fails("\n\n-gpgpu_dram_timing_opt \"nbk=16:\n", "t.cfg:3:1: error: "
                                                       "-gpgpu_dram_timing_opt: unterminated "
                                                       "quoted value");
  load_fails("-gpgpu_scheduler \"gto\" x\n", "t.cfg:1:24: error: -gpgpu_scheduler: text after "
                                             "the quoted value");
  load_fails("-gpgpu_scheduler fifo\n",
             "t.cfg:1:1: error: -gpgpu_scheduler: unknown warp scheduler 'fifo' (valid: lrr, "
             "gto, two_level_active)");
  load_fails("-ptxsim_dispatcher warpman\n",
             "t.cfg:1:1: error: -ptxsim_dispatcher: unknown CTA dispatcher 'warpman' (valid: tb)");
  load_fails("-ptxsim_dispatcher tb:2\n",
             "t.cfg:1:1: error: -ptxsim_dispatcher: CTA dispatcher 'tb' takes no arguments "
             "(got 'tb:2')");
  load_fails("-gpgpu_pipeline_widths 1,2,3\n", "expected 7, 9, 11 or 13");
  load_fails("-ptx_opcode_latency_int 1,2,3,4\n", "expected 5 or 6 comma-separated numbers");
  load_fails("-ptx_opcode_latency_fp 1,2,3,4,5,6\n", "expected 5 comma-separated numbers");
  load_fails("-ptx_opcode_latency_sfu 1,2\n", "expected one number");
  load_fails("-gpgpu_clock_domains 700:700:700\n", "<core>:<interconnect>:<L2>:<DRAM>");
  load_fails("-gpgpu_clock_domains 700:700:0:924\n", "each > 0");
  load_fails("-gpgpu_shader_core_pipeline 1536\n", "expected <threads per SM>:<warp size>");
  load_fails("-ptxsim_kernel_regs k1\n", "expected KERNEL:REGISTERS");
  load_fails("-gpgpu_cache:dl1 32:128\n", "t.cfg:1:1: error: -gpgpu_cache:dl1: ");
  /* Several errors: all reported. */
  tm_config c;
  tm_config_defaults(&c);
  char *msgs;
  ck_assert_int_eq(load(&c, "-a 1\n-gpgpu_n_clusters x\n-b 2\n", &msgs), PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(msgs, "t.cfg:1:1:"));
  ck_assert_ptr_nonnull(strstr(msgs, "t.cfg:2:1:"));
  ck_assert_ptr_nonnull(strstr(msgs, "t.cfg:3:1:"));
  free(msgs);
}
END_TEST

START_TEST(validation)
{
  load_fails("-gpgpu_n_clusters 0\n",
             "t.cfg:1:1: error: -gpgpu_n_clusters: 0 is too small (at least 1)\n");
  load_fails("-gpgpu_n_cores_per_cluster 0\n", "-gpgpu_n_cores_per_cluster: 0 is too small");
  load_fails("-gpgpu_n_clusters 300\n-gpgpu_n_cores_per_cluster 300\n",
             "t.cfg: error: -gpgpu_n_clusters: 90000 SMs (at most 65535)\n");
  load_fails("-gpgpu_shader_core_pipeline 1536:16\n",
             "t.cfg: error: -gpgpu_shader_core_pipeline: warp size 16 is not supported "
             "(ptxsim models 32-thread warps)\n");
  load_fails("-gpgpu_shader_core_pipeline 1000:32\n", "1000 threads per SM is not a multiple");
  load_fails("-gpgpu_cache:dl1 N:32:96:4,L:L:m:N:L,A:32:8,8\n",
             "-gpgpu_cache:dl1: line size 96 is not a power of two");
  load_fails("-gpgpu_cache:dl2 N:48:128:8,L:B:m:W:L,A:32:4,4\n",
             "-gpgpu_cache:dl2: 48 sets is not a power of two");
  load_fails("-gpgpu_cache:dl1 N:16:128:4,L:L:m:N:H,A:32:8,8\n",
             "the Fermi hash set index (H) needs 32 or 64 sets");
  load_fails("-gpgpu_const_cache:l1 none\n", "-gpgpu_const_cache:l1: this cache cannot be");
  load_fails("-gpgpu_shader_cta 0\n", "-gpgpu_shader_cta: 0 is too small (at least 1)");
  load_fails("-gpgpu_num_sched_per_core 0\n", "-gpgpu_num_sched_per_core: 0 is too small");
  load_fails("-gpgpu_num_sched_per_core 49\n", "49 schedulers for 48 warps per SM");
  load_fails("-gpgpu_max_insn_issue_per_warp 3\n", "-gpgpu_max_insn_issue_per_warp: 3 is too large (at most 2)");
  load_fails("-ptx_opcode_latency_fp 4,0,4,5,39\n",
             "-ptx_opcode_latency_fp: '4,0,4,5,39': 0 is too small (at least 1)");
  load_fails("-ptx_opcode_initiation_sfu 0\n",
             "-ptx_opcode_initiation_sfu: '0': 0 is too small (at least 1)");
  load_fails("-gpgpu_shmem_num_banks 24\n", "24 banks is not a power of two");
  load_fails("-gpgpu_shmem_warp_parts 3\n", "3 does not divide the warp size");
  load_fails("-gpgpu_dram_scheduler 2\n", "t.cfg:1:1: error: -gpgpu_dram_scheduler: 2 is too large (at most 1)");
  load_fails("-gpgpu_n_mem 0\n", "-gpgpu_n_mem: 0 is too small");
  load_fails("-ptxsim_kernel_regs k:65\n", "-ptxsim_kernel_regs: k: 65 registers per thread");
  load_fails("-gpgpu_num_sp_units 0\n", "-gpgpu_num_sp_units: 0 is too small");
  /* Valid corner cases. */
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "-gpgpu_cache:dl1 none\n-gpgpu_num_dp_units 4\n-gpgpu_n_clusters 1\n");
  ck_assert(!c.mem.l1d.is_enabled);
  ck_assert_uint_eq(c.n_sms, 1);
}
END_TEST

/* Every number has a range (tm_options.def), checked as it is read, with
 * the option and FILE:LINE: values beyond it would wrap (a latency times a
 * clock period in 32 bits) or be clamped (16-bit pipeline latencies). */
START_TEST(ranges)
{
  load_fails("# a comment\n-gpgpu_l2_rop_latency 1000000000\n",
             "t.cfg:2:1: error: -gpgpu_l2_rop_latency: 1000000000 is too large (at most "
             "65535)\n");
  load_fails("-rop_latency 65536\n", "-rop_latency: 65536 is too large (at most 65535)");
  load_fails("-dram_latency 99999999999999999999999\n",
             "-dram_latency: 99999999999999999999999 is too large (at most 65535)");
  load_fails("-ptx_opcode_latency_int 4,13,4,5,145,65536\n",
             "t.cfg:1:1: error: -ptx_opcode_latency_int: '4,13,4,5,145,65536': 65536 is too "
             "large (at most 65535)\n");
  load_fails("-ptx_opcode_initiation_dp 8,16,8,8,70000\n", "70000 is too large (at most 65535)");
  load_fails("-ptx_opcode_latency_tensor 100000\n",
             "-ptx_opcode_latency_tensor: '100000': 100000 is too large");
  load_fails("-ptxsim_barrier_latency 65536\n", "-ptxsim_barrier_latency: 65536 is too large");
  load_fails("-gpgpu_gmem_skip_L1D 2\n", "-gpgpu_gmem_skip_L1D: 2 is too large (at most 1)");
  load_fails("-gpgpu_num_sp_units 9\n", "-gpgpu_num_sp_units: 9 is too large (at most 8)");
  load_fails("-ptxsim_ibuffer_entries 65\n", "65 is too large (at most 64)");
  load_fails("-gpgpu_pipeline_widths 1,1,1,1,1,1,1,1,1,1,1,1,5000\n",
             "-gpgpu_pipeline_widths: '1,1,1,1,1,1,1,1,1,1,1,1,5000': 5000 is too large");
  load_fails("-ptxsim_kernel_regs k:70000\n", "-ptxsim_kernel_regs: 'k:70000': 70000 is too "
                                               "large (at most 65535)");
  load_fails("-gpgpu_max_cycle 18446744073709551616\n",
             "18446744073709551616 is too large (at most 18446744073709551615)");
  load_fails("-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=70000:"
             "WL=4:CDLR=5:WR=12\"\n",
             "CL: 70000 is above 65535");
  load_fails("-gpgpu_dram_timing_opt 512:2:6:12:28:12:40:12:4:5:12\n", "nbk: 512 is above 256");
  load_fails("-gpgpu_cache:dl2 N:64:512:8,L:B:m:W:L,A:32:4,4\n", "line size: 512 is above 256");
  load_fails("-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:L,A:100000:8,8\n",
             "MSHR entries: 100000 is above 65535");
  /* Both ends are accepted; the largest value reaches the model unclamped. */
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "-gpgpu_l2_rop_latency 65535\n-ptx_opcode_latency_sfu 65535\n"
              "-gpgpu_TB_launch_latency 0\n-gpgpu_max_cycle 18446744073709551615\n");
  ck_assert_uint_eq(c.mem.l2_rop_latency, 65535);
  ck_assert_uint_eq(c.lat[TM_LAT_SFU][TM_OPC_ADD], 65535);
  ck_assert_uint_eq(c.max_cycles, UINT64_MAX);
  /* The command line's -NAME=VALUE goes through the same check. */
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_set_option(&c, "-gpgpu_l2_rop_latency", "4000000000", "--option",
                                        &d),
                   PTX_EPARSE);
  ck_assert_ptr_nonnull(strstr(ptx_diag_text(&d), "4000000000 is too large (at most 65535)"));
  ck_assert_uint_eq(c.mem.l2_rop_latency, 65535);
  ptx_diag_free(&d);
}
END_TEST

/* The units behind the SM's seams are chosen by name (pipeline/sm_registry.h):
 * the embedded configurations name today's, the dump prints them, and an
 * unknown name is an error listing the known ones. */
START_TEST(seam_units)
{
  static const char *const named[] = {"gtx480", "gtx280", "gtx280_ilp", "sm75",
                                      "gtx285_scalar"};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(named); i++) {
    tm_config c;
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    ck_assert_int_eq(tm_config_load_named(&c, named[i], &d), 0);
    ptx_diag_free(&d);
    ck_assert_str_eq(c.scoreboard, "per_warp");
    ck_assert_str_eq(c.branch_predictor, "none");
    ck_assert_str_eq(c.register_file, "vector");
    char *dump = dump_of(&c);
    ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_scoreboard                     per_warp\n"));
    ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_branch_predictor               none\n"));
    ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_register_file                  vector\n"));
    free(dump);
  }
  load_fails("-ptxsim_scoreboard ooo\n",
             "t.cfg:1:1: error: -ptxsim_scoreboard: unknown scoreboard 'ooo' (valid: "
             "per_warp, shared)\n");
  load_fails("-ptxsim_branch_predictor tage\n",
             "t.cfg:1:1: error: -ptxsim_branch_predictor: unknown branch predictor 'tage' "
             "(valid: none, btfn, gshare, perfect)\n");
  load_fails("-ptxsim_register_file irb\n",
             "t.cfg:1:1: error: -ptxsim_register_file: unknown register file 'irb' (valid: "
             "vector, detect, token, srf)\n");
  load_fails("-ptxsim_scalar_mode irb\n", "-ptxsim_scalar_mode");
  load_fails("-ptxsim_redundancy both\n", "-ptxsim_redundancy");
  /* The reuse buffer's modes need a register file that keeps a value once
   * and a buffer with entries. */
  load_fails("-ptxsim_scalar_mode detect\n-ptxsim_redundancy inter\n",
             "-ptxsim_redundancy: inter needs -ptxsim_scalar_mode token or srf");
  load_fails("-ptxsim_scalar_mode srf\n-ptxsim_irb_entries 0\n-ptxsim_redundancy combined\n",
             "-ptxsim_redundancy: combined needs -ptxsim_irb_entries above 0");
  load_fails("-ptxsim_irb_entries 257\n", "-ptxsim_irb_entries");
  load_fails("-ptxsim_scalar_mode none\n-ptxsim_scalar_reliability 1\n",
             "-ptxsim_scalar_reliability: needs -ptxsim_scalar_mode token or srf");
  load_fails("-ptxsim_scalar_mode detect\n-ptxsim_scalar_fault_ppm 5\n",
             "-ptxsim_scalar_fault_ppm: needs -ptxsim_scalar_mode token or srf");
  load_fails("-ptxsim_scalar_fault_ppm 1000001\n", "-ptxsim_scalar_fault_ppm");
  load_fails("-ptxsim_register_file token\n-ptxsim_scalar_mode srf\n",
             "-ptxsim_scalar_mode: srf chooses the register file, but -ptxsim_register_file "
             "chooses token");
  /* A name longer than any field could hold is just unknown. */
  load_fails("-ptxsim_scoreboard per_warp_per_warp_per_warp_per_warp\n",
             "unknown scoreboard 'per_warp_per_warp_per_warp_per_warp'");
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "-ptxsim_scoreboard per_warp\n-ptxsim_branch_predictor none\n"
              "-ptxsim_register_file vector\n");
  ck_assert_str_eq(c.scoreboard, "per_warp");
  load_ok(&c, "-ptxsim_scoreboard shared\n");
  ck_assert_str_eq(c.scoreboard, "shared");
  load_ok(&c, "-ptxsim_scalar_mode token\n-ptxsim_srf_entries 16\n-ptxsim_irb_entries 4\n"
              "-ptxsim_redundancy combined\n");
  ck_assert_uint_eq(c.irb_entries, 4);
  ck_assert_uint_eq(c.redundancy, TM_REDUNDANCY_COMBINED);
  load_ok(&c, "-ptxsim_preempt_mode live_cp\n-ptxsim_preempt_inject 10000\n"
              "-ptxsim_preempt_poison 2\n-ptxsim_preempt_inplace 1\n-ptxsim_preempt_bw 64\n");
  ck_assert_uint_eq(c.preempt_mode, TM_PREEMPT_LIVE_CP);
  ck_assert_uint_eq(c.preempt_inject, 10000);
  ck_assert_uint_eq(c.preempt_poison, 2);
  ck_assert(c.preempt_inplace);
  ck_assert_uint_eq(c.preempt_bw, 64);
  load_ok(&c, "-ptxsim_preempt_mode occupancy\n-ptxsim_preempt_inject 0\n");
  ck_assert_uint_eq(c.preempt_mode, TM_PREEMPT_OCCUPANCY);
  load_ok(&c, "-ptxsim_scalar_mode token\n-ptxsim_srf_entries 16\n");
  ck_assert_uint_eq(c.scalar_mode, TM_SCALAR_TOKEN);
  ck_assert_uint_eq(c.srf_entries, 16);
  /* A configuration that never named them is invalid, naming the option. */
  c.branch_predictor[0] = '\0';
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(tm_config_validate(&c, "mine", &d), PTX_EPARSE);
  ck_assert_str_eq(ptx_diag_text(&d), "mine: error: -ptxsim_branch_predictor: unknown branch "
                                      "predictor '' (valid: none, btfn, gshare, "
                                      "perfect)\n");
  ptx_diag_free(&d);
}
END_TEST

/* The heterogeneous GPU's options (002b §A.6): every embedded
 * configuration is homogeneous; the ILP SMs' values are checked like the
 * options they stand for, the steering policy by name, and an ILP SM
 * count above the SM count is an error.  The ILP view swaps in exactly
 * the four values. */
START_TEST(heterogeneous_options)
{
  static const char *const named[] = {"gtx480", "gtx280", "gtx280_ilp", "sm75",
                                      "gtx285_scalar"};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(named); i++) {
    tm_config c;
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    ck_assert_int_eq(tm_config_load_named(&c, named[i], &d), 0);
    ptx_diag_free(&d);
    ck_assert_uint_eq(c.n_ilp_sms, 0);
    ck_assert_uint_eq(c.steering, TM_STEERING_ALL);
    ck_assert_uint_eq(c.steer_max_warps, 16);
    ck_assert_uint_eq(c.steer_max_threads, 32768);
    ck_assert_uint_eq(c.n_ilp_regs_per_sm, 0);
    ck_assert_str_eq(c.ilp_scoreboard, "per_warp");
    ck_assert_str_eq(c.ilp_branch_predictor, "none");
    ck_assert(!c.is_ilp_bypass);
  }
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "-ptxsim_ilp_sms 15\n-ptxsim_steering static\n-ptxsim_ilp_bypass 1\n"
              "-ptxsim_ilp_registers 8192\n-ptxsim_steer_max_warps 8\n");
  ck_assert_uint_eq(c.n_ilp_sms, 15);
  ck_assert_uint_eq(c.steering, TM_STEERING_STATIC);
  ck_assert_uint_eq(c.steer_max_warps, 8);
  char *dump = dump_of(&c);
  ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_steering                       static\n"));
  ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_ilp_sms                        15\n"));
  free(dump);
  tm_config v;
  tm_config_ilp_view(&c, &v);
  ck_assert(v.is_bypass && !c.is_bypass);
  ck_assert_uint_eq(v.n_regs_per_sm, 8192);
  ck_assert_uint_eq(c.n_regs_per_sm, 32768);
  ck_assert_str_eq(v.scoreboard, "per_warp");
  ck_assert_uint_eq(v.max_threads_per_sm, c.max_threads_per_sm);
  /* -ptxsim_ilp_registers 0: the TLP SMs' register file. */
  load_ok(&c, "-ptxsim_ilp_registers 0\n");
  tm_config_ilp_view(&c, &v);
  ck_assert_uint_eq(v.n_regs_per_sm, 32768);

  load_fails("-ptxsim_ilp_sms 16\n",
             "t.cfg: error: -ptxsim_ilp_sms: 16 ILP SMs, but the GPU has 15 SMs\n");
  load_fails("-gpgpu_n_clusters 2\n-ptxsim_ilp_sms 3\n",
             "-ptxsim_ilp_sms: 3 ILP SMs, but the GPU has 2 SMs");
  load_fails("-ptxsim_steering dynamic\n",
             "t.cfg:1:1: error: -ptxsim_steering: unknown value 'dynamic' (valid: all, "
             "static)\n");
  load_fails("-ptxsim_ilp_scoreboard fancy\n",
             "t.cfg:1:1: error: -ptxsim_ilp_scoreboard: unknown scoreboard 'fancy' (valid: ");
  load_fails("-ptxsim_ilp_branch_predictor oracle\n",
             "t.cfg:1:1: error: -ptxsim_ilp_branch_predictor: unknown branch predictor "
             "'oracle' (valid: ");
  load_fails("-ptxsim_ilp_bypass 2\n", "-ptxsim_ilp_bypass");
}
END_TEST

/* The energy table (pipeline/tm_energy.h): every named configuration
 * carries 002a Table 2's register-file energies (40 nm, per 32-bit lane:
 * VRF 2.46E-12 J read, 5.82E-12 J write; SRF 1.76E-13 / 1.62E-13 J) and
 * a positive value for every other event and both static powers; a value
 * reads back from the dump exactly; bad values are refused where read. */
START_TEST(energy_options)
{
  static const char *const named[] = {"gtx480", "gtx280", "gtx280_ilp", "sm75",
                                      "gtx285_scalar"};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(named); i++) {
    tm_config c;
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    ck_assert_int_eq(tm_config_load_named(&c, named[i], &d), 0);
    ptx_diag_free(&d);
    ck_assert_double_eq(c.energy_pj[TM_ENERGY_VRF_READ], 2.46);
    ck_assert_double_eq(c.energy_pj[TM_ENERGY_VRF_WRITE], 5.82);
    ck_assert_double_eq(c.energy_pj[TM_ENERGY_SRF_READ], 0.176);
    ck_assert_double_eq(c.energy_pj[TM_ENERGY_SRF_WRITE], 0.162);
    for (uint32_t e = 0; e < TM_ENERGY_EVENT_COUNT; e++)
      ck_assert_msg(c.energy_pj[e] > 0, "%s: event %u has no energy", named[i], e);
    ck_assert(c.static_power_sm_w > 0 && c.static_power_chip_w > 0);
    /* Table 2's static power: a 64 KB VRF 0.09 W (scaled by capacity), an
     * SRF 0.001 W. */
    ck_assert(c.static_power_vrf_w >= 0.09);
    ck_assert_double_eq(c.static_power_srf_w, 0.001);
  }
  tm_config c;
  tm_config_defaults(&c);
  load_ok(&c, "-ptxsim_energy_l2_pj 12.5\n-ptxsim_energy_dram_activate_pj 0.1\n"
              "-ptxsim_static_power_sm_w 3\n-ptxsim_static_power_chip_w 1e2\n");
  ck_assert_double_eq(c.energy_pj[TM_ENERGY_L2], 12.5);
  ck_assert_double_eq(c.energy_pj[TM_ENERGY_DRAM_ACTIVATE], 0.1);
  ck_assert_double_eq(c.static_power_sm_w, 3.0);
  ck_assert_double_eq(c.static_power_chip_w, 100.0);
  char *dump = dump_of(&c);
  ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_energy_l2_pj                   12.5\n"));
  ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_energy_dram_activate_pj        0.1\n"));
  ck_assert_ptr_nonnull(strstr(dump, "\n-ptxsim_static_power_chip_w            100.0\n"));
  tm_config back;
  tm_config_defaults(&back);
  load_ok(&back, dump);
  ck_assert_mem_eq(back.energy_pj, c.energy_pj, sizeof c.energy_pj);
  free(dump);
  load_fails("# x\n-ptxsim_energy_vrf_read_pj -2.5\n",
             "t.cfg:2:1: error: -ptxsim_energy_vrf_read_pj: -2.5 is too small (at least 0)\n");
  load_fails("-ptxsim_energy_alu_sp_pj 2e9\n",
             "-ptxsim_energy_alu_sp_pj: 2e9 is too large (at most 1000000000)");
  load_fails("-ptxsim_energy_alu_sp_pj 1.5pJ\n",
             "-ptxsim_energy_alu_sp_pj: '1.5pJ' is not a number from 0 to 1000000000");
  load_fails("-ptxsim_energy_alu_sp_pj inf\n", "-ptxsim_energy_alu_sp_pj: 'inf' is not a number");
  load_fails("-ptxsim_static_power_sm_w 200000\n",
             "-ptxsim_static_power_sm_w: 200000 is too large (at most 100000)");
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("tm_config");
  TCase *t = tcase_create("named");
  tcase_add_test(t, gtx480_defaults);
  tcase_add_test(t, gtx280_seed002);
  tcase_add_test(t, sm75_accel_sim);
  tcase_add_test(t, named_list);
  tcase_add_test(t, cta_limits);
  suite_add_tcase(s, t);
  t = tcase_create("dump");
  tcase_add_loop_test(t, dump_round_trip, 0, 9);
  tcase_add_test(t, dump_format);
  suite_add_tcase(s, t);
  t = tcase_create("gpgpusim");
  tcase_add_test(t, gpgpusim_gtx480_file);
  tcase_add_test(t, many_ignored_wrap);
  suite_add_tcase(s, t);
  t = tcase_create("format");
  tcase_add_test(t, format_details);
  tcase_add_test(t, errors_located);
  tcase_add_test(t, validation);
  tcase_add_test(t, ranges);
  tcase_add_test(t, seam_units);
  tcase_add_test(t, heterogeneous_options);
  tcase_add_test(t, energy_options);
  suite_add_tcase(s, t);
  return s;
}

int main(void)
{
  return test_run(suite());
}
