/* cmd_liveness.c -- `ptxsim liveness`: register liveness of each kernel
 * for compiler writers (isa/analysis.h; 004-preemption-liveness.md
 * sections 1.4-1.6): per instruction its defs, uses, live-in and live-out
 * sets and live-in size in 32-bit slots (predicates apart), the union set
 * inside divergent regions; per kernel MaxLive, the average, the
 * linear-scan register estimate (and the ptxas -v count when a
 * PTXAS-REGS.txt beside the file records it), the preemption points
 * with their plain and union sets and their 54-bit encoded vectors
 * (an_pp_vector), and the per-warp context allocation (004 §1.8: the most
 * union slots at a point x 128 B).  As text, JSON (the shape README.md
 * documents, "ptxsim liveness") or one CSV line per kernel.
 *
 * Exit status: 0 success; 1 an unreadable file, bad PTX or an unknown -k;
 * 2 a usage error.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_json.h"
#include "src/an_cli.h"
#include "src/cli.h"

enum { TEXT_COLUMN_MAX = 48 }; /* instruction text is padded to at most this */

static uint32_t line_of(const an_func *a, uint32_t insn)
{
  return a->fn->insns[insn].loc.line;
}

/* Live-in slots at the preemption points: the least and the most. */
static void pp_range(const an_func *a, uint32_t *lo, uint32_t *hi)
{
  *lo = *hi = 0;
  for (uint32_t p = 0; p < a->n_pps; p++) {
    uint32_t s = a->insns[a->pps[p].insn].live_in_slots;
    if (p == 0 || s < *lo)
      *lo = s;
    if (p == 0 || s > *hi)
      *hi = s;
  }
}

/* The per-warp context allocation of 004 §1.8: the most slots a warp can
 * save at a point (the union set, which a diverged warp saves and which
 * holds the plain one) x 128 B. */
static uint32_t pp_alloc_slots(const an_func *a)
{
  uint32_t m = 0;
  for (uint32_t p = 0; p < a->n_pps; p++) {
    uint32_t s = a->insns[a->pps[p].insn].union_slots;
    m = s > m ? s : m;
  }
  return m;
}

enum { CTX_VECTOR_BYTES = 128 }; /* one 32-bit register of 32 lanes */

/* The encoded 54-bit field: hex of the explicit bits and the flag. */
static void text_vector(uint64_t v, FILE *out)
{
  fprintf(out, "0x%014" PRIx64 "%s", v, (v >> AN_PP_OVERFLOW_BIT) & 1 ? " (overflow)" : "");
}

/* Declared registers: slots and predicates. */
static void reg_totals(const an_func *a, uint32_t *slots, uint32_t *preds)
{
  *slots = *preds = 0;
  for (uint32_t r = 0; r < a->n_regs; r++) {
    *slots += a->regs[r].slots;
    *preds += a->regs[r].is_pred;
  }
}

/* ---- text --------------------------------------------------------------- */

static void text_counted_set(const an_func *a, uint32_t slots, uint32_t preds,
                             const uint64_t *set, FILE *out)
{
  fprintf(out, "%u+%up ", slots, preds);
  an_print_set(a, set, false, out);
}

static int text_func(const an_func *a, uint32_t pp_interval, int ptxas_regs, FILE *out)
{
  uint32_t slots, preds;
  reg_totals(a, &slots, &preds);
  fprintf(out, "%s %s: %u instruction%s, %u register%s (%u slot%s, %u predicate%s)\n",
          an_cli_func_kind(a->fn), a->fn->sym.name->str, a->n_insns, a->n_insns == 1 ? "" : "s",
          a->n_regs, a->n_regs == 1 ? "" : "s", slots, slots == 1 ? "" : "s", preds,
          preds == 1 ? "" : "s");
  char **texts = calloc(a->n_insns ? a->n_insns : 1, sizeof *texts);
  if (!texts)
    return -1;
  int width = 0;
  for (uint32_t i = 0; i < a->n_insns; i++) {
    texts[i] = an_cli_insn_text(&a->fn->insns[i]);
    if (!texts[i]) {
      for (uint32_t j = 0; j < i; j++)
        free(texts[j]);
      free(texts);
      return -1;
    }
    int len = (int)strlen(texts[i]);
    if (len > width)
      width = len < TEXT_COLUMN_MAX ? len : TEXT_COLUMN_MAX;
  }
  fprintf(out, "%5s %5s %4s %4s %-5s %-*s  defs / uses / live-in: slots+predicates {registers}\n",
          "#", "line", "blk", "loop", "flags", width, "instruction");
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const an_insn *in = &a->insns[i];
    char flags[5] = {in->is_barrier ? 'B' : '-',
                     in->can_diverge ? 'D' : in->is_cond_branch ? 'U' : '-',
                     in->is_reconv_point ? 'R' : '-', in->is_preemption_point ? 'P' : '-', 0};
    fprintf(out, "%5u %5u %4u %4u %-5s %-*s  ", i, line_of(a, i), in->block, in->loop_depth,
            flags, width, texts[i]);
    an_print_regs(a, in->defs, in->n_defs, false, out);
    fputs(" / ", out);
    an_print_regs(a, in->uses, in->n_uses, false, out);
    fputs(" / ", out);
    text_counted_set(a, in->live_in_slots, in->live_in_preds, an_set(a->live_in, a, i), out);
    if (in->in_divergent_region) {
      fputs("  union ", out);
      text_counted_set(a, in->union_slots, in->union_preds, an_set(a->union_live, a, i), out);
    }
    fputc('\n', out);
    free(texts[i]);
  }
  free(texts);
  if (a->max_live_insn == AN_NONE)
    fputs("  MaxLive 0 slots (no instructions)", out);
  else
    fprintf(out, "  MaxLive %u slot%s at line %u (insn %u)", a->max_live,
            a->max_live == 1 ? "" : "s", line_of(a, a->max_live_insn), a->max_live_insn);
  fprintf(out, "; at most %u predicate%s live\n", a->pred_max_live,
          a->pred_max_live == 1 ? "" : "s");
  fprintf(out, "  average live %.2f slots\n", a->avg_live);
  fprintf(out, "  register estimate (linear scan) %u", a->est_regs);
  if (ptxas_regs >= 0)
    fprintf(out, "; ptxas -v %d", ptxas_regs);
  fprintf(out, "\n  preemption points (interval %u): ", pp_interval);
  if (!a->n_pps)
    fputs("none\n", out);
  else
    fprintf(out, "%u\n", a->n_pps);
  for (uint32_t p = 0; p < a->n_pps; p++) {
    uint32_t i = a->pps[p].insn;
    const an_insn *in = &a->insns[i];
    fprintf(out, "    line %u (insn %u", line_of(a, i), i);
    if (a->pps[p].loop != AN_NONE)
      fprintf(out, ", loop %u", a->pps[p].loop);
    fprintf(out, "%s%s): live ", a->pps[p].is_barrier ? ", barrier" : "",
            a->pps[p].is_wait_point ? ", wait" : "");
    text_counted_set(a, in->live_in_slots, in->live_in_preds, an_set(a->live_in, a, i), out);
    fputs("; union ", out);
    text_counted_set(a, in->union_slots, in->union_preds, an_set(a->union_live, a, i), out);
    fputs("\n      vector ", out);
    text_vector(an_pp_vector(a, an_set(a->live_in, a, i)), out);
    fputs("; union vector ", out);
    text_vector(an_pp_vector(a, an_set(a->union_live, a, i)), out);
    fputc('\n', out);
  }
  if (a->n_pps) {
    uint32_t m = pp_alloc_slots(a);
    fprintf(out, "  context allocation per warp: %u slot%s (most live at a point, union) x %u B = "
                 "%u B\n",
            m, m == 1 ? "" : "s", CTX_VECTOR_BYTES, m * CTX_VECTOR_BYTES);
  }
  return 0;
}

/* ---- json --------------------------------------------------------------- */

static const char *json_bool(bool b)
{
  return b ? "true" : "false";
}

static int json_func(const an_func *a, uint32_t pp_interval, int ptxas_regs, FILE *out)
{
  uint32_t slots, preds;
  reg_totals(a, &slots, &preds);
  fputs("{\"name\": ", out);
  ptx_json_string(out, a->fn->sym.name->str);
  fprintf(out,
          ", \"kind\": \"%s\", \"n_insns\": %u, \"n_regs\": %u, \"reg_slots\": %u, "
          "\"reg_preds\": %u,\n  \"max_live\": %u, \"max_live_line\": ",
          an_cli_func_kind(a->fn), a->n_insns, a->n_regs, slots, preds, a->max_live);
  an_print_index(a->max_live_insn == AN_NONE ? AN_NONE : line_of(a, a->max_live_insn), true, out);
  fputs(", \"max_live_insn\": ", out);
  an_print_index(a->max_live_insn, true, out);
  fprintf(out, ", \"pred_max_live\": %u, \"avg_live\": %.2f, \"est_regs\": %u, \"ptxas_regs\": ",
          a->pred_max_live, a->avg_live, a->est_regs);
  if (ptxas_regs >= 0)
    fprintf(out, "%d", ptxas_regs);
  else
    fputs("null", out);
  fprintf(out, ",\n  \"pp_interval\": %u, \"preemption_points\": [", pp_interval);
  for (uint32_t p = 0; p < a->n_pps; p++) {
    uint32_t i = a->pps[p].insn;
    const an_insn *in = &a->insns[i];
    fprintf(out, "%s\n    {\"line\": %u, \"insn\": %u, \"loop\": ", p ? "," : "", line_of(a, i),
            i);
    an_print_index(a->pps[p].loop, true, out);
    fprintf(out, ", \"is_barrier\": %s, \"live_slots\": %u, \"live_preds\": %u, \"live\": ",
            json_bool(a->pps[p].is_barrier), in->live_in_slots, in->live_in_preds);
    an_print_set(a, an_set(a->live_in, a, i), true, out);
    fprintf(out, ", \"union_slots\": %u, \"union_preds\": %u, \"union_live\": ", in->union_slots,
            in->union_preds);
    an_print_set(a, an_set(a->union_live, a, i), true, out);
    uint64_t v = an_pp_vector(a, an_set(a->live_in, a, i));
    uint64_t u = an_pp_vector(a, an_set(a->union_live, a, i));
    fprintf(out,
            ", \"is_wait_point\": %s, \"vector\": \"0x%014" PRIx64 "\", \"vector_overflow\": %s, "
            "\"union_vector\": \"0x%014" PRIx64 "\", \"union_vector_overflow\": %s}",
            json_bool(a->pps[p].is_wait_point), v, json_bool((v >> AN_PP_OVERFLOW_BIT) & 1), u,
            json_bool((u >> AN_PP_OVERFLOW_BIT) & 1));
  }
  fprintf(out, "],\n  \"ctx_alloc_slots\": %u, \"ctx_alloc_bytes\": %u", pp_alloc_slots(a),
          pp_alloc_slots(a) * CTX_VECTOR_BYTES);
  fputs(",\n  \"instructions\": [", out);
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const an_insn *in = &a->insns[i];
    char *text = an_cli_insn_text(&a->fn->insns[i]);
    if (!text)
      return -1;
    fprintf(out, "%s\n    {\"index\": %u, \"line\": %u, \"block\": %u, \"loop_depth\": %u, \"text\": ",
            i ? "," : "", i, line_of(a, i), in->block, in->loop_depth);
    ptx_json_string(out, text);
    free(text);
    fputs(", \"defs\": ", out);
    an_print_regs(a, in->defs, in->n_defs, true, out);
    fputs(", \"uses\": ", out);
    an_print_regs(a, in->uses, in->n_uses, true, out);
    fputs(", \"live_in\": ", out);
    an_print_set(a, an_set(a->live_in, a, i), true, out);
    fputs(", \"live_out\": ", out);
    an_print_set(a, an_set(a->live_out, a, i), true, out);
    fprintf(out,
            ", \"live_in_slots\": %u, \"live_in_preds\": %u, \"is_barrier\": %s, "
            "\"is_cond_branch\": %s, \"can_diverge\": %s, \"is_reconv_point\": %s, "
            "\"is_preemption_point\": %s, \"in_divergent_region\": %s, \"union_live\": ",
            in->live_in_slots, in->live_in_preds, json_bool(in->is_barrier),
            json_bool(in->is_cond_branch), json_bool(in->can_diverge),
            json_bool(in->is_reconv_point), json_bool(in->is_preemption_point),
            json_bool(in->in_divergent_region));
    an_print_set(a, an_set(a->union_live, a, i), true, out);
    fprintf(out, ", \"union_slots\": %u, \"union_preds\": %u}", in->union_slots, in->union_preds);
  }
  fputs("]}", out);
  return 0;
}

/* ---- csv ---------------------------------------------------------------- */

static void csv_func(const an_func *a, FILE *out)
{
  /* PTX identifiers hold no commas or quotes: no quoting needed. */
  uint32_t lo, hi;
  pp_range(a, &lo, &hi);
  fprintf(out, "%s,%u,%u,%.2f,%u,%u,", a->fn->sym.name->str, a->n_insns, a->max_live,
          a->avg_live, a->est_regs, a->n_pps);
  if (a->n_pps)
    fprintf(out, "%u,%u\n", lo, hi);
  else
    fputs(",\n", out);
}

int cmd_liveness(int argc, char **argv)
{
  an_cli_opts o;
  int status = an_cli_parse("liveness", argc, argv,
                            AN_FMT_BIT_TEXT | AN_FMT_BIT_JSON | AN_FMT_BIT_CSV, true, &o);
  if (status != CLI_OK)
    return status;
  an_cli_job job;
  status = an_cli_load(&o, &job);
  if (status != CLI_OK) {
    an_cli_job_free(&job);
    return status;
  }
  uint32_t k_pp = o.pp_interval ? o.pp_interval : AN_DEFAULT_PP_INTERVAL;
  an_options ao = {.pp_interval = k_pp};
  FILE *out = stdout;
  if (o.format == AN_FMT_JSON) {
    fputs("{\"file\": ", out);
    ptx_json_string(out, o.path);
    fputs(", \"kernels\": [", out);
  } else if (o.format == AN_FMT_CSV) {
    fputs("kernel,instrs,maxlive,avglive,est_regs,n_pp,min_pp_live,max_pp_live\n", out);
  }
  for (uint32_t k = 0; k < job.n_funcs && status == CLI_OK; k++) {
    an_func *a = NULL;
    if (an_func_analyse(job.m, job.funcs[k], &ao, &a) != 0) {
      status = CLI_FAIL;
      break;
    }
    int regs = an_cli_ptxas_regs(o.path, job.funcs[k]->sym.name->str);
    if (o.format == AN_FMT_TEXT) {
      if (k)
        fputc('\n', out);
      if (text_func(a, k_pp, regs, out) != 0)
        status = CLI_FAIL;
    } else if (o.format == AN_FMT_JSON) {
      fputs(k ? ",\n " : "\n ", out);
      if (json_func(a, k_pp, regs, out) != 0)
        status = CLI_FAIL;
    } else {
      csv_func(a, out);
    }
    an_func_free(a);
  }
  if (status != CLI_OK)
    fputs("ptxsim: error: out of memory\n", stderr);
  if (o.format == AN_FMT_JSON)
    fputs("]}\n", out);
  if (job.n_funcs == 0 && o.format == AN_FMT_TEXT)
    fprintf(stderr, "%s: note: the module has no kernels (.entry with a body)\n", o.path);
  an_cli_job_free(&job);
  if (fflush(out) != 0 || ferror(out)) {
    fputs("ptxsim: error: cannot write the output\n", stderr);
    status = CLI_FAIL;
  }
  return status;
}
