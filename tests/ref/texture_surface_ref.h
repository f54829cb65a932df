/* texture_surface_ref.h -- texels and CPU reference of
 * benchmarks/cuda/texture_surface.cu, shared by
 * tests/drivers/check_texture_surface.c (resources laid out by hand, through
 * ptxsim_texture_create) and tests/exec/texture_surface.cu (CUDA arrays and
 * texture objects).  Every texel value is random (fixed seed) and the
 * kernels copy texels, so the references are exact.  The mipmap is read at
 * levels 0, 1, 2, 3, at lod 1.6 (point mip filtering: the nearest level,
 * 2) and at lod 7 (clamped to the last level); the texel a normalised
 * coordinate (x + 0.5) / w hits on a level of width lw is
 * floor((2x + 1) lw / 2w).  Surfaces start filled with SENTINEL bytes.
 * Images are passed flat, row-major. */
#ifndef PTXSIM_TESTS_REF_TEXTURE_SURFACE_REF_H
#define PTXSIM_TESTS_REF_TEXTURE_SURFACE_REF_H

#include "ref_util.h"

#define SENTINEL 0xa5

/* tex_fetch_1d: n floats and n uints; the kernel copies them. */
static inline void tex_fetch_1d_inputs(int n, float *tf, uint32_t *tu)
{
  ref_rng r;
  ref_rng_seed(&r, 41);
  for (int i = 0; i < n; i++) {
    tf[i] = ref_randf(&r, -1000.0f, 1000.0f);
    tu[i] = ref_rand32(&r);
  }
}

/* tex_1d_2d: t1[w], t2[h][w], t2u8[h][w][4]; expf_ holds t1 and t2 texels
 * interleaved per thread, expu the uchar4 texels as words. */
static inline void tex_1d_2d_inputs(int w, int h, float *t1, float *t2, uint8_t *t2u8,
                                    float *expf_, uint32_t *expu)
{
  ref_rng r;
  ref_rng_seed(&r, 42);
  for (int x = 0; x < w; x++)
    t1[x] = ref_randf(&r, -10.0f, 10.0f);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      t2[y * w + x] = ref_randf(&r, -10.0f, 10.0f);
      for (int k = 0; k < 4; k++)
        t2u8[(y * w + x) * 4 + k] = (uint8_t)ref_rand32(&r);
    }
  for (int g = 0; g < w * h; g++) {
    int x = g % w, y = g / w;
    expf_[2 * g] = t1[x];
    expf_[2 * g + 1] = t2[y * w + x];
    const uint8_t *p = t2u8 + (y * w + x) * 4;
    expu[g] = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  }
}

/* ---- tex_3d_layered_cube_lod ------------------------------------------------ */

enum { CW = 12, CH = 12, CD = 5, CLEVELS = 4 };

/* The width (and height) of mip level k: max(1, CW >> k). */
static inline int mip_width(int k) { return CW >> k ? CW >> k : 1; }

/* The texel a normalised coordinate (x + 0.5) / n hits on a level of size ln. */
static inline int mip_texel(int x, int n, int ln) { return (2 * x + 1) * ln / (2 * n); }

/* t3 and tl [CD][CH][CW], tc [6][CH][CW], tm [CLEVELS][CH][CW] (level k
 * uses [0..mip_width(k))^2); exp: per thread the 3-D, layered, cube (face
 * 0) and mipmap texels, the mipmap read at level. */
static inline void tex_3d_inputs(int level, float *t3, float *tl, float *tc, float *tm,
                                 float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 43);
  for (int i = 0; i < CD * CH * CW; i++) {
    t3[i] = ref_randf(&r, -100.0f, 100.0f);
    tl[i] = ref_randf(&r, -100.0f, 100.0f);
  }
  for (int f = 0; f < 6; f++)
    for (int y = 0; y < CH; y++)
      for (int x = 0; x < CW; x++)
        tc[(f * CH + y) * CW + x] = (float)(10000 * f + 100 * y + x);
  for (int i = 0; i < CLEVELS * CH * CW; i++)
    tm[i] = (float)(1000 * (i / (CH * CW))) + ref_randf(&r, 0.0f, 1.0f);
  int lw = mip_width(level);
  for (int g = 0; g < CW * CH * CD; g++) {
    int x = g % CW, y = (g / CW) % CH, z = g / (CW * CH);
    exp[4 * g + 0] = t3[(z * CH + y) * CW + x];
    exp[4 * g + 1] = tl[(z * CH + y) * CW + x];
    exp[4 * g + 2] = tc[y * CW + x];
    exp[4 * g + 3] = tm[(level * CH + mip_texel(y, CH, lw)) * CW + mip_texel(x, CW, lw)];
  }
}

/* ---- surf_write, surf_read_2d --------------------------------------------------- */

enum { SW = 13, SH = 7, SD = 3 };

/* The images surf_write leaves: the sentinel with the written texels.
 * s1: float4[SW]; s2: int rows of p2 bytes; s2u8: uchar4 rows of p2u8
 * bytes; s3: uchar rows of p3 bytes, slices of s3p; sl: float4 rows of pl
 * bytes, layers of slp; each buffer b* bytes. */
static inline void surf_write_expect(uint8_t *e1, size_t b1, uint8_t *e2, size_t p2, size_t b2,
                                     uint8_t *e2u8, size_t p2u8, size_t b2u8, uint8_t *e3,
                                     size_t p3, size_t s3p, size_t b3, uint8_t *el, size_t pl,
                                     size_t slp, size_t bl)
{
  memset(e1, SENTINEL, b1), memset(e2, SENTINEL, b2), memset(e2u8, SENTINEL, b2u8);
  memset(e3, SENTINEL, b3), memset(el, SENTINEL, bl);
  for (int g = 0; g < SW * SH * SD; g++) {
    int x = g % SW, y = (g / SW) % SH, z = g / (SW * SH);
    if (y == 0 && z == 0) {
      float v[4] = { (float)x, (float)y, (float)z, 1.0f };
      memcpy(e1 + x * 16, v, 16);
    }
    if (z == 0) {
      int32_t v = x + 1000 * y;
      memcpy(e2 + y * p2 + x * 4, &v, 4);
      uint8_t b[4] = { (uint8_t)x, (uint8_t)y, 7, 255 };
      memcpy(e2u8 + y * p2u8 + x * 4, b, 4);
    }
    e3[z * s3p + y * p3 + x] = (uint8_t)((x + y + z) & 255);
    float v[4] = { (float)x, (float)y, (float)z, -1.0f };
    memcpy(el + z * slp + y * pl + x * 16, v, 16);
  }
}

/* surf_read_2d: s[h][w], the kernel writes each texel doubled. */
static inline void surf_read_2d_inputs(int w, int h, float *s, float *exp)
{
  ref_rng r;
  ref_rng_seed(&r, 44);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      s[y * w + x] = ref_randf(&r, -1e6f, 1e6f);
      exp[y * w + x] = s[y * w + x] * 2.0f;
    }
}

#endif /* PTXSIM_TESTS_REF_TEXTURE_SURFACE_REF_H */
