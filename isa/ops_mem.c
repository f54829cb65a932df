/* ops_mem.c -- ld, ldu, st, cvta, isspacep, prefetch (PTX ISA 9.7.9).
 *
 * Loads extend to the register by the instruction type (signed types
 * sign-extend, PTX ISA 9.7.9.8), stores write the low bytes.  Every access
 * goes through simt_mem_ptr(), which checks bounds, liveness and
 * alignment and records a fault the launch then reports, except the loads
 * from .param, .const and .local, which check a whole warp at once first
 * (below).  Scalar loads and stores are specialised per space and size;
 * vectors share one loop.
 */
#include "config.h"

#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"

static inline uint64_t load_bytes(const uint8_t *h, unsigned size, bool is_signed)
{
  switch (size) {
  case 1: return is_signed ? (uint64_t)(int64_t)(int8_t)h[0] : h[0];
  case 2: {
    uint16_t v;
    memcpy(&v, h, 2);
    return is_signed ? (uint64_t)(int64_t)(int16_t)v : v;
  }
  case 4: {
    uint32_t v;
    memcpy(&v, h, 4);
    return is_signed ? (uint64_t)(int64_t)(int32_t)v : v;
  }
  default: {
    uint64_t v;
    memcpy(&v, h, 8);
    return v;
  }
  }
}

static inline void store_bytes(uint8_t *h, unsigned size, uint64_t v)
{
  switch (size) {
  case 1: h[0] = (uint8_t)v; break;
  case 2: { uint16_t x = (uint16_t)v; memcpy(h, &x, 2); break; }
  case 4: { uint32_t x = (uint32_t)v; memcpy(h, &x, 4); break; }
  default: memcpy(h, &v, 8); break;
  }
}

/* ---- ld.param, ld.const, ld.local: one check per warp -------------------------
 *
 * Their addresses are often the same in every lane (a parameter, a
 * constant, a local variable at a fixed offset), and each lane's check
 * would resolve the same space (and, for .const, bisect the
 * allocations).  These loads check the warp's span of addresses once;
 * when that check fails, they fall back to the lane-by-lane path, which
 * finds the fault (message, lane, address) exactly as before, or runs
 * lanes that lie in different .const allocations. */

/* The addresses of a warp's lanes: lowest, highest, and all OR'ed
 * together (their alignment). */
typedef struct lane_span {
  uint64_t lo, hi, bits;
} lane_span;

static inline lane_span lane_span_of(const simt_warp *w, const isa_insn *in, uint32_t a,
                                     uint32_t mask)
{
  lane_span s = {UINT64_MAX, 0, 0};
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t x = (w->r[a + l] & in->amask) + (uint64_t)in->off;
    s.lo = x < s.lo ? x : s.lo;
    s.hi = x > s.hi ? x : s.hi;
    s.bits |= x;
  }
  return s;
}

/* The host address of offset s->lo (for .local: in lane 0's copy) when
 * every size-byte access from s->lo to s->hi is aligned and in bounds in
 * space (param, const or local), else NULL. */
static inline uint8_t *span_host(simt_warp *w, unsigned space, const lane_span *s,
                                 uint32_t size)
{
  if (s->bits & (size - 1))
    return NULL;
  if (space == ISA_SPACE_PARAM) {
    const simt_launch *l = w->launch;
    return size <= l->param_bytes && s->hi <= l->param_bytes - size ? l->params + s->lo : NULL;
  }
  if (space == ISA_SPACE_LOCAL)
    return size <= w->local_stride && s->hi <= w->local_stride - size ? w->local + s->lo : NULL;
  return simt_mem_read_span(w->launch->mem, &w->launch->cache, s->lo, s->hi, size);
}

/* Loads n elements of size bytes (one access of n * size bytes) into
 * v[0..n) for the lanes of mask when the warp's check passes; false
 * when the caller must check lane by lane.  A warp-uniform .param or
 * .const address is read once. */
static inline bool ld_warp(simt_warp *w, const isa_insn *in, uint32_t mask, unsigned space,
                           const uint32_t *v, unsigned n, unsigned size, bool sgn)
{
  if (!mask)
    return true;
  const uint32_t a = in->o[1];
  lane_span s = lane_span_of(w, in, a, mask);
  uint8_t *h = span_host(w, space, &s, n * size);
  if (PTX_UNLIKELY(!h))
    return false;
  uint64_t *r = w->r;
  if (space == ISA_SPACE_LOCAL) {
    SIMT_FOR_EACH_LANE(mask, l)
    {
      const uint8_t *p =
          h + (uint64_t)l * w->local_stride + ((r[a + l] & in->amask) + (uint64_t)in->off - s.lo);
      for (unsigned e = 0; e < n; e++)
        r[v[e] + l] = load_bytes(p + e * size, size, sgn);
    }
  } else if (s.lo == s.hi) {
    for (unsigned e = 0; e < n; e++) {
      uint64_t x = load_bytes(h + e * size, size, sgn);
      SIMT_FOR_EACH_LANE(mask, l)
        r[v[e] + l] = x;
    }
  } else {
    SIMT_FOR_EACH_LANE(mask, l)
    {
      const uint8_t *p = h + ((r[a + l] & in->amask) + (uint64_t)in->off - s.lo);
      for (unsigned e = 0; e < n; e++)
        r[v[e] + l] = load_bytes(p + e * size, size, sgn);
    }
  }
  return true;
}

static inline bool has_warp_path(unsigned space)
{
  return space == ISA_SPACE_PARAM || space == ISA_SPACE_CONST || space == ISA_SPACE_LOCAL;
}

/* ---- scalar and vector ld and st ------------------------------------------------ */

/* Shared memory, the loads and stores of tiled kernels: the CTA's
 * window and the instruction's fields are read once, not per lane (the
 * register stores could alias them for all the compiler knows). */
static PTX_ALWAYS_INLINE uint8_t *shared_ptr(simt_warp *w, const isa_insn *in, uint32_t lane,
                                             uint8_t *base, uint64_t bytes, uint64_t addr,
                                             uint32_t size, bool is_write)
{
  if (PTX_LIKELY(bytes >= size && addr <= bytes - size && (addr & (size - 1)) == 0))
    return base + addr;
  return simt_mem_slow(w, in, lane, ISA_SPACE_SHARED, addr, size, size, is_write);
}

#define LD_SHARED_FAST(SPACE, SIZE, SGN)                                                         \
  if (ISA_SPACE_##SPACE == ISA_SPACE_SHARED) {                                            \
    uint8_t *base = w->cta->shared;                                                       \
    const uint64_t bytes = w->cta->shared_bytes, amask = in->amask;                       \
    SIMT_FOR_EACH_LANE(mask, l)                                                           \
    {                                                                                     \
      uint8_t *h = shared_ptr(w, in, l, base, bytes, (r[a + l] & amask) + (uint64_t)off,  \
                              SIZE, false);                                               \
      if (PTX_UNLIKELY(!h))                                                               \
        return;                                                                           \
      r[d + l] = load_bytes(h, SIZE, SGN);                                                \
    }                                                                                     \
    return;                                                                               \
  }

#define LD_SCALAR(SPACE, SIZE, SGN)                                                       \
  static void ld_##SPACE##_##SIZE##_##SGN(simt_warp *w, const isa_insn *in, uint32_t mask) \
  {                                                                                       \
    uint64_t *r = w->r;                                                                   \
    const uint32_t d = in->o[0], a = in->o[1];                                            \
    const int64_t off = in->off;                                                          \
    if (has_warp_path(ISA_SPACE_##SPACE) &&                                               \
        ld_warp(w, in, mask, ISA_SPACE_##SPACE, &in->o[0], 1, SIZE, SGN))                 \
      return;                                                                             \
    LD_SHARED_FAST(SPACE, SIZE, SGN)                                                           \
    SIMT_FOR_EACH_LANE(mask, l)                                                           \
    {                                                                                     \
      uint8_t *h = simt_mem_ptr(w, in, l, ISA_SPACE_##SPACE, (r[a + l] & in->amask) + (uint64_t)off,    \
                                SIZE, false);                                             \
      if (PTX_UNLIKELY(!h))                                                               \
        return;                                                                           \
      r[d + l] = load_bytes(h, SIZE, SGN);                                                \
    }                                                                                     \
  }

#define ST_SCALAR(SPACE, SIZE)                                                            \
  static void st_##SPACE##_##SIZE(simt_warp *w, const isa_insn *in, uint32_t mask)        \
  {                                                                                       \
    uint64_t *r = w->r;                                                                   \
    const uint32_t a = in->o[0], s = in->o[1];                                            \
    const int64_t off = in->off;                                                          \
    if (ISA_SPACE_##SPACE == ISA_SPACE_SHARED) {                                          \
      uint8_t *base = w->cta->shared;                                                     \
      const uint64_t bytes = w->cta->shared_bytes, amask = in->amask;                     \
      SIMT_FOR_EACH_LANE(mask, l)                                                         \
      {                                                                                   \
        uint8_t *h = shared_ptr(w, in, l, base, bytes, (r[a + l] & amask) + (uint64_t)off, \
                                SIZE, true);                                              \
        if (PTX_UNLIKELY(!h))                                                             \
          return;                                                                         \
        store_bytes(h, SIZE, r[s + l]);                                                   \
      }                                                                                   \
      return;                                                                             \
    }                                                                                     \
    SIMT_FOR_EACH_LANE(mask, l)                                                           \
    {                                                                                     \
      uint8_t *h = simt_mem_ptr(w, in, l, ISA_SPACE_##SPACE, (r[a + l] & in->amask) + (uint64_t)off,    \
                                SIZE, true);                                              \
      if (PTX_UNLIKELY(!h))                                                               \
        return;                                                                           \
      store_bytes(h, SIZE, r[s + l]);                                                     \
    }                                                                                     \
  }

#define ISA_SPACES_X(X) X(GLOBAL) X(SHARED) X(LOCAL) X(CONST) X(PARAM) X(GENERIC)
#define LD_ALL(SPACE)                                                                     \
  LD_SCALAR(SPACE, 1, 0) LD_SCALAR(SPACE, 1, 1) LD_SCALAR(SPACE, 2, 0)                    \
  LD_SCALAR(SPACE, 2, 1) LD_SCALAR(SPACE, 4, 0) LD_SCALAR(SPACE, 4, 1)                    \
  LD_SCALAR(SPACE, 8, 0) ST_SCALAR(SPACE, 1) ST_SCALAR(SPACE, 2) ST_SCALAR(SPACE, 4)      \
  ST_SCALAR(SPACE, 8)
ISA_SPACES_X(LD_ALL)

typedef struct ld_row {
  isa_exec_fn ld[4][2]; /* [log2 size][signed] */
  isa_exec_fn st[4];
} ld_row;

#define LD_ROW(SPACE)                                                                     \
  [ISA_SPACE_##SPACE] = {                                                                 \
    .ld = {{ld_##SPACE##_1_0, ld_##SPACE##_1_1},                                          \
           {ld_##SPACE##_2_0, ld_##SPACE##_2_1},                                          \
           {ld_##SPACE##_4_0, ld_##SPACE##_4_1},                                          \
           {ld_##SPACE##_8_0, ld_##SPACE##_8_0}},                                         \
    .st = {st_##SPACE##_1, st_##SPACE##_2, st_##SPACE##_4, st_##SPACE##_8}},
static const ld_row ld_table[ISA_SPACE_COUNT] = {ISA_SPACES_X(LD_ROW)};

/* Vectors: one access of vec * size bytes, aligned to its whole size. */
static void ld_vector(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const unsigned size = in->aux, n = in->vec;
  const bool sgn = in->aux2;
  if (has_warp_path(in->space) && ld_warp(w, in, mask, in->space, in->v, n, size, sgn))
    return;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t addr = (r[in->o[1] + l] & in->amask) + (uint64_t)in->off;
    uint8_t *h = simt_mem_ptr(w, in, l, in->space, addr, size * n, false);
    if (!h)
      return;
    for (unsigned e = 0; e < n; e++)
      r[in->v[e] + l] = load_bytes(h + e * size, size, sgn);
  }
}

static void st_vector(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const unsigned size = in->aux, n = in->vec;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t addr = (r[in->o[0] + l] & in->amask) + (uint64_t)in->off;
    uint8_t *h = simt_mem_ptr(w, in, l, in->space, addr, size * n, true);
    if (!h)
      return;
    for (unsigned e = 0; e < n; e++)
      store_bytes(h + e * size, size, r[in->v[e] + l]);
  }
}

static int log2_size(unsigned bytes)
{
  return bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : -1;
}

/* ld.param of a kernel parameter and ld.const of a variable: an address
 * that is a symbol (plus an offset) is the same in every lane, so the
 * warp reads it once, with one bounds check, and copies the value to
 * every lane (each warp starts with several). */
#define LD_UNIFORM(SIZE, SGN)                                                             \
  static void ld_uniform_##SIZE##_##SGN(simt_warp *w, const isa_insn *in, uint32_t mask)   \
  {                                                                                       \
    if (!mask)                                                                            \
      return;                                                                             \
    uint64_t x = (w->r[in->o[1] + (uint32_t)__builtin_ctz(mask)] & in->amask) +            \
                 (uint64_t)in->off;                                                       \
    lane_span s = {x, x, x};                                                              \
    const uint8_t *h = span_host(w, in->space, &s, SIZE);                                 \
    if (PTX_UNLIKELY(!h)) {                                                               \
      ld_table[in->space].ld[log2_size(SIZE)][SGN](w, in, mask); /* the fault */          \
      return;                                                                             \
    }                                                                                     \
    uint64_t v = load_bytes(h, SIZE, SGN);                                                \
    uint64_t *r = w->r + in->o[0];                                                        \
    SIMT_FOR_EACH_LANE(mask, l)                                                           \
    r[l] = v;                                                                             \
  }
LD_UNIFORM(1, 0) LD_UNIFORM(1, 1) LD_UNIFORM(2, 0) LD_UNIFORM(2, 1) LD_UNIFORM(4, 0)
LD_UNIFORM(4, 1) LD_UNIFORM(8, 0)
static const isa_exec_fn ld_uniform_table[4][2] = {{ld_uniform_1_0, ld_uniform_1_1},
                                                   {ld_uniform_2_0, ld_uniform_2_1},
                                                   {ld_uniform_4_0, ld_uniform_4_1},
                                                   {ld_uniform_8_0, ld_uniform_8_0}};

/* Whether ld's address operand is a symbol or an immediate (no
 * register): the same address in every lane. */
static bool has_symbol_address(const isa_insn *in)
{
  const ptx_insn *ir = in->ir;
  if (in->addr_opnd == ISA_NO_ADDR || in->addr_opnd >= ir->n_opnds)
    return false;
  const ptx_operand *o = &ir->opnds[in->addr_opnd];
  return o->kind == PTX_OPND_ADDR && (!o->u.addr.base || o->u.addr.base->kind == PTX_OPND_SYM);
}

isa_exec_fn isa_bind_ld(isa_insn *in)
{
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  int lg = log2_size(bits / 8);
  if (lg < 0)
    return NULL; /* .b128 and sub-byte types */
  bool sgn = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  if (in->vec > 1) {
    in->aux = bits / 8;
    in->aux2 = sgn;
    return ld_vector;
  }
  /* Kernel .param and .const only: a function's .param lives in each
   * thread's local memory. */
  if ((in->space == ISA_SPACE_PARAM || in->space == ISA_SPACE_CONST) && has_symbol_address(in))
    return ld_uniform_table[lg][sgn];
  return ld_table[in->space].ld[lg][sgn];
}

isa_exec_fn isa_bind_st(isa_insn *in)
{
  unsigned bits = ptx_type_bits((ptx_type)in->type);
  int lg = log2_size(bits / 8);
  if (lg < 0)
    return NULL;
  if (in->space == ISA_SPACE_CONST)
    return NULL; /* the parser refuses st.const; keep the table honest */
  if (in->vec > 1) {
    in->aux = bits / 8;
    return st_vector;
  }
  return ld_table[in->space].st[lg];
}

/* ---- cvta / isspacep ---------------------------------------------------- */

static uint64_t space_window(uint8_t space)
{
  switch (space) {
  case ISA_SPACE_SHARED: return ISA_SHARED_WINDOW;
  case ISA_SPACE_LOCAL: return ISA_LOCAL_WINDOW;
  case ISA_SPACE_PARAM: return ISA_PARAM_WINDOW;
  default: return 0; /* global and const addresses are generic already */
  }
}

static void cvta_to_generic(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t base = space_window((uint8_t)in->aux);
  bool is32 = in->type == PTX_TYPE_U32;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t v = w->r[in->o[1] + l];
    if (is32)
      v = (uint32_t)v;
    /* No null special case: offset 0 is a real variable in .shared
     * (the first __shared__ array) and .local (nvcc's __local_depot). */
    uint64_t g = v + base;
    w->r[in->o[0] + l] = is32 ? (uint32_t)g : g;
  }
}

static void cvta_from_generic(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t base = space_window((uint8_t)in->aux);
  bool is32 = in->type == PTX_TYPE_U32;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t v = w->r[in->o[1] + l];
    uint64_t s = v - base;
    w->r[in->o[0] + l] = is32 ? (uint32_t)s : s;
  }
}

static uint8_t space_mod(const isa_insn *in)
{
  if (isa_has(in, PTX_MOD_SHARED) || isa_has(in, PTX_MOD_SHARED_CTA) ||
      isa_has(in, PTX_MOD_SHARED_CLUSTER))
    return ISA_SPACE_SHARED;
  if (isa_has(in, PTX_MOD_LOCAL))
    return ISA_SPACE_LOCAL;
  if (isa_has(in, PTX_MOD_PARAM) || isa_has(in, PTX_MOD_PARAM_ENTRY))
    return ISA_SPACE_PARAM;
  if (isa_has(in, PTX_MOD_CONST))
    return ISA_SPACE_CONST;
  return ISA_SPACE_GLOBAL;
}

isa_exec_fn isa_bind_cvta(isa_insn *in)
{
  in->aux = space_mod(in);
  in->aux2 = 0;
  return isa_has(in, PTX_MOD_TO) ? cvta_from_generic : cvta_to_generic;
}

static void isspacep_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint32_t bits = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t a = w->r[in->o[1] + l];
    bool shared = a - ISA_SHARED_WINDOW < ISA_WINDOW_SIZE;
    bool local = a - ISA_LOCAL_WINDOW < ISA_WINDOW_SIZE;
    bool param = a - ISA_PARAM_WINDOW < ISA_WINDOW_SIZE;
    bool r;
    switch (in->aux) {
    case ISA_SPACE_SHARED: r = shared; break;
    case ISA_SPACE_LOCAL: r = local; break;
    case ISA_SPACE_PARAM: r = param; break;
    case ISA_SPACE_CONST: {
      simt_alloc *al = simt_mem_find(w->launch->mem, a);
      r = al && al->kind == SIMT_ALLOC_CONST;
      break;
    }
    default: r = !shared && !local && !param; break;
    }
    bits |= (uint32_t)r << l;
  }
  simt_set_pred(w, in->o[0], mask, bits);
}

isa_exec_fn isa_bind_isspacep(isa_insn *in)
{
  in->aux = space_mod(in);
  return isspacep_exec;
}

static void noop_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  (void)w, (void)in, (void)mask;
}

/* prefetch, prefetchu, applypriority, discard, createpolicy's cache hints:
 * no architectural effect in a functional model. */
isa_exec_fn isa_bind_prefetch(isa_insn *in)
{
  (void)in;
  return noop_exec;
}

isa_exec_fn isa_bind_noop(isa_insn *in)
{
  (void)in;
  return noop_exec;
}
