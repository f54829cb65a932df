/* pol_dispatch_tb.c -- TB-level CTA dispatch (GPGPU-Sim's; 000-warpman.md
 * §2.1), the "tb" dispatcher.
 *
 * Each SM's free threads, CTA slots, registers and shared memory are
 * pol_cta's counters.  A CTA goes to an SM when both they and the SM's
 * slot tables have room for all of it; all its warps start at once, and
 * it gives everything back when its last warp has finished (on_cta_done;
 * a single warp's end frees nothing).  A round visits every SM once,
 * starting at `rr`, which moves on by one SM per round, and gives each SM
 * at most one CTA, in grid order; it stops when the grid is dispatched.
 * Another round next cycle is worth it only while this one placed
 * something: room appears only when a CTA finishes, which says so.
 *
 * SMs of different capacities (pol_dispatch_setup.sm_lim) just have
 * different counters: a CTA skips an SM it does not fit on.
 *
 * The rounds allocate nothing: the per-SM counters are made at create().
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/ptx_diag.h"
#include "policies/pol_dispatch_int.h"

typedef struct tb {
  pol_dispatch_sm sm;
  pol_cta_needs needs;     /* of every CTA */
  uint32_t n_sms, n_ctas;
  uint32_t next_cta;       /* the first CTA not dispatched */
  uint32_t rr;             /* the SM a round tries first */
  pol_cta_sm *res;         /* per SM: what is free */
} tb;

static int tb_create(const pol_dispatch_params *p, const pol_dispatch_setup *s, void **self,
                     char *err, size_t errlen)
{
  (void)p;
  tb *d = calloc(1, sizeof *d);
  pol_cta_sm *res = calloc(s->n_sms, sizeof *res);
  if (!d || !res) {
    free(d);
    free(res);
    snprintf(err, errlen, "CTA dispatcher 'tb': out of memory");
    return PTX_ENOMEM;
  }
  d->sm = s->sm;
  d->needs = s->needs;
  d->n_sms = s->n_sms;
  d->n_ctas = s->n_ctas;
  d->res = res;
  for (uint32_t i = 0; i < s->n_sms; i++)
    pol_cta_sm_init(&d->res[i], s->sm_lim ? &s->sm_lim[i] : &s->lim);
  *self = d;
  return 0;
}

static void tb_destroy(void *self)
{
  tb *d = self;
  free(d->res);
  free(d);
}

static int tb_dispatch(void *self, uint64_t now, bool *again)
{
  tb *d = self;
  bool placed_any = false;
  for (uint32_t i = 0; i < d->n_sms && d->next_cta < d->n_ctas; i++) {
    uint32_t s = (d->rr + i) % d->n_sms;
    if (!pol_cta_can_place(&d->res[s], &d->needs) ||
        !d->sm.has_room(d->sm.ctx, s, d->needs.warps))
      continue;
    pol_cta_place(&d->res[s], &d->needs);
    int rc = d->sm.start_cta(d->sm.ctx, s, d->next_cta++, d->needs.warps, now);
    if (rc)
      return rc;
    placed_any = true;
  }
  d->rr = (d->rr + 1) % d->n_sms;
  *again = placed_any && d->next_cta < d->n_ctas;
  return 0;
}

static bool tb_on_warp_done(void *self, uint32_t sm, uint32_t cta_id, uint32_t warp_id)
{
  (void)self, (void)sm, (void)cta_id, (void)warp_id;
  return false;
}

static bool tb_on_cta_done(void *self, uint32_t sm, uint32_t cta_id)
{
  (void)cta_id;
  tb *d = self;
  assert(sm < d->n_sms);
  pol_cta_release(&d->res[sm], &d->needs);
  return d->next_cta < d->n_ctas;
}

static uint32_t tb_n_waiting(const void *self)
{
  const tb *d = self;
  return d->n_ctas - d->next_cta;
}

const pol_dispatch_ops pol_dispatch_tb_ops = {
  .cls = {.name = "tb",
          .doc = "TB-level: a whole CTA when all its resources fit, released when it ends"},
  .create = tb_create,
  .destroy = tb_destroy,
  .dispatch = tb_dispatch,
  .on_warp_done = tb_on_warp_done,
  .on_cta_done = tb_on_cta_done,
  .n_waiting = tb_n_waiting,
};
