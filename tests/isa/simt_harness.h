/* simt_harness.h -- hand-written PTX run one warp instruction at a time
 * through the functional core's own interface (isa/simt.h), for the tests
 * that look at what a step does: the dynamic instruction record
 * (check_simt_record.c) and saving and restoring a warp's context
 * (check_simt_context.c).  A one-CTA launch on a private device memory;
 * the caller steps the warps (sh_step_any) and inspects them.
 */
#ifndef PTXSIM_TESTS_ISA_SIMT_HARNESS_H
#define PTXSIM_TESTS_ISA_SIMT_HARNESS_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "frontend/ptx_parse.h"
#include "isa/isa_prog.h"
#include "isa/simt.h"
#include "isa/simt_mem.h"

#define SH_HEADER ".version 7.0\n.target sm_75\n.address_size 64\n"

typedef struct sh_run {
  ptx_module *m;
  isa_program *prog;
  simt_mem mem;
  simt_launch l;
  simt_cta cta;
} sh_run;

/* Module variables (.global, .const) get device memory. */
static inline int sh_resolve(void *ctx, const ptx_var *v, uint64_t *addr)
{
  sh_run *r = ctx;
  uint64_t n = ptx_var_size_bytes(v);
  return simt_mem_alloc(&r->mem, n ? n : 1, SIMT_ALLOC_GLOBAL, NULL, addr);
}

/* Parses and decodes ptx; fails the test with the messages. */
static inline void sh_load(sh_run *r, const char *ptx)
{
  memset(r, 0, sizeof *r);
  simt_mem_init(&r->mem);
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  int rc = ptx_parse_string(ptx, strlen(ptx), "test.ptx", &d, &r->m);
  ck_assert_msg(rc == 0, "parse: %s", ptx_diag_text(&d));
  rc = isa_decode(r->m, sh_resolve, r, &d, &r->prog);
  ck_assert_msg(rc == 0, "decode: %s", ptx_diag_text(&d));
  ptx_diag_free(&d);
}

/* A device buffer holding bytes of data (zeros when data is NULL). */
static inline uint64_t sh_buf(sh_run *r, const void *data, size_t bytes)
{
  uint64_t a;
  ck_assert_int_eq(simt_mem_alloc(&r->mem, bytes, SIMT_ALLOC_HEAP, NULL, &a), 0);
  if (data)
    memcpy(simt_mem_host(&r->mem, a, bytes), data, bytes);
  return a;
}

static inline void *sh_host(sh_run *r, uint64_t addr, size_t bytes)
{
  void *h = simt_mem_host(&r->mem, addr, bytes);
  ck_assert_ptr_nonnull(h);
  return h;
}

/* Sets up kernel k's launch of one CTA of block threads with the given
 * 64-bit arguments (each copied at its parameter's size). */
static inline void sh_launch(sh_run *r, const char *k, uint32_t block, const uint64_t *args,
                             uint32_t n_args)
{
  const isa_kernel *kern = isa_program_kernel(r->prog, k);
  ck_assert_ptr_nonnull(kern);
  ck_assert_uint_eq(kern->n_params, n_args);
  simt_launch *l = &r->l;
  memset(l, 0, sizeof *l);
  l->mem = &r->mem;
  l->prog = r->prog;
  l->kernel = kern;
  l->grid[0] = l->grid[1] = l->grid[2] = 1;
  l->block[0] = block;
  l->block[1] = l->block[2] = 1;
  l->stack_limit = 1024;
  l->param_bytes = kern->param_bytes;
  l->params = calloc(1, kern->param_bytes ? kern->param_bytes : 1);
  ck_assert_ptr_nonnull(l->params);
  for (uint32_t i = 0; i < n_args; i++)
    memcpy(l->params + kern->param_offset[i], &args[i], kern->param_size[i]);
  ck_assert_int_eq(simt_cta_init(l, &r->cta, 0), 0);
}

/* Steps the first warp at or after *next (round robin) that can step,
 * releasing barriers when none can; the record goes to rec.  Returns
 * the warp stepped, or NULL when every warp is done.  Fails the test when
 * the launch stops with an error. */
static inline simt_warp *sh_step_any(sh_run *r, uint32_t *next, simt_record *rec)
{
  simt_cta *c = &r->cta;
  for (int round = 0; round < 2; round++) {
    for (uint32_t i = 0; i < c->n_warps; i++) {
      simt_warp *w = &c->warps[(*next + i) % c->n_warps];
      if (!simt_warp_can_step(w))
        continue;
      int rc = simt_step(w, rec);
      ck_assert_msg(rc == 0, "%s", r->l.message ? r->l.message : "step failed");
      *next = (*next + i + 1) % c->n_warps;
      return w;
    }
    bool any = false;
    for (uint32_t i = 0; i < c->n_warps; i++)
      any |= !c->warps[i].is_done;
    if (!any)
      return NULL;
    ck_assert_int_eq(simt_cta_unblock(&r->l, c), 0);
  }
  ck_abort_msg("no warp can step");
  return NULL;
}

static inline void sh_free(sh_run *r)
{
  simt_cta_free(&r->cta);
  simt_launch_release(&r->l);
  isa_program_free(r->prog);
  ptx_module_free(r->m);
  simt_mem_release(&r->mem);
}

#endif /* PTXSIM_TESTS_ISA_SIMT_HARNESS_H */
