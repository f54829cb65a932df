/* ops_cvt.c -- cvt and cvt.pack (PTX ISA 9.7.9.21-22): lane loops over the
 * exact conversions of fp_cvt.h.  The integer-to-integer forms nvcc emits
 * for every index computation (cvt.u64.u32, cvt.s64.s32, cvt.u32.u64) get
 * their own functions; the rest share one loop that switches on the
 * conversion chosen at decode time.
 */
#include "config.h"

#include "frontend/ptx_ops.h"
#include "isa/fp_cvt.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"

ISA_LANE_OP(cvt_u64_u32, uint64_t, ISA_WR_U64, 1, (uint32_t)a)
ISA_LANE_OP(cvt_s64_s32, uint64_t, ISA_WR_S64, 1, (uint64_t)(int64_t)(int32_t)(uint32_t)a)
ISA_LANE_OP(cvt_u32_u64, uint64_t, ISA_WR_U32, 1, (uint32_t)a)
ISA_LANE_OP(cvt_s32_64, uint64_t, ISA_WR_S32, 1, (uint32_t)a)

typedef enum cvt_kind {
  CK_INT_INT, CK_F2I, CK_I2F, CK_F2F, CK_F2F_INT, CK_TF32, CK_PACK_X2, CK_FTZ_ONLY
} cvt_kind;

typedef enum fk { FK_F16, FK_BF16, FK_F32, FK_F64, FK_OTHER } fk;

static fk float_kind(uint8_t t)
{
  switch (t) {
  case PTX_TYPE_F16: return FK_F16;
  case PTX_TYPE_BF16: return FK_BF16;
  case PTX_TYPE_F32: return FK_F32;
  case PTX_TYPE_F64: return FK_F64;
  default: return FK_OTHER;
  }
}

/* Decoded parameters, packed into aux/aux2:
 *   aux  = kind | dst fk << 4 | src fk << 8 | flags << 12 | int_rounding << 20
 *   aux2 = dst bits | dst signed << 8 | src bits << 16 | src signed << 24 | sat << 25 */
#define KIND (in->aux & 15)
#define DFK ((fk)((in->aux >> 4) & 15))
#define SFK ((fk)((in->aux >> 8) & 15))
#define FLAGS ((in->aux >> 12) & 255)
#define DBITS (in->aux2 & 255)
#define DSGN ((in->aux2 >> 8) & 1)
#define SBITS ((in->aux2 >> 16) & 255)
#define SSGN ((in->aux2 >> 24) & 1)
#define SAT ((in->aux2 >> 25) & 1)

static uint64_t to_f32(uint64_t a, fk s, unsigned flags)
{
  switch (s) {
  case FK_F16: return isa_cvt_f16_to_f32((uint16_t)a, flags);
  case FK_BF16: return isa_cvt_bf16_to_f32((uint16_t)a, flags);
  default: return (uint32_t)a;
  }
}

static uint64_t cvt_one(const isa_insn *in, uint64_t a, uint64_t b)
{
  const isa_round rnd = (isa_round)in->rnd;
  const unsigned flags = FLAGS;
  switch (KIND) {
  case CK_INT_INT:
    return isa_cvt_int_to_int(a, DBITS, DSGN, SBITS, SSGN, SAT);
  case CK_F2I:
    switch (SFK) {
    case FK_F32: return isa_cvt_f32_to_int((uint32_t)a, DBITS, DSGN, rnd, flags & ISA_CVT_FTZ);
    case FK_F64: return isa_cvt_f64_to_int(a, DBITS, DSGN, rnd);
    case FK_F16: return isa_cvt_f16_to_int((uint16_t)a, DBITS, DSGN, rnd);
    default: return isa_cvt_bf16_to_int((uint16_t)a, DBITS, DSGN, rnd);
    }
  case CK_I2F: {
    uint64_t v = SBITS < 64 ? (SSGN ? (uint64_t)isa_cvt_int_to_int(a, 64, true, SBITS, true, false)
                                    : a & ((UINT64_C(1) << SBITS) - 1))
                            : a;
    switch (DFK) {
    case FK_F16: return isa_cvt_int_to_f16(v, SSGN, rnd, flags & ISA_CVT_SAT);
    case FK_BF16: return isa_cvt_int_to_bf16(v, SSGN, rnd);
    case FK_F32: return isa_cvt_int_to_f32(v, SSGN, rnd, flags & ISA_CVT_SAT);
    default: return isa_cvt_int_to_f64(v, SSGN, rnd, flags & ISA_CVT_SAT);
    }
  }
  case CK_F2F: {
    fk d = DFK, s = SFK;
    if (s == FK_F64) {
      switch (d) {
      case FK_F32: return isa_cvt_f64_to_f32(a, rnd, flags);
      case FK_F16: return isa_cvt_f64_to_f16(a, rnd, flags);
      default: return isa_cvt_f64_to_bf16(a, rnd, flags);
      }
    }
    if (d == FK_F64) {
      switch (s) {
      case FK_F32: return isa_cvt_f32_to_f64((uint32_t)a, flags);
      case FK_F16: return isa_cvt_f16_to_f64((uint16_t)a, flags);
      default: return isa_cvt_bf16_to_f64((uint16_t)a, flags);
      }
    }
    if (d == FK_F32)
      return to_f32(a, s, flags);
    if (s == FK_F32)
      return d == FK_F16 ? isa_cvt_f32_to_f16((uint32_t)a, rnd, flags)
                         : isa_cvt_f32_to_bf16((uint32_t)a, rnd, flags);
    return d == FK_F16 ? isa_cvt_bf16_to_f16((uint16_t)a, rnd, flags)
                       : isa_cvt_f16_to_bf16((uint16_t)a, rnd, flags);
  }
  case CK_F2F_INT:
    switch (DFK) {
    case FK_F32: return isa_cvt_f32_to_f32_int((uint32_t)a, rnd, flags);
    case FK_F64: return isa_cvt_f64_to_f64_int(a, rnd, flags);
    case FK_F16: return isa_cvt_f16_to_f16_int((uint16_t)a, rnd, flags);
    default: return isa_cvt_bf16_to_bf16_int((uint16_t)a, rnd, flags);
    }
  case CK_TF32:
    return isa_cvt_f32_to_tf32((uint32_t)a, rnd, flags);
  case CK_PACK_X2:
    return DFK == FK_F16 ? isa_cvt_f32x2_to_f16x2((uint32_t)a, (uint32_t)b, rnd, flags)
                         : isa_cvt_f32x2_to_bf16x2((uint32_t)a, (uint32_t)b, rnd, flags);
  default: { /* CK_FTZ_ONLY: cvt{.ftz}{.sat}.f32.f32 and cvt{.sat}.f64.f64 */
    bool f64 = DFK == FK_F64;
    double x;
    if (f64)
      x = isa_f64_from_bits(a);
    else {
      if (flags & ISA_CVT_FTZ)
        a = isa_f32_ftz((uint32_t)a);
      x = isa_f32_from_bits((uint32_t)a);
    }
    if (!(flags & ISA_CVT_SAT))
      return a;
    /* .sat: NaN and negatives (with -0) give +0, above one gives 1. */
    if (x != x || x <= 0)
      return 0;
    if (x >= 1)
      return f64 ? UINT64_C(0x3ff0000000000000) : 0x3f800000u;
    return a;
  }
  }
}

static void cvt_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  const bool two = KIND == CK_PACK_X2;
  const bool dsgn = DSGN && KIND != CK_F2F && KIND != CK_F2F_INT && KIND != CK_I2F;
  const unsigned dbits = DBITS;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t v = cvt_one(in, r[in->o[1] + l], two ? r[in->o[2] + l] : 0);
    if (dbits < 64)
      v = dsgn ? isa_cvt_int_to_int(v, 64, true, dbits, true, false)
               : v & ((UINT64_C(1) << dbits) - 1);
    r[in->o[0] + l] = v;
  }
}

isa_exec_fn isa_bind_cvt(isa_insn *in)
{
  uint8_t dt = in->type, st = in->type2;
  ptx_type_kind dk = ptx_type_kind_of((ptx_type)dt), sk = ptx_type_kind_of((ptx_type)st);
  unsigned dbits = ptx_type_bits((ptx_type)dt), sbits = ptx_type_bits((ptx_type)st);
  bool dint = dk == PTX_TK_SINT || dk == PTX_TK_UINT || dk == PTX_TK_BITS;
  bool sint = sk == PTX_TK_SINT || sk == PTX_TK_UINT || sk == PTX_TK_BITS;
  unsigned flags = (in->sat ? ISA_CVT_SAT : 0) | (isa_has(in, PTX_MOD_RELU) ? ISA_CVT_RELU : 0) |
                   (isa_has(in, PTX_MOD_SATFINITE) ? ISA_CVT_SATFINITE : 0) |
                   (in->ftz ? ISA_CVT_FTZ : 0);
  bool has_irnd = isa_has(in, PTX_MOD_RNI) || isa_has(in, PTX_MOD_RZI) ||
                  isa_has(in, PTX_MOD_RMI) || isa_has(in, PTX_MOD_RPI);
  cvt_kind kind;
  if (dint && sint) {
    if (!in->sat) {
      if (dt == PTX_TYPE_U64 && st == PTX_TYPE_U32)
        return cvt_u64_u32;
      if (dt == PTX_TYPE_S64 && st == PTX_TYPE_S32)
        return cvt_s64_s32;
      if ((dt == PTX_TYPE_U32 || dt == PTX_TYPE_S32) && (st == PTX_TYPE_U64 || st == PTX_TYPE_S64))
        return dt == PTX_TYPE_U32 ? cvt_u32_u64 : cvt_s32_64;
    }
    kind = CK_INT_INT;
  } else if (dint) {
    if (float_kind(st) == FK_OTHER)
      return NULL;
    kind = CK_F2I;
    if (!has_irnd)
      in->rnd = ISA_RZ; /* float -> int defaults to .rzi (PTX ISA, cvt) */
  } else if (sint) {
    if (float_kind(dt) == FK_OTHER)
      return NULL;
    kind = CK_I2F;
  } else if (dt == PTX_TYPE_TF32 && st == PTX_TYPE_F32) {
    kind = CK_TF32;
  } else if ((dt == PTX_TYPE_F16X2 || dt == PTX_TYPE_BF16X2) && st == PTX_TYPE_F32) {
    kind = CK_PACK_X2;
    dt = dt == PTX_TYPE_F16X2 ? PTX_TYPE_F16 : PTX_TYPE_BF16;
    dbits = 32;
  } else if (float_kind(dt) != FK_OTHER && float_kind(st) != FK_OTHER) {
    if (dt == st)
      kind = has_irnd ? CK_F2F_INT : CK_FTZ_ONLY;
    else
      kind = CK_F2F;
    if (kind == CK_FTZ_ONLY && dt != PTX_TYPE_F32 && dt != PTX_TYPE_F64)
      return NULL;
  } else
    return NULL;
  in->aux = (uint32_t)kind | (uint32_t)float_kind(dt) << 4 | (uint32_t)float_kind(st) << 8 |
            flags << 12;
  in->aux2 = dbits | (dk == PTX_TK_SINT ? 1u : 0u) << 8 | sbits << 16 |
             (sk == PTX_TK_SINT ? 1u : 0u) << 24 | (in->sat ? 1u : 0u) << 25;
  return cvt_exec;
}

/* cvt.pack.sat.dtype.s32{.b32} d, a, b{, c} */
static void cvt_pack_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  uint64_t *r = w->r;
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = isa_cvt_pack_sat((uint32_t)r[in->o[1] + l], (uint32_t)r[in->o[2] + l],
                                     in->n_o > 3 ? (uint32_t)r[in->o[3] + l] : 0, in->aux,
                                     in->aux2);
}

isa_exec_fn isa_bind_cvt_pack(isa_insn *in)
{
  unsigned n = ptx_type_bits((ptx_type)in->type);
  if (n > 16)
    return NULL;
  in->aux = n;
  in->aux2 = ptx_type_kind_of((ptx_type)in->type) == PTX_TK_SINT;
  return cvt_pack_exec;
}
