/* sm_operand.c -- the registry of register-file units (sm_operand.h) and
 * the plain vector register file.  A new unit (token bits, a scalar
 * register file, an instruction reuse buffer) is a file of its own
 * (operand_<name>.c) plus one line in the table. */
#include "config.h"

#include "pipeline/sm_operand.h"

#include "pipeline/sm_registry.h"

/* Every operand is a full vector register: the opcode table's cost, and
 * no hook, so that issue spends nothing on it. */
static const sm_operand_ops vector_ops = {
  .name = "vector",
  .doc = "a vector register file: every instruction costs what its opcode table says",
};

static const sm_operand_ops *const registry[] = {
  &vector_ops,
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
