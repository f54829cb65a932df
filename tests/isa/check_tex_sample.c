/* check_tex_sample.c -- the texture arithmetic of isa/tex_sample.c without
 * a device: addressing modes, the 9-bit filtering weights, point and
 * linear filtering (1-D, 2-D, 3-D) against values worked out by hand from
 * the CUDA Programming Guide's formulas, normalised-float and element-type
 * reads, half texels, missing channels, the border colour, cube-map face
 * selection (the Programming Guide's table), mipmap level selection,
 * tld4's footprint order, linear resources, and surface coordinates
 * (.trap, .clamp, .zero, misalignment).
 *
 * Expected values are written out as numbers, each with the arithmetic
 * that gives it.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "isa/fp_common.h"
#include "isa/tex_sample.h"

static float fb(uint32_t u)
{
  return isa_f32_from_bits(u);
}

/* ---- addressing ------------------------------------------------------------ */

static const struct {
  int64_t i;
  uint32_t n;
  unsigned mode;
  int32_t want;
} addr_vectors[] = {
  {0, 4, ISA_TEX_WRAP, 0},    {4, 4, ISA_TEX_WRAP, 0},     {5, 4, ISA_TEX_WRAP, 1},
  {-1, 4, ISA_TEX_WRAP, 3},   {-5, 4, ISA_TEX_WRAP, 3},    {-8, 4, ISA_TEX_WRAP, 0},
  /* mirror, period 8: 0 1 2 3 3 2 1 0 */
  {3, 4, ISA_TEX_MIRROR, 3},  {4, 4, ISA_TEX_MIRROR, 3},   {5, 4, ISA_TEX_MIRROR, 2},
  {7, 4, ISA_TEX_MIRROR, 0},  {8, 4, ISA_TEX_MIRROR, 0},   {-1, 4, ISA_TEX_MIRROR, 0},
  {-2, 4, ISA_TEX_MIRROR, 1}, {-4, 4, ISA_TEX_MIRROR, 3},  {-5, 4, ISA_TEX_MIRROR, 3},
  {-3, 4, ISA_TEX_CLAMP, 0},  {9, 4, ISA_TEX_CLAMP, 3},    {2, 4, ISA_TEX_CLAMP, 2},
  {-1, 4, ISA_TEX_BORDER, -1}, {4, 4, ISA_TEX_BORDER, -1}, {3, 4, ISA_TEX_BORDER, 3},
  {0, 1, ISA_TEX_MIRROR, 0},  {1, 1, ISA_TEX_MIRROR, 0},   {-1, 1, ISA_TEX_WRAP, 0},
};

START_TEST(address_modes)
{
  int32_t got = isa_tex_address(addr_vectors[_i].i, addr_vectors[_i].n, addr_vectors[_i].mode);
  ck_assert_msg(got == addr_vectors[_i].want, "address(%lld, n=%u, mode %u) = %d, want %d",
                (long long)addr_vectors[_i].i, addr_vectors[_i].n, addr_vectors[_i].mode, got,
                addr_vectors[_i].want);
}
END_TEST

/* frac * 256 rounded to nearest, ties up.  The 0.1 .. 0.4 rows are the
 * weights behind what tex1D returned on an NVIDIA GPU for a 2-texel table
 * (1 + 26/256 for 0.1 ...; the measurements tex_sample.h cites). */
static const struct {
  float frac;
  uint32_t want;
} weight_vectors[] = {
  {0.0f, 0},        {0.1f, 26},  /* 25.6000061 */ {0.2f, 51},  /* 51.2000122 */
  {0.3f, 77},       /* 76.8000031 */ {0.4f, 102}, /* 102.400002 */
  {0.5f, 128},      {0.998f, 255}, /* 255.488 */ {0.999f, 256}, /* 255.744 */
  {0.005859375f, 2}, /* 1.5: tie, up */ {0.00390625f, 1},
};

START_TEST(weights)
{
  ck_assert_uint_eq(isa_tex_weight(weight_vectors[_i].frac), weight_vectors[_i].want);
}
END_TEST

START_TEST(floor_saturates)
{
  ck_assert_int_eq(isa_tex_floor(-0.5f), -1);
  ck_assert_int_eq(isa_tex_floor(2.999f), 2);
  ck_assert_int_eq(isa_tex_floor(1e20f), 1073741824);
  ck_assert_int_eq(isa_tex_floor(-1e20f), -1073741824);
  ck_assert_int_eq(isa_tex_floor(fb(0x7fc00000)), 0);
}
END_TEST

/* ---- filtering ----------------------------------------------------------------- */

/* A float texture of one level over host memory. */
static isa_tex_object float_tex(unsigned kind, uint32_t w, uint32_t h, uint32_t d)
{
  isa_tex_object t;
  memset(&t, 0, sizeof t);
  t.kind = (uint8_t)kind;
  t.n_chan = 1;
  t.bits = 32;
  t.chan = ISA_TEX_FLOAT;
  t.is_live = true;
  t.layers = 1;
  t.n_levels = 1;
  t.level[0] = (isa_tex_level){.w = w, .h = h, .d = d, .pitch = 4 * w, .slice = 4 * w * h};
  for (int i = 0; i < 3; i++)
    t.addr[i] = ISA_TEX_CLAMP;
  return t;
}

static float sample1(const isa_tex_object *t, const void *data, float x)
{
  const uint8_t *host[1] = {data};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = x;
  uint32_t out[4];
  isa_tex_sample(t, host, &c, out);
  return fb(out[0]);
}

static float sample2(const isa_tex_object *t, const void *data, float x, float y)
{
  const uint8_t *host[1] = {data};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = x, c.f[1] = y;
  uint32_t out[4];
  isa_tex_sample(t, host, &c, out);
  return fb(out[0]);
}

static const float row4[4] = {1, 2, 4, 8};

START_TEST(point_1d)
{
  isa_tex_object t = float_tex(ISA_TEX_1D, 4, 1, 1);
  ck_assert_float_eq(sample1(&t, row4, 2.7f), 4);   /* floor -> T[2] */
  ck_assert_float_eq(sample1(&t, row4, 0.0f), 1);
  ck_assert_float_eq(sample1(&t, row4, 3.99f), 8);
  ck_assert_float_eq(sample1(&t, row4, -3.0f), 1);  /* clamp */
  ck_assert_float_eq(sample1(&t, row4, 4.0f), 8);
  t.normalized_coords = true;
  ck_assert_float_eq(sample1(&t, row4, 0.5f), 4);   /* 0.5 * 4 = 2 */
  ck_assert_float_eq(sample1(&t, row4, 0.26f), 2);   /* 1.04 */
}
END_TEST

START_TEST(linear_1d)
{
  isa_tex_object t = float_tex(ISA_TEX_1D, 4, 1, 1);
  t.filter = ISA_TEX_LINEAR_FILTER;
  /* xB = x - 0.5, i = floor(xB), a = frac(xB) in 1/256 steps */
  ck_assert_float_eq(sample1(&t, row4, 1.0f), 1.5f);  /* i 0, a 128: (1 + 2) / 2 */
  ck_assert_float_eq(sample1(&t, row4, 0.5f), 1);     /* exactly T[0] */
  /* 1.6: xB 1.1 (1.10000002), a = 26: (230 * 2 + 26 * 4) / 256 = 564 / 256 */
  ck_assert_float_eq(sample1(&t, row4, 1.6f), 2.203125f);
  /* 0.25: i -1 clamped to 0, a 192: T[0] both ways */
  ck_assert_float_eq(sample1(&t, row4, 0.25f), 1);
  ck_assert_float_eq(sample1(&t, row4, 9.0f), 8);     /* both taps clamp to T[3] */
  /* border colour 10: (64 * 10 + 192 * 1) / 256 = 3.25 */
  t.addr[0] = ISA_TEX_BORDER;
  t.border[0] = 10;
  ck_assert_float_eq(sample1(&t, row4, 0.25f), 3.25f);
  /* 3.75: i 3, a 64: (192 * 8 + 64 * 10) / 256 = 8.5 */
  ck_assert_float_eq(sample1(&t, row4, 3.75f), 8.5f);
}
END_TEST

START_TEST(linear_modes_normalized)
{
  isa_tex_object t = float_tex(ISA_TEX_1D, 4, 1, 1);
  t.filter = ISA_TEX_LINEAR_FILTER;
  t.normalized_coords = true;
  t.border[0] = 10;
  /* x = -0.0625: u = -0.25, xB = -0.75, i -1, a = 64 (0.25) */
  t.addr[0] = ISA_TEX_WRAP;   /* T[3] * 192 + T[0] * 64 = 1536 + 64 = 1600 -> 6.25 */
  ck_assert_float_eq(sample1(&t, row4, -0.0625f), 6.25f);
  t.addr[0] = ISA_TEX_MIRROR; /* -1 mirrors to 0: T[0] both ways */
  ck_assert_float_eq(sample1(&t, row4, -0.0625f), 1);
  t.addr[0] = ISA_TEX_CLAMP;
  ck_assert_float_eq(sample1(&t, row4, -0.0625f), 1);
  t.addr[0] = ISA_TEX_BORDER; /* 10 * 0.75 + 1 * 0.25 = 7.75 */
  ck_assert_float_eq(sample1(&t, row4, -0.0625f), 7.75f);
  /* x = 1.0: u = 4, xB 3.5, taps 3 and 4, a 128 */
  t.addr[0] = ISA_TEX_WRAP;   /* (8 + T[0] 1) / 2 */
  ck_assert_float_eq(sample1(&t, row4, 1.0f), 4.5f);
  t.addr[0] = ISA_TEX_MIRROR; /* 4 mirrors to 3: 8 */
  ck_assert_float_eq(sample1(&t, row4, 1.0f), 8);
  /* x = 1.3, wrap, point: u 5.2 -> 5 mod 4 = 1 */
  t.filter = ISA_TEX_POINT;
  t.addr[0] = ISA_TEX_WRAP;
  ck_assert_float_eq(sample1(&t, row4, 1.3f), 2);
  t.addr[0] = ISA_TEX_MIRROR; /* 5 -> 2 in 0 1 2 3 3 2 1 0 */
  ck_assert_float_eq(sample1(&t, row4, 1.3f), 4);
}
END_TEST

START_TEST(unnormalized_wrap_clamps)
{
  /* Wrap and mirror need normalised coordinates; unnormalised ones clamp. */
  isa_tex_object t = float_tex(ISA_TEX_1D, 4, 1, 1);
  t.addr[0] = ISA_TEX_WRAP;
  ck_assert_float_eq(sample1(&t, row4, 5.5f), 8);
  ck_assert_float_eq(sample1(&t, row4, -1.5f), 1);
}
END_TEST

START_TEST(linear_2d_3d)
{
  static const float t22[2][2] = {{0, 1}, {2, 3}}; /* value x + 2y */
  isa_tex_object t = float_tex(ISA_TEX_2D, 2, 2, 1);
  t.filter = ISA_TEX_LINEAR_FILTER;
  ck_assert_float_eq(sample2(&t, t22, 1.0f, 1.0f), 1.5f); /* the centre */
  /* (0.75, 1.25): a 64 (x), b 192 (y):
   * (1*64*64 + 2*192*192 + 3*64*192) / 65536 = 114688 / 65536 */
  ck_assert_float_eq(sample2(&t, t22, 0.75f, 1.25f), 1.75f);
  /* 2x2 pitched rows: pitch 16 bytes */
  static const float pitched[2][4] = {{0, 1, -7, -7}, {2, 3, -7, -7}};
  t.level[0].pitch = 16;
  ck_assert_float_eq(sample2(&t, pitched, 0.75f, 1.25f), 1.75f);
  /* 3-D: value x + 2y + 4z at the centre: 0.5 + 1 + 2 */
  static const float t222[2][2][2] = {{{0, 1}, {2, 3}}, {{4, 5}, {6, 7}}};
  isa_tex_object t3 = float_tex(ISA_TEX_3D, 2, 2, 2);
  t3.filter = ISA_TEX_LINEAR_FILTER;
  const uint8_t *host[1] = {(const uint8_t *)t222};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = 1, c.f[1] = 1, c.f[2] = 1;
  uint32_t out[4];
  isa_tex_sample(&t3, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 3.5f);
  /* (0.5, 0.5, 1.5): taps at z = 1 only: T[1][0][0] = 4 */
  c.f[0] = 0.5f, c.f[1] = 0.5f, c.f[2] = 1.5f;
  isa_tex_sample(&t3, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 4);
}
END_TEST

START_TEST(integer_coords_point)
{
  /* .s32 coordinates index texels and never filter. */
  isa_tex_object t = float_tex(ISA_TEX_1D, 4, 1, 1);
  t.filter = ISA_TEX_LINEAR_FILTER;
  const uint8_t *host[1] = {(const uint8_t *)row4};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.is_int = true;
  c.i[0] = 2;
  uint32_t out[4];
  isa_tex_sample(&t, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 4);
  c.offset[0] = 1; /* tex offsets add texels */
  isa_tex_sample(&t, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 8);
}
END_TEST

START_TEST(linear_resource)
{
  /* tex1Dfetch: out of range reads zeros in every channel. */
  static const uint32_t buf[3] = {7, 8, 9};
  isa_tex_object t = float_tex(ISA_TEX_LINEAR, 3, 1, 1);
  t.chan = ISA_TEX_UNSIGNED;
  t.addr[0] = ISA_TEX_CLAMP;
  const uint8_t *host[1] = {(const uint8_t *)buf};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.is_int = true;
  uint32_t out[4];
  c.i[0] = 2;
  isa_tex_sample(&t, host, &c, out);
  ck_assert_uint_eq(out[0], 9);
  ck_assert_uint_eq(out[3], 1); /* missing alpha */
  c.i[0] = 3;
  isa_tex_sample(&t, host, &c, out);
  ck_assert(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 0);
  c.i[0] = -1;
  isa_tex_sample(&t, host, &c, out);
  ck_assert_uint_eq(out[0], 0);
}
END_TEST

/* ---- formats and read modes --------------------------------------------------- */

static isa_tex_object fmt_tex(unsigned n_chan, unsigned bits, unsigned chan, bool norm)
{
  isa_tex_object t = float_tex(ISA_TEX_1D, 1, 1, 1);
  t.n_chan = (uint8_t)n_chan;
  t.bits = (uint8_t)bits;
  t.chan = (uint8_t)chan;
  t.normalized_read = norm;
  return t;
}

START_TEST(normalized_reads)
{
  uint32_t out[4];
  isa_tex_object u8 = fmt_tex(4, 8, ISA_TEX_UNSIGNED, true);
  static const uint8_t px[4] = {255, 0, 128, 51};
  isa_tex_decode(&u8, (const uint8_t *)px, out);
  ck_assert_uint_eq(out[0], 0x3f800000);  /* 1.0 */
  ck_assert_uint_eq(out[1], 0);
  ck_assert_uint_eq(out[2], 0x3f008081);  /* 128/255 = 0.50196081 */
  ck_assert_uint_eq(out[3], 0x3e4ccccd);  /* 51/255 = 0.2 */
  isa_tex_object s8 = fmt_tex(4, 8, ISA_TEX_SIGNED, true);
  static const int8_t spx[4] = {127, -127, -128, 0};
  isa_tex_decode(&s8, (const uint8_t *)spx, out);
  ck_assert_uint_eq(out[0], 0x3f800000);  /* 1.0 */
  ck_assert_uint_eq(out[1], 0xbf800000);  /* -1.0 */
  ck_assert_uint_eq(out[2], 0xbf800000);  /* -128/127 clamped to -1.0 */
  ck_assert_uint_eq(out[3], 0);
  isa_tex_object u16 = fmt_tex(2, 16, ISA_TEX_UNSIGNED, true);
  static const uint16_t upx[2] = {65535, 13107};
  isa_tex_decode(&u16, (const uint8_t *)upx, out);
  ck_assert_uint_eq(out[0], 0x3f800000);
  ck_assert_uint_eq(out[1], 0x3e4ccccd);  /* 13107/65535 = 0.2 */
  ck_assert_uint_eq(out[2], 0);           /* missing blue */
  ck_assert_uint_eq(out[3], 0x3f800000);  /* missing alpha: 1.0 */
  isa_tex_object s16 = fmt_tex(1, 16, ISA_TEX_SIGNED, true);
  static const int16_t s16px[1] = {-32768};
  isa_tex_decode(&s16, (const uint8_t *)s16px, out);
  ck_assert_uint_eq(out[0], 0xbf800000);
}
END_TEST

START_TEST(element_reads)
{
  uint32_t out[4];
  isa_tex_object s8 = fmt_tex(2, 8, ISA_TEX_SIGNED, false);
  static const int8_t px[2] = {-5, 100};
  isa_tex_decode(&s8, (const uint8_t *)px, out);
  ck_assert_uint_eq(out[0], 0xfffffffb); /* sign-extended */
  ck_assert_uint_eq(out[1], 100);
  ck_assert_uint_eq(out[2], 0);
  ck_assert_uint_eq(out[3], 1);          /* missing alpha: integer 1 */
  isa_tex_object u16 = fmt_tex(1, 16, ISA_TEX_UNSIGNED, false);
  static const uint16_t upx[1] = {0xfffe};
  isa_tex_decode(&u16, (const uint8_t *)upx, out);
  ck_assert_uint_eq(out[0], 0xfffe);
  isa_tex_object h = fmt_tex(2, 16, ISA_TEX_FLOAT, false);
  static const uint16_t hpx[2] = {0x3c00, 0xc000}; /* 1.0, -2.0 */
  isa_tex_decode(&h, (const uint8_t *)hpx, out);
  ck_assert_uint_eq(out[0], 0x3f800000);
  ck_assert_uint_eq(out[1], 0xc0000000);
}
END_TEST

START_TEST(border_integer_bits)
{
  /* Integer reads return the border colour's bits. */
  static const uint32_t buf[2] = {5, 6};
  isa_tex_object t = float_tex(ISA_TEX_1D, 2, 1, 1);
  t.chan = ISA_TEX_UNSIGNED;
  t.addr[0] = ISA_TEX_BORDER;
  uint32_t bits = 77;
  memcpy(&t.border[0], &bits, 4);
  t.border[3] = 2.0f;
  const uint8_t *host[1] = {(const uint8_t *)buf};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = 2.5f;
  uint32_t out[4];
  isa_tex_sample(&t, host, &c, out);
  ck_assert_uint_eq(out[0], 77);
  ck_assert_uint_eq(out[3], 0x40000000);
  c.f[0] = 1.5f;
  isa_tex_sample(&t, host, &c, out);
  ck_assert_uint_eq(out[0], 6);
}
END_TEST

/* ---- cube maps ------------------------------------------------------------------ */

/* The Programming Guide's table: face, then s and t from (sc/|m|+1)/2. */
static const struct {
  float x, y, z;
  unsigned face;
  float s, t;
} cube_vectors[] = {
  {1, 0.5f, -0.25f, 0, 0.625f, 0.25f},  /* +x: sc -z, tc -y */
  {-2, 1, 1, 1, 0.75f, 0.25f},          /* -x: sc z, tc -y */
  {0.5f, 1, -0.5f, 2, 0.75f, 0.25f},    /* +y: sc x, tc z */
  {0.5f, -1, -0.5f, 3, 0.75f, 0.75f},   /* -y: sc x, tc -z */
  {0.5f, 0.25f, 1, 4, 0.75f, 0.375f},   /* +z: sc x, tc -y */
  {0.5f, 0.25f, -1, 5, 0.25f, 0.375f},  /* -z: sc -x, tc -y */
  {1, 1, 0, 0, 0.5f, 0.0f},             /* tie: x wins */
  {0, 1, 1, 2, 0.5f, 1.0f},             /* tie: y over z */
  {0, 0, 0, 0, 0.5f, 0.5f},             /* no direction */
};

START_TEST(cube_faces)
{
  float s, t;
  unsigned f = isa_tex_cube_face(cube_vectors[_i].x, cube_vectors[_i].y, cube_vectors[_i].z, &s,
                                 &t);
  ck_assert_uint_eq(f, cube_vectors[_i].face);
  ck_assert_float_eq(s, cube_vectors[_i].s);
  ck_assert_float_eq(t, cube_vectors[_i].t);
}
END_TEST

START_TEST(cube_sample)
{
  /* 2x2 faces, face f texel (x, y) = 10 f + 2 y + x; direction (-1, -0.5,
   * 0.5): face 1, s = (0.5 + 1) / 2 = 0.75 -> x 1, t = (0.5 + 1) / 2 ->
   * y 1: 10 + 3 */
  float faces[6][2][2];
  for (int f = 0; f < 6; f++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++)
        faces[f][y][x] = (float)(10 * f + 2 * y + x);
  isa_tex_object t = float_tex(ISA_TEX_CUBE, 2, 2, 1);
  t.layers = 6;
  t.addr[0] = t.addr[1] = ISA_TEX_BORDER; /* cube maps clamp anyway */
  const uint8_t *host[1] = {(const uint8_t *)faces};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = -1, c.f[1] = -0.5f, c.f[2] = 0.5f;
  uint32_t out[4];
  isa_tex_sample(&t, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 13);
  /* Layered cube map, cube 1 of 2: face 1 of cube 1 is layer 7 */
  float cubes[12][2][2];
  for (int l = 0; l < 12; l++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++)
        cubes[l][y][x] = (float)(100 * l + 2 * y + x);
  isa_tex_object tl = float_tex(ISA_TEX_CUBE_LAYERED, 2, 2, 1);
  tl.layers = 12;
  host[0] = (const uint8_t *)cubes;
  c.layer = 1;
  isa_tex_sample(&tl, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 703);
  c.layer = 9; /* clamped to the last cube */
  isa_tex_sample(&tl, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 703);
}
END_TEST

/* ---- mipmaps --------------------------------------------------------------------- */

START_TEST(level_selection)
{
  isa_tex_object t = float_tex(ISA_TEX_2D, 8, 8, 1);
  t.n_levels = 4;
  t.min_lod = 0;
  t.max_lod = 3;
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.lod_mode = ISA_TEX_LOD_LEVEL;
  uint32_t l0, l1, w;
  static const struct { float lod; uint32_t level; } nearest[] = {
    {0, 0}, {0.4f, 0}, {1.4f, 1}, {1.5f, 2}, {-3, 0}, {9, 3}};
  for (size_t i = 0; i < sizeof nearest / sizeof nearest[0]; i++) {
    c.lod = nearest[i].lod;
    isa_tex_select_level(&t, &c, &l0, &l1, &w);
    ck_assert_msg(l0 == nearest[i].level && w == 0, "lod %g: level %u (w %u), want %u",
                  (double)c.lod, l0, w, nearest[i].level);
  }
  t.lod_bias = 1; /* 0.2 + 1 -> 1 */
  c.lod = 0.2f;
  isa_tex_select_level(&t, &c, &l0, &l1, &w);
  ck_assert_uint_eq(l0, 1);
  t.lod_bias = 0;
  t.max_lod = 2; /* clamp */
  c.lod = 9;
  isa_tex_select_level(&t, &c, &l0, &l1, &w);
  ck_assert_uint_eq(l0, 2);
  t.max_lod = 3;
  t.mip_filter = ISA_TEX_LINEAR_FILTER; /* 1.25: levels 1 and 2, weight 64 */
  c.lod = 1.25f;
  isa_tex_select_level(&t, &c, &l0, &l1, &w);
  ck_assert(l0 == 1 && l1 == 2 && w == 64);
  c.lod_mode = ISA_TEX_LOD_BASE;
  isa_tex_select_level(&t, &c, &l0, &l1, &w);
  ck_assert(l0 == 0 && w == 0);
  /* Gradient of 1/2 per pixel on an 8-texel normalised texture: 4 texels,
   * lod log2(4) = 2 */
  t.normalized_coords = true;
  t.mip_filter = ISA_TEX_POINT;
  c.lod_mode = ISA_TEX_LOD_GRAD;
  c.ddx[0] = 0.5f, c.ddx[1] = 0;
  c.ddy[0] = 0, c.ddy[1] = 0.125f;
  isa_tex_select_level(&t, &c, &l0, &l1, &w);
  ck_assert_uint_eq(l0, 2);
}
END_TEST

START_TEST(mip_linear_blend)
{
  /* Level 0 is all 2.0, level 1 all 6.0; lod 0.25 blends 192:64 -> 3.0 */
  static const float l0[4] = {2, 2, 2, 2}, l1[1] = {6};
  isa_tex_object t = float_tex(ISA_TEX_2D, 2, 2, 1);
  t.normalized_coords = true;
  t.n_levels = 2;
  t.max_lod = 1;
  t.mip_filter = ISA_TEX_LINEAR_FILTER;
  t.level[1] = (isa_tex_level){.w = 1, .h = 1, .d = 1, .pitch = 4, .slice = 4};
  const uint8_t *host[2] = {(const uint8_t *)l0, (const uint8_t *)l1};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = c.f[1] = 0.5f;
  c.lod_mode = ISA_TEX_LOD_LEVEL;
  c.lod = 0.25f;
  uint32_t out[4];
  isa_tex_sample(&t, host, &c, out);
  ck_assert_float_eq(fb(out[0]), 3);
}
END_TEST

/* ---- tld4 ----------------------------------------------------------------------- */

START_TEST(gather_order)
{
  /* 2x2, two channels: (x + 2y, 100 + x + 2y); at (1, 1) the footprint is
   * the whole texture: (i0,j1) (i1,j1) (i1,j0) (i0,j0) = 2 3 1 0 */
  static const float px[2][2][2] = {{{0, 100}, {1, 101}}, {{2, 102}, {3, 103}}};
  isa_tex_object t = float_tex(ISA_TEX_2D, 2, 2, 1);
  t.n_chan = 2;
  t.level[0].pitch = 16;
  const uint8_t *host[1] = {(const uint8_t *)px};
  isa_tex_coords c;
  memset(&c, 0, sizeof c);
  c.f[0] = c.f[1] = 1.0f;
  uint32_t out[4];
  isa_tex_gather(&t, host, &c, 0, out);
  ck_assert(fb(out[0]) == 2 && fb(out[1]) == 3 && fb(out[2]) == 1 && fb(out[3]) == 0);
  isa_tex_gather(&t, host, &c, 1, out);
  ck_assert(fb(out[0]) == 102 && fb(out[3]) == 100);
}
END_TEST

/* ---- surfaces ------------------------------------------------------------------ */

START_TEST(surface_coordinates)
{
  /* 2-D, 4 texels of 4 bytes (16-byte rows), 3 rows, pitch 32. */
  isa_tex_object t = float_tex(ISA_TEX_2D, 4, 3, 1);
  t.is_surface = true;
  t.level[0].pitch = 32;
  uint64_t off = 0;
  ck_assert_int_eq(isa_surf_locate(&t, 8, 2, 0, 0, 4, ISA_SURF_TRAP, &off), 0);
  ck_assert_uint_eq(off, 2 * 32 + 8);
  ck_assert_int_eq(isa_surf_locate(&t, 16, 0, 0, 0, 4, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&t, 16, 0, 0, 0, 4, ISA_SURF_ZERO, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&t, 0, 3, 0, 0, 4, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&t, -4, 0, 0, 0, 4, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&t, 2, 0, 0, 0, 4, ISA_SURF_TRAP, &off),
                   ISA_SURF_MISALIGNED);
  /* .clamp: x to the last whole access (12), y to 2 */
  ck_assert_int_eq(isa_surf_locate(&t, 40, 7, 0, 0, 4, ISA_SURF_CLAMP, &off), 0);
  ck_assert_uint_eq(off, 2 * 32 + 12);
  ck_assert_int_eq(isa_surf_locate(&t, -4, -1, 0, 0, 4, ISA_SURF_CLAMP, &off), 0);
  ck_assert_uint_eq(off, 0);
  /* A 16-byte access fills the row: x 0 only */
  ck_assert_int_eq(isa_surf_locate(&t, 0, 1, 0, 0, 16, ISA_SURF_TRAP, &off), 0);
  ck_assert_uint_eq(off, 32);
  ck_assert_int_eq(isa_surf_locate(&t, 16, 1, 0, 0, 16, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&t, 16, 1, 0, 0, 16, ISA_SURF_CLAMP, &off), 0);
  ck_assert_uint_eq(off, 32);
  /* Layered: 2 layers of slice 128; layer 5 clamps to 1 */
  isa_tex_object l = t;
  l.kind = ISA_TEX_2D_LAYERED;
  l.layers = 2;
  l.level[0].slice = 128;
  ck_assert_int_eq(isa_surf_locate(&l, 4, 1, 0, 1, 4, ISA_SURF_TRAP, &off), 0);
  ck_assert_uint_eq(off, 128 + 32 + 4);
  ck_assert_int_eq(isa_surf_locate(&l, 4, 1, 0, 2, 4, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  ck_assert_int_eq(isa_surf_locate(&l, 4, 1, 0, 5, 4, ISA_SURF_CLAMP, &off), 0);
  ck_assert_uint_eq(off, 128 + 32 + 4);
  /* 3-D: z selects the slice; 1-D ignores y */
  isa_tex_object v = float_tex(ISA_TEX_3D, 4, 3, 2);
  ck_assert_int_eq(isa_surf_locate(&v, 4, 1, 1, 0, 4, ISA_SURF_TRAP, &off), 0);
  ck_assert_uint_eq(off, 48 + 16 + 4);
  ck_assert_int_eq(isa_surf_locate(&v, 4, 1, 2, 0, 4, ISA_SURF_TRAP, &off), ISA_SURF_OUT);
  isa_tex_object one = float_tex(ISA_TEX_1D, 4, 1, 1);
  ck_assert_int_eq(isa_surf_locate(&one, 12, 9, 9, 9, 4, ISA_SURF_TRAP, &off), 0);
  ck_assert_uint_eq(off, 12);
}
END_TEST

START_TEST(table_handles)
{
  isa_tex_table tt;
  memset(&tt, 0, sizeof tt);
  isa_tex_object o = float_tex(ISA_TEX_1D, 4, 1, 1);
  uint64_t h1 = 0, h2 = 0;
  ck_assert_int_eq(isa_tex_table_add(&tt, &o, &h1), 0);
  ck_assert_int_eq(isa_tex_table_add(&tt, &o, &h2), 0);
  ck_assert(h1 == 1 && h2 == 2);
  ck_assert_ptr_null(isa_tex_table_get(&tt, 0));
  ck_assert_ptr_null(isa_tex_table_get(&tt, 3));
  ck_assert(isa_tex_table_get(&tt, 2)->is_live);
  isa_tex_table_get(&tt, 1)->is_live = false;
  uint64_t h3 = 0;
  ck_assert_int_eq(isa_tex_table_add(&tt, &o, &h3), 0);
  ck_assert_uint_eq(h3, 3); /* never reused */
  isa_tex_table_release(&tt);
}
END_TEST

/* ---- the point-sample shortcut ------------------------------------------------ */

/* isa_tex_point_2d must give isa_tex_sample's bits wherever
 * isa_tex_is_point_2d admits it: every kind it takes (linear, 1-D, 2-D),
 * every addressing mode, normalised and unnormalised coordinates, float
 * and integer coordinates (in and out of range, -0, NaN, huge), every
 * format, point filtering and linear filtering with integer reads or
 * integer coordinates, and a border colour. */
static uint32_t lcg(uint32_t *x)
{
  *x = *x * 1664525u + 1013904223u;
  return *x >> 8;
}

START_TEST(point_shortcut_matches)
{
  static uint8_t texels[5 * 7 * 16 + 64];
  for (size_t i = 0; i < sizeof texels; i++)
    texels[i] = (uint8_t)(i * 37 + 11);
  static const uint8_t kinds[] = {ISA_TEX_LINEAR, ISA_TEX_1D, ISA_TEX_2D};
  static const struct {
    uint8_t n_chan, bits, chan;
    bool normalized_read;
  } formats[] = {{1, 32, ISA_TEX_FLOAT, false}, {4, 8, ISA_TEX_UNSIGNED, true},
                 {2, 16, ISA_TEX_SIGNED, false}, {4, 32, ISA_TEX_UNSIGNED, false},
                 {1, 16, ISA_TEX_FLOAT, false},  {4, 8, ISA_TEX_SIGNED, false}};
  static const uint32_t special[] = {0x80000000u /* -0 */, 0x7fc00000u /* NaN */,
                                     0x7f800000u /* +inf */, 0xff800000u, 0x4f000000u /* 2^31 */,
                                     0xbf000000u /* -0.5 */, 0x3f7fffffu, 0x40a00000u /* 5 */};
  uint32_t seed = 12345, n_checked = 0, n_shortcut = 0;
  for (size_t k = 0; k < sizeof kinds; k++)
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
      for (unsigned mode = 0; mode < 4; mode++)
        for (unsigned flags = 0; flags < 8; flags++) {
          isa_tex_object t;
          memset(&t, 0, sizeof t);
          t.kind = kinds[k];
          t.n_chan = formats[f].n_chan;
          t.bits = formats[f].bits;
          t.chan = formats[f].chan;
          t.normalized_read = formats[f].normalized_read;
          t.normalized_coords = flags & 1;
          t.filter = flags & 2 ? ISA_TEX_LINEAR_FILTER : ISA_TEX_POINT;
          t.addr[0] = (uint8_t)mode;
          t.addr[1] = (uint8_t)((mode + 1) % 4);
          t.border[0] = 0.25f, t.border[1] = -2.0f, t.border[2] = 1e30f, t.border[3] = 7.0f;
          t.n_levels = 1;
          t.is_live = true;
          uint32_t tb = t.n_chan * t.bits / 8;
          t.level[0] = (isa_tex_level){.w = 5, .h = t.kind == ISA_TEX_2D ? 7 : 1, .d = 1,
                                       .pitch = 5 * tb + 8};
          t.level[0].slice = t.level[0].pitch * t.level[0].h;
          bool is_int = flags & 4;
          unsigned dims = t.kind == ISA_TEX_2D ? 2 : 1;
          if (!isa_tex_is_point_2d(&t, dims, is_int))
            continue;
          n_shortcut++;
          const uint8_t *host[ISA_TEX_MAX_LEVELS] = {texels};
          for (unsigned r = 0; r < 200; r++) {
            uint32_t xy[2];
            for (unsigned d = 0; d < 2; d++) {
              uint32_t pick = lcg(&seed) % 4;
              if (is_int)
                xy[d] = pick == 0 ? (uint32_t)(int32_t)(lcg(&seed) % 20 - 8) : lcg(&seed) % 9;
              else if (pick == 0)
                xy[d] = special[lcg(&seed) % (sizeof special / sizeof special[0])];
              else {
                float v = (float)(int32_t)(lcg(&seed) % 2000 - 600) / 128.0f;
                if (t.normalized_coords)
                  v /= 5.0f;
                xy[d] = isa_f32_bits(v);
              }
            }
            isa_tex_coords c;
            memset(&c, 0, sizeof c);
            c.is_int = is_int;
            for (unsigned d = 0; d < 2; d++) {
              c.f[d] = fb(xy[d]);
              c.i[d] = (int32_t)xy[d];
            }
            uint32_t want[4], got[4];
            isa_tex_sample(&t, host, &c, want);
            isa_tex_point_2d(&t, texels, xy[0], dims == 2 ? xy[1] : 0, is_int, got);
            ck_assert_msg(!memcmp(want, got, sizeof want),
                          "kind %u format %zu mode %u flags %u at (0x%08x, 0x%08x): "
                          "%08x %08x %08x %08x, want %08x %08x %08x %08x",
                          t.kind, f, mode, flags, xy[0], xy[1], got[0], got[1], got[2], got[3],
                          want[0], want[1], want[2], want[3]);
            n_checked++;
          }
        }
  /* The shortcut applies to most of these, and never to linear filtering
   * of float reads at float coordinates. */
  ck_assert_uint_gt(n_shortcut, 100);
  ck_assert_uint_gt(n_checked, 20000);
  isa_tex_object lin;
  memset(&lin, 0, sizeof lin);
  lin.kind = ISA_TEX_2D, lin.n_chan = 1, lin.bits = 32, lin.chan = ISA_TEX_FLOAT;
  lin.filter = ISA_TEX_LINEAR_FILTER, lin.n_levels = 1;
  ck_assert(!isa_tex_is_point_2d(&lin, 2, false));
  ck_assert(isa_tex_is_point_2d(&lin, 2, true));
  lin.n_levels = 2;
  ck_assert(!isa_tex_is_point_2d(&lin, 2, true));
  lin.n_levels = 1, lin.kind = ISA_TEX_2D_LAYERED;
  ck_assert(!isa_tex_is_point_2d(&lin, 2, true));
}
END_TEST

int main(void)
{
  Suite *s = suite_create("tex_sample");
  TCase *tc = tcase_create("addressing");
  tcase_add_loop_test(tc, address_modes, 0, sizeof addr_vectors / sizeof addr_vectors[0]);
  tcase_add_loop_test(tc, weights, 0, sizeof weight_vectors / sizeof weight_vectors[0]);
  tcase_add_test(tc, floor_saturates);
  suite_add_tcase(s, tc);
  tc = tcase_create("filtering");
  tcase_add_test(tc, point_1d);
  tcase_add_test(tc, linear_1d);
  tcase_add_test(tc, linear_modes_normalized);
  tcase_add_test(tc, unnormalized_wrap_clamps);
  tcase_add_test(tc, linear_2d_3d);
  tcase_add_test(tc, integer_coords_point);
  tcase_add_test(tc, linear_resource);
  tcase_add_test(tc, point_shortcut_matches);
  suite_add_tcase(s, tc);
  tc = tcase_create("formats");
  tcase_add_test(tc, normalized_reads);
  tcase_add_test(tc, element_reads);
  tcase_add_test(tc, border_integer_bits);
  suite_add_tcase(s, tc);
  tc = tcase_create("cube");
  tcase_add_loop_test(tc, cube_faces, 0, sizeof cube_vectors / sizeof cube_vectors[0]);
  tcase_add_test(tc, cube_sample);
  suite_add_tcase(s, tc);
  tc = tcase_create("mipmaps");
  tcase_add_test(tc, level_selection);
  tcase_add_test(tc, mip_linear_blend);
  suite_add_tcase(s, tc);
  tc = tcase_create("gather_surfaces_table");
  tcase_add_test(tc, gather_order);
  tcase_add_test(tc, surface_coordinates);
  tcase_add_test(tc, table_handles);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
