/* sm_operand.c -- the registry of register-file units (sm_operand.h) and
 * the plain vector register file.  A new unit (token bits, a scalar
 * register file, an instruction reuse buffer) is a file of its own
 * (operand_<name>.c) plus one line in the table. */
#include "config.h"

#include "pipeline/sm_operand.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/sm_registry.h"
#include "ptxsim.h"

/* Every operand is a full vector register: the opcode table's cost, and
 * no hook, so that issue spends nothing on it. */
static const sm_operand_ops vector_ops = {
  .name = "vector",
  .doc = "a vector register file: every instruction costs what its opcode table says",
};

static const sm_operand_ops *const registry[] = {
  &vector_ops,
  &sm_operand_detect_ops,
  &sm_operand_token_ops,
  &sm_operand_srf_ops,
};

const sm_operand_ops *const *sm_operand_list(size_t *n_out)
{
  *n_out = PTX_ARRAY_SIZE(registry);
  return registry;
}

static const char *name_at(size_t i)
{
  return i < PTX_ARRAY_SIZE(registry) ? registry[i]->name : NULL;
}

const sm_operand_ops *sm_operand_find(const char *name, char *err, size_t errlen)
{
  long i = sm_registry_index(name_at, "register file", name, err, errlen);
  return i < 0 ? NULL : registry[i];
}

int sm_operand_fail(simt_launch *l, const simt_warp *w, const simt_record *rec,
                    const sm_operand_ops *unit, int rc)
{
  if (!l->message) {
    const isa_insn *in = rec->insn;
    const simt_cta *c = w->cta;
    char buf[1024];
    const char *what = rc == SM_OPERAND_E_REUSE
                           ? "reused a value from the instruction reuse buffer that the "
                             "instruction does not compute"
                           : "marked a destination uniform that holds different values in the "
                             "warp's lanes";
    snprintf(buf, sizeof buf,
             "%s:%u:%u: error: %s: register file %s %s (-ptxsim_scalar_check; code %d)\n"
             "  in kernel %s, block (%u,%u,%u), warp %u\n",
             l->prog->ir->path ? l->prog->ir->path : "<ptx>", in->ir->loc.line,
             in->ir->loc.col, in->ir->form->word->str, unit->name, what, rc,
             l->kernel->func->name,
             c->ctaid[0], c->ctaid[1], c->ctaid[2], w->warp_id);
    l->message = strdup(buf);
    l->status = PTXSIM_E_INVALID;
  }
  return l->status;
}
