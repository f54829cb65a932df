/* ptxsim_timing.c -- timing mode in the public interface: the device's
 * mode and GPU configuration, running a launch through the timing model
 * (pipeline/tm_gpu.h) and printing its statistics. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "ptxsim.h"
#include "src/ptxsim_api_int.h"
#include "src/report.h"

/* The device's configuration, made from the defaults on first use. */
static tm_config *config_of(api_timing *t)
{
  if (!t->cfg) {
    t->cfg = malloc(sizeof *t->cfg);
    if (t->cfg)
      tm_config_defaults(t->cfg);
  }
  return t->cfg;
}

void api_timing_preemption(const api_timing *t, uint32_t *pp_interval, uint32_t *pag)
{
  /* A device without a configuration runs the embedded defaults
   * (configs/gtx480.config: 1000 and 16). */
  *pp_interval = t->cfg ? t->cfg->pp_interval : 1000;
  *pag = t->cfg ? t->cfg->pp_pag : 16;
}

/* Forgets the kernels built under the previous configuration. */
static void drop_kernels(api_timing *t)
{
  for (size_t i = 0; i < t->n_kernels; i++)
    tm_kernel_free(t->kernels[i]);
  free(t->kernels);
  t->kernels = NULL;
  t->n_kernels = 0;
}

/* The timing view of l's kernel under the current configuration, built on
 * its first launch (the analyses are not cheap on large kernels). */
static const tm_kernel *kernel_of(api_timing *t, const simt_launch *l)
{
  for (size_t i = 0; i < t->n_kernels; i++)
    if (t->kernels[i]->kernel == l->kernel)
      return t->kernels[i];
  tm_kernel **v = realloc(t->kernels, (t->n_kernels + 1) * sizeof *v);
  if (!v)
    return NULL;
  t->kernels = v;
  if (tm_kernel_build(l->prog, l->kernel, t->cfg, &v[t->n_kernels]))
    return NULL;
  return v[t->n_kernels++];
}

/* Hands the diagnostics' text to *messages (NULL when there is none). */
static void take_messages(ptx_diag *dg, char **messages)
{
  if (messages) {
    const char *text = ptx_diag_text(dg);
    *messages = *text ? strdup(text) : NULL;
  }
  ptx_diag_free(dg);
}

static uint32_t min_u32(uint32_t a, uint32_t b)
{
  return a < b ? a : b;
}

static int mhz_to_khz(double mhz)
{
  double khz = mhz * 1000.0 + 0.5;
  return khz >= 2147483647.0 ? 2147483647 : khz < 0 ? 0 : (int)khz;
}

/* What the configuration says of the GPU, over the profile's values.  The
 * rest (memory size, constant memory, block and grid limits, ECC, ...)
 * stays the profile's. */
void api_timing_props(api_timing *t, ptxsim_device_props *p)
{
  const tm_config *c = config_of(t);
  if (!c)
    return;
  const mem_params *m = &c->mem;
  const char *origin = strrchr(c->origin, '/');
  snprintf(p->name, sizeof p->name, "ptxsim timing GPU (%.40s)", origin ? origin + 1 : c->origin);
  if (c->cc_major) {
    p->cc_major = (int)c->cc_major;
    p->cc_minor = (int)c->cc_minor;
  }
  p->sm_count = (int)c->n_sms;
  p->clock_khz = mhz_to_khz(m->core_mhz);
  /* CUDA reports the DDR clock, twice the DRAM command clock GPGPU-Sim's
   * -gpgpu_clock_domains gives (GTX480: 924 MHz, reported 1848 MHz). */
  p->mem_clock_khz = mhz_to_khz(2.0 * m->dram_mhz);
  p->mem_bus_width_bits = (int)(m->n_channels * m->dram_chips * m->dram_bus_bytes * 8);
  uint64_t l2 = m->l2.is_enabled ? (uint64_t)m->l2.n_sets * m->l2.line_bytes * m->l2.assoc *
                                       m->n_channels * m->n_sub_partitions
                                 : 0;
  p->l2_bytes = l2 > 2147483647 ? 2147483647 : (int)l2;
  /* Persisting L2 accesses (from compute capability 8.0) are accepted
   * and reported as on the GPUs of that generation: a set-aside of up to
   * 3/4 of the L2 on Ampere (A100, RTX 3090), 5/8 from Hopper on (H100,
   * H200), and windows of up to 128 MiB - 4 KiB; the timing model has no
   * persisting lines, so they cost and save nothing.  It has no reserved
   * shared memory either. */
  int cc = p->cc_major * 10 + p->cc_minor;
  p->persisting_l2_max_bytes = cc < 80 ? 0 : cc < 90 ? p->l2_bytes / 4 * 3 : p->l2_bytes / 8 * 5;
  p->access_policy_max_window_bytes = cc < 80 ? 0 : 134213632;
  p->reserved_shared_per_block = 0;
  p->shared_per_sm = m->shmem_bytes;
  p->shared_per_block_optin =
      c->max_smem_per_cta ? min_u32(c->max_smem_per_cta, m->shmem_bytes) : m->shmem_bytes;
  if (p->shared_per_block > p->shared_per_block_optin)
    p->shared_per_block = p->shared_per_block_optin;
  p->regs_per_sm = (int)c->n_regs_per_sm;
  p->regs_per_block =
      (int)(c->max_regs_per_cta ? min_u32(c->max_regs_per_cta, c->n_regs_per_sm) : c->n_regs_per_sm);
  p->warp_size = (int)c->warp_size;
  p->max_threads_per_sm = (int)c->max_threads_per_sm;
  if (p->max_threads_per_block > p->max_threads_per_sm)
    p->max_threads_per_block = p->max_threads_per_sm;
  for (int i = 0; i < 3; i++)
    if (p->max_block_dim[i] > p->max_threads_per_block)
      p->max_block_dim[i] = p->max_threads_per_block;
  p->max_blocks_per_sm = (int)c->max_ctas_per_sm;
}

int ptxsim_device_set_mode(ptxsim_device *d, ptxsim_mode mode)
{
  if (!d || (mode != PTXSIM_MODE_FUNCTIONAL && mode != PTXSIM_MODE_TIMING))
    return PTXSIM_E_INVALID;
  api_timing *t = api_timing_of(d);
  if (mode == PTXSIM_MODE_TIMING && !config_of(t))
    return PTXSIM_E_NOMEM;
  t->mode = mode;
  api_props_update(d);
  return PTXSIM_OK;
}

ptxsim_mode ptxsim_device_get_mode(const ptxsim_device *d)
{
  return d ? api_timing_of((ptxsim_device *)d)->mode : PTXSIM_MODE_FUNCTIONAL;
}

int ptxsim_device_set_config(ptxsim_device *d, const char *name_or_path, char **messages)
{
  if (messages)
    *messages = NULL;
  if (!d || !name_or_path)
    return PTXSIM_E_INVALID;
  api_timing *t = api_timing_of(d);
  tm_config *next = malloc(sizeof *next);
  if (!next || !config_of(t)) {
    free(next);
    return PTXSIM_E_NOMEM;
  }
  ptx_diag dg;
  ptx_diag_init(&dg, NULL);
  int rc = tm_config_load_named(next, name_or_path, &dg);
  take_messages(&dg, messages);
  if (rc) {
    free(next);
    return rc; /* PTX_E* equal PTXSIM_E_* */
  }
  free(t->cfg);
  t->cfg = next;
  drop_kernels(t);
  api_props_update(d);
  return PTXSIM_OK;
}

int ptxsim_device_set_config_option(ptxsim_device *d, const char *option, const char *value,
                                    char **messages)
{
  if (messages)
    *messages = NULL;
  if (!d || !option || !value)
    return PTXSIM_E_INVALID;
  tm_config *conf = config_of(api_timing_of(d));
  if (!conf)
    return PTXSIM_E_NOMEM;
  tm_config next = *conf;
  ptx_diag dg;
  ptx_diag_init(&dg, NULL);
  int rc = tm_config_set_option(&next, option, value, "<option>", &dg);
  if (!rc)
    rc = tm_config_validate(&next, "<option>", &dg);
  take_messages(&dg, messages);
  if (rc)
    return rc;
  *conf = next;
  drop_kernels(api_timing_of(d));
  api_props_update(d);
  return PTXSIM_OK;
}

int ptxsim_device_dump_config(const ptxsim_device *d, FILE *out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  tm_config *conf = config_of(api_timing_of((ptxsim_device *)d));
  if (!conf)
    return PTXSIM_E_NOMEM;
  tm_config_dump(conf, out);
  return PTXSIM_OK;
}

int ptxsim_timing_clock(const ptxsim_device *d, uint64_t *cycles, double *core_mhz)
{
  if (!d)
    return PTXSIM_E_INVALID;
  api_timing *t = api_timing_of((ptxsim_device *)d);
  if (t->mode != PTXSIM_MODE_TIMING)
    return PTXSIM_E_INVALID;
  const tm_config *conf = config_of(t);
  if (!conf)
    return PTXSIM_E_NOMEM;
  if (cycles)
    *cycles = t->tot.cycles;
  if (core_mhz)
    *core_mhz = conf->mem.core_mhz;
  return PTXSIM_OK;
}

static void second_free(api_timing *t)
{
  if (!t->second)
    return;
  simt_launch_release(t->second);
  free(t->second);
  t->second = NULL;
}

int api_timing_set_second(api_timing *t, simt_launch *l, uint64_t at, uint32_t n_sms)
{
  tm_config *conf = config_of(t);
  if (!conf)
    return PTXSIM_E_NOMEM;
  second_free(t);
  t->second = l;
  t->second_at = at;
  t->second_sms = n_sms;
  /* The first kernel needs its stop points: built again. */
  conf->preempt_second = true;
  drop_kernels(t);
  return PTXSIM_OK;
}

int ptxsim_timing_preempt_by_result(const ptxsim_device *d, ptxsim_preempt_by_result *out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  const api_timing *t = api_timing_of((ptxsim_device *)d);
  if (!t->second_res.ran)
    return PTXSIM_E_INVALID;
  *out = t->second_res;
  return PTXSIM_OK;
}

/* The second kernel's run (tm_second.run): its own timing launch on n_sms
 * SMs of the configuration, at most ctas_per_sm CTAs each, with no
 * preemption of its own, under a kernel view built for that. */
typedef struct second_ctx {
  api_timing *t;
  const simt_launch *first;
  ptxsim_device *d;
} second_ctx;

static int second_run(void *ctx, uint32_t n_sms, uint32_t ctas_per_sm, uint64_t *cycles)
{
  second_ctx *c = ctx;
  api_timing *t = c->t;
  simt_launch *l = t->second;
  tm_config conf = *t->cfg;
  conf.preempt_second = false;
  conf.preempt_inject = 0;
  conf.n_sms = n_sms;
  if (conf.n_ilp_sms > n_sms)
    conf.n_ilp_sms = n_sms;
  if (ctas_per_sm && (!conf.max_ctas_per_sm || ctas_per_sm < conf.max_ctas_per_sm))
    conf.max_ctas_per_sm = ctas_per_sm;
  ptxsim_preempt_by_result *r = &t->second_res;
  r->ran = 1;
  r->start_cycle = c->first->cycle ? *c->first->cycle : 0;
  r->sms = n_sms;
  r->ctas_per_sm = conf.max_ctas_per_sm;
  *cycles = 0;
  tm_kernel *k = NULL;
  if (tm_kernel_build(l->prog, l->kernel, &conf, &k)) {
    r->status = PTXSIM_E_NOMEM;
    return PTX_ENOMEM;
  }
  tm_result res;
  int rc = tm_run(&conf, k, l, &res);
  tm_kernel_free(k);
  r->status = rc;
  r->cycles = res.cycles;
  r->thread_instructions = l->thread_insns;
  *cycles = res.cycles;
  if (rc && l->message)
    fprintf(stderr, "%s", l->message);
  return 0;
}

int api_timing_run(ptxsim_device *d, simt_launch *l)
{
  api_timing *t = api_timing_of(d);
  tm_config *conf = config_of(t);
  if (!conf)
    return PTXSIM_E_NOMEM;
  if (t->second && !conf->preempt_second) {
    /* A configuration loaded since ptxsim_timing_preempt_by. */
    conf->preempt_second = true;
    drop_kernels(t);
  }
  const tm_kernel *k = kernel_of(t, l);
  if (!k)
    return PTXSIM_E_NOMEM;
  tm_preempt_sink sink;
  report_preempt_sink(*api_report(d), conf->mem.core_mhz, &sink);
  tm_second second, *sp = NULL;
  second_ctx sc = {.t = t, .first = l, .d = d};
  memset(&t->second_res, 0, sizeof t->second_res);
  if (t->second) {
    const simt_launch *l2 = t->second;
    tm_config c2 = *conf;
    c2.preempt_second = false;
    tm_kernel *k2 = NULL;
    if (tm_kernel_build(l2->prog, l2->kernel, &c2, &k2))
      return PTXSIM_E_NOMEM;
    second = (tm_second){.at = t->second_at, .n_sms = t->second_sms,
                         .n_ctas = l2->grid[0] * l2->grid[1] * l2->grid[2],
                         .run = second_run, .ctx = &sc};
    (void)tm_cta_needs(&c2, k2, l2->block[0] * l2->block[1] * l2->block[2], l2->dyn_shared,
                       &second.regs_per_cta, &second.smem_per_cta, &second.ctas_per_sm);
    tm_kernel_free(k2);
    sp = &second;
  }
  int rc = tm_run_second(conf, k, l, sink.on_event ? &sink : NULL, sp, &t->last);
  if (sp) {
    /* Only this launch: the next ones run alone, without stop points. */
    second_free(t);
    conf->preempt_second = false;
    drop_kernels(t);
  }
  t->has_result = true;
  t->tot.cycles += t->last.cycles;
  t->tot.thread_insns += t->last.thread_insns;
  free(t->last_kernel);
  t->last_kernel = strdup(l->kernel->func->name);
  return rc;
}

int ptxsim_timing_occupancy_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                               unsigned threads, size_t dynamic_shared_bytes, int *ctas_per_sm)
{
  if (!d || !kernel || !ctas_per_sm)
    return PTXSIM_E_INVALID;
  api_timing *t = api_timing_of(d);
  if (t->mode != PTXSIM_MODE_TIMING)
    return PTXSIM_E_INVALID;
  const isa_program *p;
  const isa_kernel *ik = api_find_kernel(d, m, kernel, &p);
  if (!ik)
    return PTXSIM_E_NOTFOUND;
  tm_config *conf = config_of(t);
  simt_launch l = {.prog = p, .kernel = ik};
  const tm_kernel *k = conf ? kernel_of(t, &l) : NULL;
  if (!k)
    return PTXSIM_E_NOMEM;
  uint32_t n;
  (void)tm_occupancy(conf, k, threads, dynamic_shared_bytes, &n);
  *ctas_per_sm = n > INT32_MAX ? INT32_MAX : (int)n;
  return PTXSIM_OK;
}

int ptxsim_timing_stats_write(const ptxsim_device *d, FILE *out, int json)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  const api_timing *t = api_timing_of((ptxsim_device *)d);
  if (!t->has_result)
    return PTXSIM_E_INVALID;
  tm_result_print(&t->last, t->cfg, t->last_kernel ? t->last_kernel : "", &t->tot, json != 0,
                  out);
  return PTXSIM_OK;
}

void api_timing_release(api_timing *t)
{
  second_free(t);
  drop_kernels(t);
  free(t->cfg);
  free(t->last_kernel);
  t->cfg = NULL;
  t->last_kernel = NULL;
}
