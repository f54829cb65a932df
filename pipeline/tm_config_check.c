/* tm_config_check.c -- the configuration as a whole: validation of the
 * values (with the option to blame in each message), the dump in the
 * config format, and the small queries other units make (per-kernel
 * register overrides, CTA accounting limits).
 *
 * The dump prints every TM_OPT row of tm_options.def in table order, each
 * under its documentation, with values formatted so that loading the dump
 * gives back the same configuration (numbers in full, clock frequencies in
 * the shortest form that reads back exactly).
 */
#include "config.h"

#include "pipeline/tm_config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_registry.h"
#include "pipeline/tm_config_int.h"

/* ---- validation ------------------------------------------------------ */

/* The range of each number is checked as it is read (tm_options.def);
 * what is left here are the checks of options against each other and of
 * the structured values' meaning. */

typedef struct checker {
  const char *where;
  ptx_diag *d;
  unsigned n_errors;
} checker;

PTX_PRINTF(3, 4)
static void bad(checker *c, const char *option, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ptx_loc none = {0, 0};
  ptx_diag_report(c->d, PTX_SEV_ERROR, c->where, none, "%s: %s", option, msg);
  c->n_errors++;
}

static bool is_pow2(uint64_t x)
{
  return x && !(x & (x - 1));
}

static void check_at_least(checker *c, const char *option, uint64_t v, uint64_t min)
{
  if (v < min)
    bad(c, option, "%llu is too small (at least %llu)", (unsigned long long)v,
        (unsigned long long)min);
}

static void check_cache(checker *c, const char *option, const mem_cache_params *p,
                        bool is_required)
{
  if (!p->is_enabled) {
    if (is_required)
      bad(c, option, "this cache cannot be 'none'");
    return;
  }
  if (!is_pow2(p->line_bytes) || p->line_bytes < 4)
    bad(c, option, "line size %u is not a power of two of at least 4 bytes", p->line_bytes);
  if (p->is_sectored && p->line_bytes % 32 != 0)
    bad(c, option, "a sectored cache needs lines of whole 32-byte sectors, not %u bytes",
        p->line_bytes);
  if (!is_pow2(p->n_sets) && p->set_index != MEM_INDEX_PRIME)
    bad(c, option, "%u sets is not a power of two (needed by its set index function)",
        p->n_sets);
  if (p->set_index == MEM_INDEX_FERMI_HASH && p->n_sets != 32 && p->n_sets != 64)
    bad(c, option, "the Fermi hash set index (H) needs 32 or 64 sets, not %u", p->n_sets);
  check_at_least(c, option, p->assoc, 1);
  check_at_least(c, option, p->mshr_entries, 1);
  check_at_least(c, option, p->miss_queue, 1);
}

int tm_config_validate(tm_config *cfg, const char *where, ptx_diag *d)
{
  checker c = {where, d, 0};
  cfg->n_sms = 0;
  cfg->max_warps_per_sm = 0;
  if (cfg->n_clusters == 0 || cfg->n_cores_per_cluster == 0)
    bad(&c, cfg->n_clusters == 0 ? "-gpgpu_n_clusters" : "-gpgpu_n_cores_per_cluster",
        "the GPU has no SMs (clusters x cores per cluster is 0)");
  else if ((uint64_t)cfg->n_clusters * cfg->n_cores_per_cluster > 65535)
    bad(&c, "-gpgpu_n_clusters", "%llu SMs (at most 65535)",
        (unsigned long long)cfg->n_clusters * cfg->n_cores_per_cluster);
  else
    cfg->n_sms = cfg->n_clusters * cfg->n_cores_per_cluster;

  const char *pipe = "-gpgpu_shader_core_pipeline";
  if (cfg->warp_size != 32)
    bad(&c, pipe, "warp size %u is not supported (ptxsim models 32-thread warps)",
        cfg->warp_size);
  else if (cfg->max_threads_per_sm == 0 || cfg->max_threads_per_sm % 32 != 0 ||
           cfg->max_threads_per_sm > 32 * 1024)
    bad(&c, pipe, "%u threads per SM is not a multiple of the warp size from 32 to 32768",
        cfg->max_threads_per_sm);
  else
    cfg->max_warps_per_sm = cfg->max_threads_per_sm / cfg->warp_size;
  for (uint32_t i = 0; i < cfg->n_kernel_regs; i++)
    if (cfg->kernel_regs[i].regs > cfg->max_regs_per_thread)
      bad(&c, "-ptxsim_kernel_regs", "%s: %u registers per thread (at most %u)",
          cfg->kernel_regs[i].name, cfg->kernel_regs[i].regs, cfg->max_regs_per_thread);

  if (cfg->max_warps_per_sm && cfg->n_sched_per_sm > cfg->max_warps_per_sm)
    bad(&c, "-gpgpu_num_sched_per_core", "%u schedulers for %u warps per SM",
        cfg->n_sched_per_sm, cfg->max_warps_per_sm);
  char err[256];
  for (size_t i = 0; i < tm_n_opts; i++) {
    const tm_opt *o = &tm_opts[i];
    if (o->kind != TM_K_POLICY)
      continue;
    const pol_params *pp = (const pol_params *)((const char *)cfg + o->offset);
    if (!pol_find((pol_kind)o->arg, pp->name, err, sizeof err))
      bad(&c, o->name, "%s", err);
  }
  /* Set as they are read, but a configuration may not have been read. */
  for (size_t i = 0; i < tm_n_opts; i++)
    if (tm_opts[i].kind == TM_K_SEAM &&
        sm_seam_check(tm_opts[i].arg, (const char *)cfg + tm_opts[i].offset, err, sizeof err))
      bad(&c, tm_opts[i].name, "%s", err);
  if (cfg->n_sms && cfg->n_ilp_sms > cfg->n_sms)
    bad(&c, "-ptxsim_ilp_sms", "%u ILP SMs, but the GPU has %u SMs", cfg->n_ilp_sms,
        cfg->n_sms);
  if (cfg->steering >= TM_STEERING_COUNT)
    bad(&c, "-ptxsim_steering", "value %u is not a steering policy", cfg->steering);
  if (cfg->preempt_mode >= TM_PREEMPT_MODE_COUNT)
    bad(&c, "-ptxsim_preempt_mode", "value %u is not a preemption mode", cfg->preempt_mode);
  if (cfg->scalar_mode >= TM_SCALAR_MODE_COUNT)
    bad(&c, "-ptxsim_scalar_mode", "value %u is not a scalar mode", cfg->scalar_mode);
  else if (cfg->scalar_mode != TM_SCALAR_NONE && strcmp(cfg->register_file, "vector") != 0 &&
           strcmp(cfg->register_file, tm_scalar_mode_names[cfg->scalar_mode]) != 0)
    bad(&c, "-ptxsim_scalar_mode", "%s chooses the register file, but -ptxsim_register_file "
        "chooses %s (give one of them)", tm_scalar_mode_names[cfg->scalar_mode],
        cfg->register_file);
  if (cfg->redundancy >= TM_REDUNDANCY_COUNT)
    bad(&c, "-ptxsim_redundancy", "value %u is not a redundancy mode", cfg->redundancy);
  else if (cfg->redundancy != TM_REDUNDANCY_INTRA) {
    if (cfg->scalar_mode != TM_SCALAR_TOKEN && cfg->scalar_mode != TM_SCALAR_SRF)
      bad(&c, "-ptxsim_redundancy", "%s needs -ptxsim_scalar_mode token or srf (the register "
          "file that keeps a reused value once)", tm_redundancy_names[cfg->redundancy]);
    if (!cfg->irb_entries)
      bad(&c, "-ptxsim_redundancy", "%s needs -ptxsim_irb_entries above 0",
          tm_redundancy_names[cfg->redundancy]);
  }
  if ((cfg->scalar_reliability || cfg->scalar_fault_ppm) && cfg->scalar_mode != TM_SCALAR_TOKEN &&
      cfg->scalar_mode != TM_SCALAR_SRF)
    bad(&c, cfg->scalar_reliability ? "-ptxsim_scalar_reliability" : "-ptxsim_scalar_fault_ppm",
        "needs -ptxsim_scalar_mode token or srf (the uniform work it protects)");
  if (!is_pow2(cfg->gshare_bits))
    bad(&c, "-ptxsim_gshare_bits", "%u bits is not a power of two", cfg->gshare_bits);
  if (cfg->pp_pag && (!is_pow2(cfg->pp_pag) || cfg->pp_pag < 8))
    bad(&c, "-ptxsim_pp_pag", "%u lanes is not 8, 16, 32 or 0 (from the TB shape)",
        cfg->pp_pag);
  const mem_params *m = &cfg->mem;
  if (!(m->core_mhz > 0) || !(m->icnt_mhz > 0) || !(m->l2_mhz > 0) || !(m->dram_mhz > 0))
    bad(&c, "-gpgpu_clock_domains", "every clock must be above 0 MHz");
  check_cache(&c, "-gpgpu_cache:dl1", &m->l1d, false);
  check_cache(&c, "-gpgpu_const_cache:l1", &m->l1c, true);
  check_cache(&c, "-gpgpu_tex_cache:l1", &m->l1t, false);
  check_cache(&c, "-gpgpu_cache:dl2", &m->l2, false);
  if (!is_pow2(m->shmem_banks))
    bad(&c, "-gpgpu_shmem_num_banks", "%u banks is not a power of two", m->shmem_banks);
  if (m->shmem_warp_parts == 0 || cfg->warp_size % m->shmem_warp_parts != 0)
    bad(&c, "-gpgpu_shmem_warp_parts", "%u does not divide the warp size", m->shmem_warp_parts);
  check_at_least(&c, "-gpgpu_dram_timing_opt", m->dram.n_banks, 1);
  if (m->addr_map.row_mask == 0 || m->addr_map.bank_mask == 0 ||
      (m->addr_map.col_mask | m->addr_map.burst_mask) == 0)
    bad(&c, "-gpgpu_mem_addr_mapping", "the map needs row (R), bank (B) and column (C, S) bits");
  return c.n_errors ? PTX_EPARSE : 0;
}

/* ---- the dump -------------------------------------------------------- */

/* The shortest decimal form of x that reads back exactly, with a '.'
 * (whole numbers as 700.0). */
static void format_double(double x, char *buf, size_t size)
{
  if (x == floor(x) && fabs(x) < 1e15) {
    snprintf(buf, size, "%.1f", x);
    return;
  }
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(buf, size, "%.*g", prec, x);
    if (strtod(buf, NULL) == x)
      break;
  }
}

static size_t put_list(char *buf, size_t size, const uint32_t *v, int n, char sep)
{
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && k < size; i++) {
    int w = snprintf(buf + k, size - k, "%s%u", i ? (sep == ',' ? "," : ":") : "", v[i]);
    if (w < 0)
      break;
    k += (size_t)w;
  }
  return k;
}

void tm_opt_format(const tm_config *cfg, const tm_opt *o, char *buf, size_t size)
{
  const char *field = (const char *)cfg + o->offset;
  buf[0] = '\0';
  switch ((tm_opt_kind)o->kind) {
  case TM_K_U32:
    snprintf(buf, size, "%u", *(const uint32_t *)field);
    break;
  case TM_K_U64:
    snprintf(buf, size, "%llu", (unsigned long long)*(const uint64_t *)field);
    break;
  case TM_K_BOOL:
    snprintf(buf, size, "%d", *(const bool *)field ? 1 : 0);
    break;
  case TM_K_CORE_PIPELINE:
    snprintf(buf, size, "%u:%u", cfg->max_threads_per_sm, cfg->warp_size);
    break;
  case TM_K_POLICY:
    pol_format_spec((pol_kind)o->arg, (const pol_params *)field, buf, size);
    break;
  case TM_K_PIPE_WIDTHS:
    put_list(buf, size, cfg->pipe_width, TM_PIPE_COUNT, ',');
    break;
  case TM_K_LAT_LIST:
    put_list(buf, size, (const uint32_t *)field, (int)o->arg, ',');
    break;
  case TM_K_CACHE:
    mem_cache_params_format((const mem_cache_params *)field, buf, size);
    break;
  case TM_K_DRAM:
    mem_dram_timing_format((const mem_dram_timing *)field, buf, size);
    break;
  case TM_K_ADDR_MAP:
    mem_addr_map_format((const mem_addr_map *)field, buf, size);
    break;
  case TM_K_CLOCKS: {
    const double f[4] = {cfg->mem.core_mhz, cfg->mem.icnt_mhz, cfg->mem.l2_mhz,
                         cfg->mem.dram_mhz};
    size_t k = 0;
    for (int i = 0; i < 4 && k < size; i++) {
      char one[40];
      format_double(f[i], one, sizeof one);
      int w = snprintf(buf + k, size - k, "%s%s", i ? ":" : "", one);
      if (w < 0)
        break;
      k += (size_t)w;
    }
    break;
  }
  case TM_K_F64:
    format_double(*(const double *)field, buf, size);
    break;
  case TM_K_SEAM:
    snprintf(buf, size, "%s", field);
    break;
  case TM_K_CHOICE: {
    const char *const *names = tm_choice_names[o->arg];
    uint32_t v = *(const uint32_t *)field, i = 0;
    while (names[i] && i < v)
      i++;
    snprintf(buf, size, "%s", names[i] ? names[i] : "?");
    break;
  }
  case TM_K_KERNEL_REGS: /* one line per kernel: tm_config_dump */
  case TM_K_SECTION:
    break;
  }
}

/* Writes name and value; quotes values that would not read back bare. */
static void put_option(FILE *out, const char *name, const char *value)
{
  bool needs_quotes = strpbrk(value, " \t#") != NULL;
  fprintf(out, "%-38s %s%s%s\n", name, needs_quotes ? "\"" : "", value, needs_quotes ? "\"" : "");
}

void tm_config_dump(const tm_config *cfg, FILE *out)
{
  fputs("# ptxsim timing-model configuration (GPGPU-Sim gpgpusim.config format).\n"
        "# Every modelled option; load it with `ptxsim config --config FILE`.\n",
        out);
  char buf[1024];
  for (size_t i = 0; i < tm_n_opts; i++) {
    const tm_opt *o = &tm_opts[i];
    if (o->kind == TM_K_SECTION) {
      fprintf(out, "\n# ---- %s ----\n", o->name);
      continue;
    }
    fprintf(out, "# %s\n", o->doc);
    if (o->kind == TM_K_KERNEL_REGS) {
      if (cfg->n_kernel_regs == 0)
        fprintf(out, "#%-37s NAME:N  (none given)\n", o->name);
      for (uint32_t k = 0; k < cfg->n_kernel_regs; k++) {
        snprintf(buf, sizeof buf, "%s:%u", cfg->kernel_regs[k].name, cfg->kernel_regs[k].regs);
        put_option(out, o->name, buf);
      }
      continue;
    }
    tm_opt_format(cfg, o, buf, sizeof buf);
    put_option(out, o->name, buf);
  }
}

/* ---- queries --------------------------------------------------------- */

uint32_t tm_config_kernel_regs(const tm_config *cfg, const char *kernel)
{
  for (uint32_t i = 0; i < cfg->n_kernel_regs; i++)
    if (strcmp(cfg->kernel_regs[i].name, kernel) == 0)
      return cfg->kernel_regs[i].regs;
  return 0;
}

void tm_config_ilp_view(const tm_config *cfg, tm_config *out)
{
  if (out != cfg)
    *out = *cfg;
  memcpy(out->scoreboard, cfg->ilp_scoreboard, sizeof out->scoreboard);
  memcpy(out->branch_predictor, cfg->ilp_branch_predictor, sizeof out->branch_predictor);
  out->is_bypass = cfg->is_ilp_bypass;
  if (cfg->n_ilp_regs_per_sm)
    out->n_regs_per_sm = cfg->n_ilp_regs_per_sm;
}

void tm_config_cta_limits(const tm_config *cfg, pol_cta_limits *out)
{
  memset(out, 0, sizeof *out);
  out->max_threads = cfg->max_threads_per_sm;
  out->max_ctas = cfg->max_ctas_per_sm;
  out->n_regs = cfg->n_regs_per_sm;
  out->smem_bytes = cfg->mem.shmem_bytes;
  out->warp_size = cfg->warp_size;
  out->reg_granularity = cfg->reg_alloc_granularity;
  out->thread_granularity = cfg->thread_alloc_granularity;
  out->smem_granularity = cfg->smem_alloc_granularity;
  out->max_regs_per_thread = cfg->max_regs_per_thread;
  out->max_regs_per_cta = cfg->max_regs_per_cta;
  out->max_smem_per_cta = cfg->max_smem_per_cta;
}
