/* ops_wmma.c -- wmma.load, wmma.mma and wmma.store (PTX ISA 9.7.14.5):
 * warp-collective matrix multiply-accumulate on fragments.
 *
 * Fragment layout.  PTX leaves the distribution of a fragment's elements
 * over the lanes unspecified (9.7.14.4.1: "the mapping of matrix elements
 * into fragments is unspecified"), so ptxsim picks the simplest one that
 * wmma.load, wmma.mma and wmma.store agree on.  A fragment of an R x C tile
 * with E elements per lane: element j of lane l (0 <= j < E) holds tile
 * element (l * E + j) mod (R * C), counted in row-major order of the tile
 * whatever the memory layout (.row/.col only says how load and store
 * address memory).  Element j lives in register j / P of the fragment's
 * vector, at bit (j % P) * width, where P elements share a register: two
 * for .f16/.bf16 (low half first, as in .f16x2), four for .u8/.s8 (low byte
 * first), one otherwise.  The register counts are the PTX ones (9.7.14.4.1):
 * E = R * C / 32, except .f16 multiplicands, which always take eight .f16x2
 * registers (E = 16), so those fragments repeat the tile (twice for the A
 * of m16n16k16, four times for the B of m32n8k16, ...); every copy is
 * loaded, wmma.mma reads the first.  Code that works element-wise on
 * fragments (scaling frag.x[i]) sees every element the same way, so any
 * layout gives it the same result.
 *
 * Accumulation: hardware order is unspecified; ptxsim computes each d(i,j)
 * as c(i,j) followed by the products a(i,k) * b(k,j) for k = 0, 1, ...,
 * each added with one rounding (fma):
 *  - f16, bf16 and tf32 multiplicands in f32 (their products are exact in
 *    f32, so each step is acc + a*b rounded to nearest once); an .f16 C is
 *    widened exactly and an .f16 D is the f32 result rounded to nearest
 *    even once at the end;
 *  - tf32 multiplicands are read as the f32 bits with the low 13 mantissa
 *    bits ignored (truncation, as the tensor cores read them; a NaN stays
 *    NaN);
 *  - f64: fma in f64 with .rn (.rz/.rm/.rp are refused);
 *  - u8/s8: exact, d = c + sum modulo 2^32, or clamped to the s32 range
 *    with .satfinite.
 * NaN results carry whatever payload the host's fmaf/fma gives.
 *
 * Execution needs every lane of the warp (.sync.aligned); a partial mask
 * stops the launch with an error, a guard false in all lanes skips the
 * instruction.  Each lane addresses memory with its own address and stride
 * (PTX requires them uniform across the warp; when they are not, each lane
 * reads its own elements from its own pointer).  Every element access goes
 * through simt_mem_ptr() like ld/st, so bounds, liveness and element
 * alignment are checked.  The start of every row (or column) must be
 * aligned to the fragment's size in bytes or to 16 bytes, whichever is
 * less, else the access faults as misaligned.  PTX (9.7.14.4.2, "Address
 * alignment") asks for the whole fragment size, but that would reject the
 * default stride of a row-major m32n8k16 .f16 B (16-byte rows, 32-byte
 * fragments) and CUDA's documented minimum ldm (16 bytes), so ptxsim
 * caps the requirement at 16 bytes.
 *
 * Refused at load (the binder returns NULL): .b1/.u4/.s4 sub-byte forms
 * (m8n8k128, m8n8k32), floating-point .satfinite, f64 rounding other than
 * .rn, .local/.const/.param state spaces, and vectors whose length is not
 * the fragment's register count.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/fp_common.h"
#include "isa/fp_cvt.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"
#include "isa/simt.h"

/* Element formats of fragments. */
typedef enum wmma_elem {
  WMMA_F16,
  WMMA_BF16,
  WMMA_TF32,
  WMMA_F32,
  WMMA_F64,
  WMMA_S32,
  WMMA_U8,
  WMMA_S8
} wmma_elem;

enum {
  WMMA_MAX_TILE = 512, /* elements of the largest tile (32 x 16) */
  WMMA_MAX_REGS = 8    /* registers of the largest fragment */
};

/* One fragment's geometry. */
typedef struct wmma_frag {
  uint16_t rows, cols;  /* tile, in elements */
  uint16_t n_elems;     /* E: elements per lane */
  uint8_t n_regs;       /* registers per lane */
  uint8_t per_reg;      /* P: elements per register */
  uint8_t esize;        /* bytes per element in memory and in the register */
  uint8_t elem;         /* wmma_elem */
} wmma_frag;

/* What the binder decodes, kept in isa_insn.ext (owned by the insn). */
typedef struct wmma_desc {
  wmma_frag f[4];       /* load/store: f[0]; mma: d, a, b, c */
  bool is_col;          /* load/store: column-major memory */
  bool is_satfinite;    /* integer mma: clamp instead of wrapping */
  uint32_t slots[4][WMMA_MAX_REGS]; /* mma: register slots of d, a, b, c */
} wmma_desc;

static inline uint32_t tile_size(const wmma_frag *f)
{
  return (uint32_t)f->rows * f->cols;
}

/* ---- fragment registers ------------------------------------------------ */

static inline uint64_t elem_mask(const wmma_frag *f)
{
  return f->esize == 8 ? UINT64_MAX : (UINT64_C(1) << (f->esize * 8)) - 1;
}

/* The bits of tile element idx from the fragment in registers slots
 * (its first copy when the fragment repeats the tile). */
static inline uint64_t frag_get(const simt_warp *w, const wmma_frag *f, const uint32_t *slots,
                                uint32_t idx)
{
  uint32_t lane = idx / f->n_elems, j = idx % f->n_elems;
  uint64_t reg = w->r[slots[j / f->per_reg] + lane];
  return (reg >> ((j % f->per_reg) * f->esize * 8)) & elem_mask(f);
}

/* Writes a register of the fragment: s32 sign-extends (simt.h's register
 * convention for signed types), every other format zero-extends. */
static inline uint64_t reg_value(const wmma_frag *f, uint64_t bits)
{
  return f->elem == WMMA_S32 ? ISA_WR_S32(bits) : bits;
}

/* Fills the fragment in registers slots from the tile elements val[]
 * (bits of each element), every copy for every lane. */
static void frag_put(simt_warp *w, const wmma_frag *f, const uint32_t *slots,
                     const uint64_t *val)
{
  uint32_t t = tile_size(f);
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++) {
    uint64_t regs[WMMA_MAX_REGS] = {0};
    for (uint32_t j = 0; j < f->n_elems; j++)
      regs[j / f->per_reg] |= val[(l * f->n_elems + j) % t] << ((j % f->per_reg) * f->esize * 8);
    for (uint32_t g = 0; g < f->n_regs; g++)
      w->r[slots[g] + l] = reg_value(f, regs[g]);
  }
}

/* ---- warp checks --------------------------------------------------------- */

/* .aligned: all 32 lanes execute together.  False (after recording the
 * error, unless no lane runs at all) when some lane is missing. */
static bool whole_warp(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (PTX_LIKELY(mask == UINT32_MAX))
    return true;
  if (mask) {
    char msg[120];
    snprintf(msg, sizeof msg,
             "needs all 32 threads of the warp (.sync.aligned), but the active mask is "
             "0x%08" PRIx32, mask);
    simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask), SIMT_FAULT_OTHER, 0, 0, 0, false, msg);
  }
  return false;
}

/* ---- wmma.load / wmma.store ------------------------------------------------ */

/* Lane l's base address and stride in elements; false after recording a
 * fault when a row (column) start is not aligned to the fragment size. */
static bool lane_matrix(simt_warp *w, const isa_insn *in, const wmma_desc *d, uint32_t l,
                        unsigned k_addr, bool is_write, uint64_t *base, uint64_t *stride)
{
  const wmma_frag *f = &d->f[0];
  *base = (w->r[in->o[k_addr] + l] & in->amask) + (uint64_t)in->off;
  *stride = in->n_o > 2 ? (uint32_t)w->r[in->o[2] + l] : d->is_col ? f->rows : f->cols;
  uint64_t align = (uint64_t)f->n_regs * (f->elem == WMMA_F64 ? 8 : 4);
  if (align > 16)
    align = 16;
  uint64_t lines = d->is_col ? f->cols : f->rows;
  for (uint64_t i = 0; i < lines; i++) {
    uint64_t a = *base + i * *stride * f->esize;
    if (PTX_UNLIKELY(a % align)) {
      simt_fault_at(w, in, l, SIMT_FAULT_MISALIGNED, in->space, a, (uint32_t)align, is_write,
                    NULL);
      return false;
    }
  }
  return true;
}

static inline uint64_t elem_addr(const wmma_desc *d, uint64_t base, uint64_t stride,
                                 uint32_t idx)
{
  const wmma_frag *f = &d->f[0];
  uint64_t row = idx / f->cols, col = idx % f->cols;
  return base + (d->is_col ? col * stride + row : row * stride + col) * f->esize;
}

static void wmma_load_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const wmma_desc *d = in->ext;
  const wmma_frag *f = &d->f[0];
  const uint32_t t = tile_size(f);
  if (!whole_warp(w, in, mask))
    return;
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++) {
    uint64_t base, stride, regs[WMMA_MAX_REGS] = {0};
    if (!lane_matrix(w, in, d, l, 1, false, &base, &stride))
      return;
    for (uint32_t j = 0; j < f->n_elems; j++) {
      uint64_t a = elem_addr(d, base, stride, (l * f->n_elems + j) % t);
      const uint8_t *h = simt_mem_ptr(w, in, l, in->space, a, f->esize, false);
      if (PTX_UNLIKELY(!h))
        return;
      uint64_t v = 0;
      memcpy(&v, h, f->esize); /* little-endian host, as ld assumes */
      regs[j / f->per_reg] |= v << ((j % f->per_reg) * f->esize * 8);
    }
    for (uint32_t g = 0; g < f->n_regs; g++)
      w->r[in->v[g] + l] = reg_value(f, regs[g]);
  }
}

static void wmma_store_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const wmma_desc *d = in->ext;
  const wmma_frag *f = &d->f[0];
  const uint32_t t = tile_size(f);
  if (!whole_warp(w, in, mask))
    return;
  for (uint32_t l = 0; l < SIMT_WARP_SIZE; l++) {
    uint64_t base, stride;
    if (!lane_matrix(w, in, d, l, 0, true, &base, &stride))
      return;
    for (uint32_t j = 0; j < f->n_elems; j++) {
      uint64_t a = elem_addr(d, base, stride, (l * f->n_elems + j) % t);
      uint8_t *h = simt_mem_ptr(w, in, l, in->space, a, f->esize, true);
      if (PTX_UNLIKELY(!h))
        return;
      uint64_t v = w->r[in->v[j / f->per_reg] + l] >> ((j % f->per_reg) * f->esize * 8);
      memcpy(h, &v, f->esize);
    }
  }
}

/* ---- wmma.mma ---------------------------------------------------------------- */

/* A multiplicand or accumulator element as f32 bits (exact). */
static inline float to_f32(const wmma_frag *f, uint64_t bits)
{
  switch (f->elem) {
  case WMMA_F16:
    return isa_f32_from_bits(
        (uint32_t)isa_fp_convert(&isa_fmt_f32, &isa_fmt_f16, bits, ISA_RN, 0));
  case WMMA_BF16: return isa_f32_from_bits((uint32_t)bits << 16);
  case WMMA_TF32:
    /* The tensor cores read 19 bits; a NaN whose payload lies in the
     * ignored bits must not turn into an infinity. */
    if (isa_f32_is_nan((uint32_t)bits))
      return isa_f32_from_bits(0x7fffffffu);
    return isa_f32_from_bits((uint32_t)bits & 0xffffe000u);
  default: return isa_f32_from_bits((uint32_t)bits);
  }
}

/* f16, bf16 and tf32 multiplicands; f16 or f32 accumulators. */
static void mma_float(simt_warp *w, const wmma_desc *d)
{
  const wmma_frag *fd = &d->f[0], *fa = &d->f[1], *fb = &d->f[2], *fc = &d->f[3];
  const uint32_t m = fd->rows, n = fd->cols, k = fa->cols;
  float a[WMMA_MAX_TILE], b[WMMA_MAX_TILE];
  uint64_t out[WMMA_MAX_TILE];
  for (uint32_t i = 0; i < m * k; i++)
    a[i] = to_f32(fa, frag_get(w, fa, d->slots[1], i));
  for (uint32_t i = 0; i < k * n; i++)
    b[i] = to_f32(fb, frag_get(w, fb, d->slots[2], i));
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < n; j++) {
      float acc = to_f32(fc, frag_get(w, fc, d->slots[3], i * n + j));
      for (uint32_t q = 0; q < k; q++)
        acc = fmaf(a[i * k + q], b[q * n + j], acc);
      uint32_t bits = isa_f32_bits(acc);
      out[i * n + j] = fd->elem == WMMA_F16
                           ? isa_fp_convert(&isa_fmt_f16, &isa_fmt_f32, bits, ISA_RN, 0)
                           : bits;
    }
  frag_put(w, fd, d->slots[0], out);
}

static void mma_f64(simt_warp *w, const wmma_desc *d)
{
  const wmma_frag *fd = &d->f[0], *fa = &d->f[1], *fb = &d->f[2], *fc = &d->f[3];
  const uint32_t m = fd->rows, n = fd->cols, k = fa->cols;
  double a[WMMA_MAX_TILE], b[WMMA_MAX_TILE];
  uint64_t out[WMMA_MAX_TILE];
  for (uint32_t i = 0; i < m * k; i++)
    a[i] = isa_f64_from_bits(frag_get(w, fa, d->slots[1], i));
  for (uint32_t i = 0; i < k * n; i++)
    b[i] = isa_f64_from_bits(frag_get(w, fb, d->slots[2], i));
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < n; j++) {
      double acc = isa_f64_from_bits(frag_get(w, fc, d->slots[3], i * n + j));
      for (uint32_t q = 0; q < k; q++)
        acc = fma(a[i * k + q], b[q * n + j], acc);
      out[i * n + j] = isa_f64_bits(acc);
    }
  frag_put(w, fd, d->slots[0], out);
}

static inline int64_t to_int(const wmma_frag *f, uint64_t bits)
{
  switch (f->elem) {
  case WMMA_S8: return (int8_t)(uint8_t)bits;
  case WMMA_S32: return (int32_t)(uint32_t)bits;
  default: return (int64_t)bits; /* u8 */
  }
}

static void mma_int(simt_warp *w, const wmma_desc *d)
{
  const wmma_frag *fd = &d->f[0], *fa = &d->f[1], *fb = &d->f[2], *fc = &d->f[3];
  const uint32_t m = fd->rows, n = fd->cols, k = fa->cols;
  int32_t a[WMMA_MAX_TILE], b[WMMA_MAX_TILE];
  uint64_t out[WMMA_MAX_TILE];
  for (uint32_t i = 0; i < m * k; i++)
    a[i] = (int32_t)to_int(fa, frag_get(w, fa, d->slots[1], i));
  for (uint32_t i = 0; i < k * n; i++)
    b[i] = (int32_t)to_int(fb, frag_get(w, fb, d->slots[2], i));
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < n; j++) {
      /* |sum| <= 16 * 255 * 255 + 2^31: exact in 64 bits. */
      int64_t acc = to_int(fc, frag_get(w, fc, d->slots[3], i * n + j));
      for (uint32_t q = 0; q < k; q++)
        acc += (int64_t)a[i * k + q] * b[q * n + j];
      if (d->is_satfinite)
        acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
      out[i * n + j] = (uint32_t)acc;
    }
  frag_put(w, fd, d->slots[0], out);
}

static void wmma_mma_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const wmma_desc *d = in->ext;
  if (!whole_warp(w, in, mask))
    return;
  switch (d->f[0].elem) {
  case WMMA_F64: mma_f64(w, d); break;
  case WMMA_S32: mma_int(w, d); break;
  default: mma_float(w, d); break;
  }
}

/* ---- binding ------------------------------------------------------------------ */

/* Which element types go with which shapes (9.7.14.5: wmma.load's syntax
 * block).  which: 'a', 'b' or 'c' (C and D). */
static bool shape_allows(const ptx_form *fm, char which, ptx_type t)
{
  unsigned m = fm->shape_m, n = fm->shape_n, k = fm->shape_k;
  if (k == 16 && ((m == 16 && n == 16) || (m == 32 && n == 8) || (m == 8 && n == 32))) {
    if (which == 'c')
      return t == PTX_TYPE_F16 || t == PTX_TYPE_F32 || t == PTX_TYPE_S32;
    return t == PTX_TYPE_F16 || t == PTX_TYPE_BF16 || t == PTX_TYPE_U8 || t == PTX_TYPE_S8;
  }
  if (m == 16 && n == 16 && k == 8)
    return t == (which == 'c' ? PTX_TYPE_F32 : PTX_TYPE_TF32);
  if (m == 8 && n == 8 && k == 4)
    return t == PTX_TYPE_F64;
  return false; /* m8n8k32 (.u4/.s4), m8n8k128 (.b1) and anything else */
}

/* The geometry of matrix which of in's shape holding elements of type t;
 * false when PTX has no such fragment. */
static bool frag_of(const ptx_form *fm, char which, ptx_type t, wmma_frag *f)
{
  if (!shape_allows(fm, which, t))
    return false;
  f->rows = which == 'b' ? fm->shape_k : fm->shape_m;
  f->cols = which == 'a' ? fm->shape_k : fm->shape_n;
  switch (t) {
  case PTX_TYPE_F16: f->elem = WMMA_F16, f->esize = 2, f->per_reg = 2; break;
  case PTX_TYPE_BF16: f->elem = WMMA_BF16, f->esize = 2, f->per_reg = 2; break;
  case PTX_TYPE_TF32: f->elem = WMMA_TF32, f->esize = 4, f->per_reg = 1; break;
  case PTX_TYPE_F32: f->elem = WMMA_F32, f->esize = 4, f->per_reg = 1; break;
  case PTX_TYPE_F64: f->elem = WMMA_F64, f->esize = 8, f->per_reg = 1; break;
  case PTX_TYPE_S32: f->elem = WMMA_S32, f->esize = 4, f->per_reg = 1; break;
  case PTX_TYPE_U8: f->elem = WMMA_U8, f->esize = 1, f->per_reg = 4; break;
  case PTX_TYPE_S8: f->elem = WMMA_S8, f->esize = 1, f->per_reg = 4; break;
  default: return false;
  }
  /* 9.7.14.4.1: .f16 A and B fragments are eight .f16x2 registers for
   * every shape; the others hold exactly the tile. */
  f->n_elems = which != 'c' && t == PTX_TYPE_F16 ? 16 : (uint16_t)(tile_size(f) / SIMT_WARP_SIZE);
  f->n_regs = (uint8_t)(f->n_elems / f->per_reg);
  return true;
}

/* The vector operand k of in has exactly the fragment's registers. */
static bool vec_fits(const isa_insn *in, unsigned k, const wmma_frag *f)
{
  const ptx_operand *o = &in->ir->opnds[k];
  return k < in->n_o && o->kind == PTX_OPND_VEC && o->n == f->n_regs;
}

static isa_exec_fn bind_load_store(isa_insn *in, wmma_desc *d)
{
  const ptx_form *fm = in->ir->form;
  bool is_store = in->op == PTX_OP_WMMA_STORE;
  char which = isa_has(in, PTX_MOD_A) ? 'a' : isa_has(in, PTX_MOD_B) ? 'b' : 'c';
  if (is_store != isa_has(in, PTX_MOD_D) || (!is_store && which == 'c' && !isa_has(in, PTX_MOD_C)))
    return NULL;
  if (isa_has(in, PTX_MOD_ROW) == isa_has(in, PTX_MOD_COL) || fm->n_types != 1)
    return NULL;
  if (in->space != ISA_SPACE_GLOBAL && in->space != ISA_SPACE_SHARED &&
      in->space != ISA_SPACE_GENERIC)
    return NULL;
  if (!frag_of(fm, which, (ptx_type)in->type, &d->f[0]) ||
      !vec_fits(in, is_store ? 1 : 0, &d->f[0]))
    return NULL;
  d->is_col = isa_has(in, PTX_MOD_COL);
  return is_store ? wmma_store_exec : wmma_load_exec;
}

static bool is_f16_or_f32(ptx_type t)
{
  return t == PTX_TYPE_F16 || t == PTX_TYPE_F32;
}

static bool is_8bit(ptx_type t)
{
  return t == PTX_TYPE_U8 || t == PTX_TYPE_S8;
}

/* The (d, a, b, c) type combinations of wmma.mma (9.7.14.5.3); which
 * shapes go with them is frag_of's business.  .f16 multiplicands are
 * spelt .dtype.ctype only. */
static bool mma_types_ok(ptx_type td, ptx_type ta, ptx_type tb, ptx_type tc, bool is_f16_form)
{
  if (is_f16_form)
    return is_f16_or_f32(td) && is_f16_or_f32(tc);
  if (is_8bit(ta) && is_8bit(tb))
    return td == PTX_TYPE_S32 && tc == PTX_TYPE_S32;
  if (ta == PTX_TYPE_BF16 || ta == PTX_TYPE_TF32)
    return tb == ta && td == PTX_TYPE_F32 && tc == PTX_TYPE_F32;
  if (ta == PTX_TYPE_F64)
    return tb == ta && td == ta && tc == ta;
  return false;
}

static isa_exec_fn bind_mma(isa_insn *in, wmma_desc *d)
{
  const ptx_form *fm = in->ir->form;
  ptx_type td, ta, tb, tc;
  if (fm->n_types == 2) { /* .dtype.ctype: f16 multiplicands */
    td = (ptx_type)fm->types[0], tc = (ptx_type)fm->types[1];
    ta = tb = PTX_TYPE_F16;
  } else if (fm->n_types == 4) {
    td = (ptx_type)fm->types[0], ta = (ptx_type)fm->types[1];
    tb = (ptx_type)fm->types[2], tc = (ptx_type)fm->types[3];
  } else
    return NULL;
  if (!mma_types_ok(td, ta, tb, tc, fm->n_types == 2))
    return NULL;
  d->is_satfinite = isa_has(in, PTX_MOD_SATFINITE);
  if (d->is_satfinite && td != PTX_TYPE_S32)
    return NULL; /* floating-point .satfinite: not implemented */
  if (in->rnd != ISA_RN)
    return NULL; /* f64 .rz/.rm/.rp: not implemented */
  static const char which[4] = {'c', 'a', 'b', 'c'};
  const ptx_type types[4] = {td, ta, tb, tc};
  if (in->n_o != 4 || !in->ext)
    return NULL;
  const uint32_t *vslots = in->ext;
  for (unsigned k = 0; k < 4; k++) {
    if (!frag_of(fm, which[k], types[k], &d->f[k]) || !vec_fits(in, k, &d->f[k]))
      return NULL;
    memcpy(d->slots[k], &vslots[k * 8], d->f[k].n_regs * sizeof *vslots);
  }
  return wmma_mma_exec;
}

/* wmma.load, wmma.mma, wmma.store.  The decoded form goes to a wmma_desc
 * that replaces in->ext (for wmma.mma the decoder's array of vector slots,
 * which it reads and frees); the insn owns it.  NULL for forms ptxsim does
 * not execute (see the head of this file) and when out of memory. */
isa_exec_fn isa_bind_wmma(isa_insn *in)
{
  wmma_desc *d = calloc(1, sizeof *d);
  if (!d)
    return NULL;
  isa_exec_fn fn = NULL;
  switch (in->op) {
  case PTX_OP_WMMA_LOAD:
  case PTX_OP_WMMA_STORE: fn = bind_load_store(in, d); break;
  case PTX_OP_WMMA_MMA: fn = bind_mma(in, d); break;
  default: break;
  }
  if (!fn) {
    free(d);
    return NULL;
  }
  if (in->owns_ext)
    free((void *)in->ext);
  in->ext = d;
  in->owns_ext = true;
  return fn;
}
