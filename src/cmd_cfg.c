/* cmd_cfg.c -- `ptxsim cfg`: the control-flow graph of each kernel as the
 * static analyses see it (isa/analysis.h): basic blocks with their
 * instruction and PTX line ranges, edges, immediate dominators and
 * post-dominators, natural loops with their nesting, barriers, and the
 * conditional branches with whether they can diverge and where they
 * reconverge.  As text, as a Graphviz digraph per function, or as JSON
 * (the shape is documented in README.md, "ptxsim cfg").
 *
 * Exit status: 0 success; 1 an unreadable file, bad PTX or an unknown -k;
 * 2 a usage error.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_json.h"
#include "src/an_cli.h"
#include "src/cli.h"

typedef enum edge_kind { EDGE_FALL, EDGE_TAKEN, EDGE_JUMP, EDGE_INDEXED } edge_kind;
static const char *const edge_names[] = {
  [EDGE_FALL] = "fallthrough", [EDGE_TAKEN] = "taken", [EDGE_JUMP] = "jump",
  [EDGE_INDEXED] = "indexed",
};

static const char *plural(uint32_t n)
{
  return n == 1 ? "" : "s";
}

static uint32_t line_of(const an_func *a, uint32_t insn)
{
  return a->fn->insns[insn].loc.line;
}

/* How control goes from block b to its successor s (as cfg_build_ir sees
 * the block's last instruction). */
static edge_kind edge_of(const an_func *a, uint32_t b, uint32_t s)
{
  const ptx_insn *ir = &a->fn->insns[a->g.blocks[b].last];
  if (ir->form->op == PTX_OP_BRX_IDX)
    return EDGE_INDEXED;
  if ((ptx_op_table[ir->form->op].flags & PTX_OPF_BRANCH) && ir->n_opnds > 0 &&
      ir->opnds[0].kind == PTX_OPND_LABEL) {
    if (!ir->guard)
      return EDGE_JUMP;
    return a->g.block_of[ir->opnds[0].u.label->insn] == s ? EDGE_TAKEN : EDGE_FALL;
  }
  return EDGE_FALL;
}

static bool is_reachable(const cfg *g, uint32_t b)
{
  return g->blocks[b].idom != UINT32_MAX;
}

static bool is_back_edge(const an_func *a, uint32_t b, uint32_t s)
{
  return is_reachable(&a->g, b) && cfg_dominates(&a->g, s, b);
}

/* The conditional branch ending block b, or AN_NONE. */
static uint32_t block_branch(const an_func *a, uint32_t b)
{
  uint32_t last = a->g.blocks[b].last;
  return a->insns[last].is_cond_branch ? last : AN_NONE;
}

/* The innermost loop of block b, or AN_NONE. */
static uint32_t block_loop(const an_func *a, uint32_t b)
{
  return a->insns[a->g.blocks[b].first].loop;
}

static void print_list(const uint32_t *x, uint32_t n, bool json, FILE *out)
{
  if (json)
    fputc('[', out);
  else if (n == 0)
    fputc('-', out);
  for (uint32_t k = 0; k < n; k++)
    fprintf(out, "%s%u", k ? (json ? "," : " ") : "", x[k]);
  if (json)
    fputc(']', out);
}

/* "insns 0-4, lines 12-16" / "insn 7, line 20" */
static void print_range(const an_func *a, uint32_t first, uint32_t last, const char *sep,
                        FILE *out)
{
  if (first == last)
    fprintf(out, "insn %u%sline %u", first, sep, line_of(a, first));
  else if (line_of(a, first) == line_of(a, last))
    fprintf(out, "insns %u-%u%sline %u", first, last, sep, line_of(a, first));
  else
    fprintf(out, "insns %u-%u%slines %u-%u", first, last, sep, line_of(a, first),
            line_of(a, last));
}

static void print_insn_text(const an_func *a, uint32_t i, bool json, FILE *out)
{
  char *text = an_cli_insn_text(&a->fn->insns[i]);
  if (json)
    ptx_json_string(out, text ? text : "");
  else
    fputs(text ? text : "", out);
  free(text);
}

/* ---- text --------------------------------------------------------------- */

static void text_func(const an_func *a, FILE *out)
{
  const cfg *g = &a->g;
  uint32_t n_barriers = 0;
  for (uint32_t i = 0; i < a->n_insns; i++)
    n_barriers += a->insns[i].is_barrier;
  fprintf(out,
          "%s %s: %u instruction%s, %u block%s, %u loop%s, %u barrier%s, "
          "%u conditional branch%s (%u can diverge)\n",
          an_cli_func_kind(a->fn), a->fn->sym.name->str, a->n_insns, plural(a->n_insns),
          g->n_blocks, plural(g->n_blocks), a->n_loops, plural(a->n_loops), n_barriers,
          plural(n_barriers), a->n_branches, a->n_branches == 1 ? "" : "es",
          a->n_divergent_branches);
  for (uint32_t b = 0; b < g->n_blocks; b++) {
    const cfg_block *blk = &g->blocks[b];
    fprintf(out, "  block %u: ", b);
    print_range(a, blk->first, blk->last, ", ", out);
    fputs("; succs ", out);
    print_list(blk->succs, blk->n_succs, false, out);
    fputs("; preds ", out);
    print_list(blk->preds, blk->n_preds, false, out);
    if (!is_reachable(g, b))
      fputs("; unreachable", out);
    else if (blk->idom == b)
      fputs("; idom -", out);
    else
      fprintf(out, "; idom %u", blk->idom);
    if (blk->ipdom == CFG_EXIT)
      fputs("; ipdom exit", out);
    else
      fprintf(out, "; ipdom %u", blk->ipdom);
    uint32_t l = block_loop(a, b);
    if (l != AN_NONE)
      fprintf(out, "; loop %u%s", l, a->loops[l].header == b ? " header" : "");
    if (blk->is_exit)
      fputs("; exit", out);
    fputc('\n', out);
  }
  for (uint32_t l = 0; l < a->n_loops; l++) {
    const an_loop *loop = &a->loops[l];
    fprintf(out, "  loop %u: header block %u, depth %u", l, loop->header, loop->depth);
    if (loop->parent != AN_NONE)
      fprintf(out, ", inside loop %u", loop->parent);
    fprintf(out, "%s, blocks ", loop->is_innermost ? ", innermost" : "");
    print_list(loop->blocks, loop->n_blocks, false, out);
    fprintf(out, ", %u barrier%s\n", loop->n_barriers, plural(loop->n_barriers));
  }
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const an_insn *in = &a->insns[i];
    if (in->is_barrier) {
      fprintf(out, "  barrier at line %u (insn %u, block %u", line_of(a, i), i, in->block);
      if (in->loop != AN_NONE)
        fprintf(out, ", loop %u", in->loop);
      fputs("): ", out);
      print_insn_text(a, i, false, out);
      fputc('\n', out);
    }
    if (in->is_cond_branch) {
      fprintf(out, "  branch at line %u (insn %u, block %u), %s, reconverges at ", line_of(a, i),
              i, in->block, in->can_diverge ? "can diverge" : "uniform");
      if (in->reconv == AN_NONE)
        fputs("exit: ", out);
      else
        fprintf(out, "line %u (insn %u): ", line_of(a, in->reconv), in->reconv);
      print_insn_text(a, i, false, out);
      fputc('\n', out);
    }
  }
}

/* ---- dot ---------------------------------------------------------------- */

static void dot_cluster(const an_func *a, uint32_t l, int indent, FILE *out)
{
  const an_loop *loop = &a->loops[l];
  fprintf(out, "%*ssubgraph cluster_loop%u {\n", indent, "", l);
  fprintf(out, "%*s  label=\"loop %u, depth %u%s\"; style=dashed;\n", indent, "", l, loop->depth,
          loop->n_barriers ? ", with barrier" : "");
  for (uint32_t c = 0; c < a->n_loops; c++)
    if (a->loops[c].parent == l)
      dot_cluster(a, c, indent + 2, out);
  for (uint32_t k = 0; k < loop->n_blocks; k++)
    if (block_loop(a, loop->blocks[k]) == l)
      fprintf(out, "%*s  b%u;\n", indent, "", loop->blocks[k]);
  fprintf(out, "%*s}\n", indent, "");
}

static void dot_func(const an_func *a, FILE *out)
{
  const cfg *g = &a->g;
  fputs("digraph ", out);
  ptx_json_string(out, a->fn->sym.name->str); /* DOT's quoted IDs escape like JSON */
  fputs(" {\n  graph [label=", out);
  char title[600];
  snprintf(title, sizeof title, "%s %s", an_cli_func_kind(a->fn), a->fn->sym.name->str);
  ptx_json_string(out, title);
  fputs(", labelloc=t, fontname=\"monospace\"];\n"
        "  node [shape=box, fontname=\"monospace\"];\n"
        "  edge [fontname=\"monospace\"];\n",
        out);
  for (uint32_t b = 0; b < g->n_blocks; b++) {
    const cfg_block *blk = &g->blocks[b];
    fprintf(out, "  b%u [label=\"B%u: ", b, b);
    print_range(a, blk->first, blk->last, "\\n", out);
    uint32_t l = block_loop(a, b);
    if (l != AN_NONE && a->loops[l].header == b)
      fprintf(out, "\\nloop %u header", l);
    for (uint32_t i = blk->first; i <= blk->last; i++) {
      if (a->insns[i].is_barrier)
        fprintf(out, "\\nbarrier, line %u", line_of(a, i));
      if (a->insns[i].is_reconv_point)
        fprintf(out, "\\nreconvergence point, line %u", line_of(a, i));
    }
    uint32_t br = block_branch(a, b);
    if (br != AN_NONE)
      fprintf(out, "\\n%s branch, line %u", a->insns[br].can_diverge ? "divergent" : "uniform",
              line_of(a, br));
    if (!is_reachable(g, b))
      fputs("\\nunreachable", out);
    fprintf(out, "\"%s];\n", blk->is_exit ? ", peripheries=2" : "");
  }
  for (uint32_t b = 0; b < g->n_blocks; b++) {
    const cfg_block *blk = &g->blocks[b];
    uint32_t br = block_branch(a, b);
    bool diverges = br != AN_NONE && a->insns[br].can_diverge;
    for (uint32_t k = 0; k < blk->n_succs; k++) {
      uint32_t s = blk->succs[k];
      fprintf(out, "  b%u -> b%u [label=\"%s%s\"%s];\n", b, s, edge_names[edge_of(a, b, s)],
              is_back_edge(a, b, s) ? ", back" : "", diverges ? ", color=red, style=bold" : "");
    }
    if (diverges && a->insns[br].reconv != AN_NONE)
      fprintf(out, "  b%u -> b%u [label=\"reconverge\", style=dotted, constraint=false];\n", b,
              a->insns[a->insns[br].reconv].block);
  }
  for (uint32_t l = 0; l < a->n_loops; l++)
    if (a->loops[l].parent == AN_NONE)
      dot_cluster(a, l, 2, out);
  fputs("}\n", out);
}

/* ---- json --------------------------------------------------------------- */

static void json_func(const an_func *a, FILE *out)
{
  const cfg *g = &a->g;
  fputs("{\"name\": ", out);
  ptx_json_string(out, a->fn->sym.name->str);
  fprintf(out, ", \"kind\": \"%s\", \"n_insns\": %u, \"n_blocks\": %u,\n  \"blocks\": [",
          an_cli_func_kind(a->fn), a->n_insns, g->n_blocks);
  for (uint32_t b = 0; b < g->n_blocks; b++) {
    const cfg_block *blk = &g->blocks[b];
    fprintf(out,
            "%s\n    {\"index\": %u, \"first_insn\": %u, \"last_insn\": %u, \"first_line\": %u, "
            "\"last_line\": %u, \"succs\": ",
            b ? "," : "", b, blk->first, blk->last, line_of(a, blk->first), line_of(a, blk->last));
    print_list(blk->succs, blk->n_succs, true, out);
    fputs(", \"preds\": ", out);
    print_list(blk->preds, blk->n_preds, true, out);
    fprintf(out, ", \"reachable\": %s, \"idom\": ", is_reachable(g, b) ? "true" : "false");
    an_print_index(is_reachable(g, b) && blk->idom != b ? blk->idom : AN_NONE, true, out);
    fputs(", \"ipdom\": ", out);
    an_print_index(blk->ipdom == CFG_EXIT ? AN_NONE : blk->ipdom, true, out);
    uint32_t l = block_loop(a, b);
    fputs(", \"loop\": ", out);
    an_print_index(l, true, out);
    fprintf(out, ", \"loop_depth\": %u, \"is_exit\": %s}", l == AN_NONE ? 0 : a->loops[l].depth,
            blk->is_exit ? "true" : "false");
  }
  fputs("],\n  \"edges\": [", out);
  bool first = true;
  for (uint32_t b = 0; b < g->n_blocks; b++) {
    uint32_t br = block_branch(a, b);
    bool diverges = br != AN_NONE && a->insns[br].can_diverge;
    for (uint32_t k = 0; k < g->blocks[b].n_succs; k++) {
      uint32_t s = g->blocks[b].succs[k];
      fprintf(out,
              "%s\n    {\"from\": %u, \"to\": %u, \"kind\": \"%s\", \"divergent\": %s, "
              "\"back\": %s}",
              first ? "" : ",", b, s, edge_names[edge_of(a, b, s)], diverges ? "true" : "false",
              is_back_edge(a, b, s) ? "true" : "false");
      first = false;
    }
  }
  fputs("],\n  \"loops\": [", out);
  for (uint32_t l = 0; l < a->n_loops; l++) {
    const an_loop *loop = &a->loops[l];
    fprintf(out, "%s\n    {\"index\": %u, \"header\": %u, \"parent\": ", l ? "," : "", l,
            loop->header);
    an_print_index(loop->parent, true, out);
    fprintf(out, ", \"depth\": %u, \"innermost\": %s, \"blocks\": ", loop->depth,
            loop->is_innermost ? "true" : "false");
    print_list(loop->blocks, loop->n_blocks, true, out);
    fprintf(out, ", \"n_barriers\": %u}", loop->n_barriers);
  }
  fputs("],\n  \"barriers\": [", out);
  first = true;
  for (uint32_t i = 0; i < a->n_insns; i++)
    if (a->insns[i].is_barrier) {
      fprintf(out, "%s\n    {\"insn\": %u, \"line\": %u, \"block\": %u, \"loop\": ",
              first ? "" : ",", i, line_of(a, i), a->insns[i].block);
      an_print_index(a->insns[i].loop, true, out);
      fputs(", \"text\": ", out);
      print_insn_text(a, i, true, out);
      fputc('}', out);
      first = false;
    }
  fputs("],\n  \"branches\": [", out);
  first = true;
  for (uint32_t i = 0; i < a->n_insns; i++) {
    const an_insn *in = &a->insns[i];
    if (!in->is_cond_branch)
      continue;
    fprintf(out, "%s\n    {\"insn\": %u, \"line\": %u, \"block\": %u, \"text\": ",
            first ? "" : ",", i, line_of(a, i), in->block);
    print_insn_text(a, i, true, out);
    fprintf(out, ", \"can_diverge\": %s, \"reconv_insn\": ", in->can_diverge ? "true" : "false");
    an_print_index(in->reconv, true, out);
    fputs(", \"reconv_line\": ", out);
    an_print_index(in->reconv == AN_NONE ? AN_NONE : line_of(a, in->reconv), true, out);
    fputc('}', out);
    first = false;
  }
  fputs("]}", out);
}

int cmd_cfg(int argc, char **argv)
{
  an_cli_opts o;
  int status = an_cli_parse("cfg", argc, argv, AN_FMT_BIT_TEXT | AN_FMT_BIT_DOT | AN_FMT_BIT_JSON,
                            false, &o);
  if (status != CLI_OK)
    return status;
  an_cli_job job;
  status = an_cli_load(&o, &job);
  if (status != CLI_OK) {
    an_cli_job_free(&job);
    return status;
  }
  FILE *out = stdout;
  if (o.format == AN_FMT_JSON) {
    fputs("{\"file\": ", out);
    ptx_json_string(out, o.path);
    fputs(", \"kernels\": [", out);
  }
  for (uint32_t k = 0; k < job.n_funcs; k++) {
    an_func *a = NULL;
    if (an_func_analyse(job.m, job.funcs[k], NULL, &a) != 0) {
      fputs("ptxsim: error: out of memory\n", stderr);
      status = CLI_FAIL;
      break;
    }
    if (o.format == AN_FMT_TEXT) {
      if (k)
        fputc('\n', out);
      text_func(a, out);
    } else if (o.format == AN_FMT_DOT) {
      dot_func(a, out);
    } else {
      fputs(k ? ",\n " : "\n ", out);
      json_func(a, out);
    }
    an_func_free(a);
  }
  if (o.format == AN_FMT_JSON)
    fputs("]}\n", out);
  if (job.n_funcs == 0 && o.format != AN_FMT_JSON)
    fprintf(stderr, "%s: note: the module has no kernels (.entry with a body)\n", o.path);
  an_cli_job_free(&job);
  if (fflush(out) != 0 || ferror(out)) {
    fputs("ptxsim: error: cannot write the output\n", stderr);
    status = CLI_FAIL;
  }
  return status;
}
