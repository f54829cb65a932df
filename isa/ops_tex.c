/* ops_tex.c -- texture and surface instructions (PTX ISA 9.0 §9.7.10):
 * tex (.base .level .grad), tld4, txq, istypep, suld.b, sust.b, suq.
 *
 * Unified texture mode only: the texture or surface is a 64-bit handle in
 * a register, naming an object of the device's table (tex_sample.h) that
 * the host created through ptxsim_texture_create / ptxsim_surface_create.
 * The binder turns the operands into a tex_insn (slots of the handle, the
 * coordinates, lod or gradients, offsets and data); the exec functions
 * resolve each lane's handle (checking that it names a live object of the
 * right kind and geometry, and that its memory is live), then call the
 * pure arithmetic of tex_sample.c.  Every failure is a fault naming the
 * handle, reported with the instruction's location, kernel, block and
 * thread; nothing here can crash on a bad handle.
 *
 * Result registers: tex writes the four 32-bit channel words the texture
 * unit produces (f32 bits for float and normalised reads, integers
 * otherwise) whatever the destination type says, .s32 sign-extended; .f16
 * destinations get each value rounded to f16 (integers converted).
 *
 * Refused at load (the binder returns NULL, and the decoder names the
 * instruction): .texref/.surfref variables and independent mode (in the
 * decoder), multi-sample geometries (.2dms, .a2dms), depth compare,
 * formatted surface access (suld.p, sust.p) and sured.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/fp_cvt.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"
#include "isa/simt.h"
#include "isa/tex_sample.h"

/* Instruction geometries. */
typedef enum tex_geom { G_1D, G_2D, G_3D, G_A1D, G_A2D, G_CUBE, G_ACUBE, G_COUNT } tex_geom;

static const char *const geom_names[G_COUNT] = {"1d", "2d", "3d", "a1d", "a2d", "cube", "acube"};
/* Coordinate elements each geometry reads (array index first). */
static const uint8_t geom_elems[G_COUNT] = {1, 2, 3, 2, 3, 3, 4};

/* Destination formats of tex and tld4. */
enum { D_B32, D_S32, D_F16, D_F16X2 };

/* What the binder decoded (in->ext). */
typedef struct tex_insn {
  uint8_t geom;           /* tex_geom */
  uint8_t lod_mode;       /* isa_tex_lod */
  uint8_t dkind;          /* D_* (tex, tld4) */
  uint8_t comp;           /* tld4 component */
  uint8_t surf_mode;      /* isa_surf_mode */
  uint8_t esize;          /* suld/sust element bytes */
  uint8_t query;          /* txq/suq: Q_* */
  bool int_coords;        /* .s32 coordinates */
  bool has_offset;
  bool has_level;         /* txq.level */
  uint32_t handle;        /* slot */
  uint32_t coord[4];      /* slots */
  uint32_t lod;           /* slot: tex.level lod, txq.level level */
  uint32_t ddx[3], ddy[3];
  uint32_t n_grad;        /* gradient elements */
  uint32_t offset[3];
  uint32_t n_data;
  uint32_t data[4];       /* tex/tld4/suld destinations, sust sources */
  uint32_t pred;          /* tex d|p: predicate index, ISA_NONE */
} tex_insn;

/* ---- binding ------------------------------------------------------------- */

static int geom_of(const isa_insn *in)
{
  static const struct { ptx_mod mod; tex_geom g; } map[] = {
    {PTX_MOD_M1D, G_1D}, {PTX_MOD_M2D, G_2D}, {PTX_MOD_M3D, G_3D}, {PTX_MOD_A1D, G_A1D},
    {PTX_MOD_A2D, G_A2D}, {PTX_MOD_CUBE, G_CUBE}, {PTX_MOD_ACUBE, G_ACUBE}};
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (isa_has(in, map[i].mod))
      return map[i].g;
  return -1;
}

/* Slots of element e of operand k (vector, or a scalar's own slot). */
static uint32_t elem_slot(const isa_insn *in, unsigned k, unsigned e)
{
  const uint32_t *vs = in->ext;
  const ptx_operand *o = &in->ir->opnds[k];
  if (o->kind == PTX_OPND_VEC || o->kind == PTX_OPND_TEX || o->kind == PTX_OPND_PAIR)
    return vs ? vs[k * 8 + e] : in->v[e];
  return in->o[k];
}

/* Elements of operand k: a vector's length, 1 for a scalar. */
static uint32_t n_elems(const isa_insn *in, unsigned k)
{
  const ptx_operand *o = &in->ir->opnds[k];
  if (o->kind == PTX_OPND_VEC)
    return o->n;
  if (o->kind == PTX_OPND_PAIR)
    return o->u.list[0].kind == PTX_OPND_VEC ? o->u.list[0].n : 1;
  if (o->kind == PTX_OPND_TEX) {
    const ptx_operand *c = &o->u.list[o->n - 1];
    return c->kind == PTX_OPND_VEC ? c->n : 1;
  }
  return 1;
}

/* Replaces the decoder's slot table in ext by ti (owned by the insn). */
static isa_exec_fn install(isa_insn *in, tex_insn *ti, isa_exec_fn fn)
{
  if (!fn) {
    free(ti);
    return NULL;
  }
  if (in->owns_ext)
    free((void *)in->ext);
  in->ext = ti;
  in->owns_ext = true;
  return fn;
}

/* The texture operand at k: its handle and coordinates. */
static bool bind_coords(isa_insn *in, tex_insn *ti, unsigned k)
{
  if (k >= in->n_o || in->ir->opnds[k].kind != PTX_OPND_TEX)
    return false;
  uint32_t n = n_elems(in, k);
  if (n < geom_elems[ti->geom] || n > 4)
    return false;
  ti->handle = in->o[k];
  for (unsigned e = 0; e < geom_elems[ti->geom]; e++)
    ti->coord[e] = elem_slot(in, k, e);
  return true;
}

/* Destination vector of tex/tld4/suld at operand 0. */
static bool bind_dest(isa_insn *in, tex_insn *ti, uint32_t want)
{
  const ptx_operand *o = &in->ir->opnds[0];
  ti->pred = o->kind == PTX_OPND_PAIR ? in->pd : ISA_NONE;
  ti->n_data = n_elems(in, 0);
  if (ti->n_data != want)
    return false;
  for (unsigned e = 0; e < ti->n_data; e++)
    ti->data[e] = elem_slot(in, 0, e);
  return true;
}

static void exec_tex(simt_warp *w, const isa_insn *in, uint32_t mask);
static void exec_tld4(simt_warp *w, const isa_insn *in, uint32_t mask);

static isa_exec_fn bind_tex_common(isa_insn *in, bool is_tld4)
{
  tex_insn *ti = calloc(1, sizeof *ti);
  if (!ti)
    return NULL;
  int g = geom_of(in);
  if (g < 0)
    return install(in, ti, NULL);
  ti->geom = (uint8_t)g;
  switch (in->type) {
  case PTX_TYPE_F32:
  case PTX_TYPE_U32: ti->dkind = D_B32; break;
  case PTX_TYPE_S32: ti->dkind = D_S32; break;
  case PTX_TYPE_F16: ti->dkind = D_F16; break;
  case PTX_TYPE_F16X2: ti->dkind = D_F16X2; break;
  default: return install(in, ti, NULL);
  }
  if (in->type2 != PTX_TYPE_S32 && in->type2 != PTX_TYPE_F32)
    return install(in, ti, NULL);
  ti->int_coords = in->type2 == PTX_TYPE_S32;
  if (ti->int_coords && (g == G_CUBE || g == G_ACUBE))
    return install(in, ti, NULL);
  if (!bind_coords(in, ti, 1) || !bind_dest(in, ti, ti->dkind == D_F16X2 ? 2 : 4))
    return install(in, ti, NULL);
  unsigned k = 2; /* next operand */
  if (is_tld4) {
    if (g != G_2D && g != G_A2D)
      return install(in, ti, NULL);
    ti->comp = isa_has(in, PTX_MOD_G) ? 1 : isa_has(in, PTX_MOD_B) ? 2 : isa_has(in, PTX_MOD_A) ? 3 : 0;
  } else if (isa_has(in, PTX_MOD_LEVEL)) {
    if (k >= in->n_o || in->ir->opnds[k].kind == PTX_OPND_VEC)
      return install(in, ti, NULL);
    ti->lod_mode = ISA_TEX_LOD_LEVEL;
    ti->lod = in->o[k++];
  } else if (isa_has(in, PTX_MOD_GRAD)) {
    if (k + 1 >= in->n_o)
      return install(in, ti, NULL);
    ti->lod_mode = ISA_TEX_LOD_GRAD;
    ti->n_grad = n_elems(in, k) < n_elems(in, k + 1) ? n_elems(in, k) : n_elems(in, k + 1);
    if (ti->n_grad > 3)
      ti->n_grad = 3;
    for (unsigned e = 0; e < ti->n_grad; e++) {
      ti->ddx[e] = elem_slot(in, k, e);
      ti->ddy[e] = elem_slot(in, k + 1, e);
    }
    k += 2;
  } else
    ti->lod_mode = isa_has(in, PTX_MOD_BASE) ? ISA_TEX_LOD_BASE : ISA_TEX_LOD_IMPLICIT;
  if (k < in->n_o && in->ir->opnds[k].kind == PTX_OPND_VEC) {
    if (g == G_CUBE || g == G_ACUBE)
      return install(in, ti, NULL);
    ti->has_offset = true;
    uint32_t n = n_elems(in, k);
    for (unsigned e = 0; e < 3; e++)
      ti->offset[e] = e < n ? elem_slot(in, k, e) : ISA_NONE;
    k++;
  }
  if (k < in->n_o) /* depth compare */
    return install(in, ti, NULL);
  return install(in, ti, is_tld4 ? exec_tld4 : exec_tex);
}

isa_exec_fn isa_bind_tex(isa_insn *in)
{
  return bind_tex_common(in, false);
}

isa_exec_fn isa_bind_tld4(isa_insn *in)
{
  return bind_tex_common(in, true);
}

static void exec_suld(simt_warp *w, const isa_insn *in, uint32_t mask);
static void exec_sust(simt_warp *w, const isa_insn *in, uint32_t mask);

/* suld.b / sust.b */
isa_exec_fn isa_bind_surf(isa_insn *in)
{
  tex_insn *ti = calloc(1, sizeof *ti);
  if (!ti)
    return NULL;
  int g = geom_of(in);
  if (g < 0 || g == G_CUBE || g == G_ACUBE || !isa_has(in, PTX_MOD_B))
    return install(in, ti, NULL);
  ti->geom = (uint8_t)g;
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return install(in, ti, NULL);
  ti->esize = (uint8_t)(bits / 8);
  ti->surf_mode = isa_has(in, PTX_MOD_ZERO)    ? ISA_SURF_ZERO
                  : isa_has(in, PTX_MOD_CLAMP) ? ISA_SURF_CLAMP
                                               : ISA_SURF_TRAP;
  bool is_load = in->op == PTX_OP_SULD;
  unsigned tk = is_load ? 1 : 0, dk = is_load ? 0 : 1;
  if (in->n_o != 2 || !bind_coords(in, ti, tk))
    return install(in, ti, NULL);
  uint32_t vec = in->ir->form->vec ? in->ir->form->vec : 1;
  ti->n_data = n_elems(in, dk);
  if (ti->n_data != vec || ti->n_data > 4)
    return install(in, ti, NULL);
  for (unsigned e = 0; e < ti->n_data; e++)
    ti->data[e] = elem_slot(in, dk, e);
  ti->pred = ISA_NONE;
  return install(in, ti, is_load ? exec_suld : exec_sust);
}

/* txq / suq queries. */
enum {
  Q_WIDTH, Q_HEIGHT, Q_DEPTH, Q_CHANNEL_DATA_TYPE, Q_CHANNEL_ORDER, Q_NORMALIZED_COORDS,
  Q_FILTER_MODE, Q_ADDR_MODE_0, Q_ADDR_MODE_1, Q_ADDR_MODE_2, Q_ARRAY_SIZE,
  Q_NUM_MIPMAP_LEVELS, Q_NUM_SAMPLES, Q_FORCE_UNNORMALIZED, Q_MEMORY_LAYOUT
};

static void exec_query(simt_warp *w, const isa_insn *in, uint32_t mask);

isa_exec_fn isa_bind_query(isa_insn *in)
{
  static const struct { ptx_mod mod; uint8_t q; } map[] = {
    {PTX_MOD_WIDTH, Q_WIDTH}, {PTX_MOD_HEIGHT, Q_HEIGHT}, {PTX_MOD_DEPTH, Q_DEPTH},
    {PTX_MOD_CHANNEL_DATA_TYPE, Q_CHANNEL_DATA_TYPE}, {PTX_MOD_CHANNEL_ORDER, Q_CHANNEL_ORDER},
    {PTX_MOD_NORMALIZED_COORDS, Q_NORMALIZED_COORDS}, {PTX_MOD_FILTER_MODE, Q_FILTER_MODE},
    {PTX_MOD_ADDR_MODE_0, Q_ADDR_MODE_0}, {PTX_MOD_ADDR_MODE_1, Q_ADDR_MODE_1},
    {PTX_MOD_ADDR_MODE_2, Q_ADDR_MODE_2}, {PTX_MOD_ARRAY_SIZE, Q_ARRAY_SIZE},
    {PTX_MOD_NUM_MIPMAP_LEVELS, Q_NUM_MIPMAP_LEVELS}, {PTX_MOD_NUM_SAMPLES, Q_NUM_SAMPLES},
    {PTX_MOD_FORCE_UNNORMALIZED_COORDS, Q_FORCE_UNNORMALIZED},
    {PTX_MOD_MEMORY_LAYOUT, Q_MEMORY_LAYOUT}};
  tex_insn *ti = calloc(1, sizeof *ti);
  if (!ti)
    return NULL;
  size_t i = 0;
  while (i < sizeof map / sizeof map[0] && !isa_has(in, map[i].mod))
    i++;
  const ptx_operand *h = in->n_o > 1 ? &in->ir->opnds[1] : NULL;
  if (i == sizeof map / sizeof map[0] || !h || h->kind != PTX_OPND_ADDR || !h->u.addr.base ||
      h->u.addr.base->kind != PTX_OPND_REG || h->u.addr.offset != 0)
    return install(in, ti, NULL);
  ti->query = map[i].q;
  ti->handle = in->o[1];
  ti->data[0] = in->o[0];
  ti->has_level = in->op == PTX_OP_TXQ && isa_has(in, PTX_MOD_LEVEL);
  if (ti->has_level) {
    if (in->n_o < 3 || ti->query > Q_DEPTH)
      return install(in, ti, NULL);
    ti->lod = in->o[2];
  }
  ti->pred = ISA_NONE;
  return install(in, ti, exec_query);
}

static void exec_istypep(simt_warp *w, const isa_insn *in, uint32_t mask);

isa_exec_fn isa_bind_istypep(isa_insn *in)
{
  if (in->n_o != 2 || in->ir->opnds[1].kind != PTX_OPND_REG)
    return NULL;
  return in->type == PTX_TYPE_TEXREF || in->type == PTX_TYPE_SAMPLERREF ||
                 in->type == PTX_TYPE_SURFREF
             ? exec_istypep
             : NULL;
}

/* ---- handles -------------------------------------------------------------- */

/* A lane's object, with its levels' host addresses (cached for the next
 * lanes of the warp instruction, which mostly share the handle). */
typedef struct obj_view {
  uint64_t handle;
  const isa_tex_object *t;
  const uint8_t *host[ISA_TEX_MAX_LEVELS];
} obj_view;

static bool geom_fits(unsigned geom, unsigned kind, bool is_surface)
{
  switch (geom) {
  case G_1D: return kind == ISA_TEX_1D || (kind == ISA_TEX_LINEAR && !is_surface);
  case G_2D: return kind == ISA_TEX_2D;
  case G_3D: return kind == ISA_TEX_3D;
  case G_A1D: return kind == ISA_TEX_1D_LAYERED;
  case G_A2D:
    return kind == ISA_TEX_2D_LAYERED ||
           (is_surface && (kind == ISA_TEX_CUBE || kind == ISA_TEX_CUBE_LAYERED));
  case G_CUBE: return kind == ISA_TEX_CUBE;
  case G_ACUBE: return kind == ISA_TEX_CUBE_LAYERED;
  default: return false;
  }
}

static void tex_fault(simt_warp *w, const isa_insn *in, uint32_t lane, const char *fmt, ...)
    PTX_PRINTF(4, 5);
static void tex_fault(simt_warp *w, const isa_insn *in, uint32_t lane, const char *fmt, ...)
{
  char msg[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  simt_fault_at(w, in, lane, SIMT_FAULT_OTHER, 0, 0, 0, false, msg);
}

/* Resolves handle h of a lane; false after recording a fault.  geom < 0:
 * any geometry (queries); need_mem: resolve the memory too. */
static bool view_of(simt_warp *w, const isa_insn *in, uint32_t lane, uint64_t h, bool surface,
                    int geom, bool need_mem, obj_view *v)
{
  if (v->t && v->handle == h)
    return true;
  const char *what = surface ? "surface" : "texture";
  const isa_tex_object *t = isa_tex_table_get(w->launch->tex, h);
  if (!t) {
    tex_fault(w, in, lane, "handle 0x%" PRIx64 " is not a %s object of this device", h, what);
    return false;
  }
  if (!t->is_live) {
    tex_fault(w, in, lane, "%s object 0x%" PRIx64 " was destroyed", what, h);
    return false;
  }
  if (t->is_surface != surface) {
    tex_fault(w, in, lane, "handle 0x%" PRIx64 " is a %s object, not a %s object", h,
              t->is_surface ? "surface" : "texture", what);
    return false;
  }
  if (geom >= 0 && !geom_fits((unsigned)geom, t->kind, surface)) {
    tex_fault(w, in, lane, "%s object 0x%" PRIx64 " is a %s %s; .%s cannot access it", what, h,
              isa_tex_kind_name(t->kind), what, geom_names[geom]);
    return false;
  }
  for (uint32_t k = 0; need_mem && k < t->n_levels; k++) {
    const isa_tex_level *lv = &t->level[k];
    v->host[k] = simt_mem_host(w->launch->mem, lv->addr, lv->bytes);
    if (!v->host[k]) {
      tex_fault(w, in, lane,
                "the memory of %s object 0x%" PRIx64 " (level %u: [0x%" PRIx64 ", +%" PRIu64
                ")) is no longer live device memory",
                what, h, k, lv->addr, lv->bytes);
      return false;
    }
  }
  v->handle = h;
  v->t = t;
  return true;
}

/* ---- tex, tld4 ------------------------------------------------------------ */

static inline float f32_of(uint64_t v)
{
  return isa_f32_from_bits((uint32_t)v);
}

/* One lane's coordinates. */
static void lane_coords(const simt_warp *w, const tex_insn *ti, uint32_t l, isa_tex_coords *c)
{
  const uint64_t *r = w->r;
  memset(c, 0, sizeof *c);
  unsigned first = 0;
  if (ti->geom == G_A1D || ti->geom == G_A2D || ti->geom == G_ACUBE) {
    c->layer = (uint32_t)r[ti->coord[0] + l];
    first = 1;
  }
  c->is_int = ti->int_coords;
  for (unsigned e = first; e < geom_elems[ti->geom]; e++) {
    uint64_t v = r[ti->coord[e] + l];
    c->f[e - first] = f32_of(v);
    c->i[e - first] = (int32_t)(uint32_t)v;
  }
  if (ti->has_offset)
    for (unsigned e = 0; e < 3; e++)
      c->offset[e] = ti->offset[e] == ISA_NONE ? 0 : (int32_t)(uint32_t)r[ti->offset[e] + l];
  c->lod_mode = ti->lod_mode;
  if (ti->lod_mode == ISA_TEX_LOD_LEVEL)
    c->lod = f32_of(r[ti->lod + l]);
  for (unsigned e = 0; e < ti->n_grad; e++) {
    c->ddx[e] = f32_of(r[ti->ddx[e] + l]);
    c->ddy[e] = f32_of(r[ti->ddy[e] + l]);
  }
}

static uint16_t to_f16(const isa_tex_object *t, uint32_t v)
{
  if (isa_tex_returns_float(t))
    return isa_cvt_f32_to_f16(v, ISA_RN, 0);
  return isa_cvt_int_to_f16(t->chan == ISA_TEX_SIGNED ? (uint64_t)(int64_t)(int32_t)v : v,
                            t->chan == ISA_TEX_SIGNED, ISA_RN, false);
}

static void write_result(simt_warp *w, const tex_insn *ti, const isa_tex_object *t, uint32_t l,
                         const uint32_t v[4])
{
  uint64_t *r = w->r;
  switch (ti->dkind) {
  case D_S32:
    for (unsigned e = 0; e < 4; e++)
      r[ti->data[e] + l] = ISA_WR_S32(v[e]);
    break;
  case D_F16:
    for (unsigned e = 0; e < 4; e++)
      r[ti->data[e] + l] = to_f16(t, v[e]);
    break;
  case D_F16X2:
    for (unsigned e = 0; e < 2; e++)
      r[ti->data[e] + l] =
          (uint64_t)to_f16(t, v[2 * e]) | (uint64_t)to_f16(t, v[2 * e + 1]) << 16;
    break;
  default:
    for (unsigned e = 0; e < 4; e++)
      r[ti->data[e] + l] = v[e];
    break;
  }
}

static void exec_tex(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const tex_insn *ti = in->ext;
  obj_view v = {0};
  /* The common case -- a point sample of a 1-D or 2-D texture, or a
   * tex1Dfetch -- skips the general path's record and level selection
   * (isa_tex_point_2d); which case a lane takes is decided per object. */
  const unsigned dims = ti->geom == G_2D ? 2 : 1;
  const bool may_be_point = !ti->has_offset && (ti->geom == G_1D || ti->geom == G_2D);
  const isa_tex_object *point_for = NULL;
  bool is_point = false;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (!view_of(w, in, l, w->r[ti->handle + l], false, ti->geom, true, &v))
      return;
    if (v.t != point_for) {
      point_for = v.t;
      is_point = may_be_point && isa_tex_is_point_2d(v.t, dims, ti->int_coords);
    }
    uint32_t out[4];
    if (is_point)
      isa_tex_point_2d(v.t, v.host[0], (uint32_t)w->r[ti->coord[0] + l],
                       dims == 2 ? (uint32_t)w->r[ti->coord[1] + l] : 0, ti->int_coords, out);
    else {
      isa_tex_coords c;
      lane_coords(w, ti, l, &c);
      isa_tex_sample(v.t, v.host, &c, out);
    }
    write_result(w, ti, v.t, l, out);
  }
  if (ti->pred != ISA_NONE)
    simt_set_pred(w, ti->pred, mask, mask); /* every texel is resident */
}

static void exec_tld4(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const tex_insn *ti = in->ext;
  obj_view v = {0};
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (!view_of(w, in, l, w->r[ti->handle + l], false, ti->geom, true, &v))
      return;
    isa_tex_coords c;
    lane_coords(w, ti, l, &c);
    uint32_t out[4];
    isa_tex_gather(v.t, v.host, &c, ti->comp, out);
    write_result(w, ti, v.t, l, out);
  }
  if (ti->pred != ISA_NONE)
    simt_set_pred(w, ti->pred, mask, mask);
}

/* ---- suld, sust ------------------------------------------------------------ */

/* The host address of a lane's surface access, NULL for an out-of-range
 * .zero access; false after recording a fault. */
static bool surf_lane(simt_warp *w, const isa_insn *in, const tex_insn *ti, uint32_t l,
                      obj_view *v, uint8_t **p)
{
  const uint64_t *r = w->r;
  *p = NULL;
  uint64_t h = r[ti->handle + l];
  if (!view_of(w, in, l, h, true, ti->geom, true, v))
    return false;
  int32_t xyz[3] = {0, 0, 0};
  uint32_t layer = 0;
  unsigned first = 0;
  if (ti->geom == G_A1D || ti->geom == G_A2D) {
    layer = (uint32_t)r[ti->coord[0] + l];
    first = 1;
  }
  for (unsigned e = first; e < geom_elems[ti->geom]; e++)
    xyz[e - first] = (int32_t)(uint32_t)r[ti->coord[e] + l];
  unsigned size = ti->esize * ti->n_data;
  uint64_t off;
  int rc = isa_surf_locate(v->t, xyz[0], xyz[1], xyz[2], layer, size, ti->surf_mode, &off);
  if (rc == 0) {
    *p = (uint8_t *)v->host[0] + off;
    return true;
  }
  if (rc == ISA_SURF_OUT && ti->surf_mode == ISA_SURF_ZERO)
    return true;
  const isa_tex_level *lv = &v->t->level[0];
  char where[64];
  if (ti->geom == G_A1D || ti->geom == G_A2D)
    snprintf(where, sizeof where, ", layer %u", layer);
  else
    where[0] = '\0';
  tex_fault(w, in, l,
            "surface 0x%" PRIx64 ": %u-byte access at byte x %d, y %d, z %d%s %s "
            "(%" PRIu64 " bytes x %u x %u)",
            h, size, xyz[0], xyz[1], xyz[2], where,
            rc == ISA_SURF_MISALIGNED ? "is misaligned" : "is out of range",
            (uint64_t)lv->w * isa_tex_texel_bytes(v->t), lv->h, lv->d);
  return false;
}

static void exec_suld(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const tex_insn *ti = in->ext;
  obj_view v = {0};
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint8_t *p;
    if (!surf_lane(w, in, ti, l, &v, &p))
      return;
    for (unsigned e = 0; e < ti->n_data; e++) {
      uint64_t x = 0;
      if (p)
        memcpy(&x, p + e * ti->esize, ti->esize);
      w->r[ti->data[e] + l] = x;
    }
  }
}

static void exec_sust(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const tex_insn *ti = in->ext;
  obj_view v = {0};
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint8_t *p;
    if (!surf_lane(w, in, ti, l, &v, &p))
      return;
    for (unsigned e = 0; p && e < ti->n_data; e++) {
      uint64_t x = w->r[ti->data[e] + l];
      memcpy(p + e * ti->esize, &x, ti->esize);
    }
  }
}

/* ---- txq, suq, istypep ------------------------------------------------------ */

/* OpenCL 1.0 channel data types and orders (PTX ISA §5.3.3). */
static uint32_t channel_data_type(const isa_tex_object *t)
{
  bool norm = t->normalized_read && !t->is_surface;
  switch (t->chan) {
  case ISA_TEX_FLOAT: return t->bits == 16 ? 0x10DD : 0x10DE; /* HALF_FLOAT, FLOAT */
  case ISA_TEX_SIGNED:
    if (norm)
      return t->bits == 8 ? 0x10D0 : 0x10D1; /* SNORM_INT8, SNORM_INT16 */
    return t->bits == 8 ? 0x10D7 : t->bits == 16 ? 0x10D8 : 0x10D9;
  default:
    if (norm)
      return t->bits == 8 ? 0x10D2 : 0x10D3; /* UNORM_INT8, UNORM_INT16 */
    return t->bits == 8 ? 0x10DA : t->bits == 16 ? 0x10DB : 0x10DC;
  }
}

static uint32_t addr_mode_value(unsigned m)
{
  /* PTX's enumeration: wrap, mirror, clamp_ogl, clamp_to_edge,
   * clamp_to_border. */
  switch (m) {
  case ISA_TEX_WRAP: return 0;
  case ISA_TEX_MIRROR: return 1;
  case ISA_TEX_BORDER: return 4;
  default: return 3;
  }
}

static uint32_t query_value(const isa_tex_object *t, unsigned q, uint32_t level)
{
  const isa_tex_level *lv = &t->level[level < t->n_levels ? level : 0];
  switch (q) {
  case Q_WIDTH: return lv->w;
  case Q_HEIGHT: return lv->h;
  case Q_DEPTH: return lv->d;
  case Q_CHANNEL_DATA_TYPE: return channel_data_type(t);
  case Q_CHANNEL_ORDER: return t->n_chan == 1 ? 0x10B0 : t->n_chan == 2 ? 0x10B2 : 0x10B5;
  case Q_NORMALIZED_COORDS: return t->normalized_coords;
  case Q_FILTER_MODE: return t->filter == ISA_TEX_LINEAR_FILTER;
  case Q_ADDR_MODE_0: return addr_mode_value(t->addr[0]);
  case Q_ADDR_MODE_1: return addr_mode_value(t->addr[1]);
  case Q_ADDR_MODE_2: return addr_mode_value(t->addr[2]);
  case Q_ARRAY_SIZE:
    if (t->kind == ISA_TEX_1D_LAYERED || t->kind == ISA_TEX_2D_LAYERED)
      return t->layers;
    return t->kind == ISA_TEX_CUBE_LAYERED ? t->layers / 6 : 1;
  case Q_NUM_MIPMAP_LEVELS: return t->n_levels;
  case Q_NUM_SAMPLES: return 1;
  case Q_MEMORY_LAYOUT: return t->kind == ISA_TEX_LINEAR;
  default: return 0;
  }
}

static void exec_query(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const tex_insn *ti = in->ext;
  bool surface = in->op == PTX_OP_SUQ;
  obj_view v = {0};
  SIMT_FOR_EACH_LANE(mask, l)
  {
    if (!view_of(w, in, l, w->r[ti->handle + l], surface, -1, false, &v))
      return;
    uint32_t level = ti->has_level ? (uint32_t)w->r[ti->lod + l] : 0;
    w->r[ti->data[0] + l] = query_value(v.t, ti->query, level);
  }
}

static void exec_istypep(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t bits = 0;
  bool want_surface = in->type == PTX_TYPE_SURFREF;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    const isa_tex_object *t = isa_tex_table_get(w->launch->tex, w->r[in->o[1] + l]);
    if (t && t->is_live && t->is_surface == want_surface)
      bits |= UINT32_C(1) << l;
  }
  simt_set_pred(w, in->o[0], mask, bits);
}
