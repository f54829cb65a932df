/* tex_sample.h -- texture and surface objects and the arithmetic of
 * sampling them: addressing modes, point and linear filtering with the
 * texture unit's 9-bit weights, texel formats and read modes, cube-map face
 * selection, level-of-detail selection, surface coordinates.
 *
 * A texture or surface object (isa_tex_object) is what a 64-bit handle in
 * a PTX register names (unified texture mode): a resource (texels in device
 * memory, their format and geometry, one or more mipmap levels) and, for a
 * texture, the sampling state.  A device keeps its objects in an
 * isa_tex_table; handles are 1 + their index there, never reused, so a
 * destroyed handle is told apart from one that never existed.
 *
 * The sampling functions are pure: they read texels through host pointers
 * the caller resolved (isa/ops_tex.c resolves device addresses, checks
 * liveness and reports faults), so tests/isa/check_tex_sample.c runs them
 * without a device.  Nothing here allocates except the table.
 *
 * Sources: CUDA C++ Programming Guide, appendix "Texture Fetching"
 * (nearest-point and linear filtering, 9-bit fixed-point weights with 8
 * fractional bits, addressing modes) and the cube-map face table
 * ("Cubemap Textures"); PTX ISA 9.0 §9.7.10 (tex, tld4, txq, suld, sust,
 * suq, istypep) and §5.3 (texture, sampler and surface properties).
 * Choices the sources leave open are stated where they are made.
 */
#ifndef PTXSIM_ISA_TEX_SAMPLE_H
#define PTXSIM_ISA_TEX_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"
#include "frontend/ptx_diag.h"

/* Resource kinds.  The numbers are those of ptxsim_tex_kind (ptxsim.h). */
typedef enum isa_tex_kind {
  ISA_TEX_LINEAR,        /* 1-D buffer in linear memory (tex1Dfetch) */
  ISA_TEX_1D,
  ISA_TEX_2D,
  ISA_TEX_3D,
  ISA_TEX_1D_LAYERED,
  ISA_TEX_2D_LAYERED,
  ISA_TEX_CUBE,          /* 6 square faces, stored as layers 0..5 */
  ISA_TEX_CUBE_LAYERED,  /* layer L face f is stored as layer 6L + f */
  ISA_TEX_KIND_COUNT
} isa_tex_kind;

/* Channel kinds (16-bit FLOAT channels are IEEE half). */
typedef enum isa_tex_chan { ISA_TEX_UNSIGNED, ISA_TEX_SIGNED, ISA_TEX_FLOAT } isa_tex_chan;

/* Addressing modes (cudaTextureAddressMode's numbers). */
typedef enum isa_tex_addr {
  ISA_TEX_WRAP,
  ISA_TEX_CLAMP,
  ISA_TEX_MIRROR,
  ISA_TEX_BORDER
} isa_tex_addr;

typedef enum isa_tex_filter { ISA_TEX_POINT, ISA_TEX_LINEAR_FILTER } isa_tex_filter;

/* Surface out-of-range handling (suld/sust .trap .clamp .zero). */
typedef enum isa_surf_mode { ISA_SURF_TRAP, ISA_SURF_CLAMP, ISA_SURF_ZERO } isa_surf_mode;

enum { ISA_TEX_MAX_LEVELS = 16 };

/* One mipmap level in device memory.  Texel (x, y, s) of the level is at
 * addr + s * slice + y * pitch + x * texel bytes, where s is the z
 * coordinate of a 3-D texture or the layer (face) of a layered or cube
 * texture.  bytes is the extent from addr that must be live memory. */
typedef struct isa_tex_level {
  uint64_t addr;
  uint32_t w, h, d;        /* texels; 1 for dimensions the kind lacks */
  uint64_t pitch, slice;   /* bytes */
  uint64_t bytes;
} isa_tex_level;

typedef struct isa_tex_object {
  uint8_t kind;            /* isa_tex_kind */
  uint8_t n_chan;          /* 1, 2 or 4 */
  uint8_t bits;            /* per channel: 8, 16 or 32 */
  uint8_t chan;            /* isa_tex_chan */
  bool is_surface;
  bool is_live;            /* false once destroyed */
  /* Sampling state (textures only). */
  bool normalized_read;    /* 8/16-bit integers read as [0,1] / [-1,1] */
  bool normalized_coords;
  uint8_t addr[3];         /* isa_tex_addr per dimension */
  uint8_t filter, mip_filter; /* isa_tex_filter */
  float border[4];         /* returned as float, or as the bits of these
                              floats for integer reads (CUDA: integer border
                              colours are reinterpret_cast to float) */
  float min_lod, max_lod, lod_bias;
  uint32_t layers;         /* layered: layers; cube: 6; cube layered: 6n */
  uint32_t n_levels;
  isa_tex_level level[ISA_TEX_MAX_LEVELS];
} isa_tex_object;

/* The objects of one device. */
typedef struct isa_tex_table {
  isa_tex_object *objs;    /* objs[handle - 1] */
  uint64_t n, cap;
} isa_tex_table;

/* Appends a copy of o (made live); *handle receives its handle. */
int isa_tex_table_add(isa_tex_table *tt, const isa_tex_object *o, uint64_t *handle)
    PTX_MUST_CHECK;
/* The object a handle names (live or destroyed), or NULL. */
static inline isa_tex_object *isa_tex_table_get(const isa_tex_table *tt, uint64_t handle)
{
  return tt && handle && handle <= tt->n ? &tt->objs[handle - 1] : NULL;
}
void isa_tex_table_release(isa_tex_table *tt);

/* Bytes of one texel. */
static inline unsigned isa_tex_texel_bytes(const isa_tex_object *t)
{
  return (unsigned)t->n_chan * t->bits / 8;
}

/* Whether reads return floats (float channels, or normalised integers);
 * otherwise they return 32-bit integers. */
static inline bool isa_tex_returns_float(const isa_tex_object *t)
{
  return t->chan == ISA_TEX_FLOAT || t->normalized_read;
}

/* "1-D texture", "2-D layered surface"... for messages. */
const char *isa_tex_kind_name(unsigned kind);

/* ---- the arithmetic -------------------------------------------------- */

/* The texel index an integer index i maps to along a dimension of n
 * texels, or -1 when it falls on the border (ISA_TEX_BORDER only).
 * Wrap: i mod n; mirror: period 2n, the second copy reversed; clamp:
 * [0, n-1]. */
int32_t isa_tex_address(int64_t i, uint32_t n, unsigned mode);

/* floor(x) as an integer, saturated to +-2^30; NaN gives 0. */
int64_t isa_tex_floor(float x);

/* A filtering weight: frac in [0, 1) rounded to the nearest multiple of
 * 1/256 (9-bit fixed point, 8 fractional bits, so 256 = 1.0 is
 * representable).  The Programming Guide gives the format, not the
 * rounding; nearest (ties up) reproduces what tex1D returned on NVIDIA
 * GPUs in the forum thread "tex1D accuracy" (forums.developer.nvidia.com,
 * t/6801): 1.1015625 = 1 + 26/256 for a weight of 0.1, 1.19921875 for 0.2,
 * 1.30078125 for 0.3, 1.3984375 for 0.4. */
uint32_t isa_tex_weight(float frac);

/* Reads the texel at p and converts it as the object's read mode says:
 * out[c] holds f32 bits (isa_tex_returns_float) or a 32-bit integer
 * (unsigned zero-extended, signed sign-extended).  Unsigned normalised:
 * v / (2^bits - 1); signed: max(v / (2^(bits-1) - 1), -1) (CUDA maps the
 * most negative value to -1.0); half: exact.  Channels the format lacks
 * read as 0, and alpha as 1 (1.0f for float reads), as OpenGL does. */
void isa_tex_decode(const isa_tex_object *t, const uint8_t *p, uint32_t out[4]);

/* Cube-map face selection (Programming Guide, "Cubemap Textures"): the
 * face whose axis has the largest magnitude, ties going to x, then y;
 * returns the face 0..5 (+x -x +y -y +z -z) and the face coordinates
 * s = (sc / |m| + 1) / 2, t = (tc / |m| + 1) / 2 in [0, 1].  A zero
 * direction selects face 0 at its centre. */
unsigned isa_tex_cube_face(float x, float y, float z, float *s, float *t);

/* How a fetch chooses its mipmap level. */
typedef enum isa_tex_lod {
  ISA_TEX_LOD_IMPLICIT, /* tex: level 0 plus the bias (no derivatives in
                           compute kernels) */
  ISA_TEX_LOD_BASE,     /* tex.base: level 0 */
  ISA_TEX_LOD_LEVEL,    /* tex.level: the lod operand plus the bias */
  ISA_TEX_LOD_GRAD      /* tex.grad: log2 of the longer scaled gradient */
} isa_tex_lod;

/* One lane's texture coordinates. */
typedef struct isa_tex_coords {
  float f[3];          /* x, y, z; cube: the direction */
  int32_t i[3];        /* integer coordinates (is_int) */
  bool is_int;         /* .s32 coordinates: texel indices, no filtering */
  uint32_t layer;      /* array index of a1d / a2d / acube */
  int32_t offset[3];   /* texel offsets added to the coordinates */
  uint8_t lod_mode;    /* isa_tex_lod */
  float lod;           /* tex.level */
  float ddx[3], ddy[3]; /* tex.grad */
} isa_tex_coords;

/* Samples a texture: host[k] is the host address of level k's addr.
 * out[c] as isa_tex_decode writes it.  A linear resource ignores
 * filtering and addressing: an index outside [0, w) returns zeros. */
void isa_tex_sample(const isa_tex_object *t, const uint8_t *const *host,
                    const isa_tex_coords *c, uint32_t out[4]);

/* The point sample of a 1-D or 2-D texture of one level, or of a linear
 * resource, at x (and y for 2-D) -- float bits, or texel indices when
 * is_int -- with no offsets: what isa_tex_sample gives for it, without
 * its coordinate record, level selection and filter accumulation.
 * isa_tex_is_point_2d says whether it applies to t (dims: the
 * instruction's geometry, 1 or 2). */
bool isa_tex_is_point_2d(const isa_tex_object *t, unsigned dims, bool is_int);
void isa_tex_point_2d(const isa_tex_object *t, const uint8_t *base, uint32_t x, uint32_t y,
                      bool is_int, uint32_t out[4]);

/* tld4: component comp of the four texels of the bilinear footprint of a
 * 2-D or 2-D layered texture, counter-clockwise from the lower left:
 * (i0,j1), (i1,j1), (i1,j0), (i0,j0) (PTX ISA tld4). */
void isa_tex_gather(const isa_tex_object *t, const uint8_t *const *host,
                    const isa_tex_coords *c, unsigned comp, uint32_t out[4]);

/* The mipmap level(s) a fetch reads: level *l0, and *l1 with weight *w1
 * (0..256) when linear mip filtering blends two. */
void isa_tex_select_level(const isa_tex_object *t, const isa_tex_coords *c, uint32_t *l0,
                          uint32_t *l1, uint32_t *w1);

/* Surface access of size bytes at byte x-coordinate xb, row y, slice z,
 * layer (all as the instruction's geometry gives them; unused ones 0).
 * Returns 0 with *off the byte offset from level 0's addr, or
 * ISA_SURF_OUT (outside the surface under .trap or .zero: the caller
 * faults, or loads zeros / drops the store) or ISA_SURF_MISALIGNED (xb not
 * a multiple of size; PTX leaves it undefined, ptxsim faults).  .clamp
 * moves each coordinate to the nearest valid one (x to the last whole
 * access in the row). */
enum { ISA_SURF_OUT = 1, ISA_SURF_MISALIGNED = 2 };
int isa_surf_locate(const isa_tex_object *t, int32_t xb, int32_t y, int32_t z, uint32_t layer,
                    unsigned size, unsigned mode, uint64_t *off);

#endif /* PTXSIM_ISA_TEX_SAMPLE_H */
