/* ptxsim_timing.c -- timing mode in the public interface: the device's
 * mode and GPU configuration, running a launch through the timing model
 * (pipeline/tm_gpu.h) and printing its statistics. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "ptxsim.h"
#include "src/ptxsim_api_int.h"

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

int ptxsim_device_set_mode(ptxsim_device *d, ptxsim_mode mode)
{
  if (!d || (mode != PTXSIM_MODE_FUNCTIONAL && mode != PTXSIM_MODE_TIMING))
    return PTXSIM_E_INVALID;
  api_timing *t = api_timing_of(d);
  if (mode == PTXSIM_MODE_TIMING && !config_of(t))
    return PTXSIM_E_NOMEM;
  t->mode = mode;
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

int api_timing_run(ptxsim_device *d, simt_launch *l)
{
  api_timing *t = api_timing_of(d);
  tm_config *conf = config_of(t);
  if (!conf)
    return PTXSIM_E_NOMEM;
  const tm_kernel *k = kernel_of(t, l);
  if (!k)
    return PTXSIM_E_NOMEM;
  int rc = tm_run(conf, k, l, &t->last);
  t->has_result = true;
  t->tot.cycles += t->last.cycles;
  t->tot.thread_insns += t->last.thread_insns;
  free(t->last_kernel);
  t->last_kernel = strdup(l->kernel->func->name);
  return rc;
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
  drop_kernels(t);
  free(t->cfg);
  free(t->last_kernel);
  t->cfg = NULL;
  t->last_kernel = NULL;
}
