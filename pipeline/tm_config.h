/* tm_config.h -- the timing model's GPU configuration.
 *
 * A configuration is a plain value (no pointers, copyable with =) filled
 * from text in GPGPU-Sim's gpgpusim.config format: one `-option value` per
 * line, `#` comments to the end of the line, values optionally in double
 * quotes (a quoted value may span lines; whitespace inside quotes is
 * dropped), and the same option given twice: the last one wins.  Every
 * option ptxsim models has GPGPU-Sim's name (pipeline/tm_options.def lists
 * them, with their fields and documentation); options that only ptxsim has
 * start with -ptxsim_.  Options GPGPU-Sim has but ptxsim does not model
 * (power model, visualizer, tracing, operand collectors, ...) are accepted
 * and reported once, all together, as a warning; an unknown option is an
 * error naming FILE:LINE and the option (with the closest known name).
 *
 * Units: cycles are core clock cycles unless a name says otherwise, sizes
 * of shared memory and caches are bytes, registers are 32-bit registers.
 *
 * Field names are a contract with pipeline/, memsys/ and policies/: they
 * are only ever added, never renamed.  The defaults (tm_config_defaults)
 * are the embedded GTX480 configuration, configs/gtx480.config.
 */
#ifndef PTXSIM_PIPELINE_TM_CONFIG_H
#define PTXSIM_PIPELINE_TM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"
#include "frontend/ptx_diag.h"
#include "frontend/ptx_ops.h"
#include "memsys/mem_params.h"
#include "policies/pol_cta.h"
#include "policies/pol_dispatch.h"
#include "policies/pol_sched.h"

/* Execution units, as GPGPU-Sim counts them (-gpgpu_num_<x>_units).  With 0
 * DP units double-precision instructions run on the SFUs and with 0 INT
 * units integer instructions run on the SP units (GPGPU-Sim's Fermi
 * configurations rely on both). */
#define TM_UNITS(X) X(SP, "sp") X(DP, "dp") X(INT, "int") X(SFU, "sfu") X(TENSOR, "tensor_core")

typedef enum tm_unit {
#define X(id, name) TM_UNIT_##id,
  TM_UNITS(X)
#undef X
  TM_UNIT_COUNT
} tm_unit;

/* Energy events (pipeline/tm_energy.h): each one's energy is an option,
 * -ptxsim_energy_<name>_pj, in picojoules per event; the event counts and
 * what an event is are in tm_energy.c.  group: the statistic it adds to
 * (tm_energy.h TM_ENERGY_GROUPS: ptxsim_energy_<group>_j). */
#define TM_ENERGY_EVENTS(X)                                                    \
  X(VRF_READ, "vrf_read", VRF) X(VRF_WRITE, "vrf_write", VRF)                  \
  X(SRF_READ, "srf_read", SRF) X(SRF_WRITE, "srf_write", SRF)                  \
  X(IRB, "irb", IRB)                                                           \
  X(ALU_SP, "alu_sp", ALU) X(ALU_DP, "alu_dp", ALU) X(ALU_INT, "alu_int", ALU) \
  X(ALU_SFU, "alu_sfu", ALU) X(ALU_TENSOR, "alu_tensor", ALU)                  \
  X(L1D, "l1d", L1) X(L1C, "l1c", L1) X(SHMEM, "shmem", L1)                    \
  X(L2, "l2", L2) X(ICNT, "icnt", ICNT)                                        \
  X(DRAM_READ, "dram_read", DRAM) X(DRAM_WRITE, "dram_write", DRAM)            \
  X(DRAM_ACTIVATE, "dram_activate", DRAM)

/* The largest energy per event (1 mJ) and static power an option takes. */
#define TM_PJ_MAX 1000000000
#define TM_WATT_MAX 100000

typedef enum tm_energy_event {
#define X(id, name, group) TM_ENERGY_##id,
  TM_ENERGY_EVENTS(X)
#undef X
  TM_ENERGY_EVENT_COUNT
} tm_energy_event;

/* Instances of one unit kind per SM at most (the pipeline's SM_MAX_UNITS). */
#define TM_UNITS_MAX 8
/* The largest latency or initiation interval, in cycles, of any option:
 * the pipeline keeps them in 16 bits (tm_insn). */
#define TM_LATENCY_MAX 65535

/* Pipeline register widths (-gpgpu_pipeline_widths), in GPGPU-Sim 4.x's
 * order; 3.x's shorter lists (7, 9 or 11 entries) are mapped by name. */
#define TM_PIPES(X)                                                                    \
  X(ID_OC_SP) X(ID_OC_DP) X(ID_OC_INT) X(ID_OC_SFU) X(ID_OC_MEM) X(OC_EX_SP) X(OC_EX_DP) \
  X(OC_EX_INT) X(OC_EX_SFU) X(OC_EX_MEM) X(EX_WB) X(ID_OC_TENSOR_CORE) X(OC_EX_TENSOR_CORE)

typedef enum tm_pipe {
#define X(id) TM_PIPE_##id,
  TM_PIPES(X)
#undef X
  TM_PIPE_COUNT
} tm_pipe;

/* Latency tables (-ptx_opcode_latency_<t> / -ptx_opcode_initiation_<t>). */
#define TM_LAT_TABLES(X) X(INT, "int") X(FP, "fp") X(DP, "dp") X(SFU, "sfu") X(TENSOR, "tensor")

typedef enum tm_lat_table {
#define X(id, name) TM_LAT_##id,
  TM_LAT_TABLES(X)
#undef X
  TM_LAT_COUNT
} tm_lat_table;

/* Instruction classes within a table: the opcode table's timing classes
 * (PTX_TCLASSES, frontend/ptx_ops.h), in GPGPU-Sim's list order
 * "ADD,MAX,MUL,MAD,DIV,SHFL".  int has all six; fp and dp the first five
 * (their SHFL entry is 0); sfu and tensor give one value, which fills
 * every class. */
typedef enum tm_op_class {
#define X(id) TM_OPC_##id = PTX_TC_##id,
  PTX_TCLASSES(X)
#undef X
  TM_OPC_COUNT = PTX_TC_COUNT
} tm_op_class;

/* Per-kernel register overrides (-ptxsim_kernel_regs NAME:N). */
#define TM_MAX_KERNEL_REGS 64
#define TM_KERNEL_NAME_MAX 256

typedef struct tm_kernel_regs {
  char name[TM_KERNEL_NAME_MAX];  /* the kernel's (mangled) PTX name */
  uint32_t regs;                  /* registers per thread */
} tm_kernel_regs;

/* Room for the name of a unit behind one of the SM's seams (-ptxsim_scoreboard,
 * -ptxsim_branch_predictor, -ptxsim_register_file; pipeline/sm_registry.h). */
#define TM_SEAM_NAME_MAX 24

/* Which SMs of a GPU with ILP SMs a kernel runs on (-ptxsim_steering;
 * 002b §A.6): every SM, or the seed's static per-kernel rule. */
#define TM_STEERINGS(X) X(ALL, "all") X(STATIC, "static")

typedef enum tm_steering {
#define X(id, name) TM_STEERING_##id,
  TM_STEERINGS(X)
#undef X
  TM_STEERING_COUNT
} tm_steering;

/* The register file -ptxsim_scalar_mode selects (002a §1.3-1.5): none
 * (-ptxsim_register_file's), detect (counts uniform instructions only),
 * token, srf.  The names are those of the units in pipeline/sm_operand.c. */
#define TM_SCALAR_MODES(X) X(NONE, "none") X(DETECT, "detect") X(TOKEN, "token") X(SRF, "srf")

typedef enum tm_scalar_mode {
#define X(id, name) TM_SCALAR_##id,
  TM_SCALAR_MODES(X)
#undef X
  TM_SCALAR_MODE_COUNT
} tm_scalar_mode;

/* What the scalarizing register files remove (-ptxsim_redundancy, 002a
 * §1.6): intra (uniform instructions run on one lane; the instruction
 * reuse buffer, when it has entries, only observes), inter (only reuse
 * buffer hits are removed; a uniform instruction that misses runs as a
 * vector instruction), combined (both). */
#define TM_REDUNDANCY_MODES(X) X(INTRA, "intra") X(INTER, "inter") X(COMBINED, "combined")

typedef enum tm_redundancy {
#define X(id, name) TM_REDUNDANCY_##id,
  TM_REDUNDANCY_MODES(X)
#undef X
  TM_REDUNDANCY_COUNT
} tm_redundancy;

/* The largest -ptxsim_irb_entries. */
#define TM_IRB_ENTRIES_MAX 256

/* How -ptxsim_preempt_mode saves an SM's context (004 §1.2, §1.9):
 * occupancy (naive: stop at the next instruction, save every allocated
 * register, shared memory and SIMT stacks), drain (SM-draining: stop
 * dispatching, wait for the resident TBs, save nothing), live (stop at
 * preemption points, save the live registers), live_cp (live with
 * warp-level value compression).  pipeline/preempt_ctl.h. */
#define TM_PREEMPT_MODES(X) \
  X(OCCUPANCY, "occupancy") X(DRAIN, "drain") X(LIVE, "live") X(LIVE_CP, "live_cp")

typedef enum tm_preempt_mode {
#define X(id, name) TM_PREEMPT_##id,
  TM_PREEMPT_MODES(X)
#undef X
  TM_PREEMPT_MODE_COUNT
} tm_preempt_mode;

/* Where a configuration came from (for messages and the dump header). */
#define TM_CONFIG_ORIGIN_MAX 256

typedef struct tm_config {
  char origin[TM_CONFIG_ORIGIN_MAX]; /* "gtx480", a file name, ... */

  /* The GPU. */
  uint32_t n_clusters;            /* -gpgpu_n_clusters */
  uint32_t n_cores_per_cluster;   /* -gpgpu_n_cores_per_cluster */
  uint32_t n_sms;                 /* derived: n_clusters x n_cores_per_cluster */
  uint32_t cc_major, cc_minor;    /* -gpgpu_compute_capability_major/_minor: what
                                     the CUDA runtime reports in timing mode
                                     (0: the device profile's) */

  /* SM resources (per SM) and allocation rules. */
  uint32_t max_threads_per_sm;    /* -gpgpu_shader_core_pipeline <nthreads>:... */
  uint32_t warp_size;             /* -gpgpu_shader_core_pipeline ...:<warpsize> (32) */
  uint32_t max_warps_per_sm;      /* derived: max_threads_per_sm / warp_size */
  uint32_t max_ctas_per_sm;       /* -gpgpu_shader_cta */
  uint32_t n_regs_per_sm;         /* -gpgpu_shader_registers */
  uint32_t max_regs_per_cta;      /* -gpgpu_registers_per_block (0: no limit) */
  uint32_t max_smem_per_cta;      /* -gpgpu_shmem_per_block, bytes (0: no limit);
                                     shared memory per SM is mem.shmem_bytes */
  uint32_t max_regs_per_thread;   /* -ptxsim_max_regs_per_thread */
  uint32_t reg_alloc_granularity; /* -ptxsim_reg_alloc_granularity: registers per
                                     thread rounded up to a multiple (GPGPU-Sim: 4) */
  uint32_t thread_alloc_granularity; /* -ptxsim_thread_alloc_granularity: threads
                                     per CTA rounded up to a multiple (a warp) */
  uint32_t smem_alloc_granularity;/* -ptxsim_smem_alloc_granularity: bytes (1: exact) */
  pol_dispatch_params dispatcher; /* -ptxsim_dispatcher (policies/pol_dispatch.h) */

  /* Warp scheduling and issue. */
  uint32_t n_sched_per_sm;        /* -gpgpu_num_sched_per_core */
  pol_sched_params sched;         /* -gpgpu_scheduler (policies/pol_sched.h) */
  uint32_t max_insn_issue_per_warp; /* -gpgpu_max_insn_issue_per_warp (1 or 2) */
  bool is_dual_issue_diff_units;  /* -gpgpu_dual_issue_diff_exec_units: a dual
                                     issue must use two different units */

  /* Execution units. */
  uint32_t n_units[TM_UNIT_COUNT];      /* -gpgpu_num_<unit>_units, at most TM_UNITS_MAX */
  uint32_t pipe_width[TM_PIPE_COUNT];   /* -gpgpu_pipeline_widths */
  uint32_t lat[TM_LAT_COUNT][TM_OPC_COUNT];  /* latency, cycles */
  uint32_t init[TM_LAT_COUNT][TM_OPC_COUNT]; /* initiation interval, cycles */

  /* ptxsim's own pipeline parameters. */
  uint32_t max_inflight_per_warp; /* -ptxsim_max_inflight_per_warp: instructions
                                     issued but not written back, per warp
                                     (0: unlimited, only the scoreboard holds) */
  char scoreboard[TM_SEAM_NAME_MAX]; /* -ptxsim_scoreboard: the dependence-
                                     tracking unit (pipeline/sm_dep.h) */
  char branch_predictor[TM_SEAM_NAME_MAX]; /* -ptxsim_branch_predictor
                                     (pipeline/sm_branch.h) */
  uint32_t scoreboard_entries;    /* -ptxsim_scoreboard_entries (shared) */
  uint32_t stages_per_cycle;      /* -ptxsim_stages_per_cycle: pipeline stages
                                     per core cycle (the two stage options) */
  bool is_bypass;                 /* -ptxsim_bypass */
  uint32_t bypass_stage;          /* -ptxsim_bypass_stage: EX<N> */
  uint32_t branch_resolve_stage;  /* -ptxsim_branch_resolve_stage: EX<N>, 0:
                                     the cycle after issue */
  uint32_t gshare_bits;           /* -ptxsim_gshare_bits */
  char register_file[TM_SEAM_NAME_MAX]; /* -ptxsim_register_file: the operand /
                                     register-file unit (pipeline/sm_operand.h) */
  uint32_t scalar_mode;           /* -ptxsim_scalar_mode: a tm_scalar_mode; not
                                     none: the register-file unit of that name */
  uint32_t srf_entries;           /* -ptxsim_srf_entries: per SM */
  uint32_t irb_entries;           /* -ptxsim_irb_entries: per SM, 0 = none */
  uint32_t redundancy;            /* -ptxsim_redundancy: a tm_redundancy */
  uint32_t scalar_reliability;    /* -ptxsim_scalar_reliability: 0 or 1 */
  uint32_t scalar_fault_ppm;      /* -ptxsim_scalar_fault_ppm: upsets per 10^6 */
  uint32_t scalar_fault_seed;     /* -ptxsim_scalar_fault_seed */
  uint32_t scalar_check;          /* -ptxsim_scalar_check: 1 verifies every
                                     uniform mark against the values */
  uint32_t preempt_mode;          /* -ptxsim_preempt_mode: a tm_preempt_mode */
  uint64_t preempt_inject;        /* -ptxsim_preempt_inject: every N cycles one
                                     SM is preempted and resumed; 0 off */
  uint64_t preempt_inject_at;     /* -ptxsim_preempt_inject_at: the first
                                     interrupt's cycle (0: N) */
  uint32_t preempt_poison;        /* -ptxsim_preempt_poison: 1 poisons the
                                     registers not restored; 2 one live too
                                     (a test of the test) */
  bool preempt_inplace;           /* -ptxsim_preempt_inplace */
  uint32_t preempt_bw;            /* -ptxsim_preempt_bw: context bytes per
                                     core cycle (State/BW); 0 through memsys */
  bool preempt_tb_compress;       /* -ptxsim_preempt_tb_compress */
  bool preempt_second;            /* not an option: a second kernel will
                                     preempt the launches (the API layer sets
                                     it, ptxsim_timing_preempt_by), so the
                                     kernels get their stop points */
  uint32_t ibuffer_entries;       /* -ptxsim_ibuffer_entries: decoded
                                     instructions buffered per warp */
  uint32_t fetch_latency;         /* -ptxsim_fetch_latency: fetch to ibuffer */
  uint32_t branch_latency;        /* -ptxsim_branch_latency: issue of a branch
                                     to the warp's next fetch (SIMT stack
                                     resolved) */
  uint32_t barrier_latency;       /* -ptxsim_barrier_latency: last arrival to
                                     the release of the CTA's warps */

  /* A heterogeneous GPU (002b §A.6): SMs 0..n_ilp_sms-1 are ILP SMs, which
   * take the ilp_* values in place of the options they stand for
   * (tm_config_ilp_view); the others, TLP SMs, take the options. */
  uint32_t n_ilp_sms;             /* -ptxsim_ilp_sms (0: homogeneous) */
  char ilp_scoreboard[TM_SEAM_NAME_MAX]; /* -ptxsim_ilp_scoreboard */
  bool is_ilp_bypass;             /* -ptxsim_ilp_bypass */
  char ilp_branch_predictor[TM_SEAM_NAME_MAX]; /* -ptxsim_ilp_branch_predictor */
  uint32_t n_ilp_regs_per_sm;     /* -ptxsim_ilp_registers (0: n_regs_per_sm) */
  uint32_t steering;              /* -ptxsim_steering: a tm_steering */
  uint32_t steer_max_warps;       /* -ptxsim_steer_max_warps: static steering
                                     sends a kernel with fewer warps per ILP SM
                                     to the ILP SMs */
  uint64_t steer_max_threads;     /* -ptxsim_steer_max_threads: ... and one of
                                     at most this many threads */
  uint32_t cta_launch_latency;    /* -gpgpu_TB_launch_latency: CTA dispatch to
                                     its warps' first fetch */
  uint32_t kernel_launch_latency; /* -gpgpu_kernel_launch_latency */
  uint64_t max_cycles;            /* -gpgpu_max_cycle: stop after (0: no limit) */
  uint64_t max_insn;              /* -gpgpu_max_insn: stop after this many thread
                                     instructions (0: no limit) */
  uint32_t pp_interval;           /* -ptxsim_pp_interval: K of 004 §1.6 */
  uint32_t pp_pag;                /* -ptxsim_pp_pag: 8, 16 or 32 lanes; 0 from
                                     the TB's shape */
  uint64_t seed;                  /* -ptxsim_seed: for every randomised choice */
  uint32_t n_kernel_regs;         /* -ptxsim_kernel_regs NAME:N (repeatable) */
  tm_kernel_regs kernel_regs[TM_MAX_KERNEL_REGS];

  /* The memory hierarchy (memsys/mem_params.h). */
  mem_params mem;

  /* The energy model (pipeline/tm_energy.h), used only to report. */
  double energy_pj[TM_ENERGY_EVENT_COUNT]; /* -ptxsim_energy_<event>_pj */
  double static_power_sm_w;       /* -ptxsim_static_power_sm_w: per SM, but
                                     its register files */
  double static_power_vrf_w;      /* -ptxsim_static_power_vrf_w: per SM */
  double static_power_srf_w;      /* -ptxsim_static_power_srf_w: per SM, when
                                     scalar_mode is TM_SCALAR_SRF */
  double static_power_chip_w;     /* -ptxsim_static_power_chip_w: the rest of
                                     the chip (L2, memory controllers,
                                     interconnect, ...) */
} tm_config;

/* Fills cfg with the embedded GTX480 configuration. */
void tm_config_defaults(tm_config *cfg);

/* Applies the options in FILE over cfg (options the file does not give
 * keep cfg's values), then validates the result.  Messages (errors as
 * FILE:LINE: error: ..., and one warning naming every ignored option) go
 * to d.  Returns 0, PTX_EIO when the file cannot be read, PTX_EPARSE on
 * errors in it or an invalid result (cfg is then unspecified). */
int tm_config_load_file(tm_config *cfg, const char *path, ptx_diag *d) PTX_MUST_CHECK;
/* The same for text in memory; name stands for the file in messages. */
int tm_config_load_string(tm_config *cfg, const char *text, const char *name,
                          ptx_diag *d) PTX_MUST_CHECK;
/* Resets cfg to the defaults, then loads the named configuration
 * ("gtx480", "gtx280", "gtx280_ilp", "sm75", "gtx285_scalar") or, when name is none of those, the file
 * called name.  Returns as tm_config_load_file; PTX_ENOTFOUND (with a
 * message listing the names) when name is neither a configuration nor a
 * readable file. */
int tm_config_load_named(tm_config *cfg, const char *name, ptx_diag *d) PTX_MUST_CHECK;
/* Sets one option as if it were a line of a file called `where`. */
int tm_config_set_option(tm_config *cfg, const char *option, const char *value,
                         const char *where, ptx_diag *d) PTX_MUST_CHECK;
/* Recomputes the derived fields and checks every value (zero SMs, warp
 * size other than 32, cache line sizes not powers of two, ...); each
 * problem is an error naming the option.  Returns 0 or PTX_EPARSE. */
int tm_config_validate(tm_config *cfg, const char *where, ptx_diag *d) PTX_MUST_CHECK;

/* Prints every modelled option in the config format, so that loading the
 * dump gives back an identical configuration. */
void tm_config_dump(const tm_config *cfg, FILE *out);

/* The named configurations: count, and name and one-line description of
 * the i-th (NULL past the end). */
size_t tm_config_named_count(void);
const char *tm_config_named(size_t i, const char **description);

/* The register override for kernel (0 when none). */
uint32_t tm_config_kernel_regs(const tm_config *cfg, const char *kernel);
/* The per-SM limits and granularities of the CTA accounting. */
void tm_config_cta_limits(const tm_config *cfg, pol_cta_limits *out);
/* The configuration an ILP SM of cfg sees: cfg with the -ptxsim_ilp_*
 * values in place of -ptxsim_scoreboard, -ptxsim_bypass,
 * -ptxsim_branch_predictor and -gpgpu_shader_registers (so that
 * everything derived from a configuration, the SM's parameters and the CTA
 * limits, is derived for either kind of SM the same way). */
void tm_config_ilp_view(const tm_config *cfg, tm_config *out);
/* The names of the choice options' values, by value, NULL-terminated
 * (tm_config_choices.c).  -ptxsim_scalar_mode's, by tm_scalar_mode: */
extern const char *const tm_scalar_mode_names[TM_SCALAR_MODE_COUNT + 1];
/* The names of -ptxsim_redundancy's values, by tm_redundancy. */
extern const char *const tm_redundancy_names[TM_REDUNDANCY_COUNT + 1];
/* The names of -ptxsim_preempt_mode's values, by tm_preempt_mode. */
extern const char *const tm_preempt_mode_names[TM_PREEMPT_MODE_COUNT + 1];
/* The names of -ptxsim_steering's values, by tm_steering. */
extern const char *const tm_steering_names[TM_STEERING_COUNT + 1];

#endif /* PTXSIM_PIPELINE_TM_CONFIG_H */
