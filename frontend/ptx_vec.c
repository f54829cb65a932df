/* ptx_vec.c -- growable arrays (see ptx_vec.h). */
#include "frontend/ptx_vec.h"

#include <stdlib.h>
#include <string.h>

void *ptx_vec_push(ptx_vec *v, size_t elem_size)
{
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 16;
    if (cap < v->cap || (size_t)cap > SIZE_MAX / elem_size)
      return NULL;
    void *p = realloc(v->data, (size_t)cap * elem_size);
    if (!p)
      return NULL;
    v->data = p;
    v->cap = cap;
  }
  void *slot = (char *)v->data + (size_t)v->n * elem_size;
  memset(slot, 0, elem_size);
  v->n++;
  return slot;
}

int ptx_vec_push_ptr(ptx_vec *v, void *p)
{
  void **slot = ptx_vec_push(v, sizeof(void *));
  if (!slot)
    return -1;
  *slot = p;
  return 0;
}

void ptx_vec_free(ptx_vec *v)
{
  free(v->data);
  v->data = NULL;
  v->n = v->cap = 0;
}
