/* cudart_stats.c -- simulation statistics of a program run under the
 * runtime: collected per launch, reported once at exit.
 *
 * Where they go is the environment's choice (ptxsim exec sets it):
 *   PTXSIM_STATS=none        nothing;
 *   PTXSIM_STATS_FILE=FILE   JSON in FILE:
 *     {"launches": [{"kernel": ..., "grid": [x, y, z], "block": [x, y, z],
 *                    "shared_bytes": ..., "ctas": ..., "warps": ...,
 *                    "threads": ..., "thread_instructions": ...,
 *                    "warp_instructions": ..., "simd_efficiency": ...,
 *                    "wall_seconds": ...[, "cycles": ..., "ipc": ...]
 *                    [, "error": "cudaError..."]}, ...],
 *      "totals": {"launches": ..., "thread_instructions": ...,
 *                 "warp_instructions": ..., "simd_efficiency": ...,
 *                 "wall_seconds": ...[, "cycles": ..., "ipc": ...]
 *                 [, "launches_not_listed": ...]}}
 *   (cycles and ipc in timing mode: ptxsim exec --mode timing)
 *   otherwise                a summary on stderr, one line per kernel.
 * Never on stdout, which is the program's.  The first RT_MAX_RECORDS
 * launches are listed one by one; later ones only count in the totals, so a
 * program that launches millions of kernels does not grow without bound.
 */
#include "config.h"

#include <errno.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_json.h"
#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

#define RT_MAX_RECORDS 100000

void rt_stats_add(rt_state *st, const char *kernel, dim3 grid, dim3 block, size_t shared_bytes,
                  const ptxsim_stats *s, cudaError_t result)
{
  rt_stats *t = &st->stats;
  t->total_launches++;
  t->total_thread_insns += s->thread_instructions;
  t->total_warp_insns += s->warp_instructions;
  t->total_wall_seconds += s->wall_seconds;
  t->total_cycles += s->cycles;
  if (t->n_launches == t->cap_launches) {
    size_t cap = t->cap_launches ? 2 * t->cap_launches : 64;
    if (cap > RT_MAX_RECORDS)
      cap = RT_MAX_RECORDS;
    rt_launch_record *r =
      cap > t->cap_launches ? realloc(t->launches, cap * sizeof *r) : NULL;
    if (!r) {
      t->n_omitted++;
      return;
    }
    t->launches = r;
    t->cap_launches = cap;
  }
  t->launches[t->n_launches++] = (rt_launch_record){
    .kernel = kernel,
    .grid = grid,
    .block = block,
    .shared_bytes = shared_bytes,
    .ctas = s->ctas,
    .warps = s->warps,
    .threads = s->threads,
    .thread_insns = s->thread_instructions,
    .warp_insns = s->warp_instructions,
    .simd_efficiency = s->simd_efficiency,
    .wall_seconds = s->wall_seconds,
    .cycles = s->cycles,
    .result = result,
  };
}

void rt_stats_free(rt_stats *s)
{
  free(s->launches);
  memset(s, 0, sizeof *s);
}

static double efficiency(uint64_t thread_insns, uint64_t warp_insns)
{
  return warp_insns ? (double)thread_insns / (32.0 * (double)warp_insns) : 0.0;
}

static void write_json(const rt_stats *t, FILE *out)
{
  fputs("{\n  \"launches\": [", out);
  for (size_t i = 0; i < t->n_launches; i++) {
    const rt_launch_record *r = &t->launches[i];
    fputs(i ? ",\n    {\"kernel\": " : "\n    {\"kernel\": ", out);
    ptx_json_string(out, r->kernel);
    fprintf(out,
            ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"shared_bytes\": %zu, "
            "\"ctas\": %" PRIu64 ", \"warps\": %" PRIu64 ", \"threads\": %" PRIu64 ", "
            "\"thread_instructions\": %" PRIu64 ", \"warp_instructions\": %" PRIu64 ", "
            "\"simd_efficiency\": %.6f, \"wall_seconds\": %.9f",
            r->grid.x, r->grid.y, r->grid.z, r->block.x, r->block.y, r->block.z,
            r->shared_bytes, r->ctas, r->warps, r->threads, r->thread_insns, r->warp_insns,
            r->simd_efficiency, r->wall_seconds);
    if (r->cycles)
      fprintf(out, ", \"cycles\": %" PRIu64 ", \"ipc\": %.4f", r->cycles,
              (double)r->thread_insns / (double)r->cycles);
    if (r->result != cudaSuccess)
      fprintf(out, ", \"error\": \"%s\"", cudaGetErrorName(r->result));
    fputc('}', out);
  }
  fprintf(out,
          "%s],\n  \"totals\": {\"launches\": %" PRIu64 ", \"thread_instructions\": %" PRIu64
          ", \"warp_instructions\": %" PRIu64 ", \"simd_efficiency\": %.6f, "
          "\"wall_seconds\": %.9f",
          t->n_launches ? "\n  " : "", t->total_launches, t->total_thread_insns,
          t->total_warp_insns, efficiency(t->total_thread_insns, t->total_warp_insns),
          t->total_wall_seconds);
  if (t->total_cycles)
    fprintf(out, ", \"cycles\": %" PRIu64 ", \"ipc\": %.4f", t->total_cycles,
            (double)t->total_thread_insns / (double)t->total_cycles);
  if (t->n_omitted)
    fprintf(out, ", \"launches_not_listed\": %" PRIu64, t->n_omitted);
  fputs("}\n}\n", out);
}

/* Per-kernel sums for the summary, in order of first launch. */
typedef struct kernel_sum {
  const char *kernel;
  uint64_t launches, thread_insns, warp_insns;
  double wall_seconds;
} kernel_sum;

static void write_summary(const rt_stats *t, FILE *out)
{
  fprintf(out,
          "ptxsim: %" PRIu64 " kernel launch%s, %" PRIu64 " thread instructions, %" PRIu64
          " warp instructions, SIMD efficiency %.1f%%, %.3f s\n",
          t->total_launches, t->total_launches == 1 ? "" : "es", t->total_thread_insns,
          t->total_warp_insns, 100.0 * efficiency(t->total_thread_insns, t->total_warp_insns),
          t->total_wall_seconds);
  if (t->total_cycles)
    fprintf(out, "ptxsim: timing mode: %" PRIu64 " cycles, IPC %.2f\n", t->total_cycles,
            (double)t->total_thread_insns / (double)t->total_cycles);
  kernel_sum *sums = calloc(t->n_launches ? t->n_launches : 1, sizeof *sums);
  if (!sums)
    return;
  size_t n = 0;
  for (size_t i = 0; i < t->n_launches; i++) {
    const rt_launch_record *r = &t->launches[i];
    size_t j = 0;
    while (j < n && sums[j].kernel != r->kernel)
      j++;
    if (j == n)
      sums[n++].kernel = r->kernel;
    sums[j].launches++;
    sums[j].thread_insns += r->thread_insns;
    sums[j].warp_insns += r->warp_insns;
    sums[j].wall_seconds += r->wall_seconds;
  }
  if (n > 1 || t->n_omitted)
    for (size_t j = 0; j < n; j++)
      fprintf(out,
              "ptxsim:   %s: %" PRIu64 " launch%s, %" PRIu64 " thread instructions, SIMD "
              "efficiency %.1f%%, %.3f s\n",
              sums[j].kernel, sums[j].launches, sums[j].launches == 1 ? "" : "es",
              sums[j].thread_insns, 100.0 * efficiency(sums[j].thread_insns, sums[j].warp_insns),
              sums[j].wall_seconds);
  if (t->n_omitted)
    fprintf(out, "ptxsim:   (%" PRIu64 " later launches are counted in the totals only)\n",
            t->n_omitted);
  free(sums);
}

void rt_stats_report(rt_state *st)
{
  const char *mode = getenv("PTXSIM_STATS");
  if (mode && strcmp(mode, "none") == 0)
    return;
  const char *path = getenv("PTXSIM_STATS_FILE");
  if (path && *path) {
    FILE *f = fopen(path, "w");
    if (!f) {
      rt_message("warning: cannot write the statistics to %s: %s", path, strerror(errno));
      return;
    }
    write_json(&st->stats, f);
    (void)rt_close_output(f, path, "the statistics", 0);
    return;
  }
  if (st->stats.total_launches == 0)
    return; /* a program that ran no kernel gets no summary */
  fflush(stdout);
  write_summary(&st->stats, stderr);
}
