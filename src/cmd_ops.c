/* cmd_ops.c -- `ptxsim --list-ops`: the opcode table as documentation. */
#include "config.h"

#include <stdio.h>

#include "frontend/ptx_ops.h"
#include "src/cli.h"

/* The binder column (the semantic family in isa/ that executes the
 * opcode; "none": parsed, not executed), which the frontend's table
 * leaves out. */
static const char *const binder_names[PTX_OP_COUNT] = {
#define PTX_OP(id, mn, sig, tmin, tmax, cats, fc, binder, unit, tc, flags, ver, sm, doc) \
  [PTX_OP_##id] = #binder,
#include "frontend/ptx_ops.def"
#undef PTX_OP
};

void cmd_list_ops(FILE *out)
{
  fprintf(out, "%-36s %-28s %-6s %-10s %-6s %-6s %-5s %s\n", "opcode", "operands", "class",
          "binder", "unit", "timing", "since", "description");
  for (int i = 1; i < PTX_OP_COUNT; i++) {
    const ptx_op_info *o = &ptx_op_table[i];
    char since[16];
    snprintf(since, sizeof since, "%u.%u", o->ptx_version / 10, o->ptx_version % 10);
    fprintf(out, "%-36s %-28s %-6s %-10s %-6s %-6s %-5s %s\n", o->mnemonic, o->signature,
            ptx_fclass_names[o->fclass], binder_names[i], ptx_unit_names[o->unit],
            ptx_tclass_names[o->tclass], since, o->doc);
  }
}
