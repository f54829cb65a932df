/* ctx_compress.c -- register value compression for preemption contexts;
 * the model and its decisions are in ctx_compress.h. */
#include "config.h"

#include <assert.h>
#include <stddef.h>

#include "isa/ctx_compress.h"

ctx_pattern ctx_group_pattern(const uint32_t *v, uint32_t n)
{
  if (n == 0)
    return CTX_PAT_DEAD;
  if (n == 1)
    return CTX_PAT_UNIFORM;
  /* The hardware's PAG-1 subtractors: modular differences of adjacent
   * lanes, compared with the first one. */
  const uint32_t d0 = v[1] - v[0];
  for (uint32_t i = 2; i < n; i++)
    if (v[i] - v[i - 1] != d0)
      return CTX_PAT_RANDOM;
  return d0 == 0 ? CTX_PAT_UNIFORM : CTX_PAT_STRIDED;
}

static uint32_t popcount32(uint32_t x)
{
  uint32_t n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

/* The held lanes of group [first, first+pag) of v, compacted into out;
 * returns their number. */
static uint32_t group_values(const uint32_t *v, uint32_t lanes, uint32_t first, uint32_t pag,
                             uint32_t *out)
{
  uint32_t n = 0;
  for (uint32_t l = first; l < first + pag; l++)
    if (lanes >> l & 1u)
      out[n++] = v[l];
  return n;
}

uint32_t ctx_slot_bytes(const uint32_t *v, uint32_t lanes, uint32_t pag, ctx_pattern *worst)
{
  assert(pag >= 8 && pag <= CTX_WARP_LANES && (pag & (pag - 1)) == 0);
  ctx_pattern w = CTX_PAT_DEAD;
  uint32_t groups = 0;
  uint32_t buf[CTX_WARP_LANES];
  for (uint32_t first = 0; first < CTX_WARP_LANES; first += pag) {
    const uint32_t n = group_values(v, lanes, first, pag, buf);
    if (n == 0)
      continue;
    groups++;
    const ctx_pattern p = ctx_group_pattern(buf, n);
    if (p > w)
      w = p;
  }
  if (worst)
    *worst = w;
  /* One 2-bit pattern per slot and warp: every group uses the worst. */
  switch (w) {
  case CTX_PAT_DEAD:
    return 0;
  case CTX_PAT_UNIFORM:
    return groups * CTX_WORD_BYTES;
  case CTX_PAT_STRIDED:
    return groups * 2 * CTX_WORD_BYTES;
  case CTX_PAT_RANDOM:
    break;
  }
  return ctx_slot_raw_bytes(lanes);
}

uint32_t ctx_slot_raw_bytes(uint32_t lanes)
{
  return popcount32(lanes) * CTX_WORD_BYTES;
}

uint32_t ctx_pattern_vector_bytes(uint32_t n_slots)
{
  return (2 * n_slots + 7) / 8;
}

uint32_t ctx_tb_global_vector_bytes(uint32_t n_slots)
{
  return (n_slots + 7) / 8;
}

const char *ctx_pattern_name(ctx_pattern p)
{
  static const char *const names[CTX_PAT_COUNT] = { "dead", "uniform", "strided", "random" };
  return (unsigned)p < CTX_PAT_COUNT ? names[p] : "?";
}

const char *ctx_tb_class_name(ctx_tb_class c)
{
  static const char *const names[CTX_TB_CLASS_COUNT] = {
    "dead", "global_uniform", "local_uniform", "global_strided", "local_strided", "random"
  };
  return (unsigned)c < CTX_TB_CLASS_COUNT ? names[c] : "?";
}

ctx_tb_class ctx_tb_slot_class(const uint32_t *v, const uint32_t *lanes, uint32_t n_warps,
                               uint32_t pag, uint32_t *bytes)
{
  uint32_t local = 0, threads = 0;
  ctx_pattern worst = CTX_PAT_DEAD;
  /* Global progression over the held threads' ids: the first held thread
   * gives the base, the second the stride; every other must follow. */
  int have_base = 0, have_stride = 0, global = 1;
  uint32_t t0 = 0, base = 0, stride = 0;
  for (uint32_t w = 0; w < n_warps; w++) {
    ctx_pattern p;
    local += ctx_slot_bytes(v + (size_t)w * CTX_WARP_LANES, lanes[w], pag, &p);
    threads += popcount32(lanes[w]);
    if (p > worst)
      worst = p;
    for (uint32_t l = 0; l < CTX_WARP_LANES && global; l++) {
      if (!(lanes[w] >> l & 1u))
        continue;
      const uint32_t t = w * CTX_WARP_LANES + l, x = v[(size_t)w * CTX_WARP_LANES + l];
      if (!have_base) {
        have_base = 1, t0 = t, base = x;
      } else if (!have_stride) {
        /* The stride is per thread id; a gap in the ids must divide it. */
        const uint32_t gap = t - t0, d = x - base;
        if (gap != 1 && d != 0)
          global = 0;
        have_stride = 1, stride = d;
      } else if (x != base + stride * (t - t0)) {
        global = 0;
      }
    }
  }
  ctx_tb_class c;
  uint32_t b;
  switch (worst) {
  case CTX_PAT_DEAD:
    c = CTX_TB_DEAD, b = 0;
    break;
  case CTX_PAT_RANDOM:
    c = CTX_TB_RANDOM, b = threads * CTX_WORD_BYTES;
    break;
  case CTX_PAT_UNIFORM:
  case CTX_PAT_STRIDED:
  default:
    if (global && stride == 0)
      c = CTX_TB_GLOBAL_UNIFORM, b = CTX_WORD_BYTES;
    else if (global)
      c = CTX_TB_GLOBAL_STRIDED, b = 2 * CTX_WORD_BYTES;
    else if (worst == CTX_PAT_UNIFORM)
      c = CTX_TB_LOCAL_UNIFORM, b = local;
    else
      c = CTX_TB_LOCAL_STRIDED, b = local;
    break;
  }
  if (bytes)
    *bytes = b;
  return c;
}

uint32_t ctx_pag_for_block(uint32_t pag, const uint32_t block[3])
{
  if (pag)
    return pag;
  uint32_t m = 32;
  for (int i = 0; i < 3; i++)
    if (block[i] > 1 && block[i] < m)
      m = block[i];
  uint32_t p = 8;
  while (p * 2 <= m)
    p *= 2;
  return p;
}
