/* ptx_mods.c -- the modifier table and its lookups. */
#include "frontend/ptx_mods.h"

#include "frontend/ptx_table.h"

static const ptx_mod_info mod_rows[] = {
#define PTX_MOD(id, name, cats, ver, sm) {name, cats, ver, sm},
#include "frontend/ptx_mods.def"
#undef PTX_MOD
};

enum { N_MOD_ROWS = sizeof mod_rows / sizeof mod_rows[0] };
_Static_assert(PTX_TYPE_COUNT + N_MOD_ROWS == PTX_MOD_SHAPE, "modifier ids out of step");

static const ptx_mod_info none_info = {"", 0, 0, 0};
static const ptx_mod_info shape_info = {"", PTX_MC(SHAPE), 0, 0};

const ptx_mod_info *ptx_mod_get(ptx_mod m)
{
  /* Types: one info per type, built from the type table on first principles
   * (no mutable state: a const array indexed by type id). */
  static const ptx_mod_info type_infos[PTX_TYPE_COUNT] = {
#define PTX_TYPE(id, name, bits, kind, lanes) [PTX_TYPE_##id] = {name, PTX_MC(TYPE), 0, 0},
#include "frontend/ptx_types.def"
#undef PTX_TYPE
  };
  if (m == PTX_MOD_NONE)
    return &none_info;
  if (m < PTX_TYPE_COUNT)
    return &type_infos[m];
  if (m < PTX_MOD_SHAPE)
    return &mod_rows[m - PTX_TYPE_COUNT];
  return &shape_info;
}

const char *ptx_mod_name(ptx_mod m)
{
  return ptx_mod_get(m)->name;
}

ptx_mod ptx_mod_lookup_component(const char *s, size_t len)
{
  long i = ptx_table_find(mod_rows, N_MOD_ROWS, sizeof mod_rows[0], s, len);
  return i < 0 ? PTX_MOD_NONE : (ptx_mod)(PTX_TYPE_COUNT + i);
}

ptx_mod ptx_mod_lookup(const char *s, size_t len)
{
  ptx_type t = ptx_type_lookup(s, len);
  if (t != PTX_TYPE_NONE)
    return (ptx_mod)t;
  return ptx_mod_lookup_component(s, len);
}
