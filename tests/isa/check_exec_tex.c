/* check_exec_tex.c -- texture and surface instructions end to end through
 * the public API (ptxsim_texture_create, ptxsim_surface_create, launches)
 * on hand-written kernels: linear filtering in one and two dimensions,
 * wrap / mirror / clamp / border addressing with normalised coordinates,
 * normalised-float and element-type reads, integer coordinates, texel
 * offsets, tex.level with linear mip filtering, tex.grad, tld4, the
 * residency predicate, layered and cube textures, suld/sust in their
 * .trap, .clamp and .zero forms (faults reported with the location,
 * kernel, block and thread), vector and 3-D surface access, txq, suq and
 * istypep, bad handles (zero, unknown, destroyed, of the wrong kind, the
 * wrong geometry), freed texel memory, and the descriptor validation of
 * the API.  Expected values are worked out by hand from the CUDA
 * Programming Guide's texture fetching formulas (see
 * tests/isa/check_tex_sample.c for the arithmetic alone).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/isa/exec_harness.h"

/* Every kernel K(.u64 h, .u64 in, .u64 out, .u32 n): thread g < n reads
 * six 32-bit words in[g][0..5] into %r10..%r15 (and %f10..%f15), runs its
 * body and stores %r20..%r23 at out[g][0..3]. */
#define KERNEL(name, body)                                                                  \
  ".visible .entry " name "(.param .u64 ph, .param .u64 pin, .param .u64 pout,\n"           \
  "    .param .u32 pn)\n"                                                                   \
  "{\n"                                                                                     \
  "  .reg .b32 %r<40>; .reg .f32 %f<40>; .reg .b64 %rd<16>; .reg .pred %p<4>;\n"            \
  "  .reg .b16 %rs<8>;\n"                                                                   \
  "  ld.param.u64 %rd1, [ph];\n"                                                            \
  "  ld.param.u64 %rd2, [pin];\n"                                                           \
  "  ld.param.u64 %rd3, [pout];\n"                                                          \
  "  ld.param.u32 %r1, [pn];\n"                                                             \
  "  mov.u32 %r2, %ctaid.x;\n"                                                              \
  "  mov.u32 %r3, %ntid.x;\n"                                                               \
  "  mov.u32 %r4, %tid.x;\n"                                                                \
  "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"                                                      \
  "  setp.ge.u32 %p1, %r5, %r1;\n"                                                          \
  "  @%p1 bra $DONE;\n"                                                                     \
  "  mul.wide.u32 %rd4, %r5, 24;\n"                                                         \
  "  add.s64 %rd5, %rd2, %rd4;\n"                                                           \
  "  ld.global.v2.b32 {%r10, %r11}, [%rd5];\n"                                              \
  "  ld.global.v2.b32 {%r12, %r13}, [%rd5+8];\n"                                            \
  "  ld.global.v2.b32 {%r14, %r15}, [%rd5+16];\n"                                           \
  "  mov.b32 %f10, %r10; mov.b32 %f11, %r11; mov.b32 %f12, %r12;\n"                         \
  "  mov.b32 %f13, %r13; mov.b32 %f14, %r14; mov.b32 %f15, %r15;\n"                         \
  "  mov.u32 %r20, 0; mov.u32 %r21, 0; mov.u32 %r22, 0; mov.u32 %r23, 0;\n"                 \
  body                                                                                      \
  "  mul.wide.u32 %rd6, %r5, 16;\n"                                                         \
  "  add.s64 %rd7, %rd3, %rd6;\n"                                                           \
  "  st.global.v4.b32 [%rd7], {%r20, %r21, %r22, %r23};\n"                                  \
  "$DONE:\n"                                                                                \
  "  ret;\n"                                                                                \
  "}\n"

#define F4 "{%f20, %f21, %f22, %f23}"
#define FOUT "  mov.b32 %r20, %f20; mov.b32 %r21, %f21; mov.b32 %r22, %f22; mov.b32 %r23, %f23;\n"

static const char ptx[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  KERNEL("t1d", "  tex.1d.v4.f32.f32 " F4 ", [%rd1, {%f10}];\n" FOUT)
  KERNEL("t1di", "  tex.1d.v4.u32.s32 {%r20, %r21, %r22, %r23}, [%rd1, {%r10}];\n")
  KERNEL("t2d", "  tex.2d.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11}];\n" FOUT)
  KERNEL("t2du", "  tex.2d.v4.u32.f32 {%r20, %r21, %r22, %r23}, [%rd1, {%f10, %f11}];\n")
  KERNEL("t2ds", "  tex.2d.v4.s32.f32 {%r20, %r21, %r22, %r23}, [%rd1, {%f10, %f11}];\n")
  KERNEL("t2di", "  tex.2d.v4.f32.s32 " F4 ", [%rd1, {%r10, %r11}];\n" FOUT)
  KERNEL("t2doff", "  tex.2d.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11}], {%r12, %r13};\n" FOUT)
  KERNEL("tlevel", "  tex.level.2d.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11}], %f12;\n" FOUT)
  KERNEL("tgrad", "  tex.grad.2d.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11}], {%f12, %f13},"
                  " {%f14, %f15};\n" FOUT)
  KERNEL("tgather", "  tld4.r.2d.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11}];\n" FOUT)
  KERNEL("tpred", "  tex.2d.v4.f32.f32 " F4 "|%p2, [%rd1, {%f10, %f11}];\n"
                  "  selp.f32 %f23, %f23, 0f7FC00000, %p2;\n" FOUT)
  KERNEL("ta2d", "  tex.a2d.v4.f32.f32 " F4 ", [%rd1, {%r12, %f10, %f11, %f11}];\n" FOUT)
  KERNEL("tcube", "  tex.cube.v4.f32.f32 " F4 ", [%rd1, {%f10, %f11, %f12, %f12}];\n" FOUT)
  KERNEL("sst_trap", "  sust.b.2d.b32.trap [%rd1, {%r10, %r11}], {%r12};\n")
  KERNEL("sst_clamp", "  sust.b.2d.b32.clamp [%rd1, {%r10, %r11}], {%r12};\n")
  KERNEL("sst_zero", "  sust.b.2d.b32.zero [%rd1, {%r10, %r11}], {%r12};\n")
  KERNEL("sld_trap", "  suld.b.2d.b32.trap {%r20}, [%rd1, {%r10, %r11}];\n")
  KERNEL("sld_clamp", "  suld.b.2d.b32.clamp {%r20}, [%rd1, {%r10, %r11}];\n")
  KERNEL("sld_zero", "  suld.b.2d.b32.zero {%r20}, [%rd1, {%r10, %r11}];\n")
  KERNEL("sld_3d", "  suld.b.3d.v4.b8.trap {%rs1, %rs2, %rs3, %rs4}, [%rd1, {%r10, %r11, %r12,"
                   " %r12}];\n"
                   "  cvt.u32.u16 %r20, %rs1; cvt.u32.u16 %r21, %rs2;\n"
                   "  cvt.u32.u16 %r22, %rs3; cvt.u32.u16 %r23, %rs4;\n")
  KERNEL("sst_1d_v2", "  cvt.u16.u32 %rs1, %r11; cvt.u16.u32 %rs2, %r12;\n"
                      "  sust.b.1d.v2.b16.zero [%rd1, {%r10}], {%rs1, %rs2};\n")
  KERNEL("sld_a2d_v2", "  suld.b.a2d.v2.b32.trap {%r20, %r21}, [%rd1, {%r12, %r10, %r11,"
                       " %r11}];\n")
  KERNEL("qtex", "  txq.width.b32 %r20, [%rd1];\n"
                 "  txq.level.width.b32 %r21, [%rd1], %r10;\n"
                 "  txq.num_mipmap_levels.b32 %r22, [%rd1];\n"
                 "  txq.channel_data_type.b32 %r23, [%rd1];\n")
  KERNEL("qsamp", "  txq.filter_mode.b32 %r20, [%rd1];\n"
                  "  txq.normalized_coords.b32 %r21, [%rd1];\n"
                  "  txq.addr_mode_0.b32 %r22, [%rd1];\n"
                  "  txq.height.b32 %r23, [%rd1];\n")
  KERNEL("qsurf", "  suq.width.b32 %r20, [%rd1];\n"
                  "  suq.channel_order.b32 %r21, [%rd1];\n"
                  "  istypep.surfref %p2, %rd1;\n"
                  "  selp.u32 %r22, 1, 0, %p2;\n"
                  "  istypep.texref %p3, %rd1;\n"
                  "  selp.u32 %r23, 1, 0, %p3;\n");

/* ---- helpers -------------------------------------------------------------- */

static uint32_t fu(float f)
{
  return ex_f2u(f);
}

/* Runs kernel k over n threads with inputs in[n][6]; out[n][4]. */
static int run(ex_fx *f, const char *k, uint64_t h, const uint32_t (*in)[6], uint32_t (*out)[4],
               unsigned n)
{
  ptxsim_devptr din = ex_fx_buf(f, in, n * 24), dout = ex_fx_buf(f, NULL, n * 16);
  const void *args[] = {&h, &din, &dout, &n};
  int rc = ptxsim_launch(f->d, k, (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){n, 1, 1}, 0, args, 4);
  if (rc == PTXSIM_OK)
    ex_fx_get(f, out, dout, n * 16);
  return rc;
}

static void run_ok(ex_fx *f, const char *k, uint64_t h, const uint32_t (*in)[6],
                   uint32_t (*out)[4], unsigned n)
{
  int rc = run(f, k, h, in, out, n);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s (%d): %s", k, ptxsim_status_string(rc), rc,
                ptxsim_device_error(f->d));
}

/* A launch that must fault with every needle in its message. */
static void run_fault(ex_fx *f, const char *k, uint64_t h, const uint32_t (*in)[6], unsigned n,
                      const char *const *needles)
{
  uint32_t out[64][4];
  int rc = run(f, k, h, in, out, n);
  const char *msg = ptxsim_device_error(f->d);
  ck_assert_msg(rc == PTXSIM_E_FAULT, "%s: expected a fault, got %s (%d): %s", k,
                ptxsim_status_string(rc), rc, msg);
  for (; *needles; needles++)
    ck_assert_msg(strstr(msg, *needles), "%s: the message lacks \"%s\":\n%s", k, *needles, msg);
}

/* "exec.ptx:LINE:" of the first line of the module containing needle
 * after the line starting kernel k. */
static const char *where(const char *k, const char *needle)
{
  static char buf[64];
  char entry[64];
  snprintf(entry, sizeof entry, ".entry %s(", k);
  const char *e = strstr(ptx, entry);
  ck_assert_ptr_nonnull(e);
  const char *p = strstr(e, needle);
  ck_assert_ptr_nonnull(p);
  unsigned line = 1;
  for (const char *q = ptx; q < p; q++)
    line += *q == '\n';
  snprintf(buf, sizeof buf, "exec.ptx:%u:", line);
  return buf;
}

static ptxsim_texture_desc desc(ptxsim_tex_kind kind, unsigned channels, unsigned bits,
                                ptxsim_channel_kind ck, ptxsim_devptr data, size_t w, size_t h)
{
  ptxsim_texture_desc d;
  memset(&d, 0, sizeof d);
  d.kind = kind;
  d.channels = channels;
  d.channel_bits = bits;
  d.channel_kind = ck;
  d.levels[0] = (ptxsim_tex_level){data, w, h, 0, 0, 0};
  for (int i = 0; i < 3; i++)
    d.address_mode[i] = PTXSIM_ADDRESS_CLAMP;
  return d;
}

static uint64_t tex(ex_fx *f, const ptxsim_texture_desc *d)
{
  uint64_t h = 0;
  int rc = ptxsim_texture_create(f->d, d, &h);
  ck_assert_msg(rc == PTXSIM_OK, "ptxsim_texture_create: %s", ptxsim_device_error(f->d));
  return h;
}

static uint64_t surf(ex_fx *f, const ptxsim_texture_desc *d)
{
  uint64_t h = 0;
  int rc = ptxsim_surface_create(f->d, d, &h);
  ck_assert_msg(rc == PTXSIM_OK, "ptxsim_surface_create: %s", ptxsim_device_error(f->d));
  return h;
}

static void expect_f(const char *what, unsigned i, uint32_t got, float want)
{
  ck_assert_msg(got == fu(want), "%s[%u]: got %g (0x%08x), want %g (0x%08x)", what, i,
                (double)ex_u2f(got), got, (double)want, fu(want));
}

/* ---- filtering and addressing ------------------------------------------------- */

START_TEST(linear_filter_1d)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  static const float row[4] = {1, 2, 4, 8};
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, row, sizeof row), 4, 0);
  d.filter_mode = PTXSIM_FILTER_LINEAR;
  uint64_t h = tex(&f, &d);
  /* xB = x - 0.5; i = floor(xB); a = frac(xB) rounded to 1/256 */
  static const float x[] = {1.0f, 1.6f, 0.25f, 9.0f, 2.5f, 3.0f};
  static const float want[] = {1.5f,     /* (1 + 2) / 2 */
                               2.203125f, /* a 26: (230 * 2 + 26 * 4) / 256 */
                               1,        /* both taps clamp to T[0] */
                               8,        /* both clamp to T[3] */
                               4,        /* exactly T[2] */
                               6};       /* (4 + 8) / 2 */
  enum { N = sizeof x / sizeof x[0] };
  uint32_t in[N][6] = {{0}}, out[N][4];
  for (unsigned i = 0; i < N; i++)
    in[i][0] = fu(x[i]);
  run_ok(&f, "t1d", h, in, out, N);
  for (unsigned i = 0; i < N; i++) {
    expect_f("t1d .x", i, out[i][0], want[i]);
    expect_f("t1d .y", i, out[i][1], 0);
    expect_f("t1d .w", i, out[i][3], 1); /* missing alpha reads 1 */
  }
  ex_fx_free(&f);
}
END_TEST

START_TEST(linear_filter_2d)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  /* 2x2 texels of two float channels: (x + 2y, 10 (x + 2y)) */
  static const float px[2][2][2] = {{{0, 0}, {1, 10}}, {{2, 20}, {3, 30}}};
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_2D, 2, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, px, sizeof px), 2, 2);
  d.filter_mode = PTXSIM_FILTER_LINEAR;
  uint64_t h = tex(&f, &d);
  /* (0.75, 1.25): a 64, b 192: (1*64*64 + 2*192*192 + 3*64*192) / 65536 = 1.75 */
  uint32_t in[3][6] = {{fu(0.75f), fu(1.25f)}, {fu(1.0f), fu(1.0f)}, {fu(0.5f), fu(1.5f)}};
  uint32_t out[3][4];
  run_ok(&f, "t2d", h, in, out, 3);
  expect_f("t2d .x", 0, out[0][0], 1.75f);
  expect_f("t2d .y", 0, out[0][1], 17.5f);
  expect_f("t2d .x", 1, out[1][0], 1.5f); /* the centre */
  expect_f("t2d .x", 2, out[2][0], 2);    /* texel (0, 1) exactly */
  expect_f("t2d .z", 2, out[2][2], 0);
  expect_f("t2d .w", 2, out[2][3], 1);
  ex_fx_free(&f);
}
END_TEST

START_TEST(address_modes)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  static const float row[4] = {1, 2, 4, 8};
  ptxsim_devptr p = ex_fx_buf(&f, row, sizeof row);
  /* x = -0.0625: u -0.25, xB -0.75, taps -1 (weight 192) and 0 (64);
   * x = 1.0: u 4, xB 3.5, taps 3 and 4 at 128 each. */
  static const struct {
    ptxsim_address_mode mode;
    float want0, want1;
  } cases[] = {
    {PTXSIM_ADDRESS_WRAP, 6.25f, 4.5f},   /* (8*192 + 64) / 256; (8 + 1) / 2 */
    {PTXSIM_ADDRESS_MIRROR, 1, 8},        /* -1 -> 0; 4 -> 3 */
    {PTXSIM_ADDRESS_CLAMP, 1, 8},
    {PTXSIM_ADDRESS_BORDER, 7.75f, 9},    /* (10*192 + 64) / 256; (8 + 10) / 2 */
  };
  uint32_t in[2][6] = {{fu(-0.0625f)}, {fu(1.0f)}}, out[2][4];
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ptxsim_texture_desc d = desc(PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, p, 4, 0);
    d.filter_mode = PTXSIM_FILTER_LINEAR;
    d.normalized_coords = 1;
    d.address_mode[0] = cases[i].mode;
    d.border_color[0] = 10;
    d.border_color[3] = 40;
    uint64_t h = tex(&f, &d);
    run_ok(&f, "t1d", h, in, out, 2);
    expect_f("t1d mode x=-0.0625", i, out[0][0], cases[i].want0);
    expect_f("t1d mode x=1.0", i, out[1][0], cases[i].want1);
    /* alpha: border 40 mixes in under BORDER */
    expect_f("t1d mode .w", i, out[0][3],
             cases[i].mode == PTXSIM_ADDRESS_BORDER ? 30.25f /* 40*.75 + 1*.25 */ : 1);
  }
  /* Point sampling with wrap: 1.3 * 4 = 5.2 -> texel 5 mod 4 = 1 */
  ptxsim_texture_desc d = desc(PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, p, 4, 0);
  d.normalized_coords = 1;
  d.address_mode[0] = PTXSIM_ADDRESS_WRAP;
  uint64_t h = tex(&f, &d);
  in[0][0] = fu(1.3f);
  run_ok(&f, "t1d", h, in, out, 1);
  expect_f("t1d wrap point", 0, out[0][0], 2);
  /* Unnormalised coordinates: wrap acts as clamp */
  d.normalized_coords = 0;
  h = tex(&f, &d);
  in[0][0] = fu(5.5f);
  run_ok(&f, "t1d", h, in, out, 1);
  expect_f("t1d unnormalised wrap", 0, out[0][0], 8);
  ex_fx_free(&f);
}
END_TEST

START_TEST(read_modes)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  /* uchar4 texels: (255, 0, 128, 51) and (0, 255, 0, 0) side by side */
  static const uint8_t u8[2][4] = {{255, 0, 128, 51}, {0, 255, 0, 0}};
  ptxsim_devptr p = ex_fx_buf(&f, u8, sizeof u8);
  ptxsim_texture_desc d = desc(PTXSIM_TEX_2D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, p, 2, 1);
  d.read_mode = PTXSIM_READ_NORMALIZED_FLOAT;
  uint64_t h = tex(&f, &d);
  uint32_t in[2][6] = {{fu(0.5f), fu(0.5f)}, {fu(1.0f), fu(0.5f)}}, out[2][4];
  run_ok(&f, "t2d", h, in, out, 1);
  ck_assert_uint_eq(out[0][0], 0x3f800000); /* 255 -> 1.0 */
  ck_assert_uint_eq(out[0][1], 0);
  ck_assert_uint_eq(out[0][2], 0x3f008081); /* 128/255 */
  ck_assert_uint_eq(out[0][3], 0x3e4ccccd); /* 51/255 = 0.2 */
  /* Linear filtering of normalised texels: halfway between the two */
  d.filter_mode = PTXSIM_FILTER_LINEAR;
  h = tex(&f, &d);
  run_ok(&f, "t2d", h, in, out, 2);
  expect_f("t2d norm linear .x", 1, out[1][0], 0.5f);
  expect_f("t2d norm linear .y", 1, out[1][1], 0.5f);
  expect_f("t2d norm linear .z", 1, out[1][2], 64.0f / 255.0f);
  /* Element type: integers (tex.2d.v4.u32) */
  d = desc(PTXSIM_TEX_2D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, p, 2, 1);
  h = tex(&f, &d);
  run_ok(&f, "t2du", h, in, out, 2);
  ck_assert(out[0][0] == 255 && out[0][1] == 0 && out[0][2] == 128 && out[0][3] == 51);
  ck_assert(out[1][1] == 255);
  /* Signed 16-bit, two channels: sign-extended; missing z 0, w 1 */
  static const int16_t s16[2] = {-2, 300};
  d = desc(PTXSIM_TEX_2D, 2, 16, PTXSIM_CHANNEL_SIGNED, ex_fx_buf(&f, s16, sizeof s16), 1, 1);
  h = tex(&f, &d);
  run_ok(&f, "t2ds", h, in, out, 1);
  ck_assert(out[0][0] == 0xfffffffe && out[0][1] == 300 && out[0][2] == 0 && out[0][3] == 1);
  /* ... and normalised: -2/32767, 300/32767 */
  d.read_mode = PTXSIM_READ_NORMALIZED_FLOAT;
  h = tex(&f, &d);
  run_ok(&f, "t2d", h, in, out, 1);
  expect_f("t2d snorm16 .x", 0, out[0][0], -2.0f / 32767.0f);
  expect_f("t2d snorm16 .y", 0, out[0][1], 300.0f / 32767.0f);
  expect_f("t2d snorm16 .w", 0, out[0][3], 1);
  /* Half floats read as floats */
  static const uint16_t half[1] = {0xc100}; /* -2.5 */
  d = desc(PTXSIM_TEX_2D, 1, 16, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, half, sizeof half), 1, 1);
  h = tex(&f, &d);
  run_ok(&f, "t2d", h, in, out, 1);
  expect_f("t2d half", 0, out[0][0], -2.5f);
  ex_fx_free(&f);
}
END_TEST

START_TEST(integer_coords_offsets)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  float img[3][4];
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 4; x++)
      img[y][x] = (float)(10 * y + x);
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, img, sizeof img), 4, 3);
  d.filter_mode = PTXSIM_FILTER_LINEAR; /* integer coordinates never filter */
  uint64_t h = tex(&f, &d);
  uint32_t in[3][6] = {{3, 2}, {0, 1}, {(uint32_t)-1, 7}}, out[3][4];
  run_ok(&f, "t2di", h, in, out, 3);
  expect_f("t2di", 0, out[0][0], 23);
  expect_f("t2di", 1, out[1][0], 10);
  expect_f("t2di clamped", 2, out[2][0], 20);
  /* Offsets (+1, -1) in texels on float coordinates (1.5, 1.5): texel
   * (1,1) + (1,-1) = (2, 0) -> 2, point filtering */
  d.filter_mode = PTXSIM_FILTER_POINT;
  h = tex(&f, &d);
  uint32_t oin[1][6] = {{fu(1.5f), fu(1.5f), 1, (uint32_t)-1}};
  run_ok(&f, "t2doff", h, oin, out, 1);
  expect_f("t2doff", 0, out[0][0], 2);
  ex_fx_free(&f);
}
END_TEST

/* ---- mipmaps, gradients, gather, predicates, layers, cubes ---------------------- */

START_TEST(mip_levels)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  /* 4x4, 2x2, 1x1 levels filled with 1, 5, 9 */
  float l0[16], l1[4], l2[1] = {9};
  for (int i = 0; i < 16; i++)
    l0[i] = 1;
  for (int i = 0; i < 4; i++)
    l1[i] = 5;
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, l0, sizeof l0), 4, 4);
  d.n_levels = 3;
  d.levels[1] = (ptxsim_tex_level){ex_fx_buf(&f, l1, sizeof l1), 2, 2, 0, 0, 0};
  d.levels[2] = (ptxsim_tex_level){ex_fx_buf(&f, l2, sizeof l2), 1, 1, 0, 0, 0};
  d.normalized_coords = 1;
  d.mip_filter_mode = PTXSIM_FILTER_LINEAR;
  d.max_lod = 2;
  uint64_t h = tex(&f, &d);
  /* lod 0.25: 1 * 192/256 + 5 * 64/256 = 2; lod 1.5: (5 + 9) / 2 = 7;
   * lod 5: clamped to 2 -> 9; lod -1: 1 */
  uint32_t in[4][6] = {{fu(0.5f), fu(0.5f), fu(0.25f)},
                       {fu(0.5f), fu(0.5f), fu(1.5f)},
                       {fu(0.5f), fu(0.5f), fu(5.0f)},
                       {fu(0.5f), fu(0.5f), fu(-1.0f)}};
  uint32_t out[4][4];
  run_ok(&f, "tlevel", h, in, out, 4);
  expect_f("tlevel", 0, out[0][0], 2);
  expect_f("tlevel", 1, out[1][0], 7);
  expect_f("tlevel", 2, out[2][0], 9);
  expect_f("tlevel", 3, out[3][0], 1);
  /* The bias moves every level of detail: 0.25 + 1 -> (5*192 + 9*64)/256 = 6 */
  d.lod_bias = 1;
  h = tex(&f, &d);
  run_ok(&f, "tlevel", h, in, out, 1);
  expect_f("tlevel bias", 0, out[0][0], 6);
  /* tex.grad, point mip filtering: gradients (0.5, 0) and (0, 0.25) on a
   * 4-texel normalised texture are 2 and 1 texels: lod 1 -> 5 */
  d.lod_bias = 0;
  d.mip_filter_mode = PTXSIM_FILTER_POINT;
  h = tex(&f, &d);
  uint32_t gin[1][6] = {{fu(0.5f), fu(0.5f), fu(0.5f), 0, 0, fu(0.25f)}};
  run_ok(&f, "tgrad", h, gin, out, 1);
  expect_f("tgrad", 0, out[0][0], 5);
  ex_fx_free(&f);
}
END_TEST

START_TEST(gather_pred_layers_cube)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  float img[2][2] = {{0, 1}, {2, 3}};
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, img, sizeof img), 2, 2);
  uint64_t h = tex(&f, &d);
  uint32_t in[1][6] = {{fu(1.0f), fu(1.0f)}}, out[1][4];
  /* (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
  run_ok(&f, "tgather", h, in, out, 1);
  expect_f("tld4", 0, out[0][0], 2);
  expect_f("tld4", 1, out[0][1], 3);
  expect_f("tld4", 2, out[0][2], 1);
  expect_f("tld4", 3, out[0][3], 0);
  /* d|p: resident, so .w is the texel's alpha (1), not the NaN */
  run_ok(&f, "tpred", h, in, out, 1);
  expect_f("tpred .w", 0, out[0][3], 1);
  /* 2-D layered, 3 layers of 2x2: layer l texel (x, y) = 100 l + 2 y + x;
   * layer 7 clamps to 2 */
  float lay[3][2][2];
  for (int l = 0; l < 3; l++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++)
        lay[l][y][x] = (float)(100 * l + 2 * y + x);
  d = desc(PTXSIM_TEX_2D_LAYERED, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, lay, sizeof lay), 2,
           2);
  d.layers = 3;
  h = tex(&f, &d);
  uint32_t lin[2][6] = {{fu(1.5f), fu(0.5f), 1}, {fu(0.5f), fu(1.5f), 7}}, lout[2][4];
  run_ok(&f, "ta2d", h, lin, lout, 2);
  expect_f("ta2d", 0, lout[0][0], 101);
  expect_f("ta2d", 1, lout[1][0], 202);
  /* Cube map of 2x2 faces, face f texel (x, y) = 10 f + 2 y + x.
   * (0.5, -1, 0.5): face 3 (-y), s = (0.5 + 1) / 2, t = (-0.5 + 1) / 2:
   * texel (1, 0) -> 31 */
  float faces[6][2][2];
  for (int fc = 0; fc < 6; fc++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++)
        faces[fc][y][x] = (float)(10 * fc + 2 * y + x);
  d = desc(PTXSIM_TEX_CUBEMAP, 1, 32, PTXSIM_CHANNEL_FLOAT,
           ex_fx_buf(&f, faces, sizeof faces), 2, 2);
  h = tex(&f, &d);
  uint32_t cin[1][6] = {{fu(0.5f), fu(-1.0f), fu(0.5f)}};
  run_ok(&f, "tcube", h, cin, out, 1);
  expect_f("tcube", 0, out[0][0], 31);
  ex_fx_free(&f);
}
END_TEST

/* ---- surfaces ----------------------------------------------------------------- */

enum { SW = 4, SH = 3 }; /* a 4 x 3 surface of 32-bit texels */

static uint64_t int_surface(ex_fx *f, ptxsim_devptr *p)
{
  uint32_t init[SH][SW];
  for (int y = 0; y < SH; y++)
    for (int x = 0; x < SW; x++)
      init[y][x] = (uint32_t)(100 * y + x);
  *p = ex_fx_buf(f, init, sizeof init);
  ptxsim_texture_desc d = desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_UNSIGNED, *p, SW, SH);
  return surf(f, &d);
}

START_TEST(surface_trap)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  ptxsim_devptr p;
  uint64_t h = int_surface(&f, &p);
  /* In range: thread g writes 1000 + g at (g % 4 * 4, g / 4) */
  uint32_t in[12][6];
  for (unsigned g = 0; g < 12; g++) {
    in[g][0] = g % 4 * 4, in[g][1] = g / 4, in[g][2] = 1000 + g;
  }
  uint32_t out[12][4];
  run_ok(&f, "sst_trap", h, in, out, 12);
  uint32_t got[SH][SW];
  ex_fx_get(&f, got, p, sizeof got);
  for (unsigned g = 0; g < 12; g++)
    ck_assert_uint_eq(got[g / 4][g % 4], 1000 + g);
  run_ok(&f, "sld_trap", h, in, out, 12);
  for (unsigned g = 0; g < 12; g++)
    ck_assert_uint_eq(out[g][0], 1000 + g);
  /* Thread 3 writes at byte x 16: one past the row */
  uint32_t bad[4][6] = {{0, 0, 1}, {4, 0, 2}, {8, 0, 3}, {16, 0, 4}};
  char handle[32];
  snprintf(handle, sizeof handle, "surface 0x%llx", (unsigned long long)h);
  const char *n1[] = {where("sst_trap", "sust.b.2d.b32.trap"), "error: sust.b.2d.b32.trap",
                      handle, "byte x 16, y 0", "out of range",
                      "in kernel sst_trap, block (0,0,0), thread (3,0,0)", NULL};
  run_fault(&f, "sst_trap", h, bad, 4, n1);
  /* Row 3 of 3 in a load */
  bad[1][1] = 3;
  bad[3][0] = 0;
  const char *n2[] = {where("sld_trap", "suld.b.2d.b32.trap"), "y 3", "out of range",
                      "thread (1,0,0)", NULL};
  run_fault(&f, "sld_trap", h, bad, 4, n2);
  /* Negative x and a misaligned x */
  uint32_t neg[1][6] = {{(uint32_t)-4, 0, 0}};
  const char *n3[] = {"byte x -4", "out of range", NULL};
  run_fault(&f, "sld_trap", h, neg, 1, n3);
  uint32_t mis[1][6] = {{6, 0, 0}};
  const char *n4[] = {"byte x 6", "misaligned", NULL};
  run_fault(&f, "sst_trap", h, mis, 1, n4);
  ex_fx_free(&f);
}
END_TEST

START_TEST(surface_clamp_zero)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  ptxsim_devptr p;
  uint64_t h = int_surface(&f, &p);
  /* .zero: out-of-range loads read 0, in-range ones the texel */
  uint32_t in[4][6] = {{16, 0}, {4, 2}, {0, (uint32_t)-1}, {(uint32_t)-4, 1}}, out[4][4];
  run_ok(&f, "sld_zero", h, in, out, 4);
  ck_assert_uint_eq(out[0][0], 0);
  ck_assert_uint_eq(out[1][0], 201);
  ck_assert_uint_eq(out[2][0], 0);
  ck_assert_uint_eq(out[3][0], 0);
  /* .clamp: the nearest texel: (3, 0), (1, 2), (0, 0), (0, 1) */
  run_ok(&f, "sld_clamp", h, in, out, 4);
  ck_assert_uint_eq(out[0][0], 3);
  ck_assert_uint_eq(out[1][0], 201);
  ck_assert_uint_eq(out[2][0], 0);
  ck_assert_uint_eq(out[3][0], 100);
  /* .zero stores outside are dropped; .clamp stores land on the edge */
  uint32_t st[2][6] = {{40, 1, 7777}, {4, 9, 8888}};
  run_ok(&f, "sst_zero", h, st, out, 2);
  uint32_t got[SH][SW];
  ex_fx_get(&f, got, p, sizeof got);
  for (int y = 0; y < SH; y++)
    for (int x = 0; x < SW; x++)
      ck_assert_uint_eq(got[y][x], (uint32_t)(100 * y + x));
  run_ok(&f, "sst_clamp", h, st, out, 2);
  ex_fx_get(&f, got, p, sizeof got);
  ck_assert_uint_eq(got[1][3], 7777); /* x 40 -> byte 12 */
  ck_assert_uint_eq(got[2][1], 8888); /* y 9 -> 2 */
  ex_fx_free(&f);
}
END_TEST

START_TEST(surface_vectors)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  /* 3-D uchar4 surface 2 x 2 x 2: texel (x, y, z) = (x, y, z, 9) */
  uint8_t vol[2][2][2][4];
  for (int z = 0; z < 2; z++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++) {
        uint8_t t[4] = {(uint8_t)x, (uint8_t)y, (uint8_t)z, 9};
        memcpy(vol[z][y][x], t, 4);
      }
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_3D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, ex_fx_buf(&f, vol, sizeof vol), 2, 2);
  d.levels[0].depth = 2;
  uint64_t h = surf(&f, &d);
  uint32_t in[1][6] = {{4, 1, 1}}, out[1][4];
  run_ok(&f, "sld_3d", h, in, out, 1);
  ck_assert(out[0][0] == 1 && out[0][1] == 1 && out[0][2] == 1 && out[0][3] == 9);
  /* 1-D ushort2 surface of 3 texels, v2.b16 stores with .zero */
  uint16_t row[3][2] = {{0}};
  ptxsim_devptr rp = ex_fx_buf(&f, row, sizeof row);
  d = desc(PTXSIM_TEX_1D, 2, 16, PTXSIM_CHANNEL_UNSIGNED, rp, 3, 0);
  h = surf(&f, &d);
  uint32_t st[2][6] = {{8, 0x1234, 0xabcd}, {12, 1, 2}}, out2[2][4];
  run_ok(&f, "sst_1d_v2", h, st, out2, 2);
  ex_fx_get(&f, row, rp, sizeof row);
  ck_assert(row[2][0] == 0x1234 && row[2][1] == 0xabcd && row[0][0] == 0 && row[1][1] == 0);
  /* 2-D layered float2 surface, 2 layers of 2 x 1: v2.b32 load of layer 1 */
  float lay[2][1][2][2] = {{{{1, 2}, {3, 4}}}, {{{5, 6}, {7, 8}}}};
  d = desc(PTXSIM_TEX_2D_LAYERED, 2, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, lay, sizeof lay), 2,
           1);
  d.layers = 2;
  h = surf(&f, &d);
  uint32_t lin[1][6] = {{8, 0, 1}};
  run_ok(&f, "sld_a2d_v2", h, lin, out, 1);
  expect_f("suld.a2d", 0, out[0][0], 7);
  expect_f("suld.a2d", 1, out[0][1], 8);
  ex_fx_free(&f);
}
END_TEST

/* ---- queries ------------------------------------------------------------------- */

START_TEST(queries)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  static float l0[8 * 4], l1[4 * 2];
  ptxsim_texture_desc d =
      desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, l0, sizeof l0), 8, 4);
  d.n_levels = 2;
  d.levels[1] = (ptxsim_tex_level){ex_fx_buf(&f, l1, sizeof l1), 4, 2, 0, 0, 0};
  d.normalized_coords = 1;
  d.filter_mode = PTXSIM_FILTER_LINEAR;
  d.address_mode[0] = PTXSIM_ADDRESS_BORDER;
  d.max_lod = 1;
  uint64_t h = tex(&f, &d);
  uint32_t in[1][6] = {{1}}, out[1][4];
  run_ok(&f, "qtex", h, in, out, 1);
  ck_assert_uint_eq(out[0][0], 8);
  ck_assert_uint_eq(out[0][1], 4);      /* txq.level.width, level 1 */
  ck_assert_uint_eq(out[0][2], 2);
  ck_assert_uint_eq(out[0][3], 0x10DE); /* CL_FLOAT */
  run_ok(&f, "qsamp", h, in, out, 1);
  ck_assert_uint_eq(out[0][0], 1);      /* linear */
  ck_assert_uint_eq(out[0][1], 1);
  ck_assert_uint_eq(out[0][2], 4);      /* clamp_to_border */
  ck_assert_uint_eq(out[0][3], 4);
  static uint8_t s[6][2];
  ptxsim_texture_desc sd =
      desc(PTXSIM_TEX_2D, 2, 8, PTXSIM_CHANNEL_UNSIGNED, ex_fx_buf(&f, s, sizeof s), 3, 2);
  uint64_t hs = surf(&f, &sd);
  run_ok(&f, "qsurf", hs, in, out, 1);
  ck_assert_uint_eq(out[0][0], 3);
  ck_assert_uint_eq(out[0][1], 0x10B2); /* CL_RG */
  ck_assert_uint_eq(out[0][2], 1);      /* a surface */
  ck_assert_uint_eq(out[0][3], 0);        /* not a texture */
  ex_fx_free(&f);
}
END_TEST

/* ---- bad handles and memory -------------------------------------------------------- */

START_TEST(bad_handles)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  static const float row[4] = {1, 2, 3, 4};
  ptxsim_devptr p = ex_fx_buf(&f, row, sizeof row);
  ptxsim_texture_desc d = desc(PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, p, 4, 0);
  uint64_t h = tex(&f, &d);
  uint32_t in[2][6] = {{0}}, out[2][4];
  const char *n0[] = {"handle 0x0 is not a texture object of this device",
                      where("t1d", "tex.1d"), "in kernel t1d, block (0,0,0), thread (0,0,0)",
                      NULL};
  run_fault(&f, "t1d", 0, in, 1, n0);
  const char *n1[] = {"handle 0x3039 is not a texture object", NULL};
  run_fault(&f, "t1d", 12345, in, 1, n1);
  /* Wrong geometry: tex.2d on a 1-D texture */
  char msg[128];
  snprintf(msg, sizeof msg, "texture object 0x%llx is a 1-D texture; .2d cannot access it",
           (unsigned long long)h);
  const char *n2[] = {msg, NULL};
  run_fault(&f, "t2d", h, in, 1, n2);
  /* A texture handle given to suld, a surface handle given to tex */
  float srow[4] = {0};
  ptxsim_texture_desc sd =
      desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ex_fx_buf(&f, srow, sizeof srow), 4, 1);
  uint64_t hs = surf(&f, &sd);
  snprintf(msg, sizeof msg, "handle 0x%llx is a texture object, not a surface object",
           (unsigned long long)h);
  const char *n3[] = {msg, NULL};
  run_fault(&f, "sld_trap", h, in, 1, n3);
  snprintf(msg, sizeof msg, "handle 0x%llx is a surface object, not a texture object",
           (unsigned long long)hs);
  const char *n4[] = {msg, NULL};
  run_fault(&f, "t2d", hs, in, 1, n4);
  /* Destroyed: the handle is not reused */
  ck_assert_int_eq(ptxsim_texture_destroy(f.d, h), PTXSIM_OK);
  snprintf(msg, sizeof msg, "texture object 0x%llx was destroyed", (unsigned long long)h);
  const char *n5[] = {msg, NULL};
  run_fault(&f, "t1d", h, in, 1, n5);
  uint64_t h2 = tex(&f, &d);
  ck_assert_uint_ne(h2, h);
  run_ok(&f, "t1d", h2, in, out, 1);
  /* Freed texel memory */
  ck_assert_int_eq(ptxsim_mem_free(f.d, p), PTXSIM_OK);
  const char *n6[] = {"is no longer live device memory", NULL};
  run_fault(&f, "t1d", h2, in, 1, n6);
  /* Destroying twice, or the wrong kind */
  ck_assert_int_eq(ptxsim_texture_destroy(f.d, h), PTXSIM_E_INVALID);
  ck_assert_msg(strstr(ptxsim_device_error(f.d), "destroyed already"), "%s",
                ptxsim_device_error(f.d));
  ck_assert_int_eq(ptxsim_texture_destroy(f.d, hs), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_surface_destroy(f.d, hs), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_surface_destroy(f.d, 0), PTXSIM_E_INVALID);
  ex_fx_free(&f);
}
END_TEST

/* ---- descriptor validation ------------------------------------------------------ */

START_TEST(validation)
{
  ex_fx f;
  ex_fx_load(&f, ptx);
  static uint8_t buf[4096];
  ptxsim_devptr p = ex_fx_buf(&f, buf, sizeof buf);
  static const struct {
    const char *what;
    int field;
    long value;
    bool surface;
    const char *needle;
  } bad[] = {
    {"channels", 0, 3, false, "channels must be 1, 2 or 4 (got 3)"},
    {"bits", 1, 12, false, "channel_bits must be 8, 16 or 32 (got 12)"},
    {"float8", 2, 8, false, "float channels have 16 (half) or 32 bits"},
    {"width", 3, 0, false, "width 0 is not in [1, 2^30]"},
    {"pitch", 4, 8, false, "row_pitch 8 is less than a row"},
    {"memory", 5, 4000, false, "are not inside one live device allocation"},
    {"norm32", 6, 0, false, "normalised-float reads need 8- or 16-bit integer channels"},
    {"linear int", 7, 0, false, "linear filtering needs float texels or normalised-float reads"},
    {"surface linear", 8, 0, true, "a surface needs an array resource"},
    {"levels", 9, 17, false, "n_levels 17 exceeds"},
    {"cube", 10, 0, false, "cube-map faces are square"},
    {"layers", 11, 0, false, "a layered resource needs layers in [1, 2^30] (got 0)"},
    {"lod", 12, 0, false, "min_lod 2 must not exceed max_lod 1"},
    {"surface levels", 13, 0, true, "a surface (create it over one level of a mipmap) has one"},
    {"depth", 14, 0, false, "a 2-D resource has no depth"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ptxsim_texture_desc d = desc(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_UNSIGNED, p, 8, 4);
    switch (bad[i].field) {
    case 0: d.channels = (unsigned)bad[i].value; break;
    case 1: d.channel_bits = (unsigned)bad[i].value; break;
    case 2: d.channel_kind = PTXSIM_CHANNEL_FLOAT, d.channel_bits = 8; break;
    case 3: d.levels[0].width = 0; break;
    case 4: d.levels[0].row_pitch = 8; break;
    case 5: d.levels[0].data = p + 4000; break;
    case 6: d.read_mode = PTXSIM_READ_NORMALIZED_FLOAT; break;
    case 7: d.filter_mode = PTXSIM_FILTER_LINEAR; break;
    case 8: d.kind = PTXSIM_TEX_LINEAR, d.levels[0].height = 0; break;
    case 9: d.n_levels = 17; break;
    case 10: d.kind = PTXSIM_TEX_CUBEMAP; break;
    case 11: d.kind = PTXSIM_TEX_2D_LAYERED; break;
    case 12:
      d.n_levels = 2, d.levels[1] = (ptxsim_tex_level){p, 4, 2, 0, 0, 0};
      d.min_lod = 2, d.max_lod = 1;
      break;
    case 13: d.n_levels = 2, d.levels[1] = (ptxsim_tex_level){p, 4, 2, 0, 0, 0}; break;
    case 14: d.levels[0].depth = 3; break;
    }
    uint64_t h = 77;
    int rc = bad[i].surface ? ptxsim_surface_create(f.d, &d, &h)
                            : ptxsim_texture_create(f.d, &d, &h);
    ck_assert_msg(rc == PTXSIM_E_INVALID, "%s: accepted (rc %d)", bad[i].what, rc);
    ck_assert_msg(strstr(ptxsim_device_error(f.d), bad[i].needle), "%s: message \"%s\"",
                  bad[i].what, ptxsim_device_error(f.d));
    ck_assert_msg(strstr(ptxsim_device_error(f.d),
                         bad[i].surface ? "ptxsim_surface_create: " : "ptxsim_texture_create: "),
                  "%s: %s", bad[i].what, ptxsim_device_error(f.d));
  }
  ck_assert_int_eq(ptxsim_texture_create(f.d, NULL, NULL), PTXSIM_E_INVALID);
  ex_fx_free(&f);
}
END_TEST

/* Texture references (module .texref variables) and independent mode are
 * refused at load, naming the instruction. */
START_TEST(texref_refused)
{
  static const char *const src[2] = {
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".global .texref tref;\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    "  .reg .f32 %f<6>;\n"
    "  mov.f32 %f1, 0f00000000;\n"
    "  tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [tref, {%f1}];\n"
    "  ret;\n}\n",
    ".version 9.0\n.target sm_75, texmode_independent\n.address_size 64\n"
    ".global .samplerref smp;\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    "  .reg .f32 %f<6>; .reg .b64 %rd<2>;\n"
    "  ld.param.u64 %rd1, [p];\n"
    "  mov.f32 %f1, 0f00000000;\n"
    "  tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd1, smp, {%f1}];\n"
    "  ret;\n}\n"};
  static const char *const needle[2] = {"texture and surface references",
                                        "independent texture mode"};
  for (int i = 0; i < 2; i++) {
    ptxsim_module *m = NULL;
    char *msgs = NULL;
    int rc = ptxsim_module_load_string(src[i], strlen(src[i]), "ref.ptx", &m, &msgs);
    ck_assert_msg(rc == PTXSIM_OK, "parse: %s", msgs ? msgs : "");
    ptxsim_free(msgs);
    ptxsim_device *d;
    ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
    ck_assert_int_eq(ptxsim_device_load(d, m), PTXSIM_E_UNSUPPORTED);
    const char *e = ptxsim_device_error(d);
    ck_assert_msg(strstr(e, needle[i]) && strstr(e, "ref.ptx:") &&
                    strstr(e, "tex.1d.v4.f32.f32"),
                  "%s", e);
    ptxsim_device_destroy(d);
    ptxsim_module_free(m);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("exec_tex");
  TCase *tc = tcase_create("textures");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, linear_filter_1d);
  tcase_add_test(tc, linear_filter_2d);
  tcase_add_test(tc, address_modes);
  tcase_add_test(tc, read_modes);
  tcase_add_test(tc, integer_coords_offsets);
  tcase_add_test(tc, mip_levels);
  tcase_add_test(tc, gather_pred_layers_cube);
  suite_add_tcase(s, tc);
  tc = tcase_create("surfaces");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, surface_trap);
  tcase_add_test(tc, surface_clamp_zero);
  tcase_add_test(tc, surface_vectors);
  tcase_add_test(tc, queries);
  suite_add_tcase(s, tc);
  tc = tcase_create("errors");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, bad_handles);
  tcase_add_test(tc, validation);
  tcase_add_test(tc, texref_refused);
  suite_add_tcase(s, tc);
  return ex_run(s);
}
