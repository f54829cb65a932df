/* report_observe.c -- collecting the run-time reports and writing the mask
 * trace: the simt_observer that a launch calls for every executed warp
 * instruction, for every warp that finishes and for every CTA that begins
 * and ends (report.h says when).
 *
 * On a kernel's first launch its function and every function it can call
 * (ptx_func_usage) are analysed (isa/analysis.h) and the tables the
 * observer indexes are sized: per instruction, its branch and preemption
 * point numbers.  While instructions execute the observer only indexes
 * those tables and the state of the warp's CTA, found by the CTA's linear
 * id in a small open-addressing table (one entry in functional mode, one
 * per resident CTA in timing mode).
 *
 * What is measured (README, "Divergence and liveness reports"):
 * - a branch execution is divergent when the mask the warp goes on with
 *   is a non-empty proper subset of the mask it issued with (the lanes
 *   split; a branch that only brings lanes to the reconvergence point of
 *   an enclosing divergence pops the stack and changes the mask too, but
 *   that is reconvergence);
 * - each divergence is remembered per warp until the warp next issues the
 *   branch's reconvergence point (same function, same call depth): every
 *   lane of the divergence that has not exited must then be active, or the
 *   check counts a violation;
 * - the lane histogram counts each issued warp instruction under the
 *   popcount of its exec mask (active lanes whose guard held), so W0 holds
 *   instructions issued with every lane guarded off; SIMD efficiency, like
 *   the launch statistics, counts active lanes (before the guard);
 * - stack depth is the number of reconvergence-stack entries when the
 *   instruction issued (1: converged, outside calls; calls add an entry);
 * - warp finish times are the observer's time at a warp's last
 *   instruction minus its CTA's begin time; RTRU = sum(maxT - T_i) /
 *   (N * maxT) per CTA (000-warpman.md §7).
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ir.h"
#include "isa/ctx_live.h"
#include "ptxsim.h"
#include "src/report_int.h"

/* ---- the state ------------------------------------------------------------ */

int report_state_create(report_state **out)
{
  report_state *rs = calloc(1, sizeof *rs);
  if (!rs)
    return PTX_ENOMEM;
  rs->time_unit = "warp instructions";
  rs->trace_cta = rs->trace_warp = -1;
  rs->pp_interval = AN_DEFAULT_PP_INTERVAL;
  rs->pag = rs->pag_option = REP_DEFAULT_PAG;
  *out = rs;
  return 0;
}

static void kernel_free(rep_kernel *k)
{
  if (!k)
    return;
  for (uint32_t i = 0; k->funcs && i < k->n_funcs; i++) {
    an_func_free(k->funcs[i].an);
    free(k->funcs[i].branch_of);
    free(k->funcs[i].pp_of);
    free(k->funcs[i].slot_of);
  }
  free(k->funcs);
  free(k->branches);
  free(k->pps);
  free(k->listed);
  free(k->finish);
  free(k->pevents);
  free(k);
}

void report_clear(report_state *rs)
{
  for (uint32_t i = 0; i < rs->n_kernels; i++)
    kernel_free(rs->kernels[i]);
  rs->n_kernels = 0;
}

void report_state_free(report_state *rs)
{
  if (!rs)
    return;
  report_clear(rs);
  free(rs->kernels);
  for (uint32_t i = 0; i < rs->cap_ctas; i++)
    free(rs->ctas[i].warps);
  free(rs->ctas);
  free(rs->tb_scratch);
  free(rs->tb_frames);
  free(rs->tb_lanes);
  free(rs);
}

void report_set_preemption(report_state *rs, uint32_t pp_interval, uint32_t pag)
{
  if (!rs)
    return;
  rs->pp_interval = pp_interval ? pp_interval : AN_DEFAULT_PP_INTERVAL;
  rs->pag_option = pag == 0 || (pag >= 8 && pag <= 32 && !(pag & (pag - 1))) ? pag
                                                                             : REP_DEFAULT_PAG;
  rs->pag = rs->pag_option ? rs->pag_option : REP_DEFAULT_PAG;
}

bool report_is_enabled(const report_state *rs)
{
  return rs && (rs->flags || rs->trace);
}

void report_set_time_unit(report_state *rs, const char *unit)
{
  if (rs && unit)
    rs->time_unit = unit;
}

/* ---- a kernel's tables ------------------------------------------------------ */

/* The isa function whose IR is fn (a definition), or NULL. */
static const isa_func *isa_func_of(const isa_program *p, const ptx_func *fn)
{
  for (uint32_t i = 0; i < p->n_funcs; i++)
    if (p->funcs[i].ir == fn)
      return &p->funcs[i];
  return NULL;
}

/* Analyses the kernel and its callees, then sizes and fills the branch
 * and preemption-point tables. */
static int kernel_setup(const report_state *rs, rep_kernel *k, const simt_launch *l)
{
  const isa_program *p = l->prog;
  k->kernel = l->kernel;
  k->prog = p;
  k->n_funcs = p->n_funcs;
  k->funcs = calloc(p->n_funcs ? p->n_funcs : 1, sizeof *k->funcs);
  if (!k->funcs)
    return PTX_ENOMEM;
  ptx_usage u;
  int rc = ptx_func_usage(p->ir, l->kernel->func->ir, &u);
  if (rc)
    return rc;
  for (uint32_t j = 0; !rc && j < u.n_funcs; j++) {
    const ptx_func *g = u.funcs[j];
    if (!g->has_body)
      g = g->definition;
    const isa_func *f = g && g->has_body ? isa_func_of(p, g) : NULL;
    if (!f || k->funcs[f->index].an)
      continue;
    rep_func *rf = &k->funcs[f->index];
    rf->func = f;
    an_options o = {.pp_interval = rs->pp_interval};
    rc = an_func_analyse(p->ir, g, &o, &rf->an);
    /* Report C reads live registers by decoded slot; a function whose
     * layout the map cannot follow is left unsampled (slot_of NULL). */
    if (!rc && (rs->flags & PTXSIM_REPORT_LIVENESS)) {
      rc = ctx_reg_slots(rf->an, f, &rf->slot_of);
      if (rc == PTX_EINVAL)
        rc = 0;
    }
    if (!rc) {
      uint32_t n = f->n_insns ? f->n_insns : 1;
      rf->branch_of = malloc(n * sizeof *rf->branch_of);
      rf->pp_of = malloc(n * sizeof *rf->pp_of);
      if (!rf->branch_of || !rf->pp_of)
        rc = PTX_ENOMEM;
    }
    if (!rc && rf->an->n_insns != f->n_insns)
      rc = PTX_EINVAL; /* the analyses and the decoder disagree */
    if (!rc)
      for (uint32_t i = 0; i < f->n_insns; i++) {
        k->n_branches += rf->an->insns[i].is_cond_branch;
        k->n_pps += rf->an->insns[i].is_preemption_point;
      }
  }
  ptx_usage_free(&u);
  if (rc)
    return rc;
  k->branches = calloc(k->n_branches ? k->n_branches : 1, sizeof *k->branches);
  k->pps = calloc(k->n_pps ? k->n_pps : 1, sizeof *k->pps);
  if (!k->branches || !k->pps)
    return PTX_ENOMEM;
  uint32_t nb = 0, np = 0;
  for (uint32_t fi = 0; fi < k->n_funcs; fi++) {
    rep_func *rf = &k->funcs[fi];
    if (!rf->an)
      continue;
    const an_func *a = rf->an;
    for (uint32_t i = 0; i < a->n_insns; i++) {
      const an_insn *ai = &a->insns[i];
      rf->branch_of[i] = rf->pp_of[i] = REP_NONE;
      if (ai->is_cond_branch) {
        rf->branch_of[i] = nb;
        k->branches[nb++] = (rep_branch){
          .func = rf->func, .pc = i, .reconv = ai->reconv, .can_diverge = ai->can_diverge};
      }
      if (ai->is_preemption_point) {
        rep_pp *pp = &k->pps[np];
        *pp = (rep_pp){.func = rf->func, .pc = i, .live_slots = ai->live_in_slots,
                       .union_slots = ai->union_slots};
        for (uint32_t q = 0; q < a->n_pps; q++)
          if (a->pps[q].insn == i) {
            pp->is_barrier = a->pps[q].is_barrier;
            pp->is_wait_point = a->pps[q].is_wait_point;
            if (a->pps[q].loop != AN_NONE) {
              uint32_t head = a->g.blocks[a->loops[a->pps[q].loop].header].first;
              pp->loop_line = a->fn->insns[head].loc.line;
            }
          }
        rf->pp_of[i] = np++;
      }
    }
  }
  const rep_func *kf = &k->funcs[l->kernel->func->index];
  k->est_regs = kf->an ? kf->an->est_regs : 0;
  k->pp_interval = rs->pp_interval;
  k->pag = rs->pag;
  return 0;
}

/* The kernel's totals, made on its first launch. */
static int kernel_find(report_state *rs, const simt_launch *l, rep_kernel **out)
{
  for (uint32_t i = 0; i < rs->n_kernels; i++)
    if (rs->kernels[i]->kernel == l->kernel) {
      *out = rs->kernels[i];
      return 0;
    }
  if (rs->n_kernels == rs->cap_kernels) {
    uint32_t cap = rs->cap_kernels ? 2 * rs->cap_kernels : 8;
    rep_kernel **ks = realloc(rs->kernels, cap * sizeof *ks);
    if (!ks)
      return PTX_ENOMEM;
    rs->kernels = ks;
    rs->cap_kernels = cap;
  }
  rep_kernel *k = calloc(1, sizeof *k);
  if (!k)
    return PTX_ENOMEM;
  int rc = kernel_setup(rs, k, l);
  if (rc) {
    kernel_free(k);
    return rc;
  }
  k->time_unit = rs->time_unit;
  k->skew_min = UINT64_MAX;
  memcpy(k->grid, l->grid, sizeof k->grid);
  memcpy(k->block, l->block, sizeof k->block);
  rs->kernels[rs->n_kernels++] = k;
  *out = k;
  return 0;
}

/* ---- CTAs in flight: open addressing on the linear id ------------------------ */

static rep_cta *cta_find(report_state *rs, uint32_t id)
{
  rep_cta *c = rs->last_cta;
  if (PTX_LIKELY(c && c->linear_id == id))
    return c;
  if (!rs->n_ctas_live)
    return NULL;
  uint32_t m = rs->cap_ctas - 1;
  for (uint32_t i = id & m;; i = (i + 1) & m) {
    if (!rs->ctas[i].is_used)
      return NULL;
    if (rs->ctas[i].linear_id == id)
      return rs->last_cta = &rs->ctas[i];
  }
}

/* Doubles the table (rehashing the CTAs in flight; spare warp arrays of
 * free slots are dropped). */
static int cta_grow(report_state *rs)
{
  uint32_t cap = rs->cap_ctas ? 2 * rs->cap_ctas : 4;
  rep_cta *t = calloc(cap, sizeof *t);
  if (!t)
    return PTX_ENOMEM;
  for (uint32_t i = 0; i < rs->cap_ctas; i++) {
    rep_cta *c = &rs->ctas[i];
    if (!c->is_used) {
      free(c->warps);
      continue;
    }
    uint32_t j = c->linear_id & (cap - 1);
    while (t[j].is_used)
      j = (j + 1) & (cap - 1);
    t[j] = *c;
  }
  free(rs->ctas);
  rs->ctas = t;
  rs->cap_ctas = cap;
  rs->last_cta = NULL;
  return 0;
}

static rep_cta *cta_insert(report_state *rs, uint32_t id, uint32_t n_warps)
{
  if (2 * (rs->n_ctas_live + 1) > rs->cap_ctas && cta_grow(rs))
    return NULL;
  uint32_t m = rs->cap_ctas - 1, i = id & m;
  while (rs->ctas[i].is_used)
    i = (i + 1) & m;
  rep_cta *c = &rs->ctas[i];
  if (c->cap_warps < n_warps) {
    rep_warp *ws = realloc(c->warps, n_warps * sizeof *ws);
    if (!ws)
      return NULL;
    c->warps = ws;
    c->cap_warps = n_warps;
  }
  c->is_used = true;
  c->linear_id = id;
  c->bar_at = NULL;
  c->bar_arrived = 0;
  c->n_warps = n_warps;
  rs->n_ctas_live++;
  return rs->last_cta = c;
}

/* Deletes by shifting later entries of the probe run back (no tombstones). */
static void cta_remove(report_state *rs, rep_cta *c)
{
  uint32_t m = rs->cap_ctas - 1, i = (uint32_t)(c - rs->ctas);
  rep_warp *spare = c->warps;
  uint32_t spare_cap = c->cap_warps;
  for (uint32_t j = (i + 1) & m; rs->ctas[j].is_used; j = (j + 1) & m) {
    uint32_t home = rs->ctas[j].linear_id & m;
    /* j's entry may move to the hole at i when i lies cyclically in
     * [home, j). */
    if (((j - home) & m) >= ((j - i) & m)) {
      rs->ctas[i] = rs->ctas[j];
      i = j;
    }
  }
  rs->ctas[i] = (rep_cta){.warps = spare, .cap_warps = spare_cap};
  rs->n_ctas_live--;
  rs->last_cta = NULL;
}

/* ---- the observer ------------------------------------------------------------ */

/* ---- report C: the live context of warps at points -------------------------- */

enum { REP_VECTOR_BYTES = 128 }; /* one 32-bit register of a warp */

/* TB-level compression at a barrier point: when the last live warp of the
 * CTA has executed the barrier (the observer counts arrivals per CTA),
 * every warp's registers are still the point's -- the barrier writes none
 * of the live ones, and no warp has run since it was released -- and all
 * warps share one live set (no divergence at a barrier). */
static void ctx_sample_tb(report_state *rs, rep_kernel *k, const simt_warp *w, rep_cta *s,
                          const rep_func *f, const simt_record *r)
{
  if (s->bar_at != r->insn)
    s->bar_at = r->insn, s->bar_arrived = 0;
  const simt_cta *c = w->cta;
  if (++s->bar_arrived < c->n_live_warps || c->n_warps > rs->cap_tb_warps)
    return;
  s->bar_arrived = 0;
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->n_warps; i++) {
    const simt_warp *o = &c->warps[i];
    if (o->is_done)
      continue;
    if (o->live & ~o->active)
      return; /* diverged: not one live set */
    rs->tb_frames[n] = o->r, rs->tb_lanes[n++] = o->live;
  }
  const uint64_t *set = an_set(f->an->live_in, f->an, r->pc);
  ctx_tb_sample t;
  ctx_tb_sample_of(f->an, f->slot_of, set, rs->tb_frames, rs->tb_lanes, n, rs->pag,
                   rs->tb_scratch, &t);
  rep_ctx *x = &k->ctx;
  uint64_t meta = ctx_pattern_vector_bytes(k->est_regs);
  x->tb_samples++;
  x->tb_slots += (uint64_t)t.slots * n;
  for (uint32_t i = 0; i < CTX_TB_CLASS_COUNT; i++)
    x->tb_cls[i] += (uint64_t)t.cls[i] * n;
  x->tb_bytes_live += (uint64_t)t.slots * n * REP_VECTOR_BYTES;
  x->tb_bytes_tb_cp += t.bytes_tb + n * meta + ctx_tb_global_vector_bytes(k->est_regs);
  for (uint32_t i = 0; i < n; i++) {
    ctx_sample ws;
    ctx_warp_sample(f->an, f->slot_of, set, rs->tb_frames[i], rs->tb_lanes[i], rs->pag, &ws);
    x->tb_bytes_live_cp += ws.bytes_cp + meta;
  }
}

/* w is about to issue its next instruction: when that is a point, the
 * warp stops there under preemption, with these registers. */
static void ctx_sample_warp(report_state *rs, rep_kernel *k, const simt_warp *w)
{
  const isa_insn *at = &w->code[w->pc];
  uint32_t fi = at->func->index;
  const rep_func *f = fi < k->n_funcs ? &k->funcs[fi] : NULL;
  if (!f || !f->slot_of || w->pc >= f->an->n_insns || f->pp_of[w->pc] == REP_NONE)
    return;
  const an_func *a = f->an;
  /* Lanes that have not exited but are not active wait at other pcs: the
   * union set (004 §1.4, what the dummy companion of pp carries). */
  bool diverged = (w->live & ~w->active) != 0;
  const uint64_t *set = an_set(diverged ? a->union_live : a->live_in, a, w->pc);
  ctx_sample s;
  ctx_warp_sample(a, f->slot_of, set, w->r, w->live, rs->pag, &s);
  rep_ctx *x = &k->ctx;
  uint64_t meta = ctx_pattern_vector_bytes(k->est_regs);
  x->samples++;
  x->diverged += diverged;
  x->live_slots += s.slots;
  for (uint32_t i = 0; i < CTX_PAT_COUNT; i++)
    x->pat[i] += s.pat[i], x->pat_vec[i] += s.pat_vec[i];
  x->bytes_occupied += (uint64_t)k->est_regs * REP_VECTOR_BYTES;
  x->bytes_live += (uint64_t)s.slots * REP_VECTOR_BYTES;
  x->bytes_live_cp += s.bytes_cp + meta;
  x->bytes_live_cp_vec += s.bytes_cp_vec + meta;
}

static void on_cta_begin(void *ctx, const simt_cta *c, uint64_t time)
{
  report_state *rs = ctx;
  rep_cta *s = cta_insert(rs, c->linear_id, c->n_warps);
  if (!s) {
    rs->cur->n_untracked++;
    return;
  }
  memcpy(s->ctaid, c->ctaid, sizeof s->ctaid);
  s->start = time;
  for (uint32_t i = 0; i < c->n_warps; i++)
    s->warps[i] = (rep_warp){.depth = 1, .frames = 1, .finish = UINT64_MAX};
  if (rs->flags & PTXSIM_REPORT_LIVENESS)
    for (uint32_t i = 0; i < c->n_warps; i++)
      if (!c->warps[i].is_done)
        ctx_sample_warp(rs, rs->cur, &c->warps[i]);
}

static void on_warp_done(void *ctx, const simt_warp *w, uint64_t time)
{
  report_state *rs = ctx;
  rep_cta *s = cta_find(rs, w->cta->linear_id);
  if (!s || w->warp_id >= s->n_warps)
    return;
  rep_warp *ws = &s->warps[w->warp_id];
  ws->finish = time - s->start;
  ws->n_pending = 0;
}

/* Adds a finished CTA to the warp-level totals and, while there is room,
 * to the list. */
static void cta_account(rep_kernel *k, uint32_t launch, const rep_cta *s, uint64_t end)
{
  uint64_t max_t = 0, min_t = UINT64_MAX;
  for (uint32_t i = 0; i < s->n_warps; i++) {
    uint64_t t = s->warps[i].finish == UINT64_MAX ? end : s->warps[i].finish;
    max_t = t > max_t ? t : max_t;
    min_t = t < min_t ? t : min_t;
  }
  double idle = 0;
  for (uint32_t i = 0; i < s->n_warps; i++) {
    uint64_t t = s->warps[i].finish == UINT64_MAX ? end : s->warps[i].finish;
    idle += (double)(max_t - t);
  }
  double rtru = max_t && s->n_warps ? idle / ((double)s->n_warps * (double)max_t) : 0.0;
  uint64_t skew = s->n_warps ? max_t - min_t : 0;
  k->n_ctas++;
  k->rtru_sum += rtru;
  if (rtru > 0)
    k->log_rtru_sum += log(rtru);
  else
    k->n_ctas_zero++;
  k->skew_sum += skew;
  k->skew_min = skew < k->skew_min ? skew : k->skew_min;
  k->skew_max = skew > k->skew_max ? skew : k->skew_max;
  if (k->n_finish + s->n_warps > REP_MAX_LISTED_WARPS)
    return;
  if (k->n_listed == k->cap_listed) {
    size_t cap = k->cap_listed ? 2 * k->cap_listed : 64;
    rep_cta_out *t = realloc(k->listed, cap * sizeof *t);
    if (!t)
      return;
    k->listed = t;
    k->cap_listed = cap;
  }
  if (k->n_finish + s->n_warps > k->cap_finish) {
    size_t cap = k->cap_finish ? 2 * k->cap_finish : 256;
    while (cap < k->n_finish + s->n_warps)
      cap *= 2;
    uint64_t *t = realloc(k->finish, cap * sizeof *t);
    if (!t)
      return;
    k->finish = t;
    k->cap_finish = cap;
  }
  rep_cta_out *o = &k->listed[k->n_listed++];
  *o = (rep_cta_out){.launch = launch, .n_warps = s->n_warps, .first = k->n_finish,
                     .skew = skew, .rtru = rtru};
  memcpy(o->ctaid, s->ctaid, sizeof o->ctaid);
  for (uint32_t i = 0; i < s->n_warps; i++)
    k->finish[k->n_finish++] = s->warps[i].finish == UINT64_MAX ? end : s->warps[i].finish;
}

static void on_cta_end(void *ctx, const simt_cta *c, uint64_t time)
{
  report_state *rs = ctx;
  rep_cta *s = cta_find(rs, c->linear_id);
  if (!s)
    return;
  cta_account(rs->cur, rs->launch_index, s, time - s->start);
  cta_remove(rs, s);
}

/* One trace line (report.h, README): CTA, warp, pc, PTX line, opcode,
 * masks and the stack depth at issue. */
static void trace_line(const report_state *rs, const simt_warp *w, const simt_record *r,
                       uint64_t time, uint32_t depth)
{
  const simt_cta *c = w->cta;
  if ((rs->trace_cta >= 0 && (uint64_t)rs->trace_cta != c->linear_id) ||
      (rs->trace_warp >= 0 && (uint64_t)rs->trace_warp != w->warp_id))
    return;
  const isa_insn *in = r->insn;
  fprintf(rs->trace,
          "t=%" PRIu64 " cta=(%u,%u,%u) warp=%u pc=%u line=%u %s%s%s active=%08x exec=%08x "
          "depth=%u\n",
          time, c->ctaid[0], c->ctaid[1], c->ctaid[2], w->warp_id, r->pc, in->ir->loc.line,
          in->ir->form->word->str, in->func != rs->launch->kernel->func ? " in " : "",
          in->func != rs->launch->kernel->func ? in->func->name : "", r->active, r->exec,
          depth);
}

/* Checks the divergences waiting for this pc (see the file comment). */
static void check_pending(rep_kernel *k, rep_warp *ws, const simt_warp *w, const simt_record *r,
                          uint32_t frames)
{
  for (uint32_t i = 0; i < ws->n_pending;) {
    rep_pending *p = &ws->pending[i];
    if (p->rpc != r->pc || p->func != r->insn->func || p->frames != frames) {
      i++;
      continue;
    }
    /* Lanes of the divergence that have not exited: w->live after this
     * instruction, plus the lanes it ended (an exit at the point). */
    uint32_t expected = p->mask & (w->live | r->exec);
    rep_branch *b = &k->branches[p->branch];
    k->n_reconv_checks++;
    b->n_reconv_checks++;
    if (expected & ~r->active) {
      k->n_reconv_violations++;
      b->n_reconv_violations++;
    }
    *p = ws->pending[--ws->n_pending];
  }
}

static void add_pending(rep_kernel *k, rep_warp *ws, const rep_branch *b, uint32_t bi,
                        uint32_t frames, uint32_t mask)
{
  for (uint32_t i = 0; i < ws->n_pending; i++) {
    rep_pending *p = &ws->pending[i];
    if (p->rpc == b->reconv && p->func == b->func && p->frames == frames) {
      /* The lanes of both must arrive together. */
      p->mask |= mask;
      p->branch = bi;
      return;
    }
  }
  if (ws->n_pending == REP_MAX_PENDING) {
    k->n_untracked++;
    return;
  }
  ws->pending[ws->n_pending++] =
    (rep_pending){.rpc = b->reconv, .frames = frames, .func = b->func, .mask = mask,
                  .branch = bi};
}

static void on_insn(void *ctx, const simt_warp *w, const simt_record *r, uint64_t time)
{
  report_state *rs = ctx;
  rep_kernel *k = rs->cur;
  rep_cta *s = cta_find(rs, w->cta->linear_id);
  rep_warp *ws = s && w->warp_id < s->n_warps ? &s->warps[w->warp_id] : NULL;
  uint32_t depth = ws ? ws->depth : r->depth;
  uint32_t frames = ws ? ws->frames : w->n_frames;
  if (rs->trace)
    trace_line(rs, w, r, time, depth);
  uint32_t active_lanes = (uint32_t)__builtin_popcount(r->active);
  k->warp_insns++;
  k->thread_insns += active_lanes;
  k->lanes_hist[__builtin_popcount(r->exec)]++;
  k->depth_hist[depth < REP_DEPTH_BINS ? depth : REP_DEPTH_BINS - 1]++;
  k->max_depth = depth > k->max_depth ? depth : k->max_depth;
  uint32_t fi = r->insn->func->index;
  const rep_func *f = fi < k->n_funcs ? &k->funcs[fi] : NULL;
  if (f && f->an && r->pc < f->an->n_insns) {
    if (ws && ws->n_pending)
      check_pending(k, ws, w, r, frames);
    uint32_t bi = f->branch_of[r->pc];
    if (bi != REP_NONE) {
      rep_branch *b = &k->branches[bi];
      b->n_exec++;
      b->active_lanes += active_lanes;
      b->taken_threads += (uint32_t)__builtin_popcount(r->exec);
      b->not_taken_threads += (uint32_t)__builtin_popcount(r->active & ~r->exec);
      b->max_depth = r->depth > b->max_depth ? r->depth : b->max_depth;
      bool is_split = !r->is_warp_done && r->next_active && r->next_active != r->active &&
                      (r->next_active & ~r->active) == 0;
      if (is_split) {
        b->n_divergent++;
        if (ws && b->reconv != AN_NONE)
          add_pending(k, ws, b, bi, frames, r->active);
      }
    }
    uint32_t pi = f->pp_of[r->pc];
    if (pi != REP_NONE) {
      rep_pp *pp = &k->pps[pi];
      pp->hits++;
      k->pp_hits++;
      k->pp_live_sum += pp->live_slots;
      k->pp_union_sum += pp->union_slots;
    }
  }
  if (ws) {
    ws->depth = r->depth;
    ws->frames = w->n_frames;
  }
  if (rs->flags & PTXSIM_REPORT_LIVENESS) {
    if (f && f->slot_of && r->pc < f->an->n_insns && f->pp_of[r->pc] != REP_NONE &&
        k->pps[f->pp_of[r->pc]].is_barrier && s && r->exec)
      ctx_sample_tb(rs, k, w, s, f, r);
    if (!r->is_warp_done && !w->is_done)
      ctx_sample_warp(rs, k, w);
  }
}

/* ---- launches -------------------------------------------------------------- */

int report_attach(report_state *rs, simt_launch *l)
{
  if (!report_is_enabled(rs))
    return 0;
  rep_kernel *k;
  int rc = kernel_find(rs, l, &k);
  if (rc)
    return rc;
  if (!rs->pag_option)
    rs->pag = ctx_pag_for_block(0, l->block);
  k->pag = rs->pag;
  uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
  uint32_t n_warps = (uint32_t)((threads + SIMT_WARP_SIZE - 1) / SIMT_WARP_SIZE);
  if ((rs->flags & PTXSIM_REPORT_LIVENESS) && n_warps > rs->cap_tb_warps) {
    uint32_t *scratch = malloc((size_t)n_warps * SIMT_WARP_SIZE * sizeof *scratch);
    const uint64_t **frames = malloc(n_warps * sizeof *frames);
    uint32_t *lanes = malloc(n_warps * sizeof *lanes);
    if (!scratch || !frames || !lanes) {
      free(scratch), free(frames), free(lanes);
      return PTX_ENOMEM;
    }
    free(rs->tb_scratch), free(rs->tb_frames), free(rs->tb_lanes);
    rs->tb_scratch = scratch, rs->tb_frames = frames, rs->tb_lanes = lanes;
    rs->cap_tb_warps = n_warps;
  }
  rs->cur = k;
  rs->launch = l;
  rs->launch_index = k->n_launches++;
  rs->observer = (simt_observer){.ctx = rs,
                                 .on_insn = on_insn,
                                 .on_warp_done = on_warp_done,
                                 .on_cta_begin = on_cta_begin,
                                 .on_cta_end = on_cta_end};
  /* The preemption report alone needs no observer (report_preempt.c). */
  if ((rs->flags & ~(unsigned)PTXSIM_REPORT_PREEMPTION) || rs->trace)
    l->observer = &rs->observer;
  if (rs->trace)
    fprintf(rs->trace, "# kernel %s grid (%u,%u,%u) block (%u,%u,%u)\n", l->kernel->func->name,
            l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
  return 0;
}

void report_finish(report_state *rs, simt_launch *l)
{
  if (!rs || rs->launch != l)
    return;
  if (l->status)
    rs->cur->n_failed++;
  /* CTAs that never ended (the launch stopped) are dropped. */
  for (uint32_t i = 0; i < rs->cap_ctas; i++)
    rs->ctas[i].is_used = false;
  rs->n_ctas_live = 0;
  rs->last_cta = NULL;
  /* A trace on stdout keeps its place among the kernel's output.  A file
   * is not flushed here: a failed flush would drop the buffer and its
   * errno, and whoever closes the file must be able to say why. */
  if (rs->trace == stdout)
    fflush(rs->trace);
  l->observer = NULL;
  rs->launch = NULL;
  rs->cur = NULL;
}
