/* report_write.c -- prints the run-time reports that report_observe.c
 * collected, as text for people or as one JSON document for programs.
 *
 * Text (README, "Divergence and liveness reports") shows per kernel the
 * branch table, the lane and stack-depth histograms, the warp-level
 * summary with the first few CTAs, and the preemption points.  JSON has
 * every number the text has and lists every CTA kept (report_int.h:
 * REP_MAX_LISTED_WARPS):
 *
 *   {"reports": [{"kernel", "file", "launches", "failed_launches", "grid",
 *     "block", "time_unit",
 *     "divergence": {"warp_instructions", "thread_instructions",
 *       "simd_efficiency", "lanes_histogram" [33], "depth_histogram",
 *       "max_depth", "reconv_checks", "reconv_violations",
 *       "uniform_divergent", "untracked",
 *       "branches": [{"function", "pc", "line", "source_file",
 *         "source_line", "reconv_pc", "reconv_line", "can_diverge",
 *         "executions", "divergent", "divergent_pct", "taken_threads",
 *         "not_taken_threads", "avg_active_lanes", "max_depth",
 *         "reconv_checks", "reconv_violations"}],
 *       "warps": {"ctas", "rtru_geomean", "rtru_geomean_ctas",
 *         "rtru_zero_ctas", "rtru_mean", "skew_min", "skew_mean",
 *         "skew_max", "ctas_not_listed",
 *         "cta_list": [{"launch", "cta", "finish", "skew", "rtru"}]}},
 *     "liveness": {"registers", "registers_source", "preemption_points",
 *       "hits", "avg_live_slots", "avg_union_slots", "avg_live_fraction",
 *       "avg_union_fraction",
 *       "points": [{"function", "pc", "line", "loop_line", "is_barrier",
 *         "live_slots", "union_slots", "hits"}]},
 *     "preemption": {...} (report_preempt.c)}]}
 *
 * A kernel's "divergence" or "liveness" member is there when that report
 * was asked for.  Numbers that do not exist (no CTA with RTRU > 0, a
 * branch without .loc) are null.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "frontend/ptx_ir.h"
#include "frontend/ptx_json.h"
#include "ptxsim.h"
#include "src/report_int.h"

enum { TEXT_MAX_CTAS = 8 };

/* ---- shared ------------------------------------------------------------- */

static uint32_t line_of(const isa_func *f, uint32_t pc)
{
  return pc < f->n_insns ? f->insns[pc].ir->loc.line : 0;
}

/* The CUDA source position of an instruction from .loc (file NULL when
 * it has none). */
static void source_of(const isa_program *p, const isa_func *f, uint32_t pc, const char **file,
                      uint32_t *line)
{
  *file = NULL;
  *line = 0;
  const ptx_module *m = p->ir;
  uint32_t dbg = pc < f->n_insns ? f->insns[pc].ir->dbg : 0;
  if (!dbg || dbg >= m->n_dbg_locs || !m->dbg_locs[dbg].line)
    return;
  const ptx_file_entry *fe = ptx_module_file(m, m->dbg_locs[dbg].file);
  *file = fe && fe->path ? fe->path : "?";
  *line = m->dbg_locs[dbg].line;
}

static const char *base_name(const char *path)
{
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static double pct(uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

static const char *module_path(const rep_kernel *k)
{
  return k->prog->ir->path ? k->prog->ir->path : "<ptx>";
}

/* The geometric mean of RTRU over CTAs with RTRU > 0 (NAN: none). */
static double rtru_geomean(const rep_kernel *k)
{
  uint64_t n = k->n_ctas - k->n_ctas_zero;
  return n ? exp(k->log_rtru_sum / (double)n) : NAN;
}

/* ---- text --------------------------------------------------------------- */

static void text_branches(const rep_kernel *k, FILE *out)
{
  uint32_t n_can = 0, n_div = 0;
  for (uint32_t i = 0; i < k->n_branches; i++) {
    n_can += k->branches[i].can_diverge;
    n_div += k->branches[i].n_divergent > 0;
  }
  fprintf(out, "  conditional branches: %u (%u can diverge, %u diverged)\n", k->n_branches,
          n_can, n_div);
  if (!k->n_branches)
    return;
  fprintf(out, "    %6s  %-20s %6s %-7s %9s %16s %10s %10s %6s %5s\n", "line", "source", "reconv",
          "uniform", "execs", "divergent", "taken", "not taken", "lanes", "depth");
  for (uint32_t i = 0; i < k->n_branches; i++) {
    const rep_branch *b = &k->branches[i];
    const char *file;
    uint32_t sline;
    char src[64], rc[16], div[32];
    source_of(k->prog, b->func, b->pc, &file, &sline);
    if (file)
      snprintf(src, sizeof src, "%.48s:%u", base_name(file), sline);
    else
      snprintf(src, sizeof src, "-");
    if (b->reconv == AN_NONE)
      snprintf(rc, sizeof rc, "exit");
    else
      snprintf(rc, sizeof rc, "%u", line_of(b->func, b->reconv));
    snprintf(div, sizeof div, "%" PRIu64 " (%.1f%%)", b->n_divergent,
             pct(b->n_divergent, b->n_exec));
    fprintf(out, "    %6u  %-20s %6s %-7s %9" PRIu64 " %16s %10" PRIu64 " %10" PRIu64
                 " %6.1f %5u%s%s\n",
            line_of(b->func, b->pc), src, rc, b->can_diverge ? "no" : "yes", b->n_exec, div,
            b->taken_threads, b->not_taken_threads, ratio(b->active_lanes, b->n_exec),
            b->max_depth, b->func != k->kernel->func ? "  in " : "",
            b->func != k->kernel->func ? b->func->name : "");
  }
}

static void text_histograms(const rep_kernel *k, FILE *out)
{
  fputs("  active lanes per warp instruction (popcount of the exec mask; empty bins left out):\n",
        out);
  unsigned col = 0;
  for (int w = 0; w <= SIMT_WARP_SIZE; w++) {
    if (!k->lanes_hist[w])
      continue;
    fprintf(out, "%s W%-2d %10" PRIu64 " %5.1f%%", col % 4 ? "  " : "    ", w, k->lanes_hist[w],
            pct(k->lanes_hist[w], k->warp_insns));
    if (++col % 4 == 0)
      fputc('\n', out);
  }
  if (col % 4)
    fputc('\n', out);
  fputs("  reconvergence stack depth at issue:\n", out);
  col = 0;
  for (int d = 0; d < REP_DEPTH_BINS; d++) {
    if (!k->depth_hist[d])
      continue;
    fprintf(out, "%s %2d%s %10" PRIu64 " %5.1f%%", col % 4 ? "  " : "    ", d,
            d == REP_DEPTH_BINS - 1 ? "+" : ":", k->depth_hist[d],
            pct(k->depth_hist[d], k->warp_insns));
    if (++col % 4 == 0)
      fputc('\n', out);
  }
  if (col % 4)
    fputc('\n', out);
}

static void text_warps(const rep_kernel *k, FILE *out)
{
  fprintf(out,
          "  warps per CTA (000-warpman RTRU; a warp's finish is the time of its last "
          "instruction since its CTA began):\n");
  if (!k->n_ctas) {
    fputs("    no CTA finished\n", out);
    return;
  }
  uint64_t n_pos = k->n_ctas - k->n_ctas_zero;
  fprintf(out, "    %" PRIu64 " CTA%s: RTRU geometric mean ", k->n_ctas, k->n_ctas == 1 ? "" : "s");
  if (n_pos)
    fprintf(out, "%.2f%% over the %" PRIu64 " with RTRU > 0", 100.0 * rtru_geomean(k), n_pos);
  else
    fputs("undefined (every CTA has RTRU 0)", out);
  fprintf(out, " (%" PRIu64 " with RTRU 0 left out), arithmetic mean %.2f%% over all\n",
          k->n_ctas_zero, 100.0 * k->rtru_sum / (double)k->n_ctas);
  fprintf(out, "    skew (last minus first warp finish): min %" PRIu64 ", mean %.1f, max %" PRIu64
               "\n",
          k->skew_min, (double)k->skew_sum / (double)k->n_ctas, k->skew_max);
  size_t shown = k->n_listed < TEXT_MAX_CTAS ? k->n_listed : TEXT_MAX_CTAS;
  for (size_t i = 0; i < shown; i++) {
    const rep_cta_out *c = &k->listed[i];
    fprintf(out, "    cta (%u,%u,%u)", c->ctaid[0], c->ctaid[1], c->ctaid[2]);
    if (k->n_launches > 1)
      fprintf(out, " of launch %u", c->launch);
    fprintf(out, ": skew %" PRIu64 ", RTRU %.2f%%, warp finish", c->skew, 100.0 * c->rtru);
    for (uint32_t w = 0; w < c->n_warps; w++)
      fprintf(out, " %" PRIu64, k->finish[c->first + w]);
    fputc('\n', out);
  }
  if (k->n_ctas > shown)
    fprintf(out, "    ... %" PRIu64 " more CTA%s (the JSON report lists them)\n",
            k->n_ctas - shown, k->n_ctas - shown == 1 ? "" : "s");
}

static void text_divergence(const rep_kernel *k, FILE *out)
{
  fprintf(out, "divergence report: kernel %s (%s)\n", k->kernel->func->name, module_path(k));
  fprintf(out, "  %u launch%s", k->n_launches, k->n_launches == 1 ? "" : "es");
  if (k->n_failed)
    fprintf(out, " (%u failed, counted up to the failure)", k->n_failed);
  fprintf(out, ", first with grid (%u,%u,%u), block (%u,%u,%u); times in %s\n", k->grid[0],
          k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2], k->time_unit);
  fprintf(out,
          "  warp instructions %" PRIu64 ", thread instructions %" PRIu64
          ", SIMD efficiency %.1f%%\n",
          k->warp_insns, k->thread_insns, pct(k->thread_insns, 32 * k->warp_insns));
  text_branches(k, out);
  uint64_t uniform_div = 0;
  for (uint32_t i = 0; i < k->n_branches; i++)
    if (!k->branches[i].can_diverge)
      uniform_div += k->branches[i].n_divergent;
  fprintf(out,
          "  reconvergence: %" PRIu64 " divergence%s checked at the reconvergence point, %" PRIu64
          " violation%s; %" PRIu64 " divergent execution%s of uniform branches\n",
          k->n_reconv_checks, k->n_reconv_checks == 1 ? "" : "s", k->n_reconv_violations,
          k->n_reconv_violations == 1 ? "" : "s", uniform_div, uniform_div == 1 ? "" : "s");
  text_histograms(k, out);
  text_warps(k, out);
}

/* ---- report C (004 §6): one list of statistics for text and JSON ------------- */

typedef struct ctx_stat {
  const char *name;
  bool is_count;    /* a count (printed whole) or a ratio (NAN: undefined) */
  uint64_t count;
  double value;
} ctx_stat;

enum { CTX_STATS_MAX = 40 };

static double ctx_frac(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : NAN;
}

/* Fills st with the kernel's report-C statistics; returns how many. */
static uint32_t ctx_stats(const rep_kernel *k, ctx_stat *st)
{
  const rep_ctx *c = &k->ctx;
  uint32_t n = 0;
#define COUNT(nm, v) st[n++] = (ctx_stat){nm, true, (v), 0}
#define RATIO(nm, v) st[n++] = (ctx_stat){nm, false, 0, (v)}
  COUNT("ptxsim_pp_hits", c->samples);
  COUNT("ptxsim_pp_interval", k->pp_interval);
  COUNT("ptxsim_pp_pag", k->pag);
  COUNT("ptxsim_pp_diverged_hits", c->diverged);
  COUNT("ptxsim_pp_alloc_regs", k->est_regs);
  RATIO("ptxsim_pp_avg_live_regs", ctx_frac(c->live_slots, c->samples));
  RATIO("ptxsim_pp_live_fraction", ctx_frac(c->live_slots, c->samples * k->est_regs));
  static const char *const pat[CTX_PAT_COUNT][2] = {
    {NULL, NULL},
    {"ptxsim_ctx_uniform_frac", "ptxsim_ctx_uniform_frac_vec"},
    {"ptxsim_ctx_strided_frac", "ptxsim_ctx_strided_frac_vec"},
    {"ptxsim_ctx_random_frac", "ptxsim_ctx_random_frac_vec"}};
  for (uint32_t p = CTX_PAT_UNIFORM; p < CTX_PAT_COUNT; p++)
    RATIO(pat[p][0], ctx_frac(c->pat[p], c->live_slots));
  for (uint32_t p = CTX_PAT_UNIFORM; p < CTX_PAT_COUNT; p++)
    RATIO(pat[p][1], ctx_frac(c->pat_vec[p], c->live_slots));
  COUNT("ptxsim_ctx_bytes_occupied", c->bytes_occupied);
  COUNT("ptxsim_ctx_bytes_live", c->bytes_live);
  COUNT("ptxsim_ctx_bytes_live_cp", c->bytes_live_cp);
  COUNT("ptxsim_ctx_bytes_live_cp_vec", c->bytes_live_cp_vec);
  RATIO("ptxsim_ctx_live_norm", ctx_frac(c->bytes_live, c->bytes_occupied));
  RATIO("ptxsim_ctx_live_cp_norm", ctx_frac(c->bytes_live_cp, c->bytes_occupied));
  COUNT("ptxsim_pp_tb_hits", c->tb_samples);
  static const char *const cls[CTX_TB_CLASS_COUNT] = {
    NULL, "ptxsim_ctx_tb_global_uniform_frac", "ptxsim_ctx_tb_local_uniform_frac",
    "ptxsim_ctx_tb_global_strided_frac", "ptxsim_ctx_tb_local_strided_frac",
    "ptxsim_ctx_tb_random_frac"};
  for (uint32_t i = CTX_TB_GLOBAL_UNIFORM; i < CTX_TB_CLASS_COUNT; i++)
    RATIO(cls[i], ctx_frac(c->tb_cls[i], c->tb_slots));
  COUNT("ptxsim_ctx_tb_bytes_live", c->tb_bytes_live);
  COUNT("ptxsim_ctx_tb_bytes_live_cp", c->tb_bytes_live_cp);
  COUNT("ptxsim_ctx_tb_bytes_live_tb_cp", c->tb_bytes_tb_cp);
#undef COUNT
#undef RATIO
  return n;
}

static void text_ctx(const rep_kernel *k, FILE *out)
{
  ctx_stat st[CTX_STATS_MAX];
  uint32_t n = ctx_stats(k, st);
  fputs("  context at the points (004 report C; bytes summed over hits, metadata included):\n",
        out);
  for (uint32_t i = 0; i < n; i++) {
    fprintf(out, "    %-34s ", st[i].name);
    if (st[i].is_count)
      fprintf(out, "%" PRIu64 "\n", st[i].count);
    else if (isnan(st[i].value))
      fputs("-\n", out);
    else
      fprintf(out, "%.4f\n", st[i].value);
  }
}

static void text_liveness(const rep_kernel *k, FILE *out)
{
  fprintf(out, "liveness report: kernel %s (%s)\n", k->kernel->func->name, module_path(k));
  fprintf(out, "  registers allocated: %u per thread (linear-scan estimate of the kernel)\n",
          k->est_regs);
  fprintf(out, "  preemption points: %u, reached %" PRIu64 " time%s by warps", k->n_pps,
          k->pp_hits, k->pp_hits == 1 ? "" : "s");
  if (k->pp_hits) {
    double live = ratio(k->pp_live_sum, k->pp_hits), uni = ratio(k->pp_union_sum, k->pp_hits);
    fprintf(out, "; average live %.1f slots", live);
    if (k->est_regs)
      fprintf(out, " (%.1f%% of %u)", 100.0 * live / k->est_regs, k->est_regs);
    fprintf(out, ", divergence-aware union %.1f", uni);
    if (k->est_regs)
      fprintf(out, " (%.1f%%)", 100.0 * uni / k->est_regs);
  }
  fputc('\n', out);
  if (!k->n_pps) {
    text_ctx(k, out);
    return;
  }
  fprintf(out, "    %6s  %-6s %8s %6s %6s %12s\n", "line", "kind", "loop at", "live", "union",
          "hits");
  for (uint32_t i = 0; i < k->n_pps; i++) {
    const rep_pp *p = &k->pps[i];
    char loop[16];
    if (p->loop_line)
      snprintf(loop, sizeof loop, "%u", p->loop_line);
    else
      snprintf(loop, sizeof loop, "-");
    fprintf(out, "    %6u  %-6s %8s %6u %6u %12" PRIu64 "%s%s\n", line_of(p->func, p->pc),
            p->is_wait_point ? "wait" : p->is_barrier ? "bar.pp" : "pp", loop, p->live_slots,
            p->union_slots, p->hits,
            p->func != k->kernel->func ? "  in " : "",
            p->func != k->kernel->func ? p->func->name : "");
  }
  text_ctx(k, out);
}

int report_write_text(const report_state *rs, FILE *out)
{
  if (!rs->n_kernels)
    fputs("ptxsim: no kernel was launched with reports on\n", out);
  for (uint32_t i = 0; i < rs->n_kernels; i++) {
    if (rs->flags & PTXSIM_REPORT_DIVERGENCE)
      text_divergence(rs->kernels[i], out);
    if (rs->flags & PTXSIM_REPORT_LIVENESS)
      text_liveness(rs->kernels[i], out);
    if (rs->flags & PTXSIM_REPORT_PREEMPTION) {
      const rep_kernel *k = rs->kernels[i];
      fprintf(out, "preemption report: kernel %s (%s), %u launch%s\n", k->kernel->func->name,
              module_path(k), k->n_launches, k->n_launches == 1 ? "" : "es");
      report_preempt_text(k, out);
    }
  }
  return fflush(out) || ferror(out) ? PTX_EIO : 0;
}

/* ---- JSON --------------------------------------------------------------- */

static void json_double(FILE *out, double v)
{
  if (isfinite(v))
    fprintf(out, "%.6f", v);
  else
    fputs("null", out);
}

static void json_u64s(FILE *out, const uint64_t *v, size_t n)
{
  fputc('[', out);
  for (size_t i = 0; i < n; i++)
    fprintf(out, "%s%" PRIu64, i ? ", " : "", v[i]);
  fputc(']', out);
}

static void json_branch(const rep_kernel *k, const rep_branch *b, FILE *out)
{
  const char *file;
  uint32_t sline;
  source_of(k->prog, b->func, b->pc, &file, &sline);
  fputs("{\"function\": ", out);
  ptx_json_string(out, b->func->name);
  fprintf(out, ", \"pc\": %u, \"line\": %u, \"source_file\": ", b->pc, line_of(b->func, b->pc));
  if (file) {
    ptx_json_string(out, file);
    fprintf(out, ", \"source_line\": %u", sline);
  } else {
    fputs("null, \"source_line\": null", out);
  }
  if (b->reconv == AN_NONE)
    fputs(", \"reconv_pc\": null, \"reconv_line\": null", out);
  else
    fprintf(out, ", \"reconv_pc\": %u, \"reconv_line\": %u", b->reconv,
            line_of(b->func, b->reconv));
  fprintf(out,
          ", \"can_diverge\": %s, \"executions\": %" PRIu64 ", \"divergent\": %" PRIu64
          ", \"divergent_pct\": ",
          b->can_diverge ? "true" : "false", b->n_exec, b->n_divergent);
  json_double(out, pct(b->n_divergent, b->n_exec));
  fprintf(out, ", \"taken_threads\": %" PRIu64 ", \"not_taken_threads\": %" PRIu64
               ", \"avg_active_lanes\": ",
          b->taken_threads, b->not_taken_threads);
  json_double(out, ratio(b->active_lanes, b->n_exec));
  fprintf(out, ", \"max_depth\": %u, \"reconv_checks\": %" PRIu64
               ", \"reconv_violations\": %" PRIu64 "}",
          b->max_depth, b->n_reconv_checks, b->n_reconv_violations);
}

static void json_warps(const rep_kernel *k, FILE *out)
{
  fprintf(out, "      \"warps\": {\"ctas\": %" PRIu64 ", \"rtru_geomean\": ", k->n_ctas);
  json_double(out, rtru_geomean(k));
  fprintf(out, ", \"rtru_geomean_ctas\": %" PRIu64 ", \"rtru_zero_ctas\": %" PRIu64
               ", \"rtru_mean\": ",
          k->n_ctas - k->n_ctas_zero, k->n_ctas_zero);
  json_double(out, k->n_ctas ? k->rtru_sum / (double)k->n_ctas : NAN);
  if (k->n_ctas)
    fprintf(out, ", \"skew_min\": %" PRIu64 ", \"skew_mean\": %.6f, \"skew_max\": %" PRIu64,
            k->skew_min, (double)k->skew_sum / (double)k->n_ctas, k->skew_max);
  else
    fputs(", \"skew_min\": null, \"skew_mean\": null, \"skew_max\": null", out);
  fprintf(out, ", \"ctas_not_listed\": %" PRIu64 ",\n        \"cta_list\": [",
          k->n_ctas - k->n_listed);
  for (size_t i = 0; i < k->n_listed; i++) {
    const rep_cta_out *c = &k->listed[i];
    fprintf(out, "%s\n          {\"launch\": %u, \"cta\": [%u, %u, %u], \"finish\": ",
            i ? "," : "", c->launch, c->ctaid[0], c->ctaid[1], c->ctaid[2]);
    json_u64s(out, k->finish + c->first, c->n_warps);
    fprintf(out, ", \"skew\": %" PRIu64 ", \"rtru\": ", c->skew);
    json_double(out, c->rtru);
    fputc('}', out);
  }
  fputs(k->n_listed ? "\n        ]}" : "]}", out);
}

static void json_divergence(const rep_kernel *k, FILE *out)
{
  uint64_t uniform_div = 0;
  for (uint32_t i = 0; i < k->n_branches; i++)
    if (!k->branches[i].can_diverge)
      uniform_div += k->branches[i].n_divergent;
  uint32_t n_depth = k->max_depth + 1 < REP_DEPTH_BINS ? k->max_depth + 1 : REP_DEPTH_BINS;
  fprintf(out,
          ",\n    \"divergence\": {\"warp_instructions\": %" PRIu64
          ", \"thread_instructions\": %" PRIu64 ", \"simd_efficiency\": ",
          k->warp_insns, k->thread_insns);
  json_double(out, ratio(k->thread_insns, 32 * k->warp_insns));
  fputs(",\n      \"lanes_histogram\": ", out);
  json_u64s(out, k->lanes_hist, SIMT_WARP_SIZE + 1);
  fputs(",\n      \"depth_histogram\": ", out);
  json_u64s(out, k->depth_hist, n_depth);
  fprintf(out,
          ",\n      \"max_depth\": %u, \"reconv_checks\": %" PRIu64
          ", \"reconv_violations\": %" PRIu64 ", \"uniform_divergent\": %" PRIu64
          ", \"untracked\": %" PRIu64 ",\n      \"branches\": [",
          k->max_depth, k->n_reconv_checks, k->n_reconv_violations, uniform_div, k->n_untracked);
  for (uint32_t i = 0; i < k->n_branches; i++) {
    fputs(i ? ",\n        " : "\n        ", out);
    json_branch(k, &k->branches[i], out);
  }
  fputs(k->n_branches ? "\n      ],\n" : "],\n", out);
  json_warps(k, out);
  fputs("}", out);
}

static void json_liveness(const rep_kernel *k, FILE *out)
{
  double live = ratio(k->pp_live_sum, k->pp_hits), uni = ratio(k->pp_union_sum, k->pp_hits);
  fprintf(out,
          ",\n    \"liveness\": {\"registers\": %u, \"registers_source\": \"linear-scan "
          "estimate\", \"preemption_points\": %u, \"hits\": %" PRIu64 ", \"avg_live_slots\": ",
          k->est_regs, k->n_pps, k->pp_hits);
  json_double(out, k->pp_hits ? live : NAN);
  fputs(", \"avg_union_slots\": ", out);
  json_double(out, k->pp_hits ? uni : NAN);
  fputs(", \"avg_live_fraction\": ", out);
  json_double(out, k->pp_hits && k->est_regs ? live / k->est_regs : NAN);
  fputs(", \"avg_union_fraction\": ", out);
  json_double(out, k->pp_hits && k->est_regs ? uni / k->est_regs : NAN);
  fputs(",\n      \"points\": [", out);
  for (uint32_t i = 0; i < k->n_pps; i++) {
    const rep_pp *p = &k->pps[i];
    fputs(i ? ",\n        {\"function\": " : "\n        {\"function\": ", out);
    ptx_json_string(out, p->func->name);
    fprintf(out, ", \"pc\": %u, \"line\": %u, \"loop_line\": ", p->pc, line_of(p->func, p->pc));
    if (p->loop_line)
      fprintf(out, "%u", p->loop_line);
    else
      fputs("null", out);
    fprintf(out, ", \"is_barrier\": %s, \"is_wait_point\": %s, \"live_slots\": %u, "
                 "\"union_slots\": %u, \"hits\": %" PRIu64 "}",
            p->is_barrier ? "true" : "false", p->is_wait_point ? "true" : "false", p->live_slots,
            p->union_slots, p->hits);
  }
  fputs(k->n_pps ? "\n      ]" : "]", out);
  ctx_stat st[CTX_STATS_MAX];
  uint32_t n = ctx_stats(k, st);
  fputs(",\n      \"context\": {", out);
  for (uint32_t i = 0; i < n; i++) {
    fprintf(out, "%s\"%s\": ", i ? ", " : "", st[i].name);
    if (st[i].is_count)
      fprintf(out, "%" PRIu64, st[i].count);
    else
      json_double(out, st[i].value);
  }
  fputs("}}", out);
}

int report_write_json(const report_state *rs, FILE *out)
{
  fputs("{\"reports\": [", out);
  for (uint32_t i = 0; i < rs->n_kernels; i++) {
    const rep_kernel *k = rs->kernels[i];
    fputs(i ? ",\n  {\"kernel\": " : "\n  {\"kernel\": ", out);
    ptx_json_string(out, k->kernel->func->name);
    fputs(", \"file\": ", out);
    ptx_json_string(out, module_path(k));
    fprintf(out,
            ", \"launches\": %u, \"failed_launches\": %u, \"grid\": [%u, %u, %u], "
            "\"block\": [%u, %u, %u], \"time_unit\": ",
            k->n_launches, k->n_failed, k->grid[0], k->grid[1], k->grid[2], k->block[0],
            k->block[1], k->block[2]);
    ptx_json_string(out, k->time_unit);
    if (rs->flags & PTXSIM_REPORT_DIVERGENCE)
      json_divergence(k, out);
    if (rs->flags & PTXSIM_REPORT_LIVENESS)
      json_liveness(k, out);
    if (rs->flags & PTXSIM_REPORT_PREEMPTION)
      report_preempt_json(k, out);
    fputs("}", out);
  }
  fputs(rs->n_kernels ? "\n]}\n" : "]}\n", out);
  return fflush(out) || ferror(out) ? PTX_EIO : 0;
}
