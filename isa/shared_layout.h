/* shared_layout.h -- where each .shared variable of a module lives, and
 * how much static shared memory each kernel needs.
 *
 * A variable's offset is a single number, baked into the decoded code of
 * every function that names it, so two variables that one kernel can
 * reach (directly or through the functions it may call) must not overlap.
 * Variables that no kernel reaches together may: each kernel is charged
 * only for what it reaches, as CUDA charges each kernel for its own
 * __shared__ variables.  A module of several kernels with large tiles
 * therefore fits, where one module-wide layout would not.
 *
 * .extern (dynamic) shared variables alias the start of the launch's
 * dynamic area, which follows the kernel's own static variables; their
 * address depends on the kernel and is bound when a frame is created
 * (ISA_SLOT_DYN_SHARED). */
#ifndef PTXSIM_ISA_SHARED_LAYOUT_H
#define PTXSIM_ISA_SHARED_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/ptx_ir.h"

typedef struct isa_shared_layout {
  uint32_t n_vars;
  const ptx_var **vars;     /* every .shared variable: module scope first,
                               then each function's, in declaration order */
  uint64_t *offset;         /* static variables: offset in the block's
                               shared memory; dynamic ones: 0 */
  bool *is_dynamic;         /* .extern or unsized: the dynamic area */
  uint64_t *kernel_bytes;   /* by module function index: the static shared
                               memory of that kernel, aligned to dyn_align
                               (0 for non-kernels) */
  uint32_t dyn_align;       /* alignment of the dynamic area (>= 16) */
} isa_shared_layout;

/* Fills l; PTX_ENOMEM on failure (l is then empty). */
int isa_shared_layout_build(const ptx_module *m, isa_shared_layout *l) PTX_MUST_CHECK;
void isa_shared_layout_free(isa_shared_layout *l);

#endif
