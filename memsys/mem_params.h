/* mem_params.h -- the parameters of the timing model's memory hierarchy,
 * as the configuration (pipeline/tm_config.c) fills them from GPGPU-Sim
 * option strings, and the parsers for those strings.
 *
 * This header is the contract between the configuration and memsys/:
 * fields are only ever added, never renamed.  Every latency is in core
 * clock cycles unless its name says otherwise (dram_ = DRAM command clock
 * cycles).  Defaults come from the embedded GTX480 configuration, not from
 * this header.
 */
#ifndef PTXSIM_MEMSYS_MEM_PARAMS_H
#define PTXSIM_MEMSYS_MEM_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

/* Replacement: GPGPU-Sim's L (LRU) and F (FIFO). */
typedef enum mem_repl { MEM_REPL_LRU, MEM_REPL_FIFO } mem_repl;

/* Write policy: R read-only, B write-back, T write-through, E write-evict,
 * L local write-back / global write-through. */
typedef enum mem_write_policy {
  MEM_WRITE_READ_ONLY,
  MEM_WRITE_BACK,
  MEM_WRITE_THROUGH,
  MEM_WRITE_EVICT,
  MEM_WRITE_LOCAL_WB_GLOBAL_WT
} mem_write_policy;

/* Allocation on a read miss: m on miss, f on fill, s streaming. */
typedef enum mem_alloc_policy {
  MEM_ALLOC_ON_MISS,
  MEM_ALLOC_ON_FILL,
  MEM_ALLOC_STREAMING
} mem_alloc_policy;

/* Allocation on a write miss: N no write-allocate, W write-allocate,
 * F fetch-on-write, L lazy fetch-on-read. */
typedef enum mem_write_alloc {
  MEM_NO_WRITE_ALLOCATE,
  MEM_WRITE_ALLOCATE,
  MEM_FETCH_ON_WRITE,
  MEM_LAZY_FETCH_ON_READ
} mem_write_alloc;

/* Set index function: L linear, H Fermi hash, P prime, X bitwise XOR. */
typedef enum mem_set_index {
  MEM_INDEX_LINEAR,
  MEM_INDEX_FERMI_HASH,
  MEM_INDEX_PRIME,
  MEM_INDEX_XOR
} mem_set_index;

/* One cache, from GPGPU-Sim's
 *   [S:|N:]<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_index>],
 *   <mshr_type>:<mshr_entries>:<mshr_max_merge>,<miss_queue>[:<result_fifo>][,<data_port>]
 * "none" (or an empty string) disables the cache. */
typedef struct mem_cache_params {
  bool is_enabled;
  bool is_sectored;            /* "S:" prefix: 32-byte sectors per line */
  uint32_t n_sets, line_bytes, assoc;
  mem_repl repl;
  mem_write_policy write_policy;
  mem_alloc_policy alloc_policy;
  mem_write_alloc write_alloc;
  mem_set_index set_index;
  char mshr_kind;              /* 'A' associative, 'F' fully associative,
                                  'T' texture FIFO, 'S' sector */
  uint32_t mshr_entries, mshr_max_merge;
  uint32_t miss_queue;         /* entries */
  uint32_t result_fifo;        /* entries (0: none) */
  uint32_t data_port_bytes;    /* fill bandwidth per cycle (0: a line) */
} mem_cache_params;

/* DRAM timing, from -gpgpu_dram_timing_opt
 * "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:
 *  nbkgrp=1:CCDL=0:RTPL=0", in DRAM command clock cycles. */
typedef struct mem_dram_timing {
  uint32_t n_banks, n_bank_groups;
  uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tCDLR, tWR, tCCDL, tRTPL;
} mem_dram_timing;

/* Address mapping, from -gpgpu_mem_addr_mapping
 * "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS":
 * the 64 characters name, most significant bit first, which field each
 * address bit belongs to (R row, B bank, C column, S burst offset, 0
 * unused, D channel); dramid@N puts the channel bits at bit N (GPGPU-Sim
 * then removes them from the address before taking the other fields).
 * S bits are only in burst_mask: the DRAM column is col_mask | burst_mask. */
typedef struct mem_addr_map {
  uint64_t row_mask, bank_mask, col_mask, burst_mask, chan_mask;
  uint32_t chan_at;            /* dramid@N, or UINT32_MAX when absent */
} mem_addr_map;

/* The whole hierarchy. */
typedef struct mem_params {
  /* Per SM. */
  mem_cache_params l1d;        /* -gpgpu_cache:dl1 */
  mem_cache_params l1c;        /* -gpgpu_const_cache:l1 */
  mem_cache_params l1t;        /* -gpgpu_tex_cache:l1 */
  bool l1d_bypass_global;      /* -gpgpu_gmem_skip_L1D: global loads skip L1 */
  uint32_t l1_hit_latency;     /* -gpgpu_l1_latency (Fermi: implicit) */
  uint32_t const_hit_latency;  /* constant cache hit */
  uint32_t tex_latency;        /* texture and surface instructions */
  uint32_t shmem_bytes;        /* -gpgpu_shmem_size, per SM */
  uint32_t shmem_banks;        /* -gpgpu_shmem_num_banks */
  uint32_t shmem_latency;      /* -gpgpu_smem_latency */
  bool shmem_limited_broadcast; /* -gpgpu_shmem_limited_broadcast */
  uint32_t shmem_warp_parts;   /* -gpgpu_shmem_warp_parts */
  uint32_t coalesce_arch;      /* -gpgpu_coalesce_arch (13: Fermi, 20+) */

  /* Interconnect: SMs to memory sub-partitions and back. */
  uint32_t icnt_flit_bytes;    /* -icnt_flit_size: bytes a port moves per cycle */
  uint32_t icnt_latency;       /* cycles from injection to ejection */
  uint32_t icnt_in_buffer;     /* -icnt_in_buffer_limit, flits per port */
  uint32_t icnt_out_buffer;    /* -icnt_out_buffer_limit */

  /* Memory partitions. */
  uint32_t n_channels;         /* -gpgpu_n_mem */
  uint32_t n_sub_partitions;   /* -gpgpu_n_sub_partition_per_mchannel */
  mem_cache_params l2;         /* -gpgpu_cache:dl2, per sub-partition */
  bool l2_texture_only;        /* -gpgpu_cache:dl2_texture_only */
  uint32_t l2_rop_latency;     /* -gpgpu_l2_rop_latency: ROP queue to L2 */
  uint32_t dram_latency;       /* -dram_latency: fixed latency after DRAM */

  /* DRAM. */
  mem_dram_timing dram;
  mem_addr_map addr_map;
  uint32_t dram_bus_bytes;     /* -gpgpu_dram_buswidth, bytes per chip */
  uint32_t dram_burst_length;  /* -gpgpu_dram_burst_length */
  uint32_t dram_data_ratio;    /* -dram_data_command_freq_ratio (GDDR5: 4) */
  uint32_t dram_chips;         /* chips per channel (GTX480: 2 of 32 bits = 64) */
  uint32_t dram_sched_queue;   /* -gpgpu_frfcfs_dram_sched_queue_size (0: unlimited) */
  uint32_t dram_return_queue;  /* -gpgpu_dram_return_queue_size */
  uint32_t dram_scheduler;     /* -gpgpu_dram_scheduler: 0 FIFO, 1 FR-FCFS */
  bool is_skip_idle;           /* -ptxsim_skip_idle: skip scheduling passes that
                                  cannot issue (mem_dram.c); the pipeline reads it
                                  too (sm_params.is_skip_idle) */

  /* Clock domains in MHz: -gpgpu_clock_domains core:icnt:l2:dram. */
  double core_mhz, icnt_mhz, l2_mhz, dram_mhz;
} mem_params;

/* Parsers for the option strings above.  Each returns 0, or -1 with a
 * message (what is wrong and where in the string) in err. */
int mem_cache_params_parse(const char *s, mem_cache_params *out, char *err,
                           size_t errlen) PTX_MUST_CHECK;
int mem_dram_timing_parse(const char *s, mem_dram_timing *out, char *err,
                          size_t errlen) PTX_MUST_CHECK;
int mem_addr_map_parse(const char *s, mem_addr_map *out, char *err,
                       size_t errlen) PTX_MUST_CHECK;
/* The canonical option string of each (for `ptxsim config --dump`). */
void mem_cache_params_format(const mem_cache_params *p, char *buf, size_t size);
void mem_dram_timing_format(const mem_dram_timing *t, char *buf, size_t size);
void mem_addr_map_format(const mem_addr_map *m, char *buf, size_t size);

#endif /* PTXSIM_MEMSYS_MEM_PARAMS_H */
