/* cmd_ops.c -- `ptxsim --list-ops`: the opcode table as documentation. */
#include "config.h"

#include <stdio.h>

#include "frontend/ptx_ops.h"
#include "src/cli.h"

void cmd_list_ops(FILE *out)
{
  fprintf(out, "%-36s %-28s %-6s %-6s %-5s %s\n", "opcode", "operands", "class", "unit", "since",
          "description");
  for (int i = 1; i < PTX_OP_COUNT; i++) {
    const ptx_op_info *o = &ptx_op_table[i];
    char since[16];
    snprintf(since, sizeof since, "%u.%u", o->ptx_version / 10, o->ptx_version % 10);
    fprintf(out, "%-36s %-28s %-6s %-6s %-5s %s\n", o->mnemonic, o->signature,
            ptx_fclass_names[o->fclass], ptx_unit_names[o->unit], since, o->doc);
  }
}
