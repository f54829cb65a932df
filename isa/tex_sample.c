/* tex_sample.c -- texture sampling and surface addressing arithmetic
 * (see tex_sample.h), and the per-device table of objects.
 *
 * Sampling follows the CUDA Programming Guide's "Texture Fetching"
 * appendix: a coordinate is scaled to texels (normalised coordinates
 * times the size), nearest-point filtering reads texel floor(u), linear
 * filtering reads floor(u - 0.5) and the next texel with weights quantised
 * to 1/256.  Addressing modes are applied to each integer texel index, so
 * every tap of a linear filter is wrapped, mirrored, clamped or replaced
 * by the border colour on its own (as Direct3D and OpenGL specify and
 * NVIDIA hardware behaves).  The weighted sum is formed in double and
 * rounded to float once, so results at the 256 representable positions
 * between two texels are exact to float precision.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa/fp_common.h"
#include "isa/fp_cvt.h"
#include "isa/tex_sample.h"

/* ---- the table ----------------------------------------------------------- */

int isa_tex_table_add(isa_tex_table *tt, const isa_tex_object *o, uint64_t *handle)
{
  if (tt->n == tt->cap) {
    uint64_t cap = tt->cap ? 2 * tt->cap : 16;
    isa_tex_object *a = realloc(tt->objs, cap * sizeof *a);
    if (!a)
      return PTX_ENOMEM;
    tt->objs = a;
    tt->cap = cap;
  }
  tt->objs[tt->n] = *o;
  tt->objs[tt->n].is_live = true;
  *handle = ++tt->n;
  return 0;
}

void isa_tex_table_release(isa_tex_table *tt)
{
  free(tt->objs);
  memset(tt, 0, sizeof *tt);
}

const char *isa_tex_kind_name(unsigned kind)
{
  static const char *const names[ISA_TEX_KIND_COUNT] = {
    [ISA_TEX_LINEAR] = "linear-memory", [ISA_TEX_1D] = "1-D",
    [ISA_TEX_2D] = "2-D", [ISA_TEX_3D] = "3-D",
    [ISA_TEX_1D_LAYERED] = "1-D layered", [ISA_TEX_2D_LAYERED] = "2-D layered",
    [ISA_TEX_CUBE] = "cube-map", [ISA_TEX_CUBE_LAYERED] = "layered cube-map"};
  return kind < ISA_TEX_KIND_COUNT ? names[kind] : "?";
}

/* ---- small pieces ---------------------------------------------------------- */

int32_t isa_tex_address(int64_t i, uint32_t n, unsigned mode)
{
  if (n == 0)
    return -1;
  int64_t m;
  switch (mode) {
  case ISA_TEX_WRAP:
    m = i % n;
    return (int32_t)(m < 0 ? m + n : m);
  case ISA_TEX_MIRROR:
    m = i % (2 * (int64_t)n);
    if (m < 0)
      m += 2 * (int64_t)n;
    return (int32_t)(m < n ? m : 2 * (int64_t)n - 1 - m);
  case ISA_TEX_BORDER:
    return i < 0 || i >= n ? -1 : (int32_t)i;
  default: /* ISA_TEX_CLAMP */
    return (int32_t)(i < 0 ? 0 : i >= n ? n - 1 : i);
  }
}

int64_t isa_tex_floor(float x)
{
  if (isnan(x))
    return 0;
  double f = floor((double)x);
  const double lim = 1073741824.0; /* 2^30 */
  return (int64_t)(f < -lim ? -lim : f > lim ? lim : f);
}

uint32_t isa_tex_weight(float frac)
{
  /* frac * 256 is exact; adding 0.5 in double cannot round across an
   * integer, as it could in float. */
  double v = floor((double)frac * 256.0 + 0.5);
  return v <= 0 ? 0 : v >= 256 ? 256 : (uint32_t)v;
}

static uint32_t f32(float f)
{
  return isa_f32_bits(f);
}

void isa_tex_decode(const isa_tex_object *t, const uint8_t *p, uint32_t out[4])
{
  bool flt = isa_tex_returns_float(t);
  unsigned bytes = t->bits / 8;
  for (unsigned c = 0; c < 4; c++) {
    if (c >= t->n_chan) {
      out[c] = c == 3 ? (flt ? f32(1.0f) : 1u) : 0u;
      continue;
    }
    const uint8_t *q = p + c * bytes;
    uint32_t raw = 0;
    if (bytes == 1)
      raw = q[0];
    else if (bytes == 2) {
      uint16_t h;
      memcpy(&h, q, 2);
      raw = h;
    } else
      memcpy(&raw, q, 4);
    switch (t->chan) {
    case ISA_TEX_FLOAT:
      out[c] = bytes == 2 ? isa_cvt_f16_to_f32((uint16_t)raw, 0) : raw;
      break;
    case ISA_TEX_SIGNED: {
      int32_t v = bytes == 1 ? (int8_t)raw : bytes == 2 ? (int16_t)raw : (int32_t)raw;
      if (t->normalized_read && bytes < 4) {
        float f = (float)v / (float)((1u << (t->bits - 1)) - 1);
        out[c] = f32(f < -1.0f ? -1.0f : f);
      } else
        out[c] = (uint32_t)v;
      break;
    }
    default: /* ISA_TEX_UNSIGNED */
      if (t->normalized_read && bytes < 4)
        out[c] = f32((float)raw / (float)((1u << t->bits) - 1));
      else
        out[c] = raw;
      break;
    }
  }
}

unsigned isa_tex_cube_face(float x, float y, float z, float *s, float *t)
{
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
  unsigned face;
  float m, sc, tc;
  if (ax >= ay && ax >= az) {
    face = x >= 0 ? 0 : 1;
    m = ax, sc = x >= 0 ? -z : z, tc = -y;
  } else if (ay >= az) {
    face = y >= 0 ? 2 : 3;
    m = ay, sc = x, tc = y >= 0 ? z : -z;
  } else {
    face = z >= 0 ? 4 : 5;
    m = az, sc = z >= 0 ? x : -x, tc = -y;
  }
  if (!(m > 0)) { /* zero or NaN direction */
    *s = *t = 0.5f;
    return 0;
  }
  *s = (sc / m + 1.0f) * 0.5f;
  *t = (tc / m + 1.0f) * 0.5f;
  return face;
}

/* ---- sampling ---------------------------------------------------------------- */

/* Where a fetch lands, dimension by dimension. */
typedef struct tex_taps {
  unsigned dims;        /* filtered dimensions: 1, 2 or 3 */
  int64_t i0[3];        /* first tap */
  uint32_t a[3];        /* weight of the second tap, 0..256 */
  uint32_t n[3];        /* size along each dimension */
  uint8_t mode[3];      /* addressing mode along each dimension */
  uint32_t slice;       /* layer or cube face (not 3-D) */
} tex_taps;

static unsigned kind_dims(unsigned kind)
{
  switch (kind) {
  case ISA_TEX_LINEAR:
  case ISA_TEX_1D:
  case ISA_TEX_1D_LAYERED: return 1;
  case ISA_TEX_3D: return 3;
  default: return 2;
  }
}

/* Computes the taps of level lv for the coordinates; linear selects
 * linear filtering. */
static void locate(const isa_tex_object *t, const isa_tex_level *lv, const isa_tex_coords *c,
                   bool linear, tex_taps *tp)
{
  unsigned kind = t->kind;
  tp->dims = kind_dims(kind);
  tp->n[0] = lv->w, tp->n[1] = lv->h, tp->n[2] = lv->d;
  tp->slice = 0;
  float u[3] = {c->f[0], c->f[1], c->f[2]};
  bool normalized = t->normalized_coords;
  for (unsigned d = 0; d < 3; d++) {
    tp->mode[d] = t->addr[d];
    /* Wrap and mirror need normalised coordinates; CUDA GPUs clamp
     * unnormalised ones instead. */
    if (!normalized && (tp->mode[d] == ISA_TEX_WRAP || tp->mode[d] == ISA_TEX_MIRROR))
      tp->mode[d] = ISA_TEX_CLAMP;
  }
  if (kind == ISA_TEX_CUBE || kind == ISA_TEX_CUBE_LAYERED) {
    /* Faces are sampled with clamp-to-edge; filtering does not cross to
     * the neighbouring face (CUDA's seamlessCubemap is not modelled). */
    tp->slice = isa_tex_cube_face(c->f[0], c->f[1], c->f[2], &u[0], &u[1]);
    if (kind == ISA_TEX_CUBE_LAYERED) {
      uint32_t n_cubes = t->layers / 6 ? t->layers / 6 : 1;
      tp->slice += 6 * (c->layer < n_cubes ? c->layer : n_cubes - 1);
    }
    normalized = true;
    tp->mode[0] = tp->mode[1] = ISA_TEX_CLAMP;
  } else if (kind == ISA_TEX_1D_LAYERED || kind == ISA_TEX_2D_LAYERED) {
    uint32_t n = t->layers ? t->layers : 1;
    tp->slice = c->layer < n ? c->layer : n - 1;
  }
  for (unsigned d = 0; d < tp->dims; d++) {
    tp->a[d] = 0;
    if (c->is_int) {
      tp->i0[d] = (int64_t)c->i[d] + c->offset[d];
      continue;
    }
    float x = normalized ? u[d] * (float)tp->n[d] : u[d];
    x += (float)c->offset[d];
    if (linear) {
      x -= 0.5f;
      float fl = floorf(x);
      tp->i0[d] = isa_tex_floor(x);
      tp->a[d] = isnan(x) ? 0 : isa_tex_weight(x - fl);
    } else
      tp->i0[d] = isa_tex_floor(x);
  }
}

/* The texel at tap (bits of which: second tap along dimension d) or the
 * border colour. */
static void tap_value(const isa_tex_object *t, const uint8_t *base, const isa_tex_level *lv,
                      const tex_taps *tp, unsigned which, uint32_t out[4])
{
  int32_t idx[3] = {0, 0, 0};
  for (unsigned d = 0; d < tp->dims; d++) {
    idx[d] = isa_tex_address(tp->i0[d] + ((which >> d) & 1), tp->n[d], tp->mode[d]);
    if (idx[d] < 0) {
      /* Float reads return the colour; integer reads its bits. */
      for (unsigned k = 0; k < 4; k++)
        out[k] = isa_f32_bits(t->border[k]);
      return;
    }
  }
  uint64_t s = tp->dims == 3 ? (uint64_t)idx[2] : tp->slice;
  const uint8_t *p = base + s * lv->slice + (uint64_t)idx[1] * lv->pitch +
                     (uint64_t)idx[0] * isa_tex_texel_bytes(t);
  isa_tex_decode(t, p, out);
}

/* One level, filtered; acc receives the value scaled to weight 1 as
 * double (float reads) and raw integers in out (integer reads). */
static void sample_level(const isa_tex_object *t, const uint8_t *base, const isa_tex_level *lv,
                         const isa_tex_coords *c, double acc[4], uint32_t raw[4])
{
  bool linear = t->filter == ISA_TEX_LINEAR_FILTER && !c->is_int && isa_tex_returns_float(t);
  tex_taps tp;
  locate(t, lv, c, linear, &tp);
  if (!linear) {
    tap_value(t, base, lv, &tp, 0, raw);
    for (unsigned k = 0; k < 4; k++)
      acc[k] = isa_f32_from_bits(raw[k]);
    return;
  }
  for (unsigned k = 0; k < 4; k++)
    acc[k] = 0;
  for (unsigned which = 0; which < (1u << tp.dims); which++) {
    double w = 1;
    for (unsigned d = 0; d < tp.dims; d++)
      w *= ((which >> d) & 1 ? tp.a[d] : 256 - tp.a[d]) / 256.0;
    if (w == 0)
      continue;
    uint32_t v[4];
    tap_value(t, base, lv, &tp, which, v);
    for (unsigned k = 0; k < 4; k++)
      acc[k] += w * isa_f32_from_bits(v[k]);
  }
  for (unsigned k = 0; k < 4; k++)
    raw[k] = isa_f32_bits((float)acc[k]);
}

/* The length of a gradient in texels of level 0. */
static double grad_len(const isa_tex_object *t, const float *g, const isa_tex_coords *c)
{
  const isa_tex_level *lv = &t->level[0];
  double n[3] = {lv->w, lv->h, lv->d};
  unsigned dims = kind_dims(t->kind);
  double scale[3] = {1, 1, 1};
  if (t->kind == ISA_TEX_CUBE || t->kind == ISA_TEX_CUBE_LAYERED) {
    /* Face coordinates are minor / |major| / 2: approximate their
     * derivative by the direction's derivative over 2|major|. */
    double m = fmax(fabs(c->f[0]), fmax(fabs(c->f[1]), fabs(c->f[2])));
    double k = m > 0 ? n[0] / (2 * m) : 0;
    return k * sqrt((double)g[0] * g[0] + (double)g[1] * g[1] + (double)g[2] * g[2]);
  }
  if (t->normalized_coords)
    for (unsigned d = 0; d < 3; d++)
      scale[d] = n[d];
  double s = 0;
  for (unsigned d = 0; d < dims; d++)
    s += (g[d] * scale[d]) * (g[d] * scale[d]);
  return sqrt(s);
}

void isa_tex_select_level(const isa_tex_object *t, const isa_tex_coords *c, uint32_t *l0,
                          uint32_t *l1, uint32_t *w1)
{
  *l0 = *l1 = 0;
  *w1 = 0;
  if (t->n_levels <= 1 || c->lod_mode == ISA_TEX_LOD_BASE)
    return;
  double lam;
  switch (c->lod_mode) {
  case ISA_TEX_LOD_LEVEL: lam = (double)c->lod + t->lod_bias; break;
  case ISA_TEX_LOD_GRAD: {
    double rho = fmax(grad_len(t, c->ddx, c), grad_len(t, c->ddy, c));
    lam = (rho > 0 ? log2(rho) : -INFINITY) + t->lod_bias;
    break;
  }
  default: lam = t->lod_bias; break;
  }
  if (isnan(lam))
    lam = 0;
  if (lam < t->min_lod)
    lam = t->min_lod;
  if (lam > t->max_lod)
    lam = t->max_lod;
  double top = t->n_levels - 1;
  if (lam < 0)
    lam = 0;
  if (lam > top)
    lam = top;
  if (t->mip_filter != ISA_TEX_LINEAR_FILTER || !isa_tex_returns_float(t)) {
    /* Nearest level: round half up. */
    *l0 = *l1 = (uint32_t)floor(lam + 0.5);
    if (*l0 > top)
      *l0 = *l1 = (uint32_t)top;
    return;
  }
  double fl = floor(lam);
  *l0 = (uint32_t)fl;
  *w1 = isa_tex_weight((float)(lam - fl));
  *l1 = *l0 + 1 <= top ? *l0 + 1 : *l0;
  if (*l1 == *l0)
    *w1 = 0;
}

void isa_tex_sample(const isa_tex_object *t, const uint8_t *const *host,
                    const isa_tex_coords *c, uint32_t out[4])
{
  if (t->kind == ISA_TEX_LINEAR) {
    /* tex1Dfetch: no filtering or addressing; outside reads zeros. */
    int64_t i = c->is_int ? (int64_t)c->i[0] + c->offset[0]
                          : isa_tex_floor(c->f[0] + (float)c->offset[0]);
    if (i < 0 || i >= t->level[0].w) {
      out[0] = out[1] = out[2] = out[3] = 0;
      return;
    }
    isa_tex_decode(t, host[0] + (uint64_t)i * isa_tex_texel_bytes(t), out);
    return;
  }
  uint32_t l0, l1, w1;
  isa_tex_select_level(t, c, &l0, &l1, &w1);
  double a[4];
  sample_level(t, host[l0], &t->level[l0], c, a, out);
  if (w1 == 0)
    return;
  double b[4];
  uint32_t rb[4];
  sample_level(t, host[l1], &t->level[l1], c, b, rb);
  for (unsigned k = 0; k < 4; k++)
    out[k] = isa_f32_bits((float)((a[k] * (256 - w1) + b[k] * w1) / 256.0));
}

bool isa_tex_is_point_2d(const isa_tex_object *t, unsigned dims, bool is_int)
{
  if (t->kind == ISA_TEX_LINEAR)
    return dims == 1;
  if (t->kind != (dims == 1 ? ISA_TEX_1D : ISA_TEX_2D) || t->n_levels > 1)
    return false;
  return t->filter != ISA_TEX_LINEAR_FILTER || is_int || !isa_tex_returns_float(t);
}

/* locate() and tap_value() of the cases isa_tex_is_point_2d admits: one
 * level, no layer, no offset (x + 0.0f floors as x does), one tap. */
void isa_tex_point_2d(const isa_tex_object *t, const uint8_t *base, uint32_t x, uint32_t y,
                      bool is_int, uint32_t out[4])
{
  const isa_tex_level *lv = &t->level[0];
  if (t->kind == ISA_TEX_LINEAR) {
    int64_t i = is_int ? (int64_t)(int32_t)x : isa_tex_floor(isa_f32_from_bits(x));
    if (i < 0 || i >= lv->w) {
      out[0] = out[1] = out[2] = out[3] = 0;
      return;
    }
    isa_tex_decode(t, base + (uint64_t)i * isa_tex_texel_bytes(t), out);
    return;
  }
  unsigned dims = t->kind == ISA_TEX_1D ? 1 : 2;
  const uint32_t c[2] = {x, y}, n[2] = {lv->w, lv->h};
  int32_t idx[2] = {0, 0};
  for (unsigned d = 0; d < dims; d++) {
    unsigned mode = t->addr[d];
    if (!t->normalized_coords && (mode == ISA_TEX_WRAP || mode == ISA_TEX_MIRROR))
      mode = ISA_TEX_CLAMP;
    int64_t i0;
    if (is_int)
      i0 = (int32_t)c[d];
    else {
      float u = isa_f32_from_bits(c[d]);
      i0 = isa_tex_floor(t->normalized_coords ? u * (float)n[d] : u);
    }
    idx[d] = isa_tex_address(i0, n[d], mode);
    if (idx[d] < 0) {
      for (unsigned k = 0; k < 4; k++)
        out[k] = isa_f32_bits(t->border[k]);
      return;
    }
  }
  isa_tex_decode(t, base + (uint64_t)idx[1] * lv->pitch + (uint64_t)idx[0] * isa_tex_texel_bytes(t),
                 out);
}

void isa_tex_gather(const isa_tex_object *t, const uint8_t *const *host,
                    const isa_tex_coords *c, unsigned comp, uint32_t out[4])
{
  tex_taps tp;
  locate(t, &t->level[0], c, !c->is_int, &tp);
  /* Taps: bit 0 = i1, bit 1 = j1. */
  static const unsigned order[4] = {2, 3, 1, 0}; /* (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
  for (unsigned k = 0; k < 4; k++) {
    uint32_t v[4];
    tap_value(t, host[0], &t->level[0], &tp, order[k], v);
    out[k] = v[comp & 3];
  }
}

/* ---- surfaces ---------------------------------------------------------------- */

static int32_t clamp_i(int64_t v, int64_t lo, int64_t hi)
{
  return (int32_t)(v < lo ? lo : v > hi ? hi : v);
}

int isa_surf_locate(const isa_tex_object *t, int32_t xb, int32_t y, int32_t z, uint32_t layer,
                    unsigned size, unsigned mode, uint64_t *off)
{
  const isa_tex_level *lv = &t->level[0];
  uint64_t row = (uint64_t)lv->w * isa_tex_texel_bytes(t);
  unsigned dims = kind_dims(t->kind);
  bool layered = t->kind == ISA_TEX_1D_LAYERED || t->kind == ISA_TEX_2D_LAYERED ||
                 t->kind == ISA_TEX_CUBE || t->kind == ISA_TEX_CUBE_LAYERED;
  uint32_t n_layers = layered ? (t->layers ? t->layers : 1) : 1;
  if (dims < 2)
    y = 0;
  if (dims < 3)
    z = 0;
  if (!layered)
    layer = 0;
  if ((uint32_t)xb & (size - 1))
    return ISA_SURF_MISALIGNED;
  bool out = xb < 0 || (uint64_t)xb + size > row || y < 0 || (uint32_t)y >= lv->h || z < 0 ||
             (uint32_t)z >= lv->d || layer >= n_layers;
  if (out) {
    if (mode != ISA_SURF_CLAMP || size > row)
      return ISA_SURF_OUT;
    xb = clamp_i(xb, 0, (int64_t)((row - size) & ~(uint64_t)(size - 1)));
    y = clamp_i(y, 0, (int64_t)lv->h - 1);
    z = clamp_i(z, 0, (int64_t)lv->d - 1);
    if (layer >= n_layers)
      layer = n_layers - 1;
  }
  uint64_t s = dims == 3 ? (uint64_t)z : layer;
  *off = s * lv->slice + (uint64_t)y * lv->pitch + (uint64_t)xb;
  return 0;
}
