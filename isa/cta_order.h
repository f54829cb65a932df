/* cta_order.h -- what in a kernel lets its CTAs see the order they run in.
 *
 * Functional mode runs a grid's CTAs one after another (simt_launch.c);
 * with several host threads it runs them side by side (simt_par.c), and the
 * results must be the same bits.  They are whenever a CTA cannot observe
 * another's progress: its own registers, shared and local memory, and
 * global memory it alone writes.  The kernel properties below make the
 * order observable (or the run's bits depend on it); a kernel with any of
 * them runs its CTAs in order, on one thread.  Plain loads and stores of
 * one global address by two CTAs, at least one a store, are a data race
 * the CUDA memory model leaves undefined: ptxsim does not look for them,
 * and their result may depend on the number of threads, as it depends on
 * the schedule on a GPU.
 */
#ifndef PTXSIM_ISA_CTA_ORDER_H
#define PTXSIM_ISA_CTA_ORDER_H

#include <stdint.h>

#include "isa/isa_prog.h"

/* X(NAME, what makes the order observable) */
#define ISA_CTA_ORDER_DEPS(X)                                                                \
  X(GLOBAL_ATOMIC, "an atomic or reduction on global or generic memory whose outcome "      \
                   "follows the CTA order: a returned value that is used, a floating-point " \
                   "sum's rounding, inc, dec, exch, cas (atom_order.c)")                     \
  X(SYNC_MEMORY, "a volatile, relaxed, acquire or release access to global or generic "      \
                 "memory, or a fence at GPU or system scope (CTAs that communicate)")        \
  X(DEVICE_HEAP, "device-side malloc or free (the addresses follow the CTA order)")          \
  X(DEVICE_LAUNCH, "a device-side launch (dynamic parallelism)")                             \
  X(CLOCK, "a read of %clock or %clock64, which in functional mode counts the launch's "     \
           "warp instructions so far")

enum {
#define X(name, what) ISA_CTA_ORDER_BIT_##name,
  ISA_CTA_ORDER_DEPS(X)
#undef X
  ISA_CTA_ORDER_BIT_COUNT
};

enum {
#define X(name, what) ISA_CTA_ORDER_##name = 1u << ISA_CTA_ORDER_BIT_##name,
  ISA_CTA_ORDER_DEPS(X)
#undef X
};

/* What the kernel (entry, with every function it can call) has: a mask
 * of ISA_CTA_ORDER_*.  *has_printf: it can call vprintf. */
uint32_t isa_cta_order_deps(const isa_program *p, const isa_func *entry, bool *has_printf);

/* The text of bit b (ISA_CTA_ORDER_BIT_*). */
const char *isa_cta_order_what(unsigned b);

#endif /* PTXSIM_ISA_CTA_ORDER_H */
