/* ptx_vec.h -- a growable array of fixed-size elements (malloc'd).
 *
 * The parser collects a function's instructions, labels and statements in
 * these, then copies them into the module arena at exact size, so that the
 * final IR is compact and the temporaries are reused for the next function.
 */
#ifndef PTXSIM_FRONTEND_PTX_VEC_H
#define PTXSIM_FRONTEND_PTX_VEC_H

#include <stddef.h>
#include <stdint.h>

typedef struct ptx_vec {
  void *data;
  uint32_t n, cap;
} ptx_vec;

/* Appends one zeroed element of elem_size bytes; NULL when out of memory. */
void *ptx_vec_push(ptx_vec *v, size_t elem_size);
/* Appends a pointer; returns 0, or -1 when out of memory. */
int ptx_vec_push_ptr(ptx_vec *v, void *p);
void ptx_vec_free(ptx_vec *v);
#define PTX_VEC_AT(v, type, i) (((type *)(v)->data)[i])

#endif /* PTXSIM_FRONTEND_PTX_VEC_H */
