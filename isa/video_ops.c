/* video_ops.c -- PTX video instructions (PTX ISA 9.0 §9.7.18), declared in
 * video_ops.h.
 *
 * Values are carried as int64_t: every extended operand fits 33 bits and
 * every primary result 34 bits, except vshl (up to 65 bits, handled by
 * keeping the exact low 32 bits beside a value saturated far outside any
 * clamp range) and vmad (up to 66 bits, handled with a two-word integer).
 * Signed conversions of out-of-range unsigned values are the only
 * implementation-defined steps; no step can overflow.
 */
#include "isa/video_ops.h"

#include <stddef.h>

/* partSelectSignExtend: the selected byte/half/word of x, sign- or
 * zero-extended (video.md; selector reading [emu]). */
static int64_t part_select(uint32_t x, unsigned sel, bool is_signed)
{
  unsigned bits = 32, shift = 0;
  uint64_t v, s;
  if (sel >= ISA_VSEL_B0 && sel <= ISA_VSEL_B3) {
    bits = 8;
    shift = 8 * (sel - ISA_VSEL_B0);
  } else if (sel == ISA_VSEL_H0 || sel == ISA_VSEL_H1) {
    bits = 16;
    shift = 16 * (sel - ISA_VSEL_H0);
  }
  v = (x >> shift) & ((UINT64_C(1) << bits) - 1);
  if (!is_signed)
    return (int64_t)v;
  s = UINT64_C(1) << (bits - 1);
  return (int64_t)((v ^ s) - s);
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

/* optSaturate's range for a result of `bits` bits. */
static int64_t saturate(int64_t v, unsigned bits, bool is_signed)
{
  if (is_signed)
    return clamp64(v, -(INT64_C(1) << (bits - 1)), (INT64_C(1) << (bits - 1)) - 1);
  return clamp64(v, 0, (INT64_C(1) << bits) - 1);
}

static bool compare(int64_t x, int64_t y, unsigned cmp)
{
  switch (cmp) {
  case ISA_VCMP_EQ:
    return x == y;
  case ISA_VCMP_NE:
    return x != y;
  case ISA_VCMP_LT:
    return x < y;
  case ISA_VCMP_LE:
    return x <= y;
  case ISA_VCMP_GT:
    return x > y;
  default:
    return x >= y;
  }
}

/* Floor of x / 2^n for 0 <= n <= 63, without right-shifting a negative. */
static int64_t asr64(int64_t x, unsigned n)
{
  return x < 0 ? ~(~x >> n) : x >> n;
}

/* The primary operations shared by scalar and SIMD forms (not shifts,
 * vmad).  Inputs are 33-bit, results 34-bit: no overflow. */
static int64_t primary(unsigned op, unsigned cmp, int64_t x, int64_t y)
{
  switch (op) {
  case ISA_VOP_ADD:
    return x + y;
  case ISA_VOP_SUB:
    return x - y;
  case ISA_VOP_ABSDIFF:
    return x > y ? x - y : y - x;
  case ISA_VOP_MIN:
    return x < y ? x : y;
  case ISA_VOP_MAX:
    return x > y ? x : y;
  case ISA_VOP_AVRG:
    /* video.md: (sum + 1) >> 1 for a non-negative sum, else sum >> 1,
     * arithmetic: halves round away from zero. */
    return x + y >= 0 ? (x + y + 1) >> 1 : asr64(x + y, 1);
  default:
    return compare(x, y, cmp);
  }
}

static uint32_t merge(unsigned dsel, uint32_t t, uint32_t c)
{
  switch (dsel) {
  case ISA_VSEL_B0: case ISA_VSEL_B1: case ISA_VSEL_B2: case ISA_VSEL_B3: {
    unsigned sh = 8 * (dsel - ISA_VSEL_B0);
    return ((t & 0xffu) << sh) | (c & ~(UINT32_C(0xff) << sh));
  }
  case ISA_VSEL_H0:
    return (t & 0xffffu) | (c & 0xffff0000u);
  case ISA_VSEL_H1:
    return (t & 0xffffu) << 16 | (c & 0x0000ffffu);
  default:
    return t;
  }
}

/* Values at or beyond this are all "too big": every clamp and every
 * compare with a 33-bit c treats them alike (used for vshl's overflow). */
#define VIDEO_HUGE (INT64_C(1) << 40)

uint32_t isa_video_scalar(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  int64_t ta = part_select(a, v->asel, v->a_signed), tb, tmp, cx;
  uint32_t lo;
  bool is_set = v->op == ISA_VOP_SET, d_signed = v->d_signed && !is_set;

  if (v->op == ISA_VOP_SHL || v->op == ISA_VOP_SHR) {
    tb = part_select(b, v->bsel, false); /* b is always .u32 */
    if (v->is_clamp)
      tb = tb > 32 ? 32 : tb;
    else
      tb &= 0x1f;
    if (v->op == ISA_VOP_SHR) {
      tmp = asr64(ta, (unsigned)tb);
      lo = (uint32_t)tmp;
    } else {
      /* ta in [-2^31, 2^32), tb <= 32: only a positive ta can leave int64. */
      uint64_t sh = (uint64_t)ta << tb;
      lo = (uint32_t)sh;
      if (ta >= 0 && (uint64_t)ta > ((uint64_t)VIDEO_HUGE >> tb))
        tmp = VIDEO_HUGE;
      else
        tmp = (int64_t)sh;
    }
  } else {
    tb = part_select(b, v->bsel, v->b_signed);
    tmp = primary(v->op, v->cmp, ta, tb);
    lo = (uint32_t)tmp;
  }

  if (v->is_sat && !is_set) {
    unsigned bits = v->dsel == ISA_VSEL_NONE ? 32 : v->dsel >= ISA_VSEL_H0 ? 16 : 8;
    tmp = saturate(tmp, bits, d_signed);
    lo = (uint32_t)tmp;
  }

  if (v->dsel != ISA_VSEL_NONE)
    return merge(v->dsel, lo, c);

  /* optSecOp: c takes the sign of dtype (unsigned for vset). */
  cx = d_signed ? part_select(c, ISA_VSEL_NONE, true) : (int64_t)c;
  switch (v->secop) {
  case ISA_VSECOP_ADD:
    return lo + c;
  case ISA_VSECOP_MIN:
    return tmp < cx ? lo : c;
  case ISA_VSECOP_MAX:
    return tmp > cx ? lo : c;
  default:
    return lo;
  }
}

uint32_t isa_video_simd(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  unsigned n = v->n_lanes == 4 ? 4 : 2, bits = 32 / n;
  uint64_t src = (uint64_t)b << 32 | a; /* elements numbered as in prmt */
  uint32_t lane_mask = (UINT32_C(1) << bits) - 1, d = 0;
  int64_t acc = 0;
  bool is_set = v->op == ISA_VOP_SET;

  for (unsigned i = 0; i < n; i++) {
    unsigned ea = (v->asel >> (4 * i)) & 7, eb = (v->bsel >> (4 * i)) & 7;
    uint32_t xa = (uint32_t)(src >> (bits * (ea & (2 * n - 1)))) & lane_mask;
    uint32_t xb = (uint32_t)(src >> (bits * (eb & (2 * n - 1)))) & lane_mask;
    /* Reuse the scalar selector extension: the element sits in bits
     * bits-1..0, which is selector .h0 or .b0. */
    unsigned low = n == 2 ? ISA_VSEL_H0 : ISA_VSEL_B0;
    int64_t t = primary(v->op, v->cmp, part_select(xa, low, v->a_signed),
                        part_select(xb, low, v->b_signed));
    if (v->is_sat && !is_set)
      t = saturate(t, bits, v->d_signed);
    if (v->secop == ISA_VSECOP_ADD) {
      if ((v->mask >> i) & 1)
        acc += t;
    } else {
      uint32_t lane = (v->mask >> i) & 1 ? (uint32_t)t : c >> (bits * i);
      d |= (lane & lane_mask) << (bits * i);
    }
  }
  if (v->secop == ISA_VSECOP_ADD)
    return c + (uint32_t)acc; /* 32-bit wrap [emu] */
  return d;
}

/* A two's-complement 128-bit integer, just enough for vmad. */
typedef struct s128 {
  uint64_t lo, hi;
} s128;

static s128 s128_add_i64(s128 x, int64_t y)
{
  uint64_t ylo = (uint64_t)y, yhi = y < 0 ? UINT64_MAX : 0;
  s128 r;
  r.lo = x.lo + ylo;
  r.hi = x.hi + yhi + (r.lo < x.lo);
  return r;
}

/* Clamp x into [lo, hi] (both int64) and return the low 32 bits. */
static uint32_t s128_clamp(s128 x, int64_t lo, int64_t hi)
{
  bool is_neg = x.hi >> 63;
  bool fits64 = x.hi == (((x.lo >> 63) != 0) ? UINT64_MAX : 0);
  int64_t v;
  if (!fits64)
    return (uint32_t)(is_neg ? lo : hi);
  v = (int64_t)x.lo;
  return (uint32_t)clamp64(v, lo, hi);
}

uint32_t isa_vmad(const isa_video_desc *v, uint32_t a, uint32_t b, uint32_t c)
{
  int64_t ta = part_select(a, v->asel, v->a_signed);
  int64_t tb = part_select(b, v->bsel, v->b_signed);
  bool is_po = v->is_po, neg_prod = v->neg_prod && !is_po;
  /* The spec's else-if chain negates c only when the product is not. */
  bool neg_c = v->neg_c && !is_po && !neg_prod;
  bool inter_signed = v->a_signed || v->b_signed || neg_prod;
  bool final_signed = inter_signed || neg_c;
  /* |ta|, |tb| <= 2^32 - 1, so |ta * tb| < 2^64: magnitude and sign. */
  uint64_t ma = ta < 0 ? 0 - (uint64_t)ta : (uint64_t)ta;
  uint64_t mb = tb < 0 ? 0 - (uint64_t)tb : (uint64_t)tb;
  bool prod_neg = ((ta < 0) != (tb < 0)) != neg_prod;
  s128 t = { ma * mb, 0 };
  int64_t cx = part_select(c, ISA_VSEL_NONE, inter_signed);

  if (prod_neg) { /* t = -t */
    t.lo = ~t.lo + 1;
    t.hi = ~t.hi + (t.lo == 0);
  }
  t = s128_add_i64(t, neg_c ? -cx : cx);
  if (is_po)
    t = s128_add_i64(t, 1);
  if (v->scale) { /* arithmetic shift of the exact value by 7 or 15 */
    unsigned k = v->scale;
    t.lo = t.lo >> k | t.hi << (64 - k);
    t.hi = (t.hi >> 63) ? ~(~t.hi >> k) : t.hi >> k;
  }
  if (!v->is_sat)
    return (uint32_t)t.lo;
  if (final_signed)
    return s128_clamp(t, INT32_MIN, INT32_MAX);
  return s128_clamp(t, 0, UINT32_MAX);
}

void isa_video_desc_init(isa_video_desc *v, isa_video_op op, unsigned n_lanes)
{
  *v = (isa_video_desc){ 0 };
  v->op = (uint8_t)op;
  v->n_lanes = (uint8_t)n_lanes;
  if (n_lanes == 2) {
    v->asel = 0x10;
    v->bsel = 0x32;
    v->mask = 0x3;
  } else if (n_lanes == 4) {
    v->asel = 0x3210;
    v->bsel = 0x7654;
    v->mask = 0xf;
  }
}

int isa_video_parse_sel(const char *s, uint8_t *out)
{
  if (*s == '.')
    s++;
  if (s[0] == '\0' || s[1] < '0' || s[2] != '\0')
    return -1;
  if (s[0] == 'b' && s[1] <= '3') {
    *out = (uint8_t)(ISA_VSEL_B0 + (s[1] - '0'));
    return 0;
  }
  if (s[0] == 'h' && s[1] <= '1') {
    *out = (uint8_t)(ISA_VSEL_H0 + (s[1] - '0'));
    return 0;
  }
  return -1;
}

int isa_video_parse_simd_sel(const char *s, unsigned n_lanes, uint16_t *out)
{
  char kind = n_lanes == 2 ? 'h' : 'b';
  char top = n_lanes == 2 ? '3' : '7';
  uint16_t sel = 0;
  if (*s == '.')
    s++;
  if (*s++ != kind || (n_lanes != 2 && n_lanes != 4))
    return -1;
  for (unsigned i = 0; i < n_lanes; i++) {
    if (s[i] < '0' || s[i] > top)
      return -1;
    sel = (uint16_t)(sel << 4 | (s[i] - '0')); /* first digit = top lane */
  }
  if (s[n_lanes] != '\0')
    return -1;
  *out = sel;
  return 0;
}

int isa_video_parse_mask(const char *s, unsigned n_lanes, uint8_t *out)
{
  char kind = n_lanes == 2 ? 'h' : 'b';
  unsigned prev = n_lanes; /* digits must strictly descend */
  uint8_t mask = 0;
  if (*s == '.')
    s++;
  if (*s++ != kind || *s == '\0' || (n_lanes != 2 && n_lanes != 4))
    return -1;
  for (; *s; s++) {
    unsigned lane;
    if (*s < '0' || *s > '9')
      return -1;
    lane = (unsigned)(*s - '0');
    if (lane >= prev)
      return -1;
    mask |= (uint8_t)(1u << lane);
    prev = lane;
  }
  *out = mask;
  return 0;
}
