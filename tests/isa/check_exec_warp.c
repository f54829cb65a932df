/* check_exec_warp.c -- the warp-level and control-flow forms of the corpus
 * census run end to end through the public API: shfl.sync in every mode
 * (offsets past the segment, clamp values, segment masks, predicate
 * output), vote.sync all/any/ballot, match.any/all.sync, redux.sync,
 * activemask, these with partial member masks in divergent code, and bra,
 * bra.uni, call, call.uni, ret, exit, trap, nanosleep, bar.sync,
 * barrier.sync, bar.red and bar.warp.sync.
 *
 * Full-warp forms go through the generic harness with a reference that
 * sees the whole warp (PTX ISA shfl.sync pseudo-code, vote, match, redux);
 * the rest are hand-written kernels whose results are computed here from
 * the same inputs.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/isa/exec_harness.h"

/* ---- warp references (32 lanes, all active) --------------------------------------- */

enum { SH_UP, SH_DOWN, SH_BFLY, SH_IDX };

/* PTX ISA shfl.sync: b[4:0] lane or offset, c[4:0] clamp, c[12:8]
 * segment mask; out of range copies the own value and clears p.  p1: mode;
 * p2: immediate b (>= 0) and c (p2 >> 8) instead of the inputs. */
static void w_shfl(const ex_case *c, const uint64_t *in, uint64_t *out)
{
  for (int lane = 0; lane < 32; lane++) {
    uint32_t bv = (uint32_t)in[lane * 3 + 1], cv = (uint32_t)in[lane * 3 + 2];
    if (c->p2) {
      bv = (uint32_t)c->p2 & 0xff;
      cv = (uint32_t)c->p2 >> 8;
    }
    int b = (int)(bv & 31), cval = (int)(cv & 31), seg = (int)((cv >> 8) & 31);
    int max_lane = (lane & seg) | (cval & ~seg), min_lane = lane & seg, j;
    bool p;
    switch (c->p1) {
    case SH_UP: j = lane - b; p = j >= max_lane; break;
    case SH_DOWN: j = lane + b; p = j <= max_lane; break;
    case SH_BFLY: j = lane ^ b; p = j <= max_lane; break;
    default: j = min_lane | (b & ~seg); p = j <= max_lane; break;
    }
    if (!p)
      j = lane;
    out[lane * 2] = in[j * 3] & 0xffffffff;
    out[lane * 2 + 1] = p;
  }
}

/* vote.sync (p1: 0 all, 1 any, 2 ballot; p2: the input negated). */
static void w_vote(const ex_case *c, const uint64_t *in, uint64_t *out)
{
  uint32_t bal = 0;
  for (int lane = 0; lane < 32; lane++)
    bal |= (uint32_t)((in[lane * 3] & 1) ^ (uint64_t)(c->p2 != 0)) << lane;
  uint64_t r = c->p1 == 0 ? bal == 0xffffffff : c->p1 == 1 ? bal != 0 : bal;
  for (int lane = 0; lane < 32; lane++)
    out[lane * 2] = r;
}

/* match.sync (p1: 0 any, 1 all). */
static void w_match(const ex_case *c, const uint64_t *in, uint64_t *out)
{
  bool all = true;
  for (int lane = 0; lane < 32; lane++) {
    uint32_t m = 0;
    for (int k = 0; k < 32; k++)
      if (in[k * 3] == in[lane * 3])
        m |= 1u << k;
    out[lane * 2] = m;
    all = all && in[lane * 3] == in[0];
  }
  if (c->p1)
    for (int lane = 0; lane < 32; lane++) {
      out[lane * 2] = all ? 0xffffffff : 0;
      out[lane * 2 + 1] = all;
    }
}

/* redux.sync (p1: 0 add, 1 min, 2 max, 3 and, 4 or, 5 xor; sg: signed). */
static void w_redux(const ex_case *c, const uint64_t *in, uint64_t *out)
{
  uint32_t r = (uint32_t)in[0];
  for (int lane = 1; lane < 32; lane++) {
    uint32_t v = (uint32_t)in[lane * 3];
    bool lt = c->sg ? (int32_t)v < (int32_t)r : v < r;
    switch (c->p1) {
    case 0: r += v; break;
    case 1: r = lt ? v : r; break;
    case 2: r = (!lt && v != r) ? v : r; break;
    case 3: r &= v; break;
    case 4: r |= v; break;
    default: r ^= v; break;
    }
  }
  for (int lane = 0; lane < 32; lane++)
    out[lane * 2] = r;
}

static void w_activemask(const ex_case *c, const uint64_t *in, uint64_t *out)
{
  for (int lane = 0; lane < 32; lane++)
    out[lane * 2] = 0xffffffff;
}

#define WCASE(f, n, b, i0, i1, i2, g0, g1, g2, o0, o1, r, S, P1, P2)                             \
  {.fam = f, .name = n, .body = b, .in = {i0, i1, i2}, .gen = {g0, g1, g2}, .out = {o0, o1},    \
   .wref = r, .sg = S, .p1 = P1, .p2 = P2, .n_random = 1024}
#define SHFL(n, mode)                                                                            \
  WCASE("shfl", n, n " %od|%oe, %ia, %ib, %ic, 0xffffffff;", K_R, K_R, K_R, G_LANE, G_WOFF,      \
        G_SEGC, K_R, K_P, w_shfl, 0, mode, 0)
#define VOTE(n, b, k, kind, neg) WCASE("vote", n, b, K_P, 0, 0, G_WP, 0, 0, kind, 0, w_vote, 0, k, neg)
#define REDUX(n, op, sg) WCASE("redux", n, n " %od, %ia, 0xffffffff;", K_R, 0, 0, G_LANE, 0, 0, K_R, 0, w_redux, sg, op, 0)

static const ex_case cases[] = {
  SHFL("shfl.sync.up.b32", SH_UP),
  SHFL("shfl.sync.down.b32", SH_DOWN),
  SHFL("shfl.sync.bfly.b32", SH_BFLY),
  SHFL("shfl.sync.idx.b32", SH_IDX),
  WCASE("shfl", "shfl.sync.down.b32", "shfl.sync.down.b32 %od, %ia, 1, 0x1f, -1;", K_R, 0, 0,
        G_LANE, 0, 0, K_R, 0, w_shfl, 0, SH_DOWN, 0x1f01),
  WCASE("shfl", "shfl.sync.up.b32", "shfl.sync.up.b32 %od|%oe, %ia, 4, 0x1800, -1;", K_R, 0, 0,
        G_LANE, 0, 0, K_R, K_P, w_shfl, 0, SH_UP, 0x180004),
  WCASE("shfl", "shfl.sync.bfly.b32", "shfl.sync.bfly.b32 %od, %ia, 16, 0x1f, -1;", K_R, 0, 0,
        G_LANE, 0, 0, K_R, 0, w_shfl, 0, SH_BFLY, 0x1f10),
  WCASE("shfl", "shfl.sync.idx.b32", "shfl.sync.idx.b32 %od|%oe, %ia, 5, 0x101f, -1;", K_R, 0, 0,
        G_LANE, 0, 0, K_R, K_P, w_shfl, 0, SH_IDX, 0x101f05),
  VOTE("vote.sync.all.pred", "vote.sync.all.pred %od, %ia, 0xffffffff;", 0, K_P, 0),
  VOTE("vote.sync.any.pred", "vote.sync.any.pred %od, %ia, 0xffffffff;", 1, K_P, 0),
  VOTE("vote.sync.ballot.b32", "vote.sync.ballot.b32 %od, %ia, 0xffffffff;", 2, K_R, 0),
  VOTE("vote.ballot.sync.b32", "vote.ballot.sync.b32 %od, %ia, 0xffffffff;", 2, K_R, 0),
  VOTE("vote.sync.all.pred", "vote.sync.all.pred %od, !%ia, 0xffffffff;", 0, K_P, 1),
  VOTE("vote.sync.any.pred", "vote.sync.any.pred %od, !%ia, -1;", 1, K_P, 1),
  VOTE("vote.sync.ballot.b32", "vote.sync.ballot.b32 %od, !%ia, -1;", 2, K_R, 1),
  WCASE("match", "match.any.sync.b32", "match.any.sync.b32 %od, %ia, 0xffffffff;", K_R, 0, 0,
        G_WSMALL, 0, 0, K_R, 0, w_match, 0, 0, 0),
  WCASE("match", "match.any.sync.b64", "match.any.sync.b64 %od, %ia, 0xffffffff;", K_L, 0, 0,
        G_WSMALL, 0, 0, K_R, 0, w_match, 0, 0, 0),
  WCASE("match", "match.all.sync.b32", "match.all.sync.b32 %od|%oe, %ia, 0xffffffff;", K_R, 0, 0,
        G_WSMALL, 0, 0, K_R, K_P, w_match, 0, 1, 0),
  WCASE("match", "match.all.sync.b64", "match.all.sync.b64 %od|%oe, %ia, 0xffffffff;", K_L, 0, 0,
        G_WSMALL, 0, 0, K_R, K_P, w_match, 0, 1, 0),
  REDUX("redux.sync.add.s32", 0, 1),
  REDUX("redux.sync.add.u32", 0, 0),
  REDUX("redux.sync.min.u32", 1, 0),
  REDUX("redux.sync.min.s32", 1, 1),
  REDUX("redux.sync.max.s32", 2, 1),
  REDUX("redux.sync.max.u32", 2, 0),
  REDUX("redux.sync.and.b32", 3, 0),
  REDUX("redux.sync.or.b32", 4, 0),
  REDUX("redux.sync.xor.b32", 5, 0),
  WCASE("activemask", "activemask.b32", "activemask.b32 %od;", 0, 0, 0, 0, 0, 0, K_R, 0,
        w_activemask, 0, 0, 0),
};

/* ---- partial member masks in divergent code ------------------------------------------ */

/* Per thread: in = {value, small, membermask, source lane}.  Threads in
 * their warp's mask branch to a region where activemask, vote, shfl.idx,
 * redux and match run with that mask; out: 8 words per thread. */
static const char *const partial_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pin, .param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %r<24>; .reg .b64 %x<8>; .reg .pred %p<8>;\n"
  "  mov.u32 %r0, %tid.x; and.b32 %r1, %r0, 31;\n"
  "  ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
  "  mul.wide.u32 %x2, %r0, 16; add.s64 %x3, %x0, %x2;\n"
  "  mul.wide.u32 %x4, %r0, 32; add.s64 %x5, %x1, %x4;\n"
  "  ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%x3];\n"
  "  shr.u32 %r6, %r4, %r1; and.b32 %r6, %r6, 1;\n"
  "  setp.eq.u32 %p0, %r6, 0;\n"
  "  @%p0 bra SKIP;\n"
  "  activemask.b32 %r7;\n"
  "  and.b32 %r8, %r2, 1; setp.ne.u32 %p1, %r8, 0;\n"
  "  vote.sync.ballot.b32 %r9, %p1, %r4;\n"
  "  vote.sync.any.pred %p2, %p1, %r4; selp.u32 %r10, 1, 0, %p2;\n"
  "  vote.sync.all.pred %p3, %p1, %r4; selp.u32 %r11, 1, 0, %p3;\n"
  "  shfl.sync.idx.b32 %r12, %r2, %r5, 0x1f, %r4;\n"
  "  redux.sync.add.s32 %r13, %r2, %r4;\n"
  "  match.any.sync.b32 %r14, %r3, %r4;\n"
  "  st.global.v4.u32 [%x5], {%r7, %r9, %r10, %r11};\n"
  "  st.global.v4.u32 [%x5+16], {%r12, %r13, %r14, %r1};\n"
  "SKIP:\n"
  "  ret;\n"
  "}\n";

START_TEST(partial_masks)
{
  enum { N = 128 };
  uint32_t in[N * 4], out[N * 8];
  static const uint32_t masks[4] = {0xb6db6db6 /* lane % 3 != 0 */, 0x000fffff, 0x80000001,
                                    0xffffffff};
  ex_rng_seed("partial_masks");
  for (int t = 0; t < N; t++) {
    uint32_t m = masks[t / 32];
    int src = 0;
    uint64_t r = ex_rng();
    do
      src = (int)(r++ % 32);
    while (!((m >> src) & 1));
    in[t * 4] = (uint32_t)ex_rng();
    in[t * 4 + 1] = (uint32_t)(ex_rng() % 3);
    in[t * 4 + 2] = m;
    in[t * 4 + 3] = (uint32_t)src;
  }
  ex_fx f;
  ex_fx_load(&f, partial_ptx);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "k", 1, N, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int w = 0; w < N / 32; w++) {
    uint32_t m = masks[w], bal = 0, sum = 0;
    for (int l = 0; l < 32; l++)
      if ((m >> l) & 1) {
        bal |= (in[(w * 32 + l) * 4] & 1) << l;
        sum += in[(w * 32 + l) * 4];
      }
    for (int l = 0; l < 32; l++) {
      int t = w * 32 + l;
      const uint32_t *o = out + t * 8;
      if (!((m >> l) & 1)) {
        for (int k = 0; k < 8; k++)
          ck_assert_msg(o[k] == 0, "partial masks: thread %d outside the mask wrote", t);
        continue;
      }
      uint32_t mt = 0;
      for (int k = 0; k < 32; k++)
        if (((m >> k) & 1) && in[(w * 32 + k) * 4 + 1] == in[t * 4 + 1])
          mt |= 1u << k;
      const uint32_t want[8] = {m, bal, bal != 0, bal == m, in[(w * 32 + (int)in[t * 4 + 3]) * 4],
                                sum, mt, (uint32_t)l};
      static const char *const what[8] = {"activemask", "vote.sync.ballot", "vote.sync.any",
                                          "vote.sync.all", "shfl.sync.idx", "redux.sync.add",
                                          "match.any.sync", "laneid"};
      for (int k = 0; k < 8; k++)
        ck_assert_msg(o[k] == want[k], "%s with membermask 0x%08x, thread %d: got 0x%x want 0x%x",
                      what[k], m, t, o[k], want[k]);
    }
  }
  ex_fx_free(&f);
}
END_TEST

/* ---- control flow ------------------------------------------------------------------ */

/* A divergent loop closed by bra.uni, a conditional bra, recursion through
 * call / call.uni / ret, an early exit with a barrier after it, and
 * nanosleep.  out[t] = f(t) or untouched for exited threads. */
static const char *const ctrl_ptx = EX_PTX_HEADER
  ".func (.param .b32 r) fib(.param .b32 n)\n"
  "{\n"
  "  .reg .b32 %a<6>; .reg .pred %q;\n"
  "  ld.param.b32 %a0, [n];\n"
  "  setp.lt.u32 %q, %a0, 2;\n"
  "  @%q bra BASE;\n"
  "  sub.u32 %a1, %a0, 1;\n"
  "  {\n"
  "  .param .b32 p0; .param .b32 r0;\n"
  "  st.param.b32 [p0], %a1;\n"
  "  call (r0), fib, (p0);\n"
  "  ld.param.b32 %a2, [r0];\n"
  "  }\n"
  "  sub.u32 %a1, %a0, 2;\n"
  "  {\n"
  "  .param .b32 p0; .param .b32 r0;\n"
  "  st.param.b32 [p0], %a1;\n"
  "  call (r0), fib, (p0);\n"
  "  ld.param.b32 %a3, [r0];\n"
  "  }\n"
  "  add.u32 %a0, %a2, %a3;\n"
  "BASE:\n"
  "  st.param.b32 [r], %a0;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry k(.param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %r<16>; .reg .b64 %x<4>; .reg .pred %p<4>;\n"
  "  .shared .align 4 .b32 s[128];\n"
  "  mov.u32 %r0, %tid.x; ld.param.u64 %x0, [pout];\n"
  "  mul.wide.u32 %x1, %r0, 16; add.s64 %x2, %x0, %x1;\n"
  "  nanosleep.u32 100;\n"
  "  rem.u32 %r1, %r0, 37;\n"
  "  mov.u32 %r2, 0; mov.u32 %r3, 0;\n"
  "LOOP:\n"
  "  setp.ge.u32 %p0, %r3, %r1;\n"
  "  @%p0 bra DONE;\n"
  "  add.u32 %r2, %r2, %r3; add.u32 %r3, %r3, 1;\n"
  "  bra.uni LOOP;\n"
  "DONE:\n"
  "  nanosleep.u32 %r1;\n"
  "  rem.u32 %r4, %r0, 13;\n"
  "  {\n"
  "  .param .b32 p0; .param .b32 r0;\n"
  "  st.param.b32 [p0], %r4;\n"
  "  call.uni (r0), fib, (p0);\n"
  "  ld.param.b32 %r5, [r0];\n"
  "  }\n"
  "  st.global.v2.u32 [%x2], {%r2, %r5};\n"
  "  and.b32 %r6, %r0, 3; setp.eq.u32 %p1, %r6, 0;\n"
  "  @%p1 exit;\n"
  "  shl.b32 %r7, %r0, 2; mov.u32 %r8, s; add.u32 %r9, %r8, %r7;\n"
  "  st.shared.u32 [%r9], %r0;\n"
  "  bar.sync 0;\n"
  "  xor.b32 %r10, %r0, 4; shl.b32 %r10, %r10, 2; add.u32 %r10, %r8, %r10;\n"
  "  ld.shared.u32 %r11, [%r10];\n"
  "  st.global.v2.u32 [%x2+8], {%r11, %r0};\n"
  "  ret;\n"
  "}\n";

static uint32_t fib(uint32_t n)
{
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

START_TEST(control_flow)
{
  enum { N = 128 };
  uint32_t out[N * 4];
  ex_fx f;
  ex_fx_load(&f, ctrl_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  ex_fx_launch(&f, "k", 1, N, args, 1, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (uint32_t t = 0; t < N; t++) {
    uint32_t n = t % 37, sum = 0;
    for (uint32_t i = 0; i < n; i++)
      sum += i;
    ck_assert_msg(out[t * 4] == sum, "divergent loop with bra.uni, thread %u: got %u want %u", t,
                  out[t * 4], sum);
    ck_assert_msg(out[t * 4 + 1] == fib(t % 13), "recursive call, thread %u: got %u want %u", t,
                  out[t * 4 + 1], fib(t % 13));
    bool exited = (t & 3) == 0;
    /* thread t reads the slot of t ^ 4, which has the same exit status */
    uint32_t w2 = exited ? 0 : t ^ 4, w3 = exited ? 0 : t;
    ck_assert_msg(out[t * 4 + 2] == w2 && out[t * 4 + 3] == w3,
                  "exit then bar.sync, thread %u: got %u,%u want %u,%u", t, out[t * 4 + 2],
                  out[t * 4 + 3], w2, w3);
  }
  ex_fx_free(&f);
}
END_TEST

/* bar.sync and barrier.sync exchanges across four warps, bar.red.{or,and}
 * and .popc, and bar.warp.sync. */
static const char *const bar_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pin, .param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %r<24>; .reg .b64 %x<6>; .reg .pred %p<8>;\n"
  "  .shared .align 4 .b32 s[128]; .shared .align 4 .b32 w[128];\n"
  "  mov.u32 %r0, %tid.x; mov.u32 %r1, %ctaid.x;\n"
  "  ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
  "  mad.lo.u32 %r2, %r1, 128, %r0;\n"
  "  mul.wide.u32 %x2, %r2, 4; add.s64 %x3, %x0, %x2; ld.global.u32 %r3, [%x3];\n"
  "  mul.wide.u32 %x4, %r2, 32; add.s64 %x5, %x1, %x4;\n"
  "  mov.u32 %r4, s; shl.b32 %r5, %r0, 2; add.u32 %r6, %r4, %r5;\n"
  "  st.shared.u32 [%r6], %r3;\n"
  "  bar.sync 0;\n"
  "  add.u32 %r7, %r0, 37; and.b32 %r7, %r7, 127; shl.b32 %r7, %r7, 2; add.u32 %r7, %r4, %r7;\n"
  "  ld.shared.u32 %r8, [%r7];\n"
  "  barrier.sync 1;\n"
  "  add.u32 %r9, %r8, 1; st.shared.u32 [%r6], %r9;\n"
  "  barrier.sync 1;\n"
  "  xor.b32 %r10, %r0, 64; shl.b32 %r10, %r10, 2; add.u32 %r10, %r4, %r10;\n"
  "  ld.shared.u32 %r11, [%r10];\n"
  "  and.b32 %r12, %r3, 0xff; setp.eq.u32 %p0, %r12, 7;\n"
  "  bar.red.or.pred %p1, 0, %p0;\n"
  "  setp.ne.u32 %p2, %r12, 0;\n"
  "  bar.red.and.pred %p3, 0, %p2;\n"
  "  bar.red.popc.u32 %r13, 0, %p0;\n"
  "  selp.u32 %r14, 1, 0, %p1; selp.u32 %r15, 1, 0, %p3;\n"
  "  mov.u32 %r16, w; add.u32 %r17, %r16, %r5;\n"
  "  st.shared.u32 [%r17], %r0;\n"
  "  bar.warp.sync 0xffffffff;\n"
  "  xor.b32 %r18, %r0, 1; shl.b32 %r18, %r18, 2; add.u32 %r18, %r16, %r18;\n"
  "  ld.shared.u32 %r19, [%r18];\n"
  "  st.global.v4.u32 [%x5], {%r8, %r11, %r14, %r15};\n"
  "  st.global.v2.u32 [%x5+16], {%r13, %r19};\n"
  "  ret;\n"
  "}\n";

START_TEST(barriers)
{
  enum { G = 3, B = 128 };
  uint32_t in[G * B], out[G * B * 8];
  ex_rng_seed("barriers");
  for (int i = 0; i < G * B; i++)
    in[i] = (uint32_t)ex_rng() | 1; /* bit 0 set: never 0 in the low byte */
  /* block 0: one thread with low byte 7; block 1: none; block 2: five, and
   * one thread with low byte 0 */
  for (int i = 0; i < G * B; i++)
    if ((in[i] & 0xff) == 7)
      in[i] ^= 2;
  in[77] = (in[77] & ~0xffu) | 7;
  for (int k = 0; k < 5; k++)
    in[2 * B + 3 + 20 * k] = (in[2 * B + 3 + 20 * k] & ~0xffu) | 7;
  in[2 * B + 100] &= ~0xffu;
  ex_fx f;
  ex_fx_load(&f, bar_ptx);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "k", G, B, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int g = 0; g < G; g++) {
    uint32_t popc = 0, all_nz = 1;
    for (int t = 0; t < B; t++) {
      popc += (in[g * B + t] & 0xff) == 7;
      all_nz &= (in[g * B + t] & 0xff) != 0;
    }
    for (int t = 0; t < B; t++) {
      const uint32_t *o = out + (g * B + t) * 8;
      uint32_t x1 = in[g * B + ((t + 37) & 127)];
      uint32_t x2 = in[g * B + (((t ^ 64) + 37) & 127)] + 1;
      const uint32_t want[6] = {x1, x2, popc != 0, all_nz, popc, (uint32_t)(t ^ 1)};
      static const char *const what[6] = {"bar.sync exchange", "barrier.sync exchange",
                                          "bar.red.or.pred", "bar.red.and.pred",
                                          "bar.red.popc.u32", "bar.warp.sync exchange"};
      for (int k = 0; k < 6; k++)
        ck_assert_msg(o[k] == want[k], "%s, block %d thread %d: got 0x%x want 0x%x", what[k], g,
                      t, o[k], want[k]);
    }
  }
  ex_fx_free(&f);
}
END_TEST

static const char *const trap_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %r<4>; .reg .b64 %x<4>; .reg .pred %p;\n"
  "  mov.u32 %r0, %tid.x; ld.param.u64 %x0, [pout];\n"
  "  setp.eq.u32 %p, %r0, 5;\n"
  "  @%p trap;\n"
  "  mul.wide.u32 %x1, %r0, 4; add.s64 %x2, %x0, %x1; st.global.u32 [%x2], 1;\n"
  "  ret;\n"
  "}\n";

START_TEST(trap_stops)
{
  ex_fx f;
  ex_fx_load(&f, trap_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, 256);
  const void *args[] = {&dout};
  ex_fx_launch(&f, "k", 1, 64, args, 1, PTXSIM_E_TRAP);
  ex_fx_free(&f);
}
END_TEST

int main(void)
{
  Suite *s = ex_suite("exec_warp", cases, sizeof cases / sizeof cases[0]);
  struct {
    const char *name;
    const TTest *t;
  } tcs[] = {
    {"partial_masks", partial_masks},
    {"control", control_flow},
    {"barriers", barriers},
    {"trap", trap_stops},
  };
  for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
    TCase *tc = tcase_create(tcs[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, tcs[i].t);
    suite_add_tcase(s, tc);
  }
  return ex_run(s);
}
