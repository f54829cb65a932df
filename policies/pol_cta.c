/* pol_cta.c -- TB-level CTA resource accounting: rounding a kernel's
 * per-CTA needs with GPGPU-Sim's granularities, the static occupancy
 * calculator with its limiting resources, the occupancy report, and the
 * per-SM free-resource counters the dispatcher updates.
 *
 * The rule is GPGPU-Sim's shader_core_config::max_cta(), as the digests
 * state it (000-warpman.md §2.1, 004-preemption-liveness.md §1.11):
 *   CTAs/SM = min(max_ctas, max_threads / padded threads,
 *                 n_regs / (padded threads x round4(regs per thread)),
 *                 smem / smem per CTA)
 * with the shared-memory bound absent (unlimited) for kernels without
 * shared memory.
 */
#include "config.h"

#include "policies/pol_cta.h"

#include <assert.h>
#include <string.h>

#include "frontend/ptx_diag.h"

static const char *const resource_names[POL_CTA_RES_COUNT] = {
#define X(id, text) [POL_CTA_RES_##id] = text,
  POL_CTA_RESOURCES(X)
#undef X
};

static uint64_t round_up(uint64_t x, uint32_t g)
{
  return g > 1 ? (x + g - 1) / g * g : x;
}

int pol_cta_needs_of(const pol_cta_limits *l, const pol_cta_kernel *k, pol_cta_needs *out,
                     char *err, size_t errlen)
{
  if (k->threads == 0) {
    snprintf(err, errlen, "a CTA of 0 threads");
    return PTX_EINVAL;
  }
  if (l->warp_size == 0) {
    snprintf(err, errlen, "warp size 0");
    return PTX_EINVAL;
  }
  if (l->max_regs_per_thread && k->regs_per_thread > l->max_regs_per_thread) {
    snprintf(err, errlen, "%u registers per thread (at most %u)", k->regs_per_thread,
             l->max_regs_per_thread);
    return PTX_EINVAL;
  }
  uint64_t threads = round_up(k->threads, l->thread_granularity);
  uint64_t regs = threads * round_up(k->regs_per_thread, l->reg_granularity);
  uint64_t smem = round_up(k->smem_bytes, l->smem_granularity);
  if (threads > UINT32_MAX || regs > UINT32_MAX || smem > UINT32_MAX) {
    snprintf(err, errlen, "CTA needs out of range (%u threads)", k->threads);
    return PTX_EINVAL;
  }
  if (l->max_regs_per_cta && regs > l->max_regs_per_cta) {
    snprintf(err, errlen, "%llu registers per CTA (at most %u)", (unsigned long long)regs,
             l->max_regs_per_cta);
    return PTX_EINVAL;
  }
  if (l->max_smem_per_cta && smem > l->max_smem_per_cta) {
    snprintf(err, errlen, "%llu bytes of shared memory per CTA (at most %u)",
             (unsigned long long)smem, l->max_smem_per_cta);
    return PTX_EINVAL;
  }
  out->threads = (uint32_t)threads;
  out->warps = (uint32_t)((k->threads + l->warp_size - 1) / l->warp_size);
  out->regs = (uint32_t)regs;
  out->smem = (uint32_t)smem;
  return 0;
}

int pol_cta_occupancy(const pol_cta_limits *l, const pol_cta_kernel *k, pol_occupancy *out,
                      char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  int rc = pol_cta_needs_of(l, k, &out->per_cta, err, errlen);
  if (rc != 0)
    return rc;
  const pol_cta_needs *n = &out->per_cta;
  out->bound[POL_CTA_RES_THREADS] = l->max_threads / n->threads;
  out->bound[POL_CTA_RES_CTAS] = l->max_ctas;
  out->bound[POL_CTA_RES_REGS] = n->regs ? l->n_regs / n->regs : UINT32_MAX;
  out->bound[POL_CTA_RES_SMEM] = n->smem ? l->smem_bytes / n->smem : UINT32_MAX;
  uint32_t best = UINT32_MAX;
  for (unsigned r = 0; r < POL_CTA_RES_COUNT; r++)
    if (out->bound[r] < best)
      best = out->bound[r];
  out->ctas_per_sm = best;
  for (unsigned r = 0; r < POL_CTA_RES_COUNT; r++)
    if (out->bound[r] == best)
      out->limit_mask |= 1u << r;
  out->threads_used = best * n->threads;
  out->warps_used = best * n->warps;
  out->regs_used = best * n->regs;
  out->smem_used = best * n->smem;
  return 0;
}

void pol_cta_limit_names(uint32_t mask, char *buf, size_t size)
{
  size_t k = 0;
  if (size == 0)
    return;
  buf[0] = '\0';
  for (unsigned r = 0; r < POL_CTA_RES_COUNT; r++) {
    if (!(mask & (1u << r)))
      continue;
    int w = snprintf(buf + k, size - k, "%s%s", k ? ", " : "", resource_names[r]);
    if (w < 0 || (size_t)w >= size - k)
      return;
    k += (size_t)w;
  }
  if (k == 0)
    snprintf(buf, size, "none");
}

static void usage_line(FILE *out, const char *what, uint32_t used, uint32_t avail, uint32_t n,
                       uint32_t per, const char *unit)
{
  double pct = avail ? 100.0 * used / avail : 0.0;
  fprintf(out, "  %-14s %u / %u%s%s (%.1f%%): %u x %u\n", what, used, avail, *unit ? " " : "",
          unit, pct, n, per);
}

void pol_occupancy_print(const pol_occupancy *o, const pol_cta_limits *l, FILE *out)
{
  char names[96];
  pol_cta_limit_names(o->limit_mask, names, sizeof names);
  fprintf(out, "CTAs per SM: %u (limited by %s)\n", o->ctas_per_sm, names);
  fprintf(out, "  bounds: threads %u, CTA slots %u, registers ", o->bound[POL_CTA_RES_THREADS],
          o->bound[POL_CTA_RES_CTAS]);
  if (o->bound[POL_CTA_RES_REGS] == UINT32_MAX)
    fputs("-", out);
  else
    fprintf(out, "%u", o->bound[POL_CTA_RES_REGS]);
  fputs(", shared memory ", out);
  if (o->bound[POL_CTA_RES_SMEM] == UINT32_MAX)
    fputs("-\n", out);
  else
    fprintf(out, "%u\n", o->bound[POL_CTA_RES_SMEM]);
  uint32_t n = o->ctas_per_sm;
  const uint32_t max_warps = l->warp_size ? l->max_threads / l->warp_size : 0;
  usage_line(out, "threads", o->threads_used, l->max_threads, n, o->per_cta.threads, "");
  usage_line(out, "warps", o->warps_used, max_warps, n, o->per_cta.warps, "");
  usage_line(out, "CTA slots", n, l->max_ctas, n, 1, "");
  usage_line(out, "registers", o->regs_used, l->n_regs, n, o->per_cta.regs, "");
  usage_line(out, "shared memory", o->smem_used, l->smem_bytes, n, o->per_cta.smem, "bytes");
}

void pol_cta_sm_init(pol_cta_sm *s, const pol_cta_limits *l)
{
  s->lim = *l;
  s->free_threads = l->max_threads;
  s->free_ctas = l->max_ctas;
  s->free_regs = l->n_regs;
  s->free_smem = l->smem_bytes;
}

bool pol_cta_can_place(const pol_cta_sm *s, const pol_cta_needs *n)
{
  return s->free_ctas >= 1 && s->free_threads >= n->threads && s->free_regs >= n->regs &&
         s->free_smem >= n->smem;
}

void pol_cta_place(pol_cta_sm *s, const pol_cta_needs *n)
{
  assert(pol_cta_can_place(s, n));
  s->free_ctas--;
  s->free_threads -= n->threads;
  s->free_regs -= n->regs;
  s->free_smem -= n->smem;
}

void pol_cta_release(pol_cta_sm *s, const pol_cta_needs *n)
{
  s->free_ctas++;
  s->free_threads += n->threads;
  s->free_regs += n->regs;
  s->free_smem += n->smem;
  assert(s->free_ctas <= s->lim.max_ctas && s->free_threads <= s->lim.max_threads &&
         s->free_regs <= s->lim.n_regs && s->free_smem <= s->lim.smem_bytes);
}

bool pol_cta_sm_is_empty(const pol_cta_sm *s)
{
  return s->free_ctas == s->lim.max_ctas;
}
