/* ptxsim_tex.c -- texture and surface objects of the public interface
 * (ptxsim.h): validates a ptxsim_texture_desc, turns it into the
 * isa_tex_object the executor samples (isa/tex_sample.h) and keeps it in
 * the device's table.  Every refusal says which field is wrong and why.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/simt_mem.h"
#include "isa/tex_sample.h"
#include "ptxsim.h"
#include "src/ptxsim_api_int.h"

_Static_assert(PTXSIM_TEX_LINEAR == (int)ISA_TEX_LINEAR && PTXSIM_TEX_1D == (int)ISA_TEX_1D &&
                   PTXSIM_TEX_2D == (int)ISA_TEX_2D && PTXSIM_TEX_3D == (int)ISA_TEX_3D &&
                   PTXSIM_TEX_1D_LAYERED == (int)ISA_TEX_1D_LAYERED &&
                   PTXSIM_TEX_2D_LAYERED == (int)ISA_TEX_2D_LAYERED &&
                   PTXSIM_TEX_CUBEMAP == (int)ISA_TEX_CUBE &&
                   PTXSIM_TEX_CUBEMAP_LAYERED == (int)ISA_TEX_CUBE_LAYERED,
               "public and internal texture kinds differ");
_Static_assert(PTXSIM_CHANNEL_UNSIGNED == (int)ISA_TEX_UNSIGNED &&
                   PTXSIM_CHANNEL_SIGNED == (int)ISA_TEX_SIGNED &&
                   PTXSIM_CHANNEL_FLOAT == (int)ISA_TEX_FLOAT,
               "public and internal channel kinds differ");
_Static_assert(PTXSIM_ADDRESS_WRAP == (int)ISA_TEX_WRAP &&
                   PTXSIM_ADDRESS_CLAMP == (int)ISA_TEX_CLAMP &&
                   PTXSIM_ADDRESS_MIRROR == (int)ISA_TEX_MIRROR &&
                   PTXSIM_ADDRESS_BORDER == (int)ISA_TEX_BORDER,
               "public and internal address modes differ");
_Static_assert(PTXSIM_FILTER_POINT == (int)ISA_TEX_POINT &&
                   PTXSIM_FILTER_LINEAR == (int)ISA_TEX_LINEAR_FILTER,
               "public and internal filter modes differ");
_Static_assert(PTXSIM_TEX_MAX_LEVELS == ISA_TEX_MAX_LEVELS, "level limits differ");

static int fail(ptxsim_device *d, const char *fn, const char *fmt, ...) PTX_PRINTF(3, 4);
static int fail(ptxsim_device *d, const char *fn, const char *fmt, ...)
{
  char msg[512];
  int n = snprintf(msg, sizeof msg, "%s: ", fn);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
  va_end(ap);
  return api_error(d, PTXSIM_E_INVALID, msg);
}

static const char *chan_name(unsigned k)
{
  return k == PTXSIM_CHANNEL_SIGNED ? "signed" : k == PTXSIM_CHANNEL_FLOAT ? "float" : "unsigned";
}

static bool has_height(unsigned kind)
{
  return kind == PTXSIM_TEX_2D || kind == PTXSIM_TEX_3D || kind == PTXSIM_TEX_2D_LAYERED ||
         kind == PTXSIM_TEX_CUBEMAP || kind == PTXSIM_TEX_CUBEMAP_LAYERED;
}

/* Size of one dimension: must fit the executor's 32-bit coordinates. */
#define MAX_DIM ((size_t)1 << 30)

/* Level k of s into o->level[k]. */
static int convert_level(ptxsim_device *d, const char *fn, const ptxsim_texture_desc *s,
                         unsigned k, isa_tex_object *o)
{
  const ptxsim_tex_level *l = &s->levels[k];
  unsigned kind = s->kind;
  size_t w = l->width, h = l->height, dep = l->depth;
  if (w == 0 || w > MAX_DIM)
    return fail(d, fn, "level %u: width %zu is not in [1, 2^30]", k, w);
  if (has_height(kind)) {
    if (h == 0 || h > MAX_DIM)
      return fail(d, fn, "level %u: height %zu is not in [1, 2^30]", k, h);
  } else if (h > 1)
    return fail(d, fn, "level %u: a %s resource has no height (got %zu; use 0 or 1)", k,
                isa_tex_kind_name(kind), h);
  else
    h = 1;
  if (kind == PTXSIM_TEX_3D) {
    if (dep == 0 || dep > MAX_DIM)
      return fail(d, fn, "level %u: depth %zu is not in [1, 2^30]", k, dep);
  } else if (dep > 1)
    return fail(d, fn,
                "level %u: a %s resource has no depth (got %zu; layers go in 'layers')", k,
                isa_tex_kind_name(kind), dep);
  else
    dep = 1;
  if ((kind == PTXSIM_TEX_CUBEMAP || kind == PTXSIM_TEX_CUBEMAP_LAYERED) && h != w)
    return fail(d, fn, "level %u: cube-map faces are square, but width %zu != height %zu", k,
                w, h);
  uint64_t tb = isa_tex_texel_bytes(o);
  uint64_t row = (uint64_t)w * tb;
  uint64_t pitch = l->row_pitch ? l->row_pitch : row;
  if (pitch < row)
    return fail(d, fn, "level %u: row_pitch %zu is less than a row (%zu texels x %" PRIu64
                " bytes = %" PRIu64 ")", k, l->row_pitch, w, tb, row);
  uint64_t n_slices = kind == PTXSIM_TEX_3D ? dep : o->layers;
  uint64_t slice = l->slice_pitch ? l->slice_pitch : pitch * h;
  if (n_slices > 1 && slice < pitch * h)
    return fail(d, fn, "level %u: slice_pitch %zu is less than a slice (%zu rows x %" PRIu64
                " bytes = %" PRIu64 ")", k, l->slice_pitch, h, pitch, pitch * h);
  uint64_t bytes = (n_slices - 1) * slice + (h - 1) * pitch + row;
  if (!l->data || !simt_mem_host(api_mem(d), l->data, bytes))
    return fail(d, fn,
                "level %u: its texels [0x%" PRIx64 ", +%" PRIu64
                ") are not inside one live device allocation",
                k, (uint64_t)l->data, bytes);
  o->level[k] = (isa_tex_level){.addr = l->data, .w = (uint32_t)w, .h = (uint32_t)h,
                                .d = (uint32_t)dep, .pitch = pitch, .slice = slice,
                                .bytes = bytes};
  return 0;
}

/* The resource and, for a texture, the sampling state. */
static int convert(ptxsim_device *d, const char *fn, const ptxsim_texture_desc *s, bool surface,
                   isa_tex_object *o)
{
  memset(o, 0, sizeof *o);
  unsigned kind = (unsigned)s->kind;
  if (kind > PTXSIM_TEX_CUBEMAP_LAYERED)
    return fail(d, fn, "unknown resource kind %u", kind);
  if (surface && kind == PTXSIM_TEX_LINEAR)
    return fail(d, fn, "a surface needs an array resource (1-D, 2-D, 3-D, layered or cube "
                "map), not linear memory");
  if (s->channels != 1 && s->channels != 2 && s->channels != 4)
    return fail(d, fn, "channels must be 1, 2 or 4 (got %u)", s->channels);
  if (s->channel_bits != 8 && s->channel_bits != 16 && s->channel_bits != 32)
    return fail(d, fn, "channel_bits must be 8, 16 or 32 (got %u)", s->channel_bits);
  if ((unsigned)s->channel_kind > PTXSIM_CHANNEL_FLOAT)
    return fail(d, fn, "unknown channel kind %u", (unsigned)s->channel_kind);
  if (s->channel_kind == PTXSIM_CHANNEL_FLOAT && s->channel_bits == 8)
    return fail(d, fn, "float channels have 16 (half) or 32 bits, not 8");
  unsigned n_levels = s->n_levels ? s->n_levels : 1;
  if (n_levels > PTXSIM_TEX_MAX_LEVELS)
    return fail(d, fn, "n_levels %u exceeds PTXSIM_TEX_MAX_LEVELS (%d)", n_levels,
                PTXSIM_TEX_MAX_LEVELS);
  if (n_levels > 1 && (surface || kind == PTXSIM_TEX_LINEAR))
    return fail(d, fn, "%s has one level (got n_levels %u)",
                surface ? "a surface (create it over one level of a mipmap)"
                        : "a linear-memory texture",
                n_levels);
  o->kind = (uint8_t)kind;
  o->n_chan = (uint8_t)s->channels;
  o->bits = (uint8_t)s->channel_bits;
  o->chan = (uint8_t)s->channel_kind;
  o->is_surface = surface;
  o->n_levels = n_levels;
  switch (kind) {
  case PTXSIM_TEX_1D_LAYERED:
  case PTXSIM_TEX_2D_LAYERED:
    if (s->layers == 0 || s->layers > MAX_DIM)
      return fail(d, fn, "a layered resource needs layers in [1, 2^30] (got %u)", s->layers);
    o->layers = s->layers;
    break;
  case PTXSIM_TEX_CUBEMAP:
    if (s->layers != 0 && s->layers != 6)
      return fail(d, fn, "a cube map has 6 faces (layers 6 or 0, got %u)", s->layers);
    o->layers = 6;
    break;
  case PTXSIM_TEX_CUBEMAP_LAYERED:
    if (s->layers == 0 || s->layers % 6 || s->layers > MAX_DIM)
      return fail(d, fn, "a layered cube map needs layers = 6 x cubes (got %u)", s->layers);
    o->layers = s->layers;
    break;
  default:
    if (s->layers > 1)
      return fail(d, fn, "a %s resource has no layers (got %u)", isa_tex_kind_name(kind),
                  s->layers);
    o->layers = 1;
    break;
  }
  for (unsigned k = 0; k < n_levels; k++) {
    int rc = convert_level(d, fn, s, k, o);
    if (rc)
      return rc;
  }
  if (surface)
    return 0;
  for (unsigned i = 0; i < 3; i++)
    if ((unsigned)s->address_mode[i] > PTXSIM_ADDRESS_BORDER)
      return fail(d, fn, "address_mode[%u]: unknown mode %u", i, (unsigned)s->address_mode[i]);
  if ((unsigned)s->filter_mode > PTXSIM_FILTER_LINEAR ||
      (unsigned)s->mip_filter_mode > PTXSIM_FILTER_LINEAR)
    return fail(d, fn, "unknown filter mode %u", (unsigned)s->filter_mode > 1
                                                      ? (unsigned)s->filter_mode
                                                      : (unsigned)s->mip_filter_mode);
  if ((unsigned)s->read_mode > PTXSIM_READ_NORMALIZED_FLOAT)
    return fail(d, fn, "unknown read mode %u", (unsigned)s->read_mode);
  bool norm = s->read_mode == PTXSIM_READ_NORMALIZED_FLOAT &&
              s->channel_kind != PTXSIM_CHANNEL_FLOAT;
  if (norm && s->channel_bits == 32)
    return fail(d, fn, "normalised-float reads need 8- or 16-bit integer channels (the "
                "format has 32-bit %s channels)", chan_name(s->channel_kind));
  o->normalized_read = norm;
  if (s->filter_mode == PTXSIM_FILTER_LINEAR && kind != PTXSIM_TEX_LINEAR &&
      !isa_tex_returns_float(o))
    return fail(d, fn, "linear filtering needs float texels or normalised-float reads (the "
                "format has %u-bit %s channels read as integers)",
                s->channel_bits, chan_name(s->channel_kind));
  if (n_levels > 1 && (isnan(s->min_lod) || isnan(s->max_lod) || s->min_lod > s->max_lod))
    return fail(d, fn, "min_lod %g must not exceed max_lod %g", (double)s->min_lod,
                (double)s->max_lod);
  if (isnan(s->lod_bias))
    return fail(d, fn, "lod_bias is NaN");
  o->normalized_coords = s->normalized_coords != 0;
  for (unsigned i = 0; i < 3; i++)
    o->addr[i] = (uint8_t)s->address_mode[i];
  o->filter = (uint8_t)s->filter_mode;
  o->mip_filter = (uint8_t)s->mip_filter_mode;
  memcpy(o->border, s->border_color, sizeof o->border);
  o->min_lod = s->min_lod;
  o->max_lod = s->max_lod;
  o->lod_bias = s->lod_bias;
  return 0;
}

static int create(ptxsim_device *d, const ptxsim_texture_desc *desc, uint64_t *handle,
                  bool surface)
{
  const char *fn = surface ? "ptxsim_surface_create" : "ptxsim_texture_create";
  if (!d)
    return PTXSIM_E_INVALID;
  api_clear_error(d);
  if (!desc || !handle)
    return fail(d, fn, "desc and handle must not be NULL");
  isa_tex_object o;
  int rc = convert(d, fn, desc, surface, &o);
  if (rc)
    return rc;
  if (isa_tex_table_add(api_tex(d), &o, handle))
    return api_error(d, PTXSIM_E_NOMEM, "out of memory");
  return PTXSIM_OK;
}

static int destroy(ptxsim_device *d, uint64_t handle, bool surface)
{
  const char *fn = surface ? "ptxsim_surface_destroy" : "ptxsim_texture_destroy";
  if (!d)
    return PTXSIM_E_INVALID;
  api_clear_error(d);
  isa_tex_object *t = isa_tex_table_get(api_tex(d), handle);
  if (!t || !t->is_live || t->is_surface != surface)
    return fail(d, fn, "0x%" PRIx64 " is not a live %s object of this device%s", handle,
                surface ? "surface" : "texture",
                !t              ? ""
                : !t->is_live   ? " (it was destroyed already)"
                : t->is_surface ? " (it is a surface object)"
                                : " (it is a texture object)");
  t->is_live = false;
  return PTXSIM_OK;
}

int ptxsim_texture_create(ptxsim_device *d, const ptxsim_texture_desc *desc, uint64_t *handle)
{
  return create(d, desc, handle, false);
}

int ptxsim_texture_destroy(ptxsim_device *d, uint64_t handle)
{
  return destroy(d, handle, false);
}

int ptxsim_surface_create(ptxsim_device *d, const ptxsim_texture_desc *desc, uint64_t *handle)
{
  return create(d, desc, handle, true);
}

int ptxsim_surface_destroy(ptxsim_device *d, uint64_t handle)
{
  return destroy(d, handle, true);
}
