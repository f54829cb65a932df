/* check_report_observe.c -- the report observer (src/report_observe.c)
 * driven the way the timing model drives it: many CTAs resident at once,
 * their warps stepped one instruction each per "cycle" with simt_step,
 * CTAs ending and new ones beginning in an order chosen to make their
 * linear ids collide in the observer's table of CTAs in flight.  The
 * numbers that come out must be those of each CTA alone, derived by hand
 * below; the time unit is the one the driver declared ("cycles").
 *
 * Timing of this driver: a CTA that begins at cycle s runs each warp's
 * k-th instruction (k from 0) at cycle s + k and reports the warp done at
 * s + m (m instructions): a warp's finish, relative to its CTA's start,
 * is its instruction count m.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "isa/isa_prog.h"
#include "isa/simt.h"
#include "ptxsim.h"
#include "src/report_int.h"
#include "tests/reports/json_mini.h"

typedef struct bench {
  ptx_module *ir;
  isa_program *prog;
  simt_mem mem;
  simt_launch l;
  report_state *rs;
} bench;

static int no_vars(void *ctx, const ptx_var *v, uint64_t *addr)
{
  (void)ctx, (void)v, (void)addr;
  return PTX_EINVAL;
}

static void bench_open(bench *b, const char *kernel, uint32_t n_ctas, uint32_t block,
                       const void *param, size_t param_size)
{
  memset(b, 0, sizeof *b);
  char path[4096];
  const char *src = getenv("srcdir");
  snprintf(path, sizeof path, "%s/tests/reports/known.ptx", src && *src ? src : ".");
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(ptx_parse_file(path, &d, &b->ir), 0);
  ck_assert_int_eq(isa_decode(b->ir, no_vars, NULL, &d, &b->prog), 0);
  ptx_diag_free(&d);
  simt_mem_init(&b->mem);
  simt_launch *l = &b->l;
  l->mem = &b->mem;
  l->prog = b->prog;
  l->kernel = isa_program_kernel(b->prog, kernel);
  ck_assert_ptr_nonnull(l->kernel);
  l->grid[0] = n_ctas, l->grid[1] = l->grid[2] = 1;
  l->block[0] = block, l->block[1] = l->block[2] = 1;
  l->out = stdout;
  l->stack_limit = 1024;
  l->param_bytes = l->kernel->param_bytes;
  l->params = calloc(1, l->param_bytes + 8);
  ck_assert_ptr_nonnull(l->params);
  memcpy(l->params, param, param_size);
  ck_assert_int_eq(report_state_create(&b->rs), 0);
  b->rs->flags = PTXSIM_REPORT_DIVERGENCE | PTXSIM_REPORT_LIVENESS;
  report_set_time_unit(b->rs, "cycles");
  ck_assert_int_eq(report_attach(b->rs, l), 0);
  ck_assert_ptr_nonnull(l->observer);
}

static void bench_close(bench *b)
{
  report_state_free(b->rs);
  simt_launch_release(&b->l);
  simt_mem_release(&b->mem);
  isa_program_free(b->prog);
  ptx_module_free(b->ir);
}

/* Runs the CTAs of the launch in the order given, at most max_resident
 * at a time (see the file comment). */
static void run_concurrent(simt_launch *l, const uint32_t *order, uint32_t n_ctas,
                           uint32_t max_resident)
{
  const simt_observer *ob = l->observer;
  simt_cta *slots = calloc(max_resident, sizeof *slots);
  bool *busy = calloc(max_resident, sizeof *busy);
  ck_assert(slots && busy);
  uint32_t next = 0, live = 0;
  uint64_t t = 0;
  for (uint32_t s = 0; s < max_resident && next < n_ctas; s++) {
    ck_assert_int_eq(simt_cta_init(l, &slots[s], order[next++]), 0);
    ob->on_cta_begin(ob->ctx, &slots[s], t);
    busy[s] = true;
    live++;
  }
  while (live) {
    for (uint32_t s = 0; s < max_resident; s++) {
      if (!busy[s])
        continue;
      for (uint32_t i = 0; i < slots[s].n_warps; i++) {
        simt_warp *w = &slots[s].warps[i];
        if (!simt_warp_can_step(w))
          continue;
        simt_record rec;
        ck_assert_int_eq(simt_step(w, &rec), 0);
        ob->on_insn(ob->ctx, w, &rec, t);
        if (rec.is_warp_done)
          ob->on_warp_done(ob->ctx, w, t + 1);
      }
    }
    t++;
    for (uint32_t s = 0; s < max_resident; s++) {
      if (!busy[s] || slots[s].n_live_warps)
        continue;
      ob->on_cta_end(ob->ctx, &slots[s], t);
      busy[s] = false;
      live--;
      if (next < n_ctas) {
        ck_assert_int_eq(simt_cta_init(l, &slots[s], order[next++]), 0);
        ob->on_cta_begin(ob->ctx, &slots[s], t);
        busy[s] = true;
        live++;
      }
    }
  }
  for (uint32_t s = 0; s < max_resident; s++)
    simt_cta_free(&slots[s]);
  free(slots);
  free(busy);
}

static jv *report(bench *b)
{
  report_finish(b->rs, &b->l);
  ck_assert_ptr_null(b->l.observer);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(report_write_json(b->rs, f), 0);
  fclose(f);
  char err[256];
  jv *root = jv_parse(text, err, sizeof err);
  ck_assert_msg(root != NULL, "%s", err);
  free(text);
  return root;
}

/* 64 CTAs of k_work (2 warps), n = 10, at most 9 at a time, begun in the
 * order 0, 16, 32, 48, 1, 17, ... so that ids sharing a table slot are in
 * flight together.  CTA c: warp 0 runs T0 = 11 + 9n(c+1) instructions,
 * warp 1 T1 = 11 + 3n(c+1); RTRU (T0 - T1) / (2 T0), skew T0 - T1.  The
 * loop branch runs 3n(c+1) + n(c+1) times per CTA, never diverging. */
START_TEST(many_ctas_in_flight)
{
  enum { N_CTAS = 64, N = 10 };
  bench b;
  uint32_t n = N;
  bench_open(&b, "k_work", N_CTAS, 64, &n, sizeof n);
  uint32_t order[N_CTAS];
  for (uint32_t k = 0; k < N_CTAS; k++)
    order[k] = (k % 4) * 16 + k / 4;
  run_concurrent(&b.l, order, N_CTAS, 9);
  jv *root = report(&b);
  const jv *k = jv_at(jv_get(root, "reports"), 0);
  const jv *t = jv_get(k, "time_unit");
  ck_assert_str_eq(t->str, "cycles");
  const jv *d = jv_get(k, "divergence");
  const jv *w = jv_get(d, "warps");
  ck_assert_int_eq((int)jv_getnum(w, "ctas"), N_CTAS);
  const jv *list = jv_get(w, "cta_list");
  ck_assert_uint_eq(jv_len(list), N_CTAS);
  double log_sum = 0, execs = 0;
  bool seen[N_CTAS] = {false};
  for (uint32_t i = 0; i < N_CTAS; i++) {
    const jv *c = jv_at(list, i);
    uint32_t id = (uint32_t)jv_num(jv_at(jv_get(c, "cta"), 0));
    ck_assert_uint_lt(id, N_CTAS);
    ck_assert(!seen[id]);
    seen[id] = true;
    double t0 = 11 + 9.0 * N * (id + 1), t1 = 11 + 3.0 * N * (id + 1);
    const jv *fin = jv_get(c, "finish");
    ck_assert_msg(jv_num(jv_at(fin, 0)) == t0 && jv_num(jv_at(fin, 1)) == t1,
                  "cta %u: finish %g %g, expected %g %g", id, jv_num(jv_at(fin, 0)),
                  jv_num(jv_at(fin, 1)), t0, t1);
    ck_assert(fabs(jv_getnum(c, "rtru") - (t0 - t1) / (2 * t0)) < 1e-6);
    ck_assert(jv_getnum(c, "skew") == t0 - t1);
    log_sum += log((t0 - t1) / (2 * t0));
    execs += 4.0 * N * (id + 1);
  }
  ck_assert(fabs(jv_getnum(w, "rtru_geomean") - exp(log_sum / N_CTAS)) < 1e-6);
  const jv *br = jv_at(jv_get(d, "branches"), 0);
  ck_assert(jv_getnum(br, "executions") == execs);
  ck_assert(jv_getnum(br, "divergent") == 0);
  jv_free(root);
  bench_close(&b);
}
END_TEST

/* 40 CTAs of k_loop (2 full warps each), 6 at a time, in the order 0, 8,
 * 16, 24, 32, 1, 9, ...: every warp as in check_reports' loop test (31
 * divergent loop tests, one reconvergence check, 134 instructions), so
 * the pending divergences of warps in different CTAs must not mix. */
START_TEST(pending_divergences_stay_with_their_warp)
{
  enum { N_CTAS = 40 };
  bench b;
  uint64_t out = 0;
  bench_open(&b, "k_loop", N_CTAS, 64, &out, sizeof out);
  ck_assert_int_eq(simt_mem_alloc(&b.mem, 64 * 4, SIMT_ALLOC_HEAP, NULL, &out), 0);
  memcpy(b.l.params, &out, sizeof out);
  uint32_t order[N_CTAS];
  for (uint32_t k = 0; k < N_CTAS; k++)
    order[k] = (k % 5) * 8 + k / 5;
  run_concurrent(&b.l, order, N_CTAS, 6);
  jv *root = report(&b);
  const jv *d = jv_get(jv_at(jv_get(root, "reports"), 0), "divergence");
  const jv *br = jv_at(jv_get(d, "branches"), 0);
  double warps = 2.0 * N_CTAS;
  ck_assert(jv_getnum(br, "executions") == 32 * warps);
  ck_assert(jv_getnum(br, "divergent") == 31 * warps);
  ck_assert(jv_getnum(br, "reconv_checks") == warps);
  ck_assert(jv_getnum(br, "reconv_violations") == 0);
  ck_assert(jv_getnum(d, "warp_instructions") == 134 * warps);
  const jv *depth = jv_get(d, "depth_histogram");
  ck_assert(jv_num(jv_at(depth, 1)) == 10 * warps && jv_num(jv_at(depth, 2)) == 124 * warps);
  const jv *list = jv_get(jv_get(d, "warps"), "cta_list");
  for (size_t i = 0; i < jv_len(list); i++) {
    const jv *fin = jv_get(jv_at(list, i), "finish");
    ck_assert(jv_num(jv_at(fin, 0)) == 134 && jv_num(jv_at(fin, 1)) == 134);
  }
  jv_free(root);
  bench_close(&b);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("report_observe");
  TCase *tc = tcase_create("concurrent");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, many_ctas_in_flight);
  tcase_add_test(tc, pending_divergences_stay_with_their_warp);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
