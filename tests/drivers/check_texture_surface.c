/* check_texture_surface.c -- host driver for
 * benchmarks/cuda/texture_surface.cu: texture objects (1-D linear fetch,
 * 1-D/2-D/3-D arrays, a 2-D layered array, a cube map, a mipmap read at
 * explicit levels) and surface objects (1-D, 2-D, 3-D and 2-D layered writes,
 * a 2-D read), set up through ptxsim_texture_create / ptxsim_surface_create
 * exactly as the .cu header describes: point filtering, clamp addressing,
 * unnormalised coordinates (the cube map takes directions, the mipmap
 * normalised coordinates), element-type reads; surfaces take byte
 * x-coordinates.
 *
 * The resources live in device buffers laid out by this driver, with
 * padded row and slice pitches so that a wrong pitch shows; surface
 * buffers start filled with a sentinel byte, and the whole buffer,
 * padding included, is compared after the writes.  Every texel value is
 * random (fixed seed) and the kernels copy texels, so the references are
 * exact.  The mipmap is read at levels 0, 1, 2, 3 and at lod 1.6 (point
 * mip filtering: the nearest level, 2); the texel a normalised coordinate
 * (x + 0.5) / w hits on a level of width lw is floor((2x + 1) lw / 2w).
 *
 * Inputs, CPU reference and checks: tests/ref/texture_surface_ref.h, shared with
 * tests/exec/texture_surface.cu.
 */
#include "tests/drivers/drv_util.h"
#include "tests/ref/texture_surface_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t make_texture(drv_ctx *c, const ptxsim_texture_desc *d, const char *what)
{
  uint64_t h = 0;
  int rc = ptxsim_texture_create(c->dev, d, &h);
  ck_assert_msg(rc == PTXSIM_OK, "texture_surface: creating %s: %s (%d): %s", what,
                ptxsim_status_string(rc), rc, ptxsim_device_error(c->dev));
  ck_assert_msg(h != 0, "texture_surface: %s got handle 0", what);
  return h;
}

static uint64_t make_surface(drv_ctx *c, const ptxsim_texture_desc *d, const char *what)
{
  uint64_t h = 0;
  int rc = ptxsim_surface_create(c->dev, d, &h);
  ck_assert_msg(rc == PTXSIM_OK, "texture_surface: creating %s: %s (%d): %s", what,
                ptxsim_status_string(rc), rc, ptxsim_device_error(c->dev));
  return h;
}

/* A resource of one level at data: point filtering, clamp addressing,
 * unnormalised coordinates, element-type reads. */
static ptxsim_texture_desc resource(ptxsim_tex_kind kind, unsigned channels, unsigned bits,
                                    ptxsim_channel_kind ck, ptxsim_devptr data, size_t w,
                                    size_t h, size_t d, size_t pitch, size_t slice)
{
  ptxsim_texture_desc t;
  memset(&t, 0, sizeof t);
  t.kind = kind;
  t.channels = channels;
  t.channel_bits = bits;
  t.channel_kind = ck;
  t.n_levels = 1;
  t.levels[0] = (ptxsim_tex_level){data, w, h, d, pitch, slice};
  for (int i = 0; i < 3; i++)
    t.address_mode[i] = PTXSIM_ADDRESS_CLAMP;
  t.filter_mode = PTXSIM_FILTER_POINT;
  t.read_mode = PTXSIM_READ_ELEMENT_TYPE;
  return t;
}

/* Copies rows of row_bytes from a packed host image into a pitched
 * device-layout image (slices of `slice` bytes, rows of `pitch`). */
static void pack(uint8_t *dst, const void *src, size_t row_bytes, size_t rows, size_t slices,
                 size_t pitch, size_t slice)
{
  const uint8_t *s = src;
  for (size_t z = 0; z < slices; z++)
    for (size_t y = 0; y < rows; y++)
      memcpy(dst + z * slice + y * pitch, s + (z * rows + y) * row_bytes, row_bytes);
}

static ptxsim_devptr upload_pitched(drv_ctx *c, const void *src, size_t row_bytes, size_t rows,
                                    size_t slices, size_t pitch, size_t slice)
{
  size_t bytes = slices * slice;
  uint8_t *img = malloc(bytes);
  ck_assert_ptr_nonnull(img);
  memset(img, SENTINEL, bytes);
  pack(img, src, row_bytes, rows, slices, pitch, slice);
  ptxsim_devptr p = drv_upload(c, img, bytes);
  free(img);
  return p;
}

/* ---- tex_fetch_1d ---------------------------------------------------------- */

START_TEST(test_tex_fetch_1d)
{
  enum { N = 1000, SKIP = 64 };
  drv_ctx c;
  static float tf[N], outf[N];
  static uint32_t tu[N], outu[N];
  drv_open(&c, "texture_surface");
  tex_fetch_1d_inputs(N, tf, tu);
  /* The float buffer starts SKIP elements into its allocation. */
  static float padded[N + SKIP];
  memcpy(padded + SKIP, tf, sizeof tf);
  ptxsim_devptr df = drv_upload(&c, padded, sizeof padded), du = drv_upload(&c, tu, sizeof tu);
  ptxsim_texture_desc d = resource(PTXSIM_TEX_LINEAR, 1, 32, PTXSIM_CHANNEL_FLOAT,
                                   df + SKIP * sizeof(float), N, 0, 0, 0, 0);
  uint64_t htf = make_texture(&c, &d, "tf (linear float)");
  d = resource(PTXSIM_TEX_LINEAR, 1, 32, PTXSIM_CHANNEL_UNSIGNED, du, N, 0, 0, 0, 0);
  uint64_t htu = make_texture(&c, &d, "tu (linear uint)");
  ptxsim_devptr dof = drv_alloc(&c, sizeof outf), dou = drv_alloc(&c, sizeof outu);
  int n = N;
  drv_launch(&c, "tex_fetch_1d", drv_dim(drv_cdiv(N, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&htf, &htu, &dof, &dou, &n));
  drv_download(&c, outf, dof, sizeof outf);
  drv_download(&c, outu, dou, sizeof outu);
  drv_expect_f32("tex_fetch_1d", "outf", tf, outf, N, 0);
  drv_expect_u32("tex_fetch_1d", "outu", tu, outu, N);
  ck_assert_int_eq(ptxsim_texture_destroy(c.dev, htf), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_texture_destroy(c.dev, htu), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_texture_destroy(c.dev, htu), PTXSIM_E_INVALID);
  drv_close(&c);
}
END_TEST

/* ---- tex_1d_2d --------------------------------------------------------------- */

START_TEST(test_tex_1d_2d)
{
  enum { W = 37, H = 23, PITCH_F = 256, PITCH_U8 = 160 };
  drv_ctx c;
  static float t1[W], t2[H][W], outf[2 * W * H], expf[2 * W * H];
  static uint8_t t2u8[H][W][4];
  static uint32_t outu[W * H], expu[W * H];
  drv_open(&c, "texture_surface");
  tex_1d_2d_inputs(W, H, t1, &t2[0][0], &t2u8[0][0][0], expf, expu);
  ptxsim_devptr d1 = drv_upload(&c, t1, sizeof t1);
  ptxsim_devptr d2 = upload_pitched(&c, t2, W * 4, H, 1, PITCH_F, PITCH_F * H);
  ptxsim_devptr d3 = upload_pitched(&c, t2u8, W * 4, H, 1, PITCH_U8, PITCH_U8 * H);
  ptxsim_texture_desc d = resource(PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, d1, W, 0, 0, 0, 0);
  uint64_t h1 = make_texture(&c, &d, "t1 (1-D float)");
  d = resource(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, d2, W, H, 0, PITCH_F, 0);
  uint64_t h2 = make_texture(&c, &d, "t2 (2-D float)");
  d = resource(PTXSIM_TEX_2D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, d3, W, H, 0, PITCH_U8, 0);
  uint64_t h3 = make_texture(&c, &d, "t2u8 (2-D uchar4)");
  ptxsim_devptr dof = drv_alloc(&c, sizeof outf), dou = drv_alloc(&c, sizeof outu);
  int w = W, h = H;
  drv_launch(&c, "tex_1d_2d", drv_dim(drv_cdiv(W * H, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&h1, &h2, &h3, &dof, &dou, &w, &h));
  drv_download(&c, outf, dof, sizeof outf);
  drv_download(&c, outu, dou, sizeof outu);
  drv_expect_f32("tex_1d_2d", "outf", expf, outf, 2 * W * H, 0);
  drv_expect_u32("tex_1d_2d", "outu", expu, outu, W * H);
  drv_close(&c);
}
END_TEST

/* ---- tex_3d_layered_cube_lod ---------------------------------------------------- */

enum { CPITCH = 64, CSLICE = 1024 };
static void run_tex_3d(float lod, int level)
{
  drv_ctx c;
  static float t3[CD][CH][CW], tl[CD][CH][CW], tc[6][CH][CW];
  static float tm[CLEVELS][CH][CW]; /* level k uses [0..lh)[0..lw) */
  static float out[4 * CW * CH * CD], exp[4 * CW * CH * CD];
  drv_open(&c, "texture_surface");
  tex_3d_inputs(level, &t3[0][0][0], &tl[0][0][0], &tc[0][0][0], &tm[0][0][0], exp);

  ptxsim_devptr d3 = upload_pitched(&c, t3, CW * 4, CH, CD, CPITCH, CSLICE);
  ptxsim_devptr dl = upload_pitched(&c, tl, CW * 4, CH, CD, CPITCH, CSLICE);
  ptxsim_devptr dc = upload_pitched(&c, tc, CW * 4, CH, 6, CW * 4, CW * 4 * CH);
  ptxsim_texture_desc d =
      resource(PTXSIM_TEX_3D, 1, 32, PTXSIM_CHANNEL_FLOAT, d3, CW, CH, CD, CPITCH, CSLICE);
  uint64_t h3 = make_texture(&c, &d, "t3 (3-D float)");
  d = resource(PTXSIM_TEX_2D_LAYERED, 1, 32, PTXSIM_CHANNEL_FLOAT, dl, CW, CH, 0, CPITCH,
               CSLICE);
  d.layers = CD;
  uint64_t hl = make_texture(&c, &d, "tl (2-D layered float)");
  d = resource(PTXSIM_TEX_CUBEMAP, 1, 32, PTXSIM_CHANNEL_FLOAT, dc, CW, CW, 0, 0, 0);
  d.layers = 6;
  uint64_t hc = make_texture(&c, &d, "tc (cube map)");
  /* The mipmap: level k is max(1, 12 >> k) square, packed, each level in
   * its own allocation. */
  d = resource(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, 0, 0, 0, 0, 0, 0);
  d.n_levels = CLEVELS;
  d.normalized_coords = 1;
  d.mip_filter_mode = PTXSIM_FILTER_POINT;
  d.min_lod = 0;
  d.max_lod = CLEVELS - 1;
  int lw[CLEVELS];
  for (int k = 0; k < CLEVELS; k++) {
    lw[k] = mip_width(k);
    static float packed[CW * CH];
    for (int y = 0; y < lw[k]; y++)
      for (int x = 0; x < lw[k]; x++)
        packed[y * lw[k] + x] = tm[k][y][x];
    ptxsim_devptr p = drv_upload(&c, packed, (size_t)lw[k] * lw[k] * sizeof(float));
    d.levels[k] = (ptxsim_tex_level){p, (size_t)lw[k], (size_t)lw[k], 0, 0, 0};
  }
  uint64_t hm = make_texture(&c, &d, "tm (mipmapped 2-D float)");

  ptxsim_devptr dout = drv_alloc(&c, sizeof out);
  int w = CW, h = CH, dd = CD;
  drv_launch(&c, "tex_3d_layered_cube_lod", drv_dim(drv_cdiv(CW * CH * CD, 96), 1, 1),
             drv_dim(96, 1, 1), 0, DRV_ARGS(&h3, &hl, &hc, &hm, &dout, &w, &h, &dd, &lod));
  drv_download(&c, out, dout, sizeof out);
  char what[64];
  snprintf(what, sizeof what, "out (lod %g)", (double)lod);
  drv_expect_f32("tex_3d_layered_cube_lod", what, exp, out, 4 * CW * CH * CD, 0);
  drv_close(&c);
}

START_TEST(test_tex_3d_layered_cube_lod)
{
  run_tex_3d(0.0f, 0);
}
END_TEST

START_TEST(test_tex_lod_levels)
{
  run_tex_3d(1.0f, 1);
  run_tex_3d(2.0f, 2);
  run_tex_3d(3.0f, 3);
  run_tex_3d(1.6f, 2); /* nearest level */
  run_tex_3d(7.0f, 3); /* clamped to max_lod */
}
END_TEST

/* ---- surf_write, surf_read_2d ------------------------------------------------------ */

START_TEST(test_surf_write)
{
  enum {
    P2 = 64,            /* s2: 13 ints = 52 bytes per row */
    P2U8 = 64,          /* s2u8: 52 bytes */
    P3 = 16, S3 = 128,  /* s3: 13 bytes per row, 7 rows = 112 per slice */
    PL = 256, SL = 2048 /* sl: 13 float4 = 208 bytes, 7 rows = 1792 */
  };
  drv_ctx c;
  drv_open(&c, "texture_surface");
  size_t b1 = SW * 16, b2 = P2 * SH, b2u8 = P2U8 * SH, b3 = S3 * SD, bl = SL * SD;
  ptxsim_devptr d1 = drv_alloc_fill(&c, b1, SENTINEL), d2 = drv_alloc_fill(&c, b2, SENTINEL);
  ptxsim_devptr d2u8 = drv_alloc_fill(&c, b2u8, SENTINEL), d3 = drv_alloc_fill(&c, b3, SENTINEL);
  ptxsim_devptr dl = drv_alloc_fill(&c, bl, SENTINEL);
  ptxsim_texture_desc d =
      resource(PTXSIM_TEX_1D, 4, 32, PTXSIM_CHANNEL_FLOAT, d1, SW, 0, 0, 0, 0);
  uint64_t h1 = make_surface(&c, &d, "s1 (1-D float4)");
  d = resource(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_SIGNED, d2, SW, SH, 0, P2, 0);
  uint64_t h2 = make_surface(&c, &d, "s2 (2-D int)");
  d = resource(PTXSIM_TEX_2D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, d2u8, SW, SH, 0, P2U8, 0);
  uint64_t h2u8 = make_surface(&c, &d, "s2u8 (2-D uchar4)");
  d = resource(PTXSIM_TEX_3D, 1, 8, PTXSIM_CHANNEL_UNSIGNED, d3, SW, SH, SD, P3, S3);
  uint64_t h3 = make_surface(&c, &d, "s3 (3-D uchar)");
  d = resource(PTXSIM_TEX_2D_LAYERED, 4, 32, PTXSIM_CHANNEL_FLOAT, dl, SW, SH, 0, PL, SL);
  d.layers = SD;
  uint64_t hl = make_surface(&c, &d, "sl (2-D layered float4)");

  /* The references: sentinels with the written texels. */
  uint8_t *e1 = malloc(b1), *e2 = malloc(b2), *e2u8 = malloc(b2u8), *e3 = malloc(b3),
          *el = malloc(bl);
  uint8_t *g1 = malloc(b1), *g2 = malloc(b2), *g2u8 = malloc(b2u8), *g3 = malloc(b3),
          *gl = malloc(bl);
  ck_assert(e1 && e2 && e2u8 && e3 && el && g1 && g2 && g2u8 && g3 && gl);
  surf_write_expect(e1, b1, e2, P2, b2, e2u8, P2U8, b2u8, e3, P3, S3, b3, el, PL, SL, bl);
  int w = SW, h = SH, dd = SD;
  drv_launch(&c, "surf_write", drv_dim(drv_cdiv(SW * SH * SD, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&h1, &h2, &h2u8, &h3, &hl, &w, &h, &dd));
  drv_download(&c, g1, d1, b1);
  drv_download(&c, g2, d2, b2);
  drv_download(&c, g2u8, d2u8, b2u8);
  drv_download(&c, g3, d3, b3);
  drv_download(&c, gl, dl, bl);
  drv_expect_u8("surf_write", "s1 (bytes)", e1, g1, b1);
  drv_expect_u8("surf_write", "s2 (bytes)", e2, g2, b2);
  drv_expect_u8("surf_write", "s2u8 (bytes)", e2u8, g2u8, b2u8);
  drv_expect_u8("surf_write", "s3 (bytes)", e3, g3, b3);
  drv_expect_u8("surf_write", "sl (bytes)", el, gl, bl);
  free(e1), free(e2), free(e2u8), free(e3), free(el);
  free(g1), free(g2), free(g2u8), free(g3), free(gl);
  ck_assert_int_eq(ptxsim_surface_destroy(c.dev, h1), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_texture_destroy(c.dev, h2), PTXSIM_E_INVALID); /* a surface */
  drv_close(&c);
}
END_TEST

START_TEST(test_surf_read_2d)
{
  enum { W = 29, H = 11, PITCH = 128 };
  drv_ctx c;
  static float s[H][W], out[W * H], exp[W * H];
  drv_open(&c, "texture_surface");
  surf_read_2d_inputs(W, H, &s[0][0], exp);
  ptxsim_devptr ds = upload_pitched(&c, s, W * 4, H, 1, PITCH, PITCH * H);
  ptxsim_texture_desc d =
      resource(PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, ds, W, H, 0, PITCH, 0);
  uint64_t hs = make_surface(&c, &d, "s2f (2-D float)");
  ptxsim_devptr dout = drv_alloc(&c, sizeof out);
  int w = W, h = H;
  drv_launch(&c, "surf_read_2d", drv_dim(drv_cdiv(W * H, 128), 1, 1), drv_dim(128, 1, 1), 0,
             DRV_ARGS(&hs, &dout, &w, &h));
  drv_download(&c, out, dout, sizeof out);
  drv_expect_f32("surf_read_2d", "out", exp, out, W * H, 0);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("texture_surface");
  DRV_ADD(s, test_tex_fetch_1d);
  DRV_ADD(s, test_tex_1d_2d);
  DRV_ADD(s, test_tex_3d_layered_cube_lod);
  DRV_ADD(s, test_tex_lod_levels);
  DRV_ADD(s, test_surf_write);
  DRV_ADD(s, test_surf_read_2d);
  return drv_run(s);
}
