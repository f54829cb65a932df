/* check_exec_mem.c -- the memory forms of the corpus census run end to end
 * through the public API: every ld and st form (spaces global, shared,
 * local, const, param and generic over each window; vectors; cache and
 * memory-order qualifiers; narrow loads into 16- and 32-bit registers),
 * cvta both ways, atom and red (each form on per-thread locations against
 * a reference, then contended counters whose results must be a
 * linearisation), cp.async with commit/wait groups and with an mbarrier,
 * mbarrier phases and parities, and fences; the read-only fault of .const
 * whatever ran before, and the faults of the warp-wide checks of ld.param,
 * ld.const and ld.local.
 *
 * References: loads zero-extend unsigned and bit-size types and
 * sign-extend signed types to the register (PTX ISA ld, Table 28); stores
 * write the low bytes of the register; atom returns the old value and
 * stores op(old, b) with inc/dec/min/max as the PTX ISA atom pseudo-code
 * says (unsigned inc/dec); atom.add.f64 rounds to nearest with the f64 NaN
 * rule of isa/fp_arith.h.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/isa/exec_harness.h"

#define NT 64   /* threads of the ld/st kernels: two warps */
#define SLOT 32 /* bytes per thread */

/* ---- form parsing ------------------------------------------------------------ */

typedef struct mform {
  char sp;        /* 'g' 's' 'l' 'c' 'p', or 0 for generic */
  int vec, size;  /* elements, bytes per element */
  bool sg, fl;    /* signed integer, floating point */
  char op[8];     /* atom/red operation */
} mform;

static void parse_form(const char *form, mform *m)
{
  char tok[16][24];
  int n = 0;
  memset(m, 0, sizeof *m);
  m->vec = 1;
  for (const char *p = form; *p && n < 16;) {
    size_t k = strcspn(p, ".");
    snprintf(tok[n++], sizeof tok[0], "%.*s", (int)k, p);
    p += k;
    if (*p == '.')
      p++;
  }
  for (int i = 1; i < n; i++) {
    const char *t = tok[i];
    if (!strcmp(t, "global"))
      m->sp = 'g';
    else if (!strcmp(t, "shared"))
      m->sp = 's';
    else if (!strcmp(t, "local"))
      m->sp = 'l';
    else if (!strcmp(t, "const"))
      m->sp = 'c';
    else if (!strcmp(t, "param"))
      m->sp = 'p';
    else if (!strcmp(t, "v2"))
      m->vec = 2;
    else if (!strcmp(t, "v4"))
      m->vec = 4;
    else {
      char key[32];
      snprintf(key, sizeof key, " %s ", t);
      if (strstr(" add and or xor cas exch inc dec min max ", key))
        snprintf(m->op, sizeof m->op, "%s", t);
    }
  }
  const char *ty = tok[n - 1];
  m->sg = ty[0] == 's';
  m->fl = ty[0] == 'f';
  m->size = atoi(ty + 1) / 8;
}

/* Register declaration and store suffix for an element of a form held in a
 * regw-bit register. */
static const char *reg_type(const mform *m, int regw)
{
  if (m->fl)
    return m->size == 4 ? "f32" : "f64";
  return regw == 16 ? "b16" : regw == 32 ? "b32" : "b64";
}

static int default_regw(const mform *m)
{
  return m->size <= 2 ? 16 : m->size * 8;
}

static const char *space_name(char sp)
{
  switch (sp) {
  case 's': return "shared";
  case 'l': return "local";
  case 'c': return "const";
  default: return "global";
  }
}

/* Kernel prologue: %x3 = this thread's input slot, %x5 its output slot,
 * %x2 = tid * SLOT; where is the window the form's address points into. */
static void prologue(ex_sbuf *b, const mform *m, int regw, char where)
{
  ex_sb_printf(b, "%s", EX_PTX_HEADER);
  if (where == 'c')
    ex_sb_printf(b, ".const .align 16 .b8 cbuf[%d];\n", NT * SLOT);
  ex_sb_printf(b,
               ".visible .entry k(.param .u64 pin, .param .u64 pout)\n{\n"
               "  .reg .b32 %%t<4>; .reg .b64 %%x<10>; .reg .%s %%e<4>;\n",
               reg_type(m, regw));
  if (where == 's')
    ex_sb_printf(b, "  .shared .align 16 .b8 sbuf[%d];\n", NT * SLOT);
  if (where == 'l')
    ex_sb_printf(b, "  .local .align 16 .b8 lbuf[%d];\n", SLOT);
  ex_sb_printf(b, "  mov.u32 %%t0, %%tid.x;\n"
                  "  ld.param.u64 %%x0, [pin]; ld.param.u64 %%x1, [pout];\n"
                  "  mul.wide.u32 %%x2, %%t0, %d; add.s64 %%x3, %%x0, %%x2; add.s64 %%x5, %%x1, %%x2;\n",
               SLOT);
}

/* %x6 = the space address of this thread's slot (base: the global slot
 * for 'g'); %x7 = the address the form uses (generic when the form has no
 * space). */
static void slot_address(ex_sbuf *b, const mform *m, char where, const char *gslot)
{
  switch (where) {
  case 's': ex_sb_printf(b, "  mov.u64 %%x6, sbuf; add.s64 %%x6, %%x6, %%x2;\n"); break;
  case 'l': ex_sb_printf(b, "  mov.u64 %%x6, lbuf;\n"); break;
  case 'c': ex_sb_printf(b, "  mov.u64 %%x6, cbuf; add.s64 %%x6, %%x6, %%x2;\n"); break;
  default: ex_sb_printf(b, "  mov.b64 %%x6, %s;\n", gslot); break;
  }
  if (m->sp == 0 && where != 'g')
    ex_sb_printf(b, "  cvta.%s.u64 %%x7, %%x6;\n", space_name(where));
  else
    ex_sb_printf(b, "  mov.b64 %%x7, %%x6;\n");
}

static void vec_operand(char *buf, size_t n, int vec)
{
  if (vec == 1)
    snprintf(buf, n, "%%e0");
  else if (vec == 2)
    snprintf(buf, n, "{%%e0, %%e1}");
  else
    snprintf(buf, n, "{%%e0, %%e1, %%e2, %%e3}");
}

static void fill_random(uint8_t *p, size_t n, const char *seed, int variant)
{
  char s[160];
  snprintf(s, sizeof s, "%s/%d", seed, variant);
  ex_rng_seed(s);
  for (size_t i = 0; i < n; i += 8) {
    uint64_t r = ex_rng();
    memcpy(p + i, &r, n - i < 8 ? n - i : 8);
  }
}

/* ---- ld ------------------------------------------------------------------------ */

static void run_ld(const char *form, char where, int regw)
{
  mform m;
  parse_form(form, &m);
  ex_sbuf b = {0};
  char ops[64];
  prologue(&b, &m, regw, where);
  slot_address(&b, &m, where, "%x3");
  if (where == 's' || where == 'l')
    for (int k = 0; k < SLOT; k += 4)
      ex_sb_printf(&b, "  ld.global.b32 %%t1, [%%x3+%d]; st.%s.b32 [%%x6+%d], %%t1;\n", k,
                   space_name(where), k);
  vec_operand(ops, sizeof ops, m.vec);
  ex_sb_printf(&b, "  %s %s, [%%x7];\n", form, ops);
  for (int i = 0; i < m.vec; i++)
    ex_sb_printf(&b, "  st.global.%s [%%x5+%d], %%e%d;\n", reg_type(&m, regw), 8 * i, i);
  ex_sb_printf(&b, "  ret;\n}\n");

  uint8_t in[NT * SLOT];
  uint64_t out[NT * 4];
  fill_random(in, sizeof in, form, where * 100 + regw);
  ex_fx f;
  ex_fx_load(&f, b.s);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  if (where == 'c')
    ck_assert_int_eq(ptxsim_symbol_write(f.d, "cbuf", 0, in, sizeof in), 0);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "k", 1, NT, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int t = 0; t < NT; t++)
    for (int i = 0; i < m.vec; i++) {
      uint64_t v = 0;
      memcpy(&v, in + t * SLOT + i * m.size, (size_t)m.size);
      if (m.sg)
        v = (uint64_t)ex_sx(v, (unsigned)m.size * 8);
      v &= ex_ones((unsigned)regw);
      uint64_t got = out[t * 4 + i] & ex_ones((unsigned)regw);
      ck_assert_msg(got == v, "%s (window %s, %d-bit registers) thread %d element %d: got 0x%llx want 0x%llx\n%s",
                    form, m.sp ? "own" : space_name(where), regw, t, i, (unsigned long long)got,
                    (unsigned long long)v, b.s);
    }
  ex_fx_free(&f);
  free(b.s);
}

static const char *const ld_forms[] = {
  "ld.acquire.cta.b64", "ld.acquire.cta.u32", "ld.acquire.gpu.u32", "ld.ca.u32", "ld.cg.u32",
  "ld.const.f32", "ld.const.f64", "ld.const.u16", "ld.const.u32", "ld.const.u64",
  "ld.const.v2.u32", "ld.const.v4.f32", "ld.f32", "ld.f64", "ld.global.f32", "ld.global.f64",
  "ld.global.nc.f32", "ld.global.nc.f64", "ld.global.nc.u32", "ld.global.nc.u64",
  "ld.global.nc.v2.f32", "ld.global.nc.v2.f64", "ld.global.nc.v2.u32", "ld.global.nc.v4.f32",
  "ld.global.nc.v4.u32", "ld.global.s32", "ld.global.s8", "ld.global.u16", "ld.global.u32",
  "ld.global.u64", "ld.global.u8", "ld.global.v2.f32", "ld.global.v2.f64", "ld.global.v2.u32",
  "ld.global.v4.f32", "ld.global.v4.u32", "ld.global.v4.u8", "ld.local.f32", "ld.local.u32",
  "ld.local.u64", "ld.local.v4.f32", "ld.relaxed.cta.b32", "ld.relaxed.gpu.u32",
  "ld.relaxed.gpu.v2.u32", "ld.relaxed.gpu.v2.u64", "ld.shared.f32", "ld.shared.f64",
  "ld.shared.s16", "ld.shared.s8", "ld.shared.u16", "ld.shared.u32", "ld.shared.u64",
  "ld.shared.u8", "ld.shared.v2.f32", "ld.shared.v2.f64", "ld.shared.v2.u16", "ld.shared.v2.u32",
  "ld.shared.v2.u64", "ld.shared.v4.f32", "ld.shared.v4.u32", "ld.shared.v4.u8", "ld.u32",
  "ld.u64", "ld.volatile.global.u32", "ld.volatile.global.v4.u32", "ld.volatile.shared.f32",
  "ld.volatile.shared.u32", "ld.volatile.u32",
  /* not in the census: the remaining signed and 8/16-bit shapes */
  "ld.global.s16", "ld.local.s8", "ld.shared.s32", "ld.global.b16", "ld.global.v2.s16",
  "ld.global.s64", "ld.s8",
};

/* Every window a form can use, and 16- and 32-bit registers for the narrow
 * scalar forms. */
START_TEST(ld_form)
{
  const char *form = ld_forms[_i];
  mform m;
  parse_form(form, &m);
  const char *wins = m.sp ? (char[]){m.sp, 0} : "gsl";
  for (const char *w = wins; *w; w++) {
    run_ld(form, *w, default_regw(&m));
    if (m.size <= 2 && !m.fl)
      run_ld(form, *w, 32);
  }
}
END_TEST

/* ---- st ------------------------------------------------------------------------ */

static void run_st(const char *form, char where, int regw)
{
  mform m;
  parse_form(form, &m);
  ex_sbuf b = {0};
  char ops[64];
  prologue(&b, &m, regw, where);
  for (int i = 0; i < m.vec; i++)
    ex_sb_printf(&b, "  ld.global.%s %%e%d, [%%x3+%d];\n", reg_type(&m, regw), i, 8 * i);
  slot_address(&b, &m, where, "%x5");
  if (where == 's' || where == 'l')
    for (int k = 0; k < SLOT; k += 4)
      ex_sb_printf(&b, "  st.%s.b32 [%%x6+%d], 0xa5a5a5a5;\n", space_name(where), k);
  vec_operand(ops, sizeof ops, m.vec);
  ex_sb_printf(&b, "  %s [%%x7], %s;\n", form, ops);
  if (where == 's' || where == 'l')
    for (int k = 0; k < SLOT; k += 4)
      ex_sb_printf(&b, "  ld.%s.b32 %%t1, [%%x6+%d]; st.global.b32 [%%x5+%d], %%t1;\n",
                   space_name(where), k, k);
  ex_sb_printf(&b, "  ret;\n}\n");

  uint8_t in[NT * SLOT], out[NT * SLOT], want[NT * SLOT];
  fill_random(in, sizeof in, form, where * 100 + regw);
  memset(want, 0xa5, sizeof want);
  for (int t = 0; t < NT; t++)
    for (int i = 0; i < m.vec; i++)
      memcpy(want + t * SLOT + i * m.size, in + t * SLOT + 8 * i, (size_t)m.size);
  memset(out, 0xa5, sizeof out);
  ex_fx f;
  ex_fx_load(&f, b.s);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, out, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "k", 1, NT, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int t = 0; t < NT; t++)
    for (int k = 0; k < SLOT; k++)
      ck_assert_msg(out[t * SLOT + k] == want[t * SLOT + k],
                    "%s (window %s, %d-bit registers) thread %d byte %d: got 0x%02x want 0x%02x\n%s",
                    form, m.sp ? "own" : space_name(where), regw, t, k, out[t * SLOT + k],
                    want[t * SLOT + k], b.s);
  ex_fx_free(&f);
  free(b.s);
}

static const char *const st_forms[] = {
  "st.cg.u32", "st.f32", "st.f64", "st.global.f32", "st.global.f64", "st.global.u16",
  "st.global.u32", "st.global.u64", "st.global.u8", "st.global.v2.f32", "st.global.v2.f64",
  "st.global.v2.u32", "st.global.v2.u64", "st.global.v2.u8", "st.global.v4.f32",
  "st.global.v4.u32", "st.global.v4.u8", "st.local.f32", "st.local.u32", "st.local.u64",
  "st.local.u8", "st.local.v2.f32", "st.local.v2.u32", "st.local.v2.u64", "st.local.v4.f32",
  "st.local.v4.u32", "st.local.v4.u8", "st.relaxed.cta.b32", "st.relaxed.gpu.v2.u32",
  "st.relaxed.gpu.v2.u64", "st.release.gpu.u32", "st.shared.f32", "st.shared.f64",
  "st.shared.u16", "st.shared.u32", "st.shared.u64", "st.shared.u8", "st.shared.v2.f32",
  "st.shared.v2.u16", "st.shared.v2.u32", "st.shared.v4.u32", "st.shared.v4.u8", "st.u32",
  "st.u64", "st.volatile.global.u32", "st.volatile.shared.f32", "st.volatile.shared.u32",
  "st.volatile.u32",
  /* not in the census */
  "st.global.s8", "st.u8", "st.shared.v2.f64", "st.global.b16",
};

START_TEST(st_form)
{
  const char *form = st_forms[_i];
  mform m;
  parse_form(form, &m);
  const char *wins = m.sp ? (char[]){m.sp, 0} : "gsl";
  for (const char *w = wins; *w; w++) {
    run_st(form, *w, default_regw(&m));
    if (m.size <= 2 && !m.fl)
      run_st(form, *w, 32);
    if (m.size == 4 && !m.fl)
      run_st(form, *w, 64);
  }
}
END_TEST

/* ---- .param: kernel parameters, call arguments and return values --------------- */

static const char *const param_ptx = EX_PTX_HEADER
  ".visible .entry kp(.param .u64 pout, .param .b32 pb32, .param .b64 pb64, .param .f32 pf32,\n"
  "  .param .f64 pf64, .param .s16 ps16, .param .s32 ps32, .param .s8 ps8, .param .u16 pu16,\n"
  "  .param .u32 pu32, .param .u64 pu64, .param .u8 pu8, .param .align 8 .b8 pv2f[8],\n"
  "  .param .align 8 .b8 pv2u[8], .param .align 2 .b8 pv2b[2], .param .align 4 .b8 pv4b[4])\n"
  "{\n"
  "  .reg .b64 %x<4>; .reg .b32 %r<16>; .reg .f32 %f<4>; .reg .f64 %d<2>; .reg .b16 %h<8>;\n"
  "  ld.param.u64 %x0, [pout];\n"
  "  ld.param.b32 %r0, [pb32]; st.global.b32 [%x0+0], %r0;\n"
  "  ld.param.b64 %x1, [pb64]; st.global.b64 [%x0+8], %x1;\n"
  "  ld.param.f32 %f0, [pf32]; st.global.f32 [%x0+16], %f0;\n"
  "  ld.param.f64 %d0, [pf64]; st.global.f64 [%x0+24], %d0;\n"
  "  ld.param.s16 %r1, [ps16]; st.global.b32 [%x0+32], %r1;\n"
  "  ld.param.s32 %r2, [ps32]; st.global.b32 [%x0+40], %r2;\n"
  "  ld.param.s8 %h1, [ps8]; st.global.b16 [%x0+48], %h1;\n"
  "  ld.param.s8 %r3, [ps8]; st.global.b32 [%x0+56], %r3;\n"
  "  ld.param.u16 %h2, [pu16]; st.global.b16 [%x0+64], %h2;\n"
  "  ld.param.u32 %r4, [pu32]; st.global.b32 [%x0+72], %r4;\n"
  "  ld.param.u64 %x2, [pu64]; st.global.b64 [%x0+80], %x2;\n"
  "  ld.param.u8 %h3, [pu8]; st.global.b16 [%x0+88], %h3;\n"
  "  ld.param.u8 %r5, [pu8]; st.global.b32 [%x0+96], %r5;\n"
  "  ld.param.v2.f32 {%f1, %f2}, [pv2f]; st.global.f32 [%x0+104], %f1; st.global.f32 [%x0+112], %f2;\n"
  "  ld.param.v2.u32 {%r6, %r7}, [pv2u]; st.global.b32 [%x0+120], %r6; st.global.b32 [%x0+128], %r7;\n"
  "  ld.param.v2.u8 {%h4, %h5}, [pv2b]; st.global.b16 [%x0+136], %h4; st.global.b16 [%x0+144], %h5;\n"
  "  ld.param.v4.u8 {%r8, %r9, %r10, %r11}, [pv4b]; st.global.b32 [%x0+152], %r8;\n"
  "  st.global.b32 [%x0+160], %r9; st.global.b32 [%x0+168], %r10; st.global.b32 [%x0+176], %r11;\n"
  "  ld.param.s16 %h6, [ps16]; st.global.b16 [%x0+184], %h6;\n"
  "  ret;\n"
  "}\n";

START_TEST(param_kernel)
{
  ex_fx f;
  ex_fx_load(&f, param_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, 192);
  ex_rng_seed("param_kernel");
  for (int set = 0; set < 6; set++) {
    uint64_t r = ex_rng(), r2 = ex_rng();
    if (set == 0)
      r = 0x8080808080808080, r2 = 0x8000000080000000;
    if (set == 1)
      r = 0x7f7f7f7f7f7f7f7f, r2 = 0x7fffffff7fffffff;
    uint32_t b32 = (uint32_t)r, pu32 = (uint32_t)(r >> 16);
    uint64_t b64 = r2, pu64 = r ^ r2;
    uint32_t f32 = (uint32_t)(r2 >> 8);
    uint64_t f64 = r * 3;
    uint16_t s16 = (uint16_t)(r >> 40), u16 = (uint16_t)(r2 >> 24);
    uint32_t s32 = (uint32_t)(r2 >> 3);
    uint8_t s8 = (uint8_t)(r >> 56), u8 = (uint8_t)(r2 >> 56);
    uint8_t v2f[8], v2u[8], v2b[2], v4b[4];
    memcpy(v2f, &r2, 8);
    memcpy(v2u, &r, 8);
    memcpy(v2b, &r, 2);
    memcpy(v4b, (uint8_t *)&r2 + 4, 4);
    const void *args[] = {&dout, &b32, &b64, &f32, &f64, &s16, &s32, &s8, &u16, &pu32, &pu64,
                          &u8, v2f, v2u, v2b, v4b};
    ck_assert_int_eq(ptxsim_memset(f.d, dout, 0, 192), 0);
    ex_fx_launch(&f, "kp", 1, 32, args, 16, 0);
    uint64_t o[24];
    ex_fx_get(&f, o, dout, 192);
    uint32_t w0, w1;
    memcpy(&w0, v2f, 4);
    memcpy(&w1, v2f + 4, 4);
    uint32_t u0, u1;
    memcpy(&u0, v2u, 4);
    memcpy(&u1, v2u + 4, 4);
    const uint64_t want[24] = {
      b32, b64, f32, f64, (uint32_t)(int32_t)(int16_t)s16, s32, (uint16_t)(int16_t)(int8_t)s8,
      (uint32_t)(int32_t)(int8_t)s8, u16, pu32, pu64, u8, u8, w0, w1, u0, u1, v2b[0], v2b[1],
      v4b[0], v4b[1], v4b[2], v4b[3], s16};
    static const char *const what[24] = {
      "ld.param.b32", "ld.param.b64", "ld.param.f32", "ld.param.f64", "ld.param.s16 (b32)",
      "ld.param.s32", "ld.param.s8 (b16)", "ld.param.s8 (b32)", "ld.param.u16", "ld.param.u32",
      "ld.param.u64", "ld.param.u8 (b16)", "ld.param.u8 (b32)", "ld.param.v2.f32 .x",
      "ld.param.v2.f32 .y", "ld.param.v2.u32 .x", "ld.param.v2.u32 .y", "ld.param.v2.u8 .x",
      "ld.param.v2.u8 .y", "ld.param.v4.u8 .x", "ld.param.v4.u8 .y", "ld.param.v4.u8 .z",
      "ld.param.v4.u8 .w", "ld.param.s16 (b16)"};
    for (int i = 0; i < 24; i++)
      ck_assert_msg(o[i] == want[i], "%s (argument set %d): got 0x%llx want 0x%llx", what[i], set,
                    (unsigned long long)o[i], (unsigned long long)want[i]);
  }
  ex_fx_free(&f);
}
END_TEST

/* st.param.{b32,b64,f32,f64} for call arguments and return values; callee
 * ld.param of each; a v2.f32 return value read with ld.param.v2.f32. */
static const char *const call_ptx = EX_PTX_HEADER
  ".func (.param .align 8 .b8 ret[16]) f(.param .b64 pout, .param .b32 a, .param .b64 b,\n"
  "  .param .f32 c, .param .f64 e)\n"
  "{\n"
  "  .reg .b64 %x<4>; .reg .b32 %r<2>; .reg .f32 %f<2>; .reg .f64 %d<2>;\n"
  "  ld.param.b64 %x0, [pout]; ld.param.b32 %r0, [a]; ld.param.b64 %x1, [b];\n"
  "  ld.param.f32 %f0, [c]; ld.param.f64 %d0, [e];\n"
  "  st.global.b32 [%x0], %r0; st.global.b64 [%x0+8], %x1;\n"
  "  st.global.f32 [%x0+16], %f0; st.global.f64 [%x0+24], %d0;\n"
  "  xor.b64 %x2, %x1, 0x0123456789abcdef;\n"
  "  st.param.b64 [ret], %x2; st.param.f64 [ret+8], %d0;\n"
  "  ret;\n"
  "}\n"
  ".func (.param .align 8 .b8 r2[8]) g(.param .f32 x, .param .f32 y)\n"
  "{\n"
  "  .reg .f32 %f<2>;\n"
  "  ld.param.f32 %f0, [x]; ld.param.f32 %f1, [y];\n"
  "  st.param.f32 [r2], %f1; st.param.f32 [r2+4], %f0;\n"
  "  ret;\n"
  "}\n"
  ".visible .entry kc(.param .u64 pin, .param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %t<4>; .reg .b64 %x<12>; .reg .f32 %f<12>; .reg .f64 %d<12>;\n"
  "  mov.u32 %t0, %tid.x; ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
  "  mul.wide.u32 %x2, %t0, 32; add.s64 %x3, %x0, %x2;\n"
  "  mul.wide.u32 %x4, %t0, 64; add.s64 %x5, %x1, %x4;\n"
  "  ld.global.b32 %t1, [%x3]; ld.global.b64 %x6, [%x3+8];\n"
  "  ld.global.f32 %f0, [%x3+4]; ld.global.f64 %d0, [%x3+16]; ld.global.f32 %f1, [%x3+24];\n"
  "  {\n"
  "  .param .b64 param0; .param .b32 param1; .param .b64 param2; .param .f32 param3;\n"
  "  .param .f64 param4; .param .align 8 .b8 retval0[16];\n"
  "  st.param.b64 [param0], %x5; st.param.b32 [param1], %t1; st.param.b64 [param2], %x6;\n"
  "  st.param.f32 [param3], %f0; st.param.f64 [param4], %d0;\n"
  "  call.uni (retval0), f, (param0, param1, param2, param3, param4);\n"
  "  ld.param.b64 %x7, [retval0]; ld.param.f64 %d1, [retval0+8];\n"
  "  }\n"
  "  {\n"
  "  .param .f32 param0; .param .f32 param1; .param .align 8 .b8 retval0[8];\n"
  "  st.param.f32 [param0], %f0; st.param.f32 [param1], %f1;\n"
  "  call (retval0), g, (param0, param1);\n"
  "  ld.param.v2.f32 {%f2, %f3}, [retval0];\n"
  "  }\n"
  "  st.global.b64 [%x5+32], %x7; st.global.f64 [%x5+40], %d1;\n"
  "  st.global.f32 [%x5+48], %f2; st.global.f32 [%x5+56], %f3;\n"
  "  ret;\n"
  "}\n";

START_TEST(param_call)
{
  enum { N = 64 };
  uint8_t in[N * 32];
  uint64_t out[N * 8];
  fill_random(in, sizeof in, "param_call", 0);
  ex_fx f;
  ex_fx_load(&f, call_ptx);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "kc", 1, N, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int t = 0; t < N; t++) {
    const uint8_t *p = in + 32 * t;
    uint32_t a, c, y;
    uint64_t b, e;
    memcpy(&a, p, 4);
    memcpy(&c, p + 4, 4);
    memcpy(&b, p + 8, 8);
    memcpy(&e, p + 16, 8);
    memcpy(&y, p + 24, 4);
    const uint64_t *o = out + 8 * t;
    const uint64_t want[8] = {a, b, c, e, b ^ UINT64_C(0x0123456789abcdef), e, y, c};
    for (int i = 0; i < 8; i++)
      ck_assert_msg(o[i] == want[i], "call with .param arguments, thread %d value %d: got 0x%llx want 0x%llx",
                    t, i, (unsigned long long)o[i], (unsigned long long)want[i]);
  }
  ex_fx_free(&f);
}
END_TEST

/* ---- cvta ------------------------------------------------------------------------ */

static const char *const cvta_ptx = EX_PTX_HEADER
  ".visible .entry kv(.param .u64 pin, .param .u64 pout)\n"
  "{\n"
  "  .reg .b64 %x<16>; .reg .b32 %r<16>;\n"
  "  .shared .align 8 .b8 sb[1024]; .local .align 8 .b8 lb[8];\n"
  "  mov.u32 %r0, %tid.x; mov.u32 %r11, %ctaid.x; mov.u32 %r12, %ntid.x;\n"
  "  mad.lo.u32 %r0, %r11, %r12, %r0;\n"
  "  ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
  "  mul.wide.u32 %x2, %r0, 8; mul.wide.u32 %x3, %r0, 64; add.s64 %x1, %x1, %x3;\n"
  "  cvta.to.global.u64 %x4, %x0; add.s64 %x4, %x4, %x2;\n"
  "  ld.global.b32 %r1, [%x4];\n"
  "  cvta.global.u64 %x5, %x4; ld.b32 %r2, [%x5];\n"
  "  cvta.to.global.u64 %x6, %x5; sub.s64 %x7, %x6, %x4;\n"
  "  mov.u64 %x8, sb; add.s64 %x8, %x8, %x2;\n"
  "  add.s32 %r3, %r1, 1; st.shared.b32 [%x8], %r3;\n"
  "  cvta.shared.u64 %x9, %x8; ld.b32 %r4, [%x9];\n"
  "  add.s32 %r5, %r1, 2; st.b32 [%x9], %r5; ld.shared.b32 %r6, [%x8];\n"
  "  cvta.to.shared.u64 %x10, %x9; sub.s64 %x11, %x10, %x8;\n"
  "  mov.u64 %x12, lb; xor.b32 %r7, %r1, 0x5a5a; st.local.b32 [%x12], %r7;\n"
  "  cvta.local.u64 %x13, %x12; ld.b32 %r8, [%x13];\n"
  "  add.s32 %r9, %r1, 3; st.b32 [%x13], %r9; ld.local.b32 %r10, [%x12];\n"
  "  cvta.to.local.u64 %x14, %x13; sub.s64 %x15, %x14, %x12;\n"
  "  st.global.b32 [%x1], %r2; st.global.b64 [%x1+8], %x7; st.global.b32 [%x1+16], %r4;\n"
  "  st.global.b32 [%x1+24], %r6; st.global.b64 [%x1+32], %x11; st.global.b32 [%x1+40], %r8;\n"
  "  st.global.b32 [%x1+48], %r10; st.global.b64 [%x1+56], %x15;\n"
  "  ret;\n"
  "}\n";

START_TEST(cvta_roundtrip)
{
  enum { N = 64 };
  uint64_t in[N], out[N * 8];
  ex_rng_seed("cvta");
  for (int i = 0; i < N; i++)
    in[i] = ex_rng();
  ex_fx f;
  ex_fx_load(&f, cvta_ptx);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "kv", 2, N / 2, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  static const char *const what[8] = {
    "ld through cvta.global.u64", "cvta.to.global(cvta.global(a)) - a",
    "ld through cvta.shared.u64", "st through cvta.shared.u64", "cvta.to.shared round trip",
    "ld through cvta.local.u64", "st through cvta.local.u64", "cvta.to.local.u64 round trip"};
  for (int t = 0; t < N; t++) {
    uint32_t v = (uint32_t)in[t];
    const uint64_t want[8] = {v, 0, v + 1, v + 2, 0, v ^ 0x5a5a, v + 3, 0};
    for (int i = 0; i < 8; i++)
      ck_assert_msg(out[t * 8 + i] == want[i], "%s, thread %d: got 0x%llx want 0x%llx", what[i], t,
                    (unsigned long long)out[t * 8 + i], (unsigned long long)want[i]);
  }
  ex_fx_free(&f);
}
END_TEST

/* ---- atom and red on per-thread locations -------------------------------------- */

#define AT 128 /* threads */

/* The new memory value of op(old, b[, c]) for form m. */
static uint64_t atom_ref(const mform *m, char where, uint64_t old, uint64_t b, uint64_t c)
{
  unsigned w = (unsigned)m->size * 8;
  uint64_t mask = ex_ones(w);
  old &= mask, b &= mask, c &= mask;
  if (!strcmp(m->op, "add")) {
    if (m->fl && m->size == 4) {
      /* PTX ISA atom: .f32 add on global memory flushes subnormal inputs
       * and results; on shared memory it does not. */
      bool is_nan, ftz = where == 'g';
      uint64_t x = ftz ? ex_ftz(EX_F32, old) : old, y = ftz ? ex_ftz(EX_F32, b) : b;
      uint64_t r = ex_add(EX_F32, x, y, EX_RN, &is_nan);
      return is_nan ? 0x7fffffff : ftz ? ex_ftz(EX_F32, r) : r;
    }
    if (m->fl) {
      bool is_nan;
      uint64_t r = ex_add(EX_F64, old, b, EX_RN, &is_nan);
      uint64_t ops[2] = {old, b};
      return is_nan ? ex_f64_nan(ops, 2) : r;
    }
    return (old + b) & mask;
  }
  if (!strcmp(m->op, "and"))
    return old & b;
  if (!strcmp(m->op, "or"))
    return old | b;
  if (!strcmp(m->op, "xor"))
    return old ^ b;
  if (!strcmp(m->op, "exch"))
    return b;
  if (!strcmp(m->op, "cas"))
    return old == b ? c : old;
  if (!strcmp(m->op, "inc"))
    return old >= b ? 0 : old + 1;
  if (!strcmp(m->op, "dec"))
    return (old == 0 || old > b) ? b : old - 1;
  bool lt = m->sg ? ex_sx(old, w) < ex_sx(b, w) : old < b;
  if (!strcmp(m->op, "min"))
    return lt ? old : b;
  return lt ? b : old; /* max */
}

static uint64_t atom_value(int t, int k, int w)
{
  static const uint64_t f32s[] = {0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f7fffff, 0x7f800000,
                                  0xff800000, 0x7fa00001, 0x00000001, 0x807fffff, 0x00800000};
  static const uint64_t f64s[] = {0, UINT64_C(0x8000000000000000), UINT64_C(0x3ff0000000000000),
                                  UINT64_C(0xbff0000000000000), UINT64_C(0x7fefffffffffffff),
                                  UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000),
                                  UINT64_C(0x7ff4000000000001), UINT64_C(0x0000000000000001),
                                  UINT64_C(0x3ca0000000000000), UINT64_C(0x4330000000000001)};
  uint64_t r = ex_rng();
  if (w == 2) /* f32 */
    return (r & 1) ? f32s[(r >> 8) % 11] : r & 0xffffffff;
  if (w == 0) /* f64 */
    return (r & 1) ? f64s[(r >> 8) % 11] : r;
  switch (t % 4) {
  case 0: return (r >> 8) % 4;                  /* small: equal, zero, above */
  case 1: return k == 1 ? 0x80000000 : r;       /* sign boundaries */
  default: return r;
  }
}

static void run_atom(const char *form, char where)
{
  mform m;
  parse_form(form, &m);
  bool is_red = form[0] == 'r', is_cas = !strcmp(m.op, "cas");
  const char *rt = m.fl ? (m.size == 8 ? "f64" : "f32") : m.size == 8 ? "b64" : "b32";
  ex_sbuf b = {0};
  ex_sb_printf(&b, "%s", EX_PTX_HEADER);
  ex_sb_printf(&b,
               ".visible .entry k(.param .u64 pin, .param .u64 pmem, .param .u64 pout)\n{\n"
               "  .reg .b32 %%t<4>; .reg .b64 %%x<12>; .reg .%s %%vb, %%vc, %%vd, %%vm;\n"
               "  .shared .align 8 .b8 sbuf[%d];\n"
               "  mov.u32 %%t0, %%tid.x;\n"
               "  ld.param.u64 %%x0, [pin]; ld.param.u64 %%x1, [pmem]; ld.param.u64 %%x2, [pout];\n"
               "  mul.wide.u32 %%x3, %%t0, 24; add.s64 %%x4, %%x0, %%x3;\n"
               "  mul.wide.u32 %%x5, %%t0, 8; add.s64 %%x6, %%x1, %%x5;\n"
               "  mul.wide.u32 %%x7, %%t0, 16; add.s64 %%x8, %%x2, %%x7;\n"
               "  ld.global.%s %%vb, [%%x4+8]; ld.global.%s %%vc, [%%x4+16];\n",
               rt, AT * 8, rt, rt);
  if (where == 's')
    ex_sb_printf(&b, "  mov.u64 %%x9, sbuf; add.s64 %%x9, %%x9, %%x5;\n"
                     "  ld.global.%s %%vm, [%%x4]; st.shared.%s [%%x9], %%vm;\n",
                 rt, rt);
  else
    ex_sb_printf(&b, "  mov.b64 %%x9, %%x6;\n");
  if (m.sp == 0)
    ex_sb_printf(&b, "  cvta.%s.u64 %%x10, %%x9;\n", where == 's' ? "shared" : "global");
  else
    ex_sb_printf(&b, "  mov.b64 %%x10, %%x9;\n");
  if (is_red)
    ex_sb_printf(&b, "  %s [%%x10], %%vb;\n  mov.b%d %%vd, 0;\n", form, m.size * 8);
  else if (is_cas)
    ex_sb_printf(&b, "  %s %%vd, [%%x10], %%vb, %%vc;\n", form);
  else
    ex_sb_printf(&b, "  %s %%vd, [%%x10], %%vb;\n", form);
  ex_sb_printf(&b, "  ld.%s.%s %%vm, [%%x9];\n"
                   "  st.global.%s [%%x8], %%vd; st.global.%s [%%x8+8], %%vm;\n  ret;\n}\n",
               where == 's' ? "shared" : "global", rt, rt, rt);

  uint64_t in[AT * 3], mem[AT], out[AT * 2];
  char seed[128];
  snprintf(seed, sizeof seed, "%s/%c", form, where);
  ex_rng_seed(seed);
  for (int t = 0; t < AT; t++) {
    for (int k = 0; k < 3; k++)
      in[t * 3 + k] = atom_value(t, k, m.fl ? (m.size == 4 ? 2 : 0) : 1);
    if (is_cas && (t % 3) == 0)
      in[t * 3 + 1] = in[t * 3]; /* compare equal */
    mem[t] = in[t * 3];
  }
  ex_fx f;
  ex_fx_load(&f, b.s);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dmem = ex_fx_buf(&f, mem, sizeof mem),
                dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dmem, &dout};
  ex_fx_launch(&f, "k", 1, AT, args, 3, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  uint64_t mask = ex_ones((unsigned)m.size * 8);
  for (int t = 0; t < AT; t++) {
    uint64_t old = in[t * 3] & mask, b0 = in[t * 3 + 1], c0 = in[t * 3 + 2];
    uint64_t nw = atom_ref(&m, where, old, b0, c0), d = is_red ? 0 : old;
    ck_assert_msg((out[t * 2] & mask) == d && (out[t * 2 + 1] & mask) == nw,
                  "%s (%s memory) thread %d: mem 0x%llx, b 0x%llx, c 0x%llx: got old 0x%llx new "
                  "0x%llx, want old 0x%llx new 0x%llx",
                  form, where == 's' ? "shared" : "global", t, (unsigned long long)old,
                  (unsigned long long)(b0 & mask), (unsigned long long)(c0 & mask),
                  (unsigned long long)(out[t * 2] & mask), (unsigned long long)(out[t * 2 + 1] & mask),
                  (unsigned long long)d, (unsigned long long)nw);
  }
  ex_fx_free(&f);
  free(b.s);
}

static const char *const atom_forms[] = {
  "atom.add.acq_rel.cta.u64", "atom.add.acquire.cta.u32", "atom.add.relaxed.cta.u32",
  "atom.add.relaxed.cta.u64", "atom.add.release.gpu.u32", "atom.add.u32", "atom.global.add.f64",
  "atom.global.add.u32", "atom.global.add.u64", "atom.global.and.b32", "atom.global.cas.b32",
  "atom.global.dec.u32", "atom.global.exch.b32", "atom.global.inc.u32", "atom.global.max.s32",
  "atom.global.max.u32", "atom.global.min.s32", "atom.global.or.b32", "atom.global.sys.add.u32",
  "atom.global.sys.and.b32", "atom.global.sys.cas.b32", "atom.global.sys.dec.u32",
  "atom.global.sys.exch.b32", "atom.global.sys.inc.u32", "atom.global.sys.max.s32",
  "atom.global.sys.min.s32", "atom.global.sys.or.b32", "atom.global.sys.xor.b32",
  "atom.global.xor.b32", "atom.or.acq_rel.cta.b32", "atom.shared.add.f64", "atom.shared.add.u32",
  "atom.shared.exch.b32", "atom.shared.or.b32", "red.and.release.cta.b32",
  /* not in the census */
  "atom.global.cas.b64", "atom.global.exch.b64", "atom.shared.min.u32", "atom.global.max.s64",
  "atom.shared.inc.u32", "atom.shared.dec.u32", "atom.shared.cas.b32", "red.global.add.u32",
  "red.shared.max.s32", "red.global.add.f64", "atom.global.add.f32", "atom.shared.add.f32",
  "red.global.add.f32",
};

START_TEST(atom_form)
{
  const char *form = atom_forms[_i];
  mform m;
  parse_form(form, &m);
  if (m.sp)
    run_atom(form, m.sp);
  else {
    run_atom(form, 'g');
    run_atom(form, 's');
  }
}
END_TEST

/* ---- contended atomics: the results must be a linearisation ----------------------- */

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Each of n threads applies atom <op> with operand v[i] to one location
 * (initial init) through the body; out: old values, then the final value.
 * body uses %va (operand, .b64/.b32 per rt), %vd (old), [%xa]. */
static void run_race(const char *what, const char *rt, const char *decl_space, const char *body,
                     unsigned grid, unsigned block, const uint64_t *v, uint64_t init,
                     uint64_t *old, uint64_t *fin)
{
  unsigned n = grid * block;
  bool shared = !strcmp(decl_space, "shared");
  ex_sbuf b = {0};
  ex_sb_printf(&b, "%s", EX_PTX_HEADER);
  ex_sb_printf(&b,
               ".visible .entry k(.param .u64 pin, .param .u64 pctr, .param .u64 pout)\n{\n"
               "  .reg .b32 %%t<8>; .reg .b64 %%x<12>; .reg .%s %%va, %%vd, %%vm, %%vo;\n"
               "  .reg .pred %%p<4>; .reg .f64 %%fa, %%fd;\n"
               "  .shared .align 8 .b8 sctr[8];\n"
               "  mov.u32 %%t0, %%tid.x; mov.u32 %%t1, %%ctaid.x; mov.u32 %%t2, %%ntid.x;\n"
               "  mad.lo.u32 %%t3, %%t1, %%t2, %%t0;\n"
               "  ld.param.u64 %%x0, [pin]; ld.param.u64 %%x1, [pctr]; ld.param.u64 %%x2, [pout];\n"
               "  mul.wide.u32 %%x3, %%t3, 8; add.s64 %%x4, %%x0, %%x3; add.s64 %%x5, %%x2, %%x3;\n"
               "  ld.global.%s %%va, [%%x4];\n",
               rt, rt);
  if (shared)
    ex_sb_printf(&b, "  mov.u64 %%x6, sctr;\n"
                     "  setp.eq.u32 %%p0, %%t0, 0;\n"
                     "  @%%p0 ld.global.%s %%vm, [%%x1]; @%%p0 st.shared.%s [%%x6], %%vm;\n"
                     "  bar.sync 0;\n",
                 rt, rt);
  else
    ex_sb_printf(&b, "  mov.b64 %%x6, %%x1;\n");
  ex_sb_printf(&b, "%s\n", body);
  ex_sb_printf(&b, "  st.global.%s [%%x5], %%vd;\n", rt);
  if (shared)
    ex_sb_printf(&b, "  bar.sync 0;\n"
                     "  @%%p0 ld.shared.%s %%vo, [%%x6];\n"
                     "  mul.wide.u32 %%x7, %%t1, 8; add.s64 %%x8, %%x1, %%x7;\n"
                     "  @%%p0 st.global.%s [%%x8+8], %%vo;\n",
                 rt, rt);
  ex_sb_printf(&b, "  ret;\n}\n");

  uint64_t ctr[1 + 64] = {init};
  ex_fx f;
  ex_fx_load(&f, b.s);
  ptxsim_devptr din = ex_fx_buf(&f, v, n * 8), dctr = ex_fx_buf(&f, ctr, sizeof ctr),
                dout = ex_fx_buf(&f, NULL, n * 8);
  const void *args[] = {&din, &dctr, &dout};
  ex_fx_launch(&f, "k", grid, block, args, 3, 0);
  ex_fx_get(&f, old, dout, n * 8);
  ex_fx_get(&f, ctr, dctr, sizeof ctr);
  for (unsigned g = 0; g < grid; g++)
    fin[g] = shared ? ctr[1 + g] : ctr[0];
  (void)what;
  ex_fx_free(&f);
  free(b.s);
}

/* Checks that old values and the final value of a commutative update are
 * a linearisation: the multiset {init} + {new_i} equals {old_i} + {final},
 * where new_i = op(old_i, v_i). */
static void check_linear(const char *what, unsigned n, const uint64_t *v, const uint64_t *old,
                         uint64_t init, uint64_t fin, uint64_t (*op)(uint64_t, uint64_t))
{
  uint64_t *x = malloc((n + 1) * 8), *y = malloc((n + 1) * 8);
  ck_assert_ptr_nonnull(x);
  ck_assert_ptr_nonnull(y);
  x[0] = init;
  y[0] = fin;
  for (unsigned i = 0; i < n; i++) {
    x[i + 1] = op(old[i], v[i]);
    y[i + 1] = old[i];
  }
  qsort(x, n + 1, 8, cmp_u64);
  qsort(y, n + 1, 8, cmp_u64);
  for (unsigned i = 0; i <= n; i++)
    ck_assert_msg(x[i] == y[i], "%s: old values and final value 0x%llx are not a linearisation",
                  what, (unsigned long long)fin);
  free(x);
  free(y);
}

static uint64_t op_add32(uint64_t a, uint64_t b)
{
  return (a + b) & 0xffffffff;
}

static uint64_t op_add64(uint64_t a, uint64_t b)
{
  return a + b;
}

static uint64_t op_exch(uint64_t a, uint64_t b)
{
  (void)a;
  return b;
}

static uint64_t op_inc100(uint64_t a, uint64_t b)
{
  (void)b;
  return a >= 100 ? 0 : a + 1;
}

START_TEST(atom_race)
{
  enum { G = 2, B = 128, N = G * B };
  uint64_t v[N], old[N], fin[G];
  ex_rng_seed("atom_race");
  for (int i = 0; i < N; i++)
    v[i] = ex_rng() & 0xffffffff;

  run_race("atom.global.add.u32", "b32", "global", "  atom.global.add.u32 %vd, [%x6], %va;", G, B,
           v, 5, old, fin);
  for (int i = 0; i < N; i++)
    old[i] &= 0xffffffff;
  check_linear("atom.global.add.u32 on one counter", N, v, old, 5, fin[0], op_add32);

  run_race("atom.shared.add.u32", "b32", "shared", "  atom.shared.add.u32 %vd, [%x6], %va;", G, B,
           v, 7, old, fin);
  for (int g = 0; g < G; g++) {
    for (int i = 0; i < B; i++)
      old[g * B + i] &= 0xffffffff;
    check_linear("atom.shared.add.u32 on one counter per block", B, v + g * B, old + g * B, 7,
                 fin[g] & 0xffffffff, op_add32);
  }

  run_race("atom.add.acq_rel.cta.u64", "b64", "global",
           "  cvta.global.u64 %x9, %x6; atom.add.acq_rel.cta.u64 %vd, [%x9], %va;", G, B, v, 0,
           old, fin);
  check_linear("atom.add.acq_rel.cta.u64 (generic) on one counter", N, v, old, 0, fin[0],
               op_add64);

  run_race("atom.global.exch.b32", "b32", "global", "  atom.global.exch.b32 %vd, [%x6], %va;", G,
           B, v, 0xdead, old, fin);
  for (int i = 0; i < N; i++)
    old[i] &= 0xffffffff;
  check_linear("atom.global.exch.b32 chain", N, v, old, 0xdead, fin[0] & 0xffffffff, op_exch);

  run_race("atom.global.inc.u32", "b32", "global",
           "  atom.global.inc.u32 %vd, [%x6], 100;", G, B, v, 0, old, fin);
  for (int i = 0; i < N; i++)
    old[i] &= 0xffffffff;
  check_linear("atom.global.inc.u32 wrapping at 100", N, v, old, 0, fin[0] & 0xffffffff,
               op_inc100);
  ck_assert_uint_eq(fin[0] & 0xffffffff, N % 101);

  /* a compare-and-swap increment loop: every thread succeeds once */
  run_race("atom.global.cas.b32 loop", "b32", "global",
           "  ld.volatile.global.u32 %vm, [%x6];\n"
           "RETRY:\n"
           "  add.u32 %vo, %vm, 1;\n"
           "  atom.global.cas.b32 %vd, [%x6], %vm, %vo;\n"
           "  setp.ne.u32 %p1, %vd, %vm;\n"
           "  mov.b32 %vm, %vd;\n"
           "  @%p1 bra RETRY;",
           G, B, v, 0, old, fin);
  ck_assert_uint_eq(fin[0] & 0xffffffff, N);
  for (int i = 0; i < N; i++)
    old[i] &= 0xffffffff;
  qsort(old, N, 8, cmp_u64);
  for (int i = 0; i < N; i++)
    ck_assert_msg(old[i] == (uint64_t)i, "atom.global.cas.b32 loop: the %d-th success saw 0x%llx",
                  i, (unsigned long long)old[i]);

  /* max / min / and over all threads */
  run_race("atom.global.max.s32", "b32", "global", "  atom.global.max.s32 %vd, [%x6], %va;", G, B,
           v, 0x80000000, old, fin);
  int32_t mx = INT32_MIN;
  for (int i = 0; i < N; i++)
    mx = (int32_t)v[i] > mx ? (int32_t)v[i] : mx;
  ck_assert_uint_eq(fin[0] & 0xffffffff, (uint32_t)mx);
  run_race("atom.global.min.s32", "b32", "global", "  atom.global.min.s32 %vd, [%x6], %va;", G, B,
           v, 0x7fffffff, old, fin);
  int32_t mn = INT32_MAX;
  for (int i = 0; i < N; i++)
    mn = (int32_t)v[i] < mn ? (int32_t)v[i] : mn;
  ck_assert_uint_eq(fin[0] & 0xffffffff, (uint32_t)mn);
  for (int i = 0; i < N; i++)
    v[i] |= ~(UINT64_C(1) << (i % 32)) & 0xffffffff;
  run_race("red.and.release.cta.b32", "b32", "global",
           "  cvta.global.u64 %x9, %x6; red.and.release.cta.b32 [%x9], %va; mov.b32 %vd, 0;", G,
           B, v, 0xffffffff, old, fin);
  uint64_t all = 0xffffffff;
  for (int i = 0; i < N; i++)
    all &= v[i];
  ck_assert_uint_eq(fin[0] & 0xffffffff, all);

  /* f64 adds of small integers are exact in any order */
  for (int i = 0; i < N; i++)
    v[i] = ex_d2u((double)(i % 17) - 8.0);
  run_race("atom.shared.add.f64", "f64", "shared", "  atom.shared.add.f64 %vd, [%x6], %va;", G, B,
           v, ex_d2u(0.5), old, fin);
  for (int g = 0; g < G; g++) {
    double s = 0.5;
    for (int i = 0; i < B; i++)
      s += ex_u2d(v[g * B + i]);
    ck_assert_msg(fin[g] == ex_d2u(s), "atom.shared.add.f64: block %d sum %g want %g", g,
                  ex_u2d(fin[g]), s);
  }
  run_race("atom.global.add.f64", "f64", "global", "  atom.global.add.f64 %vd, [%x6], %va;", G, B,
           v, ex_d2u(0.25), old, fin);
  double s = 0.25;
  for (int i = 0; i < N; i++)
    s += ex_u2d(v[i]);
  ck_assert_msg(fin[0] == ex_d2u(s), "atom.global.add.f64: sum %g want %g", ex_u2d(fin[0]), s);
}
END_TEST

/* ---- cp.async and mbarrier ---------------------------------------------------------- */

/* Each thread copies its 32 bytes with cp.async in three groups (16 bytes
 * .cg, 8 bytes .ca, 4+4 bytes .ca of which the second has src-size 2 and
 * zero-fills), waits with wait_group 1 then 0, and copies the shared slot
 * out.  Then a second phase copies through an mbarrier completion. */
static const char *const cp_async_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pin, .param .u64 pout)\n"
  "{\n"
  "  .reg .b32 %t<8>; .reg .b64 %x<12>; .reg .pred %p<4>;\n"
  "  .shared .align 16 .b8 sb[2048]; .shared .align 16 .b8 sb2[2048];\n"
  "  .shared .align 8 .b64 mbar;\n"
  "  mov.u32 %t0, %tid.x; ld.param.u64 %x0, [pin]; ld.param.u64 %x1, [pout];\n"
  "  mul.wide.u32 %x2, %t0, 32; add.s64 %x3, %x0, %x2; add.s64 %x4, %x1, %x2;\n"
  "  mov.u64 %x5, sb; add.s64 %x5, %x5, %x2;\n"
  "  mov.u64 %x6, sb2; add.s64 %x6, %x6, %x2;\n"
  "  mov.u64 %x7, mbar;\n"
  "  setp.eq.u32 %p0, %t0, 0;\n"
  "  @%p0 mbarrier.init.shared.b64 [%x7], 64;\n"
  "  bar.sync 0;\n"
  "  cp.async.cg.shared.global [%x5], [%x3], 16, 16;\n"
  "  cp.async.commit_group;\n"
  "  cp.async.ca.shared.global [%x5+16], [%x3+16], 8, 8;\n"
  "  cp.async.commit_group;\n"
  "  cp.async.ca.shared.global [%x5+24], [%x3+24], 4, 4;\n"
  "  cp.async.ca.shared.global [%x5+28], [%x3+28], 4, 2;\n"
  "  cp.async.commit_group;\n"
  "  cp.async.wait_group 1;\n"
  "  cp.async.wait_group 0;\n"
  "  ld.shared.v4.u32 {%t1, %t2, %t3, %t4}, [%x5];\n"
  "  st.global.v4.u32 [%x4], {%t1, %t2, %t3, %t4};\n"
  "  ld.shared.v4.u32 {%t1, %t2, %t3, %t4}, [%x5+16];\n"
  "  st.global.v4.u32 [%x4+16], {%t1, %t2, %t3, %t4};\n"
  "  add.s64 %x8, %x3, 2048;\n"
  "  cp.async.cg.shared.global [%x6], [%x8], 16, 16;\n"
  "  cp.async.ca.shared.global [%x6+16], [%x8+16], 16, 16;\n"
  "  cp.async.mbarrier.arrive.shared.b64 [%x7];\n"
  "  mbarrier.arrive.shared.b64 %x9, [%x7];\n"
  "WAIT:\n"
  "  mbarrier.test_wait.shared.b64 %p1, [%x7], %x9;\n"
  "  @!%p1 bra WAIT;\n"
  "  xor.b32 %t5, %t0, 1;\n"
  "  mul.wide.u32 %x10, %t5, 32; mov.u64 %x11, sb2; add.s64 %x11, %x11, %x10;\n"
  "  ld.shared.v4.u32 {%t1, %t2, %t3, %t4}, [%x11];\n"
  "  st.global.v4.u32 [%x4+2048], {%t1, %t2, %t3, %t4};\n"
  "  ld.shared.v4.u32 {%t1, %t2, %t3, %t4}, [%x11+16];\n"
  "  st.global.v4.u32 [%x4+2064], {%t1, %t2, %t3, %t4};\n"
  "  ret;\n"
  "}\n";

START_TEST(cp_async)
{
  uint8_t in[4096], out[4096];
  fill_random(in, sizeof in, "cp_async", 0);
  ex_fx f;
  ex_fx_load(&f, cp_async_ptx);
  ptxsim_devptr din = ex_fx_buf(&f, in, sizeof in), dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&din, &dout};
  ex_fx_launch(&f, "k", 1, 64, args, 2, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int t = 0; t < 64; t++)
    for (int k = 0; k < 32; k++) {
      uint8_t want = (k >= 30) ? 0 : in[t * 32 + k];
      ck_assert_msg(out[t * 32 + k] == want,
                    "cp.async groups: thread %d byte %d: got 0x%02x want 0x%02x%s", t, k,
                    out[t * 32 + k], want, k >= 30 ? " (src-size 2 zero-fills)" : "");
      uint8_t w2 = in[2048 + (t ^ 1) * 32 + k];
      ck_assert_msg(out[2048 + t * 32 + k] == w2,
                    "cp.async + cp.async.mbarrier.arrive: thread %d byte %d of its neighbour: got "
                    "0x%02x want 0x%02x",
                    t, k, out[2048 + t * 32 + k], w2);
    }
  ex_fx_free(&f);
}
END_TEST

/* One thread walks an mbarrier through two phases. */
static const char *const mbar_phase_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pout)\n"
  "{\n"
  "  .reg .b64 %x<8>; .reg .pred %p<10>; .reg .b32 %r<10>;\n"
  "  .shared .align 8 .b64 mb;\n"
  "  ld.param.u64 %x0, [pout]; mov.u64 %x1, mb;\n"
  "  mbarrier.init.shared.b64 [%x1], 2;\n"
  "  mbarrier.arrive.shared.b64 %x2, [%x1];\n"
  "  mbarrier.test_wait.shared.b64 %p0, [%x1], %x2;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p1, [%x1], 0;\n"
  "  mbarrier.arrive.shared.b64 %x3, [%x1];\n"
  "  mbarrier.test_wait.shared.b64 %p2, [%x1], %x2;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p3, [%x1], 0;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p4, [%x1], 1;\n"
  "  mbarrier.arrive.shared.b64 %x4, [%x1];\n"
  "  mbarrier.test_wait.shared.b64 %p5, [%x1], %x4;\n"
  "  mbarrier.arrive.shared.b64 %x5, [%x1];\n"
  "  mbarrier.test_wait.shared.b64 %p6, [%x1], %x4;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p7, [%x1], 1;\n"
  "  mbarrier.test_wait.parity.shared.b64 %p8, [%x1], 0;\n"
  "  mbarrier.inval.shared.b64 [%x1];\n"
  "  selp.u32 %r0, 1, 0, %p0; selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 1, 0, %p2;\n"
  "  selp.u32 %r3, 1, 0, %p3; selp.u32 %r4, 1, 0, %p4; selp.u32 %r5, 1, 0, %p5;\n"
  "  selp.u32 %r6, 1, 0, %p6; selp.u32 %r7, 1, 0, %p7; selp.u32 %r8, 1, 0, %p8;\n"
  "  st.global.v4.u32 [%x0], {%r0, %r1, %r2, %r3};\n"
  "  st.global.v4.u32 [%x0+16], {%r4, %r5, %r6, %r7};\n"
  "  st.global.u32 [%x0+32], %r8;\n"
  "  ret;\n"
  "}\n";

START_TEST(mbarrier_phases)
{
  uint32_t out[9];
  ex_fx f;
  ex_fx_load(&f, mbar_phase_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  ex_fx_launch(&f, "k", 1, 1, args, 1, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  static const uint32_t want[9] = {0, 0, 1, 1, 0, 0, 1, 1, 0};
  static const char *const what[9] = {
    "test_wait after 1 of 2 arrivals", "test_wait.parity 0 during phase 0",
    "test_wait of phase 0 after it completed", "test_wait.parity 0 after phase 0",
    "test_wait.parity 1 during phase 1", "test_wait of phase 1 after 1 arrival",
    "test_wait of phase 1 after it completed", "test_wait.parity 1 after phase 1",
    "test_wait.parity 0 during phase 2"};
  for (int i = 0; i < 9; i++)
    ck_assert_msg(out[i] == want[i], "mbarrier: %s: got %u want %u", what[i], out[i], want[i]);
  ex_fx_free(&f);
}
END_TEST

/* 64 threads arrive and spin on test_wait; data written before the arrival
 * must be visible after the wait. */
static const char *const mbar_sync_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pout)\n"
  "{\n"
  "  .reg .b64 %x<8>; .reg .pred %p<4>; .reg .b32 %r<8>;\n"
  "  .shared .align 8 .b64 mb; .shared .align 4 .b32 data[64];\n"
  "  ld.param.u64 %x0, [pout]; mov.u64 %x1, mb; mov.u32 %r0, %tid.x;\n"
  "  setp.eq.u32 %p0, %r0, 0;\n"
  "  @%p0 mbarrier.init.shared.b64 [%x1], 64;\n"
  "  bar.sync 0;\n"
  "  mov.u32 %r1, data; shl.b32 %r2, %r0, 2; add.u32 %r3, %r1, %r2;\n"
  "  mul.lo.u32 %r4, %r0, 3; st.shared.u32 [%r3], %r4;\n"
  "  mbarrier.arrive.shared.b64 %x2, [%x1];\n"
  "SPIN:\n"
  "  mbarrier.test_wait.shared.b64 %p1, [%x1], %x2;\n"
  "  @!%p1 bra SPIN;\n"
  "  add.u32 %r5, %r0, 17; and.b32 %r5, %r5, 63; shl.b32 %r5, %r5, 2; add.u32 %r5, %r1, %r5;\n"
  "  ld.shared.u32 %r6, [%r5];\n"
  "  mul.wide.u32 %x3, %r0, 4; add.s64 %x4, %x0, %x3; st.global.u32 [%x4], %r6;\n"
  "  ret;\n"
  "}\n";

START_TEST(mbarrier_sync)
{
  uint32_t out[64];
  ex_fx f;
  ex_fx_load(&f, mbar_sync_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  ex_fx_launch(&f, "k", 1, 64, args, 1, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (int t = 0; t < 64; t++)
    ck_assert_msg(out[t] == (uint32_t)(((t + 17) & 63) * 3),
                  "mbarrier arrive/test_wait: thread %d read %u want %u", t, out[t],
                  ((t + 17) & 63) * 3);
  ex_fx_free(&f);
}
END_TEST

/* ---- fences --------------------------------------------------------------------------- */

static const char *const fence_ptx = EX_PTX_HEADER
  ".visible .entry k(.param .u64 pout)\n"
  "{\n"
  "  .reg .b64 %x<8>; .reg .b32 %r<8>;\n"
  "  .shared .align 4 .b32 s[128];\n"
  "  ld.param.u64 %x0, [pout]; mov.u32 %r0, %tid.x;\n"
  "  mov.u32 %r1, s; shl.b32 %r2, %r0, 2; add.u32 %r3, %r1, %r2;\n"
  "  add.u32 %r4, %r0, 1000; st.shared.u32 [%r3], %r4;\n"
  "  fence.sc.cta;\n"
  "  membar.cta;\n"
  "  mul.wide.u32 %x1, %r0, 8; add.s64 %x2, %x0, %x1; st.global.u32 [%x2], %r4;\n"
  "  membar.gl;\n"
  "  fence.acq_rel.gpu;\n"
  "  membar.sys;\n"
  "  bar.sync 0;\n"
  "  xor.b32 %r5, %r0, 5; shl.b32 %r5, %r5, 2; add.u32 %r5, %r1, %r5; ld.shared.u32 %r6, [%r5];\n"
  "  st.global.u32 [%x2+4], %r6;\n"
  "  ret;\n"
  "}\n";

START_TEST(fences)
{
  uint32_t out[256];
  ex_fx f;
  ex_fx_load(&f, fence_ptx);
  ptxsim_devptr dout = ex_fx_buf(&f, NULL, sizeof out);
  const void *args[] = {&dout};
  ex_fx_launch(&f, "k", 1, 128, args, 1, 0);
  ex_fx_get(&f, out, dout, sizeof out);
  for (uint32_t t = 0; t < 128; t++) {
    ck_assert_uint_eq(out[2 * t], t + 1000);
    ck_assert_uint_eq(out[2 * t + 1], (t ^ 5) + 1000);
  }
  ex_fx_free(&f);
}
END_TEST

/* ---- .const is read-only whatever filled the allocation cache ------------------- */

/* Each kernel writes into the .const variable cval through its generic
 * address, before or after reading it (ld.const, ld.global): the write
 * must fault as read-only every time.  The memory's one-entry allocation
 * cache used to keep cval after a read and let the write through. */
static const char *const readonly_ptx = EX_PTX_HEADER
  ".const .align 4 .b32 cval[4] = {1, 2, 3, 4};\n"
  ".visible .entry ld_then_st()\n{\n"
  "  .reg .b32 %r<2>; .reg .b64 %x<2>;\n"
  "  ld.const.u32 %r1, [cval];\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  st.global.u32 [%x1+4], %r1;\n"
  "  ret;\n}\n"
  ".visible .entry st_then_ld()\n{\n"
  "  .reg .b32 %r<2>; .reg .b64 %x<2>;\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  st.global.u32 [%x1+4], 7;\n"
  "  ld.const.u32 %r1, [cval];\n"
  "  ret;\n}\n"
  ".visible .entry ld_then_st_generic()\n{\n"
  "  .reg .b32 %r<2>; .reg .b64 %x<2>;\n"
  "  ld.const.u32 %r1, [cval];\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  st.u32 [%x1+4], %r1;\n"
  "  ret;\n}\n"
  ".visible .entry ldg_then_st()\n{\n"
  "  .reg .b32 %r<2>; .reg .b64 %x<2>;\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  ld.global.u32 %r1, [%x1];\n"
  "  st.global.u32 [%x1+4], %r1;\n"
  "  ret;\n}\n"
  ".visible .entry ld_then_atom()\n{\n"
  "  .reg .b32 %r<3>; .reg .b64 %x<2>;\n"
  "  ld.const.u32 %r1, [cval];\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  atom.global.add.u32 %r2, [%x1+4], %r1;\n"
  "  ret;\n}\n"
  ".visible .entry ld_only(.param .u64 pout)\n{\n"
  "  .reg .b32 %r<2>; .reg .b64 %x<2>;\n"
  "  ld.const.u32 %r1, [cval+4];\n"
  "  ld.param.u64 %x0, [pout]; st.global.u32 [%x0], %r1;\n"
  "  ld.const.u32 %r1, [cval+8];\n"
  "  ret;\n}\n"
  ".visible .entry st_only()\n{\n"
  "  .reg .b64 %x<2>;\n"
  "  mov.u64 %x0, cval; cvta.const.u64 %x1, %x0;\n"
  "  st.global.u32 [%x1+4], 7;\n"
  "  ret;\n}\n";

/* Launches kernel k (no arguments) and checks its read-only fault. */
static void expect_readonly(ex_fx *f, const char *k, const char *word, ptxsim_devptr cval)
{
  ex_fx_launch(f, k, 1, 32, NULL, 0, PTXSIM_E_FAULT);
  const char *e = ptxsim_device_error(f->d);
  char want[160];
  snprintf(want, sizeof want, "%s: invalid write of size 4 at address 0x%llx in .global space "
           "(write to read-only memory)", word, (unsigned long long)(cval + 4));
  ck_assert_msg(strstr(e, want) && strstr(e, "thread (0,0,0)") && strstr(e, "block (0,0,0)"),
                "kernel %s: got \"%s\", want \"%s\" of thread (0,0,0)", k, e, want);
}

START_TEST(const_readonly)
{
  ex_fx f;
  ex_fx_load(&f, readonly_ptx);
  ptxsim_devptr cval, dout = ex_fx_buf(&f, NULL, 4);
  ck_assert_int_eq(ptxsim_symbol_address(f.d, "cval", &cval, NULL), 0);
  /* Both orders, through a global and a generic address, and atom. */
  expect_readonly(&f, "st_then_ld", "st.global.u32", cval);
  expect_readonly(&f, "ld_then_st", "st.global.u32", cval);
  expect_readonly(&f, "ld_then_st_generic", "st.u32", cval);
  expect_readonly(&f, "ldg_then_st", "st.global.u32", cval);
  expect_readonly(&f, "ld_then_atom", "atom.global.add.u32", cval);
  /* The cache outlives a launch: a read in one, the write in the next. */
  const void *args[] = {&dout};
  ex_fx_launch(&f, "ld_only", 1, 32, args, 1, 0);
  expect_readonly(&f, "st_only", "st.global.u32", cval);
  uint32_t c[4], got;
  ck_assert_int_eq(ptxsim_symbol_read(f.d, "cval", 0, c, sizeof c), 0);
  ex_fx_get(&f, &got, dout, 4);
  ck_assert_msg(c[0] == 1 && c[1] == 2 && c[2] == 3 && c[3] == 4 && got == 2,
                "cval changed to {%u, %u, %u, %u} (ld_only read %u)", c[0], c[1], c[2], c[3], got);
  ex_fx_free(&f);
}
END_TEST

/* ---- ld.param, ld.const, ld.local: one check per warp, the same faults --------------- */

/* Lane t < n of kernel <space> loads from base + off + t * stride, where
 * base is the kernel's parameters (pout, n, stride, off: 20 bytes), the
 * .const table ctab (16 words 100 + k) or the .local array lb (16 words
 * t * 100 + k), and stores what it read to out[t].  Kernel const2: lanes
 * 0..15 read ctab[t], lanes 16..31 ctab2[t - 16] (200 + k): a warp over two
 * allocations.  The const kernels read ctab[0] first, so that the check
 * starts from the allocation cache.  The warp-wide check must give what
 * lane-by-lane checks give: the values, or the fault of the first lane
 * that faults. */
static char *fast_ptx(void)
{
  ex_sbuf b = {0};
  ex_sb_printf(&b, "%s", EX_PTX_HEADER);
  ex_sb_printf(&b, ".const .align 8 .b32 ctab[16] = {");
  for (int k = 0; k < 16; k++)
    ex_sb_printf(&b, "%s%d", k ? ", " : "", 100 + k);
  ex_sb_printf(&b, "};\n.const .align 8 .b32 ctab2[16] = {");
  for (int k = 0; k < 16; k++)
    ex_sb_printf(&b, "%s%d", k ? ", " : "", 200 + k);
  ex_sb_printf(&b, "};\n");
  static const struct {
    const char *name, *base, *ld;
  } ks[] = {{"param", "mov.u64 %x1, pout;", "ld.param.u32 %r4, [%x3];"},
            {"const", "mov.u64 %x1, ctab; ld.const.u32 %r7, [ctab];", "ld.const.u32 %r4, [%x3];"},
            {"const_v2", "mov.u64 %x1, ctab; ld.const.u32 %r7, [ctab];",
             "ld.const.v2.u32 {%r4, %r5}, [%x3];"},
            {"local", "mov.u64 %x1, lb;", "ld.local.u32 %r4, [%x3];"}};
  for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
    ex_sb_printf(&b,
                 ".visible .entry %s(.param .u64 pout, .param .u32 n, .param .u32 stride,"
                 " .param .u32 off)\n{\n"
                 "  .reg .pred %%p<2>; .reg .b32 %%r<8>; .reg .b64 %%x<8>;\n"
                 "  .local .align 8 .b8 lb[64];\n"
                 "  mov.u32 %%r0, %%tid.x;\n"
                 "  ld.param.u32 %%r1, [n]; ld.param.u32 %%r2, [stride]; ld.param.u32 %%r3, [off];\n"
                 "  mov.u32 %%r5, 0;\n",
                 ks[i].name);
    for (int k = 0; k < 16; k++)
      ex_sb_printf(&b, "  mad.lo.u32 %%r6, %%r0, 100, %d; st.local.u32 [lb+%d], %%r6;\n", k,
                   4 * k);
    ex_sb_printf(&b,
                 "  %s\n"
                 "  mad.lo.u32 %%r6, %%r0, %%r2, %%r3; cvt.s64.s32 %%x2, %%r6;\n"
                 "  add.s64 %%x3, %%x1, %%x2;\n"
                 "  mov.u32 %%r4, 0xdead;\n"
                 "  setp.lt.u32 %%p1, %%r0, %%r1;\n"
                 "  @%%p1 %s\n"
                 "  ld.param.u64 %%x4, [pout]; mul.wide.u32 %%x5, %%r0, 8; add.s64 %%x4, %%x4, %%x5;\n"
                 "  st.global.v2.u32 [%%x4], {%%r4, %%r5};\n"
                 "  ret;\n}\n",
                 ks[i].base, ks[i].ld);
  }
  ex_sb_printf(&b,
               ".visible .entry const2(.param .u64 pout)\n{\n"
               "  .reg .pred %%p<2>; .reg .b32 %%r<4>; .reg .b64 %%x<8>;\n"
               "  mov.u32 %%r0, %%tid.x; and.b32 %%r1, %%r0, 15; setp.lt.u32 %%p1, %%r0, 16;\n"
               "  mov.u64 %%x0, ctab; mov.u64 %%x1, ctab2; selp.b64 %%x2, %%x0, %%x1, %%p1;\n"
               "  mul.wide.u32 %%x3, %%r1, 4; add.s64 %%x2, %%x2, %%x3;\n"
               "  ld.const.u32 %%r2, [%%x2];\n"
               "  ld.param.u64 %%x4, [pout]; mul.wide.u32 %%x5, %%r0, 8; add.s64 %%x4, %%x4, %%x5;\n"
               "  st.global.v2.u32 [%%x4], {%%r2, %%r0};\n"
               "  ret;\n}\n");
  return b.s;
}

typedef struct fast_case {
  const char *k;
  uint32_t n, stride, off;
  const char *why;     /* NULL: runs; else the fault (out of bounds, misaligned) */
  uint32_t lane;       /* the lane that faults */
  int64_t addr;        /* its address, from the space's base */
} fast_case;

#define OOB "out of bounds"
#define MIS "misaligned address"

START_TEST(ld_warp_fast_path)
{
  ex_fx f;
  char *ptx = fast_ptx();
  ex_fx_load(&f, ptx);
  free(ptx);
  ptxsim_devptr ctab, dout = ex_fx_buf(&f, NULL, 32 * 8);
  ck_assert_int_eq(ptxsim_symbol_address(f.d, "ctab", &ctab, NULL), 0);
  static const fast_case cases[] = {
    {"param", 32, 0, 12, NULL, 0, 0}, /* uniform: every lane reads off */
    {"param", 5, 4, 0, NULL, 0, 0},   /* the 20 bytes, lanes 5.. inactive */
    {"param", 6, 4, 0, OOB, 5, 20},
    {"param", 32, 0, 20, OOB, 0, 20},
    {"param", 32, 4, 2, MIS, 0, 2},
    {"param", 32, 2, 0, MIS, 1, 2},
    {"param", 4, 4, 2, MIS, 0, 2}, /* misaligned, in bounds */
    {"param", 2, 2, 0, MIS, 1, 2},
    {"const", 32, 0, 8, NULL, 0, 0},
    {"const", 16, 4, 0, NULL, 0, 0},
    {"const", 32, 4, 0, OOB, 16, 64},
    {"const", 32, 4, 6, MIS, 0, 6},
    {"const", 4, 4, 6, MIS, 0, 6},
    {"const", 4, 2, 0, MIS, 1, 2},
    {"const", 32, 0, 64, OOB, 0, 64},
    {"const", 12, (uint32_t)-4, 44, NULL, 0, 0}, /* descending */
    {"const", 13, (uint32_t)-4, 44, OOB, 12, -4},
    {"const_v2", 8, 8, 0, NULL, 0, 0},
    {"const_v2", 32, 0, 56, NULL, 0, 0},
    {"const_v2", 9, 8, 0, OOB, 8, 64},
    {"const_v2", 32, 0, 4, MIS, 0, 4},
    {"local", 32, 0, 8, NULL, 0, 0},
    {"local", 16, 4, 0, NULL, 0, 0},
    {"local", 17, 4, 0, OOB, 16, 64},
    {"local", 32, 4, 1, MIS, 0, 1},
    {"local", 4, 4, 1, MIS, 0, 1},
    {"local", 4, 3, 0, MIS, 1, 3},
    {"local", 32, 0, 60, NULL, 0, 0},
    {"local", 32, 0, 64, OOB, 0, 64},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const fast_case *c = &cases[i];
    uint32_t n = c->n, stride = c->stride, off = c->off;
    const void *args[] = {&dout, &n, &stride, &off};
    ck_assert_int_eq(ptxsim_memset(f.d, dout, 0, 32 * 8), 0);
    if (c->why) {
      ex_fx_launch(&f, c->k, 1, 32, args, 4, PTXSIM_E_FAULT);
      bool is_const = !strncmp(c->k, "const", 5), is_v2 = !strcmp(c->k, "const_v2");
      char want[200], tid[32];
      snprintf(want, sizeof want,
               "ld.%s.%su32: invalid read of size %d at address 0x%llx in .%s space (%s)",
               is_const ? "const" : c->k, is_v2 ? "v2." : "", is_v2 ? 8 : 4,
               (unsigned long long)((is_const ? ctab : 0) + (uint64_t)c->addr),
               is_const ? "const" : c->k, c->why);
      snprintf(tid, sizeof tid, "thread (%u,0,0)", c->lane);
      const char *e = ptxsim_device_error(f.d);
      ck_assert_msg(strstr(e, want) && strstr(e, tid), "case %zu (%s): got \"%s\", want \"%s\" of %s",
                    i, c->k, e, want, tid);
      continue;
    }
    ex_fx_launch(&f, c->k, 1, 32, args, 4, 0);
    uint32_t out[64];
    ex_fx_get(&f, out, dout, sizeof out);
    uint8_t params[20];
    memcpy(params, &dout, 8);
    memcpy(params + 8, &n, 4);
    memcpy(params + 12, &stride, 4);
    memcpy(params + 16, &off, 4);
    for (uint32_t t = 0; t < 32; t++) {
      uint32_t o = off + t * stride, want[2] = {0xdead, 0};
      if (t < n) {
        if (!strcmp(c->k, "param"))
          memcpy(&want[0], params + o, 4);
        else if (!strcmp(c->k, "local"))
          want[0] = t * 100 + o / 4;
        else {
          want[0] = 100 + o / 4;
          if (!strcmp(c->k, "const_v2"))
            want[1] = 100 + o / 4 + 1;
        }
      }
      ck_assert_msg(out[2 * t] == want[0] && out[2 * t + 1] == want[1],
                    "case %zu (%s), lane %u: got {%u, %u}, want {%u, %u}", i, c->k, t, out[2 * t],
                    out[2 * t + 1], want[0], want[1]);
    }
  }
  /* A warp over two allocations takes the lane-by-lane path and runs. */
  const void *args[] = {&dout};
  ex_fx_launch(&f, "const2", 1, 32, args, 1, 0);
  uint32_t out[64];
  ex_fx_get(&f, out, dout, sizeof out);
  for (uint32_t t = 0; t < 32; t++)
    ck_assert_msg(out[2 * t] == (t < 16 ? 100 : 200) + t % 16, "const2, lane %u: got %u", t,
                  out[2 * t]);
  ex_fx_free(&f);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("exec_mem");
  struct {
    const char *name;
    const TTest *t;
    int n;
  } tcs[] = {
    {"ld", ld_form, (int)(sizeof ld_forms / sizeof ld_forms[0])},
    {"st", st_form, (int)(sizeof st_forms / sizeof st_forms[0])},
    {"param", param_kernel, 1},
    {"call", param_call, 1},
    {"cvta", cvta_roundtrip, 1},
    {"atom", atom_form, (int)(sizeof atom_forms / sizeof atom_forms[0])},
    {"atom_race", atom_race, 1},
    {"cp_async", cp_async, 1},
    {"mbarrier", mbarrier_phases, 1},
    {"mbarrier_sync", mbarrier_sync, 1},
    {"fence", fences, 1},
    {"const_readonly", const_readonly, 1},
    {"ld_warp_fast_path", ld_warp_fast_path, 1},
  };
  for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
    TCase *tc = tcase_create(tcs[i].name);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, tcs[i].t, 0, tcs[i].n);
    suite_add_tcase(s, tc);
  }
  return ex_run(s);
}
