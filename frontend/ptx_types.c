/* ptx_types.c -- the type table and the operand compatibility rules. */
#include "frontend/ptx_types.h"

#include <string.h>

#include "frontend/ptx_table.h"

const ptx_type_info ptx_type_table[PTX_TYPE_COUNT] = {
  [PTX_TYPE_NONE] = {"", 0, PTX_TK_NONE, 0},
#define PTX_TYPE(id, name, bits, kind, lanes) [PTX_TYPE_##id] = {name, bits, kind, lanes},
#include "frontend/ptx_types.def"
#undef PTX_TYPE
};

const char *const ptx_space_names[PTX_SPACE_COUNT] = {
#define X(id, name) [PTX_SPACE_##id] = name,
  PTX_SPACES(X)
#undef X
};

ptx_type ptx_type_lookup(const char *s, size_t len)
{
  /* Row 0 is PTX_TYPE_NONE; the rest are sorted. */
  long i = ptx_table_find(&ptx_type_table[1], PTX_TYPE_COUNT - 1, sizeof ptx_type_table[0], s, len);
  return i < 0 ? PTX_TYPE_NONE : (ptx_type)(i + 1);
}

static bool is_int_or_bits(ptx_type_kind k)
{
  return k == PTX_TK_SINT || k == PTX_TK_UINT || k == PTX_TK_BITS;
}

bool ptx_type_compatible(ptx_type insn_type, ptx_type reg_type, bool relaxed)
{
  if (insn_type == reg_type)
    return true;
  const ptx_type_info *it = &ptx_type_table[insn_type];
  const ptx_type_info *rt = &ptx_type_table[reg_type];
  if (it->kind == PTX_TK_PRED || rt->kind == PTX_TK_PRED || it->kind == PTX_TK_OPAQUE ||
      rt->kind == PTX_TK_OPAQUE)
    return false;
  if (it->bits == rt->bits) {
    if (it->kind == PTX_TK_BITS || rt->kind == PTX_TK_BITS)
      return true;
    return ptx_type_is_int(insn_type) && ptx_type_is_int(reg_type);
  }
  if (relaxed && rt->bits > it->bits) {
    if (rt->kind == PTX_TK_BITS)
      return true;
    return is_int_or_bits(it->kind) && is_int_or_bits(rt->kind);
  }
  return false;
}
