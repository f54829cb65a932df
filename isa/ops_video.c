/* ops_video.c -- the SIMD video instructions (PTX ISA 9.7.17): decode the
 * selectors, masks and secondary operation into an isa_video_desc once,
 * then run video_ops.h per lane.
 */
#include "config.h"

#include <stdlib.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/ops_basic.h"
#include "isa/video_ops.h"

static void video_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const isa_video_desc *v = in->ext;
  uint64_t *r = w->r;
  const uint32_t c = in->n_o > 3 ? in->o[3] : in->o[0];
  SIMT_FOR_EACH_LANE(mask, l)
  r[in->o[0] + l] = isa_video_exec(v, (uint32_t)r[in->o[1] + l], (uint32_t)r[in->o[2] + l],
                                   (uint32_t)r[c + l]);
}

static bool signed_type(uint8_t t)
{
  return ptx_type_kind_of((ptx_type)t) == PTX_TK_SINT;
}

isa_exec_fn isa_bind_video(isa_insn *in)
{
  static const struct {
    ptx_op op;
    isa_video_op vop;
    unsigned lanes;
  } ops[] = {
    {PTX_OP_VADD, ISA_VOP_ADD, 1},       {PTX_OP_VSUB, ISA_VOP_SUB, 1},
    {PTX_OP_VABSDIFF, ISA_VOP_ABSDIFF, 1}, {PTX_OP_VMIN, ISA_VOP_MIN, 1},
    {PTX_OP_VMAX, ISA_VOP_MAX, 1},       {PTX_OP_VSHL, ISA_VOP_SHL, 1},
    {PTX_OP_VSHR, ISA_VOP_SHR, 1},       {PTX_OP_VMAD, ISA_VOP_MAD, 1},
    {PTX_OP_VSET, ISA_VOP_SET, 1},       {PTX_OP_VADD2, ISA_VOP_ADD, 2},
    {PTX_OP_VSUB2, ISA_VOP_SUB, 2},      {PTX_OP_VAVRG2, ISA_VOP_AVRG, 2},
    {PTX_OP_VABSDIFF2, ISA_VOP_ABSDIFF, 2}, {PTX_OP_VMIN2, ISA_VOP_MIN, 2},
    {PTX_OP_VMAX2, ISA_VOP_MAX, 2},      {PTX_OP_VSET2, ISA_VOP_SET, 2},
    {PTX_OP_VADD4, ISA_VOP_ADD, 4},      {PTX_OP_VSUB4, ISA_VOP_SUB, 4},
    {PTX_OP_VAVRG4, ISA_VOP_AVRG, 4},    {PTX_OP_VABSDIFF4, ISA_VOP_ABSDIFF, 4},
    {PTX_OP_VMIN4, ISA_VOP_MIN, 4},      {PTX_OP_VMAX4, ISA_VOP_MAX, 4},
    {PTX_OP_VSET4, ISA_VOP_SET, 4},
  };
  const ptx_insn *ir = in->ir;
  size_t k = 0;
  while (k < PTX_ARRAY_SIZE(ops) && ops[k].op != in->op)
    k++;
  if (k == PTX_ARRAY_SIZE(ops) || ir->n_opnds < 3)
    return NULL;
  isa_video_desc *v = calloc(1, sizeof *v);
  if (!v)
    return NULL;
  isa_video_desc_init(v, ops[k].vop, ops[k].lanes);
  const ptx_form *f = ir->form;
  v->d_signed = signed_type(f->types[0]);
  v->a_signed = f->n_types > 1 && signed_type(f->types[1]);
  v->b_signed = f->n_types > 2 && signed_type(f->types[2]);
  v->is_sat = in->sat;
  v->is_clamp = isa_has(in, PTX_MOD_CLAMP);
  if (isa_has(in, PTX_MOD_ADD))
    v->secop = ISA_VSECOP_ADD;
  else if (isa_has(in, PTX_MOD_MIN))
    v->secop = ISA_VSECOP_MIN;
  else if (isa_has(in, PTX_MOD_MAX))
    v->secop = ISA_VSECOP_MAX;
  static const struct {
    ptx_mod m;
    isa_vcmp c;
  } cmps[] = {{PTX_MOD_EQ, ISA_VCMP_EQ}, {PTX_MOD_NE, ISA_VCMP_NE}, {PTX_MOD_LT, ISA_VCMP_LT},
              {PTX_MOD_LE, ISA_VCMP_LE}, {PTX_MOD_GT, ISA_VCMP_GT}, {PTX_MOD_GE, ISA_VCMP_GE}};
  for (size_t i = 0; i < PTX_ARRAY_SIZE(cmps); i++)
    if (isa_has(in, cmps[i].m))
      v->cmp = cmps[i].c;
  if (ops[k].vop == ISA_VOP_MAD) {
    bool na = ir->opnds[1].flags & PTX_OPNDF_NEG, nb = ir->opnds[2].flags & PTX_OPNDF_NEG;
    v->neg_prod = na != nb;
    v->neg_c = ir->n_opnds > 3 && (ir->opnds[3].flags & PTX_OPNDF_NEG);
    v->is_po = isa_has(in, PTX_MOD_PO);
    v->scale = isa_has(in, PTX_MOD_SHR7) ? 7 : isa_has(in, PTX_MOD_SHR15) ? 15 : 0;
  }
  /* Selectors and masks are the operands' component suffixes. */
  int bad = 0;
  for (unsigned i = 0; i < 3 && i < ir->n_opnds; i++) {
    uint16_t comp = ir->opnds[i].comp;
    if (!comp)
      continue;
    const char *name = ptx_mod_name(comp);
    if (ops[k].lanes == 1) {
      uint8_t sel;
      bad |= isa_video_parse_sel(name, &sel);
      if (i == 0)
        v->dsel = sel;
      else if (i == 1)
        v->asel = sel;
      else
        v->bsel = sel;
    } else if (i == 0)
      bad |= isa_video_parse_mask(name, ops[k].lanes, &v->mask);
    else
      bad |= isa_video_parse_simd_sel(name, ops[k].lanes, i == 1 ? &v->asel : &v->bsel);
  }
  if (bad) {
    free(v);
    return NULL;
  }
  in->ext = v;
  in->owns_ext = true;
  return video_exec;
}
