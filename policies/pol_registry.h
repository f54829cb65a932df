/* pol_registry.h -- every kind of policy, found by name: one table per
 * kind (warp schedulers, CTA/warp dispatchers), the spec syntax they share
 * and their opaque parameters.
 *
 * A policy is chosen by a spec, "NAME" or "NAME:ARGS" (GPGPU-Sim's
 * "two_level_active:6:0:1").  Only the policy's own file knows what ARGS
 * mean: its class parses them into an opaque blob of POL_ARGS_BYTES bytes
 * kept in pol_params, formats them back, and reads the blob when it
 * creates an instance.  The configuration and the pipeline carry the
 * pol_params as a value and never look inside, and nothing outside a
 * policy's file compares its name (TinyEMU's machine class list is the
 * model, STYLE §6).
 *
 * A new policy: one file defining its ops (whose first member is the
 * pol_class head), a declaration in the kind's *_int.h and one line in the
 * kind's table in pol_registry.c.
 */
#ifndef PTXSIM_POLICIES_POL_REGISTRY_H
#define PTXSIM_POLICIES_POL_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "frontend/ptx_compiler.h"

/* Room for a policy's name, and for its parsed arguments. */
#define POL_NAME_MAX 24
#define POL_ARGS_BYTES 32

/* The kinds of policy, with the words messages use for them. */
#define POL_KINDS(X)                \
  X(SCHED, "warp scheduler")        \
  X(DISPATCH, "CTA dispatcher")

typedef enum pol_kind {
#define X(id, text) POL_KIND_##id,
  POL_KINDS(X)
#undef X
  POL_KIND_COUNT
} pol_kind;

/* A policy as the configuration describes it: its registry name and its
 * arguments, parsed by the policy into a blob only it reads.  Plain data:
 * copy it by assignment; two specs that parse alike compare equal with
 * memcmp (the blob is zeroed before the policy parses into it). */
typedef struct pol_params {
  char name[POL_NAME_MAX];
  _Alignas(8) unsigned char args[POL_ARGS_BYTES];
} pol_params;

/* The head of every policy's ops: what the registry and the spec syntax
 * need.  A kind's ops struct has it as its first member, so a pointer to
 * one converts to the other. */
typedef struct pol_class {
  const char *name;
  const char *doc;  /* one line, for --help and error messages */
  /* Parses the ARGS of a "NAME:ARGS" spec ("" when the spec has none)
   * into blob (POL_ARGS_BYTES bytes, zeroed); returns 0, or -1 with a
   * message in err.  NULL: the policy takes no arguments. */
  int (*parse_args)(const char *args, void *blob, char *err, size_t errlen);
  /* Writes the ARGS that parse back to blob, without the ':' ("": the
   * spec is the bare name).  NULL: none. */
  void (*format_args)(const void *blob, char *buf, size_t size);
} pol_class;

/* "warp scheduler", "CTA dispatcher". */
const char *pol_kind_name(pol_kind kind);

/* The policies of a kind, in registry order (n_out receives the count). */
const pol_class *const *pol_list(pol_kind kind, size_t *n_out);

/* The policy of kind called name, or NULL with "unknown warp scheduler
 * 'x' (valid: lrr, gto, two_level_active)" in err. */
const pol_class *pol_find(pol_kind kind, const char *name, char *err, size_t errlen);

/* Parses a spec ("NAME" or "NAME:ARGS") of kind into p; returns 0, or -1
 * with a message in err (p is then unchanged). */
int pol_parse_spec(pol_kind kind, const char *spec, pol_params *p, char *err,
                   size_t errlen) PTX_MUST_CHECK;

/* The canonical spec of p, which parses back to the same pol_params ("?"
 * for a name the registry does not know). */
void pol_format_spec(pol_kind kind, const pol_params *p, char *buf, size_t size);

/* For parse_args: a decimal uint32 from *s up to a ':' or the end;
 * advances *s past it (and past the ':').  Returns 0, or -1 when there is
 * no number or it overflows. */
int pol_parse_u32_field(const char **s, uint32_t *out);

#endif /* PTXSIM_POLICIES_POL_REGISTRY_H */
