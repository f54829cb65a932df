/* report_preempt.c -- the preemption report (`--report preemption`; 004
 * §6 report D): the timing model's preemption events as they complete
 * (pipeline/preempt_ctl.h, tm_preempt_sink), kept per kernel over its
 * launches, and their text and JSON.
 *
 * The per-event numbers are what the event added to the controller's
 * counters (TM_PREEMPT_COUNTERS), so the log sums to the statistics
 * ptxsim_preempt_* of the same launches, and a counter added to the table
 * shows up in the JSON log by itself.  The summary derives from the log:
 * averages per event, the worst latency over the mean (Fig 2.16), the
 * register context normalised to occupancy (Fig 2.6), in cycles and in
 * microseconds at the core clock.
 *
 * JSON, per kernel:
 *   "preemption": {"core_mhz", "events", "lost_events",
 *     "summary": {"tbs_evicted", "tbs_kept", "warps_saved",
 *       "avg_drain_cycles", "avg_spill_cycles", "avg_spill_cycles_regs",
 *       "avg_spill_cycles_smem", "avg_spill_cycles_simt",
 *       "avg_restore_cycles", "avg_latency_cycles", "avg_latency_us",
 *       "max_latency_cycles", "max_latency_us", "worst_avg_ratio",
 *       "bytes_regs", "bytes_smem", "bytes_simt", "segments",
 *       "bytes_occupied", "bytes_live", "bytes_live_cp",
 *       "live_over_occupied", "live_cp_over_occupied"},
 *     "log": [{"launch", "sm", "mode", "cycle", "saved", and per counter
 *       of TM_PREEMPT_COUNTERS but events and latency_max its name without
 *       "ptxsim_preempt_": "drain_cycles", "spill_cycles_regs", ...}]}
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_json.h"
#include "ptxsim.h"
#include "src/report_int.h"

static void on_event(void *ctx, const tm_preempt_event *ev)
{
  report_state *rs = ctx;
  rep_kernel *k = rs->cur;
  if (!k)
    return;
  if (k->n_pevents == k->cap_pevents) {
    size_t cap = k->cap_pevents ? 2 * k->cap_pevents : 64;
    rep_pevent *v = realloc(k->pevents, cap * sizeof *v);
    if (!v) {
      k->pevents_lost++;
      return;
    }
    k->pevents = v;
    k->cap_pevents = cap;
  }
  k->pevents[k->n_pevents++] = (rep_pevent){rs->launch_index, *ev};
}

void report_preempt_sink(report_state *rs, double core_mhz, tm_preempt_sink *out)
{
  *out = (tm_preempt_sink){NULL, NULL};
  if (!rs || !rs->cur || !(rs->flags & PTXSIM_REPORT_PREEMPTION))
    return;
  rs->cur->core_mhz = core_mhz;
  *out = (tm_preempt_sink){on_event, rs};
}

/* The log's totals, and what the summary derives from them. */
typedef struct summary {
  tm_preempt_stats sum;
  uint64_t max_latency;
  double avg_latency;
} summary;

static void summarise(const rep_kernel *k, summary *s)
{
  memset(s, 0, sizeof *s);
  for (size_t i = 0; i < k->n_pevents; i++) {
    const tm_preempt_stats *d = &k->pevents[i].ev.d;
#define X(field, name, doc) s->sum.field += d->field;
    TM_PREEMPT_COUNTERS(X)
#undef X
    if (d->latency_cycles > s->max_latency)
      s->max_latency = d->latency_cycles;
  }
  s->avg_latency = k->n_pevents ? (double)s->sum.latency_cycles / (double)k->n_pevents : 0;
}

static double per_event(const rep_kernel *k, uint64_t v)
{
  return k->n_pevents ? (double)v / (double)k->n_pevents : NAN;
}

static double us(const rep_kernel *k, double cycles)
{
  return k->core_mhz > 0 ? cycles / k->core_mhz : NAN;
}

static double over(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : NAN;
}

static const char *mode_name(uint32_t m)
{
  return m < TM_PREEMPT_MODE_COUNT ? tm_preempt_mode_names[m] : "?";
}

void report_preempt_text(const rep_kernel *k, FILE *out)
{
  fprintf(out, "  preemption: %zu event%s", k->n_pevents, k->n_pevents == 1 ? "" : "s");
  if (k->pevents_lost)
    fprintf(out, " (%" PRIu64 " more not kept: out of memory)", k->pevents_lost);
  if (!k->n_pevents) {
    fputs(" (timing mode with -ptxsim_preempt_inject N only)\n", out);
    return;
  }
  fprintf(out, ", core clock %.1f MHz\n", k->core_mhz);
  fputs("    launch  sm      cycle mode      evict  kept    drain   spill  regs(c)  smem(c) "
        "simt(c)  restore  latency   bytes_regs bytes_smem bytes_simt  segs\n",
        out);
  for (size_t i = 0; i < k->n_pevents; i++) {
    const rep_pevent *e = &k->pevents[i];
    const tm_preempt_stats *d = &e->ev.d;
    fprintf(out,
            "    %6u %3u %10" PRIu64 " %-9s %5" PRIu64 " %5" PRIu64 " %8" PRIu64 " %7" PRIu64
            " %8" PRIu64 " %8" PRIu64 " %7" PRIu64 " %8" PRIu64 " %8" PRIu64 " %12" PRIu64
            " %10" PRIu64 " %10" PRIu64 " %5" PRIu64 "\n",
            e->launch, e->ev.sm, e->ev.cycle, mode_name(e->ev.mode), d->tbs_evicted, d->tbs_kept,
            d->drain_cycles, d->spill_cycles, d->spill_cycles_regs, d->spill_cycles_smem,
            d->spill_cycles_simt, d->restore_cycles, d->latency_cycles, d->bytes_regs,
            d->bytes_smem, d->bytes_simt, d->segments);
  }
  for (size_t i = 0; i < k->n_pevents; i++)
    if (k->pevents[i].ev.second_cycles)
      fprintf(out,
              "    launch %u, SM %u: switched out for a second kernel (preempt-by), which ran %"
              PRIu64 " cycles on it\n",
              k->pevents[i].launch, k->pevents[i].ev.sm, k->pevents[i].ev.second_cycles);
  summary s;
  summarise(k, &s);
  fprintf(out,
          "    per event: drain %.1f, spill %.1f (registers %.1f, shared memory %.1f, SIMT "
          "stacks %.1f), restore %.1f cycles\n",
          per_event(k, s.sum.drain_cycles), per_event(k, s.sum.spill_cycles),
          per_event(k, s.sum.spill_cycles_regs), per_event(k, s.sum.spill_cycles_smem),
          per_event(k, s.sum.spill_cycles_simt), per_event(k, s.sum.restore_cycles));
  fprintf(out,
          "    latency (drain + spill): mean %.1f cycles (%.3f us), worst %" PRIu64
          " cycles (%.3f us), worst/mean %.2f\n",
          s.avg_latency, us(k, s.avg_latency), s.max_latency, us(k, (double)s.max_latency),
          s.avg_latency > 0 ? (double)s.max_latency / s.avg_latency : NAN);
  fprintf(out,
          "    CTAs evicted %" PRIu64 ", kept in place %" PRIu64 ", warps saved %" PRIu64
          "; bytes: registers %" PRIu64 ", shared memory %" PRIu64 ", SIMT stacks %" PRIu64
          ", %" PRIu64 " segments of 128 B\n",
          s.sum.tbs_evicted, s.sum.tbs_kept, s.sum.warps_saved, s.sum.bytes_regs,
          s.sum.bytes_smem, s.sum.bytes_simt, s.sum.segments);
  fprintf(out,
          "    register context of the saved warps: occupied %" PRIu64 " B, live %" PRIu64
          " B (%.3f), live+cp %" PRIu64 " B (%.3f of occupied)\n",
          s.sum.bytes_occupied, s.sum.bytes_live, over(s.sum.bytes_live, s.sum.bytes_occupied),
          s.sum.bytes_live_cp, over(s.sum.bytes_live_cp, s.sum.bytes_occupied));
}

/* A statistic's name without "ptxsim_preempt_". */
static const char *short_name(const char *name)
{
  static const char prefix[] = "ptxsim_preempt_";
  return strncmp(name, prefix, sizeof prefix - 1) ? name : name + sizeof prefix - 1;
}

static void json_num(FILE *out, double v)
{
  if (isfinite(v))
    fprintf(out, "%.6g", v);
  else
    fputs("null", out);
}

void report_preempt_json(const rep_kernel *k, FILE *out)
{
  summary s;
  summarise(k, &s);
  fputs(",\n    \"preemption\": {\"core_mhz\": ", out);
  json_num(out, k->n_pevents ? k->core_mhz : NAN);
  fprintf(out, ", \"events\": %zu, \"lost_events\": %" PRIu64 ",\n      \"summary\": {",
          k->n_pevents, k->pevents_lost);
  fprintf(out, "\"tbs_evicted\": %" PRIu64 ", \"tbs_kept\": %" PRIu64 ", \"warps_saved\": %" PRIu64,
          s.sum.tbs_evicted, s.sum.tbs_kept, s.sum.warps_saved);
  const struct {
    const char *name;
    double v;
  } avg[] = {
      {"avg_drain_cycles", per_event(k, s.sum.drain_cycles)},
      {"avg_spill_cycles", per_event(k, s.sum.spill_cycles)},
      {"avg_spill_cycles_regs", per_event(k, s.sum.spill_cycles_regs)},
      {"avg_spill_cycles_smem", per_event(k, s.sum.spill_cycles_smem)},
      {"avg_spill_cycles_simt", per_event(k, s.sum.spill_cycles_simt)},
      {"avg_restore_cycles", per_event(k, s.sum.restore_cycles)},
      {"avg_latency_cycles", per_event(k, s.sum.latency_cycles)},
      {"avg_latency_us", k->n_pevents ? us(k, s.avg_latency) : NAN},
      {"max_latency_cycles", k->n_pevents ? (double)s.max_latency : NAN},
      {"max_latency_us", k->n_pevents ? us(k, (double)s.max_latency) : NAN},
      {"worst_avg_ratio", s.avg_latency > 0 ? (double)s.max_latency / s.avg_latency : NAN},
  };
  for (size_t i = 0; i < sizeof avg / sizeof avg[0]; i++) {
    fprintf(out, ", \"%s\": ", avg[i].name);
    json_num(out, avg[i].v);
  }
  fprintf(out,
          ", \"bytes_regs\": %" PRIu64 ", \"bytes_smem\": %" PRIu64 ", \"bytes_simt\": %" PRIu64
          ", \"segments\": %" PRIu64 ", \"bytes_occupied\": %" PRIu64 ", \"bytes_live\": %" PRIu64
          ", \"bytes_live_cp\": %" PRIu64 ", \"live_over_occupied\": ",
          s.sum.bytes_regs, s.sum.bytes_smem, s.sum.bytes_simt, s.sum.segments,
          s.sum.bytes_occupied, s.sum.bytes_live, s.sum.bytes_live_cp);
  json_num(out, over(s.sum.bytes_live, s.sum.bytes_occupied));
  fputs(", \"live_cp_over_occupied\": ", out);
  json_num(out, over(s.sum.bytes_live_cp, s.sum.bytes_occupied));
  fputs("},\n      \"log\": [", out);
  for (size_t i = 0; i < k->n_pevents; i++) {
    const rep_pevent *e = &k->pevents[i];
    fprintf(out, "%s{\"launch\": %u, \"sm\": %u, \"mode\": \"%s\", \"cycle\": %" PRIu64
                 ", \"saved\": %" PRIu64,
            i ? ",\n        " : "\n        ", e->launch, e->ev.sm, mode_name(e->ev.mode),
            e->ev.cycle, e->ev.saved);
    if (e->ev.second_cycles) /* preempt-by-second-kernel only */
      fprintf(out, ", \"second_cycles\": %" PRIu64, e->ev.second_cycles);
#define X(field, name, doc)                                                                    \
  if (strcmp(#field, "events") && strcmp(#field, "latency_max"))                               \
    fprintf(out, ", \"%s\": %" PRIu64, short_name(name), e->ev.d.field);
    TM_PREEMPT_COUNTERS(X)
#undef X
    fputs("}", out);
  }
  fputs(k->n_pevents ? "\n      ]}" : "]}", out);
}
