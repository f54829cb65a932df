/* tm_report.c -- the statistics of a timing-mode launch through the
 * statistics registry (tm_stats.h), with GPGPU-Sim's names where it has
 * one (gpu_sim_cycle, gpu_ipc, L2_total_cache_accesses, ...).  Ratios are
 * computed into a small struct that lives while the registry prints; the
 * order is fixed, so two identical runs print identical statistics (but
 * for the gpgpu_simulation_* lines, which measure the host). */
#include "config.h"

#include <string.h>

#include "pipeline/tm_energy.h"
#include "pipeline/tm_gpu.h"
#include "pipeline/tm_stats.h"

/* Derived values, filled before printing. */
typedef struct derived {
  double bp_accuracy, redundant_op_pct;
  double redundant_pct[TM_REDUNDANCY_COUNT]; /* 002a §1.9, by counting rule */
  double alu_coverage_pct, vrf_coverage_pct;
  double preempt_latency_avg, preempt_worst_avg;
  double ipc, tot_ipc, occupancy, l1d_miss_rate, l2_miss_rate, row_locality, dram_util;
  double unit_util[SM_UNIT_COUNT];
  double sim_seconds, insn_rate, cycle_rate;
  uint64_t ctas_per_sm, regs_per_thread, regs_estimate, limit_mask;
  uint64_t n_ilp_sms, steered_to, steer_warps;
  double kind_ipc[TM_SM_KIND_COUNT];
  tm_energy energy;
  double power_w;
} derived;

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

static void derive(const tm_result *r, const tm_config *conf, const tm_totals *tot, derived *d)
{
  memset(d, 0, sizeof *d);
  d->ipc = ratio(r->thread_insns, r->cycles);
  d->bp_accuracy = ratio(r->sm.ilp.bp_correct, r->sm.ilp.bp_correct + r->sm.ilp.bp_mispredicts);
  /* 002a §1.9: intra counts executing lanes - 1 per uniform instruction,
   * inter all executing lanes per reuse-buffer value match, combined the
   * intra count and 1 more per match (matches are uniform instructions
   * too). */
  const sm_scalar_stats *sc = &r->sm.scalar;
  d->redundant_pct[TM_REDUNDANCY_INTRA] = 100.0 * ratio(sc->redundant_ops, r->thread_insns);
  d->redundant_pct[TM_REDUNDANCY_INTER] = 100.0 * ratio(sc->inter_ops, r->thread_insns);
  d->redundant_pct[TM_REDUNDANCY_COMBINED] =
      100.0 * ratio(sc->redundant_ops + sc->irb_value_matches, r->thread_insns);
  d->redundant_op_pct =
      conf && conf->redundancy < TM_REDUNDANCY_COUNT ? d->redundant_pct[conf->redundancy] : 0;
  d->alu_coverage_pct = 100.0 * ratio(sc->rel_protected_ops, sc->rel_alu_ops);
  d->vrf_coverage_pct = 100.0 * ratio(sc->rel_protected_reg_cycles, sc->rel_live_reg_cycles);
  d->preempt_latency_avg = ratio(r->preempt.latency_cycles, r->preempt.events);
  d->preempt_worst_avg = d->preempt_latency_avg > 0
                             ? (double)r->preempt.latency_max / d->preempt_latency_avg
                             : 0.0;
  d->tot_ipc = ratio(tot->thread_insns, tot->cycles);
  d->occupancy = r->max_warps_per_sm ? 100.0 * r->avg_resident_warps / r->max_warps_per_sm : 0;
  d->l1d_miss_rate = ratio(r->mem.l1d_misses, r->mem.l1d_accesses);
  d->l2_miss_rate = ratio(r->mem.l2_misses, r->mem.l2_accesses);
  d->row_locality = ratio(r->mem.dram_row_hits, r->mem.dram_row_hits + r->mem.dram_activations);
  /* Busy cycles are summed over channels; the cycles are each channel's. */
  d->dram_util = ratio(r->mem.dram_busy_cycles,
                       r->mem.dram_cycles * (conf && conf->mem.n_channels ? conf->mem.n_channels : 1));
  for (uint32_t u = 0; u < SM_UNIT_COUNT; u++)
    d->unit_util[u] = ratio(r->sm.unit_busy[u], r->cycles * r->n_sms);
  d->sim_seconds = r->wall_seconds;
  d->insn_rate = r->wall_seconds > 0 ? (double)r->thread_insns / r->wall_seconds : 0;
  d->cycle_rate = r->wall_seconds > 0 ? (double)r->cycles / r->wall_seconds : 0;
  d->ctas_per_sm = r->occupancy.ctas_per_sm;
  d->regs_per_thread = r->regs_per_thread;
  d->regs_estimate = r->regs_estimate;
  d->limit_mask = r->occupancy.limit_mask;
  d->n_ilp_sms = r->n_ilp_sms;
  d->steered_to = r->steered_to;
  d->steer_warps = r->steer_warps;
  for (uint32_t k = 0; k < TM_SM_KIND_COUNT; k++)
    d->kind_ipc[k] = ratio(r->kind_thread_insns[k], r->cycles);
  tm_energy_compute(r, conf, &d->energy);
  d->power_w = d->energy.seconds > 0 ? d->energy.total_j / d->energy.seconds : 0;
}

/* "sched<s>_stall_<Kind>" for every scheduler an SM can have. */
#define STALL_NAMES(s) \
  {"sched" #s "_stall_Idle", "sched" #s "_stall_Scoreboard", "sched" #s "_stall_Pipeline"}
static const char *const stall_names[SM_MAX_SCHEDULERS][SM_STALL_COUNT] = {
    STALL_NAMES(0), STALL_NAMES(1), STALL_NAMES(2), STALL_NAMES(3),
    STALL_NAMES(4), STALL_NAMES(5), STALL_NAMES(6), STALL_NAMES(7)};
_Static_assert(SM_MAX_SCHEDULERS == 8 && SM_STALL_COUNT == 3, "stall_names covers every one");

static const char *const cause_names[SM_CAUSE_COUNT] = {
#define X(id, cls, name, doc) "ptxsim_issue_stall_" name,
    SM_CAUSES(X)
#undef X
};
static const char *const cause_docs[SM_CAUSE_COUNT] = {
#define X(id, cls, name, doc) "scheduler-cycles without issue, summed over SMs: " doc,
    SM_CAUSES(X)
#undef X
};

/* Per kind of SM (tm_gpu.h): "ptxsim_tlp_sm_ctas", ... */
static const char *const kind_ctas_names[TM_SM_KIND_COUNT] = {
#define X(id, name) "ptxsim_" name "_sm_ctas",
    TM_SM_KINDS(X)
#undef X
};
static const char *const kind_insn_names[TM_SM_KIND_COUNT] = {
#define X(id, name) "ptxsim_" name "_sm_thread_insns",
    TM_SM_KINDS(X)
#undef X
};
static const char *const kind_ipc_names[TM_SM_KIND_COUNT] = {
#define X(id, name) "ptxsim_" name "_sm_ipc",
    TM_SM_KINDS(X)
#undef X
};

static const char *const unit_util_names[SM_UNIT_COUNT] = {
#define X(u) "unit_util_" #u,
    SM_UNITS(X)
#undef X
};

/* The register-file and ALU counters (sm_rf_stats) and the energy
 * model's statistics (tm_energy.h). */
static const char *const lane_ops_names[SM_UNIT_COUNT] = {
    "ptxsim_rf_lane_ops_sp",   "ptxsim_rf_lane_ops_dp",   "ptxsim_rf_lane_ops_int",
    "ptxsim_rf_lane_ops_sfu",  "ptxsim_rf_lane_ops_tensor", "ptxsim_rf_lane_ops_ldst",
    "ptxsim_rf_lane_ops_tex",  "ptxsim_rf_lane_ops_bru",  "ptxsim_rf_lane_ops_sync"};
_Static_assert(SM_UNIT_COUNT == 9 && SM_UNIT_SP == 0 && SM_UNIT_DP == 1 && SM_UNIT_INT == 2 &&
                   SM_UNIT_SFU == 3 && SM_UNIT_TENSOR == 4 && SM_UNIT_LDST == 5 &&
                   SM_UNIT_TEX == 6 && SM_UNIT_BRU == 7 && SM_UNIT_SYNC == 8,
               "lane_ops_names follows SM_UNITS");
static const char *const energy_event_names[TM_ENERGY_EVENT_COUNT] = {
#define X(id, name, group) "ptxsim_energy_" name "_j",
    TM_ENERGY_EVENTS(X)
#undef X
};
static const char *const energy_event_docs[TM_ENERGY_EVENT_COUNT] = {
#define X(id, name, group) "joules: -ptxsim_energy_" name "_pj x its events",
    TM_ENERGY_EVENTS(X)
#undef X
};
static const char *const energy_group_names[TM_EGROUP_COUNT] = {
#define X(id, name) "ptxsim_energy_" name "_j",
    TM_ENERGY_GROUPS(X)
#undef X
};

/* Registers every statistic; the first failure stops (names are fixed,
 * so only running out of memory can fail). */
static int add_all(tm_stats *s, const tm_result *r, const tm_totals *tot, const derived *d)
{
  const mem_stats *m = &r->mem;
  int rc = 0;
#define U64(name, desc, p) \
  if (!rc)                 \
  rc = tm_stats_add_u64(s, name, desc, p)
#define F64(name, desc, p) \
  if (!rc)                 \
  rc = tm_stats_add_f64(s, name, desc, p)
#define E64(name, desc, p) \
  if (!rc)                 \
  rc = tm_stats_add_f64e(s, name, desc, p)
  U64("gpu_sim_cycle", "core cycles of this launch", &r->cycles);
  U64("gpu_sim_insn", "thread instructions of this launch", &r->thread_insns);
  F64("gpu_ipc", "thread instructions per cycle", &d->ipc);
  U64("gpu_tot_sim_cycle", "core cycles of every timing launch so far", &tot->cycles);
  U64("gpu_tot_sim_insn", "thread instructions of every timing launch so far", &tot->thread_insns);
  F64("gpu_tot_ipc", "gpu_tot_sim_insn / gpu_tot_sim_cycle", &d->tot_ipc);
  U64("gpu_sim_warp_insn", "warp instructions issued", &r->warp_insns);
  F64("gpu_occupancy", "resident warps in % of the warp slots, averaged over SMs and cycles",
      &d->occupancy);
  U64("ctas_per_sm", "CTAs an SM can hold (TB-level accounting)", &d->ctas_per_sm);
  U64("ctas_per_sm_limited_by", "bit mask of the limiting resources: 1 threads, 2 CTA slots, "
      "4 registers, 8 shared memory", &d->limit_mask);
  U64("regs_per_thread", "registers per thread the accounting used (-ptxsim_kernel_regs, "
      "else the estimate capped at what one thread and one CTA may have)", &d->regs_per_thread);
  U64("regs_per_thread_estimate", "the liveness analysis' linear-scan register count",
      &d->regs_estimate);
  for (uint32_t k = 0; k < r->n_schedulers && k < SM_MAX_SCHEDULERS; k++)
    for (uint32_t c = 0; c < SM_STALL_COUNT; c++)
      U64(stall_names[k][c], "cycles scheduler k of every SM issued nothing, by cause",
          &r->sm.stall[k][c]);
  if (!rc)
    rc = tm_stats_add_hist(s, "warp_issue", "issued warp instructions by executing lanes",
                           r->sm.issue_hist, 33, "W");
  for (uint32_t c = 0; c < SM_CAUSE_COUNT; c++)
    U64(cause_names[c], cause_docs[c], &r->sm.cause[c]);
  /* Issue 15's name for one of them. */
  U64("ptxsim_scoreboard_full_stalls", "= ptxsim_issue_stall_scoreboard_full: scheduler-cycles "
      "without issue because the SM's shared scoreboard had no free entry",
      &r->sm.cause[SM_CAUSE_SCOREBOARD_FULL]);
#define X(field, name, doc) U64(name, doc, &r->sm.ilp.field);
  SM_ILP_COUNTERS(X)
#undef X
  F64("ptxsim_bp_accuracy", "bp_correct / (bp_correct + bp_mispredicts): non-divergent "
      "conditional branches only (002b §A.10)", &d->bp_accuracy);
  if (!rc)
    rc = tm_stats_add_hist(s, "ptxsim_scoreboard_occupancy",
                           "cycles the shared scoreboard of an SM held k entries, summed over "
                           "SMs (the last bucket: that many or more)",
                           r->sm.ilp.sb_occupancy, SM_SB_HIST, "E");
#define X(field, name, doc) U64(name, doc, &r->sm.scalar.field);
  SM_SCALAR_COUNTERS(X)
#undef X
  F64("ptxsim_redundant_op_pct", "redundant thread operations in % of the thread instructions, "
      "counted as 002a §1.9 does for -ptxsim_redundancy's mode (0 with -ptxsim_scalar_mode "
      "none)", &d->redundant_op_pct);
  F64("ptxsim_redundant_intra_pct", "ptxsim_scalar_redundant_ops in % of the thread "
      "instructions (002a §1.9 intra)", &d->redundant_pct[TM_REDUNDANCY_INTRA]);
  F64("ptxsim_redundant_inter_pct", "ptxsim_irb_redundant_ops in % of the thread instructions "
      "(002a §1.9 inter; needs -ptxsim_irb_entries)", &d->redundant_pct[TM_REDUNDANCY_INTER]);
  F64("ptxsim_scalar_alu_coverage_pct", "ptxsim_scalar_rel_protected_ops in % of "
      "ptxsim_scalar_rel_alu_ops (002a §1.7 ALU coverage)", &d->alu_coverage_pct);
  F64("ptxsim_scalar_vrf_coverage_pct", "ptxsim_scalar_rel_protected_reg_cycles in % of "
      "ptxsim_scalar_rel_live_reg_cycles (002a §1.7 VRF coverage)", &d->vrf_coverage_pct);
  F64("ptxsim_redundant_combined_pct", "intra plus one per reuse-buffer value match, in % of "
      "the thread instructions (002a §1.9 combined)", &d->redundant_pct[TM_REDUNDANCY_COMBINED]);
  U64("ptxsim_pp_hits", "preemption points warps passed, each costing an issue slot "
      "(-ptxsim_preempt_mode live or live_cp with -ptxsim_preempt_inject)", &r->sm.pp_hits);
#define X(field, name, doc) U64(name, doc, &r->preempt.field);
  TM_PREEMPT_COUNTERS(X)
#undef X
  F64("ptxsim_preempt_latency_avg", "mean preemption latency (drain + spill) per event, "
      "cycles", &d->preempt_latency_avg);
  F64("ptxsim_preempt_worst_avg_ratio", "the longest preemption latency over the mean (004 "
      "§1.12, Fig 2.16)", &d->preempt_worst_avg);
  U64("ptxsim_ilp_sms", "ILP SMs of the GPU (-ptxsim_ilp_sms; 0: homogeneous)", &d->n_ilp_sms);
  U64("ptxsim_steered_to", "the SMs the launch ran on: 0 every SM, 1 the ILP SMs, 2 the TLP "
      "SMs (-ptxsim_steering static)", &d->steered_to);
  U64("ptxsim_steer_warps_per_sm", "the steering rule's w: concurrent warps of the kernel per "
      "ILP SM (per SM on a homogeneous GPU)", &d->steer_warps);
  for (uint32_t k = 0; k < TM_SM_KIND_COUNT; k++) {
    U64(kind_ctas_names[k], "CTAs that ran on this kind of SM (TLP SMs: every SM of a "
        "homogeneous GPU)", &r->kind_ctas[k]);
    U64(kind_insn_names[k], "thread instructions issued on this kind of SM",
        &r->kind_thread_insns[k]);
    F64(kind_ipc_names[k], "those per cycle of the launch", &d->kind_ipc[k]);
  }
  F64("ptxsim_area_mm2", "area of the GPU's SMs, mm2 (002b §A.5's McPAT numbers, "
      "pipeline/tm_area.h)", &r->area_mm2);
  for (uint32_t u = 0; u < SM_UNIT_COUNT; u++)
    F64(unit_util_names[u], "issue slots the unit kind was busy, per SM and cycle",
        &d->unit_util[u]);
  U64("L1D_total_cache_accesses", "L1 data cache line accesses", &m->l1d_accesses);
  U64("L1D_total_cache_misses", "L1 data cache misses", &m->l1d_misses);
  F64("L1D_total_cache_miss_rate", "misses / accesses", &d->l1d_miss_rate);
  U64("L1D_total_cache_pending_hits", "hits on a line already being fetched",
      &m->l1d_pending_hits);
  U64("L1D_total_cache_reservation_fails", "stalls for a full MSHR table or miss queue",
      &m->l1d_reservation_fails);
  U64("L1C_total_cache_accesses", "constant cache accesses", &m->l1c_accesses);
  U64("L1C_total_cache_misses", "constant cache misses", &m->l1c_misses);
  U64("gpgpu_n_shmem_insn", "shared-memory warp instructions", &m->shmem_accesses);
  U64("gpgpu_n_shmem_bkconflict_cycles", "cycles lost to bank conflicts",
      &m->shmem_bank_conflict_cycles);
  U64("L2_total_cache_accesses", "L2 accesses", &m->l2_accesses);
  U64("L2_total_cache_misses", "L2 misses", &m->l2_misses);
  F64("L2_total_cache_miss_rate", "misses / accesses", &d->l2_miss_rate);
  U64("L2_total_cache_writebacks", "dirty lines written back to DRAM", &m->l2_writebacks);
  U64("icnt_to_mem_flits", "interconnect flits from SMs to memory", &m->icnt_to_mem_flits);
  U64("icnt_to_shader_flits", "interconnect flits from memory to SMs", &m->icnt_to_sm_flits);
  U64("dram_reads", "DRAM read bursts", &m->dram_reads);
  U64("dram_writes", "DRAM write bursts", &m->dram_writes);
  U64("dram_row_buffer_hits", "accesses that found their row open", &m->dram_row_hits);
  U64("dram_activations", "row activations", &m->dram_activations);
  F64("dram_row_buffer_locality", "row hits / (row hits + activations)", &d->row_locality);
  F64("dram_bandwidth_utilization", "data-bus busy cycles / DRAM cycles, over every channel",
      &d->dram_util);
  U64("gpgpu_n_atomics", "atomic and reduction requests", &m->atomics);
  U64("ptxsim_rf_vrf_lane_reads", "32-bit lane reads of the vector register file",
      &r->sm.rf.vrf_lane_reads);
  U64("ptxsim_rf_vrf_lane_writes", "32-bit lane writes of the vector register file",
      &r->sm.rf.vrf_lane_writes);
  U64("ptxsim_rf_srf_reads", "scalar register file reads", &r->sm.rf.srf_reads);
  U64("ptxsim_rf_srf_writes", "scalar register file writes", &r->sm.rf.srf_writes);
  U64("ptxsim_rf_irb_accesses", "instruction reuse buffer lookups that replace work "
      "(-ptxsim_redundancy inter or combined)", &r->sm.rf.irb_accesses);
  for (uint32_t u = 0; u < SM_UNIT_COUNT; u++)
    U64(lane_ops_names[u], "lane operations issued to the unit kind", &r->sm.rf.lane_ops[u]);
  E64("ptxsim_energy_total_j", "energy of the launch, joules: dynamic + static (tm_energy.h)",
      &d->energy.total_j);
  E64("ptxsim_energy_dynamic_j", "the sum of the per-event energies, joules",
      &d->energy.dynamic_j);
  E64("ptxsim_energy_static_j", "((-ptxsim_static_power_sm_w + _vrf_w [+ _srf_w with an SRF]) "
      "x SMs + -ptxsim_static_power_chip_w) x gpu_sim_cycle / core clock, joules",
      &d->energy.static_j);
  for (uint32_t g = 0; g < TM_EGROUP_COUNT; g++)
    E64(energy_group_names[g], "joules of the events of this group", &d->energy.group_j[g]);
  for (uint32_t e = 0; e < TM_ENERGY_EVENT_COUNT; e++)
    if (strcmp(energy_event_names[e], energy_group_names[tm_energy_event_group[e]]) != 0)
      E64(energy_event_names[e], energy_event_docs[e], &d->energy.event_j[e]);
  F64("ptxsim_power_w", "ptxsim_energy_total_j / the launch's simulated seconds, watts",
      &d->power_w);
  F64("gpgpu_simulation_time_sec", "host seconds the launch took", &d->sim_seconds);
  F64("gpgpu_simulation_rate_insn_per_sec", "thread instructions simulated per host second",
      &d->insn_rate);
  F64("gpgpu_simulation_rate_cycle_per_sec", "cycles simulated per host second",
      &d->cycle_rate);
#undef U64
#undef F64
#undef E64
  return rc;
}

void tm_result_print(const tm_result *r, const tm_config *conf, const char *kernel,
                     const tm_totals *tot, bool json, FILE *out)
{
  derived d;
  derive(r, conf, tot, &d);
  tm_stats s;
  tm_stats_init(&s);
  if (add_all(&s, r, tot, &d)) {
    fputs(json ? "null" : "statistics: out of memory\n", out);
    tm_stats_free(&s);
    return;
  }
  if (json) {
    tm_stats_print_json(&s, out);
  } else {
    fprintf(out, "kernel_name = %s\nconfig = %s\n", kernel, conf ? conf->origin : "");
    tm_stats_print_text(&s, out);
  }
  tm_stats_free(&s);
}
